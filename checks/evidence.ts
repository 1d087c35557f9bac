/**
 * Checks of the evidence routes (spec: Endpoints / GET /api/v1/markets/{slug}/signals and
 * GET /api/v1/sources; rules EVID-*, SRC-*). Pure functions from response bodies to violations.
 */
import { checkCanonicalMarket, MARKET_ROW_CHECKS } from './market-row.ts';
import { checkServiceUrl, checkVenueAUrl, ROUTING_CHECKS } from './routing.ts';
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { defineCheck } from './define.ts';

type Row = Record<string, unknown>;

const HOUR_MS = 3_600_000;
/** Fields of a published trade signal that article evidence must not carry (EVID-012). */
const TRADE_SIGNAL_FIELDS = ['signal_type', 'canonical_endpoint', 'side', 'status', 'conviction', 'convergence', 'capacity'] as const;

const ms = (iso: unknown): number => (typeof iso === 'string' ? Date.parse(iso) : NaN);
const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? (value.filter((r) => r && typeof r === 'object') as Row[]) : []);

/** published_at never increases along `rows` (newest first). */
function checkNewestFirst(rows: readonly Row[], ruleId: string, path: string): Violation[] {
  const out: Violation[] = [];
  for (let i = 1; i < rows.length; i++) {
    const prev = ms(rows[i - 1]!.published_at);
    const cur = ms(rows[i]!.published_at);
    if (cur > prev)
      out.push(
        violation(
          ruleId,
          path + ptr(i, 'published_at'),
          `${String(rows[i]!.published_at)} is newer than the previous item's ${String(rows[i - 1]!.published_at)} (must be newest first)`,
        ),
      );
  }
  return out;
}

/** The path slug names the market: its slug, or its marketKey when it has none (gap EVID-017). */
const namesMarket = (market: Row, slug: string): boolean => (market.slug === null ? market.marketKey === slug : market.slug === slug);

/**
 * The `market` of a GET /api/v1/markets/{slug}/... answer (signals, forecast): a canonical market
 * (market-row rules) that the path slug names (rule `rules.slug`), of the venue asked for (rule
 * `rules.venue`), or in the venue_a namespace when none was asked for (ROUTE-007).
 */
export function slugRouteMarket(market: Row, req: { slug: string; venue?: string }, rules: { slug: string; venue: string }): Violation[] {
  const out = checkCanonicalMarket(market, '/market');
  if (!namesMarket(market, req.slug))
    out.push(
      violation(
        rules.slug,
        '/market/slug',
        `market.slug ${JSON.stringify(market.slug)} but the path asked for ${JSON.stringify(req.slug)}`,
      ),
    );
  if (req.venue !== undefined && market.venue !== req.venue)
    out.push(violation(rules.venue, '/market/venue', `venue=${req.venue} asked, got a ${String(market.venue)} market`));
  if (req.venue === undefined && market.venue !== 'venue_a')
    out.push(
      violation(
        'ROUTE-007',
        '/market/venue',
        `no venue given, so the slug must resolve in the venue_a namespace; got a ${String(market.venue)} market`,
      ),
    );
  return out;
}

export interface MarketSignalsRequest {
  /** {site_url}; empty skips the serviceUrl comparison. */
  siteUrl: string;
  /** The path slug asked for. */
  slug: string;
  /** The venue parameter sent, if any. */
  venue?: string;
}

/**
 * Every rule of one 200 body of GET /api/v1/markets/{slug}/signals that the body alone shows:
 * EVID-001, -002, -004, -005, -007, -008, -010 (never an empty 200), -012, -013, -015 (warning), ROUTE-005/-006 for the
 * top-level serviceUrl/venueAUrl, ROUTE-007 (venue omitted → venue_a) and the market's routing
 * and relationships rules.
 */
export function checkMarketSignals(body: unknown, req: MarketSignalsRequest): Violation[] {
  if (!body || typeof body !== 'object') return [];
  const b = body as Row;
  const market = (b.market && typeof b.market === 'object' ? b.market : undefined) as Row | undefined;
  const signals = rowsOf(b.signals);
  const out: Violation[] = [...checkNewestFirst(signals, 'EVID-001', '/signals')];
  if (Array.isArray(b.signals) && b.signals.length === 0)
    out.push(violation('EVID-010', '/signals', 'a 200 answer with no article evidence (must be 404)'));
  if (typeof b.total === 'number' && Array.isArray(b.signals) && b.total !== b.signals.length) {
    out.push(violation('EVID-002', '/total', `total ${b.total} but signals holds ${b.signals.length} item(s)`));
  }
  if (signals.length > 0) {
    if (b.last_updated === null || b.last_updated === undefined)
      out.push(violation('EVID-004', '/last_updated', `last_updated is null with ${signals.length} article(s) returned`));
    else {
      const newest = Math.max(...signals.map((s) => ms(s.published_at)));
      if (ms(b.last_updated) < newest) {
        out.push(
          violation(
            'EVID-005',
            '/last_updated',
            `last_updated ${String(b.last_updated)} is earlier than the newest article's published_at ${new Date(newest).toISOString()}`,
          ),
        );
      }
    }
  }
  signals.forEach((s, i) => {
    const carried = TRADE_SIGNAL_FIELDS.filter((f) => f in s);
    if (carried.length)
      out.push(violation('EVID-012', ptr('signals', i), `article evidence item carries trade-signal field(s) ${carried.join(', ')}`));
  });
  const seen = new Map<unknown, number>();
  signals.forEach((s, i) => {
    if (seen.has(s.id))
      out.push(
        violation('EVID-015', ptr('signals', i, 'id'), `article id ${JSON.stringify(s.id)} repeats item ${seen.get(s.id)}`, 'warning'),
      );
    else seen.set(s.id, i);
  });
  if (market) {
    out.push(...slugRouteMarket(market, req, { slug: 'EVID-007', venue: 'EVID-008' }));
    if (market.slug !== null && b.market_slug !== market.slug)
      out.push(
        violation(
          'EVID-013',
          '/market_slug',
          `market_slug ${JSON.stringify(b.market_slug)} differs from market.slug ${JSON.stringify(market.slug)}`,
        ),
      );
    out.push(...checkServiceUrl(b.serviceUrl, market.serviceMarketId, req.siteUrl, '/serviceUrl'));
    if ('venueAUrl' in b) out.push(...checkVenueAUrl(String(market.venue), b.venueAUrl, '/venueAUrl'));
  }
  return out;
}

/**
 * EVID-003: every article item that GET /api/v1/sources returned for this market (matched by
 * market.marketKey) appears in the market's evidence list (matched by url).
 */
export function checkEvidenceCompleteness(signalsBody: unknown, sourcesBody: unknown): Violation[] {
  const market = (signalsBody as Row | undefined)?.market as Row | undefined;
  if (!market) return [];
  const urls = new Set(rowsOf((signalsBody as Row).signals).map((s) => s.url));
  const out: Violation[] = [];
  rowsOf((sourcesBody as Row | undefined)?.sources).forEach((item, i) => {
    const m = item.market as Row | undefined;
    if (item.type !== 'article' || m?.marketKey !== market.marketKey) return;
    if (!urls.has(item.url))
      out.push(
        violation(
          'EVID-003',
          ptr('signals'),
          `article ${JSON.stringify(item.url)} (sources item ${i}) is missing from the market's evidence list`,
        ),
      );
  });
  return out;
}

/** The pairs EVID-019 compares: each article item of `sourcesBody` for the evidence answer's market whose url it lists. */
export function samePublicationPairs(signalsBody: unknown, sourcesBody: unknown): [Row, Row, number][] {
  const market = (signalsBody as Row | undefined)?.market as Row | undefined;
  if (!market) return [];
  const byUrl = new Map(rowsOf((signalsBody as Row).signals).map((s) => [s.url, s]));
  return rowsOf((sourcesBody as Row | undefined)?.sources).flatMap((item, i): [Row, Row, number][] => {
    const evidence = byUrl.get(item.url);
    return item.type === 'article' && (item.market as Row | undefined)?.marketKey === market.marketKey && evidence
      ? [[item, evidence, i]]
      : [];
  });
}

/**
 * EVID-019: an article's published_at is when the article was published, on GET /api/v1/sources (92ff9445882d) as on
 * the market's evidence list (3cb09d395a58): the same article (url) of the same market states one instant on both,
 * compared as instants. When it was correlated is a member of the evidence item alone (correlated_at).
 * @returns a violation per article stated with two publication instants
 */
export function checkEvidencePublishedAt(signalsBody: unknown, sourcesBody: unknown): Violation[] {
  return samePublicationPairs(signalsBody, sourcesBody)
    .filter(([item, evidence]) => Date.parse(String(item.published_at)) !== Date.parse(String(evidence.published_at)))
    .map(([item, evidence, i]) =>
      violation(
        'EVID-019',
        ptr('sources', i, 'published_at'),
        `article ${JSON.stringify(item.url)} was published at ${JSON.stringify(item.published_at)} on GET /api/v1/sources and at ${JSON.stringify(evidence.published_at)} on the market's evidence list`,
      ),
    );
}

export interface SourcesRequest {
  siteUrl: string;
  /** Requested market_keys (key mode) … */
  marketKeys?: readonly string[];
  /** … or requested slugs (slug mode). */
  slugs?: readonly string[];
  venue?: string;
  /** Requested types; undefined = both. */
  types?: readonly string[];
  /** Window in hours the request asked for (48 when omitted). */
  windowHours: number;
  /** Client clock when the answer arrived, ms. */
  nowMs: number;
  /** Tolerated clock skew between client and target, ms. */
  skewMs: number;
  /** Rule the window bound is reported under: SRC-007 normally, PARAM-056 when checking the default. */
  windowRule?: 'SRC-007' | 'PARAM-056';
}

/**
 * Every rule of one 200 body of GET /api/v1/sources that the body alone shows: SRC-001, -004, -005,
 * -006, -007 (or PARAM-056), -009, -014 (warning), plus each item's market (routing, relationships).
 */
export function checkSources(body: unknown, req: SourcesRequest): Violation[] {
  const items = rowsOf((body as Row | undefined)?.sources);
  const out: Violation[] = [...checkNewestFirst(items, 'SRC-001', '/sources')];
  const keys = req.marketKeys ? new Set(req.marketKeys) : undefined;
  const slugs = req.slugs ? new Set(req.slugs) : undefined;
  const types = new Set(req.types ?? ['article', 'x_post']);
  const since = req.nowMs - req.windowHours * HOUR_MS - req.skewMs;
  items.forEach((item, i) => {
    const at = ptr('sources', i);
    const market = (item.market && typeof item.market === 'object' ? item.market : undefined) as Row | undefined;
    if (!types.has(item.type as string))
      out.push(violation('SRC-009', at + '/type', `type ${JSON.stringify(item.type)} was not requested (${[...types].join(', ')})`));
    if (market) {
      out.push(...checkCanonicalMarket(market, at + '/market'));
      if (keys && !keys.has(market.marketKey as string))
        out.push(violation('SRC-004', at + '/market/marketKey', `market ${JSON.stringify(market.marketKey)} was not requested`));
      if (slugs) {
        if (!slugs.has(item.market_slug as string))
          out.push(violation('SRC-005', at + '/market_slug', `market_slug ${JSON.stringify(item.market_slug)} was not requested`));
        if (!slugs.has(market.slug as string))
          out.push(violation('SRC-005', at + '/market/slug', `market.slug ${JSON.stringify(market.slug)} was not requested`));
        const venue = req.venue ?? 'venue_a';
        if (market.venue !== venue)
          out.push(
            violation(
              'SRC-006',
              at + '/market/venue',
              `slugs looked up in ${venue}${req.venue ? '' : ' (default)'}, got a ${String(market.venue)} market`,
            ),
          );
      }
      if (market.slug !== null && market.slug !== undefined && item.market_slug !== market.slug) {
        out.push(
          violation(
            'SRC-014',
            at + '/market_slug',
            `market_slug ${JSON.stringify(item.market_slug)} differs from market.slug ${JSON.stringify(market.slug)}`,
            'warning',
          ),
        );
      }
    }
    if (item.type === 'article') {
      const t = ms(item.published_at);
      if (t < since || t > req.nowMs + req.skewMs) {
        out.push(
          violation(
            req.windowRule ?? 'SRC-007',
            at + '/published_at',
            `article published ${String(item.published_at)} is outside the ${req.windowHours}-hour window ending now`,
          ),
        );
      }
    }
  });
  return out;
}

/** Identity of one source item: (type, url, marketKey). */
export const sourceKey = (item: Row): string =>
  `${String(item.type)}|${String(item.url)}|${String((item.market as Row | undefined)?.marketKey)}`;

/**
 * `narrow`'s items all appear in `wide` (by type, url and marketKey), except articles published
 * within `edgeMs` of the narrow answer's window start (they may have aged out between the calls).
 * Used for PARAM-056 (default vs window=48), SRC-010 (per-type answers vs both) and SRC-011.
 */
export function checkSourcesSubset(
  narrow: unknown,
  wide: unknown,
  ruleId: string,
  opts: { windowStartMs?: number; edgeMs?: number; label: string },
): Violation[] {
  const have = new Set(rowsOf((wide as Row | undefined)?.sources).map(sourceKey));
  const out: Violation[] = [];
  rowsOf((narrow as Row | undefined)?.sources).forEach((item, i) => {
    if (have.has(sourceKey(item))) return;
    if (opts.windowStartMs !== undefined && item.type === 'article' && ms(item.published_at) - opts.windowStartMs < (opts.edgeMs ?? 0))
      return;
    out.push(
      violation(
        ruleId,
        ptr('sources', i),
        `${String(item.type)} ${JSON.stringify(item.url)} for ${String((item.market as Row | undefined)?.marketKey)} is missing from ${opts.label}`,
      ),
    );
  });
  return out;
}

/** Where one signal-list answer is held against one sources answer of its market (checkSignalListInSources). */
export interface WindowedRead {
  /** When the sources call was sent, ms since the epoch (the window ends then). */
  sentMs: number;
  /** The sources call's window, hours. */
  windowHours: number;
  /** Articles this close to either end of the window are not looked for (clock skew, ageing out), ms. */
  marginMs: number;
}

/**
 * The articles (members with a url) of a market's signal list published inside a sources call's window, by `read`,
 * margins aside. Shape: the signal list's rows as shown.
 */
export function articlesInWindow(signalsBody: unknown, read: WindowedRead): Row[] {
  const start = read.sentMs - read.windowHours * 3_600_000 + read.marginMs;
  return rowsOf((signalsBody as Row | undefined)?.signals)
    .filter((i) => typeof i.url === 'string')
    .filter((i) => ms(i.published_at) >= start && ms(i.published_at) <= read.sentMs - read.marginMs);
}

/**
 * The articles of a market's signal list (the complete live article evidence, 1dc66abd12f3) published inside a sources
 * answer's window (articlesInWindow), where the two answers name an article alike (one url of the list among the
 * sources items; otherwise no article is looked for: a target may name copies of an article differently).
 */
export function signalListInWindow(signalsBody: unknown, sourcesBody: unknown, read: WindowedRead): Row[] {
  const shown = rowsOf((signalsBody as Row | undefined)?.signals);
  const urls = new Set(rowsOf((sourcesBody as Row | undefined)?.sources).map((i) => i.url));
  return shown.some((i) => typeof i.url === 'string' && urls.has(i.url)) ? articlesInWindow(signalsBody, read) : [];
}

/**
 * SRC-019 (97c793d9ab4a, 24b7b9d1a526): every article a market's signal list shows inside the window of a sources
 * answer for that market is among its items, however old within the window (round-28 bug: window 145..168 served as
 * 144 hours, behind no echo). Judged only where the two name an article alike (signalListInWindow).
 */
export function checkSignalListInSources(signalsBody: unknown, sourcesBody: unknown, read: WindowedRead): Violation[] {
  const urls = new Set(rowsOf((sourcesBody as Row | undefined)?.sources).map((i) => i.url));
  const count = rowsOf((sourcesBody as Row | undefined)?.sources).length;
  return signalListInWindow(signalsBody, sourcesBody, read)
    .filter((i) => !urls.has(i.url))
    .map((i) =>
      violation(
        'SRC-019',
        '/sources',
        `the signal list shows ${String(i.url)}, published ${((read.sentMs - ms(i.published_at)) / 3_600_000).toFixed(1)} h before the call, but the ${read.windowHours}-hour answer (${count} item(s)) does not hold it`,
      ),
    );
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The evidence checks, by name (the name of the function each wraps). */
export const EVIDENCE_CHECKS = {
  checkMarketSignals: defineCheck(
    'checkMarketSignals',
    [
      ...[
        'EVID-001',
        'EVID-002',
        'EVID-004',
        'EVID-005',
        'EVID-007',
        'EVID-008',
        'EVID-010',
        'EVID-012',
        'EVID-013',
        'EVID-015',
        'ROUTE-007',
      ],
      ...MARKET_ROW_CHECKS.checkCanonicalMarket.rules,
      ...ROUTING_CHECKS.checkServiceUrl.rules,
      ...ROUTING_CHECKS.checkVenueAUrl.rules,
    ],
    checkMarketSignals,
  ),
  checkEvidenceCompleteness: defineCheck('checkEvidenceCompleteness', ['EVID-003'], checkEvidenceCompleteness),
  checkEvidencePublishedAt: defineCheck('checkEvidencePublishedAt', ['EVID-019'], checkEvidencePublishedAt, undefined, {
    'EVID-019': {
      what: "an article of GET /api/v1/sources that the market's evidence list also carries (same url)",
      count: ([signalsBody, sourcesBody]) => samePublicationPairs(signalsBody, sourcesBody).length,
    },
  }),
  checkSources: defineCheck(
    'checkSources',
    ['SRC-001', 'SRC-004', 'SRC-005', 'SRC-006', 'SRC-007', 'SRC-009', 'SRC-014', ...MARKET_ROW_CHECKS.checkCanonicalMarket.rules],
    checkSources,
    ([, req]) => req.windowRule,
  ),
  checkSourcesSubset: defineCheck('checkSourcesSubset', [], checkSourcesSubset, ([, , rule]) => rule),
  checkSignalListInSources: defineCheck('checkSignalListInSources', ['SRC-019'], checkSignalListInSources, undefined, {
    'SRC-019': {
      what: "an article of a market's signal list inside the window, on a target naming articles alike on both routes",
      count: ([signalsBody, sourcesBody, read]) => signalListInWindow(signalsBody, sourcesBody, read).length,
    },
  }),
};
