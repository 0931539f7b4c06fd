import type { Allocation, Blackout, UnitState } from '../availability';
import { type Sql, callJson, jsonCallText } from '../db/index.server';
import { productPricingFromRow, type ProductPricingRow } from '../catalog/index.server';
import { siteRequirementsFromRow, type SiteRequirementsRow } from '../catalog';
import { couponFromRow, type CouponRow, type Coupon, type PricingArea } from '../pricing';
import type { BusinessSettings } from '../business';
import { settingsFromRow, SettingsMissingError, type SettingsRow } from '../business/index.server';
import { addDays } from '../time';
import type { ReleasedBooking } from './release-emails';
import type { BookableProduct } from './evaluate-cart';

export type { BookableProduct };

export interface ServiceAreaMatch extends PricingArea {
  id: string;
  city: string;
  state: string;
}

interface ProductRow extends ProductPricingRow, SiteRequirementsRow {
  id: string;
  slug: string;
  name: string;
  name_es: string | null;
  category_id: string;
  active: boolean;
  category_active: boolean;
  cake: boolean;
  // The query fills these from the settings' defaults.
  setup_minutes: number;
  teardown_minutes: number;
  package_items: { productId: string; quantity: number }[];
}

/** A product row as booking reads it; its price, buffers and inventory mapped as the catalog maps them. */
const toBookable = (r: ProductRow): BookableProduct => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  nameEs: r.name_es,
  categoryId: r.category_id,
  active: r.active && r.category_active,
  ...productPricingFromRow(r),
  packageItems: r.package_items,
  site: siteRequirementsFromRow(r),
  cake: r.cake,
});

/** Products by slug or id (and, for packages, the products they bundle); buffers default from settings. */
export async function loadProducts(sql: Sql, by: { slugs?: string[]; ids?: string[] }): Promise<BookableProduct[]> {
  const rows = await sql<ProductRow[]>`
    with recursive wanted as (
      select p.id from products p where p.slug = any(${by.slugs ?? []}) or p.id = any(${by.ids ?? []}::uuid[])
      union
      select pi.item_id from package_items pi join wanted w on w.id = pi.package_id
    )
    select p.id, p.slug, p.name, p.name_es, p.category_id, p.active, c.active as category_active, c.kind = 'cake' as cake, p.tracks_inventory,
      coalesce(p.setup_minutes, s.default_setup_minutes, 0) as setup_minutes,
      coalesce(p.teardown_minutes, s.default_teardown_minutes, 0) as teardown_minutes,
      p.pricing_unit, p.base_price_cents, p.base_hours, p.half_day_price_cents, p.extra_day_price_cents,
      p.surfaces, p.stakes_needed, p.sandbags_needed, p.space_length_ft, p.space_width_ft, p.clearance_ft, p.outlets_required,
      p.outlet_run_ft, p.circuit_amps, p.water_hookup, p.access_width_in, p.max_stair_flights, p.overnight_allowed,
      coalesce((select json_agg(json_build_object('productId', pi.item_id, 'quantity', pi.quantity))
        from package_items pi where pi.package_id = p.id), '[]') as package_items
    from products p join categories c on c.id = p.category_id left join business_settings s on s.id
    where p.id in (select id from wanted)`;
  return rows.map(toBookable);
}


interface ServiceAreaRow {
  id: string;
  city: string;
  state: string;
  delivery_fee_cents: number;
  tax_rate_bps: number;
  minimum_order_cents: number;
}

/** The active service area that has the ZIP, as a fragment to select (one row or none). */
const serviceAreaFor = (sql: Sql, zip: string) => sql`
  select a.id, a.city, a.state, a.delivery_fee_cents, a.tax_rate_bps, a.minimum_order_cents
  from service_area_zips z join service_areas a on a.id = z.service_area_id
  where z.zip = ${zip} and a.active`;

const serviceAreaFromRow = (row: ServiceAreaRow): ServiceAreaMatch => ({
  id: row.id,
  city: row.city,
  state: row.state,
  deliveryFeeCents: row.delivery_fee_cents,
  taxRateBps: row.tax_rate_bps,
  minimumOrderCents: row.minimum_order_cents,
});

export async function findServiceArea(sql: Sql, zip: string): Promise<ServiceAreaMatch | null> {
  const [row] = await sql<ServiceAreaRow[]>`${serviceAreaFor(sql, zip)}`;
  return row ? serviceAreaFromRow(row) : null;
}

/** Names of served cities, for "we deliver to …" messages. */
export async function servedCities(sql: Sql): Promise<string[]> {
  const rows = await sql<{ city: string }[]>`select city from service_areas where active order by delivery_fee_cents, city`;
  return rows.map((r) => r.city);
}

/** Everything an availability answer needs, read in one statement. */
export interface AvailabilitySnapshot {
  settings: BusinessSettings;
  /** The products asked for, with the items of packages among them. */
  products: BookableProduct[];
  /** With `{ listed: true }`: ids of the active products in active categories, cakes aside (ordered on their form), in catalogue order. */
  listed: string[];
  /** Units of those products that track inventory (packages have none of their own). */
  units: (UnitState & { productId: string })[];
  allocations: Allocation[];
  blackouts: Blackout[];
}

/** What a booking or a price quote also needs, read in the snapshot's round trip. */
export interface CartContext {
  /** The service area of the delivery ZIP, or null where nobody delivers. */
  area: ServiceAreaMatch | null;
  /** The coupon with the code given, or null (none given, or no such code). */
  coupon: (Coupon & { id: string }) | null;
  /** Unpaid bookings released first (`releaseHoldsAt`): their customers' e-mails go with the booking. */
  released: ReleasedBooking[];
}

export interface CartQuestion {
  zip: string;
  coupon: string | undefined;
  releaseHoldsAt?: Date | undefined;
  /**
   * cart_snapshot's answer (its row's `result`), when its statement (cartSnapshotStatement, for the
   * same question) went ahead in a message of the caller's: the website's booking sends it with the
   * admission that opens its transaction (transactionAfter's `opening`). Without it, asked here.
   */
  answered?: { result: unknown } | undefined;
}

/** The spans a snapshot reads around the local dates (see loadAvailabilitySnapshot). */
function snapshotSpans(dates: { from: string; to: string }) {
  return {
    allocationsFrom: new Date(utcMidnight(dates.from) - 2 * DAY_MS),
    allocationsTo: new Date(utcMidnight(dates.to) + 3 * DAY_MS),
    blackoutsFrom: addDays(dates.from, -2),
    blackoutsTo: addDays(dates.to, 2),
  };
}

const cartSnapshotArgument = (slugs: string[], dates: { from: string; to: string }, cart: CartQuestion) => ({
  slugs,
  ...snapshotSpans(dates),
  zip: cart.zip,
  coupon: cart.coupon ?? null,
  releaseHoldsAt: cart.releaseHoldsAt ?? null,
});

/** The statement loadAvailabilitySnapshot runs for a cart, for a caller that sends it in a message with others (`answered`). */
export const cartSnapshotStatement = (slugs: string[], dates: { from: string; to: string }, cart: CartQuestion): string =>
  jsonCallText('cart_snapshot', cartSnapshotArgument(slugs, dates, cart));

/** What availability_snapshot answers, and cart_snapshot with the area and coupon beside it. */
interface SnapshotResult {
  snapshot: {
    settings: SettingsRow | null;
    listed: string[];
    products: ProductRow[];
    units: (UnitState & { productId: string })[];
    allocations: { unitId: string; start: number; end: number }[];
    blackouts: Blackout[];
  };
  area?: ServiceAreaRow | null;
  coupon?: CouponRow | null;
  released?: ReleasedBooking[];
}

const DAY_MS = 24 * 3_600_000;
const utcMidnight = (isoDate: string) => Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10)));

/**
 * The settings, the products (by slug, and every listed one if asked), their units, and the allocations and
 * blackouts around the local dates `from`..`to`, in ONE round trip through the `availability_snapshot`
 * database function (supabase/migrations/20261122003000_availability_snapshot.sql, whose plan the
 * connection keeps): the availability API's latency was mostly waiting on the database, with three
 * round trips, five pool checkouts and five query plans per request.
 *
 * The time zone lives in the settings read by this same statement, so the spans are chosen wide enough
 * for any zone: a local day lies within UTC midnight −14 h … +36 h, and allocations are read with the
 * a 24-hour margin either side (product buffers are at most 10 hours each). Every allocation and blackout that could touch the event is
 * therefore included; the pure availability functions keep exactly those that overlap, so the answer
 * is the same as with the narrower reads.
 */
export async function loadAvailabilitySnapshot(
  sql: Sql,
  by: { slugs: string[]; listed?: boolean },
  dates: { from: string; to: string },
): Promise<AvailabilitySnapshot>;
/**
 * With a delivery ZIP (and a coupon code): also the service area and the coupon, in the same round trip
 * (the `cart_snapshot` function). `releaseHoldsAt`: first release the unpaid bookings whose deadline
 * has passed by then (a booking does, so the units they held count as free, and stores their
 * customers' e-mails with its own; a price quote only reads).
 */
export async function loadAvailabilitySnapshot(
  sql: Sql,
  by: { slugs: string[] },
  dates: { from: string; to: string },
  cart: CartQuestion,
): Promise<AvailabilitySnapshot & CartContext>;
export async function loadAvailabilitySnapshot(
  sql: Sql,
  by: { slugs: string[]; listed?: boolean },
  dates: { from: string; to: string },
  cart?: CartQuestion,
): Promise<AvailabilitySnapshot & Partial<CartContext>> {
  const slugs = by.slugs;
  const listAll = by.listed === true;
  const { allocationsFrom, allocationsTo, blackoutsFrom, blackoutsTo } = snapshotSpans(dates);
  const result = cart
    ? cart.answered
      ? (cart.answered.result as SnapshotResult)
      : await callJson<SnapshotResult>(sql, 'cart_snapshot', cartSnapshotArgument(slugs, dates, cart))
    : (
        await sql<SnapshotResult[]>`
          select availability_snapshot(${slugs}, ${listAll}, ${allocationsFrom}, ${allocationsTo}, ${blackoutsFrom}::date, ${blackoutsTo}::date) as snapshot`
      )[0];
  if (!result?.snapshot.settings) throw new SettingsMissingError();
  const row = result.snapshot;
  return {
    ...(cart
      ? { area: result.area ? serviceAreaFromRow(result.area) : null, coupon: result.coupon ? couponFromRow(result.coupon) : null, released: result.released ?? [] }
      : {}),
    settings: settingsFromRow(row.settings!),
    listed: row.listed,
    products: row.products.map(toBookable),
    units: row.units,
    allocations: row.allocations.map((a) => ({ unitId: a.unitId, start: new Date(Number(a.start)), end: new Date(Number(a.end)) })),
    blackouts: row.blackouts,
  };
}
