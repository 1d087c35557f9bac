/**
 * What every route handler receives: configuration, clock, dataset, the payment gate and the money
 * state (accounts, token ledger, wallet attestations, injected faults).
 */
import type { StubConfig } from './config.ts';
import type { Clock } from './clock.ts';
import type { DataStore } from './data/index.ts';
import type { Gate, Principal } from './money/billing/gate.ts';
import type { AccountStore, WalletRegistry } from './money/accounts/index.ts';
import type { TokenLedger } from './money/x402/ledger.ts';
import type { FaultTable } from './control/faults.ts';
import type { RateLimiter } from './limits/limiter.ts';
import type { Query } from './params.ts';
import type { IncomingHttpHeaders } from 'node:http';

export interface StubContext {
  config: StubConfig;
  clock: Clock;
  store: DataStore;
  gate: Gate;
  /** API-key accounts and their credits. */
  accounts: AccountStore;
  /** The in-memory chain of the x402 tokens. */
  ledger: TokenLedger;
  /** Link tokens, SIWE challenges and wallet attestations. */
  wallets: WalletRegistry;
  /** The limit scopes of the Limits table (standard, social research, per-IP guard). */
  limits: RateLimiter;
  /** Upstream faults injected through the control plane. */
  faults: FaultTable;
  /** Extra state to restore on POST /__control/reset (modules holding their own state push here). */
  resetHooks: (() => void)[];
}

export interface RouteRequest {
  query: Query;
  params: Record<string, string>;
  body: unknown;
  headers: IncomingHttpHeaders;
  principal?: Principal;
  /** Absolute request URL. */
  url: string;
  /** Applies this call's injected upstream fault now (routes registered with `upstreamInHandler` only). */
  upstream?: () => Promise<void>;
}

/**
 * A body already serialised as JSON, written as it is: for a handler that keeps the text of an answer
 * which recurs (JSON.stringify is a sizeable part of a cheap read; npm run bench).
 */
export class JsonText {
  constructor(readonly text: string) {}
}

export interface RouteResult {
  status?: number;
  /** The JSON body: a value to serialise, or its text (JsonText). */
  body: unknown;
  headers?: Record<string, string>;
  /** false when an upstream answer was missing although the route answered 2xx: not billed (spec: Authentication rule 7). */
  billable?: boolean;
}

export type RouteHandler = (req: RouteRequest, ctx: StubContext) => RouteResult | Promise<RouteResult>;

/** Per-route options. */
export interface RouteOptions {
  /**
   * Runs at admission, once the API-key caller is known and before the debit; throws an ApiError to
   * refuse the call undebited (e.g. an owner-scoped quota's 429: "A 429 is rejected before debit").
   */
  beforeDebit?: (principal: Principal, headers: IncomingHttpHeaders, ctx: StubContext) => void;
  /**
   * The handler applies the call's injected upstream fault itself (`RouteRequest.upstream`), where
   * its upstream work starts: the oil route, whose latency must hold its one in-flight slot (OIL-011).
   */
  upstreamInHandler?: boolean;
}
