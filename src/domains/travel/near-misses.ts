/**
 * Near misses of a reference plan: one change each that breaks exactly the kind of rule a planner gets wrong — a
 * restaurant repeated, a stay that bans the asked house rule or has the wrong room type, a little over budget, the way
 * home ending in another city, a day left out, an invented name. Each fails the official checks (scored 0); those
 * that cannot be made for a plan (no house rule asked, no swap over budget) are left out.
 */
import type { CompactDay } from './checks/compact-plan.ts';
import { compactToPlan, entryCity } from './checks/compact-plan.ts';
import { totalCost } from './checks/hard-constraints.ts';
import type { Accommodation } from './checks/sandbox.ts';
import { houseRuleAllowed, roomTypeAllowed } from './solver.ts';
import type { TravelPayload } from './variation.ts';
import type { TravelWorld } from './world.ts';

export interface NearMiss {
  kind: string;
  plan: CompactDay[];
}

const copy = (plan: readonly CompactDay[]): CompactDay[] =>
  plan.map((day) => ({ ...day, attractions: [...day.attractions] }));

/** The plan with one restaurant eaten at twice. */
function repeatedRestaurant(payload: TravelPayload, world: TravelWorld): CompactDay[] {
  const plan = copy(payload.plan);
  const withMeal = plan.find((day) => day.breakfast ?? day.lunch ?? day.dinner);
  if (withMeal) {
    const name = (withMeal.breakfast ?? withMeal.lunch ?? withMeal.dinner)!;
    if (withMeal.dinner === name) withMeal.lunch = name;
    else withMeal.dinner = name;
    return plan;
  }
  const first = plan[0]!;
  const restaurant = world.database.restaurantsIn(entryCity(first, first.from))[0]!;
  first.breakfast = restaurant.name;
  first.lunch = restaurant.name;
  return plan;
}

/** The plan with the stay of the first city that has one `fits` swapped for it, or null. */
function swappedStay(
  payload: TravelPayload,
  world: TravelWorld,
  fits: (row: Accommodation, nights: number) => boolean,
): CompactDay[] | null {
  for (const city of payload.shown.cities) {
    const current = payload.plan.find((day) => (day.to ?? day.from) === city.city && day.stay !== null)?.stay;
    const other = world.database
      .accommodationsIn(city.city)
      .find((row) => row.name !== current && fits(row, city.nights));
    if (!other || current === undefined) continue;
    const plan = copy(payload.plan);
    for (const day of plan) if (day.stay === current && (day.to ?? day.from) === city.city) day.stay = other.name;
    return plan;
  }
  return null;
}

/**
 * The single swap (a dearer stay that meets every rule, or a dearer unused restaurant) that goes over budget by the
 * least, or null when none does.
 */
function overBudget(payload: TravelPayload, world: TravelWorld): CompactDay[] | null {
  const { spec, query } = payload;
  const candidates: CompactDay[][] = [];
  for (const city of payload.shown.cities) {
    const current = payload.plan.find((day) => (day.to ?? day.from) === city.city && day.stay !== null)?.stay;
    const rows = world.database
      .accommodationsIn(city.city)
      .filter(
        (row) =>
          row.name !== current &&
          roomTypeAllowed(spec.roomType, row.roomType) &&
          houseRuleAllowed(spec.houseRule, row) &&
          row.minimumNights <= city.nights,
      )
      .sort((left, right) => right.price / right.maximumOccupancy - left.price / left.maximumOccupancy);
    for (const row of rows.slice(0, 2)) {
      const plan = copy(payload.plan);
      for (const day of plan) if (day.stay === current && (day.to ?? day.from) === city.city) day.stay = row.name;
      candidates.push(plan);
    }
  }
  // The dearest unused restaurant in place of a meal that serves none of the asked cuisines.
  const home = payload.plan[0]!.from;
  const used = new Set(payload.plan.flatMap((day) => [day.breakfast, day.lunch, day.dinner]));
  const serves = (name: string, city: string) =>
    world.database
      .restaurants(name, city)
      .some((row) => spec.cuisines.some((cuisine) => row.cuisines.includes(cuisine)));
  for (const [index, day] of payload.plan.entries()) {
    const city = entryCity(day, home);
    for (const meal of ['breakfast', 'lunch', 'dinner'] as const) {
      const name = day[meal];
      if (name === null || serves(name, city)) continue;
      const dearest = world.database
        .restaurantsIn(city)
        .filter((row) => !used.has(row.name))
        .sort((left, right) => right.averageCost - left.averageCost)[0];
      if (!dearest) continue;
      const plan = copy(payload.plan);
      plan[index]![meal] = dearest.name;
      candidates.push(plan);
    }
  }
  // The swap that goes over by the least: "a little over budget".
  let best: { plan: CompactDay[]; cost: number } | null = null;
  for (const plan of candidates) {
    const cost = totalCost(query, compactToPlan(plan), world.database);
    if (cost > query.budget && (best === null || cost < best.cost)) best = { plan, cost };
  }
  return best?.plan ?? null;
}

/** The near misses of a payload's reference plan. */
export function nearMisses(payload: TravelPayload, world: TravelWorld): NearMiss[] {
  const { spec, plan } = payload;
  const misses: NearMiss[] = [{ kind: 'repeated restaurant', plan: repeatedRestaurant(payload, world) }];
  if (spec.houseRule !== null) {
    const swapped = swappedStay(
      payload,
      world,
      (row, nights) => !houseRuleAllowed(spec.houseRule, row) && row.minimumNights <= nights,
    );
    if (swapped) misses.push({ kind: 'house rule broken', plan: swapped });
  }
  if (spec.roomType !== null) {
    const swapped = swappedStay(
      payload,
      world,
      (row, nights) => !roomTypeAllowed(spec.roomType, row.roomType) && row.minimumNights <= nights,
    );
    if (swapped) misses.push({ kind: 'wrong room type', plan: swapped });
  }
  const dearer = overBudget(payload, world);
  if (dearer) misses.push({ kind: 'over budget', plan: dearer });
  const home = plan[0]!.from;
  const elsewhere = world.states
    .flatMap((state) => state.cities)
    .find((city) => city !== home && city !== plan[plan.length - 1]!.from);
  const wrongHome = copy(plan);
  wrongHome[wrongHome.length - 1]!.to = elsewhere!;
  misses.push({ kind: 'wrong city', plan: wrongHome });
  misses.push({ kind: 'day left out', plan: copy(plan).slice(0, -1) });
  const invented = copy(plan);
  invented[0]!.stay = `${invented[0]!.stay ?? 'Nowhere'}x`;
  misses.push({ kind: 'invented stay', plan: invented });
  return misses;
}
