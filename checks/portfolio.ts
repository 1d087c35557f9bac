/**
 * GET /api/v1/portfolio answers as violations (spec: Other operations referenced, "read-only
 * wallet-addressed positions selected by a venues parameter"). The response shape is not shown (gap
 * PORT-007), so a position is found by what it must hold, not by its member names: the rows of the
 * answer are the objects each naming one venue key among its values; a position's wallet is the one
 * 0x address among its values, its market the one `<venue>:<id>` marketKey. A position whose venue or
 * wallet cannot be told is no instance of PORT-002 or PORT-003 (NOT_RUN, never a violation).
 */
import { venueKeys } from '../contract/index.ts';
import { ptr, violation, type Violation } from '../lib/violation.ts';
import type { RuleCase } from './define.ts';
import { defineCheck } from './define.ts';

export const PORTFOLIO_RULES = { venues: 'PORT-002', wallet: 'PORT-003' } as const;

type Row = Record<string, unknown>;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const isRow = (v: unknown): v is Row => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The one string member value of `row` that `test` accepts, or undefined when none or several do. */
function soleValue(row: Row, test: (s: string) => boolean, preferred: string): string | undefined {
  if (typeof row[preferred] === 'string' && test(row[preferred])) return row[preferred];
  const found = Object.values(row).filter((v): v is string => typeof v === 'string' && test(v));
  return new Set(found).size === 1 ? found[0] : undefined;
}

const isVenue = (s: string): boolean => venueKeys().includes(s);

/** The venue a position is on (its `venue`, else its one venue-key value), or undefined. */
export const venueOf = (p: Row): string | undefined => soleValue(p, isVenue, 'venue');
/** The wallet a position names (its `wallet`, else its one 0x-address value), or undefined. */
const walletOf = (p: Row): string | undefined => soleValue(p, (s) => ADDRESS.test(s), 'wallet');
/** The market of a position (its `marketKey`, else its one `<venue>:<id>` value), or undefined. */
const marketOfPosition = (p: Row): string | undefined =>
  soleValue(p, (s) => venueKeys().some((v) => s.startsWith(`${v}:`) && s.length > v.length + 1), 'marketKey');

/** A position row: an object naming one venue among its values. */
const isPosition = (v: unknown): v is Row => isRow(v) && venueOf(v) !== undefined;

/**
 * The positions of an answer: `positions` when it is an array (the stub's choice), else the first
 * non-empty array of the body whose items are all positions; [] when the body holds none.
 */
export function positionsOf(body: unknown): Row[] {
  if (isRow(body) && Array.isArray(body.positions)) return body.positions.filter(isRow);
  const walk = (v: unknown): Row[] | undefined => {
    if (Array.isArray(v)) return v.length > 0 && v.every(isPosition) ? v : v.map(walk).find(Boolean);
    return isRow(v) ? Object.values(v).map(walk).find(Boolean) : undefined;
  };
  return walk(body) ?? [];
}

/** Where the positions sit in the answer (for violation paths). */
const positionsPointer = (body: unknown): string => (isRow(body) && Array.isArray(body.positions) ? '/positions' : '/');

/**
 * Every position is on one of the requested venues (PORT-002) and belongs to the requested wallet
 * (PORT-003, addresses compared case-insensitively). A position whose venue or wallet cannot be told
 * is not judged for that rule (see POSITION_CASES).
 */
export function checkPositions(body: unknown, req: { wallet: string; venues: readonly string[] }): Violation[] {
  const out: Violation[] = [];
  const base = positionsPointer(body);
  positionsOf(body).forEach((p, i) => {
    const at = `${base === '/' ? '' : base}${ptr(i)}`;
    const venue = venueOf(p);
    if (venue !== undefined && !req.venues.includes(venue))
      out.push(violation(PORTFOLIO_RULES.venues, at, `position on ${venue}, but venues=${req.venues.join(',')} was requested`));
    const wallet = walletOf(p);
    if (wallet !== undefined && wallet.toLowerCase() !== req.wallet.toLowerCase())
      out.push(violation(PORTFOLIO_RULES.wallet, at, `position of ${wallet}, but wallet ${req.wallet} was requested`));
  });
  return out;
}

/** A stable identity of a position for set comparisons (venue, market, and the rest of its strings but the wallet). */
export const positionKey = (p: Row): string =>
  JSON.stringify([
    venueOf(p),
    marketOfPosition(p) ?? p.nativeMarketId,
    Object.entries(p)
      .filter(([, v]) => typeof v === 'string' && !ADDRESS.test(v))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  ]);

/**
 * The venues parameter only selects (PORT-002): the positions answered per venue, together, are
 * exactly the positions answered for all of those venues at once; and a position the answer without venues
 * (`unfiltered`) shows on a venue requested alone is in that venue's answer.
 */
export function checkVenuePartition(all: unknown, perVenue: Record<string, unknown>, unfiltered?: unknown): Violation[] {
  const whole = new Set(positionsOf(all).map(positionKey));
  const parts = new Set(Object.values(perVenue).flatMap((b) => positionsOf(b).map(positionKey)));
  const out: Violation[] = [];
  // The answer without venues (its default is gap PORT-005) still shows the wallet's positions: one on a venue that is
  // requested alone is selected by that request (round-30 bug: venue_c dropped from every explicit list, its echo kept).
  for (const p of positionsOf(unfiltered)) {
    const venue = venueOf(p);
    if (venue === undefined || !(venue in perVenue) || positionsOf(perVenue[venue]).some((q) => positionKey(q) === positionKey(p)))
      continue;
    out.push(
      violation(
        PORTFOLIO_RULES.venues,
        'positions',
        `position ${positionKey(p)} is answered without venues but not when its venue ${venue} is requested alone`,
      ),
    );
  }
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

/** The cases of checkPositions: a position whose venue (PORT-002) or wallet (PORT-003) can be told. */
const POSITION_CASES: Record<string, RuleCase<[unknown, { wallet: string; venues: readonly string[] }]>> = {
  'PORT-002': { what: 'a position naming its venue', count: ([b]) => positionsOf(b).filter((p) => venueOf(p) !== undefined).length },
  'PORT-003': { what: 'a position naming its wallet', count: ([b]) => positionsOf(b).filter((p) => walletOf(p) !== undefined).length },
};

/** The cases of checkVenuePartition: a position answered for all venues or for one. */
const PARTITION_CASES: Record<string, RuleCase<[unknown, Record<string, unknown>, unknown?]>> = {
  'PORT-002': {
    what: 'a position answered for all venues, for one venue, or without venues',
    count: ([all, per, unfiltered]) =>
      positionsOf(all).length + Object.values(per).reduce<number>((n, b) => n + positionsOf(b).length, 0) + positionsOf(unfiltered).length,
  },
};

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The portfolio checks, by name (the name of the function each wraps). */
export const PORTFOLIO_CHECKS = {
  checkPositions: defineCheck('checkPositions', ['PORT-002', 'PORT-003'], checkPositions, undefined, POSITION_CASES),
  checkVenuePartition: defineCheck('checkVenuePartition', ['PORT-002'], checkVenuePartition, undefined, PARTITION_CASES),
};
