/**
 * Reference prices per operation (spec: "What the service does", reference price table).
 * Units: credits (10 credits = $0.01, so 1 credit = $0.001); paid prices are whole multiples of
 * 5 credits ($0.005). `gap: true` marks a price the spec does not show; the value is the stub's
 * choice, recorded in the catalogue as a PRICE gap rule.
 */
export interface Price {
  /** Credits debited per billed call; 0 for free operations. */
  credits: number;
  /** Accepts an x402 payment instead of an API key. */
  x402: boolean;
  /** Requires an API key (job routes accept only a key). */
  keyOnly: boolean;
  gap?: boolean;
}

const free: Price = { credits: 0, x402: false, keyOnly: false };
const paid = (credits: number, gap = false): Price => ({ credits, x402: true, keyOnly: false, ...(gap ? { gap } : {}) });

export const PRICES: Readonly<Record<string, Price>> = {
  getForecastAvailability: free,
  getForecastTargets: free,
  getForecastRequest: { credits: 0, x402: false, keyOnly: true },
  createForecastRequest: { credits: 1000, x402: false, keyOnly: true },
  createWalletLinkToken: { credits: 0, x402: false, keyOnly: true, gap: true },
  createWalletChallenge: { credits: 0, x402: false, keyOnly: true, gap: true },
  attestWallet: { credits: 0, x402: false, keyOnly: true, gap: true },
  getMarketForecast: paid(10),
  getMarketSignals: paid(10),
  listSources: paid(5),
  getLatest: paid(20),
  createSocialProfile: paid(1000),
  searchAssets: paid(10),
  listAssets: paid(5),
  searchMarkets: paid(10),
  searchSocial: paid(500),
  listMarkets: paid(10, true),
  listMispricedMarkets: paid(10, true),
  getAssetStance: paid(10, true),
  listSignals: paid(10, true),
  listPerpSignals: paid(5, true),
  getOilSignal: paid(10, true),
  getPortfolio: paid(10, true),
  linkWallet: paid(10, true),
  getPricing: free,
  getOpenApi: free,
  getOpenApiV1: free,
};

/** Credits → USD (number). */
export const creditsToUsd = (credits: number): number => credits / 1000;
/** Credits → x402 atomic units of a 6-decimal dollar token (string, as PaymentRequirements.amount). */
export const creditsToAtomic = (credits: number): string => String(credits * 1000);
/** Credits → USD string with three decimals ("0.005"). */
export const creditsToUsdString = (credits: number): string => creditsToUsd(credits).toFixed(3);
