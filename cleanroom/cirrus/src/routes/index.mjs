// The route table: one entry per operation. The OpenAPI document, the pricing
// sheet and the router are all derived from it.
import pub from './public.mjs';
import targets from './targets.mjs';
import markets from './markets.mjs';
import detail from './marketDetail.mjs';
import latest from './latest.mjs';
import assets from './assets.mjs';
import signals from './signals.mjs';
import social from './social.mjs';
import jobs from './jobs.mjs';
import wallets from './wallets.mjs';
import portfolio from './portfolio.mjs';

export const ROUTES = [...pub, ...targets, ...markets, ...detail, ...latest, ...assets, ...signals, ...social, ...jobs, ...wallets, ...portfolio];
