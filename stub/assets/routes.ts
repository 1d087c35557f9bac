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
import { assetStance, resolveStanceAsset } from './stance.ts';
import { mutant } from '../mutants.ts';

const graphOf = (ctx: StubContext): AssetGraph => new AssetGraph(ctx.store, ctx.config.siteUrl, ctx.clock.now());

export const register: RouteModule = (route) => {
  route('searchAssets', (req, ctx) => {
    const parsed = parseSearch(req.query);
    return { body: runSearch(graphOf(ctx), parsed) };
  });

  // Metadata only (ASSET-002, -003): no linked markets, counts or forecasts; assetKey order (ASSET-102).
  route('listAssets', (_req, ctx) => ({
    body: {
      assets: graphOf(ctx)
        .assets()
        .flatMap((a, i) => (mutant('asset-directory-dupe') && i === 0 ? [a, a] : [a]))
        .map(assetDirectoryItem),
    },
  }));

  route('getAssetStance', (req, ctx) => {
    const graph = graphOf(ctx);
    const asset = resolveStanceAsset(req.query, graph);
    return { body: assetStance(graph, asset, ctx.clock.nowMs()) };
  });
};
