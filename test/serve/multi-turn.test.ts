import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ServeClient } from '../../src/serve-client/client.ts';
import type { HouseholdPayload } from '../../src/domains/household/index.ts';
import { HOUSEHOLD, runPythonDriver, type Served, serveRun } from './serve-fixture.ts';

// Multi-turn episodes over the OpenEnv protocol: a household scene is reset once, every step is one
// command, and the verifier scores the trajectory on the step that ends the episode.

type Body = Record<string, unknown>;
const observationOf = (body: Body | null) => (body?.observation ?? {}) as Body;

describe('genenv serve: multi-turn episodes (household)', () => {
  let served: Served;
  let client: ServeClient;
  beforeAll(async () => {
    served = await serveRun(HOUSEHOLD, { limits: { maxSessions: 20 } });
    client = new ServeClient(served.url);
  });
  afterAll(async () => {
    client.close();
    await served.stop();
  });

  /** The reference plan of the episode's instance (the test reads it from the server's round). */
  const planOf = (observation: Body): string[] => {
    const task = observation.task as { id: string; epoch: number };
    const round = served.service.driver.round(task.epoch)!;
    const entry = round.instances.find((candidate) => candidate.instance.id === task.id)!;
    return (entry.instance.payload as HouseholdPayload).plan;
  };

  it('plays the reference plan one command per step and scores it on the last', async () => {
    const reset = await client.post('/reset', {});
    expect(reset.status).toBe(200);
    const first = observationOf(reset.body);
    expect(JSON.stringify(first)).not.toContain('reference');
    const plan = planOf(first);
    expect(plan.length).toBeGreaterThan(1);
    const episodeId = String(first.episode_id);
    for (const [index, command] of plan.slice(0, -1).entries()) {
      const step = await client.post('/step', {
        episode_id: episodeId,
        request_id: `turn-${index}`,
        action: { text: command },
      });
      expect(step.status).toBe(200);
      expect(step.body).toMatchObject({ reward: null, done: false });
      const observation = observationOf(step.body);
      expect(observation).toMatchObject({ episode_id: episodeId, turn: index + 1 });
      expect(typeof observation.observation).toBe('string');
      expect(String(observation.prompt).length).toBeGreaterThan(0);
      expect(Array.isArray(observation.messages)).toBe(true);
      // A retried turn gets the same answer and does not move the episode on.
      const retry = await client.post('/step', {
        episode_id: episodeId,
        request_id: `turn-${index}`,
        action: { text: command },
      });
      expect(retry.body).toEqual(step.body);
    }
    const state = await client.get(`/state?episode_id=${episodeId}`);
    expect(state.body).toMatchObject({ step_count: plan.length - 1 });
    const last = await client.post('/step', {
      episode_id: episodeId,
      request_id: 'turn-last',
      action: { text: plan.at(-1)! },
    });
    expect(last.body).toMatchObject({ reward: 1, done: true, observation: { feedback: { success: true } } });
    expect(observationOf(last.body).turns).toBe(plan.length);
    // Retries of the scoring step, by request id or by the same command, are answered from the log.
    const again = await client.post('/step', {
      episode_id: episodeId,
      request_id: 'turn-last',
      action: { text: plan.at(-1)! },
    });
    expect(again.body).toEqual(last.body);
    const sameCommand = await client.post('/step', { episode_id: episodeId, action: { text: plan.at(-1)! } });
    expect(sameCommand.body).toEqual(last.body);
    const other = await client.post('/step', { episode_id: episodeId, action: { text: 'look' } });
    expect(other.status).toBe(409);
    expect((await client.get(`/state?episode_id=${episodeId}`)).body).toMatchObject({ step_count: plan.length });
  });

  it('ends an episode at its step limit with reward 0 and keeps bad commands as observations', async () => {
    const reset = await client.post('/reset', {});
    const episodeId = String(observationOf(reset.body).episode_id);
    let last: Body | null = null;
    for (let turn = 0; turn < 200; turn++) {
      const step = await client.post('/step', { episode_id: episodeId, action: { text: 'fly to the moon' } });
      expect(step.status).toBe(200);
      last = step.body;
      if (step.body?.done) break;
    }
    expect(last).toMatchObject({ done: true, reward: 0, observation: { feedback: { success: false } } });
    const turns = observationOf(last).turns as number;
    expect(turns).toBeGreaterThan(1);
    expect(turns).toBeLessThan(200);
  });

  it('plays an episode over the WebSocket session', async () => {
    const socket = new WebSocket(`${served.url.replace(/^http/, 'ws')}/ws`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const exchange = (message: unknown) =>
      new Promise<{ type: string; data: Body }>((resolve) => {
        socket.once('message', (data) => resolve(JSON.parse(String(data))));
        socket.send(JSON.stringify(message));
      });
    const reset = await exchange({ type: 'reset', data: {} });
    const plan = planOf(observationOf(reset.data));
    let reply = reset;
    for (const command of plan) reply = await exchange({ type: 'step', data: { action: { text: command } } });
    expect(reply).toMatchObject({ type: 'observation', data: { reward: 1, done: true } });
    socket.close();
  });

  it('plays an episode through the TRL adapter (python3): one command per tool call, the reward at the end', async () => {
    const driver = fileURLToPath(new URL('./drive_trl_multi_turn.py', import.meta.url));
    const child = await runPythonDriver(driver, served.url);
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const result = JSON.parse(child.stdout);
    expect(result).toMatchObject({
      prompt_is_text: true,
      done: true,
      replies_are_text: true,
      after_done: 'the episode is over',
      rewards: [0],
    });
    expect(result.turns).toBeGreaterThan(1);
    expect(result.last_reply).toMatch(/incorrect$/);
  });
});
