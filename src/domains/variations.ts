/**
 * The frame every domain's `instantiate` shares: check n, check the spec against its schema, then build the n
 * variations one by one, each verified by the domain; the first that cannot be built gives the reason.
 */
import type { z } from 'zod';
import { GenEnvError } from '../interfaces/errors.ts';
import type { Features, InstantiateResult, TaskInstance } from '../interfaces/task.ts';
import { describeZodError } from '../interfaces/zod-error.ts';

/**
 * A variation as a world builds it: its id (a pure function of spec, seed and index) and payload, and its family and
 * features where they are not those of its spec; `defineDomain` fills them from the world's `family(spec)` and
 * `features(spec)` otherwise.
 */
export interface Variation<Payload> {
  id: string;
  payload: Payload;
  /** The instance's family, when not `family(spec)`. */
  family?: string;
  /** The instance's difficulty features, when not `features(spec)` (e.g. with the length of its reference plan). */
  features?: Features;
}

/** One built variation, or why it cannot be made. */
export type VariationResult<Payload> = { ok: true; instance: Variation<Payload> } | { ok: false; reason: string };

/** One built instance, or why it cannot be made. */
export type InstanceResult<Payload> = { ok: true; instance: TaskInstance<Payload> } | { ok: false; reason: string };

/**
 * The task instance of a variation of `spec`: the variation itself when it states its family and features (kept as
 * it is, so a world that states them stores the same instances), else one with them filled from the spec.
 */
export function completeVariation<Spec, Payload>(
  spec: Spec,
  variation: Variation<Payload>,
  world: { family(spec: Spec): string; features(spec: Spec): Features },
): TaskInstance<Payload> {
  const { id, family, features, payload } = variation;
  if (family !== undefined && features !== undefined) return variation as TaskInstance<Payload>;
  return { id, family: family ?? world.family(spec), features: features ?? world.features(spec), payload };
}

/**
 * n (an integer in 1..maxVariations) verified variations of `spec`. `variation(valid, index)` builds the index-th
 * (0-based) from the schema's parsed spec; it is called with index 0..n−1 in order. Never throws for bad input.
 */
export function instantiateVariations<Spec, Payload>(
  schema: z.ZodType<Spec>,
  spec: unknown,
  n: number,
  maxVariations: number,
  variation: (valid: Spec, index: number) => InstanceResult<Payload>,
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
