// Social accounts and their posts. Some accounts have a long grounded
// history, some fewer than the profile threshold, and some old posts were
// re-sighted recently (their last_seen_at is new while published_at is old).
import { rngFor, digitsFrom } from '../util/rng.mjs';
import { HOUR, DAY } from '../util/time.mjs';

const ACCOUNTS = [
  // handle, display, expert, posts, recentShare, domains
  ['oilbarrel_ana', 'Ana Petrova', true, 48, 0.45, ['oil', 'commodities']],
  ['macro_kite', 'Kite Macro', false, 40, 0.3, ['economics', 'fed', 'rates', 'inflation']],
  ['chainpilot', 'Chain Pilot', false, 36, 0.35, ['crypto', 'bitcoin', 'ethereum']],
  ['fedwatcher', 'The Fed Watcher', true, 30, 0.5, ['fed', 'economics', 'rates']],
  ['deskquant', 'Desk Quant', true, 60, 0.25, ['crypto', 'stocks', 'companies', 'oil']],
  ['sat_stacker', 'sats', false, 22, 0.7, ['bitcoin', 'crypto']],
  ['gridweather', 'Grid Weather', false, 18, 0.05, ['weather', 'climate']],
  ['ai_policy_desk', 'AI Policy Desk', false, 16, 0.4, ['ai', 'politics', 'tech']],
  ['casual_jo', 'Jo', false, 9, 0.5, ['sports', 'politics']],
  ['newbie_trades', 'New Trader', false, 4, 1, ['crypto']],
  ['quiet_lurker', null, false, 0, 0, []],
];

const LINES = {
  oil: ['Cushing draws keep the front spread firm', 'OPEC+ compliance is slipping again', 'WTI curve flattening into the roll'],
  commodities: ['Physical tightness is not priced in the back', 'Gold bid on every real-yield dip'],
  economics: ['Core services still sticky', 'Payrolls revisions matter more than the headline', 'Claims trending up slowly'],
  fed: ['Cut next meeting looks like a done deal', 'Dots will be more hawkish than people think'],
  rates: ['Front end is pricing too many cuts'],
  inflation: ['Shelter disinflation finally showing up'],
  crypto: ['Funding resets are healthy here', 'ETF flows carry the tape this week', 'Alt season talk is early'],
  bitcoin: ['BTC holding the weekly open is the whole story', 'Miners are distributing into strength'],
  ethereum: ['ETH staking ETF odds are underpriced'],
  stocks: ['Breadth is terrible under the index'],
  companies: ['Guidance beat is already in the price'],
  weather: ['Models disagree on the cold push'],
  climate: ['Warm bias in the extended range'],
  ai: ['Compute capex guidance keeps rising'],
  politics: ['Whip counts are not there yet'],
  tech: ['Launch timelines always slip'],
  sports: ['Back-to-back fatigue is real'],
};

export function buildSocial(t0, markets) {
  const accounts = [];
  const posts = [];
  for (const [handle, display, expert, count, recentShare, domains] of ACCOUNTS) {
    const r = rngFor('account:' + handle);
    const acct = {
      handle, display_name: display, x_user_id: count ? digitsFrom('uid:' + handle, 12) : null, current_username: count ? handle : null,
      is_service_expert: expert, policy_version: expert ? '2025-10' : null, domains,
    };
    accounts.push(acct);
    const candidates = markets.filter((m) => !m.excluded && m.status === 'active' && domains.some((d) => m.eventTags.includes(d) || m.tags.includes(d)));
    for (let i = 0; i < count; i++) {
      const recent = i < Math.round(count * recentShare);
      const created = t0 - (recent ? (r.chance(0.15) ? r.float(0.1, 5.5) : r.float(0.2, 13.5 * 24)) : r.float(15 * 24, 360 * 24)) * HOUR;
      // ~12% of older posts were seen again as relevant within the last day.
      const resighted = !recent && r.chance(0.12);
      const lastSeen = resighted ? t0 - r.float(0.2, 20) * HOUR : Math.min(t0 - 60e3, created + r.float(0.1, 6) * HOUR);
      const dom = r.pick(domains);
      const text = `${r.pick(LINES[dom] || ['Watching this closely'])}. ${r.pick(['Position sized small.', 'Not financial advice.', 'Adding on weakness.', 'Data later this week decides it.', 'Watching the close.'])}`;
      const m = candidates.length && r.chance(0.7) ? r.pick(candidates) : null;
      const id = digitsFrom('post:' + handle + i, 19);
      posts.push({
        id, handle, text, published_at: created, last_seen_at: lastSeen, url: `https://x.example/${handle}/status/${id}`,
        marketKey: m ? m.marketKey : null, domain: dom,
        grounded: !(i % 11 === 10), // a few posts (reposts) are not citation-grounded
        relevance: m ? { confidence: r.pick(['high', 'medium', 'low']), reasoning: `Post discusses ${dom} drivers relevant to "${m.question}".`, evidence_quote: text.split('.')[0] } : null,
        is_expert: expert,
      });
    }
  }
  return { accounts, posts };
}
