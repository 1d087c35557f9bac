/**
 * What every route handler receives: configuration, clock, dataset and the payment gate.
 */
import type { StubConfig } from './config.ts';
import type { Clock } from './clock.ts';
import type { DataStore } from './data/index.ts';
import type { Gate, Principal } from './billing/gate.ts';
import type { Query } from './params.ts';
import type { IncomingHttpHeaders } from 'node:http';

export interface StubContext {
  config: StubConfig;
  clock: Clock;
  store: DataStore;
  gate: Gate;
}

export interface RouteRequest {
  query: Query;
  params: Record<string, string>;
  body: unknown;
  headers: IncomingHttpHeaders;
  principal?: Principal;
  /** Absolute request URL. */
  url: string;
}

export interface RouteResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type RouteHandler = (req: RouteRequest, ctx: StubContext) => RouteResult | Promise<RouteResult>;
