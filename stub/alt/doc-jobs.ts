/**
 * The alternate stub's document edits for the forecast jobs (stub/alt/document.ts): the idempotency
 * key's header name (gap JOB-035), the generation's success statuses and body (gap JOB-034) and the
 * job read's Retry-After form (gap JOB-018), each guarded by its own flip.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { alt } from '../variant.ts';
import type { DocumentEdit } from './document.ts';

type Node = Record<string, unknown>;

/** The operation object at `path` and `method` of the document (undefined when absent). */
const operation = (doc: OpenAPIV3_1.Document, path: string, method: 'get' | 'post'): Node | undefined =>
  doc.paths?.[path]?.[method] as Node | undefined;

/** The job itself answers a generation (ForecastRequest), 201 for a new job and 200 for a replay. */
function successStatuses(doc: OpenAPIV3_1.Document): void {
  const responses = operation(doc, '/api/auth/forecast-requests', 'post')?.responses as Node | undefined;
  if (!responses) return;
  const job = { $ref: '#/components/schemas/ForecastRequest' };
  const answer = (what: string) => ({
    description: what,
    headers: { Location: { description: 'The job read of the new job.', schema: { type: 'string' } } },
    content: { 'application/json': { schema: job } },
  });
  delete responses['202'];
  delete responses['2XX'];
  responses['201'] = answer('A new job was created: the job as its status view shows it.');
  responses['200'] = answer('A replay of the same idempotency key and body: the existing job.');
}

/** The idempotency key travels in X-Idempotency-Key, which availability's generation object also names. */
function idempotencyHeader(doc: OpenAPIV3_1.Document): void {
  const params = (operation(doc, '/api/auth/forecast-requests', 'post')?.parameters ?? []) as Node[];
  for (const p of params) if (p.in === 'header' && p.name === 'Idempotency-Key') p.name = 'X-Idempotency-Key';
  const generation = doc.components?.schemas?.AvailabilityGeneration as Node | undefined;
  const props = generation?.properties as Node | undefined;
  if (props) props.idempotencyKeyHeader = { type: 'string', description: 'The header that carries the idempotency key.' };
}

/** Retry-After of a pending job read is an HTTP-date. */
function retryAfterDate(doc: OpenAPIV3_1.Document): void {
  const header = doc.components?.headers?.JobRetryAfter as Node | undefined;
  if (header) header.schema = { type: 'string', description: 'An HTTP-date: the instant of the next scheduled transition.' };
}

/** The edits of this area, each applied only when its flip is served. */
export const jobsEdits: DocumentEdit = (doc) => {
  if (alt('JOB-034')) successStatuses(doc);
  if (alt('JOB-035')) idempotencyHeader(doc);
  if (alt('JOB-018')) retryAfterDate(doc);
};
