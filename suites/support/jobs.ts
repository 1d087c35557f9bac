/**
 * Forecast generation jobs for the suites (POST / GET /api/auth/forecast-requests): submitting and
 * reading a job with every answer checked against the contract, and the markets the suites need,
 * discovered through the target's own API (search rows, availability lookups, forecast-targets
 * resolutions). Nothing here knows the reference stub.
 */
import { parseRetryAfter } from '../../lib/retry-after.ts';
import { createHash, randomUUID } from 'node:crypto';
import { test, type APIResponse } from '@playwright/test';
import { isTerminal, type GenerationBody } from '../../checks/jobs.ts';
import { classifyTopic, isUpDown } from '../../checks/availability.ts';
import type { TargetClient } from './client.ts';
import { expect, observe } from './matchers.ts';
import { broadSearch, catalogRows, lookup, mapLimit, resolveTarget, venueANumericId, venueBEvents, type Row } from './lookups.ts';
import { recordHeaderHint, targetHeaderName } from './served-headers.ts';

export const JOBS_PATH = '/api/auth/forecast-requests';
export const CREATE = 'createForecastRequest';
export const READ = 'getForecastRequest';
/** Our name of the idempotency key's header; the target's may differ (gap JOB-035, suites/support/served-headers.ts). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** The target's name of the idempotency key's header (gap JOB-035). */
export const idempotencyHeader = (client: TargetClient): Promise<string> => targetHeaderName(client, CREATE, IDEMPOTENCY_HEADER);
/** Price of one generation, credits (spec price table: $1.00). */
export const GENERATION_CREDITS = 1000;
const CONCURRENCY = 8;

/** A fresh idempotency key. */
export const newKey = (): string => `fc-${randomUUID()}`;

/** One answer, read once: status, lower-case headers, raw and parsed body. */
export interface Answer {
  res: APIResponse;
  status: number;
  headers: Record<string, string>;
  bodyText: string;
  body: Row;
}

async function answer(res: APIResponse, operationId: string): Promise<Answer> {
  await expect(res).toMatchContract(operationId);
  const o = await observe(res);
  const body = typeof o.body === 'object' && o.body !== null ? (o.body as Row) : {};
  return { res, status: o.status, headers: o.headers, bodyText: o.bodyText, body };
}

/**
 * POSTs a generation body with `key` in the target's idempotency-key header (null: no key, under our
 * name or the target's). The answer is checked against the contract (createForecastRequest).
 */
export async function submitJob(client: TargetClient, body: unknown, key: string | null): Promise<Answer> {
  const name = await idempotencyHeader(client);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(key === null ? {} : { [name]: key }) };
  return answer(await client.post(JOBS_PATH, { headers, data: JSON.stringify(body), raw429: true }), CREATE);
}

/**
 * Records the idempotency key's header a generation object names, if it names one (a member whose key
 * speaks of the idempotency key's header and whose value is a header name), as a hint for
 * served-headers.ts: what the target answers tells the harness where to send the key.
 */
function learnHeader(generation: Row): void {
  for (const [k, v] of Object.entries(generation))
    if (/idempotency.*header|header.*idempotency/i.test(k) && typeof v === 'string') recordHeaderHint(CREATE, IDEMPOTENCY_HEADER, v);
}

/** GETs a job (view omitted: the default). The answer is checked against the contract (getForecastRequest). */
export async function readJob(client: TargetClient, jobId: string, view?: 'status' | 'result'): Promise<Answer> {
  return answer(await client.get(`${JOBS_PATH}/${encodeURIComponent(jobId)}`, { params: view ? { view } : {} }), READ);
}

/**
 * Reads a job (view=status) until `done` holds of a read, pausing between reads for its Retry-After (s; at least 1,
 * `fallbackS` when the read carries none). Reads are free (JOB-013), so polling costs nothing on a real target.
 * @returns the read `done` held of; undefined when a read was not 200, the job ended without `done` holding, or the
 *   next pause would pass `withinMs` (ms from the call)
 */
export async function pollJob(
  client: TargetClient,
  jobId: string,
  withinMs: number,
  done: (read: Answer) => boolean,
  fallbackS = 2,
): Promise<Answer | undefined> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const read = await readJob(client, jobId, 'status');
    if (read.status !== 200) return undefined;
    if (done(read)) return read;
    if (isTerminal(read.body.status)) return undefined;
    const waitMs = Math.max(1, parseRetryAfter(read.headers['retry-after']) ?? fallbackS) * 1000;
    if (Date.now() + waitMs > deadline) return undefined;
    await new Promise((r) => setTimeout(r, waitMs));
  }
}

/** The generation body of a listed row: venue_b ticker, venue_a numeric id, native id elsewhere. */
export function bodyOfRow(row: Row): GenerationBody {
  const marketId = row.venue === 'venue_a' ? (venueANumericId(row) ?? String(row.nativeMarketId)) : String(row.nativeMarketId);
  return { kind: 'venue_market', venue: String(row.venue), market_id: marketId };
}

/** Covered rows from the catalog and the broadest search, merged by marketKey. */
export async function coveredRows(paid: TargetClient): Promise<Row[]> {
  const byKey = new Map<string, Row>();
  for (const r of [...((await catalogRows(paid)) ?? []), ...(await broadSearch(paid))])
    byKey.set(String(r.marketKey), { ...byKey.get(String(r.marketKey)), ...r });
  return [...byKey.values()];
}

/**
 * POSTs a generation body (`submitJob`); a 429 with a short Retry-After (at most 2 s: a per-second bound) is waited
 * out and the call sent once more under the same key (a 429 made no job). A longer one (an owner-scoped quota) is
 * returned as it is: the caller's case did not occur.
 */
export async function submitPastShort429(client: TargetClient, body: unknown, key: string): Promise<Answer> {
  const a = await submitJob(client, body, key);
  const wait = a.status === 429 ? (parseRetryAfter(a.headers['retry-after']) ?? 1) : undefined;
  if (wait === undefined || wait > 2) return a;
  await new Promise((r) => setTimeout(r, wait * 1000));
  return submitJob(client, body, key);
}

/**
 * The skip reason of a test whose generation body, the one availability offers (spec forecast-availability rule 2),
 * the target answered 400 or 422: the test has no job to judge, and that refusal is AVAIL-044's own case (judged by
 * its test), so the test's rules get no instance here rather than a harness fault. Undefined for any other answer.
 */
export function refusedReadyBody(a: Answer, body: GenerationBody): string | undefined {
  // A 404 (nothing matches) of the market availability has just tracked and offered a body for refuses it as surely.
  return a.status === 400 || a.status === 404 || a.status === 422
    ? `no instance: the target answered ${a.status} to the generation body availability offers for ${body.venue}:${body.market_id} (${a.bodyText.slice(0, 160)}), so no job of this test was created; AVAIL-044 judges that refusal`
    : undefined;
}

/** An offered generation body the target accepted: its target, the answer and the Idempotency-Key that created it. */
export interface AcceptedSubmission {
  target: GenerationTarget;
  answer: Answer;
  key: string;
}

/**
 * Submits the offered bodies of `targets` in turn, each under a fresh Idempotency-Key (`submitPastShort429`), until
 * one is answered other than a refusal. A body answered 400, 404 or 422 (AVAIL-044's case, `refusedReadyBody`) or 429
 * (a quota on that market or account) is not the caller's case, and one refused identifier form must not leave the
 * caller's rules unjudged, so the next market is tried. Those refusals are unbilled (BILL-002, BILL-008): trying costs
 * nothing on a real target.
 * @returns the first answer that was not a refusal (a 2xx, or a 401/5xx the caller judges) with its target and key;
 *   `refusals` (one reason per target, in order) when every body was refused or `targets` is empty
 */
async function submitFirstOffered(
  client: TargetClient,
  targets: readonly GenerationTarget[],
): Promise<AcceptedSubmission | { refusals: string[] }> {
  const refusals: string[] = [];
  for (const target of targets) {
    const key = newKey();
    const answer = await submitPastShort429(client, target.body, key);
    const refused =
      answer.status === 429
        ? `the target answered 429 to the generation body for ${target.body.venue}:${target.body.market_id} (${answer.bodyText.slice(0, 160)})`
        : refusedReadyBody(answer, target.body);
    if (refused === undefined) return { target, answer, key };
    refusals.push(refused);
  }
  return { refusals: refusals.length ? refusals : ['no tracked in-scope market offering a generation body was found'] };
}

/**
 * Markets found beyond a test's own (`generationTargets(…, n + SPARE_TARGETS)`), tried in turn when the target refuses
 * an offered body: one refused identifier form is AVAIL-044's case, and must not leave a test's other rules without an
 * instance.
 */
export const SPARE_TARGETS = 2;

/**
 * `submitFirstOffered`, and the test SKIPs (no instance: no job of it was created) when every body was refused. A
 * note names the refused markets when the accepted one is not the first.
 * @returns the first submission not refused; its answer is the caller's to judge
 */
export async function offeredOrSkip(client: TargetClient, targets: readonly GenerationTarget[]): Promise<AcceptedSubmission> {
  const r = await submitFirstOffered(client, targets);
  if ('refusals' in r) {
    test.skip(true, `no instance: no job of this test was created; ${r.refusals.join('; ')}`);
    throw new Error('unreachable: test.skip throws');
  }
  if (r.target !== targets[0])
    test.info().annotations.push({
      type: 'note',
      description: `generation bodies refused before ${r.target.body.venue}:${r.target.body.market_id} was answered ${r.answer.status}`,
    });
  return r;
}

/** A market a generation can be asked for: its row, the availability answer and the ready body. */
export interface GenerationTarget {
  row: Row;
  availability: Row;
  body: GenerationBody;
}

/**
 * Up to `max` tracked, in-scope markets without a stored forecast, for which availability offers a
 * ready generation body (spec: forecast-availability rule 2). Rows whose search row says
 * has_forecast false are looked up first; at most `maxLookups` lookups.
 */
export async function generationTargets(api: TargetClient, paid: TargetClient, max: number, maxLookups = 60): Promise<GenerationTarget[]> {
  const rows = await coveredRows(paid);
  const ordered = [...rows.filter((r) => r.has_forecast === false), ...rows.filter((r) => r.has_forecast !== false)].slice(0, maxLookups);
  const found = await findTargets(api, ordered, max + SPREAD);
  // Each test starts at its own place in what was found: a target may cap generations per market and
  // account per day (an owner-scoped quota, Endpoints / POST forecast-requests), and tests that all took
  // the first market would meet that cap on one market while others stay unused.
  const start = found.length > max ? spreadOffset(found.length) : 0;
  return [...found.slice(start), ...found.slice(0, start)].slice(0, max);
}

/**
 * Listed daily-close or longer crypto markets (the rows' own words, checks/availability.ts classifyTopic) that their
 * availability answer keeps in scope (tracked, excluded null), the up/down ones first (the edge of the horizon line
 * the spec draws at the hourly settle): at most `max`, at most `maxLookups` looked up. Each carries the generation
 * body its availability offers, else the one its row names (a market with a stored forecast may offer none).
 */
export async function inScopeCryptoTargets(
  api: TargetClient,
  paid: TargetClient,
  max: number,
  maxLookups = 20,
): Promise<GenerationTarget[]> {
  const rows = (await coveredRows(paid)).filter((r) => classifyTopic(r) === 'crypto_in_scope');
  const ordered = [...rows.filter(isUpDown), ...rows.filter((r) => !isUpDown(r))].slice(0, maxLookups);
  const out: GenerationTarget[] = [];
  for (const row of ordered) {
    if (out.length >= max) break;
    const { res, body } = await lookup(api, { market_key: String(row.marketKey) });
    if (res.status() !== 200 || body.tracked !== true || body.excluded !== null) continue;
    const gen = body.generation as Row | null | undefined;
    const offered = gen && typeof gen.body === 'object' && gen.body !== null ? (gen.body as GenerationBody) : undefined;
    out.push({ row, availability: body, body: offered ?? bodyOfRow(row) });
  }
  return out;
}

/** How many targets beyond the ones asked for are looked for, so tests can spread over them. */
const SPREAD = 6;

/** A stable place in `n` for the running test (its title path), 0 outside a test. */
function spreadOffset(n: number): number {
  let titles: string[];
  try {
    titles = test.info().titlePath;
  } catch {
    return 0;
  }
  const digest = createHash('sha256').update(titles.join('\u0000')).digest();
  return digest.readUInt32BE(0) % n;
}

async function findTargets(api: TargetClient, ordered: Row[], max: number): Promise<GenerationTarget[]> {
  const out: GenerationTarget[] = [];
  for (let i = 0; i < ordered.length && out.length < max; i += CONCURRENCY) {
    const batch = await mapLimit(ordered.slice(i, i + CONCURRENCY), CONCURRENCY, async (row) => ({
      row,
      ...(await lookup(api, { market_key: String(row.marketKey) })),
    }));
    for (const { row, res, body } of batch) {
      const gen = body.generation as Row | null | undefined;
      if (gen && typeof gen === 'object') learnHeader(gen);
      if (res.status() === 200 && gen && typeof gen.body === 'object' && gen.body !== null && out.length < max)
        out.push({ row, availability: body, body: gen.body as GenerationBody });
    }
  }
  return out;
}

/** A topic-excluded market: its row and the availability answer whose `excluded` is non-null. */
export interface ExcludedMarket {
  row: Row;
  availability: Row;
}

/**
 * Every listed market whose availability answers excluded non-null (spec: What the service does,
 * rule 2): each catalog and search row is looked up by marketKey, once per worker.
 */
export function excludedMarkets(api: TargetClient, paid: TargetClient): Promise<{ excluded: ExcludedMarket[]; looked: number }> {
  // Once per worker: every row is looked up, and topic exclusion does not change during a run.
  return (excludedMemo ??= findExcluded(api, paid));
}

let excludedMemo: Promise<{ excluded: ExcludedMarket[]; looked: number }> | undefined;

async function findExcluded(api: TargetClient, paid: TargetClient): Promise<{ excluded: ExcludedMarket[]; looked: number }> {
  const rows = await coveredRows(paid);
  const answers = await mapLimit(rows, CONCURRENCY, async (row) => ({
    row,
    ...(await lookup(api, { market_key: String(row.marketKey) })),
  }));
  const excluded = answers
    .filter((a) => a.res.status() === 200 && a.body.excluded !== null && a.body.excluded !== undefined)
    .map((a) => ({ row: a.row, availability: a.body }));
  return { excluded, looked: rows.length };
}

/** A child of a forecast-targets resolution, with the generation body it offers. */
export interface TargetChild {
  child: Row;
  body: GenerationBody;
}

/** The children of a 200 resolution that carry a generation body. */
export function resolutionChildren(resolution: Row): TargetChild[] {
  const markets = Array.isArray(resolution.markets) ? (resolution.markets as Row[]) : [];
  return markets.flatMap((child) => {
    const gen = child.generation as { body?: unknown } | undefined;
    return gen && typeof gen.body === 'object' && gen.body !== null ? [{ child, body: gen.body as GenerationBody }] : [];
  });
}

/** A forecast-targets resolution of `ref` when it answers 200 (checked against the contract), else undefined. */
export async function resolution(api: TargetClient, ref: string): Promise<Row | undefined> {
  const { res, body } = await resolveTarget(api, ref);
  return res.status() === 200 ? body : undefined;
}

/** A venue_b event resolved through forecast-targets, with its children's generation bodies. */
export interface ResolvedEvent {
  ticker: string;
  resolution: Row;
  children: TargetChild[];
}

/**
 * The smallest venue_b multi-contract event (2 or more children) named by the rows' nativeEventId
 * whose children are all in scope (availability excluded null); at most `maxResolutions` events
 * are resolved.
 */
export async function smallEvent(api: TargetClient, rows: readonly Row[], maxResolutions = 12): Promise<ResolvedEvent | undefined> {
  // Events listing few rows first: they are the likely small ones (a single listed row is often a single-contract event).
  const events = venueBEvents(rows).sort(
    (a, b) => (a.rows.length < 2 ? 1 : 0) - (b.rows.length < 2 ? 1 : 0) || a.rows.length - b.rows.length,
  );
  const tickers = events.map((e) => e.ticker);
  const resolved: ResolvedEvent[] = [];
  for (const ticker of tickers) {
    if (resolved.length >= maxResolutions) break;
    const body = await resolution(api, ticker);
    const children = body ? resolutionChildren(body) : [];
    if (body && children.length >= 2) resolved.push({ ticker, resolution: body, children });
  }
  for (const ev of resolved.sort((a, b) => a.children.length - b.children.length)) {
    const checks = await mapLimit(
      ev.children,
      CONCURRENCY,
      async (c) => (await lookup(api, { market_id: c.body.market_id, venue: c.body.venue })).body,
    );
    if (checks.every((a) => a.excluded === null)) return ev;
  }
  return undefined;
}
