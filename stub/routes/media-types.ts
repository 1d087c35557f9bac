/**
 * Bodies under another media type than application/json (gap ERR-015). "Bodies are JSON" (spec:
 * Endpoints), and an invalid body answers 422 invalid_request (Errors): the stub reads only
 * application/json bodies, so JSON sent as text/plain is an invalid body (422). The alternate stub
 * reads a text/plain body as JSON (a body that does not parse is still 422).
 */
import type { FastifyInstance } from 'fastify';
import { alt } from '../variant.ts';

/** Registers the alternate stub's lenient text/plain parser (nothing on the stub). */
export function registerMediaTypes(app: FastifyInstance): void {
  if (!alt('ERR-015')) return;
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(String(body)) as unknown);
    } catch {
      done(Object.assign(new Error('the body is not JSON'), { statusCode: 400 }), undefined);
    }
  });
}
