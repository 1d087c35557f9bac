// x402 v2 by hand: the challenge (PAYMENT-REQUIRED), the decoding and
// verification of PAYMENT-SIGNATURE (exact scheme, EIP-3009
// transferWithAuthorization signed over EIP-712, checked with viem) and the
// settlement on the in-memory ledger (PAYMENT-RESPONSE).
import { recoverTypedDataAddress, getAddress, keccak256, toHex } from 'viem';
import { NETWORKS, NETWORK_ORDER, balanceOf, transfer, nonceKey } from './ledger.mjs';

export const MAX_TIMEOUT_SECONDS = 240;
export const ATOMIC_PER_CREDIT = 1000n; // 1 credit = $0.001 = 1000 atomic units

const TYPES = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' }, { name: 'to', type: 'address' }, { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' }, { name: 'validBefore', type: 'uint256' }, { name: 'nonce', type: 'bytes32' },
  ],
};

export class PaymentError extends Error {
  constructor(reason, message) { super(message); this.reason = reason; }
}

export function accepts(cfg, credits) {
  const amount = (BigInt(credits) * ATOMIC_PER_CREDIT).toString();
  return NETWORK_ORDER.map((n) => {
    const t = NETWORKS[n];
    return { scheme: 'exact', network: n, amount, asset: t.asset, payTo: cfg.payTo, maxTimeoutSeconds: MAX_TIMEOUT_SECONDS, extra: { name: t.name, version: t.version } };
  });
}

export function paymentRequired(resourceUrl, description, acc, error) {
  const body = { x402Version: 2, ...(error ? { error } : {}), resource: { url: resourceUrl, description, mimeType: 'application/json' }, accepts: acc };
  return Buffer.from(JSON.stringify(body)).toString('base64');
}

export function decodePayment(header) {
  const s = String(header).trim();
  if (s.length > 16384 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(s)) throw new PaymentError('invalid_payload', 'PAYMENT-SIGNATURE is not base64.');
  let v;
  try { v = JSON.parse(Buffer.from(s, 'base64').toString('utf8')); } catch { throw new PaymentError('invalid_payload', 'PAYMENT-SIGNATURE does not decode to JSON.'); }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new PaymentError('invalid_payload', 'PAYMENT-SIGNATURE must encode a JSON object.');
  return v;
}

const isAddr = (x) => typeof x === 'string' && /^0x[0-9a-fA-F]{40}$/.test(x);
const isUint = (x) => typeof x === 'string' && /^\d{1,78}$/.test(x);
const ieq = (a, b) => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

// Verifies a decoded payment against this route's accepts at `nowMs`.
// Returns {payer, network, value, nonce, key, requirement}.
export async function verifyPayment(led, p, acc, nowMs) {
  if (p.x402Version !== 2) throw new PaymentError('unsupported_version', 'Only x402 version 2 payments are accepted.');
  const a = p.accepted;
  if (!a || typeof a !== 'object') throw new PaymentError('invalid_payload', 'The payment does not name the accepted requirement.');
  const req = acc.find((r) => r.scheme === a.scheme && r.network === a.network && ieq(r.asset, a.asset) && ieq(r.payTo, a.payTo) && String(a.amount) === r.amount);
  if (!req) throw new PaymentError('requirements_mismatch', 'The accepted requirement matches none of this route\'s payment options (scheme, network, asset, payee, amount).');
  const auth = p.payload?.authorization;
  const sig = p.payload?.signature;
  if (!auth || typeof auth !== 'object' || !isAddr(auth.from) || !isAddr(auth.to) || !isUint(auth.value) || !isUint(auth.validAfter) || !isUint(auth.validBefore) || typeof auth.nonce !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(auth.nonce) || typeof sig !== 'string' || !/^0x[0-9a-fA-F]{130,}$/.test(sig)) {
    throw new PaymentError('invalid_payload', 'The exact-scheme authorization or its signature is missing or malformed.');
  }
  if (!ieq(auth.to, req.payTo)) throw new PaymentError('recipient_mismatch', 'The authorization pays another recipient.');
  if (BigInt(auth.value) !== BigInt(req.amount)) throw new PaymentError('amount_mismatch', `The authorization value must be exactly ${req.amount}.`);
  const nowSec = BigInt(Math.floor(nowMs / 1000));
  if (BigInt(auth.validAfter) > nowSec) throw new PaymentError('authorization_not_yet_valid', 'The authorization is not valid yet.');
  if (BigInt(auth.validBefore) <= nowSec + 3n) throw new PaymentError('authorization_expired', 'The authorization has expired.');
  const t = NETWORKS[req.network];
  let signer;
  try {
    signer = await recoverTypedDataAddress({
      domain: { name: t.name, version: t.version, chainId: t.chainId, verifyingContract: t.asset },
      types: TYPES, primaryType: 'TransferWithAuthorization',
      message: { from: getAddress(auth.from), to: getAddress(auth.to), value: BigInt(auth.value), validAfter: BigInt(auth.validAfter), validBefore: BigInt(auth.validBefore), nonce: auth.nonce },
      signature: sig,
    });
  } catch {
    throw new PaymentError('invalid_signature', 'The signature could not be verified.');
  }
  if (!ieq(signer, auth.from)) throw new PaymentError('invalid_signature', 'The signature was not made by the authorization\'s sender.');
  const key = nonceKey(req.network, auth.from, auth.nonce);
  const out = { payer: getAddress(auth.from), network: req.network, asset: t.asset, value: BigInt(auth.value), nonce: auth.nonce, key, requirement: req };
  if (led.used.has(key) || led.pending.has(key)) return { ...out, replay: led.used.get(key) ?? { pending: true } };
  if (balanceOf(led, req.network, auth.from) < out.value) throw new PaymentError('insufficient_funds', 'The payer\'s balance does not cover the amount.');
  return out;
}

// Moves the funds; returns the settlement metadata of PAYMENT-RESPONSE.
export function settle(led, v, payTo, nowMs) {
  if (!transfer(led, v.network, v.payer, payTo, v.value)) throw new PaymentError('insufficient_funds', 'The payer\'s balance no longer covers the amount.');
  const transaction = keccak256(toHex(`${v.network}|${v.payer.toLowerCase()}|${v.nonce.toLowerCase()}`));
  const s = { success: true, transaction, network: v.network, payer: v.payer, amount: v.value.toString() };
  led.transfers.push({ ...s, at: nowMs });
  return s;
}
export const encodeSettlement = (s) => Buffer.from(JSON.stringify(s)).toString('base64');
