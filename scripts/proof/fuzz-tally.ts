/**
 * The verdict of a `npm run fuzz` phase: answers counted by status and kind, and the failures: a 5xx,
 * an error answer that is not the JSON envelope ({error, message} strings), a 2xx paid answer to a
 * garbage payment, more answers than requests on a connection or bytes that are no answer (issue 21),
 * a request never answered. Billed answers (2xx, the fuzzing account's key, a paid operation) are
 * counted per operation for the ledger check.
 */
import { PRICES } from '../../contract/pricing.ts';
import { contract } from '../../contract/index.ts';
import type { FuzzRequest } from './fuzz-cases.ts';

/** Most failures kept for printing. */
const MAX_FAILURES = 50;

/** Operation of a request path (method + path template), for the expected spend. */
const OPS = [...contract().operations.values()].map((op) => ({
  op,
  re: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/**
 * Operation of a request; HEAD is the GET operation (RFC 9110 §9.3.2: the same processing without
 * the body), and the stub bills a 2xx HEAD like the GET, so the ledger check counts it as billed.
 */
function operationOf(method: string, path: string): string | undefined {
  const m = method === 'HEAD' ? 'GET' : method;
  return OPS.find((o) => o.op.method.toUpperCase() === m && o.re.test(path.replace(/\?.*$/, '')))?.op.operationId;
}

const describe = (r: FuzzRequest): string => `${r.kind} ${r.method} ${r.path.slice(0, 160)}`;
const bump = (m: Map<string, number>, k: string): void => void m.set(k, (m.get(k) ?? 0) + 1);
const sorted = (m: Map<string, number>): string =>
  [...m]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');

export class FuzzTally {
  readonly byStatus = new Map<string, number>();
  readonly byKind = new Map<string, number>();
  /** `<group> <status>` → count, for comparing two runs of the same requests (the early-refusal phase). */
  readonly byGroup = new Map<string, number>();
  readonly failures: string[] = [];
  /** operationId → billed answers; createForecastRequest counts distinct jobs. */
  readonly billed = new Map<string, number>();
  private readonly jobs = new Set<string>();
  sent = 0;

  /** @param apiKey the fuzzing account's key (its answers are the billed ones) */
  constructor(private readonly apiKey: string) {}

  fail(msg: string): void {
    if (this.failures.length < MAX_FAILURES) this.failures.push(msg);
    else if (this.failures.length === MAX_FAILURES) this.failures.push('…more failures not shown');
  }

  /** Counts a request sent (of `group`, when the phase compares groups). */
  sending(r: FuzzRequest): void {
    this.sent++;
    bump(this.byKind, r.kind);
  }

  /** A request closed without an answer (allowed where the stub may close on bytes it cannot parse). */
  closed(group?: string): void {
    bump(this.byStatus, 'closed');
    if (group) bump(this.byGroup, `${group} closed`);
  }

  /** Judges one answer to `r`. */
  judge(r: FuzzRequest, status: number, text: string, group?: string): void {
    bump(this.byStatus, String(status));
    if (group) bump(this.byGroup, `${group} ${status}`);
    if (status >= 500) return this.fail(`${status} for ${describe(r)}: ${text.slice(0, 200)}`);
    if (status >= 400 && r.method !== 'HEAD') this.judgeEnvelope(r, status, text);
    if (status >= 200 && status < 300) this.judgeBilled(r, text);
  }

  private judgeEnvelope(r: FuzzRequest, status: number, text: string): void {
    let env: { error?: unknown; message?: unknown } | undefined;
    try {
      env = JSON.parse(text) as typeof env;
    } catch {
      env = undefined;
    }
    if (typeof env?.error !== 'string' || typeof env.message !== 'string')
      this.fail(`non-envelope ${status} for ${describe(r)}: ${text.slice(0, 200)}`);
  }

  private judgeBilled(r: FuzzRequest, text: string): void {
    const op = operationOf(r.method, r.path);
    const price = op ? PRICES[op] : undefined;
    const key = r.headers['x-service-api-key'];
    const ours = (Array.isArray(key) ? key.join(', ') : key) === this.apiKey;
    if (price && price.credits > 0 && !ours && r.headers['payment-signature'] !== undefined)
      this.fail(`garbage payment accepted: 2xx for ${describe(r)}`);
    if (!op || !price || price.credits === 0 || !ours) return;
    if (op !== 'createForecastRequest') return bump(this.billed, op);
    const id = (JSON.parse(text) as { jobId?: string }).jobId;
    if (id && !this.jobs.has(id)) {
      this.jobs.add(id);
      bump(this.billed, op);
    }
  }

  /** Credits the billed answers cost. */
  expectedSpend(): number {
    return [...this.billed].reduce((sum, [op, n]) => sum + n * (PRICES[op]?.credits ?? 0), 0);
  }

  billedCount(): number {
    return [...this.billed.values()].reduce((a, b) => a + b, 0);
  }

  fivexx(): number {
    return [...this.byStatus].filter(([s]) => s.startsWith('5')).reduce((a, [, n]) => a + n, 0);
  }

  statusLine(): string {
    return sorted(this.byStatus);
  }

  kindLine(): string {
    return sorted(this.byKind);
  }
}
