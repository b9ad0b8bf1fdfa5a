import { afterEach, describe, expect, it } from 'vitest';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { ToolSchema } from '../../interfaces/chat.ts';
import type { AgentPrompt } from '../../interfaces/task.ts';
import { lastUserText } from '../../../test/support/openai-server/responses.ts';
import { startScriptedServer, type ScriptedServer } from '../../../test/support/openai-server/server.ts';
import { OpenAIAgent } from './agent.ts';
import { EndpointPool } from './endpoint-pool.ts';
import { createOpenAIAgent } from './index.ts';
import { AgentOptionsSchema } from './options.ts';

const weatherTool: ToolSchema = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Weather of a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};

function prompt(id: string, content = id, tools?: ToolSchema[]): AgentPrompt {
  return {
    id,
    family: 'test',
    text: content,
    messages: [{ role: 'user', content }],
    ...(tools ? { tools } : {}),
    reference: { answer: 'x', difficulty: 0 },
  };
}

const servers: ScriptedServer[] = [];
const closers: (() => Promise<void>)[] = [];
async function server(options: Parameters<typeof startScriptedServer>[0] = {}): Promise<ScriptedServer> {
  const started = await startScriptedServer(options);
  servers.push(started);
  return started;
}
async function agent(spec: string, options: Record<string, unknown> = {}) {
  const created = await createOpenAIAgent({ spec, options, seed: 1 });
  closers.push(() => created.close());
  return created;
}
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const started of servers.splice(0)) await started.close();
});

describe('OpenAI agent', () => {
  it('maps native tool calls, tolerating odd whitespace and double-encoded arguments', async () => {
    const scripted = await server({
      chat: () => [
        {
          content: null,
          toolCalls: [
            { name: 'get_weather', arguments: ' \n{ "city" :\u00a0"Paris" ,}\n ' },
            { name: 'get_weather', arguments: JSON.stringify('{"city":"Rome"}') },
          ],
        },
      ],
    });
    const policy = await agent(`openai:${scripted.baseUrl}#test-model`);
    const [completion] = (await policy.act([prompt('p1', 'weather?', [weatherTool])], { samples: 1, seed: 3 })).flat();
    expect(completion!.toolCalls).toEqual([
      { id: 'call_0_0', name: 'get_weather', arguments: { city: 'Paris' } },
      { id: 'call_0_1', name: 'get_weather', arguments: { city: 'Rome' } },
    ]);
    expect(completion!.policyVersion).toBe('test-model');
    const body = scripted.requests[0]!.body as { tools: unknown[]; tool_choice: string; n: number };
    expect(body.tools).toEqual([weatherTool]);
    expect(body.tool_choice).toBe('auto');
  });

  it('keeps an unparseable native call as text so the scorer sees it, not as a call', async () => {
    const scripted = await server({
      chat: () => [{ content: '', toolCalls: [{ name: 'get_weather', arguments: '{"city": Paris' }] }],
    });
    const policy = await agent(`openai:${scripted.baseUrl}#test-model`);
    const [completion] = (await policy.act([prompt('p1', 'weather?', [weatherTool])], { samples: 1, seed: 3 })).flat();
    expect(completion!.toolCalls).toBeUndefined();
    expect(completion!.text).toContain('"city": Paris');
  });

  it('text mode describes the tools in the system prompt and parses <tool_call> blocks', async () => {
    const scripted = await server({
      chat: () => [
        { content: 'Sure.\n<tool_call>\n{"name": "get_weather",\n "parameters": {"city": "Oslo"}}\n</tool_call>' },
      ],
    });
    const policy = await agent(`openai:${scripted.baseUrl}#test-model`, { mode: 'text' });
    const [completion] = (await policy.act([prompt('p1', 'weather?', [weatherTool])], { samples: 1, seed: 3 })).flat();
    expect(completion!.toolCalls).toEqual([{ name: 'get_weather', arguments: { city: 'Oslo' } }]);
    const body = scripted.requests[0]!.body as { tools?: unknown; messages: { role: string; content: string }[] };
    expect(body.tools).toBeUndefined();
    expect(body.messages[0]!.role).toBe('system');
    expect(body.messages[0]!.content).toContain('get_weather');
    expect(body.messages[0]!.content).toContain('<tool_call>');
  });

  it('returns log-probs, dropping an end-of-sequence entry with an empty token', async () => {
    const scripted = await server({
      chat: () => [
        {
          content: 'ab',
          logprobs: [
            { token: 'a', logprob: -0.5 },
            { token: 'b', logprob: -1.25 },
            { token: '', logprob: 0 },
          ],
        },
      ],
    });
    const policy = await agent(`openai:${scripted.baseUrl}#test-model`);
    const [completion] = (await policy.act([prompt('p1')], { samples: 1, seed: 3 })).flat();
    expect(completion!.logprobs).toEqual([-0.5, -1.25]);
    expect((scripted.requests[0]!.body as { logprobs: boolean }).logprobs).toBe(true);
  });

  it('collects G samples when the server returns fewer choices than n, and splits large groups', async () => {
    let counter = 0;
    // Answers one choice whatever n is (as servers ignoring n do); usage counts one choice.
    const scripted = await server({ chat: () => [{ content: `answer-${counter++}` }] });
    const policy = await agent(`openai:${scripted.baseUrl}#test-model`, { choicesPerRequest: 4 });
    const [group] = await policy.act([prompt('p1')], { samples: 6, seed: 3 });
    expect(group!.map((completion) => completion.text)).toEqual([
      'answer-0',
      'answer-1',
      'answer-2',
      'answer-3',
      'answer-4',
      'answer-5',
    ]);
    expect((scripted.requests[0]!.body as { n: number }).n).toBe(4);

    const full = await server({
      chat: (request) =>
        Array.from({ length: (request.body as { n: number }).n }, (_, index) => ({ content: `c${index}` })),
    });
    const policy2 = await agent(`openai:${full.baseUrl}#test-model`, { choicesPerRequest: 4 });
    const [group2] = await policy2.act([prompt('p1')], { samples: 6, seed: 3 });
    expect(group2!.map((completion) => completion.text)).toEqual(['c0', 'c1', 'c2', 'c3', 'c0', 'c1']);
    expect(full.requests.map((request) => (request.body as { n: number }).n)).toEqual([4, 2]);
    // Different seeds per request of a group, so the second request does not repeat the first.
    const seeds = full.requests.map((request) => (request.body as { seed: number }).seed);
    expect(new Set(seeds).size).toBe(2);
  });

  it('falls back to one choice per request when a server refuses n > 1 (llama.cpp does)', async () => {
    let counter = 0;
    const scripted = await server({
      chat: (request) =>
        (request.body as { n: number }).n > 1
          ? { kind: 'json', status: 400, body: { error: { message: 'Only one completion choice is allowed' } } }
          : [{ content: `c${counter++}` }],
    });
    const policy = await agent(`openai:${scripted.baseUrl}#test-model`, { temperature: 0.3 });
    const [group] = await policy.act([prompt('p1')], { samples: 3, seed: 3 });
    expect(group!.map((completion) => completion.text)).toEqual(['c0', 'c1', 'c2']);
    expect(scripted.requests.map((request) => (request.body as { n: number }).n)).toEqual([3, 1, 1, 1]);
    expect((scripted.requests[1]!.body as { temperature: number }).temperature).toBe(0.3);
  });

  it('retries 429 after the delay the server asks for (Retry-After), then succeeds', async () => {
    let calls = 0;
    const scripted = await server({
      chat: () =>
        calls++ < 2
          ? { kind: 'json', status: 429, body: { error: { message: 'slow down' } }, headers: { 'retry-after': '7' } }
          : [{ content: 'done' }],
    });
    const options = AgentOptionsSchema.parse({ maxRetries: 3 });
    const delays: number[] = [];
    const pool = new EndpointPool({
      baseUrls: [scripted.baseUrl],
      apiKeyEnv: 'OPENAI_API_KEY',
      concurrency: 4,
      timeoutSeconds: 5,
      retry: { maxRetries: 3, baseSeconds: 0.5, maxSeconds: 30 },
      sleep: async (milliseconds) => {
        delays.push(milliseconds);
      },
    });
    const policy = new OpenAIAgent({ baseUrls: [scripted.baseUrl], model: 'test-model' }, options, pool);
    closers.push(() => policy.close());
    const [completion] = (await policy.act([prompt('p1')], { samples: 1, seed: 3 })).flat();
    expect(completion!.text).toBe('done');
    expect(delays).toEqual([7000, 7000]);
    expect(pool.counters.rateLimited).toBe(2);
  });

  it('gives up after maxRetries with one line naming the URL and the status', async () => {
    const scripted = await server({
      chat: () => ({ kind: 'json', status: 503, body: { error: { message: 'overloaded' } } }),
    });
    const policy = await agent(`openai:${scripted.baseUrl}#test-model`, { maxRetries: 2, retryBaseSeconds: 0.001 });
    const error = await policy.act([prompt('p1')], { samples: 1, seed: 3 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GenEnvError);
    expect((error as GenEnvError).code).toBe('policy');
    expect((error as GenEnvError).message).toBe(`${scripted.baseUrl}: HTTP 503: overloaded after 3 attempts`);
    expect(scripted.requests).toHaveLength(3);
  });

  it('answers every request exactly once under 20% injected failures (5xx, 429, timeouts, drops)', async () => {
    const scripted = await server({
      failures: { rate: 0.2, seed: 11, kinds: ['500', '503', '429', 'timeout', 'drop'], retryAfterSeconds: 0 },
      chat: (request) => [{ content: `echo:${lastUserText(request.body)}` }],
    });
    const policy = await agent(`openai:${scripted.baseUrl}#test-model`, {
      timeoutSeconds: 1,
      maxRetries: 20,
      retryBaseSeconds: 0.002,
      retryMaxSeconds: 0.02,
      concurrency: 32,
    });
    const prompts = Array.from({ length: 150 }, (_, index) => prompt(`p${index}`));
    const results = await policy.act(prompts, { samples: 1, seed: 5 });
    expect(results).toHaveLength(150);
    results.forEach((group, index) => {
      expect(group).toHaveLength(1);
      expect(group[0]!.text).toBe(`echo:p${index}`);
    });
    expect(scripted.requests.length).toBeGreaterThan(160);
    // Every request the server saw beyond one per prompt was a retry (a timed-out attempt may never reach it).
    expect(policy.pool.counters.retries).toBeGreaterThanOrEqual(scripted.requests.length - 150);
    expect(policy.pool.counters.timeouts).toBeGreaterThan(0);
  });

  it('server down → one-line GenEnvError naming the URL, without waiting for retries', async () => {
    const scripted = await server();
    const url = scripted.baseUrl;
    await scripted.close();
    servers.splice(0);
    const policy = await agent(`openai:${url}#test-model`, { retryBaseSeconds: 5 });
    const started = Date.now();
    const error = await policy.act([prompt('p1')], { samples: 1, seed: 3 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GenEnvError);
    expect((error as GenEnvError).message).toBe(`cannot reach ${url}: ECONNREFUSED (is the server running?)`);
    expect((error as GenEnvError).message).not.toContain('\n');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a 4xx is not retried; 401 hints at the key variable and never prints the key', async () => {
    process.env.GENENV_TEST_KEY = 'sk-secret-value-123';
    const scripted = await server({
      chat: (request) =>
        request.headers.authorization === 'Bearer sk-secret-value-123'
          ? { kind: 'json', status: 401, body: { error: { message: 'key revoked' } } }
          : [{ content: 'wrong key sent' }],
    });
    const policy = await agent(`openai:${scripted.baseUrl}#test-model`, { apiKeyEnv: 'GENENV_TEST_KEY' });
    const error = (await policy
      .act([prompt('p1')], { samples: 1, seed: 3 })
      .catch((caught: unknown) => caught)) as GenEnvError;
    expect(error.message).toBe(
      `${scripted.baseUrl} answered HTTP 401: key revoked (check the key in $GENENV_TEST_KEY)`,
    );
    expect(JSON.stringify({ message: error.message, stack: error.stack })).not.toContain('sk-secret');
    expect(scripted.requests).toHaveLength(1);
    delete process.env.GENENV_TEST_KEY;
  });

  it('spreads requests over several base URLs and respects the concurrency limit', async () => {
    const first = await server({ delayMs: 5 });
    const second = await server({ delayMs: 5 });
    const policy = await agent(`openai:${first.baseUrl},${second.baseUrl}#test-model`, { concurrency: 6 });
    const results = await policy.act(
      Array.from({ length: 60 }, (_, index) => prompt(`p${index}`)),
      { samples: 1, seed: 1 },
    );
    expect(results.flat()).toHaveLength(60);
    expect(first.requests.length).toBeGreaterThan(15);
    expect(second.requests.length).toBeGreaterThan(15);
    expect(first.requests.length + second.requests.length).toBe(60);
    expect(first.peakInFlight() + second.peakInFlight()).toBeLessThanOrEqual(12);
    expect(Math.max(first.peakInFlight(), second.peakInFlight())).toBeLessThanOrEqual(6);
  });

  it('HTTP 500 to a malformed request (test server); the agent says so in one line after retries', async () => {
    const scripted = await server();
    const raw = await fetch(`${scripted.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"model": "test-model"}',
    });
    expect(raw.status).toBe(500);
    const broken = await server({
      chat: () => ({ kind: 'json', status: 500, body: { error: { message: 'malformed request: bad template' } } }),
    });
    const policy = await agent(`openai:${broken.baseUrl}#test-model`, { maxRetries: 1, retryBaseSeconds: 0.001 });
    const error = (await policy
      .act([prompt('p1')], { samples: 1, seed: 3 })
      .catch((caught: unknown) => caught)) as GenEnvError;
    expect(error.message).toBe(`${broken.baseUrl}: HTTP 500: malformed request: bad template after 2 attempts`);
    expect(broken.requests).toHaveLength(2);
  });

  it('rejects bad options with one config line', async () => {
    await expect(
      createOpenAIAgent({ spec: 'openai:http://127.0.0.1:1/v1#m', options: { mode: 'voice' }, seed: 1 }),
    ).rejects.toThrow(/^agent\.options\.mode: /);
    await expect(
      createOpenAIAgent({ spec: 'openai:http://127.0.0.1:1/v1#m', options: { concurrency: 0 }, seed: 1 }),
    ).rejects.toMatchObject({ code: 'config' });
  });
});
