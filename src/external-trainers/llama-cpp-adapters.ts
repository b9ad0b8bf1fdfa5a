/**
 * llama.cpp `llama-server` LoRA adapters: they are preloaded at start (`--lora a.gguf,b.gguf`, ids by
 * position) and chosen per request with `lora: [{id, scale}]`; `GET/POST /lora-adapters` inspect and set
 * the global scales. Those apply to any request without a `lora` list and start at 1.0 (also with
 * `--lora-init-without-apply`, and after a restart), so genenv never relies on them: the OpenAI policies
 * name every preloaded adapter in every request (see policies/openai/lora-scales.ts).
 */
import { GenEnvError } from '../interfaces/errors.ts';
import type { AdapterInfo, AdapterManager, AdapterSelection } from '../interfaces/adapter-manager.ts';
import { AdapterLeases, requestText, serverOrigin } from './adapter-leases.ts';

export interface LlamaAdapterEntry {
  id: number;
  path: string;
  scale: number;
}

export class LlamaCppAdapterManager implements AdapterManager {
  /** name → preloaded adapter id and the scale requests apply. */
  private readonly named = new Map<string, { id: number; path: string; scale: number }>();
  private readonly leases = new AdapterLeases();
  private readonly apiKey: string | undefined;

  /** `retryDelaysMs`: waits between tries of `load` while no server answers (default about a minute in all). */
  constructor(
    private readonly baseUrls: readonly string[],
    apiKeyEnv = 'OPENAI_API_KEY',
    private readonly retryDelaysMs: readonly number[] = [1000, 2000, 4000, 8000, 16_000, 30_000],
  ) {
    this.apiKey = process.env[apiKeyEnv];
  }

  /** The adapters a server (default: the first) has preloaded, with their global scales. */
  async preloaded(baseUrl = this.baseUrls[0]!): Promise<LlamaAdapterEntry[]> {
    const text = await requestText(
      `${serverOrigin(baseUrl)}/lora-adapters`,
      { method: 'GET', apiKey: this.apiKey },
      'list adapters',
    );
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (!Array.isArray(value)) throw new GenEnvError('policy', `${baseUrl}/lora-adapters did not return a list`);
    return value.map((entry: { id: number; path: string; scale: number }) => ({
      id: entry.id,
      path: entry.path,
      scale: entry.scale,
    }));
  }

  /**
   * Binds `name` to the preloaded adapter whose path is `path` (scale per request, default 1). Every
   * server that answers must preload it at the same id (a server without it would ignore the request's
   * `lora` list without a word); servers that do not answer now are checked by the policy's requests
   * when they come back (their adapter ids are read again after every reconnection). When none answers
   * (a restart in progress), it waits `retryDelaysMs` between tries before giving up.
   */
  async load(name: string, path: string, scale = 1): Promise<void> {
    if (this.named.has(name)) throw new GenEnvError('policy', `adapter ${name} is already loaded`);
    for (let attempt = 0; ; attempt++) {
      const found = await this.idOnAnsweringServers(path);
      if (found.id !== null) {
        this.leases.reopen(name);
        this.named.set(name, { id: found.id, path, scale });
        return;
      }
      const delay = this.retryDelaysMs[attempt];
      if (delay === undefined) throw found.failure;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  /** The id of `path` on the servers that answer (checked equal), or null and the last failure when none does. */
  private async idOnAnsweringServers(path: string): Promise<{ id: number | null; failure?: unknown }> {
    let id: number | null = null;
    let failure: unknown;
    for (const baseUrl of this.baseUrls) {
      let entries: LlamaAdapterEntry[];
      try {
        entries = await this.preloaded(baseUrl);
      } catch (error) {
        // Down, or up but still loading its model (503): not an answer yet.
        if (!(error instanceof GenEnvError && /^cannot reach |HTTP 503:/.test(error.message))) throw error;
        failure = error;
        continue;
      }
      const entry = entries.find((candidate) => candidate.path === path);
      if (!entry)
        throw new GenEnvError(
          'policy',
          `llama-server at ${baseUrl} has no preloaded adapter ${path}; restart it with --lora ${path}`,
        );
      if (id !== null && entry.id !== id)
        throw new GenEnvError(
          'policy',
          `llama-server at ${baseUrl} preloads ${path} as id ${entry.id}, another server as id ${id}; ` +
            'start every server with the same --lora list',
        );
      id = entry.id;
    }
    return { id, failure };
  }

  async unload(name: string): Promise<void> {
    if (!this.named.has(name)) throw new GenEnvError('policy', `adapter ${name} is not loaded`);
    await this.leases.drain(name);
    this.named.delete(name);
  }

  async list(): Promise<AdapterInfo[]> {
    return [...this.named].map(([name, entry]) => ({ name, path: entry.path, inFlight: this.leases.inFlight(name) }));
  }

  /**
   * Sets global scales on every server (requests without a `lora` list use them). genenv's own requests
   * always carry a full list; this is for other clients of the same servers.
   */
  async setScales(scales: { id: number; scale: number }[]): Promise<void> {
    for (const baseUrl of this.baseUrls) {
      await requestText(
        `${serverOrigin(baseUrl)}/lora-adapters`,
        { method: 'POST', body: scales, apiKey: this.apiKey },
        'set adapter scales',
      );
    }
  }

  /** Every bound adapter is listed: the chosen one at its scale, the others at 0, so global scales never leak in. */
  withAdapter<T>(name: string, fn: (selection: AdapterSelection) => Promise<T>): Promise<T> {
    const chosen = this.named.get(name);
    if (!chosen) return Promise.reject(new GenEnvError('policy', `adapter ${name} is not loaded`));
    const ids = new Map<number, number>();
    for (const entry of this.named.values()) ids.set(entry.id, 0);
    ids.set(chosen.id, chosen.scale);
    const lora = [...ids].sort(([left], [right]) => left - right).map(([id, scale]) => ({ id, scale }));
    return this.leases.run(name, () => fn({ body: { lora } }));
  }
}
