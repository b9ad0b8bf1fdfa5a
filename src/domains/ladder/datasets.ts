/**
 * The ladder's base dataset and held-out sets, each drawn over ranges of the two knobs: seeds and `test-id` on the
 * low rungs, `test-hard` on rungs above what the warm start solves.
 */
import type { HeldOutSet } from '../../interfaces/domain.ts';
import type { SeedTask, TaskInstance } from '../../interfaces/task.ts';
import { Random, deriveSeed } from '../../util/random.ts';
import { drawHeldOutSets } from '../held-out-sets.ts';
import { drawSpec } from './knobs.ts';
import type { LadderSpec } from './spec.ts';
import type { LadderPayload } from './variation.ts';

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
export function buildHeldOutSets(
  size: number,
  worldSeed: number,
  ranges: { seeds: RungRange; hard: RungRange },
  instantiateOne: (spec: LadderSpec, seed: number) => TaskInstance<LadderPayload>,
): HeldOutSet<LadderPayload>[] {
  const describe = (range: RungRange) => `c${range.constraints.join('-')}x${range.distractors.join('-')}`;
  return drawHeldOutSets({
    seed: deriveSeed(worldSeed, 'ladder-held-out'),
    version: `ladder-1-w${worldSeed}-n${size}-${describe(ranges.seeds)}-${describe(ranges.hard)}`,
    size,
    testId: ranges.seeds,
    testHard: ranges.hard,
    drawSpec: drawInRange,
    instantiateOne,
  });
}
