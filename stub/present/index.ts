/** Presenters: model records to the API shapes of the spec's "Resources and their fields". */
export type * from './types.ts';
export { routing, serviceUrl, venueAUrl } from './routing.ts';
export { relationships, withRelationships, emptyRelationships } from './relationships.ts';
export { venueQuote, venueQuoteMember } from './quote.ts';
export { marketListItem, linkedMarket, linkedFields, type MarketItemContext } from './market-item.ts';
export { iso, isoOrNull } from './time.ts';
