import { describe, expect, it } from 'vitest';
import { demoSettings } from '../../../supabase/seed/settings';
import type { PriceQuote } from '../booking/quote-price.server';
import { formatsFor } from '../i18n';
import { englishIn, readAsCustomer, spanishWords } from '../../../tests/support/read-mail';
import { offerEmail, offerPriceRows, offerWhen } from './offer-email';

const price: PriceQuote = {
  lines: [
    { product: 'pink-castle', name: 'Pink Castle', quantity: 1, unitPriceCents: 19900, lineTotalCents: 19900, rule: { kind: 'upTo', hours: 8 }, description: '', available: true, freeCount: 1, reason: null, reasonCode: null, siteAdded: false },
    { product: 'chairs', name: 'Chairs', quantity: 2, unitPriceCents: 1500, lineTotalCents: 3000, rule: { kind: 'each' }, description: '', available: true, freeCount: null, reason: null, reasonCode: null, siteAdded: false },
  ],
  subtotalCents: 22900,
  discountCents: 2290,
  coupon: { code: 'WELCOME10', error: null },
  damageWaiverCents: 2061,
  damageWaiverForced: false,
  damageWaiverOffered: true,
  deliveryFeeCents: 2500,
  adjustments: [],
  adjustmentsCents: 0,
  siteCharges: [],
  siteChargesCents: 0,
  site: { questions: [], surfaces: [], unanswered: [], outletRunFt: 100, circuitAmps: null, help: {}, refusals: [] },
  taxCents: 1884,
  totalCents: 27055,
  depositCents: 8117,
  balanceCents: 18938,
  balanceDueOn: '2027-05-01',
  minimumOrderError: null,
  bookable: true,
  problem: null,
};

describe('offer e-mail', () => {
  it('itemises every line the pricing engine returned, deposit and balance included', () => {
    expect(offerPriceRows(price)).toEqual([
      ['Pink Castle × 1', '$199'],
      ['Chairs × 2', '$30'],
      ['Subtotal', '$229'],
      ['Discount (WELCOME10)', '−$22.90'],
      ['Damage waiver', '$20.61'],
      ['Delivery', '$25'],
      ['Sales tax', '$18.84'],
      ['Total', '$270.55'],
      ['Deposit to book', '$81.17'],
      ['Balance (due May 1)', '$189.38'],
    ]);
  });

  it('addresses the customer, carries the staff message escaped and links the personal page', () => {
    const mail = offerEmail(
      { quoteNumber: 'Q-ABC123', name: 'Dana Lee', email: 'dana@example.com', event: { date: '2027-05-08', start: '10:00', end: '16:00' }, zip: '78664', price, message: 'Tables <b>included</b>!' },
      demoSettings,
      'https://example.test',
    );
    expect(mail.to).toBe('dana@example.com');
    expect(mail.subject).toBe('Your offer for quote Q-ABC123: $270.55');
    expect(mail.text).toContain('Hi Dana,');
    expect(mail.text).toContain('Tables <b>included</b>!');
    expect(mail.html).toContain('Tables &#60;b&#62;included&#60;/b&#62;!');
    expect(mail.text).toContain('May 8, 2027, 10:00 AM – 4:00 PM');
    expect(mail.text).toContain('https://example.test/hi/Q-ABC123');
    expect(mail.text).toContain('Total: $270.55');
  });

  it('lists the setup spot’s lines and says the answers back', () => {
    const withSite: PriceQuote = { ...price, siteCharges: [{ label: 'Sandbags: Pink Castle', reason: '4 sandbags to hold it down on concrete', cents: 2500 }], siteChargesCents: 2500 };
    expect(offerPriceRows(withSite)).toContainEqual(['Sandbags: Pink Castle', '$25']);
    const mail = offerEmail(
      { quoteNumber: 'Q-ABC123', name: 'Dana Lee', email: 'dana@example.com', event: { date: '2027-05-08', start: '10:00', end: '16:00' }, zip: '78664', price: withSite, message: '', setupSpot: 'You told us: concrete.' },
      demoSettings,
      'https://example.test',
    );
    expect(mail.text).toContain('Your setup spot: You told us: concrete. The price includes what it takes');
    expect(mail.text).toContain('Sandbags: Pink Castle: $25');
  });
});


describe('the offer to a request from the Spanish page (issue #40)', () => {
  const f = formatsFor('es');
  // The price as the offer is sent in Spanish: its lines and the setup spot's in Spanish (priceInLanguage).
  const withSite: PriceQuote = { ...price, siteCharges: [{ label: 'Sacos de arena: Castillo Rosa', reason: '4 sacos de arena para sujetarlo sobre concreto', cents: 2500 }], siteChargesCents: 2500 };
  const spanishPrice: PriceQuote = { ...withSite, lines: withSite.lines.map((l) => ({ ...l, name: l.product === 'pink-castle' ? 'Castillo Rosa' : 'Sillas' })) };
  const offer = (message = '') =>
    offerEmail(
      {
        quoteNumber: 'Q-ABC123', name: 'Ana García', email: 'ana@example.com', event: { date: '2027-05-08', start: '10:00', end: '16:00' }, zip: '78664', price: spanishPrice, message,
        setupSpot: 'Nos dijo: concreto, sin escaleras.', language: 'es',
      },
      demoSettings,
      'https://example.test',
    );

  it('is written in Spanish, with money, dates and times in the Spanish formats and the Spanish personal page', () => {
    const mail = offer();
    expect(mail.subject).toBe(`Su oferta para la cotización Q-ABC123: ${f.money(27055)}`);
    const read = readAsCustomer(mail);
    expect(read).toContain('Hola, Ana:');
    expect(read).toContain(`Esta es nuestra oferta para el sábado, 8 de mayo de 2027, ${f.clock('10:00')} – ${f.clock('16:00')} (entrega en el código postal 78664).`);
    expect(read).toContain('Su lugar de instalación: Nos dijo: concreto, sin escaleras. El precio incluye lo necesario');
    expect(read).toContain(`el depósito de ${f.money(8117)}.`);
    expect(read).toContain('Su página personal para esta cotización: https://example.test/es/hi/Q-ABC123');
    for (const row of ['Castillo Rosa × 1', 'Descuento (WELCOME10)', 'Protección contra daños', 'Sacos de arena: Castillo Rosa', 'Impuesto sobre las ventas', 'Depósito para reservar']) expect(read).toContain(row);
    expect(read).toContain(`Saldo (vence el 1 de mayo): ${f.money(18938)}`);
    expect(englishIn(spanishWords(read, [demoSettings.businessName]))).toEqual([]);
    expect(mail.html).toContain('<html lang="es">');
  });

  it('names an event over two days in Spanish', () => {
    expect(offerWhen({ date: '2027-05-08', endDate: '2027-05-09', start: '10:00', end: '16:00' }, 'es')).toBe(`sábado, 8 de mayo de 2027, ${f.clock('10:00')} – domingo, 9 de mayo de 2027, ${f.clock('16:00')}`);
  });

  it('carries the staff’s own message as typed, and English names the weekdays as the booking’s e-mails do', () => {
    expect(readAsCustomer(offer('¡Las mesas van incluidas!'))).toContain('¡Las mesas van incluidas!');
    expect(offerPriceRows(price, 'en')).toEqual(offerPriceRows(price));
    // A free delivery reads as the pages say it, not as $0.
    expect(offerPriceRows({ ...price, deliveryFeeCents: 0 }, 'en')).toContainEqual(['Delivery', 'Free']);
    expect(offerPriceRows({ ...price, deliveryFeeCents: 0 }, 'es')).toContainEqual(['Entrega', 'Gratis']);
    expect(offerWhen({ date: '2027-05-08', endDate: '2027-05-09', start: '10:00', end: '16:00' })).toBe('Saturday, May 8, 2027, 10:00 AM – Sunday, May 9, 2027, 4:00 PM');
  });
});
