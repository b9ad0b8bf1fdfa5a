/**
 * One file over HTTP(S) with Node's fetch: streamed to disk while its SHA-256 is computed, tried again with
 * backoff on network errors, stalls and server errors.
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { GenEnvError, messageLine } from '../interfaces/errors.ts';

export interface DownloadOptions {
  /** Tries in all, at least 1 (default 4). Network errors, stalls, HTTP 429 and 5xx are tried again. */
  attempts?: number;
  /** Wait before the second try in milliseconds, doubled before each further one (default 1,000). */
  retryDelayMs?: number;
  /** A try fails when no byte arrives for this many milliseconds (default 30,000). */
  idleTimeoutMs?: number;
  /** Called as bytes arrive, with the bytes of this try so far. */
  onBytes?: (bytes: number) => void;
}

/** A failure that another try may not have. */
class TransientFailure extends Error {}

/** The text of a fetch error with its cause: `fetch failed: connect ECONNREFUSED 127.0.0.1:9`. */
function networkReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error && cause.message && !message.includes(cause.message)
    ? `${message}: ${cause.message}`
    : message;
}

async function tryOnce(
  url: string,
  destination: string,
  maxBytes: number,
  options: Required<Pick<DownloadOptions, 'idleTimeoutMs'>> & DownloadOptions,
): Promise<{ bytes: number; sha256: string }> {
  const controller = new AbortController();
  const stalled = `no data for ${options.idleTimeoutMs / 1000} s`;
  let timer = setTimeout(() => controller.abort(), options.idleTimeoutMs);
  const restartTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(), options.idleTimeoutMs);
  };
  const transient = (error: unknown) =>
    new TransientFailure(controller.signal.aborted ? stalled : networkReason(error), { cause: error });
  try {
    const response = await fetch(url, { signal: controller.signal }).catch((error: unknown) => {
      throw transient(error);
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      const reason = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
      if (response.status === 429 || response.status >= 500) throw new TransientFailure(reason);
      throw new GenEnvError('benchmark', `${reason} (${url})`);
    }
    const file = await open(destination, 'w');
    const hash = createHash('sha256');
    let bytes = 0;
    try {
      if (response.body) {
        for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
          restartTimer();
          bytes += chunk.byteLength;
          // A mirror serving the wrong file must not fill the disk: stop once it is over size.
          if (bytes > maxBytes)
            throw new GenEnvError('benchmark', `size mismatch (expected ${maxBytes} bytes, got more)`);
          hash.update(chunk);
          await file.write(chunk).catch((error: unknown) => {
            throw new GenEnvError('benchmark', `cannot write ${destination}: ${messageLine(error)}`, { cause: error });
          });
          options.onBytes?.(bytes);
        }
      }
    } catch (error) {
      if (error instanceof GenEnvError) throw error;
      throw transient(error);
    } finally {
      await file.close();
    }
    return { bytes, sha256: hash.digest('hex') };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Downloads `url` into `destination` (overwritten) and returns its size and SHA-256. Stops once more than
 * `maxBytes` arrive. Throws a GenEnvError whose message is one line: the reason of the last try.
 */
export async function download(
  url: string,
  destination: string,
  maxBytes: number,
  options: DownloadOptions = {},
): Promise<{ bytes: number; sha256: string }> {
  const attempts = Math.max(1, options.attempts ?? 4);
  const settings = { ...options, idleTimeoutMs: options.idleTimeoutMs ?? 30_000 };
  let delay = options.retryDelayMs ?? 1_000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await tryOnce(url, destination, maxBytes, settings);
    } catch (error) {
      if (!(error instanceof TransientFailure)) throw error;
      if (attempt >= attempts)
        throw new GenEnvError(
          'benchmark',
          `${error.message} (${attempts} ${attempts === 1 ? 'try' : 'tries'}, ${url})`,
          {
            cause: error,
          },
        );
      await sleep(delay);
      delay *= 2;
    }
  }
}
