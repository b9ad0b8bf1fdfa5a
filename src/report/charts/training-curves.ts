import type { ExtraMetricName } from '../../interfaces/metrics.ts';
import type { EpochMetrics } from '../../interfaces/summary.ts';
import type { ChartSpec } from './chart-spec.ts';
import { countDrawn } from './chart-spec.ts';
import { epochAxis, heldOutSeries, meanOnAxis, recordKeys } from './epoch-series.ts';
import { panelsOption, type Panel } from './panels.ts';
import { allEpochs, type RunGroup } from './run-groups.ts';

/**
 * One curve of the grid: a title, its y axis, and the value per epoch. `extra` names are alternatives where players
 * measure one idea by different quantities (the built-in agent's rollouts with a signal, the student's variance): the
 * first name any epoch records is charted, with its own y axis name where it has one. A quantity has one name
 * whatever the player (stored runs' older names are read back under it, `interfaces/retired-metric-names.ts`).
 */
interface Curve {
  title: string;
  yName: string;
  yRange?: [number, number];
  extra?: readonly (ExtraMetricName | { name: ExtraMetricName; yName: string; yRange?: [number, number] })[];
  pick?: (entry: EpochMetrics) => number | null | undefined;
}

const CURVES: readonly Curve[] = [
  { title: 'Agent loss (GRPO objective)', yName: 'loss', extra: ['agent/loss'] },
  { title: 'Agent KL to its reference', yName: 'nats per token', extra: ['agent/kl'] },
  { title: 'Agent KL, the largest token', yName: 'nats', extra: ['agent/klMax'] },
  { title: 'Agent tokens whose KL was clamped', yName: 'tokens', extra: ['agent/klClampedTokens'] },
  { title: 'Agent gradient norm before clipping', yName: 'norm (mean of the steps)', extra: ['agent/gradientNorm'] },
  { title: 'Agent gradient norm, the largest step', yName: 'norm', extra: ['agent/gradientNormMax'] },
  { title: 'Agent entropy', yName: 'nats per token', extra: ['agent/entropy'] },
  {
    title: 'Learning signal',
    yName: 'rollouts',
    // The builtin agent counts the rollouts with a non-zero advantage; the student gives 4·Var(rewards) per group.
    extra: [
      { name: 'agent/sequencesWithSignal', yName: 'rollouts with advantage ≠ 0' },
      { name: 'agent/learningSignal', yName: 'mean 4·Var(reward)', yRange: [0, 1] },
    ],
  },
  {
    title: 'Task types with both outcomes',
    yName: 'share',
    yRange: [0, 1],
    // Neither all solved nor all failed: the groups whose rollouts disagree, the only ones GRPO learns from.
    pick: (entry) =>
      entry.solvedFraction === null || entry.unsolvedFraction === null
        ? null
        : 1 - entry.solvedFraction - entry.unsolvedFraction,
  },
  {
    title: 'Simulator KL to its initial policy',
    yName: 'nats',
    extra: ['simulator/klToInitial'],
  },
  {
    title: 'Simulator KL per update',
    yName: 'nats',
    extra: ['simulator/updateKl'],
  },
  { title: 'Simulator entropy', yName: 'nats', extra: ['simulator/entropy'] },
  {
    title: 'Success on generated tasks',
    yName: 'success rate',
    yRange: [0, 1],
    pick: (entry) => entry.successRate,
  },
  { title: 'In-band share of task types', yName: 'share', yRange: [0, 1], pick: (entry) => entry.inBandFraction },
];

/**
 * How `curve` reads an epoch, and its y axis: its `pick`, or the first of its `extra` names that `epochs` record;
 * null when none does. Pure.
 */
function reader(curve: Curve, epochs: readonly EpochMetrics[]) {
  if (curve.pick) return { pick: curve.pick, yName: curve.yName, yRange: curve.yRange };
  const found = curve.extra
    ?.map((candidate) => (typeof candidate === 'string' ? { name: candidate } : candidate))
    .find(({ name }) => epochs.some((entry) => entry.extra[name] !== undefined));
  if (!found) return null;
  return {
    pick: (entry: EpochMetrics) => entry.extra[found.name],
    yName: 'yName' in found ? found.yName : curve.yName,
    yRange: 'yRange' in found ? found.yRange : curve.yRange,
  };
}

/**
 * The curves an RL user watches while a run trains, per epoch: the agent's loss, KL and entropy, its learning
 * signal and the share of task types with both outcomes, the simulator's KL (to its start and per update) and
 * entropy, success and in-band share on generated tasks, and held-out accuracy (one line per set). Panels whose
 * metric no epoch records (a player that reports no loss) are left out. One curve per group (a run, or a
 * variant's seeds averaged); with one group, held-out sets share one panel. Pure.
 */
export function trainingCurvesChart(groups: readonly RunGroup[]): ChartSpec {
  const axis = epochAxis(groups.flatMap((group) => group.runs));
  const epochs = allEpochs(groups);
  const panels: Panel[] = [];
  for (const curve of CURVES) {
    const read = reader(curve, epochs);
    if (!read) continue;
    const series = groups.map((group) => ({ name: group.name, values: meanOnAxis(axis, group.runs, read.pick) }));
    if (series.every((line) => countDrawn(line.values) === 0)) continue;
    panels.push({ title: curve.title, yName: read.yName, yRange: read.yRange, series });
  }
  const sets = recordKeys(epochs, 'heldOutAccuracy');
  if (sets.length > 0) {
    panels.push({
      title: 'Held-out accuracy',
      yName: 'accuracy',
      yRange: [0, 1],
      series: groups.flatMap((group) =>
        sets.map((set) => heldOutSeries(groups.length === 1 ? set : `${group.name} · ${set}`, axis, group.runs, set)),
      ),
    });
  }
  const layout = panelsOption(axis.map(String), panels, {
    columns: 3,
    panelWidth: 300,
    panelHeight: 180,
    xName: 'epoch',
  });
  return {
    id: 'training-curves',
    title: 'Training curves',
    caption:
      'What the two players do as the run trains, per epoch: the agent’s GRPO loss, KL and entropy and how many ' +
      'rollouts carry a learning signal; the simulator’s KL and entropy under RWR; the agent’s success and the ' +
      'in-band share on generated tasks; held-out accuracy. Panels appear for the metrics the players record ' +
      '(metrics.csv and docs/metrics.md list them).',
    ...layout,
  };
}
