// DOOR_HEADER
export { invoicePath } from './invoice-links';
export { type InvoicePaymentInput, paymentMethodLabels } from './invoice';
