/**
 * Structured social search, POST /api/v1/x/search (family XSRCH; spec: Other operations referenced:
 * "range default 30 days and max 180 days, results default 15 and max 30; not stored"; Errors 502).
 * Result counts and ranges are checked on every result of every answer. The body field names and
 * the response shape are not shown in the contract (stub choice: query, range_days, limit; results[]
 * with published_at): bound tests run only against a target that echoes those names, so no target
 * fails over a gap. Non-storage needs a clock advance: suites/social-clock.spec.ts. Each search
 * costs $0.50: the spend budget skips what the run cannot afford.
 */
import { test, expect, contractRules, judged, ruleDetails } from './support/fixtures.ts';
import { checkRangeCovered, checkSocialSearch, inRangeOf, publishedAtOf, resultsOf } from '../checks/social-search.ts';
import { violation, type Violation } from '../lib/violation.ts';
import { PRICES } from '../contract/pricing.ts';
import {
  SEARCH_PATH,
  faultLister,
  ownSocialClient,
  requestSearch,
  type Answer,
  refusedBadBody,
  callDuringUpstreamFailure,
} from './support/social.ts';
import type { TargetClient } from './support/client.ts';
import { observeChoice, observing } from './support/choices.ts';
import { servedName, servesChosenInputs } from './support/served-contract.ts';
import { watchDebits } from './support/debit-watch.ts';

const OP = 'searchSocial';
const PRICE = PRICES[OP]!.credits;
const DAY = 86_400_000;
/** Probe queries, broadest first. */
const QUERIES = ['the', 'market', 'rates', 'oil', 'bitcoin', 'fed'];

/** The instant a search ran on the target: searched_at (stub choice), else the Date header, else now; with its uncertainty. */
function searchInstant(a: Answer): { nowMs: number; toleranceMs: number } {
  const at = typeof a.body?.searched_at === 'string' ? Date.parse(a.body.searched_at) : NaN;
  if (!Number.isNaN(at)) return { nowMs: at, toleranceMs: 1_000 };
  const date = Date.parse(a.res.headers()['date'] ?? '');
  return { nowMs: Number.isNaN(date) ? Date.now() : date, toleranceMs: 5 * 60_000 };
}

/** The author of a result: its author_handle (the stub's choice), else its one member named for a handle or author. */
function authorOf(r: Record<string, unknown>): string | undefined {
  if (typeof r.author_handle === 'string') return r.author_handle;
  const found = Object.entries(r).filter(([k, v]) => /handle|author/i.test(k) && typeof v === 'string');
  return found.length === 1 ? (found[0]![1] as string) : undefined;
}

/** The stub's shape of a search answer and of a result (gap XSRCH-011). */
const STUB_ANSWER = ['query', 'range_days', 'limit', 'searched_at', 'results'];
const STUB_RESULT = ['post_id', 'url', 'author_handle', 'published_at', 'text'];

/**
 * Observes the target's choices on one search answer: its field names (gap XSRCH-010, from the served
 * /openapi.json), its shape (XSRCH-011) and the order of its results (XSRCH-006).
 */
async function observeSearchChoices(paid: TargetClient, a: Answer): Promise<void> {
  const names = await Promise.all(['query', 'range_days', 'limit'].map((n) => servedName(paid, '', OP, 'body', n)));
  observeChoice('XSRCH-010', names.join() === 'query,range_days,limit', `the target names the search fields ${names.join(', ')}`);
  const results = resultsOf(a.body) ?? [];
  const stubShaped =
    STUB_ANSWER.every((k) => a.body !== undefined && k in a.body) && results.every((r) => STUB_RESULT.every((k) => k in r));
  observeChoice('XSRCH-011', stubShaped, `answer members ${Object.keys(a.body ?? {}).join(', ')}`);
  const times = results.map(publishedAtOf);
  const step = times.findIndex((t, i) => i > 0 && t !== times[i - 1]);
  if (step > 0) observeChoice('XSRCH-006', times[step]! < times[step - 1]!, 'the results are not newest first');
}

/** The first probe query with more than `more` results at limit 30 (the answers are checked). */
async function broadQuery(paid: TargetClient, more: number): Promise<{ query: string; answer: Answer } | { skip: string }> {
  const tried: string[] = [];
  for (const query of QUERIES) {
    const answer = await requestSearch(paid, { query, limit: 30 });
    if (answer.status !== 200)
      return {
        skip: `the target answered ${answer.status} ${answer.error ?? ''} to a search with body {query, limit} (field names are the stub's choice)`,
      };
    const n = resultsOf(answer.body)?.length;
    if (n === undefined)
      return { skip: "the target's search answer has no results array (the response shape is not shown in the contract)" };
    tried.push(`${query}: ${n}`);
    if (n > more) return { query, answer };
  }
  return { skip: `no probe query has more than ${more} results (${tried.join(', ')})` };
}

test.describe('x/search: defaults and bounds', () => {
  test(
    'a result count of 30, the documented maximum, is accepted where the target honours a smaller one',
    { ...ruleDetails('XSRCH-014', 'XSRCH-001', ...contractRules(OP)) },
    async ({ paid: key, budget, freshKey }) => {
      // Round-45 bug: counts of 26..30 refused 422 (a bound of 25). The field is the target's (its served name, else
      // the stub's limit), so the maximum is judged only where 5 asked gives at most 5 of more results.
      await budget.reserveCalls(OP, 5);
      const paid = await ownSocialClient(key, freshKey);
      let query: string | undefined;
      for (const q of QUERIES.slice(0, 3)) {
        const a = await requestSearch(paid, { query: q });
        if (a.status === 200 && (resultsOf(a.body)?.length ?? 0) > 5) {
          query = q;
          break;
        }
      }
      const five = query === undefined ? undefined : await requestSearch(paid, { query, limit: 5 });
      const honoured = five?.status === 200 && (resultsOf(five.body)?.length ?? Infinity) <= 5;
      if (!judged(['XSRCH-014', 'XSRCH-001'], honoured ? 1 : 0, 'a target honouring a result count smaller than its default answer', OP))
        return;
      const most = await requestSearch(paid, { query, limit: 30 });
      const found: Violation[] = [];
      if (most.status !== 200)
        found.push(
          violation(
            'XSRCH-014',
            'status',
            `a search asking 30 results (the documented maximum) answered ${most.status} ${most.error ?? ''}, where 5 asked returned ${resultsOf(five!.body)!.length}`,
          ),
        );
      else found.push(...checkSocialSearch(most.body, { limit: 30, rangeDays: 30, ...searchInstant(most) }));
      expect(found).toHaveNoViolations(most.body);
    },
  );

  // A test of its own, one $0.50 call (issue 19): a budget buys the defaults' case without the explicit
  // limits and ranges of the next test.
  test(
    'a search with neither range_days nor limit: at most 15 results, all published within the last 30 days',
    { ...ruleDetails('XSRCH-001', 'XSRCH-002', ...contractRules(OP)) },
    async ({ paid: key, budget, freshKey }) => {
      await budget.reserveCalls(OP, 1);
      const paid = await ownSocialClient(key, freshKey);
      const query = QUERIES[0]!;
      const a = await requestSearch(paid, { query });
      test.skip(
        a.status !== 200,
        `the target answered ${a.status} ${a.error ?? ''} to a search with body {query} (the field name is the stub's choice)`,
      );
      const n = resultsOf(a.body)?.length;
      test.skip(n === undefined, "the target's search answer has no results array (the response shape is not shown in the contract)");
      // Every result is an instance of the default range; the answer itself of the default limit.
      judged('XSRCH-002', n!, 'a result of a search without range_days');
      judged('XSRCH-001', 1, 'an answer of a search without limit');
      expect(checkSocialSearch(a.body, { limit: 15, rangeDays: 30, ...searchInstant(a) })).toHaveNoViolations(a.body);
    },
  );

  test(
    'a search without range_days covers the default 30 days: what the same query over range_days 30 returns is in its answer',
    { ...ruleDetails('XSRCH-013', 'XSRCH-002', ...contractRules(OP)) },
    async ({ paid: key, budget, freshKey }) => {
      // The default range is a range asked (XSRCH-002: 30 when not given), and a search covers the whole of it
      // (XSRCH-013; round-23 bug: the default echoed as 30 but searched over the provider's 7). Black-box: the same
      // query, the same limit, once with range_days 30 and once without; the results of the first that are still
      // inside 30 days are in the second when it has room. The first query with a result older than 7 days is used.
      await budget.reserveCalls(OP, 2 * QUERIES.length);
      const paid = await ownSocialClient(key, freshKey);
      const LIMIT = 30;
      let checked = 0;
      const found: Violation[] = [];
      for (const query of QUERIES) {
        const explicit = await requestSearch(paid, { query, range_days: 30, limit: LIMIT });
        test.skip(
          explicit.status !== 200 || !resultsOf(explicit.body),
          `the target answered ${explicit.status} without a results array to a search with range_days 30 (field names and response shape are the stub's choice)`,
        );
        const earlier = resultsOf(explicit.body)!;
        const at = searchInstant(explicit);
        // Only a result older than a week tells a shorter searched range from the whole one.
        if (!earlier.some((r) => publishedAtOf(r) < at.nowMs - 7 * DAY)) continue;
        const byDefault = await requestSearch(paid, { query, limit: LIMIT });
        expect(byDefault.status, 'the same search without range_days is valid').toBe(200);
        const opts = { limit: LIMIT, rangeDays: 30, ...searchInstant(byDefault) };
        const rows = resultsOf(byDefault.body) ?? [];
        if (rows.length >= LIMIT) continue;
        checked += inRangeOf(earlier, opts).length;
        found.push(...checkRangeCovered(byDefault.body, earlier, opts));
        break;
      }
      judged('XSRCH-013', checked, 'a result of a 30-day search still inside the default range of an answer with room left');
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'at most the requested number of results (15 by default), all published within the requested range (30 days by default)',
    { ...ruleDetails('XSRCH-001', 'XSRCH-002', 'XSRCH-006', 'XSRCH-010', 'XSRCH-011', 'BILL-001', ...contractRules(OP)) },
    async ({ api, paid: key, budget, freshKey, controlPlaneIfAny }) => {
      await budget.reserveCalls(OP, 18);
      observing('XSRCH-006', 'XSRCH-010', 'XSRCH-011');
      const paid = await ownSocialClient(key, freshKey);
      const found = await test.step('find a query with more than 15 results', () => broadQuery(paid, 15));
      test.skip('skip' in found, 'skip' in found ? found.skip : '');
      const { query, answer } = found as { query: string; answer: Answer };
      await observeSearchChoices(paid, answer);
      const vs: Violation[] = [...checkSocialSearch(answer.body, { limit: 30, rangeDays: 30, ...searchInstant(answer) })];

      // One price a search, whatever its limit or range (BILL-001; round-24 bug: a limit above 15 billed a second page):
      // these searches go out on a watched account where a control plane allows.
      const watch = await watchDebits(api, controlPlaneIfAny, paid);
      for (const [body, limit, rangeDays] of [
        [{ query }, 15, 30],
        [{ query, limit: 5 }, 5, 30],
        [{ query, range_days: 1, limit: 30 }, 30, 1],
        [{ query, range_days: 180, limit: 30 }, 30, 180],
      ] as const) {
        await test.step(JSON.stringify(body), async () => {
          const a = await requestSearch(watch, body);
          expect(a.status, `${JSON.stringify(body)} is a valid search`).toBe(200);
          vs.push(...checkSocialSearch(a.body, { limit, rangeDays, ...searchInstant(a) }));
        });
      }
      // Newest-first truncation can hide a range that is too wide: also check an answer that is not
      // truncated (fewer results than the limit), where any result older than the range shows.
      await test.step('an untruncated answer: a query by an author seen in the results, range 3 days', async () => {
        const authors = [...new Set((resultsOf(answer.body) ?? []).map(authorOf).filter((h): h is string => typeof h === 'string'))].slice(
          0,
          4,
        );
        for (const author of authors) {
          const a = await requestSearch(paid, { query: author, range_days: 3, limit: 30 });
          const n = resultsOf(a.body)?.length ?? 0;
          if (a.status !== 200 || n === 0 || n >= 30) continue;
          vs.push(...checkSocialSearch(a.body, { limit: 30, rangeDays: 3, ...searchInstant(a) }));
          test
            .info()
            .annotations.push({ type: 'note', description: `untruncated: ${JSON.stringify(author)} has ${n} result(s) in 3 days` });
          return;
        }
      });
      // A range ending less than a day after a known result: every newer result fits in the limit,
      // so a range kept even a day too wide returns that result and shows it past the range. Sources:
      // the first answer, else an author's posts over 180 days (older results).
      await test.step('a range that ends less than a day after a known result', async () => {
        const authors = [...new Set((resultsOf(answer.body) ?? []).map(authorOf).filter((h): h is string => typeof h === 'string'))].slice(
          0,
          3,
        );
        const sources: (() => Promise<{ q: string; a: Answer }>)[] = [
          async () => ({ q: query, a: answer }),
          ...authors.map((author) => async () => ({
            q: author,
            a: await requestSearch(paid, { query: author, range_days: 180, limit: 30 }),
          })),
        ];
        for (const source of sources) {
          const { q, a: known } = await source();
          if (known.status !== 200) continue;
          const { nowMs } = searchInstant(known);
          const ages = (resultsOf(known.body) ?? []).map((r) => (nowMs - publishedAtOf(r)) / DAY);
          // at least a day old, clear of a day boundary by more than the clock moves between two searches
          const past = ages.filter((d) => d >= 1 && d < 180 && d - Math.floor(d) > 0.05 && d - Math.floor(d) < 0.95);
          if (past.length === 0) continue;
          const age = past[past.length - 1]!;
          const rangeDays = Math.floor(age);
          const a = await requestSearch(paid, { query: q, range_days: rangeDays, limit: 30 });
          expect(a.status, `range_days ${rangeDays} is a valid search`).toBe(200);
          vs.push(...checkSocialSearch(a.body, { limit: 30, rangeDays, ...searchInstant(a) }));
          test.info().annotations.push({
            type: 'note',
            description: `${JSON.stringify(q)}: a result ${age.toFixed(2)} days old lies just past range ${rangeDays}`,
          });
          return;
        }
        test
          .info()
          .annotations.push({ type: 'note', description: 'no result at least a day old: the range end was not probed next to a result' });
      });
      test.info().annotations.push({
        type: 'note',
        description: `query ${JSON.stringify(query)}: ${resultsOf(answer.body)?.length} results at limit 30`,
      });
      expect(vs).toHaveNoViolations();
    },
  );

  test(
    'out-of-bounds range_days and limit, a missing query and a malformed body answer 422 invalid_request',
    { ...ruleDetails('PARAM-081', 'ERR-008', ...contractRules(OP)) },
    async ({ paid: key, budget, freshKey }) => {
      await budget.reserveCalls(OP, 12);
      const paid = await ownSocialClient(key, freshKey);
      // The field names are a choice (gap XSRCH-010): the bounds are sent under the names the target serves,
      // which the harness knows when its /openapi.json shows them, or when it echoes the stub's names.
      const probe = await requestSearch(paid, { query: 'market', range_days: 7, limit: 3 });
      const known = (await servesChosenInputs(paid, '', OP)) || (probe.body?.range_days === 7 && probe.body?.limit === 3);
      test.skip(
        probe.status !== 200 || !known,
        `the target's search field names are not known (answered ${probe.status}; its /openapi.json does not show them and it does not echo range_days and limit): their bounds are not checked`,
      );
      const vs: Violation[] = [];
      const bad: [string, unknown][] = [
        ['no body at all (malformed JSON)', '{'],
        ['a JSON array', '[]'],
        ['query missing', { limit: 5 }],
        ['query empty', { query: '' }],
        ['range_days 0', { query: 'market', range_days: 0 }],
        ['range_days 181 (max 180)', { query: 'market', range_days: 181 }],
        ['range_days not an integer', { query: 'market', range_days: 7.5 }],
        ['limit 0', { query: 'market', limit: 0 }],
        ['limit 31 (max 30)', { query: 'market', limit: 31 }],
        ['limit as a string', { query: 'market', limit: '10' }],
      ];
      for (const [what, body] of bad) {
        await test.step(what, async () => {
          const refusal = refusedBadBody(await requestSearch(paid, body), what, body, typeof body === 'string' ? 'PARAM-081' : 'ERR-008');
          if (refusal) vs.push(refusal);
        });
      }
      expect(vs).toHaveNoViolations();
    },
  );
});

test.describe('x/search: failures', () => {
  test(
    'a social-search fault answers 502 and is not billed',
    { ...ruleDetails('XSRCH-004', 'XSRCH-007', 'XSRCH-005', 'BILL-003', ...contractRules(OP)) },
    async ({ api, controlPlane, budget }) => {
      await budget.reserveCalls(OP, 1);
      const { answer: a, violations } = await callDuringUpstreamFailure(
        controlPlane,
        faultLister(controlPlane),
        { path: SEARCH_PATH, credits: PRICE * 2 },
        (apiKey, faultHeaders) => requestSearch(api.withKey(apiKey).withHeaders(faultHeaders), { query: 'market' }, { retry5xx: false }),
        { status: 'XSRCH-004', debit: 'XSRCH-007' },
        { failing: 'social search', unavailable: 'search' },
      );
      expect(violations).toHaveNoViolations(a.body);
    },
  );
});
