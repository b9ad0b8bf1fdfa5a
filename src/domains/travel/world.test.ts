import { describe, expect, it } from 'vitest';
import { Random } from '../../util/random.ts';
import { CUISINES } from './checks/query.ts';
import { ATTRACTION_NAMES, CITY_NAMES, HOTEL_NAMES, RESTAURANT_NAMES } from './names.ts';
import { houseRuleAllowed, roomTypeAllowed, solve } from './solver.ts';
import {
  CITY_LEVELS,
  DAY_LEVELS,
  HOUSE_RULE_CODES,
  ROOM_TYPE_CODES,
  TRANSPORT_CODES,
  TravelSpecSchema,
  validShape,
  type TravelSpec,
} from './spec.ts';
import { createTravelWorld, ROOM_TYPES } from './world.ts';

const world = createTravelWorld(1);
const cities = world.states.flatMap((state) => state.cities);

describe('travel world', () => {
  it('is a pure function of its seed', () => {
    const again = createTravelWorld(1);
    expect(again.database.allFlights()).toEqual(world.database.allFlights());
    expect(cities.map((city) => again.database.accommodationsIn(city))).toEqual(
      cities.map((city) => world.database.accommodationsIn(city)),
    );
    expect(createTravelWorld(2).database.allFlights()).not.toEqual(world.database.allFlights());
  });

  it('keeps names apart: no name of a pool inside another, no check word inside a city', () => {
    for (const pool of [CITY_NAMES, HOTEL_NAMES, RESTAURANT_NAMES, ATTRACTION_NAMES]) {
      for (const name of pool)
        expect(
          pool.filter((other) => other.includes(name)),
          name,
        ).toEqual([name]);
    }
    for (const city of CITY_NAMES) expect(city.toLowerCase()).not.toMatch(/from|taxi|flight|self-driving| to /);
  });

  it('has 5 states of 4 cities, unique flight numbers, and flights only between cities 250 km or more apart', () => {
    expect(world.states.map((state) => state.cities.length)).toEqual([4, 4, 4, 4, 4]);
    const flights = world.database.allFlights();
    expect(new Set(flights.map((flight) => flight.flightNumber)).size).toBe(flights.length);
    for (const flight of flights) {
      const road = world.database.distance(flight.origin, flight.destination);
      if (road?.distance) expect(Number(road.distance.replace(/[ ,km]/g, ''))).toBeGreaterThanOrEqual(250);
    }
  });

  it('drives between every pair of mainland cities within a day, and never to or from the island', () => {
    const island = new Set(world.states.find((state) => state.island)!.cities);
    for (const origin of cities) {
      for (const destination of cities) {
        if (origin === destination) continue;
        const cost = world.database.groundCost(origin, destination, 'self-driving');
        if (island.has(origin) !== island.has(destination)) expect(cost).toBeNull();
        else expect(cost, `${origin}>${destination}`).not.toBeNull();
      }
    }
  });

  it('offers in every city a one-night stay of each room type it has for every house rule, and every cuisine', () => {
    for (const state of world.states) {
      const withShared = state.cities.filter((city) =>
        world.database.accommodationsIn(city).some((row) => row.roomType === 'Shared room'),
      );
      expect(withShared, state.name).toHaveLength(3);
    }
    for (const city of cities) {
      const stays = world.database.accommodationsIn(city);
      expect(stays).toHaveLength(8);
      for (const roomType of ROOM_TYPES) {
        const ofType = stays.filter((row) => row.roomType === roomType && row.minimumNights === 1);
        if (roomType !== 'Shared room') expect(ofType.length, `${city} ${roomType}`).toBeGreaterThan(0);
        if (ofType.length === 0) continue;
        for (const rule of Object.keys(HOUSE_RULE_CODES) as (keyof typeof HOUSE_RULE_CODES)[]) {
          expect(
            ofType.some((row) => houseRuleAllowed(rule, row)),
            `${city} ${roomType} ${rule}`,
          ).toBe(true);
        }
      }
      for (const cuisine of CUISINES)
        expect(world.database.restaurantsIn(city).some((row) => row.cuisines.includes(cuisine))).toBe(true);
      expect(world.database.restaurantsIn(city)).toHaveLength(12);
      expect(world.database.attractionsIn(city)).toHaveLength(6);
    }
  });

  it('has a plan for every trip shape under every combination of house rule, room type and transport rule', () => {
    const keys = <T extends object>(table: T) => [null, ...(Object.keys(table) as (keyof T)[])];
    let solved = 0;
    for (const days of DAY_LEVELS) {
      for (const count of CITY_LEVELS.filter((value) => validShape(days, value))) {
        for (const houseRule of keys(HOUSE_RULE_CODES)) {
          for (const roomType of keys(ROOM_TYPE_CODES)) {
            for (const transport of keys(TRANSPORT_CODES)) {
              const spec: TravelSpec = TravelSpecSchema.parse({
                days,
                cities: count,
                people: 3,
                budget: 'tight',
                distractors: 2,
                houseRule,
                roomType,
                cuisines: ['Chinese', 'Mexican', 'French'],
                transport,
                origin: null,
                destination: null,
              });
              const result = solve(world, spec, new Random(solved));
              expect(result.ok, `${JSON.stringify(spec)}: ${result.ok ? '' : result.reason}`).toBe(true);
              if (result.ok) {
                for (const stay of result.value.stays) {
                  expect(roomTypeAllowed(roomType, stay.roomType)).toBe(true);
                  expect(houseRuleAllowed(houseRule, stay)).toBe(true);
                }
              }
              solved++;
            }
          }
        }
      }
    }
    expect(solved).toBe(11 * 6 * 5 * 3);
  });
});
