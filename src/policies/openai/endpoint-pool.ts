/**
 * Several OpenAI-compatible base URLs behind one call: least-loaded choice, one concurrency limit over
 * all of them, per-request timeouts, and retries with backoff that honour Retry-After. Failures a user
 * can cause (server down, bad key, unknown model) become one-line GenEnvErrors naming the URL.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import pLimit, { type LimitFunction } from 'p-limit';
import { GenEnvError } from '../../interfaces/errors.ts';
import { createHttpTransport, type HttpTransport } from './http-transport.ts';
import { isRetryableStatus, retryAfterSeconds, retryDelaySeconds, type RetrySettings } from './retry-policy.ts';

export interface Endpoint {
  baseUrl: string;
  client: OpenAI;
  inFlight: number;
  /** Whether this endpoint has answered at least once (any HTTP status). */
  answered: boolean;
}

export interface EndpointPoolSettings {
  baseUrls: string[];
  /** Name of the environment variable that holds the key; the key is read here and kept only inside the client. */
  apiKeyEnv: string;
  concurrency: number;
  timeoutSeconds: number;
  retry: RetrySettings;
  /** Waits `milliseconds`; tests inject a recorder. */
  sleep?: (milliseconds: number) => Promise<void>;
  /** Uniform [0, 1) draws for backoff jitter. */
  uniform?: () => number;
}

export interface CallOptions {
  /** Overrides which HTTP statuses are retried (e.g. not 400/500 while probing for json_schema support). */
  retryStatus?: (status: number) => boolean;
}

/** Counters of what the pool did, for metrics (`policy/…`). */
export interface PoolCounters {
  attempts: number;
  retries: number;
  rateLimited: number;
  timeouts: number;
  serverErrors: number;
  connectionErrors: number;
  /** Most attempts in flight at once, over all endpoints. */
  peakInFlight: number;
}

/** Connection error codes meaning nothing listens at the address. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
]);

export class EndpointPool {
  readonly endpoints: Endpoint[];
  readonly counters: PoolCounters = {
    attempts: 0,
    retries: 0,
    rateLimited: 0,
    timeouts: 0,
    serverErrors: 0,
    connectionErrors: 0,
    peakInFlight: 0,
  };
  private inFlight = 0;
  private readonly limit: LimitFunction;
  private readonly transport: HttpTransport;
  private readonly sleep: (milliseconds: number) => Promise<void>;
  private readonly uniform: () => number;
  private turn = 0;

  constructor(private readonly settings: EndpointPoolSettings) {
    this.transport = createHttpTransport(settings.concurrency);
    const apiKey = process.env[settings.apiKeyEnv] ?? 'EMPTY';
    this.endpoints = settings.baseUrls.map((baseUrl) => ({
      baseUrl,
      client: new OpenAI({
        baseURL: baseUrl,
        apiKey,
        maxRetries: 0,
        timeout: settings.timeoutSeconds * 1000,
        fetch: this.transport.fetch,
      }),
      inFlight: 0,
      answered: false,
    }));
    this.limit = pLimit(settings.concurrency);
    this.sleep = settings.sleep ?? ((milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds)));
    this.uniform = settings.uniform ?? Math.random;
  }

  /** Runs `operation` on the least-loaded endpoint; retries transient failures, on any endpoint. */
  async call<T>(operation: (endpoint: Endpoint) => Promise<T>, options: CallOptions = {}): Promise<T> {
    const retryStatus = options.retryStatus ?? isRetryableStatus;
    for (let attempt = 0; ; attempt++) {
      // Chosen when the request leaves the queue, so the choice sees the current load.
      let endpoint = this.endpoints[0]!;
      let failure: unknown;
      let serverDelay: number | null = null;
      try {
        return await this.limit(async () => {
          endpoint = this.choose();
          endpoint.inFlight++;
          this.inFlight++;
          if (this.inFlight > this.counters.peakInFlight) this.counters.peakInFlight = this.inFlight;
          this.counters.attempts++;
          try {
            const result = await operation(endpoint);
            endpoint.answered = true;
            return result;
          } finally {
            endpoint.inFlight--;
            this.inFlight--;
          }
        });
      } catch (error) {
        failure = error;
      }
      // Decide: give up now (one line naming the URL) or wait and retry.
      if (failure instanceof APIConnectionTimeoutError) {
        this.counters.timeouts++;
      } else if (failure instanceof APIConnectionError) {
        this.counters.connectionErrors++;
        const code = connectionErrorCode(failure);
        if (code !== null && UNREACHABLE_CODES.has(code) && !endpoint.answered) {
          throw new GenEnvError('policy', `cannot reach ${endpoint.baseUrl}: ${code} (is the server running?)`, {
            cause: failure,
          });
        }
      } else if (failure instanceof APIError && typeof failure.status === 'number') {
        endpoint.answered = true;
        if (!retryStatus(failure.status)) throw httpError(endpoint.baseUrl, failure, this.settings.apiKeyEnv);
        if (failure.status === 429) this.counters.rateLimited++;
        else this.counters.serverErrors++;
        serverDelay = retryAfterSeconds(failure.headers, Date.now());
      } else {
        throw failure instanceof GenEnvError
          ? failure
          : new GenEnvError('policy', `${endpoint.baseUrl}: ${oneLine(failure)}`, { cause: failure });
      }
      if (attempt >= this.settings.retry.maxRetries) {
        const prefix =
          failure instanceof APIConnectionError && !(failure instanceof APIConnectionTimeoutError)
            ? 'cannot reach '
            : '';
        throw new GenEnvError(
          'policy',
          `${prefix}${endpoint.baseUrl}: ${describeFailure(failure)} after ${attempt + 1} attempts`,
          { cause: failure },
        );
      }
      this.counters.retries++;
      const delay = retryDelaySeconds(attempt, serverDelay, this.settings.retry, this.uniform());
      await this.sleep(delay * 1000);
    }
  }

  /** Frees sockets. Idempotent. */
  close(): void {
    this.transport.close();
  }

  /** Fewest requests in flight; ties broken round-robin so equal endpoints share load. */
  private choose(): Endpoint {
    const count = this.endpoints.length;
    this.turn = (this.turn + 1) % count;
    let best = this.endpoints[this.turn]!;
    for (let offset = 1; offset < count; offset++) {
      const candidate = this.endpoints[(this.turn + offset) % count]!;
      if (candidate.inFlight < best.inFlight) best = candidate;
    }
    return best;
  }
}

function connectionErrorCode(error: APIConnectionError): string | null {
  let cause: unknown = error.cause;
  for (let depth = 0; depth < 4 && cause; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}

function describeFailure(failure: unknown): string {
  if (failure instanceof APIConnectionTimeoutError) return 'request timed out';
  if (failure instanceof APIConnectionError) return connectionErrorCode(failure) ?? 'connection failed';
  if (failure instanceof APIError) return `HTTP ${failure.status}: ${serverMessage(failure)}`;
  return oneLine(failure);
}

function httpError(baseUrl: string, failure: APIError, apiKeyEnv: string): GenEnvError {
  const hint = failure.status === 401 || failure.status === 403 ? ` (check the key in $${apiKeyEnv})` : '';
  return new GenEnvError('policy', `${baseUrl} answered HTTP ${failure.status}: ${serverMessage(failure)}${hint}`, {
    cause: failure,
  });
}

/** The server's own error message (OpenAI error body), cut to one line of at most 300 characters. */
function serverMessage(failure: APIError): string {
  const body = failure.error as { message?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : failure.message;
  return oneLine(message).slice(0, 300);
}

function oneLine(value: unknown): string {
  const text = value instanceof Error ? value.message : String(value);
  return text.split('\n')[0]!.trim();
}
