import { z } from '../validation';

/**
 * Lockout per account: this many wrong passwords or second-factor codes for one e-mail address
 * within the window lock it for LOCKOUT_MINUTES, on top of better-auth's limit per client address.
 * Counted for every address tried, whether or not an account has it, so the answer never tells.
 */
export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_WINDOW_MINUTES = 15;
export const LOCKOUT_MINUTES = 15;

export const LOCKED_MESSAGE = `Too many failed sign-in attempts for this account. Try again in ${LOCKOUT_MINUTES} minutes, or ask an owner to unlock it.`;

/** Roles that may not use the admin without a second factor. */
export const twoFactorRequiredFor = (role: string) => role === 'owner';

/** Audit actions for sign-ins (entity `staff_user`); never a password, code or secret in them. */
export const signInActions = {
  success: 'staff.sign_in',
  failure: 'staff.sign_in_failed',
  lockout: 'staff.locked_out',
  unlock: 'staff.unlock',
  twoFactorEnabled: 'staff.two_factor_enabled',
  twoFactorDisabled: 'staff.two_factor_disabled',
  recoveryCodeUsed: 'staff.recovery_code_used',
} as const;

/** An e-mail address as sign-in counts it, or null when it is not one (better-auth refuses it with a 400). */
export function signInEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  return email.length <= 320 && z.email().safeParse(email).success ? email : null;
}

/** The one field at sign-in takes a 6-digit code from the app or a recovery code (`xxxxx-xxxxx`). */
export function isAppCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''));
}

/** A second-factor code as typed: spaces dropped, at most 64 characters. */
export const secondFactorCode = z
  .string({ error: 'Enter the code' })
  .transform((c) => c.replace(/\s+/g, ''))
  // Recovery codes are shown as `xxxxx-xxxxx`; typed without the dash they still count.
  .transform((c) => (/^[A-Za-z0-9]{10}$/.test(c) ? `${c.slice(0, 5)}-${c.slice(5)}` : c))
  .pipe(z.string().min(1, 'Enter the code').max(64, 'That is not a code'));

/** The secret of an otpauth:// URI (base32), for typing into an app that cannot scan. */
export function secretOfOtpauth(uri: string): string {
  try {
    return new URL(uri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}
