import { centsToDecimal } from '../money';
import type { CsvColumn } from '../reports';

/**
 * "Export everything" (issue #41): the owner's way out, readable by any spreadsheet: one CSV per kind
 * of record, amounts in dollars, times in ISO 8601 UTC (unambiguous in any program), and the signed
 * waivers' PDFs. Not a backup (that is `npm run backup`): nothing here is meant to be read back.
 */
const money = (cents: number | null) => (cents === null ? '' : centsToDecimal(cents));
const time = (at: Date | null) => (at ? at.toISOString() : '');
const list = (items: readonly string[] | null) => (items ?? []).join('; ');

export interface BookingExportRow {
  number: string; status: string; source: string; event_start: Date; event_end: Date; customer_name: string; customer_email: string;
  address_line1: string; address_line2: string | null; address_city: string; address_state: string; address_zip: string; items: string;
  subtotal_cents: number; delivery_fee_cents: number; damage_waiver_cents: number; discount_cents: number; adjustments_cents: number;
  tax_cents: number; total_cents: number; deposit_cents: number; amount_paid_cents: number; created_at: Date; cancelled_at: Date | null;
}
export const BOOKING_COLUMNS: CsvColumn<BookingExportRow>[] = [
  { header: 'Booking', value: (r) => r.number },
  { header: 'Status', value: (r) => r.status },
  { header: 'Source', value: (r) => r.source },
  { header: 'Event start (UTC)', value: (r) => time(r.event_start) },
  { header: 'Event end (UTC)', value: (r) => time(r.event_end) },
  { header: 'Customer', value: (r) => r.customer_name },
  { header: 'Customer e-mail', value: (r) => r.customer_email },
  { header: 'Address', value: (r) => [r.address_line1, r.address_line2].filter(Boolean).join(', ') },
  { header: 'City', value: (r) => r.address_city },
  { header: 'State', value: (r) => r.address_state },
  { header: 'ZIP', value: (r) => r.address_zip },
  { header: 'Items', value: (r) => r.items },
  { header: 'Subtotal ($)', value: (r) => money(r.subtotal_cents) },
  { header: 'Delivery ($)', value: (r) => money(r.delivery_fee_cents) },
  { header: 'Damage waiver ($)', value: (r) => money(r.damage_waiver_cents) },
  { header: 'Discount ($)', value: (r) => money(r.discount_cents) },
  { header: 'Adjustments ($)', value: (r) => money(r.adjustments_cents) },
  { header: 'Tax ($)', value: (r) => money(r.tax_cents) },
  { header: 'Total ($)', value: (r) => money(r.total_cents) },
  { header: 'Deposit ($)', value: (r) => money(r.deposit_cents) },
  { header: 'Paid ($)', value: (r) => money(r.amount_paid_cents) },
  { header: 'Created (UTC)', value: (r) => time(r.created_at) },
  { header: 'Cancelled (UTC)', value: (r) => time(r.cancelled_at) },
];

export interface CustomerExportRow {
  name: string; email: string; phone: string | null; address_line1: string | null; address_line2: string | null; address_city: string | null;
  address_state: string | null; address_zip: string | null; notes: string | null; bookings: number; created_at: Date;
}
export const CUSTOMER_COLUMNS: CsvColumn<CustomerExportRow>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Address', value: (r) => [r.address_line1, r.address_line2].filter(Boolean).join(', ') },
  { header: 'City', value: (r) => r.address_city },
  { header: 'State', value: (r) => r.address_state },
  { header: 'ZIP', value: (r) => r.address_zip },
  { header: 'Notes', value: (r) => r.notes },
  { header: 'Bookings', value: (r) => r.bookings },
  { header: 'Created (UTC)', value: (r) => time(r.created_at) },
];

export interface PaymentExportRow {
  booking_number: string; kind: string; method: string; status: string; amount_cents: number; stripe_payment_intent_id: string | null;
  stripe_refund_id: string | null; recorded_by: string | null; note: string | null; created_at: Date;
}
export const PAYMENT_COLUMNS: CsvColumn<PaymentExportRow>[] = [
  { header: 'Booking', value: (r) => r.booking_number },
  { header: 'Kind', value: (r) => r.kind },
  { header: 'Method', value: (r) => r.method },
  { header: 'Status', value: (r) => r.status },
  { header: 'Amount ($)', value: (r) => money(r.amount_cents) },
  { header: 'Stripe payment', value: (r) => r.stripe_payment_intent_id },
  { header: 'Stripe refund', value: (r) => r.stripe_refund_id },
  { header: 'Recorded by', value: (r) => r.recorded_by },
  { header: 'Note', value: (r) => r.note },
  { header: 'At (UTC)', value: (r) => time(r.created_at) },
];

export interface WaiverExportRow {
  id: string; booking_number: string; signer_name: string; signer_email: string; signer_phone: string | null; guests: number;
  waiver_version: string; signed_at: Date; signed_on: string; pdf_sha256: string | null; pdf_path: string | null;
}
export const WAIVER_COLUMNS: CsvColumn<WaiverExportRow>[] = [
  { header: 'Waiver', value: (r) => r.id },
  { header: 'Booking', value: (r) => r.booking_number },
  { header: 'Signer', value: (r) => r.signer_name },
  { header: 'Signer e-mail', value: (r) => r.signer_email },
  { header: 'Signer phone', value: (r) => r.signer_phone },
  { header: 'Guests', value: (r) => r.guests },
  { header: 'Waiver version', value: (r) => r.waiver_version },
  { header: 'Signed (UTC)', value: (r) => time(r.signed_at) },
  { header: 'Signed on', value: (r) => r.signed_on },
  { header: 'PDF SHA-256', value: (r) => r.pdf_sha256 },
  { header: 'PDF', value: (r) => (r.pdf_path ? waiverPdfEntry(r) : '') },
];
/** Where a waiver's PDF sits in the export zip. */
export const waiverPdfEntry = (r: { booking_number: string; id: string }) => `waivers/${r.booking_number}/${r.id}.pdf`;

export interface ProductExportRow {
  slug: string; name: string; category: string; active: boolean; pricing_unit: string; base_price_cents: number; base_hours: number | null;
  half_day_price_cents: number | null; extra_day_price_cents: number | null; units: number; short_description: string | null; surfaces: string[] | null;
}
export const PRODUCT_COLUMNS: CsvColumn<ProductExportRow>[] = [
  { header: 'Slug', value: (r) => r.slug },
  { header: 'Name', value: (r) => r.name },
  { header: 'Category', value: (r) => r.category },
  { header: 'Active', value: (r) => (r.active ? 'yes' : 'no') },
  { header: 'Pricing unit', value: (r) => r.pricing_unit },
  { header: 'Price ($)', value: (r) => money(r.base_price_cents) },
  { header: 'Hours included', value: (r) => r.base_hours },
  { header: 'Half day ($)', value: (r) => money(r.half_day_price_cents) },
  { header: 'Extra day ($)', value: (r) => money(r.extra_day_price_cents) },
  { header: 'Units', value: (r) => r.units },
  { header: 'Short description', value: (r) => r.short_description },
  { header: 'Surfaces', value: (r) => list(r.surfaces) },
];

export const exportFileName = (now: Date) => `everything-${now.toISOString().slice(0, 10)}.zip`;
