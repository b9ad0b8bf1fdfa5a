import type { EChartsOption } from 'echarts';
import { baseOption, colorAt, countDrawn } from './chart-spec.ts';

/** One line of a panel: values aligned with the shared x categories, null for a missing epoch. */
export interface LineSeries {
  name: string;
  values: (number | null)[];
  /** Join across missing epochs (metrics logged every few epochs) instead of leaving gaps. */
  connectNulls?: boolean;
  dashed?: boolean;
}

/** One small chart of a grid of charts that share the x axis. */
export interface Panel {
  title: string;
  yName: string;
  /** Fixed y range, e.g. [0, 1] for rates; omitted → fitted to the data. */
  yRange?: [number, number];
  series: LineSeries[];
}

export interface PanelLayout {
  columns: number;
  panelWidth: number;
  panelHeight: number;
  xName: string;
}

const MARGIN = { left: 64, right: 24, top: 40, bottom: 52 };
const LEGEND_HEIGHT = 36;

/**
 * Lays out line panels as small multiples (paper Figs. 4, 5, 8 put related curves side by side).
 * Series with the same name get the same colour in every panel and one legend entry.
 * Returns the option, the canvas size in pixels, and the number of points drawn.
 */
export function panelsOption(
  categories: readonly string[],
  panels: readonly Panel[],
  layout: PanelLayout,
): { option: EChartsOption; width: number; height: number; points: number } {
  // Four panels read better as 2 × 2 than as 3 + 1.
  const columns = Math.max(1, Math.min(panels.length === 4 ? 2 : layout.columns, panels.length));
  const rows = Math.ceil(panels.length / columns);
  const cellWidth = layout.panelWidth + MARGIN.left + MARGIN.right;
  const cellHeight = layout.panelHeight + MARGIN.top + MARGIN.bottom;
  const width = columns * cellWidth;
  const height = rows * cellHeight + LEGEND_HEIGHT;

  const names: string[] = [];
  for (const panel of panels) for (const line of panel.series) if (!names.includes(line.name)) names.push(line.name);

  const grids: object[] = [];
  const xAxes: object[] = [];
  const yAxes: object[] = [];
  const titles: object[] = [];
  const series: object[] = [];
  let points = 0;
  panels.forEach((panel, panelIndex) => {
    const column = panelIndex % columns;
    const row = Math.floor(panelIndex / columns);
    const left = column * cellWidth + MARGIN.left;
    const top = LEGEND_HEIGHT + row * cellHeight + MARGIN.top;
    grids.push({ left, top, width: layout.panelWidth, height: layout.panelHeight });
    titles.push({
      text: panel.title,
      left: left + layout.panelWidth / 2,
      top: top - 30,
      textAlign: 'center',
      textStyle: { fontSize: 13, fontWeight: 600 },
    });
    xAxes.push({
      type: 'category',
      gridIndex: panelIndex,
      data: [...categories],
      name: layout.xName,
      nameLocation: 'middle',
      nameGap: 28,
      boundaryGap: false,
      axisTick: { alignWithLabel: true },
    });
    yAxes.push({
      type: 'value',
      gridIndex: panelIndex,
      name: panel.yName,
      nameLocation: 'middle',
      nameGap: 44,
      min: panel.yRange?.[0],
      max: panel.yRange?.[1],
      scale: panel.yRange === undefined,
      axisLine: { show: true, onZero: false },
      splitLine: { lineStyle: { color: '#e6e6e6' } },
    });
    for (const line of panel.series) {
      points += countDrawn(line.values);
      series.push({
        type: 'line',
        name: line.name,
        xAxisIndex: panelIndex,
        yAxisIndex: panelIndex,
        data: line.values.map((value) => (value === null ? '-' : value)),
        connectNulls: line.connectNulls ?? false,
        showSymbol: true,
        showAllSymbol: true,
        symbolSize: 6,
        color: colorAt(names.indexOf(line.name)),
        lineStyle: { width: 2, type: line.dashed ? 'dashed' : 'solid' },
      });
    }
  });

  const option: EChartsOption = {
    ...baseOption(),
    title: titles,
    legend: { top: 6, left: 'center', data: names, itemGap: 18 },
    grid: grids,
    xAxis: xAxes,
    yAxis: yAxes,
    series,
  } as EChartsOption;
  return { option, width, height, points };
}
