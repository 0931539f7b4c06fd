import { describe, expect, it } from 'vitest';
import type { BookingView } from '../booking/booking-view.server';
import type { BusinessSettings } from '../business/schema';
import { receiptEmail } from './receipt-emails';

const settings = { businessName: 'Party Co', phone: '555-010-0000', email: 'hi@party.test', currency: 'usd' } as BusinessSettings;
const booking = (paid: number, total = 30000): BookingView =>
  ({
    number: 'PF-ABC123',
    customer: { name: 'José Peña', firstName: 'José', email: 'jose@example.com', phone: '5125550100' },
    invoiceToken: 'tok_9f8e-7d6c_5b4a',
    totals: { totalCents: total, amountPaidCents: paid, amountDueCents: Math.max(0, total - paid) },
    balanceDueOn: '2026-12-05',
  }) as BookingView;

describe('receiptEmail', () => {
  it('says what was received, how, and the balance left with its due date', () => {
    const mail = receiptEmail(booking(10000), { kind: 'deposit', method: 'check', amountCents: 10000, date: '2026-11-24', note: '' }, settings, 'https://party.test');
    expect(mail.to).toBe('jose@example.com');
    expect(mail.replyTo).toEqual({ name: 'Party Co', address: 'hi@party.test' });
    expect(mail.subject).toBe('Receipt: $100 received for booking PF-ABC123');
    expect(mail.text).toContain('Balance still due: $200, by Saturday, December 5, 2026.');
    expect(mail.text).toContain('Method: Check');
    // The booking's own invoice token; an e-mail address no longer opens the invoice.
    expect(mail.text).toContain('https://party.test/api/bookings/PF-ABC123/invoice?token=tok_9f8e-7d6c_5b4a');
    expect(mail.text).not.toContain('email=');
  });

  it('words a refund as one, and a booking paid in full or over as such', () => {
    const refund = receiptEmail(booking(30000), { kind: 'refund', method: 'stripe', amountCents: 2500, date: '2026-11-24', note: 'Goodwill' }, settings, 'https://party.test');
    expect(refund.subject).toBe('Refund of $25 for booking PF-ABC123');
    expect(refund.text).toContain('Card refunds take 5 to 10 business days');
    expect(refund.text).toContain('Your booking is paid in full.');
    const over = receiptEmail(booking(32000), { kind: 'balance', method: 'cash', amountCents: 22000, date: '2026-11-24', note: '' }, settings, 'https://party.test');
    expect(over.text).toContain('You have paid $20 more than the total; we will refund it.');
  });

  it('says a cancelled booking is cancelled and an expired one not confirmed, never paid in full, in the booking’s language, with any refund still to come', () => {
    // A customer's cancellation refunds the deposit and the balance: two refunds, a receipt each.
    const cancelled = (paid: number, refundDue: number, language: 'en' | 'es' = 'en') =>
      ({ ...booking(paid), status: 'cancelled', totals: { totalCents: 30000, amountPaidCents: paid, amountDueCents: 0 }, refundDueCents: refundDue, language }) as BookingView;
    const refundOf = (amountCents: number) => ({ kind: 'refund', method: 'stripe', amountCents, date: '2026-11-24', note: '' }) as const;
    const said = (view: BookingView, amountCents: number, spanish = false) =>
      receiptEmail(view, refundOf(amountCents), spanish ? { ...settings, offerSpanish: true } : settings, 'https://party.test').text;
    expect(said(cancelled(10000, 10000), 20000)).toContain('Your booking is cancelled; we will refund the other $100 you paid.');
    for (const text of [said(cancelled(10000, 10000), 20000), said(cancelled(0, 0), 10000)]) expect(text).not.toContain('paid in full');
    expect(said(cancelled(0, 0), 10000)).toContain('Your booking is cancelled.');
    const spanish = said(cancelled(0, 0, 'es'), 10000, true);
    expect(spanish).toContain('Su reservación está cancelada.');
    expect(spanish).not.toContain('pagada por completo');
    // A hold that ran out and whose late payment was refunded was never confirmed.
    const expired = { ...cancelled(0, 0), status: 'expired' } as BookingView;
    expect(said(expired, 10000)).toContain('Your booking was not confirmed, so nothing is owed.');
    expect(said({ ...expired, language: 'es' }, 10000, true)).toContain('Su reservación no se confirmó, así que no debe nada.');
  });

  it('says a payment from credit and a refund back to credit as such, never as a card refund', () => {
    const paid = receiptEmail(booking(10000), { kind: 'deposit', method: 'credit', amountCents: 10000, date: '2026-11-24', note: 'Paid from credit' }, settings, 'https://party.test');
    expect(paid.text).toContain('We applied $100 of your credit to booking PF-ABC123 (paid from credit).');
    expect(paid.text).toContain('Method: Paid from credit');
    const back = receiptEmail(booking(5000), { kind: 'refund', method: 'credit', amountCents: 5000, date: '2026-11-24', note: 'Smaller party' }, settings, 'https://party.test');
    expect(back.text).toContain('We have returned $50 to your credit with us for booking PF-ABC123: you can spend it on another booking.');
    expect(back.text).not.toContain('Card refunds');
  });
});
