/**
 * The per-IP guard's decision on arrival (spec: Limits rule 1; Limits table; gap LIM-027): every
 * request to an operation of the contract counts against its client address, paid or free, unsigned
 * x402 challenges included, before anything else runs (the body is not read, nothing is debited or
 * settled). Control-plane calls and paths the contract does not serve never count.
 *
 * The operations' paths are matched with find-my-way, the router fastify itself uses, with the options
 * the server gives fastify (ROUTER_OPTIONS), so a request counts exactly when fastify would route it to
 * an operation (a HEAD of a GET operation included, as fastify serves one).
 */
import FindMyWay from 'find-my-way';
import type { IncomingMessage } from 'node:http';
import type { FixedAnswer } from '../http/reply.ts';
import type { RateLimiter } from './limiter.ts';
import { mutant } from '../mutants.ts';

/** The router options of the stub's fastify instance (stub/server.ts), shared so both route alike. */
export const ROUTER_OPTIONS = { maxParamLength: 2048 } as const;

const counts = (): void => undefined;

/** The client address the guard counts: the socket's peer, IPv4-mapped IPv6 unwrapped (as fastify's request.ip). */
const clientAddress = (req: IncomingMessage): string => (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');

export class IpGuard {
  private readonly counted = FindMyWay(ROUTER_OPTIONS);
  /** Mutant lim-unsigned-challenge-cached: the URLs of unsigned GETs seen. */
  private readonly unsignedSeen = new Set<string>();

  /**
   * @param onRefused called with a request the guard refused and its operation (mutant lim-guard-429-debited's
   *   debit: stub/server.ts); the guard itself never bills
   */
  constructor(
    private readonly limits: RateLimiter,
    private readonly onRefused?: (req: IncomingMessage, operationId: string) => void,
  ) {}

  /** Counts the requests of an operation at `path` (fastify's form, `:param`); a GET's HEAD too. */
  count(method: 'GET' | 'POST', path: string, operationId: string): void {
    this.counted.on(method, path, counts, { operationId });
    if (method === 'GET') this.counted.on('HEAD', path, counts, { operationId });
  }

  /**
   * Admits (counts) a request of a counted operation or refuses it; any other request passes uncounted.
   * Nothing is looked up while the limits are lifted.
   * @returns the 429 to answer with (stub/http/refusal.ts), or undefined to go on routing
   */
  decide(req: IncomingMessage): FixedAnswer | undefined {
    if (this.limits.isLifted) return undefined;
    const found = this.counted.find(req.method as FindMyWay.HTTPMethod, req.url ?? '');
    if (found === null) return undefined;
    // Mutant lim-guard-skips-link: the wallet link is left out of the guard, as if it were a control route.
    if (mutant('lim-guard-skips-link') && req.method === 'GET' && req.url?.startsWith('/api/v1/wallets/link')) return undefined;
    // Mutant lim-unsigned-challenge-cached: a repeated unsigned GET of one URL is answered from a challenge cache in
    // front of the guard, neither counted nor refused (round-14 bug).
    if (
      mutant('lim-unsigned-challenge-cached') &&
      req.method === 'GET' &&
      !req.headers['x-service-api-key'] &&
      !req.headers['payment-signature']
    ) {
      if (this.unsignedSeen.has(req.url ?? '')) return undefined;
      this.unsignedSeen.add(req.url ?? '');
    }
    const refused = this.limits.admitOnArrival(clientAddress(req));
    if (refused && this.onRefused) this.onRefused(req, (found.store as { operationId: string }).operationId);
    return refused;
  }
}
