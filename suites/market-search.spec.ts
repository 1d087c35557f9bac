/**
 * GET /api/v1/markets/search (searchMarkets): hybrid search over covered rows with tag, category,
 * venue and as_of (rules MSRCH-*). The response shape is a gap (SCH-124, MSRCH-015): rows are read
 * from `markets` and a test skips when the target answers another shape. Every answer is validated
 * against the contract; every row is checked by checks/market-row.ts and checks/markets.ts.
 */
import fc from 'fast-check';
import { test, expect, contractRules, ruleDetails } from './support/fixtures.ts';
import { KEY_BOUND_LOCK } from './support/locks.ts';
import { assertProperty, paidRuns, thrifty } from './support/property.ts';
import { withdrawRules } from './support/annotations.ts';
import { hasMembers, observeChoice } from './support/choices.ts';
import { servedParameterName } from './support/served-contract.ts';
import { holdsNoRow, searchAnswerRows } from './support/market-lists.ts';
import type { Params, TargetClient } from './support/client.ts';
import { caseKeyOf, sharedOrFetched } from './support/shared-answers.ts';
import { affordable } from './support/operations.ts';
import { checkMarketList } from '../checks/market-row.ts';
import {
  MARKET_VENUES,
  checkSameSearchState,
  checkSearchFilters,
  checkSearchRow,
  keysOf,
  ms,
  rowsOf,
  type Row,
  type SearchFilters,
} from '../checks/markets.ts';
import { violation, type Violation } from '../lib/violation.ts';

/** Tolerated clock skew between the harness and the target, ms. */
const SKEW_MS = 2 * 60_000;
const DAY_MS = 86_400_000;
const SEARCH_PATH = '/api/v1/markets/search';
const ROUTING = ['ROUTE-001', 'ROUTE-002', 'ROUTE-003', 'ROUTE-004', 'ROUTE-005', 'ROUTE-006'];
const QUOTES = ['QUOTE-001', 'QUOTE-002', 'QUOTE-003', 'QUOTE-004', 'QUOTE-005'];
const ROW_RULES = ['MSRCH-001', 'MSRCH-002', 'MSRCH-003', 'MSRCH-004', 'MSRCH-005', ...ROUTING, ...QUOTES];
const SEARCH = contractRules('searchMarkets');

interface Answer {
  status: number;
  body: unknown;
  /**
   * The rows wherever the (chosen, gap MSRCH-015) envelope puts them: [] for a 200 holding no row,
   * undefined when the answer is not a 200 or holds rows of no recognised shape.
   */
  rows: Row[] | undefined;
  /** JSON pointer of the rows in the body ('/markets' is the stub's choice). */
  pointer?: string;
}

/**
 * One search call, validated against the contract. `shared`: the run's shared answer of these parameters (suites/support/shared-answers.ts),
 * for the base request every test starts from: bought once per run, not once per test (issue 19).
 */
async function search(paid: TargetClient, params: Params, shared = false): Promise<Answer> {
  const res = await sharedOrFetched(shared ? paid.sharedAnswers : undefined, caseKeyOf('GET', SEARCH_PATH, params), () =>
    paid.get(SEARCH_PATH, { params }),
  );
  await expect(res).toMatchContract('searchMarkets');
  const body: unknown = res.headers()['content-type']?.includes('json') ? await res.json() : undefined;
  if (res.status() !== 200) return { status: res.status(), body, rows: undefined };
  const found = searchAnswerRows(body);
  return { status: 200, body, rows: found?.value ?? (holdsNoRow(body, hasMembers('marketKey')) ? [] : undefined), pointer: found?.pointer };
}

/** The name the target gives the search text (gap MSRCH-014: q is the stub's), from its served contract. */
const textParam = (paid: TargetClient): Promise<string> => servedParameterName(paid, 'searchMarkets', 'q');

/** Every per-row rule of one answer (MSRCH-001..-005, -012/-013 when as_of is given, routing and quotes). */
function rowViolations(rows: readonly Row[], siteUrl: string, asOfMs?: number): Violation[] {
  return [
    ...checkMarketList(rows, { siteUrl }, '/markets'),
    ...rows.flatMap((r, i) => checkSearchRow(r, { asOfMs, skewMs: SKEW_MS }, `/markets/${i}`)),
  ];
}

/**
 * The broadest base request the target answers with rows: no parameter (the stub's choice,
 * gap MSRCH-014), else a q taken from the catalog's most common tag. Skips the test otherwise.
 */
async function baseRequest(paid: TargetClient): Promise<{ params: Params; rows: Row[]; body: unknown; pointer?: string }> {
  const plain = await search(paid, {}, true);
  if (plain.rows?.length) return { params: {}, rows: plain.rows, body: plain.body, pointer: plain.pointer };
  const res = await paid.get('/api/v1/markets');
  await expect(res).toMatchContract('listMarkets');
  const catalog = res.status() === 200 ? (rowsOf(await res.json()) ?? []) : [];
  const freq = new Map<string, number>();
  for (const r of catalog) for (const t of (r.tags as string[] | undefined) ?? []) freq.set(String(t), (freq.get(String(t)) ?? 0) + 1);
  const q = [...freq].sort((a, b) => b[1] - a[1])[0]?.[0];
  test.skip(
    !q,
    `the target answers no unfiltered search (status ${plain.status}; gaps MSRCH-014, MSRCH-015) and lists no tag to search for`,
  );
  const text = await textParam(paid);
  const withQ = await search(paid, { [text]: q! });
  test.skip(!withQ.rows?.length, `the target answers no search with rows in a recognised shape (status ${withQ.status}; gap MSRCH-015)`);
  return { params: { [text]: q! }, rows: withQ.rows!, body: withQ.body, pointer: withQ.pointer };
}

const isoDate = (t: number): string => new Date(t).toISOString().slice(0, 10);
/** The same instant written with a numeric offset of `minutes` east of UTC. */
function withOffset(t: number, minutes: number): string {
  const local = new Date(t + minutes * 60_000).toISOString().slice(0, 19);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

test.describe('GET /api/v1/markets/search', () => {
  test(
    'every row carries consistent forecast and published-signal fields',
    { ...ruleDetails(...ROW_RULES, 'MSRCH-014', 'MSRCH-015', 'MSRCH-016', ...SEARCH) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'searchMarkets', 4), 'spend budget too small for 4 searchMarkets calls');
      const base = await baseRequest(paid);
      expect(rowViolations(base.rows, targetOptions.siteUrl)).toHaveNoViolations(base.body);
      observeChoice('MSRCH-015', base.pointer === '/markets', `the rows sit at ${base.pointer ?? '?'}`);
      const text = await textParam(paid);
      observeChoice('MSRCH-014', text === 'q', `the served contract names the search text ${JSON.stringify(text)}`);
      if (!Object.keys(base.params).length) {
        // Gap MSRCH-016: without q the stub orders by market_updated_at descending, then marketKey ascending.
        const order = (a: Row, b: Row): number =>
          ms(b.market_updated_at) - ms(a.market_updated_at) || (String(a.marketKey) < String(b.marketKey) ? -1 : 1);
        const out = base.rows.findIndex((r, i) => i > 0 && order(base.rows[i - 1]!, r) > 0);
        observeChoice('MSRCH-016', out < 0, `row ${out} breaks the stub's order (market_updated_at descending, then marketKey)`);
      }
      const withForecast = base.rows.filter((r) => r.has_forecast === true).length;
      const withSignal = base.rows.filter((r) => r.has_published_signal === true).length;
      test.info().annotations.push({
        type: 'note',
        description: `${base.rows.length} row(s): ${withForecast} with a forecast, ${withSignal} with a published signal`,
      });

      await test.step('searching a market by its exact question (gap MSRCH-024: warning only)', async () => {
        const probe = base.rows.find((r) => typeof r.question === 'string' && r.question.length <= 200);
        if (!probe) return;
        const a = await search(paid, { [text]: probe.question as string });
        const rows = a.rows ?? [];
        const found = rowViolations(rows, targetOptions.siteUrl);
        if (a.status !== 200) found.push(violation('MSRCH-024', 'status', `searching an exact question answered ${a.status}`, 'warning'));
        if (!keysOf(rows).includes(String(probe.marketKey)))
          found.push(
            violation('MSRCH-024', '/markets', `searching the exact question of ${String(probe.marketKey)} did not return it`, 'warning'),
          );
        expect(found).toHaveNoViolations(a.body);
      });
    },
  );

  test(
    'venue, tag, category and tag=broker_a keep only matching rows',
    { ...ruleDetails('MSRCH-006', 'MSRCH-007', 'MSRCH-008', 'MSRCH-009', 'CAT-003', ...ROW_RULES, ...SEARCH) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'searchMarkets', 12), 'spend budget too small for 12 searchMarkets calls');
      const base = await baseRequest(paid);
      const tagged = base.rows.find((r) => Array.isArray(r.tags) && r.tags.length > 0);
      const categorised = base.rows.find((r) => Array.isArray(r.categories) && r.categories.length > 0);
      const cases: (SearchFilters & { as_of?: string })[] = [...MARKET_VENUES.map((venue) => ({ venue })), { tag: 'broker_a' }];
      if (tagged) cases.push({ tag: String((tagged.tags as unknown[])[0]) });
      if (categorised) cases.push({ category: String((categorised.categories as unknown[])[0]) });
      // Two filters together, every pair (a round-8 bug dropped one filter beside another on the signal list): each row
      // passes both. No rule of its own beside each filter's, so not on a budget (thrifty), where each search is billed.
      if (!thrifty()) {
        const singles: SearchFilters[] = [
          ...(tagged ? [{ tag: String((tagged.tags as unknown[])[0]) }] : []),
          ...(categorised ? [{ category: String((categorised.categories as unknown[])[0]) }] : []),
          { venue: String((tagged ?? categorised ?? base.rows[0])?.venue ?? MARKET_VENUES[0]) },
        ];
        singles.forEach((x, i) => singles.slice(i + 1).forEach((y) => cases.push({ ...x, ...y })));
        // A tag beside a category where either alone lets rows through that the other removes (round-46 bug: tag dropped
        // beside category; the pair above, copied from one row, was nested, every row of its category carrying its tag):
        // one pair where the category holds rows without the tag, one where the tag holds rows outside the category.
        const has = (xs: unknown, v: string) => Array.isArray(xs) && xs.some((x) => String(x).toLowerCase() === v.toLowerCase());
        const pairs = base.rows.flatMap((r) =>
          (Array.isArray(r.tags) ? r.tags.map(String) : [])
            .filter((t) => t.toLowerCase() !== 'broker_a')
            .flatMap((t) => (Array.isArray(r.categories) ? r.categories.map(String) : []).map((c) => [t, c] as const)),
        );
        for (const leak of [
          ([t, c]: readonly [string, string]) => base.rows.some((r) => has(r.categories, c) && !has(r.tags, t)),
          ([t, c]: readonly [string, string]) => base.rows.some((r) => has(r.tags, t) && !has(r.categories, c)),
        ]) {
          const pair = pairs.find(leak);
          if (pair) cases.push({ tag: pair[0], category: pair[1] });
        }
        cases.push({ tag: 'broker_a', venue: singles[singles.length - 1]!.venue });
        // Each filter beside as_of too (round-36 bug: venue dropped in as_of mode): the spec lists the filters and
        // as_of on one route without restricting either to the other's absence. A day back, ending now's state.
        const asOf = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
        for (const x of [
          ...MARKET_VENUES.map((venue) => ({ venue })),
          ...singles.filter((f) => f.venue === undefined),
          { tag: 'broker_a' },
        ])
          cases.push({ ...x, as_of: asOf });
      }
      if (!tagged) withdrawRules(['MSRCH-007'], 'no search row carries a tag');
      if (!categorised) withdrawRules(['MSRCH-008'], 'no search row carries a category');
      for (const filters of cases) {
        await test.step(JSON.stringify(filters), async () => {
          const a = await search(paid, { ...base.params, ...filters } as Params);
          expect(a.status, `${JSON.stringify(filters)} answers 200 (CAT-003 for venues)`).toBe(200);
          const rows = a.rows ?? [];
          if (filters.tag === 'broker_a' && filters.venue === undefined && rows.length === 0)
            withdrawRules(['MSRCH-009'], 'tag=broker_a returned no row');
          // A filter alone finds the row it was copied from; a pair (or a filter as of a day back) may select nothing.
          const single = Object.keys(filters).length === 1;
          if (single && filters.tag !== undefined && filters.tag !== 'broker_a')
            expect(rows.length, `tag=${filters.tag} finds the row it was copied from`).toBeGreaterThan(0);
          if (single && filters.category !== undefined)
            expect(rows.length, `category=${filters.category} finds the row it was copied from`).toBeGreaterThan(0);
          expect([...rowViolations(rows, targetOptions.siteUrl), ...checkSearchFilters(rows, filters)]).toHaveNoViolations(a.body);
        });
      }
    },
  );

  test(
    'a filter matching no covered row answers 200 with an empty list',
    { ...ruleDetails('CAT-002', ...SEARCH) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'searchMarkets', 3), 'spend budget too small for 3 searchMarkets calls');
      const base = await baseRequest(paid);
      const none = `fc-no-such-tag-${targetOptions.seed}`;
      for (const filters of [{ tag: none }, { category: none }]) {
        await test.step(JSON.stringify(filters), async () => {
          const a = await search(paid, { ...base.params, ...filters });
          expect(a.status, 'an empty result is not an error (CAT-002)').toBe(200);
          expect(holdsNoRow(a.body, hasMembers('marketKey')), 'the answer lists no market (CAT-002)').toBe(true);
        });
      }
    },
  );

  test(
    'as_of=YYYY-MM-DD is the end of that UTC day',
    { ...ruleDetails('MSRCH-010', 'MSRCH-012', 'MSRCH-013', ...ROW_RULES, ...SEARCH) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'searchMarkets', 5), 'spend budget too small for 5 searchMarkets calls');
      const base = await baseRequest(paid);
      let seen = 0;
      // On a budget (thrifty) one day, unless it had no row to compare: each search is billed ($0.01).
      for (const daysAgo of [1, 3]) {
        if (thrifty() && seen > 0) break;
        const day = isoDate(Date.now() - daysAgo * DAY_MS);
        await test.step(`as_of=${day}`, async () => {
          const endOfDay = Date.parse(`${day}T23:59:59.999Z`);
          const byDate = await search(paid, { ...base.params, as_of: day });
          const byInstant = await search(paid, { ...base.params, as_of: `${day}T23:59:59.999Z` });
          expect([byDate.status, byInstant.status], 'both as_of forms answer 200 (MSRCH-010)').toEqual([200, 200]);
          const a = byDate.rows ?? [];
          const b = byInstant.rows ?? [];
          seen += a.length + b.length;
          expect([
            ...rowViolations(a, targetOptions.siteUrl, endOfDay),
            ...checkSameSearchState(a, b, 'MSRCH-010', `as_of=${day} vs ${day}T23:59:59.999Z`),
          ]).toHaveNoViolations(byDate.body);
        });
      }
      // Today too (round-46 bug: a date-only as_of of the current UTC day served yesterday's close; the end of today
      // is ahead, so both forms read the state now). The two forms are one instant: the same status, and on 200 the same
      // rows; a forecast landing between the two calls is told from a difference by asking the pair once more.
      if (!thrifty())
        await test.step('as_of=today', async () => {
          const day = isoDate(Date.now());
          let found: Violation[] = [];
          for (let attempt = 0; attempt < 2; attempt++) {
            const byDate = await search(paid, { ...base.params, as_of: day });
            const byInstant = await search(paid, { ...base.params, as_of: `${day}T23:59:59.999Z` });
            if (byDate.status !== 200 || byInstant.status !== 200) {
              found =
                byDate.status === byInstant.status
                  ? []
                  : [
                      violation(
                        'MSRCH-010',
                        'status',
                        `as_of=${day} answered ${byDate.status}, as_of=${day}T23:59:59.999Z ${byInstant.status}: one instant`,
                      ),
                    ];
              break;
            }
            seen += (byDate.rows?.length ?? 0) + (byInstant.rows?.length ?? 0);
            found = checkSameSearchState(byDate.rows ?? [], byInstant.rows ?? [], 'MSRCH-010', `as_of=${day} vs ${day}T23:59:59.999Z`);
            if (!found.length) break;
          }
          expect(found).toHaveNoViolations();
        });
      test.skip(seen === 0, 'no row as of one or three days ago: two empty answers compare nothing');
    },
  );

  test(
    'an as_of instant means the same instant whatever its offset',
    { ...ruleDetails('MSRCH-011', 'MSRCH-012', 'MSRCH-013', ...ROW_RULES, ...SEARCH) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'searchMarkets', 4), 'spend budget too small for 4 searchMarkets calls');
      const base = await baseRequest(paid);
      const instant = Math.floor((Date.now() - 30 * 3_600_000) / 1000) * 1000;
      const z = new Date(instant).toISOString();
      const ref = await search(paid, { ...base.params, as_of: z });
      expect(ref.status, `as_of=${z} answers 200 (MSRCH-011)`).toBe(200);
      expect(rowViolations(ref.rows ?? [], targetOptions.siteUrl, instant)).toHaveNoViolations(ref.body);
      test.skip(!ref.rows?.length, `no row as of ${z}: equal empty answers compare nothing`);
      for (const minutes of [330, -480]) {
        const as_of = withOffset(instant, minutes);
        await test.step(`as_of=${as_of}`, async () => {
          const a = await search(paid, { ...base.params, as_of });
          expect(a.status, `${as_of} is an RFC 3339 instant`).toBe(200);
          expect(checkSameSearchState(ref.rows ?? [], a.rows ?? [], 'MSRCH-011', `as_of=${z} vs ${as_of}`)).toHaveNoViolations(a.body);
        });
      }
    },
  );

  test(
    "rows reflect the state as of as_of: no later forecast is counted (the stub's choice, gaps MSRCH-012 and MSRCH-013)",
    { ...ruleDetails('MSRCH-011', 'MSRCH-012', 'MSRCH-013', ...ROW_RULES, ...SEARCH) },
    async ({ paid, targetOptions }) => {
      const runs = 6;
      test.skip(!affordable(targetOptions, 'searchMarkets', runs + 2), `spend budget too small for ${runs + 2} searchMarkets calls`);
      const base = await baseRequest(paid);
      const forecasts = base.rows.filter((r) => r.has_forecast === true && r.forecast_at != null);
      test.skip(!forecasts.length, 'no search row has a forecast');

      await test.step("just before a market's latest forecast", async () => {
        const probe = forecasts[0]!;
        const at = ms(probe.forecast_at);
        const asOfMs = at - 1000;
        const a = await search(paid, { ...base.params, as_of: new Date(asOfMs).toISOString() });
        expect(a.status, 'an as_of instant answers 200 (MSRCH-011)').toBe(200);
        const rows = a.rows ?? [];
        const found = rowViolations(rows, targetOptions.siteUrl, asOfMs);
        const same = rows.find((r) => r.marketKey === probe.marketKey);
        if (same && same.forecast_at != null && ms(same.forecast_at) >= at)
          found.push(
            violation(
              'MSRCH-012',
              '/markets',
              `${String(probe.marketKey)} still shows the forecast of ${String(probe.forecast_at)} as of ${new Date(asOfMs).toISOString()}`,
            ),
          );
        expect(found).toHaveNoViolations(a.body);
      });

      await test.step('any instant of the last ten days', async () => {
        const now = Date.now();
        await assertProperty(
          fc.asyncProperty(fc.integer({ min: 60, max: 10 * 24 * 60 }), async (minutesAgo) => {
            const asOfMs = Math.floor((now - minutesAgo * 60_000) / 1000) * 1000;
            const a = await search(paid, { ...base.params, as_of: new Date(asOfMs).toISOString() });
            expect(a.status, 'an as_of instant answers 200 (MSRCH-011)').toBe(200);
            expect(rowViolations(a.rows ?? [], targetOptions.siteUrl, asOfMs)).toHaveNoViolations(a.body);
          }),
          { seed: targetOptions.seed, numRuns: paidRuns(runs), endOnFailure: true },
        );
      });
    },
  );

  test(
    'a future as_of: the stub clamps it to now (gap MSRCH-019, observed)',
    { ...ruleDetails('MSRCH-019', ...SEARCH) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'searchMarkets', 2), 'spend budget too small for 2 searchMarkets calls');
      const base = await baseRequest(paid);
      const future = new Date(Date.now() + DAY_MS).toISOString();
      const a = await search(paid, { ...base.params, as_of: future });
      observeChoice('MSRCH-019', a.status === 200, `as_of=${future} answered ${a.status}`);
      // Whatever it chose, an answer shows no forecast from after the moment it was computed.
      if (a.status === 200) expect(rowViolations(a.rows ?? [], targetOptions.siteUrl, Date.now())).toHaveNoViolations(a.body);
    },
  );

  test(
    'a malformed as_of answers 422 invalid_request',
    { ...ruleDetails('PARAM-044', ...SEARCH), lock: KEY_BOUND_LOCK },
    async ({ paid, targetOptions }) => {
      const runs = 25;
      test.skip(!affordable(targetOptions, 'searchMarkets', runs + 1), `spend budget too small for ${runs + 1} searchMarkets calls`);
      const base = await baseRequest(paid);
      const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
      const malformed = fc.oneof(
        fc.constantFrom(
          '',
          'yesterday',
          'now',
          '2026/01/05',
          '20260105',
          '2026-1-05',
          '2026-01-5',
          '05-01-2026',
          '2026-01-05Z',
          '2026-01-05T12:00',
          '2026-01-05T12:00:00',
          '2026-01-05T12:00Z',
          '2026-01-05T12:00:00+2:00',
          '2026-01-05T12:00:00 +02:00',
          '1767614400',
          '2026-01-05T',
          'T12:00:00Z',
        ),
        // Calendar-impossible dates in an otherwise valid form.
        fc
          .record({ y: fc.integer({ min: 1970, max: 2099 }), m: fc.integer({ min: 13, max: 99 }), d: fc.integer({ min: 1, max: 28 }) })
          .map(({ y, m, d }) => `${y}-${pad(m)}-${pad(d)}`),
        fc
          .record({ y: fc.integer({ min: 1970, max: 2099 }), m: fc.constantFrom(2, 4, 6, 9, 11), d: fc.integer({ min: 31, max: 39 }) })
          .map(({ y, m, d }) => `${y}-${pad(m)}-${pad(d)}`),
        fc
          .record({ h: fc.integer({ min: 24, max: 99 }), mi: fc.integer({ min: 0, max: 59 }) })
          .map(({ h, mi }) => `2026-01-05T${pad(h)}:${pad(mi)}:00Z`),
        fc
          .record({ h: fc.integer({ min: 0, max: 23 }), mi: fc.integer({ min: 60, max: 99 }) })
          .map(({ h, mi }) => `2026-01-05T${pad(h)}:${pad(mi)}:00Z`),
        fc.stringMatching(/^[a-z]{1,12}$/),
      );
      await assertProperty(
        fc.asyncProperty(malformed, async (as_of) => {
          const a = await search(paid, { ...base.params, as_of });
          expect(a.status, `as_of=${JSON.stringify(as_of)}`).toBe(422);
          expect((a.body as Row | undefined)?.error, `as_of=${JSON.stringify(as_of)}`).toBe('invalid_request');
        }),
        { seed: targetOptions.seed, numRuns: paidRuns(runs), endOnFailure: true },
      );
    },
  );
});
