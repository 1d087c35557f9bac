// The test control plane (served only with CONTROL_TOKEN): accounts, wallet
// funding, the clock, faults, job outcomes, oil and profiling states, limit
// usage and the tier switch, reset. Never counted against limits, never
// faulted. Errors use the API envelope.
import { timingSafeEqual, createHash } from 'node:crypto';
import { getAddress } from 'viem';
import { ApiError, invalid } from '../errors.mjs';
import { send, errorBody, toApiError, parseJsonObject } from '../util/http.mjs';
import { addAccount, newApiKey, entry, accountView } from '../accounts.mjs';
import { NETWORKS, mint, balanceOf } from '../ledger.mjs';
import { createState } from '../state.mjs';
import { iso } from '../util/time.mjs';
import { BOUNDS, preload, usageOf } from '../limits.mjs';
import { jobState, isTerminal } from '../jobs.mjs';

const ADDR = /^0x[0-9a-fA-F]{40}$/;
const notFound = (m = 'No such control resource.') => new ApiError(404, 'not_found', m);
const isInt = (v) => typeof v === 'number' && Number.isInteger(v);

function only(b, allowed, required = []) {
  for (const k of Object.keys(b)) if (!allowed.includes(k)) throw invalid(`Unknown field ${k}.`);
  for (const k of required) if (b[k] === undefined) throw invalid(`Field ${k} is required.`);
}
function str(b, k, min = 1, max = 128) {
  if (b[k] === undefined) return undefined;
  if (typeof b[k] !== 'string' || b[k].length < min || b[k].length > max) throw invalid(`Field ${k} must be a string of ${min} to ${max} characters.`);
  return b[k];
}

function authorized(svc, req) {
  const h = req.headers.authorization;
  if (typeof h !== 'string' || !h.startsWith('Bearer ')) return false;
  const a = createHash('sha256').update(h.slice(7)).digest();
  const b = createHash('sha256').update(svc.cfg.controlToken).digest();
  return timingSafeEqual(a, b);
}

const faultView = (f) => ({ id: f.id, method: f.method, path: f.path, status: f.status, latencyMs: f.latencyMs, times: f.times, remaining: f.remaining, scope: f.scope });
const limitsView = (st) => ({ lifted: st.limitsLifted, bounds: BOUNDS });

export async function handleControl(svc, req, res, { path, method, rawBody, baseHeaders }) {
  try {
    if (!authorized(svc, req)) throw new ApiError(401, 'unauthorized', 'A valid control bearer token is required.');
    const out = await dispatch(svc, req, path, method, rawBody);
    return send(res, out.status ?? 200, out.body, baseHeaders);
  } catch (e0) {
    const e = toApiError(e0);
    return send(res, e.status, errorBody(e), baseHeaders);
  }
}

async function dispatch(svc, req, path, method, rawBody) {
  const st = svc.st;
  const now = svc.clock.now();
  const parts = path.split('/').slice(2).map((p) => { try { return decodeURIComponent(p); } catch { throw invalid('Malformed path.'); } });
  const body = () => parseJsonObject(rawBody);
  const [a, b, c] = parts;
  const route = `${method} ${a ?? ''}${parts.length > 1 ? '/*'.repeat(parts.length - 1) : ''}`;

  switch (route) {
    case 'POST accounts': {
      const x = body();
      only(x, ['credits', 'entitled'], ['credits']);
      if (!isInt(x.credits) || x.credits < 0) throw invalid('credits must be a non-negative integer.');
      if (x.entitled !== undefined && typeof x.entitled !== 'boolean') throw invalid('entitled must be a boolean.');
      const key = newApiKey();
      const acct = addAccount(st.accounts, key, x.credits, x.entitled ?? true, now);
      return { status: 201, body: { accountId: acct.accountId, apiKey: key, credits: acct.credits, entitled: acct.entitled } };
    }
    case 'GET accounts/*':
    case 'PATCH accounts/*': {
      const acct = st.accounts.byId.get(b);
      if (!acct) throw notFound('No account with this id.');
      if (method === 'PATCH') {
        const x = body();
        only(x, ['credits', 'entitled']);
        if (!Object.keys(x).length) throw invalid('Give credits or entitled.');
        if (x.credits !== undefined && (!isInt(x.credits) || x.credits < 0)) throw invalid('credits must be a non-negative integer.');
        if (x.entitled !== undefined && typeof x.entitled !== 'boolean') throw invalid('entitled must be a boolean.');
        if (x.credits !== undefined && x.credits !== acct.credits) entry(acct, 'adjust', x.credits - acct.credits, now);
        if (x.entitled !== undefined) acct.entitled = x.entitled;
      }
      return { body: accountView(acct) };
    }
    case 'POST wallets': {
      const x = body();
      only(x, ['network', 'address', 'amount', 'asset'], ['network', 'address', 'amount']);
      const t = NETWORKS[x.network];
      if (!t) throw invalid('network must be eip155:8453 or eip155:4663.');
      if (typeof x.address !== 'string' || !ADDR.test(x.address)) throw invalid('address must be an EVM address.');
      let amount;
      if (typeof x.amount === 'string' && /^[0-9]{1,40}$/.test(x.amount)) amount = BigInt(x.amount);
      else if (isInt(x.amount) && x.amount >= 0) amount = BigInt(x.amount);
      else throw invalid('amount must be a string of atomic units or a non-negative integer.');
      if (x.asset !== undefined && (typeof x.asset !== 'string' || x.asset.toLowerCase() !== t.asset.toLowerCase())) throw invalid(`asset must be the accepted token of ${x.network} (${t.asset}).`);
      const bal = mint(st.ledger, x.network, x.address, amount);
      return { body: { network: x.network, asset: t.asset, address: getAddress(x.address), balance: bal.toString() } };
    }
    case 'GET wallets/*/*': {
      const t = NETWORKS[b];
      if (!t) throw notFound('The network is not an accepted one.');
      if (!ADDR.test(c)) throw invalid('address must be an EVM address.');
      return { body: { network: b, asset: t.asset, address: getAddress(c), balance: balanceOf(st.ledger, b, c).toString() } };
    }
    case 'GET clock':
      return { body: { now: iso(now), offsetSeconds: svc.clock.offsetSeconds() } };
    case 'POST clock': {
      const x = body();
      only(x, ['advanceSeconds'], ['advanceSeconds']);
      if (typeof x.advanceSeconds !== 'number' || !Number.isFinite(x.advanceSeconds) || x.advanceSeconds < 0 || x.advanceSeconds > 315360000) throw invalid('advanceSeconds must be a number from 0 to 315360000.');
      svc.clock.advance(x.advanceSeconds);
      return { body: { now: iso(svc.clock.now()), offsetSeconds: svc.clock.offsetSeconds() } };
    }
    case 'GET faults':
      return { body: { faults: st.faults.map(faultView) } };
    case 'POST faults': {
      const x = body();
      only(x, ['method', 'path', 'status', 'latencyMs', 'times', 'scope'], ['method', 'path']);
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(x.method)) throw invalid('method must be GET, POST, PUT, PATCH or DELETE.');
      if (typeof x.path !== 'string' || !x.path.startsWith('/') || x.path.length > 1024 || x.path.includes('?')) throw invalid('path must be a path starting with / and without a query.');
      if (x.status !== undefined && (!isInt(x.status) || x.status < 400 || x.status > 599)) throw invalid('status must be an integer from 400 to 599.');
      if (x.latencyMs !== undefined && (!isInt(x.latencyMs) || x.latencyMs < 0 || x.latencyMs > 30000)) throw invalid('latencyMs must be an integer from 0 to 30000.');
      if (x.times !== undefined && (!isInt(x.times) || x.times < 1)) throw invalid('times must be a positive integer.');
      const scope = str(x, 'scope') ?? null;
      const latencyMs = x.latencyMs ?? 0;
      const status = x.status ?? (latencyMs > 0 ? null : 502);
      const f = { id: `flt_${++st.faultSeq}`, method: x.method, path: x.path, status, latencyMs, times: x.times ?? null, remaining: x.times ?? null, scope };
      st.faults.push(f);
      return { status: 201, body: faultView(f) };
    }
    case 'DELETE faults':
      st.faults.length = 0;
      return { status: 204 };
    case 'POST jobs/*': {
      const x = body();
      only(x, ['outcome'], ['outcome']);
      if (!['failed', 'rejected'].includes(x.outcome)) throw invalid('outcome must be failed or rejected.');
      const job = st.jobs.get(b);
      if (!job) throw notFound('No job with this id.');
      const s = jobState(job, now);
      if (isTerminal(s.status)) throw new ApiError(409, 'job_terminal', `The job has already ended ${s.status}; a terminal status never changes.`);
      // Cirrus keeps the generation billed: no refund here (see CHOICES.md).
      job.ended = { status: x.outcome, at: now, errorCode: x.outcome === 'failed' ? 'execution_failed' : 'request_rejected' };
      return { body: { jobId: job.jobId, status: x.outcome, updatedAt: iso(now), errorCode: job.ended.errorCode } };
    }
    case 'POST oil': {
      const x = body();
      only(x, ['scope', 'reading', 'marksDown'], ['scope', 'reading']);
      const scope = str(x, 'scope');
      if (!['current', 'stale', 'none', 'seeded'].includes(x.reading)) throw invalid('reading must be current, stale, none or seeded.');
      const marksDown = x.marksDown ?? [];
      if (!Array.isArray(marksDown) || marksDown.some((m) => !['venue_a_perps', 'perp_venue_b'].includes(m)) || new Set(marksDown).size !== marksDown.length) throw invalid('marksDown must list distinct values of venue_a_perps, perp_venue_b.');
      if (x.reading === 'seeded' && !marksDown.length) st.oilScopes.delete(scope);
      else st.oilScopes.set(scope, { reading: x.reading, marksDown: [...marksDown] });
      return { body: { scope, reading: x.reading, marksDown } };
    }
    case 'GET limits':
      return { body: limitsView(st) };
    case 'PUT limits': {
      const x = body();
      only(x, ['lifted'], ['lifted']);
      if (typeof x.lifted !== 'boolean') throw invalid('lifted must be a boolean.');
      st.limitsLifted = x.lifted;
      return { body: limitsView(st) };
    }
    case 'POST limits/*': {
      if (b !== 'usage') throw notFound();
      const x = body();
      only(x, ['scope', 'window', 'count', 'accountId', 'payer', 'address'], ['scope', 'window', 'count']);
      if (!BOUNDS[x.scope]) throw invalid('scope must be standard, x_research or ip_guard.');
      if (!['second', 'minute', 'day'].includes(x.window)) throw invalid('window must be second, minute or day.');
      const bound = BOUNDS[x.scope][x.window];
      if (!isInt(x.count) || x.count < 0 || x.count > bound) throw invalid(`count must be an integer from 0 to ${bound}.`);
      let key;
      if (x.scope === 'ip_guard') {
        if (x.accountId !== undefined || x.payer !== undefined) throw invalid('ip_guard is keyed by address only.');
        const addr = str(x, 'address', 2, 64);
        key = addr ?? normalize(req.socket.remoteAddress);
      } else {
        if (x.address !== undefined) throw invalid('address applies to ip_guard only.');
        if ((x.accountId === undefined) === (x.payer === undefined)) throw invalid('Give exactly one of accountId or payer.');
        if (x.accountId !== undefined) {
          str(x, 'accountId');
          if (!st.accounts.byId.has(x.accountId)) throw invalid('No account with this accountId.');
          key = x.accountId;
        } else {
          if (typeof x.payer !== 'string' || !ADDR.test(x.payer)) throw invalid('payer must be an EVM address.');
          key = x.payer.toLowerCase();
        }
      }
      const usage = preload(st, x.scope, key, x.window, x.count, now);
      return { body: { scope: x.scope, window: x.window, count: x.count, bound, usage } };
    }
    case 'POST profiling': {
      const x = body();
      only(x, ['scope', 'configured'], ['scope', 'configured']);
      const scope = str(x, 'scope');
      if (typeof x.configured !== 'boolean') throw invalid('configured must be a boolean.');
      st.profilingScopes.set(scope, x.configured);
      return { body: { scope, configured: x.configured } };
    }
    case 'POST reset':
      svc.clock.reset();
      svc.st = createState(svc.cfg, svc.clock.now());
      return { status: 204 };
    default:
      throw notFound(`No control route for ${method} ${path}.`);
  }
}

function normalize(a) { return a?.startsWith('::ffff:') ? a.slice(7) : a ?? 'unknown'; }
