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

/** One token's KL estimate: its value, ∂value/∂logπ, and whether a bound cut it (then the gradient is 0). */
export interface KlTerm {
  value: number;
  gradient: number;
  clamped: boolean;
}

export interface KlEstimator {
  description: string;
  /** Estimate of KL(π‖π_ref) from one token sampled from π, and its derivative w.r.t. logπ. */
  token(logprob: number, referenceLogprob: number): KlTerm;
}

/**
 * The most one token's k3 may contribute, in nats: verl's `low_var_kl` clamps k3 to [−10, 10] (k3 ≥ 0, so only the
 * top binds), with no gradient where it is clamped. Its value reaches 10 at logπ_ref − logπ ≈ 2.61 (π far below the
 * reference) or ≈ −11 (far above), so no token's KL gradient exceeds about 12.6 in magnitude: a token the policy has
 * collapsed on can no longer decide the direction of its minibatch's clipped step, as the unbounded value's gradient
 * 1 − e^Δ (up to −4.9·10⁸ at the old log-ratio clamp of 20) did.
 */
export const K3_VALUE_LIMIT = 10;

/**
 * Bound on |logπ_ref − logπ| before the exponential, so it cannot overflow float32; beyond it k3 is above
 * K3_VALUE_LIMIT anyway, so the value is clamped and the gradient 0 there too.
 */
export const K3_LOG_RATIO_LIMIT = 20;

export const klEstimators: Record<KlEstimatorName, KlEstimator> = {
  k1: {
    description: 'logπ − logπ_ref (unbiased, high variance, can be negative)',
    token: (logprob, reference) => ({ value: logprob - reference, gradient: 1, clamped: false }),
  },
  k2: {
    description: '½(logπ − logπ_ref)²',
    token: (logprob, reference) => ({
      value: 0.5 * (logprob - reference) ** 2,
      gradient: logprob - reference,
      clamped: false,
    }),
  },
  k3: {
    description:
      "exp(logπ_ref − logπ) − (logπ_ref − logπ) − 1 (Schulman; unbiased, ≥ 0), clamped to ≤ 10 with no gradient above, as verl's low_var_kl",
    token(logprob, reference) {
      const difference = reference - logprob;
      if (difference > K3_LOG_RATIO_LIMIT || difference < -K3_LOG_RATIO_LIMIT)
        return { value: K3_VALUE_LIMIT, gradient: 0, clamped: true };
      const exponential = Math.exp(difference);
      const value = exponential - difference - 1;
      if (value > K3_VALUE_LIMIT) return { value: K3_VALUE_LIMIT, gradient: 0, clamped: true };
      return { value, gradient: 1 - exponential, clamped: false };
    },
  },
};
