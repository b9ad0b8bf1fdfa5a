import { describe, expect, it } from 'vitest';
import { boxStatistics, quantileSorted, stripOffsets } from './box-statistics.ts';

describe('boxStatistics', () => {
  it('gives min, quartiles (linear interpolation), median and max', () => {
    expect(boxStatistics([4, 1, 3, 2, 5])).toEqual([1, 2, 3, 4, 5]);
    // Four values: quartile positions 0.75 and 2.25 fall between order statistics.
    expect(boxStatistics([0, 0.25, 0.5, 1])).toEqual([0, 0.1875, 0.375, 0.625, 1]);
  });

  it('is null for an epoch without task types, and degenerate for one value', () => {
    expect(boxStatistics([])).toBeNull();
    expect(boxStatistics([0.375])).toEqual([0.375, 0.375, 0.375, 0.375, 0.375]);
  });

  it('clamps q and rejects an empty list', () => {
    expect(quantileSorted([1, 2], 1.5)).toBe(2);
    expect(() => quantileSorted([], 0.5)).toThrow(RangeError);
  });
});

describe('stripOffsets', () => {
  it('leaves unique values centred and fans out equal values symmetrically', () => {
    const offsets = stripOffsets([0.5, 0.25, 0.5, 0.5, 1]);
    expect(offsets[1]).toBe(0);
    expect(offsets[4]).toBe(0);
    const fanned = [offsets[0]!, offsets[2]!, offsets[3]!];
    expect(new Set(fanned).size).toBe(3);
    expect(fanned.reduce((total, value) => total + value, 0)).toBeCloseTo(0, 12);
  });

  it('stays inside the half width however many values coincide', () => {
    const offsets = stripOffsets(
      Array.from({ length: 200 }, () => 0.5),
      0.3,
    );
    expect(Math.max(...offsets)).toBeLessThanOrEqual(0.3 + 1e-12);
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(-0.3 - 1e-12);
  });
});
