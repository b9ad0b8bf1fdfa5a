/**
 * The fixed data of the domain: the base dataset of seed specs (drawn across all difficulty levels
 * except the unseen phrasing) and the versioned held-out sets `test-id` (same distribution as the
 * seeds) and `test-hard` (chains of 2–3, unseen phrasing, 6 distractors, values in words, context).
 */
import type { HeldOutSource } from '../held-out-sets.ts';
import type { SeedTask } from '../../interfaces/task.ts';
import { Random } from '../../util/random.ts';
import { INTENTS, intentById, intentTools } from './intents.ts';
import { fillSlots } from './slots.ts';
import { ToolWorldSpecSchema, type ToolWorldSpec } from './spec.ts';
import { TOOL_NAMES } from './tools.ts';
import type { WorldState } from './world.ts';

/** Fixed seeds of the data (changing them changes the published sets: bump HELD_OUT_VERSION). */
export const SEED_SET_SEED = 20251121;
export const HELD_OUT_SEED = 9071;
export const HELD_OUT_VERSION = 'toolworld-heldout-v1';

/** Ranges a spec is drawn from; each list is sampled uniformly. */
export interface SpecDistribution {
  chain: number[];
  distractors: number[];
  words: number[];
  phrasing: number[];
  context: number[];
  /** Probability that one slot value is fixed in the spec. */
  fixedSlot: number;
}

export const SEED_DISTRIBUTION: SpecDistribution = {
  chain: [1, 2, 3],
  distractors: [0, 1, 2, 4, 6],
  words: [0, 1, 2],
  phrasing: [0, 1, 2],
  context: [0, 1, 2],
  fixedSlot: 0.3,
};
export const HARD_DISTRIBUTION: SpecDistribution = {
  chain: [2, 3, 3],
  distractors: [6],
  words: [1, 2],
  phrasing: [3],
  context: [1, 2],
  fixedSlot: 0,
};

/** Draws one valid spec from a distribution. */
export function drawSpec(distribution: SpecDistribution, world: WorldState, random: Random): ToolWorldSpec {
  const chain = random.pick(distribution.chain);
  const item = random.pick(INTENTS.filter((candidate) => candidate.calls.length === chain));
  const used = new Set(intentTools(item));
  const distractors = random
    .shuffle(TOOL_NAMES.filter((name) => !used.has(name)))
    .slice(0, random.pick(distribution.distractors));
  const slots: Record<string, string> = {};
  if (random.next() < distribution.fixedSlot) {
    const name = random.pick(Object.keys(item.slots));
    slots[name] = fillSlots(item.slots, {}, world, random)[name]!;
  }
  return ToolWorldSpecSchema.parse({
    intent: item.id,
    distractors,
    phrasing: random.pick(distribution.phrasing),
    words: random.pick(distribution.words),
    context: random.pick(distribution.context),
    slots,
  });
}

/** The base dataset: `count` seed specs drawn from SEED_DISTRIBUTION with a fixed seed. */
export function buildSeeds(count: number, world: WorldState): SeedTask<ToolWorldSpec>[] {
  const random = new Random(SEED_SET_SEED);
  return Array.from({ length: count }, (_, index) => {
    const spec = drawSpec(SEED_DISTRIBUTION, world, random);
    return { id: `toolworld-seed-${String(index).padStart(4, '0')}`, family: intentById(spec.intent)!.family, spec };
  });
}

/** Where the held-out sets are drawn from (their specs change with it: bump HELD_OUT_VERSION). */
export const HELD_OUT: HeldOutSource<SpecDistribution> = {
  seed: HELD_OUT_SEED,
  version: HELD_OUT_VERSION,
  testId: SEED_DISTRIBUTION,
  testHard: HARD_DISTRIBUTION,
};
