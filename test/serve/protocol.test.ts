import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ServeClient, arithmeticAnswer } from '../../src/serve-client/client.ts';
import { type Served, serveRun } from './serve-fixture.ts';
import { connect, exchange } from './socket-client.ts';

// Written from OpenEnv's http_server.py / types.py: reset → {observation, reward, done}, step → same shape,
// GET /state, /schema {action, observation, state}, /metadata, /health; /ws with {type, data} messages.
describe('OpenEnv protocol over HTTP', () => {
  let served: Served;
  let client: ServeClient;
  beforeAll(async () => {
    served = await serveRun({}, { limits: { maxSessions: 40 } });
    client = new ServeClient(served.url);
  });
  afterAll(async () => {
    client.close();
    await served.stop();
  });

  it('answers health, metadata and schema', async () => {
    expect((await client.get('/health')).body).toEqual({ status: 'healthy' });
    const metadata = (await client.get('/metadata')).body!;
    expect(metadata.name).toBe('genenv-arithmetic');
    expect(typeof metadata.description).toBe('string');
    const schema = (await client.get('/schema')).body as Record<string, { properties?: Record<string, unknown> }>;
    expect(Object.keys(schema).sort()).toEqual(['action', 'observation', 'state']);
    expect(Object.keys(schema.action!.properties!)).toEqual(expect.arrayContaining(['text', 'tool_calls']));
    expect(Object.keys(schema.observation!.properties!)).toEqual(expect.arrayContaining(['messages', 'task']));
  });

  it('resets with an empty body and scores a step with the domain verifier', async () => {
    const reset = await client.request('POST', '/reset', '');
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ reward: null, done: false });
    const observation = reset.body!.observation as Record<string, unknown>;
    expect(observation).toMatchObject({ tools: [], task: { epoch: 0, group_size: 8 } });
    expect(JSON.stringify(observation)).not.toContain('reference');
    const answer = arithmeticAnswer(String(observation.prompt));
    const step = await client.post('/step', { episode_id: observation.episode_id, action: { text: answer } });
    expect(step.status).toBe(200);
    expect(step.body).toMatchObject({ reward: 1, done: true, observation: { feedback: { success: true } } });
    const state = await client.get(`/state?episode_id=${String(observation.episode_id)}`);
    expect(state.body).toMatchObject({ step_count: 1, epoch: 0, finished: false });
  });

  it('gives every reset with one group key the same instance, G times at most', async () => {
    const key = { group_key: 'group-a' };
    const resets = await Promise.all(Array.from({ length: 8 }, () => client.post('/reset', key)));
    const tasks = resets.map((reset) => (reset.body!.observation as { task: { id: string; attempt: number } }).task);
    expect(new Set(tasks.map((task) => task.id)).size).toBe(1);
    expect(tasks.map((task) => task.attempt).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const ninth = await client.post('/reset', key);
    expect(ninth.status).toBe(409);
    expect(ninth.body!.error).toMatch(/group group-a already has its 8 attempts/);
  });

  it('refuses past the session cap with a clear reason', async () => {
    const opened: string[] = [];
    let refusal: Record<string, unknown> | null = null;
    for (let index = 0; index < 45 && refusal === null; index++) {
      const reset = await client.post('/reset', {});
      if (reset.status === 503) refusal = reset.body;
      else opened.push(String((reset.body!.observation as { episode_id: string }).episode_id));
    }
    expect(refusal?.error).toMatch(/session cap reached: 40 of 40 episodes are open/);
    // Stepping one episode frees a place.
    await client.post('/step', { episode_id: opened[0], action: { text: '0' } });
    expect((await client.post('/reset', {})).status).toBe(200);
  });
});

describe('OpenEnv protocol over WebSocket', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serveRun({}, { limits: { maxSessions: 2 } });
  });
  afterAll(async () => served.stop());

  it('runs reset, step, state and close in one session', async () => {
    const socket = await connect(served.url);
    const reset = await exchange(socket, { type: 'reset', data: {} });
    expect(reset.type).toBe('observation');
    const observation = reset.data.observation as { prompt: string; episode_id: string };
    const step = await exchange(socket, { type: 'step', data: { text: arithmeticAnswer(observation.prompt) } });
    expect(step).toMatchObject({ type: 'observation', data: { reward: 1, done: true } });
    const state = await exchange(socket, { type: 'state' });
    expect(state).toMatchObject({ type: 'state', data: { episode_id: observation.episode_id, step_count: 1 } });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.send(JSON.stringify({ type: 'close' }));
    await closed;
  });

  it('answers malformed messages with an error and keeps the session', async () => {
    const socket = await connect(served.url);
    expect(await exchange(socket, '{not json')).toMatchObject({ type: 'error', data: { code: 'INVALID_JSON' } });
    expect(await exchange(socket, { type: 'dance' })).toMatchObject({
      type: 'error',
      data: { code: 'VALIDATION_ERROR' },
    });
    expect(await exchange(socket, { type: 'step', data: { text: '1' } })).toMatchObject({
      type: 'error',
      data: { code: 'NO_EPISODE' },
    });
    expect(await exchange(socket, { type: 'step', data: { text: 7 } })).toMatchObject({ type: 'error' });
    expect((await exchange(socket, { type: 'reset' })).type).toBe('observation');
    socket.close();
  });

  it('refuses a session past the cap', async () => {
    const first = await connect(served.url);
    const second = await connect(served.url);
    const third = new WebSocket(`${served.url.replace(/^http/, 'ws')}/ws`);
    const message = await new Promise<{ type: string; data: { code: string } }>((resolve) =>
      third.once('message', (data) => resolve(JSON.parse(String(data)))),
    );
    expect(message).toMatchObject({ type: 'error', data: { code: 'CAPACITY_REACHED' } });
    first.close();
    second.close();
  });
});

describe('exposure and timeouts', () => {
  it('refuses a non-loopback host without a token', async () => {
    await expect(serveRun({}, { host: '0.0.0.0' })).rejects.toThrow(
      /exposes the service beyond this machine: it needs a bearer token/,
    );
  });

  it('requires the bearer token when one is set, except for /health', async () => {
    const served = await serveRun({}, { token: 'a-long-enough-secret-token' });
    try {
      const anonymous = new ServeClient(served.url);
      expect((await anonymous.post('/reset', {})).status).toBe(401);
      expect((await anonymous.get('/health')).status).toBe(200);
      expect((await new ServeClient(served.url, 'wrong-token-wrong-token').post('/reset', {})).status).toBe(401);
      expect((await new ServeClient(served.url, 'a-long-enough-secret-token').post('/reset', {})).status).toBe(200);
    } finally {
      await served.stop();
    }
  });

  it('expires an idle episode and hands its attempt out again', async () => {
    const served = await serveRun({}, { limits: { idleMs: 150 } });
    const client = new ServeClient(served.url);
    try {
      const first = (await client.post('/reset', {})).body!.observation as { episode_id: string; task: unknown };
      await new Promise((resolve) => setTimeout(resolve, 500));
      const late = await client.post('/step', { episode_id: first.episode_id, action: { text: '1' } });
      expect(late.status).toBe(404);
      expect(late.body!.error).toMatch(/expired/);
      const again = (await client.post('/reset', {})).body!.observation as { task: unknown };
      expect(again.task).toEqual(first.task);
    } finally {
      client.close();
      await served.stop();
    }
  });
});
