/**
 * Server-side charts of a load run: Apache ECharts rendered to SVG strings in Node (SSR mode, no
 * browser, no DOM). Three charts over 1-s windows: achieved vs target rate, latency percentiles,
 * status mix.
 */
import type { RateWindow } from './analysis.ts';
import type * as EChartsCore from 'echarts/core';

/**
 * The ECharts modules, loaded on demand: echarts is an optional peer dependency (package.json
 * `peerDependenciesMeta`), installed only by those who want the load report's charts, so a user's install
 * of the CLI does not carry its 60 MB. Undefined until `loadCharts` found it.
 */
let echarts: typeof EChartsCore | undefined;

/**
 * Loads ECharts for the charts below; call it (once) before rendering a report. Returns false, and the charts
 * render as a one-line note naming the package, when echarts is not installed. Never throws.
 */
export async function loadCharts(): Promise<boolean> {
  if (echarts) return true;
  try {
    const [core, charts, components, renderers] = await Promise.all([
      import('echarts/core'),
      import('echarts/charts'),
      import('echarts/components'),
      import('echarts/renderers'),
    ]);
    core.use([
      charts.BarChart,
      charts.LineChart,
      components.GridComponent,
      components.LegendComponent,
      components.MarkLineComponent,
      components.TitleComponent,
      renderers.SVGRenderer,
    ]);
    echarts = core;
    return true;
  } catch {
    return false;
  }
}

/** What a chart shows when echarts is not installed. */
export const CHARTS_ABSENT = '<p class="no-chart">Charts need the optional package echarts: <code>npm install echarts</code>.</p>';

const WIDTH = 860;
const HEIGHT = 320;

/** Renders one ECharts option to a standalone SVG string (CHARTS_ABSENT until `loadCharts` loaded echarts). */
function render(option: Record<string, unknown>): string {
  if (!echarts) return CHARTS_ABSENT;
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: WIDTH, height: HEIGHT });
  try {
    chart.setOption({ animation: false, grid: { left: 60, right: 30, top: 70, bottom: 45 }, ...option });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

const seconds = (windows: readonly RateWindow[]) => windows.map((w) => String(w.fromMs / 1000));
const round = (n: number, digits = 2) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : null);
const xAxis = (windows: readonly RateWindow[]) => ({
  type: 'category',
  name: 's after t0',
  nameLocation: 'middle',
  nameGap: 28,
  data: seconds(windows),
});

/**
 * Achieved start rate per 1-s window (bars) against the target rate (line), with the limit
 * scope's per-second bound as a marked line when it has one. Rates in requests/s.
 */
export function rateChart(windows: readonly RateWindow[], targetRate: number, limitPerSecond?: number): string {
  return render({
    title: { text: 'Achieved rate per second vs target', left: 'center', textStyle: { fontSize: 14 } },
    legend: { top: 30 },
    xAxis: xAxis(windows),
    // Room above the bound so its marked line is always on the chart.
    yAxis: {
      type: 'value',
      name: 'requests/s',
      max: (v: { max: number }) => Math.ceil(Math.max(v.max, limitPerSecond ?? 0, targetRate) * 1.15),
    },
    series: [
      {
        name: 'achieved',
        type: 'bar',
        data: windows.map((w) => w.rate),
        itemStyle: { color: '#4e79a7' },
        ...(limitPerSecond !== undefined
          ? {
              markLine: {
                symbol: 'none',
                label: { formatter: `limit ${limitPerSecond}/s`, position: 'insideEndTop' },
                lineStyle: { color: '#e15759', type: 'dashed' },
                data: [{ yAxis: limitPerSecond }],
              },
            }
          : {}),
      },
      {
        name: `target (${targetRate}/s)`,
        type: 'line',
        step: 'middle',
        symbol: 'none',
        data: windows.map((w) => w.planned),
        lineStyle: { color: '#f28e2b' },
        itemStyle: { color: '#f28e2b' },
      },
    ],
  });
}

/** Latency p50/p90/p99 (ms) of the requests started in each 1-s window. */
export function latencyChart(windows: readonly RateWindow[]): string {
  const line = (name: string, pick: (w: RateWindow) => number, color: string) => ({
    name,
    type: 'line',
    symbol: 'circle',
    symbolSize: 4,
    connectNulls: false,
    data: windows.map((w) => round(pick(w))),
    lineStyle: { color },
    itemStyle: { color },
  });
  return render({
    title: { text: 'Latency percentiles over time', left: 'center', textStyle: { fontSize: 14 } },
    legend: { top: 30 },
    xAxis: xAxis(windows),
    yAxis: { type: 'value', name: 'ms' },
    series: [
      line('p50', (w) => w.latency.p50, '#59a14f'),
      line('p90', (w) => w.latency.p90, '#edc948'),
      line('p99', (w) => w.latency.p99, '#e15759'),
    ],
  });
}

/** Colour of a status code in the mix chart: 2xx green, 429 orange, other 4xx yellow, 5xx red, errors grey. */
export function statusColor(status: string): string {
  const n = Number(status);
  if (n >= 200 && n < 300) return '#59a14f';
  if (n === 429) return '#f28e2b';
  if (n >= 400 && n < 500) return '#edc948';
  if (n >= 500) return '#e15759';
  return '#9d9d9d';
}

/** Statuses of the requests started in each 1-s window, stacked (status 0 = transport error). */
export function statusChart(windows: readonly RateWindow[]): string {
  const codes = [...new Set(windows.flatMap((w) => Object.keys(w.statuses)))].sort();
  return render({
    title: { text: 'Status mix per second', left: 'center', textStyle: { fontSize: 14 } },
    legend: { top: 30 },
    xAxis: xAxis(windows),
    yAxis: { type: 'value', name: 'requests' },
    series: codes.map((code) => ({
      name: code === '0' ? 'transport error' : code,
      type: 'bar',
      stack: 'status',
      data: windows.map((w) => w.statuses[code] ?? 0),
      itemStyle: { color: statusColor(code) },
    })),
  });
}

/** One accuracy run's figures a chart needs (load/accuracy.ts AccuracyResult). */
export interface AccuracyPoint {
  multiple: number;
  offered: number;
  admitted: number;
  rejected: number;
  maxAdmittedInWindow: number;
  maxSurelyInWindow: number;
}

/** Offered, admitted and refused requests per multiple of a scope's bound (grouped bars). */
export function offeredAdmittedChart(title: string, points: readonly AccuracyPoint[]): string {
  const bar = (name: string, pick: (p: AccuracyPoint) => number, color: string) => ({
    name,
    type: 'bar',
    data: points.map(pick),
    itemStyle: { color },
    label: { show: true, position: 'top', fontSize: 10 },
  });
  return render({
    title: { text: title, left: 'center', textStyle: { fontSize: 14 } },
    legend: { top: 30 },
    xAxis: { type: 'category', name: '× bound', nameLocation: 'middle', nameGap: 28, data: points.map((p) => `${p.multiple}×`) },
    yAxis: { type: 'value', name: 'requests' },
    series: [
      bar('offered', (p) => p.offered, '#4e79a7'),
      bar('admitted', (p) => p.admitted, '#59a14f'),
      bar('429 (this limit)', (p) => p.rejected, '#f28e2b'),
    ],
  });
}

/** The most admitted in any window per multiple (by start time, and surely decided in one window) against the bound. */
export function windowMaxChart(title: string, points: readonly AccuracyPoint[], bound: number): string {
  return render({
    title: { text: title, left: 'center', textStyle: { fontSize: 14 } },
    legend: { top: 30 },
    xAxis: { type: 'category', name: '× bound', nameLocation: 'middle', nameGap: 28, data: points.map((p) => `${p.multiple}×`) },
    yAxis: { type: 'value', name: 'requests / window', max: (v: { max: number }) => Math.ceil(Math.max(v.max, bound) * 1.2) },
    series: [
      {
        name: 'most admitted by start time',
        type: 'bar',
        data: points.map((p) => p.maxAdmittedInWindow),
        itemStyle: { color: '#76b7b2' },
        markLine: {
          symbol: 'none',
          label: { formatter: `bound ${bound}`, position: 'insideEndTop' },
          lineStyle: { color: '#e15759', type: 'dashed' },
          data: [{ yAxis: bound }],
        },
      },
      { name: 'most surely in one window', type: 'bar', data: points.map((p) => p.maxSurelyInWindow), itemStyle: { color: '#59a14f' } },
    ],
  });
}
