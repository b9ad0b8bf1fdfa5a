import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CountingSimulator, runOnArithmetic } from '../../test/support/arithmetic-loop.ts';
import { DEFAULT_SUCCESS_PREDICTOR, fitSuccessPredictor, predictSuccess, taskTypeKeys } from '../curriculum/index.ts';
import type { RunSummary } from '../interfaces/index.ts';
import {
  joinedAttempts,
  keptScreens,
  mixedOutcomes,
  passesScreen,
  rolloutBudget,
  screenForm,
  screeningDraws,
} from './dynamic-sampling.ts';
import { RandomStreams } from './random-streams.ts';
import { nearestToAlpha, outcomeObservations } from './selector-source.ts';
import { uniformProposals } from './task-source.ts';
import type { AttemptedTaskType, TaskType } from './task-type.ts';
import { drawsUniformly, VARIANTS } from './variants.ts';

/** Each epoch's budget/rollouts and budget/rolloutsTotal, which sums those of epochs 1 … t. */
function expectBudgetTotals(summary: RunSummary) {
  let total = 0;
  for (const epoch of summary.epochs) {
    if (epoch.epoch > 0) total += epoch.extra['budget/rollouts']!;
    expect(epoch.extra['budget/rolloutsTotal'], `epoch ${epoch.epoch}`).toBe(total);
  }
}

/** Rollouts, instances and samples per task type of one epoch and source, from run.sqlite. */
function storedAttempts(directory: string, epoch: number, source: string) {
  const database = new Database(join(directory, 'run.sqlite'), { readonly: true });
  const rows = database
    .prepare(
      `SELECT t.proposal_id AS id, t.instance_id AS instance, COUNT(*) AS n, COUNT(DISTINCT t.sample) AS samples,
       MAX(t.sample) AS last FROM traces t JOIN proposals p ON p.id = t.proposal_id
       WHERE t.epoch = ? AND p.source = ? GROUP BY t.proposal_id, t.instance_id`,
    )
    .all(epoch, source) as { id: string; instance: string; n: number; samples: number; last: number }[];
  database.close();
  return rows;
}

/** The stored rows of each task type (Node 20 has no Map.groupBy). */
function byTaskType<Row extends { id: string }>(rows: readonly Row[]): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) groups.set(row.id, [...(groups.get(row.id) ?? []), row]);
  return [...groups.values()];
}

describe('dynamic sampling: the budget and what is kept', () => {
  it('spends tasksPerEpoch × n × G rollouts, screens as many draws as the epoch lacks and the budget pays for', () => {
    expect(rolloutBudget({ tasksPerEpoch: 32, variations: 4, samples: 4 })).toBe(512);
    expect(screeningDraws(512, 0, 32, 4)).toBe(32);
    expect(screeningDraws(512, 30, 32, 4)).toBe(2);
    expect(screeningDraws(10, 0, 32, 4)).toBe(2);
    expect(screeningDraws(3, 0, 32, 4)).toBe(0);
    expect(screeningDraws(512, 32, 32, 4)).toBe(0);
  });

  it("reads the screen's form from the config, at most n variations and G rollouts each", () => {
    const config = { variations: 8, samples: 4, screenVariations: 1 };
    expect(screenForm(config)).toEqual({ variations: 1, samples: 4 });
    expect(screenForm({ ...config, screenVariations: 4, screenSamples: 1 })).toEqual({ variations: 4, samples: 1 });
    expect(screenForm({ ...config, screenVariations: 20, screenSamples: 9 })).toEqual({ variations: 8, samples: 4 });
  });

  it("joins a kept candidate's screen and its further rollouts into one group per variation", () => {
    const instance = (id: string) => ({ id, family: 'f', features: {}, payload: null });
    const full = { id: 't', instances: [instance('a'), instance('b'), instance('c')] } as unknown as TaskType;
    /** Attempts of some variations, `samples` each, successes where `solved` says. */
    const part = (ids: string[], samples: number, solved: (id: string, sample: number) => boolean) => {
      const traces = ids.flatMap((id) =>
        Array.from({ length: samples }, (_, sample) => ({ instanceId: id, sample, success: solved(id, sample) })),
      );
      return {
        id: 't',
        instances: ids.map(instance),
        groups: ids.map((id) => ({
          prompt: { id },
          completions: Array.from({ length: samples }, (_, sample) => ({ text: `${id}${sample}` })),
          rewards: Array.from({ length: samples }, (_, sample) => Number(solved(id, sample))),
        })),
        traces,
        successes: traces.filter((trace) => trace.success).length,
        attempts: traces.length,
      } as unknown as AttemptedTaskType;
    };
    const screen = part(['a', 'b'], 1, (id) => id === 'a');
    const further = part(['a', 'b'], 2, () => false);
    const others = part(['c'], 3, () => true);
    const joined = joinedAttempts(full, [screen, further, others]);
    expect(joined.instances.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(joined.groups.map((group) => group.completions.map((completion) => completion.text))).toEqual([
      ['a0', 'a0', 'a1'],
      ['b0', 'b0', 'b1'],
      ['c0', 'c1', 'c2'],
    ]);
    expect(joined.groups.map((group) => group.rewards)).toEqual([
      [1, 0, 0],
      [0, 0, 0],
      [1, 1, 1],
    ]);
    // Each variation's traces numbered 0 … G − 1, the screen's first.
    expect(joined.traces.map((trace) => `${trace.instanceId}${trace.sample}`)).toEqual([
      'a0',
      'a1',
      'a2',
      'b0',
      'b1',
      'b2',
      'c0',
      'c1',
      'c2',
    ]);
    expect([joined.successes, joined.attempts]).toEqual([4, 9]);
    // A part the agent answered nothing on is absent: the variations it had are left out.
    expect(joinedAttempts(full, [screen, undefined, others]).instances.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(joinedAttempts(full, [part(['a'], 4, () => true), undefined]).instances.map((item) => item.id)).toEqual([
      'a',
    ]);
  });

  it('keeps mixed screens in draw order while the epoch has room and the budget pays for their other variations', () => {
    expect(mixedOutcomes({ successes: 0, attempts: 4 })).toBe(false);
    expect(mixedOutcomes({ successes: 4, attempts: 4 })).toBe(false);
    expect(mixedOutcomes({ successes: 1, attempts: 4 })).toBe(true);
    const screens = [
      { successes: 2, attempts: 4 },
      { successes: 0, attempts: 4 },
      { successes: 3, attempts: 4 },
      { successes: 1, attempts: 4 },
    ];
    expect(keptScreens(screens, 100, 10, 12)).toEqual([true, false, true, true]);
    // Room for two more task types, or budget for two more: the first two mixed ones.
    expect(keptScreens(screens, 100, 2, 12)).toEqual([true, false, true, false]);
    expect(keptScreens(screens, 24, 10, 12)).toEqual([true, false, true, false]);
    // One variation per task type: a kept screen costs nothing more.
    expect(keptScreens(screens, 0, 10, 0)).toEqual([true, false, true, true]);
    // With a band: only the mixed screens within it of α pass (1 of 4 is 0.25 from ½, 3 of 4 too).
    expect(keptScreens(screens, 100, 10, 12, { alpha: 0.5, band: 0.2 })).toEqual([true, false, false, false]);
    expect(keptScreens(screens, 100, 10, 12, { alpha: 0.5, band: 0.25 })).toEqual([true, false, true, true]);
  });

  it("passes a screen by DAPO's rule (both outcomes) and, given a band, R-Zero's (near α)", () => {
    expect(passesScreen({ successes: 1, attempts: 8 })).toBe(true);
    expect(passesScreen({ successes: 0, attempts: 8 })).toBe(false);
    expect(passesScreen({ successes: 8, attempts: 8 })).toBe(false);
    // R-Zero's 3–7 of 10 correct.
    const rZero = { alpha: 0.5, band: 0.2 };
    expect([2, 3, 7, 8].map((successes) => passesScreen({ successes, attempts: 10 }, rZero))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    // A band around another α, and never an all-alike screen, however wide the band.
    expect(passesScreen({ successes: 1, attempts: 4 }, { alpha: 0.3, band: 0.1 })).toBe(true);
    expect(passesScreen({ successes: 0, attempts: 4 }, { alpha: 0.1, band: 0.5 })).toBe(false);
  });
});

describe('variants that isolate the default’s parts', () => {
  it('each variant row says where its tasks come from and what learns', () => {
    expect(VARIANTS.sampler).toMatchObject({ frontier: 'all', updatesSimulator: false });
    expect(VARIANTS['sampler-frozen']).toMatchObject({ frontier: 'share', updatesSimulator: false });
    expect(VARIANTS.genenv).toMatchObject({ frontier: 'share', updatesSimulator: true });
    expect(VARIANTS.paper).toMatchObject({ frontier: 'none', updatesSimulator: true });
    expect(VARIANTS.dynamic).toMatchObject({ source: 'dynamic', screens: 'uniform', updatesSimulator: false });
    expect(VARIANTS['dynamic-frozen']).toMatchObject({ source: 'dynamic', screens: 'simulator', frontier: 'none' });
    expect(VARIANTS['dynamic-frozen'].updatesSimulator).toBe(false);
    expect(VARIANTS.selector).toMatchObject({ source: 'selector', screens: null, updatesSimulator: false });
    const uniformDrawing = Object.entries(VARIANTS)
      .filter(([, plan]) => drawsUniformly(plan))
      .map(([name]) => name);
    expect(uniformDrawing).toEqual(['dynamic', 'selector', 'uniform']);
  });

  it('every variant accounts for its rollouts on generated task types, and sums them from epoch 1', async () => {
    const settings = { variant: 'genenv', epochs: 3, tasksPerEpoch: 8, variations: 3, samples: 4 };
    const { store, summary } = await runOnArithmetic(settings);
    store.close();
    for (const epoch of summary.epochs) expect(epoch.extra['budget/rollouts']).toBe(epoch.successRates.length * 3 * 4);
    expect(summary.epochs[0]!.extra['budget/rolloutsTotal']).toBe(0);
    expectBudgetTotals(summary);
  });

  it('sampler: every task type of epochs ≥ 1 is a frontier draw and the simulator never learns', async () => {
    let simulator: CountingSimulator | undefined;
    const settings = { variant: 'sampler', epochs: 3, tasksPerEpoch: 10, frontierShare: 0.5 };
    const { store } = await runOnArithmetic(
      settings,
      undefined,
      (domain) => (simulator = new CountingSimulator(domain)),
    );
    expect(store.proposals(0, 'simulator')).toHaveLength(10);
    for (const epoch of [1, 2, 3]) {
      expect(store.proposals(epoch, 'frontier')).toHaveLength(10);
      expect(store.proposals(epoch, 'simulator')).toHaveLength(0);
    }
    store.close();
    expect(simulator?.updateCalls).toBe(0);
  });

  it('sampler-frozen: the share drawn by the sampler, the rest by a simulator that never learns', async () => {
    let simulator: CountingSimulator | undefined;
    const settings = { variant: 'sampler-frozen', epochs: 3, tasksPerEpoch: 10, frontierShare: 0.5 };
    const { store, summary } = await runOnArithmetic(
      settings,
      undefined,
      (domain) => (simulator = new CountingSimulator(domain)),
    );
    for (const epoch of [1, 2, 3]) {
      expect(store.proposals(epoch, 'frontier')).toHaveLength(5);
      expect(store.proposals(epoch, 'simulator')).toHaveLength(5);
      expect(summary.epochs[epoch]!.extra['simulator/records']).toBeUndefined();
    }
    store.close();
    expect(simulator?.updateCalls).toBe(0);
  });

  it('dynamic: screens uniform draws, trains on the mixed ones, stores the rest, within the same rollout budget', async () => {
    const settings = { variant: 'dynamic', epochs: 3, tasksPerEpoch: 8, variations: 3, samples: 4, baseFraction: 1 };
    const { directory, store, summary } = await runOnArithmetic(settings);
    store.close();
    const database = new Database(join(directory, 'run.sqlite'), { readonly: true });
    const rolloutsOf = (epoch: number) =>
      (
        database
          .prepare(
            `SELECT COUNT(*) AS n FROM traces t JOIN proposals p ON p.id = t.proposal_id
             WHERE t.epoch = ? AND p.source = 'dynamic'`,
          )
          .get(epoch) as { n: number }
      ).n;
    for (const epoch of [1, 2, 3]) {
      const metrics = summary.epochs[epoch]!;
      const kept = metrics.successRates.length;
      // The budget: 8 task types × 3 variations × 4 rollouts, screens included, and never more.
      expect(rolloutsOf(epoch)).toBe(metrics.extra['pool/rollouts']);
      expect(metrics.extra['pool/rollouts']).toBeLessThanOrEqual(96);
      expect(metrics.extra['pool/rollouts']).toBeGreaterThan(96 - 4 * 3);
      expect(metrics.extra['pool/screened']! - metrics.extra['pool/screenedOut']!).toBe(kept);
      // Base data as for a full epoch of task types, whatever the screening kept.
      const seeds = database
        .prepare(`SELECT COUNT(*) AS n FROM proposals WHERE epoch = ? AND source = 'seed'`)
        .get(epoch) as { n: number };
      expect(seeds.n).toBe(8);
      // Every kept task type had mixed outcomes on its screened variation.
      const screens = database
        .prepare(
          `SELECT t.proposal_id AS id, SUM(t.success) AS successes, COUNT(*) AS attempts, COUNT(DISTINCT t.instance_id) AS n
           FROM traces t JOIN proposals p ON p.id = t.proposal_id
           WHERE t.epoch = ? AND p.source = 'dynamic' GROUP BY t.proposal_id`,
        )
        .all(epoch) as { id: string; successes: number; attempts: number; n: number }[];
      const full = screens.filter((screen) => screen.n === 3);
      expect(full).toHaveLength(kept);
      expect(screens.filter((screen) => screen.n === 1)).toHaveLength(metrics.extra['pool/screenedOut']!);
    }
    database.close();
    expect(summary.syntheticSamples).toBe(
      summary.epochs.slice(1).reduce((sum, epoch) => sum + epoch.successRates.length * 3, 0),
    );
    for (const epoch of summary.epochs.slice(1))
      expect(epoch.extra['budget/rollouts']).toBe(epoch.extra['pool/rollouts']);
    expectBudgetTotals(summary);
  });

  it('dynamic with a screen spread over variations: one rollout on each, then G on every variation of a kept one', async () => {
    const settings = {
      variant: 'dynamic',
      epochs: 3,
      tasksPerEpoch: 8,
      variations: 3,
      samples: 4,
      screenVariations: 2,
      screenSamples: 1,
    };
    const { directory, store, summary } = await runOnArithmetic(settings);
    store.close();
    const counts = { kept: 0, dropped: 0 };
    for (const epoch of [1, 2, 3]) {
      const metrics = summary.epochs[epoch]!;
      const rows = storedAttempts(directory, epoch, 'dynamic');
      const kept = byTaskType(rows).filter((instances) => instances.length === 3);
      const dropped = byTaskType(rows).filter((instances) => instances.length !== 3);
      expect(kept).toHaveLength(metrics.successRates.length);
      // A kept task type: G rollouts of every variation, numbered 0 … G − 1.
      for (const instances of kept)
        for (const row of instances) expect([row.n, row.samples, row.last]).toEqual([4, 4, 3]);
      // A dropped one: its screen alone, one rollout on each of two variations.
      expect(dropped).toHaveLength(metrics.extra['pool/screenedOut']!);
      for (const instances of dropped) expect(instances.map((row) => row.n)).toEqual([1, 1]);
      const rollouts = rows.reduce((sum, row) => sum + row.n, 0);
      expect(metrics.extra['budget/rollouts']).toBe(rollouts);
      expect(rollouts).toBeLessThanOrEqual(96);
      counts.kept += kept.length;
      counts.dropped += dropped.length;
    }
    // Both kinds were there to check.
    expect(counts.kept).toBeGreaterThan(0);
    expect(counts.dropped).toBeGreaterThan(0);
    expectBudgetTotals(summary);
  });

  it("dynamic-frozen: screens the frozen simulator's proposals, trains on the mixed ones, and never updates it", async () => {
    let simulator: CountingSimulator | undefined;
    const settings = { variant: 'dynamic-frozen', epochs: 3, tasksPerEpoch: 8, variations: 3, samples: 4 };
    const { directory, store, summary } = await runOnArithmetic(
      settings,
      undefined,
      (domain) => (simulator = new CountingSimulator(domain)),
    );
    for (const epoch of [1, 2, 3]) {
      const proposals = store.proposals(epoch, 'dynamic');
      expect(proposals.length).toBeGreaterThan(0);
      // Proposed by the simulator, each for one of its contexts.
      for (const proposal of proposals) {
        expect(proposal.contextId).not.toBeNull();
        expect(proposal.simulatorVersion).not.toBe('uniform');
      }
      const rows = storedAttempts(directory, epoch, 'dynamic');
      const kept = byTaskType(rows).filter((instances) => instances.length === 3);
      expect(kept).toHaveLength(summary.epochs[epoch]!.successRates.length);
      expect(summary.epochs[epoch]!.extra['budget/rollouts']).toBeLessThanOrEqual(96);
      expect(summary.epochs[epoch]!.extra['simulator/records']).toBeUndefined();
    }
    store.close();
    expect(simulator?.updateCalls).toBe(0);
    expectBudgetTotals(summary);
  });

  it('selector: the uniform draws the predictor fitted to every earlier outcome puts nearest α, no rollout spent on the choice', async () => {
    const settings = { variant: 'selector', epochs: 3, tasksPerEpoch: 6, variations: 2, samples: 4, selectorPool: 4 };
    const { domain, store, summary } = await runOnArithmetic(settings);
    const streams = new RandomStreams(3);
    for (const epoch of [1, 2, 3]) {
      const chosen = store.proposals(epoch, 'selector');
      // The choice, made again from the stored outcomes of epochs before this one.
      const drawn = uniformProposals(domain, 24, streams.selectorDraws(epoch)).proposals.filter(
        (proposal, index, all) => all.findIndex((other) => other.raw === proposal.raw) === index,
      );
      const groups = store.groupOutcomes(epoch, ['simulator', 'selector', 'seed']);
      const predictor = fitSuccessPredictor(outcomeObservations(domain, groups, epoch, { decay: 1, order: 2 }), {
        alpha: 0.5,
        ...DEFAULT_SUCCESS_PREDICTOR,
      });
      const predicted = drawn.map((proposal) =>
        predictSuccess(predictor, taskTypeKeys(proposal.raw, domain.features(proposal.spec as never), 2)),
      );
      const expected = nearestToAlpha(predicted, 6, 0.5).map((index) => drawn[index]!.raw);
      expect(chosen.map((proposal) => proposal.raw)).toEqual(expected);
      for (const proposal of chosen)
        expect((proposal.sample as { predictedSuccess: number }).predictedSuccess).toBeCloseTo(
          predicted[drawn.findIndex((draw) => draw.raw === proposal.raw)]!,
          12,
        );
      // Every rollout of the epoch's generated task types is a training rollout: n × G each.
      expect(summary.epochs[epoch]!.extra['budget/rollouts']).toBe(chosen.length * 2 * 4);
    }
    store.close();
    expectBudgetTotals(summary);
  });
});

describe('the selector: its choice and its evidence', () => {
  it('keeps the candidates whose predicted success is nearest α, in their order', () => {
    expect(nearestToAlpha([0.9, 0.45, 0.1, 0.6, 0.5, 0.55], 3, 0.5)).toEqual([1, 4, 5]);
    // Ties go to the earlier candidate.
    expect(nearestToAlpha([0.4, 0.6, 0.6, 0.4], 2, 0.5)).toEqual([0, 1]);
    expect(nearestToAlpha([0.2], 3, 0.5)).toEqual([0]);
  });

  it("sums a task type's groups of one epoch, and weighs each by the decay of its age", async () => {
    const { createArithmeticDomain } = await import('../domains/arithmetic/index.ts');
    const domain = createArithmeticDomain();
    const spec = domain.seeds()[0]!.spec;
    const groups = [
      { epoch: 3, spec, successes: 1, attempts: 4 },
      { epoch: 3, spec, successes: 3, attempts: 4 },
      { epoch: 1, spec, successes: 0, attempts: 4 },
      { epoch: 2, spec: { not: 'a spec' }, successes: 0, attempts: 4 },
    ];
    const observations = outcomeObservations(domain, groups, 4, { decay: 0.5, order: 2 });
    expect(observations.map(({ successes, attempts, weight }) => ({ successes, attempts, weight }))).toEqual([
      { successes: 4, attempts: 8, weight: 1 },
      { successes: 0, attempts: 4, weight: 0.25 },
    ]);
    expect(observations[0]!.keys).toEqual(taskTypeKeys(domain.formatSpec(spec), domain.features(spec), 2));
  });
});
