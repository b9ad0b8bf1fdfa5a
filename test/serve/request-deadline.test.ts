import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Served, serveRun } from './serve-fixture.ts';

// A client that sends its request slower than the request deadline is answered 408 and cut off. With Node's own
// checking period (30 s) the deadline was enforced up to 30 s late; here the deadline is 1 s and the request would
// take 10 s to arrive, so a 408 shows the deadline enforced, and any other answer shows it was not.

const DEADLINE_MS = 1000;
/** One byte each this many milliseconds: 100 bytes take ten deadlines. */
const DRIBBLE_MS = 100;

/** Sends `head` at once, then one byte of `rest` every DRIBBLE_MS; resolves with the server's answer (or ''). */
function slowRequest(url: string, head: string, rest: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    let sent = 0;
    const dribble = setInterval(() => {
      if (sent < rest.length) socket.write(rest[sent++]!);
    }, DRIBBLE_MS);
    const done = () => {
      clearInterval(dribble);
      socket.destroy();
      resolve(answer);
    };
    // The status line is the answer; a server that keeps the connection open after it is not waited for.
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) done();
    });
    socket.on('error', reject);
    socket.on('close', done);
    socket.write(head);
  });
}

describe('the request deadline', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serveRun({}, { limits: { requestTimeoutMs: DEADLINE_MS } });
  });
  afterAll(async () => served.stop());

  it('cuts off a body that arrives too slowly with 408', async () => {
    const body = JSON.stringify({ group_key: 'g'.repeat(80) });
    const head = `POST /reset HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    expect(await slowRequest(served.url, head, body)).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('cuts off headers that arrive too slowly with 408', async () => {
    const headers = `${'x'.repeat(100)}: 1\r\n\r\n`;
    expect(await slowRequest(served.url, 'GET /health HTTP/1.1\r\nHost: x\r\n', headers)).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers a request that arrives in time', async () => {
    const health = await fetch(`${served.url}/health`);
    expect(await health.json()).toEqual({ status: 'healthy' });
  });
});
