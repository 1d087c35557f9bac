/**
 * The as_of parameter of GET /api/v1/markets/search: "YYYY-MM-DD end-of-day UTC or RFC 3339
 * instant" (rules MSRCH-010, -011, PARAM-044; gap MSRCH-019).
 */
import { invalidRequest } from '../errors.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

const isLeap = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const daysIn = (y: number, m: number): number => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;

/** Epoch ms of y-m-d h:mi:s.ms UTC, valid for every 4-digit year (Date.UTC maps 0..99 to 19xx). */
function utc(y: number, m: number, d: number, h: number, mi: number, s: number, msec: number): number {
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d);
  t.setUTCHours(h, mi, s, msec);
  return t.getTime();
}

function validDate(y: number, m: number, d: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);
}

/**
 * Parses as_of to epoch ms: a full-date is the last millisecond of that UTC day; a date-time is
 * its instant (fractions beyond milliseconds truncated; a leap second :60 is read as :59.999).
 * @throws ApiError 422 invalid_request when the value is neither form or names no real instant.
 */
export function parseAsOf(value: string): number {
  const d = DATE.exec(value);
  if (d) {
    const [y, m, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
    if (!validDate(y, m, day)) throw invalidRequest(`as_of ${JSON.stringify(value)} is not a calendar date`);
    return utc(y, m, day, 23, 59, 59, 999);
  }
  const t = DATE_TIME.exec(value);
  if (!t) throw invalidRequest('as_of must be YYYY-MM-DD or an RFC 3339 date-time');
  const [y, mo, day, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(t[i]));
  const offH = t[10] === undefined ? 0 : Number(t[10]);
  const offM = t[11] === undefined ? 0 : Number(t[11]);
  if (!validDate(y!, mo!, day!) || h! > 23 || mi! > 59 || s! > 60 || offH > 23 || offM > 59) {
    throw invalidRequest(`as_of ${JSON.stringify(value)} is not a valid RFC 3339 date-time`);
  }
  const leap = s === 60;
  const msec = leap ? 999 : Math.floor(Number(`0${t[7] ?? '.0'}`) * 1000);
  const sign = t[9] === '-' ? -1 : 1;
  const offset = t[8] ? 0 : sign * (offH * 60 + offM) * 60_000;
  return utc(y!, mo!, day!, h!, mi!, leap ? 59 : s!, msec) - offset;
}
