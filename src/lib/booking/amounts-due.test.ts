import { describe, expect, it } from 'vitest';
import { depositToPay } from '../money';
import { amountsDue } from './amounts-due';

const booking = { totalCents: 35_544, depositCents: 8752 };

describe('what a booking still owes', () => {
  it('counts credit spent on the deposit like any payment: what is left of the deposit, and of the total', () => {
    expect(amountsDue({ ...booking, status: 'deposit_due', amountPaidCents: 8038 })).toEqual({ amountDueCents: 27_506, depositOutstandingCents: 714 });
    expect(amountsDue({ ...booking, status: 'hold', amountPaidCents: 0 })).toEqual({ amountDueCents: 35_544, depositOutstandingCents: 8752 });
    // The checkout, before the booking exists: no status.
    expect(amountsDue({ ...booking, amountPaidCents: 8752 })).toEqual({ amountDueCents: 26_792, depositOutstandingCents: 0 });
    // Paid beyond the total: nothing owed, never a negative amount.
    expect(amountsDue({ ...booking, status: 'confirmed', amountPaidCents: 40_000 })).toEqual({ amountDueCents: 0, depositOutstandingCents: 0 });
  });

  it('a cancelled booking (its money moved to a credit or kept) and an expired one owe nothing', () => {
    expect(amountsDue({ ...booking, status: 'cancelled', amountPaidCents: 0 })).toEqual({ amountDueCents: 0, depositOutstandingCents: 0 });
    expect(amountsDue({ ...booking, status: 'cancelled', amountPaidCents: 8752 })).toEqual({ amountDueCents: 0, depositOutstandingCents: 0 });
    expect(amountsDue({ ...booking, status: 'expired', amountPaidCents: 0 })).toEqual({ amountDueCents: 0, depositOutstandingCents: 0 });
  });

  it('asks for the deposit, or for what is left of it once part is paid', () => {
    expect(depositToPay({ depositCents: 8752, depositOutstandingCents: 8752 })).toBe('your $87.52 deposit');
    expect(depositToPay({ depositCents: 8752, depositOutstandingCents: 714 })).toBe('the $7.14 left of your $87.52 deposit');
  });
});
