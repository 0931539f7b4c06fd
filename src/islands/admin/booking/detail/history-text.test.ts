import { describe, expect, it } from 'vitest';
import { businessClock } from '../../../../lib/time';
import { describeChange } from './history-text';

const entry = (action: string, before: unknown, after: unknown) => ({ at: '2027-01-09T15:00:00Z', actor: 'owner@example.com', actorKind: 'staff' as const, action, before, after });

const utc = businessClock('UTC', new Date('2027-01-09T16:00:00Z'));
const chicago = businessClock('America/Chicago', new Date('2027-01-09T16:00:00Z'));

describe('describeChange', () => {
  it('names status moves and payments as staff read them', () => {
    expect(describeChange(entry('booking.status', { status: 'delivered' }, { status: 'completed' }), chicago)).toBe('Delivered → Completed');
    expect(describeChange(entry('booking.payment', {}, { payment: { amountCents: 5000, method: 'cash' } }), utc)).toBe('$50 cash');
  });

  it('writes a changed booking in the one date/time format: long date, 12-hour clock', () => {
    const was = { event: { date: '2027-01-09', start: '10:00', end: '16:00' }, totalCents: 30_000 };
    const now = { event: { date: '2027-01-16', start: '10:00', end: '16:00' }, totalCents: 32_500 };
    const text = describeChange(entry('booking.edit', was, now), chicago);
    expect(text).toBe('Saturday, January 9, 2027, 10:00 AM – 4:00 PM, $300 → Saturday, January 16, 2027, 10:00 AM – 4:00 PM, $325');
    expect(text).not.toMatch(/2027-01|\d{2}:\d{2}–/);
  });

  it('names refunds of a payment and of the booking, with what is left to pay by hand', () => {
    expect(describeChange(entry('booking.refund', {}, { refund: { amountCents: 1000, reason: 'Goodwill' } }), utc)).toBe('$10: Goodwill');
    expect(describeChange(entry('booking.booking_refund', {}, { amountCents: 2165, reason: 'Refund due', refunds: [] }), utc)).toBe('$21.65: Refund due');
    expect(describeChange(entry('booking.booking_refund', {}, { amountCents: 5000, reason: 'Rain', paidBy: 'check', leftCents: 1000 }), utc)).toBe('$50 (paid back by check): Rain; $10 still to pay back by hand');
  });

  it('names a rain-out, its offers, and how it was settled', () => {
    expect(describeChange(entry('booking.rain_out', {}, { offers: ['move', 'credit'] }), utc)).toBe('offered move, credit');
    expect(describeChange(entry('booking.rain_out_answer', {}, { answer: 'credit', creditCents: 12_500, refundedCents: 0, refundDueCents: 0 }), utc)).toBe('chose credit: $125 kept as a credit');
    expect(describeChange(entry('booking.rain_out_answer', {}, { answer: 'lapsed', creditCents: 5_000, refundedCents: 0, refundDueCents: 0 }), utc)).toBe('no answer in time: $50 kept as a credit');
    expect(describeChange(entry('booking.rain_out_answer', {}, { answer: 'refund', creditCents: 0, refundedCents: 0, refundDueCents: 6_000 }), utc)).toBe('chose refund: $0 refunded, $60 still to pay back by hand');
    expect(describeChange(entry('booking.rain_out_answer', {}, { answer: 'credit', creditCents: 0, refundedCents: 0, refundDueCents: 0 }), utc)).toBe('chose credit: cancelled at no charge');
  });

  it("writes instants in the business's time zone", () => {
    expect(describeChange(entry('booking.keep', { releasesAt: '2027-01-09T15:00:00Z' }, {}), chicago)).toBe('(was to be released Jan 9, 2027, 9:00 AM)');
  });

  it("words the customer's own move like an edit, and their cancellation with what it gives back", () => {
    const was = { event: { date: '2027-01-09', start: '10:00', end: '16:00' }, totalCents: 30_000 };
    const now = { event: { date: '2027-01-16', start: '10:00', end: '18:00' }, totalCents: 34_000 };
    expect(describeChange(entry('booking.customer_move', was, now), utc)).toBe('Saturday, January 9, 2027, 10:00 AM – 4:00 PM, $300 → Saturday, January 16, 2027, 10:00 AM – 6:00 PM, $340');
    expect(describeChange(entry('booking.customer_cancel', { status: 'confirmed' }, { refundCents: 0, creditCents: 10_000, keptCents: 0 }), utc)).toBe('Confirmed → Cancelled (credit $100)');
    expect(describeChange(entry('booking.customer_cancel', { status: 'deposit_due' }, { refundCents: 0, creditCents: 0, keptCents: 0 }), utc)).toBe('Deposit due → Cancelled');
  });
});
