/** Reward-weighted regression weights for simulator generations (paper §2.2: ∝ exp(λ·R_env)). */

export type WeightNormalization = 'none' | 'mean' | 'zscore';

/**
 * Weights for a batch of rewards.
 * - `none`: exp(λR).
 * - `mean`: exp(λR) divided by the batch mean, so weights average 1 and the loss scale does not
 *   depend on λ.
 * - `zscore`: exp(λ·z) / mean, with z the rewards standardised within the batch — makes weights
 *   discriminate even when raw rewards are nearly equal (β small or a narrow k_min band). A batch
 *   of equal rewards gives weights of 1.
 * An empty batch gives an empty list. λ ≥ 0; rewards finite.
 */
export function rwrWeights(rewards: readonly number[], lambda: number, normalization: WeightNormalization): number[] {
  if (!(lambda >= 0)) throw new RangeError(`λ must be ≥ 0, got ${lambda}`);
  if (rewards.length === 0) return [];
  for (const reward of rewards) if (!Number.isFinite(reward)) throw new RangeError(`reward ${reward} is not finite`);
  let exponents: number[];
  if (normalization === 'zscore') {
    const center = rewards.reduce((sum, reward) => sum + reward, 0) / rewards.length;
    const variance = rewards.reduce((sum, reward) => sum + (reward - center) ** 2, 0) / rewards.length;
    const spread = Math.sqrt(variance);
    exponents = rewards.map((reward) => (spread > 1e-12 ? (lambda * (reward - center)) / spread : 0));
  } else {
    exponents = rewards.map((reward) => lambda * reward);
  }
  // Subtract the maximum exponent before exp for numerical safety; `none` must keep the absolute scale.
  if (normalization === 'none') return exponents.map((exponent) => Math.exp(exponent));
  const largest = Math.max(...exponents);
  const raw = exponents.map((exponent) => Math.exp(exponent - largest));
  const average = raw.reduce((sum, weight) => sum + weight, 0) / raw.length;
  return raw.map((weight) => weight / average);
}
