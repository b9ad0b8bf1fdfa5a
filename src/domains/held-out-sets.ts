/**
 * How every generated domain draws its fixed held-out sets: per set, its own random stream (from the domain's
 * held-out seed and the set's name) draws `size` specs, and each spec gets one instance from its own derived seed.
 * The sets are reproducible from (seed, name, size) alone, and one set's size never changes another's specs.
 */
import type { HeldOutSet } from '../interfaces/domain.ts';
import type { TaskInstance } from '../interfaces/task.ts';
import { Random, deriveSeed } from '../util/random.ts';

/**
 * How a domain draws its two held-out sets. The distribution's type is read from `drawSpec`'s parameter alone, so a
 * set that does not match it is refused where it is written (`testId: 'three to five'` beside a draw over `number[]`).
 */
export interface HeldOutDraw<Spec, Distribution = unknown> {
  /** The domain's held-out seed: every set's stream derives from it and the set's name. */
  seed: number;
  /** The sets' version (names the size, and the world where there is one). */
  version: string;
  /** Instances per set. */
  size: number;
  /** Where `test-id` draws its specs (the seeds' distribution, or close to it). */
  testId: NoInfer<Distribution>;
  /** Where `test-hard` draws its specs (knob values kept out of the seeds). */
  testHard: NoInfer<Distribution>;
  drawSpec(distribution: Distribution, random: Random): Spec;
}

/** A held-out draw and how one drawn spec becomes its instance. */
export interface HeldOutPlan<Distribution, Spec, Payload> extends HeldOutDraw<Spec, Distribution> {
  /** Throws when a fixed spec fails (a bug in the domain), as `heldOutInstance` does. */
  instantiateOne: (spec: Spec, seed: number) => TaskInstance<Payload>;
}

/** The held-out sets `test-id` and `test-hard`, `size` instances each (one per drawn spec). */
export function drawHeldOutSets<Distribution, Spec, Payload>(
  plan: HeldOutPlan<Distribution, Spec, Payload>,
): HeldOutSet<Payload>[] {
  const sets: [string, Distribution][] = [
    ['test-id', plan.testId],
    ['test-hard', plan.testHard],
  ];
  return sets.map(([name, distribution]) => {
    const random = new Random(deriveSeed(plan.seed, name));
    const instances = Array.from({ length: plan.size }, (_, index) =>
      plan.instantiateOne(plan.drawSpec(distribution, random), deriveSeed(plan.seed, name, index)),
    );
    return { name, version: plan.version, instances };
  });
}

/** The fixed part of a held-out draw: its seed, the version its sets extend, and the two sets' distributions. */
export interface HeldOutSource<Distribution> {
  seed: number;
  version: string;
  testId: Distribution;
  testHard: Distribution;
}

/**
 * The draw of `size` specs a set from `source` by `drawSpec`, versioned `<version>-n<size>`, and `-w<world seed>` after
 * it for a generated world (the sets differ by world).
 */
export function sizedHeldOutDraw<Spec, Distribution>(
  source: HeldOutSource<Distribution>,
  drawSpec: (distribution: Distribution, random: Random) => Spec,
  size: number,
  worldSeed?: number,
): HeldOutDraw<Spec, Distribution> {
  const world = worldSeed === undefined ? '' : `-w${worldSeed}`;
  return { ...source, version: `${source.version}-n${size}${world}`, size, drawSpec };
}
