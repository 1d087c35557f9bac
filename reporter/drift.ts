/**
 * The drift section of a run's report (rules.json `drift`, the certification pages, the terminal) and
 * of `forecast-conformance drift`: the target's served contract compared with the reference contract
 * and, given `--baseline FILE`, with an earlier served document (deploy to deploy). The comparison
 * itself is checks/drift.ts. Spec: Versioning rules 2-3 (VER-007, VER-018).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { contract } from '../contract/index.ts';
import { compareContracts, REFERENCE_LABEL, type DriftComparison, type DriftDifference } from '../checks/drift.ts';

/** Where a run's served contract comes from, in reports. */
export const driftSource = (target: string | undefined): string => `GET ${target || '(embedded reference stub)'}/openapi.json`;

/** What `--fail-on-drift` accepts: the class of difference that fails the run. */
export const FAIL_ON_DRIFT = ['breaking'] as const;
export type FailOnDrift = (typeof FAIL_ON_DRIFT)[number];

export interface DriftSection {
  /** compared: the served document was compared; not-run: none was read (reason says why); error: it could not be compared. */
  status: 'compared' | 'not-run' | 'error';
  reason?: string;
  /** Where the served document came from: "GET {target}/openapi.json", or the file given to `drift --against`. */
  source: string;
  /** `--fail-on-drift`: "breaking" fails the run (exit 1) on a breaking difference; null only reports. */
  failOn: FailOnDrift | null;
  /** Against the reference contract first, then against the baseline when one was given. */
  comparisons: DriftComparison[];
}

/**
 * An OpenAPI document from a file, JSON or YAML (a served document saved with curl, or the
 * `served-openapi.json` of an earlier run). @throws Error naming the file when it is unreadable or not a document
 */
export function readContractFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`${path}: cannot read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, { cause: err });
  }
  let doc: unknown;
  try {
    doc = /^\s*[{[]/.test(text) ? JSON.parse(text) : parse(text);
  } catch (err) {
    throw new Error(`${path}: neither JSON nor YAML (${(err as Error).message.split('\n')[0]})`, { cause: err });
  }
  const v = (doc as { openapi?: unknown } | null)?.openapi;
  if (typeof v !== 'string') throw new Error(`${path}: not an OpenAPI document (no "openapi" version)`);
  return doc;
}

/** A section for a run that read no served document. */
export function driftNotRun(reason: string, source: string, failOn: FailOnDrift | null): DriftSection {
  return { status: 'not-run', reason, source, failOn, comparisons: [] };
}

/**
 * Compares `served` with the reference contract and, with `baseline` (a file path), with that earlier
 * document. Never throws: a document that cannot be compared gives status "error" with the reason.
 */
export function driftSection(served: unknown, opts: { source: string; baseline?: string; failOn: FailOnDrift | null }): DriftSection {
  const comparisons: DriftComparison[] = [];
  try {
    comparisons.push(compareContracts(contract().doc, served, 'reference', REFERENCE_LABEL));
    if (opts.baseline) comparisons.push(compareContracts(readContractFile(opts.baseline), served, 'baseline', opts.baseline));
  } catch (err) {
    return { status: 'error', reason: (err as Error).message, source: opts.source, failOn: opts.failOn, comparisons };
  }
  return { status: 'compared', source: opts.source, failOn: opts.failOn, comparisons };
}

/** Breaking differences of every comparison. */
export const breakingCount = (s: DriftSection | undefined): number => (s?.comparisons ?? []).reduce((n, c) => n + c.counts.breaking, 0);

/** Why the drift gate fails the run (`--fail-on-drift breaking` and a breaking difference), else undefined. */
export function driftGate(s: DriftSection | undefined): string | undefined {
  const n = breakingCount(s);
  if (!s || s.failOn !== 'breaking' || n === 0) return undefined;
  const where = s.comparisons.filter((c) => c.counts.breaking).map((c) => `${c.counts.breaking} against the ${c.against}`);
  return `--fail-on-drift breaking: ${n} breaking difference(s) of the served contract (${where.join(', ')})`;
}

const against = (c: DriftComparison) => (c.against === 'reference' ? `the reference contract (${c.before})` : `the baseline (${c.before})`);
const counted = (c: DriftComparison) =>
  `${c.counts.breaking} breaking, ${c.counts['non-breaking']} non-breaking, ${c.counts.annotation} annotation-only`;
const tag = (d: DriftDifference) => [d.ruleId, d.choice ? `choice ${d.choice}` : undefined].filter(Boolean).join(', ');

/** One line of a difference: class, pointer, what, where, and why when our rules decided it. */
export function differenceLine(d: DriftDifference): string {
  const t = tag(d);
  return `${d.class.padEnd(12)} ${d.pointer}${t ? ` [${t}]` : ''}: ${d.what}${d.operations.length ? ` (${d.operations.join(', ')})` : ''}${d.reason ? `; ${d.reason}` : ''}`;
}

/** Terminal lines: each comparison's counts, its breaking and non-breaking differences and its choices; annotations counted. */
export function driftLines(s: DriftSection): string[] {
  if (s.status === 'not-run') return [`Contract drift: not compared (${s.reason})`];
  const lines = [`Contract drift of ${s.source}:`];
  for (const c of s.comparisons) {
    lines.push(`  against ${against(c)}: ${counted(c)}`);
    const shown = c.differences.filter((d) => d.class !== 'annotation' || d.choice);
    for (const d of shown) lines.push(`    ${differenceLine(d)}`);
    const rest = c.differences.length - shown.length;
    if (rest)
      lines.push(`    (${rest} annotation-only difference(s): descriptions, examples, servers; listed in rules.json and by drift --json)`);
  }
  if (s.status === 'error') lines.push(`  not compared: ${s.reason}`);
  return lines;
}

const cell = (v: string) => v.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The section in Markdown (certification.md). */
export function driftMarkdown(s: DriftSection | undefined): string[] {
  if (!s) return [];
  const out = ['## Contract drift', ''];
  if (s.status !== 'compared') out.push(`${s.status === 'error' ? 'Not compared' : 'Not run'}: ${s.reason ?? ''}`, '');
  for (const c of s.comparisons) {
    out.push(`Served contract (${cell(s.source)}) against ${cell(against(c))}: ${counted(c)}.`, '');
    if (!c.differences.length) continue;
    out.push('| class | pointer | rule / choice | what | operations |', '|---|---|---|---|---|');
    for (const d of c.differences)
      out.push(
        `| ${d.class} | \`${cell(d.pointer)}\` | ${tag(d) || '–'} | ${cell(d.what + (d.reason ? `; ${d.reason}` : ''))} | ${cell(d.operations.join(', '))} |`,
      );
    out.push('');
  }
  return out;
}

const CLASS_COLOURS: Record<string, string> = { breaking: '#cf222e', 'non-breaking': '#9a6700', annotation: '#57606a' };

/** The section as data for the certification page's template (reporter/templates/certification.eta). */
export interface DriftView {
  /** Why nothing (or not everything) was compared, or undefined. */
  note?: string;
  comparisons: {
    source: string;
    against: string;
    counted: string;
    differences: { class: string; colour: string; pointer: string; tag: string; what: string; reason?: string; operations: string }[];
  }[];
}

/** The section of the certification page, as data (undefined: no section). */
export function driftView(s: DriftSection | undefined): DriftView | undefined {
  if (!s) return undefined;
  return {
    ...(s.status !== 'compared' ? { note: `${s.status === 'error' ? 'Not compared' : 'Not run'}: ${s.reason ?? ''}` } : {}),
    comparisons: s.comparisons.map((c) => ({
      source: s.source,
      against: against(c),
      counted: counted(c),
      differences: c.differences.map((d) => ({
        class: d.class,
        colour: CLASS_COLOURS[d.class] ?? '#57606a',
        pointer: d.pointer,
        tag: tag(d),
        what: d.what,
        ...(d.reason ? { reason: d.reason } : {}),
        operations: d.operations.join(', '),
      })),
    })),
  };
}
