import { LanguageModel } from '../models/language-model.ts';
import {
  activeBackend,
  type BackendName,
  describeBackend,
  kernels,
  type MatrixKernels,
  nativeBuilds,
  nativeThreads,
  nativeUnavailableReason,
  setNativeThreads,
  useBackend,
} from '../models/kernels.ts';
import { ModelConfigSchema, type ModelConfig } from '../models/model-config.ts';
import { Tokenizer } from '../models/tokenizer.ts';
import { modelSizes } from '../policies/builtin/options.ts';
import { Random } from '../util/random.ts';
import type { PeakBuild } from '../models/backend-native.ts';
import { estimatePeak, measuredPeakMethod, measurePeak, type PeakEstimate } from './machine-peak.ts';
import { exponentialFigures, operationFigures } from './operation-bench.ts';

/** FLOPs of one forward pass over `batch` sequences of `length` tokens, every position through the head. */
export function forwardFlops(config: ModelConfig, batch: number, length: number): number {
  const rows = batch * length;
  const width = config.modelWidth;
  const perLayerMatmul = 2 * rows * (4 * width * width + 3 * width * config.hiddenWidth);
  // Causal attention: QKᵀ and PV over t(t+1)/2 pairs per head, headWidth each, 2 FLOPs per multiply-add.
  const attention = 2 * 2 * batch * config.heads * ((length * (length + 1)) / 2) * (width / config.heads);
  return config.layers * (perLayerMatmul + attention) + 2 * rows * width * config.vocabSize;
}

/** A tokenizer with 64 merges (vocab 323), the size the default policies learn on a domain corpus. */
function benchTokenizer(): Tokenizer {
  return Tokenizer.learn(
    ['the quick brown fox jumps over the lazy dog; call get_weather(city="Paris") then answer 42.'.repeat(4)],
    64,
  );
}

/** Wall-clock and process CPU seconds of `work` (CPU time is what a single thread would take on an idle core). */
function measure(work: () => void): { wall: number; cpu: number } {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  work();
  const wall = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1e6 };
}

/** How long `fastest` goes on, and what runs between its windows. */
interface WindowOptions {
  /** Stop once this many seconds have passed (with `leastWindows` done); no limit by default. */
  seconds?: number;
  leastWindows?: number;
  /** Runs, untimed, after each window, given its wall time (seconds). */
  after?: (wall: number) => void;
}

/**
 * The least wall time of up to `windows` runs of `work` (with that run's CPU time), stopping early as `options`
 * says: on a shared machine other processes only ever add time, so the fastest window is the closest to the code's
 * own speed. The mean and the median window are returned too, for what a run on the same machine sees.
 */
function fastest(
  windows: number,
  work: () => void,
  options: WindowOptions = {},
): { wall: number; cpu: number; meanWall: number; medianWall: number; windows: number } {
  const { seconds = Number.POSITIVE_INFINITY, leastWindows = 1, after } = options;
  const walls: number[] = [];
  const start = performance.now();
  let best = { wall: Number.POSITIVE_INFINITY, cpu: 0 };
  while (
    walls.length < Math.max(1, windows) &&
    (walls.length < Math.max(1, leastWindows) || (performance.now() - start) / 1000 < seconds)
  ) {
    const next = measure(work);
    walls.push(next.wall);
    if (next.wall < best.wall) best = next;
    after?.(next.wall);
  }
  walls.sort((first, second) => first - second);
  const total = walls.reduce((sum, wall) => sum + wall, 0);
  return {
    ...best,
    meanWall: total / walls.length,
    medianWall: walls[Math.floor(walls.length / 2)]!,
    windows: walls.length,
  };
}

/** Wraps the shared kernels to count the milliseconds spent in matrix products. */
function timeKernels(): { milliseconds: () => number; restore: () => void } {
  const originals = { ...kernels };
  let spent = 0;
  for (const name of ['matmul', 'matmulTransposedA', 'matmulTransposedB'] as (keyof MatrixKernels)[]) {
    const original = originals[name];
    kernels[name] = (a, b, out, rows, inner, columns, mode) => {
      const start = performance.now();
      original(a, b, out, rows, inner, columns, mode);
      spent += performance.now() - start;
    };
  }
  return { milliseconds: () => spent, restore: () => Object.assign(kernels, originals) };
}

/** The bench model and its inputs: the default built-in shape, 16 training sequences, 16 sampling requests. */
export function benchSetup(quick: boolean) {
  const tokenizer = benchTokenizer();
  const config = ModelConfigSchema.parse({ vocabSize: tokenizer.vocabSize, ...modelSizes.default });
  const random = new Random(2);
  const batch = 16;
  const length = quick ? 32 : 128;
  const sequences = Array.from({ length: batch }, () => ({
    tokens: Array.from({ length: length + 1 }, () => random.int(0, 255)),
    lossStart: 1,
  }));
  const promptLength = 16;
  const newTokens = quick ? 24 : 112;
  const requests = Array.from({ length: batch }, () => ({
    prompt: Array.from({ length: promptLength }, () => random.int(0, 255)),
    maxNewTokens: newTokens,
  }));
  const sampleSetup = `${batch} sequences, ${promptLength}-token prompts, ${newTokens} new tokens each`;
  // Timed: the fastest of `windows` windows of one training step (or of one sampling run).
  return {
    tokenizer,
    config,
    batch,
    length,
    sequences,
    requests,
    sampleSetup,
    // Windows of one step: on a virtual machine whose two cores are each slowed now and then by other guests, the
    // two-thread step waits for the slower half, and a short window more often sees both cores undisturbed. Up to
    // 16 windows, fewer where a step is slow (WebAssembly): no more than 4 s of them, and at least 5.
    windows: quick ? 1 : 16,
    windowBudget: { seconds: quick ? 0 : 4, leastWindows: quick ? 1 : 5 },
    // Untimed steps first, until V8 has compiled what a step runs, on each thread on its own: measured with the
    // default model, a two-thread step takes 26–56 ms while V8 is still compiling (through the 13th step; the
    // compiler's threads take CPU from the training threads), then 23.5–24.5 ms. 16 steps, or 4 s where a step is
    // slow.
    warmUpSteps: quick ? 1 : 16,
    warmUpSeconds: quick ? 0 : 4,
  };
}
export type BenchSetup = ReturnType<typeof benchSetup>;

/** The AdamW options of the bench's training step. */
export const benchAdam = { learningRate: 1e-4, beta1: 0.9, beta2: 0.99, epsilon: 1e-8, weightDecay: 0, clipNorm: 1 };

/**
 * The bench model (weights from seed 1; with a training thread taking half of every batch when `helperThread`) and
 * its training step: forward over the batch, ∂L/∂log p = −1/tokens on every scored token (the mean token NLL), backward,
 * AdamW. `close` stops the training thread.
 */
export function benchTrainer(setup: BenchSetup, helperThread: boolean) {
  const model = LanguageModel.initialize(setup.config, setup.tokenizer, 1);
  if (helperThread) model.enableTrainingThread();
  const scale = -1 / (setup.batch * setup.length);
  const trainStep = () => {
    const pass = model.score(setup.sequences);
    pass.backward(
      pass.logprobs.map((values) => new Float32Array(values.length).fill(scale)),
      null,
    );
    model.step(benchAdam);
  };
  return { model, trainStep, close: () => model.close() };
}

/**
 * Seconds per training step (forward + backward + AdamW), wall and CPU, after the warm-up steps; `afterWindow` runs
 * untimed after each timed step, given its wall time.
 */
async function trainingSeconds(setup: BenchSetup, helperThread: boolean, afterWindow?: (wall: number) => void) {
  const { model, trainStep, close } = benchTrainer(setup, helperThread);
  warmUp(setup, trainStep);
  // On one thread, the share of the mean step spent in matrix products (the kernel timer runs through every window);
  // the two-thread step runs untimed: the timer's calls on the main thread would lengthen the half it waits on.
  const timer = helperThread ? null : timeKernels();
  const time = fastest(setup.windows, trainStep, { ...setup.windowBudget, after: afterWindow });
  const matmulShare = timer ? timer.milliseconds() / 1000 / (time.meanWall * time.windows) : null;
  timer?.restore();
  await close();
  return {
    wall: time.wall,
    medianWall: time.medianWall,
    windows: time.windows,
    cpu: time.cpu,
    matmulShare,
    parameters: model.parameterCount,
  };
}

/** JIT and WebAssembly tier-up on every thread: at least one step, then until the steps or the seconds run out. */
export function warmUp(setup: BenchSetup, trainStep: () => void): void {
  const start = performance.now();
  for (let step = 0; step < setup.warmUpSteps; step++) {
    trainStep();
    if ((performance.now() - start) / 1000 >= setup.warmUpSeconds) break;
  }
}

/** Sampling tokens/s with and without the key/value cache (one JavaScript thread). */
function samplingRates(setup: BenchSetup) {
  const model = LanguageModel.initialize(setup.config, setup.tokenizer, 1);
  const sampling = { temperature: 1, topP: 1, seed: 3, stopToken: -1 };
  const warmUp = setup.requests.slice(0, 2).map((request) => ({ ...request, maxNewTokens: 4 }));
  model.generate(warmUp, sampling);
  const generated = (results: ReturnType<typeof model.generate>) =>
    results.reduce((sum, result) => sum + result.tokens.length, 0);
  let tokens = 0;
  const cached = fastest(
    setup.windows,
    () => {
      tokens = generated(model.generate(setup.requests, sampling, true));
    },
    setup.windowBudget,
  );
  let uncachedTokens = 0;
  const uncached = fastest(Math.min(2, setup.windows), () => {
    uncachedTokens = generated(model.generate(setup.requests, sampling, false));
  });
  return {
    sampleTokensPerSecond: tokens / cached.wall,
    sampleTokensPerSecondNoCache: uncachedTokens / uncached.wall,
    sampleTokensPerCpuSecond: tokens / cached.cpu,
    sampleTokensPerCpuSecondNoCache: uncachedTokens / uncached.cpu,
    cacheSpeedup: tokens / cached.wall / (uncachedTokens / uncached.wall),
  };
}

/** GFLOP/s of one large product at the training shape (the matrix kernel's ceiling). */
function kernelGflops(setup: BenchSetup, quick: boolean): number {
  const random = new Random(5);
  const { modelWidth, hiddenWidth } = setup.config;
  const rows = setup.batch * setup.length;
  const left = Float32Array.from({ length: rows * modelWidth }, () => random.normal());
  const right = Float32Array.from({ length: modelWidth * hiddenWidth }, () => random.normal());
  const out = new Float32Array(rows * hiddenWidth);
  kernels.matmul(left, right, out, rows, modelWidth, hiddenWidth, 'overwrite');
  const repeats = quick ? 2 : 20;
  const start = performance.now();
  for (let repeat = 0; repeat < repeats; repeat++)
    kernels.matmul(left, right, out, rows, modelWidth, hiddenWidth, 'overwrite');
  return (2 * rows * modelWidth * hiddenWidth * repeats) / ((performance.now() - start) / 1000) / 1e9;
}

/**
 * One backend's figures: training as a run with `trainThreads: 2` trains (a training thread takes half of each
 * batch; native keeps its pool at the count it started with) and on one thread, sampling with and without the
 * cache. Rates only: `withPeakFractions` divides them by the peaks.
 */
async function measureBackend(
  setup: BenchSetup,
  backend: BackendName,
  quick: boolean,
  poolThreads: number,
  pairedBuild: PeakBuild,
) {
  useBackend(backend);
  const rows = setup.batch * setup.length;
  const trainFlops = 3 * forwardFlops(setup.config, setup.batch, setup.length);
  if (backend === 'native') setNativeThreads(1);
  const one = await trainingSeconds(setup, false);
  // Each operation on one thread (the native backend's; WASM runs matrix products only).
  const operations =
    backend === 'native'
      ? {
          ...operationFigures(setup.config, setup.batch, setup.length, quick),
          ...exponentialFigures(setup.config.vocabSize, quick),
        }
      : {};
  if (backend === 'native') setNativeThreads(poolThreads);
  // Native: each window of the two-thread step followed at once by a window of the cores' peak as long as it (the
  // best build's, or a forced build's own): their ratio is the step's fraction of what the cores reached at that
  // moment, which a neighbour's load on a shared machine slows alike.
  const pairedFractions: number[] = [];
  const pairPeak = (wall: number) => {
    const peak = measurePeak(Math.min(Math.max(wall, 0.005), 1), 1, pairedBuild);
    if (peak) pairedFractions.push(trainFlops / wall / 1e9 / peak.gflops);
  };
  const two = await trainingSeconds(setup, true, backend === 'native' ? pairPeak : undefined);
  pairedFractions.sort((first, second) => first - second);
  const pairedMedian = pairedFractions[Math.floor(pairedFractions.length / 2)];
  const pairedKey = pairedBuild === 'best' ? 'pairedPeakFractionMedian' : 'pairedKernelPeakFractionMedian';
  return {
    kernel: describeBackend(),
    trainThreads: 'the main thread and a training thread, each taking half of every batch (trainThreads: 2)',
    parameters: two.parameters,
    trainStepMilliseconds: two.wall * 1000,
    trainStepMillisecondsMedian: two.medianWall * 1000,
    trainStepWindows: two.windows,
    trainTokensPerSecond: rows / two.wall,
    trainTokensPerCpuSecond: rows / two.cpu,
    trainTokensPerSecondOneThread: rows / one.wall,
    trainTokensPerCpuSecondOneThread: rows / one.cpu,
    achievedGflops: trainFlops / two.wall / 1e9,
    achievedGflopsMedian: trainFlops / two.medianWall / 1e9,
    achievedGflopsOneThread: trainFlops / one.wall / 1e9,
    achievedGflopsPerCpuSecond: trainFlops / one.cpu / 1e9,
    ...(pairedMedian !== undefined ? { [pairedKey]: pairedMedian } : {}),
    ...(one.matmulShare !== null ? { trainTimeInMatmulShareOneThread: one.matmulShare } : {}),
    ...samplingRates(setup),
    matmulKernelGflops: kernelGflops(setup, quick),
    ...Object.fromEntries(Object.entries(operations).map(([key, value]) => [`operations.${key}`, value])),
  };
}
type BackendFigures = Awaited<ReturnType<typeof measureBackend>>;

/**
 * A backend's figures with the training step's fraction of each peak (the fastest window's and the median's) and
 * each operation's fraction of one core's: `peakFraction` of the estimate, `measuredPeakFraction` of the measured
 * peak, `kernelPeakFraction` of a forced build's own (native only).
 */
function withPeakFractions(
  figures: BackendFigures,
  backend: BackendName,
  peaks: { estimated: PeakEstimate; measured: PeakEstimate | null; kernel: PeakEstimate | null },
): Record<string, number | string> {
  // [the step's fraction, an operation's fraction of one core's, the peak]
  const named: [string, string, PeakEstimate | null][] = [
    ['peakFraction', 'corePeakFraction', peaks.estimated],
    ['measuredPeakFraction', 'coreMeasuredPeakFraction', peaks.measured],
    ['kernelPeakFraction', 'coreKernelPeakFraction', backend === 'native' ? peaks.kernel : null],
  ];
  const operationFractions: Record<string, number> = {};
  for (const [key, value] of Object.entries(figures)) {
    const operation = /^operations\.(\w+)\.gflopsPerCpuSecond$/.exec(key)?.[1];
    if (operation === undefined || typeof value !== 'number') continue;
    for (const [, coreName, peak] of named)
      if (peak) operationFractions[`operations.${operation}.${coreName}`] = value / (peak.gflops / peak.cores);
  }
  const stepFractions: Record<string, number> = {};
  for (const [name, , peak] of named) {
    if (!peak) continue;
    stepFractions[name] = figures.achievedGflops / peak.gflops;
    // The estimate's fraction is of the fastest window only, as it always was.
    if (name !== 'peakFraction') stepFractions[`${name}Median`] = figures.achievedGflopsMedian / peak.gflops;
  }
  return { ...figures, ...stepFractions, ...operationFractions };
}

/**
 * The better of two measurements of the same peak (other work only ever takes from a window), its method naming
 * the windows of both.
 */
function betterPeak(
  first: PeakEstimate | null,
  second: PeakEstimate | null,
  build: PeakBuild,
  windows: string,
): PeakEstimate | null {
  if (!first || !second) return first ?? second;
  const best = first.gflops >= second.gflops ? first : second;
  return { ...best, method: measuredPeakMethod(build, windows) };
}

/**
 * Measures the default built-in model (≈0.5M parameters) on every backend that is available, in one run:
 * training tokens/s (forward + backward + AdamW on 16 sequences), sampling tokens/s with and without the
 * key/value cache, achieved GFLOP/s against an estimated fp32 peak and the one the cores reach when measured (native
 * addon only; and, step by step, against a peak window run right after each step: `pairedPeakFractionMedian`), and
 * the native/WASM ratios. Top-level
 * figures are the default backend's; `wasm.*` and `native.*` hold each one's. `quick` shortens everything.
 */
export async function runModelBenchmark(options: { quick?: boolean }): Promise<Record<string, number | string>> {
  const quick = options.quick ?? false;
  const setup = benchSetup(quick);
  const initial = activeBackend();
  const threads = nativeThreads();
  const backends: BackendName[] = nativeUnavailableReason() === null ? ['wasm', 'native'] : ['wasm'];
  const measured: Partial<Record<BackendName, BackendFigures>> = {};
  // What the cores reach, measured before anything else runs and again after the training steps, the better of the
  // two kept: a neighbour that takes a core for a second would otherwise halve the peak the steps are divided by.
  const peakWindows = (build: PeakBuild) => (quick ? measurePeak(0.1, 1, build) : measurePeak(0.2, 3, build));
  const windowsNamed = quick ? '2 windows of 0.1 s' : '6 windows of 0.2 s, 3 before the training steps and 3 after';
  // A native build forced below the CPU's best (GENENV_NATIVE_ISA=avx2 on an AVX-512 machine) has a lower ceiling,
  // its own vector width's: measured too, so that its fractions compare with those of a machine that has no wider.
  const builds = nativeBuilds();
  const forced = builds !== null && builds.active !== builds.best;
  const measuredBefore = peakWindows('best');
  const kernelBefore = forced ? peakWindows('active') : null;
  try {
    for (const backend of backends)
      measured[backend] = await measureBackend(setup, backend, quick, threads, forced ? 'active' : 'best');
  } finally {
    useBackend(initial);
    setNativeThreads(threads);
  }
  const measuredPeak = betterPeak(measuredBefore, peakWindows('best'), 'best', windowsNamed);
  const kernelPeak = forced ? betterPeak(kernelBefore, peakWindows('active'), 'active', windowsNamed) : null;
  const peak = estimatePeak();
  const peaks = { estimated: peak, measured: measuredPeak, kernel: kernelPeak };
  const { config } = setup;
  const results: Record<string, number | string> = {
    backend: initial,
    backends: backends.join(', '),
    ...(nativeUnavailableReason() ? { nativeUnavailable: nativeUnavailableReason()! } : {}),
    ...(measured[initial] ? withPeakFractions(measured[initial], initial, peaks) : {}),
    modelShape:
      `${config.layers} layers, width ${config.modelWidth}, ${config.heads} heads, ` +
      `SwiGLU ${config.hiddenWidth}, vocab ${config.vocabSize}`,
    trainBatch: `${setup.batch} × ${setup.length} tokens`,
    sampleSetup: setup.sampleSetup,
    peakGflops: peak.gflops,
    peakGflopsMethod: peak.method,
    ...(measuredPeak ? { measuredPeakGflops: measuredPeak.gflops, measuredPeakMethod: measuredPeak.method } : {}),
    ...(kernelPeak ? { kernelPeakGflops: kernelPeak.gflops, kernelPeakMethod: kernelPeak.method } : {}),
  };
  for (const [backend, figures] of Object.entries(measured))
    for (const [key, value] of Object.entries(withPeakFractions(figures, backend as BackendName, peaks)))
      results[`${backend}.${key}`] = value;
  const { native, wasm } = measured;
  if (native && wasm) {
    for (const key of ['trainTokensPerSecond', 'trainTokensPerCpuSecondOneThread', 'sampleTokensPerSecond'] as const)
      results[`nativeOverWasm.${key}`] = native[key] / wasm[key];
    results['nativeOverWasm.sampleTokensPerSecondNoCache'] =
      native.sampleTokensPerSecondNoCache / wasm.sampleTokensPerSecondNoCache;
  }
  results.note =
    'wall-clock figures include time lost to other processes on a shared machine; ' +
    'per-CPU-second figures exclude it';
  return results;
}
