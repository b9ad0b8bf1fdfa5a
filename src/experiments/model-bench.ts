import { LanguageModel } from '../models/language-model.ts';
import { kernelName, kernels, type MatrixKernels } from '../models/kernels.ts';
import { ModelConfigSchema, type ModelConfig } from '../models/model-config.ts';
import { Tokenizer } from '../models/tokenizer.ts';
import { modelSizes } from '../policies/builtin/options.ts';
import { Random } from '../util/random.ts';
import { estimatePeak } from './machine-peak.ts';

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

/** Wraps the shared kernels to count the milliseconds spent in matrix products. */
function timeKernels(): { milliseconds: () => number; restore: () => void } {
  const originals = { ...kernels };
  let spent = 0;
  for (const name of Object.keys(originals) as (keyof MatrixKernels)[]) {
    const original = originals[name];
    kernels[name] = (a, b, out, rows, inner, columns, mode) => {
      const start = performance.now();
      original(a, b, out, rows, inner, columns, mode);
      spent += performance.now() - start;
    };
  }
  return { milliseconds: () => spent, restore: () => Object.assign(kernels, originals) };
}

/**
 * Measures the default built-in model (≈0.5M parameters) on this machine: training tokens/s (forward +
 * backward + AdamW on batch 16 × 128) with two threads (`trainTokensPerSecond`) and with one, sampling
 * tokens/s with and without the key/value cache (one thread), achieved GFLOP/s against an estimated fp32
 * peak, and the share of single-thread training time spent in matrix products.
 * `quick` shortens every measurement (for tests and smoke runs).
 */
export async function runModelBenchmark(options: { quick?: boolean }): Promise<Record<string, number | string>> {
  const quick = options.quick ?? false;
  const tokenizer = benchTokenizer();
  const config = ModelConfigSchema.parse({ vocabSize: tokenizer.vocabSize, ...modelSizes.default });
  const model = LanguageModel.initialize(config, tokenizer, 1);
  const random = new Random(2);
  const batch = 16;
  const length = quick ? 32 : 128;
  const sequences = Array.from({ length: batch }, () => ({
    tokens: Array.from({ length: length + 1 }, () => random.int(0, 255)),
    lossStart: 1,
  }));
  const adam = { learningRate: 1e-4, beta1: 0.9, beta2: 0.99, epsilon: 1e-8, weightDecay: 0, clipNorm: 1 };
  const trainStep = () => {
    const pass = model.score(sequences);
    pass.backward(
      pass.logprobs.map((values) => new Float32Array(values.length).fill(-1 / (batch * length))),
      null,
    );
    model.step(adam);
  };
  trainStep(); // warm-up: JIT and wasm tier-up
  const steps = quick ? 1 : 5;
  const timer = timeKernels();
  const training = measure(() => {
    for (let step = 0; step < steps; step++) trainStep();
  });
  const trainSeconds = training.wall / steps;
  const matmulShare = timer.milliseconds() / 1000 / steps / trainSeconds;
  timer.restore();
  const trainFlops = 3 * forwardFlops(config, batch, length);

  // The same steps with a helper thread taking half of each batch (the 2-core configuration).
  model.enableTrainingThread();
  trainStep();
  const parallelTraining = measure(() => {
    for (let step = 0; step < steps; step++) trainStep();
  });
  await model.close();
  const parallelSeconds = parallelTraining.wall / steps;

  // Sampling: 16 sequences, 16-token prompts, no stop token, to the same total length both ways.
  const promptLength = 16;
  const newTokens = quick ? 24 : 112;
  const requests = Array.from({ length: batch }, () => ({
    prompt: Array.from({ length: promptLength }, () => random.int(0, 255)),
    maxNewTokens: newTokens,
  }));
  const sampling = { temperature: 1, topP: 1, seed: 3, stopToken: -1 };
  model.generate(
    requests.slice(0, 2).map((request) => ({ ...request, maxNewTokens: 4 })),
    sampling,
  ); // warm-up
  let cached = [] as ReturnType<typeof model.generate>;
  let uncached = cached;
  const cachedTime = measure(() => {
    cached = model.generate(requests, sampling, true);
  });
  const uncachedTime = measure(() => {
    uncached = model.generate(requests, sampling, false);
  });
  const cachedSeconds = cachedTime.wall;
  const uncachedSeconds = uncachedTime.wall;
  const generated = (results: typeof cached) => results.reduce((sum, result) => sum + result.tokens.length, 0);

  // Kernel ceiling: one large product at the training shape.
  const rows = batch * length;
  const left = Float32Array.from({ length: rows * config.modelWidth }, () => random.normal());
  const right = Float32Array.from({ length: config.modelWidth * config.hiddenWidth }, () => random.normal());
  const out = new Float32Array(rows * config.hiddenWidth);
  kernels.matmul(left, right, out, rows, config.modelWidth, config.hiddenWidth, 'overwrite');
  const start = performance.now();
  const repeats = quick ? 2 : 10;
  for (let repeat = 0; repeat < repeats; repeat++)
    kernels.matmul(left, right, out, rows, config.modelWidth, config.hiddenWidth, 'overwrite');
  const kernelGflops =
    (2 * rows * config.modelWidth * config.hiddenWidth * repeats) / ((performance.now() - start) / 1000) / 1e9;

  const peak = estimatePeak();
  const achieved = trainFlops / parallelSeconds / 1e9;
  return {
    kernel: kernelName,
    parameters: model.parameterCount,
    modelShape:
      `${config.layers} layers, width ${config.modelWidth}, ${config.heads} heads, ` +
      `SwiGLU ${config.hiddenWidth}, vocab ${config.vocabSize}`,
    trainBatch: `${batch} × ${length} tokens`,
    trainStepMilliseconds: parallelSeconds * 1000,
    trainStepMillisecondsOneThread: trainSeconds * 1000,
    trainTokensPerSecond: rows / parallelSeconds,
    trainThreads: 2,
    trainTokensPerCpuSecond: (rows * steps) / parallelTraining.cpu,
    trainTokensPerSecondOneThread: rows / trainSeconds,
    trainTokensPerCpuSecondOneThread: (rows * steps) / training.cpu,
    sampleTokensPerSecond: generated(cached) / cachedSeconds,
    sampleTokensPerSecondNoCache: generated(uncached) / uncachedSeconds,
    sampleTokensPerCpuSecond: generated(cached) / cachedTime.cpu,
    sampleTokensPerCpuSecondNoCache: generated(uncached) / uncachedTime.cpu,
    cacheSpeedup: generated(cached) / cachedSeconds / (generated(uncached) / uncachedSeconds),
    sampleSetup: `${batch} sequences, ${promptLength}-token prompts, ${newTokens} new tokens each`,
    achievedGflops: achieved,
    achievedGflopsOneThread: trainFlops / trainSeconds / 1e9,
    achievedGflopsPerCpuSecond: (trainFlops * steps) / training.cpu / 1e9,
    peakGflops: peak.gflops,
    peakGflopsMethod: peak.method,
    peakFraction: achieved / peak.gflops,
    matmulKernelGflops: kernelGflops,
    trainTimeInMatmulShareOneThread: matmulShare,
    sampleThreads: 1,
    note:
      'wall-clock figures include time lost to other processes on a shared machine; ' +
      'per-CPU-second figures exclude it',
  };
}
