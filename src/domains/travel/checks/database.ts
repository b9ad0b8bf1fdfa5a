import type { Accommodation, Attraction, Flight, GroundMode, Restaurant, TravelSandbox } from './sandbox.ts';
import { extractBeforeParenthesis } from './text-patterns.ts';

/** A distance-matrix row: duration and distance as the official CSV writes them ("2 hours 5 mins", "1,144 km"). */
export interface DistanceRow {
  origin: string;
  destination: string;
  duration: string | null;
  distance: string | null;
}

/**
 * An in-memory sandbox with the lookup rules of the official evaluator: names matched as case-sensitive
 * substrings within a city, the first distance row of a pair kept, ground costs as `run_for_evaluation` computes
 * them. The benchmark fills it from the TravelPlanner CSVs, the travel domain from its generated world.
 */
export class TravelDatabase implements TravelSandbox {
  private readonly restaurantsByCity = new Map<string, Restaurant[]>();
  private readonly accommodationsByCity = new Map<string, Accommodation[]>();
  private readonly attractionsByCity = new Map<string, Attraction[]>();
  private readonly distances = new Map<string, { duration: string | null; distance: string | null }>();
  private readonly flights: Flight[] = [];
  private readonly flightsByKey = new Map<string, Flight[]>();
  /** City → state, from citySet_with_states.txt. */
  readonly cityStates: ReadonlyMap<string, string>;

  constructor(parts: {
    restaurants: Restaurant[];
    accommodations: Accommodation[];
    attractions: Attraction[];
    distances: DistanceRow[];
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
    for (const flight of parts.flights) push(this.flightsByKey, flight.flightNumber, flight);
    this.cityStates = parts.cityStates;
  }

  restaurants(name: string, city: string): Restaurant[] {
    return (this.restaurantsByCity.get(city) ?? []).filter((row) => row.name.includes(name));
  }

  accommodations(name: string, city: string): Accommodation[] {
    return (this.accommodationsByCity.get(city) ?? []).filter((row) => row.name.includes(name));
  }

  attractions(name: string, city: string): Attraction[] {
    return (this.attractionsByCity.get(city) ?? []).filter((row) => row.name.includes(name));
  }

  /** Every restaurant, accommodation or attraction of a city, in listing order. */
  restaurantsIn(city: string): readonly Restaurant[] {
    return this.restaurantsByCity.get(city) ?? [];
  }
  accommodationsIn(city: string): readonly Accommodation[] {
    return this.accommodationsByCity.get(city) ?? [];
  }
  attractionsIn(city: string): readonly Attraction[] {
    return this.attractionsByCity.get(city) ?? [];
  }

  flightsByNumber(flightNumber: string, origin?: string, destination?: string): Flight[] {
    return (this.flightsByKey.get(flightNumber) ?? []).filter(
      (flight) =>
        (origin === undefined || flight.origin === origin) &&
        (destination === undefined || flight.destination === destination),
    );
  }

  /** Every flight, in listing order. */
  allFlights(): readonly Flight[] {
    return this.flights;
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

  /** The distance row of a pair (duration and distance texts), or null. */
  distance(origin: string, destination: string): { duration: string | null; distance: string | null } | null {
    return this.distances.get(`${origin}\t${destination}`) ?? null;
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
