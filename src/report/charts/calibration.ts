import type { EChartsOption } from 'echarts';
import type { EpochMetrics } from '../../interfaces/summary.ts';
import { baseOption, colorAt, countDrawn, type ChartSpec } from './chart-spec.ts';
import { boxStatistics, stripOffsets } from './box-statistics.ts';
import { epochAxis, meanOnAxis } from './epoch-series.ts';

/** The target band [α − k_min, α + k_min], clipped to [0, 1]. */
export function targetBand(alpha: number, kMin: number): [number, number] {
  return [Math.max(0, alpha - kMin), Math.min(1, alpha + kMin)];
}

/**
 * Calibration (paper Fig. 7): per epoch, the distribution of p̂ over the generated task types (box plot
 * plus one dot per task type), the mean success rate, and the target band α ± k_min that trains the
 * simulator. `runs` are pooled per epoch (one run, or several seeds of one variant).
 */
export function calibrationChart(
  runs: readonly EpochMetrics[][],
  alpha: number,
  kMin: number,
  options: { id?: string; title?: string } = {},
): ChartSpec {
  const axis = epochAxis(runs);
  const pooled = axis.map((epoch) =>
    runs.flatMap((epochs) => epochs.find((entry) => entry.epoch === epoch)?.successRates ?? []),
  );
  const boxes = pooled.map((values) => boxStatistics(values));
  // Dots live on a hidden value axis over [−0.5, E − 0.5], which lines up with the category bands.
  const dots: [number, number][] = [];
  pooled.forEach((values, position) => {
    const offsets = stripOffsets(values);
    values.forEach((value, index) => {
      dots.push([position + offsets[index]!, value]);
    });
  });
  const meanSuccess = meanOnAxis(axis, runs, (entry) => entry.successRate);
  // Calibration per task type: the share of task types whose own p̂ is in the band, beside the epoch's mean success,
  // which an epoch of always-solved and never-solved task types can hold at α by itself.
  const inBand = meanOnAxis(axis, runs, (entry) => entry.inBandFraction);
  const [low, high] = targetBand(alpha, kMin);
  // The band's values go in its legend entry: a label inside the plot would sit on top of the dots.
  const bandName = `α ± k_min = ${alpha} ± ${kMin}`;

  const width = Math.max(640, Math.min(1100, 160 + axis.length * 70));
  const height = 400;
  const option: EChartsOption = {
    ...baseOption(),
    legend: {
      top: 6,
      left: 'center',
      data: [
        'p̂ per task type',
        'distribution',
        'mean success rate',
        'share of task types in the band',
        { name: bandName, icon: 'rect', itemStyle: { color: 'rgba(44, 160, 44, 0.3)' } },
      ],
    },
    grid: { left: 72, right: 32, top: 48, bottom: 56 },
    xAxis: [
      { type: 'category', data: axis.map(String), name: 'epoch', nameLocation: 'middle', nameGap: 30 },
      { type: 'value', min: -0.5, max: axis.length - 0.5, show: false },
    ],
    yAxis: {
      type: 'value',
      min: 0,
      max: 1,
      axisLine: { show: true, onZero: false },
      name: 'p̂ (success rate of a task type)',
      nameLocation: 'middle',
      nameGap: 44,
      splitLine: { lineStyle: { color: '#e6e6e6' } },
    },
    series: [
      {
        type: 'line',
        name: bandName,
        data: [],
        color: '#2ca02c',
        markArea: {
          silent: true,
          itemStyle: { color: 'rgba(44, 160, 44, 0.12)' },
          label: { show: false },
          data: [[{ yAxis: low }, { yAxis: high }]],
        },
        markLine: {
          silent: true,
          symbol: 'none',
          lineStyle: { color: '#2a7a2a', type: 'dashed' },
          label: { formatter: `α = ${alpha}`, position: 'insideStartTop', color: '#2a7a2a' },
          data: [{ yAxis: alpha }],
        },
      },
      {
        type: 'boxplot',
        name: 'distribution',
        data: boxes.map((box) => box ?? '-'),
        boxWidth: ['30%', '60%'],
        itemStyle: { color: 'rgba(0, 114, 178, 0.08)', borderColor: colorAt(0) },
      },
      {
        type: 'scatter',
        name: 'p̂ per task type',
        xAxisIndex: 1,
        data: dots,
        symbolSize: 5,
        itemStyle: { color: colorAt(0), opacity: 0.55 },
      },
      {
        type: 'line',
        name: 'mean success rate',
        data: meanSuccess.map((value) => (value === null ? '-' : value)),
        connectNulls: true,
        showSymbol: true,
        showAllSymbol: true,
        symbolSize: 7,
        color: colorAt(1),
        lineStyle: { width: 2 },
      },
      {
        type: 'line',
        name: 'share of task types in the band',
        data: inBand.map((value) => (value === null ? '-' : value)),
        connectNulls: true,
        showSymbol: true,
        showAllSymbol: true,
        symbolSize: 6,
        symbol: 'diamond',
        color: colorAt(2),
        lineStyle: { width: 2, type: 'dashed' },
      },
    ],
  } as EChartsOption;
  return {
    id: options.id ?? 'calibration',
    title: options.title ?? 'Difficulty calibration',
    caption:
      `Distribution of the per-task-type success rate p̂ per epoch (box: quartiles; dots: task types) ` +
      `against the band α ± k_min = ${alpha} ± ${kMin} whose task types train the simulator (paper Fig. 7), the ` +
      'mean success rate and the share of task types whose own p̂ lies in the band (calibration per task type).',
    option,
    width,
    height,
    points: dots.length + boxes.filter((box) => box !== null).length + countDrawn(meanSuccess) + countDrawn(inBand),
  };
}
