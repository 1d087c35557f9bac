/**
 * A route's principal scope (spec: Limits rule 2; Limits table; `x-fc-limits`): standard for the
 * payable routes, social research for /x/search and /x/profile. It counts once the caller is known (an
 * API key's account, or a signed retry's payer `x402:<payer>`), inside the gate's admission and
 * before its debit or settlement, so a 429 here is never billed (Authentication rule 7; BILL-008).
 */
import { principalScopeOf } from '../../contract/limits.ts';
import type { Price } from '../../contract/pricing.ts';
import type { StubContext } from '../context.ts';
import type { Principal } from '../money/billing/gate.ts';
import { mutant } from '../mutants.ts';
import type { Ticket } from './limiter.ts';
import { jobsOf } from '../jobs/service.ts';

const NO_TICKET: Ticket = { release: () => undefined };

/** Admits a principal's call of one operation; the ticket holds its in-flight slot until the answer. */
export type PrincipalAdmission = (principal: Principal) => Ticket;

/** The principal admission of `operationId` (priced `price`): counts its scope, if it has one. */
export function principalAdmission(ctx: StubContext, operationId: string, price: Price): PrincipalAdmission {
  const own = principalScopeOf(operationId);
  const scope = mutant('lim-social-in-standard') && own === 'x_research' ? 'standard' : own;
  // Mutant lim-job-read-standard: the free job read counted in the key's standard scope, refused with it (round-12 bug).
  if (!scope && mutant('lim-job-read-standard') && operationId === 'getForecastRequest')
    return (principal) => {
      ctx.limits.admit('standard', principal.accountId).release();
      return NO_TICKET;
    };
  if (!scope) return () => NO_TICKET;
  // The wallet link's signed calls left uncounted: its payer's 21st link in a second is admitted.
  if (mutant('lim-link-payer-uncounted') && operationId === 'linkWallet') return () => NO_TICKET;
  return (principal) => {
    try {
      const ticket = ctx.limits.admit(scope, principal.accountId);
      // The profile route's (the wallet link's) calls counted but never held in flight: its 6th (11th) concurrent call is admitted.
      if (mutant('lim-inflight-skips-profile') && operationId === 'createSocialProfile') ticket.release();
      if (mutant('lim-inflight-skips-link') && operationId === 'linkWallet') ticket.release();
      return ticket;
    } catch (err) {
      if (mutant('lim-debit-on-429') && principal.via === 'api-key') ctx.accounts.debit(principal.accountId, price.credits, operationId);
      // Mutant lim-social-concurrency-429-debited: the social in-flight 429 keeps an API key's debit of the route's price,
      // the social second, minute and day 429s stay free (round-33 bug).
      if (
        mutant('lim-social-concurrency-429-debited') &&
        scope === 'x_research' &&
        principal.via === 'api-key' &&
        JSON.stringify((err as { headers?: unknown }).headers ?? {}).includes('concurrency')
      )
        ctx.accounts.debit(principal.accountId, price.credits, operationId);
      // Mutant job-quota-counts-refused: the generation's quota slot is reserved before the standard limiter refuses
      // it and never given back (round-17 bug).
      if (mutant('job-quota-counts-refused') && operationId === 'createForecastRequest')
        jobsOf(ctx).takeRefusedSlot(principal.accountId, ctx.clock.nowMs());
      throw err;
    }
  };
}
