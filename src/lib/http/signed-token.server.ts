import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A short-lived token that carries its own data and expiry, signed so nobody can make or change one:
 * `payload.signature`, the payload base64url JSON and the signature an HMAC-SHA256 of it with a key
 * derived from one secret for each `purpose` (so a token made for one use is worthless for another,
 * and the site keeps one secret). Nothing is stored to check it; a use that must happen once records
 * the token's own id (the caller's part).
 */
export type TokenProblem = 'malformed' | 'forged' | 'expired';
export type TokenVerdict = { ok: true; data: unknown; expiresAt: Date } | { ok: false; problem: TokenProblem };

/** The key of one purpose: also for other values of that purpose that must be keyed (a hashed code). */
export const purposeKey = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest();
const signatureOf = (secret: string, purpose: string, payload: string) => createHmac('sha256', purposeKey(secret, purpose)).update(payload).digest('base64url');

export function signToken(secret: string, purpose: string, data: unknown, expiresAt: Date): string {
  const payload = Buffer.from(JSON.stringify({ d: data, x: expiresAt.getTime() })).toString('base64url');
  return `${payload}.${signatureOf(secret, purpose, payload)}`;
}

/** The token's data if this site signed it for `purpose` and it has not expired; its shape is the caller's to check. */
export function readToken(secret: string, purpose: string, token: string, now: Date): TokenVerdict {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return { ok: false, problem: 'malformed' };
  const expected = Buffer.from(signatureOf(secret, purpose, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, problem: 'forged' };
  let body: { d?: unknown; x?: unknown };
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof body;
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  if (typeof body.x !== 'number' || body.d === undefined) return { ok: false, problem: 'malformed' };
  if (body.x <= now.getTime()) return { ok: false, problem: 'expired' };
  return { ok: true, data: body.d, expiresAt: new Date(body.x) };
}
