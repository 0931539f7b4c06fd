// The front door of invoices and receipts: the invoice PDF and its links, the receipt e-mailed for each payment
// and refund. Server side (I/O): functions, the build and other features'
// *.server.ts.
export { customerInvoicePdf, pdfResponse, staffInvoicePdf } from './invoice.server';
export { queueReceipt } from './receipts.server';
