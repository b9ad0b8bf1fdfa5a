import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { reportCommand } from '../../src/cli/report-command.ts';
import { runCommand } from '../../src/cli/run-command.ts';
import { ServeClient, runTrainerLoop } from '../../src/serve-client/client.ts';
import type { RunSummary } from '../../src/interfaces/index.ts';
import { SimulatedStudent } from '../../src/policies/student/student.ts';
import { confidenceInterval95, mean } from '../../src/util/statistics.ts';
import { serveRun } from './serve-fixture.ts';

// The student preset's learner and simulator, smaller: 16 task types × 2 variations × 8 attempts an epoch.
const CONFIG = { epochs: 8, tasksPerEpoch: 16, variations: 2, samples: 8 };

/** Mean |p̂ − α| over the task types of epochs `from`..`to` (inclusive). */
const distance = (summary: RunSummary, from: number, to: number) =>
  mean(summary.epochs.slice(from, to + 1).flatMap((epoch) => epoch.successRates.map((rate) => Math.abs(rate - 0.5))))!;

it('calibrates p̂ toward α when an external trainer trains over HTTP, like the in-process loop', async () => {
  const inProcess: number[] = [];
  for (const seed of [1, 2, 3]) {
    const out = mkdtempSync(join(tmpdir(), 'genenv-inprocess-'));
    const { summary } = await runCommand({
      out,
      quiet: true,
      skipReport: true,
      preset: 'student',
      overrides: { ...CONFIG, seed },
    });
    inProcess.push(distance(summary, 6, 8));
    rmSync(out, { recursive: true, force: true });
  }
  const served = await serveRun(CONFIG, { prefetch: 0 });
  try {
    // The trainer owns its model: the student warm-starts itself, then learns from each epoch's groups.
    const student = new SimulatedStudent({ learningRate: 0.05, slope: 0.8 });
    await student.warmStart([{ prompt: {} as never, target: '' }]);
    const client = new ServeClient(served.url);
    await runTrainerLoop({ client, student, concurrency: 32, groupsPerUpdate: 32, seed: 1 });
    client.close();
    const summary = JSON.parse(readFileSync(join(served.directory, 'summary.json'), 'utf8')) as RunSummary;
    expect(summary.completedEpochs).toBe(8);
    const start = distance(summary, 0, 2);
    const end = distance(summary, 6, 8);
    const [, upper] = confidenceInterval95(inProcess);
    expect(end).toBeLessThan(start);
    expect(end).toBeLessThanOrEqual(upper);
    // `genenv report DIR` renders a served run like any other.
    await served.close();
    expect(await reportCommand(served.directory)).toMatch(/report written: .*report\.html/);
  } finally {
    await served.stop();
  }
}, 60_000);
