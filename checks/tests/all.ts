/** Every check's fixtures, for the runner and the coverage test (checks/tests/checks.test.ts). */
import type { CheckCases } from './cases.ts';
import { MARKET_CASES } from './market-row.cases.ts';
import { PROTOCOL_CASES } from './protocol.cases.ts';
import { AVAILABILITY_CASES, TARGET_CASES } from './availability.cases.ts';
import { JOB_CASES } from './jobs.cases.ts';
import { LATEST_CASES } from './latest.cases.ts';
import { LIMIT_CASES } from './limits.cases.ts';
import { MARKETS_CASES } from './markets.cases.ts';
import { OIL_CASES, PORTFOLIO_CASES, SIGNAL_CASES } from './signals.cases.ts';
import { SOCIAL_CASES, SOCIAL_SEARCH_CASES } from './social.cases.ts';
import { EVIDENCE_CASES, FORECAST_CASES } from './evidence.cases.ts';
import { ASSET_CASES, DIRECTORY_CASES } from './assets.cases.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry is typed by its own check
export const ALL_CASES: readonly CheckCases<any>[] = [
  ...MARKET_CASES,
  ...PROTOCOL_CASES,
  ...AVAILABILITY_CASES,
  ...TARGET_CASES,
  ...JOB_CASES,
  ...ASSET_CASES,
  ...DIRECTORY_CASES,
  ...EVIDENCE_CASES,
  ...FORECAST_CASES,
  ...LATEST_CASES,
  ...MARKETS_CASES,
  ...SIGNAL_CASES,
  ...OIL_CASES,
  ...PORTFOLIO_CASES,
  ...SOCIAL_CASES,
  ...SOCIAL_SEARCH_CASES,
  ...LIMIT_CASES,
];
