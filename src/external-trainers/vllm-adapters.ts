/**
 * vLLM runtime LoRA adapters: `POST /v1/load_lora_adapter {lora_name, lora_path}` and
 * `/v1/unload_lora_adapter {lora_name}` on every server (vLLM must run with
 * VLLM_ALLOW_RUNTIME_LORA_UPDATING=True and --enable-lora). Requests pick the adapter as their `model`.
 */
import { GenEnvError } from '../interfaces/errors.ts';
import type { AdapterInfo, AdapterManager, AdapterSelection } from '../interfaces/adapter-manager.ts';
import { AdapterLeases, requestText, serverOrigin } from './adapter-leases.ts';

export class VllmAdapterManager implements AdapterManager {
  private readonly loaded = new Map<string, string>();
  private readonly leases = new AdapterLeases();
  private readonly apiKey: string | undefined;

  /** `baseUrls` as in the policy spec; the key is read from `apiKeyEnv` and sent, never stored elsewhere. */
  constructor(
    private readonly baseUrls: readonly string[],
    apiKeyEnv = 'OPENAI_API_KEY',
  ) {
    this.apiKey = process.env[apiKeyEnv];
  }

  /**
   * Loads `path` as `name` on every server. A server that already serves `name` (a resumed run whose
   * vLLM kept running) is accepted as is: names are versioned, so the same name means the same adapter.
   */
  async load(name: string, path: string): Promise<void> {
    if (this.loaded.has(name)) throw new GenEnvError('policy', `adapter ${name} is already loaded`);
    for (const baseUrl of this.baseUrls) {
      try {
        await requestText(
          `${serverOrigin(baseUrl)}/v1/load_lora_adapter`,
          { method: 'POST', body: { lora_name: name, lora_path: path }, apiKey: this.apiKey },
          `load adapter ${name} (is VLLM_ALLOW_RUNTIME_LORA_UPDATING=True set?)`,
        );
      } catch (error) {
        if (!(error instanceof GenEnvError && /HTTP 400: .*already been loaded/i.test(error.message))) throw error;
      }
    }
    this.leases.reopen(name);
    this.loaded.set(name, path);
  }

  async unload(name: string): Promise<void> {
    if (!this.loaded.has(name)) throw new GenEnvError('policy', `adapter ${name} is not loaded`);
    await this.leases.drain(name);
    for (const baseUrl of this.baseUrls) {
      await requestText(
        `${serverOrigin(baseUrl)}/v1/unload_lora_adapter`,
        { method: 'POST', body: { lora_name: name }, apiKey: this.apiKey },
        `unload adapter ${name}`,
      );
    }
    this.loaded.delete(name);
  }

  async list(): Promise<AdapterInfo[]> {
    return [...this.loaded].map(([name, path]) => ({ name, path, inFlight: this.leases.inFlight(name) }));
  }

  withAdapter<T>(name: string, fn: (selection: AdapterSelection) => Promise<T>): Promise<T> {
    if (!this.loaded.has(name)) return Promise.reject(new GenEnvError('policy', `adapter ${name} is not loaded`));
    return this.leases.run(name, () => fn({ model: name }));
  }
}
