import { z } from 'zod';
import { VariantSchema } from './config.ts';
import { currentMetricNames } from './retired-metric-names.ts';

/** One epoch's metrics: a line of metrics.jsonl and an entry of summary.json `epochs`. */
export const EpochMetricsSchema = z.object({
  epoch: z.number().int().min(0),
  /** Agent's mean success on this epoch's generated tasks. */
  successRate: z.number().min(0).max(1).nullable(),
  /** Share of valid task types with |p̂ - α| ≤ k_min. */
  inBandFraction: z.number().min(0).max(1).nullable(),
  /** Mean R_env over valid task types. */
  envReward: z.number().nullable(),
  /** Held-out accuracy per set, in [0, 1]. */
  heldOutAccuracy: z.record(z.string(), z.number().min(0).max(1)),
  /** Mean difficulty features of this epoch's valid task types. */
  taskComplexity: z.record(z.string(), z.number()),
  /**
   * Valid task types per difficulty level (the `difficulty` feature rounded to the nearest integer), keyed by the
   * level ("0", "1", …): the distribution whose drift over epochs is the curriculum's climb. Absent in runs
   * stored before it was recorded.
   */
  difficultyCounts: z.record(z.string().regex(/^-?\d+$/), z.number().int().min(0)).optional(),
  /** Mean response length of the agent's rollouts, in characters. */
  responseLength: z.number().nullable(),
  invalidProposals: z.number().int().min(0),
  /** Per task type p̂ values (for calibration plots). */
  successRates: z.array(z.number().min(0).max(1)),
  /** Share of task types solved by every rollout, and by none. */
  solvedFraction: z.number().min(0).max(1).nullable(),
  unsolvedFraction: z.number().min(0).max(1).nullable(),
  /** Mean agent reward of the rollouts (GRPO reward). */
  agentReward: z.number().nullable(),
  /** Synthetic task types used for training so far (cumulative). */
  syntheticSamples: z.number().int().min(0),
  /**
   * The namespaced scalars beyond the fixed fields (`agent/…`, `simulator/…`, `warmstart/…`, `pool/…`, `serve/…`;
   * the vocabulary of `metrics.ts`). Names of earlier runs are read back under their current names; names of neither
   * are kept as stored, so that no stored run fails to load.
   */
  extra: z.record(z.string(), z.number()).transform(currentMetricNames),
});
export type EpochMetrics = z.infer<typeof EpochMetricsSchema>;

export const RunSummarySchema = z.object({
  preset: z.string(),
  seed: z.number().int(),
  variant: VariantSchema,
  domain: z.string(),
  wallSeconds: z.number().min(0),
  syntheticSamples: z.number().int().min(0),
  completedEpochs: z.number().int().min(0),
  epochs: z.array(EpochMetricsSchema),
});
export type RunSummary = z.infer<typeof RunSummarySchema>;

export const VariantComparisonSchema = z.object({
  variant: z.string(),
  seeds: z.array(z.number().int()),
  /** held-out set → final accuracy per seed (same order as `seeds`). */
  perSeed: z.record(z.string(), z.array(z.number())),
  mean: z.record(z.string(), z.number()),
  /** 95% interval (Student t) of the mean, per held-out set. */
  interval: z.record(z.string(), z.tuple([z.number(), z.number()])),
  syntheticSamples: z.number().int().min(0),
  runs: z.array(z.string()),
});
/**
 * One variant's data efficiency in comparison.json `rolloutsToReach`: the rollouts it spent before its held-out curve
 * reached the target (the strongest baseline's final accuracy), read at the epochs that evaluated the set.
 */
export const VariantReachSchema = z.object({
  variant: z.string(),
  /**
   * The first evaluated epoch whose accuracy, mean over the variant's seeds, is at least the target; null when no
   * evaluated epoch reaches it.
   */
  epoch: z.number().int().min(0).nullable(),
  /** Rollouts spent on generated task types by that epoch, mean over seeds; null when not reached. */
  rollouts: z.number().min(0).nullable(),
  /** `rollouts` as a share of the strongest baseline's; null when either is not reached or the baseline's is 0. */
  share: z.number().min(0).nullable(),
  /** Rollouts spent by the last epoch, mean over seeds: the budget a variant that does not reach the target had. */
  budget: z.number().min(0),
  /**
   * Per seed (the variant's order): the first evaluated epoch whose own accuracy reaches the target and the rollouts
   * spent by then, both null for a seed that never reaches it, and the rollouts spent by its last epoch.
   */
  perSeed: z.array(
    z.object({
      seed: z.number().int(),
      epoch: z.number().int().min(0).nullable(),
      rollouts: z.number().min(0).nullable(),
      budget: z.number().min(0),
    }),
  ),
});
export type VariantReach = z.infer<typeof VariantReachSchema>;

/**
 * Data efficiency as the paper's "less data" claim states it: per variant, the rollouts it took to reach the
 * strongest baseline's final accuracy on one held-out set (`src/composition/rollouts-to-reach.ts`).
 */
export const RolloutsToReachSchema = z.object({
  /** The held-out set read (`test-hard`). */
  set: z.string(),
  /** The variants the strongest is chosen among: every variant but `genenv`, or the ones given. */
  baselines: z.array(z.string()).min(1),
  /** The strongest baseline: the highest final accuracy on `set`, mean over its seeds. */
  baseline: z.string(),
  /** Its final accuracy on `set`, mean over seeds, in [0, 1]: the target every variant's curve is read against. */
  target: z.number().min(0).max(1),
  /**
   * True when some run stored no rollout count (`budget/rolloutsTotal`, runs from before it): its rollouts are counted
   * as epoch × tasksPerEpoch × n × G.
   */
  counted: z.boolean(),
  variants: z.array(VariantReachSchema),
});
export type RolloutsToReach = z.infer<typeof RolloutsToReachSchema>;

export const ComparisonSchema = z.object({
  preset: z.string(),
  seeds: z.array(z.number().int()),
  /** The domain's world seed every run used (`--world-seed`); absent when the preset's own was kept. */
  worldSeed: z.number().int().optional(),
  /** The domain's width every run used (`--width`), when one was given. */
  width: z.number().int().optional(),
  variants: z.array(VariantComparisonSchema),
  /**
   * Rollouts each variant took to reach the strongest baseline's final test-hard; absent in comparisons stored before
   * it, and where no run evaluated test-hard or there is no baseline.
   */
  rolloutsToReach: RolloutsToReachSchema.optional(),
});
export type Comparison = z.infer<typeof ComparisonSchema>;

/**
 * One link diagnostic of the method (`diagnostics/<name>.json` in a run or comparison folder), written by the
 * diagnostic commands and shown as a table in the report: what was measured, per row, and what it shows.
 */
export const DiagnosticSchema = z.object({
  name: z.string().min(1),
  title: z.string().min(1),
  /** What was measured, and how to reproduce it (the command). */
  description: z.string(),
  columns: z.array(z.string()).min(1),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
  /** One or two sentences: what the measurement shows. */
  finding: z.string().optional(),
});
export type Diagnostic = z.infer<typeof DiagnosticSchema>;
