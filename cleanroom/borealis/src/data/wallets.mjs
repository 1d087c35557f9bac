// Wallet positions served by the portfolio route (read-only, per venue).
import { getAddress } from 'viem';
import { makeRng, round } from '../core/prng.mjs';

export const PORTFOLIO_WALLETS = [
  '0x5A17cE0dB7a3E2f9b8C1d4E6F0a9B2c3D4e5F601',
  '0x9f3B2a1C0d4E5f6A7b8C9d0E1f2A3b4C5d6E7f80',
  '0x00000000000000000000000000000000deaddead', // its venue data source is down
].map((a) => getAddress(a.toLowerCase()));

export function buildPositions(markets) {
  const out = new Map();
  const pick = (venue, n, rng) => rng.shuffle(markets.filter((m) => m.venue === venue && m.active && m.quoteMode !== 'none')).slice(0, n);
  PORTFOLIO_WALLETS.forEach((addr, i) => {
    const rng = makeRng('wallet:' + addr.toLowerCase());
    const plan = i === 0 ? { venue_a: 3, venue_b: 2, venue_c: 1 } : i === 1 ? { venue_a_us: 2, venue_b: 1 } : { venue_a: 1 };
    const positions = [];
    for (const [venue, n] of Object.entries(plan)) {
      for (const m of pick(venue, n, rng)) {
        const side = rng.chance(0.6) ? 'yes' : 'no';
        positions.push({ marketKey: m.key, side, size: rng.int(10, 2500), avgPrice: round(rng.float(0.1, 0.9), 3) });
      }
    }
    out.set(addr.toLowerCase(), positions);
  });
  return out;
}
