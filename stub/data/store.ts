/**
 * Read-only indexes over a Dataset, with the lookups the routes need. Built once at stub start;
 * every list it returns is in a deterministic order (newest first with an id tie-break, or by key).
 */
import type {
  Article,
  Asset,
  Dataset,
  EpochMs,
  Forecast,
  Market,
  OilData,
  OilReading,
  SocialPost,
  TradeSignal,
  Venue,
  VenueEvent,
} from './model.ts';
import { VENUES } from './model.ts';

/**
 * How a caller names a market (spec "Venue key" and forecast-availability parameters):
 * a marketKey; a venue-native id with its venue; or a slug whose venue defaults to venue_a.
 */
export type MarketLookup = { marketKey: string } | { venue: Venue; marketId: string } | { slug: string; venue?: Venue | undefined };

const ci = (s: string): string => s.toLowerCase();

const newestFirst =
  <T extends { id: string }>(at: (x: T) => EpochMs) =>
  (a: T, b: T): number =>
    at(b) - at(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function groupBy<T>(items: readonly T[], keys: (x: T) => readonly string[]): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const x of items) {
    for (const k of keys(x)) {
      const list = m.get(k);
      if (list) list.push(x);
      else m.set(k, [x]);
    }
  }
  return m;
}

const isVenue = (s: string): s is Venue => (VENUES as readonly string[]).includes(s);

/** Splits `<venue>:<native id>`; null when the prefix is not a venue key. */
export function parseMarketKey(key: string): { venue: Venue; nativeId: string } | null {
  const i = key.indexOf(':');
  if (i <= 0) return null;
  const venue = key.slice(0, i);
  return isVenue(venue) && i < key.length - 1 ? { venue, nativeId: key.slice(i + 1) } : null;
}

export class DataStore {
  readonly dataset: Dataset;
  private readonly marketsByKey = new Map<string, Market>();
  private readonly marketsByKeyCi = new Map<string, Market>();
  /** `${venue}|${lowercased slug or native id or condition id}` → market. */
  private readonly marketsByVenueHandle = new Map<string, Market>();
  private readonly covered: Market[];
  private readonly eventsById = new Map<string, VenueEvent>();
  private readonly venueBEventsByTicker = new Map<string, VenueEvent>();
  private readonly venueAEventsBySlug = new Map<string, VenueEvent>();
  private readonly eventByMarketKey = new Map<string, VenueEvent>();
  private readonly assetsById = new Map<string, Asset>();
  private readonly assetsByKey = new Map<string, Asset>();
  private readonly assetsByIdentifier = new Map<string, Asset[]>();
  private readonly assetsByMarket: Map<string, Asset[]>;
  private readonly forecastsByMarket: Map<string, Forecast[]>;
  private readonly forecastsById: Map<string, Forecast>;
  private readonly articlesByMarket: Map<string, Article[]>;
  private readonly postsByMarket: Map<string, SocialPost[]>;
  private readonly postsByAuthor: Map<string, SocialPost[]>;
  private readonly signalsByMarket: Map<string, TradeSignal[]>;
  private readonly signalsByForecast: Map<string, TradeSignal[]>;
  private readonly signalsById: Map<string, TradeSignal>;
  private readonly readingsNewestFirst: OilReading[];
  /** Forecasts published after start (addForecast), each shown while its predicate holds. */
  private readonly publishedById = new Map<string, { forecast: Forecast; visible: () => boolean }>();
  private readonly publishedByMarket = new Map<string, { forecast: Forecast; visible: () => boolean }[]>();

  constructor(dataset: Dataset) {
    this.dataset = dataset;
    for (const m of dataset.markets) {
      this.marketsByKey.set(m.marketKey, m);
      this.marketsByKeyCi.set(ci(m.marketKey), m);
      for (const h of [m.nativeMarketId, m.slug, m.conditionId]) if (h) this.marketsByVenueHandle.set(`${m.venue}|${ci(h)}`, m);
    }
    this.covered = dataset.markets.filter((m) => m.covered);
    for (const e of dataset.events) {
      this.eventsById.set(`${e.venue}|${e.id}`, e);
      if (e.venue === 'venue_b' && e.ticker) this.venueBEventsByTicker.set(ci(e.ticker), e);
      if (e.venue === 'venue_a' && e.slug) this.venueAEventsBySlug.set(ci(e.slug), e);
      for (const k of e.childMarketKeys) this.eventByMarketKey.set(k, e);
    }
    for (const a of dataset.assets) {
      this.assetsById.set(ci(a.id), a);
      this.assetsByKey.set(ci(a.assetKey), a);
      for (const idf of a.identifiers) {
        for (const k of [idf.value, `${idf.platform}:${idf.value}`, `${idf.platform}:${idf.kind}:${idf.value}`]) {
          const list = this.assetsByIdentifier.get(ci(k)) ?? [];
          if (!list.includes(a)) list.push(a);
          this.assetsByIdentifier.set(ci(k), list);
        }
      }
    }
    const byAssetKey = (a: Asset, b: Asset): number => (a.assetKey < b.assetKey ? -1 : a.assetKey > b.assetKey ? 1 : 0);
    this.assetsByMarket = groupBy(dataset.assets, (a) => a.hasMarket);
    for (const list of this.assetsByMarket.values()) list.sort(byAssetKey);

    this.forecastsById = new Map(dataset.forecasts.map((f) => [f.id, f]));
    this.forecastsByMarket = groupBy(dataset.forecasts, (f) => [f.marketKey]);
    for (const l of this.forecastsByMarket.values()) l.sort(newestFirst((f) => f.createdAt));
    this.articlesByMarket = groupBy(dataset.articles, (a) => a.marketKeys);
    for (const l of this.articlesByMarket.values()) l.sort(newestFirst((a) => a.publishedAt));
    this.postsByMarket = groupBy(dataset.posts, (p) => p.marketKeys);
    for (const l of this.postsByMarket.values()) l.sort(newestFirst((p) => p.publishedAt));
    this.postsByAuthor = groupBy(dataset.posts, (p) => [ci(p.authorHandle)]);
    for (const l of this.postsByAuthor.values()) l.sort(newestFirst((p) => p.publishedAt));
    this.signalsById = new Map(dataset.tradeSignals.map((s) => [s.id, s]));
    this.signalsByMarket = groupBy(dataset.tradeSignals, (s) => [s.marketKey]);
    for (const l of this.signalsByMarket.values()) l.sort(newestFirst((s) => s.publishedAt));
    this.signalsByForecast = groupBy(dataset.tradeSignals, (s) => [s.forecastId]);
    for (const l of this.signalsByForecast.values()) l.sort(newestFirst((s) => s.publishedAt));
    this.readingsNewestFirst = [...dataset.oil.readings].sort((a, b) => b.frozenAt - a.frozenAt);
  }

  /** The generation instant every dataset time is relative to. */
  get anchor(): EpochMs {
    return this.dataset.anchor;
  }

  // ---- markets -------------------------------------------------------------------------------

  /** Every market row, including uncovered venue-side rows (covered=false). */
  allMarkets(): readonly Market[] {
    return this.dataset.markets;
  }

  /** Rows the service tracks; the only rows catalog and search routes may list. */
  coveredMarkets(): readonly Market[] {
    return this.covered;
  }

  /** Exact marketKey, falling back to a case-insensitive match (venue_b tickers are uppercase). */
  byMarketKey(marketKey: string): Market | undefined {
    return this.marketsByKey.get(marketKey) ?? this.marketsByKeyCi.get(ci(marketKey));
  }

  /**
   * Resolves a caller's market reference, covered or not (check `market.covered` for `tracked`).
   * Slugs and condition ids with no venue stay in the venue_a namespace, where a legacy bare
   * numeric id also resolves. A slug that is itself a marketKey resolves when its venue agrees.
   */
  resolveMarket(ref: MarketLookup): Market | undefined {
    if ('marketKey' in ref) return this.byMarketKey(ref.marketKey);
    if ('marketId' in ref)
      return this.marketsByVenueHandle.get(`${ref.venue}|${ci(ref.marketId)}`) ?? this.byServiceMarketId(ref.venue, ref.marketId);
    const venue = ref.venue ?? 'venue_a';
    const hit = this.marketsByVenueHandle.get(`${venue}|${ci(ref.slug)}`);
    if (hit) return hit;
    const parsed = parseMarketKey(ref.slug);
    return parsed && (ref.venue === undefined || parsed.venue === ref.venue) ? this.byMarketKey(ref.slug) : undefined;
  }

  private byServiceMarketId(venue: Venue, id: string): Market | undefined {
    const m = this.byMarketKey(id);
    return m?.venue === venue ? m : undefined;
  }

  // ---- venue events --------------------------------------------------------------------------

  events(): readonly VenueEvent[] {
    return this.dataset.events;
  }

  /** venue_b event by ticker, case-insensitive. */
  eventByTicker(ticker: string): VenueEvent | undefined {
    return this.venueBEventsByTicker.get(ci(ticker));
  }

  /** venue_a event by slug, case-insensitive. */
  venueAEventBySlug(slug: string): VenueEvent | undefined {
    return this.venueAEventsBySlug.get(ci(slug));
  }

  /** The venue event a market belongs to (venue_a and venue_b rows only). */
  eventOf(market: Market): VenueEvent | undefined {
    return this.eventByMarketKey.get(market.marketKey);
  }

  /** Child markets in venue order. */
  childrenOf(event: VenueEvent): Market[] {
    return event.childMarketKeys.map((k) => this.marketsByKey.get(k)).filter((m): m is Market => m !== undefined);
  }

  /** True for events that need a child pick before generation (availability rule 4). */
  isMultiContract(event: VenueEvent): boolean {
    return event.childMarketKeys.length > 1;
  }

  // ---- assets --------------------------------------------------------------------------------

  assets(): readonly Asset[] {
    return this.dataset.assets;
  }

  assetById(id: string): Asset | undefined {
    return this.assetsById.get(ci(id));
  }

  assetByKey(assetKey: string): Asset | undefined {
    return this.assetsByKey.get(ci(assetKey));
  }

  /**
   * Assets carrying an identifier matching `ref` case-insensitively, as a bare value
   * (`US0378331005`), `platform:value` or `platform:kind:value`. Stored values are never altered.
   */
  assetsByIdentifierRef(ref: string): Asset[] {
    return [...(this.assetsByIdentifier.get(ci(ref)) ?? [])];
  }

  /**
   * Assets matched by an asset-search `reference` (spec GET /api/v1/assets/search): an asset UUID or
   * key, an identifier, or an ACTIVE linked market's marketKey or native id. Ordered by assetKey.
   */
  assetsByReference(ref: string): Asset[] {
    const found = new Set<Asset>();
    const direct = this.assetById(ref) ?? this.assetByKey(ref);
    if (direct) found.add(direct);
    for (const a of this.assetsByIdentifierRef(ref)) found.add(a);
    const markets = [
      this.byMarketKey(ref),
      ...VENUES.map((v) => this.marketsByKey.get(`${v}:${ref}`) ?? this.marketsByKeyCi.get(ci(`${v}:${ref}`))),
    ];
    for (const m of markets) if (m?.active) for (const a of this.assetsForMarket(m.marketKey)) found.add(a);
    return [...found].sort((a, b) => (a.assetKey < b.assetKey ? -1 : 1));
  }

  /** Markets linked by a direct HAS_MARKET edge (never AFFECTS), in link order. */
  marketsForAsset(assetId: string, opts: { activeOnly?: boolean } = {}): Market[] {
    const a = this.assetById(assetId);
    if (!a) return [];
    const ms = a.hasMarket.map((k) => this.marketsByKey.get(k)).filter((m): m is Market => m !== undefined);
    return opts.activeOnly ? ms.filter((m) => m.active && m.status === 'open') : ms;
  }

  /** Markets the asset reaches only through an inferred AFFECTS edge; excluded from every response. */
  affectedMarketsForAsset(assetId: string): Market[] {
    const a = this.assetById(assetId);
    return a ? a.affects.map((k) => this.marketsByKey.get(k)).filter((m): m is Market => m !== undefined) : [];
  }

  /** Assets with a HAS_MARKET edge to the market, ordered by assetKey. */
  assetsForMarket(marketKey: string): Asset[] {
    return [...(this.assetsByMarket.get(marketKey) ?? [])];
  }

  // ---- forecasts -----------------------------------------------------------------------------

  /** Committed forecasts of a market, newest first (published ones included while visible). */
  forecastsFor(marketKey: string): readonly Forecast[] {
    const base = this.forecastsByMarket.get(marketKey) ?? [];
    const extra = this.publishedFor(marketKey);
    return extra.length === 0 ? base : [...extra, ...base].sort(newestFirst((f) => f.createdAt));
  }

  latestForecast(marketKey: string): Forecast | undefined {
    return this.forecastsFor(marketKey)[0];
  }

  /** Forecasts created in (now − hours, now], newest first (the max_forecast_age window). */
  forecastsWithin(marketKey: string, now: EpochMs, hours: number): Forecast[] {
    const since = now - hours * 3_600_000;
    return this.forecastsFor(marketKey).filter((f) => f.createdAt > since && f.createdAt <= now);
  }

  forecastById(id: string): Forecast | undefined {
    const p = this.publishedById.get(id);
    if (p) return p.visible() ? p.forecast : undefined;
    return this.forecastsById.get(id);
  }

  /** All forecasts, unordered (the latest feed filters by time). */
  allForecasts(): readonly Forecast[] {
    if (this.publishedById.size === 0) return this.dataset.forecasts;
    return [...this.dataset.forecasts, ...[...this.publishedById.values()].filter((p) => p.visible()).map((p) => p.forecast)];
  }

  /**
   * Publishes a forecast made after start (a generation job's result): from now on it is one of the
   * market's committed forecasts whenever `visible()` holds (the job succeeded). The dataset itself
   * stays immutable; a control-plane reset builds a new store, which drops every published forecast.
   */
  addForecast(forecast: Forecast, visible: () => boolean = () => true): void {
    const entry = { forecast, visible };
    this.publishedById.set(forecast.id, entry);
    const list = this.publishedByMarket.get(forecast.marketKey);
    if (list) list.push(entry);
    else this.publishedByMarket.set(forecast.marketKey, [entry]);
  }

  private publishedFor(marketKey: string): Forecast[] {
    return (this.publishedByMarket.get(marketKey) ?? []).filter((p) => p.visible()).map((p) => p.forecast);
  }

  // ---- evidence ------------------------------------------------------------------------------

  /** Articles RELEVANT_TO the market, newest published first. */
  articlesFor(marketKey: string): readonly Article[] {
    return this.articlesByMarket.get(marketKey) ?? [];
  }

  allArticles(): readonly Article[] {
    return this.dataset.articles;
  }

  /** Social posts relevant to the market, newest published first (window them on lastSeenRelevantAt). */
  postsFor(marketKey: string): readonly SocialPost[] {
    return this.postsByMarket.get(marketKey) ?? [];
  }

  /** Posts by an author handle (case-insensitive, leading '@' ignored), newest first. */
  postsByHandle(handle: string): readonly SocialPost[] {
    return this.postsByAuthor.get(ci(handle.replace(/^@/, ''))) ?? [];
  }

  allPosts(): readonly SocialPost[] {
    return this.dataset.posts;
  }

  // ---- trade signals -------------------------------------------------------------------------

  /** Published trade signals of a market, newest publication first. */
  tradeSignalsFor(marketKey: string): readonly TradeSignal[] {
    return this.signalsByMarket.get(marketKey) ?? [];
  }

  tradeSignalById(id: string): TradeSignal | undefined {
    return this.signalsById.get(id);
  }

  /** Signals published on a forecast (ON_FORECAST), newest first. */
  tradeSignalsOnForecast(forecastId: string): readonly TradeSignal[] {
    return this.signalsByForecast.get(forecastId) ?? [];
  }

  /**
   * The newest publication per market, newest first. Eligibility filters (status, drawdown) apply
   * after this pick, with no fallback to an older publication (spec GET /api/v1/signals).
   */
  newestTradeSignals(): TradeSignal[] {
    const out: TradeSignal[] = [];
    for (const list of this.signalsByMarket.values()) if (list[0]) out.push(list[0]);
    return out.sort(newestFirst((s) => s.publishedAt));
  }

  // ---- oil -----------------------------------------------------------------------------------

  /** Daily WTI readings, newest first. */
  oilReadings(): readonly OilReading[] {
    return this.readingsNewestFirst;
  }

  latestOilReading(): OilReading | undefined {
    return this.readingsNewestFirst[0];
  }

  oil(): OilData {
    return this.dataset.oil;
  }
}
