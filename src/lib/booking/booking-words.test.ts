import { describe, expect, it } from 'vitest';
import { bookingChangedText, bookingGreeting } from './booking-emails';
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
    expect(bookingGreeting({ status: 'confirmed', customer })).toBe('Hi Maria,');
    expect(bookingGreeting({ status: 'confirmed', customer, language: 'es' })).toBe('Hola, Maria:');
    // Nothing vouches for the address before a deposit or staff confirm it: no text typed into the form.
    expect(bookingGreeting({ status: 'deposit_due', customer })).toBe('Hello,');
    expect(bookingGreeting({ status: 'hold', customer, language: 'es' })).toBe('Hola:');
  });

  it('money moved into a credit reads as that, not as a refund paid from credit', () => {
    expect(paymentLineLabels({ kind: 'refund', method: 'credit' })).toEqual({ kind: 'Moved to credit', method: 'Customer credit' });
    expect(paymentLineLabels({ kind: 'deposit', method: 'credit' })).toEqual({ kind: 'Deposit', method: 'Paid from credit' });
    expect(paymentLineLabels({ kind: 'refund', method: 'stripe' })).toEqual({ kind: 'Refund', method: 'Card (Stripe)' });
  });
});
