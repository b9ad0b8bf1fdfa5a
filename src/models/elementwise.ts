/** Row-wise and element-wise pieces of the block, forward and backward, on row-major Float32Arrays. */

/**
 * RMSNorm over rows: out[n,:] = x[n,:] · inverse[n] · gain, inverse = 1/√(mean(x²) + ε).
 * x, out: [rows, width]; inverse: [rows] (written, kept for backward).
 */
export function rmsNormForward(
  x: Float32Array,
  gain: Float32Array,
  out: Float32Array,
  inverse: Float32Array,
  rows: number,
  width: number,
  epsilon: number,
): void {
  for (let row = 0; row < rows; row++) {
    const base = row * width;
    let squares = 0;
    for (let column = 0; column < width; column++) squares += x[base + column]! * x[base + column]!;
    const scale = 1 / Math.sqrt(squares / width + epsilon);
    inverse[row] = scale;
    for (let column = 0; column < width; column++) out[base + column] = x[base + column]! * scale * gain[column]!;
  }
}

/**
 * Backward of RMSNorm: adds ∂L/∂x into dx and ∂L/∂gain into dGain, given dOut.
 * With u = dOut·gain: dx = inverse·u − x·inverse³·mean(u·x).
 */
export function rmsNormBackward(
  x: Float32Array,
  gain: Float32Array,
  inverse: Float32Array,
  dOut: Float32Array,
  dx: Float32Array,
  dGain: Float32Array,
  rows: number,
  width: number,
): void {
  for (let row = 0; row < rows; row++) {
    const base = row * width;
    const scale = inverse[row]!;
    let dot = 0;
    for (let column = 0; column < width; column++) {
      const upstream = dOut[base + column]!;
      dGain[column] = dGain[column]! + upstream * x[base + column]! * scale;
      dot += upstream * gain[column]! * x[base + column]!;
    }
    const correction = (scale * scale * scale * dot) / width;
    for (let column = 0; column < width; column++) {
      dx[base + column] =
        dx[base + column]! + (scale * dOut[base + column]! * gain[column]! - x[base + column]! * correction);
    }
  }
}

/**
 * SwiGLU: out = silu(gate) · up, element-wise over equal-length arrays. When given, `sigmoids` receives
 * σ(gate) so that backward need not recompute the exponentials.
 */
export function swigluForward(
  gate: Float32Array,
  up: Float32Array,
  out: Float32Array,
  sigmoids: Float32Array | null = null,
): void {
  for (let index = 0; index < out.length; index++) {
    const value = gate[index]!;
    const sigmoid = 1 / (1 + Math.exp(-value));
    if (sigmoids) sigmoids[index] = sigmoid;
    out[index] = value * sigmoid * up[index]!;
  }
}

/**
 * Backward of SwiGLU: writes dGate and dUp from dOut and the forward's σ(gate).
 * silu'(a) = σ(a)(1 + a(1 − σ(a))).
 */
export function swigluBackward(
  gate: Float32Array,
  up: Float32Array,
  sigmoids: Float32Array,
  dOut: Float32Array,
  dGate: Float32Array,
  dUp: Float32Array,
): void {
  for (let index = 0; index < dOut.length; index++) {
    const value = gate[index]!;
    const sigmoid = sigmoids[index]!;
    const silu = value * sigmoid;
    dUp[index] = dOut[index]! * silu;
    dGate[index] = dOut[index]! * up[index]! * sigmoid * (1 + value * (1 - sigmoid));
  }
}

/**
 * target[i] = target[i] + source[i] for i < target.length (a float sum: the double sum of two floats rounds to the
 * float the hardware's float sum gives). The plain loop ModelKernels.addInto is defined by.
 */
export function addInto(target: Float32Array, source: Float32Array): void {
  if (source.length < target.length)
    throw new RangeError(`addInto: ${source.length} source values for ${target.length} targets`);
  for (let index = 0; index < target.length; index++) target[index] = target[index]! + source[index]!;
}

/**
 * Rows of `source` [indices.length, width] added into the rows of `target` they name: target[indices[r]·width + j] +=
 * source[r·width + j] for r = 0, 1, … in order (a row named twice gets both sums, in that order), j < width; float
 * sums, as addInto. The plain loop ModelKernels.addRows is defined by (the token embedding's gradient).
 */
export function addRows(target: Float32Array, source: Float32Array, indices: Int32Array, width: number): void {
  if (source.length < indices.length * width)
    throw new RangeError(`addRows: ${source.length} source values for ${indices.length} rows of ${width}`);
  const rows = Math.floor(target.length / Math.max(1, width));
  // Every index checked before any row is added (as the native kernel does): a bad index leaves the target as it was.
  for (const index of indices)
    if (!(index >= 0 && index < rows)) throw new RangeError(`addRows: row ${index} outside the target's ${rows}`);
  for (let row = 0; row < indices.length; row++) {
    const base = indices[row]! * width;
    for (let column = 0; column < width; column++)
      target[base + column] = target[base + column]! + source[row * width + column]!;
  }
}

/**
 * target[i] = e^((source[offset + i] − shift) / divisor) for i < count, 0 where a mask is given and mask[i] ≠ 1;
 * returns Σ target[i] in index order. The plain loop ModelKernels.exponentials is defined by.
 */
export function exponentials(
  source: Float32Array,
  offset: number,
  count: number,
  shift: number,
  divisor: number,
  mask: Uint8Array | null,
  target: Float64Array,
): number {
  let total = 0;
  for (let index = 0; index < count; index++) {
    const value = mask === null || mask[index] === 1 ? Math.exp((source[offset + index]! - shift) / divisor) : 0;
    target[index] = value;
    total += value;
  }
  return total;
}

/**
 * In-place log-softmax of one row segment; returns the entropy −Σ p log p of that row. When given,
 * `probabilities` (same layout as `values`) receives p.
 */
export function logSoftmaxRow(
  values: Float32Array,
  offset: number,
  width: number,
  probabilities: Float32Array | null = null,
): number {
  let largest = -Infinity;
  for (let index = 0; index < width; index++) largest = Math.max(largest, values[offset + index]!);
  let total = 0;
  for (let index = 0; index < width; index++) total += Math.exp(values[offset + index]! - largest);
  const logTotal = largest + Math.log(total);
  let entropy = 0;
  for (let index = 0; index < width; index++) {
    const logProbability = values[offset + index]! - logTotal;
    values[offset + index] = logProbability;
    const probability = Math.exp(logProbability);
    if (probabilities) probabilities[offset + index] = probability;
    entropy -= probability * logProbability;
  }
  return entropy;
}
