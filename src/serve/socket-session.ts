import type { WebSocket } from 'ws';
import { SocketMessageSchema, type SocketRefusal, type SocketReply, issueLine } from '../interfaces/index.ts';
import { ServeError } from './refusals.ts';
import type { ServeService } from './episodes.ts';

/** Keep-alive ping period: long generations leave a socket silent for minutes (OpenEnv issue #362). */
const PING_MS = 20_000;

let openSockets = 0;

/** WebSocket connections open now (each is one OpenEnv session). */
export function socketCount(): number {
  return openSockets;
}

/** The data of an error message; `retry_after_s` says when a retry may succeed (a limit that frees up). */
function refusalOf(error: unknown): SocketRefusal {
  if (error instanceof ServeError)
    return {
      message: error.message,
      code: error.code,
      ...(error.retryAfterSeconds !== undefined ? { retry_after_s: error.retryAfterSeconds } : {}),
    };
  const line = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  return { message: `internal error: ${line.slice(0, 300)}`, code: 'EXECUTION_ERROR' };
}

/** What one socket holds: its open episode and how to answer. */
interface Session {
  socket: WebSocket;
  service: ServeService;
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
    if (message.type === 'close') return session.socket.close(1000, 'closed by client');
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
    send({ type: 'error', data: refusalOf(error) });
  }
}

/**
 * One OpenEnv WebSocket session: `{type: reset|step|state|close, data}` in, `{type: observation|state|
 * error, data}` out, one episode at a time. Messages are handled in order; a malformed one gets an
 * error message and changes nothing. The session's open episode is given back when the socket closes;
 * a peer that misses a keep-alive ping for a whole period is dropped.
 */
export function attachSocket(socket: WebSocket, service: ServeService): void {
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
