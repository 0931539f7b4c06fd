import { blockedWindow, toAvailabilitySettings } from '../availability/availability';
import type { Database, Sql } from '../db/client.server';
import { AppError, fieldError, isConflict } from '../http/errors';
import { toPricingSettings, UNKNOWN_COUPON_MESSAGE, type PriceResult } from '../pricing/quote';
import type { BusinessSettings } from '../settings/schema';
import { getSettings } from '../settings/settings.server';
import { toEventWindow, type EventWindow } from '../time/event-window';
import {
  findCoupon,
  findServiceArea,
  loadAllocations,
  loadBlackouts,
  loadProducts,
  loadUnits,
  servedCities,
  type BookableProduct,
} from './booking-context.server';
import { newReference } from './booking-number';
import { releaseExpiredHolds } from './holds.server';
import type { BookingRequest } from './booking-request';
import { evaluateCart, type CartEvaluation, type CartLine } from './evaluate-cart';

export type InitialStatus = 'hold' | 'deposit_due' | 'confirmed';

export interface PlaceBookingOptions {
  now: Date;
  /** hold: waiting for the online deposit; deposit_due: pay later; confirmed: staff booked it. */
  status: InitialStatus;
  source: 'web' | 'admin' | 'quote' | 'phone';
}

export interface PlacedBooking {
  id: string;
  number: string;
  status: InitialStatus;
  window: EventWindow;
  holdExpiresAt: Date | null;
  customer: { id: string; name: string; email: string; phone: string };
  price: PriceResult;
}

export const NO_LONGER_AVAILABLE = 'Sorry, that is no longer available for those dates. Please choose another time.';

export interface PreparedCart {
  settings: BusinessSettings;
  window: EventWindow;
  lines: CartLine[];
  products: BookableProduct[];
  evaluation: CartEvaluation;
  areaId: string;
  couponId: string | null;
}

/**
 * Everything needed to price and check a cart: shared by the price quote and the booking.
 * `loaded`: the request's products when the caller has already read them (placeBooking needs them
 * to lock their units first), so they are not read twice.
 */
export async function prepareCart(
  sql: Sql,
  request: Pick<BookingRequest, 'items' | 'event' | 'coupon' | 'damageWaiver'>,
  zip: string,
  now: Date,
  zipField: string,
  loaded?: BookableProduct[],
): Promise<PreparedCart> {
  const settings = await getSettings(sql);
  const window = toEventWindow(request.event, settings.timezone);
  const products = loaded ?? (await loadProducts(sql, { slugs: request.items.map((i) => i.product) }));
  const bySlug = new Map(products.map((p) => [p.slug, p]));
  const lines = request.items.map((item, index) => {
    const product = bySlug.get(item.product);
    if (!product) throw fieldError(`items.${index}.product`, `We couldn’t find the product “${item.product}”.`);
    return { product, quantity: item.quantity };
  });

  const area = await findServiceArea(sql, zip);
  if (!area) {
    const cities = await servedCities(sql);
    throw fieldError(zipField, `We don’t deliver to ${zip} yet. We serve ${cities.slice(0, 12).join(', ')}${cities.length > 12 ? ' and nearby' : ''}.`);
  }
  const coupon = request.coupon ? await findCoupon(sql, request.coupon) : null;
  if (request.coupon && !coupon) throw fieldError('coupon', UNKNOWN_COUPON_MESSAGE);

  const inventoryIds = products.filter((p) => p.tracksInventory && p.packageItems.length === 0).map((p) => p.id);
  const [units, allocations, blackouts] = await Promise.all([
    loadUnits(sql, inventoryIds),
    loadAllocations(sql, inventoryIds, window),
    loadBlackouts(sql, window, settings.timezone),
  ]);
  const evaluation = evaluateCart(lines, {
    products: new Map(products.map((p) => [p.id, p])),
    units,
    allocations,
    blackouts,
    window,
    availabilitySettings: toAvailabilitySettings(settings),
    pricingSettings: toPricingSettings(settings),
    area,
    coupon,
    damageWaiver: request.damageWaiver,
    now,
  });
  return { settings, window, lines, products, evaluation, areaId: area.id, couponId: coupon?.id ?? null };
}

/**
 * Places a booking in one transaction: re-checks availability with the product's units locked,
 * allocates specific units, records the customer, items and price. The exclusion constraint on
 * unit_allocations stays the final word: a race that slips past the check becomes a 409.
 */
export async function placeBooking(sql: Database, request: BookingRequest, options: PlaceBookingOptions): Promise<PlacedBooking> {
  try {
    return await sql.begin(async (tx) => {
      await releaseExpiredHolds(tx, options.now);
      // Lock the units first, then read: every later statement sees each booking committed before
      // the lock was granted, so two customers cannot both take the last unit.
      const wanted = await loadProducts(tx, { slugs: request.items.map((i) => i.product) });
      const inventoryIds = wanted.filter((p) => p.tracksInventory && p.packageItems.length === 0).map((p) => p.id);
      await tx`select id from inventory_units where product_id = any(${inventoryIds}::uuid[]) order by id for update`;
      const { settings, window, evaluation, lines, areaId, couponId, products } = await prepareCart(
        tx,
        request,
        request.address.zip,
        options.now,
        'address.zip',
        wanted,
      );

      if (evaluation.problem) {
        const unavailable = evaluation.lines.find((l) => !l.available);
        const code = unavailable?.reason?.code;
        const isStock = code === undefined || code === 'sold_out' || code === 'not_enough';
        throw new AppError(isStock ? 'conflict' : 'validation', evaluation.problem, isStock ? {} : { event: evaluation.problem });
      }
      const price = evaluation.price;
      if (price.minimumOrderError) throw fieldError('items', price.minimumOrderError);
      if (price.couponError) throw fieldError('coupon', price.couponError);

      const customer = await upsertCustomer(tx, request.customer);
      const holdExpiresAt = options.status === 'hold' ? new Date(options.now.getTime() + settings.holdMinutes * 60_000) : null;
      const [booking] = await tx<{ id: string; number: string }[]>`
        insert into bookings ${tx({
          number: newReference('PF'),
          customer_id: customer.id,
          status: options.status,
          source: options.source,
          event_start: window.start,
          event_end: window.end,
          address_line1: request.address.line1,
          address_line2: request.address.line2 ?? null,
          address_city: request.address.city,
          address_state: request.address.state,
          address_zip: request.address.zip,
          service_area_id: areaId,
          surface: request.address.surface ?? null,
          customer_notes: request.address.notes ?? '',
          coupon_id: couponId && price.couponCode ? couponId : null,
          damage_waiver_accepted: price.damageWaiverCents > 0,
          subtotal_cents: price.subtotalCents,
          delivery_fee_cents: price.deliveryFeeCents,
          damage_waiver_cents: price.damageWaiverCents,
          discount_cents: price.discountCents,
          tax_cents: price.taxCents,
          total_cents: price.totalCents,
          deposit_cents: price.depositCents,
          balance_due_on: price.balanceDueOn,
          hold_expires_at: holdExpiresAt,
          terms_accepted_at: options.now,
          created_at: options.now,
          updated_at: options.now,
        })}
        returning id, number`;

      const byId = new Map(products.map((p) => [p.id, p]));
      const taken = new Set<string>();
      for (const [index, line] of lines.entries()) {
        const priced = price.lines[index]!;
        const [item] = await tx<{ id: string }[]>`
          insert into booking_items (booking_id, product_id, product_name, quantity, unit_price_cents, line_total_cents)
          values (${booking!.id}, ${line.product.id}, ${line.product.name}, ${line.quantity}, ${priced.unitPriceCents}, ${priced.lineTotalCents})
          returning id`;
        const needs = line.product.packageItems.length
          ? line.product.packageItems.map((pi) => ({ product: byId.get(pi.productId)!, count: pi.quantity * line.quantity }))
          : [{ product: line.product, count: line.quantity }];
        for (const need of needs) {
          if (!need.product.tracksInventory) continue;
          const units = await freeUnitIds(tx, need.product, window, taken);
          if (units.length < need.count) throw new AppError('conflict', NO_LONGER_AVAILABLE);
          for (const unitId of units.slice(0, need.count)) {
            taken.add(unitId);
            const during = blockedWindow(window, need.product);
            await tx`
              insert into unit_allocations (booking_id, booking_item_id, unit_id, during)
              values (${booking!.id}, ${item!.id}, ${unitId}, tstzrange(${during.start}, ${during.end}, '[)'))`;
          }
        }
      }

      if (couponId && price.couponCode) {
        const used = await tx`
          update coupons set times_used = times_used + 1
          where id = ${couponId} and (usage_limit is null or times_used < usage_limit) returning id`;
        if (used.length === 0) throw fieldError('coupon', 'This coupon has reached its usage limit.');
      }

      return {
        id: booking!.id,
        number: booking!.number,
        status: options.status,
        window,
        holdExpiresAt,
        customer,
        price,
      };
    });
  } catch (error) {
    if (isConflict(error)) throw new AppError('conflict', NO_LONGER_AVAILABLE);
    throw error;
  }
}

async function freeUnitIds(sql: Sql, product: BookableProduct, window: EventWindow, taken: Set<string>): Promise<string[]> {
  const during = blockedWindow(window, product);
  const rows = await sql<{ id: string }[]>`
    select u.id from inventory_units u
    where u.product_id = ${product.id} and u.status = 'available'
      and not exists (
        select 1 from unit_allocations a
        where a.unit_id = u.id and a.released_at is null and a.during && tstzrange(${during.start}, ${during.end}, '[)'))
    order by u.label`;
  return rows.map((r) => r.id).filter((id) => !taken.has(id));
}

async function upsertCustomer(sql: Sql, customer: BookingRequest['customer']) {
  const [row] = await sql<{ id: string; name: string; email: string; phone: string }[]>`
    insert into customers (name, email, phone) values (${customer.name}, ${customer.email}, ${customer.phone})
    on conflict (lower(email)) do update set name = excluded.name, phone = excluded.phone, updated_at = now()
    returning id, name, email, phone`;
  return row!;
}
