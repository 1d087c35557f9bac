/**
 * API shapes produced by the presenters, named after the contract's component schemas
 * (spec "Resources and their fields"). 'T | null' keys are always present.
 */
import type { Venue } from '../data/model.ts';

export type IsoDateTime = string;

/** Spec "Market routing object (CanonicalMarketRouting)". */
export interface CanonicalMarketRouting {
  venue: Venue;
  nativeMarketId: string;
  nativeEventId: string | null;
  seriesTicker: string | null;
  marketKey: string;
  serviceMarketId: string;
  slug: string | null;
  marketUrl: string | null;
  sourceUrl: string | null;
  broker_channels: 'broker_a'[];
  broker_a_category: string | null;
  broker_a_url: string | null;
}

export type Relationship = 'HAS_MARKET' | 'ON_MARKET' | 'ON_FORECAST' | 'HAS_SIGNAL';
export type Direction = 'incoming' | 'outgoing';
export type Via = 'direct' | 'market' | 'asset';

/** Spec "Relationships envelope", fields common to all refs. */
export interface RefCommon {
  relationship: Relationship;
  direction: Direction;
  via: Via;
}

export interface AssetRef extends RefCommon {
  id: string;
  assetKey: string;
  name: string;
  ticker: string | null;
  asset_type: string;
}

export interface MarketRef extends RefCommon {
  marketKey: string;
  venue: Venue;
  nativeMarketId: string;
  question: string | null;
}

export interface SignalRef extends RefCommon {
  id: string;
  signal_type: 'prediction_market';
  canonical_endpoint: '/api/v1/signals';
  side: string | null;
  published_at: IsoDateTime | null;
}

export interface RelationshipsEnvelope {
  assets: AssetRef[];
  markets: MarketRef[];
  signals: SignalRef[];
  truncated: { assets: boolean; markets: boolean; signals: boolean };
}

export interface CanonicalMarketWithRelationships extends CanonicalMarketRouting {
  relationships: RelationshipsEnvelope;
}

/** Spec "Venue quote (VenueQuoteV1)". */
export interface VenueQuoteV1 {
  schema_version: '1';
  venue: Venue | null;
  market_id: string | null;
  yes_bid: number | null;
  yes_ask: number | null;
  yes_last: number | null;
  selected_probability: number | null;
  quote_method: string | null;
  venue_timestamp: IsoDateTime | null;
  observed_at: IsoDateTime | null;
  freshness: string;
}

export interface MarketEvent {
  id: string;
  title: string;
  slug: string | null;
}

/** Spec "Market list item". */
export interface MarketListItem extends CanonicalMarketRouting {
  question: string | null;
  event: MarketEvent;
  tags: string[];
  categories: string[];
  end_date: IsoDateTime | null;
  market_odds: number | null;
  venue_quote: VenueQuoteV1;
  inDispute: boolean;
  /** Its type is a gap (MKT-040): null, or an empty array on the alternate stub. */
  clarifications: null | never[];
  volume_24h: number | null;
  signal_count: number;
  forecast_count: number;
  latest_forecast_at: IsoDateTime | null;
  market_updated_at: IsoDateTime;
  latest_forecast_delta: number | null;
  latest_forecast_refresh_reason: string | null;
  serviceUrl: string | null;
  venueAUrl: string | null;
}

/** Spec "Asset search item", linked market. */
export interface LinkedMarket extends MarketListItem {
  has_forecast: boolean;
  latest_service_probability: number | null;
  thesis: string | null;
  forecast_at: IsoDateTime | null;
  market_odds_at_forecast: number | null;
  has_published_signal: boolean;
  published_signal_count: number;
}
