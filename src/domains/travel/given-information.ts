/**
 * The chat user message of a travel task, in the form of TravelPlanner's finetuning data: `Given Information:` and a
 * Python list of `{'Description': …, 'Content': …}` entries (tables of the shown attractions, restaurants and
 * accommodations per city, the flights of each travel day, self-driving and taxi), then `Query:` and the query.
 */
import type { TravelQuery } from './checks/query.ts';
import type { Shown, ShownLeg } from './candidates.ts';

/** Python's repr of a string: single quotes unless it holds a single quote and no double quote. */
export function pythonString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escaped = text.replaceAll('\\', '\\\\').replaceAll('\n', '\\n').replaceAll(quote, `\\${quote}`);
  return `${quote}${escaped}${quote}`;
}

/** A table as pandas' `to_string(index=False)` writes it: columns right-aligned, two spaces apart. */
export function tableText(columns: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [columns, ...rows.map((row) => row.map(String))];
  const widths = columns.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
  return cells.map((row) => row.map((cell, column) => cell.padStart(widths[column]!)).join('  ')).join('\n');
}

const NONE = 'No valid information.';

function groundText(mode: 'self-driving' | 'taxi', leg: ShownLeg, cost: number | null): string {
  if (cost === null || leg.duration === null || leg.distance === null) return NONE;
  return `${mode}, from ${leg.from} to ${leg.to}, duration: ${leg.duration}, distance: ${leg.distance}, cost: ${cost}`;
}

/** The entries of the given information, description → content. */
export function givenEntries(shown: Shown): [string, string][] {
  const entries: [string, string][] = [];
  for (const city of shown.cities) {
    entries.push([
      `Attractions in ${city.city}`,
      tableText(
        ['Name', 'City'],
        city.attractions.map((name) => [name, city.city]),
      ),
    ]);
    entries.push([
      `Restaurants in ${city.city}`,
      tableText(
        ['Name', 'Average Cost', 'Cuisines', 'City'],
        city.restaurants.map((row) => [row.name, row.averageCost, row.cuisines, row.city]),
      ),
    ]);
    entries.push([
      `Accommodations in ${city.city}`,
      tableText(
        ['NAME', 'price', 'room type', 'house_rules', 'minimum nights', 'maximum occupancy', 'city'],
        city.stays.map((row) => [
          row.name,
          row.price,
          row.roomType,
          row.houseRules,
          row.minimumNights,
          row.maximumOccupancy,
          row.city,
        ]),
      ),
    ]);
  }
  for (const leg of shown.legs) {
    entries.push([
      `Flight from ${leg.from} to ${leg.to} on ${leg.date}`,
      leg.flights.length === 0
        ? NONE
        : tableText(
            ['Flight Number', 'Price', 'DepTime', 'ArrTime', 'FlightDate', 'OriginCityName', 'DestCityName'],
            leg.flights.map((flight) => [
              flight.flightNumber,
              flight.price,
              flight.departure,
              flight.arrival,
              flight.date,
              flight.origin,
              flight.destination,
            ]),
          ),
    ]);
    entries.push([`Self-driving from ${leg.from} to ${leg.to}`, groundText('self-driving', leg, leg.car)]);
    entries.push([`Taxi from ${leg.from} to ${leg.to}`, groundText('taxi', leg, leg.taxi)]);
  }
  return entries;
}

/** The user message: given information, then the query. */
export function givenInformationMessage(query: TravelQuery, shown: Shown): string {
  const list = givenEntries(shown)
    .map(
      ([description, content]) => `{'Description': ${pythonString(description)}, 'Content': ${pythonString(content)}}`,
    )
    .join(', ');
  return `Given Information:[${list}]\nQuery:${query.query}`;
}
