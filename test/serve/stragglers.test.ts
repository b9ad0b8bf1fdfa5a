import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { arithmeticAnswer, ServeClient } from '../../src/serve-client/client.ts';
import type { RoundStatus } from '../../src/interfaces/index.ts';
import { serveRun } from './serve-fixture.ts';
import { connect, disconnect, exchange } from './socket-client.ts';

type Observation = { episode_id: string; prompt: string; task: { id: string; epoch: number; attempt: number } };
const observationOf = (reply: { body: Record<string, unknown> | null }) => reply.body!.observation as Observation;
const answerOf = (observation: Observation) => ({ text: arithmeticAnswer(observation.prompt) ?? '0' });

/** Rows of a table of the service log. */
function logged(directory: string, table: 'outcomes' | 'duplicates', epoch: number): number {
  const database = new Database(join(directory, 'serve.sqlite'), { readonly: true });
  try {
    return (database.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE epoch = ?`).get(epoch) as { n: number }).n;
  } finally {
    database.close();
  }
}

// OpenEnv's own client raises on any error reply, which ends a TRL or verl run: a lost client must cost the
// others nothing. The same case with OpenEnv's Python client is in openenv-client.peer.test.ts.
it('keeps 32 WebSocket clients fed for 10 s after one client resets and vanishes: 0 errors, every epoch closes', async () => {
  const served = await serveRun({ epochs: 10_000 });
  const hung = await connect(served.url);
  const lost = (await exchange(hung, { type: 'reset', data: {} })).data.observation as Observation;
  const errors: string[] = [];
  let steps = 0;
  const end = performance.now() + 10_000;
  const client = async () => {
    const socket = await connect(served.url);
    while (performance.now() < end) {
      const reset = await exchange(socket, { type: 'reset', data: {} });
      if (reset.type === 'error') errors.push(String(reset.data.message));
      if (reset.type !== 'observation') continue;
      const step = await exchange(socket, { type: 'step', data: answerOf(reset.data.observation as Observation) });
      if (step.type === 'error') errors.push(String(step.data.message));
      else steps++;
    }
    await disconnect(socket);
  };
  try {
    await Promise.all(Array.from({ length: 32 }, client));
    expect(errors).toEqual([]);
    const state = served.service.state();
    expect(state.closed_epochs as number).toBeGreaterThanOrEqual(3);
    // Every attempt handed out was scored: no open epoch waits on anyone (the vanished client's was backed up).
    expect((state.open_rounds as RoundStatus[]).map((round) => round.outstanding)).toEqual(
      (state.open_rounds as RoundStatus[]).map(() => 0),
    );
    expect(steps).toBeGreaterThan(3 * 128);
    // The vanished client comes back: its answer is scored, marked a duplicate, and not counted again.
    const late = await exchange(hung, { type: 'step', data: answerOf(lost) });
    expect(late).toMatchObject({
      type: 'observation',
      data: { reward: 1, done: true, observation: { duplicate: true } },
    });
    expect(logged(served.directory, 'outcomes', 0)).toBe(128);
    expect(logged(served.directory, 'duplicates', 0)).toBeGreaterThanOrEqual(1);
  } finally {
    await disconnect(hung);
    await served.stop();
  }
}, 60_000);

describe('stragglers and lost clients', () => {
  it('gives the attempt of a closed WebSocket back at once', async () => {
    const served = await serveRun({}, { limits: { leaseMs: 600_000 } });
    const client = new ServeClient(served.url);
    try {
      const socket = await connect(served.url);
      const first = (await exchange(socket, { type: 'reset', data: {} })).data.observation as Observation;
      await disconnect(socket);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(observationOf(await client.post('/reset', {})).task).toEqual(first.task);
    } finally {
      client.close();
      await served.stop();
    }
  });

  it('hands an attempt out again after its lease, before a later epoch; the first answer counts, also after a restart', async () => {
    // Long enough that the 127 round trips below finish within it on a loaded 2-core machine (3 s was not).
    const lease = 8000;
    let served = await serveRun({}, { limits: { leaseMs: lease } });
    let client = new ServeClient(served.url);
    try {
      const held = observationOf(await client.post('/reset', {}));
      const heldAt = performance.now();
      for (let index = 1; index < 128; index++) {
        const observation = observationOf(await client.post('/reset', {}));
        await client.post('/step', { episode_id: observation.episode_id, action: answerOf(observation) });
      }
      // Epoch 0 is all handed out: epoch 1 is open, and the held attempt is still within its lease.
      const early = observationOf(await client.post('/reset', {}));
      expect(early.task.epoch).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, heldAt + lease + 50 - performance.now()));
      const backup = observationOf(await client.post('/reset', {}));
      expect(backup.task).toEqual(held.task);
      const counted = await client.post('/step', { episode_id: backup.episode_id, action: answerOf(backup) });
      expect(counted.body).toMatchObject({ reward: 1, done: true });
      expect(counted.body!.observation).not.toHaveProperty('duplicate');
      const body = { episode_id: held.episode_id, request_id: 'late-1', action: { text: 'no idea' } };
      const late = await client.post('/step', body);
      expect(late.status).toBe(200);
      expect(late.body).toMatchObject({ reward: 0, done: true, observation: { duplicate: true } });
      expect((await client.post('/step', body)).body).toEqual(late.body);
      expect(served.service.counters).toMatchObject({ duplicates: 1 });
      expect(logged(served.directory, 'outcomes', 0)).toBe(128);
      expect(logged(served.directory, 'duplicates', 0)).toBe(1);

      client.close();
      await served.stop(true);
      served = await serveRun({}, { resume: served.directory, limits: { leaseMs: lease } });
      client = new ServeClient(served.url);
      expect((await client.post('/step', body)).body).toEqual(late.body);
      expect(logged(served.directory, 'outcomes', 0)).toBe(128);
    } finally {
      client.close();
      await served.stop();
    }
  });

  it('backs up outstanding attempts when nothing else is left, then lets a reset wait for the next epoch', async () => {
    const served = await serveRun({}, { prefetch: 0 });
    const client = new ServeClient(served.url);
    try {
      const first = await Promise.all(Array.from({ length: 128 }, () => client.post('/reset', {})));
      const backups = await Promise.all(Array.from({ length: 128 }, () => client.post('/reset', {})));
      const firstTasks = first.map((reply) => JSON.stringify(observationOf(reply).task)).sort();
      expect(backups.map((reply) => JSON.stringify(observationOf(reply).task)).sort()).toEqual(firstTasks);
      // Every attempt is out twice within its lease and epoch 1 opens only when epoch 0 closes: this reset waits.
      let waited: Observation | null = null;
      const waiting = client.post('/reset', {}).then((reply) => {
        waited = observationOf(reply);
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(waited).toBeNull();
      await Promise.all(
        first.map((reply) =>
          client.post('/step', { episode_id: observationOf(reply).episode_id, action: answerOf(observationOf(reply)) }),
        ),
      );
      await waiting;
      expect(waited!.task.epoch).toBe(1);
      const late = await Promise.all(
        backups.map((reply) =>
          client.post('/step', { episode_id: observationOf(reply).episode_id, action: answerOf(observationOf(reply)) }),
        ),
      );
      expect(late.every((reply) => (reply.body!.observation as { duplicate?: boolean }).duplicate)).toBe(true);
      expect(logged(served.directory, 'outcomes', 0)).toBe(128);
    } finally {
      client.close();
      await served.stop();
    }
  });
});

describe('waiting is not an error; limits are refused with a retry hint', () => {
  it('answers 503 with Retry-After only once a reset waited its whole bound', async () => {
    const served = await serveRun({}, { prefetch: 0, limits: { resetWaitMs: 200 } });
    const client = new ServeClient(served.url);
    try {
      await Promise.all(Array.from({ length: 256 }, () => client.post('/reset', {})));
      const refused = await client.post('/reset', {});
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('2');
      expect(refused.body).toMatchObject({ code: 'BUSY' });
      expect(refused.body!.error).toMatch(/^no task free after waiting 0 s: every outstanding attempt/);
    } finally {
      client.close();
      await served.stop();
    }
  });

  it('refuses a reset past the session cap with 503 and Retry-After, and a WebSocket error that names it', async () => {
    const served = await serveRun({}, { limits: { maxSessions: 1 } });
    const client = new ServeClient(served.url);
    try {
      expect((await client.post('/reset', {})).status).toBe(200);
      const refused = await client.post('/reset', {});
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.body).toMatchObject({ code: 'CAPACITY_REACHED' });
      const socket = await connect(served.url);
      const reply = await exchange(socket, { type: 'reset', data: {} });
      expect(reply).toMatchObject({ type: 'error', data: { code: 'CAPACITY_REACHED', retry_after_s: 1 } });
      expect(reply.data.message).toMatch(/^session cap reached: 1 of 1 episodes are open/);
      await disconnect(socket);
    } finally {
      client.close();
      await served.stop();
    }
  });
});
