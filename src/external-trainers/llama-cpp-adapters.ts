/**
 * llama.cpp `llama-server` LoRA adapters: they are preloaded at start (`--lora a.gguf --lora b.gguf`,
 * ids by position, `--lora-init-without-apply` to start at scale 0) and chosen per request with
 * `lora: [{id, scale}]`; `GET/POST /lora-adapters` inspect and set the global scales.
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

  constructor(
    private readonly baseUrls: readonly string[],
    apiKeyEnv = 'OPENAI_API_KEY',
  ) {
    this.apiKey = process.env[apiKeyEnv];
  }

  /** The adapters the first server has preloaded, with their global scales. */
  async preloaded(): Promise<LlamaAdapterEntry[]> {
    const text = await requestText(
      `${serverOrigin(this.baseUrls[0]!)}/lora-adapters`,
      { method: 'GET', apiKey: this.apiKey },
      'list adapters',
    );
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value))
      throw new GenEnvError('policy', `${this.baseUrls[0]}/lora-adapters did not return a list`);
    return value.map((entry: { id: number; path: string; scale: number }) => ({
      id: entry.id,
      path: entry.path,
      scale: entry.scale,
    }));
  }

  /** Binds `name` to the preloaded adapter whose path is `path` (scale 1 per request). */
  async load(name: string, path: string, scale = 1): Promise<void> {
    if (this.named.has(name)) throw new GenEnvError('policy', `adapter ${name} is already loaded`);
    const entries = await this.preloaded();
    const entry = entries.find((candidate) => candidate.path === path);
    if (!entry) {
      throw new GenEnvError(
        'policy',
        `llama-server at ${this.baseUrls[0]} has no preloaded adapter ${path}; restart it with --lora ${path}`,
      );
    }
    this.leases.reopen(name);
    this.named.set(name, { id: entry.id, path, scale });
  }

  async unload(name: string): Promise<void> {
    if (!this.named.has(name)) throw new GenEnvError('policy', `adapter ${name} is not loaded`);
    await this.leases.drain(name);
    this.named.delete(name);
  }

  async list(): Promise<AdapterInfo[]> {
    return [...this.named].map(([name, entry]) => ({ name, path: entry.path, inFlight: this.leases.inFlight(name) }));
  }

  /** Sets global scales on every server (requests without a `lora` list use them). */
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
