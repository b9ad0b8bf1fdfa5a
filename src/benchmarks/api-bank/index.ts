/**
 * API-Bank (Li et al. 2023), level-1 and level-2 test data: API-call turns scored by the ported
 * official evaluator in two modes (see api-call-scorer.ts and DEPARTURES.md), response turns by the
 * official ROUGE-L.
 */
import type {
  Benchmark,
  BenchmarkItemResult,
  BenchmarkReport,
  BenchmarkRunOptions,
} from '../../interfaces/benchmark.ts';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { AgentPolicy } from '../../interfaces/policy.ts';
import type { Completion } from '../../interfaces/task.ts';
import { deriveSeed } from '../../util/random.ts';
import type { ScoringMode } from './api-types.ts';
import { verdicts } from './api-call-scorer.ts';
import { loadApiBank, type ApiBankItem, type ApiTurn } from './dataset.ts';
import { createEnvironment } from './environment.ts';
import { buildPrompt } from './prompts.ts';
import { officialRougeL } from './rouge-l.ts';
import { summarize } from './summary.ts';

/** Prompts sent to the policy per `act` call. */
export const batchSize = 32;

function parseMode(mode: string | undefined): ScoringMode {
  if (mode === undefined || mode === 'official' || mode === 'fixed') return mode ?? 'official';
  throw new GenEnvError('config', `unknown API-Bank scoring mode "${mode}" (use official or fixed)`);
}

function scoreItem(
  item: ApiBankItem,
  completion: Completion,
  mode: ScoringMode,
  environment: ReturnType<typeof createEnvironment>,
  seed: number,
): BenchmarkItemResult {
  const base = {
    level: item.level,
    kind: item.kind,
    answer: completion.text,
    toolCalls: completion.toolCalls ?? null,
    gold: item.expectedOutput,
  };
  if (item.kind === 'response') {
    const score = officialRougeL(completion.text, item.expectedOutput);
    return { id: item.id, correct: score === 1, score, details: { ...base, rougeL: score } };
  }
  const groundTruth = item.groundTruth as ApiTurn;
  const itemSeed = deriveSeed(seed, 'api-bank', item.id);
  const answer = verdicts(completion, groundTruth, item.previousApiCalls, environment, itemSeed);
  // The official evaluator's verdict on its own gold answer: the items it can score at all.
  const gold = verdicts({ text: item.expectedOutput }, groundTruth, item.previousApiCalls, environment, itemSeed);
  const chosen = answer[mode];
  return {
    id: item.id,
    correct: chosen.correct,
    score: chosen.correct ? 1 : 0,
    details: {
      ...base,
      official: { correct: answer.official.correct, reason: answer.official.reason },
      fixed: { correct: answer.fixed.correct, reason: answer.fixed.reason },
      officialAcceptsGold: gold.official.correct,
      officialGoldReason: gold.official.reason,
    },
  };
}

async function run(policy: AgentPolicy, options: BenchmarkRunOptions): Promise<BenchmarkReport> {
  const mode = parseMode(options.mode);
  const data = loadApiBank(options.dataPath);
  const environment = createEnvironment(data);
  const items = options.limit === undefined ? data.items : data.items.slice(0, Math.max(0, options.limit));
  const results: BenchmarkItemResult[] = [];
  for (let start = 0; start < items.length; start += batchSize) {
    const batch = items.slice(start, start + batchSize);
    const completions = await policy.act(batch.map(buildPrompt), { samples: 1, seed: options.seed, temperature: 0 });
    batch.forEach((item, index) => {
      const completion = completions[index]?.[0] ?? { text: '', policyVersion: 'missing' };
      results.push(scoreItem(item, completion, mode, environment, options.seed));
    });
    options.onProgress?.(results.length, items.length);
  }
  const { summary, notes } = summarize(results, mode);
  return {
    benchmark: 'api-bank',
    policy: policy.name,
    items: results,
    summary,
    table1: { 'API-Bank': Math.round(summary.accuracy * 10_000) / 100 },
    notes,
  };
}

export const apiBankBenchmark: Benchmark = {
  name: 'api-bank',
  description:
    'API-Bank level-1/2 API calls (ported official evaluator, official or fixed mode) and response turns (ROUGE-L)',
  run,
};
