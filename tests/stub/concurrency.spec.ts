/**
 * Stub robustness under concurrency: 200 parallel mixed valid and invalid requests (seeded) to an
 * in-process stub all get a status their operation documents, never a 500, and every error answer
 * is the JSON envelope.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { test, expect } from '@playwright/test';
import { contract, validateResponse } from '../../contract/index.ts';
import { checkErrorEnvelope } from '../../checks/errors.ts';
import type { Violation } from '../../lib/violation.ts';
import { startStub, type RunningStub } from '../../stub/app.ts';
import { DEFAULT_PROPERTY_SEED } from '../../lib/settings.ts';
import { baselineFor, pathOf, type Identities } from '../../suites/support/operations.ts';

const PARALLEL = 200;
/** The fast-check seed of the sampled requests: the run's default. */
const SEED = DEFAULT_PROPERTY_SEED;

interface Planned {
  operationId: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

let stub: RunningStub;
const keys = [`fc_${randomBytes(16).toString('hex')}`];

test.beforeAll(async () => {
  stub = await startStub({ port: 0, apiKeys: keys, seed: 42 });
});
test.afterAll(async () => {
  await stub?.close();
});

/** Identities of the stub's own dataset, found through its API like any suite would. */
async function identities(): Promise<Identities> {
  const res = await fetch(`${stub.url}/api/v1/markets`, { headers: { 'x-service-api-key': keys[0]! } });
  const rows = ((await res.json()) as { markets: { marketKey: string; slug: string | null; venue: string; nativeMarketId: string }[] })
    .markets;
  const main = rows.find((r) => r.venue === 'venue_a' && r.slug) ?? rows[0]!;
  const b = rows.find((r) => r.venue === 'venue_b') ?? main;
  return {
    marketKey: main.marketKey,
    slug: main.slug ?? 'x',
    slugVenue: main.venue,
    venue: main.venue,
    nativeMarketId: main.nativeMarketId,
    targetRef: b.marketKey,
    synthetic: false,
  };
}

test('200 parallel mixed requests all get documented statuses and never a 500', async () => {
  test.setTimeout(60_000);
  const registered = [...((stub.app as unknown as { registeredOperations?: Set<string> }).registeredOperations ?? [])];
  expect(registered.length).toBeGreaterThan(5);
  const ids = await identities();
  const garbage = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.constantFrom('', '-1', '0', '99999', 'NaN', 'venue_z', '%', 'true', 'x'.repeat(600)),
  );
  const plan = fc.record({
    operationId: fc.constantFrom(...registered),
    valid: fc.boolean(),
    credential: fc.constantFrom('key', 'key', 'none', 'bad'),
    junk: fc.array(fc.tuple(fc.string({ maxLength: 12 }), garbage), { maxLength: 3 }),
  });
  const requests: Planned[] = fc.sample(plan, { seed: SEED, numRuns: PARALLEL }).map(({ operationId, valid, credential, junk }) => {
    const op = contract().operation(operationId);
    const base = baselineFor(operationId, ids);
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(base.params)) if (v !== undefined) query.append(k, String(v));
    // Invalid: the known parameters get garbage values, plus junk names.
    if (!valid) for (const [k] of [...query.entries()]) query.set(k, 'x'.repeat(3000));
    for (const [k, v] of valid ? [] : junk) query.append(k, v);
    const headers: Record<string, string> = { accept: 'application/json', ...base.headers };
    if (credential === 'key') headers['x-service-api-key'] = keys[0]!;
    if (credential === 'bad') headers['x-service-api-key'] = 'fc_not_a_key_0000000000000000';
    let body: string | undefined;
    if (op.method === 'post') {
      headers['content-type'] = 'application/json';
      body = valid ? JSON.stringify(base.body ?? {}) : '{"broken":';
    }
    const qs = query.toString();
    return {
      operationId,
      method: op.method.toUpperCase(),
      url: `${stub.url}${pathOf(operationId, valid ? base.path : Object.fromEntries(Object.keys(base.path).map((k) => [k, '%%odd value%%'])))}${qs ? `?${qs}` : ''}`,
      headers,
      ...(body === undefined ? {} : { body }),
    };
  });

  const answers = await Promise.all(
    requests.map(async (r) => {
      const res = await fetch(r.url, {
        method: r.method,
        headers: r.headers,
        ...(r.body === undefined ? {} : { body: r.body }),
        signal: AbortSignal.timeout(30_000),
      });
      const bodyText = await res.text();
      let body: unknown = bodyText;
      try {
        body = JSON.parse(bodyText);
      } catch {
        // Left as text: the contract check reports it.
      }
      return { r, status: res.status, headers: Object.fromEntries(res.headers.entries()), bodyText, body };
    }),
  );

  const problems: (Violation & { request: string })[] = [];
  for (const a of answers) {
    const vs = [
      ...validateResponse(a.r.operationId, a).filter((v) => v.ruleId === 'CONTRACT-001' || v.ruleId === 'CONTRACT-002'),
      ...checkErrorEnvelope(a),
    ];
    if (a.status >= 500 && !(a.status === 503 || a.status === 502))
      vs.push({
        ruleId: 'CONTRACT-001',
        severity: 'error',
        path: 'status',
        message: `server error ${a.status}: ${a.bodyText.slice(0, 200)}`,
      });
    for (const v of vs) problems.push({ ...v, request: `${a.r.method} ${a.r.url.slice(0, 160)}` });
  }
  expect(answers).toHaveLength(PARALLEL);
  expect(problems).toEqual([]);
  const statuses = new Set(answers.map((a) => a.status));
  expect(
    [...statuses].some((s) => s >= 200 && s < 300),
    'some requests must succeed',
  ).toBe(true);
  expect(
    [...statuses].some((s) => s >= 400),
    'some requests must be refused',
  ).toBe(true);
});
