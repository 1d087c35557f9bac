/** Spec "Market list item" (GET /api/v1/markets rows) and the linked market of asset search. */
import type { Forecast, Market, TradeSignal } from '../data/model.ts';
import type { DataStore } from '../data/store.ts';
import { venueQuote, venueQuoteMember } from './quote.ts';
import { routing, serviceUrl, venueAUrl } from './routing.ts';
import { iso, isoOrNull } from './time.ts';
import type { LinkedMarket, MarketListItem } from './types.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';

export interface MarketItemContext {
  store: DataStore;
  /** The public site address ({site_url}), used for serviceUrl. */
  siteUrl: string;
  /** The request's clock; windows are (now − maxForecastAgeHours, now]. */
  now: Date;
  /** max_forecast_age in hours (the route's default is 48). */
  maxForecastAgeHours: number;
}

/**
 * One market list item, keys in the spec's order. market_odds equals venue_quote.selected_probability.
 * forecast_count and latest_forecast_at count only forecasts inside the max_forecast_age window;
 * latest_forecast_delta / latest_forecast_refresh_reason come from that same windowed latest
 * forecast (null when none is in the window). signal_count is the market's article-evidence count
 * (the items of /api/v1/markets/{slug}/signals); published trade signals are counted separately by
 * the linked-market fields. clarifications is always null (its type is a gap).
 */
export function marketListItem(m: Market, ctx: MarketItemContext): MarketListItem {
  const quote = venueQuote(m);
  const inWindow = ctx.store.forecastsWithin(m.marketKey, ctx.now.getTime(), ctx.maxForecastAgeHours);
  const latest = inWindow[0];
  // The delta and refresh reason describe the windowed latest forecast (gap MKT-034; the alternate
  // stub takes the latest forecast of any age up to now).
  const described = alt('MKT-034') ? ctx.store.forecastsFor(m.marketKey).find((f) => f.createdAt <= ctx.now.getTime()) : latest;
  return {
    ...routing(m),
    question: m.question,
    event: { id: m.event.id, title: m.event.title, slug: m.event.slug },
    tags: [...m.tags],
    categories: [...m.categories],
    end_date: isoOrNull(m.endDate),
    market_odds: mutant('quote-odds-bid') && quote.yes_bid !== null ? quote.yes_bid : quote.selected_probability,
    venue_quote: venueQuoteMember(m),
    inDispute: m.inDispute,
    clarifications: alt('MKT-040') ? [] : null,
    volume_24h: m.volume24h,
    signal_count: ctx.store.articlesFor(m.marketKey).length,
    forecast_count: mutant('win-forecast-count-unwindowed')
      ? ctx.store.forecastsFor(m.marketKey).filter((f) => f.createdAt <= ctx.now.getTime()).length
      : inWindow.length,
    // Mutant mkt-latest-forecast-at-oldest: the oldest in-window forecast's instant (kin of a round-8 bug).
    latest_forecast_at: isoOrNull((mutant('mkt-latest-forecast-at-oldest') ? inWindow.at(-1) : latest)?.createdAt),
    market_updated_at: iso(m.updatedAt),
    latest_forecast_delta: described?.deltaFromPrior ?? null,
    latest_forecast_refresh_reason: described?.refreshReason ?? null,
    serviceUrl: serviceUrl(m, ctx.siteUrl),
    venueAUrl: venueAUrl(m),
  };
}

/** The fields a linked market adds to its list item (LinkedMarket minus MarketListItem). */
export type LinkedFields = Omit<LinkedMarket, keyof MarketListItem>;

/**
 * The linked-market fields from a market's `latest` forecast (undefined: none) and its `published`
 * trade signals; callers pick both (current, or rewound to an as_of instant).
 */
export function linkedFields(latest: Forecast | undefined, published: readonly TradeSignal[]): LinkedFields {
  return {
    has_forecast: latest !== undefined,
    latest_service_probability: latest?.probability ?? null,
    thesis: latest?.thesis ?? null,
    forecast_at: isoOrNull(latest?.createdAt),
    market_odds_at_forecast: latest?.marketOddsAtForecast ?? null,
    has_published_signal: published.length > 0,
    published_signal_count: published.length,
  };
}

/**
 * Asset-search linked market: the list item plus the latest committed forecast (unwindowed:
 * probability, paired thesis, time, odds at forecast) and published trade-signal existence/count.
 */
export function linkedMarket(m: Market, ctx: MarketItemContext): LinkedMarket {
  // Mutant asrch-forecast-at-oldest: the linked market's fields describe its oldest stored forecast (kin of a round-8 bug).
  const latest = mutant('asrch-forecast-at-oldest') ? ctx.store.forecastsFor(m.marketKey).at(-1) : ctx.store.latestForecast(m.marketKey);
  return { ...marketListItem(m, ctx), ...linkedFields(latest, ctx.store.tradeSignalsFor(m.marketKey)) };
}
