/**
 * Checks of the Asset routes (spec: Endpoints / GET /api/v1/assets/search; Resources / Asset search
 * item; Other operations referenced: GET /api/v1/assets and /api/v1/assets/stance). Families ASRCH
 * (search) and ASSET (directory, stance). Pure functions: each returns violations, none throws.
 * Gap choices of the reference stub are checked only at severity `warning`, so a target is never
 * failed over a gap.
 */
import { checkMarketList, MARKET_ROW_CHECKS } from './market-row.ts';
import type { MarketCheckContext } from './market-row.ts';
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { defineCheck } from './define.ts';
import {
  checkIdentitySeenTwice,
  identitySightings,
  identitySeenTwiceInstances,
  type IdentitySighting,
  type IdentityViews,
} from './seen-twice.ts';

type Row = Record<string, unknown>;

/** The three request modes of asset search (spec rule 1). */
export type SearchMode = 'q' | 'reference' | 'material';

/** What the request asked for; the response is judged against it. */
export interface SearchRequest {
  mode: SearchMode;
  q?: string;
  /** reference values in input order, repeats included. */
  references?: readonly string[];
  /** The material_only value sent; undefined when the parameter was omitted. */
  materialOnly?: boolean;
  platform?: string;
  assetType?: string;
}

/** The relationship-cap of the envelope; hydration must not be capped at it (ASRCH-024). */
export const RELATIONSHIP_CAP = 50;
/** market_summary.mispricing_threshold_pp, "currently 7.5" (ASRCH-029). */
export const MISPRICING_THRESHOLD_PP = 7.5;

const rows = (v: unknown): Row[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as Row[]) : []);
const lower = (s: unknown): string => String(s).toLowerCase();

/** True when a hydrated linked market carries venue odds or a latest forecast probability (materiality). */
export const isMaterialLinkedMarket = (m: Row): boolean => m.market_odds != null || m.latest_service_probability != null;

/** True when an Asset of a hydrated response has a material linked market (spec material_only). */
export const isMaterialAsset = (asset: Row): boolean => rows(asset.linked_markets).some(isMaterialLinkedMarket);

/** Asset ids of a search or directory body, in response order. */
export const assetIds = (body: unknown): string[] => rows((body as Row | null)?.assets).map((a) => String(a.id));

/** The Asset with `id` in a search or directory body. */
export const findAsset = (body: unknown, id: string): Row | undefined => rows((body as Row | null)?.assets).find((a) => a.id === id);

/** Marketkeys of an Asset's linked markets. */
export const linkedKeys = (asset: Row | undefined): string[] => rows(asset?.linked_markets).map((m) => String(m.marketKey));

/**
 * One hydrated linked market: the market-list-item checks (ROUTE-*, QUOTE-*, REL-*) plus the linked
 * fields (ASRCH-025 warning, ASRCH-026, -027, -028).
 */
export function checkLinkedMarket(m: Row, path: string): Violation[] {
  const out: Violation[] = [];
  if (m.has_forecast === false) {
    for (const k of ['latest_service_probability', 'thesis', 'forecast_at'] as const) {
      if (m[k] !== null) out.push(violation('ASRCH-026', path + ptr(k), `has_forecast is false but ${k} is ${JSON.stringify(m[k])}`));
    }
  }
  if (m.has_forecast === true) {
    for (const k of ['latest_service_probability', 'forecast_at'] as const) {
      if (m[k] == null) out.push(violation('ASRCH-025', path + ptr(k), `has_forecast is true but ${k} is null`, 'warning'));
    }
  }
  const count = m.published_signal_count;
  if (typeof count === 'number' && typeof m.has_published_signal === 'boolean' && m.has_published_signal !== count > 0) {
    out.push(
      violation(
        'ASRCH-027',
        path + ptr('has_published_signal'),
        `has_published_signal ${String(m.has_published_signal)} with published_signal_count ${count}`,
      ),
    );
  }
  const p = m.latest_service_probability;
  if (typeof p === 'number' && !(p >= 0 && p <= 1))
    out.push(violation('ASRCH-028', path + ptr('latest_service_probability'), `${p} is not a probability in 0..1`));
  return out;
}

/** Every linked market of one Asset (market-list checks incl. ROUTE-002 uniqueness, linked fields). */
function checkLinkedMarkets(asset: Row, ctx: MarketCheckContext, path: string): Violation[] {
  const linked = rows(asset.linked_markets);
  return [
    ...checkMarketList(linked, ctx, path + '/linked_markets'),
    ...linked.flatMap((m, i) => checkLinkedMarket(m, path + ptr('linked_markets', i))),
  ];
}

/** The echo fields: query, references, material_only (ASRCH-010..014). */
export function checkSearchEcho(body: Row, req: SearchRequest): Violation[] {
  const out: Violation[] = [];
  if (req.mode === 'q' && body.query !== req.q)
    out.push(violation('ASRCH-010', '/query', `query ${JSON.stringify(body.query)} should echo q ${JSON.stringify(req.q)}`));
  if (req.mode === 'reference' && body.query !== null)
    out.push(violation('ASRCH-011', '/query', `query ${JSON.stringify(body.query)} should be null in reference mode`));
  if (req.mode === 'material' && body.query !== '*')
    out.push(violation('ASRCH-102', '/query', `query ${JSON.stringify(body.query)} (stub choice: '*' in material-only mode)`, 'warning'));
  const refs = Array.isArray(body.references) ? (body.references as unknown[]) : [];
  const seen = new Set<unknown>();
  refs.forEach((r, i) => {
    if (seen.has(r)) out.push(violation('ASRCH-012', ptr('references', i), `reference ${JSON.stringify(r)} repeats`));
    seen.add(r);
  });
  if (req.mode === 'reference') {
    const want = [...new Set(req.references ?? [])];
    const missing = want.filter((r) => !seen.has(r));
    const extra = [...seen].filter((r) => !want.includes(r as string));
    if (missing.length || extra.length) {
      out.push(
        violation(
          'ASRCH-013',
          '/references',
          `references should be the distinct values given; missing ${JSON.stringify(missing)}, extra ${JSON.stringify(extra)}`,
        ),
      );
    } else if (JSON.stringify(refs) !== JSON.stringify(want)) {
      out.push(
        violation(
          'ASRCH-101',
          '/references',
          `order ${JSON.stringify(refs)} (stub choice: first-occurrence input order ${JSON.stringify(want)})`,
          'warning',
        ),
      );
    }
  } else if (refs.length) {
    out.push(
      violation('ASRCH-101', '/references', `references ${JSON.stringify(refs)} outside reference mode (stub choice: [])`, 'warning'),
    );
  }
  const effective = req.materialOnly ?? false;
  if (body.material_only !== effective)
    out.push(
      violation('ASRCH-014', '/material_only', `material_only ${JSON.stringify(body.material_only)} should echo ${String(effective)}`),
    );
  return out;
}

/** retrieval status (ASRCH-015, -016; observed values, SHOULD level). */
export function checkRetrieval(body: Row): Violation[] {
  const r = (body.retrieval ?? {}) as Row;
  const out: Violation[] = [];
  if (r.graph !== 'ok')
    out.push(violation('ASRCH-015', '/retrieval/graph', `graph lane status ${JSON.stringify(r.graph)} (observed value 'ok')`, 'warning'));
  if (r.lexical !== 'unconfigured')
    out.push(
      violation(
        'ASRCH-016',
        '/retrieval/lexical',
        `lexical lane status ${JSON.stringify(r.lexical)} (observed value 'unconfigured')`,
        'warning',
      ),
    );
  return out;
}

/** assets sorted by relevance.score, non-increasing (ASRCH-050). Scores are not range-checked: they are not probabilities. */
export function checkRelevanceOrder(assets: readonly Row[]): Violation[] {
  const out: Violation[] = [];
  for (let i = 1; i < assets.length; i++) {
    const prev = (assets[i - 1]!.relevance as Row | undefined)?.score;
    const cur = (assets[i]!.relevance as Row | undefined)?.score;
    if (typeof prev === 'number' && typeof cur === 'number' && cur > prev) {
      out.push(violation('ASRCH-050', ptr('assets', i, 'relevance', 'score'), `score ${cur} after ${prev} (must be non-increasing)`));
    }
  }
  return out;
}

/** Filters every returned Asset must pass (ASRCH-060, -062). */
export function checkFilters(assets: readonly Row[], req: SearchRequest): Violation[] {
  const out: Violation[] = [];
  assets.forEach((a, i) => {
    if (req.platform !== undefined) {
      const ok = rows(a.identifiers).some((idf) => lower(idf.platform) === lower(req.platform));
      if (!ok)
        out.push(
          violation(
            'ASRCH-060',
            ptr('assets', i, 'identifiers'),
            `no identifier in platform ${JSON.stringify(req.platform)} (asset ${String(a.assetKey)})`,
          ),
        );
    }
    if (req.assetType !== undefined && lower(a.asset_type) !== lower(req.assetType)) {
      out.push(
        violation(
          'ASRCH-062',
          ptr('assets', i, 'asset_type'),
          `asset_type ${JSON.stringify(a.asset_type)} does not match ${JSON.stringify(req.assetType)}`,
        ),
      );
    }
  });
  return out;
}

/** The stub's market_summary / linked_market_count choices (ASRCH-103, -104), warnings only. */
function checkSummaryGaps(a: Row, path: string, hydrated: boolean): Violation[] {
  const out: Violation[] = [];
  const s = (a.market_summary ?? {}) as Row;
  if (s.active_market_count !== a.linked_market_count) {
    out.push(
      violation(
        'ASRCH-104',
        path + '/market_summary/active_market_count',
        `active_market_count ${String(s.active_market_count)} ≠ linked_market_count ${String(a.linked_market_count)} (stub choice: equal)`,
        'warning',
      ),
    );
  }
  if (!hydrated) return out;
  const linked = rows(a.linked_markets);
  if (a.linked_market_count !== linked.length) {
    out.push(
      violation(
        'ASRCH-103',
        path + '/linked_market_count',
        `linked_market_count ${String(a.linked_market_count)} ≠ ${linked.length} linked markets (stub choice: equal when hydrated)`,
        'warning',
      ),
    );
  }
  const withForecast = linked.filter((m) => m.has_forecast === true).length;
  const withSignal = linked.filter((m) => m.has_published_signal === true).length;
  if (s.markets_with_forecast !== withForecast || s.markets_with_published_signal !== withSignal) {
    out.push(
      violation(
        'ASRCH-104',
        path + '/market_summary',
        `summary ${JSON.stringify(s)} vs ${withForecast} with forecast, ${withSignal} with published signal (stub choice: equal)`,
        'warning',
      ),
    );
  }
  return out;
}

/**
 * A whole asset-search answer judged against its request: echo fields, retrieval status, ordering,
 * filters, q-mode empty linked markets (ASRCH-020), hydrated linked markets on every row, materiality
 * (ASRCH-030/-031), the uncapped hydration (ASRCH-024), the 7.5 threshold (ASRCH-029, warning),
 * matched_by 'graph' (ASRCH-051, warning) and no stance on items (ASSET-006, warning).
 */
export function checkAssetSearch(body: unknown, req: SearchRequest, ctx: MarketCheckContext): Violation[] {
  if (!body || typeof body !== 'object') return [];
  const b = body as Row;
  const assets = rows(b.assets);
  // Reference mode hydrates (rule 3); whether material-only mode does is gap ASRCH-107, so there the linked markets
  // are judged where the answer lists some, and the materiality and no-cap rules only on a hydrated list (issue 32).
  const reference = req.mode === 'reference';
  const hydrated = req.mode !== 'q';
  const lexicalOff = (b.retrieval as Row | undefined)?.lexical !== 'ok';
  const out: Violation[] = [...checkSearchEcho(b, req), ...checkRetrieval(b), ...checkRelevanceOrder(assets), ...checkFilters(assets, req)];
  assets.forEach((a, i) => {
    const at = ptr('assets', i);
    const linked = rows(a.linked_markets);
    if (req.mode === 'q' && linked.length)
      out.push(violation('ASRCH-020', at + '/linked_markets', `${linked.length} linked markets in q mode (must be empty)`));
    if (hydrated) out.push(...checkLinkedMarkets(a, ctx, at));
    if ((reference || linked.length > 0) && req.materialOnly === true && !isMaterialAsset(a)) {
      const signalOnly = linked.some((m) => m.has_published_signal === true);
      out.push(
        violation(
          signalOnly ? 'ASRCH-031' : 'ASRCH-030',
          at + '/linked_markets',
          `asset ${String(a.assetKey)} kept by material_only without a linked market with odds or a forecast probability${signalOnly ? ' (published signals alone are not materiality)' : ''}`,
        ),
      );
    }
    const summary = (a.market_summary ?? {}) as Row;
    if (
      reference &&
      typeof summary.active_market_count === 'number' &&
      summary.active_market_count > RELATIONSHIP_CAP &&
      linked.length <= RELATIONSHIP_CAP
    ) {
      out.push(
        violation(
          'ASRCH-024',
          at + '/linked_markets',
          `${linked.length} linked markets for ${summary.active_market_count} active markets (hydration must not be capped at ${RELATIONSHIP_CAP})`,
        ),
      );
    }
    if (summary.mispricing_threshold_pp !== MISPRICING_THRESHOLD_PP) {
      out.push(
        violation(
          'ASRCH-029',
          at + '/market_summary/mispricing_threshold_pp',
          `${JSON.stringify(summary.mispricing_threshold_pp)} (currently 7.5)`,
          'warning',
        ),
      );
    }
    const matchedBy = (a.relevance as Row | undefined)?.matched_by;
    if (lexicalOff && Array.isArray(matchedBy) && !matchedBy.includes('graph')) {
      out.push(
        violation(
          'ASRCH-051',
          at + '/relevance/matched_by',
          `${JSON.stringify(matchedBy)} lacks 'graph' while the lexical lane is off`,
          'warning',
        ),
      );
    }
    if ('stance' in a) out.push(violation('ASSET-006', at + '/stance', 'search item carries a stance (a separate product)', 'warning'));
    out.push(...checkSummaryGaps(a, at, hydrated));
  });
  return out;
}

/** Two responses return the same Asset set (order ignored); `ruleId` names the rule being compared. */
export function checkSameAssetSet(
  actual: readonly string[],
  expected: readonly string[],
  ruleId: string,
  path: string,
  what: string,
): Violation[] {
  const a = new Set(actual);
  const e = new Set(expected);
  const missing = [...e].filter((x) => !a.has(x));
  const extra = [...a].filter((x) => !e.has(x));
  if (!missing.length && !extra.length) return [];
  return [
    violation(
      ruleId,
      path,
      `${what}: missing ${JSON.stringify(missing.slice(0, 10))}${missing.length > 10 ? ` (+${missing.length - 10})` : ''}, unexpected ${JSON.stringify(extra.slice(0, 10))}${extra.length > 10 ? ` (+${extra.length - 10})` : ''}`,
    ),
  ];
}

/** Every `expected` id is among `actual` (subset check). */
export function checkContainsAssets(
  actual: readonly string[],
  expected: readonly string[],
  ruleId: string,
  path: string,
  what: string,
): Violation[] {
  const a = new Set(actual);
  const missing = expected.filter((x) => !a.has(x));
  return missing.length ? [violation(ruleId, path, `${what}: missing ${JSON.stringify(missing)}`)] : [];
}

const MARKET_KEYS = /^(linked_markets|markets|market|marketKey|market_key|market_keys|venue_quote|market_summary)$/;
const FORECAST_KEYS = /(probability|odds|forecast|thesis)/i;

/** Every key (JSON pointer, key) anywhere in a value. */
function keysOf(value: unknown, path = ''): [string, string][] {
  if (!value || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => keysOf(v, path + ptr(i)));
  return Object.entries(value).flatMap(([k, v]) => [[path + ptr(k), k] as [string, string], ...keysOf(v, path + ptr(k))]);
}

/**
 * The metadata-only directory: no linked markets (ASSET-002), no forecasts (ASSET-003), each Asset
 * once (ASSET-004), no stance (ASSET-006, warning), and the stub's entry shape (ASSET-100, warning).
 * `entries` are the directory's Asset entries wherever its (chosen) envelope puts them; by default
 * the `assets` array.
 */
export function checkDirectory(body: unknown, entries?: readonly Row[]): Violation[] {
  if (!body || typeof body !== 'object') return [];
  const out: Violation[] = [];
  for (const [p, k] of keysOf(body)) {
    if (MARKET_KEYS.test(k)) out.push(violation('ASSET-002', p, `directory carries ${k} (no linked markets)`));
    else if (FORECAST_KEYS.test(k)) out.push(violation('ASSET-003', p, `directory carries ${k} (no forecasts)`));
    else if (k === 'stance') out.push(violation('ASSET-006', p, 'directory carries a stance (a separate product)', 'warning'));
  }
  const assets = entries ?? rows((body as Row).assets);
  if (!Array.isArray((body as Row).assets))
    out.push(violation('ASSET-100', '/assets', 'no assets array (stub choice: {assets: [...]})', 'warning'));
  const ids = new Map<unknown, number>();
  const keys = new Map<unknown, number>();
  assets.forEach((a, i) => {
    if (ids.has(a.id)) out.push(violation('ASSET-004', ptr('assets', i, 'id'), `id ${String(a.id)} repeats entry ${ids.get(a.id)}`));
    if (keys.has(a.assetKey))
      out.push(
        violation('ASSET-004', ptr('assets', i, 'assetKey'), `assetKey ${String(a.assetKey)} repeats entry ${keys.get(a.assetKey)}`),
      );
    ids.set(a.id, i);
    keys.set(a.assetKey, i);
    for (const f of ['id', 'assetKey', 'name', 'ticker', 'asset_type', 'aliases', 'identifiers']) {
      if (!(f in a))
        out.push(
          violation('ASSET-100', ptr('assets', i, f), `entry lacks ${f} (stub choice: the search item's metadata fields)`, 'warning'),
        );
    }
  });
  return out;
}

/** identifiers of the same Asset are byte-identical in the directory and in search (ASSET-005); metadata equality is the stub's choice (ASSET-103, warning). */
export function checkDirectoryMatchesSearch(directory: unknown, search: unknown): Violation[] {
  const out: Violation[] = [];
  const byId = new Map(rows((directory as Row | null)?.assets).map((a) => [a.id, a] as const));
  rows((search as Row | null)?.assets).forEach((s, i) => {
    const d = byId.get(s.id);
    if (!d) return;
    if ('identifiers' in d && JSON.stringify(d.identifiers) !== JSON.stringify(s.identifiers)) {
      out.push(
        violation(
          'ASSET-005',
          ptr('assets', i, 'identifiers'),
          `search identifiers ${JSON.stringify(s.identifiers)} ≠ directory ${JSON.stringify(d.identifiers)}`,
        ),
      );
    }
    for (const f of ['assetKey', 'name', 'ticker', 'asset_type', 'aliases']) {
      if (f in d && JSON.stringify(d[f]) !== JSON.stringify(s[f]))
        out.push(
          violation('ASSET-103', ptr('assets', i, f), `search ${JSON.stringify(s[f])} ≠ directory ${JSON.stringify(d[f])}`, 'warning'),
        );
    }
  });
  return out;
}

const STANCES = new Set(['bullish', 'bearish', 'neutral', null]);

/** The stub's stance shape (ASSET-112) for the Asset asked about; warnings only (the shape is a gap). */
export function checkStance(body: unknown, asset: { id: string; assetKey: string }): Violation[] {
  const w = (path: string, message: string): Violation => violation('ASSET-112', path, message, 'warning');
  if (!body || typeof body !== 'object') return [w('/', 'body is not an object')];
  const b = body as Row;
  const out: Violation[] = [];
  const a = (b.asset ?? {}) as Row;
  if (a.id !== asset.id || a.assetKey !== asset.assetKey) out.push(w('/asset', `asset ${JSON.stringify(a)} is not ${asset.assetKey}`));
  if (!STANCES.has(b.stance as string | null))
    out.push(w('/stance', `stance ${JSON.stringify(b.stance)} (stub choice: bullish, bearish, neutral or null)`));
  const score = b.score;
  if (!(score === null || (typeof score === 'number' && score >= -1 && score <= 1)))
    out.push(w('/score', `score ${JSON.stringify(score)} (stub choice: -1..1 or null)`));
  const basis = (b.basis ?? {}) as Row;
  if (typeof basis.markets_considered !== 'number') out.push(w('/basis/markets_considered', 'missing markets_considered'));
  else if ((basis.markets_considered === 0) !== (b.stance === null))
    out.push(
      w('/stance', `stance ${JSON.stringify(b.stance)} with ${basis.markets_considered} markets considered (null exactly when none)`),
    );
  if (typeof b.as_of !== 'string' || Number.isNaN(Date.parse(b.as_of)))
    out.push(w('/as_of', `as_of ${JSON.stringify(b.as_of)} is not a date-time`));
  return out;
}

/** The market_summary members, compared across an Asset's statements (ASRCH-118). */
const SUMMARY_MEMBERS = [
  'active_market_count',
  'markets_with_forecast',
  'markets_with_published_signal',
  'mispriced_market_count',
  'mispricing_threshold_pp',
] as const;

/** ASRCH-118's instances: Assets of `b` (by id) that `a` also states a market_summary for. */
export function summaryPairs(a: readonly Row[], b: readonly Row[]): [Row, Row][] {
  const first = new Map(a.filter((x) => x.market_summary && typeof x.market_summary === 'object').map((x) => [String(x.id), x]));
  return b
    .filter((x) => x.market_summary && typeof x.market_summary === 'object' && first.has(String(x.id)))
    .map((x) => [first.get(String(x.id))!, x]);
}

/**
 * ASRCH-118: market_summary is a member of the Asset's item, so one Asset asked at one time states one summary in
 * q mode and in reference mode, whatever its counting rules (gap ASRCH-104). `q` and `reference` are the two answers'
 * Asset items; `label` names them in messages.
 * @returns a violation per summary member stated two ways
 */
export function checkSummaryAcrossModes(q: readonly Row[], reference: readonly Row[], label = 'q mode vs reference mode'): Violation[] {
  const out: Violation[] = [];
  for (const [a, b] of summaryPairs(q, reference)) {
    const sa = a.market_summary as Row;
    const sb = b.market_summary as Row;
    for (const m of SUMMARY_MEMBERS)
      if (m in sa && m in sb && sa[m] !== sb[m])
        out.push(
          violation(
            'ASRCH-118',
            `/assets/${String(b.id)}/market_summary/${m}`,
            `${String(b.assetKey ?? b.id)}: ${m} ${JSON.stringify(sa[m])} and ${JSON.stringify(sb[m])} (${label})`,
          ),
        );
  }
  return out;
}

/** The members naming an Asset (AssetRef's, which every Asset item and directory entry carries too): ASSET-115. */
const ASSET_IDENTITY = ['assetKey', 'name', 'ticker', 'asset_type'] as const;

/**
 * The Assets an answer states anywhere (AssetRefs of every envelope, asset-search items, directory entries): every
 * object with a string id and a string assetKey, keyed by id, with each identity member it carries. A null is a
 * statement too (a ticker null says the Asset has none: round-24 bug, AssetRefs of one route stating null for an
 * Asset whose ticker the others state); a member left out states nothing.
 */
export const assetSightings = (body: unknown, path = ''): IdentitySighting[] =>
  identitySightings(
    body,
    (row) => (typeof row.id === 'string' && typeof row.assetKey === 'string' ? row.id : undefined),
    ASSET_IDENTITY,
    (_, v) => (v === undefined ? undefined : v === null ? 'null' : typeof v === 'string' ? v : JSON.stringify(v)),
    path,
  );

/**
 * ASSET-115: one Asset id, one Asset: its assetKey, name, ticker and asset_type are stated alike wherever an answer
 * carries it (`known`: the first statements, updated with this answer's, each named `answer`).
 * @returns a violation per member stated two ways
 */
export const checkAssetSeenTwice = (
  sightings: readonly IdentitySighting[],
  known: IdentityViews = new Map(),
  answer?: string,
): Violation[] => checkIdentitySeenTwice('ASSET-115', 'Asset', sightings, known, answer);

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
const checkLinkedMarketEntry = defineCheck('checkLinkedMarket', ['ASRCH-025', 'ASRCH-026', 'ASRCH-027', 'ASRCH-028'], checkLinkedMarket);
const checkSearchEchoEntry = defineCheck(
  'checkSearchEcho',
  ['ASRCH-010', 'ASRCH-011', 'ASRCH-012', 'ASRCH-013', 'ASRCH-014', 'ASRCH-101', 'ASRCH-102'],
  checkSearchEcho,
);
const checkRetrievalEntry = defineCheck('checkRetrieval', ['ASRCH-015', 'ASRCH-016'], checkRetrieval);
const checkRelevanceOrderEntry = defineCheck('checkRelevanceOrder', ['ASRCH-050'], checkRelevanceOrder);
const checkFiltersEntry = defineCheck('checkFilters', ['ASRCH-060', 'ASRCH-062'], checkFilters);
/** The assets checks, by name (the name of the function each wraps). */
export const ASSETS_CHECKS = {
  checkAssetSeenTwice: defineCheck('checkAssetSeenTwice', ['ASSET-115'], checkAssetSeenTwice, undefined, {
    'ASSET-115': {
      what: 'an Asset whose id an earlier answer (or object) carried',
      count: ([sightings, known]) => identitySeenTwiceInstances(sightings, known),
    },
  }),
  checkSummaryAcrossModes: defineCheck('checkSummaryAcrossModes', ['ASRCH-118'], checkSummaryAcrossModes, undefined, {
    'ASRCH-118': {
      what: 'an Asset stated with a market_summary in both modes',
      count: ([q, reference]) => summaryPairs(q, reference).length,
    },
  }),
  checkLinkedMarket: checkLinkedMarketEntry,
  checkSearchEcho: checkSearchEchoEntry,
  checkRetrieval: checkRetrievalEntry,
  checkRelevanceOrder: checkRelevanceOrderEntry,
  checkFilters: checkFiltersEntry,
  checkAssetSearch: defineCheck(
    'checkAssetSearch',
    [
      ...checkSearchEchoEntry.rules,
      ...checkRetrievalEntry.rules,
      ...checkRelevanceOrderEntry.rules,
      ...checkFiltersEntry.rules,
      ...MARKET_ROW_CHECKS.checkMarketList.rules,
      ...checkLinkedMarketEntry.rules,
      ...['ASRCH-020', 'ASRCH-024', 'ASRCH-029', 'ASRCH-030', 'ASRCH-031', 'ASRCH-051', 'ASRCH-103', 'ASRCH-104', 'ASSET-006'],
    ],
    checkAssetSearch,
  ),
  checkSameAssetSet: defineCheck('checkSameAssetSet', [], checkSameAssetSet, ([, , rule]) => rule),
  checkContainsAssets: defineCheck('checkContainsAssets', [], checkContainsAssets, ([, , rule]) => rule),
  checkDirectory: defineCheck('checkDirectory', ['ASSET-002', 'ASSET-003', 'ASSET-004', 'ASSET-006', 'ASSET-100'], checkDirectory),
  checkDirectoryMatchesSearch: defineCheck('checkDirectoryMatchesSearch', ['ASSET-005', 'ASSET-103'], checkDirectoryMatchesSearch),
  checkStance: defineCheck('checkStance', ['ASSET-112'], checkStance),
};
