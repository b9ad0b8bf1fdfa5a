import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createArithmeticDomain } from '../domains/arithmetic/index.ts';
import { ParametricSimulator } from '../policies/parametric/parametric-simulator.ts';
import { SimulatedStudent } from '../policies/student/student.ts';
import {
  RunConfigSchema,
  type AgentUpdateBatch,
  type Proposal,
  type SimulatorContext,
  type TrainableSimulator,
  type UpdateStats,
} from '../interfaces/index.ts';
import { RunStore } from '../store/run-store.ts';
import { runCoevolution } from './loop.ts';

const config = (overrides: Record<string, unknown>) =>
  RunConfigSchema.parse({
    preset: 'test',
    seed: 3,
    epochs: 3,
    tasksPerEpoch: 6,
    variations: 2,
    samples: 4,
    alpha: 0.5,
    beta: 20,
    kMin: 0.1,
    lambda: 1,
    domain: { name: 'arithmetic' },
    agent: { policy: 'student' },
    simulator: { policy: 'parametric' },
    ...overrides,
  });

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

/** One loop run on arithmetic in a fresh directory; the store is left open for the test to read. */
async function runOnArithmetic(
  overrides: Record<string, unknown>,
  agent: SimulatedStudent = new SimulatedStudent(),
  simulatorFor: (domain: ReturnType<typeof createArithmeticDomain>) => TrainableSimulator = (domain) =>
    new ParametricSimulator(domain),
) {
  const domain = createArithmeticDomain();
  const directory = mkdtempSync(join(tmpdir(), 'loop-'));
  const runConfig = config(overrides);
  const store = RunStore.create(directory, runConfig);
  const summary = await runCoevolution({ config: runConfig, domain, agent, simulator: simulatorFor(domain), store });
  return { domain, directory, store, summary };
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
});
