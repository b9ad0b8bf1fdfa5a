import { afterAll, describe, expect, it } from 'vitest';
import { Random } from '../util/random.ts';
import { createAdamState } from './adam.ts';
import { rotaryTable } from './attention.ts';
import { loadNativeBackend } from './backend-native.ts';
import type { ModelKernels } from './kernel-interface.ts';

// Every native build (AVX-512, AVX2+FMA, portable) must give the same bits on every kernel: a run may not depend
// on the machine it ran on (native/compute-impl.h says how). Builds this CPU cannot run are skipped, by name.
const native = loadNativeBackend();
const runnable = native.ok ? native.describe().runnable : [];
const initial = native.ok ? native.describe().isa : 'portable';
afterAll(() => {
  if (native.ok) native.useIsa(initial);
});

/** One kernel call on fresh copies of its inputs; returns the arrays it wrote. */
type Case = { name: string; run: (kernels: ModelKernels) => Float32Array[] };

function draw(random: Random, length: number, scale = 1): Float32Array {
  return Float32Array.from({ length }, () => scale * random.normal());
}

function cases(): Case[] {
  const random = new Random(38);
  const list: Case[] = [];
  // Matrix products: register-tile edges, fewer than 64 rows (B read in place) and more, inner lengths with tails.
  const shapes = [
    [1, 1, 1],
    [3, 5, 7],
    [17, 9, 20],
    [9, 33, 31],
    [16, 64, 100],
    [40, 128, 323],
    [130, 128, 352],
    [64, 352, 128],
  ] as const;
  for (const [rows, inner, columns] of shapes) {
    const [a, b, start] = [draw(random, rows * inner), draw(random, inner * columns), draw(random, rows * columns)];
    for (const name of ['matmul', 'matmulTransposedA', 'matmulTransposedB'] as const)
      for (const mode of ['overwrite', 'accumulate'] as const)
        list.push({
          name: `${name} ${rows}×${inner}×${columns} ${mode}`,
          run: (kernels) => {
            const out = new Float32Array(start);
            kernels[name](a, b, out, rows, inner, columns, mode);
            return [out];
          },
        });
  }
  for (const width of [5, 16, 37, 48, 100]) {
    const rows = 7;
    const [x, gain, dOut, dx, dGain] = [
      draw(random, rows * width),
      draw(random, width),
      draw(random, rows * width),
      draw(random, rows * width),
      draw(random, width),
    ];
    list.push({
      name: `RMSNorm forward and backward, width ${width}`,
      run: (kernels) => {
        const [out, inverse] = [new Float32Array(rows * width), new Float32Array(rows)];
        kernels.rmsNormForward(x, gain, out, inverse, rows, width, 1e-5);
        const [dxCopy, dGainCopy] = [new Float32Array(dx), new Float32Array(dGain)];
        kernels.rmsNormBackward(x, gain, inverse, dOut, dxCopy, dGainCopy, rows, width);
        return [out, inverse, dxCopy, dGainCopy];
      },
    });
  }
  for (const count of [7, 64, 1001]) {
    const [gate, up, dOut] = [draw(random, count, 4), draw(random, count), draw(random, count)];
    list.push({
      name: `SwiGLU forward and backward, ${count} elements`,
      run: (kernels) => {
        const [out, sigmoids, dGate, dUp] = [0, 1, 2, 3].map(() => new Float32Array(count)) as [
          Float32Array,
          Float32Array,
          Float32Array,
          Float32Array,
        ];
        kernels.swigluForward(gate, up, out, sigmoids);
        kernels.swigluBackward(gate, up, sigmoids, dOut, dGate, dUp);
        return [out, sigmoids, dGate, dUp];
      },
    });
  }
  {
    const [rows, width, headWidth] = [21, 32, 8];
    const table = rotaryTable(40, headWidth, 10000);
    const positions = Int32Array.from({ length: rows }, () => random.int(0, 39));
    const x = draw(random, rows * width);
    list.push({
      name: 'rotary, both directions',
      run: (kernels) => {
        const forward = new Float32Array(x);
        kernels.applyRotary(forward, rows, width, headWidth, table, positions, 1);
        const back = new Float32Array(forward);
        kernels.applyRotary(back, rows, width, headWidth, table, positions, -1);
        return [forward, back];
      },
    });
  }
  for (const vocab of [5, 16, 17, 323]) {
    const rows = 9;
    const logits = draw(random, rows * vocab, 3);
    const [gradLogprob, gradEntropy] = [draw(random, rows), draw(random, rows)];
    const targets = Int32Array.from({ length: rows }, (_, row) => (row % 4 === 0 ? -1 : random.int(0, vocab - 1)));
    list.push({
      name: `log-softmax, entropies and logit gradients, vocabulary ${vocab}`,
      run: (kernels) => {
        const [values, p, h, dLogits] = [
          new Float32Array(logits),
          new Float32Array(rows * vocab),
          new Float32Array(rows),
          new Float32Array(rows * vocab),
        ];
        kernels.logSoftmaxRows(values, rows, vocab, p, h);
        kernels.logitGradients(values, p, h, gradLogprob, gradEntropy, targets, dLogits, rows, vocab);
        return [values, p, h, dLogits];
      },
    });
  }
  for (const [headWidth, length] of [
    [4, 19],
    [8, 40],
    [12, 19],
    [16, 33],
    [32, 19],
    [64, 17],
  ] as const) {
    const [batch, heads] = [2, 3];
    const size = batch * length * heads * headWidth;
    const [q, k, v, dOut] = [draw(random, size), draw(random, size), draw(random, size), draw(random, size)];
    list.push({
      name: `causal attention forward and backward, head width ${headWidth}, length ${length}`,
      run: (kernels) => {
        const [out, p] = [new Float32Array(size), new Float32Array(batch * heads * length * length)];
        kernels.causalAttentionForward(q, k, v, out, p, batch, length, heads, headWidth);
        const [dq, dk, dv] = [new Float32Array(size), new Float32Array(size), new Float32Array(size)];
        kernels.causalAttentionBackward(q, k, v, p, dOut, dq, dk, dv, batch, length, heads, headWidth);
        return [out, p, dq, dk, dv];
      },
    });
  }
  for (const [headWidth, cacheLength] of [
    [8, 30],
    [12, 21],
    [16, 70],
    [32, 40],
  ] as const) {
    const [slots, heads] = [5, 4];
    const width = heads * headWidth;
    const sequences = Int32Array.from([4, 0, 2, 1]);
    const positions = Int32Array.from([cacheLength - 1, 0, 13, 16]);
    const [query, keys, values] = [
      draw(random, 4 * width),
      draw(random, slots * cacheLength * width),
      draw(random, slots * cacheLength * width),
    ];
    list.push({
      name: `cached attention, head width ${headWidth}`,
      run: (kernels) => {
        const attended = new Float32Array(4 * width);
        kernels.cachedAttention(query, keys, values, attended, sequences, positions, cacheLength, heads, headWidth);
        return [attended];
      },
    });
  }
  {
    const size = 40_000;
    const [parameters, gradients] = [draw(random, size), draw(random, size)];
    list.push({
      name: 'AdamW step',
      run: (kernels) => {
        const state = createAdamState(size);
        const copy = new Float32Array(parameters);
        const norm = kernels.adamStep(copy, gradients, state, {
          learningRate: 1e-3,
          beta1: 0.9,
          beta2: 0.999,
          epsilon: 1e-8,
          weightDecay: 0.01,
          clipNorm: 1,
        });
        return [copy, state.first, state.second, Float32Array.of(norm)];
      },
    });
  }
  return list;
}

/** The bytes of every array a case wrote, for exact comparison. */
function bits(arrays: Float32Array[]): string {
  return arrays.map((array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('hex')).join(',');
}

const lacking = ['avx512', 'avx2'].filter((isa) => !runnable.includes(isa));
const skipped = native.ok ? lacking.map((isa) => `${isa}: this CPU lacks it`).join('; ') : native.reason;
describe.skipIf(!native.ok)(`native builds give identical bits${skipped ? ` (skipped ${skipped})` : ''}`, () => {
  const all = cases();
  for (const isa of ['avx512', 'avx2'].filter((name) => runnable.includes(name))) {
    it(`${isa} equals portable on every kernel, one or two threads`, () => {
      if (!native.ok) return;
      for (const threads of [2, 1]) {
        native.setThreads(threads);
        for (const { name, run } of all) {
          expect(native.useIsa('portable')).toBe('portable');
          const expected = bits(run(native.kernels));
          expect(native.useIsa(isa)).toBe(isa);
          expect(bits(run(native.kernels)), `${name} (${threads} threads)`).toBe(expected);
        }
      }
      native.setThreads(2);
    });
  }
  // The AVX-512 build's code paths (sixteen-lane registers, 8 × 32 tiles, its attention register paths) with the
  // same exact fma done lane by lane: how a CPU without AVX-512 checks that build's layout against portable.
  it.skipIf(runnable.includes('avx512') || !runnable.includes('avx2'))(
    'the AVX-512 layout (lane-by-lane fma, for CPUs without AVX-512) equals portable on every kernel',
    () => {
      if (!native.ok) return;
      for (const { name, run } of all) {
        native.useIsa('portable');
        const expected = bits(run(native.kernels));
        expect(native.useIsa('avx512-layout')).toBe('avx512-layout');
        expect(bits(run(native.kernels)), name).toBe(expected);
      }
    },
  );
  // The portable build as compiled for any CPU (fused multiply-adds by calls to the C library's fma): where the
  // CPU has FMA, `portable` is the same source built with the instruction, and the two must agree.
  it('portable with library fma calls equals portable', () => {
    if (!native.ok) return;
    for (const { name, run } of all) {
      expect(native.useIsa('portable')).toBe('portable');
      const expected = bits(run(native.kernels));
      native.useIsa('portable-libm');
      expect(bits(run(native.kernels)), name).toBe(expected);
    }
  });
});
