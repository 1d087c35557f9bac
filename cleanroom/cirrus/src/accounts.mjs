// API-key accounts: credits (10 credits = $0.01), entitlement, attested
// wallets and a bounded credit journal (debit at admission, refund when the
// answer turns out not billable).
import { randomBytes } from 'node:crypto';
import { iso } from './util/time.mjs';

const JOURNAL = 200;

export function createAccounts(cfg, now) {
  const a = { byKey: new Map(), byId: new Map(), next: 1 };
  for (const key of cfg.apiKeys) addAccount(a, key, cfg.accountCredits, true, now);
  return a;
}

export function addAccount(a, key, credits, entitled, now) {
  const acct = { accountId: `acct_${a.next++}`, apiKey: key, credits, entitled, wallets: [], entries: [], seq: 0 };
  a.byKey.set(key, acct);
  a.byId.set(acct.accountId, acct);
  entry(acct, 'grant', credits, now);
  return acct;
}

export const newApiKey = () => 'ck_live_' + randomBytes(24).toString('base64url');

export function entry(acct, kind, credits, now, operationId) {
  if (kind !== 'grant') acct.credits += credits;
  acct.entries.push({ seq: ++acct.seq, at: iso(now), kind, credits, balance: acct.credits, ...(operationId ? { operationId } : {}) });
  if (acct.entries.length > JOURNAL) acct.entries.splice(0, acct.entries.length - JOURNAL);
}

export function accountView(acct) {
  return { accountId: acct.accountId, credits: acct.credits, entitled: acct.entitled, wallets: acct.wallets.map((w) => ({ address: w.address, chain_id: w.chain_id, method: w.method, attested_at: w.attested_at })), entries: acct.entries };
}
