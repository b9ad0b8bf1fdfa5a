import { createWasmKernels } from '../models/kernels-wasm.ts';

/**
 * The measurement behind the choice of tensor code: one fp32 product at the training shape of the
 * default model (2048×128 · 128×352) in the hand-written WebAssembly SIMD kernel, `@jax-js/jax` under
 * `jit` (wasm backend, one thread) and `@tensorflow/tfjs-backend-wasm`, interleaved over `rounds` so
 * that load from other processes hits all three alike. GFLOP per CPU-second and per wall-second.
 * Loads both libraries (tfjs-backend-wasm installs process-wide exception handlers): run it alone.
 */
export async function compareMatmulLibraries(rounds = 3): Promise<Record<string, { gflopsPerCpuSecond: number; gflopsPerWallSecond: number }>> {
  const [rows, inner, columns] = [2048, 128, 352];
  const flops = 2 * rows * inner * columns;
  const left = Float32Array.from({ length: rows * inner }, (_, index) => Math.sin(index));
  const right = Float32Array.from({ length: inner * columns }, (_, index) => Math.cos(index));
  const jax = await import('@jax-js/jax');
  const tf = await import('@tensorflow/tfjs-core');
  await import('@tensorflow/tfjs-backend-wasm');
  await jax.init('wasm');
  jax.defaultDevice('wasm');
  await tf.setBackend('wasm');
  await tf.ready();
  const kernels = createWasmKernels();
  if (!kernels) throw new Error('WebAssembly SIMD is not available');
  const out = new Float32Array(rows * columns);
  const product = jax.jit((x: InstanceType<typeof jax.Array>, y: InstanceType<typeof jax.Array>) => jax.numpy.matmul(x, y));
  const jaxLeft = jax.numpy.array(left).reshape([rows, inner]);
  const jaxRight = jax.numpy.array(right).reshape([inner, columns]);
  const tfLeft = tf.tensor2d(left, [rows, inner]);
  const tfRight = tf.tensor2d(right, [inner, columns]);
  const candidates: Record<string, () => void> = {
    'hand-written wasm simd': () => kernels.matmul(left, right, out, rows, inner, columns, false),
    'jax-js jit (wasm, 1 thread)': () => {
      product(jaxLeft.ref, jaxRight.ref).dataSync();
    },
    'tfjs-backend-wasm': () => {
      const result = tf.matMul(tfLeft, tfRight);
      result.dataSync();
      result.dispose();
    },
  };
  const totals: Record<string, { cpu: number; wall: number; runs: number }> = {};
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(candidates)) {
      run(); // warm-up (compilation)
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      for (let repeat = 0; repeat < 5; repeat++) run();
      const cpu = process.cpuUsage(cpuStart);
      const total = (totals[name] ??= { cpu: 0, wall: 0, runs: 0 });
      total.wall += (performance.now() - start) / 1000;
      total.cpu += (cpu.user + cpu.system) / 1e6;
      total.runs += 5;
    }
  }
  return Object.fromEntries(Object.entries(totals).map(([name, total]) => [name, {
    gflopsPerCpuSecond: (flops * total.runs) / total.cpu / 1e9,
    gflopsPerWallSecond: (flops * total.runs) / total.wall / 1e9,
  }]));
}
