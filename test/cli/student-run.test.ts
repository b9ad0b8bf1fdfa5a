import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RunSummarySchema, type RunSummary } from '../../src/interfaces/index.ts';
import { claimRunDirectory } from '../../src/store/run-lock.ts';
import { spawn } from 'node:child_process';
import { BIN, runCli } from '../support/run-cli.ts';

const root = mkdtempSync(join(tmpdir(), 'genenv-student-'));
const EPOCHS = 30;

function readSummary(directory: string): RunSummary {
  return RunSummarySchema.parse(JSON.parse(readFileSync(join(directory, 'summary.json'), 'utf8')));
}

/** Summary without wall-clock fields: what must be identical between equivalent runs. */
function comparable(summary: RunSummary): unknown {
  return { ...summary, wallSeconds: 0, epochs: summary.epochs };
}

/** metrics.csv without its time/ columns (wall clock differs between equivalent runs), as lines of cells. */
function csvWithoutTime(directory: string): string[][] {
  const [header, ...rows] = readFileSync(join(directory, 'metrics.csv'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(','));
  const kept = header!.map((name, column) => (name.startsWith('time/') ? -1 : column)).filter((column) => column >= 0);
  return [header!, ...rows].map((cells) => kept.map((column) => cells[column]!));
}

const lastHalfInBand = (summary: RunSummary) => {
  const half = summary.epochs.slice(Math.ceil(summary.epochs.length / 2));
  return half.reduce((sum, epoch) => sum + (epoch.inBandFraction ?? 0), 0) / half.length;
};

async function run(name: string, args: string[], environment: Record<string, string> = {}) {
  const out = join(root, name);
  const result = await runCli(
    ['run', '--preset', 'student', '--seed', '1', '--out', out, '--quiet', '--no-report', ...args],
    environment,
  );
  return { out, result };
}

// Every test runs the CLI end to end (30 epochs, twice for the resume tests): minutes on a loaded two-core machine.
describe('student preset end to end', { timeout: 240_000 }, () => {
  // The uninterrupted genenv run every test compares with, made once before any test so that each test stands alone
  // (any one of them can be run by itself with -t).
  let genenv: { out: string; result: Awaited<ReturnType<typeof runCli>> };
  let reference: RunSummary;
  beforeAll(async () => {
    genenv = await run('genenv', []);
    expect(genenv.result.code, genenv.result.stderr).toBe(0);
    reference = readSummary(genenv.out);
    // Figures are printed rounded (at most three decimals), never as 0.7333333333333333.
    const figure = String.raw`\d+(\.\d{1,3})?`;
    expect(genenv.result.stdout).toMatch(
      new RegExp(
        `^run finished: \\S+ \\(30 epochs, ${figure} s, held-out test-id ${figure}, test-hard ${figure}\\)\n$`,
      ),
    );
  }, 240_000);

  it('genenv keeps generated tasks in the α band; random does not', async () => {
    const random = await run('random', ['--variant', 'random']);
    expect(random.result.code, random.result.stderr).toBe(0);
    const randomSummary = readSummary(random.out);
    expect(reference.epochs).toHaveLength(EPOCHS + 1);
    expect(reference.completedEpochs).toBe(EPOCHS);
    expect(lastHalfInBand(reference)).toBeGreaterThanOrEqual(0.8);
    expect(lastHalfInBand(randomSummary)).toBeLessThanOrEqual(lastHalfInBand(reference) - 0.2);
    // The simulator really moved: its distribution drifted from the warm-started one.
    expect(reference.epochs.at(-1)!.extra['simulator/klToInitial']).toBeGreaterThan(0.5);
    expect(randomSummary.epochs.at(-1)!.extra['simulator/klToInitial']).toBeUndefined();
    // The run directory contract.
    for (const file of ['config.json', 'run.sqlite', 'metrics.jsonl', 'metrics.csv', 'summary.json'])
      expect(existsSync(join(genenv.out, file)), file).toBe(true);
    expect(readFileSync(join(genenv.out, 'metrics.jsonl'), 'utf8').trim().split('\n')).toHaveLength(EPOCHS + 1);
    expect(csvWithoutTime(genenv.out).map((cells) => cells[0])).toEqual([
      'epoch',
      ...Array.from({ length: EPOCHS + 1 }, (_, epoch) => String(epoch)),
    ]);
    // The run gave its directory back.
    claimRunDirectory(genenv.out)();
  });

  it('refuses to resume a directory another live process holds, and leaves the run as it was', async () => {
    const out = join(root, 'held');
    cpSync(genenv.out, out, { recursive: true });
    const release = claimRunDirectory(out);
    const resumed = await runCli(['run', '--resume', out, '--quiet', '--no-report']);
    release();
    expect(resumed.code).not.toBe(0);
    expect(resumed.stderr.trim()).toMatch(new RegExp(`^genenv: .*${out}.* is in use by process ${process.pid}`));
    expect(comparable(readSummary(out))).toEqual(comparable(reference));
  });

  it('is deterministic given the seed', async () => {
    const again = await run('again', []);
    expect(again.result.code, again.result.stderr).toBe(0);
    expect(comparable(readSummary(again.out))).toEqual(comparable(reference));
  });

  it.each([
    ['25% (killed after the checkpoint, before the commit)', `before-commit:${(EPOCHS / 4 + 0.5) | 0}`],
    ['50% (killed right after the commit)', `after-commit:${EPOCHS / 2}`],
    ['75% (killed before the commit)', `before-commit:${((3 * EPOCHS) / 4) | 0}`],
  ])('kill -9 at %s and --resume gives the uninterrupted summary', async (label, point) => {
    const name = `killed-${point.replace(':', '-')}`;
    const killed = await run(name, [], { GENENV_FAILPOINT: point });
    expect(killed.result.signal, label).toBe('SIGKILL');
    const resumed = await runCli(['run', '--resume', killed.out, '--quiet', '--no-report']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(comparable(readSummary(killed.out))).toEqual(comparable(reference));
    // metrics.csv is rendered whole from the database: the redone epoch is not there twice.
    expect(csvWithoutTime(killed.out)).toEqual(csvWithoutTime(genenv.out));
  });

  it('kill -9 from outside at an arbitrary moment mid-run, then --resume, gives the uninterrupted summary', async () => {
    const out = join(root, 'external-kill');
    const child = spawn(
      process.execPath,
      [BIN, 'run', '--preset', 'student', '--seed', '1', '--out', out, '--quiet', '--no-report'],
      { stdio: 'ignore' },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('close', (_code, signal) => resolve(signal)),
    );
    // Poll the committed epochs and kill as soon as half of them are there.
    for (let tries = 0; tries < 3000; tries++) {
      const metrics = join(out, 'metrics.jsonl');
      if (existsSync(metrics) && readFileSync(metrics, 'utf8').split('\n').length > EPOCHS / 2) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    child.kill('SIGKILL');
    const signal = await exited;
    const resumed = await runCli(['run', '--resume', out, '--quiet', '--no-report']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(signal === 'SIGKILL' || readSummary(out).completedEpochs === EPOCHS).toBe(true);
    expect(comparable(readSummary(out))).toEqual(comparable(reference));
    expect(csvWithoutTime(out)).toEqual(csvWithoutTime(genenv.out));
  });
});
