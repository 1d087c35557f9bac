/**
 * Secrets never reach a report: redact() masks registered secret values, and nothing else (issue 33:
 * no pattern over finished text); and after a real short conformance run against an in-process stub, no file the run wrote (including
 * the HTML report's embedded archive) and nothing it printed contains an API key or the control token.
 */
import { randomBytes } from 'node:crypto';
import { test, expect } from '@playwright/test';
import { redact, registerSecret } from '../../lib/redact.ts';
import type { Exhibit } from '../../lib/exhibit.ts';
import { attachExhibit, registerPlaceholder, rememberExchange } from '../../suites/support/exhibit.ts';
import { bufferedResponse } from '../../suites/support/transport.ts';
import { reportTexts, runConformance, secretRunEnv, withSecretRun } from './support/report-scan.ts';

test.describe('redact', () => {
  test('registered secrets are masked wherever they appear', () => {
    const key = `fc_${randomBytes(12).toString('hex')}`;
    registerSecret(key);
    const out = redact(`GET /api/v1/latest failed; key=${key}; again:${key}`);
    expect(out).not.toContain(key);
    expect(out).toBe('GET /api/v1/latest failed; key=***; again:***');
  });

  test('short values are not registered (they would mask ordinary text)', () => {
    registerSecret('abc');
    registerSecret(undefined);
    expect(redact('abc abcdef')).toBe('abc abcdef');
  });

  test('a configured secret becomes its $VARIABLE placeholder; a longer secret holding a shorter one is masked whole', () => {
    const key = `fc_${randomBytes(12).toString('hex')}`;
    registerSecret(key, 'FC_API_KEY_2');
    registerSecret(`${key}_and_more`);
    expect(redact(`-H "x-service-api-key: ${key}" then ${key}_and_more`)).toBe('-H "x-service-api-key: $FC_API_KEY_2" then ***');
    // Registered again without its variable (the runner registers every secret), it keeps the placeholder.
    registerSecret(key);
    expect(redact(key)).toBe('$FC_API_KEY_2');
  });

  test('nothing but registered values changes: markup, placeholders and header-like text survive (issue 33)', () => {
    const texts = [
      '<pre class="curl">curl -H "x-service-api-key: $FC_API_KEY" -H \'authorization: Bearer $FC_CONTROL_TOKEN\'</pre></div>',
      '<failure message="[X402-020] transferWithAuthorization: signature not valid">text</failure></testcase>',
      '{"payment-signature":"eyJzaWduZWQiOnRydWV9","x-service-api-key":"$FC_API_KEY"}',
      `signer 0x${'ab12'.repeat(16)} ready`,
    ];
    for (const t of texts) expect(redact(t)).toBe(t);
  });
});

test('a recorded request carries each secret as its placeholder from the start, by the header that carried it', async () => {
  const [key, key2, token, made] = ['', '', '', ''].map(() => `fc_${randomBytes(12).toString('hex')}`) as [string, string, string, string];
  registerPlaceholder(key, 'FC_API_KEY');
  registerPlaceholder(key2, 'FC_API_KEY_2');
  registerPlaceholder(token, 'FC_CONTROL_TOKEN');
  registerSecret(made); // a control-plane account's key: the run made it
  const answer = bufferedResponse({
    url: 'http://127.0.0.1:1/api/v1/latest',
    status: 422,
    statusText: '',
    headers: [],
    body: Buffer.from(`{"echo":"${key2}"}`),
  });
  const recorded = async (headers: Record<string, string>) => {
    await rememberExchange('GET', 'http://127.0.0.1:1/api/v1/latest', headers, undefined, answer);
    attachExhibit([{ ruleId: 'ERR-001', severity: 'error', path: '/message', message: 'm' }], answer);
    const a = test.info().attachments.at(-1)!;
    return JSON.parse(a.body!.toString('utf8')) as Exhibit;
  };
  const e = await recorded({ 'X-Service-Api-Key': key2, authorization: `Bearer ${token}`, accept: 'application/json' });
  expect(e.request!.headers).toEqual({
    'x-service-api-key': '$FC_API_KEY_2',
    authorization: 'Bearer $FC_CONTROL_TOKEN',
    accept: 'application/json',
  });
  expect(e.curl).toContain(`-H "x-service-api-key: $FC_API_KEY_2" -H "authorization: Bearer $FC_CONTROL_TOKEN"`);
  expect(e.response!.body).toBe('{"echo":"$FC_API_KEY_2"}');
  expect((await recorded({ 'x-service-api-key': key })).request!.headers['x-service-api-key']).toBe('$FC_API_KEY');
  // A key the run made is replayed with the configured key; a made-up one (an invalid-key test) is no secret and stays.
  expect((await recorded({ 'x-service-api-key': made })).request!.headers['x-service-api-key']).toBe('$FC_API_KEY');
  expect((await recorded({ 'x-service-api-key': 'fc_invalid_0000' })).request!.headers['x-service-api-key']).toBe('fc_invalid_0000');
});

test('a real conformance run writes no API key or control token into any report', async () => {
  test.setTimeout(150_000);
  await withSecretRun('redaction', async (run) => {
    const { stub, keys, controlToken, reportDir } = run;
    let keyed = 0;
    stub.app.server.on('request', (req: { headers: Record<string, unknown> }) => {
      if (req.headers['x-service-api-key'] === keys[0]) keyed++;
    });
    const args = ['suites/auth.spec.ts', 'suites/parameters.spec.ts', '--grep', 'listAssets|listSources|getLatest|invalid key'];
    const { stdout, stderr } = await runConformance(args, secretRunEnv(run), 120_000);
    expect(stdout, stderr).toMatch(/\d+ passed/);
    expect(keyed, 'the run must really have sent the key').toBeGreaterThan(0);

    const { files, scanned } = reportTexts(reportDir, { stdout, stderr });
    expect(files).toEqual(
      expect.arrayContaining(['rules.json', 'certification.md', 'certification.html', 'junit.xml', 'results.json', 'html/index.html']),
    );
    const leaks: string[] = [];
    for (const { where, text } of scanned)
      for (const secret of [...keys, controlToken]) if (text.includes(secret)) leaks.push(`${where} contains ${secret.slice(0, 6)}…`);
    expect(leaks).toEqual([]);
    expect(scanned.length).toBeGreaterThan(files.length);
  });
});
