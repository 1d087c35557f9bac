/**
 * Generates the schema (SCH) and parameter (PARAM) families of the rule catalogue from
 * contract/openapi.yaml:
 *
 *   contract/rules/schema.yaml  — one atomic rule per component-schema property constraint
 *   contract/rules/params.yaml  — one rule per parameter / request-body field constraint of every operation
 *
 * IDs are stable across re-runs: the existing files are read, rules are matched by their key
 * (SCH: `schema` + `keyword`; PARAM: operation + `param` + `keyword`), new rules get the next free
 * number, and rules that no longer come out of the document stay in the file with `retired: true`.
 * Numbers are never reused or renumbered. Fields the generator does not produce (for example
 * hand-added notes) are kept.
 *
 * Gaps: a schema whose `description` contains "Not shown in the contract:" must carry
 * `$comment: gap:<keyword>`; the text after "Stub choice:" becomes the rule's `choice`.
 *
 * Sources: every rule carries `source` (the spec unit its words come from, by fingerprint; see
 * contract/spec-text.ts): the table row or sentence of its section that names its property or parameter
 * (contract/spec-sources.ts). A source already on file whose fingerprints all still occur in the spec is
 * kept (so a hand correction survives re-runs); without the spec file, sources on file are kept as they are.
 *
 * Usage: npx tsx scripts/gen-contract-rules.ts [--check]
 *   --check  exit 1 when the files on disk differ from what would be generated (no write).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { proposeSources, type SourceRef } from '../contract/spec-sources.ts';
import { loadSpecUnits, locate } from '../contract/spec-text.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };
type Observe = 'black-box' | 'control-plane' | 'spend-budget' | 'wallet' | 'unobservable';

interface Rule {
  id?: string;
  section: string;
  level: 'MUST' | 'SHOULD' | 'MAY';
  text: string;
  observe: Observe;
  kind: 'rule' | 'gap';
  choice?: string;
  schema?: string;
  operations?: string[];
  param?: string;
  keyword: string;
  retired?: boolean;
  [extra: string]: unknown;
}

interface Gap {
  keyword: string;
  what: string;
  choice: string;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OPENAPI = resolve(ROOT, 'contract/openapi.yaml');
const SCHEMA_RULES = resolve(ROOT, 'contract/rules/schema.yaml');
const PARAM_RULES = resolve(ROOT, 'contract/rules/params.yaml');
const GAP_MARK = 'Not shown in the contract:';
const CHOICE_MARK = 'Stub choice:';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const doc = parse(readFileSync(OPENAPI, 'utf8')) as Schema;
const components = obj(doc.components);
const schemas = obj(components.schemas);

// ------------------------------------------------------------------ small helpers

function obj(v: Json | undefined): Schema {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {};
}
function arr(v: Json | undefined): Json[] {
  return Array.isArray(v) ? v : [];
}
function str(v: Json | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}
function resolveRef(v: Json | undefined): Schema {
  const s = obj(v);
  const ref = str(s.$ref);
  if (!ref) return s;
  const path = ref.replace(/^#\//, '').split('/');
  let cur: Json | undefined = doc;
  for (const seg of path) cur = obj(cur)[seg.replace(/~1/g, '/').replace(/~0/g, '~')];
  return obj(cur);
}
function show(v: Json | undefined): string {
  if (Array.isArray(v)) return v.map((x) => show(x)).join(',');
  return typeof v === 'string' ? v : JSON.stringify(v);
}
function list(values: Json[]): string {
  const shown = values.map((v) => show(v));
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
}
/** One sentence: whitespace collapsed, a leading connective capitalised (never an identifier), a final full stop. */
function sentence(s: string): string {
  const t = clause(s).replace(/^(every|when|whenever|for) /, (w) => w.charAt(0).toUpperCase() + w.slice(1));
  return /[.!?]$/.test(t) ? t : `${t}.`;
}
function clause(s: string): string {
  return s.trim().replace(/\s+/g, ' ');
}
function article(word: string): string {
  return /^[AEIOUaeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}
function types(s: Schema): string[] {
  const t = s.type;
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  return typeof t === 'string' ? [t] : [];
}
function nullable(s: Schema): boolean {
  return types(s).includes('null') || arr(s.anyOf).some((a) => obj(a).type === 'null');
}

/** Gap metadata of a schema (or parameter: description on the parameter, $comment on its schema). */
function gapOf(s: Schema, description = str(s.description)): Gap | undefined {
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

const FORMAT_TEXT: Record<string, string> = {
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
  const target = obj(schemas[name]);
  const isObject = types(target).includes('object') || target.properties !== undefined || target.oneOf !== undefined;
  return isObject ? `${article(name)} object` : `${article(name)} value`;
}

/** "a string or null", "an array of LinkedMarket objects", "" when the schema is open. */
function describeType(s: Schema): string {
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
    .map((t) => {
      if (t !== 'array') return TYPE_TEXT[t] ?? `a ${t}`;
      const items = obj(s.items);
      const itemRef = str(items.$ref);
      if (itemRef) return `an array of ${refName(itemRef)} objects`;
      const it = types(items)[0];
      if (it === 'string') return 'an array of strings';
      if (it === 'object') return 'an array of objects';
      if (it === 'number' || it === 'integer') return `an array of ${it}s`;
      return 'an array';
    });
  if (types(s).includes('null')) parts.push('null');
  return parts.join(' or ');
}

// ------------------------------------------------------------------ sections and observability

const SCHEMA_SECTION: Record<string, string> = {
  VenueKey: 'Resources and their fields / Venue key (enum)',
  CanonicalMarketRouting: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
  CanonicalMarketWithRelationships: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
  RelationshipsEnvelope: 'Resources and their fields / Relationships envelope',
  RefCommon: 'Resources and their fields / Relationships envelope',
  AssetRef: 'Resources and their fields / Relationships envelope',
  MarketRef: 'Resources and their fields / Relationships envelope',
  SignalRef: 'Resources and their fields / Relationships envelope',
  VenueQuoteV1: 'Resources and their fields / Venue quote (VenueQuoteV1)',
  MarketListItem: 'Resources and their fields / Market list item',
  MarketEvent: 'Resources and their fields / Market list item',
  AssetSearchItem: 'Resources and their fields / Asset search item',
  LinkedMarket: 'Resources and their fields / Asset search item',
  MarketSummary: 'Resources and their fields / Asset search item',
  Relevance: 'Resources and their fields / Asset search item',
  RetrievalStatus: 'Resources and their fields / Asset search item',
  ArticleEvidenceItem: 'Resources and their fields / Article evidence item',
  SourceItem: 'Resources and their fields / Source item',
  ForecastRequest: 'Resources and their fields / Forecast request (job)',
  ForecastRequestForecast: 'Resources and their fields / Forecast request (job)',
  CompactForecast: 'Resources and their fields / Compact forecast (in the latest feed)',
  LatestMarket: 'Resources and their fields / Latest-feed market (LatestMarket)',
  AvailabilityLatestForecast: 'Resources and their fields / Availability latestForecast',
  TargetResolution: 'Resources and their fields / Target resolution',
  TargetResolutionVenueB: 'Resources and their fields / Target resolution',
  TargetResolutionVenueA: 'Resources and their fields / Target resolution',
  TargetEvent: 'Resources and their fields / Target resolution',
  ChildMarket: 'Resources and their fields / Target resolution',
  AllContracts: 'Resources and their fields / Target resolution',
  VenueMarketForecastRequest: 'Resources and their fields / Generation body (VenueMarketForecastRequest)',
  SocialAccountProfile: 'Resources and their fields / Social-account profile',
  CrudeOilSignal: 'Resources and their fields / Crude-oil signal',
  OilReading: 'Resources and their fields / Crude-oil signal',
  OilEpisode: 'Resources and their fields / Crude-oil signal',
  OilMarks: 'Resources and their fields / Crude-oil signal',
  WalletAttestation: 'Resources and their fields / Wallet attestation',
  ErrorEnvelope: 'Errors',
  PaymentRequired: 'Authentication',
  ForecastAvailability: 'Endpoints / GET /api/public/forecast-availability',
  AvailabilityRead: 'Endpoints / GET /api/public/forecast-availability',
  AvailabilityGeneration: 'Endpoints / GET /api/public/forecast-availability',
  AvailabilityTargetResolution: 'Endpoints / GET /api/public/forecast-availability',
  AvailabilityExcluded: 'Endpoints / GET /api/public/forecast-availability',
  ForecastRequestAccepted: 'Endpoints / POST /api/auth/forecast-requests',
  AssetSearchResponse: 'Endpoints / GET /api/v1/assets/search',
  MarketSignalsResponse: 'Endpoints / GET /api/v1/markets/{slug}/signals',
  SourcesResponse: 'Endpoints / GET /api/v1/sources',
  MarketListResponse: 'Endpoints / GET /api/v1/markets',
  LatestResponse: 'Endpoints / GET /api/v1/latest',
  LatestEvent: 'Endpoints / GET /api/v1/latest',
  WalletLinkResponse: 'Endpoints / GET /api/v1/wallets/link',
  SocialProfileRequest: 'Endpoints / POST /api/v1/x/profile',
};
const OTHER_OPERATIONS = 'Endpoints / Other operations referenced';

/**
 * How a response of the operation can be obtained: its `x-fc-observe` extension in the contract
 * (contract/operation-facts.ts). A missing or unknown value is an error, never a default.
 */
function operationObserve(o: { id: string; op: Schema }): Observe {
  const how = str(o.op['x-fc-observe']);
  if (how !== 'black-box' && how !== 'spend-budget' && how !== 'wallet')
    throw new Error(`operation ${o.id}: x-fc-observe must be black-box, spend-budget or wallet (got ${String(how)})`);
  return how;
}
const OBSERVE_RANK: Observe[] = ['black-box', 'control-plane', 'spend-budget', 'wallet', 'unobservable'];

interface Operation {
  id: string;
  method: string;
  path: string;
  op: Schema;
}

function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(obj(doc.paths))) {
    for (const method of HTTP_METHODS) {
      const op = obj(obj(item)[method]);
      const id = str(op.operationId);
      if (id) out.push({ id, method: method.toUpperCase(), path, op });
    }
  }
  return out;
}

/**
 * The spec section of the operation: its `x-fc-section` extension in the contract (contract/operation-facts.ts);
 * an operation of "Other operations referenced" is named by its row of that table. A missing value is an error.
 */
function operationSection(o: Operation): string {
  const section = str(o.op['x-fc-section']);
  if (!section?.startsWith('Endpoints / ')) throw new Error(`operation ${o.id}: x-fc-section must name an Endpoints section`);
  return section === OTHER_OPERATIONS ? `${OTHER_OPERATIONS} (${o.method} ${o.path})` : section;
}

/** Component names referenced (transitively) from `root`. */
function collectRefs(root: Json | undefined, into: Set<string>): void {
  const walk = (v: Json | undefined): void => {
    if (Array.isArray(v)) {
      v.forEach(walk);
      return;
    }
    if (v === null || typeof v !== 'object') return;
    const ref = str(v.$ref);
    if (ref?.startsWith('#/components/')) {
      const parts = ref.split('/');
      const kind = parts[2];
      const name = parts[3] ?? '';
      const key = `${kind}/${name}`;
      if (!into.has(key)) {
        into.add(key);
        walk(obj(obj(components[kind ?? ''])[name]));
      }
    }
    for (const [k, child] of Object.entries(v)) if (k !== '$ref') walk(child);
  };
  walk(root);
}

/** Best (most observable) way to see each response-side component schema. */
function schemaObservability(): Map<string, Observe> {
  const best = new Map<string, Observe>();
  for (const o of operations()) {
    const seen = new Set<string>();
    collectRefs(o.op.responses, seen);
    const how = operationObserve(o);
    for (const key of seen) {
      if (!key.startsWith('schemas/')) continue;
      const name = key.slice('schemas/'.length);
      const prev = best.get(name);
      if (!prev || OBSERVE_RANK.indexOf(how) < OBSERVE_RANK.indexOf(prev)) best.set(name, how);
    }
  }
  return best;
}

// ------------------------------------------------------------------ SCH family

type Keyed = Rule & { key: string };

function schemaRules(): Keyed[] {
  const out: Keyed[] = [];
  const observeOf = schemaObservability();

  for (const [name, raw] of Object.entries(schemas)) {
    const observe = observeOf.get(name);
    if (!observe) continue; // request-only schemas (request bodies) are covered by the PARAM family
    const section = SCHEMA_SECTION[name] ?? OTHER_OPERATIONS;
    const root = obj(raw);

    const push = (loc: string, keyword: string, text: string, gap?: Gap, subject?: string): void => {
      const key = `${loc}#${keyword}`;
      const existing = out.findIndex((r) => r.key === key);
      const rule: Keyed = {
        key,
        section,
        level: 'MUST',
        text: sentence(text),
        observe,
        kind: gap ? 'gap' : 'rule',
        ...(gap ? { choice: `${subject ?? loc}: ${gap.choice}` } : {}),
        schema: loc,
        keyword,
      };
      if (existing >= 0) {
        if (!gap) throw new Error(`duplicate rule key ${key}`);
        out[existing] = rule; // a gap on the same keyword replaces the rule
      } else {
        out.push(rule);
      }
    };

    const gapText = (label: string, g: Gap): string => `For ${label}, not shown in the contract: ${g.what.replace(/\.$/, '')}`;

    /** Keyword rules of one schema node (enum, const, bounds, format, pattern), then its items and properties. */
    const constraints = (loc: string, label: string, s: Schema, subject: string, when = ''): void => {
      const orNull = nullable(s) ? ' when it is not null' : '';
      const noun = (t: string): string => `${when}${subject} ${t}${orNull}`;
      const values = arr(s.enum);
      if (s.enum !== undefined) push(loc, 'enum', noun(values.length === 1 ? `is always ${show(values[0])}` : `is one of ${list(values)}`));
      if (s.const !== undefined) push(loc, 'const', `${when}${subject} is always the constant ${JSON.stringify(s.const)}`);
      if (typeof s.minimum === 'number') push(loc, 'minimum', noun(`is at least ${s.minimum}`));
      if (typeof s.maximum === 'number') push(loc, 'maximum', noun(`is at most ${s.maximum}`));
      if (typeof s.minLength === 'number')
        push(loc, 'minLength', noun(s.minLength === 1 ? 'is never empty' : `is at least ${s.minLength} characters long`));
      if (typeof s.maxLength === 'number') push(loc, 'maxLength', noun(`is at most ${s.maxLength} characters long`));
      if (typeof s.minItems === 'number')
        push(loc, 'minItems', noun(s.minItems === 1 ? 'holds at least one item' : `holds at least ${s.minItems} items`));
      if (typeof s.maxItems === 'number') push(loc, 'maxItems', noun(`holds at most ${s.maxItems} items`));
      if (s.uniqueItems === true) push(loc, 'uniqueItems', noun('holds no duplicate items'));
      const format = str(s.format);
      if (format) push(loc, 'format', noun(`is ${FORMAT_TEXT[format] ?? `in format ${format}`}`));
      const pattern = str(s.pattern);
      if (pattern) push(loc, 'pattern', noun(`matches the pattern ${pattern}`));

      const items = obj(s.items);
      if (s.items !== undefined && items.$ref === undefined) {
        const itemLoc = `${loc}/items`;
        const itemGap = gapOf(items);
        if (itemGap) push(itemLoc, itemGap.keyword, gapText(`every element of ${label}`, itemGap), itemGap, `every element of ${label}`);
        constraints(itemLoc, `${label}[]`, items, `every element of ${label}`, when);
      }
      if (s.properties !== undefined) walk(loc, label, s);
    };

    /** Properties of an object schema. */
    const walk = (loc: string, label: string, s: Schema): void => {
      const required = new Set(arr(s.required).filter((x): x is string => typeof x === 'string'));
      const parentNullable = nullable(s);
      for (const [prop, rawProp] of Object.entries(obj(s.properties))) {
        const p = obj(rawProp);
        const pLoc = `${loc}/properties/${prop}`;
        const pLabel = `${label}.${prop}`;
        const gap = gapOf(p);
        const typeText = describeType(p);
        const inParent = parentNullable ? `whenever ${label} is not null, ` : '';
        const deprecated = p.deprecated === true ? ' (deprecated alias)' : '';

        if (gap?.keyword === 'type') {
          if (required.has(prop)) push(pLoc, 'required', `${inParent}${pLabel} is always present`);
          push(pLoc, 'type', gapText(pLabel, gap), gap, pLabel);
        } else {
          if (required.has(prop)) {
            push(pLoc, 'required', `${inParent}${pLabel} is always present${typeText ? ` and is ${typeText}` : ''}`);
          } else if (typeText) {
            push(pLoc, 'type', `when present, ${pLabel}${deprecated} is ${typeText}`);
          }
          if (gap) push(pLoc, gap.keyword, gapText(pLabel, gap), gap, pLabel);
        }
        // inline allOf parts of a property (for example WalletLinkResponse.wallet) are walked through its own properties
        constraints(pLoc, pLabel, p, pLabel, required.has(prop) ? '' : 'when present, ');
      }
    };

    // component root
    const rootGap = gapOf(root);
    if (rootGap) push(name, rootGap.keyword, gapText(name, rootGap), rootGap, name);
    for (const part of arr(root.allOf)) {
      const ref = str(obj(part).$ref);
      if (ref)
        push(`${name}/allOf`, 'allOf', `Every ${name} also satisfies every ${refName(ref)} rule (it carries all ${refName(ref)} fields)`);
    }
    const oneOf = arr(root.oneOf)
      .map((a) => str(obj(a).$ref))
      .filter((x): x is string => !!x);
    if (oneOf.length > 0) {
      const disc = str(obj(root.discriminator).propertyName);
      push(`${name}/oneOf`, 'oneOf', `A ${name} matches exactly one of ${list(oneOf.map(refName))}${disc ? `, selected by ${disc}` : ''}`);
    }
    constraints(name, name, root, types(root).includes('object') || root.properties ? name : `A ${name} value`);
  }
  return out;
}

// ------------------------------------------------------------------ PARAM family

/** Defaults whose effect is visible in the response, and how. Everything else is unobservable. */
const DEFAULT_OBSERVE: Record<string, { observe: Observe; how: string }> = {
  'getLatest#hours': { observe: 'black-box', how: 'echoed as window.hours' },
  'searchAssets#material_only': { observe: 'black-box', how: 'echoed as material_only' },
  'listSources#window': { observe: 'black-box', how: 'so no source older than 48 hours by its windowing time is returned' },
  'listMarkets#max_forecast_age': { observe: 'black-box', how: 'so the default answer equals the answer with max_forecast_age=48' },
  'listMarkets#sort': { observe: 'black-box', how: 'so rows come in descending market_updated_at order' },
  'getOilSignal#include_marks': { observe: 'black-box', how: 'so live venue marks are fetched (marks filled or degraded true)' },
  'getForecastRequest#view': { observe: 'spend-budget', how: 'so a succeeded job read without view expands its forecasts' },
  'createSocialProfile#body.lookback_days': { observe: 'spend-budget', how: 'echoed as window.lookback_days' },
};

/** Rejection wording where the contract gives something other than a plain 422 invalid_request. */
const REJECTION: Record<string, string> = {
  'getForecastRequest#jobId#format': 'a malformed value is rejected with 422 invalid_request or the same 404 as an unknown job',
  // The route's own text: "When the slug is invalid ... the route returns 404" (gap EVID-018).
  'getMarketSignals#slug#maxLength': "a longer value is rejected with 422 invalid_request or 404 (an invalid slug, the route's own text)",
  'linkWallet#token#pattern': 'a malformed token is rejected with 422 invalid_request or 404 link_token_not_found and is not billed',
  'linkWallet#token#required': 'a request without it gives 422 invalid_request and is not billed',
};

/** Units of numeric parameters, for the default texts. */
const UNITS: Record<string, string> = {
  hours: 'hours',
  window: 'hours',
  max_forecast_age: 'hours',
  changed_within: 'hours',
  'body.lookback_days': 'days',
  'body.range_days': 'days',
};

/** Bound keywords, and the parameters whose bounds Limits rule 4 lists. */
const BOUND_KEYWORDS = new Set(['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems']);
const LIMIT_BOUNDED = new Set([
  'market_key',
  'market_id',
  'slug',
  'ref',
  'q',
  'reference',
  'platform',
  'asset_type',
  'markets',
  'market_keys',
  'window',
  'changed_within',
  'hours',
  'lookback_days',
]);

function paramRules(): Keyed[] {
  const out: Keyed[] = [];
  for (const o of operations()) {
    const section = operationSection(o);
    const bodySchemaName = refName(str(obj(obj(obj(obj(o.op.requestBody).content)['application/json']).schema).$ref) ?? '');
    /** When set, every rule pushed is a gap with this choice (inputs whose very name is not shown). */
    let forced: Gap | undefined;
    const push = (param: string, keyword: string, text: string, observe: Observe = 'black-box', gap?: Gap): void => {
      const key = `${o.id}#${param}#${keyword}`;
      const g = gap ?? forced;
      const subject = `${o.id} ${param}`;
      // body fields of a generation body are specified by the Generation body table of Resources
      const bodyOf =
        param.startsWith('body.') && bodySchemaName === 'VenueMarketForecastRequest'
          ? `; ${SCHEMA_SECTION.VenueMarketForecastRequest}`
          : '';
      // Limits rule 4 restates the parameter bounds of the endpoint tables
      const bound = BOUND_KEYWORDS.has(keyword) && LIMIT_BOUNDED.has(param.replace(/^body\./, '')) ? '; Limits, rule 4' : '';
      const rule: Keyed = {
        key,
        section: `${section}${bodyOf}${bound}`,
        level: 'MUST',
        text: sentence(gap || !forced || text.includes("stub's choice") ? text : `${text} (the field name is the stub's choice)`),
        observe,
        kind: g ? 'gap' : 'rule',
        ...(g
          ? {
              choice: gap
                ? `${subject}: ${g.choice}`
                : `${subject}: the stub names the field ${param.replace(/^body\./, '')} (${g.choice.replace(/\.$/, '')}) and applies this rule to it.`,
            }
          : {}),
        operations: [o.id],
        param,
        keyword,
      };
      const existing = out.findIndex((r) => r.key === key);
      if (existing >= 0) {
        if (!gap) throw new Error(`duplicate rule key ${key}`);
        out[existing] = rule;
      } else {
        out.push(rule);
      }
    };
    /** The consequence clause of a rule: an override, or "<what> gives 422 invalid_request". */
    const reject = (param: string, keyword: string, what: string, verb = 'gives'): string =>
      REJECTION[`${o.id}#${param}#${keyword}`] ?? `${what} ${verb} 422 invalid_request`;

    /** Rules for one input (query/path/header parameter or body field). */
    const input = (
      param: string,
      where: string,
      rawSchema: Json | undefined,
      required: boolean,
      gap: Gap | undefined,
      isPath: boolean,
      comma: boolean,
    ): void => {
      const s = resolveRef(rawSchema);
      const bare = param.replace(/^body\./, '');
      const name = `${o.id} ${where}${bare}`;
      const isArray = types(s).includes('array');
      const items = resolveRef(s.items);

      if (required && !isPath) {
        const what = gap?.keyword === 'name' ? `${where}${bare} (the name is the stub's choice)` : `${where}${bare}`;
        push(param, 'required', `${o.id} requires ${what}; ${reject(param, 'required', 'a request without it')}`);
      }
      const t = types(s)[0];
      if (t === 'integer') push(param, 'type', `${name} must be an integer; ${reject(param, 'type', 'a non-integer value')}`);
      if (t === 'number') push(param, 'type', `${name} must be a number; ${reject(param, 'type', 'a non-numeric value')}`);
      if (t === 'boolean') push(param, 'type', `${name} must be true or false; ${reject(param, 'type', 'any other value')}`);

      const enumValues = s.enum !== undefined ? arr(s.enum) : isArray && items.enum !== undefined ? arr(items.enum) : undefined;
      if (enumValues) {
        const subject = isArray ? `every entry of ${name}` : name;
        push(param, 'enum', `${subject} must be one of ${list(enumValues)}; ${reject(param, 'enum', 'any other value')}`);
      }
      if (s.const !== undefined) push(param, 'const', `${name} must be ${show(s.const)}; ${reject(param, 'const', 'any other value')}`);
      if (typeof s.minLength === 'number' && isPath && s.minLength === 1) {
        // an empty path segment names another route: nothing a client can send tests this bound
        push(
          param,
          'minLength',
          `${name} must not be empty (an empty path segment names another route, so the bound is not observable)`,
          'unobservable',
        );
      } else if (typeof s.minLength === 'number') {
        const text = s.minLength === 1 ? 'must not be empty' : `must be at least ${s.minLength} characters long`;
        push(
          param,
          'minLength',
          `${name} must not be empty; ${reject(param, 'minLength', s.minLength === 1 ? 'an empty value' : 'a shorter value')}`.replace(
            'must not be empty',
            text,
          ),
        );
      }
      if (typeof s.maxLength === 'number')
        push(param, 'maxLength', `${name} must be at most ${s.maxLength} characters long; ${reject(param, 'maxLength', 'a longer value')}`);
      if (typeof s.minimum === 'number')
        push(param, 'minimum', `${name} must be at least ${s.minimum}; ${reject(param, 'minimum', 'a smaller value')}`);
      if (typeof s.maximum === 'number')
        push(param, 'maximum', `${name} must be at most ${s.maximum}; ${reject(param, 'maximum', 'a larger value')}`);
      const entries = comma ? 'comma-separated entries' : 'values';
      if (typeof s.minItems === 'number') {
        const atLeast = s.minItems === 1 ? `at least one ${comma ? 'entry' : 'value'}` : `at least ${s.minItems} ${entries}`;
        push(param, 'minItems', `${name} must hold ${atLeast}; ${reject(param, 'minItems', 'an empty value')}`);
      }
      if (typeof s.maxItems === 'number') {
        const repeat = comma ? '' : ' (the parameter is repeatable)';
        push(param, 'maxItems', `${name} accepts at most ${s.maxItems} ${entries}${repeat}; ${reject(param, 'maxItems', 'more', 'give')}`);
      }
      if (isArray && typeof items.minLength === 'number')
        push(param, 'minLength', `every entry of ${name} must be non-empty; ${reject(param, 'minLength', 'an empty entry')}`);
      const pattern = str(s.pattern);
      if (pattern) push(param, 'pattern', `${name} must match ${pattern}; ${reject(param, 'pattern', 'any other value')}`);
      const format = str(s.format);
      if (format) push(param, 'format', `${name} must be ${FORMAT_TEXT[format] ?? format}; ${reject(param, 'format', 'any other value')}`);
      const formats = arr(s.anyOf)
        .map((a) => str(obj(a).format))
        .filter((x): x is string => !!x);
      if (formats.length > 0)
        push(
          param,
          'format',
          `${name} must be ${list(formats.map((f) => FORMAT_TEXT[f] ?? f))}; ${reject(param, 'format', 'any other value')}`,
        );
      if (s.default !== undefined) {
        const d = DEFAULT_OBSERVE[`${o.id}#${param}`];
        const unit = UNITS[param] ? ` ${UNITS[param]}` : '';
        push(
          param,
          'default',
          `When omitted, ${name} defaults to ${show(s.default)}${unit}${d ? `, ${d.how}` : ''}`,
          d?.observe ?? 'unobservable',
        );
      }
      if (gap) push(param, gap.keyword, `For ${name}, not shown in the contract: ${gap.what.replace(/\.$/, '')}`, 'black-box', gap);
    };

    for (const rawParam of arr(o.op.parameters)) {
      const p = resolveRef(rawParam);
      const pname = str(p.name) ?? '';
      const pin = str(p.in) ?? 'query';
      const schema = obj(p.schema);
      const gap = gapOf(schema, str(p.description));
      const where = pin === 'query' ? '' : `${pin} `;
      const comma = p.style === 'form' && p.explode === false;
      // A parameter whose very name is the stub's choice binds no other target: all its rules are gaps.
      forced = gap?.keyword === 'name' ? gap : undefined;
      input(pname, where, p.schema, p.required === true, gap, pin === 'path', comma);
      forced = undefined;
    }

    const body = obj(o.op.requestBody);
    const bodySchemaRaw = obj(obj(obj(body.content)['application/json']).schema);
    const bodySchema = resolveRef(bodySchemaRaw);
    const bodyRef = str(bodySchemaRaw.$ref);
    const bodyName = bodyRef ? refName(bodyRef) : undefined;
    if (body.required === true)
      push(
        'body',
        'required',
        `${o.id} requires a JSON body${bodyName ? ` (${bodyName})` : ''}; a request without one gives 422 invalid_request`,
      );
    const bodyGap = gapOf(bodySchema);
    if (bodyName && bodyGap)
      push(
        'body',
        bodyGap.keyword,
        `For the ${o.id} body, not shown in the contract: ${bodyGap.what.replace(/\.$/, '')}`,
        'black-box',
        bodyGap,
      );
    if (bodyName) {
      // when the body's field names are not shown, every field rule is the stub's choice
      forced = bodyGap?.keyword === 'name' ? bodyGap : undefined;
      const req = new Set(arr(bodySchema.required));
      for (const [field, rawField] of Object.entries(obj(bodySchema.properties))) {
        input(`body.${field}`, 'body field ', rawField, req.has(field), gapOf(obj(rawField)), false, false);
      }
      forced = undefined;
    }
  }
  return out;
}

// ------------------------------------------------------------------ ID allocation and output

const FIELD_ORDER = [
  'id',
  'section',
  'level',
  'text',
  'observe',
  'kind',
  'choice',
  'schema',
  'operations',
  'param',
  'keyword',
  'retired',
  'source',
];

function readExisting(file: string): Rule[] {
  if (!existsSync(file)) return [];
  const parsed = parse(readFileSync(file, 'utf8')) as unknown;
  return Array.isArray(parsed) ? (parsed as Rule[]) : [];
}

function keyOf(r: Rule): string {
  return r.param !== undefined ? `${r.operations?.[0] ?? ''}#${r.param}#${r.keyword}` : `${r.schema ?? ''}#${r.keyword}`;
}

function allocate(family: string, generated: Keyed[], existing: Rule[]): Rule[] {
  const numberOf = (id: string | undefined): number => Number(/-(\d+)$/.exec(id ?? '')?.[1] ?? 0);
  const byKey = new Map(existing.map((r) => [keyOf(r), r]));
  let next = existing.reduce((m, r) => Math.max(m, numberOf(r.id)), 0) + 1;
  const produced = new Set<string>();
  const result: Rule[] = [];
  for (const g of generated) {
    const { key, ...rule } = g;
    if (produced.has(key)) throw new Error(`duplicate key ${key}`);
    produced.add(key);
    const old = byKey.get(key);
    const extras: Record<string, unknown> = {};
    if (old) for (const [k, v] of Object.entries(old)) if (!FIELD_ORDER.includes(k)) extras[k] = v;
    if (old?.source) extras.source = old.source; // generated afresh only when it no longer matches the spec
    const id = old?.id ?? `${family}-${String(next++).padStart(3, '0')}`;
    result.push({ ...extras, ...rule, id });
  }
  for (const old of existing) {
    if (!produced.has(keyOf(old))) result.push({ ...old, retired: true });
  }
  return result.sort((a, b) => numberOf(a.id) - numberOf(b.id));
}

const SPEC_UNITS = loadSpecUnits();
const SPEC_FPS = new Set(SPEC_UNITS?.map((u) => u.fp));

/** The rule's source: the one on file while it still matches the spec, else the proposed one. */
function withSource(rule: Rule): Rule {
  const onFile = rule.source as SourceRef[] | undefined;
  if (!SPEC_UNITS || rule.retired) return rule;
  if (onFile?.length && onFile.every((s) => SPEC_FPS.has(s.fp))) {
    // keep the fingerprints; refresh where each unit now sits
    return { ...rule, source: onFile.map((s) => ({ fp: s.fp, at: locate(SPEC_UNITS, s.fp, s.at) ?? s.at })) };
  }
  return { ...rule, source: proposeSources(rule, SPEC_UNITS) };
}

function yamlValue(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map((x) => (typeof x === 'string' && /^[A-Za-z0-9_]+$/.test(x) ? x : JSON.stringify(x))).join(', ')}]`;
  return JSON.stringify(v);
}

function render(title: string, rules: Rule[]): string {
  const lines = [
    `# ${title}`,
    '# GENERATED from contract/openapi.yaml by scripts/gen-contract-rules.ts — re-run it after changing the document.',
    '# IDs are stable: rules are matched by key, new ones get the next free number, vanished ones stay with retired: true.',
    '',
  ];
  for (const r of rules) {
    const keys = [...FIELD_ORDER.filter((k) => r[k] !== undefined), ...Object.keys(r).filter((k) => !FIELD_ORDER.includes(k))];
    keys.forEach((k, i) => {
      const v = r[k];
      if (v === undefined) return;
      if (k === 'source') {
        lines.push(`${i === 0 ? '- ' : '  '}source:`);
        for (const ref of v as SourceRef[]) lines.push(`    - fp: "${ref.fp}"`, `      at: ${JSON.stringify(ref.at)}`);
        return;
      }
      const value =
        k === 'id' || k === 'level' || k === 'observe' || k === 'kind' || k === 'keyword' || k === 'retired' ? String(v) : yamlValue(v);
      lines.push(`${i === 0 ? '- ' : '  '}${k}: ${value}`);
    });
  }
  return `${lines.join('\n')}\n`;
}

function main(): void {
  const check = process.argv.includes('--check');
  const outputs: Array<[string, string]> = [
    [
      SCHEMA_RULES,
      render(
        'Rule family SCH: component-schema constraints of the contract document.',
        allocate('SCH', schemaRules(), readExisting(SCHEMA_RULES)).map(withSource),
      ),
    ],
    [
      PARAM_RULES,
      render(
        'Rule family PARAM: parameter and request-body constraints of every operation.',
        allocate('PARAM', paramRules(), readExisting(PARAM_RULES)).map(withSource),
      ),
    ],
  ];
  let stale = false;
  for (const [file, text] of outputs) {
    const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (current === text) continue;
    stale = true;
    if (!check) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
  }
  for (const [file, text] of outputs) {
    const rules = parse(text) as Rule[];
    const live = rules.filter((r) => !r.retired);
    const gaps = live.filter((r) => r.kind === 'gap').length;
    console.log(`${file.slice(ROOT.length + 1)}: ${live.length} rules (${gaps} gaps, ${rules.length - live.length} retired)`);
  }
  if (check && stale) {
    console.error('rule files are out of date: run npx tsx scripts/gen-contract-rules.ts');
    process.exit(1);
  }
}

main();
