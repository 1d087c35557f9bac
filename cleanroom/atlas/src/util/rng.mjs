// Deterministic randomness: every generated value derives from a string label,
// so the dataset has the same shape on every start (only clock offsets move).
import { createHash } from 'node:crypto';

export function hash32(str) {
  let h = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A small random helper bound to a label. */
export function rngFor(label) {
  const r = mulberry32(hash32(label));
  return {
    next: r,
    float: (lo, hi) => lo + (hi - lo) * r(),
    int: (lo, hi) => lo + Math.floor((hi - lo + 1) * r()),
    pick: (arr) => arr[Math.floor(r() * arr.length)],
    chance: (p) => r() < p,
  };
}

export function sha256hex(label) {
  return createHash('sha256').update(label).digest('hex');
}

export function hexFrom(label, len) {
  let out = '';
  let i = 0;
  while (out.length < len) out += sha256hex(label + '#' + i++);
  return out.slice(0, len);
}

/** RFC 4122 version-4 shaped UUID derived from a label. */
export function uuidFrom(label) {
  const h = sha256hex('uuid:' + label);
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Numeric string of the given length derived from a label (no leading zero). */
export function digitsFrom(label, len) {
  const h = sha256hex('digits:' + label);
  let out = String((parseInt(h.slice(0, 2), 16) % 9) + 1);
  for (let i = 2; out.length < len; i += 2) out += String(parseInt(h.slice(i % 60, (i % 60) + 2), 16) % 10);
  return out;
}

export const round = (x, dp) => {
  const f = 10 ** dp;
  return Math.round(x * f) / f;
};
export const clamp = (x, lo, hi) => Math.min(hi, Math.max(lo, x));
