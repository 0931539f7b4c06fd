import type { Context } from '@netlify/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase, type TestDatabase } from '../support/database';
import { adminCall, nextIp, SITE, signIn, staffSession, useAdminEnv, closeAdminConnections } from '../support/staff';

type Handler = (req: Request, ctx: Context) => Promise<Response>;
let db: TestDatabase;
let session: Handler;
let auth: Handler;

beforeAll(async () => {
  db = await createMigratedDatabase();
  useAdminEnv(db.url);
  session = (await import('../../netlify/functions/admin-session')).default;
  auth = (await import('../../netlify/functions/auth')).default;
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
    expect(me.body).toEqual({ staff: { id: owner.id, name: 'Test owner', email: owner.email, role: 'owner' }, mayTakeBookings: true, twoFactor: true });
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
