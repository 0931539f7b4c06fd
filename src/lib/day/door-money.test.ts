import { describe, expect, it } from 'vitest';
import { doorMoney, doorPaymentConfirms, doorPaymentRefusal } from './door-money';

describe('money at the door', () => {
  it('offers "Record payment" for a deposit still due as for a booking on the road, never for one completed or cancelled', () => {
    const owes = { balanceCents: 23_220, depositDueCents: 5_000 };
    expect(doorMoney({ status: 'deposit_due', ...owes })).toEqual({ waitingCents: 0, collectCents: 23_220, mayRecord: true, toConfirmCents: 5_000 });
    for (const status of ['confirmed', 'out_for_delivery', 'delivered'] as const) {
      expect(doorMoney({ status, ...owes, depositDueCents: 0 })).toMatchObject({ collectCents: 23_220, mayRecord: true, toConfirmCents: null });
    }
    for (const status of ['completed', 'cancelled', 'expired', 'hold'] as const) {
      expect(doorMoney({ status, ...owes }).mayRecord).toBe(false);
    }
    expect(doorMoney({ status: 'confirmed', balanceCents: 0, depositDueCents: 0 }).mayRecord).toBe(false);
  });

  it('asks for less while a payment waits on the phone, and nothing once the waiting payments cover it', () => {
    const due = { status: 'deposit_due' as const, balanceCents: 23_220, depositDueCents: 5_000 };
    expect(doorMoney(due, 2_500)).toEqual({ waitingCents: 2_500, collectCents: 20_720, mayRecord: true, toConfirmCents: 2_500 });
    expect(doorMoney(due, 5_000)).toMatchObject({ collectCents: 18_220, toConfirmCents: 0 });
    expect(doorMoney(due, 23_220)).toMatchObject({ collectCents: 0, mayRecord: false, toConfirmCents: 0 });
    expect(doorMoney(due, 30_000)).toMatchObject({ collectCents: 0, mayRecord: false });
  });

  it('asks for nothing at a stop rained out and waiting for its customer, and offers no "Record payment"', () => {
    expect(doorMoney({ status: 'confirmed', balanceCents: 37_035, depositDueCents: 0, rainedOut: true })).toMatchObject({ collectCents: 0, mayRecord: false });
    expect(doorMoney({ status: 'deposit_due', balanceCents: 26_792, depositDueCents: 8_038, rainedOut: true }, 1_000)).toMatchObject({ waitingCents: 1_000, collectCents: 0, mayRecord: false });
  });

  it('confirms a deposit-due booking with the payment that brings it up to the deposit, and nothing else', () => {
    const base = { depositCents: 5_000, paidBeforeCents: 0 };
    expect(doorPaymentConfirms({ status: 'deposit_due', ...base, amountCents: 5_000 })).toBe(true);
    expect(doorPaymentConfirms({ status: 'deposit_due', ...base, amountCents: 23_220 })).toBe(true);
    expect(doorPaymentConfirms({ status: 'deposit_due', ...base, amountCents: 2_500 })).toBe(false);
    expect(doorPaymentConfirms({ status: 'deposit_due', depositCents: 5_000, paidBeforeCents: 2_500, amountCents: 2_500 })).toBe(true);
    expect(doorPaymentConfirms({ status: 'confirmed', ...base, amountCents: 5_000 })).toBe(false);
  });

  it('tells the server why it refuses, in words the crew can act on', () => {
    expect(doorPaymentRefusal('deposit_due', 'Deposit due')).toBeNull();
    expect(doorPaymentRefusal('completed', 'Completed')).toMatch(/^This booking is completed: .* Ask a manager\.$/);
  });
});
