/**
 * The reference price table (spec: What the service does / Reference prices) as the free pricing
 * metadata GET /api/public/pricing shows it. Its shape is a gap, so the table is located leniently
 * (checks/pricing.ts); the 402 challenge amounts are checked with the money issue (X402-009).
 */
import { test, expect, rules, contractRules } from './support/fixtures.ts';
import type { TargetClient } from './support/client.ts';
import { rulesOf, runCheck } from '../checks/define.ts';
import { checkPriceUnits, priceTable, type PriceEntry } from '../checks/pricing.ts';
import { CHECKS } from '../checks/registry.ts';

/** The free pricing route, read without key or payment, and its price table. */
async function readPricing(api: TargetClient): Promise<Map<string, PriceEntry> | undefined> {
  const res = await api.get('/api/public/pricing', { apiKey: null });
  await expect(res).toMatchContract('getPricing');
  expect(res.status(), 'GET /api/public/pricing answers without authentication').toBe(200);
  return priceTable(await res.json());
}

test.describe('reference prices at GET /api/public/pricing', () => {
  test(
    'every price of the reference table is the listed price',
    { annotation: rules(...rulesOf(CHECKS.checkReferencePrices), 'PRICE-024', ...contractRules('getPricing')) },
    async ({ api }) => {
      const table = await readPricing(api);
      test.skip(!table, 'the pricing metadata lists no {method, path, price} entries (its shape is a gap)');
      expect(runCheck(CHECKS.checkReferencePrices, [table!])).toHaveNoViolations();
    },
  );

  test(
    'paid prices are whole multiples of $0.005',
    { annotation: rules('PRICE-014', 'PRICE-024', ...contractRules('getPricing')) },
    async ({ api }) => {
      const table = await readPricing(api);
      test.skip(!table, 'the pricing metadata lists no {method, path, price} entries (its shape is a gap)');
      expect(
        [...table!.values()].some((e) => (e.credits ?? e.usd ?? 0) > 0),
        'some paid price is listed',
      ).toBe(true);
      expect(checkPriceUnits(table!).filter((v) => v.ruleId === 'PRICE-014')).toHaveNoViolations();
    },
  );

  test(
    '10 credits equal $0.01 wherever both are listed',
    { annotation: rules('PRICE-015', 'PRICE-024', ...contractRules('getPricing')) },
    async ({ api }) => {
      const table = await readPricing(api);
      const both = [...(table?.values() ?? [])].filter((e) => e.usd !== undefined && e.credits !== undefined && e.credits > 0);
      test.skip(both.length === 0, 'the pricing metadata lists no paid entry with both a USD price and credits');
      expect(checkPriceUnits(table!).filter((v) => v.ruleId === 'PRICE-015')).toHaveNoViolations();
    },
  );
});
