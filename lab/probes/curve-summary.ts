/**
 * Summaries of held-out curves over several seeds (GRPO-only runs): the gain from the first point to the
 * last, per seed and as a mean with its 95% interval (Student t over seeds), and the deepest drop below
 * the start anywhere along the curve (a collapse shows there even when the end recovers).
 */
import { confidenceInterval95, mean } from '../../src/internal.ts';

/** One seed's curve: held-out accuracy in [0, 1] at increasing update counts (first = before training). */
export interface SeedCurve {
  seed: number;
  points: readonly { update: number; testId: number }[];
}

export interface CurveSummary {
  seeds: number[];
  /** Last minus first accuracy per seed (points of accuracy ×100 are left to the printer). */
  gains: number[];
  meanGain: number;
  /** 95% interval of the mean gain; [gain, gain] for one seed. */
  interval: [number, number];
  /** Smallest (most negative) point − first over all seeds and points; 0 when no point fell below the start. */
  deepestDrop: number;
  /** Mean accuracy over seeds at each update count every seed reached. */
  meanCurve: { update: number; testId: number }[];
}

/** Gain and collapse summary of one variant's curves; throws on an empty list or a curve without points. */
export function summarizeCurves(curves: readonly SeedCurve[]): CurveSummary {
  if (curves.length === 0) throw new RangeError('no curves to summarise');
  const gains = curves.map((curve) => {
    if (curve.points.length === 0) throw new RangeError(`seed ${curve.seed}: curve without points`);
    return curve.points.at(-1)!.testId - curve.points[0]!.testId;
  });
  let deepestDrop = 0;
  for (const curve of curves)
    for (const point of curve.points) deepestDrop = Math.min(deepestDrop, point.testId - curve.points[0]!.testId);
  const shared = curves[0]!.points
    .map((point) => point.update)
    .filter((update) => curves.every((curve) => curve.points.some((point) => point.update === update)));
  const meanCurve = shared.map((update) => ({
    update,
    testId: mean(curves.map((curve) => curve.points.find((point) => point.update === update)!.testId))!,
  }));
  return {
    seeds: curves.map((curve) => curve.seed),
    gains,
    meanGain: mean(gains)!,
    interval: confidenceInterval95(gains),
    deepestDrop,
    meanCurve,
  };
}
