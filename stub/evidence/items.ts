/**
 * Evidence presenters: model articles and social posts to the article evidence item
 * (GET /api/v1/markets/{slug}/signals) and the source item (GET /api/v1/sources).
 */
import type { Article, Market, SocialPost } from '../data/index.ts';
import { iso, type CanonicalMarketWithRelationships } from '../present/index.ts';
import { alt } from '../variant.ts';
import type { components } from '../../contract/openapi-types.ts';

/**
 * Spec "Article evidence item (SignalItem)"; deliberately no trade-signal fields (EVID-012). The type
 * generated from contract/openapi.yaml, so a field the contract changes is a type error here.
 */
export type ArticleEvidenceItem = components['schemas']['ArticleEvidenceItem'];

export function articleEvidenceItem(a: Article): ArticleEvidenceItem {
  return {
    id: a.id,
    title: a.title,
    comment: a.comment,
    direction: a.direction,
    url: a.url,
    source: a.source,
    published_at: iso(a.publishedAt),
    correlated_at: iso(a.correlatedAt),
    confidence: a.confidence,
    evidence_quote: a.evidenceQuote,
  };
}

/**
 * Spec "Source item". Which fields apply to which type is a gap (SRC-016): all are present on both,
 * or on the alternate stub only those that apply.
 */
export interface SourceItem {
  type: 'article' | 'x_post';
  market_slug: string;
  market: CanonicalMarketWithRelationships;
  title: string;
  url: string;
  source_name?: string;
  feed_tier?: string;
  published_at: string;
  relevance: { confidence: string; reasoning: string; evidence_quote: string };
  author_handle?: string;
  is_expert?: boolean;
}

/** The alternate stub's feed tiers (gap SRC-017). */
const ALT_TIERS: Record<string, string> = { tier_1: 'primary', tier_2: 'secondary', tier_3: 'tertiary' };

/** market_slug of a market without a slug is a gap (SRC-014): the marketKey stands in. */
const marketSlug = (m: Market): string => m.slug ?? m.marketKey;

export function articleSourceItem(a: Article, m: Market, market: CanonicalMarketWithRelationships): SourceItem {
  return {
    type: 'article',
    market_slug: marketSlug(m),
    market,
    title: a.title,
    url: a.url,
    source_name: a.source,
    feed_tier: alt('SRC-017') ? (ALT_TIERS[a.feedTier] ?? a.feedTier) : a.feedTier,
    published_at: iso(a.publishedAt),
    relevance: { confidence: a.confidence, reasoning: a.comment, evidence_quote: a.evidenceQuote },
    // An article has no poster: the alternate stub leaves the poster's fields out (gap SRC-016).
    ...(alt('SRC-016') ? {} : { author_handle: '', is_expert: false }),
  };
}

export function postSourceItem(p: SocialPost, m: Market, market: CanonicalMarketWithRelationships): SourceItem {
  return {
    type: 'x_post',
    market_slug: marketSlug(m),
    market,
    title: p.text.split('\n')[0] ?? p.text,
    url: p.url,
    // A post has no publisher tier: the alternate stub leaves those fields out (gap SRC-016).
    ...(alt('SRC-016') ? {} : { source_name: 'x', feed_tier: 'social' }),
    published_at: iso(p.publishedAt),
    relevance: { confidence: p.confidence, reasoning: p.reasoning, evidence_quote: p.evidenceQuote },
    author_handle: p.authorHandle,
    is_expert: p.isExpert,
  };
}
