import { describe, expect, it } from 'vitest';
import { alphaGaussian } from './difficulty-scorers.ts';
import { highestRewards } from './reward-selection.ts';

describe('selection by environment reward', () => {
  it('keeps the highest rewards, in item order, earlier first on ties', () => {
    expect(highestRewards([0.1, 0.9, 0.5, 0.9, 0.2], 2)).toEqual([1, 3]);
    expect(highestRewards([0.1, 0.9, 0.5, 0.9, 0.2], 3)).toEqual([1, 2, 3]);
    expect(highestRewards([0.4, 0.4, 0.4], 2)).toEqual([0, 1]);
  });
  it('keeps everything or nothing at the edges', () => {
    expect(highestRewards([0.3, 0.1], 5)).toEqual([0, 1]);
    expect(highestRewards([0.3, 0.1], 0)).toEqual([]);
    expect(highestRewards([], 3)).toEqual([]);
  });
  it('under Eq. 3 it keeps the success rates nearest α', () => {
    const rates = [0, 0.25, 0.5, 0.625, 1, 0.875, 0.375];
    const rewards = rates.map((rate) => alphaGaussian(rate, { alpha: 0.5, beta: 20 }));
    const kept = highestRewards(rewards, 3).map((index) => rates[index]);
    expect(kept).toEqual([0.5, 0.625, 0.375]);
  });
});
