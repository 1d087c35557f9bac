/**
 * GET /api/v1/latest: the board-wide pull feed of forecast, article and x_post events inside the
 * last 1..6 hours, complete for the window (spec: Endpoints / GET /api/v1/latest; Events; rules LATEST-*).
 */
import type { Article, Forecast, Market, SocialPost } from '../data/index.ts';
import { iso, isoOrNull, relationships, routing, serviceUrl, venueAUrl, venueQuote, venueQuoteMember } from '../present/index.ts';
import type { RouteRequest, RouteResult, StubContext } from '../context.ts';
import { mutant } from '../mutants.ts';
import type { VenueQuoteV1 } from '../present/types.ts';
import { PRICES } from '../../contract/pricing.ts';
import { alt } from '../variant.ts';

const HOUR_MS = 3_600_000;
export const EVENT_TYPES = ['forecast', 'article', 'x_post'] as const;
type EventType = (typeof EVENT_TYPES)[number];

/** Spec "Latest-feed market (LatestMarket)"; id/condition_id/question choices are gap LATEST-018. */
function latestMarket(m: Market, ctx: StubContext): Record<string, unknown> {
  const quote = lastTradeAsMidpoint(venueQuote(m));
  return {
    ...routing(m),
    // The alternate stub names the market by its marketKey and leaves the optional question out (gap LATEST-018).
    id: alt('LATEST-018') ? m.marketKey : m.serviceMarketId,
    ...(alt('LATEST-018') ? {} : { question: m.question }),
    condition_id: m.conditionId,
    end_date: isoOrNull(m.endDate),
    serviceUrl: serviceUrl(m, ctx.config.siteUrl),
    venueAUrl: venueAUrl(m),
    venue_data: { yes_odds: quote.selected_probability, volume_24h: m.volume24h },
    venue_quote: m.quote ? quote : venueQuoteMember(m),
    relationships: relationships({ kind: 'market', marketKey: m.marketKey }, ctx.store),
  };
}

/**
 * Mutant quote-latest-last-trade-as-midpoint: a midpoint quote whose last trade lies strictly inside the spread takes
 * the last trade as selected_probability, still labelled midpoint (yes_odds follows it; round-37 bug).
 */
function lastTradeAsMidpoint(q: VenueQuoteV1): VenueQuoteV1 {
  if (!mutant('quote-latest-last-trade-as-midpoint') || q.quote_method !== 'midpoint') return q;
  const { yes_bid: bid, yes_ask: ask, yes_last: last } = q;
  return bid !== null && ask !== null && last !== null && bid < last && last < ask ? { ...q, selected_probability: last } : q;
}

/** Spec "Compact forecast (in the latest feed)". */
function compactForecast(f: Forecast, m: Market, ctx: StubContext): Record<string, unknown> {
  const rp = f.resolutionPathway;
  return {
    venue: m.venue,
    market: routing(m),
    id: f.id,
    probability: f.probability,
    created_at: iso(f.createdAt),
    headline: f.headline,
    thesis: f.thesis,
    resolution_pathway: { criteria: rp.criteria, crux: rp.crux, deadline: isoOrNull(rp.deadline), source: rp.source },
    delta_from_prior: f.deltaFromPrior,
    delta_reasoning: f.deltaReasoning,
    refresh_reason: f.refreshReason,
    relationships: tickerless(relationships({ kind: 'forecast', forecastId: f.id }, ctx.store)),
  };
}

/**
 * A compact forecast's envelope; with mutant latest-forecast-asset-ticker-null, its AssetRefs state ticker null
 * whatever the Asset's ticker (round-24 bug).
 */
function tickerless<T extends { assets: { ticker: string | null }[] }>(envelope: T): T {
  if (!mutant('latest-forecast-asset-ticker-null')) return envelope;
  return { ...envelope, assets: envelope.assets.map((a) => ({ ...a, ticker: null })) };
}

/** Mutant latest-forecast-on-article only: the market's latest forecast, compacted (null when none). */
function compactForecastOf(m: Market, ctx: StubContext): Record<string, unknown> | null {
  const f = ctx.store.latestForecast(m.marketKey);
  return f ? compactForecast(f, m, ctx) : null;
}

interface Draft {
  type: EventType;
  id: string;
  at: number;
  market: Market;
  source: Record<string, unknown> | null;
  forecast: Forecast | null;
}

const articleSource = (a: Article) => ({ title: a.title, url: a.url, source_name: a.source, author_handle: '' });
const postSource = (p: SocialPost) => ({
  title: p.text.split('\n')[0] ?? p.text,
  url: p.url,
  source_name: 'x',
  author_handle: p.authorHandle,
});

/**
 * Every event of the window, one per forecast, article and post (an item relevant to several
 * markets is one event, on its first market). Event times (gap LATEST-015): forecast created_at,
 * article correlated_at, post last seen as relevant.
 */
function drafts(ctx: StubContext, types: ReadonlySet<EventType>, since: number, now: number): Draft[] {
  const inWindow = (t: number): boolean => t >= since && t <= now;
  const covered = (key: string | undefined): Market | undefined => {
    const m = key === undefined ? undefined : ctx.store.byMarketKey(key);
    return m?.covered ? m : undefined;
  };
  const out: Draft[] = [];
  if (types.has('forecast')) {
    for (const f of ctx.store.allForecasts()) {
      const m = covered(f.marketKey);
      if (m && inWindow(f.createdAt)) out.push({ type: 'forecast', id: f.id, at: f.createdAt, market: m, source: null, forecast: f });
    }
  }
  if (types.has('article')) {
    for (const a of ctx.store.allArticles()) {
      const m = covered(a.marketKeys[0]);
      if (m && inWindow(a.correlatedAt))
        out.push({ type: 'article', id: a.id, at: a.correlatedAt, market: m, source: articleSource(a), forecast: null });
    }
  }
  if (types.has('x_post')) {
    for (const p of ctx.store.allPosts()) {
      const m = covered(p.marketKeys[0]);
      if (m && inWindow(p.lastSeenRelevantAt))
        out.push({ type: 'x_post', id: p.id, at: p.lastSeenRelevantAt, market: m, source: postSource(p), forecast: null });
    }
  }
  const rank = (t: EventType): number => EVENT_TYPES.indexOf(t);
  // Newest first (gap LATEST-006); ties: forecast, article, x_post, then id.
  if (mutant('order-latest-mixed')) return out.sort((a, b) => rank(a.type) - rank(b.type) || b.at - a.at);
  out.sort((a, b) => b.at - a.at || rank(a.type) - rank(b.type) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // The alternate stub lists the feed oldest first, every tie reversed too (gap LATEST-006).
  return alt('LATEST-006') ? out.reverse() : out;
}

/** Handler of getLatest. @throws ApiError 422 for hours outside 1..6 or an unknown type. */
export function getLatest(req: RouteRequest, ctx: StubContext): RouteResult {
  const hours = req.query.int('hours', { min: 1, max: mutant('latest-hours-7') ? 7 : 6, default: 3 });
  // Mutant bill-latest-hours-over-3-double: a window longer than the default debits the price twice (round-8 bug).
  if (mutant('bill-latest-hours-over-3-double') && hours > 3 && req.principal?.via === 'api-key')
    ctx.accounts.debit(req.principal.accountId, PRICES.getLatest!.credits, 'getLatest');
  // Mutant bill-latest-hours-4-double: only hours=4 debits twice, a value no edge (1, 2, 5, 6) reaches.
  if (mutant('bill-latest-hours-4-double') && hours === 4 && req.principal?.via === 'api-key')
    ctx.accounts.debit(req.principal.accountId, PRICES.getLatest!.credits, 'getLatest');
  // The default of types is a gap (PARAM): all three kinds.
  const types = req.query.list('types', { min: 1, max: 3, allowed: EVENT_TYPES }) ?? [...EVENT_TYPES];
  const now = ctx.clock.nowMs();
  const since = now - hours * HOUR_MS;
  // The mutant keeps the echo (window.hours, since) but looks back only 2 hours when hours is left out.
  const from = mutant('latest-hours-default-2') && !req.query.has('hours') ? now - 2 * HOUR_MS : since;
  const markets = new Map<string, Record<string, unknown>>();
  const marketOf = (m: Market) => {
    let shown = markets.get(m.marketKey);
    if (!shown) markets.set(m.marketKey, (shown = latestMarket(m, ctx)));
    return shown;
  };
  // Mutant latest-types-last-dropped: a list of two or more kinds loses its last one (the echo still names it).
  const served = mutant('latest-types-last-dropped') && types.length > 1 ? types.slice(0, -1) : types;
  // Mutant latest-board-forecasts-3h: without types, a window over 3 hours serves only the last 3 hours' forecasts (the
  // kinds' default lane kept its own window; round-40 bug). Typed requests are whole.
  const boardCut = mutant('latest-board-forecasts-3h') && !req.query.has('types') && hours > 3 ? now - 3 * HOUR_MS : -Infinity;
  const kept = drafts(ctx, new Set(served as EventType[]), from, now).filter((d) => d.type !== 'forecast' || d.at >= boardCut);
  const events = kept.map((d) => ({
    type: d.type,
    // The event's id is its payload's id, or <type>:<payload id> on the alternate stub (gap LATEST-015).
    id: alt('LATEST-015') ? `${d.type}:${d.id}` : d.id,
    occurred_at: iso(d.at),
    source: d.source,
    market: marketOf(d.market),
    forecast: d.forecast
      ? compactForecast(d.forecast, d.market, ctx)
      : mutant('latest-forecast-on-article') && d.type === 'article'
        ? compactForecastOf(d.market, ctx)
        : null,
  }));
  return {
    body: {
      as_of: iso(now),
      window: { hours: mutant('win-latest-hours-echo') ? 3 : hours, since: iso(since - (mutant('win-latest-since-off') ? HOUR_MS : 0)) },
      types,
      events,
      count: mutant('latest-count-off') && events.length > 0 ? events.length - 1 : events.length,
    },
  };
}
