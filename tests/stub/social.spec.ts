/**
 * Self-tests of the stub's social research (issue 4): what the conformance suites cannot do against
 * a shared target. A stub started without profiling configured answers 503, unbilled (PROF-011); and,
 * on stubs of their own with a pinned anchor, the stub's gap choices (PROF-017..027, XSRCH-006/008/009)
 * and the dataset's documented profile examples (macro_maven, thin_history). Each worker starts its
 * own stubs; nothing here touches the embedded target of the suites.
 */
import { randomBytes } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import { startStub, type RunningStub } from '../../stub/app.ts';
import { PRICES } from '../../contract/pricing.ts';
import { validateResponse } from '../../contract/index.ts';
import { checkSocialProfile, citationsOf } from '../../checks/social-profile.ts';
import { checkSocialSearch } from '../../checks/social-search.ts';
import { MIN_GROUNDED_POSTS } from '../../stub/social/index.ts';

const TOKEN = randomBytes(16).toString('hex');
const KEY = `fc_${randomBytes(16).toString('hex')}`;
const ANCHOR = new Date('2026-03-10T15:30:00Z');
const PRICE = PRICES.createSocialProfile!.credits;

type Json = Record<string, unknown>;

type StubFixture = [(args: object, use: (stub: RunningStub) => Promise<void>) => Promise<void>, { scope: 'worker' }];

/** A worker-scoped fixture: a stub of its own, with social profiling configured or not. */
const ownStub = (profiling: boolean): StubFixture => [
  // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring to see the fixture's dependencies
  async ({}, use) => {
    // Limits lifted: these tests judge the social model, not the limiter (tests/stub/limits.spec.ts).
    const stub = await startStub({
      port: 0,
      apiKeys: [KEY],
      controlToken: TOKEN,
      anchor: ANCHOR,
      limitsLifted: true,
      ...(profiling ? {} : { profiling: false }),
    });
    await use(stub);
    await shutdown(stub);
  },
  { scope: 'worker' },
];

const test = base.extend<object, { social: RunningStub; unconfigured: RunningStub }>({
  social: ownStub(true),
  unconfigured: ownStub(false),
});

async function shutdown(stub: RunningStub): Promise<void> {
  stub.app.server.closeAllConnections();
  await stub.close();
}

/** A JSON call; the answer is validated against the contract when `operationId` is given. */
async function call(
  stub: RunningStub,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  operationId?: string,
): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${stub.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  const json = (text ? JSON.parse(text) : {}) as Json;
  if (operationId) {
    const headersObj: Record<string, string> = {};
    res.headers.forEach((v, k) => (headersObj[k] = v));
    expect(
      validateResponse(operationId, { status: res.status, headers: headersObj, body: json, bodyText: text }).filter(
        (v) => v.severity === 'error',
      ),
    ).toEqual([]);
  }
  return { status: res.status, json };
}

const control = (stub: RunningStub, method: string, path: string, body?: unknown) =>
  call(stub, method, `/__control${path}`, body, { authorization: `Bearer ${TOKEN}` });
const profile = (stub: RunningStub, body: unknown, apiKey = KEY) =>
  call(stub, 'POST', '/api/v1/x/profile', body, { 'x-service-api-key': apiKey }, 'createSocialProfile');
const search = (stub: RunningStub, body: unknown) =>
  call(stub, 'POST', '/api/v1/x/search', body, { 'x-service-api-key': KEY }, 'searchSocial');

async function account(stub: RunningStub, credits: number): Promise<{ accountId: string; apiKey: string }> {
  const { status, json } = await control(stub, 'POST', '/accounts', { credits });
  expect(status).toBe(201);
  return { accountId: json.accountId as string, apiKey: json.apiKey as string };
}
const credits = async (stub: RunningStub, accountId: string): Promise<number> =>
  (await control(stub, 'GET', `/accounts/${accountId}`)).json.credits as number;

const DAY = 86_400_000;
const window = (p: Json) => p.window as { from_date: string; to_date: string; lookback_days: number; post_count: number };
const meta = (p: Json) =>
  p.meta as { cached: boolean; research_turns: number; searches: number; generated_at: string; focus: string; engine: string };

test.describe('profiling not configured (STUB_PROFILING=off)', () => {
  test('a valid body answers 503 service_unavailable and is not billed; a bad body is still 422; search is unaffected', async ({
    unconfigured,
  }) => {
    const { accountId, apiKey } = await account(unconfigured, PRICE * 2);
    const res = await profile(unconfigured, { handle: 'macro_maven' }, apiKey);
    expect(res.status).toBe(503);
    expect(res.json.error).toBe('service_unavailable');
    expect(await credits(unconfigured, accountId)).toBe(PRICE * 2);
    // PROF-025: the body is validated first.
    const bad = await profile(unconfigured, { handle: 'no-dashes' }, apiKey);
    expect([bad.status, bad.json.error]).toEqual([422, 'invalid_request']);
    expect(await credits(unconfigured, accountId)).toBe(PRICE * 2);
    const s = await search(unconfigured, { query: 'the' });
    expect(s.status).toBe(200);
  });
});

test.describe('the dataset examples and the gap choices', () => {
  test('macro_maven is profiled (PROF-015, PROF-019..021, PROF-017, meta PROF-018); thin_history answers 404 at every focus', async ({
    social,
  }) => {
    const { status, json: p } = await profile(social, { handle: '@MACRO_Maven', lookback_days: 365 });
    expect(status).toBe(200);
    expect(checkSocialProfile(p, { lookbackDays: 365 })).toEqual([]);
    expect(p.handle).toBe('macro_maven');
    expect(p.profile_url).toBe('https://x.com/macro_maven');
    expect(p.service_metadata).toMatchObject({
      handle: 'macro_maven',
      is_service_expert: true,
      service_expert: { designation: 'reviewed_expert' },
    });
    const w = window(p);
    expect(w.post_count).toBeGreaterThanOrEqual(MIN_GROUNDED_POSTS);
    expect(w.post_count).toBe((p.evidence as unknown[]).length);
    const today = new Date(Date.parse(meta(p).generated_at)).toISOString().slice(0, 10);
    expect(w.to_date).toBe(today);
    expect(w.from_date).toBe(new Date(Date.parse(today) - 365 * DAY).toISOString().slice(0, 10));
    expect(meta(p)).toMatchObject({ cached: false, focus: 'general', engine: 'stub-research-1' });
    expect(meta(p).research_turns).toBeGreaterThanOrEqual(1);
    expect(meta(p).research_turns).toBeLessThanOrEqual(3);
    // The store key is the lower-cased handle: another spelling reuses the same profile.
    const again = await profile(social, { handle: 'macro_maven' });
    expect(meta(again.json).cached).toBe(true);
    expect(meta(again.json).generated_at).toBe(meta(p).generated_at);

    for (const focus of ['general', 'trading', 'reasoning']) {
      const thin = await profile(social, { handle: 'thin_history', focus });
      expect([thin.status, thin.json.error]).toEqual([404, 'insufficient_post_history']);
    }
  });

  test('the 404 verdict depends on handle and lookback, never on focus (PROF-022); a non-expert has service_expert null (PROF-021)', async ({
    social,
  }) => {
    let profiled = 0;
    let refused = 0;
    for (let i = 0; i < 12; i++) {
      const handle = `Syn_${i}`;
      for (const lookback_days of [14, 60, 365]) {
        const answers = await Promise.all(
          ['general', 'trading', 'reasoning'].map((focus) => profile(social, { handle, lookback_days, focus })),
        );
        const statuses = new Set(answers.map((a) => a.status));
        expect(statuses.size, `@${handle} at ${lookback_days} days: ${[...statuses].join(', ')}`).toBe(1);
        for (const a of answers) {
          if (a.status === 200) {
            profiled++;
            expect(checkSocialProfile(a.json, { lookbackDays: lookback_days })).toEqual([]);
            expect(a.json.handle).toBe(handle.toLowerCase());
            expect(a.json.service_metadata).toMatchObject({ is_service_expert: false, service_expert: null });
          } else {
            refused++;
            expect(a.json.error).toBe('insufficient_post_history');
          }
        }
      }
    }
    expect(profiled).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  test('focus reweights the one broad search: a different focus gives a different profile of the same account', async ({ social }) => {
    const [general, trading] = await Promise.all(
      ['general', 'trading'].map((focus) => profile(social, { handle: 'TraderJoe', focus, lookback_days: 200 })),
    );
    expect(general!.status).toBe(200);
    expect(trading!.status).toBe(200);
    expect(meta(trading!.json).focus).toBe('trading');
    const risk = (p: Json) =>
      citationsOf(p)
        .filter((c) => c.path === '/risk_profile')
        .flatMap((c) => c.postIds).length;
    expect(risk(trading!.json)).toBeGreaterThanOrEqual(risk(general!.json));
    expect(general!.json.evidence).not.toEqual(trading!.json.evidence);
  });

  test('a provider fault answers 502 even when a stored profile exists (PROF-027); the control-plane reset empties the store', async ({
    social,
  }) => {
    const body = { handle: 'fedwatcher', lookback_days: 120 };
    expect((await profile(social, body)).status).toBe(200);
    expect(
      (await control(social, 'POST', '/faults', { method: 'POST', path: '/api/v1/x/profile', status: 502, times: 1 })).status,
    ).toBeLessThan(300);
    const failed = await profile(social, body);
    expect([failed.status, failed.json.error]).toEqual([502, 'upstream_unavailable']);
    expect(meta((await profile(social, body)).json).cached).toBe(true);
    expect((await control(social, 'POST', '/reset')).status).toBeLessThan(300);
    expect(meta((await profile(social, body)).json).cached).toBe(false);
  });

  test('unknown body fields are ignored (PROF-026); bodies at the bounds are accepted', async ({ social }) => {
    for (const body of [
      { handle: 'macro_maven', extra: true },
      { handle: '@a', lookback_days: 14 },
      { handle: 'abcdefghijklmno', lookback_days: 365, focus: 'reasoning' },
    ]) {
      const a = await profile(social, body);
      expect([200, 404], JSON.stringify(body)).toContain(a.status);
    }
  });

  test('search: newest first (XSRCH-006), searched_at is the clock (XSRCH-009), a query without words matches nothing (XSRCH-008)', async ({
    social,
  }) => {
    const a = await search(social, { query: 'the', limit: 30, range_days: 180 });
    expect(a.status).toBe(200);
    const results = a.json.results as { published_at: string; post_id: string }[];
    expect(results.length).toBe(30);
    const times = results.map((r) => Date.parse(r.published_at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(
      checkSocialSearch(a.json, { limit: 30, rangeDays: 180, nowMs: Date.parse(a.json.searched_at as string), toleranceMs: 0 }),
    ).toEqual([]);
    expect(a.json).toMatchObject({ query: 'the', range_days: 180, limit: 30 });
    const none = await search(social, { query: '!!! ???' });
    expect([none.status, (none.json.results as unknown[]).length]).toEqual([200, 0]);
    const byAuthor = await search(social, { query: 'macro_maven', range_days: 180, limit: 30 });
    expect((byAuthor.json.results as { author_handle: string }[]).map((r) => r.author_handle)).toEqual(
      (byAuthor.json.results as unknown[]).map(() => 'macro_maven'),
    );
    expect((byAuthor.json.results as unknown[]).length).toBeGreaterThan(0);
  });

  test('profiles over the longest window stay fast (eight synthetic accounts at 365 days)', async ({ social }) => {
    const started = performance.now();
    for (let i = 0; i < 8; i++) await profile(social, { handle: `busy_${i}`, lookback_days: 365, focus: 'reasoning' });
    expect(performance.now() - started).toBeLessThan(4_000);
  });
});
