import { adamStep } from './adam.ts';
import { causalAttentionBackward, causalAttentionForward } from './attention-kernels.ts';
import { applyRotary, cachedAttention } from './attention.ts';
import {
  addInto,
  addRows,
  exponentials,
  logSoftmaxRow,
  rmsNormBackward,
  rmsNormForward,
  swigluBackward,
  swigluForward,
} from './elementwise.ts';
import type { ModelKernels } from './kernel-interface.ts';
import { copyGeneratorBackward, rowEntropy } from './copy-head-rows.ts';
import { javascriptKernels, type MatrixKernels } from './kernels-js.ts';
import { pointerScores, pointerScoresBackward } from './pointer-scores.ts';
import { createWasmKernels } from './kernels-wasm.ts';

/**
 * The WebAssembly backend: SIMD matrix products assembled at load (plain JavaScript where the runtime
 * lacks WebAssembly SIMD), element-wise work and attention in plain JavaScript. Its numbers are the
 * project's reference: runs forced onto it reproduce earlier results bit for bit.
 */
export function createWasmBackend(): { kernels: ModelKernels; matrixName: string } {
  const wasm = createWasmKernels();
  const matrix: MatrixKernels = wasm ?? javascriptKernels;
  return {
    matrixName: wasm ? 'wasm-simd' : 'javascript',
    kernels: {
      matmul: matrix.matmul,
      matmulTransposedA: matrix.matmulTransposedA,
      matmulTransposedB: matrix.matmulTransposedB,
      rmsNormForward,
      rmsNormBackward,
      swigluForward,
      swigluBackward,
      applyRotary,
      logSoftmaxRows(values, rows, width, probabilities, entropies) {
        for (let row = 0; row < rows; row++) {
          const entropy = logSoftmaxRow(values, row * width, width, probabilities);
          if (entropies) entropies[row] = entropy;
        }
      },
      logitGradients,
      causalAttentionForward: (...args) => causalAttentionForward(matrix, ...args),
      causalAttentionBackward: (...args) => causalAttentionBackward(matrix, ...args),
      cachedAttention,
      exponentials,
      rowEntropy,
      addInto,
      addRows,
      copyGeneratorBackward,
      pointerScores,
      pointerScoresBackward,
      adamStep,
    },
  };
}

/** Plain-JavaScript cross-entropy backward (the contract of ModelKernels.logitGradients). */
export function logitGradients(
  logProbabilities: Float32Array,
  probabilities: Float32Array,
  entropies: Float32Array,
  gradLogprob: Float32Array,
  gradEntropy: Float32Array | null,
  targets: Int32Array,
  dLogits: Float32Array,
  rows: number,
  vocab: number,
): void {
  for (let row = 0; row < rows; row++) {
    const logprobGradient = gradLogprob[row]!;
    const entropyGradient = gradEntropy ? gradEntropy[row]! : 0;
    const entropy = entropies[row]!;
    const base = row * vocab;
    for (let token = 0; token < vocab; token++) {
      const logProbability = logProbabilities[base + token]!;
      const probability = probabilities[base + token]!;
      dLogits[base + token] =
        -logprobGradient * probability - entropyGradient * probability * (logProbability + entropy);
    }
    const target = targets[row]!;
    if (target >= 0) dLogits[base + target] = dLogits[base + target]! + logprobGradient;
  }
}
