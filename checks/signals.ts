/**
 * Checks of the published trade signals (spec: Other operations referenced, GET /api/v1/signals and
 * /signals/perps; Versioning rules 3-4; rules SIG-*, VER-009/011/012). The row shape is a gap (SCH-440):
 * a row names its market by `market` (routing object, with relationships in the stub), or by a
 * top-level marketKey; checks that need the market's relationships warn and skip when they are absent.
 */
import { checkCanonicalMarket, MARKET_ROW_CHECKS } from './market-row.ts';
import { checkServiceUrl, ROUTING_CHECKS } from './routing.ts';
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { asRecord as obj } from '../lib/guards.ts';
import { defineCheck } from './define.ts';
import { earlierSighting, seenBefore } from './seen-twice.ts';
import { findEnvelopes } from './relationships.ts';

type Row = Record<string, unknown>;

const ms = (iso: unknown): number => (typeof iso === 'string' ? Date.parse(iso) : NaN);
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A row's publication timestamp: published_at (the stub's member name; the spec says only "timestamp"),
 * else the row's one top-level date-time member; undefined when it shows none or several.
 */
export function publishedAtOf(row: Row): string | undefined {
  if (typeof row.published_at === 'string') return row.published_at;
  const times = dateTimesOf(row);
  return times.length === 1 ? times[0] : undefined;
}

const dateTimesOf = (row: Row): string[] => Object.values(row).filter((v): v is string => typeof v === 'string' && DATE_TIME.test(v));
const present = (v: unknown): boolean => v !== undefined && v !== null;

/** Article-evidence fields a trade-signal row never carries (VER-009). */
const ARTICLE_FIELDS = ['comment', 'evidence_quote', 'correlated_at'] as const;
/** The fields every published trade signal carries (SIG-001). */
const SIGNAL_FIELDS = ['status', 'conviction', 'convergence', 'capacity'] as const;

/**
 * The rows of a signals body: `signals` (the stub's choice), else the body's one array member (the
 * envelope's member name is not shown, gap SIG-024); undefined when neither is there (the rows cannot
 * be found: the caller judges nothing).
 */
export function signalRows(body: unknown): Row[] | undefined {
  const b = obj(body);
  const arrays = b ? Object.values(b).filter(Array.isArray) : [];
  const rows = Array.isArray(b?.signals) ? b.signals : arrays.length === 1 ? arrays[0] : undefined;
  return Array.isArray(rows) ? rows.map((r) => obj(r) ?? {}) : undefined;
}

/** A routing object: it names its market by marketKey and venue. */
const isMarket = (v: unknown): v is Row => typeof obj(v)?.marketKey === 'string' && typeof obj(v)?.venue === 'string';

/** The market object of a row: `market` (the stub's choice), else its one member that is a routing object (gap SIG-025). */
export function marketOf(row: Row): Row | undefined {
  if (obj(row.market)) return obj(row.market);
  const found = Object.values(row).filter(isMarket);
  return found.length === 1 ? (found[0] as Row) : undefined;
}

/** The marketKey a row names (row.market.marketKey, else a top-level marketKey / market_key). */
export function marketKeyOf(row: Row): string | undefined {
  const key = marketOf(row)?.marketKey ?? row.marketKey ?? row.market_key;
  return typeof key === 'string' ? key : undefined;
}

/**
 * Direct signal refs in the row's market relationships (edge HAS_SIGNAL or ON_MARKET: which one links
 * a signal to its market is gap REL-010), or undefined when it shows none.
 */
function marketSignalRefs(row: Row): Row[] | undefined {
  const refs = obj(marketOf(row)?.relationships)?.signals;
  if (!Array.isArray(refs)) return undefined;
  return refs
    .map((r) => obj(r) ?? {})
    .filter((r) => (r.relationship === 'HAS_SIGNAL' || r.relationship === 'ON_MARKET') && (r.via === undefined || r.via === 'direct'));
}

/** True when a row's market shows its publications (the SIG-004/017 cross-checks can run). */
export const showsPublications = (row: Row): boolean => marketSignalRefs(row) !== undefined;

/**
 * One row: SIG-001 (status, conviction, convergence, capacity), SIG-002 (own id, side, status,
 * published_at), VER-009 (no article fields), VER-011 (crash_risk_elevated alias), SIG-017 (a
 * recorded publication of its market), SIG-004 (no newer publication of the market), plus the
 * market's routing, serviceUrl and relationships rules.
 */
export function checkTradeSignalRow(row: Row, siteUrl: string, path: string): Violation[] {
  const out: Violation[] = [];
  for (const f of SIGNAL_FIELDS)
    if (!present(row[f]))
      out.push(violation('SIG-001', path + ptr(f), `a published trade signal carries ${f} (got ${JSON.stringify(row[f])})`));
  if (typeof row.id !== 'string' || row.id === '')
    out.push(violation('SIG-002', path + '/id', `a publication has its own id (got ${JSON.stringify(row.id)})`));
  if (typeof row.side !== 'string' || row.side === '')
    out.push(violation('SIG-002', path + '/side', `a publication has its own side (got ${JSON.stringify(row.side)})`));
  if (typeof row.status !== 'string' || row.status === '')
    out.push(violation('SIG-002', path + '/status', `a publication has its own status (got ${JSON.stringify(row.status)})`));
  const at = publishedAtOf(row);
  // Several date-times and no published_at: which is the publication's cannot be told (not judged).
  const unclear = at === undefined && !('published_at' in row) && dateTimesOf(row).length > 1;
  if (Number.isNaN(ms(at)) && !unclear)
    out.push(violation('SIG-002', path + '/published_at', `a publication has its own timestamp (got ${JSON.stringify(at)})`));
  for (const f of ARTICLE_FIELDS)
    if (f in row) out.push(violation('VER-009', path + ptr(f), `a trade-signal row carries the article-evidence field ${f}`));
  if (!('crash_risk_elevated' in row))
    out.push(violation('VER-011', path + '/crash_risk_elevated', 'the former field name crash_risk_elevated is missing'));
  else if (row.crash_risk_elevated !== row.drawdown_risk_elevated) {
    out.push(
      violation(
        'VER-011',
        path + '/crash_risk_elevated',
        `crash_risk_elevated ${JSON.stringify(row.crash_risk_elevated)} differs from drawdown_risk_elevated ${JSON.stringify(row.drawdown_risk_elevated)}`,
      ),
    );
  }
  const market = marketOf(row);
  if (market) {
    out.push(...checkCanonicalMarket(market, path + '/market'));
    if ('serviceUrl' in row) out.push(...checkServiceUrl(row.serviceUrl, market.serviceMarketId, siteUrl, path + '/serviceUrl'));
  }
  const refs = marketSignalRefs(row);
  if (!refs) {
    out.push(
      violation(
        'SIG-016',
        path + '/market/relationships',
        "the row's market shows no relationships: SIG-004/SIG-017 not checked",
        'warning',
      ),
    );
    return out;
  }
  const own = refs.find((r) => r.id === row.id);
  if (!own)
    out.push(
      violation(
        'SIG-017',
        path + '/market/relationships/signals',
        `no HAS_SIGNAL ref of the market has the row's id ${JSON.stringify(row.id)} (a row must be a recorded publication)`,
      ),
    );
  else {
    if (own.side !== row.side)
      out.push(
        violation('SIG-017', path + '/side', `side ${JSON.stringify(row.side)} differs from the publication's ${JSON.stringify(own.side)}`),
      );
    if (ms(own.published_at) !== ms(at))
      out.push(
        violation(
          'SIG-017',
          path + '/published_at',
          `published_at ${JSON.stringify(at)} differs from the publication's ${JSON.stringify(own.published_at)}`,
        ),
      );
  }
  const newer = refs.filter((r) => ms(r.published_at) > ms(at));
  for (const r of newer) {
    out.push(
      violation(
        'SIG-004',
        path + '/id',
        `publication ${JSON.stringify(r.id)} of the same market (${String(r.published_at)}) is newer than the row's ${String(at)}: the newest publication must be chosen, with no older fallback`,
      ),
    );
  }
  return out;
}

/**
 * A whole listSignals body: every row (checkTradeSignalRow), at most one row per market (SIG-003),
 * distinct ids (SIG-002), newest-first order (SIG-015, warning) and count (SIG-016, warning).
 */
export function checkTradeSignals(body: unknown, siteUrl: string): Violation[] {
  const rows = signalRows(body);
  if (!rows) return [];
  const out = rows.flatMap((r, i) => checkTradeSignalRow(r, siteUrl, ptr('signals', i)));
  const markets = new Map<string, number>();
  const ids = new Map<string, number>();
  rows.forEach((r, i) => {
    const key = marketKeyOf(r);
    if (key !== undefined) {
      if (markets.has(key))
        out.push(violation('SIG-003', ptr('signals', i), `market ${key} already has row ${markets.get(key)} (at most one per market)`));
      else markets.set(key, i);
    }
    const id = String(r.id);
    if (ids.has(id)) out.push(violation('SIG-002', ptr('signals', i, 'id'), `id ${id} repeats row ${ids.get(id)} (separate publications)`));
    else ids.set(id, i);
    if (i > 0 && ms(publishedAtOf(r)) > ms(publishedAtOf(rows[i - 1]!))) {
      out.push(violation('SIG-015', ptr('signals', i, 'published_at'), 'rows are not newest published first (stub order)', 'warning'));
    }
  });
  const count = obj(body)?.count;
  if (count !== undefined && count !== rows.length)
    out.push(violation('SIG-016', '/count', `count ${JSON.stringify(count)} but ${rows.length} rows`, 'warning'));
  return out;
}

const byMarket = (rows: readonly Row[]): Map<string, Row> =>
  new Map(rows.flatMap((r) => (marketKeyOf(r) ? [[marketKeyOf(r)!, r] as [string, Row]] : [])));

/**
 * A filtered response against the unfiltered one (SIG-005): every filtered row is the very
 * publication (same id) the unfiltered response shows for its market, never an older fallback.
 */
export function checkNoFallback(filtered: readonly Row[], unfiltered: readonly Row[], filter: string): Violation[] {
  const all = byMarket(unfiltered);
  const out: Violation[] = [];
  filtered.forEach((r, i) => {
    const key = marketKeyOf(r);
    const base = key === undefined ? undefined : all.get(key);
    if (!base)
      out.push(
        violation(
          'SIG-005',
          ptr('signals', i),
          `${filter}: market ${String(key)} is absent from the unfiltered list (a filter may only remove rows)`,
        ),
      );
    else if (base.id !== r.id) {
      out.push(
        violation(
          'SIG-005',
          ptr('signals', i, 'id'),
          `${filter}: market ${String(key)} shows publication ${JSON.stringify(r.id)} instead of its newest ${JSON.stringify(base.id)} (older fallback)`,
        ),
      );
    }
  });
  return out;
}

/**
 * exclude_drawdown_risk=true against the unfiltered list: no elevated row (SIG-008), no null row (SIG-009: null is
 * unknown, not safe; a gap until round 39, when every clean-room had read it so), every `false` row kept (SIG-010).
 */
export function checkDrawdownFilter(filtered: readonly Row[], unfiltered: readonly Row[], filter: string): Violation[] {
  const out: Violation[] = [];
  filtered.forEach((r, i) => {
    if (r.drawdown_risk_elevated === true)
      out.push(
        violation('SIG-008', ptr('signals', i, 'drawdown_risk_elevated'), `${filter}: a row with drawdown_risk_elevated true survived`),
      );
    if (r.drawdown_risk_elevated === null)
      out.push(
        violation(
          'SIG-009',
          ptr('signals', i, 'drawdown_risk_elevated'),
          `${filter}: a row with an unknown (null) drawdown read survived (null is not safe)`,
        ),
      );
  });
  const kept = new Set(filtered.map((r) => r.id));
  unfiltered.forEach((r) => {
    if (r.drawdown_risk_elevated === false && !kept.has(r.id))
      out.push(
        violation('SIG-010', '/signals', `${filter}: the safe row ${JSON.stringify(r.id)} (market ${String(marketKeyOf(r))}) was dropped`),
      );
  });
  return out;
}

/** Whether a signal row's market lists broker_a among its broker_channels (SIG-011). */
export const brokerListed = (r: Row): boolean => {
  const channels = marketOf(r)?.broker_channels ?? r.broker_channels;
  return Array.isArray(channels) && channels.includes('broker_a');
};

/** topic=broker_a against the unfiltered list: only broker-listed rows (SIG-011), none dropped (SIG-012). */
export function checkBrokerFilter(filtered: readonly Row[], unfiltered: readonly Row[]): Violation[] {
  const out: Violation[] = [];
  filtered.forEach((r, i) => {
    if (!brokerListed(r))
      out.push(
        violation('SIG-011', ptr('signals', i, 'market', 'broker_channels'), `market ${String(marketKeyOf(r))} is not broker-listed`),
      );
  });
  const kept = new Set(filtered.map((r) => r.id));
  unfiltered.forEach((r) => {
    if (brokerListed(r) && !kept.has(r.id))
      out.push(violation('SIG-012', '/signals', `topic=broker_a dropped the broker-listed market ${String(marketKeyOf(r))}`));
  });
  return out;
}

/** Two answers hold the same rows in the same order (ids), e.g. a parameter and its former name (VER-012). */
export function checkSameRows(a: readonly Row[], b: readonly Row[], ruleId: string, what: string): Violation[] {
  const ia = a.map((r) => String(r.id));
  const ib = b.map((r) => String(r.id));
  return ia.join('\n') === ib.join('\n') ? [] : [violation(ruleId, '/signals', `${what}: [${ia.join(', ')}] vs [${ib.join(', ')}]`)];
}

/**
 * A listPerpSignals body: zero or one row (SIG-018), scope wti-only (SIG-019), canonical_endpoint
 * /api/v1/signals/oil (SIG-020); against the oil signal's reading when given (SIG-022, warnings).
 */
export function checkPerpSignals(body: unknown, oil?: unknown): Violation[] {
  const rows = signalRows(body);
  if (!rows) return [];
  const out: Violation[] = [];
  if (rows.length > 1) out.push(violation('SIG-018', '/signals', `${rows.length} rows (zero or one expected)`));
  rows.forEach((r, i) => {
    if (r.scope !== 'wti-only')
      out.push(violation('SIG-019', ptr('signals', i, 'scope'), `scope ${JSON.stringify(r.scope)} (expected wti-only)`));
    if (r.canonical_endpoint !== '/api/v1/signals/oil')
      out.push(
        violation(
          'SIG-020',
          ptr('signals', i, 'canonical_endpoint'),
          `canonical_endpoint ${JSON.stringify(r.canonical_endpoint)} (expected /api/v1/signals/oil)`,
        ),
      );
  });
  const reading = obj(obj(oil)?.reading);
  const row = rows[0];
  if (oil !== undefined && row && reading) {
    if ('id' in row && row.id !== reading.id)
      out.push(
        violation(
          'SIG-022',
          '/signals/0/id',
          `perps row ${JSON.stringify(row.id)} is not the oil reading ${JSON.stringify(reading.id)}`,
          'warning',
        ),
      );
    if ('side' in row && row.side !== reading.side)
      out.push(
        violation(
          'SIG-022',
          '/signals/0/side',
          `perps side ${JSON.stringify(row.side)} differs from the oil reading's ${JSON.stringify(reading.side)}`,
          'warning',
        ),
      );
  }
  if (oil !== undefined && row && !reading)
    out.push(violation('SIG-021', '/signals/0', 'a perps row while the oil signal has no reading', 'warning'));
  return out;
}

/** Fields of a published trade signal that an article-evidence item never carries (VER-010). */
const TRADE_FIELDS = ['conviction', 'convergence', 'capacity', 'drawdown_risk_elevated', 'crash_risk_elevated'] as const;

/**
 * A 200 body of GET /api/v1/markets/{slug}/signals holds article evidence, not trade-signal rows
 * (VER-010): each item has a title and a url and none of the trade-signal fields.
 */
export function checkArticleEvidence(body: unknown, label: string): Violation[] {
  const items = signalRows(body);
  if (!items) return [violation('VER-010', `${label}:/signals`, 'the article evidence answer has no signals array')];
  const out: Violation[] = [];
  items.forEach((it, i) => {
    const at = `${label}:${ptr('signals', i)}`;
    for (const f of TRADE_FIELDS)
      if (f in it) out.push(violation('VER-010', at + ptr(f), `article evidence item carries the trade-signal field ${f}`));
    if (typeof it.title !== 'string' || typeof it.url !== 'string')
      out.push(violation('VER-010', at, 'an article evidence item has a title and a url'));
  });
  return out;
}

/** One statement of a publication (a trade signal): its id, and its side and publication instant where stated. */
export interface SignalSighting {
  id: string;
  /** The side as stated (null included); absent when the object has no side member. */
  side?: unknown;
  /** The publication instant in ms, or 'null' when stated null; absent when the object states none. */
  published?: number | 'null';
  publishedRaw?: unknown;
  path: string;
}

/** The first statement of each publication id in the answers seen so far, with the answer it was in (SIG-027). */
export type SignalViews = Map<string, SignalSighting & { where: string }>;

function signalSighting(o: Row, path: string, at: unknown): SignalSighting {
  const published = at === null ? 'null' : typeof at === 'string' && Number.isFinite(Date.parse(at)) ? Date.parse(at) : undefined;
  return {
    id: String(o.id),
    ...('side' in o ? { side: o.side } : {}),
    ...(published !== undefined ? { published, publishedRaw: at } : {}),
    path,
  };
}

/**
 * The publications an answer states: every SignalRef of every relationships envelope (its side and published_at),
 * and on GET /api/v1/signals each row itself (its side and its timestamp, publishedAtOf). Never throws.
 */
export function signalSightings(operationId: string, body: unknown): SignalSighting[] {
  const out: SignalSighting[] = [];
  if (operationId === 'listSignals')
    (signalRows(body) ?? []).forEach((r, i) => {
      if (typeof r.id === 'string' && r.id !== '') out.push(signalSighting(r, ptr('signals', i), publishedAtOf(r) ?? r.published_at));
    });
  for (const [path, env] of findEnvelopes(body)) {
    const refs = obj(env)?.signals;
    if (!Array.isArray(refs)) continue;
    refs.forEach((r, i) => {
      const ref = obj(r);
      if (ref && typeof ref.id === 'string' && ref.id !== '')
        out.push(signalSighting(ref, `${path}${ptr('signals', i)}`, 'published_at' in ref ? ref.published_at : undefined));
    });
  }
  return out;
}

/** SIG-027's instances: sightings of a publication an earlier sighting (`known`, or earlier in this answer) stated. */
export function signalSeenTwiceInstances(sightings: readonly SignalSighting[], known?: ReadonlyMap<string, unknown>): number {
  return seenBefore(
    sightings.map((s) => s.id),
    known,
  );
}

/**
 * SIG-027: one publication, one side and one publication instant, wherever it is stated (a SignalRef of any envelope,
 * a GET /api/v1/signals row). A side or instant stated null where another answer states a value is a disagreement:
 * the ref's members are the publication's own. Instants are compared as instants. `known` carries the earlier
 * statements and is updated with this answer's, each named `answer`.
 */
export function checkSignalSeenTwice(sightings: readonly SignalSighting[], known: SignalViews = new Map(), answer?: string): Violation[] {
  const out: Violation[] = [];
  for (const s of sightings) {
    const seen = earlierSighting(known, s.id, s, answer);
    if (!seen) continue;
    if ('side' in s && 'side' in seen && s.side !== seen.side)
      out.push(
        violation(
          'SIG-027',
          `${s.path}/side`,
          `publication ${s.id} has side ${JSON.stringify(s.side)} here and ${JSON.stringify(seen.side)} in ${seen.where}`,
        ),
      );
    else if ('side' in s && !('side' in seen)) known.set(s.id, { ...seen, side: s.side });
    if (s.published !== undefined && seen.published !== undefined && s.published !== seen.published)
      out.push(
        violation(
          'SIG-027',
          `${s.path}/published_at`,
          `publication ${s.id} was published at ${JSON.stringify(s.publishedRaw)} here and at ${JSON.stringify(seen.publishedRaw)} in ${seen.where}`,
        ),
      );
    else if (s.published !== undefined && seen.published === undefined)
      known.set(s.id, { ...(known.get(s.id) ?? seen), published: s.published, publishedRaw: s.publishedRaw });
  }
  return out;
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
const checkTradeSignalRowEntry = defineCheck(
  'checkTradeSignalRow',
  [
    ...['SIG-001', 'SIG-002', 'SIG-004', 'SIG-016', 'SIG-017', 'VER-009', 'VER-011'],
    ...MARKET_ROW_CHECKS.checkCanonicalMarket.rules,
    ...ROUTING_CHECKS.checkServiceUrl.rules,
  ],
  checkTradeSignalRow,
);
/** The signals checks, by name (the name of the function each wraps). */
export const SIGNALS_CHECKS = {
  checkSignalSeenTwice: defineCheck('checkSignalSeenTwice', ['SIG-027'], checkSignalSeenTwice, undefined, {
    'SIG-027': {
      what: 'a publication whose id an earlier answer (or ref) stated',
      count: ([sightings, known]) => signalSeenTwiceInstances(sightings, known),
    },
  }),
  checkTradeSignalRow: checkTradeSignalRowEntry,
  checkTradeSignals: defineCheck('checkTradeSignals', [...checkTradeSignalRowEntry.rules, 'SIG-003', 'SIG-015'], checkTradeSignals),
  checkNoFallback: defineCheck('checkNoFallback', ['SIG-005'], checkNoFallback),
  checkDrawdownFilter: defineCheck('checkDrawdownFilter', ['SIG-008', 'SIG-009', 'SIG-010'], checkDrawdownFilter),
  checkBrokerFilter: defineCheck('checkBrokerFilter', ['SIG-011', 'SIG-012'], checkBrokerFilter),
  checkSameRows: defineCheck('checkSameRows', [], checkSameRows, ([, , rule]) => rule),
  checkPerpSignals: defineCheck('checkPerpSignals', ['SIG-018', 'SIG-019', 'SIG-020', 'SIG-021', 'SIG-022'], checkPerpSignals),
  checkArticleEvidence: defineCheck('checkArticleEvidence', ['VER-010'], checkArticleEvidence),
};
