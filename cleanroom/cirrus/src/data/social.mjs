// Social accounts and their posts. Accounts are sized on purpose: some have
// at least 15 citation-grounded posts in a year, some fewer, one has them
// mostly outside short lookbacks, so every profile outcome is observable.
import { Rng } from '../util/rng.mjs';
import { HOUR, MINUTE, DAY } from '../util/time.mjs';

// handle, display name, expert?, policy version, grounded, ungrounded, topics, kinds omitted, recent share
const ACCOUNTS = [
  ['macro_maven', 'Macro Maven', true, 'experts-2025-06', 42, 6, ['rates', 'inflation', 'gold'], [], 0.5],
  ['oil_desk_anna', 'Anna | Oil Desk', true, 'experts-2025-06', 30, 3, ['oil', 'energy'], [], 0.6],
  ['btc_tape_reader', 'tape reader', false, null, 24, 8, ['crypto'], [], 0.5],
  ['fedwatch_daily', 'FedWatch Daily', true, 'experts-2024-11', 18, 2, ['rates'], [], 0.0],
  ['chain_sleuth', 'chain sleuth', false, null, 15, 4, ['crypto', 'ai'], [], 0.4],
  ['quiet_quant', 'Quiet Quant', false, null, 9, 2, ['equities'], [], 0.5],
  ['new_acct_2025', null, false, null, 2, 1, ['crypto'], [], 1.0],
  ['polling_nerd', 'Polling Nerd', false, null, 16, 5, ['politics'], ['risk'], 0.3],
  ['ai_capex_watch', 'AI Capex Watch', true, 'experts-2025-06', 26, 2, ['ai', 'equities'], [], 0.5],
  ['weather_wonk', 'Weather Wonk', false, null, 20, 0, ['weather'], ['reasoning'], 0.5],
];

const TOPIC_TAGS = { rates: ['fed', 'rates'], inflation: ['inflation'], gold: ['metals', 'commodities'], oil: ['oil'], energy: ['energy'], crypto: ['crypto'], ai: ['ai', 'tech'], equities: ['companies', 'indices'], politics: ['politics'], weather: ['weather'] };

const TEXT = {
  belief: (t) => `My base case on ${t}: the market is underpricing how fast this turns. Still think the consensus is a quarter late.`,
  risk: (t) => `Sizing ${t} trades small here. Half position, hard stop, I would rather miss the move than eat a 30% drawdown.`,
  reasoning: (t) => `Checked three independent sources on ${t} before posting this. Primary data first, commentary second.`,
  tendency: (t) => `Again: I fade the first headline on ${t} and wait for the revision. Works more often than not.`,
  interest: (t) => `Thread on what actually moves ${t} this month, with charts.`,
};
const KINDS = ['belief', 'risk', 'reasoning', 'tendency', 'belief', 'interest'];
const EPOCH = 1288834974657n;

export function buildSocial(T0, markets) {
  const rng = new Rng('cirrus-social-v1');
  const accounts = [];
  const posts = [];
  let seq = 0;
  const postId = (ms) => ((BigInt(Math.floor(ms)) - EPOCH) << 22n) + BigInt(seq++ % 4096);
  const active = markets.filter((m) => m.active && !m.excluded);

  for (const [handle, display, expert, policy, grounded, ungrounded, topics, omit, recentShare] of ACCOUNTS) {
    accounts.push({ handle, display_name: display, x_user_id: display ? String(1000000 + (handle.length * 7919) % 900000) : null, current_username: handle, is_expert: expert, policy_version: policy, topics });
    const total = grounded + ungrounded;
    for (let i = 0; i < total; i++) {
      const isGrounded = i < grounded;
      const topic = topics[i % topics.length];
      let kind = KINDS[i % KINDS.length];
      if (omit.includes(kind)) kind = 'interest';
      let pub;
      if (handle === 'fedwatch_daily') pub = T0 - rng.int(95, 360) * DAY - rng.int(0, 23) * HOUR; // old history only
      else if (rng.chance(recentShare)) pub = T0 - rng.int(20, 14 * 24 * 60) * MINUTE;
      else pub = T0 - rng.int(15, 360) * DAY;
      const tags = TOPIC_TAGS[topic] ?? [];
      const rel = active.filter((m) => m.tags.some((t) => tags.includes(t)) || m.categories.some((c) => tags.includes(c.toLowerCase())));
      const relevant = [];
      if (isGrounded && rel.length && rng.chance(0.6)) {
        const m = rng.pick(rel);
        // Re-sighted posts: published long ago, seen as relevant again recently.
        const resighted = pub < T0 - 7 * DAY && rng.chance(0.35);
        relevant.push({ marketIdx: m.idx, last_seen_at: resighted ? T0 - rng.int(30, 30 * 60) * MINUTE : pub + rng.int(1, 120) * MINUTE, confidence: rng.pick(['high', 'medium', 'low']), reasoning: `Post discusses ${topic} conditions relevant to "${m.question ?? m.title}".` });
      }
      const id = postId(pub).toString();
      posts.push({
        id, handle, topic, kind, grounded: isGrounded,
        text: isGrounded ? TEXT[kind](topic) : rng.pick(['gm', 'lol', 'this.', 'RT if you agree', 'interesting']),
        published_at: pub,
        url: `https://x.example/${handle}/status/${id}`,
        metrics: { likes: rng.int(0, 4000), reposts: rng.int(0, 600), replies: rng.int(0, 300) },
        relevant,
      });
    }
  }
  // Scheduled posts after T0 so the x_post feed stays populated.
  const livePosters = ['macro_maven', 'oil_desk_anna', 'btc_tape_reader', 'ai_capex_watch'];
  for (let t = T0 + rng.int(10, 60) * MINUTE, i = 0; t < T0 + 48 * HOUR; t += rng.int(60, 160) * MINUTE, i++) {
    const handle = livePosters[i % livePosters.length];
    const acct = accounts.find((a) => a.handle === handle);
    const topic = acct.topics[i % acct.topics.length];
    const tags = TOPIC_TAGS[topic];
    const rel = active.filter((m) => m.tags.some((x) => tags.includes(x)));
    const m = rel.length ? rng.pick(rel) : null;
    const kind = KINDS[i % KINDS.length];
    const id = postId(t).toString();
    posts.push({ id, handle, topic, kind, grounded: true, text: TEXT[kind](topic), published_at: t, url: `https://x.example/${handle}/status/${id}`, metrics: { likes: rng.int(0, 900), reposts: rng.int(0, 90), replies: rng.int(0, 60) }, relevant: m ? [{ marketIdx: m.idx, last_seen_at: t + 5 * MINUTE, confidence: 'medium', reasoning: `Live post on ${topic} relevant to "${m.question ?? m.title}".` }] : [] });
  }
  // A few recent posts right before T0 for the 3-hour feed.
  for (let i = 0; i < 6; i++) {
    const handle = livePosters[i % livePosters.length];
    const acct = accounts.find((a) => a.handle === handle);
    const topic = acct.topics[0];
    const rel = active.filter((m) => m.tags.some((x) => TOPIC_TAGS[topic].includes(x)));
    const m = rng.pick(rel);
    const t = T0 - rng.int(5, 170) * MINUTE;
    const id = postId(t).toString();
    posts.push({ id, handle, topic, kind: 'belief', grounded: true, text: TEXT.belief(topic), published_at: t, url: `https://x.example/${handle}/status/${id}`, metrics: { likes: 120, reposts: 14, replies: 9 }, relevant: [{ marketIdx: m.idx, last_seen_at: t + 2 * MINUTE, confidence: 'high', reasoning: `Fresh ${topic} take relevant to "${m.question ?? m.title}".` }] });
  }
  posts.sort((a, b) => a.published_at - b.published_at);
  return { accounts, posts };
}
