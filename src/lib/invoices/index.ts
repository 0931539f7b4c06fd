// The front door of invoices and receipts: the invoice PDF and its links, the receipt e-mailed for each payment
// and refund. Pure and safe in the browser; its I/O is index.server.ts.
export { invoicePath } from './invoice-links';
export { type InvoicePaymentInput, paymentMethodLabels } from './invoice';
export { INVOICE_WORDS } from './invoice-words';
