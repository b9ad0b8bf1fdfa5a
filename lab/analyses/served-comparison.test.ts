import { describe, expect, it } from 'vitest';
import { type ArmRun, compareServed, estimate } from './served-comparison.ts';

/** A run whose every epoch has `success`, in-band share and R_env from `values`, and held-out `accuracy`. */
function run(seed: number, epochs: number, success: (epoch: number) => number, accuracy: number): ArmRun {
  return {
    seed,
    epochs: Array.from({ length: epochs + 1 }, (_, epoch) => ({
      epoch,
      successRate: success(epoch),
      inBandFraction: 0.25,
      envReward: epoch === 0 ? null : 0.5,
      heldOutAccuracy: { 'test-id': accuracy, 'test-hard': accuracy / 2 },
    })),
  };
}

describe('compareServed', () => {
  it('finds no difference between identical arms', () => {
    const arm = [run(1, 3, (epoch) => 0.1 * epoch, 0.6), run(2, 3, (epoch) => 0.2 * epoch, 0.7)];
    const comparison = compareServed(arm, arm);
    expect(comparison.seeds).toEqual([1, 2]);
    expect(comparison.finalEpoch).toBe(3);
    expect(comparison.heldOut.map((entry) => entry.set)).toEqual(['test-hard', 'test-id']);
    const testId = comparison.heldOut[1]!;
    expect(testId.inProcess.mean).toBeCloseTo(0.65, 12);
    expect(testId.difference.values).toEqual([0, 0]);
    expect(testId.matches).toBe(true);
    expect(comparison.course).toHaveLength(4);
    expect(comparison.course[2]!.metrics.successRate.served.mean).toBeCloseTo(0.3, 12);
    // R_env is null at epoch 0 in these runs: no value, no pair, no match claimed.
    expect(comparison.course[0]!.metrics.envReward.difference.values).toEqual([]);
    expect(comparison.course[0]!.metrics.envReward.matches).toBe(false);
    // The course as one number per seed: the mean of epochs 1..3 (0.2 and 0.4).
    expect(comparison.overall.successRate.inProcess.values.map((value) => value.toFixed(6))).toEqual([
      '0.200000',
      '0.400000',
    ]);
  });

  it('pairs by seed, reads held-out at the last epoch every run completed, and sees a shift', () => {
    const inProcess = [run(1, 4, () => 0.5, 0.6), run(2, 4, () => 0.5, 0.62), run(3, 4, () => 0.5, 0.61)];
    const served = [run(2, 3, () => 0.3, 0.42), run(1, 3, () => 0.31, 0.4), run(7, 3, () => 0.3, 0.4)];
    const comparison = compareServed(inProcess, served);
    expect(comparison.seeds).toEqual([1, 2]);
    expect(comparison.finalEpoch).toBe(3);
    const testId = comparison.heldOut.find((entry) => entry.set === 'test-id')!;
    expect(testId.difference.values.map((value) => value.toFixed(6))).toEqual(['-0.200000', '-0.200000']);
    expect(testId.matches).toBe(false);
    expect(comparison.overall.successRate.matches).toBe(false);
    expect(comparison.overall.inBandFraction.matches).toBe(true);
  });
});

describe('estimate', () => {
  it('ignores missing values and gives the Student-t interval', () => {
    const result = estimate([0.5, null, 0.7, undefined, Number.NaN]);
    expect(result.values).toEqual([0.5, 0.7]);
    expect(result.mean).toBeCloseTo(0.6, 12);
    // t(1 df) = 12.706, s = 0.1414, n = 2: half-width 1.2706.
    expect(result.interval![1] - 0.6).toBeCloseTo(1.2706, 4);
    expect(estimate([]).interval).toBeNull();
  });
});
