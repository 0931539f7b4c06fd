import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRole, staffRoles, type StaffRole } from '../../src/lib/auth/roles';
import { listNetlifyFunctions, type ListedNetlifyFunction } from '../../src/lib/deploy/netlify-bundler.server';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, signIn, staffSession, useAdminEnv, closeAdminConnections } from '../support/staff';
import type { AdminHandler } from '../../src/lib/admin/admin-route.server';

/**
 * Every admin endpoint, found by file name (netlify/functions/admin-*.ts) at the paths Netlify's
 * bundler reads from it (the routes a deploy has: a path it cannot read is not swept, and fails
 * netlify-bundle.test.ts), with every method that path answers and the role it needs there: without
 * a session 401, with too small a role 403, from another site 403, and never any data in those answers. New admin functions are
 * swept without editing this test.
 */
let adminFunctions: ListedNetlifyFunction[] = [];
let db: TestDatabase;
const cookies = {} as Record<StaffRole, string>;
/** An owner signed in with the password only, who has not set up the second factor. */
let ownerWithoutSecondFactor: string;
/** A route pattern with a well-formed id for each `:param` and a name for a trailing `*`. */
const concretePath = (pattern: string) => pattern.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');
const endpoints: { file: string; method: string; path: string; role: StaffRole; handler: AdminHandler }[] = [];

beforeAll(async () => {
  db = await createSeededDatabase();
  useAdminEnv(db.url);
  for (const role of staffRoles) cookies[role] = (await staffSession(db.sql, role)).cookie;
  const { createStaffUser } = await import('../../src/lib/auth/staff-accounts.server');
  await createStaffUser(db.sql, { name: 'Owner without 2FA', email: 'no-2fa@staff.test', role: 'owner', password: 'an owner password only' });
  ownerWithoutSecondFactor = (await signIn('no-2fa@staff.test', 'an owner password only')).cookie!;
  adminFunctions = (await listNetlifyFunctions('netlify/functions')).filter((fn) => fn.name.startsWith('admin-'));
  for (const fn of adminFunctions) {
    const handler = (await import(fn.mainFile)).default as AdminHandler;
    for (const { pattern } of fn.routes ?? []) {
      const concrete = concretePath(pattern);
      // Each path with each method it answers, at the role that path and method need.
      for (const [method, role] of Object.entries(handler.access[pattern] ?? {})) endpoints.push({ file: fn.name, method, path: concrete, role: role!, handler });
    }
  }
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

/** An error answer carries the error and nothing else. */
const onlyError = (body: unknown) => expect(Object.keys(body as object)).toEqual(['error']);

describe('admin authorisation sweep', () => {
  it('finds the admin functions and a route for each', () => {
    expect(adminFunctions.map((fn) => fn.name)).toContain('admin-session');
    expect(adminFunctions.filter((fn) => !fn.routes?.length).map((fn) => fn.name)).toEqual([]);
    // Every route Netlify deploys has a role for each method it answers.
    const unswept = adminFunctions.flatMap((fn) => (fn.routes ?? []).map((r) => ({ file: fn.name, path: concretePath(r.pattern) })));
    expect(unswept.filter((r) => !endpoints.some((e) => e.file === r.file && e.path === r.path))).toEqual([]);
    expect(endpoints.length).toBeGreaterThanOrEqual(adminFunctions.length);
  });

  it('answers 401 without a session, with no data', async () => {
    for (const e of endpoints) {
      const res = await adminCall(e.handler, e.method, e.path, { body: e.method === 'GET' ? undefined : {} });
      expect(res.status, `${e.method} ${e.path}`).toBe(401);
      onlyError(res.body);
    }
  });

  it('answers 403 to a role below the one an action needs, with no data', async () => {
    let checked = 0;
    for (const e of endpoints) {
      for (const role of staffRoles.filter((r) => !hasRole(r, e.role))) {
        const res = await adminCall(e.handler, e.method, e.path, { cookie: cookies[role], body: e.method === 'GET' ? undefined : {} });
        expect(res.status, `${role} ${e.method} ${e.path}`).toBe(403);
        onlyError(res.body);
        checked++;
      }
    }
    // Manager- and owner-only actions exist, so this sweep really exercised the role check.
    expect(checked).toBeGreaterThan(20);
  });

  it('answers 403 two_factor_required to an owner without a second factor, on every endpoint, with no data', async () => {
    for (const e of endpoints) {
      const res = await adminCall(e.handler, e.method, e.path, { cookie: ownerWithoutSecondFactor, body: e.method === 'GET' ? undefined : {} });
      expect(res.status, `${e.method} ${e.path}`).toBe(403);
      expect(res.body.error.code, `${e.method} ${e.path}`).toBe('two_factor_required');
      onlyError(res.body);
    }
  });

  it('refuses changes from another site or without an Origin (CSRF), even with an owner session', async () => {
    for (const e of endpoints.filter((x) => x.method !== 'GET')) {
      for (const origin of ['https://evil.example', null]) {
        const res = await adminCall(e.handler, e.method, e.path, { cookie: cookies.owner, body: {}, origin });
        expect(res.status, `${e.method} ${e.path} from ${origin}`).toBe(403);
        onlyError(res.body);
      }
    }
  });

  it('lets a high enough role through the guard', async () => {
    for (const e of endpoints.filter((x) => x.method === 'GET')) {
      const res = await adminCall(e.handler, e.method, e.path, { cookie: cookies[e.role] });
      expect([200, 400, 404], `${e.method} ${e.path}`).toContain(res.status);
    }
  });
});
