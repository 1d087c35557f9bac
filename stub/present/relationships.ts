/**
 * Spec "Relationships envelope": bounded (≤ 50 refs per category, `truncated` true exactly where
 * more existed), flat and non-recursive. No probabilities, odds, AFFECTS edges or forecast refs.
 *
 * Graph edges used: Asset -HAS_MARKET-> Market, Forecast -ON_MARKET-> Market,
 * Market -HAS_SIGNAL-> TradeSignal, TradeSignal -ON_FORECAST-> Forecast. Direction is relative to the
 * subject for direct refs and to the intermediate node for two-hop refs (via market / via asset).
 */
import type { Asset, Market, TradeSignal } from '../data/model.ts';
import type { DataStore } from '../data/store.ts';
import { routing } from './routing.ts';
import { isoOrNull } from './time.ts';
import { selectedProbability } from '../data/quote.ts';
import type {
  AssetRef,
  CanonicalMarketWithRelationships,
  Direction,
  MarketRef,
  RefCommon,
  Relationship,
  RelationshipsEnvelope,
  SignalRef,
  Via,
} from './types.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';

/**
 * The edge between a published trade signal and its market, seen from `end` (gap REL-010): Market
 * -HAS_SIGNAL-> signal, so outgoing at the market and incoming at the signal; the alternate stub reads
 * it as signal -ON_MARKET-> market, so incoming at the market and outgoing at the signal.
 */
function signalEdge(end: 'market' | 'signal'): [Relationship, Direction] {
  if (alt('REL-010')) return ['ON_MARKET', end === 'market' ? 'incoming' : 'outgoing'];
  return ['HAS_SIGNAL', end === 'market' ? 'outgoing' : 'incoming'];
}

export const RELATIONSHIP_CAP = 50;

/** What a relationships envelope describes. `none` gives an empty envelope (e.g. an oil reading). */
export type RelationshipSubject =
  | { kind: 'market'; marketKey: string }
  | { kind: 'asset'; assetId: string }
  | { kind: 'forecast'; forecastId: string }
  | { kind: 'signal'; signalId: string }
  | { kind: 'none' };

const common = (relationship: Relationship, direction: Direction, via: Via): RefCommon => ({ relationship, direction, via });

const assetRef = (c: RefCommon, a: Asset): AssetRef => ({
  ...c,
  id: a.id,
  assetKey: a.assetKey,
  name: a.name,
  ticker: a.ticker,
  asset_type: a.assetType,
});

const marketRef = (c: RefCommon, m: Market): MarketRef => ({
  ...c,
  marketKey: m.marketKey,
  venue: m.venue,
  nativeMarketId: m.nativeMarketId,
  // ROUTE-014's mutant: a ref names its market by the event's title, unlike every other answer carrying the market.
  question: mutant('ref-question-event-title') && m.event.title ? m.event.title : m.question,
  ...(mutant('rel-odds-leak') ? { market_odds: selectedProbability(m.quote) } : {}),
  ...(mutant('rel-nested-odds') ? { pricing: { selected_probability: selectedProbability(m.quote) } } : {}),
});

const signalRef = (c: RefCommon, s: TradeSignal): SignalRef => ({
  ...c,
  id: s.id,
  signal_type: 'prediction_market',
  canonical_endpoint: '/api/v1/signals',
  side: s.side,
  published_at: isoOrNull(s.publishedAt),
});

const byMarketKey = (a: Market, b: Market): number => (a.marketKey < b.marketKey ? -1 : a.marketKey > b.marketKey ? 1 : 0);
const byAssetKey = (a: Asset, b: Asset): number => (a.assetKey < b.assetKey ? -1 : a.assetKey > b.assetKey ? 1 : 0);
const newestSignalFirst = (a: TradeSignal, b: TradeSignal): number => b.publishedAt - a.publishedAt || (a.id < b.id ? -1 : 1);

const uniq = <T>(items: readonly T[]): T[] => [...new Set(items)];

interface Parts {
  assets: AssetRef[];
  markets: MarketRef[];
  signals: SignalRef[];
}

function envelope(p: Parts): RelationshipsEnvelope {
  const cap = mutant('rel-cap-51') ? RELATIONSHIP_CAP + 1 : RELATIONSHIP_CAP;
  return {
    assets: p.assets.slice(0, cap),
    markets: p.markets.slice(0, cap),
    signals: p.signals.slice(0, cap),
    truncated: {
      assets: p.assets.length > RELATIONSHIP_CAP,
      markets: p.markets.length > (mutant('rel-truncated-wrong-cap') ? 20 : RELATIONSHIP_CAP),
      signals: p.signals.length > RELATIONSHIP_CAP,
    },
  };
}

export function emptyRelationships(): RelationshipsEnvelope {
  return envelope({ assets: [], markets: [], signals: [] });
}

/** Assets of a market reached through it (two-hop: the Asset→Market edge is incoming at the market). */
const assetsViaMarket = (store: DataStore, marketKeys: readonly string[], exclude?: Asset): AssetRef[] =>
  uniq(marketKeys.flatMap((k) => store.assetsForMarket(k)))
    .filter((a) => a !== exclude)
    .sort(byAssetKey)
    .map((a) => assetRef(common('HAS_MARKET', 'incoming', 'market'), a));

function forMarket(store: DataStore, m: Market): Parts {
  const assets = store.assetsForMarket(m.marketKey);
  const siblings = uniq(assets.flatMap((a) => store.marketsForAsset(a.id)))
    .filter((x) => x !== m)
    .sort(byMarketKey);
  return {
    assets: assets.map((a) => assetRef(common('HAS_MARKET', 'incoming', 'direct'), a)),
    // Asset -HAS_MARKET-> sibling is outgoing at the intermediate asset.
    markets: siblings.map((x) =>
      marketRef(common(mutant('rel-affects-edge') ? ('AFFECTS' as Relationship) : 'HAS_MARKET', 'outgoing', 'asset'), x),
    ),
    signals: store.tradeSignalsFor(m.marketKey).map((s) => signalRef(common(...signalEdge('market'), 'direct'), s)),
  };
}

function forAsset(store: DataStore, a: Asset): Parts {
  const markets = [...store.marketsForAsset(a.id)].sort(byMarketKey);
  const keys = markets.map((m) => m.marketKey);
  return {
    assets: assetsViaMarket(store, keys, a),
    markets: markets.map((m) => marketRef(common('HAS_MARKET', 'outgoing', 'direct'), m)),
    signals: keys
      .flatMap((k) => store.tradeSignalsFor(k))
      .sort(newestSignalFirst)
      .map((s) => signalRef(common(...signalEdge('market'), 'market'), s)),
  };
}

function forForecast(store: DataStore, forecastId: string): Parts {
  const f = store.forecastById(forecastId);
  const m = f ? store.byMarketKey(f.marketKey) : undefined;
  if (!f || !m) return { assets: [], markets: [], signals: [] };
  // Mutant rel-forecast-assets-direct: a forecast's assets said to be one hop away (round-12 bug).
  // Mutant rel-forecast-assets-on-market: those assets labelled with the first hop's edge, ON_MARKET (round-44 bug).
  const assets = assetsViaMarket(store, [m.marketKey]);
  const labelled = mutant('rel-forecast-assets-on-market')
    ? assets.map((a) => ({ ...a, relationship: 'ON_MARKET' as Relationship }))
    : assets;
  return {
    assets: mutant('rel-forecast-assets-direct') ? labelled.map((a) => ({ ...a, via: 'direct' as Via })) : labelled,
    markets: [marketRef(common('ON_MARKET', 'outgoing', 'direct'), m)],
    // Mutant rel-forecast-signals-has-signal: a forecast's signals labelled with the market's edge (round-13 bug).
    signals: store
      .tradeSignalsOnForecast(f.id)
      .map((s) => signalRef(common(mutant('rel-forecast-signals-has-signal') ? 'HAS_SIGNAL' : 'ON_FORECAST', 'incoming', 'direct'), s)),
  };
}

function forSignal(store: DataStore, signalId: string): Parts {
  const s = store.tradeSignalById(signalId);
  const m = s ? store.byMarketKey(s.marketKey) : undefined;
  if (!s || !m) return { assets: [], markets: [], signals: [] };
  return {
    assets: assetsViaMarket(store, [m.marketKey]),
    markets: [marketRef(common(...signalEdge('signal'), 'direct'), m)],
    signals: [],
  };
}

/**
 * The relationships envelope of a subject. Market: its HAS_MARKET assets (incoming, direct), its
 * published trade signals (HAS_SIGNAL outgoing, direct, newest first) and sibling markets of those
 * assets (HAS_MARKET outgoing, via asset). Asset: its HAS_MARKET markets (outgoing, direct),
 * co-linked assets (via market) and its markets' signals (via market). Forecast: its market
 * (ON_MARKET outgoing), the market's assets (via market) and signals published on it (ON_FORECAST
 * incoming). Signal: its market (HAS_SIGNAL incoming) and that market's assets (via market).
 * Unknown subjects give an empty envelope. Assets and markets are ordered by key, signals newest first.
 */
export function relationships(subject: RelationshipSubject, store: DataStore): RelationshipsEnvelope {
  switch (subject.kind) {
    case 'market': {
      const m = store.byMarketKey(subject.marketKey);
      return m ? envelope(forMarket(store, m)) : emptyRelationships();
    }
    case 'asset': {
      const a = store.assetById(subject.assetId);
      return a ? envelope(forAsset(store, a)) : emptyRelationships();
    }
    case 'forecast':
      return envelope(forForecast(store, subject.forecastId));
    case 'signal':
      return envelope(forSignal(store, subject.signalId));
    case 'none':
      return emptyRelationships();
  }
}

/** Spec CanonicalMarketWithRelationships: the routing object plus the market's envelope. */
export function withRelationships(m: Market, store: DataStore): CanonicalMarketWithRelationships {
  return { ...routing(m), relationships: relationships({ kind: 'market', marketKey: m.marketKey }, store) };
}
