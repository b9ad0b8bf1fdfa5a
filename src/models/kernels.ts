import { javascriptKernels, type MatrixKernels } from './kernels-js.ts';
import { createWasmKernels } from './kernels-wasm.ts';

export type { MatrixKernels, OutputMode } from './kernels-js.ts';

/** The kernels the model uses: WebAssembly SIMD when the runtime supports it, else plain JavaScript. */
export const kernels: MatrixKernels = createWasmKernels() ?? javascriptKernels;

/** Which implementation `kernels` is (for the benchmark report). */
export const kernelName: string = kernels === javascriptKernels ? 'javascript' : 'wasm-simd';
