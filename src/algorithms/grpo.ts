import type { AgentUpdateStats } from '../interfaces/metrics.ts';
import type { AdamOptions } from '../models/adam.ts';
import type { ScoredSequence } from '../models/batching.ts';
import type { LanguageModel } from '../models/language-model.ts';
import { Random } from '../util/random.ts';
import { advantageEstimators, flattenGroups, type AdvantageName } from './advantages.ts';
import { broadcast, flatten, groupMinibatches, unflatten } from './flat-tokens.ts';
import { aggregationWeights, tokenObjective, type AggregationMode } from './objective.ts';
import type { KlEstimatorName } from './token-losses.ts';

/** G rollouts of one prompt (prompt ⧺ response tokens, loss on the response) with rewards in [0, 1]. */
export interface GrpoGroup {
  sequences: ScoredSequence[];
  rewards: number[];
  /** A demonstration of a fully correct answer (reward 1) to the same prompt, used by `guidance`. */
  guide?: ScoredSequence;
}

/**
 * Off-policy guidance (LUFFY, Yan et al. 2025): the group's demonstration joins the group as one more
 * member with reward 1 before advantages are computed. `failed-groups` adds it only where no rollout
 * reached reward 1 (the groups GRPO can learn nothing from: all advantages are 0), `all-groups` always.
 */
export type GuidanceMode = 'none' | 'failed-groups' | 'all-groups';

/** The groups an update trains on: each with its guide appended where `mode` asks (flagged in `guided`). */
export function guidedGroups(
  groups: readonly GrpoGroup[],
  mode: GuidanceMode,
): { sequences: ScoredSequence[]; rewards: number[]; guided: boolean }[] {
  return groups.map((group) => {
    const wanted =
      group.guide !== undefined &&
      (mode === 'all-groups' || (mode === 'failed-groups' && !group.rewards.some((reward) => reward >= 1)));
    return wanted
      ? { sequences: [...group.sequences, group.guide!], rewards: [...group.rewards, 1], guided: true }
      : { sequences: group.sequences, rewards: group.rewards, guided: false };
  });
}

export interface GrpoOptions {
  advantage: AdvantageName;
  /** ε added to the group std (grpo estimator). */
  advantageEpsilon: number;
  clip: number;
  klCoefficient: number;
  klEstimator: KlEstimatorName;
  entropyCoefficient: number;
  aggregation: AggregationMode;
  /** Passes over the batch per update (≥ 1); > 1 makes the clipped ratio matter. */
  epochs: number;
  /** Sequences per optimiser step. */
  minibatchSize: number;
  adam: AdamOptions;
  /** Off-policy guidance from each group's `guide` (default none). */
  guidance?: GuidanceMode;
  /**
   * `skip` drops rollouts with a negative advantage from the loss (default `train`). Pushing down
   * sampled low-probability tokens squeezes mass onto the already likely ones; on the small built-in
   * agent that collapses it onto frequent values from a learning rate of 1e-3 (`genenv bench --suite grpo-lr`).
   */
  negativeSamples?: 'train' | 'skip';
  /**
   * Linear learning-rate warm-up over the optimiser's first `warmupSteps` steps (counted by the model's
   * Adam state, so it spans updates and survives checkpoints); 0 or absent = none.
   */
  warmupSteps?: number;
}

/** The learning rate of the optimiser's next step under a linear warm-up of `warmupSteps` steps. */
export function warmedUpLearningRate(learningRate: number, stepsTaken: number, warmupSteps: number): number {
  return warmupSteps > 0 ? learningRate * Math.min(1, (stepsTaken + 1) / warmupSteps) : learningRate;
}

/** What a GRPO update reports, by the agent's update names (`interfaces/metrics.ts`). */
export type GrpoStats = AgentUpdateStats;

/**
 * One GRPO update: group-normalised advantages, clipped-ratio token loss, KL to the frozen `reference`
 * (k3 by default), entropy bonus. Sequences with zero advantage carry no policy signal and are skipped
 * (so a batch of all-equal groups is a no-op). Minibatches hold whole groups. A guide (see
 * `GuidanceMode`) is trained with −A·logπ and no KL term. Deterministic in `seed` (minibatch order).
 */
export function grpoUpdate(
  model: LanguageModel,
  reference: LanguageModel | null,
  groups: readonly GrpoGroup[],
  options: GrpoOptions,
  seed: number,
): GrpoStats {
  const trained = guidedGroups(groups, options.guidance ?? 'none');
  const skipNegatives = options.negativeSamples === 'skip';
  const advantages = advantageEstimators[options.advantage].compute(
    flattenGroups(trained.map((group) => group.rewards)),
    options.advantageEpsilon,
  );
  const sequences: ScoredSequence[] = [];
  const signal: number[] = [];
  // offPolicy[i] = 1 when sequences[i] is a guide rather than a rollout.
  const offPolicy: number[] = [];
  // members[g] = indices into `sequences` of group g's rollouts that carry signal.
  const members: number[][] = [];
  let cursor = 0;
  for (const group of trained) {
    const kept: number[] = [];
    group.sequences.forEach((sequence, index) => {
      const advantage = advantages[cursor++]!;
      if (
        advantage !== 0 &&
        !(skipNegatives && advantage < 0) &&
        sequence.tokens.length - Math.max(1, sequence.lossStart) > 0
      ) {
        kept.push(sequences.length);
        sequences.push(sequence);
        signal.push(advantage);
        offPolicy.push(group.guided && index === group.sequences.length - 1 ? 1 : 0);
      }
    });
    if (kept.length) members.push(kept);
  }
  // Rollout rewards only: the guides' reward of 1 is not the policy's.
  const rewards = groups.flatMap((group) => group.rewards);
  const stats: GrpoStats = {
    rewardMean: rewards.length ? rewards.reduce((sum, reward) => sum + reward, 0) / rewards.length : 0,
    sequencesWithSignal: sequences.length,
    guided: trained.filter((group) => group.guided).length,
    steps: 0,
  };
  if (sequences.length === 0) return stats;

  const batches = groupMinibatches(
    members,
    new Random(seed).shuffle(members.map((_, index) => index)),
    options.minibatchSize,
  );
  // π_old is the model before this update; with a single step it equals the current (detached) scores.
  const needsOld = options.epochs > 1 || batches.length > 1;
  // Neither pass reads the entropies, and neither is differentiated.
  const oldLogprobs = needsOld ? model.scoreFrozen(sequences, { entropies: false }).logprobs : null;
  const referenceLogprobs =
    reference && options.klCoefficient > 0
      ? model.scoreFrozen(sequences, { entropies: false }, reference).logprobs
      : null;
  const totals = { loss: 0, policyLoss: 0, kl: 0, entropy: 0, clipFraction: 0, gradientNorm: 0 };
  // The worst of the update, beside its means: one step's spike is what a user watching a run has to see.
  const extremes = { gradientNormMax: 0, klMax: 0, klClampedTokens: 0 };
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (const indices of batches) {
      const batch = indices.map((index) => sequences[index]!);
      const pass = model.score(batch);
      const lengths = pass.logprobs.map((values) => values.length);
      const current = flatten(pass.logprobs);
      const result = tokenObjective(
        {
          logprob: current,
          oldLogprob: oldLogprobs ? flatten(indices.map((index) => oldLogprobs[index]!)) : current,
          referenceLogprob: referenceLogprobs ? flatten(indices.map((index) => referenceLogprobs[index]!)) : null,
          entropy: flatten(pass.entropies),
          signal: broadcast(
            indices.map((index) => signal[index]!),
            lengths,
          ),
          aggregation: flatten(aggregationWeights(lengths, options.aggregation)),
          offPolicy: Uint8Array.from(
            broadcast(
              indices.map((index) => offPolicy[index]!),
              lengths,
            ),
          ),
        },
        {
          policyLoss: 'clipped-ratio',
          klEstimator: options.klEstimator,
          klCoefficient: options.klCoefficient,
          entropyCoefficient: options.entropyCoefficient,
          clip: options.clip,
        },
      );
      pass.backward(unflatten(result.gradLogprob, lengths), unflatten(result.gradEntropy, lengths));
      const norm = model.step({
        ...options.adam,
        learningRate: warmedUpLearningRate(options.adam.learningRate, model.optimizer.step, options.warmupSteps ?? 0),
      });
      totals.gradientNorm += norm;
      extremes.gradientNormMax = Math.max(extremes.gradientNormMax, norm);
      extremes.klMax = Math.max(extremes.klMax, result.stats.klMax);
      extremes.klClampedTokens += result.stats.klClamped;
      totals.loss += result.loss;
      totals.policyLoss += result.stats.policyLoss;
      totals.kl += result.stats.kl;
      totals.entropy += result.stats.entropy;
      totals.clipFraction += result.stats.clipFraction;
      stats.steps! += 1;
    }
  }
  for (const name of Object.keys(totals) as (keyof typeof totals)[]) stats[name] = totals[name] / stats.steps!;
  return { ...stats, ...(referenceLogprobs ? extremes : { gradientNormMax: extremes.gradientNormMax }) };
}
