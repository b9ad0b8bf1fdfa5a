import { describe, expect, it } from 'vitest';
import { Random } from '../util/random.ts';
import { javascriptKernels } from './kernels-js.ts';
import { createWasmKernels } from './kernels-wasm.ts';

describe('matrix kernels', () => {
  const wasm = createWasmKernels();
  it('WebAssembly SIMD is available on Node ≥ 20', () => expect(wasm).not.toBeNull());
  const random = new Random(2);
  for (const [rows, inner, columns] of [
    [1, 1, 1],
    [3, 5, 7],
    [5, 16, 33],
    [17, 9, 20],
    [2, 40, 64],
    [33, 12, 3],
    [8, 3, 27],
    [4, 8, 8],
  ] as const) {
    it(`all three products equal the reference at ${rows}×${inner}×${columns}, overwrite and accumulate`, () => {
      const a = Float32Array.from({ length: rows * inner }, () => random.normal());
      const b = Float32Array.from({ length: inner * columns }, () => random.normal());
      const start = Float32Array.from({ length: rows * columns }, () => random.normal());
      for (const name of ['matmul', 'matmulTransposedB', 'matmulTransposedA'] as const) {
        for (const mode of ['overwrite', 'accumulate'] as const) {
          const expected = new Float32Array(start);
          const actual = new Float32Array(start);
          // The same numbers read as the transposed layouts each variant expects.
          javascriptKernels[name](a, b, expected, rows, inner, columns, mode);
          wasm![name](a, b, actual, rows, inner, columns, mode);
          actual.forEach((value, index) => {
            expect(value).toBeCloseTo(expected[index]!, 4);
          });
        }
      }
    });
  }
});
