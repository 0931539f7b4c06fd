import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/**
 * The current code of an authenticator app holding this base32 secret (the key the enrolment shows
 * as text, spaces allowed), computed with better-auth's own TOTP (@better-auth/utils).
 */
export async function totpCode(base32Secret: string): Promise<string> {
  return createOTP(base32.decode(base32Secret.replace(/\s+/g, '').toUpperCase())).totp();
}
