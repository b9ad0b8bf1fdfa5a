import { createDomain, GenEnvError } from '../../src/index.ts';
import { createTrainableAgent } from '../../src/internal.ts';
import { readRunTransfer } from '../diagnostics/transfer-diagnostic.ts';
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';

/**
 * `transfer --runs A,B`: for each run, its first and last checkpoints' greedy accuracy on each held-out set, family
 * by family, beside the training rollouts (and those with GRPO signal) the agent had in the family.
 */
export async function transferSuite(options: DiagnosticOptions): Promise<string> {
  if (options.runs?.length !== 2) throw new GenEnvError('usage', 'transfer needs --runs A,B (two run directories)');
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
