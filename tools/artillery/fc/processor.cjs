/**
 * Hooks of the Artillery scripts that `npm run load -- --engine artillery` writes (load/artillery.ts),
 * run by Artillery in each of its workers.
 *
 * - fcPrincipal (a flow function): the next principal, in turn, from FC_API_KEY (one key or a
 *   comma-separated list); sets the vars fcKey (the header's value) and fcPrincipal (its index).
 *   Each worker takes the principals in turn on its own, so each principal gets 1/n of the rate.
 * - fcRecord (afterResponse): with FC_ARTILLERY_RECORDS (a folder) set, one JSON line per answer
 *   (start, epoch ms; latency to the last byte, ms; status; method and url; principal; the limit
 *   headers; the limit fields of an error body) into <pid>-<thread>.records.jsonl, and the answers
 *   of the contract sample (one in FC_ARTILLERY_SAMPLE_EVERY, and the first of each route and status)
 *   whole into <pid>-<thread>.samples.jsonl. The project judges those after the run with the same
 *   code as its own scheduler's records. Keys are never written: a record holds the principal's index.
 *   A distributed run (run-fargate, run-lambda) writes them on its own machines, out of reach.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { threadId } = require('node:worker_threads');

const KEYS = (process.env.FC_API_KEY || '')
  .split(',')
  .map((k) => k.trim())
  .filter(Boolean);
const DIR = process.env.FC_ARTILLERY_RECORDS || '';
const SAMPLE_EVERY = Math.max(1, Number(process.env.FC_ARTILLERY_SAMPLE_EVERY) || 10);
const LIMIT_HEADERS = ['retry-after', 'ratelimit-policy', 'ratelimit', 'x-quotient-max-concurrent'];

let nextPrincipal = 0;
let answers = 0;
const seen = new Set();
/** The worker's two files, opened at its first answer. A line is written as it comes: a worker may be
 * terminated without an exit event, and a buffer would lose its tail. */
let fds;
function write(kind, line) {
  if (!fds) {
    const base = path.join(DIR, `${process.pid}-${threadId}`);
    fds = { records: fs.openSync(`${base}.records.jsonl`, 'a'), samples: fs.openSync(`${base}.samples.jsonl`, 'a') };
  }
  fs.writeSync(fds[kind], line + '\n');
}

function fcPrincipal(context, _events, done) {
  const p = KEYS.length ? nextPrincipal++ % KEYS.length : 0;
  context.vars.fcPrincipal = p;
  context.vars.fcKey = KEYS[p] || '';
  return done();
}

/**
 * The `before` hook of each part of a `--processes` run: waits until FC_ARTILLERY_START_AT (epoch ms), so
 * the parts' phases start together however long each process took to start (the launcher then creates its
 * worker). Without the variable it returns at once.
 */
function fcStartGate(_context, _events, done) {
  const at = Number(process.env.FC_ARTILLERY_START_AT) || 0;
  setTimeout(done, Math.max(0, at - Date.now()));
}

function errorFields(text) {
  try {
    const { error, retry_after, limit_scope } = JSON.parse(text);
    return { error, retry_after, limit_scope };
  } catch {
    return {};
  }
}

function fcRecord(req, res, context, events, done) {
  const status = res.statusCode;
  // Artillery's own counters beside its http.codes: what the project counts as failed (no answer is
  // counted by Artillery as errors.*), for the ensure conditions of the script.
  events.emit('counter', 'fc.failed', status >= 500 || (status >= 400 && status !== 429) ? 1 : 0);
  events.emit('counter', 'fc.answered', 1);
  if (!DIR) return done();
  const headers = {};
  for (const name of LIMIT_HEADERS) if (res.headers[name] !== undefined) headers[name] = String(res.headers[name]);
  const body = typeof res.body === 'string' ? res.body : '';
  const json = /json/i.test(String(res.headers['content-type'] || ''));
  const url = new URL(req.url, 'http://x');
  const route = `${req.method} ${url.pathname}${url.search}`;
  const t = res.timings || {};
  write(
    'records',
    JSON.stringify({
      t: t.start,
      ms: (t.end ?? t.start) - t.start,
      s: status,
      r: route,
      p: context.vars.fcPrincipal ?? 0,
      h: headers,
      ...(status >= 400 && json ? { e: errorFields(body) } : {}),
    }),
  );
  const first = !seen.has(`${route} ${status}`);
  seen.add(`${route} ${status}`);
  if (first || answers++ % SAMPLE_EVERY === 0) {
    const all = {};
    for (const [k, v] of Object.entries(res.headers)) all[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
    write('samples', JSON.stringify({ r: route, s: status, headers: all, body }));
  }
  return done();
}

module.exports = { fcPrincipal, fcRecord, fcStartGate };
