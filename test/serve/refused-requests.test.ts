import { describe, expect, it } from 'vitest';
import { ServeClient } from '../../src/serve-client/client.ts';
import type { HouseholdPayload } from '../../src/domains/household/index.ts';
import { HOUSEHOLD, servedSuite, serveRun } from './serve-fixture.ts';
import { connect, disconnect, exchange } from './socket-client.ts';

// Requests the service used to answer as if they were right (issue 60): a close of an episode it does not hold
// open, and a request id used again with another action. Each is refused with its status, code and reason, over
// HTTP and over the WebSocket, and changes nothing.

type Body = Record<string, unknown>;
const episodeOf = (body: Body | null) => (body!.observation as { episode_id: string }).episode_id;

describe('a close of an episode the service does not hold open', () => {
  const suite = servedSuite();

  it('gives an open episode back, and refuses an unknown one with 404 and a scored one with 409', async () => {
    const open = episodeOf((await suite.client.post('/reset', {})).body);
    expect(await suite.client.post('/close', { episode_id: open })).toMatchObject({
      status: 200,
      body: { closed: true },
    });
    const again = await suite.client.post('/close', { episode_id: open });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'UNKNOWN_EPISODE' });
    expect(again.body!.error).toMatch(new RegExp(`^unknown episode ${open} .*nothing to close$`));
    const unknown = await suite.client.post('/close', { episode_id: 'never-reset' });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'UNKNOWN_EPISODE' } });

    const scored = episodeOf((await suite.client.post('/reset', {})).body);
    await suite.client.post('/step', { episode_id: scored, action: { text: '3' } });
    const late = await suite.client.post('/close', { episode_id: scored });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({
      error: `episode ${scored} was already scored: it has no attempt to give back`,
      code: 'ALREADY_SCORED',
    });
    expect(suite.served.service.driver.round(0)!.done).toBe(1);
  });

  it('answers a WebSocket close naming an unknown episode with an error and keeps the session', async () => {
    const socket = await connect(suite.served.url);
    try {
      const refused = await exchange(socket, { type: 'close', data: { episode_id: 'never-reset' } });
      expect(refused).toMatchObject({ type: 'error', data: { code: 'UNKNOWN_EPISODE' } });
      expect((await exchange(socket, { type: 'reset', data: {} })).type).toBe('observation');
    } finally {
      await disconnect(socket);
    }
  });

  it('gives back the episode a WebSocket close names, then closes the session', async () => {
    const held = episodeOf((await suite.client.post('/reset', {})).body);
    const socket = await connect(suite.served.url);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.send(JSON.stringify({ type: 'close', data: { episode_id: held } }));
    await closed;
    expect((await suite.client.post('/close', { episode_id: held })).status).toBe(404);
  });
});

describe('a request id used again with another action', () => {
  it('is refused with 409 while the first is logged, after it, and over the WebSocket; the same action is answered', async () => {
    const served = await serveRun();
    const client = new ServeClient(served.url);
    try {
      const episode = episodeOf((await client.post('/reset', {})).body);
      const body = { episode_id: episode, request_id: 'once', action: { text: '12' } };
      const other = { ...body, action: { text: '13' } };
      // Sent together: one is scored, the other arrives while it is being scored and logged, or after.
      const answers = await Promise.all([client.post('/step', body), client.post('/step', other)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers[0]!.status === 200 ? body : other;
      const loser = winner === body ? other : body;
      expect(answers.find((answer) => answer.status === 409)!.body).toEqual({
        error:
          `request_id once was already used for another action on episode ${episode}; ` +
          'a new action needs a new request_id',
        code: 'REQUEST_ID_REUSED',
      });
      // Once logged: the other action is refused again, the same one answered from the log.
      expect((await client.post('/step', loser)).status).toBe(409);
      const scored = answers.find((answer) => answer.status === 200)!.body;
      expect((await client.post('/step', winner)).body).toEqual(scored);
      expect(served.service.driver.round(0)!.done).toBe(1);

      const socket = await connect(served.url);
      try {
        await exchange(socket, { type: 'reset', data: {} });
        const step = { type: 'step', data: { action: { text: '4' }, request_id: 'socket-once' } };
        expect((await exchange(socket, step)).type).toBe('observation');
        const changed = await exchange(socket, { ...step, data: { ...step.data, action: { text: '5' } } });
        expect(changed).toMatchObject({ type: 'error', data: { code: 'REQUEST_ID_REUSED' } });
      } finally {
        await disconnect(socket);
      }
    } finally {
      client.close();
      await served.stop();
    }
  });

  it('is refused on a multi-turn episode, for a turn and for the step that scored it', async () => {
    const served = await serveRun({ ...HOUSEHOLD, epochs: 1 });
    const client = new ServeClient(served.url);
    try {
      const reset = (await client.post('/reset', {})).body!;
      const task = (reset.observation as { task: { id: string; epoch: number } }).task;
      const entry = served.service.driver.round(task.epoch)!.instances.find((item) => item.instance.id === task.id)!;
      const plan = (entry.instance.payload as HouseholdPayload).plan;
      const episode = episodeOf(reset);
      const turn = { episode_id: episode, request_id: 'turn-0', action: { text: plan[0]! } };
      const answered = await client.post('/step', turn);
      expect(answered.body).toMatchObject({ done: false });
      const changed = await client.post('/step', { ...turn, action: { text: 'look' } });
      expect(changed).toMatchObject({ status: 409, body: { code: 'REQUEST_ID_REUSED' } });
      expect((await client.post('/step', turn)).body).toEqual(answered.body);
      let last: Body | null = null;
      for (const [index, command] of plan.slice(1).entries())
        last = (
          await client.post('/step', {
            episode_id: episode,
            request_id: `turn-${index + 1}`,
            action: { text: command },
          })
        ).body;
      expect(last).toMatchObject({ done: true, reward: 1 });
      const final = { episode_id: episode, request_id: `turn-${plan.length - 1}` };
      expect((await client.post('/step', { ...final, action: { text: plan.at(-1)! } })).body).toEqual(last);
      const otherFinal = await client.post('/step', { ...final, action: { text: 'look' } });
      expect(otherFinal).toMatchObject({ status: 409, body: { code: 'REQUEST_ID_REUSED' } });
    } finally {
      client.close();
      await served.stop();
    }
  });
});
