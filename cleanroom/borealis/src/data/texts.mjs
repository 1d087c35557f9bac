// Phrase banks for synthetic articles, posts and forecast prose, by category.
export const SOURCES = [
  { name: 'Wire Desk', host: 'wiredesk.example', tier: 'wire' },
  { name: 'Market Courier', host: 'marketcourier.example', tier: 'tier_1' },
  { name: 'Ledger Daily', host: 'ledgerdaily.example', tier: 'tier_1' },
  { name: 'Macro Brief', host: 'macrobrief.example', tier: 'tier_2' },
  { name: 'Energy Ledger', host: 'energyledger.example', tier: 'tier_2' },
  { name: 'Chain Times', host: 'chaintimes.example', tier: 'tier_2' },
  { name: 'Signal Notes', host: 'signalnotes.example', tier: 'blog' },
];

export const HEADLINES = {
  crypto: ['{A} climbs as spot ETF inflows accelerate', '{A} slips after large holder moves coins to exchanges', 'Options desks price wider {A} swings into the weekly close', 'Funding rates on {A} perpetuals turn positive again', '{A} holds key level as macro traders stay cautious', 'Miners sell less {A} as hashprice recovers'],
  economics: ['Traders trim bets on a rate cut after strong payrolls', 'Core inflation cools more than expected', 'Fed officials signal patience on further easing', 'Bond yields fall as growth data softens', 'Consumer spending beats forecasts for a third month', 'Survey shows inflation expectations edging higher'],
  companies: ['{A} guidance tops analyst estimates', 'Supply checks point to strong {A} demand', '{A} faces new export questions', 'Analysts raise {A} price targets ahead of earnings', '{A} shares slide on margin worries', '{A} expands capacity with new plant'],
  commodities: ['Crude rises as inventories draw for a second week', 'Producers weigh another output cut', 'Oil slips on demand worries and a firmer dollar', 'Refinery outages tighten product markets', 'Gold steadies near record as real yields dip', 'Shipping disruptions lift energy risk premium'],
  financials: ['Stocks edge higher as megacaps rally', 'Volatility index falls to a two-month low', 'Equity futures drift ahead of key data', 'Breadth improves as small caps catch up'],
  politics: ['New poll shows a tightening race', 'Budget talks stall ahead of the deadline', 'Candidate picks up major endorsement', 'Turnout models shift after early voting data'],
  technology: ['Lab teases next-generation model release', 'Benchmark results stir debate over evaluation', 'Chipmakers race to secure advanced packaging', 'Regulators open consultation on autonomous vehicles'],
  culture: ['Box office tracking points to a strong opening', 'Awards season viewership trends upward', 'Researchers report a promising confirmation run'],
  climate: ['Cold front expected to push highs lower', 'Forecasters split on weekend temperatures'],
};

export const COMMENTS = [
  'The report changes the balance of evidence toward the YES outcome within the market window.',
  'Useful context, but it does not move the resolution-relevant variable much.',
  'Directly affects the quantity the market settles on, with a short causal path.',
  'Second-order evidence: sentiment shift rather than a change in fundamentals.',
  'Contradicts the prevailing price and suggests the market may be overreacting.',
];

export const QUOTES = [
  'flows were the strongest in six weeks',
  'officials said they see no urgency to move',
  'inventories fell by more than analysts expected',
  'the company reiterated its full-year outlook',
  'polling averages moved two points in the last week',
  'desks reported heavy call buying into the close',
  'the data surprised to the upside on every major line',
];

export const POST_LINES = {
  crypto: ['Bitcoin perp funding flipped positive overnight, spot bid is real this time.', 'Watching the Bitcoin weekly close. A hold here keeps the ladder above 100k live.', 'ETF flows into Bitcoin and Ether are the only chart that matters this month.', 'Everyone is leaning one way on the daily crypto close. That is usually when it wicks.'],
  economics: ['Fed dots matter less than the presser tone. Hold is priced, the statement is not.', 'Core services ex-shelter is what I am watching in this CPI inflation print.', 'Payrolls strength makes the Fed rate cut case harder to argue next meeting.'],
  commodities: ['Cushing draws plus the refinery restart calendar: WTI crude has a floor here.', 'Backwardation steepening in the front oil spreads, physical crude is tight.', 'OPEC+ headlines again. Fade the first oil move, wait for the barrels.'],
  companies: ['NVIDIA supply chain checks still say GPU demand outruns supply into next quarter.', 'Apple guidance is conservative again, they beat by design.', 'Tesla delivery estimates keep drifting lower, buy-side whisper is under consensus.'],
  financials: ['Breadth is finally improving, not just the megacaps.', 'Vol sellers are back. Expect a grind higher into the close.'],
  politics: ['Early vote data is noisy, do not overread a single county.', 'The budget deadline gets extended more often than markets assume.'],
  technology: ['Release cadence for flagship models is roughly every six months now.', 'Benchmarks saturate fast; watch the private evals instead.'],
  culture: ['Tracking looks strong but second-weekend drops will decide it.'],
  climate: ['Models disagree by five degrees for the weekend high, wide distribution.'],
};
