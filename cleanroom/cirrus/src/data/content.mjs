// Everything attached to markets: stored forecasts (with history), article
// evidence, trade signals and wallet positions. Items are stamped relative to
// T0; some "desk" markets also get items scheduled after T0 so that the
// recent-window routes keep receiving data while the process runs (items are
// only visible once their timestamp has passed).
import { Rng, sha256Hex, round, clamp } from '../util/rng.mjs';
import { HOUR, MINUTE, DAY } from '../util/time.mjs';

const SOURCES = [
  ['Global Wire', 'wire', 'globalwire.example'], ['Market Desk Daily', 'primary', 'marketdesk.example'], ['Energy Ledger', 'primary', 'energyledger.example'],
  ['Crypto Briefing Weekly', 'aggregator', 'cryptobriefing.example'], ['Macro Monitor', 'primary', 'macromonitor.example'], ['Tech Dispatch', 'aggregator', 'techdispatch.example'],
  ['Commodity Journal', 'primary', 'commodityjournal.example'], ['Policy Post', 'wire', 'policypost.example'],
];
const REASONS = ['scheduled', 'price_move', 'new_evidence', 'resolution_approaching'];

const topicWord = (m) => (m.tags[1] ?? m.tags[0] ?? 'market');

function forecastText(m, prob, prior, rng) {
  const q = m.question ?? m.title;
  const pct = Math.round(prob * 100);
  const drivers = {
    crypto: ['spot ETF flows', 'funding rates', 'realized volatility', 'options skew'],
    oil: ['OPEC+ supply guidance', 'inventory draws', 'refinery margins', 'the front-month curve'],
    economics: ['the latest payroll print', 'core services inflation', 'futures-implied paths', 'committee speeches'],
    companies: ['guidance revisions', 'channel checks', 'options-implied moves', 'analyst estimate drift'],
  };
  const key = m.tags.includes('crypto') ? 'crypto' : m.tags.includes('oil') || m.tags.includes('energy') ? 'oil' : m.categories.includes('Companies') ? 'companies' : 'economics';
  const d = rng.shuffle(drivers[key]);
  return {
    headline: `${pct}% YES: ${d[0]} ${prob >= 0.5 ? 'supports' : 'weighs on'} the outcome`,
    bluf: `We put ${pct}% on YES for "${q}".`,
    thesis: `${d[0][0].toUpperCase() + d[0].slice(1)} and ${d[1]} point ${prob >= 0.5 ? 'toward' : 'away from'} YES; ${d[2]} is the main risk to this view.`,
    reasoning: `Base rate from comparable ${topicWord(m)} markets, adjusted for ${d[0]} and ${d[1]}. ${prior == null ? 'This is the first forecast on this market.' : `The prior forecast stood at ${Math.round(prior * 100)}%.`} We discount ${d[3]} because its signal has been noisy.`,
    reasoning_summary: `Driven by ${d[0]}; ${d[2]} is the swing factor.`,
    crux: `Whether ${d[2]} shifts before resolution.`,
  };
}

export function buildContent(T0, markets, assets) {
  const rng = new Rng('cirrus-content-v1');
  const forecasts = [];
  const articles = [];
  const signals = [];
  const eligible = markets.filter((m) => !m.excluded);
  // Desk markets: active, live-quoted, get forecasts/articles scheduled after T0.
  const desk = eligible.filter((m) => m.active && m.quote && m.venue !== 'venue_c').filter((_, i) => i % 9 === 0).slice(0, 12);
  const deskSet = new Set(desk.map((m) => m.idx));

  function addForecast(m, created, prior, reason) {
    const drift = prior == null ? rng.float(-0.12, 0.12) : rng.float(-0.08, 0.08);
    const prob = round(clamp((prior ?? m.p) + drift, 0.02, 0.98), 3);
    const t = forecastText(m, prob, prior, rng);
    const nSrc = rng.int(0, 5);
    const sources = [];
    for (let i = 0; i < nSrc; i++) {
      const [name, , host] = rng.pick(SOURCES);
      sources.push({ title: `${name}: ${topicWord(m)} update`, url: `https://${host}/a/${sha256Hex(`${m.idx}:${created}:${i}`).slice(0, 10)}`, source_name: name, published_at: created - rng.int(1, 48) * HOUR });
    }
    const f = {
      id: 'fct_' + sha256Hex(`f:${m.idx}:${created}`).slice(0, 16),
      marketIdx: m.idx,
      question: m.question,
      probability: prob,
      created_at: created,
      ...t,
      sources,
      citationCount: sources.length,
      uncertainty: { lower: round(clamp(prob - rng.float(0.04, 0.12), 0, 1), 3), upper: round(clamp(prob + rng.float(0.04, 0.12), 0, 1), 3), interval: 0.8 },
      resolution_pathway: { criteria: `Resolves YES if the venue's rules for "${m.question ?? m.title}" are met at close.`, crux: t.crux, deadline: m.endMs, source: m.venue === 'venue_b' ? 'Venue rulebook' : rng.chance(0.2) ? null : 'Official resolution source' },
      delta_from_prior: prior == null ? null : round(prob - prior, 3),
      delta_reasoning: prior == null ? null : `Moved ${prob >= prior ? 'up' : 'down'} after ${reason === 'price_move' ? 'a repricing on the venue' : reason === 'new_evidence' ? 'new linked evidence' : 'the scheduled refresh'}.`,
      refresh_reason: prior == null ? 'initial' : reason,
      market_odds_at_forecast: m.quote ? round(clamp(m.p + rng.float(-0.05, 0.05), 0.01, 0.99), 3) : null,
      drawdown: (() => { const y = round(rng.float(0.02, 0.3), 3); return { yes: y, no: round(rng.float(0.02, 0.3), 3) }; })(),
    };
    forecasts.push(f);
    return f;
  }

  for (const m of eligible) {
    const isDesk = deskSet.has(m.idx);
    const covered = isDesk || rng.chance(0.58);
    if (!covered) continue;
    const n = rng.int(1, isDesk ? 5 : 4);
    const newest = isDesk ? T0 - rng.int(10, 170) * MINUTE : rng.chance(0.75) ? T0 - rng.int(12, 40 * 60) * MINUTE : T0 - rng.int(50, 20 * 24) * HOUR;
    const times = [newest];
    for (let i = 1; i < n; i++) times.unshift(times[0] - rng.int(8, 60) * HOUR);
    let prior = null;
    for (const t of times) { prior = addForecast(m, t, prior, rng.pick(REASONS)).probability; }
    if (isDesk) {
      // Scheduled refreshes for the next 48 hours.
      for (let t = T0 + rng.int(20, 120) * MINUTE; t < T0 + 48 * HOUR; t += rng.int(150, 260) * MINUTE) prior = addForecast(m, t, prior, rng.pick(REASONS)).probability;
    }
  }

  // Article evidence: many covered markets, a few uncovered ones, none on others.
  const byMarket = new Map();
  for (const f of forecasts) byMarket.set(f.marketIdx, true);
  for (const m of markets) {
    const isDesk = deskSet.has(m.idx);
    const has = isDesk || (byMarket.has(m.idx) ? rng.chance(0.65) : !m.excluded && rng.chance(0.12));
    if (!has) continue;
    const n = rng.int(1, 7);
    const stamps = [];
    for (let i = 0; i < n; i++) stamps.push(i === 0 && isDesk ? T0 - rng.int(5, 150) * MINUTE : T0 - rng.int(10, 10 * 24 * 60) * MINUTE);
    if (isDesk) for (let t = T0 + rng.int(10, 90) * MINUTE; t < T0 + 48 * HOUR; t += rng.int(120, 300) * MINUTE) stamps.push(t);
    for (const pub of stamps) {
      const [name, tier, host] = rng.pick(SOURCES);
      const dir = rng.next();
      articles.push({
        id: 'art_' + sha256Hex(`a:${m.idx}:${pub}`).slice(0, 14),
        marketIdx: m.idx,
        title: `${name}: ${rng.pick(['New data shifts', 'Traders reassess', 'Analysts weigh', 'Officials comment on'])} ${topicWord(m)} outlook`,
        url: `https://${host}/news/${sha256Hex(`u:${m.idx}:${pub}`).slice(0, 12)}`,
        source: name,
        feed_tier: tier,
        published_at: pub,
        correlated_at: pub + rng.int(3, 90) * MINUTE,
        comment: `The article bears on "${m.question ?? m.title}" because it reports on ${topicWord(m)} conditions that the resolution depends on.`,
        direction: dir < 0.45 ? 'yes' : dir < 0.75 ? 'no' : null,
        confidence: rng.pick(['high', 'medium', 'medium', 'low']),
        evidence_quote: `"${rng.pick(['Inventories fell more than expected', 'Officials signalled patience', 'Flows turned positive this week', 'The company reiterated guidance', 'Volatility compressed into the close'])}," the report said.`,
        live: rng.chance(0.94),
      });
    }
  }

  // Trade signals: published separately; some markets carry two (newest wins).
  const sigMarkets = eligible.filter((m) => rng.chance(0.2)).slice(0, 44);
  for (const m of sigMarkets) {
    const k = rng.chance(0.2) ? 2 : 1;
    let t = T0 - rng.int(2, 11 * 24) * HOUR;
    for (let i = 0; i < k; i++) {
      const fc = forecasts.filter((f) => f.marketIdx === m.idx && f.created_at <= t).at(-1) ?? null;
      const side = fc ? (fc.probability > m.p ? 'yes' : 'no') : rng.pick(['yes', 'no']);
      const r = rng.next();
      const dd = r < 0.3 ? true : r < 0.75 ? false : null;
      const fp = fc ? fc.probability : round(clamp(m.p + rng.float(-0.15, 0.15), 0.02, 0.98), 3);
      signals.push({
        id: 'sig_' + sha256Hex(`s:${m.idx}:${t}`).slice(0, 14),
        marketIdx: m.idx,
        forecastId: fc?.id ?? null,
        side,
        status: m.active ? (i === k - 1 && rng.chance(0.25) ? 'closed' : 'open') : 'settled',
        published_at: t,
        conviction: round(rng.float(0.35, 0.95), 2),
        convergence: { forecast_probability: fp, market_probability_at_publication: round(m.p, 3), gap_pp: round(Math.abs(fp - m.p) * 100, 1), converged_pp: round(rng.float(0, Math.abs(fp - m.p) * 100), 1) },
        capacity: { max_notional_usd: rng.int(5, 200) * 100, book_depth_usd: rng.int(20, 900) * 100 },
        entry_price: round(side === 'yes' ? m.p : 1 - m.p, 3),
        drawdown_risk_elevated: dd,
        drawdown_probability: dd === null ? null : round(dd ? rng.float(0.15, 0.4) : rng.float(0.01, 0.14), 3),
      });
      t += rng.int(20, 90) * HOUR;
      if (t > T0) t = T0 - 30 * MINUTE;
    }
  }

  // Wallet positions on several venues for a few owners.
  const owners = ['owner-alpha', 'owner-bravo', 'owner-charlie'].map((s) => '0x' + sha256Hex(s).slice(0, 40));
  const positions = [];
  owners.forEach((owner, oi) => {
    const venues = [['venue_a', 'venue_b', 'venue_c'], ['venue_a', 'venue_a_us'], ['venue_b', 'venue_c', 'venue_a_us', 'venue_a']][oi];
    for (const v of venues) {
      const pool = markets.filter((m) => m.venue === v && m.active);
      for (let i = 0; i < rng.int(1, 3); i++) {
        const m = rng.pick(pool);
        const outcome = rng.pick(['YES', 'NO']);
        positions.push({ owner, marketIdx: m.idx, venue: v, outcome, size: rng.int(10, 5000), avg_price: round(rng.float(0.05, 0.95), 3), updatedAt: T0 - rng.int(1, 200) * HOUR });
      }
    }
  });

  return { forecasts, articles, signals, positions, owners, deskIdx: [...deskSet] };
}
