/**
 * Robustness and the error envelope (spec: Errors): for every operation, fast-check fuzzes malformed
 * requests (garbage, huge, unicode and repeated query parameters, wrong types, odd path segments,
 * malformed JSON bodies and wrong content-types, missing or invalid keys) and every answer must be a
 * documented status, never a 5xx other than a documented 502/503, and every error a JSON envelope
 * with string error and message and a code its status allows. Unknown paths answer 404 not_found.
 */
import fc from 'fast-check';
import { test, expect, contractRules, judged, ruleDetails } from './support/fixtures.ts';
import { idempotencyHeader } from './support/jobs.ts';
import { routeLocks } from './support/locks.ts';
import type { Params, TargetClient } from './support/client.ts';
import { observe } from './support/matchers.ts';
import { contract } from '../contract/index.ts';
import { schemaRulesFor } from '../contract/rules.ts';
import { checkNoServerError, ERROR_RULES } from '../checks/errors.ts';
import { CHECKS } from '../checks/registry.ts';
import { judgeWith } from './support/judging.ts';
import { paramSpecs } from './support/param-cases.ts';
import { violation, type Violation } from '../lib/violation.ts';
import { observeChoice } from './support/choices.ts';
import { costOf, EXPENSIVE_CREDITS } from './support/budget.ts';
import { hasOilLimits, principalScopeOf } from '../contract/limits.ts';
import { baselineFor, discoverIdentities, needsCredentials, pace, pathOf, probeImplemented } from './support/operations.ts';

const NUM_RUNS = 25;
/** The oil route admits one request start per second: fewer runs keep the suite fast. */
const runsFor = (operationId: string): number => (hasOilLimits(operationId) ? 4 : NUM_RUNS);
const INVALID_KEY = 'fc_invalid_0000000000000000000000000000';

type Credential = 'key' | 'none' | 'bad';
interface Malformed {
  credential: Credential;
  query: [string, string][];
  path: Record<string, string>;
  /** Raw body text and its content-type (POST only). */
  body?: { text: string; contentType: string | undefined };
}

/** Short unicode text, well-formed (lone surrogates cannot be URL-encoded). */
const text = (max: number) => fc.string({ unit: 'grapheme', maxLength: max });
const odd = fc.constantFrom(
  '',
  ' ',
  '%',
  '%00',
  '\u0000',
  '\n',
  '&',
  '=',
  '?',
  '#',
  '/',
  '\\',
  ';',
  '..%2F',
  '<script>',
  "'",
  '"',
  '😀',
  'ü',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
);
/** One huge value; the URL stays under typical 8 KB request-line limits (a longer one is not an API request). */
const huge = fc.string({ unit: fc.constantFrom(...'abcXYZ019_-'), minLength: 1000, maxLength: 3000 });
const queryValue = fc.oneof({ weight: 4, arbitrary: text(40) }, { weight: 3, arbitrary: odd }, { weight: 1, arbitrary: huge });

/** Query pairs: known names with garbage values, unknown and odd names, repeats. */
function queryArb(known: string[]): fc.Arbitrary<[string, string][]> {
  const name = fc.oneof(
    { weight: known.length ? 3 : 0, arbitrary: known.length ? fc.constantFrom(...known) : fc.constant('x') },
    { weight: 1, arbitrary: text(20) },
    { weight: 1, arbitrary: odd },
  );
  return fc
    .array(fc.tuple(name, queryValue), { maxLength: 6 })
    .chain((pairs) => (pairs.length ? fc.boolean().map((repeat) => (repeat ? [...pairs, pairs[0]!] : pairs)) : fc.constant(pairs)))
    .filter((pairs) => pairs.reduce((n, [k, v]) => n + encodeURIComponent(k).length + encodeURIComponent(v).length, 0) < 6000);
}

/** Path values with odd characters; never a dot segment (the client would resolve it to another route). */
const pathValue = fc
  .oneof(text(30), odd, fc.string({ unit: fc.constantFrom(...'abcXYZ019_-'), minLength: 513, maxLength: 600 }))
  .filter((v) => v !== '' && v !== '.' && v !== '..');

const CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fc',
  'application/xml',
  'application/octet-stream',
];

/**
 * Malformed bodies: broken JSON, non-JSON text, JSON of the wrong type, objects whose known fields
 * carry wrong types (never a valid request, so an expensive route never runs), under any media type.
 */
function bodyArb(fields: string[]): fc.Arbitrary<{ text: string; contentType: string | undefined }> {
  const wrongValue = fc.oneof(
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(text(8), fc.integer(), { maxKeys: 2 }),
  );
  const wrongObject = fc
    .dictionary(fields.length ? fc.oneof(fc.constantFrom(...fields), text(10)) : text(10), wrongValue, { maxKeys: 4 })
    .map((o) => JSON.stringify(o));
  const broken = fc.constantFrom('{', '{"a":', '[1,2', 'nul', '{"handle":}', "{'a':1}", '{"a":1}}', '\u0000', '', '   ', '{"a":"\\x"}');
  const wrongJson = fc
    .oneof(fc.integer(), fc.string(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }))
    .map((v) => JSON.stringify(v));
  return fc.record({
    text: fc.oneof(broken, wrongJson, wrongObject, text(60)),
    contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }),
  });
}

function requestArb(operationId: string, credentials: Credential[]): fc.Arbitrary<Malformed> {
  const op = contract().operation(operationId);
  const specs = paramSpecs(operationId);
  const known = specs.filter((s) => s.in === 'query').map((s) => s.field);
  const pathNames = specs.filter((s) => s.in === 'path').map((s) => s.field);
  const fields = specs.filter((s) => s.name.startsWith('body.')).map((s) => s.field);
  return fc.record({
    credential: fc.constantFrom(...credentials),
    query: queryArb(known),
    path: fc.record(Object.fromEntries(pathNames.map((n) => [n, pathValue]))) as fc.Arbitrary<Record<string, string>>,
    body: op.method === 'post' ? fc.option(bodyArb(fields), { nil: undefined, freq: 6 }) : fc.constant(undefined),
  });
}

function describe(req: Malformed, path: string): string {
  const q = req.query.map(([k, v]) => `${k}=${v.length > 40 ? `${v.slice(0, 40)}…(${v.length})` : v}`).join('&');
  const body = req.body ? ` body(${req.body.contentType ?? 'no content-type'})=${JSON.stringify(req.body.text.slice(0, 60))}` : '';
  return `${req.credential} key: ${path}${q ? `?${q}` : ''}${body}`;
}

function toParams(pairs: [string, string][]): Params {
  // Null prototype: fuzzed names such as __proto__ or constructor must stay plain keys.
  const params = Object.create(null) as Record<string, string[]>;
  for (const [k, v] of pairs) (params[k] ??= []).push(v);
  return params;
}

/** Every rule a fuzzed answer of the operation can exercise, from the statuses it documents. */
function fuzzRules(operationId: string): string[] {
  const documented = contract().documentedStatuses(operationId);
  const byStatus: Record<string, string> = {
    '401': ERROR_RULES.code401,
    '402': ERROR_RULES.code402,
    '404': ERROR_RULES.code404,
    '422': ERROR_RULES.code422,
  };
  return [ERROR_RULES.envelope, ERROR_RULES.retryAfterOnly429, ...documented.flatMap((s) => (byStatus[s] ? [byStatus[s]] : []))];
}

for (const { operationId, method, path } of contract().operations.values()) {
  test(
    `${method.toUpperCase()} ${path} (${operationId}): malformed requests answer documented statuses with the error envelope`,
    { ...ruleDetails(...fuzzRules(operationId), ...contractRules(operationId)), lock: routeLocks(operationId) },
    async ({ api, targetOptions, budget, freshKey }) => {
      const ids = await discoverIdentities(targetOptions.apiKey ? api.withKey(targetOptions.apiKey) : undefined);
      const absent = await probeImplemented(api, operationId, baselineFor(operationId, ids));
      // A control-plane account of its own when the target offers one: its test credits pay, and its quota paces (spec: Limits).
      const own = needsCredentials(operationId) || principalScopeOf(operationId) ? await freshKey() : undefined;
      test.skip(absent !== undefined, absent);
      const runs = runsFor(operationId);
      // A fuzzed request with the key may be billed: only within the spend budget; else the gate's error paths only.
      // On a $0.50+ route the configured key's fuzzed calls are dollars each (issue 19): the gate's error paths
      // only there; the route's own 422s are judged one value per case by parameters.spec.ts.
      const expensive = costOf(operationId) >= EXPENSIVE_CREDITS;
      const withKey = own !== undefined || (Boolean(targetOptions.apiKey) && !expensive && (await budget.fits(costOf(operationId, runs))));
      if (!withKey && needsCredentials(operationId))
        test.info().annotations.push({
          type: 'note',
          description: 'fuzzed without a valid key (no key configured, a $0.50+ route, or over the spend budget)',
        });
      const credentials: Credential[] = withKey ? ['key', 'key', 'key', 'none', 'bad'] : ['none', 'bad'];
      const documented = contract().documentedStatuses(operationId);
      const clients: Record<Credential, TargetClient> = {
        key: api.withKey(own ?? targetOptions.apiKey),
        none: api.withKey(undefined),
        bad: api.withKey(INVALID_KEY),
      };

      let first: Violation[] = [];
      const details = await fc.check(
        fc.asyncProperty(requestArb(operationId, credentials), async (req) => {
          const url = pathOf(operationId, req.path);
          const headers: Record<string, string> = {};
          if (req.body?.contentType) headers['content-type'] = req.body.contentType;
          const res = await clients[req.credential].call(method.toUpperCase(), url, {
            params: toParams(req.query),
            headers,
            ...(req.body ? { data: Buffer.from(req.body.text, 'utf8') } : {}),
          });
          await pace(operationId);
          await expect(res, describe(req, url)).toMatchContract(operationId);
          const answer = await observe(res);
          const vs = [...checkNoServerError(answer.status, documented), ...judgeWith(CHECKS.checkErrorEnvelope, answer, operationId)];
          if (vs.length) first = vs.map((v) => ({ ...v, message: `${describe(req, url)} → ${v.message}` }));
          return vs.length === 0;
        }),
        { seed: targetOptions.seed, numRuns: runs, endOnFailure: true },
      );
      if (details.failed && !first.length) throw details.errorInstance ?? new Error('fast-check failed without a verdict');
      expect(first).toHaveNoViolations();
    },
  );
}

/** Path templates of the contract as regexes: a fuzzed unknown path must match none. */
const TEMPLATES = [...contract().operations.values()].map(
  (o) => new RegExp(`^${o.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
);

test(
  'unknown paths answer 404 not_found in the error envelope',
  { ...ruleDetails(ERROR_RULES.unknownPath, ERROR_RULES.envelope, ERROR_RULES.code404, ...schemaRulesFor(['ErrorEnvelope'])) },
  async ({ api, targetOptions }) => {
    const segment = fc
      .oneof(fc.stringMatching(/^[a-z0-9_-]{1,16}$/), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }))
      .filter((s) => s !== '.' && s !== '..');
    const unknownPath = fc
      .tuple(
        fc.constantFrom('/api/v1/', '/api/public/', '/api/auth/', '/api/', '/', '/api/v2/'),
        fc.array(segment, { minLength: 1, maxLength: 3 }),
      )
      .map(([prefix, segs]) => prefix + segs.map(encodeURIComponent).join('/'))
      .filter((p) => !TEMPLATES.some((t) => t.test(decodeURIComponent(p))) && !TEMPLATES.some((t) => t.test(p)));
    const cases = fc.tuple(fc.constantFrom('GET', 'POST'), unknownPath, fc.constantFrom<Credential>('none', 'key'));
    let first: Violation[] = [];
    const check = async (method: string, p: string, credential: Credential): Promise<boolean> => {
      const client = credential === 'key' && targetOptions.apiKey ? api.withKey(targetOptions.apiKey) : api.withKey(undefined);
      const answer = await observe(await client.call(method, p));
      const vs = [...judgeWith(CHECKS.checkErrorEnvelope, answer), ...contract().validateSchema('ErrorEnvelope', answer.body)];
      const code = (answer.body as { error?: unknown } | null)?.error;
      if (answer.status !== 404 || code !== 'not_found')
        vs.push(violation(ERROR_RULES.unknownPath, 'status', `answered ${answer.status} ${JSON.stringify(code)}, expected 404 not_found`));
      if (vs.length) first = vs.map((v) => ({ ...v, message: `${method} ${p} → ${v.message}` }));
      return vs.length === 0;
    };
    await test.step('a plainly unknown route', async () => {
      await check('GET', '/api/v1/fc-no-such-route', 'none');
    });
    if (!first.length) {
      const details = await fc.check(
        fc.asyncProperty(cases, ([m, p, c]) => check(m, p, c)),
        { seed: targetOptions.seed, numRuns: NUM_RUNS, endOnFailure: true },
      );
      if (details.failed && !first.length) throw details.errorInstance ?? new Error('fast-check failed without a verdict');
    }
    expect(first).toHaveNoViolations();
  },
);

test(
  'a method a served path does not serve: an error envelope (the stub answers 404 not_found, gap ERR-016)',
  { ...ruleDetails(ERROR_RULES.envelope, 'ERR-016') },
  async ({ api }) => {
    // One path of each method the contract serves; the other methods are not served there.
    const paths = [
      ...new Map([...contract().operations.values()].filter((o) => !o.path.includes('{')).map((o) => [o.method, o.path])).values(),
    ];
    const found: Violation[] = [];
    for (const path of paths) {
      const served = [...contract().operations.values()].filter((o) => o.path === path).map((o) => o.method.toUpperCase());
      for (const method of ['PUT', 'DELETE', 'PATCH', 'GET', 'POST'].filter((m) => !served.includes(m)).slice(0, 2)) {
        await test.step(`${method} ${path}`, async () => {
          const answer = await observe(await api.withKey(undefined).call(method, path));
          const code = (answer.body as { error?: unknown } | null)?.error;
          observeChoice(
            'ERR-016',
            answer.status === 404 && code === 'not_found',
            `${method} ${path} answered ${answer.status} ${JSON.stringify(code)}`,
          );
          found.push(...judgeWith(CHECKS.checkErrorEnvelope, answer));
        });
      }
    }
    expect(found).toHaveNoViolations();
  },
);

test(
  'a JSON body sent as text/plain: an error envelope or the answer to the body (the stub answers 422 invalid_request, gap ERR-015)',
  { ...ruleDetails(ERROR_RULES.envelope, 'ERR-015', ...contractRules('createWalletChallenge')) },
  async ({ api, targetOptions, freshKey }) => {
    const key = (await freshKey()) ?? targetOptions.apiKey;
    test.skip(!key, 'needs an API key (FC_API_KEY): the route that takes a body for free is key-only');
    const op = 'createWalletChallenge';
    const res = await api.withKey(key).post(contract().operation(op).path, {
      headers: { 'content-type': 'text/plain' },
      data: JSON.stringify(contract().operation(op).facts.baseline.body),
    });
    await expect(res).toMatchContract(op);
    const answer = await observe(res);
    const code = (answer.body as { error?: unknown } | null)?.error;
    observeChoice('ERR-015', answer.status === 422 && code === 'invalid_request', `answered ${answer.status} ${JSON.stringify(code)}`);
    expect(judgeWith(CHECKS.checkErrorEnvelope, answer)).toHaveNoViolations();
  },
);

/**
 * The operations taking a JSON body, cheapest first: the free key-only wallet routes run on any target with a key;
 * the paid ones only on a control-plane account's test credits (a refused body may be billed, gap BILL-013).
 */
const BODY_OPERATIONS: readonly { op: string; paid: boolean }[] = [
  { op: 'createWalletChallenge', paid: false },
  { op: 'attestWallet', paid: false },
  { op: 'createSocialProfile', paid: true },
  { op: 'searchSocial', paid: true },
  { op: 'createForecastRequest', paid: true },
];

test(
  'a JSON body that does not parse answers 422 invalid_request, never another 4xx',
  { ...ruleDetails('ERR-017', ERROR_RULES.envelope, ...contractRules(...BODY_OPERATIONS.map((b) => b.op))) },
  async ({ api, targetOptions, freshKey }) => {
    const own = await freshKey();
    const key = own ?? targetOptions.apiKey;
    test.skip(!key, 'needs an API key (FC_API_KEY): every route taking a body needs one');
    const found: Violation[] = [];
    let judgedBodies = 0;
    for (const { op, paid } of BODY_OPERATIONS) {
      if (paid && !own) continue;
      await test.step(op, async () => {
        const res = await api.withKey(key).post(contract().operation(op).path, {
          headers: {
            'content-type': 'application/json',
            ...(op === 'createForecastRequest' ? { [await idempotencyHeader(api)]: `fc-${op}-bad-json-${targetOptions.seed}` } : {}),
          },
          // A Buffer, byte for byte: a string that does not parse is re-encoded as a JSON string by the transport.
          data: Buffer.from('{"truncated":', 'utf8'),
        });
        await expect(res).toMatchContract(op);
        const answer = await observe(res);
        const code = (answer.body as { error?: unknown } | null)?.error;
        // A route that takes no body may ignore it: a 2xx tells nothing; a refusal for want of credit is not of this case.
        if ((answer.status >= 200 && answer.status < 300) || [401, 402, 403, 429].includes(answer.status)) return;
        judgedBodies++;
        if (answer.status !== 422 || code !== 'invalid_request')
          found.push(
            violation(
              'ERR-017',
              `${op}/status`,
              `a body that does not parse answered ${answer.status} ${JSON.stringify(code)}, expected 422 invalid_request`,
            ),
          );
        found.push(...judgeWith(CHECKS.checkErrorEnvelope, answer, op));
      });
    }
    judged('ERR-017', judgedBodies, 'a refusal of a body that does not parse');
    expect(found).toHaveNoViolations();
  },
);
