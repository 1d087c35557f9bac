/**
 * Renders rule verdicts as Markdown and as a self-contained HTML page (the vendor's certificate).
 */
import type { RuleStatus, RuleVerdict } from './rule-results.ts';

export interface ReportMeta {
  target: string;
  finishedAt: string;
  runStatus: string;
  counts: Record<RuleStatus, number>;
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderMarkdown(meta: ReportMeta, verdicts: RuleVerdict[]): string {
  const head = [
    `# Conformance certification report`,
    ``,
    `- Target: ${meta.target}`,
    `- Finished: ${meta.finishedAt} (run ${meta.runStatus})`,
    `- ${Object.entries(meta.counts).map(([k, v]) => `${k}: ${v}`).join(', ')}`,
    ``,
    `| Rule | Level | Status | Section | Rule text | Reason |`,
    `|---|---|---|---|---|---|`,
  ];
  const rows = verdicts.map((v) => `| ${v.id} | ${v.level} | ${v.status} | ${cell(v.section)} | ${cell(v.text)} | ${cell(v.reasons.join('; ') || v.choice || '')} |`);
  return [...head, ...rows, ''].join('\n');
}

const COLOURS: Record<RuleStatus, string> = { PASSED: '#1a7f37', WARN: '#9a6700', FAILED: '#cf222e', ERROR: '#a40e26', SKIPPED: '#9a6700', THROTTLED: '#bc4c00', NOT_RUN: '#6e7781', NO_TEST: '#8250df', PENDING: '#8250df', GAP: '#57606a', UNOBSERVABLE: '#57606a' };

export function renderHtml(meta: ReportMeta, verdicts: RuleVerdict[]): string {
  const total = verdicts.length || 1;
  const bar = Object.entries(meta.counts)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `<span title="${k}: ${n}" style="display:inline-block;height:14px;width:${((n / total) * 100).toFixed(2)}%;background:${COLOURS[k as RuleStatus]}"></span>`)
    .join('');
  const rows = verdicts
    .map((v) => `<tr><td>${esc(v.id)}</td><td>${v.level}</td><td style="color:${COLOURS[v.status]};font-weight:600">${v.status}</td><td>${esc(v.section)}</td><td>${esc(v.text)}</td><td>${esc(v.reasons.join('; ') || v.choice || '')}</td></tr>`)
    .join('\n');
  return `<!doctype html><meta charset="utf-8"><title>Conformance certification</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse;width:100%}td,th{border:1px solid #d0d7de;padding:4px 6px;vertical-align:top;text-align:left}</style>
<h1>Conformance certification report</h1>
<p>Target: ${esc(meta.target)}<br>Finished: ${esc(meta.finishedAt)} (run ${esc(meta.runStatus)})</p>
<p>${Object.entries(meta.counts).map(([k, n]) => `<b style="color:${COLOURS[k as RuleStatus]}">${k}</b> ${n}`).join(' · ')}</p>
<div style="width:100%;background:#eee">${bar}</div>
<table><thead><tr><th>Rule</th><th>Level</th><th>Status</th><th>Section</th><th>Rule</th><th>Reason</th></tr></thead><tbody>
${rows}
</tbody></table>`;
}
