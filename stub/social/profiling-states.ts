/**
 * Scoped "profiling not configured" states set through the control plane (POST /__control/profiling,
 * contract/control.yaml): POST /api/v1/x/profile calls carrying X-Fault-Scope with a scope marked
 * unconfigured take the route's own not-configured path (503, PROF-011), exactly as a stub started
 * with STUB_PROFILING=off; every other call keeps the configured service. Reset drops every state.
 */
import type { FastifyInstance } from 'fastify';
import type { StubContext } from '../context.ts';

/** Most scopes kept at once; the oldest is dropped beyond it (tests make one scope each). */
const MAX_SCOPES = 1_000;

const tables = new WeakMap<StubContext, Set<string>>();

/** The scopes whose calls see profiling unconfigured, created (and hooked to reset) on first use. */
function unconfiguredScopes(ctx: StubContext): Set<string> {
  let set = tables.get(ctx);
  if (!set) {
    const created = new Set<string>();
    ctx.resetHooks.push(() => created.clear());
    tables.set(ctx, created);
    set = created;
  }
  return set;
}

/** Whether profiling is configured for a call with this X-Fault-Scope header value. */
export function profilingConfigured(ctx: StubContext, scope: string | string[] | undefined): boolean {
  if (ctx.config.profiling === false) return false;
  const s = Array.isArray(scope) ? scope[0] : scope;
  return s === undefined || !unconfiguredScopes(ctx).has(s);
}

/** Registers POST /profiling on the control plane's scope (prefix /__control). */
export function registerProfilingControl(scope: FastifyInstance, ctx: StubContext): void {
  scope.post('/profiling', async (request, reply) => {
    const json = (status: number, body: unknown) => reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
    const b = request.body as Record<string, unknown> | null;
    if (typeof b !== 'object' || b === null || Array.isArray(b))
      return json(422, { error: 'invalid_request', message: 'the body must be a JSON object' });
    const unknown = Object.keys(b).filter((k) => k !== 'scope' && k !== 'configured');
    if (unknown.length) return json(422, { error: 'invalid_request', message: `unknown field(s): ${unknown.join(', ')}` });
    if (typeof b.scope !== 'string' || b.scope.length < 1 || b.scope.length > 128)
      return json(422, { error: 'invalid_request', message: 'scope must be a string of 1..128 characters' });
    if (typeof b.configured !== 'boolean') return json(422, { error: 'invalid_request', message: 'configured must be a boolean' });
    const set = unconfiguredScopes(ctx);
    set.delete(b.scope);
    if (!b.configured) {
      set.add(b.scope);
      if (set.size > MAX_SCOPES) set.delete(set.values().next().value as string);
    }
    return json(200, { scope: b.scope, configured: b.configured });
  });
}
