import { describe, expect, it } from 'vitest';
import { native, nativeBuilds, onNativeBuild } from '../../test/support/native-builds.ts';
import { Random } from '../util/random.ts';
import { copyGeneratorBackward, rowEntropy } from './copy-head-rows.ts';

/** Rows of log-probabilities as the copy head meets them, a −∞, a 0 and a −0 among them, at an offset. */
function logRows(random: Random, vocab: number, rows: number): Float32Array {
  const values = Float32Array.from({ length: rows * vocab + 3 }, () => -18 * random.next() ** 2);
  values[3 + 17] = -Infinity;
  values[3 + vocab] = 0;
  values[3 + vocab + 1] = -0;
  return values;
}

const bytes = (array: Float32Array) => Buffer.from(array.buffer).toString('hex');

const title = native.ok ? 'native copy-head rows' : `native copy-head rows (skipped: ${native.reason})`;
describe.skipIf(!native.ok)(title, () => {
  if (!native.ok) return;
  const { kernels } = native;
  for (const build of nativeBuilds) {
    it(`give the JavaScript definitions' bits on the ${build} build`, () => {
      const random = new Random(13);
      onNativeBuild(build, () => {
        for (const vocab of [1, 9, 520, 531]) {
          const generator = logRows(random, vocab, 2);
          const final = logRows(random, vocab, 2);
          for (const rowAt of [3, 3 + vocab]) {
            expect(Object.is(kernels.rowEntropy(final, rowAt, vocab), rowEntropy(final, rowAt, vocab))).toBe(true);
            for (const [gradEntropy, target, targetGradient, keep] of [
              [0, -1, 0, 0.7],
              [0, 0, -0.25, 0.7],
              [0.01, -1, 0, 0.3],
              [-0.02, vocab - 1, 0.8, 1],
              [0.05, vocab + 4, 0.8, 0], // a target outside the row matches no token
            ] as const) {
              const expected = Float32Array.from({ length: final.length }, () => random.next());
              const actual = new Float32Array(expected);
              const args = [rowAt, vocab, keep, gradEntropy, target, targetGradient] as const;
              const expectedDot = copyGeneratorBackward(generator, final, ...args, expected);
              const actualDot = kernels.copyGeneratorBackward(generator, final, ...args, actual);
              const where = `vocab ${vocab}, row at ${rowAt}, gradEntropy ${gradEntropy}, target ${target}`;
              expect(Object.is(actualDot, expectedDot), where).toBe(true);
              expect(bytes(actual), where).toBe(bytes(expected));
            }
          }
        }
      });
    });
  }

  it('refuses rows the arrays do not hold with a one-line error', () => {
    const row = new Float32Array(10);
    expect(() => kernels.rowEntropy(row, 4, 8)).toThrow(/argument 0 holds 10 elements, 12 needed/);
    expect(() => kernels.copyGeneratorBackward(row, row, 0, 10, 1, 0, -1, 0, new Float32Array(9))).toThrow(
      /argument 8 holds 9/,
    );
  });
});
