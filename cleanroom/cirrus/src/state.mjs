// All mutable service state in one object, so that a control-plane reset is
// "build a fresh one" and nothing can leak across.
import { createAccounts } from './accounts.mjs';
import { createLedger } from './ledger.mjs';

export function createState(cfg, now) {
  return {
    accounts: createAccounts(cfg, now),
    ledger: createLedger(),
    jobs: new Map(),
    idempotency: new Map(),
    quotas: new Map(),
    published: new Map(),
    publishedById: new Map(),
    linkTokens: new Map(),
    challenges: new Map(),
    walletOwner: new Map(),
    faults: [],
    faultSeq: 0,
    usage: new Map(),
    oilGuard: new Map(),
    limitsLifted: cfg.limitsLifted,
    oilScopes: new Map(),
    profilingScopes: new Map(),
    profileCache: new Map(),
  };
}
