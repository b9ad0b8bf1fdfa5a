import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type {
  EpochCommit,
  EpochMetrics,
  InstanceRecord,
  ProposalRecord,
  TaskInstance,
  TraceRecord,
} from '../interfaces/index.ts';
import { RunStore } from './run-store.ts';
import { arithmeticConfig } from '../../test/support/arithmetic-config.ts';

const config = arithmeticConfig({ seed: 1, epochs: 2, tasksPerEpoch: 2, variations: 1, samples: 2 });

/**
 * A run directory whose config.json also holds `stored` (as written before those options were removed). Prepared, as a
 * comparison's run folders are, so that it may be resumed before any epoch is committed.
 */
function storedRun(stored: Record<string, unknown>): string {
  const directory = mkdtempSync(join(tmpdir(), 'genenv-store-'));
  RunStore.create(directory, config, { prepared: true }).close();
  const path = join(directory, 'config.json');
  writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), ...stored }));
  return directory;
}

describe('a run stored before options were removed', () => {
  it('opens when the removed options were off', () => {
    const store = RunStore.open(storedRun({ oversample: 1, familyTemperature: 0, frontierFloor: 0 }));
    expect(store.config).toEqual(config);
    store.close();
  });
  it('is refused in one line when the run used one', () => {
    expect(() => RunStore.open(storedRun({ oversample: 4 }))).toThrow(
      /config\.json: oversample is no longer an option \(removed: it measured no gain/,
    );
    expect(() => RunStore.open(storedRun({ frontierFloor: 0.1 }))).toThrow(/frontierFloor is no longer an option/);
  });
});

const instance = (id: string, value: number): TaskInstance => ({
  id,
  family: 'sum',
  features: { difficulty: value },
  payload: { value },
});

/** An epoch's commit: each task type's instances, each attempted twice; `train` says which traces enter D_train. */
function epochCommit(
  epoch: number,
  taskTypes: { proposalId: string; instances: TaskInstance[]; train: boolean[] }[],
): EpochCommit {
  const instances: InstanceRecord[] = [];
  const traces: TraceRecord[] = [];
  for (const taskType of taskTypes)
    for (const item of taskType.instances) {
      instances.push({ proposalId: taskType.proposalId, epoch, instance: item });
      for (const [sample, train] of taskType.train.entries())
        traces.push({
          epoch,
          proposalId: taskType.proposalId,
          instanceId: item.id,
          sample,
          completion: { text: `answer ${sample}`, policyVersion: 'a0' },
          reward: 1,
          success: true,
          invalid: null,
          agentVersion: 'a0',
          train,
        });
    }
  return {
    epoch,
    metrics: {} as EpochMetrics,
    checkpoint: null,
    agentVersion: 'a0',
    simulatorVersion: 's0',
    wallSeconds: 1,
    proposals: [],
    instances,
    traces,
    poolEnv: [],
  };
}

const payloads = (store: RunStore, beforeEpoch: number): string[] => {
  const pool = store.trainPool(beforeEpoch);
  return Array.from({ length: pool.size }, (_, index) => JSON.stringify(pool.instance(index)));
};

describe('the train pool kept up to date between reads', () => {
  it("answers as the whole pool's query does, epoch by epoch, with replays, UTF-8 order and a replaced instance", () => {
    const directory = mkdtempSync(join(tmpdir(), 'genenv-pool-'));
    const store = RunStore.create(directory, config);
    const first = instance('i-1', 1);
    const second = instance('i-2', 2);
    // Ids whose UTF-16 order differs from their UTF-8 (SQLite's) order: U+FF5E sorts before U+1F600 in UTF-8.
    const wide = instance('i-\uff5e', 3);
    const astral = instance('i-\u{1f600}', 4);
    const epochs: Parameters<typeof epochCommit>[1][] = [
      [{ proposalId: 'p0', instances: [second, first], train: [true, false] }],
      [
        { proposalId: 'p1', instances: [astral, wide], train: [false, true] },
        { proposalId: 'p1-none', instances: [instance('i-9', 9)], train: [false, false] },
      ],
      // A replay: the same payload under a later task type counts at its first trace.
      [{ proposalId: 'a-replay', instances: [first], train: [true, true] }],
      // The same task type's instance stored again with another payload: the index is rebuilt.
      [{ proposalId: 'p0', instances: [instance('i-2', 20)], train: [true, true] }],
      [{ proposalId: 'p4', instances: [instance('i-3', 5), instance('i-1', 1)], train: [true, false] }],
    ];
    epochs.forEach((taskTypes, epoch) => {
      store.commit(epochCommit(epoch, taskTypes));
      for (let before = 0; before <= epoch + 2; before++) {
        const expected = store.trainPoolPayloads(before).map((payload) => JSON.stringify(JSON.parse(payload)));
        expect(payloads(store, before), `epoch ${epoch}, before ${before}`).toEqual(expected);
      }
    });
    const whole = payloads(store, 6);
    expect(whole).toHaveLength(5);
    const pool = store.trainPool(6);
    expect(pool.instance(0)).not.toBe(pool.instance(0));
    expect(() => pool.instance(5)).toThrow('no instance 5 in a pool of 5');
    store.close();
    const reopened = RunStore.open(directory);
    expect(payloads(reopened, 6)).toEqual(whole);
    reopened.close();
  });
});

describe('groupOutcomes', () => {
  const proposal = (id: string, epoch: number, source: ProposalRecord['source'], valid: boolean): ProposalRecord => ({
    id,
    epoch,
    source,
    contextId: null,
    seedId: null,
    family: 'sum',
    raw: id,
    spec: valid ? { name: id } : null,
    sample: null,
    valid,
    reason: valid ? null : 'unparseable',
    successRate: null,
    envReward: null,
    inBand: null,
    weight: null,
    features: null,
    simulatorVersion: null,
    agentVersion: null,
  });
  /** An epoch's commit: `attempts` lists (proposal, instance, success) in trace order. */
  const outcomesCommit = (
    epoch: number,
    proposals: ProposalRecord[],
    attempts: [string, string, boolean][],
  ): EpochCommit => ({
    ...epochCommit(epoch, []),
    proposals,
    traces: attempts.map(([proposalId, instanceId, success], sample) => ({
      epoch,
      proposalId,
      instanceId,
      sample,
      completion: { text: 'answer', policyVersion: 'a0' },
      reward: success ? 1 : 0,
      success,
      invalid: null,
      agentVersion: 'a0',
      train: false,
    })),
  });

  it("sums each valid task type's outcomes per instance before an epoch, replays included, in epoch order", () => {
    const store = RunStore.create(mkdtempSync(join(tmpdir(), 'genenv-outcomes-')), config);
    store.commit(
      outcomesCommit(
        0,
        [proposal('z-frontier', 0, 'frontier', true), proposal('a-simulator', 0, 'simulator', true)],
        [
          ['z-frontier', 'i-2', true],
          ['z-frontier', 'i-1', false],
          ['z-frontier', 'i-2', true],
          ['a-simulator', 'i-1', true],
        ],
      ),
    );
    store.commit(
      outcomesCommit(
        1,
        [proposal('b-invalid', 1, 'simulator', false), proposal('c-seed', 1, 'seed', true)],
        [
          ['c-seed', 'i-1', true],
          // A replay of an epoch-0 task type counts with that task type.
          ['z-frontier', 'i-1', true],
        ],
      ),
    );
    const sources = ['simulator', 'frontier'] as const;
    expect(store.groupOutcomes(0, sources)).toEqual([]);
    // Stored order (z before a), then instance id (i-1 before i-2).
    const expected = [
      { epoch: 0, spec: { name: 'z-frontier' }, successes: 1, attempts: 2 },
      { epoch: 0, spec: { name: 'z-frontier' }, successes: 2, attempts: 2 },
      { epoch: 0, spec: { name: 'a-simulator' }, successes: 1, attempts: 1 },
    ];
    expect(store.groupOutcomes(1, sources)).toEqual(expected);
    expect(store.groupOutcomes(2, sources)).toEqual(expected);
    expect(store.groupOutcomes(2, ['seed'])).toEqual([
      { epoch: 1, spec: { name: 'c-seed' }, successes: 1, attempts: 1 },
    ]);
    expect(store.groupOutcomes(2, [])).toEqual([]);
    store.close();
  });
});
