/**
 * A load run's report: reports/load/<profile>.json (everything, records included) and
 * reports/load/<profile>.html (a self-contained page: summary, expectations, violations and the
 * ECharts SVG charts). Never contains an API key: records hold no request headers.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rateWindows, summarizeRun, type RateWindow, type RunSummary } from './analysis.ts';
import { latencyChart, rateChart, statusChart, statusColor } from './charts.ts';
import type { Evaluation } from './evaluate.ts';
import type { LoadProfile } from './profiles.ts';
import type { ScheduleResult } from './scheduler.ts';
import type { SampleJudgement } from './contract-sample.ts';
import type { ArtilleryCounts } from './artillery-results.ts';
import type { Ceilings } from './safety.ts';
import type { ThresholdResult } from './thresholds.ts';
import type { WindowJudgement } from './window-judge.ts';

/** What the thresholds judged: the window figures (without per-request arrays), the contract sample, the verdicts. */
export interface Judged {
  window: WindowJudgement;
  sample: SampleJudgement;
  thresholds: ThresholdResult[];
}

/** The engine that sent the load, and what Artillery said of it. */
export type EngineInfo =
  | { name: 'scheduler' }
  | {
      name: 'artillery';
      version: string;
      /** The Node that ran Artillery. */
      node: string;
      /** Artillery's local runner with this many worker threads, or this many separate processes merged. */
      workers?: number;
      processes?: number;
      /** Artillery's own counts (merged over the processes). */
      counts: ArtilleryCounts;
      /** Each process's counts: they add up to `counts`. */
      parts?: ArtilleryCounts[];
      /** Every Artillery process exited 0 (its `ensure` checks passed). */
      ensurePassed: boolean;
      /** Answers Artillery counted that the hooks did not record (0 on a complete run). */
      recordsMissing: number;
      /** The script Artillery ran (keys are not in it: they come from its environment). */
      script: string;
    };

/** Who the load was sent as: how many principals (keys; never the keys), from where, at what rate each. */
export interface PrincipalsInfo {
  count: number;
  source: 'FC_API_KEY' | 'embedded stub accounts';
  /** req/s each principal was offered (the run's rate / count). */
  perPrincipalRate: number;
}

export interface LoadReport {
  profile: {
    name: string;
    scope: LoadProfile['scope'];
    description: string;
    operations: { operationId: string; method: string; path: string; credits: number }[];
    expects: LoadProfile['expects'];
    notEvaluated: LoadProfile['notEvaluated'];
  };
  run: {
    target: string;
    /** True when the run started its own in-process stub. */
    embedded: boolean;
    startedAt: string;
    rate: number;
    durationS: number;
    maxInFlight: number;
    whenFull: 'drop' | 'wait';
    elapsedMs: number;
    bound: ScheduleResult['bound'];
    stoppedBy: ScheduleResult['stoppedBy'];
    t0EpochMs: number;
    /** Identities came from the target (else synthetic ones were used). */
    identitiesDiscovered: boolean;
    /** Upper bound of the run's spend, credits (10 credits = $0.01). */
    maxSpendCredits: number;
    engine: EngineInfo;
    /** The operator's stated ceilings (--max-rate, --max-in-flight, or the load config file); empty when none. */
    ceilings: Ceilings;
    principals: PrincipalsInfo;
    /** Run under the remote opt-in (--allow-remote): the remote caps or the stated ceilings applied. */
    remote: boolean;
    /** What the per-IP guard counted in this run, and what it counts when the load comes from several machines. */
    ipGuard: string;
  };
  summary: RunSummary;
  windows: RateWindow[];
  evaluation: Evaluation;
  /** The window judge (load/window-judge.ts), the contract sample and the k6-style thresholds; a crossed threshold exits 1. */
  window: Omit<WindowJudgement, 'surelyInWindow'> & { maxSurelyInWindow: number };
  sample: SampleJudgement;
  thresholds: ThresholdResult[];
  records: ScheduleResult['records'];
}

/** Assembles the report of a run (pure). */
export function buildReport(
  profile: LoadProfile,
  result: ScheduleResult,
  evaluation: Evaluation,
  judged: Judged,
  meta: {
    embedded: boolean;
    whenFull: 'drop' | 'wait';
    identitiesDiscovered: boolean;
    maxSpendCredits: number;
    engine?: EngineInfo;
    ceilings?: Ceilings;
    principals?: PrincipalsInfo;
    remote?: boolean;
    ipGuard?: string;
  },
): LoadReport {
  return {
    profile: {
      name: profile.name,
      scope: profile.scope,
      description: profile.description,
      operations: profile.operations.map(({ operationId, method, path, credits }) => ({ operationId, method, path, credits })),
      expects: profile.expects,
      notEvaluated: profile.notEvaluated,
    },
    run: {
      target: result.target,
      embedded: meta.embedded,
      startedAt: new Date(result.t0EpochMs).toISOString(),
      rate: result.rate,
      durationS: result.durationS,
      maxInFlight: result.maxInFlight,
      whenFull: meta.whenFull,
      elapsedMs: result.elapsedMs,
      bound: result.bound,
      stoppedBy: result.stoppedBy,
      t0EpochMs: result.t0EpochMs,
      identitiesDiscovered: meta.identitiesDiscovered,
      maxSpendCredits: meta.maxSpendCredits,
      engine: meta.engine ?? { name: 'scheduler' },
      ceilings: meta.ceilings ?? {},
      principals: meta.principals ?? { count: 1, source: 'FC_API_KEY', perPrincipalRate: result.rate },
      remote: meta.remote ?? false,
      ipGuard: meta.ipGuard ?? '',
    },
    summary: summarizeRun(result.records, result.rate),
    windows: rateWindows(result.records, 1000, Math.max(1000, result.durationS * 1000)),
    evaluation,
    window: (({ surelyInWindow, ...rest }) => ({ ...rest, maxSurelyInWindow: surelyInWindow.reduce((a, b) => Math.max(a, b), 0) }))(
      judged.window,
    ),
    sample: judged.sample,
    thresholds: judged.thresholds,
    records: result.records,
  };
}

/** The engine in one line: its name, version, Node and scale-out, and Artillery's own counts. */
export function engineLine(e: EngineInfo): string {
  if (e.name === 'scheduler') return 'open-model scheduler (this process)';
  const scale = e.processes ? `${e.processes} processes merged` : `${e.workers ?? 1} local workers`;
  const codes = Object.entries(e.counts.codes)
    .map(([k, v]) => `${k}×${v}`)
    .join(', ');
  return `Artillery ${e.version} on Node ${e.node}, ${scale}: ${e.counts.requests} requests, ${codes || 'no answer'}${e.counts.skipped ? `, ${e.counts.skipped} skipped at the in-flight cap` : ''}; ensure ${e.ensurePassed ? 'passed' : 'failed'}`;
}

/** The stated ceilings in one line. */
export function ceilingLine(c: Ceilings): string {
  if (c.maxRate === undefined && c.maxInFlight === undefined) return 'none stated';
  return [c.maxRate === undefined ? '' : `≤ ${c.maxRate} req/s`, c.maxInFlight === undefined ? '' : `≤ ${c.maxInFlight} in flight`]
    .filter(Boolean)
    .join(', ')
    .concat(c.source ? ` (${c.source})` : '');
}

const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const num = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

/** The self-contained HTML page of a report (inline SVG charts, no scripts). */
export function renderHtml(r: LoadReport): string {
  const s = r.summary;
  const rows = (pairs: [string, string][]) => pairs.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('');
  const statuses = Object.entries(s.statuses)
    .map(
      ([code, n]) =>
        `<span class="chip" style="background:${statusColor(code)}">${esc(code === '-1' ? 'not sent' : code === '0' ? 'transport error' : code)}: ${n}</span>`,
    )
    .join(' ');
  const expectations = r.evaluation.results
    .map(
      (e) =>
        `<tr class="${esc(e.outcome)}"><td>${esc(e.outcome)}</td><td>${esc(e.id)}</td><td>${esc(e.ruleIds.join(', '))}</td><td>${esc(e.text)}</td><td>${esc(e.detail)}</td></tr>`,
    )
    .join('');
  const all = [...r.evaluation.violations, ...r.sample.violations];
  const violations = all.length
    ? all
        .map(
          (x) =>
            `<tr class="${esc(x.severity)}"><td>${esc(x.severity)}</td><td>${esc(x.ruleId)}</td><td><code>${esc(x.path)}</code></td><td>${esc(x.message)}</td></tr>`,
        )
        .join('')
    : '<tr><td colspan="4">none</td></tr>';
  const thresholdRows = r.thresholds
    .map(
      (t) =>
        `<tr class="${t.ok ? 'pass' : 'fail'}"><td>${t.ok ? '✓' : '✗'}</td><td>${esc(t.metric)}</td><td><code>${esc(t.expression)}</code></td><td>${esc(Number.isFinite(t.actual) ? Number(t.actual.toFixed(3)) : '–')}${t.note ? ` (${esc(t.note)})` : ''}</td></tr>`,
    )
    .join('');
  const notEvaluated = r.profile.notEvaluated.map((n) => `<li><b>${esc(n.ruleId)}</b>: ${esc(n.reason)}</li>`).join('');
  const l = r.profile.scope.limits;
  const limits = [
    l.perSecond !== undefined ? `${l.perSecond}/s` : '',
    l.perMinute !== undefined ? `${l.perMinute}/min` : '',
    l.perDay !== undefined ? `${l.perDay}/UTC day` : '',
    l.inFlight !== undefined ? `${l.inFlight} in flight` : '',
    l.minSpacingMs !== undefined ? `starts ≥ ${l.minSpacingMs} ms apart` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Load profile ${esc(r.profile.name)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1100px}
table{border-collapse:collapse;margin:8px 0 20px}th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top;font-size:13px}
th{background:#f4f4f4}.chip{display:inline-block;padding:2px 8px;border-radius:10px;color:#fff;font-size:12px}
tr.fail td:first-child,tr.error td:first-child{color:#c00;font-weight:bold}tr.warn td:first-child,tr.warning td:first-child{color:#b60}
tr.pass td:first-child{color:#080}.chart{margin:8px 0}
</style></head><body>
<h1>Load profile <code>${esc(r.profile.name)}</code></h1>
<p>${esc(r.profile.scope.title)} — ${esc(limits)} (${esc(r.profile.scope.section)}). ${esc(r.profile.description)}</p>
<h2>Run</h2>
<table>${rows([
    ['target', `${r.run.target}${r.run.embedded ? ' (embedded stub)' : ''}${r.run.remote ? ' (remote opt-in)' : ''}`],
    ['engine', engineLine(r.run.engine)],
    ['stated ceilings', ceilingLine(r.run.ceilings)],
    ['principals', `${r.run.principals.count} (${r.run.principals.source}), ${num(r.run.principals.perPrincipalRate)} req/s each`],
    ['per-IP guard', r.run.ipGuard],
    ['started', r.run.startedAt],
    ['operations', r.profile.operations.map((o) => `${o.method} ${o.path}`).join(', ')],
    ['target rate', `${r.run.rate} req/s for ${r.run.durationS} s, ≤ ${r.run.maxInFlight} in flight (${r.run.whenFull} when full)`],
    ['planned / sent / dropped', `${s.planned} / ${s.sent} / ${s.dropped} (plan bound: ${r.run.bound}; stopped by: ${r.run.stoppedBy})`],
    [
      'achieved rate',
      `${num(s.achievedRate)} req/s (per-second windows: mean ${num(s.windowRate.mean)}, min ${num(s.windowRate.min)}, max ${num(s.windowRate.max)})`,
    ],
    [
      'start jitter (actual − scheduled)',
      `p50 ${num(s.jitterMs.p50, 3)} ms, p99 ${num(s.jitterMs.p99, 3)} ms, max ${num(s.jitterMs.max, 3)} ms`,
    ],
    [
      'latency',
      `p50 ${num(s.latencyMs.p50)} ms, p90 ${num(s.latencyMs.p90)} ms, p99 ${num(s.latencyMs.p99)} ms, max ${num(s.latencyMs.max)} ms`,
    ],
    [
      'errors',
      Object.keys(s.errors).length
        ? Object.entries(s.errors)
            .map(([k, n]) => `${k}: ${n}`)
            .join(', ')
        : 'none',
    ],
    ['max in flight (client)', String(s.maxInFlight)],
    ['max spend', `${r.run.maxSpendCredits} credits ($${(r.run.maxSpendCredits / 1000).toFixed(3)})`],
    ['identities', r.run.identitiesDiscovered ? 'discovered on the target' : 'synthetic (discovery unavailable)'],
  ])}</table>
<p>${statuses}</p>
<div class="chart">${rateChart(r.windows, r.run.rate, l.perSecond)}</div>
<div class="chart">${latencyChart(r.windows)}</div>
<div class="chart">${statusChart(r.windows)}</div>
<h2>Thresholds (${r.thresholds.filter((t) => !t.ok).length ? `${r.thresholds.filter((t) => !t.ok).length} crossed: exit 1` : 'all met'})</h2>
<table><tr><th></th><th>metric</th><th>threshold</th><th>actual</th></tr>${thresholdRows}</table>
<p>Window judge (${esc(r.window.passed)} admitted, ${esc(r.window.refused)} refused): most admitted by start time ${esc(r.window.maxByStart)}, most surely in one window ${esc(r.window.maxSurelyInWindow)}; false rejections ${esc(r.window.falseRejections)}, false admissions ${esc(r.window.falseAdmissions)}.
Contract sample: ${esc(r.sample.sampled)} answers validated, ${esc(r.sample.violating)} breaking a MUST rule.</p>
<h2>Expectations</h2>
<table><tr><th>outcome</th><th>id</th><th>rules</th><th>expectation</th><th>detail</th></tr>${expectations}</table>
<h2>Violations (limit expectations: ${r.evaluation.errors} errors, ${r.evaluation.warnings} warnings; contract sample: ${r.sample.violations.length})</h2>
<table><tr><th>severity</th><th>rule</th><th>path</th><th>message</th></tr>${violations}</table>
<h2>Not evaluated by a load run</h2><ul>${notEvaluated}</ul>
</body></html>
`;
}

/** Writes <dir>/<profile>.json and <dir>/<profile>.html; returns both paths. */
export function writeReport(r: LoadReport, dir: string): { json: string; html: string } {
  mkdirSync(dir, { recursive: true });
  const json = join(dir, `${r.profile.name}.json`);
  const html = join(dir, `${r.profile.name}.html`);
  writeFileSync(json, JSON.stringify(r, null, 2));
  writeFileSync(html, renderHtml(r));
  return { json, html };
}
