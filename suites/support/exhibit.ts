/**
 * Exhibits of a verdict: when an answer is judged and violations are found (errors or warnings),
 * the matcher attaches the violations as data, the request that drew the answer (method, URL,
 * redacted headers, body), an excerpt of the answer (status, headers, first 2 KB) and a `curl`
 * command reproducing it with secrets as environment-variable placeholders. The rule reporter
 * reads these `fc-exhibit` attachments into rules.json and the certification report.
 */
import { test, type APIResponse } from '@playwright/test';
import { onViolationMade, type Violation } from '../../lib/violation.ts';
import { isSecret, placeholderOf, redact, registerSecret, type SecretVariable } from '../../lib/redact.ts';
import {
  EXHIBIT_ATTACHMENT,
  EXCERPT_BYTES,
  MAX_PER_TEST,
  MAX_SETUP,
  type Exhibit,
  type RecordedRequest,
  type ResponseExcerpt,
} from '../../lib/exhibit.ts';

/**
 * Registers one of the run's configured secrets under its variable name (fixtures.ts): every request
 * recorded from now on carries `$VARIABLE` where the value was sent, and every text is masked with it.
 */
export function registerPlaceholder(value: string | undefined, variable: SecretVariable): void {
  registerSecret(value, variable);
}

/**
 * The placeholder of a secret header whose registered value is no configured secret: a key the run made
 * (a control-plane account's) is replayed with the configured key; a payment cannot be replayed as sent.
 */
const SECRET_HEADERS: Record<string, string> = {
  'x-service-api-key': '$FC_API_KEY',
  authorization: 'Bearer $FC_CONTROL_TOKEN',
  'payment-signature': '$FC_PAYMENT_SIGNATURE',
};
const BEARER = /^bearer\s+/i;
/** The header naming a test's fault scope (control.yaml: a scoped fault strikes only calls carrying it). */
const FAULT_SCOPE = 'x-fault-scope';

/** The headers as recorded: each secret replaced by its `$VARIABLE` placeholder, by the header that carries it. */
function placeholderHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    const bearer = lower === 'authorization' && BEARER.test(value) ? placeholderOf(value.replace(BEARER, '')) : undefined;
    const made =
      SECRET_HEADERS[lower] !== undefined && (isSecret(value) || isSecret(value.replace(BEARER, '')) || lower === 'payment-signature');
    // A value the harness never registered (a made-up key of an invalid-key test) is no secret: kept as sent.
    out[lower] = placeholderOf(value) ?? (bearer ? `Bearer ${bearer}` : made ? SECRET_HEADERS[lower]! : redact(value));
  }
  return out;
}

/** Quotes for a POSIX shell, keeping `$VARIABLE` placeholders expandable. */
const dq = (s: string) => `"${s.replace(/(["\\`])/g, '\\$1').replace(/\$(?!FC_[A-Z0-9_]+\b)/g, '\\$')}"`;
const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A curl command for a recorded request. */
export function curlOf(req: RecordedRequest): string {
  const parts = ['curl -sS -i', '-X', req.method, sq(req.url)];
  // A per-IP bound is the source address's: a request that left from a chosen address is replayed from it.
  if (req.sourceAddress) parts.push('--interface', req.sourceAddress);
  for (const [name, value] of Object.entries(req.headers))
    parts.push('-H', /\$FC_/.test(value) ? dq(`${name}: ${value}`) : sq(`${name}: ${value}`));
  if (req.body !== undefined) parts.push('--data-raw', sq(req.body));
  return parts.join(' ');
}

/** The last exchange of this worker's running test (workers run one test at a time). */
let last: Exchange | undefined;
/** One state-changing control-plane call: its curl, and the X-Fault-Scope of a fault it injected. */
interface SetupCall {
  curl: string;
  /** Set on a fault's creation: its scope ('' when unscoped). */
  faultScope?: string;
}

/**
 * The control-plane calls that changed the target's state in this worker's running test, oldest first: a
 * control-plane case (a fault, the oil state, the clock) is reproduced only after them.
 */
let setup: SetupCall[] = [];

/** The path of the control plane's fault collection (POST adds one, DELETE clears them all). */
const FAULTS_PATH = /\/__control\/faults\/?(?:\?.*)?$/;

/**
 * Records one state-changing control-plane call of the running test (suites/support/control.ts): every exchange
 * recorded from now on carries it in its exhibit's `setup`. The control token is shown as `$FC_CONTROL_TOKEN`.
 * Clearing the faults forgets the faults injected before (they no longer apply) and is not itself recorded.
 */
export function rememberSetup(method: string, url: string, headers: Readonly<Record<string, string>>, data: unknown): void {
  const faults = FAULTS_PATH.test(url);
  if (faults && method === 'DELETE') {
    setup = setup.filter((c) => c.faultScope === undefined);
    return;
  }
  const body = bodyText(data);
  const scope = (data as { scope?: unknown } | undefined)?.scope;
  const call: SetupCall = {
    curl: curlOf({ method, url: redact(url), headers: placeholderHeaders(headers), ...(body !== undefined ? { body: redact(body) } : {}) }),
    ...(faults && method === 'POST' ? { faultScope: typeof scope === 'string' ? scope : '' } : {}),
  };
  setup = [...setup, call].slice(-MAX_SETUP);
}

/**
 * The set-up of an exchange sent with `headers`: a fault scoped to another X-Fault-Scope than the exchange's (another
 * attempt's or variant's) cannot have struck it, and is left out.
 */
function setupFor(headers: Readonly<Record<string, string>>): string[] {
  const scope = Object.entries(headers).find(([k]) => k.toLowerCase() === FAULT_SCOPE)?.[1];
  return setup.filter((c) => !c.faultScope || c.faultScope === scope).map((c) => c.curl);
}

/** Serialises a request body as Playwright sends it (objects as JSON). */
function bodyText(data: unknown): string | undefined {
  if (data === undefined) return undefined;
  if (typeof data === 'string') return data;
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return JSON.stringify(data);
}

/** Reads the excerpt of an answer (Playwright has buffered the body already). */
export async function excerptOf(res: APIResponse): Promise<ResponseExcerpt> {
  let buf: Buffer;
  try {
    buf = await res.body();
  } catch {
    buf = Buffer.alloc(0);
  }
  return {
    status: res.status(),
    headers: res.headers(),
    body: redact(buf.subarray(0, EXCERPT_BYTES).toString('utf8')),
    truncated: buf.length > EXCERPT_BYTES,
  };
}

/**
 * Records one exchange of the target client (suites/support/client.ts), for the next judgement; `sourceAddress` is the
 * local address it left from when the harness chose one (else the operating system picked it).
 */
export async function rememberExchange(
  method: string,
  url: string,
  headers: Readonly<Record<string, string>>,
  data: unknown,
  res: APIResponse,
  sourceAddress?: string,
): Promise<void> {
  const body = bodyText(data);
  last = {
    request: {
      method,
      url: redact(url),
      headers: placeholderHeaders(headers),
      ...(body !== undefined ? { body: redact(body) } : {}),
      ...(sourceAddress ? { sourceAddress } : {}),
    },
    response: await excerptOf(res),
    setup: setupFor(headers),
  };
  exchanges.set(res, last);
}

/** One exchange of the target client, with the control-plane calls the test had made before it. */
type Exchange = { request: RecordedRequest; response: ResponseExcerpt; setup: readonly string[] };
const exchanges = new WeakMap<APIResponse, Exchange>();
/** The exchange each violation was found in, when the test said so (`drawnFrom`). */
const drawnBy = new WeakMap<Violation, Exchange>();
/**
 * The exchange last read when each violation was made (lib/violation.ts `violation()`): a test judges an answer
 * as it reads it, then may read others before it reports what it found, so this is nearer the truth than the
 * test's last exchange, and comes after a test's own word (`drawnFrom`, or the answer a matcher was given).
 */
const madeDuring = new WeakMap<Violation, Exchange>();
onViolationMade((v) => {
  if (last) madeDuring.set(v, last);
});

/**
 * Marks `violations` as found in the answer `res` (sent by the target client): their exhibit shows that
 * exchange, whichever answers the test read after it (a test judging several answers holds its violations
 * to the end, when its last exchange is another answer's). Returns `violations`, for `found.push(...)`.
 */
export function drawnFrom<T extends readonly Violation[]>(res: APIResponse, violations: T): T {
  const exchange = exchanges.get(res);
  if (exchange) for (const v of violations) drawnBy.set(v, exchange);
  return violations;
}

/** Keeps the exchange `from` was found in on its copy `to` (a violation re-graded by the catalogue). */
export function sameExchange(from: Violation, to: Violation): Violation {
  const exchange = drawnBy.get(from);
  if (exchange) drawnBy.set(to, exchange);
  const during = madeDuring.get(from);
  if (during) madeDuring.set(to, during);
  return to;
}

/**
 * Attaches exhibits for `violations` to the running test, one per exchange: each violation's own
 * (`drawnFrom`), else the exchange of `res` when given (it was sent by the target client), else the
 * exchange last read when the violation was made, else this test's last exchange. At most MAX_PER_TEST per
 * test. Outside a test, does nothing.
 */
export function attachExhibit(violations: readonly Violation[], res?: APIResponse): void {
  if (!violations.length) return;
  let info;
  try {
    info = test.info();
  } catch {
    return;
  }
  const given = res && exchanges.get(res);
  const groups = new Map<Exchange | undefined, Violation[]>();
  for (const v of violations) {
    const exchange = drawnBy.get(v) ?? given ?? madeDuring.get(v) ?? last;
    groups.set(exchange, [...(groups.get(exchange) ?? []), v]);
  }
  for (const [exchange, vs] of groups) {
    if (info.attachments.filter((a) => a.name === EXHIBIT_ATTACHMENT).length >= MAX_PER_TEST) return;
    const exhibit: Exhibit = {
      violations: vs.map((v) => ({ ...v, message: redact(v.message) })),
      ...(exchange ? { request: exchange.request, response: exchange.response, curl: curlOf(exchange.request) } : {}),
      ...(exchange?.setup.length ? { setup: [...exchange.setup] } : {}),
    };
    info.attachments.push({ name: EXHIBIT_ATTACHMENT, contentType: 'application/json', body: Buffer.from(JSON.stringify(exhibit)) });
  }
}

/** Forgets the last exchange and the control-plane calls (a new test starts). */
export function resetExhibit(): void {
  last = undefined;
  setup = [];
}
