/**
 * Paid answers shared by every test that reads the same case (issue 19): a paid answer is fetched
 * once per run and case, then judged by all its readers, in any worker. The first test that asks for
 * a case takes the case's lock (a file, like the spend ledger's), sends the request and stores the
 * answer in the project's output directory, which Playwright empties when a run starts; every other
 * test asking for it meanwhile waits for the stored answer, and later ones read it at once. A reader
 * counts it as an answer of its own: the rules it judges on it get their instances (the answer is the
 * target's, read from the target once).
 *
 * Only answers that describe the case are kept: a 429 or a 5xx (throttled, transient) is handed to the
 * test that fetched it and not stored, so the next reader asks again. Used where a rule needs an answer
 * of a case and not a call of its own (test-data discovery: the feed, the asset directory); tests about
 * calls themselves (billing, reuse, limits) send their own.
 *
 * What the fetch cost (credits: the charge the test's budget took for it, net of refunds) is stored with
 * the answer, and every reader, the fetcher included, carries a `shared-answer` annotation naming the
 * case and that cost: the spend plan buys each case once, not once per reader (lib/spend-plan.ts).
 */
import { existsSync, mkdirSync, openSync, closeSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { APIResponse } from '@playwright/test';
import { bufferedResponse } from './transport.ts';
import { countAnswer } from './annotations.ts';
import { operationOf } from '../../contract/route-match.ts';
import { lockFileOf } from '../../lib/run-state.ts';
import { ANNOTATION, formatSharedAnswer } from '../../lib/annotation-kinds.ts';
import { currentTest } from './annotations.ts';

/** How long a reader waits for another worker's fetch of the same case, ms. */
const WAIT_MS = 90_000;
/** A lock older than this is a worker that died holding it: taken over, ms. */
const STALE_LOCK_MS = 120_000;
const POLL_MS = 50;

interface Stored {
  url: string;
  status: number;
  statusText: string;
  headers: { name: string; value: string }[];
  /** base64 */
  body: string;
  /** What the fetch cost, credits (0 when it was not billed to a budget principal). */
  credits?: number;
}

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

/** Records this test's share of a case in its annotations (once per case and test). */
function note(caseKey: string, credits: number, fetched: boolean): void {
  const info = currentTest();
  if (!info) return;
  const description = formatSharedAnswer({ fetched, credits, caseKey });
  if (!info.annotations.some((a) => a.type === ANNOTATION.sharedAnswer && a.description === description))
    info.annotations.push({ type: ANNOTATION.sharedAnswer, description });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const keep = (status: number) => status !== 429 && status < 500;

/** The run's shared answers, in one project's output directory. */
export class SharedAnswers {
  /** @param meter the test's budget, whose charges during a fetch are the case's cost */
  constructor(
    private readonly dir: string,
    private readonly meter?: SpendMeter,
  ) {}

  private paths(caseKey: string): { answer: string; lock: string } {
    const h = createHash('sha256').update(caseKey).digest('hex').slice(0, 32);
    const answer = join(this.dir, `${h}.json`);
    return { answer, lock: lockFileOf(answer) };
  }

  /**
   * The answer of `caseKey`: stored by an earlier reader, or fetched now with `fetch` (once per run).
   * `fresh` is true for the test whose call fetched it.
   * @throws whatever `fetch` throws (nothing is stored then, and a later reader fetches again)
   */
  async answer(caseKey: string, fetch: () => Promise<APIResponse>): Promise<{ res: APIResponse; fresh: boolean }> {
    mkdirSync(this.dir, { recursive: true });
    const { answer, lock } = this.paths(caseKey);
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const stored = read(answer);
      if (stored) {
        const path = new URL(stored.url).pathname;
        countAnswer(operationOf('GET', path) ?? operationOf('POST', path), stored.status);
        note(caseKey, stored.credits ?? 0, false);
        return { res: bufferedResponse({ ...stored, body: Buffer.from(stored.body, 'base64') }), fresh: false };
      }
      if (take(lock)) {
        try {
          const before = this.meter?.spent() ?? 0;
          const res = await fetch();
          if (keep(res.status())) {
            const credits = Math.max(0, (this.meter?.spent() ?? 0) - before);
            write(answer, res, await res.body(), credits);
            note(caseKey, credits, true);
          }
          return { res, fresh: true };
        } finally {
          unlinkSync(lock);
        }
      }
      if (Date.now() > deadline) return { res: await fetch(), fresh: true };
      await sleep(POLL_MS);
    }
  }
}

function read(path: string): Stored | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Stored) : undefined;
}

/** Takes the case's lock; a lock left by a dead worker is broken first. */
function take(lock: string): boolean {
  try {
    closeSync(openSync(lock, 'wx'));
    return true;
  } catch {
    try {
      if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) unlinkSync(lock);
    } catch {
      // released meanwhile
    }
    return false;
  }
}

function write(path: string, res: APIResponse, body: Buffer, credits: number): void {
  const stored: Stored = {
    credits,
    url: res.url(),
    status: res.status(),
    statusText: res.statusText(),
    headers: res.headersArray(),
    body: body.toString('base64'),
  };
  writeFileSync(`${path}.tmp`, JSON.stringify(stored));
  renameSync(`${path}.tmp`, path);
}
