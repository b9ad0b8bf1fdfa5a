import { describe, expect, it } from 'vitest';
import {
  absoluteZeroLearnability,
  alphaGaussian,
  betaPosteriorMean,
  empiricalSuccessRate,
  estimateSuccessRate,
  filterInBand,
  goalGanBand,
  inBand,
  nearestToTarget,
  rZeroLinear,
  rwrWeights,
  samplingForLearnability,
  scoreDifficulty,
} from './index.ts';

describe('success-rate estimators (paper Eq. 2)', () => {
  it('empirical rate at the edges', () => {
    expect(empiricalSuccessRate(0, 8)).toBe(0);
    expect(empiricalSuccessRate(8, 8)).toBe(1);
    expect(empiricalSuccessRate(3, 8)).toBe(0.375);
    expect(empiricalSuccessRate(0, 0)).toBeNull();
  });
  it('Beta posterior mean shrinks toward the prior', () => {
    expect(betaPosteriorMean(0, 0)).toBe(0.5);
    expect(betaPosteriorMean(4, 4)).toBeCloseTo(5 / 6, 12);
    expect(betaPosteriorMean(0, 4, 2, 2)).toBeCloseTo(2 / 8, 12);
    expect(estimateSuccessRate(1, 1, 'beta-mean', [1, 1])).toBeCloseTo(2 / 3, 12);
    expect(estimateSuccessRate(1, 1, 'empirical')).toBe(1);
  });
  it('rejects impossible counts', () => {
    expect(() => empiricalSuccessRate(3, 2)).toThrow(RangeError);
    expect(() => empiricalSuccessRate(-1, 2)).toThrow(RangeError);
    expect(() => betaPosteriorMean(1, 2, 0, 1)).toThrow(RangeError);
  });
});

describe('difficulty scorers (paper Eq. 3 and alternatives)', () => {
  const parameters = { alpha: 0.5, beta: 2 };
  it('alpha-gaussian peaks at α and is symmetric', () => {
    expect(alphaGaussian(0.5, parameters)).toBe(1);
    expect(alphaGaussian(0, parameters)).toBeCloseTo(Math.exp(-0.5), 12);
    expect(alphaGaussian(1, parameters)).toBeCloseTo(alphaGaussian(0, parameters), 12);
    expect(alphaGaussian(0.3, { alpha: 0.3, beta: 50 })).toBe(1);
  });
  it('alternative scorers at p̂ = 0, ½, 1', () => {
    expect([rZeroLinear(0, parameters), rZeroLinear(0.5, parameters), rZeroLinear(1, parameters)]).toEqual([0, 1, 0]);
    expect([
      absoluteZeroLearnability(0, parameters),
      absoluteZeroLearnability(0.25, parameters),
      absoluteZeroLearnability(1, parameters),
    ]).toEqual([0, 0.75, 0]);
    expect([
      samplingForLearnability(0, parameters),
      samplingForLearnability(0.5, parameters),
      samplingForLearnability(1, parameters),
    ]).toEqual([0, 0.25, 0]);
    expect([
      goalGanBand(0.05, parameters),
      goalGanBand(0.1, parameters),
      goalGanBand(0.9, parameters),
      goalGanBand(0.95, parameters),
    ]).toEqual([0, 1, 1, 0]);
  });
  it('rejects success rates outside [0, 1]', () => {
    expect(() => scoreDifficulty('alpha-gaussian', 1.5, parameters)).toThrow(RangeError);
    expect(() => scoreDifficulty('sfl', Number.NaN, parameters)).toThrow(RangeError);
  });
});

describe('k_min filter', () => {
  it('is inclusive at the band edges despite floating point', () => {
    expect(inBand(0.4, 0.5, 0.1)).toBe(true);
    expect(inBand(0.6, 0.5, 0.1)).toBe(true);
    expect(inBand(0.625, 0.5, 0.1)).toBe(false);
    expect(inBand(3 / 8, 0.5, 0.1)).toBe(false); // at n = 8 only 0.5 passes a ±0.1 band
    expect(inBand(0.5, 0.5, 0)).toBe(true);
  });
  it('drops items without a rate and can filter out a whole batch', () => {
    const items = [{ p: 0.5 }, { p: null }, { p: 0.9 }];
    expect(filterInBand(items, (item) => item.p, 0.5, 0.1)).toEqual([{ p: 0.5 }]);
    expect(filterInBand([{ p: 0 }, { p: 1 }], (item) => item.p, 0.5, 0.1)).toEqual([]);
    expect(filterInBand([], () => 0.5, 0.5, 0.1)).toEqual([]);
  });
});

describe('RWR weights', () => {
  it('exp(λR) without normalisation ranges 1..e for R in [0, 1], λ = 1', () => {
    expect(rwrWeights([0, 1], 1, 'none')).toEqual([1, Math.E]);
  });
  it('mean normalisation averages 1 and keeps ratios', () => {
    const weights = rwrWeights([0.2, 0.8, 1], 2, 'mean');
    expect(weights.reduce((a, b) => a + b, 0) / 3).toBeCloseTo(1, 12);
    expect(weights[1]! / weights[0]!).toBeCloseTo(Math.exp(2 * 0.6), 10);
  });
  it('zscore separates nearly equal rewards; equal rewards give ones', () => {
    const weights = rwrWeights([0.98, 0.99, 1], 1, 'zscore');
    expect(weights[2]! / weights[0]!).toBeCloseTo(Math.exp(2 * Math.sqrt(1.5)), 6);
    expect(rwrWeights([0.7, 0.7], 1, 'zscore')).toEqual([1, 1]);
    expect(rwrWeights([0.7], 3, 'mean')).toEqual([1]);
  });
  it('handles empty batches and rejects bad input', () => {
    expect(rwrWeights([], 1, 'mean')).toEqual([]);
    expect(() => rwrWeights([1], -1, 'none')).toThrow(RangeError);
    expect(() => rwrWeights([Number.NaN], 1, 'none')).toThrow(RangeError);
  });
  it('λ = 0 gives uniform weights', () => {
    expect(rwrWeights([0, 0.5, 1], 0, 'mean')).toEqual([1, 1, 1]);
  });
});

describe('nearest to the target', () => {
  it('gives the indices of the rates nearest α, in item order, earlier items first on ties', () => {
    expect(nearestToTarget([0, 0.9, 0.3, 1, 0.7], 0.5, 2)).toEqual([2, 4]);
    expect(nearestToTarget([0.2, 0.8], 0.5, 1)).toEqual([0]);
    expect(nearestToTarget([0.2, 0.8], 0.5, 5)).toEqual([0, 1]);
    expect(nearestToTarget([0.2], 0.5, 0)).toEqual([]);
  });
});
