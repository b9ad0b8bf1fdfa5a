/**
 * A refused request: an HTTP status (4xx for the client's mistakes, 503 when the service cannot take
 * work now) and one line saying why. Sent as `{"error": message}`, or over the WebSocket as
 * `{"type": "error", "data": {"message", "code"}}`.
 */
export class ServeError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message.split('\n')[0]!);
    this.name = 'ServeError';
  }
}
