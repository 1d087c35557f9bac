/**
 * Reference prices per operation (spec: "What the service does", reference price table), derived
 * from the `x-fc-price` extension and the `security` alternatives of each operation in
 * contract/openapi.yaml (see contract/operation-facts.ts). Units: credits (10 credits = $0.01, so
 * 1 credit = $0.001); paid prices are whole multiples of 5 credits ($0.005). `gap: true` marks a
 * price the spec does not show; the value is the stub's choice, recorded as a PRICE gap rule.
 *
 * The spec's reference-price rules (PRICE-001..013 in contract/rules/pricing.yaml) state each price in
 * words; tests/harness/operation-facts.spec.ts holds every `x-fc-price` equal to its rule, so a wrong
 * price here (and so in the stub) fails instead of agreeing with itself. checks/pricing.ts reads
 * its reference table from here (`referencePrices()`), never retypes it.
 */
import { contract, type Price } from './index.ts';

export type { Price } from './index.ts';

/** Price of every operation, by operationId (every operation of the contract has one). */
export const PRICES: Readonly<Record<string, Price>> = Object.fromEntries(
  [...contract().operations.values()].map((op) => [op.operationId, op.facts.price]),
);

/** Credits → USD (number). */
export const creditsToUsd = (credits: number): number => credits / 1000;
/** Credits → x402 atomic units of a 6-decimal dollar token (string, as PaymentRequirements.amount). */
export const creditsToAtomic = (credits: number): string => String(credits * 1000);
/** Credits → USD string with three decimals ("0.005"). */
export const creditsToUsdString = (credits: number): string => creditsToUsd(credits).toFixed(3);
