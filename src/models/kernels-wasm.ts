import type { MatrixKernels, OutputMode } from './kernels-js.ts';

/**
 * A WebAssembly SIMD matrix-product kernel, assembled here byte by byte (no toolchain needed at run
 * time): C[M,N] (+)= A[M,K]·B[K,N] on row-major f32, in 4×8 register tiles (eight f32x4 accumulators),
 * then per row 16-wide, 4-wide and scalar tails. The transposed-A variant reads A through strides; the
 * transposed-B variant transposes B (a weight, small) while copying it into wasm memory.
 */

function unsigned(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}

function signed(value: number): number[] {
  const bytes: number[] = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    if ((value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0)) {
      bytes.push(byte);
      return bytes;
    }
    bytes.push(byte | 0x80);
  }
}

const section = (id: number, body: number[]) => [id, ...unsigned(body.length), ...body];
const vector = (items: number[][]) => [...unsigned(items.length), ...items.flat()];
const name = (text: string) => [...unsigned(text.length), ...Buffer.from(text, 'utf8')];

// Parameters of `matmul(a, b, c, M, K, N, accumulate, aRowStride, aInnerStride)` (strides in bytes: element
// (m, k) of A is at a + m·aRowStride + k·aInnerStride, so a row-major A and a transposed one share the code).
const [A, B, C, M, K, N, ACCUMULATE, AROWSTRIDE, AINNERSTRIDE] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const [ROW, COLUMN, INNER, APOINTER, BPOINTER, CROW, BSTRIDE, AROW, SAVED, KSTRIDE1, KSTRIDE2, KSTRIDE3] = [
  9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
];
const SUM = 21;
const [ACC0, ACC1, ACC2, ACC3, ACC4, ACC5, ACC6, ACC7, SPLAT, PANEL0, PANEL1] = [
  22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32,
];

const get = (local: number) => [0x20, ...unsigned(local)];
const set = (local: number) => [0x21, ...unsigned(local)];
const i32 = (value: number) => [0x41, ...signed(value)];
const add = [0x6a];
const mul = [0x6c];
const greaterOrEqual = [0x4e];
const greater = [0x4a];
const simd = (opcode: number) => [0xfd, ...unsigned(opcode)];
const v128Load = (offset: number) => [...simd(0x00), 2, ...unsigned(offset)];
const v128Store = (offset: number) => [...simd(0x0b), 2, ...unsigned(offset)];
const v128Zero = [...simd(0x0c), ...new Array(16).fill(0)];
const f32x4Splat = simd(0x13);
const f32x4Add = simd(0xe4);
const f32x4Mul = simd(0xe6);
const f32Load = [0x2a, 2, 0];
const f32Store = [0x38, 2, 0];
const increment = (local: number, by: number[]) => [...get(local), ...by, ...add, ...set(local)];
/** block { loop { if (condition) break; body; continue } } */
const whileNot = (exitCondition: number[], body: number[]) => [
  0x02,
  0x40,
  0x03,
  0x40,
  ...exitCondition,
  0x0d,
  1,
  ...body,
  0x0c,
  0,
  0x0b,
  0x0b,
];

/** One panel of `width` columns (16 or 4) accumulated over k, for the current row. */
function panel(accumulators: number[]): number[] {
  const width = accumulators.length * 4;
  const address = [...get(CROW), ...get(COLUMN), ...i32(4), ...mul, ...add];
  const initialise = [
    ...get(ACCUMULATE),
    0x04,
    0x40,
    ...accumulators.flatMap((accumulator, index) => [...address, ...v128Load(16 * index), ...set(accumulator)]),
    0x05,
    ...accumulators.flatMap((accumulator) => [...v128Zero, ...set(accumulator)]),
    0x0b,
  ];
  const inner = [
    ...get(APOINTER),
    ...f32Load,
    ...f32x4Splat,
    ...set(SPLAT),
    ...accumulators.flatMap((accumulator, index) => [
      ...get(accumulator),
      ...get(SPLAT),
      ...get(BPOINTER),
      ...v128Load(16 * index),
      ...f32x4Mul,
      ...f32x4Add,
      ...set(accumulator),
    ]),
    ...increment(APOINTER, get(AINNERSTRIDE)),
    ...increment(BPOINTER, get(BSTRIDE)),
    ...increment(INNER, i32(1)),
  ];
  return whileNot(
    [...get(COLUMN), ...i32(width), ...add, ...get(N), ...greater],
    [
      ...initialise,
      ...i32(0),
      ...set(INNER),
      ...get(AROW),
      ...set(APOINTER),
      ...get(B),
      ...get(COLUMN),
      ...i32(4),
      ...mul,
      ...add,
      ...set(BPOINTER),
      ...whileNot([...get(INNER), ...get(K), ...greaterOrEqual], inner),
      ...accumulators.flatMap((accumulator, index) => [...address, ...get(accumulator), ...v128Store(16 * index)]),
      ...increment(COLUMN, i32(width)),
    ],
  );
}

function scalarTail(): number[] {
  const address = [...get(CROW), ...get(COLUMN), ...i32(4), ...mul, ...add];
  return whileNot(
    [...get(COLUMN), ...get(N), ...greaterOrEqual],
    [
      ...get(ACCUMULATE),
      0x04,
      0x7d,
      ...address,
      ...f32Load,
      0x05,
      0x43,
      0,
      0,
      0,
      0,
      0x0b,
      ...set(SUM),
      ...i32(0),
      ...set(INNER),
      ...get(AROW),
      ...set(APOINTER),
      ...get(B),
      ...get(COLUMN),
      ...i32(4),
      ...mul,
      ...add,
      ...set(BPOINTER),
      ...whileNot(
        [...get(INNER), ...get(K), ...greaterOrEqual],
        [
          ...get(SUM),
          ...get(APOINTER),
          ...f32Load,
          ...get(BPOINTER),
          ...f32Load,
          0x94,
          0x92,
          ...set(SUM),
          ...increment(APOINTER, get(AINNERSTRIDE)),
          ...increment(BPOINTER, get(BSTRIDE)),
          ...increment(INNER, i32(1)),
        ],
      ),
      ...address,
      ...get(SUM),
      ...f32Store,
      ...increment(COLUMN, i32(1)),
    ],
  );
}

/** The single-row path from the current COLUMN to N for the row at AROW/CROW: 16-wide, 4-wide, scalar. */
const rowPath = () => [...panel([ACC0, ACC1, ACC2, ACC3]), ...panel([ACC0]), ...scalarTail()];

/**
 * 4 rows × 8 columns per step: 8 f32x4 accumulators; each k loads two vectors of B once and reuses them
 * for four rows (4× less B traffic than the single-row path). Rows start at ROW, columns at COLUMN.
 */
function blockFourByEight(): number[] {
  const accumulators = [
    [ACC0, ACC1],
    [ACC2, ACC3],
    [ACC4, ACC5],
    [ACC6, ACC7],
  ];
  const rowOffset = (row: number) => (row === 0 ? [] : [...get([0, KSTRIDE1, KSTRIDE2, KSTRIDE3][row]!), ...add]);
  const outAddress = (row: number) => [
    ...get(CROW),
    ...get(COLUMN),
    ...i32(4),
    ...mul,
    ...add,
    ...(row === 0 ? [] : [...get(BSTRIDE), ...i32(row), ...mul, ...add]),
  ];
  const initialise = [
    ...get(ACCUMULATE),
    0x04,
    0x40,
    ...accumulators.flatMap((pair, row) =>
      pair.flatMap((accumulator, half) => [...outAddress(row), ...v128Load(16 * half), ...set(accumulator)]),
    ),
    0x05,
    ...accumulators.flat().flatMap((accumulator) => [...v128Zero, ...set(accumulator)]),
    0x0b,
  ];
  const inner = [
    ...get(BPOINTER),
    ...v128Load(0),
    ...set(PANEL0),
    ...get(BPOINTER),
    ...v128Load(16),
    ...set(PANEL1),
    ...accumulators.flatMap((pair, row) => [
      ...get(APOINTER),
      ...rowOffset(row),
      ...f32Load,
      ...f32x4Splat,
      ...set(SPLAT),
      ...get(pair[0]!),
      ...get(SPLAT),
      ...get(PANEL0),
      ...f32x4Mul,
      ...f32x4Add,
      ...set(pair[0]!),
      ...get(pair[1]!),
      ...get(SPLAT),
      ...get(PANEL1),
      ...f32x4Mul,
      ...f32x4Add,
      ...set(pair[1]!),
    ]),
    ...increment(APOINTER, get(AINNERSTRIDE)),
    ...increment(BPOINTER, get(BSTRIDE)),
    ...increment(INNER, i32(1)),
  ];
  return whileNot(
    [...get(COLUMN), ...i32(8), ...add, ...get(N), ...greater],
    [
      ...initialise,
      ...i32(0),
      ...set(INNER),
      ...get(AROW),
      ...set(APOINTER),
      ...get(B),
      ...get(COLUMN),
      ...i32(4),
      ...mul,
      ...add,
      ...set(BPOINTER),
      ...whileNot([...get(INNER), ...get(K), ...greaterOrEqual], inner),
      ...accumulators.flatMap((pair, row) =>
        pair.flatMap((accumulator, half) => [...outAddress(row), ...get(accumulator), ...v128Store(16 * half)]),
      ),
      ...increment(COLUMN, i32(8)),
    ],
  );
}

/** Points AROW and CROW at row ROW + offset. */
const selectRow = (offset: number) => [
  ...get(A),
  ...get(ROW),
  ...i32(offset),
  ...add,
  ...get(AROWSTRIDE),
  ...mul,
  ...add,
  ...set(AROW),
  ...get(C),
  ...get(ROW),
  ...i32(offset),
  ...add,
  ...get(N),
  ...mul,
  ...i32(4),
  ...mul,
  ...add,
  ...set(CROW),
];

function moduleBytes(initialPages: number): Uint8Array {
  const code = [
    ...get(N),
    ...i32(4),
    ...mul,
    ...set(BSTRIDE),
    ...get(AROWSTRIDE),
    ...set(KSTRIDE1),
    ...get(AROWSTRIDE),
    ...i32(2),
    ...mul,
    ...set(KSTRIDE2),
    ...get(AROWSTRIDE),
    ...i32(3),
    ...mul,
    ...set(KSTRIDE3),
    ...i32(0),
    ...set(ROW),
    // Blocks of four rows: 4×8 tiles, then each of the four rows finishes its columns alone.
    ...whileNot(
      [...get(ROW), ...i32(4), ...add, ...get(M), ...greater],
      [
        ...selectRow(0),
        ...i32(0),
        ...set(COLUMN),
        ...blockFourByEight(),
        ...get(COLUMN),
        ...set(SAVED),
        ...[0, 1, 2, 3].flatMap((offset) => [...selectRow(offset), ...get(SAVED), ...set(COLUMN), ...rowPath()]),
        ...increment(ROW, i32(4)),
      ],
    ),
    // Leftover rows, one at a time.
    ...whileNot(
      [...get(ROW), ...get(M), ...greaterOrEqual],
      [...selectRow(0), ...i32(0), ...set(COLUMN), ...rowPath(), ...increment(ROW, i32(1))],
    ),
    0x0b,
  ];
  const locals = vector([
    [...unsigned(12), 0x7f],
    [...unsigned(1), 0x7d],
    [...unsigned(11), 0x7b],
  ]);
  const body = [...locals, ...code];
  return Uint8Array.from([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, vector([[0x60, ...vector(new Array(9).fill([0x7f])), 0x00]])),
    ...section(3, vector([[0]])),
    ...section(5, vector([[0x00, ...unsigned(initialPages)]])),
    ...section(
      7,
      vector([
        [...name('matmul'), 0x00, 0],
        [...name('memory'), 0x02, 0],
      ]),
    ),
    ...section(10, vector([[...unsigned(body.length), ...body]])),
  ]);
}

/** The slice of the WebAssembly API used here (the project's TypeScript lib has no DOM/WebAssembly types). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: Record<string, unknown> };
}

/** Builds the SIMD kernels, or returns null where the runtime lacks WebAssembly SIMD. */
export function createWasmKernels(): MatrixKernels | null {
  const api = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
  if (!api) return null;
  let instance: { exports: Record<string, unknown> };
  try {
    instance = new api.Instance(new api.Module(moduleBytes(16)));
  } catch {
    return null;
  }
  const memory = instance.exports.memory as WasmMemory;
  const product = instance.exports.matmul as (
    a: number,
    b: number,
    c: number,
    m: number,
    k: number,
    n: number,
    accumulate: number,
    aRowStride: number,
    aInnerStride: number,
  ) => void;
  let heap = new Float32Array(memory.buffer);
  /** Float offsets of A, B, C inside wasm memory for a product of this shape (grows memory as needed). */
  const reserve = (rows: number, inner: number, columns: number) => {
    const needed = (rows * inner + inner * columns + rows * columns) * 4;
    if (needed > memory.buffer.byteLength) {
      memory.grow(Math.ceil((needed - memory.buffer.byteLength) / 65536));
      heap = new Float32Array(memory.buffer);
    }
    return [0, rows * inner, rows * inner + inner * columns] as const;
  };
  const run = (
    rows: number,
    inner: number,
    columns: number,
    out: Float32Array,
    mode: OutputMode,
    offsetC: number,
    offsetA: number,
    offsetB: number,
    transposedA = false,
  ) => {
    const accumulate = mode === 'accumulate';
    if (accumulate) heap.set(out.subarray(0, rows * columns), offsetC);
    const [rowStride, innerStride] = transposedA ? [4, rows * 4] : [inner * 4, 4];
    product(offsetA * 4, offsetB * 4, offsetC * 4, rows, inner, columns, accumulate ? 1 : 0, rowStride, innerStride);
    out.set(heap.subarray(offsetC, offsetC + rows * columns));
  };
  return {
    matmul(a, b, out, rows, inner, columns, mode) {
      const [offsetA, offsetB, offsetC] = reserve(rows, inner, columns);
      heap.set(a.subarray(0, rows * inner), offsetA);
      heap.set(b.subarray(0, inner * columns), offsetB);
      run(rows, inner, columns, out, mode, offsetC, offsetA, offsetB);
    },
    matmulTransposedB(a, b, out, rows, inner, columns, mode) {
      const [offsetA, offsetB, offsetC] = reserve(rows, inner, columns);
      heap.set(a.subarray(0, rows * inner), offsetA);
      // b is [columns, inner]; write bᵀ [inner, columns].
      for (let column = 0; column < columns; column++) {
        const source = column * inner;
        for (let k = 0; k < inner; k++) heap[offsetB + k * columns + column] = b[source + k]!;
      }
      run(rows, inner, columns, out, mode, offsetC, offsetA, offsetB);
    },
    matmulTransposedA(a, b, out, rows, inner, columns, mode) {
      const [offsetA, offsetB, offsetC] = reserve(rows, inner, columns);
      // a is [inner, rows]: the kernel reads it through strides, no transpose.
      heap.set(a.subarray(0, rows * inner), offsetA);
      heap.set(b.subarray(0, inner * columns), offsetB);
      run(rows, inner, columns, out, mode, offsetC, offsetA, offsetB, true);
    },
  };
}
