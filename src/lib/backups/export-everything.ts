import { centsToDecimal } from '../money';
import { csvColumns, phoneCell } from '../reports';
import { localDate } from '../time';

/**
 * "Export everything" (issue #41): the owner's way out, readable by any spreadsheet: one CSV per kind
 * of record, amounts in dollars, times in ISO 8601 UTC (unambiguous in any program), the signed
 * waivers' PDFs and the photos customers sent (a cake's reference photo, a booking's setup spot). Not a
 * backup (that is `npm run backup`): nothing here is meant to be read back.
 */
/** The export's bookings sheet: also how a restore tells an export from a backup (it has no manifest). */
export const EXPORT_BOOKINGS_ENTRY = 'bookings.csv';

const money = (cents: number | null) => (cents === null ? '' : centsToDecimal(cents));
const time = (at: Date | null) => (at ? at.toISOString() : '');
const list = (items: readonly string[] | null) => (items ?? []).join('; ');
/** A stored file's extension with its dot (".jpg"): the store names every file by its checked type. */
const extensionOf = (storagePath: string) => /\.[a-z0-9]+$/i.exec(storagePath)?.[0] ?? '';

export interface BookingExportRow {
  number: string; status: string; source: string; event_start: Date; event_end: Date; customer_name: string; customer_email: string;
  contact_name: string; contact_phone: string | null; customer_notes: string; staff_notes: string; address_line1: string; address_line2: string | null; address_city: string; address_state: string; address_zip: string; items: string;
  subtotal_cents: number; delivery_fee_cents: number; damage_waiver_cents: number; discount_cents: number; adjustments_cents: number;
  tax_cents: number; total_cents: number; deposit_cents: number; amount_paid_cents: number; created_at: Date; cancelled_at: Date | null;
  /** The storage paths of its photos of the setup spot, in the order the customer added them. */
  site_photo_paths: string[];
}
/** Where a booking's photos of the setup spot sit in the export zip: its number, then 1, 2, 3 in the order added. */
export const sitePhotoEntries = (r: Pick<BookingExportRow, 'number' | 'site_photo_paths'>) =>
  r.site_photo_paths.map((storagePath, index) => `setup-spot-photos/${r.number}/${index + 1}${extensionOf(storagePath)}`);
export const BOOKING_COLUMNS = csvColumns<BookingExportRow>({
  Booking: 'number',
  Status: 'status',
  Source: 'source',
  'Event start (UTC)': (r) => time(r.event_start),
  'Event end (UTC)': (r) => time(r.event_end),
  Customer: 'customer_name',
  'Customer e-mail': 'customer_email',
  // Who is there on the day, and what the customer and staff wrote: what a crew needs to deliver it.
  Contact: 'contact_name',
  'Contact phone': (r) => phoneCell(r.contact_phone),
  Address: (r) => [r.address_line1, r.address_line2].filter(Boolean).join(', '),
  City: 'address_city',
  State: 'address_state',
  ZIP: 'address_zip',
  Items: 'items',
  'Subtotal ($)': (r) => money(r.subtotal_cents),
  'Delivery ($)': (r) => money(r.delivery_fee_cents),
  'Damage waiver ($)': (r) => money(r.damage_waiver_cents),
  'Discount ($)': (r) => money(r.discount_cents),
  'Adjustments ($)': (r) => money(r.adjustments_cents),
  'Tax ($)': (r) => money(r.tax_cents),
  'Total ($)': (r) => money(r.total_cents),
  'Deposit ($)': (r) => money(r.deposit_cents),
  'Paid ($)': (r) => money(r.amount_paid_cents),
  'Created (UTC)': (r) => time(r.created_at),
  'Cancelled (UTC)': (r) => time(r.cancelled_at),
  'Customer notes': 'customer_notes',
  'Staff notes': 'staff_notes',
  'Setup spot photos': (r) => sitePhotoEntries(r).join('; '),
});

export interface CustomerExportRow {
  name: string; email: string; phone: string | null; address_line1: string | null; address_line2: string | null; address_city: string | null;
  address_state: string | null; address_zip: string | null; notes: string | null; bookings: number; created_at: Date;
}
export const CUSTOMER_COLUMNS = csvColumns<CustomerExportRow>({
  Name: 'name',
  'E-mail': 'email',
  Phone: (r) => phoneCell(r.phone),
  Address: (r) => [r.address_line1, r.address_line2].filter(Boolean).join(', '),
  City: 'address_city',
  State: 'address_state',
  ZIP: 'address_zip',
  Notes: 'notes',
  Bookings: 'bookings',
  'Created (UTC)': (r) => time(r.created_at),
});

export interface PaymentExportRow {
  booking_number: string; kind: string; method: string; status: string; amount_cents: number; stripe_payment_intent_id: string | null;
  stripe_refund_id: string | null; recorded_by: string | null; note: string | null; created_at: Date;
}
/**
 * A payment line as money in (positive) or out (negative): refunds are stored as positive amounts with
 * kind 'refund', and a spreadsheet summing the column must get the net money, not money in plus money out.
 */
export const signedPaymentCents = (r: Pick<PaymentExportRow, 'kind' | 'amount_cents'>) => (r.kind === 'refund' ? -r.amount_cents : r.amount_cents);
export const PAYMENT_COLUMNS = csvColumns<PaymentExportRow>({
  Booking: 'booking_number',
  Kind: 'kind',
  Method: 'method',
  Status: 'status',
  'Amount ($)': (r) => money(signedPaymentCents(r)),
  'Stripe payment': 'stripe_payment_intent_id',
  'Stripe refund': 'stripe_refund_id',
  'Recorded by': 'recorded_by',
  Note: 'note',
  'At (UTC)': (r) => time(r.created_at),
});

export interface WaiverExportRow {
  id: string; booking_number: string; signer_name: string; signer_email: string; signer_phone: string | null; guests: number;
  waiver_version: string; signed_at: Date; signed_on: string; pdf_sha256: string | null; pdf_path: string | null;
}
export const WAIVER_COLUMNS = csvColumns<WaiverExportRow>({
  Waiver: 'id',
  Booking: 'booking_number',
  Signer: 'signer_name',
  'Signer e-mail': 'signer_email',
  'Signer phone': (r) => phoneCell(r.signer_phone),
  Guests: 'guests',
  'Waiver version': 'waiver_version',
  'Signed (UTC)': (r) => time(r.signed_at),
  'Signed on': 'signed_on',
  'PDF SHA-256': 'pdf_sha256',
  PDF: (r) => (r.pdf_path ? waiverPdfEntry(r) : ''),
});
/** Where a waiver's PDF sits in the export zip. */
export const waiverPdfEntry = (r: { booking_number: string; id: string }) => `waivers/${r.booking_number}/${r.id}.pdf`;

export interface CreditExportRow {
  customer_name: string; customer_email: string; reason: string; amount_cents: number; remaining_cents: number; expires_on: string | null;
  booking_number: string | null; note: string; issued_by: string | null; voided_at: Date | null; void_reason: string | null; created_at: Date;
}
/**
 * The customers' credits: what the business still owes in credit ("Left") is a debt that leaves with the
 * owner like the bookings do, and a new system needs it to honour a rain check.
 */
export const CREDIT_COLUMNS = csvColumns<CreditExportRow>({
  Customer: 'customer_name',
  'Customer e-mail': 'customer_email',
  Reason: 'reason',
  'Amount ($)': (r) => money(r.amount_cents),
  'Left ($)': (r) => money(r.remaining_cents),
  'Expires on': 'expires_on',
  'From booking': 'booking_number',
  Note: 'note',
  'Issued by': 'issued_by',
  'Voided (UTC)': (r) => time(r.voided_at),
  'Void reason': 'void_reason',
  'Created (UTC)': (r) => time(r.created_at),
});

export interface CakeOrderExportRow {
  number: string; status: string; needed_on: string; fulfilment: string; booking_number: string | null; name: string; email: string; phone: string;
  cake: string; servings: number; tiers: number; flavour: string; filling: string | null; frosting: string; message_on_cake: string | null;
  allergies: string; price_cents: number; staff_notes: string; created_at: Date; reference_photo_path: string | null;
}
/** Where a cake order's reference photo sits in the export zip: named by the order's number. */
export const cakePhotoEntry = (orderNumber: string, storagePath: string) => `cake-photos/${orderNumber}${extensionOf(storagePath)}`;
/** Cake orders are orders of their own (not booking lines): the ones still to bake must leave too. */
export const CAKE_ORDER_COLUMNS = csvColumns<CakeOrderExportRow>({
  Order: 'number',
  Status: 'status',
  'Needed on': 'needed_on',
  Fulfilment: 'fulfilment',
  Booking: 'booking_number',
  Name: 'name',
  'E-mail': 'email',
  Phone: (r) => phoneCell(r.phone),
  Cake: 'cake',
  Servings: 'servings',
  Tiers: 'tiers',
  Flavour: 'flavour',
  Filling: 'filling',
  Frosting: 'frosting',
  'Message on cake': 'message_on_cake',
  Allergies: 'allergies',
  'Price ($)': (r) => money(r.price_cents),
  'Staff notes': 'staff_notes',
  'Created (UTC)': (r) => time(r.created_at),
  'Reference photo': (r) => (r.reference_photo_path ? cakePhotoEntry(r.number, r.reference_photo_path) : ''),
});

export interface DamageReportExportRow {
  id: string; created_at: Date; product: string; unit: string; booking_number: string | null; note: string; reported_by: string; photo_path: string | null;
}
/** Where a damage report's photo sits in the export zip: the report's own id (a unit may have several a day). */
export const damagePhotoEntry = (r: Pick<DamageReportExportRow, 'id' | 'photo_path'>) => (r.photo_path ? `damage-photos/${r.id}${extensionOf(r.photo_path)}` : '');
/** What the crew reported broken or dirty, with their photo: the evidence behind a damage charge or a claim. */
export const DAMAGE_REPORT_COLUMNS = csvColumns<DamageReportExportRow>({
  Report: 'id',
  'Reported (UTC)': (r) => time(r.created_at),
  Product: 'product',
  Unit: 'unit',
  Booking: 'booking_number',
  Note: 'note',
  'Reported by': 'reported_by',
  Photo: damagePhotoEntry,
});

export interface ProductExportRow {
  slug: string; name: string; category: string; active: boolean; pricing_unit: string; base_price_cents: number; base_hours: number | null;
  half_day_price_cents: number | null; extra_day_price_cents: number | null; units: number; short_description: string | null; surfaces: string[] | null;
}
export const PRODUCT_COLUMNS = csvColumns<ProductExportRow>({
  Slug: 'slug',
  Name: 'name',
  Category: 'category',
  Active: (r) => (r.active ? 'yes' : 'no'),
  'Pricing unit': 'pricing_unit',
  'Price ($)': (r) => money(r.base_price_cents),
  'Hours included': 'base_hours',
  'Half day ($)': (r) => money(r.half_day_price_cents),
  'Extra day ($)': (r) => money(r.extra_day_price_cents),
  Units: 'units',
  'Short description': 'short_description',
  Surfaces: (r) => list(r.surfaces),
});

export interface QuoteExportRow {
  number: string; status: string; name: string; email: string; phone: string; event_type: string; event_date: string; guest_count: number | null;
  zip: string; items: string; details: string; budget_cents: number | null; offer_total_cents: number | null; offer_message: string | null;
  offered_at: Date | null; booking_number: string | null; staff_note: string; created_at: Date;
}
/** Quote requests: the leads and the offers still open are the business's too, and a new system needs them to answer. */
export const QUOTE_COLUMNS = csvColumns<QuoteExportRow>({
  Quote: 'number',
  Status: 'status',
  Name: 'name',
  'E-mail': 'email',
  Phone: (r) => phoneCell(r.phone),
  'Event type': 'event_type',
  'Event date': 'event_date',
  Guests: 'guest_count',
  ZIP: 'zip',
  Items: 'items',
  Details: 'details',
  'Budget ($)': (r) => money(r.budget_cents),
  'Offer ($)': (r) => money(r.offer_total_cents),
  'Offer message': 'offer_message',
  'Offered (UTC)': (r) => time(r.offered_at),
  Booking: 'booking_number',
  'Staff note': 'staff_note',
  'Created (UTC)': (r) => time(r.created_at),
});

export interface BlackoutExportRow {
  scope: string; applies_to: string | null; starts_on: string; ends_on: string; reason: string; created_at: Date;
}
/** Blackout dates: the days the business does not rent (the whole business, a category or one product), inclusive. */
export const BLACKOUT_COLUMNS = csvColumns<BlackoutExportRow>({
  Scope: 'scope',
  'Applies to': 'applies_to',
  'Starts on': 'starts_on',
  'Ends on': 'ends_on',
  Reason: 'reason',
  'Created (UTC)': (r) => time(r.created_at),
});

/** Dated by the business's calendar: an evening export in California is that day's, not tomorrow's in UTC. */
export const exportFileName = (now: Date, timeZone: string) => `everything-${localDate(now, timeZone)}.zip`;
