/** Public API of the stub's x402 v2 machinery: tokens, the in-memory ledger, the SDK facilitator and payments. */
import type { Clock } from '../../clock.ts';

export { TokenLedger } from './ledger.ts';
export { LocalFacilitatorClient, buildFacilitator, buildResourceServer } from './facilitator.ts';
export { X402Payments } from './payments.ts';

/**
 * The chain clock, unix seconds: real time plus whatever the control plane advanced the stub clock.
 * Real time, not the stub's anchor, because x402 clients sign validity windows with their own clock
 * (and the SDK checks them against real time); advancing the stub clock still expires authorizations.
 */
export const chainClock = (clock: Clock) => (): bigint => BigInt(Math.floor((Date.now() + clock.offsetMs()) / 1000));
