// The front door of the invoice PDF and its links. Server side (I/O): functions, the build and other features'
// *.server.ts.
export { customerInvoicePdf, pdfResponse, staffInvoicePdf } from './invoice.server';
