import { diagnosticsSection } from './diagnostics.ts';
import { calibrationChart } from './charts/calibration.ts';
import { climbChart } from './charts/climb.ts';
import { curriculumChart } from './charts/curriculum.ts';
import { recordKeys } from './charts/epoch-series.ts';
import { solvedFractionsChart } from './charts/solved-fractions.ts';
import { trainingCurvesChart } from './charts/training-curves.ts';
import { trainingDynamicsChart } from './charts/training-dynamics.ts';
import { formatNumber } from './html/escape.ts';
import { chartFigure, renderPage, type Fact } from './html/page.ts';
import { flattenConfig, htmlTable } from './html/tables.ts';
import type { RunData } from './run-data.ts';

/** Per-epoch numbers as a table, for readers who want the values behind the curves. */
function epochTable(run: RunData): string {
  const sets = recordKeys(run.epochs, 'heldOutAccuracy');
  const header = [
    'epoch',
    'success rate',
    'in band',
    'R_env',
    'agent reward',
    ...sets.map((set) => `held-out: ${set}`),
    'solved',
    'unsolved',
    'response length',
    'invalid proposals',
    'synthetic samples',
  ];
  const number = (value: number | null | undefined, digits = 3) => ({
    text: formatNumber(value, digits),
    className: 'number',
  });
  const rows = run.epochs.map((entry) => [
    number(entry.epoch),
    number(entry.successRate),
    number(entry.inBandFraction),
    number(entry.envReward),
    number(entry.agentReward),
    ...sets.map((set) => number(entry.heldOutAccuracy[set])),
    number(entry.solvedFraction),
    number(entry.unsolvedFraction),
    number(entry.responseLength, 1),
    number(entry.invalidProposals),
    number(entry.syntheticSamples),
  ]);
  return htmlTable('epochs', header, rows);
}

/** The report of one run directory as a complete HTML document. */
export function runReportHtml(run: RunData, generatedAt: string): string {
  const { config, summary } = run;
  const group = [{ name: summary.variant, runs: [run.epochs] }];
  // Final accuracy per held-out set: the latest epoch that evaluated it (sets may be evaluated every few epochs).
  const finalHeldOut = new Map<string, number>();
  for (const entry of run.epochs)
    for (const [set, value] of Object.entries(entry.heldOutAccuracy)) finalHeldOut.set(set, value);
  const facts: Fact[] = [
    { label: 'variant', value: summary.variant },
    { label: 'seed', value: String(summary.seed) },
    { label: 'epochs completed', value: `${summary.completedEpochs} / ${config.epochs}` },
    { label: 'synthetic samples', value: String(summary.syntheticSamples) },
    { label: 'wall time', value: `${formatNumber(summary.wallSeconds, 1)} s` },
    ...[...finalHeldOut].map(([set, value]) => ({ label: `final held-out: ${set}`, value: formatNumber(value) })),
  ];
  const charts = [
    trainingCurvesChart(group),
    trainingDynamicsChart(group),
    curriculumChart(group, config.alpha),
    climbChart(group),
    calibrationChart([run.epochs], config.alpha, config.kMin),
    solvedFractionsChart(group),
  ].filter((chart) => chart !== null);
  const configRows = flattenConfig(config).map(([key, value]) => [
    { text: key, className: 'mono' },
    { text: value, className: 'mono' },
  ]);
  return renderPage(
    `GenEnv run · ${summary.preset} · ${summary.variant} · seed ${summary.seed}`,
    `Domain ${summary.domain} · ${run.directory}`,
    facts,
    [
      { heading: 'Charts', html: charts.map(chartFigure).join('\n') },
      { heading: 'Per-epoch metrics', html: epochTable(run) },
      ...diagnosticsSection(run.directory),
      { heading: 'Resolved configuration', html: htmlTable('config', ['setting', 'value'], configRows) },
    ],
    generatedAt,
  );
}
