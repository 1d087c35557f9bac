/**
 * What one suite test hands the rule reporter, as data (issue 35): one structured result per test,
 * attached as JSON (`fc-result`) when the test ends (suites/support/annotations.ts attachResult, the `testResult` fixture), validated against a
 * JSON Schema (ajv) where it is read (reporter/rule-results.ts, scripts/request-plan.ts,
 * scripts/proof/playwright-run.ts). No string encoding is parsed by hand: a result that does not match
 * the schema is the harness's fault, named as such, never a verdict of the target.
 *
 * Playwright's own annotations keep what is plain: the rule IDs a test declares (`rule`, an ID each),
 * Playwright's `skip`/`fixme` reasons, and free-text `note`/`warning` lines for a reader of the HTML report.
 */
import { Ajv, type JSONSchemaType } from 'ajv';

/** The attachment's name and content type. */
export const TEST_RESULT_ATTACHMENT = { name: 'fc-result', contentType: 'application/json' } as const;

/** What one test's calls answered with one refusal status were charged: their sum and the dearest call, credits. */
export interface StatusSpend {
  credits: number;
  dearest: number;
}

/** A paid answer shared by every test of its case (suites/support/shared-answers.ts), as one reader saw it. */
export interface SharedAnswerUse {
  /** Whether this test's call fetched it (its `spend` holds the credits), or read another test's. */
  fetched: boolean;
  /** What the one fetch cost, credits. */
  credits: number;
  /** The case: method, path and parameters (suites/support/shared-answers.ts caseKeyOf). */
  caseKey: string;
}

/** One test's result. Counts add up over the test; every list is free of duplicates. */
export interface TestResultData {
  /** Rule IDs a cross-cutting check of the test's answers joined to it (suites/support/answer-checks.ts, issue 34). */
  crossCutting: string[];
  /** Rule IDs the test found broken at error severity (credited even when not declared). */
  violations: string[];
  /** Rule IDs the test found broken at warning severity (a SHOULD, MAY or gap rule): the rule's WARN. */
  warnedRules: string[];
  /** Instances of each rule's case judged (`judged()`): rule ID, what the case is, how many. */
  judged: { id: string; what: string; n: number }[];
  /** Instances judged on answers of one operation (`judged(..., operationId)`; issue 34's matrix). */
  judgedOn: { id: string; operationId: string; n: number }[];
  /** Declared rules withdrawn because the test could not judge them, with why (counted SKIPPED). */
  unjudged: { id: string; reason: string }[];
  /** Answers of the target the test read. */
  answers: number;
  /** Answers per operation and status. */
  operationAnswers: { operationId: string; status: number; n: number }[];
  /** Component schemas the test's answers were validated against. */
  exercised: string[];
  /** "METHOD path: 429 ..." when the test kept meeting 429 (it ended THROTTLED). */
  throttled: string[];
  /** Credits the test's billed calls spent, per operationId. */
  spend: Record<string, number>;
  /** The part of `spend` refusal probes sent on the key cost (suites/support/refusals.ts; gap AUTH-020). */
  refusalSpend: Record<string, number>;
  /** The part of `spend` billed on answers of a status from 400 to 599 (gap BILL-013), per status. */
  statusSpend: Record<string, StatusSpend>;
  /** Paid answers shared with other tests (lib/spend-plan.ts buys each case once). */
  sharedAnswers: SharedAnswerUse[];
  /** Credits the test's budget held at its peak beyond what it spent (lib/spend-plan.ts keeps it free). */
  spendHeadroom: number;
  /** Requests sent per limit scope and principal fingerprint (reporter/floor.ts). */
  requests: { scope: string; principal: string; n: number }[];
  /** Time the test's calls waited at the pacer's gates, ms per gate (report readers only). */
  pacerWaits: Record<string, number>;
  /** Report folders of alternate-stub runs the test ran (tests/variants), compared at the end. */
  variantRuns: string[];
  /** The test failed only by violations held to its end (issue 32): each rule was judged on every answer. */
  ranToEnd: boolean;
}

/** A result with nothing in it. */
export const emptyTestResult = (): TestResultData => ({
  crossCutting: [],
  violations: [],
  warnedRules: [],
  judged: [],
  judgedOn: [],
  unjudged: [],
  answers: 0,
  operationAnswers: [],
  exercised: [],
  throttled: [],
  spend: {},
  refusalSpend: {},
  statusSpend: {},
  sharedAnswers: [],
  spendHeadroom: 0,
  requests: [],
  pacerWaits: {},
  variantRuns: [],
  ranToEnd: false,
});

const count = { type: 'integer', minimum: 0 } as const;
const ids = { type: 'array', items: { type: 'string', minLength: 1 } } as const;
const credits = { type: 'object', additionalProperties: count, required: [] } as const;
const name = { type: 'string', minLength: 1 } as const;

/** The schema of a list of counts keyed by two names (`{ [a]: string, [b]: string, n }` items, e.g. rule × operation). */
function countedPairs<A extends string, B extends string>(a: A, b: B): JSONSchemaType<({ [K in A | B]: string } & { n: number })[]> {
  return {
    type: 'array',
    items: { type: 'object', additionalProperties: false, required: [a, b, 'n'], properties: { [a]: name, [b]: name, n: count } },
  } as unknown as JSONSchemaType<({ [K in A | B]: string } & { n: number })[]>;
}

const SCHEMA: JSONSchemaType<TestResultData> = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(emptyTestResult()) as (keyof TestResultData)[],
  properties: {
    crossCutting: ids,
    violations: ids,
    warnedRules: ids,
    judged: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'what', 'n'],
        properties: { id: { type: 'string', minLength: 1 }, what: { type: 'string' }, n: count },
      },
    },
    judgedOn: countedPairs('id', 'operationId'),
    unjudged: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'reason'],
        properties: { id: { type: 'string', minLength: 1 }, reason: { type: 'string' } },
      },
    },
    answers: count,
    operationAnswers: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['operationId', 'status', 'n'],
        properties: { operationId: { type: 'string', minLength: 1 }, status: { type: 'integer', minimum: 100, maximum: 599 }, n: count },
      },
    },
    exercised: ids,
    throttled: { type: 'array', items: { type: 'string' } },
    spend: credits,
    refusalSpend: credits,
    statusSpend: {
      type: 'object',
      required: [],
      propertyNames: { pattern: '^[45][0-9]{2}$' } as never,
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['credits', 'dearest'],
        properties: { credits: count, dearest: count },
      },
    },
    sharedAnswers: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['fetched', 'credits', 'caseKey'],
        properties: { fetched: { type: 'boolean' }, credits: count, caseKey: { type: 'string', minLength: 1 } },
      },
    },
    spendHeadroom: count,
    requests: countedPairs('scope', 'principal'),
    pacerWaits: { type: 'object', additionalProperties: { type: 'number', minimum: 0 }, required: [] },
    variantRuns: { type: 'array', items: { type: 'string', minLength: 1 } },
    ranToEnd: { type: 'boolean' },
  },
};

const validate = new Ajv({ allErrors: true }).compile(SCHEMA);

/** A result read back: its data, or why it is not one (the harness's fault). */
export type ReadResult = { ok: true; data: TestResultData } | { ok: false; error: string };

/** Validates a parsed value as a test result. */
export function checkTestResult(value: unknown): ReadResult {
  if (validate(value)) return { ok: true, data: value };
  const why = (validate.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`)
    .join('; ');
  return { ok: false, error: `malformed test result (${TEST_RESULT_ATTACHMENT.name}): ${why}` };
}

/** An attachment as a reporter (a Buffer body) or a JSON report (a base64 body) holds it. */
export interface ResultAttachment {
  name: string;
  contentType?: string;
  body?: Buffer | string;
}

/**
 * The test's result from its attachments: undefined when it attached none (a test of the harness, a test
 * that never started), else the data or why it is malformed.
 */
export function readTestResult(attachments: readonly ResultAttachment[] | undefined): ReadResult | undefined {
  const found = attachments?.filter((a) => a.name === TEST_RESULT_ATTACHMENT.name).at(-1);
  if (!found) return undefined;
  if (found.body === undefined) return { ok: false, error: `malformed test result (${TEST_RESULT_ATTACHMENT.name}): no body` };
  const text = typeof found.body === 'string' ? Buffer.from(found.body, 'base64').toString('utf8') : found.body.toString('utf8');
  try {
    return checkTestResult(JSON.parse(text));
  } catch (err) {
    return { ok: false, error: `malformed test result (${TEST_RESULT_ATTACHMENT.name}): not JSON (${(err as Error).message})` };
  }
}
