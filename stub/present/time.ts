/** Model instants (epoch ms) to the spec's ISO 8601 / RFC 3339 date-time strings. */
import type { EpochMs } from '../data/model.ts';
import type { IsoDateTime } from './types.ts';

export const iso = (t: EpochMs): IsoDateTime => new Date(t).toISOString();

export const isoOrNull = (t: EpochMs | null | undefined): IsoDateTime | null => (t === null || t === undefined ? null : iso(t));
