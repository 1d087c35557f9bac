// API-key accounts with a credit balance (10 credits = $0.01), entitlements
// and wallet attestations. Keys are never logged; accounts are addressed by
// an id derived from a hash of the key.
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s) => createHash('sha256').update(String(s)).digest();

export function createAccounts(cfg) {
  const byDigest = new Map();
  const byId = new Map();
  const add = (key, active) => {
    const d = digest(key);
    const id = 'acct_' + d.toString('hex').slice(0, 12);
    const acct = { id, active, credits: cfg.accountCredits, charged: 0, refunded: 0, createdAt: Date.now(), digest: d };
    byDigest.set(d.toString('hex'), acct);
    byId.set(id, acct);
  };
  cfg.apiKeys.forEach((k) => add(k, true));
  cfg.inactiveKeys.forEach((k) => add(k, false));

  // Wallet attestations: lowercased address -> attestation record.
  const wallets = new Map();

  return {
    byId: (id) => byId.get(id) || null,
    verify(key) {
      if (typeof key !== 'string' || key.length === 0 || key.length > 256) return null;
      const d = digest(key);
      const acct = byDigest.get(d.toString('hex'));
      // Compare digests in constant time even though the map lookup matched.
      return acct && timingSafeEqual(acct.digest, d) ? acct : null;
    },
    debit(acct, credits) {
      if (acct.credits < credits) return false;
      acct.credits -= credits;
      acct.charged += credits;
      return true;
    },
    refund(acct, credits) {
      acct.credits += credits;
      acct.refunded += credits;
    },
    walletOf: (address) => wallets.get(address.toLowerCase()) || null,
    attest(address, record) {
      wallets.set(address.toLowerCase(), record);
      return record;
    },
    walletsOfAccount: (id) => [...wallets.values()].filter((w) => w.accountId === id),
  };
}
