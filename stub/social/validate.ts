/**
 * Request bodies of the social routes, checked against the contract's bounds (PARAM-072..091):
 * every malformed body throws 422 invalid_request naming the field. Unknown fields are ignored
 * (gap PROF-026).
 */
import { invalidRequest } from '../errors.ts';
import { FOCUSES, type Focus, type ProfileRequest, type SearchRequest } from './model.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';

/** spec: POST /api/v1/x/profile, handle pattern. JS `$` never matches before a trailing newline. */
export const HANDLE_PATTERN = /^@?[A-Za-z0-9_]{1,15}$/;

type Body = Record<string, unknown>;

/** The body as a JSON object. @throws 422 when absent or not an object. */
function objectBody(body: unknown, what: string): Body {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidRequest(`${what} needs a JSON object body`);
  }
  return body as Body;
}

/** An optional integer field within [min, max]. @throws 422 when present and not such an integer. */
function intField(body: Body, name: string, min: number, max: number, fallback: number): number {
  if (!(name in body)) return fallback;
  const v = body[name];
  if (typeof v !== 'number' || !Number.isInteger(v)) throw invalidRequest(`${name} must be an integer`);
  if (v < min || v > max) throw invalidRequest(`${name} must be between ${min} and ${max}`);
  return v;
}

/**
 * POST /api/v1/x/profile body: handle (required, ^@?[A-Za-z0-9_]{1,15}$), lookback_days (14..365,
 * default 365), focus (general | trading | reasoning, default general).
 * @throws ApiError 422 invalid_request.
 */
export function parseProfileRequest(raw: unknown): ProfileRequest {
  const body = objectBody(raw, 'POST /api/v1/x/profile');
  const handle = body.handle;
  if (handle === undefined) throw invalidRequest('handle is required');
  if (typeof handle !== 'string' || !HANDLE_PATTERN.test(handle)) throw invalidRequest('handle must match ^@?[A-Za-z0-9_]{1,15}$');
  // Mutant param-handle-at-counted: the 15-character bound counts the leading "@".
  if (mutant('param-handle-at-counted') && handle.length > 15) throw invalidRequest('handle must match ^@?[A-Za-z0-9_]{1,15}$');
  const lookbackDays = intField(body, 'lookback_days', mutant('prof-lookback-13') ? 13 : 14, mutant('prof-lookback-366') ? 366 : 365, 365);
  let focus: Focus = 'general';
  if ('focus' in body) {
    const f = body.focus;
    if (typeof f !== 'string' || !(FOCUSES as readonly string[]).includes(f))
      throw invalidRequest(`focus must be one of ${FOCUSES.join(', ')}`);
    focus = f as Focus;
  }
  // Mutant prof-lookback-dropped-with-focus: with focus trading or reasoning the profile is built over the default 365
  // days whatever lookback_days says (round-44 bug).
  const window = mutant('prof-lookback-dropped-with-focus') && focus !== 'general' ? 365 : lookbackDays;
  return { handle: handle.replace(/^@/, ''), lookbackDays: window, focus, ...('focus' in body ? {} : { focusDefaulted: true }) };
}

/**
 * POST /api/v1/x/search body (field names: gap PARAM-082): query (required, non-empty string),
 * range_days (1..180, default 30), limit (1..30, default 15).
 * @throws ApiError 422 invalid_request.
 */
export function parseSearchRequest(raw: unknown): SearchRequest {
  const body = objectBody(raw, 'POST /api/v1/x/search');
  // The field names are a choice (gap XSRCH-010): the alternate stub serves q, days and max_results.
  const [q, days, count] = alt('XSRCH-010') ? ['q', 'days', 'max_results'] : ['query', 'range_days', 'limit'];
  const query = body[q];
  if (query === undefined) throw invalidRequest(`${q} is required`);
  if (typeof query !== 'string' || query.length === 0) throw invalidRequest(`${q} must be a non-empty string`);
  return {
    query,
    rangeDays: intField(body, days, 1, 180, 30),
    ...(body[days] === undefined ? { rangeDefaulted: true } : {}),
    // Mutant xsrch-limit-max-25: a result count above 25 is refused (round-45 bug).
    limit: intField(body, count, 1, mutant('xsrch-limit-max-25') ? 25 : 30, 15),
  };
}
