/**
 * A stored run's config.json as the store reads it back (`StoredRunConfigSchema`: renamed options under their new
 * names, removed ones at their "off" value dropped), so a suite reads runs made before a rename; a file that is not a
 * run's config is an InvalidFileError naming it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GenEnvError, type RunConfig } from '../src/index.ts';
import { describeZodError, StoredRunConfigSchema } from '../src/internal.ts';

/** The run config stored in `directory`/config.json. */
export function readStoredRunConfig(directory: string): RunConfig {
  const path = join(directory, 'config.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new GenEnvError('invalid-file', `${path}: cannot read a run config (${(error as Error).message})`, {
      cause: error,
    });
  }
  const parsed = StoredRunConfigSchema.safeParse(raw);
  if (!parsed.success)
    throw new GenEnvError('invalid-file', `${path} is not a run config: ${describeZodError(parsed.error)}`, {
      cause: parsed.error,
    });
  return parsed.data;
}
