import type { z } from 'zod';
import { describeZodErrorAt, GenEnvError, unknownKeyError } from '../interfaces/index.ts';

/**
 * Validates backend options; a bad value becomes one readable config error line that names it where the run config
 * holds it (`at`, e.g. `agent.options`): `agent.options.slope: Too small: …`, or for an unknown key
 * `agent.options.learningRte: unknown key; did you mean learningRate?`.
 */
export function parseOptions<Schema extends z.ZodType>(schema: Schema, options: unknown, at: string): z.infer<Schema> {
  const parsed = schema.safeParse(options ?? {}, { error: unknownKeyError });
  if (parsed.success) return parsed.data;
  throw new GenEnvError('config', describeZodErrorAt(parsed.error, at));
}
