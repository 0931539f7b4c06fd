import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase, type TestDatabase } from '../support/database';
import { adminCall, signIn, staffSession, useAdminEnv, closeAdminConnections } from '../support/staff';

type Handler = Parameters<typeof adminCall>[0];
let db: TestDatabase;
let users: Handler;
let session: Handler;
let owner: Awaited<ReturnType<typeof staffSession>>;

beforeAll(async () => {
  db = await createMigratedDatabase();
  useAdminEnv(db.url);
  users = (await import('../../netlify/functions/admin-users')).default;
  session = (await import('../../netlify/functions/admin-session')).default;
  owner = await staffSession(db.sql, 'owner');
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

const auditOf = (entityId: string) => db.sql<{ action: string; actor_email: string; before: unknown; after: unknown }[]>`
  select action, actor_email, before, after from audit_log where entity = 'staff_user' and entity_id = ${entityId} order by id`;

describe('staff users API', () => {
  it('creates a user who can sign in with the password given, audited without the password', async () => {
    const res = await adminCall(users, 'POST', '/api/admin/users', { cookie: owner.cookie, body: { name: 'Casey Crew', email: 'Casey@Example.com', role: 'crew', password: 'a crew password 123' } });
    expect(res.status).toBe(200);
    expect(res.body.generatedPassword).toBeNull();
    expect(res.body.user).toMatchObject({ name: 'Casey Crew', email: 'casey@example.com', role: 'crew', active: true, lastSignInAt: null });
    expect((await signIn('casey@example.com', 'a crew password 123')).status).toBe(200);

    const audit = await auditOf(res.body.user.id);
    expect(audit).toEqual([{ action: 'staff.create', actor_email: owner.email, before: null, after: { name: 'Casey Crew', email: 'casey@example.com', role: 'crew', active: true } }]);
    expect(JSON.stringify(audit)).not.toContain('a crew password 123');

    const list = await adminCall(users, 'GET', '/api/admin/users?q=casey', { cookie: owner.cookie });
    expect(list.body.items.map((u: { email: string }) => u.email)).toEqual(['casey@example.com']);
    expect(list.body.items[0].lastSignInAt).not.toBeNull();
  });

  it('generates a password to show once when none is given, and refuses a taken e-mail and bad input with fields', async () => {
    const res = await adminCall(users, 'POST', '/api/admin/users', { cookie: owner.cookie, body: { name: 'Max Manager', email: 'max@example.com', role: 'manager' } });
    expect(res.status).toBe(200);
    expect(res.body.generatedPassword).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await signIn('max@example.com', res.body.generatedPassword)).status).toBe(200);
    expect(JSON.stringify(await auditOf(res.body.user.id))).not.toContain(res.body.generatedPassword);

    const taken = await adminCall(users, 'POST', '/api/admin/users', { cookie: owner.cookie, body: { name: 'Max again', email: 'MAX@example.com', role: 'crew', password: 'another password 1' } });
    expect(taken.status).toBe(400);
    expect(taken.body.error.fields).toEqual({ email: 'A staff member with this e-mail already exists.' });

    const bad = await adminCall(users, 'POST', '/api/admin/users', { cookie: owner.cookie, body: { name: '', email: 'nope', role: 'boss', password: 'short' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['email', 'name', 'password', 'role']);
  });

  it('changes a role, audited with before and after; the new role applies on the next request', async () => {
    const crew = await staffSession(db.sql, 'crew');
    const res = await adminCall(users, 'PATCH', `/api/admin/users/${crew.id}`, { cookie: owner.cookie, body: { role: 'manager' } });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('manager');
    const me = await adminCall(session, 'GET', '/api/admin/session', { cookie: crew.cookie });
    expect(me.body.staff.role).toBe('manager');
    const [entry] = await auditOf(crew.id);
    expect(entry).toMatchObject({ action: 'staff.role', before: { role: 'crew' }, after: { role: 'manager' } });
  });

  it('deactivates a user: their session stops working at once and they cannot sign in; reactivating lets them back', async () => {
    const crew = await staffSession(db.sql, 'crew');
    expect((await adminCall(session, 'GET', '/api/admin/session', { cookie: crew.cookie })).status).toBe(200);
    const off = await adminCall(users, 'PATCH', `/api/admin/users/${crew.id}`, { cookie: owner.cookie, body: { active: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, openSessions: 0 });
    expect(await db.sql`select 1 from staff_session where "userId" = ${crew.id}`).toHaveLength(0);
    expect((await adminCall(session, 'GET', '/api/admin/session', { cookie: crew.cookie })).status).toBe(401);
    expect((await signIn(crew.email, crew.password)).status).toBe(403);

    const on = await adminCall(users, 'PATCH', `/api/admin/users/${crew.id}`, { cookie: owner.cookie, body: { active: true } });
    expect(on.body.active).toBe(true);
    expect((await signIn(crew.email, crew.password)).status).toBe(200);
    expect((await auditOf(crew.id)).map((a) => a.action)).toEqual(['staff.deactivate', 'staff.reactivate']);
  });

  it('resets a password: the old one stops working, open sessions end, and the audit has no password', async () => {
    const manager = await staffSession(db.sql, 'manager');
    const res = await adminCall(users, 'POST', `/api/admin/users/${manager.id}/password`, { cookie: owner.cookie, body: {} });
    expect(res.status).toBe(200);
    const generated = res.body.generatedPassword as string;
    expect(generated).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await adminCall(session, 'GET', '/api/admin/session', { cookie: manager.cookie })).status).toBe(401);
    expect((await signIn(manager.email, manager.password)).status).toBe(401);
    expect((await signIn(manager.email, generated)).status).toBe(200);
    const chosen = await adminCall(users, 'POST', `/api/admin/users/${manager.id}/password`, { cookie: owner.cookie, body: { password: 'owner chose this one' } });
    expect(chosen.body.generatedPassword).toBeNull();
    expect((await signIn(manager.email, 'owner chose this one')).status).toBe(200);
    const audit = JSON.stringify(await auditOf(manager.id));
    expect(audit).not.toContain(generated);
    expect(audit).not.toContain('owner chose this one');
    expect(audit).not.toMatch(/scrypt|[0-9a-f]{32}:/);
    const short = await adminCall(users, 'POST', `/api/admin/users/${manager.id}/password`, { cookie: owner.cookie, body: { password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.password).toBe('Use at least 12 characters');
  });

  it('stops an owner deactivating or demoting themselves (400 with the field), and lets another owner do it', async () => {
    const selfOff = await adminCall(users, 'PATCH', `/api/admin/users/${owner.id}`, { cookie: owner.cookie, body: { active: false } });
    expect(selfOff.status).toBe(400);
    expect(selfOff.body.error.fields.active).toBe('You cannot deactivate your own account. Ask another owner.');
    const selfDemote = await adminCall(users, 'PATCH', `/api/admin/users/${owner.id}`, { cookie: owner.cookie, body: { role: 'manager' } });
    expect(selfDemote.status).toBe(400);
    expect(selfDemote.body.error.fields.role).toBe('You cannot change your own role. Ask another owner.');

    const second = await staffSession(db.sql, 'owner');
    const demoted = await adminCall(users, 'PATCH', `/api/admin/users/${second.id}`, { cookie: owner.cookie, body: { role: 'manager' } });
    expect(demoted.status).toBe(200);
    // The demoted owner's next request is a manager's: the users API is closed to them.
    expect((await adminCall(users, 'GET', '/api/admin/users', { cookie: second.cookie })).status).toBe(403);
  });

  it('never removes or demotes the last active owner', async () => {
    const { updateStaffAccount } = await import('../../src/lib/auth/staff-users.server');
    const last = await staffSession(db.sql, 'owner');
    await db.sql`update staff_user set banned = true where role = 'owner' and id <> ${last.id}`;
    const message = 'This is the last active owner: make someone else an owner first.';
    // Only reachable through a race or a deactivated owner's stale request: the service refuses it anyway.
    await expect(db.sql.begin((tx) => updateStaffAccount(tx, owner.id, last.id, { role: 'crew' }))).rejects.toMatchObject({ fields: { role: message } });
    await expect(db.sql.begin((tx) => updateStaffAccount(tx, owner.id, last.id, { active: false }))).rejects.toMatchObject({ fields: { active: message } });
    await db.sql`update staff_user set banned = false where id = ${owner.id}`;
    await expect(db.sql.begin((tx) => updateStaffAccount(tx, owner.id, last.id, { role: 'crew' }))).resolves.toMatchObject({ after: { role: 'crew' } });
  });

  it('answers 404 for an unknown user and 400 for an empty change', async () => {
    expect((await adminCall(users, 'PATCH', '/api/admin/users/nobody', { cookie: owner.cookie, body: { role: 'crew' } })).status).toBe(404);
    const crew = await staffSession(db.sql, 'crew');
    expect((await adminCall(users, 'PATCH', `/api/admin/users/${crew.id}`, { cookie: owner.cookie, body: {} })).status).toBe(400);
  });
});
