/**
 * Which paid routes of a target answer an invalid request free (issue 19, gap AUTH-020). The spec does
 * not say whether a paid route checks a request's parameters before it asks for credentials. Before a
 * run without a control plane plans its spend, it sends each paid operation whose refusal probes cost
 * money on the embedded stub (measurements/request-plan.json `spend.refusals`) one request that breaks a
 * contract bound, with neither key nor payment: nobody is named, so nothing can be billed. A 422
 * invalid_request means the suites' refusal probes of that operation will be answered free too
 * (suites/support/refusals.ts), and the plan prices them out (cli/spend.ts); a 401 or 402, or anything
 * else, leaves them priced as billed calls on the key (gap BILL-013).
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { contract } from '../contract/index.ts';
import { createAgent, exchange, type HttpLimits } from '../lib/http-client.ts';

/** One anonymous request that breaks a bound of the contract. */
export interface InvalidRequest {
  method: string;
  /** Path and query. */
  path: string;
  body?: string;
  /** What it breaks, for the printed line. */
  breaks: string;
}

/**
 * A request of `operationId` that its contract refuses: a query parameter past its maximum, minimum or
 * length, outside its enumeration or not of its type (boolean, integer), a required query parameter left out,
 * a path parameter past its length, or a JSON body without its
 * required members (well-formed JSON: a body that does not parse is refused first by most body parsers,
 * whatever order the route's own checks take). Undefined when the operation has none of these.
 */
export function invalidRequestOf(operationId: string): InvalidRequest | undefined {
  const c = contract();
  const op = c.operation(operationId);
  const params = (op.spec.parameters ?? []).map((p) => c.deref<OpenAPIV3_1.ParameterObject>(p));
  // Path parameters get a value within every bound the spec gives them (1..512 characters).
  const path = op.path.replace(/\{[^}]+\}/g, 'x');
  const method = op.method.toUpperCase();
  const body = op.spec.requestBody ? c.deref<OpenAPIV3_1.RequestBodyObject>(op.spec.requestBody) : undefined;
  const bodySchema = c.deref<OpenAPIV3_1.SchemaObject | undefined>(body?.content?.['application/json']?.schema);
  if (bodySchema?.required?.length) return { method, path, body: '{}', breaks: `a body without ${bodySchema.required.join(', ')}` };
  for (const p of params.filter((x) => x.in === 'query')) {
    const s = c.deref<OpenAPIV3_1.SchemaObject>(p.schema ?? {});
    const q = (v: string): string => `${path}?${new URLSearchParams({ [p.name]: v })}`;
    if (typeof s.maximum === 'number') return { method, path: q(String(s.maximum + 1)), breaks: `${p.name} past its maximum ${s.maximum}` };
    if (typeof s.maxLength === 'number')
      return { method, path: q('x'.repeat(s.maxLength + 1)), breaks: `${p.name} past its length ${s.maxLength}` };
    if (typeof s.minimum === 'number')
      return { method, path: q(String(s.minimum - 1)), breaks: `${p.name} below its minimum ${s.minimum}` };
    if (s.enum?.length) return { method, path: q('not-an-allowed-value'), breaks: `${p.name} outside its values` };
    if (s.type === 'boolean' || s.type === 'integer') return { method, path: q('not-a-value'), breaks: `${p.name} not a ${s.type}` };
  }
  const required = params.find((p) => p.in === 'query' && p.required);
  if (required) return { method, path, breaks: `${required.name} left out` };
  // Last, a path parameter past its length (a route may answer that 404, its own: then nothing is learnt).
  for (const p of params.filter((x) => x.in === 'path')) {
    const max = c.deref<OpenAPIV3_1.SchemaObject>(p.schema ?? {}).maxLength;
    if (typeof max === 'number')
      return {
        method,
        path: op.path.replace(`{${p.name}}`, 'x'.repeat(max + 1)).replace(/\{[^}]+\}/g, 'x'),
        breaks: `${p.name} past its length ${max}`,
      };
  }
  return undefined;
}

/** What the probe of one operation showed. */
export interface OrderProbe {
  operationId: string;
  /** The anonymous invalid request answered 422 invalid_request: its refusals come free. */
  free: boolean;
  /** What was sent and answered, or why nothing was. */
  detail: string;
}

/**
 * Probes each of `operationIds` once on `target`, one at a time (each request is unbilled and counts
 * only against the per-IP guard). Never throws: a failed request leaves its operation priced as billed.
 * @param limits the run's per-request timeout (ms) and body limit (bytes)
 */
export async function probeCheckOrder(target: string, operationIds: readonly string[], limits: HttpLimits): Promise<OrderProbe[]> {
  const agent = createAgent(undefined, limits.timeoutMs);
  const out: OrderProbe[] = [];
  try {
    for (const operationId of operationIds) {
      const req = invalidRequestOf(operationId);
      if (!req) {
        out.push({ operationId, free: false, detail: 'no bound to break' });
        continue;
      }
      try {
        const a = await exchange(
          agent,
          new URL(req.path, target),
          {
            method: req.method,
            headers: { accept: 'application/json', ...(req.body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(req.body === undefined ? {} : { body: Buffer.from(req.body) }),
          },
          limits,
        );
        let code: unknown;
        try {
          code = (JSON.parse(a.body.toString('utf8')) as { error?: unknown } | null)?.error;
        } catch {
          code = undefined;
        }
        const free = a.status === 422 && code === 'invalid_request';
        out.push({ operationId, free, detail: `${req.breaks}: ${a.status}${typeof code === 'string' ? ` ${code}` : ''}` });
      } catch (err) {
        out.push({ operationId, free: false, detail: `${req.breaks}: no answer (${(err as Error).message})` });
      }
    }
  } finally {
    await agent.destroy().catch(() => undefined);
  }
  return out;
}
