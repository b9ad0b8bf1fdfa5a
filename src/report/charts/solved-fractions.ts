import type { ChartSpec } from './chart-spec.ts';
import { epochAxis, meanOnAxis } from './epoch-series.ts';
import { panelsOption } from './panels.ts';
import type { RunGroup } from './run-groups.ts';

/**
 * Problem-solving behaviour (paper Fig. 8): per epoch, the share of generated task types that every
 * rollout solved, and the share that no rollout solved. One curve per group.
 */
export function solvedFractionsChart(groups: readonly RunGroup[]): ChartSpec {
  const axis = epochAxis(groups.flatMap((group) => group.runs));
  const layout = panelsOption(
    axis.map(String),
    [
      {
        title: 'Fully solved task types',
        yName: 'fraction',
        yRange: [0, 1],
        series: groups.map((group) => ({
          name: group.name,
          values: meanOnAxis(axis, group.runs, (entry) => entry.solvedFraction),
        })),
      },
      {
        title: 'Unsolved task types',
        yName: 'fraction',
        yRange: [0, 1],
        series: groups.map((group) => ({
          name: group.name,
          values: meanOnAxis(axis, group.runs, (entry) => entry.unsolvedFraction),
        })),
      },
    ],
    { columns: 2, panelWidth: 380, panelHeight: 220, xName: 'epoch' },
  );
  return {
    id: 'solved-fractions',
    title: 'Fully solved and unsolved tasks',
    caption:
      "Share of generated task types solved by all of the agent's rollouts and by none of them, per epoch (paper " +
      'Fig. 8).',
    ...layout,
  };
}
