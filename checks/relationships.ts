/**
 * Checks of the relationships envelope (spec: Resources / Relationships envelope; rules REL-*).
 */
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { defineCheck } from './define.ts';

const CATEGORIES = ['assets', 'markets', 'signals'] as const;
const EDGES = new Set(['HAS_MARKET', 'ON_MARKET', 'ON_FORECAST', 'HAS_SIGNAL']);
const ODDS_KEYS = /^(probability|.*_probability|market_odds|yes_odds|yes_bid|yes_ask|yes_last|venue_quote|odds)$/;
export const REL_CAP = 50;

/** Every member (JSON pointer, key) of `value`, nested ones included; a nested relationships object is REL-003's. */
function nestedKeys(value: unknown, path: string): [string, string][] {
  if (!value || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => nestedKeys(v, path + ptr(i)));
  return Object.entries(value).flatMap(([k, v]) => [
    [path + ptr(k), k] as [string, string],
    ...(k === 'relationships' ? [] : nestedKeys(v, path + ptr(k))),
  ]);
}

/** One envelope: caps, truncated flags, flatness, no odds, no AFFECTS, no forecast refs. */
export function checkRelationships(env: unknown, path: string): Violation[] {
  if (!env || typeof env !== 'object') return [];
  const e = env as Record<string, unknown>;
  const out: Violation[] = [];
  for (const key of Object.keys(e)) {
    if (![...CATEGORIES, 'truncated'].includes(key))
      out.push(violation('REL-006', path + ptr(key), `unexpected category ${key} (no forecast refs or other categories)`));
  }
  const truncated = (e.truncated ?? {}) as Record<string, unknown>;
  for (const cat of CATEGORIES) {
    const refs = e[cat];
    if (!Array.isArray(refs)) continue;
    if (refs.length > REL_CAP) out.push(violation('REL-001', path + ptr(cat), `${refs.length} refs (max ${REL_CAP})`));
    if (truncated[cat] === true && refs.length < REL_CAP)
      out.push(violation('REL-002', path + ptr('truncated', cat), `flagged truncated with only ${refs.length} refs`));
    const seen = new Set<string>();
    refs.forEach((ref: Record<string, unknown>, i) => {
      const at = path + ptr(cat, i);
      if (ref && typeof ref === 'object') {
        if ('relationships' in ref)
          out.push(violation('REL-003', at + '/relationships', 'nested relationships object (envelope must be flat)'));
        // The absence holds over the whole ref, nested members included (issue 22).
        for (const [p, k] of nestedKeys(ref, at))
          if (ODDS_KEYS.test(k)) out.push(violation('REL-004', p, `ref carries ${k} (no probabilities or odds)`));
        if (!EDGES.has(ref.relationship as string))
          out.push(
            violation('REL-005', at + '/relationship', `relationship ${JSON.stringify(ref.relationship)} is not a final graph edge`),
          );
        const identity = `${String(ref.relationship)}|${String(ref.via)}|${String(ref.id ?? ref.marketKey ?? ref.assetKey)}`;
        if (seen.has(identity)) out.push(violation('REL-009', at, `ref repeats ${identity}`, 'warning'));
        seen.add(identity);
      }
    });
  }
  return out;
}

/** Every `relationships` object anywhere inside `value` (JSON pointer → envelope). */
export function findEnvelopes(value: unknown, path = ''): [string, unknown][] {
  if (!value || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => findEnvelopes(v, path + ptr(i)));
  return Object.entries(value).flatMap(([k, v]) =>
    k === 'relationships' && v && typeof v === 'object' && !Array.isArray(v)
      ? [[path + ptr(k), v] as [string, unknown]]
      : findEnvelopes(v, path + ptr(k)),
  );
}

/** Checks every envelope found anywhere in a response body. */
export function checkAllRelationships(body: unknown): Violation[] {
  return findEnvelopes(body).flatMap(([p, env]) => checkRelationships(env, p));
}

/** Edges between a market and another node whose direction REL-011 compares from both ends. */
const MARKET_EDGES = new Set(['HAS_MARKET', 'HAS_SIGNAL', 'ON_MARKET']);

/**
 * One ref's view of a market edge: the end it is seen from ('market' or 'other'), or undefined when REL-011 does
 * not place it. A direct ref is read from the response subject (REL-011): a market's direct asset and signal refs
 * are seen from a market only when the envelope's subject is a market; a direct market ref only when it is not
 * (an asset, forecast or signal subject: the oil reading's markets).
 */
function viewEnd(category: string, via: unknown, subjectIsMarket: boolean): 'market' | 'other' | undefined {
  // Any ref via a market is seen from a market; a market subject's direct asset and signal refs too.
  if ((category === 'assets' || category === 'signals') && (via === 'market' || (via === 'direct' && subjectIsMarket))) return 'market';
  // Market refs are seen from the other end: a non-market subject (direct) or the intermediate asset.
  if (category === 'markets' && (via === 'asset' || (via === 'direct' && !subjectIsMarket))) return 'other';
  return undefined;
}

/**
 * Every envelope inside `value` with its pointer and, when the object holding it is a market (a marketKey beside
 * it), that marketKey.
 */
function envelopesWithSubject(value: unknown, path = ''): [string, unknown, string | undefined][] {
  if (!value || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => envelopesWithSubject(v, path + ptr(i)));
  const row = value as Record<string, unknown>;
  return Object.entries(row).flatMap(([k, v]) =>
    k === 'relationships' && v && typeof v === 'object' && !Array.isArray(v)
      ? [[path + ptr(k), v, typeof row.marketKey === 'string' ? row.marketKey : undefined] as [string, unknown, string | undefined]]
      : envelopesWithSubject(v, path + ptr(k)),
  );
}

/**
 * The envelopes a forecast holds, with their pointers: a compact forecast or a job's or the stored read's forecast
 * (an object with a numeric probability and a creation instant), and availability's latestForecast.
 */
function forecastEnvelopes(value: unknown, path = '', key = ''): [string, Record<string, unknown>][] {
  if (!value || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => forecastEnvelopes(v, path + ptr(i)));
  const row = value as Record<string, unknown>;
  const isForecast =
    key === 'latestForecast' ||
    (typeof row.probability === 'number' && (typeof row.created_at === 'string' || typeof row.createdAt === 'string'));
  const env = row.relationships;
  const here: [string, Record<string, unknown>][] =
    isForecast && env && typeof env === 'object' && !Array.isArray(env)
      ? [[path + ptr('relationships'), env as Record<string, unknown>]]
      : [];
  return [...here, ...Object.entries(row).flatMap(([k, v]) => (k === 'relationships' ? [] : forecastEnvelopes(v, path + ptr(k), k)))];
}

/** The refs of one category of forecasts' envelopes that `pick` keeps, with their pointers (REL-012/013's instances). */
const forecastRefs = (body: unknown, category: 'assets' | 'signals', pick: (ref: Record<string, unknown>) => boolean) =>
  forecastEnvelopes(body).flatMap(([path, env]) =>
    Array.isArray(env[category])
      ? (env[category] as unknown[]).flatMap((ref, i) =>
          ref && typeof ref === 'object' && pick(ref as Record<string, unknown>)
            ? [[path + ptr(category, i), ref as Record<string, unknown>] as [string, Record<string, unknown>]]
            : [],
        )
      : [],
  );

/** The AssetRefs with relationship HAS_MARKET in forecasts' envelopes (REL-012's instances). */
const forecastAssetRefs = (body: unknown) => forecastRefs(body, 'assets', (ref) => ref.relationship === 'HAS_MARKET');

/** The direct SignalRefs of forecasts' envelopes (REL-013's instances). */
const forecastSignalRefs = (body: unknown) => forecastRefs(body, 'signals', (ref) => ref.via === 'direct');

/** REL-013's instances in `body`: direct SignalRefs in a forecast's envelope. */
export const forecastSignalRefInstances = (body: unknown): number => forecastSignalRefs(body).length;

/**
 * REL-013 (round-13 bug: availability's latestForecast labelled its signals HAS_SIGNAL, the market's edge): a signal
 * published on a forecast is linked to it by ON_FORECAST, the one edge the enum names for a forecast.
 */
export function checkForecastSignalEdge(body: unknown): Violation[] {
  return forecastSignalRefs(body)
    .filter(([, ref]) => ref.relationship !== 'ON_FORECAST')
    .map(([path, ref]) =>
      violation(
        'REL-013',
        path + '/relationship',
        `a forecast's direct signal ref ${String(ref.id)} has relationship ${JSON.stringify(ref.relationship)}; a signal published on a forecast is ON_FORECAST it`,
      ),
    );
}

/** REL-012's instances in `body`: AssetRefs with relationship HAS_MARKET in a forecast's envelope. */
export const forecastAssetRefInstances = (body: unknown): number => forecastAssetRefs(body).length;

/**
 * REL-012 (round-12 bug: the latest feed's compact forecasts said their assets were direct): HAS_MARKET joins an asset
 * and a market, so an asset reached from a forecast is two hops away, via its market.
 */
export function checkForecastAssetVia(body: unknown): Violation[] {
  return forecastAssetRefs(body)
    .filter(([, ref]) => ref.via !== 'market')
    .map(([path, ref]) =>
      violation(
        'REL-012',
        path + '/via',
        `a forecast's HAS_MARKET asset ref ${String(ref.assetKey)} has via ${JSON.stringify(ref.via)}; a forecast reaches assets through its market (via market)`,
      ),
    );
}

/** The kind of node at the other end of a HAS_MARKET edge from a ref of `category` (HAS_MARKET joins an asset and a market). */
const HAS_MARKET_OTHER_END: Record<string, 'asset' | 'market'> = { markets: 'asset', assets: 'market' };

/**
 * The HAS_MARKET refs of every envelope in `body` whose hops REL-007 places: a two-hop one (via market or via asset),
 * whose intermediate node is the edge's other end, and a direct market ref of a market's own envelope (a market's
 * marketKey beside it), which HAS_MARKET cannot join in one hop. Each with its pointer and what `via` must be.
 */
const hasMarketHops = (body: unknown) =>
  envelopesWithSubject(body).flatMap(([path, env, market]) =>
    (['assets', 'markets'] as const).flatMap((cat) => {
      const refs = (env as Record<string, unknown>)[cat];
      if (!Array.isArray(refs)) return [];
      return refs.flatMap((ref: Record<string, unknown> | null, i) => {
        if (!ref || typeof ref !== 'object' || ref.relationship !== 'HAS_MARKET') return [];
        const twoHop = ref.via === 'market' || ref.via === 'asset';
        const directSibling = ref.via === 'direct' && cat === 'markets' && market !== undefined;
        if (!twoHop && !directSibling) return [];
        return [{ path: path + ptr(cat, i), ref, cat, expected: HAS_MARKET_OTHER_END[cat]! }];
      });
    }),
  );

/** REL-007's instances in `body`: HAS_MARKET refs two hops away, or direct market refs of a market's envelope. */
export const hasMarketHopInstances = (body: unknown): number => hasMarketHops(body).length;

/**
 * REL-007 (round-43 bug: the evidence route's sibling markets said via market): `via` names the node between the
 * subject and a two-hop ref, and HAS_MARKET joins an asset and a market (spec overview, item 5), so a two-hop
 * HAS_MARKET market ref is via asset and a two-hop HAS_MARKET asset ref via market; a market's envelope reaches
 * another market through an asset, never direct.
 */
export function checkHasMarketHops(body: unknown): Violation[] {
  return hasMarketHops(body)
    .filter(({ ref, expected }) => ref.via !== expected)
    .map(({ path, ref, cat, expected }) =>
      violation(
        'REL-007',
        path + '/via',
        `a HAS_MARKET ${cat === 'markets' ? 'market' : 'asset'} ref ${String(ref.marketKey ?? ref.assetKey)} has via ${JSON.stringify(ref.via)}; HAS_MARKET joins an asset and a market, so the node between is ${cat === 'markets' ? 'an asset' : 'a market'} (via ${expected})`,
      ),
    );
}

/** The intermediate node that makes a two-hop ref of `category` end on an asset–market edge. */
const ASSET_MARKET_VIA: Record<string, 'asset' | 'market'> = { assets: 'market', markets: 'asset' };

/** The two-hop refs of every envelope in `body` whose final edge joins an asset and a market (REL-014's instances). */
const assetMarketHops = (body: unknown) =>
  findEnvelopes(body).flatMap(([path, env]) =>
    (['assets', 'markets'] as const).flatMap((cat) => {
      const refs = (env as Record<string, unknown>)[cat];
      if (!Array.isArray(refs)) return [];
      return refs.flatMap((ref: Record<string, unknown> | null, i) =>
        ref && typeof ref === 'object' && ref.via === ASSET_MARKET_VIA[cat] ? [{ path: path + ptr(cat, i), ref, cat }] : [],
      );
    }),
  );

/** REL-014's instances in `body`: AssetRefs via market and MarketRefs via asset, in any envelope. */
export const assetMarketHopInstances = (body: unknown): number => assetMarketHops(body).length;

/**
 * REL-014 (round-44 bug: the latest feed's compact forecasts labelled their via-market assets ON_MARKET, the first
 * hop's edge): `relationship` is the final edge, and an asset reached through a market (or a market through an asset)
 * ends on an asset–market edge, which only HAS_MARKET is (overview item 5), in every envelope.
 */
export function checkAssetMarketEdge(body: unknown): Violation[] {
  return assetMarketHops(body)
    .filter(({ ref }) => ref.relationship !== 'HAS_MARKET')
    .map(({ path, ref, cat }) =>
      violation(
        'REL-014',
        path + '/relationship',
        `${cat === 'assets' ? 'an asset ref' : 'a market ref'} ${String(ref.assetKey ?? ref.marketKey)} via ${String(ref.via)} has relationship ${JSON.stringify(ref.relationship)}; its final edge joins an asset and a market, which only HAS_MARKET does`,
      ),
    );
}

/** One ref's view of a market edge; `path` is its JSON pointer, prefixed with its answer's name when remembered across answers. */
interface EdgeView {
  edge: string;
  end: 'market' | 'other';
  direction: string;
  path: string;
}

/** The first view of each (edge, end) seen so far: what REL-011 compares later views with, within one answer or across answers. */
export type EdgeViews = Map<string, EdgeView>;

const edgeViews = (body: unknown): EdgeView[] =>
  envelopesWithSubject(body).flatMap(([path, env, market]) =>
    CATEGORIES.flatMap((cat) => {
      const subjectIsMarket = market !== undefined;
      const refs = (env as Record<string, unknown>)[cat];
      if (!Array.isArray(refs)) return [];
      return refs.flatMap((ref: Record<string, unknown> | null, i) => {
        const end = ref && typeof ref === 'object' ? viewEnd(cat, ref.via, subjectIsMarket) : undefined;
        if (!ref || !end || !MARKET_EDGES.has(ref.relationship as string) || typeof ref.direction !== 'string') return [];
        return [{ edge: ref.relationship as string, end, direction: ref.direction, path: path + ptr(cat, i) }];
      });
    }),
  );

/**
 * Refs REL-011 compares: those of an edge type seen at least twice (from either end) across `body`, or seen
 * before in `earlier` (the views remembered from other answers).
 */
export function refDirectionInstances(body: unknown, earlier?: ReadonlyMap<string, EdgeView>): number {
  const views = edgeViews(body);
  const per = new Map<string, number>();
  for (const v of views) per.set(v.edge, (per.get(v.edge) ?? 0) + 1);
  const seenBefore = (edge: string): boolean => !!earlier && (earlier.has(`${edge}|market`) || earlier.has(`${edge}|other`));
  return views.filter((v) => (per.get(v.edge) ?? 0) >= 2 || seenBefore(v.edge)).length;
}

/**
 * REL-011 across every envelope of `body` (one answer, or an array of answers): each edge type between
 * a market and another node shows one direction from the market's end and the opposite one from the
 * other end. The first view of each (edge, end) sets the expectation; every disagreeing ref is reported.
 * `first` may carry the views of earlier answers (it is updated with this one's first views, each path
 * prefixed with `answer`, e.g. "listSources answer"), so that two answers that disagree are caught too.
 */
export function checkRefDirections(body: unknown, first: EdgeViews = new Map(), answer?: string): Violation[] {
  const out: Violation[] = [];
  for (const v of edgeViews(body)) {
    const same = first.get(`${v.edge}|${v.end}`);
    const opposite = first.get(`${v.edge}|${v.end === 'market' ? 'other' : 'market'}`);
    if (same && same.direction !== v.direction)
      out.push(
        violation(
          'REL-011',
          v.path + '/direction',
          `${v.edge} seen from the ${v.end} end is ${v.direction} here but ${same.direction} at ${same.path}`,
        ),
      );
    else if (!same && opposite && opposite.direction === v.direction)
      out.push(violation('REL-011', v.path + '/direction', `${v.edge} is ${v.direction} from both ends (also at ${opposite.path})`));
    // Remembered across answers, a view names its answer, so a later disagreement says where the first view was.
    if (!same) first.set(`${v.edge}|${v.end}`, answer ? { ...v, path: `${answer}: ${v.path}` } : v);
  }
  return out;
}

/**
 * The categories of markets' envelopes the target flagged truncated (so really holding more than 50 refs, REL-008),
 * by `marketKey|category`, each with where it was seen: what later envelopes of the same market are held to.
 */
export type CappedCategories = Map<string, string>;

/** Each category of a market's envelope in `body`, with its pointer and the key of the market it belongs to. */
const marketCategories = (body: unknown) =>
  envelopesWithSubject(body).flatMap(([path, env, market]) =>
    market === undefined
      ? []
      : CATEGORIES.filter((cat) => Array.isArray((env as Record<string, unknown>)[cat])).map((cat) => {
          const e = env as Record<string, unknown>;
          return {
            key: `${market}|${cat}`,
            market,
            cat,
            path: path + ptr(cat),
            refs: (e[cat] as unknown[]).length,
            flagged: (e.truncated as Record<string, unknown> | undefined)?.[cat],
          };
        }),
  );

/**
 * REL-008's instances in `body`: categories of a market's envelope that this answer or an earlier one (`known`)
 * flags truncated, that is known to hold more than 50 refs.
 */
export function cappedInstances(body: unknown, known?: ReadonlyMap<string, string>): number {
  const cats = marketCategories(body);
  const here = new Set(cats.filter((c) => c.flagged === true).map((c) => c.key));
  return cats.filter((c) => here.has(c.key) || known?.has(c.key)).length;
}

/**
 * REL-008 across the envelopes of one market: a category the target flags truncated in one envelope of a market
 * (it really has more than 50 refs) is capped at 50 and flagged truncated in every envelope of that market, in this
 * answer and later ones. `known` carries what earlier answers flagged (updated with this one's, each named
 * `answer`), so an answer that lists the category short of the cap, or unflagged, after another flagged it is caught.
 */
export function checkCappedCategories(body: unknown, known: CappedCategories = new Map(), answer?: string): Violation[] {
  const cats = marketCategories(body);
  for (const c of cats) if (c.flagged === true && !known.has(c.key)) known.set(c.key, answer ? `${answer}: ${c.path}` : c.path);
  return cats
    .filter((c) => known.has(c.key) && !(c.refs === REL_CAP && c.flagged === true))
    .map((c) =>
      violation(
        'REL-008',
        c.path,
        `${c.market}'s ${c.cat}: ${c.refs} refs, truncated ${JSON.stringify(c.flagged)}; ${known.get(c.key)!} flags the category truncated (more than ${REL_CAP}), so it is capped at ${REL_CAP} and flagged wherever the market's envelope is`,
      ),
    );
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** Every rule of the relationships envelope (spread by the composite checks of market rows). */
export const REL_RULES = ['REL-001', 'REL-002', 'REL-003', 'REL-004', 'REL-005', 'REL-006', 'REL-009'];
/** The relationships checks, by name (the name of the function each wraps). */
export const RELATIONSHIPS_CHECKS = {
  checkRelationships: defineCheck('checkRelationships', REL_RULES, checkRelationships),
  checkAllRelationships: defineCheck('checkAllRelationships', REL_RULES, checkAllRelationships),
  checkCappedCategories: defineCheck('checkCappedCategories', ['REL-008'], checkCappedCategories, undefined, {
    'REL-008': {
      what: 'a category of a market envelope that an envelope of the same market flags truncated',
      count: ([body]) => cappedInstances(body),
    },
  }),
  checkForecastAssetVia: defineCheck('checkForecastAssetVia', ['REL-012'], checkForecastAssetVia, undefined, {
    'REL-012': {
      what: "an AssetRef with relationship HAS_MARKET in a forecast's envelope",
      count: ([body]) => forecastAssetRefInstances(body),
    },
  }),
  checkHasMarketHops: defineCheck('checkHasMarketHops', ['REL-007'], checkHasMarketHops, undefined, {
    'REL-007': {
      what: "a HAS_MARKET ref two hops away, or a direct market ref in a market's envelope",
      count: ([body]) => hasMarketHopInstances(body),
    },
  }),
  checkAssetMarketEdge: defineCheck('checkAssetMarketEdge', ['REL-014'], checkAssetMarketEdge, undefined, {
    'REL-014': { what: 'an AssetRef via market or a MarketRef via asset', count: ([body]) => assetMarketHopInstances(body) },
  }),
  checkForecastSignalEdge: defineCheck('checkForecastSignalEdge', ['REL-013'], checkForecastSignalEdge, undefined, {
    'REL-013': { what: "a SignalRef with via direct in a forecast's envelope", count: ([body]) => forecastSignalRefInstances(body) },
  }),
  checkRefDirections: defineCheck('checkRefDirections', ['REL-011'], checkRefDirections, undefined, {
    'REL-011': {
      what: 'a ref of an edge type seen from both of its ends, or twice from one end, in the answers judged',
      count: ([body]) => refDirectionInstances(body),
    },
  }),
};
