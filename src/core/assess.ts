import type { RunConfig } from '../interfaces/index.ts';
import type { EpochRecord } from './epoch-record.ts';
import type { RunContext } from './run-context.ts';
import { simulatorWeights, taskOutcome } from './task-outcome.ts';
import type { AssessedTaskType, AttemptedTaskType } from './task-type.ts';

export type AssessConfig = Pick<
  RunConfig,
  | 'successEstimator'
  | 'betaPrior'
  | 'difficultyScorer'
  | 'alpha'
  | 'beta'
  | 'kMin'
  | 'lambda'
  | 'weightNormalization'
  | 'rwrFilter'
  | 'rwrFallback'
  | 'successPooling'
>;

/**
 * Algorithm 1, step 4 (and the weights of step 6): p̂, R_env and the band of every attempted task type; the
 * generated ones also get their RWR weight, normalised over the epoch's batch.
 */
export function assess(run: RunContext, record: EpochRecord<AttemptedTaskType>): EpochRecord<AssessedTaskType> {
  run.emit({ type: 'phase', epoch: record.epoch, phase: 'assess' });
  return {
    ...record,
    generated: assessTaskTypes(record.generated, run.config, true),
    replayAndBase: assessTaskTypes(record.replayAndBase, run.config, false),
    screenedOut: assessTaskTypes(record.screenedOut, run.config, false),
  };
}

/**
 * p̂ of each task type from its rollouts (Eq. 2), R_env (Eq. 3), the k_min band and, for the task types that
 * train the simulator (`weighted`), the RWR weight exp(λ·R_env) after the band filter, normalised over the
 * batch. Pure.
 */
export function assessTaskTypes(
  taskTypes: readonly AttemptedTaskType[],
  config: AssessConfig,
  weighted: boolean,
): AssessedTaskType[] {
  const counts = weighted && config.successPooling === 'spec' ? pooledCounts(taskTypes) : taskTypes;
  const outcomes = counts.map((count) => taskOutcome(count.successes, count.attempts, config));
  const weights = weighted ? simulatorWeights(outcomes, config) : null;
  return taskTypes.map((taskType, index) => ({
    ...taskType,
    assessment: { ...outcomes[index]!, weight: weights ? weights[index]! : null },
  }));
}

/**
 * Successes and attempts of each task type summed over every task type of the batch with the same spec (a task
 * type without a spec keeps its own). Identical proposals are one task type: the simulator that repeats a spec
 * 20 times gets one p̂ from all 20 × n·G attempts instead of 20 noisy ones, whose luckiest draws would otherwise
 * pass for in-band. Pure.
 */
export function pooledCounts(
  taskTypes: readonly Pick<AttemptedTaskType, 'spec' | 'successes' | 'attempts'>[],
): { successes: number; attempts: number }[] {
  const keyOf = (spec: unknown) => (spec === null || spec === undefined ? null : JSON.stringify(spec));
  const totals = new Map<string, { successes: number; attempts: number }>();
  for (const taskType of taskTypes) {
    const key = keyOf(taskType.spec);
    if (key === null) continue;
    const total = totals.get(key) ?? { successes: 0, attempts: 0 };
    total.successes += taskType.successes;
    total.attempts += taskType.attempts;
    totals.set(key, total);
  }
  return taskTypes.map((taskType) => {
    const key = keyOf(taskType.spec);
    return key === null ? { successes: taskType.successes, attempts: taskType.attempts } : totals.get(key)!;
  });
}
