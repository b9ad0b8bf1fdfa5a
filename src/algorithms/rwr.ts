import type { SimulatorUpdateStats } from '../interfaces/metrics.ts';
import { copyAdamState, type AdamOptions } from '../models/adam.ts';
import type { ScoredSequence } from '../models/batching.ts';
import type { LanguageModel } from '../models/language-model.ts';
import { broadcast, flatten, unflatten } from './flat-tokens.ts';
import { aggregationWeights, distributionKl, tokenObjective } from './objective.ts';
import type { KlEstimatorName } from './token-losses.ts';

/** One simulator generation (context ⧺ proposal, loss on the proposal) with its RWR weight ≥ 0. */
export interface WeightedSequence {
  sequence: ScoredSequence;
  weight: number;
}

export interface RwrOptions {
  /** Coefficient of the KL penalty to the initial (warm-started) simulator. */
  klCoefficient: number;
  klEstimator: KlEstimatorName;
  /**
   * Cap on KL(π_after ‖ π_before) of one update, measured exactly (full next-token distributions) on
   * the batch's proposal positions. Above it the step is scaled by ½, ¼, ⅛; if still above, it is undone.
   */
  klCap: number;
  /** Optimiser steps per update (each over the whole batch). */
  steps: number;
  /**
   * ≥ 0 bonus on the entropy of the next-token distribution at the proposals' positions (subtracted from the
   * loss): without it, RWR on a batch that repeats one in-band spec collapses the simulator onto that spec.
   */
  entropyBonus?: number;
  adam: AdamOptions;
}

/** What an RWR update reports, by the simulator's update names (`interfaces/metrics.ts`). */
export type RwrStats = SimulatorUpdateStats;

/**
 * Reward-weighted regression: minimise Σ_i w̃_i · mean_t(−log π(y_it | context_i)) + β·KL(π‖π_init) − η·H,
 * w̃ = w / Σw and H the entropy of the next-token distributions at the proposals' positions (η = `entropyBonus`),
 * then enforce the per-update KL cap. Records of weight 0 and empty proposals are dropped; an empty batch is a no-op.
 */
export function rwrUpdate(
  model: LanguageModel,
  initial: LanguageModel | null,
  records: readonly WeightedSequence[],
  options: RwrOptions,
): RwrStats {
  const kept = records.filter(
    (record) => record.weight > 0 && record.sequence.tokens.length - Math.max(1, record.sequence.lossStart) > 0,
  );
  const stats: RwrStats = { records: kept.length, steps: 0, scale: 0, stopped: 0, updateKl: 0 };
  if (kept.length === 0) return stats;
  const sequences = kept.map((record) => record.sequence);
  const weightTotal = kept.reduce((sum, record) => sum + record.weight, 0);
  const before = new Float32Array(model.parameters);
  const optimizerBefore = copyAdamState(model.optimizer);
  // Before the pass that is differentiated: a frozen pass on the model's threads ends the ones taken before it.
  const initialLogprobs =
    initial && options.klCoefficient > 0 ? model.scoreFrozen(sequences, { entropies: false }, initial).logprobs : null;
  const beforePass = model.score(sequences, { distributions: true });
  const beforeDistributions = flatten(beforePass.distributions);
  stats.logprobBefore = weightedMeanLogprob(beforePass.logprobs, kept);
  for (let step = 0; step < options.steps; step++) {
    const pass = step === 0 ? beforePass : model.score(sequences);
    const lengths = pass.logprobs.map((values) => values.length);
    const current = flatten(pass.logprobs);
    const result = tokenObjective(
      {
        logprob: current,
        oldLogprob: current,
        referenceLogprob: initialLogprobs ? flatten(initialLogprobs) : null,
        entropy: flatten(pass.entropies),
        signal: broadcast(
          kept.map((record) => (record.weight / weightTotal) * kept.length),
          lengths,
        ),
        aggregation: flatten(aggregationWeights(lengths, 'sequence-mean')),
      },
      {
        policyLoss: 'weighted-nll',
        klEstimator: options.klEstimator,
        klCoefficient: options.klCoefficient,
        entropyCoefficient: options.entropyBonus ?? 0,
        clip: 0.2,
      },
    );
    pass.backward(
      unflatten(result.gradLogprob, lengths),
      options.entropyBonus ? unflatten(result.gradEntropy, lengths) : null,
    );
    model.step(options.adam);
    stats.steps = stats.steps! + 1;
    stats.loss = result.loss;
    stats.klToInitial = result.stats.kl;
    stats.entropy = result.stats.entropy;
  }
  const vocab = model.config.vocabSize;
  const after = new Float32Array(model.parameters);
  const measure = () =>
    distributionKl(
      flatten(model.scoreFrozen(sequences, { distributions: true, entropies: false }).distributions),
      beforeDistributions,
      vocab,
    );
  let scale = 1;
  let kl = measure();
  while (kl > options.klCap && scale > 0.125) {
    scale /= 2;
    for (let index = 0; index < after.length; index++)
      model.parameters[index] = before[index]! + scale * (after[index]! - before[index]!);
    kl = measure();
  }
  if (kl > options.klCap) {
    model.parameters.set(before);
    model.optimizer = optimizerBefore;
    scale = 0;
    kl = 0;
    stats.stopped = 1;
  }
  stats.scale = scale;
  stats.updateKl = kl;
  stats.logprobAfter = weightedMeanLogprob(model.scoreFrozen(sequences, { entropies: false }).logprobs, kept);
  return stats;
}

/** Weighted mean over records of the mean token log-prob of each proposal. */
function weightedMeanLogprob(logprobs: readonly Float32Array[], records: readonly WeightedSequence[]): number {
  let total = 0;
  let weights = 0;
  logprobs.forEach((values, index) => {
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    total += records[index]!.weight * mean;
    weights += records[index]!.weight;
  });
  return total / weights;
}
