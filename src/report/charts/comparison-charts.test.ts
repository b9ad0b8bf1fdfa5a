import { describe, expect, it } from 'vitest';
import { ComparisonSchema, type Comparison } from '../../interfaces/summary.ts';
import { confidenceInterval95 } from '../../util/statistics.ts';
import { dataEfficiencyChart } from './data-efficiency.ts';
import { variantIntervalsChart } from './variant-intervals.ts';
import { isStaticVariant, macroAverageScore } from './variant-statistics.ts';

function variant(name: string, samples: number, a: number[], b: number[]) {
  const perSeed = { a, b };
  return {
    variant: name,
    seeds: [1, 2, 3],
    perSeed,
    syntheticSamples: samples,
    runs: [],
    mean: { a: a.reduce((x, y) => x + y) / a.length, b: b.reduce((x, y) => x + y) / b.length },
    interval: { a: confidenceInterval95(a), b: confidenceInterval95(b) },
  };
}

const comparison: Comparison = ComparisonSchema.parse({
  preset: 'student',
  seeds: [1, 2, 3],
  variants: [
    variant('genenv', 60, [0.5, 0.6, 0.55], [0.4, 0.5, 0.45]),
    variant('static-3.3x', 200, [0.5, 0.52, 0.54], [0.4, 0.42, 0.44]),
    variant('random', 60, [0.4, 0.45, 0.5], [0.3, 0.35, 0.4]),
    variant('static', 60, [0.3, 0.35, 0.4], [0.2, 0.25, 0.3]),
    variant('static-2x', 120, [0.4, 0.42, 0.44], [0.3, 0.32, 0.34]),
  ],
});

type AnySeries = { type: string; name: string; data: unknown[]; xAxisIndex?: number };

describe('variant statistics', () => {
  it('averages held-out sets within each seed before the interval over seeds', () => {
    const score = macroAverageScore(comparison.variants[0]!)!;
    expect(score.perSeed).toEqual([0.45, 0.55, 0.5].map((value) => expect.closeTo(value, 12)));
    expect(score.mean).toBeCloseTo(0.5, 12);
    const [low, high] = confidenceInterval95([0.45, 0.55, 0.5]);
    expect(score.interval[0]).toBeCloseTo(low, 12);
    expect(score.interval[1]).toBeCloseTo(high, 12);
    // t(2) = 4.303, sd = 0.05, n = 3 → half width 0.1242.
    expect(high - 0.5).toBeCloseTo((4.303 * 0.05) / Math.sqrt(3), 6);
  });

  it('is null for a variant without values', () => {
    expect(macroAverageScore({ ...comparison.variants[0]!, perSeed: {} })).toBeNull();
  });

  it('recognises static variants at every data multiple', () => {
    expect(['static', 'static-2x', 'static-3.3x', 'genenv', 'staticky'].map(isStaticVariant)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('variant intervals chart', () => {
  const chart = variantIntervalsChart(comparison);
  const series = chart.option.series as unknown as AnySeries[];

  it('has per held-out set one bar per variant, its 95% interval and one dot per seed', () => {
    expect(series.map((entry) => entry.type)).toEqual(['bar', 'custom', 'scatter', 'bar', 'custom', 'scatter']);
    const bars = series[0]!.data as { value: number }[];
    expect(bars.map((bar) => bar.value)).toEqual(comparison.variants.map((entry) => entry.mean.a));
    const bars2 = series[3]!.data as { value: number }[];
    expect(bars2.map((bar) => bar.value)).toEqual(comparison.variants.map((entry) => entry.mean.b));
    expect(series[1]!.data).toEqual(
      comparison.variants.map((entry, index) => [index, entry.interval.a![0], entry.interval.a![1]]),
    );
    expect(series[2]!.data).toHaveLength(15);
    expect(chart.points).toBe(2 * (5 + 15));
  });

  it("keeps each seed dot inside its variant's band", () => {
    for (const [x] of series[2]!.data as [number, number][]) {
      expect(Math.abs(x - Math.round(x))).toBeLessThanOrEqual(0.15 + 1e-12);
    }
  });

  it('skips an interval that is not a number (a variant with no finished seed)', () => {
    const broken = {
      ...comparison,
      variants: [{ ...comparison.variants[0]!, interval: { a: [Number.NaN, Number.NaN] as [number, number] } }],
    };
    const brokenSeries = variantIntervalsChart(broken).option.series as unknown as AnySeries[];
    expect(brokenSeries[1]!.data).toEqual([]);
  });
});

describe('data efficiency chart', () => {
  const chart = dataEfficiencyChart(comparison);
  const series = chart.option.series as unknown as AnySeries[];

  it('joins static variants in order of synthetic samples', () => {
    const line = series.find((entry) => entry.type === 'line')!;
    const points = line.data as { value: [number, number]; name: string }[];
    expect(points.map((point) => point.name)).toEqual(['static', 'static-2x', 'static-3.3x']);
    expect(points.map((point) => point.value[0])).toEqual([60, 120, 200]);
    expect(points[2]!.value[1]).toBeCloseTo(0.47, 12);
  });

  it('draws other variants as single points with their interval', () => {
    const genenv = series.find((entry) => entry.type === 'scatter' && entry.name === 'genenv')!;
    expect((genenv.data[0] as { value: [number, number] }).value).toEqual([60, expect.closeTo(0.5, 12)]);
    const bars = series.find((entry) => entry.type === 'custom' && entry.name === 'genenv')!;
    const [x, low, high] = bars.data[0] as [number, number, number];
    expect(x).toBe(60);
    expect(low).toBeLessThan(0.5);
    expect(high).toBeGreaterThan(0.5);
    expect(chart.points).toBe(5);
  });
});
