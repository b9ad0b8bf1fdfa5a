import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentPolicy } from '../../interfaces/policy.ts';
import type { AgentPrompt, Completion } from '../../interfaces/task.ts';
import { bamboogleBenchmark, CORPUS_FILE, loadSearchCorpus, passageOfContents } from './index.ts';

/** A data folder with one question and, when given, corpus lines. */
function folderWith(corpus?: string[]): string {
  const folder = mkdtempSync(join(tmpdir(), 'bamboogle-corpus-'));
  const question = 'Who was president of the United States in the year that Citibank was founded?';
  writeFileSync(join(folder, 'bamboogle.jsonl'), `${JSON.stringify({ idx: 1, question, answer: 'james madison' })}\n`);
  if (corpus) writeFileSync(join(folder, CORPUS_FILE), `${corpus.join('\n')}\n`);
  return folder;
}

/** A text agent in the multihop protocol: searches Citibank, then the year it read, then answers what it read. */
class ProtocolAgent implements AgentPolicy {
  readonly name = 'protocol-agent';
  readonly prompts: string[] = [];
  async act(prompts: AgentPrompt[]): Promise<Completion[][]> {
    return prompts.map((prompt) => {
      this.prompts.push(prompt.text);
      const read = [...prompt.text.matchAll(/<information>([\s\S]*?)<\/information>/g)].map((match) => match[1]!);
      const year = /founded in (\d{4})/.exec(read.join(' '))?.[1];
      const president = /([A-Z]\w+ [A-Z]\w+) was president/.exec(read.join(' '))?.[1];
      const text =
        read.length === 0
          ? 'search: Citibank'
          : read.length === 1 && year
            ? `search: president ${year}`
            : `answer: ${president ?? 'unknown'}`;
      return [{ text, policyVersion: 'p' }];
    });
  }
}

describe('Bamboogle local search corpus', () => {
  it('reads {title, text} and Search-R1 {contents} passages; none without the file; malformed lines fail', () => {
    const folder = folderWith([
      JSON.stringify({ title: 'Citibank', text: 'Citibank was founded in 1812.' }),
      JSON.stringify({ id: '7', contents: '"James Madison"\nJames Madison was president in 1812.' }),
    ]);
    expect(loadSearchCorpus(folder)).toEqual([
      { title: 'Citibank', text: 'Citibank was founded in 1812.' },
      { title: 'James Madison', text: 'James Madison was president in 1812.' },
    ]);
    expect(passageOfContents('Only a title')).toEqual({ title: 'Only a title', text: '' });
    expect(loadSearchCorpus(folderWith())).toBeNull();
    expect(() => loadSearchCorpus(folderWith(['{"title": "no text"}']))).toThrow(/corpus\.jsonl:1 is neither/);
    expect(() => loadSearchCorpus(folderWith(['{', '']))).toThrow(/corpus\.jsonl:1 is not valid JSON/);
  });

  it("runs a text agent's search lines through BM25 over the corpus to the right answer", async () => {
    const dataPath = folderWith([
      JSON.stringify({ title: 'Citibank', text: 'Citibank was founded in 1812 as the City Bank of New York.' }),
      JSON.stringify({ title: 'Uranus', text: 'Voyager 2 approached Uranus in 1986.' }),
      JSON.stringify({ title: 'President in 1812', text: 'James Madison was president of the United States.' }),
    ]);
    const agent = new ProtocolAgent();
    const report = await bamboogleBenchmark.run(agent, { dataPath, seed: 1 });
    expect(report.summary).toMatchObject({ accuracy: 1, meanSearchCalls: 2 });
    expect(report.items[0]!.details?.searches).toEqual(['Citibank', 'president 1812']);
    expect(report.notes.at(-1)).toMatch(/BM25 .* over the 3 passages/);
  });

  it('without a corpus every search answers "No results." and is still counted', async () => {
    const agent = new ProtocolAgent();
    const report = await bamboogleBenchmark.run(agent, { dataPath: folderWith(), seed: 1 });
    expect(report.summary).toMatchObject({ accuracy: 0, meanSearchCalls: 1 });
    expect(agent.prompts.at(-1)).toContain('<information>No results.</information>');
    expect(report.notes.at(-1)).toMatch(/no corpus\.jsonl/);
  });
});
