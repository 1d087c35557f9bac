/**
 * `npm run fuzz`: random and malformed requests against the embedded stub on loopback (issue 10):
 * broken and huge JSON, wrong content types, odd methods, unicode and percent-encoding abuse in
 * paths and queries, duplicate and oversized headers, garbage PAYMENT-SIGNATURE, concurrent bursts,
 * plus raw malformed HTTP/1.1. Prints counts by status and kind. Fails (exit 1) on any 5xx, a crash
 * (uncaught error, stub no longer answering), an error answer that is not the JSON envelope
 * ({error, message} strings), a 2xx paid answer to a garbage payment, or credits that moved for an
 * unbilled answer (the control plane's ledger against the billed answers seen), more answers than
 * requests on a raw connection (issue 21).
 *
 * Phases: the HTTP phase at its natural (full) speed, with bursts; the raw phase (malformed HTTP/1.1 on
 * its own sockets); the early-refusal phase (scripts/proof/fuzz-refusals.ts): every kind of bad request
 * with the guard's second, its minute and the key's bounds spent, once per speed of --rate; its verdict
 * must be the same at every speed.
 *
 * Options: --count N (default 100000) --max-s S (default 300) --concurrency N (default 32) --seed N
 * --raw N (default 2000) --rate 1x,full (the early-refusal phase's speeds: 1x is the per-IP guard's
 * per-second bound, full is unpaced) --refusal-per-kind N (default 10)
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Agent, request, type ClientRequest } from 'node:http';
import { startStub } from '../stub/app.ts';
import { FuzzCases, prng, rawRequests, type FuzzRequest, type RawRequest } from './proof/fuzz-cases.ts';
import { FuzzTally } from './proof/fuzz-tally.ts';
import { FULL, ONE_X, differences, runRefusalPhase, type Speed } from './proof/fuzz-refusals.ts';
import { exchangeBytes, readAnswers, requestBytes } from './proof/wire.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    'max-s': { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '32' },
    seed: { type: 'string', default: '20261124' },
    raw: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '1x,full' },
    'refusal-per-kind': { type: 'string', default: '10' },
  },
});
const COUNT = Math.min(Number(values.count), 1_000_000);
const DEADLINE = Date.now() + Math.min(Number(values['max-s']), 1800) * 1000;
const CONCURRENCY = Math.min(Number(values.concurrency), 256);
const SEED = Number(values.seed);
const BURST_EVERY = 5000;
const BURST_SIZE = 300;
const SPEEDS: Speed[] = values.rate.split(',').map((label) => {
  if (label === 'full') return FULL;
  if (label === '1x') return ONE_X;
  console.error(`fuzz: --rate takes 1x and/or full, not ${label}`);
  process.exit(2);
});

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
  if (!res.ok) throw new Error(`control ${method} ${path} answered ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
};
const account = (await control('POST', '/__control/accounts', {
  credits: 1_000_000_000,
  entitled: true,
})) as { accountId: string; apiKey: string };
const startCredits = Number((await control('GET', `/__control/accounts/${account.accountId}`)).credits);

const tally = new FuzzTally(account.apiKey);
/** Requests node:http refused to send, sent as raw bytes instead. */
let byHand = 0;

const target = new URL(stub.url);
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const TIMEOUT_MS = 10_000;

/** Sends one request with node:http (raw bytes when node:http refuses it); resolves with the status and body, or the transport error. */
function send(r: FuzzRequest): Promise<{ status: number; text: string; wire?: true } | { error: string }> {
  return new Promise((resolve) => {
    let req: ClientRequest;
    try {
      req = request({ host: target.hostname, port: target.port, method: r.method, path: r.path, headers: r.headers, agent });
    } catch {
      // node:http refuses to send it (invalid header or path characters): send the bytes by hand.
      return void exchangeBytes(stub.url, requestBytes(target.host, r), { timeoutMs: TIMEOUT_MS }).then((bytes) => {
        const { answers, trailing } = readAnswers(bytes, [r.method]);
        if (answers.length > 1 || trailing > 0)
          tally.fail(`${answers.length} answers (+${trailing} bytes) to one request: ${r.kind} ${r.path}`);
        resolve(answers[0] ? { status: answers[0].status, text: answers[0].text, wire: true } : { error: 'closed without an answer' });
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
  tally.sending(r);
  const out = await send(r);
  if ('status' in out) {
    if (out.wire) byHand++;
    return tally.judge(r, out.status, out.text);
  }
  // The stub may close a connection on a request it cannot parse (e.g. 431 then close): counted, not failed,
  // unless it never answered at all.
  if (/no answer within/.test(out.error)) tally.fail(`no answer for ${r.kind} ${r.method} ${r.path.slice(0, 160)}`);
  else tally.closed();
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

/** Raw malformed HTTP/1.1 on its own sockets: each answer must be an envelope, never 5xx, at most one per request. */
async function raw({ bytes, requests }: RawRequest): Promise<void> {
  const r: FuzzRequest = { kind: 'raw', method: 'RAW', path: bytes.toString('latin1').split('\r\n')[0]!.slice(0, 120), headers: {} };
  tally.sending(r);
  const { answers, trailing } = readAnswers(await exchangeBytes(stub.url, bytes, { timeoutMs: TIMEOUT_MS }));
  if (answers.length > requests || trailing > 0)
    tally.fail(`${answers.length} answers (+${trailing} bytes) to ${requests} raw request(s): ${r.path}`);
  if (answers.length === 0) return tally.closed();
  for (const a of answers) tally.judge(r, a.status, a.text);
}
const raws = rawRequests(prng(SEED + 1), Date.now() < DEADLINE ? Number(values.raw) : 0);
for (let i = 0; i < raws.length && Date.now() < DEADLINE; i += 20) await Promise.all(raws.slice(i, i + 20).map(raw));
const fullSeconds = (Date.now() - started) / 1000;

// The early-refusal phase, once per speed: the same requests, the same verdict.
const refusals: { speed: Speed; tally: FuzzTally; spent: number; seconds: number }[] = [];
for (const speed of SPEEDS) {
  const phase = {
    url: stub.url,
    control,
    accountId: account.accountId,
    apiKey: account.apiKey,
    seed: SEED + 2,
    perKind: Number(values['refusal-per-kind']),
  };
  refusals.push({ speed, ...(await step(`the early-refusal phase at ${speed.label}`, () => runRefusalPhase(phase, speed))) });
}

// Still alive, and the ledger moved only for billed answers.
// Alive: it still answers (a 429 from the per-IP guard after the run is an answer).
const alive = await fetch(new URL('/api/public/pricing', stub.url)).then(
  (r) => r.status,
  () => 0,
);
if (alive === 0 || alive >= 500) crashes.push(`the stub no longer answers GET /api/public/pricing (${alive || 'no answer'})`);
const acct = await control('GET', `/__control/accounts/${account.accountId}`);
const spent = startCredits - Number(acct.credits);
const tallies = [tally, ...refusals.map((r) => r.tally)];
const expected = tallies.reduce((sum, t) => sum + t.expectedSpend(), 0);
if (spent !== expected) tally.fail(`ledger: the account spent ${spent} credits, the billed answers seen cost ${expected}`);
for (const r of refusals)
  if (r.spent !== r.tally.expectedSpend())
    r.tally.fail(
      `ledger: the early-refusal phase at ${r.speed.label} spent ${r.spent} credits, its billed answers cost ${r.tally.expectedSpend()}`,
    );
// The verdict must not depend on the speed: the same statuses per state and kind, the same failures.
const verdictDiffs = refusals
  .slice(1)
  .flatMap((r) => [
    ...differences(refusals[0]!.tally, r.tally).map((d) => `${refusals[0]!.speed.label} vs ${r.speed.label}: ${d}`),
    ...(r.tally.failures.length !== refusals[0]!.tally.failures.length
      ? [`${refusals[0]!.speed.label} vs ${r.speed.label}: ${refusals[0]!.tally.failures.length} vs ${r.tally.failures.length} failures`]
      : []),
  ]);
await stub.close();

const perSecond = (n: number, s: number) => (n / s).toFixed(0);
console.log(
  `fuzz: ${tally.sent} requests in ${fullSeconds.toFixed(1)} s (${perSecond(tally.sent, fullSeconds)}/s, full speed), seed ${SEED}, ${byHand} sent as raw bytes (node:http refuses them)`,
);
console.log(`by status: ${tally.statusLine()}`);
console.log(`by kind:   ${tally.kindLine()}`);
console.log(
  `early-refusal phase (the guard's second spent, its minute spent, the key's bounds spent; every kind, one socket per request):`,
);
for (const r of refusals) {
  const t = r.tally;
  console.log(
    `  at ${r.speed.label.padEnd(4)}: ${t.sent} requests in ${r.seconds.toFixed(1)} s (${perSecond(t.sent, r.seconds)}/s); failures ${t.failures.length}; 5xx ${t.fivexx()}; ledger ${r.spent} credits spent = ${t.expectedSpend()} billed; by status: ${t.statusLine()}`,
  );
}
if (refusals.length > 1)
  console.log(`  same verdict at ${refusals.map((r) => r.speed.label).join(' and ')}: ${verdictDiffs.length ? 'NO' : 'yes'}`);
console.log(`ledger: ${spent} credits spent = ${expected} for ${tallies.reduce((n, t) => n + t.billedCount(), 0)} billed answers`);
const failures = [...tallies.flatMap((t) => t.failures), ...verdictDiffs.map((d) => `verdict differs by speed: ${d}`)];
console.log(`5xx: ${tallies.reduce((n, t) => n + t.fivexx(), 0)}; crashes: ${crashes.length}; failures: ${failures.length}`);
for (const f of [...crashes, ...failures]) console.log(`  FAIL ${f}`);
if (tally.sent < COUNT + raws.length) console.log(`note: stopped at the time bound after ${tally.sent} of ${COUNT + raws.length} requests`);
process.exit(crashes.length || failures.length ? 1 : 0);
