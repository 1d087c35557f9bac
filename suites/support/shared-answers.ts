/**
 * Paid answers shared by every test that reads the same case (issue 19): a paid answer is fetched
 * once per run and case, then judged by all its readers, in any worker. The first test that asks for
 * a case claims it at the run coordinator (lib/run-coordinator.ts), sends the request and stores the
 * answer there; every other test asking for it meanwhile waits for the stored answer, and later ones
 * read it at once. A reader counts it as an answer of its own: the rules it judges on it get their
 * instances (the answer is the target's, read from the target once).
 *
 * Only answers that describe the case are kept: a 429 or a 5xx (throttled, transient) is handed to the
 * test that fetched it and not stored, so the next reader asks again. Used where a rule needs an answer
 * of a case and not a call of its own (test-data discovery: the feed, the asset directory); tests about
 * calls themselves (billing, reuse, limits) send their own.
 *
 * What the fetch cost (credits: the charge the test's budget took for it, net of refunds) is stored with
 * the answer, and every reader, the fetcher included, records it in its result's `sharedAnswers` naming the
 * case and that cost: the spend plan buys each case once, not once per reader (lib/spend-plan.ts).
 */
import type { APIResponse } from '@playwright/test';
import { bufferedResponse } from './transport.ts';
import { countAnswer } from './annotations.ts';
import { operationOf } from '../../contract/route-match.ts';
import type { CoordinatorClient, SharedAnswer } from '../../lib/run-coordinator.ts';
import { currentResult } from './annotations.ts';

/** How long a reader waits for another worker's fetch of the same case before it fetches its own, ms. */
const WAIT_MS = 90_000;

/** What the shared answers need of the test's budget: the credits it has spent so far. */
export interface SpendMeter {
  spent(): number;
}

/** The case key of a request: method, path and its parameters in a stable order (undefined ones left out). */
export function caseKeyOf(method: string, path: string, params: Readonly<Record<string, unknown>> = {}): string {
  const q = Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`)
    .join('&');
  return `${method.toUpperCase()} ${path}${q ? `?${q}` : ''}`;
}

/**
 * The answer of `caseKey`: the store's (bought once per run, issue 19) when there is one, else fetched now.
 * Every client the suites' fixtures build carries the store (TargetClient.sharedAnswers).
 * @throws whatever `fetch` throws
 */
export async function sharedOrFetched(
  shared: SharedAnswers | undefined,
  caseKey: string,
  fetch: () => Promise<APIResponse>,
): Promise<APIResponse> {
  return shared ? (await shared.answer(caseKey, fetch)).res : fetch();
}

/** Records this test's share of a case in its result (once per case and test). */
function note(caseKey: string, credits: number, fetched: boolean): void {
  const r = currentResult();
  if (!r) return;
  if (!r.sharedAnswers.some((u) => u.caseKey === caseKey && u.fetched === fetched && u.credits === credits))
    r.sharedAnswers.push({ fetched, credits, caseKey });
}

const keep = (status: number) => status !== 429 && status < 500;
const TIMED_OUT = Symbol('timed out');

/** The run's shared answers, as one project's tests see them. */
export class SharedAnswers {
  /**
   * @param link the worker's link to the run coordinator; without one every answer is fetched
   * @param space the project's name: the serial clock project reads its cases after the target's clock moved
   * @param meter the test's budget, whose charges during a fetch are the case's cost
   */
  constructor(
    private readonly link: CoordinatorClient | undefined,
    private readonly space: string,
    private readonly meter?: SpendMeter,
  ) {}

  /**
   * The answer of `caseKey`: stored by an earlier reader, or fetched now with `fetch` (once per run).
   * `fresh` is true for the test whose call fetched it.
   * @throws whatever `fetch` throws (nothing is stored then, and a later reader fetches again)
   */
  async answer(caseKey: string, fetch: () => Promise<APIResponse>): Promise<{ res: APIResponse; fresh: boolean }> {
    if (!this.link) return { res: await fetch(), fresh: true };
    const key = `${this.space} ${caseKey}`;
    let timer: NodeJS.Timeout | undefined;
    const claiming = this.link.claim(key);
    const claim = await Promise.race([
      claiming,
      new Promise<typeof TIMED_OUT>((r) => (timer = setTimeout(() => r(TIMED_OUT), WAIT_MS))),
    ]).finally(() => clearTimeout(timer));
    // Another worker's fetch outlasted the wait: this reader fetches its own rather than wait on.
    if (claim === TIMED_OUT) {
      // Its claim stays queued: when its turn comes it is given up, so the next reader is not left waiting.
      void claiming.then((c) => ('fetch' in c ? this.link?.drop(key) : undefined));
      return { res: await fetch(), fresh: true };
    }
    if ('stored' in claim) {
      const stored = claim.stored;
      const path = new URL(stored.url).pathname;
      countAnswer(operationOf('GET', path) ?? operationOf('POST', path), stored.status);
      note(caseKey, stored.credits ?? 0, false);
      return { res: bufferedResponse({ ...stored, body: Buffer.from(stored.body, 'base64') }), fresh: false };
    }
    let stored = false;
    try {
      const before = this.meter?.spent() ?? 0;
      const res = await fetch();
      if (keep(res.status())) {
        const credits = Math.max(0, (this.meter?.spent() ?? 0) - before);
        await this.link.store(key, answerOf(res, await res.body(), credits));
        stored = true;
        note(caseKey, credits, true);
      }
      return { res, fresh: true };
    } finally {
      if (!stored) await this.link.drop(key);
    }
  }
}

const answerOf = (res: APIResponse, body: Buffer, credits: number): SharedAnswer => ({
  credits,
  url: res.url(),
  status: res.status(),
  statusText: res.statusText(),
  headers: res.headersArray(),
  body: body.toString('base64'),
});
