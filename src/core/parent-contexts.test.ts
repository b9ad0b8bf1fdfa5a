import { describe, expect, it } from 'vitest';
import { runOnArithmetic } from '../../test/support/arithmetic-loop.ts';
import type { ProposalRecord } from '../interfaces/index.ts';
import { parentCandidates, parentCount, parentProbabilities } from './parent-contexts.ts';

const record = (spec: unknown, successRate: number | null, valid = true): ProposalRecord =>
  ({ valid, spec, successRate, family: 'f' }) as ProposalRecord;

describe('frontier parents', () => {
  it('keeps each distinct valid assessed spec once, with the p̂ of its latest appearance', () => {
    const candidates = parentCandidates([
      record({ a: 1 }, 0.2),
      record({ a: 2 }, 0.9),
      record({ a: 1 }, 0.5),
      record({ a: 3 }, null),
      record({ a: 4 }, 0.5, false),
    ]);
    expect(candidates).toEqual([
      { spec: { a: 2 }, family: 'f', successRate: 0.9 },
      { spec: { a: 1 }, family: 'f', successRate: 0.5 },
    ]);
  });

  it('draws task types solved about α of the time most, and counts its share of the contexts', () => {
    const probabilities = parentProbabilities(
      [{ successRate: 0.5 }, { successRate: 0.9 }, { successRate: 0 }],
      0.5,
      20,
    );
    expect(probabilities.reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 12);
    expect(probabilities[0]).toBeGreaterThan(0.9);
    expect(probabilities[1]).toBeCloseTo(probabilities[0]! * Math.exp(-20 * 0.16), 12);
    expect(parentProbabilities([], 0.5, 20)).toEqual([]);
    expect(parentCount(8, 0.5, 3)).toBe(4);
    expect(parentCount(8, 0.5, 0)).toBe(0);
  });

  it('gives the simulator frontier parents from epoch 1 on, the same on every run of a seed', async () => {
    const settings = { epochs: 3, tasksPerEpoch: 10, contextParentShare: 0.5 };
    const first = await runOnArithmetic(settings);
    const second = await runOnArithmetic(settings);
    const seedIds = (run: typeof first, epoch: number) =>
      run.store.proposals(epoch, 'simulator').map((proposal) => proposal.seedId);
    expect(seedIds(first, 0).some((id) => id?.startsWith('parent-'))).toBe(false);
    for (const epoch of [1, 2, 3]) {
      const ids = seedIds(first, epoch);
      expect(ids.filter((id) => id?.startsWith('parent-'))).toHaveLength(5);
      expect(ids).toEqual(seedIds(second, epoch));
    }
    const without = await runOnArithmetic({ ...settings, contextParentShare: 0 });
    expect(seedIds(without, 2).some((id) => id?.startsWith('parent-'))).toBe(false);
    for (const run of [first, second, without]) run.store.close();
  });
});
