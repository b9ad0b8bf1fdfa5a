import type { z } from 'zod';
import { GenEnvError, firstZodIssue } from '../interfaces/index.ts';

/** Validates backend options; a bad value becomes one readable config error line. */
export function parseOptions<Schema extends z.ZodType>(
  schema: Schema,
  options: unknown,
  owner: string,
): z.infer<Schema> {
  const parsed = schema.safeParse(options ?? {});
  if (parsed.success) return parsed.data;
  const { path, message } = firstZodIssue(parsed.error);
  throw new GenEnvError('config', `${owner} option${path ? ` "${path}"` : 's'}: ${message}`);
}
