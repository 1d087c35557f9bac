/**
 * Fixtures of the protocol-level checks: the served contract and versioning (VER-*), the error
 * envelope (ERR-*, CONTRACT-001), x402 challenges and settlements (X402-*), billing (BILL-*,
 * AUTH-011) and reference prices (PRICE-*).
 */
import { priceTable, referencePrices, unitFigures, type PriceEntry } from '../pricing.ts';
import { CHECKS } from '../registry.ts';
import { decimalsInBody, decimalsInChallenge, type PaymentRequired } from '../x402.ts';
import type { SpecFigure } from '../versioning.ts';
import { cases, mutate } from './cases.ts';

const C = CHECKS;
type Row = Record<string, unknown>;
const b64 = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64');
const json = { 'content-type': 'application/json; charset=utf-8' };
const err = (status: number, error: string, extra: Row = {}) => ({
  status,
  headers: json,
  bodyText: JSON.stringify({ error, message: 'explained', ...extra }),
});

interface ApiDoc {
  openapi: string;
  info: Row;
  paths: Record<string, Record<string, Row>>;
  components: Row;
}
const doc: ApiDoc = {
  openapi: '3.1.0',
  info: { title: 'forecast', version: '1' },
  paths: {
    '/api/public/forecast-availability': {
      get: { operationId: 'getForecastAvailability', security: [], responses: { '200': { $ref: '#/components/responses/Ok' } } },
    },
    '/api/auth/forecast-requests': {
      post: { operationId: 'createForecastRequest', security: [{ apiKey: [] }], responses: { '202': { description: 'accepted' } } },
    },
    '/api/v1/latest': {
      get: { operationId: 'getLatest', security: [{ apiKey: [] }, { x402: [] }], responses: { '200': { description: 'feed' } } },
    },
    '/openapi.json': { get: { operationId: 'getOpenApi', security: [], responses: { '200': { description: 'document' } } } },
  },
  components: {
    responses: { Ok: { description: 'ok' } },
    securitySchemes: {
      apiKey: { type: 'apiKey', in: 'header', name: 'x-service-api-key' },
      x402: { type: 'apiKey', in: 'header', name: 'PAYMENT-SIGNATURE' },
    },
  },
};

/** The reference of the drift check's fixtures: an operation with an optional parameter and two statuses. */
const driftRef = mutate(
  doc as ApiDoc & { paths: Record<string, Record<string, Row & { parameters?: Row[]; responses?: Record<string, Row> }>> },
  (d) => {
    const latest = d.paths['/api/v1/latest']!.get!;
    latest.parameters = [{ name: 'hours', in: 'query', required: false, schema: { type: 'integer' } }];
    latest.responses = { '200': { description: 'feed' }, '429': { description: 'rate limited' } };
  },
);

/** Figures the spec gives (checks/versioning.ts SpecFigure) and a served document declaring them. */
const FIGURES: SpecFigure[] = [
  { method: 'GET', path: '/api/v1/latest', in: 'query', name: 'hours', keyword: 'maximum', value: 6 },
  { method: 'GET', path: '/api/v1/latest', in: 'query', name: 'hours', keyword: 'default', value: 3 },
  { method: 'POST', path: '/api/v1/x/profile', in: 'body', name: 'lookback_days', keyword: 'maximum', value: 365 },
];
const servedDoc = {
  paths: {
    '/api/v1/latest': {
      get: { parameters: [{ name: 'hours', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 6, default: 3 } }] },
    },
  },
};

const URL_ASKED = 'http://127.0.0.1:4010/api/v1/latest?hours=3';
const entry = (network: string, amount = '20000') => ({
  scheme: 'exact',
  network,
  amount,
  asset: '0x0000000000000000000000000000000000000001',
  payTo: '0x0000000000000000000000000000000000000002',
  maxTimeoutSeconds: 60,
  extra: {},
});
const challenge: PaymentRequired = { x402Version: 2, resource: { url: URL_ASKED }, accepts: [entry('eip155:8453'), entry('eip155:4663')] };
const challengeCtx = { priceAtomic: '20000', url: URL_ASKED };
const payer = '0x00000000000000000000000000000000000000Aa';
const settled = { success: true, transaction: '0xabc', network: 'eip155:8453', payer };

const prices = (change: (p: Row) => void = () => {}) =>
  priceTable({
    prices: referencePrices().map((p) =>
      mutate({ method: p.method, path: p.path, credits: p.credits, usd: p.credits / 1000 } as Row, change),
    ),
  })!;
const repriced = (path: string) =>
  prices((p) => p.path === path && Object.assign(p, { credits: Number(p.credits) + 5, usd: (Number(p.credits) + 5) / 1000 }));

export const PROTOCOL_CASES = [
  cases({
    check: C.checkServedContract,
    ok: [[doc]],
    bad: {
      'VER-005': [
        mutate(
          doc,
          (d) =>
            ((d.paths['/api/public/forecast-availability']!.get!.responses as Record<string, Row>)['200']!.$ref =
              '#/components/responses/Gone'),
        ),
      ],
      // a caller-chosen rule (the check's `rule` argument)
      'CONTRACT-002': [mutate(doc, (d) => (d.paths['/openapi.json']!.get!.responses = {})), 'CONTRACT-002'],
    },
  }),
  cases({
    check: C.checkOpenApiDocument,
    ok: [[doc], [doc, '/v1']],
    bad: { 'VER-005': [{ ...doc, openapi: '2.0' }] },
  }),
  cases({
    check: C.checkRoutePrefixes,
    ok: [
      [doc],
      // Routes the spec does not name are the target's own: an unversioned /health, a login under /api/auth.
      [
        mutate(doc, (d) => {
          d.paths['/health'] = { get: { security: [], responses: { '200': { description: 'up' } } } };
          d.paths['/api/auth/login'] = { post: { security: [], responses: { '200': { description: 'in' } } } };
        }),
      ],
    ],
    bad: {
      'VER-001': [mutate(doc, (d) => (d.paths['/api/public/forecast-availability']!.get!.security = [{ apiKey: [] }]))],
      'VER-002': [mutate(doc, (d) => (d.paths['/api/auth/forecast-requests']!.post!.security = []))],
      'VER-003': [mutate(doc, (d) => (d.paths['/openapi.json']!.get!.security = [{ x402: [] }]))],
      'VER-004': [
        mutate(doc, (d) => (d.paths['/api/v2/markets'] = { get: { security: [], responses: { '200': { description: 'v2' } } } })),
      ],
    },
  }),
  cases({
    check: C.checkDocumentedOperations,
    ok: [
      [
        doc,
        [
          { method: 'get', path: '/api/v1/latest' },
          { method: 'POST', path: '/api/auth/forecast-requests' },
        ],
      ],
    ],
    bad: { 'VER-007': [doc, [{ method: 'get', path: '/api/v1/sources' }]] },
  }),
  cases({
    check: C.checkServedFigures,
    ok: [
      [servedDoc, FIGURES],
      // Declared under a $ref, the body field's bound too.
      [
        {
          paths: {
            '/api/v1/latest': { get: { parameters: [{ $ref: '#/components/parameters/Hours' }] } },
            '/api/v1/x/profile': {
              post: { requestBody: { content: { 'application/json': { schema: { properties: { lookback_days: { maximum: 365 } } } } } } },
            },
          },
          components: { parameters: { Hours: { name: 'hours', in: 'query', schema: { type: 'integer', maximum: 6, default: 3 } } } },
        },
        FIGURES,
      ],
      // A list default spelled as a comma-separated string, in another order: the same default (issue 32 triage).
      [
        {
          paths: {
            '/api/v1/sources': {
              get: { parameters: [{ name: 'types', in: 'query', schema: { type: 'string', default: 'x_post,article' } }] },
            },
          },
        },
        [{ method: 'GET', path: '/api/v1/sources', in: 'query', name: 'types', keyword: 'default', value: ['article', 'x_post'] }],
      ],
      // A document declaring no figure: nothing to judge.
      [{ paths: { '/api/v1/latest': { get: { parameters: [{ name: 'hours', in: 'query', schema: { type: 'integer' } }] } } } }, FIGURES],
    ],
    bad: {
      // The served contract says hours may reach 12 (mutant ver-doc-hours-max-12).
      'VER-019': [mutate(servedDoc, (d) => (d.paths['/api/v1/latest'].get.parameters[0]!.schema.maximum = 12)), FIGURES],
    },
  }),
  cases({
    check: C.checkSameDocument,
    ok: [[doc, structuredClone(doc)]],
    bad: { 'VER-006': [doc, { ...doc, info: { title: 'forecast', version: '2' } }] },
  }),
  cases({
    check: C.checkContractDrift,
    ok: [
      [driftRef, driftRef],
      // a difference on a part the spec does not show (x-fc-choice) is the target's choice
      [
        mutate(driftRef, (d) => delete d.paths['/api/v1/latest']!.get!.responses!['429']),
        mutate(driftRef, (d) => (d.paths['/api/v1/latest']!.get!.responses!['429']!['x-fc-choice'] = 'VER-008')),
      ],
      // another name, required, in a place whose only parameter our copy marks as chosen: another choice
      [
        mutate(driftRef, (d) => (d.paths['/api/v1/latest']!.get!.parameters = [{ name: 'window', in: 'query', required: true }])),
        mutate(driftRef, (d) => (d.paths['/api/v1/latest']!.get!.parameters![0]!['x-fc-choice'] = 'VER-008')),
      ],
    ],
    bad: {
      'VER-018': [mutate(driftRef, (d) => (d.paths['/api/v1/latest']!.get!.parameters![0]!.required = true)), driftRef],
    },
  }),
  cases({
    check: C.checkCrashRiskAlias,
    ok: [[{ forecast: { drawdown_risk_72h: { yes: 0.1, no: 0.2 }, crash_risk: { yes: 0.1, no: 0.2 } }, history: [] }]],
    bad: { 'VER-013': [{ forecast: { drawdown_risk_72h: { yes: 0.1, no: 0.2 }, crash_risk: { yes: 0.1, no: 0.3 } } }] },
  }),
  cases({
    check: C.checkErrorEnvelope,
    ok: [
      [err(404, 'not_found')],
      [err(429, 'rate_limited', { retry_after: 3 })],
      [{ status: 200, headers: {}, bodyText: 'ok' }],
      [err(409, 'wallet_already_attested'), 'attestWallet'],
      // The link route's own 422 for a missing or expired token has no code in its text.
      [err(422, 'link_token_expired'), 'linkWallet'],
      [err(502, 'upstream_unavailable'), 'getPortfolio'],
      // The social routes' 502 has no code in the Errors table (gap XSRCH-005).
      [err(502, 'upstream_timeout'), 'searchSocial'],
      // The job read's 404 body is not shown (gap JOB-020): no envelope to hold it to.
      [{ status: 404, headers: {}, bodyText: '' }, 'getForecastRequest'],
      // An unknown Asset's status is the target's choice (gap ASSET-111), and so is its code.
      [err(404, 'asset_not_found'), 'getAssetStance'],
    ],
    bad: {
      'ERR-001': [{ ...err(404, 'not_found'), headers: { 'content-type': 'text/plain' } }],
      'ERR-002': [err(404, 'not_found', { retry_after: 3 })],
      'ERR-003': [err(401, 'not_found')],
      'ERR-004': [err(402, 'insufficient_credits')],
      'ERR-006': [err(404, 'invalid_request')],
      'ERR-007': [err(409, 'conflict')],
      'ERR-010': [err(502, 'bad_gateway'), 'getPortfolio'],
      'ERR-014': [err(422, 'not_found')],
    },
  }),
  // A status the route leaves to the target (an unknown Asset's 404, gap ASSET-111) is still an error body: the envelope
  // holds (round-25 bug: the stance 404 without its message).
  cases({
    check: C.checkErrorEnvelope,
    ok: [[err(404, 'not_found'), 'getAssetStance']],
    bad: { 'ERR-001': [{ status: 404, headers: json, bodyText: JSON.stringify({ error: 'not_found' }) }, 'getAssetStance'] },
  }),
  cases({
    check: C.checkNoServerError,
    ok: [
      [200, ['200']],
      [502, ['200', '502']],
      [404, ['200']],
    ],
    bad: { 'CONTRACT-001': [503, ['200', '502']] },
  }),
  cases({
    check: C.checkPaymentChallenge,
    ok: [
      [
        {
          status: 402,
          headers: { ...json, 'payment-required': b64(challenge) },
          bodyText: JSON.stringify({ error: 'payment_required', message: 'pay' }),
        },
      ],
      // The wallet link's own text answers an unknown token 404 before any payment (ROUTE_OWN_ANSWERS).
      [{ status: 404, headers: json, bodyText: JSON.stringify({ error: 'link_token_not_found', message: 'no such token' }) }, 'linkWallet'],
    ],
    bad: {
      'X402-001': [
        {
          status: 402,
          headers: { ...json, 'payment-required': b64(challenge) },
          bodyText: JSON.stringify({ error: 'invalid_api_key', message: 'pay' }),
        },
      ],
      'X402-002': [{ status: 402, headers: json, bodyText: JSON.stringify({ error: 'payment_required', message: 'pay' }) }],
      'X402-003': [
        {
          status: 402,
          headers: { ...json, 'payment-required': b64({ ...challenge, x402Version: 1 }) },
          bodyText: JSON.stringify({ error: 'payment_required', message: 'pay' }),
        },
      ],
    },
  }),
  cases({
    check: C.checkChallenge,
    ok: [
      [challenge, challengeCtx, 'header:PAYMENT-REQUIRED'],
      [{ ...challenge, resource: { url: '/api/v1/latest?hours=3' } }, challengeCtx, 'header:PAYMENT-REQUIRED'],
      // A route the reference table does not price: its own amount is the price, and X402-009 compares nothing.
      [
        { ...challenge, accepts: [entry('eip155:8453', '25000'), entry('eip155:4663', '25000')] },
        { ...challengeCtx, priceAtomic: '25000', reference: false },
        'h',
      ],
    ],
    bad: {
      'X402-003': [{ ...challenge, x402Version: 1 }, challengeCtx, 'h'],
      'X402-004': [{ ...challenge, accepts: [entry('eip155:4663')] }, challengeCtx, 'h'],
      'X402-005': [{ ...challenge, accepts: [entry('eip155:8453')] }, challengeCtx, 'h'],
      'X402-006': [{ ...challenge, accepts: [...challenge.accepts, entry('base-mainnet')] }, challengeCtx, 'h'],
      'X402-007': [
        { ...challenge, accepts: [entry('eip155:8453', '20001'), entry('eip155:4663', '20001')] },
        { ...challengeCtx, priceAtomic: '20001' },
        'h',
      ],
      'X402-009': [{ ...challenge, accepts: [entry('eip155:8453', '25000'), entry('eip155:4663')] }, challengeCtx, 'h'],
      'X402-022': [{ ...challenge, resource: { url: 'http://127.0.0.1:4010/api/v1/sources' } }, challengeCtx, 'h'],
    },
  }),
  cases({
    check: C.checkAdvertisedUnits,
    ok: [
      [unitFigures({ currency: 'USD', credits_per_usd: 1000, increment_usd: '0.005' })],
      [unitFigures({ billing: { usdPerCredit: 0.001, creditsPerCent: 10 } })],
      [unitFigures({ routes: [] })],
      // A figure in a form that reads as no number is not judged (the metadata's shape is a gap).
      [unitFigures({ increment: 'half a cent' })],
    ],
    bad: {
      // Credits per USD as if a credit were a cent (mutant price-credits-per-usd-100).
      'PRICE-015': [unitFigures({ credits_per_usd: 100, increment_usd: '0.005' })],
      'PRICE-014': [unitFigures({ credits_per_usd: 1000, increment_usd: 0.01 })],
    },
  }),
  cases({
    check: C.checkAdvertisedDecimals,
    ok: [
      [decimalsInChallenge({ ...challenge, accepts: [entry('eip155:8453'), { ...entry('eip155:4663'), extra: { decimals: 6 } }] })],
      [
        decimalsInBody({
          networks: [
            { network: 'eip155:4663', decimals: 6 },
            { network: 'eip155:8453', decimals: 18 },
          ],
        }),
      ],
      // Nothing advertised: nothing to judge.
      [decimalsInChallenge(challenge)],
    ],
    bad: {
      // The second token advertised with 18 decimals (mutant x402-decimals-18).
      'X402-032': [decimalsInChallenge({ ...challenge, accepts: [{ ...entry('eip155:4663'), extra: { name: 'Dollar', decimals: 18 } }] })],
    },
  }),
  cases({
    check: C.checkSettlement,
    ok: [
      [b64(settled), { network: 'eip155:8453', payer: payer.toLowerCase() }],
      // payer is optional in x402 v2's SettleResponse (gap X402-029).
      [b64({ ...settled, payer: undefined }), { network: 'eip155:8453', payer }],
    ],
    bad: {
      'X402-014': [undefined, { network: 'eip155:8453', payer }],
      'X402-015': [b64({ ...settled, success: false }), { network: 'eip155:8453', payer }],
    },
  }),
  cases({
    check: C.checkDebit,
    ok: [
      ['BILL-001', 'a paid call', 100, 90, 10],
      ['BILL-002', 'a 404', 100n, 100n, 0],
    ],
    bad: { 'BILL-001': ['BILL-001', 'a paid call', 100, 95, 10], 'BILL-002': ['BILL-002', 'a 404', 100, 90, 0] },
  }),
  cases({
    check: C.checkParallelDebits,
    ok: [[[{ status: 200 }, { status: 200 }, { status: 403, error: 'insufficient_credits' }], 2, 0, 0]],
    bad: {
      'BILL-017': [[{ status: 200 }, { status: 200 }, { status: 200 }], 2, 0, 0],
      'AUTH-011': [[{ status: 200 }, { status: 200 }, { status: 403, error: 'forbidden' }], 2, 0, 0],
    },
  }),
  cases({
    check: C.checkReferencePrices,
    ok: [[prices()]],
    bad: Object.fromEntries(referencePrices().map((p) => [p.rule, [repriced(p.path)] as [ReadonlyMap<string, PriceEntry>]])),
  }),
  cases({
    check: C.checkPriceUnits,
    ok: [[prices()]],
    bad: {
      'PRICE-014': [prices((p) => p.path === '/api/v1/sources' && Object.assign(p, { credits: 7, usd: 0.007 }))],
      'PRICE-015': [prices((p) => p.path === '/api/v1/sources' && Object.assign(p, { usd: 0.01 }))],
    },
  }),
];
