/**
 * The signature-challenge alternative of wallet attestation (spec: "POST /api/auth/wallets/challenge
 * and /attest: signature-challenge alternative to the link route"; shapes not shown, see WAL gaps):
 * an EIP-4361 (SIWE) message built and verified with viem/siwe. No chain is contacted: the client
 * used for verification has no transport, so only EOA (ECDSA) signatures verify.
 */
import { createClient, custom, getAddress } from 'viem';
import { createSiweMessage, generateSiweNonce, verifySiweMessage } from 'viem/siwe';
import type { Hex } from '../money/x402/tokens.ts';

const STATEMENT = 'Attest this wallet to your account of the Prediction-Market Forecast Intelligence API.';

/** A viem client whose every RPC call fails: verification stays in-process. */
const offlineClient = createClient({
  transport: custom({
    request: async () => {
      throw new Error('the stub has no chain RPC');
    },
  }),
});

export interface SiweParams {
  address: Hex;
  chainId: number;
  /** {site_url}: its host is the SIWE domain, itself the URI. */
  siteUrl: string;
  issuedAt: Date;
  expiresAt: Date;
}

/** A fresh SIWE message and its nonce. */
export function buildSiweMessage(p: SiweParams): { message: string; nonce: string } {
  const nonce = generateSiweNonce();
  const url = new URL(p.siteUrl);
  const message = createSiweMessage({
    address: getAddress(p.address),
    chainId: p.chainId,
    domain: url.host,
    uri: url.origin,
    version: '1',
    nonce,
    statement: STATEMENT,
    issuedAt: p.issuedAt,
    expirationTime: p.expiresAt,
  });
  return { message, nonce };
}

/**
 * True when `signature` is the SIWE message's signer's (EIP-191) signature, and the message is
 * valid at `time` for `domain`, `nonce` and `address`. Never throws.
 */
export async function verifySiwe(p: {
  message: string;
  signature: Hex;
  address: Hex;
  nonce: string;
  siteUrl: string;
  time: Date;
}): Promise<boolean> {
  try {
    return await verifySiweMessage(offlineClient, {
      message: p.message,
      signature: p.signature,
      address: p.address,
      nonce: p.nonce,
      domain: new URL(p.siteUrl).host,
      time: p.time,
    });
  } catch {
    return false;
  }
}
