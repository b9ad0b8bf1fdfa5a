/**
 * The copy head (copy-head.ts) over the rows of a whole-batch pass: pointer keys for every row, queries, gates and
 * the mixture on the rows where the output head runs, and the backward of all of it. transformer.ts calls these
 * beside its output head.
 */
import { copyAttentionRow, copyBackwardRow, copyGateLogits, mixCopyRow } from './copy-head.ts';
import { kernels } from './kernels.ts';
import { headWidth, type ModelConfig } from './model-config.ts';
import { type CopySlots, view } from './parameters.ts';

/** What a copy head works on: its weights and the head rows (sequence·length + position) of a [batch, length] batch. */
export interface CopyHeadRows {
  config: ModelConfig;
  slots: CopySlots;
  parameters: Float32Array;
  headRows: Int32Array;
  /** Tokens of the batch [batch·length]. */
  tokens: Int32Array;
  length: number;
}

/** Copy-head activations of a forward pass; c = the copy width (one head's width). */
export interface CopyActivations {
  /** Final-normed states of every row [rows, width]. */
  normed: Float32Array;
  /** Pointer keys of every row [rows, c] and queries of the head rows [headRows, c]. */
  keys: Float32Array;
  queries: Float32Array;
  /** Gate logits of the head rows [headRows]. */
  gateLogits: Float32Array;
  /** The generator's log-softmax on head rows [headRows, vocab]. */
  generatorLog: Float32Array;
  /** Pointer weights: head row i attends to the rows of its sequence up to itself, at weightsAt[i]. */
  weights: Float32Array;
  weightsAt: Int32Array;
}

/** ∂L/∂(generator logits, pointer queries, keys, gate logits) of a pass with a copy head. */
export interface CopyGradients {
  dLogits: Float32Array; // [headRows, vocab]
  dQueries: Float32Array; // [headRows, c]
  dKeys: Float32Array; // [rows, c]
  dGateLogits: Float32Array; // [headRows]
}

/** First row of the sequence `row` belongs to, and how many rows of it lie up to `row` (itself included). */
function pointerSpan(row: number, length: number): { from: number; count: number } {
  const position = row % length;
  return { from: row - position, count: position + 1 };
}

/**
 * Keys, queries, gates and pointer weights from the final-normed states (`normed` [rows, width], `normedRows` its
 * head rows); turns the generator's log-softmax `logProbabilities` [headRows, vocab] into the mixture's in place
 * and writes each head row's entropy of the mixture into `entropies` (none when null).
 */
export function copyHeadForward(
  input: CopyHeadRows,
  normed: Float32Array,
  normedRows: Float32Array,
  logProbabilities: Float32Array,
  entropies: Float32Array | null,
): CopyActivations {
  const { config, slots, parameters, headRows, length } = input;
  const width = config.modelWidth;
  const vocab = config.vocabSize;
  const copyWidth = headWidth(config);
  const rows = normed.length / width;
  const keys = new Float32Array(rows * copyWidth);
  kernels.matmul(normed, view(parameters, slots.key), keys, rows, width, copyWidth, 'overwrite');
  const queries = new Float32Array(headRows.length * copyWidth);
  kernels.matmul(normedRows, view(parameters, slots.query), queries, headRows.length, width, copyWidth, 'overwrite');
  const gateLogits = copyGateLogits(view(parameters, slots.gate), normedRows, headRows.length, width);
  const weightsAt = new Int32Array(headRows.length);
  let total = 0;
  headRows.forEach((row, index) => {
    weightsAt[index] = total;
    total += pointerSpan(row, length).count;
  });
  const weights = new Float32Array(total);
  const generatorLog = logProbabilities.slice();
  headRows.forEach((row, index) => {
    const { from, count } = pointerSpan(row, length);
    copyAttentionRow(queries, index, keys, from, count, copyWidth, weights, weightsAt[index]!);
    const pointer = { weights, at: weightsAt[index]!, tokens: input.tokens, from, count };
    mixCopyRow(logProbabilities, index * vocab, vocab, gateLogits[index]!, pointer);
    if (entropies) entropies[index] = kernels.rowEntropy(logProbabilities, index * vocab, vocab);
  });
  return { normed, keys, queries, gateLogits, generatorLog, weights, weightsAt };
}

/**
 * Backward through the mixture of every head row, given the mixture's log-probabilities `finalLog` [headRows,
 * vocab], the batch's targets and ∂L/∂log p, ∂L/∂H per row ([batch·length]).
 */
export function copyHeadBackward(
  input: CopyHeadRows,
  copy: CopyActivations,
  finalLog: Float32Array,
  targets: Int32Array,
  gradLogprob: Float32Array,
  gradEntropy: Float32Array | null,
): CopyGradients {
  const { config, headRows, length } = input;
  const vocab = config.vocabSize;
  const copyWidth = headWidth(config);
  const scale = 1 / Math.sqrt(copyWidth);
  const dLogits = new Float32Array(headRows.length * vocab);
  const dScores = new Float32Array(copy.weights.length);
  const dQueries = new Float32Array(headRows.length * copyWidth);
  const dKeys = new Float32Array(copy.keys.length);
  const dGateLogits = new Float32Array(headRows.length);
  headRows.forEach((row, index) => {
    const { from, count } = pointerSpan(row, length);
    const weightsAt = copy.weightsAt[index]!;
    dGateLogits[index] = copyBackwardRow(
      copy.generatorLog,
      finalLog,
      index * vocab,
      vocab,
      copy.gateLogits[index]!,
      { weights: copy.weights, at: weightsAt, tokens: input.tokens, from, count },
      targets[row]!,
      gradLogprob[row]!,
      gradEntropy?.[row] ?? 0,
      dLogits,
      dScores,
    );
    // score_j = q·k_j/√c: ∂q += ∂s_j·k_j/√c, ∂k_j += ∂s_j·q/√c.
    kernels.pointerScoresBackward(
      dScores,
      weightsAt,
      count,
      scale,
      copy.queries,
      index,
      copy.keys,
      from,
      copyWidth,
      dQueries,
      dKeys,
    );
  });
  return { dLogits, dQueries, dKeys, dGateLogits };
}

/**
 * The copy head's parameter gradients (added into `gradients`), and its share of ∂L/∂(final-normed states): head
 * rows' into `dFinalRows` [headRows, width], every row's keys' into `dFinalNormed` [rows, width].
 */
export function copyHeadParameterBackward(
  input: CopyHeadRows,
  copy: CopyActivations,
  normedRows: Float32Array,
  copied: CopyGradients,
  dFinalRows: Float32Array,
  dFinalNormed: Float32Array,
  gradients: Float32Array,
): void {
  const { config, slots, parameters } = input;
  const width = config.modelWidth;
  const copyWidth = headWidth(config);
  const headCount = input.headRows.length;
  const rows = copy.normed.length / width;
  const { dQueries, dKeys, dGateLogits } = copied;
  const query = view(parameters, slots.query);
  const key = view(parameters, slots.key);
  kernels.matmulTransposedA(
    normedRows,
    dQueries,
    view(gradients, slots.query),
    width,
    headCount,
    copyWidth,
    'accumulate',
  );
  kernels.matmulTransposedB(dQueries, query, dFinalRows, headCount, copyWidth, width, 'accumulate');
  kernels.matmulTransposedA(copy.normed, dKeys, view(gradients, slots.key), width, rows, copyWidth, 'accumulate');
  kernels.matmulTransposedB(dKeys, key, dFinalNormed, rows, copyWidth, width, 'accumulate');
  const gate = view(parameters, slots.gate);
  const gateGradient = view(gradients, slots.gate);
  for (let index = 0; index < headCount; index++) {
    const dGate = dGateLogits[index]!;
    if (dGate === 0) continue;
    for (let column = 0; column < width; column++) {
      gateGradient[column] = gateGradient[column]! + dGate * normedRows[index * width + column]!;
      dFinalRows[index * width + column] = dFinalRows[index * width + column]! + dGate * gate[column]!;
    }
    gateGradient[width] = gateGradient[width]! + dGate;
  }
}
