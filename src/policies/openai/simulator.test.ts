import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorRecord } from '../../interfaces/policy.ts';
import type { SimulatorContext } from '../../interfaces/simulator.ts';
import { lastUserText } from '../../../test/support/openai-server/responses.ts';
import {
  startScriptedServer,
  type ScriptedServer,
  type ChatHandler,
} from '../../../test/support/openai-server/server.ts';
import { toyDomain } from '../../../test/support/openai-server/toy-domain.ts';
import { createOpenAISimulator } from './index.ts';

const servers: ScriptedServer[] = [];
const closers: (() => Promise<void>)[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const server of servers.splice(0)) await server.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function setup(
  chat: ChatHandler,
  options: Record<string, unknown> = {},
  serverOptions: { rejectJsonSchema?: boolean } = {},
) {
  const server = await startScriptedServer({ chat, ...serverOptions });
  servers.push(server);
  const simulator = await createOpenAISimulator({
    spec: `openai:${server.baseUrl}#test-model`,
    domain: toyDomain,
    options,
    seed: 1,
  });
  closers.push(() => simulator.close());
  return { server, simulator };
}

function context(id: string, family: 'sum' | 'product' = 'sum', recentSuccess: number | null = null): SimulatorContext {
  const seed = toyDomain.seeds().find((candidate) => candidate.family === family)!;
  return { id, seed, stats: { family, taskTypes: recentSuccess === null ? 0 : 5, recentSuccess }, targetSuccess: 0.5 };
}

function record(difficulty: number, weight: number, successRate: number): SimulatorRecord {
  const spec = { family: 'sum' as const, difficulty };
  return {
    context: context(`c-${difficulty}`),
    proposal: {
      id: `p-${difficulty}`,
      contextId: `c-${difficulty}`,
      raw: JSON.stringify(spec),
      spec,
      policyVersion: 'env-v0',
    },
    target: toyDomain.formatSpec(spec),
    successRate,
    envReward: Math.exp(-2 * (successRate - 0.5) ** 2),
    weight,
  };
}

describe('OpenAI simulator', () => {
  it('asks for the spec with response_format json_schema derived from the zod schema, and parses it', async () => {
    const { server, simulator } = await setup(() => [{ content: '{"family": "sum", "difficulty": 4}' }]);
    const [proposal] = await simulator.propose([context('c1', 'sum', 0.8)], { seed: 2, temperature: 0.7 });
    expect(proposal).toMatchObject({
      contextId: 'c1',
      raw: '{"family": "sum", "difficulty": 4}',
      spec: { family: 'sum', difficulty: 4 },
      policyVersion: 'env-v0',
    });
    const body = server.requests[0]!.body as {
      response_format: {
        type: string;
        json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
      };
      temperature: number;
      messages: { content: string }[];
    };
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.name).toBe('toy_spec');
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(body.response_format.json_schema.schema).toMatchObject({
      type: 'object',
      required: ['family', 'difficulty'],
      additionalProperties: false,
    });
    expect(body.temperature).toBe(0.7);
    expect(lastUserText(body)).toContain('solved 80% of the time (target 50%): make the task harder');
  });

  it('falls back to extracting JSON from text when the server refuses json_schema', async () => {
    const { server, simulator } = await setup(
      () => [{ content: 'Here it is:\n```json\n{"family": "product", "difficulty": 2}\n```' }],
      {},
      { rejectJsonSchema: true },
    );
    const proposals = await simulator.propose([context('c1'), context('c2')], { seed: 2 });
    expect(proposals.map((proposal) => proposal.spec)).toEqual([
      { family: 'product', difficulty: 2 },
      { family: 'product', difficulty: 2 },
    ]);
    expect(simulator.outputMode).toBe('json-extract');
    const later = server.requests.filter(
      (request) => (request.body as { response_format?: unknown }).response_format === undefined,
    );
    expect(later.length).toBeGreaterThanOrEqual(2);
    expect(lastUserText(later[0]!.body)).toContain('JSON Schema');
  });

  it('a transient 500 in structured mode: retried, not read as "no structured outputs"; one naming it is', async () => {
    let calls = 0;
    const { simulator } = await setup(
      (request) => {
        const structured = (request.body as { response_format?: unknown }).response_format !== undefined;
        calls++;
        if (calls === 1) return { kind: 'json', status: 500, body: { error: { message: 'engine hiccup' } } };
        if (structured && calls > 2)
          return {
            kind: 'json',
            status: 500,
            body: { error: { message: 'guided decoding backend does not support this json_schema' } },
          };
        return [{ content: '{"family": "sum", "difficulty": 1}' }];
      },
      { retryBaseSeconds: 0.001, maxRetries: 1 },
    );
    const [first] = await simulator.propose([context('c1')], { seed: 1 });
    expect(first!.spec).toEqual({ family: 'sum', difficulty: 1 });
    expect(simulator.outputMode).toBe('structured');
    const [second] = await simulator.propose([context('c2')], { seed: 1 });
    expect(second!.spec).toEqual({ family: 'sum', difficulty: 1 });
    expect(simulator.outputMode).toBe('json-extract');
  });

  it('malformed JSON or an invalid spec: a proposal with the raw text and no spec (the loop rejects it)', async () => {
    const answers = ['{"family": "sum", "difficulty": ', '{"family": "division", "difficulty": 3}'];
    let turn = 0;
    const { simulator } = await setup(() => [{ content: answers[turn++ % 2]! }]);
    const proposals = await simulator.propose([context('c1'), context('c2')], { seed: 2 });
    for (const proposal of proposals) expect(proposal.spec).toBeUndefined();
    expect(new Set(proposals.map((proposal) => proposal.raw))).toEqual(new Set(answers));
    for (const proposal of proposals) expect(toyDomain.parseSpec(proposal.raw).ok).toBe(false);
  });

  it('free-form mode sends no response_format and leaves parsing to the domain', async () => {
    const { server, simulator } = await setup(() => [{ content: 'sum:6' }], { output: 'free-form' });
    const [proposal] = await simulator.propose([context('c1')], { seed: 2 });
    expect(proposal!.raw).toBe('sum:6');
    expect(proposal!.spec).toBeUndefined();
    expect(toyDomain.parseSpec(proposal!.raw)).toEqual({ ok: true, value: { family: 'sum', difficulty: 6 } });
    expect((server.requests[0]!.body as { response_format?: unknown }).response_format).toBeUndefined();
    expect(lastUserText(server.requests[0]!.body)).toContain('sum:1');
  });

  it('update stores weighted exemplars; prompts then show them in proportion to weight, never weight 0', async () => {
    const { server, simulator } = await setup(() => [{ content: '{"family": "sum", "difficulty": 5}' }], {
      exemplars: 1,
    });
    await simulator.update({ records: [record(3, 9, 0.5), record(7, 1, 0.9), record(9, 0, 0.5)] }, { seed: 1 });
    expect(simulator.version).toBe(1);
    const contexts = Array.from({ length: 200 }, (_, index) => context(`c${index}`));
    const proposals = await simulator.propose(contexts, { seed: 4 });
    expect(proposals[0]!.policyVersion).toBe('env-v1');
    const shown = server.requests.map((request) => lastUserText(request.body));
    const three = shown.filter((text) => text.includes('{"family":"sum","difficulty":3}')).length;
    const seven = shown.filter((text) => text.includes('{"family":"sum","difficulty":7}')).length;
    expect(shown.some((text) => text.includes('"difficulty":9}'))).toBe(false);
    expect(three + seven).toBe(200);
    expect(three / 200).toBeGreaterThan(0.8);
    expect(three / 200).toBeLessThan(0.97);
    expect(shown[0]).toMatch(/agent success rate 0\.(50|90)/);
  });

  it("shows a context's history with each outcome and its side of the target, and none without one", async () => {
    const { server, simulator } = await setup(() => [{ content: '{"family": "sum", "difficulty": 5}' }]);
    const history = [
      { spec: { family: 'sum', difficulty: 8 }, successRate: 0.25 },
      { spec: { family: 'sum', difficulty: 4 }, successRate: 0.53 },
      { spec: { family: 'sum', difficulty: 1 }, successRate: 0.875 },
    ];
    await simulator.propose([{ ...context('with'), history }, context('without')], { seed: 2 });
    const shown = server.requests.map((request) => lastUserText(request.body));
    const withHistory = shown.find((text) => text.includes('Recent task types'))!;
    expect(withHistory).toContain(
      'Recent task types and how often the agent solved them (target 50%):\n' +
        '- 25% (too hard): {"family":"sum","difficulty":8}\n' +
        '- 53% (about the target): {"family":"sum","difficulty":4}\n' +
        '- 88% (too easy): {"family":"sum","difficulty":1}',
    );
    expect(shown.filter((text) => text.includes('Recent task types'))).toHaveLength(1);
  });

  it("names a context's cell and lists its choices as the only task types it accepts", async () => {
    const { server, simulator } = await setup(() => [{ content: '{"family": "sum", "difficulty": 5}' }]);
    const choices = [
      { family: 'sum', difficulty: 2 },
      { family: 'sum', difficulty: 3 },
    ];
    await simulator.propose([{ ...context('edits'), choices, cell: { difficulty: 2 } }], { seed: 2 });
    expect(lastUserText(server.requests[0]!.body)).toContain(
      "The task type must sit in this cell of the domain's difficulty knobs: difficulty 2.",
    );
    expect(lastUserText(server.requests[0]!.body)).toContain(
      'Write one of these task types, the only ones this request accepts (the others are rejected):\n' +
        '- {"family":"sum","difficulty":2}\n- {"family":"sum","difficulty":3}',
    );
  });

  it('save/load restores the exemplar pool and version exactly; warmStart seeds the pool', async () => {
    const { simulator } = await setup(() => [{ content: '{}' }]);
    await simulator.warmStart(
      [{ context: context('w'), target: 'product:2', spec: { family: 'product', difficulty: 2 } }],
      { seed: 1 },
    );
    await simulator.update({ records: [record(3, 2.5, 0.4)] }, { seed: 1 });
    const folder = mkdtempSync(join(tmpdir(), 'genenv-sim-'));
    folders.push(folder);
    await simulator.save(folder);
    const { simulator: restored } = await setup(() => [{ content: '{}' }]);
    await restored.load(folder);
    expect(restored.version).toBe(2);
    expect(restored.exemplars).toEqual(simulator.exemplars);
    expect(restored.exemplars[0]).toMatchObject({ family: 'product', successRate: null, weight: 1 });
    const again = mkdtempSync(join(tmpdir(), 'genenv-sim-'));
    folders.push(again);
    await restored.save(again);
    expect(readFileSync(join(again, 'exemplar-pool.json'), 'utf8')).toBe(
      readFileSync(join(folder, 'exemplar-pool.json'), 'utf8'),
    );
    writeFileSync(join(again, 'exemplar-pool.json'), '{"format": "other"}');
    await expect(restored.load(again)).rejects.toMatchObject({ code: 'resume' });
  });

  it('under 20% injected failures every context gets exactly one proposal', async () => {
    const server = await startScriptedServer({
      failures: { rate: 0.2, seed: 5, kinds: ['503', '429', 'timeout', 'drop'], retryAfterSeconds: 0 },
      chat: () => [{ content: '{"family": "sum", "difficulty": 2}' }],
    });
    servers.push(server);
    const simulator = await createOpenAISimulator({
      spec: `openai:${server.baseUrl}#test-model`,
      domain: toyDomain,
      options: { timeoutSeconds: 1, maxRetries: 20, retryBaseSeconds: 0.002, retryMaxSeconds: 0.02 },
      seed: 1,
    });
    closers.push(() => simulator.close());
    const contexts = Array.from({ length: 60 }, (_, index) => context(`c${index}`));
    const proposals = await simulator.propose(contexts, { seed: 9 });
    expect(proposals.map((proposal) => proposal.contextId)).toEqual(contexts.map((item) => item.id));
    expect(new Set(proposals.map((proposal) => proposal.id)).size).toBe(60);
    for (const proposal of proposals) expect(proposal.spec).toEqual({ family: 'sum', difficulty: 2 });
    expect(server.requests.length).toBeGreaterThan(60);
    expect(simulator.outputMode).toBe('structured');
  });

  it('an empty update is a no-op', async () => {
    const { simulator } = await setup(() => [{ content: '{}' }]);
    expect(await simulator.update({ records: [] }, { seed: 1 })).toEqual({});
    expect(simulator.version).toBe(0);
  });
});
