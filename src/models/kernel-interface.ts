import type { AdamOptions, AdamState } from './adam.ts';
import type { copyGeneratorBackward, rowEntropy } from './copy-head-rows.ts';
import type { addInto, addRows, exponentials } from './elementwise.ts';
import type { MatrixKernels } from './kernels-js.ts';
import type { pointerScores, pointerScoresBackward } from './pointer-scores.ts';

export type { MatrixKernels, OutputMode } from './kernels-js.ts';

/** cos/sin of position · θ_i for i < headWidth/2, θ_i = base^(−2i/headWidth); shape [positions, headWidth/2]. */
export interface RotaryTable {
  cos: Float32Array;
  sin: Float32Array;
  half: number;
}

/** Rotates interleaved pairs of every head in place by each row's position (−1: the inverse rotation). */
export type ApplyRotary = (
  x: Float32Array,
  rows: number,
  width: number,
  headWidth: number,
  table: RotaryTable,
  positions: Int32Array,
  direction: 1 | -1,
) => void;

/** Causal attention over [batch·length, heads·headWidth]; probabilities [batch, heads, length, length]. */
export type CausalAttentionForward = (
  q: Float32Array,
  k: Float32Array,
  v: Float32Array,
  out: Float32Array,
  probabilities: Float32Array,
  batch: number,
  length: number,
  heads: number,
  headWidth: number,
) => void;

/** Writes dq, dk, dv (w.r.t. the rotated q, k) from dOut, given the forward's probabilities. */
export type CausalAttentionBackward = (
  q: Float32Array,
  k: Float32Array,
  v: Float32Array,
  probabilities: Float32Array,
  dOut: Float32Array,
  dq: Float32Array,
  dk: Float32Array,
  dv: Float32Array,
  batch: number,
  length: number,
  heads: number,
  headWidth: number,
) => void;

/**
 * Attention of one new row per sequence over its key/value cache: row r belongs to cache slot
 * `sequences[r]`, sits at `positions[r]` and attends to cached positions 0 … positions[r]. keys, values:
 * [slots, cacheLength, width]; query and attended: [rows, width].
 */
export type CachedAttention = (
  query: Float32Array,
  keys: Float32Array,
  values: Float32Array,
  attended: Float32Array,
  sequences: Int32Array,
  positions: Int32Array,
  cacheLength: number,
  heads: number,
  headWidth: number,
) => void;

/**
 * Everything the model computes besides bookkeeping: the three matrix products, the fused row-wise and
 * element-wise steps, and attention (whole sequences for training, one row per sequence over a key/value
 * cache for sampling). Two implementations: WebAssembly matrix products with plain-JavaScript element-wise
 * work (the reference numbers), and the native addon. All arrays are row-major Float32Arrays.
 */
export interface ModelKernels extends MatrixKernels {
  /** RMSNorm over rows: out = x · inverse · gain, inverse = 1/√(mean(x²) + ε) written per row. */
  rmsNormForward(
    x: Float32Array,
    gain: Float32Array,
    out: Float32Array,
    inverse: Float32Array,
    rows: number,
    width: number,
    epsilon: number,
  ): void;
  /** Adds ∂L/∂x into dx and ∂L/∂gain into dGain. */
  rmsNormBackward(
    x: Float32Array,
    gain: Float32Array,
    inverse: Float32Array,
    dOut: Float32Array,
    dx: Float32Array,
    dGain: Float32Array,
    rows: number,
    width: number,
  ): void;
  /** out = silu(gate) · up over `out.length` elements; `sigmoids` receives σ(gate) when given. */
  swigluForward(gate: Float32Array, up: Float32Array, out: Float32Array, sigmoids: Float32Array | null): void;
  /** Writes dGate and dUp (over `dOut.length` elements) from the forward's σ(gate). */
  swigluBackward(
    gate: Float32Array,
    up: Float32Array,
    sigmoids: Float32Array,
    dOut: Float32Array,
    dGate: Float32Array,
    dUp: Float32Array,
  ): void;
  applyRotary: ApplyRotary;
  /** In-place log-softmax of `rows` rows; writes p (same layout) and the entropy per row when given. */
  logSoftmaxRows(
    values: Float32Array,
    rows: number,
    width: number,
    probabilities: Float32Array | null,
    entropies: Float32Array | null,
  ): void;
  /**
   * Cross-entropy (and entropy) backward on `rows` head rows: dLogits = g·(onehot(target) − p) −
   * h·p·(log p + H), g = gradLogprob, h = gradEntropy (0 when null), no one-hot where target < 0.
   */
  logitGradients(
    logProbabilities: Float32Array,
    probabilities: Float32Array,
    entropies: Float32Array,
    gradLogprob: Float32Array,
    gradEntropy: Float32Array | null,
    targets: Int32Array,
    dLogits: Float32Array,
    rows: number,
    vocab: number,
  ): void;
  causalAttentionForward: CausalAttentionForward;
  causalAttentionBackward: CausalAttentionBackward;
  cachedAttention: CachedAttention;
  /**
   * target[i] = Math.exp((source[offset + i] − shift) / divisor) for i < count, in double precision (0 where a
   * mask is given and mask[i] ≠ 1); returns Σ target[i] summed in index order. Both backends give exactly the
   * doubles of that JavaScript loop: the native one computes Math.exp's own algorithm (native/script-exp.h).
   */
  exponentials: typeof exponentials;
  /** target[i] += source[i] over `target.length` floats (elementwise.ts `addInto`, bit for bit). */
  addInto: typeof addInto;
  /** Rows of `source` added into the rows of `target` that `indices` name, in order (elementwise.ts `addRows`). */
  addRows: typeof addRows;
  /** Entropy of one row of log-probabilities (copy-head-rows.ts `rowEntropy`, which both backends follow bit for bit). */
  rowEntropy: typeof rowEntropy;
  /**
   * The generator's part of the copy head's backward for one row (copy-head-rows.ts `copyGeneratorBackward`, bit for
   * bit): ∂L/∂logits into `dLogits` at `rowAt`; returns Σ e(w)·S(w).
   */
  copyGeneratorBackward: typeof copyGeneratorBackward;
  /**
   * The copy head's pointer scores of one row (pointer-scores.ts `pointerScores`, which both backends follow bit
   * for bit): float32 scores into `weights` at `at`; returns the largest as a double.
   */
  pointerScores: typeof pointerScores;
  /** Backward of `pointerScores` for one row (pointer-scores.ts `pointerScoresBackward`, bit for bit). */
  pointerScoresBackward: typeof pointerScoresBackward;
  /**
   * One AdamW step in place over the flat parameter vector (moments in `state`, its step count raised by
   * one), with the arithmetic of adam.ts `adamStep`, which both backends follow bit for bit. Returns the
   * gradient norm before clipping.
   */
  adamStep(parameters: Float32Array, gradients: Float32Array, state: AdamState, options: AdamOptions): number;
}
