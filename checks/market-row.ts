/**
 * Composite checks for rows that carry a market: routing, serviceUrl, venueAUrl, venue quote,
 * odds/quote equality and relationships. Used on EVERY row a suite receives.
 */
import { checkRouting, checkServiceUrl, checkUniqueMarketKeys, ROUTING_CHECKS } from './routing.ts';
import { checkOddsEqualQuote, checkVenueQuote, QUOTE_CHECKS } from './quote.ts';
import { checkAllRelationships, REL_RULES } from './relationships.ts';
import { ptr, type Violation } from '../lib/violation.ts';
import { defineCheck } from './define.ts';

export interface MarketCheckContext {
  /** {site_url}; empty string skips the serviceUrl comparison. */
  siteUrl: string;
}

type Row = Record<string, unknown>;

/** A market list item or linked market (spec: Market list item). */
export function checkMarketListItem(row: Row, ctx: MarketCheckContext, path: string): Violation[] {
  return [
    ...checkRouting(row, path),
    ...checkServiceUrl(row.serviceUrl, row.serviceMarketId, ctx.siteUrl, path + ptr('serviceUrl')),
    ...checkVenueQuote(row.venue_quote, row.venue as string, path + ptr('venue_quote')),
    ...('market_odds' in row ? checkOddsEqualQuote(row.market_odds, row.venue_quote, path + ptr('market_odds')) : []),
    ...checkAllRelationships(row).map((v) => ({ ...v, path: path + v.path })),
  ];
}

/** Every row of a list of market list items, plus marketKey uniqueness. */
export function checkMarketList(rows: readonly Row[], ctx: MarketCheckContext, path: string): Violation[] {
  return [...rows.flatMap((r, i) => checkMarketListItem(r, ctx, path + ptr(i))), ...checkUniqueMarketKeys(rows, path)];
}

/** A CanonicalMarketWithRelationships (routing + relationships), e.g. `market` of evidence routes. */
export function checkCanonicalMarket(market: Row | null | undefined, path: string): Violation[] {
  if (!market) return [];
  return [...checkRouting(market, path), ...checkAllRelationships(market).map((v) => ({ ...v, path: path + v.path }))];
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
const checkMarketListItemEntry = defineCheck(
  'checkMarketListItem',
  [
    ...ROUTING_CHECKS.checkRouting.rules,
    ...ROUTING_CHECKS.checkServiceUrl.rules,
    ...QUOTE_CHECKS.checkVenueQuote.rules,
    ...QUOTE_CHECKS.checkOddsEqualQuote.rules,
    ...REL_RULES,
  ],
  checkMarketListItem,
);
/** The market-row checks, by name (the name of the function each wraps). */
export const MARKET_ROW_CHECKS = {
  checkMarketListItem: checkMarketListItemEntry,
  checkMarketList: defineCheck(
    'checkMarketList',
    [...checkMarketListItemEntry.rules, ...ROUTING_CHECKS.checkUniqueMarketKeys.rules],
    checkMarketList,
  ),
  checkCanonicalMarket: defineCheck('checkCanonicalMarket', [...ROUTING_CHECKS.checkRouting.rules, ...REL_RULES], checkCanonicalMarket),
};
