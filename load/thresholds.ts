/**
 * k6-style thresholds: pass/fail criteria on a run's metrics that set the exit code (k6: "thresholds",
 * https://grafana.com/docs/k6/latest/using-k6/thresholds/). A profile declares them as
 * `{ metric: ['expression', ...] }`; each expression is `aggregation operator number`, e.g.
 * `p(95)<500`, `rate<0.01`, `count==0`, `max<=20`.
 *
 * Grammar (whitespace allowed between tokens):
 *   expression  := aggregation operator number
 *   aggregation := 'avg' | 'min' | 'max' | 'med' | 'count' | 'rate' | 'value' | 'p(' number ')'
 *   operator    := '<' | '<=' | '>' | '>=' | '==' | '!='
 *   number      := a decimal literal, optionally negative (units are the metric's: ms, requests, a fraction)
 *
 * Metrics are of three kinds, as in k6: a trend (samples: avg, min, max, med, p(N), count), a counter
 * (count), a rate (passes of a total: rate, count). Pure functions: metrics in, verdicts out.
 */

export type Aggregation = 'avg' | 'min' | 'max' | 'med' | 'count' | 'rate' | 'value' | `p(${number})`;
export type Operator = '<' | '<=' | '>' | '>=' | '==' | '!=';

/** One parsed expression. */
export interface ThresholdExpression {
  source: string;
  aggregation: Aggregation;
  /** The percentile of p(N), 0..100. */
  percentile?: number;
  operator: Operator;
  value: number;
}

/**
 * A trend an engine summarised itself (Artillery's merged sketches): count, min, max, mean, median and
 * the percentiles it keeps, by name (`p95`, `p99`, `p999`). An aggregation it lacks is not judged.
 */
export interface TrendSummary {
  count: number;
  min: number;
  max: number;
  mean: number;
  median: number;
  /** Percentile N's value under the key `pN` (p50, p75, p90, p95, p99, p999 = 99.9). */
  percentiles: Readonly<Record<string, number>>;
}

/** A metric of a run. Units are the metric's own: ms for durations, requests for counts, 0..1 for rates. */
export type Metric =
  | { kind: 'trend'; unit: string; samples: readonly number[]; summary?: TrendSummary }
  | { kind: 'counter'; unit: string; count: number }
  | { kind: 'rate'; passes: number; total: number };

/** Thresholds a profile declares: metric name → expressions (k6's `options.thresholds`). */
export type Thresholds = Readonly<Record<string, readonly string[]>>;

/** The verdict of one expression on one metric. */
export interface ThresholdResult {
  metric: string;
  expression: string;
  /** The aggregated value the expression compared; NaN when there was nothing to aggregate. */
  actual: number;
  ok: boolean;
  /** Why it failed beyond the comparison (no such metric, no samples, an aggregation the metric lacks). */
  note?: string;
}

/** A threshold expression that does not parse; names the expression and the position. */
export class ThresholdSyntaxError extends Error {
  constructor(
    readonly expression: string,
    reason: string,
  ) {
    super(`threshold "${expression}": ${reason}`);
    this.name = 'ThresholdSyntaxError';
  }
}

const AGGREGATIONS = ['avg', 'min', 'max', 'med', 'count', 'rate', 'value'] as const;
const OPERATORS: readonly Operator[] = ['<=', '>=', '==', '!=', '<', '>'];
const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?/;

/**
 * Parses one expression by the grammar above.
 * @throws ThresholdSyntaxError naming what was expected where
 */
export function parseThreshold(source: string): ThresholdExpression {
  let rest = source.trim();
  const fail = (reason: string): never => {
    throw new ThresholdSyntaxError(source, `${reason} at "${rest}"`);
  };
  const skip = () => (rest = rest.trimStart());
  let aggregation: Aggregation | undefined;
  let percentile: number | undefined;
  const p = /^p\(\s*/.exec(rest);
  if (p) {
    rest = rest.slice(p[0].length);
    const n = NUMBER.exec(rest) ?? fail('expected the percentile number of p(N)');
    percentile = Number(n[0]);
    rest = rest.slice(n[0].length);
    skip();
    if (!rest.startsWith(')')) fail('expected ")"');
    rest = rest.slice(1);
    if (percentile < 0 || percentile > 100) throw new ThresholdSyntaxError(source, `percentile ${percentile} is outside 0..100`);
    aggregation = `p(${percentile})`;
  } else {
    const word = /^[a-z]+/.exec(rest)?.[0];
    if (!word || !(AGGREGATIONS as readonly string[]).includes(word)) fail(`expected one of ${AGGREGATIONS.join(', ')} or p(N)`);
    aggregation = word as Aggregation;
    rest = rest.slice(word!.length);
  }
  skip();
  const operator = OPERATORS.find((o) => rest.startsWith(o)) ?? fail(`expected one of ${OPERATORS.join(' ')}`);
  rest = rest.slice(operator.length);
  skip();
  const n = NUMBER.exec(rest) ?? fail('expected a number');
  rest = rest.slice(n[0].length);
  skip();
  if (rest) fail('unexpected text');
  return { source: source.trim(), aggregation, ...(percentile === undefined ? {} : { percentile }), operator, value: Number(n[0]) };
}

/** Nearest-rank percentile (as load/analysis.ts): NaN for no samples. */
function nearestRank(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1]!;
}

/** The value `aggregation` takes on `metric`, or a note why it has none. */
export function aggregate(metric: Metric, e: ThresholdExpression): { value: number; note?: string } {
  const lacks = (kind: string) => ({ value: Number.NaN, note: `a ${kind} metric has no ${e.aggregation}` });
  if (metric.kind === 'counter') return e.aggregation === 'count' || e.aggregation === 'value' ? { value: metric.count } : lacks('counter');
  if (metric.kind === 'rate') {
    if (e.aggregation === 'count') return { value: metric.passes };
    if (e.aggregation !== 'rate') return lacks('rate');
    return metric.total ? { value: metric.passes / metric.total } : { value: Number.NaN, note: 'no samples' };
  }
  if (metric.summary) return fromSummary(metric.summary, e);
  const s = [...metric.samples].sort((a, b) => a - b);
  if (e.aggregation === 'count') return { value: s.length };
  if (e.aggregation === 'rate' || e.aggregation === 'value') return lacks('trend');
  if (!s.length) return { value: Number.NaN, note: 'no samples' };
  switch (e.aggregation) {
    case 'avg':
      return { value: s.reduce((a, b) => a + b, 0) / s.length };
    case 'min':
      return { value: s[0]! };
    case 'max':
      return { value: s[s.length - 1]! };
    case 'med':
      return { value: nearestRank(s, 50) };
    default:
      return { value: nearestRank(s, e.percentile!) };
  }
}

/** An aggregation of an engine's own summary of a trend (p(99.9) is its `p999`). */
function fromSummary(t: TrendSummary, e: ThresholdExpression): { value: number; note?: string } {
  if (e.aggregation === 'rate' || e.aggregation === 'value') return { value: Number.NaN, note: `a trend metric has no ${e.aggregation}` };
  if (e.aggregation === 'count') return { value: t.count };
  if (!t.count) return { value: Number.NaN, note: 'no samples' };
  if (e.aggregation === 'avg') return { value: t.mean };
  if (e.aggregation === 'min' || e.aggregation === 'max') return { value: t[e.aggregation] };
  if (e.aggregation === 'med') return { value: t.median };
  const key = `p${String(e.percentile).replace('.', '')}`;
  const v = t.percentiles[key];
  return v === undefined ? { value: Number.NaN, note: `the engine's summary has no ${e.aggregation}` } : { value: v };
}

function compare(a: number, op: Operator, b: number): boolean {
  switch (op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '==':
      return a === b;
    case '!=':
      return a !== b;
  }
}

/**
 * Evaluates every threshold on the run's metrics. A threshold on a metric the run did not produce,
 * or on an empty trend, FAILS (k6 leaves it unjudged; a conformance run must not pass what it did not see).
 * @throws ThresholdSyntaxError on an expression that does not parse (a harness error, before any verdict)
 */
export function evaluateThresholds(thresholds: Thresholds, metrics: Readonly<Record<string, Metric>>): ThresholdResult[] {
  const out: ThresholdResult[] = [];
  for (const [name, expressions] of Object.entries(thresholds)) {
    for (const source of expressions) {
      const e = parseThreshold(source);
      const metric = metrics[name];
      if (!metric) {
        out.push({ metric: name, expression: e.source, actual: Number.NaN, ok: false, note: 'the run produced no such metric' });
        continue;
      }
      const { value, note } = aggregate(metric, e);
      out.push({
        metric: name,
        expression: e.source,
        actual: value,
        ok: !note && compare(value, e.operator, e.value),
        ...(note ? { note } : {}),
      });
    }
  }
  return out;
}

/** Checks every expression parses (at profile definition). @throws ThresholdSyntaxError */
export function assertThresholds(thresholds: Thresholds): void {
  for (const expressions of Object.values(thresholds)) for (const e of expressions) parseThreshold(e);
}

const show = (n: number) => (Number.isFinite(n) ? (Number.isInteger(n) ? String(n) : n.toFixed(3)) : '–');

/**
 * The end-of-test summary lines, k6 style: `✓ metric.....: expression  actual=…` per threshold, then a
 * verdict line. Pure: returns the lines.
 */
export function summaryLines(results: readonly ThresholdResult[], title = 'thresholds'): string[] {
  const width = Math.max(24, ...results.map((r) => r.metric.length + 2));
  const lines = results.map(
    (r) =>
      `  ${r.ok ? '✓' : '✗'} ${`${r.metric} `.padEnd(width, '.')}: ${r.expression.padEnd(12)} actual ${show(r.actual)}${r.note ? ` (${r.note})` : ''}`,
  );
  const failed = results.filter((r) => !r.ok).length;
  return [
    `${title}:`,
    ...lines,
    failed ? `  ${failed} of ${results.length} threshold(s) crossed` : `  all ${results.length} threshold(s) met`,
  ];
}
