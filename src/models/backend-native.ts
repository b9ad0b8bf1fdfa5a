import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModelKernels } from './kernel-interface.ts';

/** The functions the addon (native/addon.cc) exports. */
interface NativeAddon {
  matmul(...args: [Float32Array, Float32Array, Float32Array, number, number, number, number, number]): void;
  rmsNormForward: ModelKernels['rmsNormForward'];
  rmsNormBackward: ModelKernels['rmsNormBackward'];
  swigluForward(
    gate: Float32Array,
    up: Float32Array,
    out: Float32Array,
    sigmoids: Float32Array | null,
    n: number,
  ): void;
  swigluBackward(
    ...args: [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, number]
  ): void;
  rotary(...args: [Float32Array, number, number, number, Float32Array, Float32Array, Int32Array, number, number]): void;
  logSoftmaxRows: ModelKernels['logSoftmaxRows'];
  logitGradients: ModelKernels['logitGradients'];
  attentionForward: ModelKernels['causalAttentionForward'];
  attentionBackward: ModelKernels['causalAttentionBackward'];
  cachedAttention: ModelKernels['cachedAttention'];
  exponentials: ModelKernels['exponentials'];
  addInto(target: Float32Array, source: Float32Array, count: number): void;
  addRows(target: Float32Array, source: Float32Array, indices: Int32Array, width: number): void;
  helpUntil(flags: Int32Array, index: number, value: number, seconds: number): number;
  rowEntropy: ModelKernels['rowEntropy'];
  copyGeneratorBackward: ModelKernels['copyGeneratorBackward'];
  pointerScores: ModelKernels['pointerScores'];
  pointerScoresBackward: ModelKernels['pointerScoresBackward'];
  adamStep(...args: [Float32Array, Float32Array, Float32Array, Float32Array, ...number[]]): number;
  setThreads(threads: number): number;
  measurePeak(threads: number, seconds: number, build: 0 | 1): number;
  describe(): NativeDescription;
  useIsa(name: string): string;
}

/** The kernel build in use, the builds this CPU runs (best first, `portable` last) and the pool's threads. */
export interface NativeDescription {
  isa: string;
  runnable: string[];
  threads: number;
}

/** The compiled addon's path: build/Release under the package root (two levels above src/models). */
export const nativeAddonPath = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'build',
  'Release',
  'genenv_native.node',
);

/** The loaded native backend, or why it is not there. */
export type NativeLoad =
  | {
      ok: true;
      kernels: ModelKernels;
      describe: () => NativeDescription;
      setThreads: (n: number) => number;
      /**
       * Switches the whole process to the best build not above `isa` (avx512 | avx2 | portable) that this CPU
       * runs, and returns its name. Every build gives the same bits; tests use this to check it.
       */
      useIsa: (isa: string) => string;
      /**
       * The fp32 multiply-add ceiling of `threads` cores at once, GFLOP/s, each running chains of fused multiply-adds
       * for about `seconds` (0–10] in the best build this CPU has ('best') or the build in use ('active').
       */
      measurePeak: (threads: number, seconds: number, build?: PeakBuild) => number;
      /**
       * Until `flags[index]` differs from `value` (another thread changes it), this thread takes tasks of the matrix
       * products, attention and element-wise kernels other threads of the process run; true once it differs, false
       * once about `idleSeconds` ([0, 10]) pass with no task to take. Instead of sleeping while another thread finishes
       * its share of a batch.
       */
      helpUntil: (flags: Int32Array, index: number, value: number, idleSeconds: number) => boolean;
    }
  | { ok: false; reason: string };

/** Which build a peak is measured in: the best this CPU runs, or the one in use (narrower where it is forced). */
export type PeakBuild = 'best' | 'active';

const layouts = { plain: 0, transposedA: 1, transposedB: 2 } as const;

/** Loads build/Release/genenv_native.node (built by `npm ci` through native/install.cjs). Never throws. */
export function loadNativeBackend(): NativeLoad {
  if (!existsSync(nativeAddonPath))
    return { ok: false, reason: 'the addon was not built (npm ci compiles it; see build/native-build.log)' };
  let addon: NativeAddon;
  try {
    addon = createRequire(import.meta.url)(nativeAddonPath) as NativeAddon;
  } catch (error) {
    return {
      ok: false,
      reason: `the addon did not load: ${String(error instanceof Error ? error.message : error).split('\n')[0]}`,
    };
  }
  const accumulate = (mode: string) => (mode === 'accumulate' ? 1 : 0);
  const kernels: ModelKernels = {
    matmul: (a, b, out, rows, inner, columns, mode) =>
      addon.matmul(a, b, out, rows, inner, columns, layouts.plain, accumulate(mode)),
    matmulTransposedA: (a, b, out, rows, inner, columns, mode) =>
      addon.matmul(a, b, out, rows, inner, columns, layouts.transposedA, accumulate(mode)),
    matmulTransposedB: (a, b, out, rows, inner, columns, mode) =>
      addon.matmul(a, b, out, rows, inner, columns, layouts.transposedB, accumulate(mode)),
    rmsNormForward: addon.rmsNormForward,
    rmsNormBackward: addon.rmsNormBackward,
    swigluForward: (gate, up, out, sigmoids) => addon.swigluForward(gate, up, out, sigmoids, out.length),
    swigluBackward: (gate, up, sigmoids, dOut, dGate, dUp) =>
      addon.swigluBackward(gate, up, sigmoids, dOut, dGate, dUp, dOut.length),
    applyRotary: (x, rows, width, headWidth, table, positions, direction) =>
      addon.rotary(
        x,
        rows,
        width,
        headWidth,
        table.cos,
        table.sin,
        positions,
        direction,
        table.cos.length / table.half,
      ),
    logSoftmaxRows: addon.logSoftmaxRows,
    logitGradients: addon.logitGradients,
    causalAttentionForward: addon.attentionForward,
    causalAttentionBackward: addon.attentionBackward,
    cachedAttention: addon.cachedAttention,
    exponentials: addon.exponentials,
    rowEntropy: addon.rowEntropy,
    addInto: (target, source) => addon.addInto(target, source, target.length),
    addRows: (target, source, indices, width) => addon.addRows(target, source, indices, width),
    copyGeneratorBackward: addon.copyGeneratorBackward,
    pointerScores: addon.pointerScores,
    pointerScoresBackward: addon.pointerScoresBackward,
    adamStep(parameters, gradients, state, options) {
      state.step += 1;
      const { learningRate, beta1, beta2, epsilon, weightDecay, clipNorm } = options;
      // The bias corrections come from JavaScript's own power function, as in adam.ts.
      return addon.adamStep(
        parameters,
        gradients,
        state.first,
        state.second,
        learningRate,
        beta1,
        beta2,
        epsilon,
        weightDecay,
        clipNorm,
        1 - beta1 ** state.step,
        1 - beta2 ** state.step,
      );
    },
  };
  return {
    ok: true,
    kernels,
    describe: () => addon.describe(),
    setThreads: (threads) => addon.setThreads(threads),
    useIsa: (isa) => addon.useIsa(isa),
    measurePeak: (threads, seconds, build = 'best') => addon.measurePeak(threads, seconds, build === 'best' ? 0 : 1),
    helpUntil: (flags, index, value, seconds) => addon.helpUntil(flags, index, value, seconds) === 1,
  };
}
