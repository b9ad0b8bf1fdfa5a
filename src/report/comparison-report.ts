import { relative } from 'node:path';
import { calibrationChart } from './charts/calibration.ts';
import { climbChart } from './charts/climb.ts';
import { curriculumChart } from './charts/curriculum.ts';
import { dataEfficiencyChart } from './charts/data-efficiency.ts';
import type { RunGroup } from './charts/run-groups.ts';
import { solvedFractionsChart } from './charts/solved-fractions.ts';
import { trainingCurvesChart } from './charts/training-curves.ts';
import { trainingDynamicsChart } from './charts/training-dynamics.ts';
import { variantIntervalsChart } from './charts/variant-intervals.ts';
import { heldOutSetsOf } from './charts/variant-statistics.ts';
import type { ComparisonData } from './comparison-data.ts';
import { diagnosticsSection } from './diagnostics.ts';
import { escapeHtml, formatNumber } from './html/escape.ts';
import { chartFigure, renderPage, type Fact, type Section } from './html/page.ts';
import { flattenConfig, htmlTable, type Cell } from './html/tables.ts';

/** Mean ± 95% interval per variant and held-out set. */
function resultsTable(data: ComparisonData): string {
  const sets = heldOutSetsOf(data.comparison);
  const rows = data.comparison.variants.map((variant) => [
    variant.variant,
    { text: String(variant.syntheticSamples), className: 'number' },
    ...sets.map((set): Cell => {
      const center = variant.mean[set];
      const interval = variant.interval[set];
      if (center === undefined) return { text: '—', className: 'number' };
      const half = interval ? Math.max(center - interval[0], interval[1] - center) : Number.NaN;
      return {
        text:
          `${formatNumber(center)} ± ${formatNumber(half)}  [${formatNumber(interval?.[0])}, ` +
          `${formatNumber(interval?.[1])}]`,
        className: 'number',
      };
    }),
    variant.seeds.join(', '),
  ]);
  return htmlTable(
    'results',
    ['variant', 'synthetic samples', ...sets.map((set) => `${set}: mean ± 95% interval`), 'seeds'],
    rows,
  );
}

/**
 * Data efficiency as the paper's "less data" claim states it: per variant, the rollouts it took to reach the strongest
 * baseline's final test-hard (comparison.json `rolloutsToReach`), with the line that defines them.
 */
function reachSection(data: ComparisonData): Section {
  const reach = data.comparison.rolloutsToReach;
  if (reach === undefined)
    return {
      heading: 'Rollouts to reach the strongest baseline',
      html:
        '<p class="note">comparison.json holds no rollouts to reach: it was written before them, or no run ' +
        'evaluated test-hard, or every variant is genenv. <code>genenv compare --collect</code> with the ' +
        "comparison's own flags writes them from its runs.</p>",
    };
  const rows = reach.variants.map((figure): (string | Cell)[] => [
    figure.variant,
    { text: formatNumber(figure.epoch), className: 'number' },
    { text: figure.rollouts === null ? 'not reached' : formatNumber(Math.round(figure.rollouts)), className: 'number' },
    { text: figure.share === null ? '—' : `${figure.share.toFixed(2)}×`, className: 'number' },
    {
      text: `${figure.perSeed.filter((seed) => seed.epoch !== null).length} of ${figure.perSeed.length}`,
      className: 'number',
    },
    { text: formatNumber(Math.round(figure.budget)), className: 'number' },
  ]);
  const definition =
    `The first epoch that evaluated ${reach.set} whose accuracy, mean over a variant's seeds, is at least ` +
    `${reach.baseline}'s final ${formatNumber(reach.target)} (the strongest of ${reach.baselines.join(', ')}), and ` +
    `the rollouts spent on generated task types by then, mean over seeds, also as a share of ${reach.baseline}'s; ` +
    "beside them the seeds whose own curve reaches the target, and the rollouts of the variant's whole run." +
    (reach.counted
      ? ' Some runs stored no rollout count (budget/rolloutsTotal): their rollouts are counted as epoch × ' +
        'tasksPerEpoch × n × G.'
      : '');
  return {
    heading: `Rollouts to reach ${reach.baseline}'s final ${reach.set}`,
    html:
      `<p class="note">${escapeHtml(definition)}</p>` +
      htmlTable(
        'rollouts-to-reach',
        [
          'variant',
          'epoch reached',
          'rollouts by then',
          `share of ${reach.baseline}'s`,
          'seeds that reach it',
          'rollouts in the run',
        ],
        rows,
      ),
  };
}

/** Every run of the comparison: variant, seed, folder, epochs and wall time. */
function runsTable(data: ComparisonData): string {
  const rows: (string | Cell)[][] = [];
  for (const [variant, runs] of data.runsByVariant) {
    for (const run of runs) {
      rows.push([
        variant,
        { text: String(run.summary.seed), className: 'number' },
        { text: relative(data.directory, run.directory) || '.', className: 'mono' },
        { text: `${run.summary.completedEpochs} / ${run.config.epochs}`, className: 'number' },
        { text: String(run.summary.syntheticSamples), className: 'number' },
        { text: formatNumber(run.summary.wallSeconds, 1), className: 'number' },
      ]);
    }
  }
  return htmlTable('runs', ['variant', 'seed', 'run directory', 'epochs', 'synthetic samples', 'wall seconds'], rows);
}

/**
 * Resolved config of each variant's first run side by side (the seed apart, seeds of a variant share it);
 * cells that differ from the first variant are highlighted.
 */
function configTable(data: ComparisonData): string {
  const variants = [...data.runsByVariant.entries()].filter(([, runs]) => runs.length > 0);
  const columns = variants.map(
    ([, runs]) => new Map(flattenConfig({ ...runs[0]!.config, seed: undefined }).filter(([key]) => key !== 'seed')),
  );
  const keys = [...new Set(columns.flatMap((column) => [...column.keys()]))].sort((a, b) => a.localeCompare(b));
  const rows = keys.map((key) => {
    const reference = columns[0]?.get(key) ?? '';
    return [
      { text: key, className: 'mono' },
      ...columns.map((column): Cell => {
        const value = column.get(key) ?? '';
        return { text: value, className: value === reference ? 'mono' : 'mono differs' };
      }),
    ];
  });
  return htmlTable('config', ['setting', ...variants.map(([variant]) => variant)], rows);
}

/** The report of a comparison directory as a complete HTML document. */
export function comparisonReportHtml(data: ComparisonData, generatedAt: string): string {
  const { comparison } = data;
  const groups: RunGroup[] = [...data.runsByVariant.entries()].map(([name, runs]) => ({
    name,
    runs: runs.map((run) => run.epochs),
  }));
  const firstRun = [...data.runsByVariant.values()].flat()[0];
  const alpha = firstRun?.config.alpha ?? 0.5;
  const kMin = firstRun?.config.kMin ?? 0.1;
  const calibrations = [...data.runsByVariant.entries()]
    .filter(([, runs]) => runs.some((run) => run.epochs.some((entry) => entry.successRates.length > 0)))
    .map(([variant, runs]) =>
      calibrationChart(
        runs.map((run) => run.epochs),
        runs[0]!.config.alpha,
        runs[0]!.config.kMin,
        {
          id: `calibration-${variant}`,
          title: `Difficulty calibration: ${variant} (${runs.length} seed${runs.length === 1 ? '' : 's'} pooled)`,
        },
      ),
    );
  const facts: Fact[] = [
    { label: 'preset', value: comparison.preset },
    { label: 'variants', value: String(comparison.variants.length) },
    { label: 'seeds', value: comparison.seeds.join(', ') },
    { label: 'α ± k_min', value: `${alpha} ± ${kMin}` },
  ];
  const sections = [
    {
      heading: 'Results',
      html:
        resultsTable(data) +
        chartFigure(variantIntervalsChart(comparison)) +
        chartFigure(dataEfficiencyChart(comparison)),
    },
    reachSection(data),
    {
      heading: 'Training (mean over seeds per variant)',
      html: [
        trainingCurvesChart(groups),
        trainingDynamicsChart(groups),
        curriculumChart(groups, alpha),
        climbChart(groups),
        solvedFractionsChart(groups),
      ]
        .filter((chart) => chart !== null)
        .map(chartFigure)
        .join('\n'),
    },
    {
      heading: 'Calibration',
      html:
        calibrations.length > 0
          ? `<div class="chart-grid">${calibrations.map(chartFigure).join('\n')}</div>`
          : '<p class="note">No run recorded per-task-type success rates.</p>',
    },
    ...diagnosticsSection(data.directory),
    { heading: 'Runs and seeds', html: runsTable(data) },
    { heading: 'Resolved configuration per variant', html: configTable(data) },
  ];
  return renderPage(`GenEnv comparison · ${comparison.preset}`, data.directory, facts, sections, generatedAt);
}
