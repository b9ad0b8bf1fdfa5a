import type { EChartsOption } from 'echarts';
import type { Comparison } from '../../interfaces/summary.ts';
import { baseOption, colorAt, type ChartSpec } from './chart-spec.ts';
import { errorBarSeries } from './error-bars.ts';
import { heldOutSetsOf, isStaticVariant, macroAverageScore, type VariantScore } from './variant-statistics.ts';

/**
 * Data efficiency (paper Fig. 6b): final held-out accuracy (averaged over held-out sets per seed) against
 * the synthetic task samples a variant used. Static augmentation at several data multiples is one line;
 * every other variant is one point. Whiskers are 95% intervals over seeds.
 */
export function dataEfficiencyChart(comparison: Comparison): ChartSpec {
  const scores = comparison.variants.map(macroAverageScore).filter((score): score is VariantScore => score !== null);
  const staticScores = scores
    .filter((score) => isStaticVariant(score.variant))
    .sort((a, b) => a.syntheticSamples - b.syntheticSamples);
  const others = scores.filter((score) => !isStaticVariant(score.variant));
  const sets = heldOutSetsOf(comparison);
  const series: object[] = [];
  const legend: string[] = [];
  const colorOf = (name: string) => colorAt(comparison.variants.findIndex((variant) => variant.variant === name));
  if (staticScores.length > 0) {
    const color = colorOf(staticScores[0]!.variant);
    legend.push('static');
    series.push({
      type: 'line',
      name: 'static',
      data: staticScores.map((score) => ({ value: [score.syntheticSamples, score.mean], name: score.variant })),
      showSymbol: true,
      showAllSymbol: true,
      symbol: 'rect',
      symbolSize: 9,
      color,
      lineStyle: { width: 2, type: 'dashed' },
      label: { show: true, position: 'right', distance: 10, formatter: '{b}', color: '#444' },
    });
    series.push(
      errorBarSeries(
        'static',
        staticScores.map((score) => [score.syntheticSamples, score.interval[0], score.interval[1]]),
        color,
      ),
    );
  }
  for (const score of others) {
    const color = colorOf(score.variant);
    legend.push(score.variant);
    series.push({
      type: 'scatter',
      name: score.variant,
      data: [{ value: [score.syntheticSamples, score.mean], name: score.variant }],
      symbol: score.variant === 'genenv' ? 'diamond' : 'circle',
      symbolSize: score.variant === 'genenv' ? 16 : 11,
      color,
      label: { show: true, position: 'right', distance: 12, formatter: '{b}', color: '#222', fontWeight: 600 },
    });
    series.push(errorBarSeries(score.variant, [[score.syntheticSamples, score.interval[0], score.interval[1]]], color));
  }
  const yName =
    sets.length === 1
      ? `final held-out accuracy (${sets[0]})`
      : `final held-out accuracy (mean of ${sets.length} sets)`;
  const option: EChartsOption = {
    ...baseOption(),
    legend: { top: 6, left: 'center', data: legend },
    grid: { left: 72, right: 110, top: 48, bottom: 60 },
    xAxis: {
      type: 'value',
      name: 'synthetic task samples used for training',
      nameLocation: 'middle',
      nameGap: 32,
      min: 0,
      splitLine: { lineStyle: { color: '#eeeeee' } },
    },
    yAxis: {
      type: 'value',
      name: yName,
      nameLocation: 'middle',
      nameGap: 46,
      scale: true,
      splitLine: { lineStyle: { color: '#e6e6e6' } },
    },
    series,
  } as EChartsOption;
  return {
    id: 'data-efficiency',
    title: 'Data efficiency',
    caption:
      'Final held-out accuracy against synthetic task samples used: static augmentation at several data ' +
      'multiples (dashed line) versus the other variants (points), with 95% intervals over seeds (paper Fig. 6b).',
    option,
    width: 760,
    height: 420,
    points: scores.length,
  };
}
