import type {
  Benchmark,
  BenchmarkItemResult,
  BenchmarkReport,
  BenchmarkRunOptions,
} from '../../interfaces/benchmark.ts';
import { requireOfficialMode } from '../official-mode.ts';
import type { AgentPolicy } from '../../interfaces/policy.ts';
import { extractAnswer } from './answer-extraction.ts';
import { CORPUS_FILE, loadSearchCorpus } from './corpus.ts';
import { loadBamboogle } from './data.ts';
import { buildBambooglePrompt } from './prompts.ts';
import { scoreAnswer } from './scoring.ts';
import { runSearchLoop } from './search-loop.ts';
import { asSearchTool, createRetriever, type SearchTool } from '../../domains/search/index.ts';

export { extractAnswer, FINAL_ANSWER_TOOL, type ExtractedAnswer } from './answer-extraction.ts';
export { CORPUS_FILE, loadSearchCorpus, passageOfContents } from './corpus.ts';
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
  /**
   * Without `searchTool`: search with BM25 over the data folder's `corpus.jsonl` (corpus.ts), or over no
   * passages when the folder has none, so that an agent's searches still run through the loop.
   */
  localSearch?: boolean;
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
      const resultsShown = options.resultsShown ?? 3;
      const local =
        options.searchTool === undefined && options.localSearch
          ? localSearch(runOptions.dataPath, resultsShown)
          : undefined;
      const searchTool = options.searchTool ?? local?.tool;
      const withSearch = searchTool !== undefined;
      const episodes = await runSearchLoop(
        policy,
        items.map((item) => buildBambooglePrompt(item, withSearch)),
        {
          ...(searchTool ? { searchTool } : {}),
          maxSearchRounds: options.maxSearchRounds ?? 5,
          resultsShown,
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
      return bamboogleReport(policy.name, results, local ? [local.note] : []);
    },
  };
}

/** The BM25 search over the data folder's passages (none when it has no corpus), with a note saying which. */
function localSearch(dataPath: string, resultsShown: number): { tool: SearchTool; note: string } {
  const passages = loadSearchCorpus(dataPath) ?? [];
  if (passages.length === 0)
    return {
      tool: { search: async () => [] },
      note:
        `Search: the data folder has no ${CORPUS_FILE} (Bamboogle ships no corpus), so every search answers ` +
        '"No results."; the score is what the policy knows, with its searches counted.',
    };
  return {
    tool: asSearchTool(createRetriever(passages), resultsShown),
    note: `Search: BM25 (titles weighted) over the ${passages.length} passages of ${CORPUS_FILE} in the data folder.`,
  };
}

/** Mean EM / F1 / cover EM over items (0 for an empty run) and the Table 1 column (EM in %). */
export function bamboogleReport(
  policyName: string,
  results: BenchmarkItemResult[],
  extraNotes: readonly string[] = [],
): BenchmarkReport {
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
    notes: [...BAMBOOGLE_NOTES, ...extraNotes],
  };
}

/**
 * Bamboogle as `genenv eval --benchmark bamboogle` runs it: with the local search over the data folder's
 * `corpus.jsonl` (none in the shared data: every search finds nothing), so a search agent's loop runs.
 */
export const bamboogleBenchmark: Benchmark = createBamboogleBenchmark({ localSearch: true });
