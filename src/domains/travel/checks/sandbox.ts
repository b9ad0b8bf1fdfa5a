/**
 * What the TravelPlanner checks read: the sandbox of restaurants, accommodations, attractions, flights,
 * ground distances and city → state. The benchmark's CSV database and the travel domain's generated world
 * both implement it (as a `TravelDatabase`).
 */

export interface Restaurant {
  name: string;
  city: string;
  /** Comma-separated cuisines, e.g. "Tea, Pizza, Indian". */
  cuisines: string;
  /** Average cost of a meal per person, dollars. */
  averageCost: number;
}
export interface Accommodation {
  name: string;
  city: string;
  /** "Entire home/apt", "Private room" or "Shared room". */
  roomType: string;
  /** Price per night, dollars. */
  price: number;
  minimumNights: number;
  /** Bans joined by " & ", e.g. "No smoking & No pets". */
  houseRules: string;
  maximumOccupancy: number;
}
export interface Attraction {
  name: string;
  city: string;
}
export interface Flight {
  flightNumber: string;
  /** Ticket price per person, dollars. */
  price: number;
  origin: string;
  destination: string;
  /** `YYYY-MM-DD`. */
  date: string;
  /** `HH:MM`. */
  departure: string;
  arrival: string;
}
export type GroundMode = 'self-driving' | 'taxi';

/** The sandbox queries the official checks make. */
export interface TravelSandbox {
  /** City → state. */
  readonly cityStates: ReadonlyMap<string, string>;
  /** Restaurants in `city` whose name contains `name` (case-sensitive substring, listing order). */
  restaurants(name: string, city: string): Restaurant[];
  /** Accommodations in `city` whose name contains `name`. */
  accommodations(name: string, city: string): Accommodation[];
  /** Attractions in `city` whose name contains `name`. */
  attractions(name: string, city: string): Attraction[];
  /** Flights with this number (optionally on this route), in listing order. */
  flightsByNumber(flightNumber: string, origin?: string, destination?: string): Flight[];
  /** Cost in dollars of one car (self-driving) or one taxi between two cities, or null when there is no valid route. */
  groundCost(origin: string, destination: string, mode: GroundMode): number | null;
}
