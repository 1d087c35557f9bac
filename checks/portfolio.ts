/**
 * GET /api/v1/portfolio answers as violations (spec: Other operations referenced, "read-only
 * wallet-addressed positions selected by a venues parameter"). The response shape is not shown
 * (gap): positions are read from `positions`, each naming its `venue` and `wallet` where the
 * target reports them; a position lacking the field cannot be judged and is reported as a warning.
 */
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { defineCheck } from './define.ts';

export const PORTFOLIO_RULES = { venues: 'PORT-002', wallet: 'PORT-003' } as const;

/** The positions array of an answer ([] when the body has none). */
export function positionsOf(body: unknown): Record<string, unknown>[] {
  const rows = (body as { positions?: unknown } | null)?.positions;
  return Array.isArray(rows) ? (rows.filter((r) => r && typeof r === 'object') as Record<string, unknown>[]) : [];
}

/**
 * Every position is on one of the requested venues (PORT-002) and belongs to the requested wallet
 * (PORT-003, addresses compared case-insensitively).
 */
export function checkPositions(body: unknown, req: { wallet: string; venues: readonly string[] }): Violation[] {
  const out: Violation[] = [];
  positionsOf(body).forEach((p, i) => {
    const at = ptr('positions', i);
    if (typeof p.venue !== 'string')
      out.push(violation(PORTFOLIO_RULES.venues, `${at}/venue`, 'the position names no venue: its selection cannot be judged', 'warning'));
    else if (!req.venues.includes(p.venue))
      out.push(
        violation(PORTFOLIO_RULES.venues, `${at}/venue`, `position on ${p.venue}, but venues=${req.venues.join(',')} was requested`),
      );
    if (typeof p.wallet !== 'string')
      out.push(violation(PORTFOLIO_RULES.wallet, `${at}/wallet`, 'the position names no wallet: its owner cannot be judged', 'warning'));
    else if (p.wallet.toLowerCase() !== req.wallet.toLowerCase())
      out.push(violation(PORTFOLIO_RULES.wallet, `${at}/wallet`, `position of ${p.wallet}, but wallet ${req.wallet} was requested`));
  });
  return out;
}

/** A stable identity of a position for set comparisons (venue, market, outcome). */
export const positionKey = (p: Record<string, unknown>): string =>
  JSON.stringify([p.venue, p.marketKey ?? p.market_key ?? p.nativeMarketId, p.outcome]);

/**
 * The venues parameter only selects (PORT-002): the positions answered per venue, together, are
 * exactly the positions answered for all of those venues at once.
 */
export function checkVenuePartition(all: unknown, perVenue: Record<string, unknown>): Violation[] {
  const whole = new Set(positionsOf(all).map(positionKey));
  const parts = new Set(Object.values(perVenue).flatMap((b) => positionsOf(b).map(positionKey)));
  const out: Violation[] = [];
  for (const k of whole)
    if (!parts.has(k))
      out.push(
        violation(
          PORTFOLIO_RULES.venues,
          'positions',
          `position ${k} is answered for all venues but for none of the single-venue requests`,
        ),
      );
  for (const k of parts)
    if (!whole.has(k))
      out.push(
        violation(PORTFOLIO_RULES.venues, 'positions', `position ${k} is answered for a single venue but not for all venues together`),
      );
  return out;
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The portfolio checks, by name (the name of the function each wraps). */
export const PORTFOLIO_CHECKS = {
  checkPositions: defineCheck('checkPositions', ['PORT-002', 'PORT-003'], checkPositions),
  checkVenuePartition: defineCheck('checkVenuePartition', ['PORT-002'], checkVenuePartition),
};
