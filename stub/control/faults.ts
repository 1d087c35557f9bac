/**
 * Upstream fault injection (control plane, contract/control.yaml): a fault makes one route's
 * upstream fail with a status (default 502) or answer slowly. The server's route wrapper applies it
 * after the gate admitted the call and before the handler, so a failed upstream is never billed:
 * the API-key debit is refunded and the x402 payment is not settled (spec: Authentication rule 7).
 */
import { randomBytes } from 'node:crypto';
import { ApiError, unavailableCode } from '../errors.ts';

export interface FaultSpec {
  /** HTTP method, upper case. */
  method: string;
  /** The contract's path template (/api/v1/markets/{slug}/signals) or a concrete path (no query). */
  path: string;
  /** Status the upstream failure answers (400..599), or null for a slow-down only. */
  status: number | null;
  /** Delay before the upstream answers, ms. */
  latencyMs: number;
  /** How many calls it applies to; null = until cleared. */
  times: number | null;
  /** Only calls carrying this X-Fault-Scope header value; null = every call. */
  scope: string | null;
}

export interface Fault extends FaultSpec {
  id: string;
  /** Calls left (null = unlimited). */
  remaining: number | null;
}

/** Most a fault may delay a call, ms. */
export const MAX_FAULT_LATENCY_MS = 30_000;

export class FaultTable {
  private faults: Fault[] = [];

  add(spec: FaultSpec): Fault {
    const fault: Fault = { ...spec, method: spec.method.toUpperCase(), id: `flt_${randomBytes(6).toString('hex')}`, remaining: spec.times };
    this.faults.push(fault);
    return fault;
  }

  list(): readonly Fault[] {
    return this.faults;
  }

  clear(): void {
    this.faults = [];
  }

  /**
   * The fault of a request to the operation at `template` (its X-Fault-Scope header `scope`), consuming
   * one of its `times`; nothing to look at while no fault is set (an idle control plane).
   */
  forRequest(method: string, template: string, url: string, scope: string | string[] | undefined): Fault | undefined {
    if (this.faults.length === 0) return undefined;
    return this.take(method, template, url.replace(/\?.*$/, ''), Array.isArray(scope) ? scope[0] : scope);
  }

  /** The first live fault of a call (consuming one of its `times`), if any. `scope`: the call's X-Fault-Scope. */
  private take(method: string, template: string, path: string, scope?: string): Fault | undefined {
    const m = method.toUpperCase();
    const fault = this.faults.find(
      (f) => f.method === m && (f.path === template || f.path === path) && (f.scope === null || f.scope === scope),
    );
    if (!fault) return undefined;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    }
    return fault;
  }
}

/** The error an upstream failing with `status` answers, in the error envelope (spec: Errors). */
export function faultError(status: number): ApiError {
  switch (status) {
    case 404:
      return new ApiError(404, 'not_found', 'The upstream source has no such item (injected fault)');
    case 429:
      return new ApiError(
        429,
        'rate_limited',
        'Rate limited (injected fault)',
        { retry_after: 1, limit_scope: 'standard' },
        { 'Retry-After': '1' },
      );
    case 503:
      return new ApiError(503, unavailableCode(), 'The upstream source is unavailable (injected fault)');
    default:
      if (status >= 500) return new ApiError(status, 'upstream_unavailable', 'The upstream source failed (injected fault)');
      return new ApiError(status, 'invalid_request', 'The upstream source refused the request (injected fault)');
  }
}

/** Applies a fault: waits its latency, then throws its status if it has one. @throws ApiError */
export async function applyFault(fault: Fault): Promise<void> {
  if (fault.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
  if (fault.status !== null) throw faultError(fault.status);
}
