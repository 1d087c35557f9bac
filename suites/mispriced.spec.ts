/**
 * GET /api/v1/markets/mispriced (listMispricedMarkets): markets whose latest forecast probability
 * and market odds differ by at least mispricing_threshold_pp (currently 7.5 pp), with the
 * topic=broker_a filter (rules MISP-*). The response shape is a gap (SCH-125, MISP-005): rows are
 * read from `markets` and must carry latest_service_probability and market_odds to be judged.
 */
import { test, expect, rules, contractRules } from './support/fixtures.ts';
import type { Params, TargetClient } from './support/client.ts';
import { affordable } from './support/operations.ts';
import { checkMarketList } from '../checks/market-row.ts';
import {
  DEFAULT_MISPRICING_THRESHOLD_PP,
  checkBrokerRows,
  checkContains,
  checkMispricedRows,
  isMispriced,
  keysOf,
  mispricingPp,
  ms,
  rowsOf,
  type Row,
} from '../checks/markets.ts';

const ROUTING = ['ROUTE-001', 'ROUTE-002', 'ROUTE-003', 'ROUTE-004', 'ROUTE-005', 'ROUTE-006'];
const QUOTES = ['QUOTE-001', 'QUOTE-002', 'QUOTE-003', 'QUOTE-004', 'QUOTE-005'];
const MISPRICED = contractRules('listMispricedMarkets');
/** Margin kept from the threshold when cross-checking two answers taken a moment apart, pp. */
const MARGIN_PP = 0.5;

interface Answer {
  status: number;
  body: unknown;
  rows: Row[] | undefined;
  /** The answer's mispricing_threshold_pp when it states one, else the spec's current 7.5. */
  thresholdPp: number;
}

/** One mispriced-list call, validated against the contract. */
async function mispriced(paid: TargetClient, params: Params = {}): Promise<Answer> {
  const res = await paid.get('/api/v1/markets/mispriced', { params });
  await expect(res).toMatchContract('listMispricedMarkets');
  const body: unknown = res.status() === 200 ? await res.json() : undefined;
  const stated = (body as Row | undefined)?.mispricing_threshold_pp;
  return {
    status: res.status(),
    body,
    rows: rowsOf(body),
    thresholdPp: typeof stated === 'number' ? stated : DEFAULT_MISPRICING_THRESHOLD_PP,
  };
}

/** The rows, or a skip when the answer is not a list whose rows show forecast and odds (gap MISP-005). */
function judgeable(a: Answer): Row[] {
  expect(a.status, 'GET /api/v1/markets/mispriced').toBe(200);
  test.skip(!a.rows, 'the mispriced answer has no markets array (gap MISP-005)');
  const rows = a.rows!;
  test.skip(
    rows.some((r) => !('latest_service_probability' in r) || !('market_odds' in r)),
    'mispriced rows do not show latest_service_probability and market_odds (gap MISP-005)',
  );
  return rows;
}

test.describe('GET /api/v1/markets/mispriced', () => {
  test(
    'every listed market differs from its odds by at least the threshold',
    { annotation: rules('MISP-001', ...ROUTING, ...QUOTES, ...MISPRICED) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'listMispricedMarkets', 1), 'spend budget too small for one listMispricedMarkets call');
      const a = await mispriced(paid);
      const rows = judgeable(a);
      test.skip(!rows.length, 'the target lists no mispriced market');
      if (a.thresholdPp !== DEFAULT_MISPRICING_THRESHOLD_PP)
        test.info().annotations.push({ type: 'note', description: `the answer states mispricing_threshold_pp ${a.thresholdPp}` });
      expect([
        ...checkMarketList(rows, { siteUrl: targetOptions.siteUrl }, '/markets'),
        ...checkMispricedRows(rows, a.thresholdPp),
      ]).toHaveNoViolations(a.body);
      const stated = rows.filter(
        (r) => typeof r.mispricing_pp === 'number' && Math.abs((r.mispricing_pp as number) - mispricingPp(r)!) > 0.01,
      );
      if (stated.length)
        test.info().annotations.push({
          type: 'warning',
          description: `${stated.length} row(s) state a mispricing_pp that differs from |forecast - odds| (gap MISP-005)`,
        });
    },
  );

  test(
    'topic=broker_a keeps exactly the broker-listed mispriced markets',
    { annotation: rules('MISP-003', 'MISP-004', 'MISP-001', ...ROUTING, ...QUOTES, ...MISPRICED) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'listMispricedMarkets', 2), 'spend budget too small for 2 listMispricedMarkets calls');
      const all = judgeable(await mispriced(paid));
      const brokered = all.filter((r) => Array.isArray(r.broker_channels) && r.broker_channels.includes('broker_a'));
      test.skip(!brokered.length, 'no broker-listed market is mispriced on the target');
      const a = await mispriced(paid, { topic: 'broker_a' });
      const rows = judgeable(a);
      expect([
        ...checkMarketList(rows, { siteUrl: targetOptions.siteUrl }, '/markets'),
        ...checkMispricedRows(rows, a.thresholdPp),
        ...checkBrokerRows(rows, 'MISP-003'),
        ...checkContains(rows, keysOf(brokered), 'MISP-004', 'it is broker-listed and in the unfiltered mispriced list'),
      ]).toHaveNoViolations(a.body);
    },
  );

  test(
    'every open market whose forecast and odds differ by the threshold is listed',
    { annotation: rules('MISP-002', ...MISPRICED, ...contractRules('searchMarkets')) },
    async ({ paid, targetOptions }) => {
      test.skip(
        !affordable(targetOptions, 'listMispricedMarkets', 1) || !affordable(targetOptions, 'searchMarkets', 1),
        'spend budget too small',
      );
      const res = await paid.get('/api/v1/markets/search');
      await expect(res).toMatchContract('searchMarkets');
      const search = res.status() === 200 ? rowsOf(await res.json()) : undefined;
      test.skip(!search, 'the target answers no unfiltered market search (gaps MSRCH-014, MSRCH-015): nothing to cross-check');
      const a = await mispriced(paid);
      const rows = judgeable(a);
      const now = Date.now();
      const expected = search!.filter((r) => (r.end_date == null || ms(r.end_date) > now) && isMispriced(r, a.thresholdPp + MARGIN_PP));
      test.skip(!expected.length, 'search shows no open market whose forecast and odds differ by the threshold');
      test.info().annotations.push({
        type: 'note',
        description: `${expected.length} search row(s) are mispriced by more than ${a.thresholdPp + MARGIN_PP} pp; the list holds ${rows.length}`,
      });
      expect(
        checkContains(rows, keysOf(expected), 'MISP-002', `search shows |forecast - odds| of at least ${a.thresholdPp + MARGIN_PP} pp`),
      ).toHaveNoViolations(a.body);
    },
  );

  test(
    'a topic matching no covered row answers 200 with an empty list',
    { annotation: rules('CAT-002', ...MISPRICED) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'listMispricedMarkets', 1), 'spend budget too small for one listMispricedMarkets call');
      const a = await mispriced(paid, { topic: `fc-no-such-topic-${targetOptions.seed}` });
      expect(a.status, 'an empty result is not an error').toBe(200);
      expect(a.rows, 'markets is an empty list').toEqual([]);
    },
  );
});
