/**
 * The alternate stub's document edits for the market and Asset routes (stub/alt/document.ts): the
 * parameter names and response shapes its flips change, each guarded by the flip's own `alt(...)`.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { alt } from '../variant.ts';

type Operation = OpenAPIV3_1.OperationObject;
type Parameter = OpenAPIV3_1.ParameterObject;

/** Renames the query parameter `from` of the operation at `path` (GET) to `to`. */
function renameParameter(doc: OpenAPIV3_1.Document, path: string, from: string, to: string): void {
  const op = doc.paths?.[path]?.get as Operation | undefined;
  const p = (op?.parameters ?? []).find((x) => (x as Parameter).name === from) as Parameter | undefined;
  if (p) p.name = to;
}

/** Rewrites the description of component schema `name`. */
function describe(doc: OpenAPIV3_1.Document, name: string, description: string): void {
  const schema = doc.components?.schemas?.[name];
  if (schema) schema.description = description;
}

/** The market and Asset routes' edits, each under its own flip. */
export function editMarketsDocument(doc: OpenAPIV3_1.Document): void {
  if (alt('MSRCH-014')) renameParameter(doc, '/api/v1/markets/search', 'q', 'text');
  if (alt('ASSET-110')) renameParameter(doc, '/api/v1/assets/stance', 'asset', 'asset_ref');
  if (alt('MSRCH-015')) describe(doc, 'MarketSearchResponse', '{search: {text, as_of}, total, results: linked-market rows, retrieval}.');
  if (alt('MISP-005'))
    describe(
      doc,
      'MispricedResponse',
      '{threshold_pp, filter: {topic}, total, items: linked-market rows plus gap_pp, ordered by marketKey}.',
    );
  if (alt('ASSET-100'))
    describe(doc, 'AssetDirectoryResponse', '{items: [{id, assetKey, name, ticker, asset_type, aliases, identifiers}], total}.');
  if (alt('ASSET-112'))
    describe(
      doc,
      'AssetStanceResponse',
      '{subject: {id, assetKey, name, ticker, asset_type}, direction: bullish|bearish|neutral|null, strength: number|null, basis: {market_count, markets_considered, mean_edge_pp, threshold_pp}, computed_at: date-time}.',
    );
}
