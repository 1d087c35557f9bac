/**
 * Calls shared by the Limits suites (limits.spec.ts, quota-reset.spec.ts): one request sent at once
 * and unpaced, its answer as the limit checks read it, a request that succeeds, and a control-plane
 * preload of a limit window (POST /__control/limits/usage, contract/control.yaml).
 */
import type { APIResponse } from '@playwright/test';
import { test } from './fixtures.ts';
import { checkRateLimited, type LimitAnswer, type Provoked, type TableLimit } from '../../checks/limits.ts';
import { CHECKS } from '../../checks/registry.ts';
import type { Violation } from '../../lib/violation.ts';
import { judgeWith } from './judging.ts';
import { join, RATE_LIMITED_RULES } from './answer-checks.ts';
import { discoverRequest, type PaidRequest } from './paid-requests.ts';
import type { ControlPlane } from './control.ts';
import type { TargetClient } from './client.ts';
import { PROFILE_PATH, findThinHandle } from './social.ts';

/** Test credits of each account a Limits test creates (10,000 USD): no bound here is reached by running out. */
export const CREDITS = 10_000_000;

/** The answer as checks/limits.ts reads it: status, headers, and the JSON body (undefined when not JSON). */
export async function answerOf(res: APIResponse): Promise<LimitAnswer> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  return { status: res.status(), headers: res.headers(), body };
}

/** Sends `r` once, at once (no pacing, a 429 returned as is). */
export const send = (client: TargetClient, r: PaidRequest, headers: Record<string, string> = {}): Promise<APIResponse> =>
  client.call(r.method, r.path, {
    params: r.params,
    ...(r.body === undefined ? {} : { data: JSON.stringify(r.body) }),
    headers: { ...(r.body === undefined ? {} : { 'content-type': 'application/json' }), ...r.headers, ...headers },
    raw429: true,
    unpaced: true,
  });

/** A request of `operationId` that succeeds, or SKIP. */
export async function requestOf(client: TargetClient, target: string, operationId: string): Promise<PaidRequest> {
  const d = await discoverRequest(client, target, operationId);
  if ('skip' in d) test.skip(true, d.skip);
  return (d as { request: PaidRequest }).request;
}

/** Preloads a window through the control plane, or SKIPs when the target's control plane has no such route. */
export async function preload(controlPlane: ControlPlane, spec: Parameters<ControlPlane['limitUsage']>[0]): Promise<void> {
  const done = await controlPlane.limitUsage(spec);
  test.skip(done === 'unsupported', 'the control plane has no POST /__control/limits/usage (contract/control.yaml)');
}

/**
 * A 429's anatomy (checkRateLimited) and the figure its RateLimit-Policy states for the limit it was
 * refused under (LIM-033, counted only when the header is read: a test declaring LIM-033 starts it at 0).
 * @param provoked what was exceeded: the refusing scope and which of its limits
 */
export function judgeRefusal(a: LimitAnswer, provoked: Provoked & TableLimit, statusRule?: string): Violation[] {
  const refused: TableLimit = { scope: provoked.scope, limit: provoked.limit };
  // The anatomy rules are judged here whatever the test declares: a violation of one is that rule's verdict.
  if (a.status === 429) join(RATE_LIMITED_RULES);
  return [
    ...checkRateLimited(a, provoked, statusRule),
    ...(a.status === 429 ? judgeWith(CHECKS.checkQuotaPolicies, a.headers['ratelimit-policy'], refused) : []),
  ];
}

/** The social-scope request a burst is made of, and the statuses that count as admitted in it. */
export interface SocialBurst {
  request: PaidRequest;
  /** Statuses besides 2xx that passed the limiter (a 404 insufficient_post_history). */
  admitted: readonly number[];
  /** The other social route's request: after a full second of `request`, it must answer 429 (LIM-013). */
  other: PaidRequest;
  /** What the burst is made of, for messages. */
  what: string;
}

/**
 * A social burst at no cost where the target allows it (issue 19): a profile request answered 404
 * insufficient_post_history (a probe handle without history, at lookback 14) is not billed (spec:
 * Authentication rule 7), yet it passed the limiter, which refuses before any upstream work (same rule),
 * so before the history is read. Without such a handle, the discovered search (`search`, $0.50 each),
 * with the discovered profile as the other social route.
 */
export async function socialBurst(client: TargetClient, seed: number, search: PaidRequest, profile: PaidRequest): Promise<SocialBurst> {
  const thin = await findThinHandle(client, seed);
  if ('skip' in thin) return { request: search, admitted: [], other: profile, what: '/x/search calls' };
  return {
    request: { method: 'POST', path: PROFILE_PATH, body: { handle: thin.handle, lookback_days: thin.lookbackDays }, expect: 404 },
    admitted: [404],
    other: search,
    what: `/x/profile calls for @${thin.handle} (404 insufficient_post_history, unbilled)`,
  };
}
