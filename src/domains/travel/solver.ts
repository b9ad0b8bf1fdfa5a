/**
 * The solver: proves a spec feasible in the world by building a plan that passes every official check, and sets the
 * budget from it. It tries routes (home city, destination state, cities in order, start date) in a seeded order and,
 * on each, takes the cheapest transport mode that the rules allow, the cheapest stay per city that meets the room
 * type, house rule and minimum nights, restaurants that cover the asked cuisines and then the cheapest ones for every
 * meal of a full day, and one attraction per full day. The plan it returns has passed the shared checks; a spec
 * without any such plan is rejected with the reason the last tried route failed.
 */
import type { CompactDay } from './checks/compact-plan.ts';
import { compactToPlan } from './checks/compact-plan.ts';
import { evaluatePlan, finalPass } from './checks/evaluate.ts';
import { totalCost } from './checks/hard-constraints.ts';
import { constraintCount, levelOf, type LocalConstraint, type TravelQuery } from './checks/query.ts';
import type { Accommodation, Flight, Restaurant } from './checks/sandbox.ts';
import type { ParseResult } from '../../interfaces/task.ts';
import type { Random } from '../../util/random.ts';
import { fullDays, legsOf, stopsOf, type Leg, type Stop } from './route.ts';
import { BUDGET_FACTOR, HOUSE_RULE_CODES, ROOM_TYPE_CODES, TRANSPORT_CODES, type TravelSpec } from './spec.ts';
import { queryText } from './query-text.ts';
import { addDays, HOUSE_RULE_BANS, WINDOW_DAYS, type TravelWorld } from './world.ts';

/** How one leg is travelled: a flight, or the cost of one car / one taxi. */
export type LegChoice = { mode: 'flight'; flight: Flight } | { mode: 'car' | 'taxi'; cost: number };

/** A solved trip: the route, what the reference plan chose, the plan itself and the query it answers. */
export interface Solution {
  home: string;
  state: string;
  stops: Stop[];
  legs: Leg[];
  startDate: string;
  transport: LegChoice[];
  /** The stay of each stop. */
  stays: Accommodation[];
  /** Every restaurant the plan eats at, per stop (in plan order). */
  meals: Restaurant[][];
  /** Attractions visited, per stop. */
  attractions: string[][];
  plan: CompactDay[];
  query: TravelQuery;
  /** Cost of the plan in dollars (the official total). */
  cost: number;
}

/** The official local-constraint dict of a spec. */
export function localConstraintOf(spec: TravelSpec): LocalConstraint {
  return {
    houseRule: spec.houseRule === null ? null : HOUSE_RULE_CODES[spec.houseRule],
    cuisine: spec.cuisines.length > 0 ? [...spec.cuisines] : null,
    roomType: spec.roomType === null ? null : ROOM_TYPE_CODES[spec.roomType],
    transportation: spec.transport === null ? null : TRANSPORT_CODES[spec.transport],
  };
}

/** Whether a sandbox room type meets a spec's room-type constraint (the official rule). */
export function roomTypeAllowed(code: TravelSpec['roomType'], roomType: string): boolean {
  if (code === null) return true;
  if (code === 'notshared') return roomType !== 'Shared room';
  if (code === 'shared') return roomType === 'Shared room';
  if (code === 'private') return roomType === 'Private room';
  return roomType === 'Entire home/apt';
}

/** Whether a stay allows the spec's house rule (no "No <rule>" among its rules). */
export function houseRuleAllowed(code: TravelSpec['houseRule'], row: Accommodation): boolean {
  return code === null || !row.houseRules.includes(HOUSE_RULE_BANS[HOUSE_RULE_CODES[code]]);
}

/** Nights' cost of a stay for `people` travellers: price × rooms × nights. */
export function stayCost(row: Accommodation, people: number, nights: number): number {
  return row.price * Math.ceil(people / row.maximumOccupancy) * nights;
}

/** Cost of a leg choice for `people` travellers (tickets per person, cars of 5, taxis of 4). */
export function legCost(choice: LegChoice, people: number): number {
  if (choice.mode === 'flight') return choice.flight.price * people;
  return choice.cost * Math.ceil(people / (choice.mode === 'car' ? 5 : 4));
}

const byCostThenName =
  <T extends { name: string }>(cost: (row: T) => number) =>
  (left: T, right: T) =>
    cost(left) - cost(right) || (left.name < right.name ? -1 : left.name > right.name ? 1 : 0);

/** The cheapest transport for every leg that the spec's rule and the non-conflict rule allow, or the reason. */
function chooseTransport(world: TravelWorld, spec: TravelSpec, legs: Leg[], start: string): ParseResult<LegChoice[]> {
  const database = world.database;
  const options = legs.map((leg) => {
    const date = addDays(start, leg.day);
    const flights = [...world.flightsOn(leg.from, leg.to, date)].sort((left, right) => left.price - right.price);
    const car = database.groundCost(leg.from, leg.to, 'self-driving');
    const taxi = database.groundCost(leg.from, leg.to, 'taxi');
    return { leg, date, flights, car, taxi };
  });
  const plans: LegChoice[][] = [];
  if (spec.transport !== 'nodrive' && options.every((option) => option.car !== null))
    plans.push(options.map((option) => ({ mode: 'car', cost: option.car! })));
  const mixed: LegChoice[] = [];
  for (const option of options) {
    const choices: LegChoice[] = [];
    if (spec.transport !== 'noflight' && option.flights[0]) choices.push({ mode: 'flight', flight: option.flights[0] });
    if (option.taxi !== null) choices.push({ mode: 'taxi', cost: option.taxi });
    const best = choices.sort((left, right) => legCost(left, spec.people) - legCost(right, spec.people))[0];
    if (!best) {
      if (plans.length > 0) break;
      const rule = spec.transport === null ? '' : ` (${TRANSPORT_CODES[spec.transport]})`;
      return { ok: false, reason: `no way from ${option.leg.from} to ${option.leg.to} on ${option.date}${rule}` };
    }
    mixed.push(best);
  }
  if (mixed.length === legs.length) plans.push(mixed);
  const total = (plan: LegChoice[]) => plan.reduce((sum, choice) => sum + legCost(choice, spec.people), 0);
  return { ok: true, value: plans.sort((left, right) => total(left) - total(right))[0]! };
}

/** The cheapest stay of a stop that meets the constraints, or the reason. */
function chooseStay(world: TravelWorld, spec: TravelSpec, stop: Stop): ParseResult<Accommodation> {
  const valid = world.database
    .accommodationsIn(stop.city)
    .filter(
      (row) =>
        roomTypeAllowed(spec.roomType, row.roomType) &&
        houseRuleAllowed(spec.houseRule, row) &&
        row.minimumNights <= stop.nights,
    )
    .sort(byCostThenName((row) => stayCost(row, spec.people, stop.nights)));
  if (valid[0]) return { ok: true, value: valid[0] };
  const what = [
    spec.roomType === null ? null : `is a ${ROOM_TYPE_CODES[spec.roomType]}`,
    spec.houseRule === null ? null : `allows ${HOUSE_RULE_CODES[spec.houseRule]}`,
    `takes ${stop.nights} night${stop.nights === 1 ? '' : 's'}`,
  ].filter((part) => part !== null);
  return { ok: false, reason: `no accommodation in ${stop.city} ${what.join(' and ')}` };
}

type Meal = 'breakfast' | 'lunch' | 'dinner';
const MEAL_ORDER: Meal[] = ['breakfast', 'lunch', 'dinner'];

interface MealSlot {
  day: number;
  meal: Meal;
  city: string;
  /** Full days must have all three meals; travel days may. */
  required: boolean;
  restaurant: Restaurant | null;
}

/**
 * Meal slots: three per full day of each stop, three optional ones per travel day (in the city the compact syntax puts
 * them: the one reached, or the one left on the way home).
 */
function mealSlots(stops: readonly Stop[], days: number): MealSlot[] {
  const slots: MealSlot[] = [];
  const add = (day: number, city: string, required: boolean) => {
    for (const meal of MEAL_ORDER) slots.push({ day, meal, city, required, restaurant: null });
  };
  for (const stop of stops) {
    // The travel day into this stop: its meals are in the city reached.
    add(stop.arrival, stop.city, false);
    for (const day of fullDays(stop)) add(day, stop.city, true);
  }
  add(days - 1, stops[stops.length - 1]!.city, false);
  return slots.sort(
    (left, right) => left.day - right.day || MEAL_ORDER.indexOf(left.meal) - MEAL_ORDER.indexOf(right.meal),
  );
}

/** Restaurants for the slots: the asked cuisines first (cheapest serving each), then the cheapest per full-day meal. */
function chooseMeals(world: TravelWorld, spec: TravelSpec, slots: MealSlot[]): ParseResult<MealSlot[]> {
  const used = new Set<Restaurant>();
  const cities = [...new Set(slots.map((slot) => slot.city))];
  const freeSlot = (city: string) =>
    slots.find((slot) => slot.city === city && slot.required && slot.restaurant === null) ??
    slots.find((slot) => slot.city === city && slot.restaurant === null);
  const cheapest = byCostThenName<Restaurant>((row) => row.averageCost);
  const covered = new Set<string>();
  for (const cuisine of spec.cuisines) {
    if (covered.has(cuisine)) continue;
    const candidate = cities
      .filter((city) => freeSlot(city) !== undefined)
      .flatMap((city) => world.database.restaurantsIn(city))
      .filter((row) => !used.has(row) && row.cuisines.includes(cuisine))
      .sort(cheapest)[0];
    if (!candidate) return { ok: false, reason: `no restaurant serving ${cuisine} has a free meal on the trip` };
    freeSlot(candidate.city)!.restaurant = candidate;
    used.add(candidate);
    for (const wanted of spec.cuisines) if (candidate.cuisines.includes(wanted)) covered.add(wanted);
  }
  for (const slot of slots) {
    if (!slot.required || slot.restaurant !== null) continue;
    const candidate = world.database
      .restaurantsIn(slot.city)
      .filter((row) => !used.has(row))
      .sort(cheapest)[0];
    if (!candidate) return { ok: false, reason: `${slot.city} has too few restaurants for every meal` };
    slot.restaurant = candidate;
    used.add(candidate);
  }
  return { ok: true, value: slots };
}

const transportText = (choice: LegChoice): string =>
  choice.mode === 'flight' ? choice.flight.flightNumber : choice.mode;

/** The compact days of a plan from its choices. */
function planDays(
  stops: readonly Stop[],
  legs: readonly Leg[],
  transport: readonly LegChoice[],
  stays: readonly Accommodation[],
  slots: readonly MealSlot[],
  attractions: readonly string[][],
  days: number,
): CompactDay[] {
  const plan: CompactDay[] = [];
  for (let day = 0; day < days; day++) {
    const legIndex = legs.findIndex((leg) => leg.day === day);
    const stopIndex = stops.findLastIndex((stop) => stop.arrival <= day);
    const stop = stops[stopIndex]!;
    const meal = (name: Meal) => slots.find((slot) => slot.day === day && slot.meal === name)?.restaurant?.name ?? null;
    const leg = legs[legIndex];
    const full = fullDays(stop).indexOf(day);
    plan.push({
      from: leg ? leg.from : stop.city,
      to: leg ? leg.to : null,
      transport: leg ? transportText(transport[legIndex]!) : null,
      stay: day === days - 1 ? null : stays[stopIndex]!.name,
      breakfast: meal('breakfast'),
      attractions: full >= 0 ? [attractions[stopIndex]![full]!] : [],
      lunch: meal('lunch'),
      dinner: meal('dinner'),
    });
  }
  return plan;
}

/** Tries one route; the solution, or why the route does not work. */
export function solveRoute(
  world: TravelWorld,
  spec: TravelSpec,
  home: string,
  state: string,
  route: readonly string[],
  start: string,
  random: Random,
): ParseResult<Solution> {
  const stops = stopsOf(route, spec.days);
  const legs = legsOf(home, stops, spec.days);
  const transport = chooseTransport(world, spec, legs, start);
  if (!transport.ok) return transport;
  const stays: Accommodation[] = [];
  for (const stop of stops) {
    const stay = chooseStay(world, spec, stop);
    if (!stay.ok) return stay;
    stays.push(stay.value);
  }
  const slots = chooseMeals(world, spec, mealSlots(stops, spec.days));
  if (!slots.ok) return slots;
  const attractions = stops.map((stop) =>
    random.shuffle(world.database.attractionsIn(stop.city).map((row) => row.name)).slice(0, fullDays(stop).length),
  );
  if (attractions.some((names, index) => names.length < fullDays(stops[index]!).length))
    return { ok: false, reason: 'too few attractions for every full day' };
  const plan = planDays(stops, legs, transport.value, stays, slots.value, attractions, spec.days);
  const oneCityShortTrip = spec.cities === 1 && spec.days <= 3;
  const local = localConstraintOf(spec);
  const draft: TravelQuery = {
    id: '',
    query: '',
    org: home,
    dest: oneCityShortTrip ? route[0]! : state,
    days: spec.days,
    visitingCityNumber: spec.cities,
    date: Array.from({ length: spec.days }, (_, offset) => addDays(start, offset)),
    peopleNumber: spec.people,
    budget: Number.POSITIVE_INFINITY,
    localConstraint: local,
    level: levelOf(constraintCount(local)),
  };
  const officialPlan = compactToPlan(plan);
  const cost = totalCost(draft, officialPlan, world.database);
  const budget = Math.ceil((cost * BUDGET_FACTOR[spec.budget]) / 10) * 10;
  const query: TravelQuery = { ...draft, budget, query: '' };
  query.query = queryText(query, state);
  const verdict = evaluatePlan(query, officialPlan, world.database);
  if (!finalPass(verdict)) {
    const failed = Object.entries({ ...verdict.commonsense, ...verdict.hard })
      .filter(([, result]) => result.pass === false)
      .map(([name, result]) => `${name}: ${result.reason}`);
    return { ok: false, reason: `internal: the solver's plan fails ${failed.join('; ')}` };
  }
  const meals = stops.map((stop) =>
    slots.value.flatMap((slot) => (slot.restaurant?.city === stop.city ? [slot.restaurant] : [])),
  );
  return {
    ok: true,
    value: {
      home,
      state,
      stops,
      legs,
      startDate: start,
      transport: transport.value,
      stays,
      meals,
      attractions,
      plan,
      query,
      cost,
    },
  };
}

/** Every ordered choice of `count` cities from `cities`. */
function arrangements(cities: readonly string[], count: number): string[][] {
  if (count === 0) return [[]];
  return cities.flatMap((city) =>
    arrangements(
      cities.filter((other) => other !== city),
      count - 1,
    ).map((rest) => [city, ...rest]),
  );
}

/**
 * Solves a spec: tries routes in an order drawn from `random` until one works. Fixed places narrow the routes: a fixed
 * destination is a state (or, for a one-city trip, a city); a fixed home is a city outside the destination's state.
 */
export function solve(world: TravelWorld, spec: TravelSpec, random: Random): ParseResult<Solution> {
  const stateNames = world.states.map((state) => state.name);
  let states = random.shuffle(stateNames);
  let fixedCity: string | null = null;
  if (spec.destination !== null) {
    const cityState = world.stateOf(spec.destination);
    if (stateNames.includes(spec.destination)) states = [spec.destination];
    else if (cityState === undefined) return { ok: false, reason: `unknown destination ${spec.destination}` };
    else if (spec.cities > 1)
      return {
        ok: false,
        reason: `destination ${spec.destination} is a city; a ${spec.cities}-city trip needs a state`,
      };
    else {
      states = [cityState];
      fixedCity = spec.destination;
    }
  }
  if (spec.origin !== null) {
    const originState = world.stateOf(spec.origin);
    if (originState === undefined) return { ok: false, reason: `unknown home city ${spec.origin}` };
    states = states.filter((state) => state !== originState);
    if (states.length === 0)
      return { ok: false, reason: `home ${spec.origin} lies in the destination ${spec.destination}` };
  }
  let lastReason = 'no route tried';
  for (const state of states) {
    const cities = world.states.find((entry) => entry.name === state)!.cities;
    const routes = random.shuffle(arrangements(fixedCity === null ? cities : [fixedCity], spec.cities));
    const homes =
      spec.origin !== null
        ? [spec.origin]
        : random.shuffle(world.states.filter((entry) => entry.name !== state).flatMap((entry) => entry.cities));
    for (const route of routes) {
      for (const home of homes) {
        const start = addDays(world.dates[0]!, random.int(0, WINDOW_DAYS - spec.days));
        const solved = solveRoute(world, spec, home, state, route, start, random);
        if (solved.ok) return solved;
        lastReason = solved.reason;
      }
    }
  }
  return { ok: false, reason: lastReason };
}
