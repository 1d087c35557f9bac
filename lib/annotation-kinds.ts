/**
 * The annotation kinds a suite test hands to the rule reporter (Playwright annotations `{type,
 * description}`, docs/ARCHITECTURE.md "One run, end to end"), and the encoding of the structured ones.
 * The suites' support writes them (suites/support/annotations.ts, matchers.ts, fixtures.ts, client.ts);
 * the reporter (reporter/rule-results.ts, rule-reporter.ts) and scripts/request-plan.ts read them. Both
 * sides take the names from here, so a writer and a reader cannot drift apart.
 */

/** Annotation kinds, by what their description holds. */
export const ANNOTATION = {
  /** A catalogue rule ID the test checks (declared with `rules(...)`). */
  rule: 'rule',
  /**
   * A rule ID joined to the test by a cross-cutting check of its answers (suites/support/answer-checks.ts, issue 34):
   * judged and credited like a declared rule, but never the test's own (a failing assertion names its own rules).
   */
  crossCutting: 'cross-cutting',
  /** A rule ID the test found broken at error severity (credited even when not declared). */
  violation: 'violation',
  /** A rule ID the test found broken at warning severity (a SHOULD, MAY or gap rule): the rule's WARN. */
  warnedRule: 'warned-rule',
  /** The printed warning-severity violations, for a reader of the test's report; no verdict reads it. */
  warning: 'warning',
  /** "ID n what": n instances of the rule's case judged (`judged()`; formatJudged / parseJudged). */
  judged: 'judged',
  /** "ID: reason": a declared rule withdrawn because the test could not judge it (counted SKIPPED). */
  unjudged: 'unjudged',
  /** n: answers of the target the test read (a rule with no case of its own needs one). */
  answers: 'answers',
  /**
   * "operationId status n": answers of one operation and status the test read (written added up in place by suites/support/annotations.ts; parseOperationAnswers):
   * the operations its rules were judged on, unless the test names them (`judgedOn`; issue 34's matrix).
   */
  operationAnswers: 'operation-answers',
  /**
   * "ID operationId n": n instances of the rule's case judged on answers of that operation (`judged(..., op)`;
   * written by suites/support/annotations.ts judged; parseJudgedOn). A rule with such entries in a test is judged there on those operations only.
   */
  judgedOn: 'judged-on',
  /** Comma-separated component schemas the test's answers were validated against. */
  exercised: 'exercised',
  /** "METHOD path: 429 ...": the test kept meeting 429 and ended THROTTLED. */
  throttled: 'throttled',
  /** "op=credits,op=credits": what the test's billed calls spent (formatSpend / parseSpend). */
  spend: 'spend',
  /**
   * "op=credits,...": the part of `spend` that refusal probes sent on the key cost, after the target
   * asked for credentials before checking parameters (suites/support/refusals.ts; gap AUTH-020). A
   * target that checks parameters first answers them free: the spend plan prices them out for it.
   */
  refusalSpend: 'refusal-spend',
  /**
   * "status=credits/dearest,...": the part of `spend` billed on answers of a status from 400 to 599 (a
   * refusal the budget counts as billed: gap BILL-013), and the dearest such call (formatStatusSpend /
   * parseStatusSpend). A target the operator declares not to bill that status (`--unbilled-status`)
   * answers them free, each charge given back after its call: the spend plan prices them out (cli/spend.ts).
   */
  statusSpend: 'status-spend',
  /**
   * "fetched|read credits caseKey": a paid answer shared by every test of its case (suites/support/
   * shared-answers.ts), with what its one fetch cost; `fetched` by the test whose `spend` includes it
   * (formatSharedAnswer / parseSharedAnswer; the spend plan buys each case once, lib/spend-plan.ts).
   */
  sharedAnswer: 'shared-answer',
  /**
   * "credits": what the test's budget held at its peak beyond what it spent (an unused reservation, a
   * worst-case charge refunded as unbilled): room the spend plan keeps free for it (lib/spend-plan.ts).
   */
  spendHeadroom: 'spend-headroom',
  /** "scope principal n": requests sent against a limit scope (reporter/floor.ts). */
  requests: 'requests',
  /** "gate=ms; gate=ms": time the test's calls waited at the pacer's gates (report readers only). */
  pacerWait: 'pacer-wait',
  /**
   * A directory holding the `rules.json` of an alternate-stub run (tests/variants): at the end the
   * reporter compares it with this run's verdicts (reporter/variant-compare.ts) and fails the run on a problem.
   */
  variantRun: 'variant-run',
  /**
   * The test ran to its end although it failed: every failure was a violation held until then
   * (suites/support/matchers.ts HeldFailures), so each rule it carries was judged on every answer it got,
   * and a rule with no violation of its own keeps its verdict (issue 32).
   */
  ranToEnd: 'ran-to-end',
  /** Free text about what the test met (report readers only). */
  note: 'note',
} as const;

/**
 * The first line of the error a conformance test fails with at its end when it held violations (issue 32,
 * suites/support/fixtures.ts `judgedToTheEnd`): the rules they broke are in `violation` annotations, so the
 * reporter names no rule from this error's text (a custom expect message may name the test's own rule).
 */
export const HELD_FAILURES_HEADER = 'Violations held to the end of the test';

/** One of the kinds above. */
export type AnnotationKind = (typeof ANNOTATION)[keyof typeof ANNOTATION];

/** Kinds Playwright itself writes that the reporter reads (the reason of a skipped test). */
export const PLAYWRIGHT_ANNOTATION = { skip: 'skip', fixme: 'fixme' } as const;

/** A `judged` annotation's parts. */
export interface Judged {
  id: string;
  n: number;
  what: string;
}

/** A `judged` annotation's description: "ID n what". */
export const formatJudged = (j: Judged): string => `${j.id} ${j.n} ${j.what}`;

/** A `judged` annotation's parts ("ID n what"; `what` may be absent in older results), or undefined. */
export function parseJudged(description: string | undefined): { id: string; n: number; what: string | undefined } | undefined {
  const m = /^(\S+) (\d+)(?: (.*))?$/.exec(description ?? '');
  return m ? { id: m[1]!, n: Number(m[2]), what: m[3] } : undefined;
}

/** An `operation-answers` annotation's parts, or undefined when malformed. */
export function parseOperationAnswers(description: string | undefined): { operationId: string; status: number; n: number } | undefined {
  const m = /^([A-Za-z][A-Za-z0-9]*) (\d{3}) (\d+)$/.exec(description ?? '');
  return m ? { operationId: m[1]!, status: Number(m[2]), n: Number(m[3]) } : undefined;
}

/** A `judged-on` annotation's parts, or undefined when malformed. */
export function parseJudgedOn(description: string | undefined): { id: string; operationId: string; n: number } | undefined {
  const m = /^(\S+) ([A-Za-z][A-Za-z0-9]*) (\d+)$/.exec(description ?? '');
  return m ? { id: m[1]!, operationId: m[2]!, n: Number(m[3]) } : undefined;
}

/** A `spend` annotation's description, from credits per operationId. */
export const formatSpend = (spent: Iterable<readonly [string, number]>): string => [...spent].map(([op, c]) => `${op}=${c}`).join(',');

/** What one test's calls answered with one refusal status were charged: their sum and the dearest call, credits. */
export interface StatusSpend {
  credits: number;
  dearest: number;
}

/** A `status-spend` annotation's description, from the charges per status. */
export const formatStatusSpend = (spent: Iterable<readonly [number, StatusSpend]>): string =>
  [...spent].map(([status, s]) => `${status}=${s.credits}/${s.dearest}`).join(',');

/** Parses a `status-spend` annotation ("status=credits/dearest,..."); malformed parts are ignored. */
export function parseStatusSpend(description: string): Map<number, StatusSpend> {
  const out = new Map<number, StatusSpend>();
  for (const part of description.split(',')) {
    const m = /^(\d{3})=(\d+)\/(\d+)$/.exec(part.trim());
    if (!m) continue;
    const had = out.get(Number(m[1]));
    out.set(Number(m[1]), { credits: (had?.credits ?? 0) + Number(m[2]), dearest: Math.max(had?.dearest ?? 0, Number(m[3])) });
  }
  return out;
}

/** Parses a `spend` annotation ("op=credits,op=credits"); malformed parts are ignored. */
export function parseSpend(description: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of description.split(',')) {
    const m = /^([\w-]+)=(\d+)$/.exec(part.trim());
    if (m) out[m[1]!] = (out[m[1]!] ?? 0) + Number(m[2]);
  }
  return out;
}

/** A `shared-answer` annotation's parts. */
export interface SharedAnswerNote {
  /** Whether this test's call fetched it (its `spend` holds the credits), or read another test's. */
  fetched: boolean;
  /** What the one fetch cost, credits. */
  credits: number;
  /** The case: method, path and parameters (suites/support/shared-answers.ts caseKeyOf). */
  caseKey: string;
}

/** A `shared-answer` annotation's description: "fetched|read credits caseKey". */
export const formatSharedAnswer = (n: SharedAnswerNote): string => `${n.fetched ? 'fetched' : 'read'} ${n.credits} ${n.caseKey}`;

/** A `shared-answer` annotation's parts, or undefined when malformed. */
export function parseSharedAnswer(description: string | undefined): SharedAnswerNote | undefined {
  const m = /^(fetched|read) (\d+) (.+)$/.exec(description ?? '');
  return m ? { fetched: m[1] === 'fetched', credits: Number(m[2]), caseKey: m[3]! } : undefined;
}
