/**
 * A contract violation found by a check, reported as data rather than thrown, so that one run
 * reports every broken rule (Schemathesis style). Shared by every layer (the contract's schema
 * validator, the checks, the suites' matchers, the load judge, the reporter), so it lives in lib/,
 * with its constructor `violation()` and the JSON-pointer helper `ptr()`.
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

/** Told of each violation `violation()` makes; set by the suites' exhibits (suites/support/exhibit.ts). */
let made: ((v: Violation) => void) | undefined;

/**
 * Has `listener` told of every violation `violation()` makes from now on (undefined stops it): the suites' exhibits
 * note the answer a test had just read when it found the violation, since a test may read others before it reports.
 */
export function onViolationMade(listener: ((v: Violation) => void) | undefined): void {
  made = listener;
}

/** A violation of `ruleId` at `path` (an `error` unless said otherwise). */
export function violation(ruleId: string, path: string, message: string, severity: Violation['severity'] = 'error'): Violation {
  const v: Violation = { ruleId, severity, path, message };
  made?.(v);
  return v;
}

/** A JSON pointer of reference tokens, each escaped (RFC 6901): `ptr('markets', 3, 'a/b')` is `/markets/3/a~1b`. */
export function ptr(...tokens: (string | number)[]): string {
  return tokens.map((t) => '/' + String(t).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}
