import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetOldMailContents, MAIL_CONTENTS_DAYS } from '../../src/lib/email/index.server';
import { createSeededDatabase, type TestDatabase } from '../support/database';

/** The contents of mail that left long ago are forgotten; the record that it was sent stays, and nothing waiting is touched. */

let db: TestDatabase;
beforeAll(async () => {
  db = await createSeededDatabase();
  for (const key of ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'SMTP_URL']) delete process.env[key];
  Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: path.join(os.tmpdir(), 'data'), SITE_URL: 'http://localhost:4321' });
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await db.drop();
});

const NOW = new Date('2026-12-10T12:00:00Z');
const daysAgo = (days: number, from = NOW) => new Date(from.getTime() - days * 86_400_000);
const CONTENTS = { to: 'someone@example.com', subject: 'Your booking', html: '<p>Hello</p>', text: 'Hello' };

async function stored(to: string, status: 'pending' | 'sent' | 'failed', created: Date, sent: Date | null = null) {
  await db.sql`
    insert into outbound_emails (to_address, subject, template, payload, status, sent_at, created_at, next_attempt_at)
    values (${to}, 'Your booking', 'booking-customer', ${db.sql.json({ ...CONTENTS, to })}, ${status}, ${sent}, ${created}, ${created})`;
}

const rowOf = async (to: string) =>
  (await db.sql<{ payload: object; subject: string; status: string; sent_at: Date | null }[]>`
    select payload, subject, status, sent_at from outbound_emails where to_address = ${to}`)[0]!;

describe('mail contents kept for a while', () => {
  it(`forgets the contents of mail sent or failed over ${MAIL_CONTENTS_DAYS} days ago, keeps the record, and never touches mail still waiting`, async () => {
    await stored('sent-long-ago@example.com', 'sent', daysAgo(40), daysAgo(MAIL_CONTENTS_DAYS + 1));
    await stored('sent-lately@example.com', 'sent', daysAgo(40), daysAgo(MAIL_CONTENTS_DAYS - 1));
    await stored('failed-long-ago@example.com', 'failed', daysAgo(MAIL_CONTENTS_DAYS + 1));
    await stored('failed-lately@example.com', 'failed', daysAgo(MAIL_CONTENTS_DAYS - 1));
    await stored('still-waiting@example.com', 'pending', daysAgo(90));

    expect(await forgetOldMailContents(db.sql, NOW)).toBe(2);

    expect(await rowOf('sent-long-ago@example.com')).toEqual({ payload: {}, subject: 'Your booking', status: 'sent', sent_at: daysAgo(MAIL_CONTENTS_DAYS + 1) });
    expect((await rowOf('failed-long-ago@example.com')).payload).toEqual({});
    for (const kept of ['sent-lately@example.com', 'failed-lately@example.com', 'still-waiting@example.com']) {
      expect((await rowOf(kept)).payload).toEqual({ ...CONTENTS, to: kept });
    }
    // Once forgotten, nothing is left to do.
    expect(await forgetOldMailContents(db.sql, NOW)).toBe(0);
  });

  it('the scheduled housekeeping run forgets them', async () => {
    // The function reads the clock itself: a day either side of the limit, whatever the hour.
    const now = new Date();
    await stored('run-sent-long-ago@example.com', 'sent', daysAgo(40, now), daysAgo(MAIL_CONTENTS_DAYS + 1, now));
    await stored('run-sent-lately@example.com', 'sent', daysAgo(40, now), daysAgo(MAIL_CONTENTS_DAYS - 1, now));
    const { default: housekeeping } = await import('../../netlify/functions/housekeeping');
    await housekeeping();
    expect((await rowOf('run-sent-long-ago@example.com')).payload).toEqual({});
    expect((await rowOf('run-sent-lately@example.com')).payload).toEqual({ ...CONTENTS, to: 'run-sent-lately@example.com' });
  });
});
