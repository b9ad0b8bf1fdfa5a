import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ComparisonSchema } from '../../src/interfaces/index.ts';
import { BIN, runCli } from '../support/run-cli.ts';

// CI (.ci/run) installs Debian's GNU parallel and sets GENENV_REQUIRE_PARALLEL=1: there a missing one fails the test.
const hasParallel = spawnSync('parallel', ['--version'], { stdio: 'ignore' }).status === 0;
const skipReason =
  hasParallel || process.env.GENENV_REQUIRE_PARALLEL === '1'
    ? null
    : 'GNU parallel is missing (install it with `apt-get install -y parallel` to run it)';
if (skipReason) console.warn(`job list test skipped: ${skipReason}`);

const root = mkdtempSync(join(tmpdir(), 'genenv-job-list-'));
const COMPARE = ['compare', '--preset', 'student', '--variants', 'genenv,static-2x', '--seeds', '2', '--epochs', '6'];

const readComparison = (directory: string) =>
  ComparisonSchema.parse(JSON.parse(readFileSync(join(directory, 'comparison.json'), 'utf8')));

/** A PATH on which `genenv` is this checkout's bin, as on a worker where genenv is installed. */
function pathWithGenenv(): string {
  const folder = join(root, 'bin');
  mkdirSync(folder, { recursive: true });
  symlinkSync(BIN, join(folder, 'genenv'));
  return [folder, dirname(process.execPath), process.env.PATH].join(delimiter);
}

describe.skipIf(skipReason !== null)('genenv compare --job-list, run by GNU parallel, then --collect', () => {
  it('gives the comparison genenv compare gives with the same seeds', { timeout: 240_000 }, async () => {
    const here = await runCli([...COMPARE, '--out', join(root, 'here'), '--quiet']);
    expect(here.code, here.stderr).toBe(0);

    // Relative folders, as a job list is run from the folder it was written in.
    const listed = await runCli([...COMPARE, '--out', 'elsewhere', '--job-list', 'jobs.txt'], {}, root);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^job list written: jobs.txt \(4 of 4 runs to go, in elsewhere\)/);
    const jobs = readFileSync(join(root, 'jobs.txt'), 'utf8');
    expect(jobs.split('\n').filter(Boolean)).toEqual([
      'genenv run --resume elsewhere/genenv/seed-1 --no-report',
      'genenv run --resume elsewhere/genenv/seed-2 --no-report',
      'genenv run --resume elsewhere/static-2x/seed-1 --no-report',
      'genenv run --resume elsewhere/static-2x/seed-2 --no-report',
    ]);
    const collect = [...COMPARE, '--out', 'elsewhere', '--collect'];
    const early = await runCli(collect, {}, root);
    expect(early.code).toBe(2);
    expect(early.stderr.trim().split('\n')).toEqual([
      'genenv: elsewhere/genenv/seed-1 is unfinished (0 of 6 epochs); genenv run --resume elsewhere/genenv/seed-1 continues it',
    ]);

    const parallel = spawnSync('parallel', ['-j', '2'], {
      cwd: root,
      input: jobs,
      encoding: 'utf8',
      env: { ...process.env, PATH: pathWithGenenv() },
    });
    expect(parallel.status, parallel.stderr).toBe(0);
    const collected = await runCli(collect, {}, root);
    expect(collected.code, collected.stderr).toBe(0);
    expect(collected.stdout).toMatch(/comparison written: elsewhere\n$/);
    // The runs' folders are named relative to the comparison's: the same in both, so the whole file is equal.
    expect(readComparison(join(root, 'elsewhere'))).toEqual(readComparison(join(root, 'here')));

    // Everything finished: a job list again has nothing to run.
    const again = await runCli([...COMPARE, '--out', 'elsewhere', '--job-list', 'more.txt'], {}, root);
    expect(again.stdout).toMatch(/\(0 of 4 runs to go/);
    expect(readFileSync(join(root, 'more.txt'), 'utf8')).toBe('');
  });

  it('refuses, naming it, a run folder that is missing or made with other settings', async () => {
    const run = join(root, 'elsewhere', 'static-2x', 'seed-2');
    renameSync(run, `${run}-away`);
    const missing = await runCli([...COMPARE, '--out', 'elsewhere', '--collect'], {}, root);
    renameSync(`${run}-away`, run);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^genenv: elsewhere\/static-2x\/seed-2 is missing: copy the run there/);

    const config = join(run, 'config.json');
    const stored = readFileSync(config, 'utf8');
    writeFileSync(config, JSON.stringify({ ...JSON.parse(stored), alpha: 0.3 }));
    const other = await runCli([...COMPARE, '--out', 'elsewhere', '--collect'], {}, root);
    writeFileSync(config, stored);
    expect(other.code).toBe(2);
    expect(other.stderr.trim().split('\n')).toEqual([
      "genenv: elsewhere/static-2x/seed-2 was run with other settings than the comparison's (alpha: 0.3, not 0.5)",
    ]);

    const unnamed = await runCli([...COMPARE, '--collect'], {}, root);
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr.trim()).toBe('genenv: --collect needs --out DIR, the folder the job list was written for');
  });
});

// Declared only where parallel is missing, so a run with it skips nothing.
if (skipReason) {
  describe('genenv compare --job-list, run by GNU parallel, then --collect', () => {
    it.skip(`skipped: ${skipReason}`, () => undefined);
  });
}
