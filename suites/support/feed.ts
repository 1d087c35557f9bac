/**
 * Test-data discovery through the target's own pull feed (GET /api/v1/latest): the markets that
 * recently got a forecast, an article or a social post. Used by the evidence and forecast suites;
 * nothing here knows the reference stub.
 */
import type { APIResponse } from '@playwright/test';
import type { TargetClient } from './client.ts';
import { caseKeyOf, sharedOrFetched, type SharedAnswers } from './shared-answers.ts';
import { formOf } from './value-forms.ts';

export interface FeedMarket {
  marketKey: string;
  venue: string;
  slug: string | null;
  /** The routing object's serviceMarketId (bare for legacy venue_a rows, venue-prefixed elsewhere), null when not a string. */
  serviceMarketId: string | null;
}

export interface FeedEvent {
  type: string;
  id: string;
  occurred_at: string;
  market?: Record<string, unknown>;
  forecast?: Record<string, unknown> | null;
}

export interface FeedBody {
  as_of: string;
  window: { hours: number; since: string };
  types: string[];
  events: FeedEvent[];
  count: number;
}

/**
 * One call of the feed; the widest window (6 hours) unless told otherwise. With `shared`, the answer is
 * the run's one answer of these parameters (test-data discovery bought once, issue 19), read by every
 * test that discovers its markets so; without, a call of the test's own.
 */
export async function readFeed(
  paid: TargetClient,
  params: { hours?: number; types?: string } = { hours: 6 },
  shared?: SharedAnswers,
): Promise<{ res: APIResponse; body: FeedBody | undefined }> {
  const fetch = () => paid.get('/api/v1/latest', { params });
  const res = await sharedOrFetched(shared, caseKeyOf('GET', '/api/v1/latest', params), fetch);
  const body = res.status() === 200 ? ((await res.json()) as FeedBody) : undefined;
  return { res, body };
}

/** Distinct markets of the feed's events (optionally of one event type), in feed order. */
export function feedMarkets(body: FeedBody | undefined, type?: string): FeedMarket[] {
  const seen = new Map<string, FeedMarket>();
  for (const e of body?.events ?? []) {
    if (type && e.type !== type) continue;
    const m = e.market;
    if (!m || typeof m.marketKey !== 'string' || seen.has(m.marketKey)) continue;
    seen.set(m.marketKey, {
      marketKey: m.marketKey,
      venue: String(m.venue),
      slug: typeof m.slug === 'string' && m.slug ? m.slug : null,
      serviceMarketId: typeof m.serviceMarketId === 'string' ? m.serviceMarketId : null,
    });
  }
  return [...seen.values()];
}

/**
 * The scope of a market's identifiers when one of each form is tried (value-forms.ts `oneOfEachForm`): its venue and
 * the form of its serviceMarketId. A numeric venue_a id names a legacy row (bare serviceMarketId) or a newer one
 * (venue-prefixed), and a target may look the two up apart (round-34 bug on generation, round-37 bug on the sources
 * route: a newer venue_a key matched nothing).
 */
export const routingScope = (m: Pick<FeedMarket, 'venue' | 'serviceMarketId'>): string =>
  `${m.venue} ${m.serviceMarketId === null ? '-' : formOf(m.serviceMarketId)}`;

/** The path of a per-market read, the slug URL-encoded. */
export const marketPath = (slug: string, leaf: 'signals' | 'forecast'): string => `/api/v1/markets/${encodeURIComponent(slug)}/${leaf}`;
