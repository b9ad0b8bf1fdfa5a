import { describe, expect, it } from 'vitest';
import { fixtureEpoch } from '../../../test/support/report-fixtures.ts';
import type { EpochMetrics } from '../../interfaces/summary.ts';
import { colorAt } from './chart-spec.ts';
import { climbChart } from './climb.ts';
import {
  hasDifficultyLevels,
  levelCounts,
  levelRange,
  meanLevel,
  meanLevelSpread,
  meanShares,
} from './difficulty-levels.ts';

const base = fixtureEpoch({ variant: 'genenv', seed: 1, epochs: 3 }, 1);
/** An epoch with the given task types per level; `undefined` counts: a run stored before they were recorded. */
const epoch = (number: number, difficultyCounts?: Record<string, number>): EpochMetrics => {
  const { difficultyCounts: _, ...rest } = base;
  return difficultyCounts === undefined ? { ...rest, epoch: number } : { ...rest, epoch: number, difficultyCounts };
};

// Two seeds of a climbing variant, one of a variant that stays at level 1; epoch 0 generated nothing.
const climbing = [
  [epoch(0, {}), epoch(1, { '1': 3, '2': 1 }), epoch(2, { '2': 2, '3': 2 }), epoch(3, { '4': 4 })],
  [epoch(0, {}), epoch(1, { '1': 4 }), epoch(2, { '3': 4 }), epoch(3, { '3': 2, '5': 2 })],
];
const staying = [[epoch(0, {}), epoch(1, { '1': 4 }), epoch(2, { '0': 1, '1': 3 }), epoch(3, { '1': 4 })]];

type AnySeries = {
  type: string;
  name: string;
  data: unknown[];
  xAxisIndex: number;
  stack?: string;
  areaStyle?: object;
};
const seriesOf = (chart: { option: { series?: unknown } }) => chart.option.series as AnySeries[];
const titles = (chart: { option: { title?: unknown } }) =>
  (chart.option.title as { text: string }[]).map((title) => title.text);

describe('difficulty levels', () => {
  it('reads counts in ascending level and leaves out runs stored without them', () => {
    expect(levelCounts(epoch(1, { '10': 1, '2': 3, '-1': 1, '4': 0 }))).toEqual([
      [-1, 1],
      [2, 3],
      [10, 1],
    ]);
    expect(levelCounts(epoch(1))).toEqual([]);
    expect(hasDifficultyLevels([epoch(0, {}), epoch(1)])).toBe(false);
    expect(hasDifficultyLevels(climbing[0]!)).toBe(true);
  });

  it('spans the ladder from 0 to the highest level, gaps included', () => {
    expect(levelRange([epoch(1, { '2': 1 }), epoch(2, { '5': 1 })])).toEqual([0, 1, 2, 3, 4, 5]);
    expect(levelRange([epoch(1, { '-2': 1, '1': 1 })])).toEqual([-2, -1, 0, 1]);
    expect(levelRange([epoch(1)])).toEqual([]);
  });

  it('weights the mean level by count', () => {
    expect(meanLevel(epoch(1, { '1': 3, '2': 1 }))).toBe(1.25);
    expect(meanLevel(epoch(1, {}))).toBeNull();
    expect(meanLevel(epoch(1))).toBeNull();
  });

  it('averages the shares over the seeds that recorded the epoch', () => {
    const shares = meanShares([0, 1, 2, 9], [0, 1, 2, 3], climbing);
    expect(shares[0]).toEqual([null, null, null, null]);
    // Seed one: 3/4 at level 1 and 1/4 at 2; seed two: all at 1.
    expect(shares[1]).toEqual([0, 0.875, 0.125, 0]);
    expect(shares[2]).toEqual([0, 0, 0.25, 0.75]);
    expect(shares[3]).toEqual([null, null, null, null]);
    for (const column of shares.slice(1, 3)) expect(column.reduce((sum, share) => sum! + share!, 0)).toBeCloseTo(1, 12);
  });

  it("gives the seeds' mean level and their range per epoch", () => {
    expect(meanLevelSpread([0, 1, 2, 3], climbing)).toEqual({
      mean: [null, 1.125, 2.75, 4],
      low: [null, 1, 2.5, 4],
      high: [null, 1.25, 3, 4],
    });
  });
});

describe('climb chart', () => {
  const chart = climbChart([
    { name: 'genenv', runs: climbing },
    { name: 'random', runs: staying },
  ])!;
  const series = seriesOf(chart);

  it('draws the mean level, then one heatmap per variant', () => {
    expect(chart.id).toBe('climb');
    expect(titles(chart)).toEqual([
      'Mean difficulty level of the generated task types',
      'genenv: share per level (2 seeds)',
      'random: share per level (1 seed)',
    ]);
    expect(series.map((entry) => `${entry.type}:${entry.name}@${entry.xAxisIndex}`)).toEqual([
      'line:genenv@0',
      'line:genenv lowest seed@0',
      'line:genenv seed range@0',
      'line:random@0',
      'heatmap:genenv@1',
      'heatmap:random@2',
    ]);
    expect(series[0]!.data).toEqual(['-', 1.125, 2.75, 4]);
    expect(series[3]!.data).toEqual(['-', 1, 0.75, 1]);
  });

  it("stacks the seeds' range on the lowest seed as a band", () => {
    expect(series[1]!.data).toEqual(['-', 1, 2.5, 4]);
    expect(series[2]!.data).toEqual(['-', 0.25, 0.5, 0]);
    expect(series[1]!.stack).toBe(series[2]!.stack);
    expect(series[2]!.areaStyle).toBeDefined();
  });

  it('puts each non-zero share in its epoch column and level row, levels 0 to 5', () => {
    const yAxes = chart.option.yAxis as { data?: string[] }[];
    expect(yAxes[1]!.data).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(series[5]!.data).toEqual([
      [1, 1, 1],
      [2, 0, 0.25],
      [2, 1, 0.75],
      [3, 1, 1],
    ]);
    expect(series[4]!.data).toContainEqual([3, 5, 0.25]);
    const visualMap = chart.option.visualMap as { seriesIndex: number[]; max: number };
    expect(visualMap.seriesIndex).toEqual([4, 5]);
    expect(visualMap.max).toBe(1);
  });

  it('counts mean points and drawn cells, not the band', () => {
    const cells = (series[4]!.data.length as number) + (series[5]!.data.length as number);
    expect(chart.points).toBe(3 + 3 + cells);
  });

  it('leaves out variants without levels, and is null when no run recorded them', () => {
    const old = [[epoch(0), epoch(1), epoch(2)]];
    const partial = climbChart([
      { name: 'base', runs: old },
      { name: 'genenv', runs: climbing },
    ])!;
    // genenv keeps the colour it has in the other charts, second after base.
    expect((seriesOf(partial)[0] as unknown as { color: string }).color).toBe(colorAt(1));
    expect(titles(partial)).toEqual([
      'Mean difficulty level of the generated task types',
      'genenv: share per level (2 seeds)',
    ]);
    expect(climbChart([{ name: 'genenv', runs: old }])).toBeNull();
    expect(climbChart([{ name: 'genenv', runs: [[epoch(0, {}), epoch(1, {})]] }])).toBeNull();
    expect(climbChart([])).toBeNull();
  });
});
