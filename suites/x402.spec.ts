/**
 * The x402 v2 flow (family X402; BILL-005/006/007 for x402 settlement): the challenge of every
 * x402-payable route (decoded, validated against the contract's PaymentRequired schema, both
 * networks, amounts equal to the price in 6-decimal atomic units), and real-client interop: the
 * official @x402/fetch client with an ExactEvmScheme over a fresh viem account pays the target
 * from a wallet funded through the control plane; the answer carries PAYMENT-RESPONSE and the
 * wallet loses exactly the price. Unbilled answers (404, 502, upstream error) are never settled.
 */
import { parseRetryAfter } from '../lib/retry-after.ts';
import { test, expect, contractRules, ruleDetails } from './support/fixtures.ts';
import { goneSinceDiscovery, requestFor } from './support/request-for.ts';
import { fresh } from './support/link-token.ts';
import { drawnFrom } from './support/exhibit.ts';
import { OIL_ROUTE_LOCK, routeLocks } from './support/locks.ts';
import { contract } from '../contract/index.ts';
import { PRICES, creditsToAtomic } from '../contract/pricing.ts';
import {
  BASE_NETWORK,
  SECOND_NETWORK,
  checkChallenge,
  checkSettlement,
  decimalsInChallenge,
  decodeBase64Json,
  type PaymentRequired,
} from '../checks/x402.ts';
import { routeOwnAnswer } from '../checks/errors.ts';
import { observeChoice } from './support/choices.ts';
import { judged } from './support/annotations.ts';
import { checkDebit } from '../checks/billing.ts';
import { violation, type Violation } from '../lib/violation.ts';
import { discoverIdentities, errorOf, pacingMs, pathOf, unpaidBaseline } from './support/operations.ts';
import {
  encodePayment,
  newWallet,
  officialFetch,
  pickEntry,
  readChallenge,
  signPayment,
  unixSeconds,
  type Wallet,
  limitsOf,
  judgeDecimals,
} from './support/x402.ts';
import { fromFetch } from './support/fetched.ts';
import { FUNDING, notSettled, paymentFor, sendPaid } from './support/x402-payments.ts';
import { discoverRequest, priceGapOf, type PaidRequest } from './support/paid-requests.ts';
import type { ControlPlane } from './support/control.ts';
import type { TargetClient } from './support/client.ts';
import type { APIResponse } from '@playwright/test';

/** Operations that take an x402 payment (contract/pricing.ts). */
const X402_OPERATIONS = Object.keys(PRICES)
  .filter((id) => PRICES[id]!.x402 && contract().operations.has(id))
  .sort();
const CHALLENGE_RULES = ['X402-001', 'X402-002', 'X402-003', 'X402-004', 'X402-005', 'X402-006', 'X402-007', 'X402-009', 'X402-022'];
/** Figures a challenge may advertise beside its amounts: the tokens' decimals (X402-032; gap X402-033). */
const ADVERTISED = ['X402-032', 'X402-033'];

/** A fresh wallet holding `amount` on `network` (control plane). */
async function fundedWallet(controlPlane: ControlPlane, network: string, amount = FUNDING): Promise<Wallet> {
  const wallet = newWallet();
  await controlPlane.fundWallet(network, wallet.address, amount);
  return wallet;
}

/** True when an unpaid call was refused 401 gateway_required, which the spec allows instead of a 402 (X402-001). */
async function refusedWithoutChallenge(res: APIResponse): Promise<boolean> {
  if (res.status() !== 401) return false;
  const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
  return body?.error === 'gateway_required';
}

/** The challenge of an unpaid call, asserted to be a valid 402 (X402-001/002 and the schema). */
async function challengeFor(
  api: TargetClient,
  r: { method: string; path: string; params?: PaidRequest['params']; body?: unknown },
  operationId: string,
): Promise<PaymentRequired> {
  const c = await readChallenge(api, r.method, r.path, { params: r.params, data: r.body });
  await expect(c.res).toMatchContract(operationId);
  test.skip(
    await refusedWithoutChallenge(c.res),
    `${r.method} ${r.path} answers an unpaid call 401 gateway_required (allowed, X402-001): no challenge to pay`,
  );
  expect(c.status, `${r.method} ${r.path} without key or payment`).toBe(402);
  expect(c.violations).toHaveNoViolations();
  return c.challenge!;
}

/**
 * The official client, set to pay `network` with the asset the request's own challenge names there
 * (read first, unpaid and free). SKIPs when the challenge offers nothing on that network.
 */
async function payerFor(
  api: TargetClient,
  r: { method: string; path: string; params?: PaidRequest['params']; body?: unknown },
  operationId: string,
  wallet: Wallet,
  network: string,
  limits: ReturnType<typeof limitsOf>,
): Promise<typeof fetch> {
  const entry = pickEntry(await challengeFor(api, r, operationId), network);
  test.skip(!entry, `the challenge of ${operationId} offers no exact entry on ${network}`);
  return officialFetch(wallet, network, entry!.asset, limits);
}

/** The stub's accepts-entry choices the challenge shows (gap X402-021): USDC on Base, maxTimeoutSeconds 300. */
const STUB_BASE_ASSET = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const STUB_MAX_TIMEOUT_SECONDS = 300;
/** The stub's EIP-712 domain of the eip155:4663 token, named in its entry's extra (gap X402-030). */
const STUB_SECOND_DOMAIN = { name: 'Stub Dollar', version: '1' };

/**
 * What the challenge shows of the points the spec leaves open: the price of a route the reference table
 * does not price (its PRICE gap, or WAL-012) against the stub's, and the entries' asset and timeout (X402-021).
 */
function observeChallengeChoices(operationId: string, challenge: PaymentRequired): void {
  const base = pickEntry(challenge, BASE_NETWORK);
  const gap = priceGapOf(operationId);
  const stubAmount = creditsToAtomic(PRICES[operationId]!.credits);
  if (gap && base) observeChoice(gap, base.amount === stubAmount, `the challenge asks ${base.amount} atomic units (stub: ${stubAmount})`);
  const second = pickEntry(challenge, SECOND_NETWORK);
  if (second)
    observeChoice(
      'X402-030',
      second.extra?.name === STUB_SECOND_DOMAIN.name && second.extra?.version === STUB_SECOND_DOMAIN.version,
      `the ${SECOND_NETWORK} entry names the EIP-712 domain ${JSON.stringify(second.extra)} (stub: ${JSON.stringify(STUB_SECOND_DOMAIN)})`,
    );
  observeChoice(
    'X402-021',
    base?.asset.toLowerCase() === STUB_BASE_ASSET.toLowerCase() &&
      challenge.accepts.every((e) => e.maxTimeoutSeconds === STUB_MAX_TIMEOUT_SECONDS),
    `entries: ${challenge.accepts.map((e) => `${e.network} ${e.asset} payTo ${e.payTo} maxTimeoutSeconds ${e.maxTimeoutSeconds}`).join('; ')}`,
  );
}

/**
 * The unpaid request of `operationId` once more for each boolean query parameter it documents, set to the value its
 * baseline does not send (the other side of its default): a price, or a challenge, may be built per request (round-7
 * bug: the oil route's challenge unrounded without marks). Each is `params` with that one parameter changed.
 */
function booleanVariants(operationId: string, params: Record<string, string | number | boolean> = {}): Record<string, string>[] {
  const c = contract();
  const out: Record<string, string>[] = [];
  for (const raw of c.operation(operationId).spec.parameters ?? []) {
    const p = c.deref(raw) as { name?: string; in?: string; schema?: { type?: unknown; default?: unknown } };
    if (p.in !== 'query' || typeof p.name !== 'string' || p.schema?.type !== 'boolean') continue;
    const sent = p.name in params ? String(params[p.name]) === 'true' : p.schema.default === true;
    out.push({ ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), [p.name]: String(!sent) });
  }
  return out;
}

/** Whether PAYMENT-RESPONSE names the payer, optional in x402 v2's SettleResponse (gap X402-029; the stub names it). */
function observeSettlementPayer(header: string | undefined): void {
  const settled = decodeBase64Json(header).value as { payer?: unknown } | undefined;
  if (settled && typeof settled === 'object')
    observeChoice('X402-029', typeof settled.payer === 'string', `PAYMENT-RESPONSE members: ${Object.keys(settled).join(', ')}`);
}

test.describe('x402 challenge', () => {
  for (const operationId of X402_OPERATIONS) {
    const priceGap = priceGapOf(operationId);
    test(
      `${operationId}: the 402 challenge decodes, validates and offers both networks at the price`,
      {
        ...ruleDetails(
          ...CHALLENGE_RULES,
          ...ADVERTISED,
          'X402-021',
          'X402-030',
          ...(priceGap ? [priceGap] : []),
          ...contractRules(operationId),
        ),
        // The oil route spaces request starts (one in flight, a second apart): its challenges are asked under its lock.
        lock: routeLocks(operationId),
      },
      async ({ api, targetOptions }) => {
        const keyed = targetOptions.apiKey ? api.withKey(targetOptions.apiKey) : undefined;
        const base = await unpaidBaseline(api, targetOptions.target, operationId, await discoverIdentities(keyed));
        const op = contract().operation(operationId);
        const path = pathOf(operationId, base.path);
        const c = await readChallenge(api, op.method.toUpperCase(), path, { params: base.params, data: base.body });
        const code = c.status === 404 ? ((await c.res.json()) as { error?: string }).error : undefined;
        test.skip(code === 'not_found', `${op.method.toUpperCase()} ${op.path} is not served by this target`);
        await expect(c.res).toMatchContract(operationId);
        test.skip(
          await refusedWithoutChallenge(c.res),
          `${op.method.toUpperCase()} ${op.path} answers an unpaid call 401 gateway_required (allowed by X402-001): no challenge to judge`,
        );
        // The route's own text may answer the request itself before any payment (the link's unknown token).
        if (routeOwnAnswer(operationId, c.status, code ?? (await errorOf(c.res))))
          return void judged(
            [...CHALLENGE_RULES, ...ADVERTISED, 'X402-021', 'X402-030', ...(priceGap ? [priceGap] : [])],
            0,
            'a 402 challenge of the route',
          );
        const found: Violation[] = [];
        if (c.status !== 402)
          found.push(
            violation(
              'X402-001',
              'status',
              `a call with neither key nor payment answered ${c.status}, expected 402 payment_required (or 401 gateway_required)`,
            ),
          );
        found.push(...c.violations);
        if (c.challenge) {
          observeChallengeChoices(operationId, c.challenge);
          // A route the reference table does not price: the live challenge is authoritative, so its own amount is the price.
          const own = pickEntry(c.challenge, BASE_NETWORK)?.amount;
          if (priceGap) judged('X402-009', 0, 'a challenge of a route with a reference price');
          const ctx = priceGap
            ? { priceAtomic: own ?? '', reference: false, url: c.res.url() }
            : { priceAtomic: creditsToAtomic(PRICES[operationId]!.credits), url: c.res.url() };
          found.push(...checkChallenge(c.challenge, ctx));
          // The decimals the challenge advertises, if any (X402-032; gap X402-033): a free answer.
          found.push(...judgeDecimals(decimalsInChallenge(c.challenge)));
          // The challenge of each boolean parameter's other value: the live challenge decides the cost, so its amount
          // is held to the $0.005 increment and the networks, not to the reference price (a free 402 each).
          for (const params of booleanVariants(operationId, base.params as Record<string, string> | undefined)) {
            // A spaced route's next start comes a second after the last (its 429 would be no challenge to judge).
            const spacing = pacingMs(operationId);
            if (spacing) await new Promise((r) => setTimeout(r, spacing));
            const v = await readChallenge(api, op.method.toUpperCase(), path, { params, data: base.body });
            await expect(v.res).toMatchContract(operationId);
            if (!v.challenge) continue;
            const label = new URLSearchParams(params).toString();
            found.push(
              ...checkChallenge(v.challenge, {
                priceAtomic: pickEntry(v.challenge, BASE_NETWORK)?.amount ?? '',
                reference: false,
                url: v.res.url(),
              }).map((x) => ({ ...x, path: `${label}:${x.path}` })),
            );
          }
        }
        expect(found).toHaveNoViolations(c.challenge);
      },
    );
  }
});

test.describe('x402 on every paid operation: a valid payment is answered and settled once; settled, it pays nothing else', () => {
  // issue 34: the flow's rules judged on each operation that takes a payment, not only on listAssets.
  for (const op of X402_OPERATIONS) {
    test(
      `${op}: paid by x402 it answers 2xx with PAYMENT-RESPONSE, the wallet loses exactly the entry's amount; a payment settled for another resource is refused there`,
      {
        ...ruleDetails(
          'AUTH-003',
          'X402-010',
          'X402-012',
          'X402-014',
          'X402-015',
          'X402-024',
          'X402-016',
          'X402-025',
          ...contractRules(op),
        ),
        lock: routeLocks(op),
      },
      async ({ api, paid, controlPlane, targetOptions }) => {
        // A single-use request (the wallet link's token) is renewed for each later send (`fresh`).
        const request = await requestFor(paid, targetOptions.target, op);
        const first = request;
        const violations: Violation[] = [];
        await test.step('a valid payment is answered and settled once', async () => {
          const { wallet, entry, header } = await paymentFor(api, controlPlane, request);
          const res = await sendPaid(api, request, header);
          await expect(res).toMatchContract(op);
          const answered = res.status() >= 200 && res.status() < 300;
          if (await goneSinceDiscovery(res, op, paid, request))
            return void judged(['AUTH-003', 'X402-012', 'X402-014', 'X402-015', 'X402-024'], 0, 'a call paid by a valid x402 payment', op);
          judged(['AUTH-003', 'X402-012'], 1, 'a call paid by a valid x402 payment', op);
          if (!answered)
            violations.push(
              violation('X402-012', 'status', `a valid payment on ${op} answered ${res.status()} ${(await errorOf(res)) ?? ''}`),
            );
          // A 2xx of the route is the case of the settlement rules.
          if (!judged(['X402-014', 'X402-015', 'X402-024'], answered ? 1 : 0, 'a 2xx answer to an x402 payment', op)) return;
          violations.push(
            ...drawnFrom(res, checkSettlement(res.headers()['payment-response'], { network: BASE_NETWORK, payer: wallet.address })),
          );
          violations.push(
            ...checkDebit(
              'X402-024',
              `an x402 payment of ${entry.amount} on ${op}`,
              FUNDING,
              await controlPlane.walletBalance(BASE_NETWORK, wallet.address),
              BigInt(entry.amount),
            ),
          );
        });
        await test.step('a payment naming the asset in another letter case is accepted', async () => {
          const request = await fresh(first);
          const c = await readChallenge(api, request.method, request.path, { params: request.params, data: request.body });
          const entry = c.challenge && pickEntry(c.challenge, BASE_NETWORK);
          const recased =
            entry && (entry.asset === entry.asset.toLowerCase() ? `0x${entry.asset.slice(2).toUpperCase()}` : entry.asset.toLowerCase());
          if (!entry || recased === entry.asset) return void judged('X402-010', 0, 'a payment naming the asset in another case', op);
          const wallet = await fundedWallet(controlPlane, BASE_NETWORK);
          const nowS = Math.max(unixSeconds((await controlPlane.clock()).now), unixSeconds(new Date()));
          const payment = await signPayment(wallet, c.challenge!, entry, nowS, { accepted: { asset: recased! } });
          const res = await sendPaid(api, request, encodePayment(payment));
          await expect(res).toMatchContract(op);
          if (await goneSinceDiscovery(res, op, paid, request))
            return void judged('X402-010', 0, 'a payment naming the asset in another case', op);
          judged('X402-010', 1, 'a payment naming the asset in another case', op);
          if (res.status() < 200 || res.status() > 299)
            violations.push(
              violation(
                'X402-010',
                'status',
                `on ${op}, asset ${recased} (the entry's ${entry.asset} in another case) was refused with ${res.status()}`,
              ),
            );
        });
        await test.step('a payment settled for another resource, presented here, is refused and settles nothing more', async () => {
          const otherOp = op === 'listAssets' ? 'listPerpSignals' : 'listAssets';
          const other = await discoverRequest(paid, targetOptions.target, otherOp);
          if (!('request' in other)) return void judged(['X402-016', 'X402-025'], 0, 'a payment settled elsewhere presented here', op);
          const { wallet, entry, header } = await paymentFor(api, controlPlane, other.request);
          const settled = await sendPaid(api, other.request, header);
          await expect(settled).toMatchContract(otherOp);
          // Only a payment the target settled is the case (the other route answered it).
          if (
            !judged(
              ['X402-016', 'X402-025'],
              settled.status() >= 200 && settled.status() < 300 ? 1 : 0,
              'a payment settled elsewhere presented here',
              op,
            )
          )
            return;
          const res = await sendPaid(api, await fresh(first), header);
          await expect(res).toMatchContract(op);
          if (res.status() >= 200 && res.status() < 300)
            violations.push(
              violation('X402-016', 'status', `a payment settled on ${otherOp} was accepted again on ${op} (${res.status()})`),
            );
          const held = FUNDING - BigInt(entry.amount);
          for (const rule of ['X402-016', 'X402-025'])
            violations.push(
              ...drawnFrom(
                res,
                await notSettled(rule, `a payment settled on ${otherOp}, presented on ${op}`, res, controlPlane, wallet, held),
              ),
            );
        });
        expect(violations).toHaveNoViolations();
      },
    );
  }
});

test.describe('x402 interop: the official @x402/fetch client pays', () => {
  for (const network of [BASE_NETWORK, SECOND_NETWORK]) {
    test(
      `on ${network}: 200 with PAYMENT-RESPONSE (success, transaction, network, payer) and the wallet loses exactly the price`,
      { ...ruleDetails('AUTH-003', 'X402-012', 'X402-014', 'X402-015', 'X402-024', 'X402-029', ...contractRules('listAssets')) },
      async ({ api, controlPlane, targetOptions }) => {
        const op = 'listAssets';
        const path = '/api/v1/assets';
        const challenge = await challengeFor(api, { method: 'GET', path }, op);
        const entry = pickEntry(challenge, network);
        test.skip(!entry, `the challenge offers no exact entry on ${network}`);
        const wallet = await fundedWallet(controlPlane, network);
        const pay = officialFetch(wallet, network, entry!.asset, limitsOf(targetOptions));
        const res = await fromFetch(await pay(new URL(path, targetOptions.target)));
        await expect(res).toMatchContract(op);
        expect(res.status(), 'a valid x402 payment is answered by the route').toBe(200);
        const found = checkSettlement(res.headers()['payment-response'], { network, payer: wallet.address });
        observeSettlementPayer(res.headers()['payment-response']);
        found.push(
          ...checkDebit(
            'X402-024',
            `an x402 payment of ${entry!.amount} on ${network}`,
            FUNDING,
            await controlPlane.walletBalance(network, wallet.address),
            BigInt(entry!.amount),
          ),
        );
        expect(found).toHaveNoViolations();
      },
    );
  }

  test(
    'the asset is matched case-insensitively: a payment naming the asset in another letter case is accepted',
    { ...ruleDetails('X402-010', 'X402-012', 'X402-014', 'X402-024', ...contractRules('listAssets')) },
    async ({ api, controlPlane }) => {
      const op = 'listAssets';
      const path = '/api/v1/assets';
      const challenge = await challengeFor(api, { method: 'GET', path }, op);
      const entry = pickEntry(challenge, BASE_NETWORK);
      test.skip(!entry, `the challenge offers no exact entry on ${BASE_NETWORK}`);
      const recased = entry!.asset === entry!.asset.toLowerCase() ? `0x${entry!.asset.slice(2).toUpperCase()}` : entry!.asset.toLowerCase();
      test.skip(recased === entry!.asset, 'the asset id has no letters to re-case');
      const wallet = await fundedWallet(controlPlane, BASE_NETWORK);
      const { now } = await controlPlane.clock();
      const payment = await signPayment(wallet, challenge, entry!, unixSeconds(now), { accepted: { asset: recased } });
      const res = await api.withKey(undefined).get(path, { headers: { 'PAYMENT-SIGNATURE': encodePayment(payment) } });
      await expect(res).toMatchContract(op);
      const found: Violation[] = [];
      if (res.status() !== 200)
        found.push(
          violation(
            'X402-010',
            'status',
            `asset ${recased} (the entry's ${entry!.asset} in another case) was refused with ${res.status()}: ${(await res.text()).slice(0, 200)}`,
          ),
        );
      else found.push(...checkSettlement(res.headers()['payment-response'], { network: BASE_NETWORK, payer: wallet.address }));
      found.push(
        ...checkDebit(
          'X402-024',
          'a re-cased asset payment',
          FUNDING,
          await controlPlane.walletBalance(BASE_NETWORK, wallet.address),
          res.status() === 200 ? BigInt(entry!.amount) : 0n,
        ),
      );
      expect(found).toHaveNoViolations();
    },
  );
});

test.describe('x402: unbilled answers are never settled', () => {
  test(
    'a 404 paid by x402 carries no PAYMENT-RESPONSE and the wallet is not debited',
    { ...ruleDetails('BILL-005', 'EVID-011', 'X402-027', ...contractRules('getMarketSignals')) },
    async ({ api, controlPlane, targetOptions }) => {
      const op = 'getMarketSignals';
      const wallet = await fundedWallet(controlPlane, BASE_NETWORK);
      const path = `/api/v1/markets/fc-no-such-market-${wallet.address.slice(2, 10).toLowerCase()}/signals`;
      const pay = await payerFor(api, { method: 'GET', path }, op, wallet, BASE_NETWORK, limitsOf(targetOptions));
      const res = await fromFetch(await pay(new URL(path, targetOptions.target)));
      await expect(res).toMatchContract(op);
      expect(res.status(), 'an unknown slug answers 404 once paid').toBe(404);
      const found: Violation[] = [];
      if (res.headers()['payment-response'] !== undefined)
        found.push(violation('BILL-005', 'header:PAYMENT-RESPONSE', 'a 404 answer carries a PAYMENT-RESPONSE: the payment was settled'));
      found.push(
        ...checkDebit('BILL-005', 'an x402-paid 404', FUNDING, await controlPlane.walletBalance(BASE_NETWORK, wallet.address), 0n),
      );
      await test.step('one payment for the 404 presented twice: the stub leaves it unused (gap X402-027)', async () => {
        const c = await readChallenge(api, 'GET', path);
        const entry = c.challenge && pickEntry(c.challenge, BASE_NETWORK);
        if (!entry) return;
        const { now } = await controlPlane.clock();
        const header = encodePayment(await signPayment(wallet, c.challenge!, entry, Math.max(unixSeconds(now), unixSeconds(new Date()))));
        const present = async () => {
          const r = await api.withKey(undefined).get(path, { headers: { 'PAYMENT-SIGNATURE': header } });
          await expect(r).toMatchContract(op);
          return r;
        };
        if ((await present()).status() !== 404) return;
        const again = await present();
        observeChoice(
          'X402-027',
          again.status() === 404,
          `the same payment presented again answered ${again.status()} (stub: 404 again, the payment unused)`,
        );
        if (again.headers()['payment-response'] !== undefined)
          found.push(
            violation('BILL-005', 'header:PAYMENT-RESPONSE', 'a refused or 404 answer carries a PAYMENT-RESPONSE: the payment was settled'),
          );
        found.push(
          ...checkDebit(
            'BILL-005',
            'a payment presented twice on a 404',
            FUNDING,
            await controlPlane.walletBalance(BASE_NETWORK, wallet.address),
            0n,
          ),
        );
      });
      expect(found).toHaveNoViolations();
    },
  );

  for (const [status, rule, candidates] of [
    [502, 'BILL-006', ['getPortfolio', 'searchSocial', 'createSocialProfile']],
    [503, 'BILL-007', ['createSocialProfile']],
  ] as const) {
    test(
      `a ${status} (upstream failure injected through the control plane) paid by x402 is not settled`,
      { ...ruleDetails(rule, ...candidates.flatMap((op) => contractRules(op))) },
      async ({ api, paid, controlPlane, targetOptions }) => {
        let chosen: { op: string; request: PaidRequest } | undefined;
        for (const op of candidates) {
          const found = await discoverRequest(paid, targetOptions.target, op);
          if (!('request' in found)) continue;
          const { method, path, params, body } = found.request;
          const probe = await api.withKey(undefined).call(method, path, {
            params,
            ...(body === undefined ? {} : { data: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
          });
          if (probe.status() === 402) {
            await expect(probe).toMatchContract(op);
            chosen = { op, request: found.request };
            break;
          }
        }
        test.skip(!chosen, `none of ${candidates.join(', ')} (the paid operations documenting ${status}) is served by this target`);
        const { op, request } = chosen!;
        const url = new URL(request.path, targetOptions.target);
        for (const [k, v] of Object.entries(request.params ?? {}))
          for (const item of v === undefined ? [] : Array.isArray(v) ? v : [v]) url.searchParams.append(k, String(item));
        const init: RequestInit = {
          method: request.method,
          ...(request.body === undefined ? {} : { body: JSON.stringify(request.body), headers: { 'content-type': 'application/json' } }),
        };
        const { res, wallet } = await controlPlane.withFault(
          { method: request.method, path: contract().operation(op).path, status },
          async (faultHeaders) => {
            const wallet = await fundedWallet(controlPlane, BASE_NETWORK);
            const pay = await payerFor(api, request, op, wallet, BASE_NETWORK, limitsOf(targetOptions));
            const res = await fromFetch(
              await pay(url, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), ...faultHeaders } }),
            );
            return { res, wallet, status: res.status() };
          },
        );
        await expect(res).toMatchContract(op);
        // A fault the target's control plane did not apply leaves the case unprovoked: no verdict on the API (issue 32).
        test.skip(
          res.status() !== status,
          `the injected upstream ${status} did not take effect: the call answered ${res.status()} (contract/control.yaml faults)`,
        );
        const found: Violation[] = [];
        if (res.headers()['payment-response'] !== undefined)
          found.push(violation(rule, 'header:PAYMENT-RESPONSE', `a ${status} answer carries a PAYMENT-RESPONSE: the payment was settled`));
        found.push(
          ...checkDebit(rule, `an x402-paid ${status}`, FUNDING, await controlPlane.walletBalance(BASE_NETWORK, wallet.address), 0n),
        );
        expect(found).toHaveNoViolations();
      },
    );
  }
});

test.describe('x402: a 429 settles nothing', () => {
  test(
    "a payment answered 429 (the oil route's one-second spacing) is not settled; whether it pays the retry is gap X402-027",
    { ...ruleDetails('BILL-009', 'X402-024', 'X402-027', ...contractRules('getOilSignal')), lock: OIL_ROUTE_LOCK },
    async ({ api, controlPlane }) => {
      const op = 'getOilSignal';
      const path = '/api/v1/signals/oil';
      const params = { include_marks: false };
      const c = await readChallenge(api, 'GET', path, { params });
      test.skip(c.status === 404, `GET ${path} is not served by this target`);
      await expect(c.res).toMatchContract(op);
      const entry = c.challenge && pickEntry(c.challenge, BASE_NETWORK);
      test.skip(!entry, `the challenge offers no exact entry on ${BASE_NETWORK}`);
      const wallet = await fundedWallet(controlPlane, BASE_NETWORK);
      const nowS = async () => Math.max(unixSeconds((await controlPlane.clock()).now), unixSeconds(new Date()));
      // `unpaced` sends the second call inside the oil route's second, which the pacer would space out.
      const pay = async (header: string, unpaced = false) =>
        api.withKey(undefined).get(path, { params, headers: { 'PAYMENT-SIGNATURE': header }, raw429: true, unpaced });
      const first = await pay(encodePayment(await signPayment(wallet, c.challenge!, entry!, await nowS())));
      await expect(first).toMatchContract(op);
      expect(first.status(), 'the first paid oil call is answered').toBe(200);
      const header = encodePayment(await signPayment(wallet, c.challenge!, entry!, await nowS()));
      const limited = await pay(header, true);
      await expect(limited).toMatchContract(op);
      test.skip(limited.status() !== 429, `a second oil call within one second answered ${limited.status()}: no 429 to observe`);
      const found: Violation[] = [];
      if (limited.headers()['payment-response'] !== undefined)
        found.push(violation('BILL-009', 'header:PAYMENT-RESPONSE', 'a 429 answer carries a PAYMENT-RESPONSE: the payment was settled'));
      found.push(
        ...checkDebit(
          'BILL-009',
          'a 200 then a 429',
          FUNDING,
          await controlPlane.walletBalance(BASE_NETWORK, wallet.address),
          BigInt(entry!.amount),
        ),
      );
      await test.step('after Retry-After, the same PAYMENT-SIGNATURE again: the stub lets it pay the retry (gap X402-027)', async () => {
        const wait = parseRetryAfter(limited.headers()['retry-after']) ?? 1;
        await new Promise((r) => setTimeout(r, Math.min(5, Math.max(1, wait)) * 1000 + 100));
        const retried = await pay(header);
        await expect(retried).toMatchContract(op);
        const paidAgain = retried.status() === 200;
        observeChoice(
          'X402-027',
          paidAgain,
          `the authorization refused with 429 then answered ${retried.status()} ${(await retried.text()).slice(0, 120)} (stub: it pays the retry)`,
        );
        found.push(
          ...checkDebit(
            'X402-024',
            paidAgain ? 'two settled oil payments' : 'one settled oil payment (the retry was refused)',
            FUNDING,
            await controlPlane.walletBalance(BASE_NETWORK, wallet.address),
            (paidAgain ? 2n : 1n) * BigInt(entry!.amount),
          ),
        );
      });
      expect(found).toHaveNoViolations();
    },
  );
});

test.describe('x402: a key and a payment together (gap)', () => {
  test(
    'a call carrying both an API key and a PAYMENT-SIGNATURE: the stub uses the key and never settles the payment (gap AUTH-014)',
    { ...ruleDetails('AUTH-014', ...contractRules('listAssets')) },
    async ({ api, controlPlane }) => {
      const op = 'listAssets';
      const path = '/api/v1/assets';
      const challenge = await challengeFor(api, { method: 'GET', path }, op);
      const entry = pickEntry(challenge, BASE_NETWORK);
      test.skip(!entry, `the challenge offers no exact entry on ${BASE_NETWORK}`);
      const wallet = await fundedWallet(controlPlane, BASE_NETWORK);
      const credits = PRICES[op]!.credits * 2;
      const account = await controlPlane.createAccount(credits);
      const { now } = await controlPlane.clock();
      const payment = await signPayment(wallet, challenge, entry!, Math.max(unixSeconds(now), unixSeconds(new Date())));
      const res = await api.withKey(account.apiKey).get(path, { headers: { 'PAYMENT-SIGNATURE': encodePayment(payment) } });
      await expect(res).toMatchContract(op);
      if (!judged('AUTH-014', res.status() === 200 ? 1 : 0, 'a 200 answer to a call carrying both a key and a payment')) return;
      const debited = credits - (await controlPlane.balance(account.accountId));
      const paid = FUNDING - (await controlPlane.walletBalance(BASE_NETWORK, wallet.address));
      const settled = res.headers()['payment-response'] !== undefined;
      observeChoice(
        'AUTH-014',
        debited > 0 && paid === 0n && !settled,
        `the key's account was debited ${debited} credits, the wallet paid ${paid} atomic units${settled ? ', PAYMENT-RESPONSE present' : ''} (stub: the key pays)`,
      );
    },
  );
});
