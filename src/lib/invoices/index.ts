// The front door of the invoice PDF and its links. Pure and safe in the browser; its I/O is index.server.ts.
export { invoicePath } from './invoice-links';
export { type InvoicePaymentInput, paymentMethodLabels } from './invoice';
