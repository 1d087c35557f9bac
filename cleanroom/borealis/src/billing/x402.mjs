// x402 v2 "exact" scheme over EIP-3009 transferWithAuthorization. The wire
// format is written by hand: PAYMENT-REQUIRED / PAYMENT-SIGNATURE /
// PAYMENT-RESPONSE carry base64 JSON. Signatures are checked with viem.
import { getAddress, isAddress, keccak256, toHex, verifyTypedData } from 'viem';

export const NETWORKS = [
  { network: 'eip155:8453', chainId: 8453, asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', name: 'USD Coin', version: '2', decimals: 6 },
  { network: 'eip155:4663', chainId: 4663, asset: getAddress('0x' + keccak256(toHex('borealis:dollar-token:4663')).slice(-40)), name: 'Dollar Token', version: '1', decimals: 6 },
];

const TYPES = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' }, { name: 'to', type: 'address' }, { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' }, { name: 'validBefore', type: 'uint256' }, { name: 'nonce', type: 'bytes32' },
  ],
};
const B64 = /^[A-Za-z0-9+/]*={0,2}$/;
export const MAX_TIMEOUT_SECONDS = 180;

export const b64json = (obj) => Buffer.from(JSON.stringify(obj), 'utf8').toString('base64');

export function createX402(cfg, ledger) {
  const payTo = cfg.payTo ? getAddress(cfg.payTo) : getAddress('0x' + keccak256(toHex('borealis:pay-to')).slice(-40));
  // 1 credit = $0.001 = 1000 atomic units of a 6-decimal dollar token.
  const accepts = (credits) => NETWORKS.map((n) => ({
    scheme: 'exact', network: n.network, asset: n.asset, amount: String(credits * 10 ** (n.decimals - 3)),
    payTo, maxTimeoutSeconds: MAX_TIMEOUT_SECONDS, extra: { name: n.name, version: n.version },
  }));

  const paymentRequired = (resourceUrl, description, credits, error) => ({
    x402Version: 2, ...(error ? { error } : {}),
    resource: { url: resourceUrl, description, mimeType: 'application/json' },
    accepts: accepts(credits),
  });

  // Decode and check a PAYMENT-SIGNATURE value against the route price.
  // Returns { ok, reason } or { ok, payer, network, amount, nonceKey, ... }.
  async function verify(header, credits) {
    if (typeof header !== 'string' || header.length > 16384 || !B64.test(header)) return { ok: false, reason: 'invalid_payload_encoding' };
    let p;
    try { p = JSON.parse(Buffer.from(header, 'base64').toString('utf8')); } catch { return { ok: false, reason: 'invalid_payload_encoding' }; }
    if (!p || typeof p !== 'object') return { ok: false, reason: 'invalid_payload' };
    if (p.x402Version !== 2) return { ok: false, reason: 'unsupported_x402_version' };
    const acc = p.accepted;
    if (!acc || typeof acc !== 'object' || acc.scheme !== 'exact') return { ok: false, reason: 'unsupported_scheme' };
    const net = NETWORKS.find((n) => n.network === acc.network);
    if (!net) return { ok: false, reason: 'unsupported_network' };
    // Select the token by network and canonical asset (case-insensitive), never by symbol.
    if (typeof acc.asset !== 'string' || acc.asset.toLowerCase() !== net.asset.toLowerCase()) return { ok: false, reason: 'unsupported_asset' };
    if (typeof acc.payTo !== 'string' || acc.payTo.toLowerCase() !== payTo.toLowerCase()) return { ok: false, reason: 'pay_to_mismatch' };
    const required = BigInt(credits) * 10n ** BigInt(net.decimals - 3);
    if (String(acc.amount) !== required.toString()) return { ok: false, reason: 'amount_mismatch' };
    const auth = p.payload?.authorization;
    const sig = p.payload?.signature;
    if (!auth || typeof auth !== 'object' || typeof sig !== 'string' || !/^0x[0-9a-fA-F]{130,}$/.test(sig)) return { ok: false, reason: 'invalid_exact_evm_payload' };
    if (!isAddress(String(auth.from), { strict: false }) || !isAddress(String(auth.to), { strict: false })) return { ok: false, reason: 'invalid_exact_evm_payload' };
    if (String(auth.to).toLowerCase() !== payTo.toLowerCase()) return { ok: false, reason: 'invalid_exact_evm_payload_recipient_mismatch' };
    if (!/^0x[0-9a-fA-F]{64}$/.test(String(auth.nonce))) return { ok: false, reason: 'invalid_exact_evm_payload_nonce' };
    let value, after, before;
    try { value = BigInt(auth.value); after = BigInt(auth.validAfter); before = BigInt(auth.validBefore); } catch { return { ok: false, reason: 'invalid_exact_evm_payload' }; }
    if (value !== required) return { ok: false, reason: 'invalid_exact_evm_payload_authorization_value' };
    const nowS = BigInt(Math.floor(Date.now() / 1000));
    if (after > nowS) return { ok: false, reason: 'invalid_exact_evm_payload_authorization_valid_after' };
    if (before <= nowS + 5n) return { ok: false, reason: 'invalid_exact_evm_payload_authorization_valid_before' };
    const from = getAddress(String(auth.from));
    let good = false;
    try {
      good = await verifyTypedData({
        address: from,
        domain: { name: net.name, version: net.version, chainId: net.chainId, verifyingContract: net.asset },
        types: TYPES, primaryType: 'TransferWithAuthorization',
        message: { from, to: getAddress(String(auth.to)), value, validAfter: after, validBefore: before, nonce: auth.nonce },
        signature: sig,
      });
    } catch { good = false; }
    if (!good) return { ok: false, reason: 'invalid_exact_evm_payload_signature' };
    const nonceKey = `${net.network}|${net.asset.toLowerCase()}|${from.toLowerCase()}|${String(auth.nonce).toLowerCase()}`;
    return { ok: true, payer: from, network: net.network, amount: required, nonceKey };
  }

  // Move the tokens and produce the settlement metadata for PAYMENT-RESPONSE.
  function settle(v) {
    if (!ledger.transfer(v.network, v.payer, payTo, v.amount)) return { success: false, errorReason: 'insufficient_funds', transaction: '', network: v.network, payer: v.payer };
    return { success: true, transaction: ledger.txHash(v.nonceKey), network: v.network, payer: v.payer, amount: v.amount.toString() };
  }

  const hasFunds = (v) => ledger.balance(v.network, v.payer) >= v.amount;

  return { payTo, accepts, paymentRequired, verify, settle, hasFunds, networks: NETWORKS };
}
