/**
 * Whether a trainer on `genenv serve` gets the curriculum that `genenv run` gives: the same config and seeds run
 * in-process and through the service, compared seed by seed. Held-out accuracy after the last epoch, and the
 * curriculum metrics of every epoch (success on generated tasks, in-band share, mean R_env), each as a mean over
 * seeds with its 95% interval, and as the paired difference served − in-process (same seed, same warm start).
 */
import { confidenceInterval95, mean } from '../../src/internal.ts';

/** One epoch of one run, as the comparison reads it. */
export interface ArmEpoch {
  epoch: number;
  /** Success on the epoch's generated tasks, in-band share of its task types, mean R_env; null without any. */
  successRate: number | null;
  inBandFraction: number | null;
  envReward: number | null;
  /** Greedy accuracy per held-out set, in [0, 1]. */
  heldOutAccuracy: Record<string, number>;
}

/** One run of one arm (in-process or served). */
export interface ArmRun {
  seed: number;
  epochs: ArmEpoch[];
}

/** A mean over seeds with its 95% interval (Student t; one seed gives a zero-width interval). */
export interface Estimate {
  values: number[];
  mean: number | null;
  interval: [number, number] | null;
}

/** One quantity in both arms and their paired difference. */
export interface ArmPair {
  inProcess: Estimate;
  served: Estimate;
  /** served − in-process per seed present in both. */
  difference: Estimate;
  /** Whether the difference's 95% interval holds 0 (no seed pairs: false). */
  matches: boolean;
}

export const CURRICULUM_METRICS = ['successRate', 'inBandFraction', 'envReward'] as const;
export type CurriculumMetric = (typeof CURRICULUM_METRICS)[number];

export interface ServedComparison {
  seeds: number[];
  /** The last epoch both arms completed on every seed (held-out accuracy is read there). */
  finalEpoch: number;
  heldOut: ({ set: string } & ArmPair)[];
  /** Per epoch 0..finalEpoch and metric. */
  course: { epoch: number; metrics: Record<CurriculumMetric, ArmPair> }[];
  /** Per metric, the mean over epochs 1..finalEpoch of each run (the course as one number per seed). */
  overall: Record<CurriculumMetric, ArmPair>;
}

/** Mean and 95% interval of the finite values. */
export function estimate(values: readonly (number | null | undefined)[]): Estimate {
  const finite = values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  return {
    values: finite,
    mean: mean(finite),
    interval: finite.length ? confidenceInterval95(finite) : null,
  };
}

/** A quantity of each run (null where it has none), paired by seed. */
function pair(
  seeds: readonly number[],
  inProcess: ReadonlyMap<number, number | null>,
  served: ReadonlyMap<number, number | null>,
): ArmPair {
  const differences = seeds.flatMap((seed) => {
    const left = inProcess.get(seed);
    const right = served.get(seed);
    return typeof left === 'number' && typeof right === 'number' ? [right - left] : [];
  });
  const difference = estimate(differences);
  const interval = difference.interval;
  // Rounding noise of summed floats is no difference.
  const matches = interval !== null && interval[0] <= 1e-12 && interval[1] >= -1e-12;
  return {
    inProcess: estimate(seeds.map((seed) => inProcess.get(seed))),
    served: estimate(seeds.map((seed) => served.get(seed))),
    difference,
    matches,
  };
}

const bySeed = (runs: readonly ArmRun[], value: (run: ArmRun) => number | null) =>
  new Map(runs.map((run) => [run.seed, value(run)] as const));

const epochOf = (run: ArmRun, epoch: number) => run.epochs.find((entry) => entry.epoch === epoch);

/**
 * Compares the runs of both arms over the seeds they share. Epochs are compared up to the last one that every
 * run completed; held-out sets are those the in-process runs report (the served trainer evaluates the same sets).
 */
export function compareServed(inProcess: readonly ArmRun[], served: readonly ArmRun[]): ServedComparison {
  const servedSeeds = new Set(served.map((run) => run.seed));
  const seeds = inProcess.map((run) => run.seed).filter((seed) => servedSeeds.has(seed));
  const runs = [...inProcess, ...served].filter((run) => seeds.includes(run.seed));
  const finalEpoch = runs.length ? Math.min(...runs.map((run) => Math.max(-1, ...run.epochs.map((e) => e.epoch)))) : -1;
  const sets = [
    ...new Set(inProcess.flatMap((run) => Object.keys(epochOf(run, finalEpoch)?.heldOutAccuracy ?? {}))),
  ].sort();
  const heldOut = sets.map((set) => {
    const accuracy = (run: ArmRun) => epochOf(run, finalEpoch)?.heldOutAccuracy[set] ?? null;
    return { set, ...pair(seeds, bySeed(inProcess, accuracy), bySeed(served, accuracy)) };
  });
  const metricPairs = (value: (run: ArmRun, metric: CurriculumMetric) => number | null) =>
    Object.fromEntries(
      CURRICULUM_METRICS.map((metric) => [
        metric,
        pair(
          seeds,
          bySeed(inProcess, (run) => value(run, metric)),
          bySeed(served, (run) => value(run, metric)),
        ),
      ]),
    ) as Record<CurriculumMetric, ArmPair>;
  const course = Array.from({ length: finalEpoch + 1 }, (_, epoch) => ({
    epoch,
    metrics: metricPairs((run, metric) => epochOf(run, epoch)?.[metric] ?? null),
  }));
  const overall = metricPairs((run, metric) =>
    mean(
      run.epochs
        .filter((entry) => entry.epoch >= 1 && entry.epoch <= finalEpoch)
        .flatMap((entry) => {
          const value = entry[metric];
          return value === null ? [] : [value];
        }),
    ),
  );
  return { seeds, finalEpoch, heldOut, course, overall };
}
