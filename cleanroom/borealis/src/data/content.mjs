// Evidence (articles, social posts), stored forecasts and published trade
// signals. Items carry absolute timestamps; a few dozen are scheduled after
// the process start so the recent-window feeds keep moving while it runs.
import { makeRng, hashHex, numericId, round, clamp } from '../core/prng.mjs';
import { T0, HOUR, DAY, MIN } from '../core/clock.mjs';
import { SOURCES, HEADLINES, COMMENTS, QUOTES, POST_LINES } from './texts.mjs';
import { ASSETS } from './assets.mjs';

const catOf = (m) => (HEADLINES[m.event.category] ? m.event.category : 'technology');
const SHORT = new Map(ASSETS.map((a) => [a.assetKey, a.name.split(/[ ,]/)[0]]));
const assetName = (m) => SHORT.get(m.assets[0]) || 'The sector';

export function buildArticles(markets) {
  const rng = makeRng('articles');
  const articles = [];
  const byEvent = new Map();
  for (const m of markets) {
    if (!m.active || m.excluded) continue;
    if (!byEvent.has(m.event)) byEvent.set(m.event, []);
    byEvent.get(m.event).push(m);
  }
  let n = 0;
  const make = (group, publishedAt) => {
    const m0 = group[0];
    const cat = catOf(m0);
    const src = rng.pick(SOURCES);
    const title = rng.pick(HEADLINES[cat]).replace('{A}', assetName(m0));
    const id = 'art_' + hashHex('art:' + n++ + title, 14);
    const targets = rng.shuffle(group).slice(0, rng.int(1, Math.min(3, group.length)));
    const a = {
      id, title,
      url: `https://${src.host}/${new Date(publishedAt).toISOString().slice(0, 10)}/${id.slice(4)}`,
      source: src.name, feedTier: src.tier, authorHandle: src.host.split('.')[0] + '_desk',
      publishedAt, correlatedAt: publishedAt + rng.int(4, 80) * MIN,
      links: targets.map((m) => ({
        marketKey: m.key,
        comment: rng.pick(COMMENTS),
        direction: rng.chance(0.25) ? null : rng.chance(0.6) ? 'yes' : 'no',
        confidence: rng.pick(['high', 'medium', 'medium', 'low']),
        evidenceQuote: rng.pick(QUOTES),
      })),
    };
    articles.push(a);
  };
  // ~60% of live events get evidence; the rest stay evidence-free on purpose.
  const evs = [...byEvent.entries()];
  evs.forEach(([ev, group], i) => {
    if (makeRng('ev-ev:' + ev.id).next() < 0.38 && i % 5 !== 0) return;
    const k = rng.int(1, 5);
    for (let j = 0; j < k; j++) {
      const ago = j === 0 && rng.chance(0.55) ? rng.float(0.1, 2.8) * HOUR : rng.float(0.5, 9 * 24) * HOUR;
      make(group, T0 - ago);
    }
  });
  // Scheduled future correlations: one every ~35 minutes for two days.
  const live = evs.filter(([ev]) => ev.category !== 'sports');
  for (let t = T0 + 20 * MIN; t < T0 + 2 * DAY; t += 35 * MIN) make(rng.pick(live)[1], t);
  return articles;
}

export function buildMarketPosts(markets) {
  const rng = makeRng('posts');
  const authors = [
    ['macro_maven', 'Macro Maven', true], ['chain_oracle', 'Chain Oracle', true], ['deltahedged', 'Delta Hedged', false],
    ['oil_tape', 'Oil Tape', true], ['pollwatcher', 'Poll Watcher', false], ['gpu_counter', 'GPU Counter', false],
    ['basis_trader', 'Basis Trader', false], ['fedspeak_bot', 'Fedspeak Notes', false], ['quietquant', 'Quiet Quant', false],
  ];
  const live = markets.filter((m) => m.active && !m.excluded);
  const posts = [];
  for (let i = 0; i < 110; i++) {
    const m = live[Math.floor(rng.next() * live.length)];
    const cat = POST_LINES[m.event.category] ? m.event.category : 'technology';
    const [handle, displayName, isExpert] = rng.pick(authors);
    const publishedAt = i < 14 ? T0 - rng.float(4, 6) * DAY : T0 - rng.float(0.05, 8 * 24) * HOUR;
    // Re-sighted posts: old publication, seen as relevant again recently.
    const lastSeenAt = i < 14 ? T0 - rng.float(0.1, 2.5) * HOUR : publishedAt + rng.int(2, 90) * MIN;
    const id = numericId('mpost:' + i);
    posts.push({
      id, handle, displayName, isExpert, text: rng.pick(POST_LINES[cat]),
      url: `https://x.example/${handle}/status/${id}`, publishedAt, lastSeenAt, topic: cat,
      links: [{ marketKey: m.key, confidence: rng.pick(['high', 'medium', 'low']), reasoning: 'The post discusses a driver of this market directly.', evidenceQuote: rng.pick(QUOTES) }],
    });
  }
  for (let t = T0 + 25 * MIN, i = 0; t < T0 + 2 * DAY; t += 50 * MIN, i++) {
    const m = live[Math.floor(rng.next() * live.length)];
    const [handle, displayName, isExpert] = rng.pick(authors);
    const id = numericId('mpost:f' + i);
    const cat = POST_LINES[m.event.category] ? m.event.category : 'technology';
    posts.push({ id, handle, displayName, isExpert, text: rng.pick(POST_LINES[cat]), url: `https://x.example/${handle}/status/${id}`, publishedAt: t - 5 * MIN, lastSeenAt: t, topic: cat, links: [{ marketKey: m.key, confidence: 'medium', reasoning: 'Mentions the market driver.', evidenceQuote: rng.pick(QUOTES) }] });
  }
  return posts;
}

// Stored forecasts. `coverage` decides which markets have any; ladders get
// forecasts only on strikes near the money, like a real desk would.
export function buildForecasts(markets, articlesByMarket) {
  const rng = makeRng('forecasts');
  const out = [];
  const mk = (m, createdAt, prior, reason, idx) => composeForecast(m, createdAt, prior, reason, idx,
    (articlesByMarket.get(m.key) || []).filter((a) => a.publishedAt <= createdAt).slice(0, 4).map((a) => a.id));
  for (const m of markets) {
    if (m.excluded) continue;
    const r = makeRng('cov:' + m.key);
    const ladder = m.strike.type === 'greater' && m.event.marketKeys.length > 4;
    const nearMoney = Math.abs(m.p - 0.5) < 0.3;
    let covered = ladder ? nearMoney && r.chance(0.7) : r.chance(0.62);
    if (m.key.startsWith('venue_b:KXSHUTDOWN') || m.key.startsWith('venue_b:KXFED')) covered = true;
    if (!covered) continue;
    const count = r.int(1, 5);
    // Three coverage shapes: fresh (hours), stale (only older than 48h), mixed.
    const shape = m.active ? r.pick(['fresh', 'fresh', 'mixed', 'stale']) : 'stale';
    let t = shape === 'stale' ? T0 - r.float(50, 140) * HOUR : T0 - r.float(0.15, 20) * HOUR;
    const times = [];
    for (let i = 0; i < count; i++) { times.push(t); t -= r.float(10, 60) * HOUR; }
    times.reverse();
    let prior = null;
    times.forEach((ts, i) => {
      const f = mk(m, ts, prior, i === 0 ? 'initial' : r.pick(['scheduled', 'price_move', 'new_evidence']), i);
      out.push(f);
      prior = f;
    });
  }
  // Scheduled refreshes while the service runs.
  const fresh = [...new Set(out.filter((f) => f.createdAt > T0 - 48 * HOUR).map((f) => f.marketKey))];
  const byKey = new Map(markets.map((m) => [m.key, m]));
  let i = 100;
  for (let t = T0 + 15 * MIN; t < T0 + 2 * DAY; t += 40 * MIN) {
    const m = byKey.get(fresh[Math.floor(rng.next() * fresh.length)]);
    if (!m || !m.active) continue;
    const prior = out.filter((f) => f.marketKey === m.key).sort((a, b) => b.createdAt - a.createdAt)[0] || null;
    out.push(mk(m, t, prior, 'scheduled', i++));
  }
  return out;
}

// One forecast for a market at a time (stored or produced by a job).
export function composeForecast(m, createdAt, prior, reason, idx, cites) {
  const r = makeRng('fc:' + m.key + ':' + idx);
  const prob = round(clamp(m.p + r.float(-0.12, 0.12), 0.02, 0.98), 3);
  const odds = m.quoteMode === 'none' ? null : round(clamp(m.p + r.float(-0.05, 0.05), 0.01, 0.99), 3);
  const dd = { yes: round(r.float(0.02, 0.3), 3), no: round(r.float(0.02, 0.3), 3) };
  const lean = prob >= 0.5 ? 'YES' : 'NO';
  return {
    id: 'fcst_' + hashHex('fc:' + m.key + ':' + idx, 16), marketKey: m.key, probability: prob, createdAt,
    headline: `${lean} favoured at ${Math.round(prob * 100)}%: ${m.question.replace(/\?$/, '')}`.slice(0, 140),
    bluf: `We put YES at ${Math.round(prob * 100)}%${odds != null ? ` against a market price of ${Math.round(odds * 100)}%` : ''}.`,
    thesis: `The balance of recent evidence points ${lean === 'YES' ? 'toward' : 'away from'} resolution by ${new Date(m.endDate).toISOString().slice(0, 10)}; the main driver is ${m.event.category}-specific news flow.`,
    reasoningSummary: 'Base rate, current pricing, and the latest correlated evidence were weighed; no single source dominates.',
    reasoning: ['Start from the historical base rate for comparable questions.', 'Adjust for the current distance to the resolution threshold.', 'Weigh the most recent correlated evidence by source tier.'],
    citations: cites,
    refreshReason: reason,
    deltaFromPrior: prior ? round(prob - prior.probability, 3) : null,
    deltaReasoning: prior ? (Math.abs(prob - prior.probability) < 0.02 ? 'No material change in evidence.' : 'New evidence shifted the estimate.') : null,
    oddsAtForecast: odds,
    resolution: { criteria: `Resolves YES if ${m.question.replace(/^Will /, '').replace(/\?$/, '')}.`, crux: 'Whether the current trend persists to the deadline.', deadline: m.endDate, source: m.venue === 'venue_b' ? 'Venue rulebook' : 'Official publication' },
    drawdown: dd,
    uncertainty: { low: round(clamp(prob - r.float(0.05, 0.12), 0, 1), 3), high: round(clamp(prob + r.float(0.05, 0.12), 0, 1), 3) },
  };
}

// Published trade signals (separate publications, not raw spreads).
export function buildTradeSignals(markets, forecasts) {
  const rng = makeRng('signals');
  const latest = new Map();
  for (const f of forecasts) if (f.createdAt <= T0 && (!latest.has(f.marketKey) || latest.get(f.marketKey).createdAt < f.createdAt)) latest.set(f.marketKey, f);
  const byKey = new Map(markets.map((m) => [m.key, m]));
  const out = [];
  let idx = 0;
  const risks = [true, false, false, null, false, true, null, false];
  for (const [key, f] of latest) {
    const m = byKey.get(key);
    if (!m.active || m.quoteMode === 'none' || !rng.chance(0.45)) continue;
    const pubs = rng.int(1, 3);
    let publishedAt = T0 - rng.float(1, 40) * HOUR;
    for (let j = 0; j < pubs; j++, publishedAt -= rng.float(20, 60) * HOUR) {
      const side = f.probability >= m.p ? 'yes' : 'no';
      out.push({
        id: 'sig_' + hashHex('sig:' + key + ':' + j, 12), marketKey: key, side, publishedAt, forecastId: f.id,
        status: j === 0 ? rng.pick(['active', 'active', 'active', 'expired']) : 'superseded',
        conviction: rng.pick(['low', 'medium', 'high']),
        convergence: round(rng.float(0, 1), 2),
        capacity: round(rng.float(500, 60000), 0),
        edgePp: round(Math.abs(f.probability - m.p) * 100, 1),
        // Newest publication of some markets is risk-elevated while an older
        // one was not: filters must not fall back to the older one.
        drawdownRiskElevated: j === 0 ? risks[idx++ % risks.length] : false,
      });
    }
  }
  return out;
}
