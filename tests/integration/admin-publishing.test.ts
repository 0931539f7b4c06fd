import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PUBLISH_HELP } from '../../src/lib/publishing/publishing';
import { requestRebuild, triggerPendingRebuild } from '../../src/lib/publishing/publishing.server';
import { createMigratedDatabase, type TestDatabase } from '../support/database';
import { adminCall, staffSession, useAdminEnv, closeAdminConnections } from '../support/staff';

let db: TestDatabase;
let hook: Server;
let hookUrl: string;
let hookStatus = 200;
const hookCalls: { method: string; url: string }[] = [];

beforeAll(async () => {
  db = await createMigratedDatabase();
  hook = createServer((req, res) => {
    hookCalls.push({ method: req.method!, url: req.url! });
    res.writeHead(hookStatus).end();
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/abc123`;
});
afterAll(async () => {
  await closeAdminConnections();
  await new Promise((resolve) => hook.close(resolve));
  await db.drop();
});

const statuses = async () => (await db.sql<{ status: string }[]>`select status from site_builds order by id`).map((r) => r.status);
const minutes = (n: number) => n * 60_000;

describe('triggerPendingRebuild', () => {
  it('waits for two quiet minutes, then calls the build hook once for the whole burst', async () => {
    await db.sql`delete from site_builds`;
    hookCalls.length = 0;
    await requestRebuild(db.sql, 'Product “A” changed');
    await requestRebuild(db.sql, 'Product “B” changed');
    const [row] = await db.sql<{ newest: Date }[]>`select max(requested_at) as newest from site_builds`;
    const newest = row!.newest;

    const early = await triggerPendingRebuild(db.sql, { hookUrl, now: new Date(newest.getTime() + minutes(1)) });
    expect(early).toMatchObject({ fired: false, why: 'debouncing', requests: 2 });
    expect(hookCalls).toHaveLength(0);

    const settled = await triggerPendingRebuild(db.sql, { hookUrl, now: new Date(newest.getTime() + minutes(2)) });
    expect(settled).toEqual({ fired: true, ok: true, requests: 2, error: null });
    expect(hookCalls).toHaveLength(1);
    expect(hookCalls[0]!.method).toBe('POST');
    expect(new URL(hookCalls[0]!.url, 'http://x').searchParams.get('trigger_title')).toBe('Admin: Product “A” changed; Product “B” changed');
    expect(await statuses()).toEqual(['triggered', 'triggered']);

    const again = await triggerPendingRebuild(db.sql, { hookUrl, now: new Date(newest.getTime() + minutes(10)) });
    expect(again).toMatchObject({ fired: false, why: 'nothing-waiting' });
    expect(hookCalls).toHaveLength(1);
  });

  it('"Publish now" skips the wait; without a hook URL nothing is fired and requests stay waiting', async () => {
    await db.sql`delete from site_builds`;
    hookCalls.length = 0;
    await requestRebuild(db.sql, 'Category “C” changed');
    expect(await triggerPendingRebuild(db.sql, { hookUrl: undefined, now: new Date(Date.now() + minutes(60)), force: true })).toMatchObject({ fired: false, why: 'no-hook' });
    expect(await statuses()).toEqual(['pending']);
    expect(await triggerPendingRebuild(db.sql, { hookUrl, now: new Date(), force: true })).toMatchObject({ fired: true, ok: true });
    expect(hookCalls).toHaveLength(1);
  });

  it('npm start\'s own hook is called for "Publish now" only, never by the debounced run', async () => {
    await db.sql`delete from site_builds`;
    hookCalls.length = 0;
    const localHook = new URL('/.netlify/local-build-hook/0a1b2c', hookUrl).href;
    await requestRebuild(db.sql, 'Product “L” changed');
    const later = new Date(Date.now() + minutes(30));
    expect(await triggerPendingRebuild(db.sql, { hookUrl: localHook, now: later })).toMatchObject({ fired: false, why: 'publish-now-only', requests: 1 });
    expect(hookCalls).toHaveLength(0);
    expect(await triggerPendingRebuild(db.sql, { hookUrl: localHook, now: later, force: true })).toMatchObject({ fired: true, ok: true });
    expect(hookCalls.map((c) => new URL(c.url, 'http://x').pathname)).toEqual(['/.netlify/local-build-hook/0a1b2c']);
  });

  it('marks a failed call and retries it on the next run', async () => {
    await db.sql`delete from site_builds`;
    hookCalls.length = 0;
    await requestRebuild(db.sql, 'Product “D” changed');
    hookStatus = 500;
    const failed = await triggerPendingRebuild(db.sql, { hookUrl, now: new Date(Date.now() + minutes(3)) });
    expect(failed).toMatchObject({ fired: true, ok: false, error: expect.stringContaining('500') });
    expect(await statuses()).toEqual(['failed']);
    hookStatus = 200;
    expect(await triggerPendingRebuild(db.sql, { hookUrl, now: new Date(Date.now() + minutes(8)) })).toMatchObject({ fired: true, ok: true });
    expect(await statuses()).toEqual(['triggered']);
    expect(hookCalls).toHaveLength(2);
  });

  it('uses the injected fetch, and an unreachable hook is a recorded failure, not a crash', async () => {
    await db.sql`delete from site_builds`;
    await requestRebuild(db.sql, 'Product “E” changed');
    const result = await triggerPendingRebuild(db.sql, {
      hookUrl: 'https://api.netlify.com/build_hooks/x',
      now: new Date(),
      force: true,
      fetch: () => Promise.reject(new Error('connect ECONNREFUSED')),
    });
    expect(result).toMatchObject({ fired: true, ok: false, error: 'The build hook could not be reached: connect ECONNREFUSED' });
    const [row] = await db.sql<{ error: string }[]>`select error from site_builds`;
    expect(row!.error).toContain('ECONNREFUSED');
  });
});

describe('/api/admin/publishing', () => {
  it('shows crew what is waiting; a manager publishes now and it is audited', async () => {
    useAdminEnv(db.url, { NETLIFY_BUILD_HOOK_URL: hookUrl });
    const { env } = await import('../../src/lib/config/env');
    // env() is parsed once per process; this file needs the hook URL in it.
    Object.assign(env(), { NETLIFY_BUILD_HOOK_URL: hookUrl });
    const publishing = (await import('../../netlify/functions/admin-publishing')).default;
    const crew = await staffSession(db.sql, 'crew');
    const manager = await staffSession(db.sql, 'manager');
    await db.sql`delete from site_builds`;
    hookCalls.length = 0;
    await requestRebuild(db.sql, 'Product “F” changed');

    const status = await adminCall(publishing, 'GET', '/api/admin/publishing', { cookie: crew.cookie });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ waiting: 1, hookConfigured: true, automatic: true, help: null, debounceSeconds: 120 });
    expect((await adminCall(publishing, 'POST', '/api/admin/publishing', { cookie: crew.cookie })).status).toBe(403);

    const published = await adminCall(publishing, 'POST', '/api/admin/publishing', { cookie: manager.cookie });
    expect(published.status).toBe(200);
    expect(published.body.result).toMatchObject({ fired: true, ok: true, requests: 1 });
    expect(published.body.status).toMatchObject({ waiting: 0, lastError: null });
    expect(published.body.status.lastTriggeredAt).not.toBeNull();
    // Nothing waits any more, but the site does not serve the new build yet (no build here): the panel
    // says the site is updating, not that every change is live.
    expect(published.body.status).toMatchObject({ waiting: 0, phase: 'updating' });
    expect((await adminCall(publishing, 'GET', '/api/admin/publishing', { cookie: crew.cookie })).body.phase).toBe('updating');
    expect(hookCalls).toHaveLength(1);
    const [audit] = await db.sql<{ n: number }[]>`select count(*)::int as n from audit_log where action = 'site.publish'`;
    expect(audit!.n).toBe(1);
  });

  it('tells managers how publishing works on this computer, and crew (who cannot publish) nothing about it', async () => {
    const { env } = await import('../../src/lib/config/env');
    const localHook = new URL('/.netlify/local-build-hook/0a1b2c', hookUrl).href;
    Object.assign(env(), { NETLIFY_BUILD_HOOK_URL: localHook });
    try {
      const publishing = (await import('../../netlify/functions/admin-publishing')).default;
      const crew = await staffSession(db.sql, 'crew');
      const manager = await staffSession(db.sql, 'manager');
      const forCrew = await adminCall(publishing, 'GET', '/api/admin/publishing', { cookie: crew.cookie });
      expect(forCrew.status).toBe(200);
      expect(forCrew.body).toMatchObject({ help: null });
      expect(JSON.stringify(forCrew.body)).not.toContain('Publish now');
      const forManager = await adminCall(publishing, 'GET', '/api/admin/publishing', { cookie: manager.cookie });
      expect(forManager.body.help).toBe(LOCAL_PUBLISH_HELP);
    } finally {
      Object.assign(env(), { NETLIFY_BUILD_HOOK_URL: hookUrl });
    }
  });
});
