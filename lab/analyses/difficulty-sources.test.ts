import { describe, expect, it } from 'vitest';
import { ALL_FIELDS, difficultySources, explainedShare, fieldLevel } from './difficulty-sources.ts';

describe('difficulty sources', () => {
  it('groups lists by length, objects by key count, scalars as written', () => {
    expect(fieldLevel(['a', 'b'])).toBe('2 items');
    expect(fieldLevel({ x: 1 })).toBe('1 keys');
    expect(fieldLevel(3)).toBe('3');
    expect(fieldLevel('send')).toBe('send');
    expect(fieldLevel(null)).toBe('null');
  });

  it('gives a grouping that decides the values a share of 1 and one unrelated to them 0', () => {
    const values = [0, 0, 0, 1, 1, 1];
    expect(explainedShare(values, ['a', 'a', 'a', 'b', 'b', 'b'])).toBe(1);
    expect(explainedShare(values, ['a', 'b', 'c', 'a', 'b', 'c'])).toBe(0);
  });

  it('matches the adjusted η² computed by hand and is null without variance or degrees of freedom', () => {
    // Groups [0, 0.5, 1] and [1, 1, 1]: grand mean 0.75, SS_total 0.875, SS_between 0.375, SS_within 0.5 over
    // 6 − 2 degrees of freedom, so ε² = (0.375 − 1 · 0.125) / 0.875.
    expect(explainedShare([0, 0.5, 1, 1, 1, 1], ['a', 'a', 'a', 'b', 'b', 'b'])).toBeCloseTo(0.25 / 0.875, 12);
    expect(explainedShare([0.5, 0.5, 0.5], ['a', 'b', 'a'])).toBeNull();
    expect(explainedShare([0, 1], ['a', 'b'])).toBeNull();
    expect(() => explainedShare([0], [])).toThrow(RangeError);
  });

  it('does not credit a field with many levels for fitting noise (adjusted for the levels fitted)', () => {
    // 200 pseudo-random values in 50 groups of 4 unrelated to them: plain η² is about 49/199, ε² about 0.
    let state = 12345;
    const values = Array.from({ length: 200 }, () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    });
    const groups = values.map((_, index) => `level-${index % 50}`);
    expect(explainedShare(values, groups)!).toBeLessThan(0.1);
  });

  it('finds the field that decides p̂ among spec fields, with lists by length and all fields together', () => {
    const records = [];
    for (let index = 0; index < 60; index++) {
      const intent = ['easy', 'medium', 'hard'][index % 3]!;
      records.push({
        spec: { intent, phrasing: index % 4, distractors: Array.from({ length: index % 5 }, () => 'tool') },
        successRate: { easy: 0.9, medium: 0.5, hard: 0.1 }[intent]! + ((index * 37) % 7) / 100,
      });
    }
    const shares = Object.fromEntries(difficultySources(records).map((row) => [row.field, row]));
    expect(Object.keys(shares)).toEqual(['intent', 'phrasing', 'distractors', ALL_FIELDS]);
    expect(shares.intent!.share!).toBeGreaterThan(0.95);
    expect(shares.intent!.levels).toBe(3);
    expect(shares.phrasing!.share!).toBeLessThan(0.1);
    expect(shares.distractors!.levels).toBe(5);
    expect(difficultySources([{ spec: 'a', successRate: 0 }]).map((row) => row.field)).toEqual(['spec', ALL_FIELDS]);
  });
});
