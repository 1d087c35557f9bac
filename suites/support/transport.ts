/**
 * The target client's HTTP transport: the harness's HTTP client (lib/http-client.ts, undici) with a
 * keep-alive pool bound to one source address, answering with Playwright's `APIResponse` shape, so
 * the suites read answers as they read Playwright's. Playwright's `APIRequestContext` cannot choose the source address; the per-IP guard
 * (spec: Limits table, "per client address") counts per address, so a run against a loopback target
 * spreads its workers over several loopback source addresses (`sourceAddresses`), each paced on its
 * own (suites/support/pacing.ts). The request is built the way Playwright builds it (default headers,
 * query appended to the path's, body serialisation, no redirect followed, body decompressed), so a
 * target sees the same bytes whichever transport sent them. Each exchange is bounded in time and in
 * body bytes (`maxBodyBytes`, the run's --max-body-bytes).
 */
import type { Agent } from 'undici';
import type { APIResponse } from '@playwright/test';
import { ownsSourceAddresses } from '../../lib/suite-phases.ts';
import { createAgent, DEFAULT_MAX_BODY_BYTES, exchange } from '../../lib/http-client.ts';

/** The request options the target client sends (a subset of Playwright's `fetch` options). */
export interface FetchOptions {
  method: string;
  headers: Record<string, string>;
  params?: URLSearchParams | undefined;
  data?: unknown;
  /** Whole exchange (connect, send, answer, body), ms. */
  timeout: number;
  failOnStatusCode?: false;
  maxRedirects?: 0;
}

/** What the target client needs of a transport: Playwright's `APIRequestContext` fits, so does `SourceBoundTransport`. */
export interface Fetcher {
  fetch(path: string, options: FetchOptions): Promise<APIResponse>;
}

/** Loopback source addresses the harness may use: 127.0.0.1 .. 127.0.0.(1 + MAX_LOOPBACK_SOURCES - 1). */
const MAX_LOOPBACK_SOURCES = 8;

/**
 * The source addresses a run may spread its requests over for `target`: `count` loopback addresses
 * (127.0.0.1, 127.0.0.2, ...) when the target is an IPv4 loopback address, otherwise one entry
 * `undefined` (the operating system picks the address, as for any client; `localhost` may resolve
 * to ::1, which has no second address).
 * @param count wanted addresses, 1..8
 */
export function sourceAddresses(target: string, count: number): (string | undefined)[] {
  if (!target || !ownsSourceAddresses(target)) return [undefined];
  const n = Math.max(1, Math.min(MAX_LOOPBACK_SOURCES, Math.floor(count)));
  return Array.from({ length: n }, (_, i) => `127.0.0.${i + 1}`);
}

/** Playwright's body serialisation (client/fetch.ts + server/fetch.ts): JSON for values, bytes for strings. */
function serialise(data: unknown, headers: Record<string, string>): Buffer | undefined {
  if (data === undefined) return undefined;
  const contentType = Object.entries(headers).find(([h]) => h.toLowerCase() === 'content-type')?.[1];
  const json = contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
  const setType = (t: string) => {
    if (contentType === undefined) headers['content-type'] = t;
  };
  if (typeof data === 'string') {
    if (!json) {
      setType('application/octet-stream');
      return Buffer.from(data, 'utf8');
    }
    let parsable = true;
    try {
      JSON.parse(data);
    } catch {
      parsable = false;
    }
    return Buffer.from(parsable ? data : JSON.stringify(data), 'utf8');
  }
  if (Buffer.isBuffer(data)) {
    setType('application/octet-stream');
    return data;
  }
  if (typeof data === 'object' || typeof data === 'number' || typeof data === 'boolean') {
    setType('application/json');
    return Buffer.from(JSON.stringify(data), 'utf8');
  }
  throw new Error(`Unexpected 'data' type`);
}

/** An answer read whole, in Playwright's `APIResponse` shape (headers lower-cased, repeats joined with ", "). */
class BufferedResponse implements APIResponse {
  private readonly joined: Record<string, string> = {};

  constructor(
    private readonly address: string,
    private readonly code: number,
    private readonly message: string,
    private readonly raw: { name: string; value: string }[],
    private readonly buffer: Buffer,
  ) {
    for (const { name, value } of raw) {
      const k = name.toLowerCase();
      this.joined[k] = k in this.joined ? `${this.joined[k]}${k === 'set-cookie' ? '\n' : ', '}${value}` : value;
    }
  }

  url(): string {
    return this.address;
  }
  status(): number {
    return this.code;
  }
  statusText(): string {
    return this.message;
  }
  ok(): boolean {
    return this.code === 0 || (this.code >= 200 && this.code <= 299);
  }
  headers(): Record<string, string> {
    return { ...this.joined };
  }
  headersArray(): { name: string; value: string }[] {
    return this.raw.map((h) => ({ ...h }));
  }
  allHeaders(): Promise<Record<string, string>> {
    return Promise.resolve(this.headers());
  }
  headerValue(name: string): Promise<string | null> {
    return Promise.resolve(this.joined[name.toLowerCase()] ?? null);
  }
  headerValues(name: string): Promise<string[]> {
    return Promise.resolve(this.raw.filter((h) => h.name.toLowerCase() === name.toLowerCase()).map((h) => h.value));
  }
  body(): Promise<Buffer> {
    return Promise.resolve(this.buffer);
  }
  text(): Promise<string> {
    return Promise.resolve(this.buffer.toString('utf8'));
  }
  async json<T = unknown>(): Promise<T> {
    return JSON.parse(await this.text()) as T;
  }
  securityDetails(): Promise<null> {
    return Promise.resolve(null);
  }
  serverAddr(): Promise<null> {
    return Promise.resolve(null);
  }
  timing(): ReturnType<APIResponse['timing']> {
    return {
      startTime: 0,
      domainLookupStart: -1,
      domainLookupEnd: -1,
      connectStart: -1,
      secureConnectionStart: -1,
      connectEnd: -1,
      requestStart: -1,
      responseStart: -1,
      responseEnd: -1,
    };
  }
  dispose(): Promise<void> {
    return Promise.resolve();
  }
  [Symbol.asyncDispose](): Promise<void> {
    return Promise.resolve();
  }
}

/** An answer already read whole (suites/support/shared-answers.ts), in Playwright's `APIResponse` shape. */
export function bufferedResponse(answer: {
  url: string;
  status: number;
  statusText: string;
  headers: { name: string; value: string }[];
  body: Buffer;
}): APIResponse {
  return new BufferedResponse(answer.url, answer.status, answer.statusText, answer.headers, answer.body);
}

/**
 * A transport whose every connection leaves from one source address (`undefined` = the operating
 * system's choice). One per worker and address; `close()` ends its kept-alive connections.
 */
export class SourceBoundTransport implements Fetcher {
  private readonly agent: Agent;
  private readonly maxBodyBytes: number;

  /**
   * @param baseURL the target's base URL (paths are resolved against it, as Playwright's baseURL)
   * @param localAddress the source address, or undefined
   * @param options `maxBodyBytes`: each answer's body limit, bytes, as received and decompressed
   *   (default DEFAULT_MAX_BODY_BYTES); `connectTimeoutMs`: longest connect, ms (default undici's 10 s)
   */
  constructor(
    private readonly baseURL: string,
    readonly localAddress: string | undefined,
    options: { maxBodyBytes?: number; connectTimeoutMs?: number } = {},
  ) {
    this.agent = createAgent(localAddress, options.connectTimeoutMs);
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  }

  /**
   * Sends one request and reads its answer whole (lib/http-client.ts `exchange`).
   * @throws TargetTimeoutError (its message contains "Timeout") when `timeout` ms pass first;
   *   TargetTooLargeError, TargetGarbageError or TargetUnreachableError (lib/errors.ts) otherwise
   */
  async fetch(path: string, options: FetchOptions): Promise<APIResponse> {
    const url = new URL(path, this.baseURL);
    const query = options.params?.toString() ?? '';
    if (query) url.search = url.search ? `${url.search}&${query}` : query;
    // Playwright's defaults, then the caller's headers (case-insensitive override).
    const headers: Record<string, string> = { 'user-agent': 'forecast-conformance', accept: '*/*', 'accept-encoding': 'gzip,deflate,br' };
    for (const [name, value] of Object.entries(options.headers)) {
      const existing = Object.keys(headers).find((h) => h.toLowerCase() === name.toLowerCase());
      if (existing) delete headers[existing];
      headers[name] = value;
    }
    const body = serialise(options.data, headers);
    if (body) headers['content-length'] = String(body.byteLength);
    const answer = await exchange(
      this.agent,
      url,
      { method: options.method.toUpperCase(), headers, body },
      { timeoutMs: options.timeout, maxBodyBytes: this.maxBodyBytes },
    );
    return new BufferedResponse(answer.url, answer.status, answer.statusText, answer.headers, answer.body);
  }

  /** Ends the kept-alive connections. */
  close(): void {
    void this.agent.destroy().catch(() => undefined);
  }
}
