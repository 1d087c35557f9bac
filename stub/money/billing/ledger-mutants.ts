/**
 * Billing slips on one value, form or cause of a route no billing test watched (issue 34; the ledger watch of
 * suites/support/ledger-watch.ts judges every API-key call's debit, so each is killed where any test makes the call).
 * Each is switched on alone by name (stub/mutants.ts, family billing); none changes an answer, only the account.
 */
import { mutant } from '../../mutants.ts';

/**
 * The credits a mutant debits on top of the price of an admitted API-key call (0 without one).
 * @param operationId the call's operation
 * @param query the call's query string
 * @param credits the route's price, credits
 */
export function extraDebit(operationId: string, query: URLSearchParams, credits: number): number {
  const listed = (name: string): string[] =>
    query
      .getAll(name)
      .flatMap((v) => v.split(','))
      .filter(Boolean);
  // A window priced by its length: the latest feed over more than its default 3 hours debits twice.
  if (operationId === 'getLatest' && mutant('bill-latest-hours-scaled') && Number(query.get('hours') ?? 3) > 3) return credits;
  // Each event kind asked for priced on its own.
  if (operationId === 'getLatest' && mutant('bill-latest-types-per-kind')) return credits * Math.max(0, listed('types').length - 1);
  // A venue-qualified market search priced as a second search.
  if (operationId === 'searchMarkets' && mutant('bill-market-search-venue-extra') && query.has('venue')) return credits;
  // A point-in-time market search priced as a second search (round-33 bug).
  if (operationId === 'searchMarkets' && mutant('bill-market-search-as-of-extra') && query.has('as_of')) return credits;
  // Evidence by marketKey priced per key listed.
  if (operationId === 'listSources' && mutant('bill-sources-per-market-key'))
    return credits * Math.max(0, listed('market_keys').length - 1);
  // Evidence priced per started group of five markets named (either form): 6..10 markets debit twice (round-32 bug).
  if (operationId === 'listSources' && mutant('bill-sources-per-five-markets'))
    return credits * (Math.ceil((listed('market_keys').length + listed('markets').length) / 5) - 1);
  // Evidence over a window wider than its default 48 hours debits twice.
  if (operationId === 'listSources' && mutant('bill-sources-window-scaled') && Number(query.get('window') ?? 48) > 48) return credits;
  // An asset search narrowed to material links priced as a second search.
  if (operationId === 'searchAssets' && mutant('bill-asset-search-material-extra') && query.get('material_only') === 'true') return credits;
  // An asset search narrowed to one platform priced as a second search.
  if (operationId === 'searchAssets' && mutant('bill-asset-search-platform-extra') && query.has('platform')) return credits;
  return 0;
}

/** Whether a mutant keeps the debit of an unbilled answer (a 404 or a 502) of `operationId` asked at `url` (path and query). */
export function keepsUnbilledDebit(operationId: string, status: number, url: URL): boolean {
  const query = url.searchParams;
  return (
    // An evidence read naming a venue_b event ticker (two segments, no strike) keeps its 404's debit (round-32 bug: the
    // billing gate's slug registry holds events too, and the lookup's 404 skipped the refund).
    (status === 404 &&
      operationId === 'getMarketSignals' &&
      mutant('bill-no-refund-404-signals-event') &&
      query.get('venue') === 'venue_b' &&
      /^\/api\/v1\/markets\/[A-Z0-9]+-[A-Z0-9]+\/signals$/.test(url.pathname)) ||
    (status === 404 && operationId === 'getMarketSignals' && mutant('bill-no-refund-404-signals-venue') && query.has('venue')) ||
    (status === 404 && operationId === 'getMarketForecast' && mutant('bill-no-refund-404-forecast-venue') && query.has('venue')) ||
    (status === 404 && operationId === 'createSocialProfile' && mutant('bill-no-refund-404-profile')) ||
    (status === 502 && operationId === 'getLatest' && mutant('bill-no-refund-502-latest')) ||
    // An evidence read qualified by a venue other than venue_a keeps its 502's debit (round-38 bug).
    (status === 502 &&
      operationId === 'getMarketSignals' &&
      mutant('bill-no-refund-502-signals-venue') &&
      query.has('venue') &&
      query.get('venue') !== 'venue_a') ||
    // The materiality scan (material_only=true alone: neither q nor reference) keeps its 502's debit (round-37 bug).
    (status === 502 &&
      operationId === 'searchAssets' &&
      mutant('bill-no-refund-502-asset-material-scan') &&
      query.get('material_only') === 'true' &&
      !query.has('q') &&
      !query.has('reference')) ||
    // Asset search's reference mode keeps its 502's debit when a reference is a venue-prefixed marketKey; an Asset's
    // UUID, key or identifier value is refunded (round-42 bug).
    (status === 502 &&
      operationId === 'searchAssets' &&
      mutant('bill-no-refund-502-asset-reference-market-key') &&
      query.getAll('reference').some((r) => r.split(',').some((v) => /^venue_[a-z_]+:/.test(v.trim())))) ||
    (status === 502 && operationId === 'searchSocial' && mutant('bill-no-refund-502-social-search')) ||
    // A market search at a point in time (as_of) keeps its 502's debit (round-40 bug).
    (status === 502 && operationId === 'searchMarkets' && mutant('bill-no-refund-502-search-as-of') && query.has('as_of')) ||
    // A stored-forecast read whose path names a marketKey (availability's pointer for a market without a slug) keeps its
    // 502's debit; slug reads are refunded (round-41 bug).
    (status === 502 &&
      operationId === 'getMarketForecast' &&
      mutant('bill-no-refund-502-forecast-market-key-path') &&
      /^\/api\/v1\/markets\/[^/]*(:|%3A)[^/]*\/forecast$/i.test(url.pathname))
  );
}
