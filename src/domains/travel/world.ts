/**
 * The generated sandbox: a pure function of a seed, in the shape of TravelPlanner's database at a small scale. Five
 * states of four cities each (one an island: no roads to the mainland), flights between cities at least 250 km apart
 * on every date of a two-week window, a distance matrix for self-driving and taxis, eight accommodations, twelve
 * restaurants and six attractions per city.
 *
 * Guarantees that make every spec of the grammar solvable (checked in `world.test.ts`): in every city, for each room
 * type it offers, two accommodations with a one-night minimum whose house rules ban disjoint things (so any one house
 * rule is allowed by one of them); entire homes and private rooms everywhere, shared rooms in three cities of four;
 * each of TravelPlanner's seven cuisines in at least one restaurant of every city; every mainland pair of cities
 * within a day's drive.
 */
import { TravelDatabase, type DistanceRow } from './checks/database.ts';
import type { HouseRule } from './checks/query.ts';
import { CUISINES } from './checks/query.ts';
import type { Accommodation, Attraction, Flight, Restaurant } from './checks/sandbox.ts';
import { Random, deriveSeed } from '../../util/random.ts';
import { ATTRACTION_NAMES, CITY_NAMES, EXTRA_CUISINES, HOTEL_NAMES, RESTAURANT_NAMES, STATE_NAMES } from './names.ts';

/** The sandbox's room types (official spelling). */
export const ROOM_TYPES = ['Entire home/apt', 'Private room', 'Shared room'] as const;
export type SandboxRoomType = (typeof ROOM_TYPES)[number];

/** The five house rules and the ban text the official check looks for. */
export const HOUSE_RULE_BANS: Record<HouseRule, string> = {
  smoking: 'No smoking',
  parties: 'No parties',
  'children under 10': 'No children under 10',
  visitors: 'No visitors',
  pets: 'No pets',
};
export const HOUSE_RULES = Object.keys(HOUSE_RULE_BANS) as HouseRule[];

/** First date of the flight window and its length in days. */
export const FIRST_DATE = '2022-03-01';
export const WINDOW_DAYS = 14;
/** Pairs closer than this (km) have no flights. */
export const MIN_FLIGHT_KM = 250;
/** Average driving speed (km/h) behind the durations of the distance matrix. */
const DRIVING_SPEED = 90;

export interface WorldState {
  name: string;
  cities: string[];
  /** No roads between its cities and the rest. */
  island: boolean;
}

/** The generated sandbox and the indexes the solver needs. */
export interface TravelWorld {
  seed: number;
  states: WorldState[];
  database: TravelDatabase;
  /** The dates flights run on, `YYYY-MM-DD`, in order. */
  dates: string[];
  /** Flights from `origin` to `destination` on `date`, in listing order. */
  flightsOn(origin: string, destination: string, date: string): readonly Flight[];
  /** The state of a city (undefined for an unknown city). */
  stateOf(city: string): string | undefined;
}

/** Day `offset` after an ISO date (UTC calendar arithmetic). */
export function addDays(isoDate: string, offset: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** "1,144 km" as the distance matrix writes it. */
function distanceText(kilometres: number): string {
  return `${kilometres.toLocaleString('en-US')} km`;
}

/** "10 hours 55 mins", or "1 day 2 hours" past 24 hours (which the checks treat as no valid route). */
function durationText(kilometres: number): string {
  const minutes = Math.round((kilometres / DRIVING_SPEED) * 60);
  const hours = Math.floor(minutes / 60);
  if (hours >= 24) return `${Math.floor(hours / 24)} day ${hours % 24} hours`;
  return `${hours} hours ${minutes % 60} mins`;
}

const clock = (minutes: number): string => {
  const wrapped = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
};

/** Two disjoint non-empty ban sets over the five house rules (their union may leave some rule unbanned). */
function disjointBans(random: Random): [HouseRule[], HouseRule[]] {
  const order = random.shuffle(HOUSE_RULES);
  const first = random.int(1, 3);
  const second = random.int(1, Math.min(3, HOUSE_RULES.length - first));
  return [order.slice(0, first), order.slice(first, first + second)];
}

const PRICE_RANGE: Record<SandboxRoomType, [number, number]> = {
  'Entire home/apt': [90, 300],
  'Private room': [50, 140],
  'Shared room': [25, 70],
};
const OCCUPANCY_RANGE: Record<SandboxRoomType, [number, number]> = {
  'Entire home/apt': [2, 6],
  'Private room': [1, 3],
  'Shared room': [1, 2],
};

function accommodation(
  random: Random,
  name: string,
  city: string,
  roomType: SandboxRoomType,
  bans: readonly HouseRule[],
  minimumNights: number,
): Accommodation {
  const [low, high] = PRICE_RANGE[roomType];
  const [fewest, most] = OCCUPANCY_RANGE[roomType];
  return {
    name,
    city,
    roomType,
    price: random.int(low, high),
    minimumNights,
    houseRules: HOUSE_RULES.filter((rule) => bans.includes(rule))
      .map((rule) => HOUSE_RULE_BANS[rule])
      .join(' & '),
    maximumOccupancy: random.int(fewest, most),
  };
}

function cityAccommodations(random: Random, city: string, sharedRooms: boolean): Accommodation[] {
  const names = random.shuffle(HOTEL_NAMES).slice(0, 8);
  const types: SandboxRoomType[] = sharedRooms ? [...ROOM_TYPES] : ['Entire home/apt', 'Private room'];
  const rows: Accommodation[] = [];
  for (const roomType of types) {
    for (const bans of disjointBans(random))
      rows.push(accommodation(random, names[rows.length]!, city, roomType, bans, 1));
  }
  while (rows.length < names.length) {
    const bans = random.shuffle(HOUSE_RULES).slice(0, random.int(1, 3));
    const minimumNights = [1, 1, 1, 2, 2, 3][random.int(0, 5)]!;
    rows.push(accommodation(random, names[rows.length]!, city, random.pick(types), bans, minimumNights));
  }
  return random.shuffle(rows);
}

function cityRestaurants(random: Random, city: string): Restaurant[] {
  const names = random.shuffle(RESTAURANT_NAMES).slice(0, 12);
  const all = [...CUISINES, ...EXTRA_CUISINES];
  const firsts = random.shuffle(CUISINES);
  const rows = names.map((name, index) => {
    const served = new Set<string>(index < firsts.length ? [firsts[index]!] : []);
    const extra = index < firsts.length ? random.int(0, 2) : random.int(1, 3);
    for (const cuisine of random.shuffle(all).slice(0, extra)) served.add(cuisine);
    return {
      name,
      city,
      cuisines: all.filter((cuisine) => served.has(cuisine)).join(', '),
      averageCost: random.int(10, 60),
    };
  });
  return random.shuffle(rows);
}

/** The world of a seed (deterministic; about 10 ms). */
export function createTravelWorld(seed: number): TravelWorld {
  const random = new Random(deriveSeed(seed, 'travel-world'));
  const cityNames = random.shuffle(CITY_NAMES);
  const centres: [number, number][] = [
    [0, 0],
    [650, 80],
    [250, 520],
    [900, 560],
    [2600, 1400],
  ];
  const states: WorldState[] = STATE_NAMES.map((name, index) => ({
    name,
    cities: cityNames.slice(index * 4, index * 4 + 4),
    island: index === STATE_NAMES.length - 1,
  }));
  const position = new Map<string, [number, number]>();
  const cityStates = new Map<string, string>();
  const island = new Set<string>();
  for (const [index, state] of states.entries()) {
    const [x, y] = centres[index]!;
    for (const city of state.cities) {
      const angle = random.next() * 2 * Math.PI;
      const radius = 40 + random.next() * 160;
      position.set(city, [x + radius * Math.cos(angle), y + radius * Math.sin(angle)]);
      cityStates.set(city, state.name);
      if (state.island) island.add(city);
    }
  }
  const cities = states.flatMap((state) => state.cities);
  const kilometres = (a: string, b: string): number => {
    const [ax, ay] = position.get(a)!;
    const [bx, by] = position.get(b)!;
    return Math.round(Math.hypot(ax - bx, ay - by) * 1.25);
  };
  const distances: DistanceRow[] = [];
  for (const origin of cities) {
    for (const destination of cities) {
      if (origin === destination) continue;
      const road = island.has(origin) === island.has(destination);
      const km = kilometres(origin, destination);
      distances.push({
        origin,
        destination,
        duration: road ? durationText(km) : null,
        distance: road ? distanceText(km) : null,
      });
    }
  }
  const dates = Array.from({ length: WINDOW_DAYS }, (_, offset) => addDays(FIRST_DATE, offset));
  const numbers = random.shuffle(Array.from({ length: 9000 }, (_, index) => 1000 + index));
  const flights: Flight[] = [];
  for (const origin of cities) {
    for (const destination of cities) {
      const km = kilometres(origin, destination);
      if (origin === destination || km < MIN_FLIGHT_KM) continue;
      for (const date of dates) {
        const count = random.next() < 0.6 ? 1 : 2;
        for (let flight = 0; flight < count; flight++) {
          const departure = random.int(6 * 60, 21 * 60);
          const number = numbers[flights.length];
          if (number === undefined) throw new RangeError('travel world: more flights than flight numbers');
          flights.push({
            flightNumber: `F${number}`,
            price: Math.round(40 + km * 0.1 * (0.8 + 0.4 * random.next())),
            origin,
            destination,
            date,
            departure: clock(departure),
            arrival: clock(departure + 30 + (km / 700) * 60),
          });
        }
      }
    }
  }
  const restaurants: Restaurant[] = [];
  const accommodations: Accommodation[] = [];
  const attractions: Attraction[] = [];
  for (const state of states) {
    const withoutShared = random.pick(state.cities);
    for (const city of state.cities) {
      accommodations.push(...cityAccommodations(random, city, city !== withoutShared));
      restaurants.push(...cityRestaurants(random, city));
      attractions.push(
        ...random
          .shuffle(ATTRACTION_NAMES)
          .slice(0, 6)
          .map((name) => ({ name, city })),
      );
    }
  }
  const database = new TravelDatabase({ restaurants, accommodations, attractions, distances, cityStates, flights });
  const flightIndex = new Map<string, Flight[]>();
  for (const flight of flights) {
    const key = `${flight.origin}\t${flight.destination}\t${flight.date}`;
    const list = flightIndex.get(key);
    if (list) list.push(flight);
    else flightIndex.set(key, [flight]);
  }
  return {
    seed,
    states,
    database,
    dates,
    flightsOn: (origin, destination, date) => flightIndex.get(`${origin}\t${destination}\t${date}`) ?? [],
    stateOf: (city) => cityStates.get(city),
  };
}
