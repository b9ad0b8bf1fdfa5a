import { LlamaCppAdapterManager } from '../../src/external-trainers/llama-cpp-adapters.ts';
import { VllmAdapterManager } from '../../src/external-trainers/vllm-adapters.ts';
import { describeAdapterManagerContract } from './adapter-manager-contract.ts';

// vLLM: runtime loading (`/v1/load_lora_adapter`, `/v1/unload_lora_adapter`); a request names the adapter as
// its model.
describeAdapterManagerContract('vLLM', {
  server: {},
  manager: (baseUrls) => new VllmAdapterManager(baseUrls),
  paths: ['/adapters/agent-v1', '/adapters/agent-v2', '/adapters/env-v1'],
  routedPath: (server, request) => server.loadedAdapters.get((request.body as { model: string }).model) ?? null,
});

// llama.cpp: adapters preloaded with --lora (listed by GET /lora-adapters); a request carries a `lora` list of
// ids and scales, the chosen one non-zero.
const llamaPaths: [string, string, string] = ['/lora/agent-v1.gguf', '/lora/agent-v2.gguf', '/lora/env-v1.gguf'];
describeAdapterManagerContract('llama.cpp', {
  server: { llamaAdapters: llamaPaths.map((path) => ({ path, scale: 0 })) },
  manager: (baseUrls) => new LlamaCppAdapterManager(baseUrls, 'OPENAI_API_KEY', [10]),
  paths: llamaPaths,
  routedPath: (server, request) => {
    const lora = (request.body as { lora?: { id: number; scale: number }[] }).lora ?? [];
    const active = lora.filter((entry) => entry.scale > 0);
    return active.length === 1 ? (server.llamaAdapters[active[0]!.id]?.path ?? null) : null;
  },
});
