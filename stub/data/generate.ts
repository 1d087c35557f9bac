/**
 * Deterministic dataset for the reference stub.
 *
 * `generateDataset(seed, anchor)` is a pure function: one seeded PRNG drives every draw and every
 * instant is an offset from `anchor`, so the same seed and anchor give a byte-identical dataset
 * (`JSON.stringify` equal). Identifiers (tickers, slugs, numeric ids, uuids) depend on the seed
 * only; the draw sequence never branches on the anchor.
 */
import type { Asset, Dataset, Forecast, Market } from './model.ts';
import { Rng } from './rng.ts';
import { generateMarkets } from './gen/markets.ts';
import { generateAssets } from './gen/assets.ts';
import { generateForecasts } from './gen/forecasts.ts';
import { generateTradeSignals } from './gen/trade-signals.ts';
import { generateEvidence } from './gen/evidence.ts';
import { generateOil } from './gen/oil.ts';
import { pickExamples } from './gen/examples.ts';

/**
 * Builds the full dataset (spec "What the service does" 1–9 data: markets on four venues, venue
 * events, assets, forecasts, articles, social posts, trade signals, daily oil readings).
 * Throws if `anchor` is not a valid date or a rule-relevant case is missing.
 */
/**
 * One Asset whose every linked market has neither venue odds nor a forecast: material_only=true must
 * drop it (spec: assets/search material_only; ASRCH-030). Drawn from its own PRNG after everything
 * else, so the rest of the dataset is the same with or without it.
 */
function dormantAssets(seed: number, markets: readonly Market[], forecasts: readonly Forecast[]): Asset[] {
  const forecasted = new Set(forecasts.map((f) => f.marketKey));
  const bare = markets
    .filter((m) => m.covered && m.active && m.status === 'open' && m.exclusion === null && m.quote === null && !forecasted.has(m.marketKey))
    .slice(0, 2);
  if (!bare.length) return [];
  return [
    {
      id: new Rng(seed ^ 0x5eed).uuid(),
      assetKey: 'dormant-holdings',
      name: 'Dormant Holdings',
      ticker: 'DRMT',
      assetType: 'company',
      aliases: ['Dormant Co'],
      identifiers: [{ platform: 'nasdaq', kind: 'ticker', value: 'DRMT' }],
      hasMarket: bare.map((m) => m.marketKey),
      affects: [],
    },
  ];
}

export function generateDataset(seed: number, anchor: Date): Dataset {
  const t0 = anchor.getTime();
  if (!Number.isFinite(t0)) throw new Error('generateDataset: anchor is not a valid Date');
  const rng = new Rng(seed);

  const { drafts, events } = generateMarkets(rng, t0);
  const markets = drafts.map((d) => d.market);
  const assets = generateAssets(rng, drafts);
  const { forecasts, profiles } = generateForecasts(rng, t0, drafts);

  const forecastsByMarket = new Map<string, Forecast[]>();
  for (const f of forecasts) forecastsByMarket.set(f.marketKey, [...(forecastsByMarket.get(f.marketKey) ?? []), f]);
  const tradeSignals = generateTradeSignals(rng, t0, markets, forecastsByMarket, profiles);

  const assetsOf = new Map<string, string[]>();
  for (const a of assets) for (const k of a.hasMarket) assetsOf.set(k, [...(assetsOf.get(k) ?? []), a.assetKey]);
  const marketsOf = new Map(assets.map((a) => [a.assetKey, a.hasMarket]));
  const siblingsOf = (key: string): string[] =>
    [...new Set((assetsOf.get(key) ?? []).flatMap((a) => marketsOf.get(a) ?? []))].filter((k) => k !== key);
  const { articles, posts } = generateEvidence(rng, t0, markets, siblingsOf);

  const oil = generateOil(rng, t0);
  assets.push(...dormantAssets(seed, markets, forecasts));
  const base = { seed, anchor: t0, markets, events, assets, forecasts, articles, posts, tradeSignals, oil };
  return { ...base, examples: pickExamples(base) };
}
