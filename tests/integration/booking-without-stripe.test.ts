import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Context } from '@netlify/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { raiseBookingLimits } from '../support/booking-limits';
import { withProof } from '../../src/cli/scripted-proof';

let db: TestDatabase;
let dataDir: string;
let bookings: Handler;

const request = (email: string, date: string) => ({
  items: [{ product: 'pink-castle-bounce-house', quantity: 1 }],
  event: { date, start: '10:00', end: '16:00' },
  customer: { name: 'Pat Doe', email, phone: '512 555 0123' },
  address: { line1: '5 Pine St', city: 'Georgetown', state: 'TX', zip: '78626' },
  acceptTerms: true,
});

beforeAll(async () => {
  db = await createSeededDatabase();
  // This file books many times as one customer from one address to test other things: the owner's
  // limits on one visitor (tested in unpaid-holds.test.ts) are raised, as an owner could.
  await raiseBookingLimits(db.sql);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'nostripe-'));
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'SMTP_URL']) delete process.env[key];
  Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: dataDir });
  bookings = (await import('../../netlify/functions/bookings')).default;
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await db.drop();
});

describe('booking with no payment account configured', () => {
  it('places the booking as "deposit due" and e-mails the customer and the business', async () => {
    const created = await call(bookings, 'POST', '/api/bookings', request('pat@example.com', futureDate(30)));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'deposit_due', payment: { url: null } });
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files.filter((f) => f.includes('pat@example.com'))).toHaveLength(1);
    expect(files.filter((f) => f.includes('hello@pinkflamingo.example'))).toHaveLength(1);
  });

  it('answers before the confirmation mail goes out when the platform keeps the function alive (waitUntil)', async () => {
    const { useTransport } = await import('../../src/lib/email/outbox.server');
    let releaseMail!: () => void;
    const mailServerAnswers = new Promise<void>((resolve) => (releaseMail = resolve));
    // A mail server that answers only when the test says so: the booking's answer must not wait for it.
    useTransport({ sendMail: async () => (await mailServerAnswers, { messageId: '<held@test>' }) } as never);
    const work: Promise<unknown>[] = [];
    const context = { ip: '10.9.0.1', deploy: { id: '' }, waitUntil: (p: Promise<unknown>) => work.push(p) } as unknown as Context;
    try {
      const response = await bookings(
        new Request('http://localhost/api/bookings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(await withProof(request('later@example.com', futureDate(33)))) }),
        context,
      );
      expect(response.status).toBe(201);
      // The confirmation mail goes after the answer; the booking_created analytics row was stored with the booking.
      expect(work).toHaveLength(1);
      const queued = await db.sql`select status from outbound_emails where to_address = 'later@example.com'`;
      expect(queued).toEqual([{ status: 'pending' }]);
      releaseMail();
      await Promise.all(work);
      const [sent] = await db.sql`select status from outbound_emails where to_address = 'later@example.com'`;
      expect(sent).toEqual({ status: 'sent' });
    } finally {
      useTransport(undefined);
    }
  });

  it('keeps the booking and its mail when the mail server is down, and sends it later', async () => {
    const { useTransport, deliverPending } = await import('../../src/lib/email/outbox.server');
    const nodemailer = (await import('nodemailer')).default;
    const broken = nodemailer.createTransport({ host: '127.0.0.1', port: 1, connectionTimeout: 500 });
    useTransport(broken);
    const created = await call(bookings, 'POST', '/api/bookings', request('outage@example.com', futureDate(31)));
    expect(created.status).toBe(201);
    const pending = await db.sql`select status, attempts, last_error from outbound_emails where to_address = 'outage@example.com'`;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending[0]!.last_error).toBeTruthy();

    useTransport(undefined);
    const later = new Date(Date.now() + 3 * 3_600_000);
    await deliverPending(db.sql, later, 'test@example.com');
    const [sent] = await db.sql`select status from outbound_emails where to_address = 'outage@example.com'`;
    expect(sent!.status).toBe('sent');
  });
});
