/**
 * The spec, not the stub (issue 18), in the e2e lane (`npm run test:e2e`, tests/lanes.ts): a full standard
 * run against the alternate stub (every gap rule's `alternate`, stub/variant.ts) beside one against the main
 * stub, one worker each (scripts/alt-compare.ts `runVariants`). The alternate run must FAIL and ERROR no rule,
 * judge every documented rule as the main stub does, and report every flipped gap GAP "differs"
 * (reporter/variant-compare.ts). A test of the harness: it credits no catalogue rule.
 */
import { test, expect } from '@playwright/test';
import { runVariants } from '../../scripts/alt-compare.ts';
import { flippedGaps, formatVariantProblems } from '../../reporter/variant-compare.ts';

/** Each run's bound: a standard run on one worker takes about 3 minutes on two cores. */
const RUN_TIMEOUT_MS = 13 * 60_000;

test('the alternate stub: 0 FAILED, 0 ERROR, every flipped gap differs, documented verdicts as on the main stub', async () => {
  test.setTimeout(RUN_TIMEOUT_MS + 60_000);
  expect(flippedGaps().size, 'the alternate stub flips no gap').toBeGreaterThan(0);
  const { main, alt, problems } = await runVariants(['--workers', '1'], test.info().outputPath('runs'), RUN_TIMEOUT_MS);
  for (const [name, run] of [
    ['main', main],
    ['alternate', alt],
  ] as const)
    expect(run.rules.length, `the ${name} run wrote no rules.json:\n${run.output.split('\n').slice(-12).join('\n')}`).toBeGreaterThan(0);
  expect(problems, `${problems.length} problem(s):\n${formatVariantProblems(problems)}`).toEqual([]);
  expect(alt.code, `the alternate run did not pass:\n${alt.output.split('\n').slice(-12).join('\n')}`).toBe(0);
});
