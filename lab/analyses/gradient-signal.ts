/**
 * Proposition 1 of the paper made measurable. For one task type, rollouts with binary outcomes rᵢ and
 * squared score-function norms sᵢ = ‖∇θ log π(aᵢ | τ)‖²: the REINFORCE estimator with baseline b has
 * E‖g‖² = E[(r − b)²·s]; with b = p it lies within [c_min, c_max]·p(1 − p) when s varies little with r
 * (Assumption 1). These functions compute the estimate, the assumption's two conditional means and the
 * proportionality between E‖g‖² and p̂(1 − p̂) across task types.
 */

/** Bernoulli variance p(1 − p) for p in [0, 1]. */
export function bernoulliVariance(probability: number): number {
  return probability * (1 - probability);
}

/** Mean of (rᵢ − baseline)²·sᵢ: the Monte Carlo estimate of E‖g‖² (0 for no rollouts). */
export function expectedSquaredGradient(
  rewards: readonly number[],
  squaredScoreNorms: readonly number[],
  baseline: number,
): number {
  if (rewards.length !== squaredScoreNorms.length) throw new RangeError('one score norm per reward');
  if (rewards.length === 0) return 0;
  let total = 0;
  rewards.forEach((reward, index) => {
    total += (reward - baseline) ** 2 * squaredScoreNorms[index]!;
  });
  return total / rewards.length;
}

/** E[s | r = 1] and E[s | r = 0] (Assumption 1's constants); null where no rollout had that outcome. */
export function scoreNormByOutcome(
  rewards: readonly number[],
  squaredScoreNorms: readonly number[],
): { success: number | null; failure: number | null } {
  const sums = { success: 0, failure: 0 };
  const counts = { success: 0, failure: 0 };
  rewards.forEach((reward, index) => {
    const key = reward >= 1 ? 'success' : 'failure';
    sums[key] += squaredScoreNorms[index]!;
    counts[key] += 1;
  });
  return {
    success: counts.success ? sums.success / counts.success : null,
    failure: counts.failure ? sums.failure / counts.failure : null,
  };
}

/** Pearson correlation of two equally long lists; null when either is constant or shorter than 2. */
export function pearsonCorrelation(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length !== ys.length) throw new RangeError('lists of equal length expected');
  if (xs.length < 2) return null;
  const meanX = xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const meanY = ys.reduce((sum, y) => sum + y, 0) / ys.length;
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  xs.forEach((x, index) => {
    const dx = x - meanX;
    const dy = ys[index]! - meanY;
    covariance += dx * dy;
    varianceX += dx * dx;
    varianceY += dy * dy;
  });
  if (varianceX === 0 || varianceY === 0) return null;
  return covariance / Math.sqrt(varianceX * varianceY);
}

/**
 * How well y ∝ x across task types: the least-squares slope through the origin C = Σxy / Σx², the
 * range of yᵢ / xᵢ over xᵢ > 0 (the empirical C_min, C_max of Eq. 5) and the correlation.
 */
export function proportionality(
  xs: readonly number[],
  ys: readonly number[],
): { slope: number | null; ratioMin: number | null; ratioMax: number | null; correlation: number | null } {
  if (xs.length !== ys.length) throw new RangeError('lists of equal length expected');
  let cross = 0;
  let squares = 0;
  const ratios: number[] = [];
  xs.forEach((x, index) => {
    cross += x * ys[index]!;
    squares += x * x;
    if (x > 0) ratios.push(ys[index]! / x);
  });
  return {
    slope: squares > 0 ? cross / squares : null,
    ratioMin: ratios.length ? Math.min(...ratios) : null,
    ratioMax: ratios.length ? Math.max(...ratios) : null,
    correlation: pearsonCorrelation(xs, ys),
  };
}
