/**
 * The shared error envelope (spec: Errors) and the x402 challenge of a 402, as violations:
 * every error body is JSON with string `error` and `message` (ERR-001), retry_after only on 429
 * (ERR-002), the code matches the status (ERR-003/004/006/007/010/014), no server error but the documented
 * 502/503 (CONTRACT-001), and a 402 carries a decodable PAYMENT-REQUIRED challenge (X402-001..003).
 */
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { type RuleCase } from './define.ts';
import { defineCheck } from './define.ts';
import { contract } from '../contract/index.ts';

/** Rule IDs of this module (contract/rules/errors.yaml, x402.yaml, contract.yaml). */
export const ERROR_RULES = {
  envelope: 'ERR-001',
  retryAfterOnly429: 'ERR-002',
  code401: 'ERR-003',
  code402: 'ERR-004',
  unknownPath: 'ERR-005',
  code404: 'ERR-006',
  code409: 'ERR-007',
  invalidRequest: 'ERR-008',
  code422: 'ERR-014',
  code502: 'ERR-010',
  statusDocumented: 'CONTRACT-001',
  challenge402: 'X402-001',
  challengeHeader: 'X402-002',
  challengeVersion: 'X402-003',
} as const;

/** Error codes allowed per status (spec: Errors table; idempotency_key_reused is the stub's ERR-012 choice). */
export const CODES_BY_STATUS: Readonly<Record<number, { rule: string; codes: readonly string[] }>> = {
  401: { rule: ERROR_RULES.code401, codes: ['invalid_api_key', 'gateway_required'] },
  402: { rule: ERROR_RULES.code402, codes: ['payment_required'] },
  404: { rule: ERROR_RULES.code404, codes: ['not_found', 'link_token_not_found', 'insufficient_post_history'] },
  409: { rule: ERROR_RULES.code409, codes: ['payment_replay_mismatch', 'wallet_already_attested'] },
  422: {
    rule: ERROR_RULES.code422,
    codes: ['invalid_request', 'x402_payment_required', 'forecast_topic_excluded', 'idempotency_key_reused'],
  },
};

/**
 * A 502's code (ERR-010): upstream_unavailable on every route but social search and profiling, whose 502 the
 * Errors table gives as a meaning without a code (gap XSRCH-005). Judged only when the operation is known.
 */
const UPSTREAM_502: { rule: string; codes: readonly string[] } = { rule: ERROR_RULES.code502, codes: ['upstream_unavailable'] };

/** Whether the operation's 502 carries the upstream_unavailable code (not a social research route). */
function upstreamCoded(operationId: string | undefined): boolean {
  if (!operationId) return false;
  const op = contract().operations.get(operationId);
  return op !== undefined && !op.facts.limits.includes('x_research');
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** What a check needs of one HTTP answer (header names lower-case). */
export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  bodyText: string;
}

/** Parses a body; undefined when it is not JSON. */
function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The gaps whose route text leaves an error answer's *body* unshown (the job read's 401, 403 and 404: "Body
 * shapes ... of this route: not shown", gap JOB-020). Other choices marked on an error response leave its *status*
 * open (what an unknown Asset or an unmatched reference answers: ASSET-111, ASRCH-108, SRC-012, WAL-024): a target
 * answering that status still answers an error body, and every error body is the envelope (Errors; round-25 bug: a
 * stance 404 without its message).
 */
const BODIES_UNSHOWN: ReadonlySet<string> = new Set(['JOB-020']);

/**
 * True when the route's own text leaves the body of this answer unshown, so the shared envelope's rules do not apply
 * to it: the operation's response for the status is marked `x-fc-choice` with a gap of BODIES_UNSHOWN.
 */
export function bodyNotShown(status: number, operationId: string | undefined): boolean {
  const gap = operationId === undefined ? undefined : contract().responseChoice(operationId, status);
  return gap !== undefined && BODIES_UNSHOWN.has(gap);
}

/**
 * True when the error code of this answer is not the Errors table's to state: its body is unshown, or the status
 * itself is the target's choice on this route (`x-fc-choice`), whose code comes with the choice.
 */
export function codeNotShown(status: number, operationId: string | undefined): boolean {
  return operationId !== undefined && contract().responseChoice(operationId, status) !== undefined;
}

/**
 * The error envelope of one answer with status >= 400 (nothing for other statuses): JSON
 * content-type and body, string `error` and `message`, retry_after only on 429, and a code the
 * Errors table allows for the status. Given the answering operation, nothing is judged of an answer
 * whose body that route's own text leaves unshown (bodyNotShown).
 */
export function checkErrorEnvelope(answer: ErrorAnswer, operationId?: string): Violation[] {
  const { status } = answer;
  if (status < 400 || bodyNotShown(status, operationId)) return [];
  const out: Violation[] = [];
  const ctype = answer.headers['content-type'] ?? '';
  if (!JSON_TYPE.test(ctype))
    out.push(
      violation(ERROR_RULES.envelope, 'header:content-type', `${status} error answer has content-type ${JSON.stringify(ctype)}, not JSON`),
    );
  const body = parse(answer.bodyText);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    out.push(violation(ERROR_RULES.envelope, '/', `${status} error body is not a JSON object: ${answer.bodyText.slice(0, 120)}`));
    return out;
  }
  const env = body as Record<string, unknown>;
  for (const field of ['error', 'message'] as const) {
    if (typeof env[field] !== 'string')
      out.push(
        violation(ERROR_RULES.envelope, ptr(field), `${status} error body needs a string ${field}, got ${JSON.stringify(env[field])}`),
      );
  }
  if ('retry_after' in env && status !== 429)
    out.push(violation(ERROR_RULES.retryAfterOnly429, ptr('retry_after'), `retry_after on a ${status} answer (only 429 carries it)`));
  const allowed = CODES_BY_STATUS[status] ?? (status === 502 && upstreamCoded(operationId) ? UPSTREAM_502 : undefined);
  if (allowed && !codeUnshown(status, operationId) && typeof env.error === 'string' && !allowed.codes.includes(env.error)) {
    out.push(
      violation(
        allowed.rule,
        ptr('error'),
        `${status} answer has error ${JSON.stringify(env.error)}; allowed: ${allowed.codes.join(', ')}`,
      ),
    );
  }
  return out;
}

/** A server error other than a 502/503 the operation documents (robustness: malformed input never crashes). */
export function checkNoServerError(status: number, documented: readonly string[]): Violation[] {
  if (status < 500) return [];
  if ((status === 502 || status === 503) && documented.includes(String(status))) return [];
  return [violation(ERROR_RULES.statusDocumented, 'status', `server error ${status} (documented: ${documented.join(', ')})`)];
}

/** The decoded PAYMENT-REQUIRED challenge, or undefined when the header is absent or not base64 JSON. */
export function decodeChallenge(header: string | undefined): Record<string, unknown> | undefined {
  if (!header || !/^[A-Za-z0-9+/=_-]+$/.test(header.trim())) return undefined;
  const value = parse(Buffer.from(header.trim(), 'base64').toString('utf8'));
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** An answer a route's own section gives to a request itself, before (and whatever) its credentials: unbilled. */
export interface RouteOwnAnswer {
  status: number;
  codes: readonly string[];
  /** The route's section and sentence that allow it. */
  source: string;
}

/**
 * A route's own text beats a general rule (issue 18): the answers each route's section gives to the
 * request itself, unbilled, which a target may give before looking at key or payment. The general
 * "no key, no payment" and "invalid key" rules (X402-001, AUTH-004) carry these exceptions.
 */
export const ROUTE_OWN_ANSWERS: Readonly<Record<string, readonly RouteOwnAnswer[]>> = {
  linkWallet: [
    {
      status: 404,
      codes: ['link_token_not_found'],
      source: 'Endpoints / GET /api/v1/wallets/link: "Errors (none is billed): 404 link_token_not_found"',
    },
    {
      status: 422,
      codes: ['invalid_request', 'x402_payment_required'],
      source: 'Endpoints / GET /api/v1/wallets/link: "422 missing or expired token, or no verifiable payer (x402_payment_required)"',
    },
  ],
  getMarketSignals: [
    {
      status: 404,
      codes: ['not_found'],
      source: 'Endpoints / GET /api/v1/markets/{slug}/signals: "When the slug is invalid or no evidence exists, the route returns 404"',
    },
  ],
};

/**
 * Every route may refuse a request on its own parameters or body (Errors: 422 invalid_request) before it
 * asks for credentials: that order is gap AUTH-020. Such an answer says the target found the request
 * itself invalid (a parameter it names otherwise, say), so no refusal for want of payment was judged.
 */
const PARAMETERS_FIRST: RouteOwnAnswer = {
  status: 422,
  codes: ['invalid_request'],
  source: 'Errors: table 2, row "422"; checked before credentials by a target taking gap AUTH-020 that way',
};

/** The route's own answer an answer of `operationId` is (ROUTE_OWN_ANSWERS, or a 422 invalid_request: PARAMETERS_FIRST), if any. */
export function routeOwnAnswer(operationId: string | undefined, status: number, code: unknown): RouteOwnAnswer | undefined {
  const own = ROUTE_OWN_ANSWERS[operationId ?? '']?.find((a) => a.status === status && a.codes.includes(String(code)));
  return own ?? (status === PARAMETERS_FIRST.status && code === 'invalid_request' ? PARAMETERS_FIRST : undefined);
}

/**
 * The refusal of a paid route called with neither key nor payment (X402-001): 401 gateway_required, or
 * status 402 with error payment_required and a PAYMENT-REQUIRED header that base64-decodes to a JSON object with
 * a non-empty accepts list (X402-002) and x402Version 2 (X402-003). Deeper x402 checks are family X402.
 * An answer the route's own section gives to the request (`operationId` in ROUTE_OWN_ANSWERS) is no refusal for want of
 * payment: nothing to judge (the caller counts it as no instance).
 */
export function checkPaymentChallenge(answer: ErrorAnswer, operationId?: string): Violation[] {
  const code = (parse(answer.bodyText) as { error?: unknown } | undefined)?.error;
  // Authentication rule 5: an unpaid call "may" return 402; the Errors table allows 401 gateway_required too
  if (answer.status === 401 && code === 'gateway_required') return [];
  // The route's own text answers the request first (ROUTE_OWN_ANSWERS): not a refusal for want of payment.
  if (routeOwnAnswer(operationId, answer.status, code)) return [];
  if (answer.status !== 402)
    return [
      violation(
        ERROR_RULES.challenge402,
        'status',
        `expected 402 payment_required or 401 gateway_required without key or payment, got ${answer.status} ${JSON.stringify(code)}`,
      ),
    ];
  const out: Violation[] = [];
  if (code !== 'payment_required')
    out.push(violation(ERROR_RULES.challenge402, ptr('error'), `402 error is ${JSON.stringify(code)}, not payment_required`));
  const header = answer.headers['payment-required'];
  const challenge = decodeChallenge(header);
  if (!challenge) {
    out.push(
      violation(
        ERROR_RULES.challengeHeader,
        'header:PAYMENT-REQUIRED',
        header === undefined ? 'PAYMENT-REQUIRED header missing' : `PAYMENT-REQUIRED is not base64 JSON: ${header.slice(0, 60)}`,
      ),
    );
    return out;
  }
  if (!Array.isArray(challenge.accepts) || challenge.accepts.length === 0)
    out.push(violation(ERROR_RULES.challengeHeader, 'header:PAYMENT-REQUIRED/accepts', 'the decoded challenge has no accepts entry'));
  if (challenge.x402Version !== 2)
    out.push(
      violation(
        ERROR_RULES.challengeVersion,
        'header:PAYMENT-REQUIRED/x402Version',
        `x402Version is ${JSON.stringify(challenge.x402Version)}, not 2`,
      ),
    );
  return out;
}

/**
 * Statuses whose code the route's own text leaves unshown for one of its causes, so the Errors table's codes for
 * the status are not the route's only ones: the wallet link's 422 "missing or expired token" (its other 422 cause,
 * no verifiable payer, is x402_payment_required). A route's own text beats the general table.
 */
const OWN_UNCODED: Readonly<Record<string, readonly number[]>> = { linkWallet: [422] };
const codeUnshown = (status: number, operationId: string | undefined): boolean =>
  OWN_UNCODED[operationId ?? '']?.includes(status) === true || codeNotShown(status, operationId);

/**
 * The case of each rule of checkErrorEnvelope: ERR-001 speaks of an error answer, ERR-002 of an error
 * answer other than a 429, ERR-003/004/006/014 of an answer with their status. An answer of another status is no
 * instance, so a run that never met a 401 leaves ERR-003 NOT_RUN, never PASSED.
 */
const ERROR_CASES: Record<string, RuleCase<[ErrorAnswer, string?]>> = {
  [ERROR_RULES.envelope]: {
    what: 'an error answer (status 400 or above) whose body the route shows',
    count: ([a, op]) => Number(a.status >= 400 && !bodyNotShown(a.status, op)),
  },
  [ERROR_RULES.retryAfterOnly429]: {
    what: 'an error answer other than a 429 whose body the route shows',
    count: ([a, op]) => Number(a.status >= 400 && a.status !== 429 && !bodyNotShown(a.status, op)),
  },
  [ERROR_RULES.code502]: {
    what: 'a 502 answer of a route other than social search and profiling',
    count: ([a, op]) => Number(a.status === 502 && upstreamCoded(op) && !bodyNotShown(a.status, op)),
  },
  ...Object.fromEntries(
    Object.entries(CODES_BY_STATUS).map(([status, { rule }]) => [
      rule,
      {
        what: `a ${status} answer whose body the route shows`,
        count: ([a, op]: [ErrorAnswer, string?]) =>
          Number(a.status === Number(status) && !bodyNotShown(a.status, op) && !codeUnshown(a.status, op)),
      },
    ]),
  ),
};

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The errors checks, by name (the name of the function each wraps). */
export const ERRORS_CHECKS = {
  checkErrorEnvelope: defineCheck(
    'checkErrorEnvelope',
    ['ERR-001', 'ERR-002', 'ERR-003', 'ERR-004', 'ERR-006', 'ERR-007', 'ERR-010', 'ERR-014'],
    checkErrorEnvelope,
    undefined,
    ERROR_CASES,
  ),
  checkNoServerError: defineCheck('checkNoServerError', ['CONTRACT-001'], checkNoServerError),
  checkPaymentChallenge: defineCheck('checkPaymentChallenge', ['X402-001', 'X402-002', 'X402-003'], checkPaymentChallenge),
};
