/**
 * The Playwright annotation kinds a suite test carries (`{type, description}`): only plain ones, a
 * declared rule ID or a line of text. Everything the reporter counts or judges by travels as the test's
 * structured result (lib/test-result.ts), never as an encoded annotation (issue 35). Writers and readers
 * take the names from here, so they cannot drift apart.
 */

/** Annotation kinds, by what their description holds. */
export const ANNOTATION = {
  /** A catalogue rule ID the test checks (declared with `rules(...)`; an ID, nothing else). */
  rule: 'rule',
  /** The printed warning-severity violations, for a reader of the test's report; no verdict reads it. */
  warning: 'warning',
  /** Free text about what the test met (report readers only). */
  note: 'note',
} as const;

/**
 * The first line of the error a conformance test fails with at its end when it held violations (issue 32,
 * suites/support/fixtures.ts `judgedToTheEnd`): the rules they broke are in its result's `violations`, so the
 * reporter names no rule from this error's text (a custom expect message may name the test's own rule).
 */
export const HELD_FAILURES_HEADER = 'Violations held to the end of the test';

/** Kinds Playwright itself writes that the reporter reads (the reason of a skipped test). */
export const PLAYWRIGHT_ANNOTATION = { skip: 'skip', fixme: 'fixme' } as const;

/** A rule ID's Playwright tag (`@ERR-001`): suites/support/annotations.ts ruleDetails tags tests, cli/selection.ts selects by it. */
export const ruleTag = (id: string): string => `@${id}`;

/**
 * The tag of the suites' per-operation repeats of windowed limits (a burst per operation, seconds each: tests/lanes.ts):
 * `npm test` leaves them out of its conformance run (`--grep-invert @slow`) to keep its bound; every CLI run (the main
 * job, the e2e lane's runs, the differential lane) runs them. Not a rule tag: no rule is `slow`.
 */
export const SLOW_TAG = '@slow';
