/**
 * Methods the contract does not serve on a path it serves (gap ERR-016). The stub answers them as an
 * unknown route (the server's 404 not_found); the alternate stub answers 405 method_not_allowed in the
 * error envelope, with an Allow header naming the methods the path serves.
 */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract/index.ts';
import { alt } from '../variant.ts';
import { ApiError } from '../errors.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Registers the 405 answers of the alternate stub (nothing on the stub). */
export function registerOtherMethods(app: FastifyInstance): void {
  if (!alt('ERR-016')) return;
  const served = new Map<string, Set<string>>();
  for (const op of contract().operations.values()) {
    const set = served.get(op.path) ?? new Set<string>();
    set.add(op.method.toUpperCase());
    served.set(op.path, set);
  }
  for (const [path, methods] of served) {
    const allow = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].join(', ');
    const others = METHODS.filter((m) => !methods.has(m));
    if (!others.length) continue;
    app.route({
      method: others,
      url: path.replace(/\{([^}]+)\}/g, ':$1'),
      handler: async (request, reply) => {
        const err = new ApiError(405, 'method_not_allowed', `${request.method} is not served on ${path}; allowed: ${allow}`);
        return reply.code(405).header('Allow', allow).type('application/json; charset=utf-8').send(err.envelope());
      },
    });
  }
}
