// Builds the served OpenAPI 3.1 document from the live route table, so the
// document always lists exactly the operations the service registers.
import { SCHEMAS, ref } from './schemas.mjs';
import { OPS } from './operations.mjs';

const ERR_TEXT = {
  401: 'invalid_api_key or gateway_required', 402: 'payment_required: x402 challenge', 403: 'insufficient_credits or api_entitlement_inactive',
  404: 'not found (never billed)', 409: 'payment_replay_mismatch or wallet_already_attested', 422: 'invalid_request (and route-specific codes)',
  429: 'rate_limited (never billed)', 502: 'upstream_unavailable (never billed)', 503: 'not configured or unavailable (never billed)',
};
const H = (description, type = 'string') => ({ description, schema: { type } });
const HEADERS = {
  'Retry-After': H('Seconds to wait.', 'integer'), Location: H('URL of the created job.'),
  'RateLimit-Policy': H('Quota policies of the scope (structured-field list: "scope-window";q=;w=).'),
  RateLimit: H('Remaining quota of the tightest window ("scope-window";r=;t=).'),
  'X-Quotient-Max-Concurrent': H('In-flight bound of the scope.', 'integer'),
  'PAYMENT-REQUIRED': H('Base64 JSON x402 v2 PaymentRequired object.'),
  'PAYMENT-RESPONSE': H('Base64 JSON x402 settlement metadata {success, transaction, network, payer, amount}.'),
  'X-Credits-Charged': H('Credits debited for this call (API key).', 'integer'),
  'X-Credits-Balance': H('Account balance after this call (API key).', 'integer'),
  Allow: H('Methods served on this path.'),
};
const pick = (...names) => Object.fromEntries(names.map((n) => [n, HEADERS[n]]));

function responses(r, op) {
  const out = {};
  const okHeaders = pick(...(op.okHeaders || []), ...(r.scope ? ['RateLimit-Policy', 'RateLimit', 'X-Quotient-Max-Concurrent'] : []), ...(r.auth === 'paid' || r.auth === 'link' ? ['PAYMENT-RESPONSE'] : []), ...(r.price && r.auth !== 'link' ? ['X-Credits-Charged', 'X-Credits-Balance'] : []));
  out[String(op.okStatus || 200)] = { description: 'Success', headers: okHeaders, content: { 'application/json': { schema: op.ok } } };
  for (const [s, d] of Object.entries(op.alsoOk || {})) out[s] = { description: d, content: { 'application/json': { schema: op.ok } } };
  const errs = new Set(op.errors);
  if (r.auth === 'paid') [401, 402, 403, 409].forEach((s) => errs.add(s));
  if (r.auth === 'key' || r.auth === 'keyOrBearer') [401, 403].forEach((s) => errs.add(s));
  if (r.auth === 'link') [409, 422].forEach((s) => errs.add(s));
  errs.add(429); errs.add(405);
  for (const s of [...errs].sort()) {
    const headers = s === 429 ? pick('Retry-After', 'RateLimit-Policy', 'RateLimit', 'X-Quotient-Max-Concurrent') : s === 402 || (s === 422 && r.auth === 'link') ? pick('PAYMENT-REQUIRED') : s === 405 ? pick('Allow') : s === 503 ? pick('Retry-After') : {};
    const schema = s === 402 ? { allOf: [ref('Error'), ref('PaymentRequired')] } : s === 422 && r.auth === 'link' ? { anyOf: [{ allOf: [ref('Error'), ref('PaymentRequired')] }, ref('Error')] } : ref('Error');
    out[String(s)] = { description: s === 405 ? 'method_not_allowed' : ERR_TEXT[s] || 'error', headers, content: { 'application/json': { schema } } };
  }
  return out;
}

const SECURITY = {
  paid: [{ apiKey: [] }, { x402: [] }], key: [{ apiKey: [] }], keyOrBearer: [{ apiKey: [] }, { idpBearer: [] }], link: [{ x402: [] }], free: [],
};

export function buildOpenApi(routes, cfg) {
  const paths = {};
  for (const r of routes) {
    const op = OPS[r.id];
    if (!op) throw new Error('no OpenAPI entry for ' + r.id);
    const p = (paths[r.path] ||= {});
    const price = r.price ? `$${(r.price / 1000).toFixed(3)} (${r.price} credits)` : 'free';
    p[r.method.toLowerCase()] = {
      operationId: r.id,
      summary: r.summary,
      description: `Price: ${price}. Auth: ${r.auth}.${r.scope ? ` Limit scope: ${r.scope}.` : ''}`,
      tags: [r.path.split('/')[2] || 'meta'],
      security: SECURITY[r.auth],
      'x-price-usd': r.price ? (r.price / 1000).toFixed(3) : '0',
      'x-credits': r.price || 0,
      ...(r.scope ? { 'x-limit-scope': r.scope } : {}),
      parameters: op.params || [],
      ...(op.body ? { requestBody: op.body } : {}),
      responses: responses(r, op),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Forecast Intelligence API (borealis)', version: '5.0.0', description: 'Prediction-market forecast intelligence. Paid routes accept an API key (x-service-api-key) or an x402 v2 payment (PAYMENT-SIGNATURE). Every error body is {error, message, ...}.' },
    servers: [{ url: '/' }],
    'x-site-url': cfg.siteUrl,
    paths,
    components: {
      schemas: SCHEMAS,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-service-api-key' },
        x402: { type: 'apiKey', in: 'header', name: 'PAYMENT-SIGNATURE', description: 'x402 v2 exact scheme (EIP-3009) on eip155:8453 or eip155:4663; challenge in PAYMENT-REQUIRED.' },
        idpBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT (HS256, simulated identity provider)' },
      },
    },
  };
}
