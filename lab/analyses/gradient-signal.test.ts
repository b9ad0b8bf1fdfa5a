import { describe, expect, it } from 'vitest';
import {
  bernoulliVariance,
  expectedSquaredGradient,
  pearsonCorrelation,
  proportionality,
  scoreNormByOutcome,
} from './gradient-signal.ts';

describe('Proposition 1 measures', () => {
  it('E‖g‖² with b = p̂ and a constant score norm is p̂(1 − p̂)·s', () => {
    const rewards = [1, 0, 0, 1, 1, 0, 0, 0];
    const p = 3 / 8;
    expect(
      expectedSquaredGradient(
        rewards,
        rewards.map(() => 2),
        p,
      ),
    ).toBeCloseTo(2 * bernoulliVariance(p), 12);
    expect(expectedSquaredGradient([], [], 0.5)).toBe(0);
    expect(() => expectedSquaredGradient([1], [], 0.5)).toThrow(RangeError);
  });

  it('weights each rollout’s score norm by its squared advantage', () => {
    // (1 − ½)²·4 and (0 − ½)²·8, averaged.
    expect(expectedSquaredGradient([1, 0], [4, 8], 0.5)).toBeCloseTo((0.25 * 4 + 0.25 * 8) / 2, 12);
  });

  it('splits score norms by outcome (Assumption 1)', () => {
    expect(scoreNormByOutcome([1, 0, 1], [2, 5, 4])).toEqual({ success: 3, failure: 5 });
    expect(scoreNormByOutcome([0, 0], [1, 3])).toEqual({ success: null, failure: 2 });
  });

  it('correlation and proportionality through the origin', () => {
    expect(pearsonCorrelation([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(pearsonCorrelation([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
    expect(pearsonCorrelation([1, 1], [2, 3])).toBeNull();
    const fit = proportionality([0, 0.1, 0.25], [0, 0.3, 0.5]);
    expect(fit.slope).toBeCloseTo((0.03 + 0.125) / (0.01 + 0.0625), 12);
    expect(fit.ratioMin).toBeCloseTo(2, 12);
    expect(fit.ratioMax).toBeCloseTo(3, 12);
  });
});
