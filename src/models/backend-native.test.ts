import { describe, expect, it } from 'vitest';
import { Random } from '../util/random.ts';
import { createAdamState } from './adam.ts';
import { rotaryTable } from './attention.ts';
import { loadNativeBackend } from './backend-native.ts';
import { createWasmBackend } from './backend-wasm.ts';
import type { ModelKernels } from './kernel-interface.ts';
import { javascriptKernels } from './kernels-js.ts';
import { nativeBuilds, onNativeBuild } from '../../test/support/native-builds.ts';

const native = loadNativeBackend();
const reference: ModelKernels = { ...createWasmBackend().kernels, ...javascriptKernels };
const random = new Random(12);
const draw = (length: number, scale = 1) => Float32Array.from({ length }, () => scale * random.normal());

/** Runs `call` on the reference and the native kernels with copies of the same arrays; returns both results. */
function both(arrays: Float32Array[], call: (kernels: ModelKernels, copies: Float32Array[]) => void) {
  const [expected, actual] = [reference, native.ok ? native.kernels : reference].map((kernels) => {
    const copies = arrays.map((array) => new Float32Array(array));
    call(kernels, copies);
    return copies;
  });
  return { expected: expected!, actual: actual! };
}

function expectClose(expected: Float32Array[], actual: Float32Array[], tolerance = 2e-5) {
  expected.forEach((array, which) => {
    let worst = 0;
    array.forEach((value, index) => {
      const error = Math.abs(value - actual[which]![index]!) / (1 + Math.abs(value));
      worst = Math.max(worst, error);
    });
    expect(worst, `array ${which}`).toBeLessThan(tolerance);
  });
}

const title = native.ok ? 'native kernels' : `native kernels (skipped: ${native.reason})`;
describe.skipIf(!native.ok)(title, () => {
  const shapes = [
    [1, 1, 1],
    [3, 5, 7],
    [17, 9, 20],
    [9, 33, 31],
    [130, 128, 352],
    [64, 352, 128],
    [256, 2, 323],
    // Fewer than 64 rows read a plain B in place: whole panels only, whole panels and a partial one.
    [16, 128, 352],
    [16, 64, 100],
    [40, 128, 323],
  ] as const;
  for (const [rows, inner, columns] of shapes) {
    it(`three matrix products equal the plain-JavaScript reference at ${rows}×${inner}×${columns}`, () => {
      const a = draw(rows * inner);
      const b = draw(inner * columns);
      const start = draw(rows * columns);
      for (const name of ['matmul', 'matmulTransposedA', 'matmulTransposedB'] as const) {
        for (const mode of ['overwrite', 'accumulate'] as const) {
          const { expected, actual } = both([a, b, start], (kernels, [x, y, out]) =>
            kernels[name](x!, y!, out!, rows, inner, columns, mode),
          );
          expectClose(expected.slice(2), actual.slice(2), 1e-4);
        }
      }
    });
  }

  it('RMSNorm forward and backward equal the reference', () => {
    const [rows, width] = [37, 48];
    const arrays = [draw(rows * width), draw(width), draw(rows * width), draw(rows), draw(rows * width)];
    const { expected, actual } = both(arrays, (kernels, [x, gain, out, inverse]) =>
      kernels.rmsNormForward(x!, gain!, out!, inverse!, rows, width, 1e-5),
    );
    expectClose(expected, actual);
    const backward = both(
      [arrays[0]!, arrays[1]!, expected[3]!, arrays[4]!, draw(rows * width), draw(width)],
      (kernels, [x, gain, inverse, dOut, dx, dGain]) =>
        kernels.rmsNormBackward(x!, gain!, inverse!, dOut!, dx!, dGain!, rows, width),
    );
    expectClose(backward.expected, backward.actual, 1e-4);
  });

  it('attention gives identical bits for one or two threads', () => {
    if (!native.ok) return;
    const [batch, length, heads, headWidth] = [4, 33, 4, 32];
    const size = batch * length * heads * headWidth;
    const [q, k, v, dOut] = [draw(size), draw(size), draw(size), draw(size)];
    const runs = [2, 1].map((threads) => {
      native.setThreads(threads);
      const out = new Float32Array(size);
      const p = new Float32Array(batch * heads * length * length);
      native.kernels.causalAttentionForward(q, k, v, out, p, batch, length, heads, headWidth);
      const grads = [new Float32Array(size), new Float32Array(size), new Float32Array(size)] as const;
      native.kernels.causalAttentionBackward(q, k, v, p, dOut, ...grads, batch, length, heads, headWidth);
      return [out, ...grads].map((array) => Buffer.from(array.buffer).toString('base64')).join();
    });
    native.setThreads(2);
    expect(runs[1]).toBe(runs[0]);
  });

  it('SwiGLU forward and backward equal the reference', () => {
    const count = 1001;
    const [gate, up] = [draw(count, 4), draw(count)];
    const forward = both([gate, up, draw(count), draw(count)], (kernels, [g, u, out, sigmoids]) =>
      kernels.swigluForward(g!, u!, out!, sigmoids!),
    );
    expectClose(forward.expected, forward.actual);
    const backward = both(
      [gate, up, forward.expected[3]!, draw(count), draw(count), draw(count)],
      (kernels, [g, u, s, dOut, dGate, dUp]) => kernels.swigluBackward(g!, u!, s!, dOut!, dGate!, dUp!),
    );
    expectClose(backward.expected, backward.actual);
  });

  it('rotary embedding (both directions) equals the reference', () => {
    const [rows, width, headWidth] = [21, 32, 8];
    const table = rotaryTable(40, headWidth, 10000);
    const positions = Int32Array.from({ length: rows }, () => random.int(0, 39));
    for (const direction of [1, -1] as const) {
      const { expected, actual } = both([draw(rows * width)], (kernels, [x]) =>
        kernels.applyRotary(x!, rows, width, headWidth, table, positions, direction),
      );
      expectClose(expected, actual);
    }
  });

  it('log-softmax with entropies and the cross-entropy gradient equal the reference', () => {
    const [rows, vocab] = [19, 323];
    const forward = both([draw(rows * vocab, 3), draw(rows * vocab), draw(rows)], (kernels, [values, p, h]) =>
      kernels.logSoftmaxRows(values!, rows, vocab, p!, h!),
    );
    expectClose(forward.expected, forward.actual);
    const targets = Int32Array.from({ length: rows }, (_, row) => (row % 4 === 0 ? -1 : random.int(0, vocab - 1)));
    const [logp, p, h] = forward.expected;
    for (const withEntropy of [true, false]) {
      const backward = both([logp!, p!, h!, draw(rows), draw(rows), draw(rows * vocab)], (kernels, arrays) =>
        kernels.logitGradients(
          arrays[0]!,
          arrays[1]!,
          arrays[2]!,
          arrays[3]!,
          withEntropy ? arrays[4]! : null,
          targets,
          arrays[5]!,
          rows,
          vocab,
        ),
      );
      expectClose(backward.expected, backward.actual);
    }
  });

  // Head widths of one, two and eight vector lengths (register paths on every instruction set) and 12 (the
  // plain-loop path).
  it.each([16, 32, 12, 64])(
    'causal attention forward and backward equal the reference (head width %i)',
    (headWidth) => {
      const [batch, length, heads] = [3, 19, 4];
      const size = batch * length * heads * headWidth;
      const [q, k, v, dOut] = [draw(size), draw(size), draw(size), draw(size)];
      const probabilities = batch * heads * length * length;
      const forward = both([q, k, v, draw(size), draw(probabilities)], (kernels, [q1, k1, v1, out, p]) =>
        kernels.causalAttentionForward(q1!, k1!, v1!, out!, p!, batch, length, heads, headWidth),
      );
      expectClose(forward.expected, forward.actual);
      const backward = both(
        [q, k, v, forward.expected[4]!, dOut, draw(size), draw(size), draw(size)],
        (kernels, [q1, k1, v1, p, d, dq, dk, dv]) =>
          kernels.causalAttentionBackward(q1!, k1!, v1!, p!, d!, dq!, dk!, dv!, batch, length, heads, headWidth),
      );
      expectClose(backward.expected, backward.actual, 1e-4);
    },
  );

  it('cached attention equals the reference', () => {
    const [slots, cacheLength, heads, headWidth] = [5, 30, 4, 8];
    const width = heads * headWidth;
    const sequences = Int32Array.from([4, 0, 2]);
    const positions = Int32Array.from([29, 0, 13]);
    const { expected, actual } = both(
      [draw(3 * width), draw(slots * cacheLength * width), draw(slots * cacheLength * width), draw(3 * width)],
      (kernels, [query, keys, values, attended]) =>
        kernels.cachedAttention(query!, keys!, values!, attended!, sequences, positions, cacheLength, heads, headWidth),
    );
    expectClose(expected, actual);
  });

  it('gives identical bits on repeated runs and for one or two threads', () => {
    if (!native.ok) return;
    const [rows, inner, columns] = [300, 128, 352];
    const [a, b] = [draw(rows * inner), draw(inner * columns)];
    const runs = [2, 1, 2].map((threads) => {
      native.setThreads(threads);
      const out = new Float32Array(rows * columns);
      native.kernels.matmul(a, b, out, rows, inner, columns, 'overwrite');
      return Buffer.from(out.buffer).toString('base64');
    });
    expect(runs[1]).toBe(runs[0]);
    expect(runs[2]).toBe(runs[0]);
  });

  it('AdamW gives the same bits as adam.ts, with and without clipping and weight decay, over several steps', () => {
    const size = 70_001; // more than one chunk of the threaded update, and not a multiple of it
    for (const [clipNorm, weightDecay] of [
      [1, 0],
      [0, 0.01],
      [1e6, 0.1],
    ] as const) {
      const options = { learningRate: 3e-3, beta1: 0.9, beta2: 0.99, epsilon: 1e-8, weightDecay, clipNorm };
      const start = draw(size);
      const gradients = [draw(size, 2), draw(size, 2), draw(size, 2)];
      const runs = [reference, native.ok ? native.kernels : reference].map((kernels) => {
        const parameters = new Float32Array(start);
        const state = createAdamState(size);
        const norms: number[] = [];
        for (const gradient of gradients) norms.push(kernels.adamStep(parameters, gradient, state, options));
        return { parameters, state, norms };
      });
      expect(runs[1]!.norms).toEqual(runs[0]!.norms);
      expect(runs[1]!.state.step).toBe(3);
      const bits = (array: Float32Array) => Buffer.from(array.buffer);
      expect(bits(runs[1]!.parameters).equals(bits(runs[0]!.parameters))).toBe(true);
      expect(bits(runs[1]!.state.first).equals(bits(runs[0]!.state.first))).toBe(true);
      expect(bits(runs[1]!.state.second).equals(bits(runs[0]!.state.second))).toBe(true);
    }
  });

  it('adds one gradient sum into another with the bits of the JavaScript loop, on every build', () => {
    // Signed zeros, infinities, subnormals and far-apart magnitudes beside ordinary values; not a multiple of a vector.
    const special = [0, -0, Infinity, -Infinity, 1e-45, -1e-45, 3e38, -3e38, 1e-30, 1];
    const size = 10_007;
    const target = Float32Array.from({ length: size }, (_, index) =>
      index < special.length ** 2 ? special[index % special.length]! : random.normal() * 10 ** random.int(-8, 8),
    );
    const source = Float32Array.from({ length: size }, (_, index) =>
      index < special.length ** 2 ? special[Math.floor(index / special.length)]! : random.normal(),
    );
    const expected = new Float32Array(target);
    reference.addInto(expected, source);
    for (const build of nativeBuilds)
      onNativeBuild(build, () => {
        const actual = new Float32Array(target);
        native.ok && native.kernels.addInto(actual, source);
        expect(Buffer.from(actual.buffer).equals(Buffer.from(expected.buffer)), build).toBe(true);
      });
    expect(() => native.ok && native.kernels.addInto(new Float32Array(8), new Float32Array(7))).toThrow(
      /argument 1 holds 7 elements, 8 needed/,
    );
  });

  it('adds rows into the rows they name, a row named twice in order, with the bits of the JavaScript loop', () => {
    const [width, targetRows, rows] = [37, 11, 300];
    const target = Float32Array.from({ length: targetRows * width }, () => random.normal() * 10 ** random.int(-6, 6));
    const source = Float32Array.from({ length: rows * width }, () => random.normal() * 10 ** random.int(-6, 6));
    // Every target row named many times, in no order.
    const indices = Int32Array.from({ length: rows }, () => random.int(0, targetRows - 1));
    const expected = new Float32Array(target);
    reference.addRows(expected, source, indices, width);
    const actual = new Float32Array(target);
    if (!native.ok) return;
    native.kernels.addRows(actual, source, indices, width);
    expect(Buffer.from(actual.buffer).equals(Buffer.from(expected.buffer))).toBe(true);
    for (const kernels of [reference, native.kernels]) {
      expect(() => kernels.addRows(new Float32Array(8), new Float32Array(8), Int32Array.from([0, 2]), 4)).toThrow(
        /row 2 outside the target's 2$/,
      );
      expect(() => kernels.addRows(new Float32Array(8), new Float32Array(7), Int32Array.from([0, 1]), 4)).toThrow(/7/);
    }
  });

  it('rejects arrays shorter than the shape needs with one line', () => {
    if (!native.ok) return;
    expect(() =>
      native.kernels.matmul(new Float32Array(4), new Float32Array(4), new Float32Array(4), 3, 2, 2, 'overwrite'),
    ).toThrow(/argument 0 holds 4 elements, 6 needed/);
  });

  it('measures the multiply-add peak of one and two cores, and refuses a window out of range with one line', () => {
    if (!native.ok) return;
    const one = native.measurePeak(1, 0.02);
    const two = native.measurePeak(2, 0.02);
    // One core does at least a few GFLOP/s with any vector build; two report their sum (a shared machine may give less).
    expect(one).toBeGreaterThan(1);
    expect(two).toBeGreaterThan(1);
    expect(() => native.measurePeak(2, 0)).toThrow(/^seconds must be in \(0, 10\]$/);
    expect(() => native.measurePeak(2, 11)).toThrow(/^seconds must be in \(0, 10\]$/);
  });

  it('helps until a flag changes, or gives up with false when no task comes for a while; bad arguments get one line', () => {
    if (!native.ok) return;
    const flags = new Int32Array(new SharedArrayBuffer(8));
    expect(native.helpUntil(flags, 1, 7, 1)).toBe(true);
    const started = performance.now();
    expect(native.helpUntil(flags, 0, 0, 0.01)).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(9);
    expect(() => native.helpUntil(flags, 2, 0, 0.01)).toThrow(/^argument 0 holds 2 elements, 3 needed$/);
    expect(() => native.helpUntil(flags, 0, 0, 11)).toThrow(/^seconds must be in \[0, 10\]$/);
  });

  it("measures the peak of the build in use where asked: the portable build's four lanes are below a wider best's", () => {
    if (!native.ok || !['avx512', 'avx2'].includes(native.describe().runnable[0] ?? '')) return;
    const peak = (build: 'best' | 'active') => Math.max(...[0, 1, 2].map(() => native.measurePeak(1, 0.02, build)));
    const initial = native.describe().isa;
    try {
      expect(native.useIsa('portable')).toBe('portable');
      // Four fp32 lanes against eight or sixteen: a half or a quarter of the best build's rate, further below it
      // than a shared machine's noise moves either.
      expect(peak('active')).toBeGreaterThan(0);
      expect(peak('active')).toBeLessThan(peak('best') / 1.4);
    } finally {
      native.useIsa(initial);
    }
  });
});
