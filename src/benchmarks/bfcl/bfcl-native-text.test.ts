import { describe, expect, it } from 'vitest';
import type { AgentPolicy } from '../../interfaces/policy.ts';
import { bfclBenchmark } from './index.ts';
import { benchmarkData } from '../../../test/support/benchmark-data.ts';

const bfcl = benchmarkData('bfcl');

describe.skipIf(bfcl.skip)(bfcl.title('bfcl with answers in the native Python call-list format'), () => {
  it('the oracle answering only text (no tool calls) also scores 100% per turn and per entry', async () => {
    const textOracle: AgentPolicy = {
      name: 'oracle-text',
      async act(prompts) {
        return prompts.map((prompt) => [{ text: prompt.reference.answer, policyVersion: 'oracle-text' }]);
      },
    };
    const report = await bfclBenchmark.run(textOracle, { dataPath: bfcl.path, seed: 3 });
    expect(report.summary).toMatchObject({ accuracy: 1, entryAccuracy: 1, turnsCorrect: 734, entriesCorrect: 200 });
  });

  it('answers wrapped in a markdown fence still decode; positional arguments are dropped as officially', async () => {
    const fenced: AgentPolicy = {
      name: 'fenced',
      async act(prompts) {
        return prompts.map((prompt) => [
          { text: `\`\`\`\n${prompt.reference.answer}\n\`\`\``, policyVersion: 'fenced' },
        ]);
      },
    };
    const report = await bfclBenchmark.run(fenced, { dataPath: bfcl.path, seed: 3, limit: 5, mode: 'per-turn' });
    expect(report.summary.accuracy).toBe(1);

    // Entry 0 turn 2's gold is sort('final_report.pdf') (positional): written so by a model, the argument is lost.
    const positional: AgentPolicy = {
      name: 'positional',
      async act(prompts) {
        return prompts.map((prompt) => [
          {
            text: prompt.reference.answer.replace("sort(file_name='final_report.pdf')", "sort('final_report.pdf')"),
            policyVersion: 'positional',
          },
        ]);
      },
    };
    const lost = await bfclBenchmark.run(positional, { dataPath: bfcl.path, seed: 3, limit: 1, mode: 'per-turn' });
    const turn2 = lost.items.find((item) => item.id === 'multi_turn_long_context_0/turn-2')!;
    expect(turn2.correct).toBe(false);
    expect(turn2.details).toMatchObject({
      droppedPositionalArguments: 1,
      errorType: 'multi_turn:execution_response_mismatch',
    });
  });
});
