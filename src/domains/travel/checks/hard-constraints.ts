import { failure, guarded, NOT_APPLICABLE, PASS, type CheckResult } from './check-result.ts';
import type { TravelSandbox } from './sandbox.ts';
import { evaluatedDays, field, MEALS, PlanShapeError, truthy, type Plan, type PlanDay } from './plan.ts';
import type { TravelQuery } from './query.ts';
import { extractFromTo, flightNumberOf, nameAndCity } from './text-patterns.ts';

/**
 * The five hard-constraint checks of the official `evaluation/hard_constraint.py`, rule for rule
 * (quirks marked). Run only on plans that pass "Complete Information" and "Within Sandbox".
 */

/** Official names of the hard checks, with the paper's names. */
export const HARD_CHECKS = {
  valid_cuisine: 'Cuisine',
  valid_room_rule: 'Room Rule',
  valid_transportation: 'Transportation',
  valid_room_type: 'Room Type',
  valid_cost: 'Budget',
} as const;
export type HardCheck = keyof typeof HARD_CHECKS;

/** `unit[key]` names something (direct access: a missing key is a KeyError as in the official code). */
function named(unit: PlanDay, key: string): string | null {
  const value = field(unit, key);
  return truthy(value) && value !== '-' ? value : null;
}

/**
 * Total cost in dollars of a plan for `peopleNumber` travellers:
 * flights: ticket × people (the first flight with that number, route not checked — official);
 * self-driving: int(km × 0.05) per car × ceil(people / 5); taxi: int(km) per cab × ceil(people / 4);
 * meals: average cost of the first matching restaurant × people;
 * nights: price of the first matching accommodation × ceil(people / its maximum occupancy).
 * Entries that match nothing add 0.
 */
export function totalCost(query: TravelQuery, plan: Plan, database: TravelSandbox): number {
  let total = 0;
  const people = query.peopleNumber;
  for (const unit of evaluatedDays(query, plan)) {
    const transport = named(unit, 'transportation');
    if (transport !== null) {
      const pair = extractFromTo(transport) ?? extractFromTo(field(unit, 'current_city'));
      const lower = transport.toLowerCase();
      if (pair && lower.includes('flight number')) {
        const number = flightNumberOf(transport);
        if (number === null) throw new PlanShapeError(`cannot read the flight number of "${transport}"`);
        const flight = database.flightsByNumber(number)[0];
        if (flight) total += flight.price * people;
      } else if (pair && (lower.includes('self-driving') || lower.includes('taxi'))) {
        const selfDriving = lower.includes('self-driving');
        const cost = database.groundCost(pair[0], pair[1], selfDriving ? 'self-driving' : 'taxi');
        // Official: None × int raises; the sandbox check has already failed such plans.
        if (cost === null) throw new PlanShapeError(`no distance for "${transport}"`);
        total += cost * Math.ceil(people / (selfDriving ? 5 : 4));
      }
    }
    for (const meal of MEALS) {
      const value = named(unit, meal);
      if (value === null) continue;
      const { name, city } = nameAndCity(value);
      const restaurant = database.restaurants(name, city)[0];
      if (restaurant) total += restaurant.averageCost * people;
    }
    const stay = named(unit, 'accommodation');
    if (stay !== null) {
      const { name, city } = nameAndCity(stay);
      const accommodation = database.accommodations(name, city)[0];
      if (accommodation) total += accommodation.price * Math.ceil(people / accommodation.maximumOccupancy);
    }
  }
  return total;
}

const HOUSE_RULE_BANS: Record<string, string> = {
  smoking: 'No smoking',
  parties: 'No parties',
  'children under 10': 'No children under 10',
  visitors: 'No visitors',
  pets: 'No pets',
};

function roomRule(query: TravelQuery, plan: Plan, database: TravelSandbox): CheckResult {
  const rule = query.localConstraint.houseRule;
  if (rule === null) return NOT_APPLICABLE;
  for (const unit of evaluatedDays(query, plan)) {
    const stay = named(unit, 'accommodation');
    if (stay === null) continue;
    const { name, city } = nameAndCity(stay);
    const accommodation = database.accommodations(name, city)[0];
    if (accommodation?.houseRules.includes(HOUSE_RULE_BANS[rule]!)) return failure(`The house rule should be ${rule}.`);
  }
  return PASS;
}

/**
 * Every wanted cuisine is served by some meal outside the origin city (a restaurant's first matching row,
 * substring test on its cuisines). Official quirk: a meal in the origin city skips the rest of that day's
 * meals, not only itself.
 */
function cuisine(query: TravelQuery, plan: Plan, database: TravelSandbox): CheckResult {
  const wanted = query.localConstraint.cuisine;
  if (wanted === null || wanted.length === 0) return NOT_APPLICABLE;
  const served = new Set<string>();
  for (const unit of evaluatedDays(query, plan)) {
    for (const meal of MEALS) {
      const value = named(unit, meal);
      if (value === null) continue;
      const { name, city } = nameAndCity(value);
      if (city === query.org) break;
      const restaurant = database.restaurants(name, city)[0];
      if (restaurant) for (const kind of wanted) if (restaurant.cuisines.includes(kind)) served.add(kind);
    }
  }
  const missing = wanted.find((kind) => !served.has(kind));
  return missing === undefined ? PASS : failure(`The cuisine ${missing} is not satisfied.`);
}

function transportation(query: TravelQuery, plan: Plan): CheckResult {
  const rule = query.localConstraint.transportation;
  if (rule === null) return NOT_APPLICABLE;
  for (const unit of evaluatedDays(query, plan)) {
    const transport = named(unit, 'transportation');
    if (transport === null) continue;
    if (
      (rule === 'no flight' && transport.includes('Flight')) ||
      (rule === 'no self-driving' && transport.includes('Self-driving'))
    ) {
      return failure(`The transportation should not be ${rule}.`);
    }
  }
  return PASS;
}

const ROOM_TYPE_OK: Record<string, (roomType: string) => boolean> = {
  'not shared room': (roomType) => roomType !== 'Shared room',
  'shared room': (roomType) => roomType === 'Shared room',
  'private room': (roomType) => roomType === 'Private room',
  'entire room': (roomType) => roomType === 'Entire home/apt',
};

function roomType(query: TravelQuery, plan: Plan, database: TravelSandbox): CheckResult {
  const wanted = query.localConstraint.roomType;
  if (wanted === null) return NOT_APPLICABLE;
  for (const unit of evaluatedDays(query, plan)) {
    const stay = named(unit, 'accommodation');
    if (stay === null) continue;
    const { name, city } = nameAndCity(stay);
    const accommodation = database.accommodations(name, city)[0];
    if (accommodation && !ROOM_TYPE_OK[wanted]!(accommodation.roomType))
      return failure(`The room type should be ${wanted}.`);
  }
  return PASS;
}

function budget(query: TravelQuery, plan: Plan, database: TravelSandbox): CheckResult {
  const cost = totalCost(query, plan, database);
  return cost <= query.budget ? PASS : failure(`The total cost ${cost} exceeds the budget ${query.budget}.`);
}

/** All five hard checks, in the official key order; null verdicts are constraints the query does not set. */
export function evaluateHardConstraints(
  query: TravelQuery,
  plan: Plan,
  database: TravelSandbox,
): Record<HardCheck, CheckResult> {
  return {
    valid_cuisine: guarded(() => cuisine(query, plan, database)),
    valid_room_rule: guarded(() => roomRule(query, plan, database)),
    valid_transportation: guarded(() => transportation(query, plan)),
    valid_room_type: guarded(() => roomType(query, plan, database)),
    valid_cost: guarded(() => budget(query, plan, database)),
  };
}
