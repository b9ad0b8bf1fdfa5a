import type { AdamOptions } from '../models/adam.ts';
import type { ScoredSequence } from '../models/batching.ts';
import type { LanguageModel } from '../models/language-model.ts';
import { Random } from '../util/random.ts';
import { learningRateAt, type LearningRateSchedule } from './learning-rate-schedule.ts';
import { broadcast, flatten, minibatches, unflatten } from './flat-tokens.ts';
import { aggregationWeights, tokenObjective } from './objective.ts';

export interface SftOptions {
  adam: AdamOptions;
  /** Passes over the data (≥ 1). */
  epochs: number;
  /** Sequences per optimiser step (≥ 1). */
  batchSize: number;
  /** Shuffle seed. */
  seed: number;
  /** Learning-rate shape over all steps; `adam.learningRate` is its peak (default constant). */
  schedule?: LearningRateSchedule;
  /** Order of the sequences in each epoch (default `shuffled`); see SftOrder. */
  order?: SftOrder;
}

/**
 * `shuffled`: a fresh random order every epoch. `shortest-first`: the first epoch in order of increasing
 * length (ties in random order), later epochs shuffled — a curriculum: the short sequences of a multi-turn
 * task (its first turns) come first, and a small model learns from them alone what the longer ones need too
 * (copying a name into its answer), instead of finding it late or not at all in the mix.
 */
export type SftOrder = 'shuffled' | 'shortest-first';

export interface SftStats {
  steps: number;
  /** Mean token cross-entropy (nats) of the first and last step. */
  firstLoss: number;
  lastLoss: number;
  tokens: number;
}

/** Supervised fine-tuning: token-mean cross-entropy on the scored (response) tokens only. */
export function supervisedFineTune(
  model: LanguageModel,
  sequences: readonly ScoredSequence[],
  options: SftOptions,
): SftStats {
  const steps = fineTuneSteps(model, sequences, options);
  let result = steps.next();
  while (!result.done) result = steps.next();
  return result.value;
}

/**
 * supervisedFineTune one optimiser step at a time: each `next()` takes one step and yields the statistics so far, so
 * that a caller can measure the model between steps (a warm start that checks a validation split) and stop early.
 * Drained, it takes the same steps in the same order as supervisedFineTune and returns the same statistics.
 */
export function* fineTuneSteps(
  model: LanguageModel,
  sequences: readonly ScoredSequence[],
  options: SftOptions,
): Generator<SftStats, SftStats> {
  const random = new Random(options.seed);
  const stats: SftStats = { steps: 0, firstLoss: Number.NaN, lastLoss: Number.NaN, tokens: 0 };
  const usable = sequences.filter((sequence) => sequence.tokens.length - Math.max(1, sequence.lossStart) > 0);
  const totalSteps = options.epochs * Math.ceil(usable.length / Math.max(1, options.batchSize));
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    const shuffled = random.shuffle(usable.map((_, index) => index));
    const order =
      epoch === 0 && options.order === 'shortest-first'
        ? shuffled
            .map((index, position) => ({ index, position }))
            .sort((a, b) => usable[a.index]!.tokens.length - usable[b.index]!.tokens.length || a.position - b.position)
            .map((entry) => entry.index)
        : shuffled;
    for (const indices of minibatches(order, options.batchSize)) {
      const batch = indices.map((index) => usable[index]!);
      const pass = model.score(batch);
      const lengths = pass.logprobs.map((values) => values.length);
      const result = tokenObjective(
        {
          logprob: flatten(pass.logprobs),
          oldLogprob: flatten(pass.logprobs),
          referenceLogprob: null,
          entropy: flatten(pass.entropies),
          signal: broadcast(
            lengths.map(() => 1),
            lengths,
          ),
          aggregation: flatten(aggregationWeights(lengths, 'token-mean')),
        },
        { policyLoss: 'weighted-nll', klEstimator: 'k3', klCoefficient: 0, entropyCoefficient: 0, clip: 0.2 },
      );
      pass.backward(unflatten(result.gradLogprob, lengths), null);
      model.step({
        ...options.adam,
        learningRate: learningRateAt(
          options.schedule ?? 'constant',
          stats.steps,
          totalSteps,
          options.adam.learningRate,
        ),
      });
      if (stats.steps === 0) stats.firstLoss = result.loss;
      stats.lastLoss = result.loss;
      stats.steps += 1;
      stats.tokens += lengths.reduce((sum, length) => sum + length, 0);
      yield { ...stats };
    }
  }
  return stats;
}

/** Mean token cross-entropy (nats) of sequences under the model, without training. */
export function evaluateLoss(model: LanguageModel, sequences: readonly ScoredSequence[]): number {
  const flat = flatten(model.scoreFrozen(sequences, { entropies: false }).logprobs);
  if (flat.length === 0) return 0;
  let total = 0;
  for (const logprob of flat) total -= logprob;
  return total / flat.length;
}
