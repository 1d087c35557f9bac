/** Fixtures of the wallet checks (checks/wallets.ts): the lifetime a link-token issuing answer advertises (WAL-027). */
import { lifetimeFigures } from '../wallets.ts';
import { CHECKS } from '../registry.ts';
import { cases } from './cases.ts';

/** The issue happened on the target's clock between these instants (ms). */
const ISSUED = { from: Date.parse('2026-01-05T12:00:00.000Z'), to: Date.parse('2026-01-05T12:00:00.300Z') };

export const WALLET_CASES = [
  cases({
    check: CHECKS.checkLinkTokenLifetime,
    ok: [
      // The stub's choice (gap WAL-016) and the alternate's: an expiry instant, a duration.
      [lifetimeFigures({ token: 'svc_x', expires_at: '2026-01-05T12:15:00.200Z' }), ISSUED],
      [lifetimeFigures({ link_token: 'svc_x', expires_in_seconds: 900 }), ISSUED],
      [lifetimeFigures({ data: { ttl_ms: 900_000 } }), ISSUED],
      // No figure advertised: nothing to judge.
      [lifetimeFigures({ token: 'svc_x' }), ISSUED],
      // An expiry in a form that does not parse as an instant is no figure (its form is gap WAL-016's choice).
      [lifetimeFigures({ token: 'svc_x', expires_at: 'in fifteen minutes' }), ISSUED],
    ],
    bad: {
      // An expiry 16 minutes after the issue (mutant wal-token-16min).
      'WAL-027': [lifetimeFigures({ token: 'svc_x', expires_at: '2026-01-05T12:16:00.200Z' }), ISSUED],
    },
  }),
];
