/**
 * Renders the certification report as Markdown and as one self-contained HTML page (the vendor's
 * certificate): verdict and run facts first, then each failure in a section of its own with its
 * exhibits and `curl` reproduction, then a matrix by operation and by rule family, then the full
 * per-rule table with client-side filters.
 *
 * The page is built from data: this module turns the report into a view (`CertificationPage`) and
 * the Eta templates (reporter/templates.ts) render it with autoescape on, so no value (a body holding
 * `</pre>`, quotes, `&`) can break the markup (issue 33).
 */
import type { Exhibit } from '../lib/exhibit.ts';
import type { CertificationReport, ReportedRule } from './report.ts';
import { driftMarkdown, driftView, type DriftView } from './drift.ts';
import { spendMarkdown, spendView } from './spend.ts';
import { templates } from './templates.ts';

/** A Markdown table cell: pipes escaped, one line. */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
/** A Markdown code fence longer than any run of backticks in `text`, so the text cannot close it. */
const fence = (text: string) => '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
/** Inline Markdown code that `text` cannot close. */
const code = (text: string) => {
  const ticks = '`'.repeat(Math.max(1, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return `${ticks}${ticks.length > 1 ? ' ' : ''}${text.replace(/\n/g, ' ')}${ticks.length > 1 ? ' ' : ''}${ticks}`;
};

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
    if (!f.exhibits?.length) out.push(`- ${f.reasons.join('\n- ')}`, '');
    for (const e of f.exhibits ?? []) {
      for (const v of e.violations) out.push(`- ${code(`[${v.ruleId}] ${v.path}`)}: ${v.message.replace(/\n/g, ' ')}`);
      if (e.request) out.push('', `Request: ${code(`${e.request.method} ${e.request.url}`)} → HTTP ${e.response?.status ?? '?'}`);
      if (e.response) {
        const body = e.response.body.slice(0, 600);
        out.push('', `${fence(body)}json`, body, fence(body));
      }
      if (e.setup?.length) {
        const setup = e.setup.join('\n');
        out.push('', 'Set up first (control plane):', '', `${fence(setup)}sh`, setup, fence(setup));
      }
      if (e.curl) out.push('', 'Reproduce:', '', `${fence(e.curl)}sh`, e.curl, fence(e.curl));
      out.push('');
    }
  }
  const warnings = warningsOf(r);
  if (warnings.length) {
    out.push(`## Warnings (${warnings.length})`, '');
    for (const w of warnings)
      out.push(
        `- **${w.id}** ${cell(w.text)}: ${cell(w.exhibits?.[0]?.violations.find((v) => v.ruleId === w.id)?.message ?? w.reasons.join('; '))}`,
      );
    out.push('');
  }
  out.push(...driftMarkdown(r.drift));
  out.push(...spendMarkdown(r.spend));
  out.push(...pairsMarkdown(r));
  out.push('The full per-rule table is in certification.html and rules.json.', '');
  return out.join('\n');
}

/** Marks of the rule × operation matrix: judged, applicable but not judged, not applicable. */
const PAIR_MARK = { judged: '●', open: '○', none: '' } as const;

/** The rule × operation matrix as the pages show it (issue 34): rows of the rules with applicable operations. */
export interface PairMatrixView {
  summary: string;
  operations: string[];
  rows: { id: string; status: string; colour: string; cells: { mark: string; title: string; open: boolean }[] }[];
  /** Applicable pairs not judged, by reason (largest first). */
  reasons: { reason: string; count: number }[];
}

/** The matrix view of a report, or undefined for a report without one (an older rules.json). */
export function pairMatrix(r: CertificationReport): PairMatrixView | undefined {
  const withCells = r.rules.filter((x) => x.matrix?.length && x.status !== 'NOT_SELECTED');
  if (!withCells.length || !r.pairCoverage) return undefined;
  const operations = [...new Set(withCells.flatMap((x) => x.matrix!.map((c) => c.operation)))].sort();
  const reasons = new Map<string, number>();
  const rows = withCells.map((x) => {
    const byOp = new Map(x.matrix!.map((c) => [c.operation, c]));
    return {
      id: x.id,
      status: x.status,
      colour: colour(x.status),
      cells: operations.map((op) => {
        const c = byOp.get(op);
        if (!c) return { mark: PAIR_MARK.none, title: `${op}: not applicable`, open: false };
        if (c.judged) return { mark: PAIR_MARK.judged, title: `${x.id} on ${op}: judged`, open: false };
        const reason = c.reason ?? 'not judged';
        const kind = reason.replace(/ \(.*$/, '').replace(/:.*$/, '');
        reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
        return { mark: PAIR_MARK.open, title: `${x.id} on ${op}: ${reason}`, open: true };
      }),
    };
  });
  const pc = r.pairCoverage;
  return {
    summary: `${pc.judged} of ${pc.applicable} applicable (rule, operation) pair(s) judged (${pc.percent}%): ${PAIR_MARK.judged} judged, ${PAIR_MARK.open} applicable but not judged, blank not applicable`,
    operations,
    rows,
    reasons: [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
  };
}

/** The matrix as Markdown: the summary, why pairs were not judged, then rules down and operations across. */
function pairsMarkdown(r: CertificationReport): string[] {
  const m = pairMatrix(r);
  if (!m) return [];
  const out = ['## Rule × operation', '', m.summary, ''];
  if (m.reasons.length) {
    out.push('| pairs not judged | why |', '|---|---|');
    for (const x of m.reasons) out.push(`| ${x.count} | ${cell(x.reason)} |`);
    out.push('');
  }
  out.push(`| rule | ${m.operations.join(' | ')} |`, `|---|${m.operations.map(() => ':-:').join('|')}|`);
  for (const row of m.rows) out.push(`| ${row.id} | ${row.cells.map((c) => c.mark).join(' | ')} |`);
  out.push('', 'Why each open pair was not judged: certification.html (hover a cell) and rules.json (`matrix`).', '');
  return out;
}

/** Statuses of rules the run did not judge: left out of the bar, and a matrix row of only these is hidden under a selection. */
const OUTSIDE_BAR = new Set(['NOT_SELECTED', 'GAP', 'UNOBSERVABLE']);

/** A matrix of rows (operation or family) by status, as the template draws it. */
interface MatrixView {
  title: string;
  caption?: string;
  columns: { status: string; colour: string }[];
  rows: { name: string; cells: { n: string; highlight?: string }[]; total: number }[];
}

/** One exhibit as the page shows it. */
interface ExhibitView {
  violations: Exhibit['violations'];
  request?: { method: string; url: string; body?: string };
  response?: { status: number; contentType: string; truncated: boolean; headers: string; body: string };
  curl?: string;
  /** The control-plane calls to run before `curl`, one command per line. */
  setup?: string;
}

/** A failed, erroring or warned rule: one section of the page. */
interface FailureView {
  id: string;
  status: string;
  colour: string;
  level: string;
  section: string;
  text: string;
  reasons: string;
  exhibits: ExhibitView[];
}

/** Everything certification.eta shows, already worded; the template only lays it out. */
export interface CertificationPage {
  verdict: string;
  verdictColour: string;
  verdictReason: string;
  facts: [string, string][];
  bar: { status: string; count: number; width: string; colour: string }[];
  barTotal: number;
  legend: { status: string; count: number; colour: string }[];
  unlocks: CertificationReport['unlocks'];
  failures: FailureView[];
  drift?: DriftView;
  spend?: ReturnType<typeof spendView>;
  matrices: MatrixView[];
  pairs?: PairMatrixView;
  filters: { id: string; label: string; values: string[] }[];
  rules: {
    id: string;
    level: string;
    status: string;
    colour: string;
    family: string;
    ops: string;
    operations: string;
    section: string;
    text: string;
    reason: string;
  }[];
}

/** A matrix of `all` (operation or family → its rules) by status; with `selection`, rows the run did not judge are left out and counted. */
function matrix(title: string, all: Map<string, ReportedRule[]>, selection: boolean): MatrixView {
  const rows = selection ? new Map([...all].filter(([, rs]) => rs.some((r) => !OUTSIDE_BAR.has(r.status)))) : all;
  const hidden = all.size - rows.size;
  const present = STATUSES.filter((s) => [...rows.values()].some((rs) => rs.some((r) => r.status === s)));
  return {
    title,
    ...(hidden ? { caption: `${hidden} ${title === 'family' ? 'families' : 'operations'} with no selected rule left out` } : {}),
    columns: present.map((status) => ({ status, colour: colour(status) })),
    rows: [...rows]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, rs]) => ({
        name,
        total: rs.length,
        cells: present.map((s) => {
          const n = rs.filter((r) => r.status === s).length;
          return { n: n ? String(n) : '', ...(n && (s === 'FAILED' || s === 'WARN') ? { highlight: colour(s) } : {}) };
        }),
      })),
  };
}

function exhibitView(e: Exhibit): ExhibitView {
  return {
    violations: e.violations,
    ...(e.request
      ? {
          request: {
            method: e.request.method,
            url: e.request.url,
            ...(e.request.body !== undefined ? { body: e.request.body.slice(0, 2048) } : {}),
          },
        }
      : {}),
    ...(e.response
      ? {
          response: {
            status: e.response.status,
            contentType: e.response.headers['content-type'] ?? '',
            truncated: e.response.truncated,
            headers: Object.entries(e.response.headers)
              .map(([k, v]) => `${k}: ${v}`)
              .join('\n'),
            body: e.response.body,
          },
        }
      : {}),
    ...(e.curl ? { curl: e.curl } : {}),
    ...(e.setup?.length ? { setup: e.setup.join('\n') } : {}),
  };
}

/** The report as the page's view: every figure and word the template shows. */
export function certificationPage(r: CertificationReport): CertificationPage {
  const byOperation = new Map<string, ReportedRule[]>();
  const byFamily = new Map<string, ReportedRule[]>();
  for (const rule of r.rules) {
    for (const op of rule.operations.length ? rule.operations : ['(not tied to one operation)'])
      byOperation.set(op, [...(byOperation.get(op) ?? []), rule]);
    byFamily.set(rule.family, [...(byFamily.get(rule.family) ?? []), rule]);
  }
  // The bar shows what the run judged: the selected testable rules (gaps, unobservable and
  // unselected rules are counted in the legend, not drawn, or a small selection would be one grey bar).
  const judged = STATUSES.filter((s) => !OUTSIDE_BAR.has(s) && r.counts[s]);
  const total = judged.reduce((n, s) => n + (r.counts[s] ?? 0), 0) || 1;
  const values = (list: Iterable<string>) => [...new Set(list)].sort();
  const drift = driftView(r.drift);
  const spend = spendView(r.spend);
  return {
    verdict: r.verdict,
    verdictColour: colour(r.verdict),
    verdictReason: r.verdictReason,
    facts: facts(r),
    bar: judged.map((s) => ({
      status: s,
      count: r.counts[s] ?? 0,
      width: (((r.counts[s] ?? 0) / total) * 100).toFixed(2),
      colour: colour(s),
    })),
    barTotal: total,
    legend: STATUSES.filter((s) => r.counts[s]).map((s) => ({ status: s, count: r.counts[s]!, colour: colour(s) })),
    unlocks: r.unlocks,
    failures: [...failuresOf(r), ...warningsOf(r)].map((f) => ({
      id: f.id,
      status: f.status,
      colour: colour(f.status),
      level: f.level,
      section: f.section,
      text: f.text,
      reasons: f.reasons.join('; '),
      exhibits: (f.exhibits ?? []).map(exhibitView),
    })),
    ...(drift ? { drift } : {}),
    ...(spend ? { spend } : {}),
    matrices: [matrix('operation', byOperation, Boolean(r.selection)), matrix('family', byFamily, Boolean(r.selection))],
    ...(pairMatrix(r) ? { pairs: pairMatrix(r)! } : {}),
    filters: [
      { id: 'f-status', label: 'Status', values: values(r.rules.map((x) => x.status)) },
      { id: 'f-family', label: 'Family', values: values(r.rules.map((x) => x.family)) },
      { id: 'f-op', label: 'Operation', values: values(r.rules.flatMap((x) => x.operations)) },
      { id: 'f-level', label: 'Level', values: values(r.rules.map((x) => x.level)) },
    ],
    rules: r.rules.map((v) => ({
      id: v.id,
      level: v.level,
      status: v.status,
      colour: colour(v.status),
      family: v.family,
      ops: v.operations.join(' '),
      operations: v.operations.join(', '),
      section: v.section,
      text: v.text,
      reason: v.reasons.join('; ') || v.choice || '',
    })),
  };
}

/** The certification page (certification.html): one self-contained HTML document. */
export function renderHtml(r: CertificationReport): string {
  return templates.render('./certification', certificationPage(r));
}
