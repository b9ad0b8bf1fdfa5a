import { rotaryTable, type RotaryTable } from './attention.ts';
import {
  type CopyActivations,
  type CopyHeadRows,
  copyHeadBackward,
  copyHeadForward,
  copyHeadParameterBackward,
} from './copy-head-pass.ts';
import { ActivationArena } from './activation-arena.ts';
import {
  allocateActivations,
  allocateBackwardScratch,
  blockBackward,
  blockForward,
  type BlockShape,
  type LayerActivations,
} from './block.ts';
import { kernels } from './kernels.ts';
import { headWidth, type ModelConfig } from './model-config.ts';
import { parameterLayout, view, type ParameterLayout } from './parameters.ts';

export type { LayerActivations } from './block.ts';

/** Tokens of a right-padded batch: tokens and targets are [batch, length]; target −1 = no loss there. */
export interface TokenBatch {
  batch: number;
  length: number;
  tokens: Int32Array;
  targets: Int32Array;
}

/** Result of a forward pass. Log-probabilities exist only on `headRows` (rows with a target, or asked for). */
export interface ForwardPass {
  input: TokenBatch;
  /** Rows (sequence·length + position) where the output head ran. */
  headRows: Int32Array;
  /** log-softmax over the vocabulary on head rows: [headRows.length, vocab]. */
  logProbabilities: Float32Array;
  /** softmax on head rows: [headRows.length, vocab] (kept for backward). */
  probabilities: Float32Array;
  /** log p(target) per row ([batch·length], 0 where no target). */
  targetLogprobs: Float32Array;
  /** Entropy of the next-token distribution per row ([batch·length], 0 off head rows). */
  entropies: Float32Array;
  layers: LayerActivations[];
  finalInput: Float32Array;
  finalInverse: Float32Array;
  finalNormedRows: Float32Array; // [headRows.length, width]
  /** What the copy head computed (null without one); `logProbabilities` then hold the mixture. */
  copy: CopyActivations | null;
  /** Which forward pass of its transformer this is: only the latest can run backward (its buffers are reused). */
  generation: number;
}

/**
 * Caches what depends only on the config (layout, rotary table), and the blocks' activation buffers, which each
 * forward pass reuses: a pass's layer activations are valid until the next forward pass of the same transformer.
 */
export class Transformer {
  readonly layout: ParameterLayout;
  readonly rotary: RotaryTable;
  private readonly arena = new ActivationArena();
  private passes = 0;
  constructor(readonly config: ModelConfig) {
    this.layout = parameterLayout(config);
    this.rotary = rotaryTable(config.contextLength, headWidth(config), config.ropeBase);
  }

  /** Sizes of a block applied to `rows` rows. */
  blockShape(rows: number): BlockShape {
    const { config } = this;
    return {
      rows,
      width: config.modelWidth,
      hidden: config.hiddenWidth,
      headWidth: headWidth(config),
      normEpsilon: config.normEpsilon,
    };
  }

  /**
   * Forward pass over a batch. `extraHeadRows` adds rows without a target whose distribution is wanted; without
   * `withEntropies` a copy head leaves the mixture's entropies out (the pass's `entropies` are then the generator's).
   */
  forward(
    parameters: Float32Array,
    input: TokenBatch,
    extraHeadRows: readonly number[] = [],
    withEntropies = true,
  ): ForwardPass {
    const { config, layout } = this;
    const { batch, length, tokens, targets } = input;
    if (length > config.contextLength)
      throw new RangeError(`sequence length ${length} exceeds context ${config.contextLength}`);
    const rows = batch * length;
    const shape = this.blockShape(rows);
    const positions = sequencePositions(batch, length);
    // Layer 0's input, from the arena as the layers' activations are (every row is written).
    const embedded = this.arena.take('embedded', rows * config.modelWidth);
    let x = embed(view(parameters, layout.embedding), tokens, rows, config.modelWidth, embedded);
    const layers: LayerActivations[] = [];
    const attend = (activations: LayerActivations) =>
      kernels.causalAttentionForward(
        activations.query,
        activations.key,
        activations.value,
        activations.attended,
        activations.probabilities,
        batch,
        length,
        config.heads,
        shape.headWidth,
      );
    for (const slots of layout.layers) {
      const activations = allocateActivations(
        shape,
        x,
        batch * config.heads * length * length,
        this.arena.layer(layers.length),
      );
      x = blockForward(parameters, slots, shape, this.rotary, positions, activations, attend);
      layers.push(activations);
    }
    const headRowList: number[] = [];
    const wanted = new Set(extraHeadRows);
    for (let row = 0; row < rows; row++) if (targets[row]! >= 0 || wanted.has(row)) headRowList.push(row);
    const generation = ++this.passes;
    return {
      input,
      layers,
      generation,
      ...this.headForward(parameters, x, Int32Array.from(headRowList), input, withEntropies),
    };
  }

  /** Final norm, output head and log-softmax on the head rows of the last block's output `x`. */
  private headForward(
    parameters: Float32Array,
    x: Float32Array,
    headRows: Int32Array,
    input: TokenBatch,
    withEntropies: boolean,
  ) {
    const { config, layout } = this;
    const { targets } = input;
    const rows = targets.length;
    const width = config.modelWidth;
    const vocab = config.vocabSize;
    // Buffers every element of which the kernels below write come from the arena (the pass holds them until the
    // next one); the per-row outputs, written on head rows only, are new zeroed arrays.
    const buffer = (field: string, length: number) => this.arena.take(`head/${field}`, length);
    const finalInverse = buffer('finalInverse', rows);
    const finalNormed = buffer('finalNormed', rows * width);
    kernels.rmsNormForward(
      x,
      view(parameters, layout.finalNorm),
      finalNormed,
      finalInverse,
      rows,
      width,
      config.normEpsilon,
    );
    const finalNormedRows = buffer('finalNormedRows', headRows.length * width);
    for (const { first, end, row } of consecutiveRuns(headRows))
      finalNormedRows.set(finalNormed.subarray(row * width, (row + end - first) * width), first * width);
    const logProbabilities = buffer('logProbabilities', headRows.length * vocab);
    outputHeadForward(parameters, layout, finalNormedRows, logProbabilities, headRows.length, width, vocab);
    const targetLogprobs = new Float32Array(rows);
    const entropies = new Float32Array(rows);
    const probabilities = buffer('probabilities', headRows.length * vocab);
    const headEntropies = buffer('headEntropies', headRows.length);
    kernels.logSoftmaxRows(logProbabilities, headRows.length, vocab, probabilities, headEntropies);
    // With a copy head, `probabilities` stay the generator's softmax (what the logits' backward needs) while the
    // log-probabilities and entropies become the mixture's.
    const copy = layout.copy
      ? copyHeadForward(
          this.copyRows(parameters, headRows, input),
          finalNormed,
          finalNormedRows,
          logProbabilities,
          withEntropies ? headEntropies : null,
        )
      : null;
    for (let index = 0; index < headRows.length; index++) {
      const row = headRows[index]!;
      entropies[row] = headEntropies[index]!;
      if (targets[row]! >= 0) targetLogprobs[row] = logProbabilities[index * vocab + targets[row]!]!;
    }
    const finalInput = x;
    return {
      headRows,
      logProbabilities,
      probabilities,
      targetLogprobs,
      entropies,
      finalInput,
      finalInverse,
      finalNormedRows,
      copy,
    };
  }

  /** The rows a copy head works on (the layout must have one). */
  private copyRows(parameters: Float32Array, headRows: Int32Array, input: TokenBatch): CopyHeadRows {
    return {
      config: this.config,
      slots: this.layout.copy!,
      parameters,
      headRows,
      tokens: input.tokens,
      length: input.length,
    };
  }

  /**
   * Backward pass. Adds into `gradients` (same layout as the parameters) the gradient of
   * L = Σ_rows gradLogprob[row]·log p(target_row) + gradEntropy[row]·H_row, i.e. the caller supplies
   * ∂L/∂log p and ∂L/∂H per row ([batch·length]; zero where it does not care).
   */
  backward(
    parameters: Float32Array,
    pass: ForwardPass,
    gradLogprob: Float32Array,
    gradEntropy: Float32Array | null,
    gradients: Float32Array,
  ): void {
    if (pass.generation !== this.passes)
      throw new Error('backward on a forward pass that is not the latest (its activation buffers were reused)');
    const { config, layout } = this;
    const { batch, length, tokens } = pass.input;
    const rows = batch * length;
    const width = config.modelWidth;
    const shape = this.blockShape(rows);
    const positions = sequencePositions(batch, length);
    let dx = this.headBackward(parameters, pass, gradLogprob, gradEntropy, gradients);
    const scratch = allocateBackwardScratch(shape, (field, length) => this.arena.take(`backward/${field}`, length));
    const sequences = { batch, length, heads: config.heads };
    for (let layer = layout.layers.length - 1; layer >= 0; layer--) {
      const slots = layout.layers[layer]!;
      const activations = pass.layers[layer]!;
      dx = blockBackward(
        parameters,
        gradients,
        slots,
        shape,
        sequences,
        this.rotary,
        positions,
        activations,
        dx,
        scratch,
        layer,
      );
    }
    // Each row's input gradient into its token's embedding row, rows in order.
    kernels.addRows(view(gradients, layout.embedding), dx, tokens.subarray(0, rows), width);
  }

  /** Backward through log-softmax, output head and final norm: returns ∂L/∂(last block output) [rows, width]. */
  private headBackward(
    parameters: Float32Array,
    pass: ForwardPass,
    gradLogprob: Float32Array,
    gradEntropy: Float32Array | null,
    gradients: Float32Array,
  ): Float32Array {
    const { config, layout } = this;
    const rows = pass.input.batch * pass.input.length;
    const width = config.modelWidth;
    const vocab = config.vocabSize;
    const headCount = pass.headRows.length;
    const rowsOfCopy = pass.copy ? this.copyRows(parameters, pass.headRows, pass.input) : null;
    const copied =
      rowsOfCopy && pass.copy
        ? copyHeadBackward(rowsOfCopy, pass.copy, pass.logProbabilities, pass.input.targets, gradLogprob, gradEntropy)
        : null;
    // From the arena: buffers the kernels overwrite whole, and zeroed ones for sums.
    const buffer = (field: string, length: number) => this.arena.take(`headBackward/${field}`, length);
    const dLogits = copied
      ? copied.dLogits
      : logitGradients(pass, gradLogprob, gradEntropy, vocab, buffer('dLogits', headCount * vocab));
    const dFinalRows = buffer('dFinalRows', headCount * width);
    if (layout.output) {
      const outputGradient = view(gradients, layout.output);
      kernels.matmulTransposedA(pass.finalNormedRows, dLogits, outputGradient, width, headCount, vocab, 'accumulate');
      const output = view(parameters, layout.output);
      kernels.matmulTransposedB(dLogits, output, dFinalRows, headCount, vocab, width, 'overwrite');
    } else {
      // Tied head, E [vocab, width]: ∂E += dLogitsᵀ·h, ∂h = dLogits·E.
      const embeddingGradient = view(gradients, layout.embedding);
      kernels.matmulTransposedA(
        dLogits,
        pass.finalNormedRows,
        embeddingGradient,
        vocab,
        headCount,
        width,
        'accumulate',
      );
      const embedding = view(parameters, layout.embedding);
      kernels.matmul(dLogits, embedding, dFinalRows, headCount, vocab, width, 'overwrite');
    }
    const dFinalNormed = buffer('dFinalNormed', rows * width).fill(0);
    if (rowsOfCopy && copied)
      copyHeadParameterBackward(
        rowsOfCopy,
        pass.copy!,
        pass.finalNormedRows,
        copied,
        dFinalRows,
        dFinalNormed,
        gradients,
      );
    // Float sums, a run of consecutive head rows at a time (addInto: the bits of the element-by-element loop).
    for (const { first, end, row } of consecutiveRuns(pass.headRows))
      kernels.addInto(
        dFinalNormed.subarray(row * width, (row + end - first) * width),
        dFinalRows.subarray(first * width, end * width),
      );
    const dx = buffer('dx', rows * width).fill(0);
    const finalNorm = view(parameters, layout.finalNorm);
    const finalNormGradient = view(gradients, layout.finalNorm);
    kernels.rmsNormBackward(
      pass.finalInput,
      finalNorm,
      pass.finalInverse,
      dFinalNormed,
      dx,
      finalNormGradient,
      rows,
      width,
    );
    return dx;
  }
}

/** ∂L/∂logits on head rows [headRows, vocab] (see ModelKernels.logitGradients), written whole into `dLogits`. */
function logitGradients(
  pass: ForwardPass,
  gradLogprob: Float32Array,
  gradEntropy: Float32Array | null,
  vocab: number,
  dLogits: Float32Array,
): Float32Array {
  const rows = pass.headRows;
  kernels.logitGradients(
    pass.logProbabilities,
    pass.probabilities,
    Float32Array.from(rows, (row) => pass.entropies[row]!),
    Float32Array.from(rows, (row) => gradLogprob[row]!),
    gradEntropy ? Float32Array.from(rows, (row) => gradEntropy[row]!) : null,
    Int32Array.from(rows, (row) => pass.input.targets[row]!),
    dLogits,
    rows.length,
    vocab,
  );
  return dLogits;
}

/** Position of every row of a [batch, length] batch: row mod length. */
export function sequencePositions(batch: number, length: number): Int32Array {
  return Int32Array.from({ length: batch * length }, (_, row) => row % length);
}

/**
 * The runs of consecutive rows in `rows` (ascending row numbers, as head rows are): entries [first, end) hold the
 * rows row, row + 1, …, row + end − first − 1. Training passes' head rows are a few long runs (one per sequence).
 */
export function consecutiveRuns(rows: Int32Array): { first: number; end: number; row: number }[] {
  const runs: { first: number; end: number; row: number }[] = [];
  let first = 0;
  while (first < rows.length) {
    let end = first + 1;
    while (end < rows.length && rows[end] === rows[end - 1]! + 1) end++;
    runs.push({ first, end, row: rows[first]! });
    first = end;
  }
  return runs;
}

/** Rows of the token embedding for `tokens`: x [rows, width], written whole into `x` (a new array unless given). */
export function embed(
  embedding: Float32Array,
  tokens: ArrayLike<number>,
  rows: number,
  width: number,
  x: Float32Array = new Float32Array(rows * width),
): Float32Array {
  for (let row = 0; row < rows; row++) {
    const token = tokens[row]!;
    x.set(embedding.subarray(token * width, (token + 1) * width), row * width);
  }
  return x;
}

/**
 * logits [rows, vocab] = h [rows, width] · head, where head is `output` [width, vocab] or the tied
 * embedding [vocab, width]ᵀ.
 */
export function outputHeadForward(
  parameters: Float32Array,
  layout: ParameterLayout,
  hidden: Float32Array,
  logits: Float32Array,
  rows: number,
  width: number,
  vocab: number,
): void {
  if (layout.output) kernels.matmul(hidden, view(parameters, layout.output), logits, rows, width, vocab, 'overwrite');
  else kernels.matmulTransposedB(hidden, view(parameters, layout.embedding), logits, rows, width, vocab, 'overwrite');
}
