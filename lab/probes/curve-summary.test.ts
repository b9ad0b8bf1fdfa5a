import { describe, expect, it } from 'vitest';
import { summarizeCurves } from './curve-summary.ts';

const curve = (seed: number, values: number[]) => ({
  seed,
  points: values.map((testId, index) => ({ update: index * 4, testId })),
});

describe('summarizeCurves', () => {
  it('gains per seed, their mean and Student-t interval', () => {
    const summary = summarizeCurves([
      curve(1, [0.3, 0.35, 0.42]),
      curve(2, [0.2, 0.3, 0.34]),
      curve(3, [0.25, 0.3, 0.35]),
    ]);
    expect(summary.gains.map((gain) => Number(gain.toFixed(10)))).toEqual([0.12, 0.14, 0.1]);
    expect(summary.meanGain).toBeCloseTo(0.12, 12);
    // sd = 0.02, t(2) = 4.303: half width 4.303 · 0.02 / √3.
    const half = (4.303 * 0.02) / Math.sqrt(3);
    expect(summary.interval[0]).toBeCloseTo(0.12 - half, 10);
    expect(summary.interval[1]).toBeCloseTo(0.12 + half, 10);
    expect(summary.deepestDrop).toBe(0);
    expect(summary.meanCurve.map((point) => point.update)).toEqual([0, 4, 8]);
    expect(summary.meanCurve[0]!.testId).toBeCloseTo(0.25, 12);
  });

  it('reports the deepest drop below the start even when the curve recovers', () => {
    const summary = summarizeCurves([curve(1, [0.3, 0.1, 0.31])]);
    expect(summary.deepestDrop).toBeCloseTo(-0.2, 12);
    expect(summary.interval).toEqual([summary.meanGain, summary.meanGain]);
  });

  it('keeps only update counts every seed reached in the mean curve', () => {
    const summary = summarizeCurves([curve(1, [0.3, 0.4, 0.5]), curve(2, [0.3, 0.4])]);
    expect(summary.meanCurve.map((point) => point.update)).toEqual([0, 4]);
    expect(() => summarizeCurves([])).toThrow(RangeError);
  });
});
