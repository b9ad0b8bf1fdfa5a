import { loadNativeBackend, type PeakBuild } from './backend-native.ts';
import { createWasmBackend } from './backend-wasm.ts';
import type { ModelKernels } from './kernel-interface.ts';

export type { MatrixKernels, ModelKernels, OutputMode } from './kernel-interface.ts';

/** A compute backend: the native addon, or WebAssembly matrix products with JavaScript element-wise work. */
export type BackendName = 'native' | 'wasm';
/** What a user asks for: a backend, or `auto` (native where the addon was built, else wasm). */
export type BackendChoice = BackendName | 'auto';

const wasm = createWasmBackend();
const native = loadNativeBackend();

/**
 * The kernels the model calls. One object for the whole thread, its methods swapped by `useBackend`; the
 * initial choice comes from GENENV_BACKEND (auto | native | wasm; default auto), which worker threads inherit.
 */
export const kernels: ModelKernels = { ...wasm.kernels };
let active: BackendName = 'wasm';

/** Why the native backend is unavailable here, or null when it loaded. */
export function nativeUnavailableReason(): string | null {
  return native.ok ? null : native.reason;
}

/**
 * Switches this thread (and worker threads started later) to a backend; forcing `native` where the addon
 * is missing throws a one-line RangeError.
 */
export function useBackend(choice: BackendChoice): BackendName {
  const name: BackendName = choice === 'auto' ? (native.ok ? 'native' : 'wasm') : choice;
  if (name === 'native') {
    if (!native.ok) throw new RangeError(`the native backend was asked for but ${native.reason}`);
    Object.assign(kernels, native.kernels);
  } else {
    Object.assign(kernels, wasm.kernels);
  }
  active = name;
  process.env.GENENV_BACKEND = name;
  return name;
}

/** The backend now in use. */
export function activeBackend(): BackendName {
  return active;
}

/** One line for reports: backend, instruction set or matrix kernel, threads. */
export function describeBackend(): string {
  if (active === 'wasm') return `wasm (${wasm.matrixName} matrix products, JavaScript element-wise, 1 thread)`;
  const details = native.ok ? native.describe() : { isa: '?', threads: 0 };
  return `native (${details.isa}, ${details.threads} ${details.threads === 1 ? 'thread' : 'threads'})`;
}

/**
 * Which runs give the same bits as one on the backend now in use: every native build agrees with every other (on
 * any machine); WebAssembly, without fused multiply-adds, only with WebAssembly.
 */
export function resultFamily(): string {
  return active === 'native'
    ? 'results identical on every native build (avx512, avx2, portable)'
    : 'WebAssembly results: identical to other wasm runs, not to native ones';
}

/** Threads of the native pool (results do not depend on it); returns the new count, 1 without the addon. */
export function setNativeThreads(threads: number): number {
  return native.ok ? native.setThreads(threads) : 1;
}

/**
 * The fp32 multiply-add ceiling of `threads` cores at once (GFLOP/s, about `seconds` of chained fused multiply-adds
 * in the best native build this CPU runs, or in the build in use), or null without the addon.
 */
export function measureNativePeak(threads: number, seconds: number, build: PeakBuild = 'best'): number | null {
  return native.ok ? native.measurePeak(threads, seconds, build) : null;
}

/**
 * Waits until `flags[index]` differs from `value`, taking tasks of the native kernels other threads run meanwhile
 * (a thread done with its share of a batch helps with the rest): true once it differs, false once about
 * `idleSeconds` pass with no task to take, and at once on the WebAssembly kernels (whose work cannot be shared),
 * for the caller to sleep then.
 */
export function helpWhileWaiting(flags: Int32Array, index: number, value: number, idleSeconds: number): boolean {
  if (active !== 'native' || !native.ok) return false;
  return native.helpUntil(flags, index, value, idleSeconds);
}

/** The native build in use and the best this CPU runs (null without the addon). */
export function nativeBuilds(): { active: string; best: string } | null {
  if (!native.ok) return null;
  const { isa, runnable } = native.describe();
  return { active: isa, best: runnable[0] ?? isa };
}

/** Threads of the native pool (1 without the addon). */
export function nativeThreads(): number {
  return native.ok ? native.describe().threads : 1;
}

/** Parses GENENV_BACKEND; anything else is an error naming the variable. */
export function backendFromEnvironment(value: string | undefined): BackendChoice {
  if (value === undefined || value === '') return 'auto';
  if (value === 'auto' || value === 'native' || value === 'wasm') return value;
  throw new RangeError(`GENENV_BACKEND=${value}: expected auto, native or wasm`);
}

useBackend(backendFromEnvironment(process.env.GENENV_BACKEND));
