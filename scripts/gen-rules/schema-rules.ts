/**
 * The SCH family (contract/rules/schema.yaml): one atomic rule per constraint of a component schema that
 * some operation's response reaches, observable as its most observable operation (`x-fc-observe`).
 */
import { contract } from '../../contract/index.ts';
import {
  FORMAT_TEXT,
  OTHER_OPERATIONS,
  arr,
  describeType,
  gapOf,
  list,
  nullable,
  obj,
  refName,
  schemas,
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

/** Spec sections of the component schemas; a schema not named here cites "Other operations referenced". */
export const SCHEMA_SECTION: Record<string, string> = {
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

const OBSERVE_RANK: Observe[] = ['black-box', 'control-plane', 'spend-budget', 'wallet', 'unobservable'];

/** Component schema names referenced (transitively) from `root`. */
function schemaRefs(root: Json | undefined): Set<string> {
  const into = new Set<string>();
  const components = obj(obj(contract().doc as unknown as Schema).components);
  const walk = (v: Json | undefined): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (v === null || typeof v !== 'object') return;
    const ref = str(v.$ref);
    if (ref?.startsWith('#/components/')) {
      const [, , kind = '', name = ''] = ref.split('/');
      if (!into.has(`${kind}/${name}`)) {
        into.add(`${kind}/${name}`);
        walk(obj(components[kind])[name]);
      }
    }
    for (const [k, child] of Object.entries(v)) if (k !== '$ref') walk(child);
  };
  walk(root);
  return new Set([...into].filter((k) => k.startsWith('schemas/')).map((k) => k.slice('schemas/'.length)));
}

/** Best (most observable) way to see each response-side component schema: its operations' `x-fc-observe`. */
function schemaObservability(): Map<string, Observe> {
  const best = new Map<string, Observe>();
  for (const op of contract().operations.values()) {
    const how = op.facts.observe;
    for (const name of schemaRefs(op.spec.responses as unknown as Json)) {
      const prev = best.get(name);
      if (!prev || OBSERVE_RANK.indexOf(how) < OBSERVE_RANK.indexOf(prev)) best.set(name, how);
    }
  }
  return best;
}

const gapText = (label: string, g: Gap): string => `For ${label}, not shown in the contract: ${g.what.replace(/\.$/, '')}`;

/** The rules of one component schema: its root (gap, allOf, oneOf), then every constraint below it. */
class ComponentRules {
  readonly out: Keyed[] = [];
  private readonly section: string;

  constructor(
    private readonly name: string,
    private readonly observe: Observe,
  ) {
    this.section = SCHEMA_SECTION[name] ?? OTHER_OPERATIONS;
  }

  /** One rule at `loc`; a gap on the same keyword replaces the rule. @throws Error for a duplicate non-gap key. */
  push(loc: string, keyword: string, text: string, gap?: Gap, subject?: string): void {
    const key = `${loc}#${keyword}`;
    const rule: Keyed = {
      key,
      section: this.section,
      level: 'MUST',
      text: sentence(text),
      observe: this.observe,
      kind: gap ? 'gap' : 'rule',
      ...(gap ? { choice: `${subject ?? loc}: ${gap.choice}` } : {}),
      schema: loc,
      keyword,
    };
    const existing = this.out.findIndex((r) => r.key === key);
    if (existing < 0) this.out.push(rule);
    else if (gap) this.out[existing] = rule;
    else throw new Error(`duplicate rule key ${key}`);
  }

  root(raw: Schema): void {
    const name = this.name;
    const rootGap = gapOf(raw);
    if (rootGap) this.push(name, rootGap.keyword, gapText(name, rootGap), rootGap, name);
    for (const part of arr(raw.allOf)) {
      const ref = str(obj(part).$ref);
      if (ref)
        this.push(
          `${name}/allOf`,
          'allOf',
          `Every ${name} also satisfies every ${refName(ref)} rule (it carries all ${refName(ref)} fields)`,
        );
    }
    const oneOf = arr(raw.oneOf)
      .map((a) => str(obj(a).$ref))
      .filter((x): x is string => !!x);
    if (oneOf.length > 0) {
      const disc = str(obj(raw.discriminator).propertyName);
      this.push(
        `${name}/oneOf`,
        'oneOf',
        `A ${name} matches exactly one of ${list(oneOf.map(refName))}${disc ? `, selected by ${disc}` : ''}`,
      );
    }
    this.constraints(name, name, raw, types(raw).includes('object') || raw.properties ? name : `A ${name} value`);
  }

  /** Keyword rules of one schema node (enum, const, bounds, format, pattern), then its items and properties. */
  private constraints(loc: string, label: string, s: Schema, subject: string, when = ''): void {
    const orNull = nullable(s) ? ' when it is not null' : '';
    const noun = (t: string): string => `${when}${subject} ${t}${orNull}`;
    const values = arr(s.enum);
    if (s.enum !== undefined)
      this.push(loc, 'enum', noun(values.length === 1 ? `is always ${show(values[0])}` : `is one of ${list(values)}`));
    if (s.const !== undefined) this.push(loc, 'const', `${when}${subject} is always the constant ${JSON.stringify(s.const)}`);
    if (typeof s.minimum === 'number') this.push(loc, 'minimum', noun(`is at least ${s.minimum}`));
    if (typeof s.maximum === 'number') this.push(loc, 'maximum', noun(`is at most ${s.maximum}`));
    if (typeof s.minLength === 'number')
      this.push(loc, 'minLength', noun(s.minLength === 1 ? 'is never empty' : `is at least ${s.minLength} characters long`));
    if (typeof s.maxLength === 'number') this.push(loc, 'maxLength', noun(`is at most ${s.maxLength} characters long`));
    if (typeof s.minItems === 'number')
      this.push(loc, 'minItems', noun(s.minItems === 1 ? 'holds at least one item' : `holds at least ${s.minItems} items`));
    if (typeof s.maxItems === 'number') this.push(loc, 'maxItems', noun(`holds at most ${s.maxItems} items`));
    if (s.uniqueItems === true) this.push(loc, 'uniqueItems', noun('holds no duplicate items'));
    const format = str(s.format);
    if (format) this.push(loc, 'format', noun(`is ${FORMAT_TEXT[format] ?? `in format ${format}`}`));
    const pattern = str(s.pattern);
    if (pattern) this.push(loc, 'pattern', noun(`matches the pattern ${pattern}`));

    const items = obj(s.items);
    if (s.items !== undefined && items.$ref === undefined) {
      const itemLoc = `${loc}/items`;
      const itemGap = gapOf(items);
      const every = `every element of ${label}`;
      if (itemGap) this.push(itemLoc, itemGap.keyword, gapText(every, itemGap), itemGap, every);
      this.constraints(itemLoc, `${label}[]`, items, every, when);
    }
    if (s.properties !== undefined) this.properties(loc, label, s);
  }

  /** The presence and type rules of each property of an object schema, then its own constraints. */
  private properties(loc: string, label: string, s: Schema): void {
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
        if (required.has(prop)) this.push(pLoc, 'required', `${inParent}${pLabel} is always present`);
        this.push(pLoc, 'type', gapText(pLabel, gap), gap, pLabel);
      } else {
        if (required.has(prop)) {
          this.push(pLoc, 'required', `${inParent}${pLabel} is always present${typeText ? ` and is ${typeText}` : ''}`);
        } else if (typeText) {
          this.push(pLoc, 'type', `when present, ${pLabel}${deprecated} is ${typeText}`);
        }
        if (gap) this.push(pLoc, gap.keyword, gapText(pLabel, gap), gap, pLabel);
      }
      // inline allOf parts of a property (for example WalletLinkResponse.wallet) are walked through its own properties
      this.constraints(pLoc, pLabel, p, pLabel, required.has(prop) ? '' : 'when present, ');
    }
  }
}

/** Every SCH rule, in document order of the component schemas (request-only schemas are the PARAM family's). */
export function schemaRules(): Keyed[] {
  const observeOf = schemaObservability();
  const out: Keyed[] = [];
  for (const [name, raw] of Object.entries(schemas())) {
    const observe = observeOf.get(name);
    if (!observe) continue;
    const component = new ComponentRules(name, observe);
    component.root(obj(raw));
    out.push(...component.out);
  }
  return out;
}
