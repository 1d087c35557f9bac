/**
 * Market catalog routes: GET /api/v1/markets (listMarkets), GET /api/v1/markets/search
 * (searchMarkets) and GET /api/v1/markets/mispriced (listMispricedMarkets). Auth and pricing are
 * applied by the gate before these handlers; every bad parameter answers 422 invalid_request.
 */
import type { RouteModule } from '../server.ts';
import { listCatalog, parseCatalogParams } from './catalog.ts';
import { listMispriced, parseMispricedParams } from './mispriced.ts';
import { parseSearchParams, searchMarkets } from './search.ts';

export const register: RouteModule = (route, ctx) => {
  route('listMarkets', (req) => ({ body: listCatalog(ctx.store, ctx.config.siteUrl, ctx.clock.nowMs(), parseCatalogParams(req.query)) }));
  route('searchMarkets', (req) => ({
    body: searchMarkets(ctx.store, ctx.config.siteUrl, ctx.clock.nowMs(), parseSearchParams(req.query)),
  }));
  route('listMispricedMarkets', (req) => ({
    body: listMispriced(ctx.store, ctx.config.siteUrl, ctx.clock.nowMs(), parseMispricedParams(req.query)),
  }));
};
