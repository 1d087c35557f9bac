/**
 * The accuracy run's report: reports/load.json (every figure, thresholds and violations) and
 * reports/load.html (self-contained: per limit scope, offered vs admitted per multiple of the bound, the
 * most admitted in any window vs the bound, false rejections and admissions, latency percentiles,
 * thresholds with pass/fail, sampled contract violations; ECharts rendered to inline SVG, no script).
 * Never contains a key: the results hold no request headers.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AccuracyResult } from './accuracy.ts';
import { offeredAdmittedChart, windowMaxChart } from './charts.ts';

/** The accuracy runs of one limit scope, driven by its load profile. */
export interface ScopeAccuracy {
  /** The load profile that drove it (standard, social, ip-guard, oil). */
  profile: string;
  title: string;
  limitScope: string;
  ruleId: string;
  bound: number;
  windowMs: number;
  /** Seconds of traffic per run. */
  seconds: number;
  runs: AccuracyResult[];
}

export interface AccuracyReport {
  startedAt: string;
  finishedAt: string;
  target: string;
  sampleEvery: number;
  scopes: ScopeAccuracy[];
  /** Thresholds crossed over every run; the exit code is 1 when any is. */
  thresholdsCrossed: number;
  violations: { errors: number; warnings: number };
}

const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const show = (n: number) => (Number.isFinite(n) ? (Number.isInteger(n) ? String(n) : n.toFixed(3)) : '–');

function scopeSection(t: ScopeAccuracy): string {
  const per = t.windowMs === 1000 ? 's' : `${t.windowMs} ms`;
  const rows = t.runs
    .map((r) => {
      const crossed = r.thresholds.filter((x) => !x.ok);
      const bad = (n: number) => (n ? ' class="bad"' : '');
      return `<tr><td>${r.multiple}×</td><td>${r.offered}</td><td>${r.admitted}</td><td>${r.rejected}</td><td>${r.other}</td>
<td${r.maxAdmittedInWindow > r.bound ? ' class="warn"' : ''}>${r.maxAdmittedInWindow}</td><td${bad(Number(r.maxSurelyInWindow > r.bound))}>${r.maxSurelyInWindow}</td><td>${r.bound}</td>
<td${bad(r.falseRejections)}>${r.falseRejections}</td><td${bad(r.falseAdmissions)}>${r.falseAdmissions}</td>
<td>${ms(r.latencyMs.p50)} / ${ms(r.latencyMs.p90)} / ${ms(r.latencyMs.p99)}</td><td${bad(r.sample.violating)}>${r.sample.sampled} / ${r.sample.violating}</td>
<td${bad(crossed.length)}>${crossed.length ? `✗ ${crossed.length} of ${r.thresholds.length}` : `✓ ${r.thresholds.length}`}</td></tr>`;
    })
    .join('\n');
  const thresholdRows = t.runs
    .flatMap((r) =>
      r.thresholds.map(
        (x) =>
          `<tr class="${x.ok ? 'pass' : 'fail'}"><td>${r.multiple}×</td><td>${x.ok ? '✓' : '✗'}</td><td>${esc(x.metric)}</td><td><code>${esc(x.expression)}</code></td><td>${esc(show(x.actual))}${x.note ? ` (${esc(x.note)})` : ''}</td></tr>`,
      ),
    )
    .join('\n');
  const violations = t.runs.flatMap((r) => r.violations.map((v) => ({ multiple: r.multiple, v })));
  const violationRows = violations.length
    ? violations
        .map(
          ({ multiple, v }) =>
            `<tr class="${esc(v.severity)}"><td>${multiple}×</td><td>${esc(v.severity)}</td><td>${esc(v.ruleId)}</td><td><code>${esc(v.path)}</code></td><td>${esc(v.message)}</td></tr>`,
        )
        .join('\n')
    : '<tr><td colspan="5">none</td></tr>';
  return `<section>
<h2>${esc(t.profile)}: ${t.bound} per ${per} (${esc(t.ruleId)}, limit_scope <code>${esc(t.limitScope)}</code>)</h2>
<p>${esc(t.title)}. ${t.seconds} s of evenly spaced starts per multiple.</p>
<div class="charts">${offeredAdmittedChart(`${t.profile}: offered vs admitted per multiple of the bound`, t.runs)}
${windowMaxChart(`${t.profile}: most admitted in one window vs the bound ${t.bound}`, t.runs, t.bound)}</div>
<table><tr><th>multiple</th><th>offered</th><th>admitted</th><th>429s (this limit)</th><th>other</th><th>most admitted in a window (start times)</th><th>most surely in one window</th><th>bound</th><th>false rejections</th><th>false admissions</th><th>latency p50 / p90 / p99 ms</th><th>sampled / violating</th><th>thresholds</th></tr>
${rows}</table>
<details><summary>Thresholds per run</summary><table><tr><th>multiple</th><th></th><th>metric</th><th>threshold</th><th>actual</th></tr>${thresholdRows}</table></details>
<h3>Violations</h3><table><tr><th>multiple</th><th>severity</th><th>rule</th><th>path</th><th>message</th></tr>${violationRows}</table>
</section>`;
}

/** The self-contained HTML page (inline SVG charts, inline CSS, no scripts). */
export function renderAccuracyHtml(r: AccuracyReport): string {
  const verdict = r.thresholdsCrossed
    ? `<p class="verdict bad">✗ ${r.thresholdsCrossed} threshold(s) crossed: the run exits 1</p>`
    : '<p class="verdict ok">✓ every threshold met</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Limit-scope accuracy</title>
<style>
body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}
table{border-collapse:collapse;margin:8px 0 20px}th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top;font-size:13px}
th{background:#f4f4f4}td.bad,tr.fail td,tr.error td:nth-child(2){color:#c00;font-weight:bold}td.warn{color:#b60}
.verdict{font-size:18px;font-weight:bold}.verdict.ok{color:#080}.verdict.bad{color:#c00}.charts svg{display:block;margin:8px 0}
</style></head><body>
<h1>Limit-scope accuracy (spec: Limits)</h1>
${verdict}
<p>Target ${esc(r.target)}; ${esc(r.startedAt)} → ${esc(r.finishedAt)}. One answer in ${r.sampleEvery} (and the first of each operation and status) validated against the contract.
Violations: ${r.violations.errors} errors, ${r.violations.warnings} warnings.</p>
<p>Judge: a request was decided by the target somewhere between its start and its answer; a false admission (more than the bound surely within one sliding window, gap LIM-025) or a false rejection (a 429 with surely fewer than the bound admitted in its window) is counted only when it holds for every such placement. "Most admitted by start time" is the client's view and may exceed the bound by the network's skew; "most surely in one window" may not.</p>
${r.scopes.map(scopeSection).join('\n')}
</body></html>
`;
}

/** Writes <dir>/load.json and <dir>/load.html; returns both paths. */
export function writeAccuracyReport(r: AccuracyReport, dir: string): { json: string; html: string } {
  mkdirSync(dir, { recursive: true });
  const json = join(dir, 'load.json');
  const html = join(dir, 'load.html');
  writeFileSync(json, JSON.stringify(r, null, 2));
  writeFileSync(html, renderAccuracyHtml(r));
  return { json, html };
}
