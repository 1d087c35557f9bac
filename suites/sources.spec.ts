/**
 * GET /api/v1/sources (listSources): recent evidence (articles and social posts) for 1 to 10 named
 * markets, newest published first, windowed (articles by published_at, posts by when last seen as
 * relevant). Test markets are discovered through the target's pull feed.
 */
import fc from 'fast-check';
import { test, expect, contractRules, judged, ruleDetails } from './support/fixtures.ts';
import { KEY_BOUND_LOCK } from './support/locks.ts';
import { assertProperty, paidRuns, thrifty } from './support/property.ts';
import { affordable } from './support/operations.ts';
import type { SharedAnswers } from './support/shared-answers.ts';
import { feedMarkets, marketPath, readFeed, routingScope, type FeedMarket } from './support/feed.ts';
import { articlesInWindow, checkSources, checkSourcesSubset, signalListInWindow } from '../checks/evidence.ts';
import { CHECKS } from '../checks/registry.ts';
import { judgeWith } from './support/judging.ts';
import type { TargetClient } from './support/client.ts';
import { observeChoice, observing } from './support/choices.ts';
import { violation, type Violation } from '../lib/violation.ts';
import { oneOfEachForm } from './support/value-forms.ts';
import { watchDebits } from './support/debit-watch.ts';
import { drawnFrom } from './support/exhibit.ts';
import type { APIResponse } from '@playwright/test';

const SKEW_MS = 5 * 60_000;
/** Articles this close to a window's start may age out between two calls a moment apart. */
const EDGE_MS = 60_000;
const HOUR_MS = 3_600_000;
const ROUTING = ['ROUTE-001', 'ROUTE-003', 'ROUTE-004'];
const ENVELOPE = ['REL-001', 'REL-002', 'REL-003', 'REL-004', 'REL-005', 'REL-006'];
const ITEM_RULES = ['SRC-001', 'SRC-007', 'SRC-009', ...ROUTING, ...ENVELOPE];
/** Markets in the SRC-020 lists: enough for a first, a middle and a last position. */
const LIST_SIZE = 3;
/** Own answers read to find a market with articles of each other venue for a mixed market_keys list (at most 3 a venue). */
const MIXED_PROBES = 9;

/** Up to 10 markets that recently got an article or a social post (the feed's evidence events). */
async function evidenceMarkets(paid: TargetClient, shared: SharedAnswers): Promise<FeedMarket[]> {
  const { res, body } = await readFeed(paid, { hours: 6, types: 'article,x_post' }, shared);
  await expect(res).toMatchContract('getLatest');
  return feedMarkets(body);
}

/** Fields whose presence per type is not shown (gap SRC-016); the stub sends them on both types. */
const PER_TYPE_FIELDS = ['title', 'source_name', 'feed_tier', 'author_handle', 'is_expert'];
/** The stub's feed tiers (gap SRC-017). */
const STUB_TIERS = new Set(['tier_1', 'tier_2', 'tier_3', 'social']);

/** Observes gaps SRC-016 (fields per type) and SRC-017 (feed_tier values) on the items of one answer. */
function observeItemChoices(items: readonly Record<string, unknown>[]): void {
  if (!items.length) return;
  const lacking = items.filter((i) => PER_TYPE_FIELDS.some((f) => !(f in i)));
  observeChoice('SRC-016', lacking.length === 0, `${lacking.length} item(s) leave out one of ${PER_TYPE_FIELDS.join(', ')}`);
  const tiers = new Set(items.map((i) => i.feed_tier).filter((t): t is string => typeof t === 'string'));
  if (tiers.size)
    observeChoice(
      'SRC-017',
      [...tiers].every((t) => STUB_TIERS.has(t)),
      `feed_tier values ${[...tiers].join(', ')}`,
    );
}

interface Answer {
  body: { sources: Record<string, unknown>[] };
  sentMs: number;
}

/**
 * One listSources call, validated against the contract; the answer must be a 200. With `mayBeUnknown`
 * (every requested identifier may name no market) a 404 is the target's choice for unknown identifiers
 * (gap SRC-012) and reads as no items.
 */
async function sources(paid: TargetClient, params: Record<string, string | number | undefined>, mayBeUnknown = false): Promise<Answer> {
  const sentMs = Date.now();
  const res = await paid.get('/api/v1/sources', { params });
  await expect(res).toMatchContract('listSources');
  if (mayBeUnknown && res.status() === 404) return { body: { sources: [] }, sentMs };
  expect(res.status(), JSON.stringify(params)).toBe(200);
  return { body: await res.json(), sentMs };
}

test.describe('GET /api/v1/sources', () => {
  test(
    'market_keys of every venue: a market the feed shows an article for answers with that article',
    { ...ruleDetails('SRC-019', ...contractRules('listSources', 'getLatest')), lock: KEY_BOUND_LOCK },
    async ({ paid, targetOptions, sharedAnswers }) => {
      // One market per venue (issue 34, identifier forms on data shown to exist): a key of any venue must resolve, so
      // an answer without the market's known article is a failure, not "no data".
      const { res, body } = await readFeed(paid, { hours: 6, types: 'article' }, sharedAnswers);
      await expect(res).toMatchContract('getLatest');
      // The event's source object is the target's to shape (its members are not shown): the article is known by an
      // http(s) URL found anywhere in it, matched against the sources items' url.
      const urlsIn = (v: unknown): string[] =>
        typeof v === 'string' ? (/^https?:\/\//.test(v) ? [v] : []) : v && typeof v === 'object' ? Object.values(v).flatMap(urlsIn) : [];
      // One market per venue and per form of its key (round-32 bug: a venue_b strike ending in zero read as a number,
      // its items dropped from a 200): formOf's number-like traps.
      const articles: { venue: string; key: string; urls: string[]; serviceMarketId: string | null }[] = [];
      for (const e of ((body as { events?: unknown }).events ?? []) as Record<string, unknown>[]) {
        const m = e.market as Record<string, unknown> | null | undefined;
        const urls = urlsIn(e.source);
        if (e.type !== 'article' || !urls.length || typeof m?.marketKey !== 'string' || typeof m.venue !== 'string') continue;
        articles.push({
          venue: m.venue,
          key: m.marketKey,
          urls,
          serviceMarketId: typeof m.serviceMarketId === 'string' ? m.serviceMarketId : null,
        });
      }
      // Within a venue, one of each form of serviceMarketId too (routingScope; round-37 bug: a newer venue_a key matched
      // nothing while a legacy one did).
      const picks = oneOfEachForm(articles, (a) => a.key, routingScope);
      test.skip(picks.length === 0, 'no instance: no market got an article in the feed of the last 6 hours');
      test.skip(!affordable(targetOptions, 'listSources', picks.length), 'spend budget too small');
      const answers: { venue: string; key: string; urls: string[]; res: APIResponse; items: { url?: unknown }[] }[] = [];
      for (const { venue, key, urls } of picks) {
        // Not the sources() helper: a venue's refusal is this rule's violation, and the other venues are still judged.
        const res = await paid.get('/api/v1/sources', { params: { market_keys: key, window: 168, types: 'article' } });
        await expect(res).toMatchContract('listSources');
        const items = res.status() === 200 ? (((await res.json()) as Answer['body']).sources ?? []) : [];
        answers.push({ venue, key, urls, res, items });
      }
      // A feed URL found in a sources item shows the two name an article alike on this target; until one does, a
      // market answered with other articles is no case (its feed URL may be another of the article's URLs).
      const matches = (a: (typeof answers)[number]) => a.items.some((i) => a.urls.includes(String(i.url)));
      const alike = answers.some(matches);
      const found: Violation[] = [];
      let cases = 0;
      for (const a of answers) {
        const what = `${a.key} (${a.venue}) answered ${a.res.status()} with ${a.items.length} article(s) for 168 hours`;
        // An upstream failure (a 5xx; Authentication rule 7 allows a 502 on any paid route) is no case.
        if (a.res.status() >= 500) continue;
        if (a.res.status() !== 200 || a.items.length === 0) {
          cases++;
          found.push(...drawnFrom(a.res, [violation('SRC-019', '/sources', `${what}; the latest feed shows an article for it`)]));
        } else if (alike) {
          cases++;
          if (!matches(a))
            found.push(
              ...drawnFrom(a.res, [
                violation('SRC-019', '/sources', `${what}, none of them ${a.urls[0]!}, which the latest feed shows for it`),
              ]),
            );
        }
      }
      judged(
        'SRC-019',
        cases,
        'a market the feed shows an article for, on a target whose feed and sources name an article alike',
        'listSources',
      );
      test.skip(
        cases === 0,
        "no instance: no URL of the feed's article events is the url of an article /sources answered for their markets (the event's source members are not shown)",
      );
      expect(found).toHaveNoViolations();
    },
  );

  test(
    "market_keys: every article a market's signal list shows inside the window is in its 168-hour answer, the oldest day too",
    { ...ruleDetails('SRC-019', ...contractRules('listSources', 'getMarketSignals', 'getLatest')), lock: KEY_BOUND_LOCK },
    async ({ paid, targetOptions, sharedAnswers }) => {
      // Round-28 bug: window 145..168 served as 144 hours, behind no echo. The signal list is the complete live article
      // evidence of one market (Endpoints / GET {slug}/signals, 1dc66abd12f3), published times of days back; the
      // sources route's evidence for that market within the window holds them (SRC-019). One market per venue and per
      // form of its key (formOf: a strike ending in zero, a leading zero).
      const picks = oneOfEachForm(
        (await evidenceMarkets(paid, sharedAnswers)).filter((m): m is FeedMarket & { slug: string } => m.slug !== null),
        (m) => m.marketKey,
        routingScope,
      );
      test.skip(picks.length === 0, 'no market with a slug got evidence in the last 6 hours');
      test.skip(
        !affordable(targetOptions, 'getMarketSignals', picks.length) || !affordable(targetOptions, 'listSources', picks.length),
        'spend budget too small',
      );
      const found: Violation[] = [];
      let cases = 0;
      let oldest = 0;
      for (const m of picks) {
        const list = await paid.get(marketPath(m.slug, 'signals'), m.venue === 'venue_a' ? undefined : { params: { venue: m.venue } });
        await expect(list).toMatchContract('getMarketSignals');
        // A 404 is "no evidence" (EVID-011): nothing to look for.
        if (list.status() !== 200) continue;
        const listed = await list.json();
        const sentMs = Date.now();
        const res = await paid.get('/api/v1/sources', { params: { market_keys: m.marketKey, window: 168, types: 'article' } });
        await expect(res).toMatchContract('listSources');
        // Margins at both ends of the window: skew, and an article ageing out between the calls.
        const read = { sentMs, windowHours: 168, marginMs: EDGE_MS + SKEW_MS };
        // An upstream failure (a 5xx; Authentication rule 7 allows a 502 on any paid route) says nothing of the window.
        if (res.status() >= 500) continue;
        if (res.status() !== 200) {
          // A refusal of a market whose list shows articles inside the window leaves them out: each is a case (as in
          // the feed test above), whether or not the target names an article alike.
          const shown = articlesInWindow(listed, read);
          cases += shown.length;
          if (shown.length)
            found.push(
              ...drawnFrom(res, [
                violation(
                  'SRC-019',
                  '/sources',
                  `${m.marketKey} (${m.venue}) answered ${res.status()} for 168 hours; its signal list shows ${shown.length} article(s) inside the window`,
                ),
              ]),
            );
          continue;
        }
        const body = await res.json();
        const inWindow = signalListInWindow(listed, body, read);
        cases += inWindow.length;
        oldest += inWindow.filter((i) => sentMs - Date.parse(String(i.published_at)) > 144 * HOUR_MS).length;
        found.push(...drawnFrom(res, judgeWith(CHECKS.checkSignalListInSources, listed, body, read)));
      }
      test.info().annotations.push({
        type: 'note',
        description: `${cases} article(s) of the signal lists looked for, ${oldest} of them older than 144 h`,
      });
      test.skip(cases === 0, "no instance: no signal list's article inside the window is named alike in the sources answer");
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'market_keys: only the requested markets, newest first, articles inside the window, only the requested types',
    {
      ...ruleDetails('SRC-004', 'SRC-016', 'SRC-017', 'BILL-001', ...ITEM_RULES, ...contractRules('listSources', 'getLatest')),
      lock: KEY_BOUND_LOCK,
    },
    async ({ api, paid, controlPlaneIfAny, targetOptions, sharedAnswers }) => {
      const runs = 25;
      test.skip(!affordable(targetOptions, 'listSources', runs), 'spend budget too small');
      observing('SRC-016', 'SRC-017');
      const keys = (await evidenceMarkets(paid, sharedAnswers)).map((m) => m.marketKey);
      test.skip(keys.length === 0, 'no market got an article or a social post in the last 6 hours');
      // Each call debits the route's one price however many markets it names (round-32 bug: 5 credits per started
      // group of five keys): the calls go one at a time on a watched account, each debit judged (BILL-001).
      const watch = await watchDebits(api, controlPlaneIfAny, paid);
      let rows = 0;
      await assertProperty(
        fc.asyncProperty(
          fc.subarray(keys.slice(0, 20), { minLength: 1, maxLength: Math.min(10, keys.length) }),
          fc.integer({ min: 1, max: 168 }),
          fc.option(fc.uniqueArray(fc.constantFrom('article', 'x_post'), { minLength: 1, maxLength: 2 }), { nil: undefined }),
          async (marketKeys, window, types) => {
            const { body, sentMs } = await sources(watch, { market_keys: marketKeys.join(','), window, types: types?.join(',') });
            rows += body.sources.length;
            observeItemChoices(body.sources);
            expect(
              checkSources(body, {
                siteUrl: targetOptions.siteUrl,
                marketKeys,
                types,
                windowHours: window,
                nowMs: sentMs,
                skewMs: SKEW_MS,
              }),
            ).toHaveNoViolations(body);
          },
        ),
        {
          seed: targetOptions.seed,
          numRuns: paidRuns(runs),
          // On a budget (one run, suites/support/property.ts THRIFT_RUNS) the widest case goes first: every
          // market with evidence, the longest window, both kinds, so the one answer has items to judge.
          ...(thrifty() ? { examples: [[keys.slice(0, 10), 168, undefined] as [string[], number, undefined]] } : {}),
          endOnFailure: true,
        },
      );
      judged(['SRC-004', ...ITEM_RULES], rows, 'an evidence item answered for the sampled markets');
    },
  );

  test(
    'markets (slugs): looked up in venue_a by default and in the venue given, types honoured beside them',
    { ...ruleDetails('SRC-005', 'SRC-006', 'ROUTE-007', 'BILL-001', ...ITEM_RULES, ...contractRules('listSources', 'getLatest')) },
    async ({ api, paid, controlPlaneIfAny, targetOptions, sharedAnswers }) => {
      test.skip(!affordable(targetOptions, 'listSources', 9), 'spend budget too small');
      // Up to ten slugs a call, each call's debit judged: one price however many markets it names (BILL-001).
      const watch = await watchDebits(api, controlPlaneIfAny, paid);
      const markets = (await evidenceMarkets(paid, sharedAnswers)).filter(
        (m): m is FeedMarket & { slug: string } => m.slug !== null && !m.slug.includes(','),
      );
      const byVenue = new Map<string, string[]>();
      for (const m of markets) byVenue.set(m.venue, [...(byVenue.get(m.venue) ?? []), m.slug]);
      test.skip(markets.length === 0, 'no market with a slug got evidence in the last 6 hours');
      let rows = 0;
      let kind = 0;
      for (const [venue, slugs] of byVenue) {
        const sample = slugs.slice(0, 10);
        await test.step(`${venue}: ${sample.length} slug(s)`, async () => {
          const params = { markets: sample.join(','), window: 168, venue: venue === 'venue_a' ? undefined : venue };
          const { body, sentMs } = await sources(watch, params);
          rows += body.sources.length;
          expect(
            checkSources(body, {
              siteUrl: targetOptions.siteUrl,
              slugs: sample,
              venue: params.venue,
              windowHours: 168,
              nowMs: sentMs,
              skewMs: SKEW_MS,
            }),
          ).toHaveNoViolations(body);
          // types beside the slug form too (round-9 bug: types honoured with market_keys, ignored with markets): where
          // this answer holds both kinds, one kind is asked alone (each in turn across venues), so an ignored filter
          // shows the other (SRC-009).
          if (thrifty() && kind > 0) return;
          const counts = ['article', 'x_post'].map((t) => body.sources.filter((i) => i.type === t).length);
          if (!counts[0] || !counts[1]) return;
          const other = ['article', 'x_post'][kind++ % 2]!;
          const only = await sources(paid, { ...params, types: other });
          rows += only.body.sources.length;
          expect(
            checkSources(only.body, {
              siteUrl: targetOptions.siteUrl,
              slugs: sample,
              venue: params.venue,
              types: [other],
              windowHours: 168,
              nowMs: only.sentMs,
              skewMs: SKEW_MS,
            }),
            `markets=…&types=${other}`,
          ).toHaveNoViolations(only.body);
        });
        if (venue !== 'venue_a') {
          await test.step(`${venue} slugs without venue stay in venue_a`, async () => {
            // Another venue's slugs may name no venue_a market at all.
            const { body, sentMs } = await sources(paid, { markets: sample.join(','), window: 168 }, true);
            expect(
              checkSources(body, { siteUrl: targetOptions.siteUrl, slugs: sample, windowHours: 168, nowMs: sentMs, skewMs: SKEW_MS }),
            ).toHaveNoViolations(body);
          });
        }
      }
      judged('*', rows, 'an evidence item answered for a slug request');
    },
  );

  test(
    "a list honours every market it names, first or last: each market's own articles are in the list's answer (markets and market_keys)",
    { ...ruleDetails('SRC-020', ...contractRules('listSources', 'getLatest')) },
    async ({ paid, targetOptions, sharedAnswers }) => {
      test.skip(!affordable(targetOptions, 'listSources', 2 * LIST_SIZE + 4 + MIXED_PROBES), 'spend budget too small');
      const markets = await evidenceMarkets(paid, sharedAnswers);
      // One venue's markets, so the slugs of the markets form share the venue parameter's namespace (SRC-006).
      const byVenue = new Map<string, FeedMarket[]>();
      for (const m of markets) byVenue.set(m.venue, [...(byVenue.get(m.venue) ?? []), m]);
      const [venue, all] = [...byVenue].sort((a, b) => b[1].length - a[1].length)[0] ?? ['', []];
      const chosen: { market: FeedMarket; urls: string[] }[] = [];
      for (const market of all) {
        if (chosen.length === LIST_SIZE) break;
        // The market's own answer: its articles well inside the window, so none ages out before the list's call.
        const own = await sources(paid, { market_keys: market.marketKey, window: 168 });
        const since = own.sentMs - 168 * HOUR_MS + 10 * EDGE_MS;
        const urls = own.body.sources
          .filter((i) => i.type === 'article' && typeof i.url === 'string' && Date.parse(String(i.published_at)) > since)
          .map((i) => String(i.url));
        if (urls.length) chosen.push({ market, urls });
      }
      test.skip(chosen.length < 2, `no instance: fewer than two ${venue || 'feed'} markets with articles in their own answer`);
      const slugged = chosen.every((c) => c.market.slug !== null && !c.market.slug.includes(','));
      const forms: [string, (order: typeof chosen) => Record<string, string | number | undefined>][] = [
        ['market_keys', (order) => ({ market_keys: order.map((c) => c.market.marketKey).join(','), window: 168 })],
      ];
      if (slugged)
        forms.push([
          'markets',
          (order) => ({ markets: order.map((c) => c.market.slug).join(','), window: 168, venue: venue === 'venue_a' ? undefined : venue }),
        ]);
      // market_keys name their venue, so one list may mix venues (round-18 bug: every key looked up in the first key's
      // venue): one market with articles of each other venue beside the first chosen, first and last alike.
      const mixed = [chosen[0]!];
      for (const [other, ms] of byVenue) {
        if (other === venue) continue;
        for (const market of ms.slice(0, 3)) {
          const own = await sources(paid, { market_keys: market.marketKey, window: 168 });
          const since = own.sentMs - 168 * HOUR_MS + 10 * EDGE_MS;
          const urls = own.body.sources
            .filter((i) => i.type === 'article' && typeof i.url === 'string' && Date.parse(String(i.published_at)) > since)
            .map((i) => String(i.url));
          if (urls.length) {
            mixed.push({ market, urls });
            break;
          }
        }
      }
      if (mixed.length > 1)
        forms.push([
          'market_keys across venues',
          (order) => ({ market_keys: order.map((c) => c.market.marketKey).join(','), window: 168 }),
        ]);
      const found: Violation[] = [];
      let lists = 0;
      for (const [form, params] of forms)
        for (const [position, order] of [
          ['last', form === 'market_keys across venues' ? mixed : chosen],
          ['first', [...(form === 'market_keys across venues' ? mixed : chosen)].reverse()],
        ] as const) {
          await test.step(`${form}, ${order.length} markets, the probed market ${position}`, async () => {
            const { body } = await sources(paid, params(order));
            lists++;
            const urls = new Set(body.sources.filter((i) => i.type === 'article').map((i) => String(i.url)));
            for (const [i, c] of order.entries()) {
              const missing = c.urls.filter((u) => !urls.has(u));
              if (missing.length)
                found.push(
                  violation(
                    'SRC-020',
                    `/sources`,
                    `${form} naming ${order.length} markets: ${missing.length} of the ${c.urls.length} article(s) of ${c.market.marketKey} (position ${i + 1}) missing, e.g. ${missing[0]}`,
                  ),
                );
            }
          });
        }
      judged('SRC-020', lists, 'a list of markets whose own answers hold articles');
      expect(found).toHaveNoViolations();
    },
  );

  test(
    "both or neither of markets and market_keys answer 422; unknown keys and venue with keys are the target's choice",
    { ...ruleDetails('SRC-002', 'SRC-003', 'SRC-012', 'SRC-013', 'SRC-009', ...contractRules('listSources', 'getLatest')) },
    async ({ paid, targetOptions, sharedAnswers }) => {
      observing('SRC-012', 'SRC-013');
      const markets = await evidenceMarkets(paid, sharedAnswers);
      const m = markets.find((x) => x.slug !== null);
      const key = m?.marketKey ?? 'venue_a:1';
      const slug = m?.slug ?? 'fc-conformance-probe-market';
      const cases: [string, string, Record<string, string | number>][] = [
        ['SRC-002', 'markets and market_keys', { markets: slug, market_keys: key }],
        ['SRC-003', 'neither', {}],
        ['SRC-003', 'neither (other parameters only)', { window: 24, types: 'article' }],
      ];
      for (const [rule, what, params] of cases) {
        await test.step(`${what} → 422 [${rule}]`, async () => {
          const res = await paid.get('/api/v1/sources', { params });
          await expect(res).toMatchContract('listSources');
          expect(res.status(), `${what} must answer 422 (${rule})`).toBe(422);
        });
      }
      await test.step('a well-formed marketKey naming no market (gap SRC-012)', async () => {
        const res = await paid.get('/api/v1/sources', { params: { market_keys: `venue_b:fc-no-such-market-${targetOptions.seed}` } });
        await expect(res).toMatchContract('listSources');
        const empty = res.status() === 200 && ((await res.json()) as { sources?: unknown[] }).sources?.length === 0;
        observeChoice('SRC-012', empty, `an unknown marketKey answered ${res.status()}`);
      });
      await test.step('venue given with market_keys of another venue (gap SRC-013)', async () => {
        const key = markets[0]?.marketKey;
        if (!key) return; // no market got evidence lately: SRC-013 is not observed
        const venue = markets[0]!.venue === 'venue_c' ? 'venue_a_us' : 'venue_c';
        const plain = await sources(paid, { market_keys: key, window: 168 });
        if (plain.body.sources.length === 0) return;
        // The combination is not shown: a target may refuse it (422), ignore venue, or filter by it; each is its choice.
        const res = await paid.get('/api/v1/sources', { params: { market_keys: key, window: 168, venue } });
        await expect(res).toMatchContract('listSources');
        const kept = res.status() === 200 ? (((await res.json()) as { sources?: unknown[] }).sources?.length ?? 0) : undefined;
        observeChoice(
          'SRC-013',
          kept === 0,
          kept === undefined ? `venue=${venue} with market_keys answered ${res.status()}` : `venue=${venue} kept ${kept} item(s) of ${key}`,
        );
      });
      // Whatever venue does beside market_keys (the gap above), types still filters the kinds (round-45 bug: types
      // dropped when market_keys came with a venue). Per venue, its markets' keys with their own venue: where that answer
      // holds both kinds, each kind asked alone must hold that kind only (SRC-009), on any 200.
      await test.step('types beside market_keys and their own venue (SRC-009)', async () => {
        const byVenue = new Map<string, string[]>();
        for (const x of markets) byVenue.set(x.venue, [...(byVenue.get(x.venue) ?? []), x.marketKey]);
        let judgedAnswers = 0;
        for (const [venue, keys] of [...byVenue].sort(([a], [b]) => (a < b ? -1 : 1))) {
          const params = { market_keys: keys.slice(0, 10).join(','), window: 168, venue };
          const both = await paid.get('/api/v1/sources', { params });
          await expect(both).toMatchContract('listSources');
          if (both.status() !== 200) continue;
          const kinds = new Set((((await both.json()) as { sources?: { type?: unknown }[] }).sources ?? []).map((i) => i.type));
          if (!kinds.has('article') || !kinds.has('x_post')) continue;
          for (const kind of ['article', 'x_post']) {
            const res = await paid.get('/api/v1/sources', { params: { ...params, types: kind } });
            await expect(res).toMatchContract('listSources');
            if (res.status() !== 200) continue;
            judgedAnswers++;
            const other = (((await res.json()) as { sources?: { type?: unknown }[] }).sources ?? []).filter((i) => i.type !== kind);
            if (other.length)
              expect
                .soft([
                  violation(
                    'SRC-009',
                    '/sources',
                    `types=${kind} with market_keys and venue=${venue} listed ${other.length} item(s) of type ${String(other[0]!.type)}`,
                  ),
                ])
                .toHaveNoViolations();
          }
        }
        judged(
          'SRC-009',
          judgedAnswers,
          'a one-kind answer beside market_keys and a venue, whose answer without types holds both kinds',
          'listSources',
        );
      });
    },
  );

  test(
    'without types both kinds come back: the per-type answers are contained in the default answer',
    { ...ruleDetails('SRC-010', ...contractRules('listSources', 'getLatest')) },
    async ({ paid, targetOptions, sharedAnswers }) => {
      test.skip(!affordable(targetOptions, 'listSources', 3), 'spend budget too small');
      const keys = (await evidenceMarkets(paid, sharedAnswers)).slice(0, 10).map((m) => m.marketKey);
      test.skip(keys.length === 0, 'no market got evidence in the last 6 hours');
      const base = { market_keys: keys.join(','), window: 48 };
      const articles = await sources(paid, { ...base, types: 'article' });
      const posts = await sources(paid, { ...base, types: 'x_post' });
      const both = await sources(paid, base);
      judged('*', articles.body.sources.length + posts.body.sources.length, 'an evidence item in the per-type answers');
      const windowStartMs = both.sentMs - 48 * HOUR_MS;
      expect([
        ...checkSourcesSubset(articles.body, both.body, 'SRC-010', {
          windowStartMs,
          edgeMs: EDGE_MS + SKEW_MS,
          label: 'the answer without types',
        }),
        ...checkSourcesSubset(posts.body, both.body, 'SRC-010', { label: 'the answer without types' }),
      ]).toHaveNoViolations(both.body);
    },
  );

  test(
    'every kind types names is served, in either order: each one-kind answer is inside the answers of both lists',
    { ...ruleDetails('SRC-018', ...contractRules('listSources', 'getLatest')) },
    async ({ paid, targetOptions, sharedAnswers }) => {
      test.skip(!affordable(targetOptions, 'listSources', 4), 'spend budget too small');
      const keys = (await evidenceMarkets(paid, sharedAnswers)).slice(0, 10).map((m) => m.marketKey);
      test.skip(keys.length === 0, 'no market got evidence in the last 6 hours');
      const base = { market_keys: keys.join(','), window: 48 };
      const articles = await sources(paid, { ...base, types: 'article' });
      const posts = await sources(paid, { ...base, types: 'x_post' });
      judged('SRC-018', articles.body.sources.length + posts.body.sources.length, 'an evidence item of a one-kind answer');
      const found = [];
      for (const types of ['article,x_post', 'x_post,article']) {
        const listed = await sources(paid, { ...base, types });
        const label = `the answer of types=${types}`;
        found.push(
          ...checkSourcesSubset(articles.body, listed.body, 'SRC-018', {
            windowStartMs: listed.sentMs - 48 * HOUR_MS,
            edgeMs: EDGE_MS + SKEW_MS,
            label,
          }),
          ...checkSourcesSubset(posts.body, listed.body, 'SRC-018', { label }),
        );
      }
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'windows nest: a narrower window never adds items, and the default window is 48 hours',
    { ...ruleDetails('SRC-011', 'PARAM-056', ...contractRules('listSources', 'getLatest')) },
    async ({ paid, targetOptions, sharedAnswers }) => {
      test.skip(!affordable(targetOptions, 'listSources', 4), 'spend budget too small');
      const keys = (await evidenceMarkets(paid, sharedAnswers)).slice(0, 10).map((m) => m.marketKey);
      test.skip(keys.length === 0, 'no market got evidence in the last 6 hours');
      const base = { market_keys: keys.join(','), types: 'article' };
      const w6 = await sources(paid, { ...base, window: 6 });
      const w48 = await sources(paid, { ...base, window: 48 });
      const dflt = await sources(paid, base);
      const w168 = await sources(paid, { ...base, window: 168 });
      judged('*', w48.body.sources.length, 'an article in the 48-hour window');
      const start48 = dflt.sentMs - 48 * HOUR_MS;
      expect([
        ...checkSourcesSubset(w6.body, w48.body, 'SRC-011', { label: 'the 48-hour window' }),
        ...checkSourcesSubset(w48.body, w168.body, 'SRC-011', { label: 'the 168-hour window' }),
        // The default answer and window=48 hold the same articles (edges aside).
        ...checkSourcesSubset(dflt.body, w48.body, 'PARAM-056', {
          windowStartMs: start48,
          edgeMs: EDGE_MS + SKEW_MS,
          label: 'the window=48 answer',
        }),
        ...checkSourcesSubset(w48.body, dflt.body, 'PARAM-056', {
          windowStartMs: start48,
          edgeMs: EDGE_MS + SKEW_MS,
          label: 'the answer without window',
        }),
        ...checkSources(dflt.body, {
          siteUrl: targetOptions.siteUrl,
          marketKeys: keys,
          types: ['article'],
          windowHours: 48,
          nowMs: dflt.sentMs,
          skewMs: SKEW_MS,
          windowRule: 'PARAM-056',
        }),
      ]).toHaveNoViolations(dflt.body);
    },
  );
});
