import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/cli/ports';
import { WAIVER_RULES, WAIVER_VERSION } from '../../src/lib/waivers/waiver-text';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { startSmtpSink } from '../support/smtp-sink';

/**
 * The mail server is down (SMTP_URL points at a port nobody listens on): every submission is still
 * taken and kept with its mail queued; when the server is back, the scheduled housekeeping function
 * sends everything over SMTP.
 */

let db: TestDatabase;
let smtpPort: number;
let ipCounter = 0;
const ip = () => ({ 'x-test-ip': `10.9.1.${++ipCounter}` });
const load = async (name: string) => (await import(`../../netlify/functions/${name}.ts`)).default as Handler;

beforeAll(async () => {
  db = await createSeededDatabase();
  smtpPort = await freePort();
  for (const key of ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'BUSINESS_NOTIFY_EMAIL']) delete process.env[key];
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'mail-outage-')),
    SITE_URL: 'http://localhost:4321',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Pink Flamingo <hello@pinkflamingo.example>',
  });
});
afterAll(async () => {
  const { useTransport } = await import('../../src/lib/email/outbox.server');
  useTransport(undefined);
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  delete process.env.SMTP_URL;
  await db.drop();
});

describe('the mail server is down', () => {
  it('keeps every submission, queues its mail, and the housekeeping run sends it once SMTP is back', { timeout: 90_000 }, async () => {
    const [priya] = await db.sql<{ number: string; email: string }[]>`
      select b.number, c.email from bookings b join customers c on c.id = b.customer_id
      where b.status = 'confirmed' and b.event_start > now() order by b.event_start limit 1`;
    const submissions: [string, string, unknown][] = [
      ['bookings', '/api/bookings', {
        items: [{ product: 'table-and-chair-set', quantity: 1 }], event: { date: futureDate(35), start: '11:00', end: '17:00' },
        customer: { name: 'Mail Outage', email: 'mail.booking@example.com', phone: '(512) 555-0150' },
        address: { line1: '1 Test St', city: 'Round Rock', state: 'TX', zip: '78664' }, acceptTerms: true,
      }],
      ['quotes', '/api/quotes', { submissionId: randomUUID(), website: '', eventType: 'school', eventDate: futureDate(40), guestCount: 80, zip: '78664', items: [], details: 'Field day', name: 'Mail Outage', email: 'mail.quote@example.com' }],
      ['contact', '/api/contact', { submissionId: randomUUID(), website: '', kind: 'support', name: 'Mail Outage', email: 'mail.contact@example.com', message: 'Where is my order?' }],
      ['product-suggestions', '/api/product-suggestions', { submissionId: randomUUID(), website: '', what: 'Foam machine', name: 'Mail Outage', email: 'mail.suggestion@example.com' }],
      ['cake-orders', '/api/cake-orders', {
        submissionId: randomUUID(), website: '', product: 'classic-round-birthday-cake', servings: 24, tiers: 1, flavour: 'funfetti', filling: 'chocolate-ganache',
        frosting: 'vanilla-buttercream', fulfilment: 'pickup', neededOn: futureDate(10), name: 'Mail Outage', email: 'mail.cake@example.com', phone: '(512) 555-0150',
      }],
      ['waivers', '/api/waivers', {
        submissionId: randomUUID(), website: '', access: { bookingNumber: priya!.number, email: priya!.email }, waiverVersion: WAIVER_VERSION,
        signerName: 'Mail Outage', signerEmail: 'mail.waiver@example.com', adults: [{ name: 'Mail Outage' }], guests: [],
        acknowledged: Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true])), consent: true, signatureKind: 'typed', typedSignature: 'Mail Outage',
      }],
    ];
    for (const [name, url, body] of submissions) {
      const answer = await call(await load(name), 'POST', url, body, ip());
      expect({ name, status: answer.status }).toEqual({ name, status: 201 });
    }
    // Stored: one row each, found by the customer's address.
    const stored = await db.sql<{ n: number }[]>`
      select (select count(*) from bookings b join customers c on c.id = b.customer_id where c.email = 'mail.booking@example.com')
        + (select count(*) from quotes where email = 'mail.quote@example.com')
        + (select count(*) from contact_messages where email = 'mail.contact@example.com')
        + (select count(*) from product_suggestions where email = 'mail.suggestion@example.com')
        + (select count(*) from cake_orders where email = 'mail.cake@example.com')
        + (select count(*) from waivers where signer_email = 'mail.waiver@example.com') as n`;
    expect(Number(stored[0]!.n)).toBe(6);

    const queued = await db.sql<{ to_address: string; status: string; attempts: number; last_error: string | null }[]>`
      select to_address, status, attempts, last_error from outbound_emails where status <> 'sent' order by created_at`;
    const customers = ['mail.booking@example.com', 'mail.quote@example.com', 'mail.contact@example.com', 'mail.suggestion@example.com', 'mail.cake@example.com', 'mail.waiver@example.com'];
    expect(queued.map((m) => m.to_address)).toEqual(expect.arrayContaining(customers));
    for (const mail of queued) expect(mail).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED|connect/i) });

    // The mail server comes back; a few minutes later the scheduled function runs.
    const sink = await startSmtpSink(smtpPort);
    try {
      await db.sql`update outbound_emails set next_attempt_at = now() - interval '1 second' where status = 'pending'`;
      const housekeeping = await load('housekeeping');
      await housekeeping(new Request('http://localhost/.netlify/functions/housekeeping'), {} as never);
      const after = await db.sql<{ status: string }[]>`select status from outbound_emails where to_address = any(${queued.map((m) => m.to_address)})`;
      expect(after.every((m) => m.status === 'sent')).toBe(true);
      const recipients = sink.received.flatMap((m) => m.to);
      expect(recipients).toEqual(expect.arrayContaining(customers));
      expect(sink.received).toHaveLength(queued.length);
      expect(sink.received.every((m) => m.from === 'hello@pinkflamingo.example')).toBe(true);
    } finally {
      await sink.close();
    }
  });
});
