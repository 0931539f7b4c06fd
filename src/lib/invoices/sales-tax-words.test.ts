import { expect, it } from 'vitest';
import { messagesFor } from '../i18n';
import { BOOKING_WORDS } from '../booking';
import { INVOICE_WORDS } from './invoice-words';

// Here, above the page words (i18n), the booking's e-mails and the invoice: each layer's words are read through its door.
it('names the sales tax in one wording in Spanish: checkout, the booking’s page, the e-mails and the invoice', async () => {
  // The usual US Spanish; checkout once said "Impuesto sobre la venta" beside e-mails saying "las ventas".
  const es = await messagesFor('es');
  const labels = [
    es.cart.tax,
    es.trackOrder.payments.tax,
    es.town.glance.salesTax,
    BOOKING_WORDS.es.price.salesTax,
    INVOICE_WORDS.es.salesTax,
  ];
  expect(new Set(labels)).toEqual(new Set(['Impuesto sobre las ventas']));
});
