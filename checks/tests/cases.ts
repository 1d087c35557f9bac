/**
 * The shape of a check's unit-test fixtures: inputs on which the check finds nothing, and for each
 * rule it declares an input that breaks exactly that rule (usually a conforming input with one
 * change, made by `mutate`). Run by checks/tests/checks.test.ts.
 */
import type { FnCheck } from '../define.ts';

/** A violating fixture: the input, and other rules the one change unavoidably breaks too. */
export interface Violating<A> {
  input: A;
  also?: readonly string[];
}

export interface CheckCases<A extends unknown[]> {
  check: FnCheck<A>;
  /** Conforming inputs: the check finds no violation, error or warning, in any of them. */
  ok: readonly A[];
  /** Rule ID → an input on which the check reports that rule (and nothing but `also`). */
  bad: Readonly<Record<string, A | Violating<A>>>;
}

/** Cases of one check, typed by its argument list. */
export const cases = <A extends unknown[]>(c: CheckCases<A>): CheckCases<A> => c;

/** A deep copy of `base` changed by `change` (fixtures never share mutable state). */
export function mutate<T>(base: T, change: (draft: T) => void): T {
  const draft = structuredClone(base);
  change(draft);
  return draft;
}

/** A violating fixture that also breaks `also`. */
export const alsoBreaks = <A extends unknown[]>(input: [...A], ...also: string[]): Violating<A> => ({ input: input as A, also });

/**
 * Lifts part mutants (rule → change of a part, e.g. of a market row) into violating fixtures of a
 * composite check: each is `base` with that change applied to the part `lens` selects.
 */
export function lift<A extends unknown[], P>(
  _check: FnCheck<A>,
  base: A,
  mutants: Readonly<Record<string, (part: P) => void>>,
  lens: (draft: A) => P,
  except: readonly string[] = [],
): Record<string, A> {
  const out: Record<string, A> = {};
  for (const [rule, change] of Object.entries(mutants)) if (!except.includes(rule)) out[rule] = mutate(base, (d) => change(lens(d)));
  return out;
}
