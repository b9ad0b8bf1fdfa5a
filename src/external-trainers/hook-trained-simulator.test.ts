import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { SimulatorRecord } from '../interfaces/policy.ts';
import type { SimulatorContext } from '../interfaces/simulator.ts';
import { describeTrainableSimulatorContract } from '../../test/contracts/policy-contract.ts';
import { lastUserText } from '../../test/support/openai-server/responses.ts';
import { startScriptedServer, type ScriptedServer } from '../../test/support/openai-server/server.ts';
import { toyDomain } from '../../test/support/openai-server/toy-domain.ts';
import { createOpenAISimulator } from '../policies/openai/index.ts';
import { stableId } from '../util/random.ts';
import { HookTrainedSimulator } from './hook-trained-simulator.ts';
import { VllmAdapterManager } from './vllm-adapters.ts';

const servers: ScriptedServer[] = [];
const folders: string[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const server of servers.splice(0)) await server.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const HOOK =
  'test -s "$GENENV_ENV_FILE" && test -z "$GENENV_TRAIN_FILE" && echo "{}" > ' +
  '"$GENENV_OUTPUT_DIR/adapter_config.json" && echo "$GENENV_OUTPUT_DIR"';
const context = (id: string): SimulatorContext => ({
  id,
  seed: toyDomain.seeds()[0]!,
  stats: { family: 'sum', taskTypes: 0, recentSuccess: null },
  targetSuccess: 0.5,
});

describe('HookTrainedSimulator', () => {
  it('trains env-vN adapters from weighted SFT exports and stamps proposals with them', async () => {
    const server = await startScriptedServer({ chat: () => [{ content: '{"family": "sum", "difficulty": 2}' }] });
    servers.push(server);
    const workDir = mkdtempSync(join(tmpdir(), 'genenv-hooked-sim-'));
    folders.push(workDir);
    const inner = await createOpenAISimulator({
      spec: `openai:${server.baseUrl}#test-model`,
      domain: toyDomain,
      options: { exemplars: 0 },
      seed: 1,
    });
    const simulator = new HookTrainedSimulator(inner, toyDomain, {
      command: HOOK,
      format: 'openrlhf',
      workDir,
      adapters: new VllmAdapterManager([server.baseUrl]),
    });
    closers.push(() => simulator.close());
    const [first] = await simulator.propose([context('c1')], { seed: 1 });
    expect(first!.policyVersion).toBe('env-v0');
    const record: SimulatorRecord = {
      context: context('c1'),
      proposal: first!,
      target: 'sum:2',
      successRate: 0.5,
      envReward: 1,
      weight: 1.7,
    };
    const stats = await simulator.update({ records: [record] }, { seed: 1 });
    expect(stats['simulator/exportedRows']).toBe(1);
    const row = JSON.parse(readFileSync(join(workDir, 'env-v1', 'data', 'simulator-sft.openrlhf.jsonl'), 'utf8'));
    expect(row).toMatchObject({ output: [{ role: 'assistant', content: 'sum:2' }], weight: 1.7 });
    expect([...server.loadedAdapters.keys()]).toEqual(['env-v1']);
    const [second] = await simulator.propose([context('c2')], { seed: 1 });
    expect(second!.policyVersion).toBe('env-v1');
    expect((server.requests.at(-1)!.body as { model: string }).model).toBe('env-v1');
    const checkpoint = mkdtempSync(join(tmpdir(), 'genenv-hooked-sim-ckpt-'));
    folders.push(checkpoint);
    await simulator.save(checkpoint);
    expect(JSON.parse(readFileSync(join(checkpoint, 'hook-trained-simulator.json'), 'utf8'))).toMatchObject({
      version: 1,
      adapter: { name: 'env-v1' },
    });
  });
});

// The shared simulator contract, against a scripted server whose answers are a pure function of the request (as a
// seeded vLLM's are), so the determinism clauses apply. One server and one work folder serve every instance.
let contractServer: Promise<ScriptedServer> | undefined;
const contractFolder = mkdtempSync(join(tmpdir(), 'genenv-hooked-sim-contract-'));
afterAll(async () => {
  if (contractServer) await (await contractServer).close();
  rmSync(contractFolder, { recursive: true, force: true });
});
describeTrainableSimulatorContract(
  'hook-trained (openai + trainer hook)',
  async () => {
    contractServer ??= startScriptedServer({
      chat: (request) => {
        const body = request.body as { seed: number; model: string };
        const id = stableId([body.seed, body.model, lastUserText(body)]);
        return [{ content: `sum:${Number.parseInt(id.slice(0, 4), 16) % 11}` }];
      },
    });
    const server = await contractServer;
    const inner = await createOpenAISimulator({
      spec: `openai:${server.baseUrl}#test-model`,
      domain: toyDomain,
      options: {},
      seed: 1,
    });
    return new HookTrainedSimulator(inner, toyDomain, {
      command: HOOK,
      format: 'trl',
      workDir: contractFolder,
      adapters: new VllmAdapterManager([server.baseUrl]),
    });
  },
  { domain: toyDomain },
);
