import { causalAttentionBackward, causalAttentionForward } from './attention-kernels.ts';
import { applyRotary, rotaryTable, type RotaryTable } from './attention.ts';
import { logSoftmaxRow, rmsNormBackward, rmsNormForward, swigluBackward, swigluForward } from './elementwise.ts';
import { kernels } from './kernels.ts';
import { headWidth, type ModelConfig } from './model-config.ts';
import { parameterLayout, view, type ParameterLayout } from './parameters.ts';

/** Tokens of a right-padded batch: tokens and targets are [batch, length]; target −1 = no loss there. */
export interface TokenBatch {
  batch: number;
  length: number;
  tokens: Int32Array;
  targets: Int32Array;
}

/** Activations of one block kept for backward; [rows, width] unless noted. */
interface LayerActivations {
  input: Float32Array;
  attentionInverse: Float32Array; // [rows]
  attentionNormed: Float32Array;
  query: Float32Array; // rotated
  key: Float32Array; // rotated
  value: Float32Array;
  probabilities: Float32Array; // [batch, heads, length, length]
  attended: Float32Array;
  middle: Float32Array;
  feedForwardInverse: Float32Array; // [rows]
  feedForwardNormed: Float32Array;
  gate: Float32Array; // [rows, hidden]
  up: Float32Array; // [rows, hidden]
  activated: Float32Array; // [rows, hidden]
  gateSigmoid: Float32Array; // [rows, hidden], σ(gate)
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
}

/** Caches what depends only on the config (layout, rotary table). */
export class Transformer {
  readonly layout: ParameterLayout;
  readonly rotary: RotaryTable;
  constructor(readonly config: ModelConfig) {
    this.layout = parameterLayout(config);
    this.rotary = rotaryTable(config.contextLength, headWidth(config), config.ropeBase);
  }

  /** Forward pass over a batch. `extraHeadRows` adds rows without a target whose distribution is wanted. */
  forward(parameters: Float32Array, input: TokenBatch, extraHeadRows: readonly number[] = []): ForwardPass {
    const { config, layout } = this;
    const { batch, length, tokens, targets } = input;
    if (length > config.contextLength)
      throw new RangeError(`sequence length ${length} exceeds context ${config.contextLength}`);
    const rows = batch * length;
    const width = config.modelWidth;
    const hidden = config.hiddenWidth;
    const heads = config.heads;
    const perHead = headWidth(config);
    const positionOf = (row: number) => row % length;

    let x = new Float32Array(rows * width);
    const embedding = view(parameters, layout.embedding);
    for (let row = 0; row < rows; row++)
      x.set(embedding.subarray(tokens[row]! * width, (tokens[row]! + 1) * width), row * width);

    const layers: LayerActivations[] = [];
    for (const slots of layout.layers) {
      const activations: LayerActivations = {
        input: x,
        attentionInverse: new Float32Array(rows),
        attentionNormed: new Float32Array(rows * width),
        query: new Float32Array(rows * width),
        key: new Float32Array(rows * width),
        value: new Float32Array(rows * width),
        probabilities: new Float32Array(batch * heads * length * length),
        attended: new Float32Array(rows * width),
        middle: new Float32Array(rows * width),
        feedForwardInverse: new Float32Array(rows),
        feedForwardNormed: new Float32Array(rows * width),
        gate: new Float32Array(rows * hidden),
        up: new Float32Array(rows * hidden),
        activated: new Float32Array(rows * hidden),
        gateSigmoid: new Float32Array(rows * hidden),
      };
      rmsNormForward(
        x,
        view(parameters, slots.attentionNorm),
        activations.attentionNormed,
        activations.attentionInverse,
        rows,
        width,
        config.normEpsilon,
      );
      kernels.matmul(
        activations.attentionNormed,
        view(parameters, slots.query),
        activations.query,
        rows,
        width,
        width,
        false,
      );
      kernels.matmul(
        activations.attentionNormed,
        view(parameters, slots.key),
        activations.key,
        rows,
        width,
        width,
        false,
      );
      kernels.matmul(
        activations.attentionNormed,
        view(parameters, slots.value),
        activations.value,
        rows,
        width,
        width,
        false,
      );
      applyRotary(activations.query, rows, width, perHead, this.rotary, positionOf, 1);
      applyRotary(activations.key, rows, width, perHead, this.rotary, positionOf, 1);
      causalAttentionForward(
        activations.query,
        activations.key,
        activations.value,
        activations.attended,
        activations.probabilities,
        batch,
        length,
        heads,
        perHead,
      );
      activations.middle.set(x);
      kernels.matmul(
        activations.attended,
        view(parameters, slots.attentionOutput),
        activations.middle,
        rows,
        width,
        width,
        true,
      );
      rmsNormForward(
        activations.middle,
        view(parameters, slots.feedForwardNorm),
        activations.feedForwardNormed,
        activations.feedForwardInverse,
        rows,
        width,
        config.normEpsilon,
      );
      kernels.matmul(
        activations.feedForwardNormed,
        view(parameters, slots.gate),
        activations.gate,
        rows,
        width,
        hidden,
        false,
      );
      kernels.matmul(
        activations.feedForwardNormed,
        view(parameters, slots.up),
        activations.up,
        rows,
        width,
        hidden,
        false,
      );
      swigluForward(activations.gate, activations.up, activations.activated, activations.gateSigmoid);
      const next = new Float32Array(activations.middle);
      kernels.matmul(activations.activated, view(parameters, slots.down), next, rows, hidden, width, true);
      layers.push(activations);
      x = next;
    }

    const headRowList: number[] = [];
    const wanted = new Set(extraHeadRows);
    for (let row = 0; row < rows; row++) if (targets[row]! >= 0 || wanted.has(row)) headRowList.push(row);
    const headRows = Int32Array.from(headRowList);
    const finalInverse = new Float32Array(rows);
    const finalNormed = new Float32Array(rows * width);
    rmsNormForward(x, view(parameters, layout.finalNorm), finalNormed, finalInverse, rows, width, config.normEpsilon);
    const finalNormedRows = new Float32Array(headRows.length * width);
    for (let index = 0; index < headRows.length; index++) {
      finalNormedRows.set(
        finalNormed.subarray(headRows[index]! * width, (headRows[index]! + 1) * width),
        index * width,
      );
    }
    const vocab = config.vocabSize;
    const logProbabilities = new Float32Array(headRows.length * vocab);
    outputHeadForward(parameters, layout, finalNormedRows, logProbabilities, headRows.length, width, vocab);
    const targetLogprobs = new Float32Array(rows);
    const entropies = new Float32Array(rows);
    const probabilities = new Float32Array(headRows.length * vocab);
    for (let index = 0; index < headRows.length; index++) {
      const row = headRows[index]!;
      entropies[row] = logSoftmaxRow(logProbabilities, index * vocab, vocab, probabilities);
      if (targets[row]! >= 0) targetLogprobs[row] = logProbabilities[index * vocab + targets[row]!]!;
    }
    return {
      input,
      headRows,
      logProbabilities,
      probabilities,
      targetLogprobs,
      entropies,
      layers,
      finalInput: x,
      finalInverse,
      finalNormedRows,
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
    const { config, layout } = this;
    const { batch, length, targets, tokens } = pass.input;
    const rows = batch * length;
    const width = config.modelWidth;
    const hidden = config.hiddenWidth;
    const vocab = config.vocabSize;
    const heads = config.heads;
    const perHead = headWidth(config);
    const positionOf = (row: number) => row % length;

    // ∂L/∂logits on head rows: g_lp(onehot − p) − g_H·p(log p + H).
    const headCount = pass.headRows.length;
    const dLogits = new Float32Array(headCount * vocab);
    for (let index = 0; index < headCount; index++) {
      const row = pass.headRows[index]!;
      const logprobGradient = gradLogprob[row]!;
      const entropyGradient = gradEntropy ? gradEntropy[row]! : 0;
      const entropy = pass.entropies[row]!;
      const base = index * vocab;
      for (let token = 0; token < vocab; token++) {
        const logProbability = pass.logProbabilities[base + token]!;
        const probability = pass.probabilities[base + token]!;
        dLogits[base + token] =
          -logprobGradient * probability - entropyGradient * probability * (logProbability + entropy);
      }
      if (targets[row]! >= 0) dLogits[base + targets[row]!] += logprobGradient;
    }
    const dFinalRows = new Float32Array(headCount * width);
    if (layout.output) {
      kernels.matmulTransposedA(
        pass.finalNormedRows,
        dLogits,
        view(gradients, layout.output),
        width,
        headCount,
        vocab,
        true,
      );
      kernels.matmulTransposedB(dLogits, view(parameters, layout.output), dFinalRows, headCount, vocab, width, false);
    } else {
      // Tied head, E [vocab, width]: ∂E += dLogitsᵀ·h, ∂h = dLogits·E.
      kernels.matmulTransposedA(
        dLogits,
        pass.finalNormedRows,
        view(gradients, layout.embedding),
        vocab,
        headCount,
        width,
        true,
      );
      kernels.matmul(dLogits, view(parameters, layout.embedding), dFinalRows, headCount, vocab, width, false);
    }
    const dFinalNormed = new Float32Array(rows * width);
    for (let index = 0; index < headCount; index++)
      dFinalNormed.set(dFinalRows.subarray(index * width, (index + 1) * width), pass.headRows[index]! * width);
    let dx = new Float32Array(rows * width);
    rmsNormBackward(
      pass.finalInput,
      view(parameters, layout.finalNorm),
      pass.finalInverse,
      dFinalNormed,
      dx,
      view(gradients, layout.finalNorm),
      rows,
      width,
    );

    const dHidden = new Float32Array(rows * hidden);
    const dGate = new Float32Array(rows * hidden);
    const dUp = new Float32Array(rows * hidden);
    const dNormed = new Float32Array(rows * width);
    const dQuery = new Float32Array(rows * width);
    const dKey = new Float32Array(rows * width);
    const dValue = new Float32Array(rows * width);
    const dAttended = new Float32Array(rows * width);
    for (let layer = layout.layers.length - 1; layer >= 0; layer--) {
      const slots = layout.layers[layer]!;
      const activations = pass.layers[layer]!;
      // Feed-forward branch: next = middle + swiglu(norm(middle)) · down.
      kernels.matmulTransposedA(activations.activated, dx, view(gradients, slots.down), hidden, rows, width, true);
      kernels.matmulTransposedB(dx, view(parameters, slots.down), dHidden, rows, width, hidden, false);
      swigluBackward(activations.gate, activations.up, activations.gateSigmoid, dHidden, dGate, dUp);
      kernels.matmulTransposedA(
        activations.feedForwardNormed,
        dGate,
        view(gradients, slots.gate),
        width,
        rows,
        hidden,
        true,
      );
      kernels.matmulTransposedA(
        activations.feedForwardNormed,
        dUp,
        view(gradients, slots.up),
        width,
        rows,
        hidden,
        true,
      );
      kernels.matmulTransposedB(dGate, view(parameters, slots.gate), dNormed, rows, hidden, width, false);
      kernels.matmulTransposedB(dUp, view(parameters, slots.up), dNormed, rows, hidden, width, true);
      const dMiddle = dx; // the residual passes dx through; the norm branch adds to it
      rmsNormBackward(
        activations.middle,
        view(parameters, slots.feedForwardNorm),
        activations.feedForwardInverse,
        dNormed,
        dMiddle,
        view(gradients, slots.feedForwardNorm),
        rows,
        width,
      );
      // Attention branch: middle = input + attention(norm(input)) · wo.
      kernels.matmulTransposedA(
        activations.attended,
        dMiddle,
        view(gradients, slots.attentionOutput),
        width,
        rows,
        width,
        true,
      );
      kernels.matmulTransposedB(dMiddle, view(parameters, slots.attentionOutput), dAttended, rows, width, width, false);
      causalAttentionBackward(
        activations.query,
        activations.key,
        activations.value,
        activations.probabilities,
        dAttended,
        dQuery,
        dKey,
        dValue,
        batch,
        length,
        heads,
        perHead,
      );
      applyRotary(dQuery, rows, width, perHead, this.rotary, positionOf, -1);
      applyRotary(dKey, rows, width, perHead, this.rotary, positionOf, -1);
      kernels.matmulTransposedA(
        activations.attentionNormed,
        dQuery,
        view(gradients, slots.query),
        width,
        rows,
        width,
        true,
      );
      kernels.matmulTransposedA(
        activations.attentionNormed,
        dKey,
        view(gradients, slots.key),
        width,
        rows,
        width,
        true,
      );
      kernels.matmulTransposedA(
        activations.attentionNormed,
        dValue,
        view(gradients, slots.value),
        width,
        rows,
        width,
        true,
      );
      kernels.matmulTransposedB(dQuery, view(parameters, slots.query), dNormed, rows, width, width, false);
      kernels.matmulTransposedB(dKey, view(parameters, slots.key), dNormed, rows, width, width, true);
      kernels.matmulTransposedB(dValue, view(parameters, slots.value), dNormed, rows, width, width, true);
      const dInput = new Float32Array(dMiddle);
      rmsNormBackward(
        activations.input,
        view(parameters, slots.attentionNorm),
        activations.attentionInverse,
        dNormed,
        dInput,
        view(gradients, slots.attentionNorm),
        rows,
        width,
      );
      dx = dInput;
    }
    const dEmbedding = view(gradients, layout.embedding);
    for (let row = 0; row < rows; row++) {
      const base = tokens[row]! * width;
      for (let column = 0; column < width; column++) dEmbedding[base + column] += dx[row * width + column]!;
    }
  }
}

/** logits [rows, vocab] = h [rows, width] · head, where head is `output` [width, vocab] or the tied embedding [vocab, width]ᵀ. */
export function outputHeadForward(
  parameters: Float32Array,
  layout: ParameterLayout,
  hidden: Float32Array,
  logits: Float32Array,
  rows: number,
  width: number,
  vocab: number,
): void {
  if (layout.output) kernels.matmul(hidden, view(parameters, layout.output), logits, rows, width, vocab, false);
  else kernels.matmulTransposedB(hidden, view(parameters, layout.embedding), logits, rows, width, vocab, false);
}
