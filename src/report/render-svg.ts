import * as echarts from 'echarts';
import type { ChartSpec } from './charts/chart-spec.ts';

/**
 * Renders a chart to an SVG string on the server (no browser, no DOM). Marks that stand for data carry
 * `ecmeta_series_index` / `ecmeta_data_index` attributes, which tests count.
 */
export function renderChartSvg(spec: ChartSpec): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: spec.width, height: spec.height });
  try {
    chart.setOption(spec.option);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
