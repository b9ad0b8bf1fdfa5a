import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CountingSimulator, runOnArithmetic } from '../../test/support/arithmetic-loop.ts';
import { keptScreens, mixedOutcomes, rolloutBudget, screeningDraws } from './dynamic-sampling.ts';
import { VARIANTS } from './variants.ts';

describe('dynamic sampling: the budget and what is kept', () => {
  it('spends tasksPerEpoch × n × G rollouts, screens as many draws as the epoch lacks and the budget pays for', () => {
    expect(rolloutBudget({ tasksPerEpoch: 32, variations: 4, samples: 4 })).toBe(512);
    expect(screeningDraws(512, 0, 32, 4)).toBe(32);
    expect(screeningDraws(512, 30, 32, 4)).toBe(2);
    expect(screeningDraws(10, 0, 32, 4)).toBe(2);
    expect(screeningDraws(3, 0, 32, 4)).toBe(0);
    expect(screeningDraws(512, 32, 32, 4)).toBe(0);
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
  });
});

describe('variants that isolate the default’s parts', () => {
  it('each variant row says where its tasks come from and what learns', () => {
    expect(VARIANTS.sampler).toMatchObject({ frontier: 'all', updatesSimulator: false });
    expect(VARIANTS['sampler-frozen']).toMatchObject({ frontier: 'share', updatesSimulator: false });
    expect(VARIANTS.genenv).toMatchObject({ frontier: 'share', updatesSimulator: true });
    expect(VARIANTS.paper).toMatchObject({ frontier: 'none', updatesSimulator: true });
    expect(VARIANTS.dynamic).toMatchObject({ source: 'dynamic', frontier: 'none', updatesSimulator: false });
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
  });
});
