/**
 * Control-plane route of the oil signal (contract/control.yaml, POST /__control/oil): sets the
 * state one X-Fault-Scope value sees. Registered inside the control plane's bearer-guarded scope by
 * stub/control/plane.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { StubContext } from '../context.ts';
import { OIL_MARKS, OIL_READING_STATES, oilStates, type OilMarkName, type OilReadingState } from './oil-states.ts';

const FIELDS = ['scope', 'reading', 'marksDown'];

/** The validation error of an OilStateSet body, or undefined when it is valid. */
function invalid(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the body must be a JSON object';
  const b = body as Record<string, unknown>;
  const unknown = Object.keys(b).filter((k) => !FIELDS.includes(k));
  if (unknown.length) return `unknown field(s): ${unknown.join(', ')}`;
  if (typeof b.scope !== 'string' || b.scope.length < 1 || b.scope.length > 128) return 'scope must be a string of 1..128 characters';
  if (typeof b.reading !== 'string' || !(OIL_READING_STATES as readonly string[]).includes(b.reading))
    return `reading must be one of ${OIL_READING_STATES.join(', ')}`;
  const down = b.marksDown;
  if (down === undefined) return undefined;
  if (!Array.isArray(down) || down.some((m) => typeof m !== 'string' || !(OIL_MARKS as readonly string[]).includes(m)))
    return `marksDown must be an array of ${OIL_MARKS.join(', ')}`;
  if (new Set(down).size !== down.length) return 'marksDown must not repeat a mark';
  return undefined;
}

/** Registers POST /oil on the control plane's scope (prefix /__control). */
export function registerOilControl(scope: FastifyInstance, ctx: StubContext): void {
  scope.post('/oil', async (request, reply) => {
    const json = (status: number, body: unknown) => reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
    const error = invalid(request.body);
    if (error) return json(422, { error: 'invalid_request', message: error });
    const b = request.body as { scope: string; reading: OilReadingState; marksDown?: OilMarkName[] };
    const state = { reading: b.reading, marksDown: b.marksDown ?? [] };
    oilStates(ctx).set(b.scope, state);
    return json(200, { scope: b.scope, ...state });
  });
}
