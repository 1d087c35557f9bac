/**
 * The stub's mutants (issue 10): small, realistic vendor bugs, each breaking exactly one documented
 * rule, switched on one at a time by name (`FC_MUTANT=NAME`, read by the stub's entries:
 * playwright.config.ts for the embedded stub, stub/main.ts for `npm run stub`; passed down as
 * StubConfig.mutant). Off by default. `npm run mutation` (scripts/mutation.ts) starts the stub once
 * per mutant, runs only the suites that carry the mutant's rule (and its family) and reports
 * whether a test carrying that rule ID failed.
 *
 * Each hook is a one-line `if (mutant('name'))` branch beside the code it breaks; the registry
 * itself is a table (below), one row per mutant.
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
  /**
   * The one operation the bug is on (issue 34: a rule already killed on one operation, broken on another),
   * when it is not the rule's only operation.
   */
  readonly operation?: string;
  /**
   * Suite files whose tests answer on `operation` (the mutation run adds them to the tests carrying the rule):
   * a cross-cutting rule is judged on every answer of its kind, so a test that does not carry the rule
   * statically still judges it there (its result's `crossCutting`).
   */
  readonly via?: readonly string[];
}

/** Where a mutant of one operation is, and which suite files answer there (Mutant.operation, Mutant.via). */
interface Where {
  readonly operation: string;
  readonly via?: readonly string[];
}

/**
 * The registry as data: per family, one row [name, rule, bug], [name, rule, bug, unobservable]
 * (why no test can observe the bug; a surviving mutant needs it) or [name, rule, bug, where] (the one
 * operation it breaks the rule on). Row order is the run order.
 */
type MutantRow =
  | readonly [name: string, rule: string, bug: string, unobservable?: string]
  | readonly [name: string, rule: string, bug: string, where: Where];

const TABLE = {
  limits: [
    ['lim-admit-21', 'LIM-001', 'the standard scope admits 21 requests in a second, one above its bound'],
    [
      'lim-link-payer-uncounted',
      'LIM-016',
      "the wallet link's signed calls do not count against their payer's standard quota",
      { operation: 'linkWallet' },
    ],
    ['lim-social-in-standard', 'LIM-005', 'social research calls count in the standard scope, so their 5-a-second bound never applies'],
    ['lim-429-no-ratelimit', 'LIM-022', 'a 429 answer carries no RateLimit header field'],
    ['lim-debit-on-429', 'BILL-008', 'an API-key call refused 429 by its scope is debited first'],
    [
      'lim-social-concurrency-429-debited',
      'BILL-008',
      "the social in-flight 429 keeps an API key's debit of the route's price; the social second, minute and day 429s stay free (round-33 bug)",
      { operation: 'searchSocial', via: ['suites/unbilled-refusals.spec.ts'] },
    ],
    ['lim-policy-quota-off', 'LIM-033', 'RateLimit-Policy advertises the per-second policies one above the bound (q=21;w=1)'],
    [
      'lim-challenge-counts-portfolio',
      'LIM-015',
      'unsigned x402 challenges of the portfolio count against one standard quota, so the 21st in a second answers 429',
      { operation: 'getPortfolio' },
    ],
    [
      'lim-inflight-skips-profile',
      'LIM-008',
      'the profile route never holds a social research in-flight slot, so a sixth concurrent profile call is admitted (/x/search keeps the bound)',
      { operation: 'createSocialProfile', via: ['suites/limits.spec.ts'] },
    ],
    [
      'lim-inflight-skips-link',
      'LIM-004',
      "the wallet link never holds a standard in-flight slot, so a payer's eleventh concurrent link is admitted",
      { operation: 'linkWallet' },
    ],
    [
      'lim-day-reset-early',
      'LIM-003',
      'the daily counts roll over at 23:00 UTC (a server-local day an hour ahead): a call just before 00:00 UTC is admitted',
    ],
    [
      'lim-guard-day-local',
      'LIM-011',
      "the per-IP guard's day rolls over at 01:00 UTC, its 429 waiting until then: an address still refused just after 00:00 UTC (round-28 bug)",
      { operation: 'listAssets', via: ['suites/quota-reset.spec.ts'] },
    ],
    [
      // Not the job read (its former target): which limits the job read counts against is gap LIM-027, so a guard
      // leaving it out is an allowed choice. The link is payable, and the guard counts every payable route's requests.
      'lim-guard-skips-link',
      'LIM-010',
      'the per-IP guard leaves the wallet link uncounted (GET /api/v1/wallets/link is never refused by it)',
      { operation: 'linkWallet' },
    ],
    [
      'lim-429-no-ratelimit-social',
      'LIM-022',
      "the social search route's own 429 drops the RateLimit header (the other scopes' 429s keep it)",
      { operation: 'searchSocial', via: ['suites/limits.spec.ts'] },
    ],
    [
      'lim-429-no-retry-after-body-oil',
      'LIM-019',
      "the oil route's 429 body leaves out retry_after (its Retry-After header stays)",
      { operation: 'getOilSignal', via: ['suites/limits.spec.ts', 'suites/oil.spec.ts'] },
    ],
    [
      'bill-profile-focus-reasoning-double',
      'BILL-001',
      "a profile with focus reasoning debits the route's price twice, as a second search (round-5 bug, on the other focus value)",
      { operation: 'createSocialProfile', via: ['suites/social-profile.spec.ts'] },
    ],
    [
      'bill-latest-hours-over-3-double',
      'BILL-001',
      'a latest feed of more than the default 3 hours debits the price twice (round-8 bug: priced by the window asked)',
      { operation: 'getLatest', via: ['suites/parameters.spec.ts'] },
    ],
    [
      'mkt-topic-venue-prefix',
      'MKT-006',
      'beside a topic, listMarkets matches venue as a key prefix: venue=venue_a keeps venue_a_us rows (round-9 bug)',
      { operation: 'listMarkets', via: ['suites/markets.spec.ts'] },
    ],
    [
      'auth-own-job-entitlement-skipped',
      'AUTH-012',
      'getForecastRequest serves the owner its own job after its entitlement lapsed; unknown and foreign jobs still 403 (round-11 bug)',
      { operation: 'getForecastRequest', via: ['suites/forecast-requests.spec.ts'] },
    ],
    [
      'job-foreign-pending-retry-after',
      'JOB-016',
      "getForecastRequest's 404 for another account's pending job carries the owner's Retry-After; an unknown jobId's does not (round-11 bug)",
      { operation: 'getForecastRequest', via: ['suites/forecast-requests.spec.ts'] },
    ],
    [
      'job-idem-optional-venue-b',
      'JOB-036',
      'createForecastRequest gives a venue_b body without an idempotency key a server-made one and accepts it (round-11 bug)',
      { operation: 'createForecastRequest', via: ['suites/forecast-requests.spec.ts'] },
    ],
    [
      'wal-unpaid-keyed-consumes-token',
      'WAL-021',
      'linkWallet consumes the token on a keyed call without payment before answering its 422 (round-11 bug)',
      { operation: 'linkWallet', via: ['suites/wallet-link.spec.ts'] },
    ],
    [
      'wal-unpaid-use-extends-token',
      'WAL-002',
      "linkWallet restarts a token's 15 minutes on each keyed call without payment, so a token used unpaid 10 minutes in still links at 16 (round-44 bug)",
      { operation: 'linkWallet', via: ['suites/wallet-link.spec.ts'] },
    ],
    [
      'mkt-changed-within-fresh-lag',
      'MKT-024',
      'changed_within counts a latest forecast only three minutes after its creation: a market whose forecast was just published is left out (round-45 bug)',
      { operation: 'listMarkets', via: ['suites/forecast-jobs-model.spec.ts'] },
    ],
    [
      'mkt-changed-within-top-day',
      'MKT-024',
      'changed_within above 144 hours is served as 144: markets whose latest forecast is 144..168 hours old are left out (round-30 bug)',
      { operation: 'listMarkets', via: ['suites/markets.spec.ts'] },
    ],
    [
      'mkt-changed-within-lost-with-venue',
      'MKT-023',
      'beside a venue, listMarkets drops changed_within and lists the whole catalog of the venue (round-11 bug)',
      { operation: 'listMarkets', via: ['suites/markets.spec.ts'] },
    ],
    [
      'src-slug-form-types-ignored',
      'SRC-009',
      'with markets (slugs), listSources serves both kinds whatever types says; market_keys honours it (round-9 bug)',
      { operation: 'listSources', via: ['suites/sources.spec.ts'] },
    ],
    [
      'src-types-lost-with-venue',
      'SRC-009',
      'listSources ignores types when market_keys come with a venue (round-45 bug)',
      { operation: 'listSources', via: ['suites/sources.spec.ts'] },
    ],
    [
      'asrch-reference-slash-last-segment',
      'ASRCH-072',
      'a reference holding "/" is matched on its last segment: the identifier value EUR/USD finds nothing (round-9 bug)',
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts'] },
    ],
    [
      'asrch-reference-leading-zeros-stripped',
      'ASRCH-072',
      'an all-digit reference is read as a number: the CIK 0000320193 is looked up as 320193 and finds nothing (round-22 bug)',
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts'] },
    ],
    [
      'job-quota-retry-after-ms',
      'JOB-003',
      "the generation quota 429's retryAfter is in ms while Retry-After and retry_after are in s (round-9 bug)",
      { operation: 'createForecastRequest', via: ['suites/forecast-requests.spec.ts'] },
    ],
    [
      'job-quota-limit-scope-bound',
      'JOB-006',
      "the generation quota 429's limit is the standard scope's daily bound, not the quota's (round-9 bug)",
      { operation: 'createForecastRequest', via: ['suites/forecast-requests.spec.ts'] },
    ],
    [
      'mkt-forecast-age-clamp-168',
      'MKT-043',
      'listMarkets serves any max_forecast_age above 168 as 168 (round-9 bug: a maximum borrowed from changed_within)',
      { operation: 'listMarkets', via: ['suites/markets.spec.ts'] },
    ],
    [
      'bill-sources-wide-window-502-kept',
      'BILL-003',
      "listSources' upstream 502 keeps its debit when window is above 72 (round-9 bug: a bill that changes between the edges)",
      { operation: 'listSources', via: ['suites/unbilled-refusals.spec.ts'] },
    ],
    [
      'avail-agreeing-ids-accepted',
      'AVAIL-002',
      'market_id (with venue) and slug naming one market are answered 200, as the market_id lookup (round-10 bug)',
      { operation: 'getForecastAvailability', via: ['suites/availability.spec.ts'] },
    ],
    [
      'sig-slug-over-255-refused',
      'PARAM-104',
      'getMarketSignals refuses path slugs of 256..512 characters with 422 (round-10 bug: a length between the bounds)',
      { operation: 'getMarketSignals', via: ['suites/parameters.spec.ts'] },
    ],
    [
      'asrch-material-asset-type-case',
      'ASRCH-063',
      'with material_only=true alone, asset_type is compared by exact letter case (round-10 bug: one mode of a filter)',
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts'] },
    ],
    [
      'asrch-q-one-letter-unmatched',
      'ASRCH-043',
      'a one-character q matches nothing: an Asset whose ticker is one letter is not found by it (round-36 bug)',
    ],
    [
      'asrch-q-named-material-dropped',
      'ASRCH-030',
      'material_only=true is ignored in q mode beside a named term; q=*, reference and material_only alone keep it (round-34 bug)',
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts'] },
    ],
    [
      'asrch-reference-uuid-lost-with-filter',
      'ASRCH-070',
      'beside platform or asset_type, a reference given as an Asset UUID matches nothing (round-10 bug: one form beside a filter)',
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts'] },
    ],
    [
      'lim-guard-second-scope-standard',
      'LIM-034',
      "the per-IP guard's per-second 429 says limit_scope standard, a scope that did not reject (round-10 bug)",
      { operation: 'listAssets', via: ['suites/limits.spec.ts'] },
    ],
    [
      'prof-floor-extra-day',
      'PROF-023',
      'x/profile collects posts over lookback_days + 1 days: an account short by the window is profiled, citing a post before from_date (round-10 bug)',
      { operation: 'createSocialProfile', via: ['suites/social-profile.spec.ts'] },
    ],
    [
      'bill-refund-dropped-while-busy',
      'BILL-002',
      'an unbilled answer (404, 502) keeps its debit while another call of the same account is in flight (round-10 bug)',
      { operation: 'getMarketForecast', via: ['suites/unbilled-refusals.spec.ts'] },
    ],
    [
      'bill-latest-hours-4-double',
      'BILL-001',
      'a latest feed of exactly 4 hours debits the price twice (a price that changes between the edges of 1..6)',
      { operation: 'getLatest', via: ['suites/parameters.spec.ts'] },
    ],
    [
      'sig-topic-lost-with-drawdown-filter',
      'SIG-011',
      'beside exclude_drawdown_risk=true, listSignals drops the topic filter (round-8 bug: each filter right alone)',
      { operation: 'listSignals', via: ['suites/signals.spec.ts'] },
    ],
    [
      'avail-slug-event-endpoint-v1',
      'AVAIL-029',
      "a venue_b event named by slug answers a targetResolution whose endpoint is /api/v1/forecast-targets (404); the other forms' endpoints resolve (round-36 bug)",
    ],
    [
      'mkt-topic-lost-with-changed-within',
      'MKT-014',
      'beside changed_within, listMarkets drops the topic filter: each alone still holds (round-37 bug)',
    ],
    [
      'mkt-broker-topic-lost-with-venue',
      'MKT-017',
      'beside venue=venue_b, listMarkets skips topic=broker_a as if redundant: non-broker venue_b rows are listed (round-38 bug)',
    ],
    [
      'msrch-venue-dropped-with-as-of',
      'MSRCH-006',
      'beside as_of, searchMarkets drops the venue filter: each alone still holds (round-36 bug)',
      { operation: 'searchMarkets', via: ['suites/market-search.spec.ts'] },
    ],
    [
      'msrch-as-of-today-previous-close',
      'MSRCH-010',
      'searchMarkets answers a date-only as_of of the current UTC day with the close of the day before (round-46 bug)',
      { operation: 'searchMarkets', via: ['suites/market-search.spec.ts'] },
    ],
    [
      'msrch-tag-lost-with-category',
      'MSRCH-007',
      'searchMarkets drops the tag filter when a category is given too (round-46 bug)',
      { operation: 'searchMarkets', via: ['suites/market-search.spec.ts'] },
    ],
    [
      'msrch-category-lost-with-venue',
      'MSRCH-008',
      'beside a venue filter, searchMarkets drops the category filter (kin of a round-8 bug: one filter lost beside another)',
      { operation: 'searchMarkets', via: ['suites/market-search.spec.ts'] },
    ],
    [
      'avail-latest-forecast-oldest',
      'AVAIL-045',
      "availability's latestForecast names the market's oldest stored forecast, not its newest (round-8 bug)",
      { operation: 'getForecastAvailability', via: ['suites/availability.spec.ts'] },
    ],
    [
      'avail-asset-ref-edge-id',
      'ASSET-001',
      "availability's latestForecast two-hop AssetRefs (via market) carry their HAS_MARKET edge's id, a uuid of no Asset (round-37 bug)",
      { operation: 'getForecastAvailability', via: ['suites/assets.spec.ts'] },
    ],
    [
      'mkt-latest-forecast-at-oldest',
      'MKT-042',
      "a catalog row's latest_forecast_at is its oldest in-window forecast's instant (kin of a round-8 bug)",
      { operation: 'listMarkets', via: ['suites/markets.spec.ts'] },
    ],
    [
      'asrch-forecast-at-oldest',
      'ASRCH-119',
      "an asset-search linked market's forecast fields describe its oldest stored forecast (kin of a round-8 bug)",
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts'] },
    ],
    [
      'bill-assets-reference-over-40',
      'BILL-001',
      'a reference-mode asset search of more than 40 references debits the price twice (round-5 bug: priced per batch of references)',
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts'] },
    ],
    [
      'lim-second-429-debited-latest',
      'LIM-017',
      "the latest feed's per-second 429 keeps an API key's debit of its price (round-5 bug: the minute's and the day's stay free)",
      { operation: 'getLatest', via: ['suites/limits.spec.ts'] },
    ],
    [
      'bill-repeat-404-kept-stance',
      'BILL-002',
      'the stance route refunds a 404 once per account and URL: the same request repeated keeps its debit (round-5 bug, on another route)',
      { operation: 'getAssetStance', via: ['suites/unbilled-refusals.spec.ts'] },
    ],
    [
      'oil-spacing-from-end',
      'OIL-012',
      "the oil spacing is counted from the previous request's end: a start over a second after a slow start, once it answered, is refused (round-5 bug)",
      { operation: 'getOilSignal', via: ['suites/limits.spec.ts'] },
    ],
    [
      'quote-linked-clock-observed',
      'QUOTE-015',
      "asset search's linked markets state each book quote's observed_at as its venue_timestamp, where the same observation elsewhere states the book's update time (round-25 bug)",
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts'] },
    ],
    [
      'route-mispriced-series-null',
      'ROUTE-014',
      "the mispriced list's venue_b rows state seriesTicker null, where the market list states each row's series (round-27 bug)",
      { operation: 'listMispricedMarkets', via: ['suites/mispriced.spec.ts'] },
    ],
    [
      'quote-snapshot-observed-now-markets',
      'QUOTE-012',
      'the market list shows each graph_snapshot quote observed at the time of the answer, where the same stored snapshot elsewhere keeps its one observed_at (round-5 bug, on the other route)',
      { operation: 'listMarkets', via: ['suites/mispriced.spec.ts'] },
    ],
    [
      'asset-linked-probability-no-side',
      'ASRCH-117',
      "a linked market with a refreshed forecast shows its NO side's probability as latest_service_probability (round-5 bug's kin: the stored forecast read disagrees)",
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts'] },
    ],
    [
      'lim-429-retry-after-ms-sources',
      'LIM-019',
      "the sources route's 429 body states retry_after in ms while its Retry-After header says s (round-5 bug, on another route)",
      { operation: 'listSources' },
    ],
    [
      'order-signals-lost-with-forecast-age',
      'MKT-030',
      'sort=signal_count_desc beside a max_forecast_age other than the default falls back to the default order (round-43 bug)',
      { operation: 'listMarkets', via: ['suites/markets.spec.ts'] },
    ],
    [
      'order-volume-lost-with-venue',
      'MKT-028',
      'sort=volume_desc beside a venue filter falls back to the default order (round-6 bug)',
      { operation: 'listMarkets', via: ['suites/markets.spec.ts'] },
    ],
    [
      'mkt-changed-within-windowed',
      'MKT-025',
      'changed_within selects by the latest forecast inside max_forecast_age, so the default 48 h loses markets changed 48-168 h ago (round-6 bug)',
      { operation: 'listMarkets', via: ['suites/markets.spec.ts'] },
    ],
    [
      'port-listed-venue-c-dropped',
      'PORT-002',
      'an explicit venues list skips venue_c (its echo kept); the answer without venues still holds venue_c positions (round-30 bug)',
      { operation: 'getPortfolio', via: ['suites/portfolio.spec.ts'] },
    ],
    [
      'port-venue-a-us-merged',
      'PORT-002',
      'venues naming venue_a and venue_a_us together fetch venue_a alone: the venue_a_us positions are missing (round-6 bug)',
      { operation: 'getPortfolio', via: ['suites/portfolio.spec.ts'] },
    ],
    [
      'bill-slow-upstream-error-kept-sources',
      'BILL-004',
      "the evidence route's upstream error keeps its debit when it comes a second or more after admission (round-6 bug, on one route)",
      { operation: 'listSources', via: ['suites/unbilled-refusals.spec.ts'] },
    ],
    [
      'sig-ref-side-null-availability',
      'SIG-027',
      "availability's envelopes state each publication's side null, where the signal list states it (round-7 bug)",
      { operation: 'getForecastAvailability', via: ['suites/signals.spec.ts'] },
    ],
    [
      'asset-summary-q-forecast-off',
      'ASRCH-118',
      "q mode's market_summary counts one market with a forecast fewer than reference mode for the same Asset (round-7 bug)",
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts'] },
    ],
    [
      'mkt-topic-window-default',
      'MKT-041',
      'beside a topic, listMarkets windows forecast_count and latest_forecast_at by the 48 h default instead of the max_forecast_age asked (round-7 bug)',
      { operation: 'listMarkets', via: ['suites/markets.spec.ts'] },
    ],
    [
      'sig-read-ref-whole-seconds',
      'SIG-027',
      "the stored forecast read's SignalRefs state published_at in whole seconds, other answers to the millisecond (round-31 bug)",
      { operation: 'getMarketForecast', via: ['suites/market-forecast.spec.ts'] },
    ],
    [
      'mkt-venue-window-default',
      'MKT-041',
      'beside a venue, listMarkets windows forecast_count and latest_forecast_at by the 48 h default instead of the max_forecast_age asked',
      { operation: 'listMarkets', via: ['suites/markets.spec.ts'] },
    ],
    [
      'x402-oil-no-marks-unrounded',
      'X402-007',
      "with include_marks=false the oil route's challenge asks three quarters of its price, off the $0.005 increment (round-7 bug)",
      { operation: 'getOilSignal', via: ['suites/x402.spec.ts'] },
    ],
    [
      'src-article-published-late',
      'EVID-019',
      "GET /api/v1/sources dates each article five minutes after the market's evidence list does (round-7 bug)",
      { operation: 'listSources', via: ['suites/market-signals.spec.ts'] },
    ],
    [
      'asset-ref-ticker-lower-availability',
      'ASSET-115',
      "availability's AssetRefs state their Asset's ticker in lower case, where asset search states it as stored",
      { operation: 'getForecastAvailability', via: ['suites/asset-search.spec.ts'] },
    ],
    [
      'ref-question-event-title',
      'ROUTE-014',
      "a relationships envelope's MarketRef states its market's question as the event's title, where the market's own rows state the market's question",
      { operation: 'getForecastAvailability', via: ['suites/availability.spec.ts'] },
    ],
    [
      'job-forecast-created-at-job',
      'FCST-017',
      "a succeeded job's forecast is dated with the job's creation, where availability and the read date it when it was created (round-6 bug)",
      { operation: 'getForecastRequest', via: ['suites/forecast-jobs-model.spec.ts'] },
    ],
    [
      'lim-social-minute-lockout',
      'LIM-006',
      "a social-research minute refusal locks the key out for 60 s counted from the refusal (a penalty box), so a call after its Retry-After, with none of the minute's admissions left, is refused again (round-4 bug)",
      { operation: 'searchSocial', via: ['suites/quota-reset.spec.ts'] },
    ],
    [
      'lim-guard-429-debited',
      'LIM-017',
      "a per-IP guard 429 of a paid route keeps an API-key debit of the route's price (the scopes' 429s debit nothing; round-4 bug)",
      { operation: 'listAssets' },
    ],
    [
      'lim-oil-inflight-429-debited',
      'LIM-017',
      "the oil route's in-flight refusal (429, one request already running) keeps an API-key debit",
      { operation: 'getOilSignal', via: ['suites/limits.spec.ts'] },
    ],
  ],
  billing: [
    [
      'bill-upstream-500-kept',
      'BILL-004',
      "an answer of an upstream's 500 keeps the key's debit (round-19 bug)",
      { operation: 'getLatest', via: ['suites/unbilled-refusals.spec.ts'] },
    ],
    [
      'bill-profile-reuse-discount',
      'BILL-022',
      "a stored profile's reuse by an API key debits 100 credits instead of x/profile's 1000 (round-19 bug)",
      { operation: 'createSocialProfile', via: ['suites/social-clock.spec.ts'] },
    ],
    [
      'bill-profile-not-configured-503',
      'BILL-004',
      "x/profile's 503 for profiling that is not configured keeps its $1.00 debit on an API key (round-17 bug)",
      { operation: 'createSocialProfile', via: ['suites/social-profile.spec.ts'] },
    ],
    ['bill-no-refund-404', 'BILL-002', 'the API-key debit of a 404 answer is not refunded'],
    ['bill-no-refund-502', 'BILL-003', 'the API-key debit of a 502 answer is not refunded'],
    ['bill-free-route-debit', 'BILL-012', 'a free route debits one credit when a key is sent'],
    ['bill-debit-before-check', 'BILL-016', 'the balance is debited before the insufficient-credits check, so a refused call still costs'],
    ['bill-double-debit', 'BILL-001', 'a successful paid call debits its price twice'],
    [
      'bill-debit-neighbour',
      'BILL-001',
      "an off-by-one account lookup: an API-key call is debited to the account created just before the caller's (one principal's calls spend another's credits)",
    ],
    [
      'bill-free-debit-targets',
      'BILL-012',
      'the targets lookup debits one credit when a key is sent (the other free routes do not)',
      { operation: 'getForecastTargets' },
    ],
    [
      'bill-free-debit-openapi-v1',
      'BILL-012',
      'the versioned OpenAPI document debits one credit when a key is sent',
      { operation: 'getOpenApiV1' },
    ],
    [
      'bill-job-status-read',
      'BILL-012',
      "a view=status read of an existing job debits 10 credits (the default view and an unknown job's 404 stay free)",
      { operation: 'getForecastRequest', via: ['suites/forecast-requests.spec.ts'] },
    ],
    [
      'sig-debit-venue-qualified',
      'BILL-001',
      'an evidence read naming a venue other than venue_a is debited 5 credits, the sources rate, instead of 10 (round-23 bug)',
      { operation: 'getMarketSignals', via: ['suites/market-signals.spec.ts'] },
    ],
    [
      'sig-debit-per-page',
      'BILL-001',
      'an evidence read is debited 10 credits per started page of ten articles it returns (round-23 bug)',
      { operation: 'getMarketSignals', via: ['suites/market-signals.spec.ts'] },
    ],
    [
      'bill-upstream-4xx-kept',
      'BILL-004',
      "an upstream's 409 keeps its API-key debit (round-23 bug: refunds keyed on 404, 429 and 5xx)",
      { operation: 'getLatest', via: ['suites/unbilled-refusals.spec.ts'] },
    ],
    [
      'bill-upstream-429-kept',
      'BILL-004',
      "market search's upstream 429 keeps its API-key debit (round-24 bug: only the limiter's own 429 goes unbilled)",
      { operation: 'searchMarkets', via: ['suites/unbilled-refusals.spec.ts'] },
    ],
    [
      'job-result-read-billed-after-success',
      'BILL-012',
      'a result-view read of a succeeded job debits 10 credits per forecast it embeds; polling and the status view stay free (round-22 bug)',
      { operation: 'getForecastRequest', via: ['suites/forecast-jobs-model.spec.ts'] },
    ],
    [
      'fcst-drawdown-anchored-at-read',
      'FCST-006',
      'drawdown_risk_72h is measured over what is left of the 72 hours after created_at at the read, so it shrinks as the forecast ages (round-36 bug)',
    ],
    [
      'fcst-read-debit-per-forecast',
      'BILL-001',
      'a stored forecast read by API key is debited its price once more per forecast of the history it returns (round-22 bug)',
      { operation: 'getMarketForecast', via: ['suites/market-forecast.spec.ts'] },
    ],
    ['bill-no-refund-404-forecast', 'BILL-002', "the forecast route's 404 keeps its API-key debit", { operation: 'getMarketForecast' }],
    [
      'gen-venue-b-child-debit-per-event',
      'BILL-001',
      "a venue_b child's new generation is debited the price once per contract of its event, not once (round-36 bug)",
      { operation: 'createForecastRequest', via: ['suites/forecast-requests.spec.ts'] },
    ],
    [
      'bill-no-refund-404-generation',
      'BILL-002',
      "a generation's 404 (a market no venue knows) keeps its API-key debit (round-2 bug)",
      { operation: 'createForecastRequest', via: ['suites/unbilled-refusals.spec.ts'] },
    ],
    ['bill-double-debit-latest', 'BILL-001', 'a successful latest call debits its price twice', { operation: 'getLatest' }],
    // Issue 34, the ledger watch (suites/support/ledger-watch.ts): a slip on one value, form or cause of a route no billing
    // test watched, killed where any test makes the call on an account the harness created.
    [
      'bill-latest-hours-scaled',
      'BILL-001',
      'a latest feed over more than its default 3 hours is debited twice its price',
      { operation: 'getLatest', via: ['suites/latest.spec.ts', 'suites/parameters.spec.ts'] },
    ],
    [
      'bill-latest-types-per-kind',
      'BILL-001',
      'a latest feed is debited its price once per event kind listed in types',
      { operation: 'getLatest', via: ['suites/latest.spec.ts', 'suites/parameters.spec.ts'] },
    ],
    [
      'bill-market-search-as-of-extra',
      'BILL-001',
      'a market search with as_of (either form) is debited twice its price (round-33 bug)',
      { operation: 'searchMarkets', via: ['suites/market-search.spec.ts', 'suites/parameters.spec.ts'] },
    ],
    [
      'bill-market-search-venue-extra',
      'BILL-001',
      'a market search naming a venue is debited twice its price',
      { operation: 'searchMarkets', via: ['suites/market-search.spec.ts', 'suites/parameters.spec.ts'] },
    ],
    [
      'bill-sources-per-market-key',
      'BILL-001',
      'an evidence read by market_keys is debited its price once per key listed',
      { operation: 'listSources', via: ['suites/sources.spec.ts', 'suites/parameters.spec.ts'] },
    ],
    [
      'bill-sources-per-five-markets',
      'BILL-001',
      'an evidence read is debited its price per started group of five markets it names, slugs or keys (round-32 bug)',
      { operation: 'listSources', via: ['suites/sources.spec.ts'] },
    ],
    [
      'bill-sources-window-scaled',
      'BILL-001',
      'an evidence read over a window wider than its default 48 hours is debited twice its price',
      { operation: 'listSources', via: ['suites/sources.spec.ts', 'suites/parameters.spec.ts'] },
    ],
    [
      'bill-asset-search-material-extra',
      'BILL-001',
      'an asset search with material_only=true is debited twice its price',
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts', 'suites/parameters.spec.ts'] },
    ],
    [
      'bill-asset-search-platform-extra',
      'BILL-001',
      'an asset search narrowed to a platform is debited twice its price',
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts', 'suites/parameters.spec.ts'] },
    ],
    [
      'bill-no-refund-404-signals-event',
      'BILL-002',
      "an evidence read naming a venue_b market's event ticker answers 404 and keeps its debit (round-32 bug)",
      { operation: 'getMarketSignals', via: ['suites/unbilled-refusals.spec.ts'] },
    ],
    [
      'bill-no-refund-404-signals-venue',
      'BILL-002',
      "the evidence route's 404 keeps its API-key debit when the slug was looked up in a venue's namespace (venue given)",
      { operation: 'getMarketSignals', via: ['suites/market-signals.spec.ts', 'suites/unbilled-refusals.spec.ts'] },
    ],
    [
      'bill-no-refund-404-forecast-venue',
      'BILL-002',
      "the stored-forecast route's 404 keeps its API-key debit when the slug was looked up in a venue's namespace (venue given)",
      { operation: 'getMarketForecast', via: ['suites/market-forecast.spec.ts', 'suites/unbilled-refusals.spec.ts'] },
    ],
    [
      'bill-no-refund-404-profile',
      'BILL-002',
      "the social profile's 404 keeps its API-key debit",
      { operation: 'createSocialProfile', via: ['suites/social-profile.spec.ts'] },
    ],
    [
      'bill-no-refund-502-latest',
      'BILL-003',
      "the latest feed's 502 keeps its API-key debit",
      { operation: 'getLatest', via: ['suites/latest.spec.ts', 'suites/source-outages.spec.ts'] },
    ],
    [
      'bill-no-refund-502-signals-venue',
      'BILL-003',
      "an evidence read's 502 keeps its API-key debit when a venue other than venue_a qualifies the slug (round-38 bug)",
      { operation: 'getMarketSignals', via: ['suites/unbilled-refusals.spec.ts'] },
    ],
    [
      'bill-no-refund-502-asset-material-scan',
      'BILL-003',
      "asset search's 502 keeps its API-key debit when material_only=true comes alone (refunded beside q or reference; round-37 bug)",
      { operation: 'searchAssets', via: ['suites/unbilled-refusals.spec.ts'] },
    ],
    [
      'bill-no-refund-502-asset-reference-market-key',
      'BILL-003',
      "asset search's 502 keeps its API-key debit when a reference is a marketKey (an Asset's UUID, key or identifier value is refunded; round-42 bug)",
      { operation: 'searchAssets', via: ['suites/unbilled-refusals.spec.ts'] },
    ],
    [
      'bill-no-refund-502-search-as-of',
      'BILL-003',
      "a market search's 502 keeps its API-key debit when as_of is given (refunded without it; round-40 bug)",
      { operation: 'searchMarkets', via: ['suites/unbilled-refusals.spec.ts'] },
    ],
    [
      'bill-no-refund-502-forecast-market-key-path',
      'BILL-003',
      "a stored-forecast read's 502 keeps its API-key debit when the path names a marketKey, as availability's read pointer of a market without a slug does (refunded by slug; round-41 bug)",
      { operation: 'getMarketForecast', via: ['suites/unbilled-refusals.spec.ts'] },
    ],
    [
      'bill-no-refund-502-social-search',
      'BILL-003',
      "the social search's 502 keeps its API-key debit",
      { operation: 'searchSocial', via: ['suites/social-search.spec.ts', 'suites/source-outages.spec.ts'] },
    ],
    [
      'bill-free-debit-availability',
      'BILL-012',
      'the availability lookup debits one credit when a key is sent',
      { operation: 'getForecastAvailability', via: ['suites/availability.spec.ts'] },
    ],
    [
      'bill-free-debit-pricing',
      'BILL-012',
      'the pricing answer debits one credit when a key is sent',
      { operation: 'getPricing', via: ['suites/pricing.spec.ts'] },
    ],
    ['bill-no-refund-502-portfolio', 'BILL-003', "the portfolio route's 502 keeps its API-key debit", { operation: 'getPortfolio' }],
    [
      'bill-429-upstream-latest',
      'BILL-010',
      "the latest feed's scope 429 is answered after its upstream fetch (a pending upstream fault is taken by it)",
      { operation: 'getLatest', via: ['suites/unbilled-refusals.spec.ts'] },
    ],
    [
      'bill-debit-on-429-oil',
      'BILL-008',
      "the oil route's spacing refusal (429) is checked after the API-key debit, which it keeps",
      { operation: 'getOilSignal' },
    ],
    [
      'auth-credit-check-double-sources',
      'AUTH-021',
      "the evidence route's credit check asks twice its price: an account holding one call's price is refused 403 insufficient_credits",
      { operation: 'listSources' },
    ],
  ],
  x402: [
    ['x402-settle-on-404', 'BILL-005', 'an x402 payment is settled although the answer is 404'],
    ['x402-402-wrong-code', 'ERR-004', 'a 402 answer carries error payment_requested instead of payment_required'],
    ['x402-no-challenge-header', 'X402-002', 'the 402 answer drops the PAYMENT-REQUIRED header'],
    ['x402-amount-off', 'X402-007', 'the second token amount is one atomic unit off the price'],
    ['x402-decimals-18', 'X402-032', "the eip155:4663 entry's extra advertises 18 decimals for the 6-decimal token"],
    [
      'x402-no-challenge-header-sources',
      'X402-002',
      "the sources route's 402 drops the PAYMENT-REQUIRED header",
      { operation: 'listSources' },
    ],
    [
      'x402-amount-off-oil',
      'X402-007',
      "the oil route's challenge offers the first token's amount one atomic unit above the price",
      { operation: 'getOilSignal' },
    ],
    [
      'x402-settle-profile-404',
      'BILL-005',
      'the profile route settles an x402 payment although it answers 404 insufficient_post_history',
      { operation: 'createSocialProfile', via: ['suites/unbilled-refusals.spec.ts'] },
    ],
    [
      'x402-settle-on-502-sources',
      'BILL-006',
      'the sources route settles an x402 payment although it answers 502',
      { operation: 'listSources' },
    ],
    [
      'x402-no-settlement-header-oil',
      'X402-014',
      'the oil route settles an x402 payment but its 200 carries no PAYMENT-RESPONSE',
      { operation: 'getOilSignal' },
    ],
    [
      'x402-no-settlement-header-link',
      'X402-014',
      'the wallet link settles its x402 payment but its 200 carries no PAYMENT-RESPONSE',
      { operation: 'linkWallet' },
    ],
    [
      'x402-settle-link-404',
      'BILL-005',
      'the wallet link settles an x402 payment although it answers 404 link_token_not_found',
      { operation: 'linkWallet' },
    ],
    [
      'x402-replay-served-perps',
      'X402-016',
      'a payment already settled for another resource, presented on the perps route, is served (200) without being settled again',
      { operation: 'listPerpSignals' },
    ],
  ],
  pricing: [
    ['price-credits-per-usd-100', 'PRICE-015', 'the pricing metadata advertises 100 credits per USD (a credit taken for a cent)'],
    [
      'price-usd-cent-off',
      'PRICE-015',
      "the pricing metadata lists one route's USD price one cent above its credits (signals: 0.020 for 10 credits)",
    ],
    [
      'price-usd-cent-off-oil',
      'PRICE-015',
      "the pricing metadata lists the oil route's USD price one cent above its credits",
      { operation: 'getOilSignal' },
    ],
  ],
  jobs: [
    ['job-status-expands', 'JOB-010', 'view=status expands the published forecasts'],
    ['job-no-retry-after', 'JOB-015', 'a non-terminal job read drops its Retry-After header'],
    ['job-idem-new-job', 'JOB-025', 'a repeated idempotency key creates a second job'],
    ['job-foreign-403', 'JOB-016', "another account's jobId answers 403 instead of the unknown-job 404"],
    ['job-excluded-accepted', 'JOB-001', 'a topic-excluded market is accepted for generation'],
    [
      'job-dotted-ticker-refused',
      'AVAIL-044',
      'a generation body whose venue_b ticker holds "." (a strike such as T3.75), as availability offers it, is answered 422 invalid_request',
      { operation: 'createForecastRequest' },
    ],
    [
      'job-idem-shared-across-keys',
      'AUTH-019',
      "idempotency records are keyed by the header alone: another account's generation under the same key and body answers the first account's job",
    ],
    ['job-view-default-status', 'PARAM-023', 'an omitted view reads as view=status, so a succeeded job read expands no forecast'],
  ],
  wallets: [
    ['wal-token-short', 'WAL-001', 'link tokens are one character short (42 after svc_)'],
    ['wal-unauth-token', 'WAL-017', 'the link-token route issues a token without an API key'],
    ['wal-unknown-token-422', 'WAL-005', 'a never-issued token answers 422 instead of 404 link_token_not_found'],
    [
      'wal-expired-token-forgotten',
      'WAL-002',
      'an hour past its expiry a link token answers 404 link_token_not_found, as if never issued (round-18 bug)',
      { operation: 'linkWallet', via: ['suites/wallet-link.spec.ts'] },
    ],
    ['wal-token-16min', 'WAL-002', 'link tokens live 16 minutes (expires_at says so too): a token used just after 15 minutes still links'],
    [
      'wal-token-14min',
      'WAL-002',
      'the expiry check counts 14 minutes while expires_at still says 15: a token used just before 15 minutes is refused',
    ],
  ],
  relationships: [
    ['rel-cap-51', 'REL-001', 'the relationships cap is off by one: 51 refs per category'],
    ['rel-truncated-wrong-cap', 'REL-002', 'truncated.markets compares against a page size of 20 instead of the cap of 50'],
    [
      'rel-forecast-truncated-after-cap',
      'REL-008',
      'the stored forecast read flags a category truncated only when it holds more than 50 refs after capping (so never)',
      { operation: 'getMarketForecast' },
    ],
    ['rel-affects-edge', 'REL-005', 'sibling markets are labelled with an inferred AFFECTS edge'],
    ['rel-odds-leak', 'REL-004', 'market refs carry the venue odds'],
    ['rel-nested-odds', 'REL-004', 'market refs carry the venue odds one level down (pricing.selected_probability)'],
    [
      'rel-affects-edge-sources',
      'REL-005',
      "the sources route's envelope labels its first ref with an inferred AFFECTS edge",
      { operation: 'listSources', via: ['suites/sources.spec.ts', 'suites/defaults.spec.ts'] },
    ],
    [
      'rel-affects-edge-job',
      'REL-005',
      "the job read's envelope labels its first ref with an inferred AFFECTS edge",
      { operation: 'getForecastRequest', via: ['suites/forecast-jobs-model.spec.ts'] },
    ],
    [
      'rel-odds-leak-availability',
      'REL-004',
      "the availability route's envelope refs carry the market's odds",
      { operation: 'getForecastAvailability', via: ['suites/availability.spec.ts', 'suites/auth-paid.spec.ts'] },
    ],
  ],
  quotes: [
    ['quote-odds-bid', 'QUOTE-003', 'market_odds is the bid, not the selected probability'],
    ['quote-method-null-priced', 'QUOTE-004', 'quote_method is null on a priced midpoint quote'],
    ['quote-us-live', 'QUOTE-002', 'venue_a_us rows report freshness verified instead of stale'],
    [
      'latest-board-forecasts-3h',
      'LATEST-019',
      'the latest feed without types serves only the last 3 hours of forecasts in a wider window; typed requests are whole (round-40 bug)',
      { operation: 'getLatest', via: ['suites/latest.spec.ts'] },
    ],
    [
      'quote-latest-last-trade-as-midpoint',
      'QUOTE-009',
      "the latest feed's midpoint quotes whose last trade lies inside the spread select the last trade, still labelled midpoint (round-37 bug)",
      { operation: 'getLatest', via: ['suites/latest.spec.ts'] },
    ],
    [
      'quote-odds-bid-latest',
      'QUOTE-003',
      "the latest route's market_odds is the venue's yes bid instead of the quote's selected probability",
      { operation: 'getLatest', via: ['suites/latest.spec.ts', 'suites/defaults.spec.ts'] },
    ],
    [
      'quote-us-live-search',
      'QUOTE-002',
      "the Asset search's venue_a_us quotes say verified instead of stale",
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts'] },
    ],
  ],
  routing: [
    [
      'route-listing-no-brokers',
      'ROUTE-013',
      "a venue_b job's listing has broker_channels [] (broker fields null) while the market's routing elsewhere names broker_a (round-4 bug)",
      { operation: 'getForecastRequest', via: ['suites/forecast-requests.spec.ts'] },
    ],
    ['route-url-double-encoded', 'ROUTE-005', 'serviceUrl percent-encodes the serviceMarketId twice (venue_b:X gives venue_b%253AX)'],
    ['route-broker-all', 'ROUTE-004', 'broker_channels is copied to venue_a rows too'],
    ['route-venue-a-url-all', 'ROUTE-006', 'venueAUrl is populated for every venue'],
    ['route-key-dash', 'ROUTE-001', 'marketKey is built with a dash instead of a colon'],
    [
      'route-key-dash-sources',
      'ROUTE-001',
      'the sources route writes marketKey with a dash (venue_a-123) instead of venue_a:123',
      { operation: 'listSources', via: ['suites/sources.spec.ts', 'suites/defaults.spec.ts'] },
    ],
    [
      'route-broker-all-latest',
      'ROUTE-004',
      'the latest route lists broker_a on venue_a rows too',
      { operation: 'getLatest', via: ['suites/latest.spec.ts', 'suites/defaults.spec.ts'] },
    ],
    [
      'route-venue-a-url-availability',
      'ROUTE-006',
      "the availability route fills venueAUrl on every venue's rows",
      { operation: 'getForecastAvailability', via: ['suites/availability.spec.ts', 'suites/auth-paid.spec.ts'] },
    ],
  ],
  ordering: [
    ['order-updated-asc', 'MKT-027', 'sort=updated_desc is reversed (oldest first)'],
    ['order-volume-asc', 'MKT-028', 'sort=volume_desc sorts ascending'],
    ['order-signals-asc', 'MKT-030', 'sort=signal_count_desc sorts ascending'],
    ['order-sources-oldest', 'SRC-001', 'sources are ordered oldest first'],
    ['order-latest-mixed', 'LATEST-005', 'the feed is grouped by type before time, so it is not chronological'],
  ],
  windows: [
    ['win-forecast-count-unwindowed', 'MKT-021', 'forecast_count counts every forecast, ignoring the max_forecast_age window'],
    ['win-latest-since-off', 'LATEST-003', 'window.since is computed with one hour too many'],
    ['win-latest-hours-echo', 'LATEST-002', 'window.hours echoes the default instead of the requested hours'],
    ['win-sources-unbounded', 'SRC-007', 'the sources window is doubled: articles older than window hours appear'],
  ],
  versioning: [
    ['ver-crash-risk-dropped', 'VER-011', 'the former field crash_risk_elevated is dropped from /api/v1/signals rows'],
    ['ver-alias-param-ignored', 'VER-012', 'the former parameter exclude_crash_risk is ignored'],
    ['ver-v1-openapi-stale', 'VER-006', 'the compatibility path /api/v1/openapi.json serves a stale document with no paths'],
    ['ver-doc-hours-max-12', 'VER-019', "the served contract declares GET /api/v1/latest's hours maximum 12 (the spec and the route: 6)"],
  ],
  errors: [
    ['err-no-message', 'ERR-001', 'error envelopes omit message for 422 answers'],
    ['err-retry-after-on-422', 'ERR-002', 'a 422 body carries retry_after'],
    ['err-unknown-path-400', 'ERR-005', 'an unserved path answers 400 instead of 404'],
    ['err-invalid-key-code', 'ERR-003', 'an unknown API key answers 401 unauthorized instead of invalid_api_key'],
    [
      'err-no-message-stance-404',
      'ERR-001',
      "the stance route's 404 (an unknown Asset, the stub's choice) leaves out message (round-25 bug)",
      { operation: 'getAssetStance', via: ['suites/unbilled-refusals.spec.ts', 'suites/asset-stance.spec.ts'] },
    ],
    [
      'err-no-message-sources',
      'ERR-001',
      "the sources route's error bodies leave out message",
      { operation: 'listSources', via: ['suites/sources.spec.ts', 'suites/auth.spec.ts'] },
    ],
    [
      'err-retry-after-on-422-latest',
      'ERR-002',
      "the latest route's 422 body carries retry_after",
      { operation: 'getLatest', via: ['suites/latest.spec.ts', 'suites/errors.spec.ts'] },
    ],
    [
      'err-invalid-key-code-stance',
      'ERR-003',
      "the stance route's 401 says error unauthorized instead of invalid_api_key",
      { operation: 'getAssetStance', via: ['suites/auth.spec.ts', 'suites/asset-stance.spec.ts'] },
    ],
    [
      'err-402-code-portfolio',
      'ERR-004',
      "the portfolio route's 402 says error payment_requested instead of payment_required",
      { operation: 'getPortfolio', via: ['suites/auth.spec.ts', 'suites/portfolio.spec.ts'] },
    ],
    [
      'err-409-code-link',
      'ERR-007',
      "the wallet link's 409 says error conflict instead of wallet_already_attested or payment_replay_mismatch",
      { operation: 'linkWallet', via: ['suites/wallet-link.spec.ts'] },
    ],
  ],
  'social research': [
    ['xsrch-limit-plus-one', 'XSRCH-001', 'the search answers one more result than requested'],
    ['xsrch-lookback-off', 'XSRCH-002', 'results of one day beyond the lookback range are kept'],
    ['xsrch-range-capped-90', 'XSRCH-013', 'a range of up to 180 days is accepted and echoed but searched over 90 days only'],
    [
      'xsrch-limit-over-15-billed',
      'BILL-001',
      'a social search with a limit above 15 debits twice its price (round-24 bug)',
      { operation: 'searchSocial', via: ['suites/social-search.spec.ts'] },
    ],
    [
      'xsrch-default-range-7',
      'XSRCH-013',
      'a search without range_days echoes the default 30 but searches 7 days (round-23 bug)',
      { operation: 'searchSocial', via: ['suites/social-search.spec.ts'] },
    ],
    ['prof-lookback-13', 'PARAM-076', 'lookback_days accepts 13 (minimum off by one)'],
    [
      'xsrch-limit-max-25',
      'XSRCH-014',
      'searchSocial refuses a result count above 25 with 422, where 30 is the documented maximum (round-45 bug)',
      { operation: 'searchSocial', via: ['suites/social-search.spec.ts'] },
    ],
    ['prof-lookback-echo', 'PROF-016', 'window.lookback_days echoes the default 365 instead of the requested value'],
    [
      'prof-lookback-dropped-with-focus',
      'PROF-016',
      'with focus trading or reasoning, lookback_days is dropped: the profile is built over 365 days (round-44 bug)',
      { operation: 'createSocialProfile', via: ['suites/social-profile.spec.ts'] },
    ],
    ['prof-lookback-366', 'PARAM-077', 'lookback_days accepts 366 (maximum off by one)'],
    [
      'param-handle-at-counted',
      'PARAM-074',
      'the 15-character handle bound counts a leading "@", so "@" and 15 characters are refused 422',
    ],
    ['prof-cache-29d23h', 'PROF-006', 'a stored profile is reused for 29 days 23 hours only: a request just before 30 days recomputes it'],
  ],
  oil: [
    ['oil-missing-flag-inverted', 'OIL-002', 'reading_missing is true on a present reading'],
    ['oil-degraded-always', 'OIL-006', 'degraded is true whenever marks are requested'],
    [
      'lim-job-read-standard',
      'LIM-035',
      "the free job read is counted in the key's standard scope and refused 429 standard when it is full (round-12 bug)",
      { operation: 'getForecastRequest', via: ['suites/limits.spec.ts'] },
    ],
    [
      'rel-forecast-assets-direct',
      'REL-012',
      "a forecast's envelope gives its market's assets via direct instead of via market (round-12 bug, on the latest feed)",
      { operation: 'getLatest', via: ['suites/latest.spec.ts'] },
    ],
    [
      'rel-forecast-assets-on-market',
      'REL-014',
      "a forecast's envelope labels its market's assets (via market) with the first hop's edge, ON_MARKET, instead of HAS_MARKET (round-44 bug, on the latest feed)",
      { operation: 'getLatest', via: ['suites/latest.spec.ts'] },
    ],
    [
      'rel-evidence-siblings-via-market',
      'REL-007',
      "the evidence route's market envelope names a market as the node between it and its sibling markets (via market, not via asset; round-43 bug)",
      { operation: 'getMarketSignals', via: ['suites/market-signals.spec.ts'] },
    ],
    [
      'rel-forecast-signals-has-signal',
      'REL-013',
      "a forecast's envelope labels the signals published on it HAS_SIGNAL instead of ON_FORECAST (round-13 bug, on availability)",
      { operation: 'getForecastAvailability', via: ['suites/availability.spec.ts'] },
    ],
    [
      'mkt-topic-word-match',
      'MKT-015',
      'listMarkets topic also matches one word of a hyphenated tag: topic=rates selects the interest-rates markets (round-13 bug)',
      { operation: 'listMarkets', via: ['suites/markets.spec.ts'] },
    ],
    [
      'mkt-forecast-age-listing-capped-48',
      'MKT-001',
      'listMarkets with max_forecast_age above 48 leaves out a market without signals whose newest forecast is older than 48 h but inside the window (round-41 bug)',
      { operation: 'listMarkets', via: ['suites/markets.spec.ts'] },
    ],
    [
      'mkt-topic-tag-shadows-category',
      'MKT-014',
      'listMarkets matches a topic some market carries as a tag against tags only: topic=politics drops the rows whose category alone is Politics (round-41 bug)',
      { operation: 'listMarkets', via: ['suites/markets.spec.ts'] },
    ],
    [
      'mkt-topic-category-slug',
      'MKT-014',
      'listMarkets topic compares a multi-word category in its slug form: topic=Climate and Weather selects nothing (round-14 bug)',
      { operation: 'listMarkets', via: ['suites/markets.spec.ts'] },
    ],
    [
      'auth-job-read-empty-balance',
      'AUTH-022',
      'the free job read answers 403 insufficient_credits to an entitled account at zero credits (round-13 bug)',
      { operation: 'getForecastRequest', via: ['suites/forecast-requests.spec.ts'] },
    ],
    [
      'auth-entitlement-denial-remembered',
      'AUTH-023',
      'a key refused 403 for its entitlement stays refused for 5 minutes after the entitlement is restored (round-14 bug)',
      { operation: 'getForecastRequest', via: ['suites/forecast-requests.spec.ts'] },
    ],
    [
      'auth-short-refusal-remembered',
      'AUTH-021',
      'a key refused 403 insufficient_credits at a short, positive balance stays refused on that route for 60 s after a top-up (round-15 bug)',
      { operation: 'getLatest', via: ['suites/billing.spec.ts'] },
    ],
    [
      'wal-keyed-unpaid-422-billed',
      'WAL-010',
      'a keyed link call refused 422 (a live token, no payment) keeps a 10-credit debit (round-15 bug)',
      { operation: 'linkWallet', via: ['suites/wallet-link.spec.ts'] },
    ],
    [
      'tgt-venue-a-outage-404',
      'TGT-032',
      'forecast-targets answers a venue_a ref 404 not_found while venue resolution is down; venue_b refs still answer 503 (round-15 bug)',
      { operation: 'getForecastTargets', via: ['suites/source-outages.spec.ts'] },
    ],
    [
      'avail-market-id-outage-untracked',
      'AVAIL-031',
      "availability's market_id form answers 200 untracked while its source is down; market_key and slug still answer 503 (round-15 bug)",
      { operation: 'getForecastAvailability', via: ['suites/source-outages.spec.ts'] },
    ],
    [
      'auth-refusal-remembered',
      'AUTH-021',
      'a key refused 403 insufficient_credits stays refused for 60 s after a top-up (round-13 bug)',
      { operation: 'listAssets', via: ['suites/billing.spec.ts'] },
    ],
    [
      'lim-unsigned-challenge-cached',
      'LIM-010',
      'a repeated unsigned GET of one URL is answered from a challenge cache in front of the per-IP guard, never counted nor refused (round-14 bug)',
      { operation: 'listAssets', via: ['suites/limits.spec.ts'] },
    ],
    [
      'oil-spacing-wait-floored',
      'LIM-020',
      "the oil route's spacing 429 rounds its wait down, so it states 0 s; a retry after it is refused again (round-15 bug)",
      { operation: 'getOilSignal', via: ['suites/limits.spec.ts'] },
    ],
    [
      'job-quota-scope-dated',
      'JOB-005',
      "the generation quota's quotaScope carries the UTC date: each day's refusals name another scope (round-19 bug)",
      { operation: 'createForecastRequest', via: ['suites/quota-reset.spec.ts'] },
    ],
    [
      'job-status-rejected-as-failed',
      'JOB-009',
      'the polling view (view=status) states a rejected job as failed; the result view says rejected (round-32 bug)',
    ],
    [
      'job-updated-at-db-text',
      'SCH-229',
      "the job read states updatedAt in a database's text form (a space, an hours-only offset), createdAt in RFC 3339 (round-33 bug)",
    ],
    [
      'job-status-ids-by-market',
      'JOB-009',
      'the polling view of a succeeded job names the forecasts of every succeeded job of its owner on the same market (round-17 bug)',
      { operation: 'getForecastRequest', via: ['suites/forecast-jobs-model.spec.ts'] },
    ],
    [
      'job-quota-counts-refused',
      'JOB-038',
      "a generation the standard scope refuses 429 still takes a slot of the owner's daily generation quota, which then refuses below its stated limit (round-17 bug)",
      { operation: 'createForecastRequest', via: ['suites/quota-reset.spec.ts'] },
    ],
    [
      'lim-in-flight-held-by-404',
      'LIM-004',
      "a 404's in-flight slot is released 30 s after its answer: after ten 404s of a key, its next standard call is refused for concurrency with nothing running (round-16 bug)",
      { operation: 'listAssets', via: ['suites/limits.spec.ts'] },
    ],
    [
      'lim-social-in-flight-shared',
      'LIM-012',
      "the social in-flight bound counts the key's standard calls in flight: with 5 standard calls running, x/search is refused (round-15 bug)",
      { operation: 'searchSocial', via: ['suites/limits.spec.ts'] },
    ],
    [
      'lim-social-second-wait-floored',
      'LIM-020',
      "the social research second's 429 states a wait floored to whole seconds (0): a client honouring it is refused again (round-32 bug)",
      { operation: 'createSocialProfile', via: ['suites/limits.spec.ts'] },
    ],
    [
      'lim-guard-second-wait-floored',
      'LIM-020',
      "the per-IP guard second's 429 states a wait floored to whole seconds (0): a client honouring it is refused again (round-33 bug)",
      { operation: 'getPricing', via: ['suites/limits.spec.ts'] },
    ],
    [
      'lim-guard-minute-wait-clock',
      'LIM-020',
      "the per-IP guard's minute 429 states the wait to the end of the clock minute; a retry after it is refused again (round-14 bug)",
      { operation: 'listAssets', via: ['suites/quota-reset.spec.ts'] },
    ],
    [
      'job-quota-reset-late',
      'LIM-020',
      'the daily generation quota resets at 01:00 UTC while its 429 waits to 00:00 UTC (round-14 bug)',
      { operation: 'createForecastRequest', via: ['suites/quota-reset.spec.ts'] },
    ],
    [
      'lim-day-wait-minute',
      'LIM-036',
      "a daily limit's 429 states the wait to the end of the current minute, not to 00:00 UTC (round-13 bug)",
      { operation: 'listAssets', via: ['suites/limits.spec.ts'] },
    ],
    [
      'rel-signal-list-siblings-incoming',
      'REL-011',
      "listSignals rows' market envelopes say their two-hop (via asset) market refs are incoming (round-13 bug)",
      { operation: 'listSignals', via: ['suites/signals.spec.ts'] },
    ],
    [
      'bill-oil-degraded-billed',
      'BILL-011',
      'an oil answer degraded because perp_venue_b could not be fetched keeps its API-key debit (a missing upstream response billed)',
      { operation: 'getOilSignal', via: ['suites/oil.spec.ts'] },
    ],
    [
      'oil-degraded-unrequested',
      'OIL-006',
      'include_marks=false answers degraded true while a venue mark is down, though no mark was requested (round-12 bug)',
      { operation: 'getOilSignal', via: ['suites/oil.spec.ts'] },
    ],
    [
      'oil-episode-price-strings',
      'SCH-484',
      "the oil episode's ref_price and outcome_price are decimal strings (a database driver's NUMERIC), its percentages numbers (round-33 bug)",
    ],
    [
      'oil-reading-cached-per-utc-day',
      'OIL-004',
      "the oil route's daily block (reading, episode, reading_missing) is the UTC date's first answer's, per scope: a reading recorded later that day is not served before midnight (round-37 bug)",
      { operation: 'getOilSignal', via: ['suites/oil.spec.ts'] },
    ],
    [
      'oil-episode-days-from-clock',
      'OIL-016',
      "the open episode's days count the UTC days from its opening through today, a day with no reading yet included (round-14 bug)",
      { operation: 'getOilSignal', via: ['suites/oil.spec.ts'] },
    ],
    ['oil-marks-dropped', 'OIL-008', 'include_marks=true drops marks.perp_venue_b while degraded stays false'],
    ['oil-spacing-900', 'OIL-012', 'oil starts need only 900 ms between them: a start 0.94 s after the last is admitted'],
    ['oil-spacing-1100', 'OIL-012', 'oil starts need 1,100 ms between them: a start just over a second after the last is refused'],
  ],
  availability: [
    ['avail-key-and-venue', 'AVAIL-004', 'market_key with venue is accepted'],
    ['avail-id-no-venue', 'AVAIL-003', 'market_id without venue is accepted (defaults to venue_a)'],
    ['avail-generation-with-read', 'AVAIL-019', 'generation is offered even when a forecast exists'],
    ['avail-untracked-available', 'AVAIL-012', 'an untracked identity answers available true'],
    ['avail-latest-nested-probability', 'AVAIL-024', "latestForecast carries the forecast's probability nested (meta.value.probability)"],
    [
      'avail-two-ids-accepted',
      'AVAIL-002',
      'market_id together with slug is accepted (market_id wins): the second case of more than one identifier',
    ],
    ['avail-key-513', 'PARAM-002', 'market_key accepts 513 characters (maxLength off by one)'],
    [
      'avail-condition-id-slug-venue-a-us',
      'AVAIL-005',
      'a venue_a condition id given as slug with no venue is looked up in venue_a_us (tracked false; with venue=venue_a it resolves)',
      { operation: 'getForecastAvailability' },
    ],
  ],
  targets: [
    [
      'gen-market-id-bound-255',
      'PARAM-020',
      'a generation body whose market_id has 256..512 characters is refused 422 invalid_request (round-28 bug)',
      { operation: 'createForecastRequest', via: ['suites/parameters.spec.ts'] },
    ],
    [
      'gen-strike-trailing-zero',
      'AVAIL-044',
      'a generation body whose venue_b strike ends in zero after the point (T3.00) is answered 404, as if T3 (round-27 bug)',
      { operation: 'createForecastRequest', via: ['suites/forecast-requests.spec.ts'] },
    ],
    [
      'gen-legacy-venue-a-404',
      'AVAIL-044',
      'a generation body naming a legacy venue_a row (bare numeric serviceMarketId) is answered 404, newer venue_a ids accepted (round-34 bug)',
      { operation: 'createForecastRequest', via: ['suites/forecast-requests.spec.ts'] },
    ],
    [
      'wal-expired-keyed-billed',
      'WAL-010',
      'a keyed wallet-link call with an expired token keeps 10 credits beside its 422 (round-27 bug)',
      { operation: 'linkWallet', via: ['suites/wallet-link.spec.ts'] },
    ],
    [
      'tgt-bracket-child-404',
      'TGT-021',
      'forecast-targets answers 404 for a range (bracket) child ticker, -B52.5, while threshold children resolve (round-46 bug)',
      { operation: 'getForecastTargets', via: ['suites/targets.spec.ts'] },
    ],
    [
      'tgt-strike-trailing-zero',
      'TGT-010',
      'an exact venue_b child ticker whose strike ends in zero after the point (T3.00) answers its event, no child selected (round-26 bug)',
      { operation: 'getForecastTargets', via: ['suites/targets.spec.ts'] },
    ],
    [
      'prof-default-focus-unshared',
      'PROF-006',
      'a profile stored for a body without focus is not reused for focus "general", its default, nor the other way round (round-42 bug)',
      { operation: 'createSocialProfile', via: ['suites/social-clock.spec.ts'] },
    ],
    [
      'prof-focus-folded',
      'PROF-007',
      'the profile store keys focus as general or not, so a stored trading profile answers a reasoning request (round-26 bug)',
      { operation: 'createSocialProfile', via: ['suites/social-profile.spec.ts'] },
    ],
    [
      'tgt-url-404-no-error',
      'ERR-001',
      'a forecast-targets 404 of a URL-form ref that matches nothing carries no error member; a ticker ref keeps it (round-35 bug)',
      { operation: 'getForecastTargets', via: ['suites/targets.spec.ts'] },
    ],
    [
      'tgt-venue-a-key-legacy-only',
      'TGT-023',
      'a venue_a: marketKey of a newer market (id 1,000,000 and up) answers 404, as if closed (round-19 bug)',
      { operation: 'getForecastTargets', via: ['suites/targets.spec.ts'] },
    ],
    [
      'tgt-venue-a-children-no-side',
      'TGT-049',
      "venue_a target children carry the NO side's book as yesBid/yesAsk (round-17 bug)",
      { operation: 'getForecastTargets', via: ['suites/targets.spec.ts'] },
    ],
    [
      'tgt-ref-cap-1024',
      'PARAM-010',
      'forecast-targets refuses a ref of 1025 to 2048 characters 422, so a venue_a event URL with a long query string is refused (round-4 bug)',
      { operation: 'getForecastTargets', via: ['suites/targets.spec.ts'] },
    ],
    ['tgt-cost-cents', 'TGT-014', "a child's generation.costUsd is 0.01 instead of 1.00"],
    [
      'tgt-exact-child-requests-omit-selected',
      'TGT-017',
      "exact child input's allContracts.requests leave out the selected child's own body; marketCount still counts it (round-40 bug)",
      { operation: 'getForecastTargets', via: ['suites/targets.spec.ts'] },
    ],
    ['tgt-count-off', 'TGT-016', 'allContracts.marketCount is one less than its requests'],
    ['tgt-input-lowercased', 'TGT-001', 'input echoes the ref lower-cased'],
    [
      'tgt-url-input-query-stripped',
      'TGT-001',
      'input echoes a URL ref without its query string or fragment (round-24 bug)',
      { operation: 'getForecastTargets', via: ['suites/targets.spec.ts'] },
    ],
    ['tgt-bad-prefix-404', 'TGT-031', 'an unsupported marketKey prefix answers 404 instead of 422'],
    ['tgt-bare-venue-a-id', 'TGT-027', "a bare all-digit ref naming a venue_a market's numeric id resolves on venue_a (round-2 bug)"],
  ],
  assets: [
    [
      'asrch-q-bound-bytes',
      'PARAM-025',
      "asset search's q bound is counted in UTF-8 bytes, so a q of 101 to 200 two-byte letters is refused 422 (round-25 bug)",
      { operation: 'searchAssets', via: ['suites/parameters.spec.ts'] },
    ],
    [
      'asset-reference-digit-key',
      'ASRCH-071',
      'asset search looks up a reference as an assetKey only when the key holds no digit: reference=us-10y finds nothing, us-cpi is found (round-41 bug)',
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts'] },
    ],
    [
      'asset-reference-first-kind',
      'ASRCH-076',
      "the first reference's kind (marketKey or Asset identity) decides the lookup: references of the other kind match nothing (round-19 bug)",
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts'] },
    ],
    ['asset-q-and-reference', 'ASRCH-002', 'q together with reference is accepted (q wins)'],
    ['asset-reference-51', 'PARAM-026', 'the reference cap is off by one: 51 values are accepted'],
    [
      'asset-type-dropped-with-platform',
      'ASRCH-062',
      'the asset_type filter is ignored when platform is given too (each filter alone is honoured)',
      { operation: 'searchAssets' },
    ],
    [
      'asrch-q-term-asset-type-dropped',
      'ASRCH-062',
      "the asset_type filter is ignored beside a search term and honoured with q='*' only (round-44 bug)",
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts'] },
    ],
    [
      'asset-type-dropped-market-references',
      'ASRCH-062',
      'the asset_type filter is ignored when every reference is a marketKey (Asset references are filtered)',
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts'] },
    ],
    [
      'asset-linked-thesis-sibling',
      'ASRCH-120',
      "a linked market of a multi-market event carries the thesis of the event's first linked market, not its own forecast's (round-16 bug)",
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts'] },
    ],
    [
      'asrch-wildcard-directory-price',
      'BILL-001',
      "an asset search with q=* is debited the directory's 5 credits instead of 10 (round-24 bug)",
      { operation: 'searchAssets', via: ['suites/asset-search.spec.ts'] },
    ],
    ['asset-directory-dupe', 'ASSET-004', 'the directory lists its first asset twice'],
    [
      'asset-directory-nested-market',
      'ASSET-002',
      "the directory's first entry carries an empty linked_markets array nested under meta.seen",
    ],
  ],
  markets: [
    ['mkt-venue-filter-leak', 'MKT-006', 'venue=X also returns venue_a_us rows when X is venue_a'],
    ['mkt-facets-miscount', 'MKT-009', 'venue_facets counts venue_b rows twice'],
    ['mkt-topic-case', 'MKT-013', 'topic matching is case-sensitive'],
    ['mkt-max-age-default-24', 'PARAM-036', 'an omitted max_forecast_age windows at 24 hours instead of the default 48'],
  ],
  sources: [
    [
      'src-market-keys-first-venue',
      'SRC-020',
      "a market_keys list is looked up in its first key's venue: the other venues' markets are silently missing (round-18 bug)",
      { operation: 'listSources', via: ['suites/sources.spec.ts'] },
    ],
    ['src-both-accepted', 'SRC-002', 'markets with market_keys is accepted (markets wins)'],
    ['src-eleven-markets', 'PARAM-047', 'the markets cap is off by one: 11 entries are accepted'],
    ['src-types-ignored', 'SRC-009', 'types=article still returns x_post items'],
    ['src-window-default-24', 'PARAM-056', 'an omitted window looks back 24 hours instead of the default 48'],
    [
      'src-slug-form-window-default-24',
      'PARAM-056',
      'the slug form (markets) alone takes 24 hours for an omitted window; market_keys keeps 48 (round-35 bug)',
      { operation: 'listSources', via: ['suites/defaults.spec.ts'] },
    ],
    [
      'src-eleven-market-keys',
      'PARAM-050',
      'the market_keys cap is off by one (11 accepted): the second case of markets or market_keys 1..10',
    ],
    [
      'src-venue-a-us-keys-lost',
      'SRC-019',
      'market_keys of venue_a_us markets never resolve (the venue read up to the first "venue_a"), so their evidence is silently missing',
      { operation: 'listSources', via: ['suites/sources.spec.ts'] },
    ],
    [
      'src-strike-trailing-zero-lost',
      'SRC-019',
      'market_keys naming a venue_b strike ending in zero (T3.00) never resolve, read as a number: their evidence is silently missing (round-32 bug)',
      { operation: 'listSources', via: ['suites/sources.spec.ts'] },
    ],
    [
      'src-newer-venue-a-keys-unmatched',
      'SRC-019',
      'market_keys naming a newer venue_a market (venue-prefixed serviceMarketId) never resolve: the native id is matched against the bare serviceMarketId of legacy rows only (round-37 bug)',
      { operation: 'listSources', via: ['suites/sources.spec.ts'] },
    ],
    ['src-types-default-article', 'PARAM-059', 'an omitted types returns articles only instead of both kinds'],
    ['src-types-first-only', 'SRC-018', 'of two listed types only the first is served (types=x_post,article answers posts only)'],
    [
      'src-list-last-slug-dropped',
      'SRC-020',
      'markets naming two or more slugs leaves the last one out (one slug alone and market_keys lists are honoured)',
      { operation: 'listSources' },
    ],
  ],
  latest: [
    [
      'latest-forecast-asset-ticker-null',
      'ASSET-115',
      "the latest feed's compact forecasts carry AssetRefs whose ticker is null, whatever the Asset's ticker (round-24 bug)",
      { operation: 'getLatest' },
    ],
    ['latest-count-off', 'LATEST-009', 'count is events.length - 1 when there are events'],
    ['latest-forecast-on-article', 'LATEST-012', 'article events carry a forecast'],
    ['latest-hours-7', 'PARAM-062', 'hours accepts 7 (maximum off by one)'],
    ['latest-hours-default-2', 'PARAM-063', 'an omitted hours looks back 2 hours while window.hours and since still say 3'],
    [
      'latest-types-last-dropped',
      'LATEST-019',
      'a types list of two or more kinds loses its last one (the echoed types still name it, no event of it comes back)',
    ],
  ],
  topics: [
    [
      'avail-venue-b-idempotency-false',
      'SCH-302',
      "a venue_b market's ready generation hint says idempotencyKeyRequired false (round-30 bug)",
      { operation: 'getForecastAvailability', via: ['suites/availability.spec.ts'] },
    ],
    [
      'avail-slug-sports-in-scope',
      'TOPIC-001',
      'a sports market looked up by slug with its venue answers excluded null and a generation body (round-29 bug)',
      { operation: 'getForecastAvailability', via: ['suites/availability.spec.ts'] },
    ],
    [
      'topic-mentions-in-scope',
      'TOPIC-002',
      'mention markets are not excluded: the second case of the topic exclusion (sports, mentions, short-horizon crypto)',
    ],
    [
      'topic-daily-crypto-generation',
      'TOPIC-004',
      'a generation for a daily-close crypto up/down market is refused 422 forecast_topic_excluded while availability keeps it in scope (round-2 bug)',
      { operation: 'createForecastRequest' },
    ],
  ],
  signals: [
    ['sig-drawdown-wrong-value', 'SIG-008', 'exclude_drawdown_risk=true drops the null reads instead of the true ones, keeping risky rows'],
    [
      'sig-exclude-drawdown-keeps-null',
      'SIG-009',
      'exclude_drawdown_risk=true drops only the true reads and keeps the unknown (null) ones, which are not safe (round-39 bug)',
      { operation: 'listSignals', via: ['suites/signals.spec.ts'] },
    ],
    ['sig-row-per-publication', 'SIG-003', 'every publication of a market is listed, not only its newest'],
    ['sig-perps-scope', 'SIG-019', 'the perps row scope is "wti" instead of wti-only'],
  ],
} as const satisfies Record<string, readonly MutantRow[]>;

/** Every mutant, in registry order (TABLE flattened). */
export const MUTANTS: readonly Mutant[] = Object.entries(TABLE).flatMap(([family, rows]: [string, readonly MutantRow[]]) =>
  rows.map(([name, rule, bug, extra]) => ({
    name,
    rule,
    family,
    bug,
    ...(typeof extra === 'string'
      ? { unobservable: extra }
      : extra
        ? { operation: extra.operation, ...(extra.via ? { via: extra.via } : {}) }
        : {}),
  })),
);

/** A registered mutant's name (the first cell of a TABLE row). */
export type MutantName = (typeof TABLE)[keyof typeof TABLE][number][0];

let active: ReadonlySet<string> = new Set();

/**
 * Switches mutants on for this process's stubs: one name, or several comma-separated (the alternate stub's
 * planted deviations in `npm run differential`); undefined or '' = none. Called by buildStub.
 * @throws Error for a name not in MUTANTS.
 */
export function activateMutant(names: string | undefined): void {
  const list = (names ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = list.filter((n) => !MUTANTS.some((m) => m.name === n));
  if (unknown.length) throw new Error(`unknown mutant ${unknown.join(', ')}`);
  active = new Set(list);
}

/** Whether the named mutant is on. */
export function mutant(name: MutantName): boolean {
  return active.has(name);
}

/** Whether any mutant is on (a guard before work only a mutant needs, e.g. re-reading an answer). */
export function anyMutant(): boolean {
  return active.size > 0;
}
