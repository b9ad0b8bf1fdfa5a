import type {
  Benchmark,
  BenchmarkItemResult,
  BenchmarkReport,
  BenchmarkRunOptions,
} from '../../interfaces/benchmark.ts';
import { requireOfficialMode } from '../official-mode.ts';
import type { AgentPolicy } from '../../interfaces/policy.ts';
import { extractAnswer } from './answer-extraction.ts';
import { loadBamboogle } from './data.ts';
import { buildBambooglePrompt } from './prompts.ts';
import { scoreAnswer } from './scoring.ts';
import { runSearchLoop } from './search-loop.ts';
import type { SearchTool } from '../../domains/search/index.ts';

export { extractAnswer, FINAL_ANSWER_TOOL, type ExtractedAnswer } from './answer-extraction.ts';
export { loadBamboogle, type BamboogleItem } from './data.ts';
export { buildBambooglePrompt } from './prompts.ts';
export { coverExactMatch, scoreAnswer, type AnswerScores } from './scoring.ts';
export { runSearchLoop, type Episode, type SearchStep } from './search-loop.ts';
export {
  createInMemorySearchTool,
  finalAnswerToolSchema,
  formatSearchResults,
  searchToolSchema,
  SEARCH_TOOL,
  type SearchResult,
  type SearchTool,
} from '../../domains/search/index.ts';

export interface BamboogleBenchmarkOptions {
  /** Offered to the agent when given (tool schema for chat models, `<search>` tags for text models). */
  searchTool?: SearchTool;
  /** Search rounds per question before the answer is taken as it stands; default 5. */
  maxSearchRounds?: number;
  /** Passages shown per search; default 3. */
  resultsShown?: number;
  /** Prompts per `act` call; default 16. */
  batchSize?: number;
}

/** Where this scorer departs from, or fills gaps in, the published Bamboogle protocol. */
export const BAMBOOGLE_NOTES: readonly string[] = [
  'Bamboogle ships no official scorer; EM and F1 follow the SQuAD evaluation script (lower case, drop ' +
    'punctuation and articles a/an/the, squeeze spaces; token F1 with multiplicity).',
  'Cover EM counts an answer when the normalised gold appears in the normalised extracted answer as a run of ' +
    'whole tokens (some toolkits use a raw substring test, which also accepts "1999" inside "19999").',
  'Answer extraction: final_answer tool call, else the last <answer> tag, else the last "Answer:"/"final answer ' +
    'is:" line, else "the answer is X", else the last non-empty line.',
  'Data quirks kept as stored: answer 75 is "George VI\\n" (the newline is removed by normalisation); answer 55 ' +
    'is the misspelt "James Cameroon", so the correct "James Cameron" scores EM 0 and F1 0.5.',
];

/** Bamboogle (125 two-hop questions, Press et al. 2023), optionally with a search tool. */
export function createBamboogleBenchmark(options: BamboogleBenchmarkOptions = {}): Benchmark {
  return {
    name: 'bamboogle',
    description: 'Bamboogle: 125 two-hop questions; SQuAD EM/F1 and cover EM on the extracted short answer',
    async run(policy: AgentPolicy, runOptions: BenchmarkRunOptions): Promise<BenchmarkReport> {
      requireOfficialMode('bamboogle', runOptions.mode);
      const all = loadBamboogle(runOptions.dataPath);
      const items = runOptions.limit === undefined ? all : all.slice(0, Math.max(0, runOptions.limit));
      const withSearch = options.searchTool !== undefined;
      const episodes = await runSearchLoop(
        policy,
        items.map((item) => buildBambooglePrompt(item, withSearch)),
        {
          ...(options.searchTool ? { searchTool: options.searchTool } : {}),
          maxSearchRounds: options.maxSearchRounds ?? 5,
          resultsShown: options.resultsShown ?? 3,
          batchSize: options.batchSize ?? 16,
          seed: runOptions.seed,
          ...(runOptions.onProgress ? { onProgress: runOptions.onProgress } : {}),
        },
      );
      const results: BenchmarkItemResult[] = episodes.map((episode, position) => {
        const item = items[position]!;
        const extracted = extractAnswer(episode.completion);
        const scores = scoreAnswer(extracted.answer, item.answer);
        return {
          id: item.id,
          correct: scores.exactMatch === 1,
          score: scores.f1,
          details: {
            question: item.question,
            gold: item.answer,
            answer: extracted.answer,
            answerSource: extracted.source,
            exactMatch: scores.exactMatch,
            f1: scores.f1,
            coverExactMatch: scores.coverExactMatch,
            searches: episode.searches.map((step) => step.query),
            text: episode.completion.text,
          },
        };
      });
      return bamboogleReport(policy.name, results);
    },
  };
}

/** Mean EM / F1 / cover EM over items (0 for an empty run) and the Table 1 column (EM in %). */
export function bamboogleReport(policyName: string, results: BenchmarkItemResult[]): BenchmarkReport {
  const meanOf = (key: 'exactMatch' | 'f1' | 'coverExactMatch'): number =>
    results.length === 0
      ? 0
      : results.reduce((sum, result) => sum + Number(result.details?.[key] ?? 0), 0) / results.length;
  const searches = results.reduce(
    (sum, result) => sum + ((result.details?.searches as unknown[] | undefined)?.length ?? 0),
    0,
  );
  const accuracy = meanOf('exactMatch');
  return {
    benchmark: 'bamboogle',
    policy: policyName,
    items: results,
    summary: {
      accuracy,
      exactMatch: accuracy,
      f1: meanOf('f1'),
      coverEm: meanOf('coverExactMatch'),
      items: results.length,
      meanSearchCalls: results.length === 0 ? 0 : searches / results.length,
    },
    table1: { Bamboogle: Math.round(accuracy * 10000) / 100 },
    notes: [...BAMBOOGLE_NOTES],
  };
}

/** Bamboogle without a search tool (closed-book), as `genenv eval --benchmark bamboogle` runs it. */
export const bamboogleBenchmark: Benchmark = createBamboogleBenchmark();
