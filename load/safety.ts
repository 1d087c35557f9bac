/**
 * Load-run safety: every load or fuzz run targets this machine's loopback only (127.0.0.0/8, ::1,
 * localhost) and is bounded in request count and time. Traffic to any other address (private
 * ranges included) is refused with a ConfigError BEFORE anything is sent, unless the run was
 * started with an explicit --allow-remote: then REMOTE_CAPS bound it (a spend budget, a small
 * concurrency and rate, a short duration) and a 5xx spike aborts it.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ConfigError } from '../lib/errors.ts';

/** Hard caps of any one load run, whatever a profile or flag asks for. */
export const HARD_CAPS = {
  /** Requests per run. */
  maxRequests: 100_000,
  /** Wall-clock seconds per run. */
  maxDurationS: 600,
  /** Concurrent requests or connections per run. */
  maxInFlight: 1_000,
  /** Requests per second a schedule may ask for. */
  maxRate: 5_000,
} as const;

/** Resolves a hostname to every address it has (node:dns `lookup` with `all: true`). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * True for a loopback IP literal: IPv4 127.0.0.0/8, IPv6 ::1, and IPv4-mapped 127.x (::ffff:127.0.0.1).
 * Anything that is not an IP literal is false.
 */
export function isLoopbackAddress(address: string): boolean {
  const ip = address
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase();
  if (isIP(ip) === 4) return ip.split('.')[0] === '127';
  if (isIP(ip) !== 6) return false;
  const groups = expandV6(ip);
  const mapped = '0000:0000:0000:0000:0000:ffff:';
  // IPv4-mapped (::ffff:127.0.0.1): loopback when the mapped address is.
  if (groups.startsWith(mapped)) return groups.slice(mapped.length, mapped.length + 2) === '7f';
  return groups === '0000:0000:0000:0000:0000:0000:0000:0001';
}

/** Full 8-group lower-case form of an IPv6 literal; an embedded dotted IPv4 tail becomes two groups. */
function expandV6(ip: string): string {
  const v4 = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip);
  if (v4) {
    const [a, b, c, d] = v4.slice(2).map(Number) as [number, number, number, number];
    ip = `${v4[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0');
  return [...h, ...zeros, ...t].map((g) => g.padStart(4, '0')).join(':');
}

/** A vetted load target: the URL as given and the loopback address to connect to. */
export interface LoopbackTarget {
  /** The target as given, normalised (origin only; no path, query or credentials). */
  url: URL;
  /**
   * Origin to open connections to: the URL with its host pinned to a vetted loopback address, so a
   * later DNS answer cannot move the traffic elsewhere.
   */
  connectOrigin: string;
  /** Host header value to send (the original host:port). */
  hostHeader: string;
  /** Every address the host resolved to (all loopback). */
  addresses: string[];
}

/**
 * Vets a load target: http(s) only, no credentials in the URL, and the host an IP literal or a
 * name whose every resolved address is loopback. Sends nothing. With `allowRemote` (the load CLI's
 * explicit --allow-remote, for a staging target) a non-loopback https host is accepted; the caller
 * then applies REMOTE_CAPS (assertRemoteBounds) and aborts on a 5xx spike (fiveXxSpike).
 * @throws ConfigError (FC_CONFIG) for any other host, an unresolvable name, or a malformed URL.
 */
export async function assertLoopbackTarget(
  target: string,
  resolve: Resolver = systemResolver,
  allowRemote = false,
): Promise<LoopbackTarget> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new ConfigError(`load target ${JSON.stringify(target)} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`load target must be http(s), got ${url.protocol}`);
  if (url.username || url.password) throw new ConfigError('load target must not carry credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await resolve(host)).map((a) => a.address);
    } catch (e) {
      throw new ConfigError(`load target host ${host} does not resolve (${(e as Error).message}); only loopback targets are allowed`);
    }
    if (!addresses.length) throw new ConfigError(`load target host ${host} resolved to no address`);
  }
  const outside = addresses.filter((a) => !isLoopbackAddress(a));
  if (outside.length && allowRemote && url.protocol !== 'https:') throw new ConfigError(`remote load target ${url.host} must be https`);
  if (outside.length && !allowRemote) {
    throw new ConfigError(
      `load target ${url.host} is not loopback (${outside.join(', ')}): load runs only target 127.0.0.0/8, ::1 or localhost`,
    );
  }
  const pin = addresses.find((a) => isIP(a) === 4) ?? addresses[0]!;
  const origin = new URL(url.origin);
  origin.hostname = isIP(pin) === 6 ? `[${pin}]` : pin;
  return { url: new URL(url.origin), connectOrigin: origin.origin, hostHeader: url.host, addresses };
}

/** What a run may do at most. */
export interface Bounds {
  /** Requests in total. */
  maxRequests: number;
  /** Seconds of wall-clock time. */
  durationS: number;
  /** Concurrent requests (or connections). */
  maxInFlight: number;
  /** Requests per second (schedules only). */
  rate?: number;
}

/**
 * Checks a run's bounds against HARD_CAPS: every bound finite, positive and within its cap.
 * @throws ConfigError naming the first bound out of range.
 */
export function assertBounds(b: Bounds): void {
  const check = (name: string, v: number | undefined, cap: number, integer: boolean) => {
    if (v === undefined) return;
    if (!Number.isFinite(v) || v <= 0 || (integer && !Number.isInteger(v)))
      throw new ConfigError(`${name} must be a positive ${integer ? 'integer' : 'number'}, got ${v}`);
    if (v > cap) throw new ConfigError(`${name} ${v} exceeds the hard cap ${cap}`);
  };
  check('request count', b.maxRequests, HARD_CAPS.maxRequests, true);
  check('duration (s)', b.durationS, HARD_CAPS.maxDurationS, false);
  check('in-flight cap', b.maxInFlight, HARD_CAPS.maxInFlight, true);
  check('rate (req/s)', b.rate, HARD_CAPS.maxRate, false);
}

/** Production-safe caps of a run against a non-loopback (staging) target, allowed only with --allow-remote. */
export const REMOTE_CAPS = {
  /** Requests per run. */
  maxRequests: 2_000,
  /** Wall-clock seconds per run. */
  maxDurationS: 120,
  /** Concurrent requests per run. */
  maxInFlight: 8,
  /** Requests per second. */
  maxRate: 20,
  /** Abort when at least this share of the last `spikeWindow` answers are 5xx. */
  spikeRatio: 0.2,
  /** Answers the 5xx share is taken over (and the fewest before it is judged). */
  spikeWindow: 20,
} as const;

/**
 * The operator's stated ceilings of a run (`--max-rate`, `--max-in-flight`, or `maxRate` / `maxInFlight`
 * in the load config file): printed before the run starts and recorded in its report. On a remote
 * target they replace REMOTE_CAPS' rate and in-flight caps (never above HARD_CAPS); on any target a
 * run that asks for more than a stated ceiling is refused before it sends anything.
 */
export interface Ceilings {
  /** Requests per second, all workers, processes and principals together. */
  maxRate?: number;
  /** Requests in flight at once, all workers and processes together. */
  maxInFlight?: number;
  /** Where they were stated: `flags`, or the config file's path. */
  source?: string;
}

/**
 * The caps of a remote run under stated ceilings: REMOTE_CAPS with the rate and in-flight caps the
 * operator stated, and, with a stated rate, room for it over the whole remote duration (request count).
 * @throws ConfigError when a stated ceiling exceeds HARD_CAPS or is not a positive number.
 */
export function remoteCaps(ceilings: Ceilings = {}): { maxRequests: number; maxDurationS: number; maxInFlight: number; maxRate: number } {
  assertCeilings(ceilings);
  const maxRate = ceilings.maxRate ?? REMOTE_CAPS.maxRate;
  return {
    maxRequests:
      ceilings.maxRate === undefined
        ? REMOTE_CAPS.maxRequests
        : Math.min(HARD_CAPS.maxRequests, Math.max(REMOTE_CAPS.maxRequests, Math.ceil(maxRate * REMOTE_CAPS.maxDurationS))),
    maxDurationS: REMOTE_CAPS.maxDurationS,
    maxInFlight: ceilings.maxInFlight ?? REMOTE_CAPS.maxInFlight,
    maxRate,
  };
}

/** Checks stated ceilings: positive, the in-flight one whole, both within HARD_CAPS. @throws ConfigError */
export function assertCeilings(c: Ceilings): void {
  if (c.maxRate !== undefined && (!Number.isFinite(c.maxRate) || c.maxRate <= 0 || c.maxRate > HARD_CAPS.maxRate))
    throw new ConfigError(`--max-rate ${c.maxRate} must be a positive number up to the hard cap ${HARD_CAPS.maxRate} req/s`);
  if (c.maxInFlight !== undefined && (!Number.isInteger(c.maxInFlight) || c.maxInFlight <= 0 || c.maxInFlight > HARD_CAPS.maxInFlight))
    throw new ConfigError(`--max-in-flight ${c.maxInFlight} must be a whole number from 1 to the hard cap ${HARD_CAPS.maxInFlight}`);
}

/**
 * Checks a run's rate and in-flight cap against the stated ceilings, on any target.
 * @throws ConfigError naming the ceiling a bound exceeds (nothing has been sent).
 */
export function assertWithinCeilings(b: Bounds, c: Ceilings): void {
  assertCeilings(c);
  const from = c.source ? ` (stated in ${c.source})` : '';
  if (c.maxRate !== undefined && b.rate !== undefined && b.rate > c.maxRate)
    throw new ConfigError(`rate ${b.rate} req/s exceeds the stated ceiling --max-rate ${c.maxRate}${from}`);
  if (c.maxInFlight !== undefined && b.maxInFlight > c.maxInFlight)
    throw new ConfigError(`in-flight cap ${b.maxInFlight} exceeds the stated ceiling --max-in-flight ${c.maxInFlight}${from}`);
}

/**
 * Checks a remote run against REMOTE_CAPS (or the caps of the operator's stated ceilings,
 * `remoteCaps`) and demands an explicit, finite spend budget (USD).
 * @throws ConfigError naming the first bound out of range, or a missing budget.
 */
export function assertRemoteBounds(b: Bounds, maxSpendUsd: number | undefined, ceilings: Ceilings = {}): void {
  if (maxSpendUsd === undefined || !Number.isFinite(maxSpendUsd) || maxSpendUsd < 0)
    throw new ConfigError('a remote load run needs an explicit spend budget: set --max-spend or FC_MAX_SPEND');
  assertBounds(b);
  const caps = remoteCaps(ceilings);
  const stated = ceilings.maxRate !== undefined || ceilings.maxInFlight !== undefined;
  const over = (name: string, v: number | undefined, cap: number) => {
    if (v !== undefined && v > cap)
      throw new ConfigError(
        `${name} ${v} exceeds the remote cap ${cap} (--allow-remote${stated ? ' with the stated --max-rate / --max-in-flight' : '; state a higher ceiling with --max-rate / --max-in-flight'})`,
      );
  };
  over('request count', b.maxRequests, caps.maxRequests);
  over('duration (s)', b.durationS, caps.maxDurationS);
  over('in-flight cap', b.maxInFlight, caps.maxInFlight);
  over('rate (req/s)', b.rate ?? caps.maxRate + 1, caps.maxRate);
}

/**
 * True when the last `window` answers (HTTP statuses, oldest first; 0 = transport error) hold at
 * least `ratio` 5xx: the run aborts. Fewer than `window` answers never trip it.
 */
export function fiveXxSpike(
  statuses: readonly number[],
  window: number = REMOTE_CAPS.spikeWindow,
  ratio: number = REMOTE_CAPS.spikeRatio,
): boolean {
  if (statuses.length < window) return false;
  const last = statuses.slice(-window);
  return last.filter((s) => s >= 500).length / window >= ratio;
}
