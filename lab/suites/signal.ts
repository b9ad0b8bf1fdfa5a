import { GenEnvError } from '../../src/index.ts';
import { readRunSignal } from '../diagnostics/signal-diagnostic.ts';
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';

/**
 * `signal --runs A,B`: per epoch of two runs, the share of generated rollouts GRPO can learn from (instances with
 * both outcomes), the share of outcome variance between instances and the independent draws behind p̂.
 */
export async function signalSuite(options: DiagnosticOptions): Promise<string> {
  if (options.runs?.length !== 2) throw new GenEnvError('usage', 'signal needs --runs A,B (two run directories)');
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
