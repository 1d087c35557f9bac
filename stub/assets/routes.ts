/**
 * Asset routes: searchAssets (GET /api/v1/assets/search), listAssets (GET /api/v1/assets, the
 * metadata-only directory) and getAssetStance (GET /api/v1/assets/stance). Rule families ASRCH and
 * ASSET (contract/rules/asset-search.yaml, assets.yaml). Pricing and auth are the gate's.
 */
import type { RouteModule } from '../server.ts';
import type { StubContext } from '../context.ts';
import { assetDirectoryItem } from './directory.ts';
import { AssetGraph } from './graph.ts';
import { parseSearch, runSearch } from './search.ts';
import { assetStance, presentStance, resolveStanceAsset } from './stance.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';

const graphOf = (ctx: StubContext): AssetGraph => new AssetGraph(ctx.store, ctx.config.siteUrl, ctx.clock.now());

export const register: RouteModule = (route) => {
  route('searchAssets', (req, ctx) => {
    const parsed = parseSearch(req.query);
    return { body: runSearch(graphOf(ctx), parsed) };
  });

  // Metadata only (ASSET-002, -003): no linked markets, counts or forecasts. assetKey order (gap ASSET-102;
  // descending on the alternate stub), under `assets` (gap ASSET-100; `items` with a `total` on the alternate stub).
  route('listAssets', (_req, ctx) => {
    const ordered = graphOf(ctx).assets();
    const entries = (alt('ASSET-102') ? ordered.reverse() : ordered)
      .flatMap((a, i) => (mutant('asset-directory-dupe') && i === 0 ? [a, a] : [a]))
      .map(assetDirectoryItem)
      .map((item, i) => (mutant('asset-directory-nested-market') && i === 0 ? { ...item, meta: { seen: { linked_markets: [] } } } : item));
    return { body: alt('ASSET-100') ? { items: entries, total: entries.length } : { assets: entries } };
  });

  route('getAssetStance', (req, ctx) => {
    const graph = graphOf(ctx);
    const asset = resolveStanceAsset(req.query, graph);
    return { body: presentStance(assetStance(graph, asset, ctx.clock.nowMs())) };
  });
};
