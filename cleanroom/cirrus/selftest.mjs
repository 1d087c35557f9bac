// Smoke test: starts the server on a free port with a control token, calls
// every operation once (plus a few negative cases), checks some answers,
// prints a summary and exits non-zero on any failure.
//   node selftest.mjs            (conforming service)
//   DEVIATIONS=on node selftest.mjs   (shows the planted deviations failing)
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { x402Client, wrapFetchWithPayment, decodePaymentResponseHeader } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { signIdpToken } from './src/idp.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const CONTROL = 'selftest-control-token';
const KEYS = ['st_key_one', 'st_key_two', 'st_key_three'];
const IDP = 'selftest-idp-secret';
const results = [];
let base;

function check(name, ok, detail = '') {
  results.push({ name, ok: !!ok, detail });
  if (!ok) console.log(`  FAIL ${name} ${detail}`);
}

async function call(method, path, { key, body, headers = {}, control = false, raw } = {}) {
  const h = { ...headers };
  if (key) h['x-service-api-key'] = key;
  if (control) h.authorization = `Bearer ${CONTROL}`;
  if (body !== undefined || raw !== undefined) h['content-type'] = 'application/json';
  const r = await fetch(base + path, { method, headers: h, body: raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
  const text = await r.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = { unparsed: text }; }
  return { status: r.status, headers: r.headers, json };
}
const ctl = (method, path, body) => call(method, `/__control${path}`, { control: true, body });
const credits = async (id) => (await ctl('GET', `/accounts/${id}`)).json.credits;

function start() {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', API_KEYS: KEYS.join(','), CONTROL_TOKEN: CONTROL, IDP_JWT_SECRET: IDP, ACCOUNT_CREDITS: '1000000' };
    const child = spawn(process.execPath, [join(here, 'server.mjs')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const m = /listening on (http:\/\/\S+)/.exec(buf);
      if (m) resolve({ child, url: m[1] });
    });
    child.on('exit', (c) => reject(new Error(`server exited ${c}`)));
    setTimeout(() => reject(new Error('server did not start')), 15000);
  });
}

async function main() {
  const t0 = Date.now();
  const { child, url } = await start();
  console.log(`server up in ${Date.now() - t0} ms at ${url}`);
  base = url;
  const [k1, k2, k3] = KEYS;
  try {
    // The smoke test runs faster than 20 calls a second; lift the tiers until
    // the limits section (the oil route keeps its own spacing).
    await ctl('PUT', '/limits', { lifted: true });
    // ---- meta ----
    const oa = await call('GET', '/openapi.json');
    check('openapi 3.1 served', oa.status === 200 && oa.json.openapi === '3.1.0');
    const oa2 = await call('GET', '/api/v1/openapi.json');
    check('openapi compatibility path', oa2.status === 200 && Object.keys(oa2.json.paths).length === Object.keys(oa.json.paths).length);
    check('openapi names Idempotency-Key', JSON.stringify(oa.json).includes('Idempotency-Key'));
    const pricing = await call('GET', '/api/public/pricing');
    check('pricing free', pricing.status === 200 && pricing.json.operations.length > 20);

    // ---- catalog ----
    const list = await call('GET', '/api/v1/markets', { key: k1 });
    check('markets list', list.status === 200 && list.json.markets.length > 50 && list.json.venue_facets.length === 4);
    check('markets list billed 15 credits', list.headers.get('x-credits-charged') === '15');
    const broker = await call('GET', '/api/v1/markets?topic=broker_a', { key: k1 });
    check('topic=broker_a', broker.status === 200 && broker.json.markets.length > 0 && broker.json.markets.every((m) => m.broker_channels.includes('broker_a')));
    const withF = list.json.markets.find((m) => m.venue === 'venue_a' && m.slug && m.forecast_count > 0);
    const search = await call('GET', '/api/v1/markets/search?search=bitcoin&tag=crypto', { key: k1 });
    check('market search', search.status === 200 && search.json.results.length > 0 && 'has_forecast' in search.json.results[0]);
    const asOf = await call('GET', '/api/v1/markets/search?venue=venue_b&as_of=2020-01-01', { key: k1 });
    check('market search as_of in the past has no forecasts', asOf.status === 200 && asOf.json.results.every((r) => r.has_forecast === false));
    const misp = await call('GET', '/api/v1/markets/mispriced', { key: k1 });
    check('mispriced', misp.status === 200 && misp.json.markets.every((m) => Math.abs(m.gap_pp) >= 7.5));

    // ---- forecast read / evidence / sources / latest ----
    const fr = await call('GET', `/api/v1/markets/${withF.slug}/forecast?include_history=true`, { key: k1 });
    check('stored forecast read', fr.status === 200 && fr.json.forecast.drawdown_risk_72h && typeof fr.json.forecast.probability === 'number');
    const before404 = await credits('acct_1');
    const f404 = await call('GET', '/api/v1/markets/no-such-market-here/forecast', { key: k1 });
    check('forecast 404 not billed', f404.status === 404 && (await credits('acct_1')) === before404, `credits ${before404} -> ${await credits('acct_1')}`);
    // A tracked, in-scope market without a stored forecast, read with a control-plane account's key.
    let noF = null;
    const aSearch = await call('GET', '/api/v1/markets/search?venue=venue_a&limit=100', { key: k1 });
    for (const r of aSearch.json.results.filter((x) => x.slug && !x.has_forecast)) {
      const a = await call('GET', `/api/public/forecast-availability?slug=${encodeURIComponent(r.slug)}`);
      if (a.json.tracked && !a.json.available && !a.json.excluded) { noF = r; break; }
    }
    const cpa = (await ctl('POST', '/accounts', { credits: 1000 })).json;
    const fNo = noF && await call('GET', `/api/v1/markets/${encodeURIComponent(noF.slug)}/forecast`, { key: cpa.apiKey });
    check('forecast 404 of a tracked market without a stored forecast not billed', fNo && fNo.status === 404 && (await credits(cpa.accountId)) === 1000, `market ${noF?.slug} status ${fNo?.status} credits 1000 -> ${await credits(cpa.accountId)}`);
    let ev = null;
    for (const m of list.json.markets.slice(0, 60)) {
      const r = await call('GET', `/api/v1/markets/${encodeURIComponent(m.marketKey)}/signals`, { key: k1 });
      if (r.status === 200) { ev = r; break; }
    }
    check('article evidence', ev && ev.json.signals.length === ev.json.total && ev.json.signals.length > 0);
    const src = await call('GET', `/api/v1/sources?market_keys=${encodeURIComponent(list.json.markets.slice(0, 8).map((m) => m.marketKey).join(','))}&window=168&venue=venue_c`, { key: k1 });
    check('sources', src.status === 200 && Array.isArray(src.json.sources));
    const src422 = await call('GET', '/api/v1/sources?markets=a&market_keys=venue_a:1', { key: k1 });
    check('sources conflicting params 422', src422.status === 422 && src422.json.error === 'invalid_request');
    const srcVenue = await call('GET', `/api/v1/sources?market_keys=${encodeURIComponent(list.json.markets[0].marketKey)}&venue=g__`, { key: k1 });
    check('sources venue not a venue key 422 (with market_keys)', srcVenue.status === 422 && srcVenue.json.error === 'invalid_request');
    const latest = await call('GET', '/api/v1/latest?hours=6', { key: k1 });
    check('latest feed', latest.status === 200 && latest.json.count === latest.json.events.length && latest.json.count > 0);
    const ts = latest.json.events.map((e) => e.occurred_at);
    check('latest feed chronological', ts.every((t, i) => i === 0 || ts[i - 1] <= t));
    const l7 = await call('GET', '/api/v1/latest?hours=7', { key: k1 });
    check('latest hours bound', l7.status === 422);

    // ---- assets ----
    const aq = await call('GET', '/api/v1/assets/search?q=bitcoin', { key: k1 });
    check('asset q mode', aq.status === 200 && aq.json.assets[0]?.assetKey === 'btc' && aq.json.assets[0].linked_markets.length === 0);
    const ar = await call('GET', '/api/v1/assets/search?reference=btc', { key: k1 });
    check('asset reference mode hydrates >50 markets', ar.status === 200 && ar.json.assets[0].linked_markets.length > 50 && ar.json.query === null);
    const am = await call('GET', '/api/v1/assets/search?material_only=true', { key: k1 });
    check('asset material_only alone', am.status === 200 && am.json.material_only === true);
    const a422 = await call('GET', '/api/v1/assets/search?q=x&reference=btc', { key: k1 });
    check('asset q+reference 422', a422.status === 422);
    const dir = await call('GET', '/api/v1/assets', { key: k1 });
    const names = dir.json.assets.map((a) => a.name);
    check('asset directory ordered by name', dir.status === 200 && names.every((n, i) => i === 0 || names[i - 1].localeCompare(n, 'en') <= 0) && !('linked_markets' in dir.json.assets[0]));
    const stance = await call('GET', '/api/v1/assets/stance?asset=btc', { key: k1 });
    check('asset stance', stance.status === 200 && ['bullish', 'bearish', 'neutral'].includes(stance.json.stance.direction));

    // ---- relationships cap ----
    const btcMarket = ar.json.assets[0].linked_markets.find((m) => m.venue === 'venue_a' && m.slug);
    const av = await call('GET', `/api/public/forecast-availability?slug=${btcMarket.slug}`);
    const rel = av.json.market.relationships;
    check('relationships capped at 50 and flagged', rel.markets.length === 50 && rel.truncated.markets === true, `markets=${rel.markets.length}`);

    // ---- trade signals / perps / oil ----
    const sg = await call('GET', '/api/v1/signals', { key: k1 });
    check('trade signals', sg.status === 200 && sg.json.signals.length > 0);
    const sgx = await call('GET', '/api/v1/signals?exclude_drawdown_risk=true', { key: k1 });
    check('exclude_drawdown_risk drops true and null', sgx.status === 200 && sgx.json.signals.every((s) => s.drawdown_risk_elevated === false));
    const sga = await call('GET', '/api/v1/signals?exclude_crash_risk=true', { key: k1 });
    check('exclude_crash_risk alias', sga.status === 200 && sga.json.signals.every((s) => s.drawdown_risk_elevated === false));
    const perps = await call('GET', '/api/v1/signals/perps', { key: k1 });
    check('perps', perps.status === 200 && perps.json.signals.length <= 1, perps.status);
    const oil = await call('GET', '/api/v1/signals/oil', { key: k1 });
    check('oil signal', oil.status === 200 && oil.json.asset === 'crude-wti' && oil.json.reading_missing === false && oil.json.reading.is_current === true);
    const oilFast = await call('GET', '/api/v1/signals/oil', { key: k1 });
    check('oil one-second spacing', oilFast.status === 429 && oilFast.headers.get('retry-after'));
    await ctl('POST', '/oil', { scope: 'st-oil', reading: 'none', marksDown: ['perp_venue_b'] });
    const c0 = await credits('acct_2');
    const oilD = await call('GET', '/api/v1/signals/oil', { key: k2, headers: { 'X-Fault-Scope': 'st-oil' } });
    check('oil degraded + missing reading, not billed', oilD.status === 200 && oilD.json.degraded && oilD.json.marks.perp_venue_b === null && oilD.json.reading === null && oilD.json.reading_missing && (await credits('acct_2')) === c0);

    // ---- free lookups ----
    const avx = await call('GET', '/api/public/forecast-availability?market_key=' + encodeURIComponent(withF.marketKey));
    check('availability with forecast', avx.json.available && avx.json.read && avx.json.generation === null);
    const evB = await call('GET', '/api/public/forecast-availability?market_id=WTI-' + 'X&venue=venue_b');
    check('availability unknown id', evB.status === 200 && evB.json.tracked === false);
    const a0 = await call('GET', '/api/public/forecast-availability');
    check('availability needs one identifier', a0.status === 422);
    const tg = await call('GET', '/api/public/forecast-targets?ref=NOPE-123');
    check('targets 404 echoes ticker', tg.status === 404 && tg.json.ticker === 'NOPE-123');
    const multiB = list.json.markets.find((m) => m.venue === 'venue_b' && m.seriesTicker === 'WTI');
    const tgE = await call('GET', `/api/public/forecast-targets?ref=${multiB.nativeEventId}`);
    check('targets event input', tgE.status === 200 && tgE.json.selectionRequired === true && tgE.json.allContracts.marketCount >= 2);
    const avE = await call('GET', `/api/public/forecast-availability?market_id=${multiB.nativeEventId}&venue=venue_b`);
    check('availability multi-contract event -> targetResolution', avE.json.targetResolution?.reason === 'venue_event_requires_market');

    // ---- social ----
    const prof = await call('POST', '/api/v1/x/profile', { key: k1, body: { handle: '@macro_maven', focus: 'trading' } });
    const ev2 = new Set((prof.json.evidence || []).map((e) => e.post_id));
    check('profile', prof.status === 200 && prof.json.window.post_count >= 15 && prof.json.interests.every((i) => i.post_ids.every((p) => ev2.has(p))));
    const c1 = await credits('acct_1');
    const thin = await call('POST', '/api/v1/x/profile', { key: k1, body: { handle: 'quiet_quant' } });
    check('profile insufficient history 404 not billed', thin.status === 404 && thin.json.error === 'insufficient_post_history' && (await credits('acct_1')) === c1);
    await ctl('POST', '/profiling', { scope: 'st-prof', configured: false });
    const p503 = await call('POST', '/api/v1/x/profile', { key: k1, body: { handle: 'macro_maven' }, headers: { 'X-Fault-Scope': 'st-prof' } });
    check('profiling not configured 503', p503.status === 503);
    const xs = await call('POST', '/api/v1/x/search', { key: k1, body: { query: 'oil' } });
    check('x search', xs.status === 200 && xs.json.stored === false && xs.json.results.length <= 15);

    // ---- portfolio ----
    const owner = '0x' + createHash('sha256').update('owner-alpha').digest('hex').slice(0, 40);
    const pf = await call('GET', `/api/v1/portfolio?owner=${owner}&venues=venue_a,venue_b,venue_c`, { key: k1 });
    check('portfolio', pf.status === 200 && new Set(pf.json.positions.map((x) => x.venue)).size >= 2);
    await ctl('POST', '/faults', { method: 'GET', path: '/api/v1/portfolio', status: 502, times: 1 });
    const c2 = await credits('acct_1');
    const pf502 = await call('GET', `/api/v1/portfolio?owner=${owner}&venues=venue_a`, { key: k1 });
    check('portfolio fails closed, refunded', pf502.status === 502 && pf502.json.error === 'upstream_unavailable' && (await credits('acct_1')) === c2);

    // ---- x402 ----
    const acct = privateKeyToAccount(generatePrivateKey());
    await ctl('POST', '/wallets', { network: 'eip155:8453', address: acct.address, amount: '1000000' });
    const client = new x402Client().register('eip155:8453', new ExactEvmScheme(acct));
    const payFetch = wrapFetchWithPayment(fetch, client);
    const ch = await call('GET', '/api/v1/sources?markets=' + withF.slug);
    const pr = JSON.parse(Buffer.from(ch.headers.get('payment-required'), 'base64').toString());
    check('402 challenge', ch.status === 402 && pr.x402Version === 2 && pr.accepts.length === 2 && pr.accepts[0].amount === '5000');
    const paid = await payFetch(base + '/api/v1/sources?markets=' + withF.slug);
    const settle = paid.headers.get('payment-response') ? decodePaymentResponseHeader(paid.headers.get('payment-response')) : null;
    check('x402 paid call settles', paid.status === 200 && settle?.success && settle.payer === acct.address);
    const bal = await ctl('GET', `/wallets/eip155:8453/${acct.address}`);
    check('payer debited $0.005', bal.json.balance === '995000', bal.json.balance);
    const bad404 = await payFetch(base + '/api/v1/markets/nothing-here/signals');
    const bal2 = await ctl('GET', `/wallets/eip155:8453/${acct.address}`);
    check('x402 404 not settled', bad404.status === 404 && !bad404.headers.get('payment-response') && bal2.json.balance === '995000');

    // ---- wallet link ----
    const tok = await call('POST', '/api/auth/wallets/x402-token', { key: k3 });
    check('link token issued', tok.status === 201 && /^svc_[A-Za-z0-9_-]{43}$/.test(tok.json.token));
    const linkKey = await call('GET', `/api/v1/wallets/link?token=${tok.json.token}`, { key: k3 });
    check('link with API key -> 422 x402_payment_required', linkKey.status === 422 && linkKey.json.error === 'x402_payment_required');
    const lk = await payFetch(`${base}/api/v1/wallets/link?token=${tok.json.token}`);
    const lkj = await lk.json();
    check('wallet linked by payment', lk.status === 200 && lkj.wallet.method === 'x402' && lkj.already_attested === false);
    const lk2 = await payFetch(`${base}/api/v1/wallets/link?token=${tok.json.token}`);
    check('link token single use', lk2.status === 404 && (await lk2.json()).error === 'link_token_not_found');
    const tok2 = await call('POST', '/api/auth/wallets/x402-token', { headers: { authorization: `Bearer ${signIdpToken(IDP, 'acct_1', Math.floor(Date.now() / 1000) + 600)}` } });
    check('link token via identity-provider bearer', tok2.status === 201);
    const lk3 = await payFetch(`${base}/api/v1/wallets/link?token=${tok2.json.token}`);
    check('wallet attested elsewhere 409', lk3.status === 409 && (await lk3.json()).error === 'wallet_already_attested');
    const wl = await call('GET', '/api/auth/wallets', { key: k3 });
    check('attested wallets list', wl.status === 200 && wl.json.wallets.length === 1);
    const sigAcct = privateKeyToAccount(generatePrivateKey());
    const chal = await call('POST', '/api/auth/wallets/challenge', { key: k2, body: { address: sigAcct.address, chain_id: 4663 } });
    const signature = await sigAcct.signMessage({ message: chal.json.message });
    const att = await call('POST', '/api/auth/wallets/attest', { key: k2, body: { challengeId: chal.json.challengeId, signature } });
    check('signature attestation', chal.status === 201 && att.status === 200 && att.json.wallet.method === 'signature');

    // ---- generation jobs ----
    const target = list.json.markets.find((m) => m.venue === 'venue_b' && m.venue_quote);
    const genBody = { kind: 'venue_market', venue: 'venue_b', market_id: target.nativeMarketId };
    const noIdem = await call('POST', '/api/auth/forecast-requests', { key: k1, body: genBody });
    check('generation needs Idempotency-Key', noIdem.status === 422);
    const c3 = await credits('acct_1');
    const gen = await call('POST', '/api/auth/forecast-requests', { key: k1, body: genBody, headers: { 'Idempotency-Key': 'st-gen-1' } });
    check('generation 202 accepted', gen.status === 202 && gen.json.status === 'accepted' && (await credits('acct_1')) === c3 - 1000);
    const rep = await call('POST', '/api/auth/forecast-requests', { key: k1, body: genBody, headers: { 'Idempotency-Key': 'st-gen-1' } });
    check('idempotent replay same job, not billed', rep.json.jobId === gen.json.jobId && (await credits('acct_1')) === c3 - 1000);
    const js = await call('GET', `/api/auth/forecast-requests/${gen.json.jobId}?view=status`, { key: k1 });
    check('job read non-terminal Retry-After', js.status === 200 && js.headers.get('retry-after') && js.json.forecasts.length === 0);
    const other = await call('GET', `/api/auth/forecast-requests/${gen.json.jobId}`, { key: k2 });
    const unknown = await call('GET', '/api/auth/forecast-requests/00000000-0000-4000-8000-000000000000', { key: k2 });
    check('not-owned job = unknown job 404', other.status === 404 && JSON.stringify(other.json) === JSON.stringify(unknown.json));
    const excl = list.json.markets.length && (await call('GET', '/api/public/forecast-targets?ref=' + encodeURIComponent(tgE.json.markets[0].ticker))).json;
    check('targets exact child has generation', excl.targetType === 'market' && excl.generation?.kind === 'venue_market');
    const sports = (await call('GET', '/api/v1/markets/search?tag=sports&venue=venue_b', { key: k1 })).json.results[0];
    const ex = await call('POST', '/api/auth/forecast-requests', { key: k1, body: { kind: 'venue_market', venue: 'venue_b', market_id: sports.nativeMarketId }, headers: { 'Idempotency-Key': 'st-gen-2' } });
    check('topic excluded 422', ex.status === 422 && ex.json.error === 'forecast_topic_excluded', JSON.stringify(ex.json));
    const gen3 = await call('POST', '/api/auth/forecast-requests', { key: k2, body: genBody, headers: { 'Idempotency-Key': 'st-gen-3' } });
    const end = await ctl('POST', `/jobs/${gen3.json.jobId}`, { outcome: 'failed' });
    check('control ends job failed', end.status === 200 && end.json.status === 'failed', JSON.stringify(end.json)+JSON.stringify(gen3.json));
    const end2 = await ctl('POST', `/jobs/${gen3.json.jobId}`, { outcome: 'rejected' });
    check('terminal job 409', end2.status === 409 && end2.json.error === 'job_terminal');
    await ctl('POST', '/clock', { advanceSeconds: 30 });
    const jr = await call('GET', `/api/auth/forecast-requests/${gen.json.jobId}`, { key: k1 });
    check('job succeeded with forecast', jr.json.status === 'succeeded' && jr.json.forecasts.length === 1 && !jr.headers.get('retry-after'));
    await ctl('PATCH', '/accounts/acct_3', { entitled: false });
    const ent = await call('GET', `/api/auth/forecast-requests/${gen.json.jobId}`, { key: k3 });
    check('no entitlement 403', ent.status === 403);

    // ---- limits ----
    await ctl('PUT', '/limits', { lifted: false });
    const okr = await call('GET', '/api/v1/signals/perps', { key: k1 });
    check('RateLimit headers on paid answer', /limit=\d+, remaining=\d+, reset=\d+/.test(okr.headers.get('ratelimit') || '') && okr.headers.get('ratelimit-policy') === '20;w=1, 600;w=60, 20000;w=86400');
    await ctl('POST', '/limits/usage', { scope: 'standard', window: 'minute', count: 600, accountId: 'acct_2' });
    const c4 = await credits('acct_2');
    const lim = await call('GET', '/api/v1/signals/perps', { key: k2 });
    check('per-minute bound 429', lim.status === 429 && lim.json.limit_scope === 'standard' && lim.json.retry_after >= 1 && lim.headers.get('x-quotient-max-concurrent') === '10' && (await credits('acct_2')) === c4, `status ${lim.status}`);
    await ctl('POST', '/limits/usage', { scope: 'standard', window: 'minute', count: 0, accountId: 'acct_2' });
    const na = await ctl('POST', '/accounts', { credits: 5, entitled: true });
    const poor = await call('GET', '/api/v1/markets', { key: na.json.apiKey });
    check('control account + insufficient credits 403', na.status === 201 && poor.status === 403 && poor.json.error === 'insufficient_credits');
    const clk = await ctl('GET', '/clock');
    check('control clock', clk.status === 200 && clk.json.offsetSeconds === 30);
    await ctl('POST', '/faults', { method: 'GET', path: '/api/v1/latest', status: 503, scope: 'st-f' });
    const fl = await ctl('GET', '/faults');
    const fd = await ctl('DELETE', '/faults');
    const fl2 = await ctl('GET', '/faults');
    check('control faults list/clear', fl.json.faults.length === 1 && fl.json.faults[0].remaining === null && fd.status === 204 && fl2.json.faults.length === 0);
    const lg = await ctl('GET', '/limits');
    check('control limits', lg.status === 200 && lg.json.bounds.standard.minute === 600);

    // ---- latest feed completeness over time: a later answer never shows an
    // event dated inside an earlier answer's window that the earlier one lacked ----
    let lateEvents = 0;
    let prev = (await call('GET', '/api/v1/latest?hours=6', { key: k1 })).json;
    for (let i = 0; i < 8; i++) {
      await ctl('POST', '/clock', { advanceSeconds: 900 });
      const next = (await call('GET', `/api/v1/latest?hours=${1 + (i % 6)}`, { key: k1 })).json;
      const had = new Set(prev.events.map((e) => `${e.type}|${e.id}|${e.market.marketKey}`));
      lateEvents += next.events.filter((e) => e.occurred_at >= prev.window.since && e.occurred_at <= prev.as_of && !had.has(`${e.type}|${e.id}|${e.market.marketKey}`)).length;
      prev = (await call('GET', '/api/v1/latest?hours=6', { key: k1 })).json;
    }
    check('latest feed complete for its window (no back-dated events)', lateEvents === 0, `late events ${lateEvents}`);

    // ---- bad input ----
    const badJson = await call('POST', '/api/v1/x/search', { key: k1, raw: '{"query": ' });
    check('malformed JSON 422', badJson.status === 422 && badJson.json.error === 'invalid_request');
    const badEnc = await call('GET', '/api/v1/markets?topic=%ZZ', { key: k1 });
    check('malformed encoding 422', badEnc.status === 422);
    const badKey = await call('GET', '/api/v1/markets', { key: 'nope' });
    check('invalid key 401', badKey.status === 401 && badKey.json.error === 'invalid_api_key');
    const nf = await call('GET', '/api/v1/nothing');
    check('unknown path 404 envelope', nf.status === 404 && nf.json.error === 'not_found');
    const noCtl = await call('GET', '/__control/clock');
    check('control needs token', noCtl.status === 401);
    const rs = await ctl('POST', '/reset');
    check('control reset', rs.status === 204 && (await credits('acct_1')) === 1000000);
  } finally {
    child.kill('SIGTERM');
  }
  const failed = results.filter((r) => !r.ok);
  console.log(`\nselftest: ${results.length - failed.length}/${results.length} checks passed`);
  if (failed.length) { for (const f of failed) console.log(`  failed: ${f.name} ${f.detail}`); process.exit(1); }
  process.exit(0); // do not wait for idle keep-alive sockets
}

main().catch((e) => { console.error('selftest crashed:', e); process.exit(2); });
