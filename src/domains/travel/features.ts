/**
 * Difficulty features of a spec (for reports and curricula) and the scalar difficulty derived from them (used by the
 * simulated student; 0 = a two-day trip with nothing asked, about 7 = a week through three cities with every
 * constraint, a tight budget and two distractors per category).
 */
import type { Features } from '../../interfaces/task.ts';
import { nightsPerCity } from './route.ts';
import { BUDGET_LEVELS, specConstraintCount, type TravelSpec } from './spec.ts';

/** Scalar difficulty ≥ 0: plan length first (a full day is a line of five entries), then constraints and choice. */
export function difficultyOf(features: Features): number {
  const value =
    0.3 * features.fullDays! +
    0.2 * (features.days! - 2) +
    0.4 * (features.cities! - 1) +
    0.5 * features.constraints! +
    0.2 * features.cuisines! +
    0.4 * features.budgetTightness! +
    0.4 * features.distractors! +
    0.05 * (features.people! - 1);
  return Math.round(value * 1000) / 1000;
}

/**
 * Features: days, cities, people, constraints (local constraint types set, 0–4), cuisines asked, budgetTightness
 * (0 loose, 1 medium, 2 tight), distractors (extra entries per category), fullDays (days with three meals and a sight),
 * planEntries (entries the reference plan must name at least) and difficulty.
 */
export function travelFeatures(spec: TravelSpec): Features {
  const nights = nightsPerCity(spec.days, spec.cities);
  const fullDays = nights.reduce((sum, count) => sum + count - 1, 0);
  const features: Features = {
    days: spec.days,
    cities: spec.cities,
    people: spec.people,
    constraints: specConstraintCount(spec),
    cuisines: spec.cuisines.length,
    budgetTightness: BUDGET_LEVELS.indexOf(spec.budget),
    distractors: spec.distractors,
    fullDays,
    // A transport per travel day, a stay per night's city, four entries per full day.
    planEntries: spec.cities + 1 + spec.cities + 4 * fullDays,
  };
  features.difficulty = difficultyOf(features);
  return features;
}
