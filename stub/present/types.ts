/**
 * API shapes produced by the presenters, named after the contract's component schemas (spec "Resources and
 * their fields"): aliases of the types openapi-typescript generates from contract/openapi.yaml
 * (contract/openapi-types.ts, `npm run rules:gen`), so a field the contract adds, drops or retypes is a type
 * error in the presenter that builds it. 'T | null' keys are always present.
 */
import type { components } from '../../contract/openapi-types.ts';

type Schemas = components['schemas'];

/** An RFC 3339 date-time string (the contract's `format: date-time`). */
export type IsoDateTime = string;

/** Spec "Market routing object (CanonicalMarketRouting)". */
export type CanonicalMarketRouting = Schemas['CanonicalMarketRouting'];

/** Spec "Relationships envelope", fields common to all refs. */
export type RefCommon = Schemas['RefCommon'];
export type Relationship = RefCommon['relationship'];
export type Direction = RefCommon['direction'];
export type Via = RefCommon['via'];
export type AssetRef = Schemas['AssetRef'];
export type MarketRef = Schemas['MarketRef'];
export type SignalRef = Schemas['SignalRef'];
export type RelationshipsEnvelope = Schemas['RelationshipsEnvelope'];
export type CanonicalMarketWithRelationships = Schemas['CanonicalMarketWithRelationships'];

/** Spec "Venue quote (VenueQuoteV1)". */
export type VenueQuoteV1 = Schemas['VenueQuoteV1'];

/** Spec "Market list item". */
export type MarketListItem = Schemas['MarketListItem'];

/** Spec "Asset search item", linked market. */
export type LinkedMarket = Schemas['LinkedMarket'];
