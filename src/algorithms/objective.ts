import { klEstimators, policyLosses, type KlEstimatorName, type PolicyLossName } from './token-losses.ts';

/** Per-token inputs, flat over every scored token of a batch ([tokens] each). */
export interface TokenTerms {
  logprob: Float32Array;
  /** log π_old (behaviour policy at the start of the update); only the clipped ratio reads it. */
  oldLogprob: Float32Array;
  /** log π_ref (frozen reference); null when no KL term is wanted. */
  referenceLogprob: Float32Array | null;
  entropy: Float32Array;
  /** Advantage (GRPO) or regression weight (RWR/SFT) of the token's sequence. */
  signal: Float32Array;
  /** Weight of the token in the batch mean (Σ = 1 over the batch): see `aggregationWeights`. */
  aggregation: Float32Array;
  /**
   * 1 marks a token π did not sample (a guidance demonstration, LUFFY-style off-policy guidance): its
   * policy term is −A·logπ, with no ratio to clip against, and it carries no KL term, since k1–k3
   * estimate KL(π‖π_ref) only from π's own samples. Absent means every token is on-policy.
   */
  offPolicy?: Uint8Array;
}

export interface ObjectiveOptions {
  policyLoss: PolicyLossName;
  klEstimator: KlEstimatorName;
  /** β ≥ 0 on the KL term. */
  klCoefficient: number;
  /** ≥ 0 bonus on entropy (subtracted from the loss). */
  entropyCoefficient: number;
  /** PPO clip ε in (0, 1). */
  clip: number;
}

export interface ObjectiveResult {
  loss: number;
  /** ∂loss/∂logprob per token. */
  gradLogprob: Float32Array;
  /** ∂loss/∂entropy per token. */
  gradEntropy: Float32Array;
  stats: ObjectiveStats;
}

/** What a batch's objective reports besides its loss (weighted means over the batch's tokens, Σ weights = 1). */
export interface ObjectiveStats {
  policyLoss: number;
  /** Mean per-token KL estimate (nats). */
  kl: number;
  entropy: number;
  /** Weight of the tokens whose ratio was clipped. */
  clipFraction: number;
  /** The largest per-token KL estimate of the batch (nats; 0 without a KL term). */
  klMax: number;
  /** Tokens whose KL estimate a bound cut (k3 above K3_VALUE_LIMIT): they carry no KL gradient. */
  klClamped: number;
}

export type AggregationMode = 'token-mean' | 'sequence-mean';

/**
 * Per-token weights of the batch mean for sequences of the given lengths: `token-mean` weighs every
 * token equally (DAPO), `sequence-mean` averages within each sequence, then over sequences (original
 * GRPO). Empty sequences get nothing; an empty batch gives [].
 */
export function aggregationWeights(lengths: readonly number[], mode: AggregationMode): Float32Array[] {
  const total = lengths.reduce((sum, length) => sum + length, 0);
  const nonEmpty = lengths.filter((length) => length > 0).length;
  return lengths.map((length) =>
    new Float32Array(length).fill(mode === 'token-mean' ? 1 / total : 1 / (nonEmpty * length)),
  );
}

/** Fast objective: one loop over the flat arrays, the policy term inlined; the KL term is the estimator's own. */
export function tokenObjective(terms: TokenTerms, options: ObjectiveOptions): ObjectiveResult {
  const count = terms.logprob.length;
  const gradLogprob = new Float32Array(count);
  const gradEntropy = new Float32Array(count);
  let policy = 0;
  let kl = 0;
  let klMax = 0;
  let klClamped = 0;
  let entropy = 0;
  let clippedWeight = 0;
  const clipped = options.policyLoss === 'clipped-ratio';
  const reference = options.klCoefficient > 0 ? terms.referenceLogprob : null;
  const estimator = klEstimators[options.klEstimator];
  const offPolicy = terms.offPolicy;
  for (let index = 0; index < count; index++) {
    const weight = terms.aggregation[index]!;
    const logprob = terms.logprob[index]!;
    const signal = terms.signal[index]!;
    const guided = offPolicy !== undefined && offPolicy[index] === 1;
    let loss: number;
    let gradient: number;
    if (guided) {
      loss = -signal * logprob;
      gradient = -signal;
    } else if (clipped) {
      const ratio = Math.exp(logprob - terms.oldLogprob[index]!);
      const bounded = ratio < 1 - options.clip ? 1 - options.clip : Math.min(ratio, 1 + options.clip);
      if (bounded * signal < ratio * signal) {
        loss = -bounded * signal;
        gradient = 0;
        clippedWeight += weight;
      } else {
        loss = -ratio * signal;
        gradient = loss;
      }
    } else {
      loss = -signal * logprob;
      gradient = -signal;
    }
    if (reference && !guided) {
      const term = estimator.token(logprob, reference[index]!);
      kl += weight * term.value;
      if (term.value > klMax) klMax = term.value;
      if (term.clamped) klClamped += 1;
      gradient += options.klCoefficient * term.gradient;
    }
    policy += weight * loss;
    entropy += weight * terms.entropy[index]!;
    gradLogprob[index] = weight * gradient;
    gradEntropy[index] = -weight * options.entropyCoefficient;
  }
  const loss = policy + options.klCoefficient * kl - options.entropyCoefficient * entropy;
  return {
    loss,
    gradLogprob,
    gradEntropy,
    stats: { policyLoss: policy, kl, entropy, clipFraction: clippedWeight, klMax, klClamped },
  };
}

/** Reference objective: the same sum written term by term from the tables (slow, obvious). */
export function tokenObjectiveReference(terms: TokenTerms, options: ObjectiveOptions): ObjectiveResult {
  const count = terms.logprob.length;
  const gradLogprob = new Float32Array(count);
  const gradEntropy = new Float32Array(count);
  const stats: ObjectiveStats = { policyLoss: 0, kl: 0, entropy: 0, clipFraction: 0, klMax: 0, klClamped: 0 };
  let loss = 0;
  for (let index = 0; index < count; index++) {
    const weight = terms.aggregation[index]!;
    const guided = terms.offPolicy?.[index] === 1;
    const policy = policyLosses[guided ? 'weighted-nll' : options.policyLoss].token(
      terms.logprob[index]!,
      terms.oldLogprob[index]!,
      terms.signal[index]!,
      options.clip,
    );
    const kl =
      !guided && options.klCoefficient > 0 && terms.referenceLogprob
        ? klEstimators[options.klEstimator].token(terms.logprob[index]!, terms.referenceLogprob[index]!)
        : null;
    loss +=
      weight *
      (policy.loss + options.klCoefficient * (kl?.value ?? 0) - options.entropyCoefficient * terms.entropy[index]!);
    gradLogprob[index] = weight * (policy.gradient + options.klCoefficient * (kl?.gradient ?? 0));
    gradEntropy[index] = -weight * options.entropyCoefficient;
    stats.policyLoss += weight * policy.loss;
    if (kl) {
      stats.kl += weight * kl.value;
      stats.klMax = Math.max(stats.klMax, kl.value);
      if (kl.clamped) stats.klClamped += 1;
    }
    stats.entropy += weight * terms.entropy[index]!;
    if (policy.clipped) stats.clipFraction += weight;
  }
  return { loss, gradLogprob, gradEntropy, stats };
}

/**
 * Exact KL(p‖q) averaged over positions, from full next-token log-distributions [positions, vocab]
 * (used to measure how far an update moved the policy on a batch).
 */
export function distributionKl(logP: Float32Array, logQ: Float32Array, vocab: number): number {
  const positions = logP.length / vocab;
  if (positions === 0) return 0;
  let total = 0;
  for (let index = 0; index < logP.length; index++) total += Math.exp(logP[index]!) * (logP[index]! - logQ[index]!);
  return total / positions;
}
