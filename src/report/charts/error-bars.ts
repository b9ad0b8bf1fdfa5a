import type { CustomSeriesOption } from 'echarts';

/**
 * A custom series that draws vertical error bars: each datum is [x, low, high] in axis values (x may be a
 * category index). Whisker caps are `capWidth` pixels wide.
 */
export function errorBarSeries(
  name: string,
  data: [number, number, number][],
  color: string,
  axes: { xAxisIndex?: number; yAxisIndex?: number } = {},
  capWidth = 12,
): CustomSeriesOption {
  return {
    type: 'custom',
    name,
    ...axes,
    data,
    encode: { x: 0, y: [1, 2] },
    z: 10,
    renderItem: (_params, api) => {
      const low = api.coord([api.value(0), api.value(1)]) as [number, number];
      const high = api.coord([api.value(0), api.value(2)]) as [number, number];
      const style = { stroke: color, lineWidth: 1.6 };
      return {
        type: 'group',
        children: [
          { type: 'line', shape: { x1: low[0], y1: low[1], x2: high[0], y2: high[1] }, style },
          {
            type: 'line',
            shape: { x1: low[0] - capWidth / 2, y1: low[1], x2: low[0] + capWidth / 2, y2: low[1] },
            style,
          },
          {
            type: 'line',
            shape: { x1: high[0] - capWidth / 2, y1: high[1], x2: high[0] + capWidth / 2, y2: high[1] },
            style,
          },
        ],
      };
    },
  };
}
