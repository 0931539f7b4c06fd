import type { Context } from '@netlify/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase, type TestDatabase } from '../support/database';
import { adminCall, authCall as authRequest, cookieFrom, nextIp, SITE, signIn, signInWithCode, staffSession, totpCode, useAdminEnv, closeAdminConnections } from '../support/staff';

type Handler = (req: Request, ctx: Context) => Promise<Response>;
let db: TestDatabase;
let session: Handler;
let auth: Handler;
let users: Handler;

beforeAll(async () => {
  db = await createMigratedDatabase();
  useAdminEnv(db.url);
  session = (await import('../../netlify/functions/admin-session')).default;
  auth = (await import('../../netlify/functions/auth')).default;
  users = (await import('../../netlify/functions/admin-users')).default;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

const authCall = (path: string, cookie: string | null, body?: unknown) =>
  auth(
    new Request(`${SITE}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', origin: SITE, 'x-nf-client-connection-ip': nextIp(), ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
    {} as Context,
  );

describe('first owner', () => {
  it('is created once, as owner@demo.local with a random password to print, when no staff user exists', async () => {
    const { ensureFirstOwner } = await import('../../src/lib/auth/staff-accounts.server');
    const created = await ensureFirstOwner(db.sql, {});
    expect(created?.email).toBe('owner@demo.local');
    expect(created?.generatedPassword).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await signIn('owner@demo.local', created!.generatedPassword!)).status).toBe(200);
    expect(await ensureFirstOwner(db.sql, { email: 'boss@example.com', password: 'a long enough password' })).toBeNull();
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when both are set', async () => {
    const { ensureFirstOwner } = await import('../../src/lib/auth/staff-accounts.server');
    await db.sql`delete from staff_user`;
    const created = await ensureFirstOwner(db.sql, { email: 'Boss@Example.com', password: 'a long enough password' });
    expect(created).toEqual({ email: 'boss@example.com', generatedPassword: null });
    expect((await signIn('boss@example.com', 'a long enough password')).status).toBe(200);
    const [owner] = await db.sql`select role from staff_user where email = 'boss@example.com'`;
    expect(owner!.role).toBe('owner');
  });
});

describe('staff sign-in', () => {
  it('sets a __Host- session cookie that is HttpOnly, Secure and SameSite=Strict, and the session endpoint knows the user', async () => {
    const owner = await staffSession(db.sql, 'owner');
    const { setCookie } = await signIn(owner.email, owner.password);
    const cookie = setCookie.find((c) => c.startsWith('__Host-staff.session_token='))!;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
    const me = await adminCall(session, 'GET', '/api/admin/session', { cookie: owner.cookie });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ staff: { id: owner.id, name: 'Test owner', email: owner.email, role: 'owner' }, mayTakeBookings: true, twoFactor: true, timeZone: null });
    // With settings the session names their time zone (the admin's clock; admin-setup.test.ts).
  });

  it('refuses a wrong password without a cookie, and anyone without a session gets 401', async () => {
    const crew = await staffSession(db.sql, 'crew');
    const wrong = await signIn(crew.email, 'wrong password here');
    expect(wrong.status).toBe(401);
    expect(wrong.cookie).toBeNull();
    const anonymous = await adminCall(session, 'GET', '/api/admin/session');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: { code: 'unauthorized', message: 'Please sign in to continue.' } });
  });

  it('limits sign-in attempts from one address', async () => {
    const crew = await staffSession(db.sql, 'crew');
    const ip = nextIp();
    const statuses = [];
    // Different addresses tried each time, so the lockout per account does not answer first.
    for (let i = 0; i < 12; i++) statuses.push((await signIn(`nobody-${i}-${crew.email}`, 'wrong password here', ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Even the right password waits out the window.
    expect((await signIn(crew.email, crew.password, ip)).status).toBe(429);
  });

  it('does not accept a session token the client made up (no fixation) and issues a fresh one at each sign-in', async () => {
    const crew = await staffSession(db.sql, 'crew');
    const planted = '__Host-staff.session_token=attacker-chosen-value';
    expect((await adminCall(session, 'GET', '/api/admin/session', { cookie: planted })).status).toBe(401);
    const again = await signIn(crew.email, crew.password);
    expect(again.cookie).not.toBe(crew.cookie);
    expect(again.cookie).not.toContain('attacker-chosen-value');
  });

  it('rejects the session cookie after sign-out', async () => {
    const crew = await staffSession(db.sql, 'crew');
    expect((await authCall('/api/auth/sign-out', crew.cookie, {})).status).toBe(200);
    expect((await adminCall(session, 'GET', '/api/admin/session', { cookie: crew.cookie })).status).toBe(401);
  });

  it('ends sessions after the idle timeout and after the absolute timeout, however active', async () => {
    const idle = await staffSession(db.sql, 'crew');
    await db.sql`update staff_session set "expiresAt" = now() - interval '1 minute' where "userId" = ${idle.id}`;
    expect((await adminCall(session, 'GET', '/api/admin/session', { cookie: idle.cookie })).status).toBe(401);

    const busy = await staffSession(db.sql, 'crew');
    await db.sql`update staff_session set "createdAt" = now() - interval '13 hours' where "userId" = ${busy.id}`;
    expect((await adminCall(session, 'GET', '/api/admin/session', { cookie: busy.cookie })).status).toBe(401);
    expect(await db.sql`select 1 from staff_session where "userId" = ${busy.id}`).toHaveLength(0);
  });

  it('signs out a deactivated user on their next request, and they cannot sign in again', async () => {
    const crew = await staffSession(db.sql, 'crew');
    await db.sql`update staff_user set banned = true where id = ${crew.id}`;
    expect((await adminCall(session, 'GET', '/api/admin/session', { cookie: crew.cookie })).status).toBe(401);
    expect((await signIn(crew.email, crew.password)).status).toBe(403);
  });

  it('changes a password: the old one stops working', async () => {
    const manager = await staffSession(db.sql, 'manager');
    const changed = await authCall('/api/auth/change-password', manager.cookie, { currentPassword: manager.password, newPassword: 'a brand new password', revokeOtherSessions: true });
    expect(changed.status).toBe(200);
    expect((await signIn(manager.email, manager.password)).status).toBe(401);
    expect((await signIn(manager.email, 'a brand new password')).status).toBe(200);
  });

  it('exposes no self sign-up and none of the admin plugin endpoints', async () => {
    expect((await authCall('/api/auth/sign-up/email', null, { email: 'x@y.z', password: 'some password 123', name: 'X' })).status).toBe(404);
    expect((await authCall('/api/auth/admin/list-users', null)).status).toBe(404);
  });
});

const signInAudit = (email: string) =>
  db.sql<{ action: string; actor_id: string | null; entity_id: string | null; after: Record<string, unknown>; ip_address: string | null }[]>`
    select action, actor_id, entity_id, after, ip_address from audit_log where entity = 'staff_sign_in' and actor_email = ${email} order by id`;

describe('lockout per account', () => {
  it('locks an account after 5 wrong passwords in 15 minutes, from any address, even for the right password', async () => {
    const crew = await staffSession(db.sql, 'crew');
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(crew.email, `wrong password ${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const locked = await signIn(crew.email, crew.password);
    expect(locked.status).toBe(429);
    expect(locked.cookie).toBeNull();
    const body = await authRequest('/api/auth/sign-in/email', { body: { email: crew.email, password: crew.password } });
    expect(body.body).toEqual({ error: { code: 'account_locked', message: 'Too many failed sign-in attempts for this account. Try again in 15 minutes, or ask an owner to unlock it.' } });

    // Fifteen minutes later it opens again by itself.
    await db.sql`update staff_sign_in_lockouts set locked_until = now() - interval '1 second', window_started_at = now() - interval '16 minutes' where email = ${crew.email}`;
    expect((await signIn(crew.email, crew.password)).status).toBe(200);
    // A success clears the count.
    expect(await db.sql`select 1 from staff_sign_in_lockouts where email = ${crew.email}`).toHaveLength(0);
  });

  it('answers the same for an address no account has, so the lockout does not tell who works here', async () => {
    const crew = await staffSession(db.sql, 'crew');
    const stranger = `nobody-${Date.now()}@staff.test`;
    const answers = async (email: string) => {
      const out = [];
      for (let i = 0; i < 6; i++) {
        const res = await authRequest('/api/auth/sign-in/email', { body: { email, password: 'a wrong password' } });
        out.push({ status: res.status, body: res.body });
      }
      return out;
    };
    expect(await answers(stranger)).toEqual(await answers(crew.email));
  });

  it('counts wrong codes with wrong passwords, locks the code step too, and keeps the count to 15 minutes', async () => {
    const owner = await staffSession(db.sql, 'owner');
    await signIn(owner.email, 'wrong password 1');
    await signIn(owner.email, 'wrong password 2');
    // An old failure outside the window starts the count again.
    await db.sql`update staff_sign_in_lockouts set window_started_at = now() - interval '16 minutes' where email = ${owner.email}`;
    await signIn(owner.email, 'wrong password 3');
    const [row] = await db.sql`select failures from staff_sign_in_lockouts where email = ${owner.email}`;
    expect(row!.failures).toBe(1);

    const first = await signIn(owner.email, owner.password);
    const challenge = cookieFrom(first.setCookie, 'two_factor');
    const ip = nextIp();
    const codes = [];
    for (const code of ['111111', '222222', '333333', '444444']) codes.push((await authRequest('/api/auth/two-factor/verify-totp', { cookie: challenge, body: { code }, ip })).status);
    expect(codes).toEqual([401, 401, 401, 401]);
    // Locked now: even the right code is refused, and so is the password step.
    const right = await authRequest('/api/auth/two-factor/verify-totp', { cookie: challenge, body: { code: await totpCode(owner.totpSecret!) }, ip });
    expect(right.status).toBe(429);
    expect(cookieFrom(right.setCookie, 'session_token')).toBeNull();
    expect((await signIn(owner.email, owner.password)).status).toBe(429);
  });

  it('lets an owner unlock an account from the Users screen, audited', async () => {
    const owner = await staffSession(db.sql, 'owner');
    const crew = await staffSession(db.sql, 'crew');
    for (let i = 0; i < 5; i++) await signIn(crew.email, 'still the wrong password');
    const listed = await adminCall(users, 'GET', `/api/admin/users/${crew.id}`, { cookie: owner.cookie });
    expect(listed.body.lockedUntil).toEqual(expect.any(String));
    expect(Date.parse(listed.body.lockedUntil) - Date.now()).toBeGreaterThan(14 * 60_000);

    const crewCookie = (await staffSession(db.sql, 'crew')).cookie;
    expect((await adminCall(users, 'POST', `/api/admin/users/${crew.id}/unlock`, { cookie: crewCookie, body: {} })).status).toBe(403);
    const unlocked = await adminCall(users, 'POST', `/api/admin/users/${crew.id}/unlock`, { cookie: owner.cookie, body: {} });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.lockedUntil).toBeNull();
    expect((await signIn(crew.email, crew.password)).status).toBe(200);
    const [audit] = await db.sql`select action, actor_id, before, after from audit_log where entity = 'staff_user' and entity_id = ${crew.id} and action = 'staff.unlock'`;
    expect(audit).toMatchObject({ actor_id: owner.id, before: { email: crew.email, lockedUntil: listed.body.lockedUntil }, after: { email: crew.email, lockedUntil: null } });
  });
});

describe('sign-ins in the audit log', () => {
  it('records successes, failures with the e-mail tried (never the password), the lockout, and the address', async () => {
    const crew = await staffSession(db.sql, 'crew');
    const ip = nextIp();
    for (let i = 0; i < 5; i++) await signIn(crew.email, `secret attempt ${i}`, ip);
    await signIn(crew.email, crew.password, ip);
    const audit = await signInAudit(crew.email);
    expect(audit.map((a) => `${a.action}:${String(a.after.reason ?? a.after.method ?? '')}`)).toEqual([
      'staff.sign_in:password',
      ...Array(5).fill('staff.sign_in_failed:wrong_password'),
      'staff.locked_out:',
      'staff.sign_in_failed:locked',
    ]);
    expect(audit[0]).toMatchObject({ actor_id: crew.id, entity_id: crew.id });
    expect(audit[1]).toMatchObject({ actor_id: null, entity_id: crew.id, ip_address: ip, after: { email: crew.email, reason: 'wrong_password' } });
    expect(JSON.stringify(audit)).not.toMatch(/secret attempt|correct horse/);

    const stranger = `ghost-${Date.now()}@staff.test`;
    await signIn(stranger, 'anything at all');
    expect(await signInAudit(stranger)).toMatchObject([{ action: 'staff.sign_in_failed', actor_id: null, entity_id: null, after: { email: stranger, reason: 'wrong_password' } }]);
  });

  it('records a sign-in with a recovery code, which then works only once', async () => {
    const { createStaffUser } = await import('../../src/lib/auth/staff-accounts.server');
    const { enrolTwoFactor } = await import('../support/staff');
    const email = `recovery-${Date.now()}@staff.test`;
    const password = 'a recovery test password';
    await createStaffUser(db.sql, { name: 'Recovering', email, role: 'manager', password });
    const { recoveryCodes } = await enrolTwoFactor((await signIn(email, password)).cookie!, password);
    expect((await signInWithCode(email, password, recoveryCodes[3]!)).cookie).not.toBeNull();
    expect((await signInWithCode(email, password, recoveryCodes[3]!)).status).toBe(401);
    const actions = (await signInAudit(email)).map((a) => a.action);
    expect(actions.filter((a) => a === 'staff.recovery_code_used')).toHaveLength(1);
    expect(actions.at(-1)).toBe('staff.sign_in_failed');
  });
});
