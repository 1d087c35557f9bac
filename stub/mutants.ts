/**
 * The stub's mutants (issue 10): small, realistic vendor bugs, each breaking exactly one documented
 * rule, switched on one at a time by name (`FC_MUTANT=NAME`, read by the stub's entries:
 * playwright.config.ts for the embedded stub, stub/main.ts for `npm run stub`; passed down as
 * StubConfig.mutant). Off by default. `npm run mutation` (scripts/mutation.ts) starts the stub once
 * per mutant, runs only the suites that carry the mutant's rule (and its family) and reports
 * whether a test carrying that rule ID failed.
 *
 * Each hook is a one-line `if (mutant('name'))` branch beside the code it breaks.
 */

export interface Mutant {
  /** Kebab-case name, unique; the value of FC_MUTANT. */
  readonly name: string;
  /** The catalogue rule the bug breaks. */
  readonly rule: string;
  /** Rule family (the catalogue file's theme) for the matrix. */
  readonly family: string;
  /** The bug, in one line. */
  readonly bug: string;
  /** Why no test can observe the bug (a surviving mutant needs this reason). */
  readonly unobservable?: string;
}

export const MUTANTS = [
  // limits
  {
    name: 'lim-admit-21',
    rule: 'LIM-001',
    family: 'limits',
    bug: 'the standard scope admits 21 requests in a second, one above its bound',
  },
  {
    name: 'lim-social-in-standard',
    rule: 'LIM-005',
    family: 'limits',
    bug: 'social research calls count in the standard scope, so their 5-a-second bound never applies',
  },
  { name: 'lim-429-no-ratelimit', rule: 'LIM-022', family: 'limits', bug: 'a 429 answer carries no RateLimit header field' },
  { name: 'lim-debit-on-429', rule: 'BILL-008', family: 'limits', bug: 'an API-key call refused 429 by its scope is debited first' },
  // billing
  { name: 'bill-no-refund-404', rule: 'BILL-002', family: 'billing', bug: 'the API-key debit of a 404 answer is not refunded' },
  { name: 'bill-no-refund-502', rule: 'BILL-003', family: 'billing', bug: 'the API-key debit of a 502 answer is not refunded' },
  { name: 'bill-free-route-debit', rule: 'BILL-012', family: 'billing', bug: 'a free route debits one credit when a key is sent' },
  {
    name: 'bill-debit-before-check',
    rule: 'BILL-016',
    family: 'billing',
    bug: 'the balance is debited before the insufficient-credits check, so a refused call still costs',
  },
  { name: 'bill-double-debit', rule: 'BILL-001', family: 'billing', bug: 'a successful paid call debits its price twice' },
  // x402
  { name: 'x402-settle-on-404', rule: 'BILL-005', family: 'x402', bug: 'an x402 payment is settled although the answer is 404' },
  {
    name: 'x402-402-wrong-code',
    rule: 'ERR-004',
    family: 'x402',
    bug: 'a 402 answer carries error payment_requested instead of payment_required',
  },
  { name: 'x402-no-challenge-header', rule: 'X402-002', family: 'x402', bug: 'the 402 answer drops the PAYMENT-REQUIRED header' },
  {
    name: 'x402-replay-402',
    rule: 'X402-016',
    family: 'x402',
    bug: 'a payment replayed for another resource answers 402 instead of 409 payment_replay_mismatch',
  },
  { name: 'x402-amount-off', rule: 'X402-007', family: 'x402', bug: 'the second token amount is one atomic unit off the price' },
  // jobs
  { name: 'job-status-expands', rule: 'JOB-010', family: 'jobs', bug: 'view=status expands the published forecasts' },
  { name: 'job-no-retry-after', rule: 'JOB-015', family: 'jobs', bug: 'a non-terminal job read drops its Retry-After header' },
  { name: 'job-idem-new-job', rule: 'JOB-025', family: 'jobs', bug: 'a repeated idempotency key creates a second job' },
  { name: 'job-foreign-403', rule: 'JOB-016', family: 'jobs', bug: "another account's jobId answers 403 instead of the unknown-job 404" },
  { name: 'job-excluded-accepted', rule: 'JOB-001', family: 'jobs', bug: 'a topic-excluded market is accepted for generation' },
  // wallets
  { name: 'wal-token-short', rule: 'WAL-001', family: 'wallets', bug: 'link tokens are one character short (42 after svc_)' },
  { name: 'wal-unauth-token', rule: 'WAL-017', family: 'wallets', bug: 'the link-token route issues a token without an API key' },
  {
    name: 'wal-unknown-token-422',
    rule: 'WAL-005',
    family: 'wallets',
    bug: 'a never-issued token answers 422 instead of 404 link_token_not_found',
  },
  // relationships
  { name: 'rel-cap-51', rule: 'REL-001', family: 'relationships', bug: 'the relationships cap is off by one: 51 refs per category' },
  {
    name: 'rel-truncated-wrong-cap',
    rule: 'REL-002',
    family: 'relationships',
    bug: 'truncated.markets compares against a page size of 20 instead of the cap of 50',
  },
  { name: 'rel-affects-edge', rule: 'REL-005', family: 'relationships', bug: 'sibling markets are labelled with an inferred AFFECTS edge' },
  { name: 'rel-odds-leak', rule: 'REL-004', family: 'relationships', bug: 'market refs carry the venue odds' },
  // venue quotes
  { name: 'quote-odds-bid', rule: 'QUOTE-003', family: 'quotes', bug: 'market_odds is the bid, not the selected probability' },
  { name: 'quote-method-null-priced', rule: 'QUOTE-004', family: 'quotes', bug: 'quote_method is null on a priced midpoint quote' },
  { name: 'quote-us-live', rule: 'QUOTE-002', family: 'quotes', bug: 'venue_a_us rows report freshness verified instead of stale' },
  // routing
  { name: 'route-url-unencoded', rule: 'ROUTE-005', family: 'routing', bug: 'serviceUrl does not URL-encode the serviceMarketId' },
  { name: 'route-broker-all', rule: 'ROUTE-004', family: 'routing', bug: 'broker_channels is copied to venue_a rows too' },
  { name: 'route-venue-a-url-all', rule: 'ROUTE-006', family: 'routing', bug: 'venueAUrl is populated for every venue' },
  { name: 'route-key-dash', rule: 'ROUTE-001', family: 'routing', bug: 'marketKey is built with a dash instead of a colon' },
  // ordering
  { name: 'order-updated-asc', rule: 'MKT-027', family: 'ordering', bug: 'sort=updated_desc is reversed (oldest first)' },
  { name: 'order-volume-asc', rule: 'MKT-028', family: 'ordering', bug: 'sort=volume_desc sorts ascending' },
  { name: 'order-signals-asc', rule: 'MKT-030', family: 'ordering', bug: 'sort=signal_count_desc sorts ascending' },
  { name: 'order-sources-oldest', rule: 'SRC-001', family: 'ordering', bug: 'sources are ordered oldest first' },
  {
    name: 'order-latest-mixed',
    rule: 'LATEST-005',
    family: 'ordering',
    bug: 'the feed is grouped by type before time, so it is not chronological',
  },
  // windows
  {
    name: 'win-forecast-count-unwindowed',
    rule: 'MKT-021',
    family: 'windows',
    bug: 'forecast_count counts every forecast, ignoring the max_forecast_age window',
  },
  { name: 'win-latest-since-off', rule: 'LATEST-003', family: 'windows', bug: 'window.since is computed with one hour too many' },
  {
    name: 'win-latest-hours-echo',
    rule: 'LATEST-002',
    family: 'windows',
    bug: 'window.hours echoes the default instead of the requested hours',
  },
  {
    name: 'win-sources-unbounded',
    rule: 'SRC-007',
    family: 'windows',
    bug: 'the sources window is doubled: articles older than window hours appear',
  },
  // versioning
  {
    name: 'ver-crash-risk-dropped',
    rule: 'VER-011',
    family: 'versioning',
    bug: 'the former field crash_risk_elevated is dropped from /api/v1/signals rows',
  },
  { name: 'ver-alias-param-ignored', rule: 'VER-012', family: 'versioning', bug: 'the former parameter exclude_crash_risk is ignored' },
  {
    name: 'ver-v1-openapi-stale',
    rule: 'VER-006',
    family: 'versioning',
    bug: 'the compatibility path /api/v1/openapi.json serves a stale document with no paths',
  },
  // errors
  { name: 'err-no-message', rule: 'ERR-001', family: 'errors', bug: 'error envelopes omit message for 422 answers' },
  { name: 'err-retry-after-on-422', rule: 'ERR-002', family: 'errors', bug: 'a 422 body carries retry_after' },
  { name: 'err-unknown-path-400', rule: 'ERR-005', family: 'errors', bug: 'an unserved path answers 400 instead of 404' },
  {
    name: 'err-invalid-key-code',
    rule: 'ERR-003',
    family: 'errors',
    bug: 'an unknown API key answers 401 unauthorized instead of invalid_api_key',
  },
  // social research
  { name: 'xsrch-limit-plus-one', rule: 'XSRCH-001', family: 'social research', bug: 'the search answers one more result than requested' },
  {
    name: 'xsrch-lookback-off',
    rule: 'XSRCH-002',
    family: 'social research',
    bug: 'results of one day beyond the lookback range are kept',
  },
  { name: 'prof-lookback-13', rule: 'PARAM-076', family: 'social research', bug: 'lookback_days accepts 13 (minimum off by one)' },
  {
    name: 'prof-lookback-echo',
    rule: 'PROF-016',
    family: 'social research',
    bug: 'window.lookback_days echoes the default 365 instead of the requested value',
  },
  // oil
  { name: 'oil-missing-flag-inverted', rule: 'OIL-002', family: 'oil', bug: 'reading_missing is true on a present reading' },
  { name: 'oil-degraded-always', rule: 'OIL-006', family: 'oil', bug: 'degraded is true whenever marks are requested' },
  {
    name: 'oil-marks-dropped',
    rule: 'OIL-008',
    family: 'oil',
    bug: 'include_marks=true drops marks.perp_venue_b while degraded stays false',
  },
  // availability
  { name: 'avail-key-and-venue', rule: 'AVAIL-004', family: 'availability', bug: 'market_key with venue is accepted' },
  {
    name: 'avail-id-no-venue',
    rule: 'AVAIL-003',
    family: 'availability',
    bug: 'market_id without venue is accepted (defaults to venue_a)',
  },
  {
    name: 'avail-generation-with-read',
    rule: 'AVAIL-019',
    family: 'availability',
    bug: 'generation is offered even when a forecast exists',
  },
  { name: 'avail-untracked-available', rule: 'AVAIL-012', family: 'availability', bug: 'an untracked identity answers available true' },
  // targets
  { name: 'tgt-cost-cents', rule: 'TGT-014', family: 'targets', bug: "a child's generation.costUsd is 0.01 instead of 1.00" },
  { name: 'tgt-count-off', rule: 'TGT-016', family: 'targets', bug: 'allContracts.marketCount is one less than its requests' },
  { name: 'tgt-input-lowercased', rule: 'TGT-001', family: 'targets', bug: 'input echoes the ref lower-cased' },
  { name: 'tgt-bad-prefix-404', rule: 'TGT-031', family: 'targets', bug: 'an unsupported marketKey prefix answers 404 instead of 422' },
  // assets
  { name: 'asset-q-and-reference', rule: 'ASRCH-002', family: 'assets', bug: 'q together with reference is accepted (q wins)' },
  { name: 'asset-reference-51', rule: 'PARAM-026', family: 'assets', bug: 'the reference cap is off by one: 51 values are accepted' },
  { name: 'asset-directory-dupe', rule: 'ASSET-004', family: 'assets', bug: 'the directory lists its first asset twice' },
  // markets
  { name: 'mkt-venue-filter-leak', rule: 'MKT-006', family: 'markets', bug: 'venue=X also returns venue_a_us rows when X is venue_a' },
  { name: 'mkt-facets-miscount', rule: 'MKT-009', family: 'markets', bug: 'venue_facets counts venue_b rows twice' },
  { name: 'mkt-topic-case', rule: 'MKT-013', family: 'markets', bug: 'topic matching is case-sensitive' },
  // sources
  { name: 'src-both-accepted', rule: 'SRC-002', family: 'sources', bug: 'markets with market_keys is accepted (markets wins)' },
  { name: 'src-eleven-markets', rule: 'PARAM-047', family: 'sources', bug: 'the markets cap is off by one: 11 entries are accepted' },
  { name: 'src-types-ignored', rule: 'SRC-009', family: 'sources', bug: 'types=article still returns x_post items' },
  // latest
  { name: 'latest-count-off', rule: 'LATEST-009', family: 'latest', bug: 'count is events.length - 1 when there are events' },
  { name: 'latest-forecast-on-article', rule: 'LATEST-012', family: 'latest', bug: 'article events carry a forecast' },
  // signals
  {
    name: 'sig-drawdown-wrong-value',
    rule: 'SIG-008',
    family: 'signals',
    bug: 'exclude_drawdown_risk=true drops the null reads instead of the true ones, keeping risky rows',
  },
  {
    name: 'sig-row-per-publication',
    rule: 'SIG-003',
    family: 'signals',
    bug: 'every publication of a market is listed, not only its newest',
  },
  { name: 'sig-perps-scope', rule: 'SIG-019', family: 'signals', bug: 'the perps row scope is "wti" instead of wti-only' },
] as const satisfies readonly Mutant[];

export type MutantName = (typeof MUTANTS)[number]['name'];

let active: string | undefined;

/**
 * Switches a mutant on for this process's stubs (undefined: none). Called by startStub.
 * @throws Error for a name not in MUTANTS.
 */
export function activateMutant(name: string | undefined): void {
  if (name !== undefined && name !== '' && !MUTANTS.some((m) => m.name === name)) throw new Error(`unknown mutant ${name}`);
  active = name || undefined;
}

/** Whether the named mutant is on. */
export function mutant(name: MutantName): boolean {
  return active === name;
}
