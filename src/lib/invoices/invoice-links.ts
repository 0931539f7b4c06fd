import { adminApi, publicApi } from '../paths';

/**
 * The customer's invoice address, opened without a login by the booking's own invoice token
 * (bookings.invoice_token: in the confirmation and receipt e-mails and on the tracking page). Not the
 * guests' waiver key, which the party QR code hands to every guest, and not the renter's e-mail
 * address, which anyone may know: the invoice shows the renter's contact details and payments.
 */
export const invoicePath = (bookingNumber: string, token: string): string => publicApi.bookingInvoice(bookingNumber, token);

/** Staff download the same invoice through the admin (behind its role check). */
export const adminInvoicePath = (bookingId: string) => adminApi.bookings.one(bookingId, 'invoice');

export const invoiceFilename = (bookingNumber: string) => `invoice-${bookingNumber}.pdf`;
