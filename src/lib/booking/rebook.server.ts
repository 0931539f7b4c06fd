import type { Locale } from '../i18n';
import type { Database, Sql } from '../db/index.server';
import type { BusinessSettings } from '../business';
import { AppError } from '../http';
import type { Adjustment } from '../pricing';
import { overrideInForce, overrideToStore, type SiteAnswers, type SiteOverride, type StaffOverride } from '../site-check';
import type { PartyAddressRow } from './booking-view';
import type { CustomerMoveCakes } from './booking-cakes';
import { getBookingView, type BookingView } from './booking-view.server';
import { queueCustomerEmail } from './customer-email.server';
import { storedPhone } from '../texts';
import {
  bookingColumns,
  placeable,
  prepareCart,
  releaseCart,
  takeCart,
  type PlacementRequest,
} from './place-booking.server';

/**
 * The one engine that changes a booking in place: the staff edit (changeBooking) and the customer's
 * own move (moveOwnBooking) both go through rebookIn, so the rules, the atomic re-allocation, the
 * calendar SEQUENCE and the "has changed" e-mail are one code path.
 */

/** A booking's cart as a new request would give it: what the customer's move keeps (only the window changes). */
export type RebookCart = Pick<PlacementRequest, 'items' | 'event' | 'coupon' | 'damageWaiver' | 'address' | 'site'> & {
  adjustments: readonly Adjustment[];
  /** A new contact for the booking (staff only); left out, the contact stays. */
  customer?: { name: string; email: string; phone: string } | undefined;
};

/** Thrown to roll back a look at the world without one booking. */
const ROLL_BACK = Symbol('roll back');

/**
 * `look` runs in a transaction where the booking has let go of what it holds (its units, its coupon
 * use), which is then rolled back: the free counts and price an edit would get, and nothing changed.
 */
export async function withoutBooking<T>(
  db: Database,
  bookingId: string | undefined,
  look: (sql: Sql) => Promise<T>,
): Promise<T> {
  if (!bookingId) return look(db);
  let seen: T;
  try {
    await db.begin(async (tx) => {
      const [booking] = await tx<
        { coupon_id: string | null }[]
      >`select coupon_id from bookings where id = ${bookingId}`;
      if (!booking) throw new AppError('not_found', 'No such booking.');
      await releaseCart(tx, bookingId, booking.coupon_id);
      seen = await look(tx);
      throw ROLL_BACK;
    });
  } catch (error) {
    if (error !== ROLL_BACK) throw error;
  }
  return seen!;
}

/** The booking's items, coupon, damage waiver, adjustments and address as they stand, with a new window. */
export async function bookingCartOf(sql: Sql, id: string, event: PlacementRequest['event']): Promise<RebookCart> {
  const [row] = await sql<
    (PartyAddressRow & {
      coupon_code: string | null;
      damage_waiver_accepted: boolean;
      site_answers: SiteAnswers;
      items: { product: string; quantity: number }[];
      adjustments: {
        label: string;
        reason: string;
        direction: Adjustment['direction'];
        kind: Adjustment['kind'];
        value: string;
      }[];
    })[]
  >`
    select b.address_line1, b.address_line2, b.address_city, b.address_state, b.address_zip, b.surface, b.customer_notes,
      co.code as coupon_code, b.damage_waiver_accepted, b.site_answers,
      coalesce((select json_agg(json_build_object('product', p.slug, 'quantity', bi.quantity) order by bi.line_total_cents desc, p.slug)
        from booking_items bi join products p on p.id = bi.product_id where bi.booking_id = b.id), '[]') as items,
      coalesce((select json_agg(json_build_object('label', a.label, 'reason', a.reason, 'direction', a.direction, 'kind', a.kind, 'value', a.value) order by a.position)
        from booking_adjustments a where a.booking_id = b.id), '[]') as adjustments
    from bookings b left join coupons co on co.id = b.coupon_id
    where b.id = ${id}`;
  if (!row) throw new AppError('not_found', 'No such booking.');
  return {
    items: row.items,
    event,
    coupon: row.coupon_code ?? undefined,
    damageWaiver: row.damage_waiver_accepted,
    adjustments: row.adjustments.map((a) => ({ ...a, value: Number(a.value) })),
    // The same answers give the same yard lines on the new date (a generator it brought is one of its items).
    site: row.site_answers,
    address: {
      line1: row.address_line1,
      line2: row.address_line2 ?? undefined,
      city: row.address_city,
      state: row.address_state,
      zip: row.address_zip,
      surface: (row.surface ?? undefined) as PlacementRequest['address']['surface'],
      notes: row.customer_notes || undefined,
    },
  };
}

/** The staff override of the yard check a booking keeps (null: none): what a change of it is held to. */
export async function storedSiteOverride(sql: Sql, id: string): Promise<SiteOverride | null> {
  const [row] = await sql<{ site_override: SiteOverride | null }[]>`select site_override from bookings where id = ${id}`;
  return row?.site_override ?? null;
}

export interface Rebooked {
  before: BookingView;
  after: BookingView;
  settings: BusinessSettings;
  /** The customer's "has changed" e-mail, queued in the transaction (sent after commit); null when not sent. */
  email: { emailId: string; to: string } | null;
  /** The staff override of the yard check stored with the booking, before and after (null: none). */
  siteOverride: { before: SiteOverride | null; after: SiteOverride | null };
}

/**
 * Changes a booking inside the caller's transaction (its row locked `for update`): it lets go of its
 * units, coupon use and adjustments, is priced and checked again as a new booking would be (another
 * booking's units stay theirs: the exclusion constraint decides, and a unit taken meanwhile is a 409
 * that rolls everything back), and takes its units again. The amount paid stays; the balance follows
 * the new total. The calendar SEQUENCE goes up by one, so the e-mail's invite (same UID) updates the
 * customer's calendar.
 */
export async function rebookIn(
  tx: Sql,
  id: string,
  couponId: string | null,
  cart: RebookCart,
  now: Date,
  options: {
    staff: boolean;
    notifyCustomer: boolean;
    siteOverride?: StaffOverride | null | undefined;
    /** The customer's page language, for why a product cannot be had (their own move); staff read English. */
    language?: Locale | undefined;
    /** A customer's move: where the cakes ordered with the booking go, said in the customer's e-mail. */
    cakes?: CustomerMoveCakes | undefined;
  },
): Promise<Rebooked> {
  const before = (await getBookingView(tx, { id }))!;
  // The customer never sends an override: theirs is only ever the one staff stored with the booking.
  const given = options.staff ? options.siteOverride : null;
  const stored = await storedSiteOverride(tx, id);
  await releaseCart(tx, id, couponId);
  const prepared = await prepareCart(tx, cart, cart.address.zip, now, 'address.zip', { staff: options.staff, language: options.language });
  const { price, overridden } = placeable(prepared, { staff: options.staff, override: overrideInForce(given, stored) });
  const siteOverride = overrideToStore(given, stored, overridden, now);
  await tx`
    update bookings set ${tx({
      ...bookingColumns(cart, prepared, price, overridden, tx),
      site_override: siteOverride ? tx.json(siteOverride as never) : null,
      ...(cart.customer
        ? { contact_name: cart.customer.name, contact_email: cart.customer.email, contact_phone: storedPhone(cart.customer.phone) }
        : {}),
      updated_at: now,
    })},
      calendar_sequence = calendar_sequence + 1
    where id = ${id}`;
  await takeCart(tx, id, prepared, price);
  const after = (await getBookingView(tx, { id }, prepared.settings))!;
  const queued = options.notifyCustomer
    ? await queueCustomerEmail(tx, id, now, { changedBy: options.staff ? 'staff' : 'customer', totalBefore: before.totals.totalCents, cakes: options.cakes, view: after, settings: prepared.settings })
    : null;
  return {
    before,
    after,
    settings: prepared.settings,
    email: queued ? { emailId: queued.emailId, to: queued.to } : null,
    siteOverride: { before: stored, after: siteOverride },
  };
}

/** What a change changes, for the audit log's before and after. */
export const changeSummary = (v: BookingView) => ({
  contact: { name: v.customer.name, email: v.customer.email, phone: v.customer.phone },
  event: v.event,
  address: v.address,
  items: v.items.map((i) => ({ product: i.product, quantity: i.quantity, lineTotalCents: i.lineTotalCents })),
  adjustments: v.adjustments,
  site: v.site,
  couponCode: v.totals.couponCode,
  damageWaiverCents: v.totals.damageWaiverCents,
  totalCents: v.totals.totalCents,
  depositCents: v.totals.depositCents,
  amountPaidCents: v.totals.amountPaidCents,
  calendarSequence: v.calendarSequence,
});
