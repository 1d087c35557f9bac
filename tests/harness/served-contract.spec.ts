/**
 * Input names learned from a target's served /openapi.json (suites/support/served-contract.ts): an
 * input whose name our contract marks as a choice goes under the name the target serves for the
 * same place, requiredness and bounds; documented inputs, ambiguous matches and targets that serve
 * nothing keep our names. Tests of the harness itself: they credit no catalogue rule.
 */
import { test, expect } from '@playwright/test';
import { contract } from '../../contract/index.ts';
import { renamedInputs, withServedNames } from '../../suites/support/served-contract.ts';

type Json = Record<string, unknown>;

/** A served copy of our contract (x-fc-* facts kept: they play no part in the matching). */
const served = (): Json => structuredClone(contract().doc) as unknown as Json;
const at = (doc: Json, ...path: string[]): Json => path.reduce<Json>((n, k) => n[k] as Json, doc);

test('a target serving our own names keeps them', () => {
  expect([...renamedInputs(served(), 'getPortfolio')]).toEqual([]);
  expect([...renamedInputs(served(), 'searchSocial')]).toEqual([]);
});

test('a renamed chosen query parameter is matched by its signature, not its name', () => {
  const doc = served();
  const params = at(doc, 'paths', '/api/v1/portfolio', 'get').parameters as Json[];
  params.find((p) => p.name === 'wallet')!.name = 'address';
  const names = renamedInputs(doc, 'getPortfolio');
  expect(names.get('query|wallet')).toBe('address');
  expect(withServedNames({ params: { wallet: '0xab', venues: 'venue_a' } }, names)).toEqual({
    params: { address: '0xab', venues: 'venue_a' },
  });
});

test('renamed body fields of a body whose names are a choice are matched one to one', () => {
  const doc = served();
  const schema = at(doc, 'components', 'schemas', 'SocialSearchRequest');
  const props = schema.properties as Json;
  schema.properties = { q: props.query, days: props.range_days, max_results: props.limit };
  schema.required = ['q'];
  const names = renamedInputs(doc, 'searchSocial');
  expect(Object.fromEntries(names)).toEqual({ 'body|query': 'q', 'body|range_days': 'days', 'body|limit': 'max_results' });
  expect(withServedNames({ body: { query: 'oil', limit: 5 } }, names)).toEqual({ body: { q: 'oil', max_results: 5 } });
  // A malformed body (a string) is sent as it is.
  expect(withServedNames({ body: '{' }, names)).toEqual({ body: '{' });
});

test('a changed signature, an ambiguous match or no served document keeps our names; a name other targets use is taken whatever its bounds', () => {
  const doc = served();
  const schema = at(doc, 'components', 'schemas', 'SocialSearchRequest');
  const props = schema.properties as Json;
  // window takes other bounds than range_days: no match; two twins of limit: ambiguous.
  schema.properties = { query: props.query, window: { ...(props.range_days as Json), maximum: 90 }, a: props.limit, b: props.limit };
  expect([...renamedInputs(doc, 'searchSocial')]).toEqual([]);
  // days, a name independent implementations give the range (issue 32), is taken although its bounds differ.
  schema.properties = { query: props.query, days: { ...(props.range_days as Json), maximum: 90 }, a: props.limit, b: props.limit };
  expect([...renamedInputs(doc, 'searchSocial')]).toEqual([['body|range_days', 'days']]);
  expect([...renamedInputs(undefined, 'searchSocial')]).toEqual([]);
  // A documented parameter (not a choice) is never renamed.
  const other = served();
  (at(other, 'paths', '/api/v1/latest', 'get').parameters as Json[]).find((p) => p.name === 'hours')!.name = 'window_hours';
  expect([...renamedInputs(other, 'getLatest')]).toEqual([]);
});
