/**
 * The certification report as data (`rules.json`, schema reporter/rules.schema.json) and the files
 * rendered from it: certification.md, certification.html and junit.xml. Used by the rule reporter,
 * by the CLI when a run ends before any suite (preflight), and by `merge`.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isTestable, type Rule } from '../contract/rules.ts';
import type { Exhibit } from '../lib/exhibit.ts';
import { redact } from '../lib/redact.ts';
import { REPORT_FILES } from '../lib/run-state.ts';
import { pairCoverage, type RuleVerdict } from './rule-results.ts';
import { applicableOperations } from '../contract/applicability.ts';
import { renderHtml, renderMarkdown } from './render.ts';
import { renderJunit } from './junit.ts';
import { driftGate, driftLines, type DriftSection } from './drift.ts';
import type { SpendBreakdown } from './spend.ts';

/** The spend breakdown as rules.json carries it: USD amounts. */
export interface SpendReport {
  byOperation: Record<string, number>;
  byFamily: Record<string, number>;
  byRule: Record<string, number>;
  topTests: { title: string; usd: number; byOperation: Record<string, number> }[];
}

const toUsd = (credits: number) => Math.round(credits) / 1000;
const usdOf = (r: Record<string, number>) => Object.fromEntries(Object.entries(r).map(([k, c]) => [k, toUsd(c)]));

/** A breakdown in credits as rules.json's USD figures. */
export function spendReport(b: SpendBreakdown): SpendReport {
  return {
    byOperation: usdOf(b.byOperation),
    byFamily: usdOf(b.byFamily),
    byRule: usdOf(b.byRule),
    topTests: b.topTests.map((t) => ({ title: t.title, usd: toUsd(t.credits), byOperation: usdOf(t.byOperation) })),
  };
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Overall verdict: PASSED (exit 0), FAILED or INCOMPLETE (exit 1), ERROR (exit 2). */
export type RunVerdict = 'PASSED' | 'FAILED' | 'INCOMPLETE' | 'ERROR';

export interface ReportedRule extends Omit<RuleVerdict, 'status'> {
  /** A RuleStatus (reporter/rule-results.ts); a string so statuses added there pass through. */
  status: string;
  /** Catalogue family (the ID prefix). */
  family: string;
  operations: string[];
  /** Exhibits of FAILED and WARN verdicts (suites/support/exhibit.ts). */
  exhibits?: Exhibit[];
  /** The summed durations of the tests that carried the rule, ms (JUnit's `time`); absent when unknown. */
  durationMs?: number;
}

/** What is missing for SKIPPED rules to run, and how many rules each would unlock. */
export interface Unlock {
  need: string;
  set: string;
  rules: number;
}

export interface RunInfo {
  target: string;
  tier: string;
  seed: number | null;
  /** The command line, secrets redacted. */
  commandLine: string;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  /** Playwright's run status (passed, failed, interrupted, timedout) or "preflight". */
  runStatus: string;
  /**
   * USD. `breakdown`: spend per operation, family, rule and the costliest tests (issue 19; reporter/spend.ts).
   * `unbilledStatuses`: the statuses the operator stated the target never bills (`--unbilled-status`, gap
   * BILL-013), whose charge the budget gave back; absent when none was stated.
   */
  spend: { usd: number; calls: number; budgetUsd: number | null; unbilledStatuses?: number[]; breakdown?: SpendReport };
  /** Rule IDs selected by --rule/--family/--operation/tier; null = every rule. */
  selection: string[] | null;
  failOnSkip: boolean;
  minCoverage: number | null;
  shard: string | null;
  /** Why the run ended early (preflight, target stopped answering, signal). */
  aborted: string | null;
}

export interface CertificationReport extends RunInfo {
  schemaVersion: 1;
  tool: { name: string; version: string };
  contract: { sha256: string | null };
  verdict: RunVerdict;
  verdictReason: string;
  counts: Record<string, number>;
  /** Percentage of selected testable rules PASSED (or WARN). */
  coverage: number;
  /** Issue 34: applicable (rule, operation) pairs of the selected testable rules, and those judged. Absent in older reports. */
  pairCoverage?: { applicable: number; judged: number; percent: number };
  unlocks: Unlock[];
  rules: ReportedRule[];
  /** The served contract compared with the reference (and a baseline): reporter/drift.ts. Absent in reports of earlier versions. */
  drift?: DriftSection;
}

/** name and version of this package. */
export function toolInfo(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

/** SHA-256 of the spec the catalogue was taken from (../shared/spec/api-contract.md), or null when absent. */
export function contractSha256(): string | null {
  const path = join(ROOT, '..', 'shared', 'spec', 'api-contract.md');
  return existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : null;
}

const UNLOCKS: { test: RegExp; need: string; set: string }[] = [
  { test: /FC_API_KEY_2|second principal|second key/i, need: 'a second API key', set: 'FC_API_KEY_2' },
  { test: /FC_API_KEY\b|API key/i, need: 'an API key', set: 'FC_API_KEY' },
  {
    test: /control plane|FC_CONTROL_TOKEN/i,
    need: 'the control plane (also funds wallets, moves the clock)',
    set: 'FC_CONTROL_TOKEN (and FC_CONTROL when not served by the target)',
  },
  // "budget: …" from Budget.charge, "spend budget too small …" from the suites' affordability skips.
  { test: /^budget|budget:|budget too small/i, need: 'a budget', set: '--max-spend USD' },
  { test: /wallet/i, need: 'a wallet', set: 'FC_CONTROL_TOKEN (wallet funding)' },
  { test: /THROTTLED|429/i, need: 'rate-limit headroom', set: 'fewer --workers, or a principal with a higher limit' },
];

/** Groups SKIPPED and THROTTLED rules by what would unlock them. */
export function unlocksOf(rules: readonly Pick<ReportedRule, 'status' | 'reasons'>[]): Unlock[] {
  const counts = new Map<string, Unlock>();
  for (const r of rules) {
    if (r.status !== 'SKIPPED' && r.status !== 'THROTTLED') continue;
    const text = r.reasons.join(' ');
    const u = UNLOCKS.find((x) => x.test.test(text)) ?? {
      need: 'an answer of the kind the rule speaks of (target data)',
      set: 'nothing: the target had no such case',
    };
    const entry = counts.get(u.need) ?? { need: u.need, set: u.set, rules: 0 };
    entry.rules++;
    counts.set(u.need, entry);
  }
  return [...counts.values()].sort((a, b) => b.rules - a.rules);
}

const family = (id: string) => id.replace(/-\d+$/, '');

/** The operations a catalogue rule applies to; [] when unknown or its statement does not resolve (rules:check names it). */
function operationsOf(rule: Rule | undefined): string[] {
  try {
    return rule ? [...applicableOperations(rule)] : [];
  } catch {
    return rule?.operations ?? [];
  }
}
const OPEN = new Set(['SKIPPED', 'NOT_RUN', 'THROTTLED']);

/** Verdict of the whole run, and why. */
export function runVerdict(
  info: RunInfo,
  rules: readonly ReportedRule[],
  catalogue: ReadonlyMap<string, Rule>,
  drift?: DriftSection,
): { verdict: RunVerdict; reason: string; coverage: number } {
  const testable = rules.filter(
    (r) => r.status !== 'NOT_SELECTED' && catalogue.has(r.id) && isTestable(catalogue.get(r.id)!) && !catalogue.get(r.id)!.pending,
  );
  const passed = testable.filter((r) => r.status === 'PASSED' || r.status === 'WARN').length;
  const coverage = testable.length ? Math.round((passed / testable.length) * 1000) / 10 : 0;
  if (info.aborted) return { verdict: 'ERROR', reason: info.aborted, coverage };
  const failed = rules.filter((r) => r.status === 'FAILED');
  // A harness fault makes the whole run untrustworthy, whatever else it found: ERROR, exit 2 (issue 18).
  const errors = rules.filter((r) => r.status === 'ERROR');
  if (errors.length)
    return {
      verdict: 'ERROR',
      reason: `${errors.length} rule(s) ERROR (a harness fault, not a verdict on the target): ${errors
        .slice(0, 5)
        .map((r) => r.id)
        .join(', ')}${errors.length > 5 ? ', …' : ''}${failed.length ? `; ${failed.length} rule(s) also failed` : ''}`,
      coverage,
    };
  if (failed.length)
    return {
      verdict: 'FAILED',
      reason: `${failed.length} rule(s) failed: ${failed
        .slice(0, 5)
        .map((r) => r.id)
        .join(', ')}${failed.length > 5 ? ', …' : ''}`,
      coverage,
    };
  const gate = driftGate(drift);
  if (gate) return { verdict: 'FAILED', reason: gate, coverage };
  const open = testable.filter((r) => OPEN.has(r.status));
  if (info.tier === 'certify' && open.length)
    return {
      verdict: 'INCOMPLETE',
      reason: `certify: ${open.length} testable rule(s) not judged (SKIPPED, THROTTLED or NOT_RUN); the certification is not complete`,
      coverage,
    };
  const skipped = testable.filter((r) => r.status === 'SKIPPED');
  if (info.failOnSkip && skipped.length)
    return { verdict: 'INCOMPLETE', reason: `--fail-on-skip: ${skipped.length} rule(s) SKIPPED`, coverage };
  if (info.minCoverage !== null && coverage < info.minCoverage)
    return {
      verdict: 'INCOMPLETE',
      reason: `--min-coverage ${info.minCoverage}%: ${coverage}% of ${testable.length} testable rule(s) passed`,
      coverage,
    };
  return { verdict: 'PASSED', reason: `no rule failed; ${coverage}% of ${testable.length} testable selected rule(s) passed`, coverage };
}

/**
 * Builds the report from verdicts (NOT_SELECTED applied by the caller), their exhibits, the drift section
 * and, given `durations` (test title → ms, as in RuleVerdict.tests), each rule's summed test time.
 */
export function buildReport(
  info: RunInfo,
  verdicts: readonly RuleVerdict[],
  catalogue: ReadonlyMap<string, Rule>,
  exhibits: ReadonlyMap<string, Exhibit[]> = new Map(),
  drift?: DriftSection,
  durations?: ReadonlyMap<string, number>,
): CertificationReport {
  const rules: ReportedRule[] = verdicts.map((v) => {
    const ev = (v.status as string) === 'FAILED' || (v.status as string) === 'WARN' ? exhibits.get(v.id) : undefined;
    const ms = durations && v.tests.length ? v.tests.reduce((n, t) => n + (durations.get(t.title) ?? 0), 0) : undefined;
    return {
      ...v,
      family: family(v.id),
      operations: operationsOf(catalogue.get(v.id)),
      ...(ev?.length ? { exhibits: ev } : {}),
      ...(ms !== undefined ? { durationMs: Math.round(ms) } : {}),
    };
  });
  const counts: Record<string, number> = {};
  for (const r of rules) counts[r.status] = (counts[r.status] ?? 0) + 1;
  const { verdict, reason, coverage } = runVerdict(info, rules, catalogue, drift);
  // A smoke run spends nothing whatever --max-spend says: its budget-bound rules need another tier.
  const unlocks = unlocksOf(rules).map((u) =>
    info.tier === 'smoke' && u.need === 'a budget' ? { ...u, set: '--tier standard --max-spend USD (smoke never spends)' } : u,
  );
  return {
    schemaVersion: 1,
    tool: toolInfo(),
    contract: { sha256: contractSha256() },
    ...info,
    verdict,
    verdictReason: reason,
    counts,
    coverage,
    pairCoverage: pairCoverage(verdicts),
    unlocks,
    rules,
    ...(drift ? { drift } : {}),
  };
}

/** Writes rules.json, certification.md, certification.html and junit.xml, every byte redacted. */
export function writeReports(dir: string, report: CertificationReport): void {
  mkdirSync(dir, { recursive: true });
  // Each file appears whole (written aside, then renamed), and rules.json last: `run` takes its
  // presence as a complete set, even when the run was killed while writing (cli/run.ts).
  const put = (name: string, text: string) => {
    writeFileSync(join(dir, `${name}.tmp`), redact(text));
    renameSync(join(dir, `${name}.tmp`), join(dir, name));
  };
  put(REPORT_FILES.markdown, renderMarkdown(report));
  put(REPORT_FILES.html, renderHtml(report));
  put(REPORT_FILES.junit, renderJunit(report));
  put(REPORT_FILES.rules, JSON.stringify(report, null, 2));
}

/** Reads a report written by writeReports. @throws Error when absent or not a report. */
export function readReport(dir: string): CertificationReport {
  const file = join(dir, REPORT_FILES.rules);
  const data = JSON.parse(readFileSync(file, 'utf8')) as CertificationReport;
  if (data.schemaVersion !== 1 || !Array.isArray(data.rules)) throw new Error(`${file} is not a certification report`);
  return data;
}

/** The open (rule, operation) pairs of selected rules by the kind of their reason (its words before a colon or bracket), most first. */
function openPairReasons(report: CertificationReport): [string, number][] {
  const kinds = new Map<string, number>();
  for (const rule of report.rules) {
    if (rule.status === 'NOT_SELECTED' || rule.status === 'PENDING') continue;
    for (const cell of rule.matrix ?? []) {
      if (cell.judged) continue;
      const kind = (cell.reason ?? 'not judged').replace(/ \(.*$/, '').replace(/:.*$/, '');
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
  }
  return [...kinds].sort((a, b) => b[1] - a[1]);
}

/** The end-of-run summary printed on stdout. */
export function summaryLines(report: CertificationReport): string[] {
  const c = (s: string) => report.counts[s] ?? 0;
  const lines = [
    `Rules: ${c('PASSED')} passed, ${c('WARN')} warned, ${c('FAILED')} failed, ${c('SKIPPED')} skipped, ${c('THROTTLED')} throttled, ${c('NOT_RUN')} not run, ${c('NOT_SELECTED')} not selected; ` +
      `${c('NO_TEST')} with no test, ${c('PENDING')} pending, ${c('GAP')} gaps, ${c('UNOBSERVABLE')} unobservable; coverage ${report.coverage}%`,
  ];
  const pc = report.pairCoverage;
  if (pc?.applicable) {
    const open = openPairReasons(report);
    lines.push(
      `Rule × operation: ${pc.judged} of ${pc.applicable} applicable pair(s) judged (${pc.percent}%)` +
        (open.length ? `; not judged: ${open.map(([kind, n]) => `${n} ${kind}`).join(', ')}` : '') +
        '; the matrix is in rules.json and the certification pages',
    );
  }
  if (report.unlocks.length) {
    lines.push('To unlock the skipped rules:');
    for (const u of report.unlocks) lines.push(`  ${String(u.rules).padStart(4)} rule(s) need ${u.need}: set ${u.set}`);
  }
  if (report.drift) lines.push(...driftLines(report.drift));
  lines.push(`Verdict: ${report.verdict} (${report.verdictReason})`);
  return lines;
}
