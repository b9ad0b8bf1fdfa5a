/**
 * Plain-JavaScript matrix products on row-major Float32Arrays: the reference kernels (and the fallback
 * where WebAssembly SIMD is missing). All write `out`: overwrite it, or add to it with 'accumulate'.
 */

/** How a product writes its output: replace what `out` holds, or add to it. */
export type OutputMode = 'overwrite' | 'accumulate';

export interface MatrixKernels {
  /** out[M,N] (+)= a[M,K] · b[K,N]. */
  matmul(
    a: Float32Array,
    b: Float32Array,
    out: Float32Array,
    rows: number,
    inner: number,
    columns: number,
    mode: OutputMode,
  ): void;
  /** out[M,N] (+)= a[M,K] · b[N,K]ᵀ. */
  matmulTransposedB(
    a: Float32Array,
    b: Float32Array,
    out: Float32Array,
    rows: number,
    inner: number,
    columns: number,
    mode: OutputMode,
  ): void;
  /** out[M,N] (+)= a[K,M]ᵀ · b[K,N]. */
  matmulTransposedA(
    a: Float32Array,
    b: Float32Array,
    out: Float32Array,
    rows: number,
    inner: number,
    columns: number,
    mode: OutputMode,
  ): void;
}

export const javascriptKernels: MatrixKernels = {
  matmul(a, b, out, rows, inner, columns, mode) {
    if (mode === 'overwrite') out.fill(0, 0, rows * columns);
    for (let row = 0; row < rows; row++) {
      const outBase = row * columns;
      const aBase = row * inner;
      for (let k = 0; k < inner; k++) {
        const scalar = a[aBase + k]!;
        if (scalar === 0) continue;
        const bBase = k * columns;
        for (let column = 0; column < columns; column++)
          out[outBase + column] = out[outBase + column]! + scalar * b[bBase + column]!;
      }
    }
  },
  matmulTransposedB(a, b, out, rows, inner, columns, mode) {
    for (let row = 0; row < rows; row++) {
      const aBase = row * inner;
      for (let column = 0; column < columns; column++) {
        const bBase = column * inner;
        let sum = 0;
        for (let k = 0; k < inner; k++) sum += a[aBase + k]! * b[bBase + k]!;
        const target = row * columns + column;
        out[target] = mode === 'accumulate' ? out[target]! + sum : sum;
      }
    }
  },
  matmulTransposedA(a, b, out, rows, inner, columns, mode) {
    if (mode === 'overwrite') out.fill(0, 0, rows * columns);
    for (let k = 0; k < inner; k++) {
      const aBase = k * rows;
      const bBase = k * columns;
      for (let row = 0; row < rows; row++) {
        const scalar = a[aBase + row]!;
        if (scalar === 0) continue;
        const outBase = row * columns;
        for (let column = 0; column < columns; column++)
          out[outBase + column] = out[outBase + column]! + scalar * b[bBase + column]!;
      }
    }
  },
};
