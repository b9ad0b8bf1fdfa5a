/**
 * Token-level objectives as a typed table of pure functions (verl core_algos style). A batch is flat
 * over all scored tokens ([tokens]); each term returns the loss and its derivative w.r.t. the token's
 * log-probability, so the model backpropagates one number per token.
 */

export type PolicyLossName = 'clipped-ratio' | 'weighted-nll';
export type KlEstimatorName = 'k1' | 'k2' | 'k3';

export interface PolicyLossTerm {
  description: string;
  /** Loss of one token and ∂loss/∂logprob. `signal` is the advantage (or the regression weight). */
  token(
    logprob: number,
    oldLogprob: number,
    signal: number,
    clip: number,
  ): { loss: number; gradient: number; clipped: boolean };
}

export const policyLosses: Record<PolicyLossName, PolicyLossTerm> = {
  'clipped-ratio': {
    description: 'PPO/GRPO: −min(ρA, clip(ρ, 1−ε, 1+ε)A), ρ = exp(logπ − logπ_old)',
    token(logprob, oldLogprob, advantage, clip) {
      const ratio = Math.exp(logprob - oldLogprob);
      const unclipped = ratio * advantage;
      const clippedValue = Math.min(Math.max(ratio, 1 - clip), 1 + clip) * advantage;
      // The clipped branch wins (and carries no gradient) when it is strictly smaller.
      if (clippedValue < unclipped) return { loss: -clippedValue, gradient: 0, clipped: true };
      return { loss: -unclipped, gradient: -unclipped, clipped: false };
    },
  },
  'weighted-nll': {
    description: 'reward-weighted regression / SFT: −w·logπ',
    token(logprob, _oldLogprob, weight) {
      return { loss: -weight * logprob, gradient: -weight, clipped: false };
    },
  },
};

export interface KlEstimator {
  description: string;
  /** Estimate of KL(π‖π_ref) from one token sampled from π, and its derivative w.r.t. logπ. */
  token(logprob: number, referenceLogprob: number): { value: number; gradient: number };
}

export const klEstimators: Record<KlEstimatorName, KlEstimator> = {
  k1: {
    description: 'logπ − logπ_ref (unbiased, high variance, can be negative)',
    token: (logprob, reference) => ({ value: logprob - reference, gradient: 1 }),
  },
  k2: {
    description: '½(logπ − logπ_ref)²',
    token: (logprob, reference) => ({ value: 0.5 * (logprob - reference) ** 2, gradient: logprob - reference }),
  },
  k3: {
    description: 'exp(logπ_ref − logπ) − (logπ_ref − logπ) − 1 (Schulman; unbiased, ≥ 0), log-ratio clamped to ±20',
    token(logprob, reference) {
      const difference = clampLogRatio(reference - logprob);
      return { value: Math.exp(difference) - difference - 1, gradient: 1 - Math.exp(difference) };
    },
  },
};

/**
 * Bound on |logπ_ref − logπ| inside k3: exp of a larger gap overflows float32 and a single collapsed
 * token would otherwise turn the whole step into Infinity/NaN (seen with a too-large GRPO learning rate).
 */
export const K3_LOG_RATIO_LIMIT = 20;

export function clampLogRatio(difference: number): number {
  return Math.max(-K3_LOG_RATIO_LIMIT, Math.min(K3_LOG_RATIO_LIMIT, difference));
}
