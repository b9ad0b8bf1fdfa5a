import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunSummary, RunSummarySchema } from '../../src/interfaces/index.ts';
import { BIN, runCli } from '../support/run-cli.ts';
import { processState, startUnreaped, until, type UnreapedProcess } from '../support/unreaped-process.ts';

const root = mkdtempSync(join(tmpdir(), 'genenv-kill-resume-'));
const EPOCHS = 30;
const RUN = ['run', '--preset', 'student', '--seed', '1', '--epochs', String(EPOCHS), '--quiet', '--no-report'];

function readSummary(directory: string): RunSummary {
  return RunSummarySchema.parse(JSON.parse(readFileSync(join(directory, 'summary.json'), 'utf8')));
}

/** All but the wall clock: what a resumed run must share with an uninterrupted one. */
const comparable = (summary: RunSummary): unknown => ({ ...summary, wallSeconds: 0 });

/** Epochs committed so far (epoch 0 included), from metrics.jsonl. */
function committedEpochs(directory: string): number {
  const metrics = join(directory, 'metrics.jsonl');
  return existsSync(metrics) ? readFileSync(metrics, 'utf8').split('\n').filter(Boolean).length : 0;
}

const parents: UnreapedProcess[] = [];
afterAll(() => {
  for (const parent of parents) parent.end();
});

// As a scheduler preempts a job: kill -9 of the run's whole process group, by a parent that never reaps it (a
// container's first process that reaps nothing), so the run stays a zombie with its pid while it is resumed.
describe('kill -9 of a run under a parent that does not reap, then --resume', { timeout: 60_000 }, () => {
  let reference: RunSummary;
  beforeAll(async () => {
    const out = join(root, 'uninterrupted');
    const result = await runCli([...RUN, '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    reference = readSummary(out);
  });

  it.each([0.25, 0.5, 0.75])('killed at %s of the epochs: the uninterrupted summary', async (share) => {
    const out = join(root, `killed-${share}`);
    // setsid: the run leads a process group of its own, as a scheduler's job step does.
    const run = await startUnreaped(['setsid', process.execPath, BIN, ...RUN, '--out', out]);
    parents.push(run);
    await until(() => committedEpochs(out) > Math.round(share * EPOCHS), `${share} of the epochs`);
    process.kill(-run.pid, 'SIGKILL');
    await until(() => processState(run.pid) === 'Z', 'the run to be a zombie', 10);
    expect(committedEpochs(out)).toBeLessThan(EPOCHS + 1);
    const resumed = await runCli(['run', '--resume', out, '--quiet', '--no-report']);
    expect(resumed.code, resumed.stderr).toBe(0);
    // Resumed while the killed run is still a zombie holding its pid.
    expect(processState(run.pid)).toBe('Z');
    expect(comparable(readSummary(out))).toEqual(comparable(reference));
  });
});
