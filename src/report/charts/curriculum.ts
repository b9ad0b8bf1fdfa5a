import type { ChartSpec } from './chart-spec.ts';
import { epochAxis, meanOnAxis, recordKeys } from './epoch-series.ts';
import { panelsOption, type Panel } from './panels.ts';
import { allEpochs, type RunGroup } from './run-groups.ts';

/**
 * Emergent curriculum (paper Fig. 5): each task-complexity feature of the generated tasks, the agent's
 * response length and its success rate on generated tasks, per epoch. One panel per feature because the
 * features have unrelated scales (chain length vs description length in characters).
 */
export function curriculumChart(groups: readonly RunGroup[], alpha: number): ChartSpec {
  const axis = epochAxis(groups.flatMap((group) => group.runs));
  const features = recordKeys(allEpochs(groups), 'taskComplexity');
  const panels: Panel[] = [
    ...features.map(
      (feature): Panel => ({
        title: `Task complexity: ${feature}`,
        yName: feature,
        series: groups.map((group) => ({
          name: group.name,
          values: meanOnAxis(axis, group.runs, (entry) => entry.taskComplexity[feature]),
        })),
      }),
    ),
    {
      title: 'Agent response length',
      yName: 'characters',
      series: groups.map((group) => ({
        name: group.name,
        values: meanOnAxis(axis, group.runs, (entry) => entry.responseLength),
      })),
    },
    {
      title: `Success rate on generated tasks (α = ${alpha})`,
      yName: 'success rate',
      yRange: [0, 1],
      series: groups.map((group) => ({
        name: group.name,
        values: meanOnAxis(axis, group.runs, (entry) => entry.successRate),
      })),
    },
  ];
  const layout = panelsOption(axis.map(String), panels, {
    columns: 3,
    panelWidth: 300,
    panelHeight: 200,
    xName: 'epoch',
  });
  return {
    id: 'curriculum',
    title: 'Emergent curriculum',
    caption:
      "Mean difficulty features of the task types the simulator generated, the agent's mean response length, and " +
      'its success rate on those tasks, per epoch (paper Fig. 5).',
    ...layout,
  };
}
