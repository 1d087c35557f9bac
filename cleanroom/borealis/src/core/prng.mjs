// Deterministic randomness. Every dataset value comes from a PRNG seeded by a
// stable label, so two runs (and two machines) produce the same catalog; only
// timestamps move, because they are anchored to the process start.
import { createHash } from 'node:crypto';

export function fnv1a(str) {
  let h = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

// mulberry32: tiny, fast, good enough for synthetic data.
export function makeRng(label) {
  let a = fnv1a(String(label)) || 1;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    float: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    chance: (p) => next() < p,
    shuffle: (arr) => {
      const out = arr.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}

export function sha256Hex(str) {
  return createHash('sha256').update(String(str)).digest('hex');
}

export function hashHex(str, len = 12) {
  return sha256Hex(str).slice(0, len);
}

// A version-4-shaped UUID derived from a label (stable across runs).
export function stableUuid(label) {
  const h = sha256Hex('uuid:' + label);
  const v = '4' + h.slice(13, 16);
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16) + h.slice(17, 20);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${v}-${variant}-${h.slice(20, 32)}`;
}

// A 19-digit numeric id in the style of social-platform post ids.
export function numericId(label, digits = 19) {
  const h = sha256Hex('num:' + label);
  let s = BigInt('0x' + h.slice(0, 16)).toString().padStart(digits, '7');
  s = '1' + s.slice(1, digits);
  return s;
}

export const round = (x, d = 3) => {
  const f = 10 ** d;
  return Math.round(x * f) / f;
};
export const clamp = (x, lo, hi) => Math.min(hi, Math.max(lo, x));
