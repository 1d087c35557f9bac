// Simulated identity provider: HS256 JWT bearer tokens whose `sub` is an
// account id, signed with IDP_SECRET. Used only by the link-token issuer.
import { createHmac, timingSafeEqual } from 'node:crypto';

const b64u = (buf) => Buffer.from(buf).toString('base64url');

export function signBearer(accountId, secret, ttlSeconds = 3600) {
  const head = b64u(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64u(JSON.stringify({ sub: accountId, iss: 'borealis-idp', exp: Math.floor(Date.now() / 1000) + ttlSeconds }));
  const sig = createHmac('sha256', secret).update(head + '.' + body).digest('base64url');
  return `${head}.${body}.${sig}`;
}

export function verifyBearer(header, secret) {
  const m = /^Bearer ([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(header.trim());
  if (!m) return null;
  const expect = createHmac('sha256', secret).update(m[1] + '.' + m[2]).digest();
  const got = Buffer.from(m[3], 'base64url');
  if (got.length !== expect.length || !timingSafeEqual(got, expect)) return null;
  try {
    const claims = JSON.parse(Buffer.from(m[2], 'base64url').toString('utf8'));
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) return null;
    return claims.sub;
  } catch { return null; }
}
