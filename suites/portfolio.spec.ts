/**
 * GET /api/v1/portfolio (family PORT): read-only, wallet-addressed positions selected by a venues
 * parameter; when a venue's data source is down the route fails closed (502 upstream_unavailable,
 * never a partial or empty 200) and is not billed. How the wallet is addressed and the response
 * shape are not shown (gaps PORT-005, PORT-007): the wallet goes under the name the target serves in
 * its /openapi.json (the stub's `wallet` when it says nothing else), and positions are found by what
 * they hold (checks/portfolio.ts), so a target that chose other names is judged on the same rules.
 */
import { venueKeys } from '../contract/index.ts';
import fc from 'fast-check';
import { test, expect, contractRules, ruleDetails } from './support/fixtures.ts';
import { assertProperty, paidRuns } from './support/property.ts';
import { BILLING_RULES, checkDebit } from '../checks/billing.ts';
import { rulesOf } from '../checks/define.ts';
import { positionsOf, venueOf } from '../checks/portfolio.ts';
import { CHECKS } from '../checks/registry.ts';
import { violation, type Violation } from '../lib/violation.ts';
import { PRICES } from '../contract/pricing.ts';
import type { TargetClient } from './support/client.ts';
import { judgeWith } from './support/judging.ts';
import { observeChoice } from './support/choices.ts';
import { asServedQuery, servedName } from './support/served-contract.ts';

const OP = 'getPortfolio';
const PATH = '/api/v1/portfolio';
const VENUES = venueKeys();
const RUNS = 10;

const hexAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `0x${Buffer.from(b).toString('hex')}`);

/** The target's names of the wallet and venues parameters (gap PORT-005: the stub's are wallet and venues). */
async function parameterNames(client: TargetClient, target: string): Promise<{ wallet: string; venues: string }> {
  return {
    wallet: await servedName(client, target, OP, 'query', 'wallet'),
    venues: await servedName(client, target, OP, 'query', 'venues'),
  };
}

/**
 * One portfolio read; SKIPs the test when the target does not serve the route. A 502 is retried
 * once (bounded retry of a transient 5xx, spec: Errors), unless `retry502` is false: another
 * worker's injected upstream fault may strike this call.
 */
async function read(client: TargetClient, target: string, wallet: string, venues: readonly string[], retry502 = true) {
  const names = await parameterNames(client, target);
  // The list as the target's served contract takes it (repeated for an exploded array, else comma-joined).
  const params = await asServedQuery(client, target, OP, { [names.wallet]: wallet, [names.venues]: venues.join(',') });
  let res = await client.get(PATH, { params });
  if (retry502 && res.status() === 502) res = await client.get(PATH, { params });
  if (res.status() === 404) {
    const code = ((await res.json()) as { error?: string }).error;
    test.skip(code === 'not_found', `GET ${PATH} is not served by this target`);
  }
  // The route's parameters are not shown (gap PORT-005): a refusal of the harness's request is no verdict on the target.
  if (res.status() === 422)
    test.skip(
      true,
      `the target refuses the harness's portfolio request ${JSON.stringify(params)} (its parameters are not shown): ${(await res.text()).slice(0, 200)}`,
    );
  await expect(res).toMatchContract(OP);
  return { res, body: res.status() === 200 ? ((await res.json()) as unknown) : undefined };
}

/** The answer without venues for `wallet` (200), or undefined when the target answers it otherwise (gap PORT-005). */
async function readUnfiltered(client: TargetClient, target: string, wallet: string): Promise<unknown> {
  const names = await parameterNames(client, target);
  const res = await client.get(PATH, { params: await asServedQuery(client, target, OP, { [names.wallet]: wallet }) });
  await expect(res).toMatchContract(OP);
  return res.status() === 200 ? ((await res.json()) as unknown) : undefined;
}

/** The stub's shape (gap PORT-007): {as_of, wallet, venues, positions: [{wallet, venue, marketKey, outcome, ...}]}. */
function stubShaped(body: unknown): boolean {
  const b = body as Record<string, unknown> | null;
  return (
    b !== null &&
    typeof b === 'object' &&
    ['as_of', 'wallet', 'venues', 'positions'].every((k) => k in b) &&
    positionsOf(b).every((p) => ['wallet', 'venue', 'marketKey', 'outcome'].every((k) => k in p))
  );
}

test.describe('GET /api/v1/portfolio', () => {
  test(
    'every position belongs to the requested wallet and sits on a requested venue (any wallet, any venue subset)',
    { ...ruleDetails(...rulesOf(CHECKS.checkPositions), 'PORT-005', 'PORT-007', ...contractRules(OP)) },
    async ({ paid, budget, targetOptions }) => {
      await budget.reserveCalls(OP, RUNS);
      const names = await parameterNames(paid, targetOptions.target);
      observeChoice('PORT-005', names.wallet === 'wallet' && names.venues === 'venues', `the wallet parameter is ${names.wallet}`);
      let rows = 0;
      let shapes = 0;
      await assertProperty(
        fc.asyncProperty(hexAddress, fc.subarray([...VENUES], { minLength: 1 }), async (wallet, venues) => {
          const { res, body } = await read(paid, targetOptions.target, wallet, venues);
          expect(res.status(), `wallet=${wallet} venues=${venues.join(',')}`).toBe(200);
          rows += positionsOf(body).length;
          if (positionsOf(body).length > 0 && !stubShaped(body)) shapes++;
          expect(judgeWith(CHECKS.checkPositions, body, { wallet, venues })).toHaveNoViolations(body);
        }),
        { seed: targetOptions.seed, numRuns: paidRuns(RUNS), endOnFailure: true },
      );
      test.skip(rows === 0, `no instance: none of ${RUNS} random wallets holds a position on this target`);
      observeChoice('PORT-007', shapes === 0, `${shapes} answer(s) with positions are not shaped {as_of, wallet, venues, positions[]}`);
    },
  );

  test(
    'venues only selects: the single-venue answers together are exactly the all-venue answer',
    { ...ruleDetails(...rulesOf(CHECKS.checkPositions, CHECKS.checkVenuePartition), ...contractRules(OP)) },
    async ({ paid, budget, targetOptions }) => {
      await budget.reserveCalls(OP, 6 + VENUES.length);
      const wallets = fc.sample(hexAddress, { seed: targetOptions.seed, numRuns: 5 });
      // The wallet whose positions span the most venues (then: the most positions) is the one partitioned: a venue
      // merged away or dropped in the all-venue answer shows only on a wallet holding a position there, and the
      // first wallet with any position may hold one venue's.
      let chosen: { wallet: string; body: unknown; venues: number; positions: number } | undefined;
      const found: Violation[] = [];
      for (const wallet of wallets) {
        const { res, body } = await read(paid, targetOptions.target, wallet, VENUES);
        expect(res.status(), `wallet=${wallet}`).toBe(200);
        found.push(...judgeWith(CHECKS.checkPositions, body, { wallet, venues: VENUES }));
        const named = positionsOf(body).filter((p) => venueOf(p) !== undefined);
        const venues = new Set(named.map(venueOf)).size;
        if (named.length && (!chosen || venues > chosen.venues || (venues === chosen.venues && named.length > chosen.positions)))
          chosen = { wallet, body, venues, positions: named.length };
        if (chosen?.venues === VENUES.length) break;
      }
      test.skip(!chosen, 'no instance: none of 5 random wallets holds a position naming its venue on this target');
      const perVenue: Record<string, unknown> = {};
      for (const venue of VENUES) {
        const { res, body } = await read(paid, targetOptions.target, chosen!.wallet, [venue]);
        expect(res.status(), `venues=${venue}`).toBe(200);
        found.push(...judgeWith(CHECKS.checkPositions, body, { wallet: chosen!.wallet, venues: [venue] }));
        perVenue[venue] = body;
      }
      // The answer without venues, where the target answers one (its default is gap PORT-005; a refusal is no case).
      const unfiltered = await readUnfiltered(paid, targetOptions.target, chosen!.wallet);
      found.push(...judgeWith(CHECKS.checkVenuePartition, chosen!.body, perVenue, unfiltered));
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'a venue data source down: 502 upstream_unavailable (fails closed), not billed',
    { ...ruleDetails('PORT-004', 'ERR-010', BILLING_RULES.notBilled502, ...contractRules(OP)) },
    async ({ api, controlPlane, targetOptions }) => {
      const credits = PRICES[OP]!.credits * 2;
      const wallet = `0x${'5a'.repeat(20)}`;
      // Served? (SKIPs otherwise.)
      await read(api.withKey((await controlPlane.createAccount(credits)).apiKey), targetOptions.target, wallet, VENUES);
      const { res, account } = await controlPlane.withFault({ method: 'GET', path: PATH, status: 502 }, async (faultHeaders) => {
        const account = await controlPlane.createAccount(credits);
        const { res } = await read(api.withKey(account.apiKey).withHeaders(faultHeaders), targetOptions.target, wallet, ['venue_b'], false);
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
