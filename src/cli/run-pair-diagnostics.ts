/**
 * The diagnostics of two finished runs (`--runs A,B`, genenv against random, say): the emergent curriculum per epoch
 * and per family (`curriculum`), the rollouts GRPO can learn from (`signal`) and the held-out gain family by family
 * (`transfer`). Each reads the runs' stores read-only.
 */
import { GenEnvError } from '../interfaces/errors.ts';
import type { RunCurriculum } from '../experiments/curriculum-diagnostic.ts';
import type { FamilyCurriculum } from '../curriculum/emergent-curriculum.ts';
import { type DiagnosticOptions, emit, fixed } from './diagnostic-output.ts';

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
