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
export const ComparisonSchema = z.object({
  preset: z.string(),
  seeds: z.array(z.number().int()),
  /** The domain's world seed every run used (`--world-seed`); absent when the preset's own was kept. */
  worldSeed: z.number().int().optional(),
  /** The domain's width every run used (`--width`), when one was given. */
  width: z.number().int().optional(),
  variants: z.array(VariantComparisonSchema),
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
