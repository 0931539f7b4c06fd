import { randomUUID } from 'node:crypto';
import { access, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../src/cli/ports';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { simulateNetlifyRuntime } from '../support/netlify-runtime';
import { startSmtpSink } from '../support/smtp-sink';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';

/**
 * A deployed site without SMTP_URL: the functions run as under Netlify's bootstrap, whose disk is
 * read-only. Submissions are stored and their mail queued, nothing is written to disk, no attempt is
 * used up, and the site says so (health, admin dashboard, the log once). Once SMTP_URL is set (a
 * redeploy: fresh function instances), housekeeping sends everything that waited.
 */

let db: TestDatabase;
let dataDir: string;
let undoNetlify: () => void;
let ipCounter = 0;
const ip = () => ({ 'x-test-ip': `10.8.0.${++ipCounter}` });
const load = async (name: string) => (await import(`../../netlify/functions/${name}.ts`)).default as Handler;
const customers = ['netlify.quote@example.com', 'netlify.contact@example.com', 'netlify.suggestion@example.com'];
const NOT_CONFIGURED = {
  delivery: 'not-configured',
  message: 'E-mail is not being sent: SMTP_URL is not set. Customers get no confirmations and staff no notices; every message is kept and goes out once SMTP_URL is set.',
};

beforeAll(async () => {
  db = await createSeededDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mail-netlify-'));
  for (const key of ['SMTP_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'BUSINESS_NOTIFY_EMAIL']) delete process.env[key];
  useAdminEnv(db.url, { DATA_DIR: dataDir, BUILD_ID: 'netlify-test', MAIL_FROM: 'Pink Flamingo <hello@pinkflamingo.example>' });
  undoNetlify = simulateNetlifyRuntime();
});
afterAll(async () => {
  undoNetlify();
  delete process.env.SMTP_URL;
  vi.restoreAllMocks();
  await closeAdminConnections();
  await db.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('mail on Netlify without SMTP_URL', () => {
  it('stores every submission, keeps its mail queued untouched, writes no file and says so once in the log', async () => {
    const warn = vi.spyOn(console, 'warn');
    const submissions: [string, string, unknown][] = [
      ['quotes', '/api/quotes', { submissionId: randomUUID(), website: '', eventType: 'school', eventDate: futureDate(40), guestCount: 80, zip: '78664', items: [], details: 'Field day', name: 'Netlify Mail', email: customers[0] }],
      ['contact', '/api/contact', { submissionId: randomUUID(), website: '', kind: 'support', name: 'Netlify Mail', email: customers[1], message: 'Where is my order?' }],
      ['product-suggestions', '/api/product-suggestions', { submissionId: randomUUID(), website: '', what: 'Foam machine', name: 'Netlify Mail', email: customers[2] }],
    ];
    for (const [name, url, body] of submissions) {
      const answer = await call(await load(name), 'POST', url, body, ip());
      expect({ name, status: answer.status }).toEqual({ name, status: 201 });
    }
    const stored = await db.sql<{ n: number }[]>`
      select (select count(*) from quotes where email = ${customers[0]!})
        + (select count(*) from contact_messages where email = ${customers[1]!})
        + (select count(*) from product_suggestions where email = ${customers[2]!}) as n`;
    expect(Number(stored[0]!.n)).toBe(3);

    // The scheduled run changes nothing either: no attempt is used up while SMTP_URL is missing.
    await (await load('housekeeping'))(new Request('http://localhost/.netlify/functions/housekeeping'), {} as never);
    const queued = await db.sql<{ to_address: string; status: string; attempts: number; last_error: string | null }[]>`
      select to_address, status, attempts, last_error from outbound_emails where to_address = any(${customers})`;
    expect(queued.map((m) => m.to_address)).toEqual(expect.arrayContaining(customers));
    for (const mail of queued) expect(mail).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
    expect(await db.sql`select 1 from outbound_emails where status <> 'pending'`).toHaveLength(0);

    await expect(access(path.join(dataDir, 'outbox'))).rejects.toThrow();
    const told = warn.mock.calls.filter((args) => String(args[0]).includes('SMTP_URL is not set'));
    expect(told).toHaveLength(1);
    expect(String(told[0]![0])).toContain('read-only');
  });

  it('shows in /api/health, which stays 200 while the database is fine', async () => {
    const health = await call(await load('health'), 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', database: 'reachable', mail: NOT_CONFIGURED });
  });

  it('warns staff on the admin dashboard', async () => {
    const { cookie } = await staffSession(db.sql, 'crew');
    const dashboard = await adminCall(await load('admin-dashboard'), 'GET', '/api/admin/dashboard', { cookie });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.mail).toEqual(NOT_CONFIGURED);
  });

  it('sends everything that waited once SMTP_URL is set', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const sink = await startSmtpSink(port);
    try {
      // Setting a variable on Netlify means a redeploy: new instances read the new environment.
      await closeAdminConnections();
      vi.resetModules();
      process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
      const health = await call(await load('health'), 'GET', '/api/health');
      expect(health.body.mail.delivery).toBe('smtp');
      await (await load('housekeeping'))(new Request('http://localhost/.netlify/functions/housekeeping'), {} as never);
      const after = await db.sql<{ status: string }[]>`select status from outbound_emails where to_address = any(${customers})`;
      expect(after.length).toBeGreaterThanOrEqual(customers.length);
      expect(after.every((m) => m.status === 'sent')).toBe(true);
      expect(sink.received.flatMap((m) => m.to)).toEqual(expect.arrayContaining(customers));
    } finally {
      await sink.close();
    }
  });
});
