/**
 * A FacilitatorEvmSigner (@x402/evm) backed by the in-memory TokenLedger instead of an RPC node:
 * the SDK's exact-scheme facilitator reads token state, simulates and "broadcasts"
 * transferWithAuthorization and waits for receipts exactly as it would on a chain. One signer per
 * network, because the SDK's signer interface carries no chain id.
 */
import { decodeFunctionData, encodeFunctionResult, serializeSignature, verifyTypedData, type TypedDataDefinition } from 'viem';
import { eip3009ABI, type FacilitatorEvmSigner } from '@x402/evm';
import { LedgerRevert, type Authorization, type TokenLedger } from './ledger.ts';
import { FACILITATOR_ADDRESS, type Hex, type TokenInfo } from './tokens.ts';

const MULTICALL3 = '0xca11bde05977b3631167028862be2a173976ca11';
/** Stand-in runtime code: the SDK only checks that the asset address holds a contract. */
const TOKEN_CODE: Hex = '0x6080604052';

type Call = { functionName: string; args?: readonly unknown[] };

/** transferWithAuthorization arguments, either (…, v, r, s) or (…, bytes signature). */
function transferArgs(args: readonly unknown[] | undefined): { auth: Authorization; signature: Hex } {
  const a = args ?? [];
  if (a.length !== 7 && a.length !== 9) throw new LedgerRevert('transferWithAuthorization: bad arguments');
  const auth: Authorization = {
    from: a[0] as Hex,
    to: a[1] as Hex,
    value: BigInt(a[2] as bigint),
    validAfter: BigInt(a[3] as bigint),
    validBefore: BigInt(a[4] as bigint),
    nonce: a[5] as Hex,
  };
  if (a.length === 7) return { auth, signature: a[6] as Hex };
  const v = BigInt(a[6] as bigint | number);
  const r = a[7] as Hex;
  const s = a[8] as Hex;
  const signature = v <= 1n ? serializeSignature({ r, s, yParity: Number(v) }) : serializeSignature({ r, s, v });
  return { auth, signature };
}

/** The ledger-backed signer the exact-scheme facilitator uses for `token`'s network. */
export function ledgerSigner(ledger: TokenLedger, token: TokenInfo): FacilitatorEvmSigner {
  const isToken = (address: string): boolean => address.toLowerCase() === token.address.toLowerCase();

  const callToken = async ({ functionName, args }: Call): Promise<unknown> => {
    const a = args ?? [];
    switch (functionName) {
      case 'balanceOf':
        return ledger.balanceOf(token, a[0] as string);
      case 'name':
        return token.name;
      case 'version':
        return token.version;
      case 'decimals':
        return token.decimals;
      case 'authorizationState':
        return ledger.authorizationState(token, a[0] as string, a[1] as string);
      case 'transferWithAuthorization': {
        const { auth, signature } = transferArgs(a);
        await ledger.simulateTransfer(token, auth, signature);
        return undefined;
      }
      default:
        throw new LedgerRevert(`execution reverted: ${functionName} is not implemented by the stub token`);
    }
  };

  // Multicall3.tryAggregate: each call is decoded, run against the ledger and its result re-encoded.
  const tryAggregate = async (calls: readonly { target: string; callData: Hex }[]) =>
    Promise.all(
      calls.map(async ({ target, callData }) => {
        try {
          if (!isToken(target)) throw new LedgerRevert('no contract');
          const { functionName, args } = decodeFunctionData({ abi: eip3009ABI, data: callData });
          const result = await callToken({ functionName, args });
          const returnData =
            functionName === 'transferWithAuthorization' ? '0x' : encodeFunctionResult({ abi: eip3009ABI, functionName, result } as never);
          return { success: true, returnData };
        } catch {
          return { success: false, returnData: '0x' as Hex };
        }
      }),
    );

  return {
    getAddresses: () => [FACILITATOR_ADDRESS],
    async readContract({ address, functionName, args }) {
      if (address.toLowerCase() === MULTICALL3 && functionName === 'tryAggregate') {
        return tryAggregate((args?.[1] ?? []) as { target: string; callData: Hex }[]);
      }
      if (!isToken(address)) throw new LedgerRevert(`execution reverted: no contract at ${address}`);
      return callToken({ functionName, args });
    },
    async verifyTypedData(args) {
      try {
        return await verifyTypedData(args as unknown as TypedDataDefinition & { address: Hex; signature: Hex });
      } catch {
        return false;
      }
    },
    async writeContract({ address, functionName, args }) {
      if (!isToken(address) || functionName !== 'transferWithAuthorization') {
        throw new LedgerRevert(`execution reverted: ${functionName} is not supported by the stub ledger`);
      }
      const { auth, signature } = transferArgs(args);
      return ledger.transferWithAuthorization(token, auth, signature);
    },
    async sendTransaction() {
      throw new LedgerRevert('execution reverted: the stub ledger deploys no contracts');
    },
    async waitForTransactionReceipt({ hash }) {
      const receipt = ledger.receipt(hash);
      if (!receipt) throw new Error(`transaction ${hash} not found`);
      return receipt;
    },
    async getCode({ address }) {
      return isToken(address) ? TOKEN_CODE : undefined;
    },
  };
}
