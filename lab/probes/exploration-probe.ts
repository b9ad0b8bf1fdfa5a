/**
 * Can GRPO's rollouts find the answers that held-out accuracy needs? For the warm-started toolworld
 * agent, every test-id item is split by whether the greedy answer is right; on each item the probability
 * that one rollout at temperature 1 writes the reference answer exactly, p(gold) = exp(Σ log p), gives
 * the chance 1 − (1 − p)^G that a group of G rollouts holds a success. Where greedy fails and p(gold) is
 * tiny, GRPO on such tasks gets no positive example: its update can only push failures down. Run for two
 * warm-start strengths to show how the gap moves with what SFT taught. `npm run lab -- exploration`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BuiltinAgent, createToolWorld, loadModelState } from '../../src/internal.ts';
import { warmStartToolworldAgent } from './grpo-only.ts';

/** Quartiles and group hit rate of one set of items' p(gold). */
export interface ExplorationSummary {
  items: number;
  /** 25th, 50th and 75th percentile of p(gold) (nearest rank), null for no items. */
  quartiles: [number, number, number] | null;
  /** Mean over items of 1 − (1 − p(gold))^G: the chance a group of G rollouts holds at least one success. */
  groupHitRate: number | null;
}

/** P(at least one of `samples` independent rollouts succeeds) when each succeeds with `probability`. */
export function groupHitProbability(probability: number, samples: number): number {
  const p = Math.min(1, Math.max(0, probability));
  return 1 - (1 - p) ** samples;
}

/** Nearest-rank quantile q ∈ [0, 1] of a non-empty list. */
export function nearestRankQuantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.round(q * (sorted.length - 1))]!;
}

/** Summary of p(gold) values for groups of `samples` rollouts. */
export function summarizeExploration(goldProbabilities: readonly number[], samples: number): ExplorationSummary {
  if (goldProbabilities.length === 0) return { items: 0, quartiles: null, groupHitRate: null };
  const hits = goldProbabilities.map((probability) => groupHitProbability(probability, samples));
  return {
    items: goldProbabilities.length,
    quartiles: [0.25, 0.5, 0.75].map((q) => nearestRankQuantile(goldProbabilities, q)) as [number, number, number],
    groupHitRate: hits.reduce((sum, value) => sum + value, 0) / hits.length,
  };
}

export interface ExplorationOptions {
  /** The agent options (the toolworld preset's). */
  base: Record<string, unknown>;
  /** Warm-start strengths to probe: fresh instances of every seed task in the SFT set. */
  warmStartVariations: number[];
  seed: number;
  /** Group size G. */
  samples: number;
  heldOutItems: number;
}

export interface ExplorationRow {
  warmStartVariations: number;
  seed: number;
  /** Greedy test-id accuracy of the warm-started agent. */
  greedyAccuracy: number;
  solved: ExplorationSummary;
  failed: ExplorationSummary;
}

/** One row per warm-start strength. */
export async function runExplorationProbe(options: ExplorationOptions): Promise<ExplorationRow[]> {
  const domain = createToolWorld({});
  const items = domain
    .heldOutSets()
    .find((set) => set.name === 'test-id')!
    .instances.slice(0, options.heldOutItems);
  const prompts = items.map((instance) => domain.render(instance));
  const rows: ExplorationRow[] = [];
  for (const variations of options.warmStartVariations) {
    const directory = mkdtempSync(join(tmpdir(), 'genenv-exploration-'));
    try {
      await warmStartToolworldAgent(options.base, variations, options.seed, directory);
      const agent = new BuiltinAgent(loadModelState(directory, 'agent'));
      try {
        const greedy = await agent.act(prompts, { samples: 1, temperature: 0, seed: 0 });
        const solved: number[] = [];
        const failed: number[] = [];
        prompts.forEach((prompt, index) => {
          const gold = Math.exp(agent.responseLogprob(prompt, prompt.reference.answer));
          (domain.score(items[index]!, greedy[index]![0]!).success ? solved : failed).push(gold);
        });
        rows.push({
          warmStartVariations: variations,
          seed: options.seed,
          greedyAccuracy: items.length ? solved.length / items.length : 0,
          solved: summarizeExploration(solved, options.samples),
          failed: summarizeExploration(failed, options.samples),
        });
      } finally {
        await agent.close();
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }
  return rows;
}
