import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Audit } from '../auth/index.server';
import type { Database } from '../db/index.server';
import { toCsv } from '../reports';
import type { FileStorage } from '../storage';
import {
  BLACKOUT_COLUMNS, type BlackoutExportRow, BOOKING_COLUMNS, type BookingExportRow, CAKE_ORDER_COLUMNS, type CakeOrderExportRow, CREDIT_COLUMNS, type CreditExportRow, CUSTOMER_COLUMNS, EXPORT_BOOKINGS_ENTRY, type CustomerExportRow, PAYMENT_COLUMNS, type PaymentExportRow,
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
  /** Files the rows name: cake orders' reference photos and bookings' photos of the setup spot. */
  cakePhotos: number;
  sitePhotos: number;
  /** Files found in storage and put in the zip. */
  pdfs: number;
  photos: number;
}

/**
 * The zip of "Export everything": bookings.csv, customers.csv, payments.csv, waivers.csv, products.csv,
 * credits.csv, cake-orders.csv, quotes.csv and blackouts.csv read in one snapshot, with the audit entry (who took the business's data, and how much) in that same
 * transaction, then from storage each signed waiver's PDF, each cake order's reference photo and each
 * booking's photos of the setup spot. A file storage has lost is named in its CSV but absent: the rest
 * of the owner's data still leaves.
 */
export async function exportEverything(db: Database, storage: FileStorage, audit: Audit): Promise<{ zip: Uint8Array; counts: ExportCounts }> {
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
    const counts = {
      bookings: bookings.length, customers: customers.length, payments: payments.length, waivers: waivers.length, products: products.length,
      credits: credits.length, cakeOrders: cakeOrders.length, quotes: quotes.length, blackouts: blackouts.length,
      cakePhotos: cakeOrders.filter((o) => o.reference_photo_path).length, sitePhotos: bookings.reduce((n, b) => n + b.site_photo_paths.length, 0),
    };
    await audit(tx, { action: 'data.exported', entity: 'business', after: counts });
    return { bookings, customers, payments, waivers, products, credits, cakeOrders, quotes, blackouts, counts };
  });
  const zip: Zippable = {
    [EXPORT_BOOKINGS_ENTRY]: strToU8(toCsv(BOOKING_COLUMNS, data.bookings)),
    'customers.csv': strToU8(toCsv(CUSTOMER_COLUMNS, data.customers)),
    'payments.csv': strToU8(toCsv(PAYMENT_COLUMNS, data.payments)),
    'waivers.csv': strToU8(toCsv(WAIVER_COLUMNS, data.waivers)),
    'products.csv': strToU8(toCsv(PRODUCT_COLUMNS, data.products)),
    'credits.csv': strToU8(toCsv(CREDIT_COLUMNS, data.credits)),
    'cake-orders.csv': strToU8(toCsv(CAKE_ORDER_COLUMNS, data.cakeOrders)),
    'quotes.csv': strToU8(toCsv(QUOTE_COLUMNS, data.quotes)),
    'blackouts.csv': strToU8(toCsv(BLACKOUT_COLUMNS, data.blackouts)),
  };
  // Each file by its storage path and its name in the zip; PDFs and photos are compressed already.
  const added = async (files: { storagePath: string; entry: string }[]) => {
    let found = 0;
    for (const { storagePath, entry } of files) {
      const stored = await storage.get(storagePath);
      if (!stored) continue;
      zip[entry] = [stored.bytes, { level: 0 }];
      found++;
    }
    return found;
  };
  const pdfs = await added(data.waivers.flatMap((w) => (w.pdf_path ? [{ storagePath: w.pdf_path, entry: waiverPdfEntry(w) }] : [])));
  const photos =
    (await added(data.cakeOrders.flatMap((o) => (o.reference_photo_path ? [{ storagePath: o.reference_photo_path, entry: cakePhotoEntry(o.number, o.reference_photo_path) }] : [])))) +
    (await added(data.bookings.flatMap((b) => sitePhotoEntries(b).map((entry, i) => ({ storagePath: b.site_photo_paths[i]!, entry })))));
  return { zip: zipSync(zip), counts: { ...data.counts, pdfs, photos } };
}
