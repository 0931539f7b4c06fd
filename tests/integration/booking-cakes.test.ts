import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequest } from '../../src/lib/booking/booking-request';
import { placeBooking } from '../../src/lib/booking/place-booking.server';
import { invoiceMoney } from '../../src/lib/invoices/invoice';
import { pdfText } from '../support/pdf-text';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, SITE, staffSession, TEST_AUTH_SECRET } from '../support/staff';

let db: TestDatabase;
let dataDir: string;
let bookings: Handler;
let cakes: Handler;
let track: Handler;
let crew = '';

beforeAll(async () => {
  db = await createSeededDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'booking-cakes-'));
  Object.assign(process.env, { DATABASE_URL: db.url, SITE_URL: SITE, AUTH_SECRET: TEST_AUTH_SECRET, DATA_DIR: dataDir });
  bookings = (await import('../../netlify/functions/admin-bookings')).default;
  cakes = (await import('../../netlify/functions/admin-cake-orders')).default;
  track = (await import('../../netlify/functions/track-order')).default;
  crew = (await staffSession(db.sql, 'crew')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

let counter = 0;
/** A confirmed booking with a cake ordered for delivery with it (status `status`). */
async function bookingWithCake(status = 'baking') {
  const email = `cake-${++counter}-${Date.now()}@example.com`;
  const date = futureDate(30 + counter * 2);
  const placed = await placeBooking(
    db.sql,
    bookingRequest.parse({
      items: [{ product: 'rainbow-arch-bounce-house', quantity: 1 }],
      event: { date, start: '10:00', end: '16:00' },
      customer: { name: 'Lucía Peña', email, phone: '(512) 555-0142' },
      address: { line1: '1 Test Way', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      acceptTerms: true,
    }),
    { now: new Date(), status: 'confirmed', source: 'phone' },
  );
  const number = `CK-T${String(counter).padStart(4, '0')}X`;
  const [cake] = await db.sql<{ id: string }[]>`
    insert into cake_orders (number, product_id, name, email, phone, servings, tiers, flavour, frosting, fulfilment, booking_id, needed_on, price_cents, status)
    select ${number}, id, 'Lucía Peña', ${email}, '5125550142', 24, 2, 'vanilla', 'buttercream', 'delivery', ${placed.id}, ${date}, 8500, ${status}
    from products where slug = 'classic-round-birthday-cake'
    returning id`;
  return { ...placed, email, cakeId: cake!.id, cakeNumber: number };
}

const mailTo = async (address: string) => {
  const files = (await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[])).filter((f) => f.includes(address));
  return Promise.all(files.map((f) => readFile(path.join(dataDir, 'outbox', f), 'utf8')));
};

describe('cakes on bookings', () => {
  it('shows the cake on the booking and the tracking page, priced separately from the booking total', async () => {
    const b = await bookingWithCake();
    const detail = await adminCall(bookings, 'GET', `/api/admin/bookings/${b.id}`, { cookie: crew });
    expect(detail.status).toBe(200);
    expect(detail.body.cakes).toEqual([expect.objectContaining({ id: b.cakeId, number: b.cakeNumber, priceCents: 8500, status: 'baking', servings: 24 })]);
    // Not in the booking's own money.
    expect(detail.body.totals.totalCents).toBe(b.price.totalCents);

    const tracked = await call(track, 'POST', '/api/track-order', { bookingNumber: b.number, email: b.email });
    expect(tracked.body.cakes).toEqual([{ number: b.cakeNumber, product: expect.any(String), status: 'baking', priceCents: 8500 }]);

    // The invoice names it as not part of the booking's money.
    const invoices = (await import('../../netlify/functions/admin-invoices')).default;
    const pdf = await invoices(new Request(`${SITE}/api/admin/bookings/${b.id}/invoice`, { headers: { cookie: crew } }), { ip: '10.8.0.1' } as never);
    const { lines } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(lines).toContain(`Cake order ${b.cakeNumber}, $85, paid separately`);
    expect(lines[lines.indexOf('Total') + 1]).toBe(invoiceMoney(b.price.totalCents));

    // A cancelled cake leaves the booking.
    await db.sql`update cake_orders set status = 'cancelled' where id = ${b.cakeId}`;
    expect((await adminCall(bookings, 'GET', `/api/admin/bookings/${b.id}`, { cookie: crew })).body.cakes).toEqual([]);
  });

  it('e-mails the customer when staff move the cake to ready or delivered with the box ticked, and only then', async () => {
    const b = await bookingWithCake();
    const patch = (body: unknown) => adminCall(cakes, 'PATCH', `/api/admin/cake-orders/${b.cakeId}`, { cookie: crew, body });

    const refused = await patch({ status: 'confirmed', notifyCustomer: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.notifyCustomer).toMatch(/ready or delivered/);
    expect((await db.sql`select status from cake_orders where id = ${b.cakeId}`)[0]!.status).toBe('baking');

    expect((await patch({ status: 'ready', notifyCustomer: true })).status).toBe(200);
    let mails = await mailTo(b.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Subject: Your cake ${b.cakeNumber} is ready`);
    expect(mails[0]).toContain(b.number);

    // Without the box: no e-mail.
    expect((await patch({ status: 'delivered' })).status).toBe(200);
    mails = await mailTo(b.email);
    expect(mails).toHaveLength(1);
    const [audit] = await db.sql<{ after: { emailId?: string } }[]>`
      select after from audit_log where entity = 'cake_order' and entity_id = ${b.cakeId} and action = 'cake_order.status' order by id limit 1`;
    expect(audit!.after.emailId).toBeTruthy();
  });
});
