/**
 * JUnit XML from rule verdicts, for a CI dashboard to trust: one testsuite per rule family, one
 * testcase per rule. PASSED is a passing case, and so is WARN (a SHOULD/MAY rule the target breaks,
 * which never breaks the run), with its warning in `system-out`; FAILED is a `<failure>` whose text is
 * its violations and `curl` reproduction; ERROR (a harness fault) an `<error>` with its reason. Every
 * other status (SKIPPED, THROTTLED, NOT_RUN, NO_TEST, PENDING, GAP, UNOBSERVABLE) is `<skipped>` with
 * the status and reason as its text, so the passing count (tests − failures − errors − skipped) is
 * exactly the PASSED and WARN rules. NOT_SELECTED rules are left out: the run did not look at them.
 * A case's `time` is the summed duration of the tests that carried the rule.
 *
 * The file validates against the JUnit schema Jenkins publishes (junit-4.xsd; checked in
 * tests/harness/junit.spec.ts), where `<skipped>` holds its reason as text: that schema allows it no
 * attribute. A run aborted before judging (an unreachable target) adds one erroring testcase of its own.
 * Rendered by the Eta template reporter/templates/junit.eta with autoescape (reporter/templates.ts), which
 * also replaces the characters XML cannot carry: no value can break the file.
 */
import type { CertificationReport, ReportedRule } from './report.ts';
import { templates } from './templates.ts';

/** Statuses that are passing test cases. */
const PASSING = new Set(['PASSED', 'WARN']);
/** Left out of the file: the run did not look at these rules. */
const LEFT_OUT = new Set(['NOT_SELECTED']);

/** The failure text of a rule: each violation with its pointer, then the request, the answer and a curl command. */
export function failureText(r: ReportedRule): string {
  const lines: string[] = [];
  for (const e of r.exhibits ?? []) {
    for (const v of e.violations.filter((x) => x.ruleId === r.id)) lines.push(`[${v.ruleId}] ${v.path}: ${v.message}`);
    if (e.request) lines.push(`request: ${e.request.method} ${e.request.url}`);
    if (e.response) lines.push(`response: HTTP ${e.response.status}: ${e.response.body.slice(0, 300)}`);
    for (const call of e.setup ?? []) lines.push(`set up first: ${call}`);
    if (e.curl) lines.push(`reproduce: ${e.curl}`);
  }
  return lines.length ? lines.join('\n') : r.reasons.join('\n');
}

interface CaseView {
  classname: string;
  name: string;
  time: string;
  skipped?: string;
  failure?: { message: string; type: string; text: string };
  error?: { message: string; type: string; text: string };
  out?: string;
}

/** What junit.eta lays out: counts and cases, every text already fit for XML. */
interface JunitView {
  tests: number;
  failures: number;
  errors: number;
  time: string;
  suites: { name: string; tests: number; failures: number; errors: number; skipped: number; time: string; cases: CaseView[] }[];
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);
const firstLine = (text: string) => text.split('\n').find((l) => l.trim()) ?? '';

function caseOf(r: ReportedRule): CaseView {
  const base = { classname: r.family, name: `${r.id} ${r.text}`, time: seconds(r.durationMs ?? 0) };
  if (r.status === 'FAILED') {
    const text = failureText(r) || 'failed';
    return { ...base, failure: { message: firstLine(text), type: r.level, text } };
  }
  if (r.status === 'ERROR') {
    const text = r.reasons.join('\n') || 'harness fault';
    return { ...base, error: { message: firstLine(text), type: 'HarnessFault', text } };
  }
  if (r.status === 'WARN') return { ...base, out: `WARN: ${failureText(r)}` };
  if (PASSING.has(r.status)) return base;
  const why = r.reasons.join('; ') || (r.choice ? `the stub's choice: ${r.choice}` : '');
  return { ...base, skipped: `${r.status}${why ? `: ${why}` : ''}` };
}

/** The report's rules as JUnit XML (see the module's comment for what each status becomes). */
export function renderJunit(report: CertificationReport): string {
  const families = new Map<string, ReportedRule[]>();
  for (const r of report.rules) if (!LEFT_OUT.has(r.status)) families.set(r.family, [...(families.get(r.family) ?? []), r]);
  const suites: JunitView['suites'] = [...families].map(([name, rules]) => {
    const cases = rules.map(caseOf);
    return {
      name,
      tests: cases.length,
      failures: cases.filter((c) => c.failure).length,
      errors: cases.filter((c) => c.error).length,
      skipped: cases.filter((c) => c.skipped !== undefined).length,
      time: seconds(rules.reduce((n, r) => n + (r.durationMs ?? 0), 0)),
      cases,
    };
  });
  if (report.aborted) {
    const reason = report.verdictReason;
    suites.unshift({
      name: 'run',
      tests: 1,
      failures: 0,
      errors: 1,
      skipped: 0,
      time: '0.000',
      cases: [
        {
          classname: 'run',
          name: 'target reachable and answering',
          time: '0.000',
          error: { message: reason, type: 'FC_TARGET', text: reason },
        },
      ],
    });
  }
  const sum = (k: 'tests' | 'failures' | 'errors') => suites.reduce((n, s) => n + s[k], 0);
  const view: JunitView = {
    tests: sum('tests'),
    failures: sum('failures'),
    errors: sum('errors'),
    time: seconds(report.durationMs),
    suites,
  };
  return templates.render('./junit', view);
}
