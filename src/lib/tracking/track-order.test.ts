import { describe, expect, it } from 'vitest';
import spanish from '../i18n/server-errors/es.json';
import { onlinePaymentOffer, trackOrderRequest } from './track-order';

const depositDue = { status: 'deposit_due', totals: { depositOutstandingCents: 10000, amountDueCents: 40000 }, holdExpiresAt: null };
const confirmed = { status: 'confirmed', totals: { depositOutstandingCents: 0, amountDueCents: 30000 }, holdExpiresAt: null };
const now = new Date('2027-03-01T18:00:00Z');
const online = { stripeConfigured: true, paymentMode: 'deposit_online' } as const;

describe('what /track-order offers to pay online', () => {
  it('offers the deposit, then the balance, when deposits are taken online', () => {
    expect(onlinePaymentOffer(depositDue, online, now)).toEqual({ kind: 'deposit', amountCents: 10000 });
    expect(onlinePaymentOffer(confirmed, online, now)).toEqual({ kind: 'balance', amountCents: 30000 });
  });

  it('offers no deposit when the business collects it itself (pay later)', () => {
    expect(onlinePaymentOffer(depositDue, { ...online, paymentMode: 'pay_later' }, now)).toBeNull();
    expect(onlinePaymentOffer(confirmed, { ...online, paymentMode: 'pay_later' }, now)).toEqual({
      kind: 'balance',
      amountCents: 30000,
    });
  });

  it('offers nothing without Stripe, nor for a paid or cancelled booking', () => {
    expect(onlinePaymentOffer(depositDue, { ...online, stripeConfigured: false }, now)).toBeNull();
    expect(onlinePaymentOffer(confirmed, { ...online, stripeConfigured: false }, now)).toBeNull();
    expect(
      onlinePaymentOffer({ ...confirmed, totals: { depositOutstandingCents: 0, amountDueCents: 0 } }, online, now),
    ).toBeNull();
    expect(onlinePaymentOffer({ ...depositDue, status: 'cancelled' }, online, now)).toBeNull();
  });

  it('offers the deposit of a hold (its payment page left unpaid) while the hold keeps the units, and not after', () => {
    const hold = { ...depositDue, status: 'hold', holdExpiresAt: '2027-03-01T18:20:00Z' };
    expect(onlinePaymentOffer(hold, online, now)).toEqual({ kind: 'deposit', amountCents: 10000 });
    expect(onlinePaymentOffer({ ...hold, holdExpiresAt: '2027-03-01T18:00:00Z' }, online, now)).toBeNull();
    expect(onlinePaymentOffer({ ...hold, holdExpiresAt: null }, online, now)).toBeNull();
    expect(onlinePaymentOffer(hold, { ...online, stripeConfigured: false }, now)).toBeNull();
  });

  it('asks for no deposit nor balance of a party rained out and not answered yet (it is not going ahead that day)', () => {
    expect(onlinePaymentOffer({ ...confirmed, rainOutWaiting: true }, online, now)).toBeNull();
    expect(onlinePaymentOffer({ ...depositDue, rainOutWaiting: true }, online, now)).toBeNull();
  });
});

describe('the lookup’s limits', () => {
  it('says a contact is too long in words the Spanish page has (its browser check looks them up as they are)', () => {
    const messageFor = (contact: Record<string, string>) => {
      const parsed = trackOrderRequest.safeParse({ bookingNumber: 'PF-7K3Q9X', ...contact });
      return parsed.success ? null : parsed.error.issues[0]!.message;
    };
    const phone = messageFor({ phone: '5'.repeat(31) });
    const email = messageFor({ email: `${'a'.repeat(200)}@example.com` });
    expect([phone, email]).toEqual(['At most 30 characters', 'At most 200 characters']);
    for (const message of [phone, email]) expect((spanish as Record<string, string>)[message!]).toMatch(/^Máximo \d+ caracteres$/);
  });
});

