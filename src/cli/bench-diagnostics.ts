/**
 * The link diagnostics of `genenv bench` (issue 14) that train or simulate: GRPO alone from the warm start
 * (`grpo-step`), Proposition 1 on the built-in agent (`prop1`), Theorem 1 by exact sums and simulation (`thm1`),
 * the neural agent against the parametric simulator (`parametric-steering`) and how likely rollouts are to find
 * the answers the agent misses (`exploration`). The diagnostics of two finished runs are in
 * run-pair-diagnostics.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GrpoOnlyCurve } from '../experiments/grpo-only.ts';
import { type DiagnosticOptions, emit, fixed } from './diagnostic-output.ts';
import { PRESETS } from './presets.ts';

/**
 * The GRPO-only schedule of `grpo-step`: fresh seed instances for every update, the preset's agent and update
 * options. 128 updates of 64 prompts × 8 rollouts are about the rollouts of a default run (65,536).
 */
export const GRPO_STEP_SCHEDULE = { updates: 128, quickUpdates: 32, prompts: 64, samples: 8, evaluateEvery: 16 };

function toolworldAgent(): { base: Record<string, unknown>; warmStartVariations: number } {
  const preset = PRESETS.toolworld!;
  // Sampling in process: the bench measures the update, and threads would only compete for the same cores.
  return {
    base: { ...(preset.agent?.options ?? {}), workers: 0 },
    warmStartVariations: preset.warmStartVariations ?? 6,
  };
}

export async function grpoStepSuite(options: DiagnosticOptions): Promise<string> {
  const { runGrpoOnly } = await import('../experiments/grpo-only.ts');
  const { summarizeCurves } = await import('../experiments/curve-summary.ts');
  const { base, warmStartVariations } = toolworldAgent();
  const schedule = GRPO_STEP_SCHEDULE;
  const seeds = Array.from({ length: options.seeds ?? 3 }, (_, index) => index + 1);
  const curves: GrpoOnlyCurve[] = [];
  for (const seed of seeds) {
    curves.push(
      ...(await runGrpoOnly({
        base,
        warmStartVariations,
        seed,
        variants: [{ name: 'grpo', options: {} }],
        updates: options.quick ? schedule.quickUpdates : schedule.updates,
        prompts: schedule.prompts,
        samples: schedule.samples,
        temperature: 1,
        evaluateEvery: options.quick ? schedule.quickUpdates / 4 : schedule.evaluateEvery,
        heldOutItems: 200,
      })),
    );
  }
  const summary = summarizeCurves(curves);
  return emit('grpo-step', { schedule, curves, summary }, options, () => {
    const updates = curves[0]!.points.map((point) => point.update);
    // Optimiser steps taken by each point, summed along the curve (GRPO skips sequences without signal).
    const stepsAt = (curve: GrpoOnlyCurve) => {
      let total = 0;
      return curve.points.map((point) => (total += point.steps));
    };
    const rows = curves.flatMap((curve) => [
      [
        `seed ${curve.seed} test-id`,
        ...curve.points.map((point) => fixed(point.testId, 3)),
        fixed(curve.points.at(-1)!.seconds, 0),
      ],
      [`seed ${curve.seed} steps`, ...stepsAt(curve).map(String), ''],
    ]);
    return {
      title:
        `GRPO alone from the warm start (the toolworld preset's agent, no SFT, no rehearsal; ` +
        `${schedule.prompts} fresh seed prompts × ${schedule.samples} rollouts per update): greedy test-id after n updates`,
      columns: ['', ...updates.map((update) => `n=${update}`), 'seconds'],
      rows,
      notes: [
        `gain ${fixed(summary.meanGain * 100, 1)} points, 95% interval [${fixed(summary.interval[0] * 100, 1)}, ` +
          `${fixed(summary.interval[1] * 100, 1)}] over seeds ${summary.seeds.join(', ')}; deepest drop below the ` +
          `start ${fixed(summary.deepestDrop * 100, 1)} points`,
      ],
    };
  });
}

export async function thm1Suite(options: DiagnosticOptions): Promise<string> {
  const { runRankingDiagnostic } = await import('../experiments/ranking-diagnostic.ts');
  const result = runRankingDiagnostic({
    pairs: [
      [0.5, 0.2],
      [0.5, 0.3],
      [0.4, 0.8],
      [0.55, 0.9],
    ],
    attempts: [4, 8, 16, 32, 64, 128, 256, 512],
    alpha: 0.5,
    kMin: 0.1,
    trials: options.quick ? 2000 : 20000,
    seed: 1,
  });
  return emit('thm1', result, options, () => ({
    title: 'Theorem 1: P(R_env(p̂1) ≤ R_env(p̂2)) with n attempts per task type, against 4·exp(−2/9·(Δ2 − Δ1)²·n)',
    columns: ['p1', 'p2', 'n', 'P(mis-rank) exact', 'simulated', 'strict (no ties)', 'bound', 'P(p1 in band)'],
    rows: result.rows.map((row) => [
      String(row.probability1),
      String(row.probability2),
      String(row.attempts),
      fixed(row.exact, 4),
      fixed(row.simulated, 4),
      fixed(row.exactStrict, 4),
      row.bound >= 1 ? `${fixed(row.bound, 2)} (vacuous)` : fixed(row.bound, 4),
      fixed(row.inBand1, 3),
    ]),
    notes: [
      `n for the bound to reach 0.05: ${result.attemptsForFivePercent
        .map((entry) => `${entry.probability1}/${entry.probability2}: ${entry.attempts}`)
        .join(', ')}`,
    ],
  }));
}

export async function prop1Suite(options: DiagnosticOptions): Promise<string> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { warmStartToolworldAgent } = await import('../experiments/grpo-only.ts');
  const { runGradientSignalProbe } = await import('../experiments/gradient-signal-probe.ts');
  const directory = mkdtempSync(join(tmpdir(), 'genenv-prop1-'));
  try {
    const { base, warmStartVariations } = toolworldAgent();
    await warmStartToolworldAgent(base, warmStartVariations, 1, directory);
    const result = await runGradientSignalProbe({
      directory,
      tasks: options.quick ? 12 : 32,
      instances: 4,
      samples: 8,
      seed: 1,
    });
    return emit('prop1', result, options, () => {
      const describeFit = (name: string, value: (typeof result)['reinforce']) =>
        `${name}: slope ${fixed(value.slope, 2)}, ` +
        `ratio range [${fixed(value.ratioMin, 2)}, ${fixed(value.ratioMax, 2)}], ` +
        `correlation with p̂(1 − p̂) ${fixed(value.correlation, 2)}`;
      return {
        title: 'Proposition 1 on the warm-started agent: per seed task type, E‖g‖² (b = p̂) and GRPO step sizes',
        columns: ['task', 'p̂', 'p̂(1−p̂)', 'E‖g‖²', 'E[s|r=1]', 'E[s|r=0]', '‖Δ‖ grpo', '‖Δ‖ dr-grpo'],
        rows: result.tasks.map((task) => [
          `${task.task} (${task.family})`,
          fixed(task.successRate, 2),
          fixed(task.variance, 3),
          fixed(task.squaredGradient, 1),
          fixed(task.scoreNormSuccess, 1),
          fixed(task.scoreNormFailure, 1),
          fixed(task.updateNorm.grpo, 3),
          fixed(task.updateNorm['dr-grpo'], 3),
        ]),
        notes: [
          describeFit('E‖g‖² (REINFORCE, b = p̂)', result.reinforce),
          describeFit('‖Δ‖² grpo (std-normalised)', result.grpo),
          describeFit('‖Δ‖² dr-grpo (mean-centred)', result.drGrpo),
        ],
      };
    });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The parametric simulator's options for toolworld (the student preset's steering settings). */
export const PARAMETRIC_STEERING_SIMULATOR = {
  policy: 'parametric',
  options: { klCoefficient: 0.003, entropyBonus: 0.1 },
};

export async function parametricSteeringSuite(options: DiagnosticOptions): Promise<string> {
  const { compareCommand } = await import('./compare-command.ts');
  const out = options.out ?? join('runs', `parametric-steering-${Date.now()}`);
  mkdirSync(out, { recursive: true });
  const configFile = join(out, 'parametric-config.json');
  writeFileSync(configFile, `${JSON.stringify({ simulator: PARAMETRIC_STEERING_SIMULATOR }, null, 1)}\n`);
  const result = await compareCommand({
    preset: 'toolworld',
    config: configFile,
    variants: ['genenv', 'random'],
    seeds: options.seeds ?? 3,
    out: join(out, 'comparison'),
    quiet: true,
    overrides: options.quick ? { epochs: 6 } : {},
  });
  return emit('parametric-steering', { comparison: result.comparison }, options, () => ({
    title: `Neural agent, parametric simulator on toolworld: final held-out accuracy (${result.directory})`,
    columns: ['variant', 'seeds', ...Object.keys(result.comparison.variants[0]?.mean ?? {}).sort()],
    rows: result.comparison.variants.map((variant) => [
      variant.variant,
      String(variant.seeds.length),
      ...Object.keys(variant.mean)
        .sort()
        .map((set) => {
          const [low, high] = variant.interval[set] ?? [Number.NaN, Number.NaN];
          return `${fixed(variant.mean[set], 3)} ± ${fixed((high - low) / 2, 3)}`;
        }),
    ]),
    notes: [],
  }));
}

export async function explorationSuite(options: DiagnosticOptions): Promise<string> {
  const { runExplorationProbe } = await import('../experiments/exploration-probe.ts');
  const { base, warmStartVariations } = toolworldAgent();
  const seeds = Array.from({ length: options.seeds ?? 1 }, (_, index) => index + 1);
  const samples = 8;
  const rows: Awaited<ReturnType<typeof runExplorationProbe>> = [];
  for (const seed of seeds) {
    rows.push(
      ...(await runExplorationProbe({
        base,
        warmStartVariations: [warmStartVariations, 2 * warmStartVariations],
        seed,
        samples,
        heldOutItems: options.quick ? 50 : 200,
      })),
    );
  }
  return emit('exploration', { samples, rows }, options, () => {
    const quartiles = (value: [number, number, number] | null) =>
      value ? value.map((entry) => entry.toExponential(1)).join(' / ') : '–';
    return {
      title:
        'Can rollouts find the answers held-out accuracy needs? p(gold) = P(one rollout at T = 1 writes the ' +
        `reference), on test-id items the greedy agent solves and fails; groups of G = ${samples}`,
      columns: [
        'warm start',
        'seed',
        'greedy test-id',
        'solved: p(gold) q25/50/75',
        'solved: P(success in group)',
        'failed: p(gold) q25/50/75',
        'failed: P(success in group)',
      ],
      rows: rows.map((row) => [
        `${row.warmStartVariations} variations`,
        String(row.seed),
        fixed(row.greedyAccuracy, 3),
        quartiles(row.solved.quartiles),
        fixed(row.solved.groupHitRate, 3),
        quartiles(row.failed.quartiles),
        fixed(row.failed.groupHitRate, 3),
      ]),
      notes: [
        'Held-out accuracy rises when greedy-failed items turn into successes; GRPO sees a positive example of ' +
          'such an item only when its group holds a success (the last column).',
      ],
    };
  });
}
