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
  it('explores the grammar: a share of draws is uniform among allowed tokens, none without a mask or when greedy', () => {
    // Token 3 is allowed but the model gives it about e^-20 of the mass: only exploration reaches it.
    const skewed = Float32Array.from([Math.log(0.9), Math.log(0.1), -30, -30]);
    const mask = Uint8Array.of(1, 1, 1, 0);
    const random = new Random(3);
    const counts = [0, 0, 0, 0];
    const draws = 20_000;
    for (let draw = 0; draw < draws; draw++)
      counts[drawToken(skewed, 0, 4, { temperature: 1, topP: 1, explore: 0.3 }, random, mask)]! += 1;
    expect(counts[3]).toBe(0);
    // Mixture 0.7·model + 0.3·uniform over 3 allowed tokens.
    expect(counts[2]! / draws).toBeCloseTo(0.1, 1.5);
    expect(counts[0]! / draws).toBeCloseTo(0.7 * 0.9 + 0.1, 1.5);
    const sequence = (options: { temperature: number; topP: number; explore?: number }, allowed: Uint8Array | null) =>
      Array.from({ length: 50 }, (_, index) => drawToken(skewed, 0, 4, options, new Random(index), allowed));
    expect(sequence({ temperature: 1, topP: 1, explore: 0 }, mask)).toEqual(
      sequence({ temperature: 1, topP: 1 }, mask),
    );
    expect(sequence({ temperature: 1, topP: 1, explore: 0.3 }, null)).toEqual(
      sequence({ temperature: 1, topP: 1 }, null),
    );
    expect(sequence({ temperature: 0, topP: 1, explore: 0.9 }, mask)).toEqual(Array(50).fill(0));
  });
});
