import { describe, expect, it } from 'vitest';
import { loadTravelPlanner } from './index.ts';
import { benchmarkData } from '../../../test/support/benchmark-data.ts';
import { parseBudget, parseCityCount, parseDays, parseLocalConstraint, parsePeopleNumber } from './query-fields.ts';

describe('query text parsing', () => {
  it('reads budget, days and city counts', () => {
    expect(parseBudget('with a budget of $1,700.')).toBe(1700);
    expect(parseBudget('no money')).toBeNull();
    expect(parseDays('a 5-day trip')).toBe(5);
    expect(parseDays('for three days, between')).toBe(3);
    expect(parseDays('a week-long trip')).toBe(7);
    expect(parseCityCount('visit 3 distinct cities in Texas')).toBe(3);
    expect(parseCityCount('covering two cities in Florida')).toBe(2);
  });
  it('reads the number of travellers, defaulting to one', () => {
    expect(parsePeopleNumber('for a group of 8, departing')).toBe(8);
    expect(parsePeopleNumber('a 5-day travel plan for a group of three')).toBe(3);
    expect(parsePeopleNumber('for a party of 5?')).toBe(5);
    expect(parsePeopleNumber('for 2 people from')).toBe(2);
    expect(parsePeopleNumber('for two individuals, departing')).toBe(2);
    expect(parsePeopleNumber('a 3-day trip for two, starting')).toBe(2);
    expect(parsePeopleNumber('for a pair, departing')).toBe(2);
    expect(parsePeopleNumber('a solo trip')).toBe(1);
  });
  it('reads local constraints, keeping "party of 5" apart from the parties rule', () => {
    expect(
      parseLocalConstraint(
        'We are a party of 5. We require accommodations that allow parties and should ideally be entire rooms. ' +
          "Although we don't plan to self-drive, we would like the flexibility to host parties.",
      ),
    ).toEqual({ houseRule: 'parties', cuisine: null, roomType: 'entire room', transportation: 'no self-driving' });
    expect(
      parseLocalConstraint(
        'We prefer non-self-driving transportation and expect a blend of American, Mediterranean, French, and ' +
          'Chinese cuisines. Our stay must allow children under the age of 10.',
      ),
    ).toEqual({
      houseRule: 'children under 10',
      cuisine: ['American', 'Mediterranean', 'French', 'Chinese'],
      roomType: null,
      transportation: 'no self-driving',
    });
    expect(
      parseLocalConstraint(
        'We would prefer a journey that does not involve flying. We intend to stay in private rooms.',
      ),
    ).toEqual({ houseRule: null, cuisine: null, roomType: 'private room', transportation: 'no flight' });
    expect(
      parseLocalConstraint(
        'I have no specific preferences about house rules, cuisine, accommodations, or transportation.',
      ),
    ).toEqual({ houseRule: null, cuisine: null, roomType: null, transportation: null });
  });
  it('rejects a query naming two house rules', () => {
    expect(() => parseLocalConstraint('We need smoking allowed and pets welcome.')).toThrow(/ambiguous/);
  });
});

const travelPlanner = benchmarkData('travelplanner');
const dataPath = travelPlanner.path;

describe.skipIf(travelPlanner.skip)(travelPlanner.title('derived fields of the training queries'), () => {
  it('derives the structured fields of sample queries', () => {
    const { queries } = loadTravelPlanner(dataPath);
    expect(queries).toHaveLength(45);
    expect(queries[0]).toMatchObject({
      org: 'St. Petersburg',
      dest: 'Rockford',
      days: 3,
      visitingCityNumber: 1,
      peopleNumber: 1,
      budget: 1700,
      level: 'easy',
      date: ['2022-03-16', '2022-03-17', '2022-03-18'],
    });
    expect(queries[12]).toMatchObject({ org: 'Gulfport', dest: 'Texas', days: 7, visitingCityNumber: 3 });
    expect(queries[17]).toMatchObject({
      peopleNumber: 8,
      localConstraint: { houseRule: 'children under 10' },
      level: 'medium',
    });
    expect(queries[30]).toMatchObject({
      peopleNumber: 2,
      budget: 1500,
      level: 'hard',
      localConstraint: {
        houseRule: 'children under 10',
        cuisine: ['American', 'Mediterranean', 'French', 'Chinese'],
        roomType: null,
        transportation: 'no self-driving',
      },
    });
    expect(queries[41]).toMatchObject({
      days: 7,
      peopleNumber: 4,
      localConstraint: { houseRule: 'parties', roomType: 'entire room', transportation: 'no self-driving' },
    });
  });
});
