/**
 * What every adapter manager shares: versioned names (`agent-v3`, `env-v2`), reference counts that keep an
 * adapter loaded while requests use it, and the JSON requests to a server's adapter routes.
 */
import { GenEnvError } from '../interfaces/errors.ts';

/** `agent-v3`, `env-v2`: the versioned name of an adapter. Version ≥ 1. */
export function adapterName(role: 'agent' | 'env', version: number): string {
  if (!Number.isInteger(version) || version < 1)
    throw new RangeError(`adapter version must be an integer ≥ 1, got ${version}`);
  return `${role}-v${version}`;
}

/** Reference counts of adapters in use, with waiters for "no longer in use". */
export class AdapterLeases {
  private readonly counts = new Map<string, number>();
  private readonly waiters = new Map<string, (() => void)[]>();
  private readonly closing = new Set<string>();

  /** Takes a reference; throws when the adapter is being unloaded. */
  acquire(name: string): void {
    if (this.closing.has(name))
      throw new GenEnvError('policy', `adapter ${name} is being unloaded; requests must use a newer adapter`);
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
  }

  release(name: string): void {
    const left = (this.counts.get(name) ?? 0) - 1;
    if (left > 0) {
      this.counts.set(name, left);
      return;
    }
    this.counts.delete(name);
    for (const wake of this.waiters.get(name) ?? []) wake();
    this.waiters.delete(name);
  }

  inFlight(name: string): number {
    return this.counts.get(name) ?? 0;
  }

  /** Refuses new references to `name` and resolves once the last one is released. */
  async drain(name: string): Promise<void> {
    this.closing.add(name);
    if (this.inFlight(name) === 0) return;
    await new Promise<void>((resolve) => {
      const list = this.waiters.get(name) ?? [];
      list.push(resolve);
      this.waiters.set(name, list);
    });
  }

  /** Accepts references to `name` again (after unloading, a name may be reused). */
  reopen(name: string): void {
    this.closing.delete(name);
  }

  async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
    this.acquire(name);
    try {
      return await fn();
    } finally {
      this.release(name);
    }
  }
}

/** Server origin for non-/v1 routes: `http://h:8000/v1` → `http://h:8000`. */
export function serverOrigin(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
}

/** POST/GET JSON with a one-line GenEnvError on failure; returns the response text. */
export async function requestText(
  url: string,
  init: { method: 'GET' | 'POST'; body?: unknown; apiKey?: string },
  what: string,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.apiKey ? { authorization: `Bearer ${init.apiKey}` } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new GenEnvError('policy', `cannot reach ${url} to ${what}: ${code}`, { cause: error });
  }
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try {
      const parsed = JSON.parse(text) as { error?: { message?: string } | string; message?: string };
      message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message ?? text);
    } catch {
      // plain-text error body: keep it as it is
    }
    throw new GenEnvError(
      'policy',
      `${url} refused to ${what}: HTTP ${response.status}: ${message.split('\n')[0]!.slice(0, 300)}`,
    );
  }
  return text;
}
