/**
 * Typed client of a target's control plane (contract/control.yaml): test accounts with a known
 * credit balance, funded test wallets, the target's clock and injected upstream faults. Every call
 * carries `Authorization: Bearer <FC_CONTROL_TOKEN>`. The suites use it only through the
 * `controlPlane` fixture, which SKIPS a test when the target has no control plane.
 *
 * Suites run in parallel against one target: faults and the clock are global, so a test injects a
 * fault for `times: 1` right before its call, and clears it only if it is still live. The clock
 * moves forward only: the suites that move it run after all others (playwright.config.ts).
 */
import { randomUUID } from 'node:crypto';
import type { APIResponse } from '@playwright/test';
import type { LimitScope, LimitWindow } from '../../contract/limits.ts';
import type { Fetcher } from './transport.ts';
import { redact, registerSecret } from '../../lib/redact.ts';
import { balanceSet, unwatchAccounts, watchAccount } from './ledger-watch.ts';
import { rememberSetup } from './exhibit.ts';

/** Skip reason of every test that needs the control plane. */
export const NEEDS_CONTROL = 'needs control plane (FC_CONTROL_TOKEN)';

/** A test account created through the control plane. The key is registered as a secret. */
export interface ControlAccount {
  accountId: string;
  apiKey: string;
}

/** Credit balance of an account (credits: 1 credit = $0.001), its API entitlement and attested wallets. */
export interface AccountState {
  credits: number;
  entitled: boolean;
  /** Wallets attested to the account, oldest first. */
  wallets: { address: string; chain_id: number; method: string; attested_at: string }[];
  /** The latest credit entries, oldest first (signed `credits`; kind grant, debit, refund or adjust). */
  entries: { seq: number; kind: string; credits: number; balance: number; operationId?: string }[];
}

/** An injected fault: the next `times` matching calls answer `status` and/or wait `latencyMs`. */
/** The request header a scoped fault matches (contract/control.yaml, FaultCreate.scope). */
export const FAULT_SCOPE_HEADER = 'x-fault-scope';

/** A fresh fault scope: one test's own calls. */
export const faultScope = (): string => `fc-${randomUUID()}`;

export interface FaultSpec {
  method: string;
  /** Path of the route, without query string (e.g. /api/v1/portfolio). */
  path: string;
  status?: number;
  latencyMs?: number;
  times?: number;
  /** Limits the fault to calls carrying the header X-Fault-Scope with this value (contract/control.yaml). */
  scope?: string;
}

/** A state of the crude-oil signal for one scope's calls (contract/control.yaml, POST /__control/oil). */
export interface OilStateSpec {
  /** The X-Fault-Scope value of the oil calls the state applies to (faultScope()). */
  scope: string;
  /** none = no reading ever recorded; stale = a missed reading; current = the reading due now; seeded = the dataset's. */
  reading: 'current' | 'stale' | 'none' | 'seeded';
  /** Venue marks whose fetch fails for those calls. */
  marksDown?: ('venue_a_perps' | 'perp_venue_b')[];
}

/** Thrown when the control plane refuses a call: a harness problem, never a rule verdict. */
export class ControlPlaneError extends Error {
  constructor(message: string) {
    super(redact(message));
    this.name = 'ControlPlaneError';
  }
}

export class ControlPlane {
  /** Ids of the faults this test injected. */
  private readonly faultIds: string[] = [];
  /** Ids of the accounts this plane created (watched until it is disposed). */
  private readonly accountIds = new Set<string>();

  /**
   * @param ctx the transport to the control plane (suites/support/transport.ts, bounded in time and body bytes)
   * @param timeoutMs each call's timeout, ms (the run's per-request timeout)
   */
  constructor(
    private readonly ctx: Fetcher,
    private readonly token: string,
    private readonly timeoutMs: number,
  ) {}

  private async call(method: string, path: string, data?: unknown): Promise<unknown> {
    let res: APIResponse;
    const headers = {
      authorization: `Bearer ${this.token}`,
      accept: 'application/json',
      ...(data === undefined ? {} : { 'content-type': 'application/json' }),
    };
    try {
      res = await this.ctx.fetch(path, {
        method,
        headers,
        ...(data === undefined ? {} : { data: JSON.stringify(data) }),
        timeout: this.timeoutMs,
        failOnStatusCode: false,
        maxRedirects: 0,
      });
    } catch (err) {
      throw new ControlPlaneError(`control plane ${method} ${path}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    }
    const text = await res.text();
    if (res.status() < 200 || res.status() >= 300)
      throw new ControlPlaneError(`control plane ${method} ${path} answered ${res.status()}: ${text.slice(0, 300)}`);
    // A call that changed the target's state is part of reproducing what the test sends after it.
    if (method !== 'GET') rememberSetup(method, res.url(), headers, data);
    if (!text) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ControlPlaneError(`control plane ${method} ${path} answered non-JSON: ${text.slice(0, 120)}`);
    }
  }

  /**
   * Creates an account holding `credits` (entitled to the API unless told otherwise).
   * @returns its id and API key (the key is masked in every report from now on).
   */
  async createAccount(credits: number, entitled = true): Promise<ControlAccount> {
    const body = (await this.call('POST', '/__control/accounts', { credits, entitled })) as Partial<ControlAccount>;
    if (typeof body?.accountId !== 'string' || typeof body.apiKey !== 'string')
      throw new ControlPlaneError('control plane POST /__control/accounts: no accountId/apiKey in the answer');
    registerSecret(body.apiKey);
    const { accountId } = body;
    // Every call on it has its debit judged from now on (suites/support/ledger-watch.ts).
    watchAccount(body.apiKey, accountId, () => this.balance(accountId));
    this.accountIds.add(accountId);
    return { accountId, apiKey: body.apiKey };
  }

  /** Credit balance and entitlement of an account. */
  async account(accountId: string): Promise<AccountState> {
    const body = (await this.call('GET', `/__control/accounts/${encodeURIComponent(accountId)}`)) as Partial<AccountState>;
    if (typeof body?.credits !== 'number')
      throw new ControlPlaneError(`control plane GET /__control/accounts/{id}: no credits in the answer`);
    return {
      credits: body.credits,
      entitled: body.entitled !== false,
      wallets: Array.isArray(body.wallets) ? body.wallets : [],
      entries: Array.isArray(body.entries) ? body.entries : [],
    };
  }

  /**
   * Sets an account's balance, credits (PATCH /__control/accounts/{id}).
   * @throws ControlPlaneError when the control plane refuses the update
   */
  async setCredits(accountId: string, credits: number): Promise<void> {
    balanceSet(accountId);
    await this.call('PATCH', `/__control/accounts/${encodeURIComponent(accountId)}`, { credits });
  }

  /**
   * Grants or withdraws an account's API entitlement (PATCH /__control/accounts/{id}); the account keeps its jobs.
   * @throws ControlPlaneError when the control plane refuses the update
   */
  async setEntitled(accountId: string, entitled: boolean): Promise<void> {
    await this.call('PATCH', `/__control/accounts/${encodeURIComponent(accountId)}`, { entitled });
  }

  /** Credit balance of an account, credits. */
  async balance(accountId: string): Promise<number> {
    return (await this.account(accountId)).credits;
  }

  /** Adds `amount` atomic units (6-decimal token: 1,000,000 = $1) to a wallet on a CAIP-2 network. */
  async fundWallet(network: string, address: string, amount: bigint | number | string): Promise<void> {
    await this.call('POST', '/__control/wallets', { network, address, amount: String(amount) });
  }

  /** Token balance of a wallet on a CAIP-2 network, atomic units. */
  async walletBalance(network: string, address: string): Promise<bigint> {
    const body = (await this.call('GET', `/__control/wallets/${encodeURIComponent(network)}/${encodeURIComponent(address)}`)) as {
      balance?: unknown;
    };
    if (typeof body?.balance !== 'string' && typeof body?.balance !== 'number')
      throw new ControlPlaneError('control plane GET /__control/wallets/{network}/{address}: no balance in the answer');
    return BigInt(body.balance);
  }

  /** The target's current time (and how far the control plane has moved it, seconds). */
  async clock(): Promise<{ now: Date; offsetSeconds: number }> {
    const body = (await this.call('GET', '/__control/clock')) as { now?: unknown; offsetSeconds?: unknown };
    return { now: new Date(String(body?.now)), offsetSeconds: Number(body?.offsetSeconds ?? 0) };
  }

  /** Moves the target's clock forward by `seconds`; returns the target's new now. */
  async advanceClock(seconds: number): Promise<Date> {
    const body = (await this.call('POST', '/__control/clock', { advanceSeconds: seconds })) as { now?: unknown };
    return new Date(String(body?.now));
  }

  /** Injects a fault; it is cleared when the test ends (or by `clearFaults`). */
  async fault(spec: FaultSpec): Promise<void> {
    const created = (await this.call('POST', '/__control/faults', spec)) as { id?: unknown };
    this.faultIds.push(typeof created?.id === 'string' ? created.id : '');
  }

  /**
   * Injects a one-shot fault (`times: 1`) scoped to this test's calls (X-Fault-Scope) and runs
   * `attempt`, which must make the faulted call with the given headers and report its status. A
   * target whose control plane ignores the scope may let another worker's call take the fault: then
   * the attempt (which sets up its own fresh account or wallet) is repeated, up to `tries` times.
   * @returns the last attempt's result.
   */
  async withFault<T extends { status: number }>(
    spec: Omit<FaultSpec, 'times' | 'scope'> & { status: number },
    attempt: (faultHeaders: Readonly<Record<string, string>>) => Promise<T>,
    tries = 3,
  ): Promise<T> {
    let last: T | undefined;
    for (let i = 0; i < tries; i++) {
      const scope = faultScope();
      await this.fault({ ...spec, times: 1, scope });
      last = await attempt({ [FAULT_SCOPE_HEADER]: scope });
      if (last.status === spec.status) break;
    }
    await this.clearFaults();
    return last!;
  }

  /**
   * The target's live faults (GET /__control/faults), as the control plane lists them.
   * @throws ControlPlaneError when the listing fails
   */
  async liveFaults(): Promise<{ id?: string; method?: string; path?: string; status?: number | null }[]> {
    const live = (await this.call('GET', '/__control/faults')) as { faults?: unknown };
    return Array.isArray(live?.faults) ? (live.faults as { id?: string }[]) : [];
  }

  /**
   * Clears faults. The control plane clears every fault at once (DELETE /__control/faults), which
   * would also drop another worker's, so this only calls it while a fault this test injected is
   * still live (a `times`-limited fault that struck is gone by itself).
   */
  async clearFaults(): Promise<void> {
    if (!this.faultIds.length) return;
    const live = (await this.call('GET', '/__control/faults')) as { faults?: { id?: string }[] };
    const mine = (live?.faults ?? []).some((f) => typeof f.id === 'string' && this.faultIds.includes(f.id));
    this.faultIds.length = 0;
    if (mine) await this.call('DELETE', '/__control/faults');
  }

  /**
   * Ends a forecast generation job with `outcome` (POST /__control/jobs/{jobId}).
   * @returns 'ended'; 'terminal' when the job had already ended (409); 'unsupported' when the
   *   target's control plane has no job route (404 for an unknown path or job).
   * @throws ControlPlaneError for any other refusal.
   */
  async endJob(jobId: string, outcome: 'failed' | 'rejected'): Promise<'ended' | 'terminal' | 'unsupported'> {
    const path = `/__control/jobs/${encodeURIComponent(jobId)}`;
    try {
      await this.call('POST', path, { outcome });
      return 'ended';
    } catch (err) {
      const m = err instanceof ControlPlaneError ? / answered (\d{3})/.exec(err.message) : null;
      if (m?.[1] === '409') return 'terminal';
      if (m?.[1] === '404') return 'unsupported';
      throw err;
    }
  }

  /**
   * Sets the oil signal's state for the calls carrying X-Fault-Scope `spec.scope`
   * (POST /__control/oil). Scoped, so other workers' oil calls are untouched and nothing needs restoring.
   * @returns 'set'; 'unsupported' when the target's control plane has no oil route (404).
   * @throws ControlPlaneError for any other refusal.
   */
  async oilState(spec: OilStateSpec): Promise<'set' | 'unsupported'> {
    try {
      await this.call('POST', '/__control/oil', spec);
      return 'set';
    } catch (err) {
      const m = err instanceof ControlPlaneError ? / answered (\d{3})/.exec(err.message) : null;
      if (m?.[1] === '404') return 'unsupported';
      throw err;
    }
  }

  /**
   * Sets one window's usage of a principal or client address to `count` admissions made now
   * (POST /__control/limits/usage), so a per-minute or per-day bound is one request away.
   * `address` omitted on the ip_guard scope = the address the control plane sees this call from.
   * @returns 'set'; 'unsupported' when the target's control plane has no limits route (404).
   * @throws ControlPlaneError for any other refusal.
   */
  async limitUsage(spec: {
    scope: Exclude<LimitScope, 'oil'>;
    window: LimitWindow;
    count: number;
    accountId?: string;
    payer?: string;
    address?: string;
  }): Promise<'set' | 'unsupported'> {
    try {
      await this.call('POST', '/__control/limits/usage', spec);
      return 'set';
    } catch (err) {
      const m = err instanceof ControlPlaneError ? / answered (\d{3})/.exec(err.message) : null;
      if (m?.[1] === '404') return 'unsupported';
      throw err;
    }
  }

  /**
   * Sets whether social-account profiling is configured for one scope's calls (POST /__control/profiling).
   * @returns 'set'; 'unsupported' when the target's control plane has no such route (404).
   * @throws ControlPlaneError for any other refusal.
   */
  async profilingState(scope: string, configured: boolean): Promise<'set' | 'unsupported'> {
    try {
      await this.call('POST', '/__control/profiling', { scope, configured });
      return 'set';
    } catch (err) {
      const m = err instanceof ControlPlaneError ? / answered (\d{3})/.exec(err.message) : null;
      if (m?.[1] === '404') return 'unsupported';
      throw err;
    }
  }

  /**
   * Resets the whole target (accounts, wallets, faults, clock). Never called by the suites, which
   * share the target with other workers; for single-test harness runs only.
   */
  async reset(): Promise<void> {
    await this.call('POST', '/__control/reset');
  }

  /** Fixture teardown: clears what this test injected and is still live. */
  async dispose(): Promise<void> {
    unwatchAccounts(this.accountIds);
    await this.clearFaults();
  }
}
