// DOOR_HEADER
export { customerInvoicePdf, pdfResponse, staffInvoicePdf } from './invoice.server';
export { queueReceipt } from './receipts.server';
