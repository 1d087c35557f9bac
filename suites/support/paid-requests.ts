/**
 * One request per paid operation that the target should answer 200 (or 202), built from data
 * discovered through the target's own API: the pull feed (markets that got a forecast, an article
 * or a social post), the asset directory and the availability lookup. Used by the billing and
 * paid-auth suites to prove exact debits. Nothing here knows the reference stub.
 */
import { randomUUID } from 'node:crypto';
import type { APIResponse } from '@playwright/test';
import { contract } from '../../contract/index.ts';
import { PRICES } from '../../contract/pricing.ts';
import type { Params, TargetClient } from './client.ts';
import { feedMarkets, readFeed, type FeedBody } from './feed.ts';

/** A concrete request; `expect` is the success status the operation documents (200, or 202 for a job). */
export interface PaidRequest {
  method: string;
  path: string;
  params?: Params;
  body?: unknown;
  headers?: Record<string, string>;
  expect: number;
}

/** The request, or why the target gives no data to build one (the test SKIPs with it). */
export type Discovered = { request: PaidRequest } | { skip: string };

/** Operations billed in credits, in a stable order (linkWallet is never billed: its own suite). */
export const PAID_OPERATIONS: readonly string[] = [...contract().operations.keys()].filter((id) => (PRICES[id]?.credits ?? 0) > 0 && id !== 'linkWallet').sort();

const memo = new Map<string, Promise<unknown>>();
/** Runs `fn` once per worker and target. */
function once<T>(key: string, fn: () => Promise<T>): Promise<T> {
  if (!memo.has(key)) memo.set(key, fn());
  return memo.get(key) as Promise<T>;
}

async function json<T>(res: APIResponse): Promise<T | undefined> {
  if (res.status() !== 200) return undefined;
  try {
    return (await res.json()) as T;
  } catch {
    return undefined;
  }
}

/** The widest pull feed (6 hours, every kind), once per worker. */
const feed = (paid: TargetClient, target: string): Promise<FeedBody | undefined> => once(`feed ${target}`, async () => (await readFeed(paid, { hours: 6 })).body);

/** `/api/v1/markets/{slug}/{leaf}` with the venue parameter outside the venue_a namespace. */
function slugRequest(m: { slug: string | null; venue: string }, leaf: string): PaidRequest {
  return { method: 'GET', path: `/api/v1/markets/${encodeURIComponent(m.slug!)}/${leaf}`, params: m.venue === 'venue_a' ? {} : { venue: m.venue }, expect: 200 };
}

/** A social handle the feed shows posting (source.author_handle of an x_post event). */
async function feedHandle(paid: TargetClient, target: string): Promise<string | undefined> {
  const body = await feed(paid, target);
  for (const e of body?.events ?? []) {
    const h = (e as { source?: { author_handle?: unknown } | null }).source?.author_handle;
    if (e.type === 'x_post' && typeof h === 'string' && /^@?[A-Za-z0-9_]{1,15}$/.test(h)) return h.replace(/^@/, '');
  }
  return undefined;
}

/**
 * A request of `operationId` the target should answer with success, discovered through `paid`
 * (the discovery calls are billed to the first principal and charged to the spend budget).
 */
export async function discoverRequest(paid: TargetClient, target: string, operationId: string): Promise<Discovered> {
  const get = (path: string, params: Params = {}): Discovered => ({ request: { method: 'GET', path, params, expect: 200 } });
  switch (operationId) {
    case 'listMarkets':
      return get('/api/v1/markets');
    case 'searchMarkets':
      return get('/api/v1/markets/search');
    case 'listMispricedMarkets':
      return get('/api/v1/markets/mispriced');
    case 'listSignals':
      return get('/api/v1/signals');
    case 'listPerpSignals':
      return get('/api/v1/signals/perps');
    case 'getOilSignal':
      // Without live marks: a degraded (unbilled) answer must not be mistaken for a wrong debit.
      return get('/api/v1/signals/oil', { include_marks: false });
    case 'getLatest':
      return get('/api/v1/latest', { hours: 1 });
    case 'listAssets':
      return get('/api/v1/assets');
    case 'searchAssets':
      return get('/api/v1/assets/search', { q: '*' });
    case 'getPortfolio':
      return get('/api/v1/portfolio', { wallet: `0x${'ab'.repeat(20)}` });
    case 'getAssetStance': {
      const dir = await once(`assets ${target}`, async () => json<{ assets?: { assetKey?: unknown }[] }>(await paid.get('/api/v1/assets')));
      const key = dir?.assets?.find((a) => typeof a.assetKey === 'string')?.assetKey as string | undefined;
      return key ? get('/api/v1/assets/stance', { asset: key }) : { skip: 'the asset directory (GET /api/v1/assets) lists no asset' };
    }
    case 'getMarketSignals': {
      const m = feedMarkets(await feed(paid, target), 'article').find((x) => x.slug);
      return m ? { request: slugRequest(m, 'signals') } : { skip: 'no market with a slug got an article in the last 6 hours (GET /api/v1/latest)' };
    }
    case 'getMarketForecast': {
      const m = feedMarkets(await feed(paid, target), 'forecast').find((x) => x.slug);
      return m ? { request: slugRequest(m, 'forecast') } : { skip: 'no market with a slug got a forecast in the last 6 hours (GET /api/v1/latest)' };
    }
    case 'listSources': {
      const m = feedMarkets(await feed(paid, target), 'article')[0];
      return m ? get('/api/v1/sources', { market_keys: m.marketKey, window: 168 }) : { skip: 'no market got an article in the last 6 hours (GET /api/v1/latest)' };
    }
    case 'createSocialProfile': {
      const handle = await feedHandle(paid, target);
      return handle
        ? { request: { method: 'POST', path: '/api/v1/x/profile', body: { handle, lookback_days: 365, focus: 'general' }, expect: 200 } }
        : { skip: 'no social post with an author handle in the last 6 hours (GET /api/v1/latest)' };
    }
    case 'searchSocial':
      return { request: { method: 'POST', path: '/api/v1/x/search', body: { query: 'crude oil' }, expect: 200 } };
    case 'createForecastRequest': {
      const body = await forecastGeneration(paid, target);
      return body
        ? { request: { method: 'POST', path: '/api/auth/forecast-requests', body, headers: { 'Idempotency-Key': randomUUID() }, expect: 202 } }
        : { skip: 'no covered market without a stored forecast offers a generation body (GET /api/public/forecast-availability)' };
    }
    default:
      return { skip: `no request recipe for ${operationId}` };
  }
}

/** A ready generation body: the availability lookup of feed markets until one offers `generation.body`. */
async function forecastGeneration(paid: TargetClient, target: string): Promise<unknown> {
  return once(`generation ${target}`, async () => {
    const markets = feedMarkets(await feed(paid, target)).slice(0, 40);
    for (const m of markets) {
      const res = await paid.withKey(undefined).get('/api/public/forecast-availability', { params: { market_key: m.marketKey } });
      const body = await json<{ generation?: { body?: unknown } | null }>(res);
      if (body?.generation?.body) return body.generation.body;
    }
    return undefined;
  });
}

/** Sends a discovered request with `client` (its key, or none). */
export function sendRequest(client: TargetClient, r: PaidRequest, extraHeaders: Record<string, string> = {}): Promise<APIResponse> {
  const headers = { ...r.headers, ...extraHeaders, ...(r.body === undefined ? {} : { 'content-type': 'application/json' }) };
  // A replayed idempotency key would make a second generation a different call.
  if ('Idempotency-Key' in headers) headers['Idempotency-Key'] = randomUUID();
  return client.call(r.method, r.path, { params: r.params, headers, ...(r.body === undefined ? {} : { data: JSON.stringify(r.body) }) });
}
