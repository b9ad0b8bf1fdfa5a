/**
 * What a prompt shows of the sandbox: the entries the reference plan uses plus `distractors` more per category —
 * TravelPlanner's "reference information", cut down so that a small model's prompt holds it. Distractor stays are
 * drawn first from those the constraints rule out (banned house rule, wrong room type, too long a minimum stay), so
 * that picking one fails a check; distractor legs are the other flights of the day and the ground options.
 */
import { type CompactDay, entryCity } from './checks/compact-plan.ts';
import type { Accommodation, Flight, Restaurant } from './checks/sandbox.ts';
import type { Random } from '../../util/random.ts';
import { houseRuleAllowed, roomTypeAllowed, type Solution } from './solver.ts';
import type { TravelSpec } from './spec.ts';
import { addDays, type TravelWorld } from './world.ts';

/** The options shown for one travel day. */
export interface ShownLeg {
  from: string;
  to: string;
  date: string;
  flights: Flight[];
  /** Cost of one car / one taxi, when shown and the route exists. */
  car: number | null;
  taxi: number | null;
  /** Duration and distance texts of the road, when it exists. */
  duration: string | null;
  distance: string | null;
}

/** The entries shown for one city of the trip. */
export interface ShownCity {
  city: string;
  nights: number;
  stays: Accommodation[];
  restaurants: Restaurant[];
  attractions: string[];
}

export interface Shown {
  legs: ShownLeg[];
  cities: ShownCity[];
}

/** The reference's entries plus `count` others drawn from `preferred` first, then `others`; shuffled. */
function withDistractors<T>(
  random: Random,
  used: readonly T[],
  preferred: readonly T[],
  others: readonly T[],
  count: number,
) {
  const extra = [...random.shuffle(preferred), ...random.shuffle(others)].slice(0, count);
  return random.shuffle([...used, ...extra]);
}

/** The shown entries of a solved trip. */
export function showCandidates(world: TravelWorld, spec: TravelSpec, solution: Solution, random: Random): Shown {
  const count = spec.distractors;
  const legs = solution.legs.map((leg, index): ShownLeg => {
    const choice = solution.transport[index]!;
    const date = addDays(solution.startDate, leg.day);
    const used = choice.mode === 'flight' ? [choice.flight] : [];
    const otherFlights = world.flightsOn(leg.from, leg.to, date).filter((flight) => !used.includes(flight));
    const road = world.database.distance(leg.from, leg.to);
    const ground = (mode: 'car' | 'taxi') =>
      choice.mode === mode || count > 0
        ? world.database.groundCost(leg.from, leg.to, mode === 'car' ? 'self-driving' : 'taxi')
        : null;
    return {
      from: leg.from,
      to: leg.to,
      date,
      flights: withDistractors(random, used, otherFlights, [], count).sort((left, right) =>
        left.flightNumber < right.flightNumber ? -1 : 1,
      ),
      car: ground('car'),
      taxi: ground('taxi'),
      duration: road?.duration ?? null,
      distance: road?.distance ?? null,
    };
  });
  const cities = solution.stops.map((stop, index): ShownCity => {
    const stay = solution.stays[index]!;
    const otherStays = world.database.accommodationsIn(stop.city).filter((row) => row !== stay);
    const ruledOut = (row: Accommodation) =>
      !roomTypeAllowed(spec.roomType, row.roomType) ||
      !houseRuleAllowed(spec.houseRule, row) ||
      row.minimumNights > stop.nights;
    const meals = solution.meals[index]!;
    const otherRestaurants = world.database.restaurantsIn(stop.city).filter((row) => !meals.includes(row));
    const visited = solution.attractions[index]!;
    const otherAttractions = world.database
      .attractionsIn(stop.city)
      .map((row) => row.name)
      .filter((name) => !visited.includes(name));
    return {
      city: stop.city,
      nights: stop.nights,
      stays: withDistractors(
        random,
        [stay],
        otherStays.filter(ruledOut),
        otherStays.filter((row) => !ruledOut(row)),
        count,
      ),
      restaurants: withDistractors(random, meals, [], otherRestaurants, count),
      attractions: withDistractors(random, visited, [], otherAttractions, count),
    };
  });
  return { legs, cities };
}

/**
 * The plan with each city's meals and sights in the order the prompt lists them. Only which restaurant fills which of
 * the city's meals changes (the same set of meals stays filled, each restaurant once), so every check gives the same
 * verdict; the reference then reads the lists top to bottom, skipping distractors, which a small model can learn.
 */
export function inDisplayOrder(plan: readonly CompactDay[], shown: Shown): CompactDay[] {
  const result = plan.map((day) => ({ ...day, attractions: [...day.attractions] }));
  const home = plan[0]?.from ?? '';
  for (const city of shown.cities) {
    const meals: { day: CompactDay; meal: 'breakfast' | 'lunch' | 'dinner' }[] = [];
    const sights: { day: CompactDay; index: number }[] = [];
    for (const day of result) {
      if (entryCity(day, home) !== city.city) continue;
      for (const meal of ['breakfast', 'lunch', 'dinner'] as const) if (day[meal] !== null) meals.push({ day, meal });
      for (const index of day.attractions.keys()) sights.push({ day, index });
    }
    const names = city.restaurants.map((row) => row.name);
    const eaten = meals
      .map(({ day, meal }) => day[meal]!)
      .sort((left, right) => names.indexOf(left) - names.indexOf(right));
    meals.forEach(({ day, meal }, position) => {
      day[meal] = eaten[position]!;
    });
    const seen = sights
      .map(({ day, index }) => day.attractions[index]!)
      .sort((left, right) => city.attractions.indexOf(left) - city.attractions.indexOf(right));
    sights.forEach(({ day, index }, position) => {
      day.attractions[index] = seen[position]!;
    });
  }
  return result;
}
