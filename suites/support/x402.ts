/**
 * x402 v2 payment helpers for the money suites: throw-away wallets (viem), the route's challenge
 * read through the target (PAYMENT-REQUIRED, validated against the contract's PaymentRequired
 * schema), hand-made exact-scheme payments (EIP-3009 TransferWithAuthorization signed with the
 * challenge's EIP-712 domain) with every field open to tampering, and the official @x402/fetch
 * client for the interop tests. Entries are selected by scheme, network and case-insensitive asset,
 * never by symbol (spec: Authentication, rule 6). Private keys are registered as secrets.
 */
import { randomBytes } from 'node:crypto';
import type { APIResponse } from '@playwright/test';
import { getAddress, keccak256, toHex, type Hex, type TypedDataDomain } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { boundedFetch, type HttpLimits } from '../../lib/http-client.ts';
import { wrapFetchWithPayment, x402Client, type PaymentRequirements as SdkRequirements } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { contract } from '../../contract/index.ts';
import { recordExercised } from './matchers.ts';
import {
  BASE_NETWORK,
  decodeBase64Json,
  type AdvertisedDecimals,
  type PaymentRequired,
  type PaymentRequirements,
} from '../../checks/x402.ts';
import { CHECKS } from '../../checks/registry.ts';
import { judgeWith } from './judging.ts';
import { observeChoice, observing } from './choices.ts';
import { violation, type Violation } from '../../lib/violation.ts';
import type { Params, TargetClient } from './client.ts';
import { registerSecret } from '../../lib/redact.ts';
import { nextDerivedPreimage } from './wallet-seed.ts';

export type { PaymentRequired, PaymentRequirements } from '../../checks/x402.ts';

/** A throw-away wallet: a fresh secp256k1 key, never persisted, masked in every report. */
export interface Wallet {
  account: PrivateKeyAccount;
  address: Hex;
}

/** The i-th private key of worker `worker` derived from `seed` (see wallet-seed.ts deriveWalletsFrom). */
export const derivedPrivateKey = (seed: string, worker: number, i: number): Hex => keccak256(toHex(`${seed}:${worker}:${i}`));

/** A new wallet (viem generatePrivateKey, or derived, see wallet-seed.ts); its private key is registered as a secret. */
export function newWallet(): Wallet {
  const preimage = nextDerivedPreimage();
  const key = preimage ? keccak256(toHex(preimage)) : generatePrivateKey();
  registerSecret(key);
  registerSecret(key.slice(2));
  const account = privateKeyToAccount(key);
  return { account, address: account.address };
}

/** The x402 v2 payment payload sent base64-encoded in PAYMENT-SIGNATURE. */
export interface PaymentPayload {
  x402Version: number;
  resource?: PaymentRequired['resource'];
  accepted: PaymentRequirements;
  payload: {
    signature: Hex;
    authorization: { from: Hex; to: Hex; value: string; validAfter: string; validBefore: string; nonce: Hex };
  };
  extensions?: Record<string, unknown>;
}

/** The EIP-3009 message type (as the exact scheme signs it). */
const TRANSFER_WITH_AUTHORIZATION = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;

/** The challenge of one unpaid call, decoded; `violations` lists what is wrong with it (X402-002, schema). */
export interface Challenge {
  res: APIResponse;
  status: number;
  challenge?: PaymentRequired;
  violations: Violation[];
}

/**
 * Sends `method path` with neither key nor payment and decodes the PAYMENT-REQUIRED header of the
 * 402 (base64 JSON, X402-002), validated against the contract's PaymentRequired schema.
 */
export async function readChallenge(
  api: TargetClient,
  method: string,
  path: string,
  options: { params?: Params; data?: unknown } = {},
): Promise<Challenge> {
  const res = await api.withKey(undefined).call(method, path, {
    params: options.params,
    ...(options.data === undefined ? {} : { data: JSON.stringify(options.data), headers: { 'content-type': 'application/json' } }),
  });
  return { res, status: res.status(), ...decodeChallenge(res.headers()['payment-required']) };
}

/** Decodes and schema-checks a PAYMENT-REQUIRED header value. */
export function decodeChallenge(header: string | undefined): { challenge?: PaymentRequired; violations: Violation[] } {
  const decoded = decodeBase64Json(header);
  if (decoded.error) return { violations: [violation('X402-002', 'header:PAYMENT-REQUIRED', decoded.error)] };
  const violations = contract().validateSchema('PaymentRequired', decoded.value, 'header:PAYMENT-REQUIRED');
  recordExercised(['PaymentRequired']);
  return { challenge: decoded.value as PaymentRequired, violations };
}

/**
 * The accepts entry with scheme `exact` on `network`, optionally for a given asset (matched
 * case-insensitively, never by symbol). Undefined when the challenge offers none.
 */
export function pickEntry(challenge: PaymentRequired, network: string, asset?: string): PaymentRequirements | undefined {
  return challenge.accepts.find(
    (e) => e.scheme === 'exact' && e.network === network && (asset === undefined || e.asset.toLowerCase() === asset.toLowerCase()),
  );
}

/** The numeric chain id of an eip155 CAIP-2 network id. @throws Error for another namespace. */
export function chainIdOf(network: string): number {
  const m = /^eip155:(\d+)$/.exec(network);
  if (!m) throw new Error(`not an eip155 network: ${network}`);
  return Number(m[1]);
}

/** How a hand-made payment departs from an honest one (every field defaults to the honest value). */
export interface Tamper {
  /** Who signs (a forged signature: another key signs for `from`). */
  signer?: PrivateKeyAccount;
  /** authorization.from (default: the paying wallet). */
  from?: Hex;
  /** Signed amount, atomic units (default: the entry's amount). */
  value?: bigint;
  /** Signed payee (default: the entry's payTo). */
  to?: Hex;
  /** Validity window, unix seconds (default: 0 .. now + maxTimeoutSeconds). */
  validAfter?: bigint;
  validBefore?: bigint;
  nonce?: Hex;
  /** EIP-712 domain fields to sign with instead of the entry's (chain, token, name, version). */
  domain?: Partial<TypedDataDomain>;
  /** Fields of the echoed `accepted` entry to change (network, asset, amount, payTo...). */
  accepted?: Partial<PaymentRequirements>;
  /** The echoed resource (default: the challenge's). */
  resource?: PaymentRequired['resource'];
  /** Changes made after signing (the signature then no longer covers them). */
  afterSign?: (p: PaymentPayload) => void;
}

/**
 * A hand-made exact-scheme payment for `entry` of `challenge`: an EIP-3009 TransferWithAuthorization
 * signed (viem signTypedData) with the entry's EIP-712 domain {extra.name, extra.version, chain id of
 * the network, verifyingContract = asset}, as the x402 exact EVM scheme specifies.
 * @param nowS the clock the validity window is built from, unix seconds.
 */
export async function signPayment(
  wallet: Wallet,
  challenge: PaymentRequired,
  entry: PaymentRequirements,
  nowS: number,
  tamper: Tamper = {},
): Promise<PaymentPayload> {
  const authorization = {
    from: tamper.from ?? wallet.address,
    to: tamper.to ?? getAddress(entry.payTo),
    value: tamper.value ?? BigInt(entry.amount),
    validAfter: tamper.validAfter ?? 0n,
    validBefore: tamper.validBefore ?? BigInt(nowS + entry.maxTimeoutSeconds),
    nonce: tamper.nonce ?? (`0x${randomBytes(32).toString('hex')}` as Hex),
  };
  const domain: TypedDataDomain = {
    name: String(entry.extra?.name ?? ''),
    version: String(entry.extra?.version ?? ''),
    chainId: chainIdOf(entry.network),
    verifyingContract: getAddress(entry.asset),
    ...tamper.domain,
  };
  const signature = await (tamper.signer ?? wallet.account).signTypedData({
    domain,
    types: TRANSFER_WITH_AUTHORIZATION,
    primaryType: 'TransferWithAuthorization',
    message: authorization,
  });
  const payment: PaymentPayload = {
    x402Version: 2,
    resource: tamper.resource ?? challenge.resource,
    accepted: { ...entry, ...tamper.accepted },
    payload: {
      signature,
      authorization: {
        from: authorization.from,
        to: authorization.to,
        value: authorization.value.toString(),
        validAfter: authorization.validAfter.toString(),
        validBefore: authorization.validBefore.toString(),
        nonce: authorization.nonce,
      },
    },
  };
  tamper.afterSign?.(payment);
  return payment;
}

/** PAYMENT-SIGNATURE value: standard base64 of the JSON (x402 v2). */
export const encodePayment = (p: unknown): string => Buffer.from(JSON.stringify(p), 'utf8').toString('base64');

/**
 * The payment encoded as base64url instead of base64. A `~~~` extension field is added (its bytes
 * encode to `fn5+` in base64, `fn5-` in base64url) at an alignment where it does, so the encoding
 * really differs from standard base64 and a lenient decoder is actually exercised.
 */
export function encodePaymentBase64Url(p: PaymentPayload): string {
  const json = JSON.stringify({ ...p, extensions: { ...p.extensions, fc_pad: '~~~' } });
  for (let pad = 0; pad < 3; pad++) {
    const url = Buffer.from(`${' '.repeat(pad)}${json}`, 'utf8').toString('base64url');
    if (/[-_]/.test(url)) return url;
  }
  throw new Error('base64url encoding did not differ from base64');
}

/** The HTTP limits of the run's target options: its per-request timeout (ms) and body limit (bytes). */
export const limitsOf = (o: { requestTimeoutMs: number; maxBodyBytes: number }): HttpLimits => ({
  timeoutMs: o.requestTimeoutMs,
  maxBodyBytes: o.maxBodyBytes,
});

/**
 * The official x402 client (@x402/fetch wrapFetchWithPayment + @x402/evm ExactEvmScheme over the
 * wallet's viem account), restricted to `network` and `asset` so the test knows what it pays with.
 * The asset is opted in explicitly: the SDK's spend controls allow only its default assets otherwise.
 * It sends through the harness's HTTP client (lib/http-client.ts `boundedFetch`), so each of its
 * calls is bounded by `limits` (the run's per-request timeout, ms, and body limit, bytes).
 */
export function officialFetch(wallet: Wallet, network: string, asset: string, limits: HttpLimits): typeof fetch {
  const select = (_v: number, reqs: SdkRequirements[]): SdkRequirements => {
    const found = reqs.find((r) => r.scheme === 'exact' && r.network === network && r.asset.toLowerCase() === asset.toLowerCase());
    if (!found) throw new Error(`the challenge offers no exact entry on ${network} for ${asset}`);
    return found;
  };
  const client = new x402Client(select)
    .register(network as `${string}:${string}`, new ExactEvmScheme(wallet.account))
    .setSpendControls({ allowedAssets: [{ network: network as `${string}:${string}`, asset }] });
  return wrapFetchWithPayment(boundedFetch(limits), client);
}

/** Unix seconds of a Date. */
export const unixSeconds = (d: Date): number => Math.floor(d.getTime() / 1000);

/** The stub's decimals of the eip155:8453 token where it states them (gap X402-033: USDC's 6). */
const STUB_BASE_DECIMALS = 6;

/**
 * The decimals figures a target advertised (a challenge's extra, the pricing metadata): the eip155:4663
 * token's are 6 (X402-032, counted per figure; none advertised leaves it NOT_RUN), the eip155:8453
 * token's are the target's choice (gap X402-033, observed). The running test declares both.
 */
export function judgeDecimals(figures: readonly AdvertisedDecimals[]): Violation[] {
  observing('X402-033');
  for (const f of figures.filter((x) => x.network === BASE_NETWORK))
    observeChoice(
      'X402-033',
      Number(f.decimals) === STUB_BASE_DECIMALS,
      `${f.at}: the ${f.network} token is advertised with ${JSON.stringify(f.decimals)} decimals (stub: ${STUB_BASE_DECIMALS})`,
    );
  return judgeWith(CHECKS.checkAdvertisedDecimals, figures);
}
