import { describe, expect, it } from 'vitest';
import { groupHitProbability, nearestRankQuantile, summarizeExploration } from './exploration-probe.ts';

describe('exploration probe statistics', () => {
  it('gives the chance that a group of G rollouts holds a success', () => {
    expect(groupHitProbability(0, 8)).toBe(0);
    expect(groupHitProbability(1, 8)).toBe(1);
    expect(groupHitProbability(0.5, 2)).toBeCloseTo(0.75, 12);
    expect(groupHitProbability(0.01, 8)).toBeCloseTo(1 - 0.99 ** 8, 12);
    expect(groupHitProbability(1.5, 8)).toBe(1);
  });

  it('takes nearest-rank quantiles of unsorted values', () => {
    expect(nearestRankQuantile([5, 1, 3, 2, 4], 0.5)).toBe(3);
    expect(nearestRankQuantile([5, 1, 3, 2, 4], 0)).toBe(1);
    expect(nearestRankQuantile([5, 1, 3, 2, 4], 1)).toBe(5);
    expect(nearestRankQuantile([5, 1, 3, 2, 4], 0.25)).toBe(2);
  });

  it('summarises items, and says nothing for no items', () => {
    const summary = summarizeExploration([0.5, 0, 1, 0.5], 2);
    expect(summary.items).toBe(4);
    expect(summary.quartiles).toEqual([0.5, 0.5, 0.5]);
    expect(summary.groupHitRate).toBeCloseTo((0.75 + 0 + 1 + 0.75) / 4, 12);
    expect(summarizeExploration([], 8)).toEqual({ items: 0, quartiles: null, groupHitRate: null });
  });
});
