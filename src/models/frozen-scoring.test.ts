import { describe, expect, it } from 'vitest';
import { Random } from '../util/random.ts';
import { frozenScoringPlan } from './frozen-scoring.ts';

/** Padded rows of a part: its count times its longest (a sequence counts at least one row). */
const padded = (rows: readonly number[], part: readonly number[]) =>
  part.length * Math.max(0, ...part.map((index) => Math.max(1, rows[index]!)));

describe('frozenScoringPlan', () => {
  it('takes every sequence once, shortest first, in batches within the budget', () => {
    const random = new Random(3);
    const rows = Array.from({ length: 200 }, () => random.int(0, 300));
    const plan = frozenScoringPlan(rows, 2048);
    const order = plan.flatMap((batch) => [...batch.first, ...batch.second]);
    expect([...order].sort((a, b) => a - b)).toEqual(rows.map((_, index) => index));
    const lengths = order.map((index) => Math.max(1, rows[index]!));
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    for (const batch of plan) {
      const all = [...batch.first, ...batch.second];
      expect(padded(rows, all)).toBeLessThanOrEqual(2048);
    }
    expect(plan.length).toBeLessThan(200 / 4);
  });

  it('splits each batch where the larger part pads least', () => {
    const random = new Random(8);
    const rows = Array.from({ length: 60 }, () => random.int(1, 120));
    for (const batch of frozenScoringPlan(rows, 1024)) {
      const all = [...batch.first, ...batch.second];
      const best = Math.min(
        ...all.map((_, split) => Math.max(padded(rows, all.slice(0, split + 1)), padded(rows, all.slice(split + 1)))),
      );
      expect(Math.max(padded(rows, batch.first), padded(rows, batch.second))).toBe(best);
      expect(batch.first.length).toBeGreaterThan(0);
    }
  });

  it('gives a sequence longer than the budget a batch of its own, and no batch for no sequence', () => {
    expect(frozenScoringPlan([], 100)).toEqual([]);
    expect(frozenScoringPlan([30, 500, 0, 30], 100)).toEqual([
      { first: [2], second: [0, 3] },
      { first: [1], second: [] },
    ]);
  });
});
