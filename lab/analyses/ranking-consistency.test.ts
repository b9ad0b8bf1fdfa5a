import { describe, expect, it } from 'vitest';
import {
  attemptsForBound,
  binomialProbabilities,
  inBandProbability,
  misrankingProbability,
  misrankingSimulated,
  rankingBound,
} from './ranking-consistency.ts';

describe('Theorem 1: mis-ranking of two task types by R_env', () => {
  it('binomial probabilities sum to 1 and match the closed form', () => {
    const masses = binomialProbabilities(4, 0.3);
    expect(masses.reduce((sum, mass) => sum + mass, 0)).toBeCloseTo(1, 12);
    expect(masses[2]).toBeCloseTo(6 * 0.3 ** 2 * 0.7 ** 2, 12);
    expect(Array.from(binomialProbabilities(3, 1))).toEqual([0, 0, 0, 1]);
    expect(() => binomialProbabilities(2, 1.5)).toThrow(RangeError);
  });

  it('the exact probability equals the Monte Carlo twin within its error', () => {
    for (const [p1, p2, n] of [
      [0.5, 0.2, 16],
      [0.45, 0.8, 8],
      [0.6, 0.95, 32],
    ] as const) {
      const exact = misrankingProbability(p1, p2, 0.5, n);
      const simulated = misrankingSimulated(p1, p2, 0.5, n, 40000, 7);
      // 40,000 trials: standard error ≤ 0.0025, so 0.012 is about five of them.
      expect(Math.abs(exact.atMost - simulated.atMost)).toBeLessThan(0.012);
      expect(Math.abs(exact.strict - simulated.strict)).toBeLessThan(0.012);
      expect(exact.strict).toBeLessThanOrEqual(exact.atMost);
    }
  });

  it('counts ties as mis-rankings in the theorem’s event: n = 1, both rates at ½ distance from α', () => {
    // p̂ ∈ {0, 1} is always ½ from α = ½: every draw is a tie.
    const result = misrankingProbability(0.5, 0.9, 0.5, 1);
    expect(result.atMost).toBeCloseTo(1, 12);
    expect(result.strict).toBeCloseTo(0, 12);
  });

  it('stays under the bound and decays with n', () => {
    let previous = 1;
    for (const n of [8, 32, 128, 512]) {
      const { atMost } = misrankingProbability(0.5, 0.2, 0.5, n);
      expect(atMost).toBeLessThanOrEqual(Math.min(1, rankingBound(0.3, n)));
      expect(atMost).toBeLessThan(previous);
      previous = atMost;
    }
    expect(rankingBound(0.3, 16)).toBeCloseTo(4 * Math.exp((-2 / 9) * 0.09 * 16), 12);
  });

  it('the attempts that bring the bound to a target', () => {
    const n = attemptsForBound(0.3, 0.05);
    expect(rankingBound(0.3, n)).toBeLessThanOrEqual(0.05);
    expect(rankingBound(0.3, n - 1)).toBeGreaterThan(0.05);
    expect(attemptsForBound(0, 0.05)).toBe(Number.POSITIVE_INFINITY);
  });

  it('in-band probability: a p = ½ task with 16 attempts lands in ±0.1 about half the time', () => {
    // k ∈ {7, 8, 9} of 16 (0.4375 … 0.5625); 6/16 = 0.375 and 10/16 = 0.625 are outside.
    const masses = binomialProbabilities(16, 0.5);
    expect(inBandProbability(0.5, 16, 0.5, 0.1)).toBeCloseTo(masses[7]! + masses[8]! + masses[9]!, 12);
    // The band edge counts as inside: 4/10 and 6/10 are exactly 0.1 from ½.
    const ten = binomialProbabilities(10, 0.5);
    expect(inBandProbability(0.5, 10, 0.5, 0.1)).toBeCloseTo(ten[4]! + ten[5]! + ten[6]!, 12);
  });
});
