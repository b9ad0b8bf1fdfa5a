/**
 * Fixed data: the base dataset of seed specs (every knob level except the unseen paraphrase) and the
 * versioned held-out sets `test-id` (the seeds' distribution) and `test-hard` (more hops, more
 * distractors, the unseen wording).
 */
import type { HeldOutSource } from '../held-out-sets.ts';
import type { SeedTask } from '../../interfaces/task.ts';
import { Random } from '../../util/random.ts';
import { multihopSpecFromKnobs } from './knobs.ts';
import { type MultihopSpec, familyOf } from './spec.ts';

/** Fixed seeds of the data (changing them changes the published sets: bump HELD_OUT_VERSION). */
export const SEED_SET_SEED = 20251123;
export const HELD_OUT_SEED = 9073;
export const HELD_OUT_VERSION = 'multihop-heldout-v1';

/** Knob values a spec is drawn from; each list is sampled uniformly. */
export interface SpecDistribution {
  hops: number[];
  answer: string[];
  distractors: number[];
  paraphrase: number[];
}

/** Bridges twice as often as comparisons: multi-hop QA (Bamboogle, the paper's benchmark) is mostly bridges. */
const ANSWERS = ['number', 'entity', 'number', 'entity', 'which', 'yesno'];

/** Paraphrase levels by rarity: the common wording half the time, the alternative a third, the rare one a sixth. */
export const SEED_DISTRIBUTION: SpecDistribution = {
  hops: [2, 2, 2, 3, 3, 4],
  answer: ANSWERS,
  distractors: [0, 1, 2, 4],
  paraphrase: [0, 0, 0, 1, 1, 2],
};
export const HARD_DISTRIBUTION: SpecDistribution = {
  hops: [3, 4, 4],
  answer: ANSWERS,
  distractors: [2, 4],
  paraphrase: [3],
};

/** Draws one spec from a distribution (knob values, then paths from the stream). */
export function drawSpec(distribution: SpecDistribution, random: Random): MultihopSpec {
  const values = {
    hops: random.pick(distribution.hops),
    answer: random.pick(distribution.answer),
    distractors: random.pick(distribution.distractors),
    paraphrase: random.pick(distribution.paraphrase),
  };
  const built = multihopSpecFromKnobs(values, random.int(0, 2 ** 31 - 1));
  if (!built.ok) throw new RangeError(`multihop distribution draws an impossible spec: ${built.reason}`);
  return built.value;
}

/** The base dataset: `count` seed specs drawn from SEED_DISTRIBUTION with a fixed seed. */
export function buildSeeds(count: number): SeedTask<MultihopSpec>[] {
  const random = new Random(SEED_SET_SEED);
  return Array.from({ length: count }, (_, index) => {
    const spec = drawSpec(SEED_DISTRIBUTION, random);
    return { id: `multihop-seed-${String(index).padStart(4, '0')}`, family: familyOf(spec), spec };
  });
}

/** Where the held-out sets are drawn from (their specs change with it: bump HELD_OUT_VERSION). */
export const HELD_OUT: HeldOutSource<SpecDistribution> = {
  seed: HELD_OUT_SEED,
  version: HELD_OUT_VERSION,
  testId: SEED_DISTRIBUTION,
  testHard: HARD_DISTRIBUTION,
};
