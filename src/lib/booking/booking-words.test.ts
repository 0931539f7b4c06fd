import { describe, expect, it } from 'vitest';
import { bookingChangedText, bookingGreeting, customerGreeting } from './booking-emails';
import { paymentLineLabels } from './booking-labels';

const event = { date: '2027-07-04', endDate: '2027-07-04', start: '14:00', end: '18:00', startsAt: '', endsAt: '' };

describe('words that depend on who did what', () => {
  it('a staff change was agreed with the customer; the customer’s own move was their request', () => {
    expect(bookingChangedText({ event }, 'staff')).toMatch(/^We have updated your booking as agreed\./);
    const own = bookingChangedText({ event }, 'customer');
    expect(own).toMatch(/^As you asked, your booking is now for Sunday, July 4, 2027, 2:00 PM – 6:00 PM\./);
    expect(own).not.toContain('agreed');
  });

  it('ends the Spanish move sentence after the time once ("9:00 p.m.", not "9:00 p.m..")', () => {
    expect(bookingChangedText({ event, language: 'es' }, 'customer')).toMatch(/^Como lo pidió, su reservación ahora es para el domingo, 4 de julio de 2027, 2:00\sp\.\s?m\. – 6:00\sp\.\s?m\. Los datos/);
  });

  it('greets a confirmed booking’s customer by first name, as the receipt does; an unconfirmed one without the typed name', () => {
    const customer = { name: 'Maria Lopez', firstName: 'Maria', email: 'maria@example.com', phone: '5125550100' };
    expect(bookingGreeting({ status: 'confirmed', customer, payments: [] })).toBe('Hi Maria,');
    expect(bookingGreeting({ status: 'confirmed', customer, payments: [], language: 'es' })).toBe('Hola, Maria:');
    // Nothing vouches for the address before a deposit or staff confirm it: no text typed into the form.
    expect(bookingGreeting({ status: 'deposit_due', customer, payments: [] })).toBe('Hello,');
    expect(bookingGreeting({ status: 'hold', customer, payments: [], language: 'es' })).toBe('Hola:');
  });

  // One rule for every e-mail about a booking: the confirmation's (by status), the cancellation's (by payment), a rain-out's.
  it.each([
    ['a confirmed booking', { status: 'confirmed', paid: false }, 'Hi Maria,'],
    ['a booking out for delivery, in Spanish', { status: 'out_for_delivery', paid: true, language: 'es' }, 'Hola, Maria:'],
    ['a booking whose deposit is due, nothing paid', { status: 'deposit_due', paid: false }, 'Hello,'],
    ['a booking whose deposit is due, something paid', { status: 'deposit_due', paid: true }, 'Hi Maria,'],
    ['a cancelled booking something was paid on', { status: 'cancelled', paid: true }, 'Hi Maria,'],
    ['a cancelled booking nothing was paid on', { status: 'cancelled', paid: false }, 'Hello,'],
    ['an expired hold, in Spanish', { status: 'expired', paid: false, language: 'es' }, 'Hola:'],
  ] as const)('customerGreeting: %s', (_, booking, greeting) => {
    expect(customerGreeting({ firstName: 'Maria', ...booking })).toBe(greeting);
    expect(customerGreeting({ ...booking, firstName: '' })).toBe('language' in booking ? 'Hola:' : 'Hello,');
  });

  it('money moved into a credit reads as that, not as a refund paid from credit', () => {
    expect(paymentLineLabels({ kind: 'refund', method: 'credit' })).toEqual({ kind: 'Moved to credit', method: 'Customer credit' });
    expect(paymentLineLabels({ kind: 'deposit', method: 'credit' })).toEqual({ kind: 'Deposit', method: 'Paid from credit' });
    expect(paymentLineLabels({ kind: 'refund', method: 'stripe' })).toEqual({ kind: 'Refund', method: 'Card (Stripe)' });
  });
});
