// x402 v2 by hand: the PAYMENT-REQUIRED challenge, decoding of the
// PAYMENT-SIGNATURE header, EIP-3009 transferWithAuthorization signature
// checks over EIP-712 (viem, no RPC), an in-memory token ledger and the
// settlement metadata returned in PAYMENT-RESPONSE.
import { getAddress, isAddress, recoverTypedDataAddress, keccak256, toHex } from 'viem';
import { hexFrom } from '../util/rng.mjs';

export const X402_VERSION = 2;
export const MAX_TIMEOUT_SECONDS = 90;
const START_BALANCE = 50_000_000n; // 50 USD at 6 decimals, per wallet and token

// Listed in this order on purpose: the second dollar token first, then USDC on Base.
export const TOKENS = [
  { network: 'eip155:4663', chainId: 4663, asset: getAddress('0x' + hexFrom('token:eip155:4663', 40)), name: 'Quotient Dollar', version: '1', decimals: 6, symbol: 'QUSD' },
  { network: 'eip155:8453', chainId: 8453, asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', name: 'USD Coin', version: '2', decimals: 6, symbol: 'USDC' },
];
export const PAY_TO = getAddress('0x' + hexFrom('treasury:payTo', 40));

const TYPES = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' }, { name: 'to', type: 'address' }, { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' }, { name: 'validBefore', type: 'uint256' }, { name: 'nonce', type: 'bytes32' },
  ],
};

/** One credit is $0.001, i.e. 1000 atomic units of a 6-decimal dollar token. */
export const creditsToAtomic = (credits) => String(BigInt(credits) * 1000n);

export function requirements(credits) {
  return TOKENS.map((t) => ({
    scheme: 'exact', network: t.network, asset: t.asset, amount: creditsToAtomic(credits), payTo: PAY_TO,
    maxTimeoutSeconds: MAX_TIMEOUT_SECONDS, extra: { name: t.name, version: t.version },
  }));
}

export function paymentRequired(resourceUrl, description, credits, error) {
  return {
    x402Version: X402_VERSION, error: error || 'payment_required',
    resource: { url: resourceUrl, description, mimeType: 'application/json' },
    accepts: requirements(credits),
  };
}

export const encodeHeader = (obj) => Buffer.from(JSON.stringify(obj), 'utf8').toString('base64');

class PaymentError extends Error {
  constructor(reason, payer) {
    super(reason);
    this.reason = reason;
    this.payer = payer;
  }
}
export { PaymentError };

const HEX32 = /^0x[0-9a-fA-F]{64}$/;
const UINT = /^\d{1,78}$/;

/** Decodes PAYMENT-SIGNATURE. Throws PaymentError('invalid_payload') on any malformation. */
export function decodePayment(header) {
  if (typeof header !== 'string' || header.length > 16384 || !/^[A-Za-z0-9+/=_-]+$/.test(header.trim())) throw new PaymentError('invalid_payload');
  let obj;
  try {
    obj = JSON.parse(Buffer.from(header.trim(), 'base64').toString('utf8'));
  } catch {
    throw new PaymentError('invalid_payload');
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw new PaymentError('invalid_payload');
  if (obj.x402Version !== X402_VERSION) throw new PaymentError('invalid_x402_version');
  const acc = obj.accepted;
  const auth = obj.payload?.authorization;
  const sig = obj.payload?.signature;
  if (!acc || typeof acc !== 'object' || !auth || typeof auth !== 'object' || typeof sig !== 'string' || !/^0x[0-9a-fA-F]{130,}$/.test(sig)) throw new PaymentError('invalid_payload');
  for (const f of ['from', 'to']) if (typeof auth[f] !== 'string' || !isAddress(auth[f], { strict: false })) throw new PaymentError('invalid_payload');
  for (const f of ['value', 'validAfter', 'validBefore']) if (typeof auth[f] !== 'string' || !UINT.test(auth[f])) throw new PaymentError('invalid_payload');
  if (typeof auth.nonce !== 'string' || !HEX32.test(auth.nonce)) throw new PaymentError('invalid_payload');
  return obj;
}

export class Ledger {
  constructor() {
    this.balances = new Map();
    this.settled = new Map(); // nonceKey -> { fingerprint, response }
    this.pending = new Map(); // nonceKey -> fingerprint
  }
  key(token, addr) {
    return `${token.network}|${token.asset.toLowerCase()}|${addr.toLowerCase()}`;
  }
  balance(token, addr) {
    const k = this.key(token, addr);
    return this.balances.has(k) ? this.balances.get(k) : START_BALANCE;
  }
  setBalance(token, addr, v) {
    this.balances.set(this.key(token, addr), v);
  }
  nonceKey(payload) {
    const a = payload.payload.authorization;
    return `${payload.accepted.network}|${a.from.toLowerCase()}|${a.nonce.toLowerCase()}`;
  }

  /** Full verification against the route's current requirements. */
  async verify(payload, credits) {
    const acc = payload.accepted;
    const auth = payload.payload.authorization;
    const payer = getAddress(auth.from);
    const req = requirements(credits).find((r) => r.scheme === acc.scheme && r.network === acc.network
      && String(acc.asset || '').toLowerCase() === r.asset.toLowerCase() && String(acc.payTo || '').toLowerCase() === r.payTo.toLowerCase()
      && String(acc.amount) === r.amount);
    if (!req) throw new PaymentError('no_matching_payment_requirements', payer);
    const token = TOKENS.find((t) => t.network === req.network);
    let signer;
    try {
      signer = await recoverTypedDataAddress({
        domain: { name: token.name, version: token.version, chainId: token.chainId, verifyingContract: token.asset },
        types: TYPES, primaryType: 'TransferWithAuthorization',
        message: { from: payer, to: getAddress(auth.to), value: BigInt(auth.value), validAfter: BigInt(auth.validAfter), validBefore: BigInt(auth.validBefore), nonce: auth.nonce },
        signature: payload.payload.signature,
      });
    } catch {
      throw new PaymentError('invalid_exact_evm_signature', payer);
    }
    if (signer.toLowerCase() !== payer.toLowerCase()) throw new PaymentError('invalid_exact_evm_signature', payer);
    if (getAddress(auth.to) !== getAddress(req.payTo)) throw new PaymentError('invalid_exact_evm_recipient_mismatch', payer);
    const now = BigInt(Math.floor(Date.now() / 1000));
    if (BigInt(auth.validBefore) < now + 6n) throw new PaymentError('invalid_exact_evm_payload_authorization_valid_before', payer);
    if (BigInt(auth.validAfter) > now) throw new PaymentError('invalid_exact_evm_payload_authorization_valid_after', payer);
    if (BigInt(auth.value) !== BigInt(req.amount)) throw new PaymentError('invalid_exact_evm_authorization_value', payer);
    if (this.balance(token, payer) < BigInt(auth.value)) throw new PaymentError('invalid_exact_evm_insufficient_balance', payer);
    return { payer, token, req, value: BigInt(auth.value), nonceKey: this.nonceKey(payload) };
  }

  /** Moves the tokens and returns the SettleResponse. */
  settle(v) {
    const bal = this.balance(v.token, v.payer);
    if (bal < v.value) return { success: false, errorReason: 'invalid_exact_evm_insufficient_balance', payer: v.payer, transaction: '', network: v.token.network };
    this.setBalance(v.token, v.payer, bal - v.value);
    this.setBalance(v.token, PAY_TO, this.balance(v.token, PAY_TO) + v.value);
    const transaction = keccak256(toHex(`settle|${v.nonceKey}`));
    return { success: true, transaction, network: v.token.network, payer: v.payer, amount: v.value.toString() };
  }
}
