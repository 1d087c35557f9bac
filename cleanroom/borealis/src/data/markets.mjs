// Themed catalog: crypto ladders, macro, companies, commodities, politics,
// plus the topic-excluded families (sports, mentions, short-horizon up/down).
import { createCatalog, slugify, aboveProb, HOSTS } from './catalog.mjs';
import { T0, DAY, HOUR, MIN, utcDayStart, tickerDate, longDate } from '../core/clock.mjs';

const fmt = (n) => n.toLocaleString('en-US');
const broker = (category, evTicker) => ({ category, url: `${HOSTS.broker_a}/events/${category}/${evTicker.toLowerCase()}` });

export function buildMarkets() {
  const cat = createCatalog();
  const { event, market } = cat;
  const day0 = utcDayStart(T0);
  const closeAt = (k) => day0 + (k + 1) * DAY + 21 * HOUR; // 17:00 ET-ish daily close
  const year = new Date(T0).getUTCFullYear();
  const yearEnd = Date.UTC(year, 11, 31, 23, 59);
  const created = (daysAgo) => T0 - daysAgo * DAY;

  // 1. Bitcoin daily close ladders on venue_b (null slugs, first one broker-listed).
  for (let k = 0; k < 3; k++) {
    const close = closeAt(k);
    const tk = `KXBTCD-${tickerDate(close)}`;
    const ev = event({ id: tk, venue: 'venue_b', seriesTicker: 'KXBTCD', title: `Bitcoin price on ${longDate(close)}`, subtitle: 'At 5pm EDT', category: 'crypto', tags: ['crypto', 'bitcoin', 'daily'], mutuallyExclusive: false, broker: k === 0 ? broker('crypto', tk) : null });
    for (let s = 94500; s <= 105500; s += 1000) {
      market(ev, { nativeId: `${tk}-T${s}`, question: `Will the Bitcoin price be above $${fmt(s)} on ${longDate(close)} at 5pm EDT?`, subtitle: `$${fmt(s)} or above`, strike: { type: 'greater', floor: s, cap: null }, p: aboveProb(100400 - k * 300, s, 1400), endDate: close, createdAt: close - 4 * DAY, assets: ['crypto:btc'] });
    }
  }
  // A past (closed) ladder: resolves to no open children.
  {
    const close = day0 - 3 * HOUR;
    const tk = `KXBTCD-${tickerDate(close)}`;
    const ev = event({ id: tk, venue: 'venue_b', seriesTicker: 'KXBTCD', title: `Bitcoin price on ${longDate(close)}`, subtitle: 'At 5pm EDT', category: 'crypto', tags: ['crypto', 'bitcoin', 'daily'] });
    for (const s of [98500, 99500, 100500]) {
      market(ev, { nativeId: `${tk}-T${s}`, question: `Will the Bitcoin price be above $${fmt(s)} on ${longDate(close)} at 5pm EDT?`, subtitle: `$${fmt(s)} or above`, strike: { type: 'greater', floor: s, cap: null }, endDate: close, createdAt: close - 4 * DAY, active: false, assets: ['crypto:btc'] });
    }
  }
  // 2. Ether daily ladders on venue_b, with slugs.
  for (let k = 0; k < 2; k++) {
    const close = closeAt(k);
    const tk = `KXETHD-${tickerDate(close)}`;
    const ev = event({ id: tk, venue: 'venue_b', seriesTicker: 'KXETHD', title: `Ethereum price on ${longDate(close)}`, subtitle: 'At 5pm EDT', category: 'crypto', tags: ['crypto', 'ethereum', 'daily'] });
    for (let s = 3300; s <= 4000; s += 100) {
      market(ev, { nativeId: `${tk}-T${s}`, slug: slugify(`eth above ${s} ${tickerDate(close)}`), question: `Will the Ethereum price be above $${fmt(s)} on ${longDate(close)} at 5pm EDT?`, subtitle: `$${fmt(s)} or above`, strike: { type: 'greater', floor: s, cap: null }, p: aboveProb(3640, s, 110), endDate: close, createdAt: close - 3 * DAY, assets: ['crypto:eth'] });
    }
  }
  // 3. venue_a Bitcoin: yearly price-path event and daily-close event.
  {
    const ev = event({ id: `what-price-will-bitcoin-hit-in-${year}`, slug: `what-price-will-bitcoin-hit-in-${year}`, venue: 'venue_a', title: `What price will Bitcoin hit in ${year}?`, category: 'crypto', tags: ['crypto', 'bitcoin'] });
    for (const [dir, lvl, p] of [['reach', 120000, 0.31], ['reach', 130000, 0.17], ['reach', 150000, 0.07], ['reach', 200000, 0.02], ['dip to', 90000, 0.38], ['dip to', 80000, 0.16], ['dip to', 70000, 0.06], ['dip to', 60000, 0.03]]) {
      const q = `Will Bitcoin ${dir} $${fmt(lvl)} in ${year}?`;
      market(ev, { slug: slugify(q), question: q, outcome: `${dir === 'reach' ? '↑' : '↓'} ${fmt(lvl)}`, p, endDate: yearEnd, createdAt: created(200), assets: ['crypto:btc'] });
    }
    for (let k = 0; k < 2; k++) {
      const close = closeAt(k);
      const ev2 = event({ id: `bitcoin-above-on-${slugify(longDate(close))}`, slug: `bitcoin-above-on-${slugify(longDate(close))}`, venue: 'venue_a', title: `Bitcoin above ___ on ${longDate(close)}?`, category: 'crypto', tags: ['crypto', 'bitcoin', 'daily'] });
      for (const s of [98000, 100000, 102000]) {
        const q = `Will Bitcoin be above $${fmt(s)} on ${longDate(close)}?`;
        market(ev2, { slug: slugify(q), question: q, outcome: `${fmt(s)}`, p: aboveProb(100400, s, 1500), endDate: close, createdAt: close - 5 * DAY, assets: ['crypto:btc'] });
      }
    }
  }
  // 4./5. Bitcoin on venue_c and venue_a_us (two venue_a_us slugs shadow venue_a slugs).
  {
    const evc = event({ id: 'btc-questions', venue: 'venue_c', title: 'Bitcoin questions', category: 'crypto', tags: ['crypto', 'bitcoin'] });
    const qs = ['Will Bitcoin close the month above $100,000?', 'Will Bitcoin dominance exceed 60% this quarter?', 'Will a spot Bitcoin ETF see a $1B inflow day this month?', 'Will Bitcoin trade below $85,000 before year end?', 'Will Bitcoin hashrate set a new record this month?'];
    qs.forEach((q, i) => market(evc, { slug: i % 2 ? null : slugify(q), question: q, endDate: yearEnd, createdAt: created(40 + i), assets: ['crypto:btc'] }));
    const evu = event({ id: 'us-bitcoin', venue: 'venue_a_us', title: 'Bitcoin (US)', category: 'crypto', tags: ['crypto', 'bitcoin'] });
    [`Will Bitcoin reach $120,000 in ${year}?`, `Will Bitcoin dip to $90,000 in ${year}?`, 'Will Bitcoin be above $100,000 at month end?', 'Will Bitcoin outperform gold this month?']
      .forEach((q, i) => market(evu, { slug: slugify(q), question: q, endDate: yearEnd, createdAt: created(30 + i), assets: ['crypto:btc'] }));
  }
  // 6. Short-horizon crypto up/down: never forecast.
  for (let h = 1; h <= 3; h++) {
    const end = T0 + h * HOUR;
    const hour = new Date(end).getUTCHours();
    const q = `Bitcoin Up or Down - ${longDate(end)}, ${hour}:00 UTC`;
    const ev = event({ id: slugify(q), slug: slugify(q), venue: 'venue_a', title: q, category: 'crypto', tags: ['crypto', 'bitcoin', 'up-or-down', 'hourly'] });
    market(ev, { slug: slugify(q) + '-up', question: q, outcome: 'Up', p: 0.5, endDate: end, createdAt: end - 2 * HOUR, excluded: 'crypto_up_down', assets: ['crypto:btc'] });
  }
  for (let i = 1; i <= 2; i++) {
    const end = T0 + i * 15 * MIN;
    const q = `Ethereum Up or Down - 15 minutes ending ${new Date(end).toISOString().slice(11, 16)} UTC`;
    const ev = event({ id: slugify(q + longDate(end)), slug: slugify(q + ' ' + longDate(end)), venue: 'venue_a', title: q, category: 'crypto', tags: ['crypto', 'ethereum', 'up-or-down', '15m'] });
    market(ev, { slug: slugify(q + ' ' + longDate(end)) + '-up', question: q, outcome: 'Up', p: 0.5, endDate: end, createdAt: end - HOUR, excluded: 'crypto_up_down', assets: ['crypto:eth'] });
  }
  for (let i = 1; i <= 2; i++) {
    const end = T0 + i * 15 * MIN;
    const tk = `KXBTC15M-${tickerDate(end)}${new Date(end).toISOString().slice(11, 16).replace(':', '')}`;
    const ev = event({ id: tk, venue: 'venue_b', seriesTicker: 'KXBTC15M', title: 'Bitcoin price up in next 15 mins?', category: 'crypto', tags: ['crypto', 'bitcoin', '15m'] });
    market(ev, { nativeId: `${tk}-00`, question: 'Will Bitcoin be up in the next 15 minutes?', p: 0.5, endDate: end, createdAt: end - HOUR, excluded: 'crypto_up_down', assets: ['crypto:btc'] });
  }
  // 7. Solana: venue_a plus a single-contract venue_b event (broker-listed).
  {
    const ev = event({ id: `solana-price-${year}`, slug: `solana-price-${year}`, venue: 'venue_a', title: `Solana price in ${year}`, category: 'crypto', tags: ['crypto', 'solana'] });
    for (const [q, p] of [[`Will Solana reach $300 in ${year}?`, 0.12], [`Will Solana dip to $120 in ${year}?`, 0.22]]) market(ev, { slug: slugify(q), question: q, p, endDate: yearEnd, createdAt: created(90), assets: ['crypto:sol'] });
    const tk = `KXSOLMAXY-${String(year).slice(2)}`;
    const evb = event({ id: tk, venue: 'venue_b', seriesTicker: 'KXSOLMAXY', title: `How high will Solana get in ${year}?`, category: 'crypto', tags: ['crypto', 'solana'], broker: broker('crypto', tk) });
    market(evb, { nativeId: `${tk}-300`, slug: `solana-above-300-${year}`, question: `Will Solana trade above $300 before the end of ${year}?`, p: 0.11, endDate: yearEnd, createdAt: created(60), assets: ['crypto:sol'] });
  }
  // 8. Sports (excluded).
  {
    const d = longDate(T0 + DAY);
    const ev = event({ id: slugify(`nba lakers celtics ${d}`), slug: slugify(`nba lakers celtics ${d}`), venue: 'venue_a', title: `Lakers vs. Celtics (${d})`, category: 'sports', tags: ['sports', 'nba'], mutuallyExclusive: true });
    for (const [team, p] of [['Lakers', 0.44], ['Celtics', 0.56]]) market(ev, { slug: slugify(`${team} win ${d}`), question: `Will the ${team} win on ${d}?`, outcome: team, p, endDate: T0 + 30 * HOUR, createdAt: created(3), excluded: 'sports' });
    const ev2 = event({ id: `pro-football-champion-${year + 1}`, slug: `pro-football-champion-${year + 1}`, venue: 'venue_a', title: `Pro Football Champion ${year + 1}`, category: 'sports', tags: ['sports', 'nfl'], mutuallyExclusive: true });
    for (const [team, p] of [['Harbor City Gulls', 0.18], ['Mesa Rattlers', 0.12], ['Northfield Pines', 0.09]]) market(ev2, { slug: slugify(`${team} champion ${year + 1}`), question: `Will the ${team} win the ${year + 1} championship?`, outcome: team, p, endDate: Date.UTC(year + 1, 1, 10), createdAt: created(120), excluded: 'sports' });
    const tk = `KXNBAGAME-${tickerDate(T0 + DAY)}LALBOS`;
    const evb = event({ id: tk, venue: 'venue_b', seriesTicker: 'KXNBAGAME', title: `Los Angeles L at Boston (${d})`, category: 'sports', tags: ['sports', 'nba'], mutuallyExclusive: true });
    market(evb, { nativeId: `${tk}-LAL`, question: `Will Los Angeles L win the game on ${d}?`, p: 0.43, endDate: T0 + 30 * HOUR, createdAt: created(3), excluded: 'sports' });
    market(evb, { nativeId: `${tk}-BOS`, question: `Will Boston win the game on ${d}?`, p: 0.57, endDate: T0 + 30 * HOUR, createdAt: created(3), excluded: 'sports' });
    const evc = event({ id: 'sports-misc', venue: 'venue_c', title: 'Sports', category: 'sports', tags: ['sports'] });
    market(evc, { slug: 'marathon-record-this-year', question: 'Will the marathon world record fall this year?', endDate: yearEnd, createdAt: created(50), excluded: 'sports' });
  }
  // 9. Mentions (excluded).
  {
    const when = T0 + 2 * DAY;
    const tk = `KXFEDMENTION-${tickerDate(when)}`;
    const ev = event({ id: tk, venue: 'venue_b', seriesTicker: 'KXFEDMENTION', title: `What will the Fed Chair say at the ${longDate(when)} press conference?`, category: 'mentions', tags: ['mentions', 'fed'] });
    for (const w of ['Tariff', 'Recession', 'Soft landing']) market(ev, { nativeId: `${tk}-${w.replace(/\s/g, '').toUpperCase()}`, question: `Will the Fed Chair say "${w}" at the press conference?`, subtitle: w, endDate: when, createdAt: created(4), excluded: 'mentions' });
    const eva = event({ id: 'what-will-the-governor-say-this-week', slug: 'what-will-the-governor-say-this-week', venue: 'venue_a', title: 'What will the Governor say this week?', category: 'mentions', tags: ['mentions'] });
    market(eva, { slug: 'governor-says-crypto-this-week', question: 'Will the Governor say "crypto" this week?', outcome: 'crypto', endDate: T0 + 5 * DAY, createdAt: created(2), excluded: 'mentions' });
  }
  buildMacro(cat, { T0, created, year, yearEnd, closeAt, broker });
  return cat;
}

// Macro, companies, commodities, indexes, politics, tech and closed markets.
function buildMacro(cat, { created, year, yearEnd, closeAt, broker: brk }) {
  const { event, market } = cat;
  const month = tickerDate(T0 + 20 * DAY).slice(0, 5);
  const meeting = T0 + 19 * DAY;
  // Fed decision.
  const fedTk = `KXFED-${month}`;
  const fed = event({ id: fedTk, venue: 'venue_b', seriesTicker: 'KXFED', title: `Fed decision in ${longDate(meeting).split(' ')[0]}`, category: 'economics', tags: ['economics', 'fed', 'rates'], mutuallyExclusive: true, broker: brk('economics', fedTk) });
  for (const [sfx, label, p] of [['H0', 'Hold', 0.58], ['C25', 'Cut 25bps', 0.36], ['C50', 'Cut >25bps', 0.04], ['H25', 'Hike', 0.02]]) {
    market(fed, { nativeId: `${fedTk}-${sfx}`, slug: sfx === 'H0' ? `fed-holds-${month.toLowerCase()}` : null, question: `Will the Fed decision be "${label}"?`, subtitle: label, p, endDate: meeting, createdAt: created(35), assets: ['rate:fed-funds'], affects: ['index:spx'] });
  }
  const feda = event({ id: 'fed-decision-next-meeting', slug: 'fed-decision-next-meeting', venue: 'venue_a', title: 'Fed decision at the next meeting?', category: 'economics', tags: ['economics', 'fed'], mutuallyExclusive: true });
  for (const [o, p] of [['No change', 0.57], ['25 bps decrease', 0.37], ['50+ bps decrease', 0.05]]) market(feda, { slug: slugify(`fed ${o} next meeting`), question: `Fed decision at the next meeting: ${o}?`, outcome: o, p, endDate: meeting, createdAt: created(60), assets: ['rate:fed-funds'], affects: ['index:spx'] });
  market(event({ id: 'macro-c', venue: 'venue_c', title: 'Macro', category: 'economics', tags: ['economics'] }), { slug: null, question: `How many Fed rate cuts in ${year + 1}: three or more?`, p: 0.33, endDate: Date.UTC(year + 1, 11, 31), createdAt: created(70), assets: ['rate:fed-funds'] });
  market(event({ id: 'us-macro', venue: 'venue_a_us', title: 'Macro (US)', category: 'economics', tags: ['economics'] }), { slug: 'fed-cuts-at-next-meeting', question: 'Will the Fed cut rates at the next meeting?', p: 0.39, endDate: meeting, createdAt: created(20), assets: ['rate:fed-funds'] });
  // CPI ladder (broker-listed) plus a venue_a market.
  const cpiTk = `KXCPIYOY-${month}`;
  const cpi = event({ id: cpiTk, venue: 'venue_b', seriesTicker: 'KXCPIYOY', title: 'US inflation (CPI, year over year)', category: 'economics', tags: ['economics', 'inflation', 'cpi'], broker: brk('economics', cpiTk) });
  for (const s of [2.6, 2.7, 2.8, 2.9, 3.0]) market(cpi, { nativeId: `${cpiTk}-T${s.toFixed(1)}`, question: `Will CPI inflation be above ${s.toFixed(1)}% year over year?`, subtitle: `Above ${s.toFixed(1)}%`, strike: { type: 'greater', floor: s, cap: null }, p: aboveProb(2.82, s, 0.08), endDate: T0 + 14 * DAY, createdAt: created(25), assets: ['macro:us-cpi'] });
  const cpia = event({ id: 'us-cpi-next-print', slug: 'us-cpi-next-print', venue: 'venue_a', title: 'US CPI next print', category: 'economics', tags: ['economics', 'inflation'] });
  market(cpia, { slug: 'us-cpi-above-3-next-print', question: 'Will US CPI be above 3.0% year over year in the next print?', p: 0.21, endDate: T0 + 14 * DAY, createdAt: created(25), assets: ['macro:us-cpi'] });
  // Recession: linked to assets only by AFFECTS.
  market(event({ id: `us-recession-${year + 1}`, slug: `us-recession-${year + 1}`, venue: 'venue_a', title: `US recession in ${year + 1}?`, category: 'economics', tags: ['economics', 'recession'] }), { slug: `us-recession-in-${year + 1}`, question: `Will the US enter a recession in ${year + 1}?`, p: 0.27, endDate: Date.UTC(year + 1, 11, 31), createdAt: created(150), affects: ['index:spx', 'rate:fed-funds'] });
  // Companies.
  const co = (ticker, assetKey, qs) => {
    const ev = event({ id: `${ticker.toLowerCase()}-${year}`, slug: `${ticker.toLowerCase()}-${year}`, venue: 'venue_a', title: `${ticker} in ${year}`, category: 'companies', tags: ['companies', 'stocks', ticker.toLowerCase()] });
    qs.forEach(([q, p]) => market(ev, { slug: slugify(q), question: q, p, endDate: yearEnd, createdAt: created(80), assets: [assetKey], affects: ticker === 'NVDA' ? ['index:spx'] : [] }));
  };
  co('NVDA', 'equity:nvda', [['Will NVIDIA beat consensus revenue estimates next quarter?', 0.74], [`Will NVIDIA be the largest company by market cap on December 31, ${year}?`, 0.61], ['Will NVDA close above $200 at month end?', 0.29]]);
  co('AAPL', 'equity:aapl', [['Will Apple announce a foldable phone before June?', 0.18], [`Will Apple's market cap exceed $4T in ${year}?`, 0.46]]);
  co('TSLA', 'equity:tsla', [['Will Tesla deliver more than 450k vehicles this quarter?', 0.41], ['Will Tesla launch a paid robotaxi service in a new city this quarter?', 0.35], ['Will TSLA close above $400 at month end?', 0.37]]);
  co('MSFT', 'equity:msft', [['Will Microsoft report Azure growth above 35% next quarter?', 0.52]]);
  const nvTk = `KXNVDA-${tickerDate(closeAt(0))}`;
  const nvb = event({ id: nvTk, venue: 'venue_b', seriesTicker: 'KXNVDA', title: `NVIDIA close on ${longDate(closeAt(0))}`, category: 'companies', tags: ['companies', 'nvda'] });
  for (const s of [170, 180, 190, 200]) market(nvb, { nativeId: `${nvTk}-T${s}`, question: `Will NVDA close above $${s} on ${longDate(closeAt(0))}?`, strike: { type: 'greater', floor: s, cap: null }, p: aboveProb(183, s, 5), endDate: closeAt(0), createdAt: created(6), assets: ['equity:nvda'] });
  market(event({ id: 'KXAAPLEVT-26', venue: 'venue_b', seriesTicker: 'KXAAPLEVT', title: 'Apple product event', category: 'companies', tags: ['companies', 'aapl'], broker: brk('companies', 'KXAAPLEVT-26') }), { nativeId: 'KXAAPLEVT-26-FOLD', slug: 'apple-foldable-announced', question: 'Will Apple announce a foldable device at its next event?', p: 0.16, endDate: yearEnd, createdAt: created(45), assets: ['equity:aapl'] });
  const tsTk = `KXTSLADEL-${String(year).slice(2)}Q`;
  const tsb = event({ id: tsTk, venue: 'venue_b', seriesTicker: 'KXTSLADEL', title: 'Tesla quarterly deliveries', category: 'companies', tags: ['companies', 'tsla'] });
  for (const s of [400, 450, 500]) market(tsb, { nativeId: `${tsTk}-T${s}K`, question: `Will Tesla deliver more than ${s}k vehicles this quarter?`, strike: { type: 'greater', floor: s * 1000, cap: null }, p: aboveProb(440, s, 25), endDate: yearEnd, createdAt: created(50), assets: ['equity:tsla'] });
  market(event({ id: 'us-companies', venue: 'venue_a_us', title: 'Companies (US)', category: 'companies', tags: ['companies'] }), { slug: 'tesla-robotaxi-new-city', question: 'Will Tesla launch robotaxi service in a new city this quarter?', p: 0.33, endDate: yearEnd, createdAt: created(15), assets: ['equity:tsla'] });
  market(event({ id: 'tech-c', venue: 'venue_c', title: 'Technology', category: 'technology', tags: ['technology', 'ai'] }), { slug: 'nvidia-export-rules-eased', question: 'Will chip export rules be eased for NVIDIA this quarter?', p: 0.22, endDate: yearEnd, createdAt: created(30), assets: ['equity:nvda'] });
  // Crude oil (WTI) ladders (broker-listed, null slugs), venue_a and venue_c.
  for (let k = 0; k < 2; k++) {
    const tk = `KXWTI-${tickerDate(closeAt(k))}`;
    const ev = event({ id: tk, venue: 'venue_b', seriesTicker: 'KXWTI', title: `WTI crude oil price on ${longDate(closeAt(k))}`, category: 'commodities', tags: ['commodities', 'oil', 'wti', 'daily'], broker: brk('commodities', tk) });
    for (let s = 66; s <= 71; s++) market(ev, { nativeId: `${tk}-T${s}`, question: `Will WTI crude settle above $${s} on ${longDate(closeAt(k))}?`, strike: { type: 'greater', floor: s, cap: null }, p: aboveProb(68.6, s, 0.9), endDate: closeAt(k), createdAt: closeAt(k) - 3 * DAY, assets: ['commodity:wti'] });
  }
  const oila = event({ id: 'wti-crude-month-end', slug: 'wti-crude-month-end', venue: 'venue_a', title: 'WTI crude at month end', category: 'commodities', tags: ['commodities', 'oil'] });
  for (const [q, p] of [['Will WTI crude close above $75 at month end?', 0.14], ['Will WTI crude close below $60 at month end?', 0.08], ['Will WTI crude hit $80 before year end?', 0.09]]) market(oila, { slug: slugify(q), question: q, p, endDate: yearEnd, createdAt: created(28), assets: ['commodity:wti'] });
  market(event({ id: 'energy-c', venue: 'venue_c', title: 'Energy', category: 'commodities', tags: ['commodities', 'oil'] }), { slug: 'opec-cut-announced', question: 'Will OPEC+ announce a new production cut this quarter?', p: 0.24, endDate: yearEnd, createdAt: created(22), assets: ['commodity:wti'] });
  // Gold and the S&P 500.
  const gTk = `KXGOLDD-${tickerDate(closeAt(0))}`;
  const gold = event({ id: gTk, venue: 'venue_b', seriesTicker: 'KXGOLDD', title: `Gold price on ${longDate(closeAt(0))}`, category: 'commodities', tags: ['commodities', 'gold'] });
  for (const s of [3900, 4000, 4100, 4200]) market(gold, { nativeId: `${gTk}-T${s}`, question: `Will gold settle above $${fmt(s)} on ${longDate(closeAt(0))}?`, strike: { type: 'greater', floor: s, cap: null }, p: aboveProb(4040, s, 45), endDate: closeAt(0), createdAt: created(3), assets: ['commodity:gold'] });
  const golda = event({ id: `gold-${year}`, slug: `gold-${year}`, venue: 'venue_a', title: `Gold in ${year}`, category: 'commodities', tags: ['commodities', 'gold'] });
  for (const [q, p] of [[`Will gold reach $4,500 in ${year}?`, 0.12], ['Will gold outperform Bitcoin this quarter?', 0.55]]) market(golda, { slug: slugify(q), question: q, p, endDate: yearEnd, createdAt: created(64), assets: ['commodity:gold'] });
  const sTk = `KXINX-${tickerDate(closeAt(0))}`;
  const spx = event({ id: sTk, venue: 'venue_b', seriesTicker: 'KXINX', title: `S&P 500 close on ${longDate(closeAt(0))}`, category: 'financials', tags: ['financials', 'sp500', 'daily'] });
  for (let s = 6650; s <= 6900; s += 50) market(spx, { nativeId: `${sTk}-T${s}`, question: `Will the S&P 500 close above ${fmt(s)} on ${longDate(closeAt(0))}?`, strike: { type: 'greater', floor: s, cap: null }, p: aboveProb(6790, s, 40), endDate: closeAt(0), createdAt: created(4), assets: ['index:spx'], affects: ['equity:nvda', 'equity:aapl'] });
  const spa = event({ id: `sp500-${year}`, slug: `sp500-${year}`, venue: 'venue_a', title: `S&P 500 in ${year}`, category: 'financials', tags: ['financials', 'sp500'] });
  for (const [q, p] of [[`Will the S&P 500 close ${year} above 7,000?`, 0.34], ['Will the S&P 500 fall 10% from its high this quarter?', 0.11]]) market(spa, { slug: slugify(q), question: q, p, endDate: yearEnd, createdAt: created(100), assets: ['index:spx'], affects: ['equity:nvda'] });
  // Politics (fictional jurisdictions), one disputed market.
  const pol = event({ id: `riverland-governor-${year + 1}`, slug: `riverland-governor-${year + 1}`, venue: 'venue_a', title: `Riverland governor election ${year + 1}`, category: 'politics', tags: ['politics', 'elections'], mutuallyExclusive: true });
  [['Avery Stone', 0.41], ['Jordan Vale', 0.33], ['Casey Moreno', 0.14], ['Riley Chen', 0.08], ['Other', 0.04]].forEach(([n, p], i) => market(pol, {
    slug: slugify(`${n} riverland governor`), question: `Will ${n} win the ${year + 1} Riverland governor election?`, outcome: n, p, endDate: Date.UTC(year + 1, 10, 3), createdAt: created(140),
    inDispute: i === 3, clarifications: i === 3 ? [{ issued_at: new Date(T0 - 2 * DAY).toISOString(), text: 'A candidate who withdraws after ballots are printed still counts as listed.' }] : null,
  }));
  const polc = event({ id: 'politics-c', venue: 'venue_c', title: 'Politics', category: 'politics', tags: ['politics'] });
  ['Will the Lakeshore budget pass before the fiscal deadline?', 'Will the Northern Province hold a snap election this year?', 'Will the transit referendum pass?'].forEach((q, i) => market(polc, { slug: i === 1 ? null : slugify(q), question: q, endDate: yearEnd, createdAt: created(33 + i) }));
  const polu = event({ id: 'us-politics', venue: 'venue_a_us', title: 'Politics (US)', category: 'politics', tags: ['politics'] });
  [`Will Avery Stone win the ${year + 1} Riverland governor election?`, 'Will the transit referendum pass?'].forEach((q) => market(polu, { slug: slugify(q), question: q, endDate: yearEnd, createdAt: created(21) }));
  const shTk = `KXSHUTDOWN-${String(year + 1).slice(2)}JAN`;
  market(event({ id: shTk, venue: 'venue_b', seriesTicker: 'KXSHUTDOWN', title: 'Government shutdown by January 31?', category: 'politics', tags: ['politics', 'government'], broker: brk('politics', shTk) }), { nativeId: `${shTk}-Y`, slug: 'government-shutdown-by-jan-31', question: 'Will the federal government shut down before January 31?', p: 0.19, endDate: Date.UTC(year + 1, 0, 31), createdAt: created(18) });
  // Technology and culture, no assets.
  const tech = event({ id: `ai-${year}`, slug: `ai-${year}`, venue: 'venue_a', title: `AI milestones ${year}`, category: 'technology', tags: ['technology', 'ai'] });
  ['Will a frontier lab release a new flagship model before March?', 'Will an AI system win a gold medal at an olympiad this year?', 'Will a humanoid robot be sold to consumers for under $20k this year?', 'Will an open-weights model top the public leaderboard this quarter?', 'Will a major chip foundry announce a 1nm node this year?', 'Will a fully autonomous ride-hailing service launch in Europe this year?']
    .forEach((q, i) => market(tech, { slug: slugify(q), question: q, endDate: yearEnd, createdAt: created(55 + i) }));
  const techc = event({ id: 'culture-c', venue: 'venue_c', title: 'Culture and science', category: 'culture', tags: ['culture'] });
  ['Will the top-grossing film this month earn over $300M worldwide?', 'Will a new element be confirmed this year?', 'Will the streaming awards show draw more viewers than last year?', 'Will a crewed lunar flyby launch this year?'].forEach((q, i) => market(techc, { slug: i === 2 ? null : slugify(q), question: q, endDate: yearEnd, createdAt: created(44 + i) }));
  const wx = `KXHIGHNY-${tickerDate(closeAt(0))}`;
  const wxe = event({ id: wx, venue: 'venue_b', seriesTicker: 'KXHIGHNY', title: `Highest temperature in the City on ${longDate(closeAt(0))}`, category: 'climate', tags: ['climate', 'weather', 'daily'], mutuallyExclusive: true });
  [['B40', '39° or below', 0.22], ['B41', '40° to 44°', 0.51], ['T45', '45° or above', 0.27]].forEach(([s, label, p]) => market(wxe, { nativeId: `${wx}-${s}`, question: `Will the high temperature be ${label}?`, subtitle: label, p, endDate: closeAt(0), createdAt: created(2) }));
  // Closed venue_a markets (inactive; they keep their stored forecasts).
  const old = event({ id: 'closed-questions', slug: 'closed-questions', venue: 'venue_a', title: 'Resolved questions', category: 'economics', tags: ['economics'] });
  ['Did the Fed hold rates at the previous meeting?', 'Did WTI settle above $70 last Friday?', 'Did Bitcoin close last week above $95,000?'].forEach((q, i) => market(old, { slug: slugify(q), question: q, endDate: T0 - (2 + i) * DAY, createdAt: created(40), active: false, assets: i === 1 ? ['commodity:wti'] : i === 2 ? ['crypto:btc'] : ['rate:fed-funds'] }));
}
