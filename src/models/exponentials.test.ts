import { describe, expect, it } from 'vitest';
import { native, nativeBuilds, onNativeBuild } from '../../test/support/native-builds.ts';
import { Random } from '../util/random.ts';
import { exponentials } from './elementwise.ts';

/** Float32 arguments over every regime of the algorithm: log-probabilities, wide, tiny, and its boundaries. */
function argumentsOfEveryKind(random: Random, count: number): Float32Array {
  const special = [
    0,
    -0,
    1,
    -1,
    Infinity,
    -Infinity,
    Number.NaN,
    0.5 * Math.LN2,
    -0.5 * Math.LN2,
    1.5 * Math.LN2,
    -1.5 * Math.LN2,
    708,
    -708,
    709.78,
    -709.78,
    710,
    -745.13,
    -745.14,
    -800,
    2 ** -28,
    -(2 ** -28),
    2 ** -30,
    88,
    -103,
  ];
  const values = new Float32Array(count);
  for (let index = 0; index < count; index++) {
    const kind = index % 5;
    if (index < special.length) values[index] = special[index]!;
    else if (kind === 0) values[index] = -30 * random.next();
    else if (kind === 1) values[index] = -5 * random.next();
    else if (kind === 2) values[index] = 1500 * (random.next() - 0.5);
    else if (kind === 3) values[index] = (random.next() - 0.5) * 2 ** -Math.floor(60 * random.next());
    else values[index] = 4 * (random.next() - 0.5);
  }
  // Shuffle the specials in, so that they meet every lane and every block position.
  for (let index = count - 1; index > 0; index--) {
    const other = Math.floor(random.next() * (index + 1));
    [values[index], values[other]] = [values[other]!, values[index]!];
  }
  return values;
}

/** Whether two double arrays hold the same bits (every NaN counted equal: JavaScript has one). */
function sameDoubles(expected: Float64Array, actual: Float64Array): number {
  let differing = 0;
  const left = new BigUint64Array(expected.buffer, expected.byteOffset, expected.length);
  const right = new BigUint64Array(actual.buffer, actual.byteOffset, actual.length);
  for (let index = 0; index < expected.length; index++)
    if (left[index] !== right[index] && !(Number.isNaN(expected[index]) && Number.isNaN(actual[index]))) differing += 1;
  return differing;
}

const title = native.ok ? 'native exponentials' : `native exponentials (skipped: ${native.reason})`;
describe.skipIf(!native.ok)(title, () => {
  if (!native.ok) return;
  const { kernels } = native;
  for (const build of nativeBuilds) {
    it(`give Math.exp's bits and the loop's sum on the ${build} build`, () => {
      const random = new Random(7);
      onNativeBuild(build, () => {
        const source = argumentsOfEveryKind(random, 60_013);
        for (const [shift, divisor] of [
          [0, 1],
          [0.75, 1],
          [-3.25, 0.7],
          [1e-3, 1.3],
        ] as const) {
          for (const [offset, count] of [
            [0, source.length],
            [5, 1_000],
            [17, 15],
            [3, 1],
            [0, 0],
          ] as const) {
            const mask = count > 1 ? Uint8Array.from({ length: count }, (_, index) => (index % 7 === 3 ? 0 : 1)) : null;
            for (const withMask of mask ? [null, mask] : [null]) {
              const expected = new Float64Array(count);
              const actual = new Float64Array(count);
              const expectedTotal = exponentials(source, offset, count, shift, divisor, withMask, expected);
              const actualTotal = kernels.exponentials(source, offset, count, shift, divisor, withMask, actual);
              expect(sameDoubles(expected, actual), `shift ${shift}, divisor ${divisor}, offset ${offset}`).toBe(0);
              expect(
                Object.is(actualTotal, expectedTotal) || (Number.isNaN(actualTotal) && Number.isNaN(expectedTotal)),
              ).toBe(true);
            }
          }
        }
      });
    });
  }

  it('holds a row of log-probabilities, as sampling meets it, to Math.exp', () => {
    const random = new Random(8);
    const vocab = 517;
    const row = Float32Array.from({ length: vocab }, () => -12 * random.next() ** 2);
    row[200] = 0;
    const expected = new Float64Array(vocab);
    const actual = new Float64Array(vocab);
    expect(kernels.exponentials(row, 0, vocab, 0, 1, null, actual)).toBe(
      exponentials(row, 0, vocab, 0, 1, null, expected),
    );
    expect(sameDoubles(expected, actual)).toBe(0);
    expect(actual[200]).toBe(1);
  });

  it('refuses arrays of the wrong type or length with a one-line error', () => {
    const source = new Float32Array(8);
    expect(() => kernels.exponentials(source, 4, 8, 0, 1, null, new Float64Array(8))).toThrow(/holds 8/);
    expect(() =>
      kernels.exponentials(source, 0, 8, 0, 1, null, new Float32Array(8) as unknown as Float64Array),
    ).toThrow(/wrong element type/);
    expect(() => kernels.exponentials(source, 0, 8, 0, 1, new Uint8Array(2), new Float64Array(8))).toThrow(/holds 2/);
  });
});
