/**
 * Test data and calls for the social suites (POST /api/v1/x/profile and /x/search), discovered
 * through the target's own API: authors of the pull feed's social posts (GET /api/v1/latest), then
 * seed-derived probe handles (a never-used handle names an account without history on a real
 * service). Every profile answer met here is checked against the contract. Nothing here knows the
 * reference stub.
 */
import type { APIResponse } from '@playwright/test';
import type { TargetClient } from './client.ts';
import { FAULT_SCOPE_HEADER, faultScope, type ControlPlane } from './control.ts';
import { readFeed } from './feed.ts';
import { caseKeyOf, type SharedAnswers } from './shared-answers.ts';
import { expect } from './matchers.ts';
import { checkDebit } from '../../checks/billing.ts';
import { violation, type Violation } from '../../lib/violation.ts';
import { inServedNames } from './served-contract.ts';

export const PROFILE_PATH = '/api/v1/x/profile';
export const SEARCH_PATH = '/api/v1/x/search';
/** spec: POST /api/v1/x/profile, handle pattern. */
export const HANDLE_RE = /^@?[A-Za-z0-9_]{1,15}$/;

export type Json = Record<string, unknown>;

/** A JSON answer read once. */
export interface Answer {
  res: APIResponse;
  status: number;
  body: Json | undefined;
  /** The error envelope's code, when there is one. */
  error: string | undefined;
}

/** Reads an answer's status, JSON body and error code. */
export async function readAnswer(res: APIResponse): Promise<Answer> {
  let body: Json | undefined;
  try {
    const parsed = (await res.json()) as unknown;
    body = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Json) : undefined;
  } catch {
    body = undefined;
  }
  return { res, status: res.status(), body, error: typeof body?.error === 'string' ? body.error : undefined };
}

/** POSTs `body` as JSON (a string is sent verbatim, for malformed-JSON cases). */
export function postJson(client: TargetClient, path: string, body: unknown): Promise<APIResponse> {
  return client.post(path, {
    headers: { 'content-type': 'application/json' },
    // A string goes out byte for byte: the transport, like Playwright's, re-encodes a string that does not
    // parse as JSON into a JSON string under a JSON content-type, so a malformed body would never be sent.
    data: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body), 'utf8'),
  });
}

/** Options of a social request. */
export interface RequestOptions {
  /**
   * Retry once after a 502 or 503 (spec: Errors, "bounded retry and backoff for ... transient 5xx
   * answers"). On by default: faults are injected for the whole route, so a call made while another
   * test's one-shot fault is live may meet it. Off where the test wants the 5xx itself.
   */
  retry5xx?: boolean;
}

/** POSTs a body; every answer, the retried one too, is checked against the operation's contract. */
function request(client: TargetClient, path: string, operationId: string, body: unknown, o: RequestOptions): Promise<Answer> {
  return answered(() => postJson(client, path, body), operationId, o);
}

/** The answer of `post`, retried once after a 502 or 503 (RequestOptions.retry5xx); every answer is checked against the contract. */
async function answered(post: () => Promise<APIResponse>, operationId: string, o: RequestOptions): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    const res = await post();
    await expect(res).toMatchContract(operationId);
    if ((o.retry5xx ?? true) && attempt === 0 && (res.status() === 502 || res.status() === 503)) {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    return readAnswer(res);
  }
}

/** One profile request (createSocialProfile), checked against the contract. */
export const requestProfile = (client: TargetClient, body: unknown, o: RequestOptions = {}): Promise<Answer> =>
  request(client, PROFILE_PATH, 'createSocialProfile', body, o);

/**
 * The client a social test sends with: a control-plane account of its own when the target offers one
 * (its own social research quota, 60 a minute: spec Limits table), else `paid` (FC_API_KEY, whose
 * quota every worker shares and whose calls the budget charges).
 */
export async function ownSocialClient(paid: TargetClient, freshKey: () => Promise<string | undefined>): Promise<TargetClient> {
  const key = await freshKey();
  return key ? paid.withKey(key) : paid;
}

/**
 * One search request (searchSocial), checked against the contract. `body` uses the stub's field names
 * (query, range_days, limit); each is sent under the name the target serves for it (gap XSRCH-010).
 */
export async function requestSearch(client: TargetClient, body: unknown, o: RequestOptions = {}): Promise<Answer> {
  return request(client, SEARCH_PATH, 'searchSocial', (await inServedNames(client, '', 'searchSocial', { body })).body, o);
}

/** What a fault listing shows of a fault (contract/control.yaml, Fault). */
export interface LiveFault {
  method?: string;
  path?: string;
  status?: number | null;
}

/** Lists the target's live faults (GET /__control/faults), or none when the listing fails. */
export function faultLister(plane: ControlPlane): () => Promise<LiveFault[]> {
  return () => plane.liveFaults().catch(() => []);
}

/**
 * Runs `prepare`, injects a one-shot fault of `status` on POST `path` and calls `call` right away.
 * Faults strike every call of the route, so when the answer is not `status` and the fault is no
 * longer live, another worker's call met it first: it tries again (at most `attempts` times, each
 * with a fresh `prepare`). A fault still live after the call is the target ignoring it: the verdict.
 */
async function withOneShotFault<T>(
  plane: ControlPlane,
  listFaults: () => Promise<LiveFault[]>,
  fault: { path: string; status: number },
  prepare: () => Promise<T>,
  call: (prepared: T, faultHeaders: Readonly<Record<string, string>>) => Promise<Answer>,
  attempts = 3,
): Promise<{ answer: Answer; prepared: T }> {
  for (let attempt = 1; ; attempt++) {
    const prepared = await prepare();
    // Scoped to this call (X-Fault-Scope): other workers' calls of the route never meet it.
    const scope = faultScope();
    await plane.fault({ method: 'POST', path: fault.path, status: fault.status, times: 1, scope });
    const answer = await call(prepared, { [FAULT_SCOPE_HEADER]: scope });
    if (answer.status === fault.status || attempt >= attempts) return { answer, prepared };
    const live = (await listFaults()).some((f) => f.method?.toUpperCase() === 'POST' && f.path === fault.path && f.status === fault.status);
    await plane.clearFaults();
    if (live) return { answer, prepared };
  }
}

/** Authors of the feed's social posts (6 hours), most posts first, '@' stripped. */
export async function feedHandles(paid: TargetClient, shared?: SharedAnswers): Promise<string[]> {
  const { body } = await readFeed(paid, { hours: 6 }, shared);
  const counts = new Map<string, number>();
  for (const e of body?.events ?? []) {
    const h = (e as { source?: { author_handle?: unknown } | null }).source?.author_handle;
    if (e.type !== 'x_post' || typeof h !== 'string' || !HANDLE_RE.test(h)) continue;
    const handle = h.replace(/^@/, '');
    counts.set(handle, (counts.get(handle) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([h]) => h);
}

/** `n` valid handles derived from the seed, unlikely to name a real account (at most 15 characters). */
export function probeHandles(seed: number, n: number, tag = 'p'): string[] {
  const base = `fc${tag}${(seed >>> 0).toString(36)}`.slice(0, 12);
  return Array.from({ length: n }, (_, i) => `${base}${i.toString(36)}`);
}

const found = new Map<string, string>();

/**
 * A discovery's profile request (createSocialProfile), checked against the contract. With `shared`, it is
 * the run's one answer of this body (issue 19: a profile is a $1.00 call, and the tests that only need a
 * profiled handle, or the profile at the default focus, read the same case): the first reader buys it and
 * the rest read it, in any worker. A 5xx is retried once, as `requestProfile` does, and never stored.
 */
async function discoveryProfile(
  paid: TargetClient,
  body: { handle: string; lookback_days: number },
  shared?: SharedAnswers,
): Promise<Answer> {
  if (!shared) return requestProfile(paid, body);
  const caseKey = caseKeyOf('POST', PROFILE_PATH, body);
  return answered(async () => (await shared.answer(caseKey, () => postJson(paid, PROFILE_PATH, body))).res, 'createSocialProfile', {});
}

/**
 * A handle the target profiles at `lookbackDays` (default 365): feed authors first, then probe
 * handles; returns it with that first 200 answer. Only successes are remembered (per worker). With
 * `shared` (the test's `sharedAnswers` fixture), the feed and every probe are the run's shared answers:
 * the discovery is bought once per run, not once per test.
 */
export async function findProfiledHandle(
  paid: TargetClient,
  seed: number,
  lookbackDays = 365,
  shared?: SharedAnswers,
): Promise<{ handle: string; answer: Answer } | { skip: string }> {
  const key = `rich|${lookbackDays}`;
  const candidates = [
    ...(found.has(key) ? [found.get(key)!] : []),
    ...(await feedHandles(paid, shared)).slice(0, 6),
    ...probeHandles(seed, 6),
  ];
  const seen: string[] = [];
  for (const handle of [...new Set(candidates)]) {
    const answer = await discoveryProfile(paid, { handle, lookback_days: lookbackDays }, shared);
    seen.push(`@${handle} ${answer.status}${answer.error ? ` ${answer.error}` : ''}`);
    if (answer.status === 200) {
      found.set(key, handle);
      return { handle, answer };
    }
    if (answer.status !== 404) break;
  }
  return { skip: `no handle with a profile at lookback ${lookbackDays} (tried ${seen.join(', ') || 'none'})` };
}

/**
 * A handle answered 404 insufficient_post_history at `lookbackDays` (default the minimum, 14):
 * probe handles (no history on a real service).
 */
export async function findThinHandle(
  paid: TargetClient,
  seed: number,
  lookbackDays = 14,
): Promise<{ handle: string; lookbackDays: number } | { skip: string }> {
  const key = `thin|${lookbackDays}`;
  const candidates = [...(found.has(key) ? [found.get(key)!] : []), ...probeHandles(seed, 10, 't')];
  const seen: string[] = [];
  for (const handle of [...new Set(candidates)]) {
    const answer = await requestProfile(paid, { handle, lookback_days: lookbackDays });
    seen.push(`@${handle} ${answer.status}${answer.error ? ` ${answer.error}` : ''}`);
    if (answer.status === 404 && answer.error === 'insufficient_post_history') {
      found.set(key, handle);
      return { handle, lookbackDays };
    }
    if (answer.status !== 200 && answer.status !== 404) break;
  }
  return { skip: `no handle answered 404 insufficient_post_history at lookback ${lookbackDays} (tried ${seen.join(', ')})` };
}

/**
 * A handle the target refuses at lookback 14 (insufficient history) but profiles at 365: probe
 * handles, then feed authors. Such a handle has a smallest lookback with a profile.
 */
export async function findGrowingHandle(paid: TargetClient, seed: number): Promise<{ handle: string } | { skip: string }> {
  const seen: string[] = [];
  for (const handle of [...probeHandles(seed, 10, 'g'), ...(await feedHandles(paid)).slice(0, 4)]) {
    const short = await requestProfile(paid, { handle, lookback_days: 14 });
    if (short.status !== 404 || short.error !== 'insufficient_post_history') {
      seen.push(`@${handle} 14d ${short.status}`);
      continue;
    }
    const long = await requestProfile(paid, { handle, lookback_days: 365 });
    seen.push(`@${handle} 14d 404, 365d ${long.status}`);
    if (long.status === 200) return { handle };
  }
  return { skip: `no handle is refused at lookback 14 yet profiled at 365 (tried ${seen.join(', ')})` };
}

/**
 * An answer given while the social upstream failed (a one-shot 502 fault): it is 502 (`statusRule`), its
 * error code the target's choice (gap XSRCH-005), and the account that made it was debited nothing (`debitRule`; a
 * 502 is never billed, BILL-003). `failing` and `unavailable` name the upstream in the messages;
 * `credits` is the account's opening balance and `after` its balance after the call.
 */
function checkUpstreamFailure(
  a: Answer,
  rules: { status: string; debit: string },
  names: { failing: string; unavailable: string },
  credits: number,
  after: number,
): Violation[] {
  const vs: Violation[] = [];
  if (a.status !== 502)
    vs.push(violation(rules.status, 'status', `with ${names.failing} failing, the route answered ${a.status}, expected 502`));
  // The social 502 has a meaning but no code in the Errors table (gap XSRCH-005; issue 32 triage).
  else if (a.error !== 'upstream_unavailable')
    vs.push(
      violation(
        'XSRCH-005',
        '/error',
        `a 502 for an unavailable ${names.unavailable} has error ${JSON.stringify(a.error)} (stub choice: upstream_unavailable)`,
        'warning',
      ),
    );
  vs.push(
    ...checkDebit(rules.debit, `a ${a.status} answer`, credits, after, 0),
    ...(a.status === 502 ? checkDebit('BILL-003', 'a 502 answer', credits, after, 0) : []),
  );
  return vs;
}

/**
 * One call of a social route while its upstream fails: a fresh control-plane account holding `credits`
 * sends it under a one-shot 502 fault (withOneShotFault), the faults are cleared, and the answer and the
 * account's balance after it are judged by checkUpstreamFailure (`rules`, `names` as there).
 */
export async function callDuringUpstreamFailure(
  plane: ControlPlane,
  listFaults: () => Promise<LiveFault[]>,
  route: { path: string; credits: number },
  send: (apiKey: string, faultHeaders: Readonly<Record<string, string>>) => Promise<Answer>,
  rules: { status: string; debit: string },
  names: { failing: string; unavailable: string },
): Promise<{ answer: Answer; violations: Violation[] }> {
  const { answer, prepared: account } = await withOneShotFault(
    plane,
    listFaults,
    { path: route.path, status: 502 },
    () => plane.createAccount(route.credits),
    (acct, faultHeaders) => send(acct.apiKey, faultHeaders),
  );
  await plane.clearFaults();
  const after = await plane.balance(account.accountId);
  return { answer, violations: checkUpstreamFailure(answer, rules, names, route.credits, after) };
}

/**
 * A bad body's answer: it must be 422 invalid_request (spec: Errors 422); otherwise a violation of
 * `ruleId` naming the case (`what`) and the body sent. Undefined when the answer is that refusal.
 */
export function refusedBadBody(a: Answer, what: string, body: unknown, ruleId: string): Violation | undefined {
  if (a.status === 422 && a.error === 'invalid_request') return undefined;
  return violation(
    ruleId,
    'status',
    `${what}: ${JSON.stringify(body)} answered ${a.status} ${a.error ?? ''}, expected 422 invalid_request`,
  );
}
