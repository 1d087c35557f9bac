/**
 * Contract validation of a sample of a load run's answers, with the judge the suites' `toMatchContract`
 * uses: contract/index.ts validateResponse (documented status, content type, required headers, body
 * schema: the CONTRACT / SCH rules), CONTRACT-002 for a JSON content type whose body does not parse,
 * and on every sampled 429 the anatomy check of checks/limits.ts (checkRateLimited). Severities come
 * from the catalogue (load/evaluate.ts severityOf), so only a MUST rule's violation is an error.
 *
 * Sampling: every `every`-th answer (request index i ≡ 0 mod every) plus the first answer of each
 * (operation, status) pair, so a rare status (the first 429, a 5xx) is always judged once.
 */
import { validateResponse } from '../contract/index.ts';
import { loadRules } from '../contract/rules.ts';
import { checkRateLimited } from '../checks/limits.ts';
import type { Violation } from '../lib/violation.ts';
import { severityOf } from './evaluate.ts';
import type { SampledAnswer } from './scheduler.ts';

/** Default: one answer in ten, plus the first of each (operation, status). */
export const DEFAULT_SAMPLE_EVERY = 10;

/**
 * The scheduler's `sample` predicate: every `every`-th request and the first answer of each
 * (operation, status). Stateful (remembers the pairs seen); one per run.
 */
export function everyNth(every = DEFAULT_SAMPLE_EVERY): (i: number, operationId: string, status: number) => boolean {
  if (!Number.isInteger(every) || every < 1) throw new RangeError(`sample every must be a positive integer, got ${every}`);
  const seen = new Set<string>();
  return (i, operationId, status) => {
    const pair = `${operationId} ${status}`;
    const first = !seen.has(pair);
    seen.add(pair);
    return first || i % every === 0;
  };
}

/** What the sample showed. */
export interface SampleJudgement {
  /** Answers validated. */
  sampled: number;
  /** Sampled answers with at least one error-severity violation. */
  violating: number;
  /** Every violation (error and warning), path prefixed with `/records/<i>`. */
  violations: Violation[];
}

/** Validates one answer as `toMatchContract` would, plus the 429 anatomy; catalogue severities. */
export function judgeAnswer(a: SampledAnswer): Violation[] {
  let body: unknown = a.bodyText;
  let parsed = false;
  try {
    body = JSON.parse(a.bodyText);
    parsed = true;
  } catch {
    // Left as text: the content-type and schema checks report it.
  }
  const found = validateResponse(a.operationId, { status: a.status, headers: a.headers, body, bodyText: a.bodyText });
  if (!parsed && a.bodyText.length > 0 && /json/i.test(a.headers['content-type'] ?? ''))
    found.push({ ruleId: 'CONTRACT-002', severity: 'error', path: '/', message: 'content-type says JSON but the body does not parse' });
  if (a.status === 429) found.push(...checkRateLimited({ status: a.status, headers: a.headers, body: parsed ? body : undefined }));
  return found.map((v) => ({
    ...v,
    severity: loadRules().has(v.ruleId) ? severityOf(v.ruleId) : v.severity,
    path: `/records/${a.i}${v.path.startsWith('/') ? v.path : ` ${v.path}`}`,
    message: `${a.operationId} → ${a.status}: ${v.message}`,
  }));
}

/** Validates every sampled answer. Pure apart from the cached contract. */
export function judgeSample(samples: readonly SampledAnswer[]): SampleJudgement {
  const violations: Violation[] = [];
  let violating = 0;
  for (const a of samples) {
    const found = judgeAnswer(a);
    if (found.some((v) => v.severity === 'error')) violating++;
    violations.push(...found);
  }
  return { sampled: samples.length, violating, violations };
}
