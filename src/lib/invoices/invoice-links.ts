/**
 * The customer's invoice address, opened without a login with the same proof as the waiver link: the
 * renter's e-mail (the confirmation e-mails, which already carry it in the waiver link) or the
 * booking's guest key (bookings.waiver_key; the tracking page, after the customer proved who they are).
 */
export function invoicePath(bookingNumber: string, access: { key?: string; email?: string }): string {
  const query = new URLSearchParams(access.key ? { key: access.key } : { email: access.email ?? '' });
  return `/api/bookings/${encodeURIComponent(bookingNumber)}/invoice?${query.toString()}`;
}

/** Staff download the same invoice through the admin (behind its role check). */
export const adminInvoicePath = (bookingId: string) => `/api/admin/bookings/${bookingId}/invoice`;

export const invoiceFilename = (bookingNumber: string) => `invoice-${bookingNumber}.pdf`;
