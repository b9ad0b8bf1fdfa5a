/**
 * In-context RWR moves p̂ toward α. A scripted server plays an LLM simulator whose proposals imitate the
 * exemplars it is shown (difficulty = mean shown difficulty + noise; with none, anything in [0, 10]);
 * a simulated learner succeeds with probability σ(ability − difficulty). The loop below is the paper's
 * epoch in miniature (propose → n attempts → p̂ → R_env → k_min filter → RWR weights → update), run
 * once with updates and once frozen (no updates, the Random variant) on the same seeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterInBand, rwrWeights, scoreDifficulty } from '../../curriculum/index.ts';
import type { SimulatorRecord } from '../../interfaces/policy.ts';
import type { SimulatorContext } from '../../interfaces/simulator.ts';
import { deriveSeed, Random } from '../../util/random.ts';
import { chatCompletionBody, lastUserText } from '../../../test/support/openai-server/responses.ts';
import { startScriptedServer, type ScriptedServer } from '../../../test/support/openai-server/server.ts';
import { toyDomain, type ToySpec } from '../../../test/support/openai-server/toy-domain.ts';
import { createOpenAISimulator } from './index.ts';

const ALPHA = 0.5;
const BETA = 10;
const K_MIN = 0.25;
const LAMBDA = 3;
const ABILITY = 4;
const ATTEMPTS = 8;
const EPOCHS = 8;
const TASKS_PER_EPOCH = 16;

/** The scripted LLM: imitates shown exemplars, else proposes any difficulty. */
function imitatingSimulator(body: unknown): ToySpec {
  const text = lastUserText(body);
  const random = new Random((body as { seed: number }).seed);
  const shown = [...text.matchAll(/Example \d+ \([^)]*\):\n(\{[^\n]*\})/g)].map(
    (match) => (JSON.parse(match[1]!) as ToySpec).difficulty,
  );
  const difficulty =
    shown.length === 0
      ? random.next() * 10
      : shown.reduce((sum, value) => sum + value, 0) / shown.length + random.normal() * 0.7;
  return { family: 'sum', difficulty: Math.min(10, Math.max(0, Math.round(difficulty * 100) / 100)) };
}

const sigmoid = (value: number) => 1 / (1 + Math.exp(-value));

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer({
    models: ['sim'],
    chat: (request) => ({
      kind: 'json',
      body: chatCompletionBody('sim', [{ content: JSON.stringify(imitatingSimulator(request.body)) }]),
    }),
  });
});
afterAll(async () => server.close());

/** Runs the miniature loop; returns p̂ of every task type per epoch. */
async function run(updates: boolean): Promise<number[][]> {
  const simulator = await createOpenAISimulator({
    spec: `openai:${server.baseUrl}#sim`,
    domain: toyDomain,
    options: { exemplars: 4 },
    seed: 7,
  });
  const seedTask = toyDomain.seeds()[0]!;
  const history: number[][] = [];
  let recent: number | null = null;
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const contexts: SimulatorContext[] = Array.from({ length: TASKS_PER_EPOCH }, (_, index) => ({
      id: `e${epoch}-t${index}`,
      seed: seedTask,
      stats: { family: 'sum', taskTypes: epoch * TASKS_PER_EPOCH, recentSuccess: recent },
      targetSuccess: ALPHA,
    }));
    const proposals = await simulator.propose(contexts, { seed: deriveSeed(7, epoch), temperature: 1 });
    const records: SimulatorRecord[] = [];
    const rates: number[] = [];
    proposals.forEach((proposal, index) => {
      const spec = proposal.spec as ToySpec;
      const random = new Random(deriveSeed(7, 'learner', epoch, index));
      let successes = 0;
      for (let attempt = 0; attempt < ATTEMPTS; attempt++)
        if (random.next() < sigmoid(ABILITY - spec.difficulty)) successes++;
      const successRate = successes / ATTEMPTS;
      rates.push(successRate);
      const envReward = scoreDifficulty('alpha-gaussian', successRate, { alpha: ALPHA, beta: BETA });
      records.push({
        context: contexts[index]!,
        proposal,
        target: toyDomain.formatSpec(spec),
        successRate,
        envReward,
        weight: 0,
      });
    });
    history.push(rates);
    recent = rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
    if (!updates) continue;
    const kept = filterInBand(records, (item) => item.successRate, ALPHA, K_MIN);
    const weights = rwrWeights(
      kept.map((item) => item.envReward),
      LAMBDA,
      'mean',
    );
    await simulator.update(
      { records: kept.map((item, index) => ({ ...item, weight: weights[index]! })) },
      { seed: epoch },
    );
  }
  await simulator.close();
  return history;
}

const meanGap = (epochs: number[][]) => {
  const rates = epochs.flat();
  return rates.reduce((sum, rate) => sum + Math.abs(rate - ALPHA), 0) / rates.length;
};
const inBandShare = (epochs: number[][]) => {
  const rates = epochs.flat();
  return rates.filter((rate) => Math.abs(rate - ALPHA) <= K_MIN + 1e-9).length / rates.length;
};

describe('in-context RWR', () => {
  it('moves p̂ toward α compared with a frozen simulator', async () => {
    const adaptive = await run(true);
    const frozen = await run(false);
    const late = (history: number[][]) => history.slice(EPOCHS / 2);
    // Same first epoch: the pool is empty in both runs, so both propose from the same seeds.
    expect(adaptive[0]).toEqual(frozen[0]);
    expect(meanGap(late(adaptive))).toBeLessThan(meanGap(late(frozen)) - 0.1);
    expect(inBandShare(late(adaptive))).toBeGreaterThan(inBandShare(late(frozen)) + 0.25);
    expect(meanGap(late(adaptive))).toBeLessThan(meanGap(adaptive.slice(0, 1)));
  });
});
