// Social accounts that the profiler can research. Post counts and dates are
// chosen so that the 15-grounded-post floor is met by some accounts only, and
// for one account only with a long lookback.
import { makeRng, numericId } from '../core/prng.mjs';
import { T0, DAY, HOUR } from '../core/clock.mjs';

const TOPIC_LINES = {
  rates: ['Rate path is data dependent, but the bar for a cut next meeting is higher than priced.', 'Term premium is back; the long end no longer trusts the cut path.', 'Two more soft prints and the committee will move. Not before.'],
  oil: ['Physical tightness in the WTI prompt spread. I am long the front, short the back.', 'Crude inventories drew again; the floor under oil is real.', 'OPEC+ cuts are a ceiling story for crude, not a floor story.'],
  inflation: ['Shelter disinflation is slow but it is happening. Core goods flat.', 'Wages are the sticky part. Services inflation will not fall fast.'],
  crypto: ['Spot Bitcoin ETF flows lead price by a day, watch them not the candles.', 'Crypto funding resets are buying opportunities when open interest falls too.', 'I size down on Bitcoin into weekends, liquidity is thin and wicks are violent.'],
  trading: ['Cut losers fast: I exit when the thesis breaks, not when the price hurts.', 'I never add to a losing position in an event market.', 'Position size is my risk management. Small, many, uncorrelated.', 'I changed my mind on this one after the new data, closing the position.'],
  reasoning: ['Base rates first, then adjust. Most people skip the first step.', 'If I cannot name what would change my mind, I do not take the trade.', 'Two independent sources or it did not happen.'],
  politics: ['Polls in this race have had a consistent lean; I shade them two points.', 'Endorsements matter less than turnout models.'],
  ai: ['Release cadence is the best predictor of the next flagship launch.', 'Benchmarks saturate; private evals tell the real story.'],
};

// [handle, display name, x user id, expert?, [[topic, count, maxAgeDays, minAgeDays]...]]
const ACCOUNTS = [
  ['macro_maven', 'Macro Maven', '1402938475', true, [['rates', 14, 300, 1], ['inflation', 10, 250, 2], ['oil', 8, 200, 1], ['reasoning', 8, 330, 3], ['trading', 8, 280, 2]]],
  ['chain_oracle', 'Chain Oracle', '2230948123', true, [['crypto', 20, 200, 0.5], ['trading', 8, 150, 1], ['reasoning', 4, 180, 4]]],
  ['deltahedged', 'Delta Hedged', '3381200944', false, [['trading', 10, 60, 0.5], ['crypto', 6, 50, 1], ['rates', 3, 40, 2]]],
  ['oil_tape', 'Oil Tape', '4410029385', true, [['oil', 12, 60, 0.5], ['oil', 10, 330, 200]]],
  ['pollwatcher', 'Poll Watcher', '5501928374', false, [['politics', 13, 300, 20], ['reasoning', 3, 200, 30]]],
  ['gpu_counter', 'GPU Counter', '6620394857', false, [['ai', 11, 120, 1], ['reasoning', 5, 100, 3]]],
  ['quietquant', 'Quiet Quant', '7710293847', false, [['trading', 5, 90, 2], ['reasoning', 4, 120, 5]]],
];

export function buildSocialAccounts() {
  const accounts = new Map();
  for (const [handle, displayName, userId, expert, plan] of ACCOUNTS) {
    const rng = makeRng('acct:' + handle);
    const posts = [];
    let n = 0;
    for (const [topic, count, maxAge, minAge] of plan) {
      for (let i = 0; i < count; i++) {
        const id = numericId(`p:${handle}:${n++}`);
        const lines = TOPIC_LINES[topic];
        posts.push({
          id, handle, topic,
          text: lines[i % lines.length] + (i >= lines.length ? ` (${['again', 'still', 'update', 'follow-up'][i % 4]})` : ''),
          url: `https://x.example/${handle}/status/${id}`,
          publishedAt: T0 - rng.float(minAge, maxAge) * DAY - rng.float(0, 5) * HOUR,
          // A few posts have no recoverable timestamp (the contract allows null).
          noDate: rng.chance(0.04),
          stance: rng.pick(['bullish', 'bearish', 'neutral']),
        });
      }
    }
    posts.sort((a, b) => b.publishedAt - a.publishedAt);
    accounts.set(handle, {
      handle, displayName, userId, currentUsername: handle, expert,
      policyVersion: expert ? '2025-09' : null, posts,
    });
  }
  return accounts;
}
