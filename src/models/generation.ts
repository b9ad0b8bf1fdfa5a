import { deriveSeed, Random } from '../util/random.ts';
import { allocateActivations, blockForward, type LayerActivations } from './block.ts';
import { copyAttentionRow, copyGateLogits, mixCopyRow } from './copy-head.ts';
import { kernels } from './kernels.ts';
import { headWidth } from './model-config.ts';
import { view } from './parameters.ts';
import { drawToken, type SamplingOptions, type TokenConstraint } from './sampling.ts';
import { embed, outputHeadForward, type Transformer } from './transformer.ts';

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

/** Keys (rotated) and values per layer, [sequences, length, width] each. */
interface KeyValueCache {
  keys: Float32Array[];
  values: Float32Array[];
  length: number;
  /** With a copy head: its pointer keys [sequences, length, c] and the token at each position [sequences, length]. */
  copy: { keys: Float32Array; tokens: Int32Array } | null;
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
  const { config } = model;
  const vocab = config.vocabSize;
  const context = config.contextLength;
  const results: GeneratedSequence[] = requests.map(() => ({ tokens: [], logprobs: [], stopped: false }));
  if (requests.length === 0) return results;
  for (const request of requests) {
    if (request.prompt.length < 1 || request.prompt.length > context)
      throw new RangeError(`prompt of ${request.prompt.length} tokens does not fit context ${context}`);
  }
  const randoms = requests.map((_, index) => new Random(deriveSeed(options.seed, (options.firstIndex ?? 0) + index)));
  const { cache, nextDistribution, position } = prefill(model, parameters, requests);
  const scratch: DecodeScratch = new Map();
  let active = requests.map((_, sequence) => sequence).filter((sequence) => budget(model, requests[sequence]!) > 0);
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
    if (active.length === 0) break;
    const sequences = Int32Array.from(active);
    const positions = Int32Array.from(active, (sequence) => position[sequence]!);
    const logits = decodeStep(model, parameters, cache, newTokens, sequences, positions, scratch);
    active.forEach((sequence, row) => {
      nextDistribution.set(logits.subarray(row * vocab, (row + 1) * vocab), sequence * vocab);
      position[sequence] = position[sequence]! + 1;
    });
  }
  return results;
}

/**
 * One forward pass over the distinct prompts (right-padded batch [unique, longest]): fills each
 * sequence's cache with its prompt's keys and values, and returns the distribution after each prompt.
 */
function prefill(model: Transformer, parameters: Float32Array, requests: GenerationRequest[]) {
  const { config, layout } = model;
  const width = config.modelWidth;
  const vocab = config.vocabSize;
  const count = requests.length;
  // As long as the longest prompt + budget rather than the whole context.
  const cacheLength = Math.max(...requests.map((request) => request.prompt.length + budget(model, request)));
  const cache: KeyValueCache = {
    keys: layout.layers.map(() => new Float32Array(count * cacheLength * width)),
    values: layout.layers.map(() => new Float32Array(count * cacheLength * width)),
    length: cacheLength,
    copy: layout.copy
      ? {
          keys: new Float32Array(count * cacheLength * headWidth(config)),
          tokens: new Int32Array(count * cacheLength),
        }
      : null,
  };
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
  const targets = new Int32Array(tokens.length).fill(-1);
  const pass = model.forward(parameters, { batch: uniquePrompts.length, length: longest, tokens, targets }, lastRows);
  const headIndexOfRow = new Map<number, number>();
  pass.headRows.forEach((row, index) => {
    headIndexOfRow.set(row, index);
  });
  const nextDistribution = new Float32Array(count * vocab);
  const position = new Int32Array(count);
  for (let sequence = 0; sequence < count; sequence++) {
    const source = owner[sequence]!;
    const length = requests[sequence]!.prompt.length;
    const from = source * longest * width;
    pass.layers.forEach((activations, layer) => {
      cache.keys[layer]!.set(activations.key.subarray(from, from + length * width), sequence * cacheLength * width);
      cache.values[layer]!.set(activations.value.subarray(from, from + length * width), sequence * cacheLength * width);
    });
    if (cache.copy) {
      const copyWidth = headWidth(config);
      const keys = pass.copy!.keys.subarray(source * longest * copyWidth, (source * longest + length) * copyWidth);
      cache.copy.keys.set(keys, sequence * cacheLength * copyWidth);
      cache.copy.tokens.set(requests[sequence]!.prompt, sequence * cacheLength);
    }
    const headIndex = headIndexOfRow.get(lastRows[source]!)!;
    nextDistribution.set(pass.logProbabilities.subarray(headIndex * vocab, (headIndex + 1) * vocab), sequence * vocab);
    position[sequence] = length;
  }
  return { cache, nextDistribution, position };
}

/**
 * Activation buffers of decode steps by row count, one per layer: every step with as many rows overwrites
 * all of them, so they are allocated once per generation instead of once per token.
 */
type DecodeScratch = Map<number, LayerActivations[]>;

/**
 * One decode step: the new token of each continuing sequence (cache slot `sequences[row]`, at
 * `positions[row]`) through every block, its key and value appended to the cache. Returns the
 * log-distributions of the next tokens [rows, vocab].
 */
function decodeStep(
  model: Transformer,
  parameters: Float32Array,
  cache: KeyValueCache,
  tokens: readonly number[],
  sequences: Int32Array,
  positions: Int32Array,
  scratch: DecodeScratch,
): Float32Array {
  const { config, layout } = model;
  const width = config.modelWidth;
  const vocab = config.vocabSize;
  const rows = tokens.length;
  const shape = model.blockShape(rows);
  let x = embed(view(parameters, layout.embedding), tokens, rows, width);
  let buffers = scratch.get(rows);
  if (!buffers) {
    buffers = layout.layers.map(() => allocateActivations(shape, x, 0));
    scratch.set(rows, buffers);
  }
  layout.layers.forEach((slots, layer) => {
    const keys = cache.keys[layer]!;
    const values = cache.values[layer]!;
    const attend = (activations: LayerActivations) => {
      for (let row = 0; row < rows; row++) {
        const at = (sequences[row]! * cache.length + positions[row]!) * width;
        keys.set(activations.key.subarray(row * width, (row + 1) * width), at);
        values.set(activations.value.subarray(row * width, (row + 1) * width), at);
      }
      const { query, attended } = activations;
      kernels.cachedAttention(
        query,
        keys,
        values,
        attended,
        sequences,
        positions,
        cache.length,
        config.heads,
        shape.headWidth,
      );
    };
    const activations = buffers[layer]!;
    activations.input = x;
    x = blockForward(parameters, slots, shape, model.rotary, positions, activations, attend);
  });
  const normed = new Float32Array(rows * width);
  const inverse = new Float32Array(rows);
  kernels.rmsNormForward(x, view(parameters, layout.finalNorm), normed, inverse, rows, width, config.normEpsilon);
  const logits = new Float32Array(rows * vocab);
  outputHeadForward(parameters, layout, normed, logits, rows, width, vocab);
  kernels.logSoftmaxRows(logits, rows, vocab, null, null);
  if (cache.copy) mixCachedCopy(model, parameters, cache, normed, tokens, sequences, positions, logits);
  return logits;
}

/**
 * The copy head of a decode step: appends each row's pointer key and token to the cache, then mixes the
 * pointer over positions 0 … positions[row] of its sequence into the generator's log-distribution `logits`.
 */
function mixCachedCopy(
  model: Transformer,
  parameters: Float32Array,
  cache: KeyValueCache,
  normed: Float32Array,
  tokens: readonly number[],
  sequences: Int32Array,
  positions: Int32Array,
  logits: Float32Array,
): void {
  const { config, layout } = model;
  const slots = layout.copy!;
  const copy = cache.copy!;
  const width = config.modelWidth;
  const vocab = config.vocabSize;
  const copyWidth = headWidth(config);
  const rows = tokens.length;
  const keys = new Float32Array(rows * copyWidth);
  kernels.matmul(normed, view(parameters, slots.key), keys, rows, width, copyWidth, 'overwrite');
  const queries = new Float32Array(rows * copyWidth);
  kernels.matmul(normed, view(parameters, slots.query), queries, rows, width, copyWidth, 'overwrite');
  const gateLogits = copyGateLogits(view(parameters, slots.gate), normed, rows, width);
  const weights = new Float32Array(cache.length);
  for (let row = 0; row < rows; row++) {
    const from = sequences[row]! * cache.length;
    const at = from + positions[row]!;
    copy.keys.set(keys.subarray(row * copyWidth, (row + 1) * copyWidth), at * copyWidth);
    copy.tokens[at] = tokens[row]!;
    const count = positions[row]! + 1;
    copyAttentionRow(queries, row, copy.keys, from, count, copyWidth, weights, 0);
    mixCopyRow(logits, row * vocab, vocab, gateLogits[row]!, { weights, at: 0, tokens: copy.tokens, from, count });
  }
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
