import { createHmac } from 'node:crypto';
import { purposeKey, readToken, signToken } from '../http/index.server';
import { CREDIT_GRANT_MINUTES } from './spending';

/**
 * A credit grant: proof, for a short while, that the person at the checkout owns an e-mail, so the
 * booking may spend that customer's credit. A signed token (http/signed-token.server.ts) keyed from the
 * human check's secret (one secret to keep; the purpose keeps the two uses apart). Nothing is stored:
 * the token carries its expiry.
 */
export interface CreditGrant {
  customerId: string;
  email: string;
  expiresAt: Date;
}

const PURPOSE = 'credit-grant/v1';

export function signCreditGrant(secret: string, customerId: string, email: string, now: Date): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + CREDIT_GRANT_MINUTES * 60_000);
  return { token: signToken(secret, PURPOSE, { c: customerId, e: email }, expiresAt), expiresAt };
}

export type GrantVerdict = { ok: true; grant: CreditGrant } | { ok: false; problem: 'malformed' | 'forged' | 'expired' };

export function readCreditGrant(secret: string, token: string, now: Date): GrantVerdict {
  const verdict = readToken(secret, PURPOSE, token, now);
  if (!verdict.ok) return verdict;
  const data = verdict.data as { c?: unknown; e?: unknown };
  if (typeof data !== 'object' || data === null || typeof data.c !== 'string' || typeof data.e !== 'string') return { ok: false, problem: 'malformed' };
  return { ok: true, grant: { customerId: data.c, email: data.e, expiresAt: verdict.expiresAt } };
}

export const grantMessages: Record<'malformed' | 'forged' | 'expired', string> = {
  malformed: 'Your credit could not be read. Prove your e-mail again to use it.',
  forged: 'Your credit could not be read. Prove your e-mail again to use it.',
  expired: 'Using your credit timed out. Prove your e-mail again to use it.',
};

/** The one-time code as stored: an HMAC of the e-mail and the digits, never the digits. */
export const hashCreditCode = (secret: string, email: string, code: string) =>
  createHmac('sha256', purposeKey(secret, PURPOSE)).update(`code:${email}:${code}`).digest('base64url');
