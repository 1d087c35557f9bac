/**
 * The spend budget as the suites use it (suites/support/budget.ts, the `budget` fixture): a test reserves
 * or is charged BEFORE a paid call, is SKIPPED with the reason when the run's budget cannot afford it, gets
 * an unbilled answer's credits back, and returns what it did not use. Two tests share one run-wide ledger.
 * Credits no catalogue rule.
 */
import { test, expect } from '@playwright/test';
import { contract } from '../../contract/index.ts';
import { SpendLedger } from '../../lib/spend-ledger.ts';
import { Budget, costOf } from '../../suites/support/budget.ts';
import { skipReasonOf } from '../../suites/support/property.ts';

let ledger: SpendLedger;
test.beforeEach(() => {
  ledger = new SpendLedger();
});

/**
 * The reason `fn` skipped the running test with (Playwright's test.skip), undefined when it did not skip;
 * the skip is undone, so this test goes on to judge it.
 */
async function skipOf(fn: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await fn();
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

test("a call's cost is its operation's contract price, in credits", async () => {
  const c = contract();
  expect(costOf('searchSocial')).toBe(c.operation('searchSocial').facts.price.credits);
  expect(costOf('searchSocial')).toBe(500);
  expect(costOf('listMarkets', 3)).toBe(3 * c.operation('listMarkets').facts.price.credits);
  expect(costOf('getForecastAvailability')).toBe(0);
  expect(() => costOf('noSuchOperation')).toThrow(/unknown operationId noSuchOperation/);
});

test('a charge draws on the run budget before the call; a billed answer keeps it, an unbilled one gives it back', async () => {
  const budget = new Budget(ledger, 100);
  const settle = await budget.charge(10, 'listMarkets');
  expect(ledger.now()).toEqual({ limitCredits: 100, committed: 10, spent: 10, calls: 1 });
  expect(await budget.left()).toBe(90);
  settle(200);
  expect(ledger.now()).toMatchObject({ committed: 10, spent: 10, calls: 1 });
  for (const status of [401, 402, 403, 404, 429, 502]) {
    const back = await budget.charge(10, 'listMarkets');
    back(status);
    back(status); // settled once only
    expect(ledger.now(), `status ${status}`).toMatchObject({ committed: 10, spent: 10, calls: 1 });
  }
  expect(budget.spent()).toBe(10);
  (await budget.chargeOperation('getForecastAvailability'))(200); // a free call costs nothing
  expect(ledger.now()).toMatchObject({ spent: 10, calls: 1 });
});

test('a refusal the spec does not say is unbilled stays charged, counted by status; a status the operator declares unbilled gives it back (gap BILL-013)', async () => {
  const budget = new Budget(ledger, 5000);
  (await budget.charge(1000, 'createForecastRequest'))(422);
  (await budget.charge(1000, 'createForecastRequest'))(409);
  (await budget.charge(1000, 'createForecastRequest'))(202);
  expect(ledger.now()).toMatchObject({ committed: 3000, spent: 3000, calls: 3 });
  // Only the refusals are counted by status: what a target declared not to bill them would not cost.
  (await budget.charge(10, 'listMarkets'))(422);
  expect([...budget.spentByStatus()]).toEqual([
    [422, { credits: 1010, dearest: 1000 }],
    [409, { credits: 1000, dearest: 1000 }],
  ]);
  const declared = new Budget(ledger, 5000, new Set([422]));
  (await declared.charge(1000, 'createForecastRequest'))(422);
  expect(ledger.now(), 'a declared-unbilled 422 is given back').toMatchObject({ committed: 3010, spent: 3010, calls: 4 });
  (await declared.charge(1000, 'createForecastRequest'))(409);
  expect(ledger.now(), 'an undeclared 409 stays charged').toMatchObject({ committed: 4010, spent: 4010, calls: 5 });
  expect([...declared.spentByStatus()]).toEqual([[409, { credits: 1000, dearest: 1000 }]]);
  expect(declared.spent()).toBe(1000);
});

test('a call that does not fit SKIPS the test with what it needs and what is left, and spends nothing', async () => {
  const budget = new Budget(ledger, 15);
  await budget.charge(10, 'listMarkets');
  expect(await budget.fits(5)).toBe(true);
  expect(await budget.fits(6)).toBe(false);
  expect(await skipOf(() => budget.charge(10, 'listMarkets'))).toBe('budget: listMarkets needs $0.010, $0.005 left');
  expect(ledger.now()).toMatchObject({ committed: 10, spent: 10, calls: 1 });
  expect(await skipOf(() => budget.chargeOperation('searchSocial'))).toBe('budget: searchSocial needs $0.500, $0.005 left');
});

test('a reservation holds credits up front, calls draw on it first, and what is left goes back at the end', async () => {
  const budget = new Budget(ledger, 1000);
  await budget.reserveCalls('listMarkets', 3);
  const price = costOf('listMarkets');
  expect(ledger.now()).toMatchObject({ committed: 3 * price, spent: 0, calls: 0 });
  expect(await budget.fits(1000 - 3 * price + 3 * price)).toBe(true); // the reservation counts as this test's
  (await budget.chargeOperation('listMarkets'))(200);
  (await budget.chargeOperation('listMarkets'))(200);
  expect(ledger.now()).toMatchObject({ committed: 3 * price, spent: 2 * price, calls: 2 });
  // past the reservation a charge draws on the run budget again
  (await budget.chargeOperation('listMarkets'))(200);
  (await budget.chargeOperation('listMarkets'))(200);
  expect(ledger.now()).toMatchObject({ committed: 4 * price, spent: 4 * price, calls: 4 });
  await budget.reserve(0.05);
  await budget.release();
  await budget.release(); // once only
  expect(ledger.now()).toMatchObject({ committed: 4 * price, spent: 4 * price });
});

test('a reservation the run cannot afford SKIPS the test before anything is spent', async () => {
  const budget = new Budget(ledger, 400);
  expect(await skipOf(() => budget.reserveCalls('searchSocial'))).toBe('budget: needs $0.500, $0.400 left');
  expect(await skipOf(() => budget.reserve(0.4001))).toBe('budget: needs $0.401, $0.400 left');
  expect(ledger.now()).toMatchObject({ committed: 0, spent: 0 });
  await budget.reserve(0.4);
  expect(await budget.left()).toBe(0);
});

test("two tests share the run's budget through the ledger: one's reservation is not the other's to spend", async () => {
  const a = new Budget(ledger, 1000);
  const b = new Budget(ledger, 1000);
  await a.reserveCredits(600);
  expect(await b.left()).toBe(400);
  expect(await b.fits(500)).toBe(false);
  expect(await skipOf(() => b.reserveCredits(500))).toBe('budget: needs $0.500, $0.400 left');
  await a.release();
  expect(await b.fits(500)).toBe(true);
});

test('an unlimited budget never skips and records no limit', async () => {
  const budget = new Budget(ledger, Infinity);
  expect(await budget.left()).toBe(Infinity);
  await budget.reserveCredits(1_000_000);
  (await budget.charge(5_000_000, 'createForecastRequest'))(200);
  expect(ledger.now()).toMatchObject({ limitCredits: null, spent: 5_000_000 });
});

test('a zero budget (no FC_MAX_SPEND against a live target) skips every paid call and no free one', async () => {
  const budget = new Budget(ledger, 0);
  expect(await skipOf(() => budget.chargeOperation('listMarkets'))).toMatch(/^budget: listMarkets needs \$0\.\d{3}, \$0\.000 left$/);
  expect(await skipOf(() => budget.chargeOperation('getForecastAvailability'))).toBeUndefined();
  expect(ledger.now().spent).toBe(0);
});
