/**
 * The fixed data of the domain: the base dataset of seed specs (drawn over every knob level, weighted toward short
 * trips; one in ten fixes its destination, as a user might) and the versioned held-out sets `test-id` (the seeds'
 * distribution, no fixed places) and `test-hard` (five- and seven-day trips through two or three cities, two to four
 * constraints, tight budgets, two distractors per category, groups of two to six).
 */
import type { HeldOutSource } from '../held-out-sets.ts';
import type { SeedTask } from '../../interfaces/task.ts';
import { Random } from '../../util/random.ts';
import { drawConstraints } from './knobs.ts';
import { BUDGET_LEVELS, TravelSpecSchema, validShape, CITY_LEVELS, type BudgetLevel, type TravelSpec } from './spec.ts';
import { solve } from './solver.ts';
import type { TravelWorld } from './world.ts';

/** Fixed seeds of the data (changing them changes the published sets: bump HELD_OUT_VERSION). */
export const SEED_SET_SEED = 20260317;
export const HELD_OUT_SEED = 7331;
export const HELD_OUT_VERSION = 'travel-heldout-v1';

/** Ranges a spec is drawn from; each list is sampled uniformly (cities among those valid for the days). */
export interface SpecDistribution {
  days: readonly number[];
  cities: readonly number[];
  people: readonly number[];
  constraints: readonly number[];
  budget: readonly BudgetLevel[];
  distractors: readonly number[];
  /** Probability that the destination is fixed. */
  fixedDestination: number;
}

/**
 * Every level appears, weighted toward short trips, few constraints and few distractors (two-day trips 3 in 8, three
 * days 2 in 8, four, five and seven days 1 in 8 each; no distractors half the time): a small agent learns the plan
 * syntax and copying on short plans, and the simulator starts from specs the agent can partly solve.
 */
export const SEED_DISTRIBUTION: SpecDistribution = {
  days: [2, 2, 2, 3, 3, 4, 5, 7],
  cities: CITY_LEVELS,
  people: [1, 1, 2, 2, 3, 4],
  constraints: [0, 0, 1, 1, 2, 3, 4],
  budget: BUDGET_LEVELS,
  distractors: [0, 0, 1, 2],
  fixedDestination: 0.1,
};
export const TEST_ID_DISTRIBUTION: SpecDistribution = { ...SEED_DISTRIBUTION, fixedDestination: 0 };
export const HARD_DISTRIBUTION: SpecDistribution = {
  days: [5, 7],
  cities: [2, 3],
  people: [2, 3, 4, 5, 6],
  constraints: [2, 3, 4],
  budget: ['tight'],
  distractors: [2],
  fixedDestination: 0,
};

/**
 * Draws one valid spec from a distribution. A fixed destination is the state (or, for a one-city trip, the city) of
 * a route the solver found for the spec, so it stays feasible.
 */
export function drawSpec(distribution: SpecDistribution, world: TravelWorld, random: Random): TravelSpec {
  const days = random.pick(distribution.days);
  const cities = random.pick(distribution.cities.filter((count) => validShape(days, count)));
  const spec = TravelSpecSchema.parse({
    days,
    cities,
    people: random.pick(distribution.people),
    budget: random.pick(distribution.budget),
    distractors: random.pick(distribution.distractors),
    ...drawConstraints(random, random.pick(distribution.constraints)),
    origin: null,
    destination: null,
  });
  if (random.next() >= distribution.fixedDestination) return spec;
  const solved = solve(world, spec, random);
  if (!solved.ok) return spec;
  const destination = cities === 1 ? solved.value.stops[0]!.city : solved.value.state;
  return { ...spec, destination };
}

/** The family of a spec: its trip shape, e.g. `d5c2`. */
export function travelFamily(spec: TravelSpec): string {
  return `d${spec.days}c${spec.cities}`;
}

/** The base dataset: `count` seed specs drawn from SEED_DISTRIBUTION with a fixed seed. */
export function buildSeeds(count: number, world: TravelWorld): SeedTask<TravelSpec>[] {
  const random = new Random(SEED_SET_SEED);
  return Array.from({ length: count }, (_, index) => {
    const spec = drawSpec(SEED_DISTRIBUTION, world, random);
    return { id: `travel-seed-${String(index).padStart(4, '0')}`, family: travelFamily(spec), spec };
  });
}

/** Where the held-out sets are drawn from (their specs change with it: bump HELD_OUT_VERSION). */
export const HELD_OUT: HeldOutSource<SpecDistribution> = {
  seed: HELD_OUT_SEED,
  version: HELD_OUT_VERSION,
  testId: TEST_ID_DISTRIBUTION,
  testHard: HARD_DISTRIBUTION,
};
