/**
 * The load run's judges (load/): the k6-style threshold grammar and evaluator, the interval judge of
 * a sliding-window bound, the contract sample, and the accuracy verdict that combines them. Pure
 * functions on synthetic records: no traffic, no clock. Tests of the harness: they credit no rule.
 */
import { expect, test } from '@playwright/test';
import { judgeAccuracy, type AccuracyTarget } from '../../load/accuracy.ts';
import { renderAccuracyHtml } from '../../load/accuracy-report.ts';
import { loadCharts } from '../../load/charts.ts';
import type { RequestRecord } from '../../load/analysis.ts';
import { everyNth, judgeAnswer, judgeSample } from '../../load/contract-sample.ts';
import { buildProfiles, limitThresholds, SCOPE_LIMITS, windowOf } from '../../load/profiles.ts';
import type { SampledAnswer } from '../../load/scheduler.ts';
import {
  evaluateThresholds,
  parseThreshold,
  summaryLines,
  ThresholdSyntaxError,
  type Metric,
  type Thresholds,
} from '../../load/thresholds.ts';
import { ANY_429, judgeWindow, scopeAnswers } from '../../load/window-judge.ts';

/** A record started at `startMs` and answered `latencyMs` later with `status` (and a 429's limit_scope). */
function rec(i: number, startMs: number, status: number, latencyMs = 2, scope?: string): RequestRecord {
  return {
    i,
    operationId: 'listAssets',
    scheduledMs: startMs,
    startMs,
    latencyMs,
    status,
    inFlightAtStart: 1,
    headers: {},
    ...(status === 429 ? { errorBody: { error: 'rate_limited', retry_after: 1, limit_scope: scope ?? 'standard' } } : {}),
  };
}

test.describe('threshold grammar', () => {
  test('parses k6 expressions: aggregation, operator, number', () => {
    expect(parseThreshold('p(95)<500')).toMatchObject({ aggregation: 'p(95)', percentile: 95, operator: '<', value: 500 });
    expect(parseThreshold(' p( 99.9 ) <= 12.5 ')).toMatchObject({ aggregation: 'p(99.9)', percentile: 99.9, operator: '<=', value: 12.5 });
    expect(parseThreshold('count==0')).toMatchObject({ aggregation: 'count', operator: '==', value: 0 });
    expect(parseThreshold('rate < 0.01')).toMatchObject({ aggregation: 'rate', operator: '<', value: 0.01 });
    expect(parseThreshold('max>=-1')).toMatchObject({ aggregation: 'max', operator: '>=', value: -1 });
    expect(parseThreshold('avg!=3')).toMatchObject({ aggregation: 'avg', operator: '!=', value: 3 });
    expect(parseThreshold('med>2e3').value).toBe(2000);
  });

  test('refuses what is not in the grammar, naming the expression and where', () => {
    for (const bad of ['', 'p95<1', 'p(95<1', 'p(101)<1', 'mean<1', 'count=0', 'count==', 'count==zero', 'max<1 ms', 'count==0 and more']) {
      expect(() => parseThreshold(bad), bad).toThrow(ThresholdSyntaxError);
    }
    expect(() => parseThreshold('count=0')).toThrow(/threshold "count=0": expected one of/);
  });

  test('every profile declares parseable thresholds on its scope bound', () => {
    for (const p of Object.values(buildProfiles())) {
      expect(Object.keys(p.thresholds).length, p.name).toBeGreaterThan(0);
      expect(p.thresholds.admitted_per_window).toEqual([`max<=${windowOf(p.scope).bound}`]);
      for (const list of Object.values(p.thresholds)) for (const e of list) expect(() => parseThreshold(e)).not.toThrow();
    }
  });
});

test.describe('threshold evaluation', () => {
  const metrics: Record<string, Metric> = {
    http_req_duration: { kind: 'trend', unit: 'ms', samples: [1, 2, 3, 4, 5, 6, 7, 8, 9, 100] },
    http_req_failed: { kind: 'rate', passes: 1, total: 200 },
    false_rejections: { kind: 'counter', unit: 'requests', count: 0 },
    false_admissions: { kind: 'counter', unit: 'requests', count: 2 },
    empty: { kind: 'trend', unit: 'ms', samples: [] },
  };

  test('aggregates trends (nearest rank), rates and counters, and compares', () => {
    const t: Thresholds = {
      http_req_duration: ['p(90)<10', 'p(95)<10', 'max<=100', 'avg<15', 'med==5', 'min>0', 'count==10'],
      http_req_failed: ['rate<0.01', 'count==1'],
      false_rejections: ['count==0'],
      false_admissions: ['count==0'],
    };
    const r = evaluateThresholds(t, metrics);
    expect(r.map((x) => [x.metric, x.expression, x.ok, x.actual])).toEqual([
      ['http_req_duration', 'p(90)<10', true, 9],
      ['http_req_duration', 'p(95)<10', false, 100],
      ['http_req_duration', 'max<=100', true, 100],
      ['http_req_duration', 'avg<15', true, 14.5],
      ['http_req_duration', 'med==5', true, 5],
      ['http_req_duration', 'min>0', true, 1],
      ['http_req_duration', 'count==10', true, 10],
      ['http_req_failed', 'rate<0.01', true, 0.005],
      ['http_req_failed', 'count==1', true, 1],
      ['false_rejections', 'count==0', true, 0],
      ['false_admissions', 'count==0', false, 2],
    ]);
  });

  test('a missing metric, an empty trend or an aggregation the metric lacks crosses the threshold', () => {
    const r = evaluateThresholds({ nothing: ['count==0'], empty: ['p(95)<1'], false_rejections: ['p(95)<1'] }, metrics);
    expect(r.map((x) => [x.ok, x.note])).toEqual([
      [false, 'the run produced no such metric'],
      [false, 'no samples'],
      [false, 'a counter metric has no p(95)'],
    ]);
  });

  test('a bad expression is a harness error, not a verdict', () => {
    expect(() => evaluateThresholds({ false_rejections: ['count = 0'] }, metrics)).toThrow(ThresholdSyntaxError);
  });

  test('the end-of-test summary marks each threshold and counts the crossed ones', () => {
    const lines = summaryLines(evaluateThresholds({ false_rejections: ['count==0'], false_admissions: ['count==0'] }, metrics));
    expect(lines[1]).toMatch(/✓ false_rejections \.+: count==0 +actual 0/);
    expect(lines[2]).toMatch(/✗ false_admissions \.+: count==0 +actual 2/);
    expect(lines.at(-1)).toBe('  1 of 2 threshold(s) crossed');
  });
});

test.describe('sliding-window judge (interval arithmetic)', () => {
  test('an ideal sliding window: exactly the bound admitted, the rest refused, nothing false', () => {
    // 22/s for 1 s: the first 20 admitted, the last 2 refused.
    const w = judgeWindow(
      Array.from({ length: 22 }, (_, i) => rec(i, i * 45, i < 20 ? 200 : 429)),
      20,
    );
    expect(w).toMatchObject({ passed: 20, refused: 2, maxByStart: 20, falseAdmissions: 0, falseRejections: 0 });
    expect(Math.max(...w.surelyInWindow)).toBe(20);
  });

  test('more than the bound surely inside one window is a false admission', () => {
    const w = judgeWindow(
      Array.from({ length: 22 }, (_, i) => rec(i, i * 45, 200)),
      20,
    );
    expect(w.falseAdmissions).toBe(2);
    expect(w.falseAdmissionAt).toEqual([20, 21]);
    expect(Math.max(...w.surelyInWindow)).toBe(22);
  });

  test('a 21st admission that may have reached the target after the first left the window is not held against it', () => {
    // Starts 0, 50, ..., 950 (20 admitted), then one at 990 whose answer took 30 ms: it may have been decided at 1,001..1,020.
    const records = [...Array.from({ length: 20 }, (_, i) => rec(i, i * 50, 200)), rec(20, 990, 200, 30)];
    const w = judgeWindow(records, 20);
    expect(w.maxByStart).toBe(21);
    expect(w.falseAdmissions).toBe(0);
    // With a 5 ms answer it was surely decided by 995 ms: 21 in under a second.
    expect(judgeWindow([...records.slice(0, 20), rec(20, 990, 200, 5)], 20).falseAdmissions).toBe(1);
  });

  test('a 429 with fewer than the bound possibly in its window is a false rejection; near the bound it is not', () => {
    expect(
      judgeWindow(
        Array.from({ length: 10 }, (_, i) => rec(i, i * 100, i === 3 ? 429 : 200)),
        20,
      ).falseRejectionAt,
    ).toEqual([3]);
    // 20 admitted at 0..950 ms, a 429 at 1,010 ms that may have been decided before the first admission left the window.
    const edge = [...Array.from({ length: 20 }, (_, i) => rec(i, i * 50, 200, 12)), rec(20, 1010, 429)];
    expect(judgeWindow(edge, 20).falseRejections).toBe(0);
    // The same 429 at 1,100 ms: only 18 admissions can share its window.
    expect(judgeWindow([...edge.slice(0, 20), rec(20, 1100, 429)], 20).falseRejections).toBe(1);
  });

  test('per scope: another scope’s 429 is neither admitted nor refused; the IP guard counts every answer that passed it', () => {
    const records = [rec(0, 0, 200), rec(1, 10, 429, 2, 'ip_guard'), rec(2, 20, 429, 2, 'standard'), rec(3, 30, 200)];
    expect(judgeWindow(records, 2, scopeAnswers('standard'))).toMatchObject({ passed: 2, refused: 1, other: 1 });
    expect(judgeWindow(records, 2, scopeAnswers('ip_guard', true))).toMatchObject({ passed: 3, refused: 1, other: 0 });
    expect(judgeWindow(records, 2, ANY_429)).toMatchObject({ passed: 2, refused: 2, other: 0 });
  });
});

/** A 429 answer as the scheduler keeps it whole, valid by the contract and the anatomy checks unless changed. */
function sampled429(i: number, change: (a: SampledAnswer) => void = () => undefined): SampledAnswer {
  const a: SampledAnswer = {
    i,
    operationId: 'listAssets',
    status: 429,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': '1',
      'ratelimit-policy': '"standard-second";q=20;w=1',
      ratelimit: '"standard-second";r=0;t=1',
    },
    bodyText: JSON.stringify({ error: 'rate_limited', message: 'slow down', retry_after: 1, limit_scope: 'standard' }),
  };
  change(a);
  return a;
}

test.describe('contract sample', () => {
  test('every n-th answer and the first of each operation and status are kept', () => {
    const keep = everyNth(5);
    const kept = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((i) => keep(i, 'op', i === 7 ? 429 : 200));
    expect(kept).toEqual([0, 5, 7, 10]);
    expect(() => everyNth(0)).toThrow(RangeError);
  });

  test('a conforming 429 passes; without Retry-After, or with a body that is not JSON, it breaks the contract', () => {
    expect(judgeAnswer(sampled429(0)).filter((v) => v.severity === 'error')).toEqual([]);
    const noRetry = judgeAnswer(sampled429(4, (a) => delete a.headers['retry-after']));
    expect(noRetry.filter((v) => v.severity === 'error').map((v) => v.ruleId)).toContain('CONTRACT-003');
    expect(noRetry[0]!.path).toMatch(/^\/records\/4/);
    const garbage = judgeAnswer(sampled429(5, (a) => (a.bodyText = '<html>')));
    expect(garbage.map((v) => v.ruleId)).toContain('CONTRACT-002');
    const j = judgeSample([sampled429(0), sampled429(4, (a) => delete a.headers['retry-after'])]);
    expect([j.sampled, j.violating]).toEqual([2, 1]);
  });
});

test.describe('accuracy verdict', () => {
  const target: AccuracyTarget = {
    bound: 20,
    windowMs: 1000,
    ruleId: 'LIM-001',
    split: scopeAnswers('standard'),
    thresholds: limitThresholds(SCOPE_LIMITS.standard, 500),
  };

  test('an ideal run meets every threshold; an over-admission crosses false_admissions and admitted_per_window', () => {
    const ideal = judgeAccuracy(
      Array.from({ length: 22 }, (_, i) => rec(i, i * 45, i < 20 ? 200 : 429)),
      [sampled429(20)],
      1.1,
      target,
    );
    expect(ideal.thresholds.filter((t) => !t.ok)).toEqual([]);
    expect(ideal).toMatchObject({ offered: 22, admitted: 20, rejected: 2, maxSurelyInWindow: 20, sample: { sampled: 1, violating: 0 } });
    const over = judgeAccuracy(
      Array.from({ length: 22 }, (_, i) => rec(i, i * 45, 200)),
      [],
      1.1,
      target,
    );
    expect(over.thresholds.filter((t) => !t.ok).map((t) => t.metric)).toEqual([
      'false_admissions',
      'admitted_per_window',
      'limit_rule_violations',
    ]);
    expect(over.violations.map((v) => v.ruleId)).toEqual(['LIM-001', 'LIM-001']);
  });

  test('a sampled answer breaking the contract crosses contract_violations; the HTML report shows it', async () => {
    expect(await loadCharts(), 'echarts (a dev dependency here) loads').toBe(true);
    const r = judgeAccuracy(
      Array.from({ length: 22 }, (_, i) => rec(i, i * 45, i < 20 ? 200 : 429)),
      [sampled429(21, (a) => delete a.headers['retry-after'])],
      1.1,
      target,
    );
    expect(r.thresholds.filter((t) => !t.ok).map((t) => t.metric)).toEqual(['contract_violations']);
    const html = renderAccuracyHtml({
      startedAt: 'a',
      finishedAt: 'b',
      target: 'http://127.0.0.1',
      sampleEvery: 10,
      scopes: [
        {
          profile: 'standard',
          title: 'Standard',
          limitScope: 'standard',
          ruleId: 'LIM-001',
          bound: 20,
          windowMs: 1000,
          seconds: 1,
          runs: [r],
        },
      ],
      thresholdsCrossed: 1,
      violations: { errors: 1, warnings: 0 },
    });
    expect(html).toContain('<svg');
    expect(html).toContain('✗ 1 threshold(s) crossed');
    expect(html).toContain('CONTRACT-003');
    expect(html).not.toContain('<script');
  });
});
