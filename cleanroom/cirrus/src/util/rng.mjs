// Deterministic randomness: the dataset must be identical on every start, so
// every "random" choice comes from a seeded generator or a content hash.
import { createHash } from 'node:crypto';

export function hash32(str) {
  // FNV-1a, good enough to spread seeds.
  let h = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export class Rng {
  constructor(seed) { this.s = (typeof seed === 'string' ? hash32(seed) : seed) >>> 0; }
  next() {
    // mulberry32
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(a, b) { return a + Math.floor(this.next() * (b - a + 1)); }
  float(a, b) { return a + this.next() * (b - a); }
  pick(arr) { return arr[Math.floor(this.next() * arr.length)]; }
  chance(p) { return this.next() < p; }
  shuffle(arr) {
    const a = [...arr];
    for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(this.next() * (i + 1)); [a[i], a[j]] = [a[j], a[i]]; }
    return a;
  }
}

export function sha256Hex(str) { return createHash('sha256').update(str).digest('hex'); }

// A v4-shaped UUID derived from a name, so ids survive restarts.
export function uuidFrom(name) {
  const h = sha256Hex('cirrus:' + name);
  const v = (parseInt(h[16], 16) & 0x3) | 0x8;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${v.toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const round = (x, d = 4) => Math.round(x * 10 ** d) / 10 ** d;
export const clamp = (x, a, b) => Math.min(b, Math.max(a, x));
