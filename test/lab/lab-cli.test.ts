import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { DiagnosticSchema } from '../../src/interfaces/summary.ts';
import { runCli, runNode } from '../support/run-cli.ts';

const LAB = fileURLToPath(new URL('../../bin/genenv-lab.js', import.meta.url));

/** Runs the lab (`npm run lab -- ...`) in a child process, as a researcher would. */
const runLab = (args: string[]) => runNode([LAB, ...args]);

/**
 * A student-preset run of `epochs` epochs in a fresh folder, then `npm run lab -- <suite> --runs run,run --out
 * folder`; `check` looks at the result and the folder (removed afterwards).
 */
async function benchOnStudentRun(
  suite: string,
  epochs: number,
  check: (folder: string, run: string, result: Awaited<ReturnType<typeof runCli>>) => Promise<void> | void,
): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), `genenv-${suite}-`));
  try {
    const run = join(folder, 'run');
    const made = await runCli(['run', '--preset', 'student', '--epochs', String(epochs), '--seed', '2', '--out', run]);
    expect(made.code, made.stderr).toBe(0);
    const result = await runLab([suite, '--runs', `${run},${run}`, '--out', folder]);
    expect(result.code, result.stderr).toBe(0);
    await check(folder, run, result);
    const usage = await runLab([suite, '--runs', run]);
    expect(usage.code).toBe(2);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('the lab’s diagnostics', () => {
  it('thm1 prints the mis-ranking table and writes its JSON with --out', async () => {
    const out = mkdtempSync(join(tmpdir(), 'genenv-thm1-'));
    try {
      const result = await runLab(['thm1', '--quick', '--out', out]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('P(mis-rank) exact');
      const written = JSON.parse(readFileSync(join(out, 'thm1.json'), 'utf8'));
      expect(written.suite).toBe('thm1');
      // In the shape `genenv report` reads, naming the command that reproduces it.
      const diagnostic = DiagnosticSchema.parse(
        JSON.parse(readFileSync(join(out, 'diagnostics', 'thm1.json'), 'utf8')),
      );
      expect(diagnostic.name).toBe('thm1');
      expect(diagnostic.description).toBe('npm run lab -- thm1 --quick');
      expect(diagnostic.rows[0]).toHaveLength(diagnostic.columns.length);
      // Every exact mis-ranking probability stays under the paper's bound (capped at 1).
      for (const row of written.rows) expect(row.exact).toBeLessThanOrEqual(Math.min(1, row.bound) + 1e-12);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);

  it('runs only from the lab: genenv bench refuses it, and an unknown suite is one usage line', async () => {
    const bench = await runCli(['bench', '--suite', 'thm1']);
    expect(bench.code).toBe(2);
    expect(bench.stderr.trim().split('\n')).toHaveLength(1);
    const unknown = await runLab(['fastest']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    expect(unknown.stderr).toContain('thm1');
  }, 60_000);

  it('curriculum without two runs is a one-line usage error', async () => {
    const result = await runLab(['curriculum', '--runs', 'only-one']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('--runs A,B');
  }, 60_000);

  it('signal reads the generated rollouts of two runs, per epoch, and writes its JSON with --out', async () => {
    await benchOnStudentRun('signal', 1, (folder, _run, result) => {
      expect(result.stdout).toContain('rollouts with signal');
      const written = JSON.parse(readFileSync(join(folder, 'signal.json'), 'utf8'));
      const epochs = written.runs[0].epochs as { epoch: number; rollouts: number; signalShare: number }[];
      expect(epochs.map((epoch) => epoch.epoch)).toEqual([0, 1]);
      // The student preset: 32 task types × 8 variations × 32 attempts per epoch.
      for (const epoch of epochs) {
        expect(epoch.rollouts).toBe(32 * 8 * 32);
        expect(epoch.signalShare).toBeGreaterThanOrEqual(0);
        expect(epoch.signalShare).toBeLessThanOrEqual(1);
      }
      // Epoch 1's task types, field by field of the arithmetic spec, then all fields together.
      expect(result.stdout).toContain('what explains p̂ across task types');
      const sources = written.runs[0].sources as { field: string; levels: number; share: number | null }[];
      expect(sources.length).toBeGreaterThan(1);
      expect(sources.at(-1)!.field).toBe('all fields');
      for (const source of sources) if (source.share !== null) expect(source.share).toBeGreaterThanOrEqual(0);
      const diagnostic = JSON.parse(readFileSync(join(folder, 'diagnostics', 'signal.json'), 'utf8'));
      expect(diagnostic.rows).toHaveLength(2);
      expect(diagnostic.rows[0]).toHaveLength(diagnostic.columns.length);
    });
  }, 120_000);

  it('transfer re-evaluates the first and last checkpoints as the run did, family by family', async () => {
    await benchOnStudentRun('transfer', 12, (folder, run, result) => {
      expect(result.stdout).toContain('Held-out transfer by family');
      const written = JSON.parse(readFileSync(join(folder, 'transfer.json'), 'utf8'));
      const metrics = readFileSync(join(run, 'metrics.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { epoch: number; heldOutAccuracy: Record<string, number> });
      const transfer = written.runs[0] as {
        firstEpoch: number;
        lastEpoch: number;
        sets: {
          name: string;
          before: number;
          after: number;
          families: { items: number; before: number; rollouts: number; signalRollouts: number }[];
        }[];
      };
      expect([transfer.firstEpoch, transfer.lastEpoch]).toEqual([0, 12]);
      for (const set of transfer.sets) {
        // The same greedy evaluation as the loop's: epoch 0's and epoch 12's recorded accuracies.
        expect(set.before).toBeCloseTo(metrics[0]!.heldOutAccuracy[set.name]!, 12);
        expect(set.after).toBeCloseTo(metrics[12]!.heldOutAccuracy[set.name]!, 12);
        const items = set.families.reduce((sum, family) => sum + family.items, 0);
        const weighted = set.families.reduce((sum, family) => sum + family.before * family.items, 0) / items;
        expect(weighted).toBeCloseTo(set.before, 12);
        for (const family of set.families) expect(family.signalRollouts).toBeLessThanOrEqual(family.rollouts);
      }
    });
  }, 120_000);

  it('curriculum on a folder without a run says so in one line', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'genenv-empty-'));
    try {
      const result = await runLab(['curriculum', '--runs', `${empty},${empty}`]);
      // A --runs value that names no run is invalid input: exit 2, as for a bad flag or config.
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('holds no run.sqlite');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 60_000);
});
