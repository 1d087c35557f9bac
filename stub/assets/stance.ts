/**
 * GET /api/v1/assets/stance (getAssetStance): "The asset-level stance is a separate product"
 * (spec "What the service does", rule 3). Parameters, shape and derivation are not shown; the stub's
 * choices are gaps ASSET-110..114.
 */
import type { Asset } from '../data/index.ts';
import { invalidRequest, notFound } from '../errors.ts';
import { alt } from '../variant.ts';
import type { Query } from '../params.ts';
import type { AssetGraph } from './graph.ts';

/** Gap ASSET-113: the mean edge, in percentage points, beyond which the stance leaves neutral. */
export const STANCE_THRESHOLD_PP = 2.5;
const ASSET_MAX = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Stance = 'bullish' | 'bearish' | 'neutral';

export interface AssetStanceResponse {
  asset: { id: string; assetKey: string; name: string; ticker: string | null; asset_type: string };
  stance: Stance | null;
  score: number | null;
  basis: { market_count: number; markets_considered: number; mean_edge_pp: number | null; threshold_pp: number };
  as_of: string;
}

/** The alternate stub's shape (gap ASSET-112): the same content under other member names. */
export interface AltAssetStanceResponse {
  subject: AssetStanceResponse['asset'];
  direction: Stance | null;
  strength: number | null;
  basis: AssetStanceResponse['basis'];
  computed_at: string;
}

/**
 * The Asset named by the required parameter (`asset`, gap ASSET-110; `asset_ref` on the alternate stub):
 * a UUID (case-insensitive) or an exact assetKey.
 * @throws ApiError 422 when it is missing, repeated or not 1..200 characters; 404 not_found when unknown
 *   (gap ASSET-111; 422 invalid_request on the alternate stub).
 */
export function resolveStanceAsset(query: Query, graph: AssetGraph): Asset {
  const name = alt('ASSET-110') ? 'asset_ref' : 'asset';
  const ref = query.requiredStr(name, { max: ASSET_MAX });
  const hit = graph.assets().find((a) => (UUID.test(ref) && a.id.toLowerCase() === ref.toLowerCase()) || a.assetKey === ref);
  if (!hit) throw alt('ASSET-111') ? invalidRequest(`${name} names no Asset`) : notFound(`no asset ${JSON.stringify(ref)}`);
  return hit;
}

/** The stance in the shape the variant serves (gap ASSET-112). */
export const presentStance = (s: AssetStanceResponse): AssetStanceResponse | AltAssetStanceResponse =>
  alt('ASSET-112') ? { subject: s.asset, direction: s.stance, strength: s.score, basis: s.basis, computed_at: s.as_of } : s;

const round = (x: number, places: number): number => Math.round(x * 10 ** places) / 10 ** places;

/**
 * The stance over the Asset's hydrated markets that carry both odds and a latest forecast:
 * score = mean(forecast − odds); YES is read as the bullish side (gap ASSET-113). `nowMs` is the
 * as_of fallback when no market is considered (gap ASSET-114).
 */
export function assetStance(graph: AssetGraph, asset: Asset, nowMs: number): AssetStanceResponse {
  const linked = graph.linkedMarkets(asset);
  const considered = linked.filter((m) => m.market_odds !== null && m.latest_service_probability !== null);
  const edges = considered.map((m) => m.latest_service_probability! - m.market_odds!);
  const score = edges.length ? round(edges.reduce((s, e) => s + e, 0) / edges.length, 4) : null;
  const edgePp = score === null ? null : round(score * 100, 2);
  const stance: Stance | null =
    edgePp === null ? null : edgePp >= STANCE_THRESHOLD_PP ? 'bullish' : edgePp <= -STANCE_THRESHOLD_PP ? 'bearish' : 'neutral';
  const newest = considered.map((m) => Date.parse(m.forecast_at!)).reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
  return {
    asset: { id: asset.id, assetKey: asset.assetKey, name: asset.name, ticker: asset.ticker, asset_type: asset.assetType },
    stance,
    score,
    basis: { market_count: linked.length, markets_considered: considered.length, mean_edge_pp: edgePp, threshold_pp: STANCE_THRESHOLD_PP },
    as_of: new Date(Number.isFinite(newest) ? newest : nowMs).toISOString(),
  };
}
