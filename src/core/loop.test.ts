import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CountingSimulator, runOnArithmetic } from '../../test/support/arithmetic-loop.ts';
import { createArithmeticDomain } from '../domains/arithmetic/index.ts';
import type {
  AgentUpdateBatch,
  Proposal,
  SimulatorContext,
  TrainableSimulator,
  UpdateStats,
} from '../interfaces/index.ts';
import { ParametricSimulator } from '../policies/parametric/parametric-simulator.ts';
import { SimulatedStudent } from '../policies/student/student.ts';

/** A simulator whose every proposal is malformed text. */
class GarbageSimulator extends ParametricSimulator implements TrainableSimulator {
  override async propose(contexts: SimulatorContext[]): Promise<Proposal[]> {
    return contexts.map((context, index) => ({
      id: `junk-${context.id}-${index}`,
      contextId: context.id,
      raw: '{"operation": "add", "digits": ',
      policyVersion: 'junk',
    }));
  }
}

/** A student that keeps the rehearsal size of every update it receives. */
class RecordingStudent extends SimulatedStudent {
  readonly rehearsalSizes: number[] = [];
  override async update(batch: AgentUpdateBatch, options?: { seed: number }): Promise<UpdateStats> {
    this.rehearsalSizes.push(batch.rehearsal?.length ?? 0);
    return super.update(batch, options);
  }
}

describe('co-evolution loop', () => {
  it('rehearses D_train in every agent update: one successful trace per instance, then base data', async () => {
    const agent = new RecordingStudent();
    const { directory, store, summary } = await runOnArithmetic({ rehearsal: 10, rehearsalTraceShare: 0.5 }, agent);
    expect(agent.rehearsalSizes).toEqual([10, 10, 10]);
    expect(summary.epochs.slice(1).map((epoch) => epoch.extra['pool/rehearsal'])).toEqual([10, 10, 10]);
    const successful = store.successfulTraces();
    store.close();
    const database = new Database(join(directory, 'run.sqlite'), { readonly: true });
    const solved = database
      .prepare(`SELECT COUNT(DISTINCT t.proposal_id || '/' || t.instance_id) AS n
      FROM traces t JOIN pool_train p ON p.trace_id = t.id
      WHERE t.success = 1`)
      .get() as { n: number };
    const failedOnly = database
      .prepare(
        `SELECT COUNT(*) AS n FROM (SELECT proposal_id, instance_id FROM traces
        GROUP BY proposal_id, instance_id HAVING MAX(success) = 0)`,
      )
      .get() as { n: number };
    database.close();
    expect(solved.n).toBeGreaterThan(0);
    expect(failedOnly.n).toBeGreaterThan(0);
    expect(successful).toHaveLength(solved.n);
    expect(new Set(successful.map((trace) => trace.instance.id + trace.text)).size).toBe(successful.length);
  });

  it('mixes base data and replay into the agent batch without counting them as generated tasks', async () => {
    const { directory, store, summary } = await runOnArithmetic({ baseFraction: 1, replayFraction: 0.5 });
    store.close();
    const database = new Database(join(directory, 'run.sqlite'), { readonly: true });
    const sources = database
      .prepare('SELECT epoch, source, COUNT(*) AS n FROM proposals WHERE epoch > 0 GROUP BY epoch, source')
      .all() as { epoch: number; source: string; n: number }[];
    database.close();
    for (const epoch of [1, 2, 3]) {
      const count = (source: string) => sources.find((row) => row.epoch === epoch && row.source === source)?.n ?? 0;
      const simulated = count('simulator');
      expect(count('seed')).toBe(simulated);
      expect(count('replay')).toBe(Math.round(0.5 * simulated));
      // Metrics describe the generated task types only.
      expect(summary.epochs[epoch]!.successRates).toHaveLength(simulated);
    }
    // Synthetic samples count generated instances only (n = 2 per valid task type).
    expect(summary.syntheticSamples).toBe(
      summary.epochs.slice(1).reduce((sum, epoch) => sum + epoch.successRates.length * 2, 0),
    );
  });

  it('gives a static-k× epoch base data in proportion to all of its task types', async () => {
    const { directory, store } = await runOnArithmetic({ variant: 'static', staticMultiplier: 2, baseFraction: 1 });
    store.close();
    const database = new Database(join(directory, 'run.sqlite'), { readonly: true });
    const count = (epoch: number, source: string) =>
      (
        database.prepare('SELECT COUNT(*) AS n FROM proposals WHERE epoch = ? AND source = ?').get(epoch, source) as {
          n: number;
        }
      ).n;
    for (const epoch of [1, 2, 3]) {
      expect(count(epoch, 'static')).toBeGreaterThan(6);
      expect(count(epoch, 'seed')).toBe(count(epoch, 'static'));
    }
    database.close();
  });

  it('evaluates the held-out sets every evaluateEvery epochs and at the last, and trains the same either way', async () => {
    const every = await runOnArithmetic({ epochs: 5, evaluateEvery: 1 });
    const sparse = await runOnArithmetic({ epochs: 5, evaluateEvery: 2 });
    every.store.close();
    sparse.store.close();
    const evaluated = (summary: typeof every.summary) =>
      summary.epochs.filter((epoch) => Object.keys(epoch.heldOutAccuracy).length > 0).map((epoch) => epoch.epoch);
    expect(evaluated(every.summary)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(evaluated(sparse.summary)).toEqual([0, 2, 4, 5]);
    for (const epoch of [0, 2, 4, 5])
      expect(sparse.summary.epochs[epoch]!.heldOutAccuracy).toEqual(every.summary.epochs[epoch]!.heldOutAccuracy);
    const training = (summary: typeof every.summary) =>
      summary.epochs.map((epoch) => ({ ...epoch, heldOutAccuracy: {}, extra: {} }));
    expect(training(sparse.summary)).toEqual(training(every.summary));
  });

  it('counts a simulator that writes only garbage as invalid proposals and finishes', async () => {
    const { store, summary } = await runOnArithmetic({}, undefined, (domain) => new GarbageSimulator(domain));
    store.close();
    expect(summary.completedEpochs).toBe(3);
    for (const epoch of summary.epochs) {
      expect(epoch.invalidProposals).toBe(6);
      expect(epoch.successRate).toBeNull();
      expect(epoch.inBandFraction).toBeNull();
    }
    expect(summary.syntheticSamples).toBe(0);
  });

  it('uniform: draws task types uniformly over the knobs from epoch 1, counts invalid draws, never updates the simulator', async () => {
    const arithmetic = createArithmeticDomain();
    // The domain's sampler refuses one knob combination, so some draws give no spec; others fail to instantiate.
    const domain = {
      ...arithmetic,
      specFromKnobs: (values: Record<string, string | number>, seed: number) =>
        values.terms === 5 && values.distractors === 3
          ? { ok: false as const, reason: 'five terms leave no room for three distractors' }
          : arithmetic.specFromKnobs(values, seed),
    };
    const simulator = new CountingSimulator(domain);
    const settings = { variant: 'uniform', epochs: 6, tasksPerEpoch: 24, baseFraction: 1 };
    const { store, summary } = await runOnArithmetic(settings, undefined, () => simulator, domain);
    const random = await runOnArithmetic({ ...settings, variant: 'random' });
    // Epoch 0 evaluates the warm-started simulator's proposals, as every simulator variant does.
    const epochZero = (records: { raw: string }[]) => records.map((record) => record.raw);
    expect(epochZero(store.proposals(0, 'simulator'))).toEqual(epochZero(random.store.proposals(0, 'simulator')));
    expect(store.proposals(0, 'simulator')).toHaveLength(24);
    random.store.close();
    const drawn: Record<string, string | number>[] = [];
    const reasons: string[] = [];
    let validInstances = 0;
    for (const epoch of [1, 2, 3, 4, 5, 6]) {
      const records = store.proposals(epoch, 'uniform');
      expect(records).toHaveLength(24);
      expect(store.proposals(epoch, 'simulator')).toHaveLength(0);
      const invalid = records.filter((record) => !record.valid);
      expect(summary.epochs[epoch]!.invalidProposals).toBe(invalid.length);
      reasons.push(...invalid.map((record) => record.reason!));
      // Base data for every valid task type (baseFraction 1); the frozen simulator gets no update.
      expect(store.proposals(epoch, 'seed')).toHaveLength(records.length - invalid.length);
      expect(summary.epochs[epoch]!.extra['simulator/records']).toBeUndefined();
      validInstances += (records.length - invalid.length) * 2;
      drawn.push(...records.map((record) => record.sample as Record<string, string | number>));
    }
    store.close();
    expect(simulator.updateCalls).toBe(0);
    for (const knob of domain.knobs)
      expect(new Set(drawn.map((values) => values[knob.name]))).toEqual(new Set(knob.values));
    expect(reasons).toContain('five terms leave no room for three distractors');
    expect(reasons.some((reason) => /exceeds/.test(reason))).toBe(true);
    expect(summary.syntheticSamples).toBe(validInstances);
  });

  it('frontier: draws its share of each epoch over the knob cells beside the simulator, which learns from both', async () => {
    const settings = { epochs: 4, tasksPerEpoch: 20, frontierShare: 0.5, rwrFilter: 'none' };
    const { store, summary, domain } = await runOnArithmetic(settings);
    // Epoch 0 is the warm-started simulator's alone, as in every simulator variant.
    expect(store.proposals(0, 'frontier')).toHaveLength(0);
    expect(store.proposals(0, 'simulator')).toHaveLength(20);
    const cells = new Set<string>();
    for (const epoch of [1, 2, 3, 4]) {
      const drawn = store.proposals(epoch, 'frontier');
      expect(drawn).toHaveLength(10);
      expect(store.proposals(epoch, 'simulator')).toHaveLength(10);
      // Every draw answers a simulator context, so it trains the simulator by RWR as its own proposals do.
      expect(drawn.every((record) => record.contextId !== null && record.contextId !== '')).toBe(true);
      for (const record of drawn) cells.add(JSON.stringify(record.sample));
      const valid = drawn.filter((record) => record.valid).length;
      expect(summary.epochs[epoch]!.extra['pool/frontier']).toBe(valid);
      // D_env grows by every valid generated task type: the draws train the simulator beside its own proposals.
      const generated = [...drawn, ...store.proposals(epoch, 'simulator')].filter((record) => record.valid).length;
      const envBefore = summary.epochs[epoch - 1]!.extra['pool/env'] ?? 0;
      expect(summary.epochs[epoch]!.extra['pool/env']! - envBefore).toBe(generated);
    }
    expect(cells.size).toBeGreaterThan(domain.knobs.length);
    // A second run of the same seed draws the same cells (the sampler reads its evidence back from the store).
    const again = await runOnArithmetic(settings);
    for (const epoch of [1, 2, 3, 4])
      expect(again.store.proposals(epoch, 'frontier').map((record) => record.raw)).toEqual(
        store.proposals(epoch, 'frontier').map((record) => record.raw),
      );
    // The paper variant ignores the share: the simulator proposes every task type.
    const paper = await runOnArithmetic({ ...settings, variant: 'paper' });
    expect(paper.store.proposals(2, 'frontier')).toHaveLength(0);
    expect(paper.store.proposals(2, 'simulator')).toHaveLength(20);
    for (const opened of [store, again.store, paper.store]) opened.close();
  });

  it('frontier: aims the whole epoch at α when asked, drawing the same share', async () => {
    const settings = { epochs: 3, tasksPerEpoch: 20, frontierShare: 0.5, frontierCalibrate: true, rwrFilter: 'none' };
    const byDraw = await runOnArithmetic(settings);
    const byEpoch = await runOnArithmetic({ ...settings, frontierCalibrateScope: 'epoch' });
    for (const epoch of [1, 2, 3]) expect(byEpoch.store.proposals(epoch, 'frontier')).toHaveLength(10);
    // Epoch 1 reads the same evidence either way, and the simulator proposes before the draw: only the target differs.
    expect(byEpoch.store.proposals(1, 'simulator').map((record) => record.raw)).toEqual(
      byDraw.store.proposals(1, 'simulator').map((record) => record.raw),
    );
    // The simulator's share is not at α on its cells, so the draws beside it move.
    expect(byEpoch.store.proposals(1, 'frontier').map((record) => record.raw)).not.toEqual(
      byDraw.store.proposals(1, 'frontier').map((record) => record.raw),
    );
    // The integral correction reads the epochs before: epoch 1 draws as without it, a later epoch moves.
    const corrected = await runOnArithmetic({ ...settings, frontierCalibrateScope: 'epoch', frontierCalibrateGain: 1 });
    const raws = (store: typeof byEpoch.store, epoch: number) =>
      store.proposals(epoch, 'frontier').map((record) => record.raw);
    expect(raws(corrected.store, 1)).toEqual(raws(byEpoch.store, 1));
    expect(
      [2, 3].some(
        (epoch) => JSON.stringify(raws(corrected.store, epoch)) !== JSON.stringify(raws(byEpoch.store, epoch)),
      ),
    ).toBe(true);
    for (const opened of [byDraw.store, byEpoch.store, corrected.store]) opened.close();
  });
});
