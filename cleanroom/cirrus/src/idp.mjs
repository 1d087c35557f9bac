// Identity-provider bearer for the link-token route: an HS256 JWT whose `sub`
// is an account id, signed with IDP_JWT_SECRET. Without a configured secret no
// bearer is accepted (the API key remains the way in).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from './errors.mjs';

export function verifyIdpToken(ctx) {
  const h = ctx.req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(h);
  const bad = () => new ApiError(401, 'invalid_api_key', 'The identity-provider bearer token is not valid.');
  if (!m || !ctx.cfg.idpSecret) throw bad();
  const expect = createHmac('sha256', ctx.cfg.idpSecret).update(`${m[1]}.${m[2]}`).digest();
  const got = Buffer.from(m[3], 'base64url');
  if (got.length !== expect.length || !timingSafeEqual(got, expect)) throw bad();
  let head, claims;
  try { head = JSON.parse(Buffer.from(m[1], 'base64url')); claims = JSON.parse(Buffer.from(m[2], 'base64url')); } catch { throw bad(); }
  if (head.alg !== 'HS256' || typeof claims.sub !== 'string') throw bad();
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= ctx.now) throw bad();
  const acct = ctx.st.accounts.byId.get(claims.sub);
  if (!acct) throw bad();
  return acct;
}

export function signIdpToken(secret, sub, expSeconds) {
  const enc = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ sub, exp: expSeconds })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
