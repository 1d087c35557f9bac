/**
 * JUnit XML from rule verdicts: one testsuite per rule family, one testcase per rule. A FAILED rule
 * is a `<failure>` whose text is its violations (and the curl reproduction); an ERROR rule (a harness
 * fault) is an `<error>` with its reason, counted in `errors`; SKIPPED, THROTTLED, NOT_RUN and
 * NOT_SELECTED are `<skipped>` with the reason. A run aborted before judging (an unreachable target)
 * adds one erroring testcase of its own. CI systems read this to gate.
 */
import type { CertificationReport, ReportedRule } from './report.ts';

const xml = (s: string) =>
  s
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
    .replace(/\p{Cc}/gu, (c) => (c === '\n' || c === '\t' || c === '\r' ? c : ''));

const SKIPPED = new Set(['SKIPPED', 'THROTTLED', 'NOT_RUN', 'NOT_SELECTED', 'NO_TEST', 'PENDING']);

/** The failure text of a rule: each violation with its pointer, then the request and a curl command. */
export function failureText(r: ReportedRule): string {
  const lines: string[] = [];
  for (const e of r.evidence ?? []) {
    for (const v of e.violations.filter((x) => x.ruleId === r.id)) lines.push(`[${v.ruleId}] ${v.path}: ${v.message}`);
    if (e.request) lines.push(`request: ${e.request.method} ${e.request.url}`);
    if (e.response) lines.push(`response: HTTP ${e.response.status}: ${e.response.body.slice(0, 300)}`);
    if (e.curl) lines.push(`reproduce: ${e.curl}`);
  }
  return lines.length ? lines.join('\n') : r.reasons.join('\n');
}

export function renderJunit(report: CertificationReport): string {
  const families = new Map<string, ReportedRule[]>();
  for (const r of report.rules) families.set(r.family, [...(families.get(r.family) ?? []), r]);
  const suites = [...families].map(([family, rules]) => {
    const failures = rules.filter((r) => r.status === 'FAILED').length;
    const errors = rules.filter((r) => r.status === 'ERROR').length;
    const skipped = rules.filter((r) => SKIPPED.has(r.status)).length;
    const cases = rules.map((r) => {
      const head = `    <testcase classname="${xml(family)}" name="${xml(`${r.id} ${r.text}`)}" time="0">`;
      if (r.status === 'FAILED') {
        const text = failureText(r);
        return `${head}\n      <failure message="${xml(text.split('\n')[0] ?? 'failed')}" type="${xml(r.level)}">${xml(text)}</failure>\n    </testcase>`;
      }
      if (r.status === 'ERROR') {
        const text = r.reasons.join('\n') || 'harness fault';
        return `${head}\n      <error message="${xml(text.split('\n')[0]!)}" type="HarnessFault">${xml(text)}</error>\n    </testcase>`;
      }
      if (SKIPPED.has(r.status))
        return `${head}\n      <skipped message="${xml(`${r.status}: ${r.reasons.join('; ')}`)}"/>\n    </testcase>`;
      if (r.status === 'WARN') return `${head}\n      <system-out>${xml(`WARN: ${failureText(r)}`)}</system-out>\n    </testcase>`;
      return `${head}</testcase>`;
    });
    return `  <testsuite name="${xml(family)}" tests="${rules.length}" failures="${failures}" errors="${errors}" skipped="${skipped}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const total = report.rules.length;
  const failures = report.rules.filter((r) => r.status === 'FAILED').length;
  const aborted = report.aborted ? 1 : 0;
  const errors = report.rules.filter((r) => r.status === 'ERROR').length + aborted;
  const skipped = report.rules.filter((r) => SKIPPED.has(r.status)).length;
  const errorSuite = aborted
    ? `\n  <testsuite name="run" tests="1" failures="0" errors="1" skipped="0">\n    <testcase classname="run" name="target reachable and answering" time="0">\n      <error message="${xml(report.verdictReason)}" type="FC_TARGET">${xml(report.verdictReason)}</error>\n    </testcase>\n  </testsuite>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="forecast-conformance" tests="${total + aborted}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${(report.durationMs / 1000).toFixed(3)}">${errorSuite}\n${suites.join('\n')}\n</testsuites>\n`;
}
