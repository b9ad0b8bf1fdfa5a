import { describe, expect, it } from 'vitest';
import { native, nativeBuilds, onNativeBuild } from '../../test/support/native-builds.ts';
import { Random } from '../util/random.ts';
import { pointerScores, pointerScoresBackward } from './pointer-scores.ts';

const draw = (random: Random, length: number, spread = 2) =>
  Float32Array.from({ length }, () => (random.next() - 0.5) * spread);

/** The bytes of float arrays, for exact comparison (signed zeros and NaN payloads included). */
const bytes = (...arrays: Float32Array[]) => arrays.map((array) => Buffer.from(array.buffer).toString('hex')).join(',');

/** One row's case: its queries, keys and upstream gradients, with zeros, a −0 and a skipped ∞ among them. */
function rowCase(random: Random, width: number, from: number, count: number) {
  const rows = 3;
  const queries = draw(random, rows * width);
  const keys = draw(random, (from + count + 2) * width);
  const dScores = draw(random, count + 5, 0.2);
  const dQueries = draw(random, rows * width, 0.01);
  const dKeys = draw(random, keys.length, 0.01);
  if (count > 2) {
    dScores[5 + 1] = 0; // a position skipped ...
    keys.fill(Infinity, (from + 1) * width, (from + 2) * width); // ... whose key would make NaN if it were added
    dQueries[width] = -0;
  }
  return { queries, keys, dScores, dQueries, dKeys, scale: 1 / Math.sqrt(width) };
}

const title = native.ok ? 'native pointer scores' : `native pointer scores (skipped: ${native.reason})`;
describe.skipIf(!native.ok)(title, () => {
  if (!native.ok) return;
  const { kernels } = native;
  for (const build of nativeBuilds) {
    it(`give the JavaScript definition's bits, forward and backward, on the ${build} build`, () => {
      const random = new Random(11);
      onNativeBuild(build, () => {
        for (const width of [1, 7, 16, 24, 33])
          for (const [from, count] of [
            [0, 0],
            [0, 1],
            [2, 3],
            [1, 4],
            [5, 9],
            [0, 37],
            [3, 130],
          ] as const) {
            const { queries, keys, dScores, dQueries, dKeys, scale } = rowCase(random, width, from, count);
            const expectedWeights = new Float32Array(count + 7);
            const actualWeights = new Float32Array(count + 7);
            const expectedHighest = pointerScores(queries, 1, keys, from, count, width, scale, expectedWeights, 7);
            const actualHighest = kernels.pointerScores(queries, 1, keys, from, count, width, scale, actualWeights, 7);
            const where = `width ${width}, from ${from}, count ${count}`;
            expect(Object.is(actualHighest, expectedHighest), where).toBe(true);
            expect(bytes(actualWeights), where).toBe(bytes(expectedWeights));
            const [expectedQueries, actualQueries] = [new Float32Array(dQueries), new Float32Array(dQueries)];
            const [expectedKeys, actualKeys] = [new Float32Array(dKeys), new Float32Array(dKeys)];
            const backward = [dScores, 5, count, scale, queries, 1, keys, from, width] as const;
            pointerScoresBackward(...backward, expectedQueries, expectedKeys);
            kernels.pointerScoresBackward(...backward, actualQueries, actualKeys);
            expect(bytes(actualQueries, actualKeys), where).toBe(bytes(expectedQueries, expectedKeys));
            if (count > 2) expect(Object.is(actualQueries[width], -0) || actualQueries[width] !== 0, where).toBe(true);
          }
      });
    });
  }

  it('answers −∞ for no positions, and refuses rows the arrays do not hold with a one-line error', () => {
    const queries = new Float32Array(8);
    const keys = new Float32Array(16);
    const weights = new Float32Array(4);
    expect(kernels.pointerScores(queries, 0, keys, 0, 0, 4, 0.5, weights, 0)).toBe(-Infinity);
    expect(() => kernels.pointerScores(queries, 2, keys, 0, 1, 4, 0.5, weights, 0)).toThrow(/argument 0 holds 8/);
    expect(() => kernels.pointerScores(queries, 0, keys, 2, 3, 4, 0.5, weights, 0)).toThrow(/argument 2 holds 16/);
    expect(() => kernels.pointerScores(queries, 0, keys, 0, 4, 4, 0.5, weights, 1)).toThrow(/argument 7 holds 4/);
    expect(() => kernels.pointerScoresBackward(weights, 0, 4, 0.5, queries, 0, keys, 1, 4, queries, keys)).toThrow(
      /argument 6 holds 16/,
    );
    expect(() => kernels.pointerScores(queries, -1, keys, 0, 1, 4, 0.5, weights, 0)).toThrow(/not a size/);
  });
});
