/** Spec "Market routing object (CanonicalMarketRouting)" and the navigation URLs beside it. */
import type { Market } from '../data/model.ts';
import type { CanonicalMarketRouting } from './types.ts';
import { mutant } from '../mutants.ts';

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
    sourceUrl: m.sourceUrl,
    broker_channels: mutant('route-broker-all') && m.venue === 'venue_a' ? ['broker_a'] : [...m.brokerChannels],
    broker_a_category: m.brokerACategory,
    broker_a_url: m.brokerAUrl,
  };
}

/**
 * `{site_url}/markets/{serviceMarketId}` with the id URL-encoded (so `venue_b:X` becomes
 * `venue_b%3AX`); null for a market the service does not cover (no page yet).
 */
export function serviceUrl(m: Market, siteUrl: string): string | null {
  if (!m.covered) return null;
  return `${siteUrl.replace(/\/+$/, '')}/markets/${mutant('route-url-unencoded') ? m.serviceMarketId : encodeURIComponent(m.serviceMarketId)}`;
}

/** Legacy navigation alias of marketUrl, populated only for venue_a rows. */
export function venueAUrl(m: Market): string | null {
  return m.venue === 'venue_a' || mutant('route-venue-a-url-all') ? m.marketUrl : null;
}
