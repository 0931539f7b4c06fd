import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequest } from '../../src/lib/booking/booking-request';
import { placeBooking } from '../../src/lib/booking/place-booking.server';
import { invoiceMoney } from '../../src/lib/invoices/invoice';
import { pdfText } from '../support/pdf-text';
import { futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, SITE, staffSession, TEST_AUTH_SECRET } from '../support/staff';

let db: TestDatabase;
let dataDir: string;
let bookings: Handler;
let desk: Handler;
let invoices: Handler;
const cookie = { crew: '', manager: '' };

beforeAll(async () => {
  db = await createSeededDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'staff-bookings-'));
  Object.assign(process.env, { DATABASE_URL: db.url, SITE_URL: SITE, AUTH_SECRET: TEST_AUTH_SECRET, DATA_DIR: dataDir });
  delete process.env.STRIPE_SECRET_KEY;
  bookings = (await import('../../netlify/functions/admin-bookings')).default;
  desk = (await import('../../netlify/functions/admin-booking-desk')).default;
  invoices = (await import('../../netlify/functions/admin-invoices')).default;
  cookie.crew = (await staffSession(db.sql, 'crew')).cookie;
  cookie.manager = (await staffSession(db.sql, 'manager')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

type Role = keyof typeof cookie;
const create = (body: unknown, role: Role = 'manager') => adminCall(bookings, 'POST', '/api/admin/bookings', { cookie: cookie[role], body });
const change = (id: string, body: unknown, role: Role = 'manager') => adminCall(bookings, 'PUT', `/api/admin/bookings/${id}`, { cookie: cookie[role], body });
const view = async (id: string) => (await adminCall(bookings, 'GET', `/api/admin/bookings/${id}`, { cookie: cookie.manager })).body;
const prices = (body: unknown, role: Role = 'manager') => adminCall(desk, 'POST', '/api/admin/booking-desk/prices', { cookie: cookie[role], body });
const counts = async () => (await db.sql<{ n: number }[]>`select (select count(*) from bookings)::int + (select count(*) from payments)::int + (select count(*) from booking_adjustments)::int as n`)[0]!.n;

/** The .eml files sent to this address, oldest first, with quoted-printable soft breaks undone. */
async function mailTo(address: string): Promise<string[]> {
  const files = (await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[])).filter((f) => f.includes(address)).sort();
  return Promise.all(files.map(async (f) => (await readFile(path.join(dataDir, 'outbox', f), 'utf8')).replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))));
}

let counter = 0;
const address = { line1: '12 Oak Lane', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' };
const stairs = { label: 'Stairs', reason: 'Two flights to the back yard', direction: 'surcharge', kind: 'amount', value: 2500 } as const;
const goodwill = { label: 'Goodwill', reason: 'Late delivery last summer', direction: 'discount', kind: 'percent', value: 10 } as const;
function phoneOrder(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    items: [{ product: 'rainbow-arch-bounce-house', quantity: 1 }],
    event: { date: futureDate(60 + counter * 2), start: '10:00', end: '16:00' },
    customer: { name: `Caller ${counter}`, email: `caller-${counter}-${Date.now()}@example.com`, phone: '(512) 555-0199' },
    address,
    coupon: '',
    damageWaiver: true,
    adjustments: [stairs, goodwill],
    status: 'confirmed',
    payment: null,
    sendConfirmation: true,
    ...overrides,
  };
}

/** A product with exactly one unit, so the last unit can be raced for. */
async function singleUnitProduct(): Promise<string> {
  const [row] = await db.sql<{ slug: string }[]>`
    select p.slug from products p join inventory_units u on u.product_id = p.id
    where p.active and u.status = 'available' and not exists (select 1 from package_items pi where pi.package_id = p.id)
    group by p.id, p.slug having count(*) = 1 order by p.slug limit 1`;
  return row!.slug;
}

describe('phone bookings (POST /api/admin/bookings)', () => {
  it('books for a caller at the price the screen showed, with the adjustments, the payment taken on the phone and the confirmation', async () => {
    const order = phoneOrder({ payment: { amountCents: 5000, method: 'card_in_person', note: 'Taken on the phone' } });
    const preview = await prices({ ...order, zip: address.zip });
    expect(preview.status).toBe(200);
    expect(preview.body.adjustments.map((a: { cents: number }) => a.cents)).toEqual([2500, -Math.round(preview.body.subtotalCents / 10)]);

    const res = await create(order);
    expect(res.status).toBe(201);
    const booking = res.body.booking;
    expect(booking).toMatchObject({ status: 'confirmed', emailedTo: order.customer.email });
    expect(booking.totals.totalCents).toBe(preview.body.totalCents);
    expect(booking.totals.adjustmentsCents).toBe(preview.body.adjustmentsCents);
    expect(booking.totals.amountPaidCents).toBe(5000);

    const [row] = await db.sql`select source, adjustments_cents, calendar_sequence from bookings where id = ${booking.id}`;
    expect(row).toMatchObject({ source: 'phone', adjustments_cents: preview.body.adjustmentsCents, calendar_sequence: 0 });
    const screen = await view(booking.id);
    expect(screen.adjustments.map((a: { label: string }) => a.label)).toEqual(['Stairs', 'Goodwill']);
    expect(screen.payments).toMatchObject([{ method: 'card_in_person', amountCents: 5000 }]);
    const [audit] = await db.sql`select after from audit_log where entity = 'booking' and entity_id = ${booking.id} and action = 'booking.create'`;
    expect(audit!.after).toMatchObject({ source: 'phone', totalCents: booking.totals.totalCents });

    const mails = await mailTo(order.customer.email);
    const confirmation = mails.find((m) => m.includes(`Subject: Your booking ${booking.number} is confirmed`));
    // Confirmed: greeted by first name, as the receipt sent beside it is.
    expect(confirmation).toContain(`Hi ${order.customer.name.split(' ')[0]},`);
    expect(confirmation).not.toContain('Hello,');
    expect(confirmation).toContain('Stairs');
    expect(confirmation).toContain('Goodwill (10 %)');
    expect(confirmation).toContain('SEQUENCE:0');
    expect(mails.some((m) => m.includes('Subject: Receipt: $50 received'))).toBe(true);

    // The invoice prints each adjustment by name, before the tax, and its figures add up to the total.
    const pdf = await invoices(new Request(`${SITE}/api/admin/bookings/${booking.id}/invoice`, { headers: { cookie: cookie.manager } }), { ip: '10.7.0.2' } as never);
    expect(pdf.status).toBe(200);
    const { lines } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    const after = (label: string) => lines[lines.indexOf(label) + 1];
    expect(after('Stairs')).toBe(invoiceMoney(2500));
    expect(after('Goodwill (10 %)')).toBe(`-${invoiceMoney(Math.round(preview.body.subtotalCents / 10))}`);
    expect(lines.indexOf('Goodwill (10 %)')).toBeLessThan(lines.indexOf('Sales tax'));
    expect(after('Total')).toBe(invoiceMoney(booking.totals.totalCents));
  });

  it('sends nothing when staff untick the e-mail, and books deposit due with no payment', async () => {
    const order = phoneOrder({ status: 'deposit_due', sendConfirmation: false, adjustments: [] });
    const res = await create(order);
    expect(res.status).toBe(201);
    expect(res.body.booking).toMatchObject({ status: 'deposit_due', emailedTo: null });
    expect(await mailTo(order.customer.email)).toEqual([]);
  });

  it('writes the e-mail even when the outbox folder was removed while the server runs', async () => {
    await rm(path.join(dataDir, 'outbox'), { recursive: true, force: true });
    const order = phoneOrder({ adjustments: [] });
    expect((await create(order)).status).toBe(201);
    expect(await mailTo(order.customer.email)).toHaveLength(1);
  });

  it('stores the phone number in one shape however it was typed, at the desk, at checkout or in a change', async () => {
    const stored = async (id: string) =>
      (await db.sql<{ customer: string; contact: string }[]>`
        select c.phone as customer, b.contact_phone as contact from bookings b join customers c on c.id = b.customer_id where b.id = ${id}`)[0];
    const order = phoneOrder({ adjustments: [] });
    const desk = await create({ ...order, customer: { ...order.customer, phone: '5125550199' } });
    expect(desk.status).toBe(201);
    expect(await stored(desk.body.booking.id)).toEqual({ customer: '(512) 555-0199', contact: '(512) 555-0199' });
    expect((await view(desk.body.booking.id)).customer.phone).toBe('(512) 555-0199');

    const web = await placeBooking(
      db.sql,
      bookingRequest.parse({ ...phoneOrder(), customer: { name: 'Web Caller', email: `web-phone-${Date.now()}@example.com`, phone: ' 512.555.0177 ' }, acceptTerms: true }),
      { now: new Date(), status: 'deposit_due', source: 'web' },
    );
    expect(await stored(web.id)).toEqual({ customer: '(512) 555-0177', contact: '(512) 555-0177' });

    const moved = await change(desk.body.booking.id, { ...order, customer: { ...order.customer, phone: '+1 737 555 0188' }, notifyCustomer: false });
    expect(moved.status).toBe(200);
    // The booking's contact changes; the customer's record stays as it was (it is changed only deliberately).
    expect(await stored(desk.body.booking.id)).toEqual({ customer: '(512) 555-0199', contact: '(737) 555-0188' });
  });

  it('the desk’s price answers a ZIP no area covers with the words for the ZIP field (200: staff are still typing it); booking it is refused at the field', async () => {
    const order = phoneOrder({ address: { ...address, zip: '99999' } });
    const before = await counts();
    const price = await prices({ ...order, zip: '99999' });
    expect(price.status).toBe(200);
    expect(price.body).toEqual({ served: false, message: expect.stringMatching(/^We don’t deliver to 99999 yet\. We serve .*Round Rock/), fields: { zip: price.body.message } });
    const booked = await create(order);
    expect(booked.status).toBe(400);
    expect(booked.body.error.fields).toEqual({ 'address.zip': price.body.message });
    expect(await counts()).toBe(before);
  });

  it('lets crew book only when Settings allow it, and the desk answers them likewise', async () => {
    const order = phoneOrder();
    const before = await counts();
    expect((await create(order, 'crew')).status).toBe(403);
    expect((await prices({ ...order, zip: address.zip }, 'crew')).status).toBe(403);
    expect(await counts()).toBe(before);
    await db.sql`update business_settings set crew_may_take_bookings = true where id`;
    try {
      expect((await create(order, 'crew')).status).toBe(201);
      expect((await adminCall(desk, 'GET', '/api/admin/booking-desk/customers?q=555-0199', { cookie: cookie.crew })).body.customers.length).toBeGreaterThan(0);
    } finally {
      await db.sql`update business_settings set crew_may_take_bookings = false where id`;
    }
  });

  it('the desk says nothing is free for a window longer than a rental may last, as its price refuses it (400 at the end date)', async () => {
    const date = futureDate(320);
    const endDate = futureDate(440);
    const window = `date=${date}&start=10:00&end=14:00`;
    const free = await adminCall(desk, 'GET', `/api/admin/booking-desk/availability?${window}&endDate=${futureDate(326)}`, { cookie: cookie.manager });
    expect(free.status).toBe(200);
    const long = await adminCall(desk, 'GET', `/api/admin/booking-desk/availability?${window}&endDate=${endDate}`, { cookie: cookie.manager });
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toEqual({ endDate: 'A rental can last at most 7 days' });
    const price = await prices({ ...phoneOrder(), zip: address.zip, event: { date, start: '10:00', end: '14:00', endDate } });
    expect(price.status).toBe(400);
    expect(price.body.error.fields['event.endDate']).toBe(long.body.error.fields.endDate);
  });

  it('says once why the window cannot be booked (its code and the field to change), and keeps a product’s own reason at its line', async () => {
    type Quote = { windowProblem: { code: string; message: string; field: string } | null; lines: { product: string; available: boolean; reason: string | null; reasonCode: string | null }[] };
    const twoItems = [{ product: 'rainbow-arch-bounce-house', quantity: 1 }, { product: await singleUnitProduct(), quantity: 1 }];
    const ask = async (event: Record<string, string>) => {
      const res = await prices({ ...phoneOrder({ items: twoItems, adjustments: [] }), event, zip: address.zip });
      expect(res.status).toBe(200);
      return res.body as Quote;
    };
    const maxDays = (await db.sql<{ max_days_ahead: number }[]>`select max_days_ahead from business_settings where id`)[0]!.max_days_ahead;

    const far = await ask({ date: futureDate(maxDays + 5), start: '10:00', end: '14:00' });
    expect(far.windowProblem).toMatchObject({ code: 'too_far', field: 'date' });
    // The free counts say it too, before any product is chosen.
    const listed = await adminCall(desk, 'GET', `/api/admin/booking-desk/availability?date=${futureDate(maxDays + 5)}&start=10:00&end=14:00`, { cookie: cookie.manager });
    expect(listed.body.windowProblem).toEqual(far.windowProblem);
    const fine = await adminCall(desk, 'GET', `/api/admin/booking-desk/availability?date=${futureDate(90)}&start=10:00&end=14:00`, { cookie: cookie.manager });
    expect(fine.body.windowProblem).toBeNull();
    expect(far.lines.map((l) => [l.available, l.reasonCode, l.reason])).toEqual(twoItems.map(() => [false, 'too_far', far.windowProblem!.message]));

    const closedOn = futureDate(330);
    const [closed] = await db.sql<{ id: string }[]>`insert into blackouts (scope, starts_on, ends_on, reason) values ('business', ${closedOn}, ${closedOn}, 'Staff day') returning id`;
    try {
      const shut = await ask({ date: closedOn, start: '10:00', end: '14:00' });
      expect(shut.windowProblem).toMatchObject({ code: 'blackout', field: 'date' });
      expect(shut.windowProblem!.message).toContain('Staff day');
      expect(shut.lines.every((l) => l.reasonCode === 'blackout' && l.reason === shut.windowProblem!.message)).toBe(true);
    } finally {
      await db.sql`delete from blackouts where id = ${closed!.id}`;
    }

    const late = await ask({ date: futureDate(332), start: '10:00', end: '23:30' });
    expect(late.windowProblem).toMatchObject({ code: 'outside_hours', field: 'end' });

    // The single unit booked by someone else: its line says so, the window is fine.
    const date = futureDate(334);
    const taken = await create(phoneOrder({ items: [twoItems[1]], event: { date, start: '10:00', end: '14:00' }, adjustments: [] }));
    expect(taken.status).toBe(201);
    const soldOut = await ask({ date, start: '10:00', end: '14:00' });
    expect(soldOut.windowProblem).toBeNull();
    expect(soldOut.lines.map((l) => [l.available, l.reasonCode])).toEqual([[true, null], [false, 'sold_out']]);
  });

  it('refuses a save for the window at the field to change (event.date, event.start, event.end), as the price names it', async () => {
    const before = await counts();
    const maxDays = (await db.sql<{ max_days_ahead: number }[]>`select max_days_ahead from business_settings where id`)[0]!.max_days_ahead;
    const refusedAt = async (event: Record<string, string>) => {
      const res = await create(phoneOrder({ event, adjustments: [] }));
      expect(res.status).toBe(400);
      return res.body.error.fields as Record<string, string>;
    };
    expect(Object.keys(await refusedAt({ date: futureDate(maxDays + 5), start: '10:00', end: '14:00' }))).toEqual(['event.date']);
    expect(Object.keys(await refusedAt({ date: futureDate(336), start: '10:00', end: '23:30' }))).toEqual(['event.end']);
    expect(Object.keys(await refusedAt({ date: futureDate(336), start: '05:00', end: '14:00' }))).toEqual(['event.start']);
    const closedOn = futureDate(338);
    const [closed] = await db.sql<{ id: string }[]>`insert into blackouts (scope, starts_on, ends_on, reason) values ('business', ${closedOn}, ${closedOn}, 'Staff day') returning id`;
    try {
      const fields = await refusedAt({ date: closedOn, start: '10:00', end: '14:00' });
      expect(Object.keys(fields)).toEqual(['event.date']);
      expect(fields['event.date']).toContain('Staff day');
    } finally {
      await db.sql`delete from blackouts where id = ${closed!.id}`;
    }
    expect(await counts()).toBe(before);
  });

  it('refuses bad input with the field and the reason, and writes nothing', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string][] = [
      [{ adjustments: [{ ...stairs, value: 12.5 }] }, 'adjustments.0.value'],
      [{ adjustments: [{ ...goodwill, value: 150 }] }, 'adjustments.0.value'],
      [{ adjustments: [{ ...stairs, reason: '' }] }, 'adjustments.0.reason'],
      [{ adjustments: [{ ...stairs, direction: 'discount', value: 9_000_000 }] }, 'adjustments'],
      [{ payment: { amountCents: 99_999_00, method: 'cash' } }, 'payment.amountCents'],
      [{ status: 'completed' }, 'status'],
      [{ address: { ...address, zip: '10001' } }, 'address.zip'],
      [{ customer: { name: 'X', email: 'nope', phone: '1' } }, 'customer.email'],
    ];
    for (const [overrides, field] of cases) {
      const res = await create(phoneOrder(overrides));
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.error.fields ?? {}), field).toContain(field);
    }
    expect(await counts()).toBe(before);
  });
});

describe('changing a booking (PUT /api/admin/bookings/{id})', () => {
  it('moves the party, adds an item and an adjustment, keeps what was paid, and updates the same calendar event', async () => {
    const order = phoneOrder({ adjustments: [], payment: { amountCents: 10_000, method: 'cash', note: '' } });
    const created = (await create(order)).body.booking;
    const newDate = futureDate(200);
    const changed = {
      items: [
        { product: 'rainbow-arch-bounce-house', quantity: 1 },
        { product: 'table-and-chair-set', quantity: 2 },
      ],
      event: { date: newDate, start: '12:00', end: '18:00' },
      address: { ...address, line1: '99 New Street' },
      coupon: '',
      damageWaiver: true,
      adjustments: [stairs],
      notifyCustomer: true,
    };
    const preview = await prices({ ...changed, zip: address.zip, bookingId: created.id });
    const res = await change(created.id, changed);
    expect(res.status).toBe(200);
    expect(res.body.booking.totals.totalCents).toBe(preview.body.totalCents);
    expect(res.body.booking.totals.amountPaidCents).toBe(10_000);
    expect(res.body.booking.totals.amountDueCents).toBe(preview.body.totalCents - 10_000);

    const screen = await view(created.id);
    expect(screen.event.date).toBe(newDate);
    expect(screen.address.line1).toBe('99 New Street');
    expect(screen.items.map((i: { name: string }) => i.name).sort()).toEqual(['Table & Chair Set (6 ft table + 8 chairs)', 'Rainbow Arch Bounce House'].sort());
    const live = await db.sql`select count(*)::int as n from unit_allocations where booking_id = ${created.id} and released_at is null and lower(during) < ${new Date(`${newDate}T00:00:00Z`)}`;
    expect(live[0]!.n).toBe(0);

    const [audit] = await db.sql<{ before: { event: { date: string } }; after: { event: { date: string }; calendarSequence: number } }[]>`
      select before, after from audit_log where entity_id = ${created.id} and action = 'booking.edit'`;
    expect(audit!.before.event.date).toBe(order.event.date);
    expect(audit!.after).toMatchObject({ event: { date: newDate }, calendarSequence: 1 });

    const mails = await mailTo(order.customer.email);
    const first = mails.find((m) => m.includes('is confirmed'))!;
    const update = mails.find((m) => m.includes(`Subject: Your booking ${created.number} has changed`))!;
    const uid = (m: string) => /UID:(.+)/.exec(m)?.[1]?.trim();
    expect(uid(update)).toBe(uid(first));
    expect(update).toContain('SEQUENCE:1');
    expect(update).toContain('We have updated your booking as agreed.');
    expect(update).toContain('99 New Street');
  });

  it('shows the refund due when the new total is below what was paid', async () => {
    const order = phoneOrder({ adjustments: [] });
    const created = (await create(order)).body.booking;
    await adminCall((await import('../../netlify/functions/admin-bookings')).default, 'POST', `/api/admin/bookings/${created.id}/payments`, {
      cookie: cookie.manager,
      body: { amountCents: created.totals.totalCents, method: 'cash' },
    });
    const res = await change(created.id, { ...order, adjustments: [{ ...goodwill, value: 50 }], notifyCustomer: true });
    expect(res.status).toBe(200);
    expect(res.body.booking.totals.amountPaidCents).toBeGreaterThan(res.body.booking.totals.totalCents);
    expect(res.body.booking.totals.amountDueCents).toBe(0);
    const update = (await mailTo(order.customer.email)).find((m) => m.includes('has changed'))!;
    expect(update).toMatch(/more than the new total: we will refund it/);
  });

  it('counts its own units as free, and loses the last unit to a website booking cleanly (409, nothing changed), or wins it', async () => {
    const slug = await singleUnitProduct();
    const first = futureDate(300);
    const second = futureDate(302);
    const order = phoneOrder({ items: [{ product: slug, quantity: 1 }], event: { date: first, start: '10:00', end: '16:00' }, adjustments: [] });
    const created = (await create(order)).body.booking;

    const freeOn = async (date: string, booking?: string) => {
      const res = await adminCall(desk, 'GET', `/api/admin/booking-desk/availability?date=${date}&start=10:00&end=16:00${booking ? `&booking=${booking}` : ''}`, { cookie: cookie.manager });
      return res.body.products.find((p: { product: string }) => p.product === slug).freeCount;
    };
    expect(await freeOn(first)).toBe(0);
    expect(await freeOn(first, created.id)).toBe(1);
    expect(await freeOn(first)).toBe(0);

    const web = bookingRequest.parse({
      ...order,
      event: { date: second, start: '10:00', end: '16:00' },
      customer: { name: 'Web Racer', email: `racer-${Date.now()}@example.com`, phone: '(512) 555-0100' },
      acceptTerms: true,
    });
    const [edit, website] = await Promise.allSettled([
      change(created.id, { ...order, event: { date: second, start: '10:00', end: '16:00' }, notifyCustomer: false }),
      placeBooking(db.sql, web, { now: new Date(), status: 'deposit_due', source: 'web' }),
    ]);
    const editWon = edit.status === 'fulfilled' && edit.value.status === 200;
    const webWon = website.status === 'fulfilled';
    expect([editWon, webWon].filter(Boolean)).toHaveLength(1);
    const screen = await view(created.id);
    if (editWon) {
      expect(screen.event.date).toBe(second);
    } else {
      expect(edit.status === 'fulfilled' && edit.value.status).toBe(409);
      expect(screen.event.date).toBe(first);
      expect(screen.items[0].units.filter((u: { released: boolean }) => !u.released)).toHaveLength(1);
      expect(await freeOn(first)).toBe(0);
    }
  });

  it('refuses a finished or cancelled booking, a crew member, and bad input, changing nothing', async () => {
    const order = phoneOrder({ adjustments: [] });
    const created = (await create(order)).body.booking;
    const body = { ...order, notifyCustomer: false };
    expect((await change(created.id, body, 'crew')).status).toBe(403);
    const bad = await change(created.id, { ...body, items: [] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toContain('items');
    await db.sql`update bookings set status = 'cancelled', cancelled_at = now() where id = ${created.id}`;
    const refused = await change(created.id, { ...body, event: { ...order.event, start: '11:00' } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/cancelled cannot be changed/);
    expect((await view(created.id)).event.start).toBe('10:00');
  });
});
