import type { RotaryTable } from './attention.ts';
import { kernels } from './kernels.ts';
import { type BufferSource, newBuffers } from './activation-arena.ts';
import { type LayerSlots, view } from './parameters.ts';

/**
 * One Llama block (pre-norm attention with rotary positions, then a pre-norm SwiGLU feed-forward, each
 * added to the residual stream), shared by training (whole sequences) and cached decoding (one new row
 * per sequence): only the attention step differs between them.
 */

/** Sizes of one block application: `rows` rows of the residual stream, `width` wide. */
export interface BlockShape {
  rows: number;
  width: number;
  hidden: number;
  headWidth: number;
  normEpsilon: number;
}

/** Activations of one block application, kept for backward; [rows, width] unless noted. */
export interface LayerActivations {
  input: Float32Array;
  attentionInverse: Float32Array; // [rows]
  attentionNormed: Float32Array;
  query: Float32Array; // rotated
  key: Float32Array; // rotated
  value: Float32Array;
  probabilities: Float32Array; // [batch, heads, length, length] in training; empty when decoding
  attended: Float32Array;
  middle: Float32Array;
  feedForwardInverse: Float32Array; // [rows]
  feedForwardNormed: Float32Array;
  gate: Float32Array; // [rows, hidden]
  up: Float32Array; // [rows, hidden]
  activated: Float32Array; // [rows, hidden]
  gateSigmoid: Float32Array; // [rows, hidden], σ(gate)
  output: Float32Array; // the block's output: the next block's input
}

/** Activation buffers for a block applied to `input`; `probabilityCount` floats for attention weights. */
export function allocateActivations(
  shape: BlockShape,
  input: Float32Array,
  probabilityCount: number,
  source: BufferSource = newBuffers,
): LayerActivations {
  const { rows, width, hidden } = shape;
  return {
    input,
    attentionInverse: source('attentionInverse', rows),
    attentionNormed: source('attentionNormed', rows * width),
    query: source('query', rows * width),
    key: source('key', rows * width),
    value: source('value', rows * width),
    probabilities: source('probabilities', probabilityCount),
    attended: source('attended', rows * width),
    middle: source('middle', rows * width),
    feedForwardInverse: source('feedForwardInverse', rows),
    feedForwardNormed: source('feedForwardNormed', rows * width),
    gate: source('gate', rows * hidden),
    up: source('up', rows * hidden),
    activated: source('activated', rows * hidden),
    gateSigmoid: source('gateSigmoid', rows * hidden),
    output: source('output', rows * width),
  };
}

/** The attention step of a block: reads the rotated query, key and value, writes `attended`. */
export type AttentionStep = (activations: LayerActivations) => void;

/**
 * Forward through one block: fills `activations` (whose `input` is the block's input) and returns the
 * block's output [rows, width]. `positions[row]` is each row's position (for the rotary embedding).
 */
export function blockForward(
  parameters: Float32Array,
  slots: LayerSlots,
  shape: BlockShape,
  rotary: RotaryTable,
  positions: Int32Array,
  activations: LayerActivations,
  attend: AttentionStep,
): Float32Array {
  const { rows, width, hidden, headWidth, normEpsilon } = shape;
  const a = activations;
  const weight = (slot: keyof LayerSlots) => view(parameters, slots[slot]);
  kernels.rmsNormForward(
    a.input,
    weight('attentionNorm'),
    a.attentionNormed,
    a.attentionInverse,
    rows,
    width,
    normEpsilon,
  );
  kernels.matmul(a.attentionNormed, weight('query'), a.query, rows, width, width, 'overwrite');
  kernels.matmul(a.attentionNormed, weight('key'), a.key, rows, width, width, 'overwrite');
  kernels.matmul(a.attentionNormed, weight('value'), a.value, rows, width, width, 'overwrite');
  kernels.applyRotary(a.query, rows, width, headWidth, rotary, positions, 1);
  kernels.applyRotary(a.key, rows, width, headWidth, rotary, positions, 1);
  attend(a);
  a.middle.set(a.input);
  kernels.matmul(a.attended, weight('attentionOutput'), a.middle, rows, width, width, 'accumulate');
  kernels.rmsNormForward(
    a.middle,
    weight('feedForwardNorm'),
    a.feedForwardNormed,
    a.feedForwardInverse,
    rows,
    width,
    normEpsilon,
  );
  kernels.matmul(a.feedForwardNormed, weight('gate'), a.gate, rows, width, hidden, 'overwrite');
  kernels.matmul(a.feedForwardNormed, weight('up'), a.up, rows, width, hidden, 'overwrite');
  kernels.swigluForward(a.gate, a.up, a.activated, a.gateSigmoid);
  a.output.set(a.middle);
  kernels.matmul(a.activated, weight('down'), a.output, rows, hidden, width, 'accumulate');
  return a.output;
}

/** Scratch buffers for blockBackward, reused across layers (each is overwritten before it is read). */
export interface BackwardScratch {
  dHidden: Float32Array;
  dGate: Float32Array;
  dUp: Float32Array;
  dNormed: Float32Array;
  dQuery: Float32Array;
  dKey: Float32Array;
  dValue: Float32Array;
  dAttended: Float32Array;
  /** ∂L/∂input of even and odd layers: a layer's input gradient must not be its output gradient's buffer. */
  dInputs: [Float32Array, Float32Array];
}

/** The scratch of a backward pass over `shape.rows` rows, from `source` (new buffers unless an arena's). */
export function allocateBackwardScratch(shape: BlockShape, source: BufferSource = newBuffers): BackwardScratch {
  const { rows, width, hidden } = shape;
  const wide = (field: string) => source(field, rows * width);
  const tall = (field: string) => source(field, rows * hidden);
  return {
    dHidden: tall('dHidden'),
    dGate: tall('dGate'),
    dUp: tall('dUp'),
    dNormed: wide('dNormed'),
    dQuery: wide('dQuery'),
    dKey: wide('dKey'),
    dValue: wide('dValue'),
    dAttended: wide('dAttended'),
    dInputs: [wide('dInputEven'), wide('dInputOdd')],
  };
}

/** Sequences of a training batch: `batch` sequences of `length` rows each, `heads` attention heads. */
export interface SequenceShape {
  batch: number;
  length: number;
  heads: number;
}

/**
 * Backward through one block applied to whole sequences: given dOutput (∂L/∂output, consumed: it is
 * reused as ∂L/∂middle), adds the weight gradients into `gradients` and returns ∂L/∂input (in
 * `scratch.dInputs[layer % 2]`).
 */
export function blockBackward(
  parameters: Float32Array,
  gradients: Float32Array,
  slots: LayerSlots,
  shape: BlockShape,
  sequences: SequenceShape,
  rotary: RotaryTable,
  positions: Int32Array,
  activations: LayerActivations,
  dOutput: Float32Array,
  scratch: BackwardScratch,
  layer: number,
): Float32Array {
  const { rows, width, hidden, headWidth } = shape;
  const a = activations;
  const s = scratch;
  const weight = (slot: keyof LayerSlots) => view(parameters, slots[slot]);
  const gradient = (slot: keyof LayerSlots) => view(gradients, slots[slot]);
  // Feed-forward branch: output = middle + swiglu(norm(middle)) · down.
  kernels.matmulTransposedA(a.activated, dOutput, gradient('down'), hidden, rows, width, 'accumulate');
  kernels.matmulTransposedB(dOutput, weight('down'), s.dHidden, rows, width, hidden, 'overwrite');
  kernels.swigluBackward(a.gate, a.up, a.gateSigmoid, s.dHidden, s.dGate, s.dUp);
  kernels.matmulTransposedA(a.feedForwardNormed, s.dGate, gradient('gate'), width, rows, hidden, 'accumulate');
  kernels.matmulTransposedA(a.feedForwardNormed, s.dUp, gradient('up'), width, rows, hidden, 'accumulate');
  kernels.matmulTransposedB(s.dGate, weight('gate'), s.dNormed, rows, hidden, width, 'overwrite');
  kernels.matmulTransposedB(s.dUp, weight('up'), s.dNormed, rows, hidden, width, 'accumulate');
  const dMiddle = dOutput; // the residual passes dOutput through; the norm branch adds to it
  const ffnInverse = a.feedForwardInverse;
  kernels.rmsNormBackward(
    a.middle,
    weight('feedForwardNorm'),
    ffnInverse,
    s.dNormed,
    dMiddle,
    gradient('feedForwardNorm'),
    rows,
    width,
  );
  // Attention branch: middle = input + attention(norm(input)) · wo.
  kernels.matmulTransposedA(a.attended, dMiddle, gradient('attentionOutput'), width, rows, width, 'accumulate');
  kernels.matmulTransposedB(dMiddle, weight('attentionOutput'), s.dAttended, rows, width, width, 'overwrite');
  const { batch, length, heads } = sequences;
  kernels.causalAttentionBackward(
    a.query,
    a.key,
    a.value,
    a.probabilities,
    s.dAttended,
    s.dQuery,
    s.dKey,
    s.dValue,
    batch,
    length,
    heads,
    headWidth,
  );
  kernels.applyRotary(s.dQuery, rows, width, headWidth, rotary, positions, -1);
  kernels.applyRotary(s.dKey, rows, width, headWidth, rotary, positions, -1);
  kernels.matmulTransposedA(a.attentionNormed, s.dQuery, gradient('query'), width, rows, width, 'accumulate');
  kernels.matmulTransposedA(a.attentionNormed, s.dKey, gradient('key'), width, rows, width, 'accumulate');
  kernels.matmulTransposedA(a.attentionNormed, s.dValue, gradient('value'), width, rows, width, 'accumulate');
  kernels.matmulTransposedB(s.dQuery, weight('query'), s.dNormed, rows, width, width, 'overwrite');
  kernels.matmulTransposedB(s.dKey, weight('key'), s.dNormed, rows, width, width, 'accumulate');
  kernels.matmulTransposedB(s.dValue, weight('value'), s.dNormed, rows, width, width, 'accumulate');
  const dInput = layer % 2 === 0 ? s.dInputs[0] : s.dInputs[1];
  dInput.set(dMiddle);
  const attentionInverse = a.attentionInverse;
  kernels.rmsNormBackward(
    a.input,
    weight('attentionNorm'),
    attentionInverse,
    s.dNormed,
    dInput,
    gradient('attentionNorm'),
    rows,
    width,
  );
  return dInput;
}
