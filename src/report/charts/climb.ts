import type { EChartsOption } from 'echarts';
import { formatNumber } from '../html/escape.ts';
import { baseOption, colorAt, countDrawn, type ChartSpec } from './chart-spec.ts';
import { hasDifficultyLevels, levelRange, meanLevelSpread, meanShares } from './difficulty-levels.ts';
import { epochAxis } from './epoch-series.ts';
import { categoryAxis, lineSeries, panelFrame, panelsSize, valueAxis } from './panels.ts';
import { allEpochs, type RunGroup } from './run-groups.ts';

const PANEL = { panelWidth: 300, panelHeight: 200 };
/** Height in pixels of the colour scale below the panels. */
const SCALE_HEIGHT = 56;
/**
 * Sequential blues, light to dark: a darker cell holds a larger share of the epoch's task types. The lightest is
 * visibly blue, so a level with a single task type stands apart from a blank one.
 */
const SHARE_COLORS = ['#deebf7', '#9ecae1', '#4292c6', '#2171b5', '#08306b'];

/**
 * The climb: where on the difficulty ladder each variant's generated task types sit, epoch by epoch. The first
 * panel draws the mean level per variant (averaged over seeds, the band spanning the lowest and highest seed);
 * then one heatmap per variant of the share of task types at each level (epochs across, levels up), averaged
 * over seeds. Levels are `difficultyCounts` (the `difficulty` feature rounded). Null when no run recorded them
 * (runs stored before the counts were), so the report leaves the chart out.
 */
export function climbChart(groups: readonly RunGroup[]): ChartSpec | null {
  const shown = groups.filter((group) => hasDifficultyLevels(group.runs.flat()));
  if (shown.length === 0) return null;
  const axis = epochAxis(shown.flatMap((group) => group.runs));
  const categories = axis.map(String);
  const levels = levelRange(allEpochs(shown));
  const columns = Math.min(3, shown.length + 1);

  const names = shown.map((group) => group.name);
  const meanFrame = panelFrame(0, columns, PANEL, 'Mean difficulty level of the generated task types');
  const grids: object[] = [meanFrame.grid];
  const titles: object[] = [meanFrame.title];
  const xAxes: object[] = [categoryAxis(0, categories, 'epoch')];
  // From the foot of the ladder, as the heatmaps' level axes; the top is left to a round number.
  const yAxes: object[] = [{ ...valueAxis(0, 'level'), min: levels[0], minInterval: 1 }];
  const series: object[] = [];
  let points = 0;
  shown.forEach((group, index) => {
    const spread = meanLevelSpread(axis, group.runs);
    // The variant's colour in the other charts, where variants without levels still take their place.
    const color = colorAt(groups.indexOf(group));
    points += countDrawn(spread.mean);
    series.push({ ...lineSeries({ name: group.name, values: spread.mean }, 0, color), z: 3 });
    if (group.runs.length < 2) return;
    // The seeds' range as a band: an invisible line at the lowest seed with the range's height stacked on it.
    const missing = (value: number | null) => (value === null ? '-' : value);
    const band = { type: 'line', xAxisIndex: 0, yAxisIndex: 0, stack: `seeds-${index}`, silent: true };
    const noLine = { lineStyle: { opacity: 0 }, showSymbol: false, symbol: 'none' };
    series.push(
      { ...band, ...noLine, name: `${group.name} lowest seed`, data: spread.low.map(missing) },
      {
        ...band,
        ...noLine,
        name: `${group.name} seed range`,
        data: spread.high.map((high, position) => missing(high === null ? null : high - spread.low[position]!)),
        areaStyle: { color, opacity: 0.15 },
      },
    );
  });

  const heatmapIndices: number[] = [];
  let largestShare = 0;
  shown.forEach((group, index) => {
    const panel = index + 1;
    const seeds = `${group.runs.length} seed${group.runs.length === 1 ? '' : 's'}`;
    const frame = panelFrame(panel, columns, PANEL, `${group.name}: share per level (${seeds})`);
    grids.push(frame.grid);
    titles.push(frame.title);
    xAxes.push(categoryAxis(panel, categories, 'epoch', true));
    yAxes.push({
      type: 'category',
      gridIndex: panel,
      data: levels.map(String),
      name: 'level',
      nameLocation: 'middle',
      nameGap: 36,
    });
    // Cells with no task type stay blank: only shares above zero are drawn.
    const data = meanShares(axis, levels, group.runs).flatMap((column, x) =>
      column.flatMap((share, y): [number, number, number][] => (share !== null && share > 0 ? [[x, y, share]] : [])),
    );
    points += data.length;
    largestShare = Math.max(largestShare, ...data.map(([, , share]) => share));
    heatmapIndices.push(series.length);
    series.push({ type: 'heatmap', name: group.name, xAxisIndex: panel, yAxisIndex: panel, data });
  });

  const { width, height } = panelsSize(shown.length + 1, columns, PANEL);
  const option = {
    ...baseOption(),
    title: titles,
    legend: { top: 6, left: 'center', data: names, itemGap: 18 },
    grid: grids,
    xAxis: xAxes,
    yAxis: yAxes,
    visualMap: {
      type: 'continuous',
      seriesIndex: heatmapIndices,
      min: 0,
      max: largestShare,
      orient: 'horizontal',
      left: 'center',
      bottom: 10,
      itemWidth: 12,
      itemHeight: 220,
      text: [formatNumber(largestShare, 2), 'share of task types: 0'],
      textGap: 8,
      inRange: { color: SHARE_COLORS },
    },
    series,
  } as EChartsOption;
  return {
    id: 'climb',
    title: 'The climb',
    caption:
      'Where on the difficulty ladder the generated task types sit, per epoch: the mean level per variant ' +
      "(averaged over seeds; the band spans the seeds' lowest and highest), then per variant the share of task " +
      'types at each level, averaged over seeds (a level is the difficulty feature rounded to the nearest ' +
      'integer; blank: none). A curriculum that follows the agent moves up the levels; a frozen simulator stays put.',
    option,
    width,
    height: height + SCALE_HEIGHT,
    points,
  };
}
