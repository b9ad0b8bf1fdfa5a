import { describe, expect, it } from 'vitest';
import { runOnArithmetic } from '../../test/support/arithmetic-loop.ts';
import { createArithmeticDomain } from '../domains/arithmetic/index.ts';
import { type Domain, GenEnvError, type SimulatorContext, type SimulatorUpdateBatch } from '../interfaces/index.ts';
import { ParametricSimulator } from '../policies/parametric/parametric-simulator.ts';
import { keepWithinChoices } from './context-choices.ts';
import { stableId } from '../util/random.ts';
import type { TaskType } from './task-type.ts';

/** A parametric simulator that keeps the contexts it answers and the records each update trains it on. */
class Recorder extends ParametricSimulator {
  readonly asked: SimulatorContext[][] = [];
  readonly batches: SimulatorUpdateBatch[] = [];
  override async propose(...args: Parameters<ParametricSimulator['propose']>) {
    this.asked.push(args[0]);
    return super.propose(...args);
  }
  override async update(...args: Parameters<ParametricSimulator['update']>) {
    this.batches.push(args[0]);
    return super.update(...args);
  }
}

async function recorded(overrides: Record<string, unknown>) {
  let simulator: Recorder | undefined;
  const run = await runOnArithmetic({ epochs: 3, tasksPerEpoch: 8, ...overrides }, undefined, (domain) => {
    simulator = new Recorder(domain);
    return simulator;
  });
  return { ...run, simulator: simulator! };
}

describe('random edits of frontier parents (editShare)', () => {
  it('draws editShare of the fresh task types from epoch 1 on, each an edit of a recent task type', async () => {
    const first = await recorded({ editShare: 0.25, rwrFilter: 'none' });
    const second = await recorded({ editShare: 0.25, rwrFilter: 'none' });
    expect(first.store.proposals(0, 'frontier')).toEqual([]);
    for (const epoch of [1, 2, 3]) {
      const edits = first.store.proposals(epoch, 'frontier');
      expect(edits).toHaveLength(2);
      expect(first.store.proposals(epoch, 'simulator')).toHaveLength(6);
      const recent = new Set(
        [epoch - 2, epoch - 1]
          .filter((past) => past >= 0)
          .flatMap((past) => first.store.proposals(past).map((record) => `parent-${stableId(record.spec)}`)),
      );
      for (const edit of edits) {
        expect(edit.simulatorVersion).toBe('edit');
        expect(edit.valid).toBe(true);
        expect(recent.has(edit.seedId!)).toBe(true);
      }
      expect(edits.map((edit) => edit.raw)).toEqual(second.store.proposals(epoch, 'frontier').map((edit) => edit.raw));
    }
    // The edits answer contexts, so they train the simulator beside its own proposals, unless it learns from its own.
    const trainedOn = (run: typeof first) =>
      run.simulator.batches.flatMap((batch) => batch.records.map((record) => record.proposal.policyVersion));
    expect(trainedOn(first)).toContain('edit');
    const own = await recorded({ editShare: 0.25, rwrFilter: 'none', simulatorRecords: 'own' });
    expect(trainedOn(own).length).toBeGreaterThan(0);
    expect(trainedOn(own)).not.toContain('edit');
    for (const run of [first, second, own]) run.store.close();
  });

  it('makes none in the variants without draws beside the simulator, and refuses a domain without a grammar', async () => {
    const paper = await recorded({ editShare: 0.5, variant: 'paper' });
    expect([1, 2, 3].flatMap((epoch) => paper.store.proposals(epoch, 'frontier'))).toEqual([]);
    paper.store.close();
    const plain = createArithmeticDomain();
    await expect(
      runOnArithmetic({ editShare: 0.5 }, undefined, undefined, { ...plain, specGrammar: undefined }),
    ).rejects.toThrow(GenEnvError);
  });
});

describe("a parent's edits as the context's choices (contextParentEdits)", () => {
  it('offers each context with a parent its edits, and rejects a proposal outside them with its reason', async () => {
    const run = await recorded({ contextParentShare: 0.5, contextParentEdits: true });
    const domain = run.domain as Domain;
    for (const epoch of [1, 2, 3]) {
      const contexts = run.simulator.asked[epoch]!;
      const withParent = contexts.filter((context) => context.seed.id.startsWith('parent-'));
      expect(withParent).toHaveLength(4);
      for (const context of contexts) expect(context.choices !== undefined).toBe(context.seed.id.startsWith('parent-'));
      for (const context of withParent) {
        const parent = domain.formatSpec(context.seed.spec);
        const texts = context.choices!.map((choice) => domain.formatSpec(choice));
        expect(texts).not.toContain(parent);
        expect(new Set(texts).size).toBe(texts.length);
      }
    }
    // The parametric simulator writes knob values, not edits: its proposals for those contexts mostly fall outside.
    const rejected = [1, 2, 3]
      .flatMap((epoch) => run.store.proposals(epoch, 'simulator'))
      .filter((record) => !record.valid);
    expect(rejected.length).toBeGreaterThan(0);
    expect(rejected[0]!.reason).toMatch(/^not one of the \d+ task types its context offered$/);
    run.store.close();
  });

  it('keeps a task type whose spec is one of its choices, or whose context offers none', () => {
    const domain = createArithmeticDomain() as Domain;
    const [one, two] = domain.seeds();
    const taskType = (spec: unknown, choices?: unknown[]): TaskType => ({
      id: `t-${domain.formatSpec(spec)}`,
      source: 'simulator',
      family: domain.family(spec),
      features: {},
      instances: [],
      spec,
      proposal: { id: 'p', contextId: 'c', raw: domain.formatSpec(spec), policyVersion: 'simulator-v1' },
      context: {
        id: 'c',
        seed: one!,
        stats: { family: one!.family, taskTypes: 0, recentSuccess: null },
        targetSuccess: 0.5,
        ...(choices ? { choices } : {}),
      },
    });
    const kept = keepWithinChoices(domain, {
      valid: [taskType(two!.spec, [two!.spec]), taskType(two!.spec), taskType(one!.spec, [two!.spec])],
      rejected: [],
    });
    expect(kept.valid).toHaveLength(2);
    expect(kept.rejected.map((rejected) => rejected.reason)).toEqual([
      'not one of the 1 task types its context offered',
    ]);
  });
});
