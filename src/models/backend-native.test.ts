import { describe, expect, it } from 'vitest';
import { Random } from '../util/random.ts';
import { rotaryTable } from './attention.ts';
import { loadNativeBackend } from './backend-native.ts';
import { createWasmBackend } from './backend-wasm.ts';
import type { ModelKernels } from './kernel-interface.ts';
import { javascriptKernels } from './kernels-js.ts';

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

  it('causal attention forward and backward equal the reference', () => {
    const [batch, length, heads, headWidth] = [3, 19, 4, 16];
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
  });

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

  it('rejects arrays shorter than the shape needs with one line', () => {
    if (!native.ok) return;
    expect(() =>
      native.kernels.matmul(new Float32Array(4), new Float32Array(4), new Float32Array(4), 3, 2, 2, 'overwrite'),
    ).toThrow(/argument 0 holds 4 elements, 6 needed/);
  });
});
