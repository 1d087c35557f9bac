// API-key accounts and their credit balances. 10 credits = $0.01, so one
// credit is a tenth of a cent. Keys are never stored in logs or echoed back.
import { createHash } from 'node:crypto';

export const usdToCredits = (usd) => Math.round(usd * 1000);
export const creditsToUsd = (c) => (c / 1000).toFixed(3).replace(/0$/, '');

export class Accounts {
  constructor(config) {
    this.byKey = new Map();
    const add = (key, entitled) => {
      const id = 'acct_' + createHash('sha256').update('account:' + key).digest('hex').slice(0, 16);
      this.byKey.set(key, { id, credits: config.accountCredits, entitled });
    };
    for (const k of config.apiKeys) add(k, true);
    for (const k of config.inactiveKeys) if (!this.byKey.has(k)) add(k, false);
    this.byId = new Map([...this.byKey.values()].map((a) => [a.id, a]));
  }
  lookup(key) {
    if (typeof key !== 'string' || key.length === 0 || key.length > 256) return null;
    return this.byKey.get(key) || null;
  }
  debit(acct, credits) {
    acct.credits -= credits;
  }
  refund(acct, credits) {
    acct.credits += credits;
  }
}
