import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequest } from '../../src/lib/booking/booking-request';
import { placeBooking } from '../../src/lib/booking/place-booking.server';
import { deliveryFeeText } from '../../src/lib/booking';
import { invoiceMoney } from '../../src/lib/invoices/invoice';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { pdfText } from '../support/pdf-text';
import { adminCall, closeAdminConnections, SITE, staffSession, TEST_AUTH_SECRET } from '../support/staff';

const WEBHOOK_SECRET = 'whsec_invoices';
let db: TestDatabase;
let dataDir: string;
const h: Record<'manager' | 'invoice' | 'adminInvoice' | 'webhook' | 'track', Handler> = {} as never;
const cookie = { crew: '', manager: '' };

beforeAll(async () => {
  db = await createSeededDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'invoices-'));
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    SITE_URL: SITE,
    AUTH_SECRET: TEST_AUTH_SECRET,
    STRIPE_SECRET_KEY: 'sk_test_invoices',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    DATA_DIR: dataDir,
  });
  h.manager = (await import('../../netlify/functions/admin-bookings')).default;
  h.invoice = (await import('../../netlify/functions/booking-invoice')).default;
  h.adminInvoice = (await import('../../netlify/functions/admin-invoices')).default;
  h.webhook = (await import('../../netlify/functions/stripe-webhook')).default;
  h.track = (await import('../../netlify/functions/track-order')).default;
  cookie.crew = (await staffSession(db.sql, 'crew')).cookie;
  cookie.manager = (await staffSession(db.sql, 'manager')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

const NAME = 'Nguyễn Thị Minh Khai 王小明';
let counter = 0;
async function place(status: 'confirmed' | 'deposit_due' = 'confirmed') {
  const email = `invoice-${++counter}-${Date.now()}@example.com`;
  const request = bookingRequest.parse({
    items: [{ product: 'rainbow-arch-bounce-house', quantity: 1 }],
    event: { date: futureDate(40 + counter * 3), start: '10:00', end: '16:00' },
    customer: { name: NAME, email, phone: '(512) 555-0142' },
    address: { line1: '1 Test Way', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
    acceptTerms: true,
  });
  const placed = await placeBooking(db.sql, request, { now: new Date(), status, source: 'phone' });
  const [row] = await db.sql<{ total_cents: number; deposit_cents: number; tax_cents: number; delivery_fee_cents: number; subtotal_cents: number; balance_due_on: string | null; waiver_key: string; invoice_token: string }[]>`
    select total_cents, deposit_cents, tax_cents, delivery_fee_cents, subtotal_cents, balance_due_on::text, waiver_key, invoice_token from bookings where id = ${placed.id}`;
  return { ...placed, email, row: row! };
}

const pay = (id: string, body: unknown, who: string | null = cookie.manager) => adminCall(h.manager, 'POST', `/api/admin/bookings/${id}/payments`, { cookie: who, body });
const refund = (id: string, body: unknown) => adminCall(h.manager, 'POST', `/api/admin/bookings/${id}/refunds`, { cookie: cookie.manager, body });

/** The .eml files sent to this address, oldest first, decoded enough to read (quoted-printable soft breaks). */
async function mailTo(address: string): Promise<string[]> {
  const files = (await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[])).filter((f) => f.includes(address)).sort();
  return Promise.all(files.map(async (f) => (await readFile(path.join(dataDir, 'outbox', f), 'utf8')).replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))));
}
const receipts = async (address: string) => (await mailTo(address)).filter((m) => /Subject: (Receipt|Refund)/.test(m));
const $ = (cents: number) => invoiceMoney(cents).replace(/\.00$/, '');

describe('receipts', () => {
  it('e-mails a receipt with the method and new balance for cash, check and card in person, and for a refund', async () => {
    const b = await place();
    const total = b.row.total_cents;
    const cash = await pay(b.id, { amountCents: 5000, method: 'cash', note: 'at the door' });
    expect(cash.status).toBe(200);
    expect(cash.body).toMatchObject({ receiptTo: b.email, balanceCents: total - 5000 });
    expect(await pay(b.id, { amountCents: 3000, method: 'check' })).toMatchObject({ status: 200 });
    expect(await pay(b.id, { amountCents: 2000, method: 'card_in_person' })).toMatchObject({ status: 200 });
    const back = await refund(b.id, { paymentId: cash.body.id, amountCents: 1500, reason: 'Goodwill for a late delivery' });
    expect(back.status).toBe(200);

    const mails = await receipts(b.email);
    expect(mails).toHaveLength(4);
    const expectReceipt = (mail: string, subject: string, method: string, balance: number) => {
      expect(mail).toContain(`Subject: ${subject}`);
      expect(mail).toContain(`Method: ${method}`);
      expect(mail).toContain(`Balance due: ${$(balance)}`);
      expect(mail).toMatch(/Reply-To: .*hello@pinkflamingo\.example/);
      expect(mail).toContain(`/api/bookings/${b.number}/invoice?token=${b.row.invoice_token}`);
    };
    expectReceipt(mails[0]!, `Receipt: $50 received for booking ${b.number}`, 'Cash', total - 5000);
    expectReceipt(mails[1]!, `Receipt: $30 received for booking ${b.number}`, 'Check', total - 8000);
    expectReceipt(mails[2]!, `Receipt: $20 received for booking ${b.number}`, 'Card (in person)', total - 10000);
    expectReceipt(mails[3]!, `Refund of $15 for booking ${b.number}`, 'Cash', total - 8500);

    // Same transaction as the payment: each receipt row exists, and the audit entry names it.
    const [audit] = await db.sql<{ after: { receiptEmailId: string } }[]>`
      select after from audit_log where entity_id = ${b.id} and action = 'booking.payment' order by id limit 1`;
    const [queued] = await db.sql`select template, status from outbound_emails where id = ${audit!.after.receiptEmailId}`;
    expect(queued).toMatchObject({ template: 'payment-receipt', status: 'sent' });
  });

  it('sends nothing and records nothing for a refused payment', async () => {
    const b = await place();
    const tooMuch = await pay(b.id, { amountCents: b.row.total_cents + 1, method: 'cash' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.fields.amountCents).toBeTruthy();
    const badMethod = await pay(b.id, { amountCents: 100, method: 'bitcoin' });
    expect(badMethod.status).toBe(400);
    expect(badMethod.body.error.fields.method).toBeTruthy();
    // Crew collect only at the door of a booking still owed it: a completed one is the office's.
    const due = await place('deposit_due');
    await db.sql`update bookings set status = 'completed' where id = ${due.id}`;
    expect((await pay(due.id, { amountCents: 100, method: 'cash' }, cookie.crew)).status).toBe(409);
    expect(await receipts(due.email)).toHaveLength(0);
    expect(await db.sql`select 1 from payments where booking_id = ${due.id}`).toHaveLength(0);
    expect((await adminCall(h.manager, 'POST', `/api/admin/bookings/${b.id}/payments`, { cookie: cookie.manager, body: { amountCents: 100, method: 'cash' }, origin: 'https://evil.example' })).status).toBe(403);
    expect(await receipts(b.email)).toHaveLength(0);
    expect(await db.sql`select 1 from payments where booking_id = ${b.id}`).toHaveLength(0);
  });

  it('e-mails a receipt for an online payment confirmed by the Stripe webhook, once', async () => {
    const b = await place('deposit_due');
    const event = {
      id: `evt_invoice_${Date.now()}`,
      type: 'checkout.session.completed',
      data: { object: { id: `cs_test_${Date.now()}`, object: 'checkout.session', payment_status: 'paid', amount_total: b.row.deposit_cents, payment_intent: `pi_${Date.now()}`, metadata: { bookingId: b.id, kind: 'deposit' } } },
    };
    const payload = JSON.stringify({ object: 'event', api_version: '2025-01-01', created: 1, livemode: false, pending_webhooks: 1, request: null, ...event });
    const send = () => call(h.webhook, 'POST', '/api/stripe-webhook', payload, { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) });
    expect((await send()).body).toMatchObject({ outcome: 'processed' });
    expect((await send()).body).toMatchObject({ outcome: 'duplicate' });
    const mails = await receipts(b.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Subject: Receipt: ${$(b.row.deposit_cents)} received for booking ${b.number}`);
    expect(mails[0]).toContain('Method: Card (online)');
    expect(mails[0]).toContain(`Balance due: ${$(b.row.total_cents - b.row.deposit_cents)}`);
  });
});

/** A GET whose answer is a file: status, headers and the bytes. */
async function download(handler: Handler, pathAndQuery: string, cookieHeader?: string) {
  const response = await handler(new Request(`${SITE}${pathAndQuery}`, { headers: cookieHeader ? { cookie: cookieHeader } : {} }), { ip: '10.7.0.1' } as never);
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('invoice PDF', () => {
  it('shows the business, the customer exactly as typed, every line, payments, refunds and the balance with its due date', async () => {
    const b = await place();
    const cash = await pay(b.id, { amountCents: 10000, method: 'cash' });
    await refund(b.id, { paymentId: cash.body.id, amountCents: 2500, reason: 'Returned part of the cash' });
    await db.sql`update bookings set balance_due_on = '2030-06-01' where id = ${b.id}`;

    const res = await download(h.adminInvoice, `/api/admin/bookings/${b.id}/invoice`, cookie.crew);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`invoice-${b.number}.pdf`);
    const { lines } = await pdfText(res.bytes);
    const after = (label: string) => lines[lines.indexOf(label) + 1];
    expect(lines).toContain('Pink Flamingo Party Rentals');
    expect(lines).toContain(NAME);
    expect(lines).toContain(`Invoice INV-${b.number}`);
    expect(after('Subtotal')).toBe(invoiceMoney(b.row.subtotal_cents));
    // A free delivery reads as the e-mails say it.
    expect(after('Delivery')).toBe(deliveryFeeText(b.row.delivery_fee_cents, 'en', invoiceMoney));
    expect(after('Sales tax')).toBe(invoiceMoney(b.row.tax_cents));
    expect(after('Total')).toBe(invoiceMoney(b.row.total_cents));
    expect(lines.some((l) => /: Deposit, cash$/.test(l))).toBe(true);
    expect(after(lines.find((l) => /: Refund, cash$/.test(l))!)).toBe('-$25.00');
    expect(after('Total paid')).toBe('$75.00');
    expect(after('Balance due')).toBe(invoiceMoney(b.row.total_cents - 7500));
    expect(lines).toContain('The balance is due by Saturday, June 1, 2030.');
  });

  it('opens for the customer with the invoice token from the tracking page, and not with the guests\' waiver key or the e-mail address', async () => {
    const b = await place();
    const tracked = await call(h.track, 'POST', '/api/track-order', { bookingNumber: b.number, email: b.email });
    expect(tracked.status).toBe(200);
    expect(tracked.body.invoiceUrl).toBe(`/api/bookings/${b.number}/invoice?token=${b.row.invoice_token}`);
    expect(tracked.body).not.toHaveProperty('invoiceToken');
    expect(b.row.invoice_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const byToken = await download(h.invoice, tracked.body.invoiceUrl);
    expect(byToken.status).toBe(200);
    expect((await pdfText(byToken.bytes)).lines).toContain(NAME);

    // The party QR code's key and the renter's e-mail were enough before issue #22: no longer.
    for (const wrong of [
      `?key=${b.row.waiver_key}`,
      `?token=${b.row.waiver_key}`,
      `?email=${encodeURIComponent(b.email)}`,
      `?token=${'0'.repeat(43)}`,
      `?token=${b.row.invoice_token.slice(0, -1)}`,
      '',
      '?token=',
    ]) {
      const refused = await download(h.invoice, `/api/bookings/${b.number}/invoice${wrong}`);
      expect(refused.status, wrong).toBe(404);
    }
    expect((await download(h.invoice, `/api/bookings/PF-NOSUCH/invoice?token=${b.row.invoice_token}`)).status).toBe(404);
    // Staff's address needs a session.
    expect((await download(h.adminInvoice, `/api/admin/bookings/${b.id}/invoice`)).status).toBe(401);
  });

  it('is linked from the confirmation e-mail', async () => {
    const { customerBookingEmail } = await import('../../src/lib/booking/booking-emails');
    const { getBookingView } = await import('../../src/lib/booking/booking-view.server');
    const { getSettings } = await import('../../src/lib/business/settings.server');
    const b = await place();
    const email = customerBookingEmail((await getBookingView(db.sql, { id: b.id }))!, await getSettings(db.sql), SITE, { depositOnline: false });
    const link = /Your invoice \(PDF\): (\S+)/.exec(email.text)![1]!;
    expect((await download(h.invoice, link.replace(SITE, ''))).status).toBe(200);
  });
});

describe('invoice of a booking whose figures were changed by hand', () => {
  it('is refused with a 409 that says why, not a wrong PDF', async () => {
    const b = await place();
    await db.sql`update bookings set amount_paid_cents = 1234 where id = ${b.id}`;
    const res = await adminCall(h.adminInvoice, 'GET', `/api/admin/bookings/${b.id}/invoice`, { cookie: cookie.crew });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/payments add up to 0, the booking records 1234 paid/);
  });
});
