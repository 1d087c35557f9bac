/**
 * Checks of Versioning (spec: Versioning rules 1-4; rules VER-*): the served OpenAPI document, its
 * route prefixes against each operation's security, and the former drawdown names in forecast reads.
 */
import { isDeepStrictEqual } from 'node:util';
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { asRecord as obj } from '../lib/guards.ts';
import { defineCheck } from './define.ts';
import { resolvePointer } from './contract.ts';
import { contract } from '../contract/index.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const API_KEY_HEADER = 'x-service-api-key';
/** Header names an x402 payment travels in (v2, and v1's X-PAYMENT). */
const PAYMENT_HEADERS = new Set(['payment-signature', 'x-payment']);

export interface ServedOperation {
  method: string;
  path: string;
  /** Security scheme names of each alternative; [] = no authentication (an empty alternative). */
  security: string[][];
}

/** The OpenAPI 3.x document shape (VER-005): an `openapi` 3.x version and a `paths` object. */
export function checkOpenApiDocument(doc: unknown, path = ''): Violation[] {
  const d = obj(doc);
  const out: Violation[] = [];
  if (!d || typeof d.openapi !== 'string' || !/^3\.\d+(\.\d+)?/.test(d.openapi))
    out.push(violation('VER-005', path + '/openapi', `not an OpenAPI 3.x document (openapi ${JSON.stringify(d?.openapi)})`));
  if (!obj(d?.paths)) out.push(violation('VER-005', path + '/paths', 'the document has no paths object'));
  return out;
}

/** Every operation of a served document with its effective security (operation level, else global). */
export function servedOperations(doc: unknown): ServedOperation[] {
  const d = obj(doc) ?? {};
  const global = Array.isArray(d.security) ? d.security : undefined;
  const ops: ServedOperation[] = [];
  for (const [path, item] of Object.entries(obj(d.paths) ?? {})) {
    for (const method of METHODS) {
      const op = obj(obj(item)?.[method]);
      if (!op) continue;
      const sec = (Array.isArray(op.security) ? op.security : (global ?? [])) as unknown[];
      ops.push({ method: method.toUpperCase(), path, security: sec.map((alt) => Object.keys(obj(alt) ?? {})) });
    }
  }
  return ops;
}

/** Scheme names of the document by role: the API-key header scheme and the x402 payment scheme. */
export function schemeRoles(doc: unknown): { apiKey: Set<string>; x402: Set<string> } {
  const schemes = obj(obj(obj(doc)?.components)?.securitySchemes) ?? {};
  const apiKey = new Set<string>();
  const x402 = new Set<string>();
  for (const [name, s] of Object.entries(schemes)) {
    const header = typeof obj(s)?.name === 'string' ? String(obj(s)!.name).toLowerCase() : '';
    if (header === API_KEY_HEADER) apiKey.add(name);
    else if (PAYMENT_HEADERS.has(header) || /x402/i.test(name)) x402.add(name);
  }
  return { apiKey, x402 };
}

/** The operations the spec names (method and path), from contract/openapi.yaml. */
const specOperations = (): { method: string; path: string }[] =>
  [...contract().operations.values()].map((o) => ({ method: o.method.toUpperCase(), path: o.path }));

const routeKey = (m: string, p: string): string => `${m.toUpperCase()} ${p.replace(/\{[^}]*\}/g, '{}')}`;

/** A version segment (v1, v2, ...) in a path outside the /api/v1 prefix: only /api/v1 is versioned (VER-004). */
const VERSION_SEGMENT = /\/v\d+(?=\/|$)/;

/**
 * Route prefixes against security (VER-001..004), for the operations the spec names (`specOps`; the
 * contract's by default): the free lookups under /api/public need nothing; the account and job routes
 * under /api/auth require the key and take no x402; what is payable by x402 is under /api/v1. A route
 * the spec does not name (a vendor's /api/auth/login, /health) is the target's own and not judged by
 * VER-001..003; any served path is judged by VER-004: no version segment outside /api/v1.
 */
export function checkRoutePrefixes(doc: unknown, specOps: readonly { method: string; path: string }[] = specOperations()): Violation[] {
  const { apiKey, x402 } = schemeRoles(doc);
  const named = new Set(specOps.map((o) => routeKey(o.method, o.path)));
  const out: Violation[] = [];
  for (const op of servedOperations(doc)) {
    if (!op.path.startsWith('/api/v1/') && VERSION_SEGMENT.test(op.path))
      out.push(
        violation(
          'VER-004',
          ptr('paths', op.path),
          `${op.method} ${op.path} carries a version segment outside /api/v1 (only /api/v1 is versioned)`,
        ),
      );
    if (!named.has(routeKey(op.method, op.path))) continue;
    const where = ptr('paths', op.path, op.method.toLowerCase(), 'security');
    const route = `${op.method} ${op.path}`;
    const free = op.security.length === 0 || op.security.some((alt) => alt.length === 0);
    const payable = op.security.some((alt) => alt.some((s) => x402.has(s)));
    const keyed = op.security.some((alt) => alt.some((s) => apiKey.has(s)));
    if (op.path.startsWith('/api/public/') && !free)
      out.push(violation('VER-001', where, `${route} is a free lookup under /api/public but requires ${JSON.stringify(op.security)}`));
    if (op.path.startsWith('/api/auth/') && (free || payable || !keyed)) {
      out.push(
        violation(
          'VER-002',
          where,
          `${route} is an account/job route: it must require the API key and take no x402 (security ${JSON.stringify(op.security)})`,
        ),
      );
    }
    if (payable && !op.path.startsWith('/api/v1/'))
      out.push(violation('VER-003', where, `${route} is payable by x402 but not under /api/v1`));
  }
  if (x402.size === 0)
    out.push(
      violation('VER-003', '/components/securitySchemes', 'no x402 security scheme found: paid routes cannot be told apart', 'warning'),
    );
  return out;
}

/**
 * How many operations of a served document each prefix rule judged (VER-001..004): a rule with none
 * (a document serving no such operation, e.g. `{}`) was not observed, never passed.
 */
export function routePrefixInstances(
  doc: unknown,
  specOps: readonly { method: string; path: string }[] = specOperations(),
): Record<'VER-001' | 'VER-002' | 'VER-003' | 'VER-004', number> {
  const { x402 } = schemeRoles(doc);
  const named = new Set(specOps.map((o) => routeKey(o.method, o.path)));
  const all = servedOperations(doc);
  const ops = all.filter((o) => named.has(routeKey(o.method, o.path)));
  return {
    'VER-001': ops.filter((o) => o.path.startsWith('/api/public/')).length,
    'VER-002': ops.filter((o) => o.path.startsWith('/api/auth/')).length,
    'VER-003': ops.filter((o) => o.security.some((alt) => alt.some((s) => x402.has(s)))).length,
    'VER-004': all.length,
  };
}

/** Every documented operation appears in the served document (VER-007); path parameter names may differ. */
export function checkDocumentedOperations(doc: unknown, documented: readonly { method: string; path: string }[]): Violation[] {
  const norm = (m: string, p: string): string => `${m.toUpperCase()} ${p.replace(/\{[^}]*\}/g, '{}')}`;
  const served = new Set(servedOperations(doc).map((o) => norm(o.method, o.path)));
  return documented
    .filter((o) => !served.has(norm(o.method, o.path)))
    .map((o) => violation('VER-007', ptr('paths', o.path), `the served contract lacks ${o.method.toUpperCase()} ${o.path}`));
}

/** The compatibility path serves the same document (VER-006). */
export function checkSameDocument(primary: unknown, compat: unknown): Violation[] {
  if (isDeepStrictEqual(primary, compat)) return [];
  const a = obj(primary) ?? {};
  const b = obj(compat) ?? {};
  const differing = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !isDeepStrictEqual(a[k], b[k]));
  return [
    violation(
      'VER-006',
      '/',
      `/api/v1/openapi.json differs from /openapi.json (top-level keys: ${differing.join(', ') || 'whole document'})`,
    ),
  ];
}

/**
 * Every object carrying drawdown_risk_72h also carries the former name crash_risk with the same
 * value (VER-013). Returns the violations and how many objects were compared.
 */
export function checkCrashRiskAlias(body: unknown): { violations: Violation[]; compared: number } {
  const out: Violation[] = [];
  let compared = 0;
  const walk = (v: unknown, path: string): void => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, path + ptr(i)));
    const o = obj(v);
    if (!o) return;
    if ('drawdown_risk_72h' in o) {
      compared++;
      if (!('crash_risk' in o))
        out.push(violation('VER-013', path + '/crash_risk', 'the former name crash_risk is missing beside drawdown_risk_72h'));
      else if (!isDeepStrictEqual(o.crash_risk, o.drawdown_risk_72h)) {
        out.push(
          violation(
            'VER-013',
            path + '/crash_risk',
            `crash_risk ${JSON.stringify(o.crash_risk)} differs from drawdown_risk_72h ${JSON.stringify(o.drawdown_risk_72h)}`,
          ),
        );
      }
    }
    for (const [k, x] of Object.entries(o)) if (k !== 'relationships') walk(x, path + ptr(k));
  };
  walk(body, '');
  return { violations: out, compared };
}

/** A figure the spec gives an input of an operation (a bound or default), as a served document would declare it. */
export interface SpecFigure {
  method: string;
  /** The operation's path as the contract writes it (`{name}` templates). */
  path: string;
  in: 'query' | 'path' | 'header' | 'body';
  /** The parameter's name, or the body field's. */
  name: string;
  keyword: 'minimum' | 'maximum' | 'minLength' | 'maxLength' | 'minItems' | 'maxItems' | 'default';
  value: unknown;
}

type DocNode = Record<string, unknown>;

/** Follows local `$ref`s of `doc` (chained ones too, at most 16); undefined when a reference dangles or is remote. */
function resolve(doc: unknown, node: unknown): DocNode | undefined {
  let cur = node;
  for (let hops = 0; obj(cur) && typeof obj(cur)!.$ref === 'string' && hops < 16; hops++) cur = resolvePointer(doc, String(obj(cur)!.$ref));
  return obj(cur);
}

/** `/api/v1/markets/{slug}/signals` with path parameters normalised to `{}`. */
const pathKey = (path: string): string => path.replace(/\{[^}]*\}/g, '{}');

/** The schema a served document gives one input of an operation (undefined: the operation or the input is not served so). */
function servedSchema(served: unknown, f: SpecFigure): { schema: DocNode; pointer: string } | undefined {
  const paths = obj(obj(served)?.paths) ?? {};
  const path = Object.keys(paths).find((p) => pathKey(p) === pathKey(f.path));
  const method = f.method.toLowerCase();
  const op = path === undefined ? undefined : resolve(served, resolve(served, paths[path])?.[method]);
  if (!op || path === undefined) return undefined;
  const at = `/paths${ptr(path, method)}`;
  if (f.in === 'body') {
    const body = resolve(served, op.requestBody);
    const media = resolve(served, obj(body?.content)?.['application/json']);
    const schema = resolve(served, media?.schema);
    const field = resolve(served, obj(schema?.properties)?.[f.name]);
    return field ? { schema: field, pointer: `${at}/requestBody/content/application~1json/schema/properties${ptr(f.name)}` } : undefined;
  }
  const params = Array.isArray(op.parameters) ? op.parameters : [];
  const i = params.findIndex((p) => resolve(served, p)?.name === f.name && resolve(served, p)?.in === f.in);
  const schema = i < 0 ? undefined : resolve(served, resolve(served, params[i])?.schema);
  return schema ? { schema, pointer: `${at}/parameters/${i}/schema` } : undefined;
}

/** The spec's figures a served document declares too (each judged by checkServedFigures). */
export const servedFigureCount = (served: unknown, figures: readonly SpecFigure[]): number =>
  figures.filter((f) => servedSchema(served, f)?.schema[f.keyword] !== undefined).length;

/**
 * Whether a served figure states the spec's: equal values, or the same set of list members however the
 * document writes the list (the spec's "default both" of a comma-separated subset is [article, x_post] in our
 * contract, and "article,x_post" or ["x_post", "article"] in a served one: one default, several spellings).
 */
function sameFigure(got: unknown, want: unknown): boolean {
  if (isDeepStrictEqual(got, want)) return true;
  if (!Array.isArray(want) && !Array.isArray(got)) return false;
  const members = (v: unknown): string | undefined =>
    Array.isArray(v)
      ? [...new Set(v.map(String))].sort().join()
      : typeof v === 'string'
        ? [...new Set(v.split(',').map((x) => x.trim()))].sort().join()
        : undefined;
  return members(got) !== undefined && members(got) === members(want);
}

/**
 * VER-019 (spec: Versioning rule 2; the parameter tables): every bound or default the served document
 * declares for a documented input whose figure the spec gives (`figures`, from the contract's PARAM
 * rules that are not gaps) equals the spec's figure. An input, operation or keyword the document does
 * not declare is not judged; an input served under another name (a gap's choice) is not found.
 */
export function checkServedFigures(served: unknown, figures: readonly SpecFigure[]): Violation[] {
  const out: Violation[] = [];
  for (const f of figures) {
    const found = servedSchema(served, f);
    const got = found?.schema[f.keyword];
    if (got === undefined || sameFigure(got, f.value)) continue;
    out.push(
      violation(
        'VER-019',
        `${found!.pointer}/${f.keyword}`,
        `the served contract declares ${f.method} ${f.path} ${f.in} ${f.name} ${f.keyword} ${JSON.stringify(got)}; the spec gives ${JSON.stringify(f.value)}`,
      ),
    );
  }
  return out;
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The versioning checks, by name (the name of the function each wraps). */
export const VERSIONING_CHECKS = {
  checkOpenApiDocument: defineCheck('checkOpenApiDocument', ['VER-005'], checkOpenApiDocument),
  checkRoutePrefixes: defineCheck('checkRoutePrefixes', ['VER-001', 'VER-002', 'VER-003', 'VER-004'], checkRoutePrefixes),
  checkDocumentedOperations: defineCheck('checkDocumentedOperations', ['VER-007'], checkDocumentedOperations),
  checkSameDocument: defineCheck('checkSameDocument', ['VER-006'], checkSameDocument),
  checkCrashRiskAlias: defineCheck('checkCrashRiskAlias', ['VER-013'], checkCrashRiskAlias),
  checkServedFigures: defineCheck('checkServedFigures', ['VER-019'], checkServedFigures, undefined, {
    'VER-019': {
      what: 'a bound or default the served contract declares for an input whose figure the spec gives',
      count: ([served, figures]) => servedFigureCount(served, figures),
    },
  }),
};
