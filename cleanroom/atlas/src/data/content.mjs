// Forecasts, article evidence and published trade signals for the catalog.
// Each is generated per market from a label-seeded RNG so the same markets
// always carry the same kinds of coverage.
import { rngFor, uuidFrom, hexFrom, round, clamp } from '../util/rng.mjs';
import { HOUR, DAY, MINUTE } from '../util/time.mjs';

const OUTLETS = [
  ['Wire Desk', 'tier_1', 'wiredesk.example'], ['Market Ledger', 'tier_1', 'marketledger.example'], ['Energy Daily', 'tier_2', 'energydaily.example'],
  ['Chain Journal', 'tier_2', 'chainjournal.example'], ['Policy Review', 'tier_2', 'policyreview.example'], ['Macro Notes', 'tier_3', 'macronotes.example'],
  ['Sports Wire', 'tier_3', 'sportswire.example'],
];
const REFRESH = ['new_evidence', 'price_move', 'scheduled', 'resolution_approaching'];

const topicOf = (m) => (m.eventTags[0] || m.tags[0] || 'markets');

function recentAge(r) {
  // Mixture so every window the contract describes holds data right after start.
  const u = r.next();
  if (u < 0.3) return r.float(0.08, 2.9) * HOUR;
  if (u < 0.45) return r.float(3.1, 5.9) * HOUR;
  if (u < 0.7) return r.float(6.5, 46) * HOUR;
  return r.float(50, 240) * HOUR;
}

export function buildForecasts(t0, markets) {
  const out = [];
  for (const m of markets) {
    if (m.excluded) continue;
    const r = rngFor('forecasts:' + m.marketKey);
    // Active rows whose live quote cannot be verified always carry a recent
    // forecast, so they show in the catalog and the latest feed.
    const forced = m.status === 'active' && m.quoteMode === 'none';
    if (!r.chance(m.status === 'closed' ? 0.5 : 0.64) && !forced) continue;
    const n = r.int(1, 5);
    let at = t0 - (forced ? r.float(0.3, 2.5) * HOUR : recentAge(r)) - (m.status === 'closed' ? 30 * HOUR : 0);
    const list = [];
    for (let i = 0; i < n; i++) {
      list.push(at);
      at -= r.float(8, 60) * HOUR;
    }
    list.reverse();
    let prior = null;
    list.forEach((created, i) => {
      const marketAt = clamp(round(m.p0 + r.float(-0.05, 0.05), 3), 0.01, 0.99);
      const prob = clamp(round(m.p0 + r.float(-0.16, 0.16), 3), 0.02, 0.98);
      out.push(makeForecast({ m, created, prob, prior, marketAt, seq: i, r, label: `${m.marketKey}#${i}` }));
      prior = prob;
    });
  }
  return out;
}

export function makeForecast({ m, created, prob, prior, marketAt, seq, r, label, articles = [] }) {
  const q = m.question || m.childTitle || 'this market';
  const delta = prior === null ? null : round(prob - prior, 3);
  const risky = r.next();
  return {
    id: uuidFrom('forecast:' + label),
    marketKey: m.marketKey,
    probability: prob,
    created_at: created,
    headline: `${prob >= 0.5 ? 'Leaning YES' : 'Leaning NO'} at ${Math.round(prob * 100)}%: ${q.replace(/\?$/, '')}`,
    bluf: `We put YES at ${Math.round(prob * 100)}% against a market near ${Math.round(marketAt * 100)}%.`,
    thesis: `Base rates and the latest ${topicOf(m)} evidence put the outcome ${prob >= 0.5 ? 'more likely than not' : 'less likely than not'}; the market ${Math.abs(prob - marketAt) >= 0.075 ? 'misprices' : 'roughly prices'} this.`,
    reasoning: `Starting from the historical base rate for comparable ${topicOf(m)} questions, we adjusted for recent reporting, the resolution source and the time remaining. The dominant uncertainty is the timing of the deciding event.`,
    reasoningSummary: `Base rate adjusted for recent ${topicOf(m)} evidence and time to resolution.`,
    citationIds: articles,
    uncertainty: { lower: clamp(round(prob - 0.08, 3), 0, 1), upper: clamp(round(prob + 0.08, 3), 0, 1), interval: 0.8 },
    resolution_pathway: {
      criteria: `Resolves YES if the venue's stated resolution source confirms: ${q}`,
      crux: `Whether the deciding ${topicOf(m)} datapoint lands before the close.`,
      deadline: m.end_date,
      source: m.venue === 'venue_b' ? 'Venue rulebook resolution source' : 'Market resolution source',
    },
    delta_from_prior: delta,
    delta_reasoning: delta === null ? null : `Moved ${delta >= 0 ? 'up' : 'down'} ${Math.abs(Math.round(delta * 1000) / 10)}pp on new information.`,
    refresh_reason: seq === 0 ? null : REFRESH[(seq + Math.floor(r.next() * 4)) % 4],
    drawdown_risk_72h: { yes: round(risky * 0.3, 3), no: round((1 - risky) * 0.25, 3) },
    market_odds_at_forecast: marketAt,
  };
}

export function buildArticles(t0, markets) {
  const out = [];
  for (const m of markets) {
    if (m.excluded) continue;
    const r = rngFor('articles:' + m.marketKey);
    if (!r.chance(0.56)) continue;
    const n = r.int(1, 7);
    for (let i = 0; i < n; i++) {
      const [source, tier, host] = r.pick(OUTLETS.slice(0, 6));
      const published = t0 - (i === 0 && r.chance(0.5) ? r.float(0.1, 5.5) * HOUR : r.float(1, 14 * 24) * HOUR);
      const correlated = Math.min(t0 - MINUTE, published + r.float(3, 90) * MINUTE);
      const id = 'art_' + hexFrom('article:' + m.marketKey + i, 16);
      const dir = r.pick(['yes', 'yes', 'no', null]);
      const topic = topicOf(m);
      out.push({
        id, marketKey: m.marketKey,
        title: `${topic[0].toUpperCase() + topic.slice(1)} update: ${r.pick(['analysts reassess', 'new data shifts', 'traders weigh', 'officials signal'])} outlook ${i + 1}`,
        comment: `The article bears on "${m.question}" because it reports a ${topic} development ${dir === 'yes' ? 'supporting YES' : dir === 'no' ? 'supporting NO' : 'with unclear direction'}.`,
        direction: dir, url: `https://${host}/${topic}/${id.slice(4, 12)}`, source, feed_tier: tier,
        published_at: published, correlated_at: correlated, confidence: r.pick(['high', 'medium', 'medium', 'low']),
        evidence_quote: `"${r.pick(['Officials said the decision is data dependent', 'Inventories fell more than expected', 'Flows into the asset accelerated last week', 'The committee is divided on timing'])}."`,
        author_handle: `${source.toLowerCase().replace(/\s+/g, '')}_${r.pick(['desk', 'markets', 'econ', 'staff'])}`,
      });
    }
  }
  return out;
}

const pickRisk = (r) => r.pick([true, false, false, null]);

export function buildSignals(t0, markets, forecastsByMarket) {
  const out = [];
  for (const m of markets) {
    if (m.excluded || m.status !== 'active') continue;
    const fcs = forecastsByMarket.get(m.marketKey);
    if (!fcs || !fcs.length) continue;
    const r = rngFor('signals:' + m.marketKey);
    if (!r.chance(m.broker_channels.length ? 0.6 : 0.32)) continue;
    const n = r.int(1, 3);
    const latest = fcs[fcs.length - 1];
    const newest = Math.min(t0 - MINUTE, latest.created_at + r.float(5, 120) * MINUTE);
    for (let i = 0; i < n; i++) {
      const published = newest - i * r.float(20, 50) * HOUR;
      const f = [...fcs].reverse().find((x) => x.created_at <= published);
      if (!f) break;
      const side = f.probability >= f.market_odds_at_forecast ? 'yes' : 'no';
      const gap = round(Math.abs(f.probability - f.market_odds_at_forecast) * 100, 1);
      // The newest publication sometimes carries elevated risk while an older
      // one does not: this exposes the "no older fallback" rule.
      const risk = i === 0 && n > 1 && r.chance(0.5) ? true : pickRisk(r);
      out.push({
        id: 'sig_' + hexFrom('signal:' + m.marketKey + i, 20), marketKey: m.marketKey, forecastId: f.id, side,
        status: i === 0 ? (r.chance(0.85) ? 'active' : 'expired') : 'superseded', published_at: published,
        conviction: r.pick(['high', 'medium', 'low']),
        conviction_score: round(r.float(0.35, 0.95), 2),
        convergence: { forecast_probability: f.probability, market_probability_at_publish: f.market_odds_at_forecast, gap_pp: gap, state: r.pick(['diverging', 'stable', 'converging']) },
        capacity: { max_notional_usd: Math.round(r.float(500, 40000)), book_depth_usd: Math.round(r.float(2000, 250000)) },
        drawdown_risk_elevated: risk,
        entry_price: side === 'yes' ? f.market_odds_at_forecast : round(1 - f.market_odds_at_forecast, 3),
        headline: `Back ${side.toUpperCase()}: ${gap}pp gap on ${m.question}`,
      });
    }
  }
  return out;
}

export { DAY };
