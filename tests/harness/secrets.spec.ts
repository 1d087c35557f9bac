/**
 * Money secrets never reach a report: a short real conformance run of the money suites (billing,
 * x402, adversarial payments, paid auth, wallet link) against an in-process stub started with
 * known keys and control token. Every file the run wrote (including the HTML report's embedded
 * archive) and everything it printed is searched for: the configured API keys, the control token,
 * every API key the run created through the control plane, every PAYMENT-SIGNATURE it sent, and
 * every wallet private key it used (derived from FC_WALLET_SEED, so this test knows them).
 * One billing rule is broken in the stub for the run, so failure messages are scanned too.
 * (tests/harness/redaction.spec.ts does the same for the foundation suites and unit-tests redact().)
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { test, expect } from '@playwright/test';
import { privateKeyToAccount } from 'viem/accounts';
import { derivedPrivateKey } from '../../suites/support/x402.ts';
import { reportTexts, runConformance, secretRunEnv, withSecretRun } from './support/report-scan.ts';
import { writeBundle } from '../../cli/bundle.ts';

/**
 * Private keys derived per worker, and worker indices searched: far more than the selected tests
 * use (a failing test restarts its worker under the next index).
 */
const DERIVED_KEYS = 1000;
const WORKER_INDICES = 16;

const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

test('a money run writes no API key, control token, payment signature or wallet private key into any report', async () => {
  test.setTimeout(240_000);
  const walletSeed = randomBytes(12).toString('hex');
  await withSecretRun('secrets', async (run) => {
    const { stub, keys, controlToken, reportDir } = run;
    // BILL-002 broken on purpose: refunds do nothing, so a 404 is billed and tests fail with messages.
    stub.ctx.accounts.refund = () => undefined;

    const seenKeys = new Set<string>();
    const seenPayments = new Set<string>();
    const payers = new Set<string>();
    stub.app.server.on('request', (req: IncomingMessage) => {
      const key = header(req, 'x-service-api-key');
      if (key) seenKeys.add(key);
      const payment = header(req, 'payment-signature');
      if (payment && payment.length > 40) {
        seenPayments.add(payment);
        try {
          const from = (JSON.parse(Buffer.from(payment, 'base64').toString('utf8')) as { payload?: { authorization?: { from?: string } } })
            .payload?.authorization?.from;
          if (from) payers.add(from.toLowerCase());
        } catch {
          // Garbage headers are part of the run.
        }
      }
    });

    // auth.spec's listAssets test sends the configured key itself (discovery goes through control-plane accounts).
    const args = [
      'suites/auth.spec.ts',
      'suites/billing.spec.ts',
      'suites/x402.spec.ts',
      'suites/x402-adversarial.spec.ts',
      'suites/auth-paid.spec.ts',
      'suites/wallet-link.spec.ts',
      '--grep',
      'exact credit|listAssets|on eip155:8453|forged signature|identical replay|never issued',
    ];
    const { stdout, stderr } = await runConformance(args, secretRunEnv(run, { FC_WALLET_SEED: walletSeed }), 200_000);
    expect(stdout, stderr).toMatch(/\d+ passed/);
    expect(stdout, 'the broken refund must make a money test fail, so failure output is scanned too').toMatch(/\d+ failed/);

    // The scan is only meaningful if the run really used each kind of secret.
    const created = [...seenKeys].filter((k) => !keys.includes(k));
    expect(seenKeys.has(keys[0]!), 'the run sent the configured key').toBe(true);
    expect(created.length, 'the run created and used control-plane accounts').toBeGreaterThan(0);
    expect(seenPayments.size, 'the run sent payments').toBeGreaterThan(0);
    const privateKeys = Array.from({ length: WORKER_INDICES }, (_, w) =>
      Array.from({ length: DERIVED_KEYS }, (_, i) => derivedPrivateKey(walletSeed, w, i)),
    ).flat();
    const firstOfEachWorker = Array.from({ length: WORKER_INDICES }, (_, w) =>
      privateKeys.slice(w * DERIVED_KEYS, w * DERIVED_KEYS + 20),
    ).flat();
    const derivedPayers = firstOfEachWorker.filter((k) => payers.has(privateKeyToAccount(k).address.toLowerCase()));
    expect(derivedPayers.length, 'the run paid with wallets derived from FC_WALLET_SEED').toBeGreaterThan(0);
    const privateHex = new Set(privateKeys.map((k) => k.slice(2).toLowerCase()));

    const secrets: { label: string; value: string }[] = [
      ...keys.map((k, i) => ({ label: `FC_API_KEY${i ? '_2' : ''}`, value: k })),
      { label: 'FC_CONTROL_TOKEN', value: controlToken },
      ...created.map((k) => ({ label: 'a control-plane API key', value: k })),
      ...[...seenPayments].map((p) => ({ label: 'a PAYMENT-SIGNATURE', value: p })),
    ];
    // The signed bundle is part of what is searched (manifest and signature).
    writeBundle(reportDir);
    const { files, scanned } = reportTexts(reportDir, { stdout, stderr });
    expect(files).toEqual(
      expect.arrayContaining([
        'rules.json',
        'certification.md',
        'junit.xml',
        'results.json',
        'html/index.html',
        'manifest.json',
        'manifest.sig',
      ]),
    );
    const leaks: string[] = [];
    for (const { where, text } of scanned) {
      const lower = text.toLowerCase();
      for (const s of secrets) if (lower.includes(s.value.toLowerCase())) leaks.push(`${where} contains ${s.label}`);
      // Private keys: every 64-hex run of the text, looked up among the derived keys.
      for (const m of lower.matchAll(/[0-9a-f]{64,}/g)) {
        for (let i = 0; i + 64 <= m[0].length; i++)
          if (privateHex.has(m[0].slice(i, i + 64))) leaks.push(`${where} contains a wallet private key`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
