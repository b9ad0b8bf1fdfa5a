/**
 * The link diagnostics of `genenv bench` (issue 14): GRPO alone from the warm start (`grpo-step`),
 * Proposition 1 on the built-in agent (`prop1`), Theorem 1 by exact sums and simulation (`thm1`), the
 * emergent curriculum of two finished runs (`curriculum --runs A,B`) and the neural agent against the
 * parametric simulator (`parametric-steering`). Each prints a table (or JSON with --json) and, given
 * --out DIR, writes its JSON to DIR/<suite>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GenEnvError } from '../interfaces/errors.ts';
import type { GrpoOnlyCurve } from '../experiments/grpo-only.ts';
import type { RunCurriculum } from '../experiments/curriculum-diagnostic.ts';
import type { FamilyCurriculum } from '../curriculum/emergent-curriculum.ts';
import { PRESETS } from './presets.ts';

export interface DiagnosticOptions {
  json?: boolean;
  quick?: boolean;
  /** Seeds 1..n (grpo-step, parametric-steering). */
  seeds?: number;
  out?: string;
  /** Two run directories (curriculum). */
  runs?: string[];
}

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

/** A diagnostic's table as printed and as the report's Diagnostic (name, title, description, columns, rows). */
interface Rendered {
  title: string;
  columns: string[];
  rows: string[][];
  /** Lines printed under the table; joined, they are the report's `finding`. */
  notes: string[];
}

/**
 * Prints the table (or the raw result as JSON with --json); with --out DIR also writes the raw result to
 * DIR/<suite>.json and the table to DIR/diagnostics/<suite>.json in the report's Diagnostic shape.
 */
function emit(suite: string, result: unknown, options: DiagnosticOptions, render: () => Rendered): string {
  const rendered = render();
  if (options.out) {
    mkdirSync(join(options.out, 'diagnostics'), { recursive: true });
    writeFileSync(join(options.out, `${suite}.json`), `${JSON.stringify({ suite, ...(result as object) }, null, 1)}\n`);
    const diagnostic = {
      name: suite,
      title: rendered.title,
      description: `genenv bench --suite ${suite}${options.quick ? ' --quick' : ''}`,
      columns: rendered.columns,
      rows: rendered.rows,
      ...(rendered.notes.length ? { finding: rendered.notes.join(' ') } : {}),
    };
    writeFileSync(join(options.out, 'diagnostics', `${suite}.json`), `${JSON.stringify(diagnostic, null, 1)}\n`);
  }
  if (options.json) return JSON.stringify({ suite, ...(result as object) });
  return [rendered.title, textTable(rendered.columns, rendered.rows), ...rendered.notes].join('\n');
}

const fixed = (value: number | null | undefined, digits = 3) =>
  value === null || value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits);

/** Left-aligned text table. */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
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

export async function curriculumSuite(options: DiagnosticOptions): Promise<string> {
  if (options.runs?.length !== 2)
    throw new GenEnvError('usage', '--suite curriculum needs --runs A,B (two run directories)');
  const { runCurriculumDiagnostic } = await import('../experiments/curriculum-diagnostic.ts');
  const result = runCurriculumDiagnostic(options.runs[0]!, options.runs[1]!);
  const [first, second] = result.runs;
  return emit('curriculum', result, options, () => {
    const shown = result.comparison.filter((entry) =>
      ['difficulty', 'chainLength', 'distractors', 'transformedValues'].includes(entry.feature),
    );
    const epochs = first.epochs.map((epoch) => epoch.epoch);
    const rows = epochs.map((epoch) => {
      const left = first.epochs.find((entry) => entry.epoch === epoch)!;
      const right = second.epochs.find((entry) => entry.epoch === epoch);
      return [
        String(epoch),
        ...shown.map((entry) => {
          const cell = entry.epochs.find((value) => value.epoch === epoch);
          return cell ? `${fixed(cell.first, 2)} / ${fixed(cell.second, 2)}` : '–';
        }),
        `${fixed(left.successRate, 2)} / ${fixed(right?.successRate, 2)}`,
        `${fixed(left.inBandFraction, 2)} / ${fixed(right?.inBandFraction, 2)}`,
      ];
    });
    return {
      title: `Emergent curriculum, ${first.variant} (seed ${first.seed}) / ${second.variant} (seed ${second.seed})`,
      columns: ['epoch', ...shown.map((entry) => entry.feature), 'p̂', 'in band'],
      rows,
      notes: [
        ...shown.map(
          (entry) =>
            `${entry.feature}: change per epoch ${fixed(entry.slopeFirst, 3)} (${first.variant}) vs ` +
            `${fixed(entry.slopeSecond, 3)} (${second.variant})`,
        ),
        ...familyNotes(first, second),
      ],
    };
  });
}

/** One line per family (epochs 1 on): task types, mean p̂, in-band share and values in words, first / second run. */
function familyNotes(first: RunCurriculum, second: RunCurriculum): string[] {
  const families = [...new Set([...first.families, ...second.families].map((entry) => entry.family))].sort();
  return families.map((family) => {
    const left = first.families.find((entry) => entry.family === family);
    const right = second.families.find((entry) => entry.family === family);
    const pair = (pick: (entry: FamilyCurriculum) => number | null | undefined, digits: number) =>
      `${fixed(left ? pick(left) : null, digits)} / ${fixed(right ? pick(right) : null, digits)}`;
    return (
      `family ${family || '(none)'}: task types ${pair((entry) => entry.taskTypes, 0)}, p̂ ${pair((entry) => entry.successRate, 2)}, ` +
      `in band ${pair((entry) => entry.inBandFraction, 2)}, transformedValues ${pair((entry) => entry.features.transformedValues, 2)}`
    );
  });
}

/**
 * `signal --runs A,B`: per epoch of two runs, the share of generated rollouts GRPO can learn from (instances with
 * both outcomes), the share of outcome variance between instances and the independent draws behind p̂.
 */
export async function signalSuite(options: DiagnosticOptions): Promise<string> {
  if (options.runs?.length !== 2)
    throw new GenEnvError('usage', '--suite signal needs --runs A,B (two run directories)');
  const { readRunSignal } = await import('../experiments/signal-diagnostic.ts');
  const runs = [readRunSignal(options.runs[0]!), readRunSignal(options.runs[1]!)] as const;
  const [first, second] = runs;
  const meanOf = (values: (number | null)[]) => {
    const present = values.filter((value): value is number => value !== null);
    return present.length ? present.reduce((sum, value) => sum + value, 0) / present.length : null;
  };
  return emit('signal', { runs }, options, () => {
    const rows = first.epochs.map((left) => {
      const right = second.epochs.find((entry) => entry.epoch === left.epoch);
      const pair = (a: number | null | undefined, b: number | null | undefined, digits = 2) =>
        `${fixed(a, digits)} / ${fixed(b, digits)}`;
      return [
        String(left.epoch),
        pair(left.successRate, right?.successRate),
        pair(left.signalShare, right?.signalShare),
        pair(left.betweenInstanceShare, right?.betweenInstanceShare),
        pair(left.effectiveAttempts, right?.effectiveAttempts, 1),
      ];
    });
    const later = (run: (typeof runs)[number]) => run.epochs.filter((epoch) => epoch.epoch >= 1);
    return {
      title:
        `Learning signal of the generated tasks, ${first.variant} (seed ${first.seed}) / ${second.variant} ` +
        `(seed ${second.seed}): rollouts GRPO learns from and the draws behind p̂ (n = ${first.variations}, ` +
        `G = ${first.samples})`,
      columns: ['epoch', 'success', 'rollouts with signal', 'variance between instances', 'draws behind p̂'],
      rows,
      notes: [
        `rollouts with signal over epochs ≥ 1: ${fixed(meanOf(later(first).map((epoch) => epoch.signalShare)), 3)} ` +
          `(${first.variant}) vs ${fixed(meanOf(later(second).map((epoch) => epoch.signalShare)), 3)} ` +
          `(${second.variant}); variance between instances ` +
          `${fixed(meanOf(later(first).map((epoch) => epoch.betweenInstanceShare)), 2)} / ` +
          `${fixed(meanOf(later(second).map((epoch) => epoch.betweenInstanceShare)), 2)}`,
        ...runs.map(
          (run) =>
            `what explains p̂ across task types of epochs ≥ 1, ${run.variant} (adjusted η²): ` +
            run.sources.map((source) => `${source.field} ${fixed(source.share, 2)} (${source.levels})`).join(', '),
        ),
      ],
    };
  });
}

/**
 * `transfer --runs A,B`: for each run, its first and last checkpoints' greedy accuracy on each held-out set, family
 * by family, beside the training rollouts (and those with GRPO signal) the agent had in the family.
 */
export async function transferSuite(options: DiagnosticOptions): Promise<string> {
  if (options.runs?.length !== 2)
    throw new GenEnvError('usage', '--suite transfer needs --runs A,B (two run directories)');
  const { readRunTransfer } = await import('../experiments/transfer-diagnostic.ts');
  const { createDomain, createTrainableAgent } = await import('./registry.ts');
  const dependencies = { createDomain, createAgent: createTrainableAgent };
  const runs = [
    await readRunTransfer(options.runs[0]!, dependencies),
    await readRunTransfer(options.runs[1]!, dependencies),
  ] as const;
  const [first, second] = runs;
  return emit('transfer', { runs }, options, () => {
    const rows: string[][] = [];
    for (const set of first.sets) {
      const other = second.sets.find((entry) => entry.name === set.name);
      const families = [...new Set([...set.families, ...(other?.families ?? [])].map((row) => row.family))].sort();
      for (const family of families) {
        const left = set.families.find((row) => row.family === family);
        const right = other?.families.find((row) => row.family === family);
        const change = (row: typeof left) => (row ? `${fixed(row.before, 2)} → ${fixed(row.after, 2)}` : '–');
        rows.push([
          set.name,
          family,
          String(left?.items ?? right?.items ?? 0),
          `${change(left)} / ${change(right)}`,
          `${left?.signalRollouts ?? 0} of ${left?.rollouts ?? 0} / ${right?.signalRollouts ?? 0} of ${right?.rollouts ?? 0}`,
        ]);
      }
    }
    return {
      title:
        `Held-out transfer by family, ${first.variant} (seed ${first.seed}) / ${second.variant} (seed ${second.seed}): ` +
        `greedy accuracy at epoch ${first.firstEpoch} → ${first.lastEpoch}, and the training rollouts with GRPO signal`,
      columns: ['set', 'family', 'items', 'accuracy', 'rollouts with signal'],
      rows,
      notes: runs.map(
        (run) =>
          `${run.variant} (seed ${run.seed}): ` +
          run.sets
            .map(
              (set) =>
                `${set.name} ${fixed(set.before, 3)} → ${fixed(set.after, 3)}, correlation of family gain with its ` +
                `share of signal ${fixed(set.gainSignalCorrelation, 2)}`,
            )
            .join('; '),
      ),
    };
  });
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
