/**
 * Evidence and feed routes: article evidence of one market (getMarketSignals), recent evidence of
 * 1..10 markets (listSources) and the board-wide pull feed (getLatest). Prices and auth are the
 * gate's; a 404 here is never billed because the gate bills 2xx only.
 */
import { iso, serviceUrl, venueAUrl, withRelationships } from '../present/index.ts';
import type { RouteModule } from '../server.ts';
import { ApiError, notFound } from '../errors.ts';
import { mutant } from '../mutants.ts';
import { articleEvidenceItem } from './items.ts';
import { marketBySlug } from './lookup.ts';
import { listSources } from './sources.ts';
import { getLatest } from './latest.ts';
import { alt } from '../variant.ts';

/** Spec Limits, item 4: slug 1..512 characters. */
const SLUG_MAX = 512;

export const register: RouteModule = (route) => {
  /**
   * GET /api/v1/markets/{slug}/signals: the complete live article evidence (Article RELEVANT_TO
   * Market), newest published first. 404 not_found for an invalid slug or no evidence (gap EVID-014).
   */
  route('getMarketSignals', (req, ctx) => {
    const slug = req.params.slug ?? '';
    // An over-long slug is an invalid parameter (422) here, or an invalid slug (404) on the alternate stub (gap EVID-018).
    if (alt('EVID-018') && slug.length > SLUG_MAX) throw notFound(`no market has a slug of ${slug.length} characters`);
    // Mutant sig-slug-over-255-refused: a column width of 255 refuses slugs of 256..510 characters, no edge (round-10 bug).
    if (mutant('sig-slug-over-255-refused') && slug.length > 255 && slug.length < SLUG_MAX - 1)
      throw new ApiError(422, 'invalid_request', 'slug must be 1..255 characters');
    const market = marketBySlug(ctx, slug, req.query);
    const now = ctx.clock.nowMs();
    // The store lists newest published first; only already-published articles are live.
    const articles = ctx.store.articlesFor(market.marketKey).filter((a) => a.publishedAt <= now);
    const newest = articles[0];
    if (!newest) throw notFound(`market ${market.marketKey} has no article evidence`);
    const payer = req.principal?.via === 'api-key' ? req.principal.accountId : undefined;
    // Mutant sig-debit-venue-qualified: a read naming a venue other than venue_a is debited the sources rate, 5 credits
    // instead of 10 (round-23 bug): 5 given back.
    if (mutant('sig-debit-venue-qualified') && payer && (req.query.venue() ?? 'venue_a') !== 'venue_a')
      ctx.accounts.update(payer, { credits: (ctx.accounts.get(payer)?.credits ?? 0) + 5 });
    // Mutant sig-debit-per-page: the read is debited once more per started page of ten articles beyond the first
    // (round-23 bug).
    if (mutant('sig-debit-per-page') && payer && articles.length > 10)
      ctx.accounts.debit(payer, 10 * (Math.ceil(articles.length / 10) - 1), 'getMarketSignals');
    const withEnvelope = withRelationships(market, ctx.store);
    // Mutant rel-evidence-siblings-via-market: sibling markets said to be reached through a market (round-43 bug).
    if (mutant('rel-evidence-siblings-via-market'))
      withEnvelope.relationships.markets = withEnvelope.relationships.markets.map((r) => (r.via === 'asset' ? { ...r, via: 'market' } : r));
    return {
      body: {
        market: withEnvelope,
        // A market without a slug is named by its marketKey (gap EVID-017).
        market_slug: market.slug ?? market.marketKey,
        serviceUrl: serviceUrl(market, ctx.config.siteUrl),
        venueAUrl: venueAUrl(market),
        signals: articles.map(articleEvidenceItem),
        total: articles.length,
        // Publication time of the newest article, or its ingestion time on the alternate stub (gap EVID-006).
        last_updated: iso(alt('EVID-006') ? Math.max(newest.correlatedAt, newest.publishedAt) : newest.publishedAt),
      },
    };
  });

  route('listSources', listSources);
  route('getLatest', getLatest);
};
