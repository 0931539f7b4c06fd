import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getAdminBooking } from '../../src/lib/staff-bookings/admin-booking.server';
import type { BookingStatus } from '../../src/lib/booking/booking-status';
import { queueDueReminders } from '../../src/lib/reminders/reminders.server';
import type { BusinessSettings } from '../../src/lib/business/schema';
import { getSettings, saveSettings } from '../../src/lib/business/settings.server';
import { wallClockToInstant } from '../../src/lib/time/event-window';
import { createSeededDatabase, createMigratedDatabase, type TestDatabase } from '../support/database';

/**
 * Housekeeping's reminder step, run at chosen `now` values against a real database. The business is in
 * America/Chicago; the parties sit on the weekends the clocks change there (2026-11-01 back, 2027-03-14
 * forward), where "09:00 the day before" and "24 hours before" are different UTC offsets apart.
 */
const tz = 'America/Chicago';
const chicago = (date: string, time: string) => wallClockToInstant(date, time, tz);
const SITE = 'https://rentals.example.com';

let db: TestDatabase;
let defaults: BusinessSettings;
let productId: string;

beforeAll(async () => {
  db = await createSeededDatabase();
  process.env.DATABASE_URL = db.url; // the booking detail asks the configuration whether Stripe is set up
  defaults = await getSettings(db.sql);
  expect(defaults.timezone).toBe(tz);
  const [product] = await db.sql<{ id: string }[]>`select id from products order by slug limit 1`;
  productId = product!.id;
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await db.drop();
});

async function useSettings(change: Partial<BusinessSettings>): Promise<void> {
  await saveSettings(db.sql, { ...defaults, reviewUrl: 'https://g.page/r/example-review', ...change });
}
beforeEach(() => useSettings({}));

interface TestBooking {
  id: string;
  number: string;
  email: string;
  waiverKey: string;
}

/** A booking of its own (own customer, own unit), so no other test's or the seed's mail is counted. */
async function createBooking(opts: {
  start: Date;
  end: Date;
  status?: BookingStatus;
  balanceDueOn?: string;
  totalCents?: number;
  paidCents?: number;
  setupMinutes?: number;
}): Promise<TestBooking> {
  const tag = randomBytes(4).toString('hex');
  const email = `renter-${tag}@example.com`;
  const total = opts.totalCents ?? 30_000;
  const [customer] = await db.sql<{ id: string }[]>`
    insert into customers (name, email, phone) values ('Dana Renter', ${email}, '5125550100') returning id`;
  const [booking] = await db.sql<{ id: string; number: string; waiver_key: string }[]>`
    insert into bookings (number, customer_id, status, event_start, event_end, address_line1, address_city, address_state,
      address_zip, surface, subtotal_cents, total_cents, deposit_cents, amount_paid_cents, balance_due_on)
    values (${`RM-${tag.toUpperCase()}`}, ${customer!.id}, ${opts.status ?? 'confirmed'}, ${opts.start}, ${opts.end},
      '12 Oak St', 'Round Rock', 'TX', '78664', 'grass', ${total}, ${total}, 9000, ${opts.paidCents ?? 9000}, ${opts.balanceDueOn ?? null})
    returning id, number, waiver_key`;
  const [unit] = await db.sql<{ id: string }[]>`
    insert into inventory_units (product_id, label) values (${productId}, ${`RM-${tag}`}) returning id`;
  const [item] = await db.sql<{ id: string }[]>`
    insert into booking_items (booking_id, product_id, product_name, quantity, unit_price_cents, line_total_cents)
    values (${booking!.id}, ${productId}, 'Castle Bouncer', 1, ${total}, ${total}) returning id`;
  const setupFrom = new Date(opts.start.getTime() - (opts.setupMinutes ?? 90) * 60_000);
  const teardownUntil = new Date(opts.end.getTime() + 45 * 60_000);
  await db.sql`
    insert into unit_allocations (booking_id, booking_item_id, unit_id, during)
    values (${booking!.id}, ${item!.id}, ${unit!.id}, tstzrange(${setupFrom}, ${teardownUntil}, '[)'))`;
  return { id: booking!.id, number: booking!.number, email, waiverKey: booking!.waiver_key };
}

interface QueuedMail {
  template: string;
  subject: string;
  text: string;
  created_at: Date;
}

const mailTo = (b: TestBooking) =>
  db.sql<QueuedMail[]>`
    select template, subject, payload ->> 'text' as text, created_at from outbound_emails
    where to_address = ${b.email} order by created_at, template`;
const templates = async (b: TestBooking) => (await mailTo(b)).map((m) => m.template);
const run = (now: Date) => queueDueReminders(db.sql, now, SITE);

describe('reminders run by housekeeping', () => {
  it('sends each reminder at its local moment, not before, across the fall-back weekend, and lists it in the history', async () => {
    // Sunday 2026-11-01, 14:00–18:00 CST; the crew sets up from 12:30. Balance due Friday Oct 30.
    const party = await createBooking({
      start: chicago('2026-11-01', '14:00'),
      end: chicago('2026-11-01', '18:00'),
      balanceDueOn: '2026-10-30',
    });

    // Balance: 3 days before the due date, from 09:00 Chicago (CDT, UTC-5).
    await run(chicago('2026-10-27', '08:55'));
    expect(await templates(party)).toEqual([]);
    await run(new Date('2026-10-27T14:00:00Z'));
    const [balance] = await mailTo(party);
    expect(balance).toMatchObject({
      template: 'reminder_balance_due',
      subject: `Balance of $210 due October 30 for booking ${party.number}`,
    });
    expect(balance!.text).toContain(`${SITE}/track-order?booking=${party.number}`);

    // Day before: Saturday Oct 31 from 09:00 CDT (14:00 UTC), though the party is in CST.
    await run(chicago('2026-10-31', '08:55'));
    expect(await templates(party)).toEqual(['reminder_balance_due']);
    await run(new Date('2026-10-31T14:00:00Z'));
    expect(await templates(party)).toEqual(['reminder_balance_due', 'reminder_day_before']);
    const dayBefore = (await mailTo(party))[1]!;
    expect(dayBefore.subject).toBe(`See you tomorrow: your party rental ${party.number}`);
    // The delivery window from the set-up day's route (alone on it: its set-up start, an hour long).
    expect(dayBefore.text).toContain('Our crew expects to arrive between 12:30 PM and 1:30 PM to set up.');
    expect(dayBefore.text).toContain(`${SITE}/sign-waiver?booking=${party.number}&key=${party.waiverKey}`);
    // What to get ready, from the booked combo's requirements (issue #38): its space on the grass the address names.
    expect(dayBefore.text).toContain('• Please clear 24 × 19 ft of level grass, with an outlet within 50 ft on a 20-amp circuit and a gate or door at least 40 in wide on the way.');
    expect(dayBefore.text).toContain('• You told us: grass. Call us if any of that has changed.');
    expect(dayBefore.text).toContain('Balance still due: $210');

    // Waiver missing: 24 real hours before 14:00 CST is 15:00 CDT the day before (20:00 UTC).
    await run(new Date('2026-10-31T19:59:00Z'));
    expect(await templates(party)).toHaveLength(2);
    await run(new Date('2026-10-31T20:00:00Z'));
    expect((await mailTo(party))[2]).toMatchObject({
      template: 'reminder_waiver_missing',
      subject: 'Please sign the safety waiver for November 1',
    });

    // Staff complete it that evening; the thank-you goes out the next morning from 09:00 CST.
    await db.sql`update bookings set status = 'completed', updated_at = ${chicago('2026-11-01', '19:30')} where id = ${party.id}`;
    await db.sql`
      insert into audit_log (actor_email, action, entity, entity_id, before, after, created_at)
      values ('crew@example.com', 'booking.status', 'booking', ${party.id}, '{"status":"delivered"}', '{"status":"completed"}', ${chicago('2026-11-01', '19:30')})`;
    await run(chicago('2026-11-02', '08:55'));
    expect(await templates(party)).toHaveLength(3);
    await run(new Date('2026-11-02T15:00:00Z'));
    const thanks = (await mailTo(party))[3]!;
    expect(thanks).toMatchObject({
      template: 'reminder_thank_you',
      subject: 'How did we do? Your party on November 1',
    });
    // The review request: a happy answer goes to the review link through /api/review, which records it.
    expect(thanks.text).toContain('Thank you for celebrating with Pink Flamingo Party Rentals!');
    expect(thanks.text).toContain(`${SITE}/api/review?booking=${party.number}&key=`);

    // Later runs send nothing more.
    for (const at of ['2026-11-02T15:05:00Z', '2026-11-03T15:00:00Z', '2026-11-10T15:00:00Z']) await run(new Date(at));
    expect(await templates(party)).toEqual([
      'reminder_balance_due',
      'reminder_day_before',
      'reminder_waiver_missing',
      'reminder_thank_you',
    ]);

    const detail = await getAdminBooking(db.sql, party.id, 'owner', new Date());
    const reminders = detail.history.filter((h) => h.action === 'booking.reminder');
    expect(reminders.map((h) => (h.after as { kind: string }).kind)).toEqual([
      'thank_you',
      'waiver_missing',
      'day_before',
      'balance_due',
    ]);
    expect(reminders.every((h) => h.actor === null)).toBe(true);
    expect(reminders[0]).toMatchObject({
      at: '2026-11-02T15:00:00.000Z',
      after: { label: 'Thank-you and review request', to: party.email },
    });
  });

  it('sends the day-before message at 09:00 local on the spring-forward weekend too', async () => {
    // Sunday 2027-03-14 10:00 CDT; Saturday 09:00 is still CST (UTC-6): 15:00 UTC, not 14:00.
    await useSettings({ waiverReminderEnabled: false });
    const party = await createBooking({
      start: chicago('2027-03-14', '10:00'),
      end: chicago('2027-03-14', '14:00'),
      paidCents: 30_000,
    });
    await run(new Date('2027-03-13T14:00:00Z'));
    expect(await templates(party)).toEqual([]);
    await run(new Date('2027-03-13T15:00:00Z'));
    expect(await templates(party)).toEqual(['reminder_day_before']);
  });

  it('repeats the customer’s answers about the setup spot, and what to get ready for it (issue #38)', async () => {
    await useSettings({ waiverReminderEnabled: false, balanceReminderEnabled: false });
    const party = await createBooking({ start: chicago('2027-05-08', '13:00'), end: chicago('2027-05-08', '17:00'), paidCents: 30_000 });
    // Concrete, no outlet in reach: the generator checkout added is a line of the booking.
    await db.sql`update bookings set site_answers = ${db.sql.json({ surface: 'concrete', outlet: 'no', accessInches: 44, stairFlights: 1 })} where id = ${party.id}`;
    await db.sql`
      insert into booking_items (booking_id, product_id, product_name, quantity, unit_price_cents, line_total_cents)
      select ${party.id}, id, name, 1, 0, 0 from products where slug = 'quiet-inverter-generator'`;
    await run(chicago('2027-05-07', '09:00'));
    const [dayBefore] = (await mailTo(party)).filter((m) => m.template === 'reminder_day_before');
    expect(dayBefore!.text).toContain('• Please clear 24 × 19 ft of level concrete, with room for the generator we bring and a gate or door at least 40 in wide on the way.');
    expect(dayBefore!.text).toContain('• You told us: concrete, no outlet within 50 ft (we bring a generator), a gate or door 44 in wide, 1 flight of stairs. Call us if any of that has changed.');
    expect(dayBefore!.text).not.toContain('outdoor outlet');
  });

  it('sends a reminder once when two or more runs happen at the same moment', async () => {
    const party = await createBooking({
      start: chicago('2026-12-05', '13:00'),
      end: chicago('2026-12-05', '17:00'),
      paidCents: 30_000,
    });
    const now = chicago('2026-12-04', '14:00'); // day before and waiver missing both due
    const runs = await Promise.all([run(now), run(now), run(now), run(now)]);
    expect(runs.flat().filter((r) => r.bookingId === party.id)).toHaveLength(2);
    expect((await templates(party)).sort()).toEqual(['reminder_day_before', 'reminder_waiver_missing']);
    const [marks] = await db.sql`select count(*)::int as n from booking_reminders where booking_id = ${party.id}`;
    expect(marks!.n).toBe(2);
    const [history] =
      await db.sql`select count(*)::int as n from audit_log where entity_id = ${party.id} and action = 'booking.reminder'`;
    expect(history!.n).toBe(2);
  });

  it('keeps nothing of a run that fails half-way, and sends the reminder on the next run', async () => {
    const party = await createBooking({
      start: chicago('2026-12-12', '13:00'),
      end: chicago('2026-12-12', '17:00'),
      paidCents: 30_000,
    });
    // The outbox refuses this renter's mail once, after the booking_reminders row is written.
    await db.sql.unsafe(`
      create function fail_reminder_mail() returns trigger language plpgsql as $$
      begin raise exception 'outbox down'; end $$;
      create trigger fail_reminder_mail before insert on outbound_emails
        for each row when (new.to_address = '${party.email}') execute function fail_reminder_mail();`);
    const now = chicago('2026-12-11', '10:00');
    try {
      await run(now);
    } finally {
      await db.sql.unsafe('drop trigger fail_reminder_mail on outbound_emails; drop function fail_reminder_mail();');
    }
    expect(await templates(party)).toEqual([]);
    const [marks] = await db.sql`select count(*)::int as n from booking_reminders where booking_id = ${party.id}`;
    expect(marks!.n).toBe(0);

    await run(new Date(now.getTime() + 5 * 60_000));
    expect(await templates(party)).toEqual(['reminder_day_before']);
  });

  it('never reminds a cancelled, expired or held booking', async () => {
    const start = chicago('2026-12-19', '13:00');
    const end = chicago('2026-12-19', '17:00');
    const cancelled = await createBooking({ start, end, status: 'cancelled', balanceDueOn: '2026-12-18' });
    const expired = await createBooking({ start, end, status: 'expired', balanceDueOn: '2026-12-18' });
    for (const at of ['2026-12-15T15:00:00Z', '2026-12-18T15:00:00Z', '2026-12-18T20:00:00Z', '2026-12-19T18:00:00Z'])
      await run(new Date(at));
    expect(await templates(cancelled)).toEqual([]);
    expect(await templates(expired)).toEqual([]);
  });

  it('sends nothing that is switched off in Settings, and picks up once switched on', async () => {
    const party = await createBooking({
      start: chicago('2026-12-27', '13:00'),
      end: chicago('2026-12-27', '17:00'),
      balanceDueOn: '2026-12-26',
    });
    await useSettings({
      balanceReminderEnabled: false,
      dayBeforeReminderEnabled: false,
      waiverReminderEnabled: false,
      thankYouEnabled: false,
    });
    const now = chicago('2026-12-26', '15:00');
    await run(now);
    expect(await templates(party)).toEqual([]);

    await useSettings({
      balanceReminderEnabled: false,
      dayBeforeReminderEnabled: false,
      waiverReminderEnabled: true,
      waiverReminderHoursBefore: 12,
    });
    await run(now);
    expect(await templates(party)).toEqual([]); // 22 hours before: not yet with 12
    await run(chicago('2026-12-27', '01:00'));
    expect(await templates(party)).toEqual(['reminder_waiver_missing']);
  });
});

describe('reminders before the business is set up', () => {
  it('sends nothing and does not fail when there are no settings yet', async () => {
    const empty = await createMigratedDatabase();
    try {
      await expect(queueDueReminders(empty.sql, new Date('2026-11-01T15:00:00Z'), SITE)).resolves.toEqual([]);
    } finally {
      await empty.drop();
    }
  });
});
