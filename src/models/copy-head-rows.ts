/**
 * The copy head's row-wise loops over the vocabulary in plain JavaScript: the definitions ModelKernels' `rowEntropy`
 * and `copyGeneratorBackward` follow bit for bit (the WebAssembly backend runs these; the native one the same
 * arithmetic in C, with Math.exp's own algorithm). Rows are `vocab` floats at `rowAt`.
 */

/** Entropy −Σ P log P of one row of log-probabilities, P = Math.exp(log P), summed in token order over log P > −∞. */
export function rowEntropy(logDistribution: Float32Array, rowAt: number, vocab: number): number {
  let entropy = 0;
  for (let token = 0; token < vocab; token++) {
    const log = logDistribution[rowAt + token]!;
    if (log > -Infinity) entropy -= Math.exp(log) * log;
  }
  return entropy;
}

/**
 * The generator's part of the copy head's backward for one row (see copy-head.ts `copyBackwardRow`): with the
 * generator's probabilities S(w) = Math.exp(generatorLog(w)), e(w) = gradEntropy·(−finalLog(w) − 1) and
 * u(w) = (1 − g)·S(w)·e(w) (0 when gradEntropy is 0), plus `targetGradient` at `target` (none when it is −1),
 * writes ∂L/∂z(w) = u(w) − S(w)·Σu into `dLogits` at `rowAt` (each u stored as float32 first, Σu in double in
 * token order). Returns Σ e(w)·S(w) in token order (0 when gradEntropy is 0).
 */
export function copyGeneratorBackward(
  generatorLog: Float32Array,
  finalLog: Float32Array,
  rowAt: number,
  vocab: number,
  keep: number,
  gradEntropy: number,
  target: number,
  targetGradient: number,
  dLogits: Float32Array,
): number {
  let totalU = 0;
  let entropyDotGenerator = 0;
  for (let token = 0; token < vocab; token++) {
    const probability = Math.exp(generatorLog[rowAt + token]!);
    let u = 0;
    if (gradEntropy !== 0) {
      const e = gradEntropy * (-finalLog[rowAt + token]! - 1);
      u = keep * probability * e;
      entropyDotGenerator += e * probability;
    }
    if (token === target) u += targetGradient;
    dLogits[rowAt + token] = u;
    totalU += u;
  }
  for (let token = 0; token < vocab; token++)
    dLogits[rowAt + token] = dLogits[rowAt + token]! - Math.exp(generatorLog[rowAt + token]!) * totalU;
  return entropyDotGenerator;
}
