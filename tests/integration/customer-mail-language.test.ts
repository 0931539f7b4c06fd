import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequest } from '../../src/lib/booking/booking-request';
import { createBooking } from '../../src/lib/booking/booking-service.server';
import { releaseExpiredHolds } from '../../src/lib/booking/holds.server';
import { sendQueuedMail } from '../../src/lib/email/send.server';
import { call, futureDate, type Handler } from '../support/api';
import { raiseBookingLimits } from '../support/booking-limits';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { decodedHeader, mailText } from '../support/mail-text';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';

/**
 * Issue #40: what a customer receives after booking follows the booking's language, read as the
 * customer reads it (the outbox's raw messages through the suite's MIME helper): the receipt for a
 * payment staff record, the rain-out offer, the e-mail that a booking was released, and the credit code
 * asked for from a Spanish checkout (with its answer and its errors). The same in English reads as before.
 */
let db: TestDatabase;
let dataDir: string;
const h: Record<'admin' | 'day' | 'code', Handler> = {} as never;
let manager = '';
let ips = 0;
const ip = () => `10.9.0.${++ips}`;

beforeAll(async () => {
  db = await createSeededDatabase();
  await raiseBookingLimits(db.sql);
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'SMTP_URL', 'BUSINESS_NOTIFY_EMAIL']) delete process.env[key];
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mail-language-'));
  useAdminEnv(db.url, { DATA_DIR: dataDir });
  h.admin = (await import('../../netlify/functions/admin-bookings')).default;
  h.day = (await import('../../netlify/functions/admin-day')).default;
  h.code = (await import('../../netlify/functions/credit-code')).default;
  manager = (await staffSession(db.sql, 'manager')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

/** Every e-mail sent to this address, as the customer reads it (headers and decoded text parts), oldest first. */
async function mailTo(address: string): Promise<string[]> {
  await sendQueuedMail(db.sql, new Date());
  const files = (await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[])).filter((f) => f.includes(address)).sort();
  return Promise.all(files.map(async (f) => mailText(await readFile(path.join(dataDir, 'outbox', f), 'utf8'))));
}
/** The e-mail to this address whose subject has these words. */
const mailAbout = async (address: string, subject: RegExp) => {
  const found = (await mailTo(address)).filter((m) => subject.test(decodedHeader(/^subject:.*$/im.exec(m)?.[0] ?? '')));
  expect(found, `an e-mail to ${address} about ${subject}`).toHaveLength(1);
  return found[0]!;
};
/** The message without its headers: the words the customer reads. */
const body = (mail: string) => mail.replace(/^[\s\S]*?\n\n/, '');

// Words an English message has and a Spanish one must not (names, the address and the products are the customer's own).
const ENGLISH = /(?<!\p{L})(Hello|Hi|Thank you|Receipt|received|Balance|Method|Date|Booking|Paid so far|Your invoice|Track your booking|Weather|Choose|credit|refund|The deposit|released|Still planning|Enter this code|It works|minutes|Questions)(?!\p{L})/u;

async function book(language: 'es' | 'en', days: number) {
  const date = futureDate(days);
  const email = `renter-${language}-${days}@example.com`;
  const request = bookingRequest.parse({
    items: [{ product: 'rainbow-arch-bounce-house', quantity: 1 }],
    event: { date, start: '10:00', end: '16:00' },
    customer: { name: 'Ana García', email, phone: '(512) 555-0142' },
    address: { line1: '12 Oak Lane', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
    acceptTerms: true,
    language,
  });
  const created = await createBooking(db.sql, request, new Date());
  const [row] = await db.sql<{ id: string }[]>`select id from bookings where number = ${created.bookingNumber}`;
  return { id: row!.id, number: created.bookingNumber, email, date };
}

describe('after booking, in the booking’s language', () => {
  it('the receipt for a payment staff record', async () => {
    for (const language of ['es', 'en'] as const) {
      const b = await book(language, language === 'es' ? 40 : 41);
      const paid = await adminCall(h.admin, 'POST', `/api/admin/bookings/${b.id}/payments`, { cookie: manager, body: { amountCents: 5000, method: 'cash', note: '' } });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      if (language === 'es') {
        const receipt = await mailAbout(b.email, /Recibo: recibimos \$50 de la reservación/);
        expect(body(receipt)).toContain(`¡Gracias! Recibimos $50 de la reservación ${b.number}.`);
        expect(body(receipt)).toContain('Forma de pago: Efectivo');
        expect(body(receipt)).not.toMatch(ENGLISH);
      } else {
        const receipt = await mailAbout(b.email, /Receipt: \$50 received for booking/);
        expect(body(receipt)).toContain(`Thank you! We received $50 for booking ${b.number}.`);
        expect(body(receipt)).toContain('Method: Cash');
      }
    }
  });

  it('the rain-out offer', async () => {
    const es = await book('es', 50);
    const en = await book('en', 50);
    const res = await adminCall(h.day, 'POST', '/api/admin/day/rain-outs', { cookie: manager, body: { date: es.date, offers: ['move', 'credit', 'refund'], bookingIds: [es.id, en.id] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const spanish = await mailAbout(es.email, /Clima: su fiesta del .* no puede realizarse/);
    expect(body(spanish)).toContain('Elija lo que más le convenga:');
    expect(body(spanish)).toContain('• Cambiar su fiesta a otra fecha, sin costo');
    expect(body(spanish)).not.toMatch(ENGLISH);
    const english = await mailAbout(en.email, /Weather: your party on .* can’t go ahead/);
    expect(body(english)).toContain('Choose what suits you:');
  });

  it('the e-mail that an unpaid booking was released', async () => {
    const es = await book('es', 60);
    const en = await book('en', 61);
    await db.sql`update bookings set hold_expires_at = now() - interval '1 minute' where id in (${es.id}, ${en.id})`;
    await releaseExpiredHolds(db.sql, new Date());
    const spanish = await mailAbout(es.email, /Su reservación .* se liberó/);
    expect(body(spanish)).toContain('¿Sigue planeando la fiesta? Reserve de nuevo en ');
    // Book again on the Spanish home page: the HTML part links it.
    expect(body(spanish)).toMatch(/<a href="[^"]*\/es"/);
    expect(body(spanish)).not.toMatch(ENGLISH);
    const english = await mailAbout(en.email, /Your booking .* was released/);
    expect(body(english)).toContain('Still planning the party? Book again at ');
  });
});

describe('the credit code, in the checkout page’s language', () => {
  const withCredit = async (email: string) => {
    const [customer] = await db.sql<{ id: string }[]>`insert into customers (name, email, phone) values ('Ana García', ${email}, '512 555 0199') returning id`;
    await db.sql`insert into customer_credits (customer_id, reason, amount_cents, remaining_cents, expires_on, note, issued_by)
      values (${customer!.id}, 'rain_check', 4000, 4000, null, 'Rained out', 'owner@example.com')`;
  };

  it('a Spanish page gets its answer, the e-mail and a wrong code’s error in Spanish; an English one as before', async () => {
    await withCredit('credito@example.com');
    const from = ip();
    const asked = await call(h.code, 'POST', '/api/credit-code', { email: 'credito@example.com' }, { 'x-test-ip': from, 'x-page-language': 'es' });
    expect(asked.status).toBe(202);
    expect(asked.body.message).toBe('Si ese correo tiene crédito con nosotros, le enviamos un código de 6 dígitos. Sirve durante 10 minutos.');
    const mail = await mailAbout('credito@example.com', /Su código para usar su crédito: \d{6}/);
    expect(body(mail)).toMatch(/Escriba este código al pagar para usar su crédito de \$40: \d{6}/);
    expect(body(mail)).not.toMatch(ENGLISH);
    const wrong = await call(h.code, 'POST', '/api/credit-code/verify', { email: 'credito@example.com', code: '000000' }, { 'x-test-ip': from, 'x-page-language': 'es' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.code).toBe('Ese código no es correcto. Revise el correo que le enviamos o pida un código nuevo.');

    await withCredit('credit@example.com');
    const english = await call(h.code, 'POST', '/api/credit-code', { email: 'credit@example.com' }, { 'x-test-ip': ip() });
    expect(english.body.message).toBe('If that e-mail has credit with us, we’ve sent it a 6-digit code. It works for 10 minutes.');
    expect(body(await mailAbout('credit@example.com', /Your code to use your credit: \d{6}/))).toMatch(/Enter this code at the checkout to use your credit of \$40: \d{6}/);
  });
});
