/**
 * The rules judged on every successful answer of the operations they apply to (issue 34: a cross-cutting check
 * runs on every answer, as the schema validator does; suites/support/answer-checks.ts runs them), each with the
 * case one instance is. One list for the checker, which counts the instances under these names, and for the
 * rule reporter, which calls an applicable operation whose successful answers the run read but none of which
 * held the case "no instance" rather than "no test" (reporter/rule-results.ts).
 */
import { loadRules } from '../contract/rules.ts';
import { QUOTE_CHECKS } from './quote.ts';
import { REL_RULES } from './relationships.ts';
import { ROUTING_CHECKS } from './routing.ts';

/** Documented rules only: a gap or a check's warning-only rule is no pair a run must judge. */
const documented = (ids: readonly string[]): string[] => ids.filter((id) => loadRules().get(id)?.kind === 'rule');

/** What one instance of each group is, in the checker's words. */
export const ANSWER_CASES = {
  envelope: 'a relationships envelope',
  directionSeenTwice: 'a ref of an edge type seen twice',
  cappedCategory: "a category of a market's envelope that an envelope of the same market flags truncated",
  routing: 'an object carrying the market routing fields',
  serviceUrl: 'a serviceUrl of a routing object',
  marketList: 'a list of two or more markets',
  quote: 'an object carrying a venue quote',
  quoteSelection: 'a priced venue quote whose quote_method is a book or last-trade method with that side quoted',
  snapshotSeenTwice: 'a graph_snapshot quote of a snapshot seen before for the same market',
  observationSeenTwice: 'a live quote of an observation (method, observed_at and prices) seen before for the same market',
  forecastSeenTwice: 'a forecast whose id an earlier answer (or view) carried',
  marketSeenTwice: 'a market whose marketKey an earlier answer (or object) carried',
  signalSeenTwice: 'a publication whose id an earlier answer (or ref) stated',
  assetSeenTwice: 'an Asset whose id an earlier answer (or object) carried',
  newestForecast:
    "a member naming a market's newest forecast (latestForecast, latest_forecast_at, a linked market's forecast_at) of a market an answer dated two seconds or more before showed a forecast of",
  catalogOrder: 'a listMarkets answer of two or more rows, judged for the sort it was asked (or the default)',
  forecastAssetVia: "an AssetRef with relationship HAS_MARKET in a forecast's envelope",
  hasMarketHops: "a HAS_MARKET ref two hops away, or a direct market ref in a market's envelope",
  forecastSignalEdge: "a SignalRef with via direct in a forecast's envelope",
  assetMarketEdge: 'an AssetRef via market or a MarketRef via asset',
  catalogFilters:
    'a listMarkets answer with rows, judged for each filter it was asked (venue, changed_within, the max_forecast_age window)',
} as const;

/** The rules of each group (the routing rules but ROUTE-005, which needs the site address, and ROUTE-002, a list's). */
export function answerRuleGroups(): Record<keyof typeof ANSWER_CASES, string[]> {
  return {
    envelope: documented(REL_RULES),
    directionSeenTwice: ['REL-011'],
    cappedCategory: ['REL-008'],
    routing: documented(ROUTING_CHECKS.checkRouting.rules),
    serviceUrl: ['ROUTE-005'],
    marketList: ['ROUTE-002'],
    quote: documented([...QUOTE_CHECKS.checkVenueQuote.rules, ...QUOTE_CHECKS.checkOddsEqualQuote.rules]),
    quoteSelection: ['QUOTE-009'],
    snapshotSeenTwice: ['QUOTE-012'],
    observationSeenTwice: ['QUOTE-015'],
    forecastSeenTwice: ['FCST-017'],
    marketSeenTwice: ['ROUTE-014'],
    signalSeenTwice: ['SIG-027'],
    assetSeenTwice: ['ASSET-115'],
    newestForecast: ['AVAIL-045', 'MKT-042', 'ASRCH-119'],
    catalogOrder: ['MKT-027', 'MKT-028', 'MKT-030', 'PARAM-041'],
    catalogFilters: ['MKT-006', 'MKT-020', 'MKT-023'],
    forecastAssetVia: ['REL-012'],
    hasMarketHops: ['REL-007'],
    forecastSignalEdge: ['REL-013'],
    assetMarketEdge: ['REL-014'],
  };
}

let checked: Map<string, string> | undefined;
/** Rule ID → the case one instance of it is, for every rule judged on every successful answer. */
export function answerCheckedRules(): ReadonlyMap<string, string> {
  if (checked) return checked;
  checked = new Map();
  for (const [group, ids] of Object.entries(answerRuleGroups()))
    for (const id of ids) checked.set(id, ANSWER_CASES[group as keyof typeof ANSWER_CASES]);
  return checked;
}
