/**
 * The rule reporter's verdict logic (reporter/rule-results.ts): a rule passes only on a passing
 * test; SKIPPED, THROTTLED and NOT_RUN never count as passed; a failed test with attributed
 * violations fails only the violated rules.
 */
import { runInfo } from './support/run-info.ts';
import { test, expect } from '@playwright/test';
import { loadRules, type Rule } from '../../contract/rules.ts';
import { rule } from './support/catalogue-rule.ts';
import { buildReport, unlocksOf } from '../../reporter/report.ts';
import { renderHtml } from '../../reporter/render.ts';
import { renderJunit } from '../../reporter/junit.ts';
import { EXIT } from '../../cli/run.ts';
import {
  applySelection,
  judgesRule,
  NO_SKIP_REASON,
  outcomeOf,
  pairCoverage,
  ruleVerdicts,
  summarize,
  type RuleStatus,
  type TestOutcome,
} from '../../reporter/rule-results.ts';
import { emptyTestResult, type ReadResult } from '../../lib/test-result.ts';

const outcome = (title: string, status: TestOutcome['status'], rules: string[], extra: Partial<TestOutcome> = {}): TestOutcome => ({
  title,
  file: 'x.spec.ts',
  project: 'conformance',
  status,
  rules,
  violated: [],
  throttled: false,
  ...extra,
});

function verdicts(rules: Rule[], outcomes: TestOutcome[]): Record<string, RuleStatus> {
  return Object.fromEntries(ruleVerdicts(new Map(rules.map((r) => [r.id, r])), outcomes).map((v) => [v.id, v.status]));
}

test('skipped and throttled tests never pass a rule', () => {
  const v = verdicts(
    [rule('A-001'), rule('A-002')],
    [
      outcome('t1', 'skipped', ['A-001'], { reason: 'needs an API key' }),
      outcome('t2', 'skipped', ['A-002'], { throttled: true, reason: 'THROTTLED' }),
    ],
  );
  expect(v).toEqual({ 'A-001': 'SKIPPED', 'A-002': 'THROTTLED' });
});

test('an interrupted test leaves its rules NOT_RUN, never passed', () => {
  expect(verdicts([rule('A-001')], [outcome('t', 'interrupted', ['A-001'])])).toEqual({ 'A-001': 'NOT_RUN' });
});

test('a failed test with violations fails only the violated rules', () => {
  const v = verdicts(
    [rule('A-001'), rule('A-002'), rule('A-003')],
    [outcome('t', 'failed', ['A-001', 'A-002', 'A-003'], { violated: ['A-002'], reason: 'boom' })],
  );
  expect(v).toEqual({ 'A-001': 'NOT_RUN', 'A-002': 'FAILED', 'A-003': 'NOT_RUN' });
  const detail = ruleVerdicts(new Map([['A-001', rule('A-001')]]), [outcome('t', 'failed', ['A-001'], { violated: ['A-002'] })])[0]!;
  expect(detail.tests).toEqual([{ title: 't', status: 'inconclusive' }]);
});

test('a failure naming no rule fails the single own rule of its test; a timeout judges nothing', () => {
  expect(
    verdicts([rule('A-001'), rule('A-002')], [outcome('t', 'failed', ['A-001', 'CONTRACT-001']), outcome('u', 'timedOut', ['A-002'])]),
  ).toEqual({ 'A-001': 'FAILED', 'A-002': 'NOT_RUN' });
});

test('one failure anywhere beats passes; a pass beats skips', () => {
  const v = verdicts(
    [rule('A-001'), rule('A-002'), rule('A-003')],
    [
      outcome('p1', 'passed', ['A-001', 'A-002']),
      outcome('f', 'failed', ['A-001']),
      outcome('s', 'skipped', ['A-002', 'A-003'], { reason: 'needs an API key (FC_API_KEY)' }),
      outcome('th', 'skipped', ['A-003'], { throttled: true }),
    ],
  );
  expect(v).toEqual({ 'A-001': 'FAILED', 'A-002': 'PASSED', 'A-003': 'THROTTLED' });
});

test('rules without tests: gaps, unobservable, pending and untested are told apart; retired rules are left out', () => {
  const v = verdicts(
    [
      rule('G-001', { kind: 'gap', choice: 'c' }),
      rule('U-001', { observe: 'unobservable' }),
      rule('P-001', { pending: 'issue 9' }),
      rule('N-001'),
      rule('R-001', { retired: true }),
      rule('R-002', { kind: 'gap', retired: true }),
    ],
    [],
  );
  expect(v).toEqual({ 'G-001': 'GAP', 'U-001': 'UNOBSERVABLE', 'P-001': 'PENDING', 'N-001': 'NO_TEST' });
});

test('the summary counts only passing rules as PASSED', () => {
  const rules = [rule('A-001'), rule('A-002'), rule('A-003'), rule('A-004')];
  const counts = summarize(
    ruleVerdicts(new Map(rules.map((r) => [r.id, r])), [
      outcome('p', 'passed', ['A-001']),
      outcome('s', 'skipped', ['A-002'], { reason: 'needs an API key (FC_API_KEY)' }),
      outcome('t', 'skipped', ['A-003'], { throttled: true }),
      outcome('i', 'interrupted', ['A-004']),
    ]),
  );
  expect(counts).toMatchObject({ PASSED: 1, SKIPPED: 1, THROTTLED: 1, NOT_RUN: 1, FAILED: 0 });
});

test('a skip for a need the target lacks is SKIPPED; a skip for a case its data does not show is NOT_RUN with that reason (issue 32)', () => {
  const rules = [rule('A-001'), rule('A-002'), rule('A-003'), rule('A-004')];
  const detail = ruleVerdicts(new Map(rules.map((r) => [r.id, r])), [
    outcome('k', 'skipped', ['A-001'], { reason: 'needs control plane (FC_CONTROL_TOKEN)' }),
    outcome('b', 'skipped', ['A-002'], { reason: 'budget: not in the spend plan for $2.00' }),
    outcome('d', 'skipped', ['A-003'], { reason: 'no venue_b event the target resolves' }),
    outcome('w', 'skipped', ['A-004'], { reason: 'not judged: no read was succeeded' }),
  ]);
  expect(detail.map((d) => d.status)).toEqual(['SKIPPED', 'SKIPPED', 'NOT_RUN', 'NOT_RUN']);
  expect(detail[2]!.reasons).toEqual(['no instance: no venue_b event the target resolves']);
});

test('a schema rule passes only on a test whose answers reached its component', () => {
  const rules = [rule('SCH-001', { schema: 'Market/properties/a' }), rule('SCH-002', { schema: 'Quote/properties/b' }), rule('X-001')];
  const v = verdicts(rules, [
    outcome('errors only', 'passed', ['SCH-001', 'SCH-002', 'X-001'], { exercised: new Set(['Market', 'ErrorEnvelope']) }),
  ]);
  expect(v).toEqual({ 'SCH-001': 'PASSED', 'SCH-002': 'NOT_RUN', 'X-001': 'PASSED' });
});

test('judgesRule (what the spend plan counts a test for) agrees with the verdict: a component never reached, no instance or a skip judges nothing', () => {
  const schema = rule('SCH-001', { schema: 'Market/properties/a' });
  const own = rule('X-001');
  const gap = rule('G-001', { kind: 'gap' });
  const reached = outcome('t', 'passed', ['SCH-001', 'X-001', 'G-001'], { exercised: new Set(['Market']), answers: 1 });
  expect([schema, own, gap].map((r) => judgesRule(reached, r))).toEqual([true, true, true]);
  const errorsOnly = outcome('t', 'passed', ['SCH-001', 'X-001'], { exercised: new Set(['ErrorEnvelope']), answers: 1 });
  expect([schema, own].map((r) => judgesRule(errorsOnly, r))).toEqual([false, true]);
  const none = outcome('t', 'passed', ['X-001', 'G-001'], {
    judged: { 'X-001': { n: 0, what: 'a case' }, 'G-001': { n: 0, what: 'a case' } },
  });
  expect([own, gap].map((r) => judgesRule(none, r))).toEqual([false, false]);
  expect(judgesRule(outcome('t', 'skipped', ['X-001']), own)).toBe(false);
  expect(judgesRule(outcome('t', 'failed', ['X-001'], { violated: ['X-001'] }), own)).toBe(true);
});

test("a failure on another assertion leaves schema rules unjudged but fails the test's own rules", () => {
  const rules = [rule('SCH-001', { schema: 'Market/properties/a' }), rule('CONTRACT-001'), rule('X-001')];
  expect(verdicts(rules, [outcome('t', 'failed', ['SCH-001', 'CONTRACT-001', 'X-001'])])).toEqual({
    'SCH-001': 'NOT_RUN',
    'CONTRACT-001': 'NOT_RUN',
    'X-001': 'FAILED',
  });
});

/**
 * A test's declared rules and result from a compact list of facts, as these tests write them: `rule`, `skip`
 * (Playwright's own annotations, kept as such) and, for the result (lib/test-result.ts), `violation`,
 * `warned`, `cross`, `judged` ("ID n what"), `judged-on` ("ID op n"), `answers` (n), `read` ("op status n"),
 * `exercised`, `ran-to-end`. A test's notation, not the harness's: the harness hands the reporter the data.
 */
export function factsOf(facts: readonly { type: string; description?: string }[]): {
  annotations: { type: string; description?: string }[];
  result: ReadResult;
} {
  const data = emptyTestResult();
  const annotations: { type: string; description?: string }[] = [];
  for (const { type, description: d = '' } of facts) {
    const [a = '', b = '', ...rest] = d.split(' ');
    if (type === 'rule' || type === 'skip' || type === 'fixme') annotations.push({ type, description: d });
    else if (type === 'violation') data.violations.push(d);
    else if (type === 'warned') data.warnedRules.push(d);
    else if (type === 'cross') data.crossCutting.push(d);
    else if (type === 'judged') data.judged.push({ id: a, n: Number(b), what: rest.join(' ') });
    else if (type === 'judged-on') data.judgedOn.push({ id: a, operationId: b, n: Number(rest[0]) });
    else if (type === 'answers') data.answers += Number(d);
    else if (type === 'read') data.operationAnswers.push({ operationId: a, status: Number(b), n: Number(rest[0]) });
    else if (type === 'exercised') data.exercised.push(d);
    else if (type === 'ran-to-end') data.ranToEnd = true;
    else throw new Error(`factsOf: unknown fact ${type}`);
  }
  return { annotations, result: { ok: true, data } };
}

const of = (
  facts: { type: string; description?: string }[],
  status: TestOutcome['status'] = 'passed',
  error?: string,
  project = 'conformance',
) => outcomeOf({ title: 't', file: 'x.spec.ts', project, status, ...factsOf(facts), ...(error ? { error } : {}) });
const r = (...ids: string[]) => ids.map((description) => ({ type: 'rule', description }));

test('a violated SHOULD rule is WARN, never PASSED or FAILED; a clean one PASSES', () => {
  const rules = [rule('S-001', { level: 'SHOULD' }), rule('S-002', { level: 'SHOULD' }), rule('M-001')];
  const v = verdicts(
    rules,
    of([...r('S-001', 'S-002', 'M-001'), { type: 'warned', description: 'S-001' }, { type: 'answers', description: '3' }]),
  );
  expect(v).toEqual({ 'S-001': 'WARN', 'S-002': 'PASSED', 'M-001': 'PASSED' });
  expect(
    summarize(
      ruleVerdicts(
        new Map(rules.map((x) => [x.id, x])),
        of([...r('S-001'), { type: 'warned', description: 'S-001' }, { type: 'answers', description: '1' }]),
      ),
    ),
  ).toMatchObject({ WARN: 1, PASSED: 0 });
});

test('a case that never occurred is NOT_RUN with its reason, never PASSED', () => {
  const rules = [rule('C-001'), rule('C-002'), rule('C-003')];
  const outcomes = of([
    ...r('C-001', 'C-002'),
    { type: 'judged', description: 'C-001 0 an Asset with more than 50 markets' },
    { type: 'answers', description: '4' },
  ]);
  const detail = ruleVerdicts(new Map(rules.map((x) => [x.id, x])), outcomes);
  expect(detail.map((d) => d.status)).toEqual(['NOT_RUN', 'PASSED', 'NO_TEST']);
  expect(detail[0]!.reasons.join()).toContain('no instance of an Asset with more than 50 markets on the target');
  expect(detail[1]!.instances).toBe(4);
  // No answer of the target read at all: nothing judged.
  expect(verdicts([rule('C-001')], of(r('C-001')))).toEqual({ 'C-001': 'NOT_RUN' });
  // Counts add up; `*` covers the rules without their own count.
  const sum = ruleVerdicts(
    new Map([
      ['C-001', rule('C-001')],
      ['C-002', rule('C-002')],
    ]),
    of([
      ...r('C-001', 'C-002'),
      { type: 'judged', description: 'C-001 2 x' },
      { type: 'judged', description: 'C-001 3 x' },
      { type: 'judged', description: '* 0 y' },
      { type: 'answers', description: '9' },
    ]),
  );
  expect(sum.map((d) => [d.status, d.instances])).toEqual([
    ['PASSED', 5],
    ['NOT_RUN', undefined],
  ]);
});

test('tests of the harness never credit a catalogue rule', () => {
  const v = verdicts(
    [rule('CONTRACT-001'), rule('CONTRACT-002')],
    [
      ...of([...r('CONTRACT-001'), { type: 'answers', description: '1' }], 'passed', undefined, 'harness'),
      ...of([...r('CONTRACT-002'), { type: 'answers', description: '1' }], 'passed', undefined, 'harness'),
    ],
  );
  expect(v).toEqual({ 'CONTRACT-001': 'NO_TEST', 'CONTRACT-002': 'NO_TEST' });
});

test("a gap is GAP with whether the target made the stub's choice, never PASSED or FAILED", () => {
  const gaps = [
    rule('G-001', { kind: 'gap', choice: 'c' }),
    rule('G-002', { kind: 'gap', choice: 'c' }),
    rule('G-003', { kind: 'gap', choice: 'c' }),
  ];
  const detail = ruleVerdicts(new Map(gaps.map((x) => [x.id, x])), [
    ...of([...r('G-001', 'G-002'), { type: 'warned', description: 'G-002' }, { type: 'answers', description: '1' }]),
    ...of([...r('G-003'), { type: 'violation', description: 'G-003' }], 'failed', 'G-003 broke'),
  ]);
  expect(detail.map((d) => [d.status, d.sameChoiceAsStub])).toEqual([
    ['GAP', true],
    ['GAP', false],
    ['GAP', false],
  ]);
});

test('a harness fault is ERROR naming the fault, never a failed rule of the target', () => {
  const rules = [rule('A-001'), rule('A-002')];
  const detail = ruleVerdicts(
    new Map(rules.map((x) => [x.id, x])),
    of(r('A-001', 'A-002'), 'failed', 'Property failed after 1 tests\nGot error: TypeError: Cannot read properties of undefined'),
  );
  expect(detail.map((d) => d.status)).toEqual(['ERROR', 'ERROR']);
  expect(detail[0]!.reasons.join()).toContain('TypeError: Cannot read properties of undefined');
  // A failing assertion that names no rule in a test of several rules is a harness defect, not a verdict.
  expect(verdicts(rules, of(r('A-001', 'A-002'), 'failed', 'Error: expect(received).toBe(expected)'))).toEqual({
    'A-001': 'ERROR',
    'A-002': 'ERROR',
  });
  // An unreachable target judges nothing.
  expect(verdicts(rules, of(r('A-001', 'A-002'), 'failed', 'HarnessError: FC_TARGET_UNREACHABLE: GET /x: connect ECONNREFUSED'))).toEqual({
    'A-001': 'NOT_RUN',
    'A-002': 'NOT_RUN',
  });
  // Nor does one whose answer could not be read: not HTTP, or a body over the run's limit (lib/http-client.ts).
  for (const error of [
    'HarnessError: FC_TARGET_GARBAGE: GET /x: does not speak HTTP (HPE_INVALID_CONSTANT: Expected HTTP/)',
    'HarnessError: FC_TARGET_TOO_LARGE: GET /x: sent a body over the 33554432-byte limit (--max-body-bytes) as received',
  ])
    expect(verdicts(rules, of(r('A-001', 'A-002'), 'failed', error)), error).toEqual({ 'A-001': 'NOT_RUN', 'A-002': 'NOT_RUN' });
});

test('a rule-level ERROR makes the run ERROR (exit 2), and JUnit writes and counts it as <error> (issue 18)', () => {
  const rules = [rule('A-001'), rule('A-002'), rule('B-001')];
  const catalogue = new Map(rules.map((x) => [x.id, x]));
  const info = runInfo({ runStatus: 'failed' });
  const outcomes = [
    ...of(r('A-001', 'A-002'), 'failed', 'Got error: TypeError: Cannot read properties of undefined'),
    outcome('b', 'failed', ['B-001'], { violated: ['B-001'] }),
  ];
  const report = buildReport(info, ruleVerdicts(catalogue, outcomes), catalogue);
  expect(report.verdict).toBe('ERROR');
  expect(EXIT[report.verdict]).toBe(2);
  expect(report.verdictReason).toMatch(/^2 rule\(s\) ERROR .*A-001, A-002; 1 rule\(s\) also failed$/);
  const xml = renderJunit(report);
  expect(xml).toMatch(/<testsuites [^>]*failures="1" errors="2"/);
  expect(xml).toMatch(/<testsuite name="A" tests="2" failures="0" errors="2"/);
  expect(xml.match(/<error message="harness fault in/g)).toHaveLength(2);
  // Without the fault, the same failure is a FAILED run (exit 1) and JUnit counts no error.
  const failedOnly = buildReport(info, ruleVerdicts(catalogue, [outcomes[1]!]), catalogue);
  expect([failedOnly.verdict, EXIT[failedOnly.verdict]]).toEqual(['FAILED', 1]);
  expect(renderJunit(failedOnly)).toMatch(/<testsuites [^>]*failures="1" errors="0"/);
});

test("a failing assertion names the rule it proves broken; the test's other rules are NOT_RUN", () => {
  const rules = [rule('REL-001'), rule('REL-002'), rule('LATEST-001')];
  expect(
    verdicts(
      rules,
      of(
        r('REL-001', 'REL-002', 'LATEST-001'),
        'failed',
        'Error: LATEST-001: the feed lists a forecast the read lacks\n\nexpect(received).toBe(expected)',
      ),
    ),
  ).toEqual({
    'REL-001': 'NOT_RUN',
    'REL-002': 'NOT_RUN',
    'LATEST-001': 'FAILED',
  });
});

test('a violation of a rule the test did not declare is credited to that rule', () => {
  const rules = [rule('A-001'), rule('B-001'), rule('S-001', { level: 'SHOULD' })];
  const v = verdicts(rules, [
    ...of([...r('A-001'), { type: 'violation', description: 'B-001' }], 'failed', '1 violation(s):\n  ✗ [B-001] /x: broken'),
    ...of([...r('A-001'), { type: 'warned', description: 'S-001' }, { type: 'answers', description: '1' }]),
  ]);
  expect(v).toEqual({ 'A-001': 'PASSED', 'B-001': 'FAILED', 'S-001': 'WARN' });
});

test('a skip inside a property is a SKIPPED rule, never a failed one', () => {
  expect(
    verdicts([rule('A-001')], of([...r('A-001'), { type: 'skip', description: 'budget: needs $0.01, $0.00 left' }], 'skipped')),
  ).toEqual({ 'A-001': 'SKIPPED' });
});

test('a skip with no reason of its own (a runner skip, or one raised in another test) says so, never a bare "skipped"', () => {
  const [t] = outcomeOf({
    title: 't',
    file: 'x.spec.ts',
    project: 'conformance',
    status: 'skipped',
    annotations: [{ type: 'rule', description: 'A-001' }],
  });
  expect(t!.reason).toBe(NO_SKIP_REASON);
  expect(ruleVerdicts(new Map([['A-001', rule('A-001')]]), [t!])[0]!.reasons).toEqual([NO_SKIP_REASON]);
});

test('the HTML report of a selection: the bar draws only judged rules, matrix rows of unselected rules are left out and counted', () => {
  const catalogue = loadRules();
  const selected = new Set(['PRICE-014', 'PRICE-015']);
  const verdicts = applySelection(ruleVerdicts(catalogue, []), selected).map((v) =>
    v.id === 'PRICE-014' ? { ...v, status: 'FAILED' as RuleStatus } : v.id === 'PRICE-015' ? { ...v, status: 'PASSED' as RuleStatus } : v,
  );
  const info = runInfo({
    commandLine: 'forecast-conformance run --rule PRICE-014 --rule PRICE-015',
    runStatus: 'failed',
    selection: [...selected],
  });
  const html = renderHtml(buildReport(info, verdicts, catalogue));
  const bar = /<div class="bar"[^>]*>(.*?)<\/div>/.exec(html)![1]!;
  expect(bar.match(/title="(\w+): (\d+)"/g)).toEqual(['title="FAILED: 1"', 'title="PASSED: 1"']);
  expect(bar).toContain('width:50.00%');
  expect(html).toMatch(/<caption>\d+ families with no selected rule left out<\/caption>/);
  expect(html).toContain('<tr><td>PRICE</td>');
  expect(html).not.toContain('<tr><td>BILL</td>');
});

test('every budget skip is unlocked by a budget, whichever way the suite words it', () => {
  const skipped = (reason: string) => ({ status: 'SKIPPED' as RuleStatus, reasons: [reason] });
  const unlocks = unlocksOf([
    skipped('budget: getMarketSignals needs $0.010, $0.000 left'),
    skipped('spend budget too small'),
    skipped('spend budget too small for 4 searchMarkets calls'),
    skipped('no instance of an Asset with more than 50 markets on the target'),
  ]);
  expect(unlocks).toEqual([
    { need: 'a budget', set: '--max-spend USD', rules: 3 },
    { need: 'an answer of the kind the rule speaks of (target data)', set: 'nothing: the target had no such case', rules: 1 },
  ]);
});

test('one FAIL blinds no other rule: a test that held its violations to its end judges its other rules (issue 32)', () => {
  const rules = [
    rule('A-001'),
    rule('B-001'),
    rule('C-001'),
    rule('SCH-001', { schema: 'Market/properties/a' }),
    rule('G-001', { kind: 'gap' }),
  ];
  const annotations = [
    ...r('A-001', 'B-001', 'C-001', 'SCH-001', 'G-001'),
    { type: 'violation', description: 'A-001' },
    { type: 'judged', description: 'C-001 0 a market with more than 50 refs' },
    { type: 'exercised', description: 'Market' },
    { type: 'answers', description: '3' },
  ];
  // Failed only by held violations, ran to its end: A fails, B and the schema rule pass, C's case never occurred.
  expect(verdicts(rules, of([...annotations, { type: 'ran-to-end' }], 'failed', 'Violations held to the end of the test (1)'))).toEqual({
    'A-001': 'FAILED',
    'B-001': 'PASSED',
    'C-001': 'NOT_RUN',
    'SCH-001': 'PASSED',
    'G-001': 'GAP',
  });
  // Stopped early by a hard assertion: the others were not judged, and never passed.
  expect(verdicts(rules, of(annotations, 'failed', 'Error: the answer was 500 (A-001)'))).toMatchObject({
    'A-001': 'FAILED',
    'B-001': 'NOT_RUN',
    'SCH-001': 'NOT_RUN',
  });
});

test('a violation seen before a test skipped still fails its rule; an exception after a violation leaves the rest NOT_RUN, not ERROR', () => {
  const rules = [rule('A-001'), rule('B-001')];
  const violated = [...r('A-001', 'B-001'), { type: 'violation', description: 'A-001' }, { type: 'skip', description: 'needs budget' }];
  expect(verdicts(rules, of(violated, 'skipped'))).toEqual({ 'A-001': 'FAILED', 'B-001': 'SKIPPED' });
  const fault = of(
    [...r('A-001', 'B-001'), { type: 'violation', description: 'A-001' }],
    'failed',
    "TypeError: Cannot read properties of undefined (reading 'markets')",
  );
  expect(verdicts(rules, fault)).toEqual({ 'A-001': 'FAILED', 'B-001': 'NOT_RUN' });
  // Without a violation before it, the same exception is the harness's fault.
  expect(verdicts(rules, of(r('A-001', 'B-001'), 'failed', "TypeError: Cannot read properties of undefined (reading 'x')"))).toEqual({
    'A-001': 'ERROR',
    'B-001': 'ERROR',
  });
});

test('each failed rule reads its own violation line, not the first line of its test', () => {
  const [t] = outcomeOf({
    title: 't',
    file: 'x.spec.ts',
    project: 'conformance',
    status: 'failed',
    ...factsOf([
      ...r('A-001', 'B-001'),
      { type: 'violation', description: 'A-001' },
      { type: 'violation', description: 'B-001' },
      { type: 'ran-to-end' },
    ]),
    violationText: 'Violations held to the end of the test (2):\n  ✗ [A-001] /a: first\n  ✗ [B-001] /b: second\n  ✗ [A-001] /c: later',
  });
  const detail = ruleVerdicts(
    new Map([
      ['A-001', rule('A-001')],
      ['B-001', rule('B-001')],
    ]),
    [t!],
  );
  expect(detail.map((d) => d.reasons[0])).toEqual(['[A-001] /a: first', '[B-001] /b: second']);
});

test("a black-box rule a test tried without the control plane and found no case for is NOT_RUN with that reason, not another test's 'needs control plane'", () => {
  const rules = [rule('B-001'), rule('C-001', { observe: 'control-plane' })];
  const detail = ruleVerdicts(new Map(rules.map((x) => [x.id, x])), [
    outcome('model', 'skipped', ['B-001', 'C-001'], { reason: 'needs control plane (FC_CONTROL_TOKEN)' }),
    outcome('black-box', 'skipped', ['B-001'], { reason: 'needs 1 tracked in-scope market without a forecast; found 0' }),
  ]);
  expect(detail.map((d) => [d.status, d.reasons[0]])).toEqual([
    ['NOT_RUN', 'no instance: needs 1 tracked in-scope market without a forecast; found 0'],
    ['SKIPPED', 'needs control plane (FC_CONTROL_TOKEN)'],
  ]);
});

test('the rule × operation matrix (issue 34): a rule is judged on the operations its tests named, else on the applicable ones they read; the rest say why', () => {
  const rules = [
    rule('A-001', { appliesTo: ['listMarkets', 'listAssets', 'getPricing'] }),
    rule('B-001', { appliesTo: ['paid & status:404'] }),
    rule('N-001', { appliesTo: ['none'] }),
  ];
  const read = (op: string, n = 1, status = 200) => ({ type: 'read', description: `${op} ${status} ${n}` });
  const outcomes = [
    // Read listMarkets and getOilSignal (not applicable to A-001): judged on listMarkets only.
    ...of([...r('A-001'), read('listMarkets'), read('getOilSignal'), { type: 'answers', description: '2' }]),
    // Named its operations for B-001: judged on getMarketForecast, none found on listSources, whatever else it read.
    ...of([
      ...r('B-001'),
      read('listMarkets', 3),
      { type: 'judged-on', description: 'B-001 getMarketForecast 2' },
      { type: 'judged-on', description: 'B-001 listSources 0' },
      { type: 'judged', description: 'B-001 2 a 404 answer' },
    ]),
    // Skipped for want of a key on listAssets: the cell says so.
    outcome('skipper', 'skipped', ['A-001'], { reason: 'needs an API key (FC_API_KEY)', operationAnswers: { listAssets: { 200: 1 } } }),
  ];
  const v = new Map(ruleVerdicts(new Map(rules.map((x) => [x.id, x])), outcomes).map((x) => [x.id, x]));
  const cells = (id: string) => Object.fromEntries((v.get(id)!.matrix ?? []).map((c) => [c.operation, c.judged ? 'judged' : c.reason]));
  expect(cells('A-001')).toEqual({
    getPricing: 'no test judged it on this operation',
    listAssets: 'skipped: needs an API key (FC_API_KEY)',
    listMarkets: 'judged',
  });
  const b = cells('B-001');
  expect(b.getMarketForecast).toBe('judged');
  expect(b.listSources).toMatch(/^no instance on the target/);
  // No test read a 404 of it: the case never occurred there (the run read none), not a missing test.
  expect(b.createSocialProfile).toBe('no instance: the run read no 404 answer of this operation');
  expect(v.get('N-001')!.matrix).toEqual([]);
  expect(pairCoverage([...v.values()])).toMatchObject({ applicable: 3 + Object.keys(b).length, judged: 2 });
});

test('a rule about answers of one status is judged on an operation only where a test read that status there', () => {
  const rules = [rule('E-001', { appliesTo: ['status:404'] })];
  const outcomes = of([
    ...r('E-001'),
    { type: 'read', description: 'getMarketForecast 404 1' },
    { type: 'read', description: 'getForecastTargets 200 2' },
    { type: 'answers', description: '3' },
  ]);
  // Another test read a 404 of listSources without judging E-001: that pair had a case and no test.
  const other = outcome('reader', 'passed', ['X-001'], { operationAnswers: { listSources: { 404: 1 } } });
  const [v] = ruleVerdicts(new Map(rules.map((x) => [x.id, x])), [...outcomes, other]);
  const cells = Object.fromEntries(v!.matrix!.map((c) => [c.operation, c.judged]));
  const why = Object.fromEntries(v!.matrix!.map((c) => [c.operation, c.reason]));
  expect(cells.getMarketForecast).toBe(true);
  expect(cells.getForecastTargets).toBe(false);
  expect(why.getForecastTargets).toBe('no instance: the run read no 404 answer of this operation');
  expect(why.listSources).toBe('no test judged it on this operation');
});

test('a rule checked on every successful answer (checks/answer-rules.ts) is "no instance" where the run read successes without its case', () => {
  const rules = [rule('ROUTE-002', { appliesTo: ['listMarkets', 'getLatest', 'listSources'] })];
  const outcomes = [
    ...of([
      ...r('ROUTE-002'),
      { type: 'judged-on', description: 'ROUTE-002 listMarkets 1' },
      { type: 'judged', description: 'ROUTE-002 1 a list' },
    ]),
    // Another test read getLatest's successes: each was checked, none held a list of two or more markets.
    outcome('reader', 'passed', ['X-001'], { operationAnswers: { getLatest: { 200: 3 }, listSources: { 422: 1 } } }),
  ];
  const [v] = ruleVerdicts(new Map(rules.map((x) => [x.id, x])), outcomes);
  const why = Object.fromEntries(v!.matrix!.map((c) => [c.operation, c.judged ? 'judged' : c.reason]));
  expect(why).toEqual({
    listMarkets: 'judged',
    getLatest:
      "no instance: none of the run's successful answers of this operation, each checked for it, held a list of two or more markets",
    // Only a refusal of listSources was read: no successful answer was checked there.
    listSources: 'no test judged it on this operation',
  });
});
