import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { startQuickBooksDouble, type QuickBooksDouble } from '../support/quickbooks-double';
import { adminCall, closeAdminConnections, SITE, staffSession, TEST_AUTH_SECRET } from '../support/staff';

/**
 * What Settings → Accounting reads and does through admin-accounting (issue #41), against the
 * QuickBooks double: the demo business said to send nothing, Intuit's consent screen sending the
 * owner back to Settings and the screen finishing the connection, a `state` not started here refused, QuickBooks' lists
 * beside the site's categories for the mapping, and the dashboard's notice linking to the failed items; QuickBooks
 * down, and tokens refused or unreadable (a restore), said as sentences, the latter in the broken connection's words.
 */
let db: TestDatabase;
let qbo: QuickBooksDouble;
let accountingFn: Handler;
let dashboardFn: Handler;
let ownerCookie = '';
const owner = (handler: Handler, method: string, url: string, body?: unknown) => adminCall(handler, method, url, { cookie: ownerCookie, ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  db = await createSeededDatabase();
  qbo = await startQuickBooksDouble();
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    SITE_URL: SITE,
    AUTH_SECRET: TEST_AUTH_SECRET,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'admin-accounting-')),
    QUICKBOOKS_CLIENT_ID: qbo.clientId,
    QUICKBOOKS_CLIENT_SECRET: qbo.clientSecret,
    QUICKBOOKS_TOKEN_KEY: randomBytes(32).toString('base64'),
    QUICKBOOKS_API_BASE: qbo.url,
    QUICKBOOKS_OAUTH_BASE: qbo.url,
  });
  accountingFn = (await import('../../netlify/functions/admin-accounting')).default;
  dashboardFn = (await import('../../netlify/functions/admin-dashboard')).default;
  ownerCookie = (await staffSession(db.sql, 'owner')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await qbo.close();
  await db.drop();
});

/** The owner's browser at Intuit's consent screen (the double's): where it is sent back to. */
async function consent(url: string): Promise<URL> {
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}

describe('Settings → Accounting', () => {
  it('says the demo business sends nothing, before and after connecting', async () => {
    const status = await owner(accountingFn, 'GET', '/api/admin/accounting');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ configured: true, isDemo: true, status: 'disconnected', mappingComplete: false, items: [] });
  });

  it('refuses a code whose `state` was not started here, at the field, and connects nothing', async () => {
    await owner(accountingFn, 'POST', '/api/admin/accounting/connect');
    const wrong = await owner(accountingFn, 'POST', '/api/admin/accounting/callback', { code: qbo.authorize(), state: 'not-ours', realmId: qbo.realmId });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toMatchObject({ state: 'Press Connect again.' });
    expect((await owner(accountingFn, 'GET', '/api/admin/accounting')).body.status).toBe('disconnected');
  });

  it('connects through Intuit’s consent screen and its redirect, then lists QuickBooks’ items and accounts with the site’s categories', async () => {
    const before = await owner(accountingFn, 'GET', '/api/admin/accounting/choices');
    expect(before.body).toMatchObject({ items: [], accounts: [] });

    const connect = await owner(accountingFn, 'POST', '/api/admin/accounting/connect');
    expect(connect.status).toBe(200);
    expect(connect.body.url).toMatch(new RegExp(`^${qbo.url}/connect/oauth2\\?`));
    // Intuit sends the browser to Settings (a page: the Strict session cookie does not come with a
    // navigation from Intuit's site), and the screen posts the code, state and company from there.
    const redirect = await consent(connect.body.url as string);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${SITE}/admin/settings`);
    expect(redirect.searchParams.get('realmId')).toBe(qbo.realmId);
    const back = await owner(accountingFn, 'POST', '/api/admin/accounting/callback', Object.fromEntries(redirect.searchParams));
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ status: 'connected', realmId: qbo.realmId });
    const [audit] = await db.sql<{ action: string }[]>`select action from audit_log where action = 'accounting.connected'`;
    expect(audit).toBeDefined();

    const choices = await owner(accountingFn, 'GET', '/api/admin/accounting/choices');
    expect(choices.status).toBe(200);
    expect(choices.body.items.map((i: { name: string }) => i.name)).toEqual(expect.arrayContaining(['Rentals', 'Delivery', 'Damage waiver', 'Adjustments', 'Sales tax']));
    expect(choices.body.accounts).toContainEqual({ id: qbo.ids.accounts.liability, name: 'Customer deposits (unearned revenue)', type: 'Other Current Liability' });
    const categories = await db.sql<{ id: string; name: string }[]>`select id, name from categories order by sort_order, name`;
    expect(categories.length).toBeGreaterThan(0);
    expect(choices.body.categories.map((c: { id: string; name: string }) => ({ id: c.id, name: c.name }))).toEqual(categories.map((c) => ({ id: c.id, name: c.name })));

    const status = await owner(accountingFn, 'GET', '/api/admin/accounting');
    expect(status.body).toMatchObject({ status: 'connected', realmId: qbo.realmId, isDemo: true });
  });

  it('the dashboard’s notice links to the sync log at the failed items', async () => {
    await db.sql`
      insert into accounting_queue (kind, rank, status, attempts, last_error)
      values ('customer', 0, 'failed', 1, 'Duplicate Name Exists Error')`;
    const dashboard = await owner(dashboardFn, 'GET', '/api/admin/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.accountingNotice).toMatchObject({ broken: false, stuck: 1, link: '/admin/settings?tab=accounting&log=failed#sync-log' });
    const failed = await owner(accountingFn, 'GET', '/api/admin/accounting?status=failed');
    expect(failed.body.items).toMatchObject([{ kind: 'customer', status: 'failed', lastError: 'Duplicate Name Exists Error' }]);
  });

  it('QuickBooks down while the mapping lists its items: a 503 saying so in a sentence, the connection kept', async () => {
    qbo.failNext({ kind: '503' });
    const choices = await owner(accountingFn, 'GET', '/api/admin/accounting/choices');
    expect(choices.status).toBe(503);
    expect(choices.body.error.message).toMatch(/^QuickBooks did not give its items and accounts \(Service Unavailable: .*\): try again in a few minutes\.$/);
    expect((await owner(accountingFn, 'GET', '/api/admin/accounting')).body.status).toBe('connected');
  });

  it('a restored refresh token Intuit no longer takes (refreshed since the backup): the connection says broken with Intuit’s refusal; connecting again mends it', async () => {
    const { encryptToken } = await import('../../src/lib/accounting/token-crypto.server');
    // What a restore brings back: the backup's refresh token, sealed with this site's key, which Intuit has since replaced.
    await db.sql`update accounting_connections set refresh_token_enc = ${encryptToken('RT1-replaced-since-the-backup')}, access_expires_at = now() - interval '1 minute' where id`;
    const choices = await owner(accountingFn, 'GET', '/api/admin/accounting/choices');
    expect(choices.status).toBe(503);
    const status = await owner(accountingFn, 'GET', '/api/admin/accounting');
    expect(status.body).toMatchObject({ status: 'broken', brokenReason: 'QuickBooks refused the connection: Intuit refused the connection (invalid_grant).' });
    expect(choices.body.error.message).toBe(status.body.brokenReason);
    // Connect again (the screen's button for a broken connection): Intuit's consent, its redirect, connected.
    const connect = await owner(accountingFn, 'POST', '/api/admin/accounting/connect');
    const back = await owner(accountingFn, 'POST', '/api/admin/accounting/callback', Object.fromEntries((await consent(connect.body.url as string)).searchParams));
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ status: 'connected', brokenReason: null });
    expect((await owner(accountingFn, 'GET', '/api/admin/accounting/choices')).status).toBe(200);
  });

  it('tokens sealed under another QUICKBOOKS_TOKEN_KEY (a backup restored on a site with another key) break the connection, saying why, instead of a 500', async () => {
    // What the restored rows hold: the old site's tokens, sealed (as token-crypto.server does) with a key this site does not have.
    const sealUnderAnotherKey = (plain: string) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', randomBytes(32), iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
    };
    await db.sql`
      update accounting_connections set access_token_enc = ${sealUnderAnotherKey('old-access')}, refresh_token_enc = ${sealUnderAnotherKey('old-refresh')},
        access_expires_at = now() + interval '50 minutes', status = 'connected', broken_reason = null
      where id`;
    const choices = await owner(accountingFn, 'GET', '/api/admin/accounting/choices');
    expect(choices.status).toBe(503);
    const status = await owner(accountingFn, 'GET', '/api/admin/accounting');
    expect(status.body).toMatchObject({ status: 'broken', brokenReason: expect.stringContaining('connect QuickBooks again') });
    // The choices' refusal says it in the same words, a sentence as the endpoint's other messages are.
    expect(choices.body.error.message).toBe(status.body.brokenReason);
    // QuickBooks was never asked: the reason is the site's own, not said to be QuickBooks' refusal.
    expect(status.body.brokenReason).toMatch(/^The stored QuickBooks tokens do not open with this site’s QUICKBOOKS_TOKEN_KEY/);
    expect(status.body.brokenReason).not.toMatch(/refused/);
  });
});
