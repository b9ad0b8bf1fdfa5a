import type { EpochMetrics } from '../interfaces/index.ts';
import { mean } from '../util/statistics.ts';
import type { AssessedTaskType } from './task-type.ts';

export interface EpochMetricsInput {
  epoch: number;
  taskTypes: readonly AssessedTaskType[];
  invalidProposals: number;
  heldOutAccuracy: Record<string, number>;
  syntheticSamples: number;
  extra: Record<string, number>;
}

/**
 * Summarises one epoch as metrics.jsonl and summary.json report it. Pure. Null where an epoch had no valid task
 * type.
 */
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
