import { describe, expect, it } from 'vitest';
import type { AgentPolicy } from '../../interfaces/policy.ts';
import type { AgentPrompt, Completion } from '../../interfaces/task.ts';
import { createBamboogleBenchmark } from './index.ts';
import { runSearchLoop, searchRequests } from './search-loop.ts';
import { createInMemorySearchTool, type SearchResult } from '../../domains/search/index.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const passages: SearchResult[] = [
  { title: 'Citibank', text: 'Citibank was founded in 1812 as the City Bank of New York.' },
  {
    title: 'President of the United States in 1812',
    text: 'James Madison was president of the United States in 1812.',
  },
  { title: 'Uranus', text: 'Voyager 2 approached Uranus.' },
];

/**
 * Scripted chat agent: searches for the founding year, then for the president of that year, then answers from what it
 * read.
 */
class ScriptedToolAgent implements AgentPolicy {
  readonly name = 'scripted-tool-agent';
  readonly seen: AgentPrompt[] = [];
  async act(prompts: AgentPrompt[]): Promise<Completion[][]> {
    return prompts.map((prompt) => {
      this.seen.push(prompt);
      const toolMessages = prompt.messages.filter((message) => message.role === 'tool');
      if (toolMessages.length === 0) {
        return [
          {
            text: '',
            toolCalls: [{ id: 'c1', name: 'search', arguments: { query: 'Citibank founded' } }],
            policyVersion: 's',
          },
        ];
      }
      if (toolMessages.length === 1) {
        const year = /founded in (\d{4})/.exec(toolMessages[0]!.content)?.[1] ?? 'unknown';
        return [
          {
            text: 'Now the president.',
            toolCalls: [{ name: 'search', arguments: { query: `president united states ${year}` } }],
            policyVersion: 's',
          },
        ];
      }
      const president = /([A-Z]\w+ [A-Z]\w+) was president/.exec(toolMessages[1]!.content)?.[1] ?? 'unknown';
      return [
        { text: '', toolCalls: [{ name: 'final_answer', arguments: { answer: president } }], policyVersion: 's' },
      ];
    });
  }
}

/** Scripted text agent that uses <search> tags and never stops searching. */
class EndlessSearcher implements AgentPolicy {
  readonly name = 'endless';
  calls = 0;
  async act(prompts: AgentPrompt[]): Promise<Completion[][]> {
    this.calls++;
    return prompts.map(() => [{ text: '<search>Citibank</search>', policyVersion: 'e' }]);
  }
}

describe('search loop', () => {
  it('runs tool calls over several rounds and answers from the results', async () => {
    const agent = new ScriptedToolAgent();
    const prompt: AgentPrompt = {
      id: 'q1',
      family: 'bamboogle',
      text: 'Question: Who was president of the United States in the year that Citibank was founded?\nAnswer:',
      messages: [
        { role: 'user', content: 'Who was president of the United States in the year that Citibank was founded?' },
      ],
      reference: { answer: 'james madison', difficulty: 1 },
    };
    const [episode] = await runSearchLoop(agent, [prompt], {
      searchTool: createInMemorySearchTool(passages, 1),
      maxSearchRounds: 5,
      resultsShown: 1,
      batchSize: 4,
      seed: 1,
    });
    expect(episode!.searches.map((step) => step.query)).toEqual(['Citibank founded', 'president united states 1812']);
    expect(episode!.completion.toolCalls?.[0]?.arguments).toEqual({ answer: 'James Madison' });
    const last = agent.seen[agent.seen.length - 1]!;
    // user, assistant(call), tool, assistant(call), tool
    expect(last.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool']);
    expect(last.messages[2]!.toolCallId).toBe('c1');
    expect(last.text).toContain('<information>[1] Citibank');
  });

  it('stops after maxSearchRounds and reports a failing tool as text', async () => {
    const agent = new EndlessSearcher();
    const failing = {
      search: async () => {
        throw new Error('quota exceeded');
      },
    };
    const prompt: AgentPrompt = {
      id: 'q',
      family: 'bamboogle',
      text: 'Q',
      messages: [{ role: 'user', content: 'Q' }],
      reference: { answer: 'a', difficulty: 0 },
    };
    const [episode] = await runSearchLoop(agent, [prompt], {
      searchTool: failing,
      maxSearchRounds: 2,
      resultsShown: 3,
      batchSize: 1,
      seed: 0,
    });
    expect(agent.calls).toBe(3);
    expect(episode!.searches).toHaveLength(2);
    expect(episode!.searches[0]!.error).toBe('quota exceeded');
    expect(episode!.prompt.text).toContain('Search failed: quota exceeded');
  });

  it('treats an answered completion as final even if it also asks to search', () => {
    expect(searchRequests({ text: '<search>x</search><answer>y</answer>', policyVersion: '' })).toEqual({
      calls: [],
      textQueries: [],
    });
    expect(searchRequests({ text: 'a <search> x </search>', policyVersion: '' }).textQueries).toEqual(['x']);
    expect(searchRequests({ text: 'search: Citibank', policyVersion: '' }).textQueries).toEqual(['Citibank']);
    expect(searchRequests({ text: 'answer: James Madison', policyVersion: '' }).textQueries).toEqual([]);
  });

  it('scores a searching agent through the benchmark', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'bamboogle-'));
    writeFileSync(
      join(folder, 'bamboogle.jsonl'),
      `${JSON.stringify({
        idx: 1,
        question: 'Who was president of the United States in the year that Citibank was founded?',
        answer: 'james madison',
        gen_text_store: '',
      })}\n`,
    );
    const benchmark = createBamboogleBenchmark({ searchTool: createInMemorySearchTool(passages, 1) });
    const report = await benchmark.run(new ScriptedToolAgent(), { dataPath: folder, seed: 3 });
    expect(report.summary).toMatchObject({ accuracy: 1, f1: 1, coverEm: 1, meanSearchCalls: 2 });
    expect(report.table1).toEqual({ Bamboogle: 100 });
  });
});
