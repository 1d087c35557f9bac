/**
 * GET /api/v1/sources: recent evidence (correlated articles and relevant social posts) for 1 to 10
 * covered markets, newest published first (spec: Endpoints / GET /api/v1/sources; rules SRC-*).
 */
import { parseMarketKey, type Market } from '../data/index.ts';
import { withRelationships } from '../present/index.ts';
import type { RouteRequest, RouteResult, StubContext } from '../context.ts';
import { invalidRequest, notFound } from '../errors.ts';
import { alt } from '../variant.ts';
import { articleSourceItem, postSourceItem, type SourceItem } from './items.ts';
import { mutant } from '../mutants.ts';

const HOUR_MS = 3_600_000;
/** Spec Limits, item 4: market_key and slug 1..512 characters. */
const ID_MAX = 512;
const TYPES = ['article', 'x_post'] as const;

/**
 * The requested markets, in request order, deduplicated. Unknown identifiers contribute nothing
 * (gap SRC-012); with market_keys, venue filters (gap SRC-013).
 * @throws ApiError 422 for both or neither of markets/market_keys, bad counts, long or malformed entries.
 */
function requestedMarkets(req: RouteRequest, ctx: StubContext): Market[] {
  const mode = mutant('src-both-accepted') && req.query.has('markets') ? 'markets' : req.query.exactlyOne('markets', 'market_keys');
  const venue = req.query.venue();
  const entries =
    req.query.list(mode, {
      min: 1,
      max: mutant('src-eleven-markets') || (mutant('src-eleven-market-keys') && mode === 'market_keys') ? 11 : 10,
    }) ?? [];
  if (entries.some((e) => e.length > ID_MAX)) throw invalidRequest(`${mode} entries must be 1..${ID_MAX} characters`);
  const found =
    mode === 'market_keys'
      ? entries.map((key) => {
          if (!parseMarketKey(key))
            throw invalidRequest(`market_keys entry ${JSON.stringify(key)} is not a marketKey (<venue>:<native id>)`);
          // A key's venue read up to the first "venue_a" (venue_a_us:X as venue_a): such keys never resolve.
          if (mutant('src-venue-a-us-keys-lost') && key.startsWith('venue_a_us:')) return undefined;
          // Mutant src-strike-trailing-zero-lost: a strike ending in zero read as a number (T3.00 as T3), so the key
          // names no market and its evidence is silently missing (round-32 bug).
          if (mutant('src-strike-trailing-zero-lost') && /\.\d*0$/.test(key)) return undefined;
          // Mutant src-newer-venue-a-keys-unmatched: a venue_a key's native id matched against the bare serviceMarketId of
          // legacy rows only, so a newer venue_a market (venue-prefixed serviceMarketId) names nothing (round-37 bug).
          if (mutant('src-newer-venue-a-keys-unmatched') && key.startsWith('venue_a:')) {
            const row = ctx.store.byMarketKey(key);
            if (row && !/^\d+$/.test(row.serviceMarketId)) return undefined;
          }
          // Mutant src-market-keys-first-venue: every key looked up in the first key's venue (round-18 bug).
          const first = entries[0]!.slice(0, entries[0]!.indexOf(':'));
          const m = ctx.store.byMarketKey(mutant('src-market-keys-first-venue') ? `${first}:${key.slice(key.indexOf(':') + 1)}` : key);
          // venue filters the keys (gap SRC-013), or is ignored with keys on the alternate stub.
          return m && (venue === undefined || m.venue === venue || alt('SRC-013')) ? m : undefined;
        })
      : // Mutant src-list-last-slug-dropped: of two or more slugs, the last is never looked up.
        (mutant('src-list-last-slug-dropped') && entries.length > 1 ? entries.slice(0, -1) : entries).map((slug) => {
          const m = ctx.store.resolveMarket({ slug, venue: venue ?? 'venue_a' });
          return m?.slug?.toLowerCase() === slug.toLowerCase() ? m : undefined;
        });
  const known = [...new Set(found.filter((m): m is Market => m !== undefined && m.covered))];
  // Unknown identifiers contribute nothing (gap SRC-012); the alternate stub answers 404 when none is known.
  if (alt('SRC-012') && known.length === 0) throw notFound(`none of the requested ${mode} names a covered market`);
  return known;
}

/** Newest published first; ties by type (article first), url, then marketKey (gap SRC-015). */
function compareItems(a: SourceItem, b: SourceItem): number {
  const t = Date.parse(b.published_at) - Date.parse(a.published_at);
  if (t) return t;
  if (a.type !== b.type) return a.type === 'article' ? -1 : 1;
  if (a.url !== b.url) return a.url < b.url ? -1 : 1;
  return a.market.marketKey < b.market.marketKey ? -1 : a.market.marketKey > b.market.marketKey ? 1 : 0;
}

/**
 * Handler of listSources. Articles window on published_at (SRC-007); social posts on when they
 * were last seen as relevant (SRC-008), so a re-sighted older post can appear. One item per
 * (evidence, requested market) pair (gap SRC-014).
 */
export function listSources(req: RouteRequest, ctx: StubContext): RouteResult {
  const markets = requestedMarkets(req, ctx);
  // Mutant src-slug-form-window-default-24: the slug form (markets) alone takes 24 hours for an omitted window (round-35 bug).
  const slugForm24 = mutant('src-slug-form-window-default-24') && req.query.has('markets');
  const windowHours = req.query.int('window', { min: 1, max: 168, default: mutant('src-window-default-24') || slugForm24 ? 24 : 48 });
  const listed = req.query.list('types', { min: 1, max: 2, allowed: TYPES });
  const types = new Set(
    // Mutant src-types-first-only: of two listed kinds only the first is served.
    (mutant('src-types-first-only') && listed && listed.length > 1 ? listed.slice(0, 1) : listed) ??
      (mutant('src-types-default-article') ? ['article'] : TYPES),
  );
  // Mutant src-slug-form-types-ignored: with the markets (slug) form, types is not applied (round-9 bug).
  if (mutant('src-slug-form-types-ignored') && req.query.has('markets')) for (const t of TYPES) types.add(t);
  // Mutant src-types-lost-with-venue: with market_keys and a venue, types is not applied (round-45 bug).
  if (mutant('src-types-lost-with-venue') && req.query.has('market_keys') && req.query.has('venue')) for (const t of TYPES) types.add(t);
  const now = ctx.clock.nowMs();
  const since = now - windowHours * HOUR_MS * (mutant('win-sources-unbounded') ? 2 : 1);
  const inWindow = (t: number): boolean => t >= since && t <= now;
  const items: SourceItem[] = [];
  for (const m of markets) {
    const market = withRelationships(m, ctx.store);
    if (types.has('article')) {
      for (const a of ctx.store.articlesFor(m.marketKey)) if (inWindow(a.publishedAt)) items.push(articleSourceItem(a, m, market));
    }
    if (types.has('x_post') || mutant('src-types-ignored')) {
      for (const p of ctx.store.postsFor(m.marketKey)) if (inWindow(p.lastSeenRelevantAt)) items.push(postSourceItem(p, m, market));
    }
  }
  return { body: { sources: items.sort(mutant('order-sources-oldest') ? (a, b) => compareItems(b, a) : compareItems) } };
}
