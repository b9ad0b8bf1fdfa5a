/**
 * The limits of `genenv serve` and their defaults (docs/serving.md §3 and §4, which a test holds to these numbers):
 * sessions, idle episodes, the reset wait and leases, and the HTTP server's body size, request deadline and keep-alive.
 */
import type { ServiceLimits } from './episodes.ts';

/** The service's limits: the episode service's, and the HTTP server's (body size, request deadline, keep-alive). */
export interface ServeLimits extends ServiceLimits {
  /** Largest request body or WebSocket message, in bytes. */
  bodyLimit: number;
  /**
   * A request (headers and body) must arrive within this many milliseconds; a slower one is answered 408 and cut
   * off within a second of it (endpoints.ts, `DEADLINE_CHECK_MS`). A request received in time may take longer to
   * answer (a reset waits for a task).
   */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this many milliseconds. */
  keepAliveMs: number;
}

/**
 * The service's limits. A reset waits up to 45 s for a task, under the 60 s an OpenEnv client waits for an
 * answer; an attempt is handed out again after a 60 s lease, a tenth of the 600 s after which an idle episode
 * is dropped. A request must arrive within 30 s; an idle keep-alive connection stays open 75 s, longer than the
 * 60 s of common proxies and clients, so that it is they who close it.
 */
export const DEFAULT_LIMITS: ServeLimits = {
  maxSessions: 1024,
  idleMs: 600_000,
  resetWaitMs: 45_000,
  leaseMs: 60_000,
  bodyLimit: 1 << 20,
  requestTimeoutMs: 30_000,
  keepAliveMs: 75_000,
};
