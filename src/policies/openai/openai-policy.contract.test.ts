/**
 * The shared policy contracts (test/contracts/policy-contract.ts) for the OpenAI-compatible backends,
 * against the scripted server. Its answers are a pure function of the request's seed and prompt, as a
 * seeded vLLM is, so the determinism clauses apply.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createArithmeticDomain } from '../../domains/arithmetic/index.ts';
import { stableId } from '../../util/random.ts';
import {
  describeAgentPolicyContract,
  describeTrainableAgentContract,
  describeTrainableSimulatorContract,
} from '../../../test/contracts/policy-contract.ts';
import { lastUserText } from '../../../test/support/openai-server/responses.ts';
import { startScriptedServer, type ScriptedServer } from '../../../test/support/openai-server/server.ts';
import { HookTrainedAgent } from '../../external-trainers/hook-trained-agent.ts';
import { VllmAdapterManager } from '../../external-trainers/vllm-adapters.ts';
import { createOpenAIAgent, createOpenAISimulator } from './index.ts';

let started: Promise<ScriptedServer> | undefined;
const server = () => {
  started ??= startScriptedServer({
    chat: (request) => {
      const body = request.body as { seed: number; n?: number; model: string };
      return Array.from({ length: body.n ?? 1 }, (_, index) => ({
        content: `answer ${stableId([body.seed, body.model, lastUserText(body), index])}`,
      }));
    },
  });
  return started;
};
const workDirs: string[] = [];
afterAll(async () => {
  if (started) await (await started).close();
  for (const folder of workDirs) rmSync(folder, { recursive: true, force: true });
});

const domain = createArithmeticDomain();
const HOOK = 'echo "{}" > "$GENENV_OUTPUT_DIR/adapter_config.json" && echo "$GENENV_OUTPUT_DIR"';
let shared: { workDir: string } | undefined;

describeAgentPolicyContract(
  'openai',
  async () => createOpenAIAgent({ spec: `openai:${(await server()).baseUrl}#test-model`, options: {}, seed: 1 }),
  { domain },
);

describeTrainableAgentContract(
  'openai + trainer hook (vLLM adapters)',
  async () => {
    const url = (await server()).baseUrl;
    // One work folder for all agents of a test: a restored agent finds the adapters its original trained.
    if (!shared) {
      shared = { workDir: mkdtempSync(join(tmpdir(), 'genenv-contract-')) };
      workDirs.push(shared.workDir);
    }
    const agent = await createOpenAIAgent({ spec: `openai:${url}#test-model`, options: {}, seed: 1 });
    return new HookTrainedAgent(agent, {
      command: HOOK,
      format: 'trl',
      workDir: shared.workDir,
      adapters: new VllmAdapterManager([url]),
    });
  },
  { domain },
);

describeTrainableSimulatorContract(
  'openai (in-context RWR)',
  async () =>
    createOpenAISimulator({ spec: `openai:${(await server()).baseUrl}#test-model`, domain, options: {}, seed: 1 }),
  { domain },
);
