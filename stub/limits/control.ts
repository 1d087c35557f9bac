/**
 * Control-plane routes of the limiter (contract/control.yaml, /__control/limits): read and set the
 * throughput switch that lifts the limits, and preload one window's usage of a principal or client
 * address so the per-minute and per-day bounds and the 00:00 UTC reset are testable in seconds.
 * Registered inside the control plane's bearer-guarded scope by stub/control/plane.ts; control calls
 * themselves never count against any limit.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMIT_BOUNDS, type LimitWindow } from '../../contract/limits.ts';
import type { StubContext } from '../context.ts';

const SCOPES = ['standard', 'x_research', 'ip_guard'] as const;
const WINDOWS: readonly LimitWindow[] = ['second', 'minute', 'day'];
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const USAGE_FIELDS = ['scope', 'window', 'count', 'accountId', 'payer', 'address'];

type Scope = (typeof SCOPES)[number];
type Body = Record<string, unknown>;

/** The limiter key a UsageSet body names, or the validation error. */
function keyOf(b: Body, request: FastifyRequest): { key: string } | { error: string } {
  const scope = b.scope as Scope;
  if (scope === 'ip_guard') {
    if (b.accountId !== undefined || b.payer !== undefined) return { error: 'the ip_guard scope is keyed by address only' };
    if (b.address === undefined) return { key: request.ip.replace(/^::ffff:/, '') };
    if (typeof b.address !== 'string' || b.address.length < 2 || b.address.length > 64)
      return { error: 'address must be an IP address string' };
    return { key: b.address.replace(/^::ffff:/, '') };
  }
  if (b.address !== undefined) return { error: `the ${scope} scope is keyed by accountId or payer, not address` };
  if ((b.accountId === undefined) === (b.payer === undefined)) return { error: 'give exactly one of accountId or payer' };
  if (b.payer !== undefined) {
    if (typeof b.payer !== 'string' || !ADDRESS.test(b.payer)) return { error: 'payer must be a 0x-prefixed 20-byte hex address' };
    return { key: `x402:${b.payer.toLowerCase()}` };
  }
  if (typeof b.accountId !== 'string' || b.accountId.length < 1 || b.accountId.length > 128)
    return { error: 'accountId must be a string of 1..128 characters' };
  return { key: b.accountId };
}

function invalidUsage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the body must be a JSON object';
  const b = body as Body;
  const unknown = Object.keys(b).filter((k) => !USAGE_FIELDS.includes(k));
  if (unknown.length) return `unknown field(s): ${unknown.join(', ')}`;
  if (!SCOPES.includes(b.scope as Scope)) return `scope must be one of ${SCOPES.join(', ')}`;
  if (!WINDOWS.includes(b.window as LimitWindow)) return `window must be one of ${WINDOWS.join(', ')}`;
  const bound = LIMIT_BOUNDS[b.scope as Scope][b.window as LimitWindow];
  if (typeof b.count !== 'number' || !Number.isInteger(b.count) || b.count < 0 || b.count > bound)
    return `count must be an integer in 0..${bound}`;
  return undefined;
}

/** Registers GET/PUT /limits and POST /limits/usage on the control plane's scope (prefix /__control). */
export function registerLimitsControl(scope: FastifyInstance, ctx: StubContext): void {
  const view = () => ({ lifted: ctx.limits.isLifted, bounds: LIMIT_BOUNDS });

  scope.get('/limits', async (_request, reply) => reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(view())));

  scope.put('/limits', async (request, reply) => {
    const json = (status: number, body: unknown) => reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
    const b = request.body as Body | null | undefined;
    if (
      typeof b !== 'object' ||
      b === null ||
      Array.isArray(b) ||
      typeof b.lifted !== 'boolean' ||
      Object.keys(b).some((k) => k !== 'lifted')
    ) {
      return json(422, { error: 'invalid_request', message: 'the body must be {"lifted": true|false}' });
    }
    ctx.limits.setLifted(b.lifted);
    return json(200, view());
  });

  scope.post('/limits/usage', async (request, reply) => {
    const json = (status: number, body: unknown) => reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
    const error = invalidUsage(request.body);
    if (error) return json(422, { error: 'invalid_request', message: error });
    const b = request.body as Body;
    const key = keyOf(b, request);
    if ('error' in key) return json(422, { error: 'invalid_request', message: key.error });
    const s = b.scope as Scope;
    const { bound } = ctx.limits.preload(s, key.key, b.window as LimitWindow, b.count as number);
    return json(200, { scope: s, window: b.window, count: b.count, bound, usage: ctx.limits.snapshot(s, key.key) });
  });
}
