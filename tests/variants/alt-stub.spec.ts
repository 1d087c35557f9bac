/**
 * The spec, not the stub (issue 18), in `npm test`: a full standard run against the main stub and one
 * against the alternate stub (every gap rule's `alternate`, stub/choices.ts), side by side. The
 * alternate run must FAIL and ERROR no rule, judge every documented rule as the main run does, and
 * report every flipped gap GAP "differs" (reporter/variant-compare.ts). Its project runs after the
 * conformance, harness and checks projects, so the two runs have the machine to themselves.
 * A test of the harness: it credits no catalogue rule.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { flippedGaps, runVariants } from '../../scripts/alt-compare.ts';
import { formatVariantProblems } from '../../reporter/variant-compare.ts';

/** Each run's bound: a standard run takes about 2.5 minutes beside the other on two cores. */
const RUN_TIMEOUT_MS = 7 * 60_000;

test('the alternate stub: 0 FAILED, 0 ERROR, documented verdicts as on the main stub, every flipped gap differs', async () => {
  test.setTimeout(RUN_TIMEOUT_MS + 60_000);
  const dir = mkdtempSync(join(tmpdir(), 'fc-variants-'));
  try {
    const { main, alt, problems } = await runVariants(['--workers', '3'], dir, RUN_TIMEOUT_MS);
    const tail = (o: string) => o.split('\n').slice(-12).join('\n');
    expect(main.rules.length, `the main run wrote no rules.json:\n${tail(main.output)}`).toBeGreaterThan(0);
    expect(alt.rules.length, `the alternate run wrote no rules.json:\n${tail(alt.output)}`).toBeGreaterThan(0);
    expect(main.code, `the main run failed:\n${tail(main.output)}`).toBe(0);
    expect(flippedGaps().size, 'the alternate stub flips no gap').toBeGreaterThan(0);
    expect(problems, `${problems.length} problem(s):\n${formatVariantProblems(problems)}`).toEqual([]);
    expect(alt.code, `the alternate run did not pass:\n${tail(alt.output)}`).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
