/** Deterministic seeds for the social corpus: every draw is keyed by its inputs, never by call order. */
import { Rng } from '../data/rng.ts';

/** FNV-1a 32-bit hash of a string. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A PRNG seeded from the joined parts (e.g. seed, 'day', handle, day index). */
export const rngFor = (...parts: (string | number)[]): Rng => new Rng(fnv1a(parts.join('|')));

const DAY_MS = 86_400_000;

/** UTC day index of an instant (days since the epoch). */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/** YYYY-MM-DD of a UTC day index. */
export const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
