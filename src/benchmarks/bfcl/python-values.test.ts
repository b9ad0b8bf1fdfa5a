import { describe, expect, it } from 'vitest';
import { PythonRandom } from './python-random.ts';
import {
  executionResultString,
  pythonEquals,
  pythonFloat,
  pythonJsonDumps,
  pythonRepr,
  PythonOpaque,
  pythonTruthy,
  sliceFrom,
  splitLines,
} from './python-values.ts';
import { pythonRound } from './environments/math-api.ts';

describe('PythonRandom matches CPython random.Random', () => {
  // Values printed by CPython 3: random.Random(200191).randint(10000, 99999) twice, randint(10**11, 10**12 - 1),
  // random(), uniform(-10, 40); random.Random(0).randint(1, 6).
  it('reproduces randint, random and uniform', () => {
    const random = new PythonRandom(200191);
    expect(random.randint(10000, 99999)).toBe(67410);
    expect(random.randint(10000, 99999)).toBe(41772);
    expect(random.randint(100000000000, 999999999999)).toBe(521379371380);
    expect(random.random()).toBe(0.9878793573409691);
    expect(random.uniform(-10, 40)).toBe(-1.0408548845012096);
    expect(new PythonRandom(0).randint(1, 6)).toBe(4);
  });
});

describe('Python value printing', () => {
  it('prints repr like Python', () => {
    expect(pythonRepr(['a', "it's", 1, 2.5, true, null, { k: [] }])).toBe(
      `['a', "it's", 1, 2.5, True, None, {'k': []}]`,
    );
    expect(pythonRepr(new Set())).toBe('set()');
    expect(pythonRepr(1e-7)).toBe('1e-07');
  });

  it('prints json.dumps like Python (spaces after separators, ASCII escapes)', () => {
    expect(pythonJsonDumps({ a: [1, 'é'], b: null, c: false })).toBe('{"a": [1, "\\u00e9"], "b": null, "c": false}');
  });

  it('records results as the official executor does', () => {
    expect(executionResultString('plain')).toBe('plain');
    expect(executionResultString({ result: 3 })).toBe('{"result": 3}');
    expect(executionResultString({ result: new PythonOpaque("Decimal('2')") })).toBe(`{'result': Decimal('2')}`);
    expect(executionResultString(null)).toBe('None');
    expect(executionResultString([{ id: 1 }])).toBe(`[{'id': 1}]`);
  });
});

describe('Python semantics helpers', () => {
  it('compares like ==: dict order ignored, list order kept, 1 == True', () => {
    expect(pythonEquals({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(pythonEquals([1, 2], [2, 1])).toBe(false);
    expect(pythonEquals(1, true)).toBe(true);
    expect(pythonEquals('5', 5)).toBe(false);
    expect(pythonEquals(new Set([1, 2]), new Set([2, 1]))).toBe(true);
  });

  it('splits lines, slices and tests truth like Python', () => {
    expect(splitLines('a\nb\r\nc\n')).toEqual(['a', 'b', 'c']);
    expect(sliceFrom([1, 2, 3], -2)).toEqual([2, 3]);
    expect(sliceFrom([1, 2, 3], 0)).toEqual([1, 2, 3]);
    expect([pythonTruthy([]), pythonTruthy({}), pythonTruthy('False'), pythonTruthy(0)]).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  it('converts with float() and rounds half to even', () => {
    expect(pythonFloat('2.5')).toBe(2.5);
    expect(() => pythonFloat('abc')).toThrow(/could not convert/);
    expect([pythonRound(2.5, 0), pythonRound(0.125, 2), pythonRound(2.675, 2), pythonRound(1234, -2)]).toEqual([
      2, 0.12, 2.67, 1200,
    ]);
  });
});
