import { copyAdamState, createAdamState, type AdamOptions, type AdamState } from './adam.ts';
import type { ScoredSequence } from './batching.ts';
import {
  generateWithCache,
  generateWithoutCache,
  type GeneratedSequence,
  type GenerationOptions,
  type GenerationRequest,
} from './generation.ts';
import type { ModelConfig } from './model-config.ts';
import { frozenScoringPlan } from './frozen-scoring.ts';
import { kernels } from './kernels.ts';
import { initializeParameters } from './parameters.ts';
import type { Tokenizer } from './tokenizer.ts';
import { type ScoreOptions, scoreSequences, type ScoringPass, type SequenceScores } from './scoring.ts';
import { TrainingHelper } from './training-helper.ts';
import { Transformer } from './transformer.ts';

export type { ScoreOptions, ScoringPass, SequenceScores } from './scoring.ts';

/**
 * Batches with fewer tokens than this score both halves on the calling thread even when a helper exists. A speed
 * setting only: the halves and their summation order are the same either way.
 */
export const minimumParallelTokens = 128;

/**
 * Padded rows per batch of a scoring pass without a backward (`scoreFrozen`), both threads' parts together: about
 * a training batch's, so the activation buffers stay the size training grows them to.
 */
export const frozenBatchRows = 2048;

/**
 * The narrow interface the training algorithms and policies use: init, forward (score), backward,
 * step, sample. Owns weights, gradients and AdamW state; the tensor code behind it can be replaced.
 */
export class LanguageModel {
  readonly transformer: Transformer;
  gradients: Float32Array;
  optimizer: AdamState;
  private helper: TrainingHelper | null = null;
  private scoreGeneration = 0;
  private secondHalfState: { transformer: Transformer; gradients: Float32Array } | null = null;

  constructor(
    readonly config: ModelConfig,
    readonly tokenizer: Tokenizer,
    public parameters: Float32Array,
    optimizer?: AdamState,
  ) {
    if (config.vocabSize !== tokenizer.vocabSize)
      throw new RangeError(`config vocab ${config.vocabSize} ≠ tokenizer vocab ${tokenizer.vocabSize}`);
    this.transformer = new Transformer(config);
    if (parameters.length !== this.transformer.layout.size)
      throw new RangeError(`expected ${this.transformer.layout.size} parameters, got ${parameters.length}`);
    this.gradients = new Float32Array(parameters.length);
    this.optimizer = optimizer ?? createAdamState(parameters.length);
  }

  /** Fresh model with deterministic weights from `seed`. */
  static initialize(config: ModelConfig, tokenizer: Tokenizer, seed: number): LanguageModel {
    return new LanguageModel(config, tokenizer, initializeParameters(config, seed));
  }

  get parameterCount(): number {
    return this.parameters.length;
  }

  /** Deep copy (weights and optimiser state). */
  clone(): LanguageModel {
    return new LanguageModel(
      this.config,
      this.tokenizer,
      new Float32Array(this.parameters),
      copyAdamState(this.optimizer),
    );
  }

  /**
   * Moves the weights into shared memory and starts a second thread that scores and backpropagates half
   * of every batch of ≥ 2 sequences. Call `close` when done.
   */
  enableTrainingThread(): void {
    if (this.helper) return;
    this.helper = new TrainingHelper(this.config, this.parameters);
    this.parameters = this.helper.parameters;
  }

  /** Stops the training thread, if any (weights stay where they are). Idempotent. */
  async close(): Promise<void> {
    const helper = this.helper;
    this.helper = null;
    await helper?.close();
  }

  /**
   * Teacher-forced scores of sequences; the returned pass can backpropagate into `gradients`. `options` asks for the
   * full next-token log-distributions (for exact KL measures) or leaves out the entropies (`ScoreOptions`).
   */
  score(sequences: readonly ScoredSequence[], options: ScoreOptions = {}): ScoringPass {
    if (sequences.length < 2) {
      ++this.scoreGeneration;
      return scoreSequences(this.transformer, this.parameters, this.gradients, sequences, options);
    }
    // Every batch of two or more sequences is split in two halves whose weight gradients are summed in one fixed
    // order (first half into `gradients`, the second half's own sum added after), wherever the second half runs:
    // so the thread count and the hand-off threshold change the speed, never a bit of the result.
    const split = Math.ceil(sequences.length / 2);
    // Small batches stay on this thread: below ~128 tokens the hand-off costs more than it saves.
    const tokens = sequences.reduce((sum, sequence) => sum + sequence.tokens.length, 0);
    const generation = ++this.scoreGeneration;
    const secondHalf = this.startSecondHalf(
      sequences.slice(split),
      options,
      tokens >= minimumParallelTokens ? this.helper : null,
    );
    const local = scoreSequences(this.transformer, this.parameters, this.gradients, sequences.slice(0, split), options);
    const remote = secondHalf.scores();
    return {
      logprobs: [...local.logprobs, ...remote.logprobs],
      entropies: [...local.entropies, ...remote.entropies],
      distributions: [...local.distributions, ...remote.distributions],
      backward: (gradLogprob, gradEntropy) => {
        if (generation !== this.scoreGeneration)
          throw new Error('backward on a scoring pass that is not the latest (the second half keeps one)');
        const secondGradients = secondHalf.backward(
          gradLogprob.slice(split),
          gradEntropy ? gradEntropy.slice(split) : null,
        );
        local.backward(gradLogprob.slice(0, split), gradEntropy ? gradEntropy.slice(0, split) : null);
        this.addGradients(secondGradients());
      },
    };
  }

  /**
   * Scores of many sequences without a backward (π_old, a KL reference, a measure), under this model's weights or
   * those of `weights`, a model of the same shape (a frozen reference), on this model's threads. Shortest first in
   * batches of about `frozenBatchRows` padded rows, each split between the threads by rows (`frozenScoringPlan`):
   * a sequence's scores depend only on its own tokens, so they are the bits `score` gives. A pass of `score` taken
   * before this one can no longer backpropagate.
   */
  scoreFrozen(
    sequences: readonly ScoredSequence[],
    options: ScoreOptions = {},
    weights: LanguageModel = this,
  ): SequenceScores {
    if (weights.parameters.length !== this.parameters.length || weights.config.vocabSize !== this.config.vocabSize)
      throw new RangeError(`scoring under weights of another shape (${weights.parameters.length} parameters)`);
    ++this.scoreGeneration;
    // The helper reads foreign weights from shared memory; its own are shared already.
    const foreign = this.helper && weights !== this ? weights.shareParameters() : undefined;
    const scores: SequenceScores = {
      logprobs: new Array<Float32Array>(sequences.length),
      entropies: options.entropies === false ? [] : new Array<Float32Array>(sequences.length),
      distributions: options.distributions ? new Array<Float32Array>(sequences.length) : [],
    };
    const place = (indices: readonly number[], part: SequenceScores) => {
      indices.forEach((index, position) => {
        scores.logprobs[index] = part.logprobs[position]!;
        if (scores.entropies.length) scores.entropies[index] = part.entropies[position]!;
        if (scores.distributions.length) scores.distributions[index] = part.distributions[position]!;
      });
    };
    const rows = sequences.map((sequence) => sequence.tokens.length - 1);
    for (const { first, second } of frozenScoringPlan(rows, frozenBatchRows)) {
      const secondRows = second.length * Math.max(1, ...second.map((index) => rows[index]!));
      const helper = this.helper && secondRows >= minimumParallelTokens ? this.helper : null;
      if (helper) helper.postScore(pick(sequences, second), options, foreign);
      const here = helper ? first : [...first, ...second];
      place(here, scoreSequences(this.transformer, weights.parameters, this.gradients, pick(sequences, here), options));
      if (helper) place(second, helper.waitScore());
    }
    return scores;
  }

  /**
   * Moves the weights into shared memory, once, so that another model's training thread can read them (see
   * `scoreFrozen`); returns that memory.
   */
  shareParameters(): SharedArrayBuffer {
    if (!(this.parameters.buffer instanceof SharedArrayBuffer) || this.parameters.byteOffset !== 0) {
      const shared = new Float32Array(new SharedArrayBuffer(this.parameters.byteLength));
      shared.set(this.parameters);
      this.parameters = shared;
    }
    return this.parameters.buffer as SharedArrayBuffer;
  }

  /**
   * Starts scoring a batch's second half: on the helper thread when one is given (it runs while this thread scores
   * the first half), else here through a second transformer (its own activation buffers) when `scores` is asked.
   * `backward` starts the second half's backward into its own zeroed gradient sum and returns a function that
   * waits for it and gives that sum.
   */
  private startSecondHalf(
    sequences: ScoredSequence[],
    options: ScoreOptions,
    helper: TrainingHelper | null,
  ): {
    scores: () => SequenceScores;
    backward: (gradLogprob: Float32Array[], gradEntropy: Float32Array[] | null) => () => Float32Array;
  } {
    if (helper) {
      helper.postScore(sequences, options);
      return {
        scores: () => helper.waitScore(),
        backward: (gradLogprob, gradEntropy) => {
          helper.postBackward(gradLogprob, gradEntropy);
          return () => {
            helper.waitBackward();
            return helper.gradients;
          };
        },
      };
    }
    const own = this.secondHalf();
    let pass: ScoringPass | null = null;
    return {
      scores: () => {
        pass = scoreSequences(own.transformer, this.parameters, own.gradients, sequences, options);
        return pass;
      },
      backward: (gradLogprob, gradEntropy) => {
        own.gradients.fill(0);
        pass!.backward(gradLogprob, gradEntropy);
        return () => own.gradients;
      },
    };
  }

  /** Adds the second half's gradient sum to `gradients`, element by element (the one summation order). */
  private addGradients(secondHalf: Float32Array): void {
    kernels.addInto(this.gradients, secondHalf);
  }

  /** The transformer and gradient buffer that score a batch's second half on this thread, made on first use. */
  private secondHalf(): { transformer: Transformer; gradients: Float32Array } {
    this.secondHalfState ??= {
      transformer: new Transformer(this.config),
      gradients: new Float32Array(this.parameters.length),
    };
    return this.secondHalfState;
  }

  /** Applies one AdamW step with the accumulated gradients, then clears them. Returns the gradient norm. */
  step(options: AdamOptions): number {
    const norm = kernels.adamStep(this.parameters, this.gradients, this.optimizer, options);
    this.gradients.fill(0);
    return norm;
  }

  /** Clears accumulated gradients without stepping. */
  zeroGradients(): void {
    this.gradients.fill(0);
  }

  /**
   * Batched sampling with the key/value cache (or without it, for comparison), `chunk` sequences at a
   * time to bound the cache's memory. Request i always draws from stream i, so chunking changes nothing.
   */
  generate(
    requests: GenerationRequest[],
    options: GenerationOptions,
    useCache = true,
    chunk = 256,
  ): GeneratedSequence[] {
    const results: GeneratedSequence[] = [];
    for (let start = 0; start < requests.length; start += chunk) {
      const part = requests.slice(start, start + chunk);
      const partOptions = { ...options, firstIndex: (options.firstIndex ?? 0) + start };
      results.push(
        ...(useCache
          ? generateWithCache(this.transformer, this.parameters, part, partOptions)
          : generateWithoutCache(this.transformer, this.parameters, part, partOptions)),
      );
    }
    return results;
  }
}

/** The sequences at `indices`, in that order. */
function pick(sequences: readonly ScoredSequence[], indices: readonly number[]): ScoredSequence[] {
  return indices.map((index) => sequences[index]!);
}
