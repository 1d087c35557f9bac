/**
 * Picks one identifier per rule-relevant case from a generated dataset. Fails loudly when a case is
 * missing, so a table edit that drops a case breaks generation instead of silently thinning coverage.
 */
import type { Dataset, DatasetExamples, Exclusion, Market } from '../model.ts';
import { HOUR } from '../rng.ts';
import { PROFILE_HANDLE, THIN_HANDLE } from '../tables/text.ts';

function must<T>(v: T | undefined, what: string): T {
  if (v === undefined) throw new Error(`dataset is missing a required case: ${what}`);
  return v;
}

export function pickExamples(d: Omit<Dataset, 'examples'>): DatasetExamples {
  const byKey = new Map(d.markets.map((m) => [m.marketKey, m]));
  const market = (pred: (m: Market) => boolean, what: string): Market => must(d.markets.find(pred), what);
  const live = (m: Market): boolean => m.covered && m.active && m.exclusion === null;
  const forecastTimes = new Map<string, number[]>();
  for (const f of d.forecasts) forecastTimes.set(f.marketKey, [...(forecastTimes.get(f.marketKey) ?? []), f.createdAt]);
  const signalCount = new Map<string, number>();
  for (const s of d.tradeSignals) signalCount.set(s.marketKey, (signalCount.get(s.marketKey) ?? 0) + 1);
  const articleKeys = new Set(d.articles.flatMap((a) => a.marketKeys));
  const fresh = (k: string): boolean => (forecastTimes.get(k) ?? []).some((t) => t >= d.anchor - 48 * HOUR);

  const legacy = market(
    (m) => live(m) && m.legacy && m.child === null && m.quote !== null && fresh(m.marketKey) && articleKeys.has(m.marketKey),
    'legacy venue_a row with forecasts and articles',
  );
  const multi = must(
    d.events.find((e) => e.ticker === 'KXFED-26DEC' && e.childMarketKeys.length > 1),
    'multi-contract venue_b event',
  );
  const single = must(
    d.events.find((e) => e.ticker === 'KXRECESSION-26' && e.childMarketKeys.length === 1),
    'single-contract venue_b event',
  );
  const daily = must(
    d.events.find((e) => e.venue === 'venue_b' && e.daily),
    'venue_b daily event',
  );
  const venueAEvent = must(
    d.events.find((e) => e.slug === 'fed-decision-in-january-2026'),
    'venue_a multi-market event',
  );

  const excluded = (reason: Exclusion): string => market((m) => m.covered && m.exclusion === reason, `excluded ${reason}`).marketKey;
  const bigAsset = must([...d.assets].sort((a, b) => b.hasMarket.length - a.hasMarket.length)[0], 'asset');
  if (bigAsset.hasMarket.length <= 50) throw new Error('dataset is missing a required case: asset with more than 50 markets');
  const linked = new Set(d.assets.flatMap((a) => a.hasMarket));
  const unknownMarketKey = 'venue_b:KXUNKNOWN-99-T1';
  if (byKey.has(unknownMarketKey)) throw new Error('unknown example collides with a market');

  return {
    multiContractEventTicker: multi.id,
    multiContractChildTicker: must(byKey.get(multi.childMarketKeys.find((k) => k.endsWith('-T4.25')) ?? ''), 'KXFED-26DEC-T4.25')
      .nativeMarketId,
    singleContractEventTicker: single.id,
    singleContractChildTicker: must(byKey.get(single.childMarketKeys[0] ?? ''), 'single child').nativeMarketId,
    dailyEventUrl: daily.eventUrl,
    brokerMarketKey: market((m) => live(m) && m.brokerChannels.length > 0, 'broker_a row').marketKey,
    legacyVenueASlug: must(legacy.slug ?? undefined, 'legacy slug'),
    legacyVenueAId: legacy.serviceMarketId,
    legacyVenueAConditionId: must(legacy.conditionId ?? undefined, 'condition id'),
    newerVenueAMarketKey: market((m) => live(m) && m.venue === 'venue_a' && !m.legacy, 'newer venue_a row').marketKey,
    venueAEventSlug: must(venueAEvent.slug ?? undefined, 'event slug'),
    venueAEventChildSlug: must(byKey.get(venueAEvent.childMarketKeys[0] ?? '')?.slug ?? undefined, 'event child slug'),
    excluded: { sports: excluded('sports'), mentions: excluded('mentions'), crypto_up_down: excluded('crypto_up_down') },
    excludedHourlyMarketKey: market((m) => m.exclusion === 'crypto_up_down' && m.cryptoHorizon === 'hourly', 'hourly up/down').marketKey,
    dailyCryptoMarketKey: market((m) => live(m) && m.cryptoHorizon === 'daily' && m.venue === 'venue_a', 'daily-close up/down').marketKey,
    bigAssetKey: bigAsset.assetKey,
    affectsOnlyMarketKey: must(
      d.assets.flatMap((a) => a.affects).find((k) => !linked.has(k)),
      'AFFECTS-only market',
    ),
    closedLinkedMarketKey: market((m) => m.status === 'closed' && linked.has(m.marketKey), 'closed linked market').marketKey,
    uncoveredMarketKey: market((m) => !m.covered && m.venue === 'venue_b', 'uncovered venue_b market').marketKey,
    uncoveredEventTicker: must(
      d.events.find((e) => e.childMarketKeys.length > 1 && e.childMarketKeys.every((k) => byKey.get(k)?.covered === false))?.id,
      'uncovered event',
    ),
    unknownMarketKey,
    disputedMarketKey: market((m) => m.inDispute, 'market in dispute').marketKey,
    nullQuoteMarketKey: market((m) => live(m) && m.quote === null, 'null quote').marketKey,
    snapshotMarketKey: market((m) => live(m) && m.quote?.method === 'graph_snapshot', 'graph snapshot').marketKey,
    lastTradeMarketKey: market((m) => live(m) && m.quote?.method === 'last_trade', 'last_trade quote').marketKey,
    signalWithoutFreshForecastMarketKey: market(
      (m) => live(m) && signalCount.has(m.marketKey) && articleKeys.has(m.marketKey) && !fresh(m.marketKey),
      'signals without in-window forecast',
    ).marketKey,
    noForecastMarketKey: market(
      (m) => live(m) && !forecastTimes.has(m.marketKey) && articleKeys.has(m.marketKey),
      'articles but no forecast',
    ).marketKey,
    multiPublicationMarketKey: market((m) => (signalCount.get(m.marketKey) ?? 0) > 1, 'several publications').marketKey,
    profileHandle: PROFILE_HANDLE,
    thinProfileHandle: THIN_HANDLE,
  };
}
