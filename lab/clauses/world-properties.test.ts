import { describe, expect, it } from 'vitest';
import { bandShares, competenceEdge, correlation, successByLength } from './world-properties.ts';

describe('clauses world properties', () => {
  it('counts p̂ in the band (its edges included), out of reach, trivial, never and always solved', () => {
    expect(bandShares([0.4, 0.5, 0.6, 0.65, 0, 1, 1, 0.2, 0.1, 0.9], 0.5, 0.1)).toEqual({
      inBand: 3 / 10,
      outOfReach: 2 / 10,
      trivial: 3 / 10,
      never: 1 / 10,
      always: 2 / 10,
    });
    expect(bandShares([], 0.5, 0.1)).toEqual({ inBand: 0, outOfReach: 0, trivial: 0, never: 0, always: 0 });
  });

  it('correlates two measurements, null where one does not vary', () => {
    expect(correlation([0, 0.5, 1], [0, 0.5, 1])).toBeCloseTo(1);
    expect(correlation([0, 0.5, 1], [1, 0.5, 0])).toBeCloseTo(-1);
    expect(correlation([0, 1, 0, 1], [0, 0, 1, 1])).toBeCloseTo(0);
    expect(correlation([0.5, 0.5], [0, 1])).toBeNull();
    expect(() => correlation([1], [1, 2])).toThrow(RangeError);
  });

  it('finds the longest length solved at least half the time', () => {
    const byLength = successByLength([
      { length: 2, successRate: 0.9 },
      { length: 1, successRate: 1 },
      { length: 3, successRate: 0.6 },
      { length: 3, successRate: 0.4 },
      { length: 4, successRate: 0.2 },
    ]);
    expect(byLength.map((entry) => [entry.length, entry.taskTypes])).toEqual([
      [1, 1],
      [2, 1],
      [3, 2],
      [4, 1],
    ]);
    expect(competenceEdge(byLength)).toBe(3);
    expect(competenceEdge([{ length: 1, successRate: 0.2 }])).toBe(0);
  });
});
