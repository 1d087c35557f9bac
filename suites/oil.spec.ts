/**
 * GET /api/v1/signals/oil (getOilSignal): the daily crude-oil signal with live venue marks. The
 * route allows one request in flight with starts at least one second apart, so every oil call of
 * this file goes through `oilGet`, which spaces starts by more than a second, and the tests run
 * in order in one worker. The 429 behaviour itself is tested by the limits issue (OIL-011/012).
 *
 * States the public API cannot provoke (no reading, a stale reading, a venue mark down) are set
 * through the control plane (POST /__control/oil) for a fresh X-Fault-Scope value, so they apply to
 * this file's calls only and other workers' oil calls keep the seeded state; nothing needs restoring.
 * Those tests use a control-plane account (own credits, own oil limiter) to observe billing.
 */
import { test, expect, contractRules, ruleDetails } from './support/fixtures.ts';
import { OIL_ROUTE_LOCK } from './support/locks.ts';
import type { TargetClient } from './support/client.ts';
import { affordable } from './support/operations.ts';
import { checkMarkDown, checkStaleReading } from '../checks/oil.ts';
import { CHECKS } from '../checks/registry.ts';
import { judgeWith } from './support/judging.ts';
import { checkPerpSignals, signalRows } from '../checks/signals.ts';
import { judged } from './support/annotations.ts';
import { checkDebit } from '../checks/billing.ts';
import { FAULT_SCOPE_HEADER, faultScope, type ControlPlane, type OilStateSpec } from './support/control.ts';
import { observeChoice, observing } from './support/choices.ts';

// Every test here calls the oil route several times: they take turns (suites/support/locks.ts).
test.describe.configure({ lock: OIL_ROUTE_LOCK });

/** Gap between oil request starts, ms (the contract's floor is 1,000). */
const SPACING_MS = 1_150;
let lastStart = 0;

/** One oil call, started at least SPACING_MS after the previous one of this worker. */
async function oilGet(paid: TargetClient, includeMarks?: boolean, headers: Readonly<Record<string, string>> = {}): Promise<unknown> {
  const wait = lastStart + SPACING_MS - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  lastStart = Date.now();
  const res = await paid.get('/api/v1/signals/oil', { params: includeMarks === undefined ? {} : { include_marks: includeMarks }, headers });
  lastStart = Date.now();
  await expect(res).toMatchContract('getOilSignal');
  expect(res.status(), `GET /api/v1/signals/oil include_marks=${String(includeMarks)}`).toBe(200);
  return res.json();
}

/**
 * Test credits of an oil test's control-plane account: the oil route's price is not shown (the live challenge
 * decides it), so the account holds far more than the reference price (issue 32 triage: a target charging 30
 * credits a call left an account of three reference prices short).
 */
const OIL_ACCOUNT_CREDITS = 100_000;

/**
 * Sets an oil state for a scope, a fresh one unless given (skipping the test when the target's control plane has no
 * oil route), and returns the headers that put a call in that scope. A scope given again moves its state on, as a
 * day's reading being recorded does (OIL-004).
 */
async function oilState(
  controlPlane: ControlPlane,
  spec: Omit<OilStateSpec, 'scope'>,
  scope = faultScope(),
): Promise<Record<string, string>> {
  test.skip((await controlPlane.oilState({ ...spec, scope })) === 'unsupported', "the target's control plane has no POST /__control/oil");
  return { [FAULT_SCOPE_HEADER]: scope };
}

const BODY_RULES = ['OIL-002', 'OIL-006', 'OIL-016', 'OIL-018', 'OIL-019', 'OIL-020'];

type Json = Record<string, unknown>;
const rec = (v: unknown): Json | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);
/** The stub's values where the spec names only bullish, long and open (gap OIL-021). */
const STUB_VALUES: Record<string, readonly string[]> = {
  state: ['bullish', 'bearish', 'neutral'],
  side: ['long', 'short', 'flat'],
  intensity: ['low', 'moderate', 'high'],
};

/** Observes the value sets (gap OIL-021) and member types (gap OIL-022) the target chose, on one answer with a reading. */
function observeOilChoices(body: unknown): void {
  const b = rec(body);
  const r = rec(b?.reading);
  if (!r) return;
  const odd = Object.entries(STUB_VALUES).filter(([k, values]) => !values.includes(String(r[k])));
  const status = rec(b?.episode)?.status;
  if (status !== null && status !== undefined && !['open', 'closed'].includes(String(status))) odd.push(['status', []]);
  observeChoice('OIL-021', odd.length === 0, `${odd.map(([k]) => `${k} ${JSON.stringify(k === 'status' ? status : r[k])}`).join(', ')}`);
  const marks = rec(b?.marks) ?? {};
  const numbers = [rec(marks.venue_a_perps)?.mark, rec(marks.venue_a_perps)?.index, rec(marks.perp_venue_b)?.mid].filter(
    (v) => v !== undefined,
  );
  const stubTypes =
    typeof r.reading_date === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(r.reading_date) &&
    typeof r.formula_version === 'string' &&
    numbers.every((n) => typeof n === 'number');
  observeChoice(
    'OIL-022',
    stubTypes,
    `reading_date ${JSON.stringify(r.reading_date)}, formula_version ${JSON.stringify(r.formula_version)}, marks ${JSON.stringify(numbers)}`,
  );
}

test.describe('GET /api/v1/signals/oil', () => {
  // In order in one worker (the spacing above is per worker), but not 'serial': a failed test must not
  // leave the rest skipped with no reason; after a failure the next test runs in a fresh worker.
  test.describe.configure({ mode: 'default' });

  test(
    'default request: a reading gives reading_missing false, live marks are fetched and degraded is consistent',
    { ...ruleDetails(...BODY_RULES, 'PARAM-071', 'OIL-021', 'OIL-022', ...contractRules('getOilSignal')) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'getOilSignal', 1), 'spend budget too small');
      observing('OIL-021', 'OIL-022');
      // A null reading is no instance of OIL-002 (NOT_RUN), and the other rules are still judged on the answer.
      const body = await oilGet(paid);
      observeOilChoices(body);
      expect(judgeWith(CHECKS.checkOilSignal, body)).toHaveNoViolations(body);
    },
  );

  test(
    'include_marks=true carries venue_a_perps and perp_venue_b unless degraded',
    { ...ruleDetails(...BODY_RULES, 'OIL-008', ...contractRules('getOilSignal')) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'getOilSignal', 1), 'spend budget too small');
      const body = await oilGet(paid, true);
      expect(judgeWith(CHECKS.checkOilSignal, body, { includeMarks: true })).toHaveNoViolations(body);
    },
  );

  test(
    'include_marks=false fetches no mark (gap OIL-009) and keeps every other rule',
    { ...ruleDetails('OIL-002', 'OIL-009', 'OIL-016', 'OIL-018', 'OIL-020', ...contractRules('getOilSignal')) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'getOilSignal', 1), 'spend budget too small');
      const body = await oilGet(paid, false);
      expect(judgeWith(CHECKS.checkOilSignal, body, { includeMarks: false })).toHaveNoViolations(body);
    },
  );

  test(
    'the perps WTI row is the oil signal reading, pointing to its canonical endpoint',
    { ...ruleDetails('SIG-018', 'SIG-019', 'SIG-020', 'SIG-021', 'SIG-022', ...contractRules('getOilSignal', 'listPerpSignals')) },
    async ({ paid, targetOptions }) => {
      test.skip(
        !affordable(targetOptions, 'getOilSignal', 1) || !affordable(targetOptions, 'listPerpSignals', 1),
        'spend budget too small',
      );
      const oil = await oilGet(paid, false);
      const res = await paid.get('/api/v1/signals/perps');
      await expect(res).toMatchContract('listPerpSignals');
      expect(res.status()).toBe(200);
      const perps: unknown = await res.json();
      // SIG-018 speaks of an answer whose rows are found, SIG-019/020 of a row: an answer without them judges neither.
      const rows = signalRows(perps);
      judged('SIG-018', rows === undefined ? 0 : 1, 'a perps answer whose rows are found (signals, else its one array)');
      judged(['SIG-019', 'SIG-020'], rows?.length ?? 0, 'a perps row');
      expect(checkPerpSignals(perps, oil)).toHaveNoViolations(perps);
    },
  );
  test(
    'no reading ever recorded: reading null gives reading_missing true; once one is recorded it is answered (control plane)',
    { ...ruleDetails('OIL-001', 'OIL-004', 'OIL-005', 'OIL-006', 'OIL-016', 'OIL-020', ...contractRules('getOilSignal')) },
    async ({ api, controlPlane }) => {
      const account = await controlPlane.createAccount(OIL_ACCOUNT_CREDITS);
      const client = api.withKey(account.apiKey);
      const scope = faultScope();
      const headers = await oilState(controlPlane, { reading: 'none' }, scope);
      let before: unknown;
      for (const includeMarks of [true, false]) {
        await test.step(`include_marks=${includeMarks}`, async () => {
          const body = await oilGet(client, includeMarks, headers);
          before = body;
          expect((body as { reading?: unknown }).reading, 'the control-plane state none must leave no reading').toBeNull();
          const episode = rec((body as Json).episode) ?? {};
          const set = Object.entries(episode).filter(([, v]) => v !== null);
          observeChoice(
            'OIL-020',
            set.length === 0,
            `with no reading the episode still has ${set.map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(', ')}`,
          );
          expect(judgeWith(CHECKS.checkOilSignal, body, { includeMarks })).toHaveNoViolations(body);
        });
      }
      // The same scope, later: the reading due is recorded, and the day that began with none answers it (round-37 bug:
      // the daily block cached per UTC date kept answering null until midnight).
      await test.step('then the reading due is recorded: it is answered', async () => {
        const body = await oilGet(client, false, await oilState(controlPlane, { reading: 'current' }, scope));
        expect(judgeWith(CHECKS.checkLatestReading, body, before)).toHaveNoViolations(body);
      });
    },
  );

  test(
    'a stale reading keeps reading_missing false; is_current false and days_since_reading reveal it; the reading due replaces it (control plane)',
    { ...ruleDetails('OIL-002', 'OIL-003', 'OIL-004', 'OIL-006', 'OIL-016', 'OIL-018', ...contractRules('getOilSignal')) },
    async ({ api, controlPlane }) => {
      const account = await controlPlane.createAccount(OIL_ACCOUNT_CREDITS);
      const client = api.withKey(account.apiKey);
      // One scope for both states: the reading due is recorded after the stale one was answered, as on a real day
      // (round-37 bug: the daily block cached per UTC date served the stale reading until midnight).
      const scope = faultScope();
      let stale: unknown;
      await test.step('stale: the reading due was missed', async () => {
        stale = await oilGet(client, true, await oilState(controlPlane, { reading: 'stale' }, scope));
        expect([...checkStaleReading(stale), ...judgeWith(CHECKS.checkOilSignal, stale, { includeMarks: true })]).toHaveNoViolations(stale);
      });
      await test.step('current: the reading due is recorded, and it is the reading answered', async () => {
        const body = await oilGet(client, true, await oilState(controlPlane, { reading: 'current' }, scope));
        expect([
          ...judgeWith(CHECKS.checkLatestReading, body, stale),
          ...judgeWith(CHECKS.checkOilSignal, body, { includeMarks: true }),
        ]).toHaveNoViolations(body);
      });
    },
  );

  for (const mark of ['venue_a_perps', 'perp_venue_b'] as const) {
    test(
      `${mark} cannot be fetched: degraded true, the member null, not billed; include_marks=false is not degraded (control plane)`,
      { ...ruleDetails('OIL-007', 'OIL-010', 'BILL-011', 'OIL-008', 'OIL-009', 'OIL-006', ...contractRules('getOilSignal')) },
      async ({ api, controlPlane }) => {
        const account = await controlPlane.createAccount(OIL_ACCOUNT_CREDITS);
        const client = api.withKey(account.apiKey);
        const headers = await oilState(controlPlane, { reading: 'seeded', marksDown: [mark] });
        await test.step('include_marks=true: degraded, and the answer is not billed', async () => {
          const before = await controlPlane.balance(account.accountId);
          const body = await oilGet(client, true, headers);
          const after = await controlPlane.balance(account.accountId);
          expect([
            ...checkMarkDown(body, mark),
            ...judgeWith(CHECKS.checkOilSignal, body, { includeMarks: true }),
            ...checkDebit('BILL-011', `an oil answer with ${mark} missing (degraded)`, before, after, 0),
          ]).toHaveNoViolations(body);
        });
        await test.step('include_marks=false: no mark requested, so not degraded', async () => {
          const body = await oilGet(client, false, headers);
          // No mark requested, none failed: degraded false (OIL-006); how marks is shown stays gap OIL-009 (a warning).
          expect(judgeWith(CHECKS.checkOilSignal, body, { includeMarks: false })).toHaveNoViolations(body);
        });
      },
    );
  }
});
