/**
 * The PARAM family (contract/rules/params.yaml): one rule per constraint of every operation's parameters
 * and request-body fields, with the consequence the contract gives (422 invalid_request unless REJECTION says).
 */
import { contract, type Operation } from '../../contract/index.ts';
import { SCHEMA_SECTION } from './schema-rules.ts';
import {
  FORMAT_TEXT,
  OTHER_OPERATIONS,
  arr,
  gapOf,
  list,
  obj,
  refName,
  resolveRef,
  sentence,
  show,
  str,
  types,
  type Gap,
  type Json,
  type Keyed,
  type Observe,
  type Schema,
} from './words.ts';

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
  // Proven by behaviour in suites/defaults.spec.ts (the default oracle): the answer without the parameter
  // holds the same items as the answer with the default given, and a non-default value answers differently.
  'listSources#types': { observe: 'black-box', how: 'so an answer without types holds the items of types=article,x_post' },
  'createSocialProfile#body.focus': { observe: 'spend-budget', how: 'so a profile without focus is the profile of focus general' },
};

/** Rejection wording where the contract gives something other than a plain 422 invalid_request. */
const REJECTION: Record<string, string> = {
  'getForecastRequest#jobId#format': 'a malformed value is rejected with 422 invalid_request or the same 404 as an unknown job',
  // The route's own text: an invalid slug answers 404 (gap EVID-018 records which the target chose).
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

/** One input of an operation: a query, path or header parameter, or a body field (`body.<field>`). */
interface Input {
  param: string;
  /** '' (query), 'path ', 'header ' or 'body field '. */
  where: string;
  schema: Schema;
  required: boolean;
  gap: Gap | undefined;
  isPath: boolean;
  /** A comma-separated list (style form, explode false) rather than a repeated parameter. */
  comma: boolean;
}

/**
 * The spec section of the operation: its `x-fc-section`; an operation of "Other operations referenced" is
 * named by its row of that table.
 */
function operationSection(o: Operation): string {
  const section = o.facts.section;
  return section === OTHER_OPERATIONS ? `${OTHER_OPERATIONS} (${o.method.toUpperCase()} ${o.path})` : section;
}

/** The rules of one operation's inputs. */
class OperationParams {
  readonly out: Keyed[] = [];
  private readonly section: string;
  private readonly bodySchemaName: string;
  /** When set, every rule pushed is a gap with this choice (inputs whose very name is not shown). */
  private forced: Gap | undefined;

  constructor(private readonly o: Operation) {
    this.section = operationSection(o);
    this.bodySchemaName = refName(str(this.bodySchemaRaw().$ref) ?? '');
  }

  private get id(): string {
    return this.o.operationId;
  }

  private bodySchemaRaw(): Schema {
    return obj(obj(obj(obj(this.o.spec.requestBody as unknown as Json).content)['application/json']).schema);
  }

  /** The section a rule cites: the operation's, plus the Generation body table and Limits rule 4 where they restate it. */
  private sectionOf(param: string, keyword: string): string {
    // body fields of a generation body are specified by the Generation body table of Resources
    const bodyOf =
      param.startsWith('body.') && this.bodySchemaName === 'VenueMarketForecastRequest'
        ? `; ${SCHEMA_SECTION.VenueMarketForecastRequest}`
        : '';
    // Limits rule 4 restates the parameter bounds of the endpoint tables
    const bound = BOUND_KEYWORDS.has(keyword) && LIMIT_BOUNDED.has(param.replace(/^body\./, '')) ? '; Limits, rule 4' : '';
    return `${this.section}${bodyOf}${bound}`;
  }

  /** One rule; a gap on the same key replaces the rule. @throws Error for a duplicate non-gap key. */
  push(param: string, keyword: string, text: string, observe: Observe = 'black-box', gap?: Gap): void {
    const key = `${this.id}#${param}#${keyword}`;
    const g = gap ?? this.forced;
    const subject = `${this.id} ${param}`;
    const named = gap || !this.forced || text.includes("stub's choice") ? text : `${text} (the field name is the stub's choice)`;
    const choice = gap
      ? `${subject}: ${gap.choice}`
      : `${subject}: the stub names the field ${param.replace(/^body\./, '')} (${g?.choice.replace(/\.$/, '')}) and applies this rule to it.`;
    const rule: Keyed = {
      key,
      section: this.sectionOf(param, keyword),
      level: 'MUST',
      text: sentence(named),
      observe,
      kind: g ? 'gap' : 'rule',
      ...(g ? { choice } : {}),
      operations: [this.id],
      param,
      keyword,
    };
    const existing = this.out.findIndex((r) => r.key === key);
    if (existing < 0) this.out.push(rule);
    else if (gap) this.out[existing] = rule;
    else throw new Error(`duplicate rule key ${key}`);
  }

  /** The consequence clause of a rule: an override, or "<what> gives 422 invalid_request". */
  private reject(param: string, keyword: string, what: string, verb = 'gives'): string {
    return REJECTION[`${this.id}#${param}#${keyword}`] ?? `${what} ${verb} 422 invalid_request`;
  }

  /** Query, path and header parameters; a parameter whose very name is the stub's choice binds no other target: all its rules are gaps. */
  parameters(): void {
    for (const rawParam of arr(this.o.spec.parameters as unknown as Json)) {
      const p = resolveRef(rawParam);
      const pin = str(p.in) ?? 'query';
      const gap = gapOf(obj(p.schema), str(p.description));
      this.forced = gap?.keyword === 'name' ? gap : undefined;
      this.input({
        param: str(p.name) ?? '',
        where: pin === 'query' ? '' : `${pin} `,
        schema: resolveRef(p.schema),
        required: p.required === true,
        gap,
        isPath: pin === 'path',
        comma: p.style === 'form' && p.explode === false,
      });
      this.forced = undefined;
    }
  }

  /** The JSON body: required, its gap, then each field; when the body's field names are not shown, every field rule is the stub's choice. */
  body(): void {
    const bodyRef = str(this.bodySchemaRaw().$ref);
    const bodyName = bodyRef ? refName(bodyRef) : undefined;
    const bodySchema = resolveRef(this.bodySchemaRaw());
    if (obj(this.o.spec.requestBody as unknown as Json).required === true)
      this.push(
        'body',
        'required',
        `${this.id} requires a JSON body${bodyName ? ` (${bodyName})` : ''}; a request without one gives 422 invalid_request`,
      );
    const bodyGap = gapOf(bodySchema);
    if (!bodyName) return;
    if (bodyGap)
      this.push(
        'body',
        bodyGap.keyword,
        `For the ${this.id} body, not shown in the contract: ${bodyGap.what.replace(/\.$/, '')}`,
        'black-box',
        bodyGap,
      );
    this.forced = bodyGap?.keyword === 'name' ? bodyGap : undefined;
    const req = new Set(arr(bodySchema.required));
    for (const [field, rawField] of Object.entries(obj(bodySchema.properties))) {
      const schema = resolveRef(rawField);
      const gap = gapOf(obj(rawField));
      this.input({ param: `body.${field}`, where: 'body field ', schema, required: req.has(field), gap, isPath: false, comma: false });
    }
    this.forced = undefined;
  }

  /** Every rule of one input, keyword group by keyword group. */
  private input(i: Input): void {
    const name = `${this.id} ${i.where}${i.param.replace(/^body\./, '')}`;
    this.presence(i, name);
    this.values(i, name);
    this.lengths(i, name);
    this.bounds(i, name);
    this.counts(i, name);
    this.shapes(i, name);
    this.defaults(i, name);
    if (i.gap)
      this.push(i.param, i.gap.keyword, `For ${name}, not shown in the contract: ${i.gap.what.replace(/\.$/, '')}`, 'black-box', i.gap);
  }

  /** required (a path parameter is always there) and the scalar type. */
  private presence({ param, where, schema: s, required, gap, isPath }: Input, name: string): void {
    const bare = param.replace(/^body\./, '');
    if (required && !isPath) {
      const what = gap?.keyword === 'name' ? `${where}${bare} (the name is the stub's choice)` : `${where}${bare}`;
      this.push(param, 'required', `${this.id} requires ${what}; ${this.reject(param, 'required', 'a request without it')}`);
    }
    const t = types(s)[0];
    if (t === 'integer') this.push(param, 'type', `${name} must be an integer; ${this.reject(param, 'type', 'a non-integer value')}`);
    if (t === 'number') this.push(param, 'type', `${name} must be a number; ${this.reject(param, 'type', 'a non-numeric value')}`);
    if (t === 'boolean') this.push(param, 'type', `${name} must be true or false; ${this.reject(param, 'type', 'any other value')}`);
  }

  /** enum (of the value, or of every entry of an array) and const. */
  private values({ param, schema: s }: Input, name: string): void {
    const isArray = types(s).includes('array');
    const items = resolveRef(s.items);
    const enumValues = s.enum !== undefined ? arr(s.enum) : isArray && items.enum !== undefined ? arr(items.enum) : undefined;
    if (enumValues) {
      const subject = isArray ? `every entry of ${name}` : name;
      this.push(param, 'enum', `${subject} must be one of ${list(enumValues)}; ${this.reject(param, 'enum', 'any other value')}`);
    }
    if (s.const !== undefined)
      this.push(param, 'const', `${name} must be ${show(s.const)}; ${this.reject(param, 'const', 'any other value')}`);
  }

  /** minimum and maximum. */
  private bounds({ param, schema: s }: Input, name: string): void {
    if (typeof s.minimum === 'number')
      this.push(param, 'minimum', `${name} must be at least ${s.minimum}; ${this.reject(param, 'minimum', 'a smaller value')}`);
    if (typeof s.maximum === 'number')
      this.push(param, 'maximum', `${name} must be at most ${s.maximum}; ${this.reject(param, 'maximum', 'a larger value')}`);
  }

  /** minLength and maxLength; an empty path segment names another route, so that bound is not observable. */
  private lengths({ param, schema: s, isPath }: Input, name: string): void {
    if (typeof s.minLength === 'number' && isPath && s.minLength === 1) {
      const why = 'an empty path segment names another route, so the bound is not observable';
      this.push(param, 'minLength', `${name} must not be empty (${why})`, 'unobservable');
    } else if (typeof s.minLength === 'number') {
      const text = s.minLength === 1 ? 'must not be empty' : `must be at least ${s.minLength} characters long`;
      const what = s.minLength === 1 ? 'an empty value' : 'a shorter value';
      this.push(param, 'minLength', `${name} ${text}; ${this.reject(param, 'minLength', what)}`);
    }
    if (typeof s.maxLength === 'number')
      this.push(
        param,
        'maxLength',
        `${name} must be at most ${s.maxLength} characters long; ${this.reject(param, 'maxLength', 'a longer value')}`,
      );
  }

  /** minItems and maxItems of a list (comma-separated or repeated), and non-empty entries. */
  private counts({ param, schema: s, comma }: Input, name: string): void {
    const entries = comma ? 'comma-separated entries' : 'values';
    if (typeof s.minItems === 'number') {
      const atLeast = s.minItems === 1 ? `at least one ${comma ? 'entry' : 'value'}` : `at least ${s.minItems} ${entries}`;
      this.push(param, 'minItems', `${name} must hold ${atLeast}; ${this.reject(param, 'minItems', 'an empty value')}`);
    }
    if (typeof s.maxItems === 'number') {
      const repeat = comma ? '' : ' (the parameter is repeatable)';
      this.push(
        param,
        'maxItems',
        `${name} accepts at most ${s.maxItems} ${entries}${repeat}; ${this.reject(param, 'maxItems', 'more', 'give')}`,
      );
    }
    if (types(s).includes('array') && typeof resolveRef(s.items).minLength === 'number')
      this.push(param, 'minLength', `every entry of ${name} must be non-empty; ${this.reject(param, 'minLength', 'an empty entry')}`);
  }

  /** pattern, format, and a choice of formats (anyOf). */
  private shapes({ param, schema: s }: Input, name: string): void {
    const pattern = str(s.pattern);
    if (pattern) this.push(param, 'pattern', `${name} must match ${pattern}; ${this.reject(param, 'pattern', 'any other value')}`);
    const format = str(s.format);
    if (format)
      this.push(param, 'format', `${name} must be ${FORMAT_TEXT[format] ?? format}; ${this.reject(param, 'format', 'any other value')}`);
    const formats = arr(s.anyOf)
      .map((a) => str(obj(a).format))
      .filter((x): x is string => !!x);
    if (formats.length > 0)
      this.push(
        param,
        'format',
        `${name} must be ${list(formats.map((f) => FORMAT_TEXT[f] ?? f))}; ${this.reject(param, 'format', 'any other value')}`,
      );
  }

  /** The default, observable only where DEFAULT_OBSERVE says how. */
  private defaults({ param, schema: s }: Input, name: string): void {
    if (s.default === undefined) return;
    const d = DEFAULT_OBSERVE[`${this.id}#${param}`];
    const unit = UNITS[param] ? ` ${UNITS[param]}` : '';
    this.push(
      param,
      'default',
      `When omitted, ${name} defaults to ${show(s.default)}${unit}${d ? `, ${d.how}` : ''}`,
      d?.observe ?? 'unobservable',
    );
  }
}

/** Every PARAM rule, operation by operation in document order: parameters, then the body. */
export function paramRules(): Keyed[] {
  const out: Keyed[] = [];
  for (const o of contract().operations.values()) {
    const rules = new OperationParams(o);
    rules.parameters();
    rules.body();
    out.push(...rules.out);
  }
  return out;
}
