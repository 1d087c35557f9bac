/**
 * GET /api/v1/signals (spec: Other operations referenced; rules SIG-*, VER-011/012/015): the newest
 * publication per market, THEN the eligibility filters, with no fallback to an older publication.
 */
import type { DataStore, Market, TradeSignal } from '../data/index.ts';
import { invalidRequest } from '../errors.ts';
import type { Query } from '../params.ts';
import { iso, serviceUrl, withRelationships } from '../present/index.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';

export interface SignalFilters {
  /** exclude_drawdown_risk (or its former name exclude_crash_risk); keeps only rows with a `false` read (SIG-009). */
  excludeDrawdownRisk: boolean;
  /** topic: broker_a or a tag/category (SIG-013), case-insensitive. */
  topic: string | undefined;
}

/**
 * Reads the filters of listSignals.
 * @throws ApiError 422 for a non-boolean flag, an empty or over-long topic, or the flag and its
 *   alias given with different values (VER-015).
 */
export function parseSignalFilters(q: Query): SignalFilters {
  const current = q.has('exclude_drawdown_risk') ? q.bool('exclude_drawdown_risk', false) : undefined;
  const former = q.has('exclude_crash_risk') && !mutant('ver-alias-param-ignored') ? q.bool('exclude_crash_risk', false) : undefined;
  if (current !== undefined && former !== undefined && current !== former) {
    throw invalidRequest('exclude_drawdown_risk and its former name exclude_crash_risk disagree');
  }
  return { excludeDrawdownRisk: current ?? former ?? false, topic: q.str('topic', { max: 200 }) };
}

const BROKER_TOPIC = 'broker_a';

/** topic=broker_a selects broker-listed markets; any other topic is an exact tag or category (SIG-011/013). */
function matchesTopic(m: Market, topic: string, store: DataStore): boolean {
  const t = topic.toLowerCase();
  if (t === BROKER_TOPIC) return m.brokerChannels.includes(BROKER_TOPIC);
  return topicsOf(m, store).some((x) => x.toLowerCase() === t);
}

/** A market's tags and categories, its event's category included. */
function topicsOf(m: Market, store: DataStore): string[] {
  const category = store.eventOf(m)?.category;
  return [...m.tags, ...m.categories, ...(category ? [category] : [])];
}

/** True when some covered market carries `topic` (the alternate stub ignores a topic none carries: gap SIG-013). */
function knownTopic(topic: string, store: DataStore): boolean {
  const t = topic.toLowerCase();
  return t === BROKER_TOPIC || store.coveredMarkets().some((m) => topicsOf(m, store).some((x) => x.toLowerCase() === t));
}

/** Eligibility of a market's newest publication; a failure hides the market (no older fallback, SIG-004/005). */
function eligible(s: TradeSignal, m: Market, f: SignalFilters, store: DataStore): boolean {
  // Status is reported, not filtered (SIG-014): an expired or withdrawn newest publication shows as such.
  if (!m.covered || !m.active) return false;
  // null is "unknown, not safe": the filter keeps only a definite false (SIG-009). Mutant
  // sig-exclude-drawdown-keeps-null: only a true read is dropped (round-39 bug).
  const risky = mutant('sig-exclude-drawdown-keeps-null') ? s.drawdownRiskElevated === true : s.drawdownRiskElevated !== false;
  if (f.excludeDrawdownRisk && (mutant('sig-drawdown-wrong-value') ? s.drawdownRiskElevated === null : risky)) return false;
  if (f.topic !== undefined && alt('SIG-013') && !knownTopic(f.topic, store)) return true;
  // Mutant sig-topic-lost-with-drawdown-filter: beside exclude_drawdown_risk=true the topic is dropped (round-8 bug).
  if (mutant('sig-topic-lost-with-drawdown-filter') && f.excludeDrawdownRisk) return true;
  return f.topic === undefined || matchesTopic(m, f.topic, store);
}

/** One row (SCH-440 gap shape plus the former name crash_risk_elevated, VER-011). */
function row(s: TradeSignal, m: Market, store: DataStore, siteUrl: string): Record<string, unknown> {
  // The alternate stub names the market `listing` (gap SIG-025) and adds no row metadata (gap SIG-016).
  const metadata = alt('SIG-016') ? {} : { signal_type: 'prediction_market', question: m.question, serviceUrl: serviceUrl(m, siteUrl) };
  return {
    id: s.id,
    ...metadata,
    [alt('SIG-025') ? 'listing' : 'market']: siblingsFlipped(withRelationships(m, store)),
    side: s.side,
    status: s.status,
    conviction: s.conviction,
    convergence: s.convergence,
    capacity: s.capacity,
    published_at: iso(s.publishedAt),
    ...(alt('SIG-016') ? {} : { forecast_id: s.forecastId }),
    drawdown_risk_elevated: s.drawdownRiskElevated,
    ...(mutant('ver-crash-risk-dropped') ? {} : { crash_risk_elevated: s.drawdownRiskElevated }),
  };
}

/** The listSignals body: {signals, count, as_of}, rows newest publication first (SIG-015/016). */
export function tradeSignals(store: DataStore, f: SignalFilters, siteUrl: string, nowMs: number): Record<string, unknown> {
  const rows: Record<string, unknown>[] = [];
  for (const s of mutant('sig-row-per-publication')
    ? store.newestTradeSignals().flatMap((n) => store.tradeSignalsFor(n.marketKey))
    : store.newestTradeSignals()) {
    const m = store.byMarketKey(s.marketKey);
    if (m && s.publishedAt <= nowMs && eligible(s, m, f, store)) rows.push(row(s, m, store, siteUrl));
  }
  // Newest publication first (gap SIG-015), or by marketKey on the alternate stub.
  if (alt('SIG-015')) rows.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  // {signals, count, as_of} (gaps SIG-024, SIG-016); the alternate stub answers {items}.
  if (alt('SIG-024') || alt('SIG-016'))
    return { [alt('SIG-024') ? 'items' : 'signals']: rows, ...(alt('SIG-016') ? {} : { count: rows.length, as_of: iso(nowMs) }) };
  return { signals: rows, count: rows.length, as_of: iso(nowMs) };
}

/** The marketKey of a presented row (under `market` or, on the alternate stub, `listing`). */
const keyOf = (row: Record<string, unknown>): string =>
  String(((row.market ?? row.listing) as { marketKey?: unknown } | undefined)?.marketKey);

/** Mutant rel-signal-list-siblings-incoming: the list rows' two-hop market refs say incoming (round-13 bug). */
function siblingsFlipped<T extends { relationships: { markets: { via: string; direction: string }[] } }>(market: T): T {
  if (!mutant('rel-signal-list-siblings-incoming')) return market;
  const markets = market.relationships.markets.map((r) => (r.via === 'asset' ? { ...r, direction: 'incoming' } : r));
  return { ...market, relationships: { ...market.relationships, markets } };
}
