/**
 * The shape of a trip: which day it arrives in each city, how many nights it stays, and which days are travel days.
 * Day indices are 0-based (day 0 leaves home, day `days − 1` comes back).
 */

/** A city of the trip and the nights spent there. */
export interface Stop {
  city: string;
  nights: number;
  /** Day index of the arrival (a travel day). */
  arrival: number;
}

/** A travel day: from one city to the next, on the day with this index. */
export interface Leg {
  from: string;
  to: string;
  day: number;
}

/**
 * Nights per city for a trip of `days` days through `cities` cities: as even as possible, earlier cities taking the
 * extra night (5 days, 2 cities → 2 + 2; 4 days, 2 cities → 2 + 1).
 */
export function nightsPerCity(days: number, cities: number): number[] {
  const nights = days - 1;
  return Array.from({ length: cities }, (_, index) => Math.floor(nights / cities) + (index < nights % cities ? 1 : 0));
}

/** The stops of a route (cities in visiting order) for a trip of `days` days. */
export function stopsOf(route: readonly string[], days: number): Stop[] {
  const nights = nightsPerCity(days, route.length);
  let arrival = 0;
  return route.map((city, index) => {
    const stop = { city, nights: nights[index]!, arrival };
    arrival += stop.nights;
    return stop;
  });
}

/** The travel days: home → first city, between cities, last city → home. */
export function legsOf(home: string, stops: readonly Stop[], days: number): Leg[] {
  const legs: Leg[] = stops.map((stop, index) => ({
    from: index === 0 ? home : stops[index - 1]!.city,
    to: stop.city,
    day: stop.arrival,
  }));
  legs.push({ from: stops[stops.length - 1]!.city, to: home, day: days - 1 });
  return legs;
}

/** Day indices of a stop's full days (neither arriving nor leaving). */
export function fullDays(stop: Stop): number[] {
  return Array.from({ length: stop.nights - 1 }, (_, offset) => stop.arrival + 1 + offset);
}
