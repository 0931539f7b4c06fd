import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/cli/ports';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { startSmtpSink } from '../support/smtp-sink';

/**
 * Over SMTP_URL a batch of messages (a booking's confirmation and its notice to the business, a
 * scheduled run's queue) goes over one connection, closed when the batch is done; nodemailer's SMTP
 * transport alone opens one a message.
 */

let db: TestDatabase;
let dataDir: string;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const load = async (name: string) => (await import(`../../netlify/functions/${name}.ts`)).default as Handler;

beforeAll(async () => {
  db = await createSeededDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mail-connections-'));
  const port = await freePort();
  sink = await startSmtpSink(port);
  for (const key of ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'BUSINESS_NOTIFY_EMAIL']) delete process.env[key];
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    SITE_URL: 'http://localhost:4321',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Pink Flamingo <hello@pinkflamingo.example>',
  });
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await sink.close();
  delete process.env.SMTP_URL;
  await db.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const openedSince = (before: number) => sink.accepted() - before;
const message = (to: string) => ({ template: 'test', email: { to, subject: `Queued for ${to}`, html: '<p>Hello</p>', text: 'Hello' } });

describe('mail over SMTP, a connection a batch', () => {
  it("sends a booking's confirmation and its notice to the business over one connection, and closes it", async () => {
    const before = sink.accepted();
    const answer = await call(await load('bookings'), 'POST', '/api/bookings', {
      items: [{ product: 'table-and-chair-set', quantity: 1 }],
      event: { date: futureDate(30), start: '11:00', end: '17:00' },
      customer: { name: 'One Connection', email: 'one.connection@example.com', phone: '(512) 555-0161' },
      address: { line1: '1 Test St', city: 'Round Rock', state: 'TX', zip: '78664' },
      acceptTerms: true,
    });
    expect(answer.status).toBe(201);
    // The function answers once its mail is sent (no waitUntil here).
    const mine = sink.received.filter((m) => m.data.includes(answer.body.bookingNumber));
    expect(mine.flatMap((m) => m.to)).toEqual(expect.arrayContaining(['one.connection@example.com']));
    expect(mine).toHaveLength(2);
    expect(openedSince(before)).toBe(1);
    await sink.allClosed();
    const stored = await db.sql<{ status: string }[]>`
      select status from outbound_emails where subject like ${`%${answer.body.bookingNumber}%`}`;
    expect(stored.map((m) => m.status)).toEqual(['sent', 'sent']);
  });

  it("sends the scheduled run's queue over one connection, and a single message over one of its own", async () => {
    const { queueEmails, deliverPending } = await import('../../src/lib/email/outbox.server');
    const now = new Date();
    // Only these messages are due: whatever else waits in the queue is out of the way.
    await db.sql`update outbound_emails set status = 'sent' where status = 'pending'`;
    await queueEmails(db.sql, ['a@example.com', 'b@example.com', 'c@example.com'].map(message), now);
    const before = sink.accepted();
    expect(await deliverPending(db.sql, now, 'hello@pinkflamingo.example')).toBe(3);
    expect(openedSince(before)).toBe(1);
    await sink.allClosed();

    await queueEmails(db.sql, [message('d@example.com')], now);
    const beforeOne = sink.accepted();
    expect(await deliverPending(db.sql, now, 'hello@pinkflamingo.example')).toBe(1);
    expect(openedSince(beforeOne)).toBe(1);
    expect(sink.received.flatMap((m) => m.to)).toEqual(expect.arrayContaining(['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']));
  });
});

describe("the scheduled run's sending", () => {
  const queue = async (count: number, prefix: string) => {
    const { queueEmails } = await import('../../src/lib/email/outbox.server');
    const addresses = Array.from({ length: count }, (_, i) => `${prefix}${i}@example.com`);
    await queueEmails(db.sql, addresses.map(message), new Date());
    return addresses;
  };
  const pending = async (prefix: string) =>
    Number((await db.sql<{ n: number }[]>`select count(*)::int as n from outbound_emails where status = 'pending' and to_address like ${`${prefix}%`}`)[0]!.n);

  it('sends a backlog larger than a batch, 20 at a time over a connection each, while it may go on', async () => {
    const { sendQueuedMail } = await import('../../src/lib/email/index.server');
    const addresses = await queue(45, 'backlog');
    const before = sink.accepted();
    await sendQueuedMail(db.sql, new Date(), { more: () => true });
    expect(await pending('backlog')).toBe(0);
    expect(sink.received.flatMap((m) => m.to)).toEqual(expect.arrayContaining(addresses));
    expect(openedSince(before)).toBe(3);
  });

  it('leaves what is left after the batch in hand to the next run once it may not go on', async () => {
    const { sendQueuedMail } = await import('../../src/lib/email/index.server');
    await queue(25, 'late');
    await sendQueuedMail(db.sql, new Date(), { more: () => false });
    expect(await pending('late')).toBe(5);
  });
});
