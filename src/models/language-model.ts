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
import { kernels } from './kernels.ts';
import { initializeParameters } from './parameters.ts';
import type { Tokenizer } from './tokenizer.ts';
import { type ScoreOptions, scoreSequences, type ScoringPass } from './scoring.ts';
import { TrainingHelper } from './training-helper.ts';
import { Transformer } from './transformer.ts';

export type { ScoreOptions, ScoringPass, SequenceScores } from './scoring.ts';

/** Batches with fewer tokens than this are scored on the calling thread even when a helper exists. */
export const minimumParallelTokens = 512;

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
    const helper = this.helper;
    // Small batches stay on this thread: below ~512 tokens the hand-off costs more than it saves.
    const tokens = sequences.reduce((sum, sequence) => sum + sequence.tokens.length, 0);
    if (!helper || sequences.length < 2 || tokens < minimumParallelTokens) {
      return scoreSequences(this.transformer, this.parameters, this.gradients, sequences, options);
    }
    // The first half here, the second half on the helper thread, at the same time.
    const split = Math.ceil(sequences.length / 2);
    helper.postScore(sequences.slice(split), options);
    const local = scoreSequences(this.transformer, this.parameters, this.gradients, sequences.slice(0, split), options);
    const remote = helper.waitScore();
    const generation = ++this.scoreGeneration;
    return {
      logprobs: [...local.logprobs, ...remote.logprobs],
      entropies: [...local.entropies, ...remote.entropies],
      distributions: [...local.distributions, ...remote.distributions],
      backward: (gradLogprob, gradEntropy) => {
        if (generation !== this.scoreGeneration)
          throw new Error('backward on a scoring pass that is not the latest (the helper thread keeps one)');
        helper.postBackward(gradLogprob.slice(split), gradEntropy ? gradEntropy.slice(split) : null);
        local.backward(gradLogprob.slice(0, split), gradEntropy ? gradEntropy.slice(0, split) : null);
        helper.waitBackward();
        for (let index = 0; index < this.gradients.length; index++)
          this.gradients[index] = this.gradients[index]! + helper.gradients[index]!;
      },
    };
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
