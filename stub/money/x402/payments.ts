/**
 * Verifying and settling one PAYMENT-SIGNATURE (x402 v2, scheme exact, EIP-3009) with the SDK's
 * resource server, plus what the SDK leaves to the server: replay and request binding (spec: Errors
 * 409 payment_replay_mismatch), case-insensitive asset matching (spec: Authentication rule 6) and
 * balance holds, so concurrent payments from one wallet never overdraw it.
 *
 * Order of checks: decode → x402Version 2 → EIP-3009 payload shape → bound to this request's
 * resource (else replay) → authorization nonce unused and not in flight (else replay) → matches an
 * accepts entry → validity window on the chain clock → SDK verify (signature, payTo, amount, window,
 * simulation on the ledger) → hold of the amount. Settlement only happens later, for a billed answer.
 */
import { decodePaymentSignatureHeader } from '@x402/core/http';
import type { x402ResourceServer } from '@x402/core/server';
import type { PaymentPayload, PaymentRequirements, SettleResponse } from '@x402/core/types';
import { nonceKey, type TokenLedger } from './ledger.ts';
import { tokenOfNetwork, type Hex, type TokenInfo } from './tokens.ts';
import { alt } from '../../variant.ts';

export interface VerifiedPayment {
  payload: PaymentPayload;
  requirements: PaymentRequirements;
  token: TokenInfo;
  payer: Hex;
  /** The authorization's ledger key (token, authorizer, nonce); also the id of its hold. */
  key: string;
}

/** Why a payment was refused: malformed/invalid → refused with a fresh challenge; replay → 409. */
export type Refusal = { kind: 'invalid' | 'replay'; reason: string };

export type VerifyOutcome = { ok: true; payment: VerifiedPayment } | ({ ok: false } & Refusal);

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BYTES32 = /^0x[0-9a-fA-F]{64}$/;
const UINT = /^\d{1,78}$/;
const HEX = /^0x[0-9a-fA-F]*$/;

interface Eip3009Wire {
  authorization: { from: Hex; to: Hex; value: string; validAfter: string; validBefore: string; nonce: Hex };
  signature: Hex;
}

/** The EIP-3009 part of a payload, when well-formed. */
function eip3009Of(payload: PaymentPayload): Eip3009Wire | undefined {
  const p = payload.payload as Partial<Eip3009Wire> | undefined;
  const a = p?.authorization;
  if (!a || typeof p.signature !== 'string' || !HEX.test(p.signature)) return undefined;
  const ok =
    ADDRESS.test(String(a.from)) &&
    ADDRESS.test(String(a.to)) &&
    UINT.test(String(a.value)) &&
    UINT.test(String(a.validAfter)) &&
    UINT.test(String(a.validBefore)) &&
    BYTES32.test(String(a.nonce));
  return ok ? (p as Eip3009Wire) : undefined;
}

/** Same resource: path and query equal (hosts may differ behind a proxy). */
function sameResource(a: string, b: string): boolean {
  try {
    const x = new URL(a, 'http://x');
    const y = new URL(b, 'http://x');
    return x.pathname === y.pathname && x.search === y.search;
  } catch {
    return false;
  }
}

const ci = (s: unknown): string => String(s).toLowerCase();

/** The accepts entry a payment is for: scheme, network and amount exact; asset and payTo case-insensitive. */
function matchRequirements(
  offered: readonly PaymentRequirements[],
  accepted: PaymentRequirements | undefined,
): PaymentRequirements | undefined {
  if (!accepted || typeof accepted !== 'object') return undefined;
  return offered.find(
    (r) =>
      r.scheme === accepted.scheme &&
      r.network === accepted.network &&
      ci(r.asset) === ci(accepted.asset) &&
      ci(r.payTo) === ci(accepted.payTo) &&
      r.amount === String(accepted.amount),
  );
}

export class X402Payments {
  /** Authorizations admitted and not yet settled or released. */
  private readonly inFlight = new Set<string>();

  /**
   * @param server the SDK resource server (initialized)
   * @param chainNow the chain clock, unix seconds
   */
  constructor(
    private readonly server: x402ResourceServer,
    private readonly ledger: TokenLedger,
    private readonly chainNow: () => bigint,
  ) {}

  /** Verifies a PAYMENT-SIGNATURE header for `resourceUrl` against the `offered` accepts entries. */
  async verify(header: string, offered: readonly PaymentRequirements[], resourceUrl: string): Promise<VerifyOutcome> {
    let payload: PaymentPayload;
    try {
      payload = decodePaymentSignatureHeader(header);
    } catch {
      return { ok: false, kind: 'invalid', reason: 'PAYMENT-SIGNATURE is not base64 JSON of a payment payload' };
    }
    if (!payload || typeof payload !== 'object')
      return { ok: false, kind: 'invalid', reason: 'PAYMENT-SIGNATURE is not a payment payload' };
    if (payload.x402Version !== 2) return { ok: false, kind: 'invalid', reason: 'unsupported x402Version (2 expected)' };
    const wire = eip3009Of(payload);
    if (!wire) return { ok: false, kind: 'invalid', reason: 'payload is not an exact-scheme EIP-3009 authorization with signature' };
    if (payload.resource?.url !== undefined && !sameResource(String(payload.resource.url), resourceUrl)) {
      return { ok: false, kind: 'replay', reason: 'the payment was made for another resource' };
    }
    const accepted = payload.accepted as PaymentRequirements | undefined;
    const token = tokenOfNetwork(String(accepted?.network));
    const auth = wire.authorization;
    if (token) {
      const key = nonceKey(token, auth.from, auth.nonce);
      // X402-017: the alternate stub refuses a used authorization as invalid (402 with a fresh challenge), not as a replay.
      if (this.ledger.authorizationState(token, auth.from, auth.nonce))
        return { ok: false, kind: alt('X402-017') ? 'invalid' : 'replay', reason: 'the authorization was already used' };
      if (this.inFlight.has(key)) return { ok: false, kind: 'replay', reason: 'the authorization is already in use by another request' };
    }
    const requirements = matchRequirements(offered, accepted);
    if (!token || !requirements) {
      // X402-026: the alternate stub takes a payment echoing an entry it did not offer (another amount or payTo) as made for another request.
      const kind = token && alt('X402-026') ? 'replay' : 'invalid';
      return { ok: false, kind, reason: 'the payment matches no accepts entry (scheme, network, asset, payTo and amount)' };
    }
    const now = this.chainNow();
    if (BigInt(auth.validBefore) <= now + 6n) return { ok: false, kind: 'invalid', reason: 'authorization expired (validBefore)' };
    if (BigInt(auth.validAfter) >= now) return { ok: false, kind: 'invalid', reason: 'authorization not yet valid (validAfter)' };

    const key = nonceKey(token, auth.from, auth.nonce);
    if (this.inFlight.has(key)) return { ok: false, kind: 'replay', reason: 'the authorization is already in use by another request' };
    this.inFlight.add(key);
    let invalid: string | undefined;
    let payer: Hex = auth.from;
    try {
      const result = await this.server.verifyPayment(payload, requirements);
      if (!result.isValid) invalid = [result.invalidReason, result.invalidMessage].filter(Boolean).join(': ') || 'verification failed';
      else if (result.payer && ADDRESS.test(result.payer)) payer = result.payer as Hex;
    } catch (err) {
      invalid = `verification failed: ${err instanceof Error ? err.message : String(err)}`;
    }
    if (invalid === undefined && !this.ledger.hold(key, token, auth.from, BigInt(requirements.amount))) invalid = 'insufficient_funds';
    if (invalid !== undefined) {
      this.inFlight.delete(key);
      return { ok: false, kind: 'invalid', reason: invalid };
    }
    return { ok: true, payment: { payload, requirements, token, payer, key } };
  }

  /** Settles a verified payment through the SDK (a ledger transfer). Never throws. */
  async settle(payment: VerifiedPayment): Promise<SettleResponse> {
    try {
      return await this.server.settlePayment(payment.payload, payment.requirements);
    } catch (err) {
      return {
        success: false,
        errorReason: 'settle_failed',
        errorMessage: err instanceof Error ? err.message : String(err),
        transaction: '',
        network: payment.requirements.network,
      };
    } finally {
      this.release(payment);
    }
  }

  /** Forgets an unsettled payment: drops its hold; the authorization stays unused and may be presented again. */
  release(payment: VerifiedPayment): void {
    this.ledger.release(payment.key);
    this.inFlight.delete(payment.key);
  }

  /**
   * A verified payment whose answer is not billed (404, 429, 502, a failed upstream): never settled.
   * The stub releases it, so the same authorization may pay a retry; the alternate stub (X402-027)
   * consumes its nonce without a transfer, so presenting it again is a replay.
   */
  unbilled(payment: VerifiedPayment): void {
    this.release(payment);
    const auth = (payment.payload.payload as { authorization?: { from: string; nonce: string } }).authorization;
    if (auth && alt('X402-027')) this.ledger.burn(payment.token, auth.from, auth.nonce);
  }
}
