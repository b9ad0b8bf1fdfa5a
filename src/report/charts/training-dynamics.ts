import type { ChartSpec } from './chart-spec.ts';
import { epochAxis, heldOutSeries, meanOnAxis, recordKeys } from './epoch-series.ts';
import { panelsOption, type Panel } from './panels.ts';
import { allEpochs, type RunGroup } from './run-groups.ts';

/**
 * Training dynamics (paper Fig. 4): agent reward, mean simulator reward R_env, and held-out accuracy
 * per held-out set, per epoch. One curve per group (a run, or a variant's seeds averaged).
 */
export function trainingDynamicsChart(groups: readonly RunGroup[]): ChartSpec {
  const axis = epochAxis(groups.flatMap((group) => group.runs));
  const heldOutSets = recordKeys(allEpochs(groups), 'heldOutAccuracy');
  const panels: Panel[] = [
    {
      title: 'Agent reward (GRPO, mean per rollout)',
      yName: 'reward',
      series: groups.map((group) => ({
        name: group.name,
        values: meanOnAxis(axis, group.runs, (entry) => entry.agentReward),
      })),
    },
    {
      title: 'Simulator reward R_env (mean per task type)',
      yName: 'R_env',
      series: groups.map((group) => ({
        name: group.name,
        values: meanOnAxis(axis, group.runs, (entry) => entry.envReward),
      })),
    },
    ...heldOutSets.map(
      (set): Panel => ({
        title: `Held-out accuracy: ${set}`,
        yName: 'accuracy',
        yRange: [0, 1],
        series: groups.map((group) => heldOutSeries(group.name, axis, group.runs, set)),
      }),
    ),
  ];
  const layout = panelsOption(axis.map(String), panels, {
    columns: 3,
    panelWidth: 300,
    panelHeight: 200,
    xName: 'epoch',
  });
  return {
    id: 'training-dynamics',
    title: 'Training dynamics',
    caption:
      'Agent reward, simulator reward and held-out accuracy per epoch (paper Fig. 4). Epoch 0 is the evaluation ' +
      'after the warm start, before any co-evolution update.',
    ...layout,
  };
}
