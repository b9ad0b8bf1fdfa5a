import { deriveSeed, Random } from '../util/random.ts';
import { applyRotary } from './attention.ts';
import { logSoftmaxRow, rmsNormForward, swigluForward } from './elementwise.ts';
import { kernels } from './kernels.ts';
import { headWidth } from './model-config.ts';
import { view } from './parameters.ts';
import { drawToken, type SamplingOptions, type TokenConstraint } from './sampling.ts';
import { outputHeadForward, type Transformer } from './transformer.ts';

/** One sequence to continue: its prompt token ids (≥ 1) and a budget of new tokens. */
export interface GenerationRequest {
  prompt: number[];
  maxNewTokens: number;
  /** Restricts each next token (grammar-constrained decoding); absent = any token. */
  constraint?: TokenConstraint;
}

/** What was generated: new tokens (the stop token included when it was drawn) and their log-probs. */
export interface GeneratedSequence {
  tokens: number[];
  /** log p(token) under the model at temperature 1 (what a trainer's forward pass recomputes). */
  logprobs: number[];
  /** True when the stop token ended the sequence, false when the budget or context ran out. */
  stopped: boolean;
}

export interface GenerationOptions extends SamplingOptions {
  /** Request i draws from its own stream deriveSeed(seed, firstIndex + i), so results do not depend on batching. */
  seed: number;
  /** Global index of the first request (when a batch is split across workers); default 0. */
  firstIndex?: number;
  stopToken: number;
}

/** Budget of a request clamped to the context window. */
function budget(model: Transformer, request: GenerationRequest): number {
  return Math.max(0, Math.min(request.maxNewTokens, model.config.contextLength - request.prompt.length));
}

/**
 * Batched sampling with a key/value cache: one forward pass over the (deduplicated) prompts fills the
 * cache, then each step runs the model on one new token per unfinished sequence.
 */
export function generateWithCache(
  model: Transformer,
  parameters: Float32Array,
  requests: GenerationRequest[],
  options: GenerationOptions,
): GeneratedSequence[] {
  const { config, layout } = model;
  const width = config.modelWidth;
  const hidden = config.hiddenWidth;
  const vocab = config.vocabSize;
  const context = config.contextLength;
  const perHead = headWidth(config);
  const scale = 1 / Math.sqrt(perHead);
  const count = requests.length;
  const results: GeneratedSequence[] = requests.map(() => ({ tokens: [], logprobs: [], stopped: false }));
  if (count === 0) return results;
  for (const request of requests) {
    if (request.prompt.length < 1 || request.prompt.length > context)
      throw new RangeError(`prompt of ${request.prompt.length} tokens does not fit context ${context}`);
  }
  const randoms = requests.map((_, index) => new Random(deriveSeed(options.seed, (options.firstIndex ?? 0) + index)));

  // Cache per layer: keys and values [count, cacheLength, width] (rotated keys), as long as the longest
  // prompt + budget rather than the whole context.
  const cacheLength = Math.max(...requests.map((request) => request.prompt.length + budget(model, request)));
  const keys = layout.layers.map(() => new Float32Array(count * cacheLength * width));
  const values = layout.layers.map(() => new Float32Array(count * cacheLength * width));

  // Prefill the distinct prompts once: right-padded batch [unique, longest].
  const uniqueIndex = new Map<string, number>();
  const owner: number[] = [];
  const uniquePrompts: number[][] = [];
  for (const request of requests) {
    const key = request.prompt.join(',');
    if (!uniqueIndex.has(key)) {
      uniqueIndex.set(key, uniquePrompts.length);
      uniquePrompts.push(request.prompt);
    }
    owner.push(uniqueIndex.get(key)!);
  }
  const longest = Math.max(...uniquePrompts.map((prompt) => prompt.length));
  const tokens = new Int32Array(uniquePrompts.length * longest);
  uniquePrompts.forEach((prompt, row) => {
    tokens.set(prompt, row * longest);
  });
  const lastRows = uniquePrompts.map((prompt, row) => row * longest + prompt.length - 1);
  const prefill = model.forward(
    parameters,
    { batch: uniquePrompts.length, length: longest, tokens, targets: new Int32Array(tokens.length).fill(-1) },
    lastRows,
  );
  const headIndexOfRow = new Map<number, number>();
  prefill.headRows.forEach((row, index) => {
    headIndexOfRow.set(row, index);
  });
  const nextDistribution = new Float32Array(count * vocab);
  const position = new Int32Array(count);
  for (let sequence = 0; sequence < count; sequence++) {
    const source = owner[sequence]!;
    const length = requests[sequence]!.prompt.length;
    prefill.layers.forEach((activations, layer) => {
      keys[layer]!.set(
        activations.key.subarray(source * longest * width, (source * longest + length) * width),
        sequence * cacheLength * width,
      );
      values[layer]!.set(
        activations.value.subarray(source * longest * width, (source * longest + length) * width),
        sequence * cacheLength * width,
      );
    });
    const headIndex = headIndexOfRow.get(lastRows[source]!)!;
    nextDistribution.set(
      prefill.logProbabilities.subarray(headIndex * vocab, (headIndex + 1) * vocab),
      sequence * vocab,
    );
    position[sequence] = length;
  }

  let active = requests.map((_, sequence) => sequence).filter((sequence) => budget(model, requests[sequence]!) > 0);
  const embedding = view(parameters, layout.embedding);
  while (active.length > 0) {
    // Draw one token per active sequence from its pending distribution.
    const continuing: number[] = [];
    const newTokens: number[] = [];
    for (const sequence of active) {
      const allowed = requests[sequence]!.constraint?.allowed(results[sequence]!.tokens) ?? null;
      const token = drawToken(nextDistribution, sequence * vocab, vocab, options, randoms[sequence]!, allowed);
      const result = results[sequence]!;
      result.tokens.push(token);
      result.logprobs.push(nextDistribution[sequence * vocab + token]!);
      if (token === options.stopToken) result.stopped = true;
      else if (result.tokens.length < budget(model, requests[sequence]!)) {
        continuing.push(sequence);
        newTokens.push(token);
      }
    }
    active = continuing;
    const rows = active.length;
    if (rows === 0) break;
    // One decode step over the continuing sequences: x [rows, width].
    let x = new Float32Array(rows * width);
    newTokens.forEach((token, row) => {
      x.set(embedding.subarray(token * width, (token + 1) * width), row * width);
    });
    const normed = new Float32Array(rows * width);
    const inverse = new Float32Array(rows);
    const query = new Float32Array(rows * width);
    const key = new Float32Array(rows * width);
    const value = new Float32Array(rows * width);
    const attended = new Float32Array(rows * width);
    const gate = new Float32Array(rows * hidden);
    const up = new Float32Array(rows * hidden);
    const scores = new Float32Array(context);
    const positionOf = (row: number) => position[active[row]!]!;
    layout.layers.forEach((slots, layer) => {
      rmsNormForward(x, view(parameters, slots.attentionNorm), normed, inverse, rows, width, config.normEpsilon);
      kernels.matmul(normed, view(parameters, slots.query), query, rows, width, width, false);
      kernels.matmul(normed, view(parameters, slots.key), key, rows, width, width, false);
      kernels.matmul(normed, view(parameters, slots.value), value, rows, width, width, false);
      applyRotary(query, rows, width, perHead, model.rotary, positionOf, 1);
      applyRotary(key, rows, width, perHead, model.rotary, positionOf, 1);
      const layerKeys = keys[layer]!;
      const layerValues = values[layer]!;
      for (let row = 0; row < rows; row++) {
        const sequence = active[row]!;
        const at = position[sequence]!;
        const cacheBase = sequence * cacheLength * width;
        layerKeys.set(key.subarray(row * width, (row + 1) * width), cacheBase + at * width);
        layerValues.set(value.subarray(row * width, (row + 1) * width), cacheBase + at * width);
        for (let head = 0; head < config.heads; head++) {
          const column = head * perHead;
          let largest = -Infinity;
          for (let s = 0; s <= at; s++) {
            let dot = 0;
            const keyBase = cacheBase + s * width + column;
            for (let j = 0; j < perHead; j++) dot += query[row * width + column + j]! * layerKeys[keyBase + j]!;
            scores[s] = dot * scale;
            if (scores[s]! > largest) largest = scores[s]!;
          }
          let total = 0;
          for (let s = 0; s <= at; s++) {
            scores[s] = Math.exp(scores[s]! - largest);
            total += scores[s]!;
          }
          const outBase = row * width + column;
          for (let j = 0; j < perHead; j++) attended[outBase + j] = 0;
          for (let s = 0; s <= at; s++) {
            const weight = scores[s]! / total;
            const valueBase = cacheBase + s * width + column;
            for (let j = 0; j < perHead; j++) attended[outBase + j] += weight * layerValues[valueBase + j]!;
          }
        }
      }
      const middle = new Float32Array(x);
      kernels.matmul(attended, view(parameters, slots.attentionOutput), middle, rows, width, width, true);
      rmsNormForward(middle, view(parameters, slots.feedForwardNorm), normed, inverse, rows, width, config.normEpsilon);
      kernels.matmul(normed, view(parameters, slots.gate), gate, rows, width, hidden, false);
      kernels.matmul(normed, view(parameters, slots.up), up, rows, width, hidden, false);
      swigluForward(gate, up, gate);
      kernels.matmul(gate, view(parameters, slots.down), middle, rows, hidden, width, true);
      x = middle;
    });
    rmsNormForward(x, view(parameters, layout.finalNorm), normed, inverse, rows, width, config.normEpsilon);
    const logits = new Float32Array(rows * vocab);
    outputHeadForward(parameters, layout, normed, logits, rows, width, vocab);
    for (let row = 0; row < rows; row++) {
      logSoftmaxRow(logits, row * vocab, vocab);
      const sequence = active[row]!;
      nextDistribution.set(logits.subarray(row * vocab, (row + 1) * vocab), sequence * vocab);
      position[sequence] = position[sequence]! + 1;
    }
  }
  return results;
}

/**
 * The same sampling without a cache: every step re-runs the whole model over every sequence so far.
 * Quadratically slower; kept as the reference the cached path is tested against and for the benchmark.
 */
export function generateWithoutCache(
  model: Transformer,
  parameters: Float32Array,
  requests: GenerationRequest[],
  options: GenerationOptions,
): GeneratedSequence[] {
  const vocab = model.config.vocabSize;
  const results: GeneratedSequence[] = requests.map(() => ({ tokens: [], logprobs: [], stopped: false }));
  const randoms = requests.map((_, index) => new Random(deriveSeed(options.seed, (options.firstIndex ?? 0) + index)));
  let active = requests.map((_, sequence) => sequence).filter((sequence) => budget(model, requests[sequence]!) > 0);
  while (active.length > 0) {
    const sequences = active.map((sequence) => [...requests[sequence]!.prompt, ...results[sequence]!.tokens]);
    const longest = Math.max(...sequences.map((sequence) => sequence.length));
    const tokens = new Int32Array(active.length * longest);
    sequences.forEach((sequence, row) => {
      tokens.set(sequence, row * longest);
    });
    const lastRows = sequences.map((sequence, row) => row * longest + sequence.length - 1);
    const pass = model.forward(
      parameters,
      { batch: active.length, length: longest, tokens, targets: new Int32Array(tokens.length).fill(-1) },
      lastRows,
    );
    const continuing: number[] = [];
    active.forEach((sequence, row) => {
      const headIndex = pass.headRows.indexOf(lastRows[row]!);
      const allowed = requests[sequence]!.constraint?.allowed(results[sequence]!.tokens) ?? null;
      const token = drawToken(pass.logProbabilities, headIndex * vocab, vocab, options, randoms[sequence]!, allowed);
      const result = results[sequence]!;
      result.tokens.push(token);
      result.logprobs.push(pass.logProbabilities[headIndex * vocab + token]!);
      if (token === options.stopToken) result.stopped = true;
      else if (result.tokens.length < budget(model, requests[sequence]!)) continuing.push(sequence);
    });
    active = continuing;
  }
  return results;
}
