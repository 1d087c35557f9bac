/**
 * Custom matchers (in the manner of Playwright's `toBeOK`): they print EVERY violation, each with
 * its JSON pointer and rule ID, and the first 1,000 characters of the body. Failing rule IDs are
 * also recorded in the test's result (lib/test-result.ts) so the rule reporter can fail exactly those rules.
 */
import { expect as base, type APIResponse } from '@playwright/test';
import { CONTRACT_RULE_CASES, contract, contractCasesOf, validateResponse, type ObservedResponse } from '../../contract/index.ts';
import { violation, type Violation } from '../../lib/violation.ts';
import { redact } from '../../lib/redact.ts';
import { ANNOTATION } from '../../lib/annotation-kinds.ts';
import { loadRules } from '../../contract/rules.ts';
import { attachExhibit, sameExchange } from './exhibit.ts';
import { addOnce, currentResult, currentTest, declares, judged, resultOf } from './annotations.ts';
import { crossCuttingViolations } from './answer-checks.ts';

const BODY_PREVIEW = 1000;

/**
 * The failures of the running conformance test held until its end (issue 32: one rule's FAIL never
 * leaves another rule unjudged). While a test runs with a holder open (the `judgedToTheEnd` fixture),
 * the violation matchers record every violation (annotations, exhibits) and keep going, so every later
 * check of the test still judges its rules; the fixture fails the test at its end with all of them.
 * Inside a fast-check property (`throwing` > 0) `toHaveNoViolations` throws as usual, so fast-check sees the
 * failing run and shrinks it; `assertProperty` then holds the property's report the same way. The contract
 * matcher holds its violations there too (a schema violation is about one answer, not the property).
 */
export class HeldFailures {
  readonly messages: string[] = [];
  /** Properties running: a violation throws so fast-check can shrink (suites/support/property.ts). */
  throwing = 0;
}

let held: HeldFailures | undefined;

/** Opens the holder of the running test (the `judgedToTheEnd` fixture); returns it. */
export function holdFailures(): HeldFailures {
  held = new HeldFailures();
  return held;
}

/** Closes the running test's holder; returns what it held. */
export function releaseHeldFailures(): HeldFailures | undefined {
  const h = held;
  held = undefined;
  return h;
}

/** The running test's holder, open or not throwing; undefined outside a conformance test. */
export function heldFailures(): HeldFailures | undefined {
  return held;
}

/** The running test's holder when violations are to be held rather than thrown; undefined otherwise. */
export function holding(): HeldFailures | undefined {
  return held && held.throwing === 0 ? held : undefined;
}

/** Reads an API answer once into the shape the contract validator takes. */
export async function observe(res: APIResponse): Promise<ObservedResponse & { parsed: boolean }> {
  const bodyText = await res.text();
  let body: unknown = bodyText;
  let parsed = false;
  try {
    body = JSON.parse(bodyText);
    parsed = true;
  } catch {
    // Left as text: the content-type and schema checks report it.
  }
  return { status: res.status(), headers: res.headers(), body, bodyText, parsed };
}

/** Formats violations for a failure message, one per line. */
export function formatViolations(violations: readonly Violation[]): string {
  return violations.map((v) => `  ✗ [${v.ruleId}] ${v.path}: ${v.message}`).join('\n');
}

/**
 * The severity a violation counts with, read from the catalogue at run time (the level follows the
 * spec's words): a violated MUST rule fails the test whatever the check said; a SHOULD or MAY rule, or
 * a gap (the stub's choice on an open point), is a warning at most (WARN / GAP in the report).
 */
export function effectiveSeverity(v: Violation): Violation['severity'] {
  const rule = loadRules().get(v.ruleId);
  if (!rule || rule.retired) return v.severity;
  return rule.kind === 'rule' && rule.level === 'MUST' ? 'error' : 'warning';
}

/** The violations with their catalogue severity (see effectiveSeverity). */
export function withCatalogueSeverity(violations: readonly Violation[]): Violation[] {
  return violations.map((v) => {
    const severity = effectiveSeverity(v);
    return severity === v.severity ? v : sameExchange(v, { ...v, severity });
  });
}

/**
 * Records violations in the running test's result (lib/test-result.ts): each rule broken at error severity in
 * `violations`, each rule violated at warning severity in `warnedRules` (the reporter credits both, even to a rule
 * the test did not declare); the printed warnings go to a `warning` annotation for a reader of the report.
 */
export function record(violations: readonly Violation[]): void {
  const info = currentTest();
  // Outside a test (e.g. the harness's own unit checks): nothing to record.
  if (!info) return;
  const r = resultOf(info);
  for (const v of violations) addOnce(v.severity === 'error' ? r.violations : r.warnedRules, v.ruleId);
  const warnings = violations.filter((v) => v.severity === 'warning');
  if (warnings.length) info.annotations.push({ type: ANNOTATION.warning, description: redact(formatViolations(warnings)) });
}

/**
 * Judges `found` in the running test: records each rule at its catalogue severity, attaches the exhibit (of `res`
 * when given), and when an error is among them pushes the failure message to `holder` (default: the running test's
 * holder, even inside a property) so the test goes on and fails at its end. Returns whether no error was found and
 * the failure message. Used by `toHaveNoViolations` and by checks made outside an `expect` (the ledger watch).
 */
export function holdViolations(
  found: readonly Violation[],
  opts: { res?: APIResponse; holder?: HeldFailures | undefined; preview?: string } = {},
): { pass: boolean; failure: () => string } {
  const violations = withCatalogueSeverity(found);
  const errors = violations.filter((v) => v.severity === 'error');
  record(violations);
  attachExhibit(violations, opts.res);
  const failure = () => `${errors.length} violation(s):\n${formatViolations(violations)}${opts.preview ?? ''}`;
  const holder = 'holder' in opts ? opts.holder : heldFailures();
  if (errors.length && holder) holder.messages.push(redact(failure()));
  return { pass: errors.length === 0, failure };
}

/**
 * Records the component schemas an answer was validated against (the result's `exercised`), so that the
 * reporter credits a schema rule only to tests whose answers reached it.
 */
export function recordExercised(names: Iterable<string>): void {
  const r = currentResult();
  if (!r) return; // outside a test
  for (const n of names) addOnce(r.exercised, n);
}

export const expect = base.extend({
  /** Status documented, JSON content-type, required headers present, body matches the operation's schema. */
  async toMatchContract(res: APIResponse, operationId: string) {
    const observed = await observe(res);
    // The schema's violations and the cross-cutting checks' (issue 34): both are facts of this one answer.
    const cross = this.isNot ? [] : crossCuttingViolations(operationId, observed, res.url());
    const violations = withCatalogueSeverity([...validateResponse(operationId, observed), ...cross]);
    recordExercised(contract().componentsOfStatus(operationId, observed.status));
    // An answer is an instance of CONTRACT-002..004 only when it is of their case (the fixtures start them at 0).
    const cases = contractCasesOf(operationId, observed.status);
    for (const [ruleId, what] of Object.entries(CONTRACT_RULE_CASES))
      if (declares(ruleId)) judged(ruleId, cases.has(ruleId) ? 1 : 0, what, operationId);
    if (!observed.parsed && observed.bodyText.length > 0 && /json/i.test(observed.headers['content-type'] ?? '')) {
      violations.push(violation('CONTRACT-002', '/', 'content-type says JSON but the body does not parse'));
    }
    const errors = violations.filter((v) => v.severity === 'error');
    const pass = errors.length === 0;
    // Warnings too (a SHOULD rule's, a gap's "differs"), not only when an error fails the answer.
    if (!this.isNot && violations.length) record(violations);
    if (!this.isNot) attachExhibit(violations, res);
    const where = `${res.url().replace(/\?.*$/, '')} → ${observed.status}`;
    const failure = () =>
      `${where} breaks the contract of ${operationId} (${errors.length} violation(s)):\n${formatViolations(violations)}\nbody: ${observed.bodyText.slice(0, BODY_PREVIEW)}`;
    // Held even inside a property: a schema violation is a fact about one answer, not the property's
    // subject, so the property goes on judging its own rule (and a model run its commands) on every case.
    const holder = this.isNot ? undefined : heldFailures();
    if (!pass && holder) holder.messages.push(redact(failure()));
    return {
      name: 'toMatchContract',
      pass: pass || holder !== undefined,
      message: () => redact(pass ? `expected ${where} not to match contract ${operationId}` : failure()),
    };
  },

  /** A list of violations from `checks/` is empty; prints all of them otherwise. */
  toHaveNoViolations(found: readonly Violation[], body?: unknown) {
    if (this.isNot) {
      const pass = withCatalogueSeverity(found).every((v) => v.severity !== 'error');
      return { name: 'toHaveNoViolations', pass, message: () => 'expected violations, found none' };
    }
    const preview = body === undefined ? '' : `\nbody: ${JSON.stringify(body).slice(0, BODY_PREVIEW)}`;
    const holder = holding();
    const { pass, failure } = holdViolations(found, { holder, preview });
    return {
      name: 'toHaveNoViolations',
      pass: pass || holder !== undefined,
      message: () => redact(pass ? 'expected violations, found none' : failure()),
    };
  },
});
