import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { describeZodError, GenEnvError } from '../interfaces/index.ts';

/** Reads and validates a JSON checkpoint file; anything wrong is one `policy` error line naming the file. */
export async function readCheckpointJson<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  owner: string,
): Promise<z.infer<Schema>> {
  let state: unknown;
  try {
    state = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new GenEnvError('policy', `cannot read ${owner} checkpoint ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const parsed = schema.safeParse(state);
  if (!parsed.success)
    throw new GenEnvError('policy', `${owner} checkpoint ${path} is malformed: ${describeZodError(parsed.error)}`);
  return parsed.data;
}
