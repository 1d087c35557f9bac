/**
 * Free refusal probes (issue 19, gap AUTH-020; cli/check-order.ts, cli/spend.ts): the run's unbilled
 * order probe tells a target that checks parameters before credentials (the alternate stub) from one
 * that asks for credentials first (the main stub), on every paid operation; and a plan made for the
 * former leaves out exactly the measured refusal spend of the operations it answers free; a plan for a
 * target declared not to bill some statuses (`--unbilled-status`, gap BILL-013) leaves out exactly what
 * answers of those statuses were charged.
 * A test of the harness: it credits no catalogue rule.
 */
import { test, expect } from '@playwright/test';
import { contract } from '../../contract/index.ts';
import { PRICES } from '../../contract/pricing.ts';
import type { Rule } from '../../contract/rules.ts';
import { startStub } from '../../stub/app.ts';
import { ROUTE_OWN_ANSWERS } from '../../checks/errors.ts';
import { invalidRequestOf, probeCheckOrder } from '../../cli/check-order.ts';
import { pricedRefusalOperations, spendPlanFor } from '../../cli/spend.ts';
import { loadRequestPlan, parseMeasurementKey } from '../../lib/request-plan.ts';
import type { PlannedTest } from '../../cli/selection.ts';

/** Every operation that asks for credentials and charges for an answer. */
const PAID = [...contract().operations.keys()].filter((id) => (PRICES[id]?.credits ?? 0) > 0 && (PRICES[id]!.x402 || PRICES[id]!.keyOnly));
/** Those with a bound to break, less the wallet link, whose own text answers its 422 before any payment (ROUTE_OWN_ANSWERS). */
const PROBED = PAID.filter((id) => invalidRequestOf(id) && !ROUTE_OWN_ANSWERS[id]?.some((a) => a.status === 422));
const LIMITS = { timeoutMs: 5_000, maxBodyBytes: 1 << 20 };
const KEY = 'key_order_probe_aaaaaaaaaaaa';

test('every paid operation whose refusals the plan prices has an invalid request to probe it with', () => {
  for (const id of [...pricedRefusalOperations(false), ...pricedRefusalOperations(true)]) {
    expect(PAID, id).toContain(id);
    expect(invalidRequestOf(id), id).toBeDefined();
  }
});

test.describe('the order probe on both stubs', () => {
  // The two stubs share one process's variant switch (stub/variant.ts): one at a time.
  test.describe.configure({ mode: 'serial' });
  for (const [variant, free] of [
    ['main', false],
    ['alt', true],
  ] as const) {
    test(`the ${variant} stub ${free ? 'answers every probe 422 invalid_request: free' : 'asks for credentials first: 401 or 402'}`, async () => {
      const stub = await startStub({ port: 0, seed: 42, variant, apiKeys: [KEY] });
      const before = stub.ctx.accounts.byKey(KEY)!.credits;
      try {
        const probes = await probeCheckOrder(stub.url, PROBED, LIMITS);
        expect(probes.map((p) => p.operationId)).toEqual(PROBED);
        const wrong = probes.filter((p) => p.free !== free || (!free && !/: 40[12] /.test(`${p.detail} `)));
        expect(wrong, wrong.map((p) => `${p.operationId}: ${p.detail}`).join('\n')).toEqual([]);
        // Nothing was debited: no probe named anybody.
        expect(stub.ctx.accounts.byKey(KEY)!.credits).toBe(before);
      } finally {
        await stub.close();
      }
    });
  }
});

/**
 * One planned test per measured test, each judging a rule of its own, so an unlimited budget buys every paid one:
 * a schema rule (`SCH-9…`), which is not part of a test's identity in the plan (lib/request-plan.ts).
 */
function oneRuleEach(keys: readonly string[]): { tests: PlannedTest[]; catalogue: Map<string, Rule> } {
  const own = (i: number) => `SCH-9${String(i).padStart(4, '0')}`;
  const tests: PlannedTest[] = keys.map((k, i) => {
    const t = parseMeasurementKey(k);
    return {
      location: `${t.file}:1`,
      title: t.title,
      rules: [...t.rules, own(i)],
      operations: [...t.operations],
      clock: false,
      oneAddress: false,
    };
  });
  return { tests, catalogue: new Map(keys.map((_, i) => [own(i), { id: own(i), kind: 'rule', observe: 'black-box' } as Rule])) };
}

test('a plan for a target answering refusals free leaves out exactly their measured spend', () => {
  const measured = loadRequestPlan()?.spend;
  const refusals = measured?.refusals?.noControl ?? {};
  test.skip(!Object.keys(refusals).length, 'measurements/request-plan.json records no refusal spend without a control plane');
  const keys = Object.keys(measured!.noControl ?? {});
  const { tests, catalogue } = oneRuleEach(keys);
  const all = new Set(Object.values(refusals).flatMap((ops) => Object.keys(ops)));
  const priced = spendPlanFor(tests, catalogue, null, Infinity, false)!;
  const freed = spendPlanFor(tests, catalogue, null, Infinity, false, { refusals: all })!;
  const refusalCredits = Object.entries(refusals)
    .filter(([k]) => keys.includes(k))
    .reduce((a, [, ops]) => a + Object.values(ops).reduce((x, y) => x + y, 0), 0);
  expect(refusalCredits).toBeGreaterThan(0);
  expect(priced.credits - freed.credits).toBe(refusalCredits);
});

/** The spend measured without a control plane and its refusal charges per status; skips the test when none were measured. */
function statusesMeasured() {
  const measured = loadRequestPlan()?.spend;
  const statuses = measured?.statuses?.noControl ?? {};
  test.skip(!Object.keys(statuses).length, 'measurements/request-plan.json records no refusal spend by status without a control plane');
  return { measured: measured!, statuses };
}

test('a plan for a target declared not to bill some statuses leaves out what their answers were charged; 422 holds the refusal probes', () => {
  const { measured, statuses } = statusesMeasured();
  const keys = Object.keys(measured.noControl ?? {});
  const { tests, catalogue } = oneRuleEach(keys);
  const priced = spendPlanFor(tests, catalogue, null, Infinity, false)!;
  const charged = (status: string) => keys.reduce((a, k) => a + (statuses[k]?.[status]?.credits ?? 0), 0);
  const seen = [...new Set(keys.flatMap((k) => Object.keys(statuses[k] ?? {})))];
  expect(seen).toContain('422');
  for (const status of seen) {
    const declared = spendPlanFor(tests, catalogue, null, Infinity, false, { statuses: new Set([Number(status)]) })!;
    expect(priced.credits - declared.credits, `status ${status}`).toBe(charged(status));
  }
  // Refusal probes are answered 422: with 422 declared unbilled, the order probe's findings change nothing more.
  const all = new Set(Object.values(measured.refusals?.noControl ?? {}).flatMap((ops) => Object.keys(ops)));
  const both = spendPlanFor(tests, catalogue, null, Infinity, false, { statuses: new Set([422]), refusals: all })!;
  expect(both.credits).toBe(spendPlanFor(tests, catalogue, null, Infinity, false, { statuses: new Set([422]) })!.credits);
});

test('a cheap refusal declared unbilled spends nothing but still needs its room: a budget of $0 does not buy it', () => {
  const { measured, statuses } = statusesMeasured();
  const cheap = Object.keys(measured.noControl ?? {}).find(
    (k) =>
      measured.noControl![k] === statuses[k]?.['422']?.credits && !measured.headroom?.noControl?.[k] && !measured.shared?.noControl?.[k],
  );
  test.skip(!cheap, 'no test spent on 422 answers alone');
  const { tests, catalogue } = oneRuleEach([cheap!]);
  const free = { statuses: new Set([422]) };
  expect(spendPlanFor(tests, catalogue, null, Infinity, false, free)!.credits).toBe(0);
  expect(spendPlanFor(tests, catalogue, null, 0, false, free)!.bought).toEqual([]);
});
