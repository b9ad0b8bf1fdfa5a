/**
 * The paper's claim on a comparison, as numbers: per variant the mean held-out accuracy per set and of the sets'
 * mean, with 95% intervals over seeds; the ratio of two variants' means and the paired difference (per shared
 * seed) with its 95% interval; the curriculum's course per run (the mean difficulty of the generated task types
 * early and late, the share of epochs whose success on generated tasks lies in a band, and the share of task types
 * in the band); and the rollouts each variant took to reach the strongest baseline's final test-hard. Pure.
 */
import { confidenceInterval95, type HeldOutCurve, mean, rolloutsToReach } from '../../src/internal.ts';

/** One run's figures: final held-out accuracy per set and its per-epoch curriculum series. */
export interface RunFigures {
  seed: number;
  heldOut: Record<string, number>;
  syntheticSamples: number;
  /**
   * Per epoch (0 = after the warm start): success on generated tasks, mean difficulty of its task types, and the share
   * of its task types whose own p̂ is in the band (null where it had none).
   */
  epochs: { epoch: number; successRate: number | null; difficulty: number | null; inBandFraction?: number | null }[];
  /** Its held-out curve on test-hard with the rollouts spent by each evaluated epoch; absent where not read. */
  curve?: HeldOutCurve;
}

/** A mean with its 95% interval over seeds (the mean itself when there is one seed). */
export interface Estimate {
  mean: number;
  low: number;
  high: number;
}

export function estimate(values: readonly number[]): Estimate {
  const center = mean(values) ?? Number.NaN;
  if (values.length < 2) return { mean: center, low: center, high: center };
  const [low, high] = confidenceInterval95(values);
  return { mean: center, low, high };
}

/** A run's score on `set`: one held-out set, or `mean` for the mean of all its sets. */
export function scoreOf(run: RunFigures, set: string): number {
  if (set !== 'mean') return run.heldOut[set] ?? Number.NaN;
  return mean(Object.values(run.heldOut)) ?? Number.NaN;
}

/** Per seed both ran (in `left`'s order), left's score on `set` minus right's. */
export function pairedDifferences(left: readonly RunFigures[], right: readonly RunFigures[], set: string): number[] {
  return left.flatMap((run) => {
    const partner = right.find((other) => other.seed === run.seed);
    return partner ? [scoreOf(run, set) - scoreOf(partner, set)] : [];
  });
}

/** Ratio of the two variants' means and the paired difference over the seeds both ran. */
export function pairedComparison(
  left: readonly RunFigures[],
  right: readonly RunFigures[],
  set: string,
): { ratio: number; difference: Estimate; seeds: number } {
  const ratio =
    (mean(left.map((run) => scoreOf(run, set))) ?? Number.NaN) /
    (mean(right.map((run) => scoreOf(run, set))) ?? Number.NaN);
  const differences = pairedDifferences(left, right, set);
  return { ratio, difference: estimate(differences), seeds: differences.length };
}

/**
 * The rollouts each variant took to reach the strongest baseline's final test-hard (`rolloutsToReach`, the figure
 * comparison.json holds), from the runs' curves; runs without one are left out, and the figure is null where no
 * baseline has a curve. `baselines` default to every variant but `genenv`.
 */
export function rolloutsFigure(
  variants: ReadonlyMap<string, readonly RunFigures[]>,
  baselines?: readonly string[],
): ReturnType<typeof rolloutsToReach> {
  return rolloutsToReach(
    [...variants].map(([variant, runs]) => ({ variant, runs: runs.flatMap((run) => (run.curve ? [run.curve] : [])) })),
    baselines,
  );
}

/** Mean difficulty of the generated task types over the first and the last `window` epochs ≥ 1. */
export function climb(run: RunFigures, window: number): { early: number; late: number } {
  const series = run.epochs
    .filter((epoch) => epoch.epoch >= 1 && epoch.difficulty !== null)
    .map((epoch) => epoch.difficulty!);
  return {
    early: mean(series.slice(0, window)) ?? Number.NaN,
    late: mean(series.slice(-window)) ?? Number.NaN,
  };
}

/** Share of the epochs after `after` whose success on generated tasks lies in [low, high]. */
export function calibratedShare(run: RunFigures, after: number, low: number, high: number): number {
  const later = run.epochs.filter((epoch) => epoch.epoch > after && epoch.successRate !== null);
  if (later.length === 0) return 0;
  return later.filter((epoch) => epoch.successRate! >= low && epoch.successRate! <= high).length / later.length;
}

/**
 * Calibration per task type: the mean, over the epochs after `after` that had task types, of the share of an epoch's
 * task types whose own p̂ lies in the band; NaN when there is no such epoch. An epoch of always-solved and never-solved
 * task types averages α without any task type near it: this figure, not the epoch's mean success, says whether the
 * curriculum aims each task type at α.
 */
export function inBandShare(run: RunFigures, after: number): number {
  const shares = run.epochs.flatMap((epoch) =>
    epoch.epoch > after && epoch.inBandFraction !== null && epoch.inBandFraction !== undefined
      ? [epoch.inBandFraction]
      : [],
  );
  return mean(shares) ?? Number.NaN;
}
