/**
 * The generator's shared vocabulary (scripts/gen-contract-rules.ts): the document as plain JSON read through
 * contract/ (`contract()`, its `deref`), the generated rule's shape, and the words rule texts are built from.
 */
import { contract } from '../../contract/index.ts';
import type { Observe, Rule } from '../../contract/rules.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Schema = { [key: string]: Json };

/** A generated rule before its ID is allocated (contract/rules.ts Rule without id and file). */
export type GenRule = Omit<Rule, 'id' | 'file' | 'keyword'> & { id?: string; keyword: string; [extra: string]: unknown };
/** A generated rule with the key that keeps its ID stable across runs (SCH: schema#keyword; PARAM: op#param#keyword). */
export type Keyed = GenRule & { key: string };

/** A point the contract does not show: `$comment: gap:<keyword>` and the description's "Not shown…/Stub choice:" text. */
export interface Gap {
  keyword: string;
  what: string;
  choice: string;
}

export type { Observe };

const GAP_MARK = 'Not shown in the contract:';
const CHOICE_MARK = 'Stub choice:';
export const OTHER_OPERATIONS = 'Endpoints / Other operations referenced';

/** contract/openapi.yaml as the contract loaded it (contract/index.ts). */
export const doc = (): Schema => contract().doc as unknown as Schema;
/** The component schemas of the document. */
export const schemas = (): Schema => obj(obj(doc().components).schemas);
/** A node with its local `$ref` resolved (contract().deref), as an object ({} when it is none). */
export const resolveRef = (v: Json | undefined): Schema => obj(contract().deref(v as object) as Json);

export function obj(v: Json | undefined): Schema {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {};
}
export function arr(v: Json | undefined): Json[] {
  return Array.isArray(v) ? v : [];
}
export function str(v: Json | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
export function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}
export function show(v: Json | undefined): string {
  if (Array.isArray(v)) return v.map((x) => show(x)).join(',');
  return typeof v === 'string' ? v : JSON.stringify(v);
}
/** "a, b or c". */
export function list(values: Json[]): string {
  const shown = values.map((v) => show(v));
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
}
/** One sentence: whitespace collapsed, a leading connective capitalised (never an identifier), a final full stop. */
export function sentence(s: string): string {
  const t = clause(s).replace(/^(every|when|whenever|for) /, (w) => w.charAt(0).toUpperCase() + w.slice(1));
  return /[.!?]$/.test(t) ? t : `${t}.`;
}
export function clause(s: string): string {
  return s.trim().replace(/\s+/g, ' ');
}
function article(word: string): string {
  return /^[AEIOUaeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}
export function types(s: Schema): string[] {
  const t = s.type;
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  return typeof t === 'string' ? [t] : [];
}
export function nullable(s: Schema): boolean {
  return types(s).includes('null') || arr(s.anyOf).some((a) => obj(a).type === 'null');
}

/**
 * Gap metadata of a schema (or parameter: description on the parameter, $comment on its schema).
 * @throws Error for a gap comment without its "Not shown in the contract:" / "Stub choice:" description, or the reverse.
 */
export function gapOf(s: Schema, description = str(s.description)): Gap | undefined {
  const comment = str(s.$comment);
  const hasMark = description?.includes(GAP_MARK) ?? false;
  if (!comment?.startsWith('gap:')) {
    if (hasMark && s.$comment !== undefined) throw new Error(`unexpected $comment ${comment}`);
    return undefined;
  }
  if (!description || !hasMark) throw new Error(`$comment ${comment} without "${GAP_MARK}" description`);
  const after = description.slice(description.indexOf(GAP_MARK) + GAP_MARK.length);
  const at = after.indexOf(CHOICE_MARK);
  if (at < 0) throw new Error(`gap without "${CHOICE_MARK}": ${description}`);
  return {
    keyword: comment.slice('gap:'.length),
    what: clause(after.slice(0, at)).replace(/\.$/, ''),
    choice: sentence(after.slice(at + CHOICE_MARK.length)),
  };
}

export const FORMAT_TEXT: Record<string, string> = {
  'date-time': 'an RFC 3339 date-time',
  date: 'an RFC 3339 full-date (YYYY-MM-DD)',
  uuid: 'a UUID',
  uri: 'an absolute URI',
};
const TYPE_TEXT: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  null: 'null',
};

function describeRef(ref: string): string {
  const name = refName(ref);
  const target = obj(schemas()[name]);
  const isObject = types(target).includes('object') || target.properties !== undefined || target.oneOf !== undefined;
  return isObject ? `${article(name)} object` : `${article(name)} value`;
}

function describeArray(s: Schema): string {
  const items = obj(s.items);
  const itemRef = str(items.$ref);
  if (itemRef) return `an array of ${refName(itemRef)} objects`;
  const it = types(items)[0];
  if (it === 'string') return 'an array of strings';
  if (it === 'object') return 'an array of objects';
  if (it === 'number' || it === 'integer') return `an array of ${it}s`;
  return 'an array';
}

/** "a string or null", "an array of LinkedMarket objects", "" when the schema is open. */
export function describeType(s: Schema): string {
  const ref = str(s.$ref);
  if (ref) return describeRef(ref);
  const anyOf = arr(s.anyOf).map((a) => obj(a));
  if (anyOf.length > 0 && anyOf.every((a) => a.$ref !== undefined || a.type !== undefined)) {
    return anyOf.map((a) => describeType(a)).join(' or ');
  }
  const allOf = arr(s.allOf).map((a) => obj(a));
  if (allOf.length === 1 && allOf[0]?.$ref !== undefined && s.type === undefined) return describeType(allOf[0]);
  const parts = types(s)
    .filter((t) => t !== 'null')
    .map((t) => (t === 'array' ? describeArray(s) : (TYPE_TEXT[t] ?? `a ${t}`)));
  if (types(s).includes('null')) parts.push('null');
  return parts.join(' or ');
}
