import { z } from '../validation';
import { secondFactorCode } from './sign-in-rules';

/**
 * The bodies this site sends to better-auth's two-factor routes (netlify/functions/auth.ts passes
 * on only these fields). Passwords are checked by better-auth; here only their shape.
 */
const password = z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(128, 'Use at most 128 characters');

/** Turn on: the password, and the name the authenticator app shows (the business's). */
export const enableTwoFactorBody = z
  .object({ password, issuer: z.string().trim().min(1).max(100, 'Use at most 100 characters').optional() })
  .transform((b) => ({ password: b.password, method: 'totp' as const, ...(b.issuer ? { issuer: b.issuer } : {}) }));

export const passwordOnlyBody = z.object({ password }).transform((b) => ({ password: b.password }));

/** A code from the app, or a recovery code: nothing else (no "trust this device"). */
export const verifyCodeBody = z.object({ code: secondFactorCode }).transform((b) => ({ code: b.code }));
