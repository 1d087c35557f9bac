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
import { PRICES } from '../../contract/pricing.ts';

const graphOf = (ctx: StubContext): AssetGraph => new AssetGraph(ctx.store, ctx.config.siteUrl, ctx.clock.now());

export const register: RouteModule = (route) => {
  route('searchAssets', (req, ctx) => {
    const parsed = parseSearch(req.query);
    // Mutant bill-assets-reference-over-40: a reference call of more than 40 references is billed twice (an API key's account).
    if (
      mutant('bill-assets-reference-over-40') &&
      parsed.mode === 'reference' &&
      parsed.references.length > 40 &&
      req.principal?.via === 'api-key'
    )
      ctx.accounts.debit(req.principal.accountId, PRICES.searchAssets!.credits, 'searchAssets');
    // Mutant asrch-wildcard-directory-price: q=* is debited the directory's 5 credits, not 10 (round-24 bug): 5 given back.
    if (mutant('asrch-wildcard-directory-price') && parsed.mode === 'q' && parsed.q === '*' && req.principal?.via === 'api-key')
      ctx.accounts.update(req.principal.accountId, { credits: (ctx.accounts.get(req.principal.accountId)?.credits ?? 0) + 5 });
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
