import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { GenEnvError, ResetAnswerSchema } from '../../src/interfaces/index.ts';
import { readReply, ServeClient } from '../../src/serve-client/client.ts';
import { ServiceProtocolError } from '../../src/serve-client/service-errors.ts';
import { ServedCurriculum } from '../../src/serve-client/served-episodes.ts';
import { rejection, serveRun } from './serve-fixture.ts';

// The client reads every answer by the protocol's schemas: an answer out of protocol (another service at the URL,
// a version that differs) is one GenEnvError naming the request and the field, never a TypeError deep inside.

let server: Server | null = null;
afterEach(() => {
  server?.close();
  server = null;
});

/** A service at a free port that answers each route with a fixed status and body. */
async function fakeService(routes: Record<string, [number, unknown]>): Promise<string> {
  server = createServer((request, response) => {
    const [status, body] = routes[`${request.method} ${request.url}`] ?? [404, { error: 'no route' }];
    request.resume();
    request.on('end', () =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
    );
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe('the service client reads answers by the protocol', () => {
  it("reads a live service's answers as the protocol types them", async () => {
    const served = await serveRun();
    const client = new ServeClient(served.url);
    try {
      const { observation } = readReply(await client.post('/reset', {}), ResetAnswerSchema, 'POST /reset');
      expect(observation.task.group_size).toBe(8);
      expect(typeof observation.prompt).toBe('string');
    } finally {
      client.close();
      await served.stop();
    }
  });

  it('turns a malformed reset answer into one readable GenEnvError', async () => {
    const url = await fakeService({
      'POST /reset': [200, { observation: { episode_id: 'e1', prompt: 7 }, reward: null, done: false }],
    });
    const curriculum = new ServedCurriculum(url, undefined, { patienceMs: 1000 });
    try {
      const error = await rejection(curriculum.claimBatch());
      expect(error).toBeInstanceOf(GenEnvError);
      expect((error as GenEnvError).message).toBe(
        "POST /reset answered HTTP 200 outside genenv serve's protocol (observation.prompt: " +
          'Invalid input: expected string, received number)',
      );
    } finally {
      curriculum.close();
    }
  });

  it("throws a typed method's malformed answer as a ServiceProtocolError", async () => {
    const url = await fakeService({ 'GET /health': [200, { status: 'fine' }] });
    const client = new ServeClient(url);
    try {
      const error = await rejection(client.health());
      expect(error).toBeInstanceOf(ServiceProtocolError);
      expect(error).toMatchObject({ code: 'service', route: 'GET /health', status: 200 });
      expect((error as Error).message).toBe(
        "GET /health answered HTTP 200 outside genenv serve's protocol " +
          '(status: Invalid option: expected one of "healthy"|"unhealthy")',
      );
    } finally {
      client.close();
    }
  });

  it('turns a malformed step, state or metadata answer into one readable GenEnvError', async () => {
    const url = await fakeService({
      'POST /step': [200, { observation: {}, reward: '1', done: true }],
      'GET /metadata': [200, ['genenv-arithmetic']],
    });
    const curriculum = new ServedCurriculum(url, undefined, { patienceMs: 1000 });
    try {
      const step = await rejection(curriculum.step('e1', { text: '1' }));
      expect(step).toBeInstanceOf(GenEnvError);
      expect((step as GenEnvError).message).toBe(
        "POST /step answered HTTP 200 outside genenv serve's protocol (observation.episode_id: " +
          'Invalid input: expected string, received undefined)',
      );
      const metadata = await rejection(curriculum.domainName());
      expect((metadata as GenEnvError).message).toBe(
        `${url} is not a genenv serve: GET /metadata answered HTTP 200 outside genenv serve's protocol ` +
          '(body: Invalid input: expected object, received array)',
      );
    } finally {
      curriculum.close();
    }
  });
});
