import { createHmac, timingSafeEqual } from 'node:crypto';
import { CREDIT_GRANT_MINUTES } from './spending';

/**
 * A credit grant: proof, for a short while, that the person at the checkout owns an e-mail, so the
 * booking may spend that customer's credit. `payload.signature`, the payload base64url JSON and the
 * signature an HMAC-SHA256 of it with a key derived from the human check's secret (one secret to
 * keep; the derivation keeps the two uses apart). Nothing is stored: the token carries its expiry.
 */
export interface CreditGrant {
  customerId: string;
  email: string;
  expiresAt: Date;
}

const grantKey = (secret: string) => createHmac('sha256', secret).update('credit-grant/v1').digest();
const sign = (secret: string, payload: string) => createHmac('sha256', grantKey(secret)).update(payload).digest('base64url');

export function signCreditGrant(secret: string, customerId: string, email: string, now: Date): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + CREDIT_GRANT_MINUTES * 60_000);
  const payload = Buffer.from(JSON.stringify({ c: customerId, e: email, x: expiresAt.getTime() })).toString('base64url');
  return { token: `${payload}.${sign(secret, payload)}`, expiresAt };
}

export type GrantVerdict = { ok: true; grant: CreditGrant } | { ok: false; problem: 'malformed' | 'forged' | 'expired' };

export function readCreditGrant(secret: string, token: string, now: Date): GrantVerdict {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return { ok: false, problem: 'malformed' };
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, problem: 'forged' };
  let data: { c?: unknown; e?: unknown; x?: unknown };
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof data;
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  if (typeof data.c !== 'string' || typeof data.e !== 'string' || typeof data.x !== 'number') return { ok: false, problem: 'malformed' };
  if (data.x <= now.getTime()) return { ok: false, problem: 'expired' };
  return { ok: true, grant: { customerId: data.c, email: data.e, expiresAt: new Date(data.x) } };
}

export const grantMessages: Record<'malformed' | 'forged' | 'expired', string> = {
  malformed: 'Your credit could not be read. Prove your e-mail again to use it.',
  forged: 'Your credit could not be read. Prove your e-mail again to use it.',
  expired: 'Using your credit timed out. Prove your e-mail again to use it.',
};

/** The one-time code as stored: an HMAC of the e-mail and the digits, never the digits. */
export const hashCreditCode = (secret: string, email: string, code: string) =>
  createHmac('sha256', grantKey(secret)).update(`code:${email}:${code}`).digest('base64url');
