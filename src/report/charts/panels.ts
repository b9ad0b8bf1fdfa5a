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
/** Height in pixels of the legend row above the panels. */
export const LEGEND_HEIGHT = 36;

/** Panel size in pixels, without its margins. */
export type PanelSize = Pick<PanelLayout, 'panelWidth' | 'panelHeight'>;

/** Canvas size in pixels of `count` panels in `columns` columns below the legend row. */
export function panelsSize(count: number, columns: number, size: PanelSize): { width: number; height: number } {
  const rows = Math.ceil(count / columns);
  return {
    width: columns * (size.panelWidth + MARGIN.left + MARGIN.right),
    height: rows * (size.panelHeight + MARGIN.top + MARGIN.bottom) + LEGEND_HEIGHT,
  };
}

/** The grid (plot area) and centred title of panel `index` in a grid of `columns` columns, in pixels. */
export function panelFrame(index: number, columns: number, size: PanelSize, title: string) {
  const column = index % columns;
  const row = Math.floor(index / columns);
  const left = column * (size.panelWidth + MARGIN.left + MARGIN.right) + MARGIN.left;
  const top = LEGEND_HEIGHT + row * (size.panelHeight + MARGIN.top + MARGIN.bottom) + MARGIN.top;
  return {
    grid: { left, top, width: size.panelWidth, height: size.panelHeight },
    title: {
      text: title,
      left: left + size.panelWidth / 2,
      top: top - 30,
      textAlign: 'center',
      textStyle: { fontSize: 13, fontWeight: 600 },
    },
  };
}

/** The shared x axis of panel `gridIndex`: categories (epochs); `boundaryGap` centres them in bands (heatmaps). */
export function categoryAxis(gridIndex: number, categories: readonly string[], name: string, boundaryGap = false) {
  return {
    type: 'category',
    gridIndex,
    data: [...categories],
    name,
    nameLocation: 'middle',
    nameGap: 28,
    boundaryGap,
    axisTick: { alignWithLabel: true },
  };
}

/** The y axis of a line panel: fixed to `range` when given, otherwise fitted to the data. */
export function valueAxis(gridIndex: number, name: string, range?: [number, number]) {
  return {
    type: 'value',
    gridIndex,
    name,
    nameLocation: 'middle',
    nameGap: 44,
    min: range?.[0],
    max: range?.[1],
    scale: range === undefined,
    axisLine: { show: true, onZero: false },
    splitLine: { lineStyle: { color: '#e6e6e6' } },
  };
}

/** One line of panel `panelIndex` with a symbol per value; a missing value is a gap ('-'). */
export function lineSeries(line: LineSeries, panelIndex: number, color: string) {
  return {
    type: 'line',
    name: line.name,
    xAxisIndex: panelIndex,
    yAxisIndex: panelIndex,
    data: line.values.map((value) => (value === null ? '-' : value)),
    connectNulls: line.connectNulls ?? false,
    showSymbol: true,
    showAllSymbol: true,
    symbolSize: 6,
    color,
    lineStyle: { width: 2, type: line.dashed ? 'dashed' : 'solid' },
  };
}

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
  const { width, height } = panelsSize(panels.length, columns, layout);

  const names: string[] = [];
  for (const panel of panels) for (const line of panel.series) if (!names.includes(line.name)) names.push(line.name);

  const grids: object[] = [];
  const xAxes: object[] = [];
  const yAxes: object[] = [];
  const titles: object[] = [];
  const series: object[] = [];
  let points = 0;
  panels.forEach((panel, panelIndex) => {
    const frame = panelFrame(panelIndex, columns, layout, panel.title);
    grids.push(frame.grid);
    titles.push(frame.title);
    xAxes.push(categoryAxis(panelIndex, categories, layout.xName));
    yAxes.push(valueAxis(panelIndex, panel.yName, panel.yRange));
    for (const line of panel.series) {
      points += countDrawn(line.values);
      series.push(lineSeries(line, panelIndex, colorAt(names.indexOf(line.name))));
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
