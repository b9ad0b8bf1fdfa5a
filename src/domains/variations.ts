/**
 * The frame every domain's `instantiate` shares: check n, check the spec against its schema, then build the n
 * variations one by one, each verified by the domain; the first that cannot be built gives the reason.
 */
import type { z } from 'zod';
import { GenEnvError } from '../interfaces/errors.ts';
import type { InstantiateResult, TaskInstance } from '../interfaces/task.ts';
import { describeZodError } from '../interfaces/zod-error.ts';

/** One built variation, or why it cannot be made. */
export type VariationResult<Payload> = { ok: true; instance: TaskInstance<Payload> } | { ok: false; reason: string };

/**
 * n (an integer in 1..maxVariations) verified variations of `spec`. `variation(valid, index)` builds the index-th
 * (0-based) from the schema's parsed spec; it is called with index 0..n−1 in order. Never throws for bad input.
 */
export function instantiateVariations<Spec, Payload>(
  schema: z.ZodType<Spec>,
  spec: unknown,
  n: number,
  maxVariations: number,
  variation: (valid: Spec, index: number) => VariationResult<Payload>,
): InstantiateResult<Payload> {
  if (!Number.isInteger(n) || n < 1 || n > maxVariations)
    return { ok: false, reason: `n must be an integer in 1..${maxVariations}, got ${n}` };
  const checked = schema.safeParse(spec);
  if (!checked.success) return { ok: false, reason: `invalid spec: ${describeZodError(checked.error)}` };
  const instances: TaskInstance<Payload>[] = [];
  for (let index = 0; index < n; index++) {
    const built = variation(checked.data, index);
    if (!built.ok) return { ok: false, reason: built.reason };
    instances.push(built.instance);
  }
  return { ok: true, instances };
}

/**
 * The one instance of a held-out spec. Held-out specs are fixed by the domain, so one that fails is a bug in the
 * domain: GenEnvError('internal') naming the domain and the reason.
 */
export function heldOutInstance<Payload>(domain: string, result: InstantiateResult<Payload>): TaskInstance<Payload> {
  if (!result.ok) throw new GenEnvError('internal', `${domain} held-out spec failed: ${result.reason}`);
  const instance = result.instances[0];
  if (!instance) throw new GenEnvError('internal', `${domain} held-out spec gave no instance`);
  return instance;
}
