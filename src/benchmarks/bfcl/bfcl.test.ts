import { describe, expect, it } from 'vitest';
import type { AgentPolicy } from '../../interfaces/policy.ts';
import type { AgentPrompt, Completion } from '../../interfaces/task.ts';
import { bfclBenchmark } from './index.ts';
import { benchmarkData } from '../../../test/support/benchmark-data.ts';

const bfcl = benchmarkData('bfcl');

/** A policy from a function of one prompt. */
const policyOf = (name: string, answer: (prompt: AgentPrompt) => Omit<Completion, 'policyVersion'>): AgentPolicy => ({
  name,
  async act(prompts) {
    return prompts.map((prompt) => [{ ...answer(prompt), policyVersion: name }]);
  },
});

/** The oracle as the lead's policy answers: the reference text and tool calls. */
const oracle = policyOf('oracle', (prompt) => ({
  text: prompt.reference.answer,
  toolCalls: prompt.reference.toolCalls,
}));

describe.skipIf(bfcl.skip)(bfcl.title('bfcl benchmark on the real data'), () => {
  it('the oracle scores 100% per turn and per entry on all 200 entries', async () => {
    const progress: number[] = [];
    const report = await bfclBenchmark.run(oracle, {
      dataPath: bfcl.path,
      seed: 7,
      onProgress: (done) => progress.push(done),
    });
    expect(report.summary).toMatchObject({
      accuracy: 1,
      entryAccuracy: 1,
      entries: 200,
      turns: 734,
      turnsCorrect: 734,
      entriesCorrect: 200,
      irrelevanceTurns: 3,
      irrelevanceCorrect: 3,
      entryIrrelevanceCorrect: 3,
    });
    expect(report.table1).toEqual({ BFCL: 100 });
    expect(report.items).toHaveLength(734 + 200);
    expect(progress.at(-1)).toBe(934);
    expect(report.notes.length).toBeGreaterThan(3);
  });

  it('the oracle through OpenAI-style tool calls (arguments after a JSON round trip) also scores 100%', async () => {
    const serverOracle = policyOf('oracle-json', (prompt) => ({
      text: '',
      toolCalls: JSON.parse(JSON.stringify(prompt.reference.toolCalls)),
    }));
    const report = await bfclBenchmark.run(serverOracle, { dataPath: bfcl.path, seed: 7 });
    expect(report.summary).toMatchObject({ accuracy: 1, entryAccuracy: 1 });
  });

  it('prompts carry the chat history, tool schemas minus excluded functions, and the native gold answer', async () => {
    const seen: AgentPrompt[] = [];
    const recorder = policyOf('recorder', (prompt) => {
      seen.push(prompt);
      return { text: prompt.reference.answer };
    });
    await bfclBenchmark.run(recorder, { dataPath: bfcl.path, seed: 1, limit: 1, mode: 'per-turn' });
    expect(seen.map((prompt) => prompt.id)).toEqual(
      [0, 1, 2, 3].map((turn) => `multi_turn_long_context_0/turn-${turn}`),
    );
    const third = seen[2]!;
    expect(third.reference.answer).toBe("[sort(file_name='final_report.pdf')]");
    expect(third.reference.toolCalls).toEqual([
      { id: 'gold_2_0', name: 'sort', arguments: { file_name: 'final_report.pdf' } },
    ]);
    expect(third.messages[0]!.role).toBe('system');
    expect(third.messages.filter((message) => message.role === 'user')).toHaveLength(3);
    expect(third.messages.filter((message) => message.role === 'tool').map((message) => message.name)).toEqual([
      'cd',
      'mkdir',
      'mv',
      'cd',
      'grep',
    ]);
    // Entry 0 excludes cp: no tool schema for it.
    const toolNames = third.tools!.map((tool) => tool.function.name);
    expect(toolNames).toContain('post_tweet');
    expect(toolNames).not.toContain('cp');
    expect(third.tools![0]!.function.parameters.type).toBe('object');
    expect(third.text).toMatch(/calls: \[cd\(folder='document'\), mkdir\(dir_name='temp'\)/);
  });

  it(
    'runs the step loop: one call per step completes every entry; ' + 'stopping after one call fails multi-call turns',
    async () => {
      // Remembers each turn's gold list from its first step (ids look like "<entry>/turn-<t>/step-<k>")
      // and makes call k at step k.
      const goldByTurn = new Map<string, NonNullable<AgentPrompt['reference']['toolCalls']>>();
      const stepper = policyOf('stepper', (prompt) => {
        const [, turnKey, step] = /^(.*)\/step-(\d+)$/.exec(prompt.id)!;
        if (step === '0') goldByTurn.set(turnKey!, prompt.reference.toolCalls ?? []);
        const next = goldByTurn.get(turnKey!)![Number(step)];
        return next ? { text: '', toolCalls: [next] } : { text: '[]' };
      });
      const stepped = await bfclBenchmark.run(stepper, { dataPath: bfcl.path, seed: 1, limit: 20, mode: 'entry' });
      expect(stepped.summary).toMatchObject({ entryAccuracy: 1, entriesCorrect: 20 });
      const goldCalls = [...goldByTurn.values()].reduce((sum, calls) => sum + calls.length, 0);
      expect(stepped.summary.entrySteps).toBe(goldCalls);

      const hasty = policyOf('hasty', (prompt) => {
        const first = prompt.reference.toolCalls?.[0];
        return first ? { text: '', toolCalls: [first] } : { text: '[]' };
      });
      const report = await bfclBenchmark.run(hasty, { dataPath: bfcl.path, seed: 1, limit: 20, mode: 'entry' });
      expect(report.summary.entryAccuracy).toBeLessThan(1);
    },
  );

  it('a policy that never stops calling is force-quit after 20 steps and fails the entry', async () => {
    const looper = policyOf('looper', () => ({ text: '[pwd()]' }));
    const report = await bfclBenchmark.run(looper, { dataPath: bfcl.path, seed: 1, limit: 2, mode: 'entry' });
    expect(report.summary).toMatchObject({
      entryAccuracy: 0,
      entrySteps: 42,
      'entryFailures.multi_turn:force_terminated': 2,
    });
    expect(report.items.every((item) => item.details?.forceQuit === true)).toBe(true);
  });

  it('a force-quit on the last turn is scored normally, as upstream keeps that turn', async () => {
    // Entry 50 has one turn; after the gold calls this policy keeps reading the tire pressure until the step limit.
    const lingerer = policyOf('lingerer', (prompt) => {
      if (!prompt.id.startsWith('multi_turn_long_context_50/'))
        return { text: prompt.reference.answer, toolCalls: prompt.reference.toolCalls };
      return prompt.id.endsWith('/step-0') ? { text: prompt.reference.answer } : { text: '[check_tire_pressure()]' };
    });
    const report = await bfclBenchmark.run(lingerer, { dataPath: bfcl.path, seed: 1, limit: 51, mode: 'entry' });
    const lingered = report.items.find((item) => item.id === 'multi_turn_long_context_50')!;
    expect(lingered).toMatchObject({ correct: true, details: { forceQuit: true, stepsPerTurn: [21] } });
    expect(report.summary.entryAccuracy).toBe(1);
  });

  it('a policy that answers in prose makes no call: it fails every turn except the irrelevance turns', async () => {
    const talker = policyOf('talker', () => ({ text: 'I would rather not.' }));
    const report = await bfclBenchmark.run(talker, { dataPath: bfcl.path, seed: 1, mode: 'per-turn' });
    expect(report.summary).toMatchObject({ turnsCorrect: 3, irrelevanceCorrect: 3, entryAccuracy: null });
    expect(report.summary.accuracy).toBeCloseTo(3 / 734, 10);
  });

  it('rejects an unknown mode with a clear error', async () => {
    await expect(bfclBenchmark.run(oracle, { dataPath: bfcl.path, seed: 1, mode: 'fast' })).rejects.toThrow(
      /bfcl mode must be one of/,
    );
  });
});

describe('bfcl benchmark without data', () => {
  it('fails with a benchmark error naming the missing file', async () => {
    await expect(bfclBenchmark.run(oracle, { dataPath: '/nonexistent/bfcl', seed: 1 })).rejects.toThrow(
      /BFCL data file not found/,
    );
  });
});
