/**
 * REL-011 across answers (issue 34): the views of earlier answers, remembered, judge a later answer; each
 * answer alone is consistent. Tests of the harness: no rule annotation, nothing credited.
 */
import { expect, test } from '@playwright/test';
import {
  assetMarketHopInstances,
  checkAssetMarketEdge,
  checkHasMarketHops,
  checkRefDirections,
  hasMarketHopInstances,
  refDirectionInstances,
  type EdgeViews,
} from '../relationships.ts';
import { assetRef, envelope } from './parts.ts';

/** An answer whose market carries one direct asset ref (HAS_MARKET seen from the market's end) in `direction`. */
const marketAnswer = (direction: string) => ({
  market: { marketKey: 'venue_a:512', relationships: { ...envelope(), assets: [{ ...assetRef(1), direction }] } },
});

test('checkRefDirections: two answers that each hold one view disagree only when remembered together', () => {
  const seen: EdgeViews = new Map();
  expect(checkRefDirections(marketAnswer('incoming'), seen, 'an earlier getLatest answer')).toEqual([]);
  // Alone, the second answer is consistent; against the first it is not.
  expect(checkRefDirections(marketAnswer('outgoing'))).toEqual([]);
  expect(refDirectionInstances(marketAnswer('outgoing'))).toBe(0);
  expect(refDirectionInstances(marketAnswer('outgoing'), seen)).toBe(1);
  const found = checkRefDirections(marketAnswer('outgoing'), seen, 'an earlier listSources answer');
  expect(found.map((v) => [v.ruleId, v.message])).toEqual([
    ['REL-011', expect.stringContaining('incoming at an earlier getLatest answer: /market/relationships/assets/0')],
  ]);
  // The first view stays the expectation: an answer agreeing with it is clean.
  expect(checkRefDirections(marketAnswer('incoming'), seen, 'an earlier getLatest answer')).toEqual([]);
});

test("checkRefDirections: a direct ref is read from the response subject: a signal's direct asset ref is no market's view", () => {
  const seen: EdgeViews = new Map();
  // The oil reading (no marketKey) carries a direct asset ref: no view of a market edge from the market's end.
  const reading = { reading: { relationships: { ...envelope(), assets: [{ ...assetRef(1), direction: 'outgoing' }] } } };
  expect(refDirectionInstances(reading)).toBe(0);
  expect(checkRefDirections(reading, seen, 'an earlier getOilSignal answer')).toEqual([]);
  expect(checkRefDirections(marketAnswer('incoming'), seen, 'an earlier getLatest answer')).toEqual([]);
});

test("checkHasMarketHops: a HAS_MARKET ref names the edge's other end as the node in between, and no market holds a sibling direct", () => {
  const sibling = (via: string) => ({ relationship: 'HAS_MARKET', direction: 'outgoing', via, marketKey: 'venue_a:7' });
  const market = (via: string) => ({ marketKey: 'venue_a:512', relationships: { ...envelope(), markets: [sibling(via)] } });
  const forecast = (via: string) => ({ latestForecast: { relationships: { ...envelope(), assets: [{ ...assetRef(2), via }] } } });
  expect(checkHasMarketHops(market('asset'))).toEqual([]);
  expect(checkHasMarketHops(forecast('market'))).toEqual([]);
  const rules = (body: unknown) => checkHasMarketHops(body).map((v) => [v.ruleId, v.path]);
  expect(rules(market('market'))).toEqual([['REL-007', '/relationships/markets/0/via']]);
  expect(rules(market('direct'))).toEqual([['REL-007', '/relationships/markets/0/via']]);
  expect(rules(forecast('asset'))).toEqual([['REL-007', '/latestForecast/relationships/assets/0/via']]);
  // An asset's own direct markets and the market's direct assets are one hop: not instances.
  expect(hasMarketHopInstances({ assetKey: 'a', relationships: { ...envelope(), markets: [sibling('direct')] } })).toBe(0);
  expect(hasMarketHopInstances(market('asset'))).toBe(1);
});

test('checkAssetMarketEdge: a ref two hops away across an asset-market edge says HAS_MARKET (REL-014)', () => {
  const forecast = (relationship: string) => ({
    events: [{ forecast: { relationships: { ...envelope(), assets: [{ ...assetRef(2), via: 'market', relationship }] } } }],
  });
  const sibling = (relationship: string) => ({ relationship, direction: 'outgoing', via: 'asset', marketKey: 'venue_a:7' });
  expect(checkAssetMarketEdge(forecast('HAS_MARKET'))).toEqual([]);
  const rules = (body: unknown) => checkAssetMarketEdge(body).map((v) => [v.ruleId, v.path]);
  // Round 44's bug: the first hop's edge (forecast to market) named instead of the final one.
  expect(rules(forecast('ON_MARKET'))).toEqual([['REL-014', '/events/0/forecast/relationships/assets/0/relationship']]);
  expect(rules({ marketKey: 'venue_a:1', relationships: { ...envelope(), markets: [sibling('HAS_SIGNAL')] } })).toEqual([
    ['REL-014', '/relationships/markets/0/relationship'],
  ]);
  // Direct refs and a forecast's ON_MARKET market are not two hops across an asset-market edge.
  expect(assetMarketHopInstances({ relationships: { ...envelope(), assets: [assetRef(1)] } })).toBe(0);
  expect(assetMarketHopInstances(forecast('ON_MARKET'))).toBe(1);
});
