/**
 * Applicability (issue 34, contract/applicability.ts): every live rule states the operations it applies to, by
 * selectors the contract resolves; rules:check names a rule that states none, or a selector that resolves to nothing.
 */
import { test, expect } from '@playwright/test';
import { applicabilityProblems, applicableOperations, selectOperations } from '../../contract/applicability.ts';
import { loadRules } from '../../contract/rules.ts';
import { rule } from './support/catalogue-rule.ts';

test('selectors resolve against the contract: prices, auth modes, documented statuses, scopes, components, intersections and complements', () => {
  const paid404 = selectOperations('paid & status:404');
  expect(paid404.has('getMarketForecast')).toBe(true);
  expect(paid404.has('getPricing')).toBe(false);
  expect(selectOperations('free').has('getPricing')).toBe(true);
  expect(selectOperations('free').has('listMarkets')).toBe(false);
  expect([...selectOperations('scope:x_research')].sort()).toEqual(['createSocialProfile', 'searchSocial']);
  expect(selectOperations('status:502 & !scope:x_research').has('searchSocial')).toBe(false);
  expect(selectOperations('component:VenueQuoteV1').has('listMarkets')).toBe(true);
  expect(selectOperations('param:slug').has('getMarketForecast')).toBe(true);
  expect(selectOperations('none').size).toBe(0);
});

test('a rule states its operations by appliesTo, operations or its schema component; rules:check names every other case', () => {
  expect(applicableOperations(rule('T-001', { appliesTo: ['getPricing', 'scope:oil'] }))).toEqual(['getOilSignal', 'getPricing']);
  expect(applicableOperations(rule('T-002', { operations: ['listMarkets'] }))).toEqual(['listMarkets']);
  expect(applicableOperations(rule('T-003', { schema: 'VenueQuoteV1/properties/quote_method' }))).toContain('getLatest');
  expect(applicabilityProblems(rule('T-004'))).toEqual(['T-004: applicability unstated (give appliesTo, operations or schema)']);
  expect(applicabilityProblems(rule('T-005', { appliesTo: ['paid & stauts:404'] }))[0]).toMatch(
    /T-005: appliesTo: unknown selector "stauts:404"/,
  );
  expect(applicabilityProblems(rule('T-006', { appliesTo: ['scope:oil & scope:x_research'] }))).toEqual([
    'T-006: appliesTo "scope:oil & scope:x_research" selects no operation',
  ]);
  expect(applicabilityProblems(rule('T-007', { appliesTo: ['none', 'getPricing'] }))).toEqual(['T-007: appliesTo "none" stands alone']);
  expect(applicabilityProblems(rule('T-008', { operations: ['listMarket'] }))).toContain('T-008: unknown operation listMarket');
  expect(applicabilityProblems(rule('T-009', { retired: true }))).toEqual([]);
});

test('every live rule of the catalogue states where it applies, and the statement resolves', () => {
  const problems = [...loadRules().values()].flatMap(applicabilityProblems);
  expect(problems).toEqual([]);
});
