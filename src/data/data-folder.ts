/**
 * The data folder: one subfolder per benchmark, laid out as its manifest says. `GENENV_DATA_DIR` names it;
 * otherwise it is `genenv/data` in the user's cache folder (`XDG_CACHE_HOME`, else `~/.cache`).
 */
import { homedir } from 'node:os';
import { join, resolve, sep } from 'node:path';

/** The data folder for an environment (default: this process's). */
export function dataFolder(environment: NodeJS.ProcessEnv = process.env): string {
  if (environment.GENENV_DATA_DIR) return resolve(environment.GENENV_DATA_DIR);
  const cache = environment.XDG_CACHE_HOME ? resolve(environment.XDG_CACHE_HOME) : join(homedir(), '.cache');
  return join(cache, 'genenv', 'data');
}

/** The folder of one benchmark's data inside a data folder. */
export function benchmarkFolder(name: string, folder: string = dataFolder()): string {
  return join(folder, name);
}

/** A path as a user reads it: the home folder as `~`. */
export function displayPath(path: string): string {
  const home = homedir();
  return path === home || path.startsWith(home + sep) ? `~${path.slice(home.length)}` : path;
}
