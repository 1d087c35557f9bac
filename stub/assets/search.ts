/**
 * GET /api/v1/assets/search (searchAssets). Spec rules 1-4 and the parameter table; choices where
 * the spec is silent are the ASRCH-1xx gaps.
 */
import type { Asset } from '../data/index.ts';
import type { LinkedMarket } from '../present/index.ts';
import { invalidRequest, notFound } from '../errors.ts';
import type { Query } from '../params.ts';
import { assetDirectoryItem, type AssetDirectoryItem } from './directory.ts';
import { fuse, rankLane, roundScore, type Fused, type RankedLane } from './fusion.ts';
import type { AssetGraph, MarketSummary } from './graph.ts';
import { FIELD_ORDER, qLanes, referenceLane } from './match.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';

/** Spec Limits 4: "asset q 1..200; reference at most 50 items; platform and asset_type 1..80". */
const Q_MAX = 200;
const REFERENCE_MAX_ITEMS = 50;
/** Gap ASRCH-109: the length bound of one reference value (the market_key bound). */
const REFERENCE_MAX_LEN = 512;
const FILTER_MAX = 80;

export type SearchRequest =
  | { mode: 'q'; q: string; materialOnly: boolean; platform?: string; assetType?: string }
  | { mode: 'reference'; references: string[]; materialOnly: boolean; platform?: string; assetType?: string }
  | { mode: 'material'; materialOnly: true; platform?: string; assetType?: string };

/**
 * Parses and validates the query (spec rule 1). Every bound is checked first, then the mode.
 * @throws ApiError 422 invalid_request for a bad value, q with reference, or no q, no reference
 * and no material_only=true.
 */
export function parseSearch(query: Query): SearchRequest {
  const q = query.str('q', { max: Q_MAX });
  // Mutant asrch-q-bound-bytes: the bound counted in UTF-8 bytes, so 101+ two-byte letters are refused (round-25 bug).
  if (mutant('asrch-q-bound-bytes') && q !== undefined && Buffer.byteLength(q, 'utf8') > Q_MAX)
    throw invalidRequest(`q must be 1..${Q_MAX} characters`);
  const references = query.multi('reference', {
    max: REFERENCE_MAX_ITEMS + (mutant('asset-reference-51') ? 1 : 0),
    maxLen: REFERENCE_MAX_LEN,
  });
  const platform = query.str('platform', { max: FILTER_MAX });
  const assetType = query.str('asset_type', { max: FILTER_MAX });
  const materialOnly = query.bool('material_only', false);
  const filters = { ...(platform !== undefined ? { platform } : {}), ...(assetType !== undefined ? { assetType } : {}) };
  if (q !== undefined && references !== undefined && !mutant('asset-q-and-reference'))
    throw invalidRequest('q and reference are mutually exclusive');
  if (q !== undefined) return { mode: 'q', q, materialOnly, ...filters };
  if (references !== undefined) return { mode: 'reference', references: [...new Set(references)], materialOnly, ...filters };
  if (materialOnly) return { mode: 'material', materialOnly: true, ...filters };
  throw invalidRequest('supply q, reference, or material_only=true alone');
}

interface AssetSearchItem extends AssetDirectoryItem {
  linked_market_count: number;
  linked_markets: LinkedMarket[];
  market_summary: MarketSummary;
  relevance: { score: number; matched_by: string[]; matched_fields: string[] };
}

export interface AssetSearchResponse {
  query: string | null;
  references: string[];
  material_only: boolean;
  assets: AssetSearchItem[];
  retrieval: { graph: string; lexical: string };
}

/** Filters that apply in every mode (gap ASRCH-114): platform namespace, type, materiality. */
function candidates(graph: AssetGraph, req: SearchRequest): Asset[] {
  const platform = req.platform?.toLowerCase();
  // Mutant asset-type-dropped-with-platform: asset_type is ignored when platform is given too.
  // Mutant asset-type-dropped-market-references: asset_type is ignored when every reference is a marketKey (round-21 bug).
  const marketRefsOnly = req.mode === 'reference' && req.references.every((r) => r.includes(':'));
  // Mutant asrch-q-term-asset-type-dropped: asset_type is ignored beside a search term (q='*' keeps it; round-44 bug).
  const namedTerm = req.mode === 'q' && req.q.trim() !== '*';
  const type =
    (mutant('asset-type-dropped-with-platform') && platform !== undefined) ||
    (mutant('asset-type-dropped-market-references') && marketRefsOnly) ||
    (mutant('asrch-q-term-asset-type-dropped') && namedTerm)
      ? undefined
      : req.assetType?.toLowerCase();
  return (
    graph
      .assets()
      .filter((a) => platform === undefined || a.identifiers.some((i) => i.platform.toLowerCase() === platform))
      .filter((a) => type === undefined || a.assetType.toLowerCase() === type)
      // Mutant asrch-material-asset-type-case: on the material-only path asset_type is compared by exact case (round-10 bug).
      .filter(
        (a) =>
          !(mutant('asrch-material-asset-type-case') && req.mode === 'material') ||
          req.assetType === undefined ||
          a.assetType === req.assetType,
      )
      // Mutant asrch-q-named-material-dropped: material_only ignored in q mode beside a named term (q=* keeps it;
      // round-34 bug).
      .filter(
        (a) =>
          !req.materialOnly ||
          graph.isMaterial(a) ||
          (mutant('asrch-q-named-material-dropped') && req.mode === 'q' && req.q.trim() !== '*'),
      )
  );
}

/** The directory lane of '*' and material-only mode: more active markets rank higher (gap ASRCH-106). */
function directoryLane(graph: AssetGraph, assets: readonly Asset[]): RankedLane {
  const max = Math.max(0, ...assets.map((a) => graph.linkableMarkets(a).length));
  return rankLane(assets.map((a) => ({ key: a.id, grade: max - graph.linkableMarkets(a).length, field: '' })));
}

const sortFields = (fields: readonly string[]): string[] => FIELD_ORDER.filter((f) => fields.includes(f));

/** references as echoed: input order of first occurrence (gap ASRCH-101; the alternate stub sorts them), [] outside reference mode. */
const echoedReferences = (req: SearchRequest): string[] =>
  req.mode !== 'reference' ? [] : alt('ASRCH-101') ? [...req.references].sort() : req.references;

/**
 * Answers one parsed search: candidates, lanes, fusion, then the items (hydrated outside q mode).
 * @throws ApiError 404 not_found on the alternate stub when no reference matches (gap ASRCH-108).
 */
export function runSearch(graph: AssetGraph, req: SearchRequest): AssetSearchResponse {
  const pool = candidates(graph, req);
  const byId = new Map(pool.map((a) => [a.id, a]));
  let lanes: RankedLane[];
  // Mutant asset-reference-first-kind: the first reference's kind (a marketKey, with ':', or an Asset identity) decides
  // the lookup, and references of the other kind match nothing (round-19 bug).
  const firstIsMarket = req.mode === 'reference' && req.references[0]!.includes(':');
  if (req.mode === 'reference')
    lanes = req.references.map((r) =>
      mutant('asset-reference-first-kind') && r.includes(':') !== firstIsMarket
        ? referenceLane('\u0000', pool, graph)
        : // Mutant asrch-reference-uuid-lost-with-filter: beside platform or asset_type, a UUID reference matches nothing (round-10 bug).
          mutant('asrch-reference-uuid-lost-with-filter') && (req.platform ?? req.assetType) !== undefined && byId.has(r)
          ? referenceLane('\u0000', pool, graph)
          : // Mutant asrch-reference-slash-last-segment: a reference holding "/" is matched on its last segment (round-9 bug).
            // Mutant asrch-reference-leading-zeros-stripped: an all-digit reference is read as a number, its leading
            // zeros dropped, so a CIK such as 0000320193 matches nothing (round-22 bug).
            referenceLane(
              mutant('asrch-reference-slash-last-segment') && r.includes('/')
                ? r.slice(r.lastIndexOf('/') + 1)
                : mutant('asrch-reference-leading-zeros-stripped') && /^0\d+$/.test(r)
                  ? String(Number(r))
                  : r,
              pool,
              graph,
            ),
    );
  // Mutant asrch-q-one-letter-unmatched: a one-character q matches nothing, so a one-letter ticker finds no Asset (round-36 bug).
  else if (req.mode === 'q' && mutant('asrch-q-one-letter-unmatched') && req.q !== '*' && req.q.trim().length === 1) lanes = [];
  else if (req.mode === 'q' && req.q !== '*') lanes = qLanes(req.q, pool, graph);
  else lanes = [directoryLane(graph, pool)];
  const fused: Fused[] = fuse(lanes, (id) => byId.get(id)!.assetKey);
  const hydrate = req.mode !== 'q';
  // References matching nothing: 200 with no Asset (gap ASRCH-108; the alternate stub answers 404).
  if (req.mode === 'reference' && fused.length === 0 && alt('ASRCH-108')) throw notFound('no reference matches an Asset');
  return {
    // material-only mode echoes '*', the filtered directory (gap ASRCH-102; the alternate stub gives null).
    query: req.mode === 'q' ? req.q : req.mode === 'material' && !alt('ASRCH-102') ? '*' : null,
    references: echoedReferences(req),
    material_only: req.materialOnly,
    assets: fused.map((f) => {
      const a = byId.get(f.key)!;
      const linked = hydrate ? graph.linkedMarkets(a) : [];
      return {
        ...assetDirectoryItem(a),
        // The active, open, covered direct markets (gap ASRCH-103; the alternate stub counts every direct one).
        linked_market_count: alt('ASRCH-103') ? graph.store.marketsForAsset(a.id).length : graph.linkableMarkets(a).length,
        linked_markets: linked,
        market_summary: graph.summary(a),
        relevance: { score: roundScore(f.score), matched_by: ['graph'], matched_fields: sortFields(f.fields) },
      };
    }),
    // The lexical lane is not configured in the stub, so search fails open to the graph lane.
    retrieval: { graph: 'ok', lexical: 'unconfigured' },
  };
}
