import { describe, expect, expectTypeOf, it } from 'vitest';
import { arithmeticAnswer, ServeClient, type StepInput } from '../../src/serve-client/client.ts';
import { ServiceRefusal, ServiceUnreachable } from '../../src/serve-client/service-errors.ts';
import {
  GenEnvError,
  type ResetAnswer,
  type ScoredAnswer,
  type ServiceState,
  type TurnAnswer,
} from '../../src/interfaces/index.ts';
import { freePort } from '../../src/measurement/serve-crash-check.ts';
import { rejection, servedSuite, serveRun } from './serve-fixture.ts';

// The typed client: one method per route of the protocol's table, each request typed by the route's schema and each
// answer validated by it; refusals and unreachable services are typed errors of one line.

describe('the typed service client', () => {
  const suite = servedSuite();

  it('types each route by the protocol: requests the schemas refuse do not compile', () => {
    expectTypeOf(suite.client.reset).returns.resolves.toEqualTypeOf<ResetAnswer>();
    expectTypeOf(suite.client.step).returns.resolves.toEqualTypeOf<ScoredAnswer | TurnAnswer>();
    expectTypeOf(suite.client.state).returns.resolves.toEqualTypeOf<ServiceState>();
    expectTypeOf<StepInput>().toHaveProperty('episode_id').toEqualTypeOf<string>();
    // @ts-expect-error an HTTP step names its episode
    const unnamed: StepInput = { action: { text: '1' } };
    // @ts-expect-error a group key is a string
    const numbered: Parameters<ServeClient['reset']>[0] = { group_key: 3 };
    // @ts-expect-error the metadata route reads nothing
    const asked: Parameters<typeof suite.client.call<'metadata'>>[1] = { name: 'x' };
    expect([unnamed, numbered, asked]).toHaveLength(3);
  });

  it('answers every route as its schema types it', async () => {
    expect(await suite.client.health()).toEqual({ status: 'healthy' });
    expect((await suite.client.metadata()).name).toBe('genenv-arithmetic');
    expect(Object.keys(await suite.client.schema()).sort()).toEqual(['action', 'observation', 'state']);
    const { observation } = await suite.client.reset({ group_key: 'typed' });
    expect(observation.task.group_size).toBe(8);
    const answer = arithmeticAnswer(observation.prompt)!;
    const step = await suite.client.step({ episode_id: observation.episode_id, action: { text: answer } });
    expect(step).toMatchObject({ done: true, reward: 1 });
    expect((await suite.client.state(observation.episode_id)).step_count).toBe(1);
    expect((await suite.client.state()).open_rounds[0]!.done).toBe(1);
    const held = (await suite.client.reset()).observation.episode_id;
    expect(await suite.client.closeEpisode(held)).toEqual({ closed: true });
    const labels = await Promise.all([suite.client.reset(), suite.client.reset()]);
    const reward = await suite.client.reward({
      query: ['0', '0'],
      labels: labels.map((reset) => reset.observation.episode_id),
    });
    expect(reward.rewards).toHaveLength(2);
  });

  it('throws a refusal as a ServiceRefusal with its route, status, code and reason in one line', async () => {
    const unknown = await rejection(suite.client.closeEpisode('never-reset'));
    expect(unknown).toBeInstanceOf(ServiceRefusal);
    expect(unknown).toBeInstanceOf(GenEnvError);
    expect(unknown).toMatchObject({
      code: 'service',
      route: 'POST /close',
      status: 404,
      refusalCode: 'UNKNOWN_EPISODE',
    });
    expect((unknown as Error).message).toMatch(
      /^POST \/close refused \(HTTP 404 UNKNOWN_EPISODE\): unknown episode never-reset /,
    );
    expect((unknown as Error).message).not.toContain('\n');
    const invalid = await rejection(suite.client.step({ episode_id: 'e', action: {} }));
    expect(invalid).toMatchObject({ status: 422, refusalCode: 'VALIDATION_ERROR' });
    expect((invalid as ServiceRefusal).reason).toBe('action: an action needs `text` or `tool_calls`');
    await Promise.all(Array.from({ length: 8 }, () => suite.client.reset({ group_key: 'full' })));
    const ninth = await rejection(suite.client.reset({ group_key: 'full' }));
    expect(ninth).toMatchObject({ status: 409, refusalCode: 'GROUP_FULL' });
  });

  it('carries the Retry-After of a 503', async () => {
    const capped = await serveRun({}, { limits: { maxSessions: 1 } });
    const one = new ServeClient(capped.url);
    try {
      await one.reset();
      const refusal = await rejection(one.reset());
      expect(refusal).toMatchObject({ status: 503, refusalCode: 'CAPACITY_REACHED', retryAfterSeconds: 1 });
    } finally {
      one.close();
      await capped.stop();
    }
  });

  it('throws a service that cannot be reached as ServiceUnreachable', async () => {
    const nobody = new ServeClient(`http://127.0.0.1:${await freePort()}`);
    try {
      const error = await rejection(nobody.health());
      expect(error).toBeInstanceOf(ServiceUnreachable);
      expect((error as Error).message).toMatch(
        /^genenv serve at http:\/\/127\.0\.0\.1:\d+: cannot reach it \(connect ECONNREFUSED/,
      );
    } finally {
      nobody.close();
    }
  });
});
