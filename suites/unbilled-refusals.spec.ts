/**
 * Unbilled answers of every paid operation (families BILL and LIM, with the control plane; issue 34: every
 * rule judged on every operation it applies to). suites/billing.spec.ts proves a 502 unbilled on one
 * operation and suites/limits.spec.ts a 429 on a few; here each paid operation an API key can call is
 * refused three ways with a fresh account:
 * - an upstream 502 injected through the control plane (`faults`): the key's debit is refunded (BILL-003,
 *   BILL-004), and outside the social routes the error is upstream_unavailable (ERR-010; gap XSRCH-005);
 * - its scope's minute, then its day, filled through the control plane (`limits/usage`): the call is refused
 *   429 (LIM-002/003, LIM-006/007) before any debit (BILL-008, LIM-017), its RateLimit-Policy states the
 *   window's quota (LIM-033), and its anatomy is judged by the contract matcher (suites/support/answer-checks.ts);
 * - an identifier nothing matches (an unknown market, asset or reference) in the request the operation
 *   otherwise answers: where the target answers 404, the key's debit is refunded (BILL-002); another refusal
 *   there is the target's choice (the spec states a 404 only for some of these) and no instance.
 * The same three refusals paid by x402 (a fresh wallet funded through the control plane) settle nothing: no
 * PAYMENT-RESPONSE and the wallet untouched (BILL-006, BILL-009 over the payer's own minute, BILL-005).
 * Each answer is unbilled, so the run spends nothing on them; the discovery of each request is shared.
 */
import { randomUUID } from 'node:crypto';
import { test, expect, contractRules, judged, ruleDetails, slow } from './support/fixtures.ts';
import { routeLocks } from './support/locks.ts';
import { contract } from '../contract/index.ts';
import { PRICES } from '../contract/pricing.ts';
import { LIMIT_BOUNDS, principalScopeOf } from '../contract/limits.ts';
import { BILLING_RULES, checkDebit } from '../checks/billing.ts';
import { violation, type Violation } from '../lib/violation.ts';
import {
  PAID_OPERATIONS,
  discoverRequest,
  liveCredits,
  otherMarketRequests,
  pointedRequests,
  referenceFormRequests,
  requestForms,
  sendRequest,
  type PaidRequest,
} from './support/paid-requests.ts';
import { errorOf } from './support/operations.ts';
import { answerOf, judgeRefusal, preload, send } from './support/limit-calls.ts';
import type { TargetClient } from './support/client.ts';
import { FAULT_SCOPE_HEADER, faultScope, type ControlPlane } from './support/control.ts';
import { notSettled, paymentFor, sendPaid } from './support/x402-payments.ts';
import { requestFor } from './support/request-for.ts';
import { drawnFrom } from './support/exhibit.ts';
import { findThinHandle } from './support/social.ts';
import { interiorValues, paramSpecs, placeholder } from './support/param-cases.ts';
import { isRecord } from '../lib/guards.ts';
import { feedMarkets, marketPath, readFeed } from './support/feed.ts';
import { lookup } from './support/lookups.ts';

/** The paid operations an API key pays for (linkWallet is paid by the wallet being linked). */
const KEY_OPERATIONS = PAID_OPERATIONS.filter((id) => (contract().operation(id).spec.security ?? []).some((s) => 'apiKey' in s));
/** Those whose documented answers include a 502. */
const WITH_502 = KEY_OPERATIONS.filter((id) => contract().operation(id).spec.responses?.['502'] !== undefined);
/** Those counted in a principal scope (Limits table): a full minute of it refuses the next call. */
const SCOPED = KEY_OPERATIONS.filter((id) => principalScopeOf(id) !== undefined);
/** The social routes, whose 502 has no code in the Errors table (gap XSRCH-005). */
const SOCIAL = new Set(['searchSocial', 'createSocialProfile']);
/** A 429 is rejected before any debit (BILL-008; not in BILLING_RULES, which names the refund rules). */
const NOT_BILLED_429 = 'BILL-008';
/** A 429 is decided before upstream work (BILL-010): no upstream fetch is made for it. */
const NOT_BILLED_UPSTREAM_WORK = 'BILL-010';
/**
 * Upstream failures other than the 502 injected through the control plane: the spec's example, and a gateway timeout
 * that arrives late, as timeouts do (latencyMs, ms): a refund decided by how long the call took is then seen.
 */
const UPSTREAM_ERRORS = [
  // An upstream's own failure (round-19 bug: a refund keyed on a list of statuses kept the debit of an upstream 500).
  { status: 500, latencyMs: 0 },
  { status: 503, latencyMs: 0 },
  { status: 504, latencyMs: 1200 },
  // An upstream's refusal is an error upstream response too (round-23 bug: refunds keyed on 404, 429 and 5xx kept the
  // debit of an upstream 4xx), and so is its rate limit (round-24 bug: a refund for the limiter's own 429 only).
  { status: 409, latencyMs: 0 },
  { status: 429, latencyMs: 0 },
] as const;
/** How long a latency fault holds a call in the upstream when the in-flight bound is filled, ms. */
const HELD_MS = 3000;
/** The per-minute and per-day bounds' rules of each principal scope (Limits table). */
const WINDOW_RULES = {
  standard: [
    { window: 'minute', rule: 'LIM-002' },
    { window: 'day', rule: 'LIM-003' },
  ],
  x_research: [
    { window: 'minute', rule: 'LIM-006' },
    { window: 'day', rule: 'LIM-007' },
  ],
} as const;

const price = (op: string): number => PRICES[op]!.credits;

/** A marketKey no venue has (the routing form `<venue>:<native id>`, ROUTE-001). */
const UNKNOWN_MARKET_KEY = 'venue_a:999999999991';
/** Every string of `value` that is a marketKey, replaced by an unknown one (a generation body's market, whatever its served name). */
function unknownMarkets(value: unknown): unknown {
  if (typeof value === 'string') return /^venue_[a-z_]+:\S+$/.test(value) ? UNKNOWN_MARKET_KEY : value;
  if (Array.isArray(value)) return value.map(unknownMarkets);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unknownMarkets(v)]));
  return value;
}

/**
 * Per operation, its discovered request with the identifier it names replaced by one nothing matches: the
 * operations that document a 404 (contract/openapi.yaml) and name one thing (a market, an asset, a reference).
 */
const UNKNOWN_IDENTIFIER: Readonly<Record<string, (r: PaidRequest) => PaidRequest>> = {
  getMarketSignals: (r) => ({ ...r, path: `/api/v1/markets/fc-no-such-market-${randomUUID().slice(0, 8)}/signals`, params: {} }),
  getMarketForecast: (r) => ({ ...r, path: `/api/v1/markets/fc-no-such-market-${randomUUID().slice(0, 8)}/forecast`, params: {} }),
  getAssetStance: (r) => ({ ...r, params: { ...r.params, asset: `fc-no-such-asset-${randomUUID().slice(0, 8)}` } }),
  listSources: (r) => ({ ...r, params: { ...r.params, market_keys: UNKNOWN_MARKET_KEY } }),
  searchAssets: (r) => ({ ...r, params: { reference: UNKNOWN_MARKET_KEY } }),
  // A generation body names its market by venue and native id (not a marketKey): the id is replaced too.
  createForecastRequest: (r) => ({
    ...r,
    body: { ...(unknownMarkets(r.body) as object), market_id: `FC-NO-SUCH-MARKET-${randomUUID().slice(0, 8).toUpperCase()}` },
  }),
};
/** The operations of UNKNOWN_IDENTIFIER an API key pays for and that document a 404. */
const WITH_404 = KEY_OPERATIONS.filter((id) => id in UNKNOWN_IDENTIFIER && contract().operation(id).spec.responses?.['404'] !== undefined);

/**
 * BILL-010 after a 429 sent with the fault scope `marked`: another principal's call with the same scope reaches the
 * upstream and meets the pending failure (502, unbilled). When it does not, the fault is gone only if the 429
 * consumed it (a violation); a fault still live means the target does not scope faults (no instance). Clears it.
 */
async function upstreamStillPending(
  api: TargetClient,
  controlPlane: ControlPlane,
  request: PaidRequest,
  op: string,
  marked: string,
): Promise<Violation[]> {
  // Credits to spare: a gap price may be above the reference one, and a refusal for credits never reaches the upstream.
  const other = await controlPlane.createAccount(price(op) * 100);
  const next = await send(api.withKey(other.apiKey), request, { [FAULT_SCOPE_HEADER]: marked });
  const live = next.status() === 502 ? [] : await controlPlane.liveFaults();
  await controlPlane.clearFaults();
  if (next.status() === 502) {
    judged(NOT_BILLED_UPSTREAM_WORK, 1, 'a 429 while an upstream failure was pending', op);
    return [];
  }
  if (live.some((f) => (f as { scope?: string }).scope === marked)) return [];
  judged(NOT_BILLED_UPSTREAM_WORK, 1, 'a 429 while an upstream failure was pending', op);
  return drawnFrom(next, [
    violation(
      NOT_BILLED_UPSTREAM_WORK,
      'status',
      `the upstream failure pending for the 429's call of ${op} was gone after it (the next call answered ${next.status()}): the 429 reached the upstream`,
    ),
  ]);
}

/**
 * `request` once for each value of each bounded integer query parameter or body field of `op`: min, min + 1, the
 * values between (`interiorValues`), max - 1 and max, each as the wire carries it (a query string, a body number).
 */
function integerVariants(op: string, request: PaidRequest): { what: string; request: PaidRequest }[] {
  const out: { what: string; request: PaidRequest }[] = [];
  for (const spec of paramSpecs(op)) {
    const { minimum: lo, maximum: hi, type } = spec.schema;
    if (type !== 'integer' || lo === undefined || hi === undefined) continue;
    if (spec.in === 'body' ? !isRecord(request.body) : spec.in !== 'query') continue;
    for (const n of [...new Set([lo, lo + 1, ...interiorValues(lo, hi), hi - 1, hi])].filter((n) => n >= lo && n <= hi))
      out.push({
        what: `${spec.name}=${n}`,
        request:
          spec.in === 'body'
            ? { ...request, body: { ...(request.body as Record<string, unknown>), [spec.field]: n } }
            : { ...request, params: { ...request.params, [spec.field]: String(n) } },
      });
  }
  return out;
}

/**
 * The request with each value of every enum, boolean or enum-list parameter of its place (query, or a body it has), one
 * at a time: a 502 may go down another path beside one value (round-37 bug: the feed's 502 billed when types was given).
 */
function valueVariants(op: string, request: PaidRequest): { what: string; request: PaidRequest }[] {
  const out: { what: string; request: PaidRequest }[] = [];
  for (const spec of paramSpecs(op)) {
    if (spec.in === 'body' ? !isRecord(request.body) : spec.in !== 'query') continue;
    const { type, enum: values, items } = spec.schema;
    const list = type === 'array';
    const each = type === 'boolean' ? [true, false] : (values ?? (list ? items?.enum : undefined) ?? []);
    for (const v of each)
      out.push({
        what: `${spec.name}=${String(v)}`,
        request:
          spec.in === 'body'
            ? { ...request, body: { ...(request.body as Record<string, unknown>), [spec.field]: list ? [v] : v } }
            : { ...request, params: { ...request.params, [spec.field]: String(v) } },
      });
  }
  return out;
}

/**
 * The request with each optional query parameter it lacks and no other variant gives a value (a date, a free string):
 * a date or date-time a day ago, in each form its format allows (YYYY-MM-DD, RFC 3339), a free string a well-formed
 * placeholder (`placeholder`). A 502 may go down another path beside a filter or a point in time (round-40 bug: market
 * search's 502 billed when as_of was given); the fault strikes before the route's work, so the value need name nothing.
 */
function optionalVariants(op: string, request: PaidRequest): { what: string; request: PaidRequest }[] {
  const dayAgo = new Date(Date.now() - 24 * 3_600_000);
  const dates: Record<string, string> = { date: dayAgo.toISOString().slice(0, 10), 'date-time': `${dayAgo.toISOString().slice(0, 19)}Z` };
  const out: { what: string; request: PaidRequest }[] = [];
  for (const spec of paramSpecs(op)) {
    if (spec.in !== 'query' || spec.required || request.params?.[spec.field] !== undefined) continue;
    const { type, enum: values, format } = spec.schema;
    const string = (Array.isArray(type) ? type.find((t) => t !== 'null') : type) === 'string';
    if (values || (!format && !string)) continue;
    const given = format ? format.split('|').flatMap((f) => (dates[f] ? [dates[f]] : [])) : [placeholder(spec.schema)];
    for (const value of given)
      if (value !== undefined)
        out.push({ what: `${spec.name}=${value}`, request: { ...request, params: { ...request.params, [spec.field]: value } } });
  }
  return out;
}

test.describe('an upstream 502 of every paid operation is refunded', () => {
  for (const op of WITH_502) {
    test(
      `${op}: an injected upstream 502 leaves the key's balance unchanged${SOCIAL.has(op) ? '' : ' and names upstream_unavailable'}`,
      {
        ...ruleDetails(
          BILLING_RULES.notBilled502,
          BILLING_RULES.notBilledUpstream,
          ...(SOCIAL.has(op) ? [] : ['ERR-010']),
          ...contractRules(op),
        ),
        lock: routeLocks(op),
      },
      async ({ api, paid, controlPlane, targetOptions }) => {
        const request = await requestFor(paid, targetOptions.target, op);
        // One injected upstream 502 met by `r` on an account of its own holding twice the price.
        const faulted = (r: PaidRequest) =>
          controlPlane.withFault({ method: r.method, path: contract().operation(op).path, status: 502 }, async (faultHeaders) => {
            const account = await controlPlane.createAccount(price(op) * 2);
            const res = await sendRequest(api.withKey(account.apiKey), r, faultHeaders);
            return { res, account, status: res.status() };
          });
        const { res, account } = await faulted(request);
        await expect(res).toMatchContract(op);
        // A fault the target's control plane did not apply leaves the case unprovoked (issue 32).
        test.skip(res.status() !== 502, `no instance: the injected upstream 502 did not take effect (${op} answered ${res.status()})`);
        const found: Violation[] = [];
        const after = await controlPlane.balance(account.accountId);
        // A 502 for an unavailable upstream is both a 502 (BILL-003) and an upstream error answer (BILL-004).
        for (const rule of [BILLING_RULES.notBilled502, BILLING_RULES.notBilledUpstream]) {
          judged(rule, 1, 'a 502 answer', op);
          found.push(...checkDebit(rule, `a 502 answer of ${op}`, price(op) * 2, after, 0));
        }
        if (!SOCIAL.has(op)) {
          judged('ERR-010', 1, 'a 502 of a route other than social search and profiling', op);
          const code = await errorOf(res);
          if (code !== 'upstream_unavailable')
            found.push(violation('ERR-010', '/error', `a 502 of ${op} has error ${JSON.stringify(code)}, expected upstream_unavailable`));
        }
        // The same fault on variants of the request, each on an account of its own:
        // - beside every value of a bounded integer the request carries (round-9 bug: a 502 refunded with window 1..72
        //   but billed above): each bound, one step inside it and the values between (param-cases.ts); and beside each
        //   value of an enum, boolean or enum-list parameter (valueVariants; round-37 bug: the feed's types), and beside a
        //   date or free-string filter it may carry (optionalVariants; round-40 bug: market search's as_of);
        // - in each of the operation's other documented request forms (round-37 bug: asset search's 502 billed when
        //   material_only=true came alone, and refunded beside q);
        // - about one market of each other venue and serviceMarketId form, for a per-market operation (round-38 bug:
        //   the 502 of an evidence read naming a venue_b market with venue=venue_b kept its debit);
        // - at the read pointers availability gives, one market of each venue and form with and without a slug (round-41
        //   bug: the 502 of a stored-forecast read whose path named a slug-less market's marketKey kept its debit);
        // - in asset search's reference mode, one reference of each documented form (round-42 bug: the 502 kept its debit
        //   when the reference was a marketKey).
        const forms: { what: string; request: PaidRequest }[] = [];
        for (const form of requestForms(op)) {
          const d = await discoverRequest(paid, targetOptions.target, op, form);
          if (!('skip' in d)) forms.push({ what: `in the ${form} form`, request: d.request });
        }
        const variants = [
          ...[...integerVariants(op, request), ...valueVariants(op, request), ...optionalVariants(op, request)].map((v) => ({
            ...v,
            what: `with ${v.what}`,
          })),
          ...forms,
          ...(await otherMarketRequests(paid, targetOptions.target, op)).map((v) => ({ ...v, what: `about ${v.what}` })),
          ...(await referenceFormRequests(paid, targetOptions.target, op)),
          ...(await pointedRequests(api, paid, op)).filter(
            (v) => v.request.path !== request.path || JSON.stringify(v.request.params) !== JSON.stringify(request.params),
          ),
        ];
        for (const { what, request: varied } of variants) {
          await test.step(`an upstream 502 ${what}`, async () => {
            const v = await faulted(varied);
            if (v.status !== 502) return;
            judged(BILLING_RULES.notBilled502, 1, `a 502 answer ${what}`, op);
            const left = await controlPlane.balance(v.account.accountId);
            found.push(
              ...drawnFrom(v.res, checkDebit(BILLING_RULES.notBilled502, `a 502 answer of ${op} ${what}`, price(op) * 2, left, 0)),
            );
          });
        }
        expect(found).toHaveNoViolations();
      },
    );
  }
});

test.describe('an upstream error of every paid operation answered with another status is not billed either', () => {
  // Authentication rule 7 names "any missing or error upstream response" beside the 502 (BILL-004, its example a
  // 503): an implementation may answer an upstream failure with another status, and that answer is unbilled too.
  // The control plane's fault (contract/control.yaml) makes the upstream fail with a 500, a 503, a 504 1.2 s late (a
  // gateway timeout), then refuse with a 409 and a 429; whatever status the target answers then, other than a success, is that failure's answer.
  // Its contract is not judged here: the status is of the test's making, not the route's.
  for (const op of WITH_502) {
    test(
      `${op}: an injected upstream 500, 503, 504, 409 or 429 leaves the key's balance unchanged, whatever status answers it`,
      { ...ruleDetails(BILLING_RULES.notBilledUpstream, ...contractRules(op)), lock: routeLocks(op) },
      async ({ api, paid, controlPlane, targetOptions }) => {
        const request = await requestFor(paid, targetOptions.target, op);
        const found: Violation[] = [];
        let n = 0;
        for (const { status, latencyMs } of UPSTREAM_ERRORS) {
          await test.step(`an upstream ${status}${latencyMs ? ` after ${latencyMs} ms` : ''}`, async () => {
            const { res, account } = await controlPlane.withFault(
              { method: request.method, path: contract().operation(op).path, status, ...(latencyMs ? { latencyMs } : {}) },
              async (faultHeaders) => {
                const account = await controlPlane.createAccount(price(op) * 2);
                // An upstream's 429 is the answer judged, not a wait to honour and retry.
                const res = await sendRequest(api.withKey(account.apiKey), request, faultHeaders, { raw429: true });
                return { res, account, status: res.status() };
              },
            );
            // A fault the target's control plane did not apply leaves the case unprovoked.
            // A refusal of the credentials or credits comes before the upstream: the fault did not strike.
            if (res.status() < 400 || [401, 402, 403].includes(res.status())) return;
            n++;
            judged(BILLING_RULES.notBilledUpstream, 1, 'an answer of an upstream error', op);
            const after = await controlPlane.balance(account.accountId);
            found.push(
              ...drawnFrom(
                res,
                checkDebit(
                  BILLING_RULES.notBilledUpstream,
                  `a ${res.status()} answer of ${op}'s upstream ${status}`,
                  price(op) * 2,
                  after,
                  0,
                ),
              ),
            );
          });
        }
        test.skip(n === 0, `no instance: no injected upstream error took effect (${op} answered a success)`);
        expect(found).toHaveNoViolations();
      },
    );
  }
});

test.describe("a full minute of the other principal scope refuses no call of an operation (each scope's quota is its own)", () => {
  // LIM-012 on every scoped operation (issue 34): standard traffic never consumes the social research quota and
  // social traffic never the standard one, so a principal whose other scope's minute is full is still admitted.
  for (const op of SCOPED) {
    const scope = principalScopeOf(op)!;
    const other = scope === 'standard' ? 'x_research' : 'standard';
    test(
      `${op}: with the ${other} minute full, a ${scope} call is not refused 429`,
      { ...ruleDetails('LIM-012', ...contractRules(op)), lock: routeLocks(op) },
      async ({ api, paid, controlPlane, targetOptions }) => {
        const request = await requestFor(paid, targetOptions.target, op);
        const account = await controlPlane.createAccount(price(op) * 2);
        await preload(controlPlane, { scope: other, window: 'minute', count: LIMIT_BOUNDS[other].minute, accountId: account.accountId });
        const res = await send(api.withKey(account.apiKey), request);
        await expect(res).toMatchContract(op);
        judged('LIM-012', 1, `a ${scope} call with the ${other} minute full`, op);
        expect(
          res.status() === 429
            ? [
                violation(
                  'LIM-012',
                  'status',
                  `${op} (${scope}) answered 429 with only the ${other} minute full: ${(await errorOf(res)) ?? ''}`,
                ),
              ]
            : [],
        ).toHaveNoViolations();
      },
    );
  }
});

test.describe("each scope's in-flight bound refuses a call of every operation of it, and the refusal is not billed", () => {
  // LIM-004 / LIM-008 and LIM-023 on each operation of the standard and social research scopes (issue 34;
  // suites/limits.spec.ts fills them on listAssets, searchSocial and createSocialProfile without reading the debit):
  // its bound's worth of calls held in the upstream by a latency fault, one more call of the same customer answers 429
  // with X-Quotient-Max-Concurrent, and debits nothing (round-33 bug: the social in-flight 429 kept its price). The oil
  // route has its own one-in-flight bound (OIL-011).
  for (const op of SCOPED.filter((id) => LIMIT_BOUNDS[principalScopeOf(id)!]?.inFlight !== undefined && id !== 'getOilSignal')) {
    const scope = principalScopeOf(op)!;
    const bound = LIMIT_BOUNDS[scope].inFlight!;
    const boundRule = scope === 'standard' ? 'LIM-004' : 'LIM-008';
    // The extra call goes once the held calls' second is over where the bound fills the scope's second (the social
    // scope: 5 a second, 5 in flight), so it meets the in-flight bound and not the second's.
    const waits = bound >= LIMIT_BOUNDS[scope].second ? [1100, 400] : [600, 400];
    test(
      `${op}: with ${bound} calls in flight, one more answers 429 with X-Quotient-Max-Concurrent`,
      { ...slow(ruleDetails(boundRule, 'LIM-023', NOT_BILLED_429, ...contractRules(op))), lock: routeLocks(op) },
      async ({ api, paid, controlPlane, targetOptions }) => {
        const request = await requestFor(paid, targetOptions.target, op);
        // The price the target bills (a gap price is its challenge's): every held call must be affordable.
        const cost = (await liveCredits(api, request, op)) ?? price(op);
        const account = await controlPlane.createAccount(cost * (bound + 3));
        const client = api.withKey(account.apiKey);
        const slow = faultScope();
        await controlPlane.fault({
          method: request.method,
          path: contract().operation(op).path,
          latencyMs: HELD_MS,
          times: bound,
          scope: slow,
        });
        const held = Array.from({ length: bound }, () => send(client, request, { [FAULT_SCOPE_HEADER]: slow }));
        // The held calls reach the target before the extra one; a second try covers a slow start on a loaded machine.
        let extra: Awaited<ReturnType<typeof send>> | undefined;
        for (const wait of waits) {
          await new Promise((r) => setTimeout(r, wait));
          extra = await send(client, request);
          if (extra.status() === 429) break;
        }
        const statuses = (await Promise.all(held)).map((res) => res.status());
        await expect(extra!).toMatchContract(op);
        const found: Violation[] = [];
        if (statuses.includes(429))
          found.push(
            violation(boundRule, 'status', `the ${bound} held calls of ${op} answered ${statuses.join(',')}: the bound admits ${bound}`),
          );
        // Only calls that reached the upstream were held in flight (the fault strikes there): a route that refuses
        // the repeated request itself (a 4xx of its own) never fills the bound, and is no case.
        const wereHeld = statuses.every((st) => st === 429 || (st >= 200 && st <= 299));
        test.skip(!wereHeld && !found.length, `no instance: the held calls of ${op} answered ${statuses.join(',')} without being held`);
        judged([boundRule, 'LIM-023'], 1, `a call over ${bound} in flight`, op);
        found.push(
          ...drawnFrom(extra!, judgeRefusal(await answerOf(extra!), { scope, limit: 'concurrency', maxConcurrent: bound }, boundRule)),
        );
        // The refused call debits nothing (BILL-008): the account pays at most the answered calls' price (a target
        // may bill a repeated request less, e.g. a generation answered with its existing job).
        if (extra!.status() === 429) {
          judged(NOT_BILLED_429, 1, 'a 429 answer', op);
          const answered = statuses.filter((st) => st >= 200 && st <= 299).length;
          const debited = cost * (bound + 3) - (await controlPlane.balance(account.accountId));
          if (debited > cost * answered)
            found.push(
              ...drawnFrom(extra!, [
                violation(
                  NOT_BILLED_429,
                  'balance',
                  `${answered} answered calls and a 429 of ${op} debited ${debited} credits, more than the answered calls' ${cost * answered}`,
                ),
              ]),
            );
        }
        expect(found).toHaveNoViolations();
      },
    );
  }
});

test.describe('a call of every paid operation over its scope quota is refused before any debit', () => {
  for (const op of SCOPED) {
    const scope = principalScopeOf(op)!;
    const bounds = WINDOW_RULES[scope];
    test(
      `${op}: with a full ${scope} minute, then a full day, the next call answers 429 and debits nothing`,
      {
        ...ruleDetails(NOT_BILLED_429, NOT_BILLED_UPSTREAM_WORK, 'LIM-017', 'LIM-033', ...bounds.map((b) => b.rule), ...contractRules(op)),
        lock: routeLocks(op),
      },
      async ({ api, paid, controlPlane, targetOptions }) => {
        const request = await requestFor(paid, targetOptions.target, op);
        const found: Violation[] = [];
        for (const { window, rule } of bounds) {
          await test.step(`a full ${window}`, async () => {
            // A fresh account per window: each refusal is its own case.
            const account = await controlPlane.createAccount(price(op) * 2);
            const bound = LIMIT_BOUNDS[scope][window];
            await preload(controlPlane, { scope, window, count: bound, accountId: account.accountId });
            // An upstream failure pending for this call alone (a marked fault, once): a 429 decided before upstream
            // work leaves it pending for the next call that reaches the upstream (BILL-010).
            const marked = faultScope();
            await controlPlane.fault({ method: request.method, path: contract().operation(op).path, status: 502, times: 1, scope: marked });
            const res = await send(api.withKey(account.apiKey), request, { [FAULT_SCOPE_HEADER]: marked });
            await expect(res).toMatchContract(op);
            judged(rule, 1, `a call after ${bound} ${scope} calls in the ${window}`, op);
            if (res.status() !== 429)
              return void found.push(
                ...drawnFrom(res, [
                  violation(
                    rule,
                    'status',
                    `after ${bound} ${scope} calls in the ${window} (preloaded), ${op} answered ${res.status()}, not 429`,
                  ),
                ]),
              );
            const after = await controlPlane.balance(account.accountId);
            // "Rejected before any debit" (BILL-008) and "debits nothing" (LIM-017): the balance is untouched.
            for (const unbilled of [NOT_BILLED_429, 'LIM-017']) {
              judged(unbilled, 1, 'a 429 answer', op);
              found.push(...drawnFrom(res, checkDebit(unbilled, `a 429 answer of ${op}`, price(op) * 2, after, 0)));
            }
            // The refusal's anatomy and the quota its RateLimit-Policy states for the window (LIM-033).
            found.push(...drawnFrom(res, judgeRefusal(await answerOf(res), { scope, limit: window })));
            found.push(...(await upstreamStillPending(api, controlPlane, request, op, marked)));
          });
        }
        expect(found).toHaveNoViolations();
      },
    );
  }
});

test.describe('a 404 of every paid operation naming an unknown identifier is not billed', () => {
  for (const op of WITH_404) {
    test(
      `${op}: an identifier nothing matches, answered 404, leaves the key's balance unchanged`,
      // And the 404's error envelope (ERR-001, ERR-006; judged on every answer, suites/support/answer-checks.ts): a status
      // the route leaves to the target still answers the envelope (round-25 bug: a stance 404 without its message).
      { ...ruleDetails(BILLING_RULES.notBilled404, 'ERR-001', 'ERR-006', ...contractRules(op)), lock: routeLocks(op) },
      async ({ api, paid, controlPlane, targetOptions }) => {
        const request = UNKNOWN_IDENTIFIER[op]!(await requestFor(paid, targetOptions.target, op));
        const account = await controlPlane.createAccount(price(op) * 2);
        const found: Violation[] = [];
        // A 404 is never billed (0c14253e0dc5), the first or a repeat: a client's retry of the same request at once is
        // a case of its own (a refund kept once per request would bill it; round-5 bug).
        for (const attempt of ['first', 'repeated']) {
          const res = await sendRequest(api.withKey(account.apiKey), request);
          await expect(res).toMatchContract(op);
          // The spec states a 404 only for some of these inputs: another refusal is the target's choice, not the case.
          if (!judged(BILLING_RULES.notBilled404, res.status() === 404 ? 1 : 0, 'a 404 answer', op)) break;
          found.push(
            ...checkDebit(
              BILLING_RULES.notBilled404,
              `the ${attempt} 404 of ${op}`,
              price(op) * 2,
              await controlPlane.balance(account.accountId),
              0,
            ),
          );
          if (found.length) break;
        }
        // The same 404 while another call of the key is in flight (round-10 bug: a refund dropped while the account was
        // busy): a latest feed held 1.5 s by a latency fault of its own scope, the 404 sent meanwhile. Only the feed's
        // price may leave the account, and only if the feed answered a success.
        if (!found.length && op !== 'getLatest')
          await test.step('the 404 while another call of the same key is in flight', async () => {
            const busy = await controlPlane.createAccount(price(op) * 2 + price('getLatest'));
            const client = api.withKey(busy.apiKey);
            const scope = faultScope();
            // One call of this scope meets the latency; nothing else carries the scope, so nothing is cleared.
            await controlPlane.fault({ method: 'GET', path: '/api/v1/latest', latencyMs: 1500, times: 1, scope });
            const slow = client.get('/api/v1/latest', { headers: { [FAULT_SCOPE_HEADER]: scope } });
            await new Promise((r) => setTimeout(r, 300));
            const res = await sendRequest(client, request);
            const feed = await slow;
            if (res.status() !== 404) return;
            const billedFeed = feed.status() >= 200 && feed.status() < 300 ? price('getLatest') : 0;
            found.push(
              ...drawnFrom(
                res,
                checkDebit(
                  BILLING_RULES.notBilled404,
                  `a 404 of ${op} while a latest feed of the key was in flight (the feed answered ${feed.status()})`,
                  price(op) * 2 + price('getLatest'),
                  await controlPlane.balance(busy.accountId),
                  billedFeed,
                ),
              ),
            );
          });
        expect(found).toHaveNoViolations();
      },
    );
  }
});

/** The per-market reads whose path names a market by slug (marketPath), with the leaf of each. */
const SLUG_READS = { getMarketSignals: 'signals', getMarketForecast: 'forecast' } as const;

test.describe('a 404 of a per-market read naming an event, not a market, is not billed', () => {
  // Another cause of the 404 (issue 34: every cause, not the easiest; round-32 bug: an event's identifier passed the
  // billing gate and its 404 kept the debit): a market's event, as its routing object names it (nativeEventId, read
  // on the free availability route), sent where the route takes a market's slug, one per venue. The route's text
  // makes an invalid slug a 404 that is not billed; another answer there is the target's reading, no instance.
  for (const [op, leaf] of Object.entries(SLUG_READS)) {
    test(
      `${op}: a market's event identifier in the slug's place, answered 404, leaves the key's balance unchanged`,
      { ...ruleDetails(BILLING_RULES.notBilled404, ...contractRules(op, 'getLatest', 'getForecastAvailability')), lock: routeLocks(op) },
      async ({ api, paid, controlPlane, sharedAnswers }) => {
        const { res: feedRes, body: feed } = await readFeed(paid, { hours: 6 }, sharedAnswers);
        await expect(feedRes).toMatchContract('getLatest');
        const events = new Map<string, string>();
        for (const m of feedMarkets(feed).slice(0, 40)) {
          if (events.has(m.venue)) continue;
          // Both operations' tests read the same feed markets: the lookups are shared (free, asked once a run).
          const { res, body } = await lookup(api, { market_key: m.marketKey }, sharedAnswers);
          const market = isRecord(body.market) ? body.market : undefined;
          const event = market?.nativeEventId;
          if (
            res.status() === 200 &&
            typeof event === 'string' &&
            event !== '' &&
            event !== market?.nativeMarketId &&
            event !== market?.slug
          )
            events.set(m.venue, event);
        }
        test.skip(events.size === 0, 'no instance: no market of the feed names an event of its own (nativeEventId) on availability');
        const found: Violation[] = [];
        let cases = 0;
        for (const [venue, event] of events) {
          const account = await controlPlane.createAccount(price(op) * 2);
          const res = await api
            .withKey(account.apiKey)
            .get(marketPath(event, leaf), venue === 'venue_a' ? undefined : { params: { venue } });
          await expect(res).toMatchContract(op);
          if (res.status() !== 404) continue;
          cases++;
          found.push(
            ...drawnFrom(
              res,
              checkDebit(
                BILLING_RULES.notBilled404,
                `the 404 of ${op} for ${venue}'s event ${event}`,
                price(op) * 2,
                await controlPlane.balance(account.accountId),
                0,
              ),
            ),
          );
        }
        judged(BILLING_RULES.notBilled404, cases, "a 404 for a market's event identifier", op);
        expect(found).toHaveNoViolations();
      },
    );
  }
});

/** The operations of `ops` that take an x402 payment (their security names it). */
const byX402 = (ops: readonly string[]): string[] =>
  ops.filter((id) => (contract().operation(id).spec.security ?? []).some((s) => 'x402' in s));

test.describe('an x402-paid answer that is not billed is never settled, on every operation', () => {
  for (const op of byX402(WITH_502)) {
    test(
      `${op}: an injected upstream 502 paid by x402 settles nothing`,
      { ...ruleDetails('BILL-006', 'BILL-007', ...contractRules(op)), lock: routeLocks(op) },
      async ({ api, paid, controlPlane, targetOptions }) => {
        const request = await requestFor(paid, targetOptions.target, op);
        const { res, wallet } = await controlPlane.withFault(
          { method: request.method, path: contract().operation(op).path, status: 502 },
          async (faultHeaders) => {
            const { wallet, header } = await paymentFor(api, controlPlane, request);
            const res = await sendPaid(api, request, header, faultHeaders);
            return { res, wallet, status: res.status() };
          },
        );
        await expect(res).toMatchContract(op);
        test.skip(res.status() !== 502, `no instance: the injected upstream 502 did not take effect (${op} answered ${res.status()})`);
        const found: Violation[] = [];
        // A 502 for an unavailable upstream: BILL-006 (a 502) and BILL-007 (an upstream error answer).
        for (const rule of ['BILL-006', 'BILL-007']) {
          judged(rule, 1, 'an x402-paid 502', op);
          found.push(...(await notSettled(rule, `an x402-paid 502 of ${op}`, res, controlPlane, wallet)));
        }
        expect(found).toHaveNoViolations();
      },
    );
  }

  for (const op of byX402(SCOPED)) {
    const scope = principalScopeOf(op)!;
    test(
      `${op}: a payer over its ${scope} minute is refused 429 (its signed calls count there) and settles nothing`,
      { ...ruleDetails('BILL-009', 'LIM-018', 'LIM-016', ...contractRules(op)), lock: routeLocks(op) },
      async ({ api, paid, controlPlane, targetOptions }) => {
        const request = await requestFor(paid, targetOptions.target, op);
        const { wallet, header } = await paymentFor(api, controlPlane, request);
        await preload(controlPlane, { scope, window: 'minute', count: LIMIT_BOUNDS[scope].minute, payer: wallet.address });
        const res = await sendPaid(api, request, header);
        await expect(res).toMatchContract(op);
        const found: Violation[] = [];
        // A signed retry counts against its payer's quota (LIM-016): with that minute full, it is refused.
        judged('LIM-016', 1, "a signed x402 call over its payer's minute", op);
        if (res.status() !== 429)
          found.push(
            violation(
              'LIM-016',
              'status',
              `a signed x402 call of ${op} with its payer's ${scope} minute full answered ${res.status()}, not 429`,
            ),
          );
        // The payer's quota is where the spec counts an x402 call (Limits): another answer is no 429 to judge.
        for (const rule of ['BILL-009', 'LIM-018'])
          if (judged(rule, res.status() === 429 ? 1 : 0, 'an x402-paid 429', op))
            found.push(...(await notSettled(rule, `an x402-paid 429 of ${op}`, res, controlPlane, wallet)));
        expect(found).toHaveNoViolations();
      },
    );
  }

  for (const op of byX402(WITH_404)) {
    test(
      `${op}: an identifier nothing matches, paid by x402 and answered 404, settles nothing`,
      { ...ruleDetails('BILL-005', ...contractRules(op)), lock: routeLocks(op) },
      async ({ api, paid, controlPlane, targetOptions }) => {
        const request = UNKNOWN_IDENTIFIER[op]!(await requestFor(paid, targetOptions.target, op));
        const { wallet, header } = await paymentFor(api, controlPlane, request);
        const res = await sendPaid(api, request, header);
        await expect(res).toMatchContract(op);
        if (!judged('BILL-005', res.status() === 404 ? 1 : 0, 'an x402-paid 404', op)) return;
        expect(await notSettled('BILL-005', `an x402-paid 404 of ${op}`, res, controlPlane, wallet)).toHaveNoViolations();
      },
    );
  }

  // The profile route's documented 404 is another cause (issue 34: every cause of a 404): a handle without enough
  // grounded posts in the window (insufficient_post_history), paid by x402, is not settled either.
  const PROFILE = 'createSocialProfile';
  test(
    `${PROFILE}: a handle without enough post history, paid by x402 and answered 404, settles nothing`,
    { ...ruleDetails('BILL-005', ...contractRules(PROFILE)), lock: routeLocks(PROFILE) },
    async ({ api, paid, controlPlane, targetOptions }) => {
      const thin = await findThinHandle(paid, targetOptions.seed);
      if ('skip' in thin) {
        judged('BILL-005', 0, 'an x402-paid 404', PROFILE);
        test.skip(true, `no instance: ${thin.skip}`);
        return;
      }
      const base = await requestFor(paid, targetOptions.target, PROFILE);
      const request: PaidRequest = { ...base, body: { ...(base.body as object), handle: thin.handle, lookback_days: thin.lookbackDays } };
      const { wallet, header } = await paymentFor(api, controlPlane, request);
      const res = await sendPaid(api, request, header);
      await expect(res).toMatchContract(PROFILE);
      if (!judged('BILL-005', res.status() === 404 ? 1 : 0, 'an x402-paid 404', PROFILE)) return;
      expect(await notSettled('BILL-005', `an x402-paid 404 of ${PROFILE}`, res, controlPlane, wallet)).toHaveNoViolations();
    },
  );
});
