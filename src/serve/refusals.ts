/**
 * The service's refusals: the error a request is refused with, and how any thrown value goes out on the wire,
 * over HTTP or the WebSocket, as one line and a stable code, never a stack.
 */
import type { SocketRefusal } from '../interfaces/index.ts';

/**
 * A refused request: an HTTP status (4xx for the client's mistakes, 503 when the service cannot take
 * work now) and one line saying why. Sent as `{"error": message, "code": code}` (with a Retry-After header
 * when `retryAfterSeconds` is set), or over the WebSocket as `{"type": "error", "data": {"message", "code",
 * "retry_after_s"?}}`.
 */
export class ServeError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** When a retry may succeed, in seconds (a limit that frees up); undefined for refusals a retry repeats. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message.split('\n')[0]!);
    this.name = 'ServeError';
  }
}

/** The first line of an unexpected error, bounded: what a client learns of a bug. */
function internalLine(error: unknown): string {
  const line = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  return `internal error: ${line.slice(0, 300)}`;
}

/** Maps any thrown value to an HTTP status and one line (fastify's own 4xx errors keep theirs). */
export function httpRefusal(error: unknown): { status: number; code: string; message: string; retryAfter?: number } {
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
  return { status: 500, code: 'INTERNAL', message: internalLine(error) };
}

/** Maps any thrown value to the data of a WebSocket error message (OpenEnv's code for a failure of ours). */
export function socketRefusal(error: unknown): SocketRefusal {
  if (error instanceof ServeError)
    return {
      message: error.message,
      code: error.code,
      ...(error.retryAfterSeconds !== undefined ? { retry_after_s: error.retryAfterSeconds } : {}),
    };
  return { message: internalLine(error), code: 'EXECUTION_ERROR' };
}
