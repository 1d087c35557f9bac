/**
 * Test data for the free-lookup suites (availability, forecast targets), discovered through the
 * target's own API: catalog rows (GET /api/v1/markets), search rows (GET /api/v1/markets/search),
 * venue_b events (rows sharing nativeEventId) and venue URLs (rows' marketUrl). Each list is the run's
 * shared answer (bought once per run, and every reading test known to need it, issue 19); every answer
 * read is checked against the contract.
 */
import { oneOfEachForm } from './value-forms.ts';
import { venueKeys } from '../../contract/index.ts';
import type { APIResponse } from '@playwright/test';
import type { Params, TargetClient } from './client.ts';
import { expect } from './matchers.ts';
import { findRows, hasMembers } from './choices.ts';
import { caseKeyOf, sharedOrFetched, type SharedAnswers } from './shared-answers.ts';
import { servedParameterName } from './served-contract.ts';

export type Row = Record<string, unknown>;

/**
 * The market rows of a 200 list answer (checked against `operationId`): its `markets` array, or
 * wherever a chosen envelope puts rows carrying a marketKey (gap MSRCH-015); null for any other status.
 */
async function fetchRows(client: TargetClient, path: string, params: Params, operationId: string): Promise<Row[] | null> {
  const res = await sharedOrFetched(client.sharedAnswers, caseKeyOf('GET', path, params), async () =>
    (await client.forDiscovery()).get(path, { params }),
  );
  await expect(res).toMatchContract(operationId);
  const body: unknown = res.status() === 200 ? await res.json() : undefined;
  return body === undefined ? null : (findRows(body, hasMembers('marketKey'), 'markets')?.value ?? []);
}

/**
 * Every row of the covered catalog (GET /api/v1/markets, paid; sent by `paid.forDiscovery()`, a
 * control-plane account when the target offers one); null when the target refuses it.
 */
export const catalogRows = (paid: TargetClient): Promise<Row[] | null> => fetchRows(paid, '/api/v1/markets', {}, 'listMarkets');

/**
 * Search rows (GET /api/v1/markets/search, paid) for each query, de-duplicated by marketKey. Queries
 * the target refuses (e.g. one that needs a text parameter) are skipped.
 */
export async function searchRows(paid: TargetClient, queries: Params[]): Promise<Row[]> {
  const byKey = new Map<string, Row>();
  for (const params of queries) {
    for (const row of (await fetchRows(paid, '/api/v1/markets/search', params, 'searchMarkets')) ?? [])
      byKey.set(String(row.marketKey), row);
  }
  return [...byKey.values()];
}

/** The broadest search the target answers: no filter, else one query per venue, else per common word. */
export async function broadSearch(paid: TargetClient): Promise<Row[]> {
  const all = await searchRows(paid, [{}]);
  if (all.length) return all;
  const perVenue = await searchRows(
    paid,
    venueKeys().map((venue) => ({ venue })),
  );
  if (perVenue.length) return perVenue;
  // The search text under the target's name for it (gap MSRCH-014; issue 32: query, text, search).
  const text = await servedParameterName(paid, 'searchMarkets', 'q');
  return searchRows(
    paid,
    ['will', 'price', 'win'].map((q) => ({ [text]: q })),
  );
}

/**
 * One availability lookup; the answer is checked against the contract. With `shared`, the run's answer of the case
 * (asked once a run, issue 19): for a test that only needs the case, not a call of its own.
 */
export async function lookup(api: TargetClient, params: Params, shared?: SharedAnswers): Promise<{ res: APIResponse; body: Row }> {
  const path = '/api/public/forecast-availability';
  const res = shared
    ? await sharedOrFetched(shared, caseKeyOf('GET', path, params), () => api.get(path, { params }))
    : await api.get(path, { params });
  await expect(res).toMatchContract('getForecastAvailability');
  return { res, body: (await res.json()) as Row };
}

/** One forecast-targets resolution; the answer is checked against the contract. */
export async function resolveTarget(api: TargetClient, ref: string): Promise<{ res: APIResponse; body: Row }> {
  const res = await api.get('/api/public/forecast-targets', { params: { ref } });
  await expect(res).toMatchContract('getForecastTargets');
  return { res, body: (await res.json()) as Row };
}

/** Runs `fn` over `items` with at most `limit` in flight, results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * At most `max` rows, taken round-robin across venues so every venue on the target is represented. Within a venue,
 * one row of each form of native id comes first (suites/support/value-forms.ts: issue 34, each identifier form tried
 * on data the run has listed), then the others in input order.
 */
export function spreadByVenue(rows: readonly Row[], max: number): Row[] {
  const byVenue = new Map<string, Row[]>();
  for (const r of rows) byVenue.set(String(r.venue), [...(byVenue.get(String(r.venue)) ?? []), r]);
  const queues = [...byVenue.values()].map((q) => {
    const first = oneOfEachForm(q, (r) => String(r.nativeMarketId ?? ''));
    return [...first, ...q.filter((r) => !first.includes(r))];
  });
  const out: Row[] = [];
  for (let i = 0; out.length < max && queues.some((q) => i < q.length); i++) {
    for (const q of queues) if (i < q.length && out.length < max) out.push(q[i]!);
  }
  return out;
}

/** venue_b events named by the rows (nativeEventId), with their listed rows; most rows first. */
export function venueBEvents(rows: readonly Row[]): { ticker: string; rows: Row[] }[] {
  const byEvent = new Map<string, Row[]>();
  for (const r of rows) {
    if (r.venue !== 'venue_b' || typeof r.nativeEventId !== 'string' || !r.nativeEventId) continue;
    byEvent.set(r.nativeEventId, [...(byEvent.get(r.nativeEventId) ?? []), r]);
  }
  return [...byEvent.entries()]
    .map(([ticker, rs]) => ({ ticker, rows: rs }))
    .sort((a, b) => b.rows.length - a.rows.length || (a.ticker < b.ticker ? -1 : 1));
}

/** The origin (scheme://host) of the first row of `venue` with a parsable marketUrl. */
export function venueOrigin(rows: readonly Row[], venue: string): string | undefined {
  for (const r of rows) {
    if (r.venue !== venue || typeof r.marketUrl !== 'string') continue;
    try {
      return new URL(r.marketUrl).origin;
    } catch {
      // Not a URL: try the next row.
    }
  }
  return undefined;
}

/** The venue_a numeric market id of a row: nativeMarketId, or a bare numeric serviceMarketId. */
export function venueANumericId(row: Row): string | undefined {
  const ids = [row.nativeMarketId, row.serviceMarketId].filter((v): v is string => typeof v === 'string');
  return ids.find((id) => /^\d+$/.test(id)) ?? ids.map((id) => id.replace(/^venue_a:/, '')).find((id) => /^\d+$/.test(id));
}
