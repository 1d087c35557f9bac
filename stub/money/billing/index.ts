/** The stub's gate, wired: accounts, the token ledger and the x402 SDK (resource server + in-process facilitator). */
import type { AccountStore } from '../accounts/store.ts';
import type { Clock } from '../../clock.ts';
import {
  LocalFacilitatorClient,
  X402Payments,
  buildFacilitator,
  buildResourceServer,
  chainClock,
  type TokenLedger,
} from '../x402/index.ts';
import { AccountGate } from './account-gate.ts';
import { Challenges } from './challenge.ts';
import type { Gate } from './gate.ts';

export type { Gate } from './gate.ts';

/** Builds the gate over `accounts` and `ledger`; the SDK resource server initializes on first use. */
export function createGate(accounts: AccountStore, ledger: TokenLedger, clock: Clock): Gate {
  const server = buildResourceServer(new LocalFacilitatorClient(buildFacilitator(ledger)));
  let init: Promise<void> | undefined;
  const ready = (): Promise<void> => (init ??= server.initialize());
  const payments = new X402Payments(server, ledger, chainClock(clock));
  return new AccountGate(accounts, payments, new Challenges(server, ready));
}
