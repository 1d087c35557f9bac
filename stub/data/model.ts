/**
 * Internal model of the reference stub's dataset.
 *
 * These are plain data records, deliberately NOT the API shapes: the presenters in `stub/present/`
 * turn them into the spec's resources. All instants are UTC epoch milliseconds (`EpochMs`) so the
 * dataset is immutable, cheap to compare and serialises byte-identically; presenters format them
 * with `toISOString()`.
 */
import { venueKeys } from '../../contract/index.ts';

/** UTC epoch milliseconds. */
export type EpochMs = number;

/** Spec "Venue key (enum)". */
export type Venue = 'venue_a' | 'venue_a_us' | 'venue_b' | 'venue_c';
/** The venue keys, read from the contract (VenueKey); `Venue` is their compile-time mirror. */
export const VENUES = venueKeys() as readonly Venue[];

/** Spec "What the service does", rule 2; reasons as in AvailabilityExcluded. */
export type Exclusion = 'sports' | 'mentions' | 'crypto_up_down';
export type CryptoHorizon = '15m' | 'hourly' | 'daily';

/** `last_trade` is our token for the spec's "fresh last" method (the exact token is a gap). */
export type QuoteMethod = 'midpoint' | 'bid' | 'ask' | 'last_trade' | 'graph_snapshot';
/** `unavailable` is our choice for the null-pricing case (the value set beyond verified/stale is a gap). */
export type Freshness = 'verified' | 'stale' | 'unavailable';

export type BrokerChannel = 'broker_a';

/** A priced quote. A market whose pricing is unavailable has `quote: null` instead. */
export interface Quote {
  bid: number | null;
  ask: number | null;
  last: number | null;
  method: QuoteMethod;
  /** Source clock: book update, last-trade time, or catalog observation for graph snapshots. */
  venueTimestamp: EpochMs;
  observedAt: EpochMs;
  freshness: Exclude<Freshness, 'unavailable'>;
}

/** Contract fields of a child market of a venue_b event or a venue_a multi-market event (raw venue book). */
export interface ChildContract {
  title: string;
  subtitle: string;
  /** venue_a children: the outcome label; venue_b children: the strike label. */
  outcomeLabel: string;
  strikeType: string | null;
  floorStrike: number | null;
  capStrike: number | null;
  yesBid: number;
  yesAsk: number;
  lastPrice: number;
  closeTime: EpochMs;
}

export interface MarketEventRef {
  id: string;
  title: string;
  slug: string | null;
}

export interface Market {
  venue: Venue;
  nativeMarketId: string;
  nativeEventId: string | null;
  seriesTicker: string | null;
  /** `<venue>:<nativeMarketId>`, globally unique. */
  marketKey: string;
  /** Bare numeric for legacy venue_a rows, otherwise equal to marketKey. */
  serviceMarketId: string;
  legacy: boolean;
  slug: string | null;
  marketUrl: string | null;
  sourceUrl: string | null;
  brokerChannels: BrokerChannel[];
  brokerACategory: string | null;
  brokerAUrl: string | null;
  question: string;
  event: MarketEventRef;
  tags: string[];
  categories: string[];
  endDate: EpochMs | null;
  quote: Quote | null;
  inDispute: boolean;
  volume24h: number | null;
  openInterest: number | null;
  updatedAt: EpochMs;
  status: 'open' | 'closed';
  active: boolean;
  /** Tracked by the service (a market row exists). Uncovered rows exist only on the venue side. */
  covered: boolean;
  exclusion: Exclusion | null;
  cryptoHorizon: CryptoHorizon | null;
  conditionId: string | null;
  /** Present for children of venue_b events and venue_a multi-market events. */
  child: ChildContract | null;
}

/** A venue-side event (venue_b ticker event or venue_a slug event) with its child markets. */
export interface VenueEvent {
  venue: 'venue_a' | 'venue_b';
  /** venue_b: the event ticker; venue_a: the numeric event id. */
  id: string;
  ticker: string | null;
  slug: string | null;
  seriesTicker: string | null;
  title: string;
  subtitle: string;
  category: string;
  mutuallyExclusive: boolean;
  sourceUrl: string;
  /** Public event page; for venue_b this is the daily-event URL form accepted by forecast-targets. */
  eventUrl: string;
  /** venue_b events whose series settles daily. */
  daily: boolean;
  childMarketKeys: string[];
}

export interface AssetIdentifier {
  platform: string;
  kind: string;
  value: string;
}

export interface Asset {
  id: string;
  assetKey: string;
  name: string;
  ticker: string | null;
  assetType: string;
  aliases: string[];
  identifiers: AssetIdentifier[];
  /** marketKeys linked by a direct HAS_MARKET edge. */
  hasMarket: string[];
  /** marketKeys linked only by an inferred AFFECTS edge (never exposed in relationships). */
  affects: string[];
}

export interface ResolutionPathway {
  criteria: string | null;
  crux: string | null;
  deadline: EpochMs | null;
  source: string | null;
}

export interface ForecastSource {
  title: string;
  url: string;
  publisher: string;
}

export interface Forecast {
  id: string;
  marketKey: string;
  /** YES probability 0..1. */
  probability: number;
  createdAt: EpochMs;
  headline: string | null;
  bluf: string | null;
  thesis: string | null;
  reasoningSummary: string | null;
  citationCount: number;
  resolutionPathway: ResolutionPathway;
  deltaFromPrior: number | null;
  deltaReasoning: string | null;
  refreshReason: string | null;
  marketOddsAtForecast: number | null;
  /** Path risk over ~72h from createdAt; never adjusts the probability. */
  drawdownRisk72h: { yes: number; no: number };
  uncertainty: { low: number; high: number };
  sources: ForecastSource[];
}

export type ArticleDirection = 'yes' | 'no' | null;

export interface Article {
  id: string;
  /** Markets this article is RELEVANT_TO. */
  marketKeys: string[];
  title: string;
  /** Correlation reasoning. */
  comment: string;
  direction: ArticleDirection;
  url: string;
  source: string;
  feedTier: string;
  publishedAt: EpochMs;
  correlatedAt: EpochMs;
  ingestedAt: EpochMs;
  confidence: string;
  evidenceQuote: string;
}

export interface SocialPost {
  id: string;
  marketKeys: string[];
  authorHandle: string;
  isExpert: boolean;
  url: string;
  text: string;
  publishedAt: EpochMs;
  /** Re-sighted posts have this recent while publishedAt is old. */
  lastSeenRelevantAt: EpochMs;
  confidence: string;
  reasoning: string;
  evidenceQuote: string;
}

export type TradeSignalStatus = 'active' | 'expired' | 'withdrawn';

export interface TradeSignal {
  id: string;
  marketKey: string;
  /** The forecast the publication was made on (ON_FORECAST edge). */
  forecastId: string;
  side: 'yes' | 'no';
  status: TradeSignalStatus;
  conviction: 'low' | 'medium' | 'high';
  /** Forecast-minus-odds gap in probability points at publication, on the signal's side. */
  convergence: number;
  /** Indicative size in USD the book can absorb. */
  capacity: number;
  publishedAt: EpochMs;
  drawdownRiskElevated: boolean | null;
}

export interface OilReading {
  id: string;
  /** YYYY-MM-DD (UTC). */
  readingDate: string;
  /** When the daily reading was frozen. */
  frozenAt: EpochMs;
  state: 'bullish' | 'bearish' | 'neutral';
  side: 'long' | 'short' | 'flat';
  z: number;
  gap: number;
  intensity: 'low' | 'moderate' | 'high';
  basisForecasts: number;
  basisMarkets: number;
  headline: string;
  summary: string;
  formulaVersion: string;
}

export interface OilEpisode {
  id: string;
  openedAt: EpochMs;
  days: number;
  status: 'open';
  refPrice: number;
  outcomePrice: number;
  outcomeAt: EpochMs;
  returnPct: number;
  liveReturnPct: number;
}

export interface OilMarks {
  venueAPerps: { symbol: string; mark: number; index: number; fundingRate: number; at: EpochMs };
  perpVenueB: { coin: string; mid: number; at: EpochMs };
}

/** Identifiers that exercise specific rules; handy for the stub's own tests and route writers. */
export interface DatasetExamples {
  multiContractEventTicker: string;
  multiContractChildTicker: string;
  singleContractEventTicker: string;
  singleContractChildTicker: string;
  dailyEventUrl: string;
  brokerMarketKey: string;
  legacyVenueASlug: string;
  legacyVenueAId: string;
  legacyVenueAConditionId: string;
  newerVenueAMarketKey: string;
  venueAEventSlug: string;
  venueAEventChildSlug: string;
  excluded: Record<Exclusion, string>;
  excludedHourlyMarketKey: string;
  dailyCryptoMarketKey: string;
  bigAssetKey: string;
  affectsOnlyMarketKey: string;
  closedLinkedMarketKey: string;
  uncoveredMarketKey: string;
  uncoveredEventTicker: string;
  unknownMarketKey: string;
  disputedMarketKey: string;
  nullQuoteMarketKey: string;
  snapshotMarketKey: string;
  lastTradeMarketKey: string;
  signalWithoutFreshForecastMarketKey: string;
  noForecastMarketKey: string;
  multiPublicationMarketKey: string;
  profileHandle: string;
  thinProfileHandle: string;
}

export interface OilData {
  /** Oldest first, one per UTC day. */
  readings: OilReading[];
  episode: OilEpisode;
  marks: OilMarks;
}

export interface Dataset {
  seed: number;
  anchor: EpochMs;
  markets: Market[];
  events: VenueEvent[];
  assets: Asset[];
  forecasts: Forecast[];
  articles: Article[];
  posts: SocialPost[];
  tradeSignals: TradeSignal[];
  oil: OilData;
  examples: DatasetExamples;
}
