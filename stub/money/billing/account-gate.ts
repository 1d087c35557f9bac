/**
 * The gate of the stub (spec: Authentication; Errors 401/402/403/409/422): API-key accounts with
 * credit debits, or x402 v2 payments verified and settled by the protocol's SDK.
 *
 * - Free routes ignore keys and payments entirely.
 * - A key is used whenever one is sent (a payment next to it is ignored, never settled) — except on
 *   the wallet link, where the payment is the proof of the payer and the key is only validated.
 *   Unknown key → 401 invalid_api_key; job routes without entitlement (x-fc-entitlement) → 403 entitlement_required;
 *   balance below the price → 403 insufficient_credits. The debit happens at admission (atomic) and
 *   is refunded when the answer is not billed.
 * - No key: key-only routes → 401 gateway_required; no payment → 402 payment_required with a
 *   PAYMENT-REQUIRED challenge; a replayed payment or one made for another resource → 409
 *   payment_replay_mismatch; any other invalid payment → 402 payment_required with a fresh challenge (ERR-004)
 *   (on the wallet link: 422 x402_payment_required, "no verifiable payer"). A verified payment is
 *   settled only when the answer is billed, and its PAYMENT-RESPONSE is added then.
 */
import { encodePaymentRequiredHeader, encodePaymentResponseHeader } from '@x402/core/http';
import type { IncomingHttpHeaders } from 'node:http';
import { contract } from '../../../contract/index.ts';
import type { AccountStore } from '../accounts/store.ts';
import { ApiError } from '../../errors.ts';
import type { X402Payments } from '../x402/payments.ts';
import type { Challenges } from './challenge.ts';
import { mutant } from '../../mutants.ts';
import { isBilledStatus, NO_HEADERS, type AddedHeaders, type Admission, type AdmitRequest, type Gate, type Principal } from './gate.ts';
import { servedPrice } from './prices.ts';
import { extraDebit, keepsUnbilledDebit } from './ledger-mutants.ts';
import { alt } from '../../variant.ts';
import { PRICES, type Price } from '../../../contract/pricing.ts';

/**
 * Routes whose x402 payment identifies the payer being attested (spec: GET /api/v1/wallets/link): the
 * operations whose only auth mode is x402 (their `security` in contract/openapi.yaml), read from the contract.
 */
const isPayerRoute = (operationId: string): boolean => !contract().operation(operationId).facts.auth.includes('apiKey');
/**
 * Routes that need an active API entitlement: `x-fc-entitlement.required` in contract/openapi.yaml (the spec
 * documents the 403 on GET /api/auth/forecast-requests/{jobId}; on the generation it is the stub's choice, gap AUTH-017).
 */
const needsEntitlement = (operationId: string): boolean => contract().operation(operationId).facts.entitlement.required;

const FREE: Admission = { finish: () => NO_HEADERS };
/** The finish of an admission with nothing to settle or refund. */
const nothingToFinish = (): AddedHeaders => NO_HEADERS;

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Runs `fn` on the first call only; later calls answer no headers. */
function once(fn: (status: number, billable: boolean) => AddedHeaders | Promise<AddedHeaders>): Admission['finish'] {
  let done = false;
  return (status, billable = true) => {
    if (done) return NO_HEADERS;
    done = true;
    return fn(status, billable);
  };
}

/** Calls admitted per account and not yet finished (mutant bill-refund-dropped-while-busy only reads it). */
const inFlight = new Map<string, number>();
/** The account and URL of each stance 404 refunded (mutant bill-repeat-404-kept-stance only). */
const refunded404 = new Set<string>();

/** Mutant auth-refusal-remembered: when each account was last refused for credits, ms. */
const drained = new Map<string, number>();
/** Mutant auth-short-refusal-remembered: when each account and operation was last refused at a short balance, ms. */
const shortOf = new Map<string, number>();
/** Mutant auth-entitlement-denial-remembered: when each account was last refused for its entitlement, ms. */
const unentitled = new Map<string, number>();

export class AccountGate implements Gate {
  constructor(
    private readonly accounts: AccountStore,
    private readonly payments: X402Payments,
    private readonly challenges: Challenges,
  ) {}

  /**
   * Synchronous except where a payment is verified or a challenge built (no await on an API key's path:
   * a paid read is admitted within its own turn).
   */
  admit(req: AdmitRequest): Admission | Promise<Admission> {
    // The price served (the alternate stub flips the prices the spec does not show: stub/money/billing/prices.ts).
    const price = servedPrice(req.operationId, req.price);
    const { operationId } = req;
    if (
      price.credits === 0 &&
      !price.keyOnly &&
      (mutant('bill-free-route-debit') ||
        (mutant('bill-free-debit-targets') && operationId === 'getForecastTargets') ||
        (mutant('bill-free-debit-availability') && operationId === 'getForecastAvailability') ||
        (mutant('bill-free-debit-pricing') && operationId === 'getPricing') ||
        (mutant('bill-free-debit-openapi-v1') && operationId === 'getOpenApiV1'))
    )
      this.accounts.debit(this.accounts.byKey(header(req.headers, 'x-service-api-key') ?? '')?.id ?? '', 1, operationId);
    if (price.credits === 0 && !price.keyOnly) return FREE;
    // BILL-020: the spec names no HEAD; the alternate stub never bills one (it serves the GET without a body).
    if (req.method === 'HEAD' && alt('BILL-020')) return FREE;
    const key = header(req.headers, 'x-service-api-key');
    const payment = header(req.headers, 'payment-signature');
    const payerRoute = isPayerRoute(operationId);

    // WAL-024: the alternate stub ignores a key sent to the wallet link, whose only proof is the payment.
    if (key !== undefined && !(payerRoute && alt('WAL-024'))) {
      const account = this.accounts.byKey(key);
      if (!account)
        throw new ApiError(
          401,
          mutant('err-invalid-key-code') ? ('unauthorized' as 'invalid_api_key') : 'invalid_api_key',
          'The x-service-api-key is not valid',
        );
      // AUTH-014: with both a key and a payment, the alternate stub takes the payment (the key is only validated).
      if (!payerRoute && !(payment !== undefined && price.x402 && alt('AUTH-014')))
        return this.admitKey(req, price, account.id, account.entitled);
      if (payment === undefined) return { principal: { accountId: account.id, via: 'api-key' }, finish: nothingToFinish };
    }
    if (mutant('wal-unauth-token') && operationId === 'createWalletLinkToken')
      return { principal: { accountId: 'acct_1', via: 'api-key' }, finish: nothingToFinish };
    if (!price.x402) throw new ApiError(401, 'gateway_required', 'This route needs an API key in x-service-api-key');
    if (payment === undefined) {
      // WAL-023: the alternate stub lets the link route judge its token before the missing payment (WAL-022).
      if (payerRoute && alt('WAL-023')) return { finish: nothingToFinish };
      return this.refuseUnpaid(req.url, operationId, price.credits);
    }
    return this.admitPayment(req, price, payment, payerRoute);
  }

  /** @throws ApiError 402 payment_required with a fresh challenge (the promise's rejection). */
  private async refuseUnpaid(url: string, operationId: string, credits: number): Promise<never> {
    throw await this.challenges.error(
      url,
      operationId,
      credits,
      'payment_required',
      'Payment required: pay with x402 (PAYMENT-SIGNATURE) or send an API key',
    );
  }

  async challengeHeaders(url: string, operationId: string): Promise<Record<string, string>> {
    const price = servedPrice(operationId, PRICES[operationId]!);
    return { 'PAYMENT-REQUIRED': encodePaymentRequiredHeader(await this.challenges.paymentRequired(url, operationId, price.credits, '')) };
  }

  private admitKey(req: AdmitRequest, price: Price, accountId: string, entitled: boolean): Admission {
    const { operationId } = req;
    // Mutant auth-own-job-entitlement-skipped: the job read passes the gate; its route refuses only a job the account
    // does not own (round-11 bug: the entitlement checked on the not-found path only).
    // Mutant auth-entitlement-denial-remembered: a key refused for its entitlement stays refused for 5 minutes, its
    // entitlement restored notwithstanding (round-14 bug).
    const remembered = mutant('auth-entitlement-denial-remembered') && Date.now() - (unentitled.get(accountId) ?? -Infinity) < 300_000;
    if (
      needsEntitlement(operationId) &&
      (!entitled || remembered) &&
      !(mutant('auth-own-job-entitlement-skipped') && operationId === 'getForecastRequest')
    ) {
      if (mutant('auth-entitlement-denial-remembered') && !remembered) unentitled.set(accountId, Date.now());
      // AUTH-016: the 403's code is not shown; the alternate stub says entitlement_inactive.
      throw new ApiError(
        403,
        alt('AUTH-016') ? 'entitlement_inactive' : 'entitlement_required',
        'The account lacks an active API entitlement',
      );
    }
    // Mutant auth-job-read-empty-balance: the free job read refused 403 insufficient_credits at a zero balance (round-13 bug).
    if (mutant('auth-job-read-empty-balance') && operationId === 'getForecastRequest' && this.accounts.get(accountId)?.credits === 0)
      throw new ApiError(403, 'insufficient_credits', 'The account holds 0 credits');
    const principal: Principal = { accountId, via: 'api-key' };
    req.beforeDebit?.(principal);
    if (price.credits === 0) return { principal, finish: nothingToFinish };
    // Mutant auth-refusal-remembered: a key refused for credits stays refused for 60 s, a top-up notwithstanding (round-13 bug).
    if (mutant('auth-refusal-remembered') && Date.now() - (drained.get(accountId) ?? -Infinity) < 60_000)
      throw new ApiError(403, 'insufficient_credits', `This call costs ${price.credits} credits`);
    // Mutant auth-short-refusal-remembered: a refusal at a short, positive balance is remembered per route for 60 s
    // (round-15 bug).
    if (mutant('auth-short-refusal-remembered') && Date.now() - (shortOf.get(`${accountId} ${operationId}`) ?? -Infinity) < 60_000)
      throw new ApiError(403, 'insufficient_credits', `This call costs ${price.credits} credits`);
    // Mutant auth-credit-check-double-sources: the evidence route's credit check asks twice its price (the debit stays).
    const short =
      mutant('auth-credit-check-double-sources') &&
      operationId === 'listSources' &&
      (this.accounts.get(accountId)?.credits ?? 0) < 2 * price.credits;
    const debit =
      !short && this.accounts.debit(mutant('bill-debit-neighbour') ? neighbour(accountId) : accountId, price.credits, operationId);
    if (!debit) {
      const balance = this.accounts.get(accountId)?.credits ?? 0;
      if (mutant('auth-refusal-remembered')) drained.set(accountId, Date.now());
      if (mutant('auth-short-refusal-remembered') && balance > 0) shortOf.set(`${accountId} ${operationId}`, Date.now());
      if (mutant('bill-debit-before-check') && balance > 0) this.accounts.debit(accountId, balance, operationId);
      throw new ApiError(403, 'insufficient_credits', `This call costs ${price.credits} credits; the account holds ${balance}`);
    }
    if (mutant('bill-double-debit') || (mutant('bill-double-debit-latest') && operationId === 'getLatest'))
      this.accounts.debit(accountId, price.credits, operationId);
    const extra = extraDebit(operationId, new URL(req.url).searchParams, price.credits);
    if (extra) this.accounts.debit(accountId, extra, operationId);
    const admittedMs = Date.now();
    inFlight.set(accountId, (inFlight.get(accountId) ?? 0) + 1);
    return {
      principal,
      finish: once((status, billable) => {
        const busy = (inFlight.get(accountId) ?? 1) > 1;
        if (busy) inFlight.set(accountId, inFlight.get(accountId)! - 1);
        else inFlight.delete(accountId);
        // Mutant bill-refund-dropped-while-busy: an unbilled answer keeps its debit while another call of the account is in flight (round-10 bug).
        if (busy && mutant('bill-refund-dropped-while-busy')) return NO_HEADERS;
        if (
          keepsUnbilledDebit(operationId, status, new URL(req.url)) ||
          // Mutant bill-upstream-500-kept: an upstream's 500 keeps its debit (round-19 bug: refunds keyed on a status list).
          (status === 500 && mutant('bill-upstream-500-kept')) ||
          // Mutant bill-upstream-4xx-kept: an upstream's 409 of the latest feed keeps its debit (round-23 bug: refunds
          // keyed on 404, 429 and 5xx).
          (status === 409 && operationId === 'getLatest' && mutant('bill-upstream-4xx-kept')) ||
          // Mutant bill-upstream-429-kept: market search's upstream 429 keeps its debit (round-24 bug: the refund was for
          // the limiter's own 429, which is refused before any debit).
          (status === 429 && operationId === 'searchMarkets' && mutant('bill-upstream-429-kept')) ||
          (status === 404 &&
            (mutant('bill-no-refund-404') ||
              (mutant('bill-no-refund-404-forecast') && operationId === 'getMarketForecast') ||
              (mutant('bill-no-refund-404-generation') && operationId === 'createForecastRequest'))) ||
          (status === 502 &&
            (mutant('bill-no-refund-502') || (mutant('bill-no-refund-502-portfolio') && operationId === 'getPortfolio'))) ||
          // Mutant bill-sources-wide-window-502-kept: the evidence route's 502 keeps its debit above window=72 (round-9 bug).
          (status === 502 &&
            operationId === 'listSources' &&
            mutant('bill-sources-wide-window-502-kept') &&
            Number(new URL(req.url).searchParams.get('window') ?? 48) > 72)
        )
          return NO_HEADERS;
        // Mutant bill-slow-upstream-error-kept-sources: the evidence route's upstream error keeps its debit once the call took a second (round-6 bug).
        if (
          status >= 500 &&
          operationId === 'listSources' &&
          mutant('bill-slow-upstream-error-kept-sources') &&
          Date.now() - admittedMs >= 1000
        )
          return NO_HEADERS;
        // Mutant bill-repeat-404-kept-stance: a 404 of the stance route is refunded once per account and URL; a repeat keeps its debit.
        if (status === 404 && operationId === 'getAssetStance' && mutant('bill-repeat-404-kept-stance')) {
          const seen = `${accountId} ${req.url}`;
          if (refunded404.has(seen)) return NO_HEADERS;
          refunded404.add(seen);
        }
        if (!(billable && isBilledStatus(status))) this.accounts.refund(debit);
        return NO_HEADERS;
      }),
    };
  }

  private async admitPayment(req: AdmitRequest, price: Price, header: string, payerRoute: boolean): Promise<Admission> {
    const { operationId, url } = req;
    const offered = await this.challenges.requirements(price.credits);
    const outcome = await this.payments.verify(header, offered, url);
    if (!outcome.ok) {
      // Mutant x402-replay-served-perps: the perps route serves a replayed payment without settling it again.
      if (outcome.kind === 'replay' && mutant('x402-replay-served-perps') && operationId === 'listPerpSignals')
        return { finish: nothingToFinish };
      if (outcome.kind === 'replay') throw new ApiError(409, 'payment_replay_mismatch', `Payment refused: ${outcome.reason}`);
      if (payerRoute) throw new ApiError(422, 'x402_payment_required', `No verifiable payer: ${outcome.reason}`);
      throw await this.challenges.error(url, operationId, price.credits, 'payment_required', `Payment refused: ${outcome.reason}`);
    }
    const { payment } = outcome;
    const undo: (() => void)[] = [];
    const rollback = () => {
      for (const step of undo.reverse()) step();
    };
    const principal: Principal = {
      accountId: `x402:${payment.payer.toLowerCase()}`,
      via: 'x402',
      payer: { address: payment.payer, network: payment.token.network, chainId: payment.token.chainId },
      onUnbilled: (step) => undo.push(step),
    };
    // The payer is known now; a refusal here (a 429 of the payer's quota) leaves the payment unused (BILL-009).
    try {
      req.beforeDebit?.(principal);
    } catch (err) {
      this.payments.unbilled(payment);
      throw err;
    }
    return {
      principal,
      finish: once(async (status, billable): Promise<AddedHeaders> => {
        if (
          !(billable && isBilledStatus(status)) &&
          !(mutant('x402-settle-on-404') && status === 404) &&
          !(mutant('x402-settle-profile-404') && status === 404 && operationId === 'createSocialProfile') &&
          !(mutant('x402-settle-on-502-sources') && status === 502 && operationId === 'listSources') &&
          !(mutant('x402-settle-link-404') && status === 404 && operationId === 'linkWallet')
        ) {
          this.payments.unbilled(payment);
          rollback();
          return NO_HEADERS;
        }
        const settled = await this.payments.settle(payment);
        if (!settled.success) {
          rollback();
          throw await this.challenges.error(
            url,
            operationId,
            price.credits,
            'payment_required',
            `Payment refused: settlement failed (${settled.errorReason ?? 'unknown'})`,
          );
        }
        // X402-029: the payer is optional in x402 v2's SettleResponse; the alternate stub leaves it out.
        const { payer: _payer, ...withoutPayer } = settled;
        // Mutants x402-no-settlement-header-oil and -link: the route settles but leaves out PAYMENT-RESPONSE.
        if (mutant('x402-no-settlement-header-oil') && operationId === 'getOilSignal') return NO_HEADERS;
        if (mutant('x402-no-settlement-header-link') && operationId === 'linkWallet') return NO_HEADERS;
        return { 'PAYMENT-RESPONSE': encodePaymentResponseHeader(alt('X402-029') ? withoutPayer : settled) };
      }),
    };
  }
}

/** Mutant bill-debit-neighbour: acct_N's debit lands on acct_(N-1), the account created just before it (acct_1 keeps its own). */
const neighbour = (accountId: string): string =>
  accountId.replace(/^acct_(\d+)$/, (id, n: string) => (n === '1' ? id : `acct_${Number(n) - 1}`));
