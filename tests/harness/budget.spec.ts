/**
 * The spend budget as the suites use it (suites/support/budget.ts, the `budget` fixture): a test reserves
 * or is charged BEFORE a paid call, is SKIPPED with the reason when the run's budget cannot afford it, gets
 * an unbilled answer's credits back, and returns what it did not use. Two tests share one run-wide ledger.
 * Credits no catalogue rule.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { contract } from '../../contract/index.ts';
import { ledgerIn, type Ledger } from '../../lib/spend-ledger.ts';
import { Budget, costOf } from '../../suites/support/budget.ts';
import { skipReasonOf } from '../../suites/support/property.ts';

let dir = '';
let ledger: Ledger;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fc-budget-'));
  ledger = ledgerIn(dir);
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The reason `fn` skipped the running test with (Playwright's test.skip), undefined when it did not skip;
 * the skip is undone, so this test goes on to judge it.
 */
function skipOf(fn: () => void): string | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    const reason = skipReasonOf(err);
    if (reason === undefined) throw err;
    const info = test.info();
    info.expectedStatus = 'passed';
    info.annotations.splice(
      info.annotations.findLastIndex((a) => a.type === 'skip'),
      1,
    );
    return reason;
  }
}

test("a call's cost is its operation's contract price, in credits", () => {
  const c = contract();
  expect(costOf('searchSocial')).toBe(c.operation('searchSocial').facts.price.credits);
  expect(costOf('searchSocial')).toBe(500);
  expect(costOf('listMarkets', 3)).toBe(3 * c.operation('listMarkets').facts.price.credits);
  expect(costOf('getForecastAvailability')).toBe(0);
  expect(() => costOf('noSuchOperation')).toThrow(/unknown operationId noSuchOperation/);
});

test('a charge draws on the run budget before the call; a billed answer keeps it, an unbilled one gives it back', () => {
  const budget = new Budget(ledger, 100);
  const settle = budget.charge(10, 'listMarkets');
  expect(ledger.read()).toEqual({ limitCredits: 100, committed: 10, spent: 10, calls: 1 });
  expect(budget.left()).toBe(90);
  settle(200);
  expect(ledger.read()).toMatchObject({ committed: 10, spent: 10, calls: 1 });
  for (const status of [401, 402, 403, 404, 429, 502]) {
    const back = budget.charge(10, 'listMarkets');
    back(status);
    back(status); // settled once only
    expect(ledger.read(), `status ${status}`).toMatchObject({ committed: 10, spent: 10, calls: 1 });
  }
  expect(budget.spent()).toBe(10);
  budget.chargeOperation('getForecastAvailability')(200); // a free call costs nothing
  expect(ledger.read()).toMatchObject({ spent: 10, calls: 1 });
});

test('a refusal the spec does not say is unbilled stays charged, counted by status; a status the operator declares unbilled gives it back (gap BILL-013)', () => {
  const budget = new Budget(ledger, 5000);
  budget.charge(1000, 'createForecastRequest')(422);
  budget.charge(1000, 'createForecastRequest')(409);
  budget.charge(1000, 'createForecastRequest')(202);
  expect(ledger.read()).toMatchObject({ committed: 3000, spent: 3000, calls: 3 });
  // Only the refusals are counted by status: what a target declared not to bill them would not cost.
  budget.charge(10, 'listMarkets')(422);
  expect([...budget.spentByStatus()]).toEqual([
    [422, { credits: 1010, dearest: 1000 }],
    [409, { credits: 1000, dearest: 1000 }],
  ]);
  const declared = new Budget(ledger, 5000, new Set([422]));
  declared.charge(1000, 'createForecastRequest')(422);
  expect(ledger.read(), 'a declared-unbilled 422 is given back').toMatchObject({ committed: 3010, spent: 3010, calls: 4 });
  declared.charge(1000, 'createForecastRequest')(409);
  expect(ledger.read(), 'an undeclared 409 stays charged').toMatchObject({ committed: 4010, spent: 4010, calls: 5 });
  expect([...declared.spentByStatus()]).toEqual([[409, { credits: 1000, dearest: 1000 }]]);
  expect(declared.spent()).toBe(1000);
});

test('a call that does not fit SKIPS the test with what it needs and what is left, and spends nothing', () => {
  const budget = new Budget(ledger, 15);
  budget.charge(10, 'listMarkets');
  expect(budget.fits(5)).toBe(true);
  expect(budget.fits(6)).toBe(false);
  expect(skipOf(() => budget.charge(10, 'listMarkets'))).toBe('budget: listMarkets needs $0.010, $0.005 left');
  expect(ledger.read()).toMatchObject({ committed: 10, spent: 10, calls: 1 });
  expect(skipOf(() => budget.chargeOperation('searchSocial'))).toBe('budget: searchSocial needs $0.500, $0.005 left');
});

test('a reservation holds credits up front, calls draw on it first, and what is left goes back at the end', () => {
  const budget = new Budget(ledger, 1000);
  budget.reserveCalls('listMarkets', 3);
  const price = costOf('listMarkets');
  expect(ledger.read()).toMatchObject({ committed: 3 * price, spent: 0, calls: 0 });
  expect(budget.fits(1000 - 3 * price + 3 * price)).toBe(true); // the reservation counts as this test's
  budget.chargeOperation('listMarkets')(200);
  budget.chargeOperation('listMarkets')(200);
  expect(ledger.read()).toMatchObject({ committed: 3 * price, spent: 2 * price, calls: 2 });
  // past the reservation a charge draws on the run budget again
  budget.chargeOperation('listMarkets')(200);
  budget.chargeOperation('listMarkets')(200);
  expect(ledger.read()).toMatchObject({ committed: 4 * price, spent: 4 * price, calls: 4 });
  budget.reserve(0.05);
  budget.release();
  budget.release(); // once only
  expect(ledger.read()).toMatchObject({ committed: 4 * price, spent: 4 * price });
});

test('a reservation the run cannot afford SKIPS the test before anything is spent', () => {
  const budget = new Budget(ledger, 400);
  expect(skipOf(() => budget.reserveCalls('searchSocial'))).toBe('budget: needs $0.500, $0.400 left');
  expect(skipOf(() => budget.reserve(0.4001))).toBe('budget: needs $0.401, $0.400 left');
  expect(ledger.read()).toMatchObject({ committed: 0, spent: 0 });
  budget.reserve(0.4);
  expect(budget.left()).toBe(0);
});

test("two tests share the run's budget through the ledger: one's reservation is not the other's to spend", () => {
  const a = new Budget(ledger, 1000);
  const b = new Budget(ledger, 1000);
  a.reserveCredits(600);
  expect(b.left()).toBe(400);
  expect(b.fits(500)).toBe(false);
  expect(skipOf(() => b.reserveCredits(500))).toBe('budget: needs $0.500, $0.400 left');
  a.release();
  expect(b.fits(500)).toBe(true);
});

test('an unlimited budget never skips and records no limit', () => {
  const budget = new Budget(ledger, Infinity);
  expect(budget.left()).toBe(Infinity);
  budget.reserveCredits(1_000_000);
  budget.charge(5_000_000, 'createForecastRequest')(200);
  expect(ledger.read()).toMatchObject({ limitCredits: null, spent: 5_000_000 });
});

test('a zero budget (no FC_MAX_SPEND against a live target) skips every paid call and no free one', () => {
  const budget = new Budget(ledger, 0);
  expect(skipOf(() => budget.chargeOperation('listMarkets'))).toMatch(/^budget: listMarkets needs \$0\.\d{3}, \$0\.000 left$/);
  expect(skipOf(() => budget.chargeOperation('getForecastAvailability'))).toBeUndefined();
  expect(ledger.read().spent).toBe(0);
});
