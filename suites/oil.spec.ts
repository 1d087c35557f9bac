/**
 * GET /api/v1/signals/oil (getOilSignal): the daily crude-oil signal with live venue marks. The
 * route allows one request in flight with starts at least one second apart, so every oil call of
 * this file goes through `oilGet`, which spaces starts by more than a second, and the tests run
 * serially in one worker. The 429 behaviour itself is tested by the limits issue (OIL-011/012).
 */
import { test, expect, rules, contractRules } from './support/fixtures.ts';
import type { TargetClient } from './support/client.ts';
import { affordable } from './support/operations.ts';
import { checkOilSignal } from '../checks/oil.ts';
import { checkPerpSignals } from '../checks/signals.ts';

/** Gap between oil request starts, ms (the contract's floor is 1,000). */
const SPACING_MS = 1_150;
let lastStart = 0;

/** One oil call, started at least SPACING_MS after the previous one of this worker. */
async function oilGet(paid: TargetClient, includeMarks?: boolean): Promise<unknown> {
  const wait = lastStart + SPACING_MS - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  lastStart = Date.now();
  const res = await paid.get('/api/v1/signals/oil', { params: includeMarks === undefined ? {} : { include_marks: includeMarks } });
  lastStart = Date.now();
  await expect(res).toMatchContract('getOilSignal');
  expect(res.status(), `GET /api/v1/signals/oil include_marks=${String(includeMarks)}`).toBe(200);
  return res.json();
}

const BODY_RULES = ['OIL-002', 'OIL-006', 'OIL-016', 'OIL-018', 'OIL-019', 'OIL-020'];

test.describe('GET /api/v1/signals/oil', () => {
  test.describe.configure({ mode: 'serial' });

  test(
    'default request: a reading gives reading_missing false, live marks are fetched and degraded is consistent',
    { annotation: rules(...BODY_RULES, 'PARAM-071', ...contractRules('getOilSignal')) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'getOilSignal', 1), 'spend budget too small');
      const body = await oilGet(paid);
      test.skip((body as { reading?: unknown }).reading === null, 'the target has no recorded reading: OIL-002 cannot be observed');
      expect(checkOilSignal(body)).toHaveNoViolations(body);
    },
  );

  test(
    'include_marks=true carries venue_a_perps and perp_venue_b unless degraded',
    { annotation: rules(...BODY_RULES.filter((id) => id !== 'OIL-002'), 'OIL-008', ...contractRules('getOilSignal')) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'getOilSignal', 1), 'spend budget too small');
      const body = await oilGet(paid, true);
      expect(checkOilSignal(body, { includeMarks: true })).toHaveNoViolations(body);
    },
  );

  test(
    'include_marks=false fetches no mark (gap OIL-009) and keeps every other rule',
    { annotation: rules('OIL-009', 'OIL-016', 'OIL-018', 'OIL-020', ...contractRules('getOilSignal')) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'getOilSignal', 1), 'spend budget too small');
      const body = await oilGet(paid, false);
      expect(checkOilSignal(body, { includeMarks: false })).toHaveNoViolations(body);
    },
  );

  test(
    'the perps WTI row is the oil signal reading, pointing to its canonical endpoint',
    { annotation: rules('SIG-018', 'SIG-019', 'SIG-020', 'SIG-021', 'SIG-022', ...contractRules('getOilSignal', 'listPerpSignals')) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'getOilSignal', 1) || !affordable(targetOptions, 'listPerpSignals', 1), 'spend budget too small');
      const oil = await oilGet(paid, false);
      const res = await paid.get('/api/v1/signals/perps');
      await expect(res).toMatchContract('listPerpSignals');
      expect(res.status()).toBe(200);
      const perps: unknown = await res.json();
      expect(checkPerpSignals(perps, oil)).toHaveNoViolations(perps);
    },
  );
});
