// Bug-injecting reverse proxy in front of the reference stub.
//
//   node proxy.mjs            env: PORT (4400), HOST (127.0.0.1), BUG (one bug name; empty = pass-through),
//                                  STUB_ROOT (folder holding stub/main.ts; default ../.. of this file)
//
// It spawns the stub on a free loopback port, waits for its "listening on http://..." line, then listens itself
// and prints exactly one line "listening on http://HOST:PORT". Every request (any method, path, query, headers,
// body, /__control/* included) is forwarded to the stub and its answer relayed; the selected bug's hooks may
// rewrite the request, answer it directly, or rewrite the answer. The client's loopback address is kept by binding
// the upstream socket to it (the stub counts its per-IP guard on the socket address and reads no forwarding header).
import http from 'node:http';
import net from 'node:net';
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bugsByName } from './bugs.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.PORT || 4400);
const HOST = process.env.HOST || '127.0.0.1';
const BUG_NAME = (process.env.BUG || '').trim();
const STUB_ROOT = process.env.STUB_ROOT || resolve(HERE, '../..');
const CONTROL_TOKEN = process.env.CONTROL_TOKEN || '';
const API_KEYS = process.env.STUB_API_KEYS || process.env.API_KEYS || '';

const bug = BUG_NAME ? bugsByName.get(BUG_NAME) : null;
if (BUG_NAME && !bug) {
  console.error(`unknown BUG "${BUG_NAME}"; known: ${[...bugsByName.keys()].join(', ')}`);
  process.exit(2);
}

const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

// ---------------------------------------------------------------- stub process
let stub = null;
let upstreamPort = 0;
let shuttingDown = false;

function freePort() {
  return new Promise((res, rej) => {
    const s = net.createServer();
    s.unref();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

function killStub() {
  if (stub && stub.exitCode === null && stub.signalCode === null) {
    try { stub.kill('SIGTERM'); } catch { /* gone */ }
  }
}

async function startStub() {
  upstreamPort = await freePort();
  const env = {};
  for (const k of ['PATH', 'HOME', 'CONTROL_TOKEN', 'SITE_URL', 'STUB_SEED', 'STUB_LIMITS']) {
    if (process.env[k] !== undefined) env[k] = process.env[k];
  }
  if (API_KEYS) env.STUB_API_KEYS = API_KEYS;
  if (process.env.API_KEYS !== undefined) env.API_KEYS = process.env.API_KEYS;
  env.PORT = String(upstreamPort);
  env.HOST = '127.0.0.1';
  stub = spawn(process.execPath, ['--import', 'tsx', join(STUB_ROOT, 'stub/main.ts')], {
    cwd: STUB_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((res, rej) => {
    let buf = '';
    let ready = false;
    const onData = (chunk) => {
      const text = chunk.toString();
      if (!ready) {
        buf += text;
        const m = /listening on (http:\/\/\S+)/.exec(buf);
        if (m) { ready = true; res(m[1]); }
      }
      process.stderr.write(text.split('\n').filter(Boolean).map((l) => `[stub] ${l}\n`).join(''));
    };
    stub.stdout.on('data', onData);
    stub.stderr.on('data', onData);
    stub.on('exit', (code, sig) => {
      if (!ready) rej(new Error(`stub exited before listening (code ${code}, signal ${sig})`));
      else if (!shuttingDown) { console.error(`stub exited (code ${code}, signal ${sig}); stopping`); process.exit(1); }
    });
    stub.on('error', (e) => { if (!ready) rej(e); });
  });
}

process.on('exit', killStub);
function shutdown() {
  if (shuttingDown) return;
  shuttingDown = true;
  const alive = stub && stub.exitCode === null && stub.signalCode === null;
  if (!alive) process.exit(0);
  // SIGTERM, then SIGKILL if the stub has not exited within 3 s; exit once it is gone.
  const force = setTimeout(() => { try { stub.kill('SIGKILL'); } catch { /* gone */ } }, 3000);
  stub.once('exit', () => { clearTimeout(force); process.exit(0); });
  killStub();
}
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(sig, shutdown);
process.on('uncaughtException', (e) => { console.error('proxy uncaught:', e); });
process.on('unhandledRejection', (e) => { console.error('proxy unhandled rejection:', e); });

// ---------------------------------------------------------------- upstream calls
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function loopbackOf(addr) {
  if (!addr) return undefined;
  const a = addr.startsWith('::ffff:') ? addr.slice(7) : addr;
  return /^127\.\d+\.\d+\.\d+$/.test(a) ? a : undefined;
}

/** One request to the stub. Returns a Res {status, headers, body: Buffer}. A request that fails on a reused
 *  keep-alive socket before any answer (the stub closed it meanwhile) is sent once more on a fresh socket. */
function upstreamRaw(opts, retried = false) {
  const { method, url, headers, body, localAddress } = opts;
  return new Promise((res, rej) => {
    const h = { ...headers };
    for (const k of Object.keys(h)) if (HOP.has(k) || k === 'expect') delete h[k]; // the body is already buffered
    if (body && body.length) h['content-length'] = String(body.length);
    else if (method !== 'GET' && method !== 'HEAD' && h['content-length'] !== undefined) h['content-length'] = '0';
    let answered = false;
    const req = http.request({
      host: '127.0.0.1', port: upstreamPort, method, path: url, headers: h, agent,
      ...(localAddress ? { localAddress } : {}),
    }, (r) => {
      answered = true;
      const chunks = [];
      r.on('data', (c) => chunks.push(c));
      r.on('end', () => res(new Res(r.statusCode, { ...r.headers }, Buffer.concat(chunks))));
      r.on('error', rej);
    });
    req.on('error', (e) => {
      if (!answered && !retried && req.reusedSocket && ['ECONNRESET', 'EPIPE'].includes(e.code)) {
        upstreamRaw(opts, true).then(res, rej);
      } else rej(e);
    });
    if (body && body.length) req.write(body);
    req.end();
  });
}

export class Res {
  constructor(status, headers, body) {
    this.status = status;
    this.headers = headers;
    this.body = body || Buffer.alloc(0);
    this._json = undefined;
    this._parsed = false;
    this._dirty = false;
  }
  get isJson() { return /json/i.test(String(this.headers['content-type'] || '')); }
  get json() {
    if (!this._parsed) {
      this._parsed = true;
      try { this._json = this.isJson || this.body.length ? JSON.parse(this.body.toString('utf8')) : undefined; } catch { this._json = undefined; }
    }
    return this._json;
  }
  set json(v) { this._json = v; this._parsed = true; this._dirty = true; }
  /** Mark the parsed JSON as edited in place. */
  touch() { this._dirty = true; }
  finalBody() {
    if (this._dirty) {
      this.body = Buffer.from(JSON.stringify(this._json));
      if (!this.headers['content-type']) this.headers['content-type'] = 'application/json; charset=utf-8';
      this._dirty = false;
    }
    return this.body;
  }
}

// ---------------------------------------------------------------- shared proxy state
// API key -> control-plane account id: configured keys are acct_1.. in key order on the stub; keys created through
// POST /__control/accounts are learnt from its answers.
const accountOfKey = new Map();
API_KEYS.split(',').map((s) => s.trim()).filter(Boolean).forEach((k, i) => accountOfKey.set(k, `acct_${i + 1}`));
const bugState = {};

async function control(method, path, body) {
  if (!CONTROL_TOKEN) return null;
  const buf = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const headers = { authorization: `Bearer ${CONTROL_TOKEN}`, host: `127.0.0.1:${upstreamPort}` };
  if (buf) headers['content-type'] = 'application/json';
  const r = await upstreamRaw({ method, url: path, headers, body: buf });
  return r;
}

function makeCtx(req, body) {
  const u = new URL(req.url, 'http://proxy.invalid');
  const headers = { ...req.headers };
  const clientAddress = loopbackOf(req.socket.remoteAddress);
  const rawUrl = req.url;
  const initialPath = u.pathname;
  const initialQuery = u.searchParams.toString();
  const ctx = {
    bugName: BUG_NAME,
    method: req.method,
    path: u.pathname,
    query: u.searchParams,
    headers,
    body,
    clientAddress,
    state: bugState,
    get apiKey() { const k = headers['x-service-api-key']; return Array.isArray(k) ? k[0] : k; },
    /** The request target: the client's own bytes unless a hook changed the path or the query. */
    get url() {
      const q = ctx.query.toString();
      if (ctx.path === initialPath && q === initialQuery) return rawUrl;
      return ctx.path + (q ? `?${q}` : '');
    },
    bodyJson() { try { return JSON.parse(ctx.body.toString('utf8')); } catch { return undefined; } },
    setBodyJson(obj) { ctx.body = Buffer.from(JSON.stringify(obj)); },
    /** Forward the (possibly rewritten) request to the stub. */
    forward() {
      return upstreamRaw({ method: ctx.method, url: ctx.url, headers: ctx.headers, body: ctx.body, localAddress: clientAddress });
    },
    /** An extra call to the stub, from the client's address, with the client's headers unless given. */
    upstream({ method = 'GET', url, headers: h, body: b } = {}) {
      return upstreamRaw({ method, url, headers: h || { ...headers }, body: b, localAddress: clientAddress });
    },
    reply(status, json, extraHeaders = {}) {
      const r = new Res(status, { 'content-type': 'application/json; charset=utf-8', ...extraHeaders }, Buffer.alloc(0));
      r.json = json;
      return r;
    },
    control,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    /** The stub's clock (control plane), else the wall clock. */
    async stubNow() {
      try {
        const r = await control('GET', '/__control/clock');
        if (r && r.status === 200 && r.json && r.json.now) return Date.parse(r.json.now);
      } catch { /* fall through */ }
      return Date.now();
    },
    /** Debit (credits > 0) or credit (credits < 0) the calling API key's account, the way a buggy biller would. */
    async charge(credits, key = ctx.apiKey) {
      const acct = key && accountOfKey.get(key);
      if (!acct) return false;
      const r = await control('GET', `/__control/accounts/${encodeURIComponent(acct)}`);
      if (!r || r.status !== 200 || !r.json) return false;
      const next = Math.max(0, r.json.credits - credits);
      const p = await control('PATCH', `/__control/accounts/${encodeURIComponent(acct)}`, { credits: next });
      return !!p && p.status === 200;
    },
  };
  return ctx;
}

function send(res, r, method) {
  const body = r.finalBody();
  const headers = {};
  for (const [k, v] of Object.entries(r.headers)) {
    if (HOP.has(k) || k === 'content-length' || v === undefined) continue;
    headers[k] = v;
  }
  // HEAD answers carry the length the GET would have; otherwise the length of the (possibly rewritten) body.
  headers['content-length'] = method === 'HEAD' && r.headers['content-length'] !== undefined ? String(r.headers['content-length']) : String(body.length);
  res.writeHead(r.status, headers);
  res.end(body);
}

async function handle(req, res) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const body = Buffer.concat(chunks);
  const ctx = makeCtx(req, body);
  let out = null;
  try {
    if (bug && bug.onRequest) {
      try { out = await bug.onRequest(ctx); } catch (e) { console.error(`[${BUG_NAME}] onRequest failed:`, e); out = null; }
    }
    if (!out) out = await ctx.forward();
    // learn API key -> account from control-plane account creation
    if (ctx.method === 'POST' && ctx.path === '/__control/accounts' && out.status === 201 && out.json && out.json.apiKey) {
      accountOfKey.set(out.json.apiKey, out.json.accountId);
    }
    if (bug && bug.onResponse) {
      try {
        const replaced = await bug.onResponse(ctx, out);
        if (replaced instanceof Res) out = replaced;
      } catch (e) { console.error(`[${BUG_NAME}] onResponse failed:`, e); }
    }
  } catch (e) {
    console.error('proxy upstream error:', e.message);
    out = new Res(502, { 'content-type': 'application/json; charset=utf-8' },
      Buffer.from(JSON.stringify({ error: 'upstream_unavailable', message: 'The upstream service did not answer' })));
  }
  if (!res.headersSent && !res.destroyed) send(res, out, ctx.method);
}

// ---------------------------------------------------------------- main
const upstreamUrl = await startStub().catch((e) => { console.error(e.message); killStub(); process.exit(1); });
const server = http.createServer((req, res) => {
  handle(req, res).catch((e) => {
    console.error('proxy error:', e);
    if (!res.headersSent) {
      const b = Buffer.from(JSON.stringify({ error: 'upstream_unavailable', message: 'proxy failure' }));
      res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'content-length': b.length });
      res.end(b);
    }
  });
});
server.keepAliveTimeout = 72_000;
server.headersTimeout = 75_000;
server.requestTimeout = 0;
server.on('clientError', (err, socket) => { try { socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'); } catch { /* closed */ } });
server.listen(PORT, HOST, () => {
  const a = server.address();
  console.error(`upstream stub at ${upstreamUrl}; bug: ${BUG_NAME || '(none, pass-through)'}`);
  process.stdout.write(`listening on http://${HOST}:${a.port}\n`);
});
server.on('error', (e) => { console.error('listen failed:', e.message); killStub(); process.exit(1); });
