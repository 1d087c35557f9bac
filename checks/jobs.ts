/**
 * Checks of forecast generation jobs (family JOB; spec: POST and GET /api/auth/forecast-requests,
 * "States and transitions"): one read of a job in either view, a status seen after an earlier one,
 * the 404 of another account's job against an unknown job's, and a submission's answer. Pure
 * functions: each returns violations, none throws.
 */
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { isRecord as isObj } from '../lib/guards.ts';
import { parseRetryAfter } from '../lib/retry-after.ts';
import { defineCheck } from './define.ts';
import { sameWait } from './limits.ts';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Statuses after which a job never changes (the stub's choice, gap JOB-024; the spec only speaks of non-terminal reads). */
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['succeeded', 'rejected', 'failed']);
/** Pending statuses ("forecasts is empty while pending"), in their natural order. */
export const PENDING_STATUSES: readonly string[] = ['accepted', 'submitted', 'running'];

export const isTerminal = (status: unknown): boolean => typeof status === 'string' && TERMINAL_STATUSES.has(status);
export const isPending = (status: unknown): boolean => typeof status === 'string' && PENDING_STATUSES.includes(status);

/** The generation body a job was submitted with (spec: Generation body). */
export interface GenerationBody {
  kind: string;
  venue: string;
  market_id: string;
}

/** What a check knows about the read it is given. */
export interface JobReadContext {
  view: 'status' | 'result';
  /** The jobId asked for (JOB-002). */
  jobId: string;
  /** The body the job was submitted with, for the listing (JOB-021). */
  request?: GenerationBody;
}

/** A job read as observed: response headers (lower-case names) and the parsed body. */
export interface JobReadAnswer {
  headers: Record<string, string>;
  body: unknown;
}

const ids = (v: unknown): string[] => (Array.isArray(v) ? v.map((x) => (isObj(x) ? String(x.id) : String(x))) : []);
const sameSet = (a: string[], b: string[]): boolean =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/**
 * The listing, whose meaning the spec does not show (gap JOB-023; the stub's choice: the routing object of
 * the body's market, never null): another choice is a warning, never a failure.
 */
function checkListing(listing: unknown, request: GenerationBody | undefined, path: string): Violation[] {
  if (listing === null || listing === undefined)
    return [violation('JOB-023', path + ptr('listing'), 'an accepted job has listing null', 'warning')];
  if (!request || !isObj(listing)) return [];
  const want = request.market_id.toLowerCase();
  const handles = [str(listing.nativeMarketId), str(listing.serviceMarketId), str(listing.marketKey)]
    .filter((h): h is string => h !== undefined)
    .map((h) => h.toLowerCase());
  if (listing.venue !== request.venue || !handles.includes(want)) {
    return [
      violation(
        'JOB-023',
        path + ptr('listing'),
        `the job was submitted for ${request.venue}:${request.market_id} but its listing is ${String(listing.venue)}:${String(listing.nativeMarketId)}`,
        'warning',
      ),
    ];
  }
  return [];
}

/** errorCode by status, the stub's choice (gap JOB-019): a code exactly for failed and rejected jobs. */
const STUB_ERROR_CODES: Readonly<Record<string, string>> = {
  failed: 'forecast_execution_failed',
  rejected: 'forecast_request_rejected',
};

/**
 * The Retry-After of one read (JOB-015: present on a pending read) and its form, the stub's choice (gap
 * JOB-018): whole seconds 1..30 on pending reads, absent on terminal ones.
 */
function checkRetryAfter(status: string, retryAfter: string | undefined): Violation[] {
  if (isPending(status) && retryAfter === undefined)
    return [violation('JOB-015', 'header:Retry-After', `a ${status} (non-terminal) read carries no Retry-After`)];
  if (isTerminal(status) && retryAfter !== undefined)
    return [violation('JOB-018', 'header:Retry-After', `a ${status} (terminal) read carries Retry-After: ${retryAfter}`, 'warning')];
  if (retryAfter !== undefined && !(/^\d+$/.test(retryAfter.trim()) && Number(retryAfter) >= 1 && Number(retryAfter) <= 30))
    return [violation('JOB-018', 'header:Retry-After', `Retry-After ${JSON.stringify(retryAfter)} is not 1..30 whole seconds`, 'warning')];
  return [];
}

/**
 * Every rule one 200 read of a job shows: JOB-002 (the asked jobId), JOB-009 (view=status names the
 * forecast ids of a succeeded job), JOB-010 (view=status never expands), JOB-011 (view=result of a
 * succeeded job expands its forecastIds), JOB-012/-013/-014 (no forecast unless succeeded), JOB-015
 * (Retry-After on non-terminal reads), and the stub's choices as warnings: JOB-018 (Retry-After form,
 * none once terminal), JOB-019 (errorCode), JOB-023 (listing, the body's market), JOB-030 (forecastIds
 * empty until success).
 */
export function checkJobRead(answer: JobReadAnswer, ctx: JobReadContext, path = ''): Violation[] {
  const body = answer.body;
  if (!isObj(body)) return [violation('JOB-002', path || '/', 'the job read is not a JSON object')];
  const out: Violation[] = [];
  const status = str(body.status) ?? '';
  const forecasts = Array.isArray(body.forecasts) ? body.forecasts : [];
  const forecastIds = ids(body.forecastIds);
  const retryAfter = answer.headers['retry-after'];
  const at = (field: string) => path + ptr(field);

  if (str(body.jobId)?.toLowerCase() !== ctx.jobId.toLowerCase())
    out.push(violation('JOB-002', at('jobId'), `asked for job ${ctx.jobId}, got ${JSON.stringify(body.jobId)}`));

  out.push(...checkRetryAfter(status, retryAfter));
  if (status !== 'succeeded' && forecastIds.length > 0)
    out.push(violation('JOB-030', at('forecastIds'), `a ${status} job names forecast ids [${forecastIds.join(', ')}]`, 'warning'));

  if (forecasts.length > 0 && status !== 'succeeded') {
    const rule = isPending(status) ? 'JOB-013' : status === 'failed' ? 'JOB-014' : 'JOB-012';
    out.push(
      violation(
        rule,
        at('forecasts'),
        `a ${status} job carries ${forecasts.length} forecast(s); forecasts is empty unless the job succeeded`,
      ),
    );
  }
  if (ctx.view === 'status' && forecasts.length > 0)
    out.push(violation('JOB-010', at('forecasts'), `view=status expanded ${forecasts.length} forecast(s)`));
  if (status === 'succeeded' && ctx.view === 'status' && forecastIds.length === 0)
    out.push(violation('JOB-009', at('forecastIds'), 'view=status of a succeeded job names no forecast id'));
  if (status === 'succeeded' && ctx.view === 'result') {
    if (forecasts.length === 0)
      out.push(violation('JOB-011', at('forecasts'), 'view=result of a succeeded job carries no published forecast'));
    else if (!sameSet(ids(forecasts), forecastIds))
      out.push(
        violation(
          'JOB-011',
          at('forecasts'),
          `the expanded forecasts [${ids(forecasts).join(', ')}] are not the job's forecastIds [${forecastIds.join(', ')}]`,
        ),
      );
  }

  if ((body.errorCode ?? null) !== (STUB_ERROR_CODES[status] ?? null))
    out.push(violation('JOB-019', at('errorCode'), `a ${status} job has errorCode ${JSON.stringify(body.errorCode)}`, 'warning'));
  out.push(...checkListing(body.listing, ctx.request, path));
  return out;
}

/**
 * A status read after `previous` (the last status seen of the same job), against the stub's choices
 * (warnings; the transitions are not shown): a terminal status never changes (gap JOB-024); pending
 * statuses move only forward (gap JOB-017).
 */
export function checkStatusProgress(previous: string | undefined, next: string, jobId: string): Violation[] {
  if (previous === undefined || previous === next) return [];
  if (isTerminal(previous))
    return [violation('JOB-024', `/${jobId}/status`, `job ${jobId} was ${previous} (terminal) and is now ${next}`, 'warning')];
  const from = PENDING_STATUSES.indexOf(previous);
  const to = PENDING_STATUSES.indexOf(next);
  if (from >= 0 && to >= 0 && to < from)
    return [violation('JOB-017', `/${jobId}/status`, `job ${jobId} moved back from ${previous} to ${next}`, 'warning')];
  return [];
}

/**
 * JOB-009 (caa8b630420e): view=status states the job's state, the one its default or result view states. Two reads of
 * one job in both views, both in a terminal state (which never changes), must agree (round-32 bug: a rejected job
 * polled as failed). A pending read beside a terminal one is a job that moved between the reads: no case.
 * @returns a violation when the two terminal states differ
 */
export function checkViewsAgree(polled: unknown, result: unknown, jobId: string): Violation[] {
  const [a, b] = [isObj(polled) ? polled.status : undefined, isObj(result) ? result.status : undefined];
  if (!isTerminal(a) || !isTerminal(b) || a === b) return [];
  return [
    violation(
      'JOB-009',
      `/${jobId}/status`,
      `view=status states job ${jobId} ${JSON.stringify(a)}; the same job's view=result states ${JSON.stringify(b)}`,
    ),
  ];
}

/** Terminal reads of a job in both views (JOB-009's case of checkViewsAgree). */
export const viewsAgreeInstances = (polled: unknown, result: unknown): number =>
  isObj(polled) && isObj(result) && isTerminal(polled.status) && isTerminal(result.status) ? 1 : 0;

/** One observed answer (status, lower-case headers, raw body). */
export interface RawAnswer {
  status: number;
  bodyText: string;
  /** Lower-case header names → values; when both answers carry them, their headers are compared too (JOB-016). */
  headers?: Record<string, string>;
}

/**
 * Headers two answers of one kind may carry differently without telling anything of the job: transport framing,
 * a per-answer time, id or trace, and the rate-limit counters each call moves (their presence is compared, not their
 * values).
 */
const PER_ANSWER_HEADER =
  /^(connection|keep-alive|transfer-encoding|content-length|date|age|etag|set-cookie|server-timing|traceparent|tracestate)$|request-id|trace-id|correlation-id/;
const COUNTER_HEADER = /^(ratelimit|ratelimit-policy|x-ratelimit-.*|x-quotient-max-concurrent)$/;

/** JOB-016 on the headers: a header one 404 carries and the other does not, or a differing value (masked), is a difference. */
function headerDifferences(other: Record<string, string>, unknown: Record<string, string>, otherId: string, unknownId: string): string[] {
  const names = new Set([...Object.keys(other), ...Object.keys(unknown)].filter((n) => !PER_ANSWER_HEADER.test(n)));
  return [...names].flatMap((n) => {
    if (!(n in other) || !(n in unknown)) return [`${n} only on ${n in other ? "another account's job" : 'the unknown job'}`];
    if (COUNTER_HEADER.test(n) || masked(other[n]!, otherId) === masked(unknown[n]!, unknownId)) return [];
    return [`${n}: ${JSON.stringify(other[n])} vs ${JSON.stringify(unknown[n])}`];
  });
}

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const TIMESTAMPS = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g;

/**
 * `text` with every occurrence of `id` (any letter case) masked, and any other UUID or timestamp (a
 * per-answer request id or time), so neither counts as a difference between two 404s (JOB-016).
 */
const masked = (text: string, id: string): string =>
  (id ? text.replace(new RegExp(id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '{jobId}') : text)
    .replace(UUIDS, '{id}')
    .replace(TIMESTAMPS, '{time}');

/**
 * Another account's job and an unknown job answer the same 404 (JOB-016): both 404 with the same
 * body once each answer's own jobId, and any per-answer id or timestamp, is masked. A 200 for the
 * other account is a breach of AUTH-008 (it can see a job it did not submit).
 */
export function checkSameNotFound(other: RawAnswer, unknown: RawAnswer, otherId: string, unknownId: string): Violation[] {
  const out: Violation[] = [];
  if (other.status >= 200 && other.status < 300)
    out.push(violation('AUTH-008', 'status', `another account read job ${otherId}: ${other.status}`));
  if (other.status !== 404 || unknown.status !== 404) {
    out.push(
      violation(
        'JOB-016',
        'status',
        `another account's job answered ${other.status}, an unknown job ${unknown.status}; both must be the same 404`,
      ),
    );
  } else if (masked(other.bodyText, otherId) !== masked(unknown.bodyText, unknownId)) {
    out.push(
      violation(
        'JOB-016',
        '/',
        `the two 404 bodies differ: ${JSON.stringify(other.bodyText.slice(0, 200))} vs ${JSON.stringify(unknown.bodyText.slice(0, 200))}`,
      ),
    );
  }
  // The same 404 in its headers too (round-11 bug: a foreign pending job's 404 carried its owner's Retry-After).
  if (other.status === 404 && unknown.status === 404 && other.headers && unknown.headers) {
    const diff = headerDifferences(other.headers, unknown.headers, otherId, unknownId);
    if (diff.length) out.push(violation('JOB-016', 'headers', `the two 404s differ in their headers: ${diff.join('; ')}`));
  }
  return out;
}

/**
 * AUTH-019 (Authentication rule 3: a request sees only jobs submitted with its own key): a generation
 * answer of one principal, accepted or refused, names none of `foreign`, the jobIds another principal
 * submitted. The whole answer text is searched, since where a target puts a job identity is its choice
 * (gap JOB-034). Emits AUTH-019 once per foreign jobId found.
 * @param answer the generation answer: its status and raw body text
 * @param foreign jobIds (UUID strings) of jobs another principal submitted
 */
export function checkNoForeignJob(answer: { status: number; bodyText: string }, foreign: readonly string[]): Violation[] {
  const text = answer.bodyText.toLowerCase();
  return foreign
    .filter((id) => id !== '' && text.includes(id.toLowerCase()))
    .map((id) => violation('AUTH-019', '/', `a generation answered ${answer.status} naming job ${id}, which another principal submitted`));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The job identity of a 2xx generation answer (JOB-002), wherever the target put it (the member is gap
 * JOB-034): jobId, else id, else a UUID-valued member of the body or of a nested object.
 */
export function submittedJobId(body: unknown): string | undefined {
  if (!isObj(body)) return undefined;
  for (const v of [body.jobId, body.id]) if (typeof v === 'string' && v !== '') return v;
  const nested = Object.values(body).flatMap((v) => (isObj(v) ? Object.values(v) : [v]));
  return nested.find((v): v is string => typeof v === 'string' && UUID.test(v));
}

/** A submission answered 2xx names its job (JOB-002): a job identity the checks can find. */
export function checkSubmission(body: unknown): Violation[] {
  if (submittedJobId(body) === undefined)
    return [violation('JOB-002', '/jobId', `an accepted generation carries no job identity: ${JSON.stringify(body)?.slice(0, 200)}`)];
  return [];
}

/** What else the run knows of one owner-scoped quota refusal, to hold its members against. */
export interface QuotaFacts {
  /** The same answer's Retry-After and Date headers (the wait it states, in s, RFC 9110 10.2.3). */
  headers?: Record<string, string>;
  /** Generations the refused account had admitted this UTC day, all for the one market (a fresh account's count). */
  admitted?: number;
}

/**
 * The owner-scoped quota error fields (JOB-003..006): retryAfter and limit integers, limit_scope and
 * quotaScope strings. With `facts` (round-9 bugs: retryAfter in ms beside a Retry-After in s; limit naming
 * another scope's bound): retryAfter states the same wait in seconds as the answer's Retry-After (JOB-003),
 * and limit, the bound of the quota exceeded, is the number of generations admitted before it (JOB-006).
 */
export function checkQuotaError(body: unknown, facts: QuotaFacts = {}): Violation[] {
  if (!isObj(body)) return [violation('JOB-003', '/', 'the quota error is not a JSON object')];
  const out: Violation[] = [];
  if (!Number.isInteger(body.retryAfter))
    out.push(violation('JOB-003', '/retryAfter', `retryAfter is ${JSON.stringify(body.retryAfter)}, not an integer number of seconds`));
  else if (facts.headers?.['retry-after'] !== undefined) {
    const dateMs = Date.parse(facts.headers.date ?? '');
    const headerWait = parseRetryAfter(facts.headers['retry-after'], Number.isNaN(dateMs) ? undefined : dateMs);
    if (headerWait !== undefined && !sameWait(body.retryAfter as number, headerWait))
      out.push(
        violation(
          'JOB-003',
          '/retryAfter',
          `retryAfter says ${String(body.retryAfter)} s to wait where the same 429's Retry-After says ${headerWait} s`,
        ),
      );
  }
  if (typeof body.limit_scope !== 'string' || body.limit_scope === '')
    out.push(violation('JOB-004', '/limit_scope', `limit_scope is ${JSON.stringify(body.limit_scope)}`));
  if (typeof body.quotaScope !== 'string' || body.quotaScope === '')
    out.push(violation('JOB-005', '/quotaScope', `quotaScope is ${JSON.stringify(body.quotaScope)}`));
  if (!Number.isInteger(body.limit)) out.push(violation('JOB-006', '/limit', `limit is ${JSON.stringify(body.limit)}, not an integer`));
  else if (facts.admitted !== undefined && body.limit !== facts.admitted)
    out.push(
      violation(
        'JOB-006',
        '/limit',
        `limit is ${String(body.limit)}, but the quota refused after ${facts.admitted} admitted generation(s) of this account today`,
      ),
    );
  return out;
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The jobs checks, by name (the name of the function each wraps). */
export const JOBS_CHECKS = {
  checkJobRead: defineCheck(
    'checkJobRead',
    ['JOB-002', 'JOB-009', 'JOB-010', 'JOB-011', 'JOB-012', 'JOB-013', 'JOB-014', 'JOB-015', 'JOB-018', 'JOB-019', 'JOB-023', 'JOB-030'],
    checkJobRead,
  ),
  checkStatusProgress: defineCheck('checkStatusProgress', ['JOB-017', 'JOB-024'], checkStatusProgress),
  checkViewsAgree: defineCheck('checkViewsAgree', ['JOB-009'], checkViewsAgree, undefined, {
    'JOB-009': {
      what: 'a job read in both views, both in a terminal state',
      count: ([polled, result]) => viewsAgreeInstances(polled, result),
    },
  }),
  checkSameNotFound: defineCheck('checkSameNotFound', ['AUTH-008', 'JOB-016'], checkSameNotFound),
  checkSubmission: defineCheck('checkSubmission', ['JOB-002'], checkSubmission),
  checkNoForeignJob: defineCheck('checkNoForeignJob', ['AUTH-019'], checkNoForeignJob),
  checkQuotaError: defineCheck('checkQuotaError', ['JOB-003', 'JOB-004', 'JOB-005', 'JOB-006'], checkQuotaError),
};
