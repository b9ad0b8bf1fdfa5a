/**
 * What a screen of dynamic sampling would keep, replayed on task types whose every rollout is known (a uniform run's
 * draws, n variations × G rollouts each): a screen of the form v × s reads the first s rollouts of the first v
 * variations and keeps the task type when they pass (`passesScreen`: mixed, and near α given a band). Per form: the share kept, and of the kept ones the share whose
 * p̂ over all n × G rollouts is in the band (beside the share of all with both outcomes); and, given the epoch's rollout budget, how many task types an
 * epoch would then train on and how many of them in the band. Pure.
 */
import { passesScreen } from '../../src/internal.ts';

/** A task type's outcomes: `outcomes[variation][sample]`, true for a success. */
export type TaskTypeOutcomes = readonly (readonly boolean[])[];

/**
 * A screen: the first `variations` variations, the first `samples` rollouts of each, and the band it keeps (`band`, as
 * `screenBand`: 1, or unset, keeps every mixed screen).
 */
export interface ScreenShape {
  variations: number;
  samples: number;
  band?: number;
}

export interface ScreenFormFigures extends ScreenShape {
  /** Task types replayed. */
  taskTypes: number;
  /** Share of them the screen keeps (its outcomes mixed). */
  kept: number;
  /** Of the kept ones, the share whose p̂ over all their rollouts lies in [α − k_min, α + k_min] (NaN if none kept). */
  keptInBand: number;
  /** Of all the task types, the share with both outcomes over all their rollouts (what a perfect screen would keep). */
  mixed: number;
  /** Task types an epoch of `tasksPerEpoch` would train on within its budget, at this keep rate. */
  trainedPerEpoch: number;
  /** Of those, in the band: trainedPerEpoch × keptInBand. */
  inBandPerEpoch: number;
}

const successesOf = (rows: readonly (readonly boolean[])[]) =>
  rows.reduce((sum, row) => sum + row.filter(Boolean).length, 0);
const attemptsOf = (rows: readonly (readonly boolean[])[]) => rows.reduce((sum, row) => sum + row.length, 0);

/** The screen's outcomes of one task type: successes and attempts among its first rollouts. */
export function screenOf(outcomes: TaskTypeOutcomes, shape: ScreenShape): { successes: number; attempts: number } {
  const read = outcomes.slice(0, shape.variations).map((row) => row.slice(0, shape.samples));
  return { successes: successesOf(read), attempts: attemptsOf(read) };
}

/**
 * The figures of one screen form over `taskTypes`, each with n variations of G rollouts. An epoch screens candidates
 * until it holds `tasksPerEpoch` or its budget of tasksPerEpoch × n × G rollouts is spent: each candidate costs the
 * screen's v·s rollouts, each kept one n·G in all, so at keep rate r a kept task type costs n·G + v·s·(1 − r)/r.
 */
export function screenFormFigures(
  taskTypes: readonly TaskTypeOutcomes[],
  shape: ScreenShape,
  settings: { alpha: number; kMin: number; tasksPerEpoch: number; variations: number; samples: number },
): ScreenFormFigures {
  const kept = taskTypes.filter((outcomes) =>
    passesScreen(screenOf(outcomes, shape), { alpha: settings.alpha, band: shape.band ?? 1 }),
  );
  const share = (values: readonly TaskTypeOutcomes[], predicate: (p: number) => boolean) =>
    values.length
      ? values.filter((outcomes) => predicate(successesOf(outcomes) / attemptsOf(outcomes))).length / values.length
      : Number.NaN;
  const rate = taskTypes.length ? kept.length / taskTypes.length : 0;
  const full = settings.variations * settings.samples;
  const screenCost = shape.variations * shape.samples;
  const costPerKept = rate > 0 ? full + (screenCost * (1 - rate)) / rate : Number.POSITIVE_INFINITY;
  const trainedPerEpoch = Math.min(settings.tasksPerEpoch, (settings.tasksPerEpoch * full) / costPerKept);
  const keptInBand = share(kept, (p) => Math.abs(p - settings.alpha) <= settings.kMin + 1e-12);
  return {
    ...shape,
    taskTypes: taskTypes.length,
    kept: rate,
    keptInBand,
    mixed: share(taskTypes, (p) => p > 0 && p < 1),
    trainedPerEpoch,
    inBandPerEpoch: trainedPerEpoch * (Number.isNaN(keptInBand) ? 0 : keptInBand),
  };
}
