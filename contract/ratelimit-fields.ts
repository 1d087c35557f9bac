/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers; gap LIM-028), produced and
 * parsed with the `structured-headers` library (RFC 9651 structured fields), never by hand.
 *
 * - RateLimit-Policy: a List of policies, each a String item (the policy name) with parameters
 *   q (quota, requests) and w (window, seconds), e.g. `"standard-second";q=20;w=1`.
 * - RateLimit: a List of the policies' current state, each a String item with r (remaining
 *   requests) and t (seconds until quota frees), e.g. `"standard-second";r=0;t=1`.
 */
import { parseList, serializeList, type Item, type List } from 'structured-headers';

/** One policy of RateLimit-Policy. `window` absent = not a rate window (an in-flight bound). */
export interface RateLimitPolicy {
  name: string;
  quota: number;
  window?: number;
}

/** One entry of RateLimit. */
export interface RateLimitState {
  name: string;
  remaining: number;
  reset?: number;
}

const item = (name: string, params: [string, number | undefined][]): Item => [
  name,
  new Map(params.filter((p): p is [string, number] => p[1] !== undefined)),
];

/** Serializes RateLimit-Policy. @throws SerializeError for a value outside structured-field ranges. */
export const serializePolicies = (policies: readonly RateLimitPolicy[]): string =>
  serializeList(
    policies.map((p) =>
      item(p.name, [
        ['q', p.quota],
        ['w', p.window],
      ]),
    ),
  );

/** Serializes RateLimit. @throws SerializeError for a value outside structured-field ranges. */
export const serializeStates = (states: readonly RateLimitState[]): string =>
  serializeList(
    states.map((s) =>
      item(s.name, [
        ['r', s.remaining],
        ['t', s.reset],
      ]),
    ),
  );

function members(value: string): { name: string; params: Map<string, unknown> }[] {
  const list: List = parseList(value);
  return list.map((m) => {
    const [bare, params] = m;
    if (Array.isArray(bare)) throw new Error('an inner list where a policy item is expected');
    if (typeof bare !== 'string') throw new Error(`a policy name must be a String item, got ${JSON.stringify(String(bare))}`);
    return { name: bare, params };
  });
}

const int = (params: Map<string, unknown>, key: string, required: boolean): number | undefined => {
  const v = params.get(key);
  if (v === undefined && !required) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
    throw new Error(`parameter ${key} must be a non-negative integer, got ${JSON.stringify(v)}`);
  return v;
};

/** Parses RateLimit-Policy. @throws Error (structured-field ParseError or a shape error) with the reason. */
export const parsePolicies = (value: string): RateLimitPolicy[] =>
  members(value).map(({ name, params }) => {
    const window = int(params, 'w', false);
    return { name, quota: int(params, 'q', true)!, ...(window !== undefined ? { window } : {}) };
  });

/** Parses RateLimit. @throws Error (structured-field ParseError or a shape error) with the reason. */
export const parseStates = (value: string): RateLimitState[] =>
  members(value).map(({ name, params }) => {
    const reset = int(params, 't', false);
    return { name, remaining: int(params, 'r', true)!, ...(reset !== undefined ? { reset } : {}) };
  });

/**
 * The quota policies of a RateLimit-Policy value in either syntax the IETF drafts have used (gap
 * LIM-028): the structured-field form of String items with q (quota) and w (window, seconds), as
 * parsePolicies reads it, or the earlier draft form of Integer items (the quota) with w. The policy
 * name of the earlier form is its position ("#1"). Only the figures are read: what a policy advertises.
 * @throws Error (structured-field ParseError or a shape error) with the reason
 */
export function readQuotaPolicies(value: string): RateLimitPolicy[] {
  return parseList(value).map((m, i) => {
    const [bare, params] = m;
    if (typeof bare === 'number') {
      if (!Number.isInteger(bare) || bare < 0) throw new Error(`a quota must be a non-negative integer, got ${bare}`);
      const window = int(params, 'w', false);
      return { name: `#${i + 1}`, quota: bare, ...(window !== undefined ? { window } : {}) };
    }
    if (Array.isArray(bare) || typeof bare !== 'string') throw new Error('a policy must be a String or an Integer item');
    const window = int(params, 'w', false);
    return { name: bare, quota: int(params, 'q', true)!, ...(window !== undefined ? { window } : {}) };
  });
}
