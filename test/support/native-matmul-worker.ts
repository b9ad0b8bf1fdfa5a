// A worker thread that runs many native matrix products and checks each against the plain-JavaScript
// reference; it posts the number of mismatches (0 expected) back to its parent.
import { parentPort, workerData } from 'node:worker_threads';
import { loadNativeBackend } from '../../src/models/backend-native.ts';
import { javascriptKernels } from '../../src/models/kernels-js.ts';

const native = loadNativeBackend();
const { rounds, seed } = workerData as { rounds: number; seed: number };
let mismatches = 0;
if (native.ok) {
  for (let round = 0; round < rounds; round++) {
    const rows = 8 + ((round * 7 + seed) % 40);
    const inner = 16 + ((round * 5) % 48);
    const columns = 8 + ((round * 11 + seed) % 56);
    const a = Float32Array.from({ length: rows * inner }, (_, index) => Math.sin(index + round + seed));
    const b = Float32Array.from({ length: inner * columns }, (_, index) => Math.cos(index * 0.7 + round));
    const expected = new Float32Array(rows * columns);
    const actual = new Float32Array(rows * columns);
    javascriptKernels.matmul(a, b, expected, rows, inner, columns, 'overwrite');
    native.kernels.matmul(a, b, actual, rows, inner, columns, 'overwrite');
    if (expected.some((value, index) => Math.abs(value - actual[index]!) > 1e-3 * (1 + Math.abs(value)))) mismatches++;
  }
}
parentPort?.postMessage(mismatches);
