/**
 * Every check of checks/*.ts as a registered `{name, rules, run}` entry (checks/define.ts): the
 * entry's name is the function's, its input the function's argument list, its rules every catalogue
 * ID the function can emit (a composite check declares its parts' rules by spreading their entries).
 * Checks whose caller chooses the rule (a `ruleId` argument) declare it through `ruleOf`.
 * Helpers that return no violations (locators, classifiers, decoders) are not registered.
 * Unit tests: checks/tests/ (one conforming and one violating fixture per declared rule).
 */
import * as assets from './assets.ts';
import * as availability from './availability.ts';
import * as billing from './billing.ts';
import * as contractDoc from './contract.ts';
import { defineCheck } from './define.ts';
import * as errors from './errors.ts';
import * as evidence from './evidence.ts';
import * as forecast from './forecast.ts';
import * as jobs from './jobs.ts';
import * as latest from './latest.ts';
import { LIMIT_CHECKS } from './limits.ts';
import * as marketRow from './market-row.ts';
import * as markets from './markets.ts';
import * as oil from './oil.ts';
import * as portfolio from './portfolio.ts';
import * as pricing from './pricing.ts';
import * as socialProfile from './social-profile.ts';
import * as quote from './quote.ts';
import * as relationships from './relationships.ts';
import * as routing from './routing.ts';
import * as signals from './signals.ts';
import * as socialSearch from './social-search.ts';
import * as targets from './targets.ts';
import * as versioning from './versioning.ts';
import * as x402 from './x402.ts';

const range = (family: string, from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `${family}-${String(from + i).padStart(3, '0')}`);

// ---- routing, quote, relationships (the parts of every market row) ----------------------------
const checkVenueAUrl = defineCheck('checkVenueAUrl', ['ROUTE-006'], routing.checkVenueAUrl);
const checkRouting = defineCheck(
  'checkRouting',
  ['ROUTE-001', 'ROUTE-003', 'ROUTE-004', 'ROUTE-008', ...checkVenueAUrl.rules],
  routing.checkRouting,
);
const checkServiceUrl = defineCheck('checkServiceUrl', ['ROUTE-005'], routing.checkServiceUrl);
const checkUniqueMarketKeys = defineCheck('checkUniqueMarketKeys', ['ROUTE-002'], routing.checkUniqueMarketKeys);
const checkVenueQuote = defineCheck(
  'checkVenueQuote',
  ['QUOTE-001', 'QUOTE-002', 'QUOTE-004', 'QUOTE-005', 'QUOTE-008'],
  quote.checkVenueQuote,
);
const checkOddsEqualQuote = defineCheck('checkOddsEqualQuote', ['QUOTE-003'], quote.checkOddsEqualQuote);
const REL_RULES = ['REL-001', 'REL-002', 'REL-003', 'REL-004', 'REL-005', 'REL-006', 'REL-009'];
const checkRelationships = defineCheck('checkRelationships', REL_RULES, relationships.checkRelationships);
const checkAllRelationships = defineCheck('checkAllRelationships', REL_RULES, relationships.checkAllRelationships);

const checkMarketListItem = defineCheck(
  'checkMarketListItem',
  [...checkRouting.rules, ...checkServiceUrl.rules, ...checkVenueQuote.rules, ...checkOddsEqualQuote.rules, ...REL_RULES],
  marketRow.checkMarketListItem,
);
const checkMarketList = defineCheck(
  'checkMarketList',
  [...checkMarketListItem.rules, ...checkUniqueMarketKeys.rules],
  marketRow.checkMarketList,
);
const checkCanonicalMarket = defineCheck('checkCanonicalMarket', [...checkRouting.rules, ...REL_RULES], marketRow.checkCanonicalMarket);

// ---- contract documents, errors, versioning ----------------------------------------------------
const checkServedContract = defineCheck('checkServedContract', ['VER-005'], contractDoc.checkServedContract, ([, rule]) => rule);
const checkErrorEnvelope = defineCheck(
  'checkErrorEnvelope',
  ['ERR-001', 'ERR-002', 'ERR-003', 'ERR-004', 'ERR-006', 'ERR-014'],
  errors.checkErrorEnvelope,
);
const checkNoServerError = defineCheck('checkNoServerError', ['CONTRACT-001'], errors.checkNoServerError);
const checkPaymentChallenge = defineCheck('checkPaymentChallenge', ['X402-001', 'X402-002', 'X402-003'], errors.checkPaymentChallenge);
const checkOpenApiDocument = defineCheck('checkOpenApiDocument', ['VER-005'], versioning.checkOpenApiDocument);
const checkRoutePrefixes = defineCheck('checkRoutePrefixes', ['VER-001', 'VER-002', 'VER-003', 'VER-004'], versioning.checkRoutePrefixes);
const checkDocumentedOperations = defineCheck('checkDocumentedOperations', ['VER-007'], versioning.checkDocumentedOperations);
const checkSameDocument = defineCheck('checkSameDocument', ['VER-006'], versioning.checkSameDocument);
const checkCrashRiskAlias = defineCheck('checkCrashRiskAlias', ['VER-013'], versioning.checkCrashRiskAlias);

// ---- x402, billing, pricing --------------------------------------------------------------------
const checkChallenge = defineCheck(
  'checkChallenge',
  ['X402-003', 'X402-004', 'X402-005', 'X402-006', 'X402-007', 'X402-009', 'X402-022'],
  x402.checkChallenge,
);
const checkSettlement = defineCheck('checkSettlement', ['X402-014', 'X402-015'], x402.checkSettlement);
const checkDebit = defineCheck('checkDebit', [], billing.checkDebit, ([rule]) => rule);
const checkParallelDebits = defineCheck('checkParallelDebits', ['BILL-017', 'AUTH-011'], billing.checkParallelDebits);
const checkReferencePrices = defineCheck('checkReferencePrices', range('PRICE', 1, 13), pricing.checkReferencePrices);
const checkPriceUnits = defineCheck('checkPriceUnits', ['PRICE-014', 'PRICE-015'], pricing.checkPriceUnits);

// ---- availability and targets ------------------------------------------------------------------
const checkAvailability = defineCheck(
  'checkAvailability',
  [
    ...[
      'AVAIL-011',
      'AVAIL-012',
      'AVAIL-013',
      'AVAIL-015',
      'AVAIL-016',
      'AVAIL-017',
      'AVAIL-019',
      'AVAIL-020',
      'AVAIL-021',
      'AVAIL-022',
      'AVAIL-023',
      'AVAIL-024',
      'AVAIL-030',
      'AVAIL-041',
    ],
    'TOPIC-006',
    ...REL_RULES,
    ...checkCanonicalMarket.rules,
  ],
  availability.checkAvailability,
);
const checkAvailabilityIdentity = defineCheck(
  'checkAvailabilityIdentity',
  ['AVAIL-005', 'AVAIL-006', 'AVAIL-007', 'AVAIL-008'],
  availability.checkAvailabilityIdentity,
);
const checkAvailabilityAgainstRow = defineCheck(
  'checkAvailabilityAgainstRow',
  ['AVAIL-009', 'AVAIL-014', 'AVAIL-025', 'AVAIL-034'],
  availability.checkAvailabilityAgainstRow,
);
const checkExclusion = defineCheck(
  'checkExclusion',
  ['TOPIC-001', 'TOPIC-002', 'TOPIC-003', 'TOPIC-004', 'TOPIC-007'],
  availability.checkExclusion,
);
const checkTargetResolution = defineCheck(
  'checkTargetResolution',
  [...range('TGT', 1, 7), 'TGT-009', 'TGT-010', ...range('TGT', 12, 18), 'TGT-020', 'TGT-033', 'TGT-035', 'TGT-038'],
  targets.checkTargetResolution,
  ([, expect]) => expect.selectedRule,
);
const checkSameChildren = defineCheck('checkSameChildren', ['TGT-037'], targets.checkSameChildren, ([, , rule]) => rule);
const checkSameResolution = defineCheck('checkSameResolution', [], targets.checkSameResolution, ([, , rule]) => rule);
const checkNotFoundEcho = defineCheck('checkNotFoundEcho', ['TGT-029', 'TGT-034'], targets.checkNotFoundEcho);

// ---- jobs --------------------------------------------------------------------------------------
const checkJobRead = defineCheck(
  'checkJobRead',
  ['JOB-002', 'JOB-009', 'JOB-010', 'JOB-011', 'JOB-012', 'JOB-013', 'JOB-014', 'JOB-015', 'JOB-018', 'JOB-019', 'JOB-021', 'JOB-023'],
  jobs.checkJobRead,
);
const checkStatusProgress = defineCheck('checkStatusProgress', ['JOB-017', 'JOB-024'], jobs.checkStatusProgress);
const checkSameNotFound = defineCheck('checkSameNotFound', ['AUTH-008', 'JOB-016'], jobs.checkSameNotFound);
const checkSubmission = defineCheck('checkSubmission', ['JOB-002'], jobs.checkSubmission);
const checkQuotaError = defineCheck('checkQuotaError', ['JOB-003', 'JOB-004', 'JOB-005', 'JOB-006'], jobs.checkQuotaError);

// ---- assets ------------------------------------------------------------------------------------
const checkLinkedMarket = defineCheck('checkLinkedMarket', ['ASRCH-025', 'ASRCH-026', 'ASRCH-027', 'ASRCH-028'], assets.checkLinkedMarket);
const checkSearchEcho = defineCheck(
  'checkSearchEcho',
  ['ASRCH-010', 'ASRCH-011', 'ASRCH-012', 'ASRCH-013', 'ASRCH-014', 'ASRCH-101', 'ASRCH-102'],
  assets.checkSearchEcho,
);
const checkRetrieval = defineCheck('checkRetrieval', ['ASRCH-015', 'ASRCH-016'], assets.checkRetrieval);
const checkRelevanceOrder = defineCheck('checkRelevanceOrder', ['ASRCH-050'], assets.checkRelevanceOrder);
const checkFilters = defineCheck('checkFilters', ['ASRCH-060', 'ASRCH-062'], assets.checkFilters);
const checkAssetSearch = defineCheck(
  'checkAssetSearch',
  [
    ...checkSearchEcho.rules,
    ...checkRetrieval.rules,
    ...checkRelevanceOrder.rules,
    ...checkFilters.rules,
    ...checkMarketList.rules,
    ...checkLinkedMarket.rules,
    ...['ASRCH-020', 'ASRCH-024', 'ASRCH-029', 'ASRCH-030', 'ASRCH-031', 'ASRCH-051', 'ASRCH-103', 'ASRCH-104', 'ASSET-006'],
  ],
  assets.checkAssetSearch,
);
const checkSameAssetSet = defineCheck('checkSameAssetSet', [], assets.checkSameAssetSet, ([, , rule]) => rule);
const checkContainsAssets = defineCheck('checkContainsAssets', [], assets.checkContainsAssets, ([, , rule]) => rule);
const checkDirectory = defineCheck(
  'checkDirectory',
  ['ASSET-002', 'ASSET-003', 'ASSET-004', 'ASSET-006', 'ASSET-100'],
  assets.checkDirectory,
);
const checkDirectoryMatchesSearch = defineCheck(
  'checkDirectoryMatchesSearch',
  ['ASSET-005', 'ASSET-103'],
  assets.checkDirectoryMatchesSearch,
);
const checkStance = defineCheck('checkStance', ['ASSET-112'], assets.checkStance);

// ---- evidence and forecasts --------------------------------------------------------------------
const checkMarketSignals = defineCheck(
  'checkMarketSignals',
  [
    ...[
      'EVID-001',
      'EVID-002',
      'EVID-004',
      'EVID-005',
      'EVID-007',
      'EVID-008',
      'EVID-010',
      'EVID-012',
      'EVID-013',
      'EVID-015',
      'ROUTE-007',
    ],
    ...checkCanonicalMarket.rules,
    ...checkServiceUrl.rules,
    ...checkVenueAUrl.rules,
  ],
  evidence.checkMarketSignals,
);
const checkEvidenceCompleteness = defineCheck('checkEvidenceCompleteness', ['EVID-003'], evidence.checkEvidenceCompleteness);
const checkSources = defineCheck(
  'checkSources',
  ['SRC-001', 'SRC-004', 'SRC-005', 'SRC-006', 'SRC-007', 'SRC-009', 'SRC-014', ...checkCanonicalMarket.rules],
  evidence.checkSources,
  ([, req]) => req.windowRule,
);
const checkSourcesSubset = defineCheck('checkSourcesSubset', [], evidence.checkSourcesSubset, ([, , rule]) => rule);
const checkMarketForecast = defineCheck(
  'checkMarketForecast',
  [
    ...['FCST-003', 'FCST-004', 'FCST-005', 'FCST-009', 'FCST-012', 'FCST-014', 'ROUTE-007'],
    ...checkCanonicalMarket.rules,
    ...checkServiceUrl.rules,
    ...checkVenueAUrl.rules,
  ],
  forecast.checkMarketForecast,
);
const checkProbabilityMatchesFeed = defineCheck('checkProbabilityMatchesFeed', ['FCST-007'], forecast.checkProbabilityMatchesFeed);
const checkMatchesAvailability = defineCheck('checkMatchesAvailability', ['FCST-008'], forecast.checkMatchesAvailability);

// ---- latest feed -------------------------------------------------------------------------------
const checkLatestMarket = defineCheck(
  'checkLatestMarket',
  [...checkRouting.rules, ...checkServiceUrl.rules, ...checkVenueQuote.rules, ...checkOddsEqualQuote.rules],
  latest.checkLatestMarket,
);
const checkChronological = defineCheck('checkChronological', ['LATEST-005'], latest.checkChronological);
const checkLatest = defineCheck(
  'checkLatest',
  [...range('LATEST', 1, 5), ...range('LATEST', 9, 16), 'PARAM-063', ...checkLatestMarket.rules, ...REL_RULES],
  latest.checkLatest,
);
const checkWindowsAgree = defineCheck('checkWindowsAgree', ['LATEST-007'], latest.checkWindowsAgree);
const checkBoardWide = defineCheck('checkBoardWide', ['LATEST-008'], latest.checkBoardWide);

// ---- market catalog, search, mispriced ---------------------------------------------------------
const checkListedForReason = defineCheck('checkListedForReason', ['MKT-003'], markets.checkListedForReason);
const checkForecastWindow = defineCheck('checkForecastWindow', ['MKT-020', 'MKT-021', 'MKT-034'], markets.checkForecastWindow);
const checkVenueRows = defineCheck('checkVenueRows', [], markets.checkVenueRows, ([, , rule]) => rule);
const checkBrokerRows = defineCheck('checkBrokerRows', [], markets.checkBrokerRows, ([, rule]) => rule);
const checkTopicShown = defineCheck('checkTopicShown', ['MKT-019'], markets.checkTopicShown);
const checkContains = defineCheck('checkContains', [], markets.checkContains, ([, , rule]) => rule);
const checkSameKeys = defineCheck('checkSameKeys', [], markets.checkSameKeys, ([, , rule]) => rule);
const checkVenueFacets = defineCheck('checkVenueFacets', ['MKT-005', 'MKT-008', 'MKT-009', 'MKT-010', 'MKT-011'], markets.checkVenueFacets);
const checkSortOrder = defineCheck(
  'checkSortOrder',
  ['MKT-027', 'MKT-028', 'MKT-029', 'MKT-030'],
  markets.checkSortOrder,
  ([, , rule]) => rule,
);
const checkSearchRow = defineCheck(
  'checkSearchRow',
  [...range('MSRCH', 1, 5), 'MSRCH-012', 'MSRCH-013', 'MSRCH-021', 'MSRCH-022'],
  markets.checkSearchRow,
);
const checkSearchFilters = defineCheck('checkSearchFilters', range('MSRCH', 6, 9), markets.checkSearchFilters);
const checkSameSearchState = defineCheck('checkSameSearchState', [], markets.checkSameSearchState, ([, , rule]) => rule);
const checkMispricedRows = defineCheck('checkMispricedRows', ['MISP-001'], markets.checkMispricedRows);

// ---- signals, oil, portfolio -------------------------------------------------------------------
const checkTradeSignalRow = defineCheck(
  'checkTradeSignalRow',
  [
    ...['SIG-001', 'SIG-002', 'SIG-003', 'SIG-004', 'SIG-016', 'SIG-017', 'VER-009', 'VER-011'],
    ...checkCanonicalMarket.rules,
    ...checkServiceUrl.rules,
  ],
  signals.checkTradeSignalRow,
);
const checkTradeSignals = defineCheck('checkTradeSignals', [...checkTradeSignalRow.rules, 'SIG-015'], signals.checkTradeSignals);
const checkNoFallback = defineCheck('checkNoFallback', ['SIG-005'], signals.checkNoFallback);
const checkDrawdownFilter = defineCheck('checkDrawdownFilter', ['SIG-008', 'SIG-009', 'SIG-010'], signals.checkDrawdownFilter);
const checkBrokerFilter = defineCheck('checkBrokerFilter', ['SIG-011', 'SIG-012'], signals.checkBrokerFilter);
const checkSameRows = defineCheck('checkSameRows', [], signals.checkSameRows, ([, , rule]) => rule);
const checkPerpSignals = defineCheck('checkPerpSignals', ['SIG-018', 'SIG-019', 'SIG-020', 'SIG-021', 'SIG-022'], signals.checkPerpSignals);
const checkArticleEvidence = defineCheck('checkArticleEvidence', ['VER-010'], signals.checkArticleEvidence);
const checkOilSignal = defineCheck(
  'checkOilSignal',
  ['OIL-001', 'OIL-002', 'OIL-006', 'OIL-008', 'OIL-009', 'OIL-016', 'OIL-018', 'PARAM-071'],
  oil.checkOilSignal,
);
const checkStaleReading = defineCheck('checkStaleReading', ['OIL-003'], oil.checkStaleReading);
const checkMarkDown = defineCheck('checkMarkDown', ['OIL-007', 'OIL-010'], oil.checkMarkDown);
const checkPositions = defineCheck('checkPositions', ['PORT-002', 'PORT-003'], portfolio.checkPositions);
const checkVenuePartition = defineCheck('checkVenuePartition', ['PORT-002'], portfolio.checkVenuePartition);

// ---- social ------------------------------------------------------------------------------------
const checkSocialProfile = defineCheck(
  'checkSocialProfile',
  ['PROF-012', 'PROF-013', 'PROF-014', 'PROF-015', 'PROF-016', 'PROF-023', 'PROF-024', 'PARAM-078'],
  socialProfile.checkSocialProfile,
);
const checkReused = defineCheck('checkReused', [], socialProfile.checkReused, ([rule]) => rule);
const checkNotReused = defineCheck('checkNotReused', [], socialProfile.checkNotReused, ([rule]) => rule);
const checkSocialSearch = defineCheck(
  'checkSocialSearch',
  ['XSRCH-001', 'XSRCH-002'],
  socialSearch.checkSocialSearch,
  ([, o]) => o.rangeRule,
);

/** Every registered check, by name (the name of the function it wraps). */
export const CHECKS = {
  ...LIMIT_CHECKS,
  checkVenueAUrl,
  checkRouting,
  checkServiceUrl,
  checkUniqueMarketKeys,
  checkVenueQuote,
  checkOddsEqualQuote,
  checkRelationships,
  checkAllRelationships,
  checkMarketListItem,
  checkMarketList,
  checkCanonicalMarket,
  checkServedContract,
  checkErrorEnvelope,
  checkNoServerError,
  checkPaymentChallenge,
  checkOpenApiDocument,
  checkRoutePrefixes,
  checkDocumentedOperations,
  checkSameDocument,
  checkCrashRiskAlias,
  checkChallenge,
  checkSettlement,
  checkDebit,
  checkParallelDebits,
  checkReferencePrices,
  checkPriceUnits,
  checkAvailability,
  checkAvailabilityIdentity,
  checkAvailabilityAgainstRow,
  checkExclusion,
  checkTargetResolution,
  checkSameChildren,
  checkSameResolution,
  checkNotFoundEcho,
  checkJobRead,
  checkStatusProgress,
  checkSameNotFound,
  checkSubmission,
  checkQuotaError,
  checkLinkedMarket,
  checkSearchEcho,
  checkRetrieval,
  checkRelevanceOrder,
  checkFilters,
  checkAssetSearch,
  checkSameAssetSet,
  checkContainsAssets,
  checkDirectory,
  checkDirectoryMatchesSearch,
  checkStance,
  checkMarketSignals,
  checkEvidenceCompleteness,
  checkSources,
  checkSourcesSubset,
  checkMarketForecast,
  checkProbabilityMatchesFeed,
  checkMatchesAvailability,
  checkLatestMarket,
  checkChronological,
  checkLatest,
  checkWindowsAgree,
  checkBoardWide,
  checkListedForReason,
  checkForecastWindow,
  checkVenueRows,
  checkBrokerRows,
  checkTopicShown,
  checkContains,
  checkSameKeys,
  checkVenueFacets,
  checkSortOrder,
  checkSearchRow,
  checkSearchFilters,
  checkSameSearchState,
  checkMispricedRows,
  checkTradeSignalRow,
  checkTradeSignals,
  checkNoFallback,
  checkDrawdownFilter,
  checkBrokerFilter,
  checkSameRows,
  checkPerpSignals,
  checkArticleEvidence,
  checkOilSignal,
  checkStaleReading,
  checkMarkDown,
  checkPositions,
  checkVenuePartition,
  checkSocialProfile,
  checkReused,
  checkNotReused,
  checkSocialSearch,
} as const;
