import { readFileSync } from 'node:fs';

/**
 * Whether a process with this pid is alive: it exists (one we may not signal still does) and is no zombie, a process
 * that has ended but whose parent has not collected its exit status (a container whose first process reaps nothing
 * keeps those forever). Zombies are told where /proc tells them (Linux).
 */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

/** Whether /proc/<pid>/stat gives the state of a process that has ended: Z (zombie) or X (dead). */
function isZombie(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  // The state follows the command name, which is in parentheses and may itself hold parentheses and spaces.
  const state = stat.slice(stat.lastIndexOf(')') + 1).trim()[0];
  return state === 'Z' || state === 'X';
}
