/**
 * The ladder's base dataset and held-out sets, each drawn over ranges of the two knobs: seeds and `test-id` on the
 * low rungs, `test-hard` on rungs above what the warm start solves.
 */
import type { SeedTask } from '../../interfaces/task.ts';
import { Random, deriveSeed } from '../../util/random.ts';
import type { HeldOutDraw } from '../held-out-sets.ts';
import { drawSpec } from './knobs.ts';
import type { LadderSpec } from './spec.ts';

/** Inclusive ranges of the two knobs that a set's specs are drawn from (each uniformly). */
export interface RungRange {
  constraints: readonly [number, number];
  distractors: readonly [number, number];
}

/** The one family of the ladder: every task type finds a person and acts on them. */
export const LADDER_FAMILY = 'find';

export const drawInRange = (range: RungRange, random: Random): LadderSpec =>
  drawSpec(random.int(...range.constraints), random.int(...range.distractors), random);

/** `count` seed tasks drawn over `range` from the world seed. */
export function buildSeeds(count: number, range: RungRange, worldSeed: number): SeedTask<LadderSpec>[] {
  const random = new Random(deriveSeed(worldSeed, 'ladder-seeds'));
  return Array.from({ length: count }, (_, index) => ({
    id: `ladder-seed-${index}`,
    family: LADDER_FAMILY,
    spec: drawInRange(range, random),
  }));
}

/** `test-id` over the seeds' range and `test-hard` over `hard`, `size` instances each. */
export function heldOutDraw(
  size: number,
  worldSeed: number,
  ranges: { seeds: RungRange; hard: RungRange },
): HeldOutDraw<LadderSpec, RungRange> {
  const describe = (range: RungRange) => `c${range.constraints.join('-')}x${range.distractors.join('-')}`;
  return {
    seed: deriveSeed(worldSeed, 'ladder-held-out'),
    version: `ladder-1-w${worldSeed}-n${size}-${describe(ranges.seeds)}-${describe(ranges.hard)}`,
    size,
    testId: ranges.seeds,
    testHard: ranges.hard,
    drawSpec: drawInRange,
  };
}
