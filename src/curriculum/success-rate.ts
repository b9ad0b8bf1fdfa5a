/** Success-rate estimators p̂ (paper Eq. 2). */

/** Empirical success rate k/n in [0, 1]; null when n = 0 (no attempt, no estimate). */
export function empiricalSuccessRate(successes: number, attempts: number): number | null {
  assertCounts(successes, attempts);
  return attempts === 0 ? null : successes / attempts;
}

/**
 * Mean of the Beta(a + k, b + n − k) posterior of the success probability, in (0, 1). With n = 0 it is
 * the prior mean a / (a + b). Shrinks extreme rates from few attempts toward the prior.
 */
export function betaPosteriorMean(successes: number, attempts: number, priorA = 1, priorB = 1): number {
  assertCounts(successes, attempts);
  if (!(priorA > 0 && priorB > 0)) throw new RangeError('Beta prior parameters must be > 0');
  return (priorA + successes) / (priorA + priorB + attempts);
}

export type SuccessEstimator = 'empirical' | 'beta-mean';

/** p̂ by the named estimator; null only for the empirical estimator with no attempts. */
export function estimateSuccessRate(
  successes: number,
  attempts: number,
  estimator: SuccessEstimator,
  prior: readonly [number, number] = [1, 1],
): number | null {
  return estimator === 'empirical'
    ? empiricalSuccessRate(successes, attempts)
    : betaPosteriorMean(successes, attempts, prior[0], prior[1]);
}

function assertCounts(successes: number, attempts: number): void {
  if (
    !Number.isInteger(successes) ||
    !Number.isInteger(attempts) ||
    successes < 0 ||
    attempts < 0 ||
    successes > attempts
  ) {
    throw new RangeError(`invalid counts: ${successes} successes of ${attempts} attempts`);
  }
}
