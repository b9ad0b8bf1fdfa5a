import { describe, expect, it } from 'vitest';
import { Random } from '../util/random.ts';
import { drawToken, drawTokenReference } from './sampling.ts';

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

describe('drawToken against its plain reference', () => {
  it('draws the same tokens from the same random streams, with and without masks, at every setting', () => {
    const vocab = 97;
    const source = new Random(11);
    const rows = 40;
    const logProbabilities = new Float32Array(rows * vocab);
    for (let index = 0; index < logProbabilities.length; index++)
      logProbabilities[index] = source.next() < 0.1 ? -Infinity : -20 * source.next() ** 2;
    const masks = [
      null,
      Uint8Array.from({ length: vocab }, () => (source.next() < 0.3 ? 1 : 0)),
      Uint8Array.from({ length: vocab }, (_, token) => (token === 5 ? 1 : 0)),
    ];
    const settings = [
      { temperature: 1, topP: 1 },
      { temperature: 0.7, topP: 1 },
      { temperature: 1.3, topP: 0.9 },
      { temperature: 0, topP: 1 },
      { temperature: 1, topP: 1, explore: 0.2 },
    ];
    for (const options of settings)
      for (const mask of masks) {
        const fast = new Random(5);
        const plain = new Random(5);
        for (let draw = 0; draw < 400; draw++) {
          const offset = (draw % rows) * vocab;
          expect(drawToken(logProbabilities, offset, vocab, options, fast, mask)).toBe(
            drawTokenReference(logProbabilities, offset, vocab, options, plain, mask),
          );
        }
        expect(fast.next()).toBe(plain.next());
      }
  });
});
