import { describe, expect, it } from 'vitest';
import { moneyStanding } from './money-standing';

const totals = { totalCents: 67_332, depositCents: 20_200, amountPaidCents: 21_000, amountDueCents: 46_332 };
const booking = (status: string, t: Partial<typeof totals> = {}, refundDueCents = 0) =>
  ({ status, totals: { ...totals, ...t }, refundDueCents }) as unknown as Parameters<typeof moneyStanding>[0];

describe('moneyStanding: the one line at the top of the booking screen', () => {
  it('gives total, paid and balance, and a manager the way to record a payment', () => {
    const m = moneyStanding(booking('confirmed'), true);
    expect(m.summary).toBe('Total $673.32 · Paid $210 · Balance due $463.32');
    expect(m.next).toEqual({ label: 'Record a payment', href: '#record-payment' });
    expect(m.recordPayment).toBe(true);
  });

  it('offers crew no payment form (the door payment is on the day screen)', () => {
    const m = moneyStanding(booking('delivered'), false);
    expect(m.summary).toBe('Total $673.32 · Paid $210 · Balance due $463.32');
    expect(m.next).toBeNull();
    expect(m.recordPayment).toBe(false);
  });

  it('says paid in full, refund due, or nothing due for a closed booking, with no payment to record', () => {
    expect(moneyStanding(booking('confirmed', { amountPaidCents: 67_332, amountDueCents: 0 }), true)).toMatchObject({
      summary: 'Total $673.32 · Paid $673.32 · Paid in full',
      next: null,
    });
    expect(
      moneyStanding(
        booking('confirmed', { totalCents: 50_000, amountPaidCents: 60_000, amountDueCents: 0 }, 10_000),
        true,
      ),
    ).toMatchObject({
      summary: 'Total $500 · Paid $600 · Refund due $100',
      next: null,
    });
    expect(moneyStanding(booking('cancelled', { amountDueCents: 0 }), true)).toMatchObject({
      closed: true,
      summary: 'Total $673.32 · Paid $210 · Nothing due: cancelled',
      next: null,
      recordPayment: false,
    });
  });
});
