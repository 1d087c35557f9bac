/**
 * Builds and starts a stub: dataset from the seed, clock, gate, routes. Used by `npm run stub`
 * and by the suites' global setup when no target is given.
 */
import type { FastifyInstance } from 'fastify';
import { Clock } from './clock.ts';
import { defaultConfig, type StubConfig } from './config.ts';
import { DataStore, generateDataset } from './data/index.ts';
import { AccountStore, WalletRegistry } from './money/accounts/index.ts';
import { createGate } from './money/billing/index.ts';
import { FaultTable, registerControlPlane } from './control/index.ts';
import { TokenLedger, chainClock } from './money/x402/index.ts';
import { buildServer } from './server.ts';
import { RateLimiter } from './limits/limiter.ts';
import { ROUTE_MODULES } from './routes/index.ts';
import { registerOtherMethods } from './routes/methods.ts';
import { registerMediaTypes } from './routes/media-types.ts';
import type { StubContext } from './context.ts';
import { activateMutant } from './mutants.ts';
import { activateVariant } from './variant.ts';
import { holdTickObjectMaps } from './http/tick-maps.ts';

export interface RunningStub {
  url: string;
  ctx: StubContext;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Builds the context (dataset, clock, accounts, ledger, gate) for a configuration. */
export function createContext(config: StubConfig): StubContext {
  const anchor = config.anchor ?? new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const clock = new Clock(anchor);
  const store = new DataStore(generateDataset(config.seed, anchor));
  const now = () => clock.nowMs();
  const accounts = new AccountStore(now);
  accounts.seed(config.apiKeys);
  const ledger = new TokenLedger(chainClock(clock));
  const gate = createGate(accounts, ledger, clock);
  // Fixed windows (the alternate stub's, gap LIM-025) fall on the wall clock's seconds, moved by the control plane's advances.
  const limits = new RateLimiter(now, config.limitsLifted === true, () => Date.now() + clock.offsetMs());
  return {
    config,
    clock,
    store,
    gate,
    accounts,
    ledger,
    wallets: new WalletRegistry(now),
    limits,
    faults: new FaultTable(),
    resetHooks: [() => limits.reset()],
  };
}

/** Builds a stub ready to serve (routes registered, fastify ready) without listening anywhere. */
export async function buildStub(overrides: Partial<StubConfig> = {}): Promise<{ ctx: StubContext; app: FastifyInstance }> {
  // Before the dataset's allocations set off the first collections (stub/http/tick-maps.ts).
  holdTickObjectMaps();
  const config = defaultConfig(overrides);
  activateMutant(config.mutant);
  activateVariant(config.variant);
  const ctx = createContext(config);
  const app = buildServer(ctx, ROUTE_MODULES);
  registerOtherMethods(app);
  registerMediaTypes(app);
  // Served only with a control token; without it every /__control path is the server's 404.
  if (config.controlToken) registerControlPlane(app, ctx, config.controlToken);
  await app.ready();
  return { ctx, app };
}

/** Starts a stub listening on `config.host:config.port` (0 = a free port). */
export async function startStub(overrides: Partial<StubConfig> = {}): Promise<RunningStub> {
  const { ctx, app } = await buildStub(overrides);
  const config = ctx.config;
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return { url: `http://${config.host}:${port}`, ctx, app, close: () => app.close() };
}
