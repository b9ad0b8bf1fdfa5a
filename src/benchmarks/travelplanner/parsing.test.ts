import { describe, expect, it } from 'vitest';
import { parseCsv, readCsvRecords } from './csv.ts';
import { attractionEntries, isValidCitySequence } from '../../domains/travel/checks/commonsense.ts';
import { parsePlan, planFromText } from '../../domains/travel/checks/plan-parsing.ts';
import { parsePythonLiteral } from '../../domains/travel/checks/python-literal.ts';
import {
  extractBeforeParenthesis,
  extractFromTo,
  flightNumberOf,
  nameAndCity,
  transportationMode,
} from '../../domains/travel/checks/text-patterns.ts';
import { toPlan } from '../../domains/travel/checks/plan.ts';

describe('csv', () => {
  it('reads quoted fields with commas, doubled quotes and newlines', () => {
    expect(parseCsv('a,b\r\n"x, y","he said ""hi""\nthen"\n1,\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'he said "hi"\nthen'],
      ['1', ''],
    ]);
  });
  it('drops rows with pandas-missing fields only when asked', () => {
    const text = 'name,rules\nA,No pets\nB,\nC,NA\n';
    expect(readCsvRecords(text, true).map((row) => row.name)).toEqual(['A']);
    expect(readCsvRecords(text, false).map((row) => row.name)).toEqual(['A', 'B', 'C']);
  });
});

describe('python literals', () => {
  it('reads the repr of a list of dicts, escapes and constants included', () => {
    expect(parsePythonLiteral(`[{'a': "it's", 'b': 'x\\'y\\n', 'c': 1.5, 'd': None, 'e': (True, False)}, {}]`)).toEqual(
      {
        ok: true,
        value: [{ a: "it's", b: "x'y\n", c: 1.5, d: null, e: [true, false] }, {}],
      },
    );
  });
  it('reads JSON and rejects broken text with a reason', () => {
    expect(parsePythonLiteral('{"k": [1, 2, null, true]}')).toEqual({ ok: true, value: { k: [1, 2, null, true] } });
    const broken = parsePythonLiteral("[{'a': 'unterminated]");
    expect(broken.ok).toBe(false);
    expect(parsePythonLiteral('[1, 2] tail').ok).toBe(false);
  });
});

describe('official string helpers', () => {
  it('splits "from A to B" up to the next comma', () => {
    expect(extractFromTo('Flight Number: F1, from Dallas(Texas) to San Angelo(Texas), Departure Time: 1')).toEqual([
      'Dallas(Texas)',
      'San Angelo(Texas)',
    ]);
    expect(extractFromTo('from St. Petersburg to Rockford')).toEqual(['St. Petersburg', 'Rockford']);
    expect(extractFromTo('Rockford')).toBeNull();
  });
  it('takes the name before the last comma and the city without its state', () => {
    expect(nameAndCity('San Angelo State Park, South Entrance, San Angelo(Texas)')).toEqual({
      name: 'San Angelo State Park, South Entrance',
      city: 'San Angelo',
    });
    expect(nameAndCity('No comma here')).toEqual({ name: '-', city: '-' });
    expect(extractBeforeParenthesis('Dallas(Texas)')).toBe('Dallas');
  });
  it('reads transport modes and flight numbers as the official code does', () => {
    expect(transportationMode('Self-driving, from A to B')).toBe('Self-driving');
    expect(transportationMode('taxi or flight')).toBe('Taxi');
    expect(transportationMode('walk')).toBeNull();
    expect(flightNumberOf('Flight Number: F3573659, from A to B')).toBe('F3573659');
    expect(flightNumberOf('flight number F1')).toBeNull();
  });
  it('keeps attraction entries that end with ";" only', () => {
    expect(attractionEntries('A, X;B, X;')).toEqual(['A, X', 'B, X']);
    expect(attractionEntries('A, X;B, X')).toEqual(['A, X']);
  });
  it('accepts a city sequence only when inner cities stay two entries in one run', () => {
    expect(isValidCitySequence(['O', 'A', 'A', 'A', 'O'])).toBe(true);
    expect(isValidCitySequence(['O', 'A', 'A', 'B', 'B', 'O'])).toBe(true);
    expect(isValidCitySequence(['O', 'A', 'B', 'B', 'O'])).toBe(false);
    expect(isValidCitySequence(['O', 'A', 'A', 'B', 'B', 'A', 'A', 'O'])).toBe(false);
    expect(isValidCitySequence(['O', 'O'])).toBe(false);
  });
});

describe('plan parsing', () => {
  const day = {
    days: 1,
    current_city: 'from A to B',
    transportation: '-',
    breakfast: '-',
    attraction: '-',
    lunch: '-',
    dinner: '-',
    accommodation: '-',
  };
  it('takes the last list of day objects in the text, fenced or not', () => {
    const text =
      `Draft: [1, ` +
      `2]\n\`\`\`json\n${JSON.stringify([day])}\n\`\`\`\nFinal:\n${JSON.stringify([{ ...day, dinner: "Joe's, B" }])}`;
    expect(planFromText(text)?.[0]?.dinner).toBe("Joe's, B");
  });
  it('prefers a submit_plan tool call and accepts a plan given as text inside it', () => {
    expect(
      parsePlan({
        text: JSON.stringify([day]),
        toolCalls: [{ name: 'submit_plan', arguments: { plan: JSON.stringify([{ ...day, days: 2 }]) } }],
      }),
    ).toMatchObject({ source: 'tool', plan: [{ days: 2 }] });
  });
  it('reports an answer without a plan', () => {
    expect(parsePlan({ text: 'No plan. [not, a, plan]' })).toEqual({
      plan: null,
      reason: 'no list of day objects found in the answer',
    });
  });
  it('normalises values: null to "", numbers to text except days, nested values to JSON', () => {
    expect(toPlan([{ days: 1, lunch: null, dinner: 5, attraction: ['x'] }])).toEqual([
      { days: 1, lunch: '', dinner: '5', attraction: '["x"]' },
    ]);
    expect(toPlan([1])).toBeNull();
  });
});
