import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RunConfigSchema, type RunConfig, type Variant } from '../../src/interfaces/config.ts';
import {
  ComparisonSchema,
  EpochMetricsSchema,
  RunSummarySchema,
  type Comparison,
  type EpochMetrics,
} from '../../src/interfaces/summary.ts';
import { confidenceInterval95, mean } from '../../src/util/statistics.ts';

/**
 * Schema-valid synthetic run and comparison directories for the report's tests (unit and browser).
 * Values follow smooth closed-form curves so charts have visible shape; every file is validated with the
 * same zod schemas the report reads with, so a fixture can never drift from the contract.
 */

export const FIXTURE_HELD_OUT_SETS = ['toolworld-heldout', 'toolworld-hard'] as const;
export const FIXTURE_FEATURES = ['chainLength', 'distractors', 'descriptionLength'] as const;

export interface RunFixtureOptions {
  variant: Variant;
  seed: number;
  /** Co-evolution epochs after the warm start; the run stores epochs 0..epochs. */
  epochs: number;
  tasksPerEpoch?: number;
  /** Scales the learning curve (a better variant learns faster). */
  skill?: number;
  /** Epochs whose held-out sets were not evaluated (empty heldOutAccuracy). */
  skipHeldOutAt?: number[];
  /** Epochs with no valid task type (all nullable metrics null, no p̂ values). */
  emptyEpochs?: number[];
  /** Static variant: synthetic data relative to genenv (config.staticMultiplier). */
  staticMultiplier?: number;
  /**
   * Record task types per difficulty level (`difficultyCounts`): genenv's climb with progress, other variants'
   * stay low. Off by default, as in runs stored before the counts were recorded.
   */
  difficultyLevels?: boolean;
}

/** Task types per level at one epoch: around a centre, a sixth one level below, a third one level above. */
function fixtureLevels(options: RunFixtureOptions, tasks: number, progress: number): Record<string, number> {
  const centre =
    (options.variant === 'genenv' ? 1 + 8 * (options.skill ?? 1) * progress : 1.5) + 0.4 * (options.seed % 3);
  const offsets = [-1, 0, 0, 0, 1, 1];
  const counts: Record<string, number> = {};
  for (let task = 0; task < tasks; task += 1) {
    const level = String(Math.max(0, Math.round(centre + offsets[task % offsets.length]!)));
    counts[level] = (counts[level] ?? 0) + 1;
  }
  return counts;
}

export function fixtureConfig(
  variant: Variant,
  seed: number,
  epochs: number,
  tasksPerEpoch: number,
  staticMultiplier = 1,
): RunConfig {
  return RunConfigSchema.parse({
    staticMultiplier,
    preset: 'student',
    variant,
    seed,
    epochs,
    tasksPerEpoch,
    variations: 8,
    samples: 4,
    alpha: 0.5,
    beta: 8,
    kMin: 0.15,
    lambda: 1,
    domain: { name: 'toolworld', options: { maxChain: 4 } },
    agent: { policy: 'student' },
    simulator: { policy: 'parametric', options: {} },
  });
}

/** Epoch t's metrics: p̂ values concentrate around α as t grows (the calibration the paper shows). */
export function fixtureEpoch(options: RunFixtureOptions, epoch: number): EpochMetrics {
  const tasks = options.tasksPerEpoch ?? 6;
  const skill = options.skill ?? 1;
  const progress = epoch / Math.max(1, options.epochs);
  const empty = epoch === 0 || (options.emptyEpochs ?? []).includes(epoch);
  // genenv: spread shrinks from 0.45 to 0.1 around a center moving from 0.15 to 0.5 (calibration);
  // other variants: the spread stays wide and the center drifts with skill. 1/8 steps like n = 8.
  const calibrated = options.variant === 'genenv';
  const center = calibrated ? 0.15 + 0.35 * progress : 0.15 + 0.7 * skill * progress;
  const spread = calibrated ? 0.45 - 0.35 * progress : 0.9;
  const successRates = empty
    ? []
    : Array.from({ length: tasks }, (_, task) => {
        const raw = center + spread * (((task * 7 + epoch * 3 + options.seed) % tasks) / Math.max(1, tasks - 1) - 0.5);
        return Math.round(Math.min(1, Math.max(0, raw)) * 8) / 8;
      });
  const solved = successRates.filter((value) => value === 1).length;
  const unsolved = successRates.filter((value) => value === 0).length;
  const heldOut = (options.skipHeldOutAt ?? []).includes(epoch)
    ? {}
    : Object.fromEntries(
        FIXTURE_HELD_OUT_SETS.map((set, index) => [
          set,
          Math.min(
            1,
            0.2 + 0.04 * index * -1 + 0.35 * skill * (1 - Math.exp(-2.5 * progress)) + 0.01 * (options.seed % 3),
          ),
        ]),
      );
  return EpochMetricsSchema.parse({
    epoch,
    successRate: empty ? null : mean(successRates),
    inBandFraction: empty
      ? null
      : successRates.filter((value) => Math.abs(value - 0.5) <= 0.15).length / successRates.length,
    envReward: empty ? null : mean(successRates.map((value) => Math.exp(-8 * (value - 0.5) ** 2))),
    heldOutAccuracy: heldOut,
    taskComplexity: empty
      ? {}
      : {
          chainLength: 1 + 2.5 * skill * progress,
          distractors: 3 * skill * progress,
          descriptionLength: 80 + 120 * skill * progress,
        },
    ...(options.difficultyLevels ? { difficultyCounts: empty ? {} : fixtureLevels(options, tasks, progress) } : {}),
    responseLength: empty ? null : 40 + 60 * skill * progress,
    invalidProposals: Math.max(0, 5 - epoch),
    successRates,
    solvedFraction: empty ? null : solved / successRates.length,
    unsolvedFraction: empty ? null : unsolved / successRates.length,
    agentReward: empty ? null : 0.2 + 0.5 * skill * progress,
    syntheticSamples: options.variant === 'base' ? 0 : epoch * tasks,
    // The pools, and the builtin players' update statistics: none at the warm start (epoch 0) or an epoch with no
    // task type.
    extra: {
      'pool/train': 10 * epoch,
      ...(epoch === 0 || empty
        ? {}
        : {
            'agent/loss': 0.3 * Math.exp(-progress) + 0.01 * (options.seed % 3),
            'agent/sequencesWithSignal': 40 + 10 * ((epoch + options.seed) % 3),
            'simulator/klToInitial': 0.5 * progress,
            'simulator/entropy': 2 - skill * progress,
          }),
    },
  });
}

/** Writes config.json, summary.json and metrics.jsonl of a synthetic run; returns its epochs. */
export function writeRunFixture(directory: string, options: RunFixtureOptions): EpochMetrics[] {
  mkdirSync(directory, { recursive: true });
  const tasks = options.tasksPerEpoch ?? 6;
  const epochs = Array.from({ length: options.epochs + 1 }, (_, epoch) => fixtureEpoch(options, epoch));
  const config = fixtureConfig(options.variant, options.seed, options.epochs, tasks, options.staticMultiplier);
  const summary = RunSummarySchema.parse({
    preset: 'student',
    seed: options.seed,
    variant: options.variant,
    domain: 'toolworld',
    wallSeconds: 12.5,
    syntheticSamples: epochs[epochs.length - 1]!.syntheticSamples,
    completedEpochs: options.epochs,
    epochs,
  });
  writeFileSync(join(directory, 'config.json'), JSON.stringify(config, null, 2));
  writeFileSync(join(directory, 'summary.json'), JSON.stringify(summary, null, 2));
  writeFileSync(join(directory, 'metrics.jsonl'), `${epochs.map((entry) => JSON.stringify(entry)).join('\n')}\n`);
  return epochs;
}

/** Variants of the fixture comparison: name, stored variant, how well it learns, data multiple. */
export const FIXTURE_VARIANTS: { name: string; variant: Variant; skill: number; multiple: number }[] = [
  { name: 'genenv', variant: 'genenv', skill: 1.0, multiple: 1 },
  { name: 'random', variant: 'random', skill: 0.7, multiple: 1 },
  { name: 'static', variant: 'static', skill: 0.6, multiple: 1 },
  { name: 'static-2x', variant: 'static', skill: 0.75, multiple: 2 },
  { name: 'static-3.3x', variant: 'static', skill: 0.9, multiple: 3.3 },
  { name: 'base', variant: 'base', skill: 0.3, multiple: 0 },
];

/** Writes a comparison directory (runs in `runs/<variant>/seed-<s>`) and returns its comparison.json content. */
export function writeComparisonFixture(
  directory: string,
  seeds: number[] = [1, 2, 3],
  epochs = 6,
  difficultyLevels = false,
): Comparison {
  const variants = FIXTURE_VARIANTS.map((entry) => {
    const runs: string[] = [];
    const finals: EpochMetrics[] = [];
    for (const seed of seeds) {
      const run = join('runs', entry.name, `seed-${seed}`);
      const stored = writeRunFixture(join(directory, run), {
        variant: entry.variant,
        seed,
        epochs,
        skill: entry.skill,
        staticMultiplier: entry.variant === 'static' ? entry.multiple : 1,
        difficultyLevels,
      });
      runs.push(run);
      finals.push(stored[stored.length - 1]!);
    }
    const perSeed = Object.fromEntries(
      FIXTURE_HELD_OUT_SETS.map((set) => [set, finals.map((final) => final.heldOutAccuracy[set]!)]),
    );
    return {
      variant: entry.name,
      seeds,
      perSeed,
      mean: Object.fromEntries(Object.entries(perSeed).map(([set, values]) => [set, mean(values)!])),
      interval: Object.fromEntries(Object.entries(perSeed).map(([set, values]) => [set, confidenceInterval95(values)])),
      syntheticSamples: Math.round(epochs * 6 * entry.multiple),
      runs,
    };
  });
  const comparison = ComparisonSchema.parse({ preset: 'student', seeds, variants });
  writeFileSync(join(directory, 'comparison.json'), JSON.stringify(comparison, null, 2));
  return comparison;
}
