/** Pure retry decisions for HTTP calls: what to retry, how long to wait, how to read Retry-After. */

export interface RetrySettings {
  maxRetries: number;
  /** Seconds before the first retry; doubles each retry. */
  baseSeconds: number;
  /** Cap of one delay in seconds (also caps Retry-After). */
  maxSeconds: number;
}

/**
 * HTTP statuses worth retrying: rate limits, timeouts, conflicts and server errors (500 included: some
 * servers send it for transient faults; a 500 that names a failed generation is not retried, see
 * generation-failure.ts).
 */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;
}

/**
 * Delay in seconds a server asks for through `retry-after-ms` or `Retry-After` (seconds or an HTTP date),
 * or null when absent or unreadable. `nowMs` is the current time in ms since the epoch.
 */
export function retryAfterSeconds(
  headers: { get(name: string): string | null } | undefined,
  nowMs: number,
): number | null {
  if (!headers) return null;
  const milliseconds = headers.get('retry-after-ms');
  if (milliseconds !== null && /^\s*\d+(\.\d+)?\s*$/.test(milliseconds)) return Number(milliseconds) / 1000;
  const value = headers.get('retry-after');
  if (value === null) return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, (date - nowMs) / 1000);
}

/**
 * Seconds to wait before retry number `attempt` (0 = first retry): the server's Retry-After when given
 * (capped at maxSeconds), else exponential backoff with full jitter, `uniform` ∈ [0, 1) drawing the jitter.
 */
export function retryDelaySeconds(
  attempt: number,
  serverDelay: number | null,
  settings: RetrySettings,
  uniform: number,
): number {
  if (serverDelay !== null) return Math.min(serverDelay, settings.maxSeconds);
  const ceiling = Math.min(settings.maxSeconds, settings.baseSeconds * 2 ** attempt);
  return ceiling * uniform;
}
