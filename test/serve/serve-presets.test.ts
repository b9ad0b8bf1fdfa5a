import Database from 'better-sqlite3';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { arithmeticAnswer, ServeClient } from '../../src/serve-client/client.ts';
import { resolveRunConfig } from '../../src/composition/config-resolution.ts';
import { DEFAULT_PRESET, PRESETS } from '../../src/composition/presets.ts';
import { runCommand } from '../../src/cli/run-command.ts';
import { servePlan } from '../../src/serve/run-context.ts';
import { BIN, runCli } from '../support/run-cli.ts';
import { SMALL, serveRun } from './serve-fixture.ts';

/** A preset's config as `genenv serve --preset NAME` resolves it (the agent is the external trainer). */
const servedConfig = (preset?: string, overrides: Record<string, unknown> = {}) =>
  resolveRunConfig({ preset, overrides: { ...overrides, agent: { policy: 'external', options: {} } } });

describe('genenv serve: every preset', () => {
  it.each(Object.keys(PRESETS))('serves the %s preset with no flags: replay and base data handed out', (name) => {
    const config = servedConfig(name);
    const plan = servePlan(config);
    expect(plan.lines).toHaveLength(3);
    expect(plan.replayShare).toBe(config.replayFraction);
    expect(plan.baseShare).toBe(config.baseFraction);
    if (config.replayFraction > 0)
      expect(plan.lines[1]).toMatch(/D_train replay \(\d+% as many, task.source "replay"\)/);
    expect(plan.lines[2]).toMatch(/^your trainer owns the agent: its warm start/);
    expect(plan.lines.every((line) => !line.includes('\n'))).toBe(true);
  });

  it('serves the default preset, which replays D_train', () => {
    const config = servedConfig();
    expect(config.preset).toBe(DEFAULT_PRESET);
    expect(servePlan(config).replayShare).toBeGreaterThan(0);
  });

  it('refuses a variant without a served curriculum in one line, before creating the run', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'genenv-serve-plan-'));
    const config = join(folder, 'config.json');
    writeFileSync(config, JSON.stringify({ variant: 'static' }));
    try {
      const result = await runCli(['serve', '--preset', 'student', '--config', config, '--out', join(folder, 'run')]);
      expect(result.code).not.toBe(0);
      expect(result.stderr.trim().split('\n')).toEqual([
        "genenv: genenv serve serves the simulator's curriculum (variant genenv or random); variant static is an " +
          'in-process baseline: run it with genenv run',
      ]);
      expect(existsSync(join(folder, 'run'))).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** Starts the real CLI and resolves with its output once it listens (or rejects with it when it exits first). */
function startCli(args: string[]): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) resolve({ child, output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`genenv serve exited (${code}): ${output.trim()}`)));
  });
}

it('starts a neural preset (multihop) with no other flag and answers /health', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'genenv-serve-multihop-'));
  const { child, output } = await startCli(['--preset', 'multihop', '--port', '0', '--out', join(folder, 'run')]);
  try {
    const url = /listening on (\S+)/.exec(output())![1]!;
    const client = new ServeClient(url);
    expect((await client.get('/health')).body).toEqual({ status: 'healthy' });
    const reset = await client.post('/reset', {});
    expect(reset.status).toBe(200);
    expect(reset.body!.observation).toMatchObject({ task: { epoch: 0, source: 'simulator' } });
    client.close();
    expect(output()).toMatch(/genenv serve: multihop preset, variant genenv: epoch 0 and 6 more/);
    expect(output()).toMatch(/genenv serve: your trainer owns the agent: .*supervised rehearsal/);
  } finally {
    child.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  }
}, 120_000);

it('replays the D_train instances that genenv run replays from the same D_train (prefetch 0)', async () => {
  const { agent: _external, ...curriculum } = SMALL;
  const overrides = { ...curriculum, epochs: 1, replayFraction: 0.25, seed: 4 };
  const out = mkdtempSync(join(tmpdir(), 'genenv-replay-inprocess-'));
  await runCommand({ out, quiet: true, skipReport: true, preset: 'student', overrides });
  const database = new Database(join(out, 'run.sqlite'), { readonly: true });
  const inProcess = database
    .prepare("SELECT id FROM proposals WHERE epoch = 1 AND source = 'replay' ORDER BY rowid")
    .all()
    .map((row) => (row as { id: string }).id);
  // D_train holds the valid attempts: the trainer answers validly exactly where the in-process student did.
  const valid = new Set(
    database
      .prepare('SELECT instance_id, sample FROM traces WHERE epoch = 0 AND invalid IS NULL')
      .all()
      .map((row) => `${(row as { instance_id: string }).instance_id}/${(row as { sample: number }).sample}`),
  );
  database.close();
  rmSync(out, { recursive: true, force: true });
  expect(inProcess.length).toBe(2);

  const served = await serveRun(overrides, { prefetch: 0 });
  const client = new ServeClient(served.url);
  try {
    for (let index = 0; index < 128; index++) {
      const observation = (await client.post('/reset', {})).body!.observation as Record<string, unknown>;
      const task = observation.task as { id: string; attempt: number };
      const answer = valid.has(`${task.id}/${task.attempt}`) ? arithmeticAnswer(String(observation.prompt)) : 'none';
      await client.post('/step', { episode_id: observation.episode_id, action: { text: answer } });
    }
    const next = (await client.post('/reset', {})).body!.observation as { task: { epoch: number } };
    expect(next.task.epoch).toBe(1);
    const replayed = served.service.driver
      .round(1)!
      .taskTypes.filter((taskType) => taskType.source === 'replay')
      .map((taskType) => taskType.id);
    expect(replayed).toEqual(inProcess);
  } finally {
    client.close();
    await served.stop();
  }
}, 60_000);

/** Resets and steps `count` episodes one after another with right answers; stops when the curriculum finished. */
async function drive(client: ServeClient, count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    const reset = await client.post('/reset', {});
    if (reset.status === 410) return;
    const observation = reset.body!.observation as { episode_id: string; prompt: string };
    await client.post('/step', {
      episode_id: observation.episode_id,
      action: { text: arithmeticAnswer(observation.prompt) },
    });
  }
}

/** The task types of a run directory, epoch by epoch, with where they came from. */
function taskTypesOf(directory: string): string {
  const database = new Database(join(directory, 'run.sqlite'), { readonly: true });
  try {
    return JSON.stringify(database.prepare('SELECT epoch, id, source FROM proposals ORDER BY epoch, rowid').all());
  } finally {
    database.close();
  }
}

it('replays the same D_train instances after a restart as without one (prefetch 1)', async () => {
  const overrides = { epochs: 3, replayFraction: 0.5, seed: 2 };
  const reference = await serveRun(overrides);
  let client = new ServeClient(reference.url);
  await drive(client, 10_000);
  client.close();
  const expected = taskTypesOf(reference.directory);
  await reference.stop();
  expect(expected).toContain('"source":"replay"');

  let served = await serveRun(overrides);
  client = new ServeClient(served.url);
  try {
    await drive(client, 300);
    client.close();
    await served.stop(true);
    served = await serveRun({}, { resume: served.directory });
    client = new ServeClient(served.url);
    await drive(client, 10_000);
    expect(served.service.driver.finished).toBe(true);
    expect(taskTypesOf(served.directory)).toBe(expected);
  } finally {
    client.close();
    await served.stop();
  }
}, 60_000);
