/**
 * The target's own machine-readable contract (spec: Versioning rule 2, served at /openapi.json) and
 * what it says of the inputs whose very names the spec does not show (issue 18). Our contract marks
 * such an input as a choice: `x-fc-choice` on the parameter, `$comment: gap:name` on the parameter's
 * schema, or `$comment: gap:name` on a request-body schema (then every field of that body is named by
 * choice). A target may name such an input otherwise and say so in the document it serves; the
 * harness then sends the target's name, matched by what the spec does show of the input (where it
 * goes, whether it is required, its type, bounds, pattern, values and default), never by its name.
 * A target that serves no document, or one whose inputs do not match one to one, keeps our names.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { CHOICE_MARK, contract } from '../../contract/index.ts';
import type { Params, TargetClient } from './client.ts';

type Node = Record<string, unknown>;
type Doc = OpenAPIV3_1.Document;

const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Resolves local `$ref`s of `doc` (chained ones too); undefined when a reference dangles. */
function deref(doc: unknown, node: unknown): Node | undefined {
  let cur = node;
  for (let hops = 0; isNode(cur) && typeof cur.$ref === 'string' && hops < 16; hops++) {
    const ref = cur.$ref;
    if (!ref.startsWith('#/')) return undefined;
    cur = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((acc, tok) => (isNode(acc) ? acc[tok.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
  }
  return isNode(cur) ? cur : undefined;
}

/** One input of an operation: a query/path/header parameter or a JSON body field. */
interface Input {
  in: string;
  name: string;
  /** What the spec may show of it: requiredness, type, bounds, pattern, values, default. */
  signature: string;
  /** Our contract names it by choice. */
  chosen: boolean;
}

const SIGNATURE_KEYS = [
  'type',
  'format',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
  'enum',
  'const',
  'default',
];

function signature(doc: unknown, schema: unknown, required: boolean): string {
  const s = deref(doc, schema) ?? {};
  const items = deref(doc, s.items);
  const parts: unknown[] = [required, ...SIGNATURE_KEYS.map((k) => s[k])];
  if (items) parts.push(...SIGNATURE_KEYS.map((k) => items[k]));
  return JSON.stringify(parts);
}

const isGapName = (schema: Node | undefined): boolean => schema?.$comment === 'gap:name';

/** The inputs of one operation object of `doc` (ours or a served one). */
function inputsOf(doc: unknown, op: Node | undefined): Input[] {
  if (!op) return [];
  const out: Input[] = [];
  for (const raw of Array.isArray(op.parameters) ? op.parameters : []) {
    const p = deref(doc, raw);
    if (!p || typeof p.name !== 'string') continue;
    const schema = deref(doc, p.schema);
    out.push({
      in: String(p.in ?? 'query'),
      name: p.name,
      signature: signature(doc, p.schema, p.required === true),
      chosen: typeof p[CHOICE_MARK] === 'string' || isGapName(schema),
    });
  }
  const requestBody = deref(doc, op.requestBody);
  const media = requestBody && isNode(requestBody.content) ? deref(doc, requestBody.content['application/json']) : undefined;
  const schema = deref(doc, media?.schema);
  if (schema && isNode(schema.properties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    for (const [name, field] of Object.entries(schema.properties))
      out.push({
        in: 'body',
        name,
        signature: signature(doc, field, required.has(name)),
        chosen: isGapName(schema) || typeof schema[CHOICE_MARK] === 'string' || isGapName(deref(doc, field)),
      });
  }
  return out;
}

/** The operation object at `path` and `method` of a document. */
function operationAt(doc: unknown, path: string, method: string): Node | undefined {
  const item = isNode(doc) && isNode(doc.paths) ? deref(doc, doc.paths[path]) : undefined;
  return item ? deref(doc, item[method.toLowerCase()]) : undefined;
}

/**
 * Our names of `operationId`'s chosen inputs mapped to the target's names, from the target's served
 * document: an input the target serves under our name with the same signature keeps it; else the
 * one input of the target's, at the same place and with the same signature, that bears no name of
 * ours. Inputs without such a match are left out (sent under our name).
 */
export function renamedInputs(served: unknown, operationId: string): Map<string, string> {
  const op = contract().operation(operationId);
  const ours = inputsOf(contract().doc, op.spec as unknown as Node);
  const theirs = inputsOf(served, operationAt(served, op.path, op.method));
  const out = new Map<string, string>();
  if (!theirs.length) return out;
  const ourNames = new Set(ours.map((i) => `${i.in}|${i.name}`));
  for (const mine of ours.filter((i) => i.chosen)) {
    if (theirs.some((t) => t.in === mine.in && t.name === mine.name)) continue;
    const free = theirs.filter((t) => t.in === mine.in && !ourNames.has(`${t.in}|${t.name}`));
    const match = single(free.filter((t) => t.signature === mine.signature)) ?? single(free.filter((t) => hinted(mine.name, t.name)));
    if (match) out.set(`${mine.in}|${mine.name}`, match.name);
  }
  return out;
}

/** The one element of a list, else undefined. */
const single = <T>(list: readonly T[]): T | undefined => (list.length === 1 ? list[0] : undefined);

/**
 * Names other implementations give the inputs whose names the spec does not show (issue 32: three
 * independent implementations named the search text query, text and search, the wallet address,
 * wallet_address and owner): a served input bearing one of them, and no name of ours, is taken for ours
 * when its signature differs (a target may bound it otherwise).
 */
const NAME_HINTS: Readonly<Record<string, readonly string[]>> = {
  q: ['q', 'query', 'text', 'search', 'term', 'keyword', 'keywords', 'searchtext'],
  query: ['query', 'q', 'text', 'search', 'term', 'keyword', 'keywords'],
  wallet: ['wallet', 'address', 'walletaddress', 'owner', 'account', 'addr'],
  venues: ['venues', 'venue', 'venuekeys'],
  asset: ['asset', 'assetid', 'assetkey', 'key', 'ref', 'reference', 'id'],
  range_days: ['rangedays', 'days', 'range', 'lookbackdays', 'windowdays', 'sincedays'],
  limit: ['limit', 'count', 'maxresults', 'results', 'max', 'size', 'n'],
};
const bare = (name: string): string => name.toLowerCase().replace(/[_-]/g, '');
const hinted = (ours: string, theirs: string): boolean => (NAME_HINTS[ours] ?? []).includes(bare(theirs));

const served = new Map<string, Promise<Doc | undefined>>();

/**
 * The target's served /openapi.json, once per worker and target (a worker's run has one target, so
 * `target` may be left out); undefined when it serves no JSON object.
 */
export function servedContract(client: TargetClient, target = ''): Promise<Doc | undefined> {
  let doc = served.get(target);
  if (!doc) {
    doc = (async () => {
      try {
        const res = await client.withKey(undefined).get('/openapi.json');
        const body = res.status() === 200 ? ((await res.json()) as unknown) : undefined;
        return isNode(body) ? (body as unknown as Doc) : undefined;
      } catch {
        return undefined;
      }
    })();
    served.set(target, doc);
  }
  return doc;
}

/** What a request of an operation carries that a served name may change. */
export interface NamedParts {
  params?: Params | Record<string, unknown>;
  body?: unknown;
}

/** `parts` with the chosen inputs under the names in `names` (renamedInputs); other parts as they are. */
export function withServedNames<T extends NamedParts>(parts: T, names: ReadonlyMap<string, string>): T {
  if (!names.size) return parts;
  const rename = (where: string, rec: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(Object.entries(rec).map(([k, v]) => [names.get(`${where}|${k}`) ?? k, v]));
  return {
    ...parts,
    ...(parts.params ? { params: rename('query', parts.params) } : {}),
    ...(isNode(parts.body) ? { body: rename('body', parts.body) } : {}),
  };
}

/** The target's name of one of our inputs of `operationId` (`where` query, path, header or body). */
export async function servedName(client: TargetClient, target: string, operationId: string, where: string, name: string): Promise<string> {
  return renamedInputs(await servedContract(client, target), operationId).get(`${where}|${name}`) ?? name;
}

/** A request of `operationId` with its chosen inputs under the target's served names. */
export async function inServedNames<T extends NamedParts>(client: TargetClient, target: string, operationId: string, parts: T): Promise<T> {
  return withServedNames(parts, renamedInputs(await servedContract(client, target), operationId));
}

/**
 * Whether the target's served document shows every chosen input of `operationId` (under our name or
 * its own, with the same signature): then the harness knows what to send for each of them.
 */
export async function servesChosenInputs(client: TargetClient, target: string, operationId: string): Promise<boolean> {
  const served = await servedContract(client, target);
  const op = contract().operation(operationId);
  const theirs = inputsOf(served, operationAt(served, op.path, op.method));
  const renamed = renamedInputs(served, operationId);
  return inputsOf(contract().doc, op.spec as unknown as Node)
    .filter((i) => i.chosen)
    .every(
      (i) => renamed.has(`${i.in}|${i.name}`) || theirs.some((t) => t.in === i.in && t.name === i.name && t.signature === i.signature),
    );
}

/**
 * The name under which the target takes the parameter our contract calls `name` of `operationId`:
 * our name for a documented parameter (the spec shows it), else the target's served name of it, matched
 * by its signature (renamedInputs), else, more leniently, the one parameter at the same place that our
 * contract does not know (a required one when ours is required: a target may have changed its bounds
 * too, gaps MSRCH-014, ASSET-110). Our name when the target serves no contract or no such single match.
 */
export async function servedParameterName(client: TargetClient, operationId: string, name: string): Promise<string> {
  const c = contract();
  const op = c.operation(operationId);
  const ours = (op.spec.parameters ?? []).map((p) => c.deref(p) as unknown as Node & { name: string; in: string; required?: boolean });
  const mine = ours.find((p) => p.name === name);
  if (!mine || typeof mine[CHOICE_MARK] !== 'string') return name;
  const doc = await servedContract(client);
  const exact = renamedInputs(doc, operationId).get(`${mine.in}|${name}`);
  if (exact) return exact;
  const operation = operationAt(doc, op.path, op.method);
  if (!operation || !Array.isArray(operation.parameters)) return name;
  const theirs = operation.parameters.map((p) => deref(doc, p)).filter((p): p is Node => p !== undefined);
  if (theirs.some((p) => p.name === name && p.in === mine.in)) return name;
  const known = new Set(ours.map((p) => p.name));
  const other = theirs.filter((p) => p.in === mine.in && typeof p.name === 'string' && !known.has(p.name));
  const pick = mine.required ? other.filter((p) => p.required === true) : other;
  return pick.length === 1 ? String(pick[0]!.name) : name;
}

/** Values for a required input the target's served document asks for and our request lacks (by hint). */
export interface FillValues {
  /** A search text that matches something on the target (a word of a discovered market's question). */
  searchText?: string;
  /** An asset's key or id the target lists. */
  asset?: string;
}

/** A wallet address no test funds: positions of it are whatever the target holds for it. */
const PROBE_WALLET = '0xabababababababababababababababababababab';

/** A value for a required served query parameter our request lacks: its enum, default or example, else by hint. */
function fillFor(doc: unknown, p: Node, fill: FillValues): Params[string] {
  const schema = deref(doc, p.schema) ?? {};
  const items = deref(doc, schema.items);
  const enumOf = (Array.isArray(schema.enum) ? schema.enum : Array.isArray(items?.enum) ? items.enum : undefined) as unknown[] | undefined;
  const name = String(p.name);
  if (enumOf?.length) {
    const v = enumOf.includes('venue_a') ? 'venue_a' : enumOf[0];
    return schema.type === 'array' ? [String(v)] : String(v);
  }
  for (const v of [schema.default, p.example, schema.example, Array.isArray(schema.examples) ? schema.examples[0] : undefined])
    if (v !== undefined && v !== null) return Array.isArray(v) ? v.map(String) : String(v);
  if (NAME_HINTS.wallet!.includes(bare(name))) return PROBE_WALLET;
  if (NAME_HINTS.venues!.includes(bare(name))) return schema.type === 'array' ? ['venue_a'] : 'venue_a';
  if (fill.searchText && NAME_HINTS.q!.includes(bare(name))) return fill.searchText;
  if (fill.asset && NAME_HINTS.asset!.includes(bare(name))) return fill.asset;
  return undefined;
}

/**
 * A query of `operationId` as the target's served contract takes it (issue 32: the spec does not show the
 * parameters of several operations): each list value our request joins with commas goes as repeated
 * parameters where the target declares an exploded array (OpenAPI's default for a query array), and a
 * parameter the target declares required and our request lacks gets its enum, default or example, or a
 * value by its name (a wallet address, a venue key, `fill`). Names must already be the target's
 * (inServedNames). A target serving no document, or not this operation, gets the query as it is.
 */
export async function asServedQuery(
  client: TargetClient,
  target: string,
  operationId: string,
  params: Params,
  fill: FillValues = {},
): Promise<Params> {
  const doc = await servedContract(client, target);
  const op = contract().operation(operationId);
  const operation = operationAt(doc, op.path, op.method);
  if (!operation || !Array.isArray(operation.parameters)) return params;
  const out: Params = { ...params };
  for (const raw of operation.parameters) {
    const p = deref(doc, raw);
    if (!p || p.in !== 'query' || typeof p.name !== 'string') continue;
    const schema = deref(doc, p.schema) ?? {};
    const value = out[p.name];
    if (value === undefined) {
      if (p.required === true) {
        const v = fillFor(doc, p, fill);
        if (v !== undefined) out[p.name] = v;
      }
      continue;
    }
    const exploded = schema.type === 'array' && p.explode !== false && (p.style === undefined || p.style === 'form');
    if (exploded && typeof value === 'string') out[p.name] = value.split(',');
  }
  return out;
}
