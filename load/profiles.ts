/**
 * Load profiles, one per limit scope of the spec's Limits table (spec: Limits; GET /api/v1/signals/oil;
 * Errors 429). A profile says which operations it drives, at what rate, for how long, with what
 * in-flight cap, and what it expects: expectations are evaluated into violations (load/evaluate.ts)
 * naming LIM / OIL / ERR / CONTRACT rules (catalogue severities, severityOf in load/evaluate.ts), and
 * k6-style thresholds on the run's metrics (load/thresholds.ts, load/metrics.ts) set the exit code.
 */
import { contract, fillTemplate } from '../contract/index.ts';
import { LIMIT_BOUNDS, OIL_LIMITS, hasOilLimits, principalScopeOf, type LimitScope, type ScopeBounds } from '../contract/limits.ts';
import { PRICES } from '../contract/pricing.ts';
import { METRIC } from './metrics.ts';
import { assertThresholds, type Thresholds } from './thresholds.ts';

/** Bounds of one limit scope. Absent = the scope has no such bound. */
export interface LoadBounds {
  perSecond?: number;
  perMinute?: number;
  perDay?: number;
  inFlight?: number;
  /** Minimum spacing between admitted request starts, ms (the oil route). */
  minSpacingMs?: number;
}

/** A row of the Limits table (or the oil route's own limits): the bounds of one limit scope. */
export interface ScopeLimits {
  /**
   * The limit scope (contract/limits.ts): what a 429 of this scope names as `limit_scope` (gap LIM-029 / OIL-014);
   * the operations a profile drives count against it (x-fc-limits).
   */
  name: LimitScope;
  title: string;
  /** Spec section the bounds come from. */
  section: string;
  limits: LoadBounds;
  /** Whose quota it is (gap LIM-026): an API-key principal or the client IP. */
  countsPer: 'principal' | 'ip';
}

/** A row of the Limits table as load bounds (contract/limits.ts, the one copy the stub and the suites read too). */
const tableLimits = (b: ScopeBounds): LoadBounds => ({
  perSecond: b.second,
  perMinute: b.minute,
  perDay: b.day,
  ...(b.inFlight === undefined ? {} : { inFlight: b.inFlight }),
});

/** The limits of each limit scope, by its name. */
export const SCOPE_LIMITS: Readonly<Record<LimitScope, ScopeLimits>> = {
  standard: {
    name: 'standard',
    title: 'Standard (all non-social payable routes)',
    section: 'Limits (table)',
    limits: tableLimits(LIMIT_BOUNDS.standard),
    countsPer: 'principal',
  },
  x_research: {
    name: 'x_research',
    title: 'Social research (/x/search and /x/profile)',
    section: 'Limits (table)',
    limits: tableLimits(LIMIT_BOUNDS.x_research),
    countsPer: 'principal',
  },
  ip_guard: {
    name: 'ip_guard',
    title: 'Secondary per-IP anti-abuse guard',
    section: 'Limits (table)',
    limits: tableLimits(LIMIT_BOUNDS.ip_guard),
    countsPer: 'ip',
  },
  oil: {
    name: 'oil',
    title: 'Oil signal route: one in flight, starts at least 1 s apart',
    section: 'Endpoints / GET /api/v1/signals/oil; Limits rule 3',
    limits: { inFlight: OIL_LIMITS.inFlight, minSpacingMs: OIL_LIMITS.spacingMs },
    countsPer: 'principal',
  },
};

/** Identities a representative request needs, discovered on the target (load/requests.ts). */
export interface Identities {
  /** A marketKey the free availability route knows. */
  marketKey: string;
  /** A ref forecast-targets resolves (a venue_b marketKey when there is one). */
  targetRef: string;
}

/** A representative valid request of an operation: query, path values and JSON body. */
export interface RequestShape {
  query?: Record<string, string>;
  pathParams?: Record<string, string>;
  body?: unknown;
}

/** An operation a profile drives: contract facts plus its representative request. */
export interface OperationLoad {
  operationId: string;
  method: string;
  /** OpenAPI path template (contract().operations). */
  path: string;
  /** Credits debited per billed call (contract/pricing.ts); 0 for free routes. */
  credits: number;
  /** Sent with the API key (x-service-api-key). */
  withKey: boolean;
  /** Its request needs identities discovered on the target (one GET /api/v1/markets before the run). */
  usesIdentities: boolean;
  request(ids: Identities): RequestShape;
}

/** What a check evaluates (load/evaluate.ts). */
export type ExpectationCheck =
  /** In every clock-aligned window holding n > limit starts, at least n − limit answers are 429. */
  | { kind: 'window-429'; windowMs: number; limit: number }
  /** No 429 for a start that every bound of the scope admits. */
  | { kind: 'no-spurious-429' }
  /** No start admitted while `limit` admitted requests are surely in flight. */
  | { kind: 'in-flight'; limit: number }
  /** Admitted starts at least spacingMs apart; a start later than that after the last admitted one is not 429. */
  | { kind: 'spacing'; spacingMs: number }
  /** Every 429 carries the headers and body fields of the rules named. */
  | { kind: '429-anatomy' };

/** One expectation of a profile, evaluated into violations of its rules. */
export interface Expectation {
  id: string;
  /** When it applies: under every bound, over one, or on every answer. */
  when: 'within' | 'above' | 'always';
  text: string;
  /** Rules whose violations it reports (first = the rule a window / spurious violation names). */
  ruleIds: string[];
  check: ExpectationCheck;
}

export interface LoadProfile {
  name: string;
  scope: ScopeLimits;
  description: string;
  operations: OperationLoad[];
  /** Default target rate, requests/s: under every bound of the scope for the default duration. */
  rate: number;
  /** Suggested rate above the scope's bound (`--burst`). */
  burstRate: number;
  /** Seconds. */
  durationS: number;
  /** Client in-flight cap (the scope's in-flight bound where it has one). */
  maxInFlight: number;
  expects: Expectation[];
  /** Rules of the scope this harness cannot observe from one load run, and why. */
  notEvaluated: { ruleId: string; reason: string }[];
  /** k6-style thresholds on the run's metrics (load/metrics.ts); any crossed one exits 1. */
  thresholds: Thresholds;
}

/** The sliding window a scope's admissions are judged in (load/window-judge.ts): its per-second bound, or one start per spacing (oil). */
export function windowOf(scope: ScopeLimits): { bound: number; windowMs: number } {
  if (scope.limits.perSecond !== undefined) return { bound: scope.limits.perSecond, windowMs: 1000 };
  return { bound: 1, windowMs: scope.limits.minSpacingMs ?? 1000 };
}

/**
 * The thresholds every profile declares (k6 style), for a scope's window bound and a latency budget:
 * p(95) latency under `p95Ms`; under 1 % failed answers (no answer, 5xx, 4xx other than 429); no
 * false rejection and no false admission; at most the bound admitted in any window; no MUST rule of
 * the limit expectations broken; no sampled answer breaking the contract.
 */
export function limitThresholds(scope: ScopeLimits, p95Ms: number): Thresholds {
  const t: Thresholds = {
    [METRIC.duration]: [`p(95)<${p95Ms}`],
    [METRIC.failed]: ['rate<0.01'],
    [METRIC.falseRejections]: ['count==0'],
    [METRIC.falseAdmissions]: ['count==0'],
    [METRIC.admittedPerWindow]: [`max<=${windowOf(scope).bound}`],
    [METRIC.limitRuleViolations]: ['count==0'],
    [METRIC.contractViolations]: ['count==0'],
  };
  assertThresholds(t);
  return t;
}

/** The limit scope an operation's calls are judged against in a load run (x-fc-limits): its own oil limits, its principal scope, else the IP guard. */
const judgedScopeOf = (operationId: string): LimitScope =>
  hasOilLimits(operationId) ? 'oil' : (principalScopeOf(operationId) ?? 'ip_guard');

/**
 * The contract facts of an operation a profile of `scope` drives, with its representative request: the
 * operation's `x-fc-baseline` request with the identities filled in, or a `workload` request (load design,
 * such as a search term). Method, path, price, key and limit scope are read from the contract.
 * @throws Error when the operation does not count against the scope (x-fc-limits) or its baseline names a
 *   placeholder the load identities lack.
 */
function op(scope: ScopeLimits, operationId: string, workload?: RequestShape): OperationLoad {
  const o = contract().operation(operationId);
  const price = PRICES[operationId]!;
  if (judgedScopeOf(operationId) !== scope.name)
    throw new Error(
      `load profile ${scope.name}: ${operationId} counts against ${judgedScopeOf(operationId)} (x-fc-limits), not ${scope.name}`,
    );
  const { params, path, body } = o.facts.baseline;
  const template = { params, path, body };
  const fill = (ids: Identities): RequestShape => {
    const r = fillTemplate(template, { ...ids });
    const strings = (x: Record<string, unknown> | undefined) => x && Object.fromEntries(Object.entries(x).map(([k, v]) => [k, String(v)]));
    return { query: strings(r.params), pathParams: strings(r.path), ...(r.body === undefined ? {} : { body: r.body }) };
  };
  fill({ marketKey: 'venue_a:1', targetRef: 'venue_b:T' }); // an unknown placeholder throws here, when the profiles are built
  return {
    operationId,
    method: o.method.toUpperCase(),
    path: o.path,
    credits: price.credits,
    withKey: price.credits > 0 || price.keyOnly,
    usesIdentities: !workload && /"\$[A-Za-z]\w*"/.test(JSON.stringify(template)),
    request: workload ? () => workload : fill,
  };
}

/** Every 429 of the run: headers and body (spec: Errors 429; Errors envelope). */
const anatomy = (extra: string[] = []): Expectation => ({
  id: '429-anatomy',
  when: 'always',
  text: 'Every 429 carries Retry-After, error rate_limited, an integer retry_after equal to Retry-After, RateLimit-Policy and RateLimit, and a documented limit_scope; a concurrency 429 carries X-Quotient-Max-Concurrent.',
  ruleIds: ['CONTRACT-003', 'ERR-009', 'LIM-019', 'LIM-021', 'LIM-022', 'LIM-023', 'LIM-024', 'LIM-029', ...extra],
  check: { kind: '429-anatomy' },
});

/** The window, spurious-429 and in-flight expectations of a table scope. */
function tableExpectations(
  scope: ScopeLimits,
  rules: { second: string; minute: string; inFlight?: string; withinExtra?: string[]; windowExtra?: string[] },
): Expectation[] {
  const l = scope.limits;
  const out: Expectation[] = [
    {
      id: 'within-no-429',
      when: 'within',
      text: `A start under ${l.perSecond}/s, ${l.perMinute}/min${l.inFlight ? ` and ${l.inFlight} in flight` : ''} is never answered 429.`,
      ruleIds: [rules.second, rules.minute, ...(rules.inFlight ? [rules.inFlight] : []), ...(rules.withinExtra ?? [])],
      check: { kind: 'no-spurious-429' },
    },
    {
      id: 'above-per-second',
      when: 'above',
      text: `In every clock-aligned second (gap LIM-025) holding n > ${l.perSecond} starts, at least n − ${l.perSecond} answers are 429.`,
      ruleIds: [rules.second, 'LIM-025', ...(rules.windowExtra ?? [])],
      check: { kind: 'window-429', windowMs: 1000, limit: l.perSecond! },
    },
    {
      id: 'above-per-minute',
      when: 'above',
      text: `In every clock-aligned minute holding n > ${l.perMinute} starts, at least n − ${l.perMinute} answers are 429.`,
      ruleIds: [rules.minute, 'LIM-025', ...(rules.windowExtra ?? [])],
      check: { kind: 'window-429', windowMs: 60_000, limit: l.perMinute! },
    },
  ];
  if (rules.inFlight && l.inFlight) {
    out.push({
      id: 'above-in-flight',
      when: 'above',
      text: `No request is admitted while ${l.inFlight} admitted requests are surely in flight (only reachable with --max-in-flight above ${l.inFlight}).`,
      ruleIds: [rules.inFlight],
      check: { kind: 'in-flight', limit: l.inFlight },
    });
  }
  return [...out, anatomy()];
}

const DAILY = "one run stays far below the daily bound, and a daily count needs the target's counters (control plane)";
const NOT_EVALUATED_COMMON = [
  { ruleId: 'LIM-017', reason: 'a 429 debits nothing: needs the account balance (control plane); asserted by the suites' },
  { ruleId: 'LIM-020', reason: 'a retry after Retry-After succeeds: an open-model run never retries; asserted by the suites' },
];

/** Builds the four profiles (reads contract/openapi.yaml once through contract()). */
export function buildProfiles(): Record<string, LoadProfile> {
  const standard: LoadProfile = {
    name: 'standard',
    scope: SCOPE_LIMITS.standard,
    description: 'Paid non-social reads with an API key: market list, market search, asset directory, trade signals.',
    operations: ['listMarkets', 'searchMarkets', 'listAssets', 'listSignals'].map((id) =>
      op(SCOPE_LIMITS.standard, id, id === 'searchMarkets' ? { query: { q: 'crude oil' } } : undefined),
    ),
    rate: 18,
    burstRate: 30,
    durationS: 10,
    maxInFlight: 10,
    expects: tableExpectations(SCOPE_LIMITS.standard, { second: 'LIM-001', minute: 'LIM-002', inFlight: 'LIM-004' }),
    notEvaluated: [{ ruleId: 'LIM-003', reason: DAILY }, ...NOT_EVALUATED_COMMON],
    thresholds: limitThresholds(SCOPE_LIMITS.standard, 1000),
  };
  const social: LoadProfile = {
    name: 'social',
    scope: SCOPE_LIMITS.x_research,
    description:
      'Social research with an API key: POST /api/v1/x/search and POST /api/v1/x/profile, sharing one quota. Expensive ($0.50 / $1.00 a call).',
    operations: [op(SCOPE_LIMITS.x_research, 'searchSocial'), op(SCOPE_LIMITS.x_research, 'createSocialProfile')],
    rate: 4,
    burstRate: 8,
    durationS: 5,
    maxInFlight: 5,
    expects: tableExpectations(SCOPE_LIMITS.x_research, {
      second: 'LIM-005',
      minute: 'LIM-006',
      inFlight: 'LIM-008',
      windowExtra: ['LIM-013'],
    }),
    notEvaluated: [{ ruleId: 'LIM-007', reason: DAILY }, ...NOT_EVALUATED_COMMON],
    thresholds: limitThresholds(SCOPE_LIMITS.x_research, 2000),
  };
  const ipGuard: LoadProfile = {
    name: 'ip-guard',
    scope: SCOPE_LIMITS.ip_guard,
    description:
      'Free routes without a key (which count only against the per-IP guard, gap LIM-027): forecast availability, forecast targets, pricing.',
    operations: ['getForecastAvailability', 'getForecastTargets', 'getPricing'].map((id) => op(SCOPE_LIMITS.ip_guard, id)),
    rate: 40,
    burstRate: 75,
    durationS: 10,
    maxInFlight: 25,
    expects: tableExpectations(SCOPE_LIMITS.ip_guard, { second: 'LIM-009', minute: 'LIM-010', withinExtra: ['LIM-027'] }),
    notEvaluated: [
      { ruleId: 'LIM-011', reason: DAILY },
      { ruleId: 'LIM-014', reason: 'the guard may tighten during abuse: judged by the suites (checks/limits.ts checkGuardTightening)' },
      ...NOT_EVALUATED_COMMON,
    ],
    thresholds: limitThresholds(SCOPE_LIMITS.ip_guard, 500),
  };
  const oil: LoadProfile = {
    name: 'oil',
    scope: SCOPE_LIMITS.oil,
    description: 'GET /api/v1/signals/oil with an API key: one request in flight, starts at least one second apart.',
    operations: [op(SCOPE_LIMITS.oil, 'getOilSignal')],
    rate: 0.8,
    burstRate: 2,
    durationS: 10,
    maxInFlight: 1,
    expects: [
      {
        id: 'spacing',
        when: 'always',
        text: 'Admitted starts are at least 1 s apart; a start more than 1 s after the last admitted start (429s do not move the clock, gap OIL-013) is not 429.',
        ruleIds: ['OIL-012', 'OIL-013'],
        check: { kind: 'spacing', spacingMs: 1000 },
      },
      {
        id: 'in-flight',
        when: 'above',
        text: 'No request is admitted while another admitted oil request is surely in flight (only reachable with --max-in-flight above 1).',
        ruleIds: ['OIL-011'],
        check: { kind: 'in-flight', limit: 1 },
      },
      anatomy(['OIL-014']),
    ],
    notEvaluated: [...NOT_EVALUATED_COMMON],
    thresholds: limitThresholds(SCOPE_LIMITS.oil, 1000),
  };
  return { standard, social, 'ip-guard': ipGuard, oil };
}

/**
 * Profile names, in the order of the Limits table: the words of `npm run load -- --profile` (documented
 * commands use them), so the social research profile stays `social` and the per-IP guard's `ip-guard`; the
 * limit scope each drives is its `scope.name` (x_research, ip_guard).
 */
export const PROFILE_NAMES = ['standard', 'social', 'ip-guard', 'oil'] as const;

/** Whether a rate (req/s) is above a scope's per-second bound (or its spacing, for the oil route). */
export function isAboveLimit(scope: ScopeLimits, rate: number): boolean {
  const l = scope.limits;
  if (l.perSecond !== undefined && rate > l.perSecond) return true;
  return l.minSpacingMs !== undefined && 1000 / rate < l.minSpacingMs;
}

/** Every rule ID a profile names (expectations and not-evaluated list), deduplicated. */
export function ruleIdsOf(profile: LoadProfile): string[] {
  return [...new Set([...profile.expects.flatMap((e) => e.ruleIds), ...profile.notEvaluated.map((n) => n.ruleId)])];
}
