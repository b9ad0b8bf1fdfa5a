/**
 * The service's endpoints (docs/serving.md §2): OpenEnv's HTTP routes and WebSocket sessions and OpenRLHF's
 * reward route, each reading its request by the protocol's schemas and handing it to the episode service.
 * Authentication, body limits and timeouts are set here; every refusal leaves as one line and a code.
 */
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import {
  type Domain,
  issueLine,
  protocolSchemas,
  type RewardAnswer,
  type RewardRequest,
  type RouteAnswer,
  type RouteName,
  SERVICE_ROUTES,
  type ScoredAnswer,
  type ServiceRoute,
  type ServiceRoutes,
  SocketMessageSchema,
  type SocketReply,
  type TurnAnswer,
} from '../interfaces/index.ts';
import type { EpisodeService } from './episodes.ts';
import type { ServeLimits } from './limits.ts';
import { httpRefusal, ServeError, socketRefusal } from './refusals.ts';

/** The HTTP server's settings: the token, and its limits (body size, request deadline, keep-alive). */
export interface ServerOptions extends Pick<ServeLimits, 'bodyLimit' | 'requestTimeoutMs' | 'keepAliveMs'> {
  /** Bearer token every request but `/health` must carry; null = no authentication (loopback only). */
  token: string | null;
}

/** JSON reviver that refuses prototype-poisoning keys (as fastify's default parser does). */
function refuseProtoKeys(key: string, value: unknown): unknown {
  if (key === '__proto__' || key === 'constructor') throw new Error(`the key "${key}" is not allowed`);
  return value;
}

/**
 * How often the HTTP server looks for requests past their deadline, in milliseconds. Node looks every 30 s by
 * default, so a 30 s request timeout cut a slow client off after 30 to 60 s (43.7 s was measured); looking every
 * second, a request is refused within a second of its deadline.
 */
export const DEADLINE_CHECK_MS = 1000;

const digest = (value: string) => createHash('sha256').update(value).digest();

function parse<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new ServeError(422, 'VALIDATION_ERROR', issueLine(parsed.error));
  return parsed.data;
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
        .send({ error: 'missing or wrong bearer token (Authorization: Bearer <token>)', code: 'UNAUTHORIZED' });
    }
  };
}

const GROUP_PREFIX = 'group:';

/**
 * OpenRLHF `/get_reward`. Each label is an episode id from a reset (one response per episode), or
 * `group:<key>` for a GRPO group exported by `/reset` with that group key: each response then takes the
 * group's next attempt. A retried request (OpenRLHF retries with the same body) is answered from the log:
 * group attempts carry request ids derived from the whole request. Labels are checked before anything is
 * scored, so a bad label changes nothing.
 */
async function rewardRequest(service: EpisodeService, request: RewardRequest): Promise<RewardAnswer> {
  request.labels.forEach((label, index) => {
    const known = label.startsWith(GROUP_PREFIX)
      ? service.driver.hasGroup(label.slice(GROUP_PREFIX.length))
      : service.knowsEpisode(label);
    if (!known) throw new ServeError(404, 'UNKNOWN_LABEL', `labels[${index}]: unknown episode or group ${label}`);
  });
  const requestDigest = createHash('sha256').update(JSON.stringify(request)).digest('hex').slice(0, 32);
  const results = await Promise.all(
    request.query.map(async (query, index): Promise<ScoredAnswer | TurnAnswer> => {
      const prompt = request.prompts?.[index];
      const text = prompt !== undefined && query.startsWith(prompt) ? query.slice(prompt.length) : query;
      const label = request.labels[index]!;
      if (!label.startsWith(GROUP_PREFIX)) return service.step(label, { action: { text } });
      const requestId = `reward-${requestDigest}-${index}`;
      const answered = await service.answered(requestId);
      if (answered) return answered;
      const reset = await service.reset({ group_key: label.slice(GROUP_PREFIX.length) });
      return service.step(reset.observation.episode_id, { action: { text }, request_id: requestId });
    }),
  );
  const rewards = results.map((result) => result.reward ?? 0);
  // A turn that does not end a multi-turn episode has no verdict yet: no success, reward 0.
  const success = results.map((result) => (result.done && result.observation.feedback.success ? 1 : 0));
  return { rewards, scores: rewards, extra_logs: { success } };
}

/** Keep-alive ping period: long generations leave a socket silent for minutes (OpenEnv issue #362). */
const PING_MS = 20_000;

/** WebSocket sessions open now (each is one OpenEnv session), held under the session cap. */
let openSockets = 0;

/** What one socket holds: its open episode and how to answer. */
interface Session {
  socket: WebSocket;
  service: EpisodeService;
  episodeId: string | null;
  /** Set when the socket closed: an episode that a reset opens after that is given back at once. */
  closed: boolean;
  send(reply: SocketReply): void;
}

/** Handles one text message of a session; every failure becomes an error message. */
async function handleMessage(session: Session, raw: string): Promise<void> {
  const { service, send } = session;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    return send({
      type: 'error',
      data: { message: `invalid JSON: ${(error as Error).message}`, code: 'INVALID_JSON' },
    });
  }
  const parsed = SocketMessageSchema.safeParse(json);
  if (!parsed.success)
    return send({ type: 'error', data: { message: issueLine(parsed.error), code: 'VALIDATION_ERROR' } });
  const message = parsed.data;
  try {
    if (message.type === 'close') {
      // An episode the close names is given back first, refused as over HTTP when it is not open.
      const named = message.data?.episode_id;
      if (named !== undefined) service.giveBack(named);
      if (named === session.episodeId) session.episodeId = null;
      return session.socket.close(1000, 'closed by client');
    }
    if (message.type === 'state') return send({ type: 'state', data: service.state(session.episodeId ?? undefined) });
    if (message.type === 'reset') {
      if (session.episodeId !== null) service.close(session.episodeId);
      session.episodeId = null;
      const result = await service.reset(message.data ?? {});
      const episodeId = result.observation.episode_id;
      // The client left while the reset waited for a task: nobody will step it, so its attempt goes back.
      if (session.closed) return service.close(episodeId);
      session.episodeId = episodeId;
      return send({ type: 'observation', data: result });
    }
    if (session.episodeId === null) throw new ServeError(409, 'NO_EPISODE', 'step before reset: send a reset first');
    return send({ type: 'observation', data: await service.step(session.episodeId, message.data) });
  } catch (error) {
    send({ type: 'error', data: socketRefusal(error) });
  }
}

/**
 * One OpenEnv WebSocket session: `{type: reset|step|state|close, data}` in, `{type: observation|state|
 * error, data}` out, one episode at a time. Messages are handled in order; a malformed one gets an
 * error message and changes nothing. The session's open episode is given back when the socket closes;
 * a peer that misses a keep-alive ping for a whole period is dropped.
 */
function attachSocket(socket: WebSocket, service: EpisodeService): void {
  if (openSockets >= service.limits.maxSessions) {
    const message = `session cap reached: ${openSockets} of ${service.limits.maxSessions} WebSocket sessions are open`;
    socket.send(JSON.stringify({ type: 'error', data: { message, code: 'CAPACITY_REACHED', retry_after_s: 1 } }));
    socket.close(1013, 'session cap reached');
    return;
  }
  openSockets++;
  const session: Session = {
    socket,
    service,
    episodeId: null,
    closed: false,
    send: (value) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(value));
    },
  };
  let queue: Promise<void> = Promise.resolve();
  let alive = true;
  const ping = setInterval(() => {
    if (!alive) return socket.terminate();
    alive = false;
    socket.ping();
  }, PING_MS);
  socket.on('pong', () => {
    alive = true;
  });
  socket.on('message', (data, isBinary) => {
    alive = true;
    const text = isBinary ? null : data.toString();
    const binary: SocketReply = {
      type: 'error',
      data: { message: 'binary messages are not accepted', code: 'INVALID_JSON' },
    };
    queue = queue.then(() => (text === null ? session.send(binary) : handleMessage(session, text)));
  });
  socket.on('close', () => {
    openSockets--;
    session.closed = true;
    clearInterval(ping);
    // A client that disconnects (or is dropped for missing pings) gives its open attempt back at once.
    if (session.episodeId !== null) service.close(session.episodeId);
  });
  socket.on('error', () => socket.terminate());
}

/** What a route's handler reads: its request parsed by the route's schema (undefined for a route that reads nothing). */
type RouteInput<Name extends RouteName> = ServiceRoutes[Name]['request'] extends z.ZodType
  ? z.infer<ServiceRoutes[Name]['request']>
  : undefined;

/**
 * Registers a route of the protocol's table: its method and path, its request (the body, or a GET's query)
 * validated by the table's schema before the handler sees it (422 with the first issue), its answer typed by it.
 */
function addRoute<Name extends RouteName>(
  app: FastifyInstance,
  name: Name,
  handler: (input: RouteInput<Name>, request: FastifyRequest) => Promise<RouteAnswer<Name>>,
): void {
  const route: ServiceRoute = SERVICE_ROUTES[name];
  app.route({
    method: route.method,
    url: route.path,
    handler: async (request) => {
      const given = route.method === 'GET' ? request.query : request.body;
      const input = route.request === null ? undefined : parse(route.request, given);
      return handler(input as RouteInput<Name>, request);
    },
  });
}

/**
 * The HTTP + WebSocket server of `genenv serve` (fastify): OpenEnv's `/reset`, `/step`, `/state`,
 * `/schema`, `/metadata`, `/health` and `/ws`, and OpenRLHF's `/get_reward`. Every refusal is a 4xx
 * (or 503 when the service cannot take work now) with `{"error": one line}`.
 */
export async function buildServer(
  service: EpisodeService,
  domain: Domain,
  options: ServerOptions,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: options.bodyLimit,
    // Headers and body share the deadline; Node's own headers deadline (60 s) would outlast it.
    http: {
      requestTimeout: options.requestTimeoutMs,
      headersTimeout: options.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(DEADLINE_CHECK_MS, options.requestTimeoutMs),
    },
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
    const { status, code, message, retryAfter } = httpRefusal(error);
    if (status === 503) reply.header('retry-after', String(retryAfter ?? 1));
    return reply.code(status).send({ error: message, code });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: `no route ${request.method} ${request.url.split('?')[0]!.slice(0, 100)}` }),
  );
  await app.register(websocket, { options: { maxPayload: options.bodyLimit } });

  addRoute(app, 'health', async () => ({ status: service.driver.failure ? 'unhealthy' : 'healthy' }));
  addRoute(app, 'metadata', async () => ({
    name: `genenv-${domain.name}`,
    description:
      `GenEnv co-evolving curriculum over the ${domain.name} domain: reset hands out simulator-proposed ` +
      "tasks, step scores them with the domain's verifier",
    version: domain.version,
    author: 'genenv',
  }));
  addRoute(app, 'schema', async () => protocolSchemas());
  addRoute(app, 'state', async ({ episode_id: episodeId }) => service.state(episodeId));
  addRoute(app, 'reset', async (input, request) => {
    const result = await service.reset(input);
    // A client that gave up while the reset waited for the next epoch gets nothing: its attempt goes back.
    if (request.socket.destroyed) service.close(result.observation.episode_id);
    return result;
  });
  addRoute(app, 'step', async ({ episode_id: episodeId, ...step }) => service.step(episodeId, step));
  addRoute(app, 'reward', async (input) => rewardRequest(service, input));
  // Not in OpenEnv's HTTP API (its WebSocket has `close`): gives an unscored episode's attempt back.
  addRoute(app, 'close', async ({ episode_id: episodeId }) => {
    service.giveBack(episodeId);
    return { closed: true };
  });
  app.get('/ws', { websocket: true }, (socket) => attachSocket(socket, service));
  return app;
}
