import { describe, expect, it } from 'vitest';
import { Random } from '../util/random.ts';
import { drawToken } from './sampling.ts';

describe('drawToken with an allowed mask', () => {
  const logProbabilities = Float32Array.from([Math.log(0.7), Math.log(0.2), Math.log(0.1)]);
  it('greedy picks the most likely allowed token', () => {
    expect(drawToken(logProbabilities, 0, 3, { temperature: 0, topP: 1 }, new Random(1))).toBe(0);
    expect(drawToken(logProbabilities, 0, 3, { temperature: 0, topP: 1 }, new Random(1), Uint8Array.of(0, 1, 1))).toBe(
      1,
    );
  });
  it('samples in proportion among allowed tokens only, and unmasked draws are unchanged', () => {
    const random = new Random(2);
    const counts = [0, 0, 0];
    for (let draw = 0; draw < 4000; draw++)
      counts[drawToken(logProbabilities, 0, 3, { temperature: 1, topP: 1 }, random, Uint8Array.of(0, 1, 1))]! += 1;
    expect(counts[0]).toBe(0);
    expect(counts[1]! / 4000).toBeCloseTo(2 / 3, 1);
    const plain = (mask: Uint8Array | null) =>
      Array.from({ length: 50 }, (_, index) =>
        drawToken(logProbabilities, 0, 3, { temperature: 1, topP: 0.9 }, new Random(index), mask),
      );
    expect(plain(null)).toEqual(plain(Uint8Array.of(1, 1, 1)));
  });
});
