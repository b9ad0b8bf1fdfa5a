import { packSequences, type ScoredSequence } from './batching.ts';
import type { Transformer } from './transformer.ts';

/** Per-sequence outputs of a scoring pass: log p and entropy of each scored token, in order. */
export interface SequenceScores {
  logprobs: Float32Array[];
  /** Entropy of the next-token distribution at each scored token, per sequence; empty when not asked for. */
  entropies: Float32Array[];
  /** Next-token log-distributions at the scored tokens: [tokens, vocab] per sequence; empty unless asked for. */
  distributions: Float32Array[];
}

/** What a scoring pass returns beside the log-probabilities. */
export interface ScoreOptions {
  /** The full next-token log-distributions (for exact KL measures); default false. */
  distributions?: boolean;
  /**
   * The entropies (default true). A pass that only reads log-probabilities (π_old, the KL reference) leaves them
   * out: with a copy head each costs an exponential per vocabulary entry in JavaScript.
   */
  entropies?: boolean;
}

/** A scoring pass that can be differentiated: `backward` takes ∂L/∂log p and ∂L/∂H per scored token. */
export interface ScoringPass extends SequenceScores {
  backward(gradLogprob: Float32Array[], gradEntropy: Float32Array[] | null): void;
}

/**
 * Teacher-forced scores of `sequences` under `parameters`; the pass's backward adds into `gradients`.
 * Shared by the main thread and the training worker so both compute exactly the same thing.
 */
export function scoreSequences(
  transformer: Transformer,
  parameters: Float32Array,
  gradients: Float32Array,
  sequences: readonly ScoredSequence[],
  options: ScoreOptions = {},
): ScoringPass {
  const withEntropies = options.entropies ?? true;
  const packed = packSequences(sequences);
  const pass = transformer.forward(parameters, packed.batch, [], withEntropies);
  const vocab = transformer.config.vocabSize;
  const logprobs = packed.scoredRows.map((rows) => Float32Array.from(rows, (row) => pass.targetLogprobs[row]!));
  const entropies = withEntropies
    ? packed.scoredRows.map((rows) => Float32Array.from(rows, (row) => pass.entropies[row]!))
    : [];
  // Where each row's distribution is among the head rows (only when distributions are asked for).
  const headIndex = new Map<number, number>();
  if (options.distributions)
    pass.headRows.forEach((row, index) => {
      headIndex.set(row, index);
    });
  const distributions = !options.distributions
    ? []
    : packed.scoredRows.map((rows) => {
        const matrix = new Float32Array(rows.length * vocab);
        rows.forEach((row, index) => {
          const at = headIndex.get(row)!;
          matrix.set(pass.logProbabilities.subarray(at * vocab, (at + 1) * vocab), index * vocab);
        });
        return matrix;
      });
  const backward = (gradLogprob: Float32Array[], gradEntropy: Float32Array[] | null) => {
    if (gradEntropy && !withEntropies) throw new Error('an entropy gradient for a pass scored without entropies');
    const rowCount = packed.batch.batch * packed.batch.length;
    const flatLogprob = new Float32Array(rowCount);
    const flatEntropy = gradEntropy ? new Float32Array(rowCount) : null;
    packed.scoredRows.forEach((rows, sequence) => {
      rows.forEach((row, index) => {
        flatLogprob[row] = gradLogprob[sequence]![index]!;
        if (flatEntropy) flatEntropy[row] = gradEntropy![sequence]![index]!;
      });
    });
    transformer.backward(parameters, pass, flatLogprob, flatEntropy, gradients);
  };
  return { logprobs, entropies, distributions, backward };
}
