/**
 * Self-tests of the stub's money side (issue 3): credit debits and refunds, atomic debits under
 * concurrency, the x402 v2 challenge, payments made by the official client (@x402/fetch over a viem
 * account) verified and settled by the SDK on the in-memory ledger, replay and tampering refusals,
 * wallet linking, the SIWE alternative, faults, and the control plane. Each worker runs its own stub
 * (tests in a worker run one at a time, each with its own accounts and wallets); tests that move the
 * clock reset it afterwards.
 */
import { randomBytes } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import { x402Client, x402HTTPClient } from '@x402/core/client';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequired } from '@x402/core/types';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment } from '@x402/fetch';
import { getAddress, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { PRICES } from '../../contract/pricing.ts';
import { startStub, type RunningStub } from '../../stub/app.ts';
import { BASE_USDC, PAY_TO, SECOND_TOKEN } from '../../stub/money/x402/tokens.ts';

const TOKEN = randomBytes(16).toString('hex');
const KEY = `fc_${randomBytes(16).toString('hex')}`;
const USDC = 'eip155:8453';
/** A portfolio read: a $0.01 route that always answers 200 on the stub. */
const PORTFOLIO = `/api/v1/portfolio?wallet=0x${'ab'.repeat(20)}`;

// The limits are lifted: these tests judge the ledger under parallel load, not the limiter (harness/stub-limits.spec.ts).
const startPrivate = (withControl = true) =>
  startStub({ port: 0, apiKeys: [KEY], limitsLifted: true, ...(withControl ? { controlToken: TOKEN } : {}) });

const test = base.extend<object, { stub: RunningStub }>({
  stub: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring to see the fixture's dependencies
    async ({}, use) => {
      const stub = await startPrivate();
      await use(stub);
      await shutdown(stub);
    },
    { scope: 'worker' },
  ],
});

type Json = Record<string, unknown>;

/**
 * fetch that always reads the whole body (a Response rebuilt from it): an unread large body would
 * keep its connection busy and stall the stub's close.
 */
async function call(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
  const res = await fetch(input, init);
  const text = await res.text();
  return new Response(res.status === 204 || res.status === 304 ? null : text, {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
}

/** Closes a stub, dropping any connection a test left open. */
async function shutdown(stub: RunningStub): Promise<void> {
  stub.app.server.closeAllConnections();
  await stub.close();
}

/** A control-plane call with the bearer token (unless `token` says otherwise). */
async function control(
  stub: RunningStub,
  method: string,
  path: string,
  body?: unknown,
  token: string | null = TOKEN,
): Promise<{ status: number; json: Json }> {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await call(`${stub.url}/__control${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Json) : {} };
}

async function newAccount(stub: RunningStub, credits: number, entitled = true): Promise<{ accountId: string; apiKey: string }> {
  const { status, json } = await control(stub, 'POST', '/accounts', { credits, entitled });
  expect(status).toBe(201);
  return { accountId: json.accountId as string, apiKey: json.apiKey as string };
}

async function credits(stub: RunningStub, accountId: string): Promise<number> {
  return (await control(stub, 'GET', `/accounts/${accountId}`)).json.credits as number;
}

async function balance(stub: RunningStub, address: string, network = USDC): Promise<bigint> {
  return BigInt((await control(stub, 'GET', `/wallets/${network}/${address}`)).json.balance as string);
}

/** A fresh wallet funded with `amount` atomic units on `network`. */
async function fundedWallet(stub: RunningStub, amount = '1000000', network = USDC): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  const { status } = await control(stub, 'POST', '/wallets', { network, address: account.address, amount });
  expect(status).toBe(200);
  return account;
}

const keyed = (stub: RunningStub, path: string, apiKey: string, init: RequestInit = {}) =>
  call(`${stub.url}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-service-api-key': apiKey } });

/** The challenge of `path` and a payment payload for it signed by `wallet` (first accepts entry unless `network`). */
async function signedPayment(
  stub: RunningStub,
  path: string,
  wallet: PrivateKeyAccount,
  network = USDC,
): Promise<{ challenge: PaymentRequired; payload: PaymentPayload }> {
  const res = await call(`${stub.url}${path}`);
  expect(res.status).toBe(402);
  const challenge = decodePaymentRequiredHeader(res.headers.get('payment-required')!);
  // Spend controls off: the stub's own token on eip155:4663 is not one of the SDK's default assets.
  const client = x402Client.fromConfig({
    schemes: [],
    spendControls: false,
    paymentRequirementsSelector: (_v, reqs) => reqs.find((r) => r.network === network) ?? reqs[0]!,
  });
  registerExactEvmScheme(client, { signer: wallet });
  const payload = await new x402HTTPClient(client).createPaymentPayload(challenge);
  return { challenge, payload };
}

const pay = (stub: RunningStub, path: string, payload: PaymentPayload, extra: Record<string, string> = {}) =>
  call(`${stub.url}${path}`, { headers: { 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload), ...extra } });

/** Simple GET calls of paid routes that answer 200 on the stub. */
const PAID_GETS: [string, string][] = [
  ['getLatest', '/api/v1/latest'],
  ['listAssets', '/api/v1/assets'],
  ['listMarkets', '/api/v1/markets'],
  ['searchAssets', '/api/v1/assets/search?q=*'],
  ['listSignals', '/api/v1/signals'],
  ['listPerpSignals', '/api/v1/signals/perps'],
  ['listMispricedMarkets', '/api/v1/markets/mispriced'],
  ['searchMarkets', '/api/v1/markets/search?q=oil'],
  ['getPortfolio', PORTFOLIO],
];

test.describe('credits', () => {
  test('every billed call debits exactly its reference price; unbilled ones nothing', async ({ stub }) => {
    const { accountId, apiKey } = await newAccount(stub, 100_000);
    let expected = 100_000;
    let billed = 0;
    for (const [operationId, path] of PAID_GETS) {
      const res = await keyed(stub, path, apiKey);
      if (res.ok) {
        expected -= PRICES[operationId]!.credits;
        billed++;
      }
      expect(PRICES[operationId]!.credits % 5, operationId).toBe(0);
      expect(await credits(stub, accountId), `${operationId} answered ${res.status}`).toBe(expected);
    }
    expect(billed).toBeGreaterThanOrEqual(3);
    // Free routes never debit, even with a key.
    await keyed(stub, '/api/public/pricing', apiKey);
    expect(await credits(stub, accountId)).toBe(expected);
  });

  test('a 404 and a 502 are refunded; the ledger shows the debit and the refund', async ({ stub }) => {
    const { accountId, apiKey } = await newAccount(stub, 1_000);
    for (const status of [404, 502, 503]) {
      const fault = await control(stub, 'POST', '/faults', { method: 'GET', path: '/api/v1/latest', status, times: 1 });
      expect(fault.status).toBe(201);
      const res = await keyed(stub, '/api/v1/latest', apiKey);
      expect(res.status).toBe(status);
      expect(((await res.json()) as Json).error).toBe(
        status === 404 ? 'not_found' : status === 502 ? 'upstream_unavailable' : 'service_unavailable',
      );
      expect(await credits(stub, accountId)).toBe(1_000);
    }
    const entries = (await control(stub, 'GET', `/accounts/${accountId}`)).json.entries as Json[];
    expect(entries.map((e) => e.kind)).toEqual(['grant', 'debit', 'refund', 'debit', 'refund', 'debit', 'refund']);
    // The fault was bounded (times: 1): the next call is billed.
    expect((await keyed(stub, '/api/v1/latest', apiKey)).status).toBe(200);
    expect(await credits(stub, accountId)).toBe(980);
  });

  test('a slow upstream still answers and bills; faults are listed and cleared', async ({ stub }) => {
    const { accountId, apiKey } = await newAccount(stub, 1_000);
    await control(stub, 'POST', '/faults', { method: 'GET', path: '/api/v1/portfolio', latencyMs: 300, times: 1 });
    expect(
      ((await control(stub, 'GET', '/faults')).json.faults as Json[]).some((f) => f.path === '/api/v1/portfolio' && f.status === null),
    ).toBe(true);
    const t0 = Date.now();
    expect((await keyed(stub, PORTFOLIO, apiKey)).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect(await credits(stub, accountId)).toBe(990);
    await control(stub, 'POST', '/faults', { method: 'GET', path: '/api/v1/markets/{slug}/signals' });
    expect((await control(stub, 'DELETE', '/faults')).status).toBe(204);
    expect((await control(stub, 'GET', '/faults')).json.faults).toEqual([]);
  });

  test('a balance below the price answers 403 insufficient_credits and debits nothing', async ({ stub }) => {
    const { accountId, apiKey } = await newAccount(stub, 15);
    const res = await keyed(stub, '/api/v1/latest', apiKey);
    expect(res.status).toBe(403);
    expect(((await res.json()) as Json).error).toBe('insufficient_credits');
    expect(await credits(stub, accountId)).toBe(15);
    const bad = await keyed(stub, '/api/v1/latest', 'fc_not_a_key');
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as Json).error).toBe('invalid_api_key');
  });

  test('50 parallel $0.01 calls on 95 credits: exactly 9 succeed, balance 5', async ({ stub }) => {
    const { accountId, apiKey } = await newAccount(stub, 95);
    const statuses = await Promise.all(Array.from({ length: 50 }, () => keyed(stub, PORTFOLIO, apiKey).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(9);
    expect(statuses.filter((s) => s === 403)).toHaveLength(41);
    expect(await credits(stub, accountId)).toBe(5);
  });

  test('parallel calls with failing upstreams are all refunded', async ({ stub }) => {
    const { accountId, apiKey } = await newAccount(stub, 100);
    await control(stub, 'POST', '/faults', { method: 'GET', path: '/api/v1/portfolio', status: 502, times: 10 });
    const statuses = await Promise.all(Array.from({ length: 20 }, () => keyed(stub, PORTFOLIO, apiKey).then((r) => r.status)));
    // 10 faulted calls are refunded; of the 10 others at most 10 fit in 100 credits.
    expect(statuses.filter((s) => s === 502)).toHaveLength(10);
    const ok = statuses.filter((s) => s === 200).length;
    expect(await credits(stub, accountId)).toBe(100 - 10 * ok);
  });
});

test.describe('x402', () => {
  test('the 402 challenge: x402Version 2, exact on eip155:8453 (USDC) and eip155:4663, amount = price', async ({ stub }) => {
    for (const [operationId, path] of [
      ['getLatest', '/api/v1/latest'],
      ['listAssets', '/api/v1/assets'],
    ] as const) {
      const res = await call(`${stub.url}${path}`);
      expect(res.status).toBe(402);
      expect(((await res.json()) as Json).error).toBe('payment_required');
      const challenge = decodePaymentRequiredHeader(res.headers.get('payment-required')!);
      expect(challenge.x402Version).toBe(2);
      expect(challenge.resource.url).toBe(`${stub.url}${path}`);
      const amount = String(PRICES[operationId]!.credits * 1000);
      expect(challenge.accepts).toEqual([
        {
          scheme: 'exact',
          network: 'eip155:8453',
          amount,
          asset: BASE_USDC,
          payTo: PAY_TO,
          maxTimeoutSeconds: 300,
          extra: { name: 'USD Coin', version: '2' },
        },
        {
          scheme: 'exact',
          network: 'eip155:4663',
          amount,
          asset: SECOND_TOKEN,
          payTo: PAY_TO,
          maxTimeoutSeconds: 300,
          extra: { name: 'Stub Dollar', version: '1' },
        },
      ]);
    }
  });

  test('the official client pays (@x402/fetch + ExactEvmScheme over a viem account) and gets PAYMENT-RESPONSE', async ({ stub }) => {
    const wallet = await fundedWallet(stub);
    const payeeBefore = await balance(stub, PAY_TO);
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: wallet });
    const res = await wrapFetchWithPayment(call, client)(`${stub.url}/api/v1/portfolio?wallet=${wallet.address}&venues=venue_a,venue_b`);
    expect(res.status).toBe(200);
    const settled = decodePaymentResponseHeader(res.headers.get('payment-response')!);
    expect(settled).toMatchObject({ success: true, network: USDC, payer: wallet.address });
    expect(settled.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    const body = (await res.json()) as Json;
    expect(body.wallet).toBe(wallet.address);
    expect(await balance(stub, wallet.address)).toBe(1_000_000n - 10_000n);
    expect((await balance(stub, PAY_TO)) - payeeBefore).toBe(10_000n);
  });

  test('paying on the second network (eip155:4663) works the same', async ({ stub }) => {
    const wallet = await fundedWallet(stub, '50000', 'eip155:4663');
    const { payload } = await signedPayment(stub, '/api/v1/assets', wallet, 'eip155:4663');
    expect(payload.accepted.network).toBe('eip155:4663');
    const res = await pay(stub, '/api/v1/assets', payload);
    expect(res.status).toBe(200);
    expect(decodePaymentResponseHeader(res.headers.get('payment-response')!).network).toBe('eip155:4663');
    expect(await balance(stub, wallet.address, 'eip155:4663')).toBe(45_000n);
  });

  test('a replayed payment, or one made for another request, answers 409 payment_replay_mismatch', async ({ stub }) => {
    const wallet = await fundedWallet(stub);
    const { payload } = await signedPayment(stub, `${PORTFOLIO}&venues=venue_a`, wallet);
    expect((await pay(stub, `${PORTFOLIO}&venues=venue_a`, payload)).status).toBe(200);
    const replay = await pay(stub, `${PORTFOLIO}&venues=venue_a`, payload);
    expect(replay.status).toBe(409);
    expect(((await replay.json()) as Json).error).toBe('payment_replay_mismatch');
    expect(replay.headers.get('payment-response')).toBeNull();

    const other = await signedPayment(stub, `${PORTFOLIO}&venues=venue_a`, wallet);
    const elsewhere = await pay(stub, `${PORTFOLIO}&venues=venue_b`, other.payload);
    expect(elsewhere.status).toBe(409);
    expect(((await elsewhere.json()) as Json).error).toBe('payment_replay_mismatch');
    expect(await balance(stub, wallet.address)).toBe(990_000n);

    // Two concurrent uses of one payment: one is answered, the other is a replay; one settlement.
    const twin = await signedPayment(stub, `${PORTFOLIO}&venues=venue_c`, wallet);
    const both = await Promise.all([0, 1].map(() => pay(stub, `${PORTFOLIO}&venues=venue_c`, twin.payload).then((r) => r.status)));
    expect(both.sort()).toEqual([200, 409]);
    expect(await balance(stub, wallet.address)).toBe(980_000n);
  });

  test('every invalid payment is refused with 402 payment_required and a fresh challenge; nothing settles', async ({ stub }) => {
    const wallet = await fundedWallet(stub);
    const path = '/api/v1/latest';
    const auth = (p: PaymentPayload) => (p.payload as { authorization: Record<string, string> }).authorization;
    const other = privateKeyToAccount(generatePrivateKey());
    const cases: [string, (p: PaymentPayload) => Promise<PaymentPayload> | PaymentPayload][] = [
      [
        'amount lowered in accepted and authorization',
        (p) => ({ ...p, accepted: { ...p.accepted, amount: '1' }, payload: { ...p.payload, authorization: { ...auth(p), value: '1' } } }),
      ],
      [
        'authorization value tampered (signature no longer matches)',
        (p) => ({ ...p, payload: { ...p.payload, authorization: { ...auth(p), value: '1' } } }),
      ],
      [
        'payTo tampered',
        (p) => ({
          ...p,
          accepted: { ...p.accepted, payTo: other.address },
          payload: { ...p.payload, authorization: { ...auth(p), to: other.address } },
        }),
      ],
      ['network tampered', (p) => ({ ...p, accepted: { ...p.accepted, network: 'eip155:4663', asset: SECOND_TOKEN } })],
      ['asset tampered', (p) => ({ ...p, accepted: { ...p.accepted, asset: getAddress('0x1111111111111111111111111111111111111111') } })],
      [
        'signature by another wallet',
        async (p) => ({ ...p, payload: { ...p.payload, signature: await other.signMessage({ message: 'x' }) } }),
      ],
      ['malformed signature', (p) => ({ ...p, payload: { ...p.payload, signature: '0x1234' } })],
      [
        'expired validBefore',
        (p) => ({
          ...p,
          payload: { ...p.payload, authorization: { ...auth(p), validBefore: String(Math.floor(Date.now() / 1000) - 60) } },
        }),
      ],
      [
        'future validAfter',
        (p) => ({
          ...p,
          payload: { ...p.payload, authorization: { ...auth(p), validAfter: String(Math.floor(Date.now() / 1000) + 3600) } },
        }),
      ],
    ];
    for (const [what, tamper] of cases) {
      const { payload } = await signedPayment(stub, path, wallet);
      const res = await pay(stub, path, await tamper(payload));
      expect(res.status, what).toBe(402);
      expect(((await res.json()) as Json).error, what).toBe('payment_required');
      expect(decodePaymentRequiredHeader(res.headers.get('payment-required')!).accepts, what).toHaveLength(2);
      expect(res.headers.get('payment-response'), what).toBeNull();
    }
    // A correctly signed authorization expiring in the past (signed as such, not tampered) is refused too.
    const { challenge } = await signedPayment(stub, path, wallet);
    const req = challenge.accepts[0]!;
    const now = Math.floor(Date.now() / 1000);
    const authorization = {
      from: wallet.address,
      to: getAddress(req.payTo),
      value: BigInt(req.amount),
      validAfter: BigInt(now - 600),
      validBefore: BigInt(now - 10),
      nonce: `0x${randomBytes(32).toString('hex')}` as Hex,
    };
    const signature = await wallet.signTypedData({
      domain: { name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: BASE_USDC },
      types: {
        TransferWithAuthorization: [
          { name: 'from', type: 'address' },
          { name: 'to', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'validAfter', type: 'uint256' },
          { name: 'validBefore', type: 'uint256' },
          { name: 'nonce', type: 'bytes32' },
        ],
      },
      primaryType: 'TransferWithAuthorization',
      message: authorization,
    });
    const expired: PaymentPayload = {
      x402Version: 2,
      resource: challenge.resource,
      accepted: req,
      payload: { authorization: Object.fromEntries(Object.entries(authorization).map(([k, v]) => [k, String(v)])), signature },
    };
    expect((await pay(stub, path, expired)).status).toBe(402);
    // Garbage in PAYMENT-SIGNATURE.
    const garbage = await call(`${stub.url}${path}`, { headers: { 'PAYMENT-SIGNATURE': 'not-base64-json' } });
    expect(garbage.status).toBe(402);
    expect(await balance(stub, wallet.address)).toBe(1_000_000n);
  });

  test('an asset address differing only in letter case is accepted (matched case-insensitively)', async ({ stub }) => {
    const wallet = await fundedWallet(stub);
    const { payload } = await signedPayment(stub, '/api/v1/assets', wallet);
    const res = await pay(stub, '/api/v1/assets', {
      ...payload,
      accepted: { ...payload.accepted, asset: payload.accepted.asset.toLowerCase() },
    });
    expect(res.status).toBe(200);
    expect(await balance(stub, wallet.address)).toBe(995_000n);
  });

  test('a wallet without enough funds is refused and never overdrawn by concurrent payments', async ({ stub }) => {
    const poor = privateKeyToAccount(generatePrivateKey());
    const { payload } = await signedPayment(stub, '/api/v1/latest', poor);
    const res = await pay(stub, '/api/v1/latest', payload);
    expect(res.status).toBe(402);
    expect(((await res.json()) as Json).message).toContain('insufficient');
    // 25,000 atomic units cover two $0.01 calls: of five concurrent payments exactly two settle.
    const wallet = await fundedWallet(stub, '25000');
    const payloads = await Promise.all([0, 1, 2, 3, 4].map(() => signedPayment(stub, PORTFOLIO, wallet).then((s) => s.payload)));
    const statuses = await Promise.all(payloads.map((p) => pay(stub, PORTFOLIO, p).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 402)).toHaveLength(3);
    expect(await balance(stub, wallet.address)).toBe(5_000n);
  });

  test('a 502 (venue source down) skips settlement: no PAYMENT-RESPONSE, no transfer; the payment stays usable', async ({ stub }) => {
    const wallet = await fundedWallet(stub);
    const { payload } = await signedPayment(stub, PORTFOLIO, wallet);
    await control(stub, 'POST', '/faults', { method: 'GET', path: '/api/v1/portfolio', times: 1 });
    const down = await pay(stub, PORTFOLIO, payload);
    expect(down.status).toBe(502);
    expect(((await down.json()) as Json).error).toBe('upstream_unavailable');
    expect(down.headers.get('payment-response')).toBeNull();
    expect(await balance(stub, wallet.address)).toBe(1_000_000n);
    const again = await pay(stub, PORTFOLIO, payload);
    expect(again.status).toBe(200);
    expect(await balance(stub, wallet.address)).toBe(990_000n);
  });

  test('a key-only route refuses a payment without a key (401 gateway_required); a key wins over a payment', async ({ stub }) => {
    const wallet = await fundedWallet(stub);
    const { payload } = await signedPayment(stub, '/api/v1/latest', wallet);
    const onlyPayment = await call(`${stub.url}/api/auth/wallets/x402-token`, {
      method: 'POST',
      headers: { 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload) },
    });
    expect(onlyPayment.status).toBe(401);
    expect(((await onlyPayment.json()) as Json).error).toBe('gateway_required');
    const { accountId, apiKey } = await newAccount(stub, 100);
    const both = await pay(stub, '/api/v1/latest', payload, { 'x-service-api-key': apiKey });
    expect(both.status).toBe(200);
    expect(both.headers.get('payment-response')).toBeNull();
    expect(await credits(stub, accountId)).toBe(80);
    expect(await balance(stub, wallet.address)).toBe(1_000_000n);
  });
});

test.describe('wallets', () => {
  const linkPath = (token: string) => `/api/v1/wallets/link?token=${encodeURIComponent(token)}`;
  const issue = async (stub: RunningStub, apiKey: string) => {
    const res = await keyed(stub, '/api/auth/wallets/x402-token', apiKey, { method: 'POST' });
    expect(res.status).toBe(200);
    return (await res.json()) as { token: string; expires_at: string; link_path: string };
  };

  test('link: token issue, attest the payer, single use, already_attested, 409 elsewhere, 404, 422; errors never settle', async ({
    stub,
  }) => {
    const a = await newAccount(stub, 0);
    const b = await newAccount(stub, 0);
    const wallet = await fundedWallet(stub);
    const first = await issue(stub, a.apiKey);
    expect(first.token).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
    expect(first.link_path).toBe(linkPath(first.token));
    expect(Date.parse(first.expires_at)).toBeGreaterThan(Date.now() + 14 * 60_000);

    const { payload } = await signedPayment(stub, linkPath(first.token), wallet);
    const linked = await pay(stub, linkPath(first.token), payload);
    expect(linked.status).toBe(200);
    expect(decodePaymentResponseHeader(linked.headers.get('payment-response')!).payer).toBe(wallet.address);
    const body = (await linked.json()) as { wallet: Json; already_attested: boolean };
    expect(body).toMatchObject({
      wallet: { address: wallet.address, chain_id: 8453, provider: null, method: 'x402' },
      already_attested: false,
    });
    expect(await balance(stub, wallet.address)).toBe(990_000n);
    expect(((await control(stub, 'GET', `/accounts/${a.accountId}`)).json.wallets as Json[]).map((w) => w.address)).toEqual([
      wallet.address,
    ]);

    const reuse = await pay(stub, linkPath(first.token), (await signedPayment(stub, linkPath(first.token), wallet)).payload);
    expect(reuse.status).toBe(422);
    expect(((await reuse.json()) as Json).error).toBe('invalid_request');

    const second = await issue(stub, a.apiKey);
    const again = await pay(stub, linkPath(second.token), (await signedPayment(stub, linkPath(second.token), wallet)).payload);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Json).already_attested).toBe(true);
    expect(await balance(stub, wallet.address)).toBe(980_000n);

    const foreign = await issue(stub, b.apiKey);
    const conflict = await pay(stub, linkPath(foreign.token), (await signedPayment(stub, linkPath(foreign.token), wallet)).payload);
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as Json).error).toBe('wallet_already_attested');
    expect(conflict.headers.get('payment-response')).toBeNull();

    const unknown = `svc_${'A'.repeat(43)}`;
    const missing = await pay(stub, linkPath(unknown), (await signedPayment(stub, linkPath(unknown), wallet)).payload);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as Json).error).toBe('link_token_not_found');

    const keyOnly = await keyed(stub, linkPath(foreign.token), b.apiKey);
    expect(keyOnly.status).toBe(422);
    expect(((await keyOnly.json()) as Json).error).toBe('x402_payment_required');
    const badPayment = await call(`${stub.url}${linkPath(foreign.token)}`, { headers: { 'PAYMENT-SIGNATURE': 'garbage' } });
    expect(badPayment.status).toBe(422);
    expect(((await badPayment.json()) as Json).error).toBe('x402_payment_required');
    expect(await balance(stub, wallet.address)).toBe(980_000n);
    // The refused link did not consume b's token: another wallet can still use it.
    const wallet2 = await fundedWallet(stub);
    expect((await pay(stub, linkPath(foreign.token), (await signedPayment(stub, linkPath(foreign.token), wallet2)).payload)).status).toBe(
      200,
    );
  });

  test('a link token expires 15 minutes after issue (stub clock): later use answers 422', async ({ stub }) => {
    try {
      const a = await newAccount(stub, 0);
      const wallet = await fundedWallet(stub);
      const { token } = await issue(stub, a.apiKey);
      expect((await control(stub, 'POST', '/clock', { advanceSeconds: 14 * 60 })).status).toBe(200);
      expect((await keyed(stub, linkPath(token), a.apiKey)).status).toBe(422);
      expect(((await (await keyed(stub, linkPath(token), a.apiKey)).json()) as Json).error).toBe('x402_payment_required');
      await control(stub, 'POST', '/clock', { advanceSeconds: 61 });
      const res = await keyed(stub, linkPath(token), a.apiKey);
      expect(res.status).toBe(422);
      expect(((await res.json()) as Json).error).toBe('invalid_request');
      // The advanced clock also expires x402 authorizations signed with the real clock (validBefore = now + 300 s).
      const { payload } = await signedPayment(stub, '/api/v1/latest', wallet);
      expect((await pay(stub, '/api/v1/latest', payload)).status).toBe(402);
    } finally {
      await control(stub, 'POST', '/reset');
    }
  });

  test('SIWE challenge and attest: a valid signature attests, a bad or reused one is refused', async ({ stub }) => {
    const a = await newAccount(stub, 0);
    const wallet = privateKeyToAccount(generatePrivateKey());
    const res = await keyed(stub, '/api/auth/wallets/challenge', a.apiKey, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: wallet.address.toLowerCase(), chain_id: 4663 }),
    });
    expect(res.status).toBe(200);
    const challenge = (await res.json()) as { challenge_id: string; message: string; nonce: string; expires_at: string };
    expect(challenge.message).toContain(wallet.address);
    expect(challenge.message).toContain(`Nonce: ${challenge.nonce}`);
    const attest = (signature: string) =>
      keyed(stub, '/api/auth/wallets/attest', a.apiKey, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ challenge_id: challenge.challenge_id, signature }),
      });
    const other = privateKeyToAccount(generatePrivateKey());
    const wrong = await attest(await other.signMessage({ message: challenge.message }));
    expect(wrong.status).toBe(422);
    const ok = await attest(await wallet.signMessage({ message: challenge.message }));
    expect(ok.status).toBe(200);
    expect((await ok.json()) as Json).toMatchObject({
      wallet: { address: wallet.address, chain_id: 4663, provider: null, method: 'signature' },
      already_attested: false,
    });
    expect((await attest(await wallet.signMessage({ message: challenge.message }))).status).toBe(422);
    const noKey = await call(`${stub.url}/api/auth/wallets/challenge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: wallet.address }),
    });
    expect(noKey.status).toBe(401);
    const bad = await keyed(stub, '/api/auth/wallets/challenge', a.apiKey, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: 'nope' }),
    });
    expect(bad.status).toBe(422);
  });
});

test.describe('portfolio', () => {
  test('positions are deterministic per wallet and filtered by venues; a missing wallet or bad venues answer 422', async ({ stub }) => {
    const { apiKey } = await newAccount(stub, 1_000);
    const wallet = `0x${'ab'.repeat(20)}`;
    const all = (await (await keyed(stub, `/api/v1/portfolio?wallet=${wallet}`, apiKey)).json()) as {
      positions: { venue: string; wallet: string }[];
      wallet: string;
    };
    const again = (await (
      await keyed(stub, `/api/v1/portfolio?wallet=${wallet.toUpperCase().replace('0X', '0x')}`, apiKey)
    ).json()) as typeof all;
    expect(again.positions).toEqual(all.positions);
    expect(all.wallet).toBe(getAddress(wallet));
    expect(all.positions.length).toBeGreaterThan(0);
    expect(all.positions.every((p) => p.wallet === getAddress(wallet))).toBe(true);
    const onlyB = (await (await keyed(stub, `/api/v1/portfolio?wallet=${wallet}&venues=venue_b`, apiKey)).json()) as typeof all;
    expect(onlyB.positions).toEqual(all.positions.filter((p) => p.venue === 'venue_b'));
    expect((await keyed(stub, `/api/v1/portfolio?wallet=${wallet}&venues=venue_z`, apiKey)).status).toBe(422);
    expect((await keyed(stub, '/api/v1/portfolio', apiKey)).status).toBe(422);
    expect((await keyed(stub, '/api/v1/portfolio?wallet=0x12', apiKey)).status).toBe(422);
  });
});

test.describe('control plane', () => {
  test('needs the bearer token (401) and is absent without CONTROL_TOKEN (404)', async ({ stub }) => {
    expect((await control(stub, 'GET', '/faults', undefined, null)).status).toBe(401);
    expect((await control(stub, 'POST', '/accounts', { credits: 1 }, 'wrong')).status).toBe(401);
    expect((await control(stub, 'GET', '/nope')).status).toBe(404);
    expect((await control(stub, 'POST', '/accounts', { credits: -1 })).status).toBe(422);
    expect((await control(stub, 'POST', '/faults', { method: 'GET', path: '/api/v1/nope' })).status).toBe(422);
    expect((await control(stub, 'GET', '/accounts/acct_999999')).status).toBe(404);
    const off = await startPrivate(false);
    try {
      for (const path of ['/accounts', '/reset', '/clock']) {
        const res = await control(off, 'POST', path, {}, TOKEN);
        expect(res.status, path).toBe(404);
        expect(res.json.error).toBe('not_found');
      }
    } finally {
      await shutdown(off);
    }
  });

  test('reset restores the seeded state: configured accounts, ledger, clock, faults, tokens', async ({ stub }) => {
    const created = await newAccount(stub, 10);
    const before = await credits(stub, 'acct_1');
    expect((await keyed(stub, '/api/v1/latest', KEY)).status).toBe(200);
    expect(await credits(stub, 'acct_1')).toBe(before - 20);
    const wallet = await fundedWallet(stub);
    await control(stub, 'POST', '/faults', { method: 'GET', path: '/api/v1/latest' });
    await control(stub, 'POST', '/clock', { advanceSeconds: 3600 });
    const { token } = (await (await keyed(stub, '/api/auth/wallets/x402-token', KEY, { method: 'POST' })).json()) as { token: string };

    expect((await control(stub, 'POST', '/reset')).status).toBe(204);
    expect(await credits(stub, 'acct_1')).toBe(1_000_000);
    expect((await control(stub, 'GET', `/accounts/${created.accountId}`)).status).toBe(404);
    expect(await balance(stub, wallet.address)).toBe(0n);
    expect((await control(stub, 'GET', '/faults')).json.faults).toEqual([]);
    expect((await control(stub, 'GET', '/clock')).json.offsetSeconds).toBe(0);
    expect((await keyed(stub, `/api/v1/wallets/link?token=${token}`, KEY)).status).toBe(404);
    expect((await keyed(stub, '/api/v1/latest', KEY)).status).toBe(200);
  });

  test('ids of created accounts are unique and keys are never echoed by the account read', async ({ stub }) => {
    const a = await newAccount(stub, 1);
    const b = await newAccount(stub, 1);
    expect(a.accountId).not.toBe(b.accountId);
    expect(a.apiKey).not.toBe(b.apiKey);
    const read = await control(stub, 'GET', `/accounts/${a.accountId}`);
    expect(JSON.stringify(read.json)).not.toContain(a.apiKey);
  });
});
