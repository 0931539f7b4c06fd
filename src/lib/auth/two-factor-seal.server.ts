import { symmetricDecrypt } from 'better-auth/crypto';

/**
 * Whether a two-step sign-in secret as better-auth stores it (sealed with AUTH_SECRET) opens with
 * `authSecret`. A restore asks before it writes anything: on a site whose AUTH_SECRET is not the one the
 * secrets were sealed with, every authenticator code fails, and owners cannot use the admin without one.
 */
export async function opensWithAuthSecret(sealed: string, authSecret: string): Promise<boolean> {
  try {
    await symmetricDecrypt({ key: authSecret, data: sealed });
    return true;
  } catch {
    return false;
  }
}
