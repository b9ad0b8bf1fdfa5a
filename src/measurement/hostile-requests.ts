import { Agent, request as httpRequest } from 'node:http';
import { Random } from '../util/random.ts';

/** One raw HTTP request of the hostile mix. */
export interface HostileRequest {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | Buffer;
}

/** The answer to one hostile request. */
export interface HostileAnswer {
  kind: string;
  status: number;
  /** The one-line reason of a refusal (`error` of the JSON body), or null. */
  reason: string | null;
}

const json = { 'content-type': 'application/json' };

/** The kind of the over-limit bodies in the mix. */
export const HUGE_BODY = 'huge-body';

/**
 * Malformed and hostile requests for `genenv serve`: bad JSON, wrong types, huge and deep bodies, unknown
 * routes and episodes, replayed and reused request ids, wrong content types, missing or wrong tokens.
 * `episodeIds` and `requestIds` are real ones (already scored) so replays and reuse are exercised.
 */
export function hostileRequests(
  count: number,
  seed: number,
  known: { episodeIds: string[]; requestIds: string[]; token: string | null },
): HostileRequest[] {
  const random = new Random(seed);
  const auth: Record<string, string> = known.token ? { authorization: `Bearer ${known.token}` } : {};
  const pick = <T>(values: readonly T[], fallback: T) => (values.length ? random.pick(values) : fallback);
  const makers: (() => Omit<HostileRequest, 'kind'> & { kind?: string })[] = [
    () => ({ method: 'POST', path: '/step', headers: { ...json, ...auth }, body: '{"action": {"text": "1"' }),
    () => ({ method: 'POST', path: '/reset', headers: { ...json, ...auth }, body: '[1, 2, 3]' }),
    () => ({ method: 'POST', path: '/reset', headers: { ...json, ...auth }, body: '{"seed": "seven"}' }),
    () => ({ method: 'POST', path: '/reset', headers: { ...json, ...auth }, body: '{"seed": -1}' }),
    () => ({ method: 'POST', path: '/step', headers: { ...json, ...auth }, body: '{"action": {"text": 42}}' }),
    () => ({ method: 'POST', path: '/step', headers: { ...json, ...auth }, body: '{"action": {}}' }),
    () => ({
      method: 'POST',
      path: '/step',
      headers: { ...json, ...auth },
      body: JSON.stringify({ episode_id: `nope-${random.int(0, 1e9)}`, action: { text: '3' } }),
    }),
    () => ({
      method: 'POST',
      path: '/step',
      headers: { ...json, ...auth },
      body: JSON.stringify({ episode_id: 'bad id with spaces', action: { text: '3' } }),
    }),
    () => ({
      method: 'POST',
      path: '/step',
      headers: { ...json, ...auth },
      body: JSON.stringify({
        episode_id: pick(known.episodeIds, 'x'),
        action: { text: `changed ${random.int(0, 99)}` },
      }),
    }),
    () => ({
      method: 'POST',
      path: '/step',
      headers: { ...json, ...auth },
      body: JSON.stringify({ episode_id: 'other', request_id: pick(known.requestIds, 'r'), action: { text: '1' } }),
    }),
    // Twice the body limit: the server answers 413 and closes, which a client still writing may see first.
    () => ({
      kind: HUGE_BODY,
      method: 'POST',
      path: '/step',
      headers: { ...json, ...auth },
      body: Buffer.alloc(2 << 20, 0x20),
    }),
    () => ({
      method: 'POST',
      path: '/reset',
      headers: { ...json, ...auth },
      body: `${'['.repeat(5000)}${']'.repeat(5000)}`,
    }),
    () => ({ method: 'POST', path: '/step', headers: { 'content-type': 'text/plain', ...auth }, body: 'hello' }),
    () => ({
      method: 'POST',
      path: '/reset',
      headers: { ...json, ...auth },
      body: '{"__proto__": {"polluted": true}}',
    }),
    () => ({ method: 'GET', path: `/nowhere/${random.int(0, 1e6)}`, headers: { ...auth }, body: '' }),
    () => ({ method: 'DELETE', path: '/reset', headers: { ...auth }, body: '' }),
    () => ({ method: 'GET', path: `/state?episode_id=${random.int(0, 1e6)}`, headers: { ...auth }, body: '' }),
    () => ({
      method: 'POST',
      path: '/get_reward',
      headers: { ...json, ...auth },
      body: JSON.stringify({ query: ['a', 'b'], labels: ['only-one'] }),
    }),
    () => ({
      method: 'POST',
      path: '/get_reward',
      headers: { ...json, ...auth },
      body: JSON.stringify({ query: ['a'], labels: [`ghost-${random.int(0, 1e9)}`] }),
    }),
    () => ({ method: 'POST', path: '/step', headers: { ...json }, body: '{"action": {"text": "1"}}' }),
    () => ({
      method: 'POST',
      path: '/reset',
      headers: { ...json, authorization: 'Bearer wrong-token-123456' },
      body: '{}',
    }),
    () => ({
      method: 'POST',
      path: '/step',
      headers: { ...json, ...auth },
      body: JSON.stringify({
        episode_id: 'x',
        action: { tool_calls: Array.from({ length: 65 }, () => ({ name: 'f' })) },
      }),
    }),
    () => ({ method: 'POST', path: '/step', headers: { ...json, ...auth }, body: '\u0000\u0001\u0002' }),
  ];
  const kinds = makers.map((_, index) => `kind-${index}`);
  return Array.from({ length: count }, () => {
    const index = random.int(0, makers.length - 1);
    const made = makers[index]!();
    return { ...made, kind: made.kind ?? kinds[index]! };
  });
}

/** Sends the requests, `concurrency` at a time; a connection the server closed counts as status 0. */
export async function sendHostile(
  baseUrl: string,
  requests: readonly HostileRequest[],
  concurrency = 32,
): Promise<HostileAnswer[]> {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const answers: HostileAnswer[] = new Array(requests.length);
  let next = 0;
  const one = (request: HostileRequest) =>
    new Promise<HostileAnswer>((resolve) => {
      const headers = { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) };
      const outgoing = httpRequest(
        { host: url.hostname, port: url.port, path: request.path, method: request.method, headers, agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            let reason: string | null = null;
            try {
              const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: unknown };
              reason = typeof body.error === 'string' ? body.error : null;
            } catch {
              reason = null;
            }
            resolve({ kind: request.kind, status: response.statusCode ?? 0, reason });
          });
          response.on('error', () => resolve({ kind: request.kind, status: 0, reason: null }));
        },
      );
      // A server that refuses a huge body answers and closes: the write fails, the answer may still come.
      outgoing.on('error', () => setTimeout(() => resolve({ kind: request.kind, status: 0, reason: null }), 100));
      outgoing.end(request.body);
    });
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      answers[index] = await one(requests[index]!);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return answers;
}
