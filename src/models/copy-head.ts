/**
 * The copy head (a pointer-generator output, See et al. 2017, on a decoder-only transformer). The next-token
 * distribution of a row is a mixture of the vocabulary softmax and a pointer over the tokens so far:
 *
 *   P(w) = (1 − g)·softmax(z)(w) + g·Σ_{j ≤ t, x_j = w} a_j,   a = softmax_j(q_t·k_j / √c),   g = σ(u·h_t + b)
 *
 * with q = h·W_q and k = h·W_k of the final-normed states h [rows, width], c the copy width. A value read in the
 * prompt (a two-digit number, a time, a title) can then be written by pointing at it instead of being learnt
 * token by token as an output class. Everything here is per row and pure; transformer.ts and generation.ts
 * call it on their rows.
 */
import { kernels } from './kernels.ts';
import { pointerScores } from './pointer-scores.ts';

/** log σ(x) without overflow. */
function logSigmoid(x: number): number {
  return x >= 0 ? -Math.log1p(Math.exp(-x)) : x - Math.log1p(Math.exp(x));
}

/** log(e^a + e^b) without overflow. */
function logAddExp(a: number, b: number): number {
  if (a === -Infinity) return b;
  if (b === -Infinity) return a;
  const high = Math.max(a, b);
  return high + Math.log1p(Math.exp(-Math.abs(a - b)));
}

/**
 * Pointer weights of one row: softmax over positions j of q·k_j/√c, with q = queries[queryRow] and k_j =
 * keys[from + j] for j < count ([*, width] row-major each). Writes `count` weights into `weights` at `at`.
 */
export function copyAttentionRow(
  queries: Float32Array,
  queryRow: number,
  keys: Float32Array,
  from: number,
  count: number,
  width: number,
  weights: Float32Array,
  at: number,
): void {
  const highest = kernels.pointerScores(queries, queryRow, keys, from, count, width, 1 / Math.sqrt(width), weights, at);
  // e^(score − highest) in double (the compute backend's exponentials: Math.exp's doubles) and their sum in order;
  // each weight is the float32 of its exponential over that sum.
  if (pointerScratch.length < count) pointerScratch = new Float64Array(Math.max(count, 2 * pointerScratch.length));
  const exponentials = pointerScratch;
  const total = kernels.exponentials(weights, at, count, highest, 1, null, exponentials);
  for (let position = 0; position < count; position++)
    weights[at + position] = Math.fround(exponentials[position]!) / total;
}

/** copyAttentionRow with Math.exp in the loop: the plain reference the test holds it equal to. */
export function copyAttentionRowReference(
  queries: Float32Array,
  queryRow: number,
  keys: Float32Array,
  from: number,
  count: number,
  width: number,
  weights: Float32Array,
  at: number,
): void {
  const highest = pointerScores(queries, queryRow, keys, from, count, width, 1 / Math.sqrt(width), weights, at);
  let total = 0;
  for (let position = 0; position < count; position++) {
    const value = Math.exp(weights[at + position]! - highest);
    weights[at + position] = value;
    total += value;
  }
  for (let position = 0; position < count; position++) weights[at + position] = weights[at + position]! / total;
}

/** The exponentials of the row in progress in copyAttentionRow (grown as needed, reused). */
let pointerScratch = new Float64Array(0);

/** One row's pointer: weights a_j at `weights[at + j]` over the tokens x_j = `tokens[from + j]`, j < count. */
export interface Pointer {
  weights: Float32Array;
  at: number;
  tokens: ArrayLike<number>;
  from: number;
  count: number;
}

/**
 * Pointer mass per distinct token, C(w) = Σ_{x_j = w} a_j summed in position order: `mass[w]` (0 for a token not
 * pointed at) and the `count` distinct tokens in order of first occurrence in `tokens`. Both buffers are reused:
 * the next call clears and overwrites them.
 */
interface PointerMass {
  mass: Float64Array;
  tokens: Int32Array;
  count: number;
}

const massScratch: PointerMass = { mass: new Float64Array(0), tokens: new Int32Array(0), count: 0 };

/** The pointer mass of one row (see PointerMass), in the module's reused buffers. */
function pointerMass({ weights, at, tokens, from, count }: Pointer): PointerMass {
  const scratch = massScratch;
  for (let index = 0; index < scratch.count; index++) scratch.mass[scratch.tokens[index]!] = 0;
  scratch.count = 0;
  if (scratch.tokens.length < count) scratch.tokens = new Int32Array(count);
  for (let position = 0; position < count; position++) {
    const token = tokens[from + position]!;
    if (token >= scratch.mass.length) {
      const grown = new Float64Array(Math.max(token + 1, 2 * scratch.mass.length));
      grown.set(scratch.mass);
      scratch.mass = grown;
    }
    // A token's first weight starts its sum (exactly 0 + a_j); weights are ≥ 0, so a sum of 0 means "not seen".
    if (scratch.mass[token] === 0 && !seenBefore(scratch, token)) scratch.tokens[scratch.count++] = token;
    scratch.mass[token] = scratch.mass[token]! + weights[at + position]!;
  }
  return scratch;
}

/** Whether `token` is already among the distinct tokens (only asked when its sum is still 0: a weight of 0). */
function seenBefore(scratch: PointerMass, token: number): boolean {
  for (let index = 0; index < scratch.count; index++) if (scratch.tokens[index] === token) return true;
  return false;
}

/**
 * Turns one row of generator log-probabilities (log-softmax of the logits, `vocab` entries at `rowAt`) into
 * the mixture's log-probabilities in place, given the gate logit and the row's pointer.
 */
export function mixCopyRow(
  logDistribution: Float32Array,
  rowAt: number,
  vocab: number,
  gateLogit: number,
  pointer: Pointer,
): void {
  const logKeep = logSigmoid(-gateLogit);
  const logCopy = logSigmoid(gateLogit);
  for (let token = 0; token < vocab; token++)
    logDistribution[rowAt + token] = logDistribution[rowAt + token]! + logKeep;
  const { mass, tokens, count } = pointerMass(pointer);
  for (let index = 0; index < count; index++) {
    const token = tokens[index]!;
    if (mass[token]! <= 0) continue;
    logDistribution[rowAt + token] = logAddExp(logDistribution[rowAt + token]!, logCopy + Math.log(mass[token]!));
  }
}

/**
 * Backward of one mixed row for L = gradLogprob·log P(target) + gradEntropy·H(P). Writes ∂L/∂logits of the
 * generator into `dLogits` (`vocab` at `rowAt`, overwritten) and ∂L/∂score of each pointer position into
 * `dScores` (`count` at the pointer's `at`, overwritten; scores are q·k_j/√c before the softmax); returns ∂L/∂gate
 * logit. `generatorLog` holds the generator's log-softmax, `finalLog` the mixture's, both at `rowAt`.
 * Terms are arranged so that no probability is divided by another that may underflow.
 */
export function copyBackwardRow(
  generatorLog: Float32Array,
  finalLog: Float32Array,
  rowAt: number,
  vocab: number,
  gateLogit: number,
  pointer: Pointer,
  target: number,
  gradLogprob: number,
  gradEntropy: number,
  dLogits: Float32Array,
  dScores: Float32Array,
): number {
  const gate = Math.exp(logSigmoid(gateLogit));
  const keep = 1 - gate;
  const logKeep = logSigmoid(-gateLogit);
  const pointed = pointerMass(pointer);
  const { weights, at: weightsAt, tokens, from, count } = pointer;
  const hasTarget = target >= 0 && gradLogprob !== 0;
  // ρ: the generator's share of P(target) = (1 − g)·S(t)/P(t), in [0, 1].
  const generatorShare = hasTarget
    ? Math.min(1, Math.exp(logKeep + generatorLog[rowAt + target]! - finalLog[rowAt + target]!))
    : 0;
  // e(w) = ∂L/∂P(w) from the entropy term: gradEntropy·(−log P(w) − 1).
  const entropyGradient = (token: number) => gradEntropy * (-finalLog[rowAt + token]! - 1);
  // Generator: u(w) = S(w)·∂L/∂S(w), then ∂L/∂z = u − S·Σu (the compute backend's loop over the vocabulary).
  const entropyDotGenerator = kernels.copyGeneratorBackward(
    generatorLog,
    finalLog,
    rowAt,
    vocab,
    keep,
    gradEntropy,
    hasTarget ? target : -1,
    hasTarget ? gradLogprob * generatorShare : 0,
    dLogits,
  );
  // Gate: ∂L/∂g·g(1 − g), the entropy part Σ e(w)(C(w) − S(w)) and the target part in ρ.
  let entropyDotPointer = 0;
  if (gradEntropy !== 0)
    for (let index = 0; index < pointed.count; index++) {
      const token = pointed.tokens[index]!;
      entropyDotPointer += entropyGradient(token) * pointed.mass[token]!;
    }
  let dGateLogit = gate * keep * (entropyDotPointer - entropyDotGenerator);
  if (hasTarget) dGateLogit += gradLogprob * ((1 - generatorShare) * keep - generatorShare * gate);
  // Pointer: v_j = a_j·∂L/∂a_j, then ∂L/∂s_j = v_j − a_j·Σv.
  const targetMass = hasTarget && target < pointed.mass.length ? pointed.mass[target]! : 0;
  let totalV = 0;
  for (let position = 0; position < count; position++) {
    const weight = weights[weightsAt + position]!;
    const token = tokens[from + position]!;
    let v = gradEntropy !== 0 ? weight * gate * entropyGradient(token) : 0;
    if (targetMass > 0 && token === target) v += (gradLogprob * (1 - generatorShare) * weight) / targetMass;
    dScores[weightsAt + position] = v;
    totalV += v;
  }
  for (let position = 0; position < count; position++)
    dScores[weightsAt + position] = dScores[weightsAt + position]! - weights[weightsAt + position]! * totalV;
  return dGateLogit;
}

/** Gate logits u·h + b of `rows` rows h [rows, width]; `gate` holds u [width] then b. */
export function copyGateLogits(gate: Float32Array, normed: Float32Array, rows: number, width: number): Float32Array {
  const logits = new Float32Array(rows);
  for (let row = 0; row < rows; row++) {
    let sum = gate[width]!;
    for (let column = 0; column < width; column++) sum += gate[column]! * normed[row * width + column]!;
    logits[row] = sum;
  }
  return logits;
}
