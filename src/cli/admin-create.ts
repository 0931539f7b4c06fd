import { parseArgs } from 'node:util';
import { closeAuth } from '../lib/auth/index.server';
import { staffRoles } from '../lib/auth';
import { createStaffUser, generatePassword, newStaffUser } from '../lib/auth/index.server';
import { closeDb, db } from '../lib/db/index.server';
import { ensureAuthSecret } from './auth-secret';
import { prepareDatabase } from './database';
import { fail, runCli } from './output';

const usage = `Usage: npm run admin:create -- --email <e-mail> [--name <name>] [--role owner|manager|crew] [--password <password>]
Without --password a random one is generated and printed once. The role defaults to crew.`;

/** `npm run admin:create`: adds a staff account from the command line (e.g. a locked-out owner). */
runCli(async () => {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help || !values.email) fail(usage);
  const password = values.password ?? generatePassword();
  const input = newStaffUser.safeParse({ email: values.email, name: values.name ?? values.email!.split('@')[0], role: values.role ?? 'crew', password });
  if (!input.success) {
    const problems = input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    fail(`${problems}. Roles: ${staffRoles.join(', ')}.\n${usage}`);
  }
  ensureAuthSecret();
  // A production database is migrated but never seeded with the demo business from here.
  const database = await prepareDatabase({ seed: Boolean(!process.env.DATABASE_URL) });
  try {
    const user = await createStaffUser(db(), input.data).catch((error: Error) => fail(error.message));
    console.log(`Created ${user.role} ${user.email}.${values.password ? '' : `\nPassword (shown only now): ${password}`}`);
    if (user.role === 'owner') console.log('Owners sign in in two steps: at the first sign-in they set up an authenticator app (and get recovery codes).');
  } finally {
    await Promise.all([closeDb(), closeAuth()]);
    await database.stop();
  }
});
