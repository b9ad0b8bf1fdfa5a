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
