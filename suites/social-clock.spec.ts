/**
 * Social research rules that need the target's clock moved through the control plane (contract/
 * control.yaml): the stored profile is reused while under 30 days old and recomputed from 30 days
 * (PROF-006, PROF-008), and search results are never stored (XSRCH-003). The clock moves forward
 * only, so this suite runs in the `conformance-clock` project, after every other suite and one test
 * at a time (playwright.config.ts). Without a control plane every test SKIPs.
 */
import { randomInt } from 'node:crypto';
import { test, expect, rules, contractRules } from './support/fixtures.ts';
import { checkNotReused, checkReused, checkSocialProfile } from '../checks/social-profile.ts';
import { checkSocialSearch, resultsOf } from '../checks/social-search.ts';
import type { Violation } from '../lib/violation.ts';
import { findProfiledHandle, requestProfile, requestSearch } from './support/social.ts';

const DAY_S = 86_400;
const INVARIANTS = ['PROF-012', 'PROF-013', 'PROF-014', 'PROF-015', 'PROF-016', 'PROF-023', 'PROF-024'];

test(
  'search results are not stored: the same search after the clock moved past its range searches the new range',
  { annotation: rules('XSRCH-003', 'XSRCH-002', ...contractRules('searchSocial')) },
  async ({ paid, controlPlane, budget }) => {
    budget.reserveCalls('searchSocial', 7);
    const RANGE = 90;
    let query: string | undefined;
    let first: Awaited<ReturnType<typeof requestSearch>> | undefined;
    for (const q of ['the', 'market', 'rates', 'oil', 'bitcoin']) {
      const a = await requestSearch(paid, { query: q, range_days: RANGE, limit: 30 });
      test.skip(
        a.status !== 200 || !resultsOf(a.body),
        `the target answered ${a.status} without a results array (body field names and response shape are the stub's choice)`,
      );
      if ((resultsOf(a.body)?.length ?? 0) > 0) {
        query = q;
        first = a;
        break;
      }
    }
    test.skip(!query || !first, `no probe query has a result in the last ${RANGE} days`);
    const before = await controlPlane.clock();
    // Past the whole range: every first result is now older than the range, so a stored answer shows.
    const now = await controlPlane.advanceClock((RANGE + 1) * DAY_S);
    const second = await requestSearch(paid, { query, range_days: RANGE, limit: 30 });
    expect(second.status).toBe(200);
    const vs: Violation[] = checkSocialSearch(second.body, {
      limit: 30,
      rangeDays: RANGE,
      nowMs: now.getTime(),
      toleranceMs: 60_000,
      rangeRule: 'XSRCH-003',
    });
    test.info().annotations.push({
      type: 'note',
      description: `${JSON.stringify(query)}: ${resultsOf(first!.body)?.length} results before (clock ${before.now.toISOString()}), ${resultsOf(second.body)?.length} after (clock ${now.toISOString()})`,
    });
    expect(vs).toHaveNoViolations(second.body);
  },
);

test(
  'a stored profile is reused while under 30 days old and recomputed once 30 days old',
  { annotation: rules('PROF-006', 'PROF-008', ...INVARIANTS, ...contractRules('createSocialProfile')) },
  async ({ paid, controlPlane, budget, targetOptions }) => {
    budget.reserveCalls('createSocialProfile', 4);
    const found = await findProfiledHandle(paid, targetOptions.seed);
    test.skip('skip' in found, 'skip' in found ? found.skip : '');
    const { handle } = found as { handle: string };
    // A lookback no other test uses, drawn per run: a persistent target may hold older stored profiles.
    const lookbackDays = randomInt(250, 300);
    const body = { handle, lookback_days: lookbackDays, focus: 'reasoning' };
    const first = await requestProfile(paid, body);
    test.skip(first.status === 404, `@${handle} has too few posts at lookback ${lookbackDays}`);
    expect(first.status).toBe(200);
    const vs: Violation[] = checkSocialProfile(first.body, { lookbackDays });

    // Reuse right away, across callers, is social-profile.spec's (PROF-006); here only the clock's edges.
    await test.step('29 days later: still the stored profile', async () => {
      await controlPlane.advanceClock(29 * DAY_S);
      const a = await requestProfile(paid, body);
      expect(a.status).toBe(200);
      vs.push(...checkReused('PROF-006', first.body, a.body, 'the same request 29 days later'));
    });
    await test.step('30 days later: recomputed', async () => {
      await controlPlane.advanceClock(DAY_S);
      const a = await requestProfile(paid, body);
      test.skip(a.status === 404, `@${handle} has too few posts in the window 30 days later`);
      expect(a.status).toBe(200);
      vs.push(
        ...checkSocialProfile(a.body, { lookbackDays }),
        ...checkNotReused('PROF-008', first.body, a.body, 'the same request 30 days later'),
      );
    });
    expect(vs).toHaveNoViolations();
  },
);
