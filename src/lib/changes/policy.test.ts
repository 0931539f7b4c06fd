import { describe, expect, it } from 'vitest';
import { cancellationNow, cancellationOutcome, cancellationTerms, cancellationTier, selfServiceOpen, selfServiceUntil, type ChangePolicy } from './policy';

// The demo business's policy (supabase/seed/settings.ts).
const policy: ChangePolicy = { cancellationRefundDays: 7, cancellationCreditHours: 48, creditExpiryMonths: 12, changeCutoffHours: 48, rainOutAnswerDays: 14 };
const start = new Date('2027-06-12T15:00:00Z');
const hoursBefore = (h: number) => new Date(start.getTime() - h * 3_600_000);

describe('cancellationTier', () => {
  it('gives the refund from the refund limit on, the credit down to the credit limit, then nothing', () => {
    expect(cancellationTier(start, hoursBefore(7 * 24), policy)).toBe('refund');
    expect(cancellationTier(start, hoursBefore(7 * 24 - 0.01), policy)).toBe('credit');
    expect(cancellationTier(start, hoursBefore(48), policy)).toBe('credit');
    expect(cancellationTier(start, hoursBefore(47.99), policy)).toBe('none');
    expect(cancellationTier(start, hoursBefore(-1), policy)).toBe('none');
  });

  it('has no credit tier when its limit is the refund limit, and refunds until the start when the refund limit is 0', () => {
    const noCredit = { ...policy, cancellationRefundDays: 2, cancellationCreditHours: 48 };
    expect(cancellationTier(start, hoursBefore(48), noCredit)).toBe('refund');
    expect(cancellationTier(start, hoursBefore(47), noCredit)).toBe('none');
    const always = { ...policy, cancellationRefundDays: 0, cancellationCreditHours: 0 };
    expect(cancellationTier(start, hoursBefore(0), always)).toBe('refund');
    expect(cancellationTier(start, hoursBefore(-0.5), always)).toBe('none');
  });
});

describe('cancellationTerms', () => {
  it('words the demo policy as the tracking page always has', () => {
    expect(cancellationTerms(policy)).toEqual([
      '7 days or more before your event: a full refund of your deposit.',
      'Less than 7 days but at least 48 hours before: your deposit as a credit for a future rental.',
      'Less than 48 hours before: no refund of the deposit.',
      'Moving to a new date is free at least 48 hours ahead, when the items are free on the new date. Unsafe weather always gets a rain check.',
    ]);
  });

  it('follows the owner’s numbers, and leaves out a tier the policy does not have', () => {
    expect(cancellationTerms({ cancellationRefundDays: 14, cancellationCreditHours: 72, creditExpiryMonths: 6, changeCutoffHours: 24, rainOutAnswerDays: 14 })).toEqual([
      '14 days or more before your event: a full refund of your deposit.',
      'Less than 14 days but at least 72 hours before: your deposit as a credit for a future rental.',
      'Less than 72 hours before: no refund of the deposit.',
      'Moving to a new date is free at least 24 hours ahead, when the items are free on the new date. Unsafe weather always gets a rain check.',
    ]);
    expect(cancellationTerms({ cancellationRefundDays: 1, cancellationCreditHours: 24, creditExpiryMonths: 1, changeCutoffHours: 1, rainOutAnswerDays: 14 })).toEqual([
      '1 day or more before your event: a full refund of your deposit.',
      'Less than 1 day before: no refund of the deposit.',
      'Moving to a new date is free at least 1 hour ahead, when the items are free on the new date. Unsafe weather always gets a rain check.',
    ]);
    expect(cancellationTerms({ cancellationRefundDays: 3, cancellationCreditHours: 0, creditExpiryMonths: 12, changeCutoffHours: 0, rainOutAnswerDays: 14 })).toEqual([
      '3 days or more before your event: a full refund of your deposit.',
      'Less than 3 days before: your deposit as a credit for a future rental.',
      'Moving to a new date is free until your event, when the items are free on the new date. Unsafe weather always gets a rain check.',
    ]);
    expect(cancellationTerms({ cancellationRefundDays: 0, cancellationCreditHours: 0, creditExpiryMonths: 12, changeCutoffHours: 48, rainOutAnswerDays: 14 })[0]).toBe(
      'Any time before your event: a full refund of your deposit.',
    );
  });
});

describe('cancellationNow', () => {
  it('says what cancelling now gives, in the demo policy’s words', () => {
    expect(cancellationNow(start, hoursBefore(10 * 24), policy)).toBe('Your event is 7 or more days away: if you cancel now, you get a full refund of your deposit.');
    expect(cancellationNow(start, hoursBefore(3 * 24), policy)).toBe(
      'Your event is less than 7 days but more than 48 hours away: if you cancel now, your full deposit becomes a credit for a future rental, valid for 12 months.',
    );
    expect(cancellationNow(start, hoursBefore(5), policy)).toBe(
      'Your event is less than 48 hours away: a cancellation now gets no refund of the deposit, except for weather, which the policy covers separately.',
    );
  });

  it('uses the owner’s numbers', () => {
    const owner = { cancellationRefundDays: 1, cancellationCreditHours: 0, creditExpiryMonths: 1, changeCutoffHours: 0, rainOutAnswerDays: 14 };
    expect(cancellationNow(start, hoursBefore(30), owner)).toBe('Your event is 1 day or more away: if you cancel now, you get a full refund of your deposit.');
    expect(cancellationNow(start, hoursBefore(3), owner)).toBe(
      'Your event is less than 1 day away: if you cancel now, your full deposit becomes a credit for a future rental, valid for 1 month.',
    );
  });
});

describe('selfServiceOpen', () => {
  it('lets the customer change the booking online until the cut-off before its start, not at or after it', () => {
    expect(selfServiceUntil(start, policy).toISOString()).toBe(hoursBefore(48).toISOString());
    expect(selfServiceOpen(start, hoursBefore(48.01), policy)).toBe(true);
    expect(selfServiceOpen(start, hoursBefore(48), policy)).toBe(false);
    expect(selfServiceOpen(start, hoursBefore(2), policy)).toBe(false);
    // A cut-off of 0: until the party starts.
    expect(selfServiceOpen(start, hoursBefore(0.1), { changeCutoffHours: 0 })).toBe(true);
    expect(selfServiceOpen(start, start, { changeCutoffHours: 0 })).toBe(false);
  });
});

describe('cancellationOutcome', () => {
  it('refunds everything paid in the refund tier', () => {
    expect(cancellationOutcome('refund', 15000, 10000)).toEqual({ tier: 'refund', refundCents: 15000, creditCents: 0, keptCents: 0 });
  });
  it('turns what was paid of the deposit into a credit, and refunds anything paid above it', () => {
    expect(cancellationOutcome('credit', 15000, 10000)).toEqual({ tier: 'credit', refundCents: 5000, creditCents: 10000, keptCents: 0 });
    expect(cancellationOutcome('credit', 4000, 10000)).toEqual({ tier: 'credit', refundCents: 0, creditCents: 4000, keptCents: 0 });
  });
  it('keeps the deposit in the last tier, and refunds anything paid above it', () => {
    expect(cancellationOutcome('none', 15000, 10000)).toEqual({ tier: 'none', refundCents: 5000, creditCents: 0, keptCents: 10000 });
    expect(cancellationOutcome('none', 0, 10000)).toEqual({ tier: 'none', refundCents: 0, creditCents: 0, keptCents: 0 });
  });
});
