/**
 * One process at a time per run directory. Two writers would interleave their epochs in run.sqlite (the second
 * fails on a duplicate trace) and a resume clears the checkpoints of epochs not yet committed, so a second
 * `--resume` of a live run would delete the first run's checkpoint in progress. `run.lock` holds the owner's pid;
 * a lock whose process is gone (killed, crashed) is taken over.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GenEnvError } from '../interfaces/errors.ts';
import { processExists } from '../util/process-exists.ts';

export const LOCK_FILE = 'run.lock';

/** The pid written in a lock file, or null when the file is unreadable or holds no pid. */
function lockOwner(path: string): number | null {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Claims `directory` for this process and returns the function that releases it. Throws GenEnvError('store')
 * naming the owner when another live process holds it. Claiming a directory this process already holds succeeds.
 */
export function claimRunDirectory(directory: string): () => void {
  const path = join(directory, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      return () => {
        if (lockOwner(path) === process.pid) rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new GenEnvError('store', `cannot lock ${directory}: ${(error as Error).message}`, { cause: error });
    }
    const owner = lockOwner(path);
    if (owner === process.pid) return () => {};
    if (owner !== null && processExists(owner))
      throw new GenEnvError(
        'store',
        `${directory} is in use by process ${owner}; wait for it to end (or delete ${path} if no genenv runs there)`,
      );
    rmSync(path, { force: true });
  }
  throw new GenEnvError('store', `cannot lock ${directory}: another process claimed it at the same moment`);
}
