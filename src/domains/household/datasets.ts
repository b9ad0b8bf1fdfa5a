/**
 * Fixed data: the base dataset of seed specs and the versioned held-out sets `test-id` (the seeds'
 * distribution) and `test-hard` (more receptacles, deeper targets, more closed containers).
 */
import type { HeldOutSource } from '../held-out-sets.ts';
import type { SeedTask } from '../../interfaces/task.ts';
import { Random } from '../../util/random.ts';
import { DESTINATIONS, LAMP_HOLDERS, TARGETS, TASKS } from './catalogue.ts';
import { HouseholdSpecSchema, type HouseholdSpec } from './spec.ts';

export const SEED_SET_SEED = 20251122;
export const HELD_OUT_SEED = 9072;
export const HELD_OUT_VERSION = 'household-heldout-v2';

interface SpecDistribution {
  receptacles: number[];
  depth: number[];
  distractors: number[];
  closed: number[];
}

const SEED_DISTRIBUTION: SpecDistribution = {
  receptacles: [2, 3, 4],
  depth: [1, 1, 2, 3],
  distractors: [0, 1, 2, 3],
  closed: [0, 0, 1, 2],
};
const HARD_DISTRIBUTION: SpecDistribution = {
  receptacles: [5, 6],
  depth: [3, 4, 5],
  distractors: [3, 4, 6],
  closed: [2, 3],
};

/** Draws one spec from a distribution. */
export function drawSpec(distribution: SpecDistribution, random: Random): HouseholdSpec {
  const task = random.pick(TASKS);
  const receptacles = random.pick(distribution.receptacles);
  return HouseholdSpecSchema.parse({
    task,
    object: random.pick(TARGETS[task]),
    destination: random.pick(task === 'look' ? LAMP_HOLDERS : DESTINATIONS),
    receptacles,
    position: Math.min(random.pick(distribution.depth), receptacles),
    distractors: random.pick(distribution.distractors),
    closed: Math.min(random.pick(distribution.closed), receptacles),
  });
}

export function buildSeeds(count: number): SeedTask<HouseholdSpec>[] {
  const random = new Random(SEED_SET_SEED);
  return Array.from({ length: count }, (_, index) => {
    const spec = drawSpec(SEED_DISTRIBUTION, random);
    return { id: `household-seed-${String(index).padStart(4, '0')}`, family: spec.task, spec };
  });
}

/** Where the held-out sets are drawn from (their specs change with it: bump HELD_OUT_VERSION). */
export const HELD_OUT: HeldOutSource<SpecDistribution> = {
  seed: HELD_OUT_SEED,
  version: HELD_OUT_VERSION,
  testId: SEED_DISTRIBUTION,
  testHard: HARD_DISTRIBUTION,
};
