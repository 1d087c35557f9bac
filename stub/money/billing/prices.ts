/**
 * The price the stub charges per operation (credits; 1 credit = $0.001): the contract's `x-fc-price`
 * (contract/pricing.ts PRICES), except where the spec shows no price and the alternate stub makes
 * another choice (stub/variant.ts): the PRICE gaps of routes the reference table leaves out, and
 * the link's payment amount (WAL-012). "The live payment challenge is authoritative": the gate
 * debits, challenges and the pricing route lists this price.
 */
import { creditsToUsd, type Price } from '../../../contract/pricing.ts';
import { alt } from '../../variant.ts';

/** The alternate stub's price (credits) of an operation whose price the spec does not show, when flipped. */
const ALTERNATE_CREDITS: Readonly<Record<string, () => number | false>> = {
  listMarkets: () => alt('PRICE-016') && 5,
  listMispricedMarkets: () => alt('PRICE-017') && 5,
  getAssetStance: () => alt('PRICE-018') && 5,
  getPortfolio: () => alt('PRICE-019') && 5,
  listSignals: () => alt('PRICE-020') && 5,
  listPerpSignals: () => alt('PRICE-021') && 10,
  getOilSignal: () => alt('PRICE-022') && 5,
  linkWallet: () => alt('WAL-012') && 5,
};

/** The price `operationId` is served at: `price` (its x-fc-price), or the alternate stub's choice where the spec shows none. */
export function servedPrice(operationId: string, price: Price): Price {
  if (!price.gap) return price;
  const credits = ALTERNATE_CREDITS[operationId]?.();
  return credits === undefined || credits === false ? price : { ...price, credits, usd: creditsToUsd(credits) };
}
