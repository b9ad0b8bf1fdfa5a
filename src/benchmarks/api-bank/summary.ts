/** The API-Bank summary: official and fixed accuracies, the official gold ceiling, ROUGE-L of responses. */
import type { BenchmarkItemResult, BenchmarkReport } from '../../interfaces/benchmark.ts';
import type { ScoringMode } from './api-types.ts';

interface ItemDetails {
  level: 1 | 2;
  kind: 'api' | 'response';
  official?: { correct: boolean };
  fixed?: { correct: boolean };
  officialAcceptsGold?: boolean;
  rougeL?: number;
}

const mean = (values: number[]): number =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
const share = (items: ItemDetails[], test: (item: ItemDetails) => boolean): number =>
  mean(items.map((item) => (test(item) ? 1 : 0)));

/** Accuracies of one group of API items (all, level 1, level 2). */
function accuracies(items: ItemDetails[]) {
  const scorable = items.filter((item) => item.officialAcceptsGold);
  return {
    // Official verdicts on the turns whose gold answer the official evaluator accepts (the oracle scores 1).
    accuracy: share(scorable, (item) => item.official!.correct),
    // Official verdicts on every turn: what the official evaluator prints as "Accuracy".
    officialAccuracy: share(items, (item) => item.official!.correct),
    accuracyFixed: share(items, (item) => item.fixed!.correct),
    officialGoldAccuracy: share(items, (item) => item.officialAcceptsGold === true),
    scorable: scorable.length,
  };
}

export function summarize(
  results: BenchmarkItemResult[],
  mode: ScoringMode,
): { summary: BenchmarkReport['summary']; notes: string[] } {
  const details = results.map((result) => result.details as unknown as ItemDetails);
  const api = details.filter((item) => item.kind === 'api');
  const responses = details.filter((item) => item.kind === 'response');
  const all = accuracies(api);
  const levels = ([1, 2] as const).map((level) => accuracies(api.filter((item) => item.level === level)));
  const rouge = (items: ItemDetails[]) => mean(items.map((item) => item.rougeL ?? 0));
  const summary: BenchmarkReport['summary'] = {
    accuracy: all.accuracy,
    accuracyFixed: all.accuracyFixed,
    officialAccuracy: all.officialAccuracy,
    officialGoldAccuracy: all.officialGoldAccuracy,
    modeAccuracy: mode === 'fixed' ? all.accuracyFixed : all.officialAccuracy,
    mode,
    level1Accuracy: levels[0]!.accuracy,
    level1AccuracyFixed: levels[0]!.accuracyFixed,
    level1OfficialAccuracy: levels[0]!.officialAccuracy,
    level1OfficialGoldAccuracy: levels[0]!.officialGoldAccuracy,
    level2Accuracy: levels[1]!.accuracy,
    level2AccuracyFixed: levels[1]!.accuracyFixed,
    level2OfficialAccuracy: levels[1]!.officialAccuracy,
    level2OfficialGoldAccuracy: levels[1]!.officialGoldAccuracy,
    rougeL: rouge(responses),
    level1RougeL: rouge(responses.filter((item) => item.level === 1)),
    level2RougeL: rouge(responses.filter((item) => item.level === 2)),
    apiItems: api.length,
    officialScorableItems: all.scorable,
    responseItems: responses.length,
  };
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  const notes = [
    `The official evaluator accepts ${percent(all.officialGoldAccuracy)} of its own gold answers ` +
      `(${all.scorable} of ${api.length} API turns; level 1 ${percent(levels[0]!.officialGoldAccuracy)}, level 2 ` +
      `${percent(levels[1]!.officialGoldAccuracy)}).`,
    `accuracy = official verdicts on those ${all.scorable} turns (${percent(all.accuracy)}); officialAccuracy = ` +
      `official verdicts on all ${api.length} turns, the number evaluator_by_json.py prints ` +
      `(${percent(all.officialAccuracy)}); accuracyFixed = fixed-mode verdicts on all turns ` +
      `(${percent(all.accuracyFixed)}). Item verdicts follow mode=${mode}.`,
    'Dictionary and Translate answer from the outputs recorded in the dialogues (the official code calls web ' +
      'services); ToolSearcher ranks APIs with BM25 instead of the paraphrase-MiniLM-L3-v2 embedding model.',
    `Response turns: ROUGE-L F of the rouge package as the official evaluator calls it, mean ` +
      `${summary.rougeL === null ? '' : (summary.rougeL as number).toFixed(4)} over ${responses.length} turns.`,
    'Every departure from the official evaluator is listed in src/benchmarks/api-bank/DEPARTURES.md.',
  ];
  return { summary, notes };
}
