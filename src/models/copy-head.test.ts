import { describe, expect, it } from 'vitest';
import { Random } from '../util/random.ts';
import { copyAttentionRow, copyAttentionRowReference, mixCopyRow } from './copy-head.ts';
import { rowEntropy } from './copy-head-rows.ts';
import { kernels } from './kernels.ts';

/** The mixture written out plainly in float64: (1 − σ(u))·softmax(z) + σ(u)·Σ_{x_j = w} a_j. */
function referenceMixture(logits: number[], gateLogit: number, weights: number[], tokens: number[]): number[] {
  const highest = Math.max(...logits);
  const exps = logits.map((value) => Math.exp(value - highest));
  const total = exps.reduce((sum, value) => sum + value, 0);
  const gate = 1 / (1 + Math.exp(-gateLogit));
  const mixture = exps.map((value) => (1 - gate) * (value / total));
  tokens.forEach((token, position) => {
    mixture[token] = mixture[token]! + gate * weights[position]!;
  });
  return mixture;
}

describe('copy head mixture', () => {
  it('equals the plain mixture, sums to one and has its entropy', () => {
    const random = new Random(2);
    const vocab = 9;
    for (const gateLogit of [-3, 0, 0.7, 4]) {
      const logits = Array.from({ length: vocab }, () => 2 * random.normal());
      const tokens = [3, 5, 3, 0, 8];
      const width = 4;
      const queries = Float32Array.from({ length: width }, () => random.normal());
      const keys = Float32Array.from({ length: tokens.length * width }, () => random.normal());
      const weights = new Float32Array(tokens.length);
      copyAttentionRow(queries, 0, keys, 0, tokens.length, width, weights, 0);
      expect(weights.reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 6);
      const highest = Math.max(...logits);
      const logTotal = Math.log(logits.reduce((sum, value) => sum + Math.exp(value - highest), 0)) + highest;
      const row = Float32Array.from(logits, (value) => value - logTotal);
      mixCopyRow(row, 0, vocab, gateLogit, { weights, at: 0, tokens, from: 0, count: tokens.length });
      const expected = referenceMixture(logits, gateLogit, [...weights], tokens);
      row.forEach((log, token) => {
        expect(Math.exp(log)).toBeCloseTo(expected[token]!, 6);
      });
      expect(expected.reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 6);
      const entropy = -expected.reduce((sum, value) => sum + value * Math.log(value), 0);
      expect(kernels.rowEntropy(row, 0, vocab)).toBeCloseTo(entropy, 5);
    }
  });

  it("gives rowEntropy's plain reference bit for bit, rows with −∞ and an offset included", () => {
    const random = new Random(4);
    const vocab = 531;
    const rows = Float32Array.from({ length: 3 * vocab + 5 }, () => -20 * random.next() ** 2);
    rows[5 + vocab + 17] = -Infinity;
    rows[5 + 2 * vocab] = 0;
    for (const rowAt of [5, 5 + vocab, 5 + 2 * vocab])
      expect(Object.is(kernels.rowEntropy(rows, rowAt, vocab), rowEntropy(rows, rowAt, vocab))).toBe(true);
  });

  it("gives copyAttentionRow's plain reference bit for bit at every pointer length", () => {
    const random = new Random(5);
    const width = 16;
    const keys = Float32Array.from({ length: 200 * width }, () => 3 * random.normal());
    const queries = Float32Array.from({ length: 3 * width }, () => 3 * random.normal());
    for (const [row, from, count] of [
      [0, 0, 1],
      [1, 7, 15],
      [2, 3, 16],
      [0, 20, 37],
      [1, 0, 200],
    ] as const) {
      const fast = new Float32Array(count + 9);
      const plain = new Float32Array(count + 9);
      copyAttentionRow(queries, row, keys, from, count, width, fast, 9);
      copyAttentionRowReference(queries, row, keys, from, count, width, plain, 9);
      expect([...fast]).toEqual([...plain]);
    }
  });

  it('writes a token the generator finds unlikely when the gate is open and the pointer finds it', () => {
    const vocab = 6;
    const logits = [8, 0, 0, -30, 0, 0];
    const logTotal = Math.log(logits.reduce((sum, value) => sum + Math.exp(value), 0));
    const row = Float32Array.from(logits, (value) => value - logTotal);
    // Keys: position 1 (token 3) matches the query strongly.
    const queries = Float32Array.from([4, 0]);
    const keys = Float32Array.from([0, 1, 4, 0, 0, -1]);
    const weights = new Float32Array(3);
    copyAttentionRow(queries, 0, keys, 0, 3, 2, weights, 0);
    mixCopyRow(row, 0, vocab, 5, { weights, at: 0, tokens: [1, 3, 2], from: 0, count: 3 });
    expect(Math.exp(row[3]!)).toBeGreaterThan(0.95);
    expect(Number.isFinite(row[3]!)).toBe(true);
  });
});
