/**
 * Generated cross-field cases (issue 10): one oracle per cross-field rule set says whether a
 * combination is valid and, if not, which rule makes it invalid; properties send generated
 * combinations and compare. A failure is shrunk by fast-check, the shrunk counterexample is
 * re-checked (the oracle still names the same rule, and the target still answers it wrongly) and
 * reported with its seed and a curl command (the API key as $FC_API_KEY, never its value).
 */
import fc from 'fast-check';
import type { APIResponse } from '@playwright/test';
import type { Params, TargetClient } from './client.ts';

/** What the oracle says of one combination. */
export type Verdict = { valid: true } | { valid: false; rule: string; reason: string };

/** One request of a generated case. */
export interface CaseRequest {
  method: 'GET' | 'POST';
  path: string;
  params?: Params;
  body?: unknown;
}

/** How a target's answer is judged: undefined when it agrees with the verdict, else why not. */
export type Judge = (
  res: APIResponse,
  body: Record<string, unknown> | undefined,
  verdict: Verdict,
  before: number | undefined,
  after: number | undefined,
) => string | undefined;

export interface PropertyOptions<T> {
  name: string;
  arbitrary: fc.Arbitrary<T>;
  /** The verdict of a case; null where the spec leaves it open (sent by neither property). */
  oracle: (c: T) => Verdict | null;
  request: (c: T) => CaseRequest;
  client: TargetClient;
  /** Base URL for the curl line. */
  target: string;
  /** The request carries the API key (shown as $FC_API_KEY in curl). */
  keyed: boolean;
  /** Balance of the calling account, when a control plane can tell (for "unbilled"). */
  balance?: () => Promise<number>;
  seed: number;
  numRuns: number;
  /** Only cases whose verdict is this kind are sent (positive or negative property). */
  kind: 'valid' | 'invalid';
}

const query = (params: Params | undefined): string => {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) sp.append(k, String(item));
    else sp.append(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
};

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** The request as a curl command line (API key as the $FC_API_KEY variable). */
export function curlOf(target: string, r: CaseRequest, keyed: boolean): string {
  const url = new URL(`${r.path}${query(r.params)}`, target).toString();
  const parts = ['curl -sS', `-X ${r.method}`, shellQuote(url)];
  if (keyed) parts.push(`-H "x-service-api-key: $FC_API_KEY"`);
  if (r.body !== undefined) parts.push(`-H 'content-type: application/json'`, `--data-raw ${shellQuote(JSON.stringify(r.body))}`);
  return parts.join(' ');
}

/** Judge of the negative property: 422 invalid_request, and the balance did not move. */
export const rejectsUnbilled: Judge = (res, body, _verdict, before, after) => {
  if (res.status() !== 422) return `answered ${res.status()} instead of 422`;
  if (body?.error !== 'invalid_request') return `error is ${JSON.stringify(body?.error)} instead of invalid_request`;
  if (before !== undefined && after !== undefined && before !== after) return `the 422 was billed: balance ${before} → ${after} credits`;
  return undefined;
};

/** Judge of the positive property: a valid combination is never refused 422 (nor 5xx). */
export const accepts: Judge = (res, body) => {
  if (res.status() === 422) return `a valid combination answered 422 ${JSON.stringify(body?.error)}: ${String(body?.message ?? '')}`;
  if (res.status() >= 500) return `answered ${res.status()}`;
  return undefined;
};

async function send(
  o: PropertyOptions<unknown>,
  r: CaseRequest,
): Promise<{ res: APIResponse; body: Record<string, unknown> | undefined; before?: number; after?: number }> {
  const before = o.balance ? await o.balance() : undefined;
  const res =
    r.method === 'GET'
      ? await o.client.get(r.path, { params: r.params ?? {} })
      : await o.client.post(r.path, { params: r.params ?? {}, data: r.body });
  let body: Record<string, unknown> | undefined;
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    body = undefined;
  }
  const after = o.balance ? await o.balance() : undefined;
  return { res, body, ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) };
}

/**
 * Runs one property. @returns undefined when it holds, else the report: the shrunk counterexample,
 * the rule, the answer, the seed and the curl command. A shrunk case the oracle attributes to a
 * different rule than the first failure, or that passes when re-sent, is reported as such.
 */
export async function runProperty<T>(opts: PropertyOptions<T>, judge: Judge): Promise<string | undefined> {
  const o = opts as PropertyOptions<unknown>;
  let firstRule: string | undefined;
  const kindOf = (v: Verdict | null) => (v === null ? 'open' : v.valid ? 'valid' : 'invalid');
  const cases = opts.arbitrary.filter((c) => kindOf(opts.oracle(c)) === opts.kind);
  const result = await fc.check(
    fc.asyncProperty(cases, async (c) => {
      const verdict = opts.oracle(c)!;
      const { res, body, before, after } = await send(o, opts.request(c));
      const wrong = judge(res, body, verdict, before, after);
      if (wrong && firstRule === undefined) firstRule = verdict.valid ? 'valid' : verdict.rule;
      return wrong === undefined;
    }),
    { seed: opts.seed, numRuns: opts.numRuns, endOnFailure: false },
  );
  if (!result.failed) return undefined;
  if (!result.counterexample)
    return `${opts.name}: property failed (seed ${opts.seed}) without a counterexample: ${String(result.errorInstance ?? '')}`;
  const [shrunk] = result.counterexample;
  const verdict = opts.oracle(shrunk)!;
  const rule = verdict.valid ? 'valid' : verdict.rule;
  const r = opts.request(shrunk);
  // Re-check: the same rule as the first failure, and the target still answers it wrongly.
  const again = await send(o, r);
  const still = judge(again.res, again.body, verdict, again.before, again.after);
  const lines = [
    `${opts.name}: counterexample after ${result.numShrinks} shrink(s) (seed ${opts.seed}, path ${result.counterexamplePath ?? ''})`,
    `  case: ${JSON.stringify(shrunk)}`,
    `  verdict: ${verdict.valid ? 'valid combination (must not answer 422)' : `invalid by ${verdict.rule}: ${verdict.reason}`}`,
    rule === firstRule
      ? `  re-checked: invalid for the same reason as the first failure (${rule})`
      : `  note: the first failure was ${String(firstRule)}, the shrunk case is ${rule}`,
    still ? `  answer: ${still}` : '  re-sent: the target answered it correctly this time (flaky answer)',
    `  ${curlOf(opts.target, r, opts.keyed)}`,
  ];
  return lines.join('\n');
}
