import { strToU8, zipSync, type Zippable } from 'fflate';
import { AppError } from '../http';
import type { Audit } from '../auth/index.server';
import type { Database } from '../db/index.server';
import { toCsv } from '../reports';
import { assertStoragePath, type FileStorage, type StoredFile } from '../storage';
import type { ExportFile } from './export-assembly';
import {
  BLACKOUT_COLUMNS, type BlackoutExportRow, BOOKING_COLUMNS, DAMAGE_REPORT_COLUMNS, type DamageReportExportRow, damagePhotoEntry, type BookingExportRow, CAKE_ORDER_COLUMNS, type CakeOrderExportRow, CREDIT_COLUMNS, type CreditExportRow, CUSTOMER_COLUMNS, EXPORT_BOOKINGS_ENTRY, type CustomerExportRow, PAYMENT_COLUMNS, type PaymentExportRow,
  PRODUCT_COLUMNS, type ProductExportRow, QUOTE_COLUMNS, type QuoteExportRow, WAIVER_COLUMNS, type WaiverExportRow, waiverPdfEntry, cakePhotoEntry, sitePhotoEntries,
} from './export-everything';

export interface ExportCounts {
  bookings: number;
  customers: number;
  payments: number;
  waivers: number;
  products: number;
  credits: number;
  cakeOrders: number;
  quotes: number;
  blackouts: number;
  damageReports: number;
  /** Files the rows name: cake orders' reference photos, bookings' photos of the setup spot, the crew's photos of damage. */
  cakePhotos: number;
  sitePhotos: number;
  damagePhotos: number;
}

/**
 * "Export everything": bookings.csv, customers.csv, payments.csv, waivers.csv, products.csv, credits.csv,
 * cake-orders.csv, quotes.csv, blackouts.csv and damage-reports.csv read in one snapshot, with the audit
 * entry (who took the business's data, and how much) in that same transaction, zipped; and the files they
 * name (each signed waiver's PDF, each cake order's reference photo, each booking's photos of the setup
 * spot, each damage report's photo), which the admin fetches one by one (exportedFile) and zips with them
 * (export-assembly.ts says why).
 */
export async function exportEverything(db: Database, audit: Audit): Promise<{ sheets: Uint8Array; files: ExportFile[]; counts: ExportCounts }> {
  const data = await db.begin('isolation level repeatable read', async (tx) => {
    const bookings = await tx<BookingExportRow[]>`
      select b.number, b.status, b.source, b.event_start, b.event_end, c.name as customer_name, c.email as customer_email,
             b.contact_name, b.contact_phone, b.customer_notes, b.staff_notes,
             b.address_line1, b.address_line2, b.address_city, b.address_state, b.address_zip,
             coalesce((select string_agg(i.quantity || ' × ' || i.product_name, '; ' order by i.product_name) from booking_items i where i.booking_id = b.id), '') as items,
             b.subtotal_cents, b.delivery_fee_cents, b.damage_waiver_cents, b.discount_cents, b.adjustments_cents, b.tax_cents,
             b.total_cents, b.deposit_cents, b.amount_paid_cents, b.created_at, b.cancelled_at,
             coalesce((select array_agg(p.storage_path order by p.created_at, p.id) from booking_site_photos p where p.booking_id = b.id), '{}') as site_photo_paths
      from bookings b join customers c on c.id = b.customer_id order by b.event_start, b.number`;
    const customers = await tx<CustomerExportRow[]>`
      select c.name, c.email, c.phone, c.address_line1, c.address_line2, c.address_city, c.address_state, c.address_zip, c.notes,
             (select count(*)::int from bookings b where b.customer_id = c.id) as bookings, c.created_at
      from customers c order by c.name, c.email`;
    const payments = await tx<PaymentExportRow[]>`
      select b.number as booking_number, p.kind, p.method, p.status, p.amount_cents, p.stripe_payment_intent_id, p.stripe_refund_id,
             p.recorded_by, p.note, p.created_at
      from payments p join bookings b on b.id = p.booking_id order by p.created_at, p.id`;
    const waivers = await tx<WaiverExportRow[]>`
      select w.id, b.number as booking_number, w.signer_name, w.signer_email, w.signer_phone, jsonb_array_length(w.guests) as guests,
             w.waiver_version, w.signed_at, w.signed_on, w.pdf_sha256, w.pdf_path
      from waivers w join bookings b on b.id = w.booking_id order by w.signed_at, w.id`;
    const products = await tx<ProductExportRow[]>`
      select p.slug, p.name, c.name as category, p.active, p.pricing_unit, p.base_price_cents, p.base_hours, p.half_day_price_cents,
             p.extra_day_price_cents, (select count(*)::int from inventory_units u where u.product_id = p.id) as units, p.short_description, p.surfaces
      from products p join categories c on c.id = p.category_id order by c.name, p.sort_order, p.name`;
    const credits = await tx<CreditExportRow[]>`
      select c.name as customer_name, c.email as customer_email, k.reason, k.amount_cents, k.remaining_cents,
             to_char(k.expires_on, 'YYYY-MM-DD') as expires_on, b.number as booking_number, k.note, k.issued_by, k.voided_at, k.void_reason, k.created_at
      from customer_credits k join customers c on c.id = k.customer_id left join bookings b on b.id = k.source_booking_id
      order by k.created_at, k.id`;
    const cakeOrders = await tx<CakeOrderExportRow[]>`
      select o.number, o.status, to_char(o.needed_on, 'YYYY-MM-DD') as needed_on, o.fulfilment, b.number as booking_number, o.name, o.email, o.phone,
             p.name as cake, o.servings, o.tiers, o.flavour, o.filling, o.frosting, o.message_on_cake, o.allergies, o.price_cents, o.staff_notes, o.created_at,
             o.reference_photo_path
      from cake_orders o join products p on p.id = o.product_id left join bookings b on b.id = o.booking_id
      order by o.needed_on, o.number`;
    const quotes = await tx<QuoteExportRow[]>`
      select q.number, q.status, q.name, q.email, q.phone, q.event_type, to_char(q.event_date, 'YYYY-MM-DD') as event_date, q.guest_count, q.zip,
             coalesce((select string_agg(i.quantity || ' × ' || i.description, '; ' order by i.description) from quote_items i where i.quote_id = q.id), '') as items,
             q.details, q.budget_cents, q.offer_total_cents, q.offer_message, q.offered_at, b.number as booking_number, q.staff_note, q.created_at
      from quotes q left join bookings b on b.id = q.booking_id order by q.created_at, q.number`;
    const blackouts = await tx<BlackoutExportRow[]>`
      select x.scope, coalesce(p.name, c.name) as applies_to, to_char(x.starts_on, 'YYYY-MM-DD') as starts_on, to_char(x.ends_on, 'YYYY-MM-DD') as ends_on,
             x.reason, x.created_at
      from blackouts x left join categories c on c.id = x.category_id left join products p on p.id = x.product_id
      order by x.starts_on, x.ends_on, x.created_at`;
    const damageReports = await tx<DamageReportExportRow[]>`
      select d.id, d.created_at, p.name as product, u.label as unit, b.number as booking_number, d.note, d.reported_by, d.photo_path
      from damage_reports d join inventory_units u on u.id = d.unit_id join products p on p.id = u.product_id left join bookings b on b.id = d.booking_id
      order by d.created_at, d.id`;
    const counts = {
      bookings: bookings.length, customers: customers.length, payments: payments.length, waivers: waivers.length, products: products.length,
      credits: credits.length, cakeOrders: cakeOrders.length, quotes: quotes.length, blackouts: blackouts.length, damageReports: damageReports.length,
      cakePhotos: cakeOrders.filter((o) => o.reference_photo_path).length, sitePhotos: bookings.reduce((n, b) => n + b.site_photo_paths.length, 0),
      damagePhotos: damageReports.filter((d) => d.photo_path).length,
    };
    await audit(tx, { action: 'data.exported', entity: 'business', after: counts });
    return { bookings, customers, payments, waivers, products, credits, cakeOrders, quotes, blackouts, damageReports, counts };
  });
  const sheets: Zippable = {
    [EXPORT_BOOKINGS_ENTRY]: strToU8(toCsv(BOOKING_COLUMNS, data.bookings)),
    'customers.csv': strToU8(toCsv(CUSTOMER_COLUMNS, data.customers)),
    'payments.csv': strToU8(toCsv(PAYMENT_COLUMNS, data.payments)),
    'waivers.csv': strToU8(toCsv(WAIVER_COLUMNS, data.waivers)),
    'products.csv': strToU8(toCsv(PRODUCT_COLUMNS, data.products)),
    'credits.csv': strToU8(toCsv(CREDIT_COLUMNS, data.credits)),
    'cake-orders.csv': strToU8(toCsv(CAKE_ORDER_COLUMNS, data.cakeOrders)),
    'quotes.csv': strToU8(toCsv(QUOTE_COLUMNS, data.quotes)),
    'blackouts.csv': strToU8(toCsv(BLACKOUT_COLUMNS, data.blackouts)),
    'damage-reports.csv': strToU8(toCsv(DAMAGE_REPORT_COLUMNS, data.damageReports)),
  };
  const files: ExportFile[] = [
    ...data.waivers.flatMap((w) => (w.pdf_path ? [{ path: w.pdf_path, entry: waiverPdfEntry(w) }] : [])),
    ...data.cakeOrders.flatMap((o) => (o.reference_photo_path ? [{ path: o.reference_photo_path, entry: cakePhotoEntry(o.number, o.reference_photo_path) }] : [])),
    ...data.bookings.flatMap((b) => sitePhotoEntries(b).map((entry, i) => ({ path: b.site_photo_paths[i]!, entry }))),
    ...data.damageReports.flatMap((d) => (d.photo_path ? [{ path: d.photo_path, entry: damagePhotoEntry(d) }] : [])),
  ];
  return { sheets: zipSync(sheets), files, counts: data.counts };
}

/**
 * One file Export everything names, for the owner's browser to put in the zip: only a file a signed
 * waiver, a cake order, a booking's setup spot or a damage report points at (not the whole of storage by
 * its path); not found when storage has lost it.
 */
export async function exportedFile(db: Database, storage: FileStorage, path: string): Promise<StoredFile> {
  try {
    assertStoragePath(path);
  } catch {
    throw new AppError('validation', 'That is not a file of the export', { path: 'That is not a file of the export' });
  }
  const [named] = await db<{ named: boolean }[]>`
    select exists (select 1 from waivers where pdf_path = ${path})
        or exists (select 1 from cake_orders where reference_photo_path = ${path})
        or exists (select 1 from booking_site_photos where storage_path = ${path})
        or exists (select 1 from damage_reports where photo_path = ${path}) as named`;
  if (!named?.named) throw new AppError('not_found', 'That file is not part of the export.');
  const stored = await storage.get(path);
  if (!stored) throw new AppError('not_found', 'That file is no longer in storage.');
  return stored;
}
