import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GenEnvError } from '../../interfaces/errors.ts';
import { isPandasMissing, readCsvRecords } from './csv.ts';
import { extractBeforeParenthesis } from './text-patterns.ts';

export interface Restaurant {
  name: string;
  city: string;
  cuisines: string;
  averageCost: number;
}
export interface Accommodation {
  name: string;
  city: string;
  roomType: string;
  price: number;
  minimumNights: number;
  houseRules: string;
  maximumOccupancy: number;
}
export interface Attraction {
  name: string;
  city: string;
}
export interface Flight {
  flightNumber: string;
  price: number;
  origin: string;
  destination: string;
  date: string;
  departure: string;
  arrival: string;
}
export type GroundMode = 'self-driving' | 'taxi';

/**
 * The sandbox the official evaluator checks plans against: the restaurant, accommodation and attraction
 * CSVs (rows with any missing field dropped, as `pandas.read_csv(...).dropna()` does there), the
 * distance matrix (not dropped), the city → state list, and the flights. The full flights CSV is not
 * available, so flights are those listed in the queries' reference information.
 */
export class TravelDatabase {
  private readonly restaurantsByCity = new Map<string, Restaurant[]>();
  private readonly accommodationsByCity = new Map<string, Accommodation[]>();
  private readonly attractionsByCity = new Map<string, Attraction[]>();
  private readonly distances = new Map<string, { duration: string | null; distance: string | null }>();
  private readonly flights: Flight[] = [];
  /** City → state, from citySet_with_states.txt. */
  readonly cityStates: ReadonlyMap<string, string>;

  constructor(parts: {
    restaurants: Restaurant[];
    accommodations: Accommodation[];
    attractions: Attraction[];
    distances: { origin: string; destination: string; duration: string | null; distance: string | null }[];
    cityStates: Map<string, string>;
    flights: Flight[];
  }) {
    for (const row of parts.restaurants) push(this.restaurantsByCity, row.city, row);
    for (const row of parts.accommodations) push(this.accommodationsByCity, row.city, row);
    for (const row of parts.attractions) push(this.attractionsByCity, row.city, row);
    for (const row of parts.distances) {
      const key = `${row.origin}\t${row.destination}`;
      if (!this.distances.has(key)) this.distances.set(key, { duration: row.duration, distance: row.distance });
    }
    this.flights = parts.flights;
    this.cityStates = parts.cityStates;
  }

  /** Restaurants in `city` whose name contains `name` (case-sensitive substring, file order). */
  restaurants(name: string, city: string): Restaurant[] {
    return (this.restaurantsByCity.get(city) ?? []).filter((row) => row.name.includes(name));
  }

  /** Accommodations in `city` whose name contains `name`. */
  accommodations(name: string, city: string): Accommodation[] {
    return (this.accommodationsByCity.get(city) ?? []).filter((row) => row.name.includes(name));
  }

  /** Attractions in `city` whose name contains `name`. */
  attractions(name: string, city: string): Attraction[] {
    return (this.attractionsByCity.get(city) ?? []).filter((row) => row.name.includes(name));
  }

  /** Flights with this number (optionally on this route), in listing order. */
  flightsByNumber(flightNumber: string, origin?: string, destination?: string): Flight[] {
    return this.flights.filter(
      (flight) =>
        flight.flightNumber === flightNumber &&
        (origin === undefined || flight.origin === origin) &&
        (destination === undefined || flight.destination === destination),
    );
  }

  /**
   * Cost in dollars of one car (self-driving: int(km × 0.05)) or one taxi (int(km)) between two cities,
   * or null when the pair is unknown, lacks a distance or duration, or takes a day or more — the rules of
   * the official `run_for_evaluation`.
   */
  groundCost(origin: string, destination: string, mode: GroundMode): number | null {
    const entry = this.distances.get(`${extractBeforeParenthesis(origin)}\t${extractBeforeParenthesis(destination)}`);
    if (!entry || entry.duration === null || entry.distance === null) return null;
    if (entry.duration.includes('day')) return null;
    const kilometres = Number(entry.distance.replace('km', '').replaceAll(',', '').trim());
    if (!Number.isFinite(kilometres)) return null;
    return Math.trunc(mode === 'self-driving' ? kilometres * 0.05 : kilometres);
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function readText(path: string): string {
  if (!existsSync(path)) throw new GenEnvError('benchmark', `TravelPlanner data file not found: ${path}`);
  return readFileSync(path, 'utf8');
}

/** Loads the CSV sandbox under `<dataPath>/database/` and takes the flights given. */
export function loadTravelDatabase(dataPath: string, flights: Flight[]): TravelDatabase {
  const database = join(dataPath, 'database');
  const restaurants = readCsvRecords(readText(join(database, 'restaurants/clean_restaurant_2022.csv')), true).map(
    (row) => ({
      name: row.Name!,
      city: row.City!,
      cuisines: row.Cuisines!,
      averageCost: Number(row['Average Cost']),
    }),
  );
  const accommodations = readCsvRecords(
    readText(join(database, 'accommodations/clean_accommodations_2022.csv')),
    true,
  ).map((row) => ({
    name: row.NAME!,
    city: row.city!,
    roomType: row['room type']!,
    price: Number(row.price),
    minimumNights: Number(row['minimum nights']),
    houseRules: row.house_rules!,
    maximumOccupancy: Number(row['maximum occupancy']),
  }));
  const attractions = readCsvRecords(readText(join(database, 'attractions/attractions.csv')), true).map((row) => ({
    name: row.Name!,
    city: row.City!,
  }));
  const distances = readCsvRecords(readText(join(database, 'googleDistanceMatrix/distance.csv')), false).map((row) => ({
    origin: row.origin!,
    destination: row.destination!,
    duration: isPandasMissing(row.duration!) ? null : row.duration!,
    distance: isPandasMissing(row.distance!) ? null : row.distance!,
  }));
  const cityStates = new Map<string, string>();
  for (const line of readText(join(database, 'background/citySet_with_states.txt')).split('\n')) {
    const [city, state] = line.replace(/\r$/, '').split('\t');
    if (city && state) cityStates.set(city, state);
  }
  return new TravelDatabase({ restaurants, accommodations, attractions, distances, cityStates, flights });
}
