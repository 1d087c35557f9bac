/**
 * Secrets never reach a report: redact() masks registered secrets, 0x private keys and auth headers;
 * and after a real short conformance run against an in-process stub, no file the run wrote (including
 * the HTML report's embedded archive) and nothing it printed contains an API key or the control token.
 */
import { randomBytes } from 'node:crypto';
import { test, expect } from '@playwright/test';
import { redact, registerSecret } from '../../lib/redact.ts';
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

  test('0x private keys are masked even when never registered', () => {
    const pk = `0x${'ab12'.repeat(16)}`;
    expect(redact(`signer ${pk} ready`)).toBe('signer 0x*** ready');
    // An address (20 bytes) is not a secret and stays readable.
    expect(redact('payTo 0x000000000000000000000000000000000000fC01')).toContain('0x000000000000000000000000000000000000fC01');
  });

  test('auth header values are masked in header and JSON form', () => {
    const out = redact(
      'x-service-api-key: fc_unregistered_value\nAuthorization: Bearer tok.en.value\n{"payment-signature":"eyJzaWduZWQiOnRydWV9"} PAYMENT-SIGNATURE=eyJhIjoxfQ',
    );
    for (const leaked of ['fc_unregistered_value', 'tok.en.value', 'eyJzaWduZWQiOnRydWV9', 'eyJhIjoxfQ']) expect(out).not.toContain(leaked);
  });

  test('a header inside a JSON string is masked and the JSON stays valid (the escaped quote survives)', () => {
    const file = JSON.stringify({
      curl: `curl -sS -H "payment-signature: eyJzaWduZWQiOnRydWV9" -H 'x-service-api-key: fc_unregistered_value' http://127.0.0.1:1/`,
      request: { headers: JSON.stringify({ 'payment-signature': 'eyJhIjoxfQ', authorization: 'Bearer tok.en.value' }) },
    });
    const out = redact(file);
    expect(() => JSON.parse(out) as unknown, out).not.toThrow();
    for (const leaked of ['fc_unregistered_value', 'tok.en.value', 'eyJzaWduZWQiOnRydWV9', 'eyJhIjoxfQ']) expect(out).not.toContain(leaked);
  });
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
