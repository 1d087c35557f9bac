/**
 * The kill matrix of a mutation run: one row per mutant, as data (reports/mutation.json), as text
 * (the console) and as HTML (reports/mutation.html).
 */

export type MutantStatus = 'killed' | 'survived' | 'timeout' | 'error' | 'not-run';

export interface MatrixRow {
  mutant: string;
  rule: string;
  family: string;
  bug: string;
  status: MutantStatus;
  /** Failing tests (`file › title`) beyond the baseline's failures. */
  failed: string[];
  /** A failing test carries the mutant's rule ID. */
  carriesRule: boolean;
  /** Killed only by tests that do not carry the rule. */
  flagged: boolean;
  /** Tests run for this mutant (carrying the rule / its family). */
  selected: { carrying: number; family: number };
  /** Why the registry says the rule cannot be observed (survivors only). */
  unobservable?: string;
  ms: number;
  note?: string;
}

export interface MatrixReport {
  startedAt: string;
  wallMs: number;
  total: number;
  killed: number;
  flagged: number;
  /** killed / total, 0..1. */
  score: number;
  /** Tests failing without any mutant (never counted as a kill). */
  baselineFailures: string[];
  /** The chunks merged into this report (--merge/--resume), oldest first; wallMs is their sum. */
  chunks?: { startedAt: string; wallMs: number; mutants: number }[];
  rows: MatrixRow[];
}

const pad = (s: string, n: number): string => (s.length >= n ? s.slice(0, n) : s + ' '.repeat(n - s.length));

/** Console table: mutant, rule, status, carrying flag, first failing test. */
export function renderText(r: MatrixReport): string {
  const lines = [`${pad('mutant', 30)} ${pad('rule', 10)} ${pad('status', 9)} ${pad('rule-test', 9)} ${pad('s', 5)} failed tests`];
  for (const row of r.rows) {
    const carry = row.status === 'killed' ? (row.carriesRule ? 'yes' : 'FLAGGED') : '-';
    const failed = row.failed.length ? `${row.failed.length}: ${row.failed.slice(0, 2).join(' | ')}` : (row.unobservable ?? row.note ?? '');
    lines.push(
      `${pad(row.mutant, 30)} ${pad(row.rule, 10)} ${pad(row.status, 9)} ${pad(carry, 9)} ${pad((row.ms / 1000).toFixed(0), 5)} ${failed}`,
    );
  }
  const by = new Map<string, number>();
  for (const row of r.rows) by.set(row.status, (by.get(row.status) ?? 0) + 1);
  lines.push(`by status: ${[...by].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  lines.push(
    `mutation score: ${r.killed}/${r.total} killed (${(r.score * 100).toFixed(1)}%), ${r.flagged} flagged (killed only by tests not carrying the rule); wall time ${(r.wallMs / 1000).toFixed(0)} s`,
  );
  return lines.join('\n');
}

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Self-contained HTML matrix. */
export function renderHtml(r: MatrixReport): string {
  const rows = r.rows
    .map((row) => {
      const cls = row.status === 'killed' ? (row.flagged ? 'flag' : 'kill') : 'live';
      const tests = row.failed.map((t) => `<li>${esc(t)}</li>`).join('');
      return `<tr class="${cls}"><td><code>${esc(row.mutant)}</code></td><td>${esc(row.rule)}</td><td>${esc(row.family)}</td><td>${esc(row.bug)}</td><td>${esc(row.status)}</td><td>${row.status === 'killed' ? (row.carriesRule ? 'yes' : 'no (flagged)') : ''}</td><td>${row.selected.carrying}+${row.selected.family}</td><td><ul>${tests}</ul>${esc(row.unobservable ?? row.note ?? '')}</td><td>${(row.ms / 1000).toFixed(1)}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Mutation run</title><style>
body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 6px;vertical-align:top}
tr.kill td:nth-child(5){background:#d9f2d9}tr.flag td:nth-child(5){background:#fff2cc}tr.live td:nth-child(5){background:#f8d0d0}ul{margin:0;padding-left:1.2em}
</style></head><body><h1>Mutation run</h1>
<p>Score <b>${r.killed}/${r.total}</b> (${(r.score * 100).toFixed(1)}%), ${r.flagged} flagged; started ${esc(r.startedAt)}; wall time ${(r.wallMs / 1000).toFixed(0)} s.</p>
${r.baselineFailures.length ? `<p>Failing without a mutant (not counted as kills): ${r.baselineFailures.map(esc).join('; ')}</p>` : ''}
<table><thead><tr><th>mutant</th><th>rule</th><th>family</th><th>bug</th><th>status</th><th>killed by a test carrying the rule</th><th>tests run (rule+family)</th><th>failed tests</th><th>s</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`;
}
