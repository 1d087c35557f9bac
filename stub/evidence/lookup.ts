/**
 * Slug lookups shared by the per-market reads (GET /api/v1/markets/{slug}/signals and
 * /forecast): the path slug names a covered market in one venue's namespace, venue_a when the
 * venue parameter is omitted (spec: Venue key; Versioning rule 5).
 */
import type { Market } from '../data/index.ts';
import type { StubContext } from '../context.ts';
import { invalidRequest, notFound } from '../errors.ts';
import type { Query } from '../params.ts';

/** Spec Limits, item 4: slug 1..512 characters. */
const SLUG_MAX = 512;

/**
 * The covered market the path slug names in the requested venue's namespace.
 * Only a true slug matches (case-insensitively), or the marketKey of a market that has no slug
 * (gaps EVID-017, FCST-002): native ids and condition ids do not, so the answer's market is always
 * the one the path names (EVID-007, FCST-014).
 * @throws ApiError 422 for a slug over 512 characters or a bad venue; 404 not_found when no
 *   covered market of that namespace carries the slug.
 */
export function marketBySlug(ctx: StubContext, slug: string, query: Query): Market {
  if (slug.length < 1 || slug.length > SLUG_MAX) throw invalidRequest(`slug must be 1..${SLUG_MAX} characters`);
  const venue = query.venue();
  const namespace = venue ?? 'venue_a';
  const market = ctx.store.resolveMarket({ slug, venue: namespace });
  const named = market?.slug ? market.slug.toLowerCase() === slug.toLowerCase() : market?.marketKey.toLowerCase() === slug.toLowerCase();
  if (!market || !market.covered || !named) {
    throw notFound(`no covered market with slug ${JSON.stringify(slug)} in the ${namespace} namespace${venue ? '' : ' (venue omitted)'}`);
  }
  return market;
}
