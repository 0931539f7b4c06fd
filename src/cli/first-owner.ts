import { closeAuth } from '../lib/auth/index.server';
import { ensureFirstOwner } from '../lib/auth/index.server';
import { env } from '../lib/config';
import { closeDb, db } from '../lib/db/index.server';

/** On a database with no staff user, creates the first owner and says how to sign in (the password once). */
export async function createFirstOwner(): Promise<void> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = env();
  try {
    const created = await ensureFirstOwner(db(), { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    if (!created) return;
    if (created.generatedPassword) {
      console.log(
        `\nCreated the first admin account. Sign in at /admin/login with\n  e-mail:   ${created.email}\n  password: ${created.generatedPassword}\n` +
          'This password is shown only now: keep it, then change it in the admin (or set ADMIN_EMAIL and ADMIN_PASSWORD before the first start).\n' +
          'Owners sign in in two steps: at the first sign-in you set up an authenticator app on your phone (and get recovery codes).\n',
      );
    } else {
      console.log(`Created the first admin account for ${created.email} (password from ADMIN_PASSWORD); it sets up two-step sign-in at the first sign-in.`);
    }
  } finally {
    // The server's functions open their own pools; these served only this step.
    await Promise.all([closeDb(), closeAuth()]);
  }
}
