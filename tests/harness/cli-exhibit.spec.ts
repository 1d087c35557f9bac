/**
 * A stub edited to break one rule (a paid price that is no multiple of $0.005: PRICE-014) run through
 * the CLI with that rule selected: exit 1; the rule's entry in rules.json carries the violation, the
 * request, the response excerpt and a curl command without secrets; rules.json validates against its
 * published schema; JUnit reports a <failure> with the violation; the bundle verifies and a changed
 * byte is detected; `replay` re-sends the case and still finds it failing.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { PRICES, type Price } from '../../contract/pricing.ts';
import { startStub, type RunningStub } from '../../stub/app.ts';
import { ROOT, runCli } from './support/cli.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let stub: RunningStub;
let dir = '';
const keys = [`fc_${randomBytes(16).toString('hex')}`, `fc_${randomBytes(16).toString('hex')}`];
const controlToken = randomBytes(24).toString('hex');
const saved = PRICES.listSources!;
let run: Awaited<ReturnType<typeof runCli>>;
const secretEnv = () => ({ FC_API_KEY: keys[0], FC_API_KEY_2: keys[1], FC_CONTROL_TOKEN: controlToken });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dir = mkdtempSync(join(tmpdir(), 'fc-exhibit-'));
  stub = await startStub({ port: 0, apiKeys: keys, controlToken, seed: 42 });
  // The edit: GET /api/public/pricing now lists listSources at $0.006 (6 credits).
  (PRICES as Record<string, Price>).listSources = { ...saved, credits: 6 };
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  writeFileSync(join(dir, 'signing.pem'), pem);
  run = await runCli(
    [
      'run',
      '--target',
      stub.url,
      '--rule',
      'PRICE-014',
      '--report-dir',
      join(dir, 'r'),
      '--signing-key',
      join(dir, 'signing.pem'),
      '--max-spend',
      '1',
    ],
    secretEnv(),
    200_000,
  );
});

test.afterAll(async () => {
  (PRICES as Record<string, Price>).listSources = saved;
  await stub?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the broken rule fails the run (exit 1) and carries its exhibits', () => {
  expect(run.code, run.stdout + run.stderr).toBe(1);
  const report = JSON.parse(readFileSync(join(dir, 'r', 'rules.json'), 'utf8'));
  expect(report.verdict).toBe('FAILED');
  const rule = report.rules.find((r: { id: string }) => r.id === 'PRICE-014');
  expect(rule.status).toBe('FAILED');
  expect(rule.reasons[0]).toMatch(/^\[PRICE-014\] .*0\.006/);
  expect(rule.reasons[0]).not.toMatch(/violation\(s\):/);
  const e = rule.exhibits[0];
  expect(e.violations[0]).toMatchObject({ ruleId: 'PRICE-014', severity: 'error' });
  expect(e.violations[0].path).toMatch(/^\//);
  expect(e.request).toMatchObject({ method: 'GET', url: `${stub.url}/api/public/pricing` });
  expect(e.response.status).toBe(200);
  expect(e.response.body).toContain('"routes":[');
  expect(e.response.body.length).toBeLessThanOrEqual(2048);
  expect(e.response.truncated, 'the pricing table is longer than the 2 KB excerpt').toBe(true);
  expect(e.curl).toContain(`curl -sS -i -X GET '${stub.url}/api/public/pricing'`);
  // Everything else is NOT_SELECTED, never NO_TEST.
  expect(report.rules.filter((r: { status: string }) => r.status === 'NO_TEST')).toEqual([]);
  expect(report.rules.find((r: { id: string }) => r.id === 'AVAIL-001').status).toBe('NOT_SELECTED');
  expect(run.stdout).toContain('FAILED PRICE-014');
});

test('rules.json validates against its published schema', () => {
  const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));
  const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'reporter/rules.schema.json'), 'utf8')));
  const ok = validate(JSON.parse(readFileSync(join(dir, 'r', 'rules.json'), 'utf8')));
  expect(validate.errors ?? [], 'schema errors').toEqual([]);
  expect(ok).toBe(true);
});

test('JUnit reports the rule as a <failure> with the violation text', () => {
  const junit = readFileSync(join(dir, 'r', 'junit.xml'), 'utf8');
  expect(junit).toMatch(/<testsuites [^>]*failures="1"/);
  expect(junit).toMatch(
    /<testcase classname="PRICE" name="PRICE-014 [^"]*" time="\d+\.\d{3}">\s*<failure message="\[PRICE-014\][^"]*0\.006/,
  );
  expect(junit).not.toMatch(/<error /);
});

test('certification.md and .html open with the verdict and list the failure with its curl command', () => {
  const md = readFileSync(join(dir, 'r', 'certification.md'), 'utf8');
  expect(md.split('\n')[0]).toBe('# Conformance certification: FAILED');
  expect(md).toMatch(/### PRICE-014[\s\S]*curl -sS -i -X GET/);
  const html = readFileSync(join(dir, 'r', 'certification.html'), 'utf8');
  expect(html.indexOf('PRICE-014')).toBeLessThan(html.indexOf('By operation and by rule family'));
  for (const s of ['Contract SHA-256', 'Seed', 'Command', 'Duration', 'Spend', 'f-status', 'f-family', 'f-op', 'f-level'])
    expect(html).toContain(s);
});

test('no API key, control token or private key is in any bundle file', () => {
  const manifest = JSON.parse(readFileSync(join(dir, 'r', 'manifest.json'), 'utf8')) as { files: { path: string }[] };
  const pem = readFileSync(join(dir, 'signing.pem'), 'utf8').replace(/-----[A-Z ]+-----|\s/g, '');
  const leaks: string[] = [];
  for (const f of [...manifest.files.map((x) => x.path), 'manifest.json', 'manifest.sig']) {
    const text = readFileSync(join(dir, 'r', f), 'utf8');
    for (const [label, value] of [
      ['FC_API_KEY', keys[0]!],
      ['FC_API_KEY_2', keys[1]!],
      ['FC_CONTROL_TOKEN', controlToken],
      ['the signing key', pem],
    ] as const)
      if (text.includes(value)) leaks.push(`${f} contains ${label}`);
  }
  expect(leaks).toEqual([]);
  expect(run.stdout + run.stderr).not.toContain(keys[0]!);
});

test('verify accepts the bundle, pins the key, and detects one changed byte', async () => {
  const pub = join(dir, 'signing.pub.pem');
  const { createPublicKey, createPrivateKey } = await import('node:crypto');
  writeFileSync(
    pub,
    createPublicKey(createPrivateKey(readFileSync(join(dir, 'signing.pem'))))
      .export({ type: 'spki', format: 'pem' })
      .toString(),
  );
  const ok = await runCli(['verify', join(dir, 'r'), '--public-key', pub]);
  expect(ok.code, ok.stderr).toBe(0);
  expect(ok.stdout).toMatch(/^verified: \d+ file\(s\)/);
  const other = join(dir, 'other.pub.pem');
  writeFileSync(other, generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString());
  expect((await runCli(['verify', join(dir, 'r'), '--public-key', other])).code).toBe(1);
  const md = join(dir, 'r', 'certification.md');
  const bytes = readFileSync(md);
  bytes[10] = bytes[10]! ^ 0x01;
  writeFileSync(md, bytes);
  const bad = await runCli(['verify', join(dir, 'r')]);
  expect(bad.code).toBe(1);
  expect(bad.stderr).toMatch(/certification\.md: changed/);
});

test('replay re-sends the recorded case and prints the answer and the verdict', async () => {
  const r = await runCli(['replay', '--report-dir', join(dir, 'r'), '--rule', 'PRICE-014'], secretEnv());
  expect(r.stdout).toMatch(/Replaying PRICE-014 case 1: GET http:\/\/127\.0\.0\.1:\d+\/api\/public\/pricing/);
  expect(r.stdout).toMatch(/Answer: HTTP 200/);
  // The edited price is still served: the rule's own check (the pricing metadata's) still finds it.
  expect(r.stdout).toMatch(/^Verdict: PRICE-014 still violated: .*\(exit 1\)$/m);
  expect(r.code).toBe(1);
});
