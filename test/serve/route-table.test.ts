import { describe, expect, it } from 'vitest';
import { SERVICE_ROUTES } from '../../src/interfaces/index.ts';
import { servedSuite } from './serve-fixture.ts';

// The service registers its HTTP routes by the protocol's table and validates each request by the table's schema;
// every GET route's answer is what the table's answer schema accepts.

describe('the routes of the protocol table', () => {
  const suite = servedSuite({}, { token: 'a-long-enough-secret-token' });
  const authorized = () => ({ authorization: 'Bearer a-long-enough-secret-token' });

  it('answers every GET route of the table with what its answer schema accepts', async () => {
    for (const route of Object.values(SERVICE_ROUTES).filter((entry) => entry.method === 'GET')) {
      const reply = await fetch(`${suite.served.url}${route.path}`, { headers: authorized() });
      expect(reply.status, route.path).toBe(200);
      expect(route.answer.safeParse(await reply.json()).success, route.path).toBe(true);
    }
  });

  it("refuses a request its route's schema refuses, with the first issue", async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${suite.served.url}${path}`, {
        method: 'POST',
        headers: { ...authorized(), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const unnamed = await post(SERVICE_ROUTES.step.path, { action: { text: '1' } });
    expect(unnamed.status).toBe(422);
    expect(await unnamed.json()).toEqual({
      error: 'episode_id: required over HTTP (it comes with the reset observation)',
      code: 'VALIDATION_ERROR',
    });
    const state = await fetch(`${suite.served.url}${SERVICE_ROUTES.state.path}?episode_id=`, { headers: authorized() });
    expect(state.status).toBe(422);
  });

  it('refuses a request without the token with 401 and its code', async () => {
    const reply = await fetch(`${suite.served.url}${SERVICE_ROUTES.state.path}`);
    expect(reply.status).toBe(401);
    expect(await reply.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
