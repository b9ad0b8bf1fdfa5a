/**
 * Data efficiency as the paper's "less data" claim states it: the rollouts a variant spent before its held-out
 * accuracy reached the strongest baseline's final accuracy, as a share of what that baseline spent. Read from the
 * held-out curve, at the epochs that evaluated the set (every `evaluateEvery` epochs, epoch 0 and the last one). Pure.
 *
 * The figure is read on the variant's mean curve (accuracy and rollouts averaged over its seeds, epoch by epoch), so
 * that the strongest baseline reaches its own final accuracy by its last epoch at the latest and its share is 1 or
 * less; each seed's own first epoch at the target is kept beside it, a seed that never gets there with the rollouts
 * it had.
 */
import { GenEnvError, type RolloutsToReach, type RunSummary, type VariantReach } from '../interfaces/index.ts';
import { mean } from '../util/statistics.ts';

/**
 * The metric of an epoch's `extra` that holds the rollouts spent on generated task types from epoch 1 up to that
 * epoch (screening rollouts and the simulator's own included): a running total, 0 at epoch 0.
 */
export const ROLLOUTS_METRIC = 'budget/rolloutsTotal';

/** An epoch's stored rollout count, read by its name as stored (runs of any vocabulary read back). */
const storedRollouts = (extra: Readonly<Record<string, number | undefined>>) => extra[ROLLOUTS_METRIC];

/** The held-out set the comparison's figure reads. */
export const REACH_SET = 'test-hard';

/**
 * The variant the others are the baselines of, when no list of baselines is given: every variant but this one is a
 * baseline.
 */
export const METHOD_VARIANT = 'genenv';

/** A difference of accuracies below this is the order of a summation, not a difference of held-out items. */
const TOLERANCE = 1e-9;

/** What an epoch's rollouts are counted from for a run stored without `ROLLOUTS_METRIC`. */
export interface RolloutBudget {
  tasksPerEpoch: number;
  /** n: variations per task type. */
  variations: number;
  /** G: rollouts per variation. */
  samples: number;
}

/** One evaluated epoch of a run: its accuracy on the set, in [0, 1], and the rollouts spent by then. */
export interface CurvePoint {
  epoch: number;
  accuracy: number;
  rollouts: number;
}

/** A run's held-out curve on one set. */
export interface HeldOutCurve {
  seed: number;
  /** The epochs that evaluated the set, in order. */
  points: CurvePoint[];
  /** True when the run stored no rollout count and its rollouts are epoch × tasksPerEpoch × n × G. */
  counted: boolean;
}

/**
 * A run's held-out curve on `set`: its accuracy at every epoch that evaluated the set, and the rollouts spent by then,
 * from `ROLLOUTS_METRIC` where every epoch from 1 on stored it, else counted as epoch × tasksPerEpoch × n × G (what
 * each variant's epoch spends at the same budget).
 */
export function heldOutCurve(summary: RunSummary, budget: RolloutBudget, set: string = REACH_SET): HeldOutCurve {
  const counted = summary.epochs.some((entry) => entry.epoch >= 1 && storedRollouts(entry.extra) === undefined);
  const perEpoch = budget.tasksPerEpoch * budget.variations * budget.samples;
  const points = summary.epochs.flatMap((entry) => {
    const accuracy = entry.heldOutAccuracy[set];
    if (accuracy === undefined) return [];
    const rollouts = counted ? entry.epoch * perEpoch : (storedRollouts(entry.extra) ?? 0);
    return [{ epoch: entry.epoch, accuracy, rollouts }];
  });
  return { seed: summary.seed, points, counted };
}

/** A variant's runs as curves, in seed order. */
export interface VariantCurves {
  variant: string;
  runs: readonly HeldOutCurve[];
}

/** The mean curve of runs: at each epoch every run evaluated, accuracy and rollouts averaged over the runs. */
function meanCurve(runs: readonly HeldOutCurve[]): CurvePoint[] {
  const evaluated = runs.map((run) => new Set(run.points.map((point) => point.epoch)));
  return [...evaluated[0]!]
    .filter((epoch) => evaluated.every((epochs) => epochs.has(epoch)))
    .sort((left, right) => left - right)
    .map((epoch) => {
      const points = runs.map((run) => run.points.find((point) => point.epoch === epoch)!);
      return {
        epoch,
        accuracy: mean(points.map((point) => point.accuracy))!,
        rollouts: mean(points.map((point) => point.rollouts))!,
      };
    });
}

const reaches = (point: CurvePoint, target: number) => point.accuracy >= target - TOLERANCE;

/**
 * Refuses, in one line, a baseline that is not one of the comparison's variants; the default baselines (every
 * variant but `genenv`) when none are given.
 */
export function resolveBaselines(variants: readonly string[], baselines?: readonly string[]): string[] {
  if (baselines === undefined) return variants.filter((variant) => variant !== METHOD_VARIANT);
  if (baselines.length === 0) throw new GenEnvError('usage', 'the list of baselines is empty');
  const unknown = baselines.filter((name) => !variants.includes(name));
  if (unknown.length > 0)
    throw new GenEnvError(
      'usage',
      `baseline ${unknown.map((name) => `"${name}"`).join(', ')} is not a variant of the comparison (its variants: ` +
        `${variants.join(', ')})`,
    );
  return [...baselines];
}

/**
 * Per variant, the rollouts it took to reach the strongest baseline's final accuracy: the target is the highest final
 * accuracy, mean over seeds, among the baselines (every variant but `genenv` unless `baselines` names them); each
 * variant's figure is the first evaluated epoch whose mean accuracy over its seeds is at least the target, and the
 * mean over seeds of the rollouts spent by then, also as a share of the strongest baseline's. Null when no baseline
 * has a curve (no run evaluated the set, or every variant is `genenv`). A variant without a curve is left out.
 */
export function rolloutsToReach(
  variants: readonly VariantCurves[],
  baselines?: readonly string[],
  set: string = REACH_SET,
): RolloutsToReach | null {
  const curves = variants
    .filter((variant) => variant.runs.length > 0)
    .map((variant) => ({ ...variant, curve: meanCurve(variant.runs) }))
    .filter((variant) => variant.curve.length > 0);
  const chosen = resolveBaselines(
    variants.map((variant) => variant.variant),
    baselines,
  );
  const candidates = curves.filter((variant) => chosen.includes(variant.variant));
  if (candidates.length === 0) return null;
  // The first of equals is the strongest: the order the comparison lists its variants in.
  const strongest = candidates.reduce((best, variant) =>
    variant.curve.at(-1)!.accuracy > best.curve.at(-1)!.accuracy + TOLERANCE ? variant : best,
  );
  const target = strongest.curve.at(-1)!.accuracy;
  const reachedAt = (curve: readonly CurvePoint[]) => curve.find((point) => reaches(point, target)) ?? null;
  const baselineRollouts = reachedAt(strongest.curve)!.rollouts;
  const figures = curves.map((variant): VariantReach => {
    const reached = reachedAt(variant.curve);
    return {
      variant: variant.variant,
      epoch: reached?.epoch ?? null,
      rollouts: reached?.rollouts ?? null,
      share: reached && baselineRollouts > 0 ? reached.rollouts / baselineRollouts : null,
      budget: variant.curve.at(-1)!.rollouts,
      perSeed: variant.runs.map((run) => {
        const own = reachedAt(run.points);
        return {
          seed: run.seed,
          epoch: own?.epoch ?? null,
          rollouts: own?.rollouts ?? null,
          budget: run.points.at(-1)?.rollouts ?? 0,
        };
      }),
    };
  });
  return {
    set,
    baselines: chosen,
    baseline: strongest.variant,
    target,
    counted: curves.some((variant) => variant.runs.some((run) => run.counted)),
    variants: figures,
  };
}
