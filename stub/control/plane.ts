/**
 * The control plane of the stub (contract/control.yaml): accounts and credits, wallet funding on
 * the token ledger, the clock, upstream faults, scoped oil signal states, rate-limit usage and the limits switch, and a reset to the seeded state. Registered only when
 * the stub starts with a control token; every call needs `Authorization: Bearer <token>` (401
 * otherwise). Secrets (API keys, the token) are never logged.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getAddress } from 'viem';
import { contract } from '../../contract/index.ts';
import type { Account } from '../money/accounts/store.ts';
import type { StubContext } from '../context.ts';
import { DataStore, generateDataset } from '../data/index.ts';
import { ApiError, invalidRequest, notFound } from '../errors.ts';
import { tokenOfNetwork } from '../money/x402/tokens.ts';
import { MAX_FAULT_LATENCY_MS, type Fault } from './faults.ts';
import { registerJobControl } from '../jobs/control.ts';
import { registerOilControl } from '../signals/oil-control.ts';
import { registerLimitsControl } from '../limits/control.ts';
import { registerProfilingControl } from '../social/profiling-states.ts';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Most the clock can be advanced in one call: ten years. */
const MAX_ADVANCE_SECONDS = 10 * 365 * 86_400;

type Body = Record<string, unknown>;

/** The JSON object body of a control call ({} when absent). @throws 422 otherwise. */
function bodyOf(request: FastifyRequest): Body {
  const b = request.body as Body | undefined | null;
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b) || '__unsupportedMediaType' in b) throw invalidRequest('the body must be a JSON object');
  return b;
}

function intField(body: Body, name: string, opts: { min: number; max: number }): number | undefined {
  const v = body[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < opts.min || v > opts.max)
    throw invalidRequest(`${name} must be an integer in ${opts.min}..${opts.max}`);
  return v;
}

function boolField(body: Body, name: string): boolean | undefined {
  const v = body[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') throw invalidRequest(`${name} must be a boolean`);
  return v;
}

/** Atomic units: a decimal string or a non-negative safe integer. */
function amountField(body: Body, name: string): bigint {
  const v = body[name];
  if (typeof v === 'string' && /^\d{1,40}$/.test(v)) return BigInt(v);
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  throw invalidRequest(`${name} must be a non-negative integer of atomic units (a decimal string or a number)`);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True when `path` (no query) is a route of the contract for `method`, as a template or a concrete path. */
function isContractRoute(method: string, path: string): boolean {
  for (const op of contract().operations.values()) {
    if (op.method.toUpperCase() !== method) continue;
    if (op.path === path) return true;
    const pattern = new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (pattern.test(path)) return true;
  }
  return false;
}

const accountView = (ctx: StubContext, a: Account) => ({
  accountId: a.id,
  credits: a.credits,
  entitled: a.entitled,
  wallets: ctx.wallets
    .walletsOf(a.id)
    .map((w) => ({ address: w.address, chain_id: w.chainId, method: w.method, attested_at: new Date(w.attestedAt).toISOString() })),
  entries: ctx.accounts.entriesOf(a),
});

const faultView = (f: Fault) => ({
  id: f.id,
  method: f.method,
  path: f.path,
  status: f.status,
  latencyMs: f.latencyMs,
  times: f.times,
  remaining: f.remaining,
  scope: f.scope,
});

function walletView(ctx: StubContext, network: string, address: string) {
  const token = tokenOfNetwork(network);
  if (!token) throw notFound(`no token on network ${network}`);
  if (!ADDRESS.test(address)) throw invalidRequest('address must be a 0x-prefixed 20-byte hex address');
  return { network, asset: token.address, address: getAddress(address), balance: ctx.ledger.balanceOf(token, address).toString() };
}

/** Restores the seeded state: dataset, configured accounts, ledger, clock offset, faults, tokens, attestations. */
export function resetStub(ctx: StubContext): void {
  ctx.store = new DataStore(generateDataset(ctx.config.seed, ctx.clock.anchor));
  ctx.accounts.seed(ctx.config.apiKeys);
  ctx.ledger.reset();
  ctx.clock.resetOffset();
  ctx.faults.clear();
  ctx.wallets.reset();
  for (const hook of ctx.resetHooks) hook();
}

const json = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));

/** Accounts and credits; wallet funding on the token ledger. */
function registerMoneyControl(scope: FastifyInstance, ctx: StubContext): void {
  scope.post('/accounts', async (request, reply) => {
    const body = bodyOf(request);
    const credits = intField(body, 'credits', { min: 0, max: Number.MAX_SAFE_INTEGER });
    if (credits === undefined) throw invalidRequest('credits is required');
    const { account, apiKey } = ctx.accounts.create({ credits, entitled: boolField(body, 'entitled') ?? true });
    return json(reply, 201, { accountId: account.id, apiKey, credits: account.credits, entitled: account.entitled });
  });

  scope.get('/accounts/:accountId', async (request, reply) => {
    const { accountId } = request.params as { accountId: string };
    const account = ctx.accounts.get(accountId);
    if (!account) throw notFound(`no account ${accountId}`);
    return json(reply, 200, accountView(ctx, account));
  });

  scope.patch('/accounts/:accountId', async (request, reply) => {
    const { accountId } = request.params as { accountId: string };
    const body = bodyOf(request);
    const credits = intField(body, 'credits', { min: 0, max: Number.MAX_SAFE_INTEGER });
    const entitled = boolField(body, 'entitled');
    const account = ctx.accounts.update(accountId, {
      ...(credits !== undefined ? { credits } : {}),
      ...(entitled !== undefined ? { entitled } : {}),
    });
    if (!account) throw notFound(`no account ${accountId}`);
    return json(reply, 200, accountView(ctx, account));
  });

  scope.post('/wallets', async (request, reply) => {
    const body = bodyOf(request);
    const network = typeof body.network === 'string' ? body.network : '';
    const address = typeof body.address === 'string' ? body.address : '';
    const token = tokenOfNetwork(network);
    if (!token) throw invalidRequest('network must be eip155:8453 or eip155:4663');
    if (body.asset !== undefined && String(body.asset).toLowerCase() !== token.address.toLowerCase())
      throw invalidRequest(`asset must be ${token.address} on ${network}`);
    if (!ADDRESS.test(address)) throw invalidRequest('address must be a 0x-prefixed 20-byte hex address');
    ctx.ledger.mint(token, address, amountField(body, 'amount'));
    return json(reply, 200, walletView(ctx, network, address));
  });

  scope.get('/wallets/:network/:address', async (request, reply) => {
    const { network, address } = request.params as { network: string; address: string };
    return json(reply, 200, walletView(ctx, network, address));
  });
}

/** The stub clock: read, and advance. */
function registerClockControl(scope: FastifyInstance, ctx: StubContext): void {
  scope.get('/clock', async (_request, reply) =>
    json(reply, 200, { now: ctx.clock.now().toISOString(), offsetSeconds: ctx.clock.offsetMs() / 1000 }),
  );

  scope.post('/clock', async (request, reply) => {
    const body = bodyOf(request);
    const s = body.advanceSeconds;
    if (typeof s !== 'number' || !Number.isFinite(s) || s < 0 || s > MAX_ADVANCE_SECONDS)
      throw invalidRequest(`advanceSeconds must be a number in 0..${MAX_ADVANCE_SECONDS}`);
    const now = ctx.clock.advance(s);
    return json(reply, 200, { now: now.toISOString(), offsetSeconds: ctx.clock.offsetMs() / 1000 });
  });
}

/** Upstream faults (stub/control/faults.ts): add, list, clear. */
function registerFaultControl(scope: FastifyInstance, ctx: StubContext): void {
  scope.post('/faults', async (request, reply) => {
    const body = bodyOf(request);
    const method = typeof body.method === 'string' ? body.method.toUpperCase() : '';
    const path = typeof body.path === 'string' ? body.path.replace(/\?.*$/, '') : '';
    if (!METHODS.includes(method)) throw invalidRequest(`method must be one of ${METHODS.join(', ')}`);
    if (!path.startsWith('/') || !isContractRoute(method, path)) throw invalidRequest(`${method} ${path} is not a route of the contract`);
    const status = intField(body, 'status', { min: 400, max: 599 });
    const latencyMs = intField(body, 'latencyMs', { min: 0, max: MAX_FAULT_LATENCY_MS }) ?? 0;
    const times = intField(body, 'times', { min: 1, max: 1_000_000 });
    const scope = body.scope === undefined ? null : body.scope;
    if (scope !== null && (typeof scope !== 'string' || scope.length < 1 || scope.length > 128))
      throw invalidRequest('scope must be a string of 1..128 characters');
    // A fault without a status fails with 502 unless it only slows the upstream down.
    const fault = ctx.faults.add({ method, path, status: status ?? (latencyMs > 0 ? null : 502), latencyMs, times: times ?? null, scope });
    return json(reply, 201, faultView(fault));
  });

  scope.get('/faults', async (_request, reply) => json(reply, 200, { faults: ctx.faults.list().map(faultView) }));

  scope.delete('/faults', async (_request, reply) => {
    ctx.faults.clear();
    return reply.code(204).send();
  });
}

/** Registers the /__control routes on `app`, guarded by the bearer `token`. */
export function registerControlPlane(app: FastifyInstance, ctx: StubContext, token: string): void {
  void app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        const auth = request.headers.authorization;
        const given = typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7) : '';
        if (!given || !sameSecret(given, token)) {
          return json(reply, 401, { error: 'unauthorized', message: 'The control plane needs Authorization: Bearer <control token>' });
        }
        return undefined;
      });

      registerMoneyControl(scope, ctx);
      registerClockControl(scope, ctx);
      registerFaultControl(scope, ctx);
      registerJobControl(scope, ctx);
      registerOilControl(scope, ctx);
      registerLimitsControl(scope, ctx);
      registerProfilingControl(scope, ctx);

      scope.post('/reset', async (_request, reply) => {
        resetStub(ctx);
        return reply.code(204).send();
      });

      scope.setNotFoundHandler((request, reply) => {
        const err = new ApiError(404, 'not_found', `no control route ${request.method} ${request.url.replace(/\?.*$/, '')}`);
        return json(reply, 404, err.envelope());
      });
    },
    { prefix: '/__control' },
  );
}
