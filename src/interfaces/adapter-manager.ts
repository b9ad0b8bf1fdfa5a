/**
 * The LoRA adapter lifecycle as policies see it: a policy asks for an adapter by name and receives what its
 * requests must carry. Implementations (vLLM, llama.cpp) live in `external-trainers/`.
 */

/** What a request must carry to run on an adapter: a model name (vLLM) and/or extra body fields (llama.cpp `lora`). */
export interface AdapterSelection {
  model?: string;
  body?: Record<string, unknown>;
}

export interface AdapterInfo {
  name: string;
  path: string;
  /** Requests using the adapter right now. */
  inFlight: number;
}

export interface AdapterManager {
  /** Makes adapter `path` available under `name` on every server. */
  load(name: string, path: string): Promise<void>;
  /** Waits until no request uses `name`, then removes it. New requests on it are refused meanwhile. */
  unload(name: string): Promise<void>;
  list(): Promise<AdapterInfo[]>;
  /** Runs `fn` (one request, retries included) on adapter `name`, holding a reference for its duration. */
  withAdapter<T>(name: string, fn: (selection: AdapterSelection) => Promise<T>): Promise<T>;
}
