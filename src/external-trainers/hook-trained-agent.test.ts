import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentPrompt } from '../interfaces/task.ts';
import { startScriptedServer, type ScriptedServer } from '../../test/support/openai-server/server.ts';
import { createOpenAIAgent } from '../policies/openai/index.ts';
import { HookTrainedAgent } from './hook-trained-agent.ts';
import { VllmAdapterManager } from './vllm-adapters.ts';

const servers: ScriptedServer[] = [];
const folders: string[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const server of servers.splice(0)) await server.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const prompt = (id: string): AgentPrompt => ({
  id,
  family: 'qa',
  text: id,
  messages: [{ role: 'user', content: `question ${id}` }],
  reference: { answer: `answer ${id}`, difficulty: 0 },
});

/** The end of every stand-in hook: writes a PEFT-looking adapter and prints its folder. */
const WRITE_ADAPTER = 'echo "{}" > "$GENENV_OUTPUT_DIR/adapter_config.json" && echo "$GENENV_OUTPUT_DIR"';
// A stand-in trainer: checks it got a GRPO set, writes a PEFT-looking adapter, prints its folder.
const HOOK =
  'test -s "$GENENV_TRAIN_FILE" && echo "{}" > "$GENENV_OUTPUT_DIR/adapter_config.json" && echo "$GENENV_OUTPUT_DIR"';

async function setup(command = HOOK, format: 'verl' | 'trl' = 'verl') {
  const server = await startScriptedServer();
  servers.push(server);
  const workDir = mkdtempSync(join(tmpdir(), 'genenv-hooked-'));
  folders.push(workDir);
  const adapters = new VllmAdapterManager([server.baseUrl]);
  const agent = new HookTrainedAgent(
    await createOpenAIAgent({ spec: `openai:${server.baseUrl}#test-model`, options: {}, seed: 1 }),
    { command, format, workDir, adapters },
  );
  closers.push(() => agent.close());
  return { server, workDir, adapters, agent };
}

describe('HookTrainedAgent', () => {
  it('exports, runs the hook, swaps adapters agent-v1 → agent-v2, and stamps completions', async () => {
    const { server, workDir, agent } = await setup();
    const [base] = (await agent.act([prompt('1')], { samples: 1, seed: 1 })).flat();
    expect(base!.policyVersion).toBe('test-model');
    const groups = [{ prompt: prompt('1'), completions: [base!], rewards: [0] }];
    const stats = await agent.update({ groups }, { seed: 1 });
    // Unprefixed: the loop adds `agent/` (it used to read `agent/agent/exportedRows`).
    expect(Object.keys(stats).sort()).toEqual(['exportedRows', 'trainerSeconds']);
    expect(stats.exportedRows).toBe(1);
    expect(agent.version).toBe(1);
    const exported = readFileSync(join(workDir, 'agent-v1', 'data', 'agent-grpo.verl.jsonl'), 'utf8');
    expect(JSON.parse(exported).reward_model).toEqual({ style: 'rule', ground_truth: 'answer 1' });
    expect([...server.loadedAdapters]).toEqual([['agent-v1', join(workDir, 'agent-v1', 'adapter')]]);
    const [trained] = (await agent.act([prompt('2')], { samples: 1, seed: 1 })).flat();
    expect(trained!.policyVersion).toBe('agent-v1');
    expect((server.requests.at(-1)!.body as { model: string }).model).toBe('agent-v1');
    await agent.update({ groups }, { seed: 2 });
    expect([...server.loadedAdapters.keys()]).toEqual(['agent-v2']);
    expect(await agent.update({ groups: [] }, { seed: 3 })).toEqual({});
    expect(agent.version).toBe(2);
  });

  it("GENENV_EPOCH is the loop's epoch (0 = warm start), across epochs without training and a resume", async () => {
    const epochsSeen =
      'echo "$GENENV_EPOCH" >> "$GENENV_OUTPUT_DIR/../../epochs" && ' +
      'echo "{}" > "$GENENV_OUTPUT_DIR/adapter_config.json" && echo "$GENENV_OUTPUT_DIR"';
    const { workDir, agent } = await setup(epochsSeen);
    const groups = [{ prompt: prompt('1'), completions: [{ text: 'x', policyVersion: 'm' }], rewards: [1] }];
    await agent.warmStart([{ prompt: prompt('1'), target: 'answer 1' }], { seed: 1 });
    expect(await agent.update({ groups: [] }, { seed: 2 })).toEqual({});
    await agent.update({ groups }, { seed: 3 });
    expect(agent.version).toBe(2);
    const checkpoint = mkdtempSync(join(tmpdir(), 'genenv-hooked-epoch-'));
    folders.push(checkpoint);
    await agent.save(checkpoint);
    const { agent: resumed, workDir: resumedWorkDir } = await setup(epochsSeen);
    await resumed.load(checkpoint);
    await resumed.update({ groups }, { seed: 4 });
    await resumed.update({ groups }, { seed: 5, epoch: 7 } as { seed: number });
    const seen = (folder: string) => readFileSync(join(folder, 'epochs'), 'utf8').trim().split('\n');
    expect(seen(workDir)).toEqual(['0', '2']);
    expect(seen(resumedWorkDir)).toEqual(['3', '7']);
  });

  it('warm start exports the demonstrations as an SFT set for the hook', async () => {
    const { server, workDir, agent } = await setup(
      `test -s "$GENENV_SFT_FILE" && test -z "$GENENV_TRAIN_FILE" && ${WRITE_ADAPTER}`,
      'trl',
    );
    expect(await agent.warmStart([], { seed: 1 })).toEqual({});
    await agent.warmStart([{ prompt: prompt('1'), target: 'answer 1' }], { seed: 1 });
    const row = JSON.parse(readFileSync(join(workDir, 'agent-v1', 'data', 'agent-sft.trl.jsonl'), 'utf8'));
    expect(row).toMatchObject({
      prompt: [{ role: 'user', content: 'question 1' }],
      completion: [{ role: 'assistant', content: 'answer 1' }],
      weight: 1,
    });
    expect(agent.version).toBe(1);
    expect([...server.loadedAdapters.keys()]).toEqual(['agent-v1']);
  });

  it("an update with rehearsal exports its GRPO prompts and its rehearsal as one hook call's SFT set", async () => {
    const { workDir, agent } = await setup(
      `test -s "$GENENV_SFT_FILE" && test -s "$GENENV_TRAIN_FILE" && ${WRITE_ADAPTER}`,
      'trl',
    );
    const groups = [{ prompt: prompt('1'), completions: [{ text: 'x', policyVersion: 'test-model' }], rewards: [0] }];
    await agent.update(
      {
        groups,
        rehearsal: [
          { prompt: prompt('2'), target: 'answer 2' },
          { prompt: prompt('3'), target: 'answer 3' },
        ],
      },
      { seed: 1 },
    );
    expect(agent.version).toBe(1);
    const rows = readFileSync(join(workDir, 'agent-v1', 'data', 'agent-sft.trl.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows.map((row) => row.completion[0].content)).toEqual(['answer 2', 'answer 3']);
    // The same hook without rehearsal gets no SFT set and fails its own check: the rehearsal made the difference.
    await expect(agent.update({ groups }, { seed: 2 })).rejects.toThrow();
  });

  it('save/load restores the version and the adapter in use', async () => {
    const { server, agent } = await setup();
    await agent.update(
      { groups: [{ prompt: prompt('1'), completions: [{ text: 'x', policyVersion: 'test-model' }], rewards: [1] }] },
      { seed: 1 },
    );
    const checkpoint = mkdtempSync(join(tmpdir(), 'genenv-hooked-ckpt-'));
    folders.push(checkpoint);
    await agent.save(checkpoint);
    const restored = new HookTrainedAgent(
      await createOpenAIAgent({ spec: `openai:${server.baseUrl}#test-model`, options: {}, seed: 1 }),
      { command: HOOK, format: 'verl', workDir: checkpoint, adapters: new VllmAdapterManager([server.baseUrl]) },
    );
    closers.push(() => restored.close());
    // The server still serves agent-v1 (as after a restart of genenv alone): accepted as is.
    await restored.load(checkpoint);
    expect(restored.version).toBe(1);
    server.loadedAdapters.clear();
    const again = new HookTrainedAgent(
      await createOpenAIAgent({ spec: `openai:${server.baseUrl}#test-model`, options: {}, seed: 1 }),
      { command: HOOK, format: 'verl', workDir: checkpoint, adapters: new VllmAdapterManager([server.baseUrl]) },
    );
    closers.push(() => again.close());
    // Both restored and reloaded (after a vLLM restart): the adapter is loaded again from its path.
    await again.load(checkpoint);
    expect([...server.loadedAdapters.keys()]).toEqual(['agent-v1']);
    expect(restored.version).toBe(1);
    const [completion] = (await restored.act([prompt('3')], { samples: 1, seed: 1 })).flat();
    expect(completion!.policyVersion).toBe('agent-v1');
  });

  it('a failing hook leaves the agent on its current adapter with a one-line error', async () => {
    const { agent, server } = await setup();
    const workDir = mkdtempSync(join(tmpdir(), 'genenv-hooked-'));
    folders.push(workDir);
    const failing = new HookTrainedAgent(
      await createOpenAIAgent({ spec: `openai:${server.baseUrl}#test-model`, options: {}, seed: 1 }),
      {
        command: 'echo "no GPU" >&2; exit 1',
        format: 'trl',
        workDir,
        adapters: new VllmAdapterManager([server.baseUrl]),
      },
    );
    closers.push(() => failing.close());
    await expect(
      failing.update(
        { groups: [{ prompt: prompt('1'), completions: [{ text: 'x', policyVersion: 'test-model' }], rewards: [1] }] },
        { seed: 1 },
      ),
    ).rejects.toThrow('trainer hook (agent, epoch 1) exited with code 1: no GPU');
    expect(failing.version).toBe(0);
    const [completion] = (await failing.act([prompt('2')], { samples: 1, seed: 1 })).flat();
    expect(completion!.policyVersion).toBe('test-model');
    expect(agent.version).toBe(0);
  });
});
