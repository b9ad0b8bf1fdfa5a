import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GenEnvError } from '../../interfaces/errors.ts';
import { TravelDatabase } from '../../domains/travel/checks/database.ts';
import type { Flight } from '../../domains/travel/checks/sandbox.ts';
import { isPandasMissing, readCsvRecords } from './csv.ts';

function readText(path: string): string {
  if (!existsSync(path)) throw new GenEnvError('benchmark', `TravelPlanner data file not found: ${path}`);
  return readFileSync(path, 'utf8');
}

/**
 * Loads the CSV sandbox under `<dataPath>/database/` and takes the flights given: the restaurant, accommodation and
 * attraction CSVs (rows with any missing field dropped, as `pandas.read_csv(...).dropna()` does there), the distance
 * matrix (not dropped), the city → state list. The full flights CSV is not available, so flights are those listed in
 * the queries' reference information.
 */
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
