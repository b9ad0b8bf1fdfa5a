import { mkdtempSync, rmSync, writeFileSync, readFileSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GenEnvError } from '../interfaces/errors.ts';
import { loadComparison } from './comparison-data.ts';
import { loadRun, mergeEpochs } from './run-data.ts';
import { fixtureEpoch, writeComparisonFixture, writeRunFixture } from '../../test/support/report-fixtures.ts';

let root = '';
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'genenv-report-data-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The GenEnvError a call throws (fails the test when it throws something else or nothing). */
function storeError(call: () => unknown): GenEnvError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(GenEnvError);
    expect((error as GenEnvError).code).toBe('invalid-file');
    expect((error as GenEnvError).message).not.toContain('\n');
    return error as GenEnvError;
  }
  throw new Error('expected a GenEnvError');
}

describe('mergeEpochs', () => {
  const options = { variant: 'genenv' as const, seed: 1, epochs: 4 };
  it('keeps summary entries, adds epochs only metrics.jsonl has, and sorts by epoch', () => {
    const summary = [fixtureEpoch(options, 1), fixtureEpoch(options, 0)];
    const lines = [
      fixtureEpoch(options, 0),
      { ...fixtureEpoch(options, 1), agentReward: 0.99 },
      fixtureEpoch(options, 2),
    ];
    const merged = mergeEpochs(summary, lines);
    expect(merged.map((entry) => entry.epoch)).toEqual([0, 1, 2]);
    expect(merged[1]!.agentReward).toBe(summary[0]!.agentReward);
  });

  it('lets a re-logged epoch (after resume) replace the earlier line', () => {
    const merged = mergeEpochs(
      [],
      [
        { ...fixtureEpoch(options, 1), agentReward: 0.1 },
        { ...fixtureEpoch(options, 1), agentReward: 0.2 },
      ],
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]!.agentReward).toBe(0.2);
  });
});

describe('loadRun', () => {
  it('reads a valid run directory', () => {
    const epochs = writeRunFixture(join(root, 'run'), { variant: 'random', seed: 7, epochs: 3 });
    const run = loadRun(join(root, 'run'));
    expect(run.summary.variant).toBe('random');
    expect(run.config.seed).toBe(7);
    expect(run.epochs).toEqual(epochs);
  });

  it('reads runs stored before task types per difficulty level were recorded, and keeps the counts when present', () => {
    writeRunFixture(join(root, 'old'), { variant: 'genenv', seed: 1, epochs: 2 });
    const old = loadRun(join(root, 'old'));
    expect(old.epochs.every((entry) => !('difficultyCounts' in entry))).toBe(true);
    expect(old.summary.epochs.every((entry) => entry.difficultyCounts === undefined)).toBe(true);
    const epochs = writeRunFixture(join(root, 'new'), {
      variant: 'genenv',
      seed: 1,
      epochs: 2,
      difficultyLevels: true,
    });
    const run = loadRun(join(root, 'new'));
    expect(run.epochs.map((entry) => entry.difficultyCounts)).toEqual(epochs.map((entry) => entry.difficultyCounts));
    expect(run.epochs[1]!.difficultyCounts).not.toEqual({});
  });

  it('rejects task-type counts keyed by something other than an integer level', () => {
    writeRunFixture(join(root, 'run'), { variant: 'genenv', seed: 1, epochs: 2, difficultyLevels: true });
    const path = join(root, 'run', 'summary.json');
    const summary = JSON.parse(readFileSync(path, 'utf8'));
    summary.epochs[1].difficultyCounts = { '1.5': 2 };
    writeFileSync(path, JSON.stringify(summary));
    expect(storeError(() => loadRun(join(root, 'run'))).message).toMatch(
      /summary\.json is malformed: epochs\.1\.difficultyCounts/,
    );
  });

  it('names the missing file', () => {
    writeRunFixture(join(root, 'run'), { variant: 'genenv', seed: 1, epochs: 2 });
    unlinkSync(join(root, 'run', 'metrics.jsonl'));
    expect(storeError(() => loadRun(join(root, 'run'))).message).toMatch(/run\/metrics\.jsonl is missing/);
  });

  it('names the file and the field of a schema violation', () => {
    writeRunFixture(join(root, 'run'), { variant: 'genenv', seed: 1, epochs: 2 });
    const path = join(root, 'run', 'summary.json');
    const summary = JSON.parse(readFileSync(path, 'utf8'));
    summary.epochs[1].successRate = 1.5;
    writeFileSync(path, JSON.stringify(summary));
    expect(storeError(() => loadRun(join(root, 'run'))).message).toMatch(
      /summary\.json is malformed: epochs\.1\.successRate/,
    );
  });

  it('reports unparsable JSON and the bad line of metrics.jsonl', () => {
    writeRunFixture(join(root, 'run'), { variant: 'genenv', seed: 1, epochs: 2 });
    writeFileSync(
      join(root, 'run', 'metrics.jsonl'),
      `${JSON.stringify(fixtureEpoch({ variant: 'genenv', seed: 1, epochs: 2 }, 0))}\n{"epoch": 1,\n`,
    );
    expect(storeError(() => loadRun(join(root, 'run'))).message).toMatch(/metrics\.jsonl line 2 is not valid JSON/);
    writeFileSync(join(root, 'run', 'config.json'), '{ not json');
    expect(storeError(() => loadRun(join(root, 'run'))).message).toMatch(/config\.json is not valid JSON/);
  });

  it('rejects a config that is not a resolved RunConfig', () => {
    writeRunFixture(join(root, 'run'), { variant: 'genenv', seed: 1, epochs: 2 });
    const path = join(root, 'run', 'config.json');
    writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), alpha: 2 }));
    expect(storeError(() => loadRun(join(root, 'run'))).message).toMatch(/config\.json is malformed: alpha/);
  });

  it('rejects a summary whose seed differs from the config', () => {
    writeRunFixture(join(root, 'run'), { variant: 'genenv', seed: 1, epochs: 2 });
    const path = join(root, 'run', 'summary.json');
    writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), seed: 2 }));
    expect(storeError(() => loadRun(join(root, 'run'))).message).toMatch(/seed 2 does not match config\.json seed 1/);
  });
});

describe('loadComparison', () => {
  it('reads comparison.json and its runs relative to the comparison directory', () => {
    const comparison = writeComparisonFixture(join(root, 'comparison'), [1, 2], 3);
    const data = loadComparison(join(root, 'comparison'));
    expect([...data.runsByVariant.keys()]).toEqual(comparison.variants.map((variant) => variant.variant));
    expect(data.runsByVariant.get('static-2x')!.map((run) => run.summary.seed)).toEqual([1, 2]);
  });

  it('fails with the name of a missing run file', () => {
    writeComparisonFixture(join(root, 'comparison'), [1], 2);
    unlinkSync(join(root, 'comparison', 'runs', 'random', 'seed-1', 'summary.json'));
    expect(storeError(() => loadComparison(join(root, 'comparison'))).message).toMatch(
      /seed-1\/summary\.json is missing/,
    );
  });
});
