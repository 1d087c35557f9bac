/**
 * Social-account profiling, POST /api/v1/x/profile (family PROF; spec: its endpoint section, the
 * Social-account profile resource, Limits rules 4 and 7). Every returned profile is checked whole:
 * citations resolve to evidence, unsupported claims are dropped, post_count counts the distinct cited
 * posts (at least 15), the window echoes the lookback and holds the cited posts, research turns stay
 * within three where reported. Insufficient history answers 404 and is not billed; the stored profile
 * is reused across callers only for the same handle, focus and lookback; a provider fault answers 502
 * unbilled; bad bodies answer 422. The 30-day expiry moves the clock: suites/social-clock.spec.ts.
 * Handles are discovered through the API (suites/support/social.ts). Each profile costs $1.00: the
 * spend budget skips what the run cannot afford.
 */
import fc from 'fast-check';
import { test, expect, contractRules, judged, ruleDetails } from './support/fixtures.ts';
import { checkNotReused, checkReused, checkSocialProfile } from '../checks/social-profile.ts';
import { checkDebit } from '../checks/billing.ts';
import { violation, type Violation } from '../lib/violation.ts';
import { PRICES } from '../contract/pricing.ts';
import {
  HANDLE_RE,
  PROFILE_PATH,
  faultLister,
  findGrowingHandle,
  findProfiledHandle,
  findThinHandle,
  probeHandles,
  requestProfile,
  type Answer,
  refusedBadBody,
  callDuringUpstreamFailure,
} from './support/social.ts';
import { FAULT_SCOPE_HEADER, faultScope } from './support/control.ts';
import { CHECKS } from '../checks/registry.ts';
import { judgeWith } from './support/judging.ts';
import { observe } from './support/matchers.ts';
import { observeChoice, observing } from './support/choices.ts';
import { paidRuns } from './support/property.ts';
import { ORDER_GAP, knownOrder, learnOrder, refusalAnswer } from './support/refusals.ts';
import { watchDebits } from './support/debit-watch.ts';

const OP = 'createSocialProfile';
const PRICE = PRICES[OP]!.credits;
const INVARIANTS = ['PROF-012', 'PROF-013', 'PROF-014', 'PROF-015', 'PROF-016', 'PROF-023', 'PROF-024'];
const DAY_MS = 86_400_000;
/** meta as the stub fills it (gap PROF-018). */
const STUB_META = ['cached', 'research_turns', 'searches', 'generated_at', 'focus', 'engine'];

/**
 * Observes what a profile shows of the points the spec leaves open: how window.from_date relates to
 * lookback_days (gap PROF-017), what meta holds (PROF-018) and whether evidence lists only the cited posts (PROF-020).
 */
function observeProfileChoices(profile: Record<string, unknown> | undefined): void {
  const w = profile?.window as { from_date?: unknown; to_date?: unknown; lookback_days?: unknown; post_count?: unknown } | undefined;
  if (!w) return;
  const span = (Date.parse(String(w.to_date)) - Date.parse(String(w.from_date))) / DAY_MS;
  observeChoice(
    'PROF-017',
    span === w.lookback_days,
    `window ${String(w.from_date)}..${String(w.to_date)} for lookback_days ${String(w.lookback_days)}`,
  );
  const meta = profile?.meta;
  const keys = meta && typeof meta === 'object' ? Object.keys(meta) : [];
  observeChoice(
    'PROF-018',
    STUB_META.every((k) => keys.includes(k)),
    `meta holds ${keys.join(', ') || 'nothing'}`,
  );
  const evidence = Array.isArray(profile?.evidence) ? (profile.evidence as { published_at?: unknown }[]) : [];
  const times = evidence.map((e) => Date.parse(String(e.published_at)));
  const newestFirst = times.every((t, i) => i === 0 || !(t > times[i - 1]!));
  observeChoice(
    'PROF-020',
    evidence.length === w.post_count && newestFirst,
    `${evidence.length} evidence entries${newestFirst ? '' : ' (not newest first)'} for post_count ${String(w.post_count)}`,
  );
}

/** Violations of an answer that must be a profile or a 404 insufficient_post_history. */
function profileOr404(a: Answer, request: { lookbackDays?: number }, what: string): Violation[] {
  if (a.status === 200) return checkSocialProfile(a.body, request);
  if (a.status === 404 && a.error === 'insufficient_post_history') return [];
  if (a.status === 404)
    return [
      violation(
        'PROF-004',
        '/error',
        `${what}: a 404 of this route has error ${JSON.stringify(a.error)}, expected insufficient_post_history`,
      ),
    ];
  return [
    violation(
      a.status === 422 ? 'PARAM-074' : 'PROF-004',
      'status',
      `${what}: a valid body answered ${a.status} ${a.error ?? ''}, expected 200 or 404 insufficient_post_history`,
    ),
  ];
}

test.describe('x/profile: every returned profile', () => {
  // Two tests, so that a budget can buy the default body's case (PARAM-078) without the others: each
  // profile is a $1.00 call (issue 19). Both read the run's shared discovery answer (lookback 365, focus
  // general), judged here on its invariants.
  test(
    'holds the profile invariants: the discovery answer and the default body (lookback and focus omitted)',
    { ...ruleDetails(...INVARIANTS, 'PARAM-078', 'PROF-017', 'PROF-018', 'PROF-020', ...contractRules(OP)) },
    async ({ paid, budget, targetOptions, sharedAnswers }) => {
      await budget.reserveCalls(OP, 2);
      observing('PROF-017', 'PROF-018', 'PROF-020');
      const found = await test.step('discover a handle the target profiles', () =>
        findProfiledHandle(paid, targetOptions.seed, 365, sharedAnswers));
      test.skip('skip' in found, 'skip' in found ? found.skip : '');
      const { handle, answer } = found as { handle: string; answer: Answer };
      observeProfileChoices(answer.body);
      const vs: Violation[] = checkSocialProfile(answer.body, { lookbackDays: 365 });
      await test.step(JSON.stringify({ handle }), async () => {
        const a = await requestProfile(paid, { handle });
        // Without lookback_days and focus the request is the discovery's (365 days, general): its profile exists.
        if (a.status !== 200)
          vs.push(
            violation(
              'PARAM-078',
              'status',
              `{"handle":"${handle}"} answered ${a.status} ${a.error ?? ''} although @${handle} was profiled with lookback_days 365 and focus general`,
            ),
          );
        // No lookback in the request: a wrong window.lookback_days is PARAM-078's (the default), not the echo's.
        else vs.push(...checkSocialProfile(a.body, {}));
      });
      expect(vs).toHaveNoViolations();
    },
  );

  test(
    'holds the profile invariants for each focus, an @-prefixed handle and shorter lookbacks',
    { ...ruleDetails(...INVARIANTS, 'PROF-004', 'BILL-001', ...contractRules(OP)) },
    async ({ api, paid, budget, targetOptions, sharedAnswers, controlPlaneIfAny }) => {
      await budget.reserveCalls(OP, 3);
      const found = await test.step('discover a handle the target profiles', () =>
        findProfiledHandle(paid, targetOptions.seed, 365, sharedAnswers));
      test.skip('skip' in found, 'skip' in found ? found.skip : '');
      const { handle } = found as { handle: string };
      // focus reweights the one search (e0c7440d6870): whatever its value, a profile is one call at the route's
      // price (BILL-001), each call's debit read on an account of its own (a control plane); unjudged without one.
      const watch = await watchDebits(api, controlPlaneIfAny, paid);
      const vs: Violation[] = [];
      // Each case once, folded into two calls: the other two focus values, an @-prefixed handle and two
      // shorter lookbacks (a 404 insufficient_post_history is allowed there, PROF-004).
      for (const [body, lookbackDays] of [
        [{ handle: `@${handle}`, focus: 'trading', lookback_days: 45 }, 45],
        [{ handle, focus: 'reasoning', lookback_days: 180 }, 180],
      ] as const) {
        await test.step(JSON.stringify(body), async () => {
          const a = await requestProfile(watch, body);
          vs.push(...profileOr404(a, { lookbackDays }, JSON.stringify(body)));
        });
      }
      expect(vs).toHaveNoViolations();
    },
  );

  test(
    'property: any valid handle, lookback and focus get a profile holding the invariants or 404 insufficient_post_history',
    { ...ruleDetails(...INVARIANTS, 'PROF-004', 'PARAM-074', ...contractRules(OP)) },
    async ({ paid, budget, targetOptions }) => {
      // Each run is a $1.00 call when it profiles (issue 19): THRIFT_RUNS on the configured key within a finite
      // budget, whose reservation must not exceed what the spend plan measured; the edges are the bad-bodies property's.
      const NUM_RUNS = paidRuns(6);
      await budget.reserveCalls(OP, NUM_RUNS);
      const handle = fc.tuple(fc.boolean(), fc.stringMatching(/^[A-Za-z0-9_]{1,15}$/)).map(([at, h]) => `${at ? '@' : ''}${h}`);
      const body = fc.record({
        handle,
        lookback_days: fc.integer({ min: 14, max: 365 }),
        focus: fc.constantFrom('general', 'trading', 'reasoning'),
      });
      const statuses: number[] = [];
      let failed: Violation[] = [];
      const details = await fc.check(
        fc.asyncProperty(body, async (b) => {
          const a = await requestProfile(paid, b);
          statuses.push(a.status);
          const vs = profileOr404(a, { lookbackDays: b.lookback_days }, JSON.stringify(b));
          if (vs.length) failed = vs;
          return vs.length === 0;
        }),
        { seed: targetOptions.seed, numRuns: NUM_RUNS, endOnFailure: true },
      );
      test.info().annotations.push({ type: 'note', description: `statuses: ${statuses.join(' ')}` });
      // A thrown error (a budget or THROTTLED skip included) is the test's outcome, not a counterexample.
      if (details.failed && failed.length === 0 && details.errorInstance) throw details.errorInstance;
      expect(details.failed ? failed : []).toHaveNoViolations();
    },
  );
});

test.describe('x/profile: insufficient post history', () => {
  test(
    'an account with fewer than 15 grounded posts in the window answers 404 insufficient_post_history',
    { ...ruleDetails('PROF-004', 'ERR-006', ...contractRules(OP)) },
    async ({ paid, targetOptions }) => {
      const thin = await test.step('find a handle without enough history at lookback 14', () => findThinHandle(paid, targetOptions.seed));
      test.skip('skip' in thin, 'skip' in thin ? thin.skip : '');
      const { handle } = thin as { handle: string };
      // The same answer again, with the @ form of the handle: the verdict is the account's, not the spelling's.
      const a = await requestProfile(paid, { handle: `@${handle}`, lookback_days: 14, focus: 'reasoning' });
      const vs: Violation[] = [];
      if (a.status !== 404 || a.error !== 'insufficient_post_history')
        vs.push(
          violation(
            'PROF-004',
            'status',
            `@${handle} at lookback 14 answered ${a.status} ${a.error ?? ''} after a 404 insufficient_post_history for the same window`,
          ),
        );
      // The 404's code among those its status allows (ERR-006): an instance only when the answer is a 404.
      vs.push(...judgeWith(CHECKS.checkErrorEnvelope, await observe(a.res)));
      expect(vs).toHaveNoViolations(a.body);
    },
  );

  test(
    'at the edge of the floor: the smallest lookback a growing account is profiled at still cites at least 15 posts; the other focuses there',
    { ...ruleDetails('PROF-004', 'PROF-015', 'PROF-022', ...INVARIANTS, ...contractRules(OP)) },
    async ({ paid, budget, targetOptions }) => {
      await budget.reserveCalls(OP, 14);
      const growing = await test.step('find a handle refused at lookback 14 but profiled at 365', () =>
        findGrowingHandle(paid, targetOptions.seed));
      test.skip('skip' in growing, 'skip' in growing ? growing.skip : '');
      const { handle } = growing as { handle: string };
      // Grounded posts only accumulate as the window widens, so the verdict flips once: bisect it.
      let lo = 14;
      let hi = 365;
      let edge: Answer | undefined;
      const vs: Violation[] = [];
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        const a = await requestProfile(paid, { handle, lookback_days: mid });
        vs.push(...profileOr404(a, { lookbackDays: mid }, `@${handle} at lookback ${mid}`));
        if (a.status === 200) {
          hi = mid;
          edge = a;
        } else lo = mid;
      }
      edge ??= await requestProfile(paid, { handle, lookback_days: hi });
      test.info().annotations.push({
        type: 'note',
        description: `@${handle}: refused at ${lo} days, profiled at ${hi} days with post_count ${JSON.stringify((edge.body?.window as { post_count?: unknown } | undefined)?.post_count)}`,
      });
      vs.push(...checkSocialProfile(edge.body, { lookbackDays: hi }));
      // Whether the floor depends on focus is open (gap PROF-022; round-13 bug: trading and reasoning counted a subset of
      // the posts): the other focuses at the edge the default focus is profiled at, reported against the stub's choice.
      for (const focus of ['trading', 'reasoning'] as const) {
        const f = await requestProfile(paid, { handle, lookback_days: hi, focus });
        vs.push(...profileOr404(f, { lookbackDays: hi }, `@${handle} focus ${focus} at lookback ${hi}`));
        observeChoice(
          'PROF-022',
          f.status === 200,
          `focus ${focus} at lookback ${hi}, where the default focus is profiled, answered ${f.status} ${f.error ?? ''}`,
        );
      }
      expect(vs).toHaveNoViolations(edge.body);
    },
  );

  test(
    'a 404 insufficient_post_history is not billed (balance unchanged)',
    { ...ruleDetails('PROF-004', 'PROF-005', 'BILL-002', ...contractRules(OP)) },
    async ({ api, paid, controlPlane, targetOptions }) => {
      const thin = await findThinHandle(paid, targetOptions.seed);
      test.skip('skip' in thin, 'skip' in thin ? thin.skip : '');
      const { handle, lookbackDays } = thin as { handle: string; lookbackDays: number };
      const account = await controlPlane.createAccount(PRICE + 5);
      const before = await controlPlane.balance(account.accountId);
      const a = await requestProfile(api.withKey(account.apiKey), { handle, lookback_days: lookbackDays });
      expect(a.status, `@${handle} answered 404 insufficient_post_history to the first principal`).toBe(404);
      const after = await controlPlane.balance(account.accountId);
      const vs = [
        ...checkDebit('PROF-005', 'a 404 insufficient_post_history', before, after, 0),
        ...checkDebit('BILL-002', 'a 404 answer', before, after, 0),
      ];
      if (a.error !== 'insufficient_post_history')
        vs.push(violation('PROF-004', '/error', `error ${JSON.stringify(a.error)}, expected insufficient_post_history`));
      expect(vs).toHaveNoViolations(a.body);
    },
  );
});

test.describe('x/profile: the store of successful profiles', () => {
  test(
    'a stored profile is reused across callers for the same handle, focus and lookback',
    { ...ruleDetails('PROF-006', ...INVARIANTS, ...contractRules(OP)) },
    async ({ api, paid, budget, targetOptions, sharedAnswers }) => {
      await budget.reserveCalls(OP, 3);
      const found = await findProfiledHandle(paid, targetOptions.seed, 365, sharedAnswers);
      test.skip('skip' in found, 'skip' in found ? found.skip : '');
      const { handle } = found as { handle: string };
      test.skip(!targetOptions.apiKey2, 'needs a second principal (FC_API_KEY_2)');
      const other = api.withKey(targetOptions.apiKey2);
      const body = { handle, lookback_days: 301, focus: 'general' };
      const first = await requestProfile(paid, body);
      test.skip(first.status === 404, `@${handle} has too few posts at lookback 301`);
      expect(first.status).toBe(200);
      // The second caller omits focus: its default is general (e0c7440d6870), so the focus matches all the same and
      // the stored profile is still the answer (round-42 bug: a body without focus stored apart from focus general).
      const second = await requestProfile(other, { handle, lookback_days: 301 });
      expect(second.status, 'the second caller gets the stored profile').toBe(200);
      expect([
        ...checkSocialProfile(first.body, { lookbackDays: 301 }),
        ...checkSocialProfile(second.body, { lookbackDays: 301 }),
        ...checkReused(
          'PROF-006',
          first.body,
          second.body,
          'another principal, same handle and lookback, focus general first given and then omitted (its default)',
        ),
      ]).toHaveNoViolations(second.body);
    },
  );

  test(
    'a different focus or lookback does not reuse the stored profile',
    { ...ruleDetails('PROF-007', ...INVARIANTS, ...contractRules(OP)) },
    async ({ paid, budget, targetOptions, sharedAnswers }) => {
      await budget.reserveCalls(OP, 4);
      // The handle's profile at lookback 365 and the default focus (general, spec: POST /api/v1/x/profile)
      // is the stored one: each case differs from it in one member only. Its answer is the run's shared discovery
      // answer: stored by whichever test asked first.
      const found = await findProfiledHandle(paid, targetOptions.seed, 365, sharedAnswers);
      test.skip('skip' in found, 'skip' in found ? found.skip : '');
      const { handle, answer: general } = found as { handle: string; answer: Answer };
      const vs: Violation[] = checkSocialProfile(general.body, { lookbackDays: 365 });
      // Every focus value, and each answer held against every earlier one (round-26 bug: focus read as "general or
      // not", so a stored trading profile answered a reasoning request): no two of these requests match in handle,
      // focus and lookback, so none may answer another's stored profile.
      const earlier: { what: string; body: unknown }[] = [{ what: 'focus general at lookback 365', body: general.body }];
      for (const [what, body, lookbackDays] of [
        ['focus trading', { handle, lookback_days: 365, focus: 'trading' }, 365],
        ['focus reasoning', { handle, lookback_days: 365, focus: 'reasoning' }, 365],
        ['lookback 364 (focus general)', { handle, lookback_days: 364 }, 364],
      ] as const) {
        await test.step(what, async () => {
          const a = await requestProfile(paid, body);
          expect(a.status, `${what}: the handle was profiled at lookback 365`).toBe(200);
          vs.push(...checkSocialProfile(a.body, { lookbackDays }));
          for (const e of earlier) vs.push(...checkNotReused('PROF-007', e.body, a.body, `${what} after ${e.what}`));
          earlier.push({ what, body: a.body });
        });
      }
      expect(vs).toHaveNoViolations();
    },
  );
});

test.describe('x/profile: failures', () => {
  test(
    'a search-provider fault answers 502 and is not billed',
    { ...ruleDetails('PROF-009', 'PROF-010', 'XSRCH-005', 'BILL-003', ...contractRules(OP)) },
    async ({ api, paid, controlPlane, budget, targetOptions, sharedAnswers }) => {
      await budget.reserveCalls(OP, 1);
      const found = await findProfiledHandle(paid, targetOptions.seed, 365, sharedAnswers);
      test.skip('skip' in found, 'skip' in found ? found.skip : '');
      const { handle } = found as { handle: string };
      const { answer: a, violations } = await callDuringUpstreamFailure(
        controlPlane,
        faultLister(controlPlane),
        { path: PROFILE_PATH, credits: PRICE * 2 },
        (apiKey, faultHeaders) =>
          requestProfile(api.withKey(apiKey).withHeaders(faultHeaders), { handle, lookback_days: 365 }, { retry5xx: false }),
        { status: 'PROF-009', debit: 'PROF-010' },
        { failing: 'the search provider', unavailable: 'provider' },
      );
      expect(violations).toHaveNoViolations(a.body);
    },
  );

  test(
    'a target without profiling configured answers 503 (on the target as it is, else in a control-plane scope where profiling is off)',
    // BILL-004: profiling that is not configured gives no upstream answer, so its 503 is not billed (round-17 bug: the
    // not-configured 503 kept its $1.00; billing.spec.ts and unbilled-refusals.spec.ts hold the injected upstream 503s).
    { ...ruleDetails('PROF-011', 'BILL-004', ...contractRules(OP)) },
    async ({ api, paid, targetOptions, controlPlane }) => {
      const [probe] = probeHandles(targetOptions.seed, 1, 'n');
      let client = paid;
      let scope: string | undefined;
      // No retry of a 503 here: it is the answer under test, and each retry may be billed (gap BILL-013).
      const first = await requestProfile(paid, { handle: probe, lookback_days: 14 }, { retry5xx: false });
      if (first.status !== 503) {
        // Profiling is configured here: provoke the unconfigured service for this test's calls only.
        scope = faultScope();
        test.skip(
          (await controlPlane.profilingState(scope, false)) === 'unsupported',
          `profiling is configured on this target (a valid request answered ${first.status}) and its control plane cannot turn it off`,
        );
        client = paid.withHeaders({ [FAULT_SCOPE_HEADER]: scope });
      }
      const vs: Violation[] = [];
      for (const [what, body] of [
        ['a first request', { handle: probe, lookback_days: 14 }],
        ['a second, different request', { handle: `${probe}x`.slice(0, 15), focus: 'trading' }],
      ] as const) {
        const a = await requestProfile(client, body, { retry5xx: false });
        if (a.status !== 503)
          vs.push(violation('PROF-011', 'status', `${what} to a service without profiling configured answered ${a.status}`));
      }
      // With the control plane's scope, the same 503 to an account whose balance it reads.
      if (scope !== undefined)
        await test.step("the 503 leaves a control-plane account's balance unchanged (BILL-004)", async () => {
          const credits = PRICES[OP]!.credits * 2;
          const account = await controlPlane.createAccount(credits);
          const keyed = api.withKey(account.apiKey).withHeaders({ [FAULT_SCOPE_HEADER]: scope });
          const a = await requestProfile(keyed, { handle: probe, lookback_days: 14 }, { retry5xx: false });
          if (!judged('BILL-004', a.status === 503 ? 1 : 0, 'a 503 of profiling that is not configured', OP)) return;
          vs.push(
            ...checkDebit(
              'BILL-004',
              'a 503 of profiling that is not configured',
              credits,
              await controlPlane.balance(account.accountId),
              0,
            ),
          );
        });
      expect(vs).toHaveNoViolations();
    },
  );

  test(
    'bad bodies answer 422 invalid_request: handles outside the pattern, lookback outside 14..365, unknown focus, missing handle, malformed JSON',
    {
      ...ruleDetails(
        'PARAM-072',
        'PARAM-073',
        'PARAM-074',
        'PARAM-075',
        'PARAM-076',
        'PARAM-077',
        'PARAM-079',
        'ERR-008',
        ORDER_GAP,
        ...contractRules(OP),
      ),
    },
    async ({ api, paid, budget, targetOptions, freshKey }) => {
      // Free first (issue 19, gap AUTH-020): one body without a handle, sent with neither key nor payment,
      // shows whether the target checks bodies before it asks for credentials; if it does, every bad body
      // goes free. (A body that is not JSON teaches nothing: body parsers refuse it first in either order.)
      observing(ORDER_GAP);
      const free = (knownOrder(OP) ?? learnOrder(OP, await requestProfile(api.withKey(undefined), {}))) === 'parameters-first';
      // With control-plane accounts the calls spend minted credits, and free refusals nothing: 8 values per
      // case. On the configured key each is a $1.00 call the budget counts (a 422 may be billed, gap
      // BILL-013): one value per case, the rule judged on one instance (issue 19). Reserving up front keeps
      // a budget skip out of the fast-check property (where it would read as a failed run).
      const NUM_RUNS = free || (await freshKey()) !== undefined ? 8 : 1;
      if (!free) await budget.reserveCalls(OP, 6 * NUM_RUNS);
      const [valid] = probeHandles(targetOptions.seed, 1, 'v');
      const validChars = fc.stringMatching(/^[A-Za-z0-9_]{1,15}$/);
      const badChar = fc.constantFrom('-', '.', ' ', '!', '#', '$', 'é', 'ß', '\n', '\t', '/', '+', '%', '\u0000', '😀');
      // Handles outside ^@?[A-Za-z0-9_]{1,15}$ by construction (the filter only guards the construction).
      const badHandle = fc
        .oneof(
          fc.constant(''),
          fc.constant('@'),
          fc.stringMatching(/^@?[A-Za-z0-9_]{16,30}$/),
          fc.tuple(validChars, badChar, fc.nat()).map(([h, c, i]) => `${h.slice(0, i % (h.length + 1))}${c}${h.slice(i % (h.length + 1))}`),
          validChars.map((h) => `@@${h}`),
          validChars.map((h) => `${h}\n`),
          fc.tuple(validChars, validChars).map(([a, b]) => `${a}@${b}`),
        )
        .filter((h) => !HANDLE_RE.test(h));
      const notAString = fc.oneof(
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(validChars, { maxLength: 2 }),
        fc.constant({ handle: 'x' }),
      );
      const badLookback = fc.oneof(
        // The values just past each bound, where an off-by-one hides, plus the far ranges.
        fc.constantFrom(13, 366),
        fc.integer({ max: 13 }),
        fc.integer({ min: 366 }),
        fc.double({ min: 14, max: 365, noInteger: true, noNaN: true }),
        fc.integer({ min: 14, max: 365 }).map(String),
        fc.boolean(),
        fc.constant(null),
      );
      const badFocus = fc.oneof(
        fc.string().filter((s) => !['general', 'trading', 'reasoning'].includes(s)),
        fc.constantFrom('General', 'TRADING', ' reasoning', 'risk', 'all'),
        fc.integer(),
        fc.constant(null),
        fc.constant(['general']),
      );
      const cases: [string, fc.Arbitrary<unknown>][] = [
        ['handle outside the pattern', badHandle.map((handle) => ({ handle }))],
        ['handle not a string', notAString.map((handle) => ({ handle }))],
        ['lookback_days not an integer in 14..365', badLookback.map((lookback_days) => ({ handle: valid, lookback_days }))],
        ['focus not general, trading or reasoning', badFocus.map((focus) => ({ handle: valid, focus }))],
        ['handle missing', fc.constantFrom({}, { lookback_days: 30 }, { focus: 'general' }, { Handle: valid }, { handles: [valid] })],
        [
          'malformed or non-object JSON',
          fc.constantFrom(
            '{',
            '{"handle":',
            `{"handle": "${valid}",}`,
            'null',
            '[]',
            `["${valid}"]`,
            `"${valid}"`,
            '42',
            `handle=${valid}`,
            '',
          ),
        ],
      ];
      const found: Violation[] = [];
      // Instances per rule: the value drawn decides which bound a bad lookback breaks, so each rule counts
      // the bodies that broke its own bound (one draw per case on the configured key may miss a rule).
      const drawn = new Map<string, number>(
        ['PARAM-072', 'PARAM-073', 'PARAM-074', 'PARAM-075', 'PARAM-076', 'PARAM-077', 'PARAM-079'].map((id) => [id, 0]),
      );
      for (const [what, arb] of cases) {
        await test.step(what, async () => {
          // Control-plane accounts of their own per case when the target offers them, used in turn: the
          // social research quota (5 a second, 60 a minute per customer; spec: Limits table) would pace
          // one key, and two keep a case's runs under one second's bound.
          const own = (await Promise.all([freshKey(), freshKey()])).filter((k): k is string => k !== undefined);
          const clients = own.length ? own.map((k) => api.withKey(k)) : [paid];
          let turn = 0;
          let first: Violation | undefined;
          const details = await fc.check(
            fc.asyncProperty(arb, async (body) => {
              const keyed = () => clients[turn++ % clients.length]!;
              const { answer: a } = await refusalAnswer(
                OP,
                api,
                keyed,
                (c) => requestProfile(c, body),
                (x) => x,
                {
                  syntax: typeof body === 'string',
                  spent: () => budget.spent(),
                },
              );
              const lookback = (body as { lookback_days?: unknown }).lookback_days;
              // The bound the value breaks: not an integer (PARAM-075), below 14 (PARAM-076), above 365 (PARAM-077).
              const lookbackRule = !Number.isInteger(lookback) ? 'PARAM-075' : (lookback as number) > 365 ? 'PARAM-077' : 'PARAM-076';
              const rule = what.startsWith('lookback')
                ? lookbackRule
                : what.startsWith('focus')
                  ? 'PARAM-079'
                  : what.startsWith('malformed')
                    ? 'PARAM-072'
                    : what === 'handle missing'
                      ? 'PARAM-073'
                      : 'PARAM-074';
              drawn.set(rule, drawn.get(rule)! + 1);
              const refusal = refusedBadBody(a, what, body, a.status === 422 ? 'ERR-008' : rule);
              if (!refusal) return true;
              first = refusal;
              return false;
            }),
            { seed: targetOptions.seed, numRuns: NUM_RUNS, endOnFailure: true },
          );
          if (details.failed && !first && details.errorInstance) throw details.errorInstance;
          if (details.failed && first) found.push(first);
        });
      }
      for (const [id, n] of drawn) judged(id, n, 'a bad body breaking its bound');
      expect(found).toHaveNoViolations();
    },
  );
});
