/**
 * The alternate stub's verdicts against the main stub's (issue 18; reporter/variant-compare.ts), and the
 * rule reporter's end-of-run comparison in `npm test`: a test of tests/variants names the alternate run's
 * report directory (a result's `variantRuns`); a problem against the run's own verdicts fails the run.
 * Credits no catalogue rule.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import type { FullConfig, FullResult, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import RuleReporter from '../../reporter/rule-reporter.ts';
import { compareVariantRuns, flippedGaps, type ComparedRule } from '../../reporter/variant-compare.ts';
import { ANNOTATION } from '../../lib/annotation-kinds.ts';
import { emptyTestResult, TEST_RESULT_ATTACHMENT, type TestResultData } from '../../lib/test-result.ts';
import { loadRules } from '../../contract/rules.ts';

const documented = (id: string, status: string): ComparedRule => ({ id, status, kind: 'rule' });
const gap = (id: string, sameChoiceAsStub: boolean | undefined): ComparedRule => ({
  id,
  status: 'GAP',
  kind: 'gap',
  ...(sameChoiceAsStub === undefined ? {} : { sameChoiceAsStub }),
});

test('each way the alternate run falls short is one problem naming the rule and both verdicts', () => {
  const flipped = new Set(['G-1', 'G-2']);
  const main = [documented('R-1', 'PASSED'), documented('R-2', 'PASSED'), gap('G-1', true), gap('G-2', false)];
  const alt = [
    documented('R-1', 'NOT_RUN'),
    documented('R-2', 'PASSED'),
    documented('R-3', 'FAILED'),
    documented('R-4', 'ERROR'),
    gap('G-1', true),
    gap('G-2', false),
  ];
  const problems = compareVariantRuns(main, alt, flipped).map((p) => `${p.ruleId} ${p.problem} (${p.main} / ${p.alt})`);
  expect(problems).toEqual([
    'R-1 verdict differs (PASSED / NOT_RUN)',
    'R-3 failed on alt (absent / FAILED)',
    'R-4 error on alt (absent / ERROR)',
    'G-1 flip not seen (GAP (same) / GAP (same))',
    'G-2 choice not seen on main (GAP (differs) / GAP (differs))',
  ]);
  // Rules outside the selection are not compared; agreeing runs give none.
  expect(compareVariantRuns(main, alt, flipped, new Set(['R-2']))).toEqual([]);
  expect(flippedGaps().size, 'the catalogue has gaps with an alternate').toBeGreaterThan(0);
});

/** A minimal test case as the reporter reads it. */
function testCase(id: string, project: string, annotations: { type: string; description: string }[]): TestCase {
  return {
    id,
    title: id,
    titlePath: () => ['', project, 'x.spec.ts', id],
    location: { file: 'x.spec.ts', line: 1, column: 1 },
    parent: { project: () => ({ name: project }) },
    annotations,
  } as unknown as TestCase;
}

/** A passing result, with the test's structured result (lib/test-result.ts) attached. */
const passed = (result: Partial<TestResultData> = {}): TestResult =>
  ({
    status: 'passed',
    annotations: [],
    attachments: [
      {
        name: TEST_RESULT_ATTACHMENT.name,
        contentType: 'application/json',
        body: Buffer.from(JSON.stringify({ ...emptyTestResult(), ...result })),
      },
    ],
    errors: [],
  }) as unknown as TestResult;

/** Runs the reporter over one passing conformance test of `ruleId` and a variants test naming `altDir`. */
async function reportWith(outputDir: string, ruleId: string, altDir: string): Promise<{ status: FullResult['status'] } | undefined> {
  const reporter = new RuleReporter({ outputDir });
  const own = testCase('own', 'conformance', [{ type: ANNOTATION.rule, description: ruleId }]);
  const variant = testCase('variant', 'variants', []);
  const config = { projects: [{ outputDir: join(outputDir, 'p') }], reporter: [], rootDir: outputDir } as unknown as FullConfig;
  const suite = { allTests: () => [own, variant] } as unknown as Suite;
  reporter.onBegin(config, suite);
  reporter.onTestEnd(own, passed({ judged: [{ id: ruleId, n: 1, what: 'its case' }] }));
  reporter.onTestEnd(variant, passed({ variantRuns: [altDir] }));
  const log = console.log;
  console.log = () => undefined;
  try {
    return await reporter.onEnd({ status: 'passed', startTime: new Date(), duration: 1 });
  } finally {
    console.log = log;
  }
}

test('the reporter fails the run when the alternate run judged a documented rule otherwise, and not when it agrees', async () => {
  const id = [...loadRules().values()].find((r) => r.kind === 'rule' && !r.retired && r.observe === 'black-box')!.id;
  const dir = mkdtempSync(join(tmpdir(), 'fc-variant-'));
  try {
    const alt = join(dir, 'alt');
    mkdirSync(alt);
    const write = (status: string) =>
      writeFileSync(join(alt, 'rules.json'), JSON.stringify({ selection: [id], rules: [documented(id, status)] }));
    write('NOT_RUN');
    expect(await reportWith(join(dir, 'a'), id, alt), `${id} PASSED here, NOT_RUN on the alternate stub`).toEqual({ status: 'failed' });
    write('PASSED');
    expect(await reportWith(join(dir, 'b'), id, alt), `${id} PASSED on both`).toBeUndefined();
    // An alternate run that wrote no rules.json is a problem too.
    expect(await reportWith(join(dir, 'c'), id, join(dir, 'none'))).toEqual({ status: 'failed' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
