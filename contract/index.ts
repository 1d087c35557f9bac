/**
 * The machine-readable contract: contract/openapi.yaml loaded once, with ajv (JSON Schema 2020-12)
 * validators compiled from its components. The stub and the suites share this one validator.
 *
 * Documented versus chosen (issue 18): a part of the document the spec does not show carries
 * `x-fc-choice: <GAP-ID>`, the gap rule it stands for: on a schema node (a component, a member, an
 * inline schema), a response (its status, headers and body), a response header, a parameter, or an
 * operation's `responses` object (the operation's status set is open: a status it does not list is a
 * choice, not a CONTRACT-001 failure). Answer validation FAILS only on documented parts: a violation
 * under a chosen node, without a documented rule of its own, is reported under that gap rule as a
 * warning (GAP "differs"). A union with a `discriminator` is judged by the alternative its
 * discriminator selects (ajv's `discriminator` option), so a violation names that alternative's rules only.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenAPIV3_1 } from 'openapi-types';
import { parseYamlFile } from '../lib/yaml-file.ts';
import { SPEC_DATE_TIME } from './date-time.ts';
import { loadRules } from './rules.ts';
import { parseFacts, type OperationFacts } from './operation-facts.ts';
import type { Violation } from '../lib/violation.ts';

export type { Violation } from '../lib/violation.ts';
export { fillTemplate, type DiscoverRecipe, type OperationFacts, type RequestTemplate, type Price } from './operation-facts.ts';

export const CONTRACT_PATH = join(dirname(fileURLToPath(import.meta.url)), 'openapi.yaml');
/** The extension marking a part of the document that the spec does not show: the value is its gap rule's ID. */
export const CHOICE_MARK = 'x-fc-choice';
const REF = 'contract';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Rules of the contract family itself (contract/rules/contract.yaml). */
export const CONTRACT_RULES = {
  statusDocumented: 'CONTRACT-001',
  contentType: 'CONTRACT-002',
  requiredHeader: 'CONTRACT-003',
  bodySchema: 'CONTRACT-004',
} as const;

/**
 * The case each contract-level rule speaks of, as a noun phrase: an answer counts as an instance of
 * CONTRACT-002..004 only when it is of that case (an all-500 target earns none of them; issue 21).
 * Every answer is an instance of CONTRACT-001 (its status is documented or not).
 */
export const CONTRACT_RULE_CASES: Readonly<Record<string, string>> = {
  [CONTRACT_RULES.contentType]: 'an answer of a documented status with a JSON body',
  [CONTRACT_RULES.requiredHeader]: 'an answer of a documented status that requires a header',
  [CONTRACT_RULES.bodySchema]: 'an answer of a documented status with a body schema',
};

/** Which contract-level cases an answer of `status` is an instance of (CONTRACT_RULE_CASES). */
export function contractCasesOf(operationId: string, status: number): Set<string> {
  const c = contract();
  const documented = c.response(operationId, status);
  const out = new Set<string>();
  if (!documented) return out;
  if (documented.res.content?.['application/json']) out.add(CONTRACT_RULES.contentType);
  if (c.validator(operationId, documented.key)) out.add(CONTRACT_RULES.bodySchema);
  const chosen = c.responseChoice(operationId, status);
  const requires = Object.values(documented.res.headers ?? {}).some((h) => {
    const header = c.deref(h) as OpenAPIV3_1.HeaderObject;
    return header.required && !chosen && !choiceOf(h) && !choiceOf(header);
  });
  if (requires) out.add(CONTRACT_RULES.requiredHeader);
  return out;
}

export interface Operation {
  operationId: string;
  method: (typeof METHODS)[number];
  path: string;
  spec: OpenAPIV3_1.OperationObject;
  /** Price, auth modes, observability, entitlement, limit scopes, spec section, baseline and discovery recipe (x-fc-* extensions). */
  facts: OperationFacts;
}

/** What the matcher observed of one HTTP answer. Header names are lower-case. */
export interface ObservedResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON body, or the raw text when it did not parse. */
  body: unknown;
  bodyText: string;
}

type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats = addFormatsModule as unknown as AddFormats;

class Contract {
  readonly doc: OpenAPIV3_1.Document;
  readonly operations = new Map<string, Operation>();
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly reach = new Map<string, Set<string>>();

  constructor(path: string) {
    this.doc = parseYamlFile(path) as OpenAPIV3_1.Document;
    // ajv validates a copy: its `discriminator` support takes no `mapping` (the branches' const tags say
    // the same), and the copy's nodes are the ones its errors point at (locations, parents, choices).
    const validated = withoutDiscriminatorMappings(structuredClone(this.doc));
    this.ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true, verbose: true, discriminator: true });
    addFormats(this.ajv);
    // The spec's date-time, not ajv-formats' laxer one (contract/date-time.ts).
    this.ajv.addFormat('date-time', SPEC_DATE_TIME);
    this.ajv.addSchema(validated as object, REF);
    indexSchemaLocations(validated.components?.schemas ?? {});
    indexParents(validated);
    for (const [path, item] of Object.entries(this.doc.paths ?? {})) {
      for (const method of METHODS) {
        const spec = item?.[method];
        if (spec?.operationId)
          this.operations.set(spec.operationId, {
            operationId: spec.operationId,
            method,
            path,
            spec,
            facts: parseFacts(spec.operationId, spec, this.doc.security),
          });
      }
    }
  }

  operation(operationId: string): Operation {
    const op = this.operations.get(operationId);
    if (!op) throw new Error(`unknown operationId ${operationId}`);
    return op;
  }

  /** The documented response for a status, honouring `4XX`-style ranges and `default`. */
  response(operationId: string, status: number): { key: string; res: OpenAPIV3_1.ResponseObject } | undefined {
    const responses = this.operation(operationId).spec.responses ?? {};
    for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
      const res = responses[key];
      if (res) return { key, res: this.deref(res) as OpenAPIV3_1.ResponseObject };
    }
    return undefined;
  }

  /** The status keys the operation documents (`200`, `4XX`, `default`; extension keys left out). */
  documentedStatuses(operationId: string): string[] {
    return Object.keys(this.operation(operationId).spec.responses ?? {}).filter((k) => !k.startsWith('x-'));
  }

  /**
   * The gap rule of an operation's open status set (`x-fc-choice` on its `responses`): a status it
   * does not list is the target's choice under that rule. Undefined when the spec shows the statuses.
   */
  statusChoice(operationId: string): string | undefined {
    return choiceOf(this.operation(operationId).spec.responses);
  }

  /** The gap rule of a documented response the spec does not show (`x-fc-choice` on the response). */
  responseChoice(operationId: string, status: number): string | undefined {
    const documented = this.response(operationId, status);
    if (!documented) return undefined;
    const raw = this.operation(operationId).spec.responses?.[documented.key];
    return choiceOf(raw) ?? choiceOf(documented.res);
  }

  /** Resolves a local `$ref` (one level or chained). */
  deref<T>(node: T | OpenAPIV3_1.ReferenceObject): T {
    let cur: unknown = node;
    while (cur && typeof cur === 'object' && '$ref' in cur && typeof cur.$ref === 'string') {
      cur = cur.$ref
        .slice(2)
        .split('/')
        .reduce<unknown>((acc, tok) => (acc as Record<string, unknown>)?.[tok.replace(/~1/g, '/').replace(/~0/g, '~')], this.doc);
    }
    return cur as T;
  }

  validator(operationId: string, key: string): ValidateFunction | undefined {
    const id = `${operationId} ${key}`;
    if (!this.validators.has(id)) {
      const op = this.operation(operationId);
      const res = this.response(operationId, Number(key))?.res;
      if (!res?.content?.['application/json']?.schema) return undefined;
      const pointer = ['paths', op.path, op.method, 'responses', key, 'content', 'application/json', 'schema']
        .map((t) => t.replace(/~/g, '~0').replace(/\//g, '~1'))
        .join('/');
      const raw = (this.doc.paths?.[op.path] as Record<string, OpenAPIV3_1.OperationObject>)[op.method]?.responses?.[key];
      // A response given by $ref lives under components/responses; compile from where the schema really is.
      const base = raw && '$ref' in raw ? `${raw.$ref.slice(1)}/content/application~1json/schema` : `/${pointer}`;
      this.validators.set(id, this.ajv.compile({ $ref: `${REF}#${base}` }));
    }
    return this.validators.get(id);
  }

  /**
   * The string values of a component schema's `enum` (e.g. `VenueKey`), in document order.
   * @throws Error when the schema is missing or has no string enum.
   */
  enumOf(name: string): readonly string[] {
    const values = (this.doc.components?.schemas?.[name] as { enum?: unknown[] } | undefined)?.enum?.filter(
      (v): v is string => typeof v === 'string',
    );
    if (!values?.length) throw new Error(`contract/openapi.yaml: components.schemas.${name} has no string enum`);
    return values;
  }

  /** Validates any value against a named component schema (`#/components/schemas/<name>`). */
  validateSchema(name: string, value: unknown, basePath = ''): Violation[] {
    const key = `schema ${name}`;
    if (!this.validators.has(key)) this.validators.set(key, this.ajv.compile({ $ref: `${REF}#/components/schemas/${name}` }));
    const v = this.validators.get(key)!;
    return v(value) ? [] : (v.errors ?? []).map((e) => toViolation(e, basePath));
  }

  /** Names of the component schemas reachable from an operation's responses (for rule attribution). */
  componentsOf(operationId: string): Set<string> {
    return this.reachable(operationId, this.operation(operationId).spec.responses);
  }

  /**
   * Names of the component schemas an answer with this status was validated against: the schema
   * rules such an answer can exercise. Empty for an undocumented status.
   */
  componentsOfStatus(operationId: string, status: number): Set<string> {
    const documented = this.response(operationId, status);
    return documented ? this.reachable(`${operationId} ${documented.key}`, documented.res) : new Set();
  }

  private reachable(cacheKey: string, root: unknown): Set<string> {
    let found = this.reach.get(cacheKey);
    if (found) return found;
    const names = new Set<string>();
    const visit = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach(visit);
      const ref = (node as { $ref?: unknown }).$ref;
      if (typeof ref === 'string') {
        const m = /^#\/components\/schemas\/([^/]+)$/.exec(ref);
        if (m && !names.has(m[1]!)) {
          names.add(m[1]!);
          visit(this.doc.components?.schemas?.[m[1]!]);
        } else if (!m) visit(this.deref(node));
        return;
      }
      Object.values(node).forEach(visit);
    };
    visit(root);
    found = names;
    this.reach.set(cacheKey, found);
    return found;
  }
}

let instance: Contract | undefined;
/** The contract, loaded and compiled once per process. */
export function contract(): Contract {
  return (instance ??= new Contract(CONTRACT_PATH));
}

/** The venue keys (components.schemas.VenueKey), in document order. */
export const venueKeys = (): readonly string[] => contract().enumOf('VenueKey');

let schemaIndex: Map<string, string> | undefined;
/** Maps `Component/properties/x` + keyword to the SCH rule that owns it. */
function schemaRuleFor(location: string, keyword: string): string | undefined {
  if (!schemaIndex) {
    schemaIndex = new Map();
    for (const r of loadRules().values()) {
      if (r.schema && !r.retired) schemaIndex.set(`${r.schema}#${r.keyword ?? 'type'}`, r.id);
    }
  }
  const direct = schemaIndex.get(`${location}#${keyword}`);
  if (direct) return direct;
  // Requiredness and type of one field share one rule: fall back to it for type/required errors.
  return schemaIndex.get(`${location}#required`) ?? schemaIndex.get(`${location}#type`);
}

/**
 * Where each schema node of the components lives (`Component/properties/x`). ajv's `schemaPath` is
 * relative to whichever $ref it compiled separately, so errors are attributed through the node
 * itself (`parentSchema`, with ajv's `verbose`) instead.
 */
const locations = new WeakMap<object, string>();
function indexSchemaLocations(schemas: Record<string, unknown>): void {
  const walk = (node: unknown, loc: string): void => {
    if (!node || typeof node !== 'object') return;
    if (!locations.has(node)) locations.set(node, loc);
    for (const [k, v] of Object.entries(node)) walk(v, `${loc}/${k}`);
  };
  for (const [name, schema] of Object.entries(schemas)) walk(schema, name);
}

/** The `x-fc-choice` gap ID a node carries, if any. */
function choiceOf(node: unknown): string | undefined {
  const v = node && typeof node === 'object' ? (node as Record<string, unknown>)[CHOICE_MARK] : undefined;
  return typeof v === 'string' ? v : undefined;
}

/** Every object node of the validated document and the object it sits in (structure only; `$ref` is not followed). */
const parents = new WeakMap<object, object>();
function indexParents(root: object): void {
  const walk = (node: object): void => {
    for (const child of Object.values(node)) {
      if (child && typeof child === 'object' && !parents.has(child)) {
        parents.set(child, node);
        walk(child);
      }
    }
  };
  walk(root);
}

/**
 * The gap rule of the nearest chosen node at or above `node` (`x-fc-choice`), stopping at an operation's
 * `responses` object, whose mark opens only the status set. Undefined when every node up is documented.
 */
export function nearestChoice(node: object | undefined): string | undefined {
  for (let cur = node; cur; cur = parents.get(cur)) {
    const above = parents.get(cur);
    // `responses: {x-fc-choice}` speaks of statuses, not of the bodies of the responses it lists.
    const isResponses = above !== undefined && (above as Record<string, unknown>).responses === cur;
    if (!isResponses) {
      const id = choiceOf(cur);
      if (id) return id;
    }
  }
  return undefined;
}

/** The copy's discriminators without `mapping` (ajv rejects it; each branch's const tag says the same). */
function withoutDiscriminatorMappings<T>(doc: T): T {
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const d = (node as { discriminator?: { mapping?: unknown } }).discriminator;
    if (d && typeof d === 'object') delete d.mapping;
    Object.values(node).forEach(walk);
  };
  walk(doc);
  return doc;
}

/**
 * Converts one ajv error into a violation, attributed to the most specific schema rule: a documented
 * rule of its location first; else the gap rule of the nearest chosen node above it (a warning: the
 * target made another choice where the spec is silent); else CONTRACT-004.
 */
function toViolation(e: ErrorObject, basePath: string): Violation {
  const parent = e.parentSchema as object | undefined;
  let loc =
    (parent && locations.get(parent)) ?? e.schemaPath.replace(/^.*#\/components\/schemas\//, '').replace(new RegExp(`/${e.keyword}$`), '');
  let path = basePath + e.instancePath;
  let node = parent;
  let keyword = e.keyword;
  // A discriminator tag that selects no alternative breaks the union itself (its oneOf rule), not a member.
  if (keyword === 'discriminator') {
    loc = `${loc}/oneOf`;
    keyword = 'oneOf';
  }
  if (e.keyword === 'required') {
    const prop = (e.params as { missingProperty: string }).missingProperty;
    loc = `${loc}/properties/${prop}`;
    path = `${path}/${prop}`;
    const member = (parent as { properties?: Record<string, object> } | undefined)?.properties?.[prop];
    if (member) node = member;
  }
  const own = schemaRuleFor(loc, keyword);
  const ruleId = (own && loadRules().get(own)?.kind === 'rule' ? own : (nearestChoice(node) ?? own)) ?? CONTRACT_RULES.bodySchema;
  // Suites never fail a target over a gap: a gap rule's violation is reported as a warning.
  const severity = loadRules().get(ruleId)?.kind === 'gap' ? 'warning' : 'error';
  const detail = e.keyword === 'enum' ? ` (${JSON.stringify((e.params as { allowedValues: unknown }).allowedValues)})` : '';
  return { ruleId, severity, path: path || '/', message: `${e.message ?? e.keyword}${detail} [schema ${loc}]` };
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** Whether a schema node is the `{type: 'null'}` branch of a nullable union. */
const isNullBranch = (node: unknown): boolean => (node as { type?: unknown } | undefined)?.type === 'null';

/**
 * The errors of a value that breaks the object branch of a nullable union (`anyOf: [X, {type: 'null'}]`): X's own
 * errors name the member and its rule (SCH-024 for 51 refs), so the null branch's "must be null" and the union's
 * "must match a schema in anyOf" are dropped when X's errors are there (issue 32: a bad market in an availability
 * answer read as CONTRACT-004 "must be null").
 */
function withoutNullBranchNoise(errors: readonly ErrorObject[]): ErrorObject[] {
  const isNullable = (e: ErrorObject) =>
    e.keyword === 'anyOf' && ((e.parentSchema as { anyOf?: unknown[] } | undefined)?.anyOf ?? []).some(isNullBranch);
  const isNullComplaint = (e: ErrorObject) =>
    e.keyword === 'type' && isNullBranch(e.parentSchema) && /\/anyOf\/\d+\/type$/.test(e.schemaPath);
  // The object branch's own errors sit at the union's value or below it (a $ref'd branch reports its own schema path).
  const explained = (at: string) =>
    errors.some((e) => !isNullable(e) && !isNullComplaint(e) && (e.instancePath === at || e.instancePath.startsWith(`${at}/`)));
  return errors.filter((e) => !((isNullable(e) || isNullComplaint(e)) && explained(e.instancePath)));
}

/** A violation of a chosen part re-attributed to the part's gap rule: a warning, never a failure. */
const asChoice = (v: Violation, gapId: string): Violation =>
  v.ruleId === gapId
    ? v
    : {
        ...v,
        ruleId: gapId,
        severity: 'warning',
        message: `${v.message}; differs from the stub's choice (${v.ruleId} does not apply: gap ${gapId})`,
      };

/**
 * The statuses the spec's Errors table names (spec: Errors, table 2). Which of them an operation answers is
 * not shown beyond its own text (gap ERR-012: the complete list per endpoint), so one of these, or a 2xx, that
 * the stub's document does not list for an operation is the target's choice (a warning under ERR-012); a status
 * outside the table (400, 405, 500, ...) is undocumented (CONTRACT-001).
 */
const ERRORS_TABLE_STATUSES = new Set([401, 402, 403, 404, 409, 422, 429, 502, 503]);
/** The gap rule of an operation's error statuses beyond those its text shows. */
const PER_ENDPOINT_CODES_GAP = 'ERR-012';

/**
 * Checks one observed answer against the operation: status documented, content-type, required
 * headers and body schema. Returns every violation (rules CONTRACT-001..004 and the SCH family).
 */
export function validateResponse(operationId: string, observed: ObservedResponse): Violation[] {
  const c = contract();
  const out: Violation[] = [];
  const documented = c.response(operationId, observed.status);
  if (!documented) {
    const known = c.documentedStatuses(operationId).join(', ');
    const inTable = ERRORS_TABLE_STATUSES.has(observed.status) || (observed.status >= 200 && observed.status < 300);
    const open = c.statusChoice(operationId) ?? (inTable ? PER_ENDPOINT_CODES_GAP : undefined);
    out.push(
      open
        ? {
            ruleId: open,
            severity: 'warning',
            path: 'status',
            message: `status ${observed.status} differs from the stub's choice for ${operationId} (the spec does not show its statuses; the stub answers ${known})`,
          }
        : {
            ruleId: CONTRACT_RULES.statusDocumented,
            severity: 'error',
            path: 'status',
            message: `status ${observed.status} is not documented for ${operationId} (documented: ${known})`,
          },
    );
    return out;
  }
  const { key, res } = documented;
  const wantsJson = Boolean(res.content?.['application/json']);
  const ctype = observed.headers['content-type'] ?? '';
  if (wantsJson && !JSON_TYPE.test(ctype)) {
    out.push({
      ruleId: CONTRACT_RULES.contentType,
      severity: 'error',
      path: 'header:content-type',
      message: `expected a JSON content-type, got ${JSON.stringify(ctype)}`,
    });
  }
  const chosenResponse = c.responseChoice(operationId, observed.status);
  for (const [name, h] of Object.entries(res.headers ?? {})) {
    const header = c.deref(h) as OpenAPIV3_1.HeaderObject;
    if (header.required && observed.headers[name.toLowerCase()] === undefined) {
      // A header the spec does not require (a chosen header, or one of a chosen response) is the target's choice.
      const gap = choiceOf(h) ?? choiceOf(header) ?? chosenResponse;
      out.push({
        ruleId: gap ?? CONTRACT_RULES.requiredHeader,
        severity: gap ? 'warning' : 'error',
        path: `header:${name}`,
        message: gap
          ? `header ${name} is absent on ${observed.status}: it differs from the stub's choice (the spec does not require it)`
          : `required header ${name} is missing on ${observed.status}`,
      });
    }
  }
  const validate = c.validator(operationId, key);
  if (validate) {
    if (typeof observed.body === 'string' && JSON_TYPE.test(ctype) === false && wantsJson) {
      out.push({ ruleId: CONTRACT_RULES.bodySchema, severity: 'error', path: '/', message: 'body is not JSON' });
    } else if (!validate(observed.body)) {
      const found = withoutNullBranchNoise(validate.errors ?? []).map((e) => toViolation(e, ''));
      // The body of a response the spec does not show is the target's choice as a whole, documented members included.
      out.push(...(chosenResponse ? found.map((v) => asChoice(v, chosenResponse)) : found));
    }
  }
  return out;
}
