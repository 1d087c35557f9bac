/**
 * Seeded PRNG for the dataset generator. Everything random in the stub's data flows through one
 * instance, so a seed fully determines the draw sequence (never Math.random).
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

export class Rng {
  private readonly gen: RandomGenerator;

  constructor(seed: number) {
    this.gen = xoroshiro128plus(seed | 0);
  }

  /** Integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    return uniformInt(this.gen, lo, hi);
  }

  /** Float in [0, 1). */
  float(): number {
    return uniformFloat64(this.gen);
  }

  between(lo: number, hi: number): number {
    return lo + (hi - lo) * this.float();
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick on an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  /** Picks by relative weight; `weights` pairs each value with a non-negative weight. */
  weighted<T>(weights: readonly (readonly [T, number])[]): T {
    const total = weights.reduce((s, [, w]) => s + w, 0);
    let x = this.float() * total;
    for (const [v, w] of weights) {
      if (x < w) return v;
      x -= w;
    }
    const last = weights[weights.length - 1];
    if (!last) throw new Error('Rng.weighted on an empty list');
    return last[0];
  }

  /** A new array of `n` distinct items drawn without replacement, order preserved from the draw. */
  sample<T>(items: readonly T[], n: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < n && pool.length > 0) {
      out.push(pool.splice(this.int(0, pool.length - 1), 1)[0] as T);
    }
    return out;
  }

  hex(chars: number): string {
    let s = '';
    while (s.length < chars) s += (this.gen.next() >>> 0).toString(16).padStart(8, '0');
    return s.slice(0, chars);
  }

  digits(n: number): string {
    let s = String(this.int(1, 9));
    while (s.length < n) s += String(this.int(0, 9));
    return s;
  }

  /** RFC 4122 version-4 shaped UUID from the seeded stream. */
  uuid(): string {
    const h = this.hex(32).split('');
    h[12] = '4';
    h[16] = '89ab'[parseInt(h[16] ?? '0', 16) & 3] ?? '8';
    const s = h.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
}

export const round = (x: number, dp: number): number => {
  const f = 10 ** dp;
  return Math.round(x * f) / f;
};

export const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

export const HOUR = 3_600_000;
export const MINUTE = 60_000;
export const DAY = 24 * HOUR;
