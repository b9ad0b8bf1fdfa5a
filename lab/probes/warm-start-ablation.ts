/**
 * What makes the built-in agent's warm start work on toolworld: each variant adds one change to the one
 * before and SFTs a fresh agent for the same number of optimiser steps, then reports greedy accuracy on
 * the first `heldOutLimit` items of test-id and test-hard. `npm run lab -- warm-start`.
 */
import { createBuiltinAgent } from '../../src/index.ts';
import { agentDemonstrations, createToolWorld, evaluateHeldOut } from '../../src/internal.ts';

export interface WarmStartVariant {
  name: string;
  /** Built-in agent options over `base`. */
  options: Record<string, unknown>;
  /** Fresh instances of every seed; epochs are set so that every variant takes the same steps. */
  variations: number;
}

/** The cumulative ablation, from the byte-level untied model on 2 fixed variations to the preset's agent. */
export const WARM_START_VARIANTS: WarmStartVariant[] = [
  {
    name: 'bytes, 2 variations',
    options: { pieces: 'none', merges: 64, tieEmbeddings: false, warmStartSchedule: 'constant', copyHead: false },
    variations: 2,
  },
  {
    name: '+ 10 fresh variations',
    options: { pieces: 'none', merges: 64, tieEmbeddings: false, warmStartSchedule: 'constant', copyHead: false },
    variations: 10,
  },
  {
    name: '+ word pieces',
    options: { pieces: 'words', merges: 256, tieEmbeddings: false, warmStartSchedule: 'constant', copyHead: false },
    variations: 10,
  },
  {
    name: '+ tied head',
    options: { pieces: 'words', merges: 256, tieEmbeddings: true, warmStartSchedule: 'constant', copyHead: false },
    variations: 10,
  },
  {
    name: '+ cosine schedule',
    options: { pieces: 'words', merges: 256, tieEmbeddings: true, warmStartSchedule: 'cosine', copyHead: false },
    variations: 10,
  },
  {
    name: '+ two-digit number tokens',
    options: { pieces: 'numbers', merges: 256, tieEmbeddings: true, warmStartSchedule: 'cosine', copyHead: false },
    variations: 10,
  },
  {
    name: '+ copy head',
    options: { pieces: 'numbers', merges: 256, tieEmbeddings: true, warmStartSchedule: 'cosine', copyHead: true },
    variations: 10,
  },
];

export interface WarmStartAblationOptions {
  /** The agent options every variant starts from (the preset's). */
  base: Record<string, unknown>;
  /** Optimiser steps per variant (batches of `base.batchSize`). */
  steps: number;
  heldOutLimit: number;
  seed: number;
  variants?: WarmStartVariant[];
}

export interface WarmStartAblationRow {
  variant: string;
  steps: number;
  seconds: number;
  lastLoss: number;
  testId: number;
  testHard: number;
}

export async function runWarmStartAblation(options: WarmStartAblationOptions): Promise<WarmStartAblationRow[]> {
  const domain = createToolWorld({});
  const seeds = domain.seeds();
  const heldOut = domain.heldOutSets();
  const batchSize = Number(options.base.batchSize ?? 16);
  const rows: WarmStartAblationRow[] = [];
  for (const variant of options.variants ?? WARM_START_VARIANTS) {
    const demonstrations = agentDemonstrations(domain, seeds, variant.variations, options.seed);
    const epochs = Math.max(1, Math.round((options.steps * batchSize) / demonstrations.length));
    const agent = await createBuiltinAgent({
      domain,
      options: { ...options.base, ...variant.options, warmStartEpochs: epochs },
      seed: options.seed,
    });
    try {
      const started = performance.now();
      const stats = await agent.warmStart(demonstrations, { seed: options.seed });
      const seconds = (performance.now() - started) / 1000;
      const accuracy = await evaluateHeldOut(agent, domain, heldOut, options.seed, options.heldOutLimit);
      rows.push({
        variant: variant.name,
        steps: Number(stats.sftSteps ?? 0),
        seconds,
        lastLoss: Number(stats.sftLastLoss ?? 0),
        testId: accuracy['test-id'] ?? 0,
        testHard: accuracy['test-hard'] ?? 0,
      });
    } finally {
      await agent.close?.();
    }
  }
  return rows;
}
