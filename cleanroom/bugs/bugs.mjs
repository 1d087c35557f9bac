// Registry of one-rule vendor bugs. Each entry breaks exactly one sentence (or table row) of
// shared/spec/api-contract.md, cited by its fingerprint in bugs-brief/spec-units.txt.
//
// Hooks (all optional, may be async):
//   onRequest(ctx)        rewrite ctx.method/path/query/headers/body, or return ctx.reply(...) / a Res to answer directly
//   onResponse(ctx, res)  rewrite res.status / res.headers / res.json (call res.touch() after in-place edits),
//                         or return another Res (e.g. from ctx.forward()) to replace it
// ctx helpers: forward(), upstream(), reply(), control(), charge(credits), stubNow(), sleep(ms), state, apiKey, bodyJson().
//
//   node bugs.mjs --json   prints the registry without hooks (bugs.json)

const J = (res) => (res && res.json && typeof res.json === 'object' ? res.json : null);
const isGet = (ctx, path) => ctx.method === 'GET' && ctx.path === path;
const isPost = (ctx, path) => ctx.method === 'POST' && ctx.path === path;
const MARKET_SIGNALS = /^\/api\/v1\/markets\/([^/]+)\/signals$/;
const MARKET_FORECAST = /^\/api\/v1\/markets\/([^/]+)\/forecast$/;
const JOB_READ = /^\/api\/auth\/forecast-requests\/([^/]+)$/;
const PRICE = { '/api/v1/x/search': 500, '/api/v1/x/profile': 1000 };

function dedupe(list) { return [...new Set(list)]; }
function listParam(v) { return String(v).split(',').map((s) => s.trim()).filter(Boolean); }
/** Recount venue_facets after rows were removed from a GET /api/v1/markets answer. */
function discountFacets(body, removed) {
  if (!Array.isArray(body.venue_facets)) return;
  for (const f of body.venue_facets) {
    const n = removed.filter((m) => m.venue === f.venue).length;
    f.count = Math.max(0, f.count - n);
  }
}

export const bugs = [
  // ------------------------------------------------------------------ pattern a: a cross-cutting rule broken on one operation
  {
    name: 'mispriced_429_no_retry_after',
    pattern: 'a',
    section: 'Errors',
    sentences: ['a8500226c2fd'],
    operations: ['GET /api/v1/markets/mispriced'],
    what: 'The 429 answers of GET /api/v1/markets/mispriced carry no Retry-After header (the body retry_after and the other rate-limit headers stay); every other route keeps it.',
    how: 'Exhaust the standard per-minute window of an account (POST /__control/limits/usage scope standard window minute count 600), then GET /api/v1/markets/mispriced with its key: 429 without Retry-After.',
    onResponse(ctx, res) {
      if (isGet(ctx, '/api/v1/markets/mispriced') && res.status === 429) delete res.headers['retry-after'];
    },
  },
  {
    name: 'job_status_view_billed',
    pattern: 'a',
    section: 'What the service does',
    sentences: ['10cc32b6b192'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'Polling a forecast job with view=status debits 10 credits (the default/result view stays free).',
    how: 'Create an account, POST /api/auth/forecast-requests (Idempotency-Key) for venue_a 1000503, read the balance, GET /api/auth/forecast-requests/{jobId}?view=status, read the balance again: 10 credits less.',
    async onResponse(ctx, res) {
      if (ctx.method === 'GET' && JOB_READ.test(ctx.path) && ctx.query.get('view') === 'status' && res.status === 200) {
        await ctx.charge(10);
      }
    },
  },
  {
    name: 'portfolio_422_no_message',
    pattern: 'a',
    section: 'Errors',
    sentences: ['0d393b610ad6'],
    operations: ['GET /api/v1/portfolio'],
    what: 'The 422 error bodies of GET /api/v1/portfolio carry only {error} and lack the required human-readable message member.',
    how: 'GET /api/v1/portfolio?wallet=0x12 with an API key: 422 {"error":"invalid_request"} with no message.',
    onResponse(ctx, res) {
      const b = J(res);
      if (isGet(ctx, '/api/v1/portfolio') && res.status === 422 && b) { delete b.message; res.touch(); }
    },
  },
  {
    name: 'sources_asset_ref_direction',
    pattern: 'a',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['e2cb86870ea1'],
    operations: ['GET /api/v1/sources'],
    what: 'In GET /api/v1/sources, the direct HAS_MARKET asset refs of each source item\'s market say direction "outgoing" (the asset\'s point of view) instead of "incoming" relative to the market subject; other routes are right.',
    how: 'GET /api/v1/sources?market_keys=venue_a:520224&window=168: sources[].market.relationships.assets[] with via "direct" have direction "outgoing".',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200 || !b || !Array.isArray(b.sources)) return;
      for (const s of b.sources) {
        const refs = s && s.market && s.market.relationships && s.market.relationships.assets;
        if (Array.isArray(refs)) for (const r of refs) if (r.via === 'direct' && r.relationship === 'HAS_MARKET') r.direction = 'outgoing';
      }
      res.touch();
    },
  },
  {
    name: 'signals_serviceurl_unencoded',
    pattern: 'a',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['8fea420baad1'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'The top-level serviceUrl of GET /api/v1/markets/{slug}/signals is built from the raw serviceMarketId without URL-encoding (":" stays literal), unlike every other route.',
    how: 'GET /api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b: serviceUrl is {site}/markets/venue_b:KXCPIYOY-26MAR-T2.8 instead of .../venue_b%3AKXCPIYOY-26MAR-T2.8.',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method === 'GET' && MARKET_SIGNALS.test(ctx.path) && res.status === 200 && b && typeof b.serviceUrl === 'string') {
        try { b.serviceUrl = decodeURIComponent(b.serviceUrl); res.touch(); } catch { /* leave */ }
      }
    },
  },
  {
    name: 'latest_venueaurl_nonvenue_a',
    pattern: 'a',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['8e14f95c6129'],
    operations: ['GET /api/v1/latest'],
    what: 'In the latest feed, market.venueAUrl is filled with the venue page (marketUrl) for venue_b, venue_c and venue_a_us rows instead of null.',
    how: 'GET /api/v1/latest: events whose market.venue is not venue_a carry a non-null market.venueAUrl.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events)) return;
      for (const e of b.events) {
        const m = e && e.market;
        if (m && m.venue !== 'venue_a' && m.venueAUrl === null && m.marketUrl) m.venueAUrl = m.marketUrl;
      }
      res.touch();
    },
  },
  {
    name: 'perps_402_error_code',
    pattern: 'a',
    section: 'Errors',
    sentences: ['96f00d566dc6'],
    operations: ['GET /api/v1/signals/perps'],
    what: 'The 402 challenge of GET /api/v1/signals/perps answers error "x402_payment_required" (the wallet-link 422 code) instead of "payment_required"; the PAYMENT-REQUIRED header is intact.',
    how: 'GET /api/v1/signals/perps without credentials: 402 with body error x402_payment_required.',
    onResponse(ctx, res) {
      const b = J(res);
      if (isGet(ctx, '/api/v1/signals/perps') && res.status === 402 && b) { b.error = 'x402_payment_required'; res.touch(); }
    },
  },
  {
    name: 'asset_linked_market_odds_last',
    pattern: 'a',
    section: 'Resources and their fields / Venue quote (VenueQuoteV1)',
    sentences: ['64a5b7155908'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In asset search linked markets, market_odds is the last trade (venue_quote.yes_last) instead of venue_quote.selected_probability; the market list and other routes are right.',
    how: 'GET /api/v1/assets/search?reference=btc: linked_markets[] where market_odds differs from venue_quote.selected_probability (it equals yes_last).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !b || !Array.isArray(b.assets)) return;
      for (const a of b.assets) {
        for (const m of a.linked_markets || []) {
          const q = m.venue_quote;
          if (q && typeof q.yes_last === 'number') m.market_odds = q.yes_last;
        }
      }
      res.touch();
    },
  },

  // ------------------------------------------------------------------ pattern b: list / enum parameter partly honoured
  {
    name: 'sources_types_first_only',
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['20006d3b63d4'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources honours only the first entry of a comma-separated types list (types=x_post,article returns only social posts); a single type or the default works.',
    how: 'GET /api/v1/sources?market_keys=venue_a:520224,venue_b:KXCPIYOY-26MAR-T2.8&window=168&types=x_post,article: no article items.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/sources') || !ctx.query.has('types')) return;
      const list = listParam(ctx.query.get('types'));
      if (list.length > 1) ctx.query.set('types', list[0]);
    },
  },
  {
    name: 'latest_types_article_only_alone',
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/latest ($0.02)',
    sentences: ['157e1f7c1d80'],
    operations: ['GET /api/v1/latest'],
    what: 'In GET /api/v1/latest, "article" in types is honoured only when given alone: in a list with forecast or x_post, the article events are missing (the types echo still lists article).',
    how: 'GET /api/v1/latest?types=forecast,article: no events of type article, though types=article alone has some.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events)) return;
      const list = ctx.query.has('types') ? listParam(ctx.query.get('types')) : [];
      if (list.length > 1 && list.includes('article')) {
        b.events = b.events.filter((e) => e.type !== 'article');
        b.count = b.events.length;
        res.touch();
      }
    },
  },
  {
    name: 'markets_sort_signal_count_ignored',
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['24f05457f706'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets ignores sort=signal_count_desc and answers in the default updated_desc order; volume_desc and updated_desc work.',
    how: 'GET /api/v1/markets?sort=signal_count_desc: signal_count is not non-increasing down the list.',
    onRequest(ctx) {
      if (isGet(ctx, '/api/v1/markets') && ctx.query.get('sort') === 'signal_count_desc') ctx.query.delete('sort');
    },
  },
  {
    name: 'assets_reference_first_only',
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['ca70ee9fbe15'],
    operations: ['GET /api/v1/assets/search'],
    what: 'A repeated reference parameter is matched on its first value only; the references echo still lists every value.',
    how: 'GET /api/v1/assets/search?reference=btc&reference=aapl: only the btc asset comes back (references echo ["btc","aapl"]).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search')) return;
      const refs = ctx.query.getAll('reference');
      if (refs.length > 1) {
        ctx.allRefs = refs;
        ctx.query.delete('reference');
        ctx.query.append('reference', refs[0]);
      }
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.allRefs && res.status === 200 && b && Array.isArray(b.references)) { b.references = dedupe(ctx.allRefs); res.touch(); }
    },
  },
  {
    name: 'signals_exclude_crash_risk_alias_ignored',
    pattern: 'b',
    section: 'Versioning',
    sentences: ['e6f987f103ad'],
    operations: ['GET /api/v1/signals'],
    what: 'GET /api/v1/signals honours exclude_drawdown_risk=true but ignores its former name exclude_crash_risk=true (rows with elevated or unknown drawdown risk stay).',
    how: 'GET /api/v1/signals?exclude_crash_risk=true: rows with drawdown_risk_elevated true or null are present (with exclude_drawdown_risk=true they are not).',
    onRequest(ctx) {
      if (isGet(ctx, '/api/v1/signals') && ctx.query.has('exclude_crash_risk')) ctx.query.delete('exclude_crash_risk');
    },
  },
  {
    name: 'job_view_status_expands',
    pattern: 'b',
    section: 'Endpoints / GET /api/auth/forecast-requests/{jobId} (free, API key only)',
    sentences: ['caa8b630420e', '149eb504a7c2'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'view=status is read as view=result: a succeeded job polled with view=status expands its published forecasts (with relationships).',
    how: 'POST /api/auth/forecast-requests, move the clock 700 s (POST /__control/clock), GET /api/auth/forecast-requests/{jobId}?view=status: forecasts is non-empty.',
    onRequest(ctx) {
      if (ctx.method === 'GET' && JOB_READ.test(ctx.path) && ctx.query.get('view') === 'status') ctx.query.set('view', 'result');
    },
  },
  {
    name: 'profile_focus_reasoning_refused',
    pattern: 'b',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['e0c7440d6870'],
    operations: ['POST /api/v1/x/profile'],
    what: 'POST /api/v1/x/profile refuses focus "reasoning" with 422 (general and trading are accepted).',
    how: 'POST /api/v1/x/profile {"handle":"policy_pat","focus":"reasoning"} with an API key: 422 invalid_request.',
    onRequest(ctx) {
      if (!isPost(ctx, '/api/v1/x/profile')) return;
      const body = ctx.bodyJson();
      if (body && typeof body === 'object' && body.focus === 'reasoning') { body.focus = 'reasoning_'; ctx.setBodyJson(body); }
    },
  },

  // ------------------------------------------------------------------ pattern c: a documented identifier form refused or misread
  {
    name: 'targets_event_market_url_misread',
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-targets (free, no auth)',
    sentences: ['4d6ffdd7c542', 'dc2473b6839e'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'A venue_a browser URL of the form /event/{slug}/{market-slug} is resolved as the bare event: targetType event, selectionRequired true, no selectedMarket and no ready generation body; /event/{slug} and /market/{slug} are right.',
    how: 'GET /api/public/forecast-targets?ref=https://venue-a.example/event/fed-decision-in-april-2026/will-the-fed-decrease-interest-rates-by-50-bps-after-the-april-2026-fomc-meeting: targetType event and no generation.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-targets') || !ctx.query.has('ref')) return;
      const ref = ctx.query.get('ref');
      let u;
      try { u = new URL(ref); } catch { return; }
      const m = /^\/event\/([^/]+)\/([^/]+)\/?$/.exec(u.pathname);
      if (!m) return;
      u.pathname = `/event/${m[1]}`;
      ctx.origRef = ref;
      ctx.query.set('ref', u.toString());
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.origRef && res.status === 200 && b) { b.input = ctx.origRef; res.touch(); }
    },
  },
  {
    name: 'availability_market_id_venue_c_misread',
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['a740a7fb49fd'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'market_id with venue=venue_c is looked up in the venue_a namespace, so an existing venue_c market answers tracked false (venue_a, venue_b and venue_a_us native ids work).',
    how: 'GET /api/public/forecast-availability?market_id=c-0a6ce36144&venue=venue_c: tracked false, market null.',
    onRequest(ctx) {
      if (isGet(ctx, '/api/public/forecast-availability') && ctx.query.has('market_id') && ctx.query.get('venue') === 'venue_c') {
        ctx.query.set('venue', 'venue_a');
      }
    },
  },
  {
    name: 'signals_venue_c_ignored',
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/markets/{slug}/signals ($0.01)',
    sentences: ['480ee4347568'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'GET /api/v1/markets/{slug}/signals drops venue=venue_c and resolves the slug in the venue_a namespace, so a slug shared by both venues returns the venue_a market\'s evidence.',
    how: 'GET /api/v1/markets/will-eur-usd-trade-above-125-in-2026/signals?venue=venue_c: market.venue is venue_a.',
    onRequest(ctx) {
      if (ctx.method === 'GET' && MARKET_SIGNALS.test(ctx.path) && ctx.query.get('venue') === 'venue_c') ctx.query.delete('venue');
    },
  },
  {
    name: 'sources_venue_a_us_keys_misparsed',
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['959b2b1f3d95', '6b9ba6eb33d0'],
    operations: ['GET /api/v1/sources'],
    what: 'market_keys of venue_a_us markets are split at the first "venue_a" prefix and never resolve, so their evidence is silently missing (other venues\' keys work).',
    how: 'GET /api/v1/sources?market_keys=venue_a_us:78782773&window=168: {"sources":[]} while the market has articles and posts.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/sources') || !ctx.query.has('market_keys')) return;
      const keys = String(ctx.query.get('market_keys')).split(',');
      if (!keys.some((k) => k.trim().startsWith('venue_a_us:'))) return;
      ctx.query.set('market_keys', keys.map((k) => (k.trim().startsWith('venue_a_us:') ? `venue_a:${k.trim().slice('venue_a'.length)}` : k)).join(','));
    },
  },
  {
    name: 'assets_reference_venue_b_ticker_unmatched',
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['ca70ee9fbe15'],
    operations: ['GET /api/v1/assets/search'],
    what: 'A reference given as the native id of a venue_b market (its ticker) matches nothing, because native ids are lower-cased before matching; the marketKey form and venue_a numeric native ids still match.',
    how: 'GET /api/v1/assets/search?reference=KXCPIYOY-26MAR-T2.8: assets [] (reference=venue_b:KXCPIYOY-26MAR-T2.8 finds us-cpi).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search')) return;
      const refs = ctx.query.getAll('reference');
      if (!refs.some((r) => /^KX[A-Z0-9]*-[A-Z0-9.-]+$/.test(r))) return;
      ctx.allRefs = refs;
      ctx.query.delete('reference');
      for (const r of refs) ctx.query.append('reference', /^KX[A-Z0-9]*-[A-Z0-9.-]+$/.test(r) ? r.toLowerCase() : r);
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.allRefs && res.status === 200 && b && Array.isArray(b.references)) { b.references = dedupe(ctx.allRefs); res.touch(); }
    },
  },
  {
    name: 'forecast_slug_dot_suffix_stripped',
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['4035ad11af64', '4274520129dd'],
    operations: ['GET /api/v1/markets/{slug}/forecast'],
    what: 'The stored-forecast read treats a trailing ".xx" of the slug as a format suffix and drops it, so venue_b tickers with a decimal strike (KXCPIYOY-26MAR-T3.2) answer 404 even with venue=venue_b, although forecast-availability points its read there; slugs without a dot work.',
    how: 'GET /api/v1/markets/KXCPIYOY-26MAR-T3.2/forecast?venue=venue_b (the read.endpoint availability gives for venue_b:KXCPIYOY-26MAR-T3.2): 404 naming slug KXCPIYOY-26MAR-T3.',
    onRequest(ctx) {
      if (ctx.method !== 'GET') return;
      const m = MARKET_FORECAST.exec(ctx.path);
      if (!m) return;
      let slug;
      try { slug = decodeURIComponent(m[1]); } catch { return; }
      const stripped = slug.replace(/\.[^.]*$/, '');
      if (stripped && stripped !== slug) ctx.path = `/api/v1/markets/${encodeURIComponent(stripped)}/forecast`;
    },
  },

  // ------------------------------------------------------------------ pattern d: a stated number wrong where it appears again
  {
    name: 'pricing_latest_price',
    pattern: 'd',
    section: 'What the service does',
    sentences: ['bbcf421734bc'],
    operations: ['GET /api/public/pricing'],
    what: 'GET /api/public/pricing lists GET /api/v1/latest at $0.010 / 10 credits, while the 402 challenge (20000 atomic units) and the API-key debit (20 credits) use the documented $0.02.',
    how: 'GET /api/public/pricing: the getLatest route shows usd "0.010" and credits 10.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/pricing') || res.status !== 200 || !b || !Array.isArray(b.routes)) return;
      for (const r of b.routes) if (r.path === '/api/v1/latest') { r.usd = '0.010'; r.credits = 10; }
      res.touch();
    },
  },
  {
    name: 'xsearch_debit_50_credits',
    pattern: 'd',
    section: 'What the service does',
    sentences: ['09136ff6d2cd', '1298c54a809b'],
    operations: ['POST /api/v1/x/search'],
    what: 'An API-key call of POST /api/v1/x/search debits 50 credits ($0.05) instead of 500 ($0.50); its 402 challenge still asks 500000 atomic units.',
    how: 'Read an account balance, POST /api/v1/x/search {"query":"fed"} with its key (200), read again: 50 credits less instead of 500.',
    async onResponse(ctx, res) {
      if (isPost(ctx, '/api/v1/x/search') && res.status === 200 && ctx.apiKey) await ctx.charge(-450);
    },
  },
  {
    name: 'compat_openapi_latest_hours_max',
    pattern: 'd',
    section: 'Versioning',
    sentences: ['778fd841452b', 'df6dccce9164'],
    operations: ['GET /api/v1/openapi.json'],
    what: 'The compatibility copy of the contract at /api/v1/openapi.json states maximum 12 for the hours parameter of GET /api/v1/latest (stale copy); /openapi.json and the route itself keep 6.',
    how: 'GET /api/v1/openapi.json: paths["/api/v1/latest"].get.parameters hours schema maximum is 12.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/openapi.json') || res.status !== 200 || !b || !b.paths) return;
      const op = b.paths['/api/v1/latest'] && b.paths['/api/v1/latest'].get;
      for (const p of (op && op.parameters) || []) {
        if (p.name === 'hours' && p.schema) {
          p.schema.maximum = 12;
          if (typeof p.description === 'string') p.description = p.description.replace(/max 6/, 'max 12');
        }
      }
      res.touch();
    },
  },
  {
    name: 'targets_venue_a_child_cost',
    pattern: 'd',
    section: 'Endpoints / GET /api/public/forecast-targets (free, no auth)',
    sentences: ['dc2473b6839e', '7d408c9bbf65'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'For venue_a targets, each child market\'s generation.costUsd is "0.01" (the stored-read price) instead of the $1.00 generation price; venue_b children say "1.00".',
    how: 'GET /api/public/forecast-targets?ref=venue_a:1000503: markets[].generation.costUsd and selectedMarket.generation.costUsd are "0.01".',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-targets') || res.status !== 200 || !b || b.venue !== 'venue_a') return;
      const children = [...(Array.isArray(b.markets) ? b.markets : []), ...(b.selectedMarket ? [b.selectedMarket] : [])];
      for (const c of children) if (c && c.generation && typeof c.generation === 'object') c.generation.costUsd = '0.01';
      res.touch();
    },
  },
  {
    name: 'asset_summary_threshold_int',
    pattern: 'd',
    section: 'Resources and their fields / Asset search item',
    sentences: ['188246ced510'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In q mode, market_summary.mispricing_threshold_pp is the truncated integer 7 instead of 7.5 (reference mode, material_only mode and the mispriced route say 7.5).',
    how: 'GET /api/v1/assets/search?q=apple: assets[0].market_summary.mispricing_threshold_pp is 7.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.query.has('q') || res.status !== 200 || !b || !Array.isArray(b.assets)) return;
      for (const a of b.assets) if (a.market_summary && typeof a.market_summary.mispricing_threshold_pp === 'number') {
        a.market_summary.mispricing_threshold_pp = Math.trunc(a.market_summary.mispricing_threshold_pp);
      }
      res.touch();
    },
  },
  {
    name: 'xsearch_default_limit_30',
    pattern: 'd',
    section: 'Endpoints / Other operations referenced',
    sentences: ['87e35c1076ef'],
    operations: ['POST /api/v1/x/search'],
    what: 'POST /api/v1/x/search without a result count returns up to 30 results (the maximum) instead of the default 15; the echoed limit still says 15.',
    how: 'POST /api/v1/x/search {"query":"bitcoin"}: 30 results.',
    onRequest(ctx) {
      if (!isPost(ctx, '/api/v1/x/search')) return;
      const body = ctx.bodyJson();
      if (body && typeof body === 'object' && !Array.isArray(body) && body.limit === undefined) {
        body.limit = 30;
        ctx.setBodyJson(body);
        ctx.limitDefaulted = true;
      }
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.limitDefaulted && res.status === 200 && b && b.limit === 30) { b.limit = 15; res.touch(); }
    },
  },
  {
    name: 'x_research_policy_quota',
    pattern: 'd',
    section: 'Limits',
    sentences: ['d52fce9a3b8f'],
    operations: ['POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'The RateLimit-Policy header of social-research 429 answers advertises a per-second quota of 20 (the standard tier\'s) instead of 5; the limiter itself still enforces 5.',
    how: 'Fill an account\'s x_research day window (POST /__control/limits/usage scope x_research window day count 500), POST /api/v1/x/search: 429 whose RateLimit-Policy says "x_research-second";q=20.',
    onResponse(ctx, res) {
      const b = J(res);
      if (res.status !== 429 || !b || b.limit_scope !== 'x_research') return;
      const h = res.headers['ratelimit-policy'];
      if (typeof h === 'string') res.headers['ratelimit-policy'] = h.replace(/("x_research-second";q=)5\b/, '$120');
    },
  },

  // ------------------------------------------------------------------ pattern e: time bounds at their edge
  {
    name: 'latest_default_window_4h',
    pattern: 'e',
    section: 'Events',
    sentences: ['6c7d259f9c5a', 'df6dccce9164'],
    operations: ['GET /api/v1/latest'],
    what: 'Without hours, GET /api/v1/latest selects four hours of events while reporting window.hours 3 and window.since = as_of - 3 h, so events older than since are included; an explicit hours is right.',
    how: 'GET /api/v1/latest (no hours): events with occurred_at earlier than window.since.',
    onRequest(ctx) {
      if (isGet(ctx, '/api/v1/latest') && !ctx.query.has('hours')) { ctx.query.set('hours', '4'); ctx.hoursDefaulted = true; }
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.hoursDefaulted || res.status !== 200 || !b || !b.window) return;
      b.window.hours = 3;
      const asOf = Date.parse(b.as_of);
      if (!Number.isNaN(asOf)) b.window.since = new Date(asOf - 3 * 3600_000).toISOString();
      res.touch();
    },
  },
  {
    name: 'sources_window_168_refused',
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['24b7b9d1a526', 'e58a35b4d66f'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources refuses its documented maximum window=168 with 422 (an exclusive upper bound); 167 and below work.',
    how: 'GET /api/v1/sources?market_keys=venue_a:520224&window=168: 422 invalid_request.',
    onRequest(ctx) {
      if (isGet(ctx, '/api/v1/sources') && ctx.query.get('window') !== null && Number(ctx.query.get('window')) === 168) ctx.query.set('window', '169');
    },
  },
  {
    name: 'markets_changed_within_off_by_one',
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['7f3c1dd2cd06'],
    operations: ['GET /api/v1/markets'],
    what: 'changed_within=N keeps markets whose latest forecast is up to N+1 hours old (the age is floored to whole hours before comparing).',
    how: 'GET /api/v1/markets?changed_within=1: rows whose latest_forecast_at is more than one hour before now.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets') || !ctx.query.has('changed_within')) return;
      const v = ctx.query.get('changed_within');
      if (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) < 168) ctx.query.set('changed_within', String(Number(v) + 1));
    },
  },
  {
    name: 'markets_search_as_of_start_of_day',
    pattern: 'e',
    section: 'Endpoints / Other operations referenced',
    sentences: ['66e6cfbfb00f'],
    operations: ['GET /api/v1/markets/search'],
    what: 'A date-only as_of (YYYY-MM-DD) is read as 00:00 UTC of that day instead of its end, so forecasts made during that day are left out; RFC 3339 instants work.',
    how: 'GET /api/v1/markets/search?q=bitcoin&as_of=<yesterday>: no row has forecast_at on that date (as_of echo ...T00:00:00.000Z).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets/search')) return;
      const v = ctx.query.get('as_of');
      if (v && /^\d{4}-\d{2}-\d{2}$/.test(v)) ctx.query.set('as_of', `${v}T00:00:00.000Z`);
    },
  },
  {
    name: 'oil_spacing_half_second',
    pattern: 'e',
    section: 'Limits',
    sentences: ['6636b2871e8f', '1ce1df2513c4'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'An API-key request of the oil route that starts 500-999 ms after the previous served start is answered 200 (the previous answer, replayed from a 1-second cache whose bound is checked as 0.5 s) and billed, instead of 429; starts under 500 ms apart still get 429.',
    how: 'GET /api/v1/signals/oil?include_marks=false with an API key, then the same 650 ms after the first start: 200 instead of 429.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/signals/oil') || ctx.headers['payment-signature']) return;
      ctx.t0 = Date.now();
      ctx.oilKey = `${ctx.url}|${ctx.headers['x-fault-scope'] || ''}|${ctx.apiKey || ''}`;
    },
    async onResponse(ctx, res) {
      if (!ctx.oilKey) return;
      const st = ctx.state;
      if (res.status === 200 && res.json) {
        const headers = { ...res.headers };
        delete headers['content-length'];
        st.oilLast = { t: ctx.t0, key: ctx.oilKey, json: res.json, headers };
        return;
      }
      const spacing = res.status === 429 && /oil-spacing/.test(String(res.headers.ratelimit || ''));
      const last = st.oilLast;
      if (!spacing || !last || last.key !== ctx.oilKey || !ctx.apiKey) return;
      const since = ctx.t0 - last.t;
      if (since < 500 || since >= 1000) return;
      await ctx.charge(10);
      return ctx.reply(200, JSON.parse(JSON.stringify(last.json)), { ...last.headers, date: new Date().toUTCString() });
    },
  },
  {
    name: 'profile_lookback_14_refused',
    pattern: 'e',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['ee7112e11786', 'e58a35b4d66f'],
    operations: ['POST /api/v1/x/profile'],
    what: 'POST /api/v1/x/profile refuses the documented minimum lookback_days=14 with 422 (its message still says 14..365); 15 and above work.',
    how: 'POST /api/v1/x/profile {"handle":"policy_pat","lookback_days":14}: 422 invalid_request.',
    onRequest(ctx) {
      if (!isPost(ctx, '/api/v1/x/profile')) return;
      const body = ctx.bodyJson();
      if (body && typeof body === 'object' && body.lookback_days === 14) { body.lookback_days = 13; ctx.setBodyJson(body); }
    },
  },

  // ------------------------------------------------------------------ pattern f: an unbilled answer billed for one cause
  {
    name: 'signals_404_known_market_billed',
    pattern: 'f',
    section: 'Endpoints / GET /api/v1/markets/{slug}/signals ($0.01)',
    sentences: ['85f5a54ab1af', '0c14253e0dc5'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'The 404 of GET /api/v1/markets/{slug}/signals for a known market with no article evidence keeps its 10-credit debit; the 404 of an unknown slug is refunded.',
    how: 'GET /api/v1/markets/will-russia-and-ukraine-sign-a-ceasefire-agreement-in-2026/signals with an API key: 404, balance 10 credits lower.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method === 'GET' && MARKET_SIGNALS.test(ctx.path) && res.status === 404 && b && /no article evidence/i.test(String(b.message))) {
        await ctx.charge(10);
      }
    },
  },
  {
    name: 'profile_insufficient_history_billed',
    pattern: 'f',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['48b21df24ec7'],
    operations: ['POST /api/v1/x/profile'],
    what: 'A 404 insufficient_post_history of POST /api/v1/x/profile keeps its 1000-credit debit (other 404s and 502s are refunded).',
    how: 'POST /api/v1/x/profile {"handle":"nobody","lookback_days":14} with an API key: 404 insufficient_post_history and the balance is 1000 credits lower.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (isPost(ctx, '/api/v1/x/profile') && res.status === 404 && b && b.error === 'insufficient_post_history') await ctx.charge(1000);
    },
  },
  {
    name: 'x_research_429_billed',
    pattern: 'f',
    section: 'Authentication',
    sentences: ['4fc78605712d', 'c62df283b618'],
    operations: ['POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'A 429 from the social-research scope debits the route price (500 / 1000 credits); 429s of the standard scope debit nothing.',
    how: 'Fill an account\'s x_research day window (POST /__control/limits/usage), POST /api/v1/x/search with its key: 429 and the balance is 500 credits lower.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method === 'POST' && PRICE[ctx.path] && res.status === 429 && b && b.limit_scope === 'x_research') await ctx.charge(PRICE[ctx.path]);
    },
  },
  {
    name: 'forecast_404_no_stored_billed',
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/markets/{slug}/forecast'],
    what: 'The 404 of the stored-forecast read for a known market that has no stored forecast keeps its 10-credit debit; an unknown slug\'s 404 is refunded.',
    how: 'GET /api/v1/markets/will-us-unemployment-reach-5-in-2026/forecast with an API key: 404 and the balance is 10 credits lower.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method === 'GET' && MARKET_FORECAST.test(ctx.path) && res.status === 404 && b && /no stored forecast/i.test(String(b.message))) {
        await ctx.charge(10);
      }
    },
  },
  {
    name: 'markets_search_504_billed',
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/markets/search'],
    what: 'An upstream failure of GET /api/v1/markets/search answered with a status other than 502 (500, 503, 504) keeps its 10-credit debit; a 502 is refunded.',
    how: 'POST /__control/faults {method GET, path /api/v1/markets/search, status 504, times 1, scope s}; GET /api/v1/markets/search?q=fed with X-Fault-Scope s and an API key: 504 and 10 credits gone.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (isGet(ctx, '/api/v1/markets/search') && [500, 503, 504].includes(res.status) && b && b.error === 'upstream_unavailable') await ctx.charge(10);
    },
  },
  {
    name: 'portfolio_502_billed',
    pattern: 'f',
    section: 'Errors',
    sentences: ['5a78e9e6f3f1', '0c14253e0dc5'],
    operations: ['GET /api/v1/portfolio'],
    what: 'When the portfolio route fails closed with 502 upstream_unavailable, the 10-credit debit is kept; 502s of other routes are refunded.',
    how: 'POST /__control/faults {method GET, path /api/v1/portfolio, status 502, times 1, scope s}; GET /api/v1/portfolio?wallet=0x1111111111111111111111111111111111111111 with X-Fault-Scope s: 502 and 10 credits gone.',
    async onResponse(ctx, res) {
      if (isGet(ctx, '/api/v1/portfolio') && res.status === 502) await ctx.charge(10);
    },
  },

  // ------------------------------------------------------------------ pattern g: other field-level invariants
  {
    name: 'availability_mentions_generation',
    pattern: 'g',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['e9031d17bf13'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'For mention markets, forecast-availability reports excluded {reason: mentions} and still offers a ready generation body (sports and crypto_up_down exclusions have generation null).',
    how: 'GET /api/public/forecast-availability?market_key=venue_b:KXPOWELLMENTION-26JAN28-TARIFF: excluded.reason mentions and generation non-null.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b) return;
      if (b.excluded && b.excluded.reason === 'mentions' && b.generation === null && b.market) {
        b.generation = {
          method: 'POST',
          endpoint: '/api/auth/forecast-requests',
          authentication: { type: 'header', name: 'x-service-api-key' },
          idempotencyKeyRequired: true,
          body: { kind: 'venue_market', venue: b.market.venue, market_id: b.market.nativeMarketId },
        };
        res.touch();
      }
    },
  },
  {
    name: 'availability_venue_b_targetresolution_absent',
    pattern: 'g',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['c16fca8c19a6'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'For a tracked venue_b contract, the targetResolution key is omitted instead of present with null (all 200-body keys must be present); other venues and event answers are right.',
    how: 'GET /api/public/forecast-availability?market_key=venue_b:KXCPIYOY-26MAR-T2.8: the body has no targetResolution key.',
    onResponse(ctx, res) {
      const b = J(res);
      if (isGet(ctx, '/api/public/forecast-availability') && res.status === 200 && b && b.market && b.market.venue === 'venue_b' && b.targetResolution === null) {
        delete b.targetResolution;
        res.touch();
      }
    },
  },
  {
    name: 'job_foreign_404_differs',
    pattern: 'g',
    section: 'Endpoints / GET /api/auth/forecast-requests/{jobId} (free, API key only)',
    sentences: ['dc653e5e791f'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'Reading another account\'s job answers 404 with a different message ("belongs to another account") than an unknown jobId, revealing that the job exists.',
    how: 'Account A POSTs a job; account B GETs /api/auth/forecast-requests/{A\'s jobId} and a random uuid: the two 404 bodies differ.',
    onResponse(ctx, res) {
      const st = ctx.state;
      st.jobOwner = st.jobOwner || new Map();
      const b = J(res);
      if (isPost(ctx, '/api/auth/forecast-requests') && res.status >= 200 && res.status < 300 && b && b.jobId && ctx.apiKey) {
        st.jobOwner.set(String(b.jobId).toLowerCase(), ctx.apiKey);
        return;
      }
      const m = ctx.method === 'GET' && JOB_READ.exec(ctx.path);
      if (!m || res.status !== 404 || !b) return;
      const owner = st.jobOwner.get(decodeURIComponent(m[1]).toLowerCase());
      if (owner && owner !== ctx.apiKey) { b.message = 'This forecast request belongs to another account.'; res.touch(); }
    },
  },
  {
    name: 'targets_404_ticker_uppercased',
    pattern: 'g',
    section: 'Endpoints / GET /api/public/forecast-targets (free, no auth)',
    sentences: ['46e5d9d1b189'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'The 404 of forecast-targets echoes the unresolved reference upper-cased (normalised like a ticker) in its ticker field instead of as given.',
    how: 'GET /api/public/forecast-targets?ref=nothing-here: 404 with ticker "NOTHING-HERE".',
    onResponse(ctx, res) {
      const b = J(res);
      if (isGet(ctx, '/api/public/forecast-targets') && res.status === 404 && b && typeof b.ticker === 'string') { b.ticker = b.ticker.toUpperCase(); res.touch(); }
    },
  },
  {
    name: 'assets_material_only_drops_markets',
    pattern: 'g',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['509443b65376'],
    operations: ['GET /api/v1/assets/search'],
    what: 'With material_only=true, a qualifying asset\'s linked_markets keeps only its material markets (non-null odds or forecast), dropping its other active direct markets.',
    how: 'GET /api/v1/assets/search?material_only=true: no linked market has both market_odds and latest_service_probability null (fed-funds-rate lists fewer than its linked_market_count).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || ctx.query.get('material_only') !== 'true' || res.status !== 200 || !b || !Array.isArray(b.assets)) return;
      for (const a of b.assets) {
        if (Array.isArray(a.linked_markets)) a.linked_markets = a.linked_markets.filter((m) => m.market_odds !== null || m.latest_service_probability !== null);
      }
      res.touch();
    },
  },
  {
    name: 'profile_evidence_capped_20',
    pattern: 'g',
    section: 'Resources and their fields / Social-account profile (response of POST /api/v1/x/profile)',
    sentences: ['a6d974292235', '7c4a7fa21ce8'],
    operations: ['POST /api/v1/x/profile'],
    what: 'The profile\'s evidence array is capped at 20 entries while claims and observations still cite the older posts, so some cited post_ids do not resolve in evidence.',
    how: 'POST /api/v1/x/profile {"handle":"policy_pat"}: post_ids cited in interests/tendencies/observations that are missing from evidence.',
    onResponse(ctx, res) {
      const b = J(res);
      if (isPost(ctx, '/api/v1/x/profile') && res.status === 200 && b && Array.isArray(b.evidence) && b.evidence.length > 20) {
        b.evidence = b.evidence.slice(0, 20);
        res.touch();
      }
    },
  },
  {
    name: 'oil_stale_reading_missing_true',
    pattern: 'g',
    section: 'Resources and their fields / Crude-oil signal (GET /api/v1/signals/oil)',
    sentences: ['dad929685dc2'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'When the latest oil reading is stale (is_current false), reading_missing is true although reading is present.',
    how: 'POST /__control/oil {scope s, reading stale}; GET /api/v1/signals/oil?include_marks=false with X-Fault-Scope s: reading non-null and reading_missing true.',
    onResponse(ctx, res) {
      const b = J(res);
      if (isGet(ctx, '/api/v1/signals/oil') && res.status === 200 && b && b.reading && b.reading.is_current === false) {
        b.reading_missing = true;
        res.touch();
      }
    },
  },
  {
    name: 'forecast_history_crash_alias_missing',
    pattern: 'g',
    section: 'Versioning',
    sentences: ['e6f987f103ad'],
    operations: ['GET /api/v1/markets/{slug}/forecast'],
    what: 'In the stored-forecast read, history entries carry drawdown_risk_72h but no longer the former crash_risk alias (the current forecast still has both).',
    how: 'GET /api/v1/markets/will-russia-and-ukraine-sign-a-ceasefire-agreement-in-2026/forecast: history[] entries lack crash_risk.',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method === 'GET' && MARKET_FORECAST.test(ctx.path) && res.status === 200 && b && Array.isArray(b.history)) {
        for (const h of b.history) if (h && 'crash_risk' in h) delete h.crash_risk;
        res.touch();
      }
    },
  },
  {
    name: 'assets_platform_case_sensitive',
    pattern: 'g',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['bff123bc9b54'],
    operations: ['GET /api/v1/assets/search'],
    what: 'The platform filter of asset search compares case-sensitively, so platform=SEC keeps nothing while platform=sec keeps the SEC-identified companies.',
    how: 'GET /api/v1/assets/search?q=*&platform=SEC: assets [].',
    onResponse(ctx, res) {
      const b = J(res);
      const p = ctx.query.get('platform');
      if (!isGet(ctx, '/api/v1/assets/search') || !p || res.status !== 200 || !b || !Array.isArray(b.assets)) return;
      b.assets = b.assets.filter((a) => (a.identifiers || []).some((i) => i.platform === p));
      res.touch();
    },
  },
  {
    name: 'sources_articles_before_posts',
    pattern: 'g',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['97c793d9ab4a'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources lists all articles (newest first) and then all social posts (newest first) instead of one list ordered by published time.',
    how: 'GET /api/v1/sources?market_keys=venue_a:520224,venue_b:KXCPIYOY-26MAR-T2.8,venue_c:c-0a6ce36144&window=168: an x_post newer than articles placed after them.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200 || !b || !Array.isArray(b.sources)) return;
      b.sources = [...b.sources.filter((s) => s.type !== 'x_post'), ...b.sources.filter((s) => s.type === 'x_post')];
      res.touch();
    },
  },
  {
    name: 'markets_topic_tag_case_sensitive',
    pattern: 'g',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['408cd054a21e'],
    operations: ['GET /api/v1/markets'],
    what: 'topic matches categories case-insensitively but tags only in their exact case, so topic=CPI lists nothing while topic=cpi and topic=ECONOMICS work.',
    how: 'GET /api/v1/markets?topic=CPI: markets [] (topic=cpi has rows).',
    onResponse(ctx, res) {
      const b = J(res);
      const t = ctx.query.get('topic');
      if (!isGet(ctx, '/api/v1/markets') || !t || t === t.toLowerCase() || t.toLowerCase() === 'broker_a') return;
      if (res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      const lc = t.toLowerCase();
      const keep = (m) => (m.categories || []).some((c) => String(c).toLowerCase() === lc) || (m.tags || []).includes(t);
      const removed = b.markets.filter((m) => !keep(m));
      b.markets = b.markets.filter(keep);
      discountFacets(b, removed);
      res.touch();
    },
  },
  {
    name: 'forecast_truncated_flag_false',
    pattern: 'g',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['b13033fea198'],
    operations: ['GET /api/v1/markets/{slug}/forecast'],
    what: 'In the stored-forecast read, market.relationships.truncated is computed after capping (length > 50), so a category capped at 50 refs says false.',
    how: 'GET /api/v1/markets/will-the-fed-increase-interest-rates-by-25-bps-after-the-january-2026-fomc-meeting/forecast: relationships.markets has 50 refs and truncated.markets false.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!(ctx.method === 'GET' && MARKET_FORECAST.test(ctx.path)) || res.status !== 200 || !b || !b.market) return;
      const r = b.market.relationships;
      if (!r || !r.truncated) return;
      for (const k of ['assets', 'markets', 'signals']) if (Array.isArray(r[k])) r.truncated[k] = r[k].length > 50;
      res.touch();
    },
  },
  {
    name: 'assets_directory_drops_tickerless',
    pattern: 'g',
    section: 'Endpoints / Other operations referenced',
    sentences: ['da2ef9d953c4'],
    operations: ['GET /api/v1/assets'],
    what: 'The asset directory GET /api/v1/assets leaves out every Asset whose ticker is null (rates, indicators, private companies), so it is not the complete directory; asset search still finds them.',
    how: 'GET /api/v1/assets: 25 assets, none with ticker null, while GET /api/v1/assets/search?q=* lists 33 (fed-funds-rate, us-cpi, openai, ...).',
    onResponse(ctx, res) {
      const b = J(res);
      if (isGet(ctx, '/api/v1/assets') && res.status === 200 && b && Array.isArray(b.assets)) {
        b.assets = b.assets.filter((a) => a.ticker !== null);
        res.touch();
      }
    },
  },
  {
    name: 'profile_handle_at_15_refused',
    pattern: 'g',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['46f6b97839b5'],
    operations: ['POST /api/v1/x/profile'],
    what: 'A handle of 15 characters written with its leading "@" (16 in all) is refused with 422: the 15-character bound is applied to the string including "@".',
    how: 'POST /api/v1/x/profile {"handle":"@abcdefghijklmno"}: 422 (without "@" it is profiled).',
    onRequest(ctx) {
      if (!isPost(ctx, '/api/v1/x/profile')) return;
      const body = ctx.bodyJson();
      if (body && typeof body === 'object' && typeof body.handle === 'string' && /^@[A-Za-z0-9_]{15}$/.test(body.handle)) {
        body.handle = `${body.handle}_`;
        ctx.setBodyJson(body);
      }
    },
  },

  // ================================================================== round 2 (14 bugs, two per pattern)
  // ------------------------------------------------------------------ pattern a
  {
    name: 'stance_403_payment_required_code',
    round: 2,
    pattern: 'a',
    section: 'Errors',
    sentences: ['9897d53e523d'],
    operations: ['GET /api/v1/assets/stance'],
    what: 'When an API-key account cannot pay GET /api/v1/assets/stance, the 403 answer carries error "payment_required" (the 402 challenge code) instead of "insufficient_credits"; status, message and every other route are right.',
    how: 'Create an account with 5 credits; GET /api/v1/assets/stance?asset=btc with its key: 403 {"error":"payment_required",...}.',
    onResponse(ctx, res) {
      const b = J(res);
      if (isGet(ctx, '/api/v1/assets/stance') && res.status === 403 && b && b.error === 'insufficient_credits') { b.error = 'payment_required'; res.touch(); }
    },
  },
  {
    name: 'search_snapshot_freshness_verified',
    round: 2,
    pattern: 'a',
    section: 'Resources and their fields / Venue quote (VenueQuoteV1)',
    sentences: ['577dea61adea'],
    operations: ['GET /api/v1/markets/search'],
    what: 'In GET /api/v1/markets/search rows, the graph-snapshot quotes of venue_a_us and venue_c markets say freshness "verified" instead of "stale" (quote_method stays graph_snapshot); the market list, latest feed, mispriced list and asset search keep "stale".',
    how: 'GET /api/v1/markets/search?q=bitcoin: rows of venue venue_c or venue_a_us have venue_quote.freshness "verified".',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets/search') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      for (const m of b.markets) {
        const q = m && m.venue_quote;
        if (q && (m.venue === 'venue_a_us' || m.venue === 'venue_c') && q.quote_method === 'graph_snapshot' && q.freshness === 'stale') q.freshness = 'verified';
      }
      res.touch();
    },
  },

  // ------------------------------------------------------------------ pattern b
  {
    name: 'mispriced_topic_broker_a_ignored',
    round: 2,
    pattern: 'b',
    section: 'Endpoints / Other operations referenced',
    sentences: ['4e67c8fbf4ff'],
    operations: ['GET /api/v1/markets/mispriced'],
    what: 'GET /api/v1/markets/mispriced ignores the special value topic=broker_a (any case) and returns the whole mispriced list, broker-less rows included; the topic echo still says broker_a, and ordinary tag/category topics filter as before.',
    how: 'GET /api/v1/markets/mispriced?topic=broker_a: rows whose broker_channels is [] (venue_a, venue_c rows).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets/mispriced')) return;
      const t = ctx.query.get('topic');
      if (t && t.trim().toLowerCase() === 'broker_a') { ctx.origTopic = t; ctx.query.delete('topic'); }
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.origTopic !== undefined && res.status === 200 && b && typeof b === 'object') { b.topic = ctx.origTopic; res.touch(); }
    },
  },
  {
    name: 'signals_exclude_drawdown_active_only',
    round: 2,
    pattern: 'b',
    section: 'Endpoints / Other operations referenced',
    sentences: ['ed03cd5f7401'],
    operations: ['GET /api/v1/signals'],
    what: 'exclude_drawdown_risk=true removes elevated or unknown drawdown-risk rows only among status "active" signals: expired and withdrawn rows with drawdown_risk_elevated true (or null) stay in the filtered list.',
    how: 'GET /api/v1/signals?exclude_drawdown_risk=true: rows with drawdown_risk_elevated true whose status is expired or withdrawn.',
    onRequest(ctx) {
      if (isGet(ctx, '/api/v1/signals') && ctx.query.get('exclude_drawdown_risk') === 'true') { ctx.query.delete('exclude_drawdown_risk'); ctx.excludeDrawdown = true; }
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.excludeDrawdown || res.status !== 200 || !b || !Array.isArray(b.signals)) return;
      b.signals = b.signals.filter((s) => s.status !== 'active' || s.drawdown_risk_elevated === false);
      if (typeof b.count === 'number') b.count = b.signals.length;
      res.touch();
    },
  },

  // ------------------------------------------------------------------ pattern c
  {
    name: 'targets_bare_numeric_ref_as_venue_a',
    round: 2,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-targets (free, no auth)',
    sentences: ['e8ad531b4f00'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'A bare all-digit ref is read as a venue_a numeric market id instead of a venue_b ticker: ref=1000503 answers 200 with the venue_a target (input echoed as given) where no venue_b ticker matches and 404 is due; other bare refs, URLs and marketKeys are right.',
    how: 'GET /api/public/forecast-targets?ref=1000503: 200 with venue venue_a (the reference answers 404 not_found, ticker "1000503").',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-targets')) return;
      const ref = ctx.query.get('ref');
      if (ref && /^\d{1,20}$/.test(ref)) { ctx.origRef = ref; ctx.query.set('ref', `venue_a:${ref}`); }
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.origRef === undefined || !b) return;
      const sub = `venue_a:${ctx.origRef}`;
      if (b.input === sub) b.input = ctx.origRef;
      if (b.ticker === sub) b.ticker = ctx.origRef;
      if (typeof b.message === 'string') b.message = b.message.split(sub).join(ctx.origRef);
      res.touch();
    },
  },
  {
    name: 'assets_q_identifier_zeros_stripped',
    round: 2,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['b4b8a0ad2039'],
    operations: ['GET /api/v1/assets/search'],
    what: 'An all-digit q with leading zeros (an SEC CIK such as 0000320193) is normalised as a number before matching, so the platform identifier finds nothing; the query echo keeps the given string, and ISIN, FRED, ticker and name queries work.',
    how: 'GET /api/v1/assets/search?q=0000320193: assets [] (the reference returns aapl, matched on identifiers).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search')) return;
      const q = ctx.query.get('q');
      if (q && /^0+[1-9]\d*$/.test(q)) { ctx.origQ = q; ctx.query.set('q', q.replace(/^0+/, '')); }
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.origQ !== undefined && res.status === 200 && b && 'query' in b) { b.query = ctx.origQ; res.touch(); }
    },
  },

  // ------------------------------------------------------------------ pattern d
  {
    name: 'assets_directory_debit_10',
    round: 2,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['abb3d4e3e2ad'],
    operations: ['GET /api/v1/assets'],
    what: 'An API-key call of the asset directory GET /api/v1/assets debits 10 credits ($0.01, the asset-search price) instead of 5 ($0.005); its 402 challenge (5000 units) and the pricing answer still say $0.005.',
    how: 'Read an account balance, GET /api/v1/assets with its key (200), read again: 10 credits less instead of 5.',
    async onResponse(ctx, res) {
      if (isGet(ctx, '/api/v1/assets') && res.status === 200 && ctx.apiKey && !ctx.headers['payment-signature']) await ctx.charge(5);
    },
  },
  {
    name: 'markets_default_forecast_age_24',
    round: 2,
    pattern: 'd',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['fb6a3786da57'],
    operations: ['GET /api/v1/markets'],
    what: 'Without max_forecast_age, GET /api/v1/markets windows forecast_count and latest_forecast_at (and the in-window listing) on 24 hours instead of the documented default 48; an explicit max_forecast_age=48 is right.',
    how: 'GET /api/v1/markets and GET /api/v1/markets?max_forecast_age=48: markets whose latest forecast is 24-48 h old have forecast_count 0 / latest_forecast_at null (or are missing) in the first answer only.',
    onRequest(ctx) {
      if (isGet(ctx, '/api/v1/markets') && !ctx.query.has('max_forecast_age')) ctx.query.set('max_forecast_age', '24');
    },
  },

  // ------------------------------------------------------------------ pattern e
  {
    name: 'generation_daily_crypto_excluded',
    round: 2,
    pattern: 'e',
    section: 'What the service does',
    sentences: ['e9a5f80cb102'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'POST /api/auth/forecast-requests refuses daily-close crypto up/down markets with 422 forecast_topic_excluded (reason crypto_up_down), drawing the horizon line at one day instead of at the hourly settle; fifteen-minute and hourly ones are refused as they should, and forecast-availability still reports the daily ones in scope.',
    how: 'POST /api/auth/forecast-requests {"kind":"venue_market","venue":"venue_c","market_id":"c-c6152ae925"} (Idempotency-Key, API key): 422 forecast_topic_excluded; the reference accepts it (202).',
    async onRequest(ctx) {
      if (!isPost(ctx, '/api/auth/forecast-requests')) return;
      const body = ctx.bodyJson();
      if (!body || typeof body !== 'object' || body.kind !== 'venue_market' || typeof body.venue !== 'string' || typeof body.market_id !== 'string') return;
      const key = `${body.venue}:${body.market_id}`;
      const av = await freeGet(ctx, `/api/public/forecast-availability?market_key=${encodeURIComponent(key)}`);
      if (!av || av.tracked !== true || av.excluded !== null || !DAILY_UP_DOWN.test(String(av.question || ''))) return;
      // Let the reference run its own checks (key, quota, credits, idempotency) on a short-horizon twin of the same venue,
      // so that only the topic verdict differs; fall back to answering directly.
      const twin = await shortHorizonTwin(ctx, body.venue);
      if (twin) {
        ctx.dailyTwin = { key, twin: `${body.venue}:${twin}` };
        ctx.setBodyJson({ ...body, market_id: twin });
        return;
      }
      if (!ctx.apiKey) return;
      return ctx.reply(422, { error: 'forecast_topic_excluded', message: `${key} is out of scope (crypto_up_down): sports outcomes, mention markets and short-horizon crypto up/down markets are never forecast` });
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.dailyTwin || !b) return;
      const { key, twin } = ctx.dailyTwin;
      if (typeof b.message === 'string') b.message = b.message.split(twin).join(key);
      res.touch();
    },
  },
  {
    name: 'standard_day_resets_0100_utc',
    round: 2,
    pattern: 'e',
    section: 'Limits',
    sentences: ['db986177c205'],
    operations: ['GET /api/v1/assets', 'GET /api/v1/markets', 'GET /api/v1/markets/search', 'POST /api/auth/forecast-requests'],
    what: 'The standard scope\'s daily quota (20,000 per UTC day) rolls over at 01:00 UTC instead of 00:00 UTC: an account that exhausted it keeps getting 429 standard-day during the first hour of the next UTC day, and day-limit 429s advertise Retry-After up to 01:00 UTC (3600 s more than the UTC midnight); the social-research scope and the per-second/per-minute windows are right.',
    how: 'POST /__control/limits/usage {scope standard, window day, count 20000, accountId}; GET /api/v1/assets with its key (429); POST /__control/clock to 30 s after the next UTC midnight; GET /api/v1/assets again: 429 with Retry-After about 3570 (the reference answers 200).',
    async onRequest(ctx) {
      const st = dayState(ctx);
      const key = ctx.apiKey;
      if (!key || !st.out.has(key) || !isStandardRoute(ctx)) return;
      const now = await ctx.stubNow();
      const d = Math.floor(now / DAY_MS);
      const od = st.out.get(key);
      if (d === od + 1 && now - d * DAY_MS < HOUR_MS) {
        const s = Math.max(1, Math.ceil((d * DAY_MS + HOUR_MS - now) / 1000));
        ctx.dayReplied = true;
        return ctx.reply(429, {
          error: 'rate_limited',
          message: `Too many requests: the standard scope's daily limit is exceeded; retry after ${s} s`,
          retry_after: s,
          limit_scope: 'standard',
        }, { 'retry-after': String(s), 'ratelimit-policy': STD_POLICY, ratelimit: `"standard-day";r=0;t=${s}` });
      }
      if (d > od) st.out.delete(key);
    },
    async onResponse(ctx, res) {
      const st = dayState(ctx);
      const b = J(res);
      if (ctx.method === 'POST' && ctx.path === '/__control/reset' && res.status < 300) { st.out.clear(); return; }
      if (ctx.method === 'POST' && ctx.path === '/__control/accounts' && res.status === 201 && b && b.apiKey && b.accountId) {
        keysOf(st, b.accountId).add(b.apiKey);
        return;
      }
      if (ctx.method === 'POST' && ctx.path === '/__control/limits/usage' && res.status === 200 && b) {
        const q = ctx.bodyJson() || {};
        if (q.scope !== 'standard' || q.window !== 'day' || !q.accountId) return;
        const now = await ctx.stubNow();
        for (const k of keysOf(st, q.accountId)) {
          if (typeof b.bound === 'number' && Number(q.count) >= b.bound) st.out.set(k, Math.floor(now / DAY_MS));
          else st.out.delete(k);
        }
        return;
      }
      if (ctx.dayReplied || res.status !== 429 || !b || b.limit_scope !== 'standard' || !/standard-day/.test(String(res.headers.ratelimit || ''))) return;
      const now = await ctx.stubNow();
      if (ctx.apiKey) st.out.set(ctx.apiKey, Math.floor(now / DAY_MS));
      // the buggy day ends at 01:00 UTC: every day-limit wait is one hour longer
      const ra = Number(res.headers['retry-after']);
      if (Number.isFinite(ra)) res.headers['retry-after'] = String(ra + 3600);
      if (typeof b.retry_after === 'number') b.retry_after += 3600;
      if (typeof b.message === 'string') b.message = b.message.replace(/retry after (\d+) s/, (_m, n) => `retry after ${Number(n) + 3600} s`);
      if (typeof res.headers.ratelimit === 'string') res.headers.ratelimit = res.headers.ratelimit.replace(/("standard-day";r=\d+;t=)(\d+)/, (_m, p, n) => `${p}${Number(n) + 3600}`);
      res.touch();
    },
  },

  // ------------------------------------------------------------------ pattern f
  {
    name: 'generation_404_billed',
    round: 2,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'A generation request for a market the venue does not have answers 404 not_found and keeps its 1000-credit ($1.00) debit; the 422 refusals (topic excluded, multi-contract event) are refunded as before.',
    how: 'POST /api/auth/forecast-requests {"kind":"venue_market","venue":"venue_b","market_id":"NOPE-1"} (Idempotency-Key, API key): 404 and the balance is 1000 credits lower.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (isPost(ctx, '/api/auth/forecast-requests') && res.status === 404 && b && b.error === 'not_found' && ctx.apiKey) await ctx.charge(1000);
    },
  },
  {
    name: 'xsearch_502_billed',
    round: 2,
    pattern: 'f',
    section: 'Errors',
    sentences: ['5a78e9e6f3f1', '0c14253e0dc5'],
    operations: ['POST /api/v1/x/search'],
    what: 'When POST /api/v1/x/search answers 502 (social search unavailable or not executed), the 500-credit ($0.50) debit is kept; 502s of other routes, and the x/profile 502, are refunded.',
    how: 'POST /__control/faults {method POST, path /api/v1/x/search, status 502, times 1, scope s}; POST /api/v1/x/search {"query":"fed"} with X-Fault-Scope s and an API key: 502 and 500 credits gone.',
    async onResponse(ctx, res) {
      if (isPost(ctx, '/api/v1/x/search') && res.status === 502 && ctx.apiKey) await ctx.charge(500);
    },
  },

  // ------------------------------------------------------------------ pattern g
  {
    name: 'oil_perp_venue_b_down_not_degraded',
    round: 2,
    pattern: 'g',
    section: 'Resources and their fields / Crude-oil signal (GET /api/v1/signals/oil)',
    sentences: ['03bc51cf5e0d'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'When only the perp_venue_b mark could not be fetched (marks.perp_venue_b null) the oil answer says degraded false; a failed venue_a_perps mark still gives degraded true.',
    how: 'POST /__control/oil {scope s, reading current, marksDown ["perp_venue_b"]}; GET /api/v1/signals/oil with X-Fault-Scope s: marks.perp_venue_b null and degraded false.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status !== 200 || !b || !b.marks) return;
      if (b.marks.perp_venue_b === null && b.marks.venue_a_perps && b.degraded === true) { b.degraded = false; res.touch(); }
    },
  },
  {
    name: 'signals_last_updated_oldest',
    round: 2,
    pattern: 'g',
    section: 'Endpoints / GET /api/v1/markets/{slug}/signals ($0.01)',
    sentences: ['fc87e709e32f'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'last_updated of GET /api/v1/markets/{slug}/signals is the publication time of the oldest returned article (the last of the newest-first list) instead of the newest one\'s; answers with a single article are right.',
    how: 'GET /api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b: last_updated equals signals[signals.length-1].published_at, days before signals[0].published_at.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!(ctx.method === 'GET' && MARKET_SIGNALS.test(ctx.path)) || res.status !== 200 || !b || !Array.isArray(b.signals) || b.signals.length < 2) return;
      const oldest = b.signals[b.signals.length - 1];
      if (oldest && typeof oldest.published_at === 'string') { b.last_updated = oldest.published_at; res.touch(); }
    },
  },

  // ================================================================== round 3 (b): patterns e, f, g
  // ------------------------------------------------------------------ pattern e
  {
    name: 'sources_x_post_windowed_on_published',
    round: 3,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['75323952ae04'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources windows social posts on their published time instead of when they were last seen as relevant: a re-sighted x_post published before the window start is left out although it was sighted inside the window; articles and fresh posts are right.',
    how: 'GET /api/v1/latest?hours=6&types=x_post lists an x_post sighted inside the window; GET /api/v1/sources?market_keys=<its marketKey>&window=6&types=x_post lacks that post (its url), because it was published more than 6 h ago (the reference lists it).',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200 || !b || !Array.isArray(b.sources)) return;
      const w = ctx.query.has('window') ? Number(ctx.query.get('window')) : 48;
      if (!Number.isFinite(w) || w < 1) return;
      const cutoff = (await ctx.stubNow()) - w * HOUR_MS;
      const kept = b.sources.filter((s) => !(s && s.type === 'x_post' && Date.parse(s.published_at) < cutoff));
      if (kept.length !== b.sources.length) { b.sources = kept; res.touch(); }
    },
  },
  {
    name: 'latest_window_oldest_quarter_hour_dropped',
    round: 3,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/latest ($0.02)',
    sentences: ['445529a3d214'],
    operations: ['GET /api/v1/latest'],
    what: 'GET /api/v1/latest leaves out the events of the oldest 15 minutes of its window (occurred_at in [window.since, window.since + 15 min)); window.since, window.hours and count (recounted) still look right, and every returned event lies inside the window.',
    how: 'GET /api/v1/latest?hours=3 and GET /api/v1/latest?hours=4: events of the 4-hour answer with occurred_at between the 3-hour answer\'s window.since and 15 minutes later are missing from the 3-hour answer.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events) || !b.window) return;
      const since = Date.parse(b.window.since);
      if (Number.isNaN(since)) return;
      const edge = since + 15 * 60_000;
      b.events = b.events.filter((e) => !(e && Date.parse(e.occurred_at) < edge));
      if (typeof b.count === 'number') b.count = b.events.length;
      res.touch();
    },
  },

  // ------------------------------------------------------------------ pattern f
  {
    name: 'profile_502_provider_down_billed',
    round: 3,
    pattern: 'f',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['0c5c54e9a2ab'],
    operations: ['POST /api/v1/x/profile'],
    what: 'When POST /api/v1/x/profile answers 502 (search provider unavailable or not run), the 1000-credit ($1.00) debit is kept; its 404 insufficient_post_history and the x/search 502 are refunded.',
    how: 'POST /__control/faults {method POST, path /api/v1/x/profile, status 502, times 1, scope s}; POST /api/v1/x/profile {"handle":"policy_pat"} with X-Fault-Scope s and an API key: 502 and the balance is 1000 credits lower.',
    async onResponse(ctx, res) {
      if (isPost(ctx, '/api/v1/x/profile') && res.status === 502 && ctx.apiKey && !ctx.headers['payment-signature']) await ctx.charge(1000);
    },
  },
  {
    name: 'oil_spacing_429_billed',
    round: 3,
    pattern: 'f',
    section: 'Limits',
    sentences: ['c62df283b618'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'A 429 of GET /api/v1/signals/oil from its own oil scope (start spacing or in-flight limit) debits the route\'s 10 credits; the 429 itself (headers, body) is right, and standard-scope 429s debit nothing.',
    how: 'GET /api/v1/signals/oil?include_marks=false twice in a row with an API key: the second answers 429 (limit_scope oil) and the balance drops by 10 credits across it.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (isGet(ctx, '/api/v1/signals/oil') && res.status === 429 && b && b.limit_scope === 'oil' && ctx.apiKey && !ctx.headers['payment-signature']) await ctx.charge(10);
    },
  },

  // ------------------------------------------------------------------ pattern g
  {
    name: 'search_venue_a_us_service_id_bare',
    round: 3,
    pattern: 'g',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['631d0954f278'],
    operations: ['GET /api/v1/markets/search'],
    what: 'In GET /api/v1/markets/search rows, venue_a_us markets carry a bare numeric serviceMarketId (their native id, the legacy venue_a form) instead of the venue-prefixed venue_a_us:<id>; serviceUrl is built from it consistently, so it points at /markets/<id>. Other venues and other routes are right.',
    how: 'GET /api/v1/markets/search?q=bitcoin: rows with venue venue_a_us have serviceMarketId equal to nativeMarketId (e.g. "27490084") and serviceUrl {site}/markets/27490084.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets/search') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      for (const m of b.markets) {
        if (!m || m.venue !== 'venue_a_us' || typeof m.nativeMarketId !== 'string' || !/^\d+$/.test(m.nativeMarketId)) continue;
        const old = m.serviceMarketId;
        if (old !== `venue_a_us:${m.nativeMarketId}`) continue;
        m.serviceMarketId = m.nativeMarketId;
        if (typeof m.serviceUrl === 'string') m.serviceUrl = m.serviceUrl.split(encodeURIComponent(old)).join(encodeURIComponent(m.nativeMarketId));
      }
      res.touch();
    },
  },
  {
    name: 'availability_venue_c_stored_generation_offered',
    round: 3,
    pattern: 'g',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['4035ad11af64'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'For venue_c markets that already have a stored forecast, forecast-availability gives the read pointer and also a ready generation body (generation non-null); venue_a, venue_a_us and venue_b markets with a forecast have generation null.',
    how: 'GET /api/public/forecast-availability?market_key=venue_c:c-0a6ce36144: available true, read non-null and generation {method POST, endpoint /api/auth/forecast-requests, ...}.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b) return;
      const m = b.market;
      if (!m || m.venue !== 'venue_c' || b.available !== true || !b.read || b.generation !== null || b.excluded) return;
      b.generation = {
        method: 'POST',
        endpoint: '/api/auth/forecast-requests',
        authentication: { type: 'header', name: 'x-service-api-key' },
        idempotencyKeyRequired: true,
        body: { kind: 'venue_market', venue: m.venue, market_id: m.nativeMarketId },
      };
      res.touch();
    },
  },
  {
    name: 'assets_references_echo_not_deduplicated',
    round: 3,
    pattern: 'g',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['9f1c2783f6b4'],
    operations: ['GET /api/v1/assets/search'],
    what: 'The references echo of GET /api/v1/assets/search lists every reference parameter as given, repeats included, instead of the deduplicated list; the matched assets are right (each once).',
    how: 'GET /api/v1/assets/search?reference=btc&reference=btc&reference=aapl: references ["btc","btc","aapl"] (the reference answers ["btc","aapl"]).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !b || !Array.isArray(b.references)) return;
      const given = ctx.query.getAll('reference');
      const echoed = new Set(b.references);
      if (given.length > b.references.length && given.every((r) => echoed.has(r))) { b.references = given; res.touch(); }
    },
  },
  // ================================================================== round 3 (a): patterns a, b, c, d, two each
  // ------------------------------------------------------------------ pattern a
  {
    name: 'targets_api_key_call_billed',
    round: 3,
    pattern: 'a',
    section: 'What the service does',
    sentences: ['c7ff4a82bfc4'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'A successful GET /api/public/forecast-targets that carries an x-service-api-key header debits 10 credits from that key\'s account, as if the free lookup were a $0.01 paid read; calls without a key (the documented way) cost nothing, and forecast-availability stays free with or without a key.',
    how: 'Read an account balance, GET /api/public/forecast-targets?ref=venue_a:1000503 with its key (200), read again: 10 credits less.',
    async onResponse(ctx, res) {
      if (isGet(ctx, '/api/public/forecast-targets') && res.status === 200 && ctx.apiKey) await ctx.charge(10);
    },
  },
  {
    name: 'signals_invalid_key_402',
    round: 3,
    pattern: 'a',
    section: 'Errors',
    sentences: ['9ce82331b2dd'],
    operations: ['GET /api/v1/signals'],
    what: 'GET /api/v1/signals with an invalid x-service-api-key treats the key as absent and answers the 402 x402 challenge (payment_required, PAYMENT-REQUIRED header) instead of 401 invalid_api_key; every other paid route answers 401.',
    how: 'GET /api/v1/signals with x-service-api-key: not-a-key: 402 payment_required (GET /api/v1/markets/mispriced with the same header: 401 invalid_api_key).',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/signals') || res.status !== 401 || !b || b.error !== 'invalid_api_key') return;
      const headers = { ...ctx.headers };
      delete headers['x-service-api-key'];
      const r = await ctx.upstream({ method: 'GET', url: ctx.url, headers });
      return r.status === 402 ? r : undefined;
    },
  },

  // ------------------------------------------------------------------ pattern b
  {
    name: 'sources_markets_last_slug_dropped',
    round: 3,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['01bbf8aeefdb'],
    operations: ['GET /api/v1/sources'],
    what: 'When GET /api/v1/sources is given two or more comma-separated slugs in markets, the last slug is dropped (an off-by-one slice), so that market\'s articles and posts are silently missing; one slug alone, and any market_keys list, work.',
    how: 'GET /api/v1/sources?markets=will-the-fed-increase-interest-rates-by-25-bps-after-the-january-2026-fomc-meeting,will-us-unemployment-reach-5-in-2026&window=168: no item has market_slug will-us-unemployment-reach-5-in-2026 (alone, that slug has 7 articles).',
    onResponse(ctx, res) {
      // filtered on the answer (not by rewriting the query), so the x402 resource URL stays the client's own
      const b = J(res);
      if (!isGet(ctx, '/api/v1/sources') || !ctx.query.has('markets') || res.status !== 200 || !b || !Array.isArray(b.sources)) return;
      const list = listParam(ctx.query.get('markets'));
      if (list.length < 2 || list.length > 10) return;
      const last = list[list.length - 1].toLowerCase();
      if (list.slice(0, -1).some((x) => x.toLowerCase() === last)) return;
      b.sources = b.sources.filter((x) => String(x.market_slug || '').toLowerCase() !== last);
      res.touch();
    },
  },
  {
    name: 'assets_asset_type_dropped_with_platform',
    round: 3,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['4a6c5a6a8ef5'],
    operations: ['GET /api/v1/assets/search'],
    what: 'GET /api/v1/assets/search ignores asset_type when platform is also given, so the answer keeps every asset of the platform namespace whatever its type; asset_type alone, and platform alone, filter as documented (API-key calls; x402 calls are left correct).',
    how: 'GET /api/v1/assets/search?q=*&platform=fred&asset_type=commodity: ten assets (fed-funds-rate, us-cpi, spx, ...) instead of crude-wti, brent and natgas.',
    onRequest(ctx) {
      // API-key calls only: rewriting the query of an x402 call would change the resource its payment is signed for
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (ctx.query.get('platform') && ctx.query.has('asset_type')) ctx.query.delete('asset_type');
    },
  },

  // ------------------------------------------------------------------ pattern c
  {
    name: 'generation_decimal_ticker_refused',
    round: 3,
    pattern: 'c',
    section: 'Resources and their fields / Generation body (VenueMarketForecastRequest)',
    sentences: ['1074a9aaeecf', '59ffa906dc6b'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'POST /api/auth/forecast-requests validates market_id against [A-Za-z0-9_-] and refuses venue_b tickers with a decimal strike (KXFED-26APR-T3.75) with 422 invalid_request, although such a ticker is a venue_b ticker and forecast-availability hands out exactly that body; tickers without a dot and venue_a numeric ids are accepted.',
    how: 'POST /api/auth/forecast-requests {"kind":"venue_market","venue":"venue_b","market_id":"KXFED-26APR-T3.75"} (Idempotency-Key, API key): 422 invalid_request (the reference answers 202 with a jobId).',
    onRequest(ctx) {
      if (!isPost(ctx, '/api/auth/forecast-requests')) return;
      const body = ctx.bodyJson();
      if (!body || typeof body !== 'object' || typeof body.market_id !== 'string' || !/^[A-Za-z0-9_-]*\.[A-Za-z0-9_.-]*$/.test(body.market_id)) return;
      // an empty market_id lets the reference run its own key, entitlement and body checks in their order, then refuse
      ctx.dotTicker = body.market_id;
      ctx.setBodyJson({ ...body, market_id: '' });
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.dotTicker === undefined || res.status !== 422 || !b || b.error !== 'invalid_request') return;
      b.message = `market_id "${ctx.dotTicker}" must be 1..512 characters of A-Z, a-z, 0-9, "_" and "-"`;
      res.touch();
    },
  },
  {
    name: 'availability_condition_id_untracked',
    round: 3,
    pattern: 'c',
    section: 'Resources and their fields / Venue key (enum)',
    sentences: ['9be37d64aecd'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'GET /api/public/forecast-availability looks a venue_a condition id (0x + 64 hex) given as slug without venue up in the venue_a_us namespace instead of venue_a, so a covered venue_a market answers tracked false with every field null; ordinary slugs, market_key and market_id with venue_a work.',
    how: 'GET /api/public/forecast-availability?slug=0x3d196a4ffab05533961ed69736811ac1f4312be7004e08d1d9665700c6b4cdea (condition_id of venue_a:520224 in the latest feed): tracked false, market null (the reference resolves venue_a:520224).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-availability') || ctx.query.has('venue')) return;
      const s = ctx.query.get('slug');
      if (s && /^0x[0-9a-fA-F]{64}$/.test(s)) ctx.query.set('venue', 'venue_a_us');
    },
  },

  // ------------------------------------------------------------------ pattern d
  {
    name: 'assets_reference_cap_49',
    round: 3,
    pattern: 'd',
    section: 'Limits',
    sentences: ['e58a35b4d66f'],
    operations: ['GET /api/v1/assets/search'],
    what: 'GET /api/v1/assets/search refuses exactly 50 reference values with 422 (the cap is checked as >= 50), although "reference at most 50 items" allows 50; 49 and fewer work, 51 is refused as it should be (API-key calls; x402 calls are left correct).',
    how: 'GET /api/v1/assets/search with 50 reference parameters (btc, aapl and 48 others): 422 invalid_request "reference allows at most 50 values" (the reference answers 200).',
    onRequest(ctx) {
      // API-key calls only (an x402 call's query is part of the resource its payment is signed for)
      if (isGet(ctx, '/api/v1/assets/search') && ctx.apiKey && !ctx.headers['payment-signature'] && ctx.query.getAll('reference').length === 50) {
        ctx.query.append('reference', 'cap-check-extra'); // the reference itself then refuses, with its own 422 body
      }
    },
  },
  {
    name: 'sources_credit_check_10',
    round: 3,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['6d0b797a1b12', '1298c54a809b'],
    operations: ['GET /api/v1/sources'],
    what: 'The API-key credit check of GET /api/v1/sources requires 10 credits ($0.01) instead of the 5 the $0.005 route costs: an account holding 5 to 9 credits gets 403 insufficient_credits, and every such 403 says "This call costs 10 credits", while the debit itself, the 402 challenge and the pricing answer use 5.',
    how: 'Create an account with 5 credits; GET /api/v1/sources?market_keys=venue_a:520224 with its key: 403 insufficient_credits and the balance stays 5 (the reference answers 200 and the balance is 0).',
    onRequest(ctx) {
      if (isGet(ctx, '/api/v1/sources') && ctx.apiKey && !ctx.headers['payment-signature']) ctx.srcCheck = true;
    },
    async onResponse(ctx, res) {
      learnAccounts(ctx, res);
      if (!ctx.srcCheck) return;
      const e = J(res);
      if (res.status === 403 && e && e.error === 'insufficient_credits' && typeof e.message === 'string') {
        e.message = e.message.replace(/costs 5 credits/, 'costs 10 credits');
        res.touch();
        return;
      }
      if (res.status !== 200) return;
      // the reference has just debited 5; undo it if the balance before the call was under 10 credits
      const acct = await accountOf(ctx);
      if (!acct) return;
      const r = await ctx.control('GET', `/__control/accounts/${encodeURIComponent(acct)}`);
      if (!r || r.status !== 200 || !r.json || typeof r.json.credits !== 'number') return;
      const before = r.json.credits + 5;
      if (before >= 10) return;
      if (!(await ctx.charge(-5))) return;
      return ctx.reply(403, { error: 'insufficient_credits', message: `This call costs 10 credits; the account holds ${before}` });
    },
  },

  // ==================================================================== round 4 (b): patterns e, f and g
  // ------------------------------------------------------------------ pattern e (round 4 b)
  {
    name: 'signals_evidence_cache_15min',
    round: 4,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/markets/{slug}/signals ($0.01)',
    sentences: ['1dc66abd12f3'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'GET /api/v1/markets/{slug}/signals answers from an evidence list that is up to 15 minutes stale: articles correlated to the market in the last 15 minutes (correlated_at within 15 min of the service clock) are missing, while total and last_updated are recounted from what is returned; the latest feed already lists those article events. A market whose evidence is all that recent is answered in full (cache miss).',
    how: 'GET /api/v1/latest?hours=6&types=article: take the newest article events (occurred_at a minute or so before as_of on a fresh stub); GET /api/v1/markets/{market.slug}/signals?venue={market.venue}: the article id is not among signals[].id (the reference lists it first).',
    async onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !MARKET_SIGNALS.test(ctx.path) || res.status !== 200 || !b || !Array.isArray(b.signals)) return;
      const now = await ctx.stubNow();
      const fresh = (s) => { const t = Date.parse(s && s.correlated_at); return Number.isFinite(t) && t > now - 15 * 60_000; };
      const kept = b.signals.filter((s) => !fresh(s));
      if (kept.length === b.signals.length || kept.length === 0) return;
      const first = b.signals[0];
      let lu = null;
      if (first && b.last_updated === first.correlated_at) lu = kept[0].correlated_at;
      else lu = kept.map((s) => s.published_at).filter(Boolean).sort().pop() || null;
      b.signals = kept;
      if (typeof b.total === 'number') b.total = kept.length;
      b.last_updated = lu;
      res.touch();
    },
  },
  {
    name: 'x_research_minute_lockout_from_rejection',
    round: 4,
    pattern: 'e',
    section: 'Limits',
    sentences: ['d52fce9a3b8f', 'a8500226c2fd'],
    operations: ['POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'After a per-minute 429 of the social-research scope, the API key is locked out of /x/search and /x/profile for a full 60 s counted from that rejection (a penalty box), instead of until its oldest admission leaves the sliding minute: a client that honours a Retry-After shorter than 60 s (the window was already partly elapsed) gets 429 again, with Retry-After pointing at rejection + 60 s. A rejection at the moment the window filled (Retry-After 60) ends at the same time as the true window, so the usual fill-then-wait-61-s test passes.',
    how: 'Fill an account\'s x_research minute window (POST /__control/limits/usage count 60); advance the clock 30 s; POST /api/v1/x/search with its key: 429, Retry-After 30; advance the clock 31 s; POST /api/v1/x/search again: 429 (Retry-After 29) instead of 200.',
    async onRequest(ctx) {
      if (ctx.method !== 'POST' || !PRICE[ctx.path] || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const box = ctx.state.r4bLockout && ctx.state.r4bLockout.get(ctx.apiKey);
      if (!box) return;
      const now = await ctx.stubNow();
      const left = Math.ceil((box.at + 60_000 - now) / 1000);
      if (left <= 0 || left > 60) { ctx.state.r4bLockout.delete(ctx.apiKey); return; } // over, or the clock was reset
      const headers = { ...box.headers, 'retry-after': String(left) };
      if (typeof headers.ratelimit === 'string') headers.ratelimit = headers.ratelimit.replace(/t=\d+/, `t=${left}`);
      return ctx.reply(429, { ...box.body, message: `Too many requests: the x_research scope's per-minute limit is exceeded; retry after ${left} s`, retry_after: left }, headers);
    },
    async onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'POST' || !PRICE[ctx.path] || !ctx.apiKey || res.status !== 429 || !b || b.limit_scope !== 'x_research') return;
      const minute = /per-minute/.test(String(b.message || '')) || /x_research-minute/.test(String(res.headers.ratelimit || ''));
      if (!minute) return;
      ctx.state.r4bLockout = ctx.state.r4bLockout || new Map();
      if (ctx.state.r4bLockout.has(ctx.apiKey)) return; // the box runs from the first rejection
      const headers = {};
      for (const k of ['ratelimit-policy', 'ratelimit', 'x-quotient-max-concurrent']) if (res.headers[k] !== undefined) headers[k] = res.headers[k];
      ctx.state.r4bLockout.set(ctx.apiKey, { at: await ctx.stubNow(), headers, body: { ...b } });
    },
  },

  // ------------------------------------------------------------------ pattern f (round 4 b)
  {
    name: 'stance_404_unknown_asset_billed',
    round: 4,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/assets/stance'],
    what: 'The 404 not_found of GET /api/v1/assets/stance for an asset that does not exist keeps its 10-credit debit on API-key accounts (the stance handler returns its not-found as a result, past the refund hook); the 422 for a missing asset and every other route\'s 404 are refunded.',
    how: 'GET /api/v1/assets/stance?asset=no-such-asset with an API key: 404 not_found and the balance is 10 credits lower (the reference debits and refunds).',
    async onResponse(ctx, res) {
      if (isGet(ctx, '/api/v1/assets/stance') && res.status === 404 && ctx.apiKey && !ctx.headers['payment-signature']) await ctx.charge(10);
    },
  },
  {
    name: 'ip_guard_429_billed',
    round: 4,
    pattern: 'f',
    section: 'Limits',
    sentences: ['c62df283b618', '4fc78605712d'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/markets/search', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast', 'POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'A 429 from the secondary per-IP guard (limit_scope ip_guard) on an API-key call debits the route\'s price, as if the guard ran after the customer debit and its rejection never reached the refund hook; 429s of the customer scopes (standard, x_research) and of the oil route debit nothing.',
    how: 'Fill the caller address\'s ip_guard minute window (POST /__control/limits/usage scope ip_guard window minute count 1200); GET /api/v1/assets/search?q=btc with an API key: 429 limit_scope ip_guard and the balance is 10 credits lower. Clear the window afterwards (count 0).',
    async onResponse(ctx, res) {
      const b = J(res);
      if (res.status !== 429 || !b || b.limit_scope !== 'ip_guard' || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const price = r4bRoutePrice(ctx);
      if (price) await ctx.charge(price);
    },
  },

  // ------------------------------------------------------------------ pattern g (round 4 b)
  {
    name: 'availability_latest_forecast_probability',
    round: 4,
    pattern: 'g',
    section: 'Resources and their fields / Availability latestForecast',
    sentences: ['d20a128ec045', 'b4c97ee5ce7d'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'For venue_b markets with a stored forecast, the free forecast-availability answer\'s latestForecast carries the forecast\'s probability (the real one, as the paid read gives it) next to id, createdAt and relationships: the free lookup leaks what only the paid read should give. venue_a, venue_a_us and venue_c answers keep existence metadata only.',
    how: 'GET /api/public/forecast-availability?market_key=venue_b:KXCPIYOY-26MAR-T2.4: latestForecast has a probability member (0.8761 on the seeded data).',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b) return;
      const lf = b.latestForecast;
      if (!lf || typeof lf !== 'object' || !b.market || b.market.venue !== 'venue_b' || !b.read || typeof b.read.endpoint !== 'string') return;
      const p = await r4bStoredProbability(ctx, b.read.endpoint, lf.id);
      if (typeof p !== 'number') return;
      b.latestForecast = { id: lf.id, createdAt: lf.createdAt, probability: p, relationships: lf.relationships };
      res.touch();
    },
  },
  {
    name: 'job_status_view_forecast_ids_empty',
    round: 4,
    pattern: 'g',
    section: 'Endpoints / GET /api/auth/forecast-requests/{jobId} (free, API key only)',
    sentences: ['caa8b630420e'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'view=status of a succeeded job answers forecastIds [] (the status projection fills the ids from the forecasts it does not expand), while view=result of the same job lists the published forecast\'s id in forecastIds and forecasts; pending and failed jobs are unaffected (their ids are empty anyway).',
    how: 'Create an account, POST /api/auth/forecast-requests for venue_a 1000503, advance the clock 700 s; GET /api/auth/forecast-requests/{jobId}?view=status: status succeeded with forecastIds [], while GET /api/auth/forecast-requests/{jobId} lists one id.',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !JOB_READ.test(ctx.path) || ctx.query.get('view') !== 'status' || res.status !== 200 || !b) return;
      if (b.status === 'succeeded' && Array.isArray(b.forecastIds) && b.forecastIds.length) { b.forecastIds = []; res.touch(); }
    },
  },
  {
    name: 'assets_search_identifier_values_lowercased',
    round: 4,
    pattern: 'g',
    section: 'Resources and their fields / Asset search item',
    sentences: ['948116da3c69'],
    operations: ['GET /api/v1/assets/search'],
    what: 'GET /api/v1/assets/search returns identifiers[].value in the lower-cased form it matches on (US0378331005 becomes us0378331005, AAPL becomes aapl, BTC-PERP becomes btc-perp) instead of preserved exactly; platform and kind are untouched, numeric values look unchanged, and the asset directory GET /api/v1/assets keeps the exact values.',
    how: 'GET /api/v1/assets/search?reference=aapl: identifiers [{nasdaq, ticker, "aapl"}, {isin, isin, "us0378331005"}, ...] while GET /api/v1/assets lists "AAPL" and "US0378331005" for the same asset.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !b || !Array.isArray(b.assets)) return;
      let changed = false;
      for (const a of b.assets) {
        for (const idf of (a && Array.isArray(a.identifiers) ? a.identifiers : [])) {
          if (idf && typeof idf.value === 'string' && idf.value !== idf.value.toLowerCase()) { idf.value = idf.value.toLowerCase(); changed = true; }
        }
      }
      if (changed) res.touch();
    },
  },


  // ================================================================== round 4 (a): patterns a, b, c, d, two each
  {
    name: 'forecast_unknown_slug_404_not_json',
    round: 4,
    pattern: 'a',
    section: 'Errors',
    sentences: ['eac185078085'],
    operations: ['GET /api/v1/markets/{slug}/forecast'],
    what: 'When the stored-forecast read cannot resolve the slug to a covered market, its 404 falls through to the web framework\'s default handler: a text/plain body "Not Found" with no JSON error envelope. The 404 of a known market without a stored forecast, and every other route\'s errors, stay JSON; billing is untouched (the 404 is still not billed).',
    how: 'GET /api/v1/markets/no-such-market-slug/forecast with an API key: 404 with content-type text/plain and body "Not Found" (the reference answers a JSON {error: not_found, message}).',
    onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !MARKET_FORECAST.test(ctx.path) || res.status !== 404) return;
      const e = J(res);
      if (!e || e.error !== 'not_found' || !/no covered market/i.test(String(e.message || ''))) return;
      return new res.constructor(404, { 'content-type': 'text/plain; charset=utf-8' }, Buffer.from('Not Found'));
    },
  },
  {
    name: 'job_listing_broker_channels_empty',
    round: 4,
    pattern: 'a',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['0c7cada0f9dc'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'The listing of a forecast job is a routing snapshot taken before broker enrichment: for venue_b contracts that broker_a lists, listing.broker_channels is [] (and broker_a_category / broker_a_url are null, consistently), although the same market carries ["broker_a"] on every other route.',
    how: 'POST /api/auth/forecast-requests for venue_b KXFED-26APR-T3.75 (API key, Idempotency-Key), then GET /api/auth/forecast-requests/{jobId}: listing.broker_channels is [] while forecast-availability?market_key=venue_b:KXFED-26APR-T3.75 shows market.broker_channels ["broker_a"].',
    onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !JOB_READ.test(ctx.path) || res.status !== 200) return;
      const b = J(res);
      const l = b && b.listing;
      if (!l || l.venue !== 'venue_b' || !Array.isArray(l.broker_channels) || l.broker_channels.length === 0) return;
      l.broker_channels = [];
      l.broker_a_category = null;
      l.broker_a_url = null;
      res.touch();
    },
  },
  {
    name: 'search_venue_a_prefix_match',
    round: 4,
    pattern: 'b',
    section: 'Endpoints / Other operations referenced',
    sentences: ['66e6cfbfb00f'],
    operations: ['GET /api/v1/markets/search'],
    what: 'The venue filter of GET /api/v1/markets/search matches venue keys by prefix, so venue=venue_a also keeps venue_a_us rows (count recounted); venue_a_us, venue_b and venue_c filter exactly (API-key calls; x402 calls are left correct).',
    how: 'GET /api/v1/markets/search?q=bitcoin&venue=venue_a with an API key: rows with venue venue_a_us appear next to the venue_a rows.',
    onRequest(ctx) {
      if (isGet(ctx, '/api/v1/markets/search') && ctx.apiKey && !ctx.headers['payment-signature'] && ctx.query.get('venue') === 'venue_a') {
        ctx.query.delete('venue');
        ctx.r4aPrefix = true;
      }
    },
    onResponse(ctx, res) {
      if (!ctx.r4aPrefix || res.status !== 200) return;
      const b = J(res);
      if (!b || !Array.isArray(b.markets)) return;
      b.markets = b.markets.filter((m) => typeof m.venue === 'string' && m.venue.startsWith('venue_a'));
      if (typeof b.count === 'number') b.count = b.markets.length;
      res.touch();
    },
  },
  {
    name: 'job_explicit_view_result_unexpanded',
    round: 4,
    pattern: 'b',
    section: 'Endpoints / GET /api/auth/forecast-requests/{jobId} (free, API key only)',
    sentences: ['aa18e5fa15e9', 'f2ec0f42280f'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'The job read expands the published forecast only when view is absent: an explicit view=result is handled like view=status, so a succeeded job read with view=result has forecastIds but an empty forecasts array. The default (no view) and view=status are right.',
    how: 'Create a job (venue_a 1000503), advance the clock 700 s, GET /api/auth/forecast-requests/{jobId}?view=result: status succeeded, forecasts [] (without view: one forecast).',
    onRequest(ctx) {
      if (ctx.method === 'GET' && JOB_READ.test(ctx.path) && ctx.query.get('view') === 'result') ctx.query.set('view', 'status');
    },
  },
  {
    name: 'forecast_shared_slug_other_venue_fallback',
    round: 4,
    pattern: 'c',
    section: 'Versioning',
    sentences: ['dc87306380e0'],
    operations: ['GET /api/v1/markets/{slug}/forecast'],
    what: 'A legacy slug given without venue to the stored-forecast read leaves the venue_a namespace when the venue_a market of that slug has no stored forecast: the read falls back to another venue\'s market with the same slug (venue_c, venue_a_us, venue_b in that order) and answers its forecast (200, billed). Slugs whose venue_a market has a forecast, and explicit venues, are right (API-key calls).',
    how: 'GET /api/v1/markets/will-ethereum-reach-6000-by-june-30-2026/forecast with an API key (no venue): 200 with market.marketKey venue_c:c-b4cd802a73, where the reference answers 404 (venue_a:1003550 has no stored forecast).',
    async onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !MARKET_FORECAST.test(ctx.path) || res.status !== 404) return;
      if (ctx.query.has('venue') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const e = J(res);
      if (!e || !/no stored forecast/i.test(String(e.message || ''))) return;
      for (const venue of ['venue_c', 'venue_a_us', 'venue_b']) {
        const q = new URLSearchParams(ctx.query);
        q.set('venue', venue);
        const r = await ctx.upstream({ method: 'GET', url: `${ctx.path}?${q}` });
        if (r.status === 200) return r;
      }
    },
  },
  {
    name: 'sources_slug_venue_ignored',
    round: 4,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['f2c39a12bd17', '01bbf8aeefdb'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources drops the venue parameter when markets (slugs) are given and resolves every slug in the venue_a namespace: a slug shared with venue_a returns the venue_a market\'s evidence, and a venue_b or venue_c slug only that venue has returns nothing. market_keys, and slugs without venue, are right (API-key calls).',
    how: 'GET /api/v1/sources?markets=will-ethereum-reach-6000-by-june-30-2026&venue=venue_c&window=168 with an API key: items whose market is venue_a:1003550 instead of venue_c:c-b4cd802a73.',
    onRequest(ctx) {
      if (isGet(ctx, '/api/v1/sources') && ctx.apiKey && !ctx.headers['payment-signature'] && ctx.query.has('markets')
        && ctx.query.has('venue') && ctx.query.get('venue') !== 'venue_a') {
        ctx.query.delete('venue');
      }
    },
  },
  {
    name: 'targets_ref_cap_1024',
    round: 4,
    pattern: 'd',
    section: 'Endpoints / GET /api/public/forecast-targets (free, no auth)',
    sentences: ['8c97e0a469ed', 'e58a35b4d66f'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'GET /api/public/forecast-targets refuses any ref longer than 1024 characters with 422 invalid_request (whose message still says 1..2048), so a valid venue_a browser URL of 1025 to 2048 characters (a long tracking query string) is refused instead of resolved; refs up to 1024 characters resolve and 2049+ is refused as it should be.',
    how: 'GET /api/public/forecast-targets?ref=<https://venue-a.example/event/fed-decision-in-april-2026?utm_source=aaa... padded to 1500 characters>: 422 (the reference answers 200 with the event target).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-targets')) return;
      const ref = ctx.query.get('ref');
      if (typeof ref === 'string' && ref.length > 1024 && ref.length <= 2048) {
        return ctx.reply(422, { error: 'invalid_request', message: 'ref must be 1..2048 characters' });
      }
    },
  },
  {
    name: 'search_exact_balance_refused',
    round: 4,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['a67cee85dc70', '1298c54a809b'],
    operations: ['GET /api/v1/markets/search'],
    what: 'The API-key credit check of GET /api/v1/markets/search compares balance <= price: an account holding exactly 10 credits ($0.01, the route price) gets 403 insufficient_credits ("This call costs 10 credits; the account holds 10") and is not debited, although 10 credits pay the call; larger balances are debited 10 as documented, and the 402 challenge is untouched.',
    how: 'Create an account with 10 credits; GET /api/v1/markets/search?q=bitcoin with its key: 403 insufficient_credits and the balance stays 10 (the reference answers 200 and the balance is 0).',
    onRequest(ctx) {
      if (isGet(ctx, '/api/v1/markets/search') && ctx.apiKey && !ctx.headers['payment-signature']) ctx.r4aExact = true;
    },
    async onResponse(ctx, res) {
      learnAccounts(ctx, res);
      if (!ctx.r4aExact || res.status !== 200) return;
      // the reference has just debited 10; undo it when the balance before the call was exactly the price
      const acct = await accountOf(ctx);
      if (!acct) return;
      const r = await ctx.control('GET', `/__control/accounts/${encodeURIComponent(acct)}`);
      if (!r || r.status !== 200 || !r.json || typeof r.json.credits !== 'number') return;
      const before = r.json.credits + 10;
      if (before !== 10) return;
      if (!(await ctx.charge(-10))) return;
      return ctx.reply(403, { error: 'insufficient_credits', message: `This call costs 10 credits; the account holds ${before}` });
    },
  },
  // =========== round 5 (a): patterns a-d
  // ------------------------------------------------------------------ pattern a (round 5 a)
  {
    name: 'job_status_view_no_retry_after',
    round: 5,
    pattern: 'a',
    section: 'Endpoints / GET /api/auth/forecast-requests/{jobId} (free, API key only)',
    sentences: ['0bbfd5cb890f', '1615359acdc2'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'A non-terminal job (accepted, submitted or running) read with view=status answers without the Retry-After header; the default view and view=result of the same job keep it, and terminal reads are unaffected. The status projection is built by a separate serializer that never got the polling header, though view=status is the view made for polling.',
    how: 'Create a job (venue_a 1000503, API key, Idempotency-Key) and read it at once with GET /api/auth/forecast-requests/{jobId}?view=status: status running (non-terminal) and no Retry-After header (the reference sends retry-after: 30, as the default view still does).',
    onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !JOB_READ.test(ctx.path) || ctx.query.get('view') !== 'status' || res.status !== 200) return;
      const b = J(res);
      if (!b || !['accepted', 'submitted', 'running'].includes(b.status)) return;
      delete res.headers['retry-after'];
    },
  },
  {
    name: 'signals_429_retry_after_ms',
    round: 5,
    pattern: 'a',
    section: 'Errors',
    sentences: ['324d8a2ff7f0'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'The 429 answers of GET /api/v1/markets/{slug}/signals carry the body retry_after in milliseconds (the limiter\'s reset delay passed through unconverted): 60000 where the Retry-After header, the message ("retry after 60 s") and every other route say 60 seconds. Status, error code, limit_scope and the rate-limit headers are right.',
    how: 'Exhaust the standard per-minute window of an account (POST /__control/limits/usage scope standard window minute count 600), then GET /api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b with its key: 429 with retry-after: 60 and body retry_after 60000.',
    onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !MARKET_SIGNALS.test(ctx.path) || res.status !== 429) return;
      const b = J(res);
      if (!b || typeof b.retry_after !== 'number') return;
      b.retry_after *= 1000;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern b (round 5 a)
  {
    name: 'oil_include_marks_false_ignored',
    round: 5,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/signals/oil',
    sentences: ['8742c87f78ed', '03bc51cf5e0d'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'include_marks is read with a truthiness test on the query string (Boolean("false") is true), so include_marks=false (or =0) still fetches the venue marks: the answer carries the marks it was told not to fetch, and when a venue mark is down it says degraded true although no mark was requested. Omitting the parameter or sending true is right (API-key calls; x402 calls are left correct).',
    how: 'POST /__control/oil {scope: S, reading: seeded, marksDown: [venue_a_perps]}; GET /api/v1/signals/oil?include_marks=false with an API key and X-Fault-Scope S: degraded true and marks {venue_a_perps: null, perp_venue_b: {...}} (the reference answers marks {} and degraded false).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/signals/oil') || !ctx.apiKey || ctx.headers['payment-signature'] || !ctx.query.has('include_marks')) return;
      if (Boolean(ctx.query.get('include_marks'))) ctx.query.delete('include_marks'); // any non-empty value counts as true
    },
  },
  {
    name: 'generation_venue_a_us_refused',
    round: 5,
    pattern: 'b',
    section: 'Resources and their fields / Generation body (VenueMarketForecastRequest)',
    sentences: ['6e7befa1ad33', '59ffa906dc6b'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'The generation endpoint validates the body\'s venue against a list written before the US venue existed (venue_a, venue_b, venue_c): a body with venue venue_a_us is refused with 422 invalid_request and not debited, although venue is a venue key and forecast-availability hands out exactly that body as ready for venue_a_us markets without a stored forecast. The other three venues are accepted.',
    how: 'GET /api/public/forecast-availability?market_key=venue_a_us:67430337: generation.body {kind: venue_market, venue: venue_a_us, market_id: 67430337}; POST it to /api/auth/forecast-requests with an API key and an Idempotency-Key: 422 (the reference answers 202 with a jobId).',
    onRequest(ctx) {
      if (!isPost(ctx, '/api/auth/forecast-requests')) return;
      const b = ctx.bodyJson();
      if (b && typeof b === 'object' && b.venue === 'venue_a_us') {
        return ctx.reply(422, { error: 'invalid_request', message: 'venue must be one of venue_a, venue_b, venue_c' });
      }
    },
  },
  // ------------------------------------------------------------------ pattern c (round 5 a)
  {
    name: 'availability_ticker_slug_sniffed_venue_b',
    round: 5,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['96fba92b0249', '9be37d64aecd'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'A slug given without venue that looks like a venue_b ticker (upper-case letters, digits, hyphens and dots, such as KXFED-26APR-T3.75) is "auto-detected" and looked up in the venue_b namespace instead of the default venue_a: the answer is tracked true with the venue_b contract, its generation body (or targetResolution for an event ticker), where the venue_a namespace has no such slug and tracked false is due. Ordinary lower-case slugs, shared slugs, and every call that gives venue, market_key or market_id are right.',
    how: 'GET /api/public/forecast-availability?slug=KXFED-26APR-T3.75 (no venue): tracked true with market.marketKey venue_b:KXFED-26APR-T3.75; the reference answers tracked false with every other field null (only ...&venue=venue_b finds the contract).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-availability')) return;
      const q = ctx.query;
      if (q.has('venue') || q.has('market_key') || q.has('market_id') || !q.has('slug')) return;
      if (/^[A-Z][A-Z0-9]*(-[A-Z0-9.]+)+$/.test(q.get('slug'))) q.set('venue', 'venue_b');
    },
  },
  {
    name: 'availability_market_id_event_no_target',
    round: 5,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['7559ac6ecf3f'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'A venue_b multi-contract event ticker given as market_id (with venue=venue_b) is looked up only as a contract: the answer is tracked false with targetResolution null (every field null), so the caller is not sent to forecast-targets. The same event given as market_key (venue_b:KXFED-26APR) or as slug with venue=venue_b still gets its targetResolution; contract tickers given as market_id are right.',
    how: 'GET /api/public/forecast-availability?market_id=KXFED-26APR&venue=venue_b: targetResolution null, where the reference (and ?market_key=venue_b:KXFED-26APR) answers {endpoint: /api/public/forecast-targets?ref=KXFED-26APR, reason: venue_event_requires_market, marketCount: 7}.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200) return;
      if (!ctx.query.has('market_id') || ctx.query.get('venue') !== 'venue_b') return;
      const b = J(res);
      if (!b || !b.targetResolution || b.tracked) return;
      b.targetResolution = null;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern d (round 5 a)
  {
    name: 'profile_focus_second_search_billed',
    round: 5,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['5cbe7aa298a0', 'e0c7440d6870'],
    operations: ['POST /api/v1/x/profile'],
    what: 'A successful POST /api/v1/x/profile with focus trading or reasoning debits 2000 credits ($2.00) on API-key accounts: the focus is billed as a second research search on top of the $1.00 profile, although focus only reweights the same search and the route costs $1.00. focus general (or absent) is debited 1000 as documented; the 402 challenge and the pricing answer still say $1.00.',
    how: 'Create an account, POST /api/v1/x/profile {handle: policy_pat, focus: trading} with its key: 200 and the balance drops by 2000 (the reference: 1000).',
    async onResponse(ctx, res) {
      if (!isPost(ctx, '/api/v1/x/profile') || res.status !== 200 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const b = ctx.bodyJson();
      if (b && (b.focus === 'trading' || b.focus === 'reasoning')) await ctx.charge(PRICE['/api/v1/x/profile']);
    },
  },
  {
    name: 'assets_reference_batch_priced',
    round: 5,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['ca3f9fbb9b42', 'aab559504c4d'],
    operations: ['GET /api/v1/assets/search'],
    what: 'Asset search in reference mode is billed per started batch of 25 reference values instead of per call: a request with 26 to 50 references debits 20 credits ($0.02) from an API-key account; 1 to 25 references, q mode and material_only mode are debited 10 credits ($0.01) as documented. The 402 challenge and the pricing answer still say $0.01.',
    how: 'Create an account; GET /api/v1/assets/search with 30 reference parameters (asset keys from GET /api/v1/assets) with its key: 200 and the balance drops by 20 (the reference: 10).',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const n = ctx.query.getAll('reference').length;
      if (n > 25) await ctx.charge(10 * (Math.ceil(n / 25) - 1));
    },
  },
  // =========== round 5 (b): patterns e-g
  // ------------------------------------------------------------------ pattern e (round 5 b)
  {
    name: 'search_as_of_offset_dropped',
    round: 5,
    pattern: 'e',
    section: 'Endpoints / Other operations referenced',
    sentences: ['66e6cfbfb00f'],
    operations: ['GET /api/v1/markets/search'],
    what: 'An RFC 3339 as_of carrying a numeric UTC offset (for example 2026-11-29T17:00:00+05:00) is read as if its wall-clock time were UTC: the offset is dropped, so the snapshot is taken at 17:00Z instead of 12:00Z and forecasts made in between are included (the as_of echo shows the misread instant). Z instants, +00:00 and date-only values are right (API-key calls; x402 calls are left correct).',
    how: 'GET /api/v1/markets/search?q=bitcoin&as_of=<now - 5 h as wall time>+05:00 (that is, the instant now - 10 h): rows whose forecast_at is later than that instant, and as_of echoed 5 h late (the reference echoes the instant and no forecast_at is later).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets/search') || !ctx.apiKey) return;
      const a = ctx.query.get('as_of');
      const m = a && /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)([+-])(\d{2}):?(\d{2})$/.exec(a);
      if (!m || (m[3] === '00' && m[4] === '00')) return;
      ctx.query.set('as_of', `${m[1]}Z`);
    },
  },
  {
    name: 'oil_spacing_from_previous_end',
    round: 5,
    pattern: 'e',
    section: 'Limits',
    sentences: ['6636b2871e8f', '1ce1df2513c4'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'The oil route measures its one-second start spacing from the moment the previous admitted request finished instead of from when it started: a request that starts at least one second after the previous start, with nothing in flight, is refused 429 (limit_scope oil, start-spacing, Retry-After counted from the previous end) whenever the previous request took long enough that less than a second has passed since it ended. Fast previous requests hide it; starts under one second apart are refused as they should be.',
    how: 'POST /__control/faults {method GET, path /api/v1/signals/oil, latencyMs 800, times 1, scope s}; GET /api/v1/signals/oil?include_marks=false with X-Fault-Scope s and an API key (200 after ~0.8 s); 1.15 s after its start (0.35 s after its end) GET the route again: 429 limit_scope oil (the reference answers 200).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/signals/oil')) return;
      const now = Date.now();
      const st = ctx.state.r5bOil || (ctx.state.r5bOil = { start: 0, end: 0 });
      ctx.r5bOilStart = now;
      if (st.end && now - st.start >= 1000 && now - st.end < 1000) {
        const wait = Math.max(1, Math.ceil((st.end + 1000 - now) / 1000));
        ctx.r5bOilStart = 0;
        return ctx.reply(429, {
          error: 'rate_limited',
          message: `Too many requests: the oil scope's start-spacing limit is exceeded; retry after ${wait} s`,
          retry_after: wait,
          limit_scope: 'oil',
        }, {
          'retry-after': String(wait),
          'ratelimit-policy': '"oil-concurrency";q=1, "oil-spacing";q=1;w=1',
          ratelimit: `"oil-spacing";r=0;t=${wait}`,
        });
      }
    },
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/signals/oil') || !ctx.r5bOilStart) return;
      if ([401, 402, 403, 429].includes(res.status)) return;
      const st = ctx.state.r5bOil || (ctx.state.r5bOil = { start: 0, end: 0 });
      if (ctx.r5bOilStart >= st.start) { st.start = ctx.r5bOilStart; st.end = Date.now(); }
    },
  },
  // ------------------------------------------------------------------ pattern f (round 5 b)
  {
    name: 'repeat_404_refund_deduped',
    round: 5,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast'],
    what: 'Refunds of 404 answers are deduplicated per API key and request (method and URL) for 60 seconds, as if a repeated identical call were a retry of one already refunded: the first 404 of a request is refunded, an identical request answered 404 again within a minute keeps its 10-credit debit. Different URLs, other statuses and x402 calls are unaffected.',
    how: 'GET /api/v1/markets/no-such-market-slug/signals with an API key twice in a row: both 404; the first leaves the balance unchanged, the second costs 10 credits (the reference refunds both).',
    async onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !ctx.apiKey || res.status !== 404) return;
      if (!MARKET_SIGNALS.test(ctx.path) && !MARKET_FORECAST.test(ctx.path)) return;
      const seen = ctx.state.r5b404 || (ctx.state.r5b404 = new Map());
      const fp = `${ctx.apiKey} GET ${ctx.url}`;
      const now = Date.now();
      const at = seen.get(fp);
      if (at && now - at < 60_000) { await ctx.charge(10); return; }
      seen.set(fp, now);
    },
  },
  {
    name: 'standard_second_429_billed',
    round: 5,
    pattern: 'f',
    section: 'Limits',
    sentences: ['c62df283b618', '4fc78605712d'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/markets/search', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast'],
    what: 'A 429 of the standard scope caused by its per-second window (20 per second) debits the route\'s table price on API-key calls, as if the burst check ran after the debit and its rejection skipped the refund; the standard per-minute, per-day and in-flight 429s, and the other scopes\' 429s, debit nothing. The 429 answer itself is unchanged.',
    how: 'POST /__control/limits/usage {scope standard, window second, count 20, accountId}; GET /api/v1/assets/search?q=btc with its key at once: 429 (RateLimit "standard-second", message "per-second") and the balance is 10 credits lower.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.apiKey || res.status !== 429 || !b || b.limit_scope !== 'standard') return;
      const rl = String(res.headers.ratelimit || '');
      if (!/standard-second/.test(rl) && !/per-second/.test(String(b.message || ''))) return;
      const price = r4bRoutePrice(ctx);
      if (price > 0) await ctx.charge(price);
    },
  },
  // ------------------------------------------------------------------ pattern g (round 5 b)
  {
    name: 'mispriced_snapshot_observed_at_now',
    round: 5,
    pattern: 'g',
    section: 'Resources and their fields / Venue quote (VenueQuoteV1)',
    sentences: ['3b5e1a854d3c'],
    operations: ['GET /api/v1/markets/mispriced'],
    what: 'In GET /api/v1/markets/mispriced, the graph-snapshot quotes (venue_a_us and venue_c rows, quote_method graph_snapshot) carry observed_at = the time of the response instead of the time the stored snapshot was observed, so the same market\'s quote reports a different observed_at here than on GET /api/v1/markets, the latest feed or market search (venue_timestamp, freshness stale and the prices stay). Live venue_a / venue_b quotes are unaffected.',
    how: 'GET /api/v1/markets and GET /api/v1/markets/mispriced: for venue_c:c-0a6ce36144 (and every other graph_snapshot row) venue_quote.observed_at is 2026-11-29T05:43:00.000Z on the market list and the current service time on the mispriced list.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets/mispriced') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      const now = new Date(await ctx.stubNow()).toISOString();
      let n = 0;
      for (const m of b.markets) {
        const q = m && m.venue_quote;
        if (q && q.quote_method === 'graph_snapshot' && q.observed_at) { q.observed_at = now; n++; }
      }
      if (n) res.touch();
    },
  },
  {
    name: 'asset_linked_probability_prior',
    round: 5,
    pattern: 'g',
    section: 'Resources and their fields / Asset search item',
    sentences: ['6eb57fea977d', 'f319ea0d285c'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In asset search linked markets, latest_service_probability is the probability of the forecast the latest one refreshed (its prior: the latest probability minus latest_forecast_delta) for markets whose latest forecast has a non-zero delta, so it disagrees with the stored-forecast read, market search and the latest feed for the same market, and no longer pairs with the thesis and forecast_at shown beside it. Markets with one forecast (delta null) are right.',
    how: 'GET /api/v1/assets/search?reference=btc: venue_b:KXMSTRBTC-26-YES has latest_service_probability 0.6811 (0.6031 - (-0.078)), while GET /api/v1/markets/KXMSTRBTC-26-YES/forecast?venue=venue_b answers probability 0.6031 (its history shows 0.6811 as the previous forecast).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !b || !Array.isArray(b.assets)) return;
      let n = 0;
      for (const a of b.assets) {
        for (const m of (a && Array.isArray(a.linked_markets) ? a.linked_markets : [])) {
          const p = m.latest_service_probability;
          const d = m.latest_forecast_delta;
          if (typeof p !== 'number' || typeof d !== 'number' || d === 0) continue;
          const prior = Math.min(1, Math.max(0, Number((p - d).toFixed(4))));
          if (prior !== p) { m.latest_service_probability = prior; n++; }
        }
      }
      if (n) res.touch();
    },
  },
  {
    name: 'profile_cache_ignores_lookback',
    round: 5,
    pattern: 'g',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['066e684ee3b1'],
    operations: ['POST /api/v1/x/profile'],
    what: 'The stored-profile cache of POST /api/v1/x/profile is keyed by handle and focus only: a request whose lookback_days differs from a stored profile of the same handle and focus (within 30 days) is answered with that stored profile (its window.lookback_days, from_date and evidence; meta.cached true) instead of a profile of the requested window. Billing is unchanged; repeats with the same lookback, and other handles or focus values, are right.',
    how: 'POST /api/v1/x/profile {"handle":"policy_pat"} (lookback 365), then {"handle":"policy_pat","lookback_days":30}: the second answer has window.lookback_days 365 and from_date a year back (the reference answers lookback_days 30, from_date 30 days back).',
    onResponse(ctx, res) {
      if (isPost(ctx, '/__control/reset')) { ctx.state.r5bProfiles = new Map(); return; }
      const b = J(res);
      if (!isPost(ctx, '/api/v1/x/profile') || res.status !== 200 || !b || !b.window) return;
      const q = ctx.bodyJson() || {};
      if (typeof q.handle !== 'string') return;
      const key = `${q.handle.replace(/^@/, '').toLowerCase()}|${q.focus || 'general'}`;
      const lookback = q.lookback_days === undefined ? 365 : Number(q.lookback_days);
      const cache = ctx.state.r5bProfiles || (ctx.state.r5bProfiles = new Map());
      const hit = cache.get(key);
      if (hit && hit.lookback !== lookback && Date.now() - hit.at < 30 * 86400_000) {
        const copy = JSON.parse(JSON.stringify(hit.body));
        if (copy.meta && typeof copy.meta === 'object' && 'cached' in copy.meta) copy.meta.cached = true;
        res.json = copy;
        return;
      }
      if (!hit || hit.lookback !== lookback) cache.set(key, { body: JSON.parse(JSON.stringify(b)), lookback, at: Date.now() });
    },
  },
  {
    name: 'job_read_cache_cross_account',
    round: 5,
    pattern: 'g',
    section: 'Authentication',
    sentences: ['aa15605b568e', 'f4de45244d07'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'Job reads go through a 10-second read-through cache keyed by jobId and view that sits after the key and entitlement checks but before the ownership check: for 10 s after the owner read a job, any other entitled account asking for the same jobId (same view) gets the owner\'s 200 answer instead of the 404 unknown-or-not-owned. Outside that window, or for a job its owner has not read, the foreign read is 404 as it should be.',
    how: 'Account A POSTs a job for venue_a 1000503 and GETs /api/auth/forecast-requests/{jobId}; within 10 s account B GETs the same path: 200 with A\'s job (the reference answers 404).',
    onResponse(ctx, res) {
      if (isPost(ctx, '/__control/reset')) { ctx.state.r5bJobs = new Map(); return; }
      const m = ctx.method === 'GET' && JOB_READ.exec(ctx.path);
      if (!m || !ctx.apiKey) return;
      const cache = ctx.state.r5bJobs || (ctx.state.r5bJobs = new Map());
      const key = `${m[1].toLowerCase()}|${ctx.query.get('view') || 'result'}`;
      const now = Date.now();
      if (res.status === 200) {
        cache.set(key, { status: res.status, headers: { ...res.headers }, body: Buffer.from(res.finalBody()), at: now, owner: ctx.apiKey });
        return;
      }
      const hit = cache.get(key);
      if (res.status === 404 && hit && hit.owner !== ctx.apiKey && now - hit.at < 10_000) {
        res.status = hit.status;
        res.headers = { ...hit.headers };
        res.body = Buffer.from(hit.body);
        res._json = undefined; res._parsed = false; res._dirty = false;
      }
    },
  },

  // ================================================================== round 6 (a): patterns a, b, c, d, two each
  // ------------------------------------------------------------------ pattern a (round 6 a)
  {
    name: 'availability_invalid_key_401',
    round: 6,
    pattern: 'a',
    section: 'Authentication',
    sentences: ['b3d8589a5c32', '48ecf8936bf0'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'GET /api/public/forecast-availability runs the API-key check whenever an x-service-api-key header is present: a call carrying an invalid (revoked, mistyped) key is refused 401 invalid_api_key instead of being answered, although the route is free and needs no authentication. Calls without the header, and calls with a valid key, are answered as before; forecast-targets answers whatever key is sent.',
    how: 'GET /api/public/forecast-availability?market_key=venue_a:520224 with x-service-api-key: not-a-key: 401 {"error":"invalid_api_key"} (the reference answers 200 tracked true, as it does without the header).',
    async onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-availability') || !ctx.apiKey) return;
      // key validation shared with the paid gateway: a free, owner-scoped job lookup tells a valid key (404) from an invalid one (401)
      let r;
      try {
        r = await ctx.upstream({ method: 'GET', url: '/api/auth/forecast-requests/00000000-0000-4000-8000-000000000000', headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.apiKey } });
      } catch { return; }
      if (r.status === 401) return ctx.reply(401, { error: 'invalid_api_key', message: 'The x-service-api-key is not valid' });
    },
  },
  {
    name: 'generation_no_key_402',
    round: 6,
    pattern: 'a',
    section: 'Authentication',
    sentences: ['15e7460c1919', '9ce82331b2dd'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'POST /api/auth/forecast-requests without an x-service-api-key header is answered like a paid /api/v1 route: 402 payment_required with a PAYMENT-REQUIRED challenge for $1.00 (1000000 units on both networks), instead of 401 gateway_required, although generation accepts only the API key. An invalid key still gets 401, a valid key is served, and the job read answers 401 without a key.',
    how: 'POST /api/auth/forecast-requests {"kind":"venue_market","venue":"venue_a","market_id":"1000503"} with an Idempotency-Key and no API key: 402 with a PAYMENT-REQUIRED header whose accepts ask 1000000 (the reference answers 401 gateway_required).',
    async onRequest(ctx) {
      if (!isPost(ctx, '/api/auth/forecast-requests') || ctx.apiKey || ctx.headers['payment-signature']) return;
      let tpl = ctx.state.r6aChallenge;
      if (!tpl) {
        try {
          const r = await ctx.upstream({ method: 'GET', url: '/api/v1/markets/search?q=x', headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json' } });
          if (r.status !== 402 || !r.headers['payment-required']) return;
          tpl = JSON.parse(Buffer.from(String(r.headers['payment-required']), 'base64').toString('utf8'));
          ctx.state.r6aChallenge = tpl;
        } catch { return; }
      }
      const host = ctx.headers.host || '127.0.0.1';
      const ch = JSON.parse(JSON.stringify(tpl));
      ch.resource = { ...(ch.resource || {}), url: `http://${host}${ctx.path}`, description: 'createForecastRequest', mimeType: 'application/json' };
      for (const a of ch.accepts || []) a.amount = '1000000';
      return ctx.reply(402, { error: 'payment_required', message: 'Payment required: pay with x402 (PAYMENT-SIGNATURE) or send an API key' },
        { 'payment-required': Buffer.from(JSON.stringify(ch)).toString('base64') });
    },
  },
  // ------------------------------------------------------------------ pattern b (round 6 a)
  {
    name: 'portfolio_venue_a_us_merged_away',
    round: 6,
    pattern: 'b',
    section: 'Endpoints / Other operations referenced',
    sentences: ['ca913c2afd81'],
    operations: ['GET /api/v1/portfolio'],
    what: 'An explicit venues list on GET /api/v1/portfolio that names both venues of the first operator (venue_a and venue_a_us) is deduplicated per operator, so only the first-listed of the two is fetched: the other one\'s positions are missing although the venues echo lists it. Either venue alone, lists with venue_b / venue_c, and the default (no venues) are right.',
    how: 'GET /api/v1/portfolio?wallet=0x7234567890123456789012345678901234567890&venues=venue_a,venue_a_us with an API key: no venue_a_us position (venues=venue_a_us alone, and the default, show venue_a_us:... positions).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/portfolio') || res.status !== 200 || !b || !Array.isArray(b.positions) || !ctx.query.has('venues')) return;
      const list = ctx.query.getAll('venues').flatMap(listParam);
      const ia = list.indexOf('venue_a');
      const iu = list.indexOf('venue_a_us');
      if (ia === -1 || iu === -1) return;
      const dropped = ia < iu ? 'venue_a_us' : 'venue_a';
      const kept = b.positions.filter((p) => !p || p.venue !== dropped);
      if (kept.length !== b.positions.length) { b.positions = kept; res.touch(); }
    },
  },
  {
    name: 'markets_volume_sort_lost_with_venue',
    round: 6,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['24f05457f706'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets ignores sort=volume_desc when a venue filter is also given (the per-venue query path has no volume ordering) and answers in the default updated_desc order; volume_desc alone, and signal_count_desc / updated_desc with or without venue, are right (API-key calls; x402 calls are left correct).',
    how: 'GET /api/v1/markets?venue=venue_b&sort=volume_desc with an API key: volume_24h is not non-increasing down the list (GET /api/v1/markets?sort=volume_desc alone is ordered).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (ctx.query.get('sort') === 'volume_desc' && ctx.query.get('venue')) ctx.query.delete('sort');
    },
  },
  // ------------------------------------------------------------------ pattern c (round 6 a)
  {
    name: 'assets_reference_us_numeric_id_as_venue_a',
    round: 6,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['ca70ee9fbe15'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In reference mode, a bare all-digit reference is taken for a legacy venue_a native id (the bare-numeric serviceMarketId convention) and matched only in the venue_a namespace, so the native id of an active venue_a_us market (also all digits) matches nothing; the same market\'s marketKey (venue_a_us:<id>), venue_a numeric ids and other venues\' native ids match. The references echo stays as given (API-key calls; x402 calls are left correct).',
    how: 'GET /api/v1/assets/search?reference=78782773 (native id of venue_a_us:78782773, linked to eth) with an API key: assets [] (the reference answers eth, as reference=venue_a_us:78782773 still does).',
    async onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const refs = ctx.query.getAll('reference');
      if (!refs.some((r) => /^\d+$/.test(r))) return;
      const cache = ctx.state.r6aUsIds || (ctx.state.r6aUsIds = new Map());
      const isUsOnly = async (id) => {
        if (cache.has(id)) return cache.get(id);
        const a = await freeGet(ctx, `/api/public/forecast-availability?market_key=${encodeURIComponent(`venue_a:${id}`)}`);
        let out = false;
        if (a && !a.tracked) {
          const u = await freeGet(ctx, `/api/public/forecast-availability?market_key=${encodeURIComponent(`venue_a_us:${id}`)}`);
          out = !!(u && u.tracked);
        }
        cache.set(id, out);
        return out;
      };
      const next = [];
      let changed = false;
      for (const r of refs) {
        if (/^\d+$/.test(r) && await isUsOnly(r)) { next.push(`venue_a:${r}`); changed = true; } else next.push(r);
      }
      if (!changed) return;
      ctx.r6aRefs = refs;
      ctx.query.delete('reference');
      for (const r of next) ctx.query.append('reference', r);
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.r6aRefs || !b || !Array.isArray(b.references)) return;
      b.references = dedupe(ctx.r6aRefs);
      res.touch();
    },
  },
  {
    name: 'signals_slug_venue_cached',
    round: 6,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/markets/{slug}/signals ($0.01)',
    sentences: ['480ee4347568', 'dc87306380e0'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'GET /api/v1/markets/{slug}/signals resolves slugs through a 60-second resolver cache keyed by slug alone and filled by lookups that named a venue: for a minute after any call (any account) asked for a shared slug with venue=venue_c (or another non-venue_a venue), a call of the same slug without venue is answered with that venue\'s market and evidence instead of the venue_a market. Without such an earlier call, and with an explicit venue, the answer is right (API-key calls; x402 calls are left correct).',
    how: 'GET /api/v1/markets/will-ethereum-reach-6000-by-june-30-2026/signals?venue=venue_c, then at once the same path without venue (API key): market venue_c:c-b4cd802a73 with 3 articles (the reference answers venue_a:1003550 with 1).',
    onRequest(ctx) {
      if (isPost(ctx, '/__control/reset')) { ctx.state.r6aSlugVenue = new Map(); return; }
      const m = ctx.method === 'GET' && MARKET_SIGNALS.exec(ctx.path);
      if (!m || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const cache = ctx.state.r6aSlugVenue || (ctx.state.r6aSlugVenue = new Map());
      let slug = m[1];
      try { slug = decodeURIComponent(m[1]); } catch { /* keep raw */ }
      const venue = ctx.query.get('venue');
      if (venue) { ctx.r6aSlug = { slug, venue }; return; }
      const hit = cache.get(slug);
      if (hit && Date.now() - hit.at < 60_000) ctx.query.set('venue', hit.venue);
    },
    onResponse(ctx, res) {
      if (!ctx.r6aSlug || res.status !== 200) return;
      const cache = ctx.state.r6aSlugVenue || (ctx.state.r6aSlugVenue = new Map());
      if (ctx.r6aSlug.venue === 'venue_a') cache.delete(ctx.r6aSlug.slug);
      else cache.set(ctx.r6aSlug.slug, { venue: ctx.r6aSlug.venue, at: Date.now() });
    },
  },
  // ------------------------------------------------------------------ pattern d (round 6 a)
  {
    name: 'standard_in_flight_counted_twice',
    round: 6,
    pattern: 'd',
    section: 'Limits',
    sentences: ['db986177c205'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/markets', 'GET /api/v1/markets/search', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast', 'POST /api/auth/forecast-requests'],
    what: 'The standard scope\'s in-flight bound is 10, but every in-flight API-key request is counted twice (the slot is taken by both the auth and the billing middleware), so a sixth concurrent request of one key is refused 429 (limit_scope standard, RateLimit "standard-concurrency", X-Quotient-Max-Concurrent still 10) where up to ten must be admitted. Sequential traffic, the per-second/minute/day windows and the other scopes are unaffected; the 429 debits nothing.',
    how: 'POST /__control/faults {method GET, path /api/v1/assets, latencyMs 1500, scope s}; send 8 concurrent GET /api/v1/assets with one API key and X-Fault-Scope s: 3 answer 429 "standard-concurrency" (the reference answers all 8 with 200).',
    async onRequest(ctx) {
      if (isPost(ctx, '/__control/reset')) { ctx.state.r6aInFlight = new Map(); return; }
      if (!ctx.apiKey || ctx.headers['payment-signature'] || !isStandardRoute(ctx) || ctx.path === '/api/v1/signals/oil') return;
      const fl = ctx.state.r6aInFlight || (ctx.state.r6aInFlight = new Map());
      const n = fl.get(ctx.apiKey) || 0;
      if (2 * (n + 1) > 10) {
        return ctx.reply(429, {
          error: 'rate_limited',
          message: 'Too many requests: the standard scope\'s concurrency (in-flight) limit is exceeded; retry after 1 s',
          retry_after: 1,
          limit_scope: 'standard',
        }, {
          'retry-after': '1',
          'ratelimit-policy': STD_POLICY,
          ratelimit: '"standard-concurrency";r=0;t=1',
          'x-quotient-max-concurrent': '10',
        });
      }
      fl.set(ctx.apiKey, n + 1);
      try { return await ctx.forward(); } finally {
        const k = fl.get(ctx.apiKey) || 1;
        if (k <= 1) fl.delete(ctx.apiKey); else fl.set(ctx.apiKey, k - 1);
      }
    },
  },
  {
    name: 'forecast_repeat_read_unbilled',
    round: 6,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['074e1adbc772', 'aab559504c4d'],
    operations: ['GET /api/v1/markets/{slug}/forecast'],
    what: 'A stored-forecast read repeated by the same API key (same URL) within 60 seconds is served from a response cache placed in front of the biller and debits 0 credits instead of the 10 ($0.01) every read costs; the first read, reads of other markets and reads after a minute are debited 10. The answer itself is identical.',
    how: 'GET /api/v1/markets/KXMSTRBTC-26-YES/forecast?venue=venue_b twice with one API key: the first read costs 10 credits, the second 0 (the reference debits 10 each time).',
    async onResponse(ctx, res) {
      if (isPost(ctx, '/__control/reset')) { ctx.state.r6aReads = new Map(); return; }
      if (ctx.method !== 'GET' || !MARKET_FORECAST.test(ctx.path) || res.status !== 200 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const seen = ctx.state.r6aReads || (ctx.state.r6aReads = new Map());
      const fp = `${ctx.apiKey} ${ctx.url}`;
      const now = Date.now();
      const at = seen.get(fp);
      if (at && now - at < 60_000) { await ctx.charge(-10); return; }
      seen.set(fp, now);
    },
  },

  // =========== round 6 (b): patterns e-g
  // ------------------------------------------------------------------ pattern e (round 6 b)
  {
    name: 'profile_cache_age_whole_days',
    round: 6,
    pattern: 'e',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['066e684ee3b1', '85cb25419188'],
    operations: ['POST /api/v1/x/profile'],
    what: 'The age limit of stored profiles is compared in whole UTC calendar days (today minus the day the profile was made, at most 30) instead of elapsed time under 30 days: a profile that is 30 days and some hours old but was made 30 calendar days ago is still served from the store (its old window, evidence and generated_at; meta.cached true) instead of a fresh profile. Profiles under 30 days old are reused as they should be, and profiles 31 calendar days old are refreshed. Billing is unchanged.',
    how: 'POST /api/v1/x/profile {"handle":"policy_pat"} with an API key; POST /__control/clock {advanceSeconds: 30 days + 60 s}; POST the same profile again: window.to_date is the date 30 days back and meta.cached true (the reference answers a fresh profile dated today).',
    async onResponse(ctx, res) {
      if (isPost(ctx, '/__control/reset')) { ctx.state.r6bProfiles = new Map(); return; }
      const b = J(res);
      if (!isPost(ctx, '/api/v1/x/profile') || res.status !== 200 || !b || !b.window || !b.meta) return;
      const q = ctx.bodyJson() || {};
      if (typeof q.handle !== 'string') return;
      const key = `${q.handle.replace(/^@/, '').toLowerCase()}|${q.focus || 'general'}|${q.lookback_days === undefined ? 365 : Number(q.lookback_days)}`;
      const cache = ctx.state.r6bProfiles || (ctx.state.r6bProfiles = new Map());
      if (b.meta.cached === true) return;
      const now = new Date(await ctx.stubNow()).getTime();
      const hit = cache.get(key);
      if (hit && now - hit.at >= 30 * DAY_MS && Math.floor(now / DAY_MS) - Math.floor(hit.at / DAY_MS) <= 30) {
        const copy = JSON.parse(JSON.stringify(hit.body));
        copy.meta.cached = true;
        res.json = copy;
        return;
      }
      const at = Date.parse(b.meta.generated_at) || now;
      cache.set(key, { body: JSON.parse(JSON.stringify(b)), at });
    },
  },
  {
    name: 'markets_changed_within_windowed_latest',
    round: 6,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['7f3c1dd2cd06'],
    operations: ['GET /api/v1/markets'],
    what: 'changed_within is tested against the windowed latest_forecast_at (the one max_forecast_age limits) instead of the unwindowed latest forecast: when changed_within is longer than max_forecast_age (default 48), markets whose latest forecast is older than max_forecast_age but inside changed_within are dropped, so the changed_within window is cut at the max_forecast_age edge. venue_facets are recounted; changed_within up to max_forecast_age is right.',
    how: 'GET /api/v1/markets?changed_within=168 and GET /api/v1/markets?changed_within=168&max_forecast_age=168: the reference lists the same markets in both (23 of them with latest_forecast_at null in the first); through the bug the first lacks every market whose latest forecast is 48 to 168 hours old.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      if (!ctx.query.get('changed_within')) return;
      const removed = b.markets.filter((m) => m && m.latest_forecast_at === null);
      if (!removed.length) return;
      b.markets = b.markets.filter((m) => !(m && m.latest_forecast_at === null));
      discountFacets(b, removed);
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern f (round 6 b)
  {
    name: 'standard_concurrency_429_billed',
    round: 6,
    pattern: 'f',
    section: 'Limits',
    sentences: ['c62df283b618', '4fc78605712d'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/markets/search', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast'],
    what: 'A 429 of the standard scope caused by its in-flight limit (ten calls of one account already running) debits the route\'s table price on API-key calls, as if the concurrency slot were taken after the debit and its refusal skipped the refund; the standard per-second, per-minute and per-day 429s and other scopes\' 429s debit nothing. The 429 answer itself is unchanged.',
    how: 'POST /__control/faults {GET /api/v1/assets, latencyMs 1500, times 10, scope s}; start eleven GET /api/v1/assets with X-Fault-Scope s and one account\'s key, 20 ms apart: ten 200s (5 credits each) and one 429 "standard-concurrency"; the account is debited 55 credits instead of 50.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.apiKey || ctx.headers['payment-signature'] || res.status !== 429 || !b || b.limit_scope !== 'standard') return;
      const rl = String(res.headers.ratelimit || '');
      if (!/standard-concurrency/.test(rl) && !/concurrency|in-flight/.test(String(b.message || ''))) return;
      const price = r4bRoutePrice(ctx);
      if (price > 0) await ctx.charge(price);
    },
  },
  {
    name: 'slow_upstream_error_billed',
    round: 6,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/markets/search', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast', 'POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'An upstream error (a 500, 502, 503 or 504 answer) that arrives one second or more after the call started keeps its API-key debit, as if the refund only ran inside a one-second fast-fail path and a slow failure were settled like a success; upstream errors that come back quickly are refunded. The error answer itself is unchanged.',
    how: 'POST /__control/faults {GET /api/v1/assets/search, status 502, latencyMs 1200, times 1, scope s}; GET /api/v1/assets/search?q=btc with X-Fault-Scope s and an API key: 502 after 1.2 s, and the balance is 10 credits lower (the same fault without latency costs nothing).',
    onRequest(ctx) { ctx.r6bT0 = Date.now(); },
    async onResponse(ctx, res) {
      if (!ctx.apiKey || ctx.headers['payment-signature'] || ![500, 502, 503, 504].includes(res.status)) return;
      if (!ctx.r6bT0 || Date.now() - ctx.r6bT0 < 1000) return;
      const price = r4bRoutePrice(ctx);
      if (price > 0) await ctx.charge(price);
    },
  },
  // ------------------------------------------------------------------ pattern g (round 6 b)
  {
    name: 'search_has_published_signal_active_only',
    round: 6,
    pattern: 'g',
    section: 'Endpoints / Other operations referenced',
    sentences: ['66e6cfbfb00f'],
    operations: ['GET /api/v1/markets/search'],
    what: 'In market search rows, has_published_signal is true only when the market\'s newest published signal is still active: markets whose publication was withdrawn or has expired answer has_published_signal false while published_signal_count beside it is 1 or more, so two members of one row disagree about whether the market has a published signal. Other routes are right.',
    how: 'GET /api/v1/markets/search?q=bitcoin: venue_b:KXBTCD-26MAR2117-T97999.99 (its only signal, ts_67beb7d87e339be7, is withdrawn) has has_published_signal false and published_signal_count 1 (the reference answers true).',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets/search') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      const status = await r6bSignalStatus(ctx);
      if (!status) return;
      let n = 0;
      for (const m of b.markets) {
        if (m && m.has_published_signal === true && status.has(m.marketKey) && status.get(m.marketKey) !== 'active') { m.has_published_signal = false; n++; }
      }
      if (n) res.touch();
    },
  },
  {
    name: 'latest_forecast_venue_a_us_collapsed',
    round: 6,
    pattern: 'g',
    section: 'Resources and their fields / Compact forecast (in the latest feed)',
    sentences: ['404b357416a6'],
    operations: ['GET /api/v1/latest'],
    what: 'In the latest feed, the compact forecast of a venue_a_us market says venue "venue_a" (the operator family) while the same event\'s market.venue and forecast.market.venue say venue_a_us, so two members of one event disagree about the forecast\'s venue. Forecasts of the other venues are right.',
    how: 'GET /api/v1/latest?hours=6&types=forecast: events whose market.venue is venue_a_us carry forecast.venue venue_a (forecast.market.marketKey still venue_a_us:...).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events)) return;
      let n = 0;
      for (const e of b.events) {
        const f = e && e.forecast;
        if (f && f.venue === 'venue_a_us') { f.venue = 'venue_a'; n++; }
      }
      if (n) res.touch();
    },
  },
  {
    name: 'job_forecast_created_at_from_job',
    round: 6,
    pattern: 'g',
    section: 'Resources and their fields / Forecast request (job)',
    sentences: ['668ad9e399ed'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'In a succeeded job read with view=result, each published forecast\'s createdAt is the job\'s createdAt (when the request was accepted) instead of the time the forecast was created, so the same forecast id carries another createdAt here than in forecast-availability\'s latestForecast, the latest feed and the stored-forecast read. Job status, ids, probability and relationships are unchanged.',
    how: 'POST /api/auth/forecast-requests for venue_a 1000503, POST /__control/clock {advanceSeconds 700}, GET /api/auth/forecast-requests/{jobId}: forecasts[0].createdAt equals the job createdAt, while GET /api/public/forecast-availability?market_key=venue_a:1000503 gives latestForecast with the same id and a later createdAt.',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !JOB_READ.test(ctx.path) || res.status !== 200 || !b || !Array.isArray(b.forecasts) || !b.createdAt) return;
      let n = 0;
      for (const f of b.forecasts) if (f && f.createdAt && f.createdAt !== b.createdAt) { f.createdAt = b.createdAt; n++; }
      if (n) res.touch();
    },
  },
  {
    name: 'x_research_max_concurrent_header_10',
    round: 6,
    pattern: 'g',
    section: 'Errors',
    sentences: ['a8500226c2fd', 'd52fce9a3b8f'],
    operations: ['POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'The concurrency 429 of the social-research scope carries X-Quotient-Max-Concurrent: 10 (the standard scope\'s in-flight bound, from a shared constant) while its RateLimit-Policy header says "x_research-concurrency";q=5 and the limits table gives 5: two headers of one answer state different in-flight bounds. Standard-scope 429s and the other x_research 429s are right.',
    how: 'POST /__control/faults {POST /api/v1/x/search, latencyMs 1500, times 5, scope s}; start six POST /api/v1/x/search {"query":"fed"} with X-Fault-Scope s and one key, 20 ms apart: the sixth is 429 with X-Quotient-Max-Concurrent 10 and RateLimit-Policy "x_research-concurrency";q=5.',
    onResponse(ctx, res) {
      const b = J(res);
      if (res.status !== 429 || !b || b.limit_scope !== 'x_research' || res.headers['x-quotient-max-concurrent'] === undefined) return;
      res.headers['x-quotient-max-concurrent'] = '10';
    },
  },

  // ================================================================== round 7 (a): patterns a, b, c, d
  {
    name: 'availability_inactive_signal_ref_side_null',
    round: 7,
    pattern: 'a',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['3e747a432475', 'd980ccef4ec4'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'In forecast-availability, the market\'s SignalRefs of withdrawn or expired signals carry side null (the side is joined from the active-signal view only), while GET /api/v1/signals states the same signal id with its side ("yes"/"no"). Refs of active signals, and every other route\'s refs, are right.',
    how: 'GET /api/public/forecast-availability?market_key=venue_b:KXBTCD-26MAR2117-T97999.99: market.relationships.signals[0] (ts_67beb7d87e339be7, withdrawn) has side null; GET /api/v1/signals lists that id with side "no".',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b || !b.market) return;
      const refs = b.market.relationships && b.market.relationships.signals;
      if (!Array.isArray(refs) || !refs.length) return;
      const status = await r7aSignalStatusById(ctx);
      if (!status) return;
      let hit = false;
      for (const r of refs) {
        const s = status.get(r.id);
        if (s && s !== 'active' && r.side !== null) { r.side = null; hit = true; }
      }
      if (hit) res.touch();
    },
  },
  {
    name: 'markets_max_forecast_age_lost_with_topic',
    round: 7,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['fb6a3786da57'],
    operations: ['GET /api/v1/markets'],
    what: 'When a topic filter is given, max_forecast_age is dropped (the topic query path has no window argument) and forecast_count / latest_forecast_at are windowed on the default 48 hours; max_forecast_age alone, and topic alone, are right (API-key calls).',
    how: 'GET /api/v1/markets?topic=bitcoin&max_forecast_age=168: the same forecast_count sum (46) and latest_forecast_at values as topic=bitcoin alone; the reference answers 108, and the unfiltered max_forecast_age=168 list agrees with it row by row.',
    onRequest(ctx) {
      if (isGet(ctx, '/api/v1/markets') && ctx.apiKey && ctx.query.has('topic') && ctx.query.has('max_forecast_age')) ctx.query.delete('max_forecast_age');
    },
  },
  {
    name: 'targets_venue_b_url_query_unmatched',
    round: 7,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-targets (free, no auth)',
    sentences: ['4d6ffdd7c542'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'A venue_b daily-event URL carrying a query string or fragment (a shared link, ?utm_source=...) is split on "/" without URL parsing, so the event ticker is read with the query attached and nothing matches: 404 not_found echoing that ticker. The bare URL, tickers, marketKeys and venue_a URLs (with or without a query) are right.',
    how: 'GET /api/public/forecast-targets?ref=https://venue-b.example/markets/kxcpiyoy/us-cpi-yoy/kxcpiyoy-26mar?utm_source=share: 404 {ticker "KXCPIYOY-26MAR?UTM_SOURCE=SHARE"}; the reference resolves event KXCPIYOY-26MAR with 5 children.',
    async onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-targets')) return;
      const ref = ctx.query.get('ref');
      if (!ref) return;
      const m = /^https?:\/\/[^/]+\/markets\/[^/?#]+\/[^/?#]+\/([^/]+)$/i.exec(ref.trim());
      if (!m || !/[?#]/.test(m[1])) return;
      let host = '';
      try { host = new URL(ref.trim()).hostname; } catch { return; }
      if (!/venue-b/i.test(host)) return;
      const probe = await ctx.forward();
      if (probe.status !== 200 || !probe.json || probe.json.venue !== 'venue_b') return probe;
      const ticker = m[1].toUpperCase();
      return ctx.reply(404, { error: 'not_found', message: `no forecast target matches ${ticker}`, ticker });
    },
  },
  {
    name: 'assets_q_summary_forecast_windowed',
    round: 7,
    pattern: 'd',
    section: 'Resources and their fields / Asset search item',
    sentences: ['188246ced510', '64022309acf7'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In q mode, market_summary.markets_with_forecast counts only the linked markets with a forecast inside the catalog\'s default 48-hour window (forecast_count > 0) instead of every market with a stored forecast, so the same asset\'s summary says fewer markets with a forecast in q mode than in reference mode (where it matches the has_forecast flags). Reference and material_only answers are right.',
    how: 'GET /api/v1/assets/search?q=btc: btc market_summary.markets_with_forecast 35; GET /api/v1/assets/search?reference=btc: 49, and 49 linked markets with has_forecast true.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !b || !Array.isArray(b.assets) || !ctx.query.has('q')) return;
      const keys = b.assets.filter((a) => a && a.market_summary && a.assetKey).map((a) => a.assetKey);
      if (!keys.length) return;
      const counts = await r7aWindowedForecastCounts(ctx, keys);
      let hit = false;
      for (const a of b.assets) {
        if (!a || !a.market_summary || !a.assetKey) continue;
        const n = counts.get(a.assetKey);
        if (typeof n === 'number' && n !== a.market_summary.markets_with_forecast) { a.market_summary.markets_with_forecast = n; hit = true; }
      }
      if (hit) res.touch();
    },
  },
  {
    name: 'oil_no_marks_challenge_unrounded',
    round: 7,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['212316fdb1b2'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'With include_marks=false the oil route\'s 402 challenge asks $0.0075 (amount 7500 on both networks: a 25% discount for the two skipped mark fetches, not rounded up to the $0.005 grid); with marks it asks 10000. API-key debits are unchanged.',
    how: 'GET /api/v1/signals/oil?include_marks=false without credentials: PAYMENT-REQUIRED accepts[].amount "7500" (not a multiple of 5000).',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status !== 402 || ctx.query.get('include_marks') !== 'false') return;
      const h = res.headers['payment-required'];
      if (!h) return;
      let tpl;
      try { tpl = JSON.parse(Buffer.from(String(h), 'base64').toString('utf8')); } catch { return; }
      if (!tpl || !Array.isArray(tpl.accepts)) return;
      for (const a of tpl.accepts) {
        const key = a.amount !== undefined ? 'amount' : 'maxAmountRequired';
        const n = Number(a[key]);
        if (Number.isFinite(n) && n > 0) a[key] = String(Math.round(n * 0.75));
      }
      res.headers['payment-required'] = Buffer.from(JSON.stringify(tpl)).toString('base64');
    },
  },
  // =========== round 7 (b): patterns e, f, g
  // ------------------------------------------------------------------ pattern e (round 7 b)
  {
    name: 'standard_second_refusals_counted',
    round: 7,
    pattern: 'e',
    section: 'Limits',
    sentences: ['db986177c205', '4fc78605712d'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/markets/search', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast'],
    what: 'The standard scope\'s per-second window counts refused attempts as well as admissions (the limiter increments before it checks): once an API key has been refused in the last second, a call is refused 429 "standard-second" whenever the key made 20 or more attempts, admitted or refused, in the second before it, although fewer than 20 calls were admitted in that second. Keys that were never refused, and the minute, day and in-flight bounds, are unaffected; the refusal is not billed.',
    how: 'Preload the standard second window of an account with 20 (POST /__control/limits/usage); 500 ms later send 25 GET /api/v1/assets with its key (all 429, rightly); 1.15 s after the preload (the 20 admissions have left the window) GET /api/v1/assets again: 429 standard-second with Retry-After 1 (the reference answers 200).',
    onRequest(ctx) {
      if (!ctx.apiKey || ctx.headers['payment-signature'] || r4bRoutePrice(ctx) <= 0 || ctx.method !== 'GET') return;
      const all = (ctx.state.r7bAttempts = ctx.state.r7bAttempts || new Map());
      const now = Date.now();
      const list = (all.get(ctx.apiKey) || []).filter((a) => now - a.t < 1000);
      const mine = { t: now, refused: false };
      list.push(mine);
      all.set(ctx.apiKey, list);
      ctx.r7bAttempt = mine;
      const before = list.length - 1;
      if (before >= 20 && list.some((a) => a !== mine && a.refused)) {
        mine.refused = true;
        const oldest = Math.min(...list.filter((a) => a !== mine).map((a) => a.t));
        const wait = Math.max(1, Math.ceil((oldest + 1000 - now) / 1000));
        return ctx.reply(429, {
          error: 'rate_limited',
          message: `Too many requests: the standard scope's per-second limit is exceeded; retry after ${wait} s`,
          retry_after: wait,
          limit_scope: 'standard',
        }, {
          'retry-after': String(wait),
          'ratelimit-policy': '"standard-second";q=20;w=1, "standard-minute";q=600;w=60, "standard-day";q=20000;w=86400, "standard-concurrency";q=10',
          ratelimit: `"standard-second";r=0;t=${wait}`,
        });
      }
    },
    onResponse(ctx, res) {
      if (ctx.r7bAttempt && res.status === 429) ctx.r7bAttempt.refused = true;
    },
  },
  // ------------------------------------------------------------------ pattern f (round 7 b)
  {
    name: 'last_credits_404_refund_skipped',
    round: 7,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/markets/search', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast', 'POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'The refund of an unbilled answer (a 404, or a 500/502/503/504 upstream error) is skipped when the call\'s debit took the API-key account to a zero balance: the refund job treats an account emptied by the debit as exhausted and leaves it alone, so an account that spends its last credits on a 404 or a failed upstream keeps the debit. Accounts that still hold credits after the debit are refunded as documented; successes and 429s are unchanged.',
    how: 'Create an account with exactly 10 credits; GET /api/v1/markets/nope-nope/forecast with its key: 404 not_found and the balance is 0 (the reference refunds: 10). The same call from an account with 11 credits leaves 11.',
    async onResponse(ctx, res) {
      learnAccounts(ctx, res);
      if (!ctx.apiKey || ctx.headers['payment-signature'] || ![404, 500, 502, 503, 504].includes(res.status)) return;
      const price = r4bRoutePrice(ctx);
      if (price <= 0) return;
      const acct = await accountOf(ctx);
      if (!acct) return;
      const r = await ctx.control('GET', `/__control/accounts/${encodeURIComponent(acct)}`);
      if (!r || r.status !== 200 || !r.json || r.json.credits !== price) return;
      const e = Array.isArray(r.json.entries) ? r.json.entries : [];
      const last = e[e.length - 1];
      const prev = e[e.length - 2];
      // the reference debited the price (down to 0) and refunded it; the buggy refund job would have skipped that
      if (!last || last.kind !== 'refund' || !prev || prev.kind !== 'debit' || prev.balance !== 0) return;
      await ctx.charge(price);
    },
  },
  // ------------------------------------------------------------------ pattern g (round 7 b)
  {
    name: 'signals_crash_alias_null_false',
    round: 7,
    pattern: 'g',
    section: 'Versioning',
    sentences: ['e6f987f103ad', 'ed03cd5f7401'],
    operations: ['GET /api/v1/signals'],
    what: 'In GET /api/v1/signals rows, the former field crash_risk_elevated is serialised as a boolean (drawdown_risk_elevated === true), so a row with no current drawdown read says drawdown_risk_elevated null (unknown, not safe) and crash_risk_elevated false (safe) beside it; true and false rows agree. Clients still on the alias read unknown risk as safe.',
    how: 'GET /api/v1/signals with an API key: the rows whose drawdown_risk_elevated is null (12 in the seed) carry crash_risk_elevated false (the reference: null).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/signals') || res.status !== 200 || !b || !Array.isArray(b.signals)) return;
      let n = 0;
      for (const s of b.signals) {
        if (s && s.drawdown_risk_elevated === null && 'crash_risk_elevated' in s) { s.crash_risk_elevated = s.drawdown_risk_elevated === true; n++; }
      }
      if (n) res.touch();
    },
  },
  {
    name: 'latest_venue_b_yes_odds_cents',
    round: 7,
    pattern: 'g',
    section: 'Resources and their fields / Venue quote (VenueQuoteV1)',
    sentences: ['64a5b7155908'],
    operations: ['GET /api/v1/latest'],
    what: 'In the latest feed, market.venue_data.yes_odds of venue_b markets is rounded to whole cents (the venue\'s tick) while market.venue_quote.selected_probability beside it keeps the half-cent midpoint: a venue_b book at 0.96/0.99 says selected_probability 0.975 and yes_odds 0.98. Quotes already on a whole cent, and other venues, agree.',
    how: 'GET /api/v1/latest?hours=6 with an API key: events whose market is venue_b with a half-cent midpoint (for example 0.975, 0.965, 0.595) have venue_data.yes_odds different from venue_quote.selected_probability.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events)) return;
      let n = 0;
      for (const e of b.events) {
        const m = e && e.market;
        const vd = m && m.venue_data;
        if (!m || m.venue !== 'venue_b' || !vd || typeof vd.yes_odds !== 'number') continue;
        const cents = Math.round(vd.yes_odds * 100 + 1e-9) / 100;
        if (cents !== vd.yes_odds) { vd.yes_odds = cents; n++; }
      }
      if (n) res.touch();
    },
  },
  {
    name: 'sources_article_published_at_correlated',
    round: 7,
    pattern: 'g',
    section: 'Resources and their fields / Source item (GET /api/v1/sources)',
    sentences: ['92ff9445882d', '3cb09d395a58'],
    operations: ['GET /api/v1/sources'],
    what: 'In GET /api/v1/sources, an article item\'s published_at is the time the article was correlated to the market (the RELEVANT_TO edge\'s timestamp, the column social posts are windowed on) instead of its publication time, so the same article (same url, same market) says published_at P on GET /api/v1/markets/{slug}/signals and a later instant (its correlated_at there) on the sources route; items are re-ordered newest first on the shown value, and the set of items and social posts are unchanged.',
    how: 'GET /api/v1/sources?market_keys=venue_a:520224&window=168&types=article and GET /api/v1/markets/will-us-unemployment-reach-5-in-2026/signals with an API key: for each article url, sources published_at equals the signals route\'s correlated_at (for example 15:29:06 instead of 14:29:06), not its published_at.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200 || !b || !Array.isArray(b.sources)) return;
      let n = 0;
      for (const s of b.sources) {
        if (!s || s.type !== 'article' || !s.market || !s.market.slug) continue;
        const corr = await r7bCorrelatedAt(ctx, s.market.slug, s.market.venue);
        const at = corr && corr.get(s.url);
        if (at && at !== s.published_at) { s.published_at = at; n++; }
      }
      if (!n) return;
      b.sources.sort((x, y) => Date.parse(y.published_at) - Date.parse(x.published_at));
      res.touch();
    },
  },
  // ================================================================== round 8 (a): patterns a, b, c, d
  {
    name: 'sources_conflict_409',
    round: 8,
    pattern: 'a',
    section: 'Errors',
    sentences: ['713e31698732'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources given both markets and market_keys (a conflicting pair) answers 409 {"error":"conflicting_parameters"} instead of 422 invalid_request; its other 422 causes (missing keys, out-of-range window, more than 10 entries) and every other route keep 422.',
    how: 'GET /api/v1/sources?markets=will-us-unemployment-reach-5-in-2026&market_keys=venue_a:520224 with an API key: 409 conflicting_parameters (the reference: 422 invalid_request).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 422 || !b || b.error !== 'invalid_request') return;
      if (!ctx.query.has('markets') || !ctx.query.has('market_keys')) return;
      res.status = 409;
      b.error = 'conflicting_parameters';
      res.touch();
    },
  },
  {
    name: 'signals_topic_lost_with_drawdown_filter',
    round: 8,
    pattern: 'b',
    section: 'Endpoints / Other operations referenced',
    sentences: ['ed03cd5f7401'],
    operations: ['GET /api/v1/signals'],
    what: 'GET /api/v1/signals drops the topic=broker_a filter when exclude_drawdown_risk=true is also given (the drawdown branch filters the unfiltered board), so signals on markets no broker lists come back; each filter alone is right (API-key calls only).',
    how: 'GET /api/v1/signals?topic=broker_a&exclude_drawdown_risk=true with an API key: 42 rows, 20 of them on markets with empty broker_channels (the reference: 22 rows, all broker-listed).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/signals') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (String(ctx.query.get('exclude_drawdown_risk')).toLowerCase() === 'true' && ctx.query.has('topic')) ctx.query.delete('topic');
    },
  },
  {
    name: 'job_read_uppercase_id_404',
    round: 8,
    pattern: 'c',
    section: 'Endpoints / GET /api/auth/forecast-requests/{jobId} (free, API key only)',
    sentences: ['cc2ed782da5e'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'The job read looks the jobId up as an exact string, so the caller\'s own job spelt as an upper-case UUID answers the unknown-job 404; the lower-case form returned by POST works.',
    how: 'POST /api/auth/forecast-requests (venue_a 1000503), then GET /api/auth/forecast-requests/{JOBID upper-cased} with the same key: 404 not_found (the reference answers 200 with that job).',
    onRequest(ctx) {
      const m = ctx.method === 'GET' && JOB_READ.exec(ctx.path);
      if (!m) return;
      let id;
      try { id = decodeURIComponent(m[1]); } catch { return; }
      if (/^[0-9A-Fa-f-]{36}$/.test(id) && /[A-F]/.test(id)) ctx.path = '/api/auth/forecast-requests/00000000-0000-4000-8000-000000000000';
    },
  },
  {
    name: 'latest_hours_debit_per_block',
    round: 8,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['bbcf421734bc', '1298c54a809b'],
    operations: ['GET /api/v1/latest'],
    what: 'GET /api/v1/latest debits 20 credits per started 3-hour block of its window, so hours=4..6 costs 40 credits ($0.04) instead of the flat $0.02; the default and hours 1..3 cost 20 (API-key calls only; the x402 challenge is unchanged).',
    how: 'Create an account, GET /api/v1/latest?hours=6 with its key: the balance falls by 40 credits (the reference: 20); GET /api/v1/latest: 20.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const h = Number(ctx.query.get('hours'));
      if (Number.isInteger(h) && h > 3 && h <= 6) await ctx.charge(20 * (Math.ceil(h / 3) - 1));
    },
  },
  {
    name: 'availability_target_count_with_event',
    round: 8,
    pattern: 'd',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['c16fca8c19a6', '1d099ad81fdb'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'For a venue_b multi-contract event, the availability answer\'s targetResolution.marketCount (and the count in its message) includes the event\'s own row, one more than the open child markets the forecast-targets endpoint it points to lists (markets and allContracts.marketCount).',
    how: 'GET /api/public/forecast-availability?market_key=venue_b:KXCPIYOY-26MAR: targetResolution.marketCount 6 ("... with 6 open contracts"); GET /api/public/forecast-targets?ref=KXCPIYOY-26MAR: 5 markets, allContracts.marketCount 5.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b || !b.targetResolution) return;
      const t = b.targetResolution;
      if (!Number.isInteger(t.marketCount)) return;
      const n = t.marketCount + 1;
      if (typeof t.message === 'string') t.message = t.message.replace(`with ${t.marketCount} open`, `with ${n} open`);
      t.marketCount = n;
      res.touch();
    },
  },
  // ================================================================== round 8 (b): patterns e, f, g
  // ------------------------------------------------------------------ pattern e (round 8 b)
  {
    name: 'latest_newest_minutes_stale',
    round: 8,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/latest ($0.02)',
    sentences: ['445529a3d214'],
    operations: ['GET /api/v1/latest'],
    what: 'GET /api/v1/latest computes as_of and window.since per request but reads its events from a materialized view refreshed every five minutes: events whose occurred_at lies in the last five minutes before as_of (the newest edge of the window) are missing, and count is recounted from what is returned. as_of, window and types stay right, every returned event lies in the window, and older events are all there.',
    how: 'Right after start, GET /api/v1/sources?market_keys=venue_a:520224,...&window=1&types=article lists the article "Traders reassess whether US unemployment reach 5% in 2026..." (published about 3 minutes before start, correlated seconds before start); GET /api/v1/latest?hours=1&types=article has no event with that url for venue_a:520224 (the reference lists it).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events) || !b.as_of) return;
      const asOf = Date.parse(b.as_of);
      if (!Number.isFinite(asOf)) return;
      const cutoff = asOf - 5 * 60_000;
      const kept = b.events.filter((e) => !(e && Date.parse(e.occurred_at) > cutoff));
      if (kept.length === b.events.length) return;
      b.events = kept;
      if (typeof b.count === 'number') b.count = kept.length;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern f (round 8 b)
  {
    name: 'generation_daily_quota_429_billed',
    round: 8,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['c62df283b618', '4fc78605712d'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'When POST /api/auth/forecast-requests is refused 429 by the owner-scoped daily generation quota (quotaScope venue_market_daily), the $1.00 (1000-credit) debit is kept: the quota is counted inside the job service, after the gateway debited the call, and its refusal is handled like a business answer rather than a rate limit, so the refund hook never sees it. The 429 answer itself (retryAfter, limit_scope, quotaScope, limit) is unchanged; the standard scope\'s 429s of the same route, and every other refusal, debit nothing.',
    how: 'Create an account with 100000 credits; POST /api/auth/forecast-requests for venue_a 1000503 fifty times (new Idempotency-Key each, paced under 20/s), all 202; the 51st answers 429 quotaScope venue_market_daily limit 50 and the balance drops by 1000 (the reference: unchanged).',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/auth/forecast-requests') || res.status !== 429 || !b || !ctx.apiKey) return;
      if (b.quotaScope !== 'venue_market_daily') return;
      await ctx.charge(1000);
    },
  },
  {
    name: 'oil_partial_marks_billed',
    round: 8,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'An oil answer whose live venue marks came back only in part (one of the two mark fetches failed: that mark null, degraded true) keeps its API-key debit: the refund hook only fires when every upstream mark fetch failed, so a partial upstream failure is settled like a success. Answers with both marks missing are refunded, complete answers are debited as usual, and the answer itself is unchanged.',
    how: 'POST /__control/oil {scope S, reading seeded, marksDown [venue_a_perps]}; GET /api/v1/signals/oil with an API key and X-Fault-Scope S: 200, marks.venue_a_perps null, degraded true, and the balance is 10 credits lower (the reference: unchanged).',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status !== 200 || !b || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (b.degraded !== true || !b.marks || typeof b.marks !== 'object') return;
      const vals = ['venue_a_perps', 'perp_venue_b'].map((k) => b.marks[k]);
      const down = vals.filter((m) => m === null).length;
      const up = vals.filter((m) => m && typeof m === 'object').length;
      if (down === 1 && up === 1) await ctx.charge(10);
    },
  },
  // ------------------------------------------------------------------ pattern g (round 8 b)
  {
    name: 'profile_post_count_citations',
    round: 8,
    pattern: 'g',
    section: 'Resources and their fields / Social-account profile (response of POST /api/v1/x/profile)',
    sentences: ['00a2db4b711e'],
    operations: ['POST /api/v1/x/profile'],
    what: 'window.post_count of a profile counts citations instead of distinct posts: it is the number of post_ids entries across interests, beliefs, tendencies, risk_profile, information_processing and observations (a post cited by five claims counts five times), while evidence, which resolves every cited post once, lists far fewer posts. Every other member is unchanged.',
    how: 'POST /api/v1/x/profile {"handle":"policy_pat"} with an API key: window.post_count 196 while the profile cites 24 distinct post_ids and evidence has 24 entries (the reference: 24).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/v1/x/profile') || res.status !== 200 || !b || !b.window || typeof b.window.post_count !== 'number') return;
      let n = 0;
      for (const k of ['interests', 'beliefs', 'tendencies', 'observations']) {
        if (Array.isArray(b[k])) for (const c of b[k]) if (c && Array.isArray(c.post_ids)) n += c.post_ids.length;
      }
      for (const k of ['risk_profile', 'information_processing']) {
        if (b[k] && Array.isArray(b[k].post_ids)) n += b[k].post_ids.length;
      }
      if (n > b.window.post_count) { b.window.post_count = n; res.touch(); }
    },
  },
  {
    name: 'availability_latest_forecast_oldest',
    round: 8,
    pattern: 'g',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['c16fca8c19a6', 'd20a128ec045'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'forecast-availability\'s latestForecast is the market\'s first stored forecast (the lookup sorts the committed forecasts ascending by creation time and takes the first row): for markets with two or more stored forecasts, latestForecast.id and createdAt name the oldest one, while the paid read it points to answers a newer forecast and GET /api/v1/markets gives that newer instant as latest_forecast_at. Markets with one stored forecast, and every other member (tracked, available, read, generation), are right.',
    how: 'GET /api/public/forecast-availability?market_key=venue_b:KXFED-26JUN-T4.25: latestForecast {id 24eda97e-..., createdAt 2026-11-29T10:50Z (the oldest of its history)} while GET /api/v1/markets/KXFED-26JUN-T4.25/forecast?venue=venue_b answers forecast.id 2dd79c94-... created 22:41Z (the reference availability names that one).',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b) return;
      const lf = b.latestForecast;
      if (!lf || typeof lf !== 'object' || !b.read || typeof b.read.endpoint !== 'string') return;
      const stored = await r8bStoredRead(ctx, b.read.endpoint);
      if (!stored || !stored.forecast) return;
      const all = [stored.forecast, ...(Array.isArray(stored.history) ? stored.history : [])]
        .filter((f) => f && f.id && f.created_at && Number.isFinite(Date.parse(f.created_at)));
      if (all.length < 2) return;
      all.sort((x, y) => Date.parse(x.created_at) - Date.parse(y.created_at));
      const first = all[0];
      if (first.id === lf.id) return;
      lf.id = first.id;
      lf.createdAt = first.created_at;
      res.touch();
    },
  },
  // ================================================================== round 9 (a): patterns a, b, c, d
  // ------------------------------------------------------------------ pattern a (round 9 a)
  {
    name: 'signals_market_refs_carry_odds',
    round: 9,
    pattern: 'a',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['e9080ed6dbb9'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'In GET /api/v1/markets/{slug}/signals, the MarketRefs of market.relationships.markets carry a market_odds member (the sibling market\'s venue odds, its venue_quote.selected_probability, joined in by the evidence route\'s ref builder), although the relationships envelope carries no venue odds; every other route\'s envelope, and every other ref member, are right.',
    how: 'GET /api/v1/markets/KXCPIYOY-26APR-T3.2/signals?venue=venue_b: market.relationships.markets[] refs carry market_odds numbers (e.g. venue_a_us:56946901 market_odds 0.2) equal to that market\'s market_odds on GET /api/v1/markets.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !MARKET_SIGNALS.test(ctx.path) || res.status !== 200 || !b) return;
      const refs = b.market && b.market.relationships && b.market.relationships.markets;
      if (!Array.isArray(refs) || refs.length === 0) return;
      const cat = await r9aCatalog(ctx);
      if (!cat) return;
      let n = 0;
      for (const r of refs) {
        const m = r && cat.get(r.marketKey);
        if (m && typeof m.market_odds === 'number') { r.market_odds = m.market_odds; n++; }
      }
      if (n) res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern b (round 9 a)
  {
    name: 'markets_topic_venue_a_prefix',
    round: 9,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['f2c39a12bd17'],
    operations: ['GET /api/v1/markets'],
    what: 'When topic is given, the venue filter of GET /api/v1/markets is applied as a marketKey prefix (marketKey LIKE venue || \'%\') in the topic query path, so venue=venue_a also keeps the venue_a_us rows of the topic (their keys start with "venue_a"); venue=venue_a alone, the other venue values, and topic alone are right. venue_facets (computed before the venue filter) are unchanged. API-key calls only.',
    how: 'GET /api/v1/markets?topic=stocks&venue=venue_a: 19 rows, 6 of them with venue venue_a_us (the reference: 13 rows, all venue_a); GET /api/v1/markets?venue=venue_a has only venue_a rows.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200 || !b || !Array.isArray(b.markets) || !ctx.apiKey) return;
      if (!ctx.query.get('topic') || ctx.query.get('venue') !== 'venue_a') return;
      const q = new URLSearchParams(ctx.query);
      q.delete('venue');
      const all = await r9aPrivateGet(ctx, `/api/v1/markets?${q.toString()}`);
      if (!all || !Array.isArray(all.markets)) return;
      const rows = all.markets.filter((m) => m && typeof m.marketKey === 'string' && m.marketKey.startsWith('venue_a'));
      if (rows.length === b.markets.length) return;
      b.markets = rows;
      res.touch();
    },
  },
  {
    name: 'sources_slug_form_types_ignored',
    round: 9,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['20006d3b63d4'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources honours types only on the market_keys path: when the markets are given as slugs (markets=...), types is not passed to the slug query, so types=article still returns the social posts and types=x_post still returns the articles (both kinds, as by default). market_keys with types, and the default, are right. API-key calls only.',
    how: 'GET /api/v1/sources?markets=KXCPIYOY-26MAR-T2.8&venue=venue_b&window=168&types=article: x_post items are present (the reference: articles only); the same with market_keys=venue_b:KXCPIYOY-26MAR-T2.8 is right.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/sources') || !ctx.apiKey) return;
      if (!ctx.query.get('markets') || ctx.query.get('market_keys') !== null) return;
      const t = ctx.query.get('types');
      if (t === null) return;
      const vals = listParam(t);
      if (vals.length === 0 || !vals.every((x) => x === 'article' || x === 'x_post')) return;
      ctx.query.delete('types');
    },
  },
  // ------------------------------------------------------------------ pattern c (round 9 a)
  {
    name: 'assets_reference_slash_last_segment',
    round: 9,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['ca70ee9fbe15', '948116da3c69'],
    operations: ['GET /api/v1/assets/search'],
    what: 'Reference values containing "/" are passed through the URL-ref normaliser shared with forecast-targets, which keeps only the last path segment, so an AssetIdentifier value with a slash (the iso4217 pair EUR/USD) is looked up as "USD" and matches nothing; the references echo still lists the value as given. Asset keys, UUIDs, other identifier values and marketKeys match. API-key calls only.',
    how: 'GET /api/v1/assets/search?reference=EUR%2FUSD: assets [] with references ["EUR/USD"] (the reference: the eur-usd asset, matched_fields identifiers); reference=eur-usd finds it.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.apiKey) return;
      const refs = ctx.query.getAll('reference');
      if (!refs.some((r) => r.includes('/'))) return;
      const back = new Map();
      const next = refs.map((r) => {
        if (!r.includes('/')) return r;
        const seg = r.split('/').filter(Boolean).pop();
        if (!seg) return r;
        if (!back.has(seg)) back.set(seg, r);
        return seg;
      });
      if (back.size === 0) return;
      ctx.query.delete('reference');
      for (const r of next) ctx.query.append('reference', r);
      ctx.r9aRefBack = back;
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.r9aRefBack || !b || !Array.isArray(b.references)) return;
      b.references = dedupe(b.references.map((r) => ctx.r9aRefBack.get(r) ?? r));
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern d (round 9 a)
  {
    name: 'generation_quota_retryafter_ms',
    round: 9,
    pattern: 'd',
    section: 'Errors',
    sentences: ['d3fe4d7ef12e', '86c43891806e'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'The owner-scoped daily generation quota 429 (quotaScope venue_market_daily) states its retryAfter member in milliseconds (the job service\'s time-to-UTC-midnight without the division by 1000), while the same answer\'s Retry-After header, RateLimit t= and retry_after give the wait in seconds; standard-scope 429s carry no retryAfter and are unchanged.',
    how: 'A 100000-credit account makes 50 generations for venue_a 1000503 (202 each); the 51st answers 429 venue_market_daily with Retry-After 61876 and retry_after 61876 but retryAfter 61876000 (the reference: 61876).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/auth/forecast-requests') || res.status !== 429 || !b) return;
      if (!b.quotaScope || typeof b.retryAfter !== 'number') return;
      b.retryAfter = b.retryAfter * 1000;
      res.touch();
    },
  },
  // ================================================================== round 9 (b): patterns e, f, g
  // ------------------------------------------------------------------ pattern e (round 9 b)
  {
    name: 'x_research_day_from_first_admission',
    round: 9,
    pattern: 'e',
    section: 'Limits',
    sentences: ['d52fce9a3b8f'],
    operations: ['POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'The social-research scope\'s daily quota (500 per UTC day) is a counter that expires 24 hours after the account\'s first admission of its window (an INCR-then-EXPIRE 86400 counter) instead of resetting at 00:00 UTC: an account that used its 500 calls keeps getting 429 x_research-day after UTC midnight until 24 h after its first counted call, and its day-limit 429s advertise Retry-After up to that instant. The standard scope, and the second, minute and in-flight windows of the social scope, are right.',
    how: 'POST /__control/limits/usage {scope x_research, window day, count 500, accountId}; POST /api/v1/x/search with its key (429); POST /__control/clock to 30 s after the next UTC midnight; POST /api/v1/x/search again: 429 x_research-day with Retry-After of several hours (the reference answers 200).',
    async onRequest(ctx) {
      if (!r9bIsXResearch(ctx) || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const acct = await accountOf(ctx);
      const st = acct && r9bXDay(ctx).get(acct);
      if (!st) return;
      const now = await ctx.stubNow();
      if (now >= st.anchor + DAY_MS) { r9bXDay(ctx).delete(acct); return; }
      if (st.count < 500 || Math.floor(now / DAY_MS) === Math.floor(st.anchor / DAY_MS)) return; // same UTC day: the stub refuses by itself
      const s = Math.max(1, Math.ceil((st.anchor + DAY_MS - now) / 1000));
      ctx.r9bReplied = true;
      return ctx.reply(429, {
        error: 'rate_limited',
        message: `Too many requests: the x_research scope's daily limit is exceeded; retry after ${s} s`,
        retry_after: s,
        limit_scope: 'x_research',
      }, { 'retry-after': String(s), 'ratelimit-policy': R9B_X_POLICY, ratelimit: `"x_research-day";r=0;t=${s}` });
    },
    async onResponse(ctx, res) {
      learnAccounts(ctx, res);
      const map = r9bXDay(ctx);
      const b = J(res);
      if (ctx.method === 'POST' && ctx.path === '/__control/reset' && res.status < 300) { map.clear(); return; }
      if (ctx.method === 'POST' && ctx.path === '/__control/limits/usage' && res.status === 200) {
        const q = ctx.bodyJson() || {};
        if (q.scope !== 'x_research' || q.window !== 'day' || !q.accountId) return;
        if (!(Number(q.count) > 0)) { map.delete(q.accountId); return; }
        const now = await ctx.stubNow();
        const st = map.get(q.accountId) || { anchor: now, count: 0 };
        st.count = Number(q.count);
        map.set(q.accountId, st);
        return;
      }
      if (ctx.r9bReplied || !r9bIsXResearch(ctx) || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const acct = await accountOf(ctx);
      if (!acct) return;
      const now = await ctx.stubNow();
      if (res.status !== 429) {
        const st = map.get(acct) || { anchor: now, count: 0 };
        st.count += 1;
        map.set(acct, st);
        return;
      }
      // a day-limit refusal advertises the end of the anchored 24-hour counter, not the UTC midnight
      const st = map.get(acct);
      if (!st || !b || b.limit_scope !== 'x_research' || !/x_research-day/.test(String(res.headers.ratelimit || ''))) return;
      const s = Math.max(1, Math.ceil((st.anchor + DAY_MS - now) / 1000));
      res.headers['retry-after'] = String(s);
      if (typeof b.retry_after === 'number') b.retry_after = s;
      if (typeof b.message === 'string') b.message = b.message.replace(/retry after \d+ s/, `retry after ${s} s`);
      res.headers.ratelimit = String(res.headers.ratelimit).replace(/("x_research-day";r=\d+;t=)\d+/, `$1${s}`);
      res.touch();
    },
  },
  {
    name: 'markets_max_forecast_age_clamped_168',
    round: 9,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['fb6a3786da57'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets clamps max_forecast_age to 168 hours (the shared hour-window validator of changed_within and sources window, whose maximum is 168, is reused for it): any value above 168 is silently served as 168, so forecast_count and latest_forecast_at leave out forecasts older than a week, and markets whose only forecasts are older than a week (and that have no signal) are not listed. Values 1..168 and the default are right; nothing is refused.',
    how: 'GET /api/v1/markets?max_forecast_age=400 and ?max_forecast_age=168 with an API key: the same markets with the same forecast_count sums (the reference: 400 lists more markets and counts more forecasts, e.g. 627 against 419).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets')) return;
      const raw = ctx.query.get('max_forecast_age');
      if (raw === null || !/^\d+$/.test(raw.trim())) return;
      if (Number(raw) > 168) ctx.query.set('max_forecast_age', '168');
    },
  },
  // ------------------------------------------------------------------ pattern f (round 9 b)
  {
    name: 'sources_long_window_error_billed',
    round: 9,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources with a window above 72 hours is served through the evidence archive path, whose failure branch skips the refund: an upstream error answer (500, 502, 503 or 504) of such a request keeps its 5-credit API-key debit. The same failure with window 1..72 (the default 48 included) is refunded; the error answer itself is unchanged.',
    how: 'POST /__control/faults {method GET, path /api/v1/sources, status 502, times 1, scope S}; GET /api/v1/sources?market_keys=venue_a:520224&window=100 with an API key and X-Fault-Scope S: 502 and the balance is 5 credits lower (the reference: unchanged).',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/sources') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (res.status < 500 || res.status > 504) return;
      const w = ctx.query.get('window');
      if (w === null || !/^\d+$/.test(w.trim()) || Number(w) <= 72) return;
      await ctx.charge(5);
    },
  },
  // ------------------------------------------------------------------ pattern g (round 9 b)
  {
    name: 'generation_quota_limit_scope_bound',
    round: 9,
    pattern: 'g',
    section: 'Errors',
    sentences: ['e9ea9470cd9b'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'The owner-scoped daily generation quota 429 (quotaScope venue_market_daily) reports limit 20000, the daily bound of the scope named in its limit_scope member (standard), instead of the bound of the quota that was exceeded (50 generations): the error builder looks the bound up by limit_scope. retryAfter, quotaScope, the headers (RateLimit-Policy q=50) and the message ("50 generations") are unchanged, and no other 429 carries limit.',
    how: 'Create an account with 100000 credits; POST /api/auth/forecast-requests for venue_a 1000503 with a new Idempotency-Key until it answers 429: 50 are accepted, the 51st says quotaScope venue_market_daily and limit 20000 (the reference: 50).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/auth/forecast-requests') || res.status !== 429 || !b) return;
      if (b.quotaScope !== 'venue_market_daily' || typeof b.limit !== 'number' || b.limit_scope !== 'standard') return;
      b.limit = 20000;
      res.touch();
    },
  },
  {
    name: 'asset_summary_published_signals_counted',
    round: 9,
    pattern: 'g',
    section: 'Resources and their fields / Asset search item',
    sentences: ['188246ced510'],
    operations: ['GET /api/v1/assets/search'],
    what: 'market_summary.markets_with_published_signal of asset search counts published signals instead of markets: it is the sum of published_signal_count over the Asset\'s active direct markets, so a market with three publications counts three. It is computed the same way in q mode and reference mode (the modes agree); active_market_count, markets_with_forecast and mispriced_market_count, and every linked market\'s has_published_signal and published_signal_count, are right.',
    how: 'GET /api/v1/assets/search?reference=us-cpi&reference=eth&reference=fed-funds-rate: us-cpi says markets_with_published_signal 12 while 7 of its 23 linked markets have has_published_signal true (eth 12 vs 8, fed-funds-rate 18 vs 13); q=* gives the same inflated numbers.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !b || !Array.isArray(b.assets) || !b.assets.length) return;
      const sums = new Map();
      const need = [];
      for (const a of b.assets) {
        if (!a || !a.market_summary) continue;
        if (Array.isArray(a.linked_markets) && a.linked_markets.length) sums.set(a.id, r9bPubSum(a.linked_markets));
        else if (a.assetKey && a.market_summary.markets_with_published_signal > 0) need.push(a.assetKey);
      }
      if (need.length) {
        const more = await r9bLinkedPubSums(ctx, need);
        for (const [k, n] of more) { const a = b.assets.find((x) => x && x.assetKey === k); if (a && !sums.has(a.id)) sums.set(a.id, n); }
      }
      let touched = false;
      for (const a of b.assets) {
        const n = a && sums.get(a.id);
        if (typeof n === 'number' && n > a.market_summary.markets_with_published_signal) { a.market_summary.markets_with_published_signal = n; touched = true; }
      }
      if (touched) res.touch();
    },
  },
  // ================================================================== round 10 (a): patterns a, b, c, d
  // ------------------------------------------------------------------ pattern a (round 10 a)
  {
    name: 'availability_agreeing_ids_accepted',
    round: 10,
    pattern: 'a',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['7edb5fae1d9a', 'bda29bf2b217'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'GET /api/public/forecast-availability refuses more than one identifier only when they disagree: when two or three of market_key, market_id and slug are given and each alone resolves to the same tracked market, the route answers 200 with that market\'s availability (as if only one had been given) instead of 422. Identifiers naming different markets, unknown ones, and zero identifiers still get 422.',
    how: 'GET /api/public/forecast-availability?market_key=venue_a:520224&slug=will-us-unemployment-reach-5-in-2026: 200 tracked true for venue_a:520224 (the reference: 422 "supply exactly one of market_key, market_id, slug").',
    async onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-availability')) return;
      const names = ['market_key', 'market_id', 'slug'].filter((n) => ctx.query.getAll(n).length === 1 && ctx.query.get(n) !== '');
      if (names.length < 2) return;
      const venue = ctx.query.get('venue');
      const answers = [];
      for (const n of names) {
        const q = new URLSearchParams();
        q.set(n, ctx.query.get(n));
        if (n !== 'market_key' && venue !== null) q.set('venue', venue);
        let r;
        try { r = await ctx.upstream({ method: 'GET', url: `/api/public/forecast-availability?${q.toString()}` }); } catch { return; }
        const b = J(r);
        if (r.status !== 200 || !b || b.tracked !== true || !b.market || !b.market.marketKey) return;
        answers.push({ r, key: b.market.marketKey });
      }
      if (!answers.every((a) => a.key === answers[0].key)) return;
      return answers[0].r;
    },
  },
  // ------------------------------------------------------------------ pattern b (round 10 a)
  {
    name: 'assets_material_only_false_directory',
    round: 10,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['81fff03d6a41', 'c37e8ffa597c'],
    operations: ['GET /api/v1/assets/search'],
    what: 'GET /api/v1/assets/search tests whether material_only is present rather than true: material_only=false given alone (no q, no reference) passes the input check and is answered 200 as the unfiltered directory (query "*", material_only false, every Asset with an empty linked_markets, platform and asset_type still applied) instead of 422. material_only=true alone, q, reference and the empty request are right. API-key calls only.',
    how: 'GET /api/v1/assets/search?material_only=false with an API key: 200 {query:"*", material_only:false, assets:[...all Assets]} (the reference: 422 "supply q, reference, or material_only=true alone").',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.apiKey) return;
      if (ctx.query.getAll('material_only').length !== 1 || ctx.query.get('material_only') !== 'false') return;
      if (ctx.query.get('q') !== null || ctx.query.getAll('reference').length) return;
      ctx.query.delete('material_only');
      ctx.query.set('q', '*');
      ctx.r10aMatFalse = true;
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.r10aMatFalse || res.status !== 200 || !b) return;
      b.material_only = false;
      res.touch();
    },
  },
  {
    name: 'assets_material_asset_type_case_sensitive',
    round: 10,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['4a6c5a6a8ef5'],
    operations: ['GET /api/v1/assets/search'],
    what: 'On the material-only directory path of GET /api/v1/assets/search (material_only=true without q or reference), the asset_type filter is applied after materiality in code with an exact string comparison, so a letter-case variant of a type (asset_type=CryptoAsset) keeps no Asset; the same variant with q or reference, and the exact lower-case value with material_only, are right. API-key calls only.',
    how: 'GET /api/v1/assets/search?material_only=true&asset_type=CryptoAsset: assets [] (the reference: btc, eth, doge, sol, xrp, as with asset_type=cryptoasset).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.apiKey || res.status !== 200 || !b || !Array.isArray(b.assets)) return;
      if (ctx.query.get('material_only') !== 'true' || ctx.query.get('q') !== null || ctx.query.getAll('reference').length) return;
      const t = ctx.query.get('asset_type');
      if (!t) return;
      const kept = b.assets.filter((a) => a && a.asset_type === t);
      if (kept.length === b.assets.length) return;
      b.assets = kept;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern c (round 10 a)
  {
    name: 'assets_reference_uuid_lost_with_filter',
    round: 10,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['ca70ee9fbe15'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In reference mode of GET /api/v1/assets/search, when a platform or asset_type filter is also given, the filtered query matches references against asset keys, identifiers and linked markets but not against the Asset UUID column, so an Asset named only by its UUID is missing (references still echoes the UUID). A UUID reference alone, and keys, identifier values and marketKeys beside a filter, are right. API-key calls only.',
    how: 'GET /api/v1/assets/search?reference=b25ee26b-7b4e-4832-893c-1ecde38f8183&asset_type=cryptoasset: assets [] (the reference: the btc Asset); the same UUID without asset_type, or reference=btc&asset_type=cryptoasset, finds it.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.apiKey || res.status !== 200 || !b || !Array.isArray(b.assets)) return;
      if (!ctx.query.get('platform') && !ctx.query.get('asset_type')) return;
      const refs = ctx.query.getAll('reference');
      const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      const uuids = new Set(refs.filter((r) => UUID.test(r)).map((r) => r.toLowerCase()));
      if (uuids.size === 0) return;
      const others = refs.filter((r) => !UUID.test(r));
      const otherHit = (a) => others.some((r) => {
        const l = r.toLowerCase();
        if (String(a.assetKey || '').toLowerCase() === l) return true;
        if (Array.isArray(a.identifiers) && a.identifiers.some((i) => i && (i.value === r || `${i.platform}:${i.kind}:${i.value}` === r))) return true;
        return Array.isArray(a.linked_markets) && a.linked_markets.some((m) => m && (m.marketKey === r || m.nativeMarketId === r));
      });
      const kept = b.assets.filter((a) => !(a && uuids.has(String(a.id).toLowerCase()) && !otherHit(a)));
      if (kept.length === b.assets.length) return;
      b.assets = kept;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern d (round 10 a)
  {
    name: 'signals_slug_over_255_refused',
    round: 10,
    pattern: 'd',
    section: 'Limits',
    sentences: ['e58a35b4d66f', '85f5a54ab1af'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'The evidence route GET /api/v1/markets/{slug}/signals validates its path slug against a 255-character column bound instead of the stated 1..512: a slug of 256 to 512 characters is refused 422 "slug must be 1..255 characters" instead of being looked up (404 when nothing matches). Slugs up to 255 characters, 513 and more (422), and the other routes\' slug bounds are right. API-key calls only.',
    how: 'GET /api/v1/markets/<300 x "a">/signals with an API key: 422 invalid_request (the reference: 404 not_found; 512 characters also 404, 513 characters 422).',
    onRequest(ctx) {
      const m = ctx.method === 'GET' && MARKET_SIGNALS.exec(ctx.path);
      if (!m || !ctx.apiKey) return;
      let slug;
      try { slug = decodeURIComponent(m[1]); } catch { return; }
      if (slug.length <= 255 || slug.length > 512) return;
      return ctx.reply(422, { error: 'invalid_request', message: 'slug must be 1..255 characters' });
    },
  },
  // ================================================================== round 10 (b): patterns e, f, g
  // ------------------------------------------------------------------ pattern e (round 10 b)
  {
    name: 'profile_post_threshold_extra_day',
    round: 10,
    pattern: 'e',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['48b21df24ec7'],
    operations: ['POST /api/v1/x/profile'],
    what: 'The 15-grounded-post threshold of POST /api/v1/x/profile is counted over lookback_days + 1 days (the collector counts the day count inclusively, reaching one day before the window start): an account with fewer than 15 grounded posts in the requested window but 15 or more once the day before it is added is profiled (and billed $1.00) instead of 404 insufficient_post_history. The profile carries the requested lookback_days and from_date, while its post_count and evidence include the posts of the extra day. Accounts with 15 or more posts in the window, and accounts short even with the extra day, are answered as the reference does (API-key calls; x402 calls are left correct).',
    how: 'POST /api/v1/x/profile {handle: nobody, lookback_days: 24} with an API key: 200 with window.lookback_days 24, post_count 15 and an evidence post older than window.from_date (the reference: 404 insufficient_post_history, "@nobody has 14 grounded post(s) in the last 24 days"); lookback_days 25 is 200 on both.',
    async onRequest(ctx) {
      if (!isPost(ctx, '/api/v1/x/profile') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const body = ctx.bodyJson();
      if (!body || typeof body !== 'object' || Array.isArray(body)) return;
      const n = body.lookback_days === undefined ? 365 : body.lookback_days;
      if (!Number.isInteger(n) || n < 14 || n >= 365) return;
      const first = await ctx.forward();
      const fb = J(first);
      if (first.status !== 404 || !fb || fb.error !== 'insufficient_post_history') return first;
      const wider = await ctx.upstream({ method: 'POST', url: ctx.url, headers: { ...ctx.headers }, body: Buffer.from(JSON.stringify({ ...body, lookback_days: n + 1 })) });
      const wb = J(wider);
      if (wider.status !== 200 || !wb || !wb.window || typeof wb.window.from_date !== 'string') return first;
      const d = new Date(`${wb.window.from_date}T00:00:00Z`);
      if (Number.isNaN(d.getTime())) return first;
      d.setUTCDate(d.getUTCDate() + 1);
      wb.window.from_date = d.toISOString().slice(0, 10);
      wb.window.lookback_days = n;
      wider.touch();
      return wider;
    },
  },
  // ------------------------------------------------------------------ pattern f (round 10 b)
  {
    name: 'refund_dropped_while_key_busy',
    round: 10,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/markets/search', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast', 'POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'The refund of an unbilled answer (a 404, or a 500/502/503/504 upstream error) of an API-key call is dropped when another call of the same API key is still in flight at the moment the answer comes back: the refund asks for the account row without waiting (a NOWAIT lock) and the running call holds that row for its whole duration, so the failed lock is swallowed and the debit stays. A 404 or upstream error with no other call of the key running is refunded as documented; successes, 429s and x402 calls are unchanged.',
    how: 'Make GET /api/v1/latest slow for one scope (POST /__control/faults {GET /api/v1/latest, latencyMs 1500, scope S}); start GET /api/v1/latest with an API key and X-Fault-Scope S, and 300 ms later GET /api/v1/markets/nope-nope/forecast with the same key: 404, and once both are done the account has spent 30 credits (the reference: 20, the latest call only).',
    async onRequest(ctx) {
      if (!ctx.apiKey || ctx.headers['payment-signature']) return;
      const price = r4bRoutePrice(ctx);
      if (price <= 0) return;
      const busy = r10bBusy(ctx);
      const key = ctx.apiKey;
      busy.set(key, (busy.get(key) || 0) + 1);
      let res;
      try { res = await ctx.forward(); } finally { busy.set(key, busy.get(key) - 1); if (busy.get(key) <= 0) busy.delete(key); }
      if ([404, 500, 502, 503, 504].includes(res.status) && (busy.get(key) || 0) > 0) await ctx.charge(price);
      return res;
    },
  },
  // ------------------------------------------------------------------ pattern g (round 10 b)
  {
    name: 'search_unpriced_quote_method_midpoint',
    round: 10,
    pattern: 'g',
    section: 'Resources and their fields / Venue quote (VenueQuoteV1)',
    sentences: ['a6f55b9bfa72'],
    operations: ['GET /api/v1/markets/search'],
    what: 'In GET /api/v1/markets/search rows, a venue_b quote whose pricing is unavailable (no bid, ask or last; selected_probability null, freshness unavailable) says quote_method "midpoint" (the venue adapter\'s configured book method, filled in before the book came back empty) instead of null. Priced quotes, the other venues and the other routes are right.',
    how: 'GET /api/v1/markets/search?q=cpi with an API key: the venue_b rows whose venue_quote has selected_probability null (venue_b:KXCPIYOY-26APR-T3.2 among them) carry quote_method "midpoint" (the reference: null).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets/search') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      let n = 0;
      for (const m of b.markets) {
        const q = m && m.venue_quote;
        if (!q || m.venue !== 'venue_b' || q.quote_method !== null || q.selected_probability !== null) continue;
        if (q.yes_bid !== null || q.yes_ask !== null || q.yes_last !== null) continue;
        q.quote_method = 'midpoint';
        n++;
      }
      if (n) res.touch();
    },
  },
  {
    name: 'ip_guard_second_429_scope_standard',
    round: 10,
    pattern: 'g',
    section: 'Errors',
    sentences: ['76e92050fab9'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/markets/search', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast', 'GET /api/v1/markets', 'GET /api/v1/signals', 'GET /api/v1/markets/mispriced', 'POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'When the secondary per-IP guard refuses an API-key call on its per-second window, the 429 body says limit_scope "standard" (the calling key\'s customer scope, stamped by the shared per-second fast path; "x_research" on the social routes) although the standard scope of that key is far from its bounds and the guard rejected the request; the Retry-After, RateLimit-Policy and RateLimit headers (ip_guard-second) and the message are unchanged. The guard\'s minute and day refusals, unkeyed calls, and the customer scopes\' own 429s say the right scope.',
    how: 'POST /__control/limits/usage {scope ip_guard, window second, count 50} (this client\'s address), then at once GET /api/v1/assets with a fresh API key: 429 with limit_scope "standard" (the reference: "ip_guard"), RateLimit "ip_guard-second".',
    onResponse(ctx, res) {
      const b = J(res);
      if (res.status !== 429 || !b || b.limit_scope !== 'ip_guard' || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const rl = String(res.headers.ratelimit || '');
      if (!rl.startsWith('"ip_guard-second"')) return;
      b.limit_scope = r9bIsXResearch(ctx) ? 'x_research' : 'standard';
      res.touch();
    },
  },
  // ================================================================== round 11 (a): patterns a, b, c, d
  // ------------------------------------------------------------------ pattern a (round 11 a)
  {
    name: 'latest_slugless_market_events_dropped',
    round: 11,
    pattern: 'a',
    section: 'Endpoints / GET /api/v1/latest ($0.02)',
    sentences: ['445529a3d214'],
    operations: ['GET /api/v1/latest'],
    what: 'GET /api/v1/latest hydrates each event\'s market through a slug-keyed market map, so events of markets whose slug is null (the venue_c rows without a slug) find no market and are silently skipped: their forecast, article and x_post events are missing from the feed, and count is recounted from what is returned. as_of, window, types and every returned event are right; events of markets with a slug (every venue_a, venue_a_us and venue_b row, and venue_c rows with a slug) are all there.',
    how: 'GET /api/v1/latest?hours=6 with an API key: no event whose market.slug is null, although GET /api/v1/markets lists venue_c:c-b37c11c802 (slug null) with latest_forecast_at inside the window (the reference carries its forecast and article events).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events)) return;
      const kept = b.events.filter((e) => !(e && e.market && e.market.slug === null));
      if (kept.length === b.events.length) return;
      b.events = kept;
      if (typeof b.count === 'number') b.count = kept.length;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern b (round 11 a)
  {
    name: 'markets_changed_within_lost_with_venue',
    round: 11,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['7f3c1dd2cd06'],
    operations: ['GET /api/v1/markets'],
    what: 'When a venue filter is given, GET /api/v1/markets drops changed_within (the per-venue query path takes no changed_within argument): the answer is the venue\'s whole catalog, markets whose latest forecast is days old (or that only have signals) included, and venue_facets are those of that unfiltered path. changed_within alone, venue alone, and changed_within beside topic or max_forecast_age are right; an out-of-range changed_within is still refused 422 (API-key calls; x402 calls are left correct).',
    how: 'GET /api/v1/markets?venue=venue_b&changed_within=2 with an API key: 148 venue_b rows, most with latest_forecast_at null or older than two hours (the reference: the 17 venue_b markets whose latest forecast is under two hours old).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (!ctx.query.get('venue') || ctx.query.getAll('changed_within').length !== 1) return;
      const cw = ctx.query.get('changed_within');
      if (!/^[1-9][0-9]*$/.test(cw) || Number(cw) > 168) return; // invalid values still reach the validator
      ctx.query.delete('changed_within');
    },
  },
  {
    name: 'assets_filtered_directory_key_order',
    round: 11,
    pattern: 'b',
    section: 'Resources and their fields / Asset search item',
    sentences: ['966b668f076b'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In the filtered directory of GET /api/v1/assets/search (q="*" beside a platform or asset_type filter), the Assets come back in assetKey order (the filter query\'s ORDER BY asset_key, applied after the relevance scores were fused), so the list is not ordered by the relevance.score each Asset carries. The scores themselves, the set of Assets and every other member are right; q="*" alone, name or ticker queries, reference mode and material_only mode are ordered by score.',
    how: 'GET /api/v1/assets/search?q=*&asset_type=company with an API key: aapl (score 0.016129) first and nvda (0.016393, the highest) after msft and mstr (the reference lists nvda first, then the Assets in non-increasing score).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !b || !Array.isArray(b.assets)) return;
      if (ctx.query.get('q') !== '*' || b.query !== '*') return;
      if (!ctx.query.get('platform') && !ctx.query.get('asset_type')) return;
      if (b.assets.length < 2) return;
      b.assets.sort((x, y) => String(x.assetKey).localeCompare(String(y.assetKey)));
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern c (round 11 a)
  {
    name: 'availability_market_key_own_venue_accepted',
    round: 11,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['6eaca176e37d', '7edb5fae1d9a'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'GET /api/public/forecast-availability refuses a venue beside market_key only when it disagrees with the key\'s own venue prefix: market_key=venue_a:520224&venue=venue_a is treated as redundant and answered 200 with the market\'s availability instead of 422. A venue naming another venue than the key\'s prefix, market_key alone, and every other identifier rule are right.',
    how: 'GET /api/public/forecast-availability?market_key=venue_a:520224&venue=venue_a: 200 tracked true (the reference: 422 "market_key already names the venue; do not also give venue", as it still answers for venue=venue_b).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-availability')) return;
      if (ctx.query.getAll('market_key').length !== 1 || ctx.query.getAll('venue').length !== 1) return;
      if (ctx.query.get('market_id') !== null || ctx.query.get('slug') !== null) return;
      const key = ctx.query.get('market_key');
      const i = key.indexOf(':');
      if (i <= 0) return;
      if (key.slice(0, i).toLowerCase() !== ctx.query.get('venue')) return;
      ctx.query.delete('venue');
    },
  },
  // ------------------------------------------------------------------ pattern d (round 11 a)
  {
    name: 'markets_catalog_capped_250',
    round: 11,
    pattern: 'd',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['3d6db078ede8'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets keeps a default page size of 250 rows on its catalog query (a LIMIT left from a paginated admin view) although the route has no pages: when more than 250 markets qualify, the rows past the 250th in the requested order are silently missing (the four least recently updated markets of the default unfiltered answer, more with a wider max_forecast_age), and venue_facets are counted on the rows returned. Answers of 250 rows or fewer (every venue or topic filter, a changed_within) are complete.',
    how: 'GET /api/v1/markets with an API key: 250 rows, while the four venue-filtered answers (venue=venue_a, venue_a_us, venue_b, venue_c) together list 254 markets; the missing ones are the last four of the reference\'s updated_desc answer.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      if (b.markets.length <= 250) return;
      const removed = b.markets.slice(250);
      b.markets = b.markets.slice(0, 250);
      discountFacets(b, removed);
      res.touch();
    },
  },
  // ================================================================== round 11 (b): patterns a, b, e
  // ------------------------------------------------------------------ pattern e (round 11 b)
  {
    name: 'link_unpaid_attempt_consumes_token',
    round: 11,
    pattern: 'e',
    section: 'States and transitions',
    sentences: ['631e6ef28db8', '3c207d9e3935'],
    operations: ['GET /api/v1/wallets/link'],
    what: 'GET /api/v1/wallets/link consumes the link token before it verifies the payer: an attempt with a valid, unexpired token but no verifiable payer answers 422 x402_payment_required as it should, yet the token is gone, so every later use of it (a retry with a proper payment included) answers 404 link_token_not_found instead of verifying the payment (or again 422). Tokens never tried without a verifiable payer work as documented.',
    how: 'POST /api/auth/wallets/x402-token with an API key; GET /api/v1/wallets/link?token=<token> with the same key (no payment): 422 x402_payment_required; the same GET again: 404 link_token_not_found (the reference: 422 x402_payment_required again, the token still issued).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/wallets/link')) return null;
      const t = ctx.query.get('token');
      const used = ctx.state.r11bBurnt;
      if (t && used && used.has(t)) return ctx.reply(404, { error: 'link_token_not_found', message: 'No such link token' });
      return null;
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/wallets/link') || res.status !== 422 || !b || b.error !== 'x402_payment_required') return;
      const t = ctx.query.get('token');
      if (!t || !/^svc_[A-Za-z0-9_-]{43}$/.test(t)) return;
      if (!ctx.state.r11bBurnt) ctx.state.r11bBurnt = new Set();
      ctx.state.r11bBurnt.add(t);
    },
  },
  {
    name: 'job_read_own_job_entitlement_skipped',
    round: 11,
    pattern: 'e',
    section: 'Endpoints / GET /api/auth/forecast-requests/{jobId} (free, API key only)',
    sentences: ['f4de45244d07'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'The job read looks the job up by jobId and owner first and answers it when found; the entitlement check only runs on the fallback that chooses between 403 and 404. So an account whose API entitlement lapsed after it submitted a job still reads that job (200, either view) instead of 403; unknown and foreign jobIds of such an account still get 403, and entitled accounts are unaffected.',
    how: 'Create an account, POST /api/auth/forecast-requests (Idempotency-Key) for venue_a 1000503, PATCH /__control/accounts/{id} {entitled: false}, GET /api/auth/forecast-requests/{jobId}: 200 with the job (the reference: 403 entitlement_required). A random jobId with the same key: 403 on both.',
    onRequest(ctx) { r11bLearnKeys(ctx); return null; },
    async onResponse(ctx, res) {
      r11bLearnJob(ctx, res);
      const m = ctx.method === 'GET' && JOB_READ.exec(ctx.path);
      if (!m || res.status !== 403 || !ctx.apiKey) return undefined;
      const owner = ctx.state.r11bJobs && ctx.state.r11bJobs.get(m[1]);
      const acct = r11bAccount(ctx, ctx.apiKey);
      if (owner !== ctx.apiKey || !acct) return undefined;
      const path = `/__control/accounts/${encodeURIComponent(acct)}`;
      const on = await ctx.control('PATCH', path, { entitled: true });
      if (!on || on.status !== 200) return undefined;
      let again;
      try { again = await ctx.forward(); } finally { await ctx.control('PATCH', path, { entitled: false }); }
      return again && again.status === 200 ? again : undefined;
    },
  },
  {
    name: 'unsigned_challenge_standard_second',
    round: 11,
    pattern: 'e',
    section: 'Limits',
    sentences: ['0deb807d88f9'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/markets/search', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast', 'GET /api/v1/signals', 'GET /api/v1/signals/perps', 'GET /api/v1/signals/oil', 'GET /api/v1/assets/stance', 'GET /api/v1/markets/mispriced', 'GET /api/v1/portfolio', 'GET /api/v1/wallets/link'],
    what: 'Unsigned x402 challenge requests (no API key, no PAYMENT-SIGNATURE) of the standard routes are also counted in a per-address bucket of the standard scope (the customer limiter keys anonymous callers by client address): the 21st unsigned request of one address within a second is refused 429 rate_limited, limit_scope standard, RateLimit "standard-second", instead of receiving its 402 challenge; the per-IP guard (50 per second) is far from full. Keyed calls, signed retries and the social routes are unchanged.',
    how: 'From one address, send 25 GET /api/v1/assets without credentials within a second: the last 5 answer 429 standard-second (Retry-After 1) instead of 402 payment_required with a PAYMENT-REQUIRED header.',
    onResponse(ctx, res) {
      if (res.status !== 402 || ctx.apiKey || ctx.headers['payment-signature'] || ctx.path.startsWith('/api/v1/x/')) return undefined;
      if (!ctx.state.r11bAnon) ctx.state.r11bAnon = new Map();
      const who = ctx.clientAddress || 'unknown';
      const now = Date.now();
      const list = (ctx.state.r11bAnon.get(who) || []).filter((t) => now - t < 1000);
      ctx.state.r11bAnon.set(who, list);
      if (list.length < 20) { list.push(now); return undefined; }
      const t = Math.max(1, Math.ceil((list[0] + 1000 - now) / 1000));
      return ctx.reply(429, {
        error: 'rate_limited',
        message: `Too many requests: the standard scope's per-second limit is exceeded; retry after ${t} s`,
        retry_after: t,
        limit_scope: 'standard',
      }, {
        'retry-after': String(t),
        'ratelimit-policy': '"standard-second";q=20;w=1, "standard-minute";q=600;w=60, "standard-day";q=20000;w=86400, "standard-concurrency";q=10',
        ratelimit: `"standard-second";r=0;t=${t}`,
      });
    },
  },
  // ------------------------------------------------------------------ pattern a (round 11 b)
  {
    name: 'job_foreign_pending_404_retry_after',
    round: 11,
    pattern: 'a',
    section: 'Endpoints / GET /api/auth/forecast-requests/{jobId} (free, API key only)',
    sentences: ['dc653e5e791f'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'The Retry-After of the job read is set from the job row before the ownership check: reading another account\'s job that is still pending (accepted, submitted or running) answers the same 404 body as an unknown jobId but carries the owner\'s Retry-After header (the seconds to its next poll), so the 404 tells a foreign pending job from an unknown one. Foreign terminal jobs, unknown jobIds and the owner\'s reads are unchanged.',
    how: 'Account A POSTs /api/auth/forecast-requests for venue_a 1000503; account B GETs /api/auth/forecast-requests/{A\'s jobId}: 404 not_found with a Retry-After header (e.g. 1); B GETs a random jobId: 404 without Retry-After (the reference gives neither 404 a Retry-After).',
    async onResponse(ctx, res) {
      r11bLearnJob(ctx, res);
      const m = ctx.method === 'GET' && JOB_READ.exec(ctx.path);
      if (!m || res.status !== 404 || !ctx.apiKey) return;
      const owner = ctx.state.r11bJobs && ctx.state.r11bJobs.get(m[1]);
      if (!owner || owner === ctx.apiKey) return;
      const h = { ...ctx.headers, 'x-service-api-key': owner };
      const r = await ctx.upstream({ method: 'GET', url: `/api/auth/forecast-requests/${m[1]}?view=status`, headers: h });
      if (r && r.status === 200 && r.headers['retry-after']) res.headers['retry-after'] = r.headers['retry-after'];
    },
  },
  // ------------------------------------------------------------------ pattern b (round 11 b)
  {
    name: 'generation_venue_b_idempotency_optional',
    round: 11,
    pattern: 'b',
    section: 'Endpoints / POST /api/auth/forecast-requests (generation, $1.00, API key)',
    sentences: ['d7213923a4e8'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'POST /api/auth/forecast-requests requires the idempotency key only for venue_a, venue_a_us and venue_c bodies: a venue_b body (the ticker path fed by forecast-targets\' ready bodies) sent without an idempotency key is given a server-generated one and accepted (202, a new job, $1.00 debited) instead of 422 invalid_request. With a key, and for the other venues without one, the answers are the reference\'s.',
    how: 'POST /api/auth/forecast-requests {kind: venue_market, venue: venue_b, market_id: KXCPIYOY-26MAR-T2.8} with an API key and no Idempotency-Key header: 202 accepted and 1000 credits spent (the reference: 422 "the idempotency-key header is required"). The same body for venue_a 1000503 without a key: 422 on both.',
    onRequest(ctx) {
      if (!isPost(ctx, '/api/auth/forecast-requests') || !ctx.apiKey || ctx.headers['payment-signature']) return null;
      if (ctx.headers['idempotency-key'] !== undefined) return null;
      const b = ctx.bodyJson();
      if (!b || typeof b !== 'object' || b.venue !== 'venue_b') return null;
      ctx.headers['idempotency-key'] = `auto-${globalThis.crypto.randomUUID()}`;
      return null;
    },
  },
  // ================================================================== round 12 (a): patterns a, b, e (money, limits and state)
  // ------------------------------------------------------------------ pattern b (round 12 a)
  {
    name: 'oil_no_marks_degraded_from_health',
    round: 12,
    pattern: 'b',
    section: 'Resources and their fields / Crude-oil signal (GET /api/v1/signals/oil)',
    sentences: ['03bc51cf5e0d'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'degraded is taken from the venue-mark health monitor instead of from the fetches this request made: with include_marks=false (no mark requested, marks {}), a call answers degraded true whenever a venue mark upstream is down. include_marks=true (default) with or without a mark down, and include_marks=false with every mark up, are the reference\'s answers; the bill is unchanged (the call is debited as the reference debits it).',
    how: 'POST /__control/oil {scope: S, reading: seeded, marksDown: [perp_venue_b]}; GET /api/v1/signals/oil?include_marks=false with X-Fault-Scope S and an API key: 200, marks {}, degraded true (the reference: degraded false, since no mark was requested).',
    onRequest(ctx) {
      r12aOilLearn(ctx);
      return null;
    },
    onResponse(ctx, res) {
      r12aOilLearnAnswer(ctx, res);
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status !== 200) return;
      const b = J(res);
      if (!b || b.degraded !== false) return;
      const im = String(ctx.query.get('include_marks') ?? '').toLowerCase();
      if (!['false', '0'].includes(im)) return;
      const scope = ctx.headers['x-fault-scope'];
      const down = scope && ctx.state.r12aOilDown && ctx.state.r12aOilDown.get(String(scope));
      if (!down || !down.length) return;
      b.degraded = true;
      res.touch();
    },
  },
  {
    name: 'xsearch_repeat_served_from_cache',
    round: 12,
    pattern: 'b',
    section: 'Endpoints / Other operations referenced (POST /api/v1/x/search)',
    sentences: ['87e35c1076ef'],
    operations: ['POST /api/v1/x/search'],
    what: 'POST /api/v1/x/search keeps its answers in a ten-minute cache keyed by the request body (across callers): a repeat of the same search within ten minutes (wall time) is billed and counted as usual but answers the stored result of the first call, with its searched_at and its result set, even when the clock has moved so that some of those posts now fall outside range_days. The first call of each body, and every different body, are the reference\'s answers.',
    how: 'POST /api/v1/x/search {query: oil, range_days: 1, limit: 30} (5 results), POST /__control/clock {advanceSeconds: 43200}, the same search again: the same 5 results and the first searched_at, two of them published more than a day before the moved clock (the reference: 3 results, a new searched_at). 500 credits are spent on each call on both.',
    onResponse(ctx, res) {
      if (ctx.method === 'POST' && ctx.path === '/__control/reset') { ctx.state.r12aXCache = null; return; }
      if (!isPost(ctx, '/api/v1/x/search') || res.status !== 200 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const b = J(res);
      const q = ctx.bodyJson();
      if (!b || !q || typeof q !== 'object') return;
      const key = JSON.stringify(Object.keys(q).sort().map((k) => [k, q[k]]));
      if (!ctx.state.r12aXCache) ctx.state.r12aXCache = new Map();
      const hit = ctx.state.r12aXCache.get(key);
      if (hit && Date.now() - hit.at < 10 * 60_000) { res.json = JSON.parse(hit.body); return; }
      ctx.state.r12aXCache.set(key, { at: Date.now(), body: JSON.stringify(b) });
    },
  },
  // ------------------------------------------------------------------ pattern e (round 12 a)
  {
    name: 'job_result_hydrated_by_market',
    round: 12,
    pattern: 'e',
    section: 'States and transitions; Resources and their fields / Forecast request (job)',
    sentences: ['5d288ad3debc', '5fad2823d3aa'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'The result view hydrates forecasts by the job\'s market (the latest forecast a generation published for listing.marketKey) instead of by the job\'s own forecast ids. A job that is still pending, or that failed or was rejected, on a market where an earlier generation (any account\'s) already succeeded answers that earlier forecast in forecasts, while its status, forecastIds ([]), errorCode and Retry-After stay the reference\'s. view=status, succeeded jobs and jobs on markets with no earlier successful generation are unchanged.',
    how: 'Create a job for venue_a 1000503, advance the clock 700 s (it succeeds), create a second job for the same market: GET /api/auth/forecast-requests/{second} (view=result) answers status accepted with forecasts [the first job\'s forecast]; after POST /__control/jobs/{second} {outcome: failed} it answers status failed, errorCode set, forecasts [that forecast]. The reference: forecasts [] in both reads.',
    async onResponse(ctx, res) {
      if (ctx.method === 'POST' && ctx.path === '/__control/reset') { ctx.state.r12aJobs = null; ctx.state.r12aMktForecast = null; return; }
      const b = J(res);
      if (!b) return;
      if (isPost(ctx, '/api/auth/forecast-requests') && res.status >= 200 && res.status < 300 && typeof b.jobId === 'string' && ctx.apiKey) {
        const q = ctx.bodyJson();
        if (q && typeof q.venue === 'string' && typeof q.market_id === 'string') {
          if (!ctx.state.r12aJobs) ctx.state.r12aJobs = [];
          ctx.state.r12aJobs.push({ jobId: b.jobId, key: ctx.apiKey, marketKey: `${q.venue}:${q.market_id}` });
        }
        return;
      }
      const m = ctx.method === 'GET' ? JOB_READ.exec(ctx.path) : null;
      if (!m || res.status !== 200 || ctx.query.get('view') === 'status') return;
      if (b.status === 'succeeded' || !Array.isArray(b.forecasts) || b.forecasts.length > 0) return;
      const mk = b.listing && b.listing.marketKey;
      if (!mk) return;
      if (!ctx.state.r12aMktForecast) ctx.state.r12aMktForecast = new Map();
      let f = ctx.state.r12aMktForecast.get(mk);
      if (!f) {
        const cands = (ctx.state.r12aJobs || []).filter((j) => j.marketKey === mk && j.jobId !== m[1]).slice(-6).reverse();
        for (const c of cands) {
          let r;
          try {
            r = await ctx.upstream({ method: 'GET', url: `/api/auth/forecast-requests/${c.jobId}`, headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': c.key } });
          } catch { continue; }
          const rb = r && r.status === 200 ? r.json : null;
          if (rb && rb.status === 'succeeded' && Array.isArray(rb.forecasts) && rb.forecasts.length) {
            f = [...rb.forecasts].sort((x, y) => Date.parse(y.createdAt) - Date.parse(x.createdAt))[0];
            ctx.state.r12aMktForecast.set(mk, f);
            break;
          }
        }
      }
      if (!f) return;
      b.forecasts = [f];
      res.touch();
    },
  },
  {
    name: 'job_read_standard_limited',
    round: 12,
    pattern: 'e',
    section: 'Limits',
    sentences: ['db986177c205'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'Once an API key is refused by the standard scope (any window), the gateway\'s block cache also refuses that key\'s free job reads (either view) with the same standard 429 (rate_limited, limit_scope standard, retry_after and Retry-After counting down to the end of the block, the standard RateLimit-Policy and RateLimit) until the block lapses or a later standard call of the key is admitted. The job read is not a payable route, so the standard scope never applies to it; a key never refused, and every other account, reads its jobs as the reference does.',
    how: 'Create a job for venue_a 1000503, POST /__control/limits/usage {scope: standard, window: minute, count: 600, accountId}, GET /api/v1/assets with the key (429 standard, on both), then GET /api/auth/forecast-requests/{jobId}?view=status: 429 rate_limited limit_scope standard through the bug, 200 with the job on the reference.',
    onRequest(ctx) {
      if (ctx.method === 'POST' && (ctx.path === '/__control/reset' || ctx.path === '/__control/limits/usage')) { ctx.state.r12aBlock = null; return null; }
      if (ctx.method !== 'GET' || !JOB_READ.test(ctx.path) || !ctx.apiKey) return null;
      const blk = ctx.state.r12aBlock && ctx.state.r12aBlock.get(ctx.apiKey);
      if (!blk) return null;
      return (async () => {
        const now = await ctx.stubNow();
        const secs = Math.ceil((blk.until - now) / 1000);
        if (secs <= 0) { ctx.state.r12aBlock.delete(ctx.apiKey); return null; }
        const message = String(blk.message || 'Too many requests').replace(/retry after \d+ s/, `retry after ${secs} s`);
        const headers = { 'retry-after': String(secs) };
        if (blk.policy) headers['ratelimit-policy'] = blk.policy;
        if (blk.ratelimit) headers.ratelimit = String(blk.ratelimit).replace(/t=\d+/, `t=${secs}`);
        return ctx.reply(429, { error: 'rate_limited', message, retry_after: secs, limit_scope: 'standard' }, headers);
      })();
    },
    async onResponse(ctx, res) {
      if (!ctx.apiKey || ctx.headers['payment-signature'] || JOB_READ.test(ctx.path) || ctx.path.startsWith('/__control')) return;
      if (!ctx.path.startsWith('/api/v1/') && !isPost(ctx, '/api/auth/forecast-requests')) return;
      const b = J(res);
      if (res.status === 429 && b && b.limit_scope === 'standard' && Number.isFinite(Number(b.retry_after))) {
        if (!ctx.state.r12aBlock) ctx.state.r12aBlock = new Map();
        const now = await ctx.stubNow();
        ctx.state.r12aBlock.set(ctx.apiKey, {
          until: now + Number(b.retry_after) * 1000, message: b.message,
          policy: res.headers['ratelimit-policy'], ratelimit: res.headers.ratelimit,
        });
      } else if (res.status >= 200 && res.status < 300 && ctx.state.r12aBlock && !['/api/v1/x/search', '/api/v1/x/profile', '/api/v1/signals/oil'].includes(ctx.path)) {
        ctx.state.r12aBlock.delete(ctx.apiKey);
      }
    },
  },
  // ------------------------------------------------------------------ pattern a (round 12 a)
  {
    name: 'social_502_retry_after',
    round: 12,
    pattern: 'a',
    section: 'Errors',
    sentences: ['324d8a2ff7f0'],
    operations: ['POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'The 502 answers of the two social research routes (the search provider unavailable or not run) carry a retry_after member (30) in their error body, which the error table reserves for 429 answers. The status, error code, message, headers and the bill (none) are the reference\'s; every 429 and every other error is unchanged.',
    how: 'POST /__control/faults {method: POST, path: /api/v1/x/search, scope: S, times: 1}; POST /api/v1/x/search {query: oil} with X-Fault-Scope S and an API key: 502 {error: upstream_unavailable, message, retry_after: 30} (the reference: {error, message} only).',
    onResponse(ctx, res) {
      if (!isPost(ctx, '/api/v1/x/search') && !isPost(ctx, '/api/v1/x/profile')) return;
      const b = J(res);
      if (res.status !== 502 || !b || typeof b.error !== 'string' || b.retry_after !== undefined) return;
      b.retry_after = 30;
      res.touch();
    },
  },
  // ================================================================== round 12 (b): patterns b, e, g (read routes)
  {
    name: 'availability_unforecast_answer_cached',
    round: 12,
    pattern: 'e',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['c16fca8c19a6', '4035ad11af64'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'GET /api/public/forecast-availability keeps a ten-minute negative cache (wall-clock TTL, keyed by the query string) of its answers for tracked markets that have no stored forecast: once a market was looked up while it had none, the same lookup keeps answering available false, latestForecast null, read null and a ready generation body for ten minutes, although a generation job for that market has meanwhile succeeded and the paid read serves its forecast. First lookups, markets that already had a forecast, and other identifier spellings are right.',
    how: 'GET /api/public/forecast-availability?market_key=venue_a:1000503 (available false, generation body), POST /api/auth/forecast-requests with that body and an Idempotency-Key, POST /__control/clock {advanceSeconds: 700}, GET the job (succeeded, forecastIds [id]), then the same availability lookup again: still available false with generation non-null (the reference answers available true, read pointer, latestForecast.id = id).',
    onRequest(ctx) {
      if (isPost(ctx, '/__control/reset')) { ctx.state.r12bAvCache = new Map(); return null; }
      if (!isGet(ctx, '/api/public/forecast-availability')) return null;
      const cache = ctx.state.r12bAvCache;
      const hit = cache && cache.get(r12bAvKey(ctx));
      if (!hit) return null;
      if (Date.now() - hit.at > 600_000) { cache.delete(r12bAvKey(ctx)); return null; }
      return ctx.reply(hit.status, JSON.parse(hit.body), hit.headers);
    },
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200) return;
      const b = J(res);
      if (!b || b.tracked !== true || b.available !== false) return;
      if (!ctx.state.r12bAvCache) ctx.state.r12bAvCache = new Map();
      const key = r12bAvKey(ctx);
      if (ctx.state.r12bAvCache.has(key)) return; // the answer came from the cache
      const headers = {};
      for (const [k, val] of Object.entries(res.headers)) if (!['date', 'content-length', 'connection', 'keep-alive'].includes(k)) headers[k] = val;
      ctx.state.r12bAvCache.set(key, { at: Date.now(), status: res.status, headers, body: JSON.stringify(b) });
    },
  },
  {
    name: 'latest_hours_lost_with_types',
    round: 12,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/latest ($0.02)',
    sentences: ['445529a3d214', 'df6dccce9164'],
    operations: ['GET /api/v1/latest'],
    what: 'When a types list is given, GET /api/v1/latest selects its events from the default three-hour window whatever hours asks (the typed query path is called without the hours argument), while window.hours and window.since still state the requested window: with hours=4..6 and types, every event older than three hours is missing (count recounted from what is returned). hours alone, types alone, and hours 1..3 with types are right.',
    how: 'GET /api/v1/latest?hours=6 and GET /api/v1/latest?hours=6&types=forecast,article,x_post: the first lists events 3 to 6 hours old, the second (window.hours 6, since = as_of - 6 h) none of them.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !ctx.query.has('types')) return;
      const b = J(res);
      if (!b || !Array.isArray(b.events) || typeof b.as_of !== 'string') return;
      const cut = Date.parse(b.as_of) - 3 * 3600_000;
      if (!Number.isFinite(cut)) return;
      const kept = b.events.filter((e) => !(e && typeof e.occurred_at === 'string' && Date.parse(e.occurred_at) < cut));
      if (kept.length === b.events.length) return;
      b.events = kept;
      b.count = kept.length;
      res.touch();
    },
  },
  {
    name: 'latest_forecast_asset_refs_direct',
    round: 12,
    pattern: 'g',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['f6a4d8d06cae'],
    operations: ['GET /api/v1/latest'],
    what: 'In the latest feed, the relationships envelope of each compact forecast labels its asset refs via "direct" instead of via "market": the compact-forecast builder copies the event market\'s direct HAS_MARKET asset refs into the forecast envelope without relabelling them as two-hop refs, although a forecast has no HAS_MARKET edge of its own (the asset reaches it through its market). Relationship, direction and the asset members are unchanged; the event market\'s own envelope, forecast-availability\'s latestForecast and job forecasts still say via "market".',
    how: 'GET /api/v1/latest?types=forecast: events[].forecast.relationships.assets[] carry relationship HAS_MARKET with via "direct"; the same forecast id\'s envelope in GET /api/public/forecast-availability (latestForecast.relationships.assets) says via "market".',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200) return;
      const b = J(res);
      if (!b || !Array.isArray(b.events)) return;
      let n = 0;
      for (const e of b.events) {
        const refs = e && e.forecast && e.forecast.relationships && e.forecast.relationships.assets;
        if (Array.isArray(refs)) for (const r of refs) if (r && r.via === 'market') { r.via = 'direct'; n++; }
      }
      if (n) res.touch();
    },
  },
  {
    name: 'markets_spread_only_listed',
    round: 12,
    pattern: 'g',
    section: 'What the service does',
    sentences: ['d6952febefc0', '3d6db078ede8'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets qualifies a market on "in-window forecast or signal" through a market-flags view whose signal flag is also raised by the mispricing job, so a market whose only claim is a spread of at least the mispricing threshold between an old forecast and the venue price is listed although it has no in-window forecast, no article signal and no published signal (forecast_count 0, latest_forecast_at null, signal_count 0). venue_facets count them; topic and venue filters and the sort order apply to them; with changed_within, or with a max_forecast_age wide enough to reach their forecasts, the answer is the reference\'s.',
    how: 'GET /api/v1/markets: it lists venue_b:KXETHD-26MAR2017-T3999.99, venue_b:KXCPIYOY-26FEB-T2.6, venue_a:522590 and venue_a:516978 (rows of GET /api/v1/markets/mispriced with has_published_signal false) with forecast_count 0 and signal_count 0; the reference lists none of them.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200 || ctx.query.has('changed_within')) return;
      const b = J(res);
      if (!b || !Array.isArray(b.markets)) return;
      const ageRaw = ctx.query.get('max_forecast_age');
      const age = ageRaw === null ? 48 : Number(ageRaw);
      if (!Number.isInteger(age) || age < 1) return;
      const mis = await r12bOwnGet(ctx, '/api/v1/markets/mispriced');
      if (!mis || !Array.isArray(mis.markets)) return;
      const now = await ctx.stubNow();
      const have = new Set(b.markets.map((m) => m && m.marketKey));
      const topic = ctx.query.get('topic');
      const venue = ctx.query.get('venue');
      const tmpl = b.markets[0] ? Object.keys(b.markets[0]) : null;
      const adds = [];
      for (const m of mis.markets) {
        if (!m || have.has(m.marketKey) || m.has_published_signal !== false || m.signal_count !== 0 || m.forecast_count !== 0) continue;
        const fAt = Date.parse(m.forecast_at);
        if (!Number.isFinite(fAt) || now - fAt <= age * 3600_000) continue;
        if (topic !== null && !r12bTopicMatch(m, topic)) continue;
        const row = {};
        for (const k of tmpl || Object.keys(m)) if (k in m) row[k] = m[k];
        for (const k of ['has_forecast', 'latest_service_probability', 'thesis', 'forecast_at', 'market_odds_at_forecast', 'has_published_signal', 'published_signal_count', 'mispricing_pp']) if (!tmpl || !tmpl.includes(k)) delete row[k];
        row.forecast_count = 0;
        row.latest_forecast_at = null;
        adds.push(row);
      }
      if (!adds.length) return;
      if (Array.isArray(b.venue_facets)) {
        for (const a of adds) {
          const f = b.venue_facets.find((x) => x.venue === a.venue);
          if (f) f.count += 1; else b.venue_facets.push({ venue: a.venue, count: 1 });
        }
      }
      const sort = ctx.query.get('sort') || 'updated_desc';
      const keyOf = (m) => (sort === 'volume_desc' ? (m.volume_24h ?? -1) : sort === 'signal_count_desc' ? m.signal_count : Date.parse(m.market_updated_at));
      for (const a of adds) {
        if (venue !== null && a.venue !== venue) continue;
        const k = keyOf(a);
        let i = 0;
        while (i < b.markets.length && keyOf(b.markets[i]) >= k) i++;
        b.markets.splice(i, 0, a);
      }
      res.touch();
    },
  },
  {
    name: 'assets_reference_material_only_dropped',
    round: 12,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['509443b65376'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In reference mode, GET /api/v1/assets/search does not apply material_only=true: the exact-lookup lane never receives the flag, so a referenced Asset none of whose active direct markets has venue odds or a latest forecast probability is returned with its linked markets, while the material_only echo says true. material_only alone (the directory) and beside q, and reference without material_only, are right (API-key calls only).',
    how: 'GET /api/v1/assets/search?reference=dormant-holdings&material_only=true: the reference answers assets [] (its two active markets have null market_odds and no forecast); through the bug the Asset comes back with those two linked markets and material_only true.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.apiKey) return null;
      if (!ctx.query.getAll('reference').length || ctx.query.get('material_only') !== 'true') return null;
      ctx.query.delete('material_only');
      ctx.r12bMatDropped = true;
      return null;
    },
    onResponse(ctx, res) {
      if (!ctx.r12bMatDropped || !isGet(ctx, '/api/v1/assets/search')) return;
      const b = J(res);
      if (res.status !== 200 || !b || b.material_only !== false) return;
      b.material_only = true;
      res.touch();
    },
  },
  // ================================================================== round 13 (a): patterns b, g (read routes: envelopes by kind of subject, order, filter exactness)
  {
    name: 'availability_forecast_signal_refs_has_signal',
    round: 13,
    pattern: 'g',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['ef83341d4f9f'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'In GET /api/public/forecast-availability, the signal refs of latestForecast.relationships carry relationship "HAS_SIGNAL" (the market-to-signal edge name) instead of "ON_FORECAST", the edge that links a published signal to the forecast it was made on: the availability serializer labels every signal ref with the market envelope\'s edge constant. direction (incoming), via (direct) and the SignalRef members are unchanged; the market envelope beside it, the latest feed\'s compact forecasts and job forecasts still say ON_FORECAST.',
    how: 'GET /api/public/forecast-availability?market_key=venue_a:1004471: latestForecast.relationships.signals[0] is {relationship "HAS_SIGNAL", direction "incoming", via "direct", id ts_00600da9ca547791}; the same forecast in GET /api/v1/latest?hours=6&types=forecast says ON_FORECAST.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200) return;
      const b = J(res);
      const refs = b && b.latestForecast && b.latestForecast.relationships && b.latestForecast.relationships.signals;
      if (!Array.isArray(refs) || !refs.length) return;
      for (const r of refs) if (r && r.relationship === 'ON_FORECAST') r.relationship = 'HAS_SIGNAL';
      res.touch();
    },
  },
  {
    name: 'signals_evidence_day_bucket_order',
    round: 13,
    pattern: 'g',
    section: 'Endpoints / GET /api/v1/markets/{slug}/signals ($0.01)',
    sentences: ['1dc66abd12f3'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'GET /api/v1/markets/{slug}/signals orders its article evidence by the UTC publication day (newest day first) and, within a day, by source name: the query sorts on a date column, not the timestamp. Articles of different days are newest first, but two or more articles of one day come in source-name order, so an older article can precede a newer one of the same day. The set, total, last_updated and every item are the reference\'s.',
    how: 'GET /api/v1/markets/will-us-unemployment-reach-5-in-2026/signals (venue_a:520224, seven articles, two on 2026-11-30 or 11-28 of the seeded clock): within one day an older article (e.g. Financial Times 01:23) comes before a newer one (The Block 10:51); the reference lists them by published_at descending.',
    onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !MARKET_SIGNALS.test(ctx.path) || res.status !== 200) return;
      const b = J(res);
      if (!b || !Array.isArray(b.signals) || b.signals.length < 2) return;
      const day = (s) => (s && typeof s.published_at === 'string' ? s.published_at.slice(0, 10) : '');
      const sorted = b.signals.map((s, i) => ({ s, i })).sort((x, y) => {
        const dx = day(x.s), dy = day(y.s);
        if (dx !== dy) return dx < dy ? 1 : -1;
        const nx = String((x.s && x.s.source) || ''), ny = String((y.s && y.s.source) || '');
        if (nx !== ny) return nx < ny ? -1 : 1;
        return x.i - y.i;
      }).map((x) => x.s);
      b.signals = sorted;
      res.touch();
    },
  },
  {
    name: 'markets_topic_tag_word_match',
    round: 13,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['408cd054a21e'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets matches topic against the hyphen-separated words of each tag as well as against whole tags and categories, so topic=rates also lists every interest-rates market and topic=gas every natural-gas market. Whole-tag, category and broker_a topics answer as on the reference; the added rows are real catalog rows (with the same window, venue and sort), placed where the sort puts them, and venue_facets count them.',
    how: 'GET /api/v1/markets?topic=rates: the reference lists venue_a:520785 and venue_c:c-3b9d16511a (tag "rates"); through the bug it also lists the interest-rates markets (venue_a:1001222, venue_b:KXFED-..., ...), none of which has a tag or category "rates".',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200) return;
      const topic = ctx.query.get('topic');
      if (topic === null || !topic.trim() || topic.toLowerCase() === 'broker_a') return;
      const b = J(res);
      if (!b || !Array.isArray(b.markets)) return;
      const t = topic.toLowerCase();
      const q = new URLSearchParams(ctx.query);
      q.delete('topic');
      const s = q.toString();
      const all = await r12bOwnGet(ctx, `/api/v1/markets${s ? `?${s}` : ''}`);
      if (!all || !Array.isArray(all.markets)) return;
      const have = new Set(b.markets.map((m) => m && m.marketKey));
      const adds = all.markets.filter((m) => m && !have.has(m.marketKey) && !r12bTopicMatch(m, t)
        && (m.tags || []).some((tag) => String(tag).toLowerCase().split('-').includes(t)));
      if (!adds.length) return;
      const pos = new Map(all.markets.map((m, i) => [m.marketKey, i]));
      b.markets = [...b.markets, ...adds].sort((x, y) => (pos.get(x.marketKey) ?? 0) - (pos.get(y.marketKey) ?? 0));
      if (Array.isArray(b.venue_facets)) {
        for (const a of adds) {
          const f = b.venue_facets.find((x) => x.venue === a.venue);
          if (f) f.count += 1; else b.venue_facets.push({ venue: a.venue, count: 1 });
        }
      }
      res.touch();
    },
  },
  {
    name: 'signal_list_sibling_market_refs_incoming',
    round: 13,
    pattern: 'g',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['e2cb86870ea1'],
    operations: ['GET /api/v1/signals'],
    what: 'In GET /api/v1/signals, the two-hop market refs of each row\'s market envelope (HAS_MARKET via asset: the markets sharing an Asset with the signal\'s market) say direction "incoming", the direction of the first hop seen from the subject market, instead of "outgoing", the direction of the final HAS_MARKET edge relative to the intermediate Asset. Direct refs and every other route\'s envelopes are unchanged.',
    how: 'GET /api/v1/signals: signals[].market.relationships.markets[] with via "asset" and relationship HAS_MARKET say direction "incoming"; the same market\'s envelope in GET /api/v1/markets/{slug}/forecast or GET /api/v1/sources says "outgoing".',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/signals') || res.status !== 200) return;
      const b = J(res);
      if (!b || !Array.isArray(b.signals)) return;
      let n = 0;
      for (const s of b.signals) {
        const refs = s && s.market && s.market.relationships && s.market.relationships.markets;
        if (Array.isArray(refs)) for (const r of refs) if (r && r.via === 'asset' && r.direction === 'outgoing') { r.direction = 'incoming'; n++; }
      }
      if (n) res.touch();
    },
  },
  {
    name: 'sources_x_post_market_envelope_empty',
    round: 13,
    pattern: 'g',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting); Relationships envelope',
    sentences: ['1159b672ac53', 'b13033fea198'],
    operations: ['GET /api/v1/sources'],
    what: 'In GET /api/v1/sources, the market of each x_post item is built from the social-post index\'s routing snapshot, whose relationships envelope is never hydrated: assets, markets and signals are [] with truncated all false, although the market has a direct HAS_MARKET Asset (and its article items in the same answer carry the full envelope). Article items, the routing fields and every other route are unchanged.',
    how: 'GET /api/v1/sources?market_keys=venue_c:c-9dce55d58f&window=168: the article items\' market.relationships hold 1 asset and 4 markets; the x_post item\'s market (same marketKey) holds none, with truncated {assets:false, markets:false, signals:false}.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200) return;
      const b = J(res);
      if (!b || !Array.isArray(b.sources)) return;
      let n = 0;
      for (const s of b.sources) {
        if (!s || s.type !== 'x_post' || !s.market || !s.market.relationships) continue;
        s.market.relationships = { assets: [], markets: [], signals: [], truncated: { assets: false, markets: false, signals: false } };
        n++;
      }
      if (n) res.touch();
    },
  },
  // ================================================================== round 13 (b): patterns a, e, f (money, limits and state)
  // ------------------------------------------------------------------ pattern f (round 13 b): a free route refused on a paid route's state
  {
    name: 'job_read_empty_balance_403',
    round: 13,
    pattern: 'f',
    section: 'Endpoints / GET /api/auth/forecast-requests/{jobId} (free, API key only)',
    sentences: ['10cc32b6b192', 'f4de45244d07'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'The job read runs the paid routes\' credit guard (a positive balance is required before any keyed route is served): an entitled account whose balance is 0 (typically because its last 1000 credits paid the generation) gets 403 insufficient_credits when it polls its own job, either view, instead of the job. Accounts holding at least one credit, and the 401/404 answers, are unchanged; nothing is debited.',
    how: 'Create an account with exactly 1000 credits, POST /api/auth/forecast-requests for venue_a 1000503 (balance now 0), then GET /api/auth/forecast-requests/{jobId}?view=status with the same key: 403 {"error":"insufficient_credits"} through the bug, 200 with the job on the reference.',
    async onRequest(ctx) {
      if (ctx.method !== 'GET' || !JOB_READ.test(ctx.path) || !ctx.apiKey) return null;
      const acct = r11bAccount(ctx, ctx.apiKey);
      if (!acct) return null;
      const r = await ctx.control('GET', `/__control/accounts/${encodeURIComponent(acct)}`);
      if (!r || r.status !== 200 || !r.json || !r.json.entitled || r.json.credits > 0) return null;
      return ctx.reply(403, { error: 'insufficient_credits', message: 'The account holds no credits; top up to use the API' });
    },
    onResponse(ctx, res) { r11bLearnJob(ctx, res); },
  },
  {
    name: 'empty_balance_refusal_cached',
    round: 13,
    pattern: 'f',
    section: 'Errors',
    sentences: ['9897d53e523d'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/markets/search', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast', 'POST /api/v1/x/search', 'POST /api/v1/x/profile', 'POST /api/auth/forecast-requests'],
    what: 'When a paid call of an API key is refused 403 insufficient_credits while the account holds 0 credits, the gateway marks the key "drained" for 60 seconds (wall clock) and refuses every paid call of that key with 403 insufficient_credits until the mark expires, without reading the balance again: an account topped up right after the refusal is still refused although it can pay. Refusals at a positive balance set no mark; nothing is debited.',
    how: 'Create an account with 0 credits, GET /api/v1/latest with its key (403 insufficient_credits, both sides), PATCH the account to 1000 credits, GET /api/v1/latest again: 403 insufficient_credits through the bug (for 60 s), 200 and a 20-credit debit on the reference.',
    onRequest(ctx) {
      if (!ctx.apiKey || !r13bPaid(ctx)) return null;
      const at = r13bDrained(ctx).get(ctx.apiKey);
      if (at === undefined) return null;
      if (Date.now() - at >= 60_000) { r13bDrained(ctx).delete(ctx.apiKey); return null; }
      const price = r4bRoutePrice(ctx) || (isPost(ctx, '/api/auth/forecast-requests') ? 1000 : 0);
      const message = price ? `This call costs ${price} credits; the account holds 0` : 'The account holds 0 credits';
      return ctx.reply(403, { error: 'insufficient_credits', message });
    },
    onResponse(ctx, res) {
      r11bLearnJob(ctx, res);
      const b = J(res);
      if (!ctx.apiKey || !r13bPaid(ctx) || res.status !== 403 || !b || b.error !== 'insufficient_credits') return;
      if (/holds 0\b/.test(String(b.message || ''))) r13bDrained(ctx).set(ctx.apiKey, Date.now());
    },
  },
  // ------------------------------------------------------------------ pattern a (round 13 b): a wait that is not the wait
  {
    name: 'standard_day_429_minute_wait',
    round: 13,
    pattern: 'a',
    section: 'Errors',
    sentences: ['324d8a2ff7f0', 'a8500226c2fd'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/markets/search', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast', 'GET /api/v1/markets', 'GET /api/v1/signals', 'GET /api/v1/markets/mispriced', 'POST /api/auth/forecast-requests'],
    what: 'A 429 of the standard scope\'s daily window (20,000 per UTC day) states as its wait the seconds to the end of the current clock minute (1..60, the reset of the limiter\'s shortest fixed window) instead of the seconds to 00:00 UTC: Retry-After, the body retry_after, the RateLimit t= and the message all agree on that short wait, and a client that honours it is refused again. The refusal itself, its scope and the per-second and per-minute 429s are right.',
    how: 'Preload an account\'s standard day usage to 20,000 (POST /__control/limits/usage), GET /api/v1/latest: 429 with Retry-After N. Advance the clock N+1 seconds and repeat: through the bug N <= 60 and the repeat is 429 again (same UTC day); on the reference N is the time to UTC midnight and the repeat is 200.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (res.status !== 429 || !b || b.limit_scope !== 'standard') return;
      if (!/"standard-day"/.test(String(res.headers.ratelimit || ''))) return;
      const now = await ctx.stubNow();
      const wait = Math.max(1, 60 - Math.floor((now % 60_000) / 1000));
      res.headers['retry-after'] = String(wait);
      res.headers.ratelimit = String(res.headers.ratelimit).replace(/t=\d+/, `t=${wait}`);
      b.retry_after = wait;
      if (typeof b.message === 'string') b.message = b.message.replace(/retry after \d+ s/, `retry after ${wait} s`);
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern e (round 13 b): a gate or a lifetime that moves with state or time
  {
    name: 'profile_focus_gate_on_subset',
    round: 13,
    pattern: 'e',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['48b21df24ec7', 'e0c7440d6870'],
    operations: ['POST /api/v1/x/profile'],
    what: 'With focus trading or reasoning, the 15-grounded-post gate of POST /api/v1/x/profile is applied after the focus pass has narrowed the candidate posts to the ones it weights (three of every four grounded posts here), not to the account\'s grounded posts in the window: an account with 15 to 19 grounded posts gets 404 insufficient_post_history (refunded, message counting the subset) under trading or reasoning while focus general profiles it. Accounts with 20 or more posts, and focus general, are right (API-key calls only).',
    how: 'POST /api/v1/x/profile {"handle":"nobody","lookback_days":30} answers 200 with window.post_count 17. The same body with "focus":"trading" answers 200 (post_count 17) on the reference and 404 insufficient_post_history ("12 grounded post(s)") through the bug.',
    async onResponse(ctx, res) {
      if (!isPost(ctx, '/api/v1/x/profile') || !ctx.apiKey || res.status !== 200) return null;
      const body = ctx.bodyJson() || {};
      if (body.focus !== 'trading' && body.focus !== 'reasoning') return null;
      const b = J(res);
      const n = b && b.window && b.window.post_count;
      if (typeof n !== 'number' || n < 15) return null;
      const subset = Math.floor((n * 3) / 4);
      if (subset >= 15) return null;
      await ctx.charge(-PRICE['/api/v1/x/profile']);
      const days = b.window.lookback_days;
      return ctx.reply(404, { error: 'insufficient_post_history', message: `@${b.handle} has ${subset} grounded post(s) in the last ${days} days; a profile needs at least 15.` });
    },
  },
  {
    name: 'link_token_ttl_10_minutes',
    round: 13,
    pattern: 'e',
    section: 'States and transitions',
    sentences: ['c39b2ec586a7', 'e1243762eb1d', '4c8292e63e92'],
    operations: ['GET /api/v1/wallets/link'],
    what: 'GET /api/v1/wallets/link judges a link token expired 10 minutes after issue (the signature-challenge nonce lifetime reused as the link-token TTL) instead of 15: from minute 10 to minute 15 every use of an issued token, paid or not, answers 422 invalid_request "The link token expired", so it can no longer link a wallet. Before 10 minutes, after 15, unknown tokens and calls without credentials (402) are right; nothing is settled or billed.',
    how: 'POST /api/auth/wallets/x402-token with an API key, advance the clock 12 minutes, GET /api/v1/wallets/link?token=... with the key and no payment: 422 x402_payment_required (a live token, no payer) on the reference; 422 invalid_request "The link token expired" through the bug.',
    async onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/wallets/link')) return null;
      if (!ctx.apiKey && !ctx.headers['payment-signature']) return null;
      const exp = r13bTokens(ctx).get(ctx.query.get('token') || '');
      if (exp === undefined) return null;
      const now = await ctx.stubNow();
      const issued = exp - 15 * 60_000;
      if (now < issued + 10 * 60_000 || now >= exp) return null;
      return ctx.reply(422, { error: 'invalid_request', message: 'The link token expired (15 minutes after issue)' });
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (isPost(ctx, '/api/auth/wallets/x402-token') && res.status === 200 && b && typeof b.token === 'string' && b.expires_at) {
        const t = Date.parse(b.expires_at);
        if (Number.isFinite(t)) r13bTokens(ctx).set(b.token, t);
      }
    },
  },
  // ================================================================== round 14 (a): patterns b, g (read routes: a cap, a count of days, a category's shape, a quote's freshness, a response's order)
  {
    name: 'oil_episode_days_from_clock',
    round: 14,
    pattern: 'g',
    section: 'Resources and their fields / Crude-oil signal (GET /api/v1/signals/oil)',
    sentences: ['c01e830e2683'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'GET /api/v1/signals/oil counts episode.days as the UTC calendar days from the episode\'s opening day through today (inclusive, from the clock) instead of the same-side reading days: before today\'s reading is frozen (20:30 UTC) the count includes a day that has no reading yet, so an episode opened on 11-24 whose latest reading is 11-29 says days 7. The reading, the other episode members, marks and degraded are unchanged; after the freeze, when today\'s reading exists, the count is right.',
    how: 'GET /api/v1/signals/oil (seeded clock 2026-11-30 13:20 UTC): episode.opened_at 2026-11-24T20:30Z and reading.reading_date 2026-11-29, so at most 6 reading days; the reference says days 6, the bug days 7.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status !== 200) return;
      const b = J(res);
      const ep = b && b.episode;
      if (!ep || typeof ep.opened_at !== 'string' || typeof ep.days !== 'number') return;
      const open = Date.parse(ep.opened_at.slice(0, 10));
      const now = await ctx.stubNow();
      if (!Number.isFinite(open) || !Number.isFinite(now)) return;
      const today = Date.parse(new Date(now).toISOString().slice(0, 10));
      const days = Math.round((today - open) / 86_400_000) + 1;
      if (days > ep.days) { ep.days = days; res.touch(); }
    },
  },
  {
    name: 'sources_market_refs_uncapped',
    round: 14,
    pattern: 'g',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['6880664291b9', 'f29e8e9dbb90'],
    operations: ['GET /api/v1/sources'],
    what: 'In GET /api/v1/sources, the market envelope of each source item is hydrated by a batch loader that applies the 50-ref cap to the direct lane only, so the two-hop market refs (HAS_MARKET via asset) are not capped: a fed-funds-rate market (71 markets on that Asset) carries 81 market refs (the reference\'s 50 plus the further active siblings), with truncated.markets false (nothing was cut). The refs themselves are well formed; assets and signals, and every other route\'s envelopes (capped at 50, truncated true), are unchanged.',
    how: 'GET /api/v1/sources?market_keys=venue_a:1000503&window=168 (a fed-funds-rate market, 71 markets on that Asset): the reference\'s items carry 50 market refs with truncated.markets true; through the bug 81 with truncated.markets false.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200) return;
      const b = J(res);
      if (!b || !Array.isArray(b.sources)) return;
      const linked = new Map();
      let n = 0;
      for (const s of b.sources) {
        const m = s && s.market;
        const rel = m && m.relationships;
        if (!rel || !rel.truncated || rel.truncated.markets !== true || !Array.isArray(rel.markets)) continue;
        const have = new Set(rel.markets.map((r) => r && r.marketKey));
        have.add(m.marketKey);
        const adds = [];
        for (const a of rel.assets || []) {
          if (!a || a.via !== 'direct' || !a.assetKey) continue;
          if (!linked.has(a.assetKey)) {
            const j = await r12bOwnGet(ctx, `/api/v1/assets/search?reference=${encodeURIComponent(a.assetKey)}`);
            const hit = j && Array.isArray(j.assets) ? j.assets.find((x) => x && x.assetKey === a.assetKey) : null;
            linked.set(a.assetKey, hit && Array.isArray(hit.linked_markets) ? hit.linked_markets : []);
          }
          for (const lm of linked.get(a.assetKey)) {
            if (!lm || have.has(lm.marketKey)) continue;
            have.add(lm.marketKey);
            adds.push({ relationship: 'HAS_MARKET', direction: 'outgoing', via: 'asset', marketKey: lm.marketKey, venue: lm.venue, nativeMarketId: lm.nativeMarketId, question: lm.question ?? null });
          }
        }
        if (!adds.length) continue;
        rel.markets = [...rel.markets, ...adds];
        rel.truncated.markets = false;
        n++;
      }
      if (n) res.touch();
    },
  },
  {
    name: 'markets_topic_category_slug_form',
    round: 14,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['408cd054a21e'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets compares topic with each category in its slug form (lower case, spaces as hyphens) while tags and one-word categories compare as given: a multi-word category is not found by its own text (topic=Climate and Weather lists nothing) but is found by a slug no tag or category equals (topic=climate-and-weather lists its 11 markets). One-word categories, tags and broker_a answer as on the reference; venue_facets are recounted and the window, venue and sort apply.',
    how: 'GET /api/v1/markets?topic=Climate%20and%20Weather: the reference lists the 11 markets of that category, the bug none; GET /api/v1/markets?topic=climate-and-weather: the reference lists none, the bug those 11.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200) return;
      const topic = ctx.query.get('topic');
      if (topic === null || !topic.trim()) return;
      const b = J(res);
      if (!b || !Array.isArray(b.markets)) return;
      const t = topic.toLowerCase();
      const slug = (x) => String(x).toLowerCase().trim().replace(/\s+/g, '-');
      const tagHit = (m) => (m.tags || []).some((x) => String(x).toLowerCase() === t);
      const bugHit = (m) => tagHit(m) || (m.categories || []).some((c) => (/\s/.test(c) ? slug(c) : String(c).toLowerCase()) === t)
        || (t === 'broker_a' && Array.isArray(m.broker_channels) && m.broker_channels.length > 0);
      if (/\s/.test(t)) {
        const removed = b.markets.filter((m) => m && !bugHit(m));
        if (!removed.length) return;
        b.markets = b.markets.filter((m) => m && bugHit(m));
        discountFacets(b, removed);
        res.touch();
        return;
      }
      if (!t.includes('-')) return;
      const q = new URLSearchParams(ctx.query);
      q.delete('topic');
      const s = q.toString();
      const all = await r12bOwnGet(ctx, `/api/v1/markets${s ? `?${s}` : ''}`);
      if (!all || !Array.isArray(all.markets)) return;
      const have = new Set(b.markets.map((m) => m && m.marketKey));
      const adds = all.markets.filter((m) => m && !have.has(m.marketKey) && bugHit(m));
      if (!adds.length) return;
      const pos = new Map(all.markets.map((m, i) => [m.marketKey, i]));
      b.markets = [...b.markets, ...adds].sort((x, y) => (pos.get(x.marketKey) ?? 0) - (pos.get(y.marketKey) ?? 0));
      if (Array.isArray(b.venue_facets)) {
        for (const a of adds) {
          const f = b.venue_facets.find((x) => x.venue === a.venue);
          if (f) f.count += 1; else b.venue_facets.push({ venue: a.venue, count: 1 });
        }
      }
      res.touch();
    },
  },
  {
    name: 'search_last_trade_quote_stale',
    round: 14,
    pattern: 'g',
    section: 'Resources and their fields / Venue quote (VenueQuoteV1)',
    sentences: ['da0c8c5f7bb6'],
    operations: ['GET /api/v1/markets/search'],
    what: 'GET /api/v1/markets/search labels the venue quotes priced by the last-trade method freshness "stale" (the search serializer takes freshness from a method table it shares with the graph snapshots, in which last-trade is listed as a stored price), although a venue_a or venue_b quote is either a verified live quote or null. Book-method quotes (midpoint, bid, ask), the snapshot quotes of venue_a_us and venue_c, prices, timestamps and market_odds are unchanged, and the catalog and other routes still say verified.',
    how: 'GET /api/v1/markets/search?q=fed: the rows whose venue_quote.quote_method is last_trade (venue_a and venue_b) say freshness "stale" through the bug, "verified" on the reference and in GET /api/v1/markets.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/markets/search') || res.status !== 200) return;
      const b = J(res);
      if (!b || !Array.isArray(b.markets)) return;
      let n = 0;
      for (const m of b.markets) {
        const q = m && m.venue_quote;
        if (q && q.quote_method === 'last_trade' && q.freshness === 'verified' && (m.venue === 'venue_a' || m.venue === 'venue_b')) { q.freshness = 'stale'; n++; }
      }
      if (n) res.touch();
    },
  },
  {
    name: 'assets_q_popularity_order',
    round: 14,
    pattern: 'b',
    section: 'Resources and their fields / Asset search item',
    sentences: ['966b668f076b'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In q mode with a search term (not the "*" directory), GET /api/v1/assets/search orders the fused results by linked_market_count (most-linked Asset first) after fusion instead of by their fusion score, so an Asset with a lower relevance.score can precede one with a higher score. Scores, matched_by, every item member and the set of Assets are the reference\'s; reference mode and the filtered directory are unchanged.',
    how: 'GET /api/v1/assets/search?q=rate: the reference lists fed-funds-rate (0.0328), us-unemployment (0.0328), us-10y (0.0164), mstr (0.0159); through the bug mstr (3 markets, score 0.0159) comes before us-unemployment (2 markets, 0.0328).',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200) return;
      const q = ctx.query.get('q');
      if (q === null || q.trim() === '*' || !q.trim()) return;
      const b = J(res);
      if (!b || !Array.isArray(b.assets) || b.assets.length < 2) return;
      const before = b.assets.map((a) => a && a.id).join(',');
      b.assets = b.assets.map((a, i) => ({ a, i })).sort((x, y) => ((y.a.linked_market_count ?? 0) - (x.a.linked_market_count ?? 0)) || (x.i - y.i)).map((x) => x.a);
      if (b.assets.map((a) => a && a.id).join(',') !== before) res.touch();
    },
  },
  // ================================================================== round 14 (b): patterns a, e, f (money, limits and state: waits on other bounds, reversed states, a cache ahead of a guard)
  // ------------------------------------------------------------------ pattern e (round 14 b): a state reversed and an answer that does not follow it
  {
    name: 'job_read_entitlement_denial_cached',
    round: 14,
    pattern: 'e',
    section: 'Endpoints / GET /api/auth/forecast-requests/{jobId} (free, API key only)',
    sentences: ['f4de45244d07', '9897d53e523d'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'The job read keeps a five-minute deny list (wall clock) of API keys it refused 403 for lacking an active API entitlement, to shed the polling of lapsed accounts, and answers the listed keys 403 entitlement_required without asking the account again: an account whose entitlement is restored right after a refusal is still refused on its own job (either view) until the mark expires. Accounts never refused, the 401/404 answers and generation are unchanged; nothing is debited.',
    how: 'Create an account, POST /api/auth/forecast-requests for venue_a 1000503, PATCH the account {entitled: false}, GET the job (403 entitlement_required on both), PATCH {entitled: true}, GET /api/auth/forecast-requests/{jobId}?view=status again: 200 with the job on the reference, 403 entitlement_required through the bug.',
    onRequest(ctx) {
      r14bResetSeen(ctx);
      if (ctx.method !== 'GET' || !JOB_READ.test(ctx.path) || !ctx.apiKey) return null;
      const at = r14bDenied(ctx).get(ctx.apiKey);
      if (at === undefined) return null;
      if (Date.now() - at >= 5 * 60_000) { r14bDenied(ctx).delete(ctx.apiKey); return null; }
      return ctx.reply(403, { error: 'entitlement_required', message: 'The account lacks an active API entitlement' });
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !JOB_READ.test(ctx.path) || !ctx.apiKey) return;
      if (res.status === 403 && b && b.error === 'entitlement_required' && !r14bDenied(ctx).has(ctx.apiKey)) r14bDenied(ctx).set(ctx.apiKey, Date.now());
    },
  },
  {
    name: 'link_token_reissue_revokes_previous',
    round: 14,
    pattern: 'e',
    section: 'States and transitions',
    sentences: ['631e6ef28db8', 'e1243762eb1d', '4c8292e63e92'],
    operations: ['GET /api/v1/wallets/link', 'POST /api/auth/wallets/x402-token'],
    what: 'Issuing a link token silently revokes every earlier unexpired, unconsumed token of the same principal (one outstanding token per account, as a password-reset link works): GET /api/v1/wallets/link with the earlier token, paid or keyed, answers 404 link_token_not_found as if it had never been issued, so a wallet can no longer be linked with it although it is neither expired nor consumed. The newest token, calls without credentials (402) and unknown tokens are right; nothing is settled or billed.',
    how: 'POST /api/auth/wallets/x402-token twice with one API key (tokens T1, T2), then GET /api/v1/wallets/link?token=T1 with the key and no payment: 422 x402_payment_required (a live token, no payer) on the reference, 404 link_token_not_found through the bug.',
    onRequest(ctx) {
      r14bResetSeen(ctx);
      if (!isGet(ctx, '/api/v1/wallets/link')) return null;
      if (!ctx.apiKey && !ctx.headers['payment-signature']) return null;
      if (!r14bRevoked(ctx).has(ctx.query.get('token') || '')) return null;
      return ctx.reply(404, { error: 'link_token_not_found', message: 'No such link token' });
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/auth/wallets/x402-token') || res.status < 200 || res.status >= 300 || !b || typeof b.token !== 'string') return;
      const who = ctx.apiKey || ctx.headers.authorization;
      if (!who) return;
      if (!ctx.state.r14bLastToken) ctx.state.r14bLastToken = new Map();
      const prev = ctx.state.r14bLastToken.get(who);
      if (prev && prev !== b.token) r14bRevoked(ctx).add(prev);
      ctx.state.r14bLastToken.set(who, b.token);
    },
  },
  // ------------------------------------------------------------------ pattern a (round 14 b): a wait that is not the wait, on bounds not asked before
  {
    name: 'generation_quota_resets_0100_utc',
    round: 14,
    pattern: 'a',
    section: 'Errors',
    sentences: ['d3fe4d7ef12e', '86c43891806e'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'The owner-scoped daily generation quota (quotaScope venue_market_daily, 50 per account) is counted by the job service on its local calendar day (UTC+1), while the gateway computes retryAfter and Retry-After to 00:00 UTC: an account that used up its quota is refused again for the first hour of the next UTC day (429 venue_market_daily, waits counted to 01:00 UTC), so the wait its refusal stated was too short. Accounts under the quota, the refusal before midnight and every answer from 01:00 UTC are right; the refusals are not billed.',
    how: 'Make 50 generations with one API-key account (POST /api/auth/forecast-requests, venue_a 1000503, a new idempotency key each), the 51st answers 429 venue_market_daily with retryAfter N. Advance the clock N+1 seconds (just past 00:00 UTC) and POST again: 202 on the reference, 429 venue_market_daily (retryAfter about 3600) through the bug.',
    async onRequest(ctx) {
      r14bResetSeen(ctx);
      if (!isPost(ctx, '/api/auth/forecast-requests') || !ctx.apiKey) return null;
      const hit = r14bQuota(ctx).get(ctx.apiKey);
      if (!hit) return null;
      const now = await ctx.stubNow();
      if (now >= hit.until) { r14bQuota(ctx).delete(ctx.apiKey); return null; }
      if (Math.floor(now / 86_400_000) === hit.day) return null; // same UTC day: the reference refuses by itself
      const wait = Math.max(1, Math.ceil((hit.until - now) / 1000));
      const body = { ...hit.body, retry_after: wait, retryAfter: wait };
      if (typeof body.message === 'string') body.message = body.message.replace(/retry after .*$/, 'retry after 01:00 UTC');
      return ctx.reply(429, body, {
        'retry-after': String(wait),
        'ratelimit-policy': hit.policy || '"venue_market_daily";q=50;w=86400',
        ratelimit: `"venue_market_daily";r=0;t=${wait}`,
      });
    },
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/auth/forecast-requests') || !ctx.apiKey || res.status !== 429 || !b || b.quotaScope !== 'venue_market_daily') return;
      const now = await ctx.stubNow();
      const day = Math.floor(now / 86_400_000);
      const until = (day + 1) * 86_400_000 + 3_600_000; // 01:00 UTC of the next UTC day
      r14bQuota(ctx).set(ctx.apiKey, { day, until, body: { ...b }, policy: res.headers['ratelimit-policy'] });
    },
  },
  {
    name: 'ip_guard_minute_429_clock_minute_wait',
    round: 14,
    pattern: 'a',
    section: 'Errors',
    sentences: ['324d8a2ff7f0', 'a8500226c2fd', '63e39410bea6'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/markets/search', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast', 'GET /api/v1/markets', 'GET /api/v1/signals', 'GET /api/v1/markets/mispriced', 'POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'A 429 of the per-IP guard\'s per-minute window (1,200 per minute, a sliding window) states as its wait the seconds to the end of the current clock minute, as a fixed-window limiter would, instead of the time until the window\'s oldest admission leaves it: Retry-After, the body retry_after, the RateLimit t= and the message all agree on the short wait, and a client that honours it is refused again. The refusal, its scope, the guard\'s second and day 429s and the customer scopes\' 429s are right.',
    how: 'Move the clock to about 20 s past a minute, preload the caller address\'s ip_guard minute usage to 1,200 (POST /__control/limits/usage), GET /api/v1/assets with an API key: 429 ip_guard with Retry-After N. Advance the clock N+1 seconds and repeat: on the reference N is 60 and the repeat is 200; through the bug N is about 40 and the repeat is 429 again.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (res.status !== 429 || !b || b.limit_scope !== 'ip_guard') return;
      if (!/^"ip_guard-minute"/.test(String(res.headers.ratelimit || ''))) return;
      const now = await ctx.stubNow();
      const wait = Math.max(1, 60 - Math.floor((now % 60_000) / 1000));
      const stated = Number(res.headers['retry-after']);
      if (Number.isFinite(stated) && wait >= stated) return;
      res.headers['retry-after'] = String(wait);
      res.headers.ratelimit = String(res.headers.ratelimit).replace(/t=\d+/, `t=${wait}`);
      b.retry_after = wait;
      if (typeof b.message === 'string') b.message = b.message.replace(/retry after \d+ s/, `retry after ${wait} s`);
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern f (round 14 b): a cache placed ahead of a limit
  {
    name: 'unsigned_challenge_cached_before_guard',
    round: 14,
    pattern: 'f',
    section: 'Limits',
    sentences: ['0deb807d88f9', '63e39410bea6'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/markets/search', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast', 'GET /api/v1/signals', 'GET /api/v1/signals/oil', 'GET /api/v1/signals/perps', 'GET /api/v1/markets/mispriced', 'GET /api/v1/assets/stance', 'GET /api/v1/portfolio'],
    what: 'The 402 challenges of unsigned GET requests (no API key, no PAYMENT-SIGNATURE) are served from a per-URL edge cache placed ahead of the per-IP guard: once a URL\'s challenge was issued, repeats of it are answered the same 402 without reaching the guard, so they neither count against the guard nor are refused by it, and an address whose guard window is full still gets 402 challenges instead of 429. The first unsigned request of a URL, keyed and signed calls and the challenge itself are right.',
    how: 'GET /api/v1/assets without credentials (402), preload the caller address\'s ip_guard minute usage to 1,200 (POST /__control/limits/usage), GET /api/v1/assets without credentials again: 429 rate_limited limit_scope ip_guard on the reference, the 402 challenge through the bug.',
    onRequest(ctx) {
      r14bResetSeen(ctx);
      if (ctx.method !== 'GET' || ctx.apiKey || ctx.headers['payment-signature'] || ctx.path.startsWith('/__control')) return null;
      const hit = r14bChallenges(ctx).get(`${ctx.headers.host || ''} ${ctx.url}`);
      if (!hit) return null;
      return ctx.reply(402, JSON.parse(JSON.stringify(hit.json)), { ...hit.headers });
    },
    onResponse(ctx, res) {
      if (ctx.method !== 'GET' || ctx.apiKey || ctx.headers['payment-signature'] || res.status !== 402 || !res.headers['payment-required']) return;
      const b = J(res);
      if (!b) return;
      const headers = {};
      for (const k of ['payment-required', 'content-type']) if (res.headers[k] !== undefined) headers[k] = res.headers[k];
      r14bChallenges(ctx).set(`${ctx.headers.host || ''} ${ctx.url}`, { headers, json: JSON.parse(JSON.stringify(b)) });
    },
  },
  // ================================================================== round 15 (a): patterns a, c, g (read routes: a pointer missing its venue, a fault swallowed by one identifier form or one parameter, a one-sided count)
  {
    name: 'availability_read_pointer_venue_a_us_unqualified',
    round: 15,
    pattern: 'g',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['4035ad11af64'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'For venue_a_us markets that have a stored forecast, forecast-availability builds read.endpoint without its ?venue=venue_a_us query (the pointer builder adds the venue only for venues outside the first operator\'s family, testing venue.startsWith("venue_a")), so the pointer names the bare slug, which the paid read resolves in the legacy venue_a namespace: it reads another market\'s forecast (a slug shared with venue_a) or answers 404. venue_a, venue_b and venue_c pointers, available, latestForecast and generation null are unchanged.',
    how: 'GET /api/public/forecast-availability?market_key=venue_a_us:28098314 (available true): read.endpoint is /api/v1/markets/will-the-supreme-court-rule-the-ieepa-tariffs-unlawful/forecast without ?venue=venue_a_us; following it with an API key reads venue_a:522846 (same slug, no stored forecast): 404 instead of the forecast latestForecast names.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200) return;
      const b = J(res);
      if (!b || !b.market || b.market.venue !== 'venue_a_us' || !b.read || typeof b.read.endpoint !== 'string') return;
      const [path, q] = b.read.endpoint.split('?');
      if (q === undefined) return;
      const sp = new URLSearchParams(q);
      sp.delete('venue');
      const rest = sp.toString();
      b.read.endpoint = path + (rest ? `?${rest}` : '');
      res.touch();
    },
  },
  {
    name: 'availability_market_id_source_down_untracked',
    round: 15,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['17e81f58abf2', '88a24cd7b873'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'When the availability source is down, a lookup by market_id (with venue) fails open: the native-id path catches the source error as "no such market" and answers 200 with tracked false, available false and every other member null, instead of 503; market_key and slug lookups still answer 503, and the answers while the source is up are unchanged.',
    how: 'POST /__control/faults {method GET, path /api/public/forecast-availability, status 503, scope s}; with X-Fault-Scope s, GET ?market_key=venue_a:520224 answers 503 on both sides, while GET ?market_id=520224&venue=venue_a answers 503 on the reference and 200 {tracked:false, ...} through the bug.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 503) return;
      if (!ctx.query.has('market_id') || ctx.query.has('market_key') || ctx.query.has('slug')) return;
      return ctx.reply(200, {
        tracked: false, available: false, market: null, question: null, latestForecast: null,
        read: null, generation: null, targetResolution: null, excluded: null,
      });
    },
  },
  {
    name: 'targets_venue_a_resolution_down_404',
    round: 15,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-targets (free, no auth)',
    sentences: ['46e5d9d1b189', '88a24cd7b873'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'When venue resolution is unavailable, forecast-targets answers the venue_a forms of ref (a venue_a: marketKey or a venue_a browser URL) with 404 not_found echoing the ref in ticker, as if nothing matched (the venue_a resolver returns null on a fetch error and the route reads null as no match), instead of 503; venue_b refs (tickers, URLs, venue_b: keys) still answer 503, and answers while resolution is up are unchanged.',
    how: 'POST /__control/faults {method GET, path /api/public/forecast-targets, status 503, scope s}; with X-Fault-Scope s, GET ?ref=KXCPIYOY-26MAR answers 503 on both sides, while GET ?ref=venue_a:1000503 answers 503 on the reference and 404 {error not_found, ticker "venue_a:1000503"} through the bug.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/public/forecast-targets') || res.status !== 503) return;
      const ref = String(ctx.query.get('ref') || '');
      let venueA = /^venue_a:/i.test(ref);
      if (!venueA && /^https?:\/\//i.test(ref)) {
        try { const u = new URL(ref); venueA = /(^|\.)venue-a\./i.test(u.hostname) && !/(^|\.)us\.venue-a\./i.test(u.hostname); } catch { /* not a URL */ }
      }
      if (!venueA) return;
      const tail = ref.replace(/[?#].*$/, '').replace(/\/+$/, '').split('/').pop();
      return ctx.reply(404, { error: 'not_found', message: `no forecast target matches ${tail}`, ticker: ref });
    },
  },
  {
    name: 'portfolio_explicit_venues_fail_open',
    round: 15,
    pattern: 'a',
    section: 'Errors',
    sentences: ['5a78e9e6f3f1'],
    operations: ['GET /api/v1/portfolio'],
    what: 'When GET /api/v1/portfolio is given an explicit venues list and its venue data source is down, it fails open: the per-venue fetches are settled one by one and the failed ones dropped, so the answer is 200 with the requested venues and no positions (billed as a 200, 10 credits) instead of 502 upstream_unavailable; without venues (the default set) it still fails closed. API-key calls only.',
    how: 'POST /__control/faults {method GET, path /api/v1/portfolio, status 502, scope s}; with X-Fault-Scope s and an API key, GET /api/v1/portfolio?wallet=0x1111...1111 answers 502 on both sides, while GET ...&venues=venue_c answers 502 on the reference and 200 {venues:[venue_c], positions:[]} through the bug.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/portfolio') || res.status !== 502 || !ctx.apiKey) return;
      const b = J(res);
      if (!b || b.error !== 'upstream_unavailable') return;
      const raw = ctx.query.get('venues');
      const wallet = ctx.query.get('wallet');
      if (!raw || !wallet) return;
      const venues = dedupe(listParam(raw));
      if (!venues.length || venues.some((x) => !['venue_a', 'venue_a_us', 'venue_b', 'venue_c'].includes(x))) return;
      await ctx.charge(10);
      const now = await ctx.stubNow();
      return ctx.reply(200, { as_of: new Date(now).toISOString(), wallet, venues, positions: [] });
    },
  },
  {
    name: 'asset_summary_mispriced_one_sided',
    round: 15,
    pattern: 'g',
    section: 'Resources and their fields / Asset search item',
    sentences: ['188246ced510'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In reference mode (where the summary is computed in code from the hydrated linked markets), market_summary.mispriced_market_count counts only the markets whose latest forecast probability is at least mispricing_threshold_pp above the venue odds (a signed spread, probability minus odds), leaving out the markets priced as far above the forecast; q mode and the mispriced list count both sides, as the reference does.',
    how: 'GET /api/v1/assets/search?reference=btc: 16 of its linked markets have |latest_service_probability - market_odds| >= 7.5 pp and the reference says mispriced_market_count 16; through the bug it says 8 (only forecast above odds).',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !ctx.query.has('reference')) return;
      const b = J(res);
      if (!b || !Array.isArray(b.assets)) return;
      for (const a of b.assets) {
        const s = a && a.market_summary;
        if (!s || typeof s.mispriced_market_count !== 'number' || !Array.isArray(a.linked_markets)) continue;
        const t = typeof s.mispricing_threshold_pp === 'number' ? s.mispricing_threshold_pp : 7.5;
        const below = a.linked_markets.filter((m) => typeof m.latest_service_probability === 'number' && typeof m.market_odds === 'number'
          && (m.market_odds - m.latest_service_probability) * 100 >= t - 1e-9).length;
        if (below > 0) s.mispriced_market_count = Math.max(0, s.mispriced_market_count - below);
      }
      res.touch();
    },
  },


  // ================================================================== round 15 (b): patterns a, e, f (money, limits and state: waits on windows nobody honoured, a bill on a refusal, a refusal that outlives a top-up, an in-flight bound shared across scopes)
  // ------------------------------------------------------------------ pattern a (round 15 b): a stated wait that is too short, on windows nobody honoured
  {
    name: 'oil_spacing_429_wait_floored',
    round: 15,
    pattern: 'a',
    section: 'Errors',
    sentences: ['324d8a2ff7f0', 'a8500226c2fd', '6636b2871e8f'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'The oil route\'s start-spacing 429 (limit_scope oil, RateLimit "oil-spacing") states its wait as the remaining spacing floored to whole seconds instead of rounded up: since the remainder is always under one second, Retry-After, the body retry_after, the RateLimit t= and the message all say 0, and a client that honours the wait starts again inside the same second and is refused again. The refusal itself, its scope and policy, the oil in-flight 429 and every other scope\'s 429 are right; nothing is debited.',
    how: 'GET /api/v1/signals/oil?include_marks=false with an API key (200), and 100 ms later again: 429 limit_scope oil with Retry-After N. Wait N seconds (+150 ms) and repeat: on the reference N is 1 and the repeat is 200; through the bug N is 0 and the repeat is 429 again.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status !== 429 || !b || b.limit_scope !== 'oil') return;
      if (!/^"oil-spacing"/.test(String(res.headers.ratelimit || ''))) return;
      res.headers['retry-after'] = '0';
      res.headers.ratelimit = String(res.headers.ratelimit).replace(/t=\d+/, 't=0');
      b.retry_after = 0;
      if (typeof b.message === 'string') b.message = b.message.replace(/retry after \d+ s/, 'retry after 0 s');
      res.touch();
    },
  },
  {
    name: 'x_research_minute_429_second_wait',
    round: 15,
    pattern: 'a',
    section: 'Errors',
    sentences: ['324d8a2ff7f0', 'a8500226c2fd', 'd52fce9a3b8f'],
    operations: ['POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'A 429 of the social-research scope\'s per-minute window (60 per minute) states as its wait the reset of the scope\'s soonest-resetting window (its per-second window, 1 s) instead of the time until the minute window admits again: Retry-After, the body retry_after, the RateLimit t= and the message all say 1, so a client that honours it is refused again for up to a minute. The refusal, its scope, RateLimit-Policy, the social second/day/in-flight 429s and the standard and guard 429s are right; nothing is debited.',
    how: 'Preload an account\'s x_research minute usage to 60 (POST /__control/limits/usage), POST /api/v1/x/search {query: "fed"} with its key: 429 x_research with Retry-After N. Advance the clock N+1 seconds and repeat: on the reference N is 60 and the repeat is 200; through the bug N is 1 and the repeat is 429 again.',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'POST' || !/^\/api\/v1\/x\/(search|profile)$/.test(ctx.path)) return;
      if (res.status !== 429 || !b || b.limit_scope !== 'x_research') return;
      if (!/^"x_research-minute"/.test(String(res.headers.ratelimit || ''))) return;
      res.headers['retry-after'] = '1';
      res.headers.ratelimit = String(res.headers.ratelimit).replace(/t=\d+/, 't=1');
      b.retry_after = 1;
      if (typeof b.message === 'string') b.message = b.message.replace(/retry after \d+ s/, 'retry after 1 s');
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern f (round 15 b): a bill on a refusal the route's own error list calls unbilled
  {
    name: 'link_keyed_unpaid_422_billed',
    round: 15,
    pattern: 'f',
    section: 'Endpoints / GET /api/v1/wallets/link',
    sentences: ['3c207d9e3935'],
    operations: ['GET /api/v1/wallets/link'],
    what: 'A GET /api/v1/wallets/link carrying an API key and a live link token but no x402 payment answers 422 x402_payment_required as it should, yet debits 10 credits from the key\'s account: the gateway\'s API-key billing admits every /api/v1 call at the standard $0.01 and its refund hook only returns 404, 429, 502 and upstream errors, while the payer check runs inside the handler after the debit. The 422 of a missing or expired token (rejected by validation before billing), the 404 link_token_not_found (refunded) and calls without credentials (402) debit nothing.',
    how: 'Issue a link token (POST /api/auth/wallets/x402-token with an API key), read the balance, GET /api/v1/wallets/link?token=T with the key and no payment: 422 x402_payment_required on both; the balance is unchanged on the reference and 10 credits lower through the bug.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/wallets/link') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (res.status === 422 && b && b.error === 'x402_payment_required') await ctx.charge(10);
    },
  },
  // ------------------------------------------------------------------ pattern e (round 15 b): a state that changed between two calls, and an answer that does not follow it
  {
    name: 'short_balance_refusal_cached_per_route',
    round: 15,
    pattern: 'e',
    section: 'Errors',
    sentences: ['9897d53e523d'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/markets/search', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast', 'POST /api/v1/x/search', 'POST /api/v1/x/profile', 'POST /api/auth/forecast-requests'],
    what: 'When a paid call of an API key is refused 403 insufficient_credits while the account holds some credits but fewer than the route\'s price, the gateway memoises "cannot afford this route" for that key and route (method and path) for 60 seconds (wall clock) and answers the same 403 (with the balance it saw then) without reading the account again: an account topped up right after the refusal is still refused on that route for a minute, although it now holds the price. Refusals at a zero balance, other routes of the same key (cheaper or not yet refused) and keys never refused are unchanged; nothing is debited.',
    how: 'Create an account with 5 credits, GET /api/v1/latest (20 credits) with its key: 403 insufficient_credits ("the account holds 5"). PATCH the account {credits: 1000}, GET /api/v1/latest again: 200 (20 credits debited) on the reference, 403 insufficient_credits through the bug.',
    onRequest(ctx) {
      r15bResetSeen(ctx);
      if (!ctx.apiKey || ctx.path.startsWith('/__control')) return null;
      const k = `${ctx.apiKey} ${ctx.method} ${ctx.path}`;
      const hit = r15bShort(ctx).get(k);
      if (!hit) return null;
      if (Date.now() - hit.at >= 60_000) { r15bShort(ctx).delete(k); return null; }
      return ctx.reply(403, { ...hit.body });
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.apiKey || res.status !== 403 || !b || b.error !== 'insufficient_credits') return;
      const m = /holds (\d+)/.exec(String(b.message || ''));
      if (!m || Number(m[1]) <= 0) return; // an empty account is not this bug's case
      const k = `${ctx.apiKey} ${ctx.method} ${ctx.path}`;
      if (!r15bShort(ctx).has(k)) r15bShort(ctx).set(k, { at: Date.now(), body: { ...b } });
    },
  },
  {
    name: 'x_research_in_flight_shared_with_standard',
    round: 15,
    pattern: 'e',
    section: 'Limits',
    sentences: ['d52fce9a3b8f', 'db986177c205'],
    operations: ['POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'The social-research scope\'s in-flight bound (5) is checked against one in-flight counter per API key shared with the standard scope, so the key\'s standard calls still running count against it: while five standard calls of an account are in flight (well under the standard bound of 10), its POST /api/v1/x/search or /x/profile is refused 429 rate_limited, limit_scope x_research, "x_research-concurrency" (X-Quotient-Max-Concurrent 5, Retry-After 1), although no social call is running. Social calls alone, standard calls alone, and other accounts are limited as documented; the refusal is answered before any debit.',
    how: 'Add a latency fault of 1.5 s on GET /api/v1/assets (scoped), start five GET /api/v1/assets with one API key, and 300 ms later POST /api/v1/x/search {query: "fed"} with the same key: 200 on the reference, 429 x_research-concurrency through the bug.',
    onRequest(ctx) {
      r15bResetSeen(ctx);
      if (!ctx.apiKey) return null;
      const social = ctx.method === 'POST' && /^\/api\/v1\/x\/(search|profile)$/.test(ctx.path);
      if (!social && !isStandardRoute(ctx)) return null;
      const live = r15bInFlight(ctx, ctx.apiKey);
      if (social) {
        const running = [...live.values()].filter((s) => Date.now() - s < 60_000).length;
        if (running >= 5) {
          return ctx.reply(429, {
            error: 'rate_limited',
            message: "Too many requests: the x_research scope's concurrency (in-flight) limit is exceeded; retry after 1 s",
            retry_after: 1,
            limit_scope: 'x_research',
          }, {
            'retry-after': '1',
            ratelimit: '"x_research-concurrency";r=0;t=1',
            'ratelimit-policy': '"x_research-second";q=5;w=1, "x_research-minute";q=60;w=60, "x_research-day";q=500;w=86400, "x_research-concurrency";q=5',
            'x-quotient-max-concurrent': '5',
          });
        }
      }
      ctx.r15bSlot = Symbol('slot');
      live.set(ctx.r15bSlot, Date.now());
      return null;
    },
    onResponse(ctx) {
      if (ctx.r15bSlot && ctx.apiKey) r15bInFlight(ctx, ctx.apiKey).delete(ctx.r15bSlot);
    },
  },

  // ================================================================== round 16 (a): patterns a, b, c, d, g (read routes: a legacy alias filled on one route, a broker filter lost beside venue, a US marketKey split at the wrong venue, an envelope cap taken from a page size, a thesis joined by event)
  // ------------------------------------------------------------------ pattern a (round 16 a): the venueAUrl rule broken on one route's top level
  {
    name: 'signals_venueaurl_nonvenue_a',
    round: 16,
    pattern: 'a',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['8e14f95c6129'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'The top-level venueAUrl of GET /api/v1/markets/{slug}/signals is built as "venueAUrl ?? market.marketUrl" (a fallback meant for old clients that only read venueAUrl), so for venue_b, venue_c and venue_a_us markets it carries the venue page instead of null. venue_a answers, the nested market object, serviceUrl, the evidence items, total and last_updated are unchanged, and every other route keeps venueAUrl null for other venues.',
    how: 'GET /api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b with an API key: venueAUrl is null on the reference and https://venue-b.example/markets/kxcpiyoy/cpi-year-over-year/kxcpiyoy-26mar (market.marketUrl) through the bug.',
    onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !MARKET_SIGNALS.test(ctx.path) || res.status !== 200) return;
      const b = J(res);
      if (!b || !b.market || b.market.venue === 'venue_a' || b.venueAUrl !== null || typeof b.market.marketUrl !== 'string') return;
      b.venueAUrl = b.market.marketUrl;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern b (round 16 a): a filter value honoured only without a second filter
  {
    name: 'search_broker_tag_lost_with_venue',
    round: 16,
    pattern: 'b',
    section: 'Endpoints / Other operations referenced',
    sentences: ['66e6cfbfb00f'],
    operations: ['GET /api/v1/markets/search'],
    what: 'GET /api/v1/markets/search drops the tag=broker_a filter when a venue filter is also given: the per-venue lane resolves tag against market tags only and treats broker_a (which is no market tag) as "no tag filter", so the venue\'s rows that no broker lists come back beside the broker-listed ones. tag=broker_a alone (with or without q), venue alone, and ordinary tags with venue are right; count agrees with the rows. API-key calls only (x402 calls are left correct).',
    how: 'GET /api/v1/markets/search?q=fed&tag=broker_a&venue=venue_b with an API key: the reference answers 63 rows, all with broker_channels ["broker_a"]; through the bug 66 rows, 3 of them with broker_channels [] (the answer of q=fed&venue=venue_b).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets/search') || !ctx.apiKey || ctx.headers['payment-signature']) return null;
      if (!ctx.query.get('venue')) return null;
      const tags = ctx.query.getAll('tag');
      if (!tags.some((t) => String(t).trim().toLowerCase() === 'broker_a')) return null;
      ctx.query.delete('tag');
      for (const t of tags) if (String(t).trim().toLowerCase() !== 'broker_a') ctx.query.append('tag', t);
      return null;
    },
  },
  // ------------------------------------------------------------------ pattern c (round 16 a): a documented identifier form misread on a route nobody used it on
  {
    name: 'assets_reference_venue_a_us_key_misparsed',
    round: 16,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['ca70ee9fbe15', '6b9ba6eb33d0'],
    operations: ['GET /api/v1/assets/search'],
    what: 'GET /api/v1/assets/search splits a marketKey reference by testing the venue keys in enum order with startsWith, so "venue_a_us:<id>" is taken as venue venue_a with native id "us:<id>" and matches no linked market: the Asset of an active venue_a_us market is not returned for its marketKey. The references echo still lists the key as given; marketKeys of venue_a, venue_b and venue_c, the bare native id of the venue_a_us market, Asset keys, UUIDs and identifiers match. API-key calls only (x402 calls are left correct).',
    how: 'GET /api/v1/assets/search?reference=venue_a_us:78782773 with an API key: the reference answers the eth Asset (references ["venue_a_us:78782773"]); through the bug assets [] with the same references echo. With &reference=btc added, only btc comes back.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.apiKey || ctx.headers['payment-signature']) return null;
      const refs = ctx.query.getAll('reference');
      if (!refs.some((r) => String(r).startsWith('venue_a_us:'))) return null;
      const back = new Map();
      ctx.query.delete('reference');
      for (const r of refs) {
        if (String(r).startsWith('venue_a_us:')) {
          const mis = `venue_a:${String(r).slice('venue_a'.length + 1)}`;
          back.set(mis, r);
          ctx.query.append('reference', mis);
        } else ctx.query.append('reference', r);
      }
      ctx.r16aRefs = back;
      return null;
    },
    onResponse(ctx, res) {
      if (!ctx.r16aRefs || res.status !== 200) return;
      const b = J(res);
      if (!b || !Array.isArray(b.references)) return;
      b.references = dedupe(b.references.map((r) => ctx.r16aRefs.get(r) || r));
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern d (round 16 a): a stated bound replaced by another number on one route
  {
    name: 'latest_envelope_cap_100',
    round: 16,
    pattern: 'd',
    section: 'Limits',
    sentences: ['ee3d8237f94a', 'f29e8e9dbb90'],
    operations: ['GET /api/v1/latest'],
    what: 'The latest feed hydrates each event market\'s relationships with the feed\'s own page-size constant (100) as the per-category cap instead of 50, so a market with more than 50 sibling markets on its Asset carries up to 100 market refs, and truncated.markets is true only when more than 100 were cut. Every added ref is a well-formed HAS_MARKET ref (outgoing, via asset) to a real active market of the same Asset. Markets with 50 or fewer refs, the compact forecasts\' envelopes, asset and signal refs, and every other route\'s envelopes (capped at 50) are unchanged.',
    how: 'GET /api/v1/latest?hours=6 with an API key: the events on fed-funds-rate and btc markets (for example venue_b:KXFED-26JAN-T3.00) carry 50 market refs with truncated.markets true on the reference; through the bug they carry every sibling (70 or more) with truncated.markets false.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200) return;
      const b = J(res);
      if (!b || !Array.isArray(b.events)) return;
      const CAP = 100;
      const linked = new Map();
      let n = 0;
      for (const e of b.events) {
        const m = e && e.market;
        const rel = m && m.relationships;
        if (!rel || !rel.truncated || rel.truncated.markets !== true || !Array.isArray(rel.markets)) continue;
        const have = new Set(rel.markets.map((r) => r && r.marketKey));
        have.add(m.marketKey);
        const pool = [];
        for (const a of rel.assets || []) {
          if (!a || a.via !== 'direct' || !a.assetKey) continue;
          if (!linked.has(a.assetKey)) {
            const j = await r12bOwnGet(ctx, `/api/v1/assets/search?reference=${encodeURIComponent(a.assetKey)}`);
            const hit = j && Array.isArray(j.assets) ? j.assets.find((x) => x && x.assetKey === a.assetKey) : null;
            linked.set(a.assetKey, hit && Array.isArray(hit.linked_markets) ? hit.linked_markets : []);
          }
          for (const lm of linked.get(a.assetKey)) {
            if (!lm || have.has(lm.marketKey)) continue;
            have.add(lm.marketKey);
            pool.push({ relationship: 'HAS_MARKET', direction: 'outgoing', via: 'asset', marketKey: lm.marketKey, venue: lm.venue, nativeMarketId: lm.nativeMarketId, question: lm.question ?? null });
          }
        }
        if (!pool.length) continue;
        const room = Math.max(0, CAP - rel.markets.length);
        rel.markets = [...rel.markets, ...pool.slice(0, room)];
        rel.truncated.markets = pool.length > room;
        n++;
      }
      if (n) res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern g (round 16 a): a paired member joined on the wrong key
  {
    name: 'asset_linked_thesis_event_keyed',
    round: 16,
    pattern: 'g',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['f319ea0d285c', '6eb57fea977d'],
    operations: ['GET /api/v1/assets/search'],
    what: 'When GET /api/v1/assets/search hydrates linked markets, the thesis is looked up in a map keyed by the market\'s event id instead of its market key, so every forecast market of a multi-market event (strike ladders such as KXBTCD-26MAR2317) carries the thesis of the first such market in the list, not the thesis of its own latest forecast. latest_service_probability, forecast_at, market_odds_at_forecast and has_forecast stay right, markets alone in their event are right, and the stored forecast read, market search and the latest feed are unchanged.',
    how: 'GET /api/v1/assets/search?reference=btc with an API key, then GET /api/v1/markets/{ticker}/forecast?venue=venue_b for the forecast markets of event KXBTCD-26MAR2317: on the reference each linked thesis equals the stored forecast\'s thesis (whose probability equals latest_service_probability); through the bug all of them carry the first one\'s thesis, so most differ.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200) return;
      const b = J(res);
      if (!b || !Array.isArray(b.assets)) return;
      let n = 0;
      for (const a of b.assets) {
        if (!a || !Array.isArray(a.linked_markets)) continue;
        const byEvent = new Map();
        for (const m of a.linked_markets) {
          if (!m || !m.has_forecast || typeof m.thesis !== 'string') continue;
          const ev = (m.event && m.event.id) || m.nativeEventId;
          if (!ev) continue;
          if (!byEvent.has(ev)) { byEvent.set(ev, m.thesis); continue; }
          if (m.thesis !== byEvent.get(ev)) { m.thesis = byEvent.get(ev); n++; }
        }
      }
      if (n) res.touch();
    },
  },

  // ================================================================== round 16 (b): patterns a, d, e, f, g (money, limits and state: a concurrency header lost on the generation route, a social credit check at the sibling's price, in-flight slots held by refunded 404s, a generation 502 that keeps its $1.00, a profile belief left without citations)
  // ------------------------------------------------------------------ pattern a (round 16 b): a header a 429 must carry, lost on one operation's concurrency refusal
  {
    name: 'generation_concurrency_429_no_max_concurrent',
    round: 16,
    pattern: 'a',
    section: 'Errors',
    sentences: ['a8500226c2fd'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'When POST /api/auth/forecast-requests is refused by the standard scope\'s in-flight bound (429 rate_limited, limit_scope standard, RateLimit "standard-concurrency"), the answer lacks the X-Quotient-Max-Concurrent header: the generation route builds its 429s through its owner-quota error writer, which sets Retry-After, RateLimit-Policy and RateLimit but knows nothing of concurrency. The body, the other three headers, the generation\'s other 429s and the concurrency 429s of every other standard route are right; nothing is debited.',
    how: 'Add a scoped latency fault of 1.5 s on GET /api/v1/assets and start ten such calls with one API key; 300 ms later POST /api/auth/forecast-requests (venue_a 1000503, Idempotency-Key) with the same key: 429 standard-concurrency with X-Quotient-Max-Concurrent 10 on the reference, without the header through the bug.',
    onResponse(ctx, res) {
      if (!isPost(ctx, '/api/auth/forecast-requests') || res.status !== 429) return;
      if (!/^"standard-concurrency"/.test(String(res.headers.ratelimit || ''))) return;
      delete res.headers['x-quotient-max-concurrent'];
    },
  },
  // ------------------------------------------------------------------ pattern d (round 16 b): a price wrong where it appears again, in one route's credit check
  {
    name: 'xsearch_credit_check_profile_price',
    round: 16,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['09136ff6d2cd', '1298c54a809b'],
    operations: ['POST /api/v1/x/search'],
    what: 'The API-key credit check of POST /api/v1/x/search uses the social-research scope\'s price (the highest of its two routes, the 1000 credits of /x/profile) instead of the 500 credits ($0.50) the route costs: an account holding 500 to 999 credits is refused 403 insufficient_credits ("This call costs 1000 credits"), and every x/search 403 says 1000. The debit of an admitted call (500), the 402 challenge, /x/profile and every standard route are right; the refusal debits nothing.',
    how: 'Create an account with 700 credits and POST /api/v1/x/search {query: "fed"} with its key: 200 and 500 credits debited on the reference; 403 insufficient_credits ("costs 1000 credits; the account holds 700") and no debit through the bug.',
    async onRequest(ctx) {
      if (!isPost(ctx, '/api/v1/x/search') || !ctx.apiKey || ctx.headers['payment-signature']) return null;
      const acct = await accountOf(ctx);
      if (!acct) return null;
      const r = await ctx.control('GET', `/__control/accounts/${encodeURIComponent(acct)}`);
      if (!r || r.status !== 200 || !r.json || typeof r.json.credits !== 'number') return null;
      const held = r.json.credits;
      if (held < 500 || held >= 1000) return null;
      return ctx.reply(403, { error: 'insufficient_credits', message: `This call costs 1000 credits; the account holds ${held}` });
    },
    onResponse(ctx, res) {
      learnAccounts(ctx, res);
      const b = J(res);
      if (!isPost(ctx, '/api/v1/x/search') || res.status !== 403 || !b || b.error !== 'insufficient_credits') return;
      if (typeof b.message === 'string') { b.message = b.message.replace(/costs 500 credits/, 'costs 1000 credits'); res.touch(); }
    },
  },
  // ------------------------------------------------------------------ pattern e (round 16 b): an in-flight bound that counts calls after they ended
  {
    name: 'standard_in_flight_slot_held_by_404',
    round: 16,
    pattern: 'e',
    section: 'Limits',
    sentences: ['db986177c205'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/markets', 'GET /api/v1/markets/search', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast', 'GET /api/v1/signals', 'GET /api/v1/markets/mispriced', 'POST /api/auth/forecast-requests'],
    what: 'A keyed standard-scope call answered 404 (refunded) keeps its in-flight slot after the answer: the release sits in the billing-success branch and the refund path skips it, so the slot is freed only by a sweeper 30 seconds later. Ten 404s of one account within half a minute (unknown slugs on the evidence or forecast route) fill its in-flight bound of 10, and its next standard call is refused 429 rate_limited, limit_scope standard, "standard-concurrency" (X-Quotient-Max-Concurrent 10, Retry-After 1), although nothing of the account is running. Answers other than 404, the social scope and other accounts are unchanged; the refusal is answered before any debit.',
    how: 'With one API key, call GET /api/v1/markets/no-such-market-N/signals ten times in a row (404, refunded), then GET /api/v1/assets: 200 on the reference, 429 standard-concurrency through the bug.',
    onRequest(ctx) {
      r16bResetSeen(ctx);
      if (!ctx.apiKey || !isStandardRoute(ctx)) return null;
      const st = r16bSlots(ctx, ctx.apiKey);
      const now = Date.now();
      st.leaked = st.leaked.filter((t) => now - t < 30_000);
      if (st.leaked.length + st.running.size >= 10) {
        return ctx.reply(429, {
          error: 'rate_limited',
          message: "Too many requests: the standard scope's concurrency (in-flight) limit is exceeded; retry after 1 s",
          retry_after: 1,
          limit_scope: 'standard',
        }, {
          'retry-after': '1',
          ratelimit: '"standard-concurrency";r=0;t=1',
          'ratelimit-policy': STD_POLICY,
          'x-quotient-max-concurrent': '10',
        });
      }
      ctx.r16bSlot = Symbol('slot');
      st.running.add(ctx.r16bSlot);
      return null;
    },
    onResponse(ctx, res) {
      if (!ctx.r16bSlot || !ctx.apiKey) return;
      const st = r16bSlots(ctx, ctx.apiKey);
      st.running.delete(ctx.r16bSlot);
      if (res.status === 404) st.leaked.push(Date.now());
    },
  },
  // ------------------------------------------------------------------ pattern f (round 16 b): an unbilled answer billed for one cause on one route
  {
    name: 'generation_upstream_502_billed',
    round: 16,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'POST /api/auth/forecast-requests debits its $1.00 at admission and leaves refunds to the job pipeline (a job that ends failed or rejected gives the credits back); when the job queue is unavailable and the call answers 502 upstream_unavailable, no job exists to refund, so the 1000 credits stay debited. The 502 answer itself is right; the generation\'s 404, 422 and 429 and the 502s of every other route are unbilled as documented.',
    how: 'Add a scoped fault (POST /api/auth/forecast-requests, status 502, times 1), read the balance, POST /api/auth/forecast-requests (venue_a 1000503, Idempotency-Key) with an API key and the fault scope: 502 on both; the balance is unchanged on the reference and 1000 credits lower through the bug.',
    async onResponse(ctx, res) {
      if (!isPost(ctx, '/api/auth/forecast-requests') || !ctx.apiKey || res.status !== 502) return;
      await ctx.charge(1000);
    },
  },
  // ------------------------------------------------------------------ pattern g (round 16 b): a field-level invariant of the social profile
  {
    name: 'profile_unsupported_belief_kept',
    round: 16,
    pattern: 'g',
    section: 'Resources and their fields / Social-account profile (response of POST /api/v1/x/profile)',
    sentences: ['7c4a7fa21ce8'],
    operations: ['POST /api/v1/x/profile'],
    what: 'The profile\'s grounding pass removes from each belief the post ids that do not resolve to evidence but keeps a belief left with none: the last belief of a profile (drawn from a thread whose root post lies outside the window) is returned with its claim and confidence and post_ids []. Every id still cited resolves to evidence, window.post_count is unchanged (the belief\'s posts are cited by an interest too), and interests, tendencies, observations, risk_profile and information_processing are right.',
    how: 'POST /api/v1/x/profile {handle: "alice"} with an API key: every belief cites at least one post on the reference; through the bug the last belief has post_ids [].',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/v1/x/profile') || res.status !== 200 || !b || !Array.isArray(b.beliefs) || b.beliefs.length < 2) return;
      const cited = new Set((b.interests || []).flatMap((x) => (Array.isArray(x.post_ids) ? x.post_ids : [])));
      for (let i = b.beliefs.length - 1; i >= 0; i--) {
        const x = b.beliefs[i];
        if (!x || !Array.isArray(x.post_ids) || x.post_ids.length === 0) continue;
        if (!x.post_ids.every((id) => cited.has(id))) continue;
        x.post_ids = [];
        res.touch();
        return;
      }
    },
  },
  // ================================================================== round 17 (a): patterns a, b, c, d, g (read routes: a legacy service id prefixed on the sources route, a platform filter lost in reference mode, a venue_c native id read as an asset key, a sources key list capped at 9, venue_a target children priced from the NO side)
  // ------------------------------------------------------------------ pattern a (round 17 a): a routing field broken on one operation
  {
    name: 'sources_legacy_service_id_prefixed',
    round: 17,
    pattern: 'a',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['631d0954f278'],
    operations: ['GET /api/v1/sources'],
    what: 'The sources route builds each item\'s market.serviceMarketId from the marketKey it was asked for, so legacy venue_a rows (whose serviceMarketId is the bare numeric id everywhere else) carry the venue-prefixed form "venue_a:<id>". Non-legacy venue_a rows and the other venues already use the prefixed form and are unchanged, and so are marketKey, nativeMarketId, the envelope and every other member; the catalog, availability and the latest feed keep the bare id.',
    how: 'GET /api/v1/sources?market_keys=venue_a:520224&window=168 with an API key: the catalog row venue_a:520224 has serviceMarketId "520224"; the reference\'s source items say "520224", the bug\'s say "venue_a:520224".',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200 || !b || !Array.isArray(b.sources)) return;
      let touched = false;
      for (const s of b.sources) {
        const m = s && s.market;
        if (m && m.venue === 'venue_a' && typeof m.serviceMarketId === 'string' && /^\d+$/.test(m.serviceMarketId) && typeof m.marketKey === 'string') {
          m.serviceMarketId = m.marketKey;
          touched = true;
        }
      }
      if (touched) res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern b (round 17 a): a filter lost in one mode
  {
    name: 'assets_reference_platform_ignored',
    round: 17,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['bff123bc9b54'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In reference mode the platform filter is dropped: the reference lane applies asset_type (a column of the Asset) but not platform (a join on identifiers), so every referenced Asset comes back whether or not it has an identifier in the platform namespace. platform in q mode and in the filtered directory, asset_type in reference mode and reference mode without filters are right. API-key calls only.',
    how: 'GET /api/v1/assets/search?reference=btc&reference=aapl&platform=coingecko with an API key: the reference answers btc only; through the bug aapl (identifiers nasdaq, isin, sec) comes back beside it.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.apiKey || ctx.headers['payment-signature']) return null;
      if (ctx.query.getAll('reference').length === 0 || !ctx.query.has('platform')) return null;
      ctx.query.delete('platform');
      return null;
    },
  },
  // ------------------------------------------------------------------ pattern c (round 17 a): a documented identifier form misread
  {
    name: 'assets_reference_venue_c_native_id_unmatched',
    round: 17,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['ca70ee9fbe15'],
    operations: ['GET /api/v1/assets/search'],
    what: 'The reference classifier sends every lower-case slug-shaped reference (letters, digits and hyphens, no colon) to the Asset-key and identifier lane only, since Asset keys look like that (crude-wti, eur-usd). Bare venue_c native ids (c-0a6ce36144) have the same shape, so they are never matched against linked markets and their Asset is not returned. The references echo keeps the value. The venue_c marketKey, venue_a and venue_a_us numeric ids, venue_b tickers, Asset keys, UUIDs and identifier values still match. API-key calls only.',
    how: 'GET /api/v1/assets/search?reference=c-0a6ce36144 with an API key: the reference answers eur-usd (as for reference=venue_c:c-0a6ce36144); through the bug assets [] with references ["c-0a6ce36144"]. With &reference=btc added, only btc comes back.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.apiKey || ctx.headers['payment-signature']) return null;
      const refs = ctx.query.getAll('reference');
      const isVenueC = (r) => /^c-[0-9a-f]{6,}$/.test(String(r));
      if (!refs.some(isVenueC)) return null;
      const back = new Map();
      ctx.query.delete('reference');
      for (const r of refs) {
        if (isVenueC(r)) { const miss = `${r}~`; back.set(miss, r); ctx.query.append('reference', miss); } else ctx.query.append('reference', r);
      }
      ctx.r17aRefs = back;
      return null;
    },
    onResponse(ctx, res) {
      if (!ctx.r17aRefs || res.status !== 200) return;
      const b = J(res);
      if (!b || !Array.isArray(b.references)) return;
      b.references = dedupe(b.references.map((r) => ctx.r17aRefs.get(r) || r));
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern d (round 17 a): a stated bound wrong on one parameter
  {
    name: 'sources_market_keys_cap_9',
    round: 17,
    pattern: 'd',
    section: 'Endpoints / GET /api/v1/sources ($0.005); Limits',
    sentences: ['959b2b1f3d95', 'e58a35b4d66f'],
    operations: ['GET /api/v1/sources'],
    what: 'The market_keys validator tests the entry count with ">= 10" instead of "> 10", so a list of exactly ten marketKeys is refused 422 invalid_request (its message still says 1..10 entries). Lists of one to nine keys, ten slugs in markets, and eleven keys (422 on both sides) are unchanged. Nothing is debited on the refusal. API-key calls only.',
    how: 'GET /api/v1/sources?market_keys=<ten covered marketKeys>&window=168 with an API key: the reference answers 200 with items on all ten markets; through the bug 422 "market_keys must list 1..10 entries".',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/sources') || !ctx.apiKey || ctx.headers['payment-signature'] || !ctx.query.has('market_keys')) return null;
      const raw = ctx.query.get('market_keys');
      if (listParam(raw).length !== 10) return null;
      ctx.query.set('market_keys', `${raw},venue_a:0`); // eleven entries: the stub's own 422, after its own auth
      return null;
    },
  },
  // ------------------------------------------------------------------ pattern g (round 17 a): a field-level invariant of the venue_a target alternative
  {
    name: 'targets_venue_a_children_no_side',
    round: 17,
    pattern: 'g',
    section: 'Resources and their fields / Target resolution (GET /api/public/forecast-targets)',
    sentences: ['8205d70ed8a1'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'The venue_a resolver reads each child\'s book from the second outcome token (the NO token) instead of the first, so the children of a venue_a target (markets[] and selectedMarket) carry the NO side\'s bid and ask as yesBid and yesAsk (yesBid = 1 - YES ask, yesAsk = 1 - YES bid). The numbers stay in 0..1 with bid below ask. question, outcome, marketId, generation, event, allContracts and every venue_b target are unchanged.',
    how: 'GET /api/public/forecast-targets?ref=venue_a:1000503: the catalog quote of venue_a:1000503 is yes_bid 0.054, yes_ask 0.067, and the reference child says the same; through the bug the child says yesBid 0.933, yesAsk 0.946.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-targets') || res.status !== 200 || !b || b.venue !== 'venue_a') return;
      const r6 = (x) => Math.round(x * 1e6) / 1e6;
      const flip = (c) => {
        if (!c || typeof c.yesBid !== 'number' || typeof c.yesAsk !== 'number') return;
        const bid = c.yesBid;
        c.yesBid = r6(1 - c.yesAsk);
        c.yesAsk = r6(1 - bid);
      };
      for (const c of Array.isArray(b.markets) ? b.markets : []) flip(c);
      flip(b.selectedMarket);
      res.touch();
    },
  },
  // ================================================================== round 17 (b): patterns a, d, e, f, g (money, limits and state: a generation refused by the standard scope that still takes a daily-quota slot, the second token's decimals in the pricing answer, a profile cache whose age restarts at each reuse, a profiling-not-configured 503 that keeps its $1.00, a job's polling view listing its sibling jobs' forecasts)
  // ------------------------------------------------------------------ pattern a (round 17 b): a 429 that does upstream work, on one operation
  {
    name: 'generation_standard_429_reserves_quota',
    round: 17,
    pattern: 'a',
    section: 'Authentication',
    sentences: ['4fc78605712d'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'The job service reserves a slot of the owner-scoped daily generation quota (venue_market_daily, 50 per account) before the gateway\'s standard-scope limiter runs on the generation route, and a standard-scope 429 (per-second, per-minute, per-day or in-flight) never gives the slot back. Each refused generation therefore uses up one of the day\'s 50 generations although no job was created and nothing was debited: an account that made 49 generations and was once refused by the standard scope is refused its 50th with 429 quotaScope venue_market_daily (limit 50, retryAfter to the next UTC midnight). The standard 429 itself, the quota 429 of an account that really made 50 generations, every other route\'s 429 and all bills are unchanged.',
    how: 'Create an account with 100000 credits and POST /api/auth/forecast-requests for venue_a 1000503 49 times (new Idempotency-Key each, paced under 20/s): all 202. Preload its standard second window (count 20) and POST once more: 429 limit_scope standard on both sides. Clear the window and POST again: the reference answers 202; through the bug the answer is 429 rate_limited quotaScope venue_market_daily limit 50.',
    async onRequest(ctx) {
      r17bResetSeen(ctx);
      if (!isPost(ctx, '/api/auth/forecast-requests') || !ctx.apiKey) return null;
      const now = await ctx.stubNow();
      const st = r17bQuota(ctx, ctx.apiKey, now);
      ctx.r17bQuota = st;
      if (st.accepted.size >= 50 || st.accepted.size + st.phantom < 50) return null;
      const wait = Math.max(1, Math.ceil(((Math.floor(now / DAY_MS) + 1) * DAY_MS - now) / 1000));
      return ctx.reply(429, {
        error: 'rate_limited',
        message: 'The daily forecast-request quota of 50 generations per account is used up; retry after the next UTC midnight',
        retry_after: wait,
        retryAfter: wait,
        limit_scope: 'standard',
        quotaScope: 'venue_market_daily',
        limit: 50,
      }, {
        'retry-after': String(wait),
        'ratelimit-policy': '"venue_market_daily";q=50;w=86400',
        ratelimit: `"venue_market_daily";r=0;t=${wait}`,
      });
    },
    onResponse(ctx, res) {
      const st = ctx.r17bQuota;
      const b = J(res);
      if (!st || !b) return;
      if (res.status >= 200 && res.status < 300 && typeof b.jobId === 'string') st.accepted.add(b.jobId);
      else if (res.status === 429 && b.limit_scope === 'standard' && !b.quotaScope) st.phantom += 1;
    },
  },
  // ------------------------------------------------------------------ pattern d (round 17 b): a stated number wrong where it appears again (the pricing answer's networks)
  {
    name: 'pricing_second_token_decimals_18',
    round: 17,
    pattern: 'd',
    section: 'Authentication',
    sentences: ['0d85347c43c2'],
    operations: ['GET /api/public/pricing'],
    what: 'The networks list of GET /api/public/pricing gives the eip155:4663 token 18 decimals (the ERC-20 default left in the network config) instead of 6; the eip155:8453 entry (6), the route prices, the 402 challenges (whose 4663 amounts are still in 6-decimal units, 10000 for $0.01) and settlement are unchanged.',
    how: 'GET /api/public/pricing: networks[] entry with network eip155:4663 has decimals 18 (the reference: 6).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/pricing') || res.status !== 200 || !b || !Array.isArray(b.networks)) return;
      let n = 0;
      for (const net of b.networks) if (net && net.network === 'eip155:4663' && net.decimals === 6) { net.decimals = 18; n++; }
      if (n) res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern e (round 17 b): a time bound broken on one side (a cache age restarted by reuse)
  {
    name: 'profile_cache_sliding_expiry',
    round: 17,
    pattern: 'e',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00); Limits',
    sentences: ['066e684ee3b1', '85cb25419188'],
    operations: ['POST /api/v1/x/profile'],
    what: 'The profile store is an LRU cache with its age updated on every read (update-age-on-get): a stored profile\'s 30 days are counted from its last reuse instead of from when it was made. A profile that was reused at least once in the last 30 days is served from the store (its old window, evidence and meta.generated_at; meta.cached true) however old it is, instead of a fresh profile. A profile never reused is refreshed after 30 days as documented, reuse under 30 days is right, and every call is billed $1.00 as on the reference.',
    how: 'POST /api/v1/x/profile {handle: policy_pat} with an API key; advance the clock 20 days and POST it again (reused on both sides); advance 15 more days (35 days after it was made) and POST it again. The reference answers a fresh profile whose window.to_date is today; through the bug window.to_date is still the date 35 days back (meta.cached true).',
    async onResponse(ctx, res) {
      if (isPost(ctx, '/__control/reset')) { delete ctx.state.r17bProfiles; return; }
      const b = J(res);
      if (!isPost(ctx, '/api/v1/x/profile') || res.status !== 200 || !b || !b.window || !b.meta) return;
      const q = ctx.bodyJson() || {};
      if (typeof q.handle !== 'string') return;
      const key = `${q.handle.replace(/^@/, '').toLowerCase()}|${q.focus || 'general'}|${q.lookback_days === undefined ? 365 : Number(q.lookback_days)}`;
      const cache = ctx.state.r17bProfiles || (ctx.state.r17bProfiles = new Map());
      const now = await ctx.stubNow();
      const hit = cache.get(key);
      if (b.meta.cached === true) {
        if (hit) hit.lastUsed = now;
        else cache.set(key, { body: JSON.parse(JSON.stringify(b)), storedAt: Date.parse(b.meta.generated_at) || now, lastUsed: now });
        return;
      }
      if (hit && now - hit.storedAt >= 30 * DAY_MS && now - hit.lastUsed < 30 * DAY_MS) {
        hit.lastUsed = now;
        const copy = JSON.parse(JSON.stringify(hit.body));
        copy.meta.cached = true;
        res.json = copy;
        return;
      }
      cache.set(key, { body: JSON.parse(JSON.stringify(b)), storedAt: Date.parse(b.meta.generated_at) || now, lastUsed: now });
    },
  },
  // ------------------------------------------------------------------ pattern f (round 17 b): an unbilled answer billed for one cause (profiling not configured)
  {
    name: 'profile_not_configured_503_billed',
    round: 17,
    pattern: 'f',
    section: 'Authentication; Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['0c14253e0dc5', 'c858eea87826'],
    operations: ['POST /api/v1/x/profile'],
    what: 'When POST /api/v1/x/profile answers 503 because profiling is not configured, the $1.00 (1000-credit) API-key debit is kept: the not-configured check sits in the handler, after the admission debit, and the refund hook lists 404, 429, 502 and upstream-call failures but not the handler\'s own 503. The 503 answer is unchanged; the route\'s 404 insufficient_post_history and 502, a 503 injected as an upstream fault, and the 503s of the free routes are unbilled as documented. x402 calls are left correct.',
    how: 'POST /__control/profiling {scope S, configured false}; with an API key and X-Fault-Scope S, POST /api/v1/x/profile {handle: alice}: 503 "profiling is not configured" on both sides. The balance is unchanged on the reference and 1000 credits lower through the bug.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/v1/x/profile') || res.status !== 503 || !b || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (!/not configured/i.test(String(b.message || ''))) return;
      await ctx.charge(1000);
    },
  },
  // ------------------------------------------------------------------ pattern g (round 17 b): a job's forecast ids joined on its market instead of the job
  {
    name: 'job_status_forecast_ids_by_market',
    round: 17,
    pattern: 'g',
    section: 'Endpoints / GET /api/auth/forecast-requests/{jobId} (free, API key only)',
    sentences: ['caa8b630420e'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'The polling view (view=status) of a succeeded job reads its forecastIds from the owner\'s published generations keyed by the job\'s market instead of by the job: it lists the forecasts of every succeeded job of the same account on the same market (oldest job first), not only its own. A job alone on its market, non-terminal and failed jobs, and view=result (whose forecastIds and forecasts are the job\'s own) are right; other accounts\' jobs never appear.',
    how: 'With one key, POST two generations for venue_a 1000503 (new Idempotency-Key each), advance the clock 600 s, then read the first job with view=status and view=result: the reference gives the one id of view=result\'s forecast in both; through the bug view=status lists two forecast ids (the second job\'s too).',
    async onResponse(ctx, res) {
      r17bResetSeen(ctx);
      const b = J(res);
      if (isPost(ctx, '/api/auth/forecast-requests') && ctx.apiKey && res.status >= 200 && res.status < 300 && b && typeof b.jobId === 'string') {
        const q = ctx.bodyJson() || {};
        if (!ctx.state.r17bJobs) ctx.state.r17bJobs = new Map();
        if (!ctx.state.r17bJobs.has(b.jobId)) ctx.state.r17bJobs.set(b.jobId, { key: ctx.apiKey, market: `${q.venue}:${q.market_id}`, createdAt: b.createdAt || '' });
        return;
      }
      const m = ctx.method === 'GET' ? JOB_READ.exec(ctx.path) : null;
      if (!m || ctx.query.get('view') !== 'status' || res.status !== 200 || !b || b.status !== 'succeeded' || !ctx.apiKey) return;
      const jobs = ctx.state.r17bJobs;
      const me = jobs && jobs.get(b.jobId);
      if (!me || me.key !== ctx.apiKey) return;
      const siblings = [...jobs.entries()].filter(([, j]) => j.key === me.key && j.market === me.market)
        .sort((x, y) => String(x[1].createdAt).localeCompare(String(y[1].createdAt)));
      const ids = [];
      for (const [id] of siblings) {
        if (id === b.jobId) { for (const f of b.forecastIds || []) if (!ids.includes(f)) ids.push(f); continue; }
        const r = await ctx.upstream({ method: 'GET', url: `/api/auth/forecast-requests/${encodeURIComponent(id)}?view=status`, headers: { ...ctx.headers } });
        const rb = J(r);
        if (r.status === 200 && rb && rb.status === 'succeeded' && Array.isArray(rb.forecastIds)) for (const f of rb.forecastIds) if (!ids.includes(f)) ids.push(f);
      }
      if (ids.length > (b.forecastIds || []).length) { b.forecastIds = ids; res.touch(); }
    },
  },
  // ================================================================== round 18 (a): patterns a, b, c, d, g (read routes: the broker join left out of availability's routing object, an explicit sort=updated_desc ignored by the catalog, sources keys of a second venue looked up in the first key's venue, a stale sources window bound in /openapi.json, catalog forecast stats joined on the slug)
  // ------------------------------------------------------------------ pattern a (round 18 a): a routing field broken on one operation
  {
    name: 'availability_venue_b_broker_channels_empty',
    round: 18,
    pattern: 'a',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['0c7cada0f9dc'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'GET /api/public/forecast-availability builds its market routing object from the bare market row without the broker join, so a broker-listed venue_b market carries broker_channels [], broker_a_category null and broker_a_url null there, while the catalog, search, sources and the other routes say broker_a. Rows of the other venues (never broker-listed) and unlisted venue_b rows are unchanged, and so are tracked, available, read, generation and the envelope.',
    how: 'GET /api/public/forecast-availability?market_key=venue_b:KXCPIYOY-26MAR-T2.8: the catalog row has broker_channels ["broker_a"], broker_a_category "economics" and a broker_a_url; the reference\'s availability market says the same, the bug\'s says [], null, null.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b || !b.market) return;
      const m = b.market;
      if (m.venue !== 'venue_b' || !Array.isArray(m.broker_channels) || m.broker_channels.length === 0) return;
      m.broker_channels = [];
      m.broker_a_category = null;
      m.broker_a_url = null;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern b (round 18 a): one enum value honoured only when implied
  {
    name: 'markets_explicit_updated_sort_ignored',
    round: 18,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['24f05457f706'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets honours sort=updated_desc only as the default: the sort switch has branches for volume_desc and signal_count_desc and applies the updated ordering only when sort is absent, so an explicit sort=updated_desc falls through and the rows come in the list query\'s key order (marketKey ascending). Omitting sort, volume_desc and signal_count_desc are right; rows, facets and every member are unchanged.',
    how: 'GET /api/v1/markets?sort=updated_desc with an API key: the reference lists 254 rows with market_updated_at non-increasing (the same order as without sort); through the bug the same rows come ordered by marketKey (venue_a:1000503, venue_a:1001222, ...), with market_updated_at out of order.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets') || ctx.query.get('sort') !== 'updated_desc' || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      b.markets.sort((x, y) => (String(x.marketKey) < String(y.marketKey) ? -1 : String(x.marketKey) > String(y.marketKey) ? 1 : 0));
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern c (round 18 a): a documented identifier form misread in one combination
  {
    name: 'sources_market_keys_first_venue_only',
    round: 18,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['959b2b1f3d95'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources resolves market_keys the way it resolves slugs: it takes one venue for the whole list (from the first key) and looks every native id up in that venue. So in a list that mixes venues, the keys of the other venues find nothing and are skipped silently; their items are missing. A single key, a list of one venue\'s keys and the slug form are right, and the order of the remaining items is unchanged. API-key calls only.',
    how: 'GET /api/v1/sources?market_keys=venue_a:520224,venue_b:KXCPIYOY-26MAR-T2.8,venue_c:c-0a6ce36144&window=168 with an API key: the reference answers items on all three markets (7, 11 and 4); through the bug only the 7 items of venue_a:520224. Each key alone answers its items on both sides.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/sources') || !ctx.apiKey || ctx.headers['payment-signature'] || !ctx.query.has('market_keys')) return null;
      const keys = listParam(ctx.query.get('market_keys'));
      if (keys.length < 2 || keys.length > 10) return null;
      const venueOf = (k) => (k.includes(':') ? k.slice(0, k.indexOf(':')) : '');
      const first = venueOf(keys[0]);
      const kept = keys.filter((k) => venueOf(k) === first);
      if (kept.length !== keys.length) ctx.query.set('market_keys', kept.join(','));
      return null;
    },
  },
  // ------------------------------------------------------------------ pattern d (round 18 a): a stated bound wrong in the served contract
  {
    name: 'openapi_sources_window_max_72',
    round: 18,
    pattern: 'd',
    section: 'Endpoints / GET /api/v1/sources ($0.005); Versioning',
    sentences: ['24b7b9d1a526', '778fd841452b'],
    operations: ['GET /openapi.json'],
    what: 'The machine-readable contract served at /openapi.json (the primary path) states maximum 72 (and "max 72" in the description) for the window parameter of GET /api/v1/sources, a stale bound from an older release; the route itself still accepts 1..168, and the compatibility copy at /api/v1/openapi.json and every other parameter of the served contract are right.',
    how: 'GET /openapi.json: paths["/api/v1/sources"].get.parameters window has schema maximum 72 (the reference: 168, as in /api/v1/openapi.json); GET /api/v1/sources?market_keys=venue_a:520224&window=168 still answers 200 on both sides.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/openapi.json') || res.status !== 200 || !b || !b.paths) return;
      const op = b.paths['/api/v1/sources'] && b.paths['/api/v1/sources'].get;
      const p = op && Array.isArray(op.parameters) && op.parameters.find((x) => x && x.name === 'window');
      if (!p || !p.schema || p.schema.maximum !== 168) return;
      p.schema.maximum = 72;
      if (typeof p.description === 'string') p.description = p.description.replace('max 168', 'max 72');
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern g (round 18 a): a member joined on the wrong key
  {
    name: 'markets_forecast_stats_slug_joined',
    round: 18,
    pattern: 'g',
    section: 'Resources and their fields / Market list item (GET /api/v1/markets rows; also the base of linked markets in asset search)',
    sentences: ['12d907d7d2a1'],
    operations: ['GET /api/v1/markets'],
    what: 'The catalog joins its windowed forecast aggregate to the rows on slug (the legacy lookup key) instead of marketKey, and the aggregate keeps the venue_a row for each slug. So a venue_a_us or venue_c row that shares its slug with a venue_a market carries that venue_a market\'s forecast_count, latest_forecast_at, latest_forecast_delta and latest_forecast_refresh_reason. venue_a rows, venue_b rows, slugless rows and rows whose slug no venue_a market uses are right, and the row set, order and facets are unchanged.',
    how: 'GET /api/v1/markets with an API key: venue_c:c-af6cec1ec0 (slug will-brent-crude-trade-below-60-in-2026, no stored forecast: availability answers available false, latestForecast null) has forecast_count 0 and latest_forecast_at null on the reference; through the bug it has forecast_count 2 and the latest_forecast_at of venue_a:518310, which shares the slug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      // The aggregate spans the whole board: remember the venue_a rows of earlier answers with the same window, so a venue filter keeps the slip.
      if (!ctx.state.r18aSlugStats) ctx.state.r18aSlugStats = new Map();
      const win = ctx.query.get('max_forecast_age') || '48';
      if (!ctx.state.r18aSlugStats.has(win)) ctx.state.r18aSlugStats.set(win, new Map());
      const bySlug = ctx.state.r18aSlugStats.get(win);
      for (const m of b.markets) if (m && m.venue === 'venue_a' && typeof m.slug === 'string') bySlug.set(m.slug, { ...m });
      let touched = false;
      for (const m of b.markets) {
        if (!m || m.venue === 'venue_a' || m.venue === 'venue_b' || typeof m.slug !== 'string') continue;
        const twin = bySlug.get(m.slug);
        if (!twin) continue;
        for (const f of ['forecast_count', 'latest_forecast_at', 'latest_forecast_delta', 'latest_forecast_refresh_reason']) m[f] = twin[f];
        touched = true;
      }
      if (touched) res.touch();
    },
  },
  // ================================================================== round 18 (b): patterns a, d, e, f, g (money, limits and state: the social profile's challenge offering one token, a link token's stated expiry an hour out, an expired link token forgotten by the sweeper, a generation's standard-scope 429 that keeps its $1.00, an idempotency key shared across accounts)
  // ------------------------------------------------------------------ pattern a (round 18 b): a payment option missing from one route's challenge
  {
    name: 'profile_challenge_second_token_missing',
    round: 18,
    pattern: 'a',
    section: 'Authentication',
    sentences: ['0d85347c43c2'],
    operations: ['POST /api/v1/x/profile'],
    what: 'The x402 challenge (PAYMENT-REQUIRED) of POST /api/v1/x/profile lists only the eip155:8453 option. The social routes register their paywall with a per-route accepts list written before the second token was added, and /x/profile\'s list was never updated, so its accepts list lacks the scheme exact entry on eip155:4663. The 8453 entry (amount 1000000, asset, payTo, timeout) is unchanged, as are the 402 body, every other route\'s challenge (x/search included) and the pricing answer\'s networks. Payments are verified by the reference, so nothing is billed differently.',
    how: 'POST /api/v1/x/profile {handle: "alice"} with no credentials: 402. Decode the PAYMENT-REQUIRED header: the reference lists eip155:8453 and eip155:4663 (both 1000000); through the bug only eip155:8453.',
    onResponse(ctx, res) {
      if (!isPost(ctx, '/api/v1/x/profile') || res.status !== 402) return;
      const raw = res.headers['payment-required'];
      if (typeof raw !== 'string') return;
      let pr;
      try { pr = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')); } catch { return; }
      if (!pr || !Array.isArray(pr.accepts)) return;
      pr.accepts = pr.accepts.filter((a) => a && a.network !== 'eip155:4663');
      res.headers['payment-required'] = Buffer.from(JSON.stringify(pr)).toString('base64');
    },
  },
  // ------------------------------------------------------------------ pattern d (round 18 b): the link-token lifetime stated again in the issuing answer
  {
    name: 'link_token_expires_at_one_hour',
    round: 18,
    pattern: 'd',
    section: 'Limits; States and transitions',
    sentences: ['e1243762eb1d', 'c39b2ec586a7'],
    operations: ['POST /api/auth/wallets/x402-token'],
    what: 'The issuing answer of POST /api/auth/wallets/x402-token states expires_at one hour after issue: the handler formats the expiry from the portal session constant (3600 s) while the token store applies the link token\'s own 15-minute TTL. The token itself still expires 15 minutes after issue (a later use answers 422 "The link token expired"), and token, link_path, the link route and every bill are unchanged. A client that trusts expires_at and links at minute 20 is refused.',
    how: 'POST /api/auth/wallets/x402-token with an API key and read the clock (GET /__control/clock): the reference\'s expires_at is 15 minutes later; through the bug it is 60 minutes later. An unpaid keyed GET /api/v1/wallets/link?token=... 16 minutes after issue answers 422 invalid_request (expired) on both sides.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/auth/wallets/x402-token') || res.status !== 200 || !b || typeof b.expires_at !== 'string') return;
      const t = Date.parse(b.expires_at);
      if (!Number.isFinite(t)) return;
      b.expires_at = new Date(t - 15 * 60_000 + 3600_000).toISOString();
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern e (round 18 b): an expired link token forgotten after a second, unstated bound
  {
    name: 'link_expired_token_forgotten',
    round: 18,
    pattern: 'e',
    section: 'States and transitions; Endpoints / GET /api/v1/wallets/link',
    sentences: ['c39b2ec586a7', '3c207d9e3935'],
    operations: ['GET /api/v1/wallets/link'],
    what: 'Expired link tokens are swept from the token store one hour after they expire (the store\'s TTL is the lifetime plus an hour of grace, and the expired answer is built only while the record is still there). From 75 minutes after issue on, any use of the token, keyed or paid, answers 404 link_token_not_found ("No such link token") instead of 422 invalid_request "The link token expired". Uses before 15 minutes, uses between 15 and 75 minutes (422 expired), consumed tokens, unknown tokens and calls without credentials are right. Both answers are unbilled and unsettled.',
    how: 'POST /api/auth/wallets/x402-token with an API key (token T). Advance the clock 16 minutes and GET /api/v1/wallets/link?token=T with the key and no payment: 422 invalid_request (expired) on both sides. Advance the clock one more day and repeat: the reference still answers 422 invalid_request "The link token expired"; through the bug 404 link_token_not_found.',
    async onResponse(ctx, res) {
      r18bResetSeen(ctx);
      const b = J(res);
      if (isPost(ctx, '/api/auth/wallets/x402-token') && res.status === 200 && b && typeof b.token === 'string' && typeof b.expires_at === 'string') {
        const t = Date.parse(b.expires_at);
        if (Number.isFinite(t)) r18bTokens(ctx).set(b.token, t);
        return;
      }
      if (!isGet(ctx, '/api/v1/wallets/link') || res.status !== 422 || !b || b.error !== 'invalid_request') return;
      const exp = r18bTokens(ctx).get(ctx.query.get('token') || '');
      if (exp === undefined) return;
      const now = await ctx.stubNow();
      if (now < exp + 3600_000) return;
      return ctx.reply(404, { error: 'link_token_not_found', message: 'No such link token' });
    },
  },
  // ------------------------------------------------------------------ pattern f (round 18 b): a generation refused by the standard scope keeps its $1.00
  {
    name: 'generation_standard_429_billed',
    round: 18,
    pattern: 'f',
    section: 'Authentication; Limits',
    sentences: ['4fc78605712d', 'c62df283b618'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'The generation route takes its $1.00 (1000 credits) in its own admission step, which runs before the gateway\'s standard-scope limiter, and leaves refunds to the job pipeline. When the standard scope refuses a generation (per-second, per-minute, per-day or in-flight: 429 rate_limited, limit_scope standard), no job exists to refund, so the 1000 credits stay debited. The 429 itself is unchanged. The generation\'s daily-quota 429, its 404, 422 and 502, and the standard-scope 429s of every other route are unbilled as documented.',
    how: 'Create an account with 5000 credits, preload its standard second window (POST /__control/limits/usage scope standard window second count 20), read the balance, POST /api/auth/forecast-requests {venue_a, 1000503} with an Idempotency-Key: 429 limit_scope standard on both sides. The balance is unchanged on the reference and 1000 credits lower through the bug.',
    async onResponse(ctx, res) {
      if (!isPost(ctx, '/api/auth/forecast-requests') || res.status !== 429 || !ctx.apiKey) return;
      const b = J(res);
      if (!b || b.limit_scope !== 'standard' || b.quotaScope) return;
      await ctx.charge(1000);
    },
  },
  // ------------------------------------------------------------------ pattern g (round 18 b): an idempotency key looked up across accounts
  {
    name: 'generation_idempotency_key_cross_account',
    round: 18,
    pattern: 'g',
    section: 'Authentication',
    sentences: ['aa15605b568e'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'The generation route\'s idempotency store is keyed by the idempotency key alone, not by account and key. When a second account sends a key another account already used, the route answers the first account\'s replay: 202 with the other account\'s jobId, status, createdAt and Location. So the caller sees a job it did not submit, gets no job of its own and is not debited, and a read of the returned jobId answers 404 (not owned). Keys used by one account only, replays by the same account, and every job read are right.',
    how: 'Two accounts A and B. A POSTs /api/auth/forecast-requests {venue_a, 1000503} with Idempotency-Key K; B POSTs the same body with the same K. The reference gives B its own new jobId (readable by B); through the bug B receives A\'s jobId, and B\'s GET /api/auth/forecast-requests/{that jobId} answers 404.',
    async onRequest(ctx) {
      r18bResetSeen(ctx);
      if (!isPost(ctx, '/api/auth/forecast-requests') || !ctx.apiKey) return null;
      const k = ctx.headers['idempotency-key'];
      if (typeof k !== 'string' || !k) return null;
      const owner = r18bIdem(ctx).get(k);
      if (!owner || owner === ctx.apiKey) return null;
      return ctx.upstream({ method: 'POST', url: ctx.url, headers: { ...ctx.headers, 'x-service-api-key': owner }, body: ctx.body });
    },
    onResponse(ctx, res) {
      if (!isPost(ctx, '/api/auth/forecast-requests') || !ctx.apiKey || res.status < 200 || res.status >= 300) return;
      const k = ctx.headers['idempotency-key'];
      if (typeof k === 'string' && k && !r18bIdem(ctx).has(k)) r18bIdem(ctx).set(k, ctx.apiKey);
    },
  },
  // ================================================================== round 19 (a): patterns a, b, c, d, g (read routes: the evidence route's capped envelope flagged untruncated, a mixed asset-search reference list resolved in the first reference's lane, forecast-targets venue_a marketKeys looked up in the legacy id index, the mispriced list's threshold stated as an integer, forecast-targets echoing a venue_b marketKey without its prefix)
  // ------------------------------------------------------------------ pattern a (round 19 a): the envelope's truncated flag broken on one operation
  {
    name: 'evidence_truncated_markets_false',
    round: 19,
    pattern: 'a',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['b13033fea198'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'The article-evidence route GET /api/v1/markets/{slug}/signals builds its market\'s envelope with a helper that computes truncated after the cap (length > 50), so a category cut at 50 refs says truncated false. The cap itself (50 refs) is right, uncapped categories are right, and every other route (the stored read, sources, the latest feed, availability, the signal list) says true where it capped.',
    how: 'GET /api/v1/markets/KXFED-26OCT-T4.25/signals?venue=venue_b with an API key (a fed-funds-rate market, whose Asset has 71 markets): market.relationships.markets holds 50 refs; the reference says truncated.markets true, the bug false. The same market\'s envelope in GET /api/v1/sources?market_keys=venue_b:KXFED-26OCT-T4.25&window=168 says true on both sides.',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !MARKET_SIGNALS.test(ctx.path) || res.status !== 200 || !b || !b.market) return;
      const rel = b.market.relationships;
      if (!rel || !rel.truncated) return;
      let touched = false;
      for (const cat of ['assets', 'markets', 'signals']) {
        if (rel.truncated[cat] === true && Array.isArray(rel[cat]) && !(rel[cat].length > 50)) { rel.truncated[cat] = false; touched = true; }
      }
      if (touched) res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern b (round 19 a): a list parameter honoured only in one combination
  {
    name: 'assets_reference_mixed_lanes_first_kind',
    round: 19,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['ca70ee9fbe15'],
    operations: ['GET /api/v1/assets/search'],
    what: 'GET /api/v1/assets/search picks one resolver lane for the whole reference list from its first item: a venue-prefixed marketKey sends the list to the linked-market lane, anything else (UUID, asset key, identifier key or value, native id) to the asset lane. In a list that mixes a marketKey with the other forms, the items of the other kind match nothing and are skipped silently, so their Assets are missing; the references echo still lists every item (deduplicated). A single reference, lists of one kind and q mode are right. API-key calls only.',
    how: 'GET /api/v1/assets/search?reference=btc&reference=venue_b:KXCPIYOY-26MAR-T2.8 with an API key: the reference answers btc and us-cpi (the Asset linked to the CPI market); through the bug only btc. With the order reversed only us-cpi. Each reference alone answers its Asset on both sides.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.apiKey || ctx.headers['payment-signature']) return null;
      const refs = ctx.query.getAll('reference');
      if (refs.length < 2 || refs.length > 50 || ctx.query.has('q')) return null;
      const isKey = (r) => /^(venue_a|venue_a_us|venue_b|venue_c):./.test(r);
      const firstKind = isKey(refs[0]);
      const kept = refs.filter((r) => isKey(r) === firstKind);
      if (kept.length === refs.length) return null;
      ctx.r19aRefEcho = dedupe(refs); // per request
      ctx.query.delete('reference');
      for (const r of kept) ctx.query.append('reference', r);
      return null;
    },
    onResponse(ctx, res) {
      const echo = ctx.r19aRefEcho;
      const b = J(res);
      if (!echo || !isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !b || !Array.isArray(b.references)) return;
      b.references = echo;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern c (round 19 a): a documented identifier form misread for one kind of row
  {
    name: 'targets_venue_a_key_legacy_index_only',
    round: 19,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-targets (free, no auth)',
    sentences: ['4d6ffdd7c542'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'GET /api/public/forecast-targets resolves a ref of the marketKey form venue_a:<id> by stripping the prefix and looking the id up in the legacy serviceMarketId index, where only legacy venue_a rows are keyed by their bare numeric id. So the marketKey of a newer venue_a market (one whose serviceMarketId is venue-prefixed, such as venue_a:1000503) answers 404 not_found with the ticker echoing the ref, while legacy rows (venue_a:520224), venue_b marketKeys, tickers and the venue_a browser URLs of the same markets still resolve.',
    how: 'GET /api/public/forecast-targets?ref=venue_a:1000503: the reference answers 200 (venue venue_a, targetType market, selectedMarket.marketId 1000503, a generation body); through the bug 404 {error not_found, ticker "venue_a:1000503"}. ref=venue_a:520224 and ref=https://venue-a.example/market/will-the-fed-decrease-interest-rates-by-50-bps-after-the-april-2026-fomc-meeting answer 200 on both sides.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/public/forecast-targets') || res.status !== 200) return undefined;
      const ref = ctx.query.get('ref');
      if (typeof ref !== 'string' || !/^venue_a:\d+$/.test(ref)) return undefined;
      if (!ctx.state.r19aServiceIds) ctx.state.r19aServiceIds = new Map();
      let sid = ctx.state.r19aServiceIds.get(ref);
      if (sid === undefined) {
        const r = await ctx.upstream({ url: `/api/public/forecast-availability?market_key=${encodeURIComponent(ref)}`, headers: { accept: 'application/json' } });
        const a = J(r);
        sid = r.status === 200 && a && a.market && typeof a.market.serviceMarketId === 'string' ? a.market.serviceMarketId : null;
        if (sid !== null) ctx.state.r19aServiceIds.set(ref, sid);
      }
      if (typeof sid !== 'string' || !sid.startsWith('venue_a:')) return undefined;
      return ctx.reply(404, { error: 'not_found', message: `no forecast target matches ${ref}`, ticker: ref });
    },
  },
  // ------------------------------------------------------------------ pattern d (round 19 a): a stated number wrong where it appears again
  {
    name: 'mispriced_threshold_int',
    round: 19,
    pattern: 'd',
    section: 'Resources and their fields / Asset search item',
    sentences: ['188246ced510'],
    operations: ['GET /api/v1/markets/mispriced'],
    what: 'GET /api/v1/markets/mispriced states mispricing_threshold_pp 7 (the threshold read through an integer parse of its config) instead of the service\'s 7.5; the rows are still selected at 7.5 (a row at exactly 7.5 pp stays), and the asset summaries of GET /api/v1/assets/search in every mode say 7.5. The topic=broker_a answer states 7 as well.',
    how: 'GET /api/v1/markets/mispriced with an API key: mispricing_threshold_pp is 7.5 on the reference and 7 through the bug; GET /api/v1/assets/search?q=apple says market_summary.mispricing_threshold_pp 7.5 on both sides.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets/mispriced') || res.status !== 200 || !b || typeof b.mispricing_threshold_pp !== 'number') return;
      b.mispricing_threshold_pp = Math.trunc(b.mispricing_threshold_pp);
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern g (round 19 a): an echo member normalised on one form
  {
    name: 'targets_venue_b_key_input_unprefixed',
    round: 19,
    pattern: 'g',
    section: 'Resources and their fields / Target resolution (GET /api/public/forecast-targets)',
    sentences: ['869b3bd65199'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'For a ref of the marketKey form venue_b:<ticker>, GET /api/public/forecast-targets echoes in input the ticker it resolved (the ref without its venue_b: prefix) instead of the ref as given. The target itself (venue, targetType, event, markets, selectedMarket, generation, allContracts) is right; bare tickers, URLs and venue_a marketKeys echo as given, and the 404 ticker echo is unchanged.',
    how: 'GET /api/public/forecast-targets?ref=venue_b:KXCPIYOY-26MAR-T2.8: the reference echoes input "venue_b:KXCPIYOY-26MAR-T2.8"; through the bug "KXCPIYOY-26MAR-T2.8". The event form ref=venue_b:KXCPIYOY-26MAR echoes "KXCPIYOY-26MAR".',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-targets') || res.status !== 200 || !b) return;
      const ref = ctx.query.get('ref');
      if (typeof ref !== 'string' || !ref.startsWith('venue_b:') || b.input !== ref || b.venue !== 'venue_b') return;
      b.input = ref.slice('venue_b:'.length);
      res.touch();
    },
  },
  // ================================================================== round 19 (b): patterns a, d, e, f, g (money, limits and state: the job read answering an unknown API key with the unknown-job 404, a stored profile's reuse billed at a tenth of the price, a link token kept live for a minute past its 15 minutes, an upstream 500 that keeps its debit, the generation quota's quotaScope stamped with the day)
  // ------------------------------------------------------------------ pattern a (round 19 b): an invalid key's 401 lost on the job read
  {
    name: 'job_read_invalid_key_404',
    round: 19,
    pattern: 'a',
    section: 'Endpoints / GET /api/auth/forecast-requests/{jobId} (free, API key only); Errors',
    sentences: ['f4de45244d07', '9ce82331b2dd'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'GET /api/auth/forecast-requests/{jobId} with an x-service-api-key that belongs to no account answers 404 not_found "No forecast request with this jobId exists for this API key." (the unknown-job answer) instead of 401 invalid_api_key. The job handler resolves the key to an owner id that may be empty and looks the job up by (owner, jobId) before the key check runs, so an unknown key simply owns no job. A missing key still answers 401, a valid key is read as documented, and every other route answers an invalid key 401.',
    how: 'GET /api/auth/forecast-requests/{any uuid} with x-service-api-key fc_0000000000000000000000000000000000000000: 401 invalid_api_key on the reference, 404 not_found through the bug.',
    onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !JOB_READ.test(ctx.path) || res.status !== 401 || !ctx.apiKey) return;
      const b = J(res);
      if (!b || b.error !== 'invalid_api_key') return;
      return ctx.reply(404, { error: 'not_found', message: 'No forecast request with this jobId exists for this API key.' });
    },
  },
  // ------------------------------------------------------------------ pattern d (round 19 b): the profile's price wrong on a reused (stored) answer
  {
    name: 'profile_cached_reuse_debit_100',
    round: 19,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['5cbe7aa298a0'],
    operations: ['POST /api/v1/x/profile'],
    what: 'An API-key POST /api/v1/x/profile answered from the stored profiles (meta.cached true: another call made the same handle, focus and lookback less than 30 days ago) debits 100 credits ($0.10, a "reuse rate") instead of the route\'s 1000 ($1.00): the biller refunds 900 of the admission debit when the research step reports a store hit. Fresh profiles are debited 1000, and the answer itself is unchanged. x402 payments are verified and settled by the reference at the challenge amount.',
    how: 'Account A POSTs /api/v1/x/profile {handle: "policy_pat", lookback_days: 180} (fresh or stored, either way), then account B POSTs the same body: meta.cached true. B spends 1000 credits on the reference, 100 through the bug.',
    async onResponse(ctx, res) {
      if (!isPost(ctx, '/api/v1/x/profile') || res.status !== 200 || !ctx.apiKey) return;
      const b = J(res);
      if (b && b.meta && b.meta.cached === true) await ctx.charge(-900);
    },
  },
  // ------------------------------------------------------------------ pattern e (round 19 b): a link token still live for a minute past its lifetime
  {
    name: 'link_token_expiry_60s_leeway',
    round: 19,
    pattern: 'e',
    section: 'Limits; States and transitions',
    sentences: ['e1243762eb1d', 'c39b2ec586a7'],
    operations: ['GET /api/v1/wallets/link'],
    what: 'The link route\'s token pre-check (the step that decides between "expired" and "now pay") verifies the token\'s expiry with a 60-second clock-skew tolerance, the default of the token library it shares with the portal sessions. For the first minute after the 15 minutes are up, an unpaid keyed use answers 422 x402_payment_required ("No verifiable payer") as for a live token, instead of 422 invalid_request "The link token expired". The strict check before settlement still refuses a paid attempt in that minute (422 expired, not settled), so the client is asked to pay and then told the token had already expired. Uses before 15 minutes and more than 16 minutes after issue, consumed and unknown tokens, and calls without credentials (402) are right; nothing is billed.',
    how: 'POST /api/auth/wallets/x402-token with an API key (token T), advance the clock 15 minutes 20 seconds, GET /api/v1/wallets/link?token=T with the key and no payment: 422 invalid_request (expired) on the reference, 422 x402_payment_required through the bug.',
    async onResponse(ctx, res) {
      if (!ctx.state.r19bLinkExp) ctx.state.r19bLinkExp = new Map();
      const exp = ctx.state.r19bLinkExp;
      if (ctx.method === 'POST' && ctx.path === '/__control/reset') { exp.clear(); return; }
      const b = J(res);
      if (isPost(ctx, '/api/auth/wallets/x402-token') && res.status === 200 && b && typeof b.token === 'string') {
        const t = Date.parse(b.expires_at);
        if (Number.isFinite(t)) exp.set(b.token, t);
        return;
      }
      if (!isGet(ctx, '/api/v1/wallets/link') || res.status !== 422 || !b || b.error !== 'invalid_request') return;
      if (ctx.headers['payment-signature'] || !ctx.apiKey) return;
      const at = exp.get(ctx.query.get('token') || '');
      if (at === undefined || !/expired/i.test(String(b.message || ''))) return;
      const now = await ctx.stubNow();
      if (now > at && now - at <= 60_000) {
        return ctx.reply(422, { error: 'x402_payment_required', message: 'No verifiable payer: the call must carry an x402 payment (PAYMENT-SIGNATURE) from the wallet to link' });
      }
    },
  },
  // ------------------------------------------------------------------ pattern f (round 19 b): an upstream 500 keeps its debit
  {
    name: 'upstream_500_refund_skipped',
    round: 19,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/markets/search', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast', 'POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'The API-key refund hook matches the upstream failures by status from a list (404, 429, 502, 503, 504) instead of by class, so an upstream that fails with 500 (answered 500 upstream_unavailable, as on the reference) keeps the route\'s debit (20 credits on the latest feed, 10 on a stored forecast read, 500 on x/search...). Upstream failures of the listed statuses, slow failures, 404s and 429s are refunded, and x402 calls are not settled.',
    how: 'Add a scoped fault {method GET, path /api/v1/latest, status 500, scope S}, then GET /api/v1/latest with an API key and X-Fault-Scope S: 500 on both sides. The balance is unchanged on the reference and 20 credits lower through the bug.',
    async onResponse(ctx, res) {
      if (res.status !== 500 || !ctx.apiKey) return;
      const b = J(res);
      if (!b || b.error !== 'upstream_unavailable') return;
      const price = {
        'GET /api/v1/latest': 20, 'GET /api/v1/sources': 5, 'GET /api/v1/assets': 5, 'GET /api/v1/assets/search': 10,
        'GET /api/v1/markets/search': 10, 'POST /api/v1/x/search': 500, 'POST /api/v1/x/profile': 1000,
      }[`${ctx.method} ${ctx.path}`]
        ?? (ctx.method === 'GET' && (MARKET_SIGNALS.test(ctx.path) || MARKET_FORECAST.test(ctx.path)) ? 10 : undefined);
      if (price) await ctx.charge(price);
    },
  },
  // ------------------------------------------------------------------ pattern g (round 19 b): the generation quota's quotaScope not stable
  {
    name: 'generation_quota_scope_dated',
    round: 19,
    pattern: 'g',
    section: 'Errors; Endpoints / POST /api/auth/forecast-requests (generation, $1.00, API key)',
    sentences: ['ec672a281b6c', '86c43891806e'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'The daily-quota 429 of POST /api/auth/forecast-requests carries quotaScope "venue_market_daily:<UTC date>" (for example venue_market_daily:2026-11-30): the error builder copies the limiter\'s bucket key, which carries the day, instead of the stable scope name. retryAfter, retry_after, limit_scope, limit, the RateLimit and RateLimit-Policy headers (which name the policy venue_market_daily) and the refusal itself are right; nothing is billed.',
    how: 'With one account, POST /api/auth/forecast-requests {venue_a, 1000503} with fresh Idempotency-Keys until the 51st answers 429: quotaScope venue_market_daily on the reference, venue_market_daily:YYYY-MM-DD through the bug.',
    async onResponse(ctx, res) {
      if (!isPost(ctx, '/api/auth/forecast-requests') || res.status !== 429) return;
      const b = J(res);
      if (!b || typeof b.quotaScope !== 'string' || b.quotaScope.includes(':')) return;
      const day = new Date(await ctx.stubNow()).toISOString().slice(0, 10);
      b.quotaScope = `${b.quotaScope}:${day}`;
      res.touch();
    },
  },
  // ================================================================== round 20 (b): patterns b, d, d, g, g (the evidence route's explicit venue=venue_a losing legacy venue_a rows, x/search cutting a long range at 90 days, the pricing answer's half-cent increment stated as a cent, a trading-focus profile's interest weights in percent, the filtered directory with material_only hydrating linked markets)
  // ------------------------------------------------------------------ pattern b (round 20 b): an enum parameter honoured for all but one value on one kind of row
  {
    name: 'signals_explicit_venue_a_legacy_404',
    round: 20,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/markets/{slug}/signals ($0.01)',
    sentences: ['480ee4347568'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'When venue is given, GET /api/v1/markets/{slug}/signals resolves the slug through the per-venue slug index, which is keyed by serviceMarketId and so was built without the legacy venue_a rows (whose serviceMarketId is the bare numeric id); the default lookup (venue omitted) goes through the venue_a namespace index and finds them. So an explicit venue=venue_a on the slug of a legacy venue_a market answers 404 not_found ("no covered market with slug ... in the venue_a namespace"), unbilled, while the same slug without venue answers its evidence. Newer venue_a rows (venue-prefixed serviceMarketId, such as venue_a:1000503) and every other venue resolve with an explicit venue. API-key calls only.',
    how: 'GET /api/v1/markets/will-us-unemployment-reach-5-in-2026/signals?venue=venue_a with an API key (venue_a:520224, serviceMarketId 520224): the reference answers 200 with its 7 articles (as it does without venue); through the bug 404 not_found, nothing spent. The same call for will-the-fed-decrease-interest-rates-by-50-bps-after-the-april-2026-fomc-meeting (venue_a:1000503) answers 200 on both sides.',
    async onRequest(ctx) {
      const m = ctx.method === 'GET' ? MARKET_SIGNALS.exec(ctx.path) : null;
      if (!m || !ctx.apiKey || ctx.headers['payment-signature'] || ctx.query.get('venue') !== 'venue_a') return null;
      let slug;
      try { slug = decodeURIComponent(m[1]); } catch { return null; }
      const r = await ctx.upstream({ method: 'GET', url: `/api/public/forecast-availability?slug=${encodeURIComponent(slug)}&venue=venue_a`, headers: { accept: 'application/json' } });
      const mk = r && r.status === 200 && r.json && r.json.market;
      if (!mk || mk.venue !== 'venue_a' || !/^\d+$/.test(String(mk.serviceMarketId))) return null;
      // the per-venue index only knows venue-prefixed service ids: the lookup misses, as an unknown slug would
      ctx.r20bSlug = { asked: slug, probe: `venue_a:${mk.nativeMarketId}` };
      ctx.path = `/api/v1/markets/${encodeURIComponent(ctx.r20bSlug.probe)}/signals`;
      return null;
    },
    onResponse(ctx, res) {
      const s = ctx.r20bSlug;
      const b = J(res);
      if (!s || res.status !== 404 || !b || typeof b.message !== 'string') return;
      b.message = b.message.split(JSON.stringify(s.probe)).join(JSON.stringify(s.asked));
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern d (round 20 b): a stated bound applied smaller where the request reaches it
  {
    name: 'xsearch_range_capped_90_days',
    round: 20,
    pattern: 'd',
    section: 'Endpoints / Other operations referenced',
    sentences: ['87e35c1076ef'],
    operations: ['POST /api/v1/x/search'],
    what: 'POST /api/v1/x/search passes the search window to the provider through a client whose own range ceiling (MAX_RANGE_DAYS = 90, left from the first provider plan) clamps it silently. A range_days of 91 to 180 is accepted and echoed as asked, but the search covers only the last 90 days, so older posts inside the asked window are missing. The default 30 days, ranges up to 90, the 1..180 validation (181 is 422), limit, billing (500 credits) and the not-stored rule are unchanged. API-key calls only.',
    how: 'POST /api/v1/x/search {"query":"fed","range_days":180,"limit":30} with an API key: the reference answers 15 results, one published about 121 days before searched_at; through the bug 14 results, none older than 90 days, with range_days still 180.',
    onRequest(ctx) {
      if (!isPost(ctx, '/api/v1/x/search') || !ctx.apiKey || ctx.headers['payment-signature']) return null;
      const body = ctx.bodyJson();
      if (!body || typeof body !== 'object' || !Number.isInteger(body.range_days) || body.range_days <= 90 || body.range_days > 180) return null;
      ctx.r20bRange = body.range_days;
      body.range_days = 90;
      ctx.setBodyJson(body);
      return null;
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.r20bRange || res.status !== 200 || !b || b.range_days !== 90) return;
      b.range_days = ctx.r20bRange;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern d (round 20 b): a stated number wrong where the pricing answer restates it
  {
    name: 'pricing_increment_one_cent',
    round: 20,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['212316fdb1b2'],
    operations: ['GET /api/public/pricing'],
    what: 'GET /api/public/pricing states increment_usd "0.010": the pricing metadata kept the one-cent increment of the price list from before the half-cent routes, while the routes themselves are priced (and the 402 challenges ask, and API-key calls debit) in the documented $0.005 increments, so the same answer lists sources, the asset directory and perps at "0.005". Route prices, credits, credits_per_usd, networks and site_url are unchanged.',
    how: 'GET /api/public/pricing: increment_usd is "0.005" on the reference and "0.010" through the bug; the listSources row says usd "0.005" on both sides.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/pricing') || res.status !== 200 || !b || b.increment_usd === undefined) return;
      b.increment_usd = '0.010';
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern g (round 20 b): a member's range broken on one value of a parameter
  {
    name: 'profile_trading_weights_percent',
    round: 20,
    pattern: 'g',
    section: 'Resources and their fields / Social-account profile (response of POST /api/v1/x/profile)',
    sentences: ['39302df3a5ae'],
    operations: ['POST /api/v1/x/profile'],
    what: 'With focus trading, the reweighting pass of POST /api/v1/x/profile scores interest topics on the 0..100 scale its prompt asks for, and the normaliser that maps weights back to 0..1 runs only on the general and reasoning paths. So every interests[].weight of a trading-focus profile is a percentage (38 instead of 0.38); a stored trading profile reused later carries the same weights. Topics, post_ids, their order, every other member, focus general and reasoning, billing and caching are unchanged.',
    how: 'POST /api/v1/x/profile {"handle":"policy_pat","focus":"trading"} with an API key: interests[0] is {topic Economics, weight 0.38} on the reference and weight 38 through the bug. The same body with focus general answers 0.38 on both sides.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/v1/x/profile') || res.status !== 200 || !b || !Array.isArray(b.interests)) return;
      const focus = (b.meta && b.meta.focus) || ((ctx.bodyJson() || {}).focus);
      if (focus !== 'trading') return;
      for (const it of b.interests) if (it && typeof it.weight === 'number' && it.weight <= 1) it.weight = Math.round(it.weight * 10000) / 100;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern g (round 20 b): a mode's emptied member filled in one combination
  {
    name: 'assets_star_material_hydrated',
    round: 20,
    pattern: 'g',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01); Resources and their fields / Asset search item',
    sentences: ['64022309acf7', '7405c9380237'],
    operations: ['GET /api/v1/assets/search'],
    what: 'GET /api/v1/assets/search routes on the normalised query: material_only=true alone is answered as the filtered directory with query "*", and the mode switch hydrates linked markets whenever the normalised query is "*" and material_only is true. So an explicit q=* with material_only=true (a q-mode request) is answered like material_only alone: every Asset carries its hydrated linked_markets instead of the empty array q mode returns. The Assets, their order, market_summary, the query echo ("*"), material_only and the price are the same as the reference; q=* without material_only, other q values with material_only, and material_only alone are right. API-key calls only.',
    how: 'GET /api/v1/assets/search?q=*&material_only=true with an API key: the reference answers 32 Assets, each with linked_markets [] (fed-funds-rate linked_market_count 71); through the bug fed-funds-rate carries 71 linked markets, btc 62, and so on.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.apiKey || ctx.headers['payment-signature']) return null;
      if (ctx.query.get('q') !== '*' || ctx.query.get('material_only') !== 'true' || ctx.query.has('reference')) return null;
      ctx.query.delete('q');
      return null;
    },
  },
  // ================================================================== round 20 (a): patterns a, c, e, f (the oil route's in-flight 429 without X-Quotient-Max-Concurrent, a link token containing "-" refused as malformed, the sources article window's lower bound floored to the hour, an upstream error of the published-signal list that keeps its debit, a running job's read without Retry-After)
  // ------------------------------------------------------------------ pattern a (round 20 a): the oil route's in-flight 429 loses its concurrency header
  {
    name: 'oil_in_flight_429_no_max_concurrent',
    round: 20,
    pattern: 'a',
    section: 'Errors',
    sentences: ['a8500226c2fd'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'The 429 that GET /api/v1/signals/oil answers while another oil request is in flight carries no X-Quotient-Max-Concurrent header: the oil limiter builds its own 429 and sets that header only from the standard and social limiters\' concurrency bound, which the oil scope does not use. Retry-After, RateLimit-Policy, RateLimit ("oil-concurrency";r=0), the body (rate_limited, retry_after, limit_scope oil) and the start-spacing 429 are right, and nothing is billed.',
    how: 'Add a scoped latency fault {GET /api/v1/signals/oil, latencyMs 2500, times 1, scope S}; GET /api/v1/signals/oil?include_marks=false with an API key and X-Fault-Scope S, and 1.2 s later (spacing kept) a second oil call with the key: 429 in-flight with x-quotient-max-concurrent 1 on the reference, without the header through the bug.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status !== 429) return;
      if (!/oil-concurrency/.test(String(res.headers.ratelimit || ''))) return;
      delete res.headers['x-quotient-max-concurrent'];
    },
  },
  // ------------------------------------------------------------------ pattern c (round 20 a): a link token with "-" in it refused as malformed
  {
    name: 'link_token_hyphen_refused',
    round: 20,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/wallets/link',
    sentences: ['4c8292e63e92'],
    operations: ['GET /api/v1/wallets/link'],
    what: 'The link route validates the token with ^svc_\\w{43}$ (\\w covers "_" but not "-") instead of the documented ^svc_[A-Za-z0-9_-]{43}$, so a live token the service itself issued whose base64url body contains "-" (about half of them) answers 422 invalid_request "token must match ^svc_[A-Za-z0-9_-]{43}$" once the call carries credentials: an unpaid keyed call gets that 422 instead of 422 x402_payment_required, and a paid call is refused before verification (not settled, so the wallet cannot be linked with that token). A "-" token that is expired, consumed or unknown gets the same 422 before its state is looked at; tokens without "-" (in every state) and calls without credentials (402 challenge) are right.',
    how: 'POST /api/auth/wallets/x402-token with an API key until the token contains "-", then GET /api/v1/wallets/link?token=T with the key and no payment: 422 x402_payment_required on the reference, 422 invalid_request (token must match) through the bug. A token without "-" answers x402_payment_required on both sides.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/wallets/link') || !ctx.headers['payment-signature']) return;
      const t = ctx.query.get('token') || '';
      if (/^svc_[A-Za-z0-9_-]{43}$/.test(t) && t.includes('-')) {
        return ctx.reply(422, { error: 'invalid_request', message: 'token must match ^svc_[A-Za-z0-9_-]{43}$' });
      }
    },
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/wallets/link') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (res.status === 401 || res.status === 402 || res.status === 403) return;
      const t = ctx.query.get('token') || '';
      if (/^svc_[A-Za-z0-9_-]{43}$/.test(t) && t.includes('-')) {
        return ctx.reply(422, { error: 'invalid_request', message: 'token must match ^svc_[A-Za-z0-9_-]{43}$' });
      }
    },
  },
  // ------------------------------------------------------------------ pattern e (round 20 a): the sources article window bound floored to the hour
  {
    name: 'sources_window_hour_floored',
    round: 20,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['24b7b9d1a526'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources computes the lower bound of the article window from the current UTC hour (date_trunc(hour, now) - window hours, a cache-friendly bucket) instead of from now, so articles published up to an hour before the window (between the start of the current hour minus window hours and now minus window hours) are returned as well, in published order. x_posts (windowed on last sighting), the upper bound, window 168 and the rest of the answer are right. API-key calls only; the bill is unchanged.',
    how: 'At minute 40 of an hour (advance the clock), GET /api/v1/sources?market_keys=<four keys>&window=168 lists the articles; pick W (1..167) with an article published between the hour start minus W hours and now minus W hours (a minute of margin), then GET ...&window=W: the reference answers no article older than now minus W hours, the bug answers that article.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const b = J(res);
      if (!b || !Array.isArray(b.sources)) return;
      const raw = ctx.query.get('window');
      const w = raw === null ? 48 : Number(raw);
      if (!Number.isInteger(w) || w < 1 || w > 167) return;
      if (ctx.query.has('types') && !listParam(ctx.query.get('types')).includes('article')) return;
      const now = await ctx.stubNow();
      const since = Math.floor(now / 3_600_000) * 3_600_000 - w * 3_600_000;
      const q = new URLSearchParams(ctx.query);
      q.set('window', String(w + 1));
      q.set('types', 'article');
      // the widened article read runs on an internal service account, so the caller's ledger shows its one debit
      let wide;
      for (let attempt = 0; attempt < 2 && !wide; attempt++) {
        if (!ctx.state.r20aSrcKey) {
          const c = await ctx.control('POST', '/__control/accounts', { credits: 1000000 });
          if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return;
          ctx.state.r20aSrcKey = c.json.apiKey;
        }
        let r;
        try {
          r = await ctx.upstream({ method: 'GET', url: `${ctx.path}?${q}`, headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r20aSrcKey } });
        } catch { return; }
        if (r.status === 401 || r.status === 403) { ctx.state.r20aSrcKey = null; continue; }
        wide = r;
      }
      if (!wide || wide.status !== 200) return;
      const wj = J(wide);
      if (!wj || !Array.isArray(wj.sources)) return;
      const keyOf = (s) => `${s.type}|${s.url}|${s.market_slug}|${s.published_at}`;
      const have = new Set(b.sources.map(keyOf));
      const extra = wj.sources.filter((s) => s && s.type === 'article' && !have.has(keyOf(s)) && Date.parse(s.published_at) >= since);
      if (!extra.length) return;
      const all = [...b.sources, ...extra];
      all.sort((x, y) => Date.parse(y.published_at) - Date.parse(x.published_at));
      b.sources = all;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern f (round 20 a): an upstream error of the published-signal list keeps its debit
  {
    name: 'signal_list_upstream_error_billed',
    round: 20,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/signals'],
    what: 'GET /api/v1/signals (the published trade-signal list, served since the version-5 split by its own handler) keeps its 10-credit API-key debit when its upstream fails (a 5xx upstream answer such as 502 upstream_unavailable or 503 service_unavailable): that handler\'s refund hook was wired for its 404 and 429 answers only. The answer itself is right, x402 calls are not settled, and every other route (the evidence list /markets/{slug}/signals included) refunds the failure.',
    how: 'Add a scoped fault {GET /api/v1/signals, status 503, scope S}, then GET /api/v1/signals with an API key and X-Fault-Scope S: 503 on both sides; the balance is unchanged on the reference and 10 credits lower through the bug.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/signals') || res.status < 500 || res.status > 504 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const b = J(res);
      if (!b || typeof b.error !== 'string') return;
      await ctx.charge(10);
    },
  },
  // ------------------------------------------------------------------ pattern a (round 20 a): a running job's read without Retry-After
  {
    name: 'job_running_no_retry_after',
    round: 20,
    pattern: 'a',
    section: 'States and transitions; Endpoints / GET /api/auth/forecast-requests/{jobId} (free, API key only)',
    sentences: ['1615359acdc2', '0bbfd5cb890f'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'GET /api/auth/forecast-requests/{jobId} sets Retry-After from the queue estimate of the job (time until submission, then until a worker picks it up), which exists only while the job is accepted or submitted; once the job is running the estimate is gone and the header is left out. So every read of a running job (either view) answers 200 without Retry-After. Accepted and submitted reads carry it, terminal reads need none, and the body is right.',
    how: 'POST /api/auth/forecast-requests {venue_a, 1000503} with an Idempotency-Key, then poll GET /api/auth/forecast-requests/{jobId} every second: after about 12 s the status is running; that read carries Retry-After (30) on the reference and none through the bug.',
    onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !JOB_READ.test(ctx.path) || res.status !== 200) return;
      const b = J(res);
      if (b && b.status === 'running') delete res.headers['retry-after'];
    },
  },
// ================================================================== round 21 (b): patterns a, b, c, f, g (market search treating an invalid key as no key, the market list's venue=venue_a matching venue_a_us by prefix, a profile handle of 1 to 3 characters refused, the market list's daily-quota 429 billed, a one-sided venue_b book's market_odds taken from the last trade on the market list)
  // ------------------------------------------------------------------ pattern a (round 21 b): an invalid key read as no key on one route
  {
    name: 'search_invalid_key_402',
    round: 21,
    pattern: 'a',
    section: 'Errors',
    sentences: ['9ce82331b2dd'],
    operations: ['GET /api/v1/markets/search'],
    what: 'GET /api/v1/markets/search with an invalid (mistyped, revoked) x-service-api-key treats the key as absent and answers the 402 x402 challenge (payment_required with its PAYMENT-REQUIRED header) instead of 401 invalid_api_key; without a key it is the same 402, with a valid key it is answered, and every other paid route answers 401.',
    how: 'GET /api/v1/markets/search?q=bitcoin with x-service-api-key: not-a-key: 402 payment_required (GET /api/v1/markets with the same header: 401 invalid_api_key).',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets/search') || res.status !== 401 || !b || b.error !== 'invalid_api_key') return;
      const headers = { ...ctx.headers };
      delete headers['x-service-api-key'];
      const r = await ctx.upstream({ method: 'GET', url: ctx.url, headers });
      return r.status === 402 ? r : undefined;
    },
  },
  // ------------------------------------------------------------------ pattern b (round 21 b): one venue value of the market list matched by prefix
  {
    name: 'markets_venue_a_prefix_match',
    round: 21,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['f2c39a12bd17'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets?venue=venue_a matches the venue column by prefix, so the venue_a_us rows are listed beside the venue_a rows (merged in the asked sort order); venue_b, venue_c and venue_a_us filters are exact and venue_facets are unchanged.',
    how: 'GET /api/v1/markets?venue=venue_a with an API key: rows whose venue is venue_a_us (the reference lists venue_a rows only).',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      if (ctx.query.get('venue') !== 'venue_a') return;
      const q = new URLSearchParams(ctx.query);
      q.set('venue', 'venue_a_us');
      let extra = null;
      for (let attempt = 0; attempt < 2 && !extra; attempt++) {
        if (!ctx.state.r21bKey) {
          const c = await ctx.control('POST', '/__control/accounts', { credits: 1000000 });
          if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return;
          ctx.state.r21bKey = c.json.apiKey;
        }
        let r;
        try {
          r = await ctx.upstream({ method: 'GET', url: `/api/v1/markets?${q}`, headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r21bKey } });
        } catch { return; }
        if (r.status === 401 || r.status === 403) { ctx.state.r21bKey = null; continue; }
        if (r.status === 200 && r.json && Array.isArray(r.json.markets)) extra = r.json.markets;
        else return;
      }
      if (!extra || !extra.length) return;
      const sort = ctx.query.get('sort') || 'updated_desc';
      const num = (x) => (typeof x === 'number' ? x : -Infinity);
      const key = sort === 'volume_desc' ? (m) => num(m.volume_24h)
        : sort === 'signal_count_desc' ? (m) => num(m.signal_count)
          : (m) => Date.parse(m.market_updated_at) || 0;
      b.markets = [...b.markets, ...extra].map((m, i) => [m, i]).sort((x, y) => key(y[0]) - key(x[0]) || x[1] - y[1]).map(([m]) => m);
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern c (round 21 b): short documented handles refused
  {
    name: 'profile_short_handle_refused',
    round: 21,
    pattern: 'c',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['46f6b97839b5'],
    operations: ['POST /api/v1/x/profile'],
    what: 'POST /api/v1/x/profile validates the handle with the social platform\'s sign-up rule of 4 to 15 characters, so handles of 1 to 3 characters (with or without the leading "@"), which the documented pattern admits, are refused 422 invalid_request (unbilled); handles of 4 to 15 characters are profiled as before.',
    how: 'POST /api/v1/x/profile {"handle":"ab_"} with an API key: 422 invalid_request (the reference profiles it, 200).',
    onRequest(ctx) {
      if (!isPost(ctx, '/api/v1/x/profile')) return;
      const body = ctx.bodyJson();
      if (!body || typeof body.handle !== 'string') return;
      const h = body.handle.replace(/^@/, '');
      if (/^[A-Za-z0-9_]{1,3}$/.test(h)) {
        return ctx.reply(422, { error: 'invalid_request', message: 'handle must be a valid username of 4 to 15 letters, digits or underscores' });
      }
    },
  },
  // ------------------------------------------------------------------ pattern f (round 21 b): the daily-quota 429 of the market list billed
  {
    name: 'markets_day_429_billed',
    round: 21,
    pattern: 'f',
    section: 'Limits',
    sentences: ['c62df283b618', '4fc78605712d'],
    operations: ['GET /api/v1/markets'],
    what: 'When an API-key account has used its standard daily quota, the 429 of GET /api/v1/markets debits the route\'s 10 credits (the list query is metered before the daily check); the 429 itself (status, body, headers) is as the reference answers it, the second, minute and in-flight 429s are unbilled, and the other routes\' daily 429s are unbilled.',
    how: 'POST /__control/limits/usage {scope standard, window day, count 20000, accountId}; GET /api/v1/markets with the key: 429 (standard-day) and 10 credits less.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 429 || !ctx.apiKey) return;
      if (!/standard-day/.test(String(res.headers.ratelimit || ''))) return;
      await ctx.charge(10);
    },
  },
  // ------------------------------------------------------------------ pattern g (round 21 b): a one-sided book's odds from the last trade
  {
    name: 'markets_one_sided_odds_last',
    round: 21,
    pattern: 'g',
    section: 'Resources and their fields / Venue quote (VenueQuoteV1)',
    sentences: ['64a5b7155908'],
    operations: ['GET /api/v1/markets'],
    what: 'In GET /api/v1/markets rows, a venue_b market quoted from a one-sided book (venue_quote.quote_method bid or ask) has market_odds taken from the last trade (venue_quote.yes_last) instead of venue_quote.selected_probability; two-sided midpoints, last-trade quotes, snapshots and the other routes are right.',
    how: 'GET /api/v1/markets with an API key: venue_b rows with quote_method bid or ask whose market_odds equals yes_last and differs from selected_probability.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      for (const m of b.markets) {
        const q = m && m.venue_quote;
        if (m.venue === 'venue_b' && q && (q.quote_method === 'bid' || q.quote_method === 'ask') && typeof q.yes_last === 'number') m.market_odds = q.yes_last;
      }
      res.touch();
    },
  },
  // ================================================================== round 21 (a): patterns e, e, b, b, a (read routes: asset-search linked markets windowed on 72 h, the evidence route reading only its 72-hour hot store, availability folding venue_a_us slugs into venue_a, a marketKey reference list skipping asset_type, forecast-targets refusing an invalid key)
  // ------------------------------------------------------------------ pattern e (round 21 a): a window applied wider on a second route that restates it
  {
    name: 'assets_linked_forecast_window_72h',
    round: 21,
    pattern: 'e',
    section: 'Resources and their fields / Market list item; Endpoints / GET /api/v1/markets',
    sentences: ['12d907d7d2a1', 'fb6a3786da57'],
    operations: ['GET /api/v1/assets/search'],
    what: 'The linked markets that GET /api/v1/assets/search hydrates (reference mode, and material_only alone) take forecast_count and latest_forecast_at from a 72-hour forecast aggregate (the asset lane\'s own "last three days" rollup) instead of the market list item\'s max_forecast_age window, whose default is 48 hours. So a linked market whose forecasts are 48 to 72 hours old carries forecast_count >= 1 and a latest_forecast_at in that band, where the catalog row of the same market (GET /api/v1/markets, default window) says 0 and null, or counts fewer. has_forecast, latest_service_probability, thesis, forecast_at, market_summary, the Assets and the bill are right; the catalog, q mode and every other route are right. API-key calls only.',
    how: 'GET /api/v1/assets/search?reference=btc with an API key: venue_a:1007688 (latest forecast about 54 h old) and venue_b:KXBTCD-26MAR2117-T111999.99 (about 63 h) carry forecast_count 0 and latest_forecast_at null on the reference (as in GET /api/v1/markets), forecast_count 1 with that timestamp through the bug.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const b = J(res);
      if (!b || !Array.isArray(b.assets) || !b.assets.some((a) => Array.isArray(a.linked_markets) && a.linked_markets.length)) return;
      // the 72-hour aggregate, read through the catalog on an internal service account (the caller's ledger keeps its one debit)
      let cat;
      for (let attempt = 0; attempt < 2 && !cat; attempt++) {
        if (!ctx.state.r21aCatKey) {
          const c = await ctx.control('POST', '/__control/accounts', { credits: 1000000 });
          if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return;
          ctx.state.r21aCatKey = c.json.apiKey;
        }
        let r;
        try {
          r = await ctx.upstream({ method: 'GET', url: '/api/v1/markets?max_forecast_age=72', headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r21aCatKey } });
        } catch { return; }
        if (r.status === 401 || r.status === 403) { ctx.state.r21aCatKey = null; continue; }
        cat = r;
      }
      const cj = J(cat);
      if (!cat || cat.status !== 200 || !cj || !Array.isArray(cj.markets)) return;
      const agg = new Map(cj.markets.map((m) => [m.marketKey, m]));
      let changed = false;
      for (const a of b.assets) {
        for (const m of a.linked_markets || []) {
          const w = agg.get(m.marketKey);
          if (!w) continue;
          if (m.forecast_count !== w.forecast_count || m.latest_forecast_at !== w.latest_forecast_at) {
            m.forecast_count = w.forecast_count;
            m.latest_forecast_at = w.latest_forecast_at;
            changed = true;
          }
        }
      }
      if (changed) res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern e (round 21 a): the evidence list cut at its oldest side
  {
    name: 'signals_evidence_hot_store_72h',
    round: 21,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/markets/{slug}/signals ($0.01)',
    sentences: ['1dc66abd12f3'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'GET /api/v1/markets/{slug}/signals reads the market\'s evidence from the 72-hour hot store and falls back to the archive only when the hot store has nothing for the market. So a market with at least one article published in the last 72 hours is answered with those articles only: its older evidence is missing, and total is recounted from what is returned (last_updated, the newest article, is unchanged). A market whose evidence is all older than 72 hours is answered in full, so the route never turns into a 404; the bill, the market object and every other route are right.',
    how: 'GET /api/v1/markets/will-us-unemployment-reach-5-in-2026/signals with an API key: the reference lists 7 articles, two of them published on 2026-11-24 (about six days before the stub clock); through the bug total is 5 and those two are missing. GET /api/v1/sources?market_keys=venue_a:520224&window=168&types=article lists all seven as the witness.',
    async onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !MARKET_SIGNALS.test(ctx.path) || res.status !== 200) return;
      const b = J(res);
      if (!b || !Array.isArray(b.signals) || !b.signals.length) return;
      const now = await ctx.stubNow();
      const hot = b.signals.filter((s) => Date.parse(s.published_at) >= now - 72 * HOUR_MS);
      if (!hot.length || hot.length === b.signals.length) return;
      b.signals = hot;
      b.total = hot.length;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern b (round 21 a): one venue value folded into its operator's namespace on one identifier form
  {
    name: 'availability_slug_venue_a_us_folded',
    round: 21,
    pattern: 'b',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['4067e40843bf', '96fba92b0249'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'GET /api/public/forecast-availability resolves a slug through the first operator\'s shared slug index, which tries the venue_a row before the venue_a_us one: with slug and venue=venue_a_us, a slug that venue_a also lists (the two venues of the operator share most slugs) is answered for the venue_a market (its tracked, available, market, question, latestForecast, read and generation), as if venue had been left out. A venue_a_us slug with no venue_a twin, venue=venue_b and venue=venue_c with a slug, market_key venue_a_us:<id> and market_id with venue=venue_a_us are right.',
    how: 'GET /api/public/forecast-availability?slug=will-nvidia-close-2026-above-250-per-share&venue=venue_a_us: the reference answers market venue_a_us:36985067, available true with a read pointer ending ?venue=venue_a_us; through the bug market venue_a:514699, available false and a generation body for venue_a 514699 (the answer to the slug alone).',
    async onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-availability')) return null;
      const q = ctx.query;
      if (!q.has('slug') || q.get('venue') !== 'venue_a_us' || q.has('market_key') || q.has('market_id')) return null;
      if (q.getAll('slug').length !== 1 || q.getAll('venue').length !== 1) return null;
      const twin = await freeGet(ctx, `/api/public/forecast-availability?slug=${encodeURIComponent(q.get('slug'))}`);
      if (!twin || !twin.tracked || !twin.market || twin.market.venue !== 'venue_a') return null;
      q.delete('venue');
      return null;
    },
  },
  // ------------------------------------------------------------------ pattern b (round 21 a): a filter skipped by one reference lane
  {
    name: 'assets_reference_market_key_asset_type_ignored',
    round: 21,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['4a6c5a6a8ef5'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In reference mode, a reference list made only of venue-prefixed marketKeys is resolved by the linked-market lane (Assets found through the HAS_MARKET edges of those markets), which applies platform but not asset_type: every Asset linked to a referenced market comes back whatever its type. Lists with asset keys, UUIDs, identifier values or native ids (alone or mixed with marketKeys), asset_type in q mode and in the filtered directory, and platform everywhere are right; the references echo, market_summary and the bill are unchanged. API-key calls only.',
    how: 'GET /api/v1/assets/search?reference=venue_a:520224&asset_type=crypto with an API key: the reference answers no Asset (us-unemployment is an economic_indicator); through the bug it answers us-unemployment. reference=us-unemployment&asset_type=crypto answers no Asset on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.apiKey || ctx.headers['payment-signature']) return null;
      const refs = ctx.query.getAll('reference');
      if (!refs.length || !ctx.query.has('asset_type') || ctx.query.has('q')) return null;
      const t = ctx.query.get('asset_type');
      if (ctx.query.getAll('asset_type').length !== 1 || t.length < 1 || t.length > 80) return null;
      if (!refs.every((r) => /^(venue_a|venue_a_us|venue_b|venue_c):\S+$/.test(r))) return null;
      ctx.query.delete('asset_type');
      return null;
    },
  },
  // ------------------------------------------------------------------ pattern a (round 21 a): a free route refusing an invalid key
  {
    name: 'targets_invalid_key_401',
    round: 21,
    pattern: 'a',
    section: 'Authentication',
    sentences: ['b3d8589a5c32'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'GET /api/public/forecast-targets is mounted behind the key-aware gateway middleware, which validates an x-service-api-key header whenever one is sent: a call carrying an invalid (mistyped, revoked) key is refused 401 invalid_api_key instead of being resolved, although the route is free and needs no authentication. Calls without the header and calls with a valid key are answered as before (and not billed); forecast-availability answers whatever key is sent.',
    how: 'GET /api/public/forecast-targets?ref=KXCPIYOY-26MAR with x-service-api-key: not-a-valid-key: the reference answers 200 (as without the header); through the bug 401 {"error":"invalid_api_key"}.',
    async onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-targets') || !ctx.apiKey) return null;
      let r;
      try {
        r = await ctx.upstream({ method: 'GET', url: '/api/auth/forecast-requests/00000000-0000-4000-8000-000000000000', headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.apiKey } });
      } catch { return null; }
      if (r.status === 401) return ctx.reply(401, { error: 'invalid_api_key', message: 'The x-service-api-key is not valid' });
      return null;
    },
  },
  // ================================================================== round 22 (b): patterns b, c, c, g, g (free lookups and asset search: the platform filter read on an Asset's first identifier only, a CIK reference with leading zeros lost as a number, an availability market_id with a decimal strike cut at its dot, exact-child target input listing only the selected child, availability's generation body carrying the serviceMarketId as market_id)
  // ------------------------------------------------------------------ pattern b (round 22 b): a filter honoured on one position of a list
  {
    name: 'assets_platform_first_identifier_only',
    round: 22,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['bff123bc9b54'],
    operations: ['GET /api/v1/assets/search'],
    what: 'GET /api/v1/assets/search with platform keeps only Assets whose first (primary) identifier is in that platform namespace: an Asset carrying the platform on its second or third identifier (crude-wti, brent, spx, natgas and ndx for platform=fred; every equity for platform=sec or isin) is dropped. The match stays case-insensitive, Assets whose primary identifier is in the namespace are kept, and every mode (q, reference, material_only) and the other filters are right.',
    how: 'GET /api/v1/assets/search?q=*&platform=fred with an API key: the reference lists fed-funds-rate, us-cpi, us-gdp and also crude-wti, brent, spx, natgas, ndx (fred as a later identifier); through the bug only the Assets whose identifiers[0].platform is fred. platform=sec answers no Asset at all.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !b || !Array.isArray(b.assets)) return;
      const p = ctx.query.get('platform');
      if (typeof p !== 'string' || !p) return;
      const want = p.toLowerCase();
      b.assets = b.assets.filter((a) => {
        const first = a && Array.isArray(a.identifiers) ? a.identifiers[0] : null;
        return !!first && String(first.platform).toLowerCase() === want;
      });
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern c (round 22 b): an identifier value with leading zeros read as a number in reference mode
  {
    name: 'assets_reference_cik_zeros_stripped',
    round: 22,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['ca70ee9fbe15'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In reference mode, an all-digit reference with leading zeros (an SEC CIK such as 0000320193, an AssetIdentifier value) is routed to the numeric native-id lane and normalised as an integer (320193) before matching, so it matches nothing: its Asset is missing from assets. The references echo keeps the given string; all-digit references without leading zeros (venue_a native ids), the same CIK as q, and every other reference form are right.',
    how: 'GET /api/v1/assets/search?reference=0000320193 with an API key: the reference answers the aapl Asset with its hydrated linked markets; through the bug assets is empty (references ["0000320193"]). reference=0000320193&reference=btc answers btc only.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !b || !Array.isArray(b.assets)) return;
      const refs = ctx.query.getAll('reference');
      if (!refs.length || !refs.some((r) => /^0\d+$/.test(r))) return;
      const kept = refs.filter((r) => !/^0\d+$/.test(r));
      if (!kept.length) { b.assets = []; res.touch(); return; }
      const q = new URLSearchParams(ctx.query);
      q.delete('reference');
      for (const r of kept) q.append('reference', r);
      for (let attempt = 0; attempt < 2; attempt++) {
        if (!ctx.state.r22bKey) {
          const c = await ctx.control('POST', '/__control/accounts', { credits: 1000000 });
          if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return;
          ctx.state.r22bKey = c.json.apiKey;
        }
        let r;
        try {
          r = await ctx.upstream({ method: 'GET', url: `/api/v1/assets/search?${q}`, headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r22bKey } });
        } catch { return; }
        if (r.status === 401 || r.status === 403) { ctx.state.r22bKey = null; continue; }
        if (r.status === 200 && r.json && Array.isArray(r.json.assets)) { b.assets = r.json.assets; res.touch(); }
        return;
      }
    },
  },
  // ------------------------------------------------------------------ pattern c (round 22 b): a venue-native id with a decimal strike cut at its dot
  {
    name: 'availability_market_id_decimal_cut',
    round: 22,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['a740a7fb49fd'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'GET /api/public/forecast-availability normalises market_id with a routine meant for venue_a numeric ids that clients send as floats ("1000503.0"): everything from the last dot is cut, for every venue. A venue_b ticker with a decimal strike (KXFED-26APR-T3.75, KXCPIYOY-26MAR-T2.8) given as market_id with venue=venue_b is looked up as KXFED-26APR-T3 and answered tracked false (all members null). The market_key and slug forms of the same market, tickers without a dot and venue_a numeric ids are right.',
    how: 'GET /api/public/forecast-availability?market_id=KXFED-26APR-T3.75&venue=venue_b: the reference answers tracked true (market venue_b:KXFED-26APR-T3.75, a generation body); through the bug tracked false, market null. market_key=venue_b:KXFED-26APR-T3.75 is tracked on both sides.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-availability')) return;
      const id = ctx.query.get('market_id');
      if (typeof id !== 'string' || !id.includes('.')) return;
      const cut = id.slice(0, id.lastIndexOf('.'));
      if (!cut) return;
      ctx.query.set('market_id', cut);
    },
  },
  // ------------------------------------------------------------------ pattern g (round 22 b): exact-child input narrowing the child list to the selection
  {
    name: 'targets_exact_child_list_narrowed',
    round: 22,
    pattern: 'g',
    section: 'Endpoints / GET /api/public/forecast-targets (free, no auth)',
    sentences: ['dc2473b6839e'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'For exact venue_b child input (a bare child ticker or a venue_b: marketKey of a child), GET /api/public/forecast-targets narrows markets to the selected child alone instead of the event\'s full list of open children; selectedMarket, generation, event, allContracts (every child) and selectionRequired false are as the reference answers them. Event input and venue_a exact children keep the full list.',
    how: 'GET /api/public/forecast-targets?ref=KXCPIYOY-26MAR-T2.8: the reference lists every open child of KXCPIYOY-26MAR in markets (the same list as ref=KXCPIYOY-26MAR); through the bug markets holds only KXCPIYOY-26MAR-T2.8.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-targets') || res.status !== 200 || !b) return;
      if (b.venue !== 'venue_b' || !b.selectedMarket || !Array.isArray(b.markets) || b.markets.length < 2) return;
      const sel = b.markets.filter((m) => m && m.ticker === b.selectedMarket.ticker);
      if (!sel.length) return;
      b.markets = sel;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern g (round 22 b): the ready generation body built from the serviceMarketId
  {
    name: 'availability_generation_service_market_id',
    round: 22,
    pattern: 'g',
    section: 'Resources and their fields / Generation body (VenueMarketForecastRequest)',
    sentences: ['1074a9aaeecf', '59ffa906dc6b'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'The ready generation body of GET /api/public/forecast-availability takes market_id from the market\'s serviceMarketId instead of its native id, so for venue_b rows it is the prefixed form "venue_b:<ticker>" (and likewise prefixed for venue_c and venue_a_us); legacy venue_a rows, whose serviceMarketId is bare numeric, carry the right numeric id. venue, kind and every other member are right, and forecast-targets\' bodies are right.',
    how: 'GET /api/public/forecast-availability?market_key=venue_b:KXFED-26APR-T3.75: the reference\'s generation.body.market_id is "KXFED-26APR-T3.75"; through the bug "venue_b:KXFED-26APR-T3.75". market_key=venue_a:1000503 answers "1000503" on both sides.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b) return;
      const g = b.generation;
      const m = b.market;
      if (!g || !g.body || !m || typeof m.serviceMarketId !== 'string' || m.serviceMarketId === g.body.market_id) return;
      g.body.market_id = m.serviceMarketId;
      res.touch();
    },
  },
  // ================================================================== round 22 (a): patterns a, d, d, e, f (a job read's listing stamping a legacy venue_a row's serviceMarketId with the venue prefix, a stored forecast read debited per forecast it carries, the oil route's in-flight 429 stating the standard in-flight bound, the sources route's default window of 72 hours, a succeeded job's result read billed at the forecast-read price)
  // ------------------------------------------------------------------ pattern a (round 22 a): the job read's listing builds serviceMarketId from venue and native id
  {
    name: 'job_listing_legacy_service_id_prefixed',
    round: 22,
    pattern: 'a',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['631d0954f278'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'The listing routing object of a forecast job read builds serviceMarketId as <venue>:<native id> for every row, so a job on a legacy venue_a market (whose serviceMarketId is bare numeric on every other route) answers listing.serviceMarketId "venue_a:520224"; non-legacy venue_a rows and other venues are unchanged (already prefixed), and marketKey, nativeMarketId, the rest of the listing and the job are right, in both views.',
    how: 'POST /api/auth/forecast-requests {venue_market, venue_a, 520224} with an Idempotency-Key, then GET /api/auth/forecast-requests/{jobId}?view=status: listing.serviceMarketId is "520224" on the reference (as on GET /api/v1/markets), "venue_a:520224" through the bug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !JOB_READ.test(ctx.path) || res.status !== 200 || !b || !b.listing) return;
      const l = b.listing;
      if (typeof l.venue === 'string' && typeof l.nativeMarketId === 'string' && l.serviceMarketId === l.nativeMarketId) {
        l.serviceMarketId = `${l.venue}:${l.nativeMarketId}`;
        res.touch();
      }
    },
  },
  // ------------------------------------------------------------------ pattern d (round 22 a): a stored forecast read metered per forecast in the answer
  {
    name: 'forecast_read_debit_per_forecast',
    round: 22,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['074e1adbc772', '4274520129dd'],
    operations: ['GET /api/v1/markets/{slug}/forecast'],
    what: 'A stored forecast read by API key is metered per forecast it returns: 10 credits for the current forecast plus 10 for each prior forecast in its history array, so a market with one stored forecast costs the stated 10 credits but a market with a history costs 20 or more. The answer itself is unchanged; x402 reads are left alone.',
    how: 'GET /api/v1/markets/will-the-10-year-treasury-yield-close-2026-above-5/forecast with an API key (current forecast plus one in history): the balance drops by 10 on the reference, by 20 through the bug; a single-forecast market still costs 10.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !MARKET_FORECAST.test(ctx.path) || res.status !== 200 || !b || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const extra = Array.isArray(b.history) ? b.history.length : 0;
      if (extra > 0) await ctx.charge(10 * extra);
    },
  },
  // ------------------------------------------------------------------ pattern d (round 22 a): the oil in-flight 429 states the standard in-flight bound
  {
    name: 'oil_in_flight_max_concurrent_10',
    round: 22,
    pattern: 'd',
    section: 'Endpoints / GET /api/v1/signals/oil',
    sentences: ['1ce1df2513c4', 'a8500226c2fd'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'The 429 that GET /api/v1/signals/oil answers while another oil request is in flight carries X-Quotient-Max-Concurrent: 10 (the standard scope\'s in-flight bound, from the shared limiter default) instead of 1, while its RateLimit-Policy still says "oil-concurrency";q=1 and the contract allows one oil request in flight. The refusal itself, Retry-After, RateLimit, the body and the start-spacing 429 are right.',
    how: 'Add a scoped latency fault {GET /api/v1/signals/oil, latencyMs 2500, times 1, scope S}; GET /api/v1/signals/oil?include_marks=false with an API key and X-Fault-Scope S, and 1.2 s later (spacing kept) a second oil call: 429 with RateLimit "oil-concurrency" and X-Quotient-Max-Concurrent 1 on the reference, 10 through the bug.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status !== 429) return;
      if (!/oil-concurrency/.test(String(res.headers.ratelimit || '')) || res.headers['x-quotient-max-concurrent'] === undefined) return;
      res.headers['x-quotient-max-concurrent'] = '10';
    },
  },
  // ------------------------------------------------------------------ pattern e (round 22 a): the sources route's default window is three days
  {
    name: 'sources_default_window_72h',
    round: 22,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['24b7b9d1a526'],
    operations: ['GET /api/v1/sources'],
    what: 'When window is omitted, GET /api/v1/sources applies 72 hours instead of the default 48, so evidence published (or, for posts, last seen) 48 to 72 hours ago is returned; any explicit window, including window=48, is honoured exactly, and the bounds 1 and 168 are right. API-key calls only (an x402-paid request is not rewritten); the bill is unchanged.',
    how: 'GET /api/v1/sources?market_keys=venue_a:520224&window=168 shows an article about 60 hours old; GET /api/v1/sources?market_keys=venue_a:520224 (no window) leaves it out on the reference and returns it through the bug, while ...&window=48 leaves it out on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/sources') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (!ctx.query.has('window')) ctx.query.set('window', '72');
    },
  },
  // ------------------------------------------------------------------ pattern f (round 22 a): a succeeded job's result read goes through the forecast-read biller
  {
    name: 'job_result_read_billed_after_success',
    round: 22,
    pattern: 'f',
    section: 'What the service does',
    sentences: ['10cc32b6b192'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'Once a forecast job has succeeded, a read in the result view (view=result or the default), which embeds the published forecast, debits the stored-forecast read price of 10 credits per forecast it returns; polling reads while the job is pending, the status view and reads of failed or rejected jobs stay free, and the answer is unchanged.',
    how: 'Create an account, POST /api/auth/forecast-requests (Idempotency-Key) for venue_a 1000503, advance the clock 700 s, then GET /api/auth/forecast-requests/{jobId}?view=status (free on both) and GET /api/auth/forecast-requests/{jobId}: status succeeded with forecasts, 0 credits on the reference, 10 through the bug.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !JOB_READ.test(ctx.path) || res.status !== 200 || !b || !ctx.apiKey) return;
      if ((ctx.query.get('view') || 'result') !== 'result' || b.status !== 'succeeded' || !Array.isArray(b.forecasts) || b.forecasts.length === 0) return;
      await ctx.charge(10 * b.forecasts.length);
    },
  },
  // ================================================================== round 23 (a): patterns a, a, b, c, d (the latest feed's 429 refused only after its board-wide fetch has run, the perps route answering a short-balance key with a payment challenge, asset search's materiality lane skipping platform, a venue_a /market/{slug} URL resolved through the event-slug index, the evidence route metering venue-qualified reads at the sources rate)
  // ------------------------------------------------------------------ pattern a (round 23 a): the latest feed starts its upstream fetch before the limiter's verdict
  {
    name: 'latest_429_upstream_prefetched',
    round: 23,
    pattern: 'a',
    section: 'Authentication',
    sentences: ['4fc78605712d'],
    operations: ['GET /api/v1/latest'],
    what: 'GET /api/v1/latest starts its board-wide feed fetch as soon as the request is parsed, in parallel with the rate limiter, and only drops the result when the limiter refuses: a 429 of the latest feed (any standard window) still does the route\'s upstream work, so a pending upstream fault of the route is used up by the refused call. The 429 itself (status, body, headers) is the reference\'s, nothing is debited, and every other route rejects its 429 before any upstream work.',
    how: 'POST /__control/faults {GET /api/v1/latest, status 502, times 1, scope S}; fill the account\'s standard minute window (600); GET /api/v1/latest with the key and X-Fault-Scope S: 429; clear the window (count 0) and call again with S: 502 on the reference (the fault is still pending), 200 through the bug (the refused call used it up).',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 429) return;
      // the prefetch: the same request, run to its upstream work under the proxy's own account, its result dropped
      for (let attempt = 0; attempt < 2; attempt++) {
        if (!ctx.state.r23aPrefetchKey) {
          const c = await ctx.control('POST', '/__control/accounts', { credits: 10000000 });
          if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return;
          ctx.state.r23aPrefetchKey = c.json.apiKey;
        }
        const h = { ...ctx.headers, 'x-service-api-key': ctx.state.r23aPrefetchKey };
        delete h['payment-signature'];
        let r;
        try { r = await ctx.upstream({ method: 'GET', url: ctx.url, headers: h }); } catch { return; }
        if (r.status === 401 || r.status === 403) { ctx.state.r23aPrefetchKey = null; continue; }
        return;
      }
    },
  },
  // ------------------------------------------------------------------ pattern a (round 23 a): the perps route offers x402 to a key that cannot pay
  {
    name: 'perps_short_balance_402',
    round: 23,
    pattern: 'a',
    section: 'Errors',
    sentences: ['9897d53e523d'],
    operations: ['GET /api/v1/signals/perps'],
    what: 'When an API-key account cannot pay GET /api/v1/signals/perps, the route falls back to its keyless answer and returns the x402 challenge (402 payment_required with a PAYMENT-REQUIRED header) instead of 403 insufficient_credits; nothing is debited, funded keys and keyless calls are answered as before, and every other route answers 403 insufficient_credits.',
    how: 'Create an account with 3 credits; GET /api/v1/signals/perps with its key: 403 insufficient_credits on the reference, 402 payment_required with PAYMENT-REQUIRED through the bug (GET /api/v1/markets/mispriced with the same key: 403 on both).',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/signals/perps') || res.status !== 403 || !b || b.error !== 'insufficient_credits' || !ctx.apiKey) return;
      const h = { ...ctx.headers };
      delete h['x-service-api-key'];
      try {
        const r = await ctx.upstream({ method: 'GET', url: ctx.url, headers: h });
        if (r.status === 402) return r;
      } catch { /* keep the 403 */ }
    },
  },
  // ------------------------------------------------------------------ pattern b (round 23 a): the materiality lane of asset search applies asset_type but not platform
  {
    name: 'assets_material_platform_ignored',
    round: 23,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['bff123bc9b54'],
    operations: ['GET /api/v1/assets/search'],
    what: 'A request with material_only=true alone (no q, no reference) goes to the materiality lane, which applies asset_type but not platform: every material Asset comes back whatever its identifiers\' platforms. platform in q mode, in the filtered directory and in reference mode, and asset_type everywhere, are right; the echo, market summaries and the bill are unchanged. API-key calls only (an x402-paid request is not rewritten).',
    how: 'GET /api/v1/assets/search?material_only=true&platform=coingecko with an API key: the reference answers the five Assets with a coingecko identifier (btc, eth, doge, sol, xrp); through the bug all 32 material Assets (fed-funds-rate, us-cpi, nvda, ...).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const q = ctx.query;
      if (q.get('material_only') !== 'true' || q.has('q') || q.has('reference') || !q.has('platform')) return;
      q.delete('platform');
    },
  },
  // ------------------------------------------------------------------ pattern c (round 23 a): a venue_a /market/{slug} URL is looked up in the event-slug index
  {
    name: 'targets_market_url_event_index',
    round: 23,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-targets (free, no auth)',
    sentences: ['4d6ffdd7c542'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'A venue_a browser URL of the form /market/{slug} is resolved through the event-slug index (where a stand-alone market\'s event carries the market\'s own slug) and then narrowed to the market: it resolves for stand-alone markets, but the /market/{slug} URL of a child of a multi-market event answers 404 not_found (ticker echoing the ref). /event/{slug}, /event/{slug}/{market-slug}, venue_a: marketKeys and every venue_b form are right.',
    how: 'GET /api/public/forecast-targets?ref=https://venue-a.example/market/will-bitcoin-reach-200000-in-2026: the reference answers 200 (venue_a, targetType market, selectedMarket.marketId 506592 in event what-price-will-bitcoin-hit-in-2026, a generation body); through the bug 404 not_found. ref=https://venue-a.example/market/will-us-unemployment-reach-5-in-2026 answers 200 on both.',
    async onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-targets')) return;
      const ref = ctx.query.get('ref');
      if (!ref) return;
      let u;
      try { u = new URL(ref); } catch { return; }
      if (!/venue-a/i.test(u.hostname)) return;
      const m = /^\/market\/([^/]+)\/?$/.exec(u.pathname);
      if (!m) return;
      const ev = new URL(ref);
      ev.pathname = `/event/${m[1]}`;
      let r;
      try { r = await ctx.upstream({ method: 'GET', url: `/api/public/forecast-targets?ref=${encodeURIComponent(ev.toString())}` }); } catch { return; }
      if (r.status !== 404 || !r.json) return;
      const body = { ...r.json, ticker: ref };
      return ctx.reply(404, body);
    },
  },
  // ------------------------------------------------------------------ pattern d (round 23 a): venue-qualified evidence reads are metered at the sources rate
  {
    name: 'signals_venue_qualified_debit_5',
    round: 23,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['18a2388de154'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'GET /api/v1/markets/{slug}/signals with a venue other than venue_a is served from the sources evidence index and metered at that route\'s rate: an API-key call debits 5 credits instead of 10. Legacy slug lookups (no venue, or venue=venue_a) debit 10; the answer, the 404 refund and x402 calls are unchanged.',
    how: 'Create an account; GET /api/v1/markets/will-us-unemployment-reach-5-in-2026/signals with its key spends 10 credits on both; GET /api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b spends 10 on the reference and 5 through the bug.',
    async onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !MARKET_SIGNALS.test(ctx.path) || res.status !== 200 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const venue = ctx.query.get('venue');
      if (!venue || venue === 'venue_a') return;
      await ctx.charge(-5);
    },
  },
  // ================================================================== round 23 (b): patterns d, e, e, f, g (the evidence route metered per page of ten articles, a date-only as_of of market search ending the day in US Eastern time, the social search's default range left to the provider's own seven days, an upstream 4xx error keeping its debit, the stored forecast read's MarketRefs naming a venue_a_us market venue_a)
  // ------------------------------------------------------------------ pattern d (round 23 b): the evidence route metered per upstream page of ten articles
  {
    name: 'signals_evidence_debit_per_page',
    round: 23,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['18a2388de154', 'aab559504c4d'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'GET /api/v1/markets/{slug}/signals meters every page of ten articles it reads from the correlation store at the route price: an answer of 1 to 10 articles debits the stated 10 credits ($0.01), one of 11 to 20 debits 20, and so on. The answer itself is unchanged; the 404 is still refunded; x402 calls are left alone.',
    how: 'GET /api/v1/markets/will-wti-crude-oil-settle-above-80-on-june-30-2026/signals?venue=venue_a_us with an API key (11 articles): the balance falls by 10 on the reference and by 20 through the bug; GET /api/v1/markets/KXWTI-26MAR23-T75.99/signals?venue=venue_b (10 articles) costs 10 on both.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !MARKET_SIGNALS.test(ctx.path) || res.status !== 200 || !b || !Array.isArray(b.signals)) return;
      if (!ctx.apiKey || ctx.headers['payment-signature']) return;
      const pages = Math.ceil(b.signals.length / 10);
      if (pages > 1) await ctx.charge(10 * (pages - 1));
    },
  },
  // ------------------------------------------------------------------ pattern e (round 23 b): a date-only as_of ends the day in US Eastern time
  {
    name: 'search_as_of_date_eastern_end_of_day',
    round: 23,
    pattern: 'e',
    section: 'Endpoints / Other operations referenced',
    sentences: ['66e6cfbfb00f'],
    operations: ['GET /api/v1/markets/search'],
    what: 'A date-only as_of (YYYY-MM-DD) of GET /api/v1/markets/search is taken as the end of that day in US Eastern time (the venues\' trading-day convention, 04:59:59.999Z or 03:59:59.999Z of the next UTC day) instead of the end of the UTC day, so forecasts made in the first four or five hours of the next UTC day are part of the snapshot (forecast_at, latest_service_probability and market_odds_at_forecast of the next morning). The as_of echo still says the UTC end of day; RFC 3339 instants are right. API-key calls only (an x402-paid request is not rewritten).',
    how: 'GET /api/v1/markets/search?q=bitcoin&as_of=<the day before yesterday> with an API key: on the reference every forecast_at is at most <day>T23:59:59.999Z; through the bug some rows carry a forecast_at of the next day between 00:00Z and 05:00Z (q=fed and q=cpi show it as well).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets/search') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const d = ctx.query.get('as_of');
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(d || '');
      if (!m) return;
      const utcEnd = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999);
      if (!Number.isFinite(utcEnd)) return;
      let offsetHours = 5;
      try {
        const name = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'shortOffset' })
          .formatToParts(new Date(utcEnd)).find((p) => p.type === 'timeZoneName');
        const om = name && /GMT([+-]\d+)/.exec(name.value);
        if (om) offsetHours = -Number(om[1]);
      } catch { /* keep EST */ }
      const easternEnd = new Date(utcEnd + offsetHours * 3_600_000).toISOString();
      ctx.r23bAsOfEcho = new Date(utcEnd).toISOString();
      ctx.query.set('as_of', easternEnd);
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.r23bAsOfEcho || res.status !== 200 || !b || typeof b.as_of !== 'string') return;
      b.as_of = ctx.r23bAsOfEcho;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern e (round 23 b): the social search's default range left to the provider's seven days
  {
    name: 'xsearch_default_range_provider_7d',
    round: 23,
    pattern: 'e',
    section: 'Endpoints / Other operations referenced',
    sentences: ['87e35c1076ef'],
    operations: ['POST /api/v1/x/search'],
    what: 'When POST /api/v1/x/search is called without a range, the service echoes its documented default range_days 30 but forwards no range to the search provider, which then applies its own default of seven days: posts 7 to 30 days old are missing from results. An explicit range_days (30 included) is honoured exactly, and the result count, limit, billing and every other member are right.',
    how: 'POST /api/v1/x/search {"query":"oil","limit":30,"range_days":30} with an API key lists posts 7 to 30 days old (about three weeks); POST /api/v1/x/search {"query":"oil","limit":30} (no range) echoes range_days 30 and lists them on the reference, but not through the bug (every result is under seven days old).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/v1/x/search') || res.status !== 200 || !b || !Array.isArray(b.results)) return;
      const body = ctx.bodyJson();
      if (!body || typeof body !== 'object' || body.range_days !== undefined) return;
      const ref = Date.parse(b.searched_at) || Date.now();
      const since = ref - 7 * 86_400_000;
      const kept = b.results.filter((r) => !r || typeof r.published_at !== 'string' || Date.parse(r.published_at) >= since);
      if (kept.length === b.results.length) return;
      b.results = kept;
      if (Number.isInteger(b.count)) b.count = kept.length;
      if (Number.isInteger(b.total)) b.total = kept.length;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern f (round 23 b): an upstream answering a 4xx error keeps the debit
  {
    name: 'upstream_4xx_error_billed',
    round: 23,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/assets/stance', 'GET /api/v1/markets', 'GET /api/v1/markets/search', 'GET /api/v1/markets/mispriced', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast', 'GET /api/v1/signals', 'GET /api/v1/signals/perps', 'GET /api/v1/signals/oil', 'POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'The API-key refund hook treats an upstream failure as unbilled only when the answer is a 404, a 429 or a 5xx: when the upstream answers an error of another 4xx status (400, 403, 409, 422...), which the gateway relays with that status in the error envelope, the call keeps its debit as if the client had erred (20 credits on the latest feed, 10 on a stored forecast read, 500 on x/search...). Upstream 5xx failures, 404s and 429s are refunded, and x402 calls are not settled.',
    how: 'POST /__control/faults {GET /api/v1/latest, status 409, times 1, scope S}; GET /api/v1/latest with an API key and X-Fault-Scope S: 409 invalid_request "The upstream source refused the request", 0 credits spent on the reference, 20 through the bug. The same fault with status 502 costs 0 on both.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (res.status < 400 || res.status >= 500 || res.status === 404 || res.status === 429 || !b) return;
      if (!ctx.apiKey || ctx.headers['payment-signature'] || !/upstream/i.test(String(b.message || ''))) return;
      const price = R23B_PRICES[`${ctx.method} ${routeTemplate(ctx.path)}`];
      if (price) await ctx.charge(price);
    },
  },
  // ------------------------------------------------------------------ pattern g (round 23 b): the stored forecast read's MarketRefs name a venue_a_us market venue_a
  {
    name: 'forecast_market_refs_venue_a_us_as_venue_a',
    round: 23,
    pattern: 'g',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['7b63f0111145'],
    operations: ['GET /api/v1/markets/{slug}/forecast'],
    what: 'In GET /api/v1/markets/{slug}/forecast, the MarketRefs of the relationships envelopes carry venue "venue_a" for venue_a_us markets (the ref builder reads the venue from the graph node\'s operator family), while their marketKey (venue_a_us:<id>), nativeMarketId and question are right; venue_a, venue_b and venue_c refs, the subject market and every other route are right.',
    how: 'GET /api/v1/markets/will-wti-crude-oil-settle-above-80-on-june-30-2026/forecast with an API key: market.relationships.markets holds venue_a_us:94403076 with venue venue_a_us on the reference and venue venue_a through the bug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !MARKET_FORECAST.test(ctx.path) || res.status !== 200 || !b) return;
      let n = 0;
      const walk = (o) => {
        if (Array.isArray(o)) { o.forEach(walk); return; }
        if (!o || typeof o !== 'object') return;
        if (o.relationship && typeof o.marketKey === 'string' && o.venue === 'venue_a_us') { o.venue = 'venue_a'; n++; }
        for (const k of Object.keys(o)) walk(o[k]);
      };
      walk(b);
      if (n) res.touch();
    },
  },
  // ================================================================== round 24 (a): patterns a, b, c, d, g (the evidence route nesting an envelope inside its asset refs, a sources slug list resolving only its first slug in the venue asked, asset search's q mode missing identifier values with punctuation, x/search metering a second page above the default 15 results, the latest feed's forecast asset refs without their ticker)
  // ------------------------------------------------------------------ pattern a (round 24 a): the evidence route's asset refs carry a nested envelope
  {
    name: 'evidence_asset_refs_nested_envelope',
    round: 24,
    pattern: 'a',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['cc7cde0f4613'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'In GET /api/v1/markets/{slug}/signals, every direct AssetRef of market.relationships carries a nested relationships envelope of its own (the asset\'s HAS_MARKET edge back to the subject market as an outgoing direct MarketRef, empty assets and signals, truncated all false): the graph expansion is serialised as a tree instead of being flattened. The flat categories, their members and every other route are right.',
    how: 'GET /api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b with an API key: market.relationships.assets[0] (us-cpi) has a relationships member holding a MarketRef to venue_b:KXCPIYOY-26MAR-T2.8; on the reference no ref has one.',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !MARKET_SIGNALS.test(ctx.path) || res.status !== 200 || !b) return;
      const m = b.market;
      const refs = m && m.relationships && m.relationships.assets;
      if (!Array.isArray(refs) || !refs.length) return;
      for (const r of refs) {
        if (!r || r.via !== 'direct') continue;
        r.relationships = {
          assets: [],
          markets: [{ relationship: 'HAS_MARKET', direction: 'outgoing', via: 'direct', marketKey: m.marketKey, venue: m.venue, nativeMarketId: m.nativeMarketId, question: m.question === undefined ? null : m.question }],
          signals: [],
          truncated: { assets: false, markets: false, signals: false },
        };
      }
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern b (round 24 a): the venue of a sources slug list applied to its first slug only
  {
    name: 'sources_slug_list_venue_first_only',
    round: 24,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['01bbf8aeefdb', 'f2c39a12bd17'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources with a list of slugs (markets) and a venue other than venue_a resolves only the first slug in that venue; the slugs after it are resolved in the default venue_a namespace, so the evidence of the venue\'s other markets is silently missing (or, for a slug venue_a shares, is the venue_a market\'s). A single slug with a venue, a slug list without venue (or with venue_a), and every market_keys list are right. API-key calls only; the bill is one call as on the reference.',
    how: 'GET /api/v1/sources?markets=KXFED-26OCT-T4.25,KXCPIYOY-26MAR-T2.8,KXWTI-26MAR23-T75.99&venue=venue_b&window=168 with an API key: the reference returns items of the three venue_b markets; through the bug only those of venue_b:KXFED-26OCT-T4.25.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200 || !b || !Array.isArray(b.sources)) return;
      if (!ctx.apiKey || ctx.headers['payment-signature'] || ctx.query.has('market_keys')) return;
      const venue = ctx.query.get('venue');
      const raw = ctx.query.get('markets');
      if (!venue || venue === 'venue_a' || !raw) return;
      const slugs = dedupe(listParam(raw));
      if (slugs.length < 2) return;
      const first = slugs[0];
      const kept = b.sources.filter((s) => s && (s.market_slug === first || (s.market && s.market.slug === first)));
      let extra = [];
      const q = new URLSearchParams(ctx.query.toString());
      q.set('markets', slugs.slice(1).join(','));
      q.delete('venue');
      try {
        const r = await ctx.upstream({ method: 'GET', url: `/api/v1/sources?${q.toString()}` });
        if (r.status === 200 && r.json && Array.isArray(r.json.sources)) {
          extra = r.json.sources;
          await ctx.charge(-5); // the second lookup is internal: give its debit back, so the call costs one price
        }
      } catch { /* keep the first slug's items */ }
      const merged = [...kept, ...extra].map((s, i) => ({ s, i }));
      merged.sort((x, y) => (Date.parse(y.s.published_at) - Date.parse(x.s.published_at)) || (x.i - y.i));
      b.sources = merged.map((x) => x.s);
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern c (round 24 a): q mode misses platform identifier values with punctuation
  {
    name: 'assets_q_punctuated_identifier_unmatched',
    round: 24,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['b4b8a0ad2039'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In q mode, the identifier lane of GET /api/v1/assets/search is an index of alphanumeric tokens, so a q that is a platform identifier value containing punctuation (EUR/USD, WTI-PERP, BTC-PERP, space-exploration-technologies) never matches that identifier: an Asset found only through it is missing, and one also found by name or keyword loses identifiers from relevance.matched_fields. Identifier values without punctuation (AAPL, US0378331005, CIKs), names, tickers, asset keys, reference mode and the echo are right.',
    how: 'GET /api/v1/assets/search?q=EUR%2FUSD with an API key: the reference answers the eur-usd Asset (matched_fields ["identifiers"]); through the bug assets is []. q=US0378331005 answers aapl on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !b || !Array.isArray(b.assets)) return;
      const q = (ctx.query.get('q') || '').trim();
      if (!q || q === '*' || !/[^A-Za-z0-9\s]/.test(q)) return;
      const ql = q.toLowerCase();
      const out = [];
      for (const a of b.assets) {
        const hit = a && Array.isArray(a.identifiers) && a.identifiers.some((i) => i && String(i.value).toLowerCase() === ql);
        const rel = a && a.relevance;
        if (!hit || !rel || !Array.isArray(rel.matched_fields) || !rel.matched_fields.includes('identifiers')) { out.push(a); continue; }
        rel.matched_fields = rel.matched_fields.filter((f) => f !== 'identifiers');
        if (rel.matched_fields.length) out.push(a);
      }
      b.assets = out;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern d (round 24 a): x/search metered per provider page of 15 results
  {
    name: 'xsearch_limit_second_page_billed',
    round: 24,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['09136ff6d2cd', 'aab559504c4d'],
    operations: ['POST /api/v1/x/search'],
    what: 'POST /api/v1/x/search meters each page of 15 results it asks the search provider for at the route price: a call with a limit of 16 to 30 (two provider pages) debits 1000 credits ($1.00) instead of the stated 500 ($0.50). The default limit 15 and any smaller limit debit 500; the answer, the 402 challenge and the refunds are unchanged. API-key calls only.',
    how: 'Create an account, POST /api/v1/x/search {"query":"bitcoin","limit":30} with its key (200, 30 results): the balance falls by 500 on the reference and by 1000 through the bug; {"query":"bitcoin"} costs 500 on both.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/v1/x/search') || res.status !== 200 || !b) return;
      if (!ctx.apiKey || ctx.headers['payment-signature']) return;
      const limit = Number(b.limit);
      if (Number.isFinite(limit) && limit > 15) await ctx.charge(500 * (Math.ceil(limit / 15) - 1));
    },
  },
  // ------------------------------------------------------------------ pattern g (round 24 a): the latest feed's forecast AssetRefs lose their ticker
  {
    name: 'latest_forecast_asset_ref_ticker_null',
    round: 24,
    pattern: 'g',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['49227af393ea'],
    operations: ['GET /api/v1/latest'],
    what: 'In GET /api/v1/latest, the AssetRefs inside each compact forecast\'s relationships are built from the forecast graph\'s asset stub, which has no ticker: their ticker is null even for Assets that have one (btc BTC, crude-wti CL, eth ETH...). id, assetKey, name, asset_type, the edge members, the market-level envelope of each event and every other route are right.',
    how: 'GET /api/v1/assets (the directory: btc has ticker BTC), then GET /api/v1/latest?hours=6: events[].forecast.relationships.assets[] with assetKey btc have ticker null through the bug, "BTC" on the reference (the market-level envelope of the same event says "BTC" on both).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events)) return;
      for (const e of b.events) {
        const refs = e && e.forecast && e.forecast.relationships && e.forecast.relationships.assets;
        if (Array.isArray(refs)) for (const r of refs) if (r && 'ticker' in r) r.ticker = null;
      }
      res.touch();
    },
  },
  // ================================================================== round 24 (b): patterns d, d, e, f, g (asset search's filtered directory metered at the directory rate, social search metered per page of fifteen results, market search's RFC 3339 as_of served from the hourly snapshot, an upstream 429 that keeps its debit, forecast-targets echoing a URL ref without its query string)
  // ------------------------------------------------------------------ pattern d (round 24 b): q=* of asset search is metered at the directory's price
  {
    name: 'assets_wildcard_query_directory_price',
    round: 24,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['ca3f9fbb9b42', 'aab559504c4d'],
    operations: ['GET /api/v1/assets/search'],
    what: 'GET /api/v1/assets/search with q=* (the filtered directory) is served by the directory handler and metered at the directory\'s rate: an API-key call debits 5 credits ($0.005) instead of the route\'s 10 ($0.01). Any other q, reference mode and material_only alone debit 10; the answer, the 402 challenge, the pricing answer and x402 calls are unchanged.',
    how: 'Create an account; GET /api/v1/assets/search?q=bitcoin with its key spends 10 credits on both; GET /api/v1/assets/search?q=* spends 10 on the reference and 5 through the bug.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (String(ctx.query.get('q') || '').trim() !== '*') return;
      await ctx.charge(-5);
    },
  },
  // ------------------------------------------------------------------ pattern e (round 24 b): an RFC 3339 as_of of market search is served from the snapshot of its hour
  {
    name: 'search_as_of_instant_hourly_snapshot',
    round: 24,
    pattern: 'e',
    section: 'Endpoints / Other operations referenced',
    sentences: ['66e6cfbfb00f'],
    operations: ['GET /api/v1/markets/search'],
    what: 'GET /api/v1/markets/search answers an RFC 3339 instant as_of from the hourly snapshot store: the snapshot is taken at the start of the UTC hour holding the instant, so forecasts made between that hour start and the instant are missing (forecast_at, latest_service_probability and market_odds_at_forecast of the forecast before, or null). The as_of echo still states the instant asked; date-only as_of (the day-close snapshot) and calls without as_of are right. API-key calls only (an x402-paid request is not rewritten).',
    how: 'GET /api/v1/markets/search?q=bitcoin with an API key; take a row whose forecast_at T is not on the hour (venue_a:504978 at 22:50:48.946Z, say); GET /api/v1/markets/search?q=bitcoin&as_of=<T + 1 s>: the row\'s forecast_at is T on the reference and null (or an earlier forecast) through the bug, while the as_of echo is T + 1 s on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets/search') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const raw = ctx.query.get('as_of');
      if (!raw || !/^\d{4}-\d{2}-\d{2}T/.test(raw)) return;
      const t = Date.parse(raw);
      if (!Number.isFinite(t)) return;
      const floored = Math.floor(t / 3_600_000) * 3_600_000;
      if (floored === t) return;
      ctx.r24bAsOf = new Date(t).toISOString();
      ctx.query.set('as_of', new Date(floored).toISOString());
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.r24bAsOf || res.status !== 200 || !b || typeof b.as_of !== 'string') return;
      b.as_of = ctx.r24bAsOf;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern f (round 24 b): an upstream 429 relayed after the debit keeps it
  {
    name: 'upstream_429_refund_skipped',
    round: 24,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5', 'c62df283b618'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/assets/search', 'GET /api/v1/assets/stance', 'GET /api/v1/markets', 'GET /api/v1/markets/search', 'GET /api/v1/markets/mispriced', 'GET /api/v1/markets/{slug}/signals', 'GET /api/v1/markets/{slug}/forecast', 'GET /api/v1/signals', 'GET /api/v1/signals/perps', 'GET /api/v1/signals/oil', 'POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'The API-key refund hook skips every 429, reasoning that the limiter refuses ahead of the debit: so when an admitted, debited call finds its upstream throttling and the gateway relays that 429 (rate_limited, Retry-After, no RateLimit-Policy of a customer scope), the call keeps its debit (10 credits on market search, 20 on the latest feed, 500 on x/search...). The gateway limiter\'s own 429s (standard, x_research, ip_guard, oil) debit nothing, as on the reference, and upstream 5xx, 4xx and 404 answers are refunded. x402 calls are not settled.',
    how: 'POST /__control/faults {GET /api/v1/markets/search, status 429, times 1, scope S}; GET /api/v1/markets/search?q=oil with an API key and X-Fault-Scope S: 429 rate_limited, 0 credits spent on the reference and 10 through the bug. A standard per-minute 429 (usage preloaded to 600) costs 0 on both.',
    async onResponse(ctx, res) {
      if (res.status !== 429 || res.headers['ratelimit-policy']) return;
      if (!ctx.apiKey || ctx.headers['payment-signature']) return;
      const price = R23B_PRICES[`${ctx.method} ${routeTemplate(ctx.path)}`];
      if (price) await ctx.charge(price);
    },
  },
  // ------------------------------------------------------------------ pattern g (round 24 b): forecast-targets echoes a URL ref canonicalised
  {
    name: 'targets_url_input_query_stripped',
    round: 24,
    pattern: 'g',
    section: 'Resources and their fields / Target resolution (GET /api/public/forecast-targets)',
    sentences: ['869b3bd65199'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'For a ref given as a browser URL (venue_a /event/ or /market/ URLs, venue_b event URLs), GET /api/public/forecast-targets echoes in input the canonical URL its resolver matched (origin and path, without the query string, the fragment or a trailing slash) instead of the ref as given. Resolution, venue, targetType, markets and generation are right; URLs without a query, fragment or trailing slash, tickers and marketKeys are echoed exactly, and the 404 echo is unchanged.',
    how: 'GET /api/public/forecast-targets?ref=https://venue-a.example/event/fed-decision-in-april-2026?utm_source=newsletter&utm_medium=email (URL-encoded): input is the full ref on the reference and https://venue-a.example/event/fed-decision-in-april-2026 through the bug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-targets') || res.status !== 200 || !b || typeof b.input !== 'string') return;
      const ref = ctx.query.get('ref');
      if (!ref || b.input !== ref || !/^https?:\/\//i.test(ref.trim())) return;
      let u;
      try { u = new URL(ref.trim()); } catch { return; }
      const canonical = `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
      if (canonical === b.input) return;
      b.input = canonical;
      res.touch();
    },
  },
  // ================================================================== round 25 (a): patterns a, b, d, e, f (the stance route's 404 without a message, the latest feed's types list losing its last value, the sources slug list capped at nine, the latest feed refusing its own maximum window, an upstream 502 of the mispriced list keeping its debit)
  // ------------------------------------------------------------------ pattern a (round 25 a): the stance route's 404 body carries no message
  {
    name: 'stance_404_no_message',
    round: 25,
    pattern: 'a',
    section: 'Errors',
    sentences: ['0d393b610ad6'],
    operations: ['GET /api/v1/assets/stance'],
    what: 'The 404 answers of GET /api/v1/assets/stance (an unknown asset) carry only {error: "not_found"}: the stance handler builds its own not-found body and leaves out the required human-readable message member. Its other statuses, every other route\'s 404 and the billing (not billed) are right.',
    how: 'GET /api/v1/assets/stance?asset=zzz with an API key: 404 {"error":"not_found","message":"no asset \\"zzz\\""} on the reference, {"error":"not_found"} through the bug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/stance') || res.status !== 404 || !b || !('message' in b)) return;
      delete b.message;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern b (round 25 a): the latest feed drops the last value of its types list
  {
    name: 'latest_types_last_value_dropped',
    round: 25,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/latest ($0.02)',
    sentences: ['157e1f7c1d80'],
    operations: ['GET /api/v1/latest'],
    what: 'GET /api/v1/latest splits a types list of two or more values with an off-by-one slice, so the last value listed is not applied: types=forecast,article,x_post serves no x_post events (types=article,forecast no forecast events). The types echo still lists every value asked and count is the number of events served. A single value, and no types at all (every kind), are right. API-key calls only.',
    how: 'GET /api/v1/latest?hours=6&types=forecast,article,x_post with an API key: the reference serves the three kinds (x_post included, as without types); through the bug no x_post event, while types echoes all three.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events)) return;
      if (!ctx.apiKey || ctx.headers['payment-signature']) return;
      const raw = ctx.query.get('types');
      if (!raw) return;
      const list = dedupe(listParam(raw));
      if (list.length < 2) return;
      const last = list[list.length - 1];
      const kept = b.events.filter((e) => !e || e.type !== last);
      if (kept.length === b.events.length) return;
      b.events = kept;
      b.count = kept.length;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern d (round 25 a): the sources slug list is capped at nine entries
  {
    name: 'sources_markets_slug_cap_9',
    round: 25,
    pattern: 'd',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['01bbf8aeefdb', 'e58a35b4d66f'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources refuses a markets (slug) list of exactly ten entries with 422 invalid_request ("markets must list 1..9 slugs"): the slug parser checks the count with < 10 where market_keys uses <= 10. Lists of one to nine slugs and market_keys lists of ten are right, and the refusal is not billed.',
    how: 'GET /api/v1/sources?markets=<ten covered venue_a slugs>&window=168 with an API key: 200 on the reference, 422 through the bug; the same ten markets as market_keys answer 200 on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/sources') || ctx.query.has('market_keys')) return;
      const raw = ctx.query.get('markets');
      if (!raw || listParam(raw).length !== 10) return;
      return ctx.reply(422, { error: 'invalid_request', message: 'markets must list 1..9 slugs' });
    },
  },
  // ------------------------------------------------------------------ pattern e (round 25 a): the latest feed refuses its own maximum window
  {
    name: 'latest_hours_6_refused',
    round: 25,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/latest ($0.02)',
    sentences: ['df6dccce9164', 'e58a35b4d66f'],
    operations: ['GET /api/v1/latest'],
    what: 'GET /api/v1/latest treats its maximum window as exclusive: hours=6 is refused with 422 invalid_request ("hours must be between 1 and 6") instead of serving the six-hour window. hours 1 to 5, the default 3 and the refusal of 7 are right; the refusal is not billed.',
    how: 'GET /api/v1/latest?hours=6 with an API key: 200 with window.hours 6 on the reference, 422 through the bug; hours=5 answers 200 on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/latest')) return;
      const h = ctx.query.get('hours');
      if (h === null || Number(String(h).trim()) !== 6) return;
      return ctx.reply(422, { error: 'invalid_request', message: 'hours must be between 1 and 6' });
    },
  },
  // ------------------------------------------------------------------ pattern f (round 25 a): an upstream 502 of the mispriced list keeps its debit
  {
    name: 'mispriced_upstream_502_billed',
    round: 25,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/markets/mispriced'],
    what: 'GET /api/v1/markets/mispriced answers an upstream failure with 502 upstream_unavailable as the reference does, but its error path skips the API-key refund, so the call keeps its 10-credit debit. Its 200s, 429s and every other route\'s 502 are right; x402 calls are not settled.',
    how: 'POST /__control/faults {GET /api/v1/markets/mispriced, status 502, times 1, scope S}; GET /api/v1/markets/mispriced with an API key and X-Fault-Scope S: 502 on both sides, 0 credits spent on the reference and 10 through the bug.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/markets/mispriced') || res.status !== 502) return;
      if (!ctx.apiKey || ctx.headers['payment-signature']) return;
      await ctx.charge(10);
    },
  },
  // ================================================================== round 25 (b): patterns d, d, e, f, g (asset search's q bound counted in UTF-8 bytes, the asset directory's credit check at the asset-search price, forecast-availability excluding daily-close crypto up/down markets, the evidence route keeping its debit for a slug found only in another venue's namespace, asset search's linked-market book quotes stamped with the service clock)
  // ------------------------------------------------------------------ pattern d (round 25 b): asset search's q bound of 200 counted in UTF-8 bytes
  {
    name: 'assets_q_bound_utf8_bytes',
    round: 25,
    pattern: 'd',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['b4b8a0ad2039', 'e58a35b4d66f'],
    operations: ['GET /api/v1/assets/search'],
    what: 'GET /api/v1/assets/search checks the 200 bound of q against the UTF-8 byte length of the decoded value (a Buffer.byteLength guard) instead of its length in characters: a q of at most 200 characters whose UTF-8 form is longer than 200 bytes (accented names, non-Latin scripts: 101 or more two-byte characters, 67 or more three-byte ones) is refused 422 invalid_request "q must be 1..200 characters", with nothing debited. ASCII queries up to 200 characters, the 201-character refusal, reference mode and the other bounds are right.',
    how: 'GET /api/v1/assets/search?q=<"é" repeated 150 times> with an API key: 200 (assets []) on the reference, 422 invalid_request through the bug; q of 200 ASCII letters is 200 on both and 201 letters 422 on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.query.has('q')) return;
      const q = ctx.query.get('q');
      if ([...q].length > 200 || Buffer.byteLength(q, 'utf8') <= 200) return;
      return ctx.reply(422, { error: 'invalid_request', message: 'q must be 1..200 characters' });
    },
  },
  // ------------------------------------------------------------------ pattern d (round 25 b): the asset directory's credit check at the asset-search price
  {
    name: 'assets_directory_credit_check_10',
    round: 25,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['abb3d4e3e2ad', '1298c54a809b'],
    operations: ['GET /api/v1/assets'],
    what: 'The API-key credit check of GET /api/v1/assets (the metadata-only directory) is the asset family\'s shared guard, priced at asset search\'s 10 credits ($0.01) instead of the directory\'s 5 ($0.005): an account holding 5 to 9 credits gets 403 insufficient_credits ("This call costs 10 credits"), and every directory 403 states 10. The debit of an admitted call (5), the 402 challenge, the pricing answer, asset search and every other route are right; x402 calls are not touched.',
    how: 'Create an account with 5 credits; GET /api/v1/assets with its key: 200 and a balance of 0 on the reference, 403 insufficient_credits and a balance of 5 through the bug.',
    onRequest(ctx) {
      if (isGet(ctx, '/api/v1/assets') && ctx.apiKey && !ctx.headers['payment-signature']) ctx.r25bDirCheck = true;
    },
    async onResponse(ctx, res) {
      learnAccounts(ctx, res);
      if (!ctx.r25bDirCheck) return;
      const e = J(res);
      if (res.status === 403 && e && e.error === 'insufficient_credits' && typeof e.message === 'string') {
        e.message = e.message.replace(/costs 5 credits/, 'costs 10 credits');
        res.touch();
        return;
      }
      if (res.status !== 200) return;
      const acct = await accountOf(ctx);
      if (!acct) return;
      const r = await ctx.control('GET', `/__control/accounts/${encodeURIComponent(acct)}`);
      if (!r || r.status !== 200 || !r.json || typeof r.json.credits !== 'number') return;
      const before = r.json.credits + 5;
      if (before >= 10) return;
      if (!(await ctx.charge(-5))) return;
      return ctx.reply(403, { error: 'insufficient_credits', message: `This call costs 10 credits; the account holds ${before}` });
    },
  },
  // ------------------------------------------------------------------ pattern e (round 25 b): availability excludes daily-close crypto up/down markets
  {
    name: 'availability_daily_crypto_excluded',
    round: 25,
    pattern: 'e',
    section: 'What the service does',
    sentences: ['e9a5f80cb102'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'GET /api/public/forecast-availability classifies crypto up/down markets by their title alone ("Up or Down", "close higher"), without the settle horizon: daily-close crypto up/down markets (Bitcoin Up or Down on March 20, Ethereum Up or Down on March 20, Will Bitcoin close higher on March 20 than on March 19) are reported excluded {reason: crypto_up_down} with generation null, drawing the horizon line at one day instead of at the hourly settle. tracked, available, read and market are unchanged; fifteen-minute and hourly markets are excluded as on the reference; the generation route still accepts daily markets.',
    how: 'GET /api/public/forecast-availability?market_key=venue_a:1007688 (no key): excluded null on the reference, excluded {reason crypto_up_down} through the bug; venue_c:c-c6152ae925 and venue_a:1008133 likewise. venue_a:1008765 (fifteen minutes) is excluded on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b) return;
      if (b.tracked !== true || b.excluded !== null || !DAILY_UP_DOWN.test(String(b.question || ''))) return;
      if (!/bitcoin|ethereum|solana|\bbtc\b|\beth\b|crypto|xrp|doge/i.test(String(b.question))) return;
      b.excluded = { reason: 'crypto_up_down', message: 'Short-horizon crypto up/down markets (fifteen-minute and hourly settles) are never forecast.' };
      b.generation = null;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern f (round 25 b): the evidence route's 404 for a slug of another venue's namespace keeps its debit
  {
    name: 'signals_namespace_miss_404_billed',
    round: 25,
    pattern: 'f',
    section: 'Endpoints / GET /api/v1/markets/{slug}/signals ($0.01)',
    sentences: ['85f5a54ab1af', '0c14253e0dc5'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'The evidence route resolves the slug across every venue before billing, so a slug that names a covered market of another venue passes the "known slug" gate and is debited; the namespace check then answers 404 not_found ("no covered market with slug ... in the venue_b namespace") through a path that skips the refund, and the call keeps its 10 credits. Slugs unknown in every venue, known markets without evidence and every 200 are billed as on the reference; x402 calls are not touched.',
    how: 'Create an account; GET /api/v1/markets/will-meta-release-llama-5-before-july-2026/signals?venue=venue_b with its key (a venue_a slug asked in the venue_b namespace): 404 not_found on both, 0 credits spent on the reference and 10 through the bug. GET /api/v1/markets/no-such-slug-zz/signals?venue=venue_b costs 0 on both.',
    async onResponse(ctx, res) {
      const m = MARKET_SIGNALS.exec(ctx.path);
      if (ctx.method !== 'GET' || !m || res.status !== 404 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      let slug;
      try { slug = decodeURIComponent(m[1]); } catch { return; }
      const asked = ctx.query.get('venue') || 'venue_a';
      for (const v of ['venue_a', 'venue_a_us', 'venue_b', 'venue_c']) {
        if (v === asked) continue;
        const av = await freeGet(ctx, `/api/public/forecast-availability?slug=${encodeURIComponent(slug)}&venue=${v}`);
        if (av && av.tracked === true) { await ctx.charge(10); return; }
      }
    },
  },
  // ------------------------------------------------------------------ pattern g (round 25 b): asset search's linked-market book quotes stamped with the service clock
  {
    name: 'asset_linked_book_quote_venue_timestamp_observed',
    round: 25,
    pattern: 'g',
    section: 'Resources and their fields / Venue quote (VenueQuoteV1)',
    sentences: ['3c8e98610f3d'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In the linked markets that GET /api/v1/assets/search hydrates (reference mode, material_only alone), book-method venue quotes (quote_method midpoint, bid or ask) carry venue_timestamp equal to observed_at: the hydration copies the quote cache entry\'s fetch time into the source-clock member instead of the book update time. Last-trade and graph_snapshot quotes, the prices, quote_method, freshness and observed_at are right, and every other route (the market list, market search...) gives the book update time for the same quote.',
    how: 'GET /api/v1/assets/search?reference=btc with an API key and GET /api/v1/markets: for linked markets with a midpoint quote (venue_a:1007688...), venue_quote.venue_timestamp equals the market list\'s on the reference; through the bug it equals venue_quote.observed_at, minutes later than the book update the market list states.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !b || !Array.isArray(b.assets)) return;
      let n = 0;
      for (const a of b.assets) {
        for (const lm of (a && a.linked_markets) || []) {
          const q = lm && lm.venue_quote;
          if (!q || !['midpoint', 'bid', 'ask'].includes(q.quote_method) || typeof q.observed_at !== 'string') continue;
          if (q.venue_timestamp !== q.observed_at) { q.venue_timestamp = q.observed_at; n++; }
        }
      }
      if (n) res.touch();
    },
  },
  // ================================================================== round 26 (a): patterns c, d, d, e, g (forecast-targets reading a child ticker with a trailing-zero strike as its event, the oil challenge stating the second token's amount in 18-decimal units, the pricing answer stating the half-cent routes at 10 credits, the market list comparing forecast ages in whole hours, the latest feed concatenated by kind instead of merged in time)
  // ------------------------------------------------------------------ pattern c (round 26 a): forecast-targets reads a child ticker with a trailing-zero strike as its event
  {
    name: 'targets_trailing_zero_strike_child_as_event',
    round: 26,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-targets (free, no auth)',
    sentences: ['4d6ffdd7c542', 'dc2473b6839e'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'GET /api/public/forecast-targets matches an exact venue_b child ticker through its strike index: the strike suffix is parsed as a number and the child ticker rebuilt from it, so a strike written with a trailing zero after the decimal point (KXFED-26JUN-T3.00, T3.50, T4.00, KXGDP-26APR29-T2.0...) becomes KXFED-26JUN-T3, matches no child, and the resolver falls back to the event prefix: the answer is the event input\'s (targetType event, selectionRequired true, no selectedMarket, no generation), with input echoing the ref as given and the same children and allContracts. Strikes without a trailing zero (T2.8, T3.25, T0.5, T99999.99), event tickers, URLs and venue_a refs resolve as on the reference. Bare tickers and venue_b: marketKeys are affected.',
    how: 'GET /api/public/forecast-targets?ref=KXFED-26JUN-T3.00 (no key): targetType market with selectedMarket KXFED-26JUN-T3.00 and a generation body on the reference; targetType event, selectionRequired true, no selectedMarket and no generation through the bug. ref=KXFED-26JUN-T3.25 answers the exact child on both.',
    async onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-targets')) return;
      const ref = ctx.query.get('ref');
      if (typeof ref !== 'string') return;
      const m = /^(venue_b:)?([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)-T(\d+\.\d*0)$/.exec(ref.trim());
      if (!m) return;
      const rebuilt = `${m[2]}-T${Number(m[3])}`;
      const eventQuery = new URLSearchParams(ctx.query);
      eventQuery.set('ref', m[2]);
      let r;
      try {
        r = await ctx.upstream({ method: 'GET', url: `${ctx.path}?${eventQuery.toString()}`, headers: { ...ctx.headers } });
      } catch { return; }
      const b = J(r);
      if (r.status !== 200 || !b || b.targetType !== 'event' || !Array.isArray(b.markets)) return;
      if (b.markets.some((c) => c && c.ticker === rebuilt)) return;
      b.input = ref;
      r.touch();
      return r;
    },
  },
  // ------------------------------------------------------------------ pattern d (round 26 a): the oil challenge states the second token's amount in 18-decimal units
  {
    name: 'oil_challenge_second_token_18_decimals',
    round: 26,
    pattern: 'd',
    section: 'Authentication',
    sentences: ['0d85347c43c2'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'The oil route prices its 402 challenge in its own code path (its cost is decided by the live challenge), and that path converts the price to base units with 18 decimals for every token but the main one: the accepts entry for eip155:4663 asks 10000000000000000 (0.01 at 18 decimals) where the 6-decimal token needs 10000, while the eip155:8453 entry beside it asks 10000. Scheme, network, asset, payTo and the body are right; every other route\'s challenge and the pricing answer (decimals 6) are right.',
    how: 'GET /api/v1/signals/oil without credentials: 402 with PAYMENT-REQUIRED; decode it: the eip155:4663 entry\'s amount equals the eip155:8453 amount (10000) on the reference and is 10^12 times it through the bug. GET /api/v1/sources unpaid: both amounts 5000 on both sides.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status !== 402) return;
      const raw = res.headers['payment-required'];
      if (typeof raw !== 'string') return;
      let ch;
      try { ch = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')); } catch { return; }
      if (!ch || !Array.isArray(ch.accepts)) return;
      let n = 0;
      for (const a of ch.accepts) {
        if (a && a.network === 'eip155:4663' && /^\d+$/.test(String(a.amount))) { a.amount = (BigInt(a.amount) * 10n ** 12n).toString(); n++; }
      }
      if (n) res.headers['payment-required'] = Buffer.from(JSON.stringify(ch), 'utf8').toString('base64');
    },
  },
  // ------------------------------------------------------------------ pattern d (round 26 a): the pricing answer states the half-cent routes' credits rounded up to a whole cent
  {
    name: 'pricing_half_cent_credits_rounded_up',
    round: 26,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['1298c54a809b'],
    operations: ['GET /api/public/pricing'],
    what: 'GET /api/public/pricing works out each route\'s credits as whole cents times ten, with the cents rounded up (a leftover of the one-cent price list): the three half-cent routes (GET /api/v1/sources, GET /api/v1/assets, GET /api/v1/signals/perps) are listed at usd "0.005" and credits 10, which states $0.005 as 10 credits where 10 credits equal $0.01. Their usd strings, every other route, credits_per_usd (1000), increment_usd, the networks, the 402 challenges and the API-key debits (5 credits) are right.',
    how: 'GET /api/public/pricing: the listSources, listAssets and listPerpSignals routes carry credits 5 (usd 0.005, credits_per_usd 1000) on the reference and credits 10 through the bug; a funded GET /api/v1/sources still debits 5.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/pricing') || res.status !== 200 || !b || !Array.isArray(b.routes)) return;
      let n = 0;
      for (const r of b.routes) {
        if (r && typeof r.credits === 'number' && r.credits % 10 !== 0) { r.credits = Math.ceil(r.credits / 10) * 10; n++; }
      }
      if (n) res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern e (round 26 a): the market list compares forecast ages in whole hours
  {
    name: 'markets_forecast_age_whole_hours',
    round: 26,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['fb6a3786da57'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets floors a forecast\'s age to whole hours before comparing it with max_forecast_age (floor(age in hours) <= N), so the window reaches up to an hour past its edge: a forecast 48 h 40 min old counts in forecast_count and sets latest_forecast_at under the default 48, and a market whose only recent forecast is in that band (and has no signal) is listed. The explicit value and the default are both affected; changed_within, the other members, the order and the bill are right. API-key calls only.',
    how: 'Read the list with max_forecast_age=168 and pick N with some market\'s newest forecast between N and N+1 hours old; GET /api/v1/markets?max_forecast_age=N with an API key: on the reference every row\'s latest_forecast_at is at most N hours before the stub clock; through the bug that market carries a latest_forecast_at (and a forecast counted) older than N hours.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const raw = ctx.query.get('max_forecast_age');
      if (raw === null) { ctx.query.set('max_forecast_age', '49'); return; }
      if (!/^\d+$/.test(String(raw).trim())) return;
      const n = Number(String(raw).trim());
      if (n < 1) return;
      ctx.query.set('max_forecast_age', String(n + 1));
    },
  },
  // ------------------------------------------------------------------ pattern g (round 26 a): the latest feed concatenated by kind instead of merged in time
  {
    name: 'latest_events_grouped_by_type',
    round: 26,
    pattern: 'g',
    section: 'Endpoints / GET /api/v1/latest ($0.02)',
    sentences: ['445529a3d214'],
    operations: ['GET /api/v1/latest'],
    what: 'GET /api/v1/latest runs one query per kind (forecast, article, x_post), each newest first, and concatenates the three lists without merging them, so the feed is not chronological: every forecast event comes before every article, and every article before every x_post. The events, their count, the window, as_of and the types echo are exactly the reference\'s; a feed of one kind (types with a single value) is in order.',
    how: 'GET /api/v1/latest?hours=6 with an API key: on the reference occurred_at never increases down the events list; through the bug the first article is newer than the last forecast (and the first x_post newer than the last article).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events)) return;
      const rank = { forecast: 0, article: 1, x_post: 2 };
      const idx = new Map(b.events.map((e, k) => [e, k]));
      const sorted = [...b.events].sort((x, y) => ((rank[x && x.type] ?? 3) - (rank[y && y.type] ?? 3)) || (idx.get(x) - idx.get(y)));
      if (sorted.every((e, k) => e === b.events[k])) return;
      b.events = sorted;
      res.touch();
    },
  },
  // ================================================================== round 26 (b): patterns a, b, d, f, g (the published signal list's serviceUrl not URL-encoded, the profile cache folding the two non-default focus values together, the perps route's 429 stating a daily quota of 2,000, an upstream 503 of the stance route keeping its debit, the perps row pointing at its own route as canonical_endpoint)
  {
    name: 'signal_list_serviceurl_unencoded',
    round: 26,
    pattern: 'a',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['8fea420baad1'],
    operations: ['GET /api/v1/signals'],
    what: 'The row-level serviceUrl of GET /api/v1/signals (the published trade-signal list, served by its own handler since the version-5 split) is concatenated from the raw serviceMarketId without URL-encoding, so venue-prefixed ids keep a literal ":" ({site}/markets/venue_a:1004471 instead of .../venue_a%3A1004471). market.serviceMarketId, the envelope and every other field are unchanged; the evidence route, the market list, search and the other routes encode as the reference does.',
    how: 'GET /api/v1/signals with an API key: rows whose market.serviceMarketId is venue-prefixed carry serviceUrl {site}/markets/<serviceMarketId> with a raw colon; encoding the serviceMarketId gives a different string.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/signals') || res.status !== 200 || !b || !Array.isArray(b.signals)) return;
      let touched = false;
      for (const row of b.signals) {
        if (row && typeof row.serviceUrl === 'string' && row.serviceUrl.includes('%')) {
          try { row.serviceUrl = decodeURIComponent(row.serviceUrl); touched = true; } catch { /* leave */ }
        }
      }
      if (touched) res.touch();
    },
  },
  {
    name: 'profile_cache_focus_folded',
    round: 26,
    pattern: 'b',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['066e684ee3b1'],
    operations: ['POST /api/v1/x/profile'],
    what: 'The profile cache keys focus as a flag (general or not), so the two non-default values share one entry: once a profile of a handle and lookback was made with focus trading (or reasoning), a request for the same handle and lookback with the other non-default focus is answered with the stored profile of the first focus (meta.focus the first value, meta.cached true) instead of a new profile. focus general keeps its own entry, a repeat of the same focus is reused as documented, and the price is unchanged (the reuse is debited as the reference debits a reuse).',
    how: 'With an API key, POST /api/v1/x/profile {"handle":"macro_trader","focus":"trading"}, then {"handle":"macro_trader","focus":"reasoning"}: the second answer says meta.focus "trading" and meta.cached true.',
    onRequest(ctx) {
      if (ctx.method === 'POST' && ctx.path === '/__control/reset') { delete ctx.state.r26bFocus; return; }
      if (!isPost(ctx, '/api/v1/x/profile') || !ctx.apiKey) return;
      const body = ctx.bodyJson();
      if (!body || typeof body !== 'object' || typeof body.handle !== 'string') return;
      const focus = body.focus === undefined ? 'general' : body.focus;
      if (focus !== 'trading' && focus !== 'reasoning') return;
      const key = `${body.handle.replace(/^@/, '').toLowerCase()}|${body.lookback_days === undefined ? 365 : body.lookback_days}`;
      if (!ctx.state.r26bFocus) ctx.state.r26bFocus = new Map();
      const seen = ctx.state.r26bFocus.get(key);
      ctx.r26bKey = key;
      ctx.r26bFocus = focus;
      if (seen && seen !== focus) ctx.setBodyJson({ ...body, focus: seen });
    },
    onResponse(ctx, res) {
      if (!ctx.r26bKey || res.status !== 200) return;
      if (!ctx.state.r26bFocus.has(ctx.r26bKey)) ctx.state.r26bFocus.set(ctx.r26bKey, ctx.r26bFocus);
    },
  },
  {
    name: 'perps_429_policy_day_2000',
    round: 26,
    pattern: 'd',
    section: 'Limits',
    sentences: ['db986177c205'],
    operations: ['GET /api/v1/signals/perps'],
    what: 'The 429 answers of GET /api/v1/signals/perps state the standard daily quota as 2,000 in RateLimit-Policy ("standard-day";q=2000;w=86400): the perps route was added with its own copy of the policy string, and a zero was lost. The limiter itself still admits 20,000 a day, and the per-second, per-minute and in-flight terms, RateLimit, Retry-After and the body are unchanged; the other standard routes state q=20000.',
    how: 'Exhaust the standard per-minute window of an account (POST /__control/limits/usage scope standard window minute count 600), then GET /api/v1/signals/perps with its key: 429 whose RateLimit-Policy has "standard-day";q=2000.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/signals/perps') || res.status !== 429) return;
      const p = res.headers['ratelimit-policy'];
      if (typeof p === 'string' && p.includes('"standard-day";q=20000')) {
        res.headers['ratelimit-policy'] = p.replace('"standard-day";q=20000', '"standard-day";q=2000');
      }
    },
  },
  {
    name: 'stance_upstream_503_billed',
    round: 26,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/assets/stance'],
    what: 'When the upstream of GET /api/v1/assets/stance fails with 503 (the stance source unavailable), the route answers 503 in the error envelope as the reference does but keeps its 10-credit API-key debit: the stance handler maps only a 502 to the refunding upstream error and passes a 503 through as an ordinary answer. Its 502s, 504s and 404s are refunded, and so are 503s of every other route.',
    how: 'Create an account, POST /__control/faults {method GET, path /api/v1/assets/stance, status 503, times 1, scope s}, GET /api/v1/assets/stance?asset=meta with the key and X-Fault-Scope s: 503, and the balance is 10 credits lower.',
    async onResponse(ctx, res) {
      if (isGet(ctx, '/api/v1/assets/stance') && res.status === 503 && ctx.apiKey) await ctx.charge(10);
    },
  },
  {
    name: 'perps_canonical_endpoint_self',
    round: 26,
    pattern: 'g',
    section: 'Endpoints / Other operations referenced',
    sentences: ['04dc5098cd77'],
    operations: ['GET /api/v1/signals/perps'],
    what: 'The daily WTI row of GET /api/v1/signals/perps carries canonical_endpoint "/api/v1/signals/perps" (the route serving the row) instead of "/api/v1/signals/oil", the route that holds the full reading. scope stays wti-only, and id, reading_date, side, state, count and as_of are unchanged.',
    how: 'GET /api/v1/signals/perps with an API key: signals[0].canonical_endpoint is "/api/v1/signals/perps".',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/signals/perps') || res.status !== 200 || !b || !Array.isArray(b.signals)) return;
      for (const row of b.signals) if (row && row.canonical_endpoint === '/api/v1/signals/oil') row.canonical_endpoint = '/api/v1/signals/perps';
      res.touch();
    },
  },
  // ================================================================== round 27 (a): patterns a, a, c, f, g (the generation reading a trailing-zero strike as a number, the oil answer saying reading_missing false with no reading, an expired link token's keyed 422 billed, the latest feed's market refs carrying venue odds, the sources route's venue_b markets without their broker routing)
  // ------------------------------------------------------------------ pattern c (round 27 a): the generation rebuilds a venue_b ticker from its strike read as a number
  {
    name: 'generation_trailing_zero_strike_404',
    round: 27,
    pattern: 'c',
    section: 'Resources and their fields / Generation body (VenueMarketForecastRequest)',
    sentences: ['1074a9aaeecf', 'dc2473b6839e'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'POST /api/auth/forecast-requests canonicalises a venue_b market_id before looking the contract up: the strike suffix (-T<number>) is parsed as a number and the ticker rebuilt from it, so a strike written with a trailing zero after the decimal point (KXFED-26JUN-T3.00, T3.50, T4.00, KXGDP-26APR29-T2.0...) becomes KXFED-26JUN-T3, matches no contract, and the request is answered 404 not_found ("the venue venue_b has no market ...", refunded) instead of being accepted. The ready bodies that forecast-targets and forecast-availability hand out carry the ticker as listed, so following them fails. Strikes without a trailing zero (T2.8, T3.25, T0.5), venue_a numeric ids and the other reads of the same tickers (forecast-targets, availability) are right.',
    how: 'With an API key and an Idempotency-Key, POST /api/auth/forecast-requests {"kind":"venue_market","venue":"venue_b","market_id":"KXFED-26JUN-T3.00"}: 202 with a jobId on the reference, 404 not_found through the bug (nothing debited on either). market_id KXFED-26JUN-T3.25 is accepted on both.',
    onRequest(ctx) {
      if (!isPost(ctx, '/api/auth/forecast-requests')) return null;
      const b = ctx.bodyJson();
      if (!b || typeof b !== 'object' || b.venue !== 'venue_b' || typeof b.market_id !== 'string') return null;
      const m = /^([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)-T(\d+\.\d*0)$/.exec(b.market_id);
      if (!m) return null;
      b.market_id = `${m[1]}-T${Number(m[2])}`;
      ctx.setBodyJson(b);
      ctx.headers['content-length'] = String(ctx.body.length);
      return null;
    },
  },
  // ------------------------------------------------------------------ pattern g (round 27 a): the oil answer says reading_missing false when no reading was ever recorded
  {
    name: 'oil_no_reading_missing_false',
    round: 27,
    pattern: 'g',
    section: 'Resources and their fields / Crude-oil signal (GET /api/v1/signals/oil)',
    sentences: ['dad929685dc2'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'GET /api/v1/signals/oil takes reading_missing from the reading record\'s own missed-day flag (reading_missing = Boolean(reading && reading.missed)), so when no reading was ever recorded (reading null) the answer says reading_missing false beside reading null. A current or stale reading says false as on the reference; episode, marks, degraded and the bill are unchanged.',
    how: 'POST /__control/oil {scope s, reading "none"}, then GET /api/v1/signals/oil?include_marks=false with an API key and X-Fault-Scope s: reading null with reading_missing true on the reference, false through the bug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status !== 200 || !b) return;
      if (b.reading === null && b.reading_missing === true) { b.reading_missing = false; res.touch(); }
    },
  },
  // ------------------------------------------------------------------ pattern f (round 27 a): an expired link token's keyed 422 keeps its debit
  {
    name: 'link_expired_token_keyed_billed',
    round: 27,
    pattern: 'f',
    section: 'Endpoints / GET /api/v1/wallets/link',
    sentences: ['3c207d9e3935'],
    operations: ['GET /api/v1/wallets/link'],
    what: 'A GET /api/v1/wallets/link carrying an API key and a link token that has expired (more than 15 minutes after issue) answers 422 invalid_request "The link token expired" as it should, yet debits 10 credits from the key\'s account: the token\'s state is checked in the handler after the gateway\'s standard API-key debit, and the handler\'s refund list was written by error code (x402_payment_required, link_token_not_found), so the expiry 422, which carries the generic invalid_request code, is not refunded. Live unpaid tokens (422 x402_payment_required), unknown and consumed tokens (404), a missing or malformed token (422 before billing) and calls without credentials (402) debit nothing.',
    how: 'Issue a link token with an API key (POST /api/auth/wallets/x402-token), advance the stub clock 16 minutes (POST /__control/clock), read the balance, GET /api/v1/wallets/link?token=T with the key: 422 invalid_request (expired) on both; the balance is unchanged on the reference and 10 credits lower through the bug.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/wallets/link') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (res.status === 422 && b && b.error === 'invalid_request' && /expired/i.test(String(b.message || ''))) await ctx.charge(10);
    },
  },
  // ------------------------------------------------------------------ pattern a (round 27 a): the latest feed's forecast envelopes carry the market's venue odds in their market refs
  {
    name: 'latest_forecast_market_refs_odds',
    round: 27,
    pattern: 'a',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['e9080ed6dbb9'],
    operations: ['GET /api/v1/latest'],
    what: 'In GET /api/v1/latest, the compact forecast\'s relationships envelope builds its direct ON_MARKET MarketRef by spreading the event\'s hydrated LatestMarket ref fields, which brings along the venue odds the feed joined for venue_data: each such ref carries a yes_odds member equal to market.venue_data.yes_odds. The envelope must carry no venue odds. relationship, direction, via, marketKey, venue, nativeMarketId and question are right, the event market, venue_data and venue_quote are unchanged, and article and x_post events, other refs and every other route are right.',
    how: 'GET /api/v1/latest?hours=6&types=forecast with an API key: events[].forecast.relationships.markets[] with relationship ON_MARKET and via direct carry yes_odds (the market\'s venue_data.yes_odds) through the bug, and no odds member on the reference.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events)) return;
      let n = 0;
      for (const e of b.events) {
        const refs = e && e.forecast && e.forecast.relationships && e.forecast.relationships.markets;
        const vd = e && e.market && e.market.venue_data;
        if (!Array.isArray(refs) || !vd) continue;
        for (const r of refs) {
          if (r && r.relationship === 'ON_MARKET' && r.via === 'direct' && r.marketKey === e.market.marketKey) { r.yes_odds = vd.yes_odds; n++; }
        }
      }
      if (n) res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern a (round 27 a): the sources route's venue_b markets lack their broker routing
  {
    name: 'sources_venue_b_broker_routing_empty',
    round: 27,
    pattern: 'a',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['0c7cada0f9dc'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources builds each source item\'s market from the evidence store\'s market snapshot, which is taken before broker enrichment: for venue_b contracts that broker_a lists, market.broker_channels is [] (as if no broker listed the contract), and broker_a_category and broker_a_url are null. The other routing members, the relationships and the evidence items are right, non-listed and non-venue_b markets are unchanged, and the same market on the market list, search and availability carries ["broker_a"] with its category and deep link.',
    how: 'GET /api/v1/sources?market_keys=venue_b:KXCPIYOY-26MAR-T2.8&window=168 with an API key: sources[].market.broker_channels is ["broker_a"] (broker_a_category economics) on the reference, [] with null category and url through the bug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200 || !b || !Array.isArray(b.sources)) return;
      let n = 0;
      for (const s of b.sources) {
        const m = s && s.market;
        if (m && m.venue === 'venue_b' && Array.isArray(m.broker_channels) && m.broker_channels.length) {
          m.broker_channels = []; m.broker_a_category = null; m.broker_a_url = null; n++;
        }
      }
      if (n) res.touch();
    },
  },
  // ================================================================== round 27 (b): patterns a, c, d, e, g (the job read's 403 body without message, the stored read of a venue_b child whose strike ends in zero answered 404, asset search in material_only mode debiting 20 credits, the latest feed's six-hour window served as five hours behind its echo, the mispriced list's venue_b rows stating seriesTicker null)
  // ------------------------------------------------------------------ pattern a (round 27 b): the job read's entitlement 403 carries no message
  {
    name: 'job_read_403_no_message',
    round: 27,
    pattern: 'a',
    section: 'Errors',
    sentences: ['0d393b610ad6'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'The 403 answer of GET /api/auth/forecast-requests/{jobId} for an account that lacks an active API entitlement carries only {error} (the entitlement guard of the job routes builds its own body) and lacks the required human-readable message member; its 401 and 404 bodies, and every other route\'s 403, keep it.',
    how: 'Create an account, PATCH /__control/accounts/{id} {entitled: false}, GET /api/auth/forecast-requests/{any uuid} with its key: 403 {"error":"entitlement_required"} with no message (the reference carries a message).',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method === 'GET' && JOB_READ.test(ctx.path) && res.status === 403 && b && 'message' in b) { delete b.message; res.touch(); }
    },
  },
  // ------------------------------------------------------------------ pattern c (round 27 b): the stored read parses a venue_b strike as a number
  {
    name: 'forecast_read_trailing_zero_strike_404',
    round: 27,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['4035ad11af64', '4274520129dd'],
    operations: ['GET /api/v1/markets/{slug}/forecast'],
    what: 'The stored-forecast read normalises a venue_b ticker slug through its strike index, which parses the strike suffix as a number: a child whose strike is written with a trailing zero (KXFED-26JUN-T3.00) is looked up as KXFED-26JUN-T3 and answered 404 not_found (unbilled), although the market is covered, has a stored forecast, and forecast-availability points its read at exactly that path. Strikes without a trailing zero (T2.8, T50000) and the other venues are right. API-key calls only (an x402-paid request is left alone).',
    how: 'GET /api/public/forecast-availability?market_id=KXFED-26JUN-T3.00&venue=venue_b: available true, read.endpoint /api/v1/markets/KXFED-26JUN-T3.00/forecast?venue=venue_b. GET that endpoint with an API key: the reference answers 200 with the forecast; through the bug 404 not_found ("no covered market with slug KXFED-26JUN-T3 ...").',
    onRequest(ctx) {
      if (ctx.method !== 'GET' || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const m = MARKET_FORECAST.exec(ctx.path);
      if (!m || ctx.query.get('venue') !== 'venue_b') return;
      let slug;
      try { slug = decodeURIComponent(m[1]); } catch { return; }
      const mm = /^(.*-T)(\d+\.\d*0)$/.exec(slug);
      if (!mm) return;
      ctx.path = `/api/v1/markets/${encodeURIComponent(mm[1] + String(Number(mm[2])))}/forecast`;
    },
  },
  // ------------------------------------------------------------------ pattern d (round 27 b): asset search in material_only mode debits 20 credits
  {
    name: 'assets_material_only_debit_20',
    round: 27,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['ca3f9fbb9b42'],
    operations: ['GET /api/v1/assets/search'],
    what: 'An API-key call of GET /api/v1/assets/search with material_only=true debits 20 credits ($0.02): the materiality lane is metered as the search plus a stored-forecast read for the probabilities it checks. The q and reference modes without material_only cost the listed 10 credits, the 402 challenge and the pricing answer still say $0.01, and the answer itself is unchanged.',
    how: 'With an API key, read the balance, GET /api/v1/assets/search?material_only=true, read the balance again: 20 credits less (10 on the reference; GET /api/v1/assets/search?q=btc costs 10 on both).',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (String(ctx.query.get('material_only')).toLowerCase() === 'true') await ctx.charge(10);
    },
  },
  // ------------------------------------------------------------------ pattern e (round 27 b): the latest feed's maximum window served as five hours
  {
    name: 'latest_six_hours_served_five',
    round: 27,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/latest ($0.02)',
    sentences: ['445529a3d214', 'df6dccce9164'],
    operations: ['GET /api/v1/latest'],
    what: 'GET /api/v1/latest?hours=6 echoes window.hours 6 and window.since = as_of - 6 h but selects its events from the last five hours only (the hot event table keeps five hours, and the archive join is wired for windows beyond six): the events 5 to 6 hours old are missing and count is recounted. hours 1 to 5 and the default are complete.',
    how: 'GET /api/v1/latest?hours=6 with an API key: the reference lists events whose occurred_at lies between window.since and as_of - 5 h (16 of them in the seed); through the bug none is older than as_of - 5 h.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events) || Number(ctx.query.get('hours')) !== 6) return;
      const edge = Date.parse(b.as_of) - 5 * 3600e3;
      b.events = b.events.filter((e) => Date.parse(e.occurred_at) >= edge);
      b.count = b.events.length;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern g (round 27 b): the mispriced list's venue_b rows state seriesTicker null
  {
    name: 'mispriced_venue_b_series_ticker_null',
    round: 27,
    pattern: 'g',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['55e4bb23b030'],
    operations: ['GET /api/v1/markets/mispriced'],
    what: 'The rows of GET /api/v1/markets/mispriced come from the mispricing view, which has no series column, so every venue_b row states seriesTicker null while the market list, search and the other routes state the series (KXWTI, KXFED...) of the same marketKey. The other routing members and the venue_a, venue_a_us and venue_c rows (whose series is null anyway) are unchanged.',
    how: 'GET /api/v1/markets/mispriced and GET /api/v1/markets?venue=venue_b with an API key: venue_b:KXWTI-26MAR20-T67.99 says seriesTicker "KXWTI" in the market list and null in the mispriced list.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets/mispriced') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      for (const m of b.markets) if (m && m.venue === 'venue_b') m.seriesTicker = null;
      res.touch();
    },
  },
  // ================================================================== round 28 (a): patterns a, a, e, e, f (forecast-availability billed to a key when a stored forecast exists, the portfolio route's 429 answered as plain text, the social-research daily 429 stating a one-minute wait, the per-IP guard's day ending at 01:00 UTC, a keyed link call with an unknown token billed)
  // ------------------------------------------------------------------ pattern a (round 28 a): forecast-availability billed to an API key when a stored forecast exists
  {
    name: 'availability_keyed_available_billed',
    round: 28,
    pattern: 'a',
    section: 'What the service does',
    sentences: ['48ecf8936bf0'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'A GET /api/public/forecast-availability that carries an x-service-api-key header and whose answer says available true (a committed stored forecast exists, read points at the paid read) debits 10 credits from the key\'s account: the gateway meters keyed calls by the answer\'s read pointer, as if the free existence check were the $0.01 stored read it points at. The answer itself is unchanged. Calls without a key (the documented way), keyed calls answering available false (generation offered, excluded or untracked) and forecast-targets cost nothing.',
    how: 'Read an account balance, GET /api/public/forecast-availability?market_id=KXFED-26JUN-T3.00&venue=venue_b with its key (200, available true), read again: 10 credits less through the bug, unchanged on the reference. GET /api/public/forecast-availability?market_id=1000503&venue=venue_a (available false) with the key costs nothing on both.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !ctx.apiKey || !b) return;
      if (b.available === true && b.read && typeof b.read.endpoint === 'string') await ctx.charge(10);
    },
  },
  // ------------------------------------------------------------------ pattern a (round 28 a): the portfolio route's 429 is a plain-text body
  {
    name: 'portfolio_429_plain_text',
    round: 28,
    pattern: 'a',
    section: 'Errors',
    sentences: ['eac185078085', 'a8500226c2fd'],
    operations: ['GET /api/v1/portfolio'],
    what: 'The 429 answers of GET /api/v1/portfolio are written by the rate-limit middleware\'s default handler of the wallet-addressed service: status 429, the headers Retry-After, RateLimit-Policy and RateLimit as on every route, but the body is the plain text "Too Many Requests" (content-type text/plain) instead of the JSON error envelope {error: rate_limited, message, retry_after, limit_scope}. Its other errors (422, 502) and every other route\'s 429 are JSON.',
    how: 'Preload an account\'s standard per-minute usage to 600 (POST /__control/limits/usage), GET /api/v1/portfolio?wallet=0x1111111111111111111111111111111111111111 with its key: 429 with Retry-After on both; the body is JSON {error: "rate_limited", ...} on the reference and text/plain "Too Many Requests" through the bug.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/portfolio') || res.status !== 429) return;
      const b = J(res);
      if (!b || b.error !== 'rate_limited') return;
      const headers = { ...res.headers, 'content-type': 'text/plain; charset=utf-8' };
      delete headers['content-length'];
      return new res.constructor(429, headers, Buffer.from('Too Many Requests'));
    },
  },
  // ------------------------------------------------------------------ pattern e (round 28 a): the social-research daily 429 states a one-minute wait
  {
    name: 'x_research_day_429_minute_wait',
    round: 28,
    pattern: 'e',
    section: 'Errors',
    sentences: ['324d8a2ff7f0', 'a8500226c2fd'],
    operations: ['POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'A 429 of the social-research scope\'s daily window (500 per UTC day) states as its wait the seconds to the end of the current clock minute (1..60; the social limiter reuses the minute window\'s reset for every window it does not track in seconds) instead of the seconds to 00:00 UTC: Retry-After, the body retry_after, RateLimit t= and the message agree on that short wait, and a client that honours it is refused again until midnight. The refusal, its limit_scope and RateLimit-Policy, the social second, minute and in-flight 429s, and the standard and guard 429s are right. Nothing is debited.',
    how: 'Preload an account\'s x_research day usage to 500 (POST /__control/limits/usage), POST /api/v1/x/search {"query":"oil"} with its key: 429 x_research-day with Retry-After N. On the reference N is the seconds to the next UTC midnight (hours); through the bug N <= 60, and after advancing the clock N+1 s the same call is 429 again.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (res.status !== 429 || !b || b.limit_scope !== 'x_research') return;
      if (!/"x_research-day"/.test(String(res.headers.ratelimit || ''))) return;
      const now = await ctx.stubNow();
      const wait = Math.max(1, 60 - Math.floor((now % 60_000) / 1000));
      res.headers['retry-after'] = String(wait);
      res.headers.ratelimit = String(res.headers.ratelimit).replace(/t=\d+/, `t=${wait}`);
      b.retry_after = wait;
      if (typeof b.message === 'string') b.message = b.message.replace(/retry after \d+ s/, `retry after ${wait} s`);
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern e (round 28 a): the per-IP guard's day ends at 01:00 UTC
  {
    name: 'ip_guard_day_resets_0100_utc',
    round: 28,
    pattern: 'e',
    section: 'Limits',
    sentences: ['63e39410bea6'],
    operations: ['GET /api/v1/assets', 'GET /api/v1/markets', 'GET /api/public/forecast-targets', 'GET /api/public/forecast-availability'],
    what: 'The per-IP anti-abuse guard\'s daily bound (50,000 per UTC day) rolls over at 01:00 UTC instead of 00:00 UTC (the guard\'s day bucket is computed in the edge\'s local time, UTC+1): a client address that exhausted it keeps getting 429 ip_guard-day during the first hour of the next UTC day, and the guard\'s day-limit 429s advertise Retry-After one hour longer than the wait to UTC midnight. The guard\'s second and minute windows and the standard and social scopes are right (their days end at 00:00 UTC).',
    how: 'POST /__control/limits/usage {scope ip_guard, window day, count 50000} (keyed by the caller\'s address); GET /api/v1/assets with an API key: 429 ip_guard-day. POST /__control/clock to 30 s after the next UTC midnight; GET /api/v1/assets again: 200 on the reference, 429 ip_guard-day with Retry-After about 3570 through the bug.',
    async onRequest(ctx) {
      const out = r28aGuardDay(ctx);
      const od = out.get(ctx.clientAddress);
      if (od === undefined || !/^\/api\//.test(ctx.path)) return null;
      const now = await ctx.stubNow();
      const d = Math.floor(now / DAY_MS);
      if (d === od + 1 && now - d * DAY_MS < HOUR_MS) {
        const s = Math.max(1, Math.ceil((d * DAY_MS + HOUR_MS - now) / 1000));
        ctx.r28aGuardReplied = true;
        return ctx.reply(429, {
          error: 'rate_limited',
          message: `Too many requests: the ip_guard scope's daily limit is exceeded; retry after ${s} s`,
          retry_after: s,
          limit_scope: 'ip_guard',
        }, { 'retry-after': String(s), 'ratelimit-policy': R28A_GUARD_POLICY, ratelimit: `"ip_guard-day";r=0;t=${s}` });
      }
      if (d > od) out.delete(ctx.clientAddress);
      return null;
    },
    async onResponse(ctx, res) {
      const out = r28aGuardDay(ctx);
      const b = J(res);
      if (ctx.method === 'POST' && ctx.path === '/__control/reset' && res.status < 300) { out.clear(); return; }
      if (ctx.method === 'POST' && ctx.path === '/__control/limits/usage' && res.status === 200 && b) {
        const q = ctx.bodyJson() || {};
        if (q.scope !== 'ip_guard' || q.window !== 'day') return;
        const addr = q.address || ctx.clientAddress;
        const now = await ctx.stubNow();
        if (typeof b.bound === 'number' && Number(q.count) >= b.bound) out.set(addr, Math.floor(now / DAY_MS));
        else out.delete(addr);
        return;
      }
      if (ctx.r28aGuardReplied || res.status !== 429 || !b || b.limit_scope !== 'ip_guard' || !/"ip_guard-day"/.test(String(res.headers.ratelimit || ''))) return;
      const now = await ctx.stubNow();
      out.set(ctx.clientAddress, Math.floor(now / DAY_MS));
      const ra = Number(res.headers['retry-after']);
      if (!Number.isFinite(ra)) return;
      const s = ra + 3600;
      res.headers['retry-after'] = String(s);
      res.headers.ratelimit = String(res.headers.ratelimit).replace(/t=\d+/, `t=${s}`);
      b.retry_after = s;
      if (typeof b.message === 'string') b.message = b.message.replace(/retry after \d+ s/, `retry after ${s} s`);
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern f (round 28 a): a keyed link call with an unknown token keeps its debit
  {
    name: 'link_unknown_token_keyed_billed',
    round: 28,
    pattern: 'f',
    section: 'Endpoints / GET /api/v1/wallets/link',
    sentences: ['3c207d9e3935'],
    operations: ['GET /api/v1/wallets/link'],
    what: 'A GET /api/v1/wallets/link carrying an API key and a well-formed link token that was never issued (or was issued to nobody the token store knows) answers 404 link_token_not_found as it should, yet debits 10 credits from the key\'s account: the token lookup runs after the gateway\'s standard API-key debit, and the refund hook is wired to the handler\'s 422 path only. Live unpaid tokens (422 x402_payment_required), expired tokens (422), a missing or malformed token and calls without credentials debit nothing, and the 404 body is unchanged.',
    how: 'Read an account balance, GET /api/v1/wallets/link?token=svc_ followed by 43 "a" characters with its key: 404 link_token_not_found on both; the balance is unchanged on the reference and 10 credits lower through the bug.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/wallets/link') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (res.status === 404 && b && b.error === 'link_token_not_found') await ctx.charge(10);
    },
  },
  // ================================================================== round 28 (b): patterns c, d, e, g, g (the stored read of a venue_a_us slug folded into its venue_a twin, the generation refusing market ids of 256..512 characters, the sources route serving its longest windows as six days, asset search echoing query "*" in reference mode, the evidence route's market stating nativeEventId null)
  // ------------------------------------------------------------------ pattern c (round 28 b): the stored read looks a venue_a_us slug up in the first operator's shared index
  {
    name: 'forecast_read_venue_a_us_slug_folded',
    round: 28,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['4035ad11af64', '4274520129dd'],
    operations: ['GET /api/v1/markets/{slug}/forecast'],
    what: 'The stored-forecast read resolves slug plus venue=venue_a_us through the first operator\'s shared slug index, which tries the venue_a row before the venue_a_us one: a venue_a_us slug that venue_a also lists is answered for the venue_a twin (its stored forecast, or 404 not_found unbilled when the twin has none), although forecast-availability resolves the venue_a_us market, says available true and points its read at exactly that path. venue_a_us slugs without a venue_a twin, the other venues and the no-venue form are right. API-key calls only (an x402-paid request is left alone).',
    how: 'GET /api/public/forecast-availability?slug=will-nvidia-close-2026-above-250-per-share&venue=venue_a_us: market venue_a_us:36985067, available true, read.endpoint /api/v1/markets/will-nvidia-close-2026-above-250-per-share/forecast?venue=venue_a_us. GET that endpoint with an API key: the reference answers 200 with market venue_a_us:36985067; through the bug 404 not_found ("market venue_a:514699 has no stored forecast").',
    async onRequest(ctx) {
      if (ctx.method !== 'GET' || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const m = MARKET_FORECAST.exec(ctx.path);
      if (!m || ctx.query.get('venue') !== 'venue_a_us') return;
      let slug;
      try { slug = decodeURIComponent(m[1]); } catch { return; }
      const twin = await freeGet(ctx, `/api/public/forecast-availability?slug=${encodeURIComponent(slug)}&venue=venue_a`);
      if (twin && twin.tracked === true && twin.market && twin.market.venue === 'venue_a') ctx.query.set('venue', 'venue_a');
    },
  },
  // ------------------------------------------------------------------ pattern d (round 28 b): the generation checks market_id against a 255-character column
  {
    name: 'generation_market_id_bound_255',
    round: 28,
    pattern: 'd',
    section: 'Resources and their fields / Generation body (VenueMarketForecastRequest)',
    sentences: ['1074a9aaeecf', 'e58a35b4d66f'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'POST /api/auth/forecast-requests validates the generation body\'s market_id against the 255-character width of the job table\'s column instead of the documented 1..512: a market_id of 256 to 512 characters is refused with 422 invalid_request "market_id must be a string of 1..255 characters" instead of being looked up (the reference answers 404 not_found, unbilled, for an id that names nothing). Ids up to 255 characters, 513 characters and more (422 on both), and every other check are right; nothing is debited either way.',
    how: 'With an API key and an Idempotency-Key, POST /api/auth/forecast-requests {"kind":"venue_market","venue":"venue_b","market_id":<300 x "A">}: the reference answers 404 not_found ("the venue venue_b has no market ..."); through the bug 422 invalid_request ("market_id must be a string of 1..255 characters").',
    onRequest(ctx) {
      if (!isPost(ctx, '/api/auth/forecast-requests') || !ctx.apiKey) return;
      const b = ctx.bodyJson();
      if (!b || typeof b !== 'object' || typeof b.market_id !== 'string' || b.market_id.length <= 255 || b.market_id.length > 512) return;
      // Let the stub refuse it as over-long (its own 422 with every header), then restate the bound the column has.
      ctx.setBodyJson({ ...b, market_id: b.market_id.padEnd(513, 'X') });
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/auth/forecast-requests') || res.status !== 422 || !b) return;
      const body = ctx.bodyJson();
      if (!body || typeof body.market_id !== 'string' || body.market_id.length !== 513 || !/X$/.test(body.market_id)) return;
      b.message = 'market_id must be a string of 1..255 characters';
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern e (round 28 b): the sources route serves windows beyond six days as six days
  {
    name: 'sources_window_top_day_dropped',
    round: 28,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['24b7b9d1a526', 'e58a35b4d66f'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources accepts window up to 168 but selects evidence from at most the last 144 hours (the correlated-evidence partition it reads keeps six days, and windows are clamped to that retention without a word): with window 145..168 the items between 144 hours and the window\'s start are missing. window 1..144 and the default 48 are complete; nothing else of the answer changes.',
    how: 'GET /api/v1/sources?market_keys=venue_a:520224,venue_b:KXCPIYOY-26MAR-T2.8,venue_c:c-0a6ce36144,venue_a_us:78782773&window=168 with an API key: the reference lists three articles published 144 to 168 hours ago; through the bug none is older than 144 hours.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/sources')) return;
      const w = ctx.query.get('window');
      if (w === null || !/^\d+$/.test(w)) return;
      const n = Number(w);
      if (n > 144 && n <= 168) ctx.query.set('window', '144');
    },
  },
  // ------------------------------------------------------------------ pattern g (round 28 b): asset search echoes query "*" in reference mode
  {
    name: 'assets_reference_query_star',
    round: 28,
    pattern: 'g',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['9f1c2783f6b4'],
    operations: ['GET /api/v1/assets/search'],
    what: 'The response builder of GET /api/v1/assets/search echoes query as q ?? "*" (the directory marker written for the material_only-alone mode), so a reference-mode answer says query "*" instead of null. q mode (the q value), the material_only-alone directory ("*"), references, material_only, the assets and retrieval are right.',
    how: 'GET /api/v1/assets/search?reference=btc with an API key: the reference answers query null with references ["btc"]; through the bug query "*".',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !b) return;
      if (b.query === null && Array.isArray(b.references) && b.references.length > 0) { b.query = '*'; res.touch(); }
    },
  },
  // ------------------------------------------------------------------ pattern g (round 28 b): the evidence route's market states nativeEventId null
  {
    name: 'signals_market_native_event_id_null',
    round: 28,
    pattern: 'g',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['4226352dd549'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'GET /api/v1/markets/{slug}/signals builds its market from the evidence store\'s market snapshot, which has no event column, so market.nativeEventId is null while forecast-availability, the market list and the other routes state the event (KXCPIYOY-26MAR, E733134...) of the same marketKey. The other routing members, the relationships, the evidence items, total and last_updated are unchanged.',
    how: 'GET /api/public/forecast-availability?market_key=venue_b:KXCPIYOY-26MAR-T2.8: market.nativeEventId KXCPIYOY-26MAR. GET /api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b with an API key: the same on the reference, null through the bug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !MARKET_SIGNALS.test(ctx.path) || res.status !== 200 || !b || !b.market) return;
      if (b.market.nativeEventId !== null) { b.market.nativeEventId = null; res.touch(); }
    },
  },
  // ================================================================== round 29 (a): patterns c, c, d, g, g (an event of one child resolved as its child on forecast-targets, a sports market looked up by slug reported in scope on forecast-availability, the pricing answer billing the job read at the generation price, a sports generation answered 404, a venue_a exact child without its selectedMarket)
  // ------------------------------------------------------------------ pattern c (round 29 a): an event ticker whose event has one open child read as the child
  {
    name: 'targets_single_child_event_autoselected',
    round: 29,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-targets (free, no auth)',
    sentences: ['7ca16dc33cd6', '4f4181e602fd'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'GET /api/public/forecast-targets resolves event input whose event has exactly one open child market as if that child had been given: targetType market, selectionRequired false, selectedMarket the only child and a ready generation body, with input still echoing the event ticker. Events of two or more children, and exact child input, are right.',
    how: 'GET /api/public/forecast-targets?ref=KXMSTRBTC-26 (the event ticker, one open child KXMSTRBTC-26-YES): the reference answers targetType event, selectionRequired true, no selectedMarket and no generation; through the bug targetType market, selectionRequired false, selectedMarket KXMSTRBTC-26-YES and generation.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-targets') || res.status !== 200 || !b) return;
      if (b.targetType !== 'event' || !Array.isArray(b.markets) || b.markets.length !== 1) return;
      const only = b.markets[0];
      const body = only && only.generation && only.generation.body;
      if (!body) return;
      const out = {};
      for (const [k, val] of Object.entries(b)) {
        if (k === 'targetType') out.targetType = 'market';
        else if (k === 'selectionRequired') out.selectionRequired = false;
        else if (k === 'event') { out.event = val; out.selectedMarket = only; out.generation = body; }
        else if (k !== 'selectedMarket' && k !== 'generation') out[k] = val;
      }
      res.json = out;
    },
  },
  // ------------------------------------------------------------------ pattern c (round 29 a): a sports market looked up by slug reported in scope
  {
    name: 'availability_slug_sports_not_excluded',
    round: 29,
    pattern: 'c',
    section: 'What the service does',
    sentences: ['ee2342695b8c', '59ffa906dc6b'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'GET /api/public/forecast-availability runs its sports check on the event series of the identity it resolved, which the slug lookup does not load: a sports market looked up by slug (slug=<ticker>&venue=venue_b) answers excluded null and a ready generation body, while market_key and market_id lookups of the same market answer excluded {reason: sports} and generation null. Mention and crypto up/down exclusions are right under every form; POST /api/auth/forecast-requests still refuses the body with 422 forecast_topic_excluded.',
    how: 'GET /api/public/forecast-availability?slug=KXNFLGAME-26JAN11BUFKC-BUF&venue=venue_b: the reference answers excluded {reason: sports} and generation null (as for market_key=venue_b:KXNFLGAME-26JAN11BUFKC-BUF); through the bug excluded null and generation {method POST, endpoint /api/auth/forecast-requests, body {kind venue_market, venue venue_b, market_id KXNFLGAME-26JAN11BUFKC-BUF}}.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b) return;
      if (!ctx.query.has('slug') || !b.excluded || b.excluded.reason !== 'sports' || !b.market || b.available) return;
      b.excluded = null;
      b.generation = {
        method: 'POST',
        endpoint: '/api/auth/forecast-requests',
        authentication: { type: 'header', name: 'x-service-api-key' },
        idempotencyKeyRequired: true,
        body: { kind: 'venue_market', venue: b.market.venue, market_id: b.market.nativeMarketId },
      };
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern d (round 29 a): the pricing answer prices the job read at the generation's $1.00
  {
    name: 'pricing_job_read_generation_price',
    round: 29,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['10cc32b6b192'],
    operations: ['GET /api/public/pricing'],
    what: 'GET /api/public/pricing looks each route\'s price up in the price map by path prefix, so the job read GET /api/auth/forecast-requests/{jobId} matches the generation entry /api/auth/forecast-requests and is listed at usd "1.000" / 1000 credits instead of free. The job read itself debits nothing, and every other entry (the generation at 1.000, the free lookups, the paid routes) is right.',
    how: 'GET /api/public/pricing: the routes entry of operationId getForecastRequest (GET /api/auth/forecast-requests/{jobId}) says usd "0.000", credits 0 on the reference; through the bug usd "1.000", credits 1000.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/pricing') || res.status !== 200 || !b || !Array.isArray(b.routes)) return;
      const gen = b.routes.find((r) => r && r.method === 'POST' && r.path === '/api/auth/forecast-requests');
      for (const r of b.routes) {
        if (r && r.method === 'GET' && r.path === '/api/auth/forecast-requests/{jobId}') {
          r.usd = gen ? gen.usd : '1.000';
          r.credits = gen ? gen.credits : 1000;
        }
      }
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern g (round 29 a): a sports generation answered 404 instead of 422 forecast_topic_excluded
  {
    name: 'generation_sports_excluded_404',
    round: 29,
    pattern: 'g',
    section: 'Endpoints / POST /api/auth/forecast-requests (generation, $1.00, API key)',
    sentences: ['5597efb84be5'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'The generation route looks the market up in the forecastable index before its topic check, and the sports feed\'s markets are never loaded into that index: a generation body naming a sports market answers 404 not_found ("the venue venue_b has no market ...") instead of 422 forecast_topic_excluded. Mention and crypto up/down markets still answer 422 forecast_topic_excluded; nothing is debited either way.',
    how: 'POST /api/auth/forecast-requests {"kind":"venue_market","venue":"venue_b","market_id":"KXNFLGAME-26JAN11BUFKC-BUF"} with an API key and an idempotency key: 422 forecast_topic_excluded (reason sports in the message) on the reference; 404 not_found through the bug. GET /api/public/forecast-availability?market_key=venue_b:KXNFLGAME-26JAN11BUFKC-BUF says tracked true, excluded {reason: sports}.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/auth/forecast-requests') || res.status !== 422 || !b || b.error !== 'forecast_topic_excluded') return;
      if (!/\(sports\)/.test(String(b.message || ''))) return;
      const body = ctx.bodyJson() || {};
      return ctx.reply(404, { error: 'not_found', message: `the venue ${body.venue} has no market "${body.market_id}"` });
    },
  },
  // ------------------------------------------------------------------ pattern g (round 29 a): a venue_a exact child answered without selectedMarket
  {
    name: 'targets_venue_a_selected_market_missing',
    round: 29,
    pattern: 'g',
    section: 'Resources and their fields / Target resolution (GET /api/public/forecast-targets)',
    sentences: ['4f4181e602fd'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'The venue_a resolver of GET /api/public/forecast-targets builds the exact-child answer through the venue_b serializer, which emits selectedMarket only for children carrying a ticker: for an exact venue_a child (a venue_a: marketKey, an /event/{slug}/{market-slug} or /market/{slug} URL) the answer says targetType market, selectionRequired false and carries the ready generation body, but no selectedMarket. venue_b exact children and all event input are right.',
    how: 'GET /api/public/forecast-targets?ref=venue_a:1000503: the reference answers targetType market with selectedMarket {marketId 1000503, ...} and generation; through the bug the same answer without selectedMarket.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-targets') || res.status !== 200 || !b) return;
      if (b.venue !== 'venue_a' || b.targetType !== 'market' || !('selectedMarket' in b)) return;
      delete b.selectedMarket;
      res.touch();
    },
  },
  // ================================================================== round 29 (b): patterns a, e, f, g, g (the stance route's 429 stating retry_after as a string, the social-research day ending at 01:00 UTC, a profile's repeated insufficient-history 404 billed, the drawdown filter of the published-signal list falling back to older publications, link tokens issued in the standard base64 alphabet)
  // ------------------------------------------------------------------ pattern a (round 29 b): the stance route's 429 states retry_after as a string
  {
    name: 'stance_429_retry_after_string',
    round: 29,
    pattern: 'a',
    section: 'Errors',
    sentences: ['324d8a2ff7f0'],
    operations: ['GET /api/v1/assets/stance'],
    what: 'The 429 answers of GET /api/v1/assets/stance carry retry_after as a JSON string ("60"): the stance handler builds its rate-limit body from the limiter\'s header map and copies the Retry-After header value as it is instead of the integer the limiter gives. Status, error, message, limit_scope, the Retry-After, RateLimit-Policy and RateLimit headers and the value itself are right, and every other route states an integer.',
    how: 'Preload an account\'s standard per-minute usage to 600 (POST /__control/limits/usage), GET /api/v1/assets/stance?asset=btc with its key: 429 on both; the body says retry_after 60 (a number) on the reference and retry_after "60" (a string) through the bug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/stance') || res.status !== 429 || !b || typeof b.retry_after !== 'number') return;
      b.retry_after = String(b.retry_after);
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern e (round 29 b): the social-research day ends at 01:00 UTC
  {
    name: 'x_research_day_resets_0100_utc',
    round: 29,
    pattern: 'e',
    section: 'Limits',
    sentences: ['d52fce9a3b8f'],
    operations: ['POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'The social-research scope\'s daily bound (500 per UTC day) rolls over at 01:00 UTC instead of 00:00 UTC (the social limiter\'s day bucket is computed in the research workers\' local time, UTC+1): an account that exhausted it keeps getting 429 x_research-day during the first hour of the next UTC day, and its day-limit 429s advertise a Retry-After one hour longer than the wait to UTC midnight. The social second, minute and in-flight windows, and the standard and guard scopes, are right; nothing is debited.',
    how: 'Preload an account\'s x_research day usage to 500 (POST /__control/limits/usage), POST /api/v1/x/search {"query":"fed"} with its key: 429 x_research-day. Move the clock (POST /__control/clock) to 30 s after the next UTC midnight and repeat: 200 on the reference, 429 x_research-day with Retry-After about 3570 through the bug.',
    async onRequest(ctx) {
      const out = r29bXDay(ctx);
      if (!r29bIsSocial(ctx) || !ctx.apiKey || !out.has(ctx.apiKey)) return null;
      const od = out.get(ctx.apiKey);
      const now = await ctx.stubNow();
      const d = Math.floor(now / DAY_MS);
      if (d === od + 1 && now - d * DAY_MS < HOUR_MS) {
        const s = Math.max(1, Math.ceil((d * DAY_MS + HOUR_MS - now) / 1000));
        ctx.r29bXDayReplied = true;
        return ctx.reply(429, {
          error: 'rate_limited',
          message: `Too many requests: the x_research scope's daily limit is exceeded; retry after ${s} s`,
          retry_after: s,
          limit_scope: 'x_research',
        }, { 'retry-after': String(s), 'ratelimit-policy': R9B_X_POLICY, ratelimit: `"x_research-day";r=0;t=${s}` });
      }
      if (d > od) out.delete(ctx.apiKey);
      return null;
    },
    async onResponse(ctx, res) {
      const out = r29bXDay(ctx);
      const b = J(res);
      if (ctx.method === 'POST' && ctx.path === '/__control/reset' && res.status < 300) { out.clear(); return; }
      if (ctx.r29bXDayReplied || !r29bIsSocial(ctx) || res.status !== 429 || !b || b.limit_scope !== 'x_research') return;
      if (!/"x_research-day"/.test(String(res.headers.ratelimit || ''))) return;
      const now = await ctx.stubNow();
      if (ctx.apiKey) out.set(ctx.apiKey, Math.floor(now / DAY_MS));
      const ra = Number(res.headers['retry-after']);
      if (!Number.isFinite(ra)) return;
      const s = ra + 3600;
      res.headers['retry-after'] = String(s);
      res.headers.ratelimit = String(res.headers.ratelimit).replace(/t=\d+/, `t=${s}`);
      b.retry_after = s;
      if (typeof b.message === 'string') b.message = b.message.replace(/retry after \d+ s/, `retry after ${s} s`);
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern f (round 29 b): a repeated insufficient-history 404 of the profile route is billed
  {
    name: 'profile_insufficient_history_cached_billed',
    round: 29,
    pattern: 'f',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['48b21df24ec7', '0c14253e0dc5'],
    operations: ['POST /api/v1/x/profile'],
    what: 'POST /api/v1/x/profile stores its insufficient-history outcome in the profile cache (so the research agent is not run again for an account that has too few posts) and serves a repeat of the same handle, focus and lookback from that cache on the cache-hit path, which bills as a reused profile: the repeated 404 insufficient_post_history keeps its 1000-credit debit, whoever asks. The first such 404 for a handle, focus and lookback is unbilled, the answer is unchanged, reused successful profiles are billed as before, and x402 calls are left alone.',
    how: 'POST /api/v1/x/profile {"handle":"nobody","lookback_days":14} with account A\'s key (404, unbilled on both), then the same body with account B\'s key: 404 insufficient_post_history on both; B\'s balance is unchanged on the reference and 1000 credits lower through the bug.',
    async onResponse(ctx, res) {
      if (ctx.method === 'POST' && ctx.path === '/__control/reset' && res.status < 300) { delete ctx.state.r29bThin; return; }
      const b = J(res);
      if (!isPost(ctx, '/api/v1/x/profile') || res.status !== 404 || !b || b.error !== 'insufficient_post_history') return;
      if (!ctx.apiKey || ctx.headers['payment-signature']) return;
      const q = ctx.bodyJson() || {};
      const k = [String(q.handle || '').replace(/^@/, '').toLowerCase(), q.focus || 'general', q.lookback_days === undefined ? 365 : Number(q.lookback_days)].join('|');
      if (!ctx.state.r29bThin) ctx.state.r29bThin = new Set();
      if (ctx.state.r29bThin.has(k)) await ctx.charge(1000);
      else ctx.state.r29bThin.add(k);
    },
  },
  // ------------------------------------------------------------------ pattern g (round 29 b): the drawdown filter of the published-signal list falls back to older publications
  {
    name: 'signals_drawdown_filter_older_fallback',
    round: 29,
    pattern: 'g',
    section: 'Endpoints / Other operations referenced',
    sentences: ['ed03cd5f7401'],
    operations: ['GET /api/v1/signals'],
    what: 'GET /api/v1/signals with exclude_drawdown_risk=true (or its former name exclude_crash_risk=true) applies the drawdown filter inside the per-market "newest publication" query (WHERE before DISTINCT ON) instead of after it: for a market whose newest publication has elevated or unknown drawdown risk, the list carries the market\'s newest older publication instead of nothing (its id, side and published_at, risk false). Rows whose newest publication passes the filter, the unfiltered list, count (recounted) and the order (newest first) are right. API-key calls only.',
    how: 'GET /api/v1/signals and GET /api/v1/signals?exclude_drawdown_risk=true with an API key: on the reference every id of the filtered list is in the unfiltered list; through the bug the filtered list carries ids such as the older HAS_SIGNAL refs of markets whose newest signal says drawdown_risk_elevated true or null.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/signals') || res.status !== 200 || !b || !Array.isArray(b.signals)) return;
      if (!ctx.apiKey || ctx.headers['payment-signature']) return;
      const flag = ['exclude_drawdown_risk', 'exclude_crash_risk'].find((p) => ctx.query.get(p) === 'true');
      if (!flag) return;
      const qs = new URLSearchParams(ctx.query);
      qs.delete('exclude_drawdown_risk'); qs.delete('exclude_crash_risk');
      const all = await r29bOwnGet(ctx, `/api/v1/signals${qs.toString() ? `?${qs}` : ''}`);
      if (!all || !Array.isArray(all.signals)) return;
      const kept = new Set(b.signals.map((s) => s && s.market && s.market.marketKey));
      const added = [];
      for (const row of all.signals) {
        if (!row || row.drawdown_risk_elevated === false || !row.market || kept.has(row.market.marketKey)) continue;
        const refs = ((row.market.relationships && row.market.relationships.signals) || [])
          .filter((r) => r && r.id !== row.id && typeof r.published_at === 'string' && r.published_at < row.published_at)
          .sort((x, y) => (x.published_at < y.published_at ? 1 : -1));
        if (!refs.length) continue;
        const o = refs[0];
        added.push({ ...row, id: o.id, side: o.side, published_at: o.published_at, drawdown_risk_elevated: false, crash_risk_elevated: false });
        kept.add(row.market.marketKey);
      }
      if (!added.length) return;
      b.signals = [...b.signals, ...added].sort((x, y) => (x.published_at === y.published_at ? (x.id < y.id ? -1 : 1) : (x.published_at < y.published_at ? 1 : -1)));
      if (typeof b.count === 'number') b.count = b.signals.length;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern g (round 29 b): link tokens issued in the standard base64 alphabet
  {
    name: 'link_token_issued_std_base64',
    round: 29,
    pattern: 'g',
    section: 'Endpoints / GET /api/v1/wallets/link',
    sentences: ['4c8292e63e92'],
    operations: ['POST /api/auth/wallets/x402-token'],
    what: 'POST /api/auth/wallets/x402-token encodes the token\'s 32 random bytes with the standard base64 alphabet (unpadded) instead of base64url, so a token whose body would hold "-" or "_" (about three in four) is issued with "+" or "/" there and does not match the documented ^svc_[A-Za-z0-9_-]{43}$: the link route refuses it (422 invalid_request; a raw "+" in the query also reads as a space), so that token can never link a wallet. link_path carries the same token, expires_at is unchanged, and tokens made only of letters and digits work as documented.',
    how: 'POST /api/auth/wallets/x402-token with an API key up to 20 times: on the reference every token matches ^svc_[A-Za-z0-9_-]{43}$; through the bug some contain "+" or "/" (and GET /api/v1/wallets/link?token=<that token, URL-encoded> with the key answers 422 invalid_request rather than 422 x402_payment_required).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/auth/wallets/x402-token') || res.status < 200 || res.status >= 300 || !b || typeof b.token !== 'string') return;
      const m = /^svc_([A-Za-z0-9_-]{43})$/.exec(b.token);
      if (!m) return;
      const std = `svc_${m[1].replace(/-/g, '+').replace(/_/g, '/')}`;
      if (std === b.token) return;
      if (typeof b.link_path === 'string') b.link_path = b.link_path.split(b.token).join(encodeURIComponent(std));
      b.token = std;
      res.touch();
    },
  },
  // ================================================================== round 30 (a): patterns b, c, c, d, e (the published-signal list's broker topic kept as every venue_b row, a venue_c slug answered untracked by forecast-availability, the sources route's slug form stating seriesTicker null, forecast-availability's market refs cut at 25, the market list's longest changed_within windows served as six days)
  // ------------------------------------------------------------------ pattern b (round 30 a): topic=broker_a on the published-signal list kept as "every venue_b row"
  {
    name: 'signals_broker_topic_venue_b_rows',
    round: 30,
    pattern: 'b',
    section: 'Endpoints / Other operations referenced',
    sentences: ['ed03cd5f7401', '408cd054a21e'],
    operations: ['GET /api/v1/signals'],
    what: 'GET /api/v1/signals applies topic=broker_a as a venue filter (broker_a is stamped only on venue_b rows, so the list handler keeps every venue_b row) instead of keeping the rows whose market a broker lists: venue_b publications whose market has empty broker_channels stay in the filtered list, and count counts them. The unfiltered list, other topics, exclude_drawdown_risk and the market list\'s and mispriced list\'s broker filters are right.',
    how: 'GET /api/v1/signals?topic=broker_a with an API key: every row has market.broker_channels ["broker_a"] on the reference (33 rows); through the bug 42 rows, nine of them venue_b markets with broker_channels [].',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/signals') || ctx.query.get('topic') !== 'broker_a') return;
      ctx.r30aBrokerByVenue = true;
      ctx.query.delete('topic');
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.r30aBrokerByVenue || res.status !== 200 || !b || !Array.isArray(b.signals)) return;
      b.signals = b.signals.filter((r) => r && r.market && r.market.venue === 'venue_b');
      if (typeof b.count === 'number') b.count = b.signals.length;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern c (round 30 a): a venue_c slug answered untracked by forecast-availability
  {
    name: 'availability_venue_c_slug_untracked',
    round: 30,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['c16fca8c19a6', '96fba92b0249'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'GET /api/public/forecast-availability resolves slug with venue=venue_c through the slug indexes of the venues that key markets by slug on their own side (venue_a, venue_a_us, venue_b), none of which holds venue_c rows: a covered venue_c market looked up by its slug answers tracked false, available false and every other member null. market_key=venue_c:... and market_id=...&venue=venue_c lookups of the same market, and slug lookups on the other venues, are right.',
    how: 'GET /api/public/forecast-availability?slug=will-ethereum-reach-6000-by-june-30-2026&venue=venue_c: tracked true, available true, market venue_c:c-b4cd802a73 on the reference (as for market_key=venue_c:c-b4cd802a73); through the bug tracked false with every member null.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-availability')) return;
      if (!ctx.query.has('slug') || ctx.query.get('venue') !== 'venue_c' || ctx.query.has('market_key') || ctx.query.has('market_id')) return;
      const slug = ctx.query.get('slug');
      if (!slug || slug.length > 512) return;
      return ctx.reply(200, { tracked: false, available: false, market: null, question: null, latestForecast: null, read: null, generation: null, targetResolution: null, excluded: null });
    },
  },
  // ------------------------------------------------------------------ pattern c (round 30 a): the sources route's slug form states seriesTicker null for venue_b markets
  {
    name: 'sources_slug_form_series_ticker_null',
    round: 30,
    pattern: 'c',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['55e4bb23b030', '01bbf8aeefdb'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources hydrates each item\'s market from the identity the request named: under the markets (slug) form with venue=venue_b it builds the routing object from the slug index row, which has no series column, so market.seriesTicker is null (KXCPIYOY for venue_b:KXCPIYOY-26MAR-T2.8), while the market_keys form of the same route, availability and the market list state the series. Every other member, the items, their order and the other venues are unchanged.',
    how: 'GET /api/v1/sources?market_keys=venue_b:KXCPIYOY-26MAR-T2.8&window=168 and GET /api/v1/sources?markets=KXCPIYOY-26MAR-T2.8&venue=venue_b&window=168 with an API key: every item\'s market.seriesTicker is KXCPIYOY under both forms on the reference; null under the slug form through the bug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200 || !b || !Array.isArray(b.sources)) return;
      if (!ctx.query.has('markets') || ctx.query.has('market_keys') || ctx.query.get('venue') !== 'venue_b') return;
      for (const s of b.sources) if (s && s.market && s.market.venue === 'venue_b') s.market.seriesTicker = null;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern d (round 30 a): forecast-availability's market refs cut at 25
  {
    name: 'availability_market_refs_cap_25',
    round: 30,
    pattern: 'd',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['6880664291b9', 'f29e8e9dbb90'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'GET /api/public/forecast-availability reads the market\'s two-hop market refs through the graph client\'s default page of 25, so market.relationships.markets holds 25 refs with truncated.markets true where 26 or more exist (the reference carries 50, the stated cap). Assets and signals refs, latestForecast.relationships and every other route\'s envelope are right; an envelope of 25 or fewer market refs is unchanged.',
    how: 'GET /api/public/forecast-availability?market_key=venue_b:KXFED-26OCT-T4.25 (a fed-funds-rate market whose Asset has 71 markets): market.relationships.markets holds 50 refs with truncated.markets true on the reference; 25 through the bug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b || !b.market) return;
      const rel = b.market.relationships;
      if (!rel || !Array.isArray(rel.markets) || rel.markets.length <= 25) return;
      rel.markets = rel.markets.slice(0, 25);
      if (rel.truncated && typeof rel.truncated === 'object') rel.truncated.markets = true;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern e (round 30 a): the market list's changed_within of 145..168 served as 144 hours
  {
    name: 'markets_changed_within_top_day_dropped',
    round: 30,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['7f3c1dd2cd06', 'e58a35b4d66f'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets reads changed_within against the forecast-change index, a partition that keeps six days, and clamps the window to it without a word: changed_within 145 to 168 is served as 144 hours, so markets whose latest forecast was created between 144 hours ago and the window\'s start are missing. changed_within 1 to 144, max_forecast_age, the other filters and the facets (recounted over the rows served) are consistent; the answer has no window echo.',
    how: 'GET /api/v1/markets?changed_within=168 and ?changed_within=144 with an API key: 163 and 157 markets on the reference (six markets with a latest forecast 144 to 168 hours old); 157 and 157 through the bug.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets')) return;
      const w = ctx.query.get('changed_within');
      if (w === null || !/^\d+$/.test(w)) return;
      const n = Number(w);
      if (n > 144 && n <= 168) ctx.query.set('changed_within', '144');
    },
  },
  // ================================================================== round 30 (b): patterns a, a, b, f, g (the stance route's 422 for a missing asset under its own error code, the mispriced list answering an unknown API key 403 insufficient_credits, the portfolio's explicit venues list losing venue_c, the perps row's upstream failure billed, forecast-availability's venue_b generation hint saying no idempotency key is needed)
  // ------------------------------------------------------------------ pattern a (round 30 b): the stance route's 422 for a missing asset carries its own error code
  {
    name: 'stance_missing_asset_422_code',
    round: 30,
    pattern: 'a',
    section: 'Errors',
    sentences: ['713e31698732'],
    operations: ['GET /api/v1/assets/stance'],
    what: 'GET /api/v1/assets/stance answers a request without its asset parameter (absent or empty) with 422 and error "missing_parameter" (the stance handler\'s own validator code) instead of "invalid_request"; status, message and billing are unchanged, an over-long asset still answers invalid_request, and every other route\'s 422 says invalid_request.',
    how: 'GET /api/v1/assets/stance with an API key and no asset: 422 {"error":"missing_parameter","message":"asset is required"}; GET /api/v1/assets/stance?asset=<201 characters> still answers 422 invalid_request.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/stance') || res.status !== 422 || !b || b.error !== 'invalid_request') return;
      const asset = ctx.query.get('asset');
      if (asset !== null && asset !== '') return;
      b.error = 'missing_parameter';
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern a (round 30 b): the mispriced list answers an unknown API key 403 insufficient_credits
  {
    name: 'mispriced_invalid_key_403',
    round: 30,
    pattern: 'a',
    section: 'Errors',
    sentences: ['9ce82331b2dd'],
    operations: ['GET /api/v1/markets/mispriced'],
    what: 'GET /api/v1/markets/mispriced runs its credit guard before the key check, and the guard reads the balance of an unknown key as 0: a call with an x-service-api-key that belongs to no account (mistyped, revoked) answers 403 insufficient_credits instead of 401 invalid_api_key. Valid keys (funded or not), calls without credentials (402) and every other route\'s invalid key (401) are right; nothing is debited.',
    how: 'GET /api/v1/markets/mispriced with x-service-api-key: bogus-key: 403 {"error":"insufficient_credits"} through the bug, 401 invalid_api_key on the reference (as GET /api/v1/markets/search answers for the same key).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets/mispriced') || res.status !== 401 || !b || b.error !== 'invalid_api_key') return;
      return ctx.reply(403, { error: 'insufficient_credits', message: 'The account does not hold enough credits for this route' });
    },
  },
  // ------------------------------------------------------------------ pattern b (round 30 b): the portfolio's explicit venues list loses venue_c
  {
    name: 'portfolio_explicit_venue_c_dropped',
    round: 30,
    pattern: 'b',
    section: 'Endpoints / Other operations referenced',
    sentences: ['ca913c2afd81'],
    operations: ['GET /api/v1/portfolio'],
    what: 'An explicit venues list on GET /api/v1/portfolio maps each listed venue to its positions fetcher through a table written before venue_c positions were served, and skips the unknown entry silently: venue_c, alone or beside other venues, contributes no positions although the venues echo lists it. The default (no venues), which goes through the aggregate fetcher, still carries venue_c positions, and the other venues of an explicit list are right.',
    how: 'GET /api/v1/portfolio?wallet=0x2234567890123456789012345678901234567890 with an API key: one venue_c position among three; the same with &venues=venue_c,venue_b: the venue_b position only (venues echo ["venue_c","venue_b"]); on the reference the venue_c position is there.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/portfolio') || res.status !== 200 || !b || !Array.isArray(b.positions)) return;
      const venues = ctx.query.get('venues');
      if (venues === null || !listParam(venues).includes('venue_c')) return;
      const kept = b.positions.filter((p) => !p || p.venue !== 'venue_c');
      if (kept.length === b.positions.length) return;
      b.positions = kept;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern f (round 30 b): the perps row's upstream failure keeps its debit
  {
    name: 'perps_upstream_error_billed',
    round: 30,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/signals/perps'],
    what: 'GET /api/v1/signals/perps is served through the oil service\'s row reader, whose error mapper turns an upstream failure into an ordinary answer (502 upstream_unavailable or 503, in the error envelope as on the reference) instead of raising the refunding upstream error: the call keeps its half-cent API-key debit (5 credits). Its 200s, its 429s and every other route\'s upstream failures are refunded; x402 calls are not settled.',
    how: 'POST /__control/faults {GET /api/v1/signals/perps, status 502, times 1, scope S}; GET /api/v1/signals/perps with an API key and X-Fault-Scope S: 502 on both sides, 0 credits spent on the reference and 5 through the bug (a 200 spends 5).',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/signals/perps') || res.status < 500) return;
      if (!ctx.apiKey || ctx.headers['payment-signature']) return;
      await ctx.charge(5);
    },
  },
  // ------------------------------------------------------------------ pattern g (round 30 b): forecast-availability's venue_b generation hint says no idempotency key is needed
  {
    name: 'availability_venue_b_idempotency_false',
    round: 30,
    pattern: 'g',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['c16fca8c19a6', 'd7213923a4e8'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'When forecast-availability hands out a ready generation for a venue_b market, its generation object says idempotencyKeyRequired false: the hint builder reads the flag from the ticker path\'s retry policy (venue_b bodies come from forecast-targets\' plans) instead of stating the route\'s rule. The generation route still refuses a venue_b body without an idempotency key (422), and the hint of venue_a, venue_a_us and venue_c markets says true.',
    how: 'GET /api/public/forecast-availability?market_key=venue_b:KXCPIYOY-26MAR-T3.0 (no stored forecast): generation.idempotencyKeyRequired false through the bug, true on the reference; market_key=venue_a:1000503 says true on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b || !b.generation || typeof b.generation !== 'object') return;
      const g = b.generation;
      if (!g.body || g.body.venue !== 'venue_b' || g.idempotencyKeyRequired !== true) return;
      g.idempotencyKeyRequired = false;
      res.touch();
    },
  },
  // ================================================================== round 31 (a): patterns c, d, e, g, g (the evidence route reading a venue_b strike ending in zero as a number, the published-signal list's envelope capped at 50 refs in all, forecast-availability drawing the short-horizon line at fifteen minutes, the stored forecast read's SignalRefs stating published_at in whole seconds, asset search's reference mode echoing its references as query)
  // ------------------------------------------------------------------ pattern c (round 31 a): the evidence route reads a venue_b strike ending in zero as a number
  {
    name: 'evidence_trailing_zero_strike_404',
    round: 31,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/markets/{slug}/signals ($0.01)',
    sentences: ['1dc66abd12f3', '85f5a54ab1af'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'With venue=venue_b, the evidence route normalises the strike part of the ticker slug through a number parse (T3.00 becomes T3, T4.50 becomes T4.5), so a covered venue_b market whose strike ends in zero finds no market and answers 404 not_found (unbilled) although it has live article evidence. Strikes without a trailing zero (T3.25, T2.8), the other venues and every other route are right. API-key calls only (an x402 request is not rewritten).',
    how: 'GET /api/v1/markets/KXFED-26OCT-T3.00/signals?venue=venue_b with an API key: 200 with its articles on the reference, 404 not_found through the bug; GET /api/v1/markets/KXFED-26JUN-T3.25/signals?venue=venue_b is 200 on both.',
    onRequest(ctx) {
      const m = ctx.method === 'GET' && MARKET_SIGNALS.exec(ctx.path);
      if (!m || !ctx.apiKey || ctx.headers['payment-signature'] || ctx.query.get('venue') !== 'venue_b') return null;
      let slug;
      try { slug = decodeURIComponent(m[1]); } catch { return null; }
      const s = /^(.*-T)(\d+\.\d*0)$/.exec(slug);
      if (!s) return null;
      const norm = `${s[1]}${String(Number(s[2]))}`;
      if (norm === slug) return null;
      ctx.path = `/api/v1/markets/${encodeURIComponent(norm)}/signals`;
      return null;
    },
  },
  // ------------------------------------------------------------------ pattern d (round 31 a): the published-signal list's envelope capped at 50 refs in all
  {
    name: 'signal_list_envelope_total_cap_50',
    round: 31,
    pattern: 'd',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['6880664291b9', 'ee3d8237f94a'],
    operations: ['GET /api/v1/signals'],
    what: 'GET /api/v1/signals hydrates each row\'s market envelope with one graph query for the three categories under a single LIMIT 50 (assets first, then signals, then markets), so the envelope holds at most 50 refs in all instead of 50 per category: a market with one Asset, two publications and 50 or more sibling markets carries 47 market refs (truncated.markets true). Envelopes under 50 refs in all, every other route\'s envelopes and the rows themselves are right.',
    how: 'GET /api/v1/signals with an API key: the row of venue_b:KXFED-26OCT-T4.25 has 1 asset ref, 2 signal refs and 50 market refs (truncated.markets true) on the reference, 47 market refs through the bug; the same market\'s envelope on forecast-availability keeps 50.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/signals') || res.status !== 200 || !b || !Array.isArray(b.signals)) return;
      let changed = false;
      for (const row of b.signals) {
        const rel = row && row.market && row.market.relationships;
        if (!rel || !Array.isArray(rel.assets) || !Array.isArray(rel.markets) || !Array.isArray(rel.signals)) continue;
        const room = Math.max(0, 50 - rel.assets.length - rel.signals.length);
        if (rel.markets.length <= room) continue;
        rel.markets = rel.markets.slice(0, room);
        if (rel.truncated && typeof rel.truncated === 'object') rel.truncated.markets = true;
        changed = true;
      }
      if (changed) res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern e (round 31 a): forecast-availability draws the short-horizon line at fifteen minutes
  {
    name: 'availability_hourly_crypto_in_scope',
    round: 31,
    pattern: 'e',
    section: 'What the service does',
    sentences: ['ee2342695b8c', 'e9031d17bf13'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'forecast-availability\'s exclusion classifier recognises a short-horizon crypto up/down market only by the fifteen-minute markers (a "15 minutes" title, a 15M series), so hourly crypto up/down markets (Bitcoin Up or Down at 2PM ET, Ethereum up between 2pm and 3pm ET) answer excluded null and a ready generation body, as if in scope; the horizon line falls between fifteen minutes and an hour instead of after the hourly settle. Fifteen-minute markets, sports and mention markets stay excluded; tracked, available, read and market are unchanged; the generation route still refuses the body (422 forecast_topic_excluded).',
    how: 'GET /api/public/forecast-availability?market_key=venue_a:1009517 (Bitcoin Up or Down - March 20, 2PM ET; no key): excluded {reason crypto_up_down} and generation null on the reference, excluded null and a generation for venue_a 1009517 through the bug; venue_b:KXETHH-26MAR2014-YES likewise; venue_a:1008765 (fifteen minutes) is excluded on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b || !b.excluded || b.excluded.reason !== 'crypto_up_down') return;
      const m = b.market;
      if (!m || (m.venue !== 'venue_a' && m.venue !== 'venue_b') || b.available || b.read) return;
      if (/15\s*min|fifteen|15M/i.test(`${b.question || ''} ${m.nativeMarketId || ''} ${m.seriesTicker || ''}`)) return;
      b.excluded = null;
      b.generation = {
        method: 'POST',
        endpoint: '/api/auth/forecast-requests',
        authentication: { type: 'header', name: 'x-service-api-key' },
        idempotencyKeyRequired: true,
        body: { kind: 'venue_market', venue: m.venue, market_id: m.nativeMarketId },
      };
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern g (round 31 a): the stored forecast read's SignalRefs state published_at in whole seconds
  {
    name: 'forecast_read_signal_ref_whole_seconds',
    round: 31,
    pattern: 'g',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['3e747a432475'],
    operations: ['GET /api/v1/markets/{slug}/forecast'],
    what: 'The stored forecast read hydrates its SignalRefs from the graph\'s publication property kept in epoch seconds, so every SignalRef of the answer (in the market\'s envelope and in the forecasts\' envelopes) states published_at with the milliseconds dropped (08:17:30.548Z becomes 08:17:30.000Z): an instant that the publication never had, and not the one the signal list and forecast-availability state for the same publication. Ids, sides, order and every other member are right; publications made on a whole second are unchanged.',
    how: 'GET /api/v1/markets/KXFED-26OCT-T3.00/forecast?venue=venue_b with an API key: market.relationships.signals has ts_93380f8ffb158425 at 2026-..T08:17:30.548Z on the reference (as on GET /api/public/forecast-availability?market_key=venue_b:KXFED-26OCT-T3.00), at ...:30.000Z through the bug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !MARKET_FORECAST.test(ctx.path) || res.status !== 200 || !b) return;
      let changed = false;
      const walk = (o) => {
        if (Array.isArray(o)) { for (const x of o) walk(x); return; }
        if (!o || typeof o !== 'object') return;
        if (o.relationship === 'HAS_SIGNAL' && typeof o.published_at === 'string') {
          const t = Date.parse(o.published_at);
          if (Number.isFinite(t) && t % 1000 !== 0) { o.published_at = new Date(t - (t % 1000)).toISOString(); changed = true; }
        }
        for (const v of Object.values(o)) walk(v);
      };
      walk(b);
      if (changed) res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern g (round 31 a): asset search's reference mode echoes its references as query
  {
    name: 'assets_reference_query_echoed',
    round: 31,
    pattern: 'g',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['9f1c2783f6b4'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In reference mode, GET /api/v1/assets/search fills the query member with the lookup string it ran (the deduplicated references joined by commas) instead of null; q mode (the q value, or "*"), material_only alone (null), references, the Assets and the bill are right.',
    how: 'GET /api/v1/assets/search?reference=fed-funds-rate with an API key: query null on the reference, "fed-funds-rate" through the bug (references ["fed-funds-rate"] on both).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !b || b.query !== null || !Array.isArray(b.references) || !b.references.length) return;
      b.query = b.references.join(',');
      res.touch();
    },
  },
  // ================================================================== round 31 (b): patterns a, b, f, g, g (forecast-targets' 503 adding retry_after, the sources route's explicit types lists losing x_post, a stored-forecast read's namespace-miss 404 billed, forecast-availability's venue_c read pointer saying paid false, the evidence route's SignalRefs pointing at the evidence path)
  {
    name: 'targets_503_retry_after',
    round: 31,
    pattern: 'a',
    section: 'Errors',
    sentences: ['324d8a2ff7f0'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'When venue resolution is unavailable, the 503 answer of GET /api/public/forecast-targets adds retry_after: 30 to its error body (the resolver\'s transient-failure hint, copied from its upstream client\'s backoff), although retry_after belongs to 429 answers only. Status, error code, message and headers are unchanged; every other status and route is right.',
    how: 'POST /__control/faults {GET /api/public/forecast-targets, status 503, times 1, scope S}, then GET /api/public/forecast-targets?ref=KXFED-26JUN with X-Fault-Scope S: 503 {error, message, retry_after: 30}.',
    onResponse(ctx, res) {
      const b = J(res);
      if (isGet(ctx, '/api/public/forecast-targets') && res.status === 503 && b && typeof b.error === 'string' && b.retry_after === undefined) {
        b.retry_after = 30; res.touch();
      }
    },
  },
  {
    name: 'sources_types_explicit_x_post_dropped',
    round: 31,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['20006d3b63d4'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources maps each value of an explicit types list to its evidence table through a lookup written when the social kind was named "x" (article -> articles, x -> posts), so x_post finds no table and is skipped silently: types=x_post answers no sources, and types=article,x_post (in either order) answers only the articles. Without types both kinds come back, as the default says; articles are right in every form.',
    how: 'GET /api/v1/sources?market_keys=venue_a:520224,venue_b:KXCPIYOY-26MAR-T2.8,venue_c:c-0a6ce36144,venue_a_us:78782773 lists 3 x_post items; the same with types=article,x_post lists none of them (14 articles), and with types=x_post it answers {sources: []}.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200 || !b || !Array.isArray(b.sources)) return;
      const t = ctx.query.get('types');
      if (t === null || !listParam(t).includes('x_post')) return;
      b.sources = b.sources.filter((s) => s && s.type !== 'x_post');
      res.touch();
    },
  },
  {
    name: 'forecast_read_namespace_miss_404_billed',
    round: 31,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/markets/{slug}/forecast'],
    what: 'The stored-forecast read resolves its slug across every venue before billing, so a slug that names a covered market of another venue (asked without venue, which keeps the venue_a namespace) passes the known-market gate and is debited; the namespace check then answers 404 not_found through a path that skips the refund, and the call keeps its 10 credits. Made-up slugs, 200s and every other route are right. API-key calls only.',
    how: 'With an API key, GET /api/v1/markets/KXCPIYOY-26MAR-T2.8/forecast (a venue_b ticker, no venue): 404 not_found (venue_a namespace) as on the reference, and the balance is 10 credits lower; GET /api/v1/markets/no-such-market-r31b/forecast costs nothing.',
    async onResponse(ctx, res) {
      const m = ctx.method === 'GET' && MARKET_FORECAST.exec(ctx.path);
      if (!m || res.status !== 404 || !ctx.apiKey || ctx.headers['payment-signature'] || ctx.query.get('venue')) return;
      let slug;
      try { slug = decodeURIComponent(m[1]); } catch { return; }
      for (const venue of ['venue_b', 'venue_c', 'venue_a_us']) {
        let r;
        try {
          r = await ctx.upstream({ method: 'GET', url: `/api/public/forecast-availability?slug=${encodeURIComponent(slug)}&venue=${venue}`, headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json' } });
        } catch { return; }
        if (r.status === 200 && r.json && r.json.tracked === true) { await ctx.charge(10); return; }
      }
    },
  },
  {
    name: 'availability_venue_c_read_paid_false',
    round: 31,
    pattern: 'g',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['c16fca8c19a6'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'The read pointer of GET /api/public/forecast-availability takes paid from a per-venue price table whose venue_c entry was never added (the venue joined after the table), so for a venue_c market with a stored forecast read is {method GET, endpoint .../forecast?venue=venue_c, paid false}; venue_a, venue_a_us and venue_b pointers say paid true, and the read itself is billed as always.',
    how: 'GET /api/public/forecast-availability?market_key=venue_c:c-0a6ce36144: available true, read.paid false (the reference says true); venue_a_us:78782773 says read.paid true.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b || !b.read || typeof b.read !== 'object') return;
      if (b.market && b.market.venue === 'venue_c') { b.read.paid = false; res.touch(); }
    },
  },
  {
    name: 'signals_evidence_signal_ref_endpoint_self',
    round: 31,
    pattern: 'g',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['3e747a432475'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'GET /api/v1/markets/{slug}/signals (the article-evidence route) builds the SignalRefs of its market envelope with canonical_endpoint set to the route it serves, /api/v1/markets/<slug>/signals (the pre-version-5 home of "signals"), instead of the constant /api/v1/signals; signal_type, id, side, published_at and every other route\'s SignalRefs are right.',
    how: 'GET /api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b with an API key: market.relationships.signals[0].canonical_endpoint is /api/v1/markets/KXCPIYOY-26MAR-T2.8/signals.',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !MARKET_SIGNALS.test(ctx.path) || res.status !== 200 || !b || !b.market || !b.market.relationships) return;
      const refs = b.market.relationships.signals;
      if (!Array.isArray(refs) || !refs.length) return;
      for (const r of refs) if (r && r.canonical_endpoint === '/api/v1/signals') r.canonical_endpoint = ctx.path;
      res.touch();
    },
  },
  // ================================================================== round 32 (a): patterns c, d, d, e, f (the sources route reading a venue_b strike ending in zero as a number, asset search refusing an asset_type of 65 to 80 characters, the sources route metered per started group of five markets, the social-research per-second 429 stating a wait of 0, the evidence route's 404 for an event identifier billed)
  // ------------------------------------------------------------------ pattern c (round 32 a): the sources route reads a venue_b strike ending in zero as a number
  {
    name: 'sources_trailing_zero_strike_dropped',
    round: 32,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['97c793d9ab4a', '959b2b1f3d95'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources canonicalises each venue_b identifier it is given (a venue_b: marketKey in market_keys, or a ticker slug in markets with venue=venue_b) through the strike index, which parses the strike suffix as a number: a contract whose strike ends in zero after the decimal point (KXFED-26OCT-T3.00 becomes KXFED-26OCT-T3, KXCPIYOY-26JAN-T3.0 becomes KXCPIYOY-26JAN-T3) resolves to no market and its articles and posts are silently missing from the answer, which stays a 200. Strikes without a trailing zero (T2.8, T3.25), whole-number strikes, the other venues and every other route are right; the bill is unchanged.',
    how: 'GET /api/v1/sources?market_keys=venue_b:KXFED-26OCT-T3.00,venue_b:KXCPIYOY-26MAR-T2.8&window=168 with an API key: the reference lists items of both markets, the bug only those of KXCPIYOY-26MAR-T2.8; GET /api/v1/markets/KXFED-26OCT-T3.00/signals?venue=venue_b lists the same market\'s articles inside the window on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200 || !b || !Array.isArray(b.sources)) return;
      const zeroStrike = (id) => {
        const s = /-T(\d+\.\d*0)$/.exec(String(id || ''));
        return !!s && String(Number(s[1])) !== s[1];
      };
      const kept = b.sources.filter((s) => !(s && s.market && s.market.venue === 'venue_b' && zeroStrike(s.market.nativeMarketId)));
      if (kept.length === b.sources.length) return;
      b.sources = kept;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern d (round 32 a): asset search refuses an asset_type of 65 to 80 characters
  {
    name: 'assets_asset_type_bound_64',
    round: 32,
    pattern: 'd',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['4a6c5a6a8ef5', 'e58a35b4d66f'],
    operations: ['GET /api/v1/assets/search'],
    what: 'GET /api/v1/assets/search validates asset_type against the 64-character width of the Asset table\'s type column instead of the documented 1..80: an asset_type of 65 to 80 characters is refused with 422 invalid_request "asset_type must be 1..64 characters" instead of being applied (it matches no type, so the reference answers 200 with no Assets). asset_type of 1 to 64 characters, 81 or more (422 on both), platform up to 80 characters and every other parameter are right. Keyless unsigned calls still get the 402 challenge first; a signed call is refused before settlement.',
    how: 'GET /api/v1/assets/search?q=*&asset_type=<70 x> with an API key: 200 {assets: []} on the reference, 422 "asset_type must be 1..64 characters" through the bug; the same with platform=<70 x> is 200 on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search')) return null;
      const t = ctx.query.get('asset_type');
      if (t === null) return null;
      const n = [...t].length;
      if (n < 65 || n > 80) return null;
      const body = { error: 'invalid_request', message: 'asset_type must be 1..64 characters' };
      if (ctx.headers['payment-signature']) return ctx.reply(422, body);
      if (!ctx.apiKey) return null;
      // keyed call: let the reference refuse an over-long value, so 429 and 403 keep their order before validation
      ctx.query.set('asset_type', 'x'.repeat(81));
      ctx.r32aTypeBound = true;
      return null;
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.r32aTypeBound || res.status !== 422 || !b || typeof b.message !== 'string') return;
      b.message = b.message.replace(/asset_type must be 1\.\.80 characters/, 'asset_type must be 1..64 characters');
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern d (round 32 a): the sources route metered per started group of five markets
  {
    name: 'sources_debit_per_five_markets',
    round: 32,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['6d0b797a1b12', 'aab559504c4d'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources reads its evidence with a batch loader that takes five markets per batch and sends every batch through the shared metering call, so an API-key call is debited 5 credits ($0.005) per started group of five markets: 1 to 5 entries in market_keys (or markets) cost 5 credits as the table says, 6 to 10 entries cost 10. The answer, the 402 challenge (5000 atomic units), the pricing answer and every other route are right; x402 calls are not touched.',
    how: 'Create an account, GET /api/v1/sources?market_keys=<ten venue_b marketKeys of GET /api/v1/markets?venue=venue_b>&window=168 with its key: 5 credits spent on the reference, 10 through the bug; with four keys 5 on both.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const raw = ctx.query.get('market_keys') ?? ctx.query.get('markets');
      if (raw === null) return;
      const n = dedupe(listParam(raw)).length;
      const extra = 5 * (Math.ceil(n / 5) - 1);
      if (extra > 0) await ctx.charge(extra);
    },
  },
  // ------------------------------------------------------------------ pattern e (round 32 a): the social-research per-second 429 states a wait of 0
  {
    name: 'x_research_second_429_wait_zero',
    round: 32,
    pattern: 'e',
    section: 'Errors',
    sentences: ['324d8a2ff7f0', 'a8500226c2fd', 'd52fce9a3b8f'],
    operations: ['POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'A 429 of the social-research scope\'s per-second window (5 per second) states its wait as the time left in the window floored to whole seconds instead of rounded up: the remainder is always under a second, so Retry-After, the body retry_after, the RateLimit t= and the message all say 0, and a client that honours the wait retries inside the same second and is refused again. The refusal, its scope, RateLimit-Policy, the social minute, day and in-flight 429s and the standard, guard and oil 429s are right; nothing is debited.',
    how: 'Preload an account\'s x_research second usage to 5 (POST /__control/limits/usage), then POST /api/v1/x/search {query: "fed"} with its key: 429 limit_scope x_research with Retry-After 1 and retry_after 1 on the reference, 0 and 0 through the bug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'POST' || !/^\/api\/v1\/x\/(search|profile)$/.test(ctx.path)) return;
      if (res.status !== 429 || !b || b.limit_scope !== 'x_research') return;
      if (!/^"x_research-second"/.test(String(res.headers.ratelimit || ''))) return;
      res.headers['retry-after'] = '0';
      res.headers.ratelimit = String(res.headers.ratelimit).replace(/t=\d+/, 't=0');
      b.retry_after = 0;
      if (typeof b.message === 'string') b.message = b.message.replace(/retry after \d+ s/, 'retry after 0 s');
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern f (round 32 a): the evidence route's 404 for an event identifier billed
  {
    name: 'evidence_event_slug_404_billed',
    round: 32,
    pattern: 'f',
    section: 'Endpoints / GET /api/v1/markets/{slug}/signals ($0.01)',
    sentences: ['85f5a54ab1af', '0c14253e0dc5'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'The evidence route\'s billing gate checks the slug against the venue\'s URL-slug registry, which holds events as well as markets (venue_a event slugs, venue_b event tickers), so a slug that names an event rather than a covered market passes the gate and is debited; the covered-market lookup then answers 404 not_found through a path that skips the refund, and the call keeps its 10 credits. The 404 itself is the reference\'s; made-up slugs, known markets without evidence, other venues\' slugs and every 200 are billed as on the reference; x402 calls are not touched.',
    how: 'Create an account; GET /api/v1/markets/KXFED-26OCT/signals?venue=venue_b (the event of KXFED-26OCT-T3.00) with its key: 404 not_found on both, 0 credits spent on the reference and 10 through the bug; GET /api/v1/markets/fed-decision-in-april-2026/signals (a venue_a event slug) likewise; GET /api/v1/markets/no-such-slug-r32a/signals costs 0 on both.',
    async onResponse(ctx, res) {
      const m = ctx.method === 'GET' && MARKET_SIGNALS.exec(ctx.path);
      if (!m || res.status !== 404 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      let slug;
      try { slug = decodeURIComponent(m[1]); } catch { return; }
      const venue = ctx.query.get('venue') || 'venue_a';
      if (venue !== 'venue_a' && venue !== 'venue_b') return;
      const ref = venue === 'venue_b' ? slug : `https://venue-a.example/event/${slug}`;
      const t = await freeGet(ctx, `/api/public/forecast-targets?ref=${encodeURIComponent(ref)}`);
      if (!t || t.targetType !== 'event' || t.venue !== venue) return;
      const av = await freeGet(ctx, `/api/public/forecast-availability?slug=${encodeURIComponent(slug)}&venue=${venue}`);
      if (av && av.tracked === true) return;
      await ctx.charge(10);
    },
  },
  // ================================================================== round 32 (b): patterns a, a, c, g, g (the generation's owner-scoped quota 429 under its own error code, the oil route's perp_venue_b mark time in epoch milliseconds, x/profile refusing handles with upper-case letters, the polling view calling a rejected job failed, forecast-targets' venue_b children stating lastPrice as a fixed-point string)
  // ------------------------------------------------------------------ pattern a (round 32 b): the generation's owner-scoped daily quota 429 answers error quota_exceeded
  {
    name: 'generation_quota_429_code_quota_exceeded',
    round: 32,
    pattern: 'a',
    section: 'Errors',
    sentences: ['a8500226c2fd'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'When the owner-scoped daily generation quota (quotaScope venue_market_daily) is used up, the 429 of POST /api/auth/forecast-requests comes from the job service\'s own quota error writer, which names the code quota_exceeded instead of rate_limited. Status, message, retryAfter, limit_scope, quotaScope, limit and the rate-limit headers are unchanged; the gateway\'s standard-scope 429s of the same route (second, minute, day, in flight) and every other route still say rate_limited.',
    how: 'With a 100000-credit account, POST /api/auth/forecast-requests {venue_market, venue_a, 1000503} with a new Idempotency-Key each time: 50 are accepted and the 51st answers 429 with quotaScope venue_market_daily and error quota_exceeded (the reference: rate_limited).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/auth/forecast-requests') || res.status !== 429 || !b) return;
      if (typeof b.quotaScope === 'string' && b.error === 'rate_limited') { b.error = 'quota_exceeded'; res.touch(); }
    },
  },
  // ------------------------------------------------------------------ pattern a (round 32 b): the oil route's perp_venue_b mark time passed through in epoch milliseconds
  {
    name: 'oil_perp_venue_b_at_epoch_ms',
    round: 32,
    pattern: 'a',
    section: 'Resources and their fields',
    sentences: ['e965d3311b6c', 'e62639151116'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'GET /api/v1/signals/oil passes the second perp venue\'s mark time through as that venue\'s API gives it, epoch milliseconds as a JSON number (marks.perp_venue_b.at 1796132457000), instead of an RFC 3339 date-time; marks.venue_a_perps.at, the reading, the episode and every other member keep their date-time strings, and a degraded answer with perp_venue_b null is unchanged.',
    how: 'GET /api/v1/signals/oil with an API key: marks.perp_venue_b.at is a number (milliseconds since 1970) while marks.venue_a_perps.at is "2026-...Z".',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status !== 200 || !b || !b.marks) return;
      const m = b.marks.perp_venue_b;
      if (m && typeof m.at === 'string' && Number.isFinite(Date.parse(m.at))) { m.at = Date.parse(m.at); res.touch(); }
    },
  },
  // ------------------------------------------------------------------ pattern c (round 32 b): x/profile refuses handles written with upper-case letters
  {
    name: 'profile_uppercase_handle_refused',
    round: 32,
    pattern: 'c',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['46f6b97839b5'],
    operations: ['POST /api/v1/x/profile'],
    what: 'The profile body validator checks handle against ^@?[a-z0-9_]{1,15}$, the lower-case form the service stores handles in, so a handle written with any upper-case letter (as the platform displays it, e.g. "Policy_Pat") is refused with 422 invalid_request, unbilled, although the documented pattern allows A-Z. The same handle in lower case, with or without "@", is profiled as before. API-key calls only.',
    how: 'POST /api/v1/x/profile {"handle":"Policy_Pat"} with an API key: 422 invalid_request (the reference answers 200 with handle policy_pat); {"handle":"policy_pat"} is 200 on both.',
    onRequest(ctx) {
      if (!isPost(ctx, '/api/v1/x/profile') || !ctx.apiKey) return null;
      const b = ctx.bodyJson();
      if (!b || typeof b !== 'object' || typeof b.handle !== 'string') return null;
      if (!/^@?[A-Za-z0-9_]{1,15}$/.test(b.handle) || !/[A-Z]/.test(b.handle)) return null;
      return ctx.reply(422, { error: 'invalid_request', message: 'handle must match ^@?[a-z0-9_]{1,15}$' });
    },
  },
  // ------------------------------------------------------------------ pattern g (round 32 b): the polling view states a rejected job as failed
  {
    name: 'job_status_view_rejected_as_failed',
    round: 32,
    pattern: 'g',
    section: 'Endpoints / GET /api/auth/forecast-requests/{jobId} (free, API key only)',
    sentences: ['caa8b630420e'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'The polling projection (view=status) maps terminal states through a three-way table written for a progress bar (pending, succeeded, failed), so a job that ended rejected is stated as status failed in view=status, while the default and view=result reads of the same job say rejected. errorCode (forecast_request_rejected), forecastIds, timestamps and listing are unchanged, and failed, succeeded and pending jobs are right in both views.',
    how: 'Create a job (POST /api/auth/forecast-requests, venue_a 1000503), end it with POST /__control/jobs/{jobId} {outcome: rejected}, then GET /api/auth/forecast-requests/{jobId}?view=status: status failed with errorCode forecast_request_rejected; the default view says rejected.',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !JOB_READ.test(ctx.path) || ctx.query.get('view') !== 'status' || res.status !== 200 || !b) return;
      if (b.status === 'rejected') { b.status = 'failed'; res.touch(); }
    },
  },
  // ------------------------------------------------------------------ pattern g (round 32 b): forecast-targets' venue_b children state lastPrice as the venue's fixed-point string
  {
    name: 'targets_venue_b_child_last_price_string',
    round: 32,
    pattern: 'g',
    section: 'Resources and their fields / Target resolution (GET /api/public/forecast-targets)',
    sentences: ['fee0dd0b3269'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'The venue_b resolver copies each child market\'s last trade from the venue\'s fixed-point dollar field without parsing it, so lastPrice of every venue_b child (markets[] and selectedMarket) is a four-decimal string ("0.9700") instead of a number; yesBid, yesAsk, the strikes, volume24h and openInterest are numbers as before, and venue_a targets (which carry no lastPrice) are unchanged.',
    how: 'GET /api/public/forecast-targets?ref=KXFED-26JUN: markets[0].lastPrice is "0.9700" (the reference: 0.97), while yesBid is 0.97.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-targets') || res.status !== 200 || !b || b.venue !== 'venue_b') return;
      const fix = (c) => { if (c && typeof c.lastPrice === 'number') c.lastPrice = c.lastPrice.toFixed(4); };
      if (Array.isArray(b.markets)) b.markets.forEach(fix);
      if (b.selectedMarket) fix(b.selectedMarket);
      res.touch();
    },
  },
  // ================================================================== round 33 (a): patterns a, a, c, e, g (the job read stating updatedAt in the database's text form, the latest feed's serviceUrl of legacy venue_a rows built from the marketKey, forecast-targets answering 404 for venue_b children named by an outcome word, the per-IP guard's per-second 429 stating a wait of 0, the oil episode's prices as decimal strings)
  // ------------------------------------------------------------------ pattern a (round 33 a): the job read's updatedAt in PostgreSQL's timestamptz text form
  {
    name: 'job_updated_at_postgres_text',
    round: 33,
    pattern: 'a',
    section: 'Resources and their fields / Forecast request (job)',
    sentences: ['3ac84dfc7e19', 'e965d3311b6c'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'The job read copies updatedAt from the job row as the database driver renders a timestamptz column in text mode ("2026-12-01 16:46:47.994+00": a space for the T and an hour-only offset), which is not an RFC 3339 date-time; createdAt (set by the service when it accepts the job), the forecasts\' createdAt, the POST answer and every other member are right, in every view and every state.',
    how: 'Create an account, POST /api/auth/forecast-requests {venue_market, venue_a, 1000503} with an Idempotency-Key, then GET /api/auth/forecast-requests/{jobId}: updatedAt is "YYYY-MM-DD hh:mm:ss.sss+00" while createdAt is "YYYY-MM-DDThh:mm:ss.sssZ".',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !JOB_READ.test(ctx.path) || res.status !== 200 || !b) return;
      const m = typeof b.updatedAt === 'string' && /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2}(?:\.\d+)?)Z$/.exec(b.updatedAt);
      if (m) { b.updatedAt = `${m[1]} ${m[2]}+00`; res.touch(); }
    },
  },
  // ------------------------------------------------------------------ pattern a (round 33 a): the latest feed's serviceUrl of legacy venue_a rows built from the marketKey
  {
    name: 'latest_legacy_service_url_market_key',
    round: 33,
    pattern: 'a',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['8fea420baad1'],
    operations: ['GET /api/v1/latest'],
    what: 'The latest feed builds each event market\'s serviceUrl from the marketKey (the feed\'s join key) instead of the serviceMarketId, so for legacy venue_a rows, whose serviceMarketId is the bare numeric id, serviceUrl is {site}/markets/venue_a%3A520224 while serviceMarketId says 520224. Rows whose serviceMarketId is venue-prefixed (venue_b, venue_c, venue_a_us and the newer venue_a rows) come out right because the two ids coincide; the encoding, every other member and every other route are right.',
    how: 'GET /api/v1/latest with an API key: events whose market is a legacy venue_a row (serviceMarketId without a colon, e.g. 520224) carry serviceUrl https://site.example/markets/venue_a%3A520224 instead of https://site.example/markets/520224.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events)) return;
      for (const e of b.events) {
        const m = e && e.market;
        if (!m || m.venue !== 'venue_a' || typeof m.serviceUrl !== 'string' || typeof m.marketKey !== 'string') continue;
        if (typeof m.serviceMarketId !== 'string' || m.serviceMarketId.includes(':')) continue;
        m.serviceUrl = m.serviceUrl.replace(/\/markets\/[^/]*$/, `/markets/${encodeURIComponent(m.marketKey)}`);
      }
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern c (round 33 a): forecast-targets answers 404 for venue_b children named by an outcome word
  {
    name: 'targets_outcome_suffix_child_404',
    round: 33,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-targets (free, no auth)',
    sentences: ['4d6ffdd7c542', 'e8ad531b4f00'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'The venue_b resolver looks a bare ref up in the event index first and, on a miss, splits off a child only when the last segment is a strike (T or B and a number). An exact binary child whose last segment is an outcome word (KXRECESSION-26-YES, KXNVDAMCAP-26-YES, KXPRESPARTY-28-D) is therefore neither an event nor a child, and the route answers 404 not_found with the ticker echo, as for a ticker that does not exist. Strike children (KXFED-26OCT-T3.00), event tickers (KXRECESSION-26), event URLs and venue_a refs are right; the bare and the venue_b: marketKey forms both fail.',
    how: 'GET /api/public/forecast-targets?ref=KXRECESSION-26-YES: the reference answers 200 targetType market with selectedMarket KXRECESSION-26-YES and a ready generation body; the bug answers 404 {error: not_found, ticker: "KXRECESSION-26-YES"}. ref=KXRECESSION-26 (its event) is 200 on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-targets') || res.status !== 200 || !b) return;
      if (b.venue !== 'venue_b' || b.targetType !== 'market') return;
      const ref = ctx.query.get('ref') || '';
      if (/^[a-z]+:\/\//i.test(ref)) return;
      const ticker = ref.replace(/^venue_b:/, '');
      const segs = ticker.split('-');
      if (segs.length < 2 || /^[TB]-?\d/i.test(segs[segs.length - 1])) return;
      return ctx.reply(404, { error: 'not_found', message: `no forecast target matches ${ticker}`, ticker: ref });
    },
  },
  // ------------------------------------------------------------------ pattern e (round 33 a): the per-IP guard's per-second 429 states a wait of 0
  {
    name: 'ip_guard_second_429_wait_zero',
    round: 33,
    pattern: 'e',
    section: 'Errors',
    sentences: ['324d8a2ff7f0', 'a8500226c2fd', '63e39410bea6'],
    operations: ['GET /api/v1/latest', 'GET /api/v1/sources', 'GET /api/v1/assets', 'GET /api/v1/markets', 'GET /api/public/forecast-availability', 'GET /api/public/forecast-targets'],
    what: 'A 429 of the per-IP guard\'s per-second window (50 per second) states its wait as the time left in the window floored to whole seconds instead of rounded up: the remainder is always under a second, so Retry-After, the body retry_after, the RateLimit t= and the message all say 0, and a client that honours the wait retries inside the same second and is refused again. The refusal, limit_scope ip_guard, RateLimit-Policy, the guard\'s minute and day 429s and the standard, social and oil 429s are right; nothing is debited.',
    how: 'Wait for a fresh second, preload the guard\'s second window of the client address to 50 (POST /__control/limits/usage {scope: ip_guard, window: second, count: 50}), then GET /api/v1/assets with an API key: 429 limit_scope ip_guard with Retry-After 1 and retry_after 1 on the reference, 0 and 0 through the bug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (res.status !== 429 || !b || b.limit_scope !== 'ip_guard') return;
      if (!/^"ip_guard-second"/.test(String(res.headers.ratelimit || ''))) return;
      res.headers['retry-after'] = '0';
      res.headers.ratelimit = String(res.headers.ratelimit).replace(/t=\d+/, 't=0');
      b.retry_after = 0;
      if (typeof b.message === 'string') b.message = b.message.replace(/retry after \d+ s/, 'retry after 0 s');
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern g (round 33 a): the oil episode's prices as decimal strings
  {
    name: 'oil_episode_prices_numeric_strings',
    round: 33,
    pattern: 'g',
    section: 'Resources and their fields / Crude-oil signal (GET /api/v1/signals/oil)',
    sentences: ['3e5e2c1a4c86'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'The oil route reads the episode\'s ref_price and outcome_price from NUMERIC(10,2) columns, which the database driver returns as strings, and passes them on unparsed: episode.ref_price "71.11" and outcome_price "74.83" instead of numbers. return_pct and live_return_pct (computed in the service), days, the reading, the marks and a null outcome_price are unchanged.',
    how: 'GET /api/v1/signals/oil with an API key: episode.ref_price is the string "71.11" (the reference: the number 71.11), while episode.return_pct is a number.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status !== 200 || !b || !b.episode || typeof b.episode !== 'object') return;
      for (const k of ['ref_price', 'outcome_price']) {
        const x = b.episode[k];
        if (typeof x === 'number') b.episode[k] = Math.abs(x * 100 - Math.round(x * 100)) < 1e-9 ? x.toFixed(2) : String(x);
      }
      res.touch();
    },
  },
  // ================================================================== round 33 (b): patterns b, d, d, f, f (the latest feed dropping social posts when forecasts and posts are asked without articles, availability refusing a slug of 256 to 512 characters, market search debited twice for an as_of snapshot, the oil route billing an answer degraded by the second perp venue's mark alone, the social-research in-flight 429 billed)
  // ------------------------------------------------------------------ pattern b (round 33 b): the latest feed drops x_post events from types=forecast,x_post
  {
    name: 'latest_types_forecast_x_post_pair',
    round: 33,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/latest ($0.02)',
    sentences: ['157e1f7c1d80'],
    operations: ['GET /api/v1/latest'],
    what: 'GET /api/v1/latest decides which of its two lanes to read from the types list as "forecast lane when forecast is asked; evidence lane when article is asked or forecast is not", a shortcut meant to skip the evidence lane for types=forecast alone. So the one subset that asks for forecasts and social posts but not articles (types=forecast,x_post, in either order) never reads the evidence lane: its x_post events are missing, and the answer holds only the forecasts (count recounted, the types echo still forecast and x_post). Every single value, the pairs with article, all three and the default are right; the bill is unchanged.',
    how: 'GET /api/v1/latest?hours=6&types=forecast,x_post with an API key: the reference answers forecast and x_post events (55 and 39 at the seed), the bug only the 55 forecasts, while GET /api/v1/latest?hours=6&types=x_post lists the 39 posts on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events)) return;
      const raw = ctx.query.get('types');
      if (raw === null) return;
      const t = new Set(listParam(raw));
      if (!(t.has('forecast') && t.has('x_post') && !t.has('article'))) return;
      const kept = b.events.filter((e) => !(e && e.type === 'x_post'));
      if (kept.length === b.events.length) return;
      b.events = kept;
      if (typeof b.count === 'number') b.count = kept.length;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern d (round 33 b): availability refuses a slug of 256 to 512 characters
  {
    name: 'availability_slug_bound_255',
    round: 33,
    pattern: 'd',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['96fba92b0249', 'e58a35b4d66f'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'GET /api/public/forecast-availability validates its slug parameter against the 255-character width of the slug index it looks the market up in, instead of the documented 1..512: a slug of 256 to 512 characters is refused with 422 invalid_request "slug must be 1..255 characters" instead of being looked up (the reference answers 200 with tracked false and every other member null for a slug no market has). Slugs of 1 to 255 characters, 513 or more (422 on both), market_key and market_id of any length, and the slug path parameters of the other routes are right.',
    how: 'GET /api/public/forecast-availability?slug=<300 x "a"> (no key): 200 {tracked: false, available: false, ...} on the reference, 422 "slug must be 1..255 characters" through the bug; ?market_id=<300 x "a">&venue=venue_b is 200 on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-availability')) return null;
      const s = ctx.query.get('slug');
      if (s === null) return null;
      const n = [...s].length;
      if (n < 256 || n > 512) return null;
      // let the reference refuse an over-long slug, so any earlier refusal (a 429, a conflict) keeps its order
      ctx.query.set('slug', 'a'.repeat(513));
      ctx.r33bSlugBound = true;
      return null;
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.r33bSlugBound || res.status !== 422 || !b || typeof b.message !== 'string') return;
      b.message = b.message.replace(/slug must be 1\.\.512 characters/, 'slug must be 1..255 characters');
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern d (round 33 b): market search debited twice for an as_of snapshot
  {
    name: 'markets_search_as_of_debit_20',
    round: 33,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['a67cee85dc70', '66e6cfbfb00f'],
    operations: ['GET /api/v1/markets/search'],
    what: 'GET /api/v1/markets/search sends a request that carries as_of through the historical-snapshot lane, which calls the shared metering step itself, and the search handler meters the call again: an API-key search with as_of (a date or an instant) is debited 20 credits ($0.02) instead of the table\'s $0.01. The answer is the reference\'s; a search without as_of costs 10 credits, the 402 challenge, the pricing answer and every other route are right; x402 calls are not touched.',
    how: 'Create an account, GET /api/v1/markets/search?q=fed with its key (10 credits on both), then GET /api/v1/markets/search?q=fed&as_of=2026-11-30: 10 credits spent on the reference, 20 through the bug.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/markets/search') || res.status !== 200 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (ctx.query.get('as_of') === null) return;
      await ctx.charge(10);
    },
  },
  // ------------------------------------------------------------------ pattern f (round 33 b): the oil route bills an answer degraded by perp_venue_b alone
  {
    name: 'oil_perp_venue_b_down_billed',
    round: 33,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5', '03bc51cf5e0d'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'The oil route decides its refund from the outcome of its first upstream mark fetch (venue_a_perps) only, the fetch it made first when the route had one mark: when the second perp venue\'s mark alone could not be fetched (marks.perp_venue_b null, degraded true, venue_a_perps present), the 10-credit debit of an API-key call is kept. An answer degraded by venue_a_perps, or by both marks, is refunded as on the reference, and the answer itself (status, marks, degraded, reading) is unchanged; x402 calls are not touched.',
    how: 'POST /__control/oil {scope S, reading seeded, marksDown [perp_venue_b]}; GET /api/v1/signals/oil with an API key and X-Fault-Scope S: 200 with degraded true and perp_venue_b null, 0 credits spent on the reference and 10 through the bug; with marksDown [venue_a_perps] 0 on both.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status !== 200 || !b || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const m = b.marks;
      if (b.degraded !== true || !m || m.perp_venue_b !== null || !m.venue_a_perps) return;
      await ctx.charge(10);
    },
  },
  // ------------------------------------------------------------------ pattern f (round 33 b): the social-research in-flight 429 billed
  {
    name: 'x_research_concurrency_429_billed',
    round: 33,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['4fc78605712d', 'c62df283b618'],
    operations: ['POST /api/v1/x/search', 'POST /api/v1/x/profile'],
    what: 'The social-research limiter checks its second, minute and day windows before the debit, but its in-flight bound only after the debit (the slot is taken where the call starts its research), and that refusal path skips the refund: a social call refused because five of the key\'s social calls are running (429 limit_scope x_research, RateLimit "x_research-concurrency") keeps the route\'s price (500 credits for x/search, 1000 for x/profile). The 429 itself is the reference\'s; the social second, minute and day 429s and every standard-scope 429 debit nothing; x402 calls are not touched.',
    how: 'POST /__control/faults {POST /api/v1/x/search, latencyMs 3000, times 5, scope S}; five POST /api/v1/x/search {query: "fed", limit: 1} with one key and X-Fault-Scope S, then a sixth 1.2 s later (a new second window) while the five still run: 429 "x_research-concurrency"; the account spends 2500 credits on the reference and 3000 through the bug.',
    async onResponse(ctx, res) {
      if (ctx.method !== 'POST' || !/^\/api\/v1\/x\/(search|profile)$/.test(ctx.path)) return;
      if (res.status !== 429 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (!/^"x_research-concurrency"/.test(String(res.headers.ratelimit || ''))) return;
      await ctx.charge(PRICE[ctx.path]);
    },
  },
  // ================================================================== round 34 (a): patterns a, a, c, e, g (the job read's ON_MARKET refs stated from the market's side, the trade-signal list's 429 without RateLimit-Policy, generation refusing legacy venue_a numeric ids, the market list's default forecast window of 24 hours, snapshot quotes' schema_version as a number)
  // ------------------------------------------------------------------ pattern a (round 34 a): the job read's ON_MARKET refs say direction incoming
  {
    name: 'job_forecast_market_ref_incoming',
    round: 34,
    pattern: 'a',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['e2cb86870ea1'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'The job read builds the relationships of each published forecast (forecasts[].relationships, view=result after success) from the market\'s side of the ON_MARKET edge, so the direct ON_MARKET market ref says direction "incoming" (the edge as seen from the market) instead of "outgoing" relative to the forecast that is the ref\'s subject. The two-hop asset refs (via market), relationship, via, every other member, the status view and every other route\'s forecast envelopes (forecast read, latest feed, availability) are right.',
    how: 'Create an account, POST /api/auth/forecast-requests {venue_market, venue_a, 1000503} with an Idempotency-Key, POST /__control/clock {advanceSeconds: 700}, GET /api/auth/forecast-requests/{jobId}: status succeeded, forecasts[0].relationships.markets[0] is {relationship ON_MARKET, via direct, direction "outgoing"} on the reference and direction "incoming" through the bug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !JOB_READ.test(ctx.path) || res.status !== 200 || !b || !Array.isArray(b.forecasts)) return;
      let n = 0;
      for (const f of b.forecasts) {
        const refs = f && f.relationships && f.relationships.markets;
        if (!Array.isArray(refs)) continue;
        for (const r of refs) if (r && r.relationship === 'ON_MARKET' && r.via === 'direct' && r.direction === 'outgoing') { r.direction = 'incoming'; n++; }
      }
      if (n) res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern a (round 34 a): the trade-signal list's 429 carries no RateLimit-Policy
  {
    name: 'signal_list_429_no_ratelimit_policy',
    round: 34,
    pattern: 'a',
    section: 'Errors',
    sentences: ['a8500226c2fd'],
    operations: ['GET /api/v1/signals'],
    what: 'The 429 answers of GET /api/v1/signals (published trade signals) are written by the route\'s own early-exit path, which sets Retry-After and RateLimit but not RateLimit-Policy, so a client cannot learn the quota that refused it from this route. The body (rate_limited, retry_after, limit_scope), the other two headers, the status and every other route\'s 429 (the evidence route /api/v1/markets/{slug}/signals included) are right; nothing is debited.',
    how: 'Create an account, preload its standard minute window (POST /__control/limits/usage {scope standard, window minute, count 600}), GET /api/v1/signals with its key: 429 with RateLimit-Policy "standard-second";q=20;w=1, ... on the reference, no RateLimit-Policy header through the bug (Retry-After 60 and RateLimit "standard-minute";r=0;t=60 on both).',
    onResponse(ctx, res) {
      if (isGet(ctx, '/api/v1/signals') && res.status === 429 && res.headers['ratelimit-policy'] !== undefined) {
        delete res.headers['ratelimit-policy'];
      }
    },
  },
  // ------------------------------------------------------------------ pattern c (round 34 a): generation answers 404 for legacy venue_a numeric ids
  {
    name: 'generation_legacy_venue_a_id_404',
    round: 34,
    pattern: 'c',
    section: 'Resources and their fields / Generation body (VenueMarketForecastRequest)',
    sentences: ['1074a9aaeecf'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'POST /api/auth/forecast-requests looks a venue_a market_id up in the service-market-id index as "venue_a:<id>", the form of the newer venue_a rows, so a legacy venue_a market (whose serviceMarketId is the bare numeric id, e.g. 520224, 503039) is not found and the request is answered 404 not_found ("the venue venue_a has no market ...", nothing debited) instead of being accepted, although forecast-availability hands out that very body for it. Newer venue_a rows (1000503), venue_b tickers and every read of the same markets are right.',
    how: 'With an API key and an Idempotency-Key, POST /api/auth/forecast-requests {"kind":"venue_market","venue":"venue_a","market_id":"520224"}: 202 with a jobId (1000 credits) on the reference, 404 not_found (0 credits) through the bug; market_id 1000503 is 202 on both.',
    async onRequest(ctx) {
      if (!isPost(ctx, '/api/auth/forecast-requests')) return null;
      const b = ctx.bodyJson();
      if (!b || typeof b !== 'object' || b.kind !== 'venue_market' || b.venue !== 'venue_a' || typeof b.market_id !== 'string' || !/^\d+$/.test(b.market_id)) return null;
      if (!(await r34aLegacyVenueA(ctx, b.market_id))) return null;
      ctx.r34aLegacyId = b.market_id;
      b.market_id = `venue_a:${b.market_id}`;
      ctx.setBodyJson(b);
      ctx.headers['content-length'] = String(ctx.body.length);
      return null;
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.r34aLegacyId || !b || typeof b.message !== 'string') return;
      b.message = b.message.split(`venue_a:${ctx.r34aLegacyId}`).join(ctx.r34aLegacyId);
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern e (round 34 a): the market list's default forecast window is 24 hours
  {
    name: 'markets_default_forecast_age_24h',
    round: 34,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['fb6a3786da57'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets applies a default max_forecast_age of 24 hours (the board\'s freshness default) instead of the documented 48 when the parameter is omitted: forecast_count and latest_forecast_at only count forecasts of the last day, and markets whose only in-window forecast is 24 to 48 hours old and that have no signals drop out of the list (venue_facets recounted accordingly). An explicit max_forecast_age (48 included), changed_within, sort, topic and venue are honoured exactly; the bill is unchanged.',
    how: 'GET /api/v1/markets and GET /api/v1/markets?max_forecast_age=48 with an API key: identical on the reference (254 markets at the seed); through the bug the first lists fewer markets (242) and e.g. venue_b:KXCPIYOY-26APR-T3.2 says forecast_count 0 and latest_forecast_at null while the explicit 48 says 1.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets') || ctx.query.has('max_forecast_age')) return null;
      ctx.query.set('max_forecast_age', '24');
      return null;
    },
  },
  // ------------------------------------------------------------------ pattern g (round 34 a): snapshot quotes of the market list state schema_version as the number 1
  {
    name: 'markets_snapshot_quote_schema_version_number',
    round: 34,
    pattern: 'g',
    section: 'Resources and their fields / Venue quote (VenueQuoteV1)',
    sentences: ['a60ca0fe1778'],
    operations: ['GET /api/v1/markets'],
    what: 'In GET /api/v1/markets, the venue quotes of venue_a_us and venue_c rows (graph snapshots, quote_method graph_snapshot) are built from the stored snapshot record, whose schema_version column is an integer, so venue_quote.schema_version is the number 1 instead of the constant string "1". Live quotes (venue_a, venue_b) of the same answer, every other member and every other route\'s quotes are right.',
    how: 'GET /api/v1/markets with an API key: rows whose venue is venue_c or venue_a_us carry venue_quote.schema_version 1 (a number) through the bug, "1" on the reference; venue_a and venue_b rows say "1" on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      let n = 0;
      for (const m of b.markets) {
        const q = m && m.venue_quote;
        if (q && q.quote_method === 'graph_snapshot' && q.schema_version === '1') { q.schema_version = 1; n++; }
      }
      if (n) res.touch();
    },
  },
  // ================================================================== round 34 (b): patterns b, b, d, f, f (asset search's material_only dropped beside a named q, the market list's venue_c filter merging the other graph-snapshot venue, the profile's default lookback of 180 days, the perp-signal list's per-minute 429 billed, the market list's upstream 502 billed)
  // ------------------------------------------------------------------ pattern b (round 34 b): material_only dropped in q mode with a named term
  {
    name: 'assets_q_material_only_dropped',
    round: 34,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['509443b65376'],
    operations: ['GET /api/v1/assets/search'],
    what: 'GET /api/v1/assets/search with a named q term (anything but "*") and material_only=true ignores material_only: Assets with no active direct linked market carrying venue odds or a latest forecast probability are listed, while the echo still says material_only true. material_only alone, with q=*, and with reference are honoured.',
    how: 'GET /api/v1/assets/search?q=dormant&material_only=true with an API key: 0 assets on the reference, the non-material dormant-holdings asset (markets_with_forecast 0, no odds) through the bug; q=*&material_only=true leaves it out on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search')) return;
      const q = ctx.query.get('q');
      if (q !== null && q.trim() !== '*' && !ctx.query.has('reference') && ctx.query.get('material_only') === 'true') {
        ctx.query.delete('material_only');
        ctx.r34bMatDropped = true;
      }
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.r34bMatDropped && res.status === 200 && b) { b.material_only = true; res.touch(); }
    },
  },
  // ------------------------------------------------------------------ pattern b (round 34 b): venue=venue_c on the market list also keeps venue_a_us rows
  {
    name: 'markets_venue_c_snapshot_lane_merged',
    round: 34,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['f2c39a12bd17'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets?venue=venue_c filters on the quote lane (graph_snapshot) rather than the venue key, so it also lists the venue_a_us rows (the other snapshot-priced venue). venue=venue_a, venue_b and venue_a_us, and every other route\'s venue filter, are right; venue_facets (over the unfiltered catalog) stay as on the reference.',
    how: 'GET /api/v1/markets?venue=venue_c with an API key: every row has venue venue_c on the reference (31 rows); through the bug 52 rows, 21 of them venue_a_us.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets') || ctx.query.get('venue') !== 'venue_c' || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      const q = new URLSearchParams(ctx.query);
      q.set('venue', 'venue_a_us');
      const other = await r34bOwnGet(ctx, `/api/v1/markets?${q.toString()}`);
      if (!other || !Array.isArray(other.markets)) return;
      const seen = new Set(b.markets.map((m) => m.marketKey));
      const merged = b.markets.concat(other.markets.filter((m) => !seen.has(m.marketKey)));
      const sort = ctx.query.get('sort') || 'updated_desc';
      const key = sort === 'volume_desc' ? (m) => (typeof m.volume_24h === 'number' ? m.volume_24h : -Infinity)
        : sort === 'signal_count_desc' ? (m) => m.signal_count
          : (m) => Date.parse(m.market_updated_at) || 0;
      merged.sort((x, y) => key(y) - key(x));
      b.markets = merged;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern d (round 34 b): the profile's default lookback of 180 days
  {
    name: 'profile_default_lookback_180',
    round: 34,
    pattern: 'd',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['ee7112e11786'],
    operations: ['POST /api/v1/x/profile'],
    what: 'POST /api/v1/x/profile without lookback_days profiles the last 180 days instead of the default 365: window.lookback_days is 180 and window.from_date 180 days before to_date. An explicit lookback_days (365 included) is honoured; the price and every other member are the reference\'s.',
    how: 'POST /api/v1/x/profile {handle: "policy_pat"} with an API key: window.lookback_days 365 (from_date a year before to_date) on the reference, 180 through the bug; {handle: "policy_pat", lookback_days: 365} says 365 on both.',
    onRequest(ctx) {
      if (!isPost(ctx, '/api/v1/x/profile')) return;
      const body = ctx.bodyJson();
      if (body && typeof body === 'object' && !Array.isArray(body) && body.lookback_days === undefined && typeof body.handle === 'string') {
        body.lookback_days = 180;
        ctx.setBodyJson(body);
      }
    },
  },
  // ------------------------------------------------------------------ pattern f (round 34 b): the perp-signal list's per-minute 429 billed
  {
    name: 'perps_minute_429_billed',
    round: 34,
    pattern: 'f',
    section: 'Limits',
    sentences: ['c62df283b618', '4fc78605712d'],
    operations: ['GET /api/v1/signals/perps'],
    what: 'A 429 of GET /api/v1/signals/perps refused by the standard scope\'s per-minute window debits the route\'s 5 credits from the API-key account. The 429 itself (status, body, Retry-After, RateLimit headers) is the reference\'s; its second, day and in-flight 429s, and every other route\'s 429, debit nothing; x402 calls are not touched.',
    how: 'POST /__control/limits/usage {scope standard, window minute, count 600, accountId}; GET /api/v1/signals/perps with that key: 429 "standard-minute" on both, 0 credits spent on the reference and 5 through the bug.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/signals/perps') || res.status !== 429) return;
      if (!ctx.apiKey || ctx.headers['payment-signature']) return;
      if (!/^"standard-minute"/.test(String(res.headers.ratelimit || ''))) return;
      await ctx.charge(5);
    },
  },
  // ------------------------------------------------------------------ pattern f (round 34 b): the market list's upstream 502 billed
  {
    name: 'markets_catalog_502_billed',
    round: 34,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets answers an upstream failure with 502 upstream_unavailable as the reference does, but its error path skips the API-key refund, so the call keeps its 10-credit debit. Its 200s, 429s and other error statuses, and every other route\'s 502, are right; x402 calls are not settled.',
    how: 'POST /__control/faults {GET /api/v1/markets, status 502, times 1, scope S}; GET /api/v1/markets with an API key and X-Fault-Scope S: 502 on both sides, 0 credits spent on the reference and 10 through the bug.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 502) return;
      if (!ctx.apiKey || ctx.headers['payment-signature']) return;
      await ctx.charge(10);
    },
  },
  // ---------------------------------------------------------------- round 35 (a)
  {
    name: 'markets_venue_a_us_filter_empty',
    round: 35,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['f2c39a12bd17'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets?venue=venue_a_us answers an empty markets array: the catalog\'s venue filter maps the venue key to the catalog\'s venue code through a table written before the US venue was added, so venue_a_us maps to no code and matches no row. venue=venue_a, venue_b and venue_c, the unfiltered list (which lists the venue_a_us rows) and venue_facets (which count the whole list, as on the reference) are right.',
    how: 'GET /api/v1/markets (venue_a_us rows listed, facet venue_a_us 21), then GET /api/v1/markets?venue=venue_a_us: 21 rows on the reference, [] through the bug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      if (ctx.query.get('venue') !== 'venue_a_us') return;
      b.markets = [];
      res.touch();
    },
  },
  {
    name: 'targets_exact_child_estimated_cost_one',
    round: 35,
    pattern: 'd',
    section: 'Resources and their fields / Target resolution (GET /api/public/forecast-targets)',
    sentences: ['1d099ad81fdb', '7d408c9bbf65'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'For exact venue_b child input (a child ticker or a venue_b: marketKey of a child) of a multi-contract event, allContracts.estimatedCostUsd states the selected child\'s own generation price ("1.00") instead of the fan-out plan\'s cost (marketCount x $1.00, "5.00" for a five-child event); marketCount, requests, every child\'s generation.costUsd and the event-input answer (which says "5.00") are the reference\'s.',
    how: 'GET /api/public/forecast-targets?ref=KXCPIYOY-26MAR-T2.8: allContracts {marketCount 5, requests 5} with estimatedCostUsd "5.00" on the reference and "1.00" through the bug; ref=KXCPIYOY-26MAR says "5.00" on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-targets') || res.status !== 200 || !b) return;
      if (b.venue !== 'venue_b' || b.targetType !== 'market' || !b.allContracts || !b.selectedMarket) return;
      const g = b.selectedMarket.generation;
      if (!g || typeof g.costUsd !== 'string' || !(b.allContracts.marketCount > 1)) return;
      b.allContracts.estimatedCostUsd = g.costUsd;
      res.touch();
    },
  },
  {
    name: 'job_foreign_404_billed',
    round: 35,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5', '10cc32b6b192'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'The job read looks a jobId up before the ownership check and meters the lookup at the stored-read price when the job exists: reading a job that belongs to another account answers the same 404 not_found body as an unknown jobId, but debits 10 credits from the caller\'s account. An unknown jobId\'s 404, and every read of one\'s own jobs (either view), stay free.',
    how: 'Account A: POST /api/auth/forecast-requests (venue_a 1000503, Idempotency-Key) -> jobId; account B: GET /api/auth/forecast-requests/{jobId}: 404 on both sides, B spends 0 credits on the reference and 10 through the bug.',
    async onResponse(ctx, res) {
      const jobs = r35aJobs(ctx);
      if (ctx.method === 'POST' && ctx.path === '/api/auth/forecast-requests' && res.status >= 200 && res.status < 300) {
        const b = J(res);
        if (b && typeof b.jobId === 'string' && ctx.apiKey) jobs.set(b.jobId.toLowerCase(), ctx.apiKey);
        return;
      }
      const m = ctx.method === 'GET' ? JOB_READ.exec(ctx.path) : null;
      if (!m || res.status !== 404 || !ctx.apiKey) return;
      let id;
      try { id = decodeURIComponent(m[1]).toLowerCase(); } catch { return; }
      const owner = jobs.get(id);
      if (owner && owner !== ctx.apiKey) await ctx.charge(10);
    },
  },
  {
    name: 'sources_concurrency_max_concurrent_5',
    round: 35,
    pattern: 'd',
    section: 'Limits',
    sentences: ['db986177c205', 'a8500226c2fd'],
    operations: ['GET /api/v1/sources'],
    what: 'The concurrency 429 of GET /api/v1/sources (the standard scope\'s in-flight bound, ten calls of one account already running) carries X-Quotient-Max-Concurrent: 5, the social-research scope\'s bound, because the sources route (which also returns social posts) takes the header from the social limiter profile; the limiter still admits ten in flight, and RateLimit-Policy ("standard-concurrency";q=10), RateLimit, Retry-After and the body are the reference\'s. Every other route, and the sources route\'s second, minute and day 429s, are right.',
    how: 'POST /__control/faults {GET /api/v1/sources, latencyMs 1500, times 10, scope S}; eleven GET /api/v1/sources?market_keys=venue_a:520224 calls of one API key with X-Fault-Scope S, 20 ms apart: the eleventh answers 429 "standard-concurrency" with X-Quotient-Max-Concurrent 10 on the reference and 5 through the bug.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 429) return;
      if (res.headers['x-quotient-max-concurrent'] === undefined) return;
      if (!/standard-concurrency/.test(String(res.headers.ratelimit || ''))) return;
      res.headers['x-quotient-max-concurrent'] = '5';
    },
  },
  {
    name: 'assets_directory_502_billed',
    round: 35,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/assets'],
    what: 'GET /api/v1/assets (the metadata-only directory) answers an upstream failure with 502 upstream_unavailable as the reference does, but its error path skips the API-key refund, so the call keeps its 5-credit debit. Its 200s, 429s and other statuses, the asset search\'s 502, and every other route\'s 502 are right; x402 calls are not settled.',
    how: 'POST /__control/faults {GET /api/v1/assets, status 502, times 1, scope S}; GET /api/v1/assets with an API key and X-Fault-Scope S: 502 on both sides, 0 credits spent on the reference and 5 through the bug.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets') || res.status !== 502) return;
      if (!ctx.apiKey || ctx.headers['payment-signature']) return;
      await ctx.charge(5);
    },
  },
  // ------------------------------------------------------------------ pattern a (round 35 b): the targets 404 of a URL ref without its error code
  {
    name: 'targets_url_ref_404_no_error_code',
    round: 35,
    pattern: 'a',
    section: 'Errors',
    sentences: ['69081e483e80'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'When GET /api/public/forecast-targets answers 404 for a URL-form ref (a venue_a /event/ or /market/ browser URL or a venue_b event URL that matches nothing), the error body lacks the required error member: it carries only message and the echoed ticker. The 404 of a bare ticker or marketKey ref, the 422s and 503s, and every other route\'s errors keep {error, message}.',
    how: 'GET /api/public/forecast-targets?ref=https%3A%2F%2Fvenue-a.example%2Fevent%2Fno-such-event-xyz: 404 {"message":"no forecast target matches no-such-event-xyz","ticker":"https://venue-a.example/event/no-such-event-xyz"} with no error; ?ref=KXNOPE-99 still answers {"error":"not_found",...}.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/public/forecast-targets') || res.status !== 404) return;
      const b = J(res);
      if (!b || !r35bIsUrlRef(ctx.query.get('ref'))) return;
      delete b.error;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern a (round 35 b): asset-search linked markets' market_updated_at without a zone
  {
    name: 'asset_linked_market_updated_at_zoneless',
    round: 35,
    pattern: 'a',
    section: 'Resources and their fields',
    sentences: ['e965d3311b6c'],
    operations: ['GET /api/v1/assets/search'],
    what: 'The linked markets hydrated by GET /api/v1/assets/search (reference mode and material_only mode) carry market_updated_at as a zone-less local date-time ("2026-12-01T20:26:00.000", the graph store\'s LocalDateTime printed as is) instead of an RFC 3339 date-time with an offset. The instant is the right UTC wall time; end_date, latest_forecast_at, forecast_at, the venue_quote timestamps and every other route\'s market_updated_at keep the Z.',
    how: 'GET /api/v1/assets/search?reference=venue_a:520224 with an API key: assets[].linked_markets[].market_updated_at is "2026-12-01T20:26:00.000" (no Z, no offset); GET /api/v1/markets gives the same market "2026-12-01T20:26:00.000Z".',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200) return;
      const b = J(res);
      if (!b || !Array.isArray(b.assets)) return;
      let changed = false;
      for (const a of b.assets) {
        for (const m of (a && Array.isArray(a.linked_markets) ? a.linked_markets : [])) {
          const z = r35bZoneless(m && m.market_updated_at);
          if (z) { m.market_updated_at = z; changed = true; }
        }
      }
      if (changed) res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern c (round 35 b): a venue_b marketKey of an exact child read as its event on targets
  {
    name: 'targets_venue_b_key_child_as_event',
    round: 35,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-targets (free, no auth)',
    sentences: ['4d6ffdd7c542', 'dc2473b6839e'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'GET /api/public/forecast-targets resolves a venue_b: marketKey ref through the event index only: the marketKey of an exact binary child (venue_b:KXCPIYOY-26MAR-T2.8) is answered as its parent event (targetType event, selectionRequired true, the open children, no selectedMarket and no ready generation body), with input echoing the ref. The bare child ticker, venue_b: event keys, venue_a: keys and URLs are right.',
    how: 'GET /api/public/forecast-targets?ref=venue_b:KXCPIYOY-26MAR-T2.8: the reference answers targetType market, selectionRequired false, selectedMarket.ticker KXCPIYOY-26MAR-T2.8 and generation {kind venue_market, venue venue_b, market_id KXCPIYOY-26MAR-T2.8}; through the bug targetType event, selectionRequired true, no selectedMarket and no generation. ?ref=KXCPIYOY-26MAR-T2.8 is right on both.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/public/forecast-targets') || res.status !== 200) return;
      const ref = ctx.query.get('ref') || '';
      const b = J(res);
      if (!/^venue_b:/i.test(ref) || !b || b.targetType !== 'market' || !b.selectedMarket || !b.selectedMarket.eventTicker) return;
      const ev = await ctx.upstream({ method: 'GET', url: `/api/public/forecast-targets?ref=${encodeURIComponent(b.selectedMarket.eventTicker)}` });
      const e = J(ev);
      if (ev.status !== 200 || !e || e.targetType !== 'event') return;
      e.input = ref;
      ev.touch();
      return ev;
    },
  },
  // ------------------------------------------------------------------ pattern e (round 35 b): the sources slug form's default window of 24 hours
  {
    name: 'sources_slug_form_default_window_24h',
    round: 35,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['24b7b9d1a526'],
    operations: ['GET /api/v1/sources'],
    what: 'When GET /api/v1/sources is called with the legacy markets (slug) form and no window, it applies 24 hours (the slug lane\'s old default) instead of the documented 48, so evidence 24 to 48 hours old is missing. The market_keys form\'s default, any explicit window on either form, types, the order and the bill are right.',
    how: 'GET /api/v1/sources?markets=will-us-unemployment-reach-5-in-2026 with an API key against ?markets=will-us-unemployment-reach-5-in-2026&window=48: the reference answers the same 4 items to both; through the bug the first answers only the 2 from the last 24 hours (articles published about 46 h before the clock are dropped).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/sources')) return;
      if (!ctx.query.has('markets') || ctx.query.has('market_keys') || ctx.query.has('window')) return;
      ctx.query.set('window', '24');
    },
  },
  // ------------------------------------------------------------------ pattern g (round 35 b): asset search's lexical lane reported skipped in reference mode
  {
    name: 'assets_reference_retrieval_lexical_skipped',
    round: 35,
    pattern: 'g',
    section: 'Resources and their fields / Asset search item',
    sentences: ['f04b75d9dd46'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In reference mode, GET /api/v1/assets/search reports retrieval.lexical as "skipped" (the exact-reference lane never consults the lexical backend) instead of the lane\'s observed value "unconfigured". graph stays "ok"; q mode and material_only mode, the assets, references, query and the bill are right.',
    how: 'GET /api/v1/assets/search?reference=venue_a:520224 with an API key: retrieval is {"graph":"ok","lexical":"skipped"}; ?q=oil answers {"graph":"ok","lexical":"unconfigured"}.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200) return;
      const b = J(res);
      if (!b || !b.retrieval || typeof b.retrieval !== 'object' || ctx.query.has('q') || !ctx.query.getAll('reference').length) return;
      if (b.retrieval.lexical === 'unconfigured') { b.retrieval.lexical = 'skipped'; res.touch(); }
    },
  },
  // ------------------------------------------------------------------ pattern a (round 36 a): malformed JSON bodies of the social search answered 400
  {
    name: 'xsearch_malformed_body_400',
    round: 36,
    pattern: 'a',
    section: 'Errors',
    sentences: ['713e31698732'],
    operations: ['POST /api/v1/x/search'],
    what: 'POST /api/v1/x/search answers a request body that is not valid JSON with status 400 instead of 422: the social-search handler lets its JSON body parser\'s own error status through to the shared error formatter, so the body is still the envelope {"error":"invalid_request","message":"<the parser\'s message>"}, only the status is 400. Well-formed bodies with bad or missing members, the other POST routes (generation, x/profile) and their malformed bodies are answered 422 as the contract says; nothing is debited.',
    how: 'POST /api/v1/x/search with an API key, Content-Type application/json and the truncated body {"query": "fed", "limit": : 422 invalid_request on the reference, 400 invalid_request through the bug; POST /api/v1/x/profile with the same kind of body answers 422 on both.',
    onResponse(ctx, res) {
      if (!isPost(ctx, '/api/v1/x/search') || res.status !== 422) return;
      const why = r36aUnparseable(ctx.body);
      const b = J(res);
      if (!why || !b || b.error !== 'invalid_request') return;
      res.status = 400;
      b.message = `malformed request: ${why}`;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern a (round 36 a): availability's slug lane points its target resolution under /api/v1
  {
    name: 'availability_slug_target_endpoint_v1',
    round: 36,
    pattern: 'a',
    section: 'Versioning',
    sentences: ['d9114c35e929', 'd9c8b6a8917e'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'When a venue_b multi-contract event is named through the slug form (slug=<event ticker>&venue=venue_b), forecast-availability builds targetResolution.endpoint with the versioned prefix that its slug lane uses for every other pointer it writes: /api/v1/forecast-targets?ref=<ticker> instead of /api/public/forecast-targets?ref=<ticker>. No route lives there, so the caller cannot resolve the event through the endpoint it was given. reason, message and marketCount are right; the market_key and market_id forms of the same event, read.endpoint, generation and every other answer are the reference\'s.',
    how: 'GET /api/public/forecast-availability?slug=KXFED-26APR&venue=venue_b: targetResolution.endpoint is /api/v1/forecast-targets?ref=KXFED-26APR (GET answers 404) through the bug and /api/public/forecast-targets?ref=KXFED-26APR (GET answers the 7-contract event) on the reference; ?market_key=venue_b:KXFED-26APR points at /api/public/ on both.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !ctx.query.has('slug')) return;
      const b = J(res);
      const t = b && b.targetResolution;
      if (!t || typeof t.endpoint !== 'string' || !t.endpoint.startsWith('/api/public/')) return;
      t.endpoint = `/api/v1/${t.endpoint.slice('/api/public/'.length)}`;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern c (round 36 a): a one-character asset q (the one-letter ticker B) matches nothing
  {
    name: 'assets_q_one_letter_ticker_unmatched',
    round: 36,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['b4b8a0ad2039'],
    operations: ['GET /api/v1/assets/search'],
    what: 'Asset search in q mode drops query terms shorter than two characters before it consults the identity lanes (a minimum token length meant for the keyword lane), so a q of one character matches nothing: q=B, the ticker of Brent Crude Oil (and its ICE symbol), answers 200 with an empty assets array instead of the brent Asset. The query echo, references, material_only, retrieval and the $0.01 bill are the reference\'s; two-letter tickers (CL, GC, NG, BA), longer q values, \'*\', reference mode and material_only alone are right.',
    how: 'GET /api/v1/assets/search?q=B with an API key: the reference answers the brent Asset (relevance.matched_fields ticker, identifiers); through the bug assets is []. ?q=CL answers crude-wti on both.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !ctx.query.has('q')) return;
      const q = String(ctx.query.get('q')).trim();
      const b = J(res);
      if (q.length !== 1 || q === '*' || !b || !Array.isArray(b.assets) || !b.assets.length) return;
      b.assets = [];
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern e (round 36 a): the stored read's drawdown risk window starting at read time
  {
    name: 'forecast_read_drawdown_anchored_at_read',
    round: 36,
    pattern: 'e',
    section: 'Endpoints / Other operations referenced',
    sentences: ['4274520129dd'],
    operations: ['GET /api/v1/markets/{slug}/forecast'],
    what: 'The stored-forecast read asks the risk model for the path risk over the part of each forecast\'s 72-hour window still ahead at read time: the window keeps its end at created_at + 72 h but starts at the read instead of at created_at, so drawdown_risk_72h (and its crash_risk alias, kept equal) shrinks as the forecast ages (1 - (1 - r)^(hours left / 72), three decimals) and is {yes: 0, no: 0} for every forecast more than 72 hours old. A forecast read within minutes of its creation shows its own numbers; probability, uncertainty, sources, the history list and the bill are the reference\'s.',
    how: 'GET /api/v1/markets/will-the-10-year-treasury-yield-close-2026-above-5/forecast with an API key, POST /__control/clock {advanceSeconds: 108000}, the same read again: on the reference every forecast (current and history) carries the same drawdown_risk_72h both times; through the bug the current forecast\'s {yes 0.171, no 0.027} becomes {yes 0.103, no 0.016} and the day-old history entry moves from {yes 0.03, no 0.036} to {yes 0.011, no 0.013} (the reference says {yes 0.046, no 0.054} for it both times).',
    async onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !MARKET_FORECAST.test(ctx.path) || res.status !== 200) return;
      const b = J(res);
      if (!b || !b.forecast || typeof b.forecast !== 'object') return;
      const now = await ctx.stubNow();
      let changed = false;
      for (const f of [b.forecast, ...(Array.isArray(b.history) ? b.history : [])]) {
        if (!f || !f.drawdown_risk_72h || typeof f.drawdown_risk_72h !== 'object') continue;
        const created = Date.parse(f.created_at);
        if (!Number.isFinite(created)) continue;
        const next = {};
        for (const side of Object.keys(f.drawdown_risk_72h)) next[side] = r36aRiskLeft(f.drawdown_risk_72h[side], created, now);
        f.drawdown_risk_72h = next;
        if (f.crash_risk && typeof f.crash_risk === 'object') f.crash_risk = { ...next };
        changed = true;
      }
      if (changed) res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern g (round 36 a): the latest feed's compact forecasts state the favoured side's probability
  {
    name: 'latest_forecast_probability_favoured_side',
    round: 36,
    pattern: 'g',
    section: 'What the service does',
    sentences: ['498dd2935eb8', '404b357416a6'],
    operations: ['GET /api/v1/latest'],
    what: 'The latest feed\'s compact forecasts carry the probability of the side the forecast favours (max(p, 1 - p), the feed card\'s "conviction") instead of the YES probability: a forecast that puts YES at 11% is stated with probability 0.8896. Forecasts at or above 50% are unchanged, and the value stays a number in 0..1; id, created_at, headline, thesis, delta_from_prior, the market and every other route (the stored read, the job result, asset search) state the YES probability of the same forecast.',
    how: 'GET /api/v1/latest?hours=6&types=forecast with an API key, then GET /api/v1/markets/{slug}/forecast?venue={venue} for the events\' markets: for the same forecast id (e.g. venue_a:520785, "Fading NO at 11%") the stored read says 0.1104 and the feed 0.1104 on the reference, 0.8896 through the bug.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200) return;
      const b = J(res);
      if (!b || !Array.isArray(b.events)) return;
      let changed = false;
      for (const e of b.events) {
        const f = e && e.forecast;
        if (!f || typeof f.probability !== 'number' || f.probability >= 0.5) continue;
        f.probability = Math.round((1 - f.probability) * 1e4) / 1e4;
        changed = true;
      }
      if (changed) res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern b (round 36 b): market search's venue filter dropped in the as_of lane
  {
    name: 'search_as_of_venue_filter_dropped',
    round: 36,
    pattern: 'b',
    section: 'Endpoints / Other operations referenced',
    sentences: ['66e6cfbfb00f'],
    operations: ['GET /api/v1/markets/search'],
    what: 'GET /api/v1/markets/search with as_of goes through the historical-snapshot lane, which builds its query from q, tag and category and leaves the venue filter out: a search with both as_of and venue answers every venue\'s matching rows (count recounted by the lane, so consistent). venue without as_of, as_of without venue, tag, category, the as_of cut, the bill and the 402 challenge are right.',
    how: 'GET /api/v1/markets/search?q=bitcoin&as_of=<yesterday, YYYY-MM-DD>&venue=venue_b with an API key: the reference answers 47 rows, all venue_b; through the bug 66 rows, with venue_a, venue_a_us and venue_c rows among them. The same search without as_of answers the 47 venue_b rows on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets/search')) return;
      if (ctx.query.has('as_of') && ctx.query.has('venue')) ctx.query.delete('venue');
    },
  },
  // ------------------------------------------------------------------ pattern b (round 36 b): the signal list's exclude_drawdown_risk=false applied as true
  {
    name: 'signals_exclude_drawdown_false_applied',
    round: 36,
    pattern: 'b',
    section: 'Endpoints / Other operations referenced',
    sentences: ['ed03cd5f7401'],
    operations: ['GET /api/v1/signals'],
    what: 'GET /api/v1/signals switches its drawdown filter on by the presence of exclude_drawdown_risk, not by its value: an explicit exclude_drawdown_risk=false filters the list exactly as true does (rows with drawdown_risk_elevated true or null dropped, count recounted). The parameter absent, =true, the exclude_crash_risk alias (parsed by value, =false included), topic=broker_a and the bill are right.',
    how: 'GET /api/v1/signals with an API key answers 69 rows on both; GET /api/v1/signals?exclude_drawdown_risk=false answers the same 69 on the reference and 42 through the bug (the 27 rows whose drawdown_risk_elevated is true or null are gone, count 42), the same 42 that exclude_drawdown_risk=true answers on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/signals') || !ctx.query.has('exclude_drawdown_risk')) return;
      ctx.query.set('exclude_drawdown_risk', 'true');
    },
  },
  // ------------------------------------------------------------------ pattern d (round 36 b): a venue_b child's generation debited at its event's fan-out price
  {
    name: 'generation_venue_b_child_fan_out_debit',
    round: 36,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['7d408c9bbf65', 'aab559504c4d'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'POST /api/auth/forecast-requests prices a venue_b generation from the target resolver\'s plan for the ticker, allContracts.estimatedCostUsd, instead of the generation price: an accepted generation for an exact child of a multi-contract venue_b event debits marketCount x 1000 credits (5000 for a child of a five-contract event) instead of 1000. venue_a (and other venues\') generations, venue_b markets whose event has one open contract, idempotent replays, refusals, the 202 answer, the job, availability\'s and forecast-targets\' costs and the pricing answer are right.',
    how: 'Create an account with 20000 credits and POST /api/auth/forecast-requests {"kind":"venue_market","venue":"venue_b","market_id":"KXCPIYOY-26MAR-T2.8"} with an Idempotency-Key: 202 accepted on both; 1000 credits spent on the reference, 5000 through the bug (forecast-targets gives KXCPIYOY-26MAR marketCount 5, estimatedCostUsd "5.00"). {"venue":"venue_a","market_id":"1000503"} costs 1000 on both.',
    async onResponse(ctx, res) {
      if (!isPost(ctx, '/api/auth/forecast-requests') || res.status !== 202) return;
      const body = ctx.bodyJson();
      const b = J(res);
      if (!body || body.venue !== 'venue_b' || typeof body.market_id !== 'string' || !b || !b.jobId) return;
      const seen = r36bGenerations(ctx);
      const id = `${b.jobId}|${b.createdAt || ''}`;
      if (seen.has(id)) return; // an idempotent replay of a job already priced
      seen.add(id);
      const plan = await ctx.upstream({
        method: 'GET',
        url: `/api/public/forecast-targets?ref=${encodeURIComponent(body.market_id)}`,
        headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json' },
      });
      const t = J(plan);
      const n = plan.status === 200 && t && t.targetType === 'market' && t.allContracts ? Number(t.allContracts.marketCount) : 0;
      if (Number.isInteger(n) && n > 1) await ctx.charge((n - 1) * 1000);
    },
  },
  // ------------------------------------------------------------------ pattern f (round 36 b): a profile 404 for an "@"-written handle billed
  {
    name: 'profile_at_handle_404_billed',
    round: 36,
    pattern: 'f',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['48b21df24ec7', '0c14253e0dc5'],
    operations: ['POST /api/v1/x/profile'],
    what: 'POST /api/v1/x/profile answers insufficient history before the debit from a post-count index keyed by the bare handle; a handle written with its leading "@" misses that index, so the call is debited, and the research agent (which strips the "@") then finds too few grounded posts and answers 404 insufficient_post_history through a path that skips the refund. So a 404 for "@handle" keeps its 1000 credits; the same 404 for the bare handle is refunded, and every 200 is billed as on the reference.',
    how: 'Create an account with 5000 credits and POST /api/v1/x/profile {"handle":"@nobody","lookback_days":14} with its key: 404 insufficient_post_history ("@nobody has 8 grounded post(s) in the last 14 days") on both; 0 credits spent on the reference, 1000 through the bug. {"handle":"nobody","lookback_days":14} costs 0 on both.',
    async onResponse(ctx, res) {
      if (!isPost(ctx, '/api/v1/x/profile') || res.status !== 404) return;
      const b = J(res);
      const body = ctx.bodyJson();
      if (!b || b.error !== 'insufficient_post_history' || !body || typeof body.handle !== 'string' || !body.handle.startsWith('@')) return;
      await ctx.charge(1000);
    },
  },
  // ------------------------------------------------------------------ pattern f (round 36 b): a venue-qualified stored-forecast read's 404 billed
  {
    name: 'forecast_read_venue_qualified_404_billed',
    round: 36,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/markets/{slug}/forecast'],
    what: 'GET /api/v1/markets/{slug}/forecast with a venue parameter resolves the slug through the marketKey resolver, which meters the call itself; when that lookup finds no market or no stored forecast, its not-found branch answers 404 without the refund. So any 404 of a venue-qualified stored read keeps its 10-credit debit; 404s of bare (venue_a namespace) slugs are refunded, and every 200 is billed as on the reference.',
    how: 'With an API key: GET /api/v1/markets/KXNOPE-R36B/forecast?venue=venue_b answers 404 not_found on both; 0 credits spent on the reference, 10 through the bug. GET /api/v1/markets/no-such-slug-r36b/forecast (no venue) costs 0 on both; GET /api/v1/markets/KXCPIYOY-26MAR-T2.8/forecast?venue=venue_b is a 200 at 10 credits on both.',
    async onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !MARKET_FORECAST.test(ctx.path) || res.status !== 404 || !ctx.query.has('venue')) return;
      await ctx.charge(10);
    },
  },
  // ------------------------------------------------------------------ pattern b (round 37 a): the market list's topic dropped beside changed_within
  {
    name: 'markets_topic_lost_with_changed_within',
    round: 37,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['408cd054a21e'],
    operations: ['GET /api/v1/markets'],
    what: 'When changed_within is given, GET /api/v1/markets answers from the changed-forecast query path, which takes the window, venue, max_forecast_age and sort but has no topic argument: a request with both topic and changed_within answers every market whose latest forecast changed within the window, whatever its tags and categories (venue_facets are counted over the rows served, so they agree). topic alone, changed_within alone, topic beside venue, sort or max_forecast_age, and the bill are right.',
    how: 'With an API key, GET /api/v1/markets?topic=fed&changed_within=24: the reference answers the 30 fed markets whose latest forecast is under 24 h old, each with tag "fed"; through the bug it answers all 104 rows of GET /api/v1/markets?changed_within=24, 74 of them without a fed tag or category (cpi, bitcoin, oil ... markets). GET /api/v1/markets?topic=fed lists only fed rows on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets')) return;
      if (ctx.query.has('topic') && ctx.query.has('changed_within')) ctx.query.delete('topic');
    },
  },
  // ------------------------------------------------------------------ pattern d (round 37 a): the oil route's no-marks API-key debit below its live challenge
  {
    name: 'oil_no_marks_debit_half',
    round: 37,
    pattern: 'd',
    section: 'Endpoints / GET /api/v1/signals/oil',
    sentences: ['d258585eac19', '1298c54a809b'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'The API-key meter of GET /api/v1/signals/oil prices a call from its upstream work and takes half off when include_marks=false skips the two mark fetches: such a call debits 5 credits ($0.005), while the live 402 challenge for the same request asks 10000 atomic units ($0.01, 10 credits) on both networks. The default call (marks included) debits 10 as on the reference; the answer, the challenge, the spacing and the 429s are unchanged; x402-paid calls are left alone.',
    how: 'GET /api/v1/signals/oil?include_marks=false without credentials: 402 whose PAYMENT-REQUIRED asks 10000 on eip155:8453 and eip155:4663 (both sides). Then, 1.2 s apart, the same call with an API key: 10 credits spent on the reference, 5 through the bug; GET /api/v1/signals/oil (marks included) spends 10 on both.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status !== 200 || !ctx.apiKey) return;
      if (r37aFlag(ctx.query.get('include_marks')) !== false) return;
      await ctx.charge(-5); // give back half of the 10-credit debit the reference took
    },
  },
  // ------------------------------------------------------------------ pattern d (round 37 a): the served contract's profile lookback minimum stated as 30
  {
    name: 'openapi_profile_lookback_min_30',
    round: 37,
    pattern: 'd',
    section: 'Versioning',
    sentences: ['ee7112e11786', '778fd841452b'],
    operations: ['GET /openapi.json', 'GET /api/v1/openapi.json'],
    what: 'The machine-readable contract (both /openapi.json and the compatibility copy at /api/v1/openapi.json, which stay identical) states minimum 30 for lookback_days in components.schemas.SocialProfileRequest, the request body of POST /api/v1/x/profile: a stale bound from the schema module of an older release. The route itself still accepts 14..365 (default 365), the maximum and default in the schema are right, and every path parameter of the document is unchanged.',
    how: 'GET /openapi.json and GET /api/v1/openapi.json: components.schemas.SocialProfileRequest.properties.lookback_days.minimum is 14 on the reference and 30 through the bug (maximum 365 and default 365 on both). POST /api/v1/x/profile {"handle":"nobody","lookback_days":14} with an API key is accepted on both (404 insufficient_post_history, not 422).',
    onResponse(ctx, res) {
      if (ctx.method !== 'GET' || (ctx.path !== '/openapi.json' && ctx.path !== '/api/v1/openapi.json') || res.status !== 200) return;
      const b = J(res);
      const lb = b && b.components && b.components.schemas && b.components.schemas.SocialProfileRequest
        && b.components.schemas.SocialProfileRequest.properties && b.components.schemas.SocialProfileRequest.properties.lookback_days;
      if (!lb || typeof lb !== 'object') return;
      lb.minimum = 30;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern f (round 37 a): the latest feed's upstream error billed when types is given
  {
    name: 'latest_types_lane_error_billed',
    round: 37,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/latest'],
    what: 'GET /api/v1/latest with a types parameter is assembled lane by lane (forecast, article, x_post) by a lane fetcher whose failure branch answers the upstream error (502 upstream_unavailable, or the 5xx met) without the API-key refund, so such a call keeps its 20-credit debit. The default call (no types, the board snapshot path) is refunded as on the reference; the error answer itself, every 200 and every other route are unchanged; x402 calls are not settled.',
    how: 'POST /__control/faults {GET /api/v1/latest, status 502, times 1, scope S}; GET /api/v1/latest?types=forecast,article with an API key and X-Fault-Scope S: 502 upstream_unavailable on both, 0 credits spent on the reference, 20 through the bug. The same fault on GET /api/v1/latest (no types) costs 0 on both.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/latest') || !r37aUpstreamError(res.status) || !ctx.query.has('types') || !ctx.apiKey) return;
      await ctx.charge(20);
    },
  },
  // ------------------------------------------------------------------ pattern f (round 37 a): asset search's upstream error billed in the material-only scan
  {
    name: 'assets_material_scan_error_billed',
    round: 37,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/assets/search'],
    what: 'GET /api/v1/assets/search with material_only=true alone (no q, no reference) runs the materiality scan over the directory; when its upstream fails, the scan\'s error handler answers 502 upstream_unavailable (or the 5xx met) as the reference does but skips the API-key refund, so the call keeps its 10-credit debit. The same failure in q mode, reference mode or beside material_only with q/reference is refunded; every 200 and every other route are unchanged; x402 calls are not settled.',
    how: 'POST /__control/faults {GET /api/v1/assets/search, status 502, times 1, scope S}; GET /api/v1/assets/search?material_only=true with an API key and X-Fault-Scope S: 502 on both, 0 credits spent on the reference, 10 through the bug. The same fault on GET /api/v1/assets/search?q=btc costs 0 on both; an unfaulted material_only=true call is a 200 at 10 credits on both.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets/search') || !r37aUpstreamError(res.status) || !ctx.apiKey) return;
      if (r37aFlag(ctx.query.get('material_only')) !== true || ctx.query.has('q') || ctx.query.has('reference')) return;
      await ctx.charge(10);
    },
  },
  // ------------------------------------------------------------------ pattern a (round 37 b): forecast-targets' per-IP guard 429 without the RateLimit headers
  {
    name: 'targets_guard_429_no_ratelimit_headers',
    round: 37,
    pattern: 'a',
    section: 'Errors',
    sentences: ['a8500226c2fd'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'GET /api/public/forecast-targets answers from the venue resolver\'s edge function, which runs its own copy of the per-IP anti-abuse guard. That copy builds its 429 with Retry-After and the JSON body (error rate_limited, retry_after, limit_scope ip_guard) but without the RateLimit-Policy and RateLimit headers, which only the main gateway\'s limiter writes. Every other 429 keeps all its headers: forecast-availability\'s (the other free route), the paid routes\' guard and customer-scope 429s. Status, body, Retry-After and what is counted are the reference\'s.',
    how: 'POST /__control/limits/usage {scope ip_guard, window minute, count 1200} (the caller\'s address), then GET /api/public/forecast-targets?ref=KXCPIYOY-26MAR without a key: 429 rate_limited, limit_scope ip_guard, Retry-After 60 on both. The reference also sends RateLimit-Policy ("ip_guard-second";q=50;w=1, ...) and RateLimit ("ip_guard-minute";r=0;t=60); through the bug both headers are missing. GET /api/public/forecast-availability?market_key=venue_a:520224 in the same state carries both on both.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/public/forecast-targets') || res.status !== 429) return;
      delete res.headers['ratelimit-policy'];
      delete res.headers.ratelimit;
    },
  },
  // ------------------------------------------------------------------ pattern c (round 37 b): sources market_keys of newer venue_a markets unmatched
  {
    name: 'sources_newer_venue_a_keys_unmatched',
    round: 37,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['959b2b1f3d95', '6b9ba6eb33d0'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources resolves a venue_a market key through the legacy convention that venue_a rows are addressed by their bare serviceMarketId: the native part of venue_a:<id> is matched against serviceMarketId. That column is bare only for legacy venue_a rows; newer venue_a rows carry the venue-prefixed serviceMarketId venue_a:<id>. So a market_keys entry naming a newer venue_a market (venue_a:1000503) matches nothing and its articles and posts are silently missing; a call naming only such keys answers {"sources":[]}. Legacy venue_a keys (venue_a:520224), the other venues\' keys, the slug form (markets=) of the same market, ordering and billing are the reference\'s.',
    how: 'With an API key: GET /api/v1/sources?market_keys=venue_a:1000503&window=168 lists the evidence of venue_a:1000503 on the reference and answers {"sources":[]} through the bug; GET /api/v1/sources?markets=will-the-fed-decrease-interest-rates-by-50-bps-after-the-april-2026-fomc-meeting&window=168 lists the same items on both, and market_keys=venue_a:520224,venue_a:1000503 keeps only the venue_a:520224 items through the bug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200 || !b || !Array.isArray(b.sources) || !ctx.query.has('market_keys')) return;
      const asked = new Set(listParam(ctx.query.get('market_keys')).map((k) => k.toLowerCase()));
      const kept = b.sources.filter((s) => !r37bNewerVenueA(s && s.market, asked));
      if (kept.length === b.sources.length) return;
      b.sources = kept;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern e (round 37 b): the oil reading cached until 00:00 UTC
  {
    name: 'oil_reading_cached_per_utc_day',
    round: 37,
    pattern: 'e',
    section: 'Resources and their fields / Crude-oil signal (GET /api/v1/signals/oil)',
    sentences: ['5132a8387590'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'The oil route caches its daily block (reading, episode and reading_missing) per UTC date, on the ground that the reading changes once a day: the first 200 answer of a UTC day fixes the block that every later call of that day is served, until 00:00 UTC. A reading frozen later that day (at the daily freeze) is therefore not served before midnight, and a day that started without a reading keeps answering reading null. The cache is keyed by the UTC date and by the dataset the call sees (the control plane\'s oil state of its X-Fault-Scope), so a state that changes under one scope shows it. marks and degraded stay live, include_marks is honoured, and the first answer of each day, the spacing, the in-flight limit and the bill are the reference\'s.',
    how: 'POST /__control/oil {scope S, reading stale}; GET /api/v1/signals/oil?include_marks=false with X-Fault-Scope S and an API key: the stale reading (is_current false) on both. POST /__control/oil {scope S, reading current}; 1.2 s later the same GET: the reference answers the current reading (a later reading_date, is_current true); through the bug the stale reading is answered again until 00:00 UTC.',
    onRequest(ctx) {
      if (ctx.method === 'POST' && ctx.path === '/__control/reset') delete ctx.state.r37bOilDay;
    },
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status !== 200 || !b || !('reading' in b)) return;
      const day = new Date(await ctx.stubNow()).toISOString().slice(0, 10);
      const key = `${day}|${ctx.headers['x-fault-scope'] || ''}`;
      const cache = r37bOilDay(ctx);
      const hit = cache.get(key);
      if (!hit) {
        cache.set(key, JSON.stringify({ reading: b.reading, episode: b.episode, reading_missing: b.reading_missing }));
        return;
      }
      const block = JSON.parse(hit);
      if (JSON.stringify(block.reading) === JSON.stringify(b.reading)) return;
      b.reading = block.reading;
      b.episode = block.episode;
      b.reading_missing = block.reading_missing;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern g (round 37 b): a last trade inside the spread selected under the midpoint label
  {
    name: 'latest_quote_last_trade_labelled_midpoint',
    round: 37,
    pattern: 'g',
    section: 'Resources and their fields / Venue quote (VenueQuoteV1)',
    sentences: ['a6f55b9bfa72', '30afe2c9bc7d'],
    operations: ['GET /api/v1/latest'],
    what: 'The latest feed builds its LatestMarket quotes with a "better estimate" step: when a two-sided book\'s last trade lies inside the spread, selected_probability takes that last trade instead of the midpoint, but quote_method keeps the label "midpoint" set before the step (and venue_timestamp stays the book update time). venue_data.yes_odds follows selected_probability, so the yes_odds rule holds. Quotes whose last trade lies outside the spread or equals the midpoint, the bid, ask, last-trade and graph-snapshot methods, and every other route\'s quotes are the reference\'s.',
    how: 'GET /api/v1/latest with an API key: on the reference every venue_quote with quote_method "midpoint" has selected_probability = (yes_bid + yes_ask) / 2. Through the bug about half of them (34 of 65 markets with hours=6) carry the last trade instead, e.g. venue_b:KXFED-26OCT-T4.25 with yes_bid 0.01, yes_ask 0.03, yes_last 0.01: selected_probability and venue_data.yes_odds 0.01 under "midpoint" (the reference: 0.02).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events)) return;
      let n = 0;
      for (const e of b.events) {
        const m = e && e.market;
        const q = m && m.venue_quote;
        if (!q || q.quote_method !== 'midpoint') continue;
        const { yes_bid: bid, yes_ask: ask, yes_last: last } = q;
        if (![bid, ask, last].every((x) => typeof x === 'number') || last < bid || last > ask || last === q.selected_probability) continue;
        q.selected_probability = last;
        if (m.venue_data && typeof m.venue_data === 'object' && 'yes_odds' in m.venue_data) m.venue_data.yes_odds = last;
        n++;
      }
      if (n) res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern g (round 37 b): two-hop AssetRefs of availability's latestForecast carry the edge id
  {
    name: 'availability_forecast_asset_ref_edge_id',
    round: 37,
    pattern: 'g',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['49227af393ea'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'forecast-availability builds latestForecast.relationships from the graph path Forecast -ON_MARKET-> Market <-HAS_MARKET- Asset. For the two-hop AssetRefs (relationship HAS_MARKET, via market) the serializer takes the id of that final HAS_MARKET edge, which is a uuid of its own, instead of the id of the Asset at its start. assetKey, name, ticker, asset_type, relationship, direction and via are right, and so are the direct AssetRefs of market.relationships in the same answer, which carry the Asset\'s id; other routes are the reference\'s.',
    how: 'GET /api/public/forecast-availability?market_key=venue_b:KXWTI-26MAR20-T73.99 (no key): latestForecast.relationships.assets holds the crude-wti ref (HAS_MARKET, incoming, via market). Its id is 08e8d5c7-1ec6-4269-9e65-ac4c0de78d07 on the reference, the id of crude-wti in GET /api/v1/assets and in market.relationships.assets of the same answer; through the bug it is another uuid (the edge\'s).',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b) return;
      const lf = b.latestForecast;
      const refs = lf && lf.relationships && lf.relationships.assets;
      if (!Array.isArray(refs)) return;
      const mk = (b.market && b.market.marketKey) || '';
      let n = 0;
      for (const r of refs) {
        if (!r || r.via !== 'market' || r.relationship !== 'HAS_MARKET' || typeof r.id !== 'string') continue;
        r.id = await r37bEdgeUuid(`HAS_MARKET|${r.id}|${mk}`);
        n++;
      }
      if (n) res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern a (round 38 a): the compact forecast's market.sourceUrl scheme-relative on the latest feed
  {
    name: 'latest_forecast_market_source_url_scheme_relative',
    round: 38,
    pattern: 'a',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['d4024c0d8433'],
    operations: ['GET /api/v1/latest'],
    what: 'In the latest feed, the routing object inside each compact forecast (events[].forecast.market) carries its sourceUrl scheme-relative ("//api.venue-b.example/trade-api/v2/markets/..."), as the forecast serializer strips the scheme to let a page pick http or https. That is a relative reference, not a URI. The event\'s own market (events[].market), whose routing fields are the same market\'s, keeps the absolute https URL; marketUrl, broker_a_url and every other route\'s sourceUrl are the reference\'s.',
    how: 'GET /api/v1/latest?hours=6 with an API key: every forecast event\'s forecast.market.sourceUrl is https://api.venue-..., equal to the event\'s market.sourceUrl, on the reference; through the bug it is //api.venue-... (no scheme) while market.sourceUrl stays https://...',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events)) return;
      let n = 0;
      for (const e of b.events) {
        const m = e && e.forecast && e.forecast.market;
        const rel = m && r38aSchemeRelative(m.sourceUrl);
        if (rel) { m.sourceUrl = rel; n++; }
      }
      if (n) res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern c (round 38 a): a hyphenated asset key in asset search q read as an exclusion
  {
    name: 'assets_q_hyphenated_key_negated',
    round: 38,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['b4b8a0ad2039'],
    operations: ['GET /api/v1/assets/search'],
    what: 'Asset search\'s q parser applies a search-box syntax in which a "-" inside a term starts an exclusion: q=crude-wti is read as "crude, but not wti". So an Asset named by its own hyphenated assetKey (crude-wti, us-unemployment, us-cpi, ...) is dropped from the answer, because its name, key or aliases carry the excluded word, while other Assets matched by the first word (brent for "crude") stay. Keys without a hyphen (btc, aapl), names, tickers, identifiers, reference mode (where crude-wti resolves) and the bill are the reference\'s.',
    how: 'GET /api/v1/assets/search?q=crude-wti with an API key: the reference lists crude-wti first (matched_fields asset_key, name, keywords), then brent; through the bug only brent. GET /api/v1/assets/search?reference=crude-wti finds crude-wti on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !b || !Array.isArray(b.assets)) return;
      const q = ctx.query.get('q');
      const excluded = r38aExcludedTerms(q);
      if (!excluded.length) return;
      const kept = b.assets.filter((a) => !r38aAssetWords(a).some((w) => excluded.includes(w)));
      if (kept.length === b.assets.length) return;
      b.assets = kept;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern e (round 38 a): latest_forecast_at kept on the default 48-hour window
  {
    name: 'markets_latest_forecast_at_default_window',
    round: 38,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['fb6a3786da57'],
    operations: ['GET /api/v1/markets'],
    what: 'On the market list, latest_forecast_at (with latest_forecast_delta and latest_forecast_refresh_reason, which describe the same forecast) is read from a latest-forecast view that holds only the default window\'s 48 hours, while forecast_count is counted from the forecast table over max_forecast_age. So with max_forecast_age above 48, a market whose latest forecast is 48 to max_forecast_age hours old is listed with forecast_count >= 1 but latest_forecast_at, latest_forecast_delta and latest_forecast_refresh_reason null. The default window and smaller ones, the rows listed, the counts, the facets, the order and the bill are the reference\'s.',
    how: 'GET /api/v1/markets?max_forecast_age=168 with an API key: on the reference every row with forecast_count >= 1 has a latest_forecast_at (some 72 to 167 hours old); through the bug 23 of the 163 counted rows (e.g. venue_a:521274, forecast_count 3) have latest_forecast_at null. GET /api/v1/markets (default 48) is the same on both.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      const raw = ctx.query.get('max_forecast_age');
      if (raw === null || !/^\d+$/.test(raw.trim()) || Number(raw) <= 48) return;
      const cut = (await ctx.stubNow()) - 48 * 3600 * 1000;
      let n = 0;
      for (const m of b.markets) {
        const t = m && typeof m.latest_forecast_at === 'string' ? Date.parse(m.latest_forecast_at) : NaN;
        if (Number.isFinite(t) && t < cut) {
          m.latest_forecast_at = null;
          if ('latest_forecast_delta' in m) m.latest_forecast_delta = null;
          if ('latest_forecast_refresh_reason' in m) m.latest_forecast_refresh_reason = null;
          n++;
        }
      }
      if (n) res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern g (round 38 a): venue_a browser-URL exact child answered without its generation body
  {
    name: 'targets_venue_a_url_child_generation_missing',
    round: 38,
    pattern: 'g',
    section: 'Resources and their fields / Target resolution (GET /api/public/forecast-targets)',
    sentences: ['f5b2ecfd9887'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'When forecast-targets resolves a venue_a browser URL that names one market (/market/{slug} or /event/{slug}/{market-slug}), the URL resolver fills selectedMarket, markets and allContracts but never sets the top-level generation body, which only the marketKey path (venue_a:<id>) writes. So an exact-child answer (targetType market, selectionRequired false) comes without generation. selectedMarket.generation.body, the children\'s bodies, allContracts, venue_a marketKey input, venue_b input of every form and event URLs are the reference\'s.',
    how: 'GET /api/public/forecast-targets?ref=https://venue-a.example/market/will-the-fed-decrease-interest-rates-by-50-bps-after-the-april-2026-fomc-meeting (no key): targetType market, selectedMarket 1000503 on both; generation {kind venue_market, venue venue_a, market_id 1000503} on the reference, absent through the bug. ref=venue_a:1000503 carries it on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-targets') || res.status !== 200 || !b) return;
      const ref = ctx.query.get('ref');
      if (b.venue !== 'venue_a' || b.targetType !== 'market' || !r38aIsBrowserUrl(ref) || !('generation' in b)) return;
      delete b.generation;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern g (round 38 a): the profile's raw observations cite post ids rounded through a JSON number
  {
    name: 'profile_observation_post_ids_rounded',
    round: 38,
    pattern: 'g',
    section: 'Resources and their fields / Social-account profile (response of POST /api/v1/x/profile)',
    sentences: ['a6d974292235', '25c2250ce6cb'],
    operations: ['POST /api/v1/x/profile'],
    what: 'The profile\'s observations (the raw findings before synthesis) are copied from the research agent\'s turn log, whose post ids went through a JSON number on the way. So each 19-digit post id in observations[].post_ids is the nearest double printed back as a string ("1074903299219222733" becomes "1074903299219222800"), an id of the same look that no evidence entry carries. interests, beliefs, tendencies, risk_profile, information_processing and evidence keep the exact ids; window, confidence, the cache and the bill are the reference\'s.',
    how: 'POST /api/v1/x/profile {"handle":"policy_pat"} with an API key: every post id of observations[].post_ids is an evidence[].post_id on the reference; through the bug 67 of the 196 cited ids (all in observations) are not, e.g. 1074903299219222733 cited as 1074903299219222800, while the ids of interests and the other synthesised sections still resolve.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/v1/x/profile') || res.status !== 200 || !b || !Array.isArray(b.observations)) return;
      let n = 0;
      for (const o of b.observations) {
        if (!o || !Array.isArray(o.post_ids)) continue;
        o.post_ids = o.post_ids.map((id) => { const r = r38aThroughDouble(id); if (r !== id) n++; return r; });
      }
      if (n) res.touch();
    },
  },
  // ================================================================== round 38 (b): patterns b (two), d, f (two)
  {
    name: 'search_category_lost_with_venue',
    round: 38,
    pattern: 'b',
    section: 'Endpoints / Other operations referenced',
    sentences: ['66e6cfbfb00f'],
    operations: ['GET /api/v1/markets/search'],
    what: 'GET /api/v1/markets/search drops the category filter when a venue filter is given beside it: a venue-scoped search goes to the per-venue lane, whose filter builder takes tag (broker_a included), venue and as_of but has no category argument. So q=fed&venue=venue_a&category=Economics also answers the venue_a rows of other categories (the Mentions market venue_a:524414); count is the stub\'s count of the rows served. category alone, venue alone, tag beside venue and the bill are right.',
    how: 'With an API key, GET /api/v1/markets/search?q=fed&venue=venue_a&category=Economics: 17 rows, every one with categories ["Economics"], on the reference; through the bug 18 rows, venue_a:524414 (categories ["Mentions"]) is among the rows. q=fed&category=Economics and q=fed&venue=venue_a are right on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets/search')) return;
      const venue = ctx.query.get('venue');
      if (venue && venue.trim() && ctx.query.has('category')) ctx.query.delete('category');
    },
  },
  {
    name: 'markets_broker_topic_lost_with_venue',
    round: 38,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['408cd054a21e'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets drops topic=broker_a when venue=venue_b is given beside it: the handler treats the broker topic as redundant with the venue_b filter (broker_a is only ever stamped on venue_b rows) and skips it. So the answer is every venue_b row of the list, the 32 venue_b markets with empty broker_channels included; venue_facets are what the stub answers for venue=venue_b alone. topic=broker_a alone, with another venue, or with other parameters, ordinary topics beside venue_b, venue_b alone and the bill are right.',
    how: 'With an API key, GET /api/v1/markets?topic=broker_a&venue=venue_b: 116 rows, each with broker_channels ["broker_a"], on the reference; 148 rows through the bug, 32 with broker_channels [] (venue_b:KXMSTRBTC-26-YES, venue_b:KXETHD-26MAR2017-T2999.99, ...). GET /api/v1/markets?topic=broker_a lists the same 116 broker rows on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets')) return;
      const topic = ctx.query.get('topic');
      const venue = ctx.query.get('venue');
      if (topic && topic.trim().toLowerCase() === 'broker_a' && venue && venue.trim() === 'venue_b') ctx.query.delete('topic');
    },
  },
  {
    name: 'asset_q_summary_mispriced_at_10pp',
    round: 38,
    pattern: 'd',
    section: 'Resources and their fields / Asset search item',
    sentences: ['188246ced510'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In q mode (and q=*), market_summary.mispriced_market_count is counted by the summary query at a 10 pp spread, a constant left in the query from before the threshold moved to 7.5, while mispricing_threshold_pp still states 7.5. So an asset\'s markets whose latest forecast probability is 7.5 to 10 pp from the venue odds are left out of the count. Reference mode (where the summary is computed beside the hydrated linked markets), the stated threshold, the other summary counts and the mispriced list are right.',
    how: 'GET /api/v1/assets/search?reference=btc: count the linked markets with |latest_service_probability - market_odds| >= 7.5 pp (the reference-mode mispriced_market_count agrees). GET /api/v1/assets/search?q=btc: the btc asset\'s mispriced_market_count equals that count (16) on the reference and is 12 through the bug (the 4 markets between 7.5 and 10 pp are missing), with mispricing_threshold_pp 7.5 on both.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !ctx.query.has('q') || ctx.query.has('reference')) return;
      const b = J(res);
      if (!b || !Array.isArray(b.assets) || !b.assets.length) return;
      const keys = b.assets.map((x) => x && x.assetKey).filter((k) => typeof k === 'string').slice(0, 50);
      if (!keys.length) return;
      const ref = await r38bOwnGet(ctx, `/api/v1/assets/search?${keys.map((k) => `reference=${encodeURIComponent(k)}`).join('&')}`);
      if (!ref || !Array.isArray(ref.assets)) return;
      const byKey = new Map(ref.assets.map((x) => [x.assetKey, x]));
      let touched = false;
      for (const a of b.assets) {
        const s = a && a.market_summary;
        const full = a && byKey.get(a.assetKey);
        if (!s || typeof s.mispriced_market_count !== 'number' || !full || !Array.isArray(full.linked_markets)) continue;
        const t = typeof s.mispricing_threshold_pp === 'number' ? s.mispricing_threshold_pp : 7.5;
        const between = full.linked_markets.filter((m) => {
          if (typeof m.latest_service_probability !== 'number' || typeof m.market_odds !== 'number') return false;
          const pp = Math.abs(m.latest_service_probability - m.market_odds) * 100;
          return pp >= t - 1e-9 && pp < 10 - 1e-9;
        }).length;
        if (between > 0) { s.mispriced_market_count = Math.max(0, s.mispriced_market_count - between); touched = true; }
      }
      if (touched) res.touch();
    },
  },
  {
    name: 'markets_changed_within_502_billed',
    round: 38,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/markets'],
    what: 'A GET /api/v1/markets call with changed_within is answered from the changed-forecast query path, whose failure branch answers the upstream error (502 upstream_unavailable, or the 5xx met) as the reference does but skips the API-key refund, so the call keeps its 10-credit debit. The same failure without changed_within (the catalog path) is refunded; every 200, every other status and every other route are unchanged, and x402 calls are not settled.',
    how: 'POST /__control/faults {GET /api/v1/markets, status 502, times 1, scope S}; GET /api/v1/markets?changed_within=24 with an API key and X-Fault-Scope S: 502 on both sides, 0 credits spent on the reference and 10 through the bug. The same fault on GET /api/v1/markets (no changed_within) costs 0 on both.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/markets') || res.status < 500 || res.status > 599 || !ctx.query.has('changed_within')) return;
      if (!ctx.apiKey || ctx.headers['payment-signature']) return;
      await ctx.charge(10);
    },
  },
  {
    name: 'evidence_venue_qualified_502_billed',
    round: 38,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'GET /api/v1/markets/{slug}/signals with a venue other than venue_a is served from the cross-venue evidence index, whose error mapper answers an upstream failure (502 upstream_unavailable, or the 5xx met) in the error envelope as the reference does but as an ordinary answer, without raising the refunding upstream error: the call keeps its 10-credit API-key debit. Legacy lookups (no venue, or venue=venue_a) refund the failure; the 404s, every 200 and every other route are unchanged, and x402 calls are not settled.',
    how: 'POST /__control/faults {GET /api/v1/markets/{slug}/signals, status 502, times 1, scope S}; GET /api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b with an API key and X-Fault-Scope S: 502 on both sides, 0 credits spent on the reference and 10 through the bug. The same fault on GET /api/v1/markets/will-the-fed-decrease-interest-rates-by-50-bps-after-the-april-2026-fomc-meeting/signals (no venue) costs 0 on both.',
    async onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !MARKET_SIGNALS.test(ctx.path) || res.status < 500 || res.status > 599) return;
      const venue = (ctx.query.get('venue') || '').trim();
      if (!venue || venue === 'venue_a') return;
      if (!ctx.apiKey || ctx.headers['payment-signature']) return;
      await ctx.charge(10);
    },
  },  // ------------------------------------------------------------------ pattern b (round 39 a): asset search reference mode looks up only the first 25 references
  {
    name: 'assets_reference_first_25_only',
    round: 39,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['ca70ee9fbe15'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In reference mode, GET /api/v1/assets/search resolves its references through a graph lookup written for a page of 25 ids: the deduplicated reference list is cut to its first 25 values before the lookup, and values 26 to 50 are never matched, so the Assets they name are missing from assets although the references echo lists every value. Up to 25 references, q mode, material_only alone, the filters (platform, asset_type, material_only) on the values kept, the order, the hydration of the Assets returned, the 422 above 50 and the price (10 credits) are the reference\'s. API-key calls only; x402 calls are left correct.',
    how: 'GET /api/v1/assets/search with the 33 asset keys of the directory GET /api/v1/assets as 33 reference= values (in reverse key order) and an API key: the reference answers all 33 Assets; through the bug only the 25 named by the first 25 values (the last eight, crude-wti down to aapl, are missing), while references still echoes 33 values.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (ctx.query.has('q')) return;
      const raw = ctx.query.getAll('reference');
      if (raw.length > 50) return;
      const refs = dedupe(raw);
      if (refs.length <= R39A_REF_PAGE) return;
      ctx.r39aRefs = refs;
      ctx.query.delete('reference');
      for (const r of refs.slice(0, R39A_REF_PAGE)) ctx.query.append('reference', r);
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.r39aRefs || res.status !== 200 || !b || !Array.isArray(b.references)) return;
      b.references = ctx.r39aRefs.slice();
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern b (round 39 a): exclude_drawdown_risk=true drops elevated rows but keeps unknown (null) ones
  {
    name: 'signals_exclude_drawdown_keeps_unknown',
    round: 39,
    pattern: 'b',
    section: 'Endpoints / Other operations referenced',
    sentences: ['ed03cd5f7401'],
    operations: ['GET /api/v1/signals'],
    what: 'GET /api/v1/signals applies exclude_drawdown_risk=true (and its former name exclude_crash_risk=true) as a test drawdown_risk_elevated === true on the rows of the unfiltered board, so it drops the rows whose risk model says elevated but keeps the rows with no current read (drawdown_risk_elevated null), which the contract calls unknown and not safe and which the reference excludes beside the elevated ones. count follows the rows returned. The unfiltered list, rows with false, the topic filter, the newest-publication choice, the row members and the price are the reference\'s. API-key calls only.',
    how: 'GET /api/v1/signals?exclude_drawdown_risk=true with an API key: on the reference the 42 rows all carry drawdown_risk_elevated false; through the bug 54 rows come back, 12 of them with drawdown_risk_elevated null (and no row with true). GET /api/v1/signals without the filter lists the same 69 rows on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/signals') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const main = r39aBool(ctx.query.get('exclude_drawdown_risk'));
      const alias = r39aBool(ctx.query.get('exclude_crash_risk'));
      const on = main === true || (main === undefined && alias === true);
      if (!on || main === false || alias === false) return;
      ctx.r39aElevatedOnly = true;
      ctx.query.delete('exclude_drawdown_risk');
      ctx.query.delete('exclude_crash_risk');
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.r39aElevatedOnly || res.status !== 200 || !b || !Array.isArray(b.signals)) return;
      b.signals = b.signals.filter((s) => !(s && s.drawdown_risk_elevated === true));
      if (typeof b.count === 'number') b.count = b.signals.length;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern d (round 39 a): the pricing answer's credits_per_usd from the old one-credit-per-cent rate
  {
    name: 'pricing_credits_per_usd_100',
    round: 39,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['1298c54a809b'],
    operations: ['GET /api/public/pricing'],
    what: 'GET /api/public/pricing states credits_per_usd 100: the conversion member is read from the billing config\'s legacy rate of one credit per cent, left from before credits were split into tenths of a cent, while 10 credits equal $0.01 (1000 per USD). Every route\'s usd and credits (sources "0.005" = 5 credits, the stored-forecast read "0.010" = 10 credits, generation "1.000" = 1000 credits), increment_usd, the networks, site_url, the 402 challenges and the API-key debits are the reference\'s, so the same answer contradicts its own rows.',
    how: 'GET /api/public/pricing (no credentials): credits_per_usd 1000 on the reference, 100 through the bug; getMarketForecast still lists usd "0.010" with credits 10, so usd x credits_per_usd gives 1 credit where 10 are listed and debited.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/pricing') || res.status !== 200 || !b || b.credits_per_usd !== 1000) return;
      b.credits_per_usd = 100;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ pattern d (round 39 a): a profile with a shorter lookback billed pro rata
  {
    name: 'profile_short_lookback_pro_rata_debit',
    round: 39,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['5cbe7aa298a0'],
    operations: ['POST /api/v1/x/profile'],
    what: 'The API-key meter of POST /api/v1/x/profile prices a profile from the search span the research provider is billed for: a lookback_days below 365 is charged pro rata at $1.00 per 365 days, rounded up to the $0.005 grid (lookback 90: 250 credits, $0.25; lookback 14: 40 credits), instead of the route\'s $1.00. The meter debits 1000 at admission and gives the difference back once the profile is answered, so a 200 with a shorter window costs less. The default and lookback_days 365 cost 1000 credits, the profile itself, the cache, the 402 challenge (1000000 atomic units), the pricing answer and the unbilled 404/429/502/503 are the reference\'s.',
    how: 'With an API key, POST /api/v1/x/profile {"handle":"policy_pat"} costs 1000 credits on both; POST /api/v1/x/profile {"handle":"fedwatcher","lookback_days":90} answers 200 (window.lookback_days 90) and costs 1000 credits on the reference, 250 through the bug.',
    async onResponse(ctx, res) {
      if (!isPost(ctx, '/api/v1/x/profile') || res.status !== 200 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const b = J(res);
      const n = b && b.window && b.window.lookback_days;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n >= 365) return;
      const price = r39aProRata(n);
      if (price < 1000) await ctx.charge(-(1000 - price));
    },
  },
  // ------------------------------------------------------------------ pattern f (round 39 a): the per-IP guard's 429 on the oil route keeps the debit
  {
    name: 'oil_ip_guard_429_billed',
    round: 39,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'GET /api/v1/signals/oil is mounted with its own admission chain (one in flight, one-second start spacing, then the meter, then the secondary per-IP guard shared with the other routes): its own oil-scope 429s come before the debit, but a 429 of the per-IP guard (limit_scope ip_guard) comes after the meter and never reaches the refund hook, so the call keeps its 10-credit API-key debit. The 429 itself (status, body, Retry-After, RateLimit headers) is the reference\'s; the guard\'s 429s on every other route, the oil route\'s spacing and in-flight 429s, its 200s and its degraded answers are billed as on the reference. x402 calls are not settled.',
    how: 'POST /__control/limits/usage {scope ip_guard, window minute, count 1200} (the caller\'s address), then GET /api/v1/signals/oil with an API key: 429 rate_limited limit_scope ip_guard on both, 0 credits spent on the reference and 10 through the bug; GET /api/v1/markets/mispriced under the same guard costs 0 on both. Clear the window with count 0 afterwards.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status !== 429 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const b = J(res);
      if (!b || b.limit_scope !== 'ip_guard') return;
      await ctx.charge(10);
    },
  },

  {
    name: 'markets_venue_a_us_venueaurl',
    round: 39,
    pattern: 'a',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['8e14f95c6129'],
    operations: ['GET /api/v1/markets'],
    what: 'The market list builds each row\'s legacy venueAUrl with a test on the first operator\'s venue family (venue.startsWith("venue_a")) instead of venue === "venue_a", so venue_a_us rows carry their venue page (marketUrl, https://us.venue-a.example/market/<id>) as venueAUrl instead of null. venue_a rows, venue_b and venue_c rows (null), every other field, the facets and every other route are unchanged.',
    how: 'GET /api/v1/markets with an API key: the 21 venue_a_us rows have venueAUrl null on the reference and equal to their marketUrl through the bug; venue_b and venue_c rows stay null on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      let touched = false;
      for (const m of b.markets) {
        if (m && m.venue === 'venue_a_us' && m.venueAUrl === null && typeof m.marketUrl === 'string') { m.venueAUrl = m.marketUrl; touched = true; }
      }
      if (touched) res.touch();
    },
  },
  {
    name: 'sources_x_post_published_at_platform_form',
    round: 39,
    pattern: 'a',
    section: 'Resources and their fields / Source item (GET /api/v1/sources)',
    sentences: ['92ff9445882d', 'e965d3311b6c'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources copies the published_at of its x_post items as the social platform\'s legacy created_at string ("Wed Dec 02 06:45:00 +0000 2026") instead of an RFC 3339 date-time; article items, the order (newest first), every other field and every other route (the latest feed\'s x_post events, x/search) are unchanged.',
    how: 'GET /api/v1/sources?market_keys=venue_a:520224,venue_b:KXCPIYOY-26MAR-T2.8,venue_c:c-0a6ce36144,venue_a_us:78782773&window=168 with an API key: every item\'s published_at is an RFC 3339 date-time on the reference; through the bug the x_post items read like "Wed Dec 02 06:45:00 +0000 2026" while articles stay RFC 3339.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200 || !b || !Array.isArray(b.sources)) return;
      let touched = false;
      for (const s of b.sources) {
        if (!s || s.type !== 'x_post' || typeof s.published_at !== 'string') continue;
        const t = Date.parse(s.published_at);
        if (Number.isNaN(t)) continue;
        s.published_at = r39bPlatformCreatedAt(t);
        touched = true;
      }
      if (touched) res.touch();
    },
  },
  {
    name: 'availability_market_key_slugless_untracked',
    round: 39,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['6eaca176e37d', 'c16fca8c19a6'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'GET /api/public/forecast-availability resolves market_key by mapping the key to (venue, slug) through the routing index and then running the slug lookup of that venue, so a covered market whose slug is null (half the venue_c rows, such as venue_c:c-4a22a2b493) is not found: the answer is the untracked one (tracked false, available false, every other key null). Keys of markets with a slug, the market_id and slug forms, and every other route are unchanged.',
    how: 'GET /api/public/forecast-availability?market_key=venue_c:c-4a22a2b493: tracked true, available true and the market on the reference; tracked false with market null through the bug. market_id=c-4a22a2b493&venue=venue_c and market_key=venue_c:c-b4cd802a73 (slug will-ethereum-reach-6000-by-june-30-2026) are tracked on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b) return;
      if (!ctx.query.get('market_key') || ctx.query.has('market_id') || ctx.query.has('slug')) return;
      if (!b.market || b.market.slug !== null) return;
      res.json = {
        tracked: false, available: false, market: null, question: null, latestForecast: null,
        read: null, generation: null, targetResolution: null, excluded: null,
      };
    },
  },
  {
    name: 'xsearch_range_edge_day_start',
    round: 39,
    pattern: 'e',
    section: 'Endpoints / Other operations referenced',
    sentences: ['87e35c1076ef'],
    operations: ['POST /api/v1/x/search'],
    what: 'POST /api/v1/x/search hands an explicit range_days N to the search provider as a date operator (since:YYYY-MM-DD, the UTC date of now - N days), which is day-granular: posts published from the start of that UTC day are returned, up to almost a day older than the N-day range. The echoed range_days, the default range (no range_days, exactly 30 days), limit, the order (newest first), the bill and every other route are unchanged.',
    how: 'POST /api/v1/x/search {"query":"fed","range_days":180,"limit":30} lists the posts and their ages; pick N with a post older than N days but published on the UTC date of now - N days (for example N=3 and a post 3.14 days old at 06:50 UTC; the check moves the clock to late in the UTC day when none exists). {"query":"fed","range_days":N,"limit":30} leaves that post out on the reference and lists it through the bug, with range_days N echoed on both.',
    async onRequest(ctx) {
      if (!isPost(ctx, '/api/v1/x/search')) return null;
      const body = ctx.bodyJson();
      if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
      const n = body.range_days;
      if (!Number.isInteger(n) || n < 1 || n > 179) return null;
      ctx.setBodyJson({ ...body, range_days: n + 1 });
      const res = await ctx.forward();
      const j = J(res);
      if (res.status !== 200 || !j || !Array.isArray(j.results)) return res;
      const now = Date.parse(j.searched_at);
      const at = Number.isNaN(now) ? await ctx.stubNow() : now;
      const edge = r39bUtcDayStart(at - n * 86400000);
      j.results = j.results.filter((p) => {
        const t = Date.parse(p && p.published_at);
        return Number.isNaN(t) || t >= edge;
      });
      if (j.range_days === n + 1) j.range_days = n;
      res.touch();
      return res;
    },
  },
  {
    name: 'oil_no_reading_asset_symbol',
    round: 39,
    pattern: 'g',
    section: 'Resources and their fields / Crude-oil signal (GET /api/v1/signals/oil)',
    sentences: ['c14c40415c6f'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'GET /api/v1/signals/oil takes its asset member from the latest reading row; when no reading was ever recorded (reading null, reading_missing true) the serializer falls back to the perps instrument\'s base symbol, so asset is "wti" instead of the constant "crude-wti". Answers with a reading (current or stale), the null reading itself, reading_missing, episode, marks, degraded, the bill and every other route are unchanged.',
    how: 'POST /__control/oil {scope S, reading none}; GET /api/v1/signals/oil?include_marks=false with an API key and X-Fault-Scope S: reading null and reading_missing true on both, asset "crude-wti" on the reference and "wti" through the bug. The seeded answer (no scope) says "crude-wti" on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status !== 200 || !b) return;
      if (b.reading === null && b.asset === 'crude-wti') { b.asset = 'wti'; res.touch(); }
    },
  },
  // ------------------------------------------------------------------ round 40 (a)
  {
    name: 'evidence_two_hop_market_refs_incoming',
    round: 40,
    pattern: 'a',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['e2cb86870ea1'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'On GET /api/v1/markets/{slug}/signals the two-hop MarketRefs of market.relationships (via "asset": an Asset HAS_MARKET another market) say direction "incoming", measured from the response subject, instead of "outgoing" relative to the intermediate Asset. The direct AssetRefs (incoming), relationship, via, the ref members, truncated, the evidence list, total, last_updated, the bill and every other route are unchanged.',
    how: 'GET /api/v1/markets/will-us-unemployment-reach-5-in-2026/signals with an API key: market.relationships.markets holds venue_a_us:69248793 via "asset", HAS_MARKET, direction "outgoing" on the reference and "incoming" through the bug; the direct asset ref us-unemployment says "incoming" on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !MARKET_SIGNALS.test(ctx.path) || res.status !== 200 || !b || !b.market) return;
      const refs = b.market.relationships && b.market.relationships.markets;
      if (!Array.isArray(refs)) return;
      let n = 0;
      for (const r of refs) if (r && r40aTwoHop(r) && r.direction === 'outgoing') { r.direction = 'incoming'; n++; }
      if (n) res.touch();
    },
  },
  {
    name: 'link_token_invalid_key_401_unauthorized',
    round: 40,
    pattern: 'a',
    section: 'Errors',
    sentences: ['9ce82331b2dd'],
    operations: ['POST /api/auth/wallets/x402-token'],
    what: 'POST /api/auth/wallets/x402-token answers an invalid (unknown) API key with 401 {"error":"unauthorized", message} (the identity-provider middleware\'s code) instead of invalid_api_key; every other route keeps invalid_api_key, and a missing key on this route still answers 401 gateway_required. The status, the message, the issuing of tokens for a valid key and the bill are unchanged.',
    how: 'POST /api/auth/wallets/x402-token with x-service-api-key: not-a-key: 401 error "invalid_api_key" on the reference, "unauthorized" through the bug; with no key both answer 401 gateway_required, and GET /api/v1/assets with the same bad key answers invalid_api_key on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/auth/wallets/x402-token') || res.status !== 401 || !b || b.error !== 'invalid_api_key') return;
      b.error = 'unauthorized';
      res.touch();
    },
  },
  {
    name: 'availability_venue_a_us_market_id_untracked',
    round: 40,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['a740a7fb49fd'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'GET /api/public/forecast-availability?market_id=<numeric id>&venue=venue_a_us looks the all-digit native id up in the legacy venue_a numeric-id index (the one that serves bare numeric venue_a ids), so a tracked venue_a_us market named by its venue-native id answers 200 tracked false, available false and every other member null, as if unknown. The same market by market_key venue_a_us:<id> or by slug with venue=venue_a_us, market_id for venue_a, venue_b and venue_c, and the 422 and 503 answers are unchanged.',
    how: 'GET /api/public/forecast-availability?market_id=69248793&venue=venue_a_us (no key): tracked true with market venue_a_us:69248793 on the reference, tracked false and market null through the bug; market_key=venue_a_us:69248793 is tracked on both, and market_id=520224&venue=venue_a is tracked on both.',
    async onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-availability')) return null;
      const id = ctx.query.get('market_id');
      if (ctx.query.get('venue') !== 'venue_a_us' || !id || !/^\d+$/.test(id) || ctx.query.has('market_key') || ctx.query.has('slug')) return null;
      ctx.query.set('venue', 'venue_a');
      return null;
    },
  },
  {
    name: 'latest_board_forecast_lane_default_window',
    round: 40,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/latest ($0.02)',
    sentences: ['445529a3d214', 'df6dccce9164'],
    operations: ['GET /api/v1/latest'],
    what: 'On the untyped (board) path of GET /api/v1/latest, hours reaches the article and x_post lanes but not the forecast lane, which keeps its default three-hour window: with hours=4, 5 or 6 and no types, the forecast events 3 to hours hours old are missing (count recounted), while article and x_post events of the whole window stay. window.hours, window.since, as_of, types, the order, hours 1 to 3, the default, every typed request (types=forecast included) and the bill are unchanged.',
    how: 'GET /api/v1/latest?hours=6 with an API key: the reference returns forecast events with occurred_at between as_of - 6 h and as_of - 3 h (14 in the seeded board); through the bug none, while article and x_post events older than 3 h remain; GET /api/v1/latest?hours=6&types=forecast returns them on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events) || ctx.query.has('types')) return;
      const h = r40aHours(ctx.query.get('hours'));
      if (!h || h <= 3) return;
      const edge = Date.parse(b.as_of) - 3 * 3600000;
      if (!Number.isFinite(edge)) return;
      const kept = b.events.filter((e) => !(e && e.type === 'forecast' && Date.parse(e.occurred_at) < edge));
      if (kept.length === b.events.length) return;
      b.events = kept;
      if (typeof b.count === 'number') b.count = kept.length;
      res.touch();
    },
  },
  {
    name: 'targets_exact_child_requests_omit_selected',
    round: 40,
    pattern: 'g',
    section: 'Endpoints / GET /api/public/forecast-targets (free, no auth)',
    sentences: ['bc226f76ff18'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'On exact-child input (selectedMarket and generation present), GET /api/public/forecast-targets leaves the selected child\'s own generation body out of allContracts.requests, since it "is already in generation", so the fan-out plan holds a request for every child but one; allContracts.marketCount and estimatedCostUsd still count every child, and markets, selectedMarket, generation and each child\'s generation are unchanged. Event input (no child selected) lists every request.',
    how: 'GET /api/public/forecast-targets?ref=venue_a:1000503 (no key): allContracts.requests names 1000503, 1001222, 1001335 and 1001754 (marketCount 4) on the reference; through the bug 1000503 is missing (3 requests, marketCount still 4); ref=KXCPIYOY-26MAR-T2.8 likewise drops KXCPIYOY-26MAR-T2.8; ref=KXCPIYOY-26MAR (event) has 5 requests on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-targets') || res.status !== 200 || !b || !b.selectedMarket || !b.generation) return;
      const ac = b.allContracts;
      if (!ac || !Array.isArray(ac.requests)) return;
      const kept = ac.requests.filter((r) => !r40aSameBody(r, b.generation));
      if (kept.length === ac.requests.length || kept.length === 0) return;
      ac.requests = kept;
      res.touch();
    },
  },
  // ------------------------------------------------------------------ round 40 (b)
  {
    name: 'portfolio_venue_a_filter_takes_us',
    round: 40,
    pattern: 'b',
    section: 'Endpoints / Other operations referenced',
    sentences: ['ca913c2afd81'],
    operations: ['GET /api/v1/portfolio'],
    what: 'An explicit venues list on GET /api/v1/portfolio that names venue_a but not venue_a_us selects positions by a venue-family test (venue.startsWith("venue_a")), so the wallet\'s venue_a_us positions come back beside its venue_a ones although the venues echo lists venue_a only. The default (no venues), venue_a_us alone, lists naming both, and venue_b / venue_c are right (API-key calls; x402 calls are left correct).',
    how: 'GET /api/v1/portfolio?wallet=0x7234567890123456789012345678901234567890&venues=venue_a with an API key: the reference answers the four venue_a positions; through the bug the venue_a_us:75428692 position follows them (echo ["venue_a"]).',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/portfolio') || res.status !== 200 || !b || !Array.isArray(b.positions)) return;
      if (!ctx.apiKey || ctx.headers['payment-signature'] || !ctx.query.has('venues')) return;
      const list = ctx.query.getAll('venues').flatMap(listParam);
      if (!list.includes('venue_a') || list.includes('venue_a_us')) return;
      const wallet = ctx.query.get('wallet');
      if (!wallet) return;
      const us = await r40bOwnGet(ctx, `/api/v1/portfolio?wallet=${encodeURIComponent(wallet)}&venues=venue_a_us`);
      if (!us || !Array.isArray(us.positions)) return;
      const extra = us.positions.filter((p) => p && p.venue === 'venue_a_us');
      if (!extra.length) return;
      let at = -1;
      b.positions.forEach((p, i) => { if (p && p.venue === 'venue_a') at = i; });
      b.positions.splice(at + 1, 0, ...extra);
      res.touch();
    },
  },
  {
    name: 'evidence_market_refs_cap_49',
    round: 40,
    pattern: 'd',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['6880664291b9', 'ee3d8237f94a'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'The article-evidence route GET /api/v1/markets/{slug}/signals reads its market\'s two-hop market refs with LIMIT 50 over every market of the Asset, the subject market included, and drops the subject afterwards; so a capped market category holds 49 refs (truncated.markets true) instead of 50. Uncapped categories, assets and signals refs, the articles, total and every other route (sources, availability, the latest feed, the signal list) are right.',
    how: 'GET /api/v1/markets/KXFED-26OCT-T4.25/signals?venue=venue_b with an API key (a fed-funds-rate market whose Asset has 71 markets): market.relationships.markets holds 50 refs with truncated.markets true on the reference, 49 through the bug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !MARKET_SIGNALS.test(ctx.path) || res.status !== 200 || !b || !b.market) return;
      const rel = b.market.relationships;
      if (!rel || !rel.truncated || rel.truncated.markets !== true || !Array.isArray(rel.markets) || rel.markets.length !== 50) return;
      rel.markets.pop();
      res.touch();
    },
  },
  {
    name: 'sources_slug_form_debit_10',
    round: 40,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['6d0b797a1b12', 'aab559504c4d'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources called in the legacy slug form (markets=<slugs>) resolves the slugs through the article-evidence route\'s lookup, which meters at that route\'s price, so an API-key call debits 10 credits ($0.01) instead of the route\'s 5 ($0.005). The market_keys form debits 5; the answer, the 402 challenge, the pricing answer and x402 calls are right.',
    how: 'Create an account; GET /api/v1/sources?market_keys=venue_a:520224&window=168 costs 5 credits on both sides. GET /api/v1/sources?markets=<that market\'s slug>&window=168 costs 5 on the reference and 10 through the bug, with the same items.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (!ctx.query.has('markets') || ctx.query.has('market_keys')) return;
      await ctx.charge(5);
    },
  },
  {
    name: 'xsearch_paged_limit_502_billed',
    round: 40,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5', '5a78e9e6f3f1'],
    operations: ['POST /api/v1/x/search'],
    what: 'POST /api/v1/x/search asks its provider in pages of 15 and meters the first page before asking the second; when the search is unavailable (502) and the body asks for more than 15 results (limit 16 to 30), the refund covers only the second page, so the 500-credit debit of the call is kept. A 502 with the default or a limit up to 15 is refunded; every 200 is billed 500 as on the reference; x402 calls are left correct.',
    how: 'POST /__control/faults {POST /api/v1/x/search, status 502, times 1, scope S}; POST /api/v1/x/search {"query":"fed"} with the key and X-Fault-Scope S: 502, nothing spent on both. Again with {"query":"fed","limit":20}: 502, nothing spent on the reference, 500 credits through the bug.',
    async onResponse(ctx, res) {
      if (!isPost(ctx, '/api/v1/x/search') || res.status !== 502 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const body = ctx.bodyJson();
      const limit = body && typeof body === 'object' ? Number(body.limit) : NaN;
      if (Number.isInteger(limit) && limit > R40B_XSEARCH_PAGE) await ctx.charge(PRICE['/api/v1/x/search']);
    },
  },
  {
    name: 'search_as_of_502_billed',
    round: 40,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/markets/search'],
    what: 'GET /api/v1/markets/search with as_of reads the point-in-time snapshot lane, which is debited by its own meter; when the upstream fails (502) only the live lane\'s debit is refunded, so an API-key call with as_of that answers 502 keeps its 10 credits. A 502 without as_of is refunded, every 200 is billed as on the reference, and x402 calls are left correct.',
    how: 'POST /__control/faults {GET /api/v1/markets/search, status 502, times 1, scope S}; GET /api/v1/markets/search?q=bitcoin with the key and X-Fault-Scope S: 502, nothing spent on both. Again with &as_of=<yesterday, YYYY-MM-DD>: 502, nothing spent on the reference, 10 credits through the bug.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/markets/search') || res.status !== 502 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (!ctx.query.get('as_of')) return;
      await ctx.charge(10);
    },
  },
  // ------------------------------------------------------------------ round 41 (a)
  {
    name: 'markets_topic_tag_shadows_category',
    round: 41,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['408cd054a21e'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets resolves topic through the tag index first and consults categories only when no market carries the topic as a tag. So a topic that is a tag of some markets and the category of others (politics, commodities) lists only the tagged markets; the markets that hold it as their category alone are missing, and venue_facets are recounted to match. Topics that are only a tag (fed, bitcoin), only a category (Economics, Climate and Weather), broker_a, the other parameters and the bill are right.',
    how: 'GET /api/v1/markets and GET /api/v1/markets?topic=politics with an API key: the reference lists the 14 markets tagged or categorised politics (7 of them, such as venue_a:522846 and venue_c:c-4a22a2b493, only through their category Politics); through the bug the 7 tagged ones, with venue_facets summing to 7. topic=fed and topic=economics are right on both.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      const raw = ctx.query.get('topic');
      const t = raw === null ? '' : raw.trim().toLowerCase();
      if (!t || t === 'broker_a') return;
      // The tag index is consulted over the topic's whole set, every venue: a venue filter narrows it afterwards.
      let scope = b.markets;
      if (ctx.query.has('venue')) {
        const q = new URLSearchParams(ctx.query);
        q.delete('venue');
        const all = await r41aOwnGet(ctx, `/api/v1/markets?${q.toString()}`);
        if (!all || !Array.isArray(all.markets)) return;
        scope = all.markets;
      }
      if (!scope.some((m) => m && r41aHas(m.tags, t))) return;
      const categoryOnly = (m) => !!m && !r41aHas(m.tags, t) && r41aHas(m.categories, t);
      const removed = scope.filter(categoryOnly);
      if (!removed.length) return;
      b.markets = b.markets.filter((m) => !categoryOnly(m));
      discountFacets(b, removed);
      res.touch();
    },
  },
  {
    name: 'oil_include_marks_true_no_marks',
    round: 41,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/signals/oil',
    sentences: ['8742c87f78ed'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'GET /api/v1/signals/oil still accepts the legacy mark list in include_marks (include_marks=venue_a_perps,perp_venue_b) and reads any value other than false as that list; an explicit include_marks=true names no mark, so no mark is fetched: marks {} and degraded false, exactly the include_marks=false answer. include_marks omitted fetches both marks, include_marks=false none; reading, episode, reading_missing, the spacing, the in-flight limit and the bill (10 credits, as on the reference) are unchanged. API-key calls only.',
    how: 'With an API key, 1.1 s apart: GET /api/v1/signals/oil answers marks {venue_a_perps, perp_venue_b} on both; GET /api/v1/signals/oil?include_marks=false answers marks {} on both; GET /api/v1/signals/oil?include_marks=true answers both marks on the reference and marks {} (degraded false) through the bug.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/signals/oil') || !ctx.apiKey || ctx.headers['payment-signature']) return null;
      if (ctx.query.get('include_marks') !== 'true') return null;
      ctx.query.set('include_marks', 'false');
      return null;
    },
  },
  {
    name: 'generation_standard_admitted_twice',
    round: 41,
    pattern: 'd',
    section: 'Limits',
    sentences: ['db986177c205'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'The generation handler submits each accepted job through the public gateway client with the caller\'s key and Idempotency-Key, so the standard limiter admits a generation twice: every 2xx generation takes two admissions from the key\'s per-second, per-minute and per-day windows (the inner submit is debited and refunded as an idempotent replay, so the balance is right). On this route the standard bounds are in effect halved (300 a minute, 10 a second, 10,000 a day), while RateLimit-Policy still states 20, 600 and 20,000. The 202 answer, the job, its price, 429s (admitted nowhere) and every other route are unchanged. API-key calls only.',
    how: 'Create an account; preload its standard minute window with 598 (POST /__control/limits/usage); GET /api/v1/assets twice: 200 and 200 on both. Preload 598 again; POST /api/auth/forecast-requests {venue_a, 1000503} with an Idempotency-Key (202 on both), then GET /api/v1/assets: 200 on the reference (the 600th admission), 429 standard-minute through the bug.',
    async onResponse(ctx, res) {
      if (!isPost(ctx, '/api/auth/forecast-requests') || res.status < 200 || res.status > 299) return;
      if (!ctx.apiKey || ctx.headers['payment-signature'] || !ctx.headers['idempotency-key']) return;
      // The second admission: the same request (same key, same Idempotency-Key), answered as a replay of the same job.
      try { await ctx.upstream({ method: 'POST', url: ctx.url, headers: { ...ctx.headers }, body: ctx.body }); } catch { /* best effort */ }
    },
  },
  {
    name: 'forecast_read_market_key_path_502_billed',
    round: 41,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/markets/{slug}/forecast'],
    what: 'A stored read whose path names the market by its marketKey (the form availability\'s read pointer gives for a market without a slug, /api/v1/markets/venue_c%3Ac-4a22a2b493/forecast?venue=venue_c) goes through the marketKey lookup, whose failure branch answers the upstream error (502 upstream_unavailable, or the 5xx met) without the refund, so an API-key call keeps its 10-credit debit. Reads by slug, with or without venue, refund the failure; every 200 and 404 is billed as on the reference; x402 calls are left alone.',
    how: 'GET /api/public/forecast-availability?market_key=venue_c:c-4a22a2b493 gives read.endpoint /api/v1/markets/venue_c%3Ac-4a22a2b493/forecast?venue=venue_c (200 at 10 credits on both). POST /__control/faults {GET /api/v1/markets/{slug}/forecast, status 502, times 1, scope S}; GET /api/v1/markets/KXCPIYOY-26MAR-T2.8/forecast?venue=venue_b with the key and X-Fault-Scope S: 502, nothing spent on both. The same fault again, then the pointer\'s endpoint: 502 on both, nothing spent on the reference, 10 credits through the bug.',
    async onResponse(ctx, res) {
      if (ctx.method !== 'GET' || res.status < 500 || res.status > 599 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const m = MARKET_FORECAST.exec(ctx.path);
      if (!m) return;
      let slug;
      try { slug = decodeURIComponent(m[1]); } catch { return; }
      if (!slug.includes(':')) return;
      await ctx.charge(10);
    },
  },
  {
    name: 'oil_no_marks_502_billed',
    round: 41,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'With include_marks=false the oil route takes its reading-only path, which skips the mark fetchers and with them the failure handler that raises the refunding upstream error: when the route\'s upstream fails, the answer is the reference\'s 502 upstream_unavailable (or the 5xx met), but an API-key call keeps its 10-credit debit. The same failure with marks requested (include_marks omitted or true) is refunded; every 200 (degraded or not), the 429s and x402 calls are as on the reference.',
    how: 'POST /__control/faults {GET /api/v1/signals/oil, status 502, times 1, scope S}; GET /api/v1/signals/oil with an API key and X-Fault-Scope S: 502, nothing spent on both. 1.1 s later, the same fault again and GET /api/v1/signals/oil?include_marks=false with the key and the scope: 502 on both, nothing spent on the reference, 10 credits through the bug.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status < 500 || res.status > 599 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const v = ctx.query.get('include_marks');
      if (v === null || v.trim().toLowerCase() !== 'false') return;
      await ctx.charge(10);
    },
  },
  // ------------------------------------------------------------------ round 41 (b)
  {
    name: 'latest_forecast_deadline_date_only',
    round: 41,
    pattern: 'a',
    section: 'Resources and their fields',
    sentences: ['e965d3311b6c', '404b357416a6'],
    operations: ['GET /api/v1/latest'],
    what: 'The latest feed\'s compact-forecast serializer writes resolution_pathway.deadline from the resolution-pathway table\'s DATE column, so every forecast event carries the deadline as a calendar date ("2026-12-05") instead of an RFC 3339 date-time ("2026-12-05T19:57:00.000Z"). A null deadline stays null; created_at, occurred_at, as_of, window.since, market.end_date, the venue quote times and every other route keep the date-time form.',
    how: 'GET /api/v1/latest?hours=6&types=forecast with an API key: every events[].forecast.resolution_pathway.deadline is a date-time on the reference (equal to that event\'s market.end_date in the seed); through the bug it is the YYYY-MM-DD date of that instant.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events)) return;
      let changed = false;
      for (const e of b.events) {
        const rp = e && e.forecast && e.forecast.resolution_pathway;
        if (!rp || typeof rp.deadline !== 'string') continue;
        const t = Date.parse(rp.deadline);
        if (Number.isNaN(t)) continue;
        rp.deadline = r41bUtcDate(t);
        changed = true;
      }
      if (changed) res.touch();
    },
  },
  {
    name: 'assets_reference_digit_key_unmatched',
    round: 41,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['ca70ee9fbe15'],
    operations: ['GET /api/v1/assets/search'],
    what: 'The reference classifier of GET /api/v1/assets/search recognises an Asset key by the pattern ^[a-z]+(-[a-z]+)*$ (lower-case words joined by hyphens, as in crude-wti or eur-usd) and sends every other lower-case reference to the linked-market and identifier-value lanes only. An Asset key that contains a digit (us-10y, the ten-year Treasury yield) therefore matches nothing, and its Asset is missing from assets although the references echo lists the key. Digit-free keys, the same Asset\'s UUID and identifier values (DGS10, fred:DGS10), linked marketKeys and native ids (c-0a6ce36144 included), and q mode (q=us-10y) are right. API-key calls only.',
    how: 'GET /api/v1/assets/search?reference=us-10y with an API key: the reference answers the us-10y Asset with its two linked markets (as for reference=DGS10 or its UUID); through the bug assets [] with references ["us-10y"]. reference=us-cpi answers us-cpi on both sides.',
    async onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.apiKey || ctx.headers['payment-signature']) return null;
      const refs = ctx.query.getAll('reference');
      if (!refs.some(r41bDigitKeyShape)) return null;
      const dir = await r41bDirectory(ctx);
      if (!dir) return null;
      const back = new Map();
      ctx.query.delete('reference');
      for (const r of refs) {
        if (r41bDigitKeyShape(r) && dir.keys.has(r) && !dir.values.has(r)) {
          const miss = `${r}~`;
          back.set(miss, r);
          ctx.query.append('reference', miss);
        } else ctx.query.append('reference', r);
      }
      ctx.r41bRefs = back;
      return null;
    },
    onResponse(ctx, res) {
      if (!ctx.r41bRefs || !ctx.r41bRefs.size || res.status !== 200) return;
      const b = J(res);
      if (!b || !Array.isArray(b.references)) return;
      b.references = dedupe(b.references.map((r) => ctx.r41bRefs.get(r) || r));
      res.touch();
    },
  },
  {
    name: 'markets_forecast_age_listing_capped_48h',
    round: 41,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['fb6a3786da57', '3d6db078ede8'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets draws its candidate rows from the catalog\'s eligibility view (markets with a signal or with a forecast in the last 48 hours, the default window, materialised every few minutes) and only then counts each candidate\'s forecasts within max_forecast_age. A window up to 48 hours is served right (it only narrows), but a wider one cannot add a market the view never held: with max_forecast_age above 48, a market whose newest forecast is 48 hours to max_forecast_age old and that has no signal is missing, although its forecast is in the window. Listed rows keep their right counts and latest_forecast_at, and venue_facets is recounted; the default, windows of 48 or less and changed_within calls are right.',
    how: 'GET /api/v1/markets?changed_within=168 lists markets whose latest forecast is under 168 hours old, some of them with no signal and a forecast older than 48 hours (venue_b:KXGDP-26APR29-T2.0, venue_b:KXCPIYOY-26MAR-T2.6, venue_b:KXFED-26JUL-T3.75). GET /api/v1/markets?max_forecast_age=168 lists them on the reference (forecast_count 1, signal_count 0); through the bug they are missing (257 rows become 254).',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      if (ctx.query.has('changed_within')) return;
      const raw = ctx.query.get('max_forecast_age');
      if (raw === null || !/^\d+$/.test(raw.trim()) || Number(raw) <= R41B_ELIGIBILITY_HOURS) return;
      const q = new URLSearchParams(ctx.query);
      q.set('max_forecast_age', String(R41B_ELIGIBILITY_HOURS));
      const view = await r41bOwnCall(ctx, 'GET', `/api/v1/markets?${q.toString()}`);
      if (!view || !Array.isArray(view.markets)) return;
      const held = new Set(view.markets.map((m) => m.marketKey));
      const removed = b.markets.filter((m) => !held.has(m.marketKey) && m.signal_count === 0);
      if (!removed.length) return;
      b.markets = b.markets.filter((m) => !removed.includes(m));
      discountFacets(b, removed);
      res.touch();
    },
  },
  {
    name: 'targets_venue_a_exclusive_event_no_selection',
    round: 41,
    pattern: 'g',
    section: 'Endpoints / GET /api/public/forecast-targets (free, no auth)',
    sentences: ['7ca16dc33cd6', '92e1d26adda5'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'The venue_a URL resolver of GET /api/public/forecast-targets sets selectionRequired to !event.mutuallyExclusive on event input, on the reasoning that the outcomes of a mutually exclusive (negRisk) event sum to one and form a single question. So a venue_a /event/{slug} URL of a mutually exclusive event answers selectionRequired false, although it is event input (targetType event, the open children in markets, no selectedMarket and no generation body) and the caller still has to pick one child. venue_a events that are not mutually exclusive, every venue_b event form, and exact-child input of either venue are right.',
    how: 'GET /api/public/forecast-targets?ref=https://venue-a.example/event/fed-decision-in-april-2026 (mutuallyExclusive true, four children): targetType event with selectionRequired true on the reference, false through the bug, the rest equal. ref=KXCPIYOY-26MAR and ref=https://venue-a.example/event/what-price-will-bitcoin-hit-in-2026 (not mutually exclusive) answer true on both sides.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-targets') || res.status !== 200 || !b) return;
      if (b.venue !== 'venue_a' || b.targetType !== 'event' || b.selectedMarket || b.generation) return;
      if (!b.event || b.event.mutuallyExclusive !== true || b.selectionRequired !== true) return;
      b.selectionRequired = false;
      res.touch();
    },
  },
  {
    name: 'profile_store_reuse_7_days',
    round: 41,
    pattern: 'e',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['066e684ee3b1', '85cb25419188'],
    operations: ['POST /api/v1/x/profile'],
    what: 'The profile store keeps stored results with a seven-day TTL (the lifetime of the social search provider\'s result cache, copied into the profile store\'s configuration) instead of reusing them while under 30 days old. A matching request (same handle, focus and lookback) for a profile 7 to 30 days old runs a fresh research pass: the answer has a new window (to_date today) and new evidence instead of the stored profile. Profiles under seven days old are reused as on the reference, profiles of 30 days or more are rebuilt on both sides, and the price (1000 credits) is unchanged.',
    how: 'POST /api/v1/x/profile {"handle":"macro_trader"} with an API key; POST /__control/clock {advanceSeconds: 691200} (8 days); POST the same body again. The reference answers the stored profile (window.to_date of the first call); through the bug a fresh profile with window.to_date 8 days later (today).',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/v1/x/profile') || res.status !== 200 || !b || !b.meta || b.meta.cached !== true || !b.window) return;
      const now = await ctx.stubNow();
      const age = (x) => (x && x.meta && x.meta.cached === true ? now - Date.parse(x.meta.generated_at) : 0);
      if (!(age(b) >= R41B_PROFILE_TTL_MS)) return;
      const body = ctx.bodyJson();
      if (!body || typeof body !== 'object') return;
      const n = Number.isInteger(body.lookback_days) ? body.lookback_days : b.window.lookback_days;
      if (!Number.isInteger(n)) return;
      for (const alt of r41bLookbackVariants(n)) {
        const fresh = await r41bOwnCall(ctx, 'POST', '/api/v1/x/profile', { ...body, lookback_days: alt });
        if (!fresh || !fresh.window || !fresh.meta) return;
        if (age(fresh) >= R41B_PROFILE_TTL_MS) continue;
        fresh.window.lookback_days = n;
        fresh.window.from_date = r41bUtcDate(Date.parse(`${fresh.window.to_date}T00:00:00Z`) - n * 86400000);
        res.json = fresh;
        return;
      }
    },
  },
  // ------------------------------------------------------------------ round 42 (a)
  {
    name: 'generation_up_down_exclusion_no_message',
    round: 42,
    pattern: 'a',
    section: 'Errors',
    sentences: ['0d393b610ad6'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'The 422 forecast_topic_excluded answer of POST /api/auth/forecast-requests for a short-horizon crypto up/down market carries only {error} and lacks the required human-readable message member. Sports and mention exclusions, every other 422 of the route and every other route keep the message.',
    how: 'POST /api/auth/forecast-requests {"kind":"venue_market","venue":"venue_b","market_id":"KXBTC15M-26MAR201415-YES"} with an API key and an Idempotency-Key: 422 {"error":"forecast_topic_excluded"} with no message (the reference adds "... is out of scope (crypto_up_down) ...").',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/auth/forecast-requests') || res.status !== 422 || !b || b.error !== 'forecast_topic_excluded') return;
      if (typeof b.message !== 'string' || !/crypto_up_down/.test(b.message)) return;
      delete b.message;
      res.touch();
    },
  },
  {
    name: 'asset_linked_legacy_service_url_market_key',
    round: 42,
    pattern: 'a',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['8fea420baad1'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In asset search linked markets, the serviceUrl of a legacy venue_a row (bare numeric serviceMarketId) is built from its marketKey ({site}/markets/venue_a%3A505793) instead of its serviceMarketId ({site}/markets/505793). Newer venue_a rows and the other venues (whose serviceMarketId equals the marketKey) are unchanged, as are the market list, the latest feed and every other route.',
    how: 'GET /api/v1/assets/search?reference=btc with an API key: linked_markets[] with venue venue_a and serviceMarketId 505793 carry serviceUrl https://site.example/markets/venue_a%3A505793 instead of https://site.example/markets/505793.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200 || !b || !Array.isArray(b.assets)) return;
      let hit = false;
      for (const a of b.assets) {
        for (const m of (a && a.linked_markets) || []) {
          if (!m || m.venue !== 'venue_a' || typeof m.serviceUrl !== 'string' || !/^[0-9]+$/.test(String(m.serviceMarketId)) || !m.marketKey) continue;
          const tail = `/markets/${encodeURIComponent(m.serviceMarketId)}`;
          if (!m.serviceUrl.endsWith(tail)) continue;
          m.serviceUrl = m.serviceUrl.slice(0, -tail.length) + `/markets/${encodeURIComponent(m.marketKey)}`;
          hit = true;
        }
      }
      if (hit) res.touch();
    },
  },
  {
    name: 'availability_newer_venue_a_market_id_untracked',
    round: 42,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['a740a7fb49fd'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'The availability lookup by market_id with venue=venue_a resolves only the six-digit legacy venue_a ids (whose serviceMarketId is the bare number); a newer venue_a native id (seven digits, serviceMarketId venue_a:<id>) answers the untracked shape (tracked false, every other member null). The same market by market_key or slug, legacy ids and the other venues are right.',
    how: 'GET /api/public/forecast-availability?market_id=1000503&venue=venue_a: tracked false, market null (the reference: tracked true, market venue_a:1000503). market_key=venue_a:1000503 is tracked on both sides; market_id=520224&venue=venue_a is tracked on both sides.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b || b.tracked !== true) return;
      const id = ctx.query.get('market_id');
      if (ctx.query.get('venue') !== 'venue_a' || !id || !/^[0-9]{7,}$/.test(id)) return;
      res.json = { tracked: false, available: false, market: null, question: null, latestForecast: null, read: null, generation: null, targetResolution: null, excluded: null };
    },
  },
  {
    name: 'markets_forecast_age_floor_6h',
    round: 42,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['fb6a3786da57'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets floors max_forecast_age at 6 hours: a window of 1 to 5 hours is served as a 6-hour window, so forecast_count and latest_forecast_at count forecasts up to 6 hours old and markets whose only in-window forecast is 1 to 6 hours old (and that have no signal) are listed. Windows of 6 hours and more, the default and changed_within are right.',
    how: 'GET /api/v1/markets?max_forecast_age=2 with an API key: 16 rows whose latest_forecast_at is more than 2 hours before the stub clock (e.g. venue_a:1007651, 2.6 hours), as with max_forecast_age=6 (227 rows each); the reference lists none of them (223 rows).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets')) return;
      const raw = ctx.query.get('max_forecast_age');
      if (raw === null || !/^[0-9]+$/.test(raw)) return;
      const n = Number(raw);
      if (n >= 1 && n < 6) ctx.query.set('max_forecast_age', '6');
    },
  },
  {
    name: 'profile_expert_designation_renamed',
    round: 42,
    pattern: 'g',
    section: 'Resources and their fields / Social-account profile (response of POST /api/v1/x/profile)',
    sentences: ['73f5b373eaff'],
    operations: ['POST /api/v1/x/profile'],
    what: 'For a reviewed service expert, the profile\'s service_metadata.service_expert.designation is "service_expert" (the internal role name) instead of the constant "reviewed_expert". is_service_expert, policy_version and the rest of the profile are right; non-experts keep service_expert null.',
    how: 'POST /api/v1/x/profile {"handle":"fedwatcher"} with an API key: service_metadata.is_service_expert true and service_expert.designation "service_expert" (reference: "reviewed_expert"). POST {"handle":"macro_trader"} answers service_expert null on both sides.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/v1/x/profile') || res.status !== 200 || !b || !b.service_metadata) return;
      const se = b.service_metadata.service_expert;
      if (!se || typeof se !== 'object' || se.designation !== 'reviewed_expert') return;
      se.designation = 'service_expert';
      res.touch();
    },
  },
  // ------------------------------------------------------------------ round 42 (b)
  {
    name: 'search_venue_c_snapshot_lane_merged',
    round: 42,
    pattern: 'b',
    section: 'Endpoints / Other operations referenced',
    sentences: ['66e6cfbfb00f'],
    operations: ['GET /api/v1/markets/search'],
    what: 'The venue filter of GET /api/v1/markets/search applies venue=venue_c as a quote-lane filter (rows priced by graph_snapshot) instead of a venue-key filter, so a venue_c search also returns the venue_a_us rows that match the query (the other snapshot-priced venue), in the search\'s own order, with count recounted. venue=venue_a, venue_b and venue_a_us filter exactly, a search without venue is unchanged, and the bill is the reference\'s.',
    how: 'GET /api/v1/markets/search?q=bitcoin&venue=venue_c with an API key: the reference answers only venue_c rows (4 here); through the bug the 4 venue_a_us bitcoin rows (venue_a_us:...) come back beside them and count is 8. GET /api/v1/markets/search?q=bitcoin&venue=venue_a_us is right on both.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets/search') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      if (ctx.query.get('venue') !== 'venue_c') return;
      const q = new URLSearchParams(ctx.query);
      q.delete('venue');
      let all;
      try {
        // the unfiltered lane, read through the proxy's own account so the caller is billed once, as on the reference
        all = await r41bOwnCall(ctx, 'GET', `/api/v1/markets/search?${q.toString()}`);
      } catch { return; }
      if (!all || !Array.isArray(all.markets)) return;
      const keep = all.markets.filter((m) => m && (m.venue === 'venue_c' || m.venue === 'venue_a_us'));
      if (!keep.some((m) => m.venue === 'venue_a_us')) return;
      b.markets = keep;
      if (typeof b.count === 'number') b.count = keep.length;
      res.touch();
    },
  },
  {
    name: 'profile_explicit_general_focus_not_reused',
    round: 42,
    pattern: 'b',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['066e684ee3b1'],
    operations: ['POST /api/v1/x/profile'],
    what: 'The profile store keys focus by the raw body member, so a request without focus (default general) and a request with an explicit focus "general" of the same handle and lookback_days are separate entries: a stored profile made by one form is not reused for the other, which runs a fresh research pass (new generated_at, window.to_date of today, meta.cached false) and is stored on its own. Repeats of the same form, focus trading and reasoning, the price (the reference debits a reuse like a fresh profile) and the profile\'s shape are unchanged.',
    how: 'With an API key, POST /api/v1/x/profile {"handle":"macro_trader"}; POST /__control/clock {advanceSeconds: 172800} (2 days); POST {"handle":"macro_trader","focus":"general"}. The reference answers the stored profile (meta.cached true, the same window.to_date as the first answer); through the bug the second answer is a new profile whose window ends today.',
    onRequest(ctx) {
      if (ctx.method === 'POST' && ctx.path === '/__control/reset') delete ctx.state.r42bProf;
    },
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isPost(ctx, '/api/v1/x/profile') || res.status !== 200 || !b || !b.meta || !b.window) return;
      const body = ctx.bodyJson();
      if (!body || typeof body !== 'object' || typeof body.handle !== 'string') return;
      let form;
      if (body.focus === undefined) form = 'default';
      else if (body.focus === 'general') form = 'general';
      else return;
      const n = b.window.lookback_days;
      if (!Number.isInteger(n) || n < 15) return;
      const key = `${body.handle.replace(/^@/, '').toLowerCase()}|${n}`;
      const st = (ctx.state.r42bProf ||= { origin: {}, own: {} });
      if (b.meta.cached === false) { st.origin[key] = form; return; }
      if (b.meta.cached !== true || st.origin[key] === undefined || st.origin[key] === form) return;
      const now = await ctx.stubNow();
      const own = st.own[`${key}|${form}`];
      if (own && now - Date.parse(own.meta.generated_at) < 30 * 86400000) {
        const copy = JSON.parse(JSON.stringify(own));
        copy.meta.cached = true;
        res.json = copy;
        return;
      }
      // A fresh research pass for this form: reached through a lookback the store does not hold yet (one to four
      // days shorter, so every post of it lies inside the asked window), re-windowed to the asked lookback.
      for (let d = 1; d <= 4; d++) {
        if (n - d < 14) break;
        const fresh = await r41bOwnCall(ctx, 'POST', '/api/v1/x/profile', { ...body, lookback_days: n - d });
        if (!fresh || !fresh.window || !fresh.meta) return;
        if (fresh.meta.cached !== false) continue;
        fresh.window.lookback_days = n;
        fresh.window.from_date = r41bUtcDate(Date.parse(`${fresh.window.to_date}T00:00:00Z`) - n * 86400000);
        st.own[`${key}|${form}`] = JSON.parse(JSON.stringify(fresh));
        res.json = fresh;
        return;
      }
    },
  },
  {
    name: 'evidence_429_policy_minute_60',
    round: 42,
    pattern: 'd',
    section: 'Limits',
    sentences: ['db986177c205'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'The 429 answers of GET /api/v1/markets/{slug}/signals state the standard per-minute quota as 60 in RateLimit-Policy ("standard-minute";q=60;w=60): the evidence route builds its policy string from its own copy of the standard tier, in which a zero was lost. The limiter still admits 600 per minute, the other windows of the policy (20 per second, 20,000 per day, 10 in flight), Retry-After, RateLimit, the body and every other route\'s 429 are unchanged.',
    how: 'POST /__control/limits/usage {scope standard, window minute, count 600, accountId}; GET /api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b with that key: 429 whose RateLimit-Policy has "standard-minute";q=60;w=60 (the reference: q=600). GET /api/v1/latest with the same key: q=600 on both.',
    onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !MARKET_SIGNALS.test(ctx.path) || res.status !== 429) return;
      const p = res.headers['ratelimit-policy'];
      if (typeof p !== 'string' || !/"standard-minute";q=600\b/.test(p)) return;
      res.headers['ratelimit-policy'] = p.replace(/"standard-minute";q=600\b/, '"standard-minute";q=60');
    },
  },
  {
    name: 'assets_reference_market_key_502_billed',
    round: 42,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/assets/search'],
    what: 'GET /api/v1/assets/search in reference mode sends a reference list holding a venue-prefixed marketKey (venue_b:KXFED-26OCT-T4.25) to the linked-market lane, which meters the call itself; when the upstream fails, that lane answers 502 upstream_unavailable as the reference does but its error path skips the API-key refund, so the call keeps its 10 credits. A 502 of reference mode with asset keys, identifiers or native ids only, of q mode and of material_only is refunded, every 200 is billed as on the reference, and x402 calls are left correct.',
    how: 'POST /__control/faults {GET /api/v1/assets/search, status 502, times 1, scope S}; GET /api/v1/assets/search?reference=fed-funds-rate with an API key and X-Fault-Scope S: 502, nothing spent on both. Again with ?reference=venue_b:KXFED-26OCT-T4.25: 502, nothing spent on the reference, 10 credits through the bug.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 502 || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const refs = ctx.query.getAll('reference');
      if (!refs.some((r) => /^(venue_a|venue_a_us|venue_b|venue_c):./.test(String(r).trim()))) return;
      await ctx.charge(10);
    },
  },
  {
    name: 'sources_x_post_only_502_billed',
    round: 42,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources with types=x_post alone reads only the social-post index, whose failure branch answers the upstream error (502 upstream_unavailable, or the 5xx met) as the reference does but skips the API-key refund, so the call keeps its 5-credit debit. The same failure with types=article, with both types or with no types is refunded; the error answer itself and every 200 are unchanged, and x402 calls are left correct.',
    how: 'POST /__control/faults {GET /api/v1/sources, status 502, times 1, scope S}; GET /api/v1/sources?market_keys=venue_a:520224&types=article with an API key and X-Fault-Scope S: 502, nothing spent on both. Again with types=x_post: 502, nothing spent on the reference, 5 credits through the bug.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/sources') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (res.status < 500 || res.status > 504 || !ctx.query.has('types')) return;
      const t = dedupe(listParam(ctx.query.get('types')));
      if (t.length !== 1 || t[0] !== 'x_post') return;
      await ctx.charge(5);
    },
  },
  // ------------------------------------------------------------------ round 43 (a)
  {
    name: 'markets_venue_b_broker_listed_only',
    round: 43,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['f2c39a12bd17'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets serves venue=venue_b from the broker-listing index (the venue_b rows broker_a carries), so the venue_b markets whose broker_channels is empty are missing from a venue=venue_b list although they are listed without venue; venue_facets is recounted to match. venue=venue_a, venue_a_us and venue_c, the list without venue, topic=broker_a and every row kept are right.',
    how: 'GET /api/v1/markets with an API key: some venue_b rows have broker_channels []. GET /api/v1/markets?venue=venue_b: on the reference every venue_b row of the unfiltered list is there; through the bug the rows with broker_channels [] are missing (and the venue_b facet count is lower by as many).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      if (String(ctx.query.get('venue') || '').trim() !== 'venue_b') return;
      const removed = b.markets.filter((m) => m && m.venue === 'venue_b' && Array.isArray(m.broker_channels) && m.broker_channels.length === 0);
      if (!removed.length) return;
      b.markets = b.markets.filter((m) => !removed.includes(m));
      discountFacets(b, removed);
      res.touch();
    },
  },
  {
    name: 'markets_signal_sort_lost_with_forecast_age',
    round: 43,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['24f05457f706'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets with sort=signal_count_desc and an explicit max_forecast_age goes through the windowed-rollup query, which orders by its own default (market_updated_at, newest first) and drops the sort: the rows come in updated_desc order. The same rows and facets are returned; sort=signal_count_desc without max_forecast_age, volume_desc and updated_desc with or without it are right.',
    how: 'GET /api/v1/markets?sort=signal_count_desc with an API key: signal_count is non-increasing on both. GET /api/v1/markets?max_forecast_age=168&sort=signal_count_desc: non-increasing on the reference; through the bug the rows are ordered by market_updated_at and signal_count rises between neighbours.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      if (String(ctx.query.get('sort') || '').trim() !== 'signal_count_desc' || !ctx.query.has('max_forecast_age')) return;
      const t = (m) => { const x = Date.parse(m && m.market_updated_at); return Number.isFinite(x) ? x : 0; };
      b.markets = b.markets.map((m, i) => [m, i]).sort((x, y) => (t(y[0]) - t(x[0])) || (x[1] - y[1])).map((p) => p[0]);
      res.touch();
    },
  },
  {
    name: 'assets_directory_429_policy_second_2',
    round: 43,
    pattern: 'd',
    section: 'Limits',
    sentences: ['db986177c205'],
    operations: ['GET /api/v1/assets'],
    what: 'The 429 answers of the asset directory GET /api/v1/assets state the standard per-second quota as 2 in RateLimit-Policy ("standard-second";q=2;w=1): the directory registers its limiter with its own copy of the standard policy string, which lost a zero. The limiter still admits 20 per second; the minute (600), day (20000) and in-flight (10) terms, Retry-After, RateLimit, the body and every other route\'s 429 are unchanged.',
    how: 'POST /__control/limits/usage {scope standard, window minute, count 600, accountId}. GET /api/v1/latest with that key: 429 with "standard-second";q=20;w=1 on both. GET /api/v1/assets with the same key: 429 whose RateLimit-Policy says "standard-second";q=20 on the reference and q=2 through the bug.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets') || res.status !== 429) return;
      const p = res.headers['ratelimit-policy'];
      if (typeof p !== 'string' || !/"standard-second";q=20\b/.test(p)) return;
      res.headers['ratelimit-policy'] = p.replace(/"standard-second";q=20\b/, '"standard-second";q=2');
    },
  },
  {
    name: 'assets_wildcard_directory_502_billed',
    round: 43,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/assets/search'],
    what: 'GET /api/v1/assets/search with q=* (the filtered directory) is served by the directory lane, whose error path answers the upstream failure (502 upstream_unavailable, or the 5xx met) as the reference does but skips the API-key refund, so the call keeps its 10 credits. A 502 with any other q, in reference mode and with material_only is refunded; every 200 is billed as on the reference, and x402 calls are left correct.',
    how: 'POST /__control/faults {GET /api/v1/assets/search, status 502, times 1, scope S}; GET /api/v1/assets/search?q=btc with an API key and X-Fault-Scope S: 502, nothing spent on both. Again with ?q=*: 502, nothing spent on the reference, 10 credits through the bug.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (res.status < 500 || res.status > 504 || String(ctx.query.get('q') || '').trim() !== '*') return;
      await ctx.charge(10);
    },
  },
  {
    name: 'latest_six_hour_window_502_billed',
    round: 43,
    pattern: 'f',
    section: 'Authentication',
    sentences: ['0c14253e0dc5'],
    operations: ['GET /api/v1/latest'],
    what: 'GET /api/v1/latest with hours=6 (the widest window) reads the part older than the 3-hour hot board from the archive lane, whose failure branch answers the upstream error (502 upstream_unavailable, or the 5xx met) as the reference does but skips the API-key refund, so the call keeps its 20 credits. A 502 of the default window and of hours 1 to 5 is refunded; the error answer and every 200 are unchanged, and x402 calls are left correct.',
    how: 'POST /__control/faults {GET /api/v1/latest, status 502, times 1, scope S}; GET /api/v1/latest with an API key and X-Fault-Scope S: 502, nothing spent on both. Again with ?hours=6: 502, nothing spent on the reference, 20 credits through the bug.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/latest') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      if (res.status < 500 || res.status > 504 || Number(String(ctx.query.get('hours') || '').trim()) !== 6) return;
      await ctx.charge(20);
    },
  },
  {
    name: 'markets_venue_c_service_url_double_encoded',
    round: 43,
    pattern: 'a',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['8fea420baad1'],
    operations: ['GET /api/v1/markets'],
    what: 'In GET /api/v1/markets, the serviceUrl of venue_c rows is percent-encoded twice: the already encoded serviceMarketId is encoded again, so ":" comes out as "%253A" ({site}/markets/venue_c%253Ac-...). venue_a, venue_a_us and venue_b rows of the list, and venue_c rows on every other route, keep {site_url}/markets/{serviceMarketId} encoded once.',
    how: 'GET /api/v1/markets?venue=venue_c (or the whole list): rows with venue venue_c carry serviceUrl {site}/markets/venue_c%253A... instead of {site}/markets/venue_c%3A... (encodeURIComponent of serviceMarketId).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      let changed = false;
      for (const m of b.markets) {
        if (!m || m.venue !== 'venue_c' || typeof m.serviceUrl !== 'string') continue;
        const i = m.serviceUrl.lastIndexOf('/markets/');
        if (i < 0) continue;
        const head = m.serviceUrl.slice(0, i + '/markets/'.length);
        const tail = m.serviceUrl.slice(i + '/markets/'.length);
        if (!tail.includes('%')) continue;
        m.serviceUrl = head + encodeURIComponent(tail);
        changed = true;
      }
      if (changed) res.touch();
    },
  },
  {
    name: 'availability_503_error_object',
    round: 43,
    pattern: 'a',
    section: 'Errors',
    sentences: ['69081e483e80'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'The 503 answers of GET /api/public/forecast-availability (availability source down) nest the error code in an object, {"error":{"code":"<code>","status":503},"message":...}, so error is not a string; the status, the message and every other route\'s error envelope (other statuses of this route included) stay right.',
    how: 'POST /__control/faults {GET /api/public/forecast-availability, status 503, times 1, scope S}; GET /api/public/forecast-availability?market_key=venue_a:520224 with X-Fault-Scope S: 503 whose error member is an object instead of a string.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 503 || !b || typeof b.error !== 'string') return;
      b.error = { code: b.error, status: 503 };
      res.touch();
    },
  },
  {
    name: 'profile_numeric_handle_as_user_id',
    round: 43,
    pattern: 'c',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['46f6b97839b5'],
    operations: ['POST /api/v1/x/profile'],
    what: 'POST /api/v1/x/profile reads a handle made only of digits (with or without the leading "@"), which the documented pattern ^@?[A-Za-z0-9_]{1,15}$ admits, as a numeric platform user id; no account has that id, so the call answers 404 insufficient_post_history (unbilled) instead of profiling the handle. Handles holding at least one letter or underscore are profiled as before.',
    how: 'POST /api/v1/x/profile {"handle":"20240615"} with an API key: 200 profile on the reference, 404 insufficient_post_history through the bug (also with "@20240615").',
    onRequest(ctx) {
      if (!isPost(ctx, '/api/v1/x/profile')) return undefined;
      const body = ctx.bodyJson();
      if (!body || typeof body.handle !== 'string' || !/^@?[0-9]{1,15}$/.test(body.handle)) return undefined;
      return ctx.reply(404, { error: 'insufficient_post_history', message: `No account with user id ${body.handle.replace(/^@/, '')} has enough grounded posts in the window` });
    },
  },
  {
    name: 'sources_x_post_lane_capped_48h',
    round: 43,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['24b7b9d1a526'],
    operations: ['GET /api/v1/sources'],
    what: 'Above a 48-hour window, GET /api/v1/sources serves its social-post lane for the default 48 hours only: with window 49..168 the x_post items are those of window=48 (posts last seen as relevant 48..window hours ago are missing), while the article lane honours the full window; windows up to 48 are right.',
    how: 'GET /api/v1/sources?market_keys=<markets with social posts>&window=168&types=x_post against window=48&types=x_post: on the reference window=168 lists x_posts that window=48 does not; through the bug the two x_post lists are the same.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200 || !b || !Array.isArray(b.sources)) return;
      const w = Number(ctx.query.get('window'));
      if (!ctx.query.has('window') || !Number.isInteger(w) || w <= 48) return;
      if (!b.sources.some((s) => s && s.type === 'x_post')) return;
      const q = new URLSearchParams(ctx.query);
      q.set('window', '48');
      q.set('types', 'x_post');
      const lane = await r43bOwnCall(ctx, 'GET', `/api/v1/sources?${q.toString()}`);
      if (!lane || !Array.isArray(lane.sources)) return;
      const keep = new Set(lane.sources.map((s) => `${s.market_slug}|${s.url}`));
      b.sources = b.sources.filter((s) => !s || s.type !== 'x_post' || keep.has(`${s.market_slug}|${s.url}`));
      res.touch();
    },
  },
  {
    name: 'evidence_two_hop_market_refs_via_market',
    round: 43,
    pattern: 'g',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['f6a4d8d06cae'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'In GET /api/v1/markets/{slug}/signals, the two-hop market refs of market.relationships (sibling markets reached through a shared Asset, relationship HAS_MARKET) say via "market" instead of "asset", naming the wrong intermediate node; the direct refs, the other fields of those refs and every other route keep the right via.',
    how: 'GET /api/v1/markets/will-us-unemployment-reach-5-in-2026/signals: market.relationships.markets[] with relationship HAS_MARKET and direction outgoing (reached through an Asset) carry via "market" through the bug, "asset" on the reference.',
    onResponse(ctx, res) {
      const b = J(res);
      if (ctx.method !== 'GET' || !MARKET_SIGNALS.test(ctx.path) || res.status !== 200 || !b) return;
      const refs = b.market && b.market.relationships && b.market.relationships.markets;
      if (!Array.isArray(refs)) return;
      let changed = false;
      for (const r of refs) if (r && r.via === 'asset') { r.via = 'market'; changed = true; }
      if (changed) res.touch();
    },
  },
  // ---- round 44 (a)
  {
    name: 'mispriced_venue_a_us_venueaurl',
    round: 44,
    pattern: 'a',
    section: 'Resources and their fields / Market routing object (CanonicalMarketRouting)',
    sentences: ['8e14f95c6129'],
    operations: ['GET /api/v1/markets/mispriced'],
    what: 'GET /api/v1/markets/mispriced builds each row\'s legacy venueAUrl with a test on the first operator\'s venue family (venue.startsWith("venue_a")) instead of venue === "venue_a", so its venue_a_us rows carry their venue page (marketUrl, https://us.venue-a.example/market/<id>) as venueAUrl instead of null. venue_a rows keep their venueAUrl, venue_b and venue_c rows stay null, and every other field (serviceUrl, marketUrl, venue_quote, mispricing_pp, count) and every other route are unchanged.',
    how: 'GET /api/v1/markets/mispriced with an API key: its venue_a_us rows (8 in the seed) have venueAUrl null on the reference and equal to their marketUrl through the bug; venue_b and venue_c rows are null on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets/mispriced') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      let touched = false;
      for (const m of b.markets) {
        if (m && m.venue === 'venue_a_us' && m.venueAUrl === null && typeof m.marketUrl === 'string') { m.venueAUrl = m.marketUrl; touched = true; }
      }
      if (touched) res.touch();
    },
  },
  {
    name: 'latest_forecast_asset_refs_on_market',
    round: 44,
    pattern: 'a',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['ef83341d4f9f'],
    operations: ['GET /api/v1/latest'],
    what: 'In the latest feed, the relationships of each compact forecast (events[].forecast.relationships) label their two-hop asset refs (Assets reached through the forecast\'s market, via "market") with the edge of the first hop, ON_MARKET (forecast to market), instead of the exact final graph edge HAS_MARKET (asset to market). direction (incoming), via (market), the AssetRef fields, the forecast\'s ON_MARKET market refs and ON_FORECAST signal refs, the event\'s market.relationships, and the envelopes of every other route (availability latestForecast, job results) are unchanged.',
    how: 'GET /api/v1/latest?hours=6 with an API key: events[].forecast.relationships.assets[] (via market) say relationship HAS_MARKET on the reference and ON_MARKET through the bug, an edge that never ends at an Asset.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200 || !b || !Array.isArray(b.events)) return;
      let touched = false;
      for (const e of b.events) {
        const refs = e && e.forecast && e.forecast.relationships && e.forecast.relationships.assets;
        if (!Array.isArray(refs)) continue;
        for (const r of refs) {
          if (r && r.via === 'market' && r.relationship === 'HAS_MARKET') { r.relationship = 'ON_MARKET'; touched = true; }
        }
      }
      if (touched) res.touch();
    },
  },
  {
    name: 'generation_yes_suffix_ticker_404',
    round: 44,
    pattern: 'c',
    section: 'Resources and their fields / Generation body (VenueMarketForecastRequest)',
    sentences: ['1074a9aaeecf'],
    operations: ['POST /api/auth/forecast-requests'],
    what: 'POST /api/auth/forecast-requests reads a venue_b market_id that ends in an outcome suffix (-YES or -NO, as in KXMSTRBTC-26-YES, KXNVDAMCAP-26-YES, KXRECESSION-26-YES, KXOPECCUT-26JUN-YES) as a side selector on its event rather than as the binary market ticker it is, finds no market under that name and answers 404 not_found ("the venue venue_b has no market ...") without creating a job (nothing is debited, as for any 404). Other venue_b tickers (strike tickers such as KXCPIYOY-26MAR-T2.8), venue_a numeric ids, the idempotency rule, the exclusion 422 and the job reads are unchanged; forecast-availability still reports these markets tracked and hands out their tickers as they are.',
    how: 'With an API key and an Idempotency-Key, POST /api/auth/forecast-requests {kind venue_market, venue venue_b, market_id KXNVDAMCAP-26-YES} (availability reports it tracked and in scope): 202 with a jobId on the reference, 404 not_found through the bug; the same call for KXCPIYOY-26MAR-T2.8 answers 202 on both.',
    onRequest(ctx) {
      if (!isPost(ctx, '/api/auth/forecast-requests') || ctx.headers['payment-signature']) return;
      const body = ctx.bodyJson();
      if (!body || body.kind !== 'venue_market' || body.venue !== 'venue_b' || typeof body.market_id !== 'string') return;
      if (!/-(YES|NO)$/.test(body.market_id)) return;
      if (!ctx.apiKey || !ctx.headers['idempotency-key']) return; // no key or no idempotency key: the reference's own answer stands
      return ctx.reply(404, { error: 'not_found', message: `the venue venue_b has no market "${body.market_id}"` });
    },
  },
  {
    name: 'link_token_unpaid_use_extends_expiry',
    round: 44,
    pattern: 'e',
    section: 'States and transitions',
    sentences: ['c39b2ec586a7'],
    operations: ['GET /api/v1/wallets/link'],
    what: 'The link-token store keeps each token as a key with a 15-minute time-to-live that every lookup refreshes (a GETEX/EXPIRE on read), so an unpaid use of a live token (422 x402_payment_required) restarts its 15 minutes: a token used once unpaid 10 minutes after issue is still live 16 minutes after issue (another unpaid use answers 422 x402_payment_required instead of the expired-token 422 invalid_request) until 15 minutes after its last use. A token never used before its 15 minutes expires on time, the expires_at of the issuing answer is unchanged, and single use, 404 link_token_not_found and 409 are unchanged. Only API-key (unpaid) uses are affected: a proxy cannot settle an x402 payment, so a paid use is judged by the original expiry.',
    how: 'POST /api/auth/wallets/x402-token with an API key; advance the clock 10 minutes; GET /api/v1/wallets/link?token=<t> with the key: 422 x402_payment_required on both; advance 6 more minutes (16 after issue); the same call: 422 invalid_request (token expired) on the reference, 422 x402_payment_required through the bug.',
    async onResponse(ctx, res) {
      const st = ctx.state.r44aLink || (ctx.state.r44aLink = new Map());
      if (ctx.method === 'POST' && ctx.path === '/__control/reset' && res.status < 300) { st.clear(); return; }
      const b = J(res);
      if (isPost(ctx, '/api/auth/wallets/x402-token') && res.status === 200 && b && typeof b.token === 'string') {
        st.set(b.token, { lastUse: null });
        return;
      }
      if (!isGet(ctx, '/api/v1/wallets/link') || !ctx.apiKey || ctx.headers['payment-signature']) return;
      const token = ctx.query.get('token');
      const t = token && st.get(token);
      if (!t || res.status !== 422 || !b) return;
      const now = await ctx.stubNow();
      if (b.error === 'x402_payment_required') { t.lastUse = now; return; }
      if (b.error === 'invalid_request' && /expired/i.test(String(b.message || '')) && t.lastUse !== null && now < t.lastUse + 15 * 60 * 1000) {
        t.lastUse = now;
        return ctx.reply(422, {
          error: 'x402_payment_required',
          message: 'No verifiable payer: the call must carry an x402 payment (PAYMENT-SIGNATURE) from the wallet to link',
        });
      }
    },
  },
  {
    name: 'availability_mention_reason_sports',
    round: 44,
    pattern: 'g',
    section: 'Endpoints / GET /api/public/forecast-availability (free, no auth)',
    sentences: ['c16fca8c19a6'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'forecast-availability takes the exclusion reason of a venue_b market from the venue\'s series group ("Sports & Events", which holds the announcer mention series) instead of from the rule that excluded it, so venue_b mention markets answer excluded {reason: sports, message "Sports outcomes are never forecast."} instead of {reason: mentions}. They stay excluded (generation null, tracked, available, read and market unchanged); sports and crypto up/down markets keep their own reasons, and the generation route still answers 422 forecast_topic_excluded.',
    how: 'GET /api/public/forecast-availability?market_key=venue_b:KXPOWELLMENTION-26JAN28-TARIFF (a "mentions"-tagged market: will Powell say the word): excluded.reason mentions on the reference, sports through the bug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b || !b.excluded) return;
      if (b.excluded.reason !== 'mentions' || !b.market || b.market.venue !== 'venue_b') return;
      b.excluded = { reason: 'sports', message: 'Sports outcomes are never forecast.' };
      res.touch();
    },
  },
  // ---- round 44 (b)
  {
    name: 'profile_lookback_lost_with_focus',
    round: 44,
    pattern: 'b',
    section: 'Endpoints / POST /api/v1/x/profile ($1.00)',
    sentences: ['ee7112e11786'],
    operations: ['POST /api/v1/x/profile'],
    what: 'POST /api/v1/x/profile drops lookback_days when the body also names a non-default focus (trading or reasoning): the reweighted research path is started from a preset that carries only the handle and the focus, so the profile is built (and stored) over the default 365-day window, and window.lookback_days says 365, window.from_date lies a year back and the evidence reaches posts older than the asked lookback. lookback_days with focus general (explicit or omitted) is honoured, focus alone is honoured, out-of-range lookback_days values are still refused 422, and the price (1000 credits) is unchanged. API-key calls only (x402-paid calls are left correct).',
    how: 'POST /api/v1/x/profile {"handle":"zzz_nobody","lookback_days":30,"focus":"trading"} with an API key: window.lookback_days 30 (from_date 30 days before to_date) on the reference, 365 (from_date a year back) through the bug; the same body without focus answers lookback_days 30 on both.',
    onRequest(ctx) {
      if (!isPost(ctx, '/api/v1/x/profile') || !ctx.apiKey || ctx.headers['payment-signature']) return undefined;
      const body = ctx.bodyJson();
      if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
      if (body.focus !== 'trading' && body.focus !== 'reasoning') return undefined;
      const n = body.lookback_days;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 14 || n > 365) return undefined; // invalid values keep their 422
      delete body.lookback_days;
      ctx.setBodyJson(body);
      return undefined;
    },
  },
  {
    name: 'assets_q_term_asset_type_ignored',
    round: 44,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['4a6c5a6a8ef5'],
    operations: ['GET /api/v1/assets/search'],
    what: 'In q mode with a search term (any q other than "*"), GET /api/v1/assets/search ignores asset_type: the term lanes (name, ticker, identity, identifier, keyword) are queried without the type argument, so every Asset the term matches comes back whatever its asset_type (q=bitcoin&asset_type=company also lists btc, a cryptoasset). asset_type in the filtered directory (q=*), in reference mode and with material_only alone is applied as documented, platform is applied everywhere, and the echo, scores of the unfiltered term search and the bill are the reference\'s. API-key calls only (x402-paid calls are left correct).',
    how: 'GET /api/v1/assets/search?q=bitcoin&asset_type=company with an API key: the reference keeps dormant-holdings and mstr (companies); through the bug btc (asset_type cryptoasset) is listed too. q=*&asset_type=company lists companies only on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search') || !ctx.apiKey || ctx.headers['payment-signature']) return undefined;
      const q = ctx.query.get('q');
      if (q === null || q.trim() === '' || q.trim() === '*' || !ctx.query.has('asset_type') || ctx.query.has('reference')) return undefined;
      const t = ctx.query.get('asset_type');
      if (!t || t.length > 80) return undefined; // invalid values keep their 422
      ctx.query.delete('asset_type');
      return undefined;
    },
  },
  {
    name: 'latest_credit_check_40',
    round: 44,
    pattern: 'd',
    section: 'What the service does',
    sentences: ['bbcf421734bc', '1298c54a809b'],
    operations: ['GET /api/v1/latest'],
    what: 'The API-key credit check of GET /api/v1/latest requires 40 credits ($0.04, the price of two 3-hour blocks of the widest window) instead of the 20 the $0.02 route costs: an account holding 20 to 39 credits gets 403 insufficient_credits "This call costs 40 credits; the account holds N" and is not debited, and every insufficient-credits 403 of the route states 40. An account holding 40 or more is debited 20 as documented; the 402 challenge, the pricing answer, x402 calls and every other route\'s credit check are unchanged.',
    how: 'Create an account with 20 credits (POST /__control/accounts {credits: 20}); GET /api/v1/latest with its key: 200 and a balance of 0 on the reference, 403 insufficient_credits ("costs 40 credits") and a balance still 20 through the bug. An account with 30 credits shows the same; one with 100 credits is debited 20 on both.',
    onRequest(ctx) {
      if (isGet(ctx, '/api/v1/latest') && ctx.apiKey && !ctx.headers['payment-signature']) ctx.r44bLatestCheck = true;
      return undefined;
    },
    async onResponse(ctx, res) {
      learnAccounts(ctx, res);
      if (!ctx.r44bLatestCheck) return undefined;
      const e = J(res);
      if (res.status === 403 && e && e.error === 'insufficient_credits' && typeof e.message === 'string') {
        e.message = e.message.replace(/costs 20 credits/, 'costs 40 credits');
        res.touch();
        return undefined;
      }
      if (res.status !== 200) return undefined;
      // the reference has just debited 20; undo it when the balance before the call was under 40 credits
      const acct = await accountOf(ctx);
      if (!acct) return undefined;
      const r = await ctx.control('GET', `/__control/accounts/${encodeURIComponent(acct)}`);
      if (!r || r.status !== 200 || !r.json || typeof r.json.credits !== 'number') return undefined;
      const before = r.json.credits + 20;
      if (before >= 40) return undefined;
      if (!(await ctx.charge(-20))) return undefined;
      return ctx.reply(403, { error: 'insufficient_credits', message: `This call costs 40 credits; the account holds ${before}` });
    },
  },
  {
    name: 'job_read_unentitled_403_billed',
    round: 44,
    pattern: 'f',
    section: 'What the service does',
    sentences: ['10cc32b6b192'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'The job read runs the standard API-key meter of the /api/auth routes (10 credits) ahead of its entitlement guard and refunds only the answers the billing rules list (404, 429, 502, upstream errors); so when an account that lacks an active API entitlement reads a job (its own, or any jobId) and is answered 403, the 10 credits stay debited. The 403 itself (status, body) is the reference\'s; reads by entitled accounts (200, 404 of an unknown or foreign job, either view) cost nothing, as the free route should.',
    how: 'Create an account with 5000 credits, POST /api/auth/forecast-requests (Idempotency-Key) for venue_a 1000503, then PATCH /__control/accounts/{id} {entitled: false} and GET /api/auth/forecast-requests/{jobId} with its key: 403 on both, 0 credits spent on the reference and 10 through the bug (also for an unknown jobId).',
    async onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !JOB_READ.test(ctx.path) || res.status !== 403 || !ctx.apiKey) return undefined;
      const b = J(res);
      if (b && b.error === 'insufficient_credits') return undefined; // only the entitlement refusal
      await ctx.charge(10);
      return undefined;
    },
  },
  {
    name: 'oil_standard_429_billed',
    round: 44,
    pattern: 'f',
    section: 'Limits',
    sentences: ['c62df283b618'],
    operations: ['GET /api/v1/signals/oil'],
    what: 'GET /api/v1/signals/oil checks its own oil scope (one in flight, one-second start spacing) before the meter, but the customer\'s standard scope (per second, per minute, per UTC day, in flight) only after the meter, and that refusal skips the refund: an API-key call of the oil route refused 429 rate_limited with limit_scope standard keeps its 10-credit debit. The 429 itself (status, body, Retry-After, RateLimit headers) is the reference\'s; the oil route\'s own spacing and in-flight 429s and its per-IP guard 429s, and the standard-scope 429s of every other route, debit nothing. x402 calls are not settled.',
    how: 'Create an account, POST /__control/limits/usage {scope standard, window minute, count 600, accountId}; GET /api/v1/markets/mispriced with its key (429 limit_scope standard, 0 spent on both), wait a second, then GET /api/v1/signals/oil: 429 limit_scope standard on both, 0 credits spent on the reference and 10 through the bug.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/signals/oil') || res.status !== 429 || !ctx.apiKey || ctx.headers['payment-signature']) return undefined;
      const b = J(res);
      if (!b || b.limit_scope !== 'standard') return undefined;
      await ctx.charge(10);
      return undefined;
    },
  },
  // ---- round 45 (a)
  {
    name: 'availability_empty_balance_403',
    round: 45,
    pattern: 'a',
    section: 'What the service does',
    sentences: ['48ecf8936bf0'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'GET /api/public/forecast-availability, when the call carries an x-service-api-key, runs the paid routes\' balance gate (a positive balance is required before any keyed call is served): a valid key whose account holds 0 credits gets 403 insufficient_credits instead of the free availability answer. The same lookup without a key, or with the key of an account holding at least one credit, answers 200 as before and debits nothing; an invalid key is still ignored; forecast-targets and every paid route are unchanged.',
    how: 'Create an account with 0 credits (POST /__control/accounts {credits: 0}); GET /api/public/forecast-availability?market_key=venue_a:520224 with its key: 200 (tracked true) on the reference, 403 {"error":"insufficient_credits"} through the bug; the same call without a key answers 200 on both.',
    async onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-availability') || !ctx.apiKey) return null;
      const acct = r11bAccount(ctx, ctx.apiKey);
      if (!acct) return null;
      const r = await ctx.control('GET', `/__control/accounts/${encodeURIComponent(acct)}`);
      if (!r || r.status !== 200 || !r.json || typeof r.json.credits !== 'number' || r.json.credits > 0) return null;
      return ctx.reply(403, { error: 'insufficient_credits', message: 'The account holds no credits; top up to use the API' });
    },
    onResponse(ctx, res) { r11bLearnJob(ctx, res); },
  },
  {
    name: 'mispriced_market_odds_at_forecast',
    round: 45,
    pattern: 'a',
    section: 'Resources and their fields / Venue quote (VenueQuoteV1)',
    sentences: ['64a5b7155908'],
    operations: ['GET /api/v1/markets/mispriced'],
    what: 'GET /api/v1/markets/mispriced fills each row\'s market_odds from the odds the mispricing scan stored beside the market\'s latest forecast (the row\'s own market_odds_at_forecast column) instead of from the live quote, so market_odds differs from venue_quote.selected_probability on almost every row. venue_quote itself, market_odds_at_forecast, latest_service_probability, mispricing_pp, the order, count and topic filter are unchanged, and market_odds stays right on every other route (market list, search, asset linked markets, latest yes_odds).',
    how: 'GET /api/v1/markets/mispriced with an API key: every row has market_odds equal to venue_quote.selected_probability on the reference; through the bug market_odds equals market_odds_at_forecast (for example venue_b:KXWTI-26MAR20-T67.99: 0.99 against a selected_probability of 0.965).',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets/mispriced') || res.status !== 200 || !b || !Array.isArray(b.markets)) return;
      let touched = false;
      for (const m of b.markets) {
        if (m && typeof m.market_odds === 'number' && typeof m.market_odds_at_forecast === 'number' && m.market_odds !== m.market_odds_at_forecast) {
          m.market_odds = m.market_odds_at_forecast;
          touched = true;
        }
      }
      if (touched) res.touch();
    },
  },
  {
    name: 'assets_reference_perps_identifier_key_unmatched',
    round: 45,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['ca70ee9fbe15'],
    operations: ['GET /api/v1/assets/search'],
    what: 'The reference classifier of GET /api/v1/assets/search recognises a marketKey by a prefix test on the venue key without its colon (reference.startsWith("venue_a") and the like), so an AssetIdentifier key of the venue_a_perps platform (venue_a_perps:BTC-PERP, venue_a_perps:WTI-PERP, or the platform:kind:value form venue_a_perps:symbol:BTC-PERP) is sent to the linked-market lane, read as venue venue_a with native id "_perps:...", and matches nothing: its Asset is missing (assets [] when it is the only reference). The references echo still lists it as given. Other identifier keys (coingecko:bitcoin, cme:CL), identifier values (BTC-PERP), asset keys, UUIDs, real marketKeys and native ids, q mode and the platform filter are unchanged. API-key calls (a signed x402 retry is left correct).',
    how: 'GET /api/v1/assets/search?reference=venue_a_perps:BTC-PERP with an API key: the btc Asset (with its linked markets) on the reference, assets [] through the bug; reference=coingecko:bitcoin and reference=BTC-PERP return btc on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search') || ctx.headers['payment-signature']) return null; // a signed x402 retry is left alone
      const refs = ctx.query.getAll('reference');
      if (!refs.some((r) => r45aPerpsKey(r))) return null;
      const back = new Map();
      const next = refs.map((r) => {
        if (!r45aPerpsKey(r)) return r;
        const s = `venue_a:${r.slice('venue_a'.length)}`;
        back.set(s, r);
        return s;
      });
      ctx.query.delete('reference');
      for (const r of next) ctx.query.append('reference', r);
      ctx.r45aPerpsBack = back;
      return null;
    },
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets/search')) return;
      const back = ctx.r45aPerpsBack;
      const b = J(res);
      if (!back || !b || !Array.isArray(b.references)) return;
      b.references = b.references.map((r) => (back.has(r) ? back.get(r) : r));
      res.touch();
    },
  },
  {
    name: 'markets_changed_within_fresh_forecast_missing',
    round: 45,
    pattern: 'e',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['7f3c1dd2cd06'],
    operations: ['GET /api/v1/markets'],
    what: 'GET /api/v1/markets evaluates changed_within against the forecast-change index, which takes in publications behind a three-minute watermark (late-event allowance) and keeps one entry per market, its newest forecast: a market whose unwindowed latest forecast was created in the last three minutes does not qualify yet, so it is missing from every changed_within answer (venue_facets recounted) although that forecast lies inside the window. Markets whose latest forecast is three minutes old or older (every seeded forecast) are selected exactly as before (both edges of 1..168 hours), and the list without changed_within, forecast_count, latest_forecast_at and max_forecast_age are unchanged.',
    how: 'With an API key, generate a forecast (POST /api/auth/forecast-requests venue_a 1000503 with an Idempotency-Key), advance the clock just past the job\'s success (605 s), confirm the job succeeded and GET /api/v1/markets shows venue_a:1000503 with latest_forecast_at a few seconds old; then GET /api/v1/markets?changed_within=1: the market is listed on the reference and missing through the bug.',
    async onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/markets') || res.status !== 200 || !b || !Array.isArray(b.markets) || !ctx.query.has('changed_within')) return;
      const now = await ctx.stubNow();
      const removed = b.markets.filter((m) => {
        const t = m && m.latest_forecast_at ? Date.parse(m.latest_forecast_at) : NaN;
        return Number.isFinite(t) && now - t < R45A_CHANGE_WATERMARK_MS;
      });
      if (!removed.length) return;
      b.markets = b.markets.filter((m) => !removed.includes(m));
      discountFacets(b, removed);
      res.touch();
    },
  },
  {
    name: 'sources_slugless_market_slug_null',
    round: 45,
    pattern: 'g',
    section: 'Resources and their fields / Source item (GET /api/v1/sources)',
    sentences: ['92ff9445882d'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources copies each item\'s market_slug from the market\'s slug column without the fallback the route uses for markets that have no slug, so the items (articles and social posts) of slug-less markets (venue_c rows whose routing slug is null) carry market_slug null instead of a string. Items of markets with a slug, the market object itself (whose slug may validly be null), the order, the window and the type filter are unchanged.',
    how: 'GET /api/v1/sources?market_keys=venue_c:c-4a22a2b493,venue_c:c-aa62917a76,venue_a:520224&window=168 with an API key: the items whose market.slug is null have a string market_slug on the reference and market_slug null through the bug; the venue_a items keep their slug.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/v1/sources') || res.status !== 200 || !b || !Array.isArray(b.sources)) return;
      let touched = false;
      for (const s of b.sources) {
        if (s && s.market && s.market.slug === null && s.market_slug !== null) { s.market_slug = null; touched = true; }
      }
      if (touched) res.touch();
    },
  },
  // ---- round 45 (b)
  {
    name: 'sources_types_lost_with_venue',
    round: 45,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/sources ($0.005)',
    sentences: ['20006d3b63d4'],
    operations: ['GET /api/v1/sources'],
    what: 'GET /api/v1/sources ignores types when the markets are given as market_keys together with a venue: the venue-scoped evidence query (taken whenever venue is present on the market_keys path) is called with the keys, the venue and the window but without the types argument, so both kinds come back whatever types asks (types=article still lists the venue\'s social posts, types=x_post its articles). types with market_keys alone, types with slugs (markets=...), the venue filter itself, the window, the order (newest first), invalid types or venue values (422) and the bill (5 credits) are the reference\'s. API-key calls only; x402 calls are left correct.',
    how: 'GET /api/v1/sources?market_keys=venue_a:520224,venue_b:KXCPIYOY-26MAR-T2.8,venue_c:c-0a6ce36144,venue_a_us:78782773&window=168&venue=venue_b&types=article with an API key: the reference lists the 9 venue_b articles only; through the bug the 2 venue_b x_post items are listed too. The same request without venue (types=article) lists articles only on both, and venue=venue_b without types lists both kinds on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/sources') || !ctx.apiKey || ctx.headers['payment-signature']) return undefined;
      if (ctx.query.getAll('market_keys').length !== 1 || ctx.query.has('markets')) return undefined;
      const venues = ctx.query.getAll('venue');
      if (venues.length !== 1 || !R45B_VENUES.has(venues[0].trim())) return undefined; // invalid venues keep their 422
      const types = ctx.query.getAll('types');
      if (types.length !== 1) return undefined;
      const vals = listParam(types[0]);
      if (vals.length === 0 || !vals.every((x) => x === 'article' || x === 'x_post')) return undefined; // invalid types keep their 422
      ctx.query.delete('types');
      return undefined;
    },
  },
  {
    name: 'markets_max_forecast_age_lost_with_venue',
    round: 45,
    pattern: 'b',
    section: 'Endpoints / GET /api/v1/markets',
    sentences: ['fb6a3786da57'],
    operations: ['GET /api/v1/markets'],
    what: 'When a venue filter is given, GET /api/v1/markets drops max_forecast_age: the per-venue catalog query takes the venue, topic, changed_within and sort but no forecast window, so it runs with the default 48 hours. forecast_count and latest_forecast_at of the venue\'s rows only count forecasts of the last 48 hours, and markets whose only forecasts are older than 48 hours (and that have no signal) are missing although they are inside the asked window; venue_facets are those the stub answers for the venue with the default window. max_forecast_age alone or beside topic, changed_within or sort, the venue filter itself, invalid max_forecast_age values (422) and the bill are the reference\'s. API-key calls only; x402 calls are left correct.',
    how: 'GET /api/v1/markets?max_forecast_age=168 with an API key lists 151 venue_b rows (forecast_count summing to 259). GET /api/v1/markets?venue=venue_b&max_forecast_age=168 lists the same 151 rows with the same counts on the reference; through the bug 148 rows whose forecast_count sum to 111 (the 48-hour answer), e.g. rows with forecast_count 0 and latest_forecast_at null that have 168-hour forecasts.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets') || !ctx.apiKey || ctx.headers['payment-signature']) return undefined;
      const venues = ctx.query.getAll('venue');
      if (venues.length !== 1 || !R45B_VENUES.has(venues[0].trim())) return undefined;
      const ages = ctx.query.getAll('max_forecast_age');
      if (ages.length !== 1 || !/^[1-9][0-9]{0,6}$/.test(ages[0].trim())) return undefined; // invalid values keep their 422
      ctx.query.delete('max_forecast_age');
      return undefined;
    },
  },
  {
    name: 'xsearch_limit_max_25',
    round: 45,
    pattern: 'd',
    section: 'Endpoints / Other operations referenced',
    sentences: ['87e35c1076ef'],
    operations: ['POST /api/v1/x/search'],
    what: 'POST /api/v1/x/search validates the result count against 25 (the page cap of the provider plan the validator was written for) instead of the documented maximum of 30: a limit of 26 to 30 is refused 422 invalid_request "limit must be between 1 and 25" (not billed, as the reference\'s 422s), and the 422 of a limit above 30 states 25 too. Limits 1 to 25, the default 15, range_days (default 30, max 180), the results themselves and the price of a 200 (500 credits) are the reference\'s, and the machine-readable contract still says maximum 30. API-key calls only; x402 calls are left correct.',
    how: 'POST /api/v1/x/search {"query":"bitcoin","limit":30} with an API key: 200 with 30 results on the reference; 422 invalid_request ("limit must be between 1 and 25") and nothing debited through the bug. {"query":"bitcoin","limit":25} answers 25 results on both, and {"query":"bitcoin","limit":31} is 422 on both.',
    onRequest(ctx) {
      if (!isPost(ctx, '/api/v1/x/search') || !ctx.apiKey || ctx.headers['payment-signature']) return undefined;
      const body = ctx.bodyJson();
      if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
      if (typeof body.query !== 'string' || body.query.trim() === '') return undefined; // other invalid bodies keep the reference's 422
      const rd = body.range_days;
      if (rd !== undefined && !(Number.isInteger(rd) && rd >= 1 && rd <= 180)) return undefined;
      const n = body.limit;
      if (!Number.isInteger(n) || n <= R45B_XSEARCH_MAX || n > 30) return undefined;
      return ctx.reply(422, { error: 'invalid_request', message: `limit must be between 1 and ${R45B_XSEARCH_MAX}` });
    },
    onResponse(ctx, res) {
      if (!isPost(ctx, '/api/v1/x/search') || res.status !== 422 || !ctx.apiKey || ctx.headers['payment-signature']) return undefined;
      const b = J(res);
      if (!b || typeof b.message !== 'string' || !/limit must be between 1 and 30/.test(b.message)) return undefined;
      b.message = b.message.replace('between 1 and 30', `between 1 and ${R45B_XSEARCH_MAX}`);
      res.touch();
      return undefined;
    },
  },
  {
    name: 'evidence_venue_qualified_404_billed',
    round: 45,
    pattern: 'f',
    section: 'Endpoints / GET /api/v1/markets/{slug}/signals ($0.01)',
    sentences: ['85f5a54ab1af', '0c14253e0dc5'],
    operations: ['GET /api/v1/markets/{slug}/signals'],
    what: 'GET /api/v1/markets/{slug}/signals with a venue other than venue_a resolves the slug through the cross-venue evidence index, which is metered by the gateway like a found market; its not-found branch (a slug the venue does not cover, or a covered market with no article evidence) answers the reference\'s 404 not_found but returns it as an ordinary answer, past the refund hook, so an API-key call keeps its 10-credit debit. 404s of legacy lookups (no venue, or venue=venue_a) are refunded, every 200 is billed 10 as on the reference, the 404 bodies are unchanged, and x402 calls are not settled.',
    how: 'With an API key, GET /api/v1/markets/NOPE-XX/signals?venue=venue_b: 404 not_found ("no covered market with slug ... in the venue_b namespace") on both, 0 credits spent on the reference and 10 through the bug. GET /api/v1/markets/nope-no-such-slug/signals (no venue) is 404 and costs 0 on both; GET /api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b is 200 and costs 10 on both.',
    async onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !MARKET_SIGNALS.test(ctx.path) || res.status !== 404) return undefined;
      if (!ctx.apiKey || ctx.headers['payment-signature']) return undefined;
      const venues = ctx.query.getAll('venue');
      if (venues.length !== 1) return undefined;
      const venue = venues[0].trim();
      if (!R45B_VENUES.has(venue) || venue === 'venue_a') return undefined;
      await ctx.charge(10);
      return undefined;
    },
  },
  {
    name: 'link_missing_token_keyed_billed',
    round: 45,
    pattern: 'f',
    section: 'Endpoints / GET /api/v1/wallets/link',
    sentences: ['3c207d9e3935'],
    operations: ['GET /api/v1/wallets/link'],
    what: 'A GET /api/v1/wallets/link carrying an API key but no usable token (the token parameter missing, or not of the form ^svc_[A-Za-z0-9_-]{43}$) answers the reference\'s 422 invalid_request ("token is required" / "token must match ...") yet debits 10 credits from the key\'s account: the shape check runs in the link handler after the gateway\'s standard API-key debit, and the handler refunds only the outcomes of the token store (unknown or consumed token 404, expired token 422, unpaid live token 422), which the shape refusal never reaches. Those store outcomes, calls without credentials (402) and x402 calls are unchanged.',
    how: 'Create an account and GET /api/v1/wallets/link with its key and no token: 422 invalid_request "token is required" on both, 0 credits spent on the reference and 10 through the bug (likewise ?token=abc). A well-formed token never issued (404 link_token_not_found) costs 0 on both.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/wallets/link') || res.status !== 422 || !ctx.apiKey || ctx.headers['payment-signature']) return undefined;
      const b = J(res);
      if (!b || b.error !== 'invalid_request') return undefined;
      const tokens = ctx.query.getAll('token');
      const shapeRefusal = tokens.length === 0 || tokens.some((t) => !R45B_LINK_TOKEN.test(t));
      if (!shapeRefusal) return undefined;
      await ctx.charge(10);
      return undefined;
    },
  },
  // ---- round 46 (a)
  {
    name: 'availability_forecast_asset_refs_outgoing',
    round: 46,
    pattern: 'a',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['e2cb86870ea1'],
    operations: ['GET /api/public/forecast-availability'],
    what: 'GET /api/public/forecast-availability builds the envelope of latestForecast with the direction of every ref taken relative to the response subject (the forecast), also for its two-hop refs: the asset refs reached through the market (relationship HAS_MARKET, via market) say direction "outgoing" (the path forecast -> market -> asset runs away from the subject) instead of "incoming" (the asset -> market edge seen from the intermediate market, as the direction row asks for two-hop refs). The relationship, via, the asset fields, the caps and truncated flags are unchanged; the direct refs of the same envelope (ON_MARKET outgoing, ON_FORECAST incoming), the market object\'s envelope (direct asset refs incoming, two-hop market refs outgoing), every other member of the answer, and the forecast envelopes of the latest feed and of the job result view are the reference\'s. Calls with or without a key.',
    how: 'GET /api/public/forecast-availability?market_key=venue_a:520785 (no key): available true; latestForecast.relationships.assets holds the us-10y ref with relationship HAS_MARKET, via market, direction "incoming" on the reference and "outgoing" through the bug. GET /api/v1/latest?hours=6&types=forecast lists the same kind of ref with direction "incoming" on both.',
    onResponse(ctx, res) {
      const b = J(res);
      if (!isGet(ctx, '/api/public/forecast-availability') || res.status !== 200 || !b || !b.latestForecast) return;
      const rel = b.latestForecast.relationships;
      if (!rel || !Array.isArray(rel.assets)) return;
      let touched = false;
      for (const r of rel.assets) {
        if (r && r.via === 'market' && r.relationship === 'HAS_MARKET' && r.direction === 'incoming') { r.direction = 'outgoing'; touched = true; }
      }
      if (touched) res.touch();
    },
  },
  {
    name: 'search_tag_lost_with_category',
    round: 46,
    pattern: 'b',
    section: 'Endpoints / Other operations referenced',
    sentences: ['66e6cfbfb00f'],
    operations: ['GET /api/v1/markets/search'],
    what: 'GET /api/v1/markets/search sends a search that carries a category filter to the category-faceted lane, whose filter builder takes q, category, venue and as_of but has no tag argument: when tag and category are both given, the tag filter (an ordinary tag or tag=broker_a) is dropped and every row of the category that matches the rest of the search comes back, with count recounted by the lane. tag alone, category alone, tag or category beside venue or as_of, q, the order of the rows, the row fields and the bill (10 credits) are the reference\'s. API-key calls only; x402 calls are left correct.',
    how: 'With an API key: GET /api/v1/markets/search?tag=stocks lists 32 rows (categories Finance and Companies), ?category=Finance 9 rows (some without the stocks tag, such as venue_c:c-0a6ce36144 on EUR/USD); ?tag=stocks&category=Finance answers the 5 rows holding both on the reference and the 9 Finance rows through the bug (4 of them without the stocks tag).',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets/search') || !ctx.apiKey || ctx.headers['payment-signature']) return null;
      const tags = ctx.query.getAll('tag');
      const cats = ctx.query.getAll('category');
      if (!tags.some((t) => t.trim() !== '') || !cats.some((c) => c.trim() !== '')) return null;
      ctx.query.delete('tag');
      return null;
    },
  },
  {
    name: 'assets_platform_bound_64',
    round: 46,
    pattern: 'd',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['bff123bc9b54', 'e58a35b4d66f'],
    operations: ['GET /api/v1/assets/search'],
    what: 'GET /api/v1/assets/search validates platform against the 64-character width of the AssetIdentifier table\'s platform column instead of the documented 1..80: a platform of 65 to 80 characters is refused 422 invalid_request "platform must be 1..64 characters" (unbilled, like every 422 of the route) instead of being applied (it names no namespace, so the reference answers 200 with no Assets), and the 422 of a platform above 80 characters states 64 too. platform of 1 to 64 characters (the case-insensitive namespace filter), asset_type up to 80 characters, q, reference, material_only, the bill of a 200 and the machine-readable contract (maxLength 80) are the reference\'s. Keyless unsigned calls still get the 402 challenge first; a signed call is refused before settlement; keyed calls keep the reference\'s 401, 403 and 429 ahead of validation.',
    how: 'GET /api/v1/assets/search?q=*&platform=<70 x "p"> with an API key: 200 {assets: []} on the reference, 422 invalid_request "platform must be 1..64 characters" through the bug; platform=<81 x "p"> is 422 on both (message 1..80 on the reference, 1..64 through the bug); platform=coingecko returns the 5 coin Assets on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/assets/search')) return null;
      const vals = ctx.query.getAll('platform');
      if (!vals.length) return null;
      const lens = vals.map((p) => [...p].length);
      if (!lens.some((n) => n > R46A_PLATFORM_WIDTH)) return null;
      if (lens.some((n) => n < 1)) return null; // an empty platform keeps the reference's own 422
      const body = { error: 'invalid_request', message: `platform must be 1..${R46A_PLATFORM_WIDTH} characters` };
      if (ctx.headers['payment-signature']) return ctx.reply(422, body);
      if (!ctx.apiKey) return null; // the unsigned challenge comes first
      // keyed call: let the reference refuse an over-long value, so 401, 403 and 429 keep their order before validation
      ctx.query.delete('platform');
      ctx.query.append('platform', 'p'.repeat(81));
      ctx.r46aPlatformBound = true;
      return null;
    },
    onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.r46aPlatformBound || res.status !== 422 || !b || typeof b.message !== 'string') return;
      b.message = b.message.replace(/platform must be 1\.\.80 characters/, `platform must be 1..${R46A_PLATFORM_WIDTH} characters`);
      res.touch();
    },
  },
  {
    name: 'search_as_of_today_previous_close',
    round: 46,
    pattern: 'e',
    section: 'Endpoints / Other operations referenced',
    sentences: ['66e6cfbfb00f'],
    operations: ['GET /api/v1/markets/search'],
    what: 'GET /api/v1/markets/search answers a date-only as_of from the day-close snapshot store, which holds closed UTC days only: when the date is the current UTC day (or a later one), whose end has not come yet, the lookup falls back to the newest closed day and serves yesterday\'s close. Every as_of-dependent member of the rows (has_forecast, latest_service_probability, thesis, forecast_at, market_odds_at_forecast, forecast_count, latest_forecast_at, latest_forecast_delta, the signal counts) is that of yesterday 23:59:59.999Z, so every forecast made since the start of the current UTC day is missing although the end of today lies after it. The as_of echo still states the reference\'s instant (the current time); the set of rows, count and order are unchanged; past dates, RFC 3339 instants (future ones too) and calls without as_of are the reference\'s. API-key calls only; x402 calls are left correct.',
    how: 'With an API key, GET /api/v1/markets/search?q=fed lists rows whose forecast_at lies in the current UTC day (seeded forecasts made in the hours before the stub started, 18 with a start at 07:50 UTC; when none exists, generate one for venue_a 1000503 and advance the clock 605 s). GET /api/v1/markets/search?q=fed&as_of=<today, YYYY-MM-DD>: the reference shows the same forecast_at and latest_service_probability as the live search (venue_a:1001335: 0.5649, forecast about 15 minutes before the start); through the bug the forecast before it or null (venue_a:1001335: 0.5144 from the previous day; venue_a:1001222: null), exactly as ?as_of=<yesterday> answers.',
    async onRequest(ctx) {
      if (!isGet(ctx, '/api/v1/markets/search') || !ctx.apiKey || ctx.headers['payment-signature']) return null;
      const vals = ctx.query.getAll('as_of');
      if (vals.length !== 1 || !/^\d{4}-\d{2}-\d{2}$/.test(vals[0])) return null;
      const asked = Date.parse(`${vals[0]}T00:00:00.000Z`);
      if (!Number.isFinite(asked)) return null; // an invalid date keeps the reference's 422
      const now = await ctx.stubNow();
      const today = new Date(now).toISOString().slice(0, 10);
      if (vals[0] < today) return null;
      const yesterday = new Date(Date.parse(`${today}T00:00:00.000Z`) - 86400_000).toISOString().slice(0, 10);
      ctx.query.set('as_of', yesterday);
      ctx.r46aAsOfClose = true;
      return null;
    },
    async onResponse(ctx, res) {
      const b = J(res);
      if (!ctx.r46aAsOfClose || res.status !== 200 || !b || typeof b.as_of !== 'string') return;
      b.as_of = new Date(await ctx.stubNow()).toISOString(); // the reference echoes the instant it answered for
      res.touch();
    },
  },
  {
    name: 'job_failed_result_read_billed',
    round: 46,
    pattern: 'f',
    section: 'What the service does',
    sentences: ['10cc32b6b192'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'The result view of a forecast job that ended failed or rejected (view=result or no view) takes the fallback path that looks up the market\'s stored forecast through the stored-read service, to decide whether to point the caller at the paid read, and that service meters the call at the stored-read price: such a read debits 10 credits from the caller\'s account. The answer itself is the reference\'s (status failed or rejected, forecasts [], forecastIds [], errorCode set). Reads of pending jobs, of succeeded jobs, the status view of every job, the 401/403/404 answers and the generation\'s own debit and refund are unchanged.',
    how: 'Create an account, POST /api/auth/forecast-requests (Idempotency-Key) for venue_a 1000503, POST /__control/jobs/{jobId} {outcome: failed}; read the balance around GET /api/auth/forecast-requests/{jobId} (200, status failed, forecasts []): 0 credits on the reference, 10 through the bug; the same read while the job was still accepted, and ?view=status after the failure, cost 0 on both.',
    async onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !JOB_READ.test(ctx.path) || res.status !== 200 || !ctx.apiKey) return;
      const view = ctx.query.get('view');
      if (view !== null && view !== 'result') return;
      const b = J(res);
      if (!b || (b.status !== 'failed' && b.status !== 'rejected')) return;
      await ctx.charge(10);
    },
  },
  // ---- round 46 (b)
  {
    name: 'job_result_asset_refs_direct',
    round: 46,
    pattern: 'a',
    section: 'Resources and their fields / Relationships envelope',
    sentences: ['f6a4d8d06cae'],
    operations: ['GET /api/auth/forecast-requests/{jobId}'],
    what: 'The job read builds the relationships of each published forecast (forecasts[].relationships, the result view after success) by copying the Asset refs of the market\'s own envelope, where an Asset is one hop away (HAS_MARKET, via "direct"), without relabelling them for the forecast subject: every AssetRef of a job\'s forecast says via "direct" instead of via "market", the intermediate node of the two-hop path forecast -> market <- Asset. relationship (HAS_MARKET), direction (incoming), the AssetRef members, the direct ON_MARKET market ref, the signal refs, truncated, view=status, pending and failed reads, and the envelopes of every other route (the same forecast in the latest feed, availability latestForecast, the stored read) are the reference\'s.',
    how: 'Create an account, POST /api/auth/forecast-requests (Idempotency-Key) for {kind venue_market, venue venue_a, market_id 1000503}, advance the clock 605 s, GET /api/auth/forecast-requests/{jobId}: status succeeded; forecasts[0].relationships.assets holds the fed-funds-rate AssetRef with relationship HAS_MARKET, direction incoming and via "market" on the reference, via "direct" through the bug.',
    onResponse(ctx, res) {
      if (ctx.method !== 'GET' || !JOB_READ.test(ctx.path) || res.status !== 200) return undefined;
      if (ctx.query.get('view') === 'status') return undefined;
      const b = J(res);
      if (!b || !Array.isArray(b.forecasts) || b.forecasts.length === 0) return undefined;
      let changed = false;
      for (const f of b.forecasts) {
        const refs = f && f.relationships && f.relationships.assets;
        if (!Array.isArray(refs)) continue;
        for (const r of refs) if (r && r.via === 'market') { r.via = 'direct'; changed = true; }
      }
      if (changed) res.touch();
      return undefined;
    },
  },
  {
    name: 'assets_reference_numeric_identifier_unmatched',
    round: 46,
    pattern: 'c',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['ca70ee9fbe15'],
    operations: ['GET /api/v1/assets/search'],
    what: 'The reference classifier of GET /api/v1/assets/search sends a reference made only of digits without a leading zero (the shape of a venue_a or venue_a_us native market id) to the linked-market lane alone, so an AssetIdentifier value of that shape, such as the coinmarketcap ids of the cryptoassets (1 for btc, 1027 for eth, 5426 for sol, 52 for xrp, 74 for doge), matches no Asset: reference=1 answers assets [] (the references echo still lists "1"), and beside other references the Asset it names is missing unless another reference matches it. Numeric native ids of linked markets (520224, 1000503) still find their Asset, identifier values with leading zeros (the SEC cik 0000320193), with letters (bitcoin, BTC-PERP, US0378331005) or in key form (coinmarketcap:1), Asset keys, UUIDs and marketKeys match as on the reference; q mode and the bill are unchanged.',
    how: 'GET /api/v1/assets/search?reference=1 with an API key: the reference answers the btc Asset (relevance.matched_fields ["identifiers"], its coinmarketcap identifier {platform coinmarketcap, kind id, value "1"}); through the bug assets [] with references ["1"]. reference=1027 likewise loses eth; reference=coinmarketcap:1 and reference=0000320193 answer btc and aapl on both.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200) return undefined;
      const b = J(res);
      if (!b || !Array.isArray(b.assets) || b.assets.length === 0) return undefined;
      const refs = ctx.query.getAll('reference').map((r) => r.trim()).filter(Boolean);
      const numeric = refs.filter((r) => R46B_NATIVE_ID_SHAPE.test(r));
      if (numeric.length === 0) return undefined;
      const others = refs.filter((r) => !R46B_NATIVE_ID_SHAPE.test(r));
      const keep = b.assets.filter((a) => {
        const fields = (a && a.relevance && Array.isArray(a.relevance.matched_fields)) ? a.relevance.matched_fields : [];
        if (fields.some((f) => f !== 'identifiers')) return true; // matched through another lane (key, id, linked market)
        const ids = Array.isArray(a.identifiers) ? a.identifiers : [];
        const hitByNumeric = ids.some((i) => i && numeric.includes(String(i.value)));
        if (!hitByNumeric) return true;
        return others.some((r) => ids.some((i) => i && r46bIdentifierMatches(r, i)));
      });
      if (keep.length === b.assets.length) return undefined;
      b.assets = keep;
      res.touch();
      return undefined;
    },
  },
  {
    name: 'targets_bracket_child_ticker_404',
    round: 46,
    pattern: 'c',
    section: 'Endpoints / GET /api/public/forecast-targets (free, no auth)',
    sentences: ['4d6ffdd7c542', 'dc2473b6839e'],
    operations: ['GET /api/public/forecast-targets'],
    what: 'GET /api/public/forecast-targets recognises an exact venue_b child ticker by its threshold strike (-T<number>) or outcome suffix (-YES, -NO, a party letter) only; a range (bracket) child, whose ticker ends in -B<number> (KXHIGHNY-26MAR20-B52.5, the daily-high temperature brackets), is looked up as an event ticker, finds none and answers 404 not_found ("no forecast target matches ...", ticker echoing the ref), given bare or as a venue_b: marketKey. The parent event (KXHIGHNY-26MAR20) still lists these children with their own generation bodies, and threshold children, outcome children, event tickers, URLs and venue_a forms resolve as on the reference.',
    how: 'GET /api/public/forecast-targets?ref=KXHIGHNY-26MAR20-B52.5: the reference answers 200 (venue_b, targetType market, selectionRequired false, selectedMarket.ticker KXHIGHNY-26MAR20-B52.5, strikeType between, a generation body, the 6 children of the event); through the bug 404 not_found with ticker "KXHIGHNY-26MAR20-B52.5". ref=KXHIGHNY-26MAR20 lists that child on both, and ref=KXBTCMINY-26-T50000 resolves on both.',
    onRequest(ctx) {
      if (!isGet(ctx, '/api/public/forecast-targets')) return undefined;
      const refs = ctx.query.getAll('ref');
      if (refs.length !== 1) return undefined;
      const ref = refs[0];
      const ticker = ref.trim().replace(/^venue_b:/i, '');
      if (!R46B_BRACKET_CHILD.test(ticker)) return undefined;
      // the event lane: no event carries a child's ticker, so the stub is asked for a ticker nothing holds
      ctx.r46bBracket = { ref, ticker, sent: `${ref}${R46B_EVENT_LANE_MARK}`, sentTicker: `${ticker}${R46B_EVENT_LANE_MARK}` };
      ctx.query.set('ref', ctx.r46bBracket.sent);
      return undefined;
    },
    onResponse(ctx, res) {
      const m = ctx.r46bBracket;
      if (!m) return undefined;
      const b = J(res);
      if (!b) return undefined;
      const fix = (s) => (typeof s === 'string' ? r46bReplaceAll(r46bReplaceAll(s, m.sent, m.ref), m.sentTicker, m.ticker) : s);
      for (const k of Object.keys(b)) if (typeof b[k] === 'string') b[k] = fix(b[k]);
      res.touch();
      return undefined;
    },
  },
  {
    name: 'latest_pathway_null_members_omitted',
    round: 46,
    pattern: 'g',
    section: 'Resources and their fields / Compact forecast (in the latest feed)',
    sentences: ['921b8245c748', '404b357416a6'],
    operations: ['GET /api/v1/latest'],
    what: 'The latest feed\'s compact forecasts pass the stored resolution-pathway document through as it was written by the research pass, which leaves out the members it could not establish instead of writing null: for a forecast whose pathway has no crux (or no deadline, source or criteria), resolution_pathway lacks that key altogether (for example {criteria, deadline, source} with no crux) instead of carrying it with null. Pathways with every member filled, the other compact-forecast members (delta_from_prior null and the like stay present), the event\'s market and every other route are unchanged.',
    how: 'GET /api/v1/latest?types=forecast (or hours=6) with an API key: the forecasts on venue_b:KXFED-26JAN-T4.25 and venue_b:KXHIGHNY-26MAR21-B52.5 carry resolution_pathway {criteria, crux: null, deadline, source} on the reference; through the bug their resolution_pathway has no crux key. The other forecasts carry all four members on both.',
    onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/latest') || res.status !== 200) return undefined;
      const b = J(res);
      if (!b || !Array.isArray(b.events)) return undefined;
      let changed = false;
      for (const e of b.events) {
        const rp = e && e.forecast && e.forecast.resolution_pathway;
        if (!rp || typeof rp !== 'object') continue;
        for (const k of Object.keys(rp)) if (rp[k] === null) { delete rp[k]; changed = true; }
      }
      if (changed) res.touch();
      return undefined;
    },
  },
  {
    name: 'assets_reference_affects_markets_hydrated',
    round: 46,
    pattern: 'g',
    section: 'Endpoints / GET /api/v1/assets/search ($0.01)',
    sentences: ['b0b78cb8b482', 'f319ea0d285c'],
    operations: ['GET /api/v1/assets/search'],
    what: 'The linked-market hydration of GET /api/v1/assets/search (reference mode, and material_only) walks HAS_MARKET and AFFECTS edges alike for the crude-wti Asset, the one Asset whose graph carries AFFECTS edges (crude oil to the Brent and natural-gas contracts): its linked_markets also hold the active Brent and natural-gas markets that only the brent and natgas Assets link directly (venue_c:c-af6cec1ec0, venue_a:518310, venue_c:c-983ce260b5, venue_a:519757), hydrated like the others (odds, latest forecast probability, thesis) and merged in the list\'s market_updated_at order, and linked_market_count counts them (20 instead of 16). market_summary (computed over HAS_MARKET edges) keeps 16 active markets; every other Asset, q mode (empty linked_markets), the references echo and the bill are the reference\'s.',
    how: 'GET /api/v1/assets/search?reference=crude-wti with an API key: the reference lists 16 linked markets (linked_market_count 16), every one of which names crude-wti as a direct HAS_MARKET AssetRef in its own envelope (GET /api/public/forecast-availability?market_key=<key>); through the bug 20, including venue_c:c-af6cec1ec0 whose availability envelope lists the brent Asset only.',
    async onResponse(ctx, res) {
      if (!isGet(ctx, '/api/v1/assets/search') || res.status !== 200) return undefined;
      const b = J(res);
      if (!b || !Array.isArray(b.assets)) return undefined;
      const wti = b.assets.find((a) => a && a.assetKey === 'crude-wti' && Array.isArray(a.linked_markets) && a.linked_markets.length > 0);
      if (!wti) return undefined;
      const q = new URLSearchParams();
      for (const k of R46B_AFFECTED_ASSETS) q.append('reference', k);
      const other = await r46bOwnCall(ctx, `/api/v1/assets/search?${q.toString()}`);
      if (!other || !Array.isArray(other.assets)) return undefined;
      const have = new Set(wti.linked_markets.map((m) => m && m.marketKey));
      const extra = [];
      for (const a of other.assets) {
        if (!a || !R46B_AFFECTED_ASSETS.includes(a.assetKey) || !Array.isArray(a.linked_markets)) continue;
        for (const m of a.linked_markets) if (m && !have.has(m.marketKey)) { have.add(m.marketKey); extra.push(m); }
      }
      if (!extra.length) return undefined;
      const all = [...wti.linked_markets, ...extra];
      all.sort((x, y) => (Date.parse(y.market_updated_at) || 0) - (Date.parse(x.market_updated_at) || 0));
      wti.linked_markets = all;
      wti.linked_market_count = all.length;
      res.touch();
      return undefined;
    },
  },
];

// ------------------------------------------------------------------ round-23 (b) helpers
/** Table prices (credits) of the keyed paid routes, by method and path template. */
const R23B_PRICES = {
  'GET /api/v1/latest': 20,
  'GET /api/v1/sources': 5,
  'GET /api/v1/assets': 5,
  'GET /api/v1/assets/search': 10,
  'GET /api/v1/assets/stance': 10,
  'GET /api/v1/markets': 10,
  'GET /api/v1/markets/search': 10,
  'GET /api/v1/markets/mispriced': 10,
  'GET /api/v1/markets/{slug}/signals': 10,
  'GET /api/v1/markets/{slug}/forecast': 10,
  'GET /api/v1/signals': 10,
  'GET /api/v1/signals/perps': 5,
  'GET /api/v1/signals/oil': 10,
  'POST /api/v1/x/search': 500,
  'POST /api/v1/x/profile': 1000,
};
function routeTemplate(path) {
  if (MARKET_SIGNALS.test(path)) return '/api/v1/markets/{slug}/signals';
  if (MARKET_FORECAST.test(path)) return '/api/v1/markets/{slug}/forecast';
  return path;
}

// ------------------------------------------------------------------ round-14 (b) helpers
/** API key -> wall ms of the job read's entitlement refusal (the deny list). */
function r14bDenied(ctx) { if (!ctx.state.r14bDenied) ctx.state.r14bDenied = new Map(); return ctx.state.r14bDenied; }
/** Link tokens revoked by a later issue for the same principal. */
function r14bRevoked(ctx) { if (!ctx.state.r14bRevoked) ctx.state.r14bRevoked = new Set(); return ctx.state.r14bRevoked; }
/** API key -> {day (UTC day index of the refusal), until (01:00 UTC of the next day, stub ms), body, policy}. */
function r14bQuota(ctx) { if (!ctx.state.r14bQuota) ctx.state.r14bQuota = new Map(); return ctx.state.r14bQuota; }
/** "host url" -> {headers, json} of an unsigned 402 challenge. */
/** A control-plane reset puts the stub back to its seed: forget what the round-14 (b) bugs remembered. */
function r14bResetSeen(ctx) {
  if (ctx.method !== 'POST' || ctx.path !== '/__control/reset') return;
  for (const k of ['r14bDenied', 'r14bRevoked', 'r14bLastToken', 'r14bQuota', 'r14bChallenges']) delete ctx.state[k];
}
function r14bChallenges(ctx) { if (!ctx.state.r14bChallenges) ctx.state.r14bChallenges = new Map(); return ctx.state.r14bChallenges; }

// ------------------------------------------------------------------ round-2 helpers
const DAY_MS = 86400_000;
const HOUR_MS = 3600_000;
const STD_POLICY = '"standard-second";q=20;w=1, "standard-minute";q=600;w=60, "standard-day";q=20000;w=86400, "standard-concurrency";q=10';
const DAILY_UP_DOWN = /up or down|close higher|\bbe up\b/i;

/** Non-social payable routes (the standard rate-limit scope) called with an API key. */
function isStandardRoute(ctx) {
  if (ctx.method === 'POST' && ctx.path === '/api/auth/forecast-requests') return true;
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
  return /^\/api\/v1\//.test(ctx.path) && !/^\/api\/v1\/(openapi\.json|wallets\/|x\/)/.test(ctx.path);
}

/** Per-proxy state of standard_day_resets_0100_utc: account -> keys, key -> UTC day index of its exhausted day. */
function dayState(ctx) {
  if (!ctx.state.utcDay) {
    const acctKeys = new Map();
    const env = process.env.STUB_API_KEYS || process.env.API_KEYS || '';
    env.split(',').map((s) => s.trim()).filter(Boolean).forEach((k, i) => acctKeys.set(`acct_${i + 1}`, new Set([k])));
    ctx.state.utcDay = { acctKeys, out: new Map() };
  }
  return ctx.state.utcDay;
}
function keysOf(st, acct) {
  if (!st.acctKeys.has(acct)) st.acctKeys.set(acct, new Set());
  return st.acctKeys.get(acct);
}

/** A free, unauthenticated GET to the stub from the client's address; parsed JSON of a 200, else null. */
async function freeGet(ctx, url) {
  try {
    const r = await ctx.upstream({ method: 'GET', url, headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json' } });
    return r.status === 200 && r.json && typeof r.json === 'object' ? r.json : null;
  } catch { return null; }
}

/** A short-horizon (excluded, crypto_up_down) market id of the venue, checked once through forecast-availability. */
const TWIN_CANDIDATES = {
  venue_a: ['1009517', '1008765'],
  venue_a_us: ['27490084'],
  venue_b: ['KXBTC15M-26MAR201415-YES', 'KXETHH-26MAR2014-YES'],
  venue_c: ['c-411570493e'],
};
async function shortHorizonTwin(ctx, venue) {
  ctx.state.twins = ctx.state.twins || new Map();
  if (ctx.state.twins.has(venue)) return ctx.state.twins.get(venue);
  let found = null;
  for (const id of TWIN_CANDIDATES[venue] || []) {
    const av = await freeGet(ctx, `/api/public/forecast-availability?market_key=${encodeURIComponent(`${venue}:${id}`)}`);
    if (av && av.tracked && av.excluded && av.excluded.reason === 'crypto_up_down') { found = id; break; }
  }
  ctx.state.twins.set(venue, found);
  return found;
}

// ------------------------------------------------------------------ round-3 helpers
/** API key -> control-plane account id, as the proxy learns it: configured keys are acct_1.. in order, others come
 *  from POST /__control/accounts answers (call learnAccounts from onResponse). */
function accountMap(ctx) {
  if (!ctx.state.r3Accounts) {
    const m = new Map();
    const env = process.env.STUB_API_KEYS || process.env.API_KEYS || '';
    env.split(',').map((s) => s.trim()).filter(Boolean).forEach((k, i) => m.set(k, `acct_${i + 1}`));
    ctx.state.r3Accounts = m;
  }
  return ctx.state.r3Accounts;
}
function learnAccounts(ctx, res) {
  const b = J(res);
  if (ctx.method === 'POST' && ctx.path === '/__control/accounts' && res.status === 201 && b && b.apiKey && b.accountId) {
    accountMap(ctx).set(b.apiKey, b.accountId);
  }
}
async function accountOf(ctx) { return (ctx.apiKey && accountMap(ctx).get(ctx.apiKey)) || null; }

// ------------------------------------------------------------------ round-4 (b) helpers
/** Contract table price (credits) of a paid route called with an API key, or 0 when the table gives none. */
function r4bRoutePrice(ctx) {
  const p = ctx.path;
  if (ctx.method === 'POST') return PRICE[p] || 0;
  if (ctx.method !== 'GET') return 0;
  if (p === '/api/v1/latest') return 20;
  if (p === '/api/v1/sources' || p === '/api/v1/assets') return 5;
  if (p === '/api/v1/assets/search' || p === '/api/v1/markets/search') return 10;
  if (MARKET_SIGNALS.test(p) || MARKET_FORECAST.test(p)) return 10;
  return 0;
}

/** The probability of the stored forecast behind a read pointer, read once per forecast id through a proxy-owned
 *  API-key account (created through the control plane, recreated after a reset). */
async function r4bStoredProbability(ctx, endpoint, forecastId) {
  ctx.state.r4bProb = ctx.state.r4bProb || new Map();
  if (ctx.state.r4bProb.has(forecastId)) return ctx.state.r4bProb.get(forecastId);
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!ctx.state.r4bKey) {
      const c = await ctx.control('POST', '/__control/accounts', { credits: 1000000 });
      if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return null;
      ctx.state.r4bKey = c.json.apiKey;
    }
    let r;
    try {
      r = await ctx.upstream({ method: 'GET', url: endpoint, headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r4bKey } });
    } catch { return null; }
    if (r.status === 401 || r.status === 403) { ctx.state.r4bKey = null; continue; }
    const f = r.status === 200 && r.json && r.json.forecast;
    if (!f || f.id !== forecastId || typeof f.probability !== 'number') return null;
    ctx.state.r4bProb.set(forecastId, f.probability);
    return f.probability;
  }
  return null;
}

// ------------------------------------------------------------------ round-6 (B) helpers
/** marketKey -> status of its newest published signal, read from GET /api/v1/signals through a proxy-owned
 *  API-key account (recreated after a reset), cached for 30 s. */
async function r6bSignalStatus(ctx) {
  const c = ctx.state.r6bSig;
  if (c && Date.now() - c.at < 30_000) return c.map;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!ctx.state.r6bKey) {
      const a = await ctx.control('POST', '/__control/accounts', { credits: 1000000 });
      if (!a || a.status !== 201 || !a.json || !a.json.apiKey) return null;
      ctx.state.r6bKey = a.json.apiKey;
    }
    let r;
    try {
      r = await ctx.upstream({ method: 'GET', url: '/api/v1/signals', headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r6bKey } });
    } catch { return null; }
    if (r.status === 401 || r.status === 403) { ctx.state.r6bKey = null; continue; }
    if (r.status !== 200 || !r.json || !Array.isArray(r.json.signals)) return null;
    const map = new Map();
    for (const s of r.json.signals) {
      const k = s && s.market && s.market.marketKey;
      if (k && !map.has(k)) map.set(k, s.status);
    }
    ctx.state.r6bSig = { at: Date.now(), map };
    return map;
  }
  return null;
}

// ------------------------------------------------------------------ round-7 (a) helpers
/** A proxy-owned API key (created through the control plane, recreated after a reset), then one GET through it. */
async function r7aGet(ctx, url) {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!ctx.state.r7aKey) {
      const a = await ctx.control('POST', '/__control/accounts', { credits: 1000000 });
      if (!a || a.status !== 201 || !a.json || !a.json.apiKey) return null;
      ctx.state.r7aKey = a.json.apiKey;
    }
    let r;
    try {
      r = await ctx.upstream({ method: 'GET', url, headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r7aKey } });
    } catch { return null; }
    if (r.status === 401 || r.status === 403) { ctx.state.r7aKey = null; continue; }
    return r.status === 200 ? r.json : null;
  }
  return null;
}
/** Published-signal id -> status, from GET /api/v1/signals, cached for 30 s. */
async function r7aSignalStatusById(ctx) {
  const c = ctx.state.r7aSig;
  if (c && Date.now() - c.at < 30_000) return c.map;
  const j = await r7aGet(ctx, '/api/v1/signals');
  if (!j || !Array.isArray(j.signals)) return null;
  const map = new Map();
  for (const s of j.signals) if (s && s.id) map.set(s.id, s.status);
  ctx.state.r7aSig = { at: Date.now(), map };
  return map;
}
/** assetKey -> number of its linked markets with an in-window (default 48 h) forecast, from reference-mode answers
 *  (up to 50 references per call), cached for 30 s per asset. */
async function r7aWindowedForecastCounts(ctx, keys) {
  const cache = ctx.state.r7aWin || (ctx.state.r7aWin = new Map());
  const out = new Map();
  const missing = [];
  for (const k of keys) {
    const c = cache.get(k);
    if (c && Date.now() - c.at < 30_000) out.set(k, c.n); else missing.push(k);
  }
  for (let i = 0; i < missing.length; i += 50) {
    const part = missing.slice(i, i + 50);
    const j = await r7aGet(ctx, `/api/v1/assets/search?${part.map((k) => `reference=${encodeURIComponent(k)}`).join('&')}`);
    if (!j || !Array.isArray(j.assets)) continue;
    for (const a of j.assets) {
      if (!a || !part.includes(a.assetKey) || !Array.isArray(a.linked_markets)) continue;
      const n = a.linked_markets.filter((m) => typeof m.forecast_count === 'number' && m.forecast_count > 0).length;
      cache.set(a.assetKey, { at: Date.now(), n });
      out.set(a.assetKey, n);
    }
  }
  return out;
}

// ------------------------------------------------------------------ round-7 (b) helpers
/** url -> correlated_at of one market's article evidence, read through a proxy-owned API-key account (created through
 *  the control plane, recreated after a reset), cached for a few seconds. */
async function r7bCorrelatedAt(ctx, slug, venue) {
  const cache = (ctx.state.r7bCorr = ctx.state.r7bCorr || new Map());
  const ck = `${venue || ''}|${slug}`;
  const hit = cache.get(ck);
  if (hit && Date.now() - hit.at < 5000) return hit.map;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!ctx.state.r7bKey) {
      const c = await ctx.control('POST', '/__control/accounts', { credits: 1000000 });
      if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return null;
      ctx.state.r7bKey = c.json.apiKey;
    }
    let r;
    const url = `/api/v1/markets/${encodeURIComponent(slug)}/signals${venue ? `?venue=${encodeURIComponent(venue)}` : ''}`;
    try {
      r = await ctx.upstream({ method: 'GET', url, headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r7bKey } });
    } catch { return null; }
    if (r.status === 401 || r.status === 403) { ctx.state.r7bKey = null; continue; }
    const map = new Map();
    if (r.status === 200 && r.json && Array.isArray(r.json.signals)) {
      for (const s of r.json.signals) if (s && s.url && s.correlated_at && !map.has(s.url)) map.set(s.url, s.correlated_at);
    }
    cache.set(ck, { at: Date.now(), map });
    return map;
  }
  return null;
}

// ------------------------------------------------------------------ round-8 (b) helpers
/** The stored-forecast read (with history) behind an availability read pointer, fetched with a proxy-private account. */
async function r8bStoredRead(ctx, endpoint) {
  if (!/^\/api\/v1\/markets\/[^/]+\/forecast(\?|$)/.test(endpoint)) return null;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!ctx.state.r8bKey) {
      const c = await ctx.control('POST', '/__control/accounts', { credits: 1000000 });
      if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return null;
      ctx.state.r8bKey = c.json.apiKey;
    }
    let r;
    try {
      r = await ctx.upstream({ method: 'GET', url: endpoint, headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r8bKey } });
    } catch { return null; }
    if (r.status === 401 || r.status === 403) { ctx.state.r8bKey = null; continue; }
    return r.status === 200 && r.json && typeof r.json === 'object' ? r.json : null;
  }
  return null;
}

// ------------------------------------------------------------------ round-9 (a) helpers
/** A GET of the stub with a proxy-private, well-funded account (so the caller is never billed for it). */
async function r9aPrivateGet(ctx, url) {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!ctx.state.r9aKey) {
      const c = await ctx.control('POST', '/__control/accounts', { credits: 10000000 });
      if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return null;
      ctx.state.r9aKey = c.json.apiKey;
    }
    let r;
    try {
      r = await ctx.upstream({ method: 'GET', url, headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r9aKey } });
    } catch { return null; }
    if (r.status === 401 || r.status === 403) { ctx.state.r9aKey = null; continue; }
    return r.status === 200 && r.json && typeof r.json === 'object' ? r.json : null;
  }
  return null;
}
/** The catalog (GET /api/v1/markets) by marketKey, cached for 20 s. */
async function r9aCatalog(ctx) {
  const c = ctx.state.r9aCat;
  if (c && Date.now() - c.at < 20_000) return c.map;
  const all = await r9aPrivateGet(ctx, '/api/v1/markets');
  if (!all || !Array.isArray(all.markets)) return null;
  const map = new Map(all.markets.map((m) => [m.marketKey, m]));
  ctx.state.r9aCat = { at: Date.now(), map };
  return map;
}

// ------------------------------------------------------------------ round-12 (a) helpers
/** Learns X-Fault-Scope -> venue marks down from the control plane's oil answers (dropped on reset). */
function r12aOilLearn(ctx) {
  if (ctx.method === 'POST' && ctx.path === '/__control/reset') ctx.state.r12aOilDown = null;
}
function r12aOilLearnAnswer(ctx, res) {
  if (!(ctx.method === 'POST' && ctx.path === '/__control/oil') || res.status !== 200) return;
  const b = J(res);
  if (!b || typeof b.scope !== 'string') return;
  if (!ctx.state.r12aOilDown) ctx.state.r12aOilDown = new Map();
  ctx.state.r12aOilDown.set(b.scope, Array.isArray(b.marksDown) ? b.marksDown.slice() : []);
}

// ------------------------------------------------------------------ round-12 (b) helpers
/** Cache key of an availability lookup: its query parameters in a stable order. */
function r12bAvKey(ctx) {
  return [...ctx.query.entries()].map(([k, val]) => `${k}=${val}`).sort().join('&');
}
/** GET through a proxy-owned API-key account (created through the control plane, recreated after a reset). */
async function r12bOwnGet(ctx, url) {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!ctx.state.r12bKey) {
      const c = await ctx.control('POST', '/__control/accounts', { credits: 1000000 });
      if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return null;
      ctx.state.r12bKey = c.json.apiKey;
    }
    let r;
    try {
      r = await ctx.upstream({ method: 'GET', url, headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r12bKey } });
    } catch { return null; }
    if (r.status === 401 || r.status === 403) { ctx.state.r12bKey = null; continue; }
    return r.status === 200 ? r.json : null;
  }
  return null;
}
/** The catalog's topic rule: case-insensitive exact tag or category; broker_a selects broker-listed markets. */
function r12bTopicMatch(m, topic) {
  const t = String(topic).toLowerCase();
  if (t === 'broker_a') return Array.isArray(m.broker_channels) && m.broker_channels.length > 0;
  const words = [...(m.tags || []), ...(m.categories || [])].map((x) => String(x).toLowerCase());
  return words.includes(t);
}

// ------------------------------------------------------------------ round-13 (b) helpers
/** Paid routes of the credit guard (every /api/v1 route but the contract copy and the wallet link, plus generation). */
function r13bPaid(ctx) {
  if (isPost(ctx, '/api/auth/forecast-requests')) return true;
  if (!ctx.path.startsWith('/api/v1/')) return false;
  return ctx.path !== '/api/v1/openapi.json' && ctx.path !== '/api/v1/wallets/link';
}
/** API key -> wall-clock ms of its last 403 insufficient_credits at a zero balance. */
function r13bDrained(ctx) { if (!ctx.state.r13bDrained) ctx.state.r13bDrained = new Map(); return ctx.state.r13bDrained; }
/** Link token -> its expires_at (ms, service clock) as issued. */
function r13bTokens(ctx) { if (!ctx.state.r13bTokens) ctx.state.r13bTokens = new Map(); return ctx.state.r13bTokens; }

// ------------------------------------------------------------------ round-15 (b) helpers
/** "key METHOD path" -> {at (wall ms), body} of a 403 insufficient_credits given at a positive balance. */
function r15bShort(ctx) { if (!ctx.state.r15bShort) ctx.state.r15bShort = new Map(); return ctx.state.r15bShort; }
/** API key -> Map(slot -> wall ms start) of its standard and social calls still running (one shared counter). */
function r15bInFlight(ctx, key) {
  if (!ctx.state.r15bInFlight) ctx.state.r15bInFlight = new Map();
  if (!ctx.state.r15bInFlight.has(key)) ctx.state.r15bInFlight.set(key, new Map());
  return ctx.state.r15bInFlight.get(key);
}
/** A control-plane reset puts the stub back to its seed: forget what the round-15 (b) bugs remembered. */
function r15bResetSeen(ctx) {
  if (ctx.method !== 'POST' || ctx.path !== '/__control/reset') return;
  delete ctx.state.r15bShort;
}

// ------------------------------------------------------------------ round-17 (b) helpers
/** API key -> {day (UTC day index, stub clock), accepted: Set of jobIds answered 2xx that day, phantom: standard-scope 429s of the generation that day}. */
function r17bQuota(ctx, key, now) {
  if (!ctx.state.r17bQuota) ctx.state.r17bQuota = new Map();
  const day = Math.floor(now / DAY_MS);
  let st = ctx.state.r17bQuota.get(key);
  if (!st || st.day !== day) { st = { day, accepted: new Set(), phantom: 0 }; ctx.state.r17bQuota.set(key, st); }
  return st;
}
/** A control-plane reset puts the stub back to its seed: forget what the round-17 (b) bugs remembered. */
function r17bResetSeen(ctx) {
  if (ctx.method !== 'POST' || ctx.path !== '/__control/reset') return;
  for (const k of ['r17bQuota', 'r17bJobs', 'r17bProfiles']) delete ctx.state[k];
}

// ------------------------------------------------------------------ round-18 (b) helpers
/** Link token -> its expires_at (ms, service clock) as the reference issued it. */
function r18bTokens(ctx) { if (!ctx.state.r18bTokens) ctx.state.r18bTokens = new Map(); return ctx.state.r18bTokens; }
/** Idempotency key -> the API key that first used it on the generation route (the store keyed by idempotency key alone). */
function r18bIdem(ctx) { if (!ctx.state.r18bIdem) ctx.state.r18bIdem = new Map(); return ctx.state.r18bIdem; }
/** A control-plane reset puts the stub back to its seed: forget what the round-18 (b) bugs remembered. */
function r18bResetSeen(ctx) {
  if (ctx.method !== 'POST' || ctx.path !== '/__control/reset') return;
  for (const k of ['r18bTokens', 'r18bIdem']) delete ctx.state[k];
}

// ---- round-43 (b) helpers
/** A call through a proxy-owned API-key account (recreated after a reset), so the caller is neither billed nor limited for it. */
async function r43bOwnCall(ctx, method, url) {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!ctx.state.r43bKey) {
      const c = await ctx.control('POST', '/__control/accounts', { credits: 10000000 });
      if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return null;
      ctx.state.r43bKey = c.json.apiKey;
    }
    const headers = { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r43bKey };
    let r;
    try { r = await ctx.upstream({ method, url, headers }); } catch { return null; }
    if (r.status === 401 || r.status === 403) { ctx.state.r43bKey = null; continue; }
    return r.status === 200 ? r.json : null;
  }
  return null;
}

export const bugsByName = new Map(bugs.map((b) => [b.name, b]));

export function registryJson() {
  return bugs.map(({ name, round, pattern, section, sentences, operations, what, how }) => ({ name, ...(round ? { round } : {}), pattern, section, sentences, operations, what, how }));
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href && process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify(registryJson(), null, 2)}\n`);
}

// ------------------------------------------------------------------ round-9 (b) helpers
const R9B_X_POLICY = '"x_research-second";q=5;w=1, "x_research-minute";q=60;w=60, "x_research-day";q=500;w=86400, "x_research-concurrency";q=5';
function r9bIsXResearch(ctx) { return ctx.method === 'POST' && (ctx.path === '/api/v1/x/search' || ctx.path === '/api/v1/x/profile'); }
/** accountId -> {anchor: stub ms of the first counted admission, count} of the anchored social-research day counter. */
function r9bXDay(ctx) { if (!ctx.state.r9bXDay) ctx.state.r9bXDay = new Map(); return ctx.state.r9bXDay; }
function r9bPubSum(linked) { return linked.reduce((n, m) => n + (m && typeof m.published_signal_count === 'number' ? m.published_signal_count : 0), 0); }
/** assetKey -> sum of published_signal_count over its hydrated linked markets, through reference-mode calls of a
 *  proxy-owned API-key account (recreated after a reset), batches of at most 50 references. */
async function r9bLinkedPubSums(ctx, keys) {
  const out = new Map();
  for (let i = 0; i < keys.length; i += 50) {
    const batch = keys.slice(i, i + 50);
    const qs = batch.map((k) => `reference=${encodeURIComponent(k)}`).join('&');
    for (let attempt = 0; attempt < 2; attempt++) {
      if (!ctx.state.r9bKey) {
        const c = await ctx.control('POST', '/__control/accounts', { credits: 1000000 });
        if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return out;
        ctx.state.r9bKey = c.json.apiKey;
      }
      let r;
      try {
        r = await ctx.upstream({ method: 'GET', url: `/api/v1/assets/search?${qs}`, headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r9bKey } });
      } catch { return out; }
      if (r.status === 401 || r.status === 403) { ctx.state.r9bKey = null; continue; }
      if (r.status === 200 && r.json && Array.isArray(r.json.assets)) {
        for (const a of r.json.assets) if (a && a.assetKey && Array.isArray(a.linked_markets)) out.set(a.assetKey, r9bPubSum(a.linked_markets));
      }
      break;
    }
  }
  return out;
}


// ------------------------------------------------------------------ round-10 (b) helpers
/** API key -> number of its calls in flight through the proxy. */
function r10bBusy(ctx) { if (!ctx.state.r10bBusy) ctx.state.r10bBusy = new Map(); return ctx.state.r10bBusy; }

// ------------------------------------------------------------------ round-11 (b) helpers
/** API key -> control-plane account id: configured keys are acct_1.. in order; created keys are learnt from answers. */
function r11bKeys(ctx) {
  if (!ctx.state.r11bKeys) {
    const m = new Map();
    String(process.env.STUB_API_KEYS || process.env.API_KEYS || '').split(',').map((s) => s.trim()).filter(Boolean)
      .forEach((k, i) => m.set(k, `acct_${i + 1}`));
    ctx.state.r11bKeys = m;
  }
  return ctx.state.r11bKeys;
}
function r11bLearnKeys(ctx) { r11bKeys(ctx); }
function r11bAccount(ctx, key) { return r11bKeys(ctx).get(key); }
/** Learns jobId -> owner API key from generation answers, and API key -> account from control-plane creations. */
function r11bLearnJob(ctx, res) {
  const b = J(res);
  if (!b) return;
  if (ctx.method === 'POST' && ctx.path === '/__control/accounts' && res.status === 201 && b.apiKey && b.accountId) {
    r11bKeys(ctx).set(b.apiKey, b.accountId);
  }
  if (isPost(ctx, '/api/auth/forecast-requests') && res.status >= 200 && res.status < 300 && typeof b.jobId === 'string' && ctx.apiKey) {
    if (!ctx.state.r11bJobs) ctx.state.r11bJobs = new Map();
    ctx.state.r11bJobs.set(b.jobId, ctx.apiKey);
  }
}

// ------------------------------------------------------------------ round-16 (b) helpers
/** API key -> {running: Set of slots of its standard calls in flight, leaked: wall ms of its 404 answers whose slot was not released}. */
function r16bSlots(ctx, key) {
  if (!ctx.state.r16bSlots) ctx.state.r16bSlots = new Map();
  if (!ctx.state.r16bSlots.has(key)) ctx.state.r16bSlots.set(key, { running: new Set(), leaked: [] });
  return ctx.state.r16bSlots.get(key);
}
/** A control-plane reset puts the stub back to its seed: forget what the round-16 (b) bugs remembered. */
function r16bResetSeen(ctx) {
  if (ctx.method !== 'POST' || ctx.path !== '/__control/reset') return;
  delete ctx.state.r16bSlots;
}

// ------------------------------------------------------------------ round-28 (a) helpers
const R28A_GUARD_POLICY = '"ip_guard-second";q=50;w=1, "ip_guard-minute";q=1200;w=60, "ip_guard-day";q=50000;w=86400';
/** Client address -> UTC day index on which the per-IP guard's daily bound was exhausted. */
function r28aGuardDay(ctx) { if (!ctx.state.r28aGuardDay) ctx.state.r28aGuardDay = new Map(); return ctx.state.r28aGuardDay; }

// ------------------------------------------------------------------ round-29 (b) helpers
function r29bIsSocial(ctx) { return ctx.method === 'POST' && (ctx.path === '/api/v1/x/search' || ctx.path === '/api/v1/x/profile'); }
/** API key -> UTC day index (stub clock) on which its social-research daily bound was exhausted. */
function r29bXDay(ctx) { if (!ctx.state.r29bXDay) ctx.state.r29bXDay = new Map(); return ctx.state.r29bXDay; }
/** A GET through a proxy-owned API-key account (recreated after a reset), so the caller is not billed twice. */
async function r29bOwnGet(ctx, url) {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!ctx.state.r29bKey) {
      const c = await ctx.control('POST', '/__control/accounts', { credits: 1000000 });
      if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return null;
      ctx.state.r29bKey = c.json.apiKey;
    }
    let r;
    try {
      r = await ctx.upstream({ method: 'GET', url, headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r29bKey } });
    } catch { return null; }
    if (r.status === 401 || r.status === 403) { ctx.state.r29bKey = null; continue; }
    return r.status === 200 ? r.json : null;
  }
  return null;
}

// ---- round-34 (a) helpers
/** Whether a venue_a numeric id names a legacy row (bare numeric serviceMarketId), read once through the free
 *  availability lookup and cached per proxy (the seed's rows keep their form). */
async function r34aLegacyVenueA(ctx, id) {
  if (!ctx.state.r34aLegacy) ctx.state.r34aLegacy = new Map();
  const c = ctx.state.r34aLegacy;
  if (c.has(id)) return c.get(id);
  const av = await freeGet(ctx, `/api/public/forecast-availability?market_id=${encodeURIComponent(id)}&venue=venue_a`);
  const m = av && av.tracked && av.market;
  const legacy = !!(m && m.venue === 'venue_a' && m.nativeMarketId === id && m.serviceMarketId === id);
  if (av) c.set(id, legacy);
  return legacy;
}

// ------------------------------------------------------------------ round-34 (b) helpers
/** A GET through a proxy-owned API-key account (recreated after a reset), so the caller is not billed twice. */
async function r34bOwnGet(ctx, url) {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!ctx.state.r34bKey) {
      const c = await ctx.control('POST', '/__control/accounts', { credits: 1000000 });
      if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return null;
      ctx.state.r34bKey = c.json.apiKey;
    }
    let r;
    try {
      r = await ctx.upstream({ method: 'GET', url, headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r34bKey } });
    } catch { return null; }
    if (r.status === 401 || r.status === 403) { ctx.state.r34bKey = null; continue; }
    return r.status === 200 ? r.json : null;
  }
  return null;
}

// ---- round-35 (a) helpers
/** jobId (lower case) -> API key that created it, learnt from POST /api/auth/forecast-requests answers. */
function r35aJobs(ctx) { if (!ctx.state.r35aJobs) ctx.state.r35aJobs = new Map(); return ctx.state.r35aJobs; }

// ---- round-35 (b) helpers
/** A forecast-targets ref given as a browser URL (venue_a /event/ or /market/, venue_b event page). */
function r35bIsUrlRef(ref) { return typeof ref === 'string' && /^https?:\/\//i.test(ref.trim()); }
/** An RFC 3339 UTC date-time printed as a zone-less local date-time (the trailing Z dropped); null if not of that form. */
function r35bZoneless(t) { return typeof t === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(t) ? t.slice(0, -1) : null; }

// ---- round-36 (a) helpers
/** The JSON.parse error of a non-empty request body that is not valid JSON, else null. */
function r36aUnparseable(body) {
  if (!body || !body.length) return null;
  const text = body.toString('utf8');
  if (!text.trim()) return null;
  try { JSON.parse(text); return null; } catch (e) { return String(e && e.message || 'invalid JSON'); }
}
/** Path risk r of a 72-hour window anchored at createdMs, re-asked over the part still ahead at nowMs (three decimals). */
function r36aRiskLeft(r, createdMs, nowMs) {
  if (typeof r !== 'number' || !Number.isFinite(r)) return r;
  const left = Math.min(1, Math.max(0, (createdMs + 72 * 3600 * 1000 - nowMs) / (72 * 3600 * 1000)));
  return Math.round((1 - Math.pow(1 - Math.min(1, Math.max(0, r)), left)) * 1000) / 1000;
}

// ---- round-36 (b) helpers
/** "jobId|createdAt" of the venue_b generations already priced, so an idempotent replay (same job) is not priced again. */
function r36bGenerations(ctx) { if (!ctx.state.r36bGenerations) ctx.state.r36bGenerations = new Set(); return ctx.state.r36bGenerations; }

// ---- round-37 (a) helpers
/** A boolean query value: true / false for the usual spellings, undefined when absent or unreadable. */
function r37aFlag(v) {
  if (v === null || v === undefined) return undefined;
  const t = String(v).trim().toLowerCase();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  return undefined;
}
/** An answer that relays a failed upstream (the unbilled 5xx class of the billing rules). */
function r37aUpstreamError(status) { return status >= 500 && status <= 599; }

// ---- round-37 (b) helpers
/** Whether a source item's market is a newer venue_a market (venue-prefixed serviceMarketId) asked for by marketKey. */
function r37bNewerVenueA(market, askedKeys) {
  if (!market || market.venue !== 'venue_a' || typeof market.marketKey !== 'string') return false;
  return String(market.serviceMarketId || '').startsWith('venue_a:') && askedKeys.has(market.marketKey.toLowerCase());
}
/** "UTC date|X-Fault-Scope" -> JSON of the oil route's cached daily block {reading, episode, reading_missing}. */
function r37bOilDay(ctx) { if (!ctx.state.r37bOilDay) ctx.state.r37bOilDay = new Map(); return ctx.state.r37bOilDay; }
/** A deterministic uuid (version 5 layout, SHA-1) naming a graph edge. */
async function r37bEdgeUuid(name) {
  const { createHash } = await import('node:crypto');
  const h = createHash('sha1').update(`r37b-edge|${name}`).digest('hex').slice(0, 32).split('');
  h[12] = '5';
  h[16] = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  const x = h.join('');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

// ---- round-38 (a) helpers
/** An absolute http(s) URL with its scheme stripped ("//host/path"); null for anything else. */
function r38aSchemeRelative(url) { return typeof url === 'string' && /^https?:\/\//i.test(url) ? url.replace(/^https?:/i, '') : null; }
/** The words a q term excludes under a search-box syntax: the parts after a "-" inside a term (crude-wti -> [wti]). */
function r38aExcludedTerms(q) {
  if (typeof q !== 'string' || q.trim() === '*') return [];
  const out = [];
  for (const term of q.trim().toLowerCase().split(/\s+/)) {
    const parts = term.split('-');
    if (parts.length < 2 || !parts[0]) continue;
    for (const p of parts.slice(1)) if (/^[a-z0-9]+$/.test(p)) out.push(p);
  }
  return out;
}
/** The lower-case words of an asset search item's key, name, ticker and aliases. */
function r38aAssetWords(a) {
  const text = [a && a.assetKey, a && a.name, a && a.ticker, ...((a && Array.isArray(a.aliases)) ? a.aliases : [])]
    .filter((x) => typeof x === 'string').join(' ').toLowerCase();
  return text.split(/[^a-z0-9]+/).filter(Boolean);
}
/** A forecast-targets ref given as a browser URL. */
function r38aIsBrowserUrl(ref) { return typeof ref === 'string' && /^https?:\/\//i.test(ref.trim()); }
/** An all-digit id as it comes back from a JSON number: the nearest double, printed back as a string. */
function r38aThroughDouble(id) {
  if (typeof id !== 'string' || !/^\d{16,}$/.test(id)) return id;
  const n = Number(id);
  return Number.isFinite(n) && n < 1e21 ? String(n) : id;
}

// ---- round-38 (b) helpers
/** A GET through a proxy-owned API-key account (recreated after a reset), so the caller is not billed twice. */
async function r38bOwnGet(ctx, url) {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!ctx.state.r38bKey) {
      const c = await ctx.control('POST', '/__control/accounts', { credits: 1000000 });
      if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return null;
      ctx.state.r38bKey = c.json.apiKey;
    }
    let r;
    try {
      r = await ctx.upstream({ method: 'GET', url, headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r38bKey } });
    } catch { return null; }
    if (r.status === 401 || r.status === 403) { ctx.state.r38bKey = null; continue; }
    return r.status === 200 ? r.json : null;
  }
  return null;
}

// ---- round-39 (a) helpers
/** The page size of the reference lookup of round 39 (a): references past it are never matched. */
const R39A_REF_PAGE = 25;
/** A boolean query value: true / false for the usual spellings, undefined when absent or unreadable. */
function r39aBool(v) {
  if (v === null || v === undefined) return undefined;
  const t = String(v).trim().toLowerCase();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  return undefined;
}
/** Credits of a profile over n lookback days, pro rata at 1000 credits per 365 days, rounded up to 5 credits ($0.005). */
function r39aProRata(n) { return Math.min(1000, Math.ceil((1000 * n) / 365 / 5) * 5); }
// ---- round-39 (b) helpers
const R39B_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const R39B_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The social platform's legacy created_at form: "Wed Dec 02 06:45:00 +0000 2026" (UTC). */
function r39bPlatformCreatedAt(ms) {
  const d = new Date(ms);
  const p = (x) => String(x).padStart(2, '0');
  return `${R39B_DAYS[d.getUTCDay()]} ${R39B_MONTHS[d.getUTCMonth()]} ${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000 ${d.getUTCFullYear()}`;
}
/** Start (00:00:00.000Z) of the UTC day holding ms. */
function r39bUtcDayStart(ms) {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}
// ---- round-40 (a) helpers
/** A two-hop ref (via names the intermediate node: market or asset). */
function r40aTwoHop(ref) { return typeof ref.via === 'string' && ref.via !== 'direct'; }
/** The latest feed's hours query value as an integer 1..6, undefined when absent or not one. */
function r40aHours(v) {
  if (v === null || v === undefined || !/^\d+$/.test(String(v).trim())) return undefined;
  const n = Number(String(v).trim());
  return n >= 1 && n <= 6 ? n : undefined;
}
/** Two generation bodies naming the same venue market. */
function r40aSameBody(a, b) {
  return !!a && !!b && a.kind === b.kind && a.venue === b.venue && String(a.market_id) === String(b.market_id);
}

// ---- round-40 (b) helpers
/** The page size in which the social search of round 40 (b) asks its provider (the route's default limit). */
const R40B_XSEARCH_PAGE = 15;
/** A GET through a proxy-owned API-key account (recreated after a reset), so the caller is not billed for it. */
async function r40bOwnGet(ctx, url) {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!ctx.state.r40bKey) {
      const c = await ctx.control('POST', '/__control/accounts', { credits: 1000000 });
      if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return null;
      ctx.state.r40bKey = c.json.apiKey;
    }
    let r;
    try {
      r = await ctx.upstream({ method: 'GET', url, headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r40bKey } });
    } catch { return null; }
    if (r.status === 401 || r.status === 403) { ctx.state.r40bKey = null; continue; }
    return r.status === 200 ? r.json : null;
  }
  return null;
}

// ---- round-41 (a) helpers
/** Whether a string list holds v (already lower case), compared case-insensitively. */
function r41aHas(list, v) { return Array.isArray(list) && list.some((x) => typeof x === 'string' && x.trim().toLowerCase() === v); }
/** A GET through a proxy-owned API-key account (recreated after a reset), so the caller is not billed for it. */
async function r41aOwnGet(ctx, url) {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!ctx.state.r41aKey) {
      const c = await ctx.control('POST', '/__control/accounts', { credits: 1000000 });
      if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return null;
      ctx.state.r41aKey = c.json.apiKey;
    }
    let r;
    try {
      r = await ctx.upstream({ method: 'GET', url, headers: { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r41aKey } });
    } catch { return null; }
    if (r.status === 401 || r.status === 403) { ctx.state.r41aKey = null; continue; }
    return r.status === 200 ? r.json : null;
  }
  return null;
}

// ---- round-41 (b) helpers
/** Hours of the catalog eligibility view of round 41 (b): the market list's default window. */
const R41B_ELIGIBILITY_HOURS = 48;
/** Lifetime of a stored profile in round 41 (b)'s profile store (the social search cache's 7 days). */
const R41B_PROFILE_TTL_MS = 7 * 86400000;
/** YYYY-MM-DD of the UTC day holding ms. */
function r41bUtcDate(ms) { return new Date(ms).toISOString().slice(0, 10); }
/** A lower-case slug-shaped reference holding a digit and a letter (not a UUID): what round 41 (b)'s key pattern refuses. */
function r41bDigitKeyShape(r) {
  const s = String(r);
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(s)) return false;
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s) && /[0-9]/.test(s) && /[a-z]/.test(s);
}
/** Lookback values next to n (within 14..365) used to reach a profile the store does not hold yet. */
function r41bLookbackVariants(n) {
  const out = [];
  for (let d = 1; d <= 4; d++) {
    if (n - d >= 14) out.push(n - d);
    if (n + d <= 365) out.push(n + d);
  }
  return out;
}
/** A call through a proxy-owned API-key account (recreated after a reset), so the caller is not billed for it. */
async function r41bOwnCall(ctx, method, url, body) {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!ctx.state.r41bKey) {
      const c = await ctx.control('POST', '/__control/accounts', { credits: 10000000 });
      if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return null;
      ctx.state.r41bKey = c.json.apiKey;
    }
    const headers = { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r41bKey };
    let buf;
    if (body !== undefined) { buf = Buffer.from(JSON.stringify(body)); headers['content-type'] = 'application/json'; }
    let r;
    try { r = await ctx.upstream({ method, url, headers, body: buf }); } catch { return null; }
    if (r.status === 401 || r.status === 403) { ctx.state.r41bKey = null; continue; }
    return r.status === 200 ? r.json : null;
  }
  return null;
}
/** Asset keys and identifier values (and keys) of the Asset directory, read through the proxy's account, kept 60 s. */
async function r41bDirectory(ctx) {
  const now = Date.now();
  if (ctx.state.r41bDir && now - ctx.state.r41bDir.at < 60000) return ctx.state.r41bDir;
  const d = await r41bOwnCall(ctx, 'GET', '/api/v1/assets');
  if (!d || !Array.isArray(d.assets)) return null;
  const keys = new Set();
  const values = new Set();
  for (const a of d.assets) {
    if (a && typeof a.assetKey === 'string') keys.add(a.assetKey);
    for (const i of (a && a.identifiers) || []) {
      if (!i) continue;
      values.add(String(i.value));
      values.add(`${i.platform}:${i.value}`);
      values.add(`${i.platform}:${i.kind}:${i.value}`);
    }
  }
  ctx.state.r41bDir = { at: now, keys, values };
  return ctx.state.r41bDir;
}

// ---- round-45 (a) helpers
/** Watermark of the forecast-change index of round 45 (a): publications younger than this do not qualify for changed_within yet. */
const R45A_CHANGE_WATERMARK_MS = 3 * 60 * 1000;
/** An AssetIdentifier key of the venue_a_perps platform (platform:value or platform:kind:value), which a venue-prefix test without the colon takes for a venue_a marketKey. */
function r45aPerpsKey(r) { return typeof r === "string" && r.startsWith("venue_a_perps:"); }

// ---- round-45 (b) helpers
/** The venue keys of the contract's venue table. */
const R45B_VENUES = new Set(['venue_a', 'venue_a_us', 'venue_b', 'venue_c']);
/** The result-count ceiling of round 45 (b)'s social search validator (the contract says 30). */
const R45B_XSEARCH_MAX = 25;
/** The documented form of a wallet-link token. */
const R45B_LINK_TOKEN = /^svc_[A-Za-z0-9_-]{43}$/;

// ---- round-46 (a) helpers
/** The platform width of round 46 (a)'s asset-search validator (the contract says 1..80). */
const R46A_PLATFORM_WIDTH = 64;

// ------------------------------------------------------------------ round-46 (b) helpers
/** Digits without a leading zero: the shape of a venue_a / venue_a_us native market id, which round 46 (b)'s reference classifier sends to the linked-market lane alone. */
const R46B_NATIVE_ID_SHAPE = /^[1-9][0-9]*$/;
/** An exact venue_b range (bracket) child ticker: series-event-B<number>. */
const R46B_BRACKET_CHILD = /^[A-Z0-9]+(?:-[A-Z0-9]+)+-B\d+(?:\.\d+)?$/i;
/** Appended to a bracket child's ref so that the stub's own not-found answer (and its guard) serves the event-lane miss. */
const R46B_EVENT_LANE_MARK = 'EVT';
/** The Assets whose markets crude-wti AFFECTS in round 46 (b)'s graph. */
const R46B_AFFECTED_ASSETS = ['brent', 'natgas'];
function r46bReplaceAll(s, from, to) {
  if (!from) return s;
  const re = new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
  return s.replace(re, to);
}
/** Whether reference r names identifier i by value (exact) or key form (platform:value, platform:kind:value; platform case-insensitive). */
function r46bIdentifierMatches(r, i) {
  const v = String(i.value);
  if (r === v) return true;
  const p = String(i.platform).toLowerCase();
  const low = r.toLowerCase();
  return (low.startsWith(`${p}:`) && (r.slice(p.length + 1) === v || r.slice(p.length + 1) === `${i.kind}:${v}`));
}
/** A GET through the proxy's own service account (created through the control plane), so the caller's ledger and limits are untouched. */
async function r46bOwnCall(ctx, url) {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!ctx.state.r46bKey) {
      const c = await ctx.control('POST', '/__control/accounts', { credits: 10000000 });
      if (!c || c.status !== 201 || !c.json || !c.json.apiKey) return null;
      ctx.state.r46bKey = c.json.apiKey;
    }
    const headers = { host: ctx.headers.host || '127.0.0.1', accept: 'application/json', 'x-service-api-key': ctx.state.r46bKey };
    let r;
    try { r = await ctx.upstream({ method: 'GET', url, headers }); } catch { return null; }
    if (r.status === 401 || r.status === 403) { ctx.state.r46bKey = null; continue; }
    return r.status === 200 ? r.json : null;
  }
  return null;
}
