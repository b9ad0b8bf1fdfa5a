import { estimateSuccessRate, inBand, nearestToTarget, rwrWeights, scoreDifficulty } from '../curriculum/index.ts';
import type { RunConfig } from '../interfaces/index.ts';

/** What the loop learns about one task type from its rollouts. */
export interface TaskOutcome {
  successRate: number;
  envReward: number;
  inBand: boolean;
}

/**
 * p̂ (Eq. 2) from the task type's rollouts (reusing the GRPO group rewards, no second pass), R_env (Eq. 3
 * or the configured scorer) and the k_min band verdict. `attempts` ≥ 1.
 */
export function taskOutcome(
  successes: number,
  attempts: number,
  config: Pick<RunConfig, 'successEstimator' | 'betaPrior' | 'difficultyScorer' | 'alpha' | 'beta' | 'kMin'>,
): TaskOutcome {
  const successRate = estimateSuccessRate(successes, attempts, config.successEstimator, config.betaPrior)!;
  return {
    successRate,
    envReward: scoreDifficulty(config.difficultyScorer, successRate, { alpha: config.alpha, beta: config.beta }),
    inBand: inBand(successRate, config.alpha, config.kMin),
  };
}

/**
 * RWR weights of the task types that train the simulator, weighted by exp(λ·R_env) with the configured
 * normalisation. With the `band` filter (paper) only in-band task types are kept and the others get
 * weight 0; `band-or-nearest` keeps the `rwrFallback` task types nearest α when the band is empty; with
 * `none` every task type is kept and the weights alone rank them.
 */
export function simulatorWeights(
  outcomes: readonly TaskOutcome[],
  config: Pick<RunConfig, 'lambda' | 'weightNormalization' | 'rwrFilter' | 'rwrFallback' | 'alpha'>,
): number[] {
  const keep = keptTaskTypes(outcomes, config);
  const kept = outcomes.map((outcome, index) => ({ outcome, index })).filter(({ index }) => keep.has(index));
  const weights = rwrWeights(
    kept.map(({ outcome }) => outcome.envReward),
    config.lambda,
    config.weightNormalization,
  );
  const result = new Array<number>(outcomes.length).fill(0);
  kept.forEach(({ index }, position) => {
    result[index] = weights[position]!;
  });
  return result;
}

/** Indices of the task types the filter keeps (see `simulatorWeights`). */
function keptTaskTypes(
  outcomes: readonly TaskOutcome[],
  config: Pick<RunConfig, 'rwrFilter' | 'rwrFallback' | 'alpha'>,
): Set<number> {
  const all = outcomes.map((_, index) => index);
  if (config.rwrFilter === 'none') return new Set(all);
  const banded = all.filter((index) => outcomes[index]!.inBand);
  if (banded.length > 0 || config.rwrFilter === 'band') return new Set(banded);
  return new Set(
    nearestToTarget(
      outcomes.map((outcome) => outcome.successRate),
      config.alpha,
      config.rwrFallback,
    ),
  );
}
