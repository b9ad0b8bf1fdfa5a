import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/run-command.ts';
import { ServedCurriculum } from '../../src/serve-client/served-episodes.ts';
import type { ServedEpochRecord } from '../../src/serve-client/served-epoch-record.ts';
import { actionOf } from '../../src/serve-client/served-trainer.ts';
import type { RunSummary } from '../../src/interfaces/index.ts';
import { loadBuiltinAgent } from '../../src/policies/builtin/index.ts';
import { vocabularyNameOf } from '../support/metric-vocabulary.ts';
import { runCli } from '../support/run-cli.ts';
import { serveRun } from './serve-fixture.ts';

// The student preset, smaller: 8 task types × 2 variations × 8 attempts an epoch, epochs 0..3.
const STUDENT = { epochs: 3, tasksPerEpoch: 8, variations: 2, samples: 8 };
// The built-in agent at its smallest, on the same world: a neural run through the service in seconds.
const TINY = { epochs: 2, tasksPerEpoch: 4, variations: 2, samples: 4, heldOutLimit: 10, warmStartVariations: 1 };
const TINY_AGENT = { policy: 'builtin', options: { size: 'tiny', workers: 0, trainThreads: 1 } };

const folder = mkdtempSync(join(tmpdir(), 'genenv-served-trainer-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A config file for the trainer (the service gets the same fields, its agent being the trainer). */
function configFile(name: string, config: Record<string, unknown>): string {
  const path = join(folder, `${name}.json`);
  writeFileSync(path, JSON.stringify(config));
  return path;
}

/** `genenv train --serve URL` in its own process, as an external trainer. */
const train = (url: string, config: string, out: string, preset = 'student') =>
  runCli(['train', '--serve', url, '--preset', preset, '--config', config, '--seed', '1', '--out', out, '--quiet']);

/** The header of a directory's metrics.csv. */
const csvColumns = (directory: string) =>
  readFileSync(join(directory, 'metrics.csv'), 'utf8').split('\n')[0]!.split(',');

/** The `extra` names a trainer shares with a run: the agent's warm start and updates. */
const agentNames = (extra: object) =>
  Object.fromEntries(
    Object.entries(extra).filter(([name]) => /^(agent|warmstart\/agent)\/|^warmstart\/demonstrations$/.test(name)),
  );

const records = (out: string) =>
  readFileSync(join(out, 'metrics.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ServedEpochRecord);

describe('genenv train --serve', () => {
  it('trains the simulated student over the protocol and reproduces genenv run exactly (prefetch 0)', async () => {
    const served = await serveRun(STUDENT, { prefetch: 0 });
    const out = join(folder, 'student-train');
    try {
      const result = await train(served.url, configFile('student', STUDENT), out);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/training finished: .* \(4 served epochs/);
      const trained = records(out);
      expect(trained.map((record) => record.epoch)).toEqual([0, 1, 2, 3]);
      // The warm start is version 1; epoch 0 measures it; every later epoch updates the agent once.
      expect(trained.map((record) => record.trainer.agentVersion)).toEqual([1, 1, 2, 3]);
      expect(trained.every((record) => record.trainer.groups === 16 && record.trainer.attempts === 128)).toBe(true);
      expect(JSON.parse(readFileSync(join(out, 'agent', 'student.json'), 'utf8')).updates).toBe(4);
      await served.close();
      const servedSummary = JSON.parse(readFileSync(join(served.directory, 'summary.json'), 'utf8')) as RunSummary;
      const inProcess = await runCommand({
        out: join(folder, 'student-run'),
        quiet: true,
        skipReport: true,
        preset: 'student',
        overrides: { ...STUDENT, seed: 1 },
      });
      // Same warm start, same tasks in the same order, same random streams: the same run.
      expect(servedSummary.epochs.map((epoch) => epoch.successRates)).toEqual(
        inProcess.summary.epochs.map((epoch) => epoch.successRates),
      );
      expect(trained.map((record) => record.heldOutAccuracy)).toEqual(
        inProcess.summary.epochs.map((epoch) => epoch.heldOutAccuracy),
      );
      // The agent's figures under a run's names, and the same values: the warm start at epoch 0, the updates after.
      expect(trained.map((record) => record.extra)).toEqual(
        inProcess.summary.epochs.map((epoch) => agentNames(epoch.extra)),
      );
      expect(Object.keys(trained[0]!.extra)).toContain('warmstart/agent/ability');
      // metrics.csv: every column a name of the vocabulary, those of the quantities a run has too as the run's.
      const columns = csvColumns(out);
      expect(columns.filter((column) => vocabularyNameOf(column) === undefined)).toEqual([]);
      const shared = [
        'epoch',
        'agent/ability',
        'agent/learningSignal',
        'heldout/test-hard',
        'heldout/test-id',
        'warmstart/agent/ability',
        'warmstart/demonstrations',
      ];
      expect(csvColumns(join(folder, 'student-run'))).toEqual(expect.arrayContaining(shared));
      expect(columns).toEqual(expect.arrayContaining([...shared, 'trainer/groups', 'time/updateSeconds']));
    } finally {
      await served.stop();
    }
  }, 30_000);

  it('completes a tiny neural run through the service and leaves a loadable checkpoint', async () => {
    const served = await serveRun(TINY, { prefetch: 0 });
    const out = join(folder, 'tiny-train');
    try {
      const result = await train(served.url, configFile('tiny', { ...TINY, agent: TINY_AGENT }), out);
      expect(result.code, result.stderr).toBe(0);
      const trained = records(out);
      expect(trained.map((record) => [record.epoch, record.trainer.agentVersion])).toEqual([
        [0, 1],
        [1, 1],
        [2, 2],
      ]);
      expect(Object.keys(trained.at(-1)!.heldOutAccuracy).sort()).toEqual(['test-hard', 'test-id']);
      expect(trained[1]!.extra['agent/loss']).toEqual(expect.any(Number));
      const agent = await loadBuiltinAgent(join(out, 'agent'));
      await agent.close?.();
      await served.close();
      expect(JSON.parse(readFileSync(join(served.directory, 'summary.json'), 'utf8')).completedEpochs).toBe(
        TINY.epochs,
      );
    } finally {
      await served.stop();
    }
  }, 30_000);

  it('claims an epoch larger than the session cap in batches of whole groups', async () => {
    // 20 open episodes at most: two groups of 8 a batch, the third given back and claimed in the next one.
    const served = await serveRun({ ...STUDENT, epochs: 1 }, { prefetch: 0, limits: { maxSessions: 20 } });
    const out = join(folder, 'capped-train');
    try {
      const result = await train(served.url, configFile('capped', { ...STUDENT, epochs: 1 }), out);
      expect(result.code, result.stderr).toBe(0);
      const trained = records(out);
      expect(trained.map((record) => [record.trainer.groups, record.trainer.attempts, record.trainer.batches])).toEqual(
        [
          [16, 128, 8],
          [16, 128, 8],
        ],
      );
      expect(served.service.counters.steps).toBe(256);
    } finally {
      await served.stop();
    }
  }, 30_000);

  it('claims a whole epoch as groups of one instance, and knows an attempt the service took back', async () => {
    const served = await serveRun({ ...STUDENT, epochs: 1 }, { prefetch: 0 });
    const curriculum = new ServedCurriculum(served.url, undefined);
    try {
      const batch = (await curriculum.claimBatch())!;
      expect([batch.epoch, batch.groupSize, batch.groups.length, batch.last]).toEqual([0, 8, 16, true]);
      // 16 instances × 8 attempts, each instance's attempts in one group (the exact reproduction above needs it too).
      expect(batch.groups.every((group) => group.episodeIds.length === 8)).toBe(true);
      expect(new Set(batch.groups.flatMap((group) => group.episodeIds)).size).toBe(128);
      expect(new Set(batch.groups.map((group) => group.observation.task.id)).size).toBe(16);
      // As when the episode expires unstepped: the service forgets it and hands its attempt out again.
      served.service.close(batch.groups[0]!.episodeIds[0]!);
      expect(await curriculum.step(batch.groups[0]!.episodeIds[0]!, actionOf({ text: '1', policyVersion: 'v' }))).toBe(
        null,
      );
    } finally {
      curriculum.close();
      await served.stop();
    }
  });

  it('refuses what it cannot train on in one line', async () => {
    const served = await serveRun({ epochs: 1 });
    try {
      const notUrl = await runCli(['train', '--serve', 'localhost-8000', '--preset', 'student']);
      expect(notUrl.code).toBe(2);
      expect(notUrl.stderr.trim()).toBe('genenv: --serve localhost-8000 is not a URL (e.g. http://127.0.0.1:8000)');
      const other = await train(served.url, configFile('empty', {}), join(folder, 'other'), 'toolworld');
      // Invalid input (a config that does not fit the service) exits 2, as a bad flag does.
      expect(other.code).toBe(2);
      expect(other.stderr).toMatch(/^genenv: the service at .* serves arithmetic, this config trains on toolworld/);
      expect(existsSync(join(folder, 'other'))).toBe(false);
      const multiTurn = await train(
        served.url,
        configFile('household', { rehearsal: 0 }),
        join(folder, 'm'),
        'household',
      );
      expect(multiTurn.code).toBe(2);
      expect(multiTurn.stderr.trim()).toBe(
        'genenv: the served trainer plays single-response domains; household is multi-turn',
      );
    } finally {
      await served.stop();
    }
  }, 30_000);
});
