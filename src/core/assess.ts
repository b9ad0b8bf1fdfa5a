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
    extras: assessTaskTypes(record.extras, run.config, false),
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
  const outcomes = taskTypes.map((taskType) => taskOutcome(taskType.successes, taskType.attempts, config));
  const weights = weighted ? simulatorWeights(outcomes, config) : null;
  return taskTypes.map((taskType, index) => ({
    ...taskType,
    assessment: { ...outcomes[index]!, weight: weights ? weights[index]! : null },
  }));
}
