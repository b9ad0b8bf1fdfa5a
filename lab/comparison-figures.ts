/**
 * The figures of a finished comparison's runs, read from their folders (`<variant>/seed-<n>/summary.json` and
 * `config.json`), for the suites that judge comparisons (claim, pooled): per variant its runs in seed order, each
 * with its final held-out accuracy, its curriculum's per-epoch series and its held-out curve on test-hard with the
 * rollouts spent by each evaluated epoch.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type EpochMetrics, GenEnvError, type RunSummary, RunSummarySchema, z } from '../src/index.ts';
import { heldOutCurve } from '../src/internal.ts';
import type { RunFigures } from './analyses/paired-claim.ts';
import { comparisonRuns } from './comparison-runs.ts';

/** What the rollouts of a run stored without their count are counted from (its config.json). */
const BudgetSchema = z.object({
  tasksPerEpoch: z.number().int().min(1),
  variations: z.number().int().min(1),
  samples: z.number().int().min(1),
});

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new GenEnvError('store', `${path} cannot be read as JSON (${(error as Error).message})`, { cause: error });
  }
}

function readSummary(path: string): RunSummary {
  const parsed = RunSummarySchema.safeParse(readJson(path));
  if (!parsed.success) throw new GenEnvError('store', `${path} is not a run summary`);
  return parsed.data;
}

function readBudget(path: string): z.infer<typeof BudgetSchema> {
  const parsed = BudgetSchema.safeParse(readJson(path));
  if (!parsed.success)
    throw new GenEnvError('store', `${path} is not a run config (tasksPerEpoch, variations, samples)`);
  return parsed.data;
}

/** A run's figures from its summary and the budget its config gives. */
export function runFigures(summary: RunSummary, budget: z.infer<typeof BudgetSchema>): RunFigures | null {
  const last = summary.epochs.at(-1);
  if (!last) return null;
  return {
    seed: summary.seed,
    heldOut: { ...last.heldOutAccuracy },
    syntheticSamples: summary.syntheticSamples,
    epochs: summary.epochs.map((epoch: EpochMetrics) => ({
      epoch: epoch.epoch,
      successRate: epoch.successRate,
      difficulty: epoch.taskComplexity.difficulty ?? null,
      inBandFraction: epoch.inBandFraction,
    })),
    curve: heldOutCurve(summary, budget),
  };
}

/** Per variant (in folder-name order), the figures of the comparison's finished runs, in seed order. */
export function comparisonFigures(directory: string): Map<string, RunFigures[]> {
  const variants = new Map<string, RunFigures[]>();
  for (const [variant, seeds] of comparisonRuns(directory, 'summary.json')) {
    const runs = seeds.flatMap((seedDirectory) => {
      const figures = runFigures(
        readSummary(join(seedDirectory, 'summary.json')),
        readBudget(join(seedDirectory, 'config.json')),
      );
      return figures ? [figures] : [];
    });
    if (runs.length)
      variants.set(
        variant,
        runs.sort((left, right) => left.seed - right.seed),
      );
  }
  return variants;
}
