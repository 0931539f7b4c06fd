import { describe, expect, it } from 'vitest';
import { BUSINESS_INBOX, expectNoSpam, expectSpanishAcknowledgement, settings, SPAM, SPAM_NAME } from '../../../tests/support/unverified-acknowledgement';
import { quoteBusinessEmail, quoteCustomerEmail, type QuoteSummary } from './quote-request-emails';

/** A school's request for two table sets on Saturday, December 5, 2026, its free text spam. */
const quote = (changes: Partial<QuoteSummary> = {}): QuoteSummary => ({
  number: 'Q-ABC123', name: SPAM_NAME, email: 'x@example.com', phone: '', eventType: 'school', eventDate: '2026-12-05', guestCount: 120,
  zip: '78664', items: [{ name: 'Table and chair set', quantity: 2 }], details: SPAM, budgetCents: 90000, outsideServiceArea: false, ...changes,
});

describe('the acknowledgement of a quote request', () => {
  it('carries catalog items, date and number, not the details or the typed name', () => {
    const q = quote();
    const ack = quoteCustomerEmail(q, settings, 'https://site.example');
    expectNoSpam(ack);
    expect(ack.text).toContain('Q-ABC123');
    expect(ack.text).toContain('Table and chair set × 2');
    expect(ack.text).toContain('Anything else: Received with your request');
    // With its weekday, as the Spanish acknowledgement and the booking's e-mails write a long date.
    expect(ack.text).toContain('Date: Saturday, December 5, 2026');
    const notice = quoteBusinessEmail(q, settings, 'https://site.example', BUSINESS_INBOX);
    expect(notice.text).toContain(SPAM);
    // The business's notice writes the date as the admin does.
    expect(notice.subject).toBe('New quote request Q-ABC123: School event or field day on Dec 5, 2026');
    expect(notice.text).toContain('Date: Dec 5, 2026');
  });

  it('says the setup spot back to the customer, and what to call about to the business', () => {
    const q = quote({
      number: 'Q-YARD01', name: 'Rita', email: 'rita@example.com', eventType: 'birthday', guestCount: 20, items: [{ name: 'Pink Castle', quantity: 1 }], details: '', budgetCents: null,
      setupSpot: { rows: [['Ground', 'Concrete'], ['Stairs', '1 flight to carry']], callAbout: ['the narrowest gate (not answered)'] },
    });
    const ack = quoteCustomerEmail(q, settings, 'https://site.example');
    expect(ack.text).toContain('Setup spot: Ground: Concrete');
    expect(ack.text).toContain('Stairs: 1 flight to carry');
    expect(ack.text).not.toContain('Call about');
    expect(quoteBusinessEmail(q, settings, 'https://site.example', BUSINESS_INBOX).text).toContain('Call about: the narrowest gate (not answered)');
  });

  it('is written in Spanish for a request from the Spanish page, still without what was typed; the business is told to answer in Spanish', () => {
    const q = quote({ number: 'Q-ES0001', eventType: 'birthday', guestCount: 30, zip: '10001', items: [{ name: 'Pink Castle', quantity: 1 }], budgetCents: 50000, outsideServiceArea: true, language: 'es' });
    const ack = quoteCustomerEmail(q, settings, 'https://site.example');
    expectSpanishAcknowledgement(ack, 'Recibimos su solicitud de cotización Q-ES0001', [
      'Fecha: sábado, 5 de diciembre de 2026',
      'El código postal 10001 está fuera de nuestra área de entrega.',
      'Algo más: Recibido con su solicitud',
    ]);
    expect(quoteBusinessEmail(q, settings, 'https://site.example', BUSINESS_INBOX).text).toContain('Sent from the Spanish page');
    expect(quoteBusinessEmail({ ...q, language: 'en' }, settings, 'https://site.example', BUSINESS_INBOX).text).not.toContain('Spanish');
  });
});
