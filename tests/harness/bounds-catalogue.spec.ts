/**
 * The catalogue of bounds and defaults (issue 22): every numeric, length and count bound of the
 * contract's parameters and body fields has its boundary cases (bound - 1 / bound / bound + 1, from
 * suites/support/param-cases.ts) judged by a live PARAM rule, every documented default has a default
 * oracle (suites/defaults.spec.ts iterates `documentedDefaults`) with a non-default value to tell it
 * apart, and the bounds outside parameter schemas (Limits table, relationships cap, oil spacing) each
 * name the rule and suite that probe them, a time bound its case just inside and just outside. A new
 * bound or default without its cases fails here.
 * Credits no catalogue rule.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { contract } from '../../contract/index.ts';
import { isTestable, loadRules } from '../../contract/rules.ts';
import {
  boundaryCases,
  documentedBounds,
  documentedDefaults,
  inBoundsEdges,
  interiorValues,
  outOfBounds,
  paramRule,
  paramSpecs,
  type BoundFact,
} from '../../suites/support/param-cases.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const label = (b: BoundFact) => `${b.operationId} ${b.param.name} ${b.keyword} ${b.bound}`;

/** One side of a time bound: the rule judging it and a phrase of the suite's source naming its case (a test or step title). */
interface Side {
  rule: string;
  case: string;
}

/**
 * Bounds that are not parameter schemas, each with the rule judging it and the suite whose test carries
 * that rule (the time bounds are paced by the limits suite, which aligns bursts to calendar seconds).
 * A time bound (a rate window, a spacing, a lifetime, an age) also lists its two sides (issue 22): the
 * case just inside it and the case just outside it, each judged by a test of the suite.
 */
const OTHER_BOUNDS: readonly { bound: string; rule: string; suite: string; sides?: { inside: Side; outside: Side } }[] = [
  {
    bound: 'standard scope: 20 a second',
    rule: 'LIM-001',
    suite: 'suites/limits.spec.ts',
    sides: {
      inside: { rule: 'LIM-001', case: 'exactly 20 requests in a second are admitted' },
      outside: { rule: 'LIM-001', case: 'the 21st answers 429' },
    },
  },
  {
    bound: 'standard scope: 600 a minute',
    rule: 'LIM-002',
    suite: 'suites/limits.spec.ts',
    sides: {
      inside: { rule: 'LIM-002', case: 'exactly 2 more are admitted' },
      outside: { rule: 'LIM-002', case: 'and the next answers 429' },
    },
  },
  {
    bound: 'standard scope: 20,000 a UTC day',
    rule: 'LIM-003',
    suite: 'suites/limits.spec.ts',
    sides: {
      inside: { rule: 'LIM-003', case: 'exactly 2 more are admitted' },
      outside: { rule: 'LIM-003', case: 'and the next answers 429' },
    },
  },
  {
    bound: 'standard and social research: the UTC day ends at 00:00',
    rule: 'LIM-003',
    suite: 'suites/quota-reset.spec.ts',
    sides: {
      inside: { rule: 'LIM-003', case: 's before 00:00 UTC every principal is still refused' },
      outside: { rule: 'LIM-003', case: 's after 00:00 UTC every principal is admitted again' },
    },
  },
  {
    bound: 'the per-IP guard: the UTC day ends at 00:00',
    rule: 'LIM-011',
    suite: 'suites/quota-reset.spec.ts',
    sides: {
      inside: { rule: 'LIM-011', case: 's before 00:00 UTC every principal is still refused' },
      outside: { rule: 'LIM-011', case: 's after 00:00 UTC every principal is admitted again' },
    },
  },
  { bound: 'standard scope: 10 in flight', rule: 'LIM-004', suite: 'suites/limits.spec.ts' },
  {
    bound: 'social research: 5 a second',
    rule: 'LIM-005',
    suite: 'suites/limits.spec.ts',
    sides: {
      inside: { rule: 'LIM-005', case: 'exactly 5 requests in a second are admitted' },
      outside: { rule: 'LIM-005', case: 'the 6th answers 429' },
    },
  },
  {
    bound: 'social research: 60 a minute',
    rule: 'LIM-006',
    suite: 'suites/limits.spec.ts',
    sides: {
      inside: { rule: 'LIM-006', case: 'exactly 2 more are admitted' },
      outside: { rule: 'LIM-006', case: 'and the next answers 429' },
    },
  },
  {
    bound: 'social research: 500 a UTC day',
    rule: 'LIM-007',
    suite: 'suites/limits.spec.ts',
    sides: {
      inside: { rule: 'LIM-007', case: 'exactly 2 more are admitted' },
      outside: { rule: 'LIM-007', case: 'and the next answers 429' },
    },
  },
  // The guard "may tighten during abuse" (LIM-014): its inside case admits at most the bound.
  {
    bound: 'per-IP guard: 50 a second',
    rule: 'LIM-009',
    suite: 'suites/limits.spec.ts',
    sides: {
      inside: { rule: 'LIM-009', case: 'at most 50 requests a second from one address are admitted' },
      outside: { rule: 'LIM-009', case: 'the next answers 429' },
    },
  },
  {
    bound: 'per-IP guard: 1,200 a minute',
    rule: 'LIM-010',
    suite: 'suites/limits.spec.ts',
    sides: {
      inside: { rule: 'LIM-010', case: 'at most 3 more are admitted' },
      outside: { rule: 'LIM-010', case: 'and the next answers 429' },
    },
  },
  {
    bound: 'per-IP guard: 50,000 a UTC day',
    rule: 'LIM-011',
    suite: 'suites/limits.spec.ts',
    sides: {
      inside: { rule: 'LIM-011', case: 'at most 3 more are admitted' },
      outside: { rule: 'LIM-011', case: 'and the next answers 429' },
    },
  },
  { bound: 'oil: one in flight', rule: 'OIL-011', suite: 'suites/limits.spec.ts' },
  {
    bound: 'oil: starts one second apart',
    rule: 'OIL-012',
    suite: 'suites/limits.spec.ts',
    sides: {
      inside: { rule: 'OIL-012', case: 'ms after the previous start, answered within that second' },
      outside: { rule: 'OIL-012', case: 'ms after the previous answer' },
    },
  },
  { bound: 'relationships: 50 refs a category', rule: 'REL-001', suite: 'suites/asset-search.spec.ts' },
  { bound: 'relationships: capped at 50 with truncated', rule: 'REL-008', suite: 'suites/asset-search.spec.ts' },
  {
    bound: 'link token: 15 minutes',
    rule: 'WAL-002',
    suite: 'suites/wallet-link.spec.ts',
    sides: {
      inside: { rule: 'WAL-002', case: 's before 15 minutes the token links' },
      outside: { rule: 'WAL-002', case: 's after 15 minutes the token answers 422' },
    },
  },
  { bound: 'profile: 15 grounded posts', rule: 'PROF-004', suite: 'suites/social-profile.spec.ts' },
  {
    bound: 'profile cache: under 30 days',
    rule: 'PROF-008',
    suite: 'suites/social-clock.spec.ts',
    sides: {
      inside: { rule: 'PROF-006', case: 's before 30 days, still the stored profile' },
      outside: { rule: 'PROF-008', case: 'just outside: 30 days and 2 s later, recomputed' },
    },
  },
];

test('every parameter bound has its cases at bound - 1, bound and bound + 1, judged by a live PARAM rule', () => {
  const bounds = documentedBounds();
  expect(bounds.length, 'the contract declares parameter bounds').toBeGreaterThan(30);
  const missing: string[] = [];
  for (const b of bounds) {
    const rule = paramRule(b.operationId, b.param.name, b.keyword);
    if (!rule || rule.retired) {
      missing.push(`${label(b)}: no live PARAM rule`);
      continue;
    }
    // A bound the spec does not show is the target's choice (a gap), and an empty path segment names
    // another route (unobservable): neither has boundary cases to judge.
    if (rule.kind === 'gap' || !isTestable(rule)) continue;
    const { over, inside } = boundaryCases(b.param, undefined);
    const outside = [...over, ...outOfBounds(b.param)].filter((c) => c.keyword === b.keyword);
    const at = inBoundsEdges(b.param, undefined, 0).filter((e) => e.keyword === b.keyword);
    // The outside case: bound + 1 (or - 1) itself, or for minLength 1 the empty value (0 characters).
    if (!over.some((c) => c.keyword === b.keyword) && !(b.keyword === 'minLength' && b.bound === 1 && outside.length))
      missing.push(`${label(b)}: no case just outside`);
    // A path segment cannot be empty, and a structured identity keeps no form at one character: the
    // exactly-minLength edge of those is the discovered identity itself (parameters suite).
    if (!at.length && !(b.keyword === 'minLength' && b.param.in !== 'body')) missing.push(`${label(b)}: no case at the bound`);
    if (b.keyword !== 'minLength' && !inside.some((e) => e.keyword === b.keyword) && b.bound > 1)
      missing.push(`${label(b)}: no case just inside`);
  }
  expect(missing, 'bounds without their boundary cases').toEqual([]);
});

test('values between the bounds: every one on a short range, the quartiles on a long one, none on an open range', () => {
  // Round-8 bug: a price that changed above hours=3 of 1..6 passed bound, bound + 1 and bound - 1 on both sides.
  expect(interiorValues(1, 6)).toEqual([3, 4]);
  expect(interiorValues(1, 5)).toEqual([3]);
  expect(interiorValues(1, 4)).toEqual([]);
  expect(interiorValues(1, 168)).toEqual([43, 85, 126]);
  expect(interiorValues(1, Infinity)).toEqual([]);
  const hours = boundaryCases(
    paramSpecs('getLatest').find((p) => p.name === 'hours')!,
    undefined,
  ).inside.map((e) => e.value);
  expect(hours).toEqual(expect.arrayContaining(['2', '3', '4', '5']));
});

test('every documented default has a default oracle with a value that tells it apart', () => {
  const oracles = documentedDefaults();
  const withOracle = new Set(oracles.map((d) => `${d.operationId} ${d.param.name}`));
  const missing: string[] = [];
  for (const { operationId } of contract().operations.values())
    for (const p of paramSpecs(operationId)) {
      if (p.schema.default === undefined || p.name === 'body') continue;
      const rule = paramRule(operationId, p.name, 'default');
      // A default the spec does not show is a gap: the target's choice, with no oracle.
      if (rule?.kind === 'gap') continue;
      if (!withOracle.has(`${operationId} ${p.name}`)) missing.push(`${operationId} ${p.name}: no documented default rule`);
    }
  for (const d of oracles) if (d.other === undefined) missing.push(`${d.operationId} ${d.param.name}: no non-default value`);
  expect(missing, 'defaults without an oracle').toEqual([]);
  const suite = readFileSync(join(ROOT, 'suites', 'defaults.spec.ts'), 'utf8');
  expect(suite, 'the default oracle iterates every documented default').toContain('documentedDefaults()');
});

test('every bound outside the parameter schemas names a live rule and a suite test carrying it', () => {
  const rules = loadRules();
  const missing: string[] = [];
  for (const b of OTHER_BOUNDS) {
    const rule = rules.get(b.rule);
    if (!rule || !isTestable(rule)) missing.push(`${b.bound}: ${b.rule} is not a live testable rule`);
    else if (!readFileSync(join(ROOT, b.suite), 'utf8').includes(`'${b.rule}'`))
      missing.push(`${b.bound}: no test of ${b.suite} carries ${b.rule}`);
  }
  expect(missing).toEqual([]);
});

/** A time bound: a rate window, a spacing, a lifetime or an age (the count bounds above are not). */
const TIME_BOUND = /a second|a minute|a UTC day|00:00|apart|minutes|days/;

test('every time bound outside the parameter schemas is probed just inside and just outside, each side by a test carrying its rule', () => {
  const rules = loadRules();
  const missing: string[] = [];
  for (const b of OTHER_BOUNDS.filter((x) => TIME_BOUND.test(x.bound))) {
    if (!b.sides) {
      missing.push(`${b.bound}: no inside and outside cases listed`);
      continue;
    }
    const source = readFileSync(join(ROOT, b.suite), 'utf8');
    for (const [side, { rule, case: phrase }] of Object.entries(b.sides)) {
      const r = rules.get(rule);
      if (!r || !isTestable(r)) missing.push(`${b.bound} (${side}): ${rule} is not a live testable rule`);
      else if (!source.includes(`'${rule}'`)) missing.push(`${b.bound} (${side}): no test of ${b.suite} carries ${rule}`);
      if (!source.includes(phrase)) missing.push(`${b.bound} (${side}): ${b.suite} has no case "${phrase}"`);
    }
  }
  expect(missing, 'time bounds without a case on each side').toEqual([]);
});
