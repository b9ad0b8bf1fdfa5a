import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { Domain } from '../interfaces/index.ts';
import {
  CloseRequestSchema,
  ResetRequestSchema,
  RewardRequestSchema,
  StepRequestSchema,
  issueLine,
  protocolSchemas,
} from '../interfaces/index.ts';
import { rewardRequest } from './reward-endpoint.ts';
import { ServeError } from './refusals.ts';
import type { ServeService } from './episodes.ts';
import { attachSocket } from './socket-session.ts';

export interface ServerOptions {
  /** Bearer token every request but `/health` must carry; null = no authentication (loopback only). */
  token: string | null;
  /** Largest request body or WebSocket message, in bytes. */
  bodyLimit: number;
  /** Time to receive a whole request, in milliseconds (slow clients are cut off). */
  requestTimeoutMs: number;
  /** Idle keep-alive connections are closed after this many milliseconds. */
  keepAliveMs: number;
}

/** JSON reviver that refuses prototype-poisoning keys (as fastify's default parser does). */
function refuseProtoKeys(key: string, value: unknown): unknown {
  if (key === '__proto__' || key === 'constructor') throw new Error(`the key "${key}" is not allowed`);
  return value;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

function parse<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new ServeError(422, 'VALIDATION_ERROR', issueLine(parsed.error));
  return parsed.data;
}

/** Maps any thrown value to a status and one line; never leaks a stack. */
export function refusal(error: unknown): { status: number; code: string; message: string; retryAfter?: number } {
  if (error instanceof ServeError)
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      ...(error.retryAfterSeconds !== undefined ? { retryAfter: error.retryAfterSeconds } : {}),
    };
  const fastifyError = error as { statusCode?: number; code?: string; message?: string };
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = (fastifyError.message ?? 'bad request').split('\n')[0]!.slice(0, 300);
    return { status, code: fastifyError.code ?? 'BAD_REQUEST', message };
  }
  const line = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  return { status: 500, code: 'INTERNAL', message: `internal error: ${line.slice(0, 300)}` };
}

function authorize(options: ServerOptions) {
  const expected = options.token === null ? null : digest(`Bearer ${options.token}`);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (expected === null || request.url === '/health') return;
    const given = request.headers.authorization;
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      await reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'missing or wrong bearer token (Authorization: Bearer <token>)' });
    }
  };
}

/**
 * The HTTP + WebSocket server of `genenv serve` (fastify): OpenEnv's `/reset`, `/step`, `/state`,
 * `/schema`, `/metadata`, `/health` and `/ws`, and OpenRLHF's `/get_reward`. Every refusal is a 4xx
 * (or 503 when the service cannot take work now) with `{"error": one line}`.
 */
export async function buildServer(
  service: ServeService,
  domain: Domain,
  options: ServerOptions,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: options.bodyLimit,
    requestTimeout: options.requestTimeoutMs,
    keepAliveTimeout: options.keepAliveMs,
    return503OnClosing: true,
  });
  // OpenEnv clients may post an empty body to /reset: treat it as {}.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text, refuseProtoKeys));
    } catch (error) {
      done(new ServeError(400, 'INVALID_JSON', `invalid JSON: ${(error as Error).message}`), undefined);
    }
  });
  app.addHook('onRequest', authorize(options));
  app.setErrorHandler((error, _request, reply) => {
    const { status, code, message, retryAfter } = refusal(error);
    if (status === 503) reply.header('retry-after', String(retryAfter ?? 1));
    return reply.code(status).send({ error: message, code });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: `no route ${request.method} ${request.url.split('?')[0]!.slice(0, 100)}` }),
  );
  await app.register(websocket, { options: { maxPayload: options.bodyLimit } });

  app.get('/health', async () => ({ status: service.driver.failure ? 'unhealthy' : 'healthy' }));
  app.get('/metadata', async () => ({
    name: `genenv-${domain.name}`,
    description:
      `GenEnv co-evolving curriculum over the ${domain.name} domain: reset hands out simulator-proposed ` +
      "tasks, step scores them with the domain's verifier",
    version: domain.version,
    author: 'genenv',
  }));
  app.get('/schema', async () => protocolSchemas());
  app.get('/state', async (request) => {
    const query = request.query as Record<string, unknown>;
    const episodeId = typeof query.episode_id === 'string' ? query.episode_id : undefined;
    return service.state(episodeId);
  });
  app.post('/reset', async (request) => {
    const result = await service.reset(parse(ResetRequestSchema, request.body));
    // A client that gave up while the reset waited for the next epoch gets nothing: its attempt goes back.
    if (request.socket.destroyed) service.close(result.observation.episode_id);
    return result;
  });
  app.post('/step', async (request) => {
    const { episode_id: episodeId, ...step } = parse(StepRequestSchema, request.body);
    if (episodeId === undefined)
      throw new ServeError(
        422,
        'VALIDATION_ERROR',
        'episode_id: required over HTTP (it comes with the reset observation)',
      );
    return service.step(episodeId, step);
  });
  app.post('/get_reward', async (request) => rewardRequest(service, parse(RewardRequestSchema, request.body)));
  // Not in OpenEnv's HTTP API (its WebSocket has `close`): gives an unscored episode's attempt back.
  app.post('/close', async (request) => {
    const { episode_id: episodeId } = parse(CloseRequestSchema, request.body);
    service.close(episodeId);
    return { closed: true };
  });
  app.get('/ws', { websocket: true }, (socket) => attachSocket(socket, service));
  return app;
}
