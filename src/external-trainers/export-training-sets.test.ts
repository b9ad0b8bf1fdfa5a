import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RolloutGroup, SimulatorRecord } from '../interfaces/policy.ts';
import { toyDomain } from '../../test/support/openai-server/toy-domain.ts';
import { resampleCounts } from './export-formats.ts';
import { exportTrainingSets } from './export-training-sets.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), 'genenv-export-'));
  folders.push(made);
  return made;
};
const readJsonl = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    // biome-ignore lint/suspicious/noExplicitAny: exported rows are free-form JSON that the assertions walk into
    .map((line) => JSON.parse(line) as Record<string, any>);

const groups: RolloutGroup[] = [
  {
    prompt: {
      id: 't1',
      family: 'weather',
      text: 'w',
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'Weather in Paris?' },
      ],
      tools: [
        { type: 'function', function: { name: 'get_weather', description: 'd', parameters: { type: 'object' } } },
      ],
      reference: {
        answer: 'get_weather(city=Paris)',
        toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
        difficulty: 1,
      },
    },
    completions: [
      { text: 'a', policyVersion: 'agent-v2' },
      { text: 'b', policyVersion: 'agent-v1' },
    ],
    rewards: [1, 0],
  },
  {
    prompt: {
      id: 't2',
      family: 'qa',
      text: 'q',
      messages: [{ role: 'user', content: 'Capital of France?' }],
      reference: { answer: 'Paris', difficulty: 0 },
    },
    completions: [{ text: 'Paris', policyVersion: 'agent-v2' }],
    rewards: [1],
  },
];

function envRecord(difficulty: number, weight: number): SimulatorRecord {
  const seed = toyDomain.seeds()[0]!;
  const spec = { family: 'sum' as const, difficulty };
  return {
    context: {
      id: `c${difficulty}`,
      seed,
      stats: { family: 'sum', taskTypes: 3, recentSuccess: 0.7 },
      targetSuccess: 0.5,
    },
    proposal: { id: `p${difficulty}`, contextId: `c${difficulty}`, raw: 'x', spec, policyVersion: 'env-v1' },
    target: toyDomain.formatSpec(spec),
    successRate: 0.5,
    envReward: 1,
    weight,
  };
}

describe('exportTrainingSets', () => {
  it('TRL: conversational `prompt` plus reward columns; SFT prompt/completion with weight', async () => {
    const out = folder();
    const paths = await exportTrainingSets({ train: groups, env: [envRecord(3, 1.5)] }, 'trl', out, {
      domain: toyDomain,
    });
    const rows = readJsonl(paths.train!);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.prompt).toEqual([
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'Weather in Paris?' },
    ]);
    expect(rows[0]!.ground_truth).toBe('get_weather(city=Paris)');
    expect(JSON.parse(rows[0]!.reference_tool_calls)).toEqual([{ name: 'get_weather', arguments: { city: 'Paris' } }]);
    expect(rows[0]!.observed_rewards).toEqual([1, 0]);
    expect(rows[0]!.policy_versions).toEqual(['agent-v1', 'agent-v2']);
    // Same columns with the same JSON types in every row (Arrow needs fixed column types).
    const shape = (row: Record<string, unknown>) =>
      Object.entries(row)
        .map(([key, value]) => `${key}:${Array.isArray(value) ? 'array' : typeof value}`)
        .sort();
    expect(shape(rows[1]!)).toEqual(shape(rows[0]!));
    const [sft] = readJsonl(paths.env!);
    expect(sft!.prompt.map((message: { role: string }) => message.role)).toEqual(['system', 'user']);
    expect(sft!.prompt[1].content).toContain('sum:1');
    expect(sft!.completion).toEqual([{ role: 'assistant', content: 'sum:3' }]);
    expect(sft!.weight).toBe(1.5);
  });

  it('verl: data_source, prompt, ability, reward_model {style, ground_truth}, extra_info {split, index}', async () => {
    const paths = await exportTrainingSets({ train: groups, env: [envRecord(2, 2)] }, 'verl', folder(), {
      domain: toyDomain,
    });
    const rows = readJsonl(paths.train!);
    expect(Object.keys(rows[1]!).sort()).toEqual(['ability', 'data_source', 'extra_info', 'prompt', 'reward_model']);
    expect(rows[1]).toMatchObject({
      data_source: 'genenv/qa',
      prompt: [{ role: 'user', content: 'Capital of France?' }],
      ability: 'qa',
      reward_model: { style: 'rule', ground_truth: 'Paris' },
      extra_info: { split: 'train', index: 1, task_id: 't2' },
    });
    const [sft] = readJsonl(paths.env!);
    expect(sft!.messages.at(-1)).toEqual({ role: 'assistant', content: 'sum:2' });
    expect(sft!.weight).toBe(2);
  });

  it('OpenRLHF: input/label for RL, input/output for SFT; the manifest names the keys', async () => {
    const paths = await exportTrainingSets({ train: groups, env: [envRecord(2, 2)] }, 'openrlhf', folder(), {
      domain: toyDomain,
    });
    const [first] = readJsonl(paths.train!);
    expect(first!.input[1]).toEqual({ role: 'user', content: 'Weather in Paris?' });
    expect(JSON.parse(first!.label)).toEqual({
      answer: 'get_weather(city=Paris)',
      tool_calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
    });
    const [sft] = readJsonl(paths.env!);
    expect(sft!.output).toEqual([{ role: 'assistant', content: 'sum:2' }]);
    const manifest = JSON.parse(readFileSync(paths.manifest, 'utf8'));
    expect(manifest.train).toMatchObject({
      rows: 2,
      kind: 'grpo-prompts',
      keys: { '--input_key': 'input', '--label_key': 'label' },
    });
    expect(manifest.env).toMatchObject({ rows: 1, kind: 'weighted-sft', keys: { '--output_key': 'output' } });
  });

  it('resample weighting repeats rows in proportion to weight', async () => {
    const records = [envRecord(1, 3), envRecord(2, 1), envRecord(3, 0)];
    const paths = await exportTrainingSets({ env: records }, 'trl', folder(), {
      domain: toyDomain,
      weighting: 'resample',
      seed: 1,
    });
    const rows = readJsonl(paths.env!);
    const count = (content: string) => rows.filter((row) => row.completion[0].content === content).length;
    expect(count('sum:1')).toBeGreaterThanOrEqual(2);
    expect(count('sum:3')).toBe(0);
    expect(paths.train).toBeUndefined();
  });

  it('resampleCounts: expected copies = weight / mean weight, stochastic rounding', () => {
    expect(resampleCounts([2, 1, 1, 0], [0.9, 0.9, 0.1, 0])).toEqual([2, 1, 1, 0]);
    expect(resampleCounts([1, 2], [0.5, 0.5])).toEqual([1, 1]);
    expect(resampleCounts([1, 2], [0.7, 0.2])).toEqual([0, 2]);
    expect(resampleCounts([0, 0], [0, 0])).toEqual([0, 0]);
    const uniforms = Array.from({ length: 4000 }, (_, index) => (index + 0.5) / 4000);
    const counts = resampleCounts(
      Array.from({ length: 4000 }, (_, index) => (index % 2 === 0 ? 1.5 : 0.5)),
      uniforms.map((_, index) => uniforms[(index * 7919) % 4000]!),
    );
    const heavy = counts.filter((_, index) => index % 2 === 0).reduce((sum, value) => sum + value, 0) / 2000;
    expect(heavy).toBeCloseTo(1.5, 1);
  });

  it('rejects an unknown format with one config line', async () => {
    await expect(exportTrainingSets({ train: groups }, 'deepspeed' as never, folder())).rejects.toMatchObject({
      code: 'config',
    });
  });
});
