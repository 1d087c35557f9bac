/**
 * The Limits section's day reset against any target (spec: Limits table, per-day bounds; Errors 429
 * Retry-After; LIM-003, LIM-007, LIM-020): a principal refused for its daily bounds (preloaded through
 * the control plane) is admitted again once the target's clock passes 00:00 UTC. It moves the clock,
 * so it runs in the serial conformance-clock project; the other Limits rules are limits.spec.ts's.
 */
import { parseRetryAfter } from '../lib/retry-after.ts';
import { test, expect, rules, contractRules } from './support/fixtures.ts';
import { LIMIT_BOUNDS } from '../contract/limits.ts';
import { checkRateLimited } from '../checks/limits.ts';
import { violation, type Violation } from '../lib/violation.ts';
import { answerOf, CREDITS, preload, requestOf, send } from './support/limit-calls.ts';

test.describe('limits: day counters reset at 00:00 UTC', () => {
  test(
    "a principal refused for its daily bound is admitted again once the target's clock passes 00:00 UTC",
    { annotation: rules('LIM-003', 'LIM-007', 'LIM-020', ...contractRules('listAssets'), ...contractRules('searchSocial')) },
    async ({ api, targetOptions, controlPlane }) => {
      const account = await controlPlane.createAccount(CREDITS);
      const client = api.withKey(account.apiKey);
      const standard = await requestOf(client, targetOptions.target, 'listAssets');
      const social = await requestOf(client, targetOptions.target, 'searchSocial');
      await preload(controlPlane, { scope: 'standard', window: 'day', count: LIMIT_BOUNDS.standard.day, accountId: account.accountId });
      await preload(controlPlane, { scope: 'x_research', window: 'day', count: LIMIT_BOUNDS.x_research.day, accountId: account.accountId });
      const found: Violation[] = [];
      const refusedS = await send(client, standard);
      const refusedX = await send(client, social);
      found.push(...checkRateLimited(await answerOf(refusedS), { scope: 'standard' }, 'LIM-003'));
      found.push(...checkRateLimited(await answerOf(refusedX), { scope: 'x_research' }, 'LIM-007'));
      const now = (await controlPlane.clock()).now;
      const toMidnight = Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000);
      const retryAfter = parseRetryAfter(refusedS.headers()['retry-after']) ?? NaN;
      if (refusedS.status() === 429 && !(Math.abs(retryAfter - toMidnight) <= 5)) {
        found.push(
          violation(
            'LIM-020',
            'header:Retry-After',
            `a daily 429's Retry-After is ${retryAfter}s; the UTC day ends in ${toMidnight}s`,
            'warning',
          ),
        );
      }
      await test.step('the clock moves past 00:00 UTC: both scopes admit again', async () => {
        await controlPlane.advanceClock(toMidnight + 2);
        const s = await send(client, standard);
        const x = await send(client, social);
        if (s.status() !== 200)
          found.push(
            violation('LIM-003', 'status', `after 00:00 UTC the standard call answered ${s.status()}: the daily count did not reset`),
          );
        if (x.status() !== 200)
          found.push(
            violation('LIM-007', 'status', `after 00:00 UTC the social call answered ${x.status()}: the daily count did not reset`),
          );
      });
      expect(found).toHaveNoViolations();
    },
  );
});
