import { describe, expect, it } from 'vitest';
import { bookingRefundBody, planBookingRefund, type RefundCandidate } from './booking-refunds';

const card = (id: string, day: number, cents: number, stripeRefundable = true): RefundCandidate => ({ id, method: 'stripe', createdAt: `2026-11-${String(day).padStart(2, '0')}T10:00:00Z`, refundableCents: cents, stripeRefundable });
const cash = (id: string, day: number, cents: number): RefundCandidate => ({ id, method: 'cash', createdAt: `2026-11-${String(day).padStart(2, '0')}T10:00:00Z`, refundableCents: cents, stripeRefundable: false });

describe('planBookingRefund', () => {
  const payments = [card('deposit', 1, 5000), cash('cash', 5, 2000), card('balance', 3, 3000)];

  it('takes card payments through Stripe first, newest first, then the cash', () => {
    expect(planBookingRefund(payments, 9000, { stripe: true, byHand: 'record' })).toEqual({
      parts: [
        { paymentId: 'balance', method: 'stripe', amountCents: 3000, how: 'stripe' },
        { paymentId: 'deposit', method: 'stripe', amountCents: 5000, how: 'stripe' },
        { paymentId: 'cash', method: 'cash', amountCents: 1000, how: 'recorded' },
      ],
      left: [],
    });
    expect(planBookingRefund(payments, 2500, { stripe: true, byHand: 'record' }).parts).toEqual([{ paymentId: 'balance', method: 'stripe', amountCents: 2500, how: 'stripe' }]);
  });

  it('leaves the cash as a refund due when nobody hands it back, and card payments when Stripe is not configured', () => {
    expect(planBookingRefund(payments, 10_000, { stripe: true, byHand: 'leave' }).left).toEqual([{ paymentId: 'cash', method: 'cash', amountCents: 2000, why: 'by_hand' }]);
    const noStripe = planBookingRefund(payments, 6000, { stripe: false, byHand: 'record' });
    expect(noStripe.parts).toEqual([{ paymentId: 'cash', method: 'cash', amountCents: 2000, how: 'recorded' }]);
    expect(noStripe.left).toEqual([
      { paymentId: 'balance', method: 'stripe', amountCents: 3000, why: 'stripe_not_configured' },
      { paymentId: 'deposit', method: 'stripe', amountCents: 1000, why: 'stripe_not_configured' },
    ]);
  });

  it('skips a charged-back card payment and says what no payment has left', () => {
    const plan = planBookingRefund([card('disputed', 4, 3000, false), card('ok', 1, 1000), { ...cash('spent', 2, 0) }], 5000, { stripe: true, byHand: 'record' });
    expect(plan.parts).toEqual([{ paymentId: 'ok', method: 'stripe', amountCents: 1000, how: 'stripe' }]);
    expect(plan.left).toEqual([
      { paymentId: 'disputed', method: 'stripe', amountCents: 3000, why: 'not_through_stripe' },
      { paymentId: null, method: null, amountCents: 1000, why: 'no_payment' },
    ]);
  });

  it('records everything the given way when the refund was paid another way', () => {
    expect(planBookingRefund(payments, 6000, { stripe: false, byHand: 'leave', paidBy: 'check' }).parts).toEqual([
      { paymentId: 'balance', method: 'stripe', amountCents: 3000, how: 'recorded' },
      { paymentId: 'deposit', method: 'stripe', amountCents: 3000, how: 'recorded' },
    ]);
  });
});

describe('bookingRefundBody', () => {
  it('answers each bad field with its reason', () => {
    const bad = bookingRefundBody.safeParse({ amountCents: 1.5, paidCents: 'x', reason: 'ok', paidBy: 'gold' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['amountCents', 'paidBy', 'paidCents', 'reason']);
    expect(bookingRefundBody.parse({ amountCents: 500, paidCents: 9000, reason: '  Refund due ' })).toEqual({ amountCents: 500, paidCents: 9000, reason: 'Refund due' });
  });
});
