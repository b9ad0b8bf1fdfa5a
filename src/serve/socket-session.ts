import type { WebSocket } from 'ws';
import { SocketMessageSchema, issueLine } from './protocol.ts';
import { ServeError } from './serve-error.ts';
import type { ServeService } from './service.ts';

/** Keep-alive ping period: long generations leave a socket silent for minutes (OpenEnv issue #362). */
const PING_MS = 20_000;

let openSockets = 0;

/** WebSocket connections open now (each is one OpenEnv session). */
export function socketCount(): number {
  return openSockets;
}

function refusalOf(error: unknown): { message: string; code: string } {
  if (error instanceof ServeError) return { message: error.message, code: error.code };
  const line = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  return { message: `internal error: ${line.slice(0, 300)}`, code: 'EXECUTION_ERROR' };
}

/**
 * One OpenEnv WebSocket session: `{type: reset|step|state|close, data}` in, `{type: observation|state|
 * error, data}` out, one episode at a time. Messages are handled in order; a malformed one gets an
 * error message and changes nothing. The session's open episode is given back when the socket closes.
 */
export function attachSocket(socket: WebSocket, service: ServeService): void {
  if (openSockets >= service.limits.maxSessions) {
    const message = `session cap reached: ${openSockets} of ${service.limits.maxSessions} WebSocket sessions are open`;
    socket.send(JSON.stringify({ type: 'error', data: { message, code: 'CAPACITY_REACHED' } }));
    socket.close(1013, 'session cap reached');
    return;
  }
  openSockets++;
  let episodeId: string | null = null;
  let queue: Promise<void> = Promise.resolve();
  let alive = true;
  const send = (value: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(value));
  };
  const ping = setInterval(() => {
    if (!alive) return socket.terminate();
    alive = false;
    socket.ping();
  }, PING_MS);
  socket.on('pong', () => {
    alive = true;
  });

  const handle = async (raw: string) => {
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
      if (message.type === 'close') return socket.close(1000, 'closed by client');
      if (message.type === 'state') return send({ type: 'state', data: service.state(episodeId ?? undefined) });
      if (message.type === 'reset') {
        if (episodeId !== null) service.close(episodeId);
        episodeId = null;
        const result = await service.reset(message.data ?? {});
        episodeId = String(result.observation.episode_id);
        return send({ type: 'observation', data: result });
      }
      if (episodeId === null) throw new ServeError(409, 'NO_EPISODE', 'step before reset: send a reset first');
      const result = await service.step(episodeId, message.data);
      return send({ type: 'observation', data: result });
    } catch (error) {
      send({ type: 'error', data: refusalOf(error) });
    }
  };

  socket.on('message', (data, isBinary) => {
    alive = true;
    const text = isBinary ? null : data.toString();
    queue = queue.then(() =>
      text === null
        ? send({ type: 'error', data: { message: 'binary messages are not accepted', code: 'INVALID_JSON' } })
        : handle(text),
    );
  });
  socket.on('close', () => {
    openSockets--;
    clearInterval(ping);
    if (episodeId !== null) service.close(episodeId);
  });
  socket.on('error', () => socket.terminate());
}
