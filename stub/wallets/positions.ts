/**
 * Deterministic wallet positions for GET /api/v1/portfolio (shape not shown: the stub's choice,
 * recorded as a PORT gap). A wallet's positions are drawn from the covered, open markets with a
 * PRNG seeded by the address, so the same wallet always holds the same positions; the venue
 * selection only filters them.
 */
import { hexToBigInt, keccak256, toHex } from 'viem';
import type { DataStore, Market, Venue } from '../data/index.ts';
import { selectedProbability } from '../data/index.ts';
import { Rng, round } from '../data/rng.ts';
import type { Hex } from '../money/x402/tokens.ts';

/** Most positions one wallet holds. */
export const MAX_POSITIONS = 8;

export interface Position {
  wallet: Hex;
  venue: Venue;
  marketKey: string;
  nativeMarketId: string;
  question: string;
  outcome: 'YES' | 'NO';
  /** Contracts held. */
  shares: number;
  /** Average entry price of the outcome, 0..1. */
  avg_price: number;
  /** Current price of the outcome from the venue quote, 0..1; null when unpriced. */
  mark_price: number | null;
  /** shares × mark_price, USD; null when unpriced. */
  value_usd: number | null;
  /** (mark_price − avg_price) × shares, USD; null when unpriced. */
  unrealized_pnl_usd: number | null;
}

/** 31-bit PRNG seed of an address (case-insensitive). */
const seedOf = (address: string): number => Number(hexToBigInt(keccak256(toHex(address.toLowerCase()))) % 2_147_483_647n);

function position(wallet: Hex, m: Market, rng: Rng): Position {
  const outcome = rng.chance(0.6) ? 'YES' : 'NO';
  const shares = rng.int(5, 500);
  const avg = round(rng.between(0.03, 0.97), 4);
  const p = selectedProbability(m.quote);
  const mark = p === null ? null : round(outcome === 'YES' ? p : 1 - p, 4);
  return {
    wallet,
    venue: m.venue,
    marketKey: m.marketKey,
    nativeMarketId: m.nativeMarketId,
    question: m.question,
    outcome,
    shares,
    avg_price: avg,
    mark_price: mark,
    value_usd: mark === null ? null : round(shares * mark, 2),
    unrealized_pnl_usd: mark === null ? null : round((mark - avg) * shares, 2),
  };
}

/** The positions of `wallet` on `venues`, ordered by marketKey. */
export function positionsOf(store: DataStore, wallet: Hex, venues: readonly Venue[]): Position[] {
  const open = store.coveredMarkets().filter((m) => m.active && m.status === 'open');
  const rng = new Rng(seedOf(wallet));
  const held = rng.sample(open, rng.int(0, Math.min(MAX_POSITIONS, open.length)));
  const draws = held.map((m) => position(wallet, m, rng));
  return draws.filter((p) => venues.includes(p.venue)).sort((a, b) => (a.marketKey < b.marketKey ? -1 : a.marketKey > b.marketKey ? 1 : 0));
}
