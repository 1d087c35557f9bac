/**
 * Renders the certification report as Markdown and as one self-contained HTML page (the vendor's
 * certificate): verdict and run facts first, then failures with their evidence, then a matrix by
 * operation and by rule family, then the full per-rule table with client-side filters.
 */
import type { CertificationReport, ReportedRule } from './report.ts';
import { driftHtml, driftMarkdown } from './drift.ts';
import { spendHtml, spendMarkdown } from './spend.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Status order of the matrix columns and the filter. */
const STATUSES = [
  'FAILED',
  'ERROR',
  'WARN',
  'PASSED',
  'SKIPPED',
  'THROTTLED',
  'NOT_RUN',
  'NOT_SELECTED',
  'NO_TEST',
  'PENDING',
  'GAP',
  'UNOBSERVABLE',
];
const COLOURS: Record<string, string> = {
  PASSED: '#1a7f37',
  FAILED: '#cf222e',
  ERROR: '#cf222e',
  WARN: '#bf8700',
  SKIPPED: '#9a6700',
  THROTTLED: '#bc4c00',
  NOT_RUN: '#6e7781',
  NOT_SELECTED: '#8c959f',
  NO_TEST: '#8250df',
  PENDING: '#8250df',
  GAP: '#57606a',
  UNOBSERVABLE: '#57606a',
  INCOMPLETE: '#9a6700',
};
const colour = (s: string) => COLOURS[s] ?? '#57606a';
const usd = (n: number) => `$${n.toFixed(3)}`;
const duration = (ms: number) =>
  ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

function facts(r: CertificationReport): [string, string][] {
  return [
    ['Target', r.target],
    ['Tier', r.tier + (r.selection ? ` (selection: ${r.selection.length} rule(s))` : '') + (r.shard ? `, shard ${r.shard}` : '')],
    ['Tool', `${r.tool.name} ${r.tool.version}`],
    ['Contract SHA-256', r.contract.sha256 ?? 'unknown (spec file not found)'],
    ['Seed', r.seed === null ? '–' : String(r.seed)],
    ['Command', r.commandLine || '–'],
    ['Started', r.startedAt],
    ['Duration', duration(r.durationMs)],
    [
      'Spend',
      `${usd(r.spend.usd)} in ${r.spend.calls} paid call(s), budget ${r.spend.budgetUsd === null ? 'unlimited' : usd(r.spend.budgetUsd)}` +
        (r.spend.unbilledStatuses?.length
          ? ` (status ${r.spend.unbilledStatuses.join(', ')} counted unbilled: the operator's statement, gap BILL-013)`
          : ''),
    ],
    ['Coverage', `${r.coverage}% of selected testable rules passed`],
  ];
}

const failuresOf = (r: CertificationReport) => r.rules.filter((x) => x.status === 'FAILED' || x.status === 'ERROR');
const warningsOf = (r: CertificationReport) => r.rules.filter((x) => x.status === 'WARN');

export function renderMarkdown(r: CertificationReport): string {
  const out = [`# Conformance certification: ${r.verdict}`, '', `${r.verdictReason}`, ''];
  for (const [k, v] of facts(r)) out.push(`- **${k}**: ${cell(v)}`);
  out.push(
    '',
    `Counts: ${Object.entries(r.counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    '',
  );
  if (r.unlocks.length) {
    out.push('## To unlock the skipped rules', '', '| rules | need | set |', '|---|---|---|');
    for (const u of r.unlocks) out.push(`| ${u.rules} | ${cell(u.need)} | ${cell(u.set)} |`);
    out.push('');
  }
  const failures = failuresOf(r);
  out.push(`## Failures (${failures.length})`, '');
  if (!failures.length) out.push('None.', '');
  for (const f of failures) {
    out.push(`### ${f.id} (${f.level}, ${f.section})`, '', f.text, '');
    if (!f.evidence?.length) out.push(`- ${f.reasons.join('\n- ')}`, '');
    for (const e of f.evidence ?? []) {
      for (const v of e.violations) out.push(`- \`[${v.ruleId}] ${v.path}\`: ${v.message}`);
      if (e.request) out.push('', `Request: \`${e.request.method} ${e.request.url}\` → HTTP ${e.response?.status ?? '?'}`);
      if (e.response) out.push('', '```json', e.response.body.slice(0, 600), '```');
      if (e.curl) out.push('', 'Reproduce:', '', '```sh', e.curl, '```');
      out.push('');
    }
  }
  const warnings = warningsOf(r);
  if (warnings.length) {
    out.push(`## Warnings (${warnings.length})`, '');
    for (const w of warnings)
      out.push(
        `- **${w.id}** ${cell(w.text)}: ${cell(w.evidence?.[0]?.violations.find((v) => v.ruleId === w.id)?.message ?? w.reasons.join('; '))}`,
      );
    out.push('');
  }
  out.push(...driftMarkdown(r.drift));
  out.push(...spendMarkdown(r.spend));
  out.push('The full per-rule table is in certification.html and rules.json.', '');
  return out.join('\n');
}

/** Statuses of rules the run did not judge: left out of the bar, and a matrix row of only these is hidden under a selection. */
const OUTSIDE_BAR = new Set(['NOT_SELECTED', 'GAP', 'UNOBSERVABLE']);

/** A matrix of `rows` (operation or family → its rules) by status; with `selection`, rows the run did not judge are left out and counted. */
function matrix(title: string, all: Map<string, ReportedRule[]>, selection: boolean): string {
  const rows = selection ? new Map([...all].filter(([, rs]) => rs.some((r) => !OUTSIDE_BAR.has(r.status)))) : all;
  const hidden = all.size - rows.size;
  const present = STATUSES.filter((s) => [...rows.values()].some((rs) => rs.some((r) => r.status === s)));
  const head = `<tr><th>${esc(title)}</th>${present.map((s) => `<th style="color:${colour(s)}">${s}</th>`).join('')}<th>total</th></tr>`;
  const body = [...rows]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, rs]) => {
      const cells = present.map((s) => {
        const n = rs.filter((r) => r.status === s).length;
        return `<td class="n"${n && (s === 'FAILED' || s === 'WARN') ? ` style="background:${colour(s)}22;font-weight:600"` : ''}>${n || ''}</td>`;
      });
      return `<tr><td>${esc(name)}</td>${cells.join('')}<td class="n">${rs.length}</td></tr>`;
    })
    .join('\n');
  const note = hidden
    ? `<caption>${hidden} ${title === 'family' ? 'families' : 'operations'} with no selected rule left out</caption>`
    : '';
  return `<table class="matrix">${note}${head}\n${body}</table>`;
}

function evidenceHtml(f: ReportedRule): string {
  if (!f.evidence?.length) return `<p class="reason">${esc(f.reasons.join('; '))}</p>`;
  return f.evidence
    .map((e) => {
      const vs = e.violations.map((v) => `<li><code>[${esc(v.ruleId)}] ${esc(v.path)}</code> ${esc(v.message)}</li>`).join('');
      const req = e.request
        ? `<div><b>Request</b> <code>${esc(e.request.method)} ${esc(e.request.url)}</code>${e.request.body ? `<pre>${esc(e.request.body.slice(0, 2048))}</pre>` : ''}</div>`
        : '';
      const res = e.response
        ? `<details><summary><b>Response</b> HTTP ${e.response.status} · ${esc(e.response.headers['content-type'] ?? '')}${e.response.truncated ? ' · first 2 KB' : ''}</summary><pre>${esc(
            Object.entries(e.response.headers)
              .map(([k, v]) => `${k}: ${v}`)
              .join('\n'),
          )}\n\n${esc(e.response.body)}</pre></details>`
        : '';
      const curl = e.curl ? `<div><b>Reproduce</b> (secrets as environment variables)<pre class="curl">${esc(e.curl)}</pre></div>` : '';
      return `<div class="evidence"><ul>${vs}</ul>${req}${res}${curl}</div>`;
    })
    .join('');
}

export function renderHtml(r: CertificationReport): string {
  const byOperation = new Map<string, ReportedRule[]>();
  const byFamily = new Map<string, ReportedRule[]>();
  for (const rule of r.rules) {
    for (const op of rule.operations.length ? rule.operations : ['(not tied to one operation)'])
      byOperation.set(op, [...(byOperation.get(op) ?? []), rule]);
    byFamily.set(rule.family, [...(byFamily.get(rule.family) ?? []), rule]);
  }
  const failures = [...failuresOf(r), ...warningsOf(r)];
  const failureBlocks = failures.length
    ? failures
        .map(
          (f) =>
            `<section class="failure" style="border-color:${colour(f.status)}"><h3><span class="badge" style="background:${colour(f.status)}">${f.status}</span> ${esc(f.id)} <small>${f.level} · ${esc(f.section)}</small></h3><p>${esc(f.text)}</p>${evidenceHtml(f)}</section>`,
        )
        .join('\n')
    : '<p>No rule failed or warned.</p>';
  const unlocks = r.unlocks.length
    ? `<h2>To unlock the skipped rules</h2><table class="matrix"><tr><th>rules</th><th>need</th><th>set</th></tr>${r.unlocks.map((u) => `<tr><td class="n">${u.rules}</td><td>${esc(u.need)}</td><td><code>${esc(u.set)}</code></td></tr>`).join('')}</table>`
    : '';
  const options = (values: Iterable<string>) =>
    [...new Set(values)]
      .sort()
      .map((v) => `<option>${esc(v)}</option>`)
      .join('');
  const rows = r.rules
    .map(
      (v) =>
        `<tr data-status="${v.status}" data-family="${esc(v.family)}" data-level="${v.level}" data-ops="${esc(v.operations.join(' '))}"><td>${esc(v.id)}</td><td>${v.level}</td><td style="color:${colour(v.status)};font-weight:600">${v.status}</td><td>${esc(v.operations.join(', '))}</td><td>${esc(v.section)}</td><td>${esc(v.text)}</td><td>${esc(v.reasons.join('; ') || v.choice || '')}</td></tr>`,
    )
    .join('\n');
  // The bar shows what the run judged: the selected testable rules (gaps, unobservable and
  // unselected rules are counted in the legend, not drawn, or a small selection would be one grey bar).
  const judged = STATUSES.filter((s) => !OUTSIDE_BAR.has(s) && r.counts[s]);
  const total = judged.reduce((n, s) => n + (r.counts[s] ?? 0), 0) || 1;
  const bar = judged
    .map(
      (s) =>
        `<span title="${s}: ${r.counts[s]}" style="width:${(((r.counts[s] ?? 0) / total) * 100).toFixed(2)}%;background:${colour(s)}"></span>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Conformance certification: ${r.verdict}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;padding:1.5em 2em;max-width:1400px;color:#1f2328}
h1{margin:.2em 0}h2{margin-top:1.6em;border-bottom:1px solid #d0d7de;padding-bottom:.2em}
.verdict{display:inline-block;color:#fff;padding:.15em .6em;border-radius:6px;font-size:1.4em;font-weight:700}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.15em 1.2em;margin:1em 0}.facts dt{font-weight:600;color:#57606a}.facts dd{margin:0;word-break:break-all}
.bar{display:flex;height:14px;background:#eee;border-radius:3px;overflow:hidden}.bar span{display:block;height:100%}
.legend span{margin-right:1em;white-space:nowrap}
table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:3px 6px;vertical-align:top;text-align:left}
.matrix td.n{text-align:right;min-width:3em}.matrix caption{caption-side:bottom;text-align:left;color:#57606a;padding-top:.3em}.matrices{display:flex;gap:2em;flex-wrap:wrap;align-items:flex-start}
#rules{width:100%}#rules td:first-child{white-space:nowrap}#rules td:nth-child(6){min-width:24em}
.failure{border-left:4px solid;padding:.2em 1em;margin:1em 0;background:#f6f8fa}.failure h3{margin:.4em 0}.badge{color:#fff;border-radius:4px;padding:0 .4em;font-size:.85em}
pre{background:#fff;border:1px solid #d0d7de;padding:.5em;overflow:auto;max-height:18em;white-space:pre-wrap;word-break:break-all}
.filters{position:sticky;top:0;background:#fff;padding:.5em 0;display:flex;gap:1em;flex-wrap:wrap;align-items:center;border-bottom:1px solid #d0d7de}
</style></head><body>
<h1>Conformance certification <span class="verdict" style="background:${colour(r.verdict)}">${r.verdict}</span></h1>
<p><b>${esc(r.verdictReason)}</b></p>
<dl class="facts">${facts(r)
    .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`)
    .join('')}</dl>
<div class="bar" title="the ${total} selected testable rule(s) the run judged">${bar}</div>
<p class="legend">${STATUSES.filter((s) => r.counts[s])
    .map((s) => `<span><b style="color:${colour(s)}">${s}</b> ${r.counts[s]}</span>`)
    .join('')}</p>
${unlocks}
<h2>Failures and warnings (${failures.length})</h2>
${failureBlocks}
${driftHtml(r.drift)}
${spendHtml(r.spend)}
<h2>By operation and by rule family</h2>
<div class="matrices">${matrix('operation', byOperation, Boolean(r.selection))}${matrix('family', byFamily, Boolean(r.selection))}</div>
<h2>Every rule (${r.rules.length})</h2>
<div class="filters">
<label>Status <select id="f-status"><option value="">all</option>${options(r.rules.map((x) => x.status))}</select></label>
<label>Family <select id="f-family"><option value="">all</option>${options(r.rules.map((x) => x.family))}</select></label>
<label>Operation <select id="f-op"><option value="">all</option>${options(r.rules.flatMap((x) => x.operations))}</select></label>
<label>Level <select id="f-level"><option value="">all</option>${options(r.rules.map((x) => x.level))}</select></label>
<span id="f-count"></span>
</div>
<table id="rules"><thead><tr><th>Rule</th><th>Level</th><th>Status</th><th>Operations</th><th>Section</th><th>Rule text</th><th>Reason</th></tr></thead><tbody>
${rows}
</tbody></table>
<script>
(function(){var ids=['f-status','f-family','f-op','f-level'],rows=[].slice.call(document.querySelectorAll('#rules tbody tr'));
function apply(){var s=document.getElementById('f-status').value,f=document.getElementById('f-family').value,o=document.getElementById('f-op').value,l=document.getElementById('f-level').value,n=0;
rows.forEach(function(tr){var ok=(!s||tr.dataset.status===s)&&(!f||tr.dataset.family===f)&&(!l||tr.dataset.level===l)&&(!o||(' '+tr.dataset.ops+' ').indexOf(' '+o+' ')>=0);tr.style.display=ok?'':'none';if(ok)n++;});
document.getElementById('f-count').textContent=n+' of '+rows.length+' rules';}
ids.forEach(function(id){document.getElementById(id).addEventListener('change',apply);});apply();})();
</script>
</body></html>
`;
}
