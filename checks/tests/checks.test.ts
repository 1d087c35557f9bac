/**
 * Unit tests of every registered check (checks/registry.ts), from hand-made fixtures: each
 * conforming input yields no violation; each rule's violating input yields that rule (and only the
 * rules its fixture names). The registry is enumerated, so a registered check without a fixture
 * for one of its rules, or a check emitting an ID it does not declare, fails here.
 * Tests of the harness itself: they carry no `rule` annotation and credit no catalogue rule.
 */
import { expect, test } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { contract } from '../../contract/index.ts';
import { loadRules } from '../../contract/rules.ts';
import { allowedRules, runCheck, UndeclaredRuleError } from '../define.ts';
import { CHECKS } from '../registry.ts';
import type { Violation } from '../../lib/violation.ts';
import { ALL_CASES } from './all.ts';
import { canonicalMarket, envelope, liveQuote, marketRow, moveToVenue } from './parts.ts';
import { mutate, type CheckCases, type Violating } from './cases.ts';

const show = (vs: readonly Violation[]): string =>
  vs.map((v) => `${v.ruleId} ${v.severity} ${v.path}: ${v.message}`).join('\n') || '(none)';
const asViolating = (f: unknown[] | Violating<unknown[]>): Violating<unknown[]> => (Array.isArray(f) ? { input: f } : f);

test.describe('registry', () => {
  test('every registered check has fixtures for every rule it declares, and nothing else', () => {
    const byName = new Map<string, CheckCases<unknown[]>[]>();
    for (const c of ALL_CASES) byName.set(c.check.name, [...(byName.get(c.check.name) ?? []), c]);
    const problems: string[] = [];
    for (const check of Object.values(CHECKS)) {
      const mine = byName.get(check.name) ?? [];
      if (!mine.length) {
        problems.push(`${check.name}: no fixtures`);
        continue;
      }
      if (!mine.some((c) => c.ok.length)) problems.push(`${check.name}: no conforming fixture`);
      const covered = new Set(mine.flatMap((c) => Object.keys(c.bad)));
      for (const id of check.rules) if (!covered.has(id)) problems.push(`${check.name}: no violating fixture for ${id}`);
      if (check.ruleOf && ![...covered].some((id) => !check.rules.includes(id)))
        problems.push(`${check.name}: no violating fixture under a caller-chosen rule`);
    }
    const registered = new Set(Object.values(CHECKS));
    for (const c of ALL_CASES) if (!registered.has(c.check as never)) problems.push(`${c.check.name}: fixtures of an unregistered check`);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('the registered checks of every family are in CHECKS under their own names, none shadowed', async () => {
    const dir = fileURLToPath(new URL('..', import.meta.url));
    const families: [string, Record<string, unknown>][] = [];
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'registry.ts')) {
      const m = (await import(pathToFileURL(join(dir, f)).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(m))
        if (name.endsWith('_CHECKS')) families.push([`${f} ${name}`, value as Record<string, unknown>]);
    }
    const problems: string[] = [];
    const registered = CHECKS as Record<string, unknown>;
    for (const [where, entries] of families)
      for (const [key, entry] of Object.entries(entries)) {
        if (registered[key] !== entry) problems.push(`${where}.${key} is not CHECKS.${key} (family not spread, or shadowed by another)`);
        if ((entry as { name: string }).name !== key) problems.push(`${where}.${key} is named ${(entry as { name: string }).name}`);
      }
    const total = families.reduce((n, [, e]) => n + Object.keys(e).length, 0);
    expect(problems, problems.join('\n')).toEqual([]);
    expect(Object.keys(CHECKS).length, "CHECKS holds exactly the families' entries").toBe(total);
  });

  test('every declared rule is in the catalogue', () => {
    const catalogue = loadRules();
    const unknown = Object.values(CHECKS).flatMap((c) => c.rules.filter((id) => !catalogue.has(id)).map((id) => `${c.name}: ${id}`));
    expect(unknown, unknown.join('\n')).toEqual([]);
  });

  test('the shared fixture parts are valid per contract/openapi.yaml', () => {
    const c = contract();
    const parts: [string, unknown][] = [
      ['RelationshipsEnvelope', envelope()],
      ['VenueQuoteV1', liveQuote()],
      ['CanonicalMarketWithRelationships', canonicalMarket()],
      ['MarketListItem', marketRow()],
      ['MarketListItem', mutate(marketRow('7'), (r) => moveToVenue(r, 'venue_b'))],
    ];
    for (const [name, value] of parts) {
      const found = c.validateSchema(name, value);
      expect.soft(found, `${name}:\n${show(found)}`).toEqual([]);
    }
  });

  test('a check emitting an undeclared rule is flagged, or throws in strict mode', () => {
    const narrow = { ...CHECKS.checkVenueAUrl, rules: [] as string[] };
    const input: Parameters<typeof CHECKS.checkVenueAUrl.run>[0] = ['venue_b', 'https://venue-a.test/m/1', '/venueAUrl'];
    const flagged = runCheck(narrow, input);
    expect(flagged.map((v) => [v.ruleId, v.severity])).toEqual([
      ['ROUTE-006', 'error'],
      ['ROUTE-006', 'error'],
    ]);
    expect(flagged[1]!.message).toContain('checkVenueAUrl');
    expect(() => runCheck(narrow, input, { strict: true })).toThrow(UndeclaredRuleError);
    expect(runCheck(CHECKS.checkVenueAUrl, input, { strict: true }).map((v) => v.ruleId)).toEqual(['ROUTE-006']);
  });
});

const seen = new Map<string, number>();
for (const c of ALL_CASES as readonly CheckCases<unknown[]>[]) {
  // A check may have more than one block of fixtures (one rule, two cases): later blocks are numbered.
  const n = (seen.get(c.check.name) ?? 0) + 1;
  seen.set(c.check.name, n);
  test(n === 1 ? c.check.name : `${c.check.name} (${n})`, async () => {
    for (const [i, input] of c.ok.entries()) {
      await test.step(`conforming fixture ${i}`, () => {
        const found = runCheck(c.check, input, { strict: true });
        expect.soft(found, `${c.check.name} conforming fixture ${i} found:\n${show(found)}`).toEqual([]);
      });
    }
    for (const [rule, fixture] of Object.entries(c.bad)) {
      await test.step(`violating fixture ${rule}`, () => {
        const { input, also = [] } = asViolating(fixture);
        expect.soft(allowedRules(c.check, input).has(rule), `${rule} is not a rule ${c.check.name} declares`).toBe(true);
        const found = runCheck(c.check, input, { strict: true });
        const ids = found.map((v) => v.ruleId);
        expect.soft(ids, `${c.check.name} on the ${rule} fixture found:\n${show(found)}`).toContain(rule);
        const stray = ids.filter((id) => id !== rule && !also.includes(id));
        expect.soft(stray, `${c.check.name} on the ${rule} fixture also found:\n${show(found)}`).toEqual([]);
        // A rule broken is a rule judged: its violating input holds an instance of its case (RuleCase).
        const ruleCase = c.check.cases?.[rule];
        if (ruleCase)
          expect
            .soft(ruleCase.count(input), `${c.check.name}: the ${rule} fixture holds no instance of ${ruleCase.what}`)
            .toBeGreaterThan(0);
      });
    }
  });
}
