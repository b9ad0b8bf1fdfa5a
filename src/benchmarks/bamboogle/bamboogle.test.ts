import { describe, expect, it } from 'vitest';
import { OraclePolicy } from '../../policies/oracle.ts';
import type { AgentPolicy } from '../../interfaces/policy.ts';
import type { AgentPrompt, Completion } from '../../interfaces/task.ts';
import { bamboogleBenchmark, loadBamboogle } from './index.ts';
import { benchmarkData } from '../../../test/support/benchmark-data.ts';

const bamboogle = benchmarkData('bamboogle');
const dataPath = bamboogle.path;

/** Answers with a fixed function of the prompt. */
function scripted(answer: (prompt: AgentPrompt) => string): AgentPolicy {
  return {
    name: 'scripted',
    async act(prompts: AgentPrompt[]): Promise<Completion[][]> {
      return prompts.map((prompt) => [{ text: answer(prompt), policyVersion: 'scripted' }]);
    },
  };
}

describe.skipIf(bamboogle.skip)(bamboogle.title('Bamboogle on the real data'), () => {
  it('loads 125 items with the documented quirks', () => {
    const items = loadBamboogle(dataPath);
    expect(items).toHaveLength(125);
    expect(items[74]!.answer).toBe('George VI\n');
    expect(items[54]!.answer).toBe('James Cameroon');
  });

  it('the oracle scores 100% on EM, F1 and cover EM', async () => {
    const report = await bamboogleBenchmark.run(new OraclePolicy(), { dataPath, seed: 0 });
    expect(report.items).toHaveLength(125);
    expect(report.summary).toMatchObject({ accuracy: 1, exactMatch: 1, f1: 1, coverEm: 1, items: 125 });
    expect(report.table1).toEqual({ Bamboogle: 100 });
  });

  it('near misses: wrong, partial and verbose answers', async () => {
    const report = await bamboogleBenchmark.run(
      scripted((prompt) => {
        if (prompt.id === 'bamboogle-1') return 'Answer: Madison'; // gold "james madison"
        if (prompt.id === 'bamboogle-2') return 'Answer: Saturn V'; // gold "Titan IIIE"
        if (prompt.id === 'bamboogle-55') return 'Answer: James Cameron'; // gold misspelt "James Cameroon"
        if (prompt.id === 'bamboogle-4') return 'The first one was David Dinkins, in 1990.'; // last line, verbose
        return `Answer: ${prompt.reference.answer}`;
      }),
      { dataPath, seed: 0, limit: 60 },
    );
    const byId = new Map(report.items.map((item) => [item.id, item]));
    expect(byId.get('bamboogle-1')!.details).toMatchObject({ exactMatch: 0, coverExactMatch: 0 });
    expect(byId.get('bamboogle-1')!.score).toBeCloseTo(2 / 3, 10);
    expect(byId.get('bamboogle-2')!).toMatchObject({ correct: false, score: 0 });
    expect(byId.get('bamboogle-55')!.score).toBeCloseTo(0.5, 10);
    expect(byId.get('bamboogle-4')!.details).toMatchObject({ exactMatch: 0, coverExactMatch: 1 });
    expect(report.summary.accuracy).toBeCloseTo(56 / 60, 10);
    expect(report.table1.Bamboogle).toBeCloseTo(93.33, 2);
  });
});

describe('Bamboogle input errors', () => {
  it('rejects a missing data folder and an unknown mode with one-line errors', async () => {
    await expect(
      bamboogleBenchmark.run(new OraclePolicy(), { dataPath: '/nonexistent/bamboogle', seed: 0 }),
    ).rejects.toThrow(/Bamboogle data not found/);
    await expect(bamboogleBenchmark.run(new OraclePolicy(), { dataPath, seed: 0, mode: 'fixed' })).rejects.toThrow(
      /one scoring mode/,
    );
  });
});
