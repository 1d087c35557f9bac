/**
 * Control-plane route of the jobs (contract/control.yaml, POST /__control/jobs/{jobId}): ends a
 * non-terminal job failed or rejected, which the public API cannot provoke. Registered inside the
 * control plane's bearer-guarded scope by stub/control/plane.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { StubContext } from '../context.ts';
import { iso } from '../present/index.ts';
import { errorCodeOf, statusAt, updatedAt, type EndOutcome } from './model.ts';
import { endJob } from './service.ts';

const OUTCOMES: readonly EndOutcome[] = ['failed', 'rejected'];

/** Registers POST /jobs/:jobId on the control plane's scope (prefix /__control). */
export function registerJobControl(scope: FastifyInstance, ctx: StubContext): void {
  scope.post('/jobs/:jobId', async (request, reply) => {
    const json = (status: number, body: unknown) => reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
    const { jobId } = request.params as { jobId: string };
    const body = request.body as { outcome?: unknown } | null | undefined;
    const outcome = typeof body === 'object' && body !== null ? body.outcome : undefined;
    if (typeof outcome !== 'string' || !(OUTCOMES as readonly string[]).includes(outcome)) {
      return json(422, { error: 'invalid_request', message: `outcome must be one of ${OUTCOMES.join(', ')}` });
    }
    const ended = endJob(ctx, jobId, outcome as EndOutcome);
    if (ended === 'not_found') return json(404, { error: 'not_found', message: `no job ${jobId}` });
    const now = ctx.clock.nowMs();
    if (ended === 'terminal')
      return json(409, { error: 'job_terminal', message: `job ${jobId} has already ended; a terminal status never changes` });
    const status = statusAt(ended, now);
    return json(200, {
      jobId: ended.id,
      status,
      updatedAt: iso(updatedAt(ended, now)),
      errorCode: status === 'failed' || status === 'rejected' ? errorCodeOf(status) : null,
    });
  });
}
