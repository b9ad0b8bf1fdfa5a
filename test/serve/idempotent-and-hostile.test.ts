import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostileRequests, sendHostile } from '../../src/measurement/hostile-requests.ts';
import { ServeClient } from '../../src/serve-client/client.ts';
import { serveRun } from './serve-fixture.ts';

const observationOf = (reply: { body: Record<string, unknown> | null }) =>
  reply.body!.observation as { episode_id: string; prompt: string };

/** Every row of the service log and of the run database, to show a request changed nothing. */
function storedRows(directory: string): string {
  const read = (file: string, tables: string[]) => {
    const database = new Database(join(directory, file), { readonly: true });
    try {
      return tables.map((table) => JSON.stringify(database.prepare(`SELECT * FROM ${table}`).all()));
    } finally {
      database.close();
    }
  };
  return [...read('serve.sqlite', ['rounds', 'outcomes']), ...read('run.sqlite', ['epochs', 'traces'])].join('\n');
}

describe('idempotent steps', () => {
  it('answers a retried request id from the log and counts it once, also after a restart', async () => {
    let served = await serveRun();
    let client = new ServeClient(served.url);
    const episode = observationOf(await client.post('/reset', {}));
    const body = { episode_id: episode.episode_id, request_id: 'req-1', action: { text: '12' } };
    const answers = await Promise.all([client.post('/step', body), client.post('/step', body)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(served.service.driver.round(0)!.done).toBe(1);
    // The same action without a request id is a retry too; another action is refused.
    expect((await client.post('/step', { episode_id: episode.episode_id, action: { text: '12' } })).body).toEqual(
      answers[0]!.body,
    );
    const changed = await client.post('/step', { episode_id: episode.episode_id, action: { text: '13' } });
    expect(changed.status).toBe(409);
    const other = observationOf(await client.post('/reset', {}));
    const reused = await client.post('/step', { ...body, episode_id: other.episode_id });
    expect(reused.status).toBe(409);
    expect(reused.body!.error).toMatch(/request_id req-1 was already used for another episode/);

    client.close();
    await served.stop(true);
    served = await serveRun({}, { resume: served.directory });
    client = new ServeClient(served.url);
    try {
      expect((await client.post('/step', body)).body).toEqual(answers[0]!.body);
      expect(served.service.driver.round(0)!.done).toBe(1);
      // The unscored episode did not survive the restart: the client is told to reset.
      const lost = await client.post('/step', { episode_id: other.episode_id, action: { text: '1' } });
      expect(lost.status).toBe(404);
    } finally {
      client.close();
      await served.stop();
    }
  });

  it('answers a late copy of an attempt as a duplicate, idempotently, and never counts it', async () => {
    // A 1 ms lease: once epoch 0 is all handed out, the next reset gets a copy of its oldest attempt.
    const served = await serveRun({}, { prefetch: 0, limits: { leaseMs: 1 } });
    const client = new ServeClient(served.url);
    try {
      const first = observationOf(await client.post('/reset', {}));
      await Promise.all(Array.from({ length: 127 }, () => client.post('/reset', {})));
      await new Promise((resolve) => setTimeout(resolve, 5));
      const copy = observationOf(await client.post('/reset', {}));
      expect((copy as unknown as { task: unknown }).task).toEqual((first as unknown as { task: unknown }).task);
      const counted = await client.post('/step', { episode_id: copy.episode_id, action: { text: '12' } });
      expect(counted.body!.observation).not.toHaveProperty('duplicate');
      const body = { episode_id: first.episode_id, request_id: 'late', action: { text: '13' } };
      const late = await client.post('/step', body);
      expect(late.body).toMatchObject({ done: true, observation: { duplicate: true } });
      expect((await client.post('/step', body)).body).toEqual(late.body);
      expect((await client.post('/step', { ...body, request_id: undefined })).body).toEqual(late.body);
      const changed = await client.post('/step', { episode_id: first.episode_id, action: { text: '14' } });
      expect(changed.status).toBe(409);
      const reused = await client.post('/step', { ...body, episode_id: copy.episode_id });
      expect(reused.status).toBe(409);
      expect(served.service.driver.round(0)!.done).toBe(1);
      expect(served.service.counters.duplicates).toBe(1);
    } finally {
      client.close();
      await served.stop();
    }
  });

  it('scores OpenRLHF reward requests idempotently by episode', async () => {
    const served = await serveRun();
    const client = new ServeClient(served.url);
    try {
      const episodes = await Promise.all([client.post('/reset', {}), client.post('/reset', {})]);
      const prompts = episodes.map((reply) => observationOf(reply).prompt);
      const request = {
        query: prompts.map((prompt) => `${prompt} 0`),
        prompts,
        labels: episodes.map((reply) => observationOf(reply).episode_id),
      };
      const first = await client.post('/get_reward', request);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ rewards: [0, 0], scores: [0, 0], extra_logs: { success: [0, 0] } });
      expect((await client.post('/get_reward', request)).body).toEqual(first.body);
      expect(served.service.driver.round(0)!.done).toBe(2);
    } finally {
      client.close();
      await served.stop();
    }
  });
});

describe('hostile requests', () => {
  it('answers each with a 4xx and a reason, never crashes, and changes nothing stored', async () => {
    const token = 'hostile-test-token-0123456789';
    const served = await serveRun({}, { token, limits: { bodyLimit: 1 << 20 } });
    const client = new ServeClient(served.url, token);
    try {
      const episodeIds: string[] = [];
      const requestIds: string[] = [];
      for (let index = 0; index < 4; index++) {
        const episode = observationOf(await client.post('/reset', {}));
        await client.post('/step', {
          episode_id: episode.episode_id,
          request_id: `known-${index}`,
          action: { text: '5' },
        });
        episodeIds.push(episode.episode_id);
        requestIds.push(`known-${index}`);
      }
      const before = storedRows(served.directory);
      const requests = hostileRequests(400, 7, { episodeIds, requestIds, token });
      const answers = await sendHostile(served.url, requests);
      const unanswered = answers.filter((answer) => answer.status < 400 || answer.status >= 500 || !answer.reason);
      expect(unanswered).toEqual([]);
      expect(new Set(answers.map((answer) => answer.kind)).size).toBeGreaterThan(15);
      expect(answers.every((answer) => !answer.reason!.includes('\n'))).toBe(true);
      expect((await client.get('/health')).body).toEqual({ status: 'healthy' });
      expect(storedRows(served.directory)).toBe(before);
    } finally {
      client.close();
      await served.stop();
    }
  });
});
