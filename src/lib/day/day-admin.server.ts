import type { z } from 'zod';
import type { Audit, Staff } from '../auth/index.server';
import { partyAddress, staffStatusLabels, storedSiteAnswers, type BookingStatus, type PartyAddressRow, type BookingCake } from '../booking';
import { crewWorkColumns, siteUnitsOfBookings } from '../booking/index.server';
import { sitePhotosOf } from '../site-photos/index.server';
import type { SiteRules } from '../business';
import type { KeptSiteLoad, SiteAnswers, SiteOverride } from '../site-check';
import { auditedChange } from '../admin/index.server';
import type { Database, Sql } from '../db/index.server';
import { AppError, fieldError } from '../http';
import { getSettings } from '../business/index.server';
import { addDays, businessClock, type BusinessClock } from '../time';
import {
  addressLine,
  dayStatuses,
  directionsUrl,
  loadingList,
  orderStops,
  routeUrl,
  stopAction,
  stopDone,
  stopSite,
  UNASSIGNED,
  type DayRoute,
  type DayRun,
  type DayStop,
  type RouteOrderBody,
  type StopKind,
} from './day';
import { tourMiles } from './route-order';
import { doorPaymentConfirms, doorPaymentRefusal } from './door-money';
import { currentWaiverTexts } from '../waivers/index.server';
import { type Point } from '../geo';
import { zipPoints } from '../geo/index.server';
import { listTrucks } from './trucks.server';
import { type paymentBody } from '../payments';
import { recordPayment } from '../payments/index.server';

/**
 * Set-up and tear-down can reach this far outside the event (the product buffers are at most 600
 * minutes): bookings whose event is further from the date cannot have a stop on it.
 */
const BUFFER_REACH = '11 hours';

interface BookingRow extends PartyAddressRow {
  id: string;
  number: string;
  status: BookingStatus;
  truck_id: string | null;
  event_start: Date;
  event_end: Date;
  setup_from: Date;
  teardown_until: Date;
  name: string;
  phone: string;
  staff_notes: string;
  balance_cents: number;
  deposit_due_cents: number;
  waivers: number;
  waiver_signers: string[];
  rained_out: boolean;
  site_answers: SiteAnswers;
  site_flags: string[];
  site_override: SiteOverride | null;
  site_load: KeptSiteLoad | null;
}

/**
 * The bookings with a drop-off or a pickup on `date` (local): the drop-off on the day set-up starts,
 * the pickup on the day tear-down ends (crewWorkColumns, the one definition the status rules read too).
 */
async function bookingsOfDay(sql: Sql, dayStart: Date, dayEnd: Date): Promise<BookingRow[]> {
  return sql<BookingRow[]>`
    with day_bookings as (
      select b.*, ${crewWorkColumns(sql)}
      from bookings b cross join business_settings s
      where s.id and b.status = any(${dayStatuses as string[]}::text[])
        and b.event_start < ${dayEnd}::timestamptz + ${BUFFER_REACH}::interval
        and b.event_end > ${dayStart}::timestamptz - ${BUFFER_REACH}::interval
    )
    select d.id, d.number, d.status, d.truck_id, d.event_start, d.event_end, d.setup_from, d.teardown_until,
      d.contact_name as name, d.contact_phone as phone, d.address_line1, d.address_line2, d.address_city, d.address_state, d.address_zip, d.surface,
      d.customer_notes, d.staff_notes, d.site_answers, d.site_flags, d.site_override, d.site_load, greatest(0, d.total_cents - d.amount_paid_cents)::int as balance_cents,
      greatest(0, least(d.deposit_cents, d.total_cents) - d.amount_paid_cents)::int as deposit_due_cents,
      (select count(*)::int from waivers w where w.booking_id = d.id) as waivers,
      array(select w.signer_name from waivers w where w.booking_id = d.id order by w.signed_at, w.id) as waiver_signers,
      exists (select 1 from rain_out_offers o where o.booking_id = d.id and o.answer is null) as rained_out
    from day_bookings d
    where (d.setup_from >= ${dayStart} and d.setup_from < ${dayEnd})
       or (d.teardown_until > ${dayStart} and d.teardown_until <= ${dayEnd})
    order by d.number`;
}

/** Start and end of a local date as instants (23 or 25 hours long on the days the clocks change). */
function dayBounds(date: string, clock: BusinessClock) {
  return { dayStart: clock.instantAt(date, '00:00'), dayEnd: clock.instantAt(addDays(date, 1), '00:00') };
}

/** Every stop of the date with its truck and saved place, before grouping. */
async function stopsOfDay(sql: Sql, date: string, clock: BusinessClock, siteRules: SiteRules): Promise<{ stops: DayStop[]; positions: Map<string, number> }> {
  const { dayStart, dayEnd } = dayBounds(date, clock);
  const bookings = await bookingsOfDay(sql, dayStart, dayEnd);
  const ids = bookings.map((b) => b.id);
  const [units, items, cakes, positions, siteUnits, sitePhotos, zipPoint] = await Promise.all([
    sql<{ booking_id: string; unit_id: string; label: string; product_name: string }[]>`
      select a.booking_id, u.id as unit_id, u.label, p.name as product_name
      from unit_allocations a join inventory_units u on u.id = a.unit_id join products p on p.id = u.product_id
      where a.booking_id = any(${ids}::uuid[]) and a.released_at is null
      order by p.name, u.label`,
    // Lines none of whose units are tracked (made to order, supplies): the crew load them by count.
    sql<{ booking_id: string; product_name: string; quantity: number }[]>`
      select i.booking_id, i.product_name, i.quantity from booking_items i
      where i.booking_id = any(${ids}::uuid[])
        and not exists (select 1 from unit_allocations a where a.booking_item_id = i.id and a.released_at is null)
      order by i.product_name`,
    sql<{ booking_id: string; id: string; number: string; product: string; servings: number; tiers: number; message_on_cake: string | null; allergies: string; needed_on: string; status: BookingCake['status']; price_cents: number }[]>`
      select o.booking_id, o.id, o.number, p.name as product, o.servings, o.tiers, o.message_on_cake, o.allergies, o.needed_on::text, o.status, o.price_cents
      from cake_orders o join products p on p.id = o.product_id
      where o.booking_id = any(${ids}::uuid[]) and o.fulfilment = 'delivery' and o.status <> 'cancelled'
      order by o.number`,
    sql<{ booking_id: string; kind: StopKind; position: number }[]>`
      select booking_id, kind, position from day_route_stops where route_date = ${date}::date and booking_id = any(${ids}::uuid[])`,
    siteUnitsOfBookings(sql, ids),
    sitePhotosOf(sql, ids),
    zipPoints(),
  ]);

  const stops: DayStop[] = [];
  for (const b of bookings) {
    const address = partyAddress(b);
    const event = clock.eventTimes({ start: b.event_start, end: b.event_end });
    const site = stopSite(siteUnits.get(b.id) ?? [], storedSiteAnswers(b.site_answers, b.surface), b.site_flags, siteRules, sitePhotos.get(b.id), b.site_override, b.site_load);
    const kinds: StopKind[] = [];
    if (b.setup_from >= dayStart && b.setup_from < dayEnd) kinds.push('delivery');
    if (b.teardown_until > dayStart && b.teardown_until <= dayEnd) kinds.push('pickup');
    for (const kind of kinds) {
      stops.push({
        key: `${b.id}:${kind}`,
        kind,
        bookingId: b.id,
        number: b.number,
        status: b.status,
        statusLabel: staffStatusLabels[b.status],
        // A rained-out party waits for its customer's answer: nothing to deliver or collect.
        action: b.rained_out ? null : stopAction(kind, b.status),
        rainedOut: b.rained_out,
        done: stopDone(kind, b.status),
        window:
          kind === 'delivery'
            ? { from: clock.timeOf(b.setup_from), until: clock.timeOf(b.event_start) }
            : { from: clock.timeOf(b.event_end), until: clock.timeOf(b.teardown_until) },
        event,
        customer: { name: b.name, phone: b.phone },
        address,
        directionsUrl: directionsUrl(addressLine(address)),
        surface: b.surface,
        site,
        customerNotes: b.customer_notes,
        staffNotes: b.staff_notes,
        units: units.filter((u) => u.booking_id === b.id).map((u) => ({ unitId: u.unit_id, label: u.label, productName: u.product_name })),
        otherItems: items.filter((i) => i.booking_id === b.id).map((i) => ({ name: i.product_name, quantity: i.quantity })),
        balanceCents: b.balance_cents,
        depositDueCents: b.deposit_due_cents,
        waiversSigned: b.waivers,
        waiverSigners: b.waiver_signers,
        cakes:
          kind === 'delivery'
            ? cakes
                .filter((c) => c.booking_id === b.id)
                .map((c) => ({ id: c.id, number: c.number, product: c.product, servings: c.servings, tiers: c.tiers, messageOnCake: c.message_on_cake, allergies: c.allergies, neededOn: c.needed_on, status: c.status, priceCents: c.price_cents }))
            : [],
        truckId: b.truck_id,
        point: zipPoint(b.address_zip),
      });
    }
  }
  return { stops, positions: new Map(positions.map((p) => [`${p.booking_id}:${p.kind}`, p.position])) };
}

/** Everything the day screen and the run sheets show for one date. */
export async function getDayRun(sql: Sql, date: string): Promise<DayRun> {
  const settings = await getSettings(sql);
  const [{ stops, positions }, trucks, texts, zipPoint] = await Promise.all([
    stopsOfDay(sql, date, businessClock(settings.timezone), settings.siteRules),
    listTrucks(sql),
    currentWaiverTexts(sql, settings.addressState),
    zipPoints(),
  ]);
  const warehouseAddress = `${settings.warehouseLine1}, ${settings.warehouseCity}, ${settings.warehouseState} ${settings.warehouseZip}`;
  const warehousePoint = zipPoint(settings.warehouseZip);

  const route = (truckId: string | null, truckName: string): DayRoute => {
    const mine = orderStops(
      stops.filter((s) => s.truckId === truckId),
      (s) => positions.get(s.key) ?? null,
    );
    const points = mine.map((s) => s.point);
    const known = points.every((p): p is Point => p !== null);
    return {
      truckId,
      truckName,
      stops: mine,
      miles: warehousePoint && known ? tourMiles(warehousePoint, points) : null,
      routeUrl: routeUrl(warehouseAddress, mine.map((s) => addressLine(s.address))),
    };
  };
  // Active trucks always show (staff assign to them); a deactivated one only while it still has stops here.
  const routes = trucks.filter((t) => t.active || stops.some((s) => s.truckId === t.id)).map((t) => route(t.id, t.name));
  const unassigned = route(null, UNASSIGNED);
  const all = unassigned.stops.length > 0 || routes.length === 0 ? [unassigned, ...routes] : routes;
  return {
    date,
    timezone: settings.timezone,
    currency: settings.currency,
    warehouse: { address: warehouseAddress, zip: settings.warehouseZip, point: warehousePoint },
    trucks: trucks.map((t) => ({ id: t.id, name: t.name, active: t.active })),
    routes: all,
    loading: loadingList(all),
    waiver: { versions: { en: texts.en.version, es: texts.es.version }, texts, businessName: settings.businessName, governingState: settings.addressState },
  };
}

async function lockBookingForDay(tx: Sql, id: string) {
  const [booking] = await tx<{ id: string; number: string; status: BookingStatus; truck_id: string | null }[]>`
    select id, number, status, truck_id from bookings where id = ${id} for update`;
  if (!booking) throw new AppError('not_found', 'No such booking.');
  return booking;
}

/**
 * Puts a booking on a truck (or on none). Its saved places are dropped, so it joins the end of its
 * new truck's run instead of jumping into the middle by a number from the other truck.
 */
export async function assignTruck(db: Database, bookingId: string, truckId: string | null, audit: Audit) {
  return auditedChange(db, audit, {
    lock: (tx) => lockBookingForDay(tx, bookingId),
    check: (booking) => {
      if (!(dayStatuses as string[]).includes(booking.status)) {
        throw new AppError('conflict', `This booking is ${staffStatusLabels[booking.status].toLowerCase()}: there is nothing to drive.`);
      }
    },
    change: async (tx, booking) => {
      let truckName: string | null = null;
      if (truckId) {
        const [truck] = await tx<{ name: string; active: boolean }[]>`select name, active from trucks where id = ${truckId}`;
        if (!truck) throw fieldError('truckId', 'No such truck.');
        if (!truck.active && booking.truck_id !== truckId) throw fieldError('truckId', `${truck.name} is deactivated: choose an active truck.`);
        truckName = truck.name;
      }
      if (booking.truck_id !== truckId) {
        await tx`update bookings set truck_id = ${truckId}, updated_at = now() where id = ${bookingId}`;
        await tx`delete from day_route_stops where booking_id = ${bookingId}`;
      }
      return { id: bookingId, number: booking.number, truckId, truckName };
    },
    // Putting a booking back on the truck it is on changes nothing, so it leaves no entry.
    audit: (moved, booking) =>
      booking.truck_id === truckId ? [] : { action: 'booking.truck', entity: 'booking', entityId: bookingId, before: { truckId: booking.truck_id }, after: { truckId, truckName: moved.truckName } },
  });
}

/**
 * Saves the driving order of one truck's stops on one date. The list must be exactly that truck's
 * stops of that date (a stop missing or from elsewhere means the screen is out of date: 409, reload).
 */
export async function saveRouteOrder(db: Database, body: RouteOrderBody, audit: Audit) {
  const settings = await getSettings(db);
  const clock = businessClock(settings.timezone);
  const given = body.stops.map((s) => `${s.bookingId}:${s.kind}`);
  return auditedChange(db, audit, {
    lock: async (tx) => {
      if (body.truckId) {
        const [truck] = await tx`select 1 from trucks where id = ${body.truckId}`;
        if (!truck) throw fieldError('truckId', 'No such truck.');
      }
      // Lock the bookings of the day's stops, so an assignment meanwhile cannot slip between check and save.
      const { stops, positions } = await stopsOfDay(tx, body.date, clock, settings.siteRules);
      const mine = stops.filter((s) => s.truckId === body.truckId);
      const ids = [...new Set(mine.map((s) => s.bookingId))];
      if (ids.length) await tx`select 1 from bookings where id = any(${ids}::uuid[]) for update`;
      return { mine, positions };
    },
    check: ({ mine }) => {
      const expected = new Set(mine.map((s) => s.key));
      if (given.length !== expected.size || given.some((k) => !expected.has(k))) {
        throw new AppError('conflict', 'The stops of this run changed meanwhile (a booking was added, moved or cancelled). Reload the day and try again.');
      }
    },
    change: async (tx) => {
      if (body.stops.length) {
        await tx`
          insert into day_route_stops (route_date, booking_id, kind, position)
          select ${body.date}::date, s.booking_id, s.kind, s.position
          from unnest(${body.stops.map((s) => s.bookingId)}::uuid[], ${body.stops.map((s) => s.kind)}::text[], ${body.stops.map((_, i) => i)}::int[]) as s(booking_id, kind, position)
          on conflict (route_date, booking_id, kind) do update set position = excluded.position`;
      }
      return { date: body.date, truckId: body.truckId, order: given };
    },
    audit: (_, { mine, positions }) => {
      const before = orderStops(mine, (s) => positions.get(s.key) ?? null).map((s) => `${s.number} ${s.kind}`);
      const byKey = new Map(mine.map((s) => [s.key, s]));
      const after = given.map((k) => `${byKey.get(k)!.number} ${byKey.get(k)!.kind}`);
      return { action: 'day.route', entity: 'day_route', entityId: `${body.date}:${body.truckId ?? 'unassigned'}`, before: { order: before }, after: { order: after } };
    },
  });
}

/**
 * Money collected at the door (the day screen's "Record payment", any role; crew at the booking's own
 * payments endpoint too): for a booking the crew drive for that still owes (door-money.ts), at most the
 * balance (recordPayment). A payment that covers a deposit still due confirms the booking in the same
 * transaction, audited, with the customer's confirmation e-mail. Managers record any other payment from
 * the booking screen.
 */
export async function recordDoorPayment(db: Database, bookingId: string, body: z.infer<typeof paymentBody>, staff: Staff, audit: Audit, now: Date) {
  // Checked on the booking as locked by the payment's own transaction: a status change meanwhile cannot slip past it.
  return recordPayment(db, bookingId, body, staff, audit, now, {
    check: (status) => {
      const refusal = doorPaymentRefusal(status, staffStatusLabels[status]);
      if (refusal) throw new AppError('conflict', refusal);
    },
    confirms: doorPaymentConfirms,
  });
}
