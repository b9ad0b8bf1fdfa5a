import type { EChartsOption } from 'echarts';

/** A chart ready to render: its ECharts option, its pixel size, and how many data marks it should draw. */
export interface ChartSpec {
  /** Stable id, written as `data-chart` on the figure (tests and readers find charts by it). */
  id: string;
  title: string;
  /** One or two sentences: what the chart shows and how to read it. */
  caption: string;
  option: EChartsOption;
  /** Size in CSS pixels. */
  width: number;
  height: number;
  /** Number of data values drawn as marks (points, boxes, bars); excludes bands and guides. */
  points: number;
}

/** Categorical colours with good contrast on white (Okabe–Ito, reordered so the first two differ most). */
export const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#7F7F7F', '#000000'];

/** Font stack; single quotes because the SVG renderer writes it unescaped into double-quoted style attributes. */
export const FONT_FAMILY = "Inter, 'Segoe UI', 'Helvetica Neue', Helvetica, Arial, sans-serif";

/** Options every chart shares: static rendering (no animation), fonts, palette, white background. */
export function baseOption(): EChartsOption {
  return {
    animation: false,
    backgroundColor: '#ffffff',
    color: PALETTE,
    textStyle: { fontFamily: FONT_FAMILY, fontSize: 12, color: '#222' },
  };
}

/** Number of values that will draw a mark: finite numbers only (null marks a missing epoch). */
export function countDrawn(values: readonly (number | null)[]): number {
  return values.filter((value) => value !== null && Number.isFinite(value)).length;
}

/** Colour of the i-th named series, stable across charts when the same names come in the same order. */
export function colorAt(index: number): string {
  return PALETTE[index % PALETTE.length]!;
}
