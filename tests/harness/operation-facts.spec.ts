/**
 * Per-operation facts (x-fc-* in contract/openapi.yaml, contract/operation-facts.ts): every
 * operation declares them, a missing or malformed one throws when the contract loads, and the
 * tables the suites use (prices, baselines, discovery recipes) come from them.
 */
import { test, expect } from '@playwright/test';
import type { OpenAPIV3_1 } from 'openapi-types';
import { contract, fillTemplate } from '../../contract/index.ts';
import { parseFacts } from '../../contract/operation-facts.ts';
import { PRICES } from '../../contract/pricing.ts';
import { loadRules } from '../../contract/rules.ts';
import { loadSpecUnits, specPath } from '../../contract/spec-text.ts';
import { referencePrices } from '../../checks/pricing.ts';
import { baselineFor, type Identities } from '../../suites/support/operations.ts';
import { PAID_OPERATIONS } from '../../suites/support/paid-requests.ts';

const OK = {
  operationId: 'probeOp',
  'x-fc-price': { usd: 0.005, credits: 5 },
  'x-fc-observe': 'black-box',
  'x-fc-entitlement': { required: false },
  'x-fc-limits': ['standard'],
  'x-fc-section': 'Endpoints / Other operations referenced',
  'x-fc-baseline': { params: { q: '$marketKey' } },
  'x-fc-discover': { request: {} },
  security: [{ apiKey: [] }, { x402: [] }],
  responses: { '200': { description: 'ok' } },
};
const parse = (op: Record<string, unknown>) => parseFacts('probeOp', op as unknown as OpenAPIV3_1.OperationObject, []);
const without = (key: string): Record<string, unknown> => Object.fromEntries(Object.entries(OK).filter(([k]) => k !== key));

test('a complete operation parses: price with its auth modes, success status', () => {
  const f = parse(OK);
  expect(f.price).toEqual({ credits: 5, usd: 0.005, x402: true, keyOnly: false });
  expect(f.auth).toEqual(['apiKey', 'x402']);
  expect(f.successStatus).toBe(200);
  expect(f.entitlement).toEqual({ required: false });
  expect(f.limits).toEqual(['standard']);
  expect(parse({ ...OK, 'x-fc-limits': ['standard', 'oil'] }).limits).toEqual(['standard', 'oil']);
  expect(parse({ ...OK, 'x-fc-entitlement': { required: true, gap: true } }).entitlement).toEqual({ required: true, gap: true });
});

test('a missing or malformed fact is an error naming the operation, never a default', () => {
  for (const key of ['x-fc-price', 'x-fc-observe', 'x-fc-entitlement', 'x-fc-limits', 'x-fc-section', 'x-fc-baseline', 'x-fc-discover'])
    expect(() => parse(without(key)), key).toThrow(/probeOp.*x-fc-/);
  expect(() => parse({ ...OK, 'x-fc-price': { usd: 0.01, credits: 5 } })).toThrow(/does not equal credits/);
  expect(() => parse({ ...OK, 'x-fc-observe': 'sometimes' })).toThrow(/x-fc-observe must be one of black-box, spend-budget, wallet/);
  // contract/facts.schema.json: a misspelt extension or field is no silent default either
  expect(() => parse({ ...OK, 'x-fc-limts': ['standard'] })).toThrow(/unknown extension x-fc-limts/);
  expect(() => parse({ ...OK, 'x-fc-baseline': { prams: { q: 'x' } } })).toThrow(/x-fc-baseline has an unknown field prams/);
  expect(() => parse({ ...OK, 'x-fc-price': { usd: 0.005, credits: 5, gapp: true } })).toThrow(/x-fc-price has an unknown field gapp/);
  expect(() => parse({ ...OK, 'x-fc-entitlement': { required: 'yes' } })).toThrow(/x-fc-entitlement/);
  expect(() => parse({ ...OK, 'x-fc-entitlement': { required: true }, security: [{ x402: [] }] })).toThrow(/needs the apiKey/);
  expect(() => parse({ ...OK, 'x-fc-limits': ['standard', 'x_research'] })).toThrow(/x-fc-limits/);
  expect(() => parse({ ...OK, 'x-fc-limits': ['oil', 'standard'] })).toThrow(/x-fc-limits/);
  expect(() => parse({ ...OK, 'x-fc-limits': [] })).toThrow(/x-fc-limits/);
  expect(() => parse({ ...OK, 'x-fc-limits': ['everything'] })).toThrow(/x-fc-limits/);
  expect(() => parse({ ...OK, 'x-fc-section': 'Limits' })).toThrow(/x-fc-section/);
  expect(() => parse({ ...OK, 'x-fc-discover': { from: 'nowhere', request: {} } })).toThrow(/x-fc-discover.from/);
  expect(() => parse({ ...OK, 'x-fc-discover': { unavailable: 'no data' } })).toThrow(/needs a discovery recipe/);
  expect(() => parse({ ...OK, responses: { '404': { description: 'no' } } })).toThrow(/no 2xx/);
});

test('placeholders fill from variables; an undefined value drops its key; an unknown name throws', () => {
  expect(fillTemplate({ a: '$x', b: { c: '$y', d: 'lit' }, e: ['$x'] }, { x: 1, y: undefined })).toEqual({ a: 1, b: { d: 'lit' }, e: [1] });
  expect(() => fillTemplate({ a: '$typo' }, { x: 1 })).toThrow(/unknown placeholder \$typo/);
});

test('every contract operation has facts; prices, baselines and paid operations come from them', () => {
  const ops = [...contract().operations.values()];
  expect(ops.length).toBeGreaterThan(0);
  expect(Object.keys(PRICES).sort()).toEqual(ops.map((o) => o.operationId).sort());
  const ids: Identities = {
    marketKey: 'venue_a:1',
    slug: 's',
    slugVenue: 'venue_c',
    venue: 'venue_a',
    nativeMarketId: '1',
    targetRef: 'venue_b:T',
    synthetic: true,
  };
  for (const op of ops) {
    expect(PRICES[op.operationId]!.credits, op.operationId).toBe(op.facts.price.credits);
    expect(() => baselineFor(op.operationId, ids), op.operationId).not.toThrow();
    expect(PAID_OPERATIONS.includes(op.operationId), op.operationId).toBe(
      op.facts.price.credits > 0 && !('unavailable' in op.facts.discover),
    );
  }
  expect(() => baselineFor('noSuchOperation', ids)).toThrow(/unknown operationId/);
});

test('the entitlement 403 the spec documents is AUTH-012; every other route that requires one is the gap AUTH-017', () => {
  const ops = [...contract().operations.values()];
  const [documented, gap] = [loadRules().get('AUTH-012')!, loadRules().get('AUTH-017')!];
  expect(gap.kind).toBe('gap');
  const required = ops.filter((o) => o.facts.entitlement.required && !o.facts.entitlement.gap).map((o) => o.operationId);
  expect(required.sort()).toEqual([...(documented.operations ?? [])].sort());
  for (const o of ops.filter((x) => x.facts.entitlement.gap))
    expect(gap.operations ?? [], `${o.operationId} marks its entitlement a gap`).toContain(o.operationId);
});

test('every x-fc-section names a section heading of the spec (without its parenthetical)', () => {
  const units = loadSpecUnits();
  test.skip(!units, `spec not found at ${specPath()}`);
  const headings = new Set(units!.map((u) => u.section.replace(/\s*\(.*\)\s*$/, '')));
  const unknown = [...contract().operations.values()].filter((o) => !headings.has(o.facts.section));
  expect(unknown.map((o) => `${o.operationId}: ${o.facts.section}`)).toEqual([]);
});

test('every reference-price rule states the price its operation declares in x-fc-price (the contract is the oracle)', () => {
  const refs = referencePrices();
  expect(refs.length, 'the catalogue has reference-price rules naming one operation each').toBeGreaterThan(0);
  const wrong: string[] = [];
  for (const p of refs) {
    const text = loadRules().get(p.rule)!.text;
    // "is free", or "is $0.01 (10 credits)" with the thousands written "1,000"
    const stated = /\bis free\b/.test(text) ? 0 : Number(/\((\d[\d,]*) credits\)/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN);
    if (stated !== p.credits || !text.includes(`${p.method} ${p.path}`))
      wrong.push(
        `${p.rule} (${p.operationId}): the rule says ${stated} credits for its route, x-fc-price says ${p.credits} at ${p.method} ${p.path}`,
      );
  }
  expect(wrong, wrong.join('\n')).toEqual([]);
});
