// The covered-market catalog: four venues, multi- and single-contract events,
// topic-excluded markets (sports, mentions, short-horizon crypto up/down) next
// to in-scope daily crypto markets, settled rows, null slugs, broker listings.
// All timestamps are offsets from the process start T0.
import { Rng, sha256Hex, round, clamp } from '../util/rng.mjs';
import { DAY, HOUR, MINUTE, utcDayStart, dateCode, longDate } from '../util/time.mjs';

const slugify = (s) => s.toLowerCase().replace(/\$/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
const money = (n) => '$' + n.toLocaleString('en-US');
const sig = (x) => 1 / (1 + Math.exp(-x));

export function buildMarkets(T0) {
  const rng = new Rng('cirrus-markets-v1');
  const day0 = utcDayStart(T0);
  const at = (d, h = 21) => day0 + d * DAY + h * HOUR;
  const markets = [];
  const events = new Map();
  let aId = 512003;
  let aEvt = 90011;
  let usId = 4101;

  function event(venue, e) {
    const ev = { venue, children: [], mutuallyExclusive: false, subtitle: '', ...e };
    events.set(`${venue}:${ev.id}`, ev);
    return ev;
  }

  function mk(o) {
    const venue = o.venue;
    const isLive = venue === 'venue_a' || venue === 'venue_b';
    const settled = o.endMs < T0;
    const p = clamp(o.p ?? rng.float(0.08, 0.92), 0.02, 0.98);
    let quote = null;
    if (!settled) {
      if (isLive) {
        const r = rng.next();
        const method = r < 0.6 ? 'midpoint' : r < 0.7 ? 'bid' : r < 0.8 ? 'ask' : r < 0.95 ? 'last_trade_fresh' : null;
        if (method) {
          const s = rng.float(0.01, 0.04);
          quote = { method, bid: round(clamp(p - s / 2, 0.01, 0.99), 3), ask: round(clamp(p + s / 2, 0.01, 0.99), 3), last: round(clamp(p + rng.float(-0.01, 0.01), 0.01, 0.99), 3), ageSec: rng.int(2, 90) };
        }
      } else {
        quote = { method: 'graph_snapshot', bid: null, ask: null, last: round(p, 3), ageSec: rng.int(3600, 6 * 3600) };
      }
    }
    const m = {
      idx: markets.length,
      venue,
      nativeMarketId: o.nativeMarketId,
      nativeEventId: o.ev ? String(o.ev.id) : null,
      seriesTicker: o.ev?.seriesTicker ?? null,
      slug: o.slug ?? null,
      question: o.question ?? null,
      ev: o.ev ?? null,
      tags: o.tags ?? [],
      categories: o.categories ?? [],
      endMs: o.endMs,
      active: !settled,
      status: settled ? 'settled' : 'open',
      excluded: o.excluded ?? null,
      assets: o.assets ?? [],
      affects: o.affects ?? [],
      p,
      quote,
      volume24h: venue === 'venue_c' && rng.chance(0.3) ? null : round(Math.exp(rng.float(6, 13)), 2),
      openInterest: round(Math.exp(rng.float(7, 14)), 0),
      inDispute: false,
      clarifications: null,
      broker: o.broker ?? null,
      title: o.title ?? o.question,
      subtitle: o.subtitle ?? '',
      strikeType: o.strikeType ?? 'binary',
      floorStrike: o.floorStrike ?? null,
      capStrike: o.capStrike ?? null,
      outcomeLabel: o.outcomeLabel ?? 'Yes',
      updatedAt: T0 - rng.int(5, 72 * 60) * MINUTE,
      conditionId: venue === 'venue_a' ? '0x' + sha256Hex('cond:' + o.nativeMarketId) : null,
    };
    m.marketKey = `${venue}:${m.nativeMarketId}`;
    m.serviceMarketId = venue === 'venue_a' ? m.nativeMarketId : m.marketKey;
    if (venue === 'venue_a') m.marketUrl = m.slug && m.ev?.slug ? `https://venue-a.example/event/${m.ev.slug}/${m.slug}` : `https://venue-a.example/market/${m.nativeMarketId}`;
    else if (venue === 'venue_a_us') m.marketUrl = `https://us.venue-a.example/markets/${m.slug ?? m.nativeMarketId}`;
    else if (venue === 'venue_b') m.marketUrl = `https://venue-b.example/markets/${m.seriesTicker.toLowerCase()}/${m.nativeEventId.toLowerCase()}`;
    else m.marketUrl = rng.chance(0.2) ? null : `https://venue-c.example/m/${m.nativeMarketId}`;
    if (venue === 'venue_a') m.sourceUrl = `https://gamma.venue-a.example/markets/${m.nativeMarketId}`;
    else if (venue === 'venue_b') m.sourceUrl = `https://api.venue-b.example/v2/markets/${m.nativeMarketId}`;
    else if (venue === 'venue_a_us') m.sourceUrl = `https://api.us.venue-a.example/v1/markets/${m.nativeMarketId}`;
    else m.sourceUrl = rng.chance(0.25) ? null : `https://api.venue-c.example/markets/${m.nativeMarketId}`;
    if (o.ev) o.ev.children.push(m);
    markets.push(m);
    return m;
  }

  // ---------- venue_b: multi-contract daily events ----------
  function vbLadder(series, title, dOff, strikes, fmt, probOf, extra) {
    const tkr = `${series}-${dateCode(at(dOff))}`;
    const ev = event('venue_b', { id: tkr, ticker: tkr, seriesTicker: series, slug: null, title: `${title} on ${longDate(at(dOff))}?`, category: extra.category, sourceUrl: `https://venue-b.example/markets/${series.toLowerCase()}/${tkr.toLowerCase()}`, mutuallyExclusive: !!extra.between });
    strikes.forEach((k, i) => {
      const child = `${tkr}-${extra.between ? 'B' : 'T'}${k}`;
      mk({
        venue: 'venue_b', nativeMarketId: child, ev, slug: extra.noSlug ? null : child.toLowerCase(),
        question: extra.between ? `Will ${extra.subject} be between ${fmt(k)} and ${fmt(k + extra.step)} on ${longDate(at(dOff))}?` : `Will ${extra.subject} be above ${fmt(k)} on ${longDate(at(dOff))}?`,
        title: extra.between ? `${fmt(k)} to ${fmt(k + extra.step)}` : `${fmt(k)} or above`, subtitle: extra.between ? `${fmt(k)}-${fmt(k + extra.step)}` : `${fmt(k)}+`,
        strikeType: extra.between ? 'between' : 'greater', floorStrike: k, capStrike: extra.between ? k + extra.step : null,
        tags: extra.tags, categories: extra.categories, endMs: at(dOff, extra.hour ?? 21), assets: extra.assets, affects: extra.affects,
        p: probOf(k, dOff), broker: extra.broker && dOff === 1 ? extra.broker : null, outcomeLabel: extra.between ? `${fmt(k)}-${fmt(k + extra.step)}` : `Above ${fmt(k)}`,
      });
    });
    return ev;
  }
  const btcBase = 97250;
  const above = (base, vol) => (k, d) => sig((base - k) / (base * vol * Math.sqrt(Math.max(d, 0.5))));
  for (const d of [-1, 1, 2, 3]) vbLadder('BTCD', 'Bitcoin price', d, [93000, 95000, 97000, 99000, 101000, 103000], money, above(btcBase, 0.018), { subject: 'the Bitcoin price', category: 'Crypto', tags: ['crypto', 'bitcoin', 'daily'], categories: ['Crypto'], assets: ['btc'], broker: { category: 'crypto' } });
  for (const d of [1, 2]) vbLadder('ETHD', 'Ethereum price', d, [3300, 3400, 3500, 3600], money, above(3460, 0.025), { subject: 'the Ethereum price', category: 'Crypto', tags: ['crypto', 'ethereum', 'daily'], categories: ['Crypto'], assets: ['eth'] });
  for (const d of [1, 2]) vbLadder('WTI', 'WTI crude oil settle', d, [58, 59, 60, 61, 62], (k) => `$${k}`, above(60.4, 0.012), { subject: 'the WTI front-month settle', category: 'Commodities', tags: ['oil', 'energy', 'commodities'], categories: ['Commodities', 'Energy'], assets: ['crude-wti'], affects: ['dal', 'xom'], hour: 19, broker: { category: 'commodities' } });
  for (const d of [1, 2]) vbLadder('HIGHNY', 'Highest temperature in NYC', d, [40, 42, 44, 46, 48], (k) => `${k}°F`, (k) => 0.08 + 0.25 * Math.exp(-((k - 44) ** 2) / 8), { subject: 'the NYC high temperature', category: 'Climate and Weather', tags: ['weather', 'temperature'], categories: ['Climate and Weather'], assets: ['nyc-temp'], between: true, step: 2, noSlug: true, hour: 23 });

  // Fed decision: mutually exclusive multi-contract event, broker listed.
  {
    const tkr = `FEDDECISION-${dateCode(at(19))}`;
    const ev = event('venue_b', { id: tkr, ticker: tkr, seriesTicker: 'FEDDECISION', slug: null, title: 'Fed decision at the next FOMC meeting', category: 'Economics', sourceUrl: `https://venue-b.example/markets/feddecision/${tkr.toLowerCase()}`, mutuallyExclusive: true });
    [['H0', 'Hold rates', 0.62], ['C25', 'Cut 25 bps', 0.34], ['C50', 'Cut 50+ bps', 0.04]].forEach(([s, t, p]) => mk({ venue: 'venue_b', nativeMarketId: `${tkr}-${s}`, ev, slug: `${tkr}-${s}`.toLowerCase(), question: `Will the Fed ${t.toLowerCase()} at the next FOMC meeting?`, title: t, subtitle: t, tags: ['fed', 'rates', 'economics'], categories: ['Economics'], endMs: at(19, 19), assets: ['fed-funds'], affects: ['gold', 'btc', 'us10y'], p, broker: { category: 'economics' }, outcomeLabel: t }));
  }
  {
    const tkr = `CPIYOY-${dateCode(at(14))}`;
    const ev = event('venue_b', { id: tkr, ticker: tkr, seriesTicker: 'CPIYOY', slug: null, title: 'CPI year-over-year in the next release', category: 'Economics', sourceUrl: `https://venue-b.example/markets/cpiyoy/${tkr.toLowerCase()}` });
    [2.8, 2.9, 3.0].forEach((k, i) => mk({ venue: 'venue_b', nativeMarketId: `${tkr}-T${k.toFixed(1)}`, ev, slug: null, question: `Will CPI inflation be above ${k.toFixed(1)}% year over year?`, title: `Above ${k.toFixed(1)}%`, strikeType: 'greater', floorStrike: k, tags: ['inflation', 'economics'], categories: ['Economics'], endMs: at(14, 13), assets: ['us-cpi'], affects: ['fed-funds'], p: [0.7, 0.45, 0.2][i] }));
  }
  // Single-contract events.
  function vbSingle(series, dOff, question, o) {
    const tkr = `${series}-${dateCode(at(dOff))}`;
    const ev = event('venue_b', { id: tkr, ticker: tkr, seriesTicker: series, slug: null, title: o.evTitle ?? question, category: o.category, sourceUrl: `https://venue-b.example/markets/${series.toLowerCase()}/${tkr.toLowerCase()}` });
    return mk({ venue: 'venue_b', nativeMarketId: `${tkr}-Y`, ev, slug: o.noSlug ? null : `${tkr}-y`.toLowerCase(), question, title: question, endMs: at(dOff, o.hour ?? 21), ...o });
  }
  vbSingle('GOVSHUT', 34, 'Will the US federal government shut down before the funding deadline?', { category: 'Politics', tags: ['politics', 'budget'], categories: ['Politics'], assets: ['us-gov'], affects: ['spx'], p: 0.23, broker: { category: 'politics' } });
  vbSingle('RECESSION', 400, 'Will the US enter a recession in 2026?', { category: 'Economics', tags: ['economics', 'recession'], categories: ['Economics'], assets: [], affects: ['spx', 'us-unemployment'], p: 0.27 });
  vbSingle('TSLADELIV', 45, 'Will Tesla report more than 480,000 deliveries for the quarter?', { category: 'Companies', tags: ['tesla', 'earnings'], categories: ['Companies'], assets: ['tsla'], p: 0.41 });
  vbSingle('OPENAIIPO', 380, 'Will OpenAI announce an IPO before the end of 2026?', { category: 'Tech', tags: ['ai', 'ipo'], categories: ['Tech', 'AI'], assets: ['openai'], p: 0.12, noSlug: true });
  vbSingle('BTCYEAR', 33, 'Will Bitcoin close the year above $100,000?', { category: 'Crypto', tags: ['crypto', 'bitcoin'], categories: ['Crypto'], assets: ['btc'], p: 0.44, broker: { category: 'crypto' } });
  // Excluded on venue_b: sports, mentions, short-horizon crypto up/down.
  {
    const tkr = `NBAGAME-${dateCode(at(1))}LALBOS`;
    const ev = event('venue_b', { id: tkr, ticker: tkr, seriesTicker: 'NBAGAME', slug: null, title: 'Los Angeles L at Boston C', category: 'Sports', sourceUrl: `https://venue-b.example/markets/nbagame/${tkr.toLowerCase()}`, mutuallyExclusive: true });
    [['LAL', 0.38], ['BOS', 0.62]].forEach(([t, p]) => mk({ venue: 'venue_b', nativeMarketId: `${tkr}-${t}`, ev, slug: `${tkr}-${t}`.toLowerCase(), question: `Will ${t} win the game?`, title: t, tags: ['sports', 'basketball'], categories: ['Sports'], endMs: at(1, 3), excluded: 'sports', p, outcomeLabel: t }));
  }
  {
    const tkr = `MENTIONFED-${dateCode(at(19))}`;
    const ev = event('venue_b', { id: tkr, ticker: tkr, seriesTicker: 'MENTIONFED', slug: null, title: 'What will the Fed chair say at the press conference?', category: 'Mentions', sourceUrl: `https://venue-b.example/markets/mentionfed/${tkr.toLowerCase()}` });
    ['INFLATION', 'TARIFF', 'RECESSION'].forEach((w, i) => mk({ venue: 'venue_b', nativeMarketId: `${tkr}-${w}`, ev, slug: `${tkr}-${w}`.toLowerCase(), question: `Will the Fed chair say "${w.toLowerCase()}" at the press conference?`, title: w, tags: ['mentions', 'fed'], categories: ['Mentions'], endMs: at(19, 20), excluded: 'mentions', assets: [], affects: ['fed-funds'], p: [0.95, 0.6, 0.3][i] }));
  }
  vbSingle('BTCUP15', 0, 'Bitcoin up or down in the next 15 minutes?', { category: 'Crypto', tags: ['crypto', 'up-or-down', '15m'], categories: ['Crypto'], assets: ['btc'], excluded: 'crypto_up_down', p: 0.5, hour: 23 });
  vbSingle('BTCUPH', 1, 'Bitcoin up or down this hour?', { category: 'Crypto', tags: ['crypto', 'up-or-down', 'hourly'], categories: ['Crypto'], assets: ['btc'], excluded: 'crypto_up_down', p: 0.52, hour: 15 });
  vbSingle('ETHUP15', 1, 'Ethereum up or down in the next 15 minutes?', { category: 'Crypto', tags: ['crypto', 'up-or-down', '15m'], categories: ['Crypto'], assets: ['eth'], excluded: 'crypto_up_down', p: 0.49, hour: 16 });

  // ---------- venue_a: events with one or many markets ----------
  function vaEvent(title, category, tags, categories) {
    const id = String(aEvt); aEvt += 7;
    return event('venue_a', { id, ticker: slugify(title), slug: slugify(title), title, category, tags, categories, sourceUrl: `https://venue-a.example/event/${slugify(title)}` });
  }
  function va(ev, question, o) {
    aId += 3 + (aId % 37);
    const slug = o.noSlug ? null : slugify(o.slugText ?? question);
    return mk({ venue: 'venue_a', nativeMarketId: String(aId), ev, slug, question, tags: ev.tags, categories: ev.categories, ...o });
  }
  for (const d of [-1, 1, 2, 3]) {
    const ev = vaEvent(`Bitcoin above ___ on ${longDate(at(d))}?`, 'Crypto', ['crypto', 'bitcoin'], ['Crypto']);
    ev.mutuallyExclusive = false;
    for (const k of [92000, 94000, 96000, 98000, 100000, 102000, 104000]) va(ev, `Will the price of Bitcoin be above ${money(k)} on ${longDate(at(d))}?`, { slugText: `bitcoin above ${k / 1000}k on ${longDate(at(d))}`, endMs: at(d, 17), assets: ['btc'], p: above(btcBase, 0.018)(k, d), outcomeLabel: `↑ ${money(k)}`, floorStrike: k, strikeType: 'greater' });
  }
  for (const d of [1, 2]) {
    const ev = vaEvent(`Ethereum above ___ on ${longDate(at(d))}?`, 'Crypto', ['crypto', 'ethereum'], ['Crypto']);
    for (const k of [3200, 3400, 3600, 3800]) va(ev, `Will the price of Ethereum be above ${money(k)} on ${longDate(at(d))}?`, { endMs: at(d, 17), assets: ['eth'], p: above(3460, 0.025)(k, d), outcomeLabel: `↑ ${money(k)}`, floorStrike: k });
  }
  {
    const ev = vaEvent(`Solana price on ${longDate(at(1))}?`, 'Crypto', ['crypto', 'solana'], ['Crypto']);
    for (const k of [180, 200, 220, 240]) va(ev, `Will Solana be above ${money(k)} on ${longDate(at(1))}?`, { endMs: at(1, 17), assets: ['sol'], p: above(205, 0.03)(k, 1), outcomeLabel: `↑ ${money(k)}` });
  }
  {
    const ev = vaEvent('Fed decision in the next meeting?', 'Economics', ['fed', 'rates', 'economics'], ['Economics', 'Finance']);
    ev.mutuallyExclusive = true;
    [['No change', 0.6], ['25 bps decrease', 0.36], ['50+ bps decrease', 0.04]].forEach(([t, p]) => va(ev, `Will the Fed announce ${t.toLowerCase()} at the next meeting?`, { endMs: at(19, 19), assets: ['fed-funds'], affects: ['gold', 'us10y'], p, outcomeLabel: t }));
  }
  // Single-market events across companies, commodities, macro.
  const singles = [
    ['aapl', 'Apple', [220, 240, 260], 'Companies', 5], ['nvda', 'NVIDIA', [130, 145, 160, 175], 'Companies', 5], ['tsla', 'Tesla', [300, 350, 400], 'Companies', 5],
    ['msft', 'Microsoft', [400, 450], 'Companies', 5], ['googl', 'Alphabet', [170, 190], 'Companies', 5], ['amzn', 'Amazon', [200, 220], 'Companies', 5],
    ['meta', 'Meta', [550, 600], 'Companies', 5], ['xom', 'Exxon Mobil', [110, 120], 'Companies', 12], ['dal', 'Delta Air Lines', [55, 65], 'Companies', 12],
    ['ba', 'Boeing', [150, 170], 'Companies', 12], ['gold', 'Gold', [2600, 2700, 2800], 'Commodities', 30], ['copper', 'Copper', [4.2, 4.6], 'Commodities', 30],
    ['natgas', 'Natural gas', [3, 3.5], 'Commodities', 30], ['crude-brent', 'Brent crude', [62, 66], 'Commodities', 30], ['spx', 'The S&P 500', [5800, 6000, 6200], 'Indices', 33],
    ['ndx', 'The Nasdaq-100', [20000, 21000], 'Indices', 33], ['eurusd', 'EUR/USD', [1.04, 1.08], 'FX', 33], ['us10y', 'The 10-year Treasury yield', [4.0, 4.5], 'Rates', 33],
    ['doge', 'Dogecoin', [0.5, 1], 'Crypto', 33], ['xrp', 'XRP', [2, 3], 'Crypto', 33],
  ];
  for (const [key, name, ks, cat, dd] of singles) {
    for (const k of ks) {
      const q = `Will ${name} close above ${cat === 'Rates' ? k + '%' : money(k)} on ${longDate(at(dd))}?`;
      const ev = vaEvent(q, cat, [cat.toLowerCase(), key], [cat]);
      va(ev, q, { endMs: at(dd, 21), assets: [key], affects: key === 'gold' ? ['fed-funds'] : [], noSlug: key === 'xrp' && k === 3, p: rng.float(0.15, 0.85) });
    }
  }
  {
    const ev = vaEvent('Will WTI crude hit $70 before year end?', 'Commodities', ['oil', 'energy', 'commodities'], ['Commodities', 'Energy']);
    va(ev, 'Will WTI crude hit $70 before year end?', { endMs: at(33), assets: ['crude-wti'], affects: ['dal'], p: 0.18 });
    const ev2 = vaEvent('Will WTI crude fall below $55 before year end?', 'Commodities', ['oil', 'energy', 'commodities'], ['Commodities', 'Energy']);
    va(ev2, 'Will WTI crude fall below $55 before year end?', { endMs: at(33), assets: ['crude-wti'], p: 0.22 });
    const ev3 = vaEvent('Will Bitcoin close above $100,000 on December 31?', 'Crypto', ['crypto', 'bitcoin', 'daily'], ['Crypto']);
    va(ev3, 'Will Bitcoin close above $100,000 on December 31?', { endMs: at(33, 23), assets: ['btc'], p: 0.46 });
    const ev4 = vaEvent('Will US unemployment be above 4.5% in the next report?', 'Economics', ['economics', 'jobs'], ['Economics']);
    va(ev4, 'Will US unemployment be above 4.5% in the next report?', { endMs: at(9, 13), assets: ['us-unemployment'], affects: ['fed-funds'], p: 0.21 });
    // Linked only by AFFECTS: no HAS_MARKET edge from any asset.
    const ev5 = vaEvent('Will a major oil supply disruption be declared this month?', 'Geopolitics', ['geopolitics', 'oil'], ['World']);
    va(ev5, 'Will a major oil supply disruption be declared this month?', { endMs: at(28), assets: [], affects: ['crude-wti', 'crude-brent', 'xom'], p: 0.09, noSlug: true });
    const ev6 = vaEvent('Will the ECB cut rates at its next meeting?', 'Economics', ['economics', 'ecb', 'rates'], ['Economics']);
    va(ev6, 'Will the ECB cut rates at its next meeting?', { endMs: at(16), assets: [], affects: ['eurusd'], p: 0.7 });
    const ev7 = vaEvent('Will OpenAI release a new frontier model this quarter?', 'Tech', ['ai', 'tech'], ['Tech', 'AI']);
    va(ev7, 'Will OpenAI release a new frontier model this quarter?', { endMs: at(40), assets: ['openai'], affects: ['msft', 'nvda'], p: 0.58 });
  }
  // Excluded on venue_a.
  {
    const ev = vaEvent(`Bitcoin Up or Down - ${longDate(at(0))}, 3:15PM-3:30PM ET`, 'Crypto', ['crypto', 'up-or-down', '15m'], ['Crypto']);
    va(ev, `Bitcoin Up or Down - ${longDate(at(0))}, 3:15PM-3:30PM ET`, { endMs: at(0, 23), assets: ['btc'], excluded: 'crypto_up_down', p: 0.5 });
    const ev2 = vaEvent(`Ethereum Up or Down - ${longDate(at(1))}, 4PM ET`, 'Crypto', ['crypto', 'up-or-down', 'hourly'], ['Crypto']);
    va(ev2, `Ethereum Up or Down - ${longDate(at(1))}, 4PM ET`, { endMs: at(1, 21), assets: ['eth'], excluded: 'crypto_up_down', p: 0.51 });
    const ev3 = vaEvent('Championship winner: league final', 'Sports', ['sports', 'football'], ['Sports']);
    ev3.mutuallyExclusive = true;
    ['Northside FC', 'Harbor United'].forEach((t, i) => va(ev3, `Will ${t} win the league final?`, { endMs: at(6), excluded: 'sports', p: [0.55, 0.45][i], outcomeLabel: t }));
    const ev4 = vaEvent('What will the Fed chair say this week?', 'Mentions', ['mentions', 'fed'], ['Mentions']);
    ['soft landing', 'tariffs'].forEach((w, i) => va(ev4, `Will the Fed chair say "${w}" this week?`, { endMs: at(5), excluded: 'mentions', affects: ['fed-funds'], p: [0.4, 0.7][i] }));
  }

  // ---------- venue_a_us and venue_c: graph snapshots ----------
  function other(venue, question, o) {
    const nativeMarketId = venue === 'venue_a_us' ? `aus-${usId += 13}` : `vc-${sha256Hex('vc:' + question).slice(0, 10)}`;
    const ev = event(venue, { id: `${venue === 'venue_a_us' ? 'ause' : 'vce'}-${sha256Hex('ev:' + (o.evKey ?? question)).slice(0, 8)}`, slug: venue === 'venue_a_us' ? slugify(o.evKey ?? question) : null, title: o.evKey ?? question, category: o.categories?.[0] ?? 'General', sourceUrl: null });
    return mk({ venue, nativeMarketId, ev, slug: venue === 'venue_a_us' ? slugify(question) : null, question, ...o });
  }
  for (const d of [1, 2]) for (const k of [95000, 97000, 99000, 101000]) {
    other('venue_a_us', `Bitcoin above ${money(k)} on ${longDate(at(d))}?`, { evKey: `Bitcoin price ${longDate(at(d))}`, endMs: at(d, 21), assets: ['btc'], tags: ['crypto', 'bitcoin'], categories: ['Crypto'], p: above(btcBase, 0.018)(k, d) });
    other('venue_c', `BTC > ${money(k)} at ${longDate(at(d))} close`, { evKey: `BTC close ${longDate(at(d))}`, endMs: at(d, 23), assets: ['btc'], tags: ['crypto', 'bitcoin'], categories: ['Crypto'], p: above(btcBase, 0.018)(k, d) });
  }
  for (const k of [3400, 3600]) {
    other('venue_a_us', `Ethereum above ${money(k)} on ${longDate(at(1))}?`, { evKey: `Ethereum price ${longDate(at(1))}`, endMs: at(1, 21), assets: ['eth'], tags: ['crypto', 'ethereum'], categories: ['Crypto'] });
    other('venue_c', `ETH > ${money(k)} at ${longDate(at(2))} close`, { endMs: at(2, 23), assets: ['eth'], tags: ['crypto', 'ethereum'], categories: ['Crypto'] });
  }
  const shared = [
    ['Fed cuts rates at the next FOMC meeting?', ['fed-funds'], ['fed', 'rates'], 'Economics', 19],
    ['CPI above 3.0% year over year in the next print?', ['us-cpi'], ['inflation'], 'Economics', 14],
    ['S&P 500 above 6,000 at month end?', ['spx'], ['equities'], 'Indices', 30],
    ['Gold above $2,700 at month end?', ['gold'], ['metals'], 'Commodities', 30],
    ['WTI crude above $62 on Friday?', ['crude-wti'], ['oil', 'energy'], 'Commodities', 5],
    ['NVIDIA largest company by market cap at year end?', ['nvda'], ['ai', 'equities'], 'Companies', 33],
    ['Government shutdown before the deadline?', ['us-gov'], ['politics'], 'Politics', 34],
  ];
  for (const [q, assets, tags, cat, d] of shared) {
    other('venue_a_us', q, { endMs: at(d), assets, tags, categories: [cat] });
    other('venue_c', q.replace('?', ' (venue_c)?'), { endMs: at(d), assets, tags, categories: [cat] });
  }
  other('venue_a_us', `Pro basketball: Boston to win on ${longDate(at(1))}?`, { endMs: at(1, 3), excluded: 'sports', tags: ['sports', 'basketball'], categories: ['Sports'] });
  other('venue_c', 'Bitcoin up or down in the next hour?', { endMs: at(0, 23), excluded: 'crypto_up_down', assets: ['btc'], tags: ['crypto', 'up-or-down'], categories: ['Crypto'] });
  other('venue_c', 'Will OpenAI ship an open-weights model this quarter?', { endMs: at(40), assets: ['openai'], tags: ['ai'], categories: ['Tech'] });

  // A few rows carry disputes and clarifications.
  const flag = (i, f) => { if (markets[i]) f(markets[i]); };
  flag(30, (m) => { m.inDispute = true; });
  flag(97, (m) => { m.inDispute = true; m.clarifications = [{ issued_at: new Date(T0 - 20 * HOUR).toISOString(), text: 'Resolution uses the official settlement print, not intraday highs.' }]; });
  flag(12, (m) => { m.clarifications = [{ issued_at: new Date(T0 - 3 * DAY).toISOString(), text: 'Strike is inclusive of the boundary value.' }]; });
  flag(140, (m) => { m.clarifications = [{ issued_at: new Date(T0 - 2 * DAY).toISOString(), text: 'A deal announced but not closed counts as Yes.' }]; });
  return { markets, events };
}
