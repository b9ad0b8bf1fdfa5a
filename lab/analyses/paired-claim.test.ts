import { describe, expect, it } from 'vitest';
import {
  calibratedShare,
  climb,
  estimate,
  inBandShare,
  pairedComparison,
  type RunFigures,
  scoreOf,
} from './paired-claim.ts';

const run = (seed: number, id: number, hard: number, successes: number[] = [], levels: number[] = []): RunFigures => ({
  seed,
  heldOut: { 'test-id': id, 'test-hard': hard },
  syntheticSamples: 0,
  epochs: successes.map((successRate, epoch) => ({ epoch, successRate, difficulty: levels[epoch] ?? null })),
});

describe('paired claim', () => {
  it('scores a set or the mean of the sets', () => {
    expect(scoreOf(run(1, 0.8, 0.2), 'test-hard')).toBe(0.2);
    expect(scoreOf(run(1, 0.8, 0.2), 'mean')).toBeCloseTo(0.5);
  });

  it('gives the ratio of means and the paired difference over shared seeds only', () => {
    const left = [run(1, 0.9, 0.3), run(2, 0.9, 0.5), run(3, 0.9, 0.4)];
    const right = [run(1, 0.9, 0.1), run(2, 0.9, 0.3)];
    const result = pairedComparison(left, right, 'test-hard');
    expect(result.ratio).toBeCloseTo(0.4 / 0.2);
    expect(result.seeds).toBe(2);
    expect(result.difference.mean).toBeCloseTo(0.2);
    expect(result.difference.low).toBeCloseTo(0.2);
  });

  it('has an interval that widens with spread and collapses to the mean for one value', () => {
    expect(estimate([0.5])).toEqual({ mean: 0.5, low: 0.5, high: 0.5 });
    const wide = estimate([0.1, 0.9]);
    expect(wide.low).toBeLessThan(0.1);
    expect(wide.high).toBeGreaterThan(0.9);
  });

  it('reads the climb and the calibrated share from the epochs after the warm start', () => {
    const figures = run(1, 0, 0, [0.9, 0.8, 0.5, 0.45, 0.7, 0.55], [0, 1, 2, 3, 4, 5]);
    expect(climb(figures, 2)).toEqual({ early: 1.5, late: 4.5 });
    expect(calibratedShare(figures, 2, 0.4, 0.6)).toBeCloseTo(2 / 3);
  });

  it('averages the share of task types in the band over the epochs after the given one that had task types', () => {
    const figures: RunFigures = {
      ...run(1, 0, 0),
      epochs: [0.1, 0.2, 0.3, null, 0.5, 0.7].map((inBandFraction, epoch) => ({
        epoch,
        successRate: 0.5,
        difficulty: null,
        inBandFraction,
      })),
    };
    expect(inBandShare(figures, 2)).toBeCloseTo(0.6);
    expect(inBandShare(figures, 5)).toBeNaN();
  });
});
