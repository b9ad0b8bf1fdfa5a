import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { z } from 'zod';
import { GenEnvError, InvalidFileError } from '../interfaces/errors.ts';
import { describeZodError } from '../interfaces/zod-error.ts';

/** The file name and its parent folder, enough for a user to find the file in one error line. */
function shortName(path: string): string {
  return join(basename(dirname(path)), basename(path));
}

function readText(path: string): string {
  if (!existsSync(path)) throw new InvalidFileError(`${shortName(path)} is missing (${path})`);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new GenEnvError('store', `${shortName(path)} cannot be read: ${(error as Error).message}`, { cause: error });
  }
}

/** Reads a JSON file and validates it; a missing, unparsable or invalid file throws InvalidFileError. */
export function readJsonFile<Schema extends z.ZodType>(path: string, schema: Schema): z.infer<Schema> {
  const text = readText(path);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InvalidFileError(`${shortName(path)} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new InvalidFileError(`${shortName(path)} is malformed: ${describeZodError(parsed.error, '(root)')}`);
  return parsed.data;
}

/** Reads a JSON-lines file (blank lines ignored) and validates every line. */
export function readJsonLinesFile<Schema extends z.ZodType>(path: string, schema: Schema): z.infer<Schema>[] {
  const lines = readText(path).split('\n');
  const values: z.infer<Schema>[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new InvalidFileError(
        `${shortName(path)} line ${index + 1} is not valid JSON: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new InvalidFileError(
        `${shortName(path)} line ${index + 1} is malformed: ${describeZodError(parsed.error, '(root)')}`,
      );
    values.push(parsed.data);
  });
  return values;
}
