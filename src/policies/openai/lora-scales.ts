/**
 * Explicit LoRA scales for servers that preload adapters (llama.cpp's llama-server with `--lora`). Such a
 * server applies its global scales to every request without a `lora` list, and those start at 1.0 (also
 * with `--lora-init-without-apply`, and again after every restart); a listed id it does not have is
 * silently ignored, and an empty list counts as no list. So every request to it names every adapter the
 * server holds: the ones asked for at their scale, all others at 0.
 */
import { GenEnvError } from '../../interfaces/errors.ts';
import type { FetchFunction } from './http-transport.ts';

/** A server that answers but cannot say yet what it preloads (loading its model, overloaded). */
export class ServerNotReadyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerNotReadyError';
  }
}

/** One adapter a server preloaded: its id (position in `--lora`) and file path. */
export interface PreloadedAdapter {
  id: number;
  path: string;
}

export interface LoraScale {
  id: number;
  scale: number;
}

/** Server origin for non-/v1 routes: `http://h:8080/v1` → `http://h:8080`. */
export function originOf(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
}

/**
 * The adapters a server preloads, from `GET <origin>/lora-adapters`. Servers without that route (vLLM,
 * hosted APIs: a 4xx answer or a body that is not a list) preload none. Connection failures throw, and so
 * do 5xx, 408 and 429 answers as ServerNotReadyError: llama-server answers 503 while it loads its model
 * (after a restart), and an empty list taken then would stand for the rest of the run.
 */
export async function fetchPreloadedAdapters(
  baseUrl: string,
  fetch: FetchFunction,
  apiKey: string,
  timeoutSeconds: number,
): Promise<PreloadedAdapter[]> {
  const response = await fetch(`${originOf(baseUrl)}/lora-adapters`, {
    method: 'GET',
    headers: { authorization: `Bearer ${apiKey}` },
    signal: AbortSignal.timeout(timeoutSeconds * 1000),
  });
  const text = await response.text();
  if (response.status >= 500 || response.status === 408 || response.status === 429)
    throw new ServerNotReadyError(`${originOf(baseUrl)}/lora-adapters answered HTTP ${response.status}`);
  if (!response.ok) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const { id, path } = (entry ?? {}) as { id?: unknown; path?: unknown };
    return typeof id === 'number' && Number.isInteger(id) ? [{ id, path: typeof path === 'string' ? path : '' }] : [];
  });
}

/** The `lora` list a request body asks for, or undefined when it names none. Bad entries are a config error. */
export function requestedScales(body: Record<string, unknown>): LoraScale[] | undefined {
  const value = body.lora;
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new GenEnvError('config', 'the request field "lora" must be a list of {id, scale}');
  return value.map((entry: unknown) => {
    const { id, scale } = (entry ?? {}) as { id?: unknown; scale?: unknown };
    if (typeof id !== 'number' || !Number.isInteger(id) || typeof scale !== 'number' || !Number.isFinite(scale))
      throw new GenEnvError('config', `the request field "lora" holds ${JSON.stringify(entry)}, not {id, scale}`);
    return { id, scale };
  });
}

/**
 * The `lora` list to send to a server preloading `preloaded`: every preloaded id, at its requested scale
 * or 0. Undefined (send the body as it is) for servers that preload nothing. Throws when the request asks
 * for an id the server does not have, which the server would ignore without a word.
 */
export function explicitScales(
  preloaded: readonly PreloadedAdapter[],
  requested: readonly LoraScale[] | undefined,
  baseUrl: string,
): LoraScale[] | undefined {
  if (preloaded.length === 0) {
    if (requested === undefined || requested.every((entry) => entry.scale === 0)) return requested?.slice();
    const asked = requested.find((entry) => entry.scale !== 0)!.id;
    throw new GenEnvError(
      'policy',
      `${baseUrl} preloads no LoRA adapters, but a request asks for adapter id ${asked}; ` +
        'start every server with the same --lora list',
    );
  }
  const asked = new Map((requested ?? []).map((entry) => [entry.id, entry.scale]));
  for (const id of asked.keys()) {
    if (!preloaded.some((adapter) => adapter.id === id))
      throw new GenEnvError(
        'policy',
        `${baseUrl} has no LoRA adapter with id ${id} ` +
          `(it preloads ids ${preloaded.map((adapter) => adapter.id).join(', ')}); ` +
          'start every server with the same --lora list',
      );
  }
  return preloaded
    .map((adapter) => ({ id: adapter.id, scale: asked.get(adapter.id) ?? 0 }))
    .sort((left, right) => left.id - right.id);
}
