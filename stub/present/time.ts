/** Model instants (epoch ms) to the spec's ISO 8601 / RFC 3339 date-time strings. */
import type { EpochMs } from '../data/model.ts';
import type { IsoDateTime } from './types.ts';

/** Most instants whose text is kept (the map is emptied when full). */
const KEPT = 1024;
const formatted = new Map<EpochMs, IsoDateTime>();

/**
 * `t` as `toISOString()` writes it. Memoised: formatting costs about a microsecond, the same instants
 * recur on every read (a reading's freeze, the clock within one millisecond), and a paid read formats
 * two per answer (npm run bench).
 */
export const iso = (t: EpochMs): IsoDateTime => {
  let text = formatted.get(t);
  if (text === undefined) {
    // Out of range or NaN: toISOString throws its RangeError before anything is kept.
    text = new Date(t).toISOString();
    if (formatted.size >= KEPT) formatted.clear();
    formatted.set(t, text);
  }
  return text;
};

export const isoOrNull = (t: EpochMs | null | undefined): IsoDateTime | null => (t === null || t === undefined ? null : iso(t));
