/**
 * The run's spend ledger (lib/spend-ledger.ts): a commitment is checked against the limit and applied in
 * one step, a refusal changes nothing, and the credit and USD rounding never over-spends a budget. The
 * ledger shared across worker processes is the run coordinator's (tests/harness/run-coordinator.spec.ts).
 * Credits no catalogue rule.
 */
import { test, expect } from '@playwright/test';
import { budgetCredits, spendSummary, SpendLedger, usd, usdToCredits } from '../../lib/spend-ledger.ts';

test('a commitment that does not fit is refused with the credits left and changes nothing; refunds give back', () => {
  const ledger = new SpendLedger();
  expect(ledger.commitNow({ committed: 10, spent: 10, calls: 1 }, 15)).toEqual({ ok: true });
  expect(ledger.commitNow({ committed: 10, spent: 10, calls: 1 }, 15)).toEqual({ ok: false, left: 5 });
  expect(ledger.now()).toEqual({ limitCredits: 15, committed: 10, spent: 10, calls: 1 });
  ledger.adjustNow({ committed: -10, spent: -10, calls: -1 });
  expect(ledger.now()).toEqual({ limitCredits: 15, committed: 0, spent: 0, calls: 0 });
  // A charge drawn from a reservation commits nothing more: it always fits.
  expect(ledger.commitNow({ committed: 15, spent: 0, calls: 0 }, 15)).toEqual({ ok: true });
  expect(ledger.commitNow({ committed: 0, spent: 15, calls: 1 }, 15)).toEqual({ ok: true });
});

test('USD and credits: 1 credit = $0.001; a cost rounds up, a budget rounds down, never by float noise', () => {
  expect(usd(5)).toBe('$0.005');
  expect(usd(1000)).toBe('$1.000');
  expect(usd(Infinity)).toBe('unlimited');
  // a cost is rounded up to the next whole credit...
  expect(usdToCredits(0.005)).toBe(5);
  expect(usdToCredits(0.0051)).toBe(6);
  // ...but float noise is no fraction: 0.57 * 1000 = 570.0000000000001, 0.1 + 0.2 = 0.30000000000000004
  expect(usdToCredits(0.57)).toBe(570);
  expect(usdToCredits(0.1 + 0.2)).toBe(300);
  expect(usdToCredits(Infinity)).toBe(Infinity);
  // a budget is rounded down (a limit never grows by rounding), float noise again no fraction: 1.005 * 1000 = 1004.9999999999999
  expect(budgetCredits(0.0059)).toBe(5);
  expect(budgetCredits(1.005)).toBe(1005);
  expect(budgetCredits(2)).toBe(2000);
  expect(budgetCredits(Infinity)).toBe(Infinity);
  // an unusable setting spends nothing rather than everything
  for (const bad of [NaN, -1, 0, -Infinity]) expect(budgetCredits(bad), String(bad)).toBe(0);
});

test("the run's spend line says what was charged, and so when nothing was", () => {
  expect(spendSummary(undefined).line).toBe('Spend: $0.000 (no paid call was charged)');
  expect(spendSummary({ limitCredits: 2000, committed: 0, spent: 0, calls: 0 }).line).toBe('Spend: $0.000 (no paid call was charged)');
  const summary = spendSummary({ limitCredits: 2000, committed: 1015, spent: 1015, calls: 3 });
  expect(summary).toMatchObject({ spent: 1015, calls: 3, limitCredits: 2000 });
  expect(summary.line).toBe('Spend: $1.015 in 3 paid call(s) (budget $2.000, priced from contract/pricing.ts)');
  expect(spendSummary({ limitCredits: null, committed: 5, spent: 5, calls: 1 }).line).toContain('unlimited budget');
});
