/**
 * A TravelPlanner query in the travel domain's compact prompt (`src/domains/travel/prompt-text.ts`), the text the
 * built-in byte-level agent reads: the route with nights per city (from the dates of the reference information's
 * legs), each leg's flights, self-driving and taxi, and per city its first stays, restaurants and attractions in the
 * reference information's order — as many as the plan can use and a few more (the whole reference information is
 * thousands of tokens; the agent's context is a few hundred). Chat models get the full reference information instead.
 */
import type { Shown, ShownCity, ShownLeg } from '../../domains/travel/candidates.ts';
import type { TravelQuery } from '../../domains/travel/checks/query.ts';
import type { Accommodation, Flight, Restaurant } from '../../domains/travel/checks/sandbox.ts';
import { compactPromptText } from '../../domains/travel/prompt-text.ts';
import type { TravelRecord } from './reference-data.ts';

/** Flights shown per leg and stays per city (first in the reference information's order). */
const FLIGHTS_SHOWN = 3;
const STAYS_SHOWN = 3;

type Row = Record<string, unknown>;

const rowsOf = (value: unknown): Row[] =>
  Array.isArray(value) ? value.filter((row): row is Row => row !== null && typeof row === 'object') : [];
const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const number = (value: unknown): number => Number(value);

/** "…, cost: 93" of a self-driving or taxi description, or null for "No valid information." */
function groundCostOf(value: unknown): number | null {
  const match = /cost: (\d+)/.exec(text(value));
  return match ? Number(match[1]) : null;
}

function dayIndex(first: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000);
}

/** The shown entries of a query, read from its reference information. */
export function referenceView(record: TravelRecord, query: TravelQuery): Shown {
  const info = record.referenceInfo;
  const legs = Object.keys(info)
    .map((description) => /^Flight from (.+) to (.+) on (\d{4}-\d{2}-\d{2})$/.exec(description))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match): ShownLeg & { day: number } => {
      const [description, from, to, date] = [match[0], match[1]!, match[2]!, match[3]!];
      const flights = rowsOf(info[description])
        .slice(0, FLIGHTS_SHOWN)
        .map(
          (row): Flight => ({
            flightNumber: text(row['Flight Number']),
            price: number(row.Price),
            origin: from,
            destination: to,
            date,
            departure: text(row.DepTime),
            arrival: text(row.ArrTime),
          }),
        );
      return {
        from,
        to,
        date,
        day: dayIndex(query.date[0] ?? date, date),
        flights,
        car: groundCostOf(info[`Self-driving from ${from} to ${to}`]),
        taxi: groundCostOf(info[`Taxi from ${from} to ${to}`]),
        duration: null,
        distance: null,
      };
    });
  const cities = legs.slice(0, -1).map((leg, index): ShownCity => {
    const nights = Math.max(1, (legs[index + 1]?.day ?? query.days - 1) - leg.day);
    const fullDays = nights - 1;
    const stays = rowsOf(info[`Accommodations in ${leg.to}`])
      .slice(0, STAYS_SHOWN)
      .map(
        (row): Accommodation => ({
          name: text(row.NAME),
          city: leg.to,
          roomType: text(row['room type']),
          price: number(row.price),
          minimumNights: number(row['minimum nights']),
          houseRules: text(row.house_rules),
          maximumOccupancy: number(row['maximum occupancy']),
        }),
      );
    const restaurants = rowsOf(info[`Restaurants in ${leg.to}`])
      .slice(0, Math.max(2, 3 * fullDays + 1))
      .map(
        (row): Restaurant => ({
          name: text(row.Name),
          city: leg.to,
          cuisines: text(row.Cuisines),
          averageCost: number(row['Average Cost']),
        }),
      );
    const attractions = rowsOf(info[`Attractions in ${leg.to}`])
      .slice(0, fullDays + 1)
      .map((row) => text(row.Name));
    return { city: leg.to, nights, stays, restaurants, attractions };
  });
  return { legs, cities };
}

/** The compact prompt text of a query (see the module comment). */
export function compactQueryText(record: TravelRecord, query: TravelQuery): string {
  return compactPromptText(query, referenceView(record, query));
}
