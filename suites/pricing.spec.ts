/**
 * The reference price table (spec: What the service does / Reference prices) as the free pricing
 * metadata GET /api/public/pricing shows it. Its shape is a gap, so the table is located leniently
 * (checks/pricing.ts); the 402 challenge amounts are checked with the money issue (X402-009). The
 * figures the metadata advertises besides prices (credits per USD, the increment, the tokens' decimals)
 * are held to the spec's where it states them (issue 22: PRICE-014/015, X402-032; gap X402-033).
 */
import { test, expect, contractRules, judged, ruleDetails } from './support/fixtures.ts';
import { operationOf } from '../contract/route-match.ts';
import type { TargetClient } from './support/client.ts';
import { rulesOf, runCheck } from '../checks/define.ts';
import { checkPriceUnits, priceTable, referencePrices, routeKey, unitFigures, type PriceEntry } from '../checks/pricing.ts';
import { decimalsInBody } from '../checks/x402.ts';
import { judgeDecimals } from './support/x402.ts';
import { CHECKS } from '../checks/registry.ts';

/** The free pricing route, read without key or payment: its body. */
async function readPricingBody(api: TargetClient): Promise<unknown> {
  const res = await api.get('/api/public/pricing', { apiKey: null });
  await expect(res).toMatchContract('getPricing');
  expect(res.status(), 'GET /api/public/pricing answers without authentication').toBe(200);
  return res.json();
}

/** The free pricing route's price table. */
const readPricing = async (api: TargetClient): Promise<Map<string, PriceEntry> | undefined> => priceTable(await readPricingBody(api));

/**
 * Records `ruleId` judged on each paid operation the table lists (an entry `judge` accepts), as the route's own
 * price (issue 34's matrix); the rule's other instances (a stated figure) stay the test's.
 */
function judgeListedRoutes(ruleId: string, table: ReadonlyMap<string, PriceEntry>, judge: (e: PriceEntry) => boolean): void {
  for (const [route, e] of table) {
    const [method, path] = route.split(' ');
    const op = operationOf(method!, path!.replace(/\{\}/g, 'x'));
    if (op && (e.credits ?? e.usd ?? 0) > 0) judged(ruleId, judge(e) ? 1 : 0, 'a paid route listed in the pricing metadata', op);
  }
}

test.describe('reference prices at GET /api/public/pricing', () => {
  test(
    'every price of the reference table is the listed price',
    { ...ruleDetails(...rulesOf(CHECKS.checkReferencePrices), 'PRICE-024', ...contractRules('getPricing')) },
    async ({ api }) => {
      const table = await readPricing(api);
      test.skip(!table, 'the pricing metadata lists no {method, path, price} entries (its shape is a gap)');
      // Each price is a fact about its own route (issue 34's matrix): judged on that operation, where listed.
      for (const p of referencePrices())
        judged(p.rule, table!.has(routeKey(p.method, p.path)) ? 1 : 0, 'the route listed in the pricing metadata', p.operationId);
      expect(runCheck(CHECKS.checkReferencePrices, [table!])).toHaveNoViolations();
    },
  );

  test(
    'paid prices are whole multiples of $0.005, and so is the price increment the metadata states',
    { ...ruleDetails('PRICE-014', 'PRICE-024', ...contractRules('getPricing')) },
    async ({ api }) => {
      const body = await readPricingBody(api);
      const table = priceTable(body);
      // The increment, where the metadata states one (its shape is a gap): the spec's $0.005.
      const increment = unitFigures(body).filter((u) => u.rule === 'PRICE-014');
      test.skip(
        !table && !increment.length,
        'the pricing metadata lists no {method, path, price} entries and no increment (its shape is a gap)',
      );
      const found = runCheck(CHECKS.checkAdvertisedUnits, [increment]);
      if (table) {
        expect(
          [...table.values()].some((e) => (e.credits ?? e.usd ?? 0) > 0),
          'some paid price is listed',
        ).toBe(true);
        found.push(...checkPriceUnits(table).filter((v) => v.ruleId === 'PRICE-014'));
        judgeListedRoutes('PRICE-014', table, () => true);
      }
      expect(found).toHaveNoViolations(body);
    },
  );

  test(
    '10 credits equal $0.01 wherever both are listed, and in the conversion figure the metadata states',
    { ...ruleDetails('PRICE-015', 'PRICE-024', ...contractRules('getPricing')) },
    async ({ api }) => {
      const body = await readPricingBody(api);
      const table = priceTable(body);
      const both = [...(table?.values() ?? [])].filter((e) => e.usd !== undefined && e.credits !== undefined && e.credits > 0);
      // Credits per USD (or per cent, or USD per credit), where the metadata states it: the spec's 10 credits to $0.01.
      const conversion = unitFigures(body).filter((u) => u.rule === 'PRICE-015');
      test.skip(
        both.length === 0 && !conversion.length,
        'the pricing metadata lists no paid entry with both a USD price and credits, and no conversion figure',
      );
      const found = runCheck(CHECKS.checkAdvertisedUnits, [conversion]);
      if (table) {
        found.push(...checkPriceUnits(table).filter((v) => v.ruleId === 'PRICE-015'));
        judgeListedRoutes('PRICE-015', table, (e) => e.usd !== undefined && e.credits !== undefined);
      }
      expect(found).toHaveNoViolations(body);
    },
  );

  test(
    "the tokens' decimals the pricing metadata states: 6 for the eip155:4663 token (the eip155:8453 token's are a choice)",
    { ...ruleDetails('X402-032', 'X402-033', 'PRICE-024', ...contractRules('getPricing')) },
    async ({ api }) => {
      const body = await readPricingBody(api);
      // Judged where the metadata states them (its shape is a gap); none stated leaves X402-032 NOT_RUN.
      expect(judgeDecimals(decimalsInBody(body))).toHaveNoViolations(body);
    },
  );
});
