/**
 * The forecast request (job) lifecycle driven by the target's clock (family JOB; spec: "States and
 * transitions"; GET /api/auth/forecast-requests/{jobId}): a fast-check model-based test with one
 * Command class per operation — Submit (fresh key, replay, reuse with another body), Poll (either
 * view), AdvanceClock, ReadAsOtherOwner, ReadWithoutEntitlement, EndJob (control plane) — whose
 * invariants are checked after every step on every job: a terminal status never changes and
 * pending ones only move forward; Retry-After iff non-terminal; forecasts empty unless succeeded and
 * view=result; another owner gets the same 404 as an unknown job; each new job is billed once.
 * Then the success path (the published forecast in the job, the stored-forecast read and
 * availability) and jobs ended failed or rejected; last, a stored forecast read twice across a clock move (FCST-006).
 *
 * AdvanceClock moves the target's clock forward (it cannot go back): this file runs in the
 * `conformance-clock` project, after every other suite (playwright.config.ts).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { test, expect, contractRules, ruleDetails } from './support/fixtures.ts';
import { assertProperty, expectCommandsRan } from './support/property.ts';
import { judged, withdrawRules } from './support/annotations.ts';
import { checkAvailability } from '../checks/availability.ts';
import { checkDebit } from '../checks/billing.ts';
import { currentForecast } from '../checks/forecast.ts';
import {
  checkJobRead,
  checkSameNotFound,
  checkStatusProgress,
  checkSubmission,
  isTerminal,
  submittedJobId,
  type GenerationBody,
} from '../checks/jobs.ts';
import { findRows, hasMembers, observeChoice } from './support/choices.ts';
import { CHECKS } from '../checks/registry.ts';
import { judgeWith } from './support/judging.ts';
import { drawnFrom } from './support/exhibit.ts';
import { violation, type Violation } from '../lib/violation.ts';
import type { ControlAccount, ControlPlane } from './support/control.ts';
import { feedMarkets, marketPath, readFeed } from './support/feed.ts';
import type { TargetClient } from './support/client.ts';
import { lookup } from './support/lookups.ts';
import {
  CREATE,
  GENERATION_CREDITS,
  READ,
  generationTargets,
  newKey,
  readJob,
  refusedReadyBody,
  offeredOrSkip,
  SPARE_TARGETS,
  submitJob,
  type Answer,
  type GenerationTarget,
} from './support/jobs.ts';

const BOTH = contractRules(CREATE, READ);
/** Jobs one run may create (each costs $1.00 of the run's test account). */
const MAX_JOBS = 5;
const ADVANCES = [1, 3, 10, 60, 600] as const;
type View = 'status' | 'result';

/** What the spec says about the target's jobs in one run. */
interface JobModel {
  jobId: string;
  key: string;
  body: GenerationBody;
  /** The last status read; undefined before the first read. */
  lastStatus?: string;
  /** Set when the control plane ended the job. */
  endedBy?: 'failed' | 'rejected';
}
interface Model {
  jobs: JobModel[];
  /** Jobs created (each billed once). */
  newJobs: number;
  /** Replays of a key with its own body answered 2xx (whether each is billed again is gap JOB-026). */
  replays: number;
}

/** The target and the test's handles on it. */
interface Real {
  owner: TargetClient;
  ownerAccount: ControlAccount;
  start: number;
  other: TargetClient;
  unentitled: TargetClient;
  control: ControlPlane;
  bodies: GenerationBody[];
  /** Whether the control plane can end jobs (POST /__control/jobs/{jobId}). */
  endSupported: boolean;
  steps: number;
  warnings: Violation[];
}

const executed = new Map<string, number>();
const count = (name: string) => executed.set(name, (executed.get(name) ?? 0) + 1);

/** Fails the step on error-level violations; keeps warnings for the end of the test. */
function settle(r: Real, found: Violation[], body?: unknown): void {
  r.warnings.push(...found.filter((v) => v.severity === 'warning'));
  const errors = found.filter((v) => v.severity === 'error');
  if (errors.length) expect(errors).toHaveNoViolations(body);
}

/** Reads a job as its owner in `view` and checks the read and its status against the model. */
async function pollAndCheck(r: Real, job: JobModel, view: View, found: Violation[]): Promise<Answer> {
  const a = await readJob(r.owner, job.jobId, view);
  if (a.status !== 200) {
    found.push(violation('JOB-002', `/${job.jobId}`, `the submitting key read its job ${job.jobId} and got ${a.status}`));
    return a;
  }
  const status = String(a.body.status);
  found.push(...checkJobRead(a, { view, jobId: job.jobId, request: job.body }, `/${job.jobId}/${view}`));
  found.push(...checkStatusProgress(job.lastStatus, status, job.jobId));
  count(`status:${status}`);
  if (job.endedBy && status !== job.endedBy)
    found.push(
      violation(
        'JOB-024',
        `/${job.jobId}/status`,
        `the control plane ended job ${job.jobId} ${job.endedBy}; it now reads ${status}`,
        'warning',
      ),
    );
  job.lastStatus = status;
  return a;
}

/**
 * The invariants after every step: each job read in both views; one job (rotating) read by another
 * owner against an unknown job; the owner's balance against the jobs created.
 */
async function invariants(m: Model, r: Real): Promise<void> {
  r.steps++;
  const found: Violation[] = [];
  for (const job of m.jobs) {
    const status = await pollAndCheck(r, job, 'status', found);
    const result = await pollAndCheck(r, job, 'result', found);
    // Both views state the job's one state once it is terminal (JOB-009; round-32 bug: a rejected job polled as failed).
    if (status.status === 200 && result.status === 200)
      found.push(...drawnFrom(status.res, judgeWith(CHECKS.checkViewsAgree, status.body, result.body, job.jobId)));
    // The polling view names the job's own forecast ids, the ones its result view expands (round-17 bug: the ids of
    // every succeeded job of the owner on the same market): JOB-009.
    if (status.status === 200 && result.status === 200 && status.body.status === 'succeeded' && result.body.status === 'succeeded') {
      const idsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String).sort() : []);
      const polled = idsOf(status.body.forecastIds);
      const expanded = idsOf(result.body.forecastIds);
      if (expanded.length && JSON.stringify(polled) !== JSON.stringify(expanded))
        found.push(
          violation(
            'JOB-009',
            `/${job.jobId}/status/forecastIds`,
            `view=status names forecast ids [${polled.join(', ')}]; the same job's view=result names [${expanded.join(', ')}]`,
          ),
        );
    }
  }
  const probe = m.jobs[r.steps % Math.max(1, m.jobs.length)];
  if (probe) {
    const unknownId = randomUUID();
    found.push(
      ...checkSameNotFound(
        await readJob(r.other, probe.jobId, 'status'),
        await readJob(r.other, unknownId, 'status'),
        probe.jobId,
        unknownId,
      ),
    );
  }
  found.push(...checkBalance(m, r.start - (await r.control.balance(r.ownerAccount.accountId))));
  settle(r, found);
}

/**
 * The owner's debit against the model: each new job once (BILL-001), each accepted call at most once;
 * whether replays are billed again (gap JOB-026) and whether ended jobs are refunded (gap BILL-014) are
 * the target's choices, observed as such.
 */
function checkBalance(m: Model, debited: number): Violation[] {
  const found: Violation[] = [];
  const ended = m.jobs.filter((j) => j.endedBy || j.lastStatus === 'failed' || j.lastStatus === 'rejected').length;
  const least = GENERATION_CREDITS * (m.newJobs - ended);
  const most = GENERATION_CREDITS * (m.newJobs + m.replays);
  if (debited < least)
    found.push(
      violation('BILL-001', 'balance', `${m.newJobs} job(s) (${ended} ended without a forecast) but only ${debited} credits were debited`),
    );
  if (debited > most)
    found.push(violation('BILL-001', 'balance', `${m.newJobs + m.replays} accepted call(s) but ${debited} credits were debited`));
  // Replays billed again show as debits beyond one price a job (the refunds of ended jobs aside).
  const replaysBilled = debited > GENERATION_CREDITS * m.newJobs;
  if (m.replays > 0 && replaysBilled)
    found.push(violation('JOB-026', 'balance', `${m.replays} replay(s); debited ${debited} for ${m.newJobs} job(s)`, 'warning'));
  const owed = least + (replaysBilled ? GENERATION_CREDITS * m.replays : 0);
  if (ended > 0 && debited !== owed)
    found.push(
      violation(
        'BILL-014',
        'balance',
        `${ended} job(s) ended failed or rejected; debited ${debited}, the stub's choice refunds them (${owed})`,
        'warning',
      ),
    );
  return found;
}

class Submit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly mode: 'fresh' | 'replay' | 'reuse',
    readonly pick: number,
    readonly market: number,
  ) {}
  check(m: Readonly<Model>): boolean {
    return this.mode === 'fresh' ? m.newJobs < MAX_JOBS : m.jobs.length > 0;
  }
  async run(m: Model, r: Real): Promise<void> {
    count(`Submit(${this.mode})`);
    const found: Violation[] = [];
    if (this.mode === 'fresh') {
      const body = r.bodies[this.market % r.bodies.length]!;
      const key = newKey();
      const a = await submitJob(r.owner, body, key);
      expect(a.status, `a fresh generation for ${body.venue}:${body.market_id} is accepted (${a.bodyText.slice(0, 200)})`).toBeLessThan(
        300,
      );
      found.push(...checkSubmission(a.body));
      const jobId = String(submittedJobId(a.body));
      expect(
        m.jobs.some((j) => j.jobId === jobId),
        `a fresh key made a new job, not ${jobId} again`,
      ).toBe(false);
      m.jobs.push({ jobId, key, body });
      m.newJobs++;
    } else {
      const job = m.jobs[this.pick % m.jobs.length]!;
      const other = r.bodies.find((b) => b.market_id !== job.body.market_id || b.venue !== job.body.venue);
      const body = this.mode === 'reuse' && other ? other : job.body;
      const a = await submitJob(r.owner, body, job.key);
      const answered = submittedJobId(a.body);
      if (body === job.body) {
        if (a.status >= 300 || answered !== job.jobId)
          found.push(
            violation(
              'JOB-025',
              '/jobId',
              `a replay of ${job.key} answered ${a.status} ${String(answered ?? a.body.error)}, not job ${job.jobId}`,
            ),
          );
        else m.replays++;
      } else {
        observeChoice(
          'JOB-008',
          a.status === 422 && a.body.error === 'idempotency_key_reused',
          `key ${job.key} reused with another body answered ${a.status} ${JSON.stringify(a.body.error ?? answered)}`,
        );
        if (a.status < 300 && answered !== job.jobId && !m.jobs.some((j) => j.jobId === answered)) {
          m.jobs.push({ jobId: String(answered), key: `${job.key}#reused`, body });
          m.newJobs++;
        }
      }
    }
    settle(r, found);
    await invariants(m, r);
  }
  toString(): string {
    return `Submit(${this.mode}, ${this.pick}, ${this.market})`;
  }
}

class Poll implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly view: View | undefined,
  ) {}
  check(m: Readonly<Model>): boolean {
    return m.jobs.length > 0;
  }
  async run(m: Model, r: Real): Promise<void> {
    count('Poll');
    const job = m.jobs[this.pick % m.jobs.length]!;
    const found: Violation[] = [];
    const a = await readJob(r.owner, job.jobId, this.view);
    if (a.status === 200) {
      const status = String(a.body.status);
      found.push(
        ...checkJobRead(a, { view: this.view ?? 'result', jobId: job.jobId, request: job.body }, `/${job.jobId}/${this.view ?? 'default'}`),
      );
      found.push(...checkStatusProgress(job.lastStatus, status, job.jobId));
      job.lastStatus = status;
    } else found.push(violation('JOB-002', `/${job.jobId}`, `the submitting key got ${a.status}`));
    settle(r, found, a.body);
    await invariants(m, r);
  }
  toString(): string {
    return `Poll(${this.pick}, ${this.view ?? 'default'})`;
  }
}

class AdvanceClock implements fc.AsyncCommand<Model, Real> {
  constructor(readonly seconds: number) {}
  check(): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    count('AdvanceClock');
    await r.control.advanceClock(this.seconds);
    await invariants(m, r);
  }
  toString(): string {
    return `AdvanceClock(${this.seconds})`;
  }
}

class ReadAsOtherOwner implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly view: View | undefined,
  ) {}
  check(m: Readonly<Model>): boolean {
    return m.jobs.length > 0;
  }
  async run(m: Model, r: Real): Promise<void> {
    count('ReadAsOtherOwner');
    const job = m.jobs[this.pick % m.jobs.length]!;
    const unknownId = randomUUID();
    const theirs = await readJob(r.other, job.jobId, this.view);
    const unknown = await readJob(r.other, unknownId, this.view);
    settle(r, checkSameNotFound(theirs, unknown, job.jobId, unknownId), theirs.body);
    await invariants(m, r);
  }
  toString(): string {
    return `ReadAsOtherOwner(${this.pick}, ${this.view ?? 'default'})`;
  }
}

class ReadWithoutEntitlement implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check(m: Readonly<Model>): boolean {
    return m.jobs.length > 0;
  }
  async run(m: Model, r: Real): Promise<void> {
    count('ReadWithoutEntitlement');
    const job = m.jobs[this.pick % m.jobs.length]!;
    const a = await readJob(r.unentitled, job.jobId, 'status');
    const found: Violation[] = [];
    if (a.status !== 403) found.push(violation('AUTH-012', 'status', `an account without entitlement read job ${job.jobId}: ${a.status}`));
    else if (a.body.error !== 'entitlement_required')
      found.push(violation('AUTH-016', '/error', `403 error ${JSON.stringify(a.body.error)}`, 'warning'));
    settle(r, found, a.body);
    await invariants(m, r);
  }
  toString(): string {
    return `ReadWithoutEntitlement(${this.pick})`;
  }
}

class EndJob implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly outcome: 'failed' | 'rejected',
  ) {}
  check(m: Readonly<Model>): boolean {
    return m.jobs.length > 0;
  }
  async run(m: Model, r: Real): Promise<void> {
    if (!r.endSupported) return;
    count('EndJob');
    const job = m.jobs[this.pick % m.jobs.length]!;
    const result = await r.control.endJob(job.jobId, this.outcome);
    if (result === 'unsupported') {
      r.endSupported = false;
      return;
    }
    const found: Violation[] = [];
    if (result === 'ended') {
      // The stub's control plane only ends a job that has not ended (gap JOB-024: a terminal status never changes).
      if (isTerminal(job.lastStatus))
        found.push(
          violation(
            'JOB-024',
            `/${job.jobId}/status`,
            `job ${job.jobId} was read ${String(job.lastStatus)} yet could still be ended ${this.outcome}`,
            'warning',
          ),
        );
      job.endedBy = this.outcome;
    }
    settle(r, found);
    await invariants(m, r);
  }
  toString(): string {
    return `EndJob(${this.pick}, ${this.outcome})`;
  }
}

const views = fc.constantFrom<View | undefined>('status', 'result', undefined);
const commands = [
  fc.nat().map((market) => new Submit('fresh', 0, market)),
  fc.tuple(fc.constantFrom('replay' as const, 'reuse' as const), fc.nat()).map(([mode, pick]) => new Submit(mode, pick, 0)),
  fc.tuple(fc.nat(), views).map(([p, v]) => new Poll(p, v)),
  fc.constantFrom(...ADVANCES).map((s) => new AdvanceClock(s)),
  fc.tuple(fc.nat(), views).map(([p, v]) => new ReadAsOtherOwner(p, v)),
  fc.nat().map((p) => new ReadWithoutEntitlement(p)),
  fc.tuple(fc.nat(), fc.constantFrom('failed' as const, 'rejected' as const)).map(([p, o]) => new EndJob(p, o)),
];
const WEIGHTS = [4, 2, 3, 2, 1, 1, 1];
const weighted = fc.oneof(...commands.map((arbitrary, i) => ({ arbitrary, weight: WEIGHTS[i]! })));

/** One scenario walking every transition, run first whatever the seed. */
const SCENARIO = (): fc.AsyncCommand<Model, Real>[] => [
  new Submit('fresh', 0, 0),
  new Poll(0, 'status'),
  new Submit('replay', 0, 0),
  new Submit('reuse', 0, 0),
  new AdvanceClock(3),
  new Poll(0, 'result'),
  new AdvanceClock(10),
  new Poll(0, undefined),
  new ReadAsOtherOwner(0, 'result'),
  new ReadWithoutEntitlement(0),
  new Submit('fresh', 0, 1),
  // A second job on the first market, both succeeded: each job's views name its own forecast (JOB-009).
  new Submit('fresh', 0, 0),
  new AdvanceClock(600),
  new Poll(0, 'result'),
  new EndJob(0, 'failed'),
  new Submit('fresh', 0, 0),
  new EndJob(2, 'rejected'),
  new AdvanceClock(600),
  new Poll(2, 'status'),
];

test.describe('forecast jobs: the lifecycle (model-based)', () => {
  test(
    'any sequence of submit, replay, poll, clock advance, foreign and unentitled reads and control-plane endings keeps the job invariants',
    {
      ...ruleDetails(
        'JOB-002',
        'JOB-009',
        'JOB-010',
        'JOB-011',
        'JOB-012',
        'JOB-013',
        'JOB-014',
        'JOB-015',
        'JOB-016',
        'JOB-025',
        // the stub's choices, observed: terminal statuses, replays billed, another body under a used key
        'JOB-024',
        'JOB-026',
        'JOB-008',
        'AUTH-008',
        'AUTH-012',
        'BILL-001',
        ...BOTH,
      ),
    },
    async ({ api, paid, controlPlane, targetOptions }) => {
      test.setTimeout(120_000);
      const targets = await test.step('discover markets offering a generation body', () => generationTargets(api, paid, 2));
      test.skip(targets.length === 0, 'needs a tracked in-scope market without a forecast (availability generation non-null)');
      // Each body posted once first: one the target answers 400 or 422 is AVAIL-044's case (its own test), and a
      // model run on it could only stop at its first submission; the model runs on the bodies the target accepts.
      const probe = await controlPlane.createAccount(GENERATION_CREDITS * targets.length);
      const bodies: GenerationBody[] = [];
      const refusals: string[] = [];
      for (const { body } of targets) {
        const a = await submitJob(api.withKey(probe.apiKey), body, newKey());
        const refused = refusedReadyBody(a, body);
        if (refused) refusals.push(refused);
        else bodies.push(body);
        if (a.status < 300) await controlPlane.endJob(String(submittedJobId(a.body)), 'failed').catch(() => undefined);
      }
      test.skip(bodies.length === 0, refusals[0]);
      const other = await controlPlane.createAccount(0);
      const unentitled = await controlPlane.createAccount(0, false);
      const warnings: Violation[] = [];
      let runs = 0;
      let endSupported = true;
      await assertProperty(
        fc.asyncProperty(fc.commands([weighted], { maxCommands: 14, size: '+1' }), async (cmds) => {
          runs++;
          const setup = async () => {
            const start = GENERATION_CREDITS * (MAX_JOBS + 2);
            const ownerAccount = await controlPlane.createAccount(start);
            const real: Real = {
              owner: api.withKey(ownerAccount.apiKey),
              ownerAccount,
              start,
              other: api.withKey(other.apiKey),
              unentitled: api.withKey(unentitled.apiKey),
              control: controlPlane,
              bodies,
              endSupported,
              steps: 0,
              warnings,
            };
            return { model: { jobs: [], newJobs: 0, replays: 0 } as Model, real };
          };
          let last: { model: Model; real: Real } | undefined;
          await fc.asyncModelRun(async () => (last = await setup()), cmds);
          if (!last) return;
          endSupported = last.real.endSupported;
          // Leave nothing pending that could publish a forecast later: end what has not ended.
          if (endSupported)
            for (const job of last.model.jobs) if (!isTerminal(job.lastStatus)) await controlPlane.endJob(job.jobId, 'failed');
        }),
        {
          seed: targetOptions.seed,
          numRuns: 15,
          endOnFailure: true,
          examples: [[SCENARIO() as unknown as Iterable<fc.AsyncCommand<Model, Real>>]],
        },
      );
      expectCommandsRan(
        runs,
        executed,
        ['Submit(fresh)', 'Submit(replay)', 'Poll', 'AdvanceClock', 'ReadAsOtherOwner', 'ReadWithoutEntitlement'],
        targetOptions.seed,
      );
      // Rules about a status the runs never read (no job succeeded, failed or ended) were not judged.
      const read = (status: string) => (executed.get(`status:${status}`) ?? 0) > 0;
      if (!read('succeeded')) withdrawRules(['JOB-009', 'JOB-011'], 'no job read succeeded in the model runs');
      if (!read('failed')) withdrawRules(['JOB-014'], 'no job read failed in the model runs');
      if (!['succeeded', 'failed', 'rejected'].some(read)) withdrawRules(['JOB-024'], 'no job reached a terminal status in the model runs');
      const seen = new Map(warnings.map((w) => [`${w.ruleId} ${w.message}`, w]));
      expect([...seen.values()]).toHaveNoViolations();
    },
  );
});

/**
 * Moves the target's clock forward until the job's status read is terminal: doubling steps, at
 * least the read's Retry-After when it is delay-seconds, at most `maxStepS` each (s) and `maxSeconds` in all.
 * A small `maxStepS` ends the walk soon after the job ended, so its forecast is then minutes old at most.
 * @returns the last status read and every status read on the way, in order.
 */
async function untilTerminal(
  client: TargetClient,
  control: ControlPlane,
  jobId: string,
  maxSeconds = 7 * 86_400,
  maxStepS = Infinity,
): Promise<{ final: Answer; seen: string[] }> {
  let step = 1;
  let total = 0;
  const seen: string[] = [];
  for (;;) {
    const a = await readJob(client, jobId, 'status');
    if (seen[seen.length - 1] !== a.body.status) seen.push(String(a.body.status));
    if (a.status !== 200 || isTerminal(a.body.status) || total >= maxSeconds) return { final: a, seen };
    const hint = Number(a.headers['retry-after']);
    step = Math.min(maxStepS, Math.max(step * 2, Number.isFinite(hint) ? hint : 1));
    await control.advanceClock(step);
    total += step;
  }
}

/** The largest clock step of the success walk (s): its forecast is at most this old when the walk ends. */
const FRESH_STEP_S = 120;
const HOUR_MS = 3_600_000;
/** The margin taken off each edge of a window judged on the target's clock (ms). */
const CLOCK_SKEW_MS = 60_000;

/** The stub's walk of a job left alone (gap JOB-017): every pending status, then succeeded. */
const STUB_WALK = 'accepted,submitted,running,succeeded';

/**
 * The first of `targets` whose offered body `client`'s generation is accepted for (`offeredOrSkip`: a refused body is
 * AVAIL-044's case, so the next market is tried; no instance when every one was refused).
 * @returns the accepted target and its job's jobId
 */
async function acceptedJob(
  client: TargetClient,
  targets: readonly GenerationTarget[],
): Promise<{ target: GenerationTarget; jobId: string }> {
  const { answer: a, target } = await offeredOrSkip(client, targets);
  expect(
    a.status,
    `the generation for ${target.body.venue}:${target.body.market_id} is accepted (${a.bodyText.slice(0, 200)})`,
  ).toBeLessThan(300);
  expect(checkSubmission(a.body)).toHaveNoViolations(a.body);
  return { target, jobId: String(submittedJobId(a.body)) };
}

test.describe('forecast jobs: success and endings', () => {
  test(
    'a job that succeeds: its forecast only in view=result (also by default), then the stored-forecast read and availability show it',
    {
      ...ruleDetails(
        'JOB-009',
        'JOB-010',
        'JOB-011',
        'JOB-015',
        'PARAM-023',
        // the stub's choices, observed: the walk, a terminal status kept, the published forecast stored
        'JOB-017',
        'JOB-024',
        'JOB-031',
        'JOB-032',
        // a read of the succeeded job debits nothing, in either view
        'BILL-012',
        'PRICE-003',
        // one forecast id, one creation instant and probability in the job, the read and availability (cross-cutting)
        'FCST-017',
        'AVAIL-013',
        'AVAIL-015',
        'AVAIL-019',
        // the catalog's changed_within lists the market whose forecast the job just published
        'MKT-024',
        ...BOTH,
        ...contractRules('getMarketForecast', 'getForecastAvailability', 'listMarkets'),
      ),
    },
    async ({ api, paid, controlPlane }) => {
      const targets = await test.step('discover a market offering a generation body', () =>
        generationTargets(api, paid, 1 + SPARE_TARGETS));
      test.skip(!targets.length, 'needs a tracked in-scope market without a forecast (availability generation non-null)');
      const account = await controlPlane.createAccount(GENERATION_CREDITS + 100);
      const client = api.withKey(account.apiKey);
      const { target, jobId } = await test.step('submit', () => acceptedJob(client, targets));
      const { body, row } = target;
      const { final, seen } = await test.step('advance the clock until the job ends', () =>
        untilTerminal(client, controlPlane, jobId, undefined, FRESH_STEP_S));
      observeChoice('JOB-017', seen.join(',') === STUB_WALK, `a job left alone read ${seen.join(' → ')}`);
      test.skip(
        final.body.status !== 'succeeded',
        `the job ended ${String(final.body.status)}, not succeeded: the success rules cannot be observed`,
      );
      const found: Violation[] = [];
      let forecastId = '';
      let probability: unknown;

      // The job read is free in either view and in every state (BILL-012; PRICE-003, a reference price): judged on
      // each read of the succeeded job, whose result view embeds the published forecast (a round-22 bug billed that
      // read as a stored-forecast read, while the polling reads stayed free).
      const freeRead = async (view?: 'status' | 'result') => {
        const before = await controlPlane.balance(account.accountId);
        const read = await readJob(client, jobId, view);
        const what = `a view=${view ?? 'default'} read of the succeeded job`;
        if (read.status !== 200) return read;
        const after = await controlPlane.balance(account.accountId);
        for (const rule of ['BILL-012', 'PRICE-003']) {
          found.push(...checkDebit(rule, `${what} (200)`, before, after, 0));
          judged(rule, 1, what, READ);
        }
        return read;
      };
      await test.step('view=result expands the published forecast; view=status names only its id', async () => {
        const result = await freeRead('result');
        found.push(...checkJobRead(result, { view: 'result', jobId, request: body }, '/result'));
        const status = await freeRead('status');
        found.push(...checkJobRead(status, { view: 'status', jobId, request: body }, '/status'));
        forecastId = String((status.body.forecastIds as unknown[] | undefined)?.[0] ?? '');
        probability = ((result.body.forecasts as Record<string, unknown>[] | undefined)?.[0] ?? {}).probability;
        const byDefault = await freeRead();
        if (!Array.isArray(byDefault.body.forecasts) || byDefault.body.forecasts.length === 0)
          found.push(
            violation('PARAM-023', '/default/forecasts', 'a succeeded job read without view expands no forecast (view defaults to result)'),
          );
      });

      await test.step('the stored-forecast read returns the published forecast', async () => {
        const market = (await lookup(api, { market_key: String(row.marketKey) })).body.market as Record<string, unknown> | null;
        const slug = String(market?.slug ?? row.slug ?? row.marketKey);
        const res = await client.get(`/api/v1/markets/${encodeURIComponent(slug)}/forecast`, {
          params: row.venue === 'venue_a' ? {} : { venue: String(row.venue) },
        });
        await expect(res).toMatchContract('getMarketForecast');
        // Whether the read serves the job's forecast is gap JOB-032: a 404 is the target's choice too.
        if (res.status() !== 200) return void observeChoice('JOB-032', false, `GET ${slug}/forecast answered ${res.status()}`);
        const current = currentForecast(await res.json());
        observeChoice(
          'JOB-032',
          current?.forecast.id === forecastId && current.forecast.probability === probability,
          `the current stored forecast is ${String(current?.forecast.id)} (${String(current?.forecast.probability)}), the job's ${forecastId} (${String(probability)})`,
        );
      });

      await test.step('availability turns available, with read set and generation null', async () => {
        const { body: avail } = await lookup(api, { market_key: String(row.marketKey) });
        found.push(...checkAvailability(avail));
        const latest = avail.latestForecast as Record<string, unknown> | null;
        observeChoice(
          'JOB-031',
          avail.available === true && latest?.id === forecastId,
          `after the job succeeded availability answers available ${String(avail.available)}, latestForecast ${String(latest?.id)}`,
        );
      });

      // Round-45 bug: the catalog counted a forecast for changed_within only three minutes after its creation. The
      // job's forecast is the newest a run sees, minutes old (the clock walked in steps of FRESH_STEP_S at most).
      await test.step('changed_within=1 lists the market whose latest forecast the job just published (MKT-024)', async () => {
        const { body: avail } = await lookup(api, { market_key: String(row.marketKey) });
        const created = Date.parse(String((avail.latestForecast as Record<string, unknown> | null)?.createdAt));
        const now = (await controlPlane.clock()).now.getTime();
        const rows = async (params: Record<string, number>) => {
          const res = await client.get('/api/v1/markets', { params });
          await expect(res).toMatchContract('listMarkets');
          const rowsFound = res.status() === 200 ? findRows(await res.json(), hasMembers('marketKey'), 'markets')?.value : undefined;
          return (rowsFound ?? []).map((r) => String(r.marketKey));
        };
        // An instance when the latest forecast is inside the hour (a margin off each edge) and the market is listed.
        const fresh = created <= now + CLOCK_SKEW_MS && created > now - HOUR_MS + CLOCK_SKEW_MS;
        const listed = fresh && (await rows({})).includes(String(row.marketKey));
        if (!judged('MKT-024', listed ? 1 : 0, 'a listed market whose latest forecast a job published minutes before', 'listMarkets'))
          return;
        if (!(await rows({ changed_within: 1 })).includes(String(row.marketKey)))
          found.push(
            violation(
              'MKT-024',
              '/markets',
              `changed_within=1 leaves out ${String(row.marketKey)}, whose latest forecast was created ${Math.round((now - created) / 1000)} s before (availability's latestForecast.createdAt)`,
            ),
          );
      });

      await test.step('a succeeded job stays succeeded', async () => {
        await controlPlane.advanceClock(60);
        const later = await readJob(client, jobId, 'status');
        found.push(
          ...checkStatusProgress('succeeded', String(later.body.status), jobId),
          ...checkJobRead(later, { view: 'status', jobId, request: body }, '/later'),
        );
      });
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'jobs ended failed or rejected: no forecast in either view, no Retry-After, and the status never changes',
    { ...ruleDetails('JOB-009', 'JOB-012', 'JOB-014', 'JOB-024', 'JOB-019', 'JOB-018', 'BILL-014', ...BOTH) },
    async ({ api, paid, controlPlane }) => {
      let targets = await generationTargets(api, paid, 1 + SPARE_TARGETS);
      test.skip(!targets.length, 'needs a tracked in-scope market without a forecast (availability generation non-null)');
      const start = GENERATION_CREDITS * 3;
      const account = await controlPlane.createAccount(start);
      const client = api.withKey(account.apiKey);
      const found: Violation[] = [];
      const jobs: [string, 'failed' | 'rejected'][] = [];
      for (const outcome of ['failed', 'rejected'] as const) {
        const { target, jobId } = await acceptedJob(client, targets);
        targets = [target]; // the second job on the market the first was accepted for
        const ended = await controlPlane.endJob(jobId, outcome);
        test.skip(ended === 'unsupported', 'the control plane cannot end jobs (POST /__control/jobs/{jobId})');
        expect(ended, `job ${jobId} was still pending and could be ended ${outcome}`).toBe('ended');
        jobs.push([jobId, outcome]);
      }
      const readAll = async (label: string) => {
        for (const [jobId, outcome] of jobs) {
          const reads: Awaited<ReturnType<typeof readJob>>[] = [];
          for (const view of ['status', 'result'] as const) {
            const a = await readJob(client, jobId, view);
            expect(a.status).toBe(200);
            reads.push(a);
            found.push(
              ...checkJobRead(a, { view, jobId, request: targets[0]!.body }, `/${label}/${outcome}/${view}`),
              ...checkStatusProgress(outcome, String(a.body.status), jobId),
            );
          }
          // The polling view states the job's state as the result view does (JOB-009): a rejected job is not "failed".
          const [polled, result] = [reads[0]!, reads[1]!];
          found.push(...drawnFrom(polled.res, judgeWith(CHECKS.checkViewsAgree, polled.body, result.body, jobId)));
        }
      };
      await test.step('read right after the ending', () => readAll('ended'));
      await test.step('read after the clock passed any success time', async () => {
        await controlPlane.advanceClock(900);
        await readAll('later');
      });
      await test.step('an ended job cannot be ended again', async () => {
        expect(await controlPlane.endJob(jobs[0]![0], 'rejected'), 'the control plane refuses to change a terminal status').toBe(
          'terminal',
        );
      });
      found.push(
        ...checkDebit(
          'BILL-014',
          'two generations that ended failed and rejected',
          start,
          await controlPlane.balance(account.accountId),
          0,
        ).map((v) => ({ ...v, severity: 'warning' as const })),
      );
      expect(found).toHaveNoViolations();
    },
  );
});

/**
 * How far the clock moves between two reads of one stored forecast (s): inside the 72-hour drawdown window, and short,
 * since the clock suites after this one (quota-reset.spec.ts) look for forecasts, articles and posts in the 6-hour
 * feed (a 6-hour move left six of their tests without an instance).
 */
const DRAWDOWN_MOVE_S = 3600;
/** Markets of the forecast feed read twice ($0.01 a read on a real target). */
const DRAWDOWN_SAMPLE = 3;

test.describe('stored forecasts across the clock', () => {
  // FCST-006 was unobservable while the harness read each forecast at one instant: a value measured from the read
  // (round-36 bug) is told from one anchored to created_at only by reading one forecast again after the clock moved.
  test(
    'a stored forecast read again once the clock moved carries the same drawdown_risk_72h (anchored to its created_at)',
    { ...ruleDetails('FCST-006', ...contractRules('getMarketForecast', 'getLatest')) },
    async ({ paid, controlPlane, sharedAnswers }) => {
      const { res, body: feed } = await readFeed(paid, { hours: 6, types: 'forecast' }, sharedAnswers);
      await expect(res).toMatchContract('getLatest');
      const markets = feedMarkets(feed, 'forecast')
        .filter((m) => m.slug !== null)
        .slice(0, DRAWDOWN_SAMPLE);
      test.skip(!markets.length, 'no market with a slug got a forecast in the last 6 hours');
      const read = async (m: (typeof markets)[number]) => {
        const r = await paid.get(marketPath(m.slug!, 'forecast'), { params: { venue: m.venue === 'venue_a' ? undefined : m.venue } });
        await expect(r).toMatchContract('getMarketForecast');
        return r.status() === 200 ? ((await r.json()) as unknown) : undefined;
      };
      const before = await test.step('read each stored forecast', () => Promise.all(markets.map(read)));
      await controlPlane.advanceClock(DRAWDOWN_MOVE_S);
      const found: Violation[] = [];
      await test.step(`read each again ${DRAWDOWN_MOVE_S} s later`, async () => {
        for (const [i, m] of markets.entries()) {
          const after = await read(m);
          if (before[i] !== undefined && after !== undefined)
            found.push(
              ...judgeWith(CHECKS.checkDrawdownAnchored, before[i], after, DRAWDOWN_MOVE_S).map((v) => ({
                ...v,
                path: `${m.marketKey}:${v.path}`,
              })),
            );
        }
      });
      expect(found).toHaveNoViolations();
    },
  );
});
