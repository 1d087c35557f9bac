// Smoke test: starts the server on a free port, calls every operation at
// least once, checks a few answers and exits non-zero on any failure.
// Usage: node selftest.mjs            (conforming mode)
//        DEVIATIONS=on node selftest.mjs  (also probes the planted deviations)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { x402Client } from '@x402/core/client';
import { x402HTTPClient } from '@x402/core/http';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { signBearer } from './src/billing/idp.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const DEV = process.env.DEVIATIONS === 'on';
const KEY_A = 'selftest_key_a_' + Math.random().toString(36).slice(2);
const KEY_B = 'selftest_key_b_' + Math.random().toString(36).slice(2);
const KEY_OFF = 'selftest_key_off_' + Math.random().toString(36).slice(2);
const payer = privateKeyToAccount(generatePrivateKey());
const payer2 = privateKeyToAccount(generatePrivateKey());
const broke = privateKeyToAccount(generatePrivateKey());

let failures = 0, passes = 0;
let conforms = () => false;
const check = (name, ok, detail = '') => {
  if (ok) { passes++; console.log(`  ok   ${name}`); } else { failures++; console.log(`  FAIL ${name} ${detail}`); }
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () => new Promise((res) => { const s = createServer(); s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); }); });

const port = await freePort();
const BASE = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, [join(here, 'server.mjs')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', API_KEYS: `${KEY_A},${KEY_B}`, INACTIVE_API_KEYS: KEY_OFF, WALLET_FUNDS: `${payer.address}=5,${payer2.address}=2`, DEVIATIONS: DEV ? 'on' : 'off', SITE_URL: 'https://site.example' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stderr.on('data', (d) => process.stderr.write('[server] ' + d));
await new Promise((res, rej) => {
  const t = setTimeout(() => rej(new Error('server did not start')), 15000);
  child.stdout.on('data', (d) => { if (String(d).includes('listening on')) { clearTimeout(t); res(); } });
});

// Paces itself: a per-second 429 (outside the limit checks) is retried once.
async function call(method, path, opts = {}) {
  const r = await call1(method, path, opts);
  if (r.status === 429 && !opts.noRetry && r.json?.limit_scope === 'standard') {
    await sleep(1100);
    return call1(method, path, opts);
  }
  return r;
}
async function call1(method, path, { key, headers = {}, body, raw } = {}) {
  const h = { ...headers };
  if (key) h['x-service-api-key'] = key;
  if (body !== undefined) h['content-type'] = h['content-type'] || 'application/json';
  const r = await fetch(BASE + path, { method, headers: h, body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined) });
  const text = await r.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* not JSON */ }
  return { status: r.status, headers: r.headers, json, text };
}
const get = (p, o) => call('GET', p, o);
const credits = async (key) => (await get('/api/auth/account', { key })).json.credits;
const isEnvelope = (r) => r.json && typeof r.json.error === 'string' && typeof r.json.message === 'string';

// x402 client from the reference packages (interoperability check).
const xClient = new x402HTTPClient(new x402Client().register('eip155:*', new ExactEvmScheme(payer)));
async function paid(method, path, opts = {}) {
  const first = await call(method, path, opts);
  if (first.status !== 402) return { first };
  const pr = xClient.getPaymentRequiredResponse((n) => first.headers.get(n), first.json);
  const payload = await xClient.createPaymentPayload(pr);
  const sigHeaders = xClient.encodePaymentSignatureHeader(payload);
  const second = await call(method, path, { ...opts, headers: { ...(opts.headers || {}), ...sigHeaders } });
  return { first, second, sigHeaders, payload };
}

try {
  console.log(`borealis selftest on ${BASE} (deviations ${DEV ? 'on' : 'off'})`);

  console.log('meta');
  const oa = await get('/openapi.json');
  check('openapi.json is OpenAPI 3.1', oa.status === 200 && oa.json.openapi === '3.1.0');
  const oa2 = await get('/api/v1/openapi.json');
  check('compat openapi path serves the same document', oa2.status === 200 && Object.keys(oa2.json.paths).length === Object.keys(oa.json.paths).length);
  check('openapi names the Idempotency-Token header', oa.text.includes('Idempotency-Token'));
  // Answers are checked against the served document itself.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', components: oa.json.components });
  conforms = (path, method, status, body) => {
    const s = oa.json.paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema;
    if (!s) return false;
    const ok = ajv.validate(JSON.parse(JSON.stringify(s).replaceAll('"#/components', '"doc#/components')), body);
    if (!ok) console.log('    schema errors:', JSON.stringify(ajv.errors.slice(0, 2)));
    return ok;
  };
  const pricing = await get('/api/public/pricing');
  check('pricing lists routes and networks', pricing.status === 200 && pricing.json.x402.networks.length === 2);
  const m405 = await call('DELETE', '/api/v1/markets');
  check('405 with Allow and envelope', m405.status === 405 && /GET/.test(m405.headers.get('allow') || '') && isEnvelope(m405));
  const u404 = await get('/api/v1/nowhere');
  check('unknown path 404 envelope', u404.status === 404 && isEnvelope(u404));

  console.log('catalog');
  const list = await get('/api/v1/markets', { key: KEY_A });
  check('markets list 200 with facets', list.status === 200 && list.json.markets.length > 20 && list.json.venue_facets.length >= 3);
  const venues = new Set(list.json.markets.map((m) => m.venue));
  check('markets list matches the served schema', conforms('/api/v1/markets', 'get', '200', list.json));
  check('all four venues are listed', venues.size === 4, [...venues].join(','));
  const aUs = list.json.markets.find((m) => m.venue === 'venue_a_us');
  check('venue_a_us quote is a stale graph snapshot', aUs && aUs.venue_quote.quote_method === 'graph_snapshot' && aUs.venue_quote.freshness === 'stale');
  check('market_odds equals selected_probability', list.json.markets.every((m) => m.market_odds === m.venue_quote.selected_probability));
  if (DEV) check('[DEV-1] venue_a_us row carries venueAUrl', aUs && aUs.venueAUrl !== null);
  else check('venueAUrl only on venue_a rows', list.json.markets.every((m) => (m.venue === 'venue_a') === (m.venueAUrl !== null)));
  const broker = await get('/api/v1/markets?topic=broker_a', { key: KEY_A });
  check('topic=broker_a keeps broker-listed rows only', broker.status === 200 && broker.json.markets.length > 0 && broker.json.markets.every((m) => m.broker_channels.includes('broker_a')));
  const bad = await get('/api/v1/markets?changed_within=169', { key: KEY_A });
  check('changed_within 169 -> 422', bad.status === 422 && bad.json.error === 'invalid_request');
  const search = await get('/api/v1/markets/search?text=bitcoin&as_of=' + new Date().toISOString().slice(0, 10), { key: KEY_A });
  check('market search rows carry forecast facts', search.status === 200 && search.json.results.length > 0 && 'has_published_signal' in search.json.results[0]);
  const noText = await get('/api/v1/markets/search', { key: KEY_A });
  check('market search without text -> 422', noText.status === 422);
  const mis = await get('/api/v1/markets/mispriced', { key: KEY_A });
  check('mispriced list 200', mis.status === 200 && Array.isArray(mis.json.markets));

  console.log('free lookups');
  const withF = list.json.markets.find((m) => m.forecast_count > 0 && m.slug && m.venue === 'venue_a');
  const av = await get(`/api/public/forecast-availability?slug=${encodeURIComponent(withF.slug)}`);
  check('availability: stored forecast -> read set, generation null', av.status === 200 && av.json.available && av.json.read && av.json.generation === null);
  const av2 = await get('/api/public/forecast-availability?slug=x&market_key=venue_a:1');
  check('availability: two identifiers -> 422', av2.status === 422);
  const targetsEv = await get('/api/public/forecast-targets?ref=' + encodeURIComponent(list.json.markets.find((m) => m.marketKey.startsWith('venue_b:KXFED')).nativeEventId));
  check('targets: event ticker needs a selection', targetsEv.status === 200 && targetsEv.json.selectionRequired === true && targetsEv.json.allContracts.marketCount >= 2);
  check('target resolution matches the served schema', conforms('/api/public/forecast-targets', 'get', '200', targetsEv.json));
  const childTk = targetsEv.json.markets[0].ticker;
  const targetsCh = await get('/api/public/forecast-targets?ref=' + childTk);
  check('targets: exact child carries generation', targetsCh.status === 200 && targetsCh.json.generation?.market_id === childTk);
  const avEv = await get(`/api/public/forecast-availability?market_id=${targetsEv.json.event.ticker}&venue=venue_b`);
  check('availability: multi-contract event -> targetResolution', avEv.status === 200 && avEv.json.targetResolution?.reason === 'venue_event_requires_market');
  const t404 = await get('/api/public/forecast-targets?ref=KXNOPE-00XXX00');
  check('targets: no match -> 404 echoing ticker', t404.status === 404 && t404.json.ticker === 'KXNOPE-00XXX00');
  const t422 = await get('/api/public/forecast-targets?ref=' + encodeURIComponent('https://elsewhere.example/x'));
  check('targets: unsupported URL -> 422', t422.status === 422);
  const sports = await get('/api/public/forecast-targets?ref=' + encodeURIComponent('https://venue-a.example/market/' + 'lakers-win-' + 'x'));
  check('targets: unknown venue_a market -> 404', sports.status === 404);

  console.log('auth and billing');
  const noCred = await get('/api/v1/latest');
  const pr = noCred.headers.get('payment-required');
  const decoded = pr && JSON.parse(Buffer.from(pr, 'base64').toString());
  check('paid route without credentials -> 402 + PAYMENT-REQUIRED', noCred.status === 402 && decoded?.x402Version === 2 && decoded.accepts.length === 2 && noCred.json.error === 'payment_required' && Array.isArray(noCred.json.accepts));
  check('402 body matches the served schema', conforms('/api/v1/latest', 'get', '402', noCred.json));
  check('challenge networks are eip155:8453 and eip155:4663', decoded.accepts.map((a) => a.network).join() === 'eip155:8453,eip155:4663');
  const badKey = await get('/api/v1/latest', { key: 'nope' });
  check('invalid key -> 401 invalid_api_key', badKey.status === 401 && badKey.json.error === 'invalid_api_key');
  const c0 = await credits(KEY_A);
  const miss = await get('/api/v1/markets/does-not-exist/forecast', { key: KEY_A });
  const c1 = await credits(KEY_A);
  check('404 forecast read is not billed', miss.status === 404 && c1 === c0, `${c0} -> ${c1}`);
  const inval = await get('/api/v1/latest?hours=9', { key: KEY_A });
  const c2 = await credits(KEY_A);
  check('422 on an API key is billed', inval.status === 422 && c2 === c1 - 20, `${c1} -> ${c2}`);

  console.log('reads');
  const fr = await get(`/api/v1/markets/${encodeURIComponent(withF.slug)}/forecast?include_history=true`, { key: KEY_A });
  check('forecast read carries drawdown_risk_72h', fr.status === 200 && typeof fr.json.forecast.drawdown_risk_72h.yes === 'number' && Array.isArray(fr.json.history));
  check('forecast read matches the served schema', conforms('/api/v1/markets/{slug}/forecast', 'get', '200', fr.json));
  check('relationships envelope is capped at 50', fr.json.market.relationships.markets.length <= 50);
  const btc = await get('/api/v1/markets/' + encodeURIComponent(list.json.markets.find((m) => m.marketKey.startsWith('venue_b:KXBTCD')).marketKey) + '/forecast', { key: KEY_A });
  check('BTC market relationships show truncation', btc.status !== 200 || btc.json.market.relationships.truncated.markets === true);
  const withEv = list.json.markets.find((m) => m.signal_count > 0);
  const ev = await get(`/api/v1/markets/${encodeURIComponent(withEv.slug ?? withEv.marketKey)}/signals${withEv.slug && withEv.venue !== 'venue_a' ? '?venue=' + withEv.venue : ''}`, { key: KEY_A });
  check('article evidence newest first', ev.status === 200 && ev.json.total === ev.json.signals.length && ev.json.signals.every((s, i, a) => i === 0 || a[i - 1].published_at >= s.published_at));
  const src = await get('/api/v1/sources?market_keys=' + encodeURIComponent(withEv.marketKey) + '&window=168', { key: KEY_A });
  check('sources 200', src.status === 200 && Array.isArray(src.json.sources));
  const src11 = await get('/api/v1/sources?markets=' + Array.from({ length: 11 }, (_, i) => 's' + i).join(','), { key: KEY_A });
  check('sources with 11 markets -> 422', src11.status === 422);
  const latest = await get('/api/v1/latest?hours=6', { key: KEY_A });
  const evs = latest.json.events;
  check('latest feed matches the served schema', conforms('/api/v1/latest', 'get', '200', latest.json));
  check('latest feed newest first, ties by id desc', latest.status === 200 && evs.length > 0 && evs.every((e, i) => i === 0 || evs[i - 1].occurred_at > e.occurred_at || (evs[i - 1].occurred_at === e.occurred_at && evs[i - 1].id > e.id)));
  const zero = await get('/api/v1/latest?hours=0', { key: KEY_A });
  if (DEV) check('[DEV-2] hours=0 accepted with the default window', zero.status === 200 && zero.json.window.hours === 3);
  else check('latest hours=0 -> 422', zero.status === 422);

  console.log('assets and signals');
  const aq = await get('/api/v1/assets/search?q=bitcoin', { key: KEY_A });
  check('asset q mode: empty linked_markets', aq.status === 200 && aq.json.assets[0].linked_markets.length === 0 && aq.json.retrieval.lexical === 'unconfigured');
  const ar = await get('/api/v1/assets/search?reference=crypto:btc&reference=crypto:btc', { key: KEY_A });
  check('asset reference mode hydrates >50 markets, refs deduplicated', ar.status === 200 && ar.json.references.length === 1 && ar.json.assets[0].linked_markets.length > 50);
  const am = await get('/api/v1/assets/search?material_only=true', { key: KEY_A });
  check('material_only alone is accepted', am.status === 200 && am.json.material_only === true);
  const ax = await get('/api/v1/assets/search?q=btc&reference=crypto:btc', { key: KEY_A });
  check('q with reference -> 422', ax.status === 422);
  const dir = await get('/api/v1/assets', { key: KEY_A });
  check('asset directory is metadata-only', dir.status === 200 && dir.json.assets.every((a) => !('linked_markets' in a)));
  const st = await get('/api/v1/assets/stance?asset=crypto:btc', { key: KEY_A });
  check('asset stance 200', st.status === 200 && typeof st.json.stance === 'string');
  const sig = await get('/api/v1/signals', { key: KEY_A });
  const risk = new Set(sig.json.signals.map((s) => s.drawdown_risk_elevated));
  check('signals show drawdown risk true, false and null', risk.has(true) && risk.has(false) && risk.has(null));
  check('signals match the served schema', conforms('/api/v1/signals', 'get', '200', sig.json));
  check('at most one signal per market', new Set(sig.json.signals.map((s) => s.market.marketKey)).size === sig.json.signals.length);
  const safe = await get('/api/v1/signals?exclude_crash_risk=true', { key: KEY_A });
  check('exclude (alias) keeps only drawdown_risk_elevated=false', safe.status === 200 && safe.json.signals.every((s) => s.drawdown_risk_elevated === false));
  const perps = await get('/api/v1/signals/perps', { key: KEY_A });
  check('perps: zero or one wti-only row', perps.status === 200 && perps.json.signals.length <= 1 && perps.json.signals.every((r) => r.scope === 'wti-only'));
  await sleep(1100);
  const [o1, o2] = await Promise.all([get('/api/v1/signals/oil', { key: KEY_A, noRetry: true }), get('/api/v1/signals/oil', { key: KEY_B, noRetry: true })]);
  check('oil: one request in flight (second gets 429)', [o1.status, o2.status].sort().join() === '200,429');
  const oilOk = o1.status === 200 ? o1 : o2;
  check('oil signal matches the served schema', conforms('/api/v1/signals/oil', 'get', '200', oilOk.json));
  check('oil signal shape', oilOk.json.asset === 'crude-wti' && oilOk.json.reading_missing === false && typeof oilOk.json.degraded === 'boolean');

  console.log('social');
  const xs = await call('POST', '/api/v1/x/search', { key: KEY_A, body: { text: 'crude inventories', days: 60, count: 5 } });
  check('x/search 200 (<= count)', xs.status === 200 && xs.json.results.length <= 5);
  const xsBad = await call('POST', '/api/v1/x/search', { key: KEY_A, raw: '{"text":', headers: { 'content-type': 'application/json' } });
  if (DEV) check('[DEV-3] malformed JSON answered 400', xsBad.status === 400 && isEnvelope(xsBad) && xsBad.json.error === 'invalid_request');
  else check('malformed JSON -> 422 envelope', xsBad.status === 422 && isEnvelope(xsBad));
  const cp = await credits(KEY_A);
  const thin = await call('POST', '/api/v1/x/profile', { key: KEY_A, body: { handle: '@quietquant' } });
  check('profile with < 15 posts -> 404 insufficient_post_history, not billed', thin.status === 404 && thin.json.error === 'insufficient_post_history' && (await credits(KEY_A)) === cp);
  const prof = await call('POST', '/api/v1/x/profile', { key: KEY_A, body: { handle: 'macro_maven', lookback_days: 365, focus: 'trading' } });
  const evIds = new Set((prof.json?.evidence || []).map((e) => e.post_id));
  const cited = prof.json ? [...prof.json.interests, ...prof.json.beliefs, ...prof.json.tendencies, ...prof.json.observations].flatMap((x) => x.post_ids) : [];
  check('profile: every cited post resolves in evidence', prof.status === 200 && cited.every((id) => evIds.has(id)) && prof.json.window.post_count >= 15 && prof.json.meta.research_turns <= 3);
  check('profile matches the served schema', conforms('/api/v1/x/profile', 'post', '200', prof.json));
  const short = await call('POST', '/api/v1/x/profile', { key: KEY_A, body: { handle: 'oil_tape', lookback_days: 30 } });
  check('profile: short lookback drops below 15 posts -> 404', short.status === 404);

  console.log('generation jobs');
  const excluded = (await get('/api/public/forecast-availability?market_key=' + encodeURIComponent(targetsEv.json.markets[0] ? 'venue_a:none' : ''))).status;
  check('availability with unknown key answers 200 untracked', excluded === 200);
  const genTarget = list.json.markets.find((m) => m.venue === 'venue_b' && m.forecast_count === 0) || list.json.markets.find((m) => m.venue === 'venue_b');
  const body = { kind: 'venue_market', venue: genTarget.venue, market_id: genTarget.nativeMarketId };
  const noIdem = await call('POST', '/api/auth/forecast-requests', { key: KEY_A, body });
  check('generation without Idempotency-Token -> 422', noIdem.status === 422);
  const idem = 'selftest-' + Date.now();
  const g1 = await call('POST', '/api/auth/forecast-requests', { key: KEY_A, body, headers: { 'Idempotency-Token': idem } });
  check('generation -> 201 accepted with Location', g1.status === 201 && g1.json.status === 'accepted' && g1.headers.get('location') === `/api/auth/forecast-requests/${g1.json.jobId}` && g1.headers.get('retry-after'));
  const g2 = await call('POST', '/api/auth/forecast-requests', { key: KEY_A, body, headers: { 'Idempotency-Token': idem } });
  check('same token + body -> same job, 200', g2.status === 200 && g2.json.jobId === g1.json.jobId);
  const g3 = await call('POST', '/api/auth/forecast-requests', { key: KEY_A, body: { ...body, market_id: 'KXOTHER-1' }, headers: { 'Idempotency-Token': idem } });
  check('same token + other body -> 409', g3.status === 409);
  const sportsKey = 'venue_b:' + (await get('/api/public/forecast-targets?ref=venue_b:KXFED')).status; // warm-up call, result unused
  void sportsKey;
  const exBody = { kind: 'venue_market', venue: 'venue_a', market_id: '0' };
  const g404 = await call('POST', '/api/auth/forecast-requests', { key: KEY_A, body: exBody, headers: { 'Idempotency-Token': idem + '-x' } });
  check('generation for an unknown market -> 404', g404.status === 404);
  const other = await get(`/api/auth/forecast-requests/${g1.json.jobId}`, { key: KEY_B });
  check("another account's job -> 404", other.status === 404);
  const otherStatus = await get(`/api/auth/forecast-requests/${g1.json.jobId}?view=status`, { key: KEY_B });
  if (DEV) check('[DEV-4] status view leaks another account job', otherStatus.status === 200);
  else check("another account's job (status view) -> 404", otherStatus.status === 404);
  const off = await get(`/api/auth/forecast-requests/${g1.json.jobId}`, { key: KEY_OFF });
  check('account without entitlement -> 403', off.status === 403);
  let job, polls = 0;
  do { await sleep(1500); job = await get(`/api/auth/forecast-requests/${g1.json.jobId}?view=status`, { key: KEY_A }); polls++; }
  while (!['succeeded', 'failed', 'rejected'].includes(job.json.status) && polls < 20);
  check('job reaches a terminal state within 20 s', ['succeeded', 'failed', 'rejected'].includes(job.json.status), job.json.status);
  check('job matches the served schema', conforms('/api/auth/forecast-requests/{jobId}', 'get', '200', job.json));
  check('status view does not expand forecasts', job.json.forecasts.length === 0);
  const res = await get(`/api/auth/forecast-requests/${g1.json.jobId}`, { key: KEY_A });
  check('result view: forecasts only after success', res.status === 200 && (res.json.status === 'succeeded' ? res.json.forecasts.length === 1 : res.json.forecasts.length === 0) && !res.headers.get('retry-after'));

  console.log('x402 payments');
  const p1 = await paid('GET', '/api/v1/latest?hours=2');
  const settle = p1.second && p1.second.headers.get('payment-response');
  const s1 = settle && JSON.parse(Buffer.from(settle, 'base64').toString());
  check('x402 paid call -> 200 + PAYMENT-RESPONSE', p1.second?.status === 200 && s1?.success === true && s1.payer.toLowerCase() === payer.address.toLowerCase());
  const replay = await call('GET', '/api/v1/latest?hours=2', { headers: p1.sigHeaders });
  check('same payment, same request -> same answer', replay.status === 200 && replay.text === p1.second.text);
  const mismatch = await call('GET', '/api/v1/latest?hours=3', { headers: p1.sigHeaders });
  check('same payment, other request -> 409 payment_replay_mismatch', mismatch.status === 409 && mismatch.json.error === 'payment_replay_mismatch');
  const brokeClient = new x402HTTPClient(new x402Client().register('eip155:*', new ExactEvmScheme(broke)));
  const pl = await brokeClient.createPaymentPayload(decoded);
  const noFunds = await call('GET', '/api/v1/latest', { headers: brokeClient.encodePaymentSignatureHeader(pl) });
  check('unfunded payer -> 402', noFunds.status === 402 && noFunds.headers.get('payment-required'));
  const p404 = await paid('GET', '/api/v1/markets/nothing-here/signals');
  check('x402 404 is not settled', p404.second?.status === 404 && !p404.second.headers.get('payment-response'));
  // Hand-built payment on the second network, asset spelled in lowercase.
  const r4663 = decoded.accepts.find((a) => a.network === 'eip155:4663');
  const manual = async (signer, from) => {
    const authorization = { from, to: r4663.payTo, value: r4663.amount, validAfter: '0', validBefore: String(Math.floor(Date.now() / 1000) + 120), nonce: '0x' + randomBytes(32).toString('hex') };
    const signature = await signer.signTypedData({
      domain: { name: r4663.extra.name, version: r4663.extra.version, chainId: 4663, verifyingContract: r4663.asset },
      types: { TransferWithAuthorization: [{ name: 'from', type: 'address' }, { name: 'to', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'validAfter', type: 'uint256' }, { name: 'validBefore', type: 'uint256' }, { name: 'nonce', type: 'bytes32' }] },
      primaryType: 'TransferWithAuthorization',
      message: { ...authorization, value: BigInt(authorization.value), validAfter: 0n, validBefore: BigInt(authorization.validBefore) },
    });
    return Buffer.from(JSON.stringify({ x402Version: 2, resource: decoded.resource, accepted: { ...r4663, asset: r4663.asset.toLowerCase() }, payload: { authorization, signature } })).toString('base64');
  };
  const m1 = await call('GET', '/api/v1/latest', { headers: { 'PAYMENT-SIGNATURE': await manual(payer, payer.address) } });
  const ms = m1.headers.get('payment-response') && JSON.parse(Buffer.from(m1.headers.get('payment-response'), 'base64').toString());
  check('hand-built eip155:4663 payment settles', m1.status === 200 && ms?.network === 'eip155:4663');
  const forged = await call('GET', '/api/v1/latest', { headers: { 'PAYMENT-SIGNATURE': await manual(payer, payer2.address) } });
  check('signature from another key -> 402', forged.status === 402 && /signature/.test(forged.json.message));
  const pPort = await paid('GET', `/api/v1/portfolio?wallet_address=0x5A17cE0dB7a3E2f9b8C1d4E6F0a9B2c3D4e5F601&venues=venue_a&venues=venue_b`);
  check('portfolio via x402 -> 200 with positions', pPort.second?.status === 200 && pPort.second.json.positions.length > 0);
  const down = await get('/api/v1/portfolio?wallet_address=0x00000000000000000000000000000000deaddead&venues=venue_a', { key: KEY_A });
  check('portfolio fails closed -> 502', down.status === 502 && down.json.error === 'upstream_unavailable');

  console.log('wallet linking');
  const tok = await call('POST', '/api/auth/wallets/x402-token', { key: KEY_B });
  check('link token issued 201 {token,url,expires_at}', tok.status === 201 && /^svc_[A-Za-z0-9_-]{43}$/.test(tok.json.token) && tok.json.url && tok.json.expires_at);
  const noPay = await get('/api/v1/wallets/link?token=' + tok.json.token);
  check('link without payment -> 422 x402_payment_required', noPay.status === 422 && noPay.json.error === 'x402_payment_required');
  const xc2 = new x402HTTPClient(new x402Client().register('eip155:*', new ExactEvmScheme(payer2)));
  const lp = await xc2.createPaymentPayload(xc2.getPaymentRequiredResponse((n) => noPay.headers.get(n), noPay.json));
  const linked = await call('GET', '/api/v1/wallets/link?token=' + tok.json.token, { headers: xc2.encodePaymentSignatureHeader(lp) });
  check('link with payment -> wallet attested', linked.status === 200 && linked.json.wallet.address.toLowerCase() === payer2.address.toLowerCase() && linked.json.wallet.method === 'x402' && linked.json.already_attested === false);
  const lp2 = await xc2.createPaymentPayload(xc2.getPaymentRequiredResponse((n) => noPay.headers.get(n), noPay.json));
  const reused = await call('GET', '/api/v1/wallets/link?token=' + tok.json.token, { headers: xc2.encodePaymentSignatureHeader(lp2) });
  check('consumed token -> 404 link_token_not_found', reused.status === 404 && reused.json.error === 'link_token_not_found');
  const acctB = (await get('/api/auth/account', { key: KEY_B })).json;
  const bearer = signBearer(acctB.account_id, 'borealis-dev-idp-secret');
  const tokA = await call('POST', '/api/auth/wallets/x402-token', { key: KEY_A });
  const lp3 = await xc2.createPaymentPayload(xc2.getPaymentRequiredResponse((n) => noPay.headers.get(n), noPay.json));
  const elsewhere = await call('GET', '/api/v1/wallets/link?token=' + tokA.json.token, { headers: xc2.encodePaymentSignatureHeader(lp3) });
  check('wallet attested elsewhere -> 409', elsewhere.status === 409 && elsewhere.json.error === 'wallet_already_attested');
  const tokBearer = await call('POST', '/api/auth/wallets/x402-token', { headers: { authorization: 'Bearer ' + bearer } });
  check('identity-provider bearer can issue a token', tokBearer.status === 201);
  const ch = await call('POST', '/api/auth/wallets/challenge', { key: KEY_A, body: { address: payer.address } });
  const sigMsg = await payer.signMessage({ message: ch.json.message });
  const at = await call('POST', '/api/auth/wallets/attest', { key: KEY_A, body: { challenge_id: ch.json.challenge_id, signature: sigMsg } });
  check('signature challenge attests the wallet', ch.status === 201 && at.status === 200 && at.json.wallet.method === 'signature');

  console.log('limits');
  await sleep(2000 - (Date.now() % 1000) + 20); // start just after a second boundary
  const burst = await Promise.all(Array.from({ length: 30 }, () => get('/api/v1/signals/perps', { key: KEY_B, noRetry: true })));
  const limited = burst.filter((r) => r.status === 429);
  const l = limited[0];
  check('per-second standard bound -> 429 with headers', limited.length > 0 && l.headers.get('retry-after') && l.headers.get('ratelimit-policy') && l.headers.get('ratelimit') && l.headers.get('x-quotient-max-concurrent') && l.json.limit_scope === 'standard');
  if (l) check('retry_after is whole seconds', Number.isInteger(l.json.retry_after) && l.json.retry_after <= 1);
} catch (err) {
  failures++;
  console.log('  FAIL unexpected error: ' + (err.stack || err));
} finally {
  child.kill('SIGTERM');
}
console.log(`\n${passes} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
