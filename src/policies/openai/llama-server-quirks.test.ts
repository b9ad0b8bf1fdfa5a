/**
 * The OpenAI policies against what a real llama-server does (reproduced by the scripted server's `llama`
 * options and llama.cpp-style adapters; the peer suite in test/peer/ checks the same against the real one).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ToolSchema } from '../../interfaces/chat.ts';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { SimulatorContext } from '../../interfaces/simulator.ts';
import type { AgentPrompt } from '../../interfaces/task.ts';
import {
  startScriptedServer,
  type ScriptedServer,
  type ScriptedServerOptions,
} from '../../../test/support/openai-server/server.ts';
import { toyDomain } from '../../../test/support/openai-server/toy-domain.ts';
import { LlamaCppAdapterManager } from '../../external-trainers/llama-cpp-adapters.ts';
import { createOpenAIAgent, createOpenAISimulator } from './index.ts';

const tool: ToolSchema = {
  type: 'function',
  function: { name: 'add', description: 'adds', parameters: { type: 'object', properties: {} } },
};
const prompt = (id: string, content = id, tools?: ToolSchema[]): AgentPrompt => ({
  id,
  family: 'test',
  text: content,
  messages: [{ role: 'user', content }],
  ...(tools ? { tools } : {}),
  reference: { answer: 'x', difficulty: 0 },
});
const context = (id: string): SimulatorContext => ({
  id,
  seed: toyDomain.seeds()[0]!,
  stats: { family: 'sum', taskTypes: 0, recentSuccess: null },
  targetSuccess: 0.5,
});

const servers: ScriptedServer[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const close of closers.splice(0)) await close();
  for (const server of servers.splice(0)) await server.close();
});
async function server(options: ScriptedServerOptions): Promise<ScriptedServer> {
  const started = await startScriptedServer({ models: ['m'], ...options });
  servers.push(started);
  return started;
}
async function agent(urls: string[], options: Record<string, unknown> = {}) {
  const created = await createOpenAIAgent({ spec: `openai:${urls.join(',')}#m`, options, seed: 1 });
  closers.push(() => created.close());
  return created;
}
async function simulator(urls: string[], options: Record<string, unknown> = {}) {
  const created = await createOpenAISimulator({
    spec: `openai:${urls.join(',')}#m`,
    domain: toyDomain,
    options: { retryBaseSeconds: 0, ...options },
    seed: 1,
  });
  closers.push(() => created.close());
  return created;
}

describe('HTTP 500 on a structured generation cut by max_tokens', () => {
  it('the simulator records an invalid proposal with the reason, once, without retrying or falling back', async () => {
    const long = `{"family": "sum", "difficulty": 3, "note": "${'x'.repeat(80)}"}`;
    const scripted = await server({
      llama: { defaultMaxTokens: 60 },
      chat: (request) => [{ content: request.sequence === 0 ? long : '{"family": "sum", "difficulty": 2}' }],
    });
    const policy = await simulator([scripted.baseUrl]);
    const proposals = await policy.propose([context('c1'), context('c2')], { seed: 1 });
    const failed = proposals.filter((proposal) => proposal.raw === '');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      sample: { failure: 'HTTP 500: The model produced output that does not match the expected peg-native format' },
    });
    expect(failed[0]!.spec).toBeUndefined();
    expect(proposals.find((proposal) => proposal.raw !== '')!.spec).toEqual({ family: 'sum', difficulty: 2 });
    expect(scripted.requests).toHaveLength(2);
    expect(policy.outputMode).toBe('structured');
    expect(policy.endpoints.counters.generationFailures).toBe(1);
  });

  it('the agent keeps the other samples of the group and fails only the broken one, with its reason', async () => {
    let singles = 0;
    const scripted = await server({
      llama: { defaultMaxTokens: 30 },
      chat: (request) => {
        const n = (request.body as { n?: number }).n ?? 1;
        // The last of four choices runs long, which fails the whole request; asked singly, the second does.
        if (n === 1) singles++;
        const long = n === 1 ? singles === 2 : true;
        return Array.from({ length: n }, (_, index) =>
          long && index === n - 1 ? { content: 'y'.repeat(50) } : { content: 'ok' },
        );
      },
    });
    const policy = await agent([scripted.baseUrl]);
    const [group] = await policy.act([prompt('p', 'q', [tool])], { samples: 4, seed: 2 });
    expect(group!.map((completion) => completion.text)).toEqual(['ok', '', 'ok', 'ok']);
    expect(group![1]).toMatchObject({
      finishReason: 'error: HTTP 500: The model produced output that does not match the expected peg-native format',
      policyVersion: 'm',
    });
    // The four-choice request once, then one request per sample; nothing retried.
    expect(scripted.requests.map((request) => (request.body as { n: number }).n)).toEqual([4, 1, 1, 1, 1]);
  });

  it('plain text is cut with finish_reason length, not failed', async () => {
    const scripted = await server({ llama: { defaultMaxTokens: 5 }, chat: () => [{ content: 'abcdefghij' }] });
    const policy = await agent([scripted.baseUrl]);
    const [completion] = (await policy.act([prompt('p')], { samples: 1, seed: 1 })).flat();
    expect(completion).toMatchObject({ text: 'abcde', finishReason: 'length' });
  });
});

describe('HTTP 400 on a prompt longer than the context', () => {
  it('fails every sample of that prompt with the reason; other prompts are answered', async () => {
    const scripted = await server({
      llama: { contextTokens: 100 },
      chat: () => [{ content: 'ok' }, { content: 'ok' }],
    });
    const policy = await agent([scripted.baseUrl]);
    const [long, short] = await policy.act([prompt('long', 'z'.repeat(150)), prompt('short')], {
      samples: 2,
      seed: 1,
    });
    expect(long!.map((completion) => completion.finishReason)).toEqual([
      'error: HTTP 400: request (150 tokens) exceeds the available context size (100 tokens), try increasing it',
      'error: HTTP 400: request (150 tokens) exceeds the available context size (100 tokens), try increasing it',
    ]);
    expect(short!.map((completion) => completion.text)).toEqual(['ok', 'ok']);
    expect(scripted.requests).toHaveLength(2);
  });

  it('does not turn a structured-output simulator to json-extract', async () => {
    const scripted = await server({ llama: { contextTokens: 10 } });
    const policy = await simulator([scripted.baseUrl]);
    const [proposal] = await policy.propose([context('c')], { seed: 1 });
    expect((proposal!.sample as { failure: string }).failure).toMatch(/^HTTP 400: request \(\d+ tokens\) exceeds/);
    expect(policy.outputMode).toBe('structured');
  });
});

describe('global LoRA scales at 1.0', () => {
  const adapters = [{ path: '/lora/a.gguf' }, { path: '/lora/b.gguf' }];

  it('requests on the base model run every preloaded adapter at 0, also after a restart', async () => {
    const scripted = await server({
      llamaAdapters: adapters,
      chat: () => [{ content: '{"family":"sum","difficulty":1}' }],
    });
    expect(scripted.llamaAdapters.map((adapter) => adapter.scale)).toEqual([1, 1]);
    const policy = await agent([scripted.baseUrl]);
    const env = await simulator([scripted.baseUrl]);
    await policy.act([prompt('a')], { samples: 1, seed: 1 });
    await env.propose([context('c')], { seed: 1 });
    await scripted.restart();
    await policy.act([prompt('b')], { samples: 1, seed: 1 });
    await env.propose([context('d')], { seed: 1 });
    expect(scripted.requests.map((request) => request.appliedLora)).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('a request on an adapter runs that adapter only', async () => {
    const scripted = await server({ llamaAdapters: adapters });
    const manager = new LlamaCppAdapterManager([scripted.baseUrl]);
    await manager.load('agent-v1', '/lora/b.gguf');
    const policy = await agent([scripted.baseUrl]);
    policy.useAdapter('agent-v1', manager);
    const [completion] = (await policy.act([prompt('a')], { samples: 1, seed: 1 })).flat();
    expect(completion!.policyVersion).toBe('agent-v1');
    expect(scripted.requests[0]!.appliedLora).toEqual([0, 1]);
  });

  it(
    'a restarted server still loading its model (HTTP 503) is waited for, its adapters read once it is ' + 'up',
    async () => {
      const scripted = await server({ llamaAdapters: adapters });
      const manager = new LlamaCppAdapterManager([scripted.baseUrl]);
      await manager.load('agent-v1', '/lora/b.gguf');
      const policy = await agent([scripted.baseUrl], { retryBaseSeconds: 0.05 });
      policy.useAdapter('agent-v1', manager);
      await policy.act([prompt('a')], { samples: 1, seed: 1 });
      scripted.setLoading(true);
      await scripted.restart();
      const answer = policy.act([prompt('b')], { samples: 1, seed: 1 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      scripted.setLoading(false);
      const [completion] = (await answer).flat();
      expect(completion!.policyVersion).toBe('agent-v1');
      expect(scripted.requests.map((request) => request.appliedLora)).toEqual([
        [0, 1],
        [0, 1],
      ]);
    },
  );

  it('an adapter is bound once a server that is down or loading answers again', async () => {
    const scripted = await server({ llamaAdapters: adapters });
    await scripted.kill();
    const manager = new LlamaCppAdapterManager([scripted.baseUrl], 'OPENAI_API_KEY', [100, 100, 100, 100, 100, 100]);
    const loading = manager.load('agent-v1', '/lora/b.gguf');
    await new Promise((resolve) => setTimeout(resolve, 150));
    scripted.setLoading(true);
    await scripted.restart();
    await new Promise((resolve) => setTimeout(resolve, 150));
    scripted.setLoading(false);
    await loading;
    expect((await manager.list()).map((adapter) => adapter.name)).toEqual(['agent-v1']);
    const gone = new LlamaCppAdapterManager(['http://127.0.0.1:9/v1'], 'OPENAI_API_KEY', [10]);
    await expect(gone.load('agent-v1', '/lora/b.gguf')).rejects.toThrow(/^cannot reach http:\/\/127\.0\.0\.1:9/);
  });

  it('two base URLs: a server without the adapter is refused at load, and at request time', async () => {
    const withAdapters = await server({ llamaAdapters: adapters });
    const without = await server({ llamaAdapters: [] });
    const manager = new LlamaCppAdapterManager([withAdapters.baseUrl, without.baseUrl]);
    await expect(manager.load('agent-v1', '/lora/a.gguf')).rejects.toThrow(
      `llama-server at ${without.baseUrl} has no preloaded adapter /lora/a.gguf; restart it with --lora /lora/a.gguf`,
    );
    const alone = new LlamaCppAdapterManager([withAdapters.baseUrl]);
    await alone.load('agent-v1', '/lora/a.gguf');
    const policy = await agent([withAdapters.baseUrl, without.baseUrl], { maxRetries: 0 });
    policy.useAdapter('agent-v1', alone);
    const error = await policy
      .act(
        Array.from({ length: 4 }, (_, index) => prompt(`p${index}`)),
        { samples: 1, seed: 1 },
      )
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GenEnvError);
    expect((error as Error).message).toBe(
      `${without.baseUrl} preloads no LoRA adapters, but a request asks for adapter id 0; ` +
        'start every server with the same --lora list',
    );
    expect(without.requests).toHaveLength(0);
  });
});

describe('one of two base URLs down', () => {
  it('the run goes on on the live one, says so once, and uses the other again once it is back', async () => {
    const first = await server({ chat: () => [{ content: 'first' }] });
    const second = await server({ chat: () => [{ content: 'second' }] });
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((text) => {
      // Only this test's servers (requests of earlier tests may still be failing in the background).
      const line = String(text);
      if (line.includes(first.origin) || line.includes(second.origin)) lines.push(line.slice('genenv: '.length).trim());
      return true;
    });
    const policy = await agent([first.baseUrl, second.baseUrl]);
    const prompts = (count: number, tag: string) =>
      Array.from({ length: count }, (_, index) => prompt(`${tag}${index}`));
    await policy.act(prompts(10, 'a'), { samples: 1, seed: 1 });
    expect(first.requests.length).toBeGreaterThan(0);
    expect(second.requests.length).toBeGreaterThan(0);
    await second.kill();
    const before = second.requests.length;
    const answers = await policy.act(prompts(40, 'b'), { samples: 1, seed: 1 });
    expect(answers.flat().every((completion) => completion.text === 'first')).toBe(true);
    expect(second.requests.length).toBe(before);
    // ECONNRESET on a kept-alive socket, ECONNREFUSED on a new one: said once either way.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^${second.baseUrl} does not answer \\(ECONN(RESET|REFUSED)\\); ` +
          'requests go to the other base URLs until it does$',
      ),
    );
    await second.restart();
    // Its cool-down (1 s) passes, then it gets requests again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = await policy.act(prompts(20, 'c'), { samples: 1, seed: 1 });
    expect(later.flat().some((completion) => completion.text === 'second')).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(`${second.baseUrl} answers again`);
  });

  it('both down and never answered: one line naming both, at once', async () => {
    const first = await server({});
    const second = await server({});
    await first.kill();
    await second.kill();
    const policy = await agent([first.baseUrl, second.baseUrl], { retryBaseSeconds: 5 });
    const started = Date.now();
    const error = await policy.act([prompt('p')], { samples: 1, seed: 1 }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(
      `cannot reach ${first.baseUrl}, ${second.baseUrl}: ECONNREFUSED (is the server running?)`,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
