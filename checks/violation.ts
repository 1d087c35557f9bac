import type { Violation } from '../lib/violation.ts';

export type { Violation } from '../lib/violation.ts';

/**
 * The case a rule describes, when it is narrower than any input of its check (ERR-003: a 401 answer):
 * what it is, as a noun phrase ("a 401 answer"), and how many instances of it one input holds.
 */
export interface RuleCase<T> {
  what: string;
  count(value: T): number;
}

/**
 * A named check: pure function from an observed value to its violations, declaring every rule ID
 * it can emit (checks/registry.ts registers them; checks/define.ts runs them).
 * `ruleOf`: for a check whose caller chooses the rule to report under, that rule for one value.
 * `cases`: per declared rule whose case is narrower than the check's input, that case (a PASSED verdict
 * of such a rule needs an instance of it, never just an answer read: suites/support/judging.ts).
 */
export interface Check<T> {
  name: string;
  rules: readonly string[];
  run(value: T): Violation[];
  ruleOf?(value: T): string | undefined;
  cases?: Readonly<Record<string, RuleCase<T>>>;
}

export function violation(ruleId: string, path: string, message: string, severity: Violation['severity'] = 'error'): Violation {
  return { ruleId, severity, path, message };
}

/** Runs every check over the value and concatenates their violations (never throws on the first). */
export function runChecks<T>(value: T, checks: readonly Check<T>[]): Violation[] {
  return checks.flatMap((c) => c.run(value));
}

/** JSON-pointer escape of one reference token (RFC 6901). */
export function ptr(...tokens: (string | number)[]): string {
  return tokens.map((t) => '/' + String(t).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}
