import type { Random } from '../util/random.ts';
import { kernels } from './kernels.ts';

/** How to turn a next-token distribution into a choice. */
export interface SamplingOptions {
  /** ≥ 0; 0 = greedy. */
  temperature: number;
  /** Nucleus mass in (0, 1]. */
  topP: number;
  /**
   * Exploration of a constrained draw, in [0, 1): with this probability the token is drawn uniformly among the
   * allowed ones instead of from the model (so every continuation of the grammar keeps a chance of at least
   * explore / allowed tokens). Ignored without a mask and when greedy; 0 or absent draws from the model only.
   */
  explore?: number;
}

/**
 * Which tokens may come next in one sequence (grammar-constrained decoding): `allowed(generated)` gives a
 * mask over the vocabulary (1 = allowed) for the tokens generated so far, or null for no constraint.
 */
export interface TokenConstraint {
  allowed(generated: readonly number[]): Uint8Array | null;
}

/** The weights of the draw in progress in drawToken (grown to the vocabulary, reused: one draw per token). */
let weightScratch = new Float64Array(0);

/**
 * drawToken of a sampled draw without nucleus filtering (the rollouts' and proposals' case): the same doubles in the
 * same order as drawTokenReference, in a reused buffer, without a closure per token and with the exponentials of the
 * compute backend. drawToken sends every other case to the reference.
 */
function drawSampled(
  logProbabilities: Float32Array,
  offset: number,
  vocab: number,
  temperature: number,
  random: Random,
  allowed: Uint8Array | null,
): number {
  if (weightScratch.length < vocab) weightScratch = new Float64Array(vocab);
  const weights = weightScratch;
  let largest = -Infinity;
  for (let token = 0; token < vocab; token++)
    if (allowed === null || allowed[token] === 1) largest = Math.max(largest, logProbabilities[offset + token]!);
  // Math.exp((log p − largest) / temperature) per allowed token and their sum in token order, natively where the
  // addon runs (the same doubles: ModelKernels.exponentials).
  const total = kernels.exponentials(logProbabilities, offset, vocab, largest, temperature, allowed, weights);
  return tokenAtMass(weights, vocab, random.next() * total);
}

/**
 * The token where the running sum of `weights` (the first `vocab`, ≥ 0) first passes `threshold`; the last token
 * with weight when rounding leaves the threshold unreached.
 */
function tokenAtMass(weights: Float64Array, vocab: number, threshold: number): number {
  let last = 0;
  for (let token = 0; token < vocab; token++) {
    const weight = weights[token]!;
    if (weight <= 0) continue;
    last = token;
    threshold -= weight;
    if (threshold < 0) return token;
  }
  return last;
}

/**
 * Draws one token from a log-probability row (row-major slice of width `vocab` at `offset`) with
 * temperature and nucleus (top-p) filtering, among the `allowed` tokens when a mask is given (the others
 * get probability 0 and the rest is renormalised). Pure given `random`: the same token, and the same draws from
 * `random`, as drawTokenReference.
 */
export function drawToken(
  logProbabilities: Float32Array,
  offset: number,
  vocab: number,
  options: SamplingOptions,
  random: Random,
  allowed: Uint8Array | null = null,
): number {
  const explores = allowed !== null && (options.explore ?? 0) > 0;
  if (options.temperature > 0 && options.topP >= 1 && !explores)
    return drawSampled(logProbabilities, offset, vocab, options.temperature, random, allowed);
  return drawTokenReference(logProbabilities, offset, vocab, options, random, allowed);
}

/**
 * Draws one token from a log-probability row (row-major slice of width `vocab` at `offset`) with
 * temperature and nucleus (top-p) filtering, among the `allowed` tokens when a mask is given (the others
 * get probability 0 and the rest is renormalised). Pure given `random`. The plain reference `drawToken` is held
 * equal to.
 */
export function drawTokenReference(
  logProbabilities: Float32Array,
  offset: number,
  vocab: number,
  options: SamplingOptions,
  random: Random,
  allowed: Uint8Array | null = null,
): number {
  const permitted = (token: number) => allowed === null || allowed[token] === 1;
  if (options.temperature === 0) {
    let best = -1;
    for (let token = 0; token < vocab; token++)
      if (permitted(token) && (best < 0 || logProbabilities[offset + token]! > logProbabilities[offset + best]!))
        best = token;
    return Math.max(0, best);
  }
  if (allowed !== null && (options.explore ?? 0) > 0 && random.next() < options.explore!) {
    const choices: number[] = [];
    for (let token = 0; token < vocab; token++) if (allowed[token] === 1) choices.push(token);
    if (choices.length > 0) return choices[Math.floor(random.next() * choices.length)]!;
  }
  let largest = -Infinity;
  for (let token = 0; token < vocab; token++)
    if (permitted(token)) largest = Math.max(largest, logProbabilities[offset + token]!);
  const weights = new Float64Array(vocab);
  let total = 0;
  for (let token = 0; token < vocab; token++) {
    weights[token] = permitted(token)
      ? Math.exp((logProbabilities[offset + token]! - largest) / options.temperature)
      : 0;
    total += weights[token]!;
  }
  if (options.topP < 1) {
    const order = Array.from({ length: vocab }, (_, token) => token).sort(
      (left, right) => weights[right]! - weights[left]! || left - right,
    );
    let kept = 0;
    let cumulative = 0;
    for (const token of order) {
      if (cumulative >= options.topP * total) weights[token] = 0;
      else {
        cumulative += weights[token]!;
        kept += weights[token]!;
      }
    }
    total = kept;
  }
  return tokenAtMass(weights, vocab, random.next() * total);
}
