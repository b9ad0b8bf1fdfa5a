/**
 * Several OpenAI-compatible base URLs behind one call: least-loaded choice, one concurrency limit over
 * all of them, per-request timeouts, and retries with backoff that honour Retry-After. A base URL that
 * stops answering is set aside (said once) and the others carry on; it gets a request again after a
 * cool-down that doubles while it stays down. Failures a user can cause (server down, bad key, unknown
 * model) become one-line GenEnvErrors naming the URL; a failed generation becomes a GenerationFailedError.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import pLimit, { type LimitFunction } from 'p-limit';
import { GenEnvError, PolicyError } from '../../interfaces/errors.ts';
import { classifyGenerationFailure, GenerationFailedError } from './generation-failure.ts';
import { createHttpTransport, type HttpTransport } from './http-transport.ts';
import {
  explicitScales,
  fetchPreloadedAdapters,
  type PreloadedAdapter,
  requestedScales,
  ServerNotReadyError,
} from './lora-scales.ts';
import { isRetryableStatus, retryAfterSeconds, retryDelaySeconds, type RetrySettings } from './retry-policy.ts';

export interface Endpoint {
  baseUrl: string;
  client: OpenAI;
  inFlight: number;
  /** Whether this endpoint has answered at least once (any HTTP status). */
  answered: boolean;
  /**
   * Set while the endpoint is set aside after a connection failure: when it may get a request again (ms
   * since the epoch), the current cool-down, and whether a request was sent to it since (on probation).
   */
  down: { retryAtMs: number; coolDownMs: number; probing: boolean } | null;
  /** LoRA adapters the server preloads (llama.cpp), read on first use and again after it was down. */
  adapters: Promise<PreloadedAdapter[]> | null;
}

export interface EndpointPoolSettings {
  baseUrls: string[];
  /** Name of the environment variable that holds the key; the key is read here and kept only inside the client. */
  apiKeyEnv: string;
  /** The key itself, given in code; over `apiKeyEnv` when set. Kept only inside the client, never stored. */
  apiKey?: string;
  concurrency: number;
  timeoutSeconds: number;
  retry: RetrySettings;
  /** Waits `milliseconds`; tests inject a recorder. */
  sleep?: (milliseconds: number) => Promise<void>;
  /** Uniform [0, 1) draws for backoff jitter. */
  uniform?: () => number;
  /** Where "base URL down / back" lines go (default: standard error, `genenv: ` first). */
  warn?: (line: string) => void;
  /** Milliseconds since the epoch (tests move time by hand). */
  now?: () => number;
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
  /** Requests sent to another base URL because theirs was down. */
  rerouted: number;
  /** Generations the server could not produce (recorded as data, not retried). */
  generationFailures: number;
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

/** First and longest wait before a down base URL gets a request again, in ms. */
const COOL_DOWN_FIRST_MS = 1000;
const COOL_DOWN_MAX_MS = 30_000;

/** What was last said about each base URL in this process, so several pools say it once. */
const announced = new Map<string, 'down' | 'up'>();

type Decision = { action: 'throw'; error: unknown } | { action: 'reroute' } | { action: 'retry'; delay: number | null };

export class EndpointPool {
  readonly endpoints: Endpoint[];
  readonly counters: PoolCounters = {
    attempts: 0,
    retries: 0,
    rateLimited: 0,
    timeouts: 0,
    serverErrors: 0,
    connectionErrors: 0,
    rerouted: 0,
    generationFailures: 0,
    peakInFlight: 0,
  };
  private inFlight = 0;
  private readonly limit: LimitFunction;
  private readonly transport: HttpTransport;
  private readonly sleep: (milliseconds: number) => Promise<void>;
  private readonly uniform: () => number;
  private readonly warn: (line: string) => void;
  private readonly now: () => number;
  private readonly apiKey: string;
  private turn = 0;

  constructor(private readonly settings: EndpointPoolSettings) {
    this.transport = createHttpTransport(settings.concurrency);
    this.apiKey = settings.apiKey ?? process.env[settings.apiKeyEnv] ?? 'EMPTY';
    this.endpoints = settings.baseUrls.map((baseUrl) => ({
      baseUrl,
      client: new OpenAI({
        baseURL: baseUrl,
        apiKey: this.apiKey,
        maxRetries: 0,
        timeout: settings.timeoutSeconds * 1000,
        fetch: this.transport.fetch,
      }),
      inFlight: 0,
      answered: false,
      down: null,
      adapters: null,
    }));
    this.limit = pLimit(settings.concurrency);
    this.sleep = settings.sleep ?? ((milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds)));
    this.uniform = settings.uniform ?? Math.random;
    this.warn = settings.warn ?? ((line) => process.stderr.write(`genenv: ${line}\n`));
    this.now = settings.now ?? Date.now;
  }

  /**
   * One chat completion. On servers that preload LoRA adapters the body's `lora` list is completed to
   * name every adapter (unasked ones at scale 0), so global scales never apply; see lora-scales.ts.
   */
  async chat(body: ChatCompletionCreateParamsNonStreaming, options: CallOptions = {}): Promise<ChatCompletion> {
    const requested = requestedScales(body as unknown as Record<string, unknown>);
    return this.call(async (endpoint) => {
      const lora = explicitScales(await this.preloadedAdapters(endpoint), requested, endpoint.baseUrl);
      const sent = lora === undefined ? body : ({ ...body, lora } as ChatCompletionCreateParamsNonStreaming);
      return endpoint.client.chat.completions.create(sent);
    }, options);
  }

  /** Runs `operation` on the least-loaded live endpoint; retries transient failures, on any endpoint. */
  async call<T>(operation: (endpoint: Endpoint) => Promise<T>, options: CallOptions = {}): Promise<T> {
    const retryStatus = options.retryStatus ?? isRetryableStatus;
    let reroutes = 0;
    for (let attempt = 0; ; ) {
      // Chosen when the request leaves the queue, so the choice sees the current load.
      let endpoint = this.endpoints[0]!;
      let failure: unknown;
      try {
        return await this.limit(async () => {
          endpoint = this.choose();
          endpoint.inFlight++;
          this.inFlight++;
          if (this.inFlight > this.counters.peakInFlight) this.counters.peakInFlight = this.inFlight;
          this.counters.attempts++;
          try {
            const result = await operation(endpoint);
            this.markAnswered(endpoint);
            return result;
          } finally {
            endpoint.inFlight--;
            this.inFlight--;
          }
        });
      } catch (error) {
        failure = error;
      }
      const decision = this.decide(failure, endpoint, retryStatus, attempt, reroutes);
      if (decision.action === 'throw') throw decision.error;
      if (decision.action === 'reroute') {
        reroutes++;
        this.counters.rerouted++;
        continue;
      }
      this.counters.retries++;
      const delay = retryDelaySeconds(attempt, decision.delay, this.settings.retry, this.uniform());
      await this.sleep(delay * 1000);
      attempt++;
      reroutes = 0;
    }
  }

  /**
   * Resolves once a base URL answers `GET /models` (with the retries of any request): the server is up and takes the
   * key. A server without that route (HTTP 404 or 405) answered too. Rejects with a PolicyError naming the base URL
   * and the cause (a refused connection, a refused key, a server error after the retries).
   */
  async ready(): Promise<void> {
    try {
      await this.call(async (endpoint) => {
        try {
          await endpoint.client.models.list();
        } catch (error) {
          if (error instanceof APIError && (error.status === 404 || error.status === 405)) return;
          throw error;
        }
      });
    } catch (error) {
      // The pool's own refusals already name the base URL and the cause.
      if (error instanceof GenEnvError) throw new PolicyError(error.message, { cause: error });
      const baseUrls = this.endpoints.map((endpoint) => endpoint.baseUrl).join(', ');
      throw new PolicyError(`the server at ${baseUrls} does not answer: ${describeFailure(error)}`, { cause: error });
    }
  }

  /** Frees sockets. Idempotent. */
  close(): void {
    this.transport.close();
  }

  /** Give up (one line naming the URL), send the request to another base URL now, or wait and retry. */
  private decide(
    failure: unknown,
    endpoint: Endpoint,
    retryStatus: (status: number) => boolean,
    attempt: number,
    reroutes: number,
  ): Decision {
    let delay: number | null = null;
    if (failure instanceof APIConnectionTimeoutError) {
      this.counters.timeouts++;
    } else if (failure instanceof APIConnectionError) {
      this.counters.connectionErrors++;
      const code = connectionErrorCode(failure);
      this.markDown(endpoint, code ?? 'connection failed');
      if (reroutes < this.endpoints.length && this.endpoints.some((candidate) => candidate.down === null))
        return { action: 'reroute' };
      if (code !== null && UNREACHABLE_CODES.has(code) && this.endpoints.every((candidate) => !candidate.answered)) {
        const urls = this.endpoints.map((candidate) => candidate.baseUrl).join(', ');
        return {
          action: 'throw',
          error: new GenEnvError('policy', `cannot reach ${urls}: ${code} (is the server running?)`, {
            cause: failure,
          }),
        };
      }
    } else if (failure instanceof APIError && typeof failure.status === 'number') {
      this.markAnswered(endpoint);
      const kind = classifyGenerationFailure(failure.status, `${errorType(failure)} ${serverMessage(failure)}`);
      if (kind !== null) {
        this.counters.generationFailures++;
        const reason = `HTTP ${failure.status}: ${serverMessage(failure)}`;
        return {
          action: 'throw',
          error: new GenerationFailedError(kind, reason, endpoint.baseUrl, { cause: failure }),
        };
      }
      if (!retryStatus(failure.status))
        return {
          action: 'throw',
          error: httpError(
            endpoint.baseUrl,
            failure,
            this.settings.apiKey === undefined ? ` in $${this.settings.apiKeyEnv}` : '',
          ),
        };
      if (failure.status === 429) this.counters.rateLimited++;
      else this.counters.serverErrors++;
      delay = retryAfterSeconds(failure.headers, this.now());
    } else {
      const error =
        failure instanceof GenEnvError
          ? failure
          : new GenEnvError('policy', `${endpoint.baseUrl}: ${oneLine(failure)}`, { cause: failure });
      return { action: 'throw', error };
    }
    if (attempt >= this.settings.retry.maxRetries) {
      const prefix =
        failure instanceof APIConnectionError && !(failure instanceof APIConnectionTimeoutError) ? 'cannot reach ' : '';
      const message = `${prefix}${endpoint.baseUrl}: ${describeFailure(failure)} after ${attempt + 1} attempts`;
      return { action: 'throw', error: new GenEnvError('policy', message, { cause: failure }) };
    }
    return { action: 'retry', delay };
  }

  /**
   * Fewest requests in flight among live endpoints (a down one is live again once its cool-down has
   * passed); ties broken round-robin so equal endpoints share load. When all are down: the one due first.
   */
  private choose(): Endpoint {
    const count = this.endpoints.length;
    const now = this.now();
    this.turn = (this.turn + 1) % count;
    let best: Endpoint | null = null;
    for (let offset = 0; offset < count; offset++) {
      const candidate = this.endpoints[(this.turn + offset) % count]!;
      if (candidate.down !== null && candidate.down.retryAtMs > now) continue;
      if (best === null || candidate.inFlight < best.inFlight) best = candidate;
    }
    if (best === null) {
      best = this.endpoints.reduce((first, candidate) =>
        candidate.down!.retryAtMs < first.down!.retryAtMs ? candidate : first,
      );
    }
    // A down endpoint on probation takes one request per cool-down, not all of them.
    if (best.down !== null) {
      best.down.retryAtMs = now + best.down.coolDownMs;
      best.down.probing = true;
    }
    return best;
  }

  /** Sets the endpoint aside; the cool-down doubles only when a probation request failed too. */
  private markDown(endpoint: Endpoint, code: string): void {
    if (endpoint.down === null) {
      endpoint.down = { retryAtMs: this.now() + COOL_DOWN_FIRST_MS, coolDownMs: COOL_DOWN_FIRST_MS, probing: false };
    } else if (endpoint.down.probing) {
      // (Requests sent before the outage was known fail too, without probing: they say nothing new.)
      const coolDownMs = Math.min(COOL_DOWN_MAX_MS, endpoint.down.coolDownMs * 2);
      endpoint.down = { retryAtMs: this.now() + coolDownMs, coolDownMs, probing: false };
    }
    // A restarted server may preload other adapters (and resets its global scales): read them again.
    endpoint.adapters = null;
    if (this.endpoints.length > 1 && announced.get(endpoint.baseUrl) !== 'down') {
      announced.set(endpoint.baseUrl, 'down');
      this.warn(`${endpoint.baseUrl} does not answer (${code}); requests go to the other base URLs until it does`);
    }
  }

  private markAnswered(endpoint: Endpoint): void {
    endpoint.answered = true;
    if (endpoint.down === null) return;
    endpoint.down = null;
    if (announced.get(endpoint.baseUrl) === 'down') {
      announced.set(endpoint.baseUrl, 'up');
      this.warn(`${endpoint.baseUrl} answers again`);
    }
  }

  /** The endpoint's preloaded adapters, read once per (re)connection; a connection failure counts as one. */
  private preloadedAdapters(endpoint: Endpoint): Promise<PreloadedAdapter[]> {
    if (endpoint.adapters === null) {
      const reading = fetchPreloadedAdapters(
        endpoint.baseUrl,
        this.transport.fetch,
        this.apiKey,
        this.settings.timeoutSeconds,
      ).catch((error: unknown) => {
        if (endpoint.adapters === reading) endpoint.adapters = null;
        // Not ready (e.g. loading its model): a 503 to retry; anything else: the connection failed.
        if (error instanceof ServerNotReadyError)
          throw new APIError(503, { message: error.message }, error.message, new Headers());
        throw new APIConnectionError({ message: oneLine(error), cause: error as Error });
      });
      endpoint.adapters = reading;
    }
    return endpoint.adapters;
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
  const hint = failure.status === 401 || failure.status === 403 ? ` (check the key${apiKeyEnv})` : '';
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

/** The error body's `type` or `code` (e.g. exceed_context_size_error), or ''. */
function errorType(failure: APIError): string {
  const body = failure.error as { type?: unknown; code?: unknown } | undefined;
  return [body?.type, body?.code].filter((value) => typeof value === 'string').join(' ');
}

function oneLine(value: unknown): string {
  const text = value instanceof Error ? value.message : String(value);
  return text.split('\n')[0]!.trim();
}
