import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunSummary, RunSummarySchema } from '../../src/interfaces/index.ts';
import { BIN, runCli } from '../support/run-cli.ts';
import { processState, startUnreaped, until, type UnreapedProcess } from '../support/unreaped-process.ts';

const root = mkdtempSync(join(tmpdir(), 'genenv-signals-'));
const RUN = ['run', '--preset', 'student', '--seed', '1', '--quiet', '--no-report'];

function readSummary(directory: string): RunSummary {
  return RunSummarySchema.parse(JSON.parse(readFileSync(join(directory, 'summary.json'), 'utf8')));
}

/** What must be identical between an interrupted-and-resumed run and an uninterrupted one: all but wall time. */
function comparable(summary: RunSummary): unknown {
  return { ...summary, wallSeconds: 0 };
}

/** Epochs committed so far, from metrics.jsonl (one line each). */
function committedEpochs(directory: string): number {
  const metrics = join(directory, 'metrics.jsonl');
  return existsSync(metrics) ? readFileSync(metrics, 'utf8').trim().split('\n').filter(Boolean).length : 0;
}

/** A child process with its output collected, and its exit. */
function started(child: ChildProcess) {
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => {
    output.stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output.stderr += chunk.toString();
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, output, exit };
}

/** The processes whose command line holds `text` (Linux /proc). */
function processesWith(text: string): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text)) found.push(Number(pid));
    } catch {
      // The process ended while the list was read.
    }
  }
  return found;
}

const processWith = (text: string): boolean => processesWith(text).length > 0;

// A failed test may leave a service of its own running (orphaned under npx): it is ended here, and so are the
// parents that keep killed runs as zombies.
const unreaped: UnreapedProcess[] = [];
afterAll(() => {
  for (const pid of processesWith(root)) process.kill(pid, 'SIGKILL');
  for (const parent of unreaped) parent.end();
});

describe('genenv run stops on a signal at an epoch boundary', { timeout: 240_000 }, () => {
  let reference: RunSummary;
  beforeAll(async () => {
    const out = join(root, 'uninterrupted');
    const result = await runCli([...RUN, '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    reference = readSummary(out);
  }, 240_000);

  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    it(`${signal}: exits ${code} with one line, and --resume gives the uninterrupted summary`, async () => {
      const out = join(root, signal);
      const run = started(spawn(process.execPath, [BIN, ...RUN, '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] }));
      await until(() => committedEpochs(out) >= 3, 'three committed epochs');
      run.child.kill(signal);
      const exit = await run.exit;
      expect(exit.code, run.output.stderr).toBe(code);
      const stopped = committedEpochs(out);
      expect(stopped).toBeLessThan(reference.epochs.length);
      expect(run.output.stderr.trim().split('\n')).toEqual([
        `genenv: stopped by ${signal} after epoch ${stopped - 1} (committed); genenv run --resume ${out} continues it`,
      ]);
      const resumed = await runCli(['run', '--resume', out, '--quiet', '--no-report']);
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(comparable(readSummary(out))).toEqual(comparable(reference));
    });
  }

  // As a scheduler preempts a job: kill -9 of the run's whole process group, by a parent that never reaps it (a
  // container's first process that reaps nothing), so the run stays a zombie, pid and all, while it is resumed.
  it.each([
    ['25%', 0.25],
    ['50%', 0.5],
    ['75%', 0.75],
  ])(
    'SIGKILL of its process group at %s of the epochs under a parent that never reaps it: --resume gives the uninterrupted summary',
    async (_, share) => {
      const out = join(root, `killed-${share}`);
      // setsid: the run leads a process group of its own, as a scheduler's job step does.
      const run = await startUnreaped(['setsid', process.execPath, BIN, ...RUN, '--out', out]);
      unreaped.push(run);
      await until(() => committedEpochs(out) > Math.round(share * (reference.epochs.length - 1)), `${share} of it`);
      process.kill(-run.pid, 'SIGKILL');
      await until(() => processState(run.pid) === 'Z', 'the run to be a zombie', 10);
      expect(committedEpochs(out)).toBeLessThan(reference.epochs.length);
      const resumed = await runCli(['run', '--resume', out, '--quiet', '--no-report']);
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(processState(run.pid)).toBe('Z');
      expect(comparable(readSummary(out))).toEqual(comparable(reference));
    },
  );
});

describe('genenv compare stops on a signal', { timeout: 240_000 }, () => {
  it('SIGTERM reaches every running run; exit 143, and the same command continues the comparison', async () => {
    const out = join(root, 'compare');
    const args = ['compare', '--preset', 'student', '--variants', 'genenv,random', '--seeds', '2', '--epochs', '12'];
    const compare = started(
      spawn(process.execPath, [BIN, ...args, '--parallel', '4', '--out', out, '--quiet'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    await until(() => committedEpochs(join(out, 'genenv', 'seed-1')) >= 2, 'a run to commit two epochs');
    compare.child.kill('SIGTERM');
    const exit = await compare.exit;
    expect(exit.code, compare.output.stderr).toBe(143);
    expect(compare.output.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^genenv: stopped by SIGTERM with [0-3] of 4 runs finished; the same command with --out ${out} continues`,
        ),
      ),
    ]);
    // The runs got the signal too and have stopped: none is left running on its own.
    expect(processWith(out)).toBe(false);
    const again = await runCli([...args, '--out', out, '--quiet']);
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(join(out, 'comparison.json'))).toBe(true);
  });
});

/** A project with genenv as its bin (node_modules/.bin/genenv), for `npm exec genenv`. */
function npxProject(): string {
  const project = join(root, 'npx-project');
  if (existsSync(project)) return project;
  mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true });
  writeFileSync(join(project, 'package.json'), '{"name": "uses-genenv", "version": "1.0.0", "private": true}\n');
  symlinkSync(BIN, join(project, 'node_modules', '.bin', 'genenv'));
  return project;
}

describe('genenv run through npx stops on Ctrl-C', { timeout: 240_000 }, () => {
  // A terminal's Ctrl-C reaches npm, its shell and genenv at once; the shell's death must not count as a second
  // signal (which would exit at once), so the run still stops after its epoch.
  it('SIGINT to the whole process group: one stop at an epoch boundary, exit 130', async () => {
    const out = join(root, 'npx-run');
    const run = started(
      spawn('npm', ['exec', '--no', '--', 'genenv', ...RUN, '--out', out], {
        cwd: npxProject(),
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    await until(() => committedEpochs(out) >= 3, 'three committed epochs');
    process.kill(-run.child.pid!, 'SIGINT');
    await run.exit;
    await until(() => !processWith(out), 'the run to end', 60);
    expect(run.output.stderr).toMatch(/genenv: stopped by SIGINT after epoch \d+ \(committed\)/);
    expect(run.output.stderr).not.toMatch(/second/);
  });
});

/** Starts `genenv serve` on the student preset through `command`, and waits until it listens. */
async function startServe(command: string, args: string[], out: string, cwd?: string) {
  const serve = started(
    spawn(command, [...args, 'serve', '--preset', 'student', '--port', '0', '--out', out], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  await until(() => /listening on (http:\/\/\S+)/.test(serve.output.stdout), 'the service to listen', 180);
  const url = /listening on (http:\/\/\S+)/.exec(serve.output.stdout)![1]!;
  const health = await fetch(`${url}/health`);
  expect(health.status).toBe(200);
  return { ...serve, url };
}

async function refused(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
    return false;
  } catch {
    return true;
  }
}

describe('genenv serve stops on a signal', { timeout: 240_000 }, () => {
  it('SIGTERM: closes after its in-flight writes, exits 0', async () => {
    const out = join(root, 'serve');
    const serve = await startServe(process.execPath, [BIN], out);
    serve.child.kill('SIGTERM');
    const exit = await serve.exit;
    expect(exit.code, serve.output.stderr).toBe(0);
    expect(serve.output.stdout).toContain('genenv serve: SIGTERM: finishing in-flight writes and closing');
    expect(await refused(serve.url)).toBe(true);
    // A clean close checkpoints SQLite's write-ahead log and removes it: everything written is in run.sqlite.
    expect(existsSync(join(out, 'run.sqlite'))).toBe(true);
    expect(existsSync(join(out, 'run.sqlite-wal'))).toBe(false);
  });

  // npm runs a bin through `sh -c` and forwards SIGTERM to that shell only; the service must still stop.
  it('through npx: SIGTERM to the npm process stops the service', async () => {
    const project = npxProject();
    const out = join(root, 'serve-npx');
    // --no: never look in a registry; the bin is the project's own.
    const serve = await startServe('npm', ['exec', '--no', '--', 'genenv'], out, project);
    expect(processWith(out)).toBe(true);
    serve.child.kill('SIGTERM');
    await serve.exit;
    await until(() => !processWith(out), 'the service process to end', 30);
    expect(await refused(serve.url)).toBe(true);
    expect(serve.output.stdout).toContain('genenv serve: SIGTERM: finishing in-flight writes and closing');
    expect(existsSync(join(out, 'run.sqlite-wal'))).toBe(false);
  });
});
