/**
 * The ranked lanes of asset search (gaps ASRCH-105, -106, -111): how q and reference values match
 * Assets. q matching is case-insensitive and fuzzy-by-grade; reference matching is exact (spec:
 * "exact match on an Asset UUID or key, an AssetIdentifier key or value, or an ACTIVE linked
 * market's marketKey or native id").
 */
import type { Asset } from '../data/index.ts';
import type { AssetGraph } from './graph.ts';
import { rankLane, type LaneHit, type RankedLane } from './fusion.ts';
import { mutant } from '../mutants.ts';

/** matched_fields values, in the order they are reported. */
export const FIELD_ORDER = ['id', 'asset_key', 'name', 'aliases', 'ticker', 'identifiers', 'keywords', 'linked_markets'] as const;

const lc = (s: string): string => s.toLowerCase();
/** Alphanumeric tokens, lower-cased (Unicode letters and digits). */
export const tokens = (s: string): string[] =>
  lc(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Grade of a q against one name-like string: 0 equal, 1 same tokens, 2 every q token present, 3 substring. */
function nameGrade(q: string, value: string): number | undefined {
  const ql = lc(q);
  const vl = lc(value);
  if (ql === vl) return 0;
  const qt = tokens(q);
  if (!qt.length) return undefined;
  const vt = tokens(value);
  if (qt.join(' ') === vt.join(' ')) return 1;
  if (qt.every((t) => vt.includes(t))) return 2;
  if (ql.length >= 2 && vl.includes(ql)) return 3;
  return undefined;
}

/** Identity lane: assetKey or UUID equal to q (case-insensitive). */
function identityLane(q: string, assets: readonly Asset[]): LaneHit[] {
  const ql = lc(q);
  return assets.flatMap((a) =>
    lc(a.assetKey) === ql ? [{ key: a.id, grade: 0, field: 'asset_key' }] : lc(a.id) === ql ? [{ key: a.id, grade: 0, field: 'id' }] : [],
  );
}

/** Name/alias lane: grades of nameGrade over the name and every alias; the name wins a tie. */
function nameLane(q: string, assets: readonly Asset[]): LaneHit[] {
  const hits: LaneHit[] = [];
  for (const a of assets) {
    const n = nameGrade(q, a.name);
    if (n !== undefined) hits.push({ key: a.id, grade: n, field: 'name' });
    const aliasGrades = a.aliases.map((al) => nameGrade(q, al)).filter((t): t is number => t !== undefined);
    if (aliasGrades.length) hits.push({ key: a.id, grade: Math.min(...aliasGrades) + 0.5, field: 'aliases' });
  }
  return hits;
}

/** Ticker lane: 0 equal (case-insensitive), 1 ticker starts with q (q of 2+ characters). */
function tickerLane(q: string, assets: readonly Asset[]): LaneHit[] {
  const ql = lc(q);
  return assets.flatMap((a) => {
    if (a.ticker === null) return [];
    const t = lc(a.ticker);
    if (t === ql) return [{ key: a.id, grade: 0, field: 'ticker' }];
    return ql.length >= 2 && t.startsWith(ql) ? [{ key: a.id, grade: 1, field: 'ticker' }] : [];
  });
}

/** The identifier keys of one identifier (gap ASRCH-100): platform:kind:value and platform:value. */
const identifierKeys = (i: Asset['identifiers'][number]): string[] => [`${i.platform}:${i.kind}:${i.value}`, `${i.platform}:${i.value}`];

/** Identifier lane: 0 value byte-identical, 1 value or key equal case-insensitively, 2 value prefix (3+ characters). */
function identifierLane(q: string, assets: readonly Asset[]): LaneHit[] {
  const ql = lc(q);
  const hits: LaneHit[] = [];
  for (const a of assets) {
    for (const i of a.identifiers) {
      const v = lc(i.value);
      const grade =
        i.value === q
          ? 0
          : v === ql || identifierKeys(i).some((k) => lc(k) === ql)
            ? 1
            : ql.length >= 3 && v.startsWith(ql)
              ? 2
              : undefined;
      if (grade !== undefined) hits.push({ key: a.id, grade, field: 'identifiers' });
    }
  }
  return hits;
}

/** Keyword lane: q tokens found among name, alias, type and linked-market tag/category tokens; more shared tokens rank higher. */
function keywordLane(q: string, assets: readonly Asset[], graph: AssetGraph): LaneHit[] {
  const qt = [...new Set(tokens(q))];
  if (!qt.length) return [];
  const hits: LaneHit[] = [];
  for (const a of assets) {
    const own = new Set([...tokens(a.name), ...a.aliases.flatMap(tokens), ...tokens(a.assetType)]);
    const market = new Set(graph.linkableMarkets(a).flatMap((m) => [...m.tags, ...m.categories].flatMap(tokens)));
    const ownHits = qt.filter((t) => own.has(t)).length;
    const allHits = qt.filter((t) => own.has(t) || market.has(t)).length;
    if (allHits) hits.push({ key: a.id, grade: qt.length - allHits, field: ownHits ? 'keywords' : 'linked_markets' });
  }
  return hits;
}

/** The ranked q-mode lanes over the candidate Assets (filters already applied). */
export function qLanes(q: string, assets: readonly Asset[], graph: AssetGraph): RankedLane[] {
  return [identityLane(q, assets), nameLane(q, assets), tickerLane(q, assets), identifierLane(q, assets), keywordLane(q, assets, graph)]
    .map(rankLane)
    .filter((l) => l.size > 0);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One reference's lane: grade 0 for the Asset's own UUID (case-insensitive, as UUIDs are) or exact
 * assetKey, 1 for an exact identifier value or key, 2 for an active linked market's exact marketKey
 * or native id.
 */
export function referenceLane(ref: string, assets: readonly Asset[], graph: AssetGraph): RankedLane {
  const allowed = new Set(assets.map((a) => a.id));
  const hits: LaneHit[] = [];
  for (const a of assets) {
    if (UUID.test(ref) && lc(a.id) === lc(ref)) hits.push({ key: a.id, grade: 0, field: 'id' });
    // Mutant asset-reference-digit-key: only keys of letters and hyphens are looked up as keys (round-41 bug).
    if (a.assetKey === ref && !(mutant('asset-reference-digit-key') && /\d/.test(ref)))
      hits.push({ key: a.id, grade: 0, field: 'asset_key' });
    for (const i of a.identifiers) {
      const [full, short] = identifierKeys(i);
      const keyHit = [full, short].some((k) => {
        const j = k!.length - i.value.length;
        return ref.length === k!.length && ref.endsWith(i.value) && lc(ref.slice(0, j)) === lc(k!.slice(0, j));
      });
      if (i.value === ref || keyHit) hits.push({ key: a.id, grade: 1, field: 'identifiers' });
    }
  }
  for (const a of [...graph.assetsByMarketKey(ref), ...graph.assetsByNativeId(ref)]) {
    if (allowed.has(a.id)) hits.push({ key: a.id, grade: 2, field: 'linked_markets' });
  }
  return rankLane(hits);
}
