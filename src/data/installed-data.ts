/** The folder `genenv eval` reads a benchmark's data from when no `--data` is given: the data folder's copy. */
import { dataStatus } from './data-status.ts';
import { GenEnvError } from '../interfaces/errors.ts';
import { dataFolder, displayPath } from './data-folder.ts';
import { manifestOf } from './manifests/index.ts';

/**
 * `<data folder>/<name>` when every file there is verified; otherwise a one-line error naming the command that
 * fetches it.
 */
export async function installedDataPath(name: string, folder: string = dataFolder()): Promise<string> {
  const status = await dataStatus(manifestOf(name), folder);
  const remedy = `run genenv data fetch ${name} (or pass --data <folder>)`;
  if (status.state === 'missing')
    throw new GenEnvError('benchmark', `no ${name} data in ${displayPath(status.folder)}: ${remedy}`);
  if (status.state === 'corrupt') {
    const more = status.problems.length > 1 ? ` and ${status.problems.length - 1} more` : '';
    throw new GenEnvError(
      'benchmark',
      `${name} data in ${displayPath(status.folder)} is incomplete or corrupt (${status.problems[0]}${more}): ${remedy}`,
    );
  }
  return status.folder;
}
