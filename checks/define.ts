/**
 * The registry's machinery (Schemathesis style): every check is a named `Check<T>` declaring the
 * catalogue rule IDs it can emit; `runCheck` runs one and flags any violation whose rule ID the check
 * did not declare, so declared and emitted IDs cannot drift apart; `rulesOf` lets a suite test
 * declare its rules from the checks it runs. Each checks/<family>.ts registers its checks beside them; checks/registry.ts spreads the families.
 */
import { violation, type Violation } from '../lib/violation.ts';

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
 * it can emit (checks/registry.ts registers them; `runCheck` runs them).
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

/** What a wrapped check function may return: violations, or violations with a count (e.g. `compared`). */
type CheckResult = Violation[] | { violations: Violation[] };

const violationsOf = (r: CheckResult): Violation[] => (Array.isArray(r) ? r : r.violations);

/** Rule IDs `FAMILY-from` .. `FAMILY-to` (e.g. `ruleRange('TGT', 12, 18)`). */
export const ruleRange = (family: string, from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `${family}-${String(from + i).padStart(3, '0')}`);

/** A check whose input is the argument list of the function it wraps. */
export type FnCheck<A extends unknown[]> = Check<A>;

/**
 * Registers `fn` as a check named `name` that can emit `rules` (duplicates dropped, sorted).
 * `ruleOf`, for a check whose caller chooses the rule it reports under (e.g. checkContains'
 * `ruleId`), returns that rule for one input; it is allowed besides `rules`.
 * `cases`, per declared rule whose case is narrower than any input (a 401 answer for ERR-003), what the
 * case is and how many instances of it one input holds (see RuleCase).
 * @throws Error when a case names a rule the check does not declare
 */
export function defineCheck<A extends unknown[]>(
  name: string,
  rules: readonly string[],
  fn: (...args: A) => CheckResult,
  ruleOf?: (args: A) => string | undefined,
  cases?: Readonly<Record<string, RuleCase<A>>>,
): FnCheck<A> {
  const stray = Object.keys(cases ?? {}).filter((id) => !rules.includes(id));
  if (stray.length) throw new Error(`check ${name}: cases for undeclared rule(s) ${stray.join(', ')}`);
  return {
    name,
    rules: [...new Set(rules)].sort(),
    run: (args: A) => violationsOf(fn(...args)),
    ...(ruleOf ? { ruleOf } : {}),
    ...(cases ? { cases } : {}),
  };
}

/**
 * The case of every rule that some of `checks` declares a narrow case for (rule ID → what the case is;
 * the first check's wording wins). The fixtures record these rules with 0 instances up front.
 */
export function ruleCases(checks: Iterable<Check<never>>): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of checks) for (const [id, rc] of Object.entries(c.cases ?? {})) if (!out.has(id)) out.set(id, rc.what);
  return out;
}

/** The rule IDs `check` may emit for `input`: its declared rules plus the caller-chosen one. */
export function allowedRules<T>(check: Check<T>, input: T): Set<string> {
  const chosen = check.ruleOf?.(input);
  return new Set(chosen === undefined ? check.rules : [...check.rules, chosen]);
}

/** A check emitted a rule ID it does not declare (thrown by `runCheck` in strict mode). */
export class UndeclaredRuleError extends Error {
  constructor(
    readonly check: string,
    readonly ruleIds: readonly string[],
  ) {
    super(`check ${check} emitted undeclared rule id(s) ${ruleIds.join(', ')}`);
    this.name = 'UndeclaredRuleError';
  }
}

/**
 * Runs one check and returns its violations. A violation under a rule the check did not declare
 * adds an error violation naming the check (so the test fails even when the stray one is a
 * warning); with `strict` (the checks' own unit tests) it throws UndeclaredRuleError instead.
 */
export function runCheck<T>(check: Check<T>, input: T, opts: { strict?: boolean } = {}): Violation[] {
  const found = check.run(input);
  const allowed = allowedRules(check, input);
  const stray = [...new Set(found.map((v) => v.ruleId).filter((id) => !allowed.has(id)))];
  if (!stray.length) return found;
  if (opts.strict) throw new UndeclaredRuleError(check.name, stray);
  return [
    ...found,
    ...stray.map((id) =>
      violation(
        id,
        '',
        `harness error: check ${check.name} emitted ${id}, which it does not declare (declared: ${[...allowed].join(', ')})`,
      ),
    ),
  ];
}

/**
 * The rule IDs a test asserts by running `checks`: the union of their declared rules (a
 * caller-chosen rule, such as checkContains' ruleId, is not included: name it with `rules(...)`).
 * Use as `rules(...rulesOf(checkA, checkB))` only when the test judges every one of those rules.
 */
export function rulesOf(...checks: readonly Check<never>[]): string[] {
  return [...new Set(checks.flatMap((c) => c.rules))];
}
