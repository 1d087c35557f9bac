/**
 * Concrete requests of a profile: identities discovered on the (vetted loopback) target, and the
 * round-robin request factory the scheduler calls. Nothing here knows the reference stub.
 */
import { request } from 'undici';
import type { Identities, LoadProfile, OperationLoad } from './profiles.ts';
import type { PlannedRequest } from './scheduler.ts';
import type { LoopbackTarget } from './safety.ts';

/** Well-formed identities for a target where discovery failed (lookups then answer "not found"). */
export const SYNTHETIC_IDENTITIES: Identities = { marketKey: 'venue_a:100000001', targetRef: 'venue_b:FCPROBE-26JAN01-T1' };

/**
 * Discovers identities through GET /api/v1/markets (one paid call, $0.01 reference price): the first
 * marketKey, and a venue_b marketKey for forecast-targets. Without a key, or on any failure, the
 * synthetic identities. `target` must come from assertLoopbackTarget. Never throws.
 */
export async function discoverIdentities(
  target: LoopbackTarget,
  apiKey: string | undefined,
  timeoutMs = 10_000,
): Promise<{ ids: Identities; discovered: boolean }> {
  if (!apiKey) return { ids: SYNTHETIC_IDENTITIES, discovered: false };
  try {
    const res = await request(`${target.connectOrigin}/api/v1/markets`, {
      headers: { host: target.hostHeader, 'x-service-api-key': apiKey },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    if (res.statusCode !== 200) {
      await res.body.dump();
      return { ids: SYNTHETIC_IDENTITIES, discovered: false };
    }
    const rows = ((await res.body.json()) as { markets?: { marketKey?: unknown; venue?: unknown }[] }).markets ?? [];
    const keyed = rows.filter((r): r is { marketKey: string; venue: unknown } => typeof r.marketKey === 'string');
    const first = keyed[0];
    if (!first) return { ids: SYNTHETIC_IDENTITIES, discovered: false };
    const venueB = keyed.find((r) => r.venue === 'venue_b') ?? first;
    return { ids: { marketKey: first.marketKey, targetRef: venueB.marketKey }, discovered: true };
  } catch {
    return { ids: SYNTHETIC_IDENTITIES, discovered: false };
  }
}

/** The planned request of one operation: path filled and query appended, body as JSON. */
export function plannedRequestOf(o: OperationLoad, ids: Identities, apiKey: string | undefined): PlannedRequest {
  const shape = o.request(ids);
  const path = o.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(shape.pathParams?.[name] ?? ''));
  const query = new URLSearchParams(shape.query ?? {}).toString();
  const headers: Record<string, string> = {};
  if (o.withKey && apiKey) headers['x-service-api-key'] = apiKey;
  if (shape.body !== undefined) headers['content-type'] = 'application/json';
  return {
    operationId: o.operationId,
    method: o.method,
    path: query ? `${path}?${query}` : path,
    headers,
    ...(shape.body === undefined ? {} : { body: JSON.stringify(shape.body) }),
  };
}

/**
 * Request i of a profile, sent as principal i mod P of `keys` (P = keys.length; one principal without
 * a key), and its operations in turn per principal (operation ⌊i / P⌋ mod n), so each principal takes
 * every operation and 1/P of the rate. Each request is built once.
 */
export function requestFactory(
  profile: LoadProfile,
  ids: Identities,
  keys: string | readonly string[] | undefined,
): (i: number) => PlannedRequest {
  const list = typeof keys === 'string' ? [keys] : keys?.length ? keys : [undefined];
  const built = list.map((key, p) =>
    profile.operations.map((o) => ({ ...plannedRequestOf(o, ids, key), ...(list.length > 1 ? { principal: p } : {}) })),
  );
  const n = profile.operations.length;
  return (i) => built[i % list.length]![Math.floor(i / list.length) % n]!;
}

/** Upper bound of a run's spend, credits: every planned request billed at its operation's price. */
export function maxSpendCredits(profile: LoadProfile, count: number): number {
  const n = profile.operations.length;
  return profile.operations.reduce((sum, o, k) => sum + o.credits * Math.max(0, Math.ceil((count - k) / n)), 0);
}
