// The simulated catalog: markets and events on the four venues. Shapes follow
// each venue's native identity style (numeric ids and slugs on venue_a,
// tickers on venue_b, opaque ids on venue_c). Dates are relative to start.
import { rngFor, round, digitsFrom, hexFrom } from '../util/rng.mjs';
import { DAY, HOUR, tickerDate, longDate, slugDate, monthName, yearOf, startOfUtcDay } from '../util/time.mjs';

const fmtUsd = (n) => '$' + n.toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: n % 1 ? 2 : 0 });

export function buildCatalog(t0) {
  const markets = [];
  const events = []; // target-resolution events (venue_b tickers, venue_a slugs)
  const day0 = startOfUtcDay(t0);
  const settle = (k) => day0 + k * DAY + 21 * HOUR; // 21:00 UTC daily settle
  let aId = 531000;
  let usId = 7100;

  function add(m) {
    const rng = rngFor('mkt:' + m.venue + ':' + (m.native || m.slug || m.question));
    const native = m.native ?? String(m.venue === 'venue_a' ? aId++ : usId++);
    const venue = m.venue;
    const marketKey = `${venue}:${native}`;
    const closed = m.closed === true;
    const rec = {
      venue,
      nativeMarketId: native,
      nativeEventId: m.eventId ?? null,
      seriesTicker: m.series ?? null,
      marketKey,
      serviceMarketId: venue === 'venue_a' ? native : marketKey,
      slug: m.slug ?? null,
      marketUrl: m.marketUrl ?? null,
      sourceUrl: m.sourceUrl ?? null,
      broker_channels: m.broker ? ['broker_a'] : [],
      broker_a_category: m.broker ? m.broker : null,
      broker_a_url: m.broker ? `https://broker-a.example/events/${encodeURIComponent(m.eventId)}` : null,
      question: m.question ?? null,
      event: m.event,
      eventTags: m.eventTags || [],
      eventCategories: m.eventCategories || [],
      tags: m.tags || [],
      categories: m.categories || [],
      end_date: m.end ?? null,
      status: closed ? 'closed' : 'active',
      inDispute: m.inDispute === true,
      clarifications: m.clarifications ?? null,
      volume_24h: m.noVolume ? null : round(rng.float(800, 900000), 2),
      openInterest: round(rng.float(1000, 400000), 0),
      updated_at: t0 - Math.floor(rng.float(0.05, 30) * HOUR),
      p0: m.p ?? round(rng.float(0.06, 0.94), 3),
      quoteMode: venue === 'venue_a' || venue === 'venue_b' ? (closed || m.unverified ? 'none' : 'live') : 'snapshot',
      quoteMethod: m.quoteMethod || rng.pick(['midpoint', 'midpoint', 'midpoint', 'bid', 'ask', 'last_trade_fresh']),
      spread: venue === 'venue_b' ? rng.pick([0.01, 0.02, 0.03]) : round(rng.float(0.002, 0.03), 3),
      excluded: m.excluded || null,
      horizon: m.horizon || null,
      assets: m.assets || [],
      affects: m.affects || [],
      conditionId: venue === 'venue_a' ? '0x' + hexFrom('cond:' + native, 64) : null,
      outcomeLabel: m.outcome ?? null,
      childTitle: m.childTitle ?? m.question,
      childSubtitle: m.childSubtitle ?? '',
      strikeType: m.strikeType ?? null,
      floorStrike: m.floor ?? null,
      capStrike: m.cap ?? null,
      generationOutcome: m.generationOutcome || null,
    };
    markets.push(rec);
    return rec;
  }

  // ---------------- venue_b: multi-contract and single-contract events ----
  function bEvent({ series, code, title, subtitle, category, me, children, tags, cats, broker, assets, excluded, horizon, closed, endMs }) {
    const eventTicker = `${series}-${code}`;
    const ev = {
      venue: 'venue_b', ticker: eventTicker, seriesTicker: series, title, subtitle, category, mutuallyExclusive: me,
      sourceUrl: `https://api.venue-b.example/trade-api/v2/events/${eventTicker}`,
      url: `https://venue-b.example/markets/${series.toLowerCase()}/${eventTicker.toLowerCase()}`,
      marketKeys: [], excluded: excluded || null,
    };
    events.push(ev);
    const single = children.length === 1;
    for (const c of children) {
      const ticker = c.suffix ? `${eventTicker}-${c.suffix}` : eventTicker;
      const m = add({
        venue: 'venue_b', native: ticker, eventId: eventTicker, series,
        slug: single && !closed ? ticker.toLowerCase() : null,
        marketUrl: ev.url, sourceUrl: `https://api.venue-b.example/trade-api/v2/markets/${ticker}`,
        broker, question: c.question, event: { id: eventTicker, title, slug: single ? eventTicker.toLowerCase() : null },
        eventTags: tags, eventCategories: cats, tags: c.tags || [], categories: [],
        end: endMs, closed, excluded, horizon, assets: c.assets || assets, affects: c.affects,
        childTitle: c.title, childSubtitle: c.subtitle || subtitle, strikeType: c.strikeType, floor: c.floor, cap: c.cap,
        p: c.p, unverified: c.unverified, generationOutcome: c.generationOutcome, quoteMethod: c.quoteMethod,
      });
      ev.marketKeys.push(m.marketKey);
    }
    return ev;
  }

  // Bitcoin daily close thresholds: three open dates plus one closed date.
  const btcLevels = [94000, 96000, 98000, 100000, 102000, 104000];
  for (const k of [-1, 1, 2, 3, 4]) {
    const levels = k === -1 ? btcLevels.slice(2, 5) : btcLevels;
    bEvent({
      series: 'KXBTCD', code: tickerDate(settle(k)) + '17', title: `Bitcoin price on ${longDate(settle(k))} at 5pm EST?`,
      subtitle: 'Bitcoin daily close', category: 'Crypto', me: false, tags: ['crypto', 'bitcoin', 'daily'], cats: ['Crypto'],
      assets: ['bitcoin'], closed: k === -1, endMs: settle(k),
      children: levels.map((lv, i) => ({
        suffix: `T${lv - 0.01}`, question: `Will the Bitcoin price be above ${fmtUsd(lv)} at 5pm EST on ${longDate(settle(k))}?`,
        title: `${fmtUsd(lv)} or above`, strikeType: 'greater', floor: lv - 0.01, cap: null, p: round(0.92 - i * 0.16, 2),
        unverified: k === 3 && i === 2, generationOutcome: k === 4 && i === 5 ? 'failed' : null,
      })),
    });
  }
  for (const k of [1, 2]) {
    bEvent({
      series: 'KXETHD', code: tickerDate(settle(k)) + '17', title: `Ethereum price on ${longDate(settle(k))} at 5pm EST?`,
      subtitle: 'Ethereum daily close', category: 'Crypto', me: false, tags: ['crypto', 'ethereum', 'daily'], cats: ['Crypto'],
      assets: ['ethereum'], endMs: settle(k),
      children: [3000, 3200, 3400, 3600, 3800].map((lv, i) => ({
        suffix: `T${lv - 0.01}`, question: `Will the Ethereum price be above ${fmtUsd(lv)} at 5pm EST on ${longDate(settle(k))}?`,
        title: `${fmtUsd(lv)} or above`, strikeType: 'greater', floor: lv - 0.01, cap: null, p: round(0.9 - i * 0.19, 2), unverified: k === 1 && i === 3,
      })),
    });
  }
  // WTI daily settle brackets (mutually exclusive).
  for (const k of [1, 2]) {
    bEvent({
      series: 'KXWTI', code: tickerDate(settle(k)), title: `WTI crude oil settle price on ${longDate(settle(k))}?`,
      subtitle: 'Front-month WTI settlement', category: 'Commodities', me: true, tags: ['commodities', 'oil', 'energy'], cats: ['Commodities'],
      broker: 'commodities', assets: ['crude-wti'], endMs: settle(k),
      children: [57, 58, 59, 60, 61, 62].map((lv, i) => ({
        suffix: `B${lv}.5`, question: `Will WTI crude settle between ${fmtUsd(lv)} and ${fmtUsd(lv + 0.99)} on ${longDate(settle(k))}?`,
        title: `${fmtUsd(lv)} to ${fmtUsd(lv + 0.99)}`, strikeType: 'between', floor: lv, cap: lv + 0.99, p: [0.05, 0.14, 0.27, 0.3, 0.16, 0.06][i],
      })),
    });
  }
  const fedMonth = settle(19);
  bEvent({
    series: 'KXFEDDECISION', code: tickerDate(fedMonth).slice(0, 5), title: `Fed decision in ${monthName(fedMonth)} ${yearOf(fedMonth)}?`,
    subtitle: 'FOMC target range change', category: 'Economics', me: true, tags: ['economics', 'fed', 'rates'], cats: ['Economics'],
    broker: 'economics', assets: ['fed-funds'], endMs: fedMonth,
    children: [['C26', 'Cut >25bps', 0.04], ['C25', 'Cut 25bps', 0.71], ['H0', 'Hold', 0.24], ['H25', 'Hike 25bps', 0.01]].map(([s, t, p]) => ({
      suffix: s, question: `Will the Fed decision in ${monthName(fedMonth)} be: ${t}?`, title: t, strikeType: 'custom', p,
    })),
  });
  bEvent({
    series: 'KXCPIYOY', code: tickerDate(settle(16)).slice(0, 5), title: `CPI year-over-year in ${monthName(settle(-10))}?`,
    subtitle: 'BLS headline CPI', category: 'Economics', me: false, tags: ['economics', 'inflation'], cats: ['Economics'],
    broker: 'economics', assets: ['us-cpi'], endMs: settle(16),
    children: [2.6, 2.8, 3.0, 3.2].map((lv, i) => ({
      suffix: `T${lv}`, question: `Will CPI inflation be above ${lv}% year over year in ${monthName(settle(-10))}?`,
      title: `Above ${lv}%`, strikeType: 'greater', floor: lv, p: round(0.85 - i * 0.25, 2),
    })),
  });
  bEvent({
    series: 'KXHIGHNY', code: tickerDate(settle(1)), title: `Highest temperature in NYC on ${longDate(settle(1))}?`,
    subtitle: 'Central Park daily high', category: 'Climate and Weather', me: true, tags: ['weather', 'climate'], cats: ['Climate and Weather'],
    endMs: settle(1),
    children: [44, 46, 48, 50, 52].map((lv, i) => ({
      suffix: `B${lv + 0.5}`, question: `Will the high temp in NYC be ${lv}-${lv + 1}° on ${longDate(settle(1))}?`,
      title: `${lv}° to ${lv + 1}°`, strikeType: 'between', floor: lv, cap: lv + 1, p: [0.08, 0.22, 0.34, 0.24, 0.12][i],
    })),
  });
  const singlesB = [
    ['KXRECSSNBER', '26', 'US recession in 2026?', 'Will the NBER declare a US recession beginning in 2026?', 'Economics', ['economics', 'recession'], 'economics', ['us-gdp']],
    ['KXGOVSHUT', tickerDate(settle(40)).slice(0, 5), 'Government shutdown?', `Will the US federal government shut down before ${longDate(settle(40))}?`, 'Politics', ['politics', 'congress'], 'politics', []],
    ['KXSTARSHIP', '26MAR', 'Starship orbital flight?', 'Will Starship complete a full orbit before April 2026?', 'Science and Technology', ['space', 'tech'], null, ['spacex']],
    ['KXNVDAMKTCAP', '25DEC', 'NVIDIA market cap above $5T?', 'Will NVIDIA market cap close above $5 trillion on December 31?', 'Companies', ['companies', 'ai', 'stocks'], 'companies', ['nvidia']],
    ['KXGOLDMON', tickerDate(settle(30)).slice(0, 5), 'Gold above $4,200?', `Will gold settle above $4,200 on ${longDate(settle(30))}?`, 'Commodities', ['commodities', 'gold'], null, ['gold']],
    ['KXAILEGIS', '26', 'Federal AI law in 2026?', 'Will a federal AI safety bill be signed into law in 2026?', 'Politics', ['politics', 'ai'], null, []],
  ];
  for (const [series, code, title, q, cat, tags, broker, assets] of singlesB) {
    bEvent({
      series, code, title, subtitle: '', category: cat, me: false, tags, cats: [cat], broker, assets, endMs: settle(60),
      children: [{ suffix: null, question: q, title, affects: series === 'KXAILEGIS' ? ['nvidia', 'alphabet'] : [] }],
    });
  }
  // Topic-excluded venue_b events.
  bEvent({
    series: 'KXNBAGAME', code: tickerDate(settle(1)) + 'LALBOS', title: `Los Angeles L at Boston C (${longDate(settle(1))})`,
    subtitle: 'Game winner', category: 'Sports', me: true, tags: ['sports', 'basketball'], cats: ['Sports'], excluded: 'sports', endMs: settle(1),
    children: [['LAL', 'Los Angeles L'], ['BOS', 'Boston C']].map(([s, t]) => ({ suffix: s, question: `Will ${t} win the game on ${longDate(settle(1))}?`, title: t })),
  });
  bEvent({
    series: 'KXMENTIONFED', code: tickerDate(settle(19)), title: 'What will the Fed Chair say at the press conference?',
    subtitle: 'Mention markets', category: 'Mentions', me: false, tags: ['mentions', 'fed'], cats: ['Mentions'], excluded: 'mentions', endMs: settle(19),
    children: ['RECE', 'TARI', 'AI'].map((s) => ({ suffix: s, question: `Will the Fed Chair say "${{ RECE: 'recession', TARI: 'tariff', AI: 'artificial intelligence' }[s]}" at the press conference?`, title: s })),
  });
  const h = new Date(t0).getUTCHours();
  bEvent({
    series: 'KXBTC15M', code: tickerDate(t0 + HOUR) + String((h + 1) % 24).padStart(2, '0') + '15', title: 'Bitcoin up or down in the next 15 minutes?',
    subtitle: '15 minute', category: 'Crypto', me: false, tags: ['crypto', 'bitcoin', 'up-down'], cats: ['Crypto'], excluded: 'crypto_up_down', horizon: '15m',
    endMs: t0 + HOUR + 15 * 60e3, children: [{ suffix: 'UP', question: 'Will Bitcoin be up in the next 15 minutes?', title: 'Up' }],
  });
  bEvent({
    series: 'KXETHH', code: tickerDate(t0 + 2 * HOUR) + String((h + 2) % 24).padStart(2, '0'), title: 'Ethereum up or down this hour?',
    subtitle: 'Hourly', category: 'Crypto', me: false, tags: ['crypto', 'ethereum', 'up-down'], cats: ['Crypto'], excluded: 'crypto_up_down', horizon: '1h',
    endMs: t0 + 2 * HOUR, children: [{ suffix: 'UP', question: 'Will Ethereum close the hour higher than it opened?', title: 'Up' }],
  });

  // ---------------- venue_a: events with numeric market ids ----------------
  function aEvent({ slug, title, tags, cats, children, assets, excluded, horizon, closed, endMs, us }) {
    const evId = digitsFrom('aevent:' + slug, 5);
    const ev = { venue: 'venue_a', ticker: slug, title, subtitle: '', category: cats[0], mutuallyExclusive: children.length > 1 && children.every((c) => c.me !== false),
      sourceUrl: `https://api.venue-a.example/events/${evId}`, url: `https://venue-a.example/event/${slug}`, marketKeys: [], excluded: excluded || null, id: evId };
    events.push(ev);
    for (const c of children) {
      const mslug = c.slug;
      const m = add({
        venue: 'venue_a', slug: mslug, eventId: evId, question: c.question,
        marketUrl: `https://venue-a.example/event/${slug}/${mslug}`, sourceUrl: null,
        event: { id: evId, title, slug }, eventTags: tags, eventCategories: cats, tags: c.tags || [], categories: c.cats || [],
        end: endMs, closed, excluded, horizon, assets: c.assets || assets, affects: c.affects, outcome: c.outcome,
        childTitle: c.question, childSubtitle: c.outcome, p: c.p, unverified: c.unverified, inDispute: c.inDispute,
        clarifications: c.clarifications, quoteMethod: c.quoteMethod, generationOutcome: c.generationOutcome,
      });
      m.sourceUrl = `https://api.venue-a.example/markets/${m.nativeMarketId}`;
      ev.marketKeys.push(m.marketKey);
      if (us) {
        const u = add({
          venue: 'venue_a_us', slug: mslug, question: c.question, marketUrl: `https://us.venue-a.example/market/${mslug}`,
          event: { id: 'us-' + evId, title, slug }, eventTags: tags, eventCategories: cats, tags: c.tags || [], categories: c.cats || [],
          end: endMs, excluded, horizon, assets: c.assets || assets, p: c.p,
        });
        u.sourceUrl = `https://api.us.venue-a.example/v1/markets/${u.nativeMarketId}`;
      }
    }
    return ev;
  }
  for (const k of [-1, 1, 2]) {
    const d = settle(k);
    const lv = k === -1 ? [96000, 98000, 100000] : [92000, 94000, 96000, 98000, 100000, 102000];
    aEvent({
      slug: `bitcoin-above-on-${slugDate(d)}`, title: `Bitcoin above ___ on ${longDate(d)}?`, tags: ['crypto', 'bitcoin'], cats: ['Crypto'],
      assets: ['bitcoin'], closed: k === -1, endMs: d, us: k === 1,
      children: lv.map((v, i) => ({
        slug: `bitcoin-above-${v / 1000}k-on-${slugDate(d)}`, question: `Will the price of Bitcoin be above ${fmtUsd(v)} on ${longDate(d)}?`,
        outcome: fmtUsd(v), p: round(0.96 - i * 0.15, 3), me: false, unverified: k === 2 && i === 1,
      })),
    });
  }
  const mo = monthName(t0).toLowerCase();
  aEvent({
    slug: `what-price-will-bitcoin-hit-in-${mo}-${yearOf(t0)}`, title: `What price will Bitcoin hit in ${monthName(t0)}?`, tags: ['crypto', 'bitcoin'], cats: ['Crypto'],
    assets: ['bitcoin'], endMs: settle(25),
    children: [['reach', 105000], ['reach', 110000], ['reach', 115000], ['reach', 120000], ['dip-to', 85000], ['dip-to', 80000], ['dip-to', 75000], ['dip-to', 70000]].map(([dir, v], i) => ({
      slug: `will-bitcoin-${dir}-${v / 1000}k-in-${mo}`, question: `Will Bitcoin ${dir === 'reach' ? 'reach' : 'dip to'} ${fmtUsd(v)} in ${monthName(t0)}?`,
      outcome: `${dir === 'reach' ? '↑' : '↓'} ${fmtUsd(v)}`, p: [0.42, 0.21, 0.09, 0.04, 0.33, 0.17, 0.07, 0.03][i], me: false, unverified: i === 5,
      inDispute: i === 3, clarifications: i === 3 ? [{ issued_at: new Date(t0 - 30 * HOUR).toISOString(), text: 'Resolution uses the 1-minute candle high on the reference exchange.' }] : null,
    })),
  });
  aEvent({
    slug: `bitcoin-up-or-down-on-${slugDate(settle(1))}`, title: `Bitcoin Up or Down on ${longDate(settle(1))}?`, tags: ['crypto', 'bitcoin', 'up-or-down', 'daily'], cats: ['Crypto'],
    assets: ['bitcoin'], horizon: '1d', endMs: settle(1),
    children: [{ slug: `bitcoin-up-or-down-on-${slugDate(settle(1))}`, question: `Bitcoin Up or Down on ${longDate(settle(1))}?`, outcome: 'Up', p: 0.52 }],
  });
  const hh = (new Date(t0).getUTCHours() + 1) % 24;
  aEvent({
    slug: `bitcoin-up-or-down-${slugDate(t0 + HOUR)}-${hh}h-utc`, title: `Bitcoin Up or Down - ${longDate(t0 + HOUR)}, ${hh}:00 UTC`, tags: ['crypto', 'bitcoin', 'up-or-down', 'hourly'], cats: ['Crypto'],
    excluded: 'crypto_up_down', horizon: '1h', endMs: t0 + 2 * HOUR,
    children: [{ slug: `bitcoin-up-or-down-${slugDate(t0 + HOUR)}-${hh}h-utc`, question: `Bitcoin Up or Down - ${longDate(t0 + HOUR)}, ${hh}:00 UTC?`, outcome: 'Up', p: 0.5 }],
  });
  aEvent({
    slug: `btc-updown-15m-${Math.floor((t0 + HOUR) / 900e3) * 900}`, title: 'Bitcoin Up or Down - 15 minutes', tags: ['crypto', 'bitcoin', 'up-or-down', '15M'], cats: ['Crypto'],
    excluded: 'crypto_up_down', horizon: '15m', endMs: t0 + HOUR,
    children: [{ slug: `btc-updown-15m-${Math.floor((t0 + HOUR) / 900e3) * 900}`, question: 'Bitcoin Up or Down in the next 15 minutes?', outcome: 'Up', p: 0.49 }],
  });
  aEvent({
    slug: `ethereum-above-on-${slugDate(settle(1))}`, title: `Ethereum above ___ on ${longDate(settle(1))}?`, tags: ['crypto', 'ethereum'], cats: ['Crypto'],
    assets: ['ethereum'], endMs: settle(1),
    children: [3000, 3200, 3400, 3600, 3800].map((v, i) => ({ slug: `ethereum-above-${v}-on-${slugDate(settle(1))}`, question: `Will the price of Ethereum be above ${fmtUsd(v)} on ${longDate(settle(1))}?`, outcome: fmtUsd(v), p: round(0.9 - i * 0.18, 3), me: false })),
  });
  aEvent({
    slug: `solana-above-on-${slugDate(settle(1))}`, title: `Solana above ___ on ${longDate(settle(1))}?`, tags: ['crypto', 'solana'], cats: ['Crypto'],
    assets: ['solana'], endMs: settle(1),
    children: [120, 140, 160, 180].map((v, i) => ({ slug: `solana-above-${v}-on-${slugDate(settle(1))}`, question: `Will the price of Solana be above ${fmtUsd(v)} on ${longDate(settle(1))}?`, outcome: fmtUsd(v), p: round(0.88 - i * 0.24, 3), me: false })),
  });
  const fedSlug = `fed-decision-in-${monthName(fedMonth).toLowerCase()}`;
  aEvent({
    slug: fedSlug, title: `Fed decision in ${monthName(fedMonth)}?`, tags: ['economics', 'fed'], cats: ['Economy'], assets: ['fed-funds'], endMs: fedMonth, us: true,
    children: [['50-bps-decrease', '50+ bps decrease', 0.03], ['25-bps-decrease', '25 bps decrease', 0.72], ['no-change', 'No change', 0.24], ['25-bps-increase', '25+ bps increase', 0.01]].map(([s, o, p]) => ({
      slug: `fed-${s}-in-${monthName(fedMonth).toLowerCase()}`, question: `Fed ${o} in ${monthName(fedMonth)}?`, outcome: o, p,
    })),
  });
  aEvent({
    slug: 'us-recession-in-2026', title: 'US recession in 2026?', tags: ['economics', 'recession'], cats: ['Economy'], assets: ['us-gdp'], endMs: settle(400), us: true,
    children: [{ slug: 'us-recession-in-2026', question: 'US recession in 2026?', outcome: 'Yes', p: 0.31, generationOutcome: 'failed' }],
  });
  aEvent({
    slug: `largest-company-end-of-${yearOf(t0)}`, title: `Largest company end of ${yearOf(t0)}?`, tags: ['companies', 'stocks'], cats: ['Business'], endMs: settle(33),
    children: [['nvidia', 'NVIDIA', 0.81], ['apple', 'Apple', 0.07], ['microsoft', 'Microsoft', 0.09], ['alphabet', 'Alphabet', 0.03]].map(([k, n, p]) => ({
      slug: `will-${k}-be-the-largest-company-in-the-world-by-market-cap-on-december-31`, question: `Will ${n} be the largest company in the world by market cap on December 31?`, outcome: n, p, assets: [k],
    })),
  });
  aEvent({
    slug: 'ai-safety-bill-signed-in-2026', title: 'Federal AI safety bill signed in 2026?', tags: ['politics', 'ai'], cats: ['Politics'], endMs: settle(400),
    children: [{ slug: 'ai-safety-bill-signed-in-2026', question: 'Will a federal AI safety bill be signed in 2026?', outcome: 'Yes', p: 0.18, affects: ['nvidia', 'microsoft'] }],
  });
  aEvent({
    slug: `what-will-wti-crude-oil-hit-in-${mo}`, title: `What will WTI Crude Oil (WTI) hit in ${monthName(t0)}?`, tags: ['commodities', 'oil'], cats: ['Commodities'], assets: ['crude-wti'], endMs: settle(25),
    children: [['reach', 70], ['reach', 75], ['dip-to', 55], ['dip-to', 50]].map(([dir, v], i) => ({
      slug: `will-wti-crude-oil-${dir}-${v}-in-${mo}`, question: `Will WTI Crude Oil ${dir === 'reach' ? 'reach' : 'dip to'} $${v} in ${monthName(t0)}?`, outcome: `${dir === 'reach' ? '↑' : '↓'} $${v}`, p: [0.22, 0.06, 0.19, 0.05][i], me: false,
    })),
  });
  aEvent({
    slug: 'gold-above-end-of-year', title: 'Gold above ___ end of year?', tags: ['commodities', 'gold'], cats: ['Commodities'], assets: ['gold'], endMs: settle(33),
    children: [3800, 4000, 4200].map((v, i) => ({ slug: `gold-above-${v}-end-of-year`, question: `Will gold close the year above $${v}?`, outcome: `$${v}`, p: [0.86, 0.64, 0.37][i], me: false })),
  });
  const singlesA = [
    ['tesla-unsupervised-fsd-by-june-30', 'Will Tesla launch unsupervised FSD by June 30?', ['companies', 'tesla', 'autonomy'], ['Tech'], ['tesla'], 0.27],
    ['openai-announces-gpt-6-in-2026', 'Will OpenAI announce GPT-6 in 2026?', ['tech', 'ai'], ['Tech'], [], 0.58],
    ['which-party-wins-the-house-in-2026', 'Will the Democratic Party win the House in 2026?', ['politics', 'elections'], ['Politics'], [], 0.66],
    ['argentina-monthly-inflation-below-2', 'Will Argentina monthly inflation print below 2%?', ['economics', 'latam'], ['Economy'], [], 0.44],
    ['usd-jpy-above-160-end-of-year', 'Will USD/JPY close the year above 160?', ['fx', 'macro'], ['Economy'], ['usd-jpy'], 0.21],
    ['sp500-above-7000-end-of-year', 'Will the S&P 500 close the year above 7,000?', ['stocks', 'indices'], ['Finance'], ['sp500'], 0.39],
    ['ethereum-etf-staking-approved', 'Will a US spot Ethereum ETF be approved for staking?', ['crypto', 'ethereum', 'etf'], ['Crypto'], ['ethereum'], 0.71],
    ['microstrategy-buys-bitcoin-this-week', 'Will Strategy announce a Bitcoin purchase this week?', ['crypto', 'bitcoin', 'companies'], ['Crypto'], ['bitcoin', 'strategy-inc'], 0.83],
  ];
  for (const [slug, q, tags, cats, assets, p] of singlesA) {
    aEvent({ slug, title: q.replace(/^Will /, '').replace(/\?$/, '?'), tags, cats, assets, endMs: settle(120), children: [{ slug, question: q, outcome: 'Yes', p }] });
  }
  aEvent({
    slug: 'nba-champion-2026', title: 'NBA Champion 2026', tags: ['sports', 'nba'], cats: ['Sports'], excluded: 'sports', endMs: settle(200), us: true,
    children: [['oklahoma-city-thunder', 'Oklahoma City Thunder', 0.31], ['boston-celtics', 'Boston Celtics', 0.12], ['denver-nuggets', 'Denver Nuggets', 0.09]].map(([s, n, p]) => ({ slug: `will-the-${s}-win-the-2026-nba-finals`, question: `Will the ${n} win the 2026 NBA Finals?`, outcome: n, p })),
  });
  aEvent({
    slug: 'what-will-the-president-say-this-week', title: 'What will the President say this week?', tags: ['mentions', 'politics'], cats: ['Mentions'], excluded: 'mentions', endMs: settle(5),
    children: ['crypto', 'tariff', 'bitcoin'].map((w, i) => ({ slug: `will-the-president-say-${w}-this-week`, question: `Will the President say "${w}" this week?`, outcome: w, p: [0.62, 0.91, 0.23][i], me: false })),
  });

  // ---------------- venue_c: opaque ids, some rows without slugs -----------
  const cRows = [
    ['Will BTC trade above $100k on Dec 31?', ['crypto', 'bitcoin'], ['bitcoin'], true],
    ['Will BTC trade above $110k on Dec 31?', ['crypto', 'bitcoin'], ['bitcoin'], false],
    ['Will BTC trade above $90k on Dec 31?', ['crypto', 'bitcoin'], ['bitcoin'], true],
    ['Will BTC set a new all-time high this quarter?', ['crypto', 'bitcoin'], ['bitcoin'], false],
    ['Will BTC dominance exceed 60% this month?', ['crypto', 'bitcoin'], ['bitcoin'], true],
    ['Will BTC close the week green?', ['crypto', 'bitcoin'], ['bitcoin'], false],
    ['Will ETH flip $4,000 before year end?', ['crypto', 'ethereum'], ['ethereum'], true],
    ['Will ETH/BTC ratio exceed 0.04 this quarter?', ['crypto', 'ethereum'], ['ethereum', 'bitcoin'], false],
    ['Will SOL reach a new all-time high in 2026?', ['crypto', 'solana'], ['solana'], true],
    ['Will Brent trade above $70 at month end?', ['commodities', 'oil'], ['crude-wti'], true],
    ['Will OPEC+ announce a production cut at its next meeting?', ['commodities', 'oil', 'geopolitics'], ['crude-wti'], false],
    ['Will the ECB cut rates at its next meeting?', ['economics', 'rates'], [], true],
    ['Will the UK call a snap general election in 2026?', ['politics', 'uk'], [], false],
    ['Will Apple release a foldable iPhone in 2026?', ['tech', 'companies'], ['apple'], true],
    ['Will NVIDIA beat revenue guidance next quarter?', ['companies', 'ai'], ['nvidia'], true],
    ['Will Microsoft announce a new AI chip in 2026?', ['companies', 'ai'], ['microsoft'], false],
    ['Will a major hurricane make US landfall before year end?', ['weather', 'climate'], [], false],
    ['Will the Super Bowl winner be from the AFC?', ['sports', 'nfl'], [], true],
  ];
  cRows.forEach(([q, tags, assets, hasSlug], i) => {
    const native = 'vc-' + hexFrom('venue_c:' + q, 10);
    const slug = hasSlug ? q.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') : null;
    add({
      venue: 'venue_c', native, slug, question: q, marketUrl: i === 16 ? null : `https://venue-c.example/markets/${native}`,
      sourceUrl: i === 16 ? null : `https://api.venue-c.example/v0/markets/${native}`,
      event: { id: 'vce-' + hexFrom('vce:' + q, 8), title: q, slug: slug }, eventTags: [], eventCategories: [tags[0][0].toUpperCase() + tags[0].slice(1)],
      tags, categories: [], end: settle(30 + i * 9), assets, excluded: tags.includes('sports') ? 'sports' : null, noVolume: i % 5 === 4,
    });
  });
  return { markets, events };
}
