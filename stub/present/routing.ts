/** Spec "Market routing object (CanonicalMarketRouting)" and the navigation URLs beside it. */
import type { Market } from '../data/model.ts';
import type { CanonicalMarketRouting } from './types.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';

/** A venue_b row no broker lists: the alternate stub keeps its would-be category (gap ROUTE-008). */
const unlistedCategory = (m: Market): string | null =>
  alt('ROUTE-008') && m.venue === 'venue_b' && m.brokerChannels.length === 0 ? (m.categories[0]?.toLowerCase() ?? null) : null;

/** The routing object, every key present, in the spec's field order. */
export function routing(m: Market): CanonicalMarketRouting {
  return {
    venue: m.venue,
    nativeMarketId: m.nativeMarketId,
    nativeEventId: m.nativeEventId,
    seriesTicker: m.seriesTicker,
    marketKey: mutant('route-key-dash') ? m.marketKey.replace(':', '-') : m.marketKey,
    serviceMarketId: m.serviceMarketId,
    slug: m.slug,
    marketUrl: m.marketUrl,
    // The venue's API URL (gap ROUTE-012; the alternate stub gives the market page as provenance).
    sourceUrl: alt('ROUTE-012') ? m.marketUrl : m.sourceUrl,
    broker_channels: mutant('route-broker-all') && m.venue === 'venue_a' ? ['broker_a'] : [...m.brokerChannels],
    broker_a_category: m.brokerACategory ?? unlistedCategory(m),
    broker_a_url: m.brokerAUrl,
  };
}

/**
 * `{site_url}/markets/{serviceMarketId}` with the id URL-encoded (so `venue_b:X` becomes
 * `venue_b%3AX`; gap ROUTE-010: the alternate stub leaves ':', a valid path character, as it is);
 * null for a market the service does not cover (no page yet).
 */
export function serviceUrl(m: Market, siteUrl: string): string | null {
  if (!m.covered) return null;
  let segment = encodeURIComponent(m.serviceMarketId);
  if (alt('ROUTE-010')) segment = segment.replace(/%3A/g, ':');
  if (mutant('route-url-double-encoded')) segment = encodeURIComponent(segment);
  return `${siteUrl.replace(/\/+$/, '')}/markets/${segment}`;
}

/** Legacy navigation alias of marketUrl, populated only for venue_a rows. */
export function venueAUrl(m: Market): string | null {
  return m.venue === 'venue_a' || mutant('route-venue-a-url-all') ? m.marketUrl : null;
}
