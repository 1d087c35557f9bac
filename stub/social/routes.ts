/**
 * Social research routes: POST /api/v1/x/profile (createSocialProfile, $1.00) and POST
 * /api/v1/x/search (searchSocial, $0.50). The gate has admitted and debited the call; a non-2xx
 * answer (404 insufficient_post_history, 422, 503) is refunded by it. Provider faults (502) are
 * injected by the control plane around this handler. Rules PROF-*, XSRCH-*; logic in stub/social/.
 */
import { serviceUnavailable } from '../errors.ts';
import type { RouteModule } from '../server.ts';
import { profilingConfigured } from './profiling-states.ts';
import { parseProfileRequest, parseSearchRequest, profileFor, searchPosts } from './index.ts';
import { altSearchShape } from './search.ts';
import { alt } from '../variant.ts';
import { mutant } from '../mutants.ts';
import { PRICES } from '../../contract/pricing.ts';

export const register: RouteModule = (route) => {
  route('createSocialProfile', (req, ctx) => {
    // The body is validated before the configuration is consulted (gap PROF-025).
    const request = parseProfileRequest(req.body);
    if (!profilingConfigured(ctx, req.headers['x-fault-scope'])) {
      // Mutant bill-profile-not-configured-503: the not-configured 503 keeps its $1.00 (a second debit the gate's
      // refund of the first leaves standing; round-17 bug).
      if (mutant('bill-profile-not-configured-503') && req.principal?.via === 'api-key')
        ctx.accounts.debit(req.principal.accountId, PRICES.createSocialProfile!.credits, 'createSocialProfile');
      throw serviceUnavailable('Social-account profiling is not configured on this service.');
    }
    const body = profileFor(ctx, request);
    // Mutant bill-profile-reuse-discount: a stored profile's reuse by an API key is billed 100 credits, not 1000 (900
    // given back; round-19 bug).
    if (
      mutant('bill-profile-reuse-discount') &&
      (body.meta as { cached?: boolean } | undefined)?.cached &&
      req.principal?.via === 'api-key'
    )
      ctx.accounts.refund({ accountId: req.principal.accountId, credits: 900, operationId: 'createSocialProfile', refunded: false });
    // Mutant bill-profile-focus-reasoning-double: focus reasoning is billed as a second search (an API key's account).
    if (mutant('bill-profile-focus-reasoning-double') && request.focus === 'reasoning' && req.principal?.via === 'api-key')
      ctx.accounts.debit(req.principal.accountId, PRICES.createSocialProfile!.credits, 'createSocialProfile');
    return { body };
  });

  route('searchSocial', (req, ctx) => {
    const parsed = parseSearchRequest(req.body);
    const answer = searchPosts(ctx, parsed);
    // Mutant xsrch-limit-over-15-billed: a limit above 15 debits a second search price (round-24 bug: a page of 15 per
    // provider call, each metered).
    if (mutant('xsrch-limit-over-15-billed') && parsed.limit > 15 && req.principal?.via === 'api-key')
      ctx.accounts.debit(req.principal.accountId, PRICES.searchSocial!.credits, 'searchSocial');
    // The response shape is a choice (gap XSRCH-011).
    return { body: alt('XSRCH-011') ? altSearchShape(answer) : answer };
  });
};
