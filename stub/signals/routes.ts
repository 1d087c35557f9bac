/**
 * Signal routes: published trade signals (GET /api/v1/signals), the perps WTI row
 * (GET /api/v1/signals/perps) and the crude-oil signal (GET /api/v1/signals/oil). Rules SIG-*, OIL-*,
 * VER-009..015; the gate has already authenticated and priced the call.
 */
import { PRICES } from '../../contract/pricing.ts';
import { JsonText } from '../context.ts';
import type { DataStore } from '../data/index.ts';
import type { RouteModule } from '../server.ts';
import { parseSignalFilters, tradeSignals } from './trade.ts';
import { datasetMarks, oilSignal, perpSignals, type FetchedMarks, type MarkFetcher } from './oil.ts';
import { OilLimiter } from './oil-limiter.ts';
import { mutant } from '../mutants.ts';
import { oilStates, type OilMarkName } from './oil-states.ts';

export const register: RouteModule = (route, ctx) => {
  // mutants oil-spacing-900 / oil-spacing-1100: the spacing off by a tenth of a second either way.
  const spacingMs = mutant('oil-spacing-900') ? 900 : mutant('oil-spacing-1100') ? 1100 : 1000;
  const limiter = new OilLimiter(() => ctx.clock.nowMs(), spacingMs);
  ctx.resetHooks.push(() => limiter.reset());
  const fetchMark: MarkFetcher = datasetMarks(ctx.store.oil());
  const states = oilStates(ctx);

  route('listSignals', (req) => ({ body: tradeSignals(ctx.store, parseSignalFilters(req.query), ctx.config.siteUrl, ctx.clock.nowMs()) }));

  // The perps body is a function of the dataset and the clock's millisecond alone (as_of is the
  // instant): its text is kept for the millisecond, as reads arrive many to a millisecond under load.
  let perps: { store: DataStore; nowMs: number; body: JsonText } | undefined;
  route('listPerpSignals', () => {
    const nowMs = ctx.clock.nowMs();
    if (perps?.store !== ctx.store || perps.nowMs !== nowMs)
      perps = { store: ctx.store, nowMs, body: new JsonText(JSON.stringify(perpSignals(ctx.store, nowMs))) };
    return { body: perps.body };
  });

  const dailyBlocks = new Map<string, Record<string, unknown>>();
  route(
    'getOilSignal',
    async (req) => {
      // Parameters first: a malformed request is no request start (OIL-013).
      const includeMarks = req.query.bool('include_marks', true);
      const done = limiter.start(req.principal?.accountId ?? 'anonymous');
      try {
        // Upstream work starts here, inside the request's in-flight slot (an injected latency holds it).
        await req.upstream?.();
        // A control-plane state of this call's X-Fault-Scope (POST /__control/oil), if any.
        const state = states.of(req.headers['x-fault-scope']);
        const down = (m: OilMarkName): boolean => state?.marksDown.includes(m) === true;
        let marks: FetchedMarks | undefined;
        if (includeMarks) {
          const [venueAPerps, perpVenueB] = await Promise.all([fetchMark('venueAPerps'), fetchMark('perpVenueB')]);
          marks = { venueAPerps: down('venue_a_perps') ? null : venueAPerps, perpVenueB: down('perp_venue_b') ? null : perpVenueB };
        }
        const body = oilSignal(ctx.store, ctx.clock.nowMs(), marks, state?.reading);
        // Mutant oil-reading-cached-per-utc-day: the daily block (reading, episode, reading_missing) of a UTC date and
        // scope is the first answer's, so a reading recorded later that day is not served before midnight (round-37 bug).
        if (mutant('oil-reading-cached-per-utc-day')) {
          const day = `${new Date(ctx.clock.nowMs()).toISOString().slice(0, 10)}|${req.headers['x-fault-scope'] ?? ''}`;
          const kept = dailyBlocks.get(day);
          if (kept) Object.assign(body, kept);
          else dailyBlocks.set(day, { reading: body.reading, episode: body.episode, reading_missing: body.reading_missing });
        }
        // Mutant oil-degraded-unrequested: without marks asked, degraded follows the marks' upstream health (round-12 bug).
        if (!includeMarks && mutant('oil-degraded-unrequested') && (down('venue_a_perps') || down('perp_venue_b'))) body.degraded = true;
        // A mark that could not be fetched is a missing upstream response: not billed (BILL-011). Mutant
        // bill-oil-degraded-billed: the answer degraded by perp_venue_b alone keeps its debit.
        return {
          body,
          billable: body.degraded !== true || (mutant('bill-oil-degraded-billed') && down('perp_venue_b') && !down('venue_a_perps')),
        };
      } finally {
        done();
      }
    },
    {
      beforeDebit: (principal) => {
        // Mutant bill-debit-on-429-oil: the spacing refusal comes after a debit it keeps;
        // lim-oil-inflight-429-debited: the in-flight refusal alone keeps one.
        try {
          limiter.check(principal.accountId);
        } catch (err) {
          const inFlight = limiter.busy(principal.accountId);
          if (
            principal.via === 'api-key' &&
            ((mutant('bill-debit-on-429-oil') && !inFlight) || (mutant('lim-oil-inflight-429-debited') && inFlight))
          )
            ctx.accounts.debit(principal.accountId, PRICES.getOilSignal!.credits, 'getOilSignal');
          throw err;
        }
      },
      upstreamInHandler: true,
    },
  );
};
