import { describe, expect, it } from 'vitest';
import { runOnArithmetic } from '../../test/support/arithmetic-loop.ts';
import type { SampleOptions, SimulatorContext } from '../interfaces/index.ts';
import { ParametricSimulator } from '../policies/parametric/parametric-simulator.ts';
import { Random } from '../util/random.ts';
import { aroundAlphaHistory, recentHistory } from './context-history.ts';
import type { ParentCandidate } from './parent-contexts.ts';

const candidate = (name: string, successRate: number): ParentCandidate => ({
  spec: { name },
  family: 'f',
  successRate,
});

/** A parametric simulator that keeps every context it answers. */
class ContextRecorder extends ParametricSimulator {
  readonly seen: SimulatorContext[][] = [];
  override async propose(contexts: SimulatorContext[], options: Omit<SampleOptions, 'samples'>) {
    this.seen.push(contexts);
    return super.propose(contexts, options);
  }
}

describe('history conditioning', () => {
  const candidates = [
    candidate('never', 0),
    candidate('hard', 0.3),
    candidate('near-below', 0.45),
    candidate('near-above', 0.55),
    candidate('easy', 0.8),
    candidate('always', 1),
  ];

  it('shows the most recent task types, oldest first', () => {
    expect(recentHistory(candidates, 2).map((seen) => seen.spec)).toEqual([{ name: 'easy' }, { name: 'always' }]);
    expect(recentHistory(candidates, 10)).toHaveLength(6);
    expect(recentHistory([], 3)).toEqual([]);
  });

  it('draws half below α and half at or above it, nearest α most often, from the hardest to the easiest', () => {
    const counts = new Map<string, number>();
    const random = new Random(7);
    for (let draw = 0; draw < 400; draw++) {
      const history = aroundAlphaHistory(candidates, 2, 0.5, 20, random);
      expect(history).toHaveLength(2);
      expect(history[0]!.successRate).toBeLessThan(0.5);
      expect(history[1]!.successRate).toBeGreaterThanOrEqual(0.5);
      for (const seen of history) {
        const name = (seen.spec as { name: string }).name;
        counts.set(name, (counts.get(name) ?? 0) + 1);
      }
    }
    // exp(−20·0.05²) = 0.95 against exp(−20·0.2²) = 0.45 and exp(−20·0.5²) = 0.0067.
    expect(counts.get('near-below')!).toBeGreaterThan(counts.get('hard')!);
    expect(counts.get('hard')!).toBeGreaterThan(counts.get('never') ?? 0);
    expect(counts.get('near-above')!).toBeGreaterThan(counts.get('easy')!);
    const four = aroundAlphaHistory(candidates, 4, 0.5, 20, new Random(3));
    expect(four.map((seen) => seen.successRate)).toEqual([...four.map((seen) => seen.successRate)].sort());
    expect(new Set(four.map((seen) => JSON.stringify(seen.spec))).size).toBe(4);
    expect(aroundAlphaHistory(candidates, 4, 0.5, 20, new Random(3))).toEqual(four);
  });

  it('fills a short side from the other, and shows every candidate when they are fewer than asked', () => {
    const easyOnly = [candidate('a', 0.9), candidate('b', 0.7), candidate('c', 1)];
    expect(aroundAlphaHistory(easyOnly, 2, 0.5, 20, new Random(1))).toHaveLength(2);
    expect(aroundAlphaHistory(easyOnly, 5, 0.5, 20, new Random(1)).map((seen) => seen.successRate)).toEqual([
      0.7, 0.9, 1,
    ]);
    // Every weight underflows far from α: the draw is uniform, never stuck.
    const far = [candidate('x', 0), candidate('y', 0.01)];
    expect(aroundAlphaHistory(far, 2, 0.5, 1e6, new Random(1))).toHaveLength(2);
  });

  it("puts recent outcomes in the simulator's contexts from epoch 1 on, the same on every run of a seed", async () => {
    const settings = { epochs: 3, tasksPerEpoch: 8, contextHistory: 3 };
    const runWith = async (overrides: Record<string, unknown>) => {
      let simulator: ContextRecorder | undefined;
      const run = await runOnArithmetic(overrides, undefined, (domain) => {
        simulator = new ContextRecorder(domain);
        return simulator;
      });
      run.store.close();
      return simulator!.seen.map((contexts) => contexts.map((context) => context.history));
    };
    const first = await runWith(settings);
    expect(first[0]!.every((history) => history === undefined)).toBe(true);
    for (const epoch of [1, 2, 3]) {
      for (const history of first[epoch]!) {
        expect(history).toHaveLength(3);
        for (const seen of history!) expect(seen.successRate).toBeGreaterThanOrEqual(0);
      }
    }
    // A draw of its own per context: not every context of an epoch shows the same task types.
    expect(new Set(first[2]!.map((history) => JSON.stringify(history))).size).toBeGreaterThan(1);
    expect(await runWith(settings)).toEqual(first);
    const recent = await runWith({ ...settings, contextHistoryDraw: 'recent' });
    expect(new Set(recent[2]!.map((history) => JSON.stringify(history))).size).toBe(1);
    const off = await runWith({ ...settings, contextHistory: 0 });
    expect(off.flat().every((history) => history === undefined)).toBe(true);
  });
});
