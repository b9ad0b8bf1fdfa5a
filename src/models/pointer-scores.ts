/**
 * The copy head's pointer scores and their backward, in plain JavaScript: the definition ModelKernels'
 * `pointerScores` and `pointerScoresBackward` follow bit for bit (the WebAssembly backend runs these; the native
 * one the same arithmetic in C). Queries and keys are rows of `width` floats ([rows, width] row-major).
 */

/**
 * Scores of one row over positions j < count: weights[at + j] = float32((Σ_c q[c]·k_j[c])·scale), the dot
 * in double summed in column order, with q = queries[queryRow·width …] and k_j = keys[(from + j)·width …].
 * Returns the largest score as a double, before its rounding to float32 (−∞ when count is 0).
 */
export function pointerScores(
  queries: Float32Array,
  queryRow: number,
  keys: Float32Array,
  from: number,
  count: number,
  width: number,
  scale: number,
  weights: Float32Array,
  at: number,
): number {
  const queryBase = queryRow * width;
  let highest = -Infinity;
  for (let position = 0; position < count; position++) {
    const keyBase = (from + position) * width;
    let score = 0;
    for (let column = 0; column < width; column++) score += queries[queryBase + column]! * keys[keyBase + column]!;
    score *= scale;
    weights[at + position] = score;
    if (score > highest) highest = score;
  }
  return highest;
}

/**
 * Backward of pointerScores for one row, position by position (j < count, in order): with s = dScores[at + j]·scale
 * (a double) other than 0, dQueries[queryRow·width + c] += s·k_j[c] and dKeys[(from + j)·width + c] += s·q[c] for
 * every column c, each sum in double rounded to float32 as it is stored.
 */
export function pointerScoresBackward(
  dScores: Float32Array,
  at: number,
  count: number,
  scale: number,
  queries: Float32Array,
  queryRow: number,
  keys: Float32Array,
  from: number,
  width: number,
  dQueries: Float32Array,
  dKeys: Float32Array,
): void {
  const queryBase = queryRow * width;
  for (let position = 0; position < count; position++) {
    const dScore = dScores[at + position]! * scale;
    // Skipped, not added: adding 0·k would turn a −0 into +0 and 0·∞ into NaN.
    if (dScore === 0) continue;
    const keyBase = (from + position) * width;
    for (let column = 0; column < width; column++) {
      dQueries[queryBase + column] = dQueries[queryBase + column]! + dScore * keys[keyBase + column]!;
      dKeys[keyBase + column] = dKeys[keyBase + column]! + dScore * queries[queryBase + column]!;
    }
  }
}
