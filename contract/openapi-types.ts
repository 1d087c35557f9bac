/**
 * GENERATED from contract/openapi.yaml by scripts/gen-contract-types.ts (openapi-typescript): do not edit,
 * re-run `npm run rules:gen` after changing the document. `npm run rules:gen:check` fails while it is stale.
 */

export interface paths {
    "/api/public/forecast-availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Forecast availability of one market identity
         * @description Free, no auth. "Query parameters (supply exactly one of market_key, market_id, slug)".
         *
         *     Rules quoted from the contract:
         *     1. "When a forecast exists, read points to the paid read ($0.01) and generation is null."
         *     2. "When none exists and the topic is in scope, generation is a ready body for POST /api/auth/forecast-requests ($1.00)."
         *     3. "When excluded is non-null, generation is null, and POST /api/auth/forecast-requests answers 422 forecast_topic_excluded."
         *     4. "targetResolution is non-null when a supplied venue_b identifier names a multi-contract event. The caller resolves it through its endpoint and picks one exact child ticker before generation."
         *     5. "Zero or more than one identifier, or a conflicting combination: 422. The availability source down: 503."
         */
        get: operations["getForecastAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/forecast-targets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resolve a venue event or market reference into forecastable targets
         * @description Free, no auth. "Accepted forms: a public venue_b daily-event URL; a venue_b event ticker; an exact binary
         *     child-market ticker; a marketKey with prefix venue_b: or venue_a:; a venue_a browser URL of the form
         *     /event/{slug}, /event/{slug}/{market-slug} or /market/{slug}. Bare non-URL refs resolve as venue_b tickers."
         *
         *     "Event input returns the open binary child markets and requires the caller to pick one child. Exact child
         *     input returns the same list plus one ready request body at $1.00. Each child in allContracts needs its own
         *     request."
         *
         *     "Errors: 404 when nothing matches (the ticker field echoes the unresolved reference); 422 when the ref is
         *     malformed or unsupported; 503 when venue resolution is unavailable."
         */
        get: operations["getForecastTargets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/forecast-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate a new forecast (asynchronous job)
         * @description "Generation of a new forecast, POST /api/auth/forecast-requests: $1.00". API key only: "GET
         *     /api/auth/forecast-requests/{jobId} and POST /api/auth/forecast-requests accept only the API key."
         *
         *     "Request body: the generation body. An idempotency key is required (idempotencyKeyRequired is true).
         *     Topic-excluded markets return 422 forecast_topic_excluded. Owner-scoped quota errors carry retryAfter,
         *     limit_scope, quotaScope (for example venue_market_daily) and limit."
         *
         *     "Topic exclusion: sports outcomes, mention markets and short-horizon crypto up/down markets (fifteen-minute
         *     and hourly settles) are never forecast, on any venue or request path."
         *
         *     Not shown in the contract: what this operation answers besides the job's identity (which the job read
         *     uses), and its status code. Stub choice: 202 with a ForecastRequestAccepted body.
         */
        post: operations["createForecastRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/forecast-requests/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a forecast request (job)
         * @description Free, API key only. "A request can see only jobs submitted with its own key."
         *     1. "view=status returns the job state and forecast ids without expanding forecasts or relationships. Use it for polling."
         *     2. "view=result (the default) also includes the published forecast after success."
         *     3. "Non-terminal responses include Retry-After."
         *     4. "A jobId that is unknown and a jobId owned by another account both return the same 404."
         *     5. "200 body: forecast request (see Resources). Status codes: 401 invalid or missing key, 403 the account lacks an active API entitlement, 404 unknown or not owned."
         */
        get: operations["getForecastRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/wallets/x402-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a single-use wallet link token
         * @description "issues the single-use link token; authenticated by API key or an identity-provider bearer".
         *     "Link token lifetime: 15 minutes, single use."
         *
         *     Not shown in the contract: "Request and response of the link-token issuing operation", the
         *     identity-provider bearer, and the price (free per the architecture notes). Stub choice: no request body
         *     needed; 200 with {token, expires_at}.
         */
        post: operations["createWalletLinkToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/wallets/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request a wallet signature challenge
         * @description "signature-challenge alternative to the link route".
         *
         *     Not shown in the contract: "Request and response ... of the signature-challenge alternative". Stub choice:
         *     body {address, chain_id}; 200 with {challenge, expires_at}.
         */
        post: operations["createWalletChallenge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/wallets/attest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attest a wallet with a signed challenge
         * @description "signature-challenge alternative to the link route".
         *
         *     Not shown in the contract: "Request and response ... of the signature-challenge alternative". Stub choice:
         *     body {challenge, signature}; 200 with {wallet: WalletAttestation-like object}.
         */
        post: operations["attestWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assets/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search Assets and hydrate their linked markets
         * @description $0.01. Rules quoted from the contract:
         *     1. "A request needs q, reference, or material_only=true alone. Missing, conflicting or invalid inputs return 422."
         *     2. "q mode returns market_summary and an empty linked_markets array."
         *     3. "reference mode hydrates every active, open market directly linked by HAS_MARKET, with venue odds, the latest forecast probability and its paired thesis when available."
         *     4. "Markets linked only by AFFECTS are excluded. Published-signal existence alone is not materiality."
         *
         *     "Relevance scores are reciprocal-rank-fusion scores that order one response only. They are not probabilities."
         */
        get: operations["searchAssets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Metadata-only Asset directory
         * @description $0.005. "complete metadata-only Asset directory, no linked markets or forecasts".
         *
         *     Not shown in the contract: "Parameters and response shapes of every operation in the table above".
         */
        get: operations["listAssets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assets/stance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Asset-level stance
         * @description "The asset-level stance is a separate product at GET /api/v1/assets/stance."
         *
         *     Not shown in the contract: "Parameters and response shapes of every operation in the table above", and the
         *     price.
         */
        get: operations["getAssetStance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/markets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Covered market catalog
         * @description "Every active tracked market having an in-window forecast or a signal, in one complete response (no pages;
         *     an absent market is not covered)."
         *
         *     "Catalog and search results contain only covered rows, not full copies of venue catalogs. An empty result for
         *     a venue means no matching covered row. It does not mean the venue is unsupported."
         *
         *     Not shown in the contract: "Price of this route".
         */
        get: operations["listMarkets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/markets/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Hybrid market search
         * @description $0.01. "hybrid search with tag, category and venue filters; as_of (YYYY-MM-DD end-of-day UTC or RFC 3339
         *     instant); tag=broker_a filter; rows carry has_forecast, latest_service_probability, forecast_at,
         *     market_odds_at_forecast, has_published_signal, published_signal_count".
         *
         *     Not shown in the contract: "Parameters and response shapes of every operation in the table above" (only the
         *     filter names are given).
         */
        get: operations["searchMarkets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/markets/mispriced": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mispriced-market list
         * @description "mispriced-market list; topic=broker_a filter".
         *
         *     Not shown in the contract: "Parameters and response shapes of every operation in the table above", and the
         *     price.
         */
        get: operations["listMispricedMarkets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/markets/{slug}/signals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Article evidence of one market
         * @description $0.01. "Returns the complete list of live article evidence (Article RELEVANT_TO Market), newest first."
         *
         *     "When the slug is invalid or no evidence exists, the route returns 404 and is neither billed nor settled.
         *     These items are distinct from published trade signals at /api/v1/signals."
         */
        get: operations["getMarketSignals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/markets/{slug}/forecast": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the stored forecast of one market
         * @description $0.01 (10 credits). "stored forecast with reasoning, sources, uncertainty and optional history; each forecast
         *     carries drawdown_risk_72h {yes, no} anchored to its created_at, which is path risk only and never adjusts the
         *     probability".
         *
         *     Not shown in the contract: "Parameters and response shapes of every operation in the table above".
         */
        get: operations["getMarketForecast"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent evidence for 1 to 10 covered markets
         * @description $0.005. "Recent evidence (correlated articles and relevant social posts) for 1 to 10 covered markets, ordered
         *     by published time, newest first."
         *
         *     "Social posts window on when last seen as relevant, so a re-sighted older post can appear."
         */
        get: operations["listSources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pull feed of update events
         * @description $0.02. "The feed is chronological, board-wide and returned complete for the window."
         *     "GET /api/v1/latest returns events of kind forecast, article and x_post, each with id and occurred_at. The
         *     window is 1 to 6 hours, default 3."
         */
        get: operations["getLatest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/signals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Published trade signals
         * @description "published trade signals (status, conviction, convergence, capacity); at most one per market (newest
         *     publication chosen before eligibility filters, with no older fallback); rows carry drawdown_risk_elevated
         *     (true: risk model puts at least 15% probability on the signal's side losing most of its remaining value within
         *     about 72 hours; null: no current read, which means unknown and not safe); filter exclude_drawdown_risk=true;
         *     also filters topic=broker_a".
         *
         *     "A spread between a forecast and a market price alone is not a signal." "Breaking change recorded at version
         *     5: /api/v1/signals serves published trade signals, while article-level evidence stays at
         *     /api/v1/markets/{slug}/signals."
         *
         *     Not shown in the contract: "Parameters and response shapes of every operation in the table above", and the
         *     price.
         */
        get: operations["listSignals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/signals/perps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Perps signal rows (WTI only)
         * @description "zero or one daily WTI row with scope=wti-only and canonical_endpoint=/api/v1/signals/oil".
         *
         *     Not shown in the contract: "Parameters and response shapes of every operation in the table above", and the
         *     price.
         */
        get: operations["listPerpSignals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/signals/oil": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Daily crude-oil (WTI) signal
         * @description "Response: crude-oil signal object. One request may be in flight at a time, and request starts must be at
         *     least one second apart. The price is the reference price and the live 402 challenge decides the real cost."
         *
         *     Not shown in the contract: "Reference price of this route".
         */
        get: operations["getOilSignal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/x/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Profile a social account
         * @description $1.00. Behaviour quoted from the contract:
         *     1. "A high-reasoning research agent runs adaptive targeted searches until the fixed evidence goals (interests and beliefs, risk and trading behaviour, reasoning style) are supported or a hard ceiling of three research turns is reached. A synthesis pass then produces the profile."
         *     2. "An account with fewer than 15 grounded posts in the window returns 404 insufficient_post_history and is not billed."
         *     3. "Successful results are stored and reused across callers while under 30 days old, when handle, focus and lookback match."
         *     4. "Status 502 means the search provider was unavailable or did not run (not billed). Status 503 means profiling is not configured."
         *
         *     "Every claim cites post_ids present in evidence; unsupported claims are dropped."
         */
        post: operations["createSocialProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/x/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Structured social search
         * @description $0.50. "structured social search, range default 30 days and max 180 days, results default 15 and max 30; not
         *     stored".
         *
         *     Not shown in the contract: "Parameters and response shapes of every operation in the table above" (the
         *     request field names are the stub's choice; see SocialSearchRequest).
         */
        post: operations["searchSocial"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallets/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Attest the paying wallet to the link token's account
         * @description "The call must carry an x402 payment from the wallet being linked. The gateway verifies the payment signature
         *     and attests the settled payer wallet to the token's account. Custodial wallets can thus be linked without
         *     message signing."
         *
         *     "Errors (none is billed): 404 link_token_not_found; 409 wallet_already_attested (wallet attested to a
         *     different account); 422 missing or expired token, or no verifiable payer (x402_payment_required)."
         *
         *     Link token lifecycle: issued → expired after 15 minutes ("later use returns 422"); issued → consumed by this
         *     call with a verifiable payment when the "payer not attested elsewhere"; "token is single-use".
         *
         *     Not shown in the contract: "Payment amount of this call".
         */
        get: operations["linkWallet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/portfolio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallet-addressed positions
         * @description "read-only wallet-addressed positions selected by a venues parameter". "upstream_unavailable (the portfolio
         *     route fails closed when its venue data source is down)".
         *
         *     Not shown in the contract: "Parameters and response shapes of every operation in the table above", and the
         *     price.
         */
        get: operations["getPortfolio"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Billing and network metadata
         * @description Free. "supplemental billing and network metadata". "The live payment challenge is authoritative."
         *
         *     Not shown in the contract: "Parameters and response shapes of every operation in the table above".
         */
        get: operations["getPricing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Machine-readable contract
         * @description Free. "The machine-readable contract is served at /openapi.json, with /api/v1/openapi.json as a compatibility
         *     path. The live payment challenge is authoritative for payment behaviour."
         *
         *     The contract documents no error answer for this route.
         */
        get: operations["getOpenApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Machine-readable contract (compatibility path)
         * @description Free. "The machine-readable contract is served at /openapi.json, with /api/v1/openapi.json as a compatibility
         *     path."
         *
         *     The contract documents no error answer for this route.
         */
        get: operations["getOpenApiV1"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Venue key (enum). venue_a: the international venue of the first operator; venue_a_us: the US venue of the first operator; venue_b: the second venue; venue_c: the third venue.
         * @enum {string}
         */
        VenueKey: "venue_a" | "venue_a_us" | "venue_b" | "venue_c";
        /** @description Market routing object. "The marketKey of a market is globally unique and is the preferred cross-venue identity. Its form is <venue>:<native id>." */
        CanonicalMarketRouting: {
            venue: components["schemas"]["VenueKey"];
            nativeMarketId: string;
            nativeEventId: string | null;
            seriesTicker: string | null;
            /** @description Globally unique; form <venue>:<native id>. */
            marketKey: string;
            /** @description Bare numeric for legacy venue_a rows, venue-prefixed elsewhere (for example <venue>:<native id>). */
            serviceMarketId: string;
            /** @description May validly be null. */
            slug: string | null;
            /**
             * Format: uri
             * @description Venue-side market page.
             */
            marketUrl: string | null;
            /**
             * Format: uri
             * @description Provenance or API source URL.
             */
            sourceUrl: string | null;
            /** @description Retail brokers carrying this exact venue contract. Empty when none lists it. Only broker_a exists, stamped on venue_b rows. */
            broker_channels: "broker_a"[];
            /** @description The broker's category slug. */
            broker_a_category: string | null;
            /**
             * Format: uri
             * @description Deep link to the broker's event page.
             */
            broker_a_url: string | null;
        };
        /** @description CanonicalMarketWithRelationships is the routing object plus relationships (req). */
        CanonicalMarketWithRelationships: {
            relationships: components["schemas"]["RelationshipsEnvelope"];
        } & components["schemas"]["CanonicalMarketRouting"];
        /** @description "The envelope is bounded, flat and non-recursive. It carries no probabilities, no venue odds, no inferred AFFECTS edge and no forecast refs. Each category holds at most 50 refs." */
        RelationshipsEnvelope: {
            assets: components["schemas"]["AssetRef"][];
            markets: components["schemas"]["MarketRef"][];
            signals: components["schemas"]["SignalRef"][];
            /** @description true where the category was capped */
            truncated: {
                assets: boolean;
                markets: boolean;
                signals: boolean;
            };
        };
        /** @description Fields common to all refs (req). */
        RefCommon: {
            /**
             * @description the exact final graph edge
             * @enum {string}
             */
            relationship: "HAS_MARKET" | "ON_MARKET" | "ON_FORECAST" | "HAS_SIGNAL";
            /**
             * @description relative to the response subject for direct refs, relative to the intermediate node for two-hop refs
             * @enum {string}
             */
            direction: "incoming" | "outgoing";
            /**
             * @description direct (one hop), market or asset (names the intermediate node of a two-hop ref)
             * @enum {string}
             */
            via: "direct" | "market" | "asset";
        };
        /** @description AssetRef adds: id (uuid), assetKey (string), name (string), ticker (string|null), asset_type (string). */
        AssetRef: {
            /** Format: uuid */
            id: string;
            assetKey: string;
            name: string;
            ticker: string | null;
            asset_type: string;
        } & components["schemas"]["RefCommon"];
        /** @description MarketRef adds: marketKey (string), venue (venue key), nativeMarketId (string), question (string|null). */
        MarketRef: {
            marketKey: string;
            venue: components["schemas"]["VenueKey"];
            nativeMarketId: string;
            question: string | null;
        } & components["schemas"]["RefCommon"];
        /** @description SignalRef adds: id (string), signal_type (constant prediction_market), canonical_endpoint (constant /api/v1/signals), side (string|null), published_at (string|null). */
        SignalRef: {
            id: string;
            /** @constant */
            signal_type: "prediction_market";
            /** @constant */
            canonical_endpoint: "/api/v1/signals";
            side: string | null;
            /** @description The contract types it string|null (no date-time format is stated for this field). */
            published_at: string | null;
        } & components["schemas"]["RefCommon"];
        /**
         * @description Venue quote. Rules: "1. venue_a and venue_b expose a verified live quote or null. 2. venue_a_us and venue_c
         *     expose a graph snapshot with quote_method graph_snapshot and freshness stale. 3. Where a response carries
         *     yes_odds or market_odds, it equals venue_quote.selected_probability."
         */
        VenueQuoteV1: {
            /** @constant */
            schema_version: "1";
            venue: components["schemas"]["VenueKey"] | null;
            market_id: string | null;
            yes_bid: number | null;
            yes_ask: number | null;
            yes_last: number | null;
            /** @description Inspect freshness and quote_method before treating it as current. */
            selected_probability: number | null;
            /** @description Not shown in the contract: "Exact token of the last-trade quote method" (the contract calls it 'fresh last'); known values are midpoint, bid, ask and graph_snapshot; null when pricing is unavailable. Stub choice: emits midpoint, bid, ask, graph_snapshot or last_trade, its token for the fresh last-trade method (gap QUOTE-007). */
            quote_method: string | null;
            /**
             * Format: date-time
             * @description Source clock: book update for book methods, last-trade time for the last-trade method, catalog observation time for graph_snapshot.
             */
            venue_timestamp: string | null;
            /**
             * Format: date-time
             * @description When the service observed the quote or stored snapshot.
             */
            observed_at: string | null;
            /** @description Capability state. Not shown in the contract: "Value set of freshness beyond verified and stale". Stub choice: emits verified or stale, and unavailable for null pricing on venue_a and venue_b (gap QUOTE-006). */
            freshness: string;
        };
        /** @description The market's event: event {id, title, slug} (slug may be null). */
        MarketEvent: {
            /** @description The contract gives no type for id; a string is the only reading consistent with the other ids. */
            id: string;
            title: string;
            slug: string | null;
        };
        /** @description Market list item (GET /api/v1/markets rows; also the base of linked markets in asset search): the routing fields, then the fields below. */
        MarketListItem: {
            question: string | null;
            event: components["schemas"]["MarketEvent"];
            tags: string[];
            categories: string[];
            /** Format: date-time */
            end_date: string | null;
            /** @description Equals venue_quote.selected_probability. */
            market_odds: number | null;
            /** @description Venue quote rule 1 lets venue_a and venue_b expose a verified live quote "or null": whether the quote itself or its prices are then null is not shown (gap QUOTE-014), so the member may be null. */
            venue_quote: components["schemas"]["VenueQuoteV1"] | null;
            inDispute: boolean;
            /** @description Not shown in the contract: "Type of clarifications (null in the shape given)". Stub choice: emits null. */
            clarifications: unknown;
            volume_24h: number | null;
            signal_count: number;
            /** @description counted within the max_forecast_age window */
            forecast_count: number;
            /** Format: date-time */
            latest_forecast_at: string | null;
            /** Format: date-time */
            market_updated_at: string;
            latest_forecast_delta: number | null;
            latest_forecast_refresh_reason: string | null;
            /** @description "serviceUrl (where present) equals {site_url}/markets/{serviceMarketId}, URL-encoded. A market with no coverage yet may have no page": a URL string, or null for a market without a page. */
            serviceUrl: string | null;
            /** @description A legacy navigation alias "populated only for venue_a rows and null for the others": a string or null. */
            venueAUrl: string | null;
        } & components["schemas"]["CanonicalMarketRouting"];
        /** @description Linked market = market list item plus the fields below. */
        LinkedMarket: {
            has_forecast: boolean;
            /** @description the latest committed forecast probability */
            latest_service_probability: number | null;
            thesis: string | null;
            /** Format: date-time */
            forecast_at: string | null;
            market_odds_at_forecast: number | null;
            has_published_signal: boolean;
            published_signal_count: number;
        } & components["schemas"]["MarketListItem"];
        /** @description Response of GET /api/v1/markets: {markets: market list items, venue_facets: array of {venue: venue key, count: integer}}. */
        MarketListResponse: {
            markets: components["schemas"]["MarketListItem"][];
            venue_facets: {
                venue: components["schemas"]["VenueKey"];
                count: number;
            }[];
        };
        /** @description Not shown in the contract: the response shape of GET /api/v1/markets/search (the spec names only the row fields it carries: has_forecast, latest_service_probability, forecast_at, market_odds_at_forecast and the published-signal flag and count). Stub choice: {query, as_of, count, markets: LinkedMarket[], retrieval}. */
        MarketSearchResponse: Record<string, never>;
        /** @description Not shown in the contract: the response shape of GET /api/v1/markets/mispriced. Stub choice: {mispricing_threshold_pp, topic, count, markets: LinkedMarket rows plus mispricing_pp, largest gap first}. */
        MispricedResponse: Record<string, never>;
        /** @description Not shown in the contract: the response shape of GET /api/v1/markets/{slug}/forecast (the spec describes its content: the stored forecast, its reasoning, sources and uncertainty, history when asked, and a 72-hour drawdown risk per side measured from the forecast's creation). Stub choice: {market, forecast: {id, probability, created_at, thesis, reasoning, sources, uncertainty, drawdown_risk_72h: {yes, no}}, history}. */
        MarketForecastResponse: Record<string, never>;
        /** @description market_summary: {active_market_count, markets_with_forecast, markets_with_published_signal, mispriced_market_count: integers; mispricing_threshold_pp: number, currently 7.5}. */
        MarketSummary: {
            active_market_count: number;
            markets_with_forecast: number;
            markets_with_published_signal: number;
            mispriced_market_count: number;
            /** @description currently 7.5 */
            mispricing_threshold_pp: number;
        };
        /** @description "Relevance scores are reciprocal-rank-fusion scores that order one response only. They are not probabilities." */
        Relevance: {
            score: number;
            /** @description Not shown in the contract: which values matched_by and matched_fields take other than graph and asset_key. Stub choice: matched_by holds only graph. */
            matched_by: string[];
            /** @description Not shown in the contract: the value set beyond asset_key. Stub choice: matched_fields holds id, asset_key, name, aliases, ticker, identifiers, keywords or linked_markets (empty for '*' and material-only mode; rule ASRCH-105). */
            matched_fields: string[];
        };
        /** @description Retrieval status object: {graph: string, lexical lane status: string}. "The graph lane is authoritative for identity and linked-market hydration. The optional lexical lane fails open to graph results." "use 'lexical' as the neutral key name. Its observed value is 'unconfigured', and graph is 'ok'." */
        RetrievalStatus: {
            graph: string;
            lexical: string;
        };
        /** @description Asset search item. */
        AssetSearchItem: {
            /** Format: uuid */
            id: string;
            assetKey: string;
            name: string;
            ticker: string | null;
            asset_type: string;
            aliases: string[];
            /** @description Values preserved exactly. */
            identifiers: {
                platform: string;
                kind: string;
                value: string;
            }[];
            linked_market_count: number;
            /** @description empty in q mode */
            linked_markets: components["schemas"]["LinkedMarket"][];
            market_summary: components["schemas"]["MarketSummary"];
            relevance: components["schemas"]["Relevance"];
        };
        /** @description Response of GET /api/v1/assets/search: {query: string|null (the q value, '*', or null in reference mode), references: string[] (deduplicated), material_only: boolean, assets: asset search items, retrieval: object}. */
        AssetSearchResponse: {
            /** @description the q value, '*', or null in reference mode */
            query: string | null;
            /** @description deduplicated */
            references: string[];
            material_only: boolean;
            assets: components["schemas"]["AssetSearchItem"][];
            retrieval: components["schemas"]["RetrievalStatus"];
        };
        /** @description Not shown in the contract: the response shape of GET /api/v1/assets (the spec describes a full directory of Asset metadata without markets or forecasts). Stub choice: {assets: [{id, assetKey, name, ticker, asset_type, aliases, identifiers}]}. */
        AssetDirectoryResponse: Record<string, never>;
        /** @description Not shown in the contract: the parameters and response shape of GET /api/v1/assets/stance. Stub choice: {asset: {id, assetKey, name, ticker, asset_type}, stance: bullish|bearish|neutral|null, score: number -1..1|null, basis: {market_count, markets_considered, mean_edge_pp, threshold_pp}, as_of: date-time} (rules ASSET-110..114). */
        AssetStanceResponse: Record<string, never>;
        /** @description Article evidence item (SignalItem, from GET /api/v1/markets/{slug}/signals). */
        ArticleEvidenceItem: {
            id: string;
            title: string;
            /** @description the correlation reasoning */
            comment: string;
            /** @description null when the correlation layer does not assess it; 'yes' occurs. Not shown in the contract: "Value set of direction beyond yes". Stub choice: emits yes, no or null. */
            direction: string | null;
            url: string;
            source: string;
            /** Format: date-time */
            published_at: string;
            /** Format: date-time */
            correlated_at: string;
            confidence: string;
            evidence_quote: string;
        };
        /** @description Response of GET /api/v1/markets/{slug}/signals. */
        MarketSignalsResponse: {
            market: components["schemas"]["CanonicalMarketWithRelationships"];
            market_slug: string;
            serviceUrl: string | null;
            venueAUrl: string | null;
            /** @description article evidence items, newest first */
            signals: components["schemas"]["ArticleEvidenceItem"][];
            total: number;
            /**
             * Format: date-time
             * @description publication or ingestion time of the newest returned article
             */
            last_updated: string | null;
        };
        /** @description Source item (GET /api/v1/sources). Not shown in the contract: "Which source-item fields apply to which type" (so title, source_name, feed_tier, author_handle and is_expert may be left out of a type they do not apply to; type, market_slug, market, url, published_at and relevance serve the route's own sentences for both types). Stub choice: every listed field is present on both types; x_post rows carry the poster in author_handle, article rows carry an empty author_handle and is_expert false. */
        SourceItem: {
            /** @enum {string} */
            type: "article" | "x_post";
            market_slug: string;
            market: components["schemas"]["CanonicalMarketWithRelationships"];
            title?: string;
            url: string;
            source_name?: string;
            /** @description Not shown in the contract: "Value set of feed_tier". Stub choice: emits tier_1, tier_2 or tier_3 for articles and social for x_post rows. */
            feed_tier?: string;
            /** Format: date-time */
            published_at: string;
            relevance: {
                confidence: string;
                reasoning: string;
                evidence_quote: string;
            };
            author_handle?: string;
            is_expert?: boolean;
        };
        /** @description Response of GET /api/v1/sources: {sources: source items}, newest first. */
        SourcesResponse: {
            sources: components["schemas"]["SourceItem"][];
        };
        /** @description Generation body (VenueMarketForecastRequest). */
        VenueMarketForecastRequest: {
            /** @constant */
            kind: "venue_market";
            venue: components["schemas"]["VenueKey"];
            /** @description venue_b ticker or venue_a numeric id */
            market_id: string;
        };
        /** @description A forecast of a forecast request. */
        ForecastRequestForecast: {
            id: string;
            question: string | null;
            /** @description YES probability */
            probability: number;
            /** Format: date-time */
            createdAt: string;
            headline: string | null;
            bluf: string | null;
            thesis: string | null;
            reasoningSummary: string | null;
            citationCount: number;
            relationships: components["schemas"]["RelationshipsEnvelope"];
        };
        /** @description Forecast request (job). "Forecast request status values: accepted, submitted, running, succeeded, rejected, failed." "forecasts is empty while pending or when execution fails." "The published forecast is included only after success, and only in view=result." (Transitions between the states are not shown in the contract.) */
        ForecastRequest: {
            /** Format: uuid */
            jobId: string;
            /** @enum {string} */
            status: "accepted" | "submitted" | "running" | "succeeded" | "rejected" | "failed";
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            forecastIds: string[];
            /** @description Empty while pending or when execution fails. */
            forecasts: components["schemas"]["ForecastRequestForecast"][];
            errorCode: string | null;
            listing: components["schemas"]["CanonicalMarketRouting"] | null;
        };
        /** @description Not shown in the contract: what this operation answers besides the job's identity (which the job read uses), and the member that carries that identity. Stub choice: {jobId, status: accepted, createdAt}. */
        ForecastRequestAccepted: Record<string, never>;
        /** @description Compact forecast (in the latest feed). */
        CompactForecast: {
            venue: components["schemas"]["VenueKey"] | null;
            market: components["schemas"]["CanonicalMarketRouting"] | null;
            id: string;
            probability: number;
            /** Format: date-time */
            created_at: string;
            headline: string | null;
            thesis: string | null;
            resolution_pathway: {
                criteria: string | null;
                crux: string | null;
                /** Format: date-time */
                deadline: string | null;
                source: string | null;
            };
            delta_from_prior: number | null;
            delta_reasoning: string | null;
            refresh_reason: string | null;
            relationships: components["schemas"]["RelationshipsEnvelope"];
        };
        /** @description Latest-feed market: the routing fields plus the fields below. */
        LatestMarket: {
            id: string | null;
            /** @description optional */
            question?: string;
            condition_id: string | null;
            /** Format: date-time */
            end_date: string | null;
            serviceUrl: string | null;
            venueAUrl: string | null;
            venue_data: {
                /** @description Equals venue_quote.selected_probability. */
                yes_odds: number | null;
                volume_24h: number | null;
            };
            /** @description May be null (gap QUOTE-014), as on a market list item. */
            venue_quote: components["schemas"]["VenueQuoteV1"] | null;
            relationships: components["schemas"]["RelationshipsEnvelope"];
        } & components["schemas"]["CanonicalMarketRouting"];
        /** @description Event: {type: forecast|article|x_post, id: string, occurred_at: date-time, source: object|null, market: LatestMarket, forecast: compact forecast|null}. */
        LatestEvent: {
            /** @enum {string} */
            type: "forecast" | "article" | "x_post";
            id: string;
            /** Format: date-time */
            occurred_at: string;
            /** @description Not shown in the contract: the fields of source. Stub choice: null for forecast events; {title, url, source_name, author_handle} for article and x_post events. */
            source: Record<string, never> | null;
            market: components["schemas"]["LatestMarket"];
            forecast: components["schemas"]["CompactForecast"] | null;
        };
        /** @description Response of GET /api/v1/latest. "The feed is chronological, board-wide and returned complete for the window." */
        LatestResponse: {
            /** Format: date-time */
            as_of: string;
            window: {
                hours: number;
                /** Format: date-time */
                since: string;
            };
            types: ("forecast" | "article" | "x_post")[];
            events: components["schemas"]["LatestEvent"][];
            count: number;
        };
        /** @description Existence metadata only. "Probability and research stay in the paid forecast read." */
        AvailabilityLatestForecast: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            relationships: components["schemas"]["RelationshipsEnvelope"];
        };
        /** @description read (object|null: method GET, endpoint string, paid true). */
        AvailabilityRead: {
            /** @constant */
            method: "GET";
            endpoint: string;
            /** @constant */
            paid: true;
        };
        /** @description generation (object|null: method POST, endpoint /api/auth/forecast-requests, authentication header name x-service-api-key, idempotencyKeyRequired true, body = generation body). */
        AvailabilityGeneration: {
            /** @constant */
            method: "POST";
            /** @constant */
            endpoint: "/api/auth/forecast-requests";
            /** @description Not shown in the contract: the key name and shape of the member that carries "authentication header name x-service-api-key". Stub choice: authentication {type: 'header', name: 'x-service-api-key'}. */
            authentication?: unknown;
            /** @constant */
            idempotencyKeyRequired: true;
            body: components["schemas"]["VenueMarketForecastRequest"];
        };
        /** @description targetResolution (object|null: endpoint string, reason constant venue_event_requires_market, message string, marketCount integer >= 1). */
        AvailabilityTargetResolution: {
            endpoint: string;
            /** @constant */
            reason: "venue_event_requires_market";
            message: string;
            marketCount: number;
        };
        /** @description excluded (object|null: reason enum sports, mentions, crypto_up_down; message string). */
        AvailabilityExcluded: {
            /** @enum {string} */
            reason: "sports" | "mentions" | "crypto_up_down";
            message: string;
        };
        /** @description 200 body of GET /api/public/forecast-availability (all keys present). */
        ForecastAvailability: {
            /** @description whether the identity resolves to a market row */
            tracked: boolean;
            /** @description whether a committed stored forecast exists */
            available: boolean;
            market: components["schemas"]["CanonicalMarketWithRelationships"] | null;
            question: string | null;
            latestForecast: components["schemas"]["AvailabilityLatestForecast"] | null;
            read: components["schemas"]["AvailabilityRead"] | null;
            generation: components["schemas"]["AvailabilityGeneration"] | null;
            targetResolution: components["schemas"]["AvailabilityTargetResolution"] | null;
            excluded: components["schemas"]["AvailabilityExcluded"] | null;
        };
        /** @description Target resolution (GET /api/public/forecast-targets): "a union discriminated on venue (venue_b or venue_a); exactly one alternative applies". Not shown in the contract: "Required flags of target-resolution fields". Stub choice: input, venue, targetType, selectionRequired, event, markets and allContracts are always present; selectedMarket and generation are present for exact child input only. */
        TargetResolution: components["schemas"]["TargetResolutionVenueB"] | components["schemas"]["TargetResolutionVenueA"];
        /** @description The venue_b alternative of the target resolution (required flags other than venue are not shown; as the notation gives presence and nullability together, a member beyond input, venue and targetType may be null: gap TGT-048). */
        TargetResolutionVenueB: {
            /** @description the echoed ref */
            input?: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            venue: "venue_b";
            /** @enum {string} */
            targetType?: "event" | "market";
            selectionRequired?: boolean | null;
            event?: components["schemas"]["TargetEvent"] | null;
            selectedMarket?: components["schemas"]["ChildMarket"] | null;
            markets?: components["schemas"]["ChildMarket"][];
            generation?: components["schemas"]["VenueMarketForecastRequest"] | null;
            allContracts?: components["schemas"]["AllContracts"] | null;
        };
        /** @description The venue_a alternative of the target resolution. "For venue_a the children carry the question, an outcome label, YES bid/ask and the numeric market id." */
        TargetResolutionVenueA: {
            /** @description the echoed ref */
            input?: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            venue: "venue_a";
            /** @enum {string} */
            targetType?: "event" | "market";
            selectionRequired?: boolean | null;
            event?: components["schemas"]["TargetEvent"] | null;
            /** @description Not shown in the contract: the key names of a venue_a child ("the question, an outcome label, YES bid/ask and the numeric market id"). Stub choice: {question, outcome, yesBid, yesAsk, marketId, generation}. */
            selectedMarket?: Record<string, never> | null;
            markets?: Record<string, never>[];
            generation?: components["schemas"]["VenueMarketForecastRequest"] | null;
            allContracts?: components["schemas"]["AllContracts"] | null;
        };
        /** @description event {ticker, title, subtitle, category: strings; mutuallyExclusive: boolean; sourceUrl: string}. */
        TargetEvent: {
            ticker?: string | null;
            title?: string | null;
            subtitle?: string | null;
            category?: string | null;
            mutuallyExclusive?: boolean | null;
            sourceUrl?: string | null;
        };
        /** @description Child market (venue_b). Prices are fixed-point YES prices. The required flags of target-resolution fields are not shown, and the spec's notation gives presence and nullability together ('req', 'T|null'): a member that does not apply (no strike, no bid) may be null (gap TGT-048; issue 32 triage: three independent implementations answer null there). */
        ChildMarket: {
            ticker?: string | null;
            eventTicker?: string | null;
            title?: string | null;
            subtitle?: string | null;
            strikeType?: string | null;
            floorStrike?: number | null;
            capStrike?: number | null;
            yesBid?: number | null;
            yesAsk?: number | null;
            lastPrice?: number | null;
            volume24h?: number | null;
            openInterest?: number | null;
            status?: string | null;
            /** Format: date-time */
            closeTime?: string | null;
            generation?: {
                costUsd?: string;
                body?: components["schemas"]["VenueMarketForecastRequest"];
            } | null;
        };
        /** @description {marketCount: integer >= 1, estimatedCostUsd: string, requests: array of generation body}. "A fan-out plan: each child is a separate forecast at its own price". */
        AllContracts: {
            marketCount?: number;
            estimatedCostUsd?: string;
            requests?: components["schemas"]["VenueMarketForecastRequest"][];
        };
        /** @description Body of POST /api/v1/x/profile (required, JSON). */
        SocialProfileRequest: {
            handle: string;
            /** @default 365 */
            lookback_days: number;
            /**
             * @description reweights the same search and adds no second search
             * @default general
             * @enum {string}
             */
            focus: "general" | "trading" | "reasoning";
        };
        /** @description Social-account profile. "Every claim cites post_ids present in evidence; unsupported claims are dropped." */
        SocialAccountProfile: {
            handle: string;
            display_name: string | null;
            profile_url: string;
            service_metadata: {
                handle: string;
                display_name: string | null;
                x_user_id: string | null;
                current_username: string | null;
                is_service_expert: boolean;
                service_expert: {
                    /** @constant */
                    designation: "reviewed_expert";
                    policy_version: string | null;
                } | null;
            };
            window: {
                /** Format: date */
                from_date: string;
                /** Format: date */
                to_date: string;
                lookback_days: number;
                /** @description distinct citation-grounded posts */
                post_count: number;
            };
            interests: {
                post_ids: string[];
                topic: string;
                weight: number;
            }[];
            beliefs: {
                post_ids: string[];
                claim: string;
                confidence: string;
            }[];
            tendencies: {
                post_ids: string[];
                trait: string;
                description: string;
            }[];
            risk_profile: {
                post_ids: string[];
                posture: string;
                time_horizon: string;
                position_sizing: string;
                reaction_to_loss: string;
            } | null;
            information_processing: {
                post_ids: string[];
                style: string;
                evidence_preference: string;
                handles_ambiguity: string;
                changes_mind_when: string;
            } | null;
            recommendation_hints: {
                market_categories: string[];
                tone: string;
                avoid: string[];
            } | null;
            /** @description raw findings before synthesis */
            observations: {
                dimension: string;
                statement: string;
                post_ids: string[];
            }[];
            /** @description Every post_id used anywhere in the profile resolves here. */
            evidence: {
                post_id: string;
                url: string;
                published_at: string | null;
                excerpt: string;
            }[];
            /** @enum {string} */
            confidence: "low" | "medium" | "high";
            /** @description what the window could not establish */
            gaps: string[];
            /** @description Not shown in the contract: "Contents of meta". Stub choice: {cached: boolean (true when a stored profile is reused), research_turns: integer 1..3, searches: integer, generated_at: date-time (when the profile was built; kept on reuse), focus: string, engine: string}. */
            meta: Record<string, never>;
        };
        /** @description Body of POST /api/v1/x/search. Not shown in the contract: the field names of the search window (30 days by default, 180 at most) and of the result count (15 by default, 30 at most). Stub choice: query (required), range_days and limit. */
        SocialSearchRequest: {
            /** @description Not shown in the contract: the bounds of the search text. Stub choice: a non-empty string. */
            query: string;
            /**
             * @description range default 30 days and max 180 days (the field name is the stub's choice)
             * @default 30
             */
            range_days: number;
            /**
             * @description results default 15 and max 30 (the field name is the stub's choice)
             * @default 15
             */
            limit: number;
        };
        /** @description Not shown in the contract: the response shape of POST /api/v1/x/search. Stub choice: {query, range_days, limit, searched_at (date-time the search ran; nothing is stored), results: [{post_id, url, author_handle, published_at, text}], newest first}. */
        SocialSearchResponse: Record<string, never>;
        /** @description A published trade signal row ("status, conviction, convergence, capacity"; "at most one per market"). Not shown in the contract: the other fields of a row. Stub choice: {id, market (routing object with relationships), side, status, conviction, convergence, capacity, published_at, drawdown_risk_elevated, crash_risk_elevated (the former name, equal value)}. */
        TradeSignal: {
            /** @description true: risk model puts at least 15% probability on the signal's side losing most of its remaining value within about 72 hours; null: no current read, which means unknown and not safe */
            drawdown_risk_elevated: boolean | null;
            /**
             * @deprecated
             * @description Former name, an alias of drawdown_risk_elevated; "removed after one release".
             */
            crash_risk_elevated?: boolean | null;
        };
        /** @description Not shown in the contract: the response shape of GET /api/v1/signals. Stub choice: {signals: TradeSignal[], count, as_of}. */
        TradeSignalsResponse: {
            /** @description Not shown in the contract: the member that holds the rows (gap SIG-024). Stub choice: signals, an array of TradeSignal rows. */
            signals?: components["schemas"]["TradeSignal"][];
        };
        /** @description Not shown in the contract: the response shape of GET /api/v1/signals/perps (the spec describes at most one daily WTI row, scoped wti-only, pointing at the oil route as its canonical endpoint). Stub choice: {signals: [{scope: 'wti-only', canonical_endpoint: '/api/v1/signals/oil', ...}]} with zero or one row. */
        PerpSignalsResponse: Record<string, never>;
        /** @description Crude-oil signal (GET /api/v1/signals/oil). */
        CrudeOilSignal: {
            /** @constant */
            asset: "crude-wti";
            /** @description The latest frozen daily reading. Null when none was ever recorded. */
            reading: components["schemas"]["OilReading"] | null;
            episode: components["schemas"]["OilEpisode"];
            marks: components["schemas"]["OilMarks"];
            /** @description True when a requested venue mark could not be fetched. */
            degraded: boolean;
            /** @description True when reading is null. A stale reading still gives false; use reading.is_current and reading.days_since_reading to detect a missed today-reading. */
            reading_missing: boolean;
        };
        /** @description The latest frozen daily reading. */
        OilReading: {
            /** @description Not shown in the contract: the type of reading.id. Stub choice: a string. */
            id: unknown;
            /** @description Not shown in the contract: the type of reading_date. Stub choice: a YYYY-MM-DD date string. */
            reading_date: unknown;
            is_current: boolean;
            days_since_reading: number;
            /** @description Not shown in the contract: the value set of state beyond bullish. Stub choice: bullish, bearish or neutral. */
            state: string;
            /** @description Not shown in the contract: the value set of side beyond long. Stub choice: long, short or flat. */
            side: string;
            z: number;
            gap: number;
            /** @description Not shown in the contract: the value set of intensity. Stub choice: low, moderate or high. */
            intensity: string;
            basis_forecasts: number;
            basis_markets: number;
            /** @description Not shown in the contract: the type of headline. Stub choice: a string. */
            headline: unknown;
            /** @description Not shown in the contract: the type of summary. Stub choice: a string. */
            summary: unknown;
            /** @description Not shown in the contract: the type of formula_version. Stub choice: a string. */
            formula_version: unknown;
            relationships: components["schemas"]["RelationshipsEnvelope"];
        };
        /** @description Consecutive same-side reading days, scored once from the opening day. */
        OilEpisode: {
            /** @description Not shown in the contract: the type and nullability of episode.id. Stub choice: a string. */
            id: unknown;
            /** @description Not shown in the contract: the type and nullability of opened_at. Stub choice: a date-time string. */
            opened_at: unknown;
            /** @description A number. Not shown in the contract: its nullability. Stub choice: never null. */
            days: number | null;
            /** @description Not shown in the contract: the type, nullability and value set of status beyond open. Stub choice: open or closed. */
            status: unknown;
            /** @description A number. Not shown in the contract: its nullability. Stub choice: never null. */
            ref_price: number | null;
            /** @description A number. Not shown in the contract: its nullability. Stub choice: null until the episode is scored, 72 hours after its opening reading. */
            outcome_price: number | null;
            /** @description Not shown in the contract: the type and nullability of outcome_at. Stub choice: a date-time string, null until the episode is scored, 72 hours after its opening reading. */
            outcome_at: unknown;
            /** @description A number. Not shown in the contract: its nullability. Stub choice: null until the episode is scored, 72 hours after its opening reading. */
            return_pct: number | null;
            /** @description A number. Not shown in the contract: its nullability. Stub choice: null when marks were not fetched. */
            live_return_pct: number | null;
        };
        /** @description marks fields: venue_a_perps {symbol, mark, index, funding_rate, at}; perp_venue_b {coin, mid, at}. */
        OilMarks: {
            /** @description {symbol, mark, index, funding_rate, at}. Not shown in the contract: whether this member is present and whether it may be null. Stub choice: present with include_marks=true, null when the fetch failed, absent with include_marks=false. */
            venue_a_perps?: {
                /** @description Not shown in the contract: the type of symbol. Stub choice: a string. */
                symbol: unknown;
                /** @description Not shown in the contract: the type of mark. Stub choice: a number. */
                mark: unknown;
                /** @description Not shown in the contract: the type of index. Stub choice: a number. */
                index: unknown;
                /** @description Not shown in the contract: the type of funding_rate. Stub choice: a number. */
                funding_rate: unknown;
                /**
                 * Format: date-time
                 * @description A timestamp (date-time, by the Resources notation).
                 */
                at: string;
            } | null;
            /** @description {coin, mid, at}. Not shown in the contract: whether this member is present and whether it may be null. Stub choice: present with include_marks=true, null when the fetch failed, absent with include_marks=false. */
            perp_venue_b?: {
                /** @description Not shown in the contract: the type of coin. Stub choice: a string. */
                coin: unknown;
                /** @description Not shown in the contract: the type of mid. Stub choice: a number. */
                mid: unknown;
                /**
                 * Format: date-time
                 * @description A timestamp (date-time, by the Resources notation).
                 */
                at: string;
            } | null;
        };
        /** @description wallet {address: string, chain_id: integer, provider: string|null, method: string (x402 on this route), attested_at: date-time}. */
        WalletAttestation: {
            address: string;
            chain_id: number;
            /** @description string|null. Not shown in the contract: "Type of provider when non-null". Stub choice: emits null. */
            provider: unknown;
            method: string;
            /** Format: date-time */
            attested_at: string;
        };
        /** @description Response 200 of GET /api/v1/wallets/link: {wallet: wallet attestation, already_attested: boolean}. */
        WalletLinkResponse: {
            wallet: {
                /** @constant */
                method?: "x402";
            } & components["schemas"]["WalletAttestation"];
            /** @description true when the wallet was already attested to this same account */
            already_attested: boolean;
        };
        /** @description Not shown in the contract: the response shape of GET /api/v1/portfolio. Stub choice: {as_of, wallet, venues, positions: [{wallet, venue, marketKey, nativeMarketId, question, outcome, shares, avg_price, mark_price, value_usd, unrealized_pnl_usd}]} (rule PORT-007). */
        PortfolioResponse: Record<string, never>;
        /** @description Not shown in the contract: the response shape of GET /api/public/pricing ("supplemental billing and network metadata"). Stub choice: {currency, credits_per_usd, increment_usd, routes: [{operationId, method, path, usd, credits, auth}], networks: [...], site_url}. */
        PricingResponse: Record<string, never>;
        /** @description Decoded PAYMENT-REQUIRED header (x402 protocol version 2, base64 JSON): the accepts list is authoritative. "Payment options: scheme exact on network eip155:8453 (a dollar-pegged token), and scheme exact on network eip155:4663 (a second dollar token with 6 decimals)." */
        PaymentRequired: {
            /** @constant */
            x402Version: 2;
            error?: string;
            resource: {
                url: string;
                description?: string;
                mimeType?: string;
            };
            accepts: {
                scheme: string;
                /** @description CAIP-2 network id */
                network: string;
                asset: string;
                /** @description atomic token units */
                amount: string;
                payTo: string;
                maxTimeoutSeconds: number;
                extra: Record<string, never>;
            }[];
            extensions?: Record<string, never>;
        };
        /** @description "Every error body is JSON". */
        ErrorEnvelope: {
            /** @description error code */
            error: string;
            /** @description human-readable */
            message: string;
            /** @description seconds to wait, on 429 only */
            retry_after?: number;
            /** @description seconds to wait on owner-scoped forecast-request quota errors */
            retryAfter?: number;
            /** @description quota scope that rejected the request, such as standard or x_research */
            limit_scope?: string;
            /** @description stable forecast-request quota scope, such as venue_market_daily */
            quotaScope?: string;
            /** @description configured bound of the exceeded forecast-request quota */
            limit?: number;
        };
    };
    responses: {
        /** @description invalid_api_key or gateway_required: invalid or missing key. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description payment_required: an x402 challenge. "The client selects a supported entry and retries with the header PAYMENT-SIGNATURE." */
        PaymentChallenge: {
            headers: {
                "PAYMENT-REQUIRED": components["headers"]["PaymentRequired"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description payment_replay_mismatch: "409 | payment_replay_mismatch" (Errors). A PAYMENT-SIGNATURE replayed for a different request, or (stub choice, gap X402-017) an authorization already settled or in use by another request. */
        PaymentReplayMismatch: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description insufficient_credits for the route. */
        InsufficientCredits: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description not_found (a 404 is not billed). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description invalid_request: missing, conflicting or invalid parameters or body. */
        InvalidRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description upstream_unavailable. Authentication rule 7 allows a 502 on any paid route ("a 404, a 429, a 502 and any missing or error upstream response are not billed"): not billed, not settled. */
        UpstreamUnavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description rate_limited: "per-second, per-minute, daily or concurrency limit exceeded". "A 429 debits nothing and settles nothing." On free routes only the "Secondary per-IP anti-abuse guard" applies. */
        RateLimited: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                "X-Quotient-Max-Concurrent": components["headers"]["XQuotientMaxConcurrent"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The matching Assets. */
        AssetSearchOk: {
            headers: {
                "PAYMENT-RESPONSE": components["headers"]["PaymentResponse"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["AssetSearchResponse"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description x402 v2 challenge: base64-encoded JSON PaymentRequired object whose accepts list is authoritative ("a call without payment may return 402 with a PAYMENT-REQUIRED header whose accepts list is authoritative"). */
        PaymentRequired: string;
        /** @description x402 v2 settlement metadata, base64-encoded JSON ("A successful paid response carries a PAYMENT-RESPONSE header with settlement metadata"). Present only when the call was paid with x402 (absent for API-key calls). */
        PaymentResponse: string;
        /** @description Seconds to wait before retrying ("Honour Retry-After, RateLimit-Policy, RateLimit and X-Quotient-Max-Concurrent"). Not shown in the contract: whether the value may be an HTTP-date. Stub choice: delay-seconds. Required on every 429 (CONTRACT-003; the 429 row of the Errors table names it), so no 429 passes the header check without it. */
        RetryAfter: number;
        /** @description "Non-terminal reads carry a Retry-After header." Present while the job status is accepted, submitted or running; absent once it is succeeded, rejected or failed. Not shown in the contract: the value form. Stub choice: delay-seconds. */
        JobRetryAfter: number;
        /** @description Rate-limit policy of the scope that rejected the request ("Honour ... RateLimit-Policy"). Not shown in the contract: its syntax. */
        RateLimitPolicy: string;
        /** @description Current rate-limit state ("Honour ... RateLimit"). Not shown in the contract: its syntax. */
        RateLimit: string;
        /** @description Concurrency bound ("the last header name carries the operator brand and is given as the contract states it"). Not shown in the contract: its value syntax. Stub choice: the in-flight limit of the scope as a decimal integer. */
        XQuotientMaxConcurrent: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getForecastAvailability: {
        parameters: {
            query?: {
                /** @description preferred; mutually exclusive with market_id and slug; do not also give venue. Form <venue>:<native id>. */
                market_key?: string;
                /** @description venue-native id; venue is required */
                market_id?: string;
                /** @description venue defaults to venue_a ("Lookups by slug or condition id with no venue stay in the venue_a namespace.") */
                slug?: string;
                /** @description optional filter */
                venue?: components["schemas"]["VenueKey"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Availability of the identity. "200 body (all keys present)". */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForecastAvailability"];
                };
            };
            /** @description invalid_request: "Zero or more than one identifier, or a conflicting combination: 422." */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            429: components["responses"]["RateLimited"];
            /** @description "The availability source down: 503." */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getForecastTargets: {
        parameters: {
            query: {
                /** @description The reference to resolve (URL, ticker or marketKey). */
                ref: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The target resolution object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetResolution"];
                };
            };
            /** @description not_found: "404 when nothing matches (the ticker field echoes the unresolved reference)". */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Echoes the unresolved reference. Not shown in the contract: where the ticker field sits (gap TGT-034); stub choice: a top-level member. */
                        ticker: string;
                    } & components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_request: "422 when the ref is malformed or unsupported". */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            429: components["responses"]["RateLimited"];
            /** @description "503 when venue resolution is unavailable." */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createForecastRequest: {
        parameters: {
            query?: never;
            header: {
                /** @description Not shown in the contract: the "Header name of the idempotency key" (the contract only says "An idempotency key is required (idempotencyKeyRequired is true)"). Stub choice: the header Idempotency-Key; a request without it gives 422 invalid_request. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The generation body (VenueMarketForecastRequest). */
        requestBody: {
            content: {
                "application/json": components["schemas"]["VenueMarketForecastRequest"];
            };
        };
        responses: {
            /** @description The job was accepted. Not shown in the contract: the status code and the body beyond the job identity (gap JOB-034). Stub choice: 202 with {jobId, status, createdAt} and a Location header, for a replay too. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForecastRequestAccepted"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientCredits"];
            /** @description Not shown in the contract: the answer to a generation body naming a market no venue knows. Stub choice (gap JOB-027): 404 not_found, not billed ("a 404 ... not billed"). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_request (missing, conflicting or invalid body, missing idempotency key) or forecast_topic_excluded: "Topic-excluded markets return 422 forecast_topic_excluded." */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited. "Owner-scoped quota errors carry retryAfter, limit_scope, quotaScope (for example venue_market_daily) and limit." Not shown in the contract: the status code of owner-scoped quota errors; stub choice: 429. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Quotient-Max-Concurrent": components["headers"]["XQuotientMaxConcurrent"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            502: components["responses"]["UpstreamUnavailable"];
            /** @description Not shown in the contract (gap JOB-034): another success status a target may choose (201 for a new job, 200 for a replay of the same idempotency key and body). The stub answers 202. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForecastRequestAccepted"];
                };
            };
        };
    };
    getForecastRequest: {
        parameters: {
            query?: {
                /** @description status for polling (no expansion of forecasts or relationships); result (the default) also includes the published forecast after success. */
                view?: "status" | "result";
            };
            header?: never;
            path: {
                /** @description The job id returned at submission. */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The forecast request. */
            200: {
                headers: {
                    "Retry-After": components["headers"]["JobRetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForecastRequest"];
                };
            };
            /** @description "401 invalid or missing key". Not shown in the contract: "Body shapes of the 401, 403 and 404 answers of this route". Stub choice: the shared error envelope ("Every error body is JSON"), error invalid_api_key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description "403 the account lacks an active API entitlement". Not shown in the contract: the body shape. Stub choice: the shared error envelope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description "404 unknown or not owned" (the same 404 for both). Not shown in the contract: the body shape. Stub choice: the shared error envelope, error not_found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_request: an invalid view value ("missing, conflicting or invalid parameters"). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            429: components["responses"]["RateLimited"];
        };
    };
    createWalletLinkToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Not shown in the contract: the request of this operation. Stub choice: ignored. */
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Not shown in the contract: the response. Stub choice: {token, expires_at}. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["InvalidRequest"];
            429: components["responses"]["RateLimited"];
        };
    };
    createWalletChallenge: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Not shown in the contract: the request of this operation. */
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Not shown in the contract: the response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["InvalidRequest"];
            429: components["responses"]["RateLimited"];
        };
    };
    attestWallet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Not shown in the contract: the request of this operation. */
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Not shown in the contract: the response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description wallet_already_attested ("409 payment_replay_mismatch; wallet_already_attested"). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            422: components["responses"]["InvalidRequest"];
            429: components["responses"]["RateLimited"];
        };
    };
    searchAssets: {
        parameters: {
            query?: {
                /** @description name, ticker, canonical identity, platform identifier or keyword; '*' means the filtered directory; mutually exclusive with reference */
                q?: string;
                /** @description exact match on an Asset UUID or key, an AssetIdentifier key or value, or an ACTIVE linked market's marketKey or native id; mutually exclusive with q. Repeatable, up to 50. */
                reference?: string[];
                /** @description keeps Assets with an identifier in this case-insensitive platform namespace */
                platform?: string;
                /** @description case-insensitive type filter */
                asset_type?: string;
                /** @description keeps Assets with at least one active direct linked market having non-null venue odds or a latest forecast probability; may be given alone; the other active direct markets of a qualifying Asset stay in its response */
                material_only?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["AssetSearchOk"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentChallenge"];
            403: components["responses"]["InsufficientCredits"];
            /** @description not_found: no reference matched an Asset. Not shown in the contract: the answer for references that match nothing (the stub answers 200 with no Asset; gap ASRCH-108). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            409: components["responses"]["PaymentReplayMismatch"];
            /** @description invalid_request: "Missing, conflicting or invalid inputs return 422." */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    listAssets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Asset directory. */
            200: {
                headers: {
                    "PAYMENT-RESPONSE": components["headers"]["PaymentResponse"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssetDirectoryResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentChallenge"];
            403: components["responses"]["InsufficientCredits"];
            409: components["responses"]["PaymentReplayMismatch"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    getAssetStance: {
        parameters: {
            query: {
                /** @description Not shown in the contract: the parameters of GET /api/v1/assets/stance. Stub choice: the required parameter asset, an Asset UUID or assetKey (1..200 characters, matched exactly); an unknown Asset answers 404 not_found. */
                asset: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The asset-level stance. */
            200: {
                headers: {
                    "PAYMENT-RESPONSE": components["headers"]["PaymentResponse"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssetStanceResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentChallenge"];
            403: components["responses"]["InsufficientCredits"];
            /** @description not_found: no Asset of that UUID or assetKey. Not shown in the contract: the answer for an unknown Asset (the stub's choice, gap ASSET-111). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            409: components["responses"]["PaymentReplayMismatch"];
            422: components["responses"]["InvalidRequest"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    listMarkets: {
        parameters: {
            query?: {
                /** @description case-insensitive exact event or market tag or category; a direct tag needs no category assignment; topic=broker_a selects broker-listed markets */
                topic?: string;
                /** @description optional */
                venue?: components["schemas"]["VenueKey"];
                /** @description hours; default 48; min 1; windows forecast_count and latest_forecast_at; markets with no in-window forecast are still listed if they have signals */
                max_forecast_age?: number;
                /** @description 1..168 hours; only markets whose unwindowed latest forecast was created within the window; independent of max_forecast_age */
                changed_within?: number;
                /** @description default updated_desc */
                sort?: "updated_desc" | "volume_desc" | "signal_count_desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The complete list of covered markets. */
            200: {
                headers: {
                    "PAYMENT-RESPONSE": components["headers"]["PaymentResponse"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarketListResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentChallenge"];
            403: components["responses"]["InsufficientCredits"];
            409: components["responses"]["PaymentReplayMismatch"];
            422: components["responses"]["InvalidRequest"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    searchMarkets: {
        parameters: {
            query?: {
                /** @description Not shown in the contract: the name and bounds of the search-text parameter. Stub choice: the parameter q. */
                q?: string;
                /** @description tag filter; tag=broker_a selects broker-listed markets */
                tag?: string;
                /** @description category filter */
                category?: string;
                /** @description venue filter */
                venue?: components["schemas"]["VenueKey"];
                /** @description YYYY-MM-DD end-of-day UTC or RFC 3339 instant */
                as_of?: string | unknown | unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Search results. */
            200: {
                headers: {
                    "PAYMENT-RESPONSE": components["headers"]["PaymentResponse"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarketSearchResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentChallenge"];
            403: components["responses"]["InsufficientCredits"];
            409: components["responses"]["PaymentReplayMismatch"];
            422: components["responses"]["InvalidRequest"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    listMispricedMarkets: {
        parameters: {
            query?: {
                /** @description topic filter; topic=broker_a selects broker-listed markets */
                topic?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Mispriced markets. */
            200: {
                headers: {
                    "PAYMENT-RESPONSE": components["headers"]["PaymentResponse"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MispricedResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentChallenge"];
            403: components["responses"]["InsufficientCredits"];
            409: components["responses"]["PaymentReplayMismatch"];
            422: components["responses"]["InvalidRequest"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    getMarketSignals: {
        parameters: {
            query?: {
                /** @description optional venue key; omission keeps the venue_a namespace */
                venue?: components["schemas"]["VenueKey"];
            };
            header?: never;
            path: {
                /** @description The market slug. "Legacy slug lookups keep the venue_a namespace when venue is omitted; marketKey is preferred." Limits rule 4 bounds slug to 1..512 characters. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The article evidence of the market. */
            200: {
                headers: {
                    "PAYMENT-RESPONSE": components["headers"]["PaymentResponse"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarketSignalsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentChallenge"];
            403: components["responses"]["InsufficientCredits"];
            /** @description not_found: "When the slug is invalid or no evidence exists, the route returns 404 and is neither billed nor settled." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            409: components["responses"]["PaymentReplayMismatch"];
            422: components["responses"]["InvalidRequest"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    getMarketForecast: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The market slug (the path names it; its rules are not shown). Limits rule 4 bounds slug to 1..512 characters. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stored forecast. */
            200: {
                headers: {
                    "PAYMENT-RESPONSE": components["headers"]["PaymentResponse"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarketForecastResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentChallenge"];
            403: components["responses"]["InsufficientCredits"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["PaymentReplayMismatch"];
            422: components["responses"]["InvalidRequest"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    listSources: {
        parameters: {
            query?: {
                /** @description comma-separated slugs, 1..10; mutually exclusive with market_keys; venue default venue_a */
                markets?: string[];
                /** @description preferred; comma-separated marketKey values, 1..10 */
                market_keys?: string[];
                /** @description optional */
                venue?: components["schemas"]["VenueKey"];
                /** @description hours; default 48; min 1; max 168 */
                window?: number;
                /** @description comma-separated subset of article, x_post; default both */
                types?: ("article" | "x_post")[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recent evidence. */
            200: {
                headers: {
                    "PAYMENT-RESPONSE": components["headers"]["PaymentResponse"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SourcesResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentChallenge"];
            403: components["responses"]["InsufficientCredits"];
            /** @description Not shown in the contract: what unknown identifiers do (gap SRC-012); the stub answers 200 without their items. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            409: components["responses"]["PaymentReplayMismatch"];
            422: components["responses"]["InvalidRequest"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    getLatest: {
        parameters: {
            query?: {
                /** @description default 3; min 1; max 6 */
                hours?: number;
                /** @description comma-separated subset of forecast, article, x_post. Not shown in the contract: the default when omitted. Stub choice: all three kinds. */
                types?: ("forecast" | "article" | "x_post")[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events of the window. */
            200: {
                headers: {
                    "PAYMENT-RESPONSE": components["headers"]["PaymentResponse"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LatestResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentChallenge"];
            403: components["responses"]["InsufficientCredits"];
            409: components["responses"]["PaymentReplayMismatch"];
            422: components["responses"]["InvalidRequest"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    listSignals: {
        parameters: {
            query?: {
                /** @description filter exclude_drawdown_risk=true. Not shown in the contract: the default. Stub choice: false. */
                exclude_drawdown_risk?: boolean;
                /**
                 * @deprecated
                 * @description "The former field and parameter names crash_risk, crash_risk_elevated and exclude_crash_risk still work as aliases for the drawdown-risk fields and are removed after one release." Alias of exclude_drawdown_risk.
                 */
                exclude_crash_risk?: boolean;
                /** @description also filters topic=broker_a */
                topic?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Published trade signals. */
            200: {
                headers: {
                    "PAYMENT-RESPONSE": components["headers"]["PaymentResponse"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TradeSignalsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentChallenge"];
            403: components["responses"]["InsufficientCredits"];
            409: components["responses"]["PaymentReplayMismatch"];
            422: components["responses"]["InvalidRequest"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    listPerpSignals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Zero or one daily WTI row. */
            200: {
                headers: {
                    "PAYMENT-RESPONSE": components["headers"]["PaymentResponse"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PerpSignalsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentChallenge"];
            403: components["responses"]["InsufficientCredits"];
            409: components["responses"]["PaymentReplayMismatch"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    getOilSignal: {
        parameters: {
            query?: {
                /** @description default true; fetches live venue marks with two upstream fetches */
                include_marks?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The crude-oil signal object. */
            200: {
                headers: {
                    "PAYMENT-RESPONSE": components["headers"]["PaymentResponse"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CrudeOilSignal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentChallenge"];
            403: components["responses"]["InsufficientCredits"];
            409: components["responses"]["PaymentReplayMismatch"];
            422: components["responses"]["InvalidRequest"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    createSocialProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Body (required, JSON). */
        requestBody: {
            content: {
                "application/json": components["schemas"]["SocialProfileRequest"];
            };
        };
        responses: {
            /** @description The social-account profile. */
            200: {
                headers: {
                    "PAYMENT-RESPONSE": components["headers"]["PaymentResponse"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SocialAccountProfile"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentChallenge"];
            403: components["responses"]["InsufficientCredits"];
            /** @description insufficient_post_history: "An account with fewer than 15 grounded posts in the window returns 404 insufficient_post_history and is not billed." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            409: components["responses"]["PaymentReplayMismatch"];
            422: components["responses"]["InvalidRequest"];
            429: components["responses"]["RateLimited"];
            /** @description "Status 502 means the search provider was unavailable or did not run (not billed)." */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description "Status 503 means profiling is not configured." */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    searchSocial: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Not shown in the contract: the body field names. Stub choice: SocialSearchRequest. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["SocialSearchRequest"];
            };
        };
        responses: {
            /** @description Search results (not stored). */
            200: {
                headers: {
                    "PAYMENT-RESPONSE": components["headers"]["PaymentResponse"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SocialSearchResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentChallenge"];
            403: components["responses"]["InsufficientCredits"];
            409: components["responses"]["PaymentReplayMismatch"];
            422: components["responses"]["InvalidRequest"];
            429: components["responses"]["RateLimited"];
            /** @description "social search unavailable or not executed" (not billed). */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    linkWallet: {
        parameters: {
            query: {
                /** @description single-use link token; "expires after 15 minutes; consumed on first use"; the fixed prefix is neutralised as svc_ */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payer wallet is attested to the token's account. */
            200: {
                headers: {
                    "PAYMENT-RESPONSE": components["headers"]["PaymentResponse"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletLinkResponse"];
                };
            };
            /** @description invalid_api_key: an x-service-api-key that is not valid (the stub's choice, gap WAL-024). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            402: components["responses"]["PaymentChallenge"];
            /** @description link_token_not_found (not billed). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description wallet_already_attested: wallet attested to a different account (not billed); payment_replay_mismatch. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_request for a missing or expired token, or x402_payment_required when there is no verifiable payer (not billed). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    getPortfolio: {
        parameters: {
            query: {
                /** @description Not shown in the contract: how the wallet is addressed. Stub choice: a required 0x-prefixed 40-hex address (case-insensitive); missing or malformed gives 422 invalid_request (rule PORT-005). */
                wallet: string;
                /** @description Selects the venues of the positions. Not shown in the contract: its type, format and requiredness. Stub choice: a comma-separated list of venue keys; omitted means all venues. */
                venues?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The positions. */
            200: {
                headers: {
                    "PAYMENT-RESPONSE": components["headers"]["PaymentResponse"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortfolioResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentChallenge"];
            403: components["responses"]["InsufficientCredits"];
            409: components["responses"]["PaymentReplayMismatch"];
            422: components["responses"]["InvalidRequest"];
            429: components["responses"]["RateLimited"];
            /** @description upstream_unavailable: "the portfolio route fails closed when its venue data source is down" (not billed). */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPricing: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Pricing metadata. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricingResponse"];
                };
            };
            429: components["responses"]["RateLimited"];
        };
    };
    getOpenApi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The machine-readable contract. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            429: components["responses"]["RateLimited"];
        };
    };
    getOpenApiV1: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The machine-readable contract (same document as /openapi.json). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            429: components["responses"]["RateLimited"];
        };
    };
}
