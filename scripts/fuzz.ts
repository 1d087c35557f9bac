/**
 * `npm run fuzz`: random and malformed requests against the embedded stub on loopback (issue 10):
 * broken and huge JSON, wrong content types, odd methods, unicode and percent-encoding abuse in
 * paths and queries, duplicate and oversized headers, garbage PAYMENT-SIGNATURE, concurrent bursts,
 * plus raw malformed HTTP/1.1. Prints counts by status and kind. Fails (exit 1) on any 5xx, a crash
 * (uncaught error, stub no longer answering), an error answer that is not the JSON envelope
 * ({error, message} strings), a 2xx paid answer to a garbage payment, or credits that moved for an
 * unbilled answer (the control plane's ledger against the billed answers seen).
 *
 * Options: --count N (default 100000) --max-s S (default 300) --concurrency N (default 32) --seed N
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { parseArgs } from 'node:util';
import { Agent, request, type ClientRequest } from 'node:http';
import { PRICES } from '../contract/pricing.ts';
import { contract } from '../contract/index.ts';
import { startStub } from '../stub/app.ts';
import { FuzzCases, prng, rawRequests, type FuzzRequest } from './proof/fuzz-cases.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    'max-s': { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '32' },
    seed: { type: 'string', default: '20261124' },
    raw: { type: 'string', default: '2000' },
  },
});
const COUNT = Math.min(Number(values.count), 1_000_000);
const DEADLINE = Date.now() + Math.min(Number(values['max-s']), 1800) * 1000;
const CONCURRENCY = Math.min(Number(values.concurrency), 256);
const SEED = Number(values.seed);
const BURST_EVERY = 5000;
const BURST_SIZE = 300;

const crashes: string[] = [];
// The stub runs in this process: an error escaping its handlers lands here and counts as a crash.
process.on('uncaughtException', (err) => crashes.push(`uncaught: ${err.stack ?? String(err)}`.slice(0, 400)));
process.on('unhandledRejection', (err) => crashes.push(`unhandled rejection: ${String(err)}`.slice(0, 400)));
/** Runs the harness's own step; its failure is the harness's, not the stub's: exit 2 at once. */
async function step<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    console.error(`fuzz: ${what} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(2);
  }
}

const controlToken = randomBytes(16).toString('hex');
const stub = await startStub({
  port: 0,
  host: '127.0.0.1',
  apiKeys: [`fc_${randomBytes(16).toString('hex')}`],
  controlToken,
  seed: 42,
});
const control = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
  const res = await fetch(new URL(path, stub.url), {
    method,
    headers: {
      authorization: `Bearer ${controlToken}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as Record<string, unknown>;
};
const account = (await control('POST', '/__control/accounts', {
  credits: 1_000_000_000,
  entitled: true,
})) as { accountId: string; apiKey: string };
const startCredits = Number((await control('GET', `/__control/accounts/${account.accountId}`)).credits);

/** Operation of a request path (method + path template), for the expected spend. */
const ops = [...contract().operations.values()].map((op) => ({
  op,
  re: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));
/**
 * Operation of a request; HEAD is the GET operation (RFC 9110 §9.3.2: the same processing without
 * the body), and the stub bills a 2xx HEAD like the GET, so the ledger check counts it as billed.
 */
const operationOf = (method: string, path: string): string | undefined => {
  const m = method === 'HEAD' ? 'GET' : method;
  return ops.find((o) => o.op.method.toUpperCase() === m && o.re.test(path.replace(/\?.*$/, '')))?.op.operationId;
};

const byStatus = new Map<string, number>();
const byKind = new Map<string, number>();
const failures: string[] = [];
const fail = (msg: string): void => {
  if (failures.length < 50) failures.push(msg);
  else if (failures.length === 50) failures.push('…more failures not shown');
};
const bump = (m: Map<string, number>, k: string): void => void m.set(k, (m.get(k) ?? 0) + 1);
/** operationId → billed (2xx, our key) answers; createForecastRequest counts distinct jobs. */
const billed = new Map<string, number>();
const jobs = new Set<string>();
/** Requests node:http refused to send, sent as raw bytes instead. */
let byHand = 0;
let sent = 0;

const describe = (r: FuzzRequest): string => `${r.kind} ${r.method} ${r.path.slice(0, 160)}`;

function judge(r: FuzzRequest, status: number, text: string): void {
  bump(byStatus, String(status));
  if (status >= 500) return fail(`${status} for ${describe(r)}: ${text.slice(0, 200)}`);
  if (status >= 400 && r.method !== 'HEAD') {
    let env: { error?: unknown; message?: unknown } | undefined;
    try {
      env = JSON.parse(text) as typeof env;
    } catch {
      env = undefined;
    }
    if (typeof env?.error !== 'string' || typeof env.message !== 'string')
      fail(`non-envelope ${status} for ${describe(r)}: ${text.slice(0, 200)}`);
  }
  if (status >= 200 && status < 300) {
    const op = operationOf(r.method, r.path);
    const price = op ? PRICES[op] : undefined;
    const key = r.headers['x-service-api-key'];
    const ours = (Array.isArray(key) ? key.join(', ') : key) === account.apiKey;
    if (price && price.credits > 0 && !ours && r.headers['payment-signature'] !== undefined)
      fail(`garbage payment accepted: ${status} for ${describe(r)}`);
    if (op && price && price.credits > 0 && ours) {
      if (op === 'createForecastRequest') {
        const id = (JSON.parse(text) as { jobId?: string }).jobId;
        if (id && !jobs.has(id)) {
          jobs.add(id);
          bump(billed, op);
        }
      } else bump(billed, op);
    }
  }
}

const target = new URL(stub.url);
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const TIMEOUT_MS = 10_000;

/**
 * The bytes of a request as HTTP/1.1, written by hand: for what node:http refuses to send (raw
 * unicode or spaces in the path, control characters in header values), so that it still reaches the stub.
 */
function wire(r: FuzzRequest): Buffer {
  const body = r.body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body, 'utf8');
  const lines = [`${r.method} ${r.path} HTTP/1.1`, `host: ${target.host}`, 'connection: close'];
  for (const [k, v] of Object.entries(r.headers)) for (const one of Array.isArray(v) ? v : [v]) lines.push(`${k}: ${one}`);
  if (body.length) lines.push(`content-length: ${body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), body]);
}

/** Writes raw bytes on a fresh socket; resolves with the answer's text (latin1), empty when none. */
function exchange(bytes: Buffer): Promise<string> {
  return new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    const sock = connect(Number(target.port), target.hostname, () => sock.end(bytes));
    sock.setTimeout(TIMEOUT_MS, () => sock.destroy());
    sock.on('data', (d: Buffer) => chunks.push(d));
    sock.on('error', () => undefined);
    sock.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

/** Status and body of a raw answer, undefined when the stub closed without answering. */
function parseAnswer(text: string): { status: number; text: string } | undefined {
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  if (!m) return undefined;
  const body = text.slice(text.indexOf('\r\n\r\n') + 4);
  // A chunked body is framed: take the JSON between the first and last brace.
  return { status: Number(m[1]), text: body.includes('{') ? body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1) : body };
}

/** Sends one request with node:http (raw bytes when node:http refuses it); resolves with the status and body, or the transport error. */
function send(r: FuzzRequest): Promise<{ status: number; text: string; wire?: true } | { error: string }> {
  return new Promise((resolve) => {
    let req: ClientRequest;
    try {
      req = request({ host: target.hostname, port: target.port, method: r.method, path: r.path, headers: r.headers, agent });
    } catch {
      // node:http refuses to send it (invalid header or path characters): send the bytes by hand.
      return void exchange(wire(r)).then((text) => {
        const answer = parseAnswer(text);
        resolve(answer ? { ...answer, wire: true } : { error: 'closed without an answer' });
      });
    }
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', (err) => resolve({ error: `${(err as { code?: string }).code ?? ''} ${err.message}` }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => resolve({ error: err.message }));
    });
    req.end(r.body);
  });
}

async function one(r: FuzzRequest): Promise<void> {
  sent++;
  bump(byKind, r.kind);
  const out = await send(r);
  if ('status' in out) {
    if (out.wire) byHand++;
    return judge(r, out.status, out.text);
  }
  // The stub may close a connection on a request it cannot parse (e.g. 431 then close): counted, not failed,
  // unless it never answered at all.
  if (/no answer within/.test(out.error)) fail(`no answer for ${describe(r)}`);
  else bump(byStatus, 'closed');
}

const started = Date.now();
const cases = new FuzzCases(prng(SEED), { apiKey: account.apiKey });
let issued = 0;
await step('the HTTP phase', async () => {
  while (issued < COUNT && Date.now() < DEADLINE) {
    // Steady phase: CONCURRENCY workers pulling requests; then a burst of BURST_SIZE at once.
    const phaseEnd = Math.min(COUNT, issued + BURST_EVERY);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (issued < phaseEnd && Date.now() < DEADLINE) {
          issued++;
          await one(cases.next());
        }
      }),
    );
    if (issued < COUNT && Date.now() < DEADLINE) {
      const burst = Array.from({ length: Math.min(BURST_SIZE, COUNT - issued) }, () => cases.next());
      issued += burst.length;
      await Promise.all(burst.map(one));
    }
  }
});
agent.destroy();

/** Raw malformed HTTP/1.1 on its own sockets: the answer (if any) must be an envelope, never 5xx. */
async function raw(bytes: Buffer): Promise<void> {
  const r: FuzzRequest = {
    kind: 'raw',
    method: 'RAW',
    path: bytes.toString('latin1').split('\r\n')[0]!.slice(0, 120),
    headers: {},
  };
  sent++;
  bump(byKind, 'raw');
  const answer = parseAnswer(await exchange(bytes));
  if (!answer) return void bump(byStatus, 'closed');
  judge(r, answer.status, answer.text);
}
const raws = rawRequests(prng(SEED + 1), Date.now() < DEADLINE ? Number(values.raw) : 0);
for (let i = 0; i < raws.length && Date.now() < DEADLINE; i += 20) await Promise.all(raws.slice(i, i + 20).map(raw));

// Still alive, and the ledger moved only for billed answers.
// Alive: it still answers (a 429 from the per-IP guard after the run is an answer).
const alive = await fetch(new URL('/api/public/pricing', stub.url)).then(
  (r) => r.status,
  () => 0,
);
if (alive === 0 || alive >= 500) crashes.push(`the stub no longer answers GET /api/public/pricing (${alive || 'no answer'})`);
const acct = await control('GET', `/__control/accounts/${account.accountId}`);
const spent = startCredits - Number(acct.credits);
const expected = [...billed].reduce((sum, [op, n]) => sum + n * (PRICES[op]?.credits ?? 0), 0);
if (spent !== expected) fail(`ledger: the account spent ${spent} credits, the billed answers seen cost ${expected}`);
await stub.close();

const secs = (Date.now() - started) / 1000;
const sorted = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
console.log(
  `fuzz: ${sent} requests in ${secs.toFixed(1)} s (${(sent / secs).toFixed(0)}/s), seed ${SEED}, ${byHand} sent as raw bytes (node:http refuses them)`,
);
console.log(`by status: ${sorted(byStatus)}`);
console.log(`by kind:   ${sorted(byKind)}`);
console.log(`ledger: ${spent} credits spent = ${expected} for ${[...billed.values()].reduce((a, b) => a + b, 0)} billed answers`);
const fivexx = [...byStatus].filter(([s]) => s.startsWith('5')).reduce((a, [, n]) => a + n, 0);
console.log(`5xx: ${fivexx}; crashes: ${crashes.length}; failures: ${failures.length}`);
for (const f of [...crashes, ...failures]) console.log(`  FAIL ${f}`);
if (sent < COUNT) console.log(`note: stopped at the time bound after ${sent} of ${COUNT} requests`);
process.exit(crashes.length || failures.length ? 1 : 0);
