/**
 * Every registered check, by name. Each family module (checks/<family>.ts) registers its own checks
 * beside their functions as `{name, rules, run}` entries (checks/define.ts) and exports them as one
 * object; this file only spreads the families, so a check added to an existing family touches no line
 * here (a new family module adds one import and one spread). An entry's name is its function's, its
 * input the function's argument list, its rules every catalogue ID the function can emit (a composite
 * check declares its parts' rules by spreading their entries); checks whose caller chooses the rule (a
 * `ruleId` argument) declare it through `ruleOf`. Helpers that return no violations (locators,
 * classifiers, decoders) are not registered. Unit tests: checks/tests/ (checks.test.ts).
 */
import { ASSETS_CHECKS } from './assets.ts';
import { AVAILABILITY_CHECKS } from './availability.ts';
import { BILLING_CHECKS } from './billing.ts';
import { CONTRACT_CHECKS } from './contract.ts';
import { DRIFT_CHECKS } from './drift.ts';
import { ERRORS_CHECKS } from './errors.ts';
import { EVIDENCE_CHECKS } from './evidence.ts';
import { FORECAST_CHECKS } from './forecast.ts';
import { JOBS_CHECKS } from './jobs.ts';
import { LATEST_CHECKS } from './latest.ts';
import { LIMIT_CHECKS } from './limits.ts';
import { MARKET_ROW_CHECKS } from './market-row.ts';
import { MARKETS_CHECKS } from './markets.ts';
import { OIL_CHECKS } from './oil.ts';
import { PORTFOLIO_CHECKS } from './portfolio.ts';
import { PRICING_CHECKS } from './pricing.ts';
import { QUOTE_CHECKS } from './quote.ts';
import { RELATIONSHIPS_CHECKS } from './relationships.ts';
import { ROUTING_CHECKS } from './routing.ts';
import { SIGNALS_CHECKS } from './signals.ts';
import { SOCIAL_PROFILE_CHECKS } from './social-profile.ts';
import { SOCIAL_SEARCH_CHECKS } from './social-search.ts';
import { TARGETS_CHECKS } from './targets.ts';
import { VERSIONING_CHECKS } from './versioning.ts';
import { WALLETS_CHECKS } from './wallets.ts';
import { X402_CHECKS } from './x402.ts';

/** Every registered check, by name (the name of the function it wraps). */
export const CHECKS = {
  ...ROUTING_CHECKS,
  ...QUOTE_CHECKS,
  ...RELATIONSHIPS_CHECKS,
  ...MARKET_ROW_CHECKS,
  ...CONTRACT_CHECKS,
  ...ERRORS_CHECKS,
  ...VERSIONING_CHECKS,
  ...DRIFT_CHECKS,
  ...X402_CHECKS,
  ...BILLING_CHECKS,
  ...PRICING_CHECKS,
  ...AVAILABILITY_CHECKS,
  ...TARGETS_CHECKS,
  ...JOBS_CHECKS,
  ...ASSETS_CHECKS,
  ...EVIDENCE_CHECKS,
  ...FORECAST_CHECKS,
  ...LATEST_CHECKS,
  ...MARKETS_CHECKS,
  ...SIGNALS_CHECKS,
  ...OIL_CHECKS,
  ...PORTFOLIO_CHECKS,
  ...WALLETS_CHECKS,
  ...SOCIAL_PROFILE_CHECKS,
  ...SOCIAL_SEARCH_CHECKS,
  ...LIMIT_CHECKS,
} as const;
