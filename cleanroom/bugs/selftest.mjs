// Self-test of the bug registry: node selftest.mjs [name...]
//
// Starts the proxy once as a pass-through and once per bug (each with its own stub), runs the bug's check against
// both, and asserts that the rule holds on the pass-through and is broken through the bug. One line per bug, then a
// total; exit code 1 on any failure. Env: STUB_ROOT (default ../.. of this file), as for proxy.mjs.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { bugs } from './bugs.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const STUB_ROOT = process.env.STUB_ROOT || resolve(HERE, '../..');
const TOKEN = 'selftest-control-token';
const SITE = 'https://site.example';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------ proxy processes
const children = new Set();
function startProxy(bug) {
  const env = {
    PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', HOST: '127.0.0.1', BUG: bug || '',
    STUB_ROOT, STUB_API_KEYS: 'k1,k2', CONTROL_TOKEN: TOKEN, SITE_URL: SITE,
  };
  const child = spawn(process.execPath, [join(HERE, 'proxy.mjs')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let errText = '';
  child.stderr.on('data', (c) => { errText = (errText + c.toString()).slice(-4000); });
  const ready = new Promise((res, rej) => {
    let out = '';
    const timer = setTimeout(() => rej(new Error(`proxy ${bug || '(pass)'} did not start in 40 s\n${errText}`)), 40_000);
    child.stdout.on('data', (c) => {
      out += c.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) { clearTimeout(timer); res(m[1]); }
    });
    child.on('exit', (code) => { clearTimeout(timer); rej(new Error(`proxy ${bug || '(pass)'} exited ${code}\n${errText}`)); });
  });
  const stop = () => new Promise((res) => {
    if (child.exitCode !== null || child.signalCode !== null) { children.delete(child); res(); return; }
    const t = setTimeout(() => { try { child.kill('SIGKILL'); } catch { /* gone */ } }, 5000);
    child.once('exit', () => { clearTimeout(t); children.delete(child); res(); });
    child.kill('SIGTERM');
  });
  return { ready, stop, errText: () => errText };
}
function killAll() { for (const c of children) { try { c.kill('SIGTERM'); } catch { /* gone */ } } }
process.on('exit', killAll);
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => { killAll(); process.exit(130); });

// ------------------------------------------------------------------ client
class Api {
  constructor(base) { this.base = base; }
  async req(method, path, { key, headers = {}, body, scope } = {}) {
    const h = { ...headers };
    if (key) h['x-service-api-key'] = key;
    if (scope) h['x-fault-scope'] = scope;
    let payload;
    if (body !== undefined) { h['content-type'] = 'application/json'; payload = typeof body === 'string' ? body : JSON.stringify(body); }
    const r = await fetch(this.base + path, { method, headers: h, body: payload });
    const text = await r.text();
    let json;
    try { json = JSON.parse(text); } catch { json = undefined; }
    const hs = {};
    r.headers.forEach((v, k) => { hs[k] = v; });
    return { status: r.status, headers: hs, json, text };
  }
  get(path, o) { return this.req('GET', path, o); }
  post(path, body, o = {}) { return this.req('POST', path, { ...o, body }); }
  control(method, path, body) {
    return this.req(method, path, { headers: { authorization: `Bearer ${TOKEN}` }, body });
  }
  async newAccount(credits = 100000) {
    const r = await this.control('POST', '/__control/accounts', { credits });
    must(r.status === 201, `account creation answered ${r.status}`);
    return { id: r.json.accountId, key: r.json.apiKey };
  }
  async credits(acct) {
    const r = await this.control('GET', `/__control/accounts/${acct.id}`);
    must(r.status === 200, `account read answered ${r.status}`);
    return r.json.credits;
  }
  async now() { const r = await this.control('GET', '/__control/clock'); return Date.parse(r.json.now); }
  async reset() { await this.control('POST', '/__control/reset'); }
  async fill(scope, window, count, acct) {
    const r = await this.control('POST', '/__control/limits/usage', { scope, window, count, accountId: acct.id });
    must(r.status === 200, `usage preload answered ${r.status}`);
  }
  async fault(f) {
    const r = await this.control('POST', '/__control/faults', f);
    must(r.status === 200 || r.status === 201, `fault answered ${r.status}`);
  }
  /** Balance change (credits spent) around fn. */
  async spent(acct, fn) {
    const before = await this.credits(acct);
    const out = await fn();
    const after = await this.credits(acct);
    return { spent: before - after, out };
  }
}
function must(cond, msg) { if (!cond) throw new Error(`precondition: ${msg}`); }
const enc = encodeURIComponent;
const KEYS4 = 'venue_a:520224,venue_b:KXCPIYOY-26MAR-T2.8,venue_c:c-0a6ce36144,venue_a_us:78782773';
const newJob = async (api, acct) => {
  const r = await api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_a', market_id: '1000503' },
    { key: acct.key, headers: { 'idempotency-key': randomUUID() } });
  must(r.status === 202 || r.status === 200 || r.status === 201, `job creation answered ${r.status} ${r.text.slice(0, 120)}`);
  return r.json.jobId;
};
const v = (violated, detail) => ({ violated: !!violated, detail });

// ------------------------------------------------------------------ one check per bug: {violated} must be false on the pass-through, true through the bug
const checks = {
  async mispriced_429_no_retry_after(api) {
    const a = await api.newAccount();
    await api.fill('standard', 'minute', 600, a);
    const r = await api.get('/api/v1/markets/mispriced', { key: a.key });
    must(r.status === 429, `expected 429, got ${r.status}`);
    return v(!r.headers['retry-after'], `retry-after=${r.headers['retry-after']}`);
  },
  async job_status_view_billed(api) {
    const a = await api.newAccount(5000);
    const id = await newJob(api, a);
    const { spent, out } = await api.spent(a, () => api.get(`/api/auth/forecast-requests/${id}?view=status`, { key: a.key }));
    must(out.status === 200, `job read ${out.status}`);
    return v(spent !== 0, `spent ${spent}`);
  },
  async portfolio_422_no_message(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/portfolio?wallet=0x12', { key: a.key });
    must(r.status === 422, `expected 422, got ${r.status}`);
    return v(typeof r.json.message !== 'string', JSON.stringify(r.json));
  },
  async sources_asset_ref_direction(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/sources?market_keys=venue_a:520224&window=168', { key: a.key });
    must(r.status === 200, `sources ${r.status}`);
    const refs = r.json.sources.flatMap((s) => s.market.relationships.assets.filter((x) => x.via === 'direct'));
    must(refs.length > 0, 'no direct asset refs');
    const bad = refs.filter((x) => x.direction !== 'incoming');
    return v(bad.length > 0, `${bad.length}/${refs.length} direct asset refs not incoming`);
  },
  async signals_serviceurl_unencoded(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b', { key: a.key });
    must(r.status === 200, `signals ${r.status}`);
    const want = `${SITE}/markets/${enc(r.json.market.serviceMarketId)}`;
    return v(r.json.serviceUrl !== want, r.json.serviceUrl);
  },
  async latest_venueaurl_nonvenue_a(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/latest', { key: a.key });
    must(r.status === 200 && r.json.events.some((e) => e.market.venue !== 'venue_a'), 'latest has no non-venue_a events');
    const bad = r.json.events.filter((e) => e.market.venue !== 'venue_a' && e.market.venueAUrl !== null);
    return v(bad.length > 0, `${bad.length} non-venue_a events with venueAUrl`);
  },
  async perps_402_error_code(api) {
    const r = await api.get('/api/v1/signals/perps');
    must(r.status === 402 && r.headers['payment-required'], `expected 402 challenge, got ${r.status}`);
    return v(r.json.error !== 'payment_required', `error=${r.json.error}`);
  },
  async asset_linked_market_odds_last(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?reference=btc', { key: a.key });
    must(r.status === 200, `assets ${r.status}`);
    const lm = r.json.assets.flatMap((x) => x.linked_markets);
    must(lm.length > 0, 'no linked markets');
    const bad = lm.filter((m) => m.market_odds !== m.venue_quote.selected_probability);
    return v(bad.length > 0, `${bad.length}/${lm.length} market_odds != selected_probability`);
  },

  async sources_types_first_only(api) {
    const a = await api.newAccount();
    const r = await api.get(`/api/v1/sources?market_keys=${KEYS4}&window=168&types=x_post,article`, { key: a.key });
    must(r.status === 200, `sources ${r.status}`);
    const kinds = new Set(r.json.sources.map((s) => s.type));
    return v(!kinds.has('article') || !kinds.has('x_post'), `types seen: ${[...kinds]}`);
  },
  async latest_types_article_only_alone(api) {
    const a = await api.newAccount();
    const alone = await api.get('/api/v1/latest?types=article', { key: a.key });
    must(alone.status === 200 && alone.json.events.length > 0, 'no article events at all');
    const r = await api.get('/api/v1/latest?types=forecast,article', { key: a.key });
    const n = r.json.events.filter((e) => e.type === 'article').length;
    return v(n === 0, `${n} article events with types=forecast,article`);
  },
  async markets_sort_signal_count_ignored(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets?sort=signal_count_desc', { key: a.key });
    must(r.status === 200, `markets ${r.status}`);
    const s = r.json.markets.map((m) => m.signal_count);
    const bad = s.findIndex((x, i) => i > 0 && x > s[i - 1]);
    return v(bad !== -1, bad === -1 ? 'ordered' : `out of order at ${bad}`);
  },
  async assets_reference_first_only(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?reference=btc&reference=aapl', { key: a.key });
    must(r.status === 200, `assets ${r.status}`);
    const keys = r.json.assets.map((x) => x.assetKey).sort();
    return v(keys.join() !== 'aapl,btc', `assets: ${keys}`);
  },
  async signals_exclude_crash_risk_alias_ignored(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/signals?exclude_crash_risk=true', { key: a.key });
    must(r.status === 200, `signals ${r.status}`);
    const bad = r.json.signals.filter((s) => s.drawdown_risk_elevated !== false);
    return v(bad.length > 0, `${bad.length} rows with elevated or unknown drawdown risk`);
  },
  async job_view_status_expands(api) {
    try {
      const a = await api.newAccount(5000);
      const id = await newJob(api, a);
      await api.control('POST', '/__control/clock', { advanceSeconds: 700 });
      const r = await api.get(`/api/auth/forecast-requests/${id}?view=status`, { key: a.key });
      must(r.status === 200 && r.json.status === 'succeeded', `job ${r.status} ${r.json && r.json.status}`);
      return v(r.json.forecasts.length > 0, `forecasts: ${r.json.forecasts.length}`);
    } finally { await api.reset(); }
  },
  async profile_focus_reasoning_refused(api) {
    const a = await api.newAccount();
    const r = await api.post('/api/v1/x/profile', { handle: 'policy_pat', focus: 'reasoning' }, { key: a.key });
    return v(r.status === 422, `status ${r.status}`);
  },

  async targets_event_market_url_misread(api) {
    const ref = 'https://venue-a.example/event/fed-decision-in-april-2026/will-the-fed-decrease-interest-rates-by-50-bps-after-the-april-2026-fomc-meeting';
    const r = await api.get(`/api/public/forecast-targets?ref=${enc(ref)}`);
    must(r.status === 200, `targets ${r.status}`);
    return v(r.json.targetType !== 'market' || !r.json.generation || !r.json.selectedMarket, `targetType ${r.json.targetType}`);
  },
  async availability_market_id_venue_c_misread(api) {
    const r = await api.get('/api/public/forecast-availability?market_id=c-0a6ce36144&venue=venue_c');
    must(r.status === 200, `availability ${r.status}`);
    return v(!r.json.tracked || !r.json.market || r.json.market.marketKey !== 'venue_c:c-0a6ce36144', `tracked ${r.json.tracked}`);
  },
  async signals_venue_c_ignored(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/will-eur-usd-trade-above-125-in-2026/signals?venue=venue_c', { key: a.key });
    return v(r.status !== 200 || r.json.market.venue !== 'venue_c', `status ${r.status} venue ${r.json && r.json.market && r.json.market.venue}`);
  },
  async sources_venue_a_us_keys_misparsed(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/sources?market_keys=venue_a_us:78782773&window=168', { key: a.key });
    must(r.status === 200, `sources ${r.status}`);
    return v(r.json.sources.length === 0, `${r.json.sources.length} sources`);
  },
  async assets_reference_venue_b_ticker_unmatched(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?reference=KXCPIYOY-26MAR-T2.8', { key: a.key });
    must(r.status === 200, `assets ${r.status}`);
    return v(!r.json.assets.some((x) => x.assetKey === 'us-cpi'), `assets: ${r.json.assets.map((x) => x.assetKey)}`);
  },
  async forecast_slug_dot_suffix_stripped(api) {
    const av = await api.get('/api/public/forecast-availability?market_key=venue_b:KXCPIYOY-26MAR-T3.2');
    must(av.status === 200 && av.json.read, 'availability gives no read pointer');
    const a = await api.newAccount();
    const r = await api.get(av.json.read.endpoint, { key: a.key });
    return v(r.status !== 200, `${av.json.read.endpoint} -> ${r.status}`);
  },

  async pricing_latest_price(api) {
    const r = await api.get('/api/public/pricing');
    const row = r.json.routes.find((x) => x.path === '/api/v1/latest');
    return v(Number(row.usd) !== 0.02 || row.credits !== 20, `usd ${row.usd} credits ${row.credits}`);
  },
  async xsearch_debit_50_credits(api) {
    const a = await api.newAccount(5000);
    const { spent, out } = await api.spent(a, () => api.post('/api/v1/x/search', { query: 'fed' }, { key: a.key }));
    must(out.status === 200, `x/search ${out.status}`);
    return v(spent !== 500, `spent ${spent}`);
  },
  async compat_openapi_latest_hours_max(api) {
    const r = await api.get('/api/v1/openapi.json');
    const p = r.json.paths['/api/v1/latest'].get.parameters.find((x) => x.name === 'hours');
    return v(p.schema.maximum !== 6, `maximum ${p.schema.maximum}`);
  },
  async targets_venue_a_child_cost(api) {
    const r = await api.get('/api/public/forecast-targets?ref=venue_a:1000503');
    must(r.status === 200 && r.json.venue === 'venue_a', `targets ${r.status}`);
    const bad = r.json.markets.filter((m) => Number(m.generation.costUsd) !== 1);
    return v(bad.length > 0, `${bad.length} children not at 1.00 (${bad[0] && bad[0].generation.costUsd})`);
  },
  async asset_summary_threshold_int(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?q=apple', { key: a.key });
    must(r.status === 200 && r.json.assets.length > 0, `assets ${r.status}`);
    const t = r.json.assets[0].market_summary.mispricing_threshold_pp;
    return v(t !== 7.5, `threshold ${t}`);
  },
  async xsearch_default_limit_30(api) {
    const a = await api.newAccount(5000);
    const r = await api.post('/api/v1/x/search', { query: 'bitcoin' }, { key: a.key });
    must(r.status === 200, `x/search ${r.status}`);
    return v(r.json.results.length > 15, `${r.json.results.length} results`);
  },
  async x_research_policy_quota(api) {
    const a = await api.newAccount(5000);
    await api.fill('x_research', 'day', 500, a);
    const r = await api.post('/api/v1/x/search', { query: 'fed' }, { key: a.key });
    must(r.status === 429, `expected 429, got ${r.status}`);
    const m = /"x_research-second";q=(\d+)/.exec(r.headers['ratelimit-policy'] || '');
    must(m, `no x_research-second policy in ${r.headers['ratelimit-policy']}`);
    return v(Number(m[1]) !== 5, `policy ${r.headers['ratelimit-policy']}`);
  },

  async latest_default_window_4h(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/latest', { key: a.key });
    must(r.status === 200, `latest ${r.status}`);
    const since = Date.parse(r.json.window.since);
    const old = r.json.events.filter((e) => Date.parse(e.occurred_at) < since);
    return v(old.length > 0 || r.json.window.hours !== 3, `${old.length} events before since (hours ${r.json.window.hours})`);
  },
  async sources_window_168_refused(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/sources?market_keys=venue_a:520224&window=168', { key: a.key });
    return v(r.status !== 200, `status ${r.status}`);
  },
  async markets_changed_within_off_by_one(api) {
    const a = await api.newAccount();
    const now = await api.now();
    const r = await api.get('/api/v1/markets?changed_within=1', { key: a.key });
    must(r.status === 200, `markets ${r.status}`);
    const old = r.json.markets.filter((m) => m.latest_forecast_at && Date.parse(m.latest_forecast_at) < now - 3600_000);
    return v(old.length > 0, `${old.length} rows with a latest forecast older than 1 h`);
  },
  async markets_search_as_of_start_of_day(api) {
    const a = await api.newAccount();
    const day = new Date((await api.now()) - 86400_000).toISOString().slice(0, 10);
    const r = await api.get(`/api/v1/markets/search?q=bitcoin&as_of=${day}`, { key: a.key });
    must(r.status === 200, `search ${r.status}`);
    const n = r.json.markets.filter((m) => m.forecast_at && m.forecast_at.slice(0, 10) === day).length;
    return v(n === 0, `${n} rows with a forecast made on ${day}`);
  },
  async oil_spacing_half_second(api) {
    const a = await api.newAccount();
    await sleep(1200);
    const t0 = Date.now();
    const r1 = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key });
    must(r1.status === 200, `first oil call ${r1.status}`);
    await sleep(Math.max(0, t0 + 650 - Date.now()));
    const r2 = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key });
    const gap = Date.now() - t0;
    await sleep(1100);
    return v(r2.status !== 429, `second start ~650 ms later -> ${r2.status} (answered at +${gap} ms)`);
  },
  async profile_lookback_14_refused(api) {
    const a = await api.newAccount();
    const r = await api.post('/api/v1/x/profile', { handle: 'policy_pat', lookback_days: 14 }, { key: a.key });
    return v(r.status === 422, `status ${r.status}`);
  },

  async signals_404_known_market_billed(api) {
    const a = await api.newAccount(1000);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/markets/will-russia-and-ukraine-sign-a-ceasefire-agreement-in-2026/signals', { key: a.key }));
    must(out.status === 404, `expected 404, got ${out.status}`);
    return v(spent !== 0, `spent ${spent}`);
  },
  async profile_insufficient_history_billed(api) {
    const a = await api.newAccount(5000);
    const { spent, out } = await api.spent(a, () => api.post('/api/v1/x/profile', { handle: 'nobody', lookback_days: 14 }, { key: a.key }));
    must(out.status === 404 && out.json.error === 'insufficient_post_history', `expected 404, got ${out.status}`);
    return v(spent !== 0, `spent ${spent}`);
  },
  async x_research_429_billed(api) {
    const a = await api.newAccount(5000);
    await api.fill('x_research', 'day', 500, a);
    const { spent, out } = await api.spent(a, () => api.post('/api/v1/x/search', { query: 'fed' }, { key: a.key }));
    must(out.status === 429, `expected 429, got ${out.status}`);
    return v(spent !== 0, `spent ${spent}`);
  },
  async forecast_404_no_stored_billed(api) {
    const a = await api.newAccount(1000);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/markets/will-us-unemployment-reach-5-in-2026/forecast', { key: a.key }));
    must(out.status === 404, `expected 404, got ${out.status}`);
    return v(spent !== 0, `spent ${spent}`);
  },
  async markets_search_504_billed(api) {
    const a = await api.newAccount(1000);
    const scope = `st-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/markets/search', status: 504, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/markets/search?q=fed', { key: a.key, scope }));
    must(out.status === 504, `expected 504, got ${out.status}`);
    return v(spent !== 0, `spent ${spent}`);
  },
  async portfolio_502_billed(api) {
    const a = await api.newAccount(1000);
    const scope = `st-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/portfolio', status: 502, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/portfolio?wallet=0x1111111111111111111111111111111111111111', { key: a.key, scope }));
    must(out.status === 502, `expected 502, got ${out.status}`);
    return v(spent !== 0, `spent ${spent}`);
  },

  async availability_mentions_generation(api) {
    const r = await api.get('/api/public/forecast-availability?market_key=venue_b:KXPOWELLMENTION-26JAN28-TARIFF');
    must(r.status === 200 && r.json.excluded, 'not excluded');
    return v(r.json.generation !== null, `generation ${JSON.stringify(r.json.generation)}`);
  },
  async availability_venue_b_targetresolution_absent(api) {
    const r = await api.get('/api/public/forecast-availability?market_key=venue_b:KXCPIYOY-26MAR-T2.8');
    must(r.status === 200 && r.json.tracked, 'not tracked');
    return v(!('targetResolution' in r.json), `keys: ${Object.keys(r.json)}`);
  },
  async job_foreign_404_differs(api) {
    const a = await api.newAccount(5000);
    const b = await api.newAccount(5000);
    const id = await newJob(api, a);
    const foreign = await api.get(`/api/auth/forecast-requests/${id}`, { key: b.key });
    const unknown = await api.get(`/api/auth/forecast-requests/${randomUUID()}`, { key: b.key });
    must(foreign.status === 404 && unknown.status === 404, `statuses ${foreign.status} ${unknown.status}`);
    return v(foreign.text !== unknown.text, `${foreign.text} vs ${unknown.text}`);
  },
  async targets_404_ticker_uppercased(api) {
    const r = await api.get('/api/public/forecast-targets?ref=nothing-here');
    must(r.status === 404, `expected 404, got ${r.status}`);
    return v(r.json.ticker !== 'nothing-here', `ticker ${r.json.ticker}`);
  },
  async assets_material_only_drops_markets(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?material_only=true', { key: a.key });
    must(r.status === 200, `assets ${r.status}`);
    const nonMaterial = r.json.assets.flatMap((x) => x.linked_markets).filter((m) => m.market_odds === null && m.latest_service_probability === null);
    return v(nonMaterial.length === 0, `${nonMaterial.length} non-material linked markets kept`);
  },
  async profile_evidence_capped_20(api) {
    const a = await api.newAccount();
    const r = await api.post('/api/v1/x/profile', { handle: 'policy_pat' }, { key: a.key });
    must(r.status === 200, `profile ${r.status}`);
    const p = r.json;
    const cited = new Set();
    const add = (o) => { if (o && Array.isArray(o.post_ids)) o.post_ids.forEach((x) => cited.add(x)); };
    [...p.interests, ...p.beliefs, ...p.tendencies, ...p.observations].forEach(add);
    add(p.risk_profile); add(p.information_processing);
    const have = new Set(p.evidence.map((e) => e.post_id));
    const missing = [...cited].filter((x) => !have.has(x));
    return v(missing.length > 0, `${missing.length} cited post_ids missing from evidence`);
  },
  async oil_stale_reading_missing_true(api) {
    const scope = `st-${randomUUID()}`;
    await api.control('POST', '/__control/oil', { scope, reading: 'stale' });
    const a = await api.newAccount();
    await sleep(1200);
    const r = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key, scope });
    await sleep(1100);
    must(r.status === 200 && r.json.reading && r.json.reading.is_current === false, `oil ${r.status}`);
    return v(r.json.reading_missing !== false, `reading_missing ${r.json.reading_missing}`);
  },
  async forecast_history_crash_alias_missing(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/will-russia-and-ukraine-sign-a-ceasefire-agreement-in-2026/forecast', { key: a.key });
    must(r.status === 200 && r.json.history.length > 0, `forecast ${r.status}`);
    const bad = r.json.history.filter((h) => !h.crash_risk);
    return v(bad.length > 0, `${bad.length} history entries without crash_risk`);
  },
  async assets_platform_case_sensitive(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?q=*&platform=SEC', { key: a.key });
    must(r.status === 200, `assets ${r.status}`);
    return v(r.json.assets.length === 0, `${r.json.assets.length} assets`);
  },
  async sources_articles_before_posts(api) {
    const a = await api.newAccount();
    const r = await api.get(`/api/v1/sources?market_keys=${KEYS4}&window=168`, { key: a.key });
    must(r.status === 200, `sources ${r.status}`);
    const t = r.json.sources.map((s) => Date.parse(s.published_at));
    const bad = t.findIndex((x, i) => i > 0 && x > t[i - 1]);
    return v(bad !== -1, bad === -1 ? 'newest first' : `out of order at ${bad}`);
  },
  async markets_topic_tag_case_sensitive(api) {
    const a = await api.newAccount();
    const lower = await api.get('/api/v1/markets?topic=cpi', { key: a.key });
    must(lower.status === 200 && lower.json.markets.length > 0, 'topic=cpi is empty');
    const r = await api.get('/api/v1/markets?topic=CPI', { key: a.key });
    return v(r.json.markets.length !== lower.json.markets.length, `CPI ${r.json.markets.length} vs cpi ${lower.json.markets.length}`);
  },
  async forecast_truncated_flag_false(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/will-the-fed-increase-interest-rates-by-25-bps-after-the-january-2026-fomc-meeting/forecast', { key: a.key });
    must(r.status === 200, `forecast ${r.status}`);
    const rel = r.json.market.relationships;
    must(rel.markets.length === 50, `markets refs ${rel.markets.length}`);
    return v(rel.truncated.markets !== true, `truncated.markets ${rel.truncated.markets}`);
  },
  async assets_directory_drops_tickerless(api) {
    const a = await api.newAccount();
    const dir = await api.get('/api/v1/assets', { key: a.key });
    const all = await api.get('/api/v1/assets/search?q=*', { key: a.key });
    must(dir.status === 200 && all.status === 200, `statuses ${dir.status} ${all.status}`);
    const have = new Set(dir.json.assets.map((x) => x.assetKey));
    const missing = all.json.assets.filter((x) => !have.has(x.assetKey)).map((x) => x.assetKey);
    return v(missing.length > 0, `${missing.length} assets missing from the directory (${missing.slice(0, 3)})`);
  },
  async profile_handle_at_15_refused(api) {
    const a = await api.newAccount();
    const r = await api.post('/api/v1/x/profile', { handle: '@abcdefghijklmno' }, { key: a.key });
    return v(r.status === 422, `status ${r.status}`);
  },

  // ------------------------------------------------------------------ round 2
  async stance_403_payment_required_code(api) {
    const a = await api.newAccount(5);
    const r = await api.get('/api/v1/assets/stance?asset=btc', { key: a.key });
    must(r.status === 403, `expected 403, got ${r.status}`);
    return v(r.json.error !== 'insufficient_credits', `error=${r.json.error}`);
  },
  async search_snapshot_freshness_verified(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/search?q=bitcoin', { key: a.key });
    must(r.status === 200, `search ${r.status}`);
    const snap = r.json.markets.filter((m) => m.venue === 'venue_a_us' || m.venue === 'venue_c');
    must(snap.length > 0, 'no venue_a_us / venue_c rows');
    const bad = snap.filter((m) => m.venue_quote.quote_method !== 'graph_snapshot' || m.venue_quote.freshness !== 'stale');
    return v(bad.length > 0, `${bad.length}/${snap.length} snapshot quotes not stale (${bad[0] && bad[0].venue_quote.freshness})`);
  },
  async mispriced_topic_broker_a_ignored(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/mispriced?topic=broker_a', { key: a.key });
    must(r.status === 200 && r.json.markets.length > 0, `mispriced ${r.status}`);
    const bad = r.json.markets.filter((m) => !(m.broker_channels || []).includes('broker_a'));
    return v(bad.length > 0, `${bad.length}/${r.json.markets.length} rows not broker-listed`);
  },
  async signals_exclude_drawdown_active_only(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/signals?exclude_drawdown_risk=true', { key: a.key });
    must(r.status === 200, `signals ${r.status}`);
    const bad = r.json.signals.filter((s) => s.drawdown_risk_elevated === true);
    return v(bad.length > 0, `${bad.length} rows with drawdown_risk_elevated true (${[...new Set(bad.map((s) => s.status))]})`);
  },
  async targets_bare_numeric_ref_as_venue_a(api) {
    const r = await api.get('/api/public/forecast-targets?ref=1000503');
    must(r.status === 200 || r.status === 404, `targets ${r.status}`);
    return v(r.status === 200 && r.json.venue !== 'venue_b', `status ${r.status} venue ${r.json && r.json.venue}`);
  },
  async assets_q_identifier_zeros_stripped(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?q=0000320193', { key: a.key });
    must(r.status === 200, `assets ${r.status}`);
    return v(!r.json.assets.some((x) => x.assetKey === 'aapl'), `assets: ${r.json.assets.map((x) => x.assetKey)} (query ${r.json.query})`);
  },
  async assets_directory_debit_10(api) {
    const a = await api.newAccount(1000);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/assets', { key: a.key }));
    must(out.status === 200, `assets ${out.status}`);
    return v(spent !== 5, `spent ${spent}`);
  },
  async markets_default_forecast_age_24(api) {
    const a = await api.newAccount();
    const now = await api.now();
    const def = await api.get('/api/v1/markets', { key: a.key });
    const exp = await api.get('/api/v1/markets?max_forecast_age=48', { key: a.key });
    must(def.status === 200 && exp.status === 200, `statuses ${def.status} ${exp.status}`);
    const byKey = new Map(def.json.markets.map((m) => [m.marketKey, m]));
    const mid = exp.json.markets.filter((m) => m.latest_forecast_at && now - Date.parse(m.latest_forecast_at) > 25 * 3600_000
      && now - Date.parse(m.latest_forecast_at) < 47 * 3600_000);
    must(mid.length > 0, 'no market with a latest forecast 25-47 h old');
    const bad = mid.filter((m) => !byKey.has(m.marketKey) || byKey.get(m.marketKey).latest_forecast_at !== m.latest_forecast_at);
    return v(bad.length > 0, `${bad.length}/${mid.length} markets with a 25-47 h old forecast differ from max_forecast_age=48`);
  },
  async generation_daily_crypto_excluded(api) {
    const a = await api.newAccount(5000);
    const r = await api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_c', market_id: 'c-c6152ae925' },
      { key: a.key, headers: { 'idempotency-key': randomUUID() } });
    must([200, 201, 202, 422].includes(r.status), `generation ${r.status} ${r.text.slice(0, 120)}`);
    return v(r.status === 422 && r.json.error === 'forecast_topic_excluded', `status ${r.status} ${r.json && (r.json.error || r.json.status)}: ${r.json && r.json.message || ''}`);
  },
  async standard_day_resets_0100_utc(api) {
    try {
      const a = await api.newAccount();
      await api.fill('standard', 'day', 20000, a);
      const r1 = await api.get('/api/v1/assets', { key: a.key });
      must(r1.status === 429, `expected 429 before midnight, got ${r1.status}`);
      const now = await api.now();
      const midnight = Math.floor(now / 86400_000) * 86400_000 + 86400_000;
      await api.control('POST', '/__control/clock', { advanceSeconds: Math.ceil((midnight - now) / 1000) + 30 });
      const r2 = await api.get('/api/v1/assets', { key: a.key });
      return v(r2.status === 429, `30 s after UTC midnight -> ${r2.status} (retry-after ${r2.headers['retry-after']})`);
    } finally { await api.reset(); }
  },
  async generation_404_billed(api) {
    const a = await api.newAccount(5000);
    const { spent, out } = await api.spent(a, () => api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_b', market_id: 'NOPE-1' },
      { key: a.key, headers: { 'idempotency-key': randomUUID() } }));
    must(out.status === 404, `expected 404, got ${out.status}`);
    return v(spent !== 0, `spent ${spent}`);
  },
  async xsearch_502_billed(api) {
    const a = await api.newAccount(5000);
    const scope = `st-${randomUUID()}`;
    await api.fault({ method: 'POST', path: '/api/v1/x/search', status: 502, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.post('/api/v1/x/search', { query: 'fed' }, { key: a.key, scope }));
    must(out.status === 502, `expected 502, got ${out.status}`);
    return v(spent !== 0, `spent ${spent}`);
  },
  async oil_perp_venue_b_down_not_degraded(api) {
    const scope = `st-${randomUUID()}`;
    const c = await api.control('POST', '/__control/oil', { scope, reading: 'current', marksDown: ['perp_venue_b'] });
    must(c.status === 200 || c.status === 201, `oil control ${c.status}`);
    const a = await api.newAccount();
    await sleep(1200);
    const r = await api.get('/api/v1/signals/oil', { key: a.key, scope });
    await sleep(1100);
    must(r.status === 200 && r.json.marks && r.json.marks.perp_venue_b === null && r.json.marks.venue_a_perps, `oil ${r.status}`);
    return v(r.json.degraded !== true, `perp_venue_b null, degraded ${r.json.degraded}`);
  },
  async signals_last_updated_oldest(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b', { key: a.key });
    must(r.status === 200 && r.json.signals.length >= 2, `signals ${r.status}`);
    const newest = r.json.signals.reduce((x, y) => (Date.parse(y.published_at) > Date.parse(x.published_at) ? y : x));
    const lu = Date.parse(r.json.last_updated);
    return v(lu !== Date.parse(newest.published_at) && lu !== Date.parse(newest.correlated_at),
      `last_updated ${r.json.last_updated}, newest article ${newest.published_at}`);
  },

  // ------------------------------------------------------------------ round 3 (b)
  async sources_x_post_windowed_on_published(api) {
    const a = await api.newAccount();
    const lat = await api.get('/api/v1/latest?hours=6&types=x_post', { key: a.key });
    must(lat.status === 200, `latest ${lat.status}`);
    const since = Date.parse(lat.json.window.since);
    // x_posts sighted as relevant well inside the 6-hour window, by market
    const sighted = lat.json.events.filter((e) => e.type === 'x_post' && e.source && e.source.url && Date.parse(e.occurred_at) > since + 120_000);
    must(sighted.length > 0, 'no x_post events in the last 6 hours');
    const keys = [...new Set(sighted.map((e) => e.market.marketKey))];
    const listed = new Map();
    for (let i = 0; i < keys.length; i += 10) {
      const r = await api.get(`/api/v1/sources?market_keys=${keys.slice(i, i + 10).map(enc).join(',')}&window=6&types=x_post`, { key: a.key });
      must(r.status === 200, `sources ${r.status}`);
      for (const s of r.json.sources) listed.set(s.url, s);
    }
    const missing = sighted.filter((e) => !listed.has(e.source.url));
    const older = [...listed.values()].filter((s) => Date.parse(s.published_at) < since).length;
    return v(missing.length > 0, `${missing.length}/${sighted.length} x_posts sighted within 6 h missing from sources window=6 (${older} listed posts published before the window)`);
  },
  async latest_window_oldest_quarter_hour_dropped(api) {
    const a = await api.newAccount();
    const h3 = await api.get('/api/v1/latest?hours=3', { key: a.key });
    const h4 = await api.get('/api/v1/latest?hours=4', { key: a.key });
    must(h3.status === 200 && h4.status === 200, `statuses ${h3.status} ${h4.status}`);
    const since = Date.parse(h3.json.window.since);
    const asOf = Date.parse(h3.json.as_of);
    const id = (e) => `${e.type}|${e.id}|${e.occurred_at}`;
    const have = new Set(h3.json.events.map(id));
    const due = h4.json.events.filter((e) => Date.parse(e.occurred_at) >= since + 60_000 && Date.parse(e.occurred_at) <= asOf);
    must(due.length > 0, 'no events in the 3-hour window');
    const missing = due.filter((e) => !have.has(id(e)));
    return v(missing.length > 0, `${missing.length}/${due.length} in-window events missing from hours=3 (oldest missing ${missing.length ? missing[missing.length - 1].occurred_at : '-'}, since ${h3.json.window.since})`);
  },
  async profile_502_provider_down_billed(api) {
    const a = await api.newAccount(5000);
    const scope = `st-${randomUUID()}`;
    await api.fault({ method: 'POST', path: '/api/v1/x/profile', status: 502, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.post('/api/v1/x/profile', { handle: 'policy_pat' }, { key: a.key, scope }));
    must(out.status === 502, `expected 502, got ${out.status}`);
    return v(spent !== 0, `spent ${spent}`);
  },
  async oil_spacing_429_billed(api) {
    const a = await api.newAccount(1000);
    await sleep(1200);
    const r1 = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key });
    must(r1.status === 200, `first oil call ${r1.status}`);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/signals/oil?include_marks=false', { key: a.key }));
    await sleep(1100);
    must(out.status === 429, `expected 429 on the second start, got ${out.status}`);
    return v(spent !== 0, `429 (${out.json && out.json.limit_scope}) spent ${spent}`);
  },
  async search_venue_a_us_service_id_bare(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/search?q=bitcoin', { key: a.key });
    must(r.status === 200, `search ${r.status}`);
    const rows = r.json.markets.filter((m) => m.venue !== 'venue_a');
    must(rows.some((m) => m.venue === 'venue_a_us'), 'no venue_a_us rows');
    const bad = rows.filter((m) => !String(m.serviceMarketId).startsWith(`${m.venue}:`));
    return v(bad.length > 0, `${bad.length}/${rows.length} non-venue_a rows without a venue prefix (${bad[0] && `${bad[0].venue} ${bad[0].serviceMarketId}`})`);
  },
  async availability_venue_c_stored_generation_offered(api) {
    const r = await api.get('/api/public/forecast-availability?market_key=venue_c:c-0a6ce36144');
    must(r.status === 200 && r.json.available === true && r.json.read, 'no stored forecast');
    return v(r.json.generation !== null, `generation ${JSON.stringify(r.json.generation)}`);
  },
  async assets_references_echo_not_deduplicated(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?reference=btc&reference=btc&reference=aapl', { key: a.key });
    must(r.status === 200, `assets ${r.status}`);
    const refs = r.json.references;
    return v(new Set(refs).size !== refs.length, `references ${JSON.stringify(refs)}`);
  },
  // ------------------------------------------------------------------ round 3 (a)
  async targets_api_key_call_billed(api) {
    const a = await api.newAccount(1000);
    const { spent, out } = await api.spent(a, () => api.get('/api/public/forecast-targets?ref=venue_a:1000503', { key: a.key }));
    must(out.status === 200, `targets ${out.status}`);
    return v(spent !== 0, `spent ${spent}`);
  },
  async signals_invalid_key_402(api) {
    const r = await api.get('/api/v1/signals', { key: 'not-a-valid-key' });
    must([401, 402].includes(r.status), `signals with an invalid key ${r.status}`);
    return v(r.status !== 401 || r.json.error !== 'invalid_api_key', `status ${r.status} error ${r.json && r.json.error}`);
  },
  async sources_markets_last_slug_dropped(api) {
    const a = await api.newAccount();
    const s1 = 'will-the-fed-increase-interest-rates-by-25-bps-after-the-january-2026-fomc-meeting';
    const s2 = 'will-us-unemployment-reach-5-in-2026';
    const alone = await api.get(`/api/v1/sources?markets=${s2}&window=168`, { key: a.key });
    must(alone.status === 200 && alone.json.sources.length > 0, `${s2} alone: ${alone.status}`);
    const r = await api.get(`/api/v1/sources?markets=${s1},${s2}&window=168`, { key: a.key });
    must(r.status === 200, `sources ${r.status}`);
    const n2 = r.json.sources.filter((s) => s.market_slug === s2).length;
    const n1 = r.json.sources.filter((s) => s.market_slug === s1).length;
    return v(n2 === 0 || n1 === 0, `${s1}: ${n1} items, ${s2}: ${n2} items (alone ${alone.json.sources.length})`);
  },
  async assets_asset_type_dropped_with_platform(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?q=*&platform=fred&asset_type=commodity', { key: a.key });
    must(r.status === 200 && r.json.assets.length > 0, `assets ${r.status}`);
    const bad = r.json.assets.filter((x) => String(x.asset_type).toLowerCase() !== 'commodity');
    return v(bad.length > 0, `${r.json.assets.length} assets, ${bad.length} not commodity (${bad.slice(0, 3).map((x) => x.assetKey)})`);
  },
  async generation_decimal_ticker_refused(api) {
    const av = await api.get('/api/public/forecast-availability?market_key=venue_b:KXFED-26APR-T3.75');
    must(av.status === 200 && av.json.tracked && av.json.generation, 'availability offers no generation body');
    const a = await api.newAccount(5000);
    const r = await api.post('/api/auth/forecast-requests', av.json.generation.body, { key: a.key, headers: { 'idempotency-key': randomUUID() } });
    return v(![200, 201, 202].includes(r.status), `status ${r.status} ${r.text.slice(0, 120)}`);
  },
  async availability_condition_id_untracked(api) {
    const a = await api.newAccount();
    const l = await api.get('/api/v1/latest?hours=6', { key: a.key });
    must(l.status === 200, `latest ${l.status}`);
    const m = l.json.events.map((e) => e.market).find((x) => x.venue === 'venue_a' && /^0x[0-9a-f]{64}$/i.test(x.condition_id || ''));
    must(m, 'no venue_a market with a condition id in the latest feed');
    const r = await api.get(`/api/public/forecast-availability?slug=${m.condition_id}`);
    must(r.status === 200, `availability ${r.status}`);
    return v(!r.json.tracked || !r.json.market || r.json.market.marketKey !== m.marketKey, `${m.condition_id.slice(0, 10)}... -> tracked ${r.json.tracked} ${r.json.market && r.json.market.marketKey}`);
  },
  async assets_reference_cap_49(api) {
    const a = await api.newAccount();
    const refs = ['btc', 'aapl'];
    for (let i = refs.length; i < 50; i++) refs.push(`no-such-asset-${i}`);
    const r = await api.get(`/api/v1/assets/search?${refs.map((x) => `reference=${enc(x)}`).join('&')}`, { key: a.key });
    return v(r.status !== 200 || !r.json.assets.some((x) => x.assetKey === 'btc'), `50 references -> ${r.status} ${r.text.slice(0, 100)}`);
  },
  async sources_credit_check_10(api) {
    const a = await api.newAccount(5);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/sources?market_keys=venue_a:520224', { key: a.key }));
    return v(out.status !== 200 || spent !== 5, `status ${out.status} ${out.json && out.json.message || ''}, spent ${spent}`);
  },
  // ---------------------------------------------------------------- round 4 (b)
  async signals_evidence_cache_15min(api) {
    const a = await api.newAccount();
    const l = await api.get('/api/v1/latest?hours=6&types=article', { key: a.key });
    must(l.status === 200, `latest ${l.status}`);
    const seen = new Set();
    const cands = [];
    for (const e of l.json.events) {
      const m = e.market;
      if (!m || !m.slug || seen.has(m.marketKey)) continue;
      seen.add(m.marketKey);
      cands.push(e);
      if (cands.length >= 6) break;
    }
    must(cands.length > 0, 'no article events in the latest feed');
    const missing = [];
    for (const e of cands) {
      const r = await api.get(`/api/v1/markets/${enc(e.market.slug)}/signals?venue=${e.market.venue}`, { key: a.key });
      if (r.status !== 200 || !r.json.signals.some((s) => s.id === e.id)) missing.push(`${e.id}@${e.occurred_at} on ${e.market.marketKey} (${r.status})`);
    }
    return v(missing.length > 0, missing.length ? `missing: ${missing.slice(0, 2).join('; ')}` : `${cands.length} newest article events all listed`);
  },
  async x_research_minute_lockout_from_rejection(api) {
    try {
      const a = await api.newAccount();
      await api.fill('x_research', 'minute', 60, a);
      await api.control('POST', '/__control/clock', { advanceSeconds: 30 });
      const r1 = await api.post('/api/v1/x/search', { query: 'oil' }, { key: a.key });
      const ra = Number(r1.headers['retry-after']);
      must(r1.status === 429 && ra > 0 && ra <= 31, `first call ${r1.status} retry-after ${r1.headers['retry-after']}`);
      await api.control('POST', '/__control/clock', { advanceSeconds: ra + 1 });
      const r2 = await api.post('/api/v1/x/search', { query: 'oil' }, { key: a.key });
      return v(r2.status !== 200, `Retry-After ${ra} honoured, then ${r2.status} retry-after ${r2.headers['retry-after'] || '-'}`);
    } finally { await api.reset(); }
  },
  async stance_404_unknown_asset_billed(api) {
    const a = await api.newAccount();
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/assets/stance?asset=no-such-asset', { key: a.key }));
    must(out.status === 404, `stance ${out.status}`);
    return v(spent !== 0, `404 ${out.json && out.json.error}, spent ${spent}`);
  },
  async ip_guard_429_billed(api) {
    const a = await api.newAccount();
    try {
      const f = await api.control('POST', '/__control/limits/usage', { scope: 'ip_guard', window: 'minute', count: 1200 });
      must(f.status === 200, `ip_guard preload ${f.status}`);
      const { spent, out } = await api.spent(a, () => api.get('/api/v1/assets/search?q=btc', { key: a.key }));
      must(out.status === 429 && out.json && out.json.limit_scope === 'ip_guard', `expected ip_guard 429, got ${out.status} ${out.json && out.json.limit_scope}`);
      return v(spent !== 0, `429 ip_guard, spent ${spent}`);
    } finally {
      await api.control('POST', '/__control/limits/usage', { scope: 'ip_guard', window: 'minute', count: 0 });
    }
  },
  async availability_latest_forecast_probability(api) {
    const r = await api.get('/api/public/forecast-availability?market_key=venue_b:KXCPIYOY-26MAR-T2.4');
    must(r.status === 200 && r.json.available && r.json.latestForecast, `availability ${r.status} ${r.json && r.json.available}`);
    const extra = Object.keys(r.json.latestForecast).filter((k) => !['id', 'createdAt', 'relationships'].includes(k));
    return v(extra.length > 0, `latestForecast keys: ${Object.keys(r.json.latestForecast).join(',')}${extra.length ? ` (probability ${r.json.latestForecast.probability})` : ''}`);
  },
  async job_status_view_forecast_ids_empty(api) {
    try {
      const a = await api.newAccount(5000);
      const id = await newJob(api, a);
      await api.control('POST', '/__control/clock', { advanceSeconds: 700 });
      const s = await api.get(`/api/auth/forecast-requests/${id}?view=status`, { key: a.key });
      const r = await api.get(`/api/auth/forecast-requests/${id}`, { key: a.key });
      must(s.status === 200 && s.json.status === 'succeeded', `status view ${s.status} ${s.json && s.json.status}`);
      must(r.status === 200 && r.json.forecastIds.length > 0, `result view ${r.status} ids ${r.json && JSON.stringify(r.json.forecastIds)}`);
      return v(JSON.stringify(s.json.forecastIds) !== JSON.stringify(r.json.forecastIds), `status view ids ${JSON.stringify(s.json.forecastIds)}, result view ids ${JSON.stringify(r.json.forecastIds)}`);
    } finally { await api.reset(); }
  },
  async assets_search_identifier_values_lowercased(api) {
    const a = await api.newAccount();
    const d = await api.get('/api/v1/assets', { key: a.key });
    const s = await api.get('/api/v1/assets/search?reference=aapl', { key: a.key });
    must(d.status === 200 && s.status === 200, `directory ${d.status}, search ${s.status}`);
    const da = d.json.assets.find((x) => x.assetKey === 'aapl');
    const sa = s.json.assets.find((x) => x.assetKey === 'aapl');
    must(da && sa, 'aapl missing');
    const fmt = (x) => x.identifiers.map((i) => `${i.platform}|${i.kind}|${i.value}`).sort().join(', ');
    return v(fmt(da) !== fmt(sa), `search: ${fmt(sa)}; directory: ${fmt(da)}`);
  },
  // ------------------------------------------------------------------ round 4 (a)
  async forecast_unknown_slug_404_not_json(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/no-such-market-slug/forecast', { key: a.key });
    must(r.status === 404, `expected 404, got ${r.status}`);
    const ok = /json/i.test(r.headers['content-type'] || '') && r.json && typeof r.json.error === 'string' && typeof r.json.message === 'string';
    return v(!ok, `content-type ${r.headers['content-type']}, body ${r.text.slice(0, 60)}`);
  },
  async job_listing_broker_channels_empty(api) {
    const av = await api.get('/api/public/forecast-availability?market_key=venue_b:KXFED-26APR-T3.75');
    must(av.status === 200 && av.json.market && av.json.market.broker_channels.includes('broker_a'), 'market not broker-listed');
    const a = await api.newAccount(5000);
    const p = await api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_b', market_id: 'KXFED-26APR-T3.75' },
      { key: a.key, headers: { 'idempotency-key': randomUUID() } });
    must([200, 201, 202].includes(p.status), `job creation ${p.status}`);
    const r = await api.get(`/api/auth/forecast-requests/${p.json.jobId}`, { key: a.key });
    must(r.status === 200 && r.json.listing, `job read ${r.status}`);
    const l = r.json.listing;
    return v(JSON.stringify(l.broker_channels) !== JSON.stringify(av.json.market.broker_channels) || l.broker_a_category !== av.json.market.broker_a_category,
      `listing broker_channels ${JSON.stringify(l.broker_channels)} category ${l.broker_a_category} (availability ${JSON.stringify(av.json.market.broker_channels)})`);
  },
  async search_venue_a_prefix_match(api) {
    const a = await api.newAccount();
    const all = await api.get('/api/v1/markets/search?q=bitcoin', { key: a.key });
    must(all.status === 200 && all.json.markets.some((m) => m.venue === 'venue_a_us') && all.json.markets.some((m) => m.venue === 'venue_a'), 'no venue_a and venue_a_us rows for q=bitcoin');
    const r = await api.get('/api/v1/markets/search?q=bitcoin&venue=venue_a', { key: a.key });
    must(r.status === 200 && r.json.markets.length > 0, `search ${r.status}`);
    const bad = r.json.markets.filter((m) => m.venue !== 'venue_a');
    return v(bad.length > 0, `${bad.length}/${r.json.markets.length} rows not venue_a (${[...new Set(bad.map((m) => m.venue))]})`);
  },
  async job_explicit_view_result_unexpanded(api) {
    try {
      const a = await api.newAccount(5000);
      const id = await newJob(api, a);
      await api.control('POST', '/__control/clock', { advanceSeconds: 700 });
      const r = await api.get(`/api/auth/forecast-requests/${id}?view=result`, { key: a.key });
      must(r.status === 200 && r.json.status === 'succeeded' && r.json.forecastIds.length > 0, `job ${r.status} ${r.json && r.json.status}`);
      return v(r.json.forecasts.length === 0, `view=result: ${r.json.forecasts.length} forecasts for ${r.json.forecastIds.length} ids`);
    } finally { await api.reset(); }
  },
  async forecast_shared_slug_other_venue_fallback(api) {
    const slug = 'will-ethereum-reach-6000-by-june-30-2026';
    const av = await api.get(`/api/public/forecast-availability?slug=${slug}`);
    must(av.status === 200 && av.json.market && av.json.market.venue === 'venue_a' && av.json.available === false, 'venue_a market of the slug has a forecast');
    const a = await api.newAccount();
    const c = await api.get(`/api/v1/markets/${slug}/forecast?venue=venue_c`, { key: a.key });
    must(c.status === 200, `venue_c twin has no forecast (${c.status})`);
    const r = await api.get(`/api/v1/markets/${slug}/forecast`, { key: a.key });
    return v(r.status === 200 && r.json.market && r.json.market.venue !== 'venue_a', `no venue: ${r.status} ${r.json && r.json.market ? r.json.market.marketKey : (r.json && r.json.error)}`);
  },
  async sources_slug_venue_ignored(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/sources?markets=will-ethereum-reach-6000-by-june-30-2026&venue=venue_c&window=168', { key: a.key });
    must(r.status === 200 && r.json.sources.length > 0, `sources ${r.status} ${r.json && r.json.sources && r.json.sources.length}`);
    const bad = r.json.sources.filter((s) => s.market.venue !== 'venue_c');
    return v(bad.length > 0, `${bad.length}/${r.json.sources.length} items of another venue (${[...new Set(bad.map((s) => s.market.marketKey))]})`);
  },
  async targets_ref_cap_1024(api) {
    const base = 'https://venue-a.example/event/fed-decision-in-april-2026?utm_source=';
    const ref = base + 'a'.repeat(1500 - base.length);
    const short = await api.get(`/api/public/forecast-targets?ref=${enc(base + 'x')}`);
    must(short.status === 200, `short URL ref ${short.status}`);
    const r = await api.get(`/api/public/forecast-targets?ref=${enc(ref)}`);
    return v(r.status !== 200, `1500-character ref -> ${r.status} ${r.text.slice(0, 80)}`);
  },
  async search_exact_balance_refused(api) {
    const a = await api.newAccount(10);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/markets/search?q=bitcoin', { key: a.key }));
    return v(out.status !== 200 || spent !== 10, `status ${out.status} ${out.json && out.json.message || ''}, spent ${spent}`);
  },
  // ------------------------------------------------------------------ round 5 (a)
  async job_status_view_no_retry_after(api) {
    const a = await api.newAccount(5000);
    const id = await newJob(api, a);
    const r = await api.get(`/api/auth/forecast-requests/${id}?view=status`, { key: a.key });
    must(r.status === 200 && ['accepted', 'submitted', 'running'].includes(r.json.status), `job ${r.status} ${r.json && r.json.status}`);
    const d = await api.get(`/api/auth/forecast-requests/${id}`, { key: a.key });
    must(d.status === 200 && d.headers['retry-after'], 'default view has no Retry-After either');
    return v(!r.headers['retry-after'], `view=status ${r.json.status}: retry-after=${r.headers['retry-after']} (default view ${d.headers['retry-after']})`);
  },
  async signals_429_retry_after_ms(api) {
    const a = await api.newAccount();
    await api.fill('standard', 'minute', 600, a);
    const r = await api.get('/api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b', { key: a.key });
    must(r.status === 429 && r.headers['retry-after'], `expected 429 with Retry-After, got ${r.status}`);
    const hdr = Number(r.headers['retry-after']);
    return v(r.json.retry_after !== hdr, `retry_after ${r.json.retry_after}, Retry-After ${hdr}`);
  },
  async oil_include_marks_false_ignored(api) {
    const scope = `r5a-oil-${randomUUID()}`;
    const s = await api.control('POST', '/__control/oil', { scope, reading: 'seeded', marksDown: ['venue_a_perps'] });
    must(s.status === 200, `oil state ${s.status}`);
    const a = await api.newAccount();
    let r = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key, scope });
    if (r.status === 429) { await sleep(1100); r = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key, scope }); }
    must(r.status === 200, `oil ${r.status}`);
    const n = Object.keys(r.json.marks || {}).length;
    return v(r.json.degraded !== false || n > 0, `include_marks=false: degraded ${r.json.degraded}, marks ${JSON.stringify(r.json.marks)}`);
  },
  async generation_venue_a_us_refused(api) {
    const av = await api.get('/api/public/forecast-availability?market_key=venue_a_us:67430337');
    must(av.status === 200 && av.json.generation && av.json.generation.body.venue === 'venue_a_us', 'no venue_a_us generation body');
    const a = await api.newAccount(5000);
    const r = await api.post('/api/auth/forecast-requests', av.json.generation.body, { key: a.key, headers: { 'idempotency-key': randomUUID() } });
    return v(![200, 201, 202].includes(r.status), `status ${r.status} ${r.text.slice(0, 100)}`);
  },
  async availability_ticker_slug_sniffed_venue_b(api) {
    const vb = await api.get('/api/public/forecast-availability?slug=KXFED-26APR-T3.75&venue=venue_b');
    must(vb.status === 200 && vb.json.tracked, 'venue_b contract not tracked');
    const r = await api.get('/api/public/forecast-availability?slug=KXFED-26APR-T3.75');
    must(r.status === 200, `availability ${r.status}`);
    return v(r.json.tracked || (r.json.market && r.json.market.venue !== 'venue_a'), `no venue: tracked ${r.json.tracked} ${r.json.market ? r.json.market.marketKey : ''}`);
  },
  async availability_market_id_event_no_target(api) {
    const mk = await api.get('/api/public/forecast-availability?market_key=venue_b:KXFED-26APR');
    must(mk.status === 200 && mk.json.targetResolution, 'event market_key has no targetResolution');
    const r = await api.get('/api/public/forecast-availability?market_id=KXFED-26APR&venue=venue_b');
    must(r.status === 200, `availability ${r.status}`);
    return v(!r.json.targetResolution, `market_id form: targetResolution ${JSON.stringify(r.json.targetResolution)}`);
  },
  async profile_focus_second_search_billed(api) {
    const a = await api.newAccount(10000);
    const { spent, out } = await api.spent(a, () => api.post('/api/v1/x/profile', { handle: 'policy_pat', focus: 'trading' }, { key: a.key }));
    must(out.status === 200, `profile ${out.status}`);
    return v(spent !== 1000, `spent ${spent}`);
  },
  async assets_reference_batch_priced(api) {
    const a = await api.newAccount();
    const dir = await api.get('/api/v1/assets', { key: a.key });
    must(dir.status === 200 && dir.json.assets.length >= 30, 'asset directory too small');
    const qs = dir.json.assets.slice(0, 30).map((x) => `reference=${enc(x.assetKey)}`).join('&');
    const { spent, out } = await api.spent(a, () => api.get(`/api/v1/assets/search?${qs}`, { key: a.key }));
    must(out.status === 200 && out.json.assets.length === 30, `search ${out.status} ${out.json && out.json.assets && out.json.assets.length}`);
    return v(spent !== 10, `30 references: spent ${spent}`);
  },
  // ------------------------------------------------------------------ round 5 (b)
  async search_as_of_offset_dropped(api) {
    const a = await api.newAccount();
    const inst = Math.floor((await api.now() - 10 * 3600_000) / 1000) * 1000;
    const z = await api.get(`/api/v1/markets/search?q=bitcoin&as_of=${enc(new Date(inst + 5 * 3600_000).toISOString())}`, { key: a.key });
    must(z.status === 200 && z.json.markets.some((m) => m.forecast_at && Date.parse(m.forecast_at) > inst), 'no bitcoin forecast made in the 5 h after the instant');
    const wall = new Date(inst + 5 * 3600_000).toISOString().slice(0, 19);
    const r = await api.get(`/api/v1/markets/search?q=bitcoin&as_of=${enc(`${wall}+05:00`)}`, { key: a.key });
    must(r.status === 200, `search ${r.status}`);
    const later = r.json.markets.filter((m) => m.forecast_at && Date.parse(m.forecast_at) > inst);
    return v(later.length > 0 || Date.parse(r.json.as_of) !== inst,
      `as_of ${wall}+05:00 (= ${new Date(inst).toISOString()}) echoed ${r.json.as_of}; ${later.length} rows with a later forecast_at${later.length ? ` (e.g. ${later[0].forecast_at})` : ''}`);
  },
  async oil_spacing_from_previous_end(api) {
    const a = await api.newAccount();
    const scope = `oil-${randomUUID()}`;
    await sleep(1200);
    await api.fault({ method: 'GET', path: '/api/v1/signals/oil', latencyMs: 800, times: 1, scope });
    const t0 = Date.now();
    const r1 = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key, scope });
    const t1 = Date.now();
    must(r1.status === 200 && t1 - t0 >= 700, `first call ${r1.status} in ${t1 - t0} ms`);
    await sleep(Math.max(0, t0 + 1250 - Date.now()));
    const t2 = Date.now();
    const r2 = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key });
    return v(r2.status !== 200, `second start ${t2 - t0} ms after the first start (${t2 - t1} ms after its end): ${r2.status}${r2.json && r2.json.limit_scope ? ` ${r2.json.limit_scope}` : ''}`);
  },
  async repeat_404_refund_deduped(api) {
    const a = await api.newAccount();
    const p = `/api/v1/markets/no-such-market-${randomUUID().slice(0, 8)}/signals`;
    const s1 = await api.spent(a, () => api.get(p, { key: a.key }));
    must(s1.out.status === 404 && s1.spent === 0, `first call ${s1.out.status}, spent ${s1.spent}`);
    const s2 = await api.spent(a, () => api.get(p, { key: a.key }));
    must(s2.out.status === 404, `second call ${s2.out.status}`);
    return v(s2.spent !== 0, `first 404 spent ${s1.spent}, identical second 404 spent ${s2.spent}`);
  },
  async standard_second_429_billed(api) {
    const a = await api.newAccount();
    await api.fill('standard', 'second', 20, a);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/assets/search?q=btc', { key: a.key }));
    must(out.status === 429 && out.json && out.json.limit_scope === 'standard', `expected a standard 429, got ${out.status} ${out.json && out.json.limit_scope}`);
    return v(spent !== 0, `429 ${out.headers.ratelimit}, spent ${spent}`);
  },
  async mispriced_snapshot_observed_at_now(api) {
    const a = await api.newAccount();
    const l = await api.get('/api/v1/markets', { key: a.key });
    const mp = await api.get('/api/v1/markets/mispriced', { key: a.key });
    must(l.status === 200 && mp.status === 200, `markets ${l.status}, mispriced ${mp.status}`);
    const byKey = new Map(l.json.markets.map((m) => [m.marketKey, m]));
    const pairs = mp.json.markets.filter((m) => m.venue_quote && m.venue_quote.quote_method === 'graph_snapshot' && byKey.has(m.marketKey));
    must(pairs.length > 0, 'no graph-snapshot row on both lists');
    const bad = pairs.filter((m) => m.venue_quote.observed_at !== byKey.get(m.marketKey).venue_quote.observed_at);
    const e = bad[0];
    return v(bad.length > 0, `${bad.length}/${pairs.length} snapshot quotes differ${e ? ` (${e.marketKey}: mispriced ${e.venue_quote.observed_at}, markets ${byKey.get(e.marketKey).venue_quote.observed_at})` : ''}`);
  },
  async asset_linked_probability_prior(api) {
    const a = await api.newAccount();
    const s = await api.get('/api/v1/assets/search?reference=btc', { key: a.key });
    must(s.status === 200, `asset search ${s.status}`);
    const lm = s.json.assets.flatMap((x) => x.linked_markets)
      .filter((m) => typeof m.latest_forecast_delta === 'number' && m.latest_forecast_delta !== 0 && m.slug).slice(0, 3);
    must(lm.length > 0, 'no linked market with a forecast delta');
    const diffs = [];
    for (const m of lm) {
      const f = await api.get(`/api/v1/markets/${enc(m.slug)}/forecast?venue=${m.venue}`, { key: a.key });
      must(f.status === 200 && f.json.forecast, `forecast read of ${m.marketKey}: ${f.status}`);
      if (f.json.forecast.probability !== m.latest_service_probability) diffs.push(`${m.marketKey}: linked ${m.latest_service_probability}, read ${f.json.forecast.probability}`);
    }
    return v(diffs.length > 0, diffs.length ? diffs.slice(0, 2).join('; ') : `${lm.length} linked markets agree with the forecast read`);
  },
  async profile_cache_ignores_lookback(api) {
    const a = await api.newAccount();
    const r1 = await api.post('/api/v1/x/profile', { handle: 'policy_pat' }, { key: a.key });
    must(r1.status === 200, `first profile ${r1.status}`);
    const r2 = await api.post('/api/v1/x/profile', { handle: 'policy_pat', lookback_days: 30 }, { key: a.key });
    must(r2.status === 200, `second profile ${r2.status}`);
    return v(r2.json.window.lookback_days !== 30, `lookback_days 30 requested after 365: window ${JSON.stringify(r2.json.window)}`);
  },
  async job_read_cache_cross_account(api) {
    try {
      const A = await api.newAccount(5000);
      const B = await api.newAccount(5000);
      const id = await newJob(api, A);
      const ra = await api.get(`/api/auth/forecast-requests/${id}`, { key: A.key });
      must(ra.status === 200, `owner read ${ra.status}`);
      const rb = await api.get(`/api/auth/forecast-requests/${id}`, { key: B.key });
      return v(rb.status !== 404, `other account's read right after the owner's: ${rb.status}${rb.json && rb.json.jobId ? ` jobId ${rb.json.jobId}` : ''}`);
    } finally { await api.reset(); }
  },
  // ------------------------------------------------------------------ round 6 (a)
  async availability_invalid_key_401(api) {
    const plain = await api.get('/api/public/forecast-availability?market_key=venue_a:520224');
    must(plain.status === 200 && plain.json.tracked === true, `availability without key ${plain.status}`);
    const r = await api.get('/api/public/forecast-availability?market_key=venue_a:520224', { key: 'not-a-valid-key' });
    return v(r.status !== 200, `with an invalid key: ${r.status} ${r.json && r.json.error ? r.json.error : ''}`);
  },
  async generation_no_key_402(api) {
    const r = await api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_a', market_id: '1000503' },
      { headers: { 'idempotency-key': randomUUID() } });
    must([401, 402].includes(r.status), `generation without key answered ${r.status}`);
    return v(r.status !== 401 || !!r.headers['payment-required'], `without a key: ${r.status} ${r.json && r.json.error}${r.headers['payment-required'] ? ' (PAYMENT-REQUIRED challenge)' : ''}`);
  },
  async portfolio_venue_a_us_merged_away(api) {
    const a = await api.newAccount();
    const W = '0x7234567890123456789012345678901234567890';
    const alone = await api.get(`/api/v1/portfolio?wallet=${W}&venues=venue_a_us`, { key: a.key });
    must(alone.status === 200 && alone.json.positions.some((p) => p.venue === 'venue_a_us'), 'wallet has no venue_a_us position');
    const both = await api.get(`/api/v1/portfolio?wallet=${W}&venues=venue_a,venue_a_us`, { key: a.key });
    must(both.status === 200, `portfolio ${both.status}`);
    const us = both.json.positions.filter((p) => p.venue === 'venue_a_us').length;
    const va = both.json.positions.filter((p) => p.venue === 'venue_a').length;
    return v(us === 0 || va === 0, `venues=venue_a,venue_a_us: ${va} venue_a and ${us} venue_a_us positions (echo ${JSON.stringify(both.json.venues)})`);
  },
  async markets_volume_sort_lost_with_venue(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets?venue=venue_b&sort=volume_desc', { key: a.key });
    must(r.status === 200 && r.json.markets.length > 2, `markets ${r.status}`);
    const vols = r.json.markets.map((m) => m.volume_24h).filter((x) => typeof x === 'number');
    const bad = vols.findIndex((x, i) => i > 0 && x > vols[i - 1]);
    return v(bad !== -1, bad === -1 ? `ordered (${vols.length} rows)` : `volume out of order at ${bad}: ${vols[bad - 1]} then ${vols[bad]}`);
  },
  async assets_reference_us_numeric_id_as_venue_a(api) {
    const a = await api.newAccount();
    const key = await api.get('/api/v1/assets/search?reference=venue_a_us:78782773', { key: a.key });
    must(key.status === 200 && key.json.assets.some((x) => x.assetKey === 'eth'), 'marketKey form finds no eth');
    const r = await api.get('/api/v1/assets/search?reference=78782773', { key: a.key });
    must(r.status === 200, `assets ${r.status}`);
    return v(!r.json.assets.some((x) => x.assetKey === 'eth'), `reference=78782773: [${r.json.assets.map((x) => x.assetKey)}], echo ${JSON.stringify(r.json.references)}`);
  },
  async signals_slug_venue_cached(api) {
    try {
      const a = await api.newAccount();
      const S = 'will-ethereum-reach-6000-by-june-30-2026';
      const c = await api.get(`/api/v1/markets/${S}/signals?venue=venue_c`, { key: a.key });
      must(c.status === 200 && c.json.market.venue === 'venue_c', `venue_c read ${c.status}`);
      const r = await api.get(`/api/v1/markets/${S}/signals`, { key: a.key });
      must(r.status === 200, `signals ${r.status}`);
      return v(r.json.market.venue !== 'venue_a', `no venue, after a venue_c call: ${r.json.market.marketKey} (${r.json.total} articles)`);
    } finally { await api.reset(); }
  },
  async standard_in_flight_counted_twice(api) {
    const a = await api.newAccount();
    const scope = `r6a-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/assets', latencyMs: 1500, times: 8, scope });
    const rs = await Promise.all(Array.from({ length: 8 }, () => api.get('/api/v1/assets', { key: a.key, scope })));
    const n429 = rs.filter((r) => r.status === 429).length;
    must(rs.every((r) => r.status === 200 || r.status === 429), `statuses ${rs.map((r) => r.status)}`);
    return v(n429 > 0, `8 concurrent calls: ${n429} answered 429${n429 ? ` (${rs.find((r) => r.status === 429).headers.ratelimit})` : ''}`);
  },
  async forecast_repeat_read_unbilled(api) {
    const a = await api.newAccount();
    const url = '/api/v1/markets/KXMSTRBTC-26-YES/forecast?venue=venue_b';
    const one = await api.spent(a, () => api.get(url, { key: a.key }));
    const two = await api.spent(a, () => api.get(url, { key: a.key }));
    must(one.out.status === 200 && two.out.status === 200, `reads ${one.out.status}/${two.out.status}`);
    must(one.spent === 10, `first read cost ${one.spent}`);
    return v(two.spent !== 10, `first read ${one.spent} credits, repeat ${two.spent}`);
  },
  // ------------------------------------------------------------------ round 6 (B)
  async profile_cache_age_whole_days(api) {
    try {
      const a = await api.newAccount(10000);
      const r1 = await api.post('/api/v1/x/profile', { handle: 'policy_pat' }, { key: a.key });
      must(r1.status === 200, `profile ${r1.status}`);
      await api.control('POST', '/__control/clock', { advanceSeconds: 30 * 86400 + 60 });
      const today = new Date(await api.now()).toISOString().slice(0, 10);
      const r2 = await api.post('/api/v1/x/profile', { handle: 'policy_pat' }, { key: a.key });
      must(r2.status === 200, `profile after 30 days ${r2.status}`);
      return v(r2.json.window.to_date !== today, `30 days + 60 s later: to_date ${r2.json.window.to_date} (today ${today}), cached ${r2.json.meta && r2.json.meta.cached}`);
    } finally { await api.reset(); }
  },
  async markets_changed_within_windowed_latest(api) {
    const a = await api.newAccount();
    const r1 = await api.get('/api/v1/markets?changed_within=168', { key: a.key });
    const r2 = await api.get('/api/v1/markets?changed_within=168&max_forecast_age=168', { key: a.key });
    must(r1.status === 200 && r2.status === 200, `markets ${r1.status} ${r2.status}`);
    const k1 = new Set(r1.json.markets.map((m) => m.marketKey));
    const missing = r2.json.markets.filter((m) => !k1.has(m.marketKey));
    must(r2.json.markets.length > 0, 'no markets changed within 168 h');
    return v(missing.length > 0, `${missing.length} markets changed within 168 h missing under the default max_forecast_age (e.g. ${missing[0] ? `${missing[0].marketKey} latest ${missing[0].latest_forecast_at}` : '-'})`);
  },
  async standard_concurrency_429_billed(api) {
    try {
      const a = await api.newAccount();
      const scope = `cc-${randomUUID()}`;
      await api.fault({ method: 'GET', path: '/api/v1/assets', latencyMs: 1500, times: 10, scope });
      const { spent, out } = await api.spent(a, () => Promise.all(Array.from({ length: 11 }, (_, i) => sleep(i * 20).then(() => api.get('/api/v1/assets', { key: a.key, scope })))));
      const ok = out.filter((r) => r.status === 200).length;
      const lim = out.filter((r) => r.status === 429 && /concurrency/.test(String(r.headers.ratelimit || '') + (r.json && r.json.message))).length;
      must(lim >= 1, `no concurrency 429 (${out.map((r) => r.status).join(',')})`);
      return v(spent !== ok * 5, `${ok} x 200 and ${lim} concurrency 429: spent ${spent} (expected ${ok * 5})`);
    } finally { await api.reset(); }
  },
  async slow_upstream_error_billed(api) {
    try {
      const a = await api.newAccount();
      const scope = `sf-${randomUUID()}`;
      await api.fault({ method: 'GET', path: '/api/v1/assets/search', status: 502, latencyMs: 1200, times: 1, scope });
      const { spent, out } = await api.spent(a, () => api.get('/api/v1/assets/search?q=btc', { key: a.key, scope }));
      must(out.status === 502, `expected 502, got ${out.status}`);
      return v(spent !== 0, `slow 502: spent ${spent}`);
    } finally { await api.reset(); }
  },
  async search_has_published_signal_active_only(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/search?q=bitcoin', { key: a.key });
    must(r.status === 200, `search ${r.status}`);
    const withCount = r.json.markets.filter((m) => m.published_signal_count > 0);
    must(withCount.length > 0, 'no rows with published signals');
    const bad = r.json.markets.filter((m) => (m.published_signal_count > 0) !== (m.has_published_signal === true));
    return v(bad.length > 0, `${bad.length} rows disagree (e.g. ${bad[0] ? `${bad[0].marketKey} has_published_signal ${bad[0].has_published_signal} count ${bad[0].published_signal_count}` : '-'})`);
  },
  async latest_forecast_venue_a_us_collapsed(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/latest?hours=6&types=forecast', { key: a.key });
    must(r.status === 200, `latest ${r.status}`);
    const us = r.json.events.filter((e) => e.forecast && e.market && e.market.venue === 'venue_a_us');
    must(us.length > 0, 'no venue_a_us forecast events');
    const bad = us.filter((e) => e.forecast.venue !== e.market.venue);
    return v(bad.length > 0, `${bad.length}/${us.length} venue_a_us forecast events with forecast.venue ${bad[0] ? bad[0].forecast.venue : '-'}`);
  },
  async job_forecast_created_at_from_job(api) {
    try {
      const a = await api.newAccount(5000);
      const id = await newJob(api, a);
      await api.control('POST', '/__control/clock', { advanceSeconds: 700 });
      const j = await api.get(`/api/auth/forecast-requests/${id}`, { key: a.key });
      must(j.status === 200 && j.json.status === 'succeeded' && j.json.forecasts.length > 0, `job ${j.status} ${j.json && j.json.status}`);
      const f = j.json.forecasts[0];
      const av = await api.get('/api/public/forecast-availability?market_key=venue_a:1000503');
      must(av.status === 200 && av.json.latestForecast && av.json.latestForecast.id === f.id, `availability latestForecast ${av.json && av.json.latestForecast && av.json.latestForecast.id} vs ${f.id}`);
      return v(Date.parse(av.json.latestForecast.createdAt) !== Date.parse(f.createdAt), `forecast ${f.id}: job says createdAt ${f.createdAt} (job createdAt ${j.json.createdAt}), availability ${av.json.latestForecast.createdAt}`);
    } finally { await api.reset(); }
  },
  async x_research_max_concurrent_header_10(api) {
    try {
      const a = await api.newAccount(100000);
      const scope = `xc-${randomUUID()}`;
      await api.fault({ method: 'POST', path: '/api/v1/x/search', latencyMs: 1500, times: 5, scope });
      const out = await Promise.all(Array.from({ length: 6 }, (_, i) => sleep(i * 20).then(() => api.post('/api/v1/x/search', { query: 'fed' }, { key: a.key, scope }))));
      const lim = out.find((r) => r.status === 429 && r.headers['x-quotient-max-concurrent'] !== undefined);
      must(lim, `no x_research concurrency 429 (${out.map((r) => r.status).join(',')})`);
      const m = /"x_research-concurrency";q=(\d+)/.exec(lim.headers['ratelimit-policy'] || '');
      return v(!m || m[1] !== lim.headers['x-quotient-max-concurrent'] || lim.headers['x-quotient-max-concurrent'] !== '5', `X-Quotient-Max-Concurrent ${lim.headers['x-quotient-max-concurrent']}, RateLimit-Policy concurrency q=${m && m[1]}`);
    } finally { await api.reset(); }
  },

  // ------------------------------------------------------------------ round 7 (a)
  async availability_inactive_signal_ref_side_null(api) {
    const a = await api.newAccount();
    const s = await api.get('/api/v1/signals', { key: a.key });
    must(s.status === 200, `signals ${s.status}`);
    const byId = new Map(s.json.signals.map((x) => [x.id, x]));
    const inactive = s.json.signals.filter((x) => x.status !== 'active' && x.side);
    must(inactive.length > 0, 'no inactive signal with a side');
    const bad = [];
    let seen = 0;
    for (const sig of inactive.slice(0, 6)) {
      const r = await api.get(`/api/public/forecast-availability?market_key=${enc(sig.market.marketKey)}`);
      must(r.status === 200 && r.json.market, `availability ${r.status}`);
      for (const ref of r.json.market.relationships.signals) {
        const row = byId.get(ref.id);
        if (!row) continue;
        seen++;
        if (ref.side !== row.side) bad.push(`${ref.id} (${row.status}): ref side ${ref.side}, /api/v1/signals side ${row.side}`);
      }
    }
    must(seen > 0, 'no signal ref found on availability');
    return v(bad.length > 0, bad.length ? bad.slice(0, 2).join('; ') : `${seen} refs agree`);
  },
  async markets_max_forecast_age_lost_with_topic(api) {
    const a = await api.newAccount();
    const t = await api.get('/api/v1/markets?topic=bitcoin&max_forecast_age=168', { key: a.key });
    const all = await api.get('/api/v1/markets?max_forecast_age=168', { key: a.key });
    must(t.status === 200 && all.status === 200, `markets ${t.status}/${all.status}`);
    const ref = new Map(all.json.markets.map((m) => [m.marketKey, m]));
    const bad = t.json.markets.filter((m) => ref.has(m.marketKey) && (ref.get(m.marketKey).forecast_count !== m.forecast_count || ref.get(m.marketKey).latest_forecast_at !== m.latest_forecast_at));
    const sum = t.json.markets.reduce((x, m) => x + m.forecast_count, 0);
    return v(bad.length > 0, `${bad.length}/${t.json.markets.length} topic rows differ from the unfiltered 168 h list (forecast_count sum ${sum})`);
  },
  async targets_venue_b_url_query_unmatched(api) {
    const bare = 'https://venue-b.example/markets/kxcpiyoy/us-cpi-yoy/kxcpiyoy-26mar';
    const b = await api.get(`/api/public/forecast-targets?ref=${enc(bare)}`);
    must(b.status === 200 && b.json.event && b.json.event.ticker === 'KXCPIYOY-26MAR', `bare URL ${b.status}`);
    const r = await api.get(`/api/public/forecast-targets?ref=${enc(bare + '?utm_source=share')}`);
    return v(r.status !== 200 || !r.json.event || r.json.event.ticker !== 'KXCPIYOY-26MAR', `URL with query -> ${r.status} ${r.text.slice(0, 100)}`);
  },
  async assets_q_summary_forecast_windowed(api) {
    const a = await api.newAccount();
    const q = await api.get('/api/v1/assets/search?q=btc', { key: a.key });
    const r = await api.get('/api/v1/assets/search?reference=btc', { key: a.key });
    must(q.status === 200 && r.status === 200, `asset search ${q.status}/${r.status}`);
    const qa = q.json.assets.find((x) => x.assetKey === 'btc');
    const ra = r.json.assets.find((x) => x.assetKey === 'btc');
    must(qa && ra, 'btc missing');
    const flags = ra.linked_markets.filter((m) => m.has_forecast).length;
    must(ra.market_summary.markets_with_forecast === flags, `reference mode summary ${ra.market_summary.markets_with_forecast} vs ${flags} flags`);
    return v(qa.market_summary.markets_with_forecast !== ra.market_summary.markets_with_forecast, `q mode ${qa.market_summary.markets_with_forecast}, reference mode ${ra.market_summary.markets_with_forecast} (${flags} has_forecast)`);
  },
  async oil_no_marks_challenge_unrounded(api) {
    const r = await api.get('/api/v1/signals/oil?include_marks=false');
    must(r.status === 402 && r.headers['payment-required'], `oil ${r.status}`);
    const tpl = JSON.parse(Buffer.from(r.headers['payment-required'], 'base64').toString('utf8'));
    const amounts = tpl.accepts.map((x) => Number(x.amount ?? x.maxAmountRequired));
    return v(amounts.some((n) => n % 5000 !== 0), `amounts ${amounts.join(',')}`);
  },
  // ------------------------------------------------------------------ round 7 (b)
  async standard_second_refusals_counted(api) {
    try {
      const a = await api.newAccount(100000);
      await api.fill('standard', 'second', 20, a);
      const t0 = Date.now();
      await sleep(Math.max(0, t0 + 500 - Date.now()));
      const burst = await Promise.all(Array.from({ length: 25 }, () => api.get('/api/v1/assets', { key: a.key })));
      must(burst.every((r) => r.status === 429), `burst answered ${[...new Set(burst.map((r) => r.status))].join(',')}`);
      must(Date.now() < t0 + 1000, 'burst took too long');
      await sleep(Math.max(0, t0 + 1150 - Date.now()));
      const r = await api.get('/api/v1/assets', { key: a.key });
      return v(r.status === 429, `call 1.15 s after 20 admissions (25 refusals 0.5 s before): ${r.status} ${r.headers['ratelimit'] || ''}`);
    } finally { await api.reset(); }
  },
  async last_credits_404_refund_skipped(api) {
    try {
      const a = await api.newAccount(10);
      const { spent, out } = await api.spent(a, () => api.get('/api/v1/markets/nope-nope/forecast', { key: a.key }));
      must(out.status === 404, `expected 404, got ${out.status}`);
      return v(spent !== 0, `10-credit account, 404 forecast read: spent ${spent}`);
    } finally { await api.reset(); }
  },
  async signals_crash_alias_null_false(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/signals', { key: a.key });
    must(r.status === 200 && r.json && Array.isArray(r.json.signals), `signals answered ${r.status}`);
    const nul = r.json.signals.filter((s) => s.drawdown_risk_elevated === null);
    must(nul.length > 0, 'no row with unknown drawdown risk');
    const bad = r.json.signals.filter((s) => s.crash_risk_elevated !== s.drawdown_risk_elevated);
    return v(bad.length > 0, `${bad.length} rows where crash_risk_elevated differs (e.g. ${bad[0] && `${bad[0].id}: ${bad[0].drawdown_risk_elevated} vs ${bad[0].crash_risk_elevated}`})`);
  },
  async latest_venue_b_yes_odds_cents(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/latest?hours=6', { key: a.key });
    must(r.status === 200 && r.json && Array.isArray(r.json.events), `latest answered ${r.status}`);
    const bad = r.json.events.filter((e) => e.market && e.market.venue_data && e.market.venue_quote
      && e.market.venue_data.yes_odds !== e.market.venue_quote.selected_probability);
    const ex = bad[0];
    return v(bad.length > 0, `${bad.length} events where yes_odds != selected_probability${ex ? ` (e.g. ${ex.market.marketKey}: ${ex.market.venue_data.yes_odds} vs ${ex.market.venue_quote.selected_probability})` : ''}`);
  },
  async sources_article_published_at_correlated(api) {
    const a = await api.newAccount();
    const s = await api.get('/api/v1/sources?market_keys=venue_a:520224&window=168&types=article', { key: a.key });
    must(s.status === 200 && s.json && Array.isArray(s.json.sources) && s.json.sources.length > 0, `sources answered ${s.status}`);
    const slug = s.json.sources[0].market.slug;
    const g = await api.get(`/api/v1/markets/${enc(slug)}/signals`, { key: a.key });
    must(g.status === 200 && g.json && Array.isArray(g.json.signals), `signals answered ${g.status}`);
    const pub = new Map(g.json.signals.map((x) => [x.url, x.published_at]));
    const both = s.json.sources.filter((x) => pub.has(x.url));
    must(both.length > 0, 'no article on both routes');
    const bad = both.filter((x) => Date.parse(x.published_at) !== Date.parse(pub.get(x.url)));
    return v(bad.length > 0, `${bad.length}/${both.length} articles with another published_at on /sources${bad[0] ? ` (e.g. ${bad[0].published_at} vs ${pub.get(bad[0].url)})` : ''}`);
  },
  // ------------------------------------------------------------------ round 8 (a)
  async sources_conflict_409(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/sources?markets=will-us-unemployment-reach-5-in-2026&market_keys=venue_a:520224', { key: a.key });
    must(r.status >= 400 && r.status < 500 && r.status !== 401 && r.status !== 403, `sources answered ${r.status}`);
    return v(r.status !== 422 || !r.json || r.json.error !== 'invalid_request', `markets + market_keys -> ${r.status} ${r.text.slice(0, 100)}`);
  },
  async signals_topic_lost_with_drawdown_filter(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/signals?topic=broker_a&exclude_drawdown_risk=true', { key: a.key });
    must(r.status === 200 && r.json && Array.isArray(r.json.signals) && r.json.signals.length > 0, `signals answered ${r.status}`);
    const off = r.json.signals.filter((s) => !s.market || !Array.isArray(s.market.broker_channels) || !s.market.broker_channels.includes('broker_a'));
    const risky = r.json.signals.filter((s) => s.drawdown_risk_elevated !== false);
    must(risky.length === 0, `${risky.length} rows not cleared of drawdown risk`);
    return v(off.length > 0, `${off.length}/${r.json.signals.length} rows on markets not broker-listed`);
  },
  async job_read_uppercase_id_404(api) {
    const a = await api.newAccount(5000);
    const id = await newJob(api, a);
    const low = await api.get(`/api/auth/forecast-requests/${id}`, { key: a.key });
    must(low.status === 200, `lower-case read ${low.status}`);
    const r = await api.get(`/api/auth/forecast-requests/${id.toUpperCase()}`, { key: a.key });
    return v(r.status !== 200 || !r.json || String(r.json.jobId).toLowerCase() !== id.toLowerCase(), `upper-case jobId read -> ${r.status} ${r.text.slice(0, 80)}`);
  },
  async latest_hours_debit_per_block(api) {
    const a = await api.newAccount();
    const d = await api.spent(a, () => api.get('/api/v1/latest', { key: a.key }));
    must(d.out.status === 200 && d.spent === 20, `default latest ${d.out.status}, spent ${d.spent}`);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/latest?hours=6', { key: a.key }));
    must(out.status === 200, `latest hours=6 ${out.status}`);
    return v(spent !== 20, `hours=6 spent ${spent} credits (default: 20)`);
  },
  async availability_target_count_with_event(api) {
    const av = await api.get('/api/public/forecast-availability?market_key=venue_b:KXCPIYOY-26MAR');
    must(av.status === 200 && av.json && av.json.targetResolution, `availability ${av.status}`);
    const t = await api.get(av.json.targetResolution.endpoint);
    must(t.status === 200 && t.json && Array.isArray(t.json.markets), `targets ${t.status}`);
    const n = av.json.targetResolution.marketCount;
    return v(n !== t.json.markets.length || (t.json.allContracts && n !== t.json.allContracts.marketCount),
      `availability marketCount ${n}; targets ${t.json.markets.length} markets, allContracts.marketCount ${t.json.allContracts && t.json.allContracts.marketCount}`);
  },
  // ------------------------------------------------------------------ round 8 (b)
  async latest_newest_minutes_stale(api) {
    const a = await api.newAccount();
    const l = await api.get('/api/v1/latest?hours=1&types=article', { key: a.key });
    must(l.status === 200 && l.json && Array.isArray(l.json.events), `latest answered ${l.status}`);
    const since = Date.parse(l.json.window.since);
    const asOf = Date.parse(l.json.as_of);
    const s = await api.get(`/api/v1/sources?market_keys=${enc(KEYS4)}&window=1&types=article`, { key: a.key });
    must(s.status === 200 && s.json && Array.isArray(s.json.sources), `sources answered ${s.status}`);
    // an article published inside the feed's window was also correlated inside it (at or after publication, before now)
    const due = s.json.sources.filter((x) => x.type === 'article' && Date.parse(x.published_at) >= since && Date.parse(x.published_at) <= asOf);
    must(due.length > 0, 'no article published within the last hour on the four markets');
    const seen = new Set(l.json.events.filter((e) => e.type === 'article' && e.source && e.market).map((e) => `${e.market.marketKey} ${e.source.url}`));
    const missing = due.filter((x) => !seen.has(`${x.market.marketKey} ${x.url}`));
    const countOk = l.json.count === l.json.events.length;
    must(countOk, `count ${l.json.count} vs ${l.json.events.length} events`);
    return v(missing.length > 0, `${missing.length}/${due.length} in-window articles missing from the feed${missing[0] ? ` (e.g. ${missing[0].market.marketKey} published ${missing[0].published_at}; as_of ${l.json.as_of})` : ''}`);
  },
  async generation_daily_quota_429_billed(api) {
    try {
      const a = await api.newAccount(100000);
      let r;
      for (let i = 0; i < 60; i++) {
        r = await api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_a', market_id: '1000503' },
          { key: a.key, headers: { 'idempotency-key': randomUUID() } });
        if (r.status === 429 && r.json && r.json.quotaScope === 'venue_market_daily') break;
        must(r.status === 202 || r.status === 200 || r.status === 201 || (r.status === 429 && r.json && r.json.limit_scope === 'standard'), `generation ${i} answered ${r.status}`);
        if (r.status === 429) await sleep(1100);
        await sleep(60);
      }
      must(r.status === 429 && r.json.quotaScope === 'venue_market_daily', `no daily-quota 429 (last ${r.status})`);
      const { spent, out } = await api.spent(a, () => api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_a', market_id: '1000503' },
        { key: a.key, headers: { 'idempotency-key': randomUUID() } }));
      must(out.status === 429 && out.json && out.json.quotaScope === 'venue_market_daily', `repeat answered ${out.status}`);
      return v(spent !== 0, `daily-quota 429 (limit ${out.json.limit}, retryAfter ${out.json.retryAfter}): spent ${spent}`);
    } finally { await api.reset(); }
  },
  async oil_partial_marks_billed(api) {
    const scope = `r8b-oil-${randomUUID()}`;
    const o = await api.control('POST', '/__control/oil', { scope, reading: 'seeded', marksDown: ['venue_a_perps'] });
    must(o.status === 200, `oil state answered ${o.status}`);
    const a = await api.newAccount();
    await sleep(1100); // oil start spacing
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/signals/oil', { key: a.key, scope }));
    must(out.status === 200 && out.json && out.json.degraded === true && out.json.marks && out.json.marks.venue_a_perps === null && out.json.marks.perp_venue_b,
      `oil answered ${out.status} ${out.text.slice(0, 160)}`);
    return v(spent !== 0, `one mark down (venue_a_perps null, degraded true): spent ${spent}`);
  },
  async profile_post_count_citations(api) {
    const a = await api.newAccount();
    const r = await api.post('/api/v1/x/profile', { handle: 'policy_pat' }, { key: a.key });
    must(r.status === 200 && r.json && r.json.window, `profile answered ${r.status}`);
    const p = r.json;
    const ids = new Set();
    for (const k of ['interests', 'beliefs', 'tendencies', 'observations']) for (const c of p[k] || []) for (const id of c.post_ids || []) ids.add(id);
    for (const k of ['risk_profile', 'information_processing']) for (const id of (p[k] && p[k].post_ids) || []) ids.add(id);
    const ev = new Set((p.evidence || []).map((e) => e.post_id));
    must(ids.size > 0, 'no cited posts');
    return v(p.window.post_count !== ids.size, `post_count ${p.window.post_count}; distinct cited posts ${ids.size}; evidence ${ev.size}`);
  },
  async availability_latest_forecast_oldest(api) {
    const a = await api.newAccount();
    const m = await api.get('/api/v1/markets', { key: a.key });
    must(m.status === 200 && m.json && Array.isArray(m.json.markets), `markets answered ${m.status}`);
    const multi = m.json.markets.filter((x) => x.forecast_count >= 2).slice(0, 4);
    must(multi.length > 0, 'no market with two stored forecasts');
    const bad = [];
    for (const x of multi) {
      const av = await api.get(`/api/public/forecast-availability?market_key=${enc(x.marketKey)}`);
      must(av.status === 200 && av.json && av.json.latestForecast && av.json.read, `availability ${x.marketKey} answered ${av.status}`);
      const rd = await api.get(av.json.read.endpoint, { key: a.key });
      must(rd.status === 200 && rd.json && rd.json.forecast, `read ${av.json.read.endpoint} answered ${rd.status}`);
      if (av.json.latestForecast.id !== rd.json.forecast.id) bad.push(`${x.marketKey}: ${av.json.latestForecast.id} @${av.json.latestForecast.createdAt} vs read ${rd.json.forecast.id} @${rd.json.forecast.created_at}`);
    }
    return v(bad.length > 0, `${bad.length}/${multi.length} markets whose latestForecast is not the read's forecast${bad[0] ? ` (e.g. ${bad[0]})` : ''}`);
  },
  // ------------------------------------------------------------------ round 9 (a)
  async signals_market_refs_carry_odds(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/KXCPIYOY-26APR-T3.2/signals?venue=venue_b', { key: a.key });
    must(r.status === 200 && r.json && r.json.market && r.json.market.relationships, `signals answered ${r.status}`);
    const refs = r.json.market.relationships.markets;
    must(Array.isArray(refs) && refs.length > 0, 'no market refs');
    const forbidden = ['market_odds', 'yes_odds', 'probability', 'selected_probability', 'venue_quote', 'odds'];
    const bad = refs.filter((x) => forbidden.some((k) => k in x));
    return v(bad.length > 0, `${bad.length}/${refs.length} MarketRefs carry odds${bad[0] ? ` (e.g. ${bad[0].marketKey} market_odds ${bad[0].market_odds})` : ''}`);
  },
  async markets_topic_venue_a_prefix(api) {
    const a = await api.newAccount();
    const alone = await api.get('/api/v1/markets?venue=venue_a', { key: a.key });
    must(alone.status === 200 && alone.json.markets.every((m) => m.venue === 'venue_a'), 'venue=venue_a alone is not right');
    const t = await api.get('/api/v1/markets?topic=stocks', { key: a.key });
    must(t.status === 200 && t.json.markets.some((m) => m.venue === 'venue_a_us') && t.json.markets.some((m) => m.venue === 'venue_a'), 'topic=stocks lacks venue_a / venue_a_us rows');
    const r = await api.get('/api/v1/markets?topic=stocks&venue=venue_a', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.markets) && r.json.markets.length > 0, `markets answered ${r.status}`);
    const other = r.json.markets.filter((m) => m.venue !== 'venue_a');
    return v(other.length > 0, `topic=stocks&venue=venue_a: ${r.json.markets.length} rows, ${other.length} not venue_a${other[0] ? ` (e.g. ${other[0].marketKey})` : ''}`);
  },
  async sources_slug_form_types_ignored(api) {
    const a = await api.newAccount();
    const k = await api.get('/api/v1/sources?market_keys=venue_b:KXCPIYOY-26MAR-T2.8&window=168&types=article', { key: a.key });
    must(k.status === 200 && k.json.sources.every((s) => s.type === 'article'), 'market_keys form with types=article is not right');
    const all = await api.get('/api/v1/sources?markets=KXCPIYOY-26MAR-T2.8&venue=venue_b&window=168', { key: a.key });
    must(all.status === 200 && all.json.sources.some((s) => s.type === 'x_post'), 'no x_post for the market');
    const r = await api.get('/api/v1/sources?markets=KXCPIYOY-26MAR-T2.8&venue=venue_b&window=168&types=article', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.sources), `sources answered ${r.status}`);
    const posts = r.json.sources.filter((s) => s.type !== 'article');
    return v(posts.length > 0, `markets=<slug>&types=article: ${r.json.sources.length} items, ${posts.length} not articles`);
  },
  async assets_reference_slash_last_segment(api) {
    const a = await api.newAccount();
    const d = await api.get('/api/v1/assets', { key: a.key });
    must(d.status === 200, `directory ${d.status}`);
    const withSlash = d.json.assets.flatMap((x) => x.identifiers.filter((i) => i.value.includes('/')).map((i) => ({ key: x.assetKey, value: i.value })));
    must(withSlash.length > 0, 'no identifier value with a slash');
    const { key, value } = withSlash[0];
    const r = await api.get(`/api/v1/assets/search?reference=${enc(value)}`, { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.assets), `search answered ${r.status}`);
    must(Array.isArray(r.json.references) && r.json.references.includes(value), `references echo ${JSON.stringify(r.json.references)}`);
    const found = r.json.assets.some((x) => x.assetKey === key);
    return v(!found, `reference=${value}: ${r.json.assets.length} assets (${key} ${found ? 'found' : 'missing'})`);
  },
  async generation_quota_retryafter_ms(api) {
    try {
      const a = await api.newAccount(100000);
      let r;
      for (let i = 0; i < 60; i++) {
        r = await api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_a', market_id: '1000503' },
          { key: a.key, headers: { 'idempotency-key': randomUUID() } });
        if (r.status === 429 && r.json && r.json.quotaScope === 'venue_market_daily') break;
        must(r.status === 202 || r.status === 200 || r.status === 201 || (r.status === 429 && r.json && r.json.limit_scope === 'standard'), `generation ${i} answered ${r.status}`);
        if (r.status === 429) await sleep(1100);
        await sleep(60);
      }
      must(r.status === 429 && r.json.quotaScope === 'venue_market_daily', `no daily-quota 429 (last ${r.status})`);
      const ra = Number(r.headers['retry-after']);
      must(Number.isFinite(ra) && ra > 0, `Retry-After ${r.headers['retry-after']}`);
      const ok = r.json.retryAfter === ra || Math.abs(r.json.retryAfter - ra) <= 1;
      return v(!ok, `Retry-After ${ra}, retry_after ${r.json.retry_after}, retryAfter ${r.json.retryAfter}`);
    } finally { await api.reset(); }
  },
  async x_research_day_from_first_admission(api) {
    try {
      const a = await api.newAccount();
      await api.fill('x_research', 'day', 500, a);
      const r1 = await api.post('/api/v1/x/search', { query: 'fed' }, { key: a.key });
      must(r1.status === 429, `expected 429 before midnight, got ${r1.status}`);
      const now = await api.now();
      const midnight = Math.floor(now / 86400_000) * 86400_000 + 86400_000;
      await api.control('POST', '/__control/clock', { advanceSeconds: Math.ceil((midnight - now) / 1000) + 30 });
      const r2 = await api.post('/api/v1/x/search', { query: 'fed' }, { key: a.key });
      must(r2.status === 200 || r2.status === 429, `x/search after midnight answered ${r2.status}`);
      return v(r2.status === 429, `30 s after UTC midnight -> ${r2.status} (retry-after ${r2.headers['retry-after']})`);
    } finally { await api.reset(); }
  },
  async markets_max_forecast_age_clamped_168(api) {
    const a = await api.newAccount();
    const sum = async (h) => {
      const r = await api.get(`/api/v1/markets?max_forecast_age=${h}`, { key: a.key });
      must(r.status === 200 && r.json && Array.isArray(r.json.markets), `markets ${h} answered ${r.status}`);
      return { n: r.json.markets.length, f: r.json.markets.reduce((x, m) => x + m.forecast_count, 0) };
    };
    const w = await sum(168);
    const l = await sum(400);
    return v(l.f <= w.f, `max_forecast_age=168: ${w.n} markets, ${w.f} forecasts; 400: ${l.n} markets, ${l.f} forecasts`);
  },
  async sources_long_window_error_billed(api) {
    const a = await api.newAccount(5000);
    const scope = `r9b-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/sources', status: 502, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/sources?market_keys=venue_a:520224&window=100', { key: a.key, scope }));
    must(out.status === 502, `expected 502, got ${out.status}`);
    return v(spent !== 0, `window=100, upstream 502: spent ${spent}`);
  },
  async generation_quota_limit_scope_bound(api) {
    const a = await api.newAccount(100000);
    let admitted = 0;
    let r;
    for (let i = 0; i < 80; i++) {
      r = await api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_a', market_id: '1000503' },
        { key: a.key, headers: { 'idempotency-key': randomUUID() } });
      if (r.status === 429 && r.json && r.json.quotaScope) break;
      must(r.status === 202 || r.status === 200 || r.status === 201 || r.status === 429, `generation answered ${r.status}`);
      if (r.status === 429) { await sleep(1100); continue; }
      admitted++;
      await sleep(60);
    }
    must(r.status === 429 && r.json.quotaScope === 'venue_market_daily', `no owner-scoped quota 429 (last ${r.status})`);
    return v(r.json.limit !== admitted, `${admitted} admitted, then 429 ${r.json.quotaScope} limit ${r.json.limit} (RateLimit-Policy ${r.headers['ratelimit-policy']})`);
  },
  async asset_summary_published_signals_counted(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?reference=us-cpi&reference=eth&reference=fed-funds-rate', { key: a.key });
    must(r.status === 200 && r.json && r.json.assets.length >= 1, `asset search answered ${r.status}`);
    const bad = [];
    for (const x of r.json.assets) {
      const n = x.linked_markets.filter((m) => m.has_published_signal).length;
      if (x.market_summary.markets_with_published_signal !== n) bad.push(`${x.assetKey}: ${x.market_summary.markets_with_published_signal} vs ${n} markets`);
    }
    const q = await api.get('/api/v1/assets/search?q=*', { key: a.key });
    const cpi = q.status === 200 && q.json.assets.find((x) => x.assetKey === 'us-cpi');
    return v(bad.length > 0, `${bad.length ? bad.join('; ') : 'all agree'}; q=* us-cpi says ${cpi ? cpi.market_summary.markets_with_published_signal : '?'}`);
  },
  // ------------------------------------------------------------------ round 10 (a)
  async availability_agreeing_ids_accepted(api) {
    const k = await api.get('/api/public/forecast-availability?market_key=venue_a:520224');
    must(k.status === 200 && k.json.tracked === true, `market_key alone answered ${k.status}`);
    const slug = k.json.market.slug;
    const s = await api.get(`/api/public/forecast-availability?slug=${enc(slug)}`);
    must(s.status === 200 && s.json.market && s.json.market.marketKey === 'venue_a:520224', `slug alone answered ${s.status}`);
    const r = await api.get(`/api/public/forecast-availability?market_key=venue_a:520224&slug=${enc(slug)}`);
    return v(r.status !== 422, `market_key + slug of one market -> ${r.status} ${r.text.slice(0, 100)}`);
  },
  async assets_material_only_false_directory(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?material_only=false', { key: a.key });
    return v(r.status !== 422, `material_only=false alone -> ${r.status} ${r.text.slice(0, 100)}`);
  },
  async assets_material_asset_type_case_sensitive(api) {
    const a = await api.newAccount();
    const keys = async (t) => {
      const r = await api.get(`/api/v1/assets/search?material_only=true&asset_type=${t}`, { key: a.key });
      must(r.status === 200, `material_only asset_type=${t} answered ${r.status}`);
      return r.json.assets.map((x) => x.assetKey).sort().join(',');
    };
    const lower = await keys('cryptoasset');
    must(lower.length > 0, 'no material cryptoassets');
    const mixed = await keys('CryptoAsset');
    return v(lower !== mixed, `cryptoasset: [${lower}]; CryptoAsset: [${mixed}]`);
  },
  async assets_reference_uuid_lost_with_filter(api) {
    const a = await api.newAccount();
    const k = await api.get('/api/v1/assets/search?reference=btc', { key: a.key });
    must(k.status === 200 && k.json.assets.length === 1, `reference=btc answered ${k.status}`);
    const { id, asset_type: type } = k.json.assets[0];
    const alone = await api.get(`/api/v1/assets/search?reference=${id}`, { key: a.key });
    must(alone.status === 200 && alone.json.assets.some((x) => x.id === id), 'UUID alone does not find the Asset');
    const r = await api.get(`/api/v1/assets/search?reference=${id}&asset_type=${type}`, { key: a.key });
    must(r.status === 200, `UUID + asset_type answered ${r.status}`);
    return v(!r.json.assets.some((x) => x.id === id), `reference=${id}&asset_type=${type}: [${r.json.assets.map((x) => x.assetKey)}]`);
  },
  async signals_slug_over_255_refused(api) {
    const a = await api.newAccount();
    const r = await api.get(`/api/v1/markets/${'a'.repeat(300)}/signals`, { key: a.key });
    must(r.status === 404 || r.status === 422, `300-char slug answered ${r.status}`);
    return v(r.status !== 404, `300-char slug -> ${r.status} ${r.text.slice(0, 80)}`);
  },
  // ------------------------------------------------------------------ round 10 (b)
  async profile_post_threshold_extra_day(api) {
    const a = await api.newAccount();
    const ok = await api.post('/api/v1/x/profile', { handle: 'nobody', lookback_days: 25 }, { key: a.key });
    must(ok.status === 200, `lookback 25 answered ${ok.status}`);
    await sleep(1100);
    const r = await api.post('/api/v1/x/profile', { handle: 'nobody', lookback_days: 24 }, { key: a.key });
    must(r.status === 200 || r.status === 404, `lookback 24 answered ${r.status} ${r.text.slice(0, 100)}`);
    if (r.status === 404) return v(false, `404 ${r.json.error}: ${r.json.message}`);
    const older = r.json.evidence.filter((e) => e.published_at && e.published_at.slice(0, 10) < r.json.window.from_date).length;
    return v(true, `200 profile: window ${JSON.stringify(r.json.window)}, ${older} evidence post(s) before from_date`);
  },
  async refund_dropped_while_key_busy(api) {
    const a = await api.newAccount();
    const scope = `busy-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/latest', latencyMs: 1500, times: 1, scope });
    const before = await api.credits(a);
    const slow = api.get('/api/v1/latest', { key: a.key, scope });
    await sleep(300);
    const nf = await api.get('/api/v1/markets/nope-nope/forecast', { key: a.key });
    const s = await slow;
    must(nf.status === 404 && s.status === 200, `404 call ${nf.status}, slow call ${s.status}`);
    const spent = (await api.credits(a)) - before;
    return v(-spent !== 20, `spent ${-spent} credits (latest 20 + 404 ${-spent - 20})`);
  },
  async search_unpriced_quote_method_midpoint(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/search?q=cpi', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.markets), `search ${r.status}`);
    const unpriced = r.json.markets.filter((m) => m.venue_quote && m.venue_quote.selected_probability === null && m.venue_quote.yes_bid === null && m.venue_quote.yes_ask === null && m.venue_quote.yes_last === null);
    must(unpriced.length > 0, 'no unpriced quote in the answer');
    const bad = unpriced.filter((m) => m.venue_quote.quote_method !== null);
    return v(bad.length > 0, `${bad.length}/${unpriced.length} unpriced quotes with quote_method ${bad.length ? bad[0].venue_quote.quote_method : 'null'} (${bad.slice(0, 2).map((m) => m.marketKey)})`);
  },
  async ip_guard_second_429_scope_standard(api) {
    const a = await api.newAccount();
    await sleep(1100);
    const u = await api.control('POST', '/__control/limits/usage', { scope: 'ip_guard', window: 'second', count: 50 });
    must(u.status === 200, `ip_guard preload ${u.status}`);
    const r = await api.get('/api/v1/assets', { key: a.key });
    must(r.status === 429 && String(r.headers.ratelimit || '').startsWith('"ip_guard-second"'), `expected an ip_guard-second 429, got ${r.status} ${r.headers.ratelimit}`);
    await sleep(1100);
    return v(r.json.limit_scope !== 'ip_guard', `limit_scope ${r.json.limit_scope}, RateLimit ${r.headers.ratelimit}`);
  },
  // ------------------------------------------------------------------ round 11 (a)
  async latest_slugless_market_events_dropped(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/latest?hours=6', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.events), `latest ${r.status}`);
    const since = Date.parse(r.json.window.since);
    const asOf = Date.parse(r.json.as_of);
    const c = await api.get('/api/v1/markets', { key: a.key });
    must(c.status === 200, `markets ${c.status}`);
    // markets without a slug whose newest forecast lies well inside the feed's window
    const want = c.json.markets.filter((m) => m.slug === null && m.latest_forecast_at
      && Date.parse(m.latest_forecast_at) > since + 60_000 && Date.parse(m.latest_forecast_at) <= asOf);
    must(want.length > 0, 'no slug-less market with a forecast in the window');
    const seen = new Set(r.json.events.filter((e) => e.type === 'forecast').map((e) => e.market && e.market.marketKey));
    const missing = want.filter((m) => !seen.has(m.marketKey));
    return v(missing.length > 0, `${missing.length}/${want.length} slug-less markets with an in-window forecast have no forecast event (${missing.slice(0, 3).map((m) => m.marketKey)}); count ${r.json.count}`);
  },
  async markets_changed_within_lost_with_venue(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets?venue=venue_b&changed_within=2', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.markets), `markets ${r.status}`);
    const now = await api.now();
    must(r.json.markets.length > 0, 'no venue_b market changed within 2 h');
    const bad = r.json.markets.filter((m) => !m.latest_forecast_at || now - Date.parse(m.latest_forecast_at) > 2 * 3600_000 + 60_000);
    return v(bad.length > 0, `${bad.length}/${r.json.markets.length} rows without a forecast in the last 2 h (${bad.slice(0, 2).map((m) => `${m.marketKey}@${m.latest_forecast_at}`)})`);
  },
  async assets_filtered_directory_key_order(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?q=*&asset_type=company', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.assets), `assets search ${r.status}`);
    const s = r.json.assets.map((x) => x.relevance.score);
    must(new Set(s).size > 1, 'all scores equal');
    const at = s.findIndex((x, i) => i > 0 && x > s[i - 1]);
    return v(at > 0, at > 0 ? `${r.json.assets[at].assetKey} (${s[at]}) after ${r.json.assets[at - 1].assetKey} (${s[at - 1]})` : `scores non-increasing: ${s.join(',')}`);
  },
  async availability_market_key_own_venue_accepted(api) {
    const alone = await api.get('/api/public/forecast-availability?market_key=venue_a:520224');
    must(alone.status === 200 && alone.json.tracked === true, `market_key alone ${alone.status}`);
    const other = await api.get('/api/public/forecast-availability?market_key=venue_a:520224&venue=venue_b');
    must(other.status === 422, `disagreeing venue ${other.status}`);
    const r = await api.get('/api/public/forecast-availability?market_key=venue_a:520224&venue=venue_a');
    return v(r.status !== 422, `market_key with its own venue answered ${r.status} ${r.text.slice(0, 80)}`);
  },
  async markets_catalog_capped_250(api) {
    const a = await api.newAccount();
    const all = await api.get('/api/v1/markets', { key: a.key });
    must(all.status === 200, `markets ${all.status}`);
    const union = new Set();
    for (const venue of ['venue_a', 'venue_a_us', 'venue_b', 'venue_c']) {
      const r = await api.get(`/api/v1/markets?venue=${venue}`, { key: a.key });
      must(r.status === 200, `markets venue=${venue} ${r.status}`);
      for (const m of r.json.markets) union.add(m.marketKey);
    }
    must(union.size > 250, `only ${union.size} markets qualify`);
    const got = new Set(all.json.markets.map((m) => m.marketKey));
    const missing = [...union].filter((k) => !got.has(k));
    return v(missing.length > 0, `unfiltered answer has ${got.size} rows; ${missing.length} of the ${union.size} venue-listed markets missing (${missing.slice(0, 3)})`);
  },
  // ------------------------------------------------------------------ round 11 (b)
  async link_unpaid_attempt_consumes_token(api) {
    const a = await api.newAccount();
    const t = await api.post('/api/auth/wallets/x402-token', undefined, { key: a.key });
    must(t.status === 200 && t.json && typeof t.json.token === 'string', `token issue answered ${t.status}`);
    const url = `/api/v1/wallets/link?token=${enc(t.json.token)}`;
    const first = await api.get(url, { key: a.key });
    must(first.status === 422 && first.json.error === 'x402_payment_required', `first unpaid attempt ${first.status} ${first.text.slice(0, 100)}`);
    const second = await api.get(url, { key: a.key });
    return v(!(second.status === 422 && second.json.error === 'x402_payment_required'), `second unpaid attempt of an issued, unexpired token -> ${second.status} ${second.json && second.json.error}`);
  },
  async job_read_own_job_entitlement_skipped(api) {
    const a = await api.newAccount();
    const id = await newJob(api, a);
    const p = await api.control('PATCH', `/__control/accounts/${a.id}`, { entitled: false });
    must(p.status === 200 && p.json.entitled === false, `entitlement revoke answered ${p.status}`);
    const other = await api.get(`/api/auth/forecast-requests/${randomUUID()}`, { key: a.key });
    must(other.status === 403, `unknown jobId of an unentitled account -> ${other.status}`);
    const r = await api.get(`/api/auth/forecast-requests/${id}?view=status`, { key: a.key });
    return v(r.status !== 403, `own job read after the entitlement lapsed -> ${r.status} ${r.json && (r.json.status || r.json.error)}`);
  },
  async unsigned_challenge_standard_second(api) {
    await sleep(1100);
    const t0 = Date.now();
    const out = await Promise.all(Array.from({ length: 25 }, () => api.get('/api/v1/assets')));
    const took = Date.now() - t0;
    must(took < 900, `25 unsigned calls took ${took} ms`);
    const codes = out.map((r) => r.status);
    must(codes.every((c) => c === 402 || c === 429), `unexpected statuses ${codes}`);
    const refused = out.filter((r) => r.status === 429);
    await sleep(1100);
    return v(refused.length > 0, `${refused.length}/25 unsigned challenge requests refused 429 (${refused.length ? `limit_scope ${refused[0].json.limit_scope}, RateLimit ${refused[0].headers.ratelimit}` : 'all 402'})`);
  },
  async job_foreign_pending_404_retry_after(api) {
    const a = await api.newAccount();
    const b = await api.newAccount();
    const id = await newJob(api, a);
    const own = await api.get(`/api/auth/forecast-requests/${id}?view=status`, { key: a.key });
    must(own.status === 200 && ['accepted', 'submitted', 'running'].includes(own.json.status) && own.headers['retry-after'], `owner read ${own.status} ${own.json && own.json.status}`);
    const foreign = await api.get(`/api/auth/forecast-requests/${id}?view=status`, { key: b.key });
    const unknown = await api.get(`/api/auth/forecast-requests/${randomUUID()}?view=status`, { key: b.key });
    must(foreign.status === 404 && unknown.status === 404, `foreign ${foreign.status}, unknown ${unknown.status}`);
    const differs = foreign.headers['retry-after'] !== unknown.headers['retry-after'] || foreign.text !== unknown.text;
    return v(differs, `foreign 404 Retry-After=${foreign.headers['retry-after']}, unknown 404 Retry-After=${unknown.headers['retry-after']}`);
  },
  async generation_venue_b_idempotency_optional(api) {
    const a = await api.newAccount(5000);
    const { spent, out } = await api.spent(a, () => api.post('/api/auth/forecast-requests',
      { kind: 'venue_market', venue: 'venue_b', market_id: 'KXCPIYOY-26MAR-T2.8' }, { key: a.key }));
    must([422, 200, 201, 202].includes(out.status), `generation without a key answered ${out.status} ${out.text.slice(0, 100)}`);
    return v(out.status !== 422, `venue_b body without an idempotency key -> ${out.status} ${out.text.slice(0, 80)}; spent ${spent}`);
  },
  // ------------------------------------------------------------------ round 12 (a)
  async oil_no_marks_degraded_from_health(api) {
    const scope = `r12a-oil-${randomUUID()}`;
    const o = await api.control('POST', '/__control/oil', { scope, reading: 'seeded', marksDown: ['perp_venue_b'] });
    must(o.status === 200, `oil state answered ${o.status}`);
    const a = await api.newAccount();
    await sleep(1100);
    const r = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key, scope });
    await sleep(1100);
    must(r.status === 200 && r.json && typeof r.json.degraded === 'boolean', `oil answered ${r.status} ${r.text.slice(0, 100)}`);
    must(!r.json.marks || Object.values(r.json.marks).every((x) => x == null) || Object.keys(r.json.marks).length === 0, `marks fetched: ${JSON.stringify(r.json.marks)}`);
    return v(r.json.degraded !== false, `include_marks=false with perp_venue_b down: marks ${JSON.stringify(r.json.marks)}, degraded ${r.json.degraded}`);
  },
  async xsearch_repeat_served_from_cache(api) {
    try {
      const a = await api.newAccount();
      const body = { query: 'oil', range_days: 1, limit: 30 };
      const first = await api.post('/api/v1/x/search', body, { key: a.key });
      must(first.status === 200 && Array.isArray(first.json.results), `first search ${first.status}`);
      const adv = await api.control('POST', '/__control/clock', { advanceSeconds: 43200 });
      must(adv.status === 200, `clock answered ${adv.status}`);
      const now = await api.now();
      const { spent, out } = await api.spent(a, () => api.post('/api/v1/x/search', body, { key: a.key }));
      must(out.status === 200 && Array.isArray(out.json.results) && spent === 500, `second search ${out.status}, spent ${spent}`);
      const old = out.json.results.filter((x) => Date.parse(x.published_at) < now - 86400_000);
      const stale = out.json.searched_at === first.json.searched_at;
      return v(old.length > 0 || stale, `repeat after +12 h: ${out.json.results.length} results (first ${first.json.results.length}), ${old.length} older than range_days=1, searched_at ${stale ? 'same as first' : 'new'}`);
    } finally { await api.reset(); }
  },
  async job_result_hydrated_by_market(api) {
    try {
      const a = await api.newAccount(10000);
      const first = await newJob(api, a);
      const adv = await api.control('POST', '/__control/clock', { advanceSeconds: 700 });
      must(adv.status === 200, `clock answered ${adv.status}`);
      const done = await api.get(`/api/auth/forecast-requests/${first}`, { key: a.key });
      must(done.status === 200 && done.json.status === 'succeeded' && done.json.forecasts.length > 0, `first job ${done.status} ${done.json && done.json.status}`);
      const b = await api.newAccount(10000);
      const second = await newJob(api, b);
      const pending = await api.get(`/api/auth/forecast-requests/${second}`, { key: b.key });
      must(pending.status === 200 && ['accepted', 'submitted', 'running'].includes(pending.json.status), `second job ${pending.status} ${pending.json && pending.json.status}`);
      const end = await api.control('POST', `/__control/jobs/${second}`, { outcome: 'failed' });
      must(end.status === 200, `job end answered ${end.status}`);
      const failed = await api.get(`/api/auth/forecast-requests/${second}?view=result`, { key: b.key });
      must(failed.status === 200 && failed.json.status === 'failed', `failed job ${failed.status} ${failed.json && failed.json.status}`);
      const np = pending.json.forecasts.length;
      const nf = failed.json.forecasts.length;
      return v(np > 0 || nf > 0, `second job on the same market: ${pending.json.status} with ${np} forecasts, then failed with ${nf} forecasts (forecastIds ${JSON.stringify(failed.json.forecastIds)})`);
    } finally { await api.reset(); }
  },
  async job_read_standard_limited(api) {
    const a = await api.newAccount(10000);
    const id = await newJob(api, a);
    await api.fill('standard', 'minute', 600, a);
    const paid = await api.get('/api/v1/assets', { key: a.key });
    must(paid.status === 429 && paid.json.limit_scope === 'standard', `paid call answered ${paid.status}`);
    const r = await api.get(`/api/auth/forecast-requests/${id}?view=status`, { key: a.key });
    must(r.status === 200 || r.status === 429, `job read answered ${r.status}`);
    return v(r.status !== 200, `job read while the key is refused by the standard scope: ${r.status} ${r.json && r.json.limit_scope ? `limit_scope ${r.json.limit_scope}, Retry-After ${r.headers['retry-after']}` : ''}`);
  },
  async social_502_retry_after(api) {
    const scope = `r12a-x-${randomUUID()}`;
    await api.fault({ method: 'POST', path: '/api/v1/x/search', scope, times: 1 });
    const a = await api.newAccount();
    const r = await api.post('/api/v1/x/search', { query: 'oil' }, { key: a.key, scope });
    must(r.status === 502 && r.json && typeof r.json.error === 'string', `x/search answered ${r.status}`);
    return v('retry_after' in r.json, `502 body ${JSON.stringify(r.json)}`);
  },
  // ---------------------------------------------------------------- round 12 (b)
  async availability_unforecast_answer_cached(api) {
    const a = await api.newAccount(20000);
    const cat = await api.get('/api/v1/markets', { key: a.key });
    must(cat.status === 200, `catalog ${cat.status}`);
    let pick = null;
    for (const m of cat.json.markets.filter((x) => x.venue === 'venue_a' && x.forecast_count === 0).slice(0, 15)) {
      const r = await api.get(`/api/public/forecast-availability?market_key=${enc(m.marketKey)}`);
      if (r.status === 200 && r.json.tracked && r.json.available === false && r.json.generation && !r.json.excluded && !r.json.targetResolution) { pick = { m, r }; break; }
    }
    must(pick, 'no venue_a market without a stored forecast');
    const url = `/api/public/forecast-availability?market_key=${enc(pick.m.marketKey)}`;
    const g = await api.post('/api/auth/forecast-requests', pick.r.json.generation.body, { key: a.key, headers: { 'idempotency-key': randomUUID() } });
    must([200, 201, 202].includes(g.status), `generation ${g.status} ${g.text.slice(0, 100)}`);
    await api.control('POST', '/__control/clock', { advanceSeconds: 700 });
    const j = await api.get(`/api/auth/forecast-requests/${g.json.jobId}?view=status`, { key: a.key });
    must(j.status === 200 && j.json.status === 'succeeded' && j.json.forecastIds.length > 0, `job ${j.status} ${j.json && j.json.status}`);
    const after = await api.get(url);
    must(after.status === 200, `availability ${after.status}`);
    const b = after.json;
    return v(b.available !== true || b.generation !== null || !b.read || !b.latestForecast,
      `${pick.m.marketKey} after job ${j.json.status} (${j.json.forecastIds[0]}): available ${b.available}, read ${b.read && b.read.endpoint}, generation ${b.generation ? 'non-null' : 'null'}, latestForecast ${b.latestForecast && b.latestForecast.id}`);
  },
  async latest_hours_lost_with_types(api) {
    const a = await api.newAccount();
    const all = await api.get('/api/v1/latest?hours=6', { key: a.key });
    const typed = await api.get('/api/v1/latest?hours=6&types=forecast,article,x_post', { key: a.key });
    must(all.status === 200 && typed.status === 200, `latest ${all.status} ${typed.status}`);
    must(typed.json.window.hours === 6, `typed window ${JSON.stringify(typed.json.window)}`);
    const since = Date.parse(typed.json.window.since);
    const asOf = Date.parse(typed.json.as_of);
    const ids = new Set(typed.json.events.map((e) => e.id));
    const older = all.json.events.filter((e) => { const t = Date.parse(e.occurred_at); return t > since + 60_000 && t < asOf - 3 * 3600_000; });
    must(older.length > 0, 'no event 3 to 6 hours old');
    const missing = older.filter((e) => !ids.has(e.id));
    return v(missing.length > 0, `${missing.length}/${older.length} events 3-6 h old missing from hours=6&types=... (window.hours ${typed.json.window.hours}, count ${typed.json.count})`);
  },
  async latest_forecast_asset_refs_direct(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/latest?hours=6&types=forecast', { key: a.key });
    must(r.status === 200, `latest ${r.status}`);
    const refs = r.json.events.flatMap((e) => (e.forecast && e.forecast.relationships ? e.forecast.relationships.assets : []));
    must(refs.length > 0, 'no asset refs in compact forecasts');
    // a forecast touches its market (ON_MARKET) and its signals (ON_FORECAST); a HAS_MARKET edge reaches it only through the market
    const bad = refs.filter((x) => x.relationship === 'HAS_MARKET' && x.via !== 'market');
    return v(bad.length > 0, `${bad.length}/${refs.length} compact-forecast asset refs with HAS_MARKET via ${bad[0] && bad[0].via}`);
  },
  async markets_spread_only_listed(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets', { key: a.key });
    const s = await api.get('/api/v1/signals', { key: a.key });
    must(r.status === 200 && s.status === 200, `catalog ${r.status}, signals ${s.status}`);
    const published = new Set(s.json.signals.map((x) => x.market && x.market.marketKey));
    const bad = r.json.markets.filter((m) => !(m.forecast_count > 0) && !(m.signal_count > 0) && !published.has(m.marketKey));
    const facetSum = r.json.venue_facets.reduce((n, f) => n + f.count, 0);
    must(facetSum === r.json.markets.length, `facets ${facetSum} vs rows ${r.json.markets.length}`);
    return v(bad.length > 0, `${bad.length} listed markets with no in-window forecast and no signal: ${bad.slice(0, 4).map((m) => m.marketKey).join(', ')}`);
  },
  async assets_reference_material_only_dropped(api) {
    const a = await api.newAccount();
    const plain = await api.get('/api/v1/assets/search?reference=dormant-holdings', { key: a.key });
    must(plain.status === 200 && plain.json.assets.length === 1 && plain.json.assets[0].linked_markets.length > 0, `reference alone ${plain.status}`);
    const immaterial = plain.json.assets[0].linked_markets.every((m) => m.market_odds === null && m.latest_service_probability === null);
    must(immaterial, 'dormant-holdings has a material market');
    const r = await api.get('/api/v1/assets/search?reference=dormant-holdings&material_only=true', { key: a.key });
    must(r.status === 200 && r.json.material_only === true, `material reference ${r.status} ${r.json && r.json.material_only}`);
    const bad = r.json.assets.filter((x) => !x.linked_markets.some((m) => m.market_odds !== null || m.latest_service_probability !== null));
    return v(bad.length > 0, `material_only=true kept ${bad.map((x) => `${x.assetKey} (${x.linked_markets.length} markets, none material)`).join(', ') || 'nothing'}`);
  },
  // ------------------------------------------------------------------ round 13 (a)
  async availability_forecast_signal_refs_has_signal(api) {
    const r = await api.get('/api/public/forecast-availability?market_key=venue_a:1004471');
    must(r.status === 200 && r.json.latestForecast, `availability ${r.status}`);
    const refs = r.json.latestForecast.relationships.signals;
    must(refs.length > 0, 'no signal refs on the latest forecast');
    const bad = refs.filter((x) => x.relationship !== 'ON_FORECAST');
    return v(bad.length > 0, `forecast signal refs: ${refs.map((x) => `${x.id} ${x.relationship} ${x.direction} ${x.via}`).join('; ')}`);
  },
  async signals_evidence_day_bucket_order(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/will-us-unemployment-reach-5-in-2026/signals', { key: a.key });
    must(r.status === 200 && r.json.signals.length >= 2, `evidence ${r.status}`);
    const t = r.json.signals.map((s) => Date.parse(s.published_at));
    const i = t.findIndex((x, k) => k > 0 && x > t[k - 1]);
    return v(i > 0, i > 0 ? `${r.json.signals[i - 1].published_at} (${r.json.signals[i - 1].source}) before ${r.json.signals[i].published_at} (${r.json.signals[i].source})` : 'newest first');
  },
  async markets_topic_tag_word_match(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets?topic=rates', { key: a.key });
    must(r.status === 200 && r.json.markets.length > 0, `catalog ${r.status}`);
    const bad = r.json.markets.filter((m) => ![...m.tags, ...m.categories].some((x) => x.toLowerCase() === 'rates'));
    return v(bad.length > 0, `${r.json.markets.length} rows, ${bad.length} without tag or category "rates" (e.g. ${bad.slice(0, 2).map((m) => `${m.marketKey} ${m.tags.join('/')}`).join(', ')})`);
  },
  async signal_list_sibling_market_refs_incoming(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/signals', { key: a.key });
    must(r.status === 200 && r.json.signals.length > 0, `signal list ${r.status}`);
    const refs = r.json.signals.flatMap((s) => s.market.relationships.markets.filter((x) => x.via === 'asset' && x.relationship === 'HAS_MARKET'));
    must(refs.length > 0, 'no two-hop market refs');
    const bad = refs.filter((x) => x.direction !== 'outgoing');
    return v(bad.length > 0, `${bad.length} of ${refs.length} HAS_MARKET via asset refs not outgoing`);
  },
  async sources_x_post_market_envelope_empty(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/sources?market_keys=venue_c:c-9dce55d58f&window=168', { key: a.key });
    must(r.status === 200, `sources ${r.status}`);
    const posts = r.json.sources.filter((s) => s.type === 'x_post');
    must(posts.length > 0, 'no x_post item');
    const bad = posts.filter((s) => s.market.relationships.assets.length === 0 && s.market.relationships.truncated.assets === false);
    const arts = r.json.sources.filter((s) => s.type === 'article').map((s) => s.market.relationships.assets.length);
    return v(bad.length > 0, `x_post market asset refs ${posts.map((s) => s.market.relationships.assets.length).join(',')} (article items: ${arts.join(',')})`);
  },
  // ---------------------------------------------------------------- round 13 (b)
  async job_read_empty_balance_403(api) {
    const a = await api.newAccount(1000);
    const id = await newJob(api, a);
    must((await api.credits(a)) === 0, 'the generation did not take the balance to 0');
    const r = await api.get(`/api/auth/forecast-requests/${id}?view=status`, { key: a.key });
    return v(r.status !== 200 || r.json.jobId !== id, `own job read at a zero balance -> ${r.status} ${r.json && (r.json.error || r.json.status)}`);
  },
  async empty_balance_refusal_cached(api) {
    const a = await api.newAccount(0);
    const first = await api.get('/api/v1/latest', { key: a.key });
    must(first.status === 403 && first.json.error === 'insufficient_credits', `empty account -> ${first.status}`);
    const p = await api.control('PATCH', `/__control/accounts/${a.id}`, { credits: 1000 });
    must(p.status === 200 && p.json.credits === 1000, `top-up answered ${p.status}`);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/latest', { key: a.key }));
    return v(out.status !== 200, `after a top-up to 1000 credits -> ${out.status} ${out.json && out.json.error} (spent ${spent})`);
  },
  async standard_day_429_minute_wait(api) {
    try {
      const a = await api.newAccount();
      await api.fill('standard', 'day', 20000, a);
      const r = await api.get('/api/v1/latest', { key: a.key });
      must(r.status === 429 && r.json.limit_scope === 'standard', `expected a standard 429, got ${r.status}`);
      const wait = Number(r.headers['retry-after']);
      must(Number.isInteger(wait) && wait > 0 && r.json.retry_after === wait, `retry-after ${r.headers['retry-after']} / ${r.json.retry_after}`);
      await api.control('POST', '/__control/clock', { advanceSeconds: wait + 1 });
      const again = await api.get('/api/v1/latest', { key: a.key });
      return v(again.status !== 200, `Retry-After ${wait} honoured (+1 s) -> ${again.status} ${again.json && again.json.message}`);
    } finally { await api.reset(); }
  },
  async profile_focus_gate_on_subset(api) {
    const a = await api.newAccount(10000);
    const g = await api.post('/api/v1/x/profile', { handle: 'nobody', lookback_days: 30 }, { key: a.key });
    must(g.status === 200 && g.json.window.post_count >= 15 && g.json.window.post_count < 20, `general profile ${g.status} ${g.json && g.json.window && g.json.window.post_count}`);
    await sleep(250);
    const { spent, out: r } = await api.spent(a, () => api.post('/api/v1/x/profile', { handle: 'nobody', lookback_days: 30, focus: 'trading' }, { key: a.key }));
    return v(r.status !== 200, `focus trading of an account with ${g.json.window.post_count} grounded posts -> ${r.status} ${r.json && (r.json.message || r.json.window && r.json.window.post_count)} (spent ${spent})`);
  },
  async link_token_ttl_10_minutes(api) {
    try {
      const a = await api.newAccount();
      const t = await api.post('/api/auth/wallets/x402-token', undefined, { key: a.key });
      must(t.status === 200 && t.json && typeof t.json.token === 'string', `token issue answered ${t.status}`);
      await api.control('POST', '/__control/clock', { advanceSeconds: 12 * 60 });
      const r = await api.get(`/api/v1/wallets/link?token=${enc(t.json.token)}`, { key: a.key });
      must(r.status === 422, `unpaid use at 12 minutes -> ${r.status}`);
      return v(r.json.error !== 'x402_payment_required', `unpaid use of a 12-minute-old token -> 422 ${r.json.error} (${r.json.message})`);
    } finally { await api.reset(); }
  },
  // ---------------------------------------------------------------- round 14 (a)
  async oil_episode_days_from_clock(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/signals/oil', { key: a.key });
    must(r.status === 200 && r.json.reading && r.json.episode, `oil ${r.status}`);
    const open = Date.parse(r.json.episode.opened_at.slice(0, 10));
    const last = Date.parse(r.json.reading.reading_date);
    const most = Math.round((last - open) / 86_400_000) + 1;
    return v(r.json.episode.days > most, `episode opened ${r.json.episode.opened_at}, latest reading ${r.json.reading.reading_date} (at most ${most} reading days): days ${r.json.episode.days}`);
  },
  async sources_market_refs_uncapped(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/sources?market_keys=venue_a:1000503&window=168', { key: a.key });
    must(r.status === 200 && r.json.sources.length > 0, `sources ${r.status}`);
    const sizes = r.json.sources.map((s) => s.market.relationships.markets.length);
    const bad = r.json.sources.filter((s) => ['assets', 'markets', 'signals'].some((c) => s.market.relationships[c].length > 50));
    return v(bad.length > 0, `market ref counts ${[...new Set(sizes)].join(',')}, truncated.markets ${[...new Set(r.json.sources.map((s) => s.market.relationships.truncated.markets))].join(',')}`);
  },
  async markets_topic_category_slug_form(api) {
    const a = await api.newAccount();
    const all = await api.get('/api/v1/markets', { key: a.key });
    const exact = await api.get(`/api/v1/markets?topic=${enc('Climate and Weather')}`, { key: a.key });
    const slug = await api.get('/api/v1/markets?topic=climate-and-weather', { key: a.key });
    must(all.status === 200 && exact.status === 200 && slug.status === 200, `catalog ${all.status}/${exact.status}/${slug.status}`);
    const want = (t) => all.json.markets.filter((m) => [...m.tags, ...m.categories].some((x) => x.toLowerCase() === t)).map((m) => m.marketKey).sort().join(',');
    const got = (r) => r.json.markets.map((m) => m.marketKey).sort().join(',');
    must(want('climate and weather').length > 0, 'no market in the category Climate and Weather');
    const bad = [];
    if (got(exact) !== want('climate and weather')) bad.push(`topic "Climate and Weather" -> ${exact.json.markets.length} rows (want ${want('climate and weather').split(',').length})`);
    if (got(slug) !== want('climate-and-weather')) bad.push(`topic climate-and-weather -> ${slug.json.markets.length} rows (want 0)`);
    return v(bad.length > 0, bad.join('; ') || 'exact');
  },
  async search_last_trade_quote_stale(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/search?q=fed', { key: a.key });
    must(r.status === 200 && r.json.markets.length > 0, `search ${r.status}`);
    const live = r.json.markets.filter((m) => (m.venue === 'venue_a' || m.venue === 'venue_b') && m.venue_quote && m.venue_quote.quote_method);
    must(live.some((m) => m.venue_quote.quote_method === 'last_trade'), 'no last-trade quote');
    const bad = live.filter((m) => m.venue_quote.freshness !== 'verified');
    return v(bad.length > 0, `${bad.length} of ${live.length} priced venue_a/venue_b quotes not verified (${[...new Set(bad.map((m) => `${m.venue_quote.quote_method}:${m.venue_quote.freshness}`))].join(', ')})`);
  },
  async assets_q_popularity_order(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?q=rate', { key: a.key });
    must(r.status === 200 && r.json.assets.length >= 3, `asset search ${r.status}`);
    const s = r.json.assets.map((x) => x.relevance.score);
    const i = s.findIndex((x, k) => k > 0 && x > s[k - 1]);
    return v(i > 0, `order ${r.json.assets.map((x) => `${x.assetKey} ${x.relevance.score}`).join(', ')}`);
  },
  // ---------------------------------------------------------------- round 14 (b)
  async job_read_entitlement_denial_cached(api) {
    const a = await api.newAccount(5000);
    const id = await newJob(api, a);
    const off = await api.control('PATCH', `/__control/accounts/${a.id}`, { entitled: false });
    must(off.status === 200 && off.json.entitled === false, `entitlement withdrawal answered ${off.status}`);
    const first = await api.get(`/api/auth/forecast-requests/${id}?view=status`, { key: a.key });
    must(first.status === 403, `read without entitlement -> ${first.status}`);
    const on = await api.control('PATCH', `/__control/accounts/${a.id}`, { entitled: true });
    must(on.status === 200 && on.json.entitled === true, `entitlement restoration answered ${on.status}`);
    const r = await api.get(`/api/auth/forecast-requests/${id}?view=status`, { key: a.key });
    return v(r.status !== 200 || r.json.jobId !== id, `own job read after the entitlement was restored -> ${r.status} ${r.json && (r.json.error || r.json.status)}`);
  },
  async link_token_reissue_revokes_previous(api) {
    try {
      const a = await api.newAccount();
      const t1 = await api.post('/api/auth/wallets/x402-token', undefined, { key: a.key });
      must(t1.status === 200 && t1.json && typeof t1.json.token === 'string', `first token issue answered ${t1.status}`);
      const t2 = await api.post('/api/auth/wallets/x402-token', undefined, { key: a.key });
      must(t2.status === 200 && t2.json && typeof t2.json.token === 'string' && t2.json.token !== t1.json.token, `second token issue answered ${t2.status}`);
      const r2 = await api.get(`/api/v1/wallets/link?token=${enc(t2.json.token)}`, { key: a.key });
      must(r2.status === 422 && r2.json.error === 'x402_payment_required', `unpaid use of the newest token -> ${r2.status} ${r2.json && r2.json.error}`);
      const r = await api.get(`/api/v1/wallets/link?token=${enc(t1.json.token)}`, { key: a.key });
      return v(r.status !== 422 || r.json.error !== 'x402_payment_required', `unpaid use of the earlier live token -> ${r.status} ${r.json && r.json.error}`);
    } finally { await api.reset(); }
  },
  async generation_quota_resets_0100_utc(api) {
    try {
      const a = await api.newAccount(100000);
      const body = { kind: 'venue_market', venue: 'venue_a', market_id: '1000503' };
      let r;
      for (let i = 0; i < 60; i++) {
        r = await api.post('/api/auth/forecast-requests', body, { key: a.key, headers: { 'idempotency-key': randomUUID() } });
        if (r.status === 429 && r.json && r.json.quotaScope === 'venue_market_daily') break;
        must(r.status === 202 || r.status === 200 || r.status === 201 || (r.status === 429 && r.json && r.json.limit_scope === 'standard'), `generation ${i} answered ${r.status}`);
        if (r.status === 429) await sleep(1100);
        await sleep(60);
      }
      must(r.status === 429 && r.json.quotaScope === 'venue_market_daily', `no daily-quota 429 (last ${r.status})`);
      const wait = r.json.retryAfter;
      must(Number.isInteger(wait) && wait > 0 && Number(r.headers['retry-after']) === wait, `retryAfter ${wait}, Retry-After ${r.headers['retry-after']}`);
      await api.control('POST', '/__control/clock', { advanceSeconds: wait + 1 });
      const again = await api.post('/api/auth/forecast-requests', body, { key: a.key, headers: { 'idempotency-key': randomUUID() } });
      return v(again.status !== 202 && again.status !== 200 && again.status !== 201, `retryAfter ${wait} honoured (+1 s) -> ${again.status} ${again.json && (again.json.quotaScope || again.json.status)} ${again.json && again.json.retryAfter !== undefined ? `retryAfter ${again.json.retryAfter}` : ''}`);
    } finally { await api.reset(); }
  },
  async ip_guard_minute_429_clock_minute_wait(api) {
    try {
      const a = await api.newAccount();
      const now = await api.now();
      const sec = Math.floor((now % 60_000) / 1000);
      await api.control('POST', '/__control/clock', { advanceSeconds: (80 - sec) % 60 }); // about 20 s past a minute
      await sleep(1100);
      const u = await api.control('POST', '/__control/limits/usage', { scope: 'ip_guard', window: 'minute', count: 1200 });
      must(u.status === 200, `ip_guard preload ${u.status}`);
      const r = await api.get('/api/v1/assets', { key: a.key });
      must(r.status === 429 && String(r.headers.ratelimit || '').startsWith('"ip_guard-minute"'), `expected an ip_guard-minute 429, got ${r.status} ${r.headers.ratelimit}`);
      const wait = Number(r.headers['retry-after']);
      must(Number.isInteger(wait) && wait > 0 && r.json.retry_after === wait, `retry-after ${r.headers['retry-after']} / ${r.json.retry_after}`);
      await api.control('POST', '/__control/clock', { advanceSeconds: wait + 1 });
      const again = await api.get('/api/v1/assets', { key: a.key });
      return v(again.status !== 200, `Retry-After ${wait} honoured (+1 s) -> ${again.status} ${again.json && again.json.message}`);
    } finally { await api.reset(); }
  },
  async unsigned_challenge_cached_before_guard(api) {
    try {
      const first = await api.get('/api/v1/assets');
      must(first.status === 402 && first.headers['payment-required'], `unsigned request -> ${first.status}`);
      await sleep(1100);
      const u = await api.control('POST', '/__control/limits/usage', { scope: 'ip_guard', window: 'minute', count: 1200 });
      must(u.status === 200, `ip_guard preload ${u.status}`);
      const r = await api.get('/api/v1/assets');
      return v(r.status !== 429, `unsigned request with the guard's minute window full -> ${r.status} ${r.json && r.json.error}${r.json && r.json.limit_scope ? ` (${r.json.limit_scope})` : ''}`);
    } finally { await api.reset(); }
  },
  // ---------------------------------------------------------------- round 15 (a)
  async availability_read_pointer_venue_a_us_unqualified(api) {
    const a = await api.newAccount();
    const av = await api.get('/api/public/forecast-availability?market_key=venue_a_us:28098314');
    must(av.status === 200 && av.json.available === true && av.json.read && av.json.latestForecast, `availability ${av.status}`);
    const r = await api.get(av.json.read.endpoint, { key: a.key });
    const got = r.status === 200 && r.json.market && r.json.forecast ? `${r.json.market.marketKey} forecast ${r.json.forecast.id}` : `${r.status} ${r.json && r.json.error}`;
    const ok = r.status === 200 && r.json.market && r.json.market.marketKey === 'venue_a_us:28098314' && r.json.forecast && r.json.forecast.id === av.json.latestForecast.id;
    return v(!ok, `read.endpoint ${av.json.read.endpoint} -> ${got} (latestForecast ${av.json.latestForecast.id})`);
  },
  async availability_market_id_source_down_untracked(api) {
    const scope = `r15a-av-${randomUUID()}`;
    try {
      await api.fault({ method: 'GET', path: '/api/public/forecast-availability', status: 503, scope });
      const k = await api.get('/api/public/forecast-availability?market_key=venue_a:520224', { scope });
      must(k.status === 503, `market_key lookup with the source down -> ${k.status}`);
      const r = await api.get('/api/public/forecast-availability?market_id=520224&venue=venue_a', { scope });
      return v(r.status !== 503, `market_id lookup with the source down -> ${r.status} ${r.json && (r.json.error || `tracked ${r.json.tracked}`)}`);
    } finally { await api.control('DELETE', '/__control/faults'); }
  },
  async targets_venue_a_resolution_down_404(api) {
    const scope = `r15a-tg-${randomUUID()}`;
    try {
      await api.fault({ method: 'GET', path: '/api/public/forecast-targets', status: 503, scope });
      const b = await api.get('/api/public/forecast-targets?ref=KXCPIYOY-26MAR', { scope });
      must(b.status === 503, `venue_b ref with resolution down -> ${b.status}`);
      const r = await api.get(`/api/public/forecast-targets?ref=${enc('venue_a:1000503')}`, { scope });
      return v(r.status !== 503, `venue_a:1000503 with resolution down -> ${r.status} ${r.json && r.json.error}`);
    } finally { await api.control('DELETE', '/__control/faults'); }
  },
  async portfolio_explicit_venues_fail_open(api) {
    const scope = `r15a-pf-${randomUUID()}`;
    const wallet = '0x1111111111111111111111111111111111111111';
    try {
      const a = await api.newAccount();
      await api.fault({ method: 'GET', path: '/api/v1/portfolio', status: 502, scope });
      const d = await api.get(`/api/v1/portfolio?wallet=${wallet}`, { key: a.key, scope });
      must(d.status === 502, `default venues with the source down -> ${d.status}`);
      const r = await api.get(`/api/v1/portfolio?wallet=${wallet}&venues=venue_c`, { key: a.key, scope });
      return v(r.status !== 502, `venues=venue_c with the source down -> ${r.status} ${r.json && (r.json.error || `positions ${JSON.stringify(r.json.positions)}`)}`);
    } finally { await api.control('DELETE', '/__control/faults'); }
  },
  async asset_summary_mispriced_one_sided(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?reference=btc', { key: a.key });
    must(r.status === 200 && r.json.assets.length === 1, `asset search ${r.status}`);
    const x = r.json.assets[0];
    const t = x.market_summary.mispricing_threshold_pp;
    const priced = x.linked_markets.filter((m) => typeof m.latest_service_probability === 'number' && typeof m.market_odds === 'number');
    const mis = priced.filter((m) => Math.abs(m.latest_service_probability - m.market_odds) * 100 >= t);
    const below = mis.filter((m) => m.market_odds > m.latest_service_probability).length;
    must(below > 0, 'no linked market priced above its forecast by the threshold');
    return v(x.market_summary.mispriced_market_count !== mis.length, `${mis.length} linked markets at least ${t} pp from their forecast (${below} priced above it): mispriced_market_count ${x.market_summary.mispriced_market_count}`);
  },
  // ---------------------------------------------------------------- round 15 (b)
  async oil_spacing_429_wait_floored(api) {
    const a = await api.newAccount();
    await sleep(1200);
    const r1 = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key });
    must(r1.status === 200, `first oil call ${r1.status}`);
    await sleep(100);
    const r = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key });
    must(r.status === 429 && r.json.limit_scope === 'oil' && String(r.headers.ratelimit || '').startsWith('"oil-spacing"'), `expected an oil-spacing 429, got ${r.status} ${r.headers.ratelimit}`);
    const wait = Number(r.headers['retry-after']);
    must(Number.isInteger(wait) && r.json.retry_after === wait, `retry-after ${r.headers['retry-after']} / ${r.json.retry_after}`);
    await sleep(wait * 1000 + 150);
    const again = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key });
    return v(again.status !== 200, `Retry-After ${wait} honoured (+150 ms) -> ${again.status}${again.json && again.json.limit_scope ? ` ${again.json.limit_scope} (${again.json.message})` : ''}`);
  },
  async x_research_minute_429_second_wait(api) {
    try {
      const a = await api.newAccount(100000);
      await api.fill('x_research', 'minute', 60, a);
      const r = await api.post('/api/v1/x/search', { query: 'fed' }, { key: a.key });
      must(r.status === 429 && r.json.limit_scope === 'x_research' && String(r.headers.ratelimit || '').startsWith('"x_research-minute"'), `expected an x_research-minute 429, got ${r.status} ${r.headers.ratelimit}`);
      const wait = Number(r.headers['retry-after']);
      must(Number.isInteger(wait) && wait > 0 && r.json.retry_after === wait, `retry-after ${r.headers['retry-after']} / ${r.json.retry_after}`);
      await api.control('POST', '/__control/clock', { advanceSeconds: wait + 1 });
      await sleep(1100);
      const again = await api.post('/api/v1/x/search', { query: 'fed' }, { key: a.key });
      return v(again.status !== 200, `Retry-After ${wait} honoured (+1 s) -> ${again.status} ${again.json && again.json.message}`);
    } finally { await api.reset(); }
  },
  async link_keyed_unpaid_422_billed(api) {
    try {
      const a = await api.newAccount(1000);
      const t = await api.post('/api/auth/wallets/x402-token', undefined, { key: a.key });
      must(t.status === 200 && t.json && typeof t.json.token === 'string', `token issue answered ${t.status}`);
      const { spent, out } = await api.spent(a, () => api.get(`/api/v1/wallets/link?token=${enc(t.json.token)}`, { key: a.key }));
      must(out.status === 422 && out.json.error === 'x402_payment_required', `unpaid keyed link -> ${out.status} ${out.json && out.json.error}`);
      return v(spent !== 0, `422 x402_payment_required spent ${spent} credits`);
    } finally { await api.reset(); }
  },
  async short_balance_refusal_cached_per_route(api) {
    const a = await api.newAccount(5);
    const first = await api.get('/api/v1/latest', { key: a.key });
    must(first.status === 403 && first.json.error === 'insufficient_credits', `5-credit account -> ${first.status}`);
    const p = await api.control('PATCH', `/__control/accounts/${a.id}`, { credits: 1000 });
    must(p.status === 200 && p.json.credits === 1000, `top-up answered ${p.status}`);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/latest', { key: a.key }));
    return v(out.status !== 200 || spent !== 20, `after a top-up to 1000 credits -> ${out.status} ${out.json && (out.json.error ? `${out.json.error} (${out.json.message})` : '')} (spent ${spent})`);
  },
  async x_research_in_flight_shared_with_standard(api) {
    try {
      const a = await api.newAccount(100000);
      const scope = `r15b-${randomUUID()}`;
      await api.fault({ method: 'GET', path: '/api/v1/assets', latencyMs: 1500, times: 5, scope });
      await sleep(1100);
      const slow = Array.from({ length: 5 }, () => api.get('/api/v1/assets', { key: a.key, scope }));
      await sleep(300);
      const r = await api.post('/api/v1/x/search', { query: 'fed' }, { key: a.key });
      const std = await Promise.all(slow);
      must(std.every((x) => x.status === 200), `standard calls ${std.map((x) => x.status).join(',')}`);
      return v(r.status !== 200, `x/search with 5 standard calls in flight -> ${r.status}${r.json && r.json.limit_scope ? ` ${r.json.limit_scope} ${r.headers.ratelimit}` : ''}`);
    } finally { await api.reset(); }
  },
  // ---------------------------------------------------------------- round 16 (a)
  async signals_venueaurl_nonvenue_a(api) {
    const a = await api.newAccount();
    const own = await api.get('/api/v1/markets/will-us-unemployment-reach-5-in-2026/signals', { key: a.key });
    must(own.status === 200 && own.json.market.venue === 'venue_a' && typeof own.json.venueAUrl === 'string', `venue_a evidence -> ${own.status} ${own.json && own.json.venueAUrl}`);
    const r = await api.get('/api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b', { key: a.key });
    must(r.status === 200 && r.json.market && r.json.market.venue === 'venue_b', `venue_b evidence -> ${r.status}`);
    return v(r.json.venueAUrl !== null, `venue_b evidence venueAUrl=${JSON.stringify(r.json.venueAUrl)}`);
  },
  async search_broker_tag_lost_with_venue(api) {
    const a = await api.newAccount();
    const alone = await api.get('/api/v1/markets/search?q=fed&tag=broker_a', { key: a.key });
    must(alone.status === 200 && alone.json.markets.length > 0 && alone.json.markets.every((m) => (m.broker_channels || []).includes('broker_a')), `tag=broker_a alone -> ${alone.status}`);
    const r = await api.get('/api/v1/markets/search?q=fed&tag=broker_a&venue=venue_b', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.markets) && r.json.count === r.json.markets.length, `tag=broker_a&venue=venue_b -> ${r.status}`);
    const unlisted = r.json.markets.filter((m) => !(m.broker_channels || []).includes('broker_a'));
    return v(unlisted.length > 0, `${r.json.markets.length} rows, ${unlisted.length} not broker-listed${unlisted[0] ? ` (e.g. ${unlisted[0].marketKey})` : ''}`);
  },
  async assets_reference_venue_a_us_key_misparsed(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?reference=venue_a_us%3A78782773', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.assets), `reference=venue_a_us:78782773 -> ${r.status}`);
    must(JSON.stringify(r.json.references) === JSON.stringify(['venue_a_us:78782773']), `references echo ${JSON.stringify(r.json.references)}`);
    const keys = r.json.assets.map((x) => x.assetKey);
    return v(!keys.includes('eth'), `reference=venue_a_us:78782773 -> assets ${JSON.stringify(keys)}`);
  },
  async latest_envelope_cap_100(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/latest?hours=6', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.events), `latest -> ${r.status}`);
    let worst = null;
    for (const e of r.json.events) {
      const rel = e.market && e.market.relationships;
      if (!rel) continue;
      for (const cat of ['assets', 'markets', 'signals']) {
        const n = Array.isArray(rel[cat]) ? rel[cat].length : 0;
        if (!worst || n > worst.n) worst = { n, cat, key: e.market.marketKey, truncated: rel.truncated && rel.truncated[cat] };
      }
    }
    must(worst && worst.n >= 50, `no envelope reaches the cap (largest ${worst && worst.n})`);
    return v(worst.n > 50, `largest category: ${worst.key} ${worst.cat} ${worst.n} refs, truncated ${worst.truncated}`);
  },
  async asset_linked_thesis_event_keyed(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?reference=btc', { key: a.key });
    must(r.status === 200 && r.json.assets.length === 1, `reference=btc -> ${r.status}`);
    const group = r.json.assets[0].linked_markets.filter((m) => m.has_forecast && m.event && m.event.id === 'KXBTCD-26MAR2317');
    must(group.length >= 3, `event KXBTCD-26MAR2317 has ${group.length} forecast markets`);
    let paired = 0;
    const off = [];
    for (const m of group) {
      const f = await api.get(`/api/v1/markets/${enc(m.slug || m.nativeMarketId)}/forecast?venue=${m.venue}`, { key: a.key });
      must(f.status === 200 && f.json.forecast, `forecast read ${m.marketKey} -> ${f.status}`);
      if (f.json.forecast.probability !== m.latest_service_probability) continue;
      paired++;
      if (f.json.forecast.thesis !== m.thesis) off.push(m.marketKey);
    }
    must(paired >= 3, `only ${paired} linked markets pair with their stored forecast`);
    return v(off.length > 0, `${off.length} of ${paired} linked theses differ from their stored forecast${off[0] ? ` (e.g. ${off[0]})` : ''}`);
  },
  // ---------------------------------------------------------------- round 16 (b)
  async generation_concurrency_429_no_max_concurrent(api) {
    try {
      const a = await api.newAccount(100000);
      const scope = `r16b-gc-${randomUUID()}`;
      await api.fault({ method: 'GET', path: '/api/v1/assets', latencyMs: 1500, times: 10, scope });
      await sleep(1100);
      const slow = Array.from({ length: 10 }, () => api.get('/api/v1/assets', { key: a.key, scope }));
      await sleep(300);
      const r = await api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_a', market_id: '1000503' },
        { key: a.key, headers: { 'idempotency-key': randomUUID() } });
      const std = await Promise.all(slow);
      must(std.every((x) => x.status === 200), `slow calls ${std.map((x) => x.status).join(',')}`);
      must(r.status === 429 && r.json.limit_scope === 'standard' && String(r.headers.ratelimit || '').startsWith('"standard-concurrency"'), `expected a standard-concurrency 429, got ${r.status} ${r.headers.ratelimit}`);
      return v(r.headers['x-quotient-max-concurrent'] === undefined, `generation concurrency 429: X-Quotient-Max-Concurrent ${r.headers['x-quotient-max-concurrent']}, Retry-After ${r.headers['retry-after']}`);
    } finally { await api.reset(); }
  },
  async xsearch_credit_check_profile_price(api) {
    const a = await api.newAccount(700);
    const { spent, out } = await api.spent(a, () => api.post('/api/v1/x/search', { query: 'fed' }, { key: a.key }));
    return v(out.status !== 200 || spent !== 500, `700-credit account -> ${out.status} ${out.json && out.json.error ? `${out.json.error} (${out.json.message})` : ''} (spent ${spent})`);
  },
  async standard_in_flight_slot_held_by_404(api) {
    try {
      const a = await api.newAccount(100000);
      await sleep(1100);
      for (let i = 0; i < 10; i++) {
        const r = await api.get(`/api/v1/markets/no-such-market-${i}/signals`, { key: a.key });
        must(r.status === 404, `unknown slug ${i} -> ${r.status}`);
      }
      const { spent, out } = await api.spent(a, () => api.get('/api/v1/assets', { key: a.key }));
      return v(out.status !== 200, `after ten 404s, nothing in flight -> ${out.status}${out.json && out.json.limit_scope ? ` ${out.json.limit_scope} ${out.headers.ratelimit}` : ''} (spent ${spent})`);
    } finally { await api.reset(); }
  },
  async generation_upstream_502_billed(api) {
    const scope = `r16b-g502-${randomUUID()}`;
    try {
      const a = await api.newAccount(5000);
      await api.fault({ method: 'POST', path: '/api/auth/forecast-requests', status: 502, times: 1, scope });
      const { spent, out } = await api.spent(a, () => api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_a', market_id: '1000503' },
        { key: a.key, scope, headers: { 'idempotency-key': randomUUID() } }));
      must(out.status === 502, `generation with the queue down -> ${out.status}`);
      return v(spent !== 0, `502 ${out.json && out.json.error} spent ${spent} credits`);
    } finally { await api.control('DELETE', '/__control/faults'); }
  },
  async profile_unsupported_belief_kept(api) {
    const a = await api.newAccount(10000);
    const r = await api.post('/api/v1/x/profile', { handle: 'alice' }, { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.beliefs) && r.json.beliefs.length > 0, `profile ${r.status}`);
    const ev = new Set(r.json.evidence.map((e) => e.post_id));
    const claims = [...r.json.interests, ...r.json.beliefs, ...r.json.tendencies, ...r.json.observations,
      ...[r.json.risk_profile, r.json.information_processing].filter(Boolean)];
    const bad = claims.filter((c) => !Array.isArray(c.post_ids) || c.post_ids.length === 0 || c.post_ids.some((id) => !ev.has(id)));
    return v(bad.length > 0, `${bad.length} of ${claims.length} claims without resolving citations${bad.length ? ` (e.g. ${JSON.stringify(bad[0]).slice(0, 160)})` : ''}`);
  },
  // ---------------------------------------------------------------- round 17 (a)
  async sources_legacy_service_id_prefixed(api) {
    const a = await api.newAccount();
    const cat = await api.get('/api/v1/markets', { key: a.key });
    must(cat.status === 200 && Array.isArray(cat.json.markets), `catalog -> ${cat.status}`);
    const row = cat.json.markets.find((m) => m.marketKey === 'venue_a:520224');
    must(row && row.serviceMarketId === '520224', `catalog serviceMarketId of venue_a:520224 ${row && row.serviceMarketId}`);
    const r = await api.get('/api/v1/sources?market_keys=venue_a:520224&window=168', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.sources), `sources -> ${r.status}`);
    const items = r.json.sources.filter((s) => s.market && s.market.marketKey === 'venue_a:520224');
    must(items.length > 0, 'no source item on venue_a:520224');
    const off = items.filter((s) => s.market.serviceMarketId !== row.serviceMarketId);
    return v(off.length > 0, `${off.length} of ${items.length} items: serviceMarketId ${JSON.stringify(items[0].market.serviceMarketId)} (catalog "${row.serviceMarketId}")`);
  },
  async assets_reference_platform_ignored(api) {
    const a = await api.newAccount();
    const plain = await api.get('/api/v1/assets/search?reference=btc&reference=aapl', { key: a.key });
    must(plain.status === 200 && plain.json.assets.length === 2, `reference=btc&reference=aapl -> ${plain.status} ${plain.json && plain.json.assets && plain.json.assets.length}`);
    const r = await api.get('/api/v1/assets/search?reference=btc&reference=aapl&platform=coingecko', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.assets), `with platform=coingecko -> ${r.status}`);
    must(r.json.assets.some((x) => x.assetKey === 'btc'), 'btc missing under platform=coingecko');
    const out = r.json.assets.filter((x) => !(x.identifiers || []).some((i) => String(i.platform).toLowerCase() === 'coingecko'));
    return v(out.length > 0, `platform=coingecko in reference mode -> ${JSON.stringify(r.json.assets.map((x) => x.assetKey))}`);
  },
  async assets_reference_venue_c_native_id_unmatched(api) {
    const a = await api.newAccount();
    const key = await api.get('/api/v1/assets/search?reference=venue_c%3Ac-0a6ce36144', { key: a.key });
    must(key.status === 200 && key.json.assets.some((x) => x.assetKey === 'eur-usd'), `reference=venue_c:c-0a6ce36144 -> ${key.status}`);
    const r = await api.get('/api/v1/assets/search?reference=c-0a6ce36144', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.assets), `reference=c-0a6ce36144 -> ${r.status}`);
    must(JSON.stringify(r.json.references) === JSON.stringify(['c-0a6ce36144']), `references echo ${JSON.stringify(r.json.references)}`);
    const keys = r.json.assets.map((x) => x.assetKey);
    return v(!keys.includes('eur-usd'), `reference=c-0a6ce36144 -> assets ${JSON.stringify(keys)}`);
  },
  async sources_market_keys_cap_9(api) {
    const a = await api.newAccount();
    const ten = [...KEYS4.split(','), 'venue_a:1000503', 'venue_b:KXFED-26OCT-T4.25', 'venue_a:521274', 'venue_a:514699', 'venue_a:520785', 'venue_a:516092'];
    const eleven = await api.get(`/api/v1/sources?window=168&market_keys=${enc([...ten, 'venue_a:515817'].join(','))}`, { key: a.key });
    must(eleven.status === 422, `eleven keys -> ${eleven.status}`);
    const r = await api.get(`/api/v1/sources?window=168&market_keys=${enc(ten.join(','))}`, { key: a.key });
    return v(r.status !== 200, `ten keys -> ${r.status}${r.json && r.json.error ? ` ${r.json.error} (${r.json.message})` : ` ${r.json && r.json.sources && r.json.sources.length} items`}`);
  },
  async targets_venue_a_children_no_side(api) {
    const a = await api.newAccount();
    const cat = await api.get('/api/v1/markets', { key: a.key });
    must(cat.status === 200 && Array.isArray(cat.json.markets), `catalog -> ${cat.status}`);
    const quotes = new Map(cat.json.markets.filter((m) => m.venue === 'venue_a' && m.venue_quote && typeof m.venue_quote.yes_bid === 'number' && typeof m.venue_quote.yes_ask === 'number')
      .map((m) => [m.nativeMarketId, m.venue_quote]));
    const r = await api.get('/api/public/forecast-targets?ref=venue_a%3A1000503');
    must(r.status === 200 && r.json.venue === 'venue_a' && Array.isArray(r.json.markets), `targets venue_a:1000503 -> ${r.status}`);
    const compared = r.json.markets.filter((c) => quotes.has(String(c.marketId)));
    must(compared.length >= 1, 'no venue_a child with a priced catalog quote');
    const off = compared.filter((c) => { const q = quotes.get(String(c.marketId)); return c.yesBid !== q.yes_bid || c.yesAsk !== q.yes_ask; });
    const c0 = off[0] || compared[0];
    const q0 = quotes.get(String(c0.marketId));
    return v(off.length > 0, `${off.length} of ${compared.length} children off the catalog quote (e.g. ${c0.marketId}: yesBid ${c0.yesBid} yesAsk ${c0.yesAsk}, quote ${q0.yes_bid}/${q0.yes_ask})`);
  },
  // ---------------------------------------------------------------- round 17 (b)
  async generation_standard_429_reserves_quota(api) {
    try {
      const a = await api.newAccount(100000);
      const gen = () => api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_a', market_id: '1000503' },
        { key: a.key, headers: { 'idempotency-key': randomUUID() } });
      for (let i = 0; i < 49; i++) {
        const r = await gen();
        must(r.status >= 200 && r.status < 300, `generation ${i + 1} -> ${r.status} ${r.text.slice(0, 120)}`);
        await sleep(60);
      }
      await sleep(1100);
      await api.fill('standard', 'second', 20, a);
      const refused = await gen();
      must(refused.status === 429 && refused.json.limit_scope === 'standard' && !refused.json.quotaScope, `expected a standard 429, got ${refused.status} ${refused.text.slice(0, 120)}`);
      await api.fill('standard', 'second', 0, a);
      const r = await gen();
      return v(!(r.status >= 200 && r.status < 300), `50th generation after 49 accepted and one standard 429 -> ${r.status}${r.json && r.json.quotaScope ? ` ${r.json.quotaScope} limit ${r.json.limit}` : ''}`);
    } finally { await api.reset(); }
  },
  async pricing_second_token_decimals_18(api) {
    const r = await api.get('/api/public/pricing');
    must(r.status === 200 && Array.isArray(r.json.networks), `pricing ${r.status}`);
    const n = r.json.networks.find((x) => x.network === 'eip155:4663');
    must(n, 'no eip155:4663 network in pricing');
    return v(n.decimals !== 6, `eip155:4663 decimals ${n.decimals}`);
  },
  async profile_cache_sliding_expiry(api) {
    try {
      const a = await api.newAccount(10000);
      const r1 = await api.post('/api/v1/x/profile', { handle: 'policy_pat' }, { key: a.key });
      must(r1.status === 200, `profile ${r1.status}`);
      await api.control('POST', '/__control/clock', { advanceSeconds: 20 * 86400 });
      const r2 = await api.post('/api/v1/x/profile', { handle: 'policy_pat' }, { key: a.key });
      must(r2.status === 200 && r2.json.window.to_date === r1.json.window.to_date, `profile after 20 days ${r2.status} ${r2.json && r2.json.window && r2.json.window.to_date}`);
      await api.control('POST', '/__control/clock', { advanceSeconds: 15 * 86400 });
      const today = new Date(await api.now()).toISOString().slice(0, 10);
      const r3 = await api.post('/api/v1/x/profile', { handle: 'policy_pat' }, { key: a.key });
      must(r3.status === 200, `profile after 35 days ${r3.status}`);
      return v(r3.json.window.to_date !== today, `35 days after it was made (reused at day 20): to_date ${r3.json.window.to_date} (today ${today}), cached ${r3.json.meta && r3.json.meta.cached}`);
    } finally { await api.reset(); }
  },
  async profile_not_configured_503_billed(api) {
    const scope = `r17b-np-${randomUUID()}`;
    const s = await api.control('POST', '/__control/profiling', { scope, configured: false });
    must(s.status === 200, `profiling switch ${s.status}`);
    const a = await api.newAccount(5000);
    const { spent, out } = await api.spent(a, () => api.post('/api/v1/x/profile', { handle: 'alice' }, { key: a.key, scope }));
    must(out.status === 503, `profile with profiling not configured -> ${out.status}`);
    return v(spent !== 0, `503 ${out.json && out.json.error} spent ${spent} credits`);
  },
  async job_status_forecast_ids_by_market(api) {
    try {
      const a = await api.newAccount(100000);
      const id1 = await newJob(api, a);
      await newJob(api, a);
      await api.control('POST', '/__control/clock', { advanceSeconds: 600 });
      const s = await api.get(`/api/auth/forecast-requests/${id1}?view=status`, { key: a.key });
      const r = await api.get(`/api/auth/forecast-requests/${id1}?view=result`, { key: a.key });
      must(s.status === 200 && r.status === 200 && s.json.status === 'succeeded' && r.json.status === 'succeeded', `job reads ${s.status} ${s.json && s.json.status} / ${r.status} ${r.json && r.json.status}`);
      const own = r.json.forecasts.map((f) => f.id).sort().join();
      must(own.length > 0, 'succeeded job without forecasts');
      const got = [...s.json.forecastIds].sort().join();
      return v(got !== own, `view=status forecastIds [${got}], view=result forecasts [${own}]`);
    } finally { await api.reset(); }
  },
  // ------------------------------------------------------------------ round 18 (a)
  async availability_venue_b_broker_channels_empty(api) {
    const a = await api.newAccount();
    const cat = await api.get('/api/v1/markets?venue=venue_b', { key: a.key });
    must(cat.status === 200, `catalog ${cat.status}`);
    const row = cat.json.markets.find((m) => m.marketKey === 'venue_b:KXCPIYOY-26MAR-T2.8');
    must(row && row.broker_channels.includes('broker_a'), 'catalog row not broker-listed');
    const r = await api.get(`/api/public/forecast-availability?market_key=${enc('venue_b:KXCPIYOY-26MAR-T2.8')}`);
    must(r.status === 200 && r.json.market, `availability ${r.status}`);
    const m = r.json.market;
    const same = JSON.stringify(m.broker_channels) === JSON.stringify(row.broker_channels)
      && m.broker_a_category === row.broker_a_category && m.broker_a_url === row.broker_a_url;
    return v(!same, `availability ${JSON.stringify(m.broker_channels)} ${m.broker_a_category}; catalog ${JSON.stringify(row.broker_channels)} ${row.broker_a_category}`);
  },
  async markets_explicit_updated_sort_ignored(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets?sort=updated_desc', { key: a.key });
    must(r.status === 200 && r.json.markets.length > 2, `catalog ${r.status}`);
    const t = r.json.markets.map((m) => Date.parse(m.market_updated_at));
    let bad = 0;
    for (let i = 1; i < t.length; i++) if (t[i] > t[i - 1]) bad++;
    return v(bad > 0, `${bad} rows out of updated_desc order`);
  },
  async sources_market_keys_first_venue_only(api) {
    const a = await api.newAccount();
    const keys = ['venue_a:520224', 'venue_b:KXCPIYOY-26MAR-T2.8', 'venue_c:c-0a6ce36144'];
    const r = await api.get(`/api/v1/sources?market_keys=${enc(keys.join(','))}&window=168`, { key: a.key });
    must(r.status === 200, `sources ${r.status}`);
    const seen = new Set(r.json.sources.map((s) => s.market.marketKey));
    const missing = [];
    for (const k of keys) {
      if (seen.has(k)) continue;
      const one = await api.get(`/api/v1/sources?market_keys=${enc(k)}&window=168`, { key: a.key });
      must(one.status === 200, `sources ${k} ${one.status}`);
      if (one.json.sources.length > 0) missing.push(k);
    }
    return v(missing.length > 0, `keys with items alone but none in the list: [${missing}]`);
  },
  async openapi_sources_window_max_72(api) {
    const r = await api.get('/openapi.json');
    must(r.status === 200 && r.json && r.json.paths, `openapi ${r.status}`);
    const p = r.json.paths['/api/v1/sources'].get.parameters.find((x) => x.name === 'window');
    must(p && p.schema, 'no window parameter');
    return v(p.schema.maximum !== 168, `window maximum ${p.schema.maximum}`);
  },
  async markets_forecast_stats_slug_joined(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets', { key: a.key });
    must(r.status === 200, `catalog ${r.status}`);
    const row = r.json.markets.find((m) => m.marketKey === 'venue_c:c-af6cec1ec0');
    must(row, 'venue_c:c-af6cec1ec0 not listed');
    const av = await api.get(`/api/public/forecast-availability?market_key=${enc('venue_c:c-af6cec1ec0')}`);
    must(av.status === 200 && av.json.available === false, `availability ${av.status} ${av.json && av.json.available}`);
    return v(row.forecast_count !== 0 || row.latest_forecast_at !== null, `forecast_count ${row.forecast_count}, latest_forecast_at ${row.latest_forecast_at}`);
  },
  // ---------------------------------------------------------------- round 18 (b)
  async profile_challenge_second_token_missing(api) {
    const r = await api.post('/api/v1/x/profile', { handle: 'alice' });
    must(r.status === 402 && typeof r.headers['payment-required'] === 'string', `unpaid profile -> ${r.status}`);
    const pr = JSON.parse(Buffer.from(r.headers['payment-required'], 'base64').toString('utf8'));
    must(Array.isArray(pr.accepts) && pr.accepts.some((a) => a.network === 'eip155:8453'), 'no eip155:8453 option');
    const nets = pr.accepts.map((a) => `${a.scheme}@${a.network}`);
    return v(!pr.accepts.some((a) => a.scheme === 'exact' && a.network === 'eip155:4663'), `x/profile accepts ${JSON.stringify(nets)}`);
  },
  async link_token_expires_at_one_hour(api) {
    const a = await api.newAccount();
    const before = await api.now();
    const r = await api.req('POST', '/api/auth/wallets/x402-token', { key: a.key });
    const after = await api.now();
    must(r.status === 200 && typeof r.json.expires_at === 'string', `token issue -> ${r.status}`);
    const left = (Date.parse(r.json.expires_at) - before) / 60_000;
    const leftMax = (Date.parse(r.json.expires_at) - after) / 60_000;
    return v(left > 15.05 || leftMax < 14.95, `expires_at ${r.json.expires_at}, ${left.toFixed(2)} minutes after issue`);
  },
  async link_expired_token_forgotten(api) {
    try {
      const a = await api.newAccount();
      const t = await api.req('POST', '/api/auth/wallets/x402-token', { key: a.key });
      must(t.status === 200 && typeof t.json.token === 'string', `token issue -> ${t.status}`);
      const url = `/api/v1/wallets/link?token=${enc(t.json.token)}`;
      await api.control('POST', '/__control/clock', { advanceSeconds: 16 * 60 });
      const r1 = await api.get(url, { key: a.key });
      must(r1.status === 422 && r1.json.error === 'invalid_request', `16 minutes after issue -> ${r1.status} ${r1.json && r1.json.error}`);
      await api.control('POST', '/__control/clock', { advanceSeconds: 86400 });
      const r2 = await api.get(url, { key: a.key });
      return v(!(r2.status === 422 && r2.json.error === 'invalid_request'), `a day after expiry -> ${r2.status} ${r2.json && r2.json.error} (${r2.json && r2.json.message})`);
    } finally { await api.reset(); }
  },
  async generation_standard_429_billed(api) {
    try {
      const a = await api.newAccount(5000);
      await sleep(1100);
      await api.fill('standard', 'second', 20, a);
      const { spent, out } = await api.spent(a, () => api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_a', market_id: '1000503' },
        { key: a.key, headers: { 'idempotency-key': randomUUID() } }));
      must(out.status === 429 && out.json.limit_scope === 'standard' && !out.json.quotaScope, `expected a standard 429, got ${out.status} ${out.text.slice(0, 120)}`);
      return v(spent !== 0, `standard 429 on generation spent ${spent} credits`);
    } finally { await api.reset(); }
  },
  async generation_idempotency_key_cross_account(api) {
    const A = await api.newAccount(5000);
    const B = await api.newAccount(5000);
    const k = randomUUID();
    const body = { kind: 'venue_market', venue: 'venue_a', market_id: '1000503' };
    const ra = await api.post('/api/auth/forecast-requests', body, { key: A.key, headers: { 'idempotency-key': k } });
    must(ra.status >= 200 && ra.status < 300 && ra.json.jobId, `A's generation -> ${ra.status}`);
    const { spent, out: rb } = await api.spent(B, () => api.post('/api/auth/forecast-requests', body, { key: B.key, headers: { 'idempotency-key': k } }));
    must(rb.status >= 200 && rb.status < 300 && rb.json.jobId, `B's generation -> ${rb.status}`);
    const read = await api.get(`/api/auth/forecast-requests/${rb.json.jobId}?view=status`, { key: B.key });
    return v(rb.json.jobId === ra.json.jobId || read.status !== 200, `B got jobId ${rb.json.jobId === ra.json.jobId ? "(A's)" : '(its own)'}, B's read -> ${read.status}, B spent ${spent}`);
  },
  // ---------------------------------------------------------------- round 19 (a)
  async evidence_truncated_markets_false(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/KXFED-26OCT-T4.25/signals?venue=venue_b', { key: a.key });
    must(r.status === 200, `evidence ${r.status}`);
    const rel = r.json.market.relationships;
    must(rel.markets.length === 50, `expected a capped market category, got ${rel.markets.length} refs`);
    const s = await api.get(`/api/v1/sources?market_keys=${enc('venue_b:KXFED-26OCT-T4.25')}&window=168`, { key: a.key });
    must(s.status === 200 && s.json.sources.length > 0, `sources ${s.status}`);
    must(s.json.sources[0].market.relationships.truncated.markets === true, 'sources does not flag the cap');
    return v(rel.truncated.markets !== true, `50 market refs, truncated.markets ${rel.truncated.markets}`);
  },
  async assets_reference_mixed_lanes_first_kind(api) {
    const a = await api.newAccount();
    const keys = async (qs) => {
      const r = await api.get(`/api/v1/assets/search?${qs}`, { key: a.key });
      must(r.status === 200, `asset search ${qs} -> ${r.status}`);
      return { keys: r.json.assets.map((x) => x.assetKey).sort(), refs: r.json.references };
    };
    const mk = enc('venue_b:KXCPIYOY-26MAR-T2.8');
    const one = await keys('reference=btc');
    const two = await keys(`reference=${mk}`);
    must(one.keys.join() === 'btc' && two.keys.join() === 'us-cpi', `single references: ${one.keys} / ${two.keys}`);
    const mixed = await keys(`reference=btc&reference=${mk}`);
    must(mixed.refs.length === 2, `echo ${mixed.refs}`);
    return v(mixed.keys.join() !== 'btc,us-cpi', `mixed list answered [${mixed.keys}]`);
  },
  async targets_venue_a_key_legacy_index_only(api) {
    const legacy = await api.get(`/api/public/forecast-targets?ref=${enc('venue_a:520224')}`);
    must(legacy.status === 200 && legacy.json.venue === 'venue_a', `legacy key -> ${legacy.status}`);
    const url = await api.get(`/api/public/forecast-targets?ref=${enc('https://venue-a.example/market/will-the-fed-decrease-interest-rates-by-50-bps-after-the-april-2026-fomc-meeting')}`);
    must(url.status === 200, `browser URL -> ${url.status}`);
    const r = await api.get(`/api/public/forecast-targets?ref=${enc('venue_a:1000503')}`);
    const ok = r.status === 200 && r.json.venue === 'venue_a' && r.json.selectedMarket && r.json.selectedMarket.marketId === '1000503';
    return v(!ok, `venue_a:1000503 -> ${r.status} ${r.text.slice(0, 100)}`);
  },
  async mispriced_threshold_int(api) {
    const a = await api.newAccount();
    const s = await api.get('/api/v1/assets/search?q=apple', { key: a.key });
    must(s.status === 200 && s.json.assets[0].market_summary.mispricing_threshold_pp === 7.5, 'asset summary threshold not 7.5');
    const r = await api.get('/api/v1/markets/mispriced', { key: a.key });
    must(r.status === 200, `mispriced ${r.status}`);
    return v(r.json.mispricing_threshold_pp !== 7.5, `mispricing_threshold_pp ${r.json.mispricing_threshold_pp}`);
  },
  async targets_venue_b_key_input_unprefixed(api) {
    const ref = 'venue_b:KXCPIYOY-26MAR-T2.8';
    const bare = await api.get('/api/public/forecast-targets?ref=KXCPIYOY-26MAR-T2.8');
    must(bare.status === 200 && bare.json.input === 'KXCPIYOY-26MAR-T2.8', `bare ticker -> ${bare.status} ${bare.json && bare.json.input}`);
    const r = await api.get(`/api/public/forecast-targets?ref=${enc(ref)}`);
    must(r.status === 200 && r.json.venue === 'venue_b' && r.json.selectedMarket, `prefixed key -> ${r.status}`);
    return v(r.json.input !== ref, `input ${JSON.stringify(r.json.input)}`);
  },
  // ---------------------------------------------------------------- round 19 (b)
  async job_read_invalid_key_404(api) {
    const r = await api.get(`/api/auth/forecast-requests/${randomUUID()}`, { key: `fc_${'0'.repeat(40)}` });
    must(r.json && typeof r.json.error === 'string', `job read with an unknown key -> ${r.status} ${r.text.slice(0, 80)}`);
    return v(r.status !== 401, `job read with an unknown API key -> ${r.status} ${r.json.error}`);
  },
  async profile_cached_reuse_debit_100(api) {
    const body = { handle: 'policy_pat', lookback_days: 180 };
    const A = await api.newAccount(5000);
    const B = await api.newAccount(5000);
    const ra = await api.post('/api/v1/x/profile', body, { key: A.key });
    must(ra.status === 200, `A's profile -> ${ra.status} ${ra.text.slice(0, 80)}`);
    const { spent, out } = await api.spent(B, () => api.post('/api/v1/x/profile', body, { key: B.key }));
    must(out.status === 200 && out.json.meta && out.json.meta.cached === true, `B's profile -> ${out.status} cached ${out.json && out.json.meta && out.json.meta.cached}`);
    return v(spent !== 1000, `stored profile reused by another account: spent ${spent} credits`);
  },
  async link_token_expiry_60s_leeway(api) {
    try {
      const a = await api.newAccount();
      const t = await api.req('POST', '/api/auth/wallets/x402-token', { key: a.key });
      must(t.status === 200 && typeof t.json.token === 'string', `token issue -> ${t.status}`);
      await api.control('POST', '/__control/clock', { advanceSeconds: 15 * 60 + 20 });
      const r = await api.get(`/api/v1/wallets/link?token=${enc(t.json.token)}`, { key: a.key });
      must(r.status === 422, `15 min 20 s after issue -> ${r.status}`);
      return v(r.json.error !== 'invalid_request', `unpaid keyed use 15 min 20 s after issue -> 422 ${r.json.error} (${r.json.message})`);
    } finally { await api.reset(); }
  },
  async upstream_500_refund_skipped(api) {
    const scope = `r19b-500-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/latest', status: 500, scope });
    const a = await api.newAccount(5000);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/latest', { key: a.key, scope }));
    must(out.status === 500, `latest with an upstream 500 fault -> ${out.status}`);
    return v(spent !== 0, `upstream 500 ${out.json && out.json.error} spent ${spent} credits`);
  },
  async generation_quota_scope_dated(api) {
    try {
      const a = await api.newAccount(100000);
      let r;
      for (let i = 0; i < 60; i++) {
        r = await api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_a', market_id: '1000503' },
          { key: a.key, headers: { 'idempotency-key': randomUUID() } });
        if (r.status === 429 && r.json && r.json.quotaScope) break;
        must(r.status >= 200 && r.status < 300, `generation ${i + 1} -> ${r.status} ${r.text.slice(0, 120)}`);
        await sleep(60);
      }
      must(r.status === 429 && typeof r.json.quotaScope === 'string', `no daily-quota 429 after 60 generations (${r.status})`);
      return v(r.json.quotaScope !== 'venue_market_daily', `daily-quota 429 quotaScope ${r.json.quotaScope}, limit ${r.json.limit}`);
    } finally { await api.reset(); }
  },
  // ------------------------------------------------------------------ round 20 (b)
  async signals_explicit_venue_a_legacy_404(api) {
    const a = await api.newAccount();
    const slug = 'will-us-unemployment-reach-5-in-2026';
    const bare = await api.get(`/api/v1/markets/${slug}/signals`, { key: a.key });
    must(bare.status === 200 && bare.json.market.marketKey === 'venue_a:520224', `evidence without venue -> ${bare.status}`);
    const { spent, out } = await api.spent(a, () => api.get(`/api/v1/markets/${slug}/signals?venue=venue_a`, { key: a.key }));
    return v(out.status !== 200 || !out.json || out.json.total !== bare.json.total,
      `venue=venue_a -> ${out.status} ${out.json && (out.json.error || out.json.total)} (without venue: total ${bare.json.total}), spent ${spent}`);
  },
  async xsearch_range_capped_90_days(api) {
    const a = await api.newAccount();
    const r = await api.post('/api/v1/x/search', { query: 'fed', range_days: 180, limit: 30 }, { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.results), `x/search -> ${r.status}`);
    const now = Date.parse(r.json.searched_at);
    const ages = r.json.results.map((p) => (now - Date.parse(p.published_at)) / 86400000);
    const old = ages.filter((d) => d > 90 && d <= 180).length;
    return v(old === 0, `range_days ${r.json.range_days}: ${r.json.results.length} results, ${old} older than 90 days (oldest ${Math.max(...ages).toFixed(0)} d)`);
  },
  async pricing_increment_one_cent(api) {
    const r = await api.get('/api/public/pricing');
    must(r.status === 200 && r.json, `pricing -> ${r.status}`);
    const src = (r.json.routes || []).find((x) => x.path === '/api/v1/sources');
    return v(Number(r.json.increment_usd) !== 0.005, `increment_usd ${r.json.increment_usd}, sources usd ${src && src.usd}`);
  },
  async profile_trading_weights_percent(api) {
    const a = await api.newAccount();
    const r = await api.post('/api/v1/x/profile', { handle: 'policy_pat', focus: 'trading' }, { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.interests) && r.json.interests.length > 0, `profile -> ${r.status}`);
    const bad = r.json.interests.filter((i) => !(typeof i.weight === 'number' && i.weight >= 0 && i.weight <= 1));
    return v(bad.length > 0, `focus trading: weights ${r.json.interests.map((i) => i.weight).join(',')}`);
  },
  async assets_star_material_hydrated(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?q=*&material_only=true', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.assets) && r.json.assets.length > 0, `asset search -> ${r.status}`);
    const filled = r.json.assets.filter((x) => Array.isArray(x.linked_markets) && x.linked_markets.length > 0);
    return v(filled.length > 0, `query ${JSON.stringify(r.json.query)}: ${r.json.assets.length} assets, ${filled.length} with linked_markets (e.g. ${filled[0] ? `${filled[0].assetKey} ${filled[0].linked_markets.length}` : 'none'})`);
  },
  async oil_in_flight_429_no_max_concurrent(api) {
    const a = await api.newAccount();
    const scope = `r20a-oil-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/signals/oil', latencyMs: 2500, times: 1, scope });
    await sleep(1100); // keep the oil start spacing from any earlier oil call
    const first = api.get('/api/v1/signals/oil?include_marks=false', { key: a.key, scope });
    await sleep(1200);
    const r = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key });
    const f = await first;
    must(f.status === 200, `slow oil call -> ${f.status}`);
    must(r.status === 429 && /oil-concurrency/.test(String(r.headers.ratelimit || '')), `oil call while one is in flight -> ${r.status} ratelimit=${r.headers.ratelimit}`);
    return v(r.headers['x-quotient-max-concurrent'] === undefined, `oil in-flight 429: x-quotient-max-concurrent=${r.headers['x-quotient-max-concurrent']}`);
  },
  async link_token_hyphen_refused(api) {
    const a = await api.newAccount();
    let tok;
    for (let i = 0; i < 40 && !tok; i++) {
      const t = await api.req('POST', '/api/auth/wallets/x402-token', { key: a.key });
      must(t.status === 200 && typeof t.json.token === 'string', `token issue -> ${t.status}`);
      if (t.json.token.includes('-')) tok = t.json.token;
    }
    must(tok, 'no issued link token contained "-" in 40 tries');
    const r = await api.get(`/api/v1/wallets/link?token=${enc(tok)}`, { key: a.key });
    must(r.status === 422 && r.json, `unpaid keyed link with a live token -> ${r.status}`);
    return v(r.json.error !== 'x402_payment_required', `unpaid keyed link with live token ${tok} -> 422 ${r.json.error} (${r.json.message})`);
  },
  async sources_window_hour_floored(api) {
    try {
      const a = await api.newAccount();
      const H = 3_600_000;
      let now = await api.now();
      const adv = (((40 * 60_000 - (now % H)) % H) + H) % H;
      if (adv > 0) await api.control('POST', '/__control/clock', { advanceSeconds: Math.ceil(adv / 1000) });
      const all = await api.get(`/api/v1/sources?market_keys=${enc(KEYS4)}&window=168`, { key: a.key });
      must(all.status === 200, `sources window 168 -> ${all.status}`);
      now = await api.now();
      const floor = Math.floor(now / H) * H;
      const arts = all.json.sources.filter((s) => s.type === 'article').map((s) => Date.parse(s.published_at));
      let W;
      for (let w = 1; w <= 167 && !W; w++) {
        if (arts.some((p) => p >= floor - w * H + 60_000 && p < now - w * H - 60_000)) W = w;
      }
      must(W, 'no article just outside any window');
      const t0 = await api.now();
      const r = await api.get(`/api/v1/sources?market_keys=${enc(KEYS4)}&window=${W}`, { key: a.key });
      must(r.status === 200, `sources window ${W} -> ${r.status}`);
      const old = r.json.sources.filter((s) => s.type === 'article' && Date.parse(s.published_at) < t0 - W * H);
      return v(old.length > 0, `window=${W}: ${old.length} article(s) older than now-${W}h (${old.map((s) => s.published_at).join(', ')})`);
    } finally { await api.reset(); }
  },
  async signal_list_upstream_error_billed(api) {
    const scope = `r20a-sig-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/signals', status: 503, scope });
    const a = await api.newAccount(5000);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/signals', { key: a.key, scope }));
    must(out.status === 503, `signal list with an upstream 503 fault -> ${out.status}`);
    return v(spent !== 0, `signal list upstream ${out.status} ${out.json && out.json.error} spent ${spent} credits`);
  },
  async job_running_no_retry_after(api) {
    const a = await api.newAccount();
    const id = await newJob(api, a);
    let r;
    for (let i = 0; i < 40; i++) {
      r = await api.get(`/api/auth/forecast-requests/${id}`, { key: a.key });
      must(r.status === 200, `job read -> ${r.status}`);
      if (r.json.status === 'running') break;
      must(['accepted', 'submitted'].includes(r.json.status), `job reached ${r.json.status} before running`);
      await sleep(1000);
    }
    must(r.json.status === 'running', `job still ${r.json.status} after 40 s`);
    return v(!r.headers['retry-after'], `running job read: retry-after=${r.headers['retry-after']}`);
  },
  // ------------------------------------------------------------------ round 21 (b)
  async search_invalid_key_402(api) {
    const ok = await api.get('/api/v1/markets', { key: 'not-a-key' });
    must(ok.status === 401, `market list with an invalid key -> ${ok.status}`);
    const r = await api.get('/api/v1/markets/search?q=bitcoin', { key: 'not-a-key' });
    return v(r.status !== 401 || !r.json || r.json.error !== 'invalid_api_key', `search with an invalid key -> ${r.status} ${r.json && r.json.error}`);
  },
  async markets_venue_a_prefix_match(api) {
    const a = await api.newAccount();
    const all = await api.get('/api/v1/markets', { key: a.key });
    must(all.status === 200 && all.json.markets.some((m) => m.venue === 'venue_a_us'), 'no venue_a_us rows on the list');
    const r = await api.get('/api/v1/markets?venue=venue_a', { key: a.key });
    must(r.status === 200 && r.json.markets.some((m) => m.venue === 'venue_a'), `venue_a list ${r.status}`);
    const other = r.json.markets.filter((m) => m.venue !== 'venue_a');
    return v(other.length > 0, `${other.length} rows of another venue (${other[0] && `${other[0].venue} ${other[0].marketKey}`}) among ${r.json.markets.length}`);
  },
  async profile_short_handle_refused(api) {
    const a = await api.newAccount(100000);
    const long = await api.post('/api/v1/x/profile', { handle: 'analyst_jane' }, { key: a.key });
    must(long.status === 200, `handle analyst_jane -> ${long.status}`);
    const r = await api.post('/api/v1/x/profile', { handle: '@ab_' }, { key: a.key });
    return v(r.status !== 200, `handle @ab_ -> ${r.status} ${r.json && r.json.error}`);
  },
  async markets_day_429_billed(api) {
    const a = await api.newAccount();
    await api.fill('standard', 'day', 20000, a);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/markets', { key: a.key }));
    must(out.status === 429 && out.json && out.json.limit_scope === 'standard', `expected a standard 429, got ${out.status}`);
    return v(spent !== 0, `daily 429 (${out.headers.ratelimit}) spent ${spent}`);
  },
  async markets_one_sided_odds_last(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets', { key: a.key });
    must(r.status === 200, `markets ${r.status}`);
    const rows = r.json.markets.filter((m) => m.venue_quote && (m.venue_quote.quote_method === 'bid' || m.venue_quote.quote_method === 'ask')
      && typeof m.venue_quote.yes_last === 'number' && m.venue_quote.yes_last !== m.venue_quote.selected_probability);
    must(rows.length > 0, 'no one-sided quote whose last trade differs');
    const bad = r.json.markets.filter((m) => m.venue_quote && m.market_odds !== m.venue_quote.selected_probability);
    return v(bad.length > 0, `${bad.length} rows whose market_odds differs from selected_probability${bad[0] ? ` (${bad[0].marketKey}: ${bad[0].market_odds} vs ${bad[0].venue_quote.selected_probability})` : ''}`);
  },
  async assets_linked_forecast_window_72h(api) {
    const a = await api.newAccount();
    const cat = await api.get('/api/v1/markets', { key: a.key });
    const r = await api.get('/api/v1/assets/search?reference=btc', { key: a.key });
    must(cat.status === 200 && r.status === 200, `statuses ${cat.status} ${r.status}`);
    const rows = new Map(cat.json.markets.map((m) => [m.marketKey, m]));
    const linked = r.json.assets.flatMap((x) => x.linked_markets || []);
    must(linked.length > 0, 'no linked markets for reference=btc');
    const bad = linked.filter((m) => {
      const c = rows.get(m.marketKey);
      const fc = c ? c.forecast_count : 0;
      const at = c ? c.latest_forecast_at : null;
      return m.forecast_count !== fc || m.latest_forecast_at !== at;
    });
    return v(bad.length > 0, `${bad.length}/${linked.length} linked markets differ from the catalog's default window${bad.length ? ` (e.g. ${bad[0].marketKey} ${bad[0].forecast_count} ${bad[0].latest_forecast_at})` : ''}`);
  },
  async signals_evidence_hot_store_72h(api) {
    const a = await api.newAccount();
    const src = await api.get('/api/v1/sources?market_keys=venue_a:520224&window=168&types=article', { key: a.key });
    must(src.status === 200, `sources ${src.status}`);
    const urls = new Set(src.json.sources.map((x) => x.url));
    must(urls.size > 0, 'no articles on venue_a:520224 in 168 h');
    const r = await api.get('/api/v1/markets/will-us-unemployment-reach-5-in-2026/signals', { key: a.key });
    must(r.status === 200, `evidence ${r.status}`);
    const got = new Set(r.json.signals.map((x) => x.url));
    const missing = [...urls].filter((u) => !got.has(u));
    return v(missing.length > 0 || r.json.total !== r.json.signals.length, `${r.json.signals.length} evidence items (total ${r.json.total}), ${missing.length} of ${urls.size} sources articles missing`);
  },
  async availability_slug_venue_a_us_folded(api) {
    const slug = 'will-nvidia-close-2026-above-250-per-share';
    const key = await api.get('/api/public/forecast-availability?market_key=venue_a_us:36985067');
    must(key.status === 200 && key.json.tracked === true && key.json.market.slug === slug, `market_key venue_a_us:36985067 -> ${key.status}`);
    const r = await api.get(`/api/public/forecast-availability?slug=${slug}&venue=venue_a_us`);
    must(r.status === 200, `slug with venue_a_us -> ${r.status}`);
    const mk = r.json.market && r.json.market.marketKey;
    return v(mk !== 'venue_a_us:36985067' || r.json.available !== key.json.available, `slug+venue=venue_a_us -> ${mk} available ${r.json.available}`);
  },
  async assets_reference_market_key_asset_type_ignored(api) {
    const a = await api.newAccount();
    const plain = await api.get('/api/v1/assets/search?reference=venue_a%3A520224', { key: a.key });
    must(plain.status === 200 && plain.json.assets.some((x) => x.assetKey === 'us-unemployment'), `reference=venue_a:520224 -> ${plain.status}`);
    const r = await api.get('/api/v1/assets/search?reference=venue_a%3A520224&asset_type=crypto', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.assets), `with asset_type=crypto -> ${r.status}`);
    const out = r.json.assets.filter((x) => String(x.asset_type).toLowerCase() !== 'crypto');
    return v(out.length > 0, `asset_type=crypto with a marketKey reference -> ${JSON.stringify(r.json.assets.map((x) => `${x.assetKey}:${x.asset_type}`))}`);
  },
  async targets_invalid_key_401(api) {
    const plain = await api.get('/api/public/forecast-targets?ref=KXCPIYOY-26MAR');
    must(plain.status === 200, `targets without key ${plain.status}`);
    const r = await api.get('/api/public/forecast-targets?ref=KXCPIYOY-26MAR', { key: 'not-a-valid-key' });
    return v(r.status !== 200, `with an invalid key: ${r.status} ${r.json && r.json.error ? r.json.error : ''}`);
  },
  // ------------------------------------------------------------------ round 22 (b)
  async assets_platform_first_identifier_only(api) {
    const a = await api.newAccount();
    const all = await api.get('/api/v1/assets/search?q=*', { key: a.key });
    must(all.status === 200 && Array.isArray(all.json.assets), `q=* -> ${all.status}`);
    const want = all.json.assets.filter((x) => (x.identifiers || []).some((i) => String(i.platform).toLowerCase() === 'fred')).map((x) => x.assetKey);
    must(all.json.assets.some((x) => (x.identifiers || []).slice(1).some((i) => String(i.platform).toLowerCase() === 'fred')), 'no Asset carries fred on a later identifier');
    const r = await api.get('/api/v1/assets/search?q=*&platform=fred', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.assets), `platform=fred -> ${r.status}`);
    const got = new Set(r.json.assets.map((x) => x.assetKey));
    const missing = want.filter((k) => !got.has(k));
    return v(missing.length > 0, `platform=fred: ${got.size} Assets, ${missing.length} of ${want.length} with a fred identifier missing (${missing.slice(0, 5).join(', ')})`);
  },
  async assets_reference_cik_zeros_stripped(api) {
    const a = await api.newAccount();
    const q = await api.get('/api/v1/assets/search?q=0000320193', { key: a.key });
    must(q.status === 200 && q.json.assets.some((x) => x.assetKey === 'aapl' && x.identifiers.some((i) => i.value === '0000320193')), `q=0000320193 -> ${q.status}`);
    const r = await api.get('/api/v1/assets/search?reference=0000320193', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.assets), `reference=0000320193 -> ${r.status}`);
    return v(!r.json.assets.some((x) => x.assetKey === 'aapl'), `reference=0000320193 -> ${JSON.stringify(r.json.assets.map((x) => x.assetKey))} (references ${JSON.stringify(r.json.references)})`);
  },
  async availability_market_id_decimal_cut(api) {
    const key = await api.get('/api/public/forecast-availability?market_key=venue_b%3AKXFED-26APR-T3.75');
    must(key.status === 200 && key.json.tracked === true, `market_key venue_b:KXFED-26APR-T3.75 -> ${key.status} tracked ${key.json && key.json.tracked}`);
    const r = await api.get('/api/public/forecast-availability?market_id=KXFED-26APR-T3.75&venue=venue_b');
    must(r.status === 200, `market_id form -> ${r.status}`);
    const mk = r.json.market && r.json.market.marketKey;
    return v(r.json.tracked !== true || mk !== 'venue_b:KXFED-26APR-T3.75', `market_id=KXFED-26APR-T3.75&venue=venue_b -> tracked ${r.json.tracked}, market ${mk}`);
  },
  async targets_exact_child_list_narrowed(api) {
    const ev = await api.get('/api/public/forecast-targets?ref=KXCPIYOY-26MAR');
    must(ev.status === 200 && Array.isArray(ev.json.markets) && ev.json.markets.length > 1, `event ref -> ${ev.status}`);
    const r = await api.get('/api/public/forecast-targets?ref=KXCPIYOY-26MAR-T2.8');
    must(r.status === 200 && r.json.selectedMarket && r.json.generation, `child ref -> ${r.status}`);
    const evT = ev.json.markets.map((m) => m.ticker).sort().join(',');
    const chT = (r.json.markets || []).map((m) => m.ticker).sort().join(',');
    return v(evT !== chT, `event lists ${ev.json.markets.length} children, exact child input lists ${(r.json.markets || []).length}`);
  },
  async availability_generation_service_market_id(api) {
    const r = await api.get('/api/public/forecast-availability?market_key=venue_b%3AKXFED-26APR-T3.75');
    must(r.status === 200 && r.json.tracked === true && r.json.generation && r.json.generation.body, `availability -> ${r.status}, generation ${r.json && JSON.stringify(r.json.generation)}`);
    const body = r.json.generation.body;
    return v(body.market_id !== r.json.market.nativeMarketId, `generation.body ${JSON.stringify(body)} for ${r.json.market.marketKey}`);
  },
  // ------------------------------------------------------------------ round 22 (a)
  async job_listing_legacy_service_id_prefixed(api) {
    const a = await api.newAccount(5000);
    const cat = await api.get('/api/v1/markets?venue=venue_a', { key: a.key });
    const row = cat.status === 200 && cat.json.markets.find((m) => m.marketKey === 'venue_a:520224');
    must(row && row.serviceMarketId === '520224', `catalog row venue_a:520224 serviceMarketId ${row && row.serviceMarketId}`);
    const c = await api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_a', market_id: '520224' },
      { key: a.key, headers: { 'idempotency-key': randomUUID() } });
    must(c.status >= 200 && c.status < 300 && c.json.jobId, `job creation ${c.status}`);
    const r = await api.get(`/api/auth/forecast-requests/${c.json.jobId}?view=status`, { key: a.key });
    must(r.status === 200 && r.json.listing && r.json.listing.marketKey === 'venue_a:520224', `job read ${r.status}`);
    return v(r.json.listing.serviceMarketId !== row.serviceMarketId, `job listing serviceMarketId ${r.json.listing.serviceMarketId} (catalog ${row.serviceMarketId})`);
  },
  async forecast_read_debit_per_forecast(api) {
    const a = await api.newAccount();
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/markets/will-the-10-year-treasury-yield-close-2026-above-5/forecast', { key: a.key }));
    must(out.status === 200 && out.json.forecast && Array.isArray(out.json.history) && out.json.history.length > 0, `forecast read ${out.status} history ${out.json && out.json.history && out.json.history.length}`);
    return v(spent !== 10, `read with ${out.json.history.length} prior forecast(s) spent ${spent} credits`);
  },
  async oil_in_flight_max_concurrent_10(api) {
    const a = await api.newAccount();
    const scope = `r22a-oil-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/signals/oil', latencyMs: 2500, times: 1, scope });
    await sleep(1100); // keep the oil start spacing from any earlier oil call
    const first = api.get('/api/v1/signals/oil?include_marks=false', { key: a.key, scope });
    await sleep(1200);
    const r = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key });
    const f = await first;
    must(f.status === 200, `slow oil call -> ${f.status}`);
    must(r.status === 429 && /oil-concurrency/.test(String(r.headers.ratelimit || '')), `oil call while one is in flight -> ${r.status} ratelimit=${r.headers.ratelimit}`);
    const h = r.headers['x-quotient-max-concurrent'];
    must(h !== undefined, 'no x-quotient-max-concurrent on the oil in-flight 429');
    return v(Number(h) !== 1, `oil in-flight 429: x-quotient-max-concurrent=${h}, ratelimit-policy=${r.headers['ratelimit-policy']}`);
  },
  async sources_default_window_72h(api) {
    const a = await api.newAccount();
    const now = await api.now();
    const wide = await api.get('/api/v1/sources?market_keys=venue_a:520224&window=168', { key: a.key });
    must(wide.status === 200, `sources window=168 ${wide.status}`);
    const mid = wide.json.sources.filter((s) => s.type === 'article' && now - Date.parse(s.published_at) > 49 * 3_600_000 && now - Date.parse(s.published_at) < 71 * 3_600_000);
    must(mid.length > 0, 'no article 49 to 71 hours old on venue_a:520224');
    const w48 = await api.get('/api/v1/sources?market_keys=venue_a:520224&window=48', { key: a.key });
    must(w48.status === 200 && !w48.json.sources.some((s) => s.url === mid[0].url), `window=48 ${w48.status}`);
    const r = await api.get('/api/v1/sources?market_keys=venue_a:520224', { key: a.key });
    must(r.status === 200, `sources default window ${r.status}`);
    const old = r.json.sources.filter((s) => s.type === 'article' && now - Date.parse(s.published_at) > 48 * 3_600_000);
    return v(old.length > 0, `default window: ${r.json.sources.length} items, ${old.length} articles older than 48 h${old[0] ? ` (${old[0].published_at})` : ''}`);
  },
  async job_result_read_billed_after_success(api) {
    try {
      const a = await api.newAccount(5000);
      const id = await newJob(api, a);
      await api.control('POST', '/__control/clock', { advanceSeconds: 700 });
      const s = await api.get(`/api/auth/forecast-requests/${id}?view=status`, { key: a.key });
      must(s.status === 200 && s.json.status === 'succeeded', `status view ${s.status} ${s.json && s.json.status}`);
      const { spent, out } = await api.spent(a, () => api.get(`/api/auth/forecast-requests/${id}`, { key: a.key }));
      must(out.status === 200 && out.json.status === 'succeeded' && out.json.forecasts.length > 0, `result view ${out.status} ${out.json && out.json.forecasts && out.json.forecasts.length}`);
      return v(spent !== 0, `succeeded job's result read spent ${spent} credits`);
    } finally { await api.reset(); }
  },
  // ------------------------------------------------------------------ round 23 (a)
  async latest_429_upstream_prefetched(api) {
    const a = await api.newAccount();
    const scope = `r23a-prefetch-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/latest', status: 502, times: 1, scope });
    await api.fill('standard', 'minute', 600, a);
    const refused = await api.get('/api/v1/latest', { key: a.key, scope });
    must(refused.status === 429, `latest with a full minute window -> ${refused.status}`);
    await api.fill('standard', 'minute', 0, a);
    const r = await api.get('/api/v1/latest', { key: a.key, scope });
    must(r.status === 502 || r.status === 200, `latest after the window was cleared -> ${r.status}`);
    return v(r.status !== 502, `the times:1 fault after a refused call: next call answered ${r.status} (${r.status === 502 ? 'fault still pending' : 'fault used up by the 429'})`);
  },
  async perps_short_balance_402(api) {
    const a = await api.newAccount(3);
    const other = await api.get('/api/v1/markets/mispriced', { key: a.key });
    must(other.status === 403 && other.json && other.json.error === 'insufficient_credits', `mispriced with 3 credits -> ${other.status}`);
    const { spent, out: r } = await api.spent(a, () => api.get('/api/v1/signals/perps', { key: a.key }));
    must(spent === 0, `perps with 3 credits spent ${spent}`);
    return v(r.status !== 403 || !r.json || r.json.error !== 'insufficient_credits', `perps with a 3-credit key -> ${r.status} ${r.json && r.json.error}${r.headers['payment-required'] ? ' (PAYMENT-REQUIRED)' : ''}`);
  },
  async assets_material_platform_ignored(api) {
    const a = await api.newAccount();
    const all = await api.get('/api/v1/assets/search?material_only=true', { key: a.key });
    must(all.status === 200 && all.json.assets.length > 0, `material_only alone -> ${all.status}`);
    const want = all.json.assets.filter((x) => x.identifiers.some((i) => String(i.platform).toLowerCase() === 'coingecko')).map((x) => x.assetKey).sort();
    must(want.length > 0 && want.length < all.json.assets.length, `coingecko assets among material ones: ${want.length}/${all.json.assets.length}`);
    const r = await api.get('/api/v1/assets/search?material_only=true&platform=coingecko', { key: a.key });
    must(r.status === 200, `material_only&platform=coingecko -> ${r.status}`);
    const bad = r.json.assets.filter((x) => !x.identifiers.some((i) => String(i.platform).toLowerCase() === 'coingecko'));
    return v(bad.length > 0, `${r.json.assets.length} assets, ${bad.length} without a coingecko identifier${bad[0] ? ` (e.g. ${bad[0].assetKey})` : ''}`);
  },
  async targets_market_url_event_index(api) {
    const solo = await api.get(`/api/public/forecast-targets?ref=${enc('https://venue-a.example/market/will-us-unemployment-reach-5-in-2026')}`);
    must(solo.status === 200 && solo.json.targetType === 'market', `stand-alone /market/ URL -> ${solo.status}`);
    const ref = 'https://venue-a.example/market/will-bitcoin-reach-200000-in-2026';
    const r = await api.get(`/api/public/forecast-targets?ref=${enc(ref)}`);
    const ok = r.status === 200 && r.json.venue === 'venue_a' && r.json.selectedMarket && r.json.selectedMarket.marketId === '506592' && r.json.generation;
    return v(!ok, `/market/ URL of a child of a multi-market event -> ${r.status} ${r.json && (r.json.error || `${r.json.targetType} ${r.json.selectedMarket && r.json.selectedMarket.marketId}`)}`);
  },
  async signals_venue_qualified_debit_5(api) {
    const a = await api.newAccount();
    const legacy = await api.spent(a, () => api.get('/api/v1/markets/will-us-unemployment-reach-5-in-2026/signals', { key: a.key }));
    must(legacy.out.status === 200 && legacy.spent === 10, `legacy slug read -> ${legacy.out.status}, spent ${legacy.spent}`);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b', { key: a.key }));
    must(out.status === 200, `venue_b evidence read -> ${out.status}`);
    return v(spent !== 10, `venue=venue_b evidence read spent ${spent} credits (legacy slug read ${legacy.spent})`);
  },
  // ------------------------------------------------------------------ round 23 (b)
  async signals_evidence_debit_per_page(api) {
    const a = await api.newAccount();
    const cat = await api.get('/api/v1/markets?max_forecast_age=168', { key: a.key });
    must(cat.status === 200, `catalog ${cat.status}`);
    const cands = cat.json.markets.filter((m) => m.signal_count > 10).sort((x, y) => y.signal_count - x.signal_count).slice(0, 4);
    must(cands.length > 0, 'no market with more than ten articles');
    for (const m of cands) {
      const slug = m.venue === 'venue_b' ? m.nativeMarketId : m.slug;
      if (!slug) continue;
      const { spent, out } = await api.spent(a, () => api.get(`/api/v1/markets/${enc(slug)}/signals?venue=${m.venue}`, { key: a.key }));
      if (out.status !== 200 || out.json.signals.length <= 10) continue;
      return v(spent !== 10, `${m.marketKey}: ${out.json.signals.length} articles, spent ${spent} credits`);
    }
    throw new Error('precondition: no evidence answer with more than ten articles');
  },
  async search_as_of_date_eastern_end_of_day(api) {
    const a = await api.newAccount();
    const now = await api.now();
    let rows = 0;
    for (const back of [2, 3]) {
      const day = new Date(now - back * 86_400_000).toISOString().slice(0, 10);
      const end = Date.parse(`${day}T23:59:59.999Z`);
      for (const q of ['bitcoin', 'fed', 'cpi', 'oil']) {
        const r = await api.get(`/api/v1/markets/search?q=${q}&as_of=${day}`, { key: a.key });
        must(r.status === 200, `search ${q} as_of=${day} -> ${r.status}`);
        const dated = r.json.markets.filter((m) => m.forecast_at);
        rows += dated.length;
        const late = dated.filter((m) => Date.parse(m.forecast_at) > end);
        if (late.length) return v(true, `as_of=${day} (echo ${r.json.as_of}): ${late[0].marketKey} forecast_at ${late[0].forecast_at}`);
      }
    }
    must(rows > 0, 'no search row with a forecast_at');
    return v(false, `${rows} rows with forecast_at, none after the UTC end of the as_of day`);
  },
  async xsearch_default_range_provider_7d(api) {
    const a = await api.newAccount();
    const now = await api.now();
    const wide = await api.post('/api/v1/x/search', { query: 'oil', limit: 30, range_days: 30 }, { key: a.key });
    must(wide.status === 200, `x/search range_days=30 -> ${wide.status}`);
    const old = wide.json.results.filter((x) => now - Date.parse(x.published_at) > 8 * 86_400_000 && now - Date.parse(x.published_at) < 29 * 86_400_000);
    must(old.length > 0, 'no post 8 to 29 days old for "oil"');
    await sleep(250);
    const r = await api.post('/api/v1/x/search', { query: 'oil', limit: 30 }, { key: a.key });
    must(r.status === 200 && r.json.range_days === 30, `x/search default range -> ${r.status} range_days ${r.json && r.json.range_days}`);
    const ids = new Set(r.json.results.map((x) => x.post_id));
    const missing = old.filter((x) => !ids.has(x.post_id));
    return v(missing.length > 0, `default range (echo ${r.json.range_days}): ${r.json.results.length} results, ${missing.length}/${old.length} posts 8 to 29 days old missing`);
  },
  async upstream_4xx_error_billed(api) {
    const a = await api.newAccount();
    const scope = `r23b-4xx-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/latest', status: 409, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/latest', { key: a.key, scope }));
    must(out.status === 409 && out.json && out.json.error, `latest with a 409 upstream fault -> ${out.status}`);
    return v(spent !== 0, `upstream 409 (${out.json.message}) spent ${spent} credits`);
  },
  async forecast_market_refs_venue_a_us_as_venue_a(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/will-wti-crude-oil-settle-above-80-on-june-30-2026/forecast', { key: a.key });
    must(r.status === 200 && r.json.market && r.json.market.relationships, `forecast read ${r.status}`);
    const refs = [];
    const walk = (o) => {
      if (Array.isArray(o)) { o.forEach(walk); return; }
      if (!o || typeof o !== 'object') return;
      if (o.relationship && typeof o.marketKey === 'string') refs.push(o);
      for (const k of Object.keys(o)) walk(o[k]);
    };
    walk(r.json);
    must(refs.some((x) => x.marketKey.startsWith('venue_a_us:')), 'no venue_a_us MarketRef in the forecast read');
    const bad = refs.filter((x) => x.marketKey.split(':')[0] !== x.venue);
    return v(bad.length > 0, `${bad.length}/${refs.length} MarketRefs whose venue differs from their marketKey${bad[0] ? ` (${bad[0].marketKey} venue ${bad[0].venue})` : ''}`);
  },
  // ------------------------------------------------------------------ round 24 (a)
  async evidence_asset_refs_nested_envelope(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b', { key: a.key });
    must(r.status === 200 && r.json.market && r.json.market.relationships, `evidence read ${r.status}`);
    must(r.json.market.relationships.assets.length > 0, 'no asset refs on the evidence market');
    const refs = [];
    const walk = (o, inRef) => {
      if (Array.isArray(o)) { o.forEach((x) => walk(x, inRef)); return; }
      if (!o || typeof o !== 'object') return;
      const isRef = typeof o.relationship === 'string' && typeof o.via === 'string';
      if (isRef) refs.push(o);
      for (const k of Object.keys(o)) walk(o[k], inRef || isRef);
    };
    walk(r.json, false);
    const nested = refs.filter((x) => Object.values(x).some((val) => val && typeof val === 'object'));
    return v(nested.length > 0, `${nested.length}/${refs.length} refs carrying a nested object${nested[0] ? ` (${nested[0].assetKey || nested[0].marketKey}: ${Object.keys(nested[0]).join(',')})` : ''}`);
  },
  async sources_slug_list_venue_first_only(api) {
    const a = await api.newAccount();
    const slugs = ['KXFED-26OCT-T4.25', 'KXCPIYOY-26MAR-T2.8', 'KXWTI-26MAR23-T75.99'];
    const seen = new Set();
    for (const s of slugs) {
      const one = await api.get(`/api/v1/sources?markets=${enc(s)}&venue=venue_b&window=168`, { key: a.key });
      must(one.status === 200 && one.json.sources.length > 0, `sources for ${s} alone -> ${one.status} ${one.json && one.json.sources && one.json.sources.length}`);
    }
    const r = await api.get(`/api/v1/sources?markets=${slugs.map(enc).join(',')}&venue=venue_b&window=168`, { key: a.key });
    must(r.status === 200, `sources ${r.status}`);
    for (const s of r.json.sources) seen.add(s.market.marketKey);
    const missing = slugs.filter((s) => !seen.has(`venue_b:${s}`));
    return v(missing.length > 0, `${r.json.sources.length} items; markets missing from the list answer: ${missing.join(',') || 'none'}`);
  },
  async assets_q_punctuated_identifier_unmatched(api) {
    const a = await api.newAccount();
    const plain = await api.get('/api/v1/assets/search?q=US0378331005', { key: a.key });
    must(plain.status === 200 && plain.json.assets.some((x) => x.assetKey === 'aapl'), `q=US0378331005 -> ${plain.status}`);
    const r = await api.get(`/api/v1/assets/search?q=${enc('EUR/USD')}`, { key: a.key });
    must(r.status === 200 && r.json.query === 'EUR/USD', `q=EUR/USD -> ${r.status}`);
    const hit = r.json.assets.find((x) => x.identifiers.some((i) => i.value === 'EUR/USD'));
    return v(!hit || !hit.relevance.matched_fields.includes('identifiers'), hit ? `${hit.assetKey} matched_fields ${hit.relevance.matched_fields}` : `assets: [${r.json.assets.map((x) => x.assetKey)}]`);
  },
  async xsearch_limit_second_page_billed(api) {
    const a = await api.newAccount(5000);
    const { spent, out } = await api.spent(a, () => api.post('/api/v1/x/search', { query: 'bitcoin', limit: 30 }, { key: a.key }));
    must(out.status === 200 && out.json.results.length > 15, `x/search limit 30 -> ${out.status} ${out.json && out.json.results && out.json.results.length}`);
    return v(spent !== 500, `limit ${out.json.limit}, ${out.json.results.length} results: spent ${spent} credits`);
  },
  async latest_forecast_asset_ref_ticker_null(api) {
    const a = await api.newAccount();
    const dir = await api.get('/api/v1/assets', { key: a.key });
    must(dir.status === 200, `asset directory ${dir.status}`);
    const ticker = new Map(dir.json.assets.map((x) => [x.assetKey, x.ticker]));
    const r = await api.get('/api/v1/latest?hours=6', { key: a.key });
    must(r.status === 200, `latest ${r.status}`);
    const refs = r.json.events.flatMap((e) => (e.forecast && e.forecast.relationships ? e.forecast.relationships.assets : []));
    must(refs.some((x) => ticker.get(x.assetKey)), 'no forecast AssetRef of an Asset with a ticker');
    const bad = refs.filter((x) => ticker.has(x.assetKey) && x.ticker !== ticker.get(x.assetKey));
    return v(bad.length > 0, `${bad.length}/${refs.length} forecast AssetRefs whose ticker differs from the directory${bad[0] ? ` (${bad[0].assetKey}: ${bad[0].ticker} vs ${ticker.get(bad[0].assetKey)})` : ''}`);
  },
  // ------------------------------------------------------------------ round 24 (b)
  async assets_wildcard_query_directory_price(api) {
    const a = await api.newAccount();
    const plain = await api.spent(a, () => api.get('/api/v1/assets/search?q=bitcoin', { key: a.key }));
    must(plain.out.status === 200 && plain.spent === 10, `q=bitcoin -> ${plain.out.status}, spent ${plain.spent}`);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/assets/search?q=*', { key: a.key }));
    must(out.status === 200 && out.json.query === '*', `q=* -> ${out.status}`);
    return v(spent !== 10, `q=* (${out.json.assets.length} assets) spent ${spent} credits (q=bitcoin ${plain.spent})`);
  },
  async search_as_of_instant_hourly_snapshot(api) {
    const a = await api.newAccount();
    for (const q of ['bitcoin', 'fed', 'cpi']) {
      const cur = await api.get(`/api/v1/markets/search?q=${q}`, { key: a.key });
      must(cur.status === 200, `search ${q} -> ${cur.status}`);
      const rows = cur.json.markets.filter((m) => m.forecast_at && Date.parse(m.forecast_at) % 3_600_000 > 120_000)
        .sort((x, y) => Date.parse(y.forecast_at) - Date.parse(x.forecast_at)).slice(0, 3);
      for (const m of rows) {
        const t = Date.parse(m.forecast_at);
        const asOf = new Date(Math.floor(t / 1000) * 1000 + 1000).toISOString();
        const r = await api.get(`/api/v1/markets/search?q=${q}&as_of=${enc(asOf)}`, { key: a.key });
        must(r.status === 200, `search ${q} as_of=${asOf} -> ${r.status}`);
        must(Date.parse(r.json.as_of) === Date.parse(asOf), `as_of echo ${r.json.as_of} for ${asOf}`);
        const row = r.json.markets.find((x) => x.marketKey === m.marketKey);
        if (!row) continue;
        return v(row.forecast_at !== m.forecast_at, `${m.marketKey}: forecast_at ${m.forecast_at}; as_of=${asOf} (echo ${r.json.as_of}) gives ${row.forecast_at}`);
      }
    }
    throw new Error('precondition: no search row with a forecast off the hour');
  },
  async upstream_429_refund_skipped(api) {
    const a = await api.newAccount();
    const scope = `r24b-429-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/markets/search', status: 429, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/markets/search?q=oil', { key: a.key, scope }));
    must(out.status === 429 && out.json && out.json.error, `search with a 429 upstream fault -> ${out.status}`);
    const b = await api.newAccount();
    await api.fill('standard', 'minute', 600, b);
    const lim = await api.spent(b, () => api.get('/api/v1/markets/search?q=oil', { key: b.key }));
    must(lim.out.status === 429 && lim.spent === 0, `standard minute 429 -> ${lim.out.status}, spent ${lim.spent}`);
    return v(spent !== 0, `upstream 429 (${out.json.message}) spent ${spent} credits; limiter 429 spent ${lim.spent}`);
  },
  async targets_url_input_query_stripped(api) {
    const clean = 'https://venue-a.example/event/fed-decision-in-april-2026';
    const c = await api.get(`/api/public/forecast-targets?ref=${enc(clean)}`);
    must(c.status === 200 && c.json.input === clean, `clean URL -> ${c.status} input ${c.json && c.json.input}`);
    const ref = `${clean}?utm_source=newsletter&utm_medium=email`;
    const r = await api.get(`/api/public/forecast-targets?ref=${enc(ref)}`);
    must(r.status === 200 && r.json.venue === 'venue_a' && r.json.targetType === 'event', `URL with a query -> ${r.status}`);
    return v(r.json.input !== ref, `input ${r.json.input}`);
  },
  // ---------------------------------------------------------------- round 25 (a)
  async stance_404_no_message(api) {
    const a = await api.newAccount();
    const ok = await api.get('/api/v1/assets/stance?asset=btc', { key: a.key });
    must(ok.status === 200, `stance of btc -> ${ok.status}`);
    const r = await api.get('/api/v1/assets/stance?asset=zzz-no-such-asset', { key: a.key });
    must(r.status === 404 && r.json && r.json.error, `stance of an unknown asset -> ${r.status}`);
    return v(typeof r.json.message !== 'string' || !r.json.message, `404 body ${r.text.slice(0, 100)}`);
  },
  async latest_types_last_value_dropped(api) {
    const a = await api.newAccount();
    const all = await api.get('/api/v1/latest?hours=6', { key: a.key });
    must(all.status === 200 && all.json.events.some((e) => e.type === 'x_post'), `latest without types -> ${all.status}, no x_post event`);
    const r = await api.get('/api/v1/latest?hours=6&types=forecast,article,x_post', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.events), `latest with types -> ${r.status}`);
    must(JSON.stringify(r.json.types) === JSON.stringify(['forecast', 'article', 'x_post']), `types echo ${JSON.stringify(r.json.types)}`);
    const n = r.json.events.filter((e) => e.type === 'x_post').length;
    return v(n === 0, `${n} x_post events of ${r.json.events.length} (${all.json.events.filter((e) => e.type === 'x_post').length} without types)`);
  },
  async sources_markets_slug_cap_9(api) {
    const a = await api.newAccount();
    const cat = await api.get('/api/v1/markets?venue=venue_a', { key: a.key });
    must(cat.status === 200, `catalog -> ${cat.status}`);
    const rows = cat.json.markets.filter((m) => m.venue === 'venue_a' && m.slug).slice(0, 10);
    must(rows.length === 10, `only ${rows.length} venue_a slugs`);
    const keys = await api.get(`/api/v1/sources?market_keys=${enc(rows.map((m) => m.marketKey).join(','))}&window=168`, { key: a.key });
    must(keys.status === 200, `ten market_keys -> ${keys.status}`);
    const r = await api.get(`/api/v1/sources?markets=${enc(rows.map((m) => m.slug).join(','))}&window=168`, { key: a.key });
    return v(r.status !== 200, `ten slugs -> ${r.status} ${r.status !== 200 ? r.text.slice(0, 80) : ''}`);
  },
  async latest_hours_6_refused(api) {
    const a = await api.newAccount();
    const five = await api.get('/api/v1/latest?hours=5', { key: a.key });
    must(five.status === 200, `hours=5 -> ${five.status}`);
    const r = await api.get('/api/v1/latest?hours=6', { key: a.key });
    return v(r.status !== 200 || !r.json || !r.json.window || r.json.window.hours !== 6, `hours=6 -> ${r.status} ${r.text.slice(0, 80)}`);
  },
  async mispriced_upstream_502_billed(api) {
    const a = await api.newAccount();
    const scope = `r25a-502-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/markets/mispriced', status: 502, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/markets/mispriced', { key: a.key, scope }));
    must(out.status === 502, `mispriced with a 502 fault -> ${out.status}`);
    const ok = await api.spent(a, () => api.get('/api/v1/markets/mispriced', { key: a.key }));
    must(ok.out.status === 200 && ok.spent > 0, `mispriced -> ${ok.out.status}, spent ${ok.spent}`);
    return v(spent !== 0, `502 spent ${spent} credits (a 200 spends ${ok.spent})`);
  },
  // ------------------------------------------------------------------ round 25 (b)
  async assets_q_bound_utf8_bytes(api) {
    const a = await api.newAccount();
    const ascii = await api.get(`/api/v1/assets/search?q=${'a'.repeat(200)}`, { key: a.key });
    must(ascii.status === 200, `200 ASCII characters -> ${ascii.status}`);
    const over = await api.get(`/api/v1/assets/search?q=${'a'.repeat(201)}`, { key: a.key });
    must(over.status === 422, `201 ASCII characters -> ${over.status}`);
    const q = 'é'.repeat(150);
    const r = await api.get(`/api/v1/assets/search?q=${enc(q)}`, { key: a.key });
    return v(r.status !== 200, `150 two-byte characters -> ${r.status} ${r.text.slice(0, 80)}`);
  },
  async assets_directory_credit_check_10(api) {
    const rich = await api.newAccount();
    const { spent } = await api.spent(rich, () => api.get('/api/v1/assets', { key: rich.key }));
    must(spent === 5, `a funded directory call spent ${spent}`);
    const a = await api.newAccount(5);
    const r = await api.get('/api/v1/assets', { key: a.key });
    const left = await api.credits(a);
    return v(r.status !== 200 || left !== 0, `5-credit account -> ${r.status}, balance ${left}`);
  },
  async availability_daily_crypto_excluded(api) {
    const short = await api.get('/api/public/forecast-availability?market_key=venue_a:1008765');
    must(short.status === 200 && short.json.excluded && short.json.excluded.reason === 'crypto_up_down', 'the fifteen-minute market is excluded');
    const out = [];
    for (const k of ['venue_a:1007688', 'venue_c:c-c6152ae925']) {
      const r = await api.get(`/api/public/forecast-availability?market_key=${enc(k)}`);
      must(r.status === 200 && r.json.tracked === true, `${k} -> ${r.status}`);
      if (r.json.excluded !== null) out.push(`${k} excluded ${r.json.excluded.reason}`);
    }
    return v(out.length > 0, out.join('; ') || 'daily markets in scope');
  },
  async signals_namespace_miss_404_billed(api) {
    const a = await api.newAccount();
    const unknown = await api.spent(a, () => api.get('/api/v1/markets/no-such-slug-zz/signals?venue=venue_b', { key: a.key }));
    must(unknown.out.status === 404 && unknown.spent === 0, `unknown slug -> ${unknown.out.status}, spent ${unknown.spent}`);
    const slug = 'will-meta-release-llama-5-before-july-2026';
    const av = await api.get(`/api/public/forecast-availability?slug=${slug}`);
    must(av.status === 200 && av.json.tracked === true, 'the slug is a venue_a market');
    const { spent, out } = await api.spent(a, () => api.get(`/api/v1/markets/${slug}/signals?venue=venue_b`, { key: a.key }));
    must(out.status === 404, `venue_a slug in the venue_b namespace -> ${out.status}`);
    return v(spent !== 0, `404 spent ${spent}`);
  },
  async asset_linked_book_quote_venue_timestamp_observed(api) {
    const a = await api.newAccount();
    const list = await api.get('/api/v1/markets?max_forecast_age=168', { key: a.key });
    must(list.status === 200, `market list -> ${list.status}`);
    const byKey = new Map(list.json.markets.map((m) => [m.marketKey, m.venue_quote]));
    const r = await api.get('/api/v1/assets/search?reference=btc&reference=eth&reference=crude-wti', { key: a.key });
    must(r.status === 200, `asset search -> ${r.status}`);
    let compared = 0;
    const bad = [];
    for (const as of r.json.assets) {
      for (const lm of as.linked_markets || []) {
        const q = lm.venue_quote;
        const ref = byKey.get(lm.marketKey);
        if (!q || !ref || !['midpoint', 'bid', 'ask'].includes(q.quote_method) || ref.quote_method !== q.quote_method) continue;
        compared++;
        if (q.venue_timestamp !== ref.venue_timestamp) bad.push(`${lm.marketKey} ${q.venue_timestamp} vs ${ref.venue_timestamp}`);
      }
    }
    must(compared > 0, 'no book quote to compare');
    return v(bad.length > 0, `${bad.length}/${compared} differ ${bad.slice(0, 2).join('; ')}`);
  },
  // ------------------------------------------------------------------ round 26 (a)
  async targets_trailing_zero_strike_child_as_event(api) {
    const plain = await api.get('/api/public/forecast-targets?ref=KXFED-26JUN-T3.25');
    must(plain.status === 200 && plain.json.selectedMarket && plain.json.selectedMarket.ticker === 'KXFED-26JUN-T3.25', `KXFED-26JUN-T3.25 -> ${plain.status}`);
    const ev = await api.get('/api/public/forecast-targets?ref=KXFED-26JUN');
    must(ev.status === 200 && ev.json.targetType === 'event', `KXFED-26JUN -> ${ev.status}`);
    const r = await api.get('/api/public/forecast-targets?ref=KXFED-26JUN-T3.00');
    must(r.status === 200, `KXFED-26JUN-T3.00 -> ${r.status}`);
    const b = r.json;
    const ok = b.targetType === 'market' && b.selectedMarket && b.selectedMarket.ticker === 'KXFED-26JUN-T3.00' && b.generation && b.generation.market_id === 'KXFED-26JUN-T3.00';
    return v(!ok, `KXFED-26JUN-T3.00 -> targetType ${b.targetType}, selectionRequired ${b.selectionRequired}, selectedMarket ${b.selectedMarket ? b.selectedMarket.ticker : 'none'}, generation ${b.generation ? b.generation.market_id : 'none'}`);
  },
  async oil_challenge_second_token_18_decimals(api) {
    const decode = (r) => JSON.parse(Buffer.from(r.headers['payment-required'], 'base64').toString('utf8'));
    const src = await api.get('/api/v1/sources?market_keys=venue_a:520224');
    must(src.status === 402 && src.headers['payment-required'], `unpaid sources -> ${src.status}`);
    const sa = decode(src).accepts;
    must(sa.length === 2 && sa[0].amount === sa[1].amount, `sources amounts ${sa.map((x) => x.amount)}`);
    const r = await api.get('/api/v1/signals/oil');
    must(r.status === 402 && r.headers['payment-required'], `unpaid oil -> ${r.status}`);
    const acc = decode(r).accepts;
    const main = acc.find((x) => x.network === 'eip155:8453');
    const second = acc.find((x) => x.network === 'eip155:4663');
    must(main && second, 'both payment options offered');
    return v(second.amount !== main.amount, `oil eip155:8453 ${main.amount}, eip155:4663 ${second.amount}`);
  },
  async markets_forecast_age_whole_hours(api) {
    const a = await api.newAccount();
    const now = await api.now();
    const wide = await api.get('/api/v1/markets?max_forecast_age=168', { key: a.key });
    must(wide.status === 200, `market list -> ${wide.status}`);
    let pick = null;
    for (const m of wide.json.markets) {
      if (!m.latest_forecast_at) continue;
      const h = (now - Date.parse(m.latest_forecast_at)) / 3600e3;
      const n = Math.floor(h);
      if (n < 1 || n > 160 || h - n < 0.08 || h - n > 0.92) continue;
      if (!pick || n < pick.n) pick = { n, key: m.marketKey, h };
    }
    must(pick, 'no market with a newest forecast inside an hour band');
    const before = await api.now();
    const r = await api.get(`/api/v1/markets?max_forecast_age=${pick.n}`, { key: a.key });
    must(r.status === 200, `max_forecast_age=${pick.n} -> ${r.status}`);
    const late = r.json.markets.filter((m) => m.latest_forecast_at && before - Date.parse(m.latest_forecast_at) > pick.n * 3600e3);
    return v(late.length > 0, `max_forecast_age=${pick.n}: ${late.length} rows older than the window ${late.slice(0, 2).map((m) => `${m.marketKey} ${m.latest_forecast_at} count ${m.forecast_count}`).join('; ')}`);
  },
  async pricing_half_cent_credits_rounded_up(api) {
    const r = await api.get('/api/public/pricing');
    must(r.status === 200 && Array.isArray(r.json.routes) && r.json.credits_per_usd === 1000, `pricing -> ${r.status}`);
    const src = r.json.routes.find((x) => x.method === 'GET' && x.path === '/api/v1/sources');
    must(src && src.usd === '0.005', 'sources listed at 0.005');
    const bad = r.json.routes.filter((x) => Math.round(Number(x.usd) * r.json.credits_per_usd) !== x.credits);
    return v(bad.length > 0, `${bad.length} routes whose credits differ from usd x credits_per_usd ${bad.map((x) => `${x.path} ${x.usd} ${x.credits}`).join('; ')}`);
  },
  async latest_events_grouped_by_type(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/latest?hours=6', { key: a.key });
    must(r.status === 200, `latest -> ${r.status}`);
    const ev = r.json.events;
    must(new Set(ev.map((e) => e.type)).size >= 2, 'the feed holds two kinds or more');
    const bad = [];
    for (let k = 1; k < ev.length; k++) {
      if (Date.parse(ev[k].occurred_at) > Date.parse(ev[k - 1].occurred_at)) bad.push(`${ev[k - 1].type} ${ev[k - 1].occurred_at} then ${ev[k].type} ${ev[k].occurred_at}`);
    }
    return v(bad.length > 0, `${bad.length} steps back in time of ${ev.length} events ${bad.slice(0, 2).join('; ')}`);
  },
  // ------------------------------------------------------------------ round 26 (b)
  async signal_list_serviceurl_unencoded(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/signals', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.signals), `signal list ${r.status}`);
    const bad = [];
    let compared = 0;
    for (const row of r.json.signals) {
      const id = row && row.market && row.market.serviceMarketId;
      if (typeof id !== 'string' || typeof row.serviceUrl !== 'string' || !/[^A-Za-z0-9_.~-]/.test(id)) continue;
      compared++;
      if (row.serviceUrl !== `${SITE}/markets/${enc(id)}`) bad.push(`${id} -> ${row.serviceUrl}`);
    }
    must(compared > 0, 'no row with a venue-prefixed serviceMarketId');
    return v(bad.length > 0, `${bad.length}/${compared} differ ${bad.slice(0, 2).join('; ')}`);
  },
  async profile_cache_focus_folded(api) {
    const a = await api.newAccount();
    const r1 = await api.post('/api/v1/x/profile', { handle: 'macro_trader', focus: 'trading' }, { key: a.key });
    must(r1.status === 200, `first profile ${r1.status}`);
    const r2 = await api.post('/api/v1/x/profile', { handle: 'macro_trader', focus: 'reasoning' }, { key: a.key });
    must(r2.status === 200, `second profile ${r2.status}`);
    const m = r2.json.meta || {};
    return v(m.focus !== 'reasoning', `focus reasoning asked after trading: meta ${JSON.stringify(m)}`);
  },
  async perps_429_policy_day_2000(api) {
    const a = await api.newAccount();
    await api.fill('standard', 'minute', 600, a);
    const r = await api.get('/api/v1/signals/perps', { key: a.key });
    must(r.status === 429, `expected 429, got ${r.status}`);
    const p = r.headers['ratelimit-policy'] || '';
    const m = /"standard-day";q=(\d+)/.exec(p);
    must(m, `no standard-day term in ${p}`);
    return v(Number(m[1]) !== 20000, `RateLimit-Policy ${p}`);
  },
  async stance_upstream_503_billed(api) {
    const a = await api.newAccount();
    const scope = `r26b-stance-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/assets/stance', status: 503, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/assets/stance?asset=meta', { key: a.key, scope }));
    must(out.status === 503, `expected 503, got ${out.status}`);
    return v(spent !== 0, `spent ${spent} on a 503`);
  },
  async perps_canonical_endpoint_self(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/signals/perps', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.signals) && r.json.signals.length > 0, `perps ${r.status} ${r.text.slice(0, 100)}`);
    const bad = r.json.signals.filter((s) => s.canonical_endpoint !== '/api/v1/signals/oil');
    return v(bad.length > 0, `canonical_endpoint ${r.json.signals.map((s) => s.canonical_endpoint).join(',')}`);
  },
  async generation_trailing_zero_strike_404(api) {
    const a = await api.newAccount(5000);
    const r = await api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_b', market_id: 'KXFED-26JUN-T3.00' },
      { key: a.key, headers: { 'idempotency-key': randomUUID() } });
    must(r.status !== 401 && r.status !== 403 && r.status !== 429 && r.status !== 422, `generation answered ${r.status} ${r.text.slice(0, 120)}`);
    return v(!(r.status >= 200 && r.status < 300 && r.json && typeof r.json.jobId === 'string'), `KXFED-26JUN-T3.00 -> ${r.status} ${r.text.slice(0, 120)}`);
  },
  async oil_no_reading_missing_false(api) {
    const a = await api.newAccount();
    const scope = `r27a-oil-${randomUUID()}`;
    const s = await api.control('POST', '/__control/oil', { scope, reading: 'none' });
    must(s.status === 200, `oil state ${s.status}`);
    const r = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key, scope });
    must(r.status === 200 && r.json && r.json.reading === null, `oil ${r.status} reading ${r.json && JSON.stringify(r.json.reading)}`);
    return v(r.json.reading_missing !== true, `reading null, reading_missing ${r.json.reading_missing}`);
  },
  async link_expired_token_keyed_billed(api) {
    try {
      const a = await api.newAccount(1000);
      const t = await api.post('/api/auth/wallets/x402-token', undefined, { key: a.key });
      must(t.status === 200 && t.json && typeof t.json.token === 'string', `token issue answered ${t.status}`);
      await api.control('POST', '/__control/clock', { advanceSeconds: 16 * 60 });
      const { spent, out } = await api.spent(a, () => api.get(`/api/v1/wallets/link?token=${enc(t.json.token)}`, { key: a.key }));
      must(out.status === 422 && out.json.error === 'invalid_request', `expired keyed link -> ${out.status} ${out.json && out.json.error}`);
      return v(spent !== 0, `422 expired token spent ${spent} credits`);
    } finally { await api.reset(); }
  },
  async latest_forecast_market_refs_odds(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/latest?hours=6&types=forecast', { key: a.key });
    must(r.status === 200, `latest ${r.status}`);
    const refs = r.json.events.flatMap((e) => (e.forecast && e.forecast.relationships ? e.forecast.relationships.markets : []));
    must(refs.length > 0, 'no market refs in forecast envelopes');
    const odds = ['yes_odds', 'market_odds', 'probability', 'selected_probability', 'venue_quote', 'venue_data'];
    const bad = refs.filter((x) => odds.some((k) => Object.prototype.hasOwnProperty.call(x, k)));
    return v(bad.length > 0, `${bad.length}/${refs.length} market refs carry odds ${bad[0] ? JSON.stringify(bad[0]).slice(0, 160) : ''}`);
  },
  async sources_venue_b_broker_routing_empty(api) {
    const a = await api.newAccount();
    const mk = await api.get('/api/v1/markets?venue=venue_b', { key: a.key });
    must(mk.status === 200, `markets ${mk.status}`);
    const row = mk.json.markets.find((m) => m.marketKey === 'venue_b:KXCPIYOY-26MAR-T2.8');
    must(row && row.broker_channels.includes('broker_a'), 'KXCPIYOY-26MAR-T2.8 not broker-listed on the market list');
    const r = await api.get('/api/v1/sources?market_keys=venue_b:KXCPIYOY-26MAR-T2.8&window=168', { key: a.key });
    must(r.status === 200 && r.json.sources.length > 0, `sources ${r.status} ${r.json && r.json.sources && r.json.sources.length}`);
    const bad = r.json.sources.filter((s) => !(Array.isArray(s.market.broker_channels) && s.market.broker_channels.includes('broker_a')) || s.market.broker_a_category !== row.broker_a_category || s.market.broker_a_url !== row.broker_a_url);
    return v(bad.length > 0, `${bad.length}/${r.json.sources.length} items' market broker routing differs from the market list (${bad[0] ? JSON.stringify(bad[0].market.broker_channels) : ''})`);
  },
  // ------------------------------------------------------------------ round 27 (b)
  async job_read_403_no_message(api) {
    const a = await api.newAccount();
    const p = await api.control('PATCH', `/__control/accounts/${a.id}`, { entitled: false });
    must(p.status === 200, `entitlement patch ${p.status}`);
    const r = await api.get(`/api/auth/forecast-requests/${randomUUID()}`, { key: a.key });
    must(r.status === 403 && r.json, `expected 403, got ${r.status}`);
    return v(typeof r.json.error !== 'string' || typeof r.json.message !== 'string', JSON.stringify(r.json));
  },
  async forecast_read_trailing_zero_strike_404(api) {
    const a = await api.newAccount();
    const av = await api.get('/api/public/forecast-availability?market_id=KXFED-26JUN-T3.00&venue=venue_b');
    must(av.status === 200 && av.json.available === true && av.json.read && av.json.read.endpoint, `availability ${av.status} ${av.text.slice(0, 120)}`);
    const r = await api.get(av.json.read.endpoint, { key: a.key });
    const id = r.json && r.json.market && r.json.market.nativeMarketId;
    return v(r.status !== 200 || id !== 'KXFED-26JUN-T3.00', `${av.json.read.endpoint} -> ${r.status} ${r.status === 200 ? id : r.text.slice(0, 120)}`);
  },
  async assets_material_only_debit_20(api) {
    const a = await api.newAccount();
    const q = await api.spent(a, () => api.get('/api/v1/assets/search?q=btc', { key: a.key }));
    must(q.out.status === 200 && q.spent === 10, `q mode ${q.out.status} spent ${q.spent}`);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/assets/search?material_only=true', { key: a.key }));
    must(out.status === 200, `material_only ${out.status}`);
    return v(spent !== 10, `material_only=true spent ${spent}`);
  },
  async latest_six_hours_served_five(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/latest?hours=6', { key: a.key });
    must(r.status === 200 && r.json.window && r.json.window.hours === 6, `latest ${r.status}`);
    const asOf = Date.parse(r.json.as_of);
    must(Math.abs(asOf - 6 * 3600e3 - Date.parse(r.json.window.since)) < 2000, `since ${r.json.window.since} as_of ${r.json.as_of}`);
    // The sixth hour of the window must add the events 5 to 6 hours old: some exist in the seed, so hours=6 lists
    // events older than as_of - 5 h and more events than hours=5.
    const r5 = await api.get('/api/v1/latest?hours=5', { key: a.key });
    must(r5.status === 200, `latest hours=5 ${r5.status}`);
    const old = r.json.events.filter((e) => Date.parse(e.occurred_at) < asOf - 5 * 3600e3 - 1000).length;
    return v(old === 0 || r.json.count !== r.json.events.length || r.json.count <= r5.json.count, `hours=6: ${r.json.count} events, ${old} older than 5 h; hours=5: ${r5.json.count}`);
  },
  async mispriced_venue_b_series_ticker_null(api) {
    const a = await api.newAccount();
    const mp = await api.get('/api/v1/markets/mispriced', { key: a.key });
    must(mp.status === 200, `mispriced ${mp.status}`);
    const list = await api.get('/api/v1/markets?venue=venue_b', { key: a.key });
    must(list.status === 200, `markets ${list.status}`);
    const series = new Map(list.json.markets.map((m) => [m.marketKey, m.seriesTicker]));
    const bad = [];
    let compared = 0;
    for (const m of mp.json.markets) {
      if (m.venue !== 'venue_b' || !series.has(m.marketKey)) continue;
      compared++;
      if (m.seriesTicker !== series.get(m.marketKey)) bad.push(`${m.marketKey} ${m.seriesTicker} vs ${series.get(m.marketKey)}`);
    }
    must(compared > 0, 'no venue_b market in both lists');
    return v(bad.length > 0, `${bad.length}/${compared} differ ${bad.slice(0, 2).join('; ')}`);
  },
  // ------------------------------------------------------------------ round 28 (a)
  async availability_keyed_available_billed(api) {
    const a = await api.newAccount();
    const { spent, out } = await api.spent(a, () => api.get('/api/public/forecast-availability?market_id=KXFED-26JUN-T3.00&venue=venue_b', { key: a.key }));
    must(out.status === 200 && out.json && out.json.available === true, `availability ${out.status} available ${out.json && out.json.available}`);
    return v(spent !== 0, `keyed availability (available true) spent ${spent} credits`);
  },
  async portfolio_429_plain_text(api) {
    const a = await api.newAccount();
    await api.fill('standard', 'minute', 600, a);
    const r = await api.get('/api/v1/portfolio?wallet=0x1111111111111111111111111111111111111111', { key: a.key });
    must(r.status === 429, `expected 429, got ${r.status}`);
    const ok = r.json && typeof r.json === 'object' && typeof r.json.error === 'string' && typeof r.json.message === 'string';
    return v(!ok, `429 content-type ${r.headers['content-type']} body ${r.text.slice(0, 80)}`);
  },
  async x_research_day_429_minute_wait(api) {
    const a = await api.newAccount();
    await api.fill('x_research', 'day', 500, a);
    const r = await api.post('/api/v1/x/search', { query: 'fed' }, { key: a.key });
    must(r.status === 429 && /x_research-day/.test(String(r.headers.ratelimit || '')), `expected a day 429, got ${r.status} ${r.headers.ratelimit}`);
    const now = await api.now();
    const toMidnight = Math.ceil((Math.floor(now / 86400_000) * 86400_000 + 86400_000 - now) / 1000);
    const ra = Number(r.headers['retry-after']);
    const body = r.json && r.json.retry_after;
    return v(!(ra >= toMidnight - 5) || !(body >= toMidnight - 5), `Retry-After ${ra}, retry_after ${body}, UTC midnight in ${toMidnight} s`);
  },
  async ip_guard_day_resets_0100_utc(api) {
    try {
      const a = await api.newAccount();
      const u = await api.control('POST', '/__control/limits/usage', { scope: 'ip_guard', window: 'day', count: 50000 });
      must(u.status === 200, `guard usage preload ${u.status}`);
      const r1 = await api.get('/api/v1/assets', { key: a.key });
      must(r1.status === 429 && /ip_guard-day/.test(String(r1.headers.ratelimit || '')), `expected a guard day 429, got ${r1.status}`);
      const now = await api.now();
      const midnight = Math.floor(now / 86400_000) * 86400_000 + 86400_000;
      await api.control('POST', '/__control/clock', { advanceSeconds: Math.ceil((midnight - now) / 1000) + 30 });
      const r2 = await api.get('/api/v1/assets', { key: a.key });
      must(r2.status === 200 || r2.status === 429, `directory after midnight answered ${r2.status}`);
      return v(r2.status === 429, `30 s after UTC midnight -> ${r2.status} (retry-after ${r2.headers['retry-after']}; before midnight ${r1.headers['retry-after']})`);
    } finally { await api.reset(); }
  },
  async link_unknown_token_keyed_billed(api) {
    const a = await api.newAccount(1000);
    const token = `svc_${'a'.repeat(43)}`;
    const { spent, out } = await api.spent(a, () => api.get(`/api/v1/wallets/link?token=${token}`, { key: a.key }));
    must(out.status === 404 && out.json && out.json.error === 'link_token_not_found', `unknown token -> ${out.status} ${out.json && out.json.error}`);
    return v(spent !== 0, `404 link_token_not_found spent ${spent} credits`);
  },
  // ------------------------------------------------------------------ round 28 (b)
  async forecast_read_venue_a_us_slug_folded(api) {
    const a = await api.newAccount();
    const av = await api.get('/api/public/forecast-availability?slug=will-nvidia-close-2026-above-250-per-share&venue=venue_a_us');
    must(av.status === 200 && av.json.available === true && av.json.market && av.json.read && av.json.read.endpoint, `availability ${av.status} ${av.text.slice(0, 120)}`);
    const want = av.json.market.marketKey;
    const r = await api.get(av.json.read.endpoint, { key: a.key });
    const got = r.json && r.json.market && r.json.market.marketKey;
    return v(r.status !== 200 || got !== want, `${av.json.read.endpoint} -> ${r.status} ${r.status === 200 ? got : r.text.slice(0, 120)} (availability: ${want})`);
  },
  async generation_market_id_bound_255(api) {
    const a = await api.newAccount();
    const r = await api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_b', market_id: 'A'.repeat(300) },
      { key: a.key, headers: { 'idempotency-key': randomUUID() } });
    must(r.status === 404 || r.status === 422, `generation answered ${r.status} ${r.text.slice(0, 120)}`);
    return v(r.status === 422, `300-character market_id -> ${r.status} ${r.json && r.json.message ? r.json.message.slice(0, 80) : ''}`);
  },
  async sources_window_top_day_dropped(api) {
    const a = await api.newAccount();
    const r = await api.get(`/api/v1/sources?market_keys=${enc(KEYS4)}&window=168`, { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.sources), `sources ${r.status}`);
    const now = await api.now();
    const old = r.json.sources.filter((s) => now - Date.parse(s.published_at) > 144 * 3600e3 + 60e3).length;
    return v(old === 0, `window=168: ${r.json.sources.length} items, ${old} older than 144 h`);
  },
  async assets_reference_query_star(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?reference=btc', { key: a.key });
    must(r.status === 200 && r.json.assets.length > 0, `asset search ${r.status}`);
    return v(r.json.query !== null, `reference mode query=${JSON.stringify(r.json.query)}`);
  },
  async signals_market_native_event_id_null(api) {
    const a = await api.newAccount();
    const av = await api.get('/api/public/forecast-availability?market_key=venue_b:KXCPIYOY-26MAR-T2.8');
    must(av.status === 200 && av.json.market && typeof av.json.market.nativeEventId === 'string', `availability ${av.status}`);
    const r = await api.get('/api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b', { key: a.key });
    must(r.status === 200 && r.json.market && r.json.market.marketKey === av.json.market.marketKey, `evidence ${r.status}`);
    return v(r.json.market.nativeEventId !== av.json.market.nativeEventId, `evidence ${JSON.stringify(r.json.market.nativeEventId)} vs availability ${av.json.market.nativeEventId}`);
  },
  // ------------------------------------------------------------------ round 29 (a)
  async targets_single_child_event_autoselected(api) {
    const r = await api.get('/api/public/forecast-targets?ref=KXMSTRBTC-26');
    must(r.status === 200 && r.json && Array.isArray(r.json.markets) && r.json.markets.length === 1, `targets ${r.status} ${r.text.slice(0, 120)}`);
    const j = r.json;
    return v(j.targetType !== 'event' || j.selectionRequired !== true || 'selectedMarket' in j || 'generation' in j,
      `event input KXMSTRBTC-26 (1 child): targetType ${j.targetType}, selectionRequired ${j.selectionRequired}, selectedMarket ${j.selectedMarket ? j.selectedMarket.ticker : 'absent'}`);
  },
  async availability_slug_sports_not_excluded(api) {
    const t = 'KXNFLGAME-26JAN11BUFKC-BUF';
    const k = await api.get(`/api/public/forecast-availability?market_key=venue_b:${t}`);
    must(k.status === 200 && k.json.excluded && k.json.excluded.reason === 'sports', `availability by key ${k.status} ${k.text.slice(0, 120)}`);
    const r = await api.get(`/api/public/forecast-availability?slug=${t}&venue=venue_b`);
    must(r.status === 200 && r.json.tracked === true, `availability by slug ${r.status} ${r.text.slice(0, 120)}`);
    return v(!r.json.excluded || r.json.excluded.reason !== 'sports' || r.json.generation !== null,
      `slug form: excluded ${JSON.stringify(r.json.excluded)}, generation ${r.json.generation ? 'a ready body' : 'null'}`);
  },
  async pricing_job_read_generation_price(api) {
    const r = await api.get('/api/public/pricing');
    must(r.status === 200 && r.json && Array.isArray(r.json.routes), `pricing ${r.status}`);
    const e = r.json.routes.find((x) => x.method === 'GET' && x.path === '/api/auth/forecast-requests/{jobId}');
    must(e, 'no job read entry');
    return v(Number(e.usd) !== 0 || e.credits !== 0, `job read listed at usd ${e.usd}, credits ${e.credits}`);
  },
  async generation_sports_excluded_404(api) {
    const a = await api.newAccount();
    const r = await api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_b', market_id: 'KXNFLGAME-26JAN11BUFKC-BUF' },
      { key: a.key, headers: { 'idempotency-key': randomUUID() } });
    must(r.status === 422 || r.status === 404 || r.status === 202, `generation answered ${r.status} ${r.text.slice(0, 120)}`);
    return v(r.status !== 422 || !r.json || r.json.error !== 'forecast_topic_excluded', `sports market generation -> ${r.status} ${r.json && r.json.error}`);
  },
  async targets_venue_a_selected_market_missing(api) {
    const r = await api.get('/api/public/forecast-targets?ref=venue_a:1000503');
    must(r.status === 200 && r.json && r.json.venue === 'venue_a' && r.json.targetType === 'market' && r.json.generation, `targets ${r.status} ${r.text.slice(0, 120)}`);
    const sm = r.json.selectedMarket;
    return v(!sm || sm.marketId !== '1000503', `exact venue_a child: selectedMarket ${sm ? sm.marketId : 'absent'}`);
  },
  // ------------------------------------------------------------------ round 29 (b)
  async stance_429_retry_after_string(api) {
    const a = await api.newAccount();
    await api.fill('standard', 'minute', 600, a);
    const r = await api.get('/api/v1/assets/stance?asset=btc', { key: a.key });
    must(r.status === 429 && r.json, `expected 429, got ${r.status}`);
    return v(!Number.isInteger(r.json.retry_after), `retry_after ${JSON.stringify(r.json.retry_after)} (${typeof r.json.retry_after})`);
  },
  async x_research_day_resets_0100_utc(api) {
    const a = await api.newAccount(5000);
    await api.fill('x_research', 'day', 500, a);
    const r1 = await api.post('/api/v1/x/search', { query: 'fed' }, { key: a.key });
    must(r1.status === 429 && /x_research-day/.test(String(r1.headers.ratelimit || '')), `expected a social day 429, got ${r1.status}`);
    const now = await api.now();
    const midnight = Math.floor(now / 86400_000) * 86400_000 + 86400_000;
    await api.control('POST', '/__control/clock', { advanceSeconds: Math.ceil((midnight - now) / 1000) + 30 });
    const r2 = await api.post('/api/v1/x/search', { query: 'fed' }, { key: a.key });
    must(r2.status === 200 || r2.status === 429, `x/search after midnight answered ${r2.status}`);
    return v(r2.status === 429, `30 s after UTC midnight -> ${r2.status} (retry-after ${r2.headers['retry-after']}; before midnight ${r1.headers['retry-after']})`);
  },
  async profile_insufficient_history_cached_billed(api) {
    const a = await api.newAccount(5000);
    const b = await api.newAccount(5000);
    const body = { handle: 'nobody', lookback_days: 14 };
    const first = await api.spent(a, () => api.post('/api/v1/x/profile', body, { key: a.key }));
    must(first.out.status === 404 && first.out.json.error === 'insufficient_post_history', `first profile call -> ${first.out.status}`);
    must(first.spent === 0, `first 404 already billed ${first.spent}`);
    const second = await api.spent(b, () => api.post('/api/v1/x/profile', body, { key: b.key }));
    must(second.out.status === 404 && second.out.json.error === 'insufficient_post_history', `repeat profile call -> ${second.out.status}`);
    return v(second.spent !== 0, `repeat 404 spent ${second.spent}`);
  },
  async signals_drawdown_filter_older_fallback(api) {
    const a = await api.newAccount();
    const all = await api.get('/api/v1/signals', { key: a.key });
    const f = await api.get('/api/v1/signals?exclude_drawdown_risk=true', { key: a.key });
    must(all.status === 200 && f.status === 200, `signals ${all.status}/${f.status}`);
    must(all.json.signals.some((s) => s.drawdown_risk_elevated !== false), 'no elevated or unknown newest signal to filter');
    const ids = new Set(all.json.signals.map((s) => s.id));
    const extra = f.json.signals.filter((s) => !ids.has(s.id));
    return v(extra.length > 0, `${extra.length} filtered rows not among the newest per market (${extra.slice(0, 3).map((s) => s.id).join(', ')})`);
  },
  async link_token_issued_std_base64(api) {
    const a = await api.newAccount();
    const bad = [];
    let dashy = 0;
    for (let i = 0; i < 20; i++) {
      const t = await api.req('POST', '/api/auth/wallets/x402-token', { key: a.key });
      must(t.status === 200 && typeof t.json.token === 'string', `token issue -> ${t.status}`);
      if (/[-_+/]/.test(t.json.token.slice(4))) dashy++;
      if (!/^svc_[A-Za-z0-9_-]{43}$/.test(t.json.token)) bad.push(t.json.token);
    }
    must(dashy > 0, 'no issued token used a non-alphanumeric character in 20 tries');
    return v(bad.length > 0, `${bad.length} of 20 issued tokens break the pattern (${bad[0] || '-'})`);
  },
  // ------------------------------------------------------------------ round 30 (a)
  async signals_broker_topic_venue_b_rows(api) {
    const a = await api.newAccount();
    const all = await api.get('/api/v1/signals', { key: a.key });
    must(all.status === 200 && Array.isArray(all.json.signals), `signal list ${all.status}`);
    must(all.json.signals.some((r) => r.market && r.market.venue === 'venue_b' && r.market.broker_channels.length === 0), 'no unlisted venue_b row in the unfiltered list');
    const r = await api.get('/api/v1/signals?topic=broker_a', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.signals) && r.json.signals.length > 0, `topic=broker_a ${r.status}`);
    const unlisted = r.json.signals.filter((x) => !(x.market && Array.isArray(x.market.broker_channels) && x.market.broker_channels.includes('broker_a')));
    return v(unlisted.length > 0, `topic=broker_a: ${r.json.signals.length} rows, ${unlisted.length} without broker_a (${unlisted[0] ? unlisted[0].market.marketKey : '-'})`);
  },
  async availability_venue_c_slug_untracked(api) {
    const slug = 'will-ethereum-reach-6000-by-june-30-2026';
    const k = await api.get('/api/public/forecast-availability?market_key=venue_c:c-b4cd802a73');
    must(k.status === 200 && k.json.tracked === true && k.json.market && k.json.market.slug === slug, `availability by key ${k.status} ${k.text.slice(0, 120)}`);
    const r = await api.get(`/api/public/forecast-availability?slug=${slug}&venue=venue_c`);
    must(r.status === 200, `availability by slug ${r.status}`);
    return v(r.json.tracked !== true || !r.json.market || r.json.market.marketKey !== 'venue_c:c-b4cd802a73',
      `slug form: tracked ${r.json.tracked}, market ${r.json.market ? r.json.market.marketKey : null}`);
  },
  async sources_slug_form_series_ticker_null(api) {
    const a = await api.newAccount();
    const k = await api.get('/api/v1/sources?market_keys=venue_b:KXCPIYOY-26MAR-T2.8&window=168', { key: a.key });
    must(k.status === 200 && k.json.sources.length > 0 && k.json.sources.every((s) => s.market.seriesTicker === 'KXCPIYOY'), `sources by key ${k.status}`);
    const r = await api.get('/api/v1/sources?markets=KXCPIYOY-26MAR-T2.8&venue=venue_b&window=168', { key: a.key });
    must(r.status === 200 && r.json.sources.length > 0, `sources by slug ${r.status}`);
    const off = r.json.sources.filter((s) => s.market.seriesTicker !== 'KXCPIYOY');
    return v(off.length > 0, `slug form: ${off.length} of ${r.json.sources.length} items state seriesTicker ${off[0] ? JSON.stringify(off[0].market.seriesTicker) : 'KXCPIYOY'}`);
  },
  async availability_market_refs_cap_25(api) {
    const r = await api.get('/api/public/forecast-availability?market_key=venue_b:KXFED-26OCT-T4.25');
    must(r.status === 200 && r.json.market && r.json.market.relationships, `availability ${r.status}`);
    const rel = r.json.market.relationships;
    must(rel.truncated && rel.truncated.markets === true, 'market refs not truncated: too few siblings to show the cap');
    return v(rel.markets.length !== 50, `truncated market refs: ${rel.markets.length} (cap 50)`);
  },
  async markets_changed_within_top_day_dropped(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets?changed_within=168', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.markets), `markets ${r.status}`);
    const now = await api.now();
    // Markets whose latest forecast is 144..168 h old: their keys from the unwindowed list (latest_forecast_at is windowed by max_forecast_age, so widen it).
    const wide = await api.get('/api/v1/markets?max_forecast_age=200', { key: a.key });
    must(wide.status === 200, `markets wide ${wide.status}`);
    const old = wide.json.markets.filter((m) => m.latest_forecast_at && now - Date.parse(m.latest_forecast_at) > 144 * 3600e3 + 60e3 && now - Date.parse(m.latest_forecast_at) < 168 * 3600e3 - 60e3).map((m) => m.marketKey);
    must(old.length > 0, 'no market with a latest forecast 144..168 h old');
    const got = new Set(r.json.markets.map((m) => m.marketKey));
    const missing = old.filter((k) => !got.has(k));
    return v(missing.length > 0, `changed_within=168: ${r.json.markets.length} markets, ${missing.length} of ${old.length} with a latest forecast 144..168 h old missing`);
  },
  // ------------------------------------------------------------------ round 30 (b)
  async stance_missing_asset_422_code(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/stance', { key: a.key });
    must(r.status === 422 && r.json && typeof r.json.message === 'string', `stance without asset -> ${r.status}`);
    return v(r.json.error !== 'invalid_request', `error=${r.json.error}`);
  },
  async mispriced_invalid_key_403(api) {
    const ref = await api.get('/api/v1/markets/search?q=fed', { key: 'bogus-key-r30b' });
    must(ref.status === 401, `market search with an unknown key -> ${ref.status}`);
    const r = await api.get('/api/v1/markets/mispriced', { key: 'bogus-key-r30b' });
    return v(r.status !== 401 || !r.json || !['invalid_api_key', 'gateway_required'].includes(r.json.error), `${r.status} ${r.json && r.json.error}`);
  },
  async portfolio_explicit_venue_c_dropped(api) {
    const a = await api.newAccount();
    const W = '0x2234567890123456789012345678901234567890';
    const all = await api.get(`/api/v1/portfolio?wallet=${W}`, { key: a.key });
    must(all.status === 200 && all.json.positions.some((p) => p.venue === 'venue_c'), 'wallet has no venue_c position');
    const r = await api.get(`/api/v1/portfolio?wallet=${W}&venues=venue_c,venue_b`, { key: a.key });
    must(r.status === 200 && (r.json.venues || []).includes('venue_c'), `portfolio ${r.status}`);
    const c = r.json.positions.filter((p) => p.venue === 'venue_c').length;
    const b = r.json.positions.filter((p) => p.venue === 'venue_b').length;
    return v(c === 0, `venues=venue_c,venue_b: ${c} venue_c and ${b} venue_b positions (default list has ${all.json.positions.filter((p) => p.venue === 'venue_c').length} venue_c)`);
  },
  async perps_upstream_error_billed(api) {
    const a = await api.newAccount();
    const scope = `r30b-perps-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/signals/perps', status: 502, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/signals/perps', { key: a.key, scope }));
    must(out.status === 502, `perps with a 502 fault -> ${out.status}`);
    const ok = await api.spent(a, () => api.get('/api/v1/signals/perps', { key: a.key }));
    must(ok.out.status === 200 && ok.spent > 0, `perps -> ${ok.out.status}, spent ${ok.spent}`);
    return v(spent !== 0, `502 spent ${spent} credits (a 200 spends ${ok.spent})`);
  },
  async availability_venue_b_idempotency_false(api) {
    const r = await api.get(`/api/public/forecast-availability?market_key=${enc('venue_b:KXCPIYOY-26MAR-T3.0')}`);
    must(r.status === 200 && r.json.generation && r.json.generation.body && r.json.generation.body.venue === 'venue_b', `availability ${r.status}, generation ${JSON.stringify(r.json && r.json.generation)}`);
    return v(r.json.generation.idempotencyKeyRequired !== true, `idempotencyKeyRequired=${r.json.generation.idempotencyKeyRequired}`);
  },
  // ---------------------------------------------------------------- round 31 (a)
  async evidence_trailing_zero_strike_404(api) {
    const a = await api.newAccount();
    const ok = await api.get('/api/v1/markets/KXFED-26JUN-T3.25/signals?venue=venue_b', { key: a.key });
    must(ok.status === 200, `T3.25 evidence -> ${ok.status}`);
    const r = await api.get('/api/v1/markets/KXFED-26OCT-T3.00/signals?venue=venue_b', { key: a.key });
    return v(r.status !== 200 || !Array.isArray(r.json && r.json.signals) || !r.json.signals.length,
      `KXFED-26OCT-T3.00 -> ${r.status} ${r.status === 200 ? `${r.json.signals.length} articles` : r.text.slice(0, 80)}`);
  },
  async signal_list_envelope_total_cap_50(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/signals', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.signals), `signals ${r.status}`);
    const rows = r.json.signals.filter((s) => s.market && s.market.relationships && s.market.relationships.truncated && s.market.relationships.truncated.markets);
    must(rows.length > 0, 'no row with a truncated markets category');
    const bad = rows.filter((s) => s.market.relationships.markets.length !== 50);
    return v(bad.length > 0, `${rows.length} truncated rows; ${bad.length} with a market count other than 50 (e.g. ${bad[0] ? `${bad[0].market.marketKey}: ${bad[0].market.relationships.markets.length}` : '-'})`);
  },
  async availability_hourly_crypto_in_scope(api) {
    const fifteen = await api.get(`/api/public/forecast-availability?market_key=${enc('venue_a:1008765')}`);
    must(fifteen.status === 200 && fifteen.json.excluded, `fifteen-minute market ${fifteen.status} excluded ${JSON.stringify(fifteen.json && fifteen.json.excluded)}`);
    const r = await api.get(`/api/public/forecast-availability?market_key=${enc('venue_a:1009517')}`);
    must(r.status === 200 && r.json.tracked === true && /up or down/i.test(r.json.question || ''), `hourly market ${r.status} ${r.text.slice(0, 120)}`);
    return v(!r.json.excluded || r.json.generation !== null, `hourly: excluded=${JSON.stringify(r.json.excluded)} generation=${r.json.generation ? 'offered' : 'null'}`);
  },
  async forecast_read_signal_ref_whole_seconds(api) {
    const a = await api.newAccount();
    const av = await api.get(`/api/public/forecast-availability?market_key=${enc('venue_b:KXFED-26OCT-T3.00')}`);
    must(av.status === 200 && av.json.market, `availability ${av.status}`);
    const truth = new Map(av.json.market.relationships.signals.map((s) => [s.id, s.published_at]));
    must([...truth.values()].some((t) => !/\.000Z$/.test(t)), 'no publication off a whole second');
    const r = await api.get('/api/v1/markets/KXFED-26OCT-T3.00/forecast?venue=venue_b', { key: a.key });
    must(r.status === 200 && r.json.market, `forecast read ${r.status}`);
    const refs = r.json.market.relationships.signals.filter((s) => truth.has(s.id));
    must(refs.length > 0, 'no shared signal ref');
    const bad = refs.filter((s) => Date.parse(s.published_at) !== Date.parse(truth.get(s.id)));
    return v(bad.length > 0, bad.length ? `${bad[0].id}: ${bad[0].published_at} vs ${truth.get(bad[0].id)}` : `${refs.length} refs agree`);
  },
  async assets_reference_query_echoed(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?reference=fed-funds-rate', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.references), `asset search ${r.status}`);
    return v(r.json.query !== null, `query=${JSON.stringify(r.json.query)} references=${JSON.stringify(r.json.references)}`);
  },
  async targets_503_retry_after(api) {
    const scope = `r31b-targets-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/public/forecast-targets', status: 503, times: 1, scope });
    const r = await api.get('/api/public/forecast-targets?ref=KXFED-26JUN', { scope });
    must(r.status === 503 && r.json && typeof r.json.error === 'string', `targets with a 503 fault -> ${r.status}`);
    return v(r.json.retry_after !== undefined, `503 body ${JSON.stringify(r.json)}`);
  },
  async sources_types_explicit_x_post_dropped(api) {
    const a = await api.newAccount();
    const base = `/api/v1/sources?market_keys=${enc(KEYS4)}`;
    const all = await api.get(base, { key: a.key });
    must(all.status === 200, `sources ${all.status}`);
    const posts = all.json.sources.filter((s) => s.type === 'x_post').length;
    must(posts > 0, 'no x_post items without types');
    const both = await api.get(`${base}&types=article,x_post`, { key: a.key });
    must(both.status === 200, `sources types=article,x_post ${both.status}`);
    const got = both.json.sources.filter((s) => s.type === 'x_post').length;
    return v(got === 0, `default ${posts} x_post; types=article,x_post ${got} x_post of ${both.json.sources.length}`);
  },
  async forecast_read_namespace_miss_404_billed(api) {
    const a = await api.newAccount();
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/markets/KXCPIYOY-26MAR-T2.8/forecast', { key: a.key }));
    must(out.status === 404, `venue_b ticker without venue -> ${out.status}`);
    const ok = await api.spent(a, () => api.get('/api/v1/markets/KXCPIYOY-26MAR-T2.8/forecast?venue=venue_b', { key: a.key }));
    must(ok.out.status === 200 && ok.spent > 0, `forecast read with venue -> ${ok.out.status}, spent ${ok.spent}`);
    return v(spent !== 0, `namespace-miss 404 spent ${spent} credits (a 200 spends ${ok.spent})`);
  },
  async availability_venue_c_read_paid_false(api) {
    const r = await api.get(`/api/public/forecast-availability?market_key=${enc('venue_c:c-0a6ce36144')}`);
    must(r.status === 200 && r.json.available === true && r.json.read, `availability ${r.status}, read ${JSON.stringify(r.json && r.json.read)}`);
    return v(r.json.read.paid !== true, `read ${JSON.stringify(r.json.read)}`);
  },
  async signals_evidence_signal_ref_endpoint_self(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b', { key: a.key });
    must(r.status === 200, `evidence ${r.status}`);
    const refs = r.json.market.relationships.signals;
    must(refs.length > 0, 'no signal refs');
    const bad = refs.filter((x) => x.canonical_endpoint !== '/api/v1/signals');
    return v(bad.length > 0, `${refs.length} SignalRefs, canonical_endpoint ${JSON.stringify(refs.map((x) => x.canonical_endpoint))}`);
  },  // ---------------------------------------------------------------- round 32 (b)
  async generation_quota_429_code_quota_exceeded(api) {
    const a = await api.newAccount(100000);
    let r;
    for (let i = 0; i < 80; i++) {
      r = await api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_a', market_id: '1000503' },
        { key: a.key, headers: { 'idempotency-key': randomUUID() } });
      if (r.status === 429 && r.json && r.json.quotaScope) break;
      must(r.status === 202 || r.status === 200 || r.status === 201 || r.status === 429, `generation answered ${r.status}`);
      await sleep(r.status === 429 ? 1100 : 60);
    }
    must(r.status === 429 && r.json.quotaScope === 'venue_market_daily', `no owner-scoped quota 429 (last ${r.status})`);
    return v(r.json.error !== 'rate_limited', `429 ${r.json.quotaScope}: error ${r.json.error}`);
  },
  async oil_perp_venue_b_at_epoch_ms(api) {
    const a = await api.newAccount();
    let r;
    for (let i = 0; i < 5; i++) {
      r = await api.get('/api/v1/signals/oil', { key: a.key });
      if (r.status !== 429) break;
      await sleep(1200);
    }
    must(r.status === 200 && r.json.marks && r.json.marks.perp_venue_b && r.json.marks.venue_a_perps, `oil ${r.status}`);
    const at = r.json.marks.perp_venue_b.at;
    const rfc = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
    return v(typeof at !== 'string' || !rfc.test(at), `perp_venue_b.at ${JSON.stringify(at)}, venue_a_perps.at ${JSON.stringify(r.json.marks.venue_a_perps.at)}`);
  },
  async profile_uppercase_handle_refused(api) {
    const a = await api.newAccount(100000);
    const r = await api.post('/api/v1/x/profile', { handle: 'Policy_Pat' }, { key: a.key });
    must(r.status === 200 || r.status === 422, `profile answered ${r.status} ${r.text.slice(0, 120)}`);
    return v(r.status !== 200, `handle Policy_Pat: ${r.status} ${r.status === 200 ? r.json.handle : r.text.slice(0, 120)}`);
  },
  async job_status_view_rejected_as_failed(api) {
    const a = await api.newAccount(5000);
    const id = await newJob(api, a);
    const e = await api.control('POST', `/__control/jobs/${id}`, { outcome: 'rejected' });
    must(e.status === 200, `job end answered ${e.status}`);
    const s = await api.get(`/api/auth/forecast-requests/${id}?view=status`, { key: a.key });
    const d = await api.get(`/api/auth/forecast-requests/${id}`, { key: a.key });
    must(s.status === 200 && d.status === 200 && d.json.status === 'rejected', `reads ${s.status}/${d.status} ${d.json && d.json.status}`);
    return v(s.json.status !== d.json.status, `view=status ${s.json.status}, default view ${d.json.status} (errorCode ${s.json.errorCode})`);
  },
  async targets_venue_b_child_last_price_string(api) {
    const r = await api.get('/api/public/forecast-targets?ref=KXFED-26JUN');
    must(r.status === 200 && r.json.venue === 'venue_b' && Array.isArray(r.json.markets) && r.json.markets.length, `targets ${r.status}`);
    const bad = r.json.markets.filter((c) => c.lastPrice !== undefined && c.lastPrice !== null && typeof c.lastPrice !== 'number');
    return v(bad.length > 0, `${bad.length}/${r.json.markets.length} children with a non-number lastPrice (first ${JSON.stringify(r.json.markets[0].lastPrice)})`);
  },
  // ---------------------------------------------------------------- round 32 (a)
  async sources_trailing_zero_strike_dropped(api) {
    const a = await api.newAccount();
    const ev = await api.get('/api/v1/markets/KXFED-26OCT-T3.00/signals?venue=venue_b', { key: a.key });
    must(ev.status === 200, `evidence ${ev.status}`);
    const now = await api.now();
    const inWindow = ev.json.signals.filter((s) => now - Date.parse(s.published_at) <= 168 * 3600_000).length;
    must(inWindow > 0, 'KXFED-26OCT-T3.00 has no article inside 168 h');
    const r = await api.get('/api/v1/sources?market_keys=venue_b:KXFED-26OCT-T3.00,venue_b:KXCPIYOY-26MAR-T2.8&window=168', { key: a.key });
    must(r.status === 200, `sources ${r.status}`);
    const other = r.json.sources.filter((s) => s.market.marketKey === 'venue_b:KXCPIYOY-26MAR-T2.8').length;
    must(other > 0, 'no items for KXCPIYOY-26MAR-T2.8');
    const n = r.json.sources.filter((s) => s.market.marketKey === 'venue_b:KXFED-26OCT-T3.00').length;
    return v(n === 0, `${n} items for KXFED-26OCT-T3.00 (${inWindow} articles in window on the evidence route), ${other} for T2.8`);
  },
  async assets_asset_type_bound_64(api) {
    const a = await api.newAccount();
    const over = await api.get(`/api/v1/assets/search?q=*&asset_type=${'x'.repeat(81)}`, { key: a.key });
    must(over.status === 422, `81 characters answered ${over.status}`);
    const r = await api.get(`/api/v1/assets/search?q=*&asset_type=${'x'.repeat(70)}`, { key: a.key });
    return v(r.status !== 200, `70 characters: ${r.status} ${r.text.slice(0, 120)}`);
  },
  async sources_debit_per_five_markets(api) {
    const a = await api.newAccount();
    const list = await api.get('/api/v1/markets?venue=venue_b', { key: a.key });
    must(list.status === 200 && list.json.markets.length >= 10, 'fewer than ten venue_b markets');
    const keys = list.json.markets.slice(0, 10).map((m) => m.marketKey).join(',');
    const { spent, out } = await api.spent(a, () => api.get(`/api/v1/sources?market_keys=${enc(keys)}&window=168`, { key: a.key }));
    must(out.status === 200, `sources ${out.status}`);
    return v(spent !== 5, `spent ${spent} for ten market keys`);
  },
  async x_research_second_429_wait_zero(api) {
    const a = await api.newAccount();
    await api.fill('x_research', 'second', 5, a);
    const r = await api.post('/api/v1/x/search', { query: 'fed' }, { key: a.key });
    must(r.status === 429 && r.json && r.json.limit_scope === 'x_research', `expected an x_research 429, got ${r.status}`);
    const h = Number(r.headers['retry-after']);
    return v(!(h >= 1) || !(r.json.retry_after >= 1), `Retry-After ${r.headers['retry-after']}, retry_after ${r.json.retry_after}`);
  },
  async evidence_event_slug_404_billed(api) {
    const a = await api.newAccount();
    const miss = await api.spent(a, () => api.get('/api/v1/markets/no-such-slug-r32a/signals?venue=venue_b', { key: a.key }));
    must(miss.out.status === 404 && miss.spent === 0, `unknown slug: ${miss.out.status}, spent ${miss.spent}`);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/markets/KXFED-26OCT/signals?venue=venue_b', { key: a.key }));
    must(out.status === 404, `event ticker answered ${out.status}`);
    return v(spent !== 0, `spent ${spent} on the event ticker's 404`);
  },
  // ---------------------------------------------------------------- round 33 (a)
  async job_updated_at_postgres_text(api) {
    const a = await api.newAccount(5000);
    const id = await newJob(api, a);
    const r = await api.get(`/api/auth/forecast-requests/${id}`, { key: a.key });
    must(r.status === 200 && r.json && typeof r.json.createdAt === 'string', `job read ${r.status}`);
    const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
    must(rfc3339.test(r.json.createdAt), `createdAt ${r.json.createdAt}`);
    return v(typeof r.json.updatedAt !== 'string' || !rfc3339.test(r.json.updatedAt), `createdAt ${r.json.createdAt}, updatedAt ${JSON.stringify(r.json.updatedAt)}`);
  },
  async latest_legacy_service_url_market_key(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/latest?hours=6', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.events), `latest ${r.status}`);
    const legacy = r.json.events.map((e) => e.market).filter((m) => m && m.venue === 'venue_a' && typeof m.serviceMarketId === 'string' && !m.serviceMarketId.includes(':'));
    must(legacy.length > 0, 'no legacy venue_a market in the feed');
    const bad = legacy.filter((m) => m.serviceUrl !== `${SITE}/markets/${enc(m.serviceMarketId)}`);
    return v(bad.length > 0, `${bad.length}/${legacy.length} legacy venue_a events with serviceUrl off serviceMarketId (e.g. ${bad[0] ? `${bad[0].serviceMarketId} -> ${bad[0].serviceUrl}` : '-'})`);
  },
  async targets_outcome_suffix_child_404(api) {
    const ev = await api.get('/api/public/forecast-targets?ref=KXRECESSION-26');
    must(ev.status === 200 && ev.json.targetType === 'event' && ev.json.markets.some((c) => c.ticker === 'KXRECESSION-26-YES'), `event ref ${ev.status}`);
    const r = await api.get('/api/public/forecast-targets?ref=KXRECESSION-26-YES');
    const ok = r.status === 200 && r.json.targetType === 'market' && r.json.selectedMarket && r.json.selectedMarket.ticker === 'KXRECESSION-26-YES' && r.json.generation;
    return v(!ok, `exact child KXRECESSION-26-YES -> ${r.status} ${r.json && (r.json.error || r.json.targetType)}`);
  },
  async ip_guard_second_429_wait_zero(api) {
    const a = await api.newAccount();
    await sleep(1100);
    const u = await api.control('POST', '/__control/limits/usage', { scope: 'ip_guard', window: 'second', count: 50 });
    must(u.status === 200, `ip_guard preload ${u.status}`);
    const r = await api.get('/api/v1/assets', { key: a.key });
    await sleep(1100);
    must(r.status === 429 && String(r.headers.ratelimit || '').startsWith('"ip_guard-second"'), `expected an ip_guard-second 429, got ${r.status} ${r.headers.ratelimit}`);
    const h = Number(r.headers['retry-after']);
    return v(!(h >= 1) || !(r.json.retry_after >= 1), `Retry-After ${r.headers['retry-after']}, retry_after ${r.json.retry_after}`);
  },
  async oil_episode_prices_numeric_strings(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/signals/oil', { key: a.key });
    must(r.status === 200 && r.json && r.json.episode && r.json.episode.ref_price !== null && r.json.episode.ref_price !== undefined, `oil ${r.status}`);
    const e = r.json.episode;
    const bad = ['ref_price', 'outcome_price', 'return_pct', 'live_return_pct'].filter((k) => e[k] !== null && e[k] !== undefined && typeof e[k] !== 'number');
    return v(bad.length > 0, bad.length ? bad.map((k) => `${k} ${JSON.stringify(e[k])}`).join(', ') : `ref_price ${e.ref_price}, outcome_price ${e.outcome_price}`);
  },
  // ---------------------------------------------------------------- round 33 (b)
  async latest_types_forecast_x_post_pair(api) {
    const a = await api.newAccount();
    const posts = await api.get('/api/v1/latest?hours=6&types=x_post', { key: a.key });
    must(posts.status === 200 && posts.json.events.length > 0, `types=x_post answered ${posts.status} with ${posts.json && posts.json.events.length} events`);
    const r = await api.get('/api/v1/latest?hours=6&types=forecast,x_post', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.events), `types=forecast,x_post answered ${r.status}`);
    const n = r.json.events.filter((e) => e.type === 'x_post').length;
    const f = r.json.events.filter((e) => e.type === 'forecast').length;
    must(f > 0, 'no forecast event in six hours');
    return v(n === 0, `types=forecast,x_post: ${f} forecasts, ${n} x_post events (types=x_post alone: ${posts.json.events.length})`);
  },
  async availability_slug_bound_255(api) {
    const over = await api.get(`/api/public/forecast-availability?slug=${'a'.repeat(513)}`);
    must(over.status === 422, `513 characters answered ${over.status}`);
    const id = await api.get(`/api/public/forecast-availability?market_id=${'a'.repeat(300)}&venue=venue_b`);
    must(id.status === 200, `a 300-character market_id answered ${id.status}`);
    const r = await api.get(`/api/public/forecast-availability?slug=${'a'.repeat(300)}`);
    return v(r.status !== 200 || !r.json || r.json.tracked !== false, `300-character slug: ${r.status} ${r.text.slice(0, 120)}`);
  },
  async markets_search_as_of_debit_20(api) {
    const a = await api.newAccount();
    const plain = await api.spent(a, () => api.get('/api/v1/markets/search?q=fed', { key: a.key }));
    must(plain.out.status === 200 && plain.spent === 10, `plain search: ${plain.out.status}, spent ${plain.spent}`);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/markets/search?q=fed&as_of=2026-11-30', { key: a.key }));
    must(out.status === 200, `as_of search answered ${out.status}`);
    return v(spent !== 10, `search with as_of: spent ${spent}`);
  },
  async oil_perp_venue_b_down_billed(api) {
    const scope = `r33b-oil-${randomUUID()}`;
    const o = await api.control('POST', '/__control/oil', { scope, reading: 'seeded', marksDown: ['perp_venue_b'] });
    must(o.status === 200, `oil state answered ${o.status}`);
    const a = await api.newAccount();
    await sleep(1100); // oil start spacing
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/signals/oil', { key: a.key, scope }));
    must(out.status === 200 && out.json && out.json.degraded === true && out.json.marks && out.json.marks.perp_venue_b === null && out.json.marks.venue_a_perps,
      `oil answered ${out.status} ${out.text.slice(0, 160)}`);
    return v(spent !== 0, `perp_venue_b down (null, degraded true): spent ${spent}`);
  },
  async x_research_concurrency_429_billed(api) {
    try {
      const a = await api.newAccount(100000);
      const scope = `r33b-xc-${randomUUID()}`;
      await api.fault({ method: 'POST', path: '/api/v1/x/search', latencyMs: 3000, times: 5, scope });
      const before = await api.credits(a);
      const call = () => api.post('/api/v1/x/search', { query: 'fed', limit: 1 }, { key: a.key, scope });
      const out = await Promise.all(Array.from({ length: 6 }, (_, i) => sleep(i < 5 ? i * 20 : 1200).then(call)));
      const after = await api.credits(a);
      const ok = out.filter((r) => r.status === 200).length;
      const lim = out.filter((r) => r.status === 429 && /^"x_research-concurrency"/.test(r.headers.ratelimit || ''));
      must(ok === 5 && lim.length === 1, `expected five 200s and one concurrency 429 (${out.map((r) => r.status).join(',')})`);
      const spent = before - after;
      return v(spent !== 5 * 500, `five searches and one in-flight 429: spent ${spent}`);
    } finally { await api.reset(); }
  },

  // ---- round 34 (a)
  async job_forecast_market_ref_incoming(api) {
    try {
      const a = await api.newAccount(5000);
      const id = await newJob(api, a);
      const adv = await api.control('POST', '/__control/clock', { advanceSeconds: 700 });
      must(adv.status === 200, `clock answered ${adv.status}`);
      const j = await api.get(`/api/auth/forecast-requests/${id}`, { key: a.key });
      must(j.status === 200 && j.json.status === 'succeeded' && j.json.forecasts.length > 0, `job ${j.status} ${j.json && j.json.status}`);
      const refs = j.json.forecasts.flatMap((f) => f.relationships.markets.filter((r) => r.relationship === 'ON_MARKET' && r.via === 'direct'));
      must(refs.length > 0, 'no direct ON_MARKET refs');
      const bad = refs.filter((r) => r.direction !== 'outgoing');
      return v(bad.length > 0, `${bad.length}/${refs.length} direct ON_MARKET refs not outgoing (${refs.map((r) => r.direction).join(',')})`);
    } finally { await api.reset(); }
  },
  async signal_list_429_no_ratelimit_policy(api) {
    const a = await api.newAccount();
    await api.fill('standard', 'minute', 600, a);
    const r = await api.get('/api/v1/signals', { key: a.key });
    must(r.status === 429 && r.headers['retry-after'] && r.headers.ratelimit, `expected a 429 with Retry-After and RateLimit, got ${r.status}`);
    return v(!r.headers['ratelimit-policy'], `RateLimit-Policy=${r.headers['ratelimit-policy']}`);
  },
  async generation_legacy_venue_a_id_404(api) {
    const a = await api.newAccount(5000);
    const gen = (id) => api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_a', market_id: id },
      { key: a.key, headers: { 'idempotency-key': randomUUID() } });
    const av = await api.get('/api/public/forecast-availability?market_id=520224&venue=venue_a');
    must(av.status === 200 && av.json.tracked && av.json.market.serviceMarketId === '520224', `availability ${av.status} ${av.text.slice(0, 120)}`);
    const newer = await gen('1000503');
    must([200, 201, 202].includes(newer.status), `1000503 answered ${newer.status}`);
    const { spent, out } = await api.spent(a, () => gen('520224'));
    return v(![200, 201, 202].includes(out.status), `520224 (legacy) answered ${out.status} ${out.text.slice(0, 100)}, spent ${spent}`);
  },
  async markets_default_forecast_age_24h(api) {
    const a = await api.newAccount();
    const d = await api.get('/api/v1/markets', { key: a.key });
    const e = await api.get('/api/v1/markets?max_forecast_age=48', { key: a.key });
    must(d.status === 200 && e.status === 200, `markets ${d.status} ${e.status}`);
    const row = (m) => `${m.marketKey}:${m.forecast_count}:${m.latest_forecast_at}`;
    const ds = new Set(d.json.markets.map(row));
    const diff = e.json.markets.filter((m) => !ds.has(row(m)));
    return v(diff.length > 0 || d.json.markets.length !== e.json.markets.length,
      `default ${d.json.markets.length} markets, max_forecast_age=48 ${e.json.markets.length}; ${diff.length} rows differ${diff[0] ? ` (e.g. ${row(diff[0])})` : ''}`);
  },
  async markets_snapshot_quote_schema_version_number(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets', { key: a.key });
    must(r.status === 200, `markets ${r.status}`);
    const snaps = r.json.markets.filter((m) => m.venue_quote && m.venue_quote.quote_method === 'graph_snapshot');
    must(snaps.length > 0, 'no snapshot quotes');
    const bad = r.json.markets.filter((m) => m.venue_quote && m.venue_quote.schema_version !== '1');
    return v(bad.length > 0, `${bad.length}/${r.json.markets.length} quotes with schema_version !== "1" (${bad.slice(0, 2).map((m) => `${m.venue}:${JSON.stringify(m.venue_quote.schema_version)}`).join(', ')})`);
  },

  // ---------------------------------------------------------------- round 34 (b)
  async assets_q_material_only_dropped(api) {
    const a = await api.newAccount();
    const star = await api.get('/api/v1/assets/search?q=*&material_only=true', { key: a.key });
    must(star.status === 200 && Array.isArray(star.json.assets) && !star.json.assets.some((x) => x.assetKey === 'dormant-holdings'), `q=* material_only answered ${star.status}`);
    const plain = await api.get('/api/v1/assets/search?q=dormant', { key: a.key });
    must(plain.status === 200 && plain.json.assets.some((x) => x.assetKey === 'dormant-holdings'), `q=dormant answered ${plain.status} without dormant-holdings`);
    const r = await api.get('/api/v1/assets/search?q=dormant&material_only=true', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.assets) && r.json.material_only === true, `q=dormant&material_only=true answered ${r.status}`);
    const bad = r.json.assets.filter((x) => x.assetKey === 'dormant-holdings');
    return v(bad.length > 0, `q=dormant&material_only=true: ${r.json.assets.length} assets (${r.json.assets.map((x) => x.assetKey).join(', ') || '-'})`);
  },
  async markets_venue_c_snapshot_lane_merged(api) {
    const a = await api.newAccount();
    const b = await api.get('/api/v1/markets?venue=venue_b', { key: a.key });
    must(b.status === 200 && b.json.markets.length > 0 && b.json.markets.every((m) => m.venue === 'venue_b'), `venue=venue_b answered ${b.status}`);
    const r = await api.get('/api/v1/markets?venue=venue_c', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.markets) && r.json.markets.some((m) => m.venue === 'venue_c'), `venue=venue_c answered ${r.status}`);
    const other = r.json.markets.filter((m) => m.venue !== 'venue_c');
    return v(other.length > 0, `venue=venue_c: ${r.json.markets.length} rows, ${other.length} of another venue (${[...new Set(other.map((m) => m.venue))].join(', ') || '-'})`);
  },
  async profile_default_lookback_180(api) {
    const a = await api.newAccount();
    const r = await api.post('/api/v1/x/profile', { handle: 'policy_pat' }, { key: a.key });
    must(r.status === 200 && r.json && r.json.window, `profile answered ${r.status} ${r.text.slice(0, 120)}`);
    const w = r.json.window;
    const days = Math.round((Date.parse(w.to_date) - Date.parse(w.from_date)) / 86400000);
    return v(w.lookback_days !== 365 || days < 364, `no lookback_days: window.lookback_days ${w.lookback_days}, ${w.from_date}..${w.to_date} (${days} days)`);
  },
  async perps_minute_429_billed(api) {
    const a = await api.newAccount();
    const u = await api.control('POST', '/__control/limits/usage', { scope: 'standard', window: 'minute', count: 600, accountId: a.id });
    must(u.status === 200, `minute preload answered ${u.status}`);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/signals/perps', { key: a.key }));
    must(out.status === 429 && /^"standard-minute"/.test(out.headers.ratelimit || ''), `expected a standard-minute 429, got ${out.status} ${out.headers.ratelimit}`);
    return v(spent !== 0, `perps standard-minute 429: spent ${spent}`);
  },
  async markets_catalog_502_billed(api) {
    const a = await api.newAccount();
    const ok = await api.spent(a, () => api.get('/api/v1/markets?venue=venue_c', { key: a.key }));
    must(ok.out.status === 200 && ok.spent === 10, `catalog read: ${ok.out.status}, spent ${ok.spent}`);
    const scope = `r34b-m502-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/markets', status: 502, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/markets', { key: a.key, scope }));
    must(out.status === 502 && out.json && out.json.error === 'upstream_unavailable', `faulted catalog answered ${out.status}`);
    return v(spent !== 0, `catalog 502: spent ${spent}`);
  },
  async targets_url_ref_404_no_error_code(api) {
    const bare = await api.get('/api/public/forecast-targets?ref=KXNOPE-99');
    must(bare.status === 404 && bare.json && typeof bare.json.error === 'string', `bare ticker 404: ${bare.status} ${bare.text.slice(0, 120)}`);
    const r = await api.get(`/api/public/forecast-targets?ref=${enc('https://venue-a.example/event/no-such-event-xyz')}`);
    must(r.status === 404 && r.json, `URL ref answered ${r.status}`);
    return v(typeof r.json.error !== 'string' || typeof r.json.message !== 'string', JSON.stringify(r.json));
  },
  async asset_linked_market_updated_at_zoneless(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?reference=venue_a:520224', { key: a.key });
    must(r.status === 200, `asset search ${r.status}`);
    const ms = r.json.assets.flatMap((x) => x.linked_markets || []);
    must(ms.length > 0, 'no linked markets');
    const rfc = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
    const bad = ms.filter((m) => !rfc.test(String(m.market_updated_at)));
    return v(bad.length > 0, `${bad.length}/${ms.length} linked markets with a non-RFC 3339 market_updated_at, e.g. ${bad[0] ? bad[0].market_updated_at : ms[0].market_updated_at}`);
  },
  async targets_venue_b_key_child_as_event(api) {
    const bare = await api.get('/api/public/forecast-targets?ref=KXCPIYOY-26MAR-T2.8');
    must(bare.status === 200 && bare.json.targetType === 'market', `bare child ticker: ${bare.status} ${bare.json && bare.json.targetType}`);
    const r = await api.get(`/api/public/forecast-targets?ref=${enc('venue_b:KXCPIYOY-26MAR-T2.8')}`);
    must(r.status === 200 && r.json, `venue_b key answered ${r.status}`);
    const b = r.json;
    const exact = b.targetType === 'market' && b.selectionRequired === false && b.selectedMarket && b.selectedMarket.ticker === 'KXCPIYOY-26MAR-T2.8'
      && b.generation && b.generation.market_id === 'KXCPIYOY-26MAR-T2.8' && b.generation.venue === 'venue_b';
    return v(!exact, `targetType ${b.targetType}, selectionRequired ${b.selectionRequired}, selectedMarket ${b.selectedMarket ? b.selectedMarket.ticker : 'absent'}, generation ${b.generation ? b.generation.market_id : 'absent'}`);
  },
  async sources_slug_form_default_window_24h(api) {
    const a = await api.newAccount();
    const slug = 'will-us-unemployment-reach-5-in-2026';
    const d = await api.get(`/api/v1/sources?markets=${slug}`, { key: a.key });
    const w = await api.get(`/api/v1/sources?markets=${slug}&window=48`, { key: a.key });
    must(d.status === 200 && w.status === 200, `sources ${d.status}/${w.status}`);
    const ids = (x) => x.json.sources.map((s) => `${s.type}|${s.url}|${s.published_at}`).sort().join('\n');
    const now = await api.now();
    must(w.json.sources.some((s) => now - Date.parse(s.published_at) > 24 * 3600e3), 'no evidence 24-48 h old');
    return v(ids(d) !== ids(w), `default ${d.json.sources.length} items, window=48 ${w.json.sources.length} items`);
  },
  async assets_reference_retrieval_lexical_skipped(api) {
    const a = await api.newAccount();
    const q = await api.get('/api/v1/assets/search?q=oil', { key: a.key });
    must(q.status === 200 && q.json.retrieval && q.json.retrieval.lexical === 'unconfigured', `q mode retrieval ${JSON.stringify(q.json && q.json.retrieval)}`);
    const r = await api.get('/api/v1/assets/search?reference=venue_a:520224', { key: a.key });
    must(r.status === 200 && r.json.retrieval, `reference mode ${r.status}`);
    const t = r.json.retrieval;
    return v(t.lexical !== 'unconfigured' || t.graph !== 'ok', `reference-mode retrieval ${JSON.stringify(t)}`);
  },

  // ---- round 35 (a)
  async markets_venue_a_us_filter_empty(api) {
    const a = await api.newAccount();
    const all = await api.get('/api/v1/markets', { key: a.key });
    must(all.status === 200, `markets ${all.status}`);
    const want = all.json.markets.filter((m) => m.venue === 'venue_a_us').length;
    must(want > 0, 'no venue_a_us rows in the unfiltered list');
    const r = await api.get('/api/v1/markets?venue=venue_a_us', { key: a.key });
    must(r.status === 200, `markets?venue=venue_a_us ${r.status}`);
    const got = r.json.markets.filter((m) => m.venue === 'venue_a_us').length;
    return v(got !== want || r.json.markets.length !== want, `venue=venue_a_us: ${r.json.markets.length} rows (${got} venue_a_us), unfiltered list has ${want}`);
  },
  async targets_exact_child_estimated_cost_one(api) {
    const r = await api.get('/api/public/forecast-targets?ref=KXCPIYOY-26MAR-T2.8');
    must(r.status === 200 && r.json.allContracts && r.json.targetType === 'market', `targets ${r.status} ${r.text.slice(0, 120)}`);
    const ac = r.json.allContracts;
    must(ac.marketCount > 1 && ac.requests.length === ac.marketCount, `allContracts marketCount ${ac.marketCount}`);
    const sum = r.json.markets.reduce((s, m) => s + Number(m.generation.costUsd), 0);
    return v(Math.abs(Number(ac.estimatedCostUsd) - sum) > 1e-9 || Math.abs(sum - ac.marketCount * 1.0) > 1e-9,
      `marketCount ${ac.marketCount}, estimatedCostUsd ${ac.estimatedCostUsd}, children sum ${sum.toFixed(2)}`);
  },
  async job_foreign_404_billed(api) {
    const owner = await api.newAccount(5000);
    const other = await api.newAccount(5000);
    const id = await newJob(api, owner);
    const { spent, out } = await api.spent(other, () => api.get(`/api/auth/forecast-requests/${id}`, { key: other.key }));
    must(out.status === 404, `foreign job read ${out.status}`);
    return v(spent !== 0, `foreign job 404: spent ${spent}`);
  },
  async sources_concurrency_max_concurrent_5(api) {
    try {
      const a = await api.newAccount();
      const scope = `r35a-cc-${randomUUID()}`;
      await api.fault({ method: 'GET', path: '/api/v1/sources', latencyMs: 1500, times: 10, scope });
      const out = await Promise.all(Array.from({ length: 11 }, (_, i) => sleep(i * 20)
        .then(() => api.get('/api/v1/sources?market_keys=venue_a:520224', { key: a.key, scope }))));
      const lim = out.filter((r) => r.status === 429 && /standard-concurrency/.test(String(r.headers.ratelimit || '')));
      must(lim.length >= 1, `no concurrency 429 (${out.map((r) => r.status).join(',')})`);
      const bad = lim.filter((r) => r.headers['x-quotient-max-concurrent'] !== '10');
      return v(bad.length > 0, `${lim.length} concurrency 429: x-quotient-max-concurrent ${lim.map((r) => r.headers['x-quotient-max-concurrent']).join(',')}`);
    } finally { await api.reset(); }
  },
  async assets_directory_502_billed(api) {
    const a = await api.newAccount();
    const ok = await api.spent(a, () => api.get('/api/v1/assets', { key: a.key }));
    must(ok.out.status === 200 && ok.spent === 5, `directory read: ${ok.out.status}, spent ${ok.spent}`);
    const scope = `r35a-a502-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/assets', status: 502, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/assets', { key: a.key, scope }));
    must(out.status === 502 && out.json && out.json.error === 'upstream_unavailable', `faulted directory answered ${out.status}`);
    return v(spent !== 0, `directory 502: spent ${spent}`);
  },

  async xsearch_malformed_body_400(api) {
    const a = await api.newAccount();
    const ok = await api.post('/api/v1/x/search', '{"query": "fed", "limit": 20}', { key: a.key });
    must(ok.status === 200, `well-formed x/search answered ${ok.status}`);
    await sleep(1100);
    const { spent, out } = await api.spent(a, () => api.post('/api/v1/x/search', '{"query": "fed", "limit": ', { key: a.key }));
    must(out.json && typeof out.json.error === 'string', `malformed x/search answered ${out.status} ${out.text.slice(0, 120)}`);
    must(spent === 0, `malformed x/search spent ${spent}`);
    return v(out.status !== 422, `malformed JSON body -> ${out.status} ${JSON.stringify(out.json)}`);
  },
  async availability_slug_target_endpoint_v1(api) {
    const mk = await api.get('/api/public/forecast-availability?market_key=venue_b:KXFED-26APR');
    must(mk.status === 200 && mk.json.targetResolution, `market_key form: ${mk.status} targetResolution ${mk.json && JSON.stringify(mk.json.targetResolution)}`);
    const r = await api.get('/api/public/forecast-availability?slug=KXFED-26APR&venue=venue_b');
    must(r.status === 200 && r.json.targetResolution && typeof r.json.targetResolution.endpoint === 'string', `slug form: ${r.status} ${r.text.slice(0, 160)}`);
    const ep = r.json.targetResolution.endpoint;
    const t = await api.get(ep);
    const resolves = t.status === 200 && t.json && t.json.event && t.json.event.ticker === 'KXFED-26APR' && Array.isArray(t.json.markets) && t.json.markets.length > 0;
    return v(!ep.startsWith('/api/public/forecast-targets') || !resolves, `slug form endpoint ${ep} -> ${t.status} (market_key form: ${mk.json.targetResolution.endpoint})`);
  },
  async assets_q_one_letter_ticker_unmatched(api) {
    const a = await api.newAccount();
    const two = await api.get('/api/v1/assets/search?q=CL', { key: a.key });
    must(two.status === 200 && two.json.assets.some((x) => x.assetKey === 'crude-wti'), `q=CL -> ${two.status} ${two.text.slice(0, 120)}`);
    const dir = await api.get('/api/v1/assets', { key: a.key });
    must(dir.status === 200 && dir.json.assets.some((x) => x.ticker === 'B' && x.assetKey === 'brent'), 'no Asset with ticker B in the directory');
    const r = await api.get('/api/v1/assets/search?q=B', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.assets) && r.json.query === 'B', `q=B -> ${r.status} ${r.text.slice(0, 120)}`);
    return v(!r.json.assets.some((x) => x.assetKey === 'brent'), `q=B -> assets [${r.json.assets.map((x) => x.assetKey).join(',')}]`);
  },
  async forecast_read_drawdown_anchored_at_read(api) {
    try {
      const a = await api.newAccount();
      const url = '/api/v1/markets/will-the-10-year-treasury-yield-close-2026-above-5/forecast';
      const risks = (j) => new Map([j.forecast, ...(j.history || [])].map((f) => [f.id, JSON.stringify(f.drawdown_risk_72h)]));
      const r1 = await api.get(url, { key: a.key });
      must(r1.status === 200 && r1.json.forecast && r1.json.forecast.drawdown_risk_72h, `first read ${r1.status}`);
      const c = await api.control('POST', '/__control/clock', { advanceSeconds: 30 * 3600 });
      must(c.status === 200, `clock advance ${c.status}`);
      const r2 = await api.get(url, { key: a.key });
      must(r2.status === 200 && r2.json.forecast, `second read ${r2.status}`);
      const before = risks(r1.json);
      const after = risks(r2.json);
      const same = [...before.keys()].filter((id) => after.has(id));
      must(same.length > 0, 'no forecast id in both reads');
      const moved = same.filter((id) => before.get(id) !== after.get(id));
      return v(moved.length > 0, moved.length ? moved.map((id) => `${id.slice(0, 8)}: ${before.get(id)} -> ${after.get(id)} 30 h later`).join('; ') : `${same.length} forecasts keep their drawdown_risk_72h 30 h later`);
    } finally { await api.reset(); }
  },
  async latest_forecast_probability_favoured_side(api) {
    const a = await api.newAccount();
    const l = await api.get('/api/v1/latest?hours=6&types=forecast', { key: a.key });
    must(l.status === 200 && l.json.events.length > 0, `latest ${l.status}`);
    const rows = [];
    for (const e of l.json.events.filter((x) => x.forecast && x.market && x.market.slug).slice(0, 15)) {
      const f = await api.get(`/api/v1/markets/${enc(e.market.slug)}/forecast?venue=${e.market.venue}`, { key: a.key });
      if (f.status !== 200 || !f.json.forecast || f.json.forecast.id !== e.forecast.id) continue;
      rows.push({ key: e.market.marketKey, feed: e.forecast.probability, read: f.json.forecast.probability });
    }
    must(rows.some((x) => x.read < 0.5), `no NO-leaning forecast among ${rows.length} compared`);
    const bad = rows.filter((x) => x.feed !== x.read);
    return v(bad.length > 0, bad.length ? `${bad.length}/${rows.length} differ, e.g. ${bad.slice(0, 2).map((x) => `${x.key}: feed ${x.feed}, read ${x.read}`).join('; ')}` : `${rows.length} feed forecasts agree with the stored read`);
  },

  async search_as_of_venue_filter_dropped(api) {
    const a = await api.newAccount();
    const day = new Date((await api.now()) - 86400_000).toISOString().slice(0, 10);
    const plain = await api.get('/api/v1/markets/search?q=bitcoin&venue=venue_b', { key: a.key });
    must(plain.status === 200 && plain.json.markets.length > 0 && plain.json.markets.every((m) => m.venue === 'venue_b'), `venue search ${plain.status}`);
    const r = await api.get(`/api/v1/markets/search?q=bitcoin&as_of=${day}&venue=venue_b`, { key: a.key });
    must(r.status === 200 && r.json.markets.length > 0, `as_of venue search ${r.status} ${r.text.slice(0, 120)}`);
    const bad = r.json.markets.filter((m) => m.venue !== 'venue_b');
    return v(bad.length > 0, `as_of=${day}&venue=venue_b: ${r.json.markets.length} rows (count ${r.json.count}), ${bad.length} of other venues (${[...new Set(bad.map((m) => m.venue))]})`);
  },
  async signals_exclude_drawdown_false_applied(api) {
    const a = await api.newAccount();
    const all = await api.get('/api/v1/signals', { key: a.key });
    must(all.status === 200 && all.json.signals.length > 0, `signal list ${all.status}`);
    must(all.json.signals.some((s) => s.drawdown_risk_elevated !== false), 'no row the drawdown filter would drop');
    const r = await api.get('/api/v1/signals?exclude_drawdown_risk=false', { key: a.key });
    must(r.status === 200, `exclude_drawdown_risk=false ${r.status}`);
    const ids = new Set(r.json.signals.map((s) => s.id));
    const missing = all.json.signals.filter((s) => !ids.has(s.id));
    return v(missing.length > 0 || r.json.signals.length !== all.json.signals.length,
      `unfiltered ${all.json.signals.length} rows; exclude_drawdown_risk=false ${r.json.signals.length} rows (count ${r.json.count}), ${missing.length} missing`);
  },
  async generation_venue_b_child_fan_out_debit(api) {
    const a = await api.newAccount(20000);
    const t = await api.get('/api/public/forecast-targets?ref=KXCPIYOY-26MAR-T2.8');
    must(t.status === 200 && t.json.targetType === 'market' && t.json.allContracts.marketCount > 1, `targets ${t.status}`);
    const { spent, out } = await api.spent(a, () => api.post('/api/auth/forecast-requests',
      { kind: 'venue_market', venue: 'venue_b', market_id: 'KXCPIYOY-26MAR-T2.8' }, { key: a.key, headers: { 'idempotency-key': randomUUID() } }));
    must(out.status === 202 && out.json && out.json.jobId, `generation answered ${out.status} ${out.text.slice(0, 120)}`);
    return v(spent !== 1000, `venue_b child of a ${t.json.allContracts.marketCount}-contract event: spent ${spent}`);
  },
  async profile_at_handle_404_billed(api) {
    const a = await api.newAccount(5000);
    const { spent, out } = await api.spent(a, () => api.post('/api/v1/x/profile', { handle: '@nobody', lookback_days: 14 }, { key: a.key }));
    must(out.status === 404 && out.json && out.json.error === 'insufficient_post_history', `profile answered ${out.status} ${out.text.slice(0, 120)}`);
    return v(spent !== 0, `@nobody 404 insufficient_post_history: spent ${spent}`);
  },
  async forecast_read_venue_qualified_404_billed(api) {
    const a = await api.newAccount();
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/markets/KXNOPE-R36B/forecast?venue=venue_b', { key: a.key }));
    must(out.status === 404, `venue-qualified read answered ${out.status}`);
    return v(spent !== 0, `KXNOPE-R36B?venue=venue_b 404: spent ${spent}`);
  },

  async markets_topic_lost_with_changed_within(api) {
    const a = await api.newAccount();
    const has = (m, t) => [...(m.tags || []), ...(m.categories || [])].some((x) => String(x).toLowerCase() === t);
    const cw = await api.get('/api/v1/markets?changed_within=24', { key: a.key });
    must(cw.status === 200 && cw.json.markets.some((m) => has(m, 'fed')) && cw.json.markets.some((m) => !has(m, 'fed')), `changed_within=24 -> ${cw.status}`);
    const r = await api.get('/api/v1/markets?topic=fed&changed_within=24', { key: a.key });
    must(r.status === 200 && r.json.markets.length > 0, `topic=fed&changed_within=24 -> ${r.status}`);
    const off = r.json.markets.filter((m) => !has(m, 'fed'));
    const facets = r.json.venue_facets.reduce((n, f) => n + f.count, 0);
    return v(off.length > 0, `topic=fed&changed_within=24: ${r.json.markets.length} rows (facets ${facets}), ${off.length} without a fed tag or category, e.g. ${off.slice(0, 2).map((m) => m.marketKey).join(', ') || '-'} (changed_within=24 alone: ${cw.json.markets.length} rows)`);
  },
  async oil_no_marks_debit_half(api) {
    const a = await api.newAccount();
    const un = await api.get('/api/v1/signals/oil?include_marks=false');
    must(un.status === 402 && un.headers['payment-required'], `unpaid oil -> ${un.status}`);
    const amounts = JSON.parse(Buffer.from(un.headers['payment-required'], 'base64').toString('utf8')).accepts.map((x) => Number(x.amount));
    must(amounts.length > 0 && amounts.every((x) => x === amounts[0]), `challenge amounts ${amounts}`);
    const want = amounts[0] / 1000; // both tokens have 6 decimals: 1000 atomic units = $0.001 = 1 credit
    await sleep(1200);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/signals/oil?include_marks=false', { key: a.key }));
    must(out.status === 200, `keyed oil include_marks=false -> ${out.status}`);
    await sleep(1200);
    const marks = await api.spent(a, () => api.get('/api/v1/signals/oil', { key: a.key }));
    must(marks.out.status === 200, `keyed oil -> ${marks.out.status}`);
    return v(spent !== want, `challenge asks ${amounts[0]} (${want} credits); include_marks=false spent ${spent}, marks included spent ${marks.spent}`);
  },
  async openapi_profile_lookback_min_30(api) {
    const seen = [];
    let bad = false;
    for (const p of ['/openapi.json', '/api/v1/openapi.json']) {
      const r = await api.get(p);
      must(r.status === 200 && r.json && r.json.paths && r.json.paths['/api/v1/x/profile'], `${p} -> ${r.status}`);
      let sch = r.json.paths['/api/v1/x/profile'].post.requestBody.content['application/json'].schema;
      if (sch && sch.$ref) sch = sch.$ref.replace(/^#\//, '').split('/').reduce((o, k) => (o ? o[k] : undefined), r.json);
      const lb = sch && sch.properties && sch.properties.lookback_days;
      must(lb, `${p}: no lookback_days in the x/profile body schema`);
      seen.push(`${p} lookback_days ${lb.minimum}..${lb.maximum} default ${lb.default}`);
      if (lb.minimum !== 14 || lb.maximum !== 365 || lb.default !== 365) bad = true;
    }
    const a = await api.newAccount(5000);
    const pr = await api.post('/api/v1/x/profile', { handle: 'nobody', lookback_days: 14 }, { key: a.key });
    must(pr.status !== 422 && pr.status < 500, `x/profile lookback_days=14 -> ${pr.status}`);
    return v(bad, `${seen.join('; ')}; the route answers lookback_days=14 with ${pr.status}`);
  },
  async latest_types_lane_error_billed(api) {
    const a = await api.newAccount();
    const scope = `r37a-latest-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/latest', status: 502, times: 1, scope });
    const plain = await api.spent(a, () => api.get('/api/v1/latest', { key: a.key, scope }));
    must(plain.out.status === 502, `faulted latest -> ${plain.out.status}`);
    await api.fault({ method: 'GET', path: '/api/v1/latest', status: 502, times: 1, scope });
    const typed = await api.spent(a, () => api.get('/api/v1/latest?types=forecast,article', { key: a.key, scope }));
    must(typed.out.status === 502, `faulted latest?types -> ${typed.out.status}`);
    return v(typed.spent !== 0, `502 without types: spent ${plain.spent}; 502 with types=forecast,article: spent ${typed.spent}`);
  },
  async assets_material_scan_error_billed(api) {
    const a = await api.newAccount();
    const scope = `r37a-assets-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/assets/search', status: 502, times: 1, scope });
    const q = await api.spent(a, () => api.get('/api/v1/assets/search?q=btc', { key: a.key, scope }));
    must(q.out.status === 502, `faulted q=btc -> ${q.out.status}`);
    await api.fault({ method: 'GET', path: '/api/v1/assets/search', status: 502, times: 1, scope });
    const m = await api.spent(a, () => api.get('/api/v1/assets/search?material_only=true', { key: a.key, scope }));
    must(m.out.status === 502, `faulted material_only=true -> ${m.out.status}`);
    return v(m.spent !== 0, `502 for q=btc: spent ${q.spent}; 502 for material_only=true alone: spent ${m.spent}`);
  },

  async targets_guard_429_no_ratelimit_headers(api) {
    const fill = await api.control('POST', '/__control/limits/usage', { scope: 'ip_guard', window: 'minute', count: 1200 });
    must(fill.status === 200, `guard preload answered ${fill.status}`);
    try {
      const r = await api.get('/api/public/forecast-targets?ref=KXCPIYOY-26MAR');
      must(r.status === 429 && r.json && r.json.limit_scope === 'ip_guard', `targets answered ${r.status} ${r.text.slice(0, 120)}`);
      const av = await api.get('/api/public/forecast-availability?market_key=venue_a%3A520224');
      must(av.status === 429, `availability answered ${av.status}`);
      const show = (x) => `Retry-After ${x.headers['retry-after']}, RateLimit-Policy ${x.headers['ratelimit-policy'] ? 'present' : 'missing'}, RateLimit ${x.headers.ratelimit || 'missing'}`;
      return v(!r.headers['retry-after'] || !r.headers['ratelimit-policy'] || !r.headers.ratelimit, `targets guard 429: ${show(r)}; availability guard 429: ${show(av)}`);
    } finally {
      await api.control('POST', '/__control/limits/usage', { scope: 'ip_guard', window: 'minute', count: 0 });
      await api.control('POST', '/__control/limits/usage', { scope: 'ip_guard', window: 'second', count: 0 });
    }
  },
  async sources_newer_venue_a_keys_unmatched(api) {
    const a = await api.newAccount();
    const slug = 'will-the-fed-decrease-interest-rates-by-50-bps-after-the-april-2026-fomc-meeting';
    const bySlug = await api.get(`/api/v1/sources?markets=${slug}&window=168`, { key: a.key });
    must(bySlug.status === 200 && bySlug.json.sources.length > 0 && bySlug.json.sources.every((s) => s.market.marketKey === 'venue_a:1000503'), `slug form ${bySlug.status}`);
    must(String(bySlug.json.sources[0].market.serviceMarketId).startsWith('venue_a:'), 'venue_a:1000503 is not a newer (prefixed) row');
    const r = await api.get('/api/v1/sources?market_keys=venue_a:520224,venue_a:1000503&window=168', { key: a.key });
    must(r.status === 200, `market_keys form ${r.status}`);
    const count = (k) => r.json.sources.filter((s) => s.market.marketKey === k).length;
    must(count('venue_a:520224') > 0, 'no items for the legacy key venue_a:520224');
    return v(count('venue_a:1000503') === 0, `market_keys=venue_a:520224,venue_a:1000503: ${count('venue_a:520224')} items for venue_a:520224, ${count('venue_a:1000503')} for venue_a:1000503 (markets=<its slug>: ${bySlug.json.sources.length})`);
  },
  async oil_reading_cached_per_utc_day(api) {
    const scope = `r37b-oil-${randomUUID()}`;
    try {
      const a = await api.newAccount();
      const st = await api.control('POST', '/__control/oil', { scope, reading: 'stale' });
      must(st.status === 200, `oil state stale answered ${st.status}`);
      await sleep(1200);
      const r1 = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key, scope });
      must(r1.status === 200 && r1.json.reading && r1.json.reading.is_current === false, `stale read ${r1.status} ${r1.text.slice(0, 120)}`);
      const cur = await api.control('POST', '/__control/oil', { scope, reading: 'current' });
      must(cur.status === 200, `oil state current answered ${cur.status}`);
      await sleep(1200);
      const r2 = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key, scope });
      must(r2.status === 200 && r2.json.reading, `current read ${r2.status} ${r2.text.slice(0, 120)}`);
      const s = (x) => `${x.reading_date} (is_current ${x.is_current}, days_since_reading ${x.days_since_reading})`;
      return v(r2.json.reading.is_current !== true || r2.json.reading.reading_date <= r1.json.reading.reading_date,
        `stale state: ${s(r1.json.reading)}; after the state moved to current: ${s(r2.json.reading)}`);
    } finally {
      await api.control('POST', '/__control/oil', { scope, reading: 'seeded' });
    }
  },
  async latest_quote_last_trade_labelled_midpoint(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/latest?hours=6', { key: a.key });
    must(r.status === 200, `latest ${r.status}`);
    const seen = new Map();
    for (const e of r.json.events) {
      const q = e.market && e.market.venue_quote;
      if (q && q.quote_method === 'midpoint' && typeof q.yes_bid === 'number' && typeof q.yes_ask === 'number') seen.set(e.market.marketKey, q);
    }
    must(seen.size > 0, 'no midpoint quote in the feed');
    const bad = [...seen].filter(([, q]) => Math.abs(q.selected_probability - (q.yes_bid + q.yes_ask) / 2) > 1e-6);
    return v(bad.length > 0, bad.length
      ? `${bad.length}/${seen.size} midpoint quotes are not the midpoint, e.g. ${bad.slice(0, 2).map(([k, q]) => `${k}: bid ${q.yes_bid} ask ${q.yes_ask} last ${q.yes_last} selected ${q.selected_probability}`).join('; ')}`
      : `${seen.size} midpoint quotes all at (bid + ask) / 2`);
  },
  async availability_forecast_asset_ref_edge_id(api) {
    const a = await api.newAccount();
    const dir = await api.get('/api/v1/assets', { key: a.key });
    must(dir.status === 200 && dir.json.assets.length > 0, `directory ${dir.status}`);
    const idOf = new Map(dir.json.assets.map((x) => [x.assetKey, x.id]));
    const rows = [];
    for (const key of ['venue_b:KXWTI-26MAR20-T73.99', 'venue_b:KXCPIYOY-26MAR-T2.8', 'venue_a:520785']) {
      const r = await api.get(`/api/public/forecast-availability?market_key=${enc(key)}`);
      must(r.status === 200, `availability ${key} ${r.status}`);
      const lf = r.json.latestForecast;
      for (const ref of (lf && lf.relationships && lf.relationships.assets) || []) rows.push({ key, ref });
    }
    must(rows.some((x) => x.ref.via === 'market'), 'no two-hop asset ref in any latestForecast');
    const bad = rows.filter((x) => x.ref.id !== idOf.get(x.ref.assetKey));
    return v(bad.length > 0, bad.length
      ? `${bad.length}/${rows.length} latestForecast asset refs with another id than the Asset's, e.g. ${bad.slice(0, 2).map((x) => `${x.key}: ${x.ref.assetKey} ${x.ref.id} (Asset ${idOf.get(x.ref.assetKey)})`).join('; ')}`
      : `${rows.length} latestForecast asset refs carry their Asset's id`);
  },
  // ---------------------------------------------------------------- round 38 (a)
  async latest_forecast_market_source_url_scheme_relative(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/latest?hours=6', { key: a.key });
    must(r.status === 200, `latest ${r.status}`);
    const rows = r.json.events.filter((e) => e.forecast && e.forecast.market && typeof e.forecast.market.sourceUrl === 'string');
    must(rows.length > 0, 'no forecast event with a forecast.market.sourceUrl');
    must(rows.every((e) => /^https?:\/\//.test(e.market.sourceUrl || '')), 'an event market.sourceUrl is not absolute');
    const bad = rows.filter((e) => !/^[a-z][a-z0-9+.-]*:/i.test(e.forecast.market.sourceUrl));
    return v(bad.length > 0, bad.length
      ? `${bad.length}/${rows.length} forecast.market.sourceUrl without a scheme, e.g. ${bad[0].forecast.market.sourceUrl} (event market.sourceUrl ${bad[0].market.sourceUrl})`
      : `${rows.length} forecast.market.sourceUrl all absolute`);
  },
  async assets_q_hyphenated_key_negated(api) {
    const a = await api.newAccount();
    const ref = await api.get('/api/v1/assets/search?reference=crude-wti', { key: a.key });
    must(ref.status === 200 && ref.json.assets.some((x) => x.assetKey === 'crude-wti'), `reference=crude-wti ${ref.status}`);
    const r = await api.get('/api/v1/assets/search?q=crude-wti', { key: a.key });
    must(r.status === 200, `q=crude-wti ${r.status}`);
    const keys = r.json.assets.map((x) => x.assetKey);
    return v(!keys.includes('crude-wti'), `q=crude-wti -> [${keys.join(', ')}]`);
  },
  async markets_latest_forecast_at_default_window(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets?max_forecast_age=168', { key: a.key });
    must(r.status === 200, `markets ${r.status}`);
    const counted = r.json.markets.filter((m) => m.forecast_count >= 1);
    must(counted.length > 0, 'no row with an in-window forecast');
    const now = await api.now();
    const old = counted.filter((m) => m.latest_forecast_at && now - Date.parse(m.latest_forecast_at) > 48 * 3600e3).length;
    const bad = counted.filter((m) => m.latest_forecast_at === null || now - Date.parse(m.latest_forecast_at) > 168 * 3600e3);
    return v(bad.length > 0, bad.length
      ? `${bad.length}/${counted.length} rows with forecast_count >= 1 and no in-window latest_forecast_at, e.g. ${bad[0].marketKey} forecast_count ${bad[0].forecast_count} latest_forecast_at ${bad[0].latest_forecast_at}`
      : `${counted.length} counted rows all carry latest_forecast_at (${old} older than 48 h)`);
  },
  async targets_venue_a_url_child_generation_missing(api) {
    const key = await api.get('/api/public/forecast-targets?ref=venue_a:1000503');
    must(key.status === 200 && key.json.generation, `marketKey form ${key.status}`);
    const url = 'https://venue-a.example/market/will-the-fed-decrease-interest-rates-by-50-bps-after-the-april-2026-fomc-meeting';
    const r = await api.get(`/api/public/forecast-targets?ref=${enc(url)}`);
    must(r.status === 200 && r.json.venue === 'venue_a' && r.json.targetType === 'market' && r.json.selectedMarket, `URL form ${r.status} ${r.json && r.json.targetType}`);
    const g = r.json.generation;
    const ok = g && g.kind === 'venue_market' && g.venue === 'venue_a' && g.market_id === r.json.selectedMarket.marketId;
    return v(!ok, `exact child by URL: generation ${JSON.stringify(g)}; by marketKey: ${JSON.stringify(key.json.generation)}`);
  },
  async profile_observation_post_ids_rounded(api) {
    const a = await api.newAccount(10000);
    const r = await api.post('/api/v1/x/profile', { handle: 'policy_pat' }, { key: a.key });
    must(r.status === 200, `profile ${r.status}`);
    const p = r.json;
    const ids = new Set(p.evidence.map((e) => e.post_id));
    const cited = [];
    const take = (where, list) => { for (const id of list || []) cited.push({ where, id }); };
    for (const k of ['interests', 'beliefs', 'tendencies', 'observations']) for (const x of p[k] || []) take(k, x.post_ids);
    for (const k of ['risk_profile', 'information_processing']) if (p[k]) take(k, p[k].post_ids);
    must(cited.some((c) => c.where === 'observations'), 'no observation cites a post');
    const bad = cited.filter((c) => !ids.has(c.id));
    return v(bad.length > 0, bad.length
      ? `${bad.length}/${cited.length} cited post ids not in evidence (${[...new Set(bad.map((c) => c.where))].join(', ')}), e.g. ${bad[0].id}`
      : `${cited.length} cited post ids all resolve in evidence`);
  },
  // ---------------------------------------------------------------- round 38 (b)
  async search_category_lost_with_venue(api) {
    const a = await api.newAccount();
    const econ = (m) => (m.categories || []).some((c) => String(c).toLowerCase() === 'economics');
    const cat = await api.get('/api/v1/markets/search?q=fed&category=Economics', { key: a.key });
    must(cat.status === 200 && cat.json.markets.length > 0 && cat.json.markets.every(econ), `category alone ${cat.status}`);
    const ven = await api.get('/api/v1/markets/search?q=fed&venue=venue_a', { key: a.key });
    must(ven.status === 200 && ven.json.markets.every((m) => m.venue === 'venue_a') && ven.json.markets.some((m) => !econ(m)), `venue alone ${ven.status}`);
    const r = await api.get('/api/v1/markets/search?q=fed&venue=venue_a&category=Economics', { key: a.key });
    must(r.status === 200 && r.json.markets.length > 0, `venue and category ${r.status}`);
    const off = r.json.markets.filter((m) => !econ(m));
    const offVenue = r.json.markets.filter((m) => m.venue !== 'venue_a');
    return v(off.length > 0 || offVenue.length > 0, `q=fed&venue=venue_a&category=Economics: ${r.json.markets.length} rows (count ${r.json.count}), ${off.length} outside Economics${off.length ? ` (${off.slice(0, 2).map((m) => `${m.marketKey} ${JSON.stringify(m.categories)}`).join(', ')})` : ''}, ${offVenue.length} off venue (venue_a alone: ${ven.json.markets.length} rows)`);
  },
  async markets_broker_topic_lost_with_venue(api) {
    const a = await api.newAccount();
    const broker = (m) => Array.isArray(m.broker_channels) && m.broker_channels.includes('broker_a');
    const alone = await api.get('/api/v1/markets?topic=broker_a', { key: a.key });
    must(alone.status === 200 && alone.json.markets.length > 0 && alone.json.markets.every(broker), `topic=broker_a ${alone.status}`);
    const vb = await api.get('/api/v1/markets?venue=venue_b', { key: a.key });
    must(vb.status === 200 && vb.json.markets.some((m) => !broker(m)), `venue=venue_b has no broker-less row`);
    const r = await api.get('/api/v1/markets?topic=broker_a&venue=venue_b', { key: a.key });
    must(r.status === 200 && r.json.markets.length > 0, `topic=broker_a&venue=venue_b ${r.status}`);
    const off = r.json.markets.filter((m) => !broker(m) || m.venue !== 'venue_b');
    const facets = r.json.venue_facets.reduce((n, f) => n + f.count, 0);
    return v(off.length > 0, `topic=broker_a&venue=venue_b: ${r.json.markets.length} rows (facets ${facets}), ${off.length} not broker-listed${off.length ? `, e.g. ${off.slice(0, 2).map((m) => m.marketKey).join(', ')}` : ''} (topic=broker_a alone: ${alone.json.markets.length}; venue=venue_b alone: ${vb.json.markets.length})`);
  },
  async asset_q_summary_mispriced_at_10pp(api) {
    const a = await api.newAccount();
    const ref = await api.get('/api/v1/assets/search?reference=btc', { key: a.key });
    must(ref.status === 200 && ref.json.assets.length === 1, `reference=btc ${ref.status}`);
    const full = ref.json.assets[0];
    const t = full.market_summary.mispricing_threshold_pp;
    const spread = (m) => Math.abs(m.latest_service_probability - m.market_odds) * 100;
    const priced = full.linked_markets.filter((m) => typeof m.latest_service_probability === 'number' && typeof m.market_odds === 'number');
    const mis = priced.filter((m) => spread(m) >= t - 1e-9);
    const between = mis.filter((m) => spread(m) < 10 - 1e-9);
    must(full.market_summary.mispriced_market_count === mis.length, `reference-mode count ${full.market_summary.mispriced_market_count} vs ${mis.length} computed`);
    must(between.length > 0, `no linked market between ${t} and 10 pp`);
    const q = await api.get('/api/v1/assets/search?q=btc', { key: a.key });
    must(q.status === 200, `q=btc ${q.status}`);
    const x = q.json.assets.find((y) => y.assetKey === full.assetKey);
    must(x, 'btc not in q=btc');
    return v(x.market_summary.mispriced_market_count !== mis.length || x.market_summary.mispricing_threshold_pp !== t,
      `${mis.length} linked markets of btc at least ${t} pp from their forecast (${between.length} below 10 pp); q=btc says mispriced_market_count ${x.market_summary.mispriced_market_count} at mispricing_threshold_pp ${x.market_summary.mispricing_threshold_pp}`);
  },
  async markets_changed_within_502_billed(api) {
    const a = await api.newAccount();
    const scope = `r38b-mcw-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/markets', status: 502, times: 1, scope });
    const plain = await api.spent(a, () => api.get('/api/v1/markets', { key: a.key, scope }));
    must(plain.out.status === 502 && plain.spent === 0, `faulted plain list ${plain.out.status}, spent ${plain.spent}`);
    await api.fault({ method: 'GET', path: '/api/v1/markets', status: 502, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/markets?changed_within=24', { key: a.key, scope }));
    must(out.status === 502 && out.json && out.json.error === 'upstream_unavailable', `faulted changed_within list ${out.status}`);
    return v(spent !== 0, `502 without changed_within: spent ${plain.spent}; 502 with changed_within=24: spent ${spent}`);
  },
  async evidence_venue_qualified_502_billed(api) {
    const a = await api.newAccount();
    const scope = `r38b-ev-${randomUUID()}`;
    const slug = 'will-the-fed-decrease-interest-rates-by-50-bps-after-the-april-2026-fomc-meeting';
    await api.fault({ method: 'GET', path: '/api/v1/markets/{slug}/signals', status: 502, times: 1, scope });
    const legacy = await api.spent(a, () => api.get(`/api/v1/markets/${slug}/signals`, { key: a.key, scope }));
    must(legacy.out.status === 502 && legacy.spent === 0, `faulted legacy lookup ${legacy.out.status}, spent ${legacy.spent}`);
    await api.fault({ method: 'GET', path: '/api/v1/markets/{slug}/signals', status: 502, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b', { key: a.key, scope }));
    must(out.status === 502 && out.json && out.json.error === 'upstream_unavailable', `faulted venue_b lookup ${out.status}`);
    const ok = await api.spent(a, () => api.get('/api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b', { key: a.key }));
    must(ok.out.status === 200 && ok.spent === 10, `unfaulted venue_b lookup ${ok.out.status}, spent ${ok.spent}`);
    return v(spent !== 0, `502 of the legacy slug lookup: spent ${legacy.spent}; 502 of KXCPIYOY-26MAR-T2.8?venue=venue_b: spent ${spent} (its 200 spends ${ok.spent})`);
  },  async assets_reference_first_25_only(api) {
    const a = await api.newAccount();
    const dir = await api.get('/api/v1/assets', { key: a.key });
    must(dir.status === 200 && Array.isArray(dir.json.assets), `directory ${dir.status}`);
    const keys = dir.json.assets.map((x) => x.assetKey).sort().reverse().slice(0, 50);
    must(keys.length > 25, `only ${keys.length} assets in the directory`);
    const r = await api.get(`/api/v1/assets/search?${keys.map((k) => `reference=${enc(k)}`).join('&')}`, { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.assets), `reference mode ${r.status}`);
    must(Array.isArray(r.json.references) && r.json.references.length === keys.length, `references echo ${r.json.references && r.json.references.length}`);
    const got = new Set(r.json.assets.map((x) => x.assetKey));
    const missing = keys.filter((k) => !got.has(k));
    return v(missing.length > 0, `${keys.length} references, ${r.json.assets.length} Assets; missing: ${missing.join(',') || 'none'}`);
  },
  async signals_exclude_drawdown_keeps_unknown(api) {
    const a = await api.newAccount();
    const all = await api.get('/api/v1/signals', { key: a.key });
    must(all.status === 200 && Array.isArray(all.json.signals), `signal list ${all.status}`);
    must(all.json.signals.some((s) => s.drawdown_risk_elevated === null), 'no row with drawdown_risk_elevated null');
    const r = await api.get('/api/v1/signals?exclude_drawdown_risk=true', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.signals), `filtered list ${r.status}`);
    must(!r.json.signals.some((s) => s.drawdown_risk_elevated === true), 'an elevated row survived the filter');
    const unknown = r.json.signals.filter((s) => s.drawdown_risk_elevated === null);
    return v(unknown.length > 0, `unfiltered ${all.json.signals.length} rows; exclude_drawdown_risk=true: ${r.json.signals.length} rows (count ${r.json.count}), ${unknown.length} with drawdown_risk_elevated null`);
  },
  async pricing_credits_per_usd_100(api) {
    const r = await api.get('/api/public/pricing');
    must(r.status === 200 && Array.isArray(r.json.routes), `pricing ${r.status}`);
    const read = r.json.routes.find((x) => x.method === 'GET' && x.path === '/api/v1/markets/{slug}/forecast');
    must(read && read.usd === '0.010' && read.credits === 10, `forecast read row ${JSON.stringify(read)}`);
    return v(r.json.credits_per_usd !== 1000, `credits_per_usd ${r.json.credits_per_usd} (10 credits = $0.01 makes 1000); forecast read usd ${read.usd} credits ${read.credits}`);
  },
  async profile_short_lookback_pro_rata_debit(api) {
    const a = await api.newAccount(5000);
    const full = await api.spent(a, () => api.post('/api/v1/x/profile', { handle: 'policy_pat' }, { key: a.key }));
    must(full.out.status === 200 && full.spent === 1000, `default-lookback profile ${full.out.status}, spent ${full.spent}`);
    const { spent, out } = await api.spent(a, () => api.post('/api/v1/x/profile', { handle: 'fedwatcher', lookback_days: 90 }, { key: a.key }));
    must(out.status === 200 && out.json.window && out.json.window.lookback_days === 90, `90-day profile ${out.status} ${out.text.slice(0, 120)}`);
    return v(spent !== 1000, `default lookback: spent ${full.spent}; lookback_days 90: spent ${spent}`);
  },
  async oil_ip_guard_429_billed(api) {
    const a = await api.newAccount();
    await sleep(1100); // clear of any earlier oil start on this stub (one-second spacing)
    const set = await api.control('POST', '/__control/limits/usage', { scope: 'ip_guard', window: 'minute', count: 1200 });
    must(set.status === 200, `guard preload ${set.status}`);
    try {
      const other = await api.spent(a, () => api.get('/api/v1/markets/mispriced', { key: a.key }));
      must(other.out.status === 429 && other.out.json.limit_scope === 'ip_guard' && other.spent === 0, `guarded mispriced ${other.out.status}, spent ${other.spent}`);
      const { spent, out } = await api.spent(a, () => api.get('/api/v1/signals/oil', { key: a.key }));
      must(out.status === 429 && out.json && out.json.limit_scope === 'ip_guard', `guarded oil ${out.status} ${out.text.slice(0, 120)}`);
      return v(spent !== 0, `ip_guard 429 of mispriced: spent ${other.spent}; ip_guard 429 of the oil route: spent ${spent}`);
    } finally {
      await api.control('POST', '/__control/limits/usage', { scope: 'ip_guard', window: 'minute', count: 0 });
    }
  },

  async markets_venue_a_us_venueaurl(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets', { key: a.key });
    must(r.status === 200, `markets ${r.status}`);
    const us = r.json.markets.filter((m) => m.venue === 'venue_a_us');
    must(us.length > 0, 'no venue_a_us rows');
    must(r.json.markets.some((m) => m.venue === 'venue_a' && m.venueAUrl !== null), 'no venue_a row with venueAUrl');
    const bad = r.json.markets.filter((m) => m.venue !== 'venue_a' && m.venueAUrl !== null);
    return v(bad.length > 0, `${bad.length} non-venue_a rows with venueAUrl (${[...new Set(bad.map((m) => m.venue))]})${bad.length ? `, e.g. ${bad[0].marketKey}: ${bad[0].venueAUrl}` : ''}; ${us.length} venue_a_us rows`);
  },
  async sources_x_post_published_at_platform_form(api) {
    const a = await api.newAccount();
    const r = await api.get(`/api/v1/sources?market_keys=${KEYS4}&window=168`, { key: a.key });
    must(r.status === 200, `sources ${r.status}`);
    must(r.json.sources.some((s) => s.type === 'x_post') && r.json.sources.some((s) => s.type === 'article'), 'sources lack x_post or article items');
    const rfc = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
    const bad = r.json.sources.filter((s) => typeof s.published_at !== 'string' || !rfc.test(s.published_at));
    return v(bad.length > 0, `${bad.length}/${r.json.sources.length} items with a non-RFC 3339 published_at${bad.length ? ` (${bad[0].type}: ${JSON.stringify(bad[0].published_at)})` : ''}`);
  },
  async availability_market_key_slugless_untracked(api) {
    const byId = await api.get('/api/public/forecast-availability?market_id=c-4a22a2b493&venue=venue_c');
    must(byId.status === 200 && byId.json.tracked === true && byId.json.market && byId.json.market.slug === null, `market_id form ${byId.status} tracked ${byId.json && byId.json.tracked}`);
    const slugged = await api.get('/api/public/forecast-availability?market_key=venue_c:c-b4cd802a73');
    must(slugged.status === 200 && slugged.json.tracked === true, `slugged key ${slugged.status}`);
    const r = await api.get('/api/public/forecast-availability?market_key=venue_c:c-4a22a2b493');
    must(r.status === 200, `market_key ${r.status}`);
    return v(r.json.tracked !== true || !r.json.market || r.json.market.marketKey !== 'venue_c:c-4a22a2b493',
      `market_key=venue_c:c-4a22a2b493 (slug null): tracked ${r.json.tracked}, market ${r.json.market && r.json.market.marketKey}; market_id form tracked ${byId.json.tracked}`);
  },
  async xsearch_range_edge_day_start(api) {
    const search = (a, body) => api.post('/api/v1/x/search', body, { key: a.key });
    const pick = (now, posts) => {
      for (const p of posts) {
        const t = Date.parse(p.published_at);
        const n = Math.floor((now - t) / 86400000);
        if (n < 1 || n > 170) continue;
        const edge = new Date(now - n * 86400000);
        const dayStart = Date.UTC(edge.getUTCFullYear(), edge.getUTCMonth(), edge.getUTCDate());
        if (t >= dayStart && t < now - n * 86400000) return { n, p };
      }
      return null;
    };
    let moved = false;
    try {
      const a = await api.newAccount(100000);
      let wide = await search(a, { query: 'fed', range_days: 180, limit: 30 });
      must(wide.status === 200 && wide.json.results.length > 0, `x/search 180 days ${wide.status}`);
      let hit = pick(Date.parse(wide.json.searched_at), wide.json.results);
      if (!hit) {
        const now = await api.now();
        const d = new Date(now);
        const late = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 23, 50);
        if (late - now > 60000) { await api.control('POST', '/__control/clock', { advanceSeconds: Math.floor((late - now) / 1000) }); moved = true; }
        await sleep(300);
        wide = await search(a, { query: 'fed', range_days: 180, limit: 30 });
        must(wide.status === 200, `x/search 180 days after the clock move ${wide.status}`);
        hit = pick(Date.parse(wide.json.searched_at), wide.json.results);
      }
      must(hit, 'no post older than N days on the UTC date of now - N days');
      await sleep(300);
      const r = await search(a, { query: 'fed', range_days: hit.n, limit: 30 });
      must(r.status === 200 && r.json.range_days === hit.n, `x/search ${hit.n} days ${r.status}`);
      const now = Date.parse(r.json.searched_at);
      const old = r.json.results.filter((p) => now - Date.parse(p.published_at) > hit.n * 86400000);
      return v(old.length > 0, `range_days ${hit.n}: ${r.json.results.length} posts, ${old.length} older than ${hit.n} days${old.length ? ` (${old[0].post_id} published ${old[0].published_at}, searched_at ${r.json.searched_at})` : ` (post ${hit.p.post_id} of ${hit.p.published_at} left out)`}`);
    } finally { if (moved) await api.reset(); }
  },
  async oil_no_reading_asset_symbol(api) {
    const a = await api.newAccount();
    const scope = `r39b-oil-${randomUUID()}`;
    const s = await api.control('POST', '/__control/oil', { scope, reading: 'none' });
    must(s.status === 200, `oil state ${s.status}`);
    let r = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key, scope });
    if (r.status === 429) { await sleep(1100); r = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key, scope }); }
    must(r.status === 200 && r.json.reading === null && r.json.reading_missing === true, `oil with no reading ${r.status} reading ${r.json && JSON.stringify(r.json.reading)}`);
    return v(r.json.asset !== 'crude-wti', `reading null, reading_missing true: asset ${JSON.stringify(r.json.asset)}`);
  },
  // ---------------------------------------------------------------- round 40 (a)
  async evidence_two_hop_market_refs_incoming(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/will-us-unemployment-reach-5-in-2026/signals', { key: a.key });
    must(r.status === 200 && r.json.market && r.json.market.relationships, `evidence ${r.status}`);
    const rel = r.json.market.relationships;
    const twoHop = rel.markets.filter((x) => x.via === 'asset' && x.relationship === 'HAS_MARKET');
    must(twoHop.length > 0, 'no two-hop market refs');
    const direct = rel.assets.filter((x) => x.via === 'direct');
    must(direct.length > 0 && direct.every((x) => x.direction === 'incoming'), 'direct asset refs not incoming');
    const bad = twoHop.filter((x) => x.direction !== 'outgoing');
    return v(bad.length > 0, `${bad.length}/${twoHop.length} two-hop HAS_MARKET market refs not outgoing${bad.length ? ` (${bad[0].marketKey}: ${bad[0].direction})` : ''}; direct asset refs incoming`);
  },
  async link_token_invalid_key_401_unauthorized(api) {
    const none = await api.req('POST', '/api/auth/wallets/x402-token');
    must(none.status === 401 && none.json && none.json.error === 'gateway_required', `no key ${none.status} ${none.text.slice(0, 100)}`);
    const other = await api.get('/api/v1/assets', { key: 'not-a-key' });
    must(other.status === 401 && other.json && other.json.error === 'invalid_api_key', `assets with a bad key ${other.status}`);
    const r = await api.req('POST', '/api/auth/wallets/x402-token', { key: 'not-a-key' });
    must(r.status === 401 && r.json && typeof r.json.message === 'string', `x402-token with a bad key ${r.status} ${r.text.slice(0, 100)}`);
    return v(!['invalid_api_key', 'gateway_required'].includes(r.json.error), `x402-token with an invalid key: 401 ${r.json.error}`);
  },
  async availability_venue_a_us_market_id_untracked(api) {
    const key = await api.get('/api/public/forecast-availability?market_key=venue_a_us:69248793');
    must(key.status === 200 && key.json.tracked === true, `market_key form ${key.status} tracked ${key.json && key.json.tracked}`);
    const va = await api.get('/api/public/forecast-availability?market_id=520224&venue=venue_a');
    must(va.status === 200 && va.json.tracked === true, `venue_a market_id ${va.status}`);
    const r = await api.get('/api/public/forecast-availability?market_id=69248793&venue=venue_a_us');
    must(r.status === 200, `market_id venue_a_us ${r.status}`);
    return v(r.json.tracked !== true || !r.json.market || r.json.market.marketKey !== 'venue_a_us:69248793',
      `market_id=69248793&venue=venue_a_us: tracked ${r.json.tracked}, market ${r.json.market && r.json.market.marketKey}; market_key form tracked ${key.json.tracked}`);
  },
  async latest_board_forecast_lane_default_window(api) {
    const a = await api.newAccount();
    const typed = await api.get('/api/v1/latest?hours=6&types=forecast', { key: a.key });
    must(typed.status === 200, `latest typed ${typed.status}`);
    const tEdge = Date.parse(typed.json.as_of) - 3 * 3600000;
    must(typed.json.events.some((e) => Date.parse(e.occurred_at) < tEdge), 'no forecast event older than 3 h in the typed feed');
    const r = await api.get('/api/v1/latest?hours=6', { key: a.key });
    must(r.status === 200 && r.json.window.hours === 6, `latest ${r.status}`);
    const edge = Date.parse(r.json.as_of) - 3 * 3600000;
    const oldOther = r.json.events.filter((e) => e.type !== 'forecast' && Date.parse(e.occurred_at) < edge).length;
    must(oldOther > 0, 'no article or x_post event older than 3 h');
    const oldForecast = r.json.events.filter((e) => e.type === 'forecast' && Date.parse(e.occurred_at) < edge).length;
    const typedOld = typed.json.events.filter((e) => Date.parse(e.occurred_at) < tEdge).length;
    return v(oldForecast === 0, `hours=6 board: ${oldForecast} forecast events older than 3 h (typed feed: ${typedOld}), ${oldOther} article/x_post events older than 3 h, count ${r.json.count}`);
  },
  async targets_exact_child_requests_omit_selected(api) {
    const ev = await api.get('/api/public/forecast-targets?ref=KXCPIYOY-26MAR');
    must(ev.status === 200 && ev.json.allContracts.requests.length === ev.json.markets.length, `event ref ${ev.status}`);
    const out = [];
    let bad = 0;
    for (const ref of ['venue_a:1000503', 'KXCPIYOY-26MAR-T2.8']) {
      const r = await api.get(`/api/public/forecast-targets?ref=${enc(ref)}`);
      must(r.status === 200 && r.json.selectedMarket && r.json.generation && r.json.allContracts, `${ref}: ${r.status}`);
      const ids = r.json.allContracts.requests.map((q) => q.market_id);
      const sel = r.json.generation.market_id;
      const missing = !ids.includes(sel) || ids.length !== r.json.allContracts.marketCount;
      if (missing) bad++;
      out.push(`${ref}: ${ids.length} requests for marketCount ${r.json.allContracts.marketCount}, selected ${sel} ${ids.includes(sel) ? 'listed' : 'missing'}`);
    }
    return v(bad > 0, out.join('; '));
  },
  async portfolio_venue_a_filter_takes_us(api) {
    const a = await api.newAccount();
    const W = '0x7234567890123456789012345678901234567890';
    const all = await api.get(`/api/v1/portfolio?wallet=${W}`, { key: a.key });
    must(all.status === 200 && all.json.positions.some((p) => p.venue === 'venue_a_us') && all.json.positions.some((p) => p.venue === 'venue_a'), 'wallet lacks a venue_a or venue_a_us position');
    const r = await api.get(`/api/v1/portfolio?wallet=${W}&venues=venue_a`, { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.positions) && r.json.positions.some((p) => p.venue === 'venue_a'), `portfolio venues=venue_a ${r.status}`);
    const bad = r.json.positions.filter((p) => p.venue !== 'venue_a');
    return v(bad.length > 0, `venues=venue_a: ${r.json.positions.length} positions, ${bad.length} of another venue${bad.length ? ` (${bad.map((p) => p.marketKey).join(', ')})` : ''}; echo ${JSON.stringify(r.json.venues)}`);
  },
  async evidence_market_refs_cap_49(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/KXFED-26OCT-T4.25/signals?venue=venue_b', { key: a.key });
    must(r.status === 200 && r.json.market && r.json.market.relationships, `evidence ${r.status}`);
    const rel = r.json.market.relationships;
    must(rel.truncated && rel.truncated.markets === true, `market category not capped (truncated ${JSON.stringify(rel.truncated)})`);
    return v(rel.markets.length !== 50, `truncated.markets true with ${rel.markets.length} market refs`);
  },
  async sources_slug_form_debit_10(api) {
    const av = await api.get('/api/public/forecast-availability?market_key=venue_a:520224');
    must(av.status === 200 && av.json.market && typeof av.json.market.slug === 'string', `availability ${av.status}`);
    const slug = av.json.market.slug;
    const a = await api.newAccount(5000);
    const keyed = await api.spent(a, () => api.get('/api/v1/sources?market_keys=venue_a:520224&window=168', { key: a.key }));
    must(keyed.out.status === 200 && keyed.spent === 5, `market_keys form ${keyed.out.status}, spent ${keyed.spent}`);
    const { spent, out } = await api.spent(a, () => api.get(`/api/v1/sources?markets=${enc(slug)}&window=168`, { key: a.key }));
    must(out.status === 200 && out.json.sources.length === keyed.out.json.sources.length, `slug form ${out.status}, ${out.json && out.json.sources && out.json.sources.length} items vs ${keyed.out.json.sources.length}`);
    return v(spent !== 5, `market_keys=venue_a:520224: spent ${keyed.spent}; markets=${slug}: spent ${spent} (${out.json.sources.length} items)`);
  },
  async xsearch_paged_limit_502_billed(api) {
    const a = await api.newAccount(5000);
    const scope = `r40b-xs-${randomUUID()}`;
    await api.fault({ method: 'POST', path: '/api/v1/x/search', status: 502, times: 1, scope });
    const d = await api.spent(a, () => api.post('/api/v1/x/search', { query: 'fed' }, { key: a.key, scope }));
    must(d.out.status === 502 && d.spent === 0, `default-limit search with a 502 fault -> ${d.out.status}, spent ${d.spent}`);
    await sleep(1100);
    await api.fault({ method: 'POST', path: '/api/v1/x/search', status: 502, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.post('/api/v1/x/search', { query: 'fed', limit: 20 }, { key: a.key, scope }));
    must(out.status === 502, `limit 20 search with a 502 fault -> ${out.status}`);
    return v(spent !== 0, `502 with the default limit: spent ${d.spent}; 502 with limit 20: spent ${spent}`);
  },
  async search_as_of_502_billed(api) {
    const a = await api.newAccount(5000);
    const scope = `r40b-ms-${randomUUID()}`;
    const day = new Date((await api.now()) - 86400000).toISOString().slice(0, 10);
    await api.fault({ method: 'GET', path: '/api/v1/markets/search', status: 502, times: 1, scope });
    const live = await api.spent(a, () => api.get('/api/v1/markets/search?q=bitcoin', { key: a.key, scope }));
    must(live.out.status === 502 && live.spent === 0, `search with a 502 fault -> ${live.out.status}, spent ${live.spent}`);
    await api.fault({ method: 'GET', path: '/api/v1/markets/search', status: 502, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get(`/api/v1/markets/search?q=bitcoin&as_of=${day}`, { key: a.key, scope }));
    must(out.status === 502, `as_of search with a 502 fault -> ${out.status}`);
    return v(spent !== 0, `502 without as_of: spent ${live.spent}; 502 with as_of=${day}: spent ${spent}`);
  },
  async markets_topic_tag_shadows_category(api) {
    const a = await api.newAccount();
    const has = (list, t) => list.some((x) => x.toLowerCase() === t);
    const all = await api.get('/api/v1/markets', { key: a.key });
    must(all.status === 200, `markets ${all.status}`);
    const want = (t) => all.json.markets.filter((m) => has(m.tags, t) || has(m.categories, t)).map((m) => m.marketKey).sort();
    for (const t of ['fed', 'economics']) {
      const r = await api.get(`/api/v1/markets?topic=${t}`, { key: a.key });
      must(r.status === 200 && r.json.markets.map((m) => m.marketKey).sort().join() === want(t).join(), `topic=${t}: ${r.status}, ${r.json && r.json.markets && r.json.markets.length} rows for ${want(t).length}`);
    }
    const exp = want('politics');
    const tagged = all.json.markets.filter((m) => has(m.tags, 'politics')).length;
    must(tagged > 0 && tagged < exp.length, `politics: ${tagged} tagged of ${exp.length}`);
    const r = await api.get('/api/v1/markets?topic=politics', { key: a.key });
    must(r.status === 200, `topic=politics ${r.status}`);
    const got = new Set(r.json.markets.map((m) => m.marketKey));
    const missing = exp.filter((k) => !got.has(k));
    const facets = r.json.venue_facets.reduce((s, f) => s + f.count, 0);
    return v(missing.length > 0, `topic=politics: ${r.json.markets.length} rows (facets ${facets}) for ${exp.length} tagged or categorised politics (${tagged} tagged); missing ${missing.length}${missing.length ? ` (${missing.slice(0, 3).join(', ')})` : ''}`);
  },
  async oil_include_marks_true_no_marks(api) {
    const a = await api.newAccount();
    const members = (r) => Object.keys((r.json && r.json.marks) || {}).sort().join(',');
    const d = await api.get('/api/v1/signals/oil', { key: a.key });
    must(d.status === 200 && members(d) === 'perp_venue_b,venue_a_perps', `default oil ${d.status} marks ${members(d)}`);
    await sleep(1100);
    const f = await api.get('/api/v1/signals/oil?include_marks=false', { key: a.key });
    must(f.status === 200 && members(f) === '' && f.json.degraded === false, `include_marks=false ${f.status} marks ${members(f)}`);
    await sleep(1100);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/signals/oil?include_marks=true', { key: a.key }));
    must(out.status === 200 && spent === 10, `include_marks=true ${out.status}, spent ${spent}`);
    return v(members(out) !== 'perp_venue_b,venue_a_perps', `default: marks {${members(d)}}; false: {${members(f)}}; true: {${members(out)}}, degraded ${out.json.degraded}`);
  },
  async generation_standard_admitted_twice(api) {
    const a = await api.newAccount(5000);
    await api.control('POST', '/__control/limits/usage', { scope: 'standard', window: 'minute', count: 598, accountId: a.id }).then((r) => must(r.status === 200, `preload ${r.status}`));
    const x1 = await api.get('/api/v1/assets', { key: a.key });
    const x2 = await api.get('/api/v1/assets', { key: a.key });
    must(x1.status === 200 && x2.status === 200, `598 + two directory reads: ${x1.status}, ${x2.status}`);
    await api.control('POST', '/__control/limits/usage', { scope: 'standard', window: 'minute', count: 598, accountId: a.id }).then((r) => must(r.status === 200, `preload ${r.status}`));
    const { spent, out } = await api.spent(a, () => api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_a', market_id: '1000503' },
      { key: a.key, headers: { 'idempotency-key': randomUUID() } }));
    must(out.status === 202 && spent === 1000, `generation ${out.status}, spent ${spent}`);
    const r = await api.get('/api/v1/assets', { key: a.key });
    must(r.status === 200 || r.status === 429, `directory after the generation ${r.status}`);
    return v(r.status === 429, `598 preloaded, two directory reads: ${x1.status}/${x2.status}; 598 preloaded, a generation (202, ${spent} credits) then a directory read: ${r.status}${r.status === 429 ? ` (${r.headers.ratelimit}; policy ${r.headers['ratelimit-policy']})` : ''}`);
  },
  async forecast_read_market_key_path_502_billed(api) {
    const av = await api.get('/api/public/forecast-availability?market_key=venue_c:c-4a22a2b493');
    must(av.status === 200 && av.json.market && av.json.market.slug === null && av.json.read && /%3A/i.test(av.json.read.endpoint), `availability ${av.status} ${JSON.stringify(av.json && av.json.read)}`);
    const ptr = av.json.read.endpoint;
    const a = await api.newAccount(5000);
    const ok = await api.spent(a, () => api.get(ptr, { key: a.key }));
    must(ok.out.status === 200 && ok.spent === 10, `pointer read ${ok.out.status}, spent ${ok.spent}`);
    const scope = `r41a-fc-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/markets/{slug}/forecast', status: 502, times: 1, scope });
    const bySlug = await api.spent(a, () => api.get('/api/v1/markets/KXCPIYOY-26MAR-T2.8/forecast?venue=venue_b', { key: a.key, scope }));
    must(bySlug.out.status === 502 && bySlug.spent === 0, `slug read with a 502 fault -> ${bySlug.out.status}, spent ${bySlug.spent}`);
    await api.fault({ method: 'GET', path: '/api/v1/markets/{slug}/forecast', status: 502, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get(ptr, { key: a.key, scope }));
    must(out.status === 502, `pointer read with a 502 fault -> ${out.status}`);
    return v(spent !== 0, `502 on the slug read (venue_b): spent ${bySlug.spent}; 502 on ${ptr}: spent ${spent}`);
  },
  async oil_no_marks_502_billed(api) {
    const a = await api.newAccount(5000);
    const scope = `r41a-oil-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/signals/oil', status: 502, times: 1, scope });
    const d = await api.spent(a, () => api.get('/api/v1/signals/oil', { key: a.key, scope }));
    must(d.out.status === 502 && d.spent === 0, `default oil with a 502 fault -> ${d.out.status}, spent ${d.spent}`);
    await sleep(1100);
    await api.fault({ method: 'GET', path: '/api/v1/signals/oil', status: 502, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/signals/oil?include_marks=false', { key: a.key, scope }));
    must(out.status === 502, `include_marks=false with a 502 fault -> ${out.status} ${out.text.slice(0, 80)}`);
    await sleep(1100);
    const ok = await api.spent(a, () => api.get('/api/v1/signals/oil?include_marks=false', { key: a.key }));
    must(ok.out.status === 200 && ok.spent === 10, `include_marks=false unfaulted ${ok.out.status}, spent ${ok.spent}`);
    return v(spent !== 0, `502 with marks: spent ${d.spent}; 502 with include_marks=false: spent ${spent}; 200 with include_marks=false: spent ${ok.spent}`);
  },
  async latest_forecast_deadline_date_only(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/latest?hours=6&types=forecast', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.events), `latest ${r.status}`);
    const dl = r.json.events.map((e) => e.forecast && e.forecast.resolution_pathway && e.forecast.resolution_pathway.deadline).filter((x) => x !== null && x !== undefined);
    must(dl.length > 0, 'no forecast event with a deadline');
    const rfc3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
    const okTimes = r.json.events.every((e) => rfc3339.test(e.occurred_at) && rfc3339.test(e.forecast.created_at));
    must(okTimes, 'occurred_at or created_at not a date-time');
    const bad = dl.filter((x) => typeof x !== 'string' || !rfc3339.test(x));
    return v(bad.length > 0, `${bad.length}/${dl.length} resolution_pathway.deadline values not RFC 3339 date-times${bad.length ? ` (e.g. ${JSON.stringify(bad[0])})` : ` (e.g. ${dl[0]})`}`);
  },
  async assets_reference_digit_key_unmatched(api) {
    const a = await api.newAccount();
    const dir = await api.get('/api/v1/assets', { key: a.key });
    must(dir.status === 200 && dir.json.assets.some((x) => x.assetKey === 'us-10y'), `directory ${dir.status} lacks us-10y`);
    const plain = await api.get('/api/v1/assets/search?reference=us-cpi', { key: a.key });
    must(plain.status === 200 && plain.json.assets.some((x) => x.assetKey === 'us-cpi'), `reference=us-cpi ${plain.status}`);
    const byValue = await api.get('/api/v1/assets/search?reference=DGS10', { key: a.key });
    must(byValue.status === 200 && byValue.json.assets.some((x) => x.assetKey === 'us-10y'), `reference=DGS10 ${byValue.status}`);
    const r = await api.get('/api/v1/assets/search?reference=us-10y', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.assets), `reference=us-10y ${r.status}`);
    const hit = r.json.assets.find((x) => x.assetKey === 'us-10y');
    return v(!hit, `reference=us-10y: assets [${r.json.assets.map((x) => `${x.assetKey}/${x.linked_markets.length}`).join(', ')}], references ${JSON.stringify(r.json.references)}; reference=DGS10 finds us-10y, reference=us-cpi finds us-cpi`);
  },
  async markets_forecast_age_listing_capped_48h(api) {
    const a = await api.newAccount();
    const cw = await api.get('/api/v1/markets?changed_within=168', { key: a.key });
    must(cw.status === 200, `changed_within=168 ${cw.status}`);
    const now = await api.now();
    const old = cw.json.markets.filter((m) => m.signal_count === 0 && m.forecast_count === 0);
    must(old.length > 0, 'no market whose only forecast is 48 to 168 hours old and that has no signal');
    const r = await api.get('/api/v1/markets?max_forecast_age=168', { key: a.key });
    must(r.status === 200, `max_forecast_age=168 ${r.status}`);
    const listed = new Map(r.json.markets.map((m) => [m.marketKey, m]));
    const facetSum = r.json.venue_facets.reduce((s, f) => s + f.count, 0);
    must(facetSum === r.json.markets.length, `facets ${facetSum} vs ${r.json.markets.length} rows`);
    const missing = cw.json.markets.filter((m) => !listed.has(m.marketKey));
    const shown = old.filter((m) => listed.has(m.marketKey)).map((m) => {
      const x = listed.get(m.marketKey);
      return `${m.marketKey} fc ${x.forecast_count} latest ${((now - Date.parse(x.latest_forecast_at)) / 3600000).toFixed(0)} h ago`;
    });
    return v(missing.length > 0, `max_forecast_age=168: ${r.json.markets.length} rows; ${missing.length} of the ${cw.json.markets.length} markets changed within 168 h missing${missing.length ? ` (${missing.map((m) => m.marketKey).join(', ')})` : ''}; no-signal markets with only an older forecast listed: ${shown.join('; ') || 'none'}`);
  },
  async targets_venue_a_exclusive_event_no_selection(api) {
    const b = await api.get('/api/public/forecast-targets?ref=KXCPIYOY-26MAR');
    must(b.status === 200 && b.json.targetType === 'event' && b.json.selectionRequired === true, `venue_b event ${b.status}`);
    const ref = 'https://venue-a.example/event/fed-decision-in-april-2026';
    const r = await api.get(`/api/public/forecast-targets?ref=${enc(ref)}`);
    must(r.status === 200 && r.json.venue === 'venue_a' && r.json.targetType === 'event', `venue_a event ${r.status} ${r.text.slice(0, 120)}`);
    must(!r.json.selectedMarket && !r.json.generation && r.json.markets.length > 1, 'venue_a event answer carries a selection');
    return v(r.json.selectionRequired !== true, `${ref}: targetType ${r.json.targetType}, mutuallyExclusive ${r.json.event.mutuallyExclusive}, ${r.json.markets.length} children, no selectedMarket, selectionRequired ${r.json.selectionRequired} (venue_b event KXCPIYOY-26MAR: ${b.json.selectionRequired})`);
  },
  async profile_store_reuse_7_days(api) {
    try {
      const a = await api.newAccount(10000);
      const body = { handle: 'macro_trader' };
      const r1 = await api.post('/api/v1/x/profile', body, { key: a.key });
      must(r1.status === 200, `profile ${r1.status}`);
      await api.control('POST', '/__control/clock', { advanceSeconds: 8 * 86400 });
      const today = new Date(await api.now()).toISOString().slice(0, 10);
      const r2 = await api.post('/api/v1/x/profile', body, { key: a.key });
      must(r2.status === 200 && r2.json.window.lookback_days === r1.json.window.lookback_days, `profile 8 days later ${r2.status}`);
      const same = r2.json.window.to_date === r1.json.window.to_date && JSON.stringify(r2.json.evidence) === JSON.stringify(r1.json.evidence);
      return v(!same, `made ${r1.json.window.to_date} (${r1.json.window.from_date}..${r1.json.window.to_date}, ${r1.json.evidence.length} posts); 8 days later: window ${r2.json.window.from_date}..${r2.json.window.to_date} (today ${today}), ${r2.json.evidence.length} posts, evidence ${same ? 'identical' : 'different'}`);
    } finally { await api.reset(); }
  },
  async generation_up_down_exclusion_no_message(api) {
    const a = await api.newAccount(5000);
    const av = await api.get('/api/public/forecast-availability?market_key=venue_b:KXBTC15M-26MAR201415-YES');
    must(av.status === 200 && av.json.excluded && av.json.excluded.reason === 'crypto_up_down', `availability ${av.status} excluded ${JSON.stringify(av.json && av.json.excluded)}`);
    const r = await api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_b', market_id: 'KXBTC15M-26MAR201415-YES' },
      { key: a.key, headers: { 'idempotency-key': randomUUID() } });
    must(r.status === 422 && r.json && r.json.error === 'forecast_topic_excluded', `generation ${r.status} ${r.text.slice(0, 120)}`);
    return v(typeof r.json.message !== 'string' || !r.json.message, `422 forecast_topic_excluded body ${JSON.stringify(r.json)}`);
  },
  async asset_linked_legacy_service_url_market_key(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?reference=btc', { key: a.key });
    must(r.status === 200, `assets ${r.status}`);
    const lm = r.json.assets.flatMap((x) => x.linked_markets);
    const legacy = lm.filter((m) => m.venue === 'venue_a' && /^[0-9]+$/.test(m.serviceMarketId));
    must(legacy.length > 0, 'no legacy venue_a linked markets');
    const bad = lm.filter((m) => m.serviceUrl !== `${SITE}/markets/${enc(m.serviceMarketId)}`);
    return v(bad.length > 0, `${bad.length}/${lm.length} linked serviceUrl != {site}/markets/{serviceMarketId}${bad.length ? ` (e.g. ${bad[0].serviceMarketId} -> ${bad[0].serviceUrl})` : ''}; ${legacy.length} legacy venue_a rows`);
  },
  async availability_newer_venue_a_market_id_untracked(api) {
    const k = await api.get('/api/public/forecast-availability?market_key=venue_a:1000503');
    must(k.status === 200 && k.json.tracked === true && k.json.market.nativeMarketId === '1000503', `market_key form ${k.status}`);
    const legacy = await api.get('/api/public/forecast-availability?market_id=520224&venue=venue_a');
    must(legacy.status === 200 && legacy.json.tracked === true, `legacy market_id ${legacy.status}`);
    const r = await api.get('/api/public/forecast-availability?market_id=1000503&venue=venue_a');
    must(r.status === 200, `market_id form ${r.status}`);
    const ok = r.json.tracked === true && r.json.market && r.json.market.marketKey === 'venue_a:1000503';
    return v(!ok, `market_id=1000503&venue=venue_a: tracked ${r.json.tracked}, market ${r.json.market && r.json.market.marketKey}; market_key form tracked ${k.json.tracked}; legacy 520224 tracked ${legacy.json.tracked}`);
  },
  async markets_forecast_age_floor_6h(api) {
    const a = await api.newAccount();
    const six = await api.get('/api/v1/markets?max_forecast_age=6', { key: a.key });
    must(six.status === 200, `max_forecast_age=6 ${six.status}`);
    const now = await api.now();
    const mid = six.json.markets.filter((m) => m.latest_forecast_at && now - Date.parse(m.latest_forecast_at) > 2.2 * 3600000);
    must(mid.length > 0, 'no market whose latest forecast is 2 to 6 hours old');
    const r = await api.get('/api/v1/markets?max_forecast_age=2', { key: a.key });
    must(r.status === 200, `max_forecast_age=2 ${r.status}`);
    const now2 = await api.now();
    const old = r.json.markets.filter((m) => m.latest_forecast_at && now2 - Date.parse(m.latest_forecast_at) > 2 * 3600000);
    return v(old.length > 0, `max_forecast_age=2: ${r.json.markets.length} rows, ${old.length} with latest_forecast_at over 2 h old${old.length ? ` (e.g. ${old[0].marketKey} ${((now2 - Date.parse(old[0].latest_forecast_at)) / 3600000).toFixed(1)} h)` : ''}; max_forecast_age=6: ${six.json.markets.length} rows`);
  },
  async profile_expert_designation_renamed(api) {
    const a = await api.newAccount(10000);
    const r = await api.post('/api/v1/x/profile', { handle: 'fedwatcher' }, { key: a.key });
    must(r.status === 200 && r.json.service_metadata, `profile ${r.status} ${r.text.slice(0, 120)}`);
    const sm = r.json.service_metadata;
    must(sm.is_service_expert === true && sm.service_expert, `fedwatcher not an expert: ${JSON.stringify(sm)}`);
    return v(sm.service_expert.designation !== 'reviewed_expert', `fedwatcher service_expert ${JSON.stringify(sm.service_expert)}`);
  },
  async search_venue_c_snapshot_lane_merged(api) {
    const a = await api.newAccount();
    const us = await api.get('/api/v1/markets/search?q=bitcoin&venue=venue_a_us', { key: a.key });
    must(us.status === 200 && us.json.markets.length > 0 && us.json.markets.every((m) => m.venue === 'venue_a_us'), `venue_a_us search ${us.status}`);
    const r = await api.get('/api/v1/markets/search?q=bitcoin&venue=venue_c', { key: a.key });
    must(r.status === 200 && r.json.markets.some((m) => m.venue === 'venue_c'), `venue_c search ${r.status}`);
    must(r.json.count === r.json.markets.length, `count ${r.json.count} vs ${r.json.markets.length} rows`);
    const other = r.json.markets.filter((m) => m.venue !== 'venue_c');
    return v(other.length > 0, `q=bitcoin&venue=venue_c: ${r.json.markets.length} rows, ${other.length} of another venue (${[...new Set(other.map((m) => m.venue))].join(', ') || 'none'}); venue_a_us alone: ${us.json.markets.length} rows`);
  },
  async profile_explicit_general_focus_not_reused(api) {
    try {
      const a = await api.newAccount(10000);
      const r1 = await api.post('/api/v1/x/profile', { handle: 'macro_trader' }, { key: a.key });
      must(r1.status === 200, `profile ${r1.status}`);
      await api.control('POST', '/__control/clock', { advanceSeconds: 2 * 86400 });
      const same = await api.post('/api/v1/x/profile', { handle: 'macro_trader' }, { key: a.key });
      must(same.status === 200 && same.json.window.to_date === r1.json.window.to_date, `default-focus repeat ${same.status} ${same.json && same.json.window.to_date}`);
      const r2 = await api.post('/api/v1/x/profile', { handle: 'macro_trader', focus: 'general' }, { key: a.key });
      must(r2.status === 200 && r2.json.window.lookback_days === r1.json.window.lookback_days, `explicit general ${r2.status}`);
      const reused = r2.json.window.to_date === r1.json.window.to_date && JSON.stringify(r2.json.evidence) === JSON.stringify(r1.json.evidence);
      return v(!reused, `no focus: window ${r1.json.window.from_date}..${r1.json.window.to_date}; 2 days later focus "general": window ${r2.json.window.from_date}..${r2.json.window.to_date}, ${reused ? 'reused' : 'not reused'}`);
    } finally { await api.reset(); }
  },
  async evidence_429_policy_minute_60(api) {
    const a = await api.newAccount();
    await api.fill('standard', 'minute', 600, a);
    const q = (h) => { const m = /"standard-minute";q=(\d+)/.exec(h || ''); return m ? Number(m[1]) : null; };
    const l = await api.get('/api/v1/latest', { key: a.key });
    must(l.status === 429 && q(l.headers['ratelimit-policy']) === 600, `latest ${l.status} policy ${l.headers['ratelimit-policy']}`);
    const r = await api.get('/api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b', { key: a.key });
    must(r.status === 429 && r.headers['ratelimit-policy'], `evidence ${r.status}`);
    return v(q(r.headers['ratelimit-policy']) !== 600, `evidence 429 RateLimit-Policy: ${r.headers['ratelimit-policy']}`);
  },
  async assets_reference_market_key_502_billed(api) {
    const a = await api.newAccount(5000);
    const scope = `r42b-as-${randomUUID()}`;
    const ok = await api.get('/api/v1/assets/search?reference=venue_b:KXFED-26OCT-T4.25', { key: a.key });
    must(ok.status === 200 && ok.json.assets.length > 0, `marketKey reference ${ok.status}`);
    await api.fault({ method: 'GET', path: '/api/v1/assets/search', status: 502, times: 1, scope });
    const key = await api.spent(a, () => api.get('/api/v1/assets/search?reference=fed-funds-rate', { key: a.key, scope }));
    must(key.out.status === 502 && key.spent === 0, `asset-key reference with a 502 fault -> ${key.out.status}, spent ${key.spent}`);
    await api.fault({ method: 'GET', path: '/api/v1/assets/search', status: 502, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get(`/api/v1/assets/search?reference=${enc('venue_b:KXFED-26OCT-T4.25')}`, { key: a.key, scope }));
    must(out.status === 502, `marketKey reference with a 502 fault -> ${out.status}`);
    return v(spent !== 0, `502 with reference=fed-funds-rate: spent ${key.spent}; 502 with reference=venue_b:KXFED-26OCT-T4.25: spent ${spent}`);
  },
  async sources_x_post_only_502_billed(api) {
    const a = await api.newAccount(5000);
    const scope = `r42b-sx-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/sources', status: 502, times: 1, scope });
    const art = await api.spent(a, () => api.get('/api/v1/sources?market_keys=venue_a:520224&types=article', { key: a.key, scope }));
    must(art.out.status === 502 && art.spent === 0, `types=article with a 502 fault -> ${art.out.status}, spent ${art.spent}`);
    await api.fault({ method: 'GET', path: '/api/v1/sources', status: 502, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/sources?market_keys=venue_a:520224&types=x_post', { key: a.key, scope }));
    must(out.status === 502, `types=x_post with a 502 fault -> ${out.status}`);
    return v(spent !== 0, `502 with types=article: spent ${art.spent}; 502 with types=x_post: spent ${spent}`);
  },
  // ---------------------------------------------------------------- round 43 (a)
  async markets_venue_b_broker_listed_only(api) {
    const a = await api.newAccount();
    const all = await api.get('/api/v1/markets', { key: a.key });
    must(all.status === 200 && Array.isArray(all.json.markets), `markets ${all.status}`);
    const vb = all.json.markets.filter((m) => m.venue === 'venue_b');
    const unlisted = vb.filter((m) => Array.isArray(m.broker_channels) && m.broker_channels.length === 0);
    must(vb.length > 0 && unlisted.length > 0, `venue_b rows ${vb.length}, ${unlisted.length} without broker`);
    const r = await api.get('/api/v1/markets?venue=venue_b', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.markets) && r.json.markets.every((m) => m.venue === 'venue_b'), `venue=venue_b ${r.status}`);
    const fb = (r.json.venue_facets || []).find((f) => f.venue === 'venue_b');
    must(fb && fb.count === r.json.markets.length, `venue_b facet ${fb && fb.count} vs ${r.json.markets.length} rows`);
    const got = new Set(r.json.markets.map((m) => m.marketKey));
    const missing = vb.filter((m) => !got.has(m.marketKey));
    const missingUnlisted = unlisted.filter((m) => !got.has(m.marketKey));
    return v(missing.length > 0, `unfiltered: ${vb.length} venue_b rows (${unlisted.length} with broker_channels []); venue=venue_b: ${r.json.markets.length} rows, ${missing.length} missing (${missingUnlisted.length} of them not broker-listed${missing.length ? `, e.g. ${missing[0].marketKey}` : ''})`);
  },
  async markets_signal_sort_lost_with_forecast_age(api) {
    const a = await api.newAccount();
    const firstRise = (ms) => ms.findIndex((m, i) => i > 0 && m.signal_count > ms[i - 1].signal_count);
    const plain = await api.get('/api/v1/markets?sort=signal_count_desc', { key: a.key });
    must(plain.status === 200 && firstRise(plain.json.markets) === -1, `sort=signal_count_desc alone ${plain.status}`);
    const r = await api.get('/api/v1/markets?max_forecast_age=168&sort=signal_count_desc', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.markets), `max_forecast_age=168&sort=signal_count_desc ${r.status}`);
    must(new Set(r.json.markets.map((m) => m.signal_count)).size > 1, 'all rows have the same signal_count');
    const i = firstRise(r.json.markets);
    const ms = r.json.markets;
    return v(i !== -1, `max_forecast_age=168&sort=signal_count_desc: ${ms.length} rows, ${i === -1 ? 'signal_count non-increasing' : `signal_count rises at row ${i} (${ms[i - 1].signal_count} -> ${ms[i].signal_count}; first rows ${ms.slice(0, 5).map((m) => m.signal_count).join(',')})`}; without max_forecast_age: ordered`);
  },
  async assets_directory_429_policy_second_2(api) {
    const a = await api.newAccount();
    await api.fill('standard', 'minute', 600, a);
    const q = (h) => { const m = /"standard-second";q=(\d+)/.exec(h || ''); return m ? Number(m[1]) : null; };
    const l = await api.get('/api/v1/latest', { key: a.key });
    must(l.status === 429 && q(l.headers['ratelimit-policy']) === 20, `latest ${l.status} policy ${l.headers['ratelimit-policy']}`);
    const r = await api.get('/api/v1/assets', { key: a.key });
    must(r.status === 429 && r.headers['ratelimit-policy'], `assets directory ${r.status}`);
    return v(q(r.headers['ratelimit-policy']) !== 20, `asset directory 429 RateLimit-Policy: ${r.headers['ratelimit-policy']}`);
  },
  async assets_wildcard_directory_502_billed(api) {
    const a = await api.newAccount(5000);
    const scope = `r43a-aw-${randomUUID()}`;
    const ok = await api.spent(a, () => api.get('/api/v1/assets/search?q=*', { key: a.key }));
    must(ok.out.status === 200 && ok.spent === 10, `q=* ${ok.out.status}, spent ${ok.spent}`);
    await api.fault({ method: 'GET', path: '/api/v1/assets/search', status: 502, times: 1, scope });
    const term = await api.spent(a, () => api.get('/api/v1/assets/search?q=btc', { key: a.key, scope }));
    must(term.out.status === 502 && term.spent === 0, `q=btc with a 502 fault -> ${term.out.status}, spent ${term.spent}`);
    await api.fault({ method: 'GET', path: '/api/v1/assets/search', status: 502, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/assets/search?q=*', { key: a.key, scope }));
    must(out.status === 502, `q=* with a 502 fault -> ${out.status}`);
    return v(spent !== 0, `502 with q=btc: spent ${term.spent}; 502 with q=*: spent ${spent} (200 with q=*: spent ${ok.spent})`);
  },
  async latest_six_hour_window_502_billed(api) {
    const a = await api.newAccount(5000);
    const scope = `r43a-l6-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/v1/latest', status: 502, times: 1, scope });
    const plain = await api.spent(a, () => api.get('/api/v1/latest', { key: a.key, scope }));
    must(plain.out.status === 502 && plain.spent === 0, `default window with a 502 fault -> ${plain.out.status}, spent ${plain.spent}`);
    await api.fault({ method: 'GET', path: '/api/v1/latest', status: 502, times: 1, scope });
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/latest?hours=6', { key: a.key, scope }));
    must(out.status === 502, `hours=6 with a 502 fault -> ${out.status}`);
    return v(spent !== 0, `502 without hours: spent ${plain.spent}; 502 with hours=6: spent ${spent}`);
  },
  async markets_venue_c_service_url_double_encoded(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets?venue=venue_c', { key: a.key });
    must(r.status === 200, `markets ${r.status}`);
    const rows = r.json.markets.filter((m) => m.venue === 'venue_c' && typeof m.serviceUrl === 'string');
    must(rows.length > 0, 'no venue_c rows with a serviceUrl');
    const bad = rows.filter((m) => m.serviceUrl !== `${SITE}/markets/${enc(m.serviceMarketId)}`);
    return v(bad.length > 0, `${bad.length}/${rows.length} venue_c rows with serviceUrl != {site}/markets/{encoded serviceMarketId}${bad.length ? ` (${bad[0].serviceUrl})` : ''}`);
  },
  async availability_503_error_object(api) {
    const scope = `r43b-av-${randomUUID()}`;
    await api.fault({ method: 'GET', path: '/api/public/forecast-availability', status: 503, times: 1, scope });
    const r = await api.get('/api/public/forecast-availability?market_key=venue_a:520224', { scope });
    must(r.status === 503 && r.json, `availability with a 503 fault -> ${r.status}`);
    return v(typeof r.json.error !== 'string' || typeof r.json.message !== 'string', `503 body ${JSON.stringify(r.json).slice(0, 160)}`);
  },
  async profile_numeric_handle_as_user_id(api) {
    try {
      const a = await api.newAccount(10000);
      const r = await api.post('/api/v1/x/profile', { handle: '20240615' }, { key: a.key });
      must(r.status === 200 || r.status === 404, `profile ${r.status} ${r.text.slice(0, 120)}`);
      return v(r.status !== 200, `POST /api/v1/x/profile {"handle":"20240615"} -> ${r.status}${r.json && r.json.error ? ` ${r.json.error}` : ` handle ${r.json && r.json.handle}, ${r.json && r.json.window ? r.json.window.post_count : '?'} posts`}`);
    } finally { await api.reset(); }
  },
  async sources_x_post_lane_capped_48h(api) {
    const a = await api.newAccount();
    const lat = await api.get('/api/v1/latest?hours=6&types=x_post', { key: a.key });
    must(lat.status === 200, `latest ${lat.status}`);
    const keys = [...new Set([...KEYS4.split(','), ...lat.json.events.map((e) => e.market.marketKey)])].slice(0, 10);
    const q = (w) => `/api/v1/sources?market_keys=${keys.map(enc).join(',')}&window=${w}&types=x_post`;
    const r48 = await api.get(q(48), { key: a.key });
    const r168 = await api.get(q(168), { key: a.key });
    must(r48.status === 200 && r168.status === 200, `sources ${r48.status} ${r168.status}`);
    const id = (s) => `${s.market_slug}|${s.url}`;
    const s48 = new Set(r48.json.sources.map(id));
    must(s48.size > 0, 'no x_posts within 48 h');
    const extra = r168.json.sources.filter((s) => !s48.has(id(s)));
    const lost = r48.json.sources.filter((s) => !r168.json.sources.some((t) => id(t) === id(s)));
    must(lost.length === 0, `${lost.length} window=48 x_posts missing from window=168`);
    return v(extra.length === 0, `window=48: ${s48.size} x_posts; window=168: ${r168.json.sources.length} x_posts, ${extra.length} last seen 48..168 h ago`);
  },
  async evidence_two_hop_market_refs_via_market(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/will-us-unemployment-reach-5-in-2026/signals', { key: a.key });
    must(r.status === 200 && r.json.market && r.json.market.relationships, `evidence ${r.status}`);
    const rel = r.json.market.relationships;
    const twoHop = rel.markets.filter((x) => x.relationship === 'HAS_MARKET' && x.via !== 'direct');
    must(twoHop.length > 0, 'no two-hop HAS_MARKET market refs');
    const bad = twoHop.filter((x) => x.via !== 'asset');
    return v(bad.length > 0, `${bad.length}/${twoHop.length} two-hop HAS_MARKET market refs with via != asset${bad.length ? ` (${bad[0].marketKey}: via ${bad[0].via})` : ''}`);
  },
  // ---------------------------------------------------------------- round 44 (a)
  async mispriced_venue_a_us_venueaurl(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/mispriced', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.markets), `mispriced ${r.status}`);
    const us = r.json.markets.filter((m) => m.venue === 'venue_a_us');
    must(us.length > 0, 'no venue_a_us rows in the mispriced list');
    const others = r.json.markets.filter((m) => m.venue !== 'venue_a');
    const bad = others.filter((m) => m.venueAUrl !== null);
    return v(bad.length > 0, `${bad.length}/${others.length} non-venue_a mispriced rows with venueAUrl${bad.length ? ` (${bad[0].marketKey}: ${bad[0].venueAUrl})` : ''}`);
  },
  async latest_forecast_asset_refs_on_market(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/latest?hours=6&types=forecast', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.events), `latest ${r.status}`);
    const refs = r.json.events.flatMap((e) => (e.forecast && e.forecast.relationships ? e.forecast.relationships.assets : []));
    must(refs.length > 0, 'no asset refs on the latest forecasts');
    // An AssetRef's final edge can only be HAS_MARKET (the one edge that touches an Asset).
    const bad = refs.filter((x) => x.relationship !== 'HAS_MARKET');
    return v(bad.length > 0, `${bad.length}/${refs.length} forecast asset refs with relationship != HAS_MARKET${bad.length ? ` (${bad[0].assetKey}: ${bad[0].relationship}, via ${bad[0].via})` : ''}`);
  },
  async generation_yes_suffix_ticker_404(api) {
    const a = await api.newAccount(10000);
    const av = await api.get('/api/public/forecast-availability?market_key=venue_b:KXNVDAMCAP-26-YES');
    must(av.status === 200 && av.json.tracked === true && av.json.excluded === null, `availability of venue_b:KXNVDAMCAP-26-YES -> ${av.status} tracked ${av.json && av.json.tracked}`);
    const post = (id) => api.post('/api/auth/forecast-requests', { kind: 'venue_market', venue: 'venue_b', market_id: id },
      { key: a.key, headers: { 'idempotency-key': randomUUID() } });
    const plain = await post('KXCPIYOY-26MAR-T2.8');
    must(plain.status >= 200 && plain.status < 300, `generation for KXCPIYOY-26MAR-T2.8 -> ${plain.status}`);
    const r = await post('KXNVDAMCAP-26-YES');
    return v(!(r.status >= 200 && r.status < 300) || !r.json || !r.json.jobId, `generation for venue_b KXNVDAMCAP-26-YES -> ${r.status}${r.json && r.json.error ? ` ${r.json.error}` : ''}`);
  },
  async link_token_unpaid_use_extends_expiry(api) {
    try {
      const a = await api.newAccount();
      const t = await api.post('/api/auth/wallets/x402-token', undefined, { key: a.key });
      must(t.status === 200 && t.json && typeof t.json.token === 'string', `token issue answered ${t.status}`);
      await api.control('POST', '/__control/clock', { advanceSeconds: 10 * 60 });
      const first = await api.get(`/api/v1/wallets/link?token=${enc(t.json.token)}`, { key: a.key });
      must(first.status === 422 && first.json.error === 'x402_payment_required', `unpaid use at 10 minutes -> ${first.status} ${first.json && first.json.error}`);
      await api.control('POST', '/__control/clock', { advanceSeconds: 6 * 60 });
      const r = await api.get(`/api/v1/wallets/link?token=${enc(t.json.token)}`, { key: a.key });
      must(r.status === 422, `unpaid use at 16 minutes -> ${r.status}`);
      return v(r.json.error === 'x402_payment_required', `unpaid use 16 min after issue (6 min after an unpaid use) -> 422 ${r.json.error} (${r.json.message})`);
    } finally { await api.reset(); }
  },
  async availability_mention_reason_sports(api) {
    const r = await api.get('/api/public/forecast-availability?market_key=venue_b:KXPOWELLMENTION-26JAN28-TARIFF');
    must(r.status === 200 && r.json.tracked && r.json.excluded && r.json.market, `availability ${r.status}`);
    must(r.json.market.venue === 'venue_b', 'not a venue_b market');
    return v(r.json.excluded.reason !== 'mentions', `mention market excluded.reason ${r.json.excluded.reason} (${r.json.excluded.message})`);
  },
  // ---------------------------------------------------------------- round 44 (b)
  async profile_lookback_lost_with_focus(api) {
    const a = await api.newAccount(10000);
    const plain = await api.post('/api/v1/x/profile', { handle: 'zzz_nobody', lookback_days: 30 }, { key: a.key });
    must(plain.status === 200 && plain.json.window.lookback_days === 30, `profile without focus ${plain.status} ${plain.json && plain.json.window && plain.json.window.lookback_days}`);
    const r = await api.post('/api/v1/x/profile', { handle: 'zzz_nobody', lookback_days: 30, focus: 'trading' }, { key: a.key });
    must(r.status === 200 && r.json.window, `profile with focus ${r.status} ${r.text.slice(0, 120)}`);
    const w = r.json.window;
    const days = (Date.parse(w.to_date) - Date.parse(w.from_date)) / 86400000;
    return v(w.lookback_days !== 30 || days > 31, `lookback_days 30 + focus trading: window.lookback_days ${w.lookback_days}, ${w.from_date}..${w.to_date}`);
  },
  async assets_q_term_asset_type_ignored(api) {
    const a = await api.newAccount();
    const all = await api.get('/api/v1/assets/search?q=bitcoin', { key: a.key });
    must(all.status === 200 && all.json.assets.some((x) => x.asset_type !== 'company') && all.json.assets.some((x) => x.asset_type === 'company'), `q=bitcoin ${all.status}: ${all.json && all.json.assets.map((x) => x.asset_type)}`);
    const dir = await api.get('/api/v1/assets/search?q=*&asset_type=company', { key: a.key });
    must(dir.status === 200 && dir.json.assets.length > 0 && dir.json.assets.every((x) => x.asset_type === 'company'), `directory filter ${dir.status}`);
    const r = await api.get('/api/v1/assets/search?q=bitcoin&asset_type=company', { key: a.key });
    must(r.status === 200 && r.json.assets.length > 0, `q=bitcoin&asset_type=company ${r.status}`);
    const bad = r.json.assets.filter((x) => String(x.asset_type).toLowerCase() !== 'company');
    return v(bad.length > 0, `q=bitcoin&asset_type=company: ${r.json.assets.map((x) => `${x.assetKey}(${x.asset_type})`).join(' ')}`);
  },
  async latest_credit_check_40(api) {
    const rich = await api.newAccount(100);
    const r1 = await api.spent(rich, () => api.get('/api/v1/latest', { key: rich.key }));
    must(r1.out.status === 200 && r1.spent === 20, `100-credit account: ${r1.out.status}, spent ${r1.spent}`);
    const a = await api.newAccount(20);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/latest', { key: a.key }));
    return v(out.status !== 200 || spent !== 20, `20-credit account: status ${out.status} ${(out.json && out.json.message) || ''}, spent ${spent}`);
  },
  async job_read_unentitled_403_billed(api) {
    const a = await api.newAccount(5000);
    const id = await newJob(api, a);
    const free = await api.spent(a, () => api.get(`/api/auth/forecast-requests/${id}`, { key: a.key }));
    must(free.out.status === 200 && free.spent === 0, `entitled read ${free.out.status}, spent ${free.spent}`);
    const p = await api.control('PATCH', `/__control/accounts/${a.id}`, { entitled: false });
    must(p.status === 200, `entitlement patch ${p.status}`);
    const { spent, out } = await api.spent(a, () => api.get(`/api/auth/forecast-requests/${id}`, { key: a.key }));
    must(out.status === 403, `unentitled read ${out.status}`);
    return v(spent !== 0, `403 ${out.json && out.json.error}: spent ${spent}`);
  },
  async oil_standard_429_billed(api) {
    const a = await api.newAccount();
    await api.fill('standard', 'minute', 600, a);
    const other = await api.spent(a, () => api.get('/api/v1/markets/mispriced', { key: a.key }));
    must(other.out.status === 429 && other.out.json.limit_scope === 'standard' && other.spent === 0, `mispriced ${other.out.status}, spent ${other.spent}`);
    await sleep(1100); // clear of any earlier oil start on this stub (one-second spacing)
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/signals/oil', { key: a.key }));
    must(out.status === 429 && out.json && out.json.limit_scope === 'standard', `oil ${out.status} ${out.text.slice(0, 120)}`);
    return v(spent !== 0, `standard 429 of mispriced: spent ${other.spent}; standard 429 of the oil route: spent ${spent}`);
  },
  // ---------------------------------------------------------------- round 45 (a)
  async availability_empty_balance_403(api) {
    const rich = await api.newAccount(1000);
    const ok = await api.get('/api/public/forecast-availability?market_key=venue_a:520224', { key: rich.key });
    must(ok.status === 200 && ok.json.tracked === true, `funded key ${ok.status}`);
    const anon = await api.get('/api/public/forecast-availability?market_key=venue_a:520224');
    must(anon.status === 200, `no key ${anon.status}`);
    const a = await api.newAccount(0);
    const { spent, out } = await api.spent(a, () => api.get('/api/public/forecast-availability?market_key=venue_a:520224', { key: a.key }));
    must(spent === 0, `spent ${spent}`);
    return v(out.status !== 200, `0-credit key: ${out.status} ${(out.json && (out.json.error || `tracked ${out.json.tracked}`)) || ''}`);
  },
  async mispriced_market_odds_at_forecast(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/markets/mispriced', { key: a.key });
    must(r.status === 200 && r.json.markets.length > 0, `mispriced ${r.status}`);
    const rows = r.json.markets.filter((m) => m.market_odds !== null && m.market_odds !== undefined);
    must(rows.length > 0, 'no row carries market_odds');
    const bad = rows.filter((m) => !m.venue_quote || m.market_odds !== m.venue_quote.selected_probability);
    const ex = bad[0];
    return v(bad.length > 0, `${bad.length}/${rows.length} rows with market_odds != venue_quote.selected_probability${ex ? ` (${ex.marketKey}: ${ex.market_odds} vs ${ex.venue_quote && ex.venue_quote.selected_probability})` : ''}`);
  },
  async assets_reference_perps_identifier_key_unmatched(api) {
    const a = await api.newAccount();
    const other = await api.get('/api/v1/assets/search?reference=coingecko:bitcoin', { key: a.key });
    must(other.status === 200 && other.json.assets.some((x) => x.assetKey === 'btc'), `coingecko:bitcoin ${other.status}`);
    const dir = await api.get('/api/v1/assets', { key: a.key });
    const btc = dir.json && dir.json.assets.find((x) => x.assetKey === 'btc');
    must(btc && btc.identifiers.some((i) => i.platform === 'venue_a_perps' && i.value === 'BTC-PERP'), 'btc has no venue_a_perps identifier');
    const r = await api.get(`/api/v1/assets/search?reference=${enc('venue_a_perps:BTC-PERP')}`, { key: a.key });
    must(r.status === 200, `reference=venue_a_perps:BTC-PERP ${r.status}`);
    must(JSON.stringify(r.json.references) === JSON.stringify(['venue_a_perps:BTC-PERP']), `references echo ${JSON.stringify(r.json.references)}`);
    const keys = r.json.assets.map((x) => x.assetKey);
    return v(!keys.includes('btc'), `reference=venue_a_perps:BTC-PERP -> assets [${keys}]`);
  },
  async markets_changed_within_fresh_forecast_missing(api) {
    try {
      const a = await api.newAccount(5000);
      const id = await newJob(api, a);
      await api.control('POST', '/__control/clock', { advanceSeconds: 605 });
      const j = await api.get(`/api/auth/forecast-requests/${id}?view=status`, { key: a.key });
      must(j.status === 200 && j.json.status === 'succeeded', `job ${j.status} ${j.json && j.json.status}`);
      const now = await api.now();
      const all = await api.get('/api/v1/markets', { key: a.key });
      const row = all.json && all.json.markets.find((m) => m.marketKey === 'venue_a:1000503');
      must(row && row.latest_forecast_at && now - Date.parse(row.latest_forecast_at) < 60000, `market list row ${row && row.latest_forecast_at} (now ${new Date(now).toISOString()})`);
      const r = await api.get('/api/v1/markets?changed_within=1', { key: a.key });
      must(r.status === 200, `changed_within=1 ${r.status}`);
      const listed = r.json.markets.some((m) => m.marketKey === 'venue_a:1000503');
      return v(!listed, `venue_a:1000503 (latest forecast ${row.latest_forecast_at}, ${Math.round((now - Date.parse(row.latest_forecast_at)) / 1000)} s old) ${listed ? 'listed' : 'missing'} with changed_within=1 (${r.json.markets.length} rows)`);
    } finally { await api.reset(); }
  },
  async sources_slugless_market_slug_null(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/sources?market_keys=venue_c:c-4a22a2b493,venue_c:c-aa62917a76,venue_a:520224&window=168', { key: a.key });
    must(r.status === 200, `sources ${r.status}`);
    const slugless = r.json.sources.filter((s) => s.market && s.market.slug === null);
    must(slugless.length > 0 && r.json.sources.some((s) => s.market && s.market.slug !== null), `items: ${slugless.length} slug-less of ${r.json.sources.length}`);
    const bad = r.json.sources.filter((s) => typeof s.market_slug !== 'string');
    return v(bad.length > 0, `${bad.length}/${r.json.sources.length} items without a string market_slug (${slugless.length} of slug-less markets)`);
  },
  // ---------------------------------------------------------------- round 45 (b)
  async sources_types_lost_with_venue(api) {
    const a = await api.newAccount();
    const base = `/api/v1/sources?market_keys=${KEYS4}&window=168`;
    const both = await api.get(`${base}&venue=venue_b`, { key: a.key });
    must(both.status === 200 && both.json.sources.some((s) => s.type === 'x_post') && both.json.sources.some((s) => s.type === 'article'), `venue=venue_b without types ${both.status}: ${both.json && both.json.sources.map((s) => s.type)}`);
    const plain = await api.get(`${base}&types=article`, { key: a.key });
    must(plain.status === 200 && plain.json.sources.length > 0 && plain.json.sources.every((s) => s.type === 'article'), `types=article without venue ${plain.status}`);
    const r = await api.get(`${base}&venue=venue_b&types=article`, { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.sources), `venue=venue_b&types=article ${r.status}`);
    const bad = r.json.sources.filter((s) => s.type !== 'article');
    return v(bad.length > 0, `venue=venue_b&types=article: ${r.json.sources.length} items, ${bad.length} of type ${bad.length ? bad[0].type : '-'}`);
  },
  async markets_max_forecast_age_lost_with_venue(api) {
    const a = await api.newAccount();
    const all = await api.get('/api/v1/markets?max_forecast_age=168', { key: a.key });
    must(all.status === 200 && Array.isArray(all.json.markets), `markets?max_forecast_age=168 ${all.status}`);
    const now = await api.now();
    const want = new Map(all.json.markets.filter((m) => m.venue === 'venue_b').map((m) => [m.marketKey, m.forecast_count]));
    must([...all.json.markets].some((m) => m.venue === 'venue_b' && m.latest_forecast_at && Date.parse(m.latest_forecast_at) < now - 48 * 3600_000),
      'no venue_b row whose latest forecast in the 168-hour window is older than 48 hours');
    const r = await api.get('/api/v1/markets?venue=venue_b&max_forecast_age=168', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.markets), `markets?venue=venue_b&max_forecast_age=168 ${r.status}`);
    const got = new Map(r.json.markets.map((m) => [m.marketKey, m.forecast_count]));
    const missing = [...want.keys()].filter((k) => !got.has(k));
    const differ = [...want.keys()].filter((k) => got.has(k) && got.get(k) !== want.get(k));
    const sum = (m) => [...m.values()].reduce((x, y) => x + y, 0);
    return v(missing.length > 0 || differ.length > 0 || got.size !== want.size,
      `venue_b rows: ${want.size} (forecast_count sum ${sum(want)}) with max_forecast_age=168 alone, ${got.size} (sum ${sum(got)}) beside venue=venue_b; ${missing.length} missing, ${differ.length} with another forecast_count`);
  },
  async xsearch_limit_max_25(api) {
    const a = await api.newAccount(5000);
    const ok = await api.post('/api/v1/x/search', { query: 'bitcoin', limit: 25 }, { key: a.key });
    must(ok.status === 200 && ok.json.results.length === 25, `limit 25 ${ok.status} ${ok.json && ok.json.results && ok.json.results.length}`);
    const over = await api.post('/api/v1/x/search', { query: 'bitcoin', limit: 31 }, { key: a.key });
    must(over.status === 422, `limit 31 ${over.status}`);
    const { spent, out } = await api.spent(a, () => api.post('/api/v1/x/search', { query: 'bitcoin', limit: 30 }, { key: a.key }));
    return v(out.status !== 200 || !Array.isArray(out.json.results) || out.json.results.length > 30,
      `limit 30 (the documented maximum): ${out.status}${out.json && out.json.message ? ` ${out.json.message}` : ''}${out.json && Array.isArray(out.json.results) ? `, ${out.json.results.length} results` : ''}, spent ${spent}`);
  },
  async evidence_venue_qualified_404_billed(api) {
    const a = await api.newAccount();
    const legacy = await api.spent(a, () => api.get('/api/v1/markets/nope-no-such-slug/signals', { key: a.key }));
    must(legacy.out.status === 404 && legacy.spent === 0, `legacy 404 ${legacy.out.status}, spent ${legacy.spent}`);
    const ok = await api.spent(a, () => api.get('/api/v1/markets/KXCPIYOY-26MAR-T2.8/signals?venue=venue_b', { key: a.key }));
    must(ok.out.status === 200 && ok.spent === 10, `venue_b evidence ${ok.out.status}, spent ${ok.spent}`);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/markets/NOPE-XX/signals?venue=venue_b', { key: a.key }));
    must(out.status === 404, `venue-qualified unknown slug ${out.status}`);
    return v(spent !== 0, `404 ${out.json && out.json.error} with venue=venue_b: spent ${spent} (legacy 404: ${legacy.spent})`);
  },
  async link_missing_token_keyed_billed(api) {
    const a = await api.newAccount();
    const unknown = await api.spent(a, () => api.get(`/api/v1/wallets/link?token=svc_${'A'.repeat(43)}`, { key: a.key }));
    must(unknown.out.status === 404 && unknown.spent === 0, `unknown token ${unknown.out.status}, spent ${unknown.spent}`);
    const { spent, out } = await api.spent(a, () => api.get('/api/v1/wallets/link', { key: a.key }));
    must(out.status === 422, `link without token ${out.status}`);
    return v(spent !== 0, `422 ${out.json && out.json.error} (${out.json && out.json.message}): spent ${spent}`);
  },
  // ---------------------------------------------------------------- round 46 (a)
  async availability_forecast_asset_refs_outgoing(api) {
    const r = await api.get('/api/public/forecast-availability?market_key=venue_a:520785');
    must(r.status === 200 && r.json.available === true && r.json.latestForecast && r.json.latestForecast.relationships, `availability ${r.status} available=${r.json && r.json.available}`);
    const refs = r.json.latestForecast.relationships.assets.filter((x) => x.via === 'market' && x.relationship === 'HAS_MARKET');
    must(refs.length > 0, 'latestForecast has no two-hop asset refs');
    const direct = r.json.market.relationships.assets.filter((x) => x.via === 'direct');
    must(direct.length > 0 && direct.every((x) => x.direction === 'incoming'), 'market envelope direct asset refs not incoming');
    const bad = refs.filter((x) => x.direction !== 'incoming');
    return v(bad.length > 0, `latestForecast two-hop asset refs (HAS_MARKET via market): ${refs.map((x) => `${x.assetKey} ${x.direction}`).join(', ')}`);
  },
  async search_tag_lost_with_category(api) {
    const a = await api.newAccount();
    const hasTag = (m) => m.tags.some((t) => t.toLowerCase() === 'stocks');
    const hasCat = (m) => m.categories.some((c) => c.toLowerCase() === 'finance');
    const tag = await api.get('/api/v1/markets/search?tag=stocks', { key: a.key });
    must(tag.status === 200 && tag.json.markets.length > 0 && tag.json.markets.every(hasTag) && tag.json.markets.some((m) => !hasCat(m)), `tag=stocks ${tag.status}`);
    const cat = await api.get('/api/v1/markets/search?category=Finance', { key: a.key });
    must(cat.status === 200 && cat.json.markets.length > 0 && cat.json.markets.every(hasCat) && cat.json.markets.some((m) => !hasTag(m)), `category=Finance ${cat.status}`);
    const r = await api.get('/api/v1/markets/search?tag=stocks&category=Finance', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.markets), `tag=stocks&category=Finance ${r.status}`);
    const noTag = r.json.markets.filter((m) => !hasTag(m));
    const noCat = r.json.markets.filter((m) => !hasCat(m));
    return v(noTag.length > 0 || noCat.length > 0 || r.json.markets.length === 0,
      `tag=stocks (${tag.json.markets.length} rows) & category=Finance (${cat.json.markets.length} rows): ${r.json.markets.length} rows, ${noTag.length} without the stocks tag${noTag.length ? ` (${noTag.slice(0, 3).map((m) => m.marketKey).join(', ')})` : ''}, ${noCat.length} outside Finance`);
  },
  async assets_platform_bound_64(api) {
    const a = await api.newAccount();
    const known = await api.get('/api/v1/assets/search?q=*&platform=coingecko', { key: a.key });
    must(known.status === 200 && known.json.assets.length > 0, `platform=coingecko ${known.status}`);
    const over = await api.get(`/api/v1/assets/search?q=*&platform=${'p'.repeat(81)}`, { key: a.key });
    must(over.status === 422, `platform of 81 characters ${over.status}`);
    const { spent, out } = await api.spent(a, () => api.get(`/api/v1/assets/search?q=*&platform=${'p'.repeat(70)}`, { key: a.key }));
    return v(out.status !== 200 || !Array.isArray(out.json.assets),
      `platform of 70 characters (documented 1..80): ${out.status}${out.json && out.json.message ? ` ${out.json.message}` : ''}${out.json && Array.isArray(out.json.assets) ? `, ${out.json.assets.length} assets` : ''}, spent ${spent}`);
  },
  async search_as_of_today_previous_close(api) {
    const a = await api.newAccount(20000);
    const dayOf = (t) => new Date(t).toISOString().slice(0, 10);
    let moved = false;
    try {
      const todayRows = async () => {
        const now = await api.now();
        const today = dayOf(now);
        const live = await api.get('/api/v1/markets/search?q=fed', { key: a.key });
        must(live.status === 200 && Array.isArray(live.json.markets), `search q=fed ${live.status}`);
        return { now, today, rows: live.json.markets.filter((m) => m.forecast_at && dayOf(Date.parse(m.forecast_at)) === today && Date.parse(m.forecast_at) <= now) };
      };
      let t = await todayRows();
      if (t.rows.length === 0) {
        // no seeded forecast of the current UTC day matches: make one (the Fed 50 bps April market answers q=fed)
        if (t.now % 86400_000 > 86400_000 - 900_000) { await api.control('POST', '/__control/clock', { advanceSeconds: 901 }); moved = true; }
        await newJob(api, a);
        await api.control('POST', '/__control/clock', { advanceSeconds: 605 });
        moved = true;
        t = await todayRows();
      }
      must(t.rows.length > 0, `no q=fed row with a forecast made on ${t.today}`);
      const yesterday = dayOf(Date.parse(`${t.today}T00:00:00Z`) - 86400_000);
      const prev = await api.get(`/api/v1/markets/search?q=fed&as_of=${yesterday}`, { key: a.key });
      must(prev.status === 200, `as_of=${yesterday} ${prev.status}`);
      const prevBy = new Map(prev.json.markets.map((m) => [m.marketKey, m]));
      must(t.rows.every((m) => !prevBy.has(m.marketKey) || prevBy.get(m.marketKey).forecast_at !== m.forecast_at), `as_of=${yesterday} already shows today's forecasts`);
      const r = await api.get(`/api/v1/markets/search?q=fed&as_of=${t.today}`, { key: a.key });
      must(r.status === 200 && Array.isArray(r.json.markets), `as_of=${t.today} ${r.status}`);
      const by = new Map(r.json.markets.map((m) => [m.marketKey, m]));
      const bad = t.rows.filter((m) => { const x = by.get(m.marketKey); return !x || x.forecast_at !== m.forecast_at || x.latest_service_probability !== m.latest_service_probability; });
      const ex = bad[0] && by.get(bad[0].marketKey);
      return v(bad.length > 0, `as_of=${t.today} (echo ${r.json.as_of}): ${bad.length}/${t.rows.length} rows with a forecast of that day differ from the live search${bad.length ? ` (${bad[0].marketKey}: forecast_at ${ex ? ex.forecast_at : 'missing'} instead of ${bad[0].forecast_at})` : ''}`);
    } finally { if (moved) await api.reset(); }
  },
  async job_failed_result_read_billed(api) {
    const a = await api.newAccount(5000);
    const id = await newJob(api, a);
    const pending = await api.spent(a, () => api.get(`/api/auth/forecast-requests/${id}`, { key: a.key }));
    must(pending.out.status === 200 && pending.spent === 0, `pending read ${pending.out.status}, spent ${pending.spent}`);
    const end = await api.control('POST', `/__control/jobs/${id}`, { outcome: 'failed' });
    must(end.status === 200, `job end ${end.status}`);
    const status = await api.spent(a, () => api.get(`/api/auth/forecast-requests/${id}?view=status`, { key: a.key }));
    must(status.out.status === 200 && status.out.json.status === 'failed' && status.spent === 0, `status view ${status.out.status}, spent ${status.spent}`);
    const { spent, out } = await api.spent(a, () => api.get(`/api/auth/forecast-requests/${id}`, { key: a.key }));
    must(out.status === 200 && out.json.status === 'failed' && Array.isArray(out.json.forecasts) && out.json.forecasts.length === 0, `failed job read ${out.status} ${out.json && out.json.status}`);
    return v(spent !== 0, `result view of a failed job (errorCode ${out.json.errorCode}): spent ${spent}`);
  },
  // ---------------------------------------------------------------- round 46 (b)
  async job_result_asset_refs_direct(api) {
    try {
      const a = await api.newAccount(5000);
      const id = await newJob(api, a);
      await api.control('POST', '/__control/clock', { advanceSeconds: 605 });
      const r = await api.get(`/api/auth/forecast-requests/${id}`, { key: a.key });
      must(r.status === 200 && r.json.status === 'succeeded' && Array.isArray(r.json.forecasts) && r.json.forecasts.length > 0, `job ${r.status} ${r.json && r.json.status}`);
      const refs = r.json.forecasts.flatMap((f) => (f.relationships && f.relationships.assets) || []);
      must(refs.length > 0, 'the published forecast has no AssetRef');
      must(refs.every((x) => x.relationship === 'HAS_MARKET' && x.direction === 'incoming'), `refs ${JSON.stringify(refs.map((x) => [x.relationship, x.direction]))}`);
      const bad = refs.filter((x) => x.via !== 'market');
      return v(bad.length > 0, `${bad.length}/${refs.length} AssetRefs of the job's published forecast with via ${[...new Set(refs.map((x) => x.via))]} (${refs.map((x) => x.assetKey)})`);
    } finally { await api.reset(); }
  },
  async assets_reference_numeric_identifier_unmatched(api) {
    const a = await api.newAccount();
    const keyForm = await api.get(`/api/v1/assets/search?reference=${enc('coinmarketcap:1')}`, { key: a.key });
    const btc = keyForm.json && keyForm.json.assets.find((x) => x.assetKey === 'btc');
    must(keyForm.status === 200 && btc && btc.identifiers.some((i) => i.platform === 'coinmarketcap' && i.value === '1'), `coinmarketcap:1 ${keyForm.status}`);
    const cik = await api.get('/api/v1/assets/search?reference=0000320193', { key: a.key });
    must(cik.status === 200 && cik.json.assets.some((x) => x.assetKey === 'aapl'), `reference=0000320193 ${cik.status}`);
    const r = await api.get('/api/v1/assets/search?reference=1', { key: a.key });
    must(r.status === 200 && JSON.stringify(r.json.references) === '["1"]', `reference=1 ${r.status} ${r.json && JSON.stringify(r.json.references)}`);
    const keys = r.json.assets.map((x) => x.assetKey);
    return v(!keys.includes('btc'), `reference=1 (btc's coinmarketcap id) -> assets [${keys}]`);
  },
  async targets_bracket_child_ticker_404(api) {
    const ev = await api.get('/api/public/forecast-targets?ref=KXHIGHNY-26MAR20');
    must(ev.status === 200 && ev.json.markets.some((m) => m.ticker === 'KXHIGHNY-26MAR20-B52.5'), `event KXHIGHNY-26MAR20 ${ev.status}`);
    const thr = await api.get('/api/public/forecast-targets?ref=KXBTCMINY-26-T50000');
    must(thr.status === 200 && thr.json.selectedMarket && thr.json.selectedMarket.ticker === 'KXBTCMINY-26-T50000', `threshold child ${thr.status}`);
    const r = await api.get('/api/public/forecast-targets?ref=KXHIGHNY-26MAR20-B52.5');
    const j = r.json || {};
    const ok = r.status === 200 && j.targetType === 'market' && j.selectedMarket && j.selectedMarket.ticker === 'KXHIGHNY-26MAR20-B52.5' && j.generation && j.generation.market_id === 'KXHIGHNY-26MAR20-B52.5';
    return v(!ok, `ref=KXHIGHNY-26MAR20-B52.5 -> ${r.status} ${j.error ? `${j.error} ticker ${j.ticker}` : `${j.targetType}, selected ${j.selectedMarket && j.selectedMarket.ticker}`}`);
  },
  async latest_pathway_null_members_omitted(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/latest?hours=6&types=forecast', { key: a.key });
    must(r.status === 200 && Array.isArray(r.json.events), `latest ${r.status}`);
    const K = ['criteria', 'crux', 'deadline', 'source'];
    const rps = r.json.events.filter((e) => e.forecast && e.forecast.resolution_pathway).map((e) => e.forecast.resolution_pathway);
    const unknown = rps.filter((rp) => K.some((k) => !(k in rp) || rp[k] === null));
    must(unknown.length > 0, 'no forecast whose resolution pathway has an unknown member');
    const bad = rps.filter((rp) => K.some((k) => !(k in rp)));
    return v(bad.length > 0, `${bad.length}/${rps.length} resolution_pathway objects lacking a key (${unknown.length} with an unknown member; e.g. keys ${bad.length ? Object.keys(bad[0]) : K})`);
  },
  async assets_reference_affects_markets_hydrated(api) {
    const a = await api.newAccount();
    const r = await api.get('/api/v1/assets/search?reference=crude-wti', { key: a.key });
    const wti = r.json && r.json.assets.find((x) => x.assetKey === 'crude-wti');
    must(r.status === 200 && wti && wti.linked_markets.length > 0, `reference=crude-wti ${r.status}`);
    const notDirect = [];
    for (const m of wti.linked_markets) {
      const av = await api.get(`/api/public/forecast-availability?market_key=${enc(m.marketKey)}`);
      must(av.status === 200 && av.json.market, `availability ${m.marketKey} ${av.status}`);
      const direct = av.json.market.relationships.assets.some((x) => x.assetKey === 'crude-wti' && x.relationship === 'HAS_MARKET' && x.via === 'direct');
      if (!direct) notDirect.push(m.marketKey);
    }
    return v(notDirect.length > 0, `${wti.linked_markets.length} linked markets (linked_market_count ${wti.linked_market_count}, market_summary.active_market_count ${wti.market_summary.active_market_count}); not linked by HAS_MARKET: [${notDirect}]`);
  },
};

// ------------------------------------------------------------------ runner
const wanted = process.argv.slice(2);
const list = wanted.length ? bugs.filter((b) => wanted.includes(b.name)) : bugs;
for (const w of wanted) if (!bugs.some((b) => b.name === w)) { console.error(`unknown bug ${w}`); process.exit(2); }
for (const b of list) if (!checks[b.name]) { console.error(`no check for ${b.name}`); process.exit(2); }

const started = Date.now();
let failures = 0;
const pass = startProxy('');
const passApi = new Api(await pass.ready);
console.log(`pass-through proxy at ${passApi.base}`);
let next = list.length ? startProxy(list[0].name) : null;
for (let i = 0; i < list.length; i++) {
  const b = list[i];
  const cur = next;
  next = null;
  let line;
  try {
    const api = new Api(await cur.ready);
    next = i + 1 < list.length ? startProxy(list[i + 1].name) : null; // start the next stub while this one is checked
    const base = await checks[b.name](passApi);
    const bugged = await checks[b.name](api);
    if (!base.violated && bugged.violated) line = `ok    ${b.name} [${b.pattern}] — ${bugged.detail}`;
    else {
      failures++;
      line = `FAIL  ${b.name} [${b.pattern}] — pass-through: ${base.violated ? 'violated' : 'holds'} (${base.detail}); bug: ${bugged.violated ? 'violated' : 'holds'} (${bugged.detail})`;
    }
  } catch (e) {
    failures++;
    line = `FAIL  ${b.name} [${b.pattern}] — ${e.message.split('\n')[0]}`;
    if (!next && i + 1 < list.length) next = startProxy(list[i + 1].name);
  }
  console.log(line);
  await cur.stop();
}
await pass.stop();
if (next) await next.stop();
console.log(`${list.length - failures}/${list.length} bugs show (${((Date.now() - started) / 1000).toFixed(0)} s)`);
process.exit(failures ? 1 : 0);
