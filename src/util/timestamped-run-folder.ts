import { join } from 'node:path';

/**
 * The folder a command writes to when given no `--out`: `runs/<UTC time>-<label>`, e.g.
 * `runs/2026-11-26_09-41-07-ladder`. To the second and in that order, so the folders sort by time; no colon, which
 * some file systems refuse.
 */
export function timestampedRunFolder(label: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-').replace('T', '_').slice(0, 19);
  return join('runs', `${stamp}-${label}`);
}
