/**
 * The clauses world's base dataset and held-out sets, each drawn over a range of composition lengths: seeds and
 * `test-id` on short compositions, `test-hard` on longer ones above what the warm start solves.
 */
import type { SeedTask } from '../../interfaces/task.ts';
import { Random, deriveSeed } from '../../util/random.ts';
import type { HeldOutDraw } from '../held-out-sets.ts';
import { type ClauseRange, drawInRange } from './draws.ts';
import type { ClausesSpec } from './spec.ts';

/** The one family of the world: every task type finds a person and acts on them. */
export const CLAUSES_FAMILY = 'find';

/** `count` seed tasks drawn over `range` from the world seed. */
export function buildSeeds(count: number, range: ClauseRange, worldSeed: number): SeedTask<ClausesSpec>[] {
  const random = new Random(deriveSeed(worldSeed, 'clauses-seeds'));
  return Array.from({ length: count }, (_, index) => ({
    id: `clauses-seed-${index}`,
    family: CLAUSES_FAMILY,
    spec: drawInRange(range, random),
  }));
}

/** `test-id` over the seeds' range and `test-hard` over `hard`, `size` instances each. */
export function heldOutDraw(
  size: number,
  worldSeed: number,
  ranges: { seeds: ClauseRange; hard: ClauseRange },
): HeldOutDraw<ClausesSpec, ClauseRange> {
  const describe = (range: ClauseRange) => `c${range.clauses.join('-')}`;
  return {
    seed: deriveSeed(worldSeed, 'clauses-held-out'),
    version: `clauses-1-w${worldSeed}-n${size}-${describe(ranges.seeds)}-${describe(ranges.hard)}`,
    size,
    testId: ranges.seeds,
    testHard: ranges.hard,
    drawSpec: drawInRange,
  };
}
