import { describe, expect, it } from 'vitest';
import { onlinePaymentOffer } from './track-order';

const depositDue = { status: 'deposit_due', totals: { depositOutstandingCents: 10000, amountDueCents: 40000 } };
const confirmed = { status: 'confirmed', totals: { depositOutstandingCents: 0, amountDueCents: 30000 } };
const online = { stripeConfigured: true, paymentMode: 'deposit_online' } as const;

describe('what /track-order offers to pay online', () => {
  it('offers the deposit, then the balance, when deposits are taken online', () => {
    expect(onlinePaymentOffer(depositDue, online)).toEqual({ kind: 'deposit', amountCents: 10000 });
    expect(onlinePaymentOffer(confirmed, online)).toEqual({ kind: 'balance', amountCents: 30000 });
  });

  it('offers no deposit when the business collects it itself (pay later)', () => {
    expect(onlinePaymentOffer(depositDue, { ...online, paymentMode: 'pay_later' })).toBeNull();
    expect(onlinePaymentOffer(confirmed, { ...online, paymentMode: 'pay_later' })).toEqual({
      kind: 'balance',
      amountCents: 30000,
    });
  });

  it('offers nothing without Stripe, nor for a paid or cancelled booking', () => {
    expect(onlinePaymentOffer(depositDue, { ...online, stripeConfigured: false })).toBeNull();
    expect(onlinePaymentOffer(confirmed, { ...online, stripeConfigured: false })).toBeNull();
    expect(
      onlinePaymentOffer({ ...confirmed, totals: { depositOutstandingCents: 0, amountDueCents: 0 } }, online),
    ).toBeNull();
    expect(onlinePaymentOffer({ ...depositDue, status: 'cancelled' }, online)).toBeNull();
  });
});
