/**
 * Forecast generation jobs, without moving the clock (family JOB; spec: POST and GET
 * /api/auth/forecast-requests; Authentication rule 3; What the service does, rule 2): submission
 * and pending reads, idempotency, owner isolation, entitlement, key-only access, topic exclusion on
 * every path, the forecast-targets fan-out at $1.00 per child, and the owner-scoped daily quota.
 * Markets are discovered through the target's API (suites/support/jobs.ts). The lifecycle driven by
 * the clock is in forecast-jobs-model.spec.ts. Tests needing the control plane SKIP without it.
 */
import { formOf } from './support/value-forms.ts';
import { randomUUID } from 'node:crypto';
import { test, expect, contractRules, judged, ruleDetails } from './support/fixtures.ts';
import { withdrawRules } from './support/annotations.ts';
import { checkDebit } from '../checks/billing.ts';
import {
  checkJobRead,
  checkQuotaError,
  checkSameNotFound,
  checkSubmission,
  isPending,
  isTerminal,
  submittedJobId,
  type GenerationBody,
} from '../checks/jobs.ts';
import { CHECKS } from '../checks/registry.ts';
import { judgeWith } from './support/judging.ts';
import { observing, observeChoice } from './support/choices.ts';
import { violation, type Violation } from '../lib/violation.ts';
import type { ControlPlane } from './support/control.ts';
import { BASE_NETWORK } from '../checks/x402.ts';
import type { TargetClient } from './support/client.ts';
import { ORDER_GAP, refusalAnswer } from './support/refusals.ts';
import { thrifty } from './support/property.ts';
import { drawnFrom } from './support/exhibit.ts';
import {
  CREATE,
  GENERATION_CREDITS,
  JOBS_PATH,
  READ,
  bodyOfRow,
  coveredRows,
  excludedMarkets,
  generationTargets,
  idempotencyHeader,
  inScopeCryptoTargets,
  newKey,
  pollJob,
  readJob,
  refusedReadyBody,
  resolution,
  resolutionChildren,
  smallEvent,
  submitJob,
  offeredOrSkip,
  SPARE_TARGETS,
  submitPastShort429,
  type Answer,
  type GenerationTarget,
} from './support/jobs.ts';

const BOTH = contractRules(CREATE, READ);

/**
 * `count` in-scope markets offering a generation body, and up to `spares` more; SKIPs when the target has fewer than
 * `count`.
 */
async function oneTarget(api: TargetClient, paid: TargetClient, count = 1, spares = 0): Promise<GenerationTarget[]> {
  const targets = await test.step('discover markets offering a generation body', () => generationTargets(api, paid, count + spares));
  test.skip(
    targets.length < count,
    `needs ${count} tracked in-scope market(s) without a forecast (availability generation non-null); found ${targets.length}`,
  );
  return targets;
}

/** How long the AVAIL-044 test follows its jobs' Retry-After for a listing that names a market (ROUTE-013), ms. */
const LISTING_WAIT_MS = 15_000;

/** At most this many market_id forms are bought in the AVAIL-044 test ($1.00 each on a real target). */
const MAX_FORMS = 8;

/**
 * A body's venue and the character classes of its market_id ("A" upper, "a" lower, "9" digit, others as they are),
 * with its number-like traps (value-forms.ts; round-27 bug: a strike ending in zero read as a number, answered 404),
 * and the form of the market's serviceMarketId on availability: the same numeric venue_a id names a legacy row (a bare
 * serviceMarketId) or a newer one (venue-prefixed), and a target may look the two up apart (round-34 bug: a legacy
 * venue_a id answered 404 while 1000503 was accepted).
 */
const marketIdForm = ({ body, availability }: GenerationTarget): string => {
  const routed = (availability.market as { serviceMarketId?: unknown } | undefined)?.serviceMarketId;
  return `${body.venue}:${formOf(body.market_id, { classes: true })} ${typeof routed === 'string' ? formOf(routed) : '-'}`;
};

/** The stub's choice for an accepted generation (gap JOB-034): 202 with exactly {jobId, status, createdAt}. */
const STUB_ACCEPTED_KEYS = 'createdAt,jobId,status';

/**
 * Submits and expects an accepted job; returns its jobId. Observes the answer's form (gap JOB-034). For a body
 * availability offered, use `acceptedOffered` (a refusal of it is AVAIL-044's case, not this test's).
 */
async function accepted(client: TargetClient, body: GenerationBody, key: string): Promise<string> {
  // A 429 is a documented answer, not a refusal of the case: a short Retry-After (a per-second bound) is
  // waited out once; a long one (an owner-scoped quota such as a daily cap per market) leaves the test
  // without an accepted job, so its rules have no instance here (NOT_RUN), never a FAIL or a harness fault.
  const a = await submitPastShort429(client, body, key);
  test.skip(
    a.status === 429,
    `no instance: the target refused the generation for ${body.venue}:${body.market_id} with 429 (${a.bodyText.slice(0, 160)}), so no job of this test was created`,
  );
  return acceptedAnswer(a, body);
}

/**
 * The first of `targets` whose offered body the target accepts (`offeredOrSkip`: a refused one is AVAIL-044's case,
 * and the next market is tried; no instance when every one was refused). Judged as `accepted` judges.
 * @returns the accepted target, its jobId and the Idempotency-Key that created it
 */
async function acceptedOffered(
  client: TargetClient,
  targets: readonly GenerationTarget[],
): Promise<{ target: GenerationTarget; jobId: string; key: string }> {
  const { target, answer, key } = await offeredOrSkip(client, targets);
  return { target, jobId: acceptedAnswer(answer, target.body), key };
}

/** Expects `a` (a generation for `body`) accepted and judges it; returns its jobId (see `accepted`). */
function acceptedAnswer(a: Answer, body: GenerationBody): string {
  expect(
    a.status >= 200 && a.status < 300,
    `POST ${JOBS_PATH} for ${body.venue}:${body.market_id} is accepted (${a.status}: ${a.bodyText.slice(0, 200)})`,
  ).toBe(true);
  expect(checkSubmission(a.body)).toHaveNoViolations(a.body);
  const keys = Object.keys(a.body).sort().join(',');
  observeChoice('JOB-034', a.status === 202 && keys === STUB_ACCEPTED_KEYS, `a new job answered ${a.status} with {${keys}}`);
  return submittedJobId(a.body)!;
}

/**
 * `calls` accepted generation calls debited `debited` credits: the job's price at least once (BILL-001,
 * PRICE-005: $1.00 a generation) and never more than once a call; `least` is the fewest prices owed.
 */
function paidPerCall(what: string, debited: number, calls: number, least = 1): Violation[] {
  if (debited % GENERATION_CREDITS === 0 && debited >= least * GENERATION_CREDITS && debited <= calls * GENERATION_CREDITS) return [];
  return [
    violation(
      least ? 'PRICE-005' : 'BILL-001',
      'balance',
      `${what} debited ${debited} credits: not a whole number of generation prices (${GENERATION_CREDITS}) between ${least} and ${calls}`,
    ),
  ];
}

/**
 * How long a job is followed to its end without a control plane (black-box, issue 32): long enough for a
 * target whose jobs end within seconds, bounded so that one whose jobs take minutes leaves the success
 * rules NOT_RUN ("no instance of a read of a succeeded job") rather than holding the run.
 */
const SUCCESS_WAIT_MS = 45_000;

/** Follows a job to its end within `withinMs` (ms). @returns its terminal status, or undefined when it did not end in time */
async function followUntilEnded(client: TargetClient, jobId: string, withinMs: number): Promise<string | undefined> {
  const ended = await pollJob(client, jobId, withinMs, (read) => isTerminal(read.body.status));
  return ended ? String(ended.body.status) : undefined;
}

/** Ends the test's jobs failed so they never publish a forecast into a shared target (best effort). */
async function cleanUp(controlPlane: ControlPlane, jobIds: readonly string[]): Promise<void> {
  for (const id of jobIds) await controlPlane.endJob(id, 'failed');
}

test.describe('submission and reads', () => {
  test(
    'an accepted generation answers a jobId the same key reads back; pending reads carry Retry-After and no forecasts, in both views',
    {
      ...ruleDetails(
        'JOB-002',
        'JOB-009',
        'JOB-010',
        'JOB-011',
        'JOB-012',
        'JOB-013',
        'JOB-015',
        'PARAM-023',
        // the stub's choices, observed: the answer, Retry-After, listing and forecastIds of a pending job
        'JOB-034',
        'JOB-018',
        'JOB-023',
        'JOB-030',
        'JOB-037',
        ...BOTH,
      ),
    },
    async ({ api, paid, budget, controlPlaneIfAny }) => {
      test.setTimeout(60_000 + SUCCESS_WAIT_MS);
      observing('JOB-037');
      await budget.reserveCalls(CREATE, 1);
      const targets = await oneTarget(api, paid, 1, SPARE_TARGETS);
      const { target, jobId } = await test.step('POST the availability generation body', () => acceptedOffered(paid, targets));
      const body = target.body;
      const found: Violation[] = [];
      const statuses: unknown[] = [];
      let defaultSucceeded = 0;
      const readAll = async (when: string) => {
        for (const view of ['status', 'result', undefined] as const) {
          await test.step(`read the job ${when} (view=${view ?? 'default'})`, async () => {
            const a = await readJob(paid, jobId, view);
            expect(a.status, `GET ${JOBS_PATH}/{jobId} with the submitting key (JOB-002)`).toBe(200);
            statuses.push(a.body.status);
            found.push(...checkJobRead(a, { view: view ?? 'result', jobId, request: body }, `/${view ?? 'default'}`));
            // PARAM-023: without view, a succeeded job reads as view=result, its forecasts expanded.
            if (view === undefined && a.body.status === 'succeeded') {
              defaultSucceeded++;
              if (!Array.isArray(a.body.forecasts) || a.body.forecasts.length === 0)
                found.push(
                  violation(
                    'PARAM-023',
                    '/default/forecasts',
                    'a succeeded job read without view expands no forecast (view defaults to result)',
                  ),
                );
            }
          });
        }
      };
      // Read at once after creation: the pending shapes and Retry-After (JOB-013, JOB-015), on any target.
      await readAll('at once');
      // Another letter case of the jobId (gap JOB-037; a round-8 bug read it as unknown): observed, never judged.
      if (jobId.toUpperCase() !== jobId)
        await test.step('read the job by its upper-case jobId (gap JOB-037)', async () => {
          const a = await readJob(paid, jobId.toUpperCase(), 'status');
          const same = a.status === 200 && String(a.body.jobId).toLowerCase() === jobId.toLowerCase();
          observeChoice('JOB-037', same, `the upper-case jobId answered ${a.status}`);
        });
      // Black-box first (issue 32): without a control plane to move the clock (the clock suites' way), the
      // job is followed as a client would, by its Retry-After, for a bounded time, and read again once ended.
      if (!controlPlaneIfAny && !statuses.includes('succeeded')) {
        const ended = await test.step(`follow Retry-After until the job ends (at most ${SUCCESS_WAIT_MS / 1000} s)`, () =>
          followUntilEnded(paid, jobId, SUCCESS_WAIT_MS));
        if (ended) await readAll(`once ${ended}`);
      }
      // The success rules speak of a succeeded read, the pending ones of a pending read: judged only when met.
      judged(['JOB-009', 'JOB-011'], statuses.filter((s) => s === 'succeeded').length, 'a read of a succeeded job');
      judged('PARAM-023', defaultSucceeded, 'a read of a succeeded job without view');
      judged(['JOB-013', 'JOB-015'], statuses.filter(isPending).length, 'a read of a pending job');
      expect(found).toHaveNoViolations();
    },
  );

  test(
    "a ready body of every market_id form availability offers is accepted, never answered 400, 404 or 422; its listing names the market's brokers",
    { ...ruleDetails('AVAIL-044', 'ROUTE-013', ...contractRules('getForecastAvailability'), ...BOTH) },
    async ({ api, paid, budget }) => {
      const targets = await test.step('discover markets offering a generation body', () => generationTargets(api, paid, 24));
      // One body per venue and market_id form (the character classes it holds: a ticker's "." or "-", a bare
      // numeric id), so a form refused alone is met without buying a generation for every market. Within a form a
      // broker-listed market comes first: its job's listing must name the broker too (ROUTE-013; issue 34, round 4).
      const listed = (t: GenerationTarget) => {
        const b = (t.availability.market as { broker_channels?: unknown } | undefined)?.broker_channels;
        return Array.isArray(b) && b.length > 0;
      };
      const byForm = new Map<string, GenerationTarget>();
      for (const t of targets) {
        const had = byForm.get(marketIdForm(t));
        if (!had || (!listed(had) && listed(t))) byForm.set(marketIdForm(t), t);
      }
      const sample = [...byForm.values()].slice(0, MAX_FORMS);
      test.skip(
        sample.length === 0,
        'no instance: availability offered no generation body (no tracked in-scope market without a forecast)',
      );
      await budget.reserveCalls(CREATE, sample.length);
      const found: Violation[] = [];
      let posted = 0;
      const listings: { jobId: string; market: unknown }[] = [];
      for (const target of sample) {
        const { body, availability } = target;
        await test.step(`${body.venue}:${body.market_id} (form ${marketIdForm(target)})`, async () => {
          const a = await submitPastShort429(paid, body, newKey());
          // Only an acceptance or a 400/404/422 speaks of the body's readiness: a limit, a key that cannot pay or a
          // server error is no instance of it. A 404 (nothing matches) of the market availability just tracked and
          // offered a ready body for refuses that body as surely as a 422.
          const refused = a.status === 400 || a.status === 404 || a.status === 422;
          if (!refused && (a.status < 200 || a.status >= 300)) return;
          posted++;
          const jobId = refused ? undefined : submittedJobId(a.body);
          if (jobId) listings.push({ jobId, market: availability.market });
          if (refused)
            found.push(
              ...drawnFrom(a.res, [
                violation(
                  'AVAIL-044',
                  `/${body.venue}:${body.market_id}`,
                  `the generation body availability offers for ${body.venue}:${body.market_id} was answered ${a.status}: ${a.bodyText.slice(0, 200)}`,
                ),
              ]),
            );
        });
      }
      await test.step("each job's listing names the brokers availability shows for its market (ROUTE-013)", async () => {
        // Job reads are free. A listing may be null while the job is accepted (gap JOB-023): each job is read again,
        // after its Retry-After, until its listing names a market or LISTING_WAIT_MS passed (no instance then).
        const deadline = Date.now() + LISTING_WAIT_MS;
        for (const { jobId, market } of listings) {
          const named = (read: Answer): boolean => read.body.listing !== null && read.body.listing !== undefined;
          const r = await pollJob(paid, jobId, deadline - Date.now(), named, 1);
          if (r) found.push(...drawnFrom(r.res, judgeWith(CHECKS.checkListingBrokers, r.body.listing, market)));
        }
      });
      judged('AVAIL-044', posted, 'a generation body availability offered, posted as given', CREATE);
      judged('AVAIL-044', posted, 'a generation body availability offered, posted as given', 'getForecastAvailability');
      expect(found).toHaveNoViolations();
    },
  );

  // Two tests of two generations each, not one of three (issue 19): a budget buys JOB-025's replay case
  // for $2.00 without the reused key's.
  test(
    'the same idempotency key and body answer the same job',
    { ...ruleDetails('JOB-025', 'JOB-035', ...BOTH) },
    async ({ api, paid, budget }) => {
      await budget.reserveCalls(CREATE, 2);
      const targets = await oneTarget(api, paid, 1, SPARE_TARGETS);
      const header = await idempotencyHeader(paid);
      observeChoice('JOB-035', header.toLowerCase() === 'idempotency-key', `the target names the idempotency key's header ${header}`);
      const { target: first, jobId, key } = await acceptedOffered(paid, targets);
      const again = await test.step('the same key and body again: the same jobId', () => submitJob(paid, first.body, key));
      expect(again.status, `a replay answers like the original (${again.bodyText.slice(0, 200)})`).toBeLessThan(300);
      const found: Violation[] = [];
      if (submittedJobId(again.body) !== jobId)
        found.push(
          violation('JOB-025', '/jobId', `a replay of key ${key} answered job ${String(submittedJobId(again.body))}, not ${jobId}`),
        );
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'another body under a used idempotency key is not that job (refused: gap JOB-008)',
    { ...ruleDetails('JOB-025', 'JOB-008', ...BOTH) },
    async ({ api, paid, budget }) => {
      await budget.reserveCalls(CREATE, 2);
      const targets = await oneTarget(api, paid, 2, SPARE_TARGETS);
      // The other body is any other found market's: it need not be one the target accepts.
      const { target: first, jobId, key } = await acceptedOffered(paid, targets);
      const second = targets.find((t) => t !== first)!;
      const other = await test.step('the same key with another body', () => submitJob(paid, second.body, key));
      const what = `${other.status} ${JSON.stringify(other.body.error ?? submittedJobId(other.body))}`;
      observeChoice(
        'JOB-008',
        other.status === 422 && other.body.error === 'idempotency_key_reused',
        `reusing key ${key} for another body answered ${what}`,
      );
      const found: Violation[] = [];
      if (other.status < 300 && submittedJobId(other.body) === jobId)
        found.push(violation('JOB-025', '/jobId', 'another body under the same key answered the first job'));
      expect(found).toHaveNoViolations();
    },
  );

  // A test of its own: one call, which the spec does not say is unbilled (gap BILL-013), so a budget that
  // cannot buy the replay above still judges this rule (issue 19).
  test(
    'a generation without an idempotency key answers 422 invalid_request, a body of each venue',
    { ...ruleDetails('JOB-036', ORDER_GAP, ...BOTH) },
    async ({ api, paid, budget }) => {
      observing(ORDER_GAP);
      const [first] = await oneTarget(api, paid);
      // Free first (issue 19, gap AUTH-020): without credentials, then on the key (charged) when the target asks for them first.
      const { answer: none } = await refusalAnswer(
        CREATE,
        api,
        () => paid,
        (c) => submitJob(c, first!.body, null),
        (a) => ({ status: a.status, error: a.body.error }),
        { spent: () => budget.spent() },
      );
      const found: Violation[] = [];
      if (none.status !== 422 || none.body.error !== 'invalid_request')
        found.push(
          violation(
            'JOB-036',
            'status',
            `a generation without an idempotency key answered ${none.status} ${JSON.stringify(none.body.error)}`,
          ),
        );
      // A body of each other venue too (round-11 bug: a venue_b body without a key was given a server-made one and
      // accepted). Off a budget only (thrifty): a target that wrongly accepts one bills a generation ($1.00).
      if (!thrifty() && none.status === 422) {
        const others = new Map<string, GenerationTarget>();
        for (const t of await generationTargets(api, paid, 16))
          if (t.body.venue !== first!.body.venue && !others.has(t.body.venue)) others.set(t.body.venue, t);
        test
          .info()
          .annotations.push({ type: 'note', description: `keyless bodies of ${[first!.body.venue, ...others.keys()].join(', ')}` });
        for (const [venue, t] of others) {
          const a = await submitJob(paid, t.body, null);
          if (a.status !== 422 || a.body.error !== 'invalid_request')
            found.push(
              violation(
                'JOB-036',
                `/${venue}`,
                `a ${venue} generation body without an idempotency key answered ${a.status} ${JSON.stringify(a.body.error)}`,
              ),
            );
        }
      }
      expect(found).toHaveNoViolations(none.body);
    },
  );

  test(
    "another account's job answers the same 404 as an unknown job, in every view",
    { ...ruleDetails('JOB-016', 'AUTH-008', 'JOB-020', ...BOTH) },
    async ({ api, paid, budget, targetOptions }) => {
      test.skip(!targetOptions.apiKey2, 'needs a second principal (FC_API_KEY_2)');
      await budget.reserveCalls(CREATE, 1);
      const { jobId } = await acceptedOffered(paid, await oneTarget(api, paid, 1, SPARE_TARGETS));
      // Another account's 404 says something only of a job that exists: its own key must read it back
      // (the read is free), naming it somewhere in the answer (the member is a choice, gap JOB-034).
      const own = await readJob(paid, jobId, 'status');
      test.skip(
        own.status !== 200 || !own.bodyText.toLowerCase().includes(jobId.toLowerCase()),
        `the submitting key did not read back job ${jobId} (${own.status}): nothing shows the job exists`,
      );
      const other = api.withKey(targetOptions.apiKey2);
      const found: Violation[] = [];
      observing('JOB-020');
      for (const view of ['status', 'result', undefined] as const) {
        await test.step(`view=${view ?? 'default'}`, async () => {
          const unknownId = randomUUID();
          const theirs = await readJob(other, jobId, view);
          const unknown = await readJob(other, unknownId, view);
          found.push(...checkSameNotFound(theirs, unknown, jobId, unknownId));
          // The 404's body is not shown (gap JOB-020): the stub's is the error envelope with not_found.
          if (unknown.status === 404)
            observeChoice('JOB-020', unknown.body.error === 'not_found', `the job read's 404 is ${unknown.bodyText.slice(0, 120)}`);
        });
      }
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'the job routes take only the API key: a PAYMENT-SIGNATURE alone answers 401',
    { ...ruleDetails('AUTH-007', ...BOTH) },
    async ({ api }) => {
      const payment = Buffer.from(JSON.stringify({ x402Version: 2, payload: { signature: '0x00' } })).toString('base64');
      const headers = { 'payment-signature': payment, 'content-type': 'application/json' };
      const found: Violation[] = [];
      const post = await api.withKey(undefined).post(JOBS_PATH, {
        headers: { ...headers, [await idempotencyHeader(api)]: newKey() },
        data: JSON.stringify({ kind: 'venue_market', venue: 'venue_b', market_id: 'FC-PROBE' }),
      });
      await expect(post).toMatchContract(CREATE);
      // A target may check the body before the credentials (gap AUTH-020): a 422 says the probe body is not a valid
      // generation there, which tells nothing of the key-only rule (issue 32 triage). The GET below has no body.
      if (post.status() === 422)
        test
          .info()
          .annotations.push({ type: 'note', description: 'POST: the probe body was refused 422 before the credentials (gap AUTH-020)' });
      else if (post.status() !== 401)
        found.push(violation('AUTH-007', 'POST/status', `POST with only a PAYMENT-SIGNATURE answered ${post.status()}`));
      const get = await api.withKey(undefined).get(`${JOBS_PATH}/${randomUUID()}`, { headers });
      await expect(get).toMatchContract(READ);
      if (get.status() !== 401)
        found.push(violation('AUTH-007', 'GET/status', `GET with only a PAYMENT-SIGNATURE answered ${get.status()}`));
      expect(found).toHaveNoViolations();
    },
  );
});

test.describe('key-only routes and x402', () => {
  test(
    'a signed x402 payment from a funded wallet does not open the job routes: 401, nothing settled',
    { ...ruleDetails('AUTH-007', ...BOTH) },
    async ({ api, controlPlane }) => {
      // Loaded here, not at the top: viem and the x402 SDK cost every worker that runs this file's other tests a second.
      const { encodePayment, newWallet, pickEntry, readChallenge, signPayment, unixSeconds } = await import('./support/x402.ts');
      // The job routes offer no challenge of their own: pay the challenge of a cheap paid route instead.
      const c = await readChallenge(api, 'GET', '/api/v1/assets');
      await expect(c.res).toMatchContract('listAssets');
      const entry = c.challenge ? pickEntry(c.challenge, BASE_NETWORK) : undefined;
      test.skip(c.status !== 402 || !entry, `GET /api/v1/assets offers no exact ${BASE_NETWORK} challenge to sign`);
      const wallet = newWallet();
      await controlPlane.fundWallet(BASE_NETWORK, wallet.address, 1_000_000n);
      const { now } = await controlPlane.clock();
      const payment = encodePayment(await signPayment(wallet, c.challenge!, entry!, Math.max(unixSeconds(now), unixSeconds(new Date()))));
      const found: Violation[] = [];
      const post = await api.withKey(undefined).post(JOBS_PATH, {
        headers: { 'PAYMENT-SIGNATURE': payment, 'content-type': 'application/json', 'Idempotency-Key': newKey() },
        data: JSON.stringify({ kind: 'venue_market', venue: 'venue_b', market_id: 'FC-PROBE' }),
      });
      await expect(post).toMatchContract(CREATE);
      if (post.status() !== 401)
        found.push(violation('AUTH-007', 'POST/status', `POST paid by x402 without a key answered ${post.status()}`));
      const get = await api.withKey(undefined).get(`${JOBS_PATH}/${randomUUID()}`, { headers: { 'PAYMENT-SIGNATURE': payment } });
      await expect(get).toMatchContract(READ);
      if (get.status() !== 401) found.push(violation('AUTH-007', 'GET/status', `GET paid by x402 without a key answered ${get.status()}`));
      const balance = await controlPlane.walletBalance(BASE_NETWORK, wallet.address);
      if (balance !== 1_000_000n)
        found.push(violation('AUTH-007', 'wallet', `the payer's wallet went from 1000000 to ${balance}: a job route settled the payment`));
      expect(found).toHaveNoViolations();
    },
  );
});

test.describe('topic exclusion on every path', () => {
  test(
    'every excluded market: availability excluded with generation null, and POST answers 422 forecast_topic_excluded (listed body and forecast-targets child body)',
    {
      ...ruleDetails(
        'TOPIC-008',
        'TOPIC-009',
        'JOB-001',
        'AVAIL-023',
        ...contractRules(CREATE, 'getForecastAvailability', 'getForecastTargets'),
      ),
    },
    async ({ api, paid, budget }) => {
      // A run that cannot afford one generation would skip at its reservation below: skip before the lookups.
      test.skip(!(await budget.fits(GENERATION_CREDITS)), 'budget: needs at least one generation call ($1.000), less is left');
      const { excluded, looked } = await test.step('look every listed market up', () => excludedMarkets(api, paid));
      test.skip(excluded.length === 0, `none of the ${looked} listed markets is topic-excluded (availability excluded non-null)`);
      const found: Violation[] = [];
      const bodies = new Map<string, { body: GenerationBody; from: string }>();
      for (const { row, availability } of excluded) {
        const at = `/${String(row.marketKey)}`;
        if (availability.generation !== null)
          found.push(
            violation('AVAIL-023', at + '/generation', `excluded (${JSON.stringify(availability.excluded)}) but generation is non-null`),
          );
        const body = bodyOfRow(row);
        bodies.set(`${body.venue}:${body.market_id}`, { body, from: `listed row ${String(row.marketKey)}` });
      }
      await test.step('bodies taken from forecast-targets children (venue_b events, venue_a markets)', async () => {
        const refs = new Set(
          excluded
            .map(({ row }) =>
              row.venue === 'venue_b' && typeof row.nativeEventId === 'string'
                ? row.nativeEventId
                : row.venue === 'venue_a'
                  ? String(row.marketKey)
                  : '',
            )
            .filter(Boolean),
        );
        for (const ref of refs) {
          const res = await resolution(api, ref);
          for (const { body } of res ? resolutionChildren(res) : []) {
            const key = `${body.venue}:${body.market_id}`;
            // Only children the availability lookup confirmed excluded: an event may mix topics.
            if (bodies.has(key)) bodies.set(key, { body, from: `forecast-targets child of ${ref}` });
          }
        }
      });
      // One generation per case the rules name, not per market (issue 19: a refused generation may be
      // billed, gap BILL-013): a listed row of each venue (TOPIC-008, TOPIC-009 "on every venue") and one
      // forecast-targets child body (TOPIC-009). Every excluded market was judged above (AVAIL-023) on its
      // free availability answer.
      const picked = new Map<string, { key: string; body: GenerationBody; from: string }>();
      for (const [key, b] of bodies) {
        const caseKey = b.from.startsWith('forecast-targets') ? 'a forecast-targets child' : `a listed ${b.body.venue} row`;
        if (!picked.has(caseKey)) picked.set(caseKey, { key, body: b.body, from: b.from });
      }
      test.info().annotations.push({
        type: 'note',
        description: `${excluded.length} excluded market(s) of ${looked} listed; ${picked.size} generation bodies posted, one per case (${[...picked.keys()].join(', ')})`,
      });
      if (![...picked.values()].some((b) => b.from.startsWith('forecast-targets')))
        withdrawRules(['TOPIC-009'], 'no excluded market offered a forecast-targets child body');
      await budget.reserveCalls(CREATE, picked.size);
      let throttled = 0;
      for (const { key, body, from } of picked.values()) {
        await test.step(`POST ${key} (${from})`, async () => {
          const a = await submitJob(paid, body, newKey());
          // An owner-scoped quota refusal (429) says nothing of the market's exclusion: not an instance.
          if (a.status === 429) return void throttled++;
          if (a.status !== 422 || a.body.error !== 'forecast_topic_excluded') {
            const rule = from.startsWith('forecast-targets') ? 'TOPIC-009' : 'TOPIC-008';
            found.push(
              violation(
                rule,
                `/${key}`,
                `an excluded market (${from}) answered ${a.status} ${JSON.stringify(a.body.error ?? a.body.jobId)}`,
              ),
            );
            found.push(violation('JOB-001', `/${key}`, `generation for an excluded market answered ${a.status}`));
          }
        });
      }
      if (throttled === picked.size)
        withdrawRules(['TOPIC-008', 'TOPIC-009', 'JOB-001'], `every generation (${throttled}) was refused with 429 by a quota`);
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'a daily-close or longer crypto market, in scope by its availability, is not refused forecast_topic_excluded by a generation',
    { ...ruleDetails('TOPIC-004', ...contractRules(CREATE)) },
    async ({ api, paid, budget }) => {
      // Round-2 bug generation_daily_crypto_excluded: availability kept these in scope while the generation refused
      // them; the sentence keeps them in scope for the service, so the generation is judged too (one call: $1.000).
      test.skip(!(await budget.fits(GENERATION_CREDITS)), 'budget: needs one generation call ($1.000), less is left');
      const [target] = await test.step('find a daily-close or longer crypto market its availability keeps in scope', () =>
        inScopeCryptoTargets(api, paid, 1));
      if (!target) {
        judged('TOPIC-004', 0, 'a generation for a daily-close or longer crypto market', CREATE);
        test.skip(true, 'no instance: no listed daily-close or longer crypto market that its availability keeps in scope');
        return;
      }
      await budget.reserveCalls(CREATE, 1);
      const a = await submitJob(paid, target.body, newKey());
      test.info().annotations.push({
        type: 'note',
        description: `generation asked for ${String(target.row.marketKey)} (${String(target.row.question)}): ${a.status}`,
      });
      // An owner-scoped quota refusal (429) says nothing of the market's scope: not an instance.
      if (!judged('TOPIC-004', a.status === 429 ? 0 : 1, 'a generation for a daily-close or longer crypto market', CREATE)) return;
      const found: Violation[] = [];
      if (a.status === 422 && a.body.error === 'forecast_topic_excluded')
        found.push(
          violation(
            'TOPIC-004',
            `/${String(target.row.marketKey)}`,
            `a daily-close or longer crypto market (availability tracked, excluded null) was refused 422 forecast_topic_excluded`,
          ),
        );
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'a refused excluded generation is not billed',
    { ...ruleDetails('TOPIC-008', 'BILL-013', ...contractRules(CREATE)) },
    async ({ api, paid, controlPlane }) => {
      const { excluded } = await excludedMarkets(api, paid);
      test.skip(excluded.length === 0, 'the target lists no topic-excluded market');
      const account = await controlPlane.createAccount(GENERATION_CREDITS * 2);
      const client = api.withKey(account.apiKey);
      const found: Violation[] = [];
      for (const { row } of excluded.slice(0, 4)) {
        const a = await submitJob(client, bodyOfRow(row), newKey());
        if (a.status !== 422) found.push(violation('TOPIC-008', `/${String(row.marketKey)}`, `an excluded market answered ${a.status}`));
        found.push(
          ...checkDebit(
            'BILL-013',
            `a ${a.status} refusal of ${String(row.marketKey)}`,
            GENERATION_CREDITS * 2,
            await controlPlane.balance(account.accountId),
            0,
          ).map((v) => ({ ...v, severity: 'warning' as const })),
        );
      }
      expect(found).toHaveNoViolations();
    },
  );
});

test.describe('billing, fan-out and quota (control plane)', () => {
  test(
    'parallel submits of one key make exactly one job; each answer is billed at most the generation price (replays: gap JOB-026); reading the job, either view, debits nothing',
    { ...ruleDetails('JOB-025', 'JOB-026', 'BILL-001', 'PRICE-005', 'BILL-012', 'PRICE-003', 'AUTH-002', ...BOTH) },
    async ({ api, paid, controlPlane }) => {
      const targets = await oneTarget(api, paid, 1, SPARE_TARGETS);
      const start = GENERATION_CREDITS * 10;
      const account = await controlPlane.createAccount(start);
      const client = api.withKey(account.apiKey);
      let key = '';
      let target: GenerationTarget | undefined;
      let answers: Answer[] = [];
      const refusals: string[] = [];
      await test.step('8 parallel POSTs with one key and body', async () => {
        // A body every submit of which is refused (AVAIL-044's case, unbilled) is not this test's: the next market's is tried.
        for (const t of targets) {
          key = newKey();
          answers = await Promise.all(Array.from({ length: 8 }, () => submitJob(client, t.body, key)));
          const refused = answers.map((a) => refusedReadyBody(a, t.body));
          if (refused.some((r) => r === undefined)) return void (target = t);
          refusals.push(refused[0]!);
        }
      });
      test.skip(!target, `no instance: no job of this test was created; ${refusals.join('; ')}`);
      const found: Violation[] = [];
      // The generation route takes the key in x-service-api-key like every paid route (AUTH-002): these paid submits
      // judge it there, where auth.spec.ts's per-route calls would buy a $1.00 generation of their own.
      const challenged = answers.filter((a) => a.status === 402).length;
      judged('AUTH-002', answers.length, 'a call with a valid key', CREATE);
      expect(
        challenged ? [violation('AUTH-002', 'status', `${challenged} of ${answers.length} submits with a valid key answered 402`)] : [],
      ).toHaveNoViolations();
      for (const a of answers)
        expect(a.status, `every parallel submit is answered as accepted (${a.bodyText.slice(0, 200)})`).toBeLessThan(300);
      const jobIds = [...new Set(answers.map((a) => String(submittedJobId(a.body))))];
      if (jobIds.length !== 1) found.push(violation('JOB-025', '/jobId', `one key made ${jobIds.length} jobs: ${jobIds.join(', ')}`));
      const balance = await controlPlane.balance(account.accountId);
      // The job is billed its price (BILL-001, PRICE-005); whether the 7 replays are billed again is gap JOB-026.
      found.push(...paidPerCall('8 parallel submits of one key and body', start - balance, 8));
      observeChoice('JOB-026', start - balance === GENERATION_CREDITS, `8 submits of one key and body debited ${start - balance} credits`);
      await test.step('one more replay afterwards', async () => {
        const late = await submitJob(client, target!.body, key);
        if (submittedJobId(late.body) !== jobIds[0])
          found.push(violation('JOB-025', '/jobId', `a later replay answered ${String(submittedJobId(late.body))}`));
        const debited = balance - (await controlPlane.balance(account.accountId));
        found.push(...paidPerCall('a later replay', debited, 1, 0));
        observeChoice('JOB-026', debited === 0, `a later replay debited ${debited} credits`);
      });
      // The job read is free in either view (BILL-012; PRICE-003, a reference price): judged on this job, a 200 of
      // the key that made it, not only on a 404 of an unknown job (suites/billing.spec.ts).
      await test.step('reading the job, view=status and view=result, debits nothing', async () => {
        for (const view of ['status', 'result'] as const) {
          const before = await controlPlane.balance(account.accountId);
          const read = await readJob(client, jobIds[0]!, view);
          if (read.status !== 200) {
            judged(['BILL-012', 'PRICE-003'], 0, `a view=${view} read of a job`, READ);
            continue;
          }
          const after = await controlPlane.balance(account.accountId);
          for (const rule of ['BILL-012', 'PRICE-003']) {
            found.push(...checkDebit(rule, `a view=${view} read of the job (200)`, before, after, 0));
            judged(rule, 1, `a view=${view} read of a job`, READ);
          }
        }
      });
      await cleanUp(controlPlane, jobIds);
      expect(found).toHaveNoViolations();
    },
  );

  test(
    "fan-out: each child of a small event's allContracts is its own job at $1.00",
    {
      ...ruleDetails(
        'JOB-021',
        'JOB-022',
        'JOB-002',
        'TGT-016',
        'TGT-017',
        'TGT-018',
        'BILL-001',
        'PRICE-005',
        ...BOTH,
        ...contractRules('getForecastTargets'),
      ),
    },
    async ({ api, paid, budget, controlPlaneIfAny: controlPlane }) => {
      const ev = await test.step('find the smallest multi-contract event with children in scope', async () =>
        smallEvent(api, await coveredRows(paid)));
      test.skip(!ev, 'no venue_b multi-contract event with every child in scope resolves');
      const { ticker, resolution: plan, children } = ev!;
      test.info().annotations.push({ type: 'note', description: `event ${ticker}: ${children.length} children` });
      const found: Violation[] = judgeWith(CHECKS.checkTargetResolution, plan, { ref: ticker, kind: 'event', venue: 'venue_b' }).filter(
        (v) => ['TGT-016', 'TGT-017', 'TGT-018'].includes(v.ruleId),
      );
      const requests = (plan.allContracts as { requests?: GenerationBody[] }).requests ?? [];
      // Black-box first (issue 32): without a control plane the children are generated on the configured key
      // (within the budget) and JOB-021 is judged on the jobs; only the exact debits need the balance it reads.
      const start = GENERATION_CREDITS * (children.length + 2);
      const account = controlPlane ? await controlPlane.createAccount(start) : undefined;
      if (!account) {
        await budget.reserveCalls(CREATE, requests.length + 1);
        withdrawRules(['BILL-001', 'PRICE-005'], 'needs the control plane to read the exact debits');
      }
      const client = account ? api.withKey(account.apiKey) : paid;
      const balance = async () => (account ? controlPlane!.balance(account.accountId) : undefined);
      const jobIds: string[] = [];
      for (const [i, body] of requests.entries()) {
        await test.step(`request ${i + 1}: ${body.market_id}`, async () => {
          const before = await balance();
          const jobId = await accepted(client, body, newKey());
          jobIds.push(jobId);
          if (before !== undefined)
            found.push(
              ...checkDebit('BILL-001', `the generation of child ${body.market_id}`, before, (await balance())!, GENERATION_CREDITS),
            );
          const read = await readJob(client, jobId, 'status');
          expect(read.status, `the child's job reads back (JOB-002)`).toBe(200);
          found.push(
            ...checkJobRead(read, { view: 'status', jobId, request: body }, `/${body.market_id}`).filter((v) => v.ruleId === 'JOB-002'),
          );
        });
      }
      if (new Set(jobIds).size !== jobIds.length)
        found.push(violation('JOB-021', '/jobs', `${jobIds.length} child requests made only ${new Set(jobIds).size} distinct jobs`));
      if (jobIds.length !== children.length)
        found.push(violation('JOB-021', '/jobs', `${children.length} children but ${jobIds.length} requests in allContracts`));
      if (account)
        found.push(
          ...checkDebit('PRICE-005', `${jobIds.length} child generations`, start, (await balance())!, GENERATION_CREDITS * jobIds.length),
        );
      await test.step('the event ticker itself is no generation target (gap JOB-022)', async () => {
        const before = await balance();
        const a = await submitJob(client, { kind: 'venue_market', venue: 'venue_b', market_id: ticker }, newKey());
        observeChoice(
          'JOB-022',
          a.status === 422 && a.body.error === 'invalid_request',
          `a multi-contract event ticker answered ${a.status} ${JSON.stringify(a.body.error)}`,
        );
        if (a.status < 300) jobIds.push(String(submittedJobId(a.body)));
        // A 404 is never billed (BILL-002, judged by the billing suite); other refusals are gap BILL-013.
        else if (a.status !== 404 && before !== undefined)
          found.push(
            ...checkDebit('BILL-013', 'a refused event-ticker generation', before, (await balance())!, 0).map((v) => ({
              ...v,
              severity: 'warning' as const,
            })),
          );
      });
      if (controlPlane) await cleanUp(controlPlane, jobIds);
      expect(found).toHaveNoViolations(plan.allContracts);
    },
  );

  test(
    'the owner-scoped daily quota answers 429 with retryAfter, limit_scope, quotaScope and limit, and debits nothing',
    { ...ruleDetails('JOB-003', 'JOB-004', 'JOB-005', 'JOB-006', 'JOB-007', 'BILL-008', 'BILL-001', ...BOTH) },
    async ({ api, paid, controlPlane }) => {
      const targets = await oneTarget(api, paid, 1, SPARE_TARGETS);
      let overdrawn: Violation | undefined;
      // Gap JOB-007: the bound is not shown; look for the 429 within a generous number of submissions.
      const maxSubmits = 120;
      const account = await controlPlane.createAccount(GENERATION_CREDITS * (maxSubmits + 1));
      const client = api.withKey(account.apiKey);
      const jobIds: string[] = [];
      let refusal: Awaited<ReturnType<typeof submitJob>> | undefined;
      let firstDate: string | undefined;
      // The first submission is the first market whose offered body is not refused (AVAIL-044's case, unbilled).
      const { target, answer: first } = await offeredOrSkip(client, targets);
      await test.step(`submit new generations until the quota answers (at most ${maxSubmits})`, async () => {
        for (let i = 0; i < maxSubmits && !refusal; i++) {
          const a = i === 0 ? first : await submitJob(client, target.body, newKey());
          firstDate ??= a.headers.date;
          if (a.status === 429) refusal = a;
          else if (a.status < 300) jobIds.push(String(submittedJobId(a.body)));
          else if (a.status === 403 && a.body.error === 'insufficient_credits' && !overdrawn) {
            // The account holds the price of every submission: a refusal for credits means the accepted ones debited more
            // than their price (round-36 bug: a venue_b child's generation billed per contract of its event). BILL-001.
            // Funded again, so the quota's rules are still judged.
            overdrawn = violation(
              'BILL-001',
              'balance',
              `an account funded for ${maxSubmits + 1} generations was refused 403 insufficient_credits after ${jobIds.length} accepted: a generation debited more than its price (${GENERATION_CREDITS} credits)`,
            );
            await controlPlane.setCredits(account.accountId, GENERATION_CREDITS * (maxSubmits + 1) * 10);
          } else {
            const refused = refusedReadyBody(a, target.body);
            test.skip(refused !== undefined, refused);
            throw new Error(`submission ${i + 1} answered ${a.status}: ${a.bodyText.slice(0, 200)}`);
          }
          // Stay under the standard scope's 20 requests per second.
          await new Promise((r) => setTimeout(r, 60));
        }
      });
      judged('BILL-001', overdrawn ? 1 : 0, 'a generation refused for credits on an account funded for it');
      if (overdrawn) expect([overdrawn]).toHaveNoViolations();
      if (!judged('*', refusal ? 1 : 0, `a quota 429 within ${maxSubmits} generations (the bound is a gap, JOB-007)`)) {
        await cleanUp(controlPlane, jobIds);
        return;
      }
      const before = await controlPlane.balance(account.accountId);
      const again = await submitJob(client, target.body, newKey());
      expect(again.status, 'the quota still refuses the next new generation').toBe(429);
      // The bound and the anatomy beyond the four fields are the stub's choice (gap JOB-007): 50 a UTC day, limit_scope standard.
      observeChoice(
        'JOB-007',
        refusal!.body.limit === 50 && refusal!.body.limit_scope === 'standard' && jobIds.length === 50,
        `the quota answered after ${jobIds.length} generations with limit ${JSON.stringify(refusal!.body.limit)}`,
      );
      // BILL-008 (MUST): a 429 is rejected before any debit, so the quota refusal debits nothing.
      expect(checkDebit('BILL-008', 'a quota 429', before, await controlPlane.balance(account.accountId), 0)).toHaveNoViolations();
      await cleanUp(controlPlane, jobIds);
      // The bound of the quota exceeded is what this fresh account had admitted for the one market, when every
      // submission fell in one UTC day by the target's own Date headers (JOB-006); retryAfter and Retry-After state
      // one wait (JOB-003).
      const utcDay = (d: string | undefined) =>
        d === undefined || Number.isNaN(Date.parse(d)) ? undefined : new Date(d).toISOString().slice(0, 10);
      const oneDay = utcDay(firstDate) !== undefined && utcDay(firstDate) === utcDay(refusal!.headers.date);
      const admitted = oneDay ? jobIds.length : undefined;
      expect([
        ...checkQuotaError(refusal!.body, { headers: refusal!.headers, admitted }),
        ...checkQuotaError(again.body, { headers: again.headers, admitted }),
      ]).toHaveNoViolations(refusal!.body);
    },
  );

  test(
    "a job read without an active API entitlement answers 403, the owner's own job too once its entitlement lapsed, and reads again once restored",
    { ...ruleDetails('AUTH-012', 'AUTH-016', 'AUTH-023', 'JOB-020', ...BOTH) },
    async ({ api, paid, controlPlane }) => {
      const targets = await oneTarget(api, paid, 1, SPARE_TARGETS);
      observing('JOB-020');
      // The 403's body is not shown (gap JOB-020; round-27 author's reading: the Errors envelope still holds): the
      // stub's is the envelope {error, message}; another body is a choice the report names.
      const bodyChoice = (a: Answer, what: string): void => {
        const b = a.body as Record<string, unknown> | null;
        observeChoice(
          'JOB-020',
          typeof b?.error === 'string' && typeof b.message === 'string',
          `the job read's 403 (${what}) is ${a.bodyText.slice(0, 120)}`,
        );
      };
      const owner = await controlPlane.createAccount(GENERATION_CREDITS * 2);
      const { jobId } = await acceptedOffered(api.withKey(owner.apiKey), targets);
      const unentitled = await controlPlane.createAccount(GENERATION_CREDITS * 2, false);
      const client = api.withKey(unentitled.apiKey);
      const found: Violation[] = [];
      for (const [what, id] of [
        ['a job of another account', jobId],
        ['an unknown job', randomUUID()],
      ] as const) {
        const a = await readJob(client, id, 'status');
        if (a.status === 403) bodyChoice(a, what);
        if (a.status !== 403)
          found.push(violation('AUTH-012', `/${what}`, `an account without entitlement reading ${what} got ${a.status}`));
        else if (a.body.error !== 'entitlement_required')
          found.push(violation('AUTH-016', `/${what}/error`, `403 error is ${JSON.stringify(a.body.error)}`, 'warning'));
      }
      // The owner's own job once its entitlement has lapsed (round-11 bug: the entitlement checked only on the path that
      // finds no owned job): 403 whatever jobId, in each view.
      await controlPlane.setEntitled(owner.accountId, false);
      for (const view of ['status', 'result'] as const) {
        const a = await readJob(api.withKey(owner.apiKey), jobId, view);
        if (a.status === 403) bodyChoice(a, `the owner's own job, view=${view}`);
        if (a.status !== 403)
          found.push(
            violation(
              'AUTH-012',
              `/own job/${view}`,
              `the owner, its entitlement withdrawn after it submitted the job, read it (view=${view}) and got ${a.status}`,
            ),
          );
        else if (a.body.error !== 'entitlement_required')
          found.push(violation('AUTH-016', `/own job/${view}/error`, `403 error is ${JSON.stringify(a.body.error)}`, 'warning'));
      }
      // And once the entitlement is active again (round-14 bug: a refused key kept on a deny list after its account was
      // restored): the 403 speaks of the account at the time of the call, so the owner reads its job again (AUTH-023).
      await controlPlane.setEntitled(owner.accountId, true);
      for (const view of ['status', 'result'] as const) {
        const a = await readJob(api.withKey(owner.apiKey), jobId, view);
        if (a.status !== 200)
          found.push(
            violation(
              'AUTH-023',
              `/own job restored/${view}`,
              `the owner, its entitlement restored after a 403, read its job (view=${view}) and got ${a.status} ${JSON.stringify(a.body.error ?? '')}`,
            ),
          );
      }
      await cleanUp(controlPlane, [jobId]);
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'an entitled account at a zero balance still reads its own job in both views (the read is free)',
    { ...ruleDetails('AUTH-022', ...BOTH) },
    async ({ api, paid, controlPlane }) => {
      // Round-13 bug: a job read at zero credits answered 403 insufficient_credits (the usual way there: the last
      // credits bought the generation). The read is free, and its 403 is the entitlement's only (AUTH-022).
      const targets = await oneTarget(api, paid, 1, SPARE_TARGETS);
      const owner = await controlPlane.createAccount(GENERATION_CREDITS);
      const { jobId } = await acceptedOffered(api.withKey(owner.apiKey), targets);
      await controlPlane.setCredits(owner.accountId, 0);
      const found: Violation[] = [];
      for (const view of ['status', 'result'] as const) {
        const a = await readJob(api.withKey(owner.apiKey), jobId, view);
        if (a.status !== 200)
          found.push(
            violation(
              'AUTH-022',
              `/${view}`,
              `the owner, entitled and at zero credits, read its job (view=${view}) and got ${a.status} ${JSON.stringify(a.body.error)}`,
            ),
          );
      }
      await cleanUp(controlPlane, [jobId]);
      expect(found).toHaveNoViolations();
    },
  );

  test(
    "a generation from an account without an active API entitlement is refused 403 entitlement_required, unbilled (the stub's choice, gap AUTH-017)",
    { ...ruleDetails('AUTH-017', 'BILL-013', ...contractRules(CREATE)) },
    async ({ api, paid, controlPlane }) => {
      const [target] = await oneTarget(api, paid);
      const unentitled = await controlPlane.createAccount(GENERATION_CREDITS, false);
      const a = await submitJob(api.withKey(unentitled.apiKey), target!.body, newKey());
      // A rate-limit refusal says nothing about the entitlement; only a 403 is a refusal whose debit is judged (gap BILL-013).
      judged('BILL-013', a.status === 403 ? 1 : 0, 'a generation refused with 403');
      if (!judged('AUTH-017', a.status === 429 ? 0 : 1, 'a generation answered past the rate limits')) return;
      const found: Violation[] = [];
      // AUTH-017 is a gap (the spec documents the entitlement 403 on the job read only): another answer is reported, never failed.
      if (a.status >= 200 && a.status < 300) {
        await cleanUp(controlPlane, [String(submittedJobId(a.body))]);
        found.push(violation('AUTH-017', 'status', `an account without entitlement had its generation accepted (${a.status})`, 'warning'));
      } else if (a.status !== 403 || a.body.error !== 'entitlement_required')
        found.push(
          violation('AUTH-017', 'status', `an account without entitlement got ${a.status} ${JSON.stringify(a.body.error)}`, 'warning'),
        );
      if (a.status === 403)
        found.push(
          ...checkDebit('BILL-013', 'the refused generation', GENERATION_CREDITS, await controlPlane.balance(unentitled.accountId), 0).map(
            (v) => ({ ...v, severity: 'warning' as const }),
          ),
        );
      expect(found).toHaveNoViolations(a.body);
    },
  );
});

test.describe('unknown markets', () => {
  test(
    'a generation body naming no market the venue knows is refused unbilled (gap JOB-027); another letter case of a known id (gap JOB-028)',
    { ...ruleDetails('JOB-027', 'JOB-028', ...contractRules(CREATE)) },
    async ({ api, paid, controlPlane }) => {
      const account = await controlPlane.createAccount(GENERATION_CREDITS);
      const a = await submitJob(
        api.withKey(account.apiKey),
        { kind: 'venue_market', venue: 'venue_b', market_id: `FC-NO-SUCH-${randomUUID().slice(0, 8).toUpperCase()}` },
        newKey(),
      );
      const found: Violation[] = [];
      observeChoice(
        'JOB-027',
        a.status === 404 && a.body.error === 'not_found',
        `an unknown market answered ${a.status} ${JSON.stringify(a.body.error)}`,
      );
      found.push(
        ...checkDebit(
          'JOB-027',
          `a ${a.status} answer for an unknown market`,
          GENERATION_CREDITS,
          await controlPlane.balance(account.accountId),
          0,
        ).map((v) => ({ ...v, severity: 'warning' as const })),
      );
      await test.step('a known market id in another letter case (gap JOB-028: matched case-insensitively by the stub)', async () => {
        observing('JOB-028');
        // A market id with letters (a venue_b ticker), in the other letter case.
        const target = (await generationTargets(api, paid, 12)).find((t) => /[A-Za-z]/.test(t.body.market_id));
        if (!target) return;
        const id = target.body.market_id;
        const other = id.toLowerCase() === id ? id.toUpperCase() : id.toLowerCase();
        const b = await submitJob(api.withKey(account.apiKey), { ...target.body, market_id: other }, newKey());
        if (b.status < 300) await cleanUp(controlPlane, [String(submittedJobId(b.body))]);
        observeChoice('JOB-028', b.status >= 200 && b.status < 300, `${target.body.venue}:${other} answered ${b.status}`);
      });
      expect(found).toHaveNoViolations(a.body);
    },
  );
});
