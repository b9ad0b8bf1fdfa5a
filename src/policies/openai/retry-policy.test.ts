import { describe, expect, it } from 'vitest';
import { isRetryableStatus, retryAfterSeconds, retryDelaySeconds } from './retry-policy.ts';

const headers = (entries: Record<string, string>) => new Headers(entries);

describe('retry policy', () => {
  it('retries rate limits, timeouts and server errors, not client errors', () => {
    expect([408, 409, 429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 422].some(isRetryableStatus)).toBe(false);
  });
  it('reads Retry-After as seconds, as an HTTP date, and retry-after-ms first', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds(headers({ 'retry-after': '3' }), now)).toBe(3);
    expect(retryAfterSeconds(headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' }), now)).toBe(10);
    expect(retryAfterSeconds(headers({ 'retry-after': '3', 'retry-after-ms': '250' }), now)).toBe(0.25);
    expect(retryAfterSeconds(headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterSeconds(headers({}), now)).toBeNull();
    expect(retryAfterSeconds(undefined, now)).toBeNull();
  });
  it('waits what the server asks (capped), else exponential backoff with full jitter', () => {
    const settings = { maxRetries: 5, baseSeconds: 0.5, maxSeconds: 4 };
    expect(retryDelaySeconds(0, 2, settings, 0.9)).toBe(2);
    expect(retryDelaySeconds(0, 60, settings, 0.9)).toBe(4);
    expect(retryDelaySeconds(0, null, settings, 0.5)).toBe(0.25);
    expect(retryDelaySeconds(2, null, settings, 0.5)).toBe(1);
    expect(retryDelaySeconds(6, null, settings, 0.999)).toBeCloseTo(3.996, 6);
  });
});
