import { emptyEpoch } from '../../test/support/epoch-metrics.ts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RunSummarySchema } from '../../src/index.ts';
import { claimSuite } from './claim.ts';
import { pooledSuite } from './pooled.ts';

const root = mkdtempSync(join(tmpdir(), 'genenv-pooled-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * A finished run folder of a comparison: four epochs, test-hard evaluated at epochs 0, 2 and 4 (`hard`), test-id 0.9,
 * 2 task types of 2 variations of 2 rollouts an epoch (8 rollouts), no rollout count stored.
 */
function writeRun(comparison: string, variant: string, seed: number, hard: [number, number, number]): void {
  const folder = join(comparison, variant, `seed-${seed}`);
  mkdirSync(folder, { recursive: true });
  const evaluated = [0, 2, 4];
  const summary = RunSummarySchema.parse({
    preset: 'ladder',
    seed,
    variant,
    domain: 'ladder',
    wallSeconds: 1,
    syntheticSamples: 16,
    completedEpochs: 4,
    epochs: [0, 1, 2, 3, 4].map((epoch) => ({
      ...emptyEpoch(epoch),
      successRate: 0.5,
      inBandFraction: variant === 'genenv' ? 0.5 : 0.1,
      heldOutAccuracy: evaluated.includes(epoch) ? { 'test-id': 0.9, 'test-hard': hard[evaluated.indexOf(epoch)] } : {},
      syntheticSamples: 4 * epoch,
    })),
  });
  writeFileSync(join(folder, 'summary.json'), JSON.stringify(summary));
  writeFileSync(join(folder, 'config.json'), JSON.stringify({ tasksPerEpoch: 2, variations: 2, samples: 2 }));
}

// World 11 (its comparison.json says so): genenv − uniform on test-hard 0.2 on both seeds. World 12 (labelled): 0.0
// and 0.2. Pooled: four pairs, 0.2, 0.2, 0.0, 0.2: mean 0.15.
const first = join(root, 'first');
writeRun(first, 'genenv', 1, [0.2, 0.6, 0.7]);
writeRun(first, 'genenv', 2, [0.2, 0.6, 0.7]);
writeRun(first, 'uniform', 1, [0.2, 0.4, 0.5]);
writeRun(first, 'uniform', 2, [0.2, 0.4, 0.5]);
writeFileSync(join(first, 'comparison.json'), JSON.stringify({ worldSeed: 11 }));
const second = join(root, 'second');
writeRun(second, 'genenv', 1, [0.2, 0.5, 0.5]);
writeRun(second, 'genenv', 2, [0.2, 0.5, 0.7]);
writeRun(second, 'uniform', 1, [0.2, 0.4, 0.5]);
writeRun(second, 'uniform', 2, [0.2, 0.4, 0.5]);

describe('npm run lab -- pooled', () => {
  it('pools comparison folders by world and seed, each world named by its label or its world seed', async () => {
    const result = JSON.parse(await pooledSuite({ runs: [first, `w12=${second}`], json: true }));
    expect(result.suite).toBe('pooled');
    expect(result.worlds).toEqual(['w11', 'w12']);
    const [pair] = result.pairs;
    expect([pair.variant, pair.against]).toEqual(['genenv', 'uniform']);
    const hard = pair.scopes.map(
      (scope: { scope: string; bySet: Record<string, { pairs: number; ratio: number }> }) => [
        scope.scope,
        scope.bySet['test-hard']!.pairs,
        scope.bySet['test-hard']!.ratio,
      ],
    );
    expect(hard).toEqual([
      ['w11', 2, expect.closeTo(0.7 / 0.5, 12)],
      ['w12', 2, expect.closeTo(0.6 / 0.5, 12)],
      ['pooled', 4, expect.closeTo(0.65 / 0.5, 12)],
    ]);
    expect(pair.scopes[2].bySet['test-hard'].difference.mean).toBeCloseTo(0.15, 12);
    // Rollouts counted (8 an epoch): genenv reaches uniform's 0.5 at epoch 2 on both worlds, uniform at epoch 4.
    const pooled = result.rolloutsToReach.find((entry: { scope: string }) => entry.scope === 'pooled').figure;
    expect(pooled).toMatchObject({ baseline: 'uniform', target: 0.5, counted: true });
    expect(pooled.variants.map((entry: { rollouts: number; share: number }) => [entry.rollouts, entry.share])).toEqual([
      [16, 0.5],
      [32, 1],
    ]);
  });

  it('prints a table per variant and world, a line per pair and world, and the rollouts to reach', async () => {
    const text = await pooledSuite({ runs: [first, `w12=${second}`] });
    const lines = text.split('\n');
    expect(lines[0]).toBe(
      'The claim pooled over w11, w12 (runs paired by world and seed): held-out accuracy per variant, mean [95% ' +
        'interval] over runs',
    );
    expect(text).toMatch(/^genenv +pooled +4 +0\.650 \[[^\]]+\] .* 16 \(0\.50×\)$/m);
    expect(text).toContain('genenv / uniform, pooled (4 pairs): test-hard 1.30× (paired 0.150 [');
    expect(text).toContain(
      "pooled: rollouts to reach uniform's final test-hard 0.500 (the strongest of uniform; the first evaluated " +
        "epoch whose mean over seeds reaches it): genenv 16 at epoch 2 (0.50× uniform's, 4/4 seeds alone); uniform " +
        "32 at epoch 4 (1.00× uniform's, 4/4 seeds alone)",
    );
    expect(text).toContain(
      'pooled: rollouts counted as epoch × tasksPerEpoch × n × G: some runs stored no rollout count',
    );
  });

  it('refuses worlds of other seeds and baselines that are not variants, in one line', async () => {
    const third = join(root, 'third');
    writeRun(third, 'genenv', 1, [0.2, 0.5, 0.5]);
    writeRun(third, 'uniform', 1, [0.2, 0.4, 0.5]);
    writeRun(third, 'uniform', 2, [0.2, 0.4, 0.5]);
    await expect(pooledSuite({ runs: [first, `w13=${third}`] })).rejects.toThrow(
      'w13 has genenv on seeds 1, w11 on 1, 2: pool comparisons of the same run seeds, every run finished',
    );
    await expect(pooledSuite({ runs: [first], baselines: ['random'] })).rejects.toThrow(
      'baseline "random" is not a variant of the comparison (its variants: genenv, uniform)',
    );
    await expect(pooledSuite({})).rejects.toThrow('pooled needs --runs');
  });
});

describe('npm run lab -- claim', () => {
  it('gives the rollouts to reach the strongest baseline beside the pairs', async () => {
    const text = await claimSuite({ runs: [second] });
    // Genenv's mean is 0.5 at epoch 2 on world 12 (0.5 and 0.5), uniform's final 0.5.
    expect(text).toContain(
      "rollouts to reach uniform's final test-hard 0.500 (the strongest of uniform; the first evaluated epoch whose " +
        "mean over seeds reaches it): genenv 16 at epoch 2 (0.50× uniform's, 2/2 seeds alone); uniform 32 at epoch 4 " +
        "(1.00× uniform's, 2/2 seeds alone)",
    );
    const json = JSON.parse(await claimSuite({ runs: [second], json: true, baselines: ['genenv'] }));
    expect(json.rolloutsToReach).toMatchObject({ baseline: 'genenv', baselines: ['genenv'], target: 0.6 });
  });
});
