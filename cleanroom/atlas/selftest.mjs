// Smoke test: starts the server on a free port, calls every operation at
// least once, checks a few answers and exits non-zero on any failure.
// Usage: node selftest.mjs   (about 30 seconds; light on CPU)
//        DEVIATIONS=on node selftest.mjs   (planted deviations on: their checks fail)
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { wrapFetchWithPaymentFromConfig } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm/exact/client';

const here = dirname(fileURLToPath(import.meta.url));
const KEY_A = 'selftest_key_alpha_0001';
const KEY_B = 'selftest_key_bravo_0002';
const KEY_OFF = 'selftest_key_inactive_03';
let base;
let failures = 0;
let passes = 0;
const ops = new Set();

function check(cond, label, detail) {
  if (cond) passes += 1;
  else {
    failures += 1;
    console.log(`FAIL ${label}${detail !== undefined ? ' :: ' + JSON.stringify(detail).slice(0, 300) : ''}`);
  }
}

function call(method, path, { key, body, headers = {}, ip = '127.0.0.1', raw } = {}) {
  const url = new URL(path, base);
  ops.add(`${method} ${url.pathname.replace(/\/[0-9a-f-]{36}$/, '/{jobId}')}`);
  return new Promise((resolve, reject) => {
    const h = { ...headers };
    if (key) h['x-service-api-key'] = key;
    let payload;
    if (raw !== undefined) payload = raw;
    else if (body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined) h['content-type'] = 'application/json';
    const req = http.request({ method, hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers: h, localAddress: ip }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json = null;
        try {
          json = text ? JSON.parse(text) : null;
        } catch { /* not json */ }
        resolve({ status: res.statusCode, headers: res.headers, json, text });
      });
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
const decode = (h) => JSON.parse(Buffer.from(h, 'base64').toString('utf8'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function start() {
  const child = spawn(process.execPath, [join(here, 'server.mjs')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', API_KEYS: `${KEY_A},${KEY_B}`, INACTIVE_API_KEYS: KEY_OFF, DEVIATIONS: process.env.SELFTEST_DEVIATIONS || process.env.DEVIATIONS || 'off', SITE_URL: 'https://site.example' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const m = buf.match(/listening on (http:\/\/[^\s]+)/);
      if (m) {
        base = m[1];
        resolve();
      }
    });
    child.on('exit', (c) => reject(new Error('server exited ' + c)));
    setTimeout(() => reject(new Error('server did not start')), 15000);
  });
  return child;
}

async function main() {
  const child = await start();
  try {
    await run();
  } finally {
    child.kill('SIGTERM');
  }
  const expected = 26;
  console.log(`\noperations exercised: ${ops.size} (route table: ${expected}+)`);
  console.log(`checks passed: ${passes}, failed: ${failures}`);
  process.exit(failures ? 1 : 0);
}

async function run() {
  // ---- contract and free lookups ------------------------------------------
  const oa = await call('GET', '/openapi.json');
  const oa2 = await call('GET', '/api/v1/openapi.json');
  check(oa.status === 200 && oa.json.openapi === '3.1.0', 'openapi served');
  check(oa2.status === 200 && Object.keys(oa2.json.paths).length === Object.keys(oa.json.paths).length, 'openapi compat path');
  const opCount = Object.values(oa.json.paths).reduce((t, p) => t + Object.keys(p).length, 0);
  check(opCount >= 27, 'openapi lists every operation', opCount);
  const pricing = await call('GET', '/api/public/pricing');
  check(pricing.status === 200 && pricing.json.x402.networks.length === 2, 'pricing');

  const av = await call('GET', '/api/public/forecast-availability?slug=us-recession-in-2026');
  check(av.status === 200 && av.json.tracked === true, 'availability tracked');
  const cat = await call('GET', '/api/v1/markets?max_forecast_age=720', { key: KEY_A });
  check(cat.status === 200 && cat.json.venue_facets.length === 4, 'catalog', cat.json);
  check(cat.headers['x-credits-charged'] === '5', 'catalog billed 5 credits');
  check(cat.json.markets.some((m) => m.venue_quote === null && (m.venue === 'venue_a' || m.venue === 'venue_b')), 'catalog has null venue_quote rows');
  check(cat.json.markets.every((m) => m.market_odds === (m.venue_quote ? m.venue_quote.selected_probability : null)), 'market_odds mirrors quote');
  check(cat.json.markets.every((m) => !m.venue_quote || m.venue === 'venue_a' || m.venue === 'venue_b' || (m.venue_quote.quote_method === 'graph_snapshot' && m.venue_quote.freshness === 'stale')), 'snapshot venues stale');
  // Find a covered market with and without a forecast through availability.
  const search = await call('GET', '/api/v1/markets/search?query=bitcoin&limit=100', { key: KEY_A });
  check(search.status === 200 && search.json.results.length > 10 && search.json.retrieval.lexical === 'unconfigured', 'market search');
  const noFc = search.json.results.find((r) => !r.has_forecast && r.slug && r.venue === 'venue_a' && !r.tags.includes('up-or-down'));
  const withFc = cat.json.markets.find((m) => m.latest_forecast_at && m.slug && m.venue === 'venue_a');
  if (noFc) {
    const a2 = await call('GET', `/api/public/forecast-availability?slug=${encodeURIComponent(noFc.slug)}`);
    check(a2.json.available === false && a2.json.generation && a2.json.generation.idempotencyKeyHeader === 'X-Idempotency-Key', 'availability offers generation', a2.json);
    const r404 = await call('GET', `/api/v1/markets/${encodeURIComponent(noFc.slug)}/forecast`, { key: KEY_A });
    check(r404.status === 404 && r404.headers['x-credits-charged'] === '0', 'forecast read 404 not billed', r404.headers);
  } else check(false, 'found market without forecast');
  const fr = await call('GET', `/api/v1/markets/${encodeURIComponent(withFc.slug)}/forecast?include_history=true`, { key: KEY_A });
  check(fr.status === 200 && fr.json.forecast.drawdown_risk_72h && Array.isArray(fr.json.history), 'forecast read', fr.json);
  const ex = await call('GET', '/api/public/forecast-availability?market_key=' + encodeURIComponent('venue_b:KXBTC15M-' + ''));
  check(ex.status === 200, 'availability by odd market_key');
  const upDown = search.json.results.find((r) => r.tags.includes('15M') || r.tags.includes('hourly'));
  const exAv = await call('GET', `/api/public/forecast-availability?market_key=${encodeURIComponent(upDown.marketKey)}`);
  check(exAv.json.excluded && exAv.json.excluded.reason === 'crypto_up_down' && exAv.json.generation === null, 'excluded crypto up/down', exAv.json);
  const exRead = await call('GET', `/api/v1/markets/${encodeURIComponent(upDown.marketKey)}/forecast`, { key: KEY_A });
  check(exRead.status === 422 && exRead.json.error === 'forecast_topic_excluded', 'paid read refuses excluded market');
  const evAv = await call('GET', '/api/public/forecast-availability?market_id=' + encodeURIComponent(cat.json.markets.find((m) => m.seriesTicker === 'KXWTI').nativeEventId) + '&venue=venue_b');
  check(evAv.json.targetResolution && evAv.json.targetResolution.marketCount >= 2, 'availability targetResolution', evAv.json);
  check((await call('GET', '/api/public/forecast-availability')).status === 422, 'availability needs one id');
  check((await call('GET', '/api/public/forecast-availability?market_key=venue_a:1&venue=venue_a')).status === 422, 'availability market_key+venue');
  check((await call('GET', '/api/public/forecast-availability?market_id=1')).status === 422, 'availability market_id needs venue');

  const tgt = await call('GET', `/api/public/forecast-targets?ref=${encodeURIComponent(evAv.json.targetResolution.endpoint.split('ref=')[1])}`);
  check(tgt.status === 200 && tgt.json.selectionRequired === true && tgt.json.allContracts.marketCount === tgt.json.markets.length, 'targets event', tgt.json);
  const child = tgt.json.markets[0].ticker;
  const tgt2 = await call('GET', `/api/public/forecast-targets?ref=${child}`);
  check(tgt2.status === 200 && tgt2.json.targetType === 'market' && tgt2.json.generation.market_id === child, 'targets child');
  const tgt3 = await call('GET', `/api/public/forecast-targets?ref=${encodeURIComponent('https://venue-a.example/event/us-recession-in-2026')}`);
  check(tgt3.status === 200 && tgt3.json.venue === 'venue_a', 'targets venue_a url');
  const tgt4 = await call('GET', '/api/public/forecast-targets?ref=NOPE-123');
  check(tgt4.status === 404 && tgt4.json.ticker === 'NOPE-123', 'targets 404 echoes ref');
  check((await call('GET', '/api/public/forecast-targets?ref=venue_c:abc')).status === 422, 'targets unsupported prefix');

  // ---- credentials ----------------------------------------------------------
  const ch = await call('GET', '/api/v1/latest');
  check(ch.status === 402 && ch.json.error === 'payment_required' && decode(ch.headers['payment-required']).accepts.length === 2, 'x402 challenge');
  check(decode(ch.headers['payment-required']).accepts[0].amount === '20000', 'latest priced $0.02');
  check((await call('GET', '/api/v1/latest', { key: 'nope' })).status === 401, 'invalid key 401');
  check((await call('GET', '/api/v1/latest', { key: KEY_OFF })).status === 403, 'inactive entitlement 403');
  check((await call('GET', '/api/v1/latest?hours=7')).status === 422, 'validation before credentials');

  // ---- paid data routes ------------------------------------------------------
  const latest = await call('GET', '/api/v1/latest?hours=6', { key: KEY_A });
  const times = latest.json.events.map((e) => e.occurred_at);
  check(latest.status === 200 && latest.json.count > 0 && times.every((t, i) => i === 0 || times[i - 1] <= t), 'latest oldest first');
  check(new Set(latest.json.events.map((e) => e.type)).size === 3, 'latest has all three types');
  check(latest.json.events.some((e) => e.market.venue_quote === null && (e.market.venue === 'venue_a' || e.market.venue === 'venue_b')), 'feed has null venue_quote rows');
  check(latest.json.events.every((e) => e.market.venue_data.yes_odds === (e.market.venue_quote ? e.market.venue_quote.selected_probability : null)), 'feed yes_odds mirrors quote');
  const ev = await call('GET', `/api/v1/markets/${encodeURIComponent(withFc.slug)}/signals`, { key: KEY_A });
  check(ev.status === 200 || ev.status === 404, 'article evidence route');
  const evKey = cat.json.markets.find((m) => m.slug === null);
  const src = await call('GET', `/api/v1/sources?market_keys=${encodeURIComponent(cat.json.markets.slice(0, 5).map((m) => m.marketKey).join(','))}&window=168`, { key: KEY_A });
  check(src.status === 200 && Array.isArray(src.json.sources), 'sources');
  check((await call('GET', '/api/v1/sources?market_keys=venue_a:1&venue=venue_a', { key: KEY_A })).status === 422, 'sources market_keys+venue 422');
  // This market has a re-sighted old post beside recent articles: still ordered by publication.
  const srcRs = await call('GET', '/api/v1/sources?markets=us-recession-in-2026', { key: KEY_A });
  const srcTimes = (srcRs.json.sources || []).map((x) => x.published_at);
  check(srcRs.status === 200 && srcTimes.length > 1 && srcTimes.every((t, i) => i === 0 || srcTimes[i - 1] >= t), 'sources newest publication first', srcTimes);
  check(evKey !== undefined, 'catalog has null-slug market');
  const mis = await call('GET', '/api/v1/markets/mispriced', { key: KEY_A });
  check(mis.status === 200 && mis.json.markets.every((m) => Math.abs(m.gap_pp) >= 7.5), 'mispriced');
  const asr = await call('GET', '/api/v1/assets/search?reference=bitcoin', { key: KEY_A });
  check(asr.status === 200 && asr.json.assets[0].linked_markets.length > 50 && asr.json.query === null, 'asset reference mode', asr.json.assets?.[0]?.linked_market_count);
  const asq = await call('GET', '/api/v1/assets/search?q=NVDA', { key: KEY_A });
  check(asq.status === 200 && asq.json.assets[0].assetKey === 'nvidia' && asq.json.assets[0].linked_markets.length === 0, 'asset q mode');
  check((await call('GET', '/api/v1/assets/search?q=x&reference=y', { key: KEY_A })).status === 422, 'asset q+reference 422');
  const asm = await call('GET', '/api/v1/assets/search?material_only=true', { key: KEY_A });
  check(asm.status === 200 && asm.json.material_only === true, 'asset material_only alone');
  const dir = await call('GET', '/api/v1/assets', { key: KEY_A });
  check(dir.status === 200 && dir.json.assets.every((a) => !('linked_markets' in a)), 'asset directory');
  const st = await call('GET', '/api/v1/assets/stance?asset=bitcoin', { key: KEY_A });
  check(st.status === 200 && typeof st.json.stance === 'string', 'asset stance');
  const sig = await call('GET', '/api/v1/signals?status=all', { key: KEY_A });
  const risks = new Set(sig.json.signals.map((x) => x.drawdown_risk_elevated));
  check(sig.status === 200 && risks.has(true) && risks.has(false) && risks.has(null), 'signals drawdown true/false/null', [...risks]);
  const sig2 = await call('GET', '/api/v1/signals?status=all&exclude_crash_risk=true', { key: KEY_A });
  check(sig2.json.signals.every((x) => x.drawdown_risk_elevated === false), 'exclude_crash_risk alias');
  const perps = await call('GET', '/api/v1/signals/perps', { key: KEY_A });
  check(perps.status === 200 && perps.json.signals.length <= 1 && (perps.json.signals[0]?.scope ?? 'wti-only') === 'wti-only', 'perps');
  const oil = await call('GET', '/api/v1/signals/oil', { key: KEY_A });
  check(oil.status === 200 && oil.json.asset === 'crude-wti' && oil.json.reading_missing === false, 'oil');
  const oil2 = await call('GET', '/api/v1/signals/oil?include_marks=false', { key: KEY_A });
  check(oil2.status === 429 && oil2.json.limit_scope === 'oil_signal', 'oil starts one second apart', oil2.json);
  const pf = await call('GET', '/api/v1/portfolio?address=0x1111111111111111111111111111111111111111&venues=venue_a,venue_b,venue_c', { key: KEY_A });
  check(pf.status === 200 && Array.isArray(pf.json.positions), 'portfolio');
  check((await call('GET', '/api/v1/portfolio?address=0x11', { key: KEY_A })).status === 422, 'portfolio bad address');

  // ---- social -----------------------------------------------------------------
  const prof = await call('POST', '/api/v1/x/profile', { key: KEY_A, body: { handle: '@deskquant', focus: 'trading' } });
  check(prof.status === 200 && prof.json.window.post_count >= 15, 'x profile', prof.json);
  if (prof.status === 200) {
    const evid = new Set(prof.json.evidence.map((e) => e.post_id));
    const cited = [...prof.json.interests, ...prof.json.beliefs, ...prof.json.tendencies, ...prof.json.observations].flatMap((x) => x.post_ids);
    check(cited.every((id) => evid.has(id)), 'profile citations resolve in evidence');
  }
  const thin = await call('POST', '/api/v1/x/profile', { key: KEY_A, body: { handle: 'casual_jo' } });
  check(thin.status === 404 && thin.json.error === 'insufficient_post_history' && thin.headers['x-credits-charged'] === '0', 'profile thin history not billed');
  check((await call('POST', '/api/v1/x/profile', { key: KEY_A, body: { handle: 'deskquant', lookback_days: 7 } })).status === 422, 'profile lookback bound');
  const xs = await call('POST', '/api/v1/x/search', { key: KEY_A, body: { query: 'bitcoin funding', max_results: 5 } });
  check(xs.status === 200 && xs.json.results.length <= 5 && xs.json.stored === false, 'x search');
  check((await call('POST', '/api/v1/x/search', { key: KEY_A, raw: '{not json' })).status === 422, 'bad json 422');

  // ---- generation job ---------------------------------------------------------
  const gbody = noFc ? { kind: 'venue_market', venue: noFc.venue, market_id: noFc.nativeMarketId } : null;
  check((await call('POST', '/api/auth/forecast-requests', { body: gbody, headers: { 'X-Idempotency-Key': 'st-1' } })).status === 401, 'generation needs key');
  check((await call('POST', '/api/auth/forecast-requests', { key: KEY_A, body: gbody })).status === 422, 'generation needs idempotency key');
  check((await call('POST', '/api/auth/forecast-requests', { key: KEY_A, body: { kind: 'venue_market', venue: upDown.venue, market_id: upDown.nativeMarketId }, headers: { 'X-Idempotency-Key': 'st-ex' } })).json.error === 'forecast_topic_excluded', 'generation excluded 422');
  const gen = await call('POST', '/api/auth/forecast-requests', { key: KEY_A, body: gbody, headers: { 'X-Idempotency-Key': 'st-1' } });
  check(gen.status === 202 && gen.json.status === 'submitted' && /GMT$/.test(gen.headers['retry-after'] || ''), 'generation 202 submitted', gen.json);
  const again = await call('POST', '/api/auth/forecast-requests', { key: KEY_A, body: gbody, headers: { 'X-Idempotency-Key': 'st-1' } });
  check(again.json.jobId === gen.json.jobId, 'idempotent replay');
  check((await call('GET', `/api/auth/forecast-requests/${gen.json.jobId}`, { key: KEY_B })).status === 404, 'other account gets 404');
  let job;
  const seen = new Set();
  for (let i = 0; i < 30; i++) {
    job = await call('GET', `/api/auth/forecast-requests/${gen.json.jobId}?view=status`, { key: KEY_A });
    seen.add(job.json.status);
    if (['succeeded', 'failed', 'rejected'].includes(job.json.status)) break;
    check(!!job.headers['retry-after'], 'non-terminal Retry-After');
    await sleep(1000);
  }
  check(job.json.status === 'succeeded' && job.json.forecasts.length === 0 && job.json.forecastIds.length === 1, 'job succeeded (status view)', [...seen]);
  const res = await call('GET', `/api/auth/forecast-requests/${gen.json.jobId}`, { key: KEY_A });
  check(res.json.forecasts.length === 1 && res.json.forecasts[0].relationships, 'job result view');

  // ---- x402 payments ------------------------------------------------------------
  const payer = privateKeyToAccount(generatePrivateKey());
  let lastPayment;
  const payFetch = wrapFetchWithPaymentFromConfig(async (input, init) => {
    const r = new Request(input, init);
    if (r.headers.get('payment-signature')) lastPayment = r.headers.get('payment-signature');
    return fetch(r);
  }, { schemes: [{ network: 'eip155:*', client: new ExactEvmScheme(payer) }] });
  ops.add('x402 paid GET /api/v1/assets');
  const paid = await payFetch(`${base}/api/v1/assets`);
  check(paid.status === 200 && paid.headers.get('payment-response'), 'x402 paid call settles');
  if (paid.headers.get('payment-response')) {
    const sr = decode(paid.headers.get('payment-response'));
    check(sr.success === true && sr.payer.toLowerCase() === payer.address.toLowerCase(), 'settlement metadata', sr);
  }
  const replay = await call('GET', '/api/v1/assets', { headers: { 'PAYMENT-SIGNATURE': lastPayment } });
  check(replay.status === 200 && replay.headers['x-payment-replayed'] === 'true', 'same payment, same request replays');
  const mismatch = await call('GET', '/api/v1/assets?asset_type=company', { headers: { 'PAYMENT-SIGNATURE': lastPayment } });
  check(mismatch.status === 409 && mismatch.json.error === 'payment_replay_mismatch', 'payment replay mismatch 409');
  const badSig = await call('GET', '/api/v1/assets', { headers: { 'PAYMENT-SIGNATURE': 'bm90IGpzb24=' } });
  check(badSig.status === 402, 'malformed payment 402');

  // ---- wallets ------------------------------------------------------------------
  const tok = await call('POST', '/api/auth/wallets/x402-token', { key: KEY_A });
  check(tok.status === 201 && /^svc_[A-Za-z0-9_-]{43}$/.test(tok.json.token), 'link token issued');
  const noPay = await call('GET', `/api/v1/wallets/link?token=${tok.json.token}`);
  check(noPay.status === 422 && noPay.json.error === 'x402_payment_required', 'link without payment 422');
  const linkFetch = wrapFetchWithPaymentFromConfig(async (input, init) => {
    const r = new Request(input, init);
    const out = await fetch(r);
    if (out.status === 422 && out.headers.get('payment-required') && !r.headers.get('payment-signature')) {
      return new Response(await out.text(), { status: 402, headers: out.headers });
    }
    return out;
  }, { schemes: [{ network: 'eip155:8453', client: new ExactEvmScheme(payer) }] });
  ops.add('GET /api/v1/wallets/link (paid)');
  const link = await linkFetch(`${base}/api/v1/wallets/link?token=${tok.json.token}`);
  const linkJson = await link.json();
  check(link.status === 200 && linkJson.wallet.method === 'x402' && linkJson.wallet.address === payer.address, 'wallet linked', linkJson);
  check((await call('GET', `/api/v1/wallets/link?token=${tok.json.token}`)).status === 404, 'link token single use');
  const tokB = await call('POST', '/api/auth/wallets/x402-token', { key: KEY_B });
  const linkB = await linkFetch(`${base}/api/v1/wallets/link?token=${tokB.json.token}`);
  check(linkB.status === 409, 'wallet attested elsewhere 409', await linkB.text());
  const signer = privateKeyToAccount(generatePrivateKey());
  const chal = await call('POST', '/api/auth/wallets/challenge', { key: KEY_B, body: { address: signer.address } });
  check(chal.status === 201, 'wallet challenge');
  const signature = await signer.signMessage({ message: chal.json.message });
  const att = await call('POST', '/api/auth/wallets/attest', { key: KEY_B, body: { challenge_id: chal.json.challenge_id, signature } });
  check(att.status === 200 && att.json.wallet.method === 'signature', 'wallet attest');

  // ---- limits and bad input ---------------------------------------------------------
  const burst = await Promise.all(Array.from({ length: 24 }, () => call('GET', '/api/v1/signals/perps', { key: KEY_B, ip: '127.0.0.9' })));
  const limited = burst.filter((r) => r.status === 429);
  check(limited.length >= 1 && limited[0].json.limit_scope === 'standard' && limited[0].headers['x-quotient-max-concurrent'] === '10' && limited[0].headers['ratelimit-policy'], 'standard limit 429', burst.map((r) => r.status));
  check(limited.every((r) => Number.isInteger(r.json.retry_after) && r.headers['retry-after']), '429 carries retry_after');
  check((await call('GET', '/api/v1/markets?%zz=1', { key: KEY_A })).status === 422, 'malformed query 422');
  check((await call('GET', '/api/v1/markets?sort=bogus', { key: KEY_A })).status === 422, 'bad enum 422');
  check((await call('GET', '/api/v1/markets', { key: KEY_A, headers: { 'x-big': 'a'.repeat(40000) } })).status === 422, 'oversized header 422');
  check((await call('GET', '/nope')).status === 404, 'unknown route 404');
}

main().catch((e) => {
  console.error('selftest crashed:', e);
  process.exit(2);
});
