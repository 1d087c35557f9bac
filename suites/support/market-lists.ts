/**
 * The rows of the market and Asset list answers whose envelope the spec does not show (issue 18): the
 * market search (gap MSRCH-015), the mispriced list (gap MISP-005) and the Asset directory (gap
 * ASSET-100). Rows are found by their documented members wherever the target put them
 * (suites/support/choices.ts findRows), under the stub's member first.
 */
import { findRows, hasMembers, type Found } from './choices.ts';

type Row = Record<string, unknown>;

/** Search rows: items carrying marketKey and has_forecast (the fields the spec says search rows carry). */
export const searchAnswerRows = (body: unknown): Found<Row[]> | undefined =>
  findRows(body, hasMembers('marketKey', 'has_forecast'), 'markets');

/** Mispriced rows that can be judged: items carrying marketKey, latest_service_probability and market_odds. */
export const mispricedAnswerRows = (body: unknown): Found<Row[]> | undefined =>
  findRows(body, hasMembers('marketKey', 'latest_service_probability', 'market_odds'), 'markets');

/** Directory entries: items carrying an Asset's id and assetKey. */
export const directoryEntries = (body: unknown): Found<Row[]> | undefined => findRows(body, hasMembers('id', 'assetKey'), 'assets');

/**
 * True when an answer holds no row of the kind `isRow` names: no non-empty array of such rows
 * anywhere (an empty list under any member name is an empty list).
 */
export const holdsNoRow = (body: unknown, isRow: (x: unknown) => x is Row): boolean =>
  body !== null && typeof body === 'object' && findRows(body, isRow) === undefined;
