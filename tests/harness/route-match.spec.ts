/**
 * Which operation answers a request (contract/route-match.ts `operationOf`), and so which calls the budget
 * charges and at what price (suites/support/fixtures.ts meters a keyed call by `operationOf` and the
 * contract's price). Credits no catalogue rule.
 */
import { test, expect } from '@playwright/test';
import { contract } from '../../contract/index.ts';
import { PRICES } from '../../contract/pricing.ts';
import { operationOf } from '../../contract/route-match.ts';

/** A concrete path of a template: every `{name}` filled with a value that holds a dot and a colon. */
const concrete = (template: string): string => template.replace(/\{[^}]+\}/g, 'venue_a:v1.2');

test("every operation is matched by its own method and path, so every paid call is priced at its operation's price", () => {
  const ops = [...contract().operations.values()];
  expect(ops.length).toBeGreaterThan(20);
  for (const op of ops) {
    const path = concrete(op.path);
    expect(operationOf(op.method.toUpperCase(), path), `${op.method} ${path}`).toBe(op.operationId);
    expect(PRICES[operationOf(op.method, path)!]?.credits, op.operationId).toBe(op.facts.price.credits);
  }
});

test('sibling routes under one prefix are told apart', () => {
  expect(operationOf('GET', '/api/v1/markets/search')).toBe('searchMarkets');
  expect(operationOf('GET', '/api/v1/markets/mispriced')).toBe('listMispricedMarkets');
  expect(operationOf('GET', '/api/v1/markets/some-slug/signals')).toBe('getMarketSignals');
  expect(operationOf('GET', '/api/v1/signals/oil')).toBe('getOilSignal');
  expect(operationOf('GET', '/api/v1/signals')).toBe('listSignals');
});

test('the query string, a fragment, a trailing slash, the method case and an absolute URL do not change the match', () => {
  expect(operationOf('get', '/api/v1/markets?venue=venue_a&limit=5')).toBe('listMarkets');
  expect(operationOf('GET', '/api/v1/markets#top')).toBe('listMarkets');
  expect(operationOf('GET', '/api/v1/markets/')).toBe('listMarkets');
  expect(operationOf('POST', 'http://127.0.0.1:4010/api/v1/x/search?x=1')).toBe('searchSocial');
  expect(operationOf('GET', 'https://api.example.test/api/auth/forecast-requests/0b6f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b')).toBe(
    'getForecastRequest',
  );
});

test('another method, an unknown path, an extra or a missing segment match nothing (so nothing is charged)', () => {
  expect(operationOf('DELETE', '/api/v1/markets')).toBeUndefined();
  expect(operationOf('GET', '/api/v1/x/search')).toBeUndefined();
  expect(operationOf('GET', '/api/v1/nothing-here')).toBeUndefined();
  expect(operationOf('GET', '/api/v1/markets/a/b/forecast')).toBeUndefined();
  expect(operationOf('GET', '/api/v1/markets//forecast')).toBeUndefined();
  expect(operationOf('GET', '/prefix/api/v1/markets')).toBeUndefined();
  expect(operationOf('GET', '/api/v1/markets.json')).toBeUndefined();
  expect(operationOf('GET', '/__control/accounts')).toBeUndefined();
});

test('the free lookups cost nothing and the paid routes cost their reference price', () => {
  const cost = (method: string, path: string): number | undefined => PRICES[operationOf(method, path) ?? '']?.credits;
  expect(cost('GET', '/api/public/forecast-availability?market_key=venue_a:1')).toBe(0);
  expect(cost('GET', '/api/public/forecast-targets?ref=x')).toBe(0);
  expect(cost('GET', '/api/v1/markets/s/forecast')).toBe(10);
  expect(cost('GET', '/api/v1/sources')).toBe(5);
  expect(cost('GET', '/api/v1/latest')).toBe(20);
  expect(cost('POST', '/api/v1/x/search')).toBe(500);
  expect(cost('POST', '/api/v1/x/profile')).toBe(1000);
  expect(cost('POST', '/api/auth/forecast-requests')).toBe(1000);
});
