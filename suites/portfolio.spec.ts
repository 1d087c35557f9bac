/**
 * GET /api/v1/portfolio (family PORT): read-only, wallet-addressed positions selected by a venues
 * parameter; when a venue's data source is down the route fails closed (502 upstream_unavailable,
 * never a partial or empty 200) and is not billed. The wallet parameter and the response shape are
 * not shown (gaps PORT-005, SCH on PortfolioResponse): the stub's choices, `wallet` and
 * `venues=<comma-separated venue keys>`, are what these tests send.
 */
import { venueKeys } from '../contract/index.ts';
import fc from 'fast-check';
import { test, expect, rules, contractRules } from './support/fixtures.ts';
import { assertProperty } from './support/property.ts';
import { BILLING_RULES, checkDebit } from '../checks/billing.ts';
import { rulesOf, runCheck } from '../checks/define.ts';
import { positionsOf } from '../checks/portfolio.ts';
import { CHECKS } from '../checks/registry.ts';
import { violation, type Violation } from '../lib/violation.ts';
import { PRICES } from '../contract/pricing.ts';
import type { TargetClient } from './support/client.ts';

const OP = 'getPortfolio';
const PATH = '/api/v1/portfolio';
const VENUES = venueKeys();
const RUNS = 10;

const hexAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `0x${Buffer.from(b).toString('hex')}`);

/**
 * One portfolio read; SKIPs the test when the target does not serve the route. A 502 is retried
 * once (bounded retry of a transient 5xx, spec: Errors), unless `retry502` is false: another
 * worker's injected upstream fault may strike this call.
 */
async function read(client: TargetClient, wallet: string, venues: readonly string[], retry502 = true) {
  const params = { wallet, venues: venues.join(',') };
  let res = await client.get(PATH, { params });
  if (retry502 && res.status() === 502) res = await client.get(PATH, { params });
  if (res.status() === 404) {
    const code = ((await res.json()) as { error?: string }).error;
    test.skip(code === 'not_found', `GET ${PATH} is not served by this target`);
  }
  await expect(res).toMatchContract(OP);
  return { res, body: res.status() === 200 ? ((await res.json()) as unknown) : undefined };
}

test.describe('GET /api/v1/portfolio', () => {
  test(
    'every position belongs to the requested wallet and sits on a requested venue (any wallet, any venue subset)',
    { annotation: rules(...rulesOf(CHECKS.checkPositions), ...contractRules(OP)) },
    async ({ paid, budget, targetOptions }) => {
      budget.reserveCalls(OP, RUNS);
      let rows = 0;
      await assertProperty(
        fc.asyncProperty(hexAddress, fc.subarray([...VENUES], { minLength: 1 }), async (wallet, venues) => {
          const { res, body } = await read(paid, wallet, venues);
          expect(res.status(), `wallet=${wallet} venues=${venues.join(',')}`).toBe(200);
          rows += positionsOf(body).length;
          expect(runCheck(CHECKS.checkPositions, [body, { wallet, venues }])).toHaveNoViolations(body);
        }),
        { seed: targetOptions.seed, numRuns: RUNS, endOnFailure: true },
      );
      test.skip(rows === 0, `none of ${RUNS} random wallets holds a position on this target`);
    },
  );

  test(
    'venues only selects: the single-venue answers together are exactly the all-venue answer',
    { annotation: rules(...rulesOf(CHECKS.checkPositions, CHECKS.checkVenuePartition), ...contractRules(OP)) },
    async ({ paid, budget, targetOptions }) => {
      budget.reserveCalls(OP, 5 + VENUES.length);
      const wallets = fc.sample(hexAddress, { seed: targetOptions.seed, numRuns: 5 });
      let chosen: { wallet: string; body: unknown } | undefined;
      for (const wallet of wallets) {
        const { res, body } = await read(paid, wallet, VENUES);
        expect(res.status()).toBe(200);
        expect(runCheck(CHECKS.checkPositions, [body, { wallet, venues: VENUES }])).toHaveNoViolations(body);
        if (positionsOf(body).length > 0) {
          chosen = { wallet, body };
          break;
        }
      }
      test.skip(!chosen, 'none of 5 random wallets holds a position on this target');
      const perVenue: Record<string, unknown> = {};
      const found: Violation[] = [];
      for (const venue of VENUES) {
        const { res, body } = await read(paid, chosen!.wallet, [venue]);
        expect(res.status()).toBe(200);
        found.push(...runCheck(CHECKS.checkPositions, [body, { wallet: chosen!.wallet, venues: [venue] }]));
        perVenue[venue] = body;
      }
      found.push(...runCheck(CHECKS.checkVenuePartition, [chosen!.body, perVenue]));
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'a venue data source down: 502 upstream_unavailable (fails closed), not billed',
    { annotation: rules('PORT-004', 'ERR-010', BILLING_RULES.notBilled502, ...contractRules(OP)) },
    async ({ api, controlPlane }) => {
      const credits = PRICES[OP]!.credits * 2;
      const wallet = `0x${'5a'.repeat(20)}`;
      // Served? (SKIPs otherwise.)
      await read(api.withKey((await controlPlane.createAccount(credits)).apiKey), wallet, VENUES);
      const { res, account } = await controlPlane.withFault({ method: 'GET', path: PATH, status: 502 }, async (faultHeaders) => {
        const account = await controlPlane.createAccount(credits);
        const { res } = await read(api.withKey(account.apiKey).withHeaders(faultHeaders), wallet, ['venue_b'], false);
        return { res, account, status: res.status() };
      });
      const found: Violation[] = [];
      if (res.status() === 200)
        found.push(
          violation('PORT-004', 'status', 'with the venue data source down the route answered 200 (a partial or empty portfolio), not 502'),
        );
      else if (res.status() !== 502)
        found.push(violation('PORT-004', 'status', `with the venue data source down the route answered ${res.status()}, expected 502`));
      else {
        const code = ((await res.json()) as { error?: string }).error;
        if (code !== 'upstream_unavailable')
          found.push(violation('ERR-010', '/error', `the 502 has error ${JSON.stringify(code)}, expected upstream_unavailable`));
      }
      found.push(
        ...checkDebit(BILLING_RULES.notBilled502, 'the 502 portfolio answer', credits, await controlPlane.balance(account.accountId), 0),
      );
      expect(found).toHaveNoViolations();
    },
  );
});
