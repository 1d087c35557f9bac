/**
 * A contract violation found by a check, reported as data rather than thrown, so that one run
 * reports every broken rule (Schemathesis style).
 *
 * - `ruleId`: the catalogue rule broken (contract/rules/*.yaml), e.g. `AVAIL-001`.
 * - `severity`: `error` fails the test; `warning` is printed only (SHOULD-level rules).
 * - `path`: a JSON pointer into the response (`/markets/3/market_odds`), or `header:Name`, or `status`.
 */
export interface Violation {
  ruleId: string;
  severity: 'error' | 'warning';
  path: string;
  message: string;
}

/**
 * A named check: pure function from an observed value to its violations, declaring every rule ID
 * it can emit (checks/registry.ts registers them; checks/define.ts runs them).
 * `ruleOf`: for a check whose caller chooses the rule to report under, that rule for one value.
 */
export interface Check<T> {
  name: string;
  rules: readonly string[];
  run(value: T): Violation[];
  ruleOf?(value: T): string | undefined;
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
