/**
 * Random and malformed requests for `npm run fuzz`: one generator per abuse kind, all drawing from
 * one seeded PRNG so a run is reproducible (`--seed`). Paths start from the contract's own
 * operations, so most requests reach a real route before they go wrong.
 */
import { contract } from '../../contract/index.ts';

/** mulberry32: small, fast, seeded. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** encodeURIComponent that tolerates lone surrogates (junk() may cut a pair in half). */
const enc = (s: string): string =>
  encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** The kinds of request abuse (FuzzCases.of); `raw` is rawRequests'. */
export const FUZZ_KINDS = ['query', 'path', 'method', 'body', 'payment', 'headers'] as const;
export type FuzzKind = (typeof FUZZ_KINDS)[number];

export interface FuzzRequest {
  kind: FuzzKind | 'raw';
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: string | Buffer;
}

export interface FuzzKeys {
  /** The fuzzing account's key (its balance is watched). */
  apiKey: string;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];
const WEIRD = [
  '\u0000',
  '\u202e',
  '\ud83d\ude00',
  '\u00e9',
  '\uffff',
  '%',
  '%%',
  '%zz',
  '%c0%af',
  '%00',
  '%2e%2e',
  '..',
  '//',
  '\\',
  '?',
  '#',
  ';',
  '&&',
  '==',
  ' ',
  '+',
  '"',
  "'",
  '<script>',
  '${x}',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '９',
];
const PARAMS = [
  'market_key',
  'market_id',
  'slug',
  'venue',
  'q',
  'reference',
  'material_only',
  'markets',
  'market_keys',
  'window',
  'types',
  'hours',
  'topic',
  'sort',
  'max_forecast_age',
  'changed_within',
  'ref',
  'view',
  'token',
  'include_marks',
  'exclude_drawdown_risk',
  'as_of',
  'limit',
];

export class FuzzCases {
  private readonly ops = [...contract().operations.values()];
  constructor(
    private readonly rnd: () => number,
    private readonly keys: FuzzKeys,
  ) {}

  private int(n: number): number {
    return Math.floor(this.rnd() * n);
  }
  private pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  private chance(p: number): boolean {
    return this.rnd() < p;
  }

  /** Random printable / unicode / percent garbage of up to `max` characters. */
  private junk(max: number): string {
    const n = 1 + this.int(max);
    let s = '';
    while (s.length < n) s += this.chance(0.3) ? this.pick(WEIRD) : String.fromCharCode(0x20 + this.int(0x5f));
    return s.slice(0, n);
  }

  private opPath(): string {
    const op = this.pick(this.ops);
    return op.path.replace(/\{[^}]+\}/g, () => (this.chance(0.5) ? enc(this.junk(20)) : 'x'));
  }

  private query(): string {
    const n = this.int(6);
    const parts: string[] = [];
    for (let i = 0; i < n; i++) {
      const name = this.chance(0.8) ? this.pick(PARAMS) : enc(this.junk(8));
      const raw = this.chance(0.1) ? 'x'.repeat(1000 + this.int(5000)) : this.junk(30);
      const value = this.chance(0.5) ? enc(raw) : raw.replace(/[#\s]/g, '');
      parts.push(this.chance(0.1) ? name : `${name}=${value}`);
      if (this.chance(0.2)) parts.push(`${name}=${value}`); // duplicated parameter
    }
    return parts.length ? `?${parts.join('&')}` : '';
  }

  private badPath(): string {
    const base = this.opPath();
    switch (this.int(6)) {
      case 0:
        return `${base}/${this.junk(40).replace(/[\s#?]/g, '')}`;
      case 1:
        return base.replace(/\//g, () => (this.chance(0.3) ? '//' : '/'));
      case 2:
        return `${base}/../..${this.chance(0.5) ? '/%2e%2e' : ''}`;
      case 3:
        return `/${enc(this.junk(60))}`;
      case 4:
        return `${base}%${this.pick(['', 'z', 'zz', 'c0', 'ff', '00', 'e2%80'])}`;
      default:
        return `/${'a/'.repeat(1 + this.int(400))}`;
    }
  }

  private body(): { body: string | Buffer; type: string } {
    switch (this.int(9)) {
      case 0:
        return { body: '{"handle":', type: 'application/json' };
      case 1:
        return { body: JSON.stringify({ pad: 'x'.repeat(70_000 + this.int(30_000)) }), type: 'application/json' };
      case 2:
        return { body: '['.repeat(5000) + ']'.repeat(5000), type: 'application/json' };
      case 3:
        return { body: this.pick(['null', '42', '"s"', 'true', '[]', '{}']), type: 'application/json' };
      case 4:
        return {
          body: JSON.stringify({
            handle: this.junk(20),
            lookback_days: this.pick([13, 14, 365, 366, 1.5, '30', null, -1]),
            query: this.junk(40),
            range_days: this.pick([0, 1, 180, 181]),
            limit: this.pick([0, 1, 30, 31]),
            kind: 'venue_market',
            venue: this.pick(['venue_a', 'venue_b', 'nope']),
            market_id: this.junk(20),
          }),
          type: 'application/json',
        };
      case 5:
        return { body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' };
      case 6:
        return {
          body: Buffer.from(Array.from({ length: 200 }, () => this.int(256))),
          type: this.pick(['application/octet-stream', 'application/json', 'text/plain']),
        };
      case 7:
        return {
          body: '{"a":1}',
          type: this.pick([
            'application/json; charset=latin1',
            'application/JSON',
            'application/json;;',
            'text/json',
            'multipart/form-data; boundary=x',
            '',
          ]),
        };
      default:
        return { body: '\ufeff{"a":1}', type: 'application/json' };
    }
  }

  private paymentSignature(): string {
    switch (this.int(5)) {
      case 0:
        return this.junk(200).replace(/[^\x21-\x7e]/g, 'A');
      case 1:
        return Buffer.from(
          JSON.stringify({
            x402Version: 2,
            payload: { signature: '0x' + 'ab'.repeat(65) },
            accepted: { scheme: 'exact', network: 'eip155:8453' },
          }),
        ).toString('base64');
      case 2:
        return Buffer.from(this.junk(300)).toString('base64');
      case 3:
        return 'A'.repeat(8000 + this.int(4000));
      default:
        return Buffer.from('{"x402Version":2').toString('base64');
    }
  }

  /** One random request, of a kind drawn with the run's weights (path 15%, method 10%, body 20%, payment 15%, headers 10%, query 30%). */
  next(): FuzzRequest {
    const roll = this.rnd();
    const kind: FuzzKind =
      roll < 0.15 ? 'path' : roll < 0.25 ? 'method' : roll < 0.45 ? 'body' : roll < 0.6 ? 'payment' : roll < 0.7 ? 'headers' : 'query';
    return this.of(kind);
  }

  /** One random request of `kind`. */
  of(kind: FuzzKind): FuzzRequest {
    if (kind === 'body') return this.bodyRequest();
    const headers: Record<string, string | string[]> = {};
    const method = kind === 'method' ? this.pick(METHODS) : 'GET';
    const path = (kind === 'path' ? this.badPath() : this.opPath()) + this.query();
    if (kind === 'payment') headers['payment-signature'] = this.paymentSignature();
    if (kind === 'headers') {
      headers['x-service-api-key'] = this.chance(0.5) ? [this.keys.apiKey, this.keys.apiKey] : [this.keys.apiKey, 'fc_other'];
      if (this.chance(0.3)) headers['x-padding'] = 'p'.repeat(20_000 + this.int(20_000));
      if (this.chance(0.3)) headers['payment-signature'] = [this.paymentSignature(), this.paymentSignature()];
    } else if (this.chance(0.6))
      headers['x-service-api-key'] = this.chance(0.9) ? this.keys.apiKey : this.junk(30).replace(/[^\x21-\x7e]/g, 'k');
    return { kind, method, path, headers };
  }

  private bodyRequest(): FuzzRequest {
    const headers: Record<string, string | string[]> = {};
    const b = this.body();
    if (b.type) headers['content-type'] = b.type;
    if (this.chance(0.5)) headers['idempotency-key'] = this.junk(20).replace(/[^\x21-\x7e]/g, 'k');
    return {
      kind: 'body',
      method: 'POST',
      path: this.chance(0.7)
        ? this.pick([
            '/api/v1/x/profile',
            '/api/v1/x/search',
            '/api/auth/forecast-requests',
            '/api/auth/wallets/attest',
            '/api/auth/wallets/challenge',
          ])
        : this.opPath() + this.query(),
      headers: { ...headers, 'x-service-api-key': this.keys.apiKey },
      body: b.body,
    };
  }
}

/** A raw HTTP/1.1 byte string and how many requests it holds (at most that many answers may come back). */
export interface RawRequest {
  bytes: Buffer;
  requests: number;
}

/**
 * Raw HTTP/1.1 byte strings that no client library would send (malformed request lines and headers,
 * bodies shorter or longer than their Content-Length, pipelined requests).
 */
const RAW_LINES: readonly [string, number][] = [
  ['GET /api/public/pricing HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n', 1],
  ['GET /api/public/pricing HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n', 1],
  ['GET /api/public/pricing HTTP/9.9\r\nHost: x\r\n\r\n', 1],
  ['G\u00c9T / HTTP/1.1\r\nHost: x\r\n\r\n', 1],
  ['GET /api/v1/markets\u0000 HTTP/1.1\r\nHost: x\r\n\r\n', 1],
  ['GET /api/public/pricing HTTP/1.1\r\nHost: x\r\nX-Bad Header: y\r\n\r\n', 1],
  ['POST /api/v1/x/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":', 1],
  ['POST /api/v1/x/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{"query":"crude oil"}', 1],
  [
    'POST /api/v1/x/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}GET /api/public/pricing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    2,
  ],
  ['GET /api/public/pricing HTTP/1.1\r\nHost: x\r\n\r\nGET /api/v1/markets HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 2],
  [`GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 1],
  [`GET /api/public/pricing HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`, 1],
  ['GET /api/public/pricing HTTP/1.1\r\n\r\n', 1],
];

/** `n` raw requests drawn from RAW_LINES; `n` undefined: each line once, in order. */
export function rawRequests(rnd: () => number, n?: number): RawRequest[] {
  const of = ([line, requests]: readonly [string, number]): RawRequest => ({ bytes: Buffer.from(line, 'latin1'), requests });
  if (n === undefined) return RAW_LINES.map(of);
  return Array.from({ length: n }, () => of(RAW_LINES[Math.floor(rnd() * RAW_LINES.length)]!));
}
