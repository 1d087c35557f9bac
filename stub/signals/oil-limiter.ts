/**
 * The oil route's own limits (spec: GET /api/v1/signals/oil; Limits rule 3; rules OIL-011..014):
 * one request in flight and request starts at least one second apart, per principal.
 */
import type { ApiError } from '../errors.ts';
import { rateLimited as answer429 } from '../limits/answer.ts';
import { mutant } from '../mutants.ts';

interface ScopeState {
  inFlight: boolean;
  lastStartMs: number;
}

export class OilLimiter {
  private readonly scopes = new Map<string, ScopeState>();

  /** @param nowMs the stub clock (ms); @param spacingMs minimum gap between starts. */
  constructor(
    private readonly nowMs: () => number,
    private readonly spacingMs = 1000,
  ) {}

  /** Whether a request of `scope` is in flight now (what an in-flight refusal of check() was about). */
  busy(scope: string): boolean {
    return this.scopes.get(scope)?.inFlight === true;
  }

  /** Forgets every scope (control-plane reset: the clock may move back to its seeded offset). */
  reset(): void {
    this.scopes.clear();
  }

  /**
   * Refuses a request for `scope` that could not start now, without starting it. Called at admission,
   * before any debit, so that the 429 debits and settles nothing (Limits rule 2; BILL-008).
   * @throws ApiError 429 rate_limited with Retry-After.
   */
  check(scope: string): ScopeState {
    const state = this.scopes.get(scope) ?? { inFlight: false, lastStartMs: Number.NEGATIVE_INFINITY };
    const now = this.nowMs();
    if (state.inFlight) throw rateLimited(Math.max(1, Math.ceil((state.lastStartMs + this.spacingMs - now) / 1000)), true);
    const waitMs = state.lastStartMs + this.spacingMs - now;
    // Mutant oil-spacing-wait-floored: the spacing 429's wait rounded down, so it says 0 s (round-15 bug).
    if (waitMs > 0)
      throw rateLimited(mutant('oil-spacing-wait-floored') ? Math.floor(waitMs / 1000) : Math.max(1, Math.ceil(waitMs / 1000)), false);
    return state;
  }

  /**
   * Starts a request for `scope`; call the returned function when it finishes. Only admitted,
   * well-formed requests reach this, so 401/402/422/429 answers never move the clock (OIL-013).
   * @throws ApiError 429 rate_limited with Retry-After (OIL-014).
   */
  start(scope: string): () => void {
    const state = this.check(scope);
    state.inFlight = true;
    state.lastStartMs = this.nowMs();
    this.scopes.set(scope, state);
    return () => {
      state.inFlight = false;
      // Mutant oil-spacing-from-end: the one second is counted from the previous request's end, not its start.
      if (mutant('oil-spacing-from-end')) state.lastStartMs = this.nowMs();
    };
  }
}

function rateLimited(seconds: number, concurrency: boolean): ApiError {
  return answer429('oil', [{ window: concurrency ? 'concurrency' : 'spacing', retryAfter: seconds }]);
}
