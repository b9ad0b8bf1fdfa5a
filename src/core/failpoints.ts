/**
 * Fault injection for crash tests: GENENV_FAILPOINT=<name>:<epoch> makes the process kill itself with
 * SIGKILL (as `kill -9` would) when the loop reaches that point of that epoch. Names:
 * `before-commit` (checkpoint written, database not yet committed) and `after-commit` (epoch committed,
 * outputs not yet re-rendered). Unset in normal use; costs one string comparison per point.
 */
export function failpoint(name: 'before-commit' | 'after-commit', epoch: number): void {
  const wanted = process.env.GENENV_FAILPOINT;
  if (wanted && wanted === `${name}:${epoch}`) process.kill(process.pid, 'SIGKILL');
}
