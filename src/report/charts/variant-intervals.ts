import type { EChartsOption } from 'echarts';
import type { Comparison } from '../../interfaces/summary.ts';
import { baseOption, colorAt, type ChartSpec } from './chart-spec.ts';
import { errorBarSeries } from './error-bars.ts';
import { heldOutSetsOf } from './variant-statistics.ts';

const PANEL = { width: 360, height: 240, left: 64, right: 24, top: 44, bottom: 60 };

/**
 * Variants compared (paper Fig. 6a): per held-out set, the mean final accuracy of each variant (bar), its
 * 95% interval over seeds (error bar) and each seed's value (dot). One panel per held-out set.
 */
export function variantIntervalsChart(comparison: Comparison): ChartSpec {
  const sets = heldOutSetsOf(comparison);
  const names = comparison.variants.map((variant) => variant.variant);
  const columns = Math.min(3, Math.max(1, sets.length));
  const cellWidth = PANEL.left + PANEL.width + PANEL.right;
  const cellHeight = PANEL.top + PANEL.height + PANEL.bottom;
  // No legend: bars take the variant colours and the caption names bar, whiskers and dots.
  const legendHeight = 8;
  const grids: object[] = [];
  const xAxes: object[] = [];
  const yAxes: object[] = [];
  const titles: object[] = [];
  const series: object[] = [];
  let points = 0;
  sets.forEach((set, panel) => {
    const left = (panel % columns) * cellWidth + PANEL.left;
    const top = legendHeight + Math.floor(panel / columns) * cellHeight + PANEL.top;
    grids.push({ left, top, width: PANEL.width, height: PANEL.height });
    titles.push({
      text: `Final held-out accuracy: ${set}`,
      left: left + PANEL.width / 2,
      top: top - 32,
      textAlign: 'center',
      textStyle: { fontSize: 13, fontWeight: 600 },
    });
    xAxes.push({
      type: 'category',
      gridIndex: panel,
      data: names,
      axisLabel: { interval: 0, rotate: names.length > 5 ? 30 : 0 },
    });
    // A hidden value axis over the same bands carries the per-seed dots, offset so they do not overlap.
    xAxes.push({ type: 'value', gridIndex: panel, min: -0.5, max: names.length - 0.5, show: false });
    yAxes.push({
      type: 'value',
      gridIndex: panel,
      min: 0,
      max: 1,
      axisLine: { show: true, onZero: false },
      name: 'accuracy',
      nameLocation: 'middle',
      nameGap: 44,
      splitLine: { lineStyle: { color: '#e6e6e6' } },
    });
    const categoryAxis = panel * 2;
    const bars = comparison.variants.map((variant, index) => {
      const value = variant.mean[set];
      return value === undefined ? '-' : { value, itemStyle: { color: colorAt(index), opacity: 0.8 } };
    });
    points += bars.filter((bar) => bar !== '-').length;
    series.push({
      type: 'bar',
      name: 'mean',
      xAxisIndex: categoryAxis,
      yAxisIndex: panel,
      data: bars,
      barWidth: '55%',
      color: '#888',
    });
    const intervals: [number, number, number][] = [];
    comparison.variants.forEach((variant, index) => {
      const interval = variant.interval[set];
      if (interval && Number.isFinite(interval[0]) && Number.isFinite(interval[1]))
        intervals.push([index, interval[0], interval[1]]);
    });
    series.push(errorBarSeries('95% interval', intervals, '#222', { xAxisIndex: categoryAxis, yAxisIndex: panel }));
    const dots: [number, number][] = [];
    comparison.variants.forEach((variant, index) => {
      const values = variant.perSeed[set] ?? [];
      values.forEach((value, seed) => {
        dots.push([index + (values.length > 1 ? (seed / (values.length - 1) - 0.5) * 0.3 : 0), value]);
      });
    });
    points += dots.length;
    series.push({
      type: 'scatter',
      name: 'per seed',
      xAxisIndex: categoryAxis + 1,
      yAxisIndex: panel,
      data: dots,
      symbolSize: 6,
      itemStyle: { color: '#222', opacity: 0.7 },
    });
  });
  const rows = Math.ceil(sets.length / columns);
  const option: EChartsOption = {
    ...baseOption(),
    title: titles,
    grid: grids,
    xAxis: xAxes,
    yAxis: yAxes,
    series,
  } as EChartsOption;
  return {
    id: 'variants',
    title: 'Variants compared',
    caption:
      `Final held-out accuracy per variant: bar = mean over ${comparison.seeds.length} seed(s), whiskers ` +
      `= 95% Student-t interval of the mean, dots = individual seeds (paper Fig. 6a).`,
    option,
    width: columns * cellWidth,
    height: rows * cellHeight + legendHeight,
    points,
  };
}
