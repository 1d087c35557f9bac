/**
 * The alternate stub's parameter check before credentials (gap AUTH-020). The spec does not say whether
 * a paid route checks a request's parameters and body (422) before or after it asks for credentials
 * (401/402). The reference stub asks first; the alternate stub checks a request that carries neither an
 * API key nor a payment against the parameters and request body of the document it serves (stub/alt:
 * the contract with its own names written in; the same bounds its handlers enforce), so an invalid one
 * answers 422 invalid_request before any challenge (header parameters, the idempotency key, under the
 * names it serves).
 * Nobody is named by such a request, so nothing is debited or settled. A request with credentials takes
 * the reference path (admission, then the handler's own checks), so keyed answers do not change.
 */
import type { FastifyRequest } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { contract } from '../../contract/index.ts';
import { invalidRequest } from '../errors.ts';
import { servedDocument } from '../alt/document.ts';
import { resolvePointer } from '../../checks/contract.ts';

type Where = 'query' | 'path' | 'header';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const SERVED = 'served';

/** The served document and one ajv instance holding it, built on first use. */
let served: { doc: OpenAPIV3_1.Document; ajv: Ajv2020 } | undefined;
function servedOnce(): { doc: OpenAPIV3_1.Document; ajv: Ajv2020 } {
  if (!served) {
    const doc = servedDocument(contract().doc);
    const ajv = new Ajv2020({ strict: false, validateFormats: true });
    addFormats(ajv);
    ajv.addSchema(structuredClone(doc) as object, SERVED);
    served = { doc, ajv };
  }
  return served;
}

/** Resolves a local `$ref` of the served document (one level or chained; checks/contract.ts resolvePointer). */
function deref<T>(doc: OpenAPIV3_1.Document, node: T | OpenAPIV3_1.ReferenceObject): T {
  let cur: unknown = node;
  while (cur && typeof cur === 'object' && '$ref' in cur && typeof cur.$ref === 'string') cur = resolvePointer(doc, cur.$ref);
  return cur as T;
}

/** One parameter's check: where it is read, how its text becomes a JSON value, and its schema's validator. */
interface ParamCheck {
  name: string;
  in: Where;
  required: boolean;
  /** The JSON type its text is read as ('array' for a list); undefined: kept as text. */
  type: string | undefined;
  itemType: string | undefined;
  /** A list given as one comma-separated value (explode: false) rather than repeated. */
  csv: boolean;
  validate: ValidateFunction;
}

/** What one operation's requests are checked against. */
interface RequestChecks {
  params: ParamCheck[];
  body?: { required: boolean; validate: ValidateFunction };
}

const escape = (t: string): string => t.replace(/~/g, '~0').replace(/\//g, '~1');

/** The first JSON type a schema names besides null (undefined when it names none). */
function typeOf(schema: OpenAPIV3_1.SchemaObject | undefined): string | undefined {
  const t = schema?.type;
  return (Array.isArray(t) ? t.find((x) => x !== 'null') : t) as string | undefined;
}

/** A parameter's text as the JSON value its schema types (a text that does not read as one stays text, and fails). */
function read(text: string, type: string | undefined): unknown {
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

function checksOf(operationId: string): RequestChecks {
  const { doc, ajv } = servedOnce();
  const { path, method } = contract().operation(operationId);
  const spec = (doc.paths?.[path] as Record<string, OpenAPIV3_1.OperationObject> | undefined)?.[method];
  if (!spec) return { params: [] };
  const validatorAt = (pointer: string): ValidateFunction => ajv.compile({ $ref: `${SERVED}#${pointer}` });
  const base = `/paths/${escape(path)}/${method}`;
  const params: ParamCheck[] = [];
  (spec.parameters ?? []).forEach((p, i) => {
    const param = deref<OpenAPIV3_1.ParameterObject>(doc, p);
    if (!['query', 'path', 'header'].includes(param.in) || !param.schema) return;
    // A parameter given by $ref lives under components/parameters; compile from where its schema is.
    const at = '$ref' in p ? `${p.$ref.slice(1)}/schema` : `${base}/parameters/${i}/schema`;
    const schema = deref<OpenAPIV3_1.SchemaObject>(doc, param.schema);
    const type = typeOf(schema);
    params.push({
      // Node hands header names lower-cased.
      name: param.in === 'header' ? param.name.toLowerCase() : param.name,
      in: param.in as Where,
      required: Boolean(param.required),
      type,
      itemType:
        type === 'array' ? typeOf(deref<OpenAPIV3_1.SchemaObject>(doc, (schema as OpenAPIV3_1.ArraySchemaObject).items)) : undefined,
      csv: type === 'array' && param.explode === false,
      validate: validatorAt(at),
    });
  });
  const raw = spec.requestBody;
  const body = raw ? deref<OpenAPIV3_1.RequestBodyObject>(doc, raw) : undefined;
  if (!body?.content?.['application/json']?.schema) return { params };
  const at = `${raw && '$ref' in raw ? raw.$ref.slice(1) : `${base}/requestBody`}/content/application~1json/schema`;
  return { params, body: { required: Boolean(body.required), validate: validatorAt(at) } };
}

/** The first schema error of a part, as the 422's message names it. */
function problem(name: string, validate: ValidateFunction): string {
  const e = validate.errors?.[0];
  return `${name}${e?.instancePath ?? ''} ${e?.message ?? 'is invalid'}`;
}

/** The value of one parameter as sent: text, or a list of texts (a repeated or comma-separated list). */
function valueOf(check: ParamCheck, request: FastifyRequest): unknown {
  const source = (check.in === 'query' ? request.query : check.in === 'path' ? request.params : request.headers) as Record<
    string,
    string | string[] | undefined
  >;
  const raw = source?.[check.name];
  if (raw === undefined) return undefined;
  if (check.type === 'array') {
    const texts = Array.isArray(raw) ? raw : check.csv ? raw.split(',') : [raw];
    return texts.map((t) => read(t, check.itemType));
  }
  // A single-valued parameter given twice is invalid whatever its values (as stub/params.ts answers it).
  if (Array.isArray(raw)) return raw;
  return read(raw, check.type);
}

/**
 * The check of `operationId`'s requests: throws the 422 of the first part that breaks the contract.
 * @throws ApiError 422 invalid_request naming the parameter or body member
 */
export function requestCheck(operationId: string): (request: FastifyRequest) => void {
  let checks: RequestChecks | undefined;
  return (request) => {
    checks ??= checksOf(operationId);
    for (const check of checks.params) {
      const value = valueOf(check, request);
      if (value === undefined) {
        if (check.required) throw invalidRequest(`${check.name} is required`);
        continue;
      }
      if (!check.validate(value)) throw invalidRequest(problem(check.name, check.validate));
    }
    if (!checks.body) return;
    const body = request.body as { __unsupportedMediaType?: boolean } | undefined | null;
    if (body && typeof body === 'object' && body.__unsupportedMediaType) throw invalidRequest('request body must be application/json');
    if (body === undefined || body === null) {
      if (checks.body.required) throw invalidRequest('a JSON request body is required');
      return;
    }
    if (!checks.body.validate(body)) throw invalidRequest(problem('body', checks.body.validate));
  };
}

/** Whether a request names a principal: an API key or an x402 payment (Authentication rules 2 and 5). */
export const carriesCredentials = (headers: FastifyRequest['headers']): boolean =>
  headers['x-service-api-key'] !== undefined || headers['payment-signature'] !== undefined;
