import type { RunConfig } from '../interfaces/index.ts';
import { taskOutcome, simulatorWeights } from './task-outcome.ts';
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
 * Algorithm 1, steps 4 and 6 in one place: p̂ of each task type from its rollouts (Eq. 2), R_env (Eq. 3),
 * the k_min band and, for the task types that train the simulator (`weighted`), the RWR weight
 * exp(λ·R_env) after the band filter, normalised over the batch. Pure.
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
