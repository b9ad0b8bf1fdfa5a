import { afterEach, describe, expect, it } from 'vitest';
import type { AgentPrompt } from '../interfaces/task.ts';
import { startScriptedServer, type ScriptedServer } from '../../test/support/openai-server/server.ts';
import { createOpenAIAgent } from '../policies/openai/index.ts';
import { adapterName } from './adapter-leases.ts';
import { LlamaCppAdapterManager } from './llama-cpp-adapters.ts';
import { VllmAdapterManager } from './vllm-adapters.ts';

const servers: ScriptedServer[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const server of servers.splice(0)) await server.close();
});
const prompt = (id: string): AgentPrompt => ({
  id,
  family: 'f',
  text: id,
  messages: [{ role: 'user', content: id }],
  reference: { answer: '', difficulty: 0 },
});
const waitFor = async (condition: () => boolean) => {
  for (let tries = 0; tries < 500 && !condition(); tries++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
};

describe('adapter names', () => {
  it('are versioned per role', () => {
    expect(adapterName('agent', 3)).toBe('agent-v3');
    expect(adapterName('env', 1)).toBe('env-v1');
    expect(() => adapterName('agent', 0)).toThrow(RangeError);
  });
});

describe('vLLM adapters', () => {
  it('loads adapters on every server, routes requests by model name and stamps completions', async () => {
    const first = await startScriptedServer();
    const second = await startScriptedServer();
    servers.push(first, second);
    const manager = new VllmAdapterManager([first.baseUrl, second.baseUrl]);
    await manager.load('agent-v1', '/adapters/v1');
    expect([...first.loadedAdapters]).toEqual([['agent-v1', '/adapters/v1']]);
    expect([...second.loadedAdapters]).toEqual([['agent-v1', '/adapters/v1']]);
    const agent = await createOpenAIAgent({
      spec: `openai:${first.baseUrl},${second.baseUrl}#test-model`,
      options: {},
      seed: 1,
    });
    closers.push(() => agent.close());
    agent.useAdapter('agent-v1', manager);
    const results = await agent.act([prompt('a'), prompt('b')], { samples: 2, seed: 1 });
    expect(results.flat().map((completion) => completion.policyVersion)).toEqual([
      'agent-v1',
      'agent-v1',
      'agent-v1',
      'agent-v1',
    ]);
    const models = [...first.requests, ...second.requests].map((request) => (request.body as { model: string }).model);
    expect(new Set(models)).toEqual(new Set(['agent-v1']));
    const listed = (await (await fetch(`${first.baseUrl}/models`)).json()) as { data: { id: string }[] };
    expect(listed.data.map((model) => model.id)).toEqual(['test-model', 'agent-v1']);
    await expect(manager.load('agent-v1', '/x')).rejects.toThrow('adapter agent-v1 is already loaded');
  });

  it('never unloads an adapter while requests using it are in flight', async () => {
    const server = await startScriptedServer({
      chat: (request) => {
        const model = (request.body as { model: string }).model;
        return {
          kind: 'json',
          delayMs: model === 'agent-v1' ? 1000 : 0,
          body: {
            id: 'x',
            object: 'chat.completion',
            created: 0,
            model,
            choices: [{ index: 0, message: { role: 'assistant', content: model }, finish_reason: 'stop' }],
          },
        };
      },
    });
    servers.push(server);
    const manager = new VllmAdapterManager([server.baseUrl]);
    const agent = await createOpenAIAgent({ spec: `openai:${server.baseUrl}#test-model`, options: {}, seed: 1 });
    closers.push(() => agent.close());
    await manager.load('agent-v1', '/adapters/v1');
    agent.useAdapter('agent-v1', manager);
    const slow = agent.act([prompt('a'), prompt('b'), prompt('c')], { samples: 1, seed: 1 });
    await waitFor(() => server.requests.length === 3);
    await manager.load('agent-v2', '/adapters/v2');
    agent.useAdapter('agent-v2', manager);
    const unloading = manager.unload('agent-v1');
    // New work goes to v2 at once, while v1 is draining.
    const fast = await agent.act([prompt('d')], { samples: 1, seed: 2 });
    expect(fast[0]![0]).toMatchObject({ text: 'agent-v2', policyVersion: 'agent-v2' });
    expect(server.loadedAdapters.has('agent-v1')).toBe(true);
    await expect(manager.withAdapter('agent-v1', async () => 1)).rejects.toThrow('adapter agent-v1 is being unloaded');
    const slowResults = await slow;
    await unloading;
    expect(slowResults.flat().map((completion) => completion.policyVersion)).toEqual([
      'agent-v1',
      'agent-v1',
      'agent-v1',
    ]);
    const events = server.adapterEvents.filter((event) => event.name === 'agent-v1').map((event) => event.type);
    expect(events.indexOf('unload')).toBeGreaterThan(events.lastIndexOf('request-end'));
    expect(events.filter((type) => type === 'request-end')).toHaveLength(3);
    expect(server.loadedAdapters.has('agent-v1')).toBe(false);
    expect((await manager.list()).map((adapter) => adapter.name)).toEqual(['agent-v2']);
  });

  it('a refused load is one line naming the URL and the server message', async () => {
    const server = await startScriptedServer();
    servers.push(server);
    const manager = new VllmAdapterManager([server.baseUrl]);
    await manager.load('agent-v1', '/a');
    server.loadedAdapters.clear();
    await expect(manager.unload('agent-v1')).rejects.toThrow(
      `${server.origin}/v1/unload_lora_adapter refused to unload adapter agent-v1: ` +
        "HTTP 404: The lora adapter 'agent-v1' cannot be found.",
    );
    const down = new VllmAdapterManager(['http://127.0.0.1:9/v1']);
    await expect(down.load('agent-v1', '/a')).rejects.toThrow(
      /^cannot reach http:\/\/127\.0\.0\.1:9\/v1\/load_lora_adapter to load adapter agent-v1/,
    );
  });
});

describe('llama.cpp adapters', () => {
  it('binds names to preloaded adapters and selects them per request with a lora list', async () => {
    const server = await startScriptedServer({
      llamaAdapters: [{ path: '/lora/v1.gguf' }, { path: '/lora/v2.gguf', scale: 0 }],
    });
    servers.push(server);
    const manager = new LlamaCppAdapterManager([server.baseUrl]);
    expect(await manager.preloaded()).toEqual([
      { id: 0, path: '/lora/v1.gguf', scale: 1 },
      { id: 1, path: '/lora/v2.gguf', scale: 0 },
    ]);
    await manager.load('agent-v1', '/lora/v1.gguf');
    await manager.load('agent-v2', '/lora/v2.gguf', 0.8);
    const agent = await createOpenAIAgent({ spec: `openai:${server.baseUrl}#test-model`, options: {}, seed: 1 });
    closers.push(() => agent.close());
    agent.useAdapter('agent-v2', manager);
    const [completion] = (await agent.act([prompt('a')], { samples: 1, seed: 1 })).flat();
    expect(completion!.policyVersion).toBe('agent-v2');
    expect((server.requests[0]!.body as { lora: unknown }).lora).toEqual([
      { id: 0, scale: 0 },
      { id: 1, scale: 0.8 },
    ]);
    agent.useAdapter('agent-v1', manager);
    await agent.act([prompt('b')], { samples: 1, seed: 1 });
    expect((server.requests[1]!.body as { lora: unknown }).lora).toEqual([
      { id: 0, scale: 1 },
      { id: 1, scale: 0 },
    ]);
    await manager.setScales([
      { id: 0, scale: 0 },
      { id: 1, scale: 0.5 },
    ]);
    expect(server.llamaAdapters.map((adapter) => adapter.scale)).toEqual([0, 0.5]);
    await expect(manager.load('agent-v3', '/lora/v3.gguf')).rejects.toThrow(
      `llama-server at ${server.baseUrl} has no preloaded adapter /lora/v3.gguf; restart it with --lora /lora/v3.gguf`,
    );
    await manager.unload('agent-v2');
    expect((await manager.list()).map((adapter) => adapter.name)).toEqual(['agent-v1']);
    await expect(manager.withAdapter('agent-v2', async () => 1)).rejects.toThrow('adapter agent-v2 is not loaded');
  });
});
