/**
 * The spec, not the stub (issue 18), in `npm test`: a full standard run against the alternate stub
 * (every gap rule's `alternate`, stub/choices.ts). The alternate run must FAIL and ERROR no rule and
 * report every flipped gap GAP "differs" (reporter/variant-compare.ts). That it judges every documented
 * rule as the main stub does is checked against this `npm test`'s own conformance run, which is a
 * full standard run of the main stub: the rule reporter reads the alternate run's `rules.json` (the
 * `variant-run` annotation) at the end, compares, and fails the run on a difference. Running the main
 * stub a second time here cost a third of a minute on two cores.
 *
 * Its project runs after the conformance, harness and checks projects, so the run has the machine to
 * itself. A test of the harness: it credits no catalogue rule.
 */
import { test, expect } from '@playwright/test';
import { runOnce } from '../../scripts/alt-compare.ts';
import { compareVariantRuns, flippedGaps, formatVariantProblems } from '../../reporter/variant-compare.ts';
import { ANNOTATION } from '../../lib/annotation-kinds.ts';

/** The run's bound: a standard run takes about 2 minutes on two cores. */
const RUN_TIMEOUT_MS = 7 * 60_000;

test('the alternate stub: 0 FAILED, 0 ERROR, every flipped gap differs (documented verdicts compared by the reporter)', async () => {
  test.setTimeout(RUN_TIMEOUT_MS + 60_000);
  // In the test's output directory: Playwright empties it when the next run starts, after the reporter read it.
  const dir = test.info().outputPath('alt');
  const alt = await runOnce(['--stub-variant', 'alt'], dir, RUN_TIMEOUT_MS);
  test.info().annotations.push({ type: ANNOTATION.variantRun, description: dir });
  const tail = alt.output.split('\n').slice(-12).join('\n');
  expect(alt.rules.length, `the alternate run wrote no rules.json:\n${tail}`).toBeGreaterThan(0);
  const flipped = flippedGaps();
  expect(flipped.size, 'the alternate stub flips no gap').toBeGreaterThan(0);
  // Without the main run's verdicts: the alternate run's own problems (FAILED, ERROR, a flip not seen).
  const problems = compareVariantRuns([], alt.rules, flipped, alt.selection ? new Set(alt.selection) : undefined);
  expect(problems, `${problems.length} problem(s):\n${formatVariantProblems(problems)}`).toEqual([]);
  expect(alt.code, `the alternate run did not pass:\n${tail}`).toBe(0);
});
