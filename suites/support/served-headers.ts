/**
 * Request header names the spec does not show (issue 18), such as the generation's idempotency key
 * ("Header name of the idempotency key: not shown", gap JOB-035). Our contract marks such a header
 * parameter `x-fc-choice`; a target may name it otherwise. The harness sends the target's name, learnt
 * from what the target says: first its served /openapi.json (spec: Versioning rule 2), where the one
 * header parameter of the same operation with the same requiredness that bears no name of ours is
 * that header; else a hint its answers gave (recordHeaderHint: availability's generation object naming
 * the idempotency key's header). Without either, our name is sent.
 */
import { CHOICE_MARK, contract } from '../../contract/index.ts';
import type { TargetClient } from './client.ts';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A header parameter: its name and whether it is required. */
interface HeaderParam {
  name: string;
  required: boolean;
  chosen: boolean;
}

/** Resolves local `$ref`s of `doc` (chained ones too); undefined when a reference dangles. */
function deref(doc: unknown, node: unknown): Node | undefined {
  let cur = node;
  for (let hops = 0; isNode(cur) && typeof cur.$ref === 'string' && hops < 16; hops++) {
    if (!cur.$ref.startsWith('#/')) return undefined;
    cur = cur.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((acc, tok) => (isNode(acc) ? acc[tok.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
  }
  return isNode(cur) ? cur : undefined;
}

/** The header parameters of the operation at `path` and `method` of a document (ours or a served one). */
function headerParams(doc: unknown, path: string, method: string): HeaderParam[] {
  const item = isNode(doc) && isNode(doc.paths) ? deref(doc, doc.paths[path]) : undefined;
  const op = item ? deref(doc, item[method]) : undefined;
  const params = op && Array.isArray(op.parameters) ? op.parameters : [];
  return params
    .map((raw) => deref(doc, raw))
    .filter((p): p is Node => p?.in === 'header' && typeof p.name === 'string')
    .map((p) => ({ name: String(p.name), required: p.required === true, chosen: typeof p[CHOICE_MARK] === 'string' }));
}

let served: Promise<unknown> | undefined;

/** The target's served /openapi.json, once per worker (a worker judges one target); undefined when it serves none. */
function servedDocument(client: TargetClient): Promise<unknown> {
  return (served ??= (async () => {
    try {
      const res = await client.withKey(undefined).get('/openapi.json');
      return res.status() === 200 ? ((await res.json()) as unknown) : undefined;
    } catch {
      return undefined;
    }
  })());
}

/** Header names the target's answers revealed, `operationId|our lower-case name` → the target's name. */
const hints = new Map<string, string>();

/**
 * Records that the target's answers name `theirs` for our chosen header `ours` of `operationId` (e.g. a
 * generation object's idempotency-key header). Used when the served document does not say.
 */
export function recordHeaderHint(operationId: string, ours: string, theirs: string): void {
  if (/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(theirs)) hints.set(`${operationId}|${ours.toLowerCase()}`, theirs);
}

/**
 * The target's name of our chosen header `ours` of `operationId`: from the served document, else a
 * recorded hint, else `ours`. A header our contract does not mark as a choice keeps its name.
 */
export async function targetHeaderName(client: TargetClient, operationId: string, ours: string): Promise<string> {
  const op = contract().operation(operationId);
  const mine = headerParams(contract().doc, op.path, op.method).find((h) => h.name.toLowerCase() === ours.toLowerCase());
  if (!mine?.chosen) return ours;
  const theirs = headerParams(await servedDocument(client), op.path, op.method);
  if (theirs.some((h) => h.name.toLowerCase() === ours.toLowerCase())) return ours;
  const ourNames = new Set(headerParams(contract().doc, op.path, op.method).map((h) => h.name.toLowerCase()));
  const candidates = theirs.filter((h) => h.required === mine.required && !ourNames.has(h.name.toLowerCase()));
  if (candidates.length === 1) return candidates[0]!.name;
  return hints.get(`${operationId}|${ours.toLowerCase()}`) ?? ours;
}

/** `headers` with every chosen header of `operationId` under the target's name (targetHeaderName). */
export async function inTargetHeaderNames(
  client: TargetClient,
  operationId: string,
  headers: Readonly<Record<string, string>>,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[await targetHeaderName(client, operationId, name)] = value;
  return out;
}
