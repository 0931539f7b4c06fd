import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequest } from '../../src/lib/booking/booking-request';
import { createBooking } from '../../src/lib/booking/booking-service.server';
import { customerInvoicePdf } from '../../src/lib/invoices/invoice.server';
import { queueDueReminders } from '../../src/lib/reminders/reminders.server';
import { sendQueuedMail } from '../../src/lib/email/send.server';
import { addDays, wallClockToInstant } from '../../src/lib/time';
import { futureDate } from '../support/api';
import { raiseBookingLimits } from '../support/booking-limits';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { mailText } from '../support/mail-text';
import { pdfText } from '../support/pdf-text';
import { adminCall, closeAdminConnections, SITE, staffSession, TEST_AUTH_SECRET } from '../support/staff';
import type { Handler } from '../support/api';

/**
 * Issue #40: a booking placed in Spanish gets everything in Spanish (its confirmation e-mail with the
 * .ics, the day-before reminder and its text, the invoice PDF), read as the customer reads them (the
 * e-mails as written to the outbox, the PDF's extracted text); the same booking in English stays English.
 */
let db: TestDatabase;
let dataDir: string;
let adminBookings: Handler;

beforeAll(async () => {
  db = await createSeededDatabase();
  // Three bookings by one phone number, each waiting for its deposit: the owner's limit on that is raised, as an owner could.
  await raiseBookingLimits(db.sql);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'booking-language-'));
  Object.assign(process.env, { DATABASE_URL: db.url, SITE_URL: SITE, DATA_DIR: dataDir, AUTH_SECRET: TEST_AUTH_SECRET });
  for (const key of ['STRIPE_SECRET_KEY', 'SMTP_URL', 'BUSINESS_NOTIFY_EMAIL']) delete process.env[key];
  adminBookings = (await import('../../netlify/functions/admin-bookings')).default;
});
afterAll(async () => {
  await closeAdminConnections();
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await db.drop();
});

/** The readable text of the e-mails sent to this address, oldest first. */
async function mailTo(address: string): Promise<string[]> {
  const files = (await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[])).filter((f) => f.includes(address)).sort();
  return Promise.all(files.map(async (f) => mailText(await readFile(path.join(dataDir, 'outbox', f), 'utf8'))));
}

/** A booking as the website places it, in `language` (none: the request as it was before, English). */
async function book(language: 'es' | 'en' | undefined, date: string) {
  const email = `renter-${language ?? 'none'}-${date}@example.com`;
  const request = bookingRequest.parse({
    items: [{ product: 'rainbow-arch-bounce-house', quantity: 1 }],
    event: { date, start: '10:00', end: '16:00' },
    customer: { name: 'Ana García', email, phone: '(512) 555-0142' },
    address: { line1: '12 Oak Lane', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
    acceptTerms: true,
    ...(language ? { language } : {}),
  });
  const created = await createBooking(db.sql, request, new Date());
  const [row] = await db.sql<{ id: string; language: string; invoice_token: string }[]>`
    select id, language, invoice_token from bookings where number = ${created.bookingNumber}`;
  return { ...row!, number: created.bookingNumber, email, date };
}

/** The day-before reminder, as housekeeping queues and sends it the evening before; and its text body. */
async function dayBefore(b: { id: string; date: string }) {
  const evening = wallClockToInstant(addDays(b.date, -1), '20:00', 'America/Chicago');
  await queueDueReminders(db.sql, evening, SITE);
  await sendQueuedMail(db.sql, evening);
  const [text] = await db.sql<{ text_body: string }[]>`select text_body from customer_messages where dedupe_key = ${`day_before:${b.id}`}`;
  return text!.text_body;
}

async function invoiceLines(b: { number: string; invoice_token: string }) {
  const pdf = await customerInvoicePdf(db.sql, b.number, b.invoice_token, new Date());
  const { lines } = await pdfText(pdf.bytes);
  return { text: lines.join('\n') };
}

// Words an English message has and a Spanish one must not (the names, the address and the products are the customer's own).
const ENGLISH = /\b(Hello|Hi|When|Where|Track your booking|Sign the waiver|Your invoice|Change or cancel|Balance due|Deposit|Delivery|Sales tax|Paid so far|Questions\?|Your party|tomorrow|Invoice|Bill to|Payments and refunds|Issued)\b/;

describe('a booking’s language', () => {
  it('Spanish: the confirmation with its .ics, the day-before reminder and its text, and the invoice PDF are in Spanish', async () => {
    const b = await book('es', futureDate(30));
    expect(b.language).toBe('es');

    const [confirmation] = await mailTo(b.email);
    expect(confirmation).toContain('Hola:');
    expect(confirmation).toContain('Cuándo: ');
    expect(confirmation).toContain('Dónde: 12 Oak Lane, Round Rock, TX 78664');
    expect(confirmation).toContain('Cambiar o cancelar su reservación: ');
    expect(confirmation).toContain('Saldo pendiente');
    // The product by its Spanish name (seeded as an owner writes it), in the e-mail, the .ics and the invoice.
    expect(confirmation).toContain(`SUMMARY:Renta para fiesta: Brincolín Arcoíris`);
    expect(confirmation).toContain('Brincolín Arcoíris × 1');
    expect(confirmation).not.toContain('Rainbow Arch');
    expect(confirmation).toMatch(/\d{1,2}:\d{2}\s?a\.\s?m\./);
    expect(confirmation!.replace(/^[\s\S]*?\n\n/, '')).not.toMatch(ENGLISH);

    const text = await dayBefore(b);
    expect(text).toContain('Su fiesta es mañana. Nuestro equipo llegará entre las ');
    expect(text).toContain('¿Preguntas?');
    expect(text).not.toMatch(ENGLISH);
    const reminder = (await mailTo(b.email)).find((m) => m.includes('Para prepararse:'));
    expect(reminder).toBeDefined();
    expect(reminder).toContain('Hola, Ana:');
    expect(reminder).toContain('Limpie el área de instalación');

    const invoice = await invoiceLines(b);
    expect(invoice.text).toContain('Factura');
    expect(invoice.text).toContain('Facturar a');
    expect(invoice.text).toContain('Reservación ' + b.number + ' (Reservada: depósito pendiente)');
    expect(invoice.text).toContain('Pagos y reembolsos');
    expect(invoice.text).toContain('Brincolín Arcoíris');
    expect(invoice.text).not.toContain('Rainbow Arch');
    expect(invoice.text).not.toMatch(ENGLISH);
  });

  it('English: the same booking without a language, or with "en", reads as it always did', async () => {
    for (const [language, days] of [[undefined, 31], ['en', 32]] as const) {
      const b = await book(language, futureDate(days));
      expect(b.language).toBe('en');
      const [confirmation] = await mailTo(b.email);
      expect(confirmation).toContain('Hello,');
      expect(confirmation).toContain('When: ');
      expect(confirmation).toContain('Where: 12 Oak Lane, Round Rock, TX 78664');
      expect(confirmation).toContain('SUMMARY:Party rental: Rainbow Arch Bounce House');
      expect(confirmation).not.toContain('Arcoíris');
      expect(confirmation).toMatch(/\d{1,2}:\d{2} AM/);

      const text = await dayBefore(b);
      expect(text).toMatch(/Your party is tomorrow\. Our crew expects to arrive between \d{1,2}:\d{2} [AP]M and \d{1,2}:\d{2} [AP]M to set up\./);
      expect(text).toContain('Questions?');
      expect((await mailTo(b.email)).some((m) => m.includes('To get ready:'))).toBe(true);

      const invoice = await invoiceLines(b);
      expect(invoice.text).toContain('Bill to');
      expect(invoice.text).toContain(`Booking ${b.number} (Booked: deposit due)`);
      expect(invoice.text).toContain('Rainbow Arch Bounce House');
    }
  });

  it('staff see the language on the booking, change it (audited, a 400 for anything else), and the invoice follows', async () => {
    const b = await book(undefined, futureDate(33));
    const { cookie } = await staffSession(db.sql, 'crew');
    const path = `/api/admin/bookings/${b.id}/language`;
    expect((await adminCall(adminBookings, 'GET', `/api/admin/bookings/${b.id}`, { cookie })).body).toMatchObject({ language: 'en' });

    const refused = await adminCall(adminBookings, 'POST', path, { cookie, body: { language: 'fr' } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Choose English or Spanish');
    expect(await db.sql`select 1 from audit_log where entity_id = ${b.id} and action = 'booking.language'`).toHaveLength(0);

    const changed = await adminCall(adminBookings, 'POST', path, { cookie, body: { language: 'es' } });
    expect(changed.status).toBe(200);
    const screen = await adminCall(adminBookings, 'GET', `/api/admin/bookings/${b.id}`, { cookie });
    expect(screen.body.language).toBe('es');
    const [entry] = await db.sql<{ before: unknown; after: unknown; actor_email: string }[]>`
      select before, after, actor_email from audit_log where entity = 'booking' and entity_id = ${b.id} and action = 'booking.language'`;
    expect(entry).toMatchObject({ before: { language: 'en' }, after: { language: 'es' } });
    expect(entry!.actor_email).toContain('@');
    expect((await invoiceLines(b)).text).toContain('Facturar a');
  });
});
