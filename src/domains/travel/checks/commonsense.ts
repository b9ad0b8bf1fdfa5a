import { failure, guarded, PASS, type CheckResult } from './check-result.ts';
import type { TravelSandbox } from './sandbox.ts';
import {
  evaluatedDays,
  field,
  filled,
  has,
  MEALS,
  NOTHING_TO_FILL,
  PlanShapeError,
  truthy,
  type Plan,
} from './plan.ts';
import type { TravelQuery } from './query.ts';
import {
  extractBeforeParenthesis,
  extractFromTo,
  flightNumberOf,
  nameAndCity,
  transportationMode,
} from './text-patterns.ts';

/**
 * The eight commonsense checks of the official `evaluation/commonsense_constraint.py`, rule for rule —
 * including its quirks (each is marked "official quirk"), because the published pass rates come from them.
 * Every check looks at the first min(days, plan length) days only.
 */

/** Official names of the commonsense checks (the keys of its result dict), with the paper's names. */
export const COMMONSENSE_CHECKS = {
  is_reasonable_visiting_city: 'Reasonable City Route',
  is_valid_restaurants: 'Diverse Restaurants',
  is_valid_attractions: 'Diverse Attractions',
  is_valid_accommodation: 'Minimum Nights Stay',
  is_valid_transportation: 'Non-conf. Transportation',
  is_valid_information_in_current_city: 'Within Current City',
  is_valid_information_in_sandbox: 'Within Sandbox',
  is_not_absent: 'Complete Information',
} as const;
export type CommonsenseCheck = keyof typeof COMMONSENSE_CHECKS;

/** The two cities of "from A to B" without parentheses; a KeyError-like failure when the phrase is absent. */
function fromToCities(text: string): [string, string] {
  const pair = extractFromTo(text);
  if (!pair) throw new PlanShapeError(`cannot read "from A to B" in "${text}"`);
  return [extractBeforeParenthesis(pair[0]), extractBeforeParenthesis(pair[1])];
}

/** Attraction entries of a day: split on ";" and drop the last piece (official: entries end with ";"). */
export function attractionEntries(value: string): string[] {
  return value.split(';').slice(0, -1);
}

/**
 * Cities appear in one run each (first and last excepted), every inner city at least twice in a row,
 * and at least three entries — official `is_valid_city_sequence`.
 */
export function isValidCitySequence(cities: readonly string[]): boolean {
  if (cities.length < 3) return false;
  const visited = new Set<string>();
  let position = 0;
  while (position < cities.length) {
    const city = cities[position]!;
    if (visited.has(city) && position !== 0 && position !== cities.length - 1) return false;
    let count = 0;
    while (position < cities.length && cities[position] === city) {
      count++;
      position++;
    }
    if (count === 1 && position - 1 > 0 && position - 1 < cities.length - 1) return false;
    visited.add(city);
  }
  return true;
}

function reasonableVisitingCity(query: TravelQuery, plan: Plan, database: TravelSandbox): CheckResult {
  const cities: string[] = [];
  for (const [day, unit] of evaluatedDays(query, plan).entries()) {
    const value = field(unit, 'current_city');
    if (value.includes('from')) {
      const [origin, destination] = fromToCities(value);
      if (day === 0 && origin !== query.org) return failure(`The first day's city should be ${query.org}.`);
      cities.push(origin, destination);
    } else {
      cities.push(extractBeforeParenthesis(value));
    }
  }
  if (cities.length === 0) throw new PlanShapeError('no current_city on any day');
  if (cities[0] !== cities[cities.length - 1]) return failure('The trip should be a closed circle.');
  if (!isValidCitySequence(cities)) return failure('The city sequence is invalid.');
  for (const [position, city] of cities.entries()) {
    const state = database.cityStates.get(city);
    if (state === undefined) return failure(`${city} is not a valid city.`);
    if (position !== 0 && position !== cities.length - 1 && query.days > 3 && state !== query.dest) {
      return failure(`${city} is not in ${query.dest}.`);
    }
  }
  return PASS;
}

function diverseRestaurants(query: TravelQuery, plan: Plan): CheckResult {
  const seen = new Set<string>();
  for (const [day, unit] of evaluatedDays(query, plan).entries()) {
    for (const meal of MEALS) {
      if (!filled(unit, meal)) continue;
      const name = String(unit[meal]);
      if (seen.has(name)) return failure(`The restaurant in day ${day + 1} ${meal} is repeated.`);
      seen.add(name);
    }
  }
  return PASS;
}

function diverseAttractions(query: TravelQuery, plan: Plan): CheckResult {
  const seen = new Set<string>();
  for (const [day, unit] of evaluatedDays(query, plan).entries()) {
    if (!filled(unit, 'attraction')) continue;
    for (const attraction of attractionEntries(String(unit.attraction))) {
      if (seen.has(attraction)) return failure(`The attraction '${attraction}' in day ${day + 1} is repeated.`);
      seen.add(attraction);
    }
  }
  return PASS;
}

/**
 * Consecutive stays at one accommodation must last at least its minimum nights (only when the name matches exactly one
 * row).
 */
function minimumNights(query: TravelQuery, plan: Plan, database: TravelSandbox): CheckResult {
  const stays: { value: string; nights: number }[] = [];
  for (const unit of evaluatedDays(query, plan)) {
    if (!has(unit, 'accommodation')) return failure('No Accommodation Info.');
    const value = String(unit.accommodation);
    const last = stays[stays.length - 1];
    if (last && last.value === value) last.nights++;
    else stays.push({ value, nights: 1 });
  }
  for (const stay of stays) {
    if (stay.value === '-' || stay.value === '') continue;
    const { name, city } = nameAndCity(stay.value);
    const matches = database.accommodations(name, city);
    if (matches.length === 1 && stay.nights < matches[0]!.minimumNights) {
      return failure(`The accommodation ${stay.value} do not obey the minumum nights rule.`);
    }
  }
  return PASS;
}

/** Self-driving may not be mixed with flights or taxis. Official quirk: day 1 must have transportation. */
function nonConflictingTransportation(query: TravelQuery, plan: Plan): CheckResult {
  const first = field(plan[0]!, 'transportation');
  if (!truthy(first) || first === '-') return failure('The transportation in day 1 should not be empty.');
  const modes = [transportationMode(first)];
  for (const unit of evaluatedDays(query, plan)) {
    if (filled(unit, 'transportation')) modes.push(transportationMode(String(unit.transportation)));
  }
  const selfDriving = modes.includes('Self-driving');
  if (selfDriving && (modes.includes('Flight') || modes.includes('Taxi')))
    return failure('The transportation is conflicting.');
  return PASS;
}

/**
 * Transport, meals, attractions and accommodation of a day name its city (or one of its two cities).
 * Official quirk: on a single-city day the "city list" is the city's string, so each test runs on its
 * characters — a meal passes when it contains any letter of the city, transport when it contains every
 * letter, accommodation when it contains the city's last letter. Reproduced as is.
 */
function withinCurrentCity(query: TravelQuery, plan: Plan): CheckResult {
  for (const [day, unit] of evaluatedDays(query, plan).entries()) {
    const current = field(unit, 'current_city');
    const cities = current.includes('from') ? fromToCities(current) : [...extractBeforeParenthesis(current)];
    if (filled(unit, 'transportation')) {
      const transport = String(unit.transportation);
      if (cities.some((city) => !transport.includes(city)))
        return failure(`The transportation in day ${day + 1} is invalid city choice.`);
    }
    for (const meal of ['breakfast', 'lunch', 'dinner'] as const) {
      if (filled(unit, meal) && !cities.some((city) => String(unit[meal]).includes(city))) {
        return failure(`The ${meal} in day ${day + 1} is invalid city choice.`);
      }
    }
    if (filled(unit, 'attraction')) {
      for (const attraction of attractionEntries(String(unit.attraction))) {
        if (!cities.some((city) => attraction.includes(city)))
          return failure(`The attraction in day ${day + 1} is invalid city choice.`);
      }
    }
    if (filled(unit, 'accommodation')) {
      if (cities.length === 0) throw new PlanShapeError(`day ${day + 1} has an empty current_city`);
      if (!String(unit.accommodation).includes(cities[cities.length - 1]!)) {
        return failure(`The accommodation in day ${day + 1} is invalid city choice.`);
      }
    }
  }
  return PASS;
}

/** Every flight, drive, taxi ride, restaurant, attraction and accommodation exists in the sandbox. */
function withinSandbox(query: TravelQuery, plan: Plan, database: TravelSandbox): CheckResult {
  for (const [day, unit] of evaluatedDays(query, plan).entries()) {
    const transport = field(unit, 'transportation');
    if (truthy(transport) && transport !== '-') {
      const pair = extractFromTo(transport) ?? extractFromTo(field(unit, 'current_city'));
      const lower = transport.toLowerCase();
      if (lower.includes('flight number')) {
        // Official: raises (stopping the whole evaluation) when the cities or the number cannot be read.
        const number = flightNumberOf(transport);
        if (!pair || number === null)
          return failure(`The transportation ${transport} in day ${day + 1} can not be parsed.`);
        const flights = database.flightsByNumber(
          number,
          extractBeforeParenthesis(pair[0]),
          extractBeforeParenthesis(pair[1]),
        );
        if (flights.length < 1) return failure(`The flight number in day ${day + 1} is invalid in the sandbox.`);
      } else if (lower.includes('self-driving') || lower.includes('taxi')) {
        const [origin, destination] = pair
          ? [extractBeforeParenthesis(pair[0]), extractBeforeParenthesis(pair[1])]
          : ['-', '-'];
        const mode = lower.includes('self-driving') ? 'self-driving' : 'taxi';
        if (database.groundCost(origin, destination, mode) === null)
          return failure(`The ${mode} in day ${day + 1} is invalid in the sandbox.`);
      }
    }
    for (const meal of MEALS) {
      if (!filled(unit, meal)) continue;
      const { name, city } = nameAndCity(String(unit[meal]));
      if (database.restaurants(name, city).length < 1)
        return failure(`The ${meal} in day ${day + 1} is invalid in the sandbox.`);
    }
    if (filled(unit, 'attraction')) {
      for (const attraction of attractionEntries(String(unit.attraction))) {
        const { name, city } = nameAndCity(attraction);
        if (database.attractions(name, city).length < 1)
          return failure(`The attraction ${attraction} in day ${day + 1} is invalid in the sandbox.`);
      }
    }
    if (filled(unit, 'accommodation')) {
      const { name, city } = nameAndCity(String(unit.accommodation));
      if (database.accommodations(name, city).length < 1)
        return failure(`The accommodation in day ${day + 1} is invalid in the sandbox.`);
    }
  }
  return PASS;
}

function validDays(query: TravelQuery, plan: Plan): boolean {
  const filledDays = evaluatedDays(query, plan).filter(
    (unit) => Object.keys(unit).length > 0 && field(unit, 'current_city') !== NOTHING_TO_FILL,
  ).length;
  return filledDays === query.days;
}

function validVisitingCityNumber(query: TravelQuery, plan: Plan): boolean {
  const cities = new Set<string>();
  for (const [day, unit] of evaluatedDays(query, plan).entries()) {
    const value = field(unit, 'current_city');
    if (value.includes('from')) {
      const [origin, destination] = fromToCities(value);
      if (day === 0 && origin !== query.org) return false;
      cities.add(origin).add(destination);
    } else {
      cities.add(extractBeforeParenthesis(value));
    }
  }
  cities.delete(query.org);
  return cities.size === query.visitingCityNumber;
}

const blank = (value: string | number | undefined): boolean => value === '' || value === '-';

/** All days present, the right number of cities, no missing entries where one is needed, ≥ 50% of fields filled. */
function completeInformation(query: TravelQuery, plan: Plan): CheckResult {
  if (!validDays(query, plan)) return failure('Invalid Days');
  if (!validVisitingCityNumber(query, plan)) return failure('Invalid City Number');
  let filledFields = 0;
  for (const [day, unit] of evaluatedDays(query, plan).entries()) {
    for (const [key, label] of [
      ['transportation', 'Transportation'],
      ['breakfast', 'Breakfast'],
      ['lunch', 'Lunch'],
      ['dinner', 'Dinner'],
      ['attraction', 'Attraction'],
      ['accommodation', 'Accommodation'],
    ] as const) {
      if (!has(unit, key)) return failure(`No ${label} Info.`);
    }
    const current = field(unit, 'current_city');
    if ((current.includes('from ') || current.includes('to ')) && blank(unit.transportation))
      return failure(`No transportation in day ${day + 1} is not allowed.`);
    if (!current.includes('from ') && !current.includes(' to ') && blank(unit.attraction))
      return failure(`No attaction in day ${day + 1} is not allowed.`);
    if (day !== query.days - 1 && blank(unit.accommodation))
      return failure(`No accommodation in day ${day + 1} is not allowed.`);
    if ((blank(unit.breakfast) || blank(unit.lunch) || blank(unit.dinner)) && !current.includes('from '))
      return failure(`No meal in day ${day + 1} is not allowed.`);
    for (const value of Object.values(unit)) if (truthy(value) && value !== '-') filledFields++;
  }
  if (filledFields / (6 * query.days) < 0.5) return failure('The absent information is more than 50%.');
  return PASS;
}

/** All eight commonsense checks of a delivered (non-empty) plan, in the official key order. */
export function evaluateCommonsense(
  query: TravelQuery,
  plan: Plan,
  database: TravelSandbox,
): Record<CommonsenseCheck, CheckResult> {
  return {
    is_reasonable_visiting_city: guarded(() => reasonableVisitingCity(query, plan, database)),
    is_valid_restaurants: guarded(() => diverseRestaurants(query, plan)),
    is_valid_attractions: guarded(() => diverseAttractions(query, plan)),
    is_valid_accommodation: guarded(() => minimumNights(query, plan, database)),
    is_valid_transportation: guarded(() => nonConflictingTransportation(query, plan)),
    is_valid_information_in_current_city: guarded(() => withinCurrentCity(query, plan)),
    is_valid_information_in_sandbox: guarded(() => withinSandbox(query, plan, database)),
    is_not_absent: guarded(() => completeInformation(query, plan)),
  };
}
