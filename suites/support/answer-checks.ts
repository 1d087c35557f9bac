/**
 * Cross-cutting checks run on every answer the contract matcher validates (issue 34: every rule judged on
 * every operation it applies to). A rule the spec states of every answer of a kind — the error envelope
 * and its codes per status, a 429's anatomy, the relationships envelope, the market routing object, the venue
 * quote — is judged on each answer of that kind whatever the test is about, as the schema validator is, and
 * credited to the answer's operation (`judged(..., operationId)`). Its rules join the running test as
 * its result's `crossCutting` (never as the test's own rules: a failing assertion of the test still names
 * its own rule), and their violations are held with the answer's schema violations (suites/support/matchers.ts).
 */
import { contract, type ObservedResponse } from '../../contract/index.ts';
import { applicableOperations } from '../../contract/applicability.ts';
import { loadRules } from '../../contract/rules.ts';
import { checkErrorEnvelope, ERRORS_CHECKS } from '../../checks/errors.ts';
import { checkRateLimited } from '../../checks/limits.ts';
import {
  cappedInstances,
  checkAllRelationships,
  checkCappedCategories,
  checkForecastAssetVia,
  checkHasMarketHops,
  checkForecastSignalEdge,
  checkAssetMarketEdge,
  assetMarketHopInstances,
  checkRefDirections,
  forecastAssetRefInstances,
  hasMarketHopInstances,
  forecastSignalRefInstances,
  findEnvelopes,
  refDirectionInstances,
  type CappedCategories,
  type EdgeViews,
} from '../../checks/relationships.ts';
import {
  checkMarketSeenTwice,
  checkRouting,
  checkServiceUrl,
  checkUniqueMarketKeys,
  marketSightings,
  type MarketViews,
} from '../../checks/routing.ts';
import { checkSortOrder, HOUR_MS, MARKET_VENUES, ms, SORT_RULES, SORTS } from '../../checks/markets.ts';
import { assetSightings, checkAssetSeenTwice } from '../../checks/assets.ts';
import { identitySeenTwiceInstances, type IdentityViews } from '../../checks/seen-twice.ts';
import { checkSignalSeenTwice, signalSeenTwiceInstances, signalSightings, type SignalViews } from '../../checks/signals.ts';
import { checkForecastSeenTwice, forecastSeenTwiceInstances, forecastSightings, type ForecastViews } from '../../checks/forecast.ts';
import {
  checkOddsEqualQuote,
  checkSnapshotObservedAt,
  checkObservationClock,
  observationInstances,
  type ObservationViews,
  checkVenueQuote,
  checkQuoteSelection,
  quoteSelectionInstances,
  snapshotInstances,
  type SnapshotViews,
} from '../../checks/quote.ts';
import { ANSWER_CASES, answerRuleGroups } from '../../checks/answer-rules.ts';
import { checkNewestForecast, forecastInstants, newestForecastInstances, type NewestViews } from '../../checks/newest-forecast.ts';
import { ANNOTATION } from '../../lib/annotation-kinds.ts';
import { ptr, violation, type Violation } from '../../lib/violation.ts';
import { addOnce, currentTest, judged, resultOf } from './annotations.ts';

type Row = Record<string, unknown>;

/** The MUST rules of a 429's anatomy that hold of every 429, whatever limit refused it (checks/limits.ts). */
export const RATE_LIMITED_RULES = ['ERR-009', 'LIM-019', 'LIM-021', 'LIM-022', 'CONTRACT-003'];
/** The rules judged on every successful answer, by group, and what one instance of each is (checks/answer-rules.ts). */
const RULES = answerRuleGroups();

/** The first view of each market edge from each end in this worker's answers so far (REL-011 across answers). */
const directionViews: EdgeViews = new Map();
/** The categories of markets' envelopes flagged truncated in this worker's answers so far (REL-008 across answers). */
const cappedSeen: CappedCategories = new Map();
/** The first view of each market's graph_snapshot quote in this worker's answers so far (QUOTE-012 across answers). */
const snapshotViews: SnapshotViews = new Map();
/** The first view of each market's live quote observation in this worker's answers so far (QUOTE-015 across answers). */
const observationViews: ObservationViews = new Map();
/** The first sighting of each forecast id in this worker's answers so far (FCST-017 across answers). */
const forecastViews: ForecastViews = new Map();
/** The first statement of each identity member of each marketKey in this worker's answers so far (ROUTE-014). */
const marketViews: MarketViews = new Map();
/** The first statement of each publication id in this worker's answers so far (SIG-027). */
const signalViews: SignalViews = new Map();
/** The first statement of each identity member of each Asset id in this worker's answers so far (ASSET-115). */
const assetViews: IdentityViews = new Map();

/** Each market's forecast instants this worker's answers stated, with their Date (AVAIL-045 across answers). */
const newestViews: NewestViews = new Map();

/** The cross-answer groups of checks/answer-rules.ts (one thing, one fact wherever it is seen). */
type SeenTwice = 'forecastSeenTwice' | 'marketSeenTwice' | 'signalSeenTwice' | 'assetSeenTwice';

/** Whether every rule of `ids` applies to `operationId` (contract/applicability.ts). */
const appliesTo = (ids: readonly string[], operationId: string): boolean =>
  ids.every((id) => {
    const rule = loadRules().get(id);
    return rule !== undefined && applicableOperations(rule).includes(operationId);
  });

/** The run's public site address ({site_url}), which serviceUrl is checked against (ROUTE-005); set by the fixtures. */
let siteUrl = '';

/** Sets what the cross-cutting checks need of the run (suites/support/fixtures.ts, once per worker). */
export function setAnswerContext(context: { siteUrl: string }): void {
  siteUrl = context.siteUrl;
}

/**
 * Adds `ids` to the running test as cross-cutting rules (once each); nothing outside a test. Also used where a
 * test's helper judges a rule the test does not declare (suites/support/limit-calls.ts judgeRefusal), so that the
 * rule's violation is the rule's verdict, not an undeclared failure.
 */
export function join(ids: readonly string[]): void {
  const info = currentTest();
  if (!info) return;
  const r = resultOf(info);
  for (const id of ids) if (!info.annotations.some((a) => a.type === ANNOTATION.rule && a.description === id)) addOnce(r.crossCutting, id);
}

/** Records `n` instances of `ids` on `operationId` after joining them to the test. */
function judgedOn(ids: readonly string[], n: number, what: string, operationId: string): void {
  if (!n) return;
  join(ids);
  judged(ids, n, what, operationId);
}

/** Objects carrying the market routing fields (marketKey with venue and nativeMarketId), with their pointers. */
function routingObjects(value: unknown, path = ''): [string, Row][] {
  if (!value || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => routingObjects(v, path + ptr(i)));
  const row = value as Row;
  const here: [string, Row][] =
    typeof row.marketKey === 'string' && typeof row.venue === 'string' && 'nativeMarketId' in row ? [[path, row]] : [];
  return [...here, ...Object.entries(row).flatMap(([k, v]) => (k === 'relationships' ? [] : routingObjects(v, path + ptr(k))))];
}

/** Arrays whose every element carries the market routing fields (a list of markets), with their pointers. */
function routingLists(value: unknown, path = ''): [string, Row[]][] {
  if (!value || typeof value !== 'object') return [];
  if (Array.isArray(value)) {
    const rows =
      value.length > 0 && value.every((v) => routingObjects(v).some(([p]) => p === '')) ? [[path, value as Row[]] as [string, Row[]]] : [];
    return [...rows, ...value.flatMap((v, i) => routingLists(v, path + ptr(i)))];
  }
  return Object.entries(value as Row).flatMap(([k, v]) => (k === 'relationships' ? [] : routingLists(v, path + ptr(k))));
}

/**
 * serviceUrls with the serviceMarketId they name, with their pointers: a routing object's own, and one beside the
 * routing object an object carries as `market` (the market-signals answer's top level, a trade-signal row).
 */
function serviceUrls(value: unknown, path = ''): [string, unknown, unknown][] {
  if (!value || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => serviceUrls(v, path + ptr(i)));
  const row = value as Row;
  const market = row.market && typeof row.market === 'object' ? (row.market as Row) : undefined;
  const id = 'serviceMarketId' in row ? row.serviceMarketId : market?.serviceMarketId;
  const here: [string, unknown, unknown][] = 'serviceUrl' in row ? [[path + ptr('serviceUrl'), row.serviceUrl, id]] : [];
  return [...here, ...Object.entries(row).flatMap(([k, v]) => (k === 'relationships' ? [] : serviceUrls(v, path + ptr(k))))];
}

/** The case of gap ROUTE-010 (which reserved characters serviceUrl escapes), as suites/markets.spec.ts observes it. */
const ESCAPE_CASE = "the serviceUrl of a serviceMarketId holding a reserved character such as ':'";

/**
 * Gap ROUTE-010 observed on every serviceUrl of a serviceMarketId that encodeURIComponent changes: the stub's choice
 * escapes every reserved character, so a serviceUrl holding the raw id made another choice (a warning, GAP "differs").
 */
function observeEscaping(body: unknown, operationId: string): Violation[] {
  const cases = serviceUrls(body).filter(
    (c): c is [string, string, string] => typeof c[1] === 'string' && typeof c[2] === 'string' && encodeURIComponent(c[2]) !== c[2],
  );
  if (!cases.length) return [];
  join(['ROUTE-010']);
  judged('ROUTE-010', cases.length, ESCAPE_CASE, operationId);
  return cases
    .filter(([, url, id]) => url.includes(id))
    .map(([path, url, id]) => ({
      ruleId: 'ROUTE-010',
      severity: 'warning' as const,
      path,
      message: `differs from the stub's choice: serviceUrl ${url} leaves ${id} unescaped`,
    }));
}

/** Objects carrying a non-null venue_quote and their venue, with their pointers. */
function quotedObjects(value: unknown, path = ''): [string, Row, string][] {
  if (!value || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => quotedObjects(v, path + ptr(i)));
  const row = value as Row;
  const venue = typeof row.venue === 'string' ? row.venue : undefined;
  const here: [string, Row, string][] = venue && row.venue_quote && typeof row.venue_quote === 'object' ? [[path, row, venue]] : [];
  return [...here, ...Object.entries(row).flatMap(([k, v]) => (k === 'relationships' ? [] : quotedObjects(v, path + ptr(k))))];
}

/**
 * The order of a listMarkets answer, for the sort its request asked (MKT-027/028/030; omitted: PARAM-041), on every
 * catalog answer whatever filters came with it: an order kept alone but lost beside a venue or topic filter is still
 * the sort row broken (24f05457f706). A request URL the harness cannot read, or a sort value outside the enum (its
 * refusal is PARAM-040's), gives no instance.
 */
function catalogOrderViolations(body: unknown, url: string | undefined): Violation[] {
  const rows = (body as { markets?: unknown }).markets;
  if (!url || !Array.isArray(rows) || rows.length < 2 || !rows.every((r) => r !== null && typeof r === 'object')) return [];
  let asked: string | null;
  try {
    asked = new URL(url).searchParams.get('sort');
  } catch {
    return [];
  }
  const sort = SORTS.find((s) => s === asked);
  if (asked !== null && !sort) return [];
  judgedOn([sort ? SORT_RULES[sort] : 'PARAM-041'], 1, ANSWER_CASES.catalogOrder, 'listMarkets');
  // MKT-029 (where nulls sit) is a gap its own test observes; only the documented order is held here.
  return checkSortOrder(rows as Row[], sort, 'PARAM-041').filter((v) => v.severity === 'error');
}

/** The clock skew allowed between the answer's Date header and the instants it states, ms (as suites/markets.spec.ts). */
const CATALOG_SKEW_MS = 2 * 60_000;
/** The documented default of max_forecast_age, h (Endpoints / GET /api/v1/markets, its row). */
const DEFAULT_FORECAST_AGE_H = 48;

/**
 * Each filter's own statement about the rows of a listMarkets answer, on every catalog answer whatever other
 * parameters came with it (round-11 bug: changed_within dropped only beside a venue; a filter honoured alone is not
 * yet honoured beside another): venue=X, every row has venue X (MKT-006); changed_within=H, every row's latest
 * forecast within the last H hours (MKT-023, read from latest_forecast_at only when the max_forecast_age window is
 * at least H wide, where that member shows the unwindowed latest forecast); the max_forecast_age window (asked, or
 * its documented default of 48 h), every latest_forecast_at null or not older than it (MKT-020; its other edge, not in
 * the future, needs the target's data clock, which a control plane may have moved ahead of the Date header). The clock is the answer's
 * own Date header. A request URL the harness cannot read, a refused value or an answer without a Date gives no
 * instance. How the filters combine beyond each one's own rows stays gap MKT-038.
 */
function catalogFilterViolations(body: unknown, url: string | undefined, dateMs: number): Violation[] {
  const rows = (body as { markets?: unknown }).markets;
  if (!url || !Array.isArray(rows) || !rows.length || !rows.every((r) => r !== null && typeof r === 'object')) return [];
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    return [];
  }
  const out: Violation[] = [];
  const listed = rows as Row[];
  const venue = params.get('venue');
  if (venue !== null && MARKET_VENUES.includes(venue)) {
    judgedOn(['MKT-006'], 1, ANSWER_CASES.catalogFilters, 'listMarkets');
    listed.forEach((r, i) => {
      if (r.venue !== venue)
        out.push(
          violation(
            'MKT-006',
            `/markets/${i}/venue`,
            `row of venue ${JSON.stringify(r.venue)} under venue=${venue} (with ${params.toString()})`,
          ),
        );
    });
  }
  if (!Number.isFinite(dateMs)) return out;
  const whole = (v: string | null): number | undefined => (v !== null && /^[0-9]+$/.test(v) ? Number(v) : undefined);
  const age = params.has('max_forecast_age') ? whole(params.get('max_forecast_age')) : DEFAULT_FORECAST_AGE_H;
  if (age !== undefined && age >= 1) {
    judgedOn(['MKT-020'], 1, ANSWER_CASES.catalogFilters, 'listMarkets');
    listed.forEach((r, i) => {
      if (r.latest_forecast_at === null || r.latest_forecast_at === undefined) return;
      const t = ms(r.latest_forecast_at);
      // Only the window's far edge: a control plane that moved the target's clock ahead (suites of the clock project)
      // leaves its Date header behind its data, so "not in the future" is its own tests' (their clock read), not this.
      if (!(t >= dateMs - age * HOUR_MS - CATALOG_SKEW_MS))
        out.push(
          violation(
            'MKT-020',
            `/markets/${i}/latest_forecast_at`,
            `${String(r.marketKey)}: latest_forecast_at ${String(r.latest_forecast_at)} older than the ${age} h window of an answer dated ${new Date(dateMs).toISOString()} (with ${params.toString()})`,
          ),
        );
    });
  }
  const within = whole(params.get('changed_within'));
  if (within !== undefined && within >= 1 && within <= 168 && age !== undefined && age >= within) {
    judgedOn(['MKT-023'], 1, ANSWER_CASES.catalogFilters, 'listMarkets');
    listed.forEach((r, i) => {
      if (!(ms(r.latest_forecast_at) >= dateMs - within * HOUR_MS - CATALOG_SKEW_MS))
        out.push(
          violation(
            'MKT-023',
            `/markets/${i}/latest_forecast_at`,
            `${String(r.marketKey)}: latest forecast ${String(r.latest_forecast_at)} is not within changed_within=${within} h of an answer dated ${new Date(dateMs).toISOString()} (with ${params.toString()})`,
          ),
        );
    });
  }
  return out;
}

/**
 * The cross-cutting checks of one answer of `operationId` (`url`: the request's, for the checks that hold an answer
 * to what was asked): their violations (errors and warnings), each rule's instances recorded on the operation.
 * Never throws: a body of an unexpected shape gives no instance.
 */
export function crossCuttingViolations(operationId: string, observed: ObservedResponse, url?: string): Violation[] {
  if (!currentTest()) return [];
  const { status } = observed;
  const out: Violation[] = [];
  if (status >= 400) {
    const answer = { status, headers: observed.headers, bodyText: observed.bodyText };
    for (const [id, c] of Object.entries(ERRORS_CHECKS.checkErrorEnvelope.cases ?? {}))
      judgedOn([id], c.count([answer, operationId]), c.what, operationId);
    out.push(...checkErrorEnvelope(answer, operationId));
    if (status === 429 && !contract().responseChoice(operationId, 429)) {
      judgedOn(RATE_LIMITED_RULES, 1, 'a 429 answer', operationId);
      out.push(...checkRateLimited({ status, headers: observed.headers, body: observed.body }).filter((v) => v.severity === 'error'));
    }
    return out;
  }
  if (status < 200 || status >= 300 || typeof observed.body !== 'object' || observed.body === null) return out;
  // Each group where its rules apply: the operations whose documented answers hold the component, and those whose
  // answer shape is not shown but whose rows the spec describes as markets or forecasts (a market search or
  // mispriced row, a trade signal's market, the stored read's market: the rules' appliesTo names them), where the
  // target carries one (round-13 bug: an envelope inside the signal list, whose shape is not shown, went unread).
  const envelopes = appliesTo(RULES.envelope, operationId) ? findEnvelopes(observed.body) : [];
  judgedOn(RULES.envelope, envelopes.length, ANSWER_CASES.envelope, operationId);
  if (envelopes.length) {
    out.push(...checkAllRelationships(observed.body));
    // REL-012: a forecast's assets are reached through its market (via market), on every envelope a forecast holds.
    if (appliesTo(RULES.forecastAssetVia, operationId)) {
      judgedOn(RULES.forecastAssetVia, forecastAssetRefInstances(observed.body), ANSWER_CASES.forecastAssetVia, operationId);
      out.push(...checkForecastAssetVia(observed.body));
    }
    // REL-007: a HAS_MARKET ref's via names the edge's other end (an asset for a market ref, a market for an asset ref).
    if (appliesTo(RULES.hasMarketHops, operationId)) {
      judgedOn(RULES.hasMarketHops, hasMarketHopInstances(observed.body), ANSWER_CASES.hasMarketHops, operationId);
      out.push(...checkHasMarketHops(observed.body));
    }
    // REL-013: a signal published on a forecast is ON_FORECAST it, in every envelope a forecast holds.
    if (appliesTo(RULES.forecastSignalEdge, operationId)) {
      judgedOn(RULES.forecastSignalEdge, forecastSignalRefInstances(observed.body), ANSWER_CASES.forecastSignalEdge, operationId);
      out.push(...checkForecastSignalEdge(observed.body));
    }
    // REL-014: a two-hop ref that ends on an asset–market edge says HAS_MARKET, in every envelope.
    if (appliesTo(RULES.assetMarketEdge, operationId)) {
      judgedOn(RULES.assetMarketEdge, assetMarketHopInstances(observed.body), ANSWER_CASES.assetMarketEdge, operationId);
      out.push(...checkAssetMarketEdge(observed.body));
    }
    // REL-011 holds across answers too ("wherever it is seen"): this worker's earlier answers' first views are compared.
    if (appliesTo(RULES.directionSeenTwice, operationId)) {
      judgedOn(
        RULES.directionSeenTwice,
        refDirectionInstances(observed.body, directionViews),
        ANSWER_CASES.directionSeenTwice,
        operationId,
      );
      out.push(...checkRefDirections(observed.body, directionViews, `an earlier ${operationId} answer`));
    }
  }
  // REL-008 across answers: a market's category one envelope flags truncated is capped and flagged in all of them, on
  // every operation the rule applies to (the stored forecast read's envelope too, where a target carries one).
  if (appliesTo(RULES.cappedCategory, operationId)) {
    judgedOn(RULES.cappedCategory, cappedInstances(observed.body, cappedSeen), ANSWER_CASES.cappedCategory, operationId);
    out.push(...checkCappedCategories(observed.body, cappedSeen, `an earlier ${operationId} answer`));
  }
  if (operationId === 'listMarkets')
    out.push(
      ...catalogOrderViolations(observed.body, url),
      ...catalogFilterViolations(observed.body, url, Date.parse(observed.headers['date'] ?? '')),
    );
  // One thing, one fact wherever this worker saw it (checks/seen-twice.ts): FCST-017 one stored forecast, ROUTE-014
  // one marketKey, SIG-027 one publication, ASSET-115 one Asset id.
  const earlier = `an earlier ${operationId} answer`;
  const across = <S, V>(
    group: SeenTwice,
    sightings: () => S[],
    views: V,
    instances: (s: S[], v: V) => number,
    check: (s: S[], v: V, a: string) => Violation[],
  ) => {
    if (!appliesTo(RULES[group], operationId)) return;
    const seen = sightings();
    judgedOn(RULES[group], instances(seen, views), ANSWER_CASES[group], operationId);
    out.push(...check(seen, views, earlier));
  };
  across(
    'forecastSeenTwice',
    () => forecastSightings(operationId, observed.body),
    forecastViews,
    forecastSeenTwiceInstances,
    checkForecastSeenTwice,
  );
  across('marketSeenTwice', () => marketSightings(observed.body), marketViews, identitySeenTwiceInstances, checkMarketSeenTwice);
  across('signalSeenTwice', () => signalSightings(operationId, observed.body), signalViews, signalSeenTwiceInstances, checkSignalSeenTwice);
  across('assetSeenTwice', () => assetSightings(observed.body), assetViews, identitySeenTwiceInstances, checkAssetSeenTwice);
  // AVAIL-045, MKT-042, ASRCH-119: a member naming a market's newest forecast is never older than a forecast of the
  // market an answer dated before showed (the latest feed's forecasts are sightings only; checks/newest-forecast.ts).
  const instants = forecastInstants(operationId, observed.body);
  const dateMs = Date.parse(observed.headers['date'] ?? '');
  for (const rule of RULES.newestForecast)
    if (appliesTo([rule], operationId))
      judgedOn([rule], newestForecastInstances(instants.latest, newestViews, dateMs, rule), ANSWER_CASES.newestForecast, operationId);
  out.push(...checkNewestForecast(instants, newestViews, dateMs, earlier));
  const routed = appliesTo(RULES.routing, operationId) ? routingObjects(observed.body) : [];
  judgedOn(RULES.routing, routed.length, ANSWER_CASES.routing, operationId);
  for (const [path, row] of routed) out.push(...checkRouting(row, path));
  const served = siteUrl && appliesTo(RULES.serviceUrl, operationId) ? routed.filter(([, row]) => typeof row.serviceUrl === 'string') : [];
  judgedOn(RULES.serviceUrl, served.length, ANSWER_CASES.serviceUrl, operationId);
  for (const [path, row] of served)
    out.push(...checkServiceUrl(row.serviceUrl, row.serviceMarketId, siteUrl, `${path}${ptr('serviceUrl')}`));
  if (appliesTo(['ROUTE-010'], operationId)) out.push(...observeEscaping(observed.body, operationId));
  const lists = appliesTo(RULES.marketList, operationId) ? routingLists(observed.body) : [];
  judgedOn(RULES.marketList, lists.filter(([, rows]) => rows.length > 1).length, ANSWER_CASES.marketList, operationId);
  for (const [path, rows] of lists) out.push(...checkUniqueMarketKeys(rows, path));
  const quoted = appliesTo(RULES.quote, operationId) ? quotedObjects(observed.body) : [];
  judgedOn(RULES.quote, quoted.length, ANSWER_CASES.quote, operationId);
  // QUOTE-012 across answers: one stored snapshot of a market, one observed_at, wherever this worker saw it.
  const quotes = quoted.map(([path, row]) => [row.venue_quote, `${path}/venue_quote`] as const);
  if (appliesTo(RULES.snapshotSeenTwice, operationId)) {
    judgedOn(RULES.snapshotSeenTwice, snapshotInstances(quotes, snapshotViews), ANSWER_CASES.snapshotSeenTwice, operationId);
    out.push(...checkSnapshotObservedAt(quotes, snapshotViews, `an earlier ${operationId} answer`));
  }
  // QUOTE-015 across answers: one live observation of a market, one source clock, wherever this worker saw it.
  if (appliesTo(RULES.observationSeenTwice, operationId)) {
    judgedOn(RULES.observationSeenTwice, observationInstances(quotes, observationViews), ANSWER_CASES.observationSeenTwice, operationId);
    out.push(...checkObservationClock(quotes, observationViews, `an earlier ${operationId} answer`));
  }
  // QUOTE-009 on every quote of every answer (round-37 bug: the latest feed's midpoint-labelled quotes took the last
  // trade; the rule was judged on the market list only). Its gap companions (QUOTE-010, QUOTE-013) stay with the suites.
  if (appliesTo(RULES.quoteSelection, operationId)) {
    judgedOn(RULES.quoteSelection, quoteSelectionInstances(quotes.map(([q]) => q)), ANSWER_CASES.quoteSelection, operationId);
    out.push(...checkQuoteSelection(quotes).filter((v) => RULES.quoteSelection.includes(v.ruleId)));
  }
  for (const [path, row, venue] of quoted) {
    out.push(...checkVenueQuote(row.venue_quote, venue, `${path}/venue_quote`));
    for (const key of ['yes_odds', 'market_odds'])
      if (key in row) out.push(...checkOddsEqualQuote(row[key], row.venue_quote, `${path}${ptr(key)}`));
  }
  return out;
}
