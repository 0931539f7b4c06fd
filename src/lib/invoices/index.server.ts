// DOOR_HEADER
export { customerInvoicePdf, pdfResponse, staffInvoicePdf } from './invoice.server';
