/**
 * The catalogue of bounds and defaults (issue 22): every numeric, length and count bound of the
 * contract's parameters and body fields has its boundary cases (bound - 1 / bound / bound + 1, from
 * suites/support/param-cases.ts) judged by a live PARAM rule, every documented default has a default
 * oracle (suites/defaults.spec.ts iterates `documentedDefaults`) with a non-default value to tell it
 * apart, and the bounds outside parameter schemas (Limits table, relationships cap, oil spacing) each
 * name the rule and suite that probe them. A new bound or default without its cases fails here.
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
  outOfBounds,
  paramRule,
  paramSpecs,
  type BoundFact,
} from '../../suites/support/param-cases.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const label = (b: BoundFact) => `${b.operationId} ${b.param.name} ${b.keyword} ${b.bound}`;

/**
 * Bounds that are not parameter schemas, each with the rule judging it and the suite whose test carries
 * that rule (the time bounds are paced by the limits suite, which aligns bursts to calendar seconds).
 */
const OTHER_BOUNDS: readonly { bound: string; rule: string; suite: string }[] = [
  { bound: 'standard scope: 20 a second', rule: 'LIM-001', suite: 'suites/limits.spec.ts' },
  { bound: 'standard scope: 600 a minute', rule: 'LIM-002', suite: 'suites/limits.spec.ts' },
  { bound: 'standard scope: 20,000 a UTC day', rule: 'LIM-003', suite: 'suites/limits.spec.ts' },
  { bound: 'standard scope: 10 in flight', rule: 'LIM-004', suite: 'suites/limits.spec.ts' },
  { bound: 'social research: 5 a second', rule: 'LIM-005', suite: 'suites/limits.spec.ts' },
  { bound: 'social research: 60 a minute', rule: 'LIM-006', suite: 'suites/limits.spec.ts' },
  { bound: 'social research: 500 a UTC day', rule: 'LIM-007', suite: 'suites/limits.spec.ts' },
  { bound: 'per-IP guard: 1,200 a minute', rule: 'LIM-010', suite: 'suites/limits.spec.ts' },
  { bound: 'per-IP guard: 50,000 a UTC day', rule: 'LIM-011', suite: 'suites/limits.spec.ts' },
  { bound: 'oil: one in flight', rule: 'OIL-011', suite: 'suites/limits.spec.ts' },
  { bound: 'oil: starts one second apart', rule: 'OIL-012', suite: 'suites/limits.spec.ts' },
  { bound: 'relationships: 50 refs a category', rule: 'REL-001', suite: 'suites/assets-search.spec.ts' },
  { bound: 'relationships: capped at 50 with truncated', rule: 'REL-008', suite: 'suites/assets-search.spec.ts' },
  { bound: 'link token: 15 minutes', rule: 'WAL-002', suite: 'suites/wallet-link.spec.ts' },
  { bound: 'profile: 15 grounded posts', rule: 'PROF-004', suite: 'suites/social-profile.spec.ts' },
  { bound: 'profile cache: under 30 days', rule: 'PROF-008', suite: 'suites/social-clock.spec.ts' },
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
