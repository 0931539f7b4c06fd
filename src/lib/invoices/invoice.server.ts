import { adjustmentPriceLine } from '../pricing';
import { type BookingView, when, bookingCakeLine } from '../booking';
import { getBookingView, cakesForBooking } from '../booking/index.server';
import type { Sql } from '../db/index.server';
import { AppError } from '../http';
import { sameSecret } from '../http/index.server';
import { pdfFontFiles } from '../pdf/index.server';
import type { BusinessSettings } from '../business';
import { getSettings } from '../business/index.server';
import { businessClock } from '../time';
import { buildInvoice, InvoiceMismatch, type Invoice, type InvoicePaymentInput } from './invoice';
import { invoiceFilename } from './invoice-links';
import { buildInvoicePdf } from './invoice-pdf';
import { INVOICE_WORDS } from './invoice-words';

// One answer for an unknown number and a wrong key, so booking numbers cannot be probed.
export const INVOICE_NOT_FOUND = 'We couldn’t find that invoice. Please use the link in your e-mail or on the tracking page.';

/** The invoice of a booking as it stands in `sql` (a transaction sees its own changes). */
export function invoiceFor(view: BookingView, settings: BusinessSettings, now: Date, paidSeparately: string[] = []): Invoice {
  const clock = businessClock(settings.timezone, now);
  return buildInvoice({
    business: {
      name: settings.businessName,
      phone: settings.phone,
      email: settings.email,
      addressLines: [settings.addressLine1, `${settings.addressCity}, ${settings.addressState} ${settings.addressZip}`],
      brandColor: settings.brandColor,
    },
    bookingNumber: view.number,
    // The status in the invoice's language (English: the booking view's own label).
    statusLabel: view.language === 'es' ? INVOICE_WORDS.es.statuses[view.status] : view.statusLabel,
    issuedOn: clock.today(),
    customer: { name: view.customer.name, email: view.customer.email, phone: view.customer.phone },
    eventLabel: when(view),
    addressLines: [view.address.line1, ...(view.address.line2 ? [view.address.line2] : []), `${view.address.city}, ${view.address.state} ${view.address.zip}`],
    items: view.items,
    totals: view.totals,
    extraPriceLines: [...view.site.charges.map((c) => ({ label: c.label, amountCents: c.cents })), ...view.adjustments.map(adjustmentPriceLine)],
    payments: view.payments.map((p) => ({
      kind: p.kind as InvoicePaymentInput['kind'],
      method: p.method as InvoicePaymentInput['method'],
      amountCents: p.amountCents,
      date: clock.dateOf(new Date(p.at)),
    })),
    balanceDueOn: view.balanceDueOn,
    currency: settings.currency,
    paidSeparately,
    language: view.language,
  });
}

export interface InvoicePdf {
  bytes: Uint8Array;
  filename: string;
}

async function renderFor(sql: Sql, view: BookingView, now: Date): Promise<InvoicePdf> {
  const [settings, cakes] = await Promise.all([getSettings(sql), cakesForBooking(sql, view.id)]);
  let invoice: Invoice;
  try {
    invoice = invoiceFor(view, settings, now, cakes.map(bookingCakeLine));
  } catch (error) {
    // Figures that contradict each other (a row changed by hand): no invoice, and a message saying why.
    if (!(error instanceof InvoiceMismatch)) throw error;
    console.error(`Invoice for ${view.number} not made:`, error.message);
    throw new AppError('conflict', `This booking’s figures don’t add up, so no invoice was made (${error.message}) Please call us.`);
  }
  return { bytes: await buildInvoicePdf(invoice, await pdfFontFiles(), now), filename: invoiceFilename(view.number) };
}

/** Staff: any booking by id (the admin route checked the role). */
export async function staffInvoicePdf(sql: Sql, bookingId: string, now: Date): Promise<InvoicePdf> {
  const view = await getBookingView(sql, { id: bookingId });
  if (!view) throw new AppError('not_found', 'No such booking.');
  return renderFor(sql, view, now);
}

/**
 * The customer: the booking number with the booking's invoice token (see invoice-links.ts). Not the
 * guests' waiver key and not an e-mail address: whoever holds either is not thereby the renter.
 */
export async function customerInvoicePdf(sql: Sql, bookingNumber: string, token: string, now: Date): Promise<InvoicePdf> {
  const [row] =
    /^[A-Z0-9-]{6,20}$/.test(bookingNumber) && token !== ''
      ? await sql<{ id: string; invoice_token: string }[]>`select id, invoice_token from bookings where number = ${bookingNumber}`
      : [];
  const view = row && sameSecret(row.invoice_token, token) ? await getBookingView(sql, { id: row.id }) : null;
  if (!view) throw new AppError('not_found', INVOICE_NOT_FOUND);
  return renderFor(sql, view, now);
}

export function pdfResponse(pdf: InvoicePdf, disposition: 'inline' | 'attachment' = 'inline'): Response {
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `${disposition}; filename="${pdf.filename}"`,
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    },
  });
}
