/**
 * The target client used by every suite: the harness's transport (suites/support/transport.ts, on
 * the undici client of lib/http-client.ts, answering in Playwright's `APIResponse` shape), plus the
 * harness's manners: pacing below the limit scopes (suites/support/pacing.ts), bounded retry after
 * 429 (reported THROTTLED, never passed), typed errors for an unreachable, slow, garbage-speaking or
 * oversized-body target (lib/errors.ts), and secret redaction of every error.
 */
import { parseRetryAfter } from '../../lib/retry-after.ts';
import { test, type APIResponse } from '@playwright/test';
import { redact } from '../../lib/redact.ts';
import { createHash } from 'node:crypto';
import { countAnswer, countRequest, currentResult } from './annotations.ts';
import { isTargetError, targetError, type HarnessError, TargetTimeoutError, TargetUnreachableError } from '../../lib/errors.ts';
import { rememberExchange } from './exhibit.ts';
import { watchedAttempt } from './ledger-watch.ts';
import { abortedReason, recordAnswer, recordFailure } from './run-link.ts';
import { operationOf } from '../../contract/route-match.ts';
import { hasOilLimits } from '../../contract/limits.ts';
import type { Pacer } from './pacing.ts';
import type { Fetcher } from './transport.ts';
import type { SharedAnswers } from './shared-answers.ts';

export type Params = Record<string, string | number | boolean | readonly (string | number)[] | undefined>;

export interface CallOptions {
  params?: Params;
  headers?: Record<string, string>;
  data?: unknown;
  /** Send this API key (overrides the client's); `null` sends none. */
  apiKey?: string | null;
  /** Return a 429 as is instead of retrying (for the limit rules). */
  raw429?: boolean;
  /** Send at once, without client-side pacing (the limit rules' own bursts); still counted. */
  unpaced?: boolean;
}

export interface ClientOptions {
  apiKey?: string;
  /** Per-request timeout, ms. */
  timeoutMs: number;
  /** Retries after a 429 before the test is reported THROTTLED. */
  maxRetries429: number;
  /** Longest Retry-After honoured, seconds. */
  maxRetryAfterS: number;
  /** Spend meter: charges a credentialed paid call before it is sent (suites/support/budget.ts). */
  meter?: CallMeter;
  /** Headers sent with every call of this client (e.g. X-Fault-Scope). */
  headers?: Readonly<Record<string, string>>;
  /** Client-side pacing below the limit scopes; absent = none (the harness's own tests). */
  pacer?: Pacer;
  /**
   * How a principal (an API key, 'x402' for a payment, undefined for none) is named in the request
   * summary, and whether other workers use it too (suites/support/pacing.ts).
   */
  labelOf?: (principal: string | undefined) => { label: string; shared: boolean };
  /**
   * The transport each call goes through and its source address ('default' = the operating system's
   * choice), with whether other workers use that address too: the per-IP guard's lane
   * (suites/support/transport.ts). Asked once per attempt, so a worker may spread its calls over
   * addresses of its own. Default: the client's transport, from 'default', shared.
   */
  route?: () => Route;
  /**
   * The key of a principal that spends nothing of the run's budget (a control-plane account with test
   * credits), for discovery calls; undefined when the target offers none (`forDiscovery`).
   */
  discoveryKey?: () => Promise<string | undefined>;
  /**
   * The run's shared answers (suites/support/shared-answers.ts) for test-data discovery: the feed, the
   * catalog and the asset directory a recipe reads are bought once per run, not once per worker, and
   * every test reading one is known to need it (the spend plan buys it once). Absent (a client built
   * outside the suites' fixtures): fetched per call.
   */
  sharedAnswers?: SharedAnswers;
}

/** Where one call leaves from: its transport and source address (suites/support/transport.ts). */
export interface Route {
  fetcher: Fetcher;
  source: { address: string; shared: boolean };
}

/**
 * Called before each request with its final headers; returns the function told the answer's status
 * (so an unbilled answer gives its charge back), or undefined when the call costs nothing.
 */
export type CallMeter = (
  method: string,
  path: string,
  headers: Readonly<Record<string, string>>,
) => Promise<(status: number) => void> | undefined;

function toSearch(params: Params | undefined): URLSearchParams | undefined {
  if (!params) return undefined;
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) sp.append(k, String(item));
    else sp.append(k, String(v));
  }
  return sp;
}

export class TargetClient {
  constructor(
    private readonly ctx: Fetcher,
    private readonly opts: ClientOptions,
  ) {}

  /** The run's shared answers for test-data discovery, when the test's fixture gave them (`ClientOptions`). */
  get sharedAnswers(): SharedAnswers | undefined {
    return this.opts.sharedAnswers;
  }

  /** The same target with another principal's key (or none). */
  withKey(apiKey: string | undefined): TargetClient {
    return new TargetClient(this.ctx, { ...this.opts, apiKey });
  }

  /**
   * The client for discovery calls (market identities, the catalog, the feed): a control-plane
   * account of this worker when the target offers a control plane, so discovery spends nothing of the
   * budget and runs at $0 (the smoke tier); otherwise this client, whose paid calls the budget charges.
   */
  async forDiscovery(): Promise<TargetClient> {
    const key = await this.opts.discoveryKey?.();
    return key ? this.withKey(key) : this;
  }

  /** The same target, sending `headers` with every call as well. */
  withHeaders(headers: Readonly<Record<string, string>>): TargetClient {
    return new TargetClient(this.ctx, { ...this.opts, headers: { ...this.opts.headers, ...headers } });
  }

  get(path: string, options: CallOptions = {}): Promise<APIResponse> {
    return this.call('GET', path, options);
  }

  post(path: string, options: CallOptions = {}): Promise<APIResponse> {
    return this.call('POST', path, options);
  }

  /**
   * The loopback address this client's next call leaves from, or undefined when the operating system
   * picks it. Stable for a test that sends from one address (fixtures.ts `oneSource`), which names it
   * in the control plane's per-IP guard preloads (POST /__control/limits/usage `address`).
   */
  sourceAddress(): string | undefined {
    const address = this.opts.route?.().source.address;
    return address === undefined || address === 'default' ? undefined : address;
  }

  /**
   * One request with bounded 429 handling.
   * @throws TargetUnreachableError | TargetTimeoutError | TargetGarbageError | TargetTooLargeError
   *   (lib/errors.ts) with a redacted reason naming the call.
   */
  async call(method: string, path: string, options: CallOptions = {}): Promise<APIResponse> {
    const key = options.apiKey === undefined ? this.opts.apiKey : (options.apiKey ?? undefined);
    const headers: Record<string, string> = { accept: 'application/json', ...this.opts.headers, ...options.headers };
    if (key) headers['x-service-api-key'] = key;
    const settle = await this.opts.meter?.(method, path, headers);
    const hasPayment = Object.keys(headers).some((h) => h.toLowerCase() === 'payment-signature');
    const principal = key ?? (hasPayment ? 'x402' : undefined);
    const who = {
      operationId: operationOf(method, path),
      principal,
      ...(this.opts.labelOf?.(principal) ?? { label: 'unlabelled', shared: true }),
    };
    for (let attempt = 0; ; attempt++) {
      const { pacer } = this.opts;
      const route = this.opts.route?.() ?? { fetcher: this.ctx, source: { address: 'default', shared: true } };
      const paced = { ...who, source: route.source };
      let release = (): void => undefined;
      if (pacer && options.unpaced) pacer.record(paced);
      else if (pacer) release = await pacer.acquire(paced);
      let res: APIResponse;
      try {
        // Its debit is judged when the key is an account the harness created (suites/support/ledger-watch.ts).
        res = await watchedAttempt(key, who.operationId, hasPayment, () => this.send(route, method, path, headers, options));
      } finally {
        release();
      }
      if (res.status() !== 429 || options.raw429) {
        settle?.(res.status());
        return res;
      }
      const retryAfter = parseRetryAfter(res.headers()['retry-after']) ?? 1;
      if (attempt >= this.opts.maxRetries429 || !(retryAfter <= this.opts.maxRetryAfterS)) {
        settle?.(429);
        currentResult()?.throttled.push(`${method} ${path}: 429 after ${attempt + 1} attempt(s), Retry-After ${retryAfter}s`);
        test.skip(true, `THROTTLED: ${method} ${path} kept answering 429 (Retry-After ${retryAfter}s)`);
      }
      await new Promise((r) => setTimeout(r, Math.max(0, retryAfter) * 1000));
    }
  }

  private async send(
    route: Route,
    method: string,
    path: string,
    headers: Record<string, string>,
    options: CallOptions,
  ): Promise<APIResponse> {
    // A run whose target stopped answering (suites/support/run-link.ts) sends nothing more.
    const aborted = abortedReason();
    if (aborted) throw new TargetUnreachableError(`${method} ${path}: not sent, run aborted: ${aborted}`);
    countLimited(method, path, headers['x-service-api-key'], route.source.address);
    let res: APIResponse;
    try {
      res = await route.fetcher.fetch(path, {
        method,
        headers,
        params: toSearch(options.params),
        data: options.data,
        timeout: this.opts.timeoutMs,
        failOnStatusCode: false,
        maxRedirects: 0,
      });
    } catch (err) {
      const failure = failureOf(err, `${method} ${path}`, this.opts.timeoutMs);
      await recordFailure(failure.message);
      throw failure;
    }
    recordAnswer();
    countAnswer(operationOf(method, path), res.status());
    const source = route.source.address === 'default' ? undefined : route.source.address;
    await rememberExchange(method, res.url(), headers, options.data, res, source);
    return res;
  }
}

/**
 * The target error of a failed call `what` ("GET /path"): the transport's typed error with the call
 * named, or, from another fetcher (Playwright's APIRequestContext in the harness's tests), a
 * timeout or an unreachable target by its message. Secrets are redacted.
 */
function failureOf(err: unknown, what: string, timeoutMs: number): HarnessError {
  if (isTargetError(err)) return targetError(err.code, `${what}: ${redact(err.reason)}`);
  const message = redact(err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err));
  return /timeout/i.test(message)
    ? new TargetTimeoutError(`${what}: no answer within ${timeoutMs} ms`)
    : new TargetUnreachableError(`${what}: ${message}`);
}

/**
 * Counts a request against the limit scopes it draws on (spec: Limits): the IP guard of its source
 * address always; the oil route's spacing for an oil call; with a key, social research (/x/search,
 * /x/profile) or standard.
 * The principal is a fingerprint of the key, never the key.
 */
function countLimited(method: string, path: string, key: string | undefined, source: string): void {
  countRequest('ip_guard', source);
  // The oil route's starts are spaced run-wide, whoever sends them (Limits rule 3).
  const operationId = operationOf(method, path);
  if (operationId && hasOilLimits(operationId)) countRequest('oil', 'route');
  if (!key) return;
  const principal = `key#${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;
  countRequest(/^\/api\/v1\/x\/(search|profile)\b/.test(path) ? 'x_research' : 'standard', principal);
}
