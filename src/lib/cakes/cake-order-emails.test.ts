import { describe, expect, it } from 'vitest';
import { BUSINESS_INBOX, expectNoSpam, expectSpanishAcknowledgement, settings, SPAM, SPAM_NAME } from '../../../tests/support/unverified-acknowledgement';
import { cakeBusinessEmail, cakeCustomerEmail, type CakeOrderSummary } from './cake-order-emails';

describe('the acknowledgement of a cake order', () => {
  it('carries choices and prices, not the words for the cake or the allergies as typed', () => {
    const o: CakeOrderSummary = {
      number: 'CK-ABC123', productName: 'Classic round birthday cake', name: SPAM_NAME, email: 'x@example.com', phone: '5125550101', servings: 24, tiers: 1,
      flavour: 'funfetti', filling: 'chocolate-ganache', frosting: 'vanilla-buttercream', messageOnCake: SPAM, allergies: SPAM, fulfilment: 'pickup',
      neededOn: '2026-12-05', bookingNumber: null, priceCents: 6500, priceLines: [{ label: 'Cake', amountCents: 6500 }], hasPhoto: false,
    };
    const ack = cakeCustomerEmail(o, settings);
    expectNoSpam(ack);
    expect(ack.text).toContain('Classic round birthday cake');
    expect(ack.text).toContain('Cake total: $65');
    const notice = cakeBusinessEmail(o, settings, 'https://site.example', BUSINESS_INBOX);
    expect(notice.text).toContain(`Message on the cake: ${SPAM}`);
    expect(notice.text).toContain(`Allergies: ${SPAM}`);
    // The business's notice writes the day as the admin does (the customer's in full).
    expect(notice.subject).toBe('New cake order CK-ABC123: Classic round birthday cake for Dec 5, 2026');
    expect(notice.text).toContain('Pickup: Dec 5, 2026 at');
    expect(ack.text).toContain('Pickup: Saturday, December 5, 2026 at');
  });

  it('is written in Spanish for an order from the Spanish page, still without what was typed', () => {
    const o: CakeOrderSummary = {
      number: 'CK-ES0001', productName: 'Classic round birthday cake', name: SPAM_NAME, email: 'x@example.com', phone: '5125550101', servings: 24, tiers: 1,
      flavour: 'funfetti', filling: 'chocolate-ganache', frosting: 'vanilla-buttercream', messageOnCake: SPAM, allergies: SPAM, fulfilment: 'pickup',
      neededOn: '2026-12-05', bookingNumber: null, priceCents: 6500, priceLines: [{ label: 'Cake', amountCents: 6500 }], hasPhoto: true, language: 'es',
    };
    const ack = cakeCustomerEmail(o, settings);
    expectSpanishAcknowledgement(ack, 'Recibimos su pedido de pastel CK-ES0001', ['Tamaño: 24 porciones, 1 piso', 'Para recoger: sábado, 5 de diciembre de 2026 en', 'Total del pastel: $65']);
    expect(cakeBusinessEmail(o, settings, 'https://site.example', BUSINESS_INBOX).text).toContain('Ordered on the Spanish page');
  });
});
