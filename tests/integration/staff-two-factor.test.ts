import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase, type TestDatabase } from '../support/database';
import { adminCall, authCall, closeAdminConnections, cookieFrom, enrolTwoFactor, nextIp, signIn, signInWithCode, staffSession, totpCode, useAdminEnv } from '../support/staff';

/**
 * The second factor (better-auth's two-factor plugin, TOTP with recovery codes) as staff meet it:
 * turned on from the account menu, asked for after the password, required for owners before any
 * admin endpoint answers, and turned off with the password. Every step is in the audit log.
 */
type Handler = Parameters<typeof adminCall>[0];
let db: TestDatabase;
let session: Handler;
let users: Handler;

beforeAll(async () => {
  db = await createMigratedDatabase();
  useAdminEnv(db.url);
  session = (await import('../../netlify/functions/admin-session')).default;
  users = (await import('../../netlify/functions/admin-users')).default;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

const signInAudit = (email: string) =>
  db.sql<{ action: string; actor_id: string | null; actor_email: string; entity_id: string | null; after: Record<string, unknown> }[]>`
    select action, actor_id, actor_email, entity_id, after from audit_log where entity = 'staff_sign_in' and actor_email = ${email} order by id`;

async function newStaff(role: 'owner' | 'manager' | 'crew') {
  const { createStaffUser } = await import('../../src/lib/auth/staff-accounts.server');
  const email = `${role}-2fa-${Date.now()}-${Math.floor(Math.random() * 1e6)}@staff.test`;
  const password = `a ${role} password for 2fa`;
  const { id } = await createStaffUser(db.sql, { name: `Two ${role}`, email, role, password });
  return { id, email, password };
}

describe('turning the second factor on and off', () => {
  it('gives a QR code URI with the secret and ten recovery codes, and turns on only once a code from the app confirms it', async () => {
    const crew = await newStaff('crew');
    const { cookie } = await signIn(crew.email, crew.password);
    const ip = nextIp();
    const enabled = await authCall('/api/auth/two-factor/enable', { cookie, body: { password: crew.password, issuer: 'Pink Flamingo' }, ip });
    expect(enabled.status).toBe(200);
    const uri = new URL(enabled.body.totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Pink Flamingo');
    expect(uri.searchParams.get('secret')).toMatch(/^[A-Z2-7]{32,}$/);
    expect(enabled.body.backupCodes).toHaveLength(10);
    expect(new Set(enabled.body.backupCodes).size).toBe(10);

    // Not on until confirmed: signing in still needs only the password.
    const [pending] = await db.sql`select "twoFactorEnabled" from staff_user where id = ${crew.id}`;
    expect(pending!.twoFactorEnabled).toBe(false);
    expect((await signIn(crew.email, crew.password)).cookie).not.toBeNull();

    const wrong = await authCall('/api/auth/two-factor/verify-totp', { cookie, body: { code: '000000' }, ip });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
    const code = await totpCode(uri.searchParams.get('secret')!);
    const confirmed = await authCall('/api/auth/two-factor/verify-totp', { cookie, body: { code }, ip });
    expect(confirmed.status).toBe(200);
    const [on] = await db.sql`select "twoFactorEnabled" from staff_user where id = ${crew.id}`;
    expect(on!.twoFactorEnabled).toBe(true);

    // The secret and the codes are stored encrypted, never as shown.
    const [stored] = await db.sql`select secret, "backupCodes" from staff_two_factor where "userId" = ${crew.id}`;
    expect(stored!.secret).not.toContain(uri.searchParams.get('secret'));
    expect(stored!.backupCodes).not.toContain(enabled.body.backupCodes[0]);

    const audit = await signInAudit(crew.email);
    expect(audit.map((a) => a.action)).toContain('staff.two_factor_enabled');
    expect(audit.find((a) => a.action === 'staff.two_factor_enabled')).toMatchObject({ actor_id: crew.id, entity_id: crew.id });
  });

  it('turns off only with the right password, and the next sign-in needs only the password', async () => {
    const manager = await newStaff('manager');
    const first = await signIn(manager.email, manager.password);
    const { cookie, secret } = await enrolTwoFactor(first.cookie!, manager.password);

    const refused = await authCall('/api/auth/two-factor/disable', { cookie, body: { password: 'not my password at all' } });
    expect(refused.status).toBe(400);
    expect((await signInWithCode(manager.email, manager.password, () => totpCode(secret))).cookie).not.toBeNull();

    const off = await authCall('/api/auth/two-factor/disable', { cookie, body: { password: manager.password } });
    expect(off.status).toBe(200);
    const again = await signIn(manager.email, manager.password);
    expect(again.cookie).not.toBeNull();
    expect(cookieFrom(again.setCookie, 'two_factor')).toBeNull();
    expect((await signInAudit(manager.email)).map((a) => a.action)).toContain('staff.two_factor_disabled');
  });

  it('accepts only the fields the site uses: no "trust this device", no code check without a session', async () => {
    const crew = await newStaff('crew');
    const { cookie } = await signIn(crew.email, crew.password);
    const missing = await authCall('/api/auth/two-factor/enable', { cookie, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty('password');
    expect((await authCall('/api/auth/two-factor/verify-totp', { cookie, body: { code: { $ne: null } } })).status).toBe(400);
    expect((await authCall('/api/auth/two-factor/verify-totp', { cookie, body: { code: 'x'.repeat(65) } })).status).toBe(400);

    const { secret } = await enrolTwoFactor(cookie!, crew.password);
    const first = await signIn(crew.email, crew.password);
    const challenge = cookieFrom(first.setCookie, 'two_factor');
    const trusted = await authCall('/api/auth/two-factor/verify-totp', { cookie: challenge, body: { code: await totpCode(secret), trustDevice: true } });
    expect(trusted.status).toBe(200);
    expect(trusted.setCookie.some((c) => c.includes('trust_device'))).toBe(false);
  });

  it('answers 401 to the two-factor routes without a session or sign-in challenge, and 404 to those the site does not use', async () => {
    for (const path of ['/api/auth/two-factor/enable', '/api/auth/two-factor/disable']) {
      expect((await authCall(path, { body: { password: 'whatever password' } })).status, path).toBe(401);
    }
    for (const path of ['/api/auth/two-factor/verify-totp', '/api/auth/two-factor/verify-backup-code']) {
      expect((await authCall(path, { body: { code: '123456' } })).status, path).toBe(401);
    }
    for (const path of ['/api/auth/two-factor/get-totp-uri', '/api/auth/two-factor/generate-backup-codes', '/api/auth/two-factor/send-otp', '/api/auth/two-factor/verify-otp']) {
      expect((await authCall(path, { body: { password: 'x' } })).status, path).toBe(404);
    }
    expect((await authCall('/api/auth/two-factor/enable')).status).toBe(404);
  });
});

describe('signing in with the second factor', () => {
  it('asks for the code after the password, gives no session until it comes, and accepts a code from the app', async () => {
    const crew = await newStaff('crew');
    const { secret } = await enrolTwoFactor((await signIn(crew.email, crew.password)).cookie!, crew.password);
    const first = await signIn(crew.email, crew.password);
    expect(first.status).toBe(200);
    expect(first.cookie).toBeNull();
    const challenge = cookieFrom(first.setCookie, 'two_factor');
    expect(challenge).not.toBeNull();

    const ip = nextIp();
    const wrong = await authCall('/api/auth/two-factor/verify-totp', { cookie: challenge, body: { code: '123456' }, ip });
    expect(wrong.status).toBe(401);
    expect(cookieFrom(wrong.setCookie, 'session_token')).toBeNull();

    const right = await authCall('/api/auth/two-factor/verify-totp', { cookie: challenge, body: { code: await totpCode(secret) }, ip });
    expect(right.status).toBe(200);
    const cookie = cookieFrom(right.setCookie, 'session_token');
    expect((await adminCall(session, 'GET', '/api/admin/session', { cookie })).body).toMatchObject({ staff: { id: crew.id }, twoFactor: true });
    // The challenge is spent.
    expect((await authCall('/api/auth/two-factor/verify-totp', { cookie: challenge, body: { code: await totpCode(secret) }, ip })).status).toBe(401);

    const actions = (await signInAudit(crew.email)).map((a) => `${a.action}:${String(a.after.reason ?? a.after.method ?? '')}`);
    expect(actions).toContain('staff.sign_in_failed:wrong_code');
    expect(actions.at(-1)).toBe('staff.sign_in:authenticator');
  });

  it('accepts each recovery code once, typed with or without its dash, and audits its use', async () => {
    const crew = await newStaff('crew');
    const { recoveryCodes } = await enrolTwoFactor((await signIn(crew.email, crew.password)).cookie!, crew.password);
    const [code, other] = recoveryCodes as [string, string];
    const used = await signInWithCode(crew.email, crew.password, code);
    expect(used.status).toBe(200);
    expect(used.cookie).not.toBeNull();
    const reused = await signInWithCode(crew.email, crew.password, code);
    expect(reused.status).toBe(401);
    expect(reused.cookie).toBeNull();
    expect((await signInWithCode(crew.email, crew.password, other.replace('-', ''))).cookie).not.toBeNull();

    const audit = await signInAudit(crew.email);
    const recoveries = audit.filter((a) => a.action === 'staff.recovery_code_used');
    expect(recoveries.map((a) => a.after.remaining)).toEqual([9, 8]);
    expect(audit.filter((a) => a.action === 'staff.sign_in').map((a) => a.after.method)).toEqual(['password', 'recovery_code', 'recovery_code']);
    expect(JSON.stringify(audit)).not.toContain(code);
  });
});

describe('owners must use a second factor', () => {
  it('refuses every admin endpoint to an owner without it, with no data, until it is turned on', async () => {
    const owner = await newStaff('owner');
    const { cookie } = await signIn(owner.email, owner.password);
    expect(cookie).not.toBeNull();
    for (const [handler, path] of [[session, '/api/admin/session'], [users, '/api/admin/users']] as const) {
      const refused = await adminCall(handler, 'GET', path, { cookie });
      expect(refused.status, path).toBe(403);
      expect(refused.body).toEqual({ error: { code: 'two_factor_required', message: 'Owners must set up two-step sign-in before using the admin.' } });
    }
    const change = await adminCall(users, 'POST', '/api/admin/users', { cookie, body: { name: 'Sneaky', email: 'sneaky@example.com', role: 'owner' } });
    expect(change.status).toBe(403);
    expect(await db.sql`select 1 from staff_user where email = 'sneaky@example.com'`).toHaveLength(0);

    // The same session may still turn it on, and then the admin opens.
    const enrolled = await enrolTwoFactor(cookie!, owner.password);
    expect((await adminCall(users, 'GET', '/api/admin/users', { cookie: enrolled.cookie })).status).toBe(200);
  });

  it('refuses an owner who turns it off again, and a manager made owner, until they set it up', async () => {
    const owner = await staffSession(db.sql, 'owner');
    const off = await authCall('/api/auth/two-factor/disable', { cookie: owner.cookie, body: { password: owner.password } });
    const cookie = cookieFrom(off.setCookie, 'session_token');
    expect((await adminCall(session, 'GET', '/api/admin/session', { cookie })).body.error.code).toBe('two_factor_required');

    const manager = await staffSession(db.sql, 'manager');
    const promoter = await staffSession(db.sql, 'owner');
    expect((await adminCall(users, 'PATCH', `/api/admin/users/${manager.id}`, { cookie: promoter.cookie, body: { role: 'owner' } })).status).toBe(200);
    expect((await adminCall(session, 'GET', '/api/admin/session', { cookie: manager.cookie })).status).toBe(403);
  });
});
