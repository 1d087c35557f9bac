/**
 * A contract violation found by a check, reported as data rather than thrown, so that one run
 * reports every broken rule (Schemathesis style). Shared by every layer (the contract's schema
 * validator, the checks, the suites' matchers, the reporter), so it lives in lib/.
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
