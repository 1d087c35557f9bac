/**
 * Checks of GET /api/public/forecast-availability bodies (rules AVAIL-*, TOPIC-006) and of how they
 * agree with a lookup's parameters and with the market's catalog or search row. Pure functions:
 * each returns violations, none throws.
 */
import { checkCanonicalMarket, MARKET_ROW_CHECKS } from './market-row.ts';
import { checkAllRelationships, REL_RULES } from './relationships.ts';
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { isRecord as isObj } from '../lib/guards.ts';
import { defineCheck } from './define.ts';

type Obj = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * Members that would carry a forecast's probability or research, which latestForecast must not carry
 * (spec: "Existence metadata only ... Probability and research stay in the paid forecast read"); other
 * existence metadata is not ruled out.
 */
const RESEARCH_KEY =
  /probab|odds|thesis|reason|headline|bluf|summary|source|citation|uncertain|research|drawdown|crash|delta|crux|criteria/i;
const FORECAST_READ_PATH = /^\/api\/v1\/markets\/([^/]+)\/forecast\/?$/;
/** The generation object's authentication member, the stub's choice (gap AVAIL-042). */
const STUB_AUTHENTICATION = JSON.stringify({ type: 'header', name: 'x-service-api-key' });
/** excluded.message of the stub: one sentence ending "never forecast." (gap TOPIC-013). */
const STUB_EXCLUSION_MESSAGE = /never forecast\.$/;

/** Every member (JSON pointer, key) of `value`, nested ones included, except inside a relationships envelope. */
function memberKeys(value: unknown, path: string): [string, string][] {
  if (!value || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => memberKeys(v, path + ptr(i)));
  return Object.entries(value).flatMap(([k, v]) => [
    [path + ptr(k), k] as [string, string],
    ...(k === 'relationships' ? [] : memberKeys(v, path + ptr(k))),
  ]);
}

/** Path and query of an endpoint given as a relative path or an absolute URL; undefined when unparsable. */
export function endpointParts(endpoint: string): { pathname: string; searchParams: URLSearchParams } | undefined {
  try {
    const u = new URL(endpoint, 'http://relative.invalid');
    return { pathname: u.pathname, searchParams: u.searchParams };
  } catch {
    return undefined;
  }
}

/** The path segment of a read endpoint, decoded (AVAIL-017); undefined when the endpoint has another form. */
export function readEndpointSlug(endpoint: string): string | undefined {
  const parts = endpointParts(endpoint);
  const m = parts ? FORECAST_READ_PATH.exec(parts.pathname) : null;
  if (!m?.[1]) return undefined;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return undefined;
  }
}

/** Identifiers a market may be named by in a path segment: slug, marketKey, native and service ids. */
function marketHandles(market: Obj): string[] {
  return [market.slug, market.marketKey, market.nativeMarketId, market.serviceMarketId].filter(
    (h): h is string => typeof h === 'string' && h !== '',
  );
}

/** The generation body names the market (AVAIL-022; venue_a_us/venue_c market ids are gap AVAIL-041). */
function checkGenerationBody(body: unknown, market: Obj, path: string): Violation[] {
  if (!isObj(body)) return [];
  const out: Violation[] = [];
  const venue = str(market.venue);
  if (body.venue !== venue)
    out.push(
      violation(
        'AVAIL-022',
        path + ptr('venue'),
        `generation body venue ${JSON.stringify(body.venue)} is not the market's venue ${JSON.stringify(venue)}`,
      ),
    );
  const native = str(market.nativeMarketId);
  const sid = str(market.serviceMarketId);
  const accepted = new Set([native, venue === 'venue_a' && sid && /^\d+$/.test(sid) ? sid : undefined].filter(Boolean));
  if (!accepted.has(str(body.market_id))) {
    const strict = venue === 'venue_a' || venue === 'venue_b';
    out.push(
      violation(
        strict ? 'AVAIL-022' : 'AVAIL-041',
        path + ptr('market_id'),
        `generation body market_id ${JSON.stringify(body.market_id)} is not the market's native id ${JSON.stringify(native)}`,
        strict ? 'error' : 'warning',
      ),
    );
  }
  if (venue === 'venue_a' && typeof body.market_id === 'string' && !/^\d+$/.test(body.market_id)) {
    out.push(
      violation(
        'AVAIL-022',
        path + ptr('market_id'),
        `venue_a generation body market_id ${JSON.stringify(body.market_id)} is not a numeric id`,
      ),
    );
  }
  return out;
}

/**
 * Cross-field rules of one availability body: AVAIL-011, -012, -013, -015, -016, -017 (form),
 * -019, -020, -021, -022, -023, -024, -030, TOPIC-006, plus routing and relationships of `market`
 * and the envelope of `latestForecast`.
 */
export function checkAvailability(body: unknown, path = ''): Violation[] {
  if (!isObj(body)) return [violation('AVAIL-011', path || '/', 'availability body is not an object')];
  const out: Violation[] = [];
  const { tracked, available, market, latestForecast, read, generation, targetResolution, excluded } = body;
  const hasMarket = isObj(market);

  if (tracked === true && !hasMarket) out.push(violation('AVAIL-011', path + ptr('market'), 'tracked is true but market is null'));
  if (tracked === false && market !== null)
    out.push(violation('AVAIL-011', path + ptr('market'), 'tracked is false but market is non-null'));
  if (tracked === false && available === true)
    out.push(violation('AVAIL-012', path + ptr('available'), 'available is true for an untracked identity'));
  if ((available === true) !== (latestForecast !== null && latestForecast !== undefined)) {
    out.push(
      violation(
        'AVAIL-013',
        path + ptr('latestForecast'),
        `available is ${String(available)} but latestForecast is ${latestForecast === null ? 'null' : 'set'}`,
      ),
    );
  }
  if (available === true && !isObj(read)) out.push(violation('AVAIL-015', path + ptr('read'), 'a forecast exists but read is null'));
  if (available === false && read !== null) out.push(violation('AVAIL-016', path + ptr('read'), 'no forecast exists but read is non-null'));

  if (isObj(read) && typeof read.endpoint === 'string') {
    out.push(...readEndpointForm(read.endpoint, hasMarket ? str(market.venue) : undefined, path + ptr('read', 'endpoint')));
    const slug = readEndpointSlug(read.endpoint);
    if (slug === undefined) {
      out.push(
        violation(
          'AVAIL-017',
          path + ptr('read', 'endpoint'),
          `read.endpoint ${JSON.stringify(read.endpoint)} is not /api/v1/markets/{slug}/forecast`,
        ),
      );
    } else if (hasMarket && !marketHandles(market).some((h) => h.toLowerCase() === slug.toLowerCase())) {
      out.push(
        violation(
          'AVAIL-017',
          path + ptr('read', 'endpoint'),
          `read.endpoint names ${JSON.stringify(slug)}, not this market (${marketHandles(market).join(', ')})`,
        ),
      );
    }
  }

  if ((available === true || isObj(read)) && generation !== null)
    out.push(violation('AVAIL-019', path + ptr('generation'), 'a forecast exists but generation is non-null'));
  if (tracked === true && available === false && excluded === null && targetResolution === null && !isObj(generation)) {
    out.push(violation('AVAIL-020', path + ptr('generation'), 'tracked, in scope and without a forecast, but generation is null'));
  }
  if (isObj(generation)) {
    const { body: genBody, ...rest } = generation;
    if (!/x-service-api-key/i.test(JSON.stringify(rest))) {
      out.push(violation('AVAIL-021', path + ptr('generation'), 'generation does not name the x-service-api-key authentication header'));
    } else if (JSON.stringify(rest.authentication) !== STUB_AUTHENTICATION) {
      out.push(
        violation(
          'AVAIL-042',
          path + ptr('generation'),
          `the header is named by ${Object.keys(rest).find((k) => /x-service-api-key/i.test(JSON.stringify(rest[k]))) ?? '?'}`,
          'warning',
        ),
      );
    }
    if (hasMarket) out.push(...checkGenerationBody(genBody, market, path + ptr('generation', 'body')));
  }
  if (isObj(excluded) && generation !== null)
    out.push(violation('AVAIL-023', path + ptr('generation'), `excluded (${String(excluded.reason)}) but generation is non-null`));
  if (isObj(targetResolution) && generation !== null)
    out.push(violation('AVAIL-030', path + ptr('generation'), 'targetResolution is set but generation is non-null'));

  if (isObj(latestForecast)) {
    // Over the whole object, nested members included (issue 22); its relationships are the REL rules'.
    for (const [at, key] of memberKeys(latestForecast, path + ptr('latestForecast'))) {
      if (RESEARCH_KEY.test(key)) out.push(violation('AVAIL-024', at, `latestForecast carries ${key} (existence metadata only)`));
    }
    out.push(...checkAllRelationships(latestForecast).map((v) => ({ ...v, path: path + ptr('latestForecast') + v.path })));
  }
  if (isObj(excluded)) {
    if (typeof excluded.message === 'string' && !STUB_EXCLUSION_MESSAGE.test(excluded.message))
      out.push(
        violation('TOPIC-013', path + ptr('excluded', 'message'), `excluded.message ${JSON.stringify(excluded.message)}`, 'warning'),
      );
    if (available !== false)
      out.push(
        violation(
          'TOPIC-006',
          path + ptr('available'),
          `excluded (${String(excluded.reason)}) market reports available ${String(available)}`,
        ),
      );
    if (latestForecast !== null) out.push(violation('TOPIC-006', path + ptr('latestForecast'), 'excluded market carries a latestForecast'));
    if (read !== null) out.push(violation('TOPIC-006', path + ptr('read'), 'excluded market carries a read'));
  }
  if (hasMarket) out.push(...checkCanonicalMarket(market, path + ptr('market')));
  return out;
}

/**
 * The form of read.endpoint, the stub's choice (gap AVAIL-032): a relative path, with ?venue=<venue>
 * for every venue but venue_a. Another form (an absolute URL, another query) is a warning.
 */
function readEndpointForm(endpoint: string, venue: string | undefined, at: string): Violation[] {
  const parts = endpointParts(endpoint);
  if (!parts) return [];
  const relative = endpoint.startsWith('/');
  const query = [...parts.searchParams.keys()].join(',');
  const wantQuery = venue === undefined ? query : venue === 'venue_a' ? '' : 'venue';
  return relative && query === wantQuery ? [] : [violation('AVAIL-032', at, `read.endpoint ${JSON.stringify(endpoint)}`, 'warning')];
}

/** The identity parameters of one availability lookup. */
export interface AvailabilityLookup {
  market_key?: string;
  market_id?: string;
  slug?: string;
  venue?: string;
}

/**
 * The resolved market is the one the parameters name (AVAIL-005 slug without venue → venue_a,
 * AVAIL-006 slug with venue, AVAIL-007 market_id with venue, AVAIL-008 market_key). Checks only
 * tracked answers; whether the identity should be tracked is the caller's business.
 */
export function checkAvailabilityIdentity(body: unknown, lookup: AvailabilityLookup, path = ''): Violation[] {
  if (!isObj(body) || !isObj(body.market)) return [];
  const m = body.market;
  const at = path + ptr('market');
  const out: Violation[] = [];
  if (lookup.market_key !== undefined && m.marketKey !== lookup.market_key) {
    out.push(violation('AVAIL-008', at + ptr('marketKey'), `market_key ${lookup.market_key} resolved to ${String(m.marketKey)}`));
  }
  if (
    lookup.market_id !== undefined &&
    (m.venue !== lookup.venue || str(m.nativeMarketId)?.toLowerCase() !== lookup.market_id.toLowerCase())
  ) {
    out.push(
      violation(
        'AVAIL-007',
        at,
        `market_id ${lookup.market_id} on ${String(lookup.venue)} resolved to ${String(m.venue)}:${String(m.nativeMarketId)}`,
      ),
    );
  }
  if (lookup.slug !== undefined) {
    const rule = lookup.venue === undefined ? 'AVAIL-005' : 'AVAIL-006';
    const venue = lookup.venue ?? 'venue_a';
    if (m.venue !== venue)
      out.push(
        violation(rule, at + ptr('venue'), `slug ${lookup.slug} (venue ${lookup.venue ?? 'omitted'}) resolved to a ${String(m.venue)} row`),
      );
    else if (
      str(m.slug)?.toLowerCase() !== lookup.slug.toLowerCase() &&
      !marketHandles(m).some((h) => h.toLowerCase() === lookup.slug!.toLowerCase())
    ) {
      out.push(violation(rule, at + ptr('slug'), `slug ${lookup.slug} resolved to a row with slug ${JSON.stringify(m.slug)}`));
    }
  }
  return out;
}

/**
 * Agreement of an availability answer with the market's catalog row (GET /api/v1/markets) or search
 * row (GET /api/v1/markets/search): AVAIL-009 tracked, AVAIL-014 available, AVAIL-025 (SHOULD)
 * latestForecast.createdAt, AVAIL-034 (gap, warning) question.
 */
export function checkAvailabilityAgainstRow(body: unknown, row: Obj, path = ''): Violation[] {
  if (!isObj(body)) return [];
  const out: Violation[] = [];
  const key = String(row.marketKey);
  if (body.tracked !== true) out.push(violation('AVAIL-009', path + ptr('tracked'), `listed market ${key} is not tracked`));
  const showsForecast =
    (typeof row.forecast_count === 'number' && row.forecast_count > 0) ||
    (row.latest_forecast_at !== null && row.latest_forecast_at !== undefined) ||
    row.has_forecast === true;
  if (showsForecast && body.available !== true)
    out.push(
      violation('AVAIL-014', path + ptr('available'), `${key}: its listed row shows a forecast but available is ${String(body.available)}`),
    );
  if (row.has_forecast === false && body.available !== false)
    out.push(
      violation(
        'AVAIL-014',
        path + ptr('available'),
        `${key}: its search row has has_forecast false but available is ${String(body.available)}`,
      ),
    );
  const latestAt = str(row.latest_forecast_at);
  const lf = isObj(body.latestForecast) ? body.latestForecast : undefined;
  if (latestAt && lf && Date.parse(String(lf.createdAt)) !== Date.parse(latestAt)) {
    out.push(
      violation(
        'AVAIL-025',
        path + ptr('latestForecast', 'createdAt'),
        `${key}: latestForecast.createdAt ${String(lf.createdAt)} ≠ catalog latest_forecast_at ${latestAt}`,
        'warning',
      ),
    );
  }
  if (body.tracked === true && 'question' in row && body.question !== row.question) {
    out.push(
      violation(
        'AVAIL-034',
        path + ptr('question'),
        `${key}: question ${JSON.stringify(body.question)} ≠ listed ${JSON.stringify(row.question)}`,
        'warning',
      ),
    );
  }
  return out;
}

/** What a listed row's own tags, categories and question say about topic exclusion (gap TOPIC-010). */
export type TopicClass = 'sports' | 'mentions' | 'crypto_up_down' | 'crypto_in_scope' | 'in_scope' | 'unclear';

const UP_DOWN = /\bup or down\b|\bup-or-down\b|\bbe up\b|\bclose (?:higher|lower)\b/i;
const SHORT_WINDOW =
  /\b(?:15|fifteen)[ -]?min(?:ute)?s?\b|\bhourly\b|\b(?:next|one|1|an?)[ -]hour\b|\b60[ -]?min(?:ute)?s?\b|\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b/i;
/** Another sub-daily window (4 hours, 30 minutes): neither the spec's fifteen-minute nor its hourly settle, nor daily. */
const OTHER_SUBDAILY = /\b\d+[ -]?(?:min(?:ute)?s?|hours?|hrs?)\b/i;
const EXCLUSION_HINT = /sport|mention|up-or-down|nfl|nba|nhl|mlb|soccer|epl/i;

/** A row's tags and categories, lower-cased. */
const labelsOf = (row: Obj): string[] =>
  [...(Array.isArray(row.tags) ? row.tags : []), ...(Array.isArray(row.categories) ? row.categories : [])].map((t) =>
    String(t).toLowerCase(),
  );

/** Whether a row's question or tags call it an up/down market (whatever its horizon). */
export function isUpDown(row: Obj): boolean {
  return UP_DOWN.test(str(row.question) ?? '') || labelsOf(row).includes('up-or-down');
}

/**
 * Classifies a catalog or search row by the unambiguous signals only: an exact tag or category
 * 'sports' or 'mentions'; a crypto up/down question naming a 15-minute, hourly or intraday window
 * (short horizon) or none (daily close and longer). Rows with partial hints are `unclear`.
 */
export function classifyTopic(row: Obj): TopicClass {
  const labels = labelsOf(row);
  const question = str(row.question) ?? '';
  if (labels.includes('sports')) return 'sports';
  if (labels.includes('mentions')) return 'mentions';
  const crypto = labels.includes('crypto');
  const upDown = isUpDown(row);
  // 'Bitcoin up or down in the next hour?' is an hourly settle (issue 32 triage: the harness read it as in scope).
  if (crypto && upDown)
    return SHORT_WINDOW.test(question) ? 'crypto_up_down' : OTHER_SUBDAILY.test(question) ? 'unclear' : 'crypto_in_scope';
  if (labels.some((l) => EXCLUSION_HINT.test(l)) || upDown) return 'unclear';
  return crypto ? 'crypto_in_scope' : 'in_scope';
}

/** excluded agrees with the row's topic class (TOPIC-001, -002, -003, -004, -007). */
export function checkExclusion(body: unknown, topic: TopicClass, key: string, path = ''): Violation[] {
  if (!isObj(body) || topic === 'unclear') return [];
  const excluded = isObj(body.excluded) ? body.excluded : null;
  const reason = excluded ? String(excluded.reason) : null;
  const at = path + ptr('excluded');
  const want: Record<Exclude<TopicClass, 'unclear'>, [string, string | null]> = {
    sports: ['TOPIC-001', 'sports'],
    mentions: ['TOPIC-002', 'mentions'],
    crypto_up_down: ['TOPIC-003', 'crypto_up_down'],
    crypto_in_scope: ['TOPIC-004', null],
    in_scope: ['TOPIC-007', null],
  };
  const [rule, expected] = want[topic];
  return reason === expected
    ? []
    : [violation(rule, at, `${key} (${topic}): excluded.reason is ${JSON.stringify(reason)}, expected ${JSON.stringify(expected)}`)];
}

/** The body rules checkAvailability judges on every answer (besides the routing and envelope rules of its market). */
export const AVAILABILITY_BODY_RULES = [
  'AVAIL-011',
  'AVAIL-012',
  'AVAIL-013',
  'AVAIL-015',
  'AVAIL-016',
  'AVAIL-017',
  'AVAIL-019',
  'AVAIL-020',
  'AVAIL-021',
  'AVAIL-022',
  'AVAIL-023',
  'AVAIL-024',
  'AVAIL-030',
  'TOPIC-006',
  // the stub's choices, observed on every answer (warnings)
  'AVAIL-032',
  'AVAIL-041',
  'AVAIL-042',
  'TOPIC-013',
];

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The availability checks, by name (the name of the function each wraps). */
export const AVAILABILITY_CHECKS = {
  checkAvailability: defineCheck(
    'checkAvailability',
    [...AVAILABILITY_BODY_RULES, ...REL_RULES, ...MARKET_ROW_CHECKS.checkCanonicalMarket.rules],
    checkAvailability,
  ),
  checkAvailabilityIdentity: defineCheck(
    'checkAvailabilityIdentity',
    ['AVAIL-005', 'AVAIL-006', 'AVAIL-007', 'AVAIL-008'],
    checkAvailabilityIdentity,
  ),
  checkAvailabilityAgainstRow: defineCheck(
    'checkAvailabilityAgainstRow',
    ['AVAIL-009', 'AVAIL-014', 'AVAIL-025', 'AVAIL-034'],
    checkAvailabilityAgainstRow,
  ),
  checkExclusion: defineCheck('checkExclusion', ['TOPIC-001', 'TOPIC-002', 'TOPIC-003', 'TOPIC-004', 'TOPIC-007'], checkExclusion),
};
