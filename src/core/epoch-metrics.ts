import type { EpochExtra, EpochMetrics } from '../interfaces/index.ts';
import { mean } from '../util/statistics.ts';
import type { AssessedTaskType, AttemptedTaskType, TaskType } from './task-type.ts';

export interface EpochMetricsInput {
  epoch: number;
  taskTypes: readonly AssessedTaskType[];
  invalidProposals: number;
  heldOutAccuracy: Record<string, number>;
  syntheticSamples: number;
  extra: EpochExtra;
}

/**
 * Count of task types per difficulty level: the level is the `difficulty` feature rounded to the nearest integer
 * (halves up), keyed by the level as a string. Rounding because some domains' difficulty is a
 * weighted sum on a continuous scale (toolworld's 0–5.5) while a ladder's is its integer rung: whole levels give
 * one distribution shape for both. Task types without a finite `difficulty` feature are not counted. Pure.
 */
export function difficultyCounts(taskTypes: readonly Pick<TaskType, 'features'>[]): Record<string, number> {
  const counts = new Map<number, number>();
  for (const taskType of taskTypes) {
    const difficulty = taskType.features.difficulty;
    if (difficulty === undefined || !Number.isFinite(difficulty)) continue;
    const level = Math.round(difficulty);
    counts.set(level, (counts.get(level) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].sort(([a], [b]) => a - b).map(([level, count]) => [String(level), count]));
}

/**
 * The epoch's rollout budget (`budget/rollouts`, `budget/rolloutsTotal`): the attempts of its generated task types and
 * of the draws its screen dropped, and their sum over epochs 1 … epoch given `previousTotal`, that of epochs
 * 1 … epoch − 1 (epoch 0, the warm start's evaluation, is every variant's alike and counts in no total). Counts ≥ 0.
 * Pure.
 */
export function budgetMetrics(
  epoch: number,
  attempted: readonly Pick<AttemptedTaskType, 'attempts'>[],
  previousTotal: number,
): Pick<EpochExtra, 'budget/rollouts' | 'budget/rolloutsTotal'> {
  const rollouts = attempted.reduce((sum, taskType) => sum + taskType.attempts, 0);
  return { 'budget/rollouts': rollouts, 'budget/rolloutsTotal': epoch === 0 ? 0 : previousTotal + rollouts };
}

/** One epoch's summary.json fields (docs/design.md §6.3). Pure. Null where an epoch had no valid task type. */
export function computeEpochMetrics(input: EpochMetricsInput): EpochMetrics {
  const { taskTypes } = input;
  const traces = taskTypes.flatMap((taskType) => taskType.traces);
  const successes = taskTypes.reduce((sum, taskType) => sum + taskType.successes, 0);
  const attempts = taskTypes.reduce((sum, taskType) => sum + taskType.attempts, 0);
  const featureNames = [...new Set(taskTypes.flatMap((taskType) => Object.keys(taskType.features)))].sort();
  const taskComplexity = Object.fromEntries(
    featureNames.map((name) => [name, mean(taskTypes.map((taskType) => taskType.features[name] ?? 0))!]),
  );
  const fraction = (predicate: (taskType: AssessedTaskType) => boolean) =>
    taskTypes.length ? taskTypes.filter(predicate).length / taskTypes.length : null;
  return {
    epoch: input.epoch,
    successRate: attempts ? successes / attempts : null,
    inBandFraction: fraction((taskType) => taskType.assessment.inBand),
    envReward: mean(taskTypes.map((taskType) => taskType.assessment.envReward)),
    heldOutAccuracy: input.heldOutAccuracy,
    taskComplexity,
    difficultyCounts: difficultyCounts(taskTypes),
    responseLength: mean(traces.map((trace) => trace.completion.text.length)),
    invalidProposals: input.invalidProposals,
    successRates: taskTypes.map((taskType) => taskType.assessment.successRate),
    solvedFraction: fraction((taskType) => taskType.successes === taskType.attempts),
    unsolvedFraction: fraction((taskType) => taskType.successes === 0),
    agentReward: mean(traces.map((trace) => trace.reward)),
    syntheticSamples: input.syntheticSamples,
    extra: input.extra,
  };
}
