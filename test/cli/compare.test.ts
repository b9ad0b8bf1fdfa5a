import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ComparisonSchema } from '../../src/interfaces/index.ts';
import { runCli } from '../support/run-cli.ts';

describe('genenv compare on the student preset', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'genenv-compare-')), 'comparison');
  const args = [
    'compare',
    '--preset',
    'student',
    '--variants',
    'genenv,random,uniform,static,base,static-2x',
    '--seeds',
    '2',
    '--epochs',
    '12',
    '--out',
    out,
    '--quiet',
  ];

  it('runs every variant and seed with the same budget and writes comparison.json and a report', async () => {
    const result = await runCli(args);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/genenv\s+\d\.\d{3} ± \d\.\d{3}/);
    const comparison = ComparisonSchema.parse(JSON.parse(readFileSync(join(out, 'comparison.json'), 'utf8')));
    expect(comparison.variants.map((variant) => variant.variant)).toEqual([
      'genenv',
      'random',
      'uniform',
      'static',
      'base',
      'static-2x',
    ]);
    const byName = Object.fromEntries(comparison.variants.map((variant) => [variant.variant, variant]));
    for (const variant of comparison.variants) {
      expect(variant.seeds).toEqual([1, 2]);
      for (const set of ['test-id', 'test-hard']) {
        expect(variant.perSeed[set]).toHaveLength(2);
        const [low, high] = variant.interval[set]!;
        expect(low).toBeLessThanOrEqual(variant.mean[set]!);
        expect(high).toBeGreaterThanOrEqual(variant.mean[set]!);
      }
    }
    expect(byName.base!.syntheticSamples).toBe(0);
    expect(byName.genenv!.syntheticSamples).toBeGreaterThan(0);
    // Uniform draws count as synthetic; some knob combinations cannot be instantiated, so a few fewer than genenv.
    expect(byName.uniform!.syntheticSamples).toBeGreaterThan(0);
    expect(byName.uniform!.syntheticSamples).toBeLessThanOrEqual(byName.genenv!.syntheticSamples);
    // Static uses about as many synthetic tasks as genenv; static-2x about twice as many.
    expect(byName.static!.syntheticSamples / byName.genenv!.syntheticSamples).toBeGreaterThan(0.9);
    expect(byName.static!.syntheticSamples / byName.genenv!.syntheticSamples).toBeLessThan(1.1);
    expect(byName['static-2x']!.syntheticSamples / byName.genenv!.syntheticSamples).toBeGreaterThan(1.8);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('data-chart="data-efficiency"');
    // Data efficiency beside final accuracy: per variant, the rollouts to reach the strongest baseline's test-hard.
    const reach = comparison.rolloutsToReach!;
    expect(reach.set).toBe('test-hard');
    expect(reach.baselines).toEqual(['random', 'uniform', 'static', 'base', 'static-2x']);
    expect(reach.target).toBe(Math.max(...reach.baselines.map((name) => byName[name]!.mean['test-hard']!)));
    expect(reach.variants.map((figure) => figure.variant)).toEqual(
      comparison.variants.map((variant) => variant.variant),
    );
    // The strongest baseline reaches its own final accuracy by its last epoch at the latest.
    expect(reach.variants.find((figure) => figure.variant === reach.baseline)!.epoch).not.toBeNull();
    expect(result.stdout).toContain(`rollouts to ${reach.baseline}'s test-hard`);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('data-table="rollouts-to-reach"');
  }, 240_000);

  it('resumes: finished runs are kept, not redone, also when the stored config lists its keys in another order', async () => {
    const summary = join(out, 'genenv', 'seed-1', 'summary.json');
    const before = statSync(summary).mtimeMs;
    const baseFile = join(out, 'base-config.json');
    const stored = JSON.parse(readFileSync(baseFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(baseFile, JSON.stringify(Object.fromEntries(Object.entries(stored).reverse())));
    const result = await runCli(args);
    expect(result.code, result.stderr).toBe(0);
    expect(statSync(summary).mtimeMs).toBe(before);
  }, 120_000);

  it('refuses a baseline that is not one of its variants, in one line, before any run', async () => {
    const elsewhere = join(mkdtempSync(join(tmpdir(), 'genenv-compare-baselines-')), 'comparison');
    const result = await runCli([...args.slice(0, -3), '--baselines', 'random,unifrom', '--out', elsewhere, '--quiet']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      'genenv: baseline "unifrom" is not a variant of the comparison (its variants: genenv, random, uniform, static, ' +
        'base, static-2x)',
    );
    expect(existsSync(elsewhere)).toBe(false);
  });

  it('refuses to mix another config into an existing comparison', async () => {
    const result = await runCli([...args, '--alpha', '0.3']);
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim()).toMatch(/holds a comparison with another config/);
  });
});

describe('genenv compare --seeds as a list or range, and --world-seed', () => {
  it('runs exactly the seeds named, in their folders, and records them', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'genenv-compare-seeds-')), 'comparison');
    const result = await runCli([
      'compare',
      '--preset',
      'student',
      '--variants',
      'genenv',
      '--seeds',
      '101-102,105',
      '--epochs',
      '2',
      '--out',
      out,
      '--quiet',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const comparison = ComparisonSchema.parse(JSON.parse(readFileSync(join(out, 'comparison.json'), 'utf8')));
    expect(comparison.seeds).toEqual([101, 102, 105]);
    expect(comparison.worldSeed).toBeUndefined();
    expect(comparison.variants[0]!.runs).toEqual(['genenv/seed-101', 'genenv/seed-102', 'genenv/seed-105']);
    const config = JSON.parse(readFileSync(join(out, 'genenv', 'seed-105', 'config.json'), 'utf8'));
    expect(config.seed).toBe(105);
  }, 240_000);

  it('gives every run the world seed and the width in one command (here as a job list: nothing runs)', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'genenv-compare-width-')), 'comparison');
    const jobs = join(out, '..', 'jobs.txt');
    const result = await runCli([
      'compare',
      '--variants',
      'genenv,uniform',
      '--seeds',
      '3',
      '--world-seed',
      '5',
      '--width',
      '3',
      '--out',
      out,
      '--job-list',
      jobs,
      '--quiet',
    ]);
    expect(result.code, result.stderr).toBe(0);
    for (const folder of ['genenv/seed-1', 'uniform/seed-3']) {
      const config = JSON.parse(readFileSync(join(out, folder, 'config.json'), 'utf8'));
      expect(config.domain).toMatchObject({ name: 'ladder', options: { worldSeed: 5, width: 3 } });
    }
    const refused = await runCli(['compare', '--preset', 'student', '--width', '3', '--out', `${out}-student`]);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/width/);
  }, 120_000);

  it('refuses a world seed on a domain without one, in one line, before any run', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'genenv-compare-world-')), 'comparison');
    const result = await runCli(['compare', '--preset', 'student', '--world-seed', '4', '--out', out, '--quiet']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/worldSeed/);
  });
});
