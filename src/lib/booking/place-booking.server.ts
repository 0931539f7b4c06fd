import { blockedWindow, toAvailabilitySettings, type Allocation, type UnitState } from '../availability/availability';
import type { Database, Sql } from '../db/client.server';
import { AppError, fieldError, isConflict } from '../http/errors';
import { toPricingSettings, UNKNOWN_COUPON_MESSAGE, type Adjustment, type PriceResult } from '../pricing/quote';
import type { BusinessSettings } from '../settings/schema';
import { toEventWindow, type EventWindow } from '../time/event-window';
import { loadAvailabilitySnapshot, servedCities, type BookableProduct } from './booking-context.server';
import { newReference } from './booking-number';
import { expireHolds } from './holds.server';
import type { BookingRequest } from './booking-request';
import { evaluateCart, unitClaims, type CartEvaluation, type CartLine } from './evaluate-cart';

export type InitialStatus = 'hold' | 'deposit_due' | 'confirmed';

export interface PlaceBookingOptions {
  now: Date;
  /**
   * hold: waiting for the online deposit; deposit_due: pay later; confirmed: staff booked it. Or
   * chosen from the business settings this booking reads anyway (the website's payment mode).
   */
  status: InitialStatus | ((settings: BusinessSettings) => InitialStatus);
  source: 'web' | 'admin' | 'quote' | 'phone';
  /** Placed by staff: see prepareCart. */
  staff?: boolean;
  /** More writes in the booking's own transaction (a payment taken on the phone, the audit entry). */
  alsoInTransaction?: ((tx: Sql, placed: PlacedBooking) => Promise<void>) | undefined;
}

/** What a booking is made of; the website's request, or the staff's with their adjustments. */
export type PlacementRequest = Pick<BookingRequest, 'items' | 'event' | 'coupon' | 'damageWaiver' | 'customer' | 'address'> & {
  adjustments?: readonly Adjustment[] | undefined;
};

/** A cart to place: what prepareCart read and priced. */
type CartRequest = Pick<PlacementRequest, 'items' | 'event' | 'coupon' | 'damageWaiver' | 'adjustments'>;

export interface PlacedBooking {
  id: string;
  number: string;
  status: InitialStatus;
  window: EventWindow;
  holdExpiresAt: Date | null;
  customer: { id: string; name: string; email: string; phone: string };
  price: PriceResult;
  /** The business settings the booking was priced with. */
  settings: BusinessSettings;
}

export const NO_LONGER_AVAILABLE = 'Sorry, that is no longer available for those dates. Please choose another time.';

export interface PreparedCart {
  settings: BusinessSettings;
  window: EventWindow;
  lines: CartLine[];
  products: BookableProduct[];
  evaluation: CartEvaluation;
  /** Every product's units and their allocations around the window, as read: the units a booking tries. */
  units: (UnitState & { productId: string })[];
  allocations: Allocation[];
  areaId: string;
  couponId: string | null;
  /** A coupon code was given that no coupon has: priced without it (the booking refuses it, the price quote says so). */
  couponUnknown: boolean;
}

/**
 * Everything needed to price and check a cart: shared by the price quote and the booking. Settings,
 * products, units, allocations, blackouts, the ZIP's service area and the coupon come in one round
 * trip (loadAvailabilitySnapshot, whose plan the connection keeps).
 */
export async function prepareCart(
  sql: Sql,
  request: CartRequest,
  zip: string,
  now: Date,
  zipField: string,
  /** Staff on the phone: no lead time (a caller may book for this afternoon); every other rule holds. */
  { staff = false }: { staff?: boolean } = {},
): Promise<PreparedCart> {
  const { settings, products, units, allocations, blackouts, area, coupon } = await loadAvailabilitySnapshot(
    sql,
    { slugs: request.items.map((i) => i.product) },
    { from: request.event.date, to: request.event.endDate ?? request.event.date },
    { zip, coupon: request.coupon },
  );
  const window = toEventWindow(request.event, settings.timezone);
  const bySlug = new Map(products.map((p) => [p.slug, p]));
  const lines = request.items.map((item, index) => {
    const product = bySlug.get(item.product);
    if (!product) throw fieldError(`items.${index}.product`, `We couldn’t find the product “${item.product}”.`);
    return { product, quantity: item.quantity };
  });

  if (!area) {
    const cities = await servedCities(sql);
    throw fieldError(zipField, `We don’t deliver to ${zip} yet. We serve ${cities.slice(0, 12).join(', ')}${cities.length > 12 ? ' and nearby' : ''}.`);
  }

  const evaluation = evaluateCart(lines, {
    products: new Map(products.map((p) => [p.id, p])),
    units,
    allocations,
    blackouts,
    window,
    availabilitySettings: { ...toAvailabilitySettings(settings), ...(staff ? { leadTimeHours: 0 } : {}) },
    pricingSettings: toPricingSettings(settings),
    area,
    coupon,
    damageWaiver: request.damageWaiver,
    adjustments: request.adjustments,
    now,
  });
  return {
    settings,
    window,
    lines,
    products,
    evaluation,
    units,
    allocations,
    areaId: area.id,
    couponId: coupon?.id ?? null,
    couponUnknown: Boolean(request.coupon) && !coupon,
  };
}

/**
 * Places a booking in one transaction: checks availability, records the customer, items and price,
 * and takes specific units. Nothing locks a product or a date: each unit is taken by an insert that
 * the exclusion constraint on unit_allocations decides, so bookings for other dates or other units
 * never wait for this one. Only a booking after the very same unit at an overlapping time waits (for
 * this one to commit or roll back), then moves on to the next free unit or gets the 409. Units that
 * another booking is taking at this moment are tried last (see takeUnit), so two customers booking
 * a product with units to spare get one each at once.
 */
export async function placeBooking(sql: Database, request: PlacementRequest, options: PlaceBookingOptions): Promise<PlacedBooking> {
  try {
    return await sql.begin(async (tx) => {
      await expireHolds(tx, options.now);
      const cart = await prepareCart(tx, request, request.address.zip, options.now, 'address.zip', { staff: options.staff ?? false });
      const { settings, window } = cart;
      const price = placeablePrice(cart);

      const status = typeof options.status === 'function' ? options.status(settings) : options.status;
      const customer = await findOrAddCustomer(tx, request.customer);
      const holdExpiresAt = status === 'hold' ? new Date(options.now.getTime() + settings.holdMinutes * 60_000) : null;
      const [booking] = await tx<{ id: string; number: string }[]>`
        insert into bookings ${tx({
          number: newReference('PF'),
          customer_id: customer.id,
          status,
          source: options.source,
          ...bookingColumns(request, cart, price),
          hold_expires_at: holdExpiresAt,
          terms_accepted_at: options.now,
          created_at: options.now,
          updated_at: options.now,
        })}
        returning id, number`;
      await takeCart(tx, booking!.id, cart, price);
      const contact = await updateCustomerContact(tx, customer, request.customer);

      const placed: PlacedBooking = {
        id: booking!.id,
        number: booking!.number,
        status,
        window,
        holdExpiresAt,
        customer: contact,
        price,
        settings,
      };
      await options.alsoInTransaction?.(tx, placed);
      return placed;
    });
  } catch (error) {
    if (isConflict(error)) throw new AppError('conflict', NO_LONGER_AVAILABLE);
    throw error;
  }
}

/**
 * The price of a cart that can be booked as it stands, or the reason it cannot: a unit taken (409),
 * a window the rules refuse, a coupon that does not apply, discounts bigger than the order (400).
 */
export function placeablePrice({ evaluation, couponUnknown }: PreparedCart): PriceResult {
  if (couponUnknown) throw fieldError('coupon', UNKNOWN_COUPON_MESSAGE);
  if (evaluation.problem) {
    const unavailable = evaluation.lines.find((l) => !l.available);
    const code = unavailable?.reason?.code;
    const isStock = code === undefined || code === 'sold_out' || code === 'not_enough';
    throw new AppError(isStock ? 'conflict' : 'validation', evaluation.problem, isStock ? {} : { event: evaluation.problem });
  }
  const price = evaluation.price;
  if (price.minimumOrderError) throw fieldError('items', price.minimumOrderError);
  if (price.couponError) throw fieldError('coupon', price.couponError);
  if (price.adjustmentError) throw fieldError('adjustments', price.adjustmentError);
  return price;
}

/** The booking row's event, address and price columns: the same for a new booking and an edited one. */
export function bookingColumns(request: Pick<PlacementRequest, 'address'>, cart: PreparedCart, price: PriceResult) {
  return {
    event_start: cart.window.start,
    event_end: cart.window.end,
    address_line1: request.address.line1,
    address_line2: request.address.line2 ?? null,
    address_city: request.address.city,
    address_state: request.address.state,
    address_zip: request.address.zip,
    service_area_id: cart.areaId,
    surface: request.address.surface ?? null,
    customer_notes: request.address.notes ?? '',
    coupon_id: cart.couponId && price.couponCode ? cart.couponId : null,
    damage_waiver_accepted: price.damageWaiverCents > 0,
    subtotal_cents: price.subtotalCents,
    delivery_fee_cents: price.deliveryFeeCents,
    damage_waiver_cents: price.damageWaiverCents,
    discount_cents: price.discountCents,
    adjustments_cents: price.adjustmentsCents,
    tax_cents: price.taxCents,
    total_cents: price.totalCents,
    deposit_cents: price.depositCents,
    balance_due_on: price.balanceDueOn,
  };
}

/**
 * Writes the booking's items and adjustments, takes its units and counts its coupon use: what a
 * booking holds. An edit releases all of it first (releaseCart) and takes it again.
 */
export async function takeCart(tx: Sql, bookingId: string, cart: PreparedCart, price: PriceResult): Promise<void> {
  const { lines, products, units, allocations, window, couponId } = cart;
  const itemIds: string[] = [];
  for (const [index, line] of lines.entries()) {
    const priced = price.lines[index]!;
    const [item] = await tx<{ id: string }[]>`
      insert into booking_items (booking_id, product_id, product_name, quantity, unit_price_cents, line_total_cents)
      values (${bookingId}, ${line.product.id}, ${line.product.name}, ${line.quantity}, ${priced.unitPriceCents}, ${priced.lineTotalCents})
      returning id`;
    itemIds.push(item!.id);
  }
  if (price.adjustments.length) {
    await tx`
      insert into booking_adjustments ${tx(
        price.adjustments.map((a, position) => ({
          booking_id: bookingId,
          position,
          label: a.label,
          reason: a.reason,
          direction: a.direction,
          kind: a.kind,
          value: a.value,
          cents: a.cents,
        })),
      )}`;
  }

  const claims = unitClaims(lines, { products: new Map(products.map((p) => [p.id, p])), units, allocations, window });
  const taken = new Set<string>();
  for (const claim of claims) {
    const attempt = (unitId: string, wait: boolean) =>
      takeUnit(tx, { bookingId, itemId: itemIds[claim.lineIndex]!, unitId, during: blockedWindow(window, claim.product) }, wait);
    let missing = claim.count;
    // First the free units no other booking is taking at this moment, so two bookings of a
    // product with units to spare get different units without waiting for each other ...
    const contended: string[] = [];
    for (const unitId of claim.candidates) {
      if (missing === 0) break;
      if (taken.has(unitId)) continue;
      const outcome = await attempt(unitId, false);
      if (outcome === 'taken') {
        taken.add(unitId);
        missing--;
      } else if (outcome === 'contended') contended.push(unitId);
    }
    // ... then the ones another booking is taking: most are being taken for other dates and are
    // ours at once; one taken for an overlapping time makes this booking wait for that one.
    for (const unitId of contended) {
      if (missing === 0) break;
      if ((await attempt(unitId, true)) === 'taken') {
        taken.add(unitId);
        missing--;
      }
    }
    if (missing > 0) throw new AppError('conflict', NO_LONGER_AVAILABLE);
  }

  if (couponId && price.couponCode) {
    const used = await tx`
      update coupons set times_used = times_used + 1
      where id = ${couponId} and (usage_limit is null or times_used < usage_limit) returning id`;
    if (used.length === 0) throw fieldError('coupon', 'This coupon has reached its usage limit.');
  }
}

/**
 * Lets go of everything takeCart took for a booking (items with their unit allocations, adjustments,
 * the coupon use), inside the caller's transaction: what the booking is then re-priced and re-taken
 * against is the world without it. Nothing is visible to others before the transaction commits.
 */
export async function releaseCart(tx: Sql, bookingId: string, couponId: string | null): Promise<void> {
  await tx`delete from booking_items where booking_id = ${bookingId}`;
  await tx`delete from booking_adjustments where booking_id = ${bookingId}`;
  if (couponId) await tx`update coupons set times_used = greatest(times_used - 1, 0) where id = ${couponId}`;
}

// Namespace of the transaction-level advisory locks that mark "a booking is taking this unit" (the
// two-key form, so it never meets the migrations' single-key lock). Only a hint for choosing units:
// the exclusion constraint decides.
const UNIT_BEING_TAKEN = 0x756e6974;

type TakeOutcome = 'taken' | 'contended' | 'refused';

/**
 * Allocates one unit to the booking if the exclusion constraint allows it.
 * - 'taken': allocated.
 * - 'contended' (only when `wait` is false): another booking is taking this unit right now (for any
 *   dates), so nothing was tried: trying could mean waiting for that booking to finish.
 * - 'refused': booked at an overlapping time, or taken out of service, meanwhile.
 *
 * `on conflict do nothing` makes the constraint's verdict an answer instead of an error that aborts
 * the transaction, so the caller moves on to the next unit without a savepoint round trip. Like the
 * constraint itself it waits for an overlapping insert of the same unit that is not committed yet,
 * and decides by what that one did. `for share` keeps the unit's row as read until commit: staff
 * taking it out of service (which locks it `for update`) wait for this booking instead of missing
 * it, and a unit they just took out is not booked; other bookings' share locks do not conflict.
 * The advisory lock, held until commit, is what tells other bookings this unit is being taken.
 */
async function takeUnit(
  sql: Sql,
  a: { bookingId: string; itemId: string; unitId: string; during: EventWindow },
  wait: boolean,
): Promise<TakeOutcome> {
  const [row] = await sql<{ uncontended: boolean; inserted: boolean }[]>`
    with mark as (select pg_try_advisory_xact_lock(${UNIT_BEING_TAKEN}::int, hashtext(${a.unitId}::text)) as uncontended),
    inserted as (
      insert into unit_allocations (booking_id, booking_item_id, unit_id, during)
      select ${a.bookingId}, ${a.itemId}, u.id, tstzrange(${a.during.start}, ${a.during.end}, '[)')
      from inventory_units u, mark
      where u.id = ${a.unitId} and u.status = 'available' and (mark.uncontended or ${wait})
      for share of u
      on conflict do nothing
      returning id
    )
    select (select uncontended from mark) as uncontended, exists (select 1 from inserted) as inserted`;
  if (row!.inserted) return 'taken';
  return !row!.uncontended && !wait ? 'contended' : 'refused';
}

type Customer = { id: string; name: string; email: string; phone: string };

/**
 * The customer by e-mail, added when new. An existing row is only read here (no row lock), so the
 * same customer's bookings for other dates do not queue behind each other for the whole transaction;
 * a new e-mail's insert does wait for a simultaneous first booking with that e-mail to commit.
 */
async function findOrAddCustomer(sql: Sql, customer: BookingRequest['customer']): Promise<Customer> {
  const [added] = await sql<Customer[]>`
    insert into customers (name, email, phone) values (${customer.name}, ${customer.email}, ${customer.phone})
    on conflict (lower(email)) do nothing
    returning id, name, email, phone`;
  if (added) return added;
  const [existing] = await sql<Customer[]>`select id, name, email, phone from customers where lower(email) = lower(${customer.email})`;
  return existing!;
}

/** The name and phone given with the latest booking win; written last, so the row is locked only until commit. */
async function updateCustomerContact(sql: Sql, customer: Customer, given: BookingRequest['customer']): Promise<Customer> {
  if (customer.name === given.name && customer.phone === given.phone) return customer;
  await sql`update customers set name = ${given.name}, phone = ${given.phone}, updated_at = now() where id = ${customer.id}`;
  return { ...customer, name: given.name, phone: given.phone };
}
