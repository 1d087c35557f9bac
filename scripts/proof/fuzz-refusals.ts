/**
 * The early-refusal phase of `npm run fuzz` (issue 21): the same malformed requests, of every kind,
 * sent with the limits deliberately crossed through the control plane (POST /__control/limits/usage):
 * the per-IP guard's second spent, its minute spent, and the fuzzing key's own bounds spent (standard
 * and social research minutes), so that the refusal decided on arrival meets every kind of bad
 * request, and so does the principal's 429. Every request goes over its own raw socket and its answers
 * are split with an HTTP parser: exactly one answer per request (at most one per request of a raw
 * byte string). The phase runs once per speed, 1x (the guard's own per-second bound) and full speed;
 * the verdict, failures and statuses per state and kind, must be the same at every speed.
 */
import { LIMIT_BOUNDS, type LimitWindow } from '../../contract/limits.ts';
import { FUZZ_KINDS, FuzzCases, prng, rawRequests, type FuzzRequest } from './fuzz-cases.ts';
import { FuzzTally } from './fuzz-tally.ts';
import { exchangeBytes, readAnswers, requestBytes } from './wire.ts';

/** A speed of the phase: requests per second, or undefined for full speed (a batch at once). */
export interface Speed {
  label: string;
  perSecond?: number;
}

/** 1x: the per-IP guard's own per-second bound, the speed of a well-behaved client. */
export const ONE_X: Speed = { label: '1x', perSecond: LIMIT_BOUNDS.ip_guard.second };
export const FULL: Speed = { label: 'full' };

export interface RefusalPhase {
  url: string;
  /** A control-plane call; @throws on a non-2xx answer. */
  control: (method: string, path: string, body?: unknown) => Promise<unknown>;
  accountId: string;
  apiKey: string;
  seed: number;
  /** Requests per kind and state (raw byte strings: each once per state). */
  perKind: number;
}

type Usage = [scope: 'ip_guard' | 'standard' | 'x_research', window: LimitWindow, count: number];

/** The crossed limits: each state sets every window the phase touches, so no state leaks into the next. */
const STATES: { name: string; usage: Usage[] }[] = [
  { name: 'ip-second', usage: [['ip_guard', 'second', LIMIT_BOUNDS.ip_guard.second]] },
  { name: 'ip-minute', usage: [['ip_guard', 'minute', LIMIT_BOUNDS.ip_guard.minute]] },
  {
    name: 'key-bounds',
    usage: [
      ['standard', 'minute', LIMIT_BOUNDS.standard.minute],
      ['x_research', 'minute', LIMIT_BOUNDS.x_research.minute],
    ],
  },
];
const CLEAN: Usage[] = [
  ['ip_guard', 'second', 0],
  ['ip_guard', 'minute', 0],
  ['ip_guard', 'day', 0],
  ['standard', 'second', 0],
  ['standard', 'minute', 0],
  ['x_research', 'second', 0],
  ['x_research', 'minute', 0],
];
/**
 * Requests sent between two settings of the state: few enough to stay inside the guard's second (50
 * a second when it is free) and to finish, at 1x, well within the second a spent second lasts.
 */
const BATCH = 10;

/** One request of the phase: a fuzz request (one answer due) or a raw byte string (at most `requests`). */
interface Planned {
  group: string;
  request: FuzzRequest;
  bytes: Buffer;
  /** Answers due: exactly 1 for a fuzz request; at most `requests` for a raw one. */
  requests: number;
  raw: boolean;
}

/** Every request of the phase, in order, per state: `perKind` of each fuzz kind, then each raw byte string. */
function plan(phase: RefusalPhase): { state: (typeof STATES)[number]; batches: Planned[][] }[] {
  const cases = new FuzzCases(prng(phase.seed), { apiKey: phase.apiKey });
  const host = new URL(phase.url).host;
  return STATES.map((state) => {
    const planned: Planned[] = [];
    for (const kind of FUZZ_KINDS) {
      for (let i = 0; i < phase.perKind; i++) {
        const request = cases.of(kind);
        planned.push({ group: `${state.name} ${kind}`, request, bytes: requestBytes(host, request), requests: 1, raw: false });
      }
    }
    for (const { bytes, requests } of rawRequests(prng(phase.seed))) {
      const request: FuzzRequest = {
        kind: 'raw',
        method: 'RAW',
        path: bytes.toString('latin1').split('\r\n')[0]!.slice(0, 120),
        headers: {},
      };
      planned.push({ group: `${state.name} raw`, request, bytes, requests, raw: true });
    }
    const batches: Planned[][] = [];
    for (let i = 0; i < planned.length; i += BATCH) batches.push(planned.slice(i, i + BATCH));
    return { state, batches };
  });
}

/** Sends one planned request and judges every answer, and how many came back. */
async function one(phase: RefusalPhase, tally: FuzzTally, p: Planned): Promise<void> {
  tally.sending(p.request);
  const { answers, trailing } = readAnswers(await exchangeBytes(phase.url, p.bytes), [p.request.method]);
  const what = `${p.group}: ${p.request.method} ${p.request.path.slice(0, 100)}`;
  if (trailing > 0) tally.fail(`${trailing} bytes that are no complete answer after ${answers.length} answer(s) to ${what}`);
  if (answers.length > p.requests) tally.fail(`${answers.length} answers to ${p.requests} request(s): ${what}`);
  if (answers.length === 0) return p.raw ? tally.closed(p.group) : tally.fail(`no answer to ${what}`);
  for (const a of answers) tally.judge(p.request, a.status, a.text, p.group);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function batch(phase: RefusalPhase, tally: FuzzTally, speed: Speed, planned: Planned[]): Promise<void> {
  if (speed.perSecond === undefined) return void (await Promise.all(planned.map((p) => one(phase, tally, p))));
  const started = Date.now();
  const sending: Promise<void>[] = [];
  for (const [i, p] of planned.entries()) {
    await sleep(started + (i * 1000) / speed.perSecond - Date.now());
    sending.push(one(phase, tally, p));
  }
  await Promise.all(sending);
}

/** Sets every window of `usage` (the fuzzing key's account for the principal scopes, loopback for the guard). */
async function setUsage(phase: RefusalPhase, usage: Usage[]): Promise<void> {
  for (const [scope, window, count] of usage)
    await phase.control('POST', '/__control/limits/usage', {
      scope,
      window,
      count,
      ...(scope === 'ip_guard' ? {} : { accountId: phase.accountId }),
    });
}

/** Runs the phase at `speed`. @returns its tally and the credits the account spent meanwhile */
export async function runRefusalPhase(phase: RefusalPhase, speed: Speed): Promise<{ tally: FuzzTally; spent: number; seconds: number }> {
  const tally = new FuzzTally(phase.apiKey);
  const credits = async () =>
    Number(((await phase.control('GET', `/__control/accounts/${phase.accountId}`)) as { credits: number }).credits);
  const before = await credits();
  const started = Date.now();
  for (const { state, batches } of plan(phase)) {
    for (const planned of batches) {
      // Set again before every batch: a spent second lasts one second.
      await setUsage(phase, [...CLEAN, ...state.usage]);
      await batch(phase, tally, speed, planned);
    }
  }
  const seconds = (Date.now() - started) / 1000;
  await setUsage(phase, CLEAN);
  return { tally, spent: before - (await credits()), seconds };
}

/** The groups (state and kind) whose statuses differ between two runs, as `group: a vs b` lines. */
export function differences(a: FuzzTally, b: FuzzTally): string[] {
  const groups = new Set([...a.byGroup.keys(), ...b.byGroup.keys()].map((k) => k.split(' ').slice(0, 2).join(' ')));
  const of = (t: FuzzTally, g: string) =>
    [...t.byGroup]
      .filter(([k]) => k.startsWith(`${g} `))
      .map(([k, n]) => `${k.split(' ')[2]}×${n}`)
      .sort()
      .join(' ');
  return [...groups].filter((g) => of(a, g) !== of(b, g)).map((g) => `${g}: ${of(a, g) || '–'} vs ${of(b, g) || '–'}`);
}
