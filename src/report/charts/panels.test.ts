import { describe, expect, it } from 'vitest';
import { panelsOption } from './panels.ts';

type LineOption = { name: string; data: (number | string)[]; xAxisIndex: number; color: string; connectNulls: boolean };

describe('panelsOption', () => {
  const { option, width, height, points } = panelsOption(
    ['0', '1', '2'],
    [
      {
        title: 'a',
        yName: 'y',
        series: [
          { name: 'genenv', values: [0.1, null, 0.3] },
          { name: 'random', values: [0.2, 0.2, 0.2] },
        ],
      },
      {
        title: 'b',
        yName: 'y',
        yRange: [0, 1],
        series: [
          { name: 'random', values: [null, null, 0.5], connectNulls: true },
          { name: 'genenv', values: [1, 2, 3] },
        ],
      },
    ],
    { columns: 3, panelWidth: 200, panelHeight: 100, xName: 'epoch' },
  );
  const series = option.series as unknown as LineOption[];

  it('makes one grid and axis pair per panel, side by side', () => {
    expect(option.grid).toHaveLength(2);
    expect(option.xAxis).toHaveLength(2);
    expect(width).toBeGreaterThan(2 * 200);
    expect(height).toBeGreaterThan(100);
    expect(series.map((entry) => entry.xAxisIndex)).toEqual([0, 0, 1, 1]);
  });

  it('counts drawn points and turns missing values into gaps', () => {
    expect(points).toBe(2 + 3 + 1 + 3);
    expect(series[0]!.data).toEqual([0.1, '-', 0.3]);
    expect(series[2]!.connectNulls).toBe(true);
  });

  it('gives a series the same colour in every panel and one legend entry', () => {
    const colorOf = (name: string) =>
      new Set(series.filter((entry) => entry.name === name).map((entry) => entry.color));
    expect(colorOf('genenv').size).toBe(1);
    expect(colorOf('random').size).toBe(1);
    expect([...colorOf('genenv')][0]).not.toBe([...colorOf('random')][0]);
    expect((option.legend as { data: string[] }).data).toEqual(['genenv', 'random']);
  });

  it('lays four panels out as two rows of two', () => {
    const panel = { title: 'p', yName: 'y', series: [{ name: 's', values: [1] }] };
    const four = panelsOption(['0'], [panel, panel, panel, panel], {
      columns: 3,
      panelWidth: 200,
      panelHeight: 100,
      xName: 'epoch',
    });
    const lefts = new Set((four.option.grid as { left: number }[]).map((grid) => grid.left));
    expect(lefts.size).toBe(2);
  });
});
