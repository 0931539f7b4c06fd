import { describe, expect, it } from 'vitest';
import { itMaps } from '../../../tests/support/table';
import type { BusinessSettings } from '../business/schema';
import { disputeStatusFor, refundFailedEmail, refundFailedNote, refundIsLive, refundShortfall } from './stripe-changes';

describe('a refund that fails', () => {
  it('counts pending and succeeded refunds as money gone, failed and canceled ones as money back', () => {
    expect(['pending', 'requires_action', 'succeeded', null].map(refundIsLive)).toEqual([true, true, true, true]);
    expect(['failed', 'canceled'].map(refundIsLive)).toEqual([false, false]);
  });

  it('tells staff on the booking and by e-mail, with a link to the booking', () => {
    expect(refundFailedNote({ date: 'Nov 27, 2026', time: '9:05 AM' }, 2500, 'expired_or_canceled_card')).toBe(
      'Nov 27, 2026 9:05 AM · Stripe: a refund of $25.00 failed (expired or canceled card) and is back on the amount paid. Refund it another way.',
    );
    const settings = { businessName: 'Party Co', phone: '555-010-0000', email: 'hi@party.test', currency: 'usd' } as BusinessSettings;
    const email = refundFailedEmail(settings, 'https://party.test', 'office@party.test', { bookingId: 'b-1', number: 'PC-1001', amountCents: 2500, reason: null });
    expect(email.to).toBe('office@party.test');
    expect(email.subject).toBe('Refund failed: $25.00 for booking PC-1001');
    expect(email.text).toContain('Open the booking: https://party.test/admin/bookings/b-1');
  });
});

describe('refundShortfall', () => {
  it('records a refund made in Stripe that the booking does not have, under its id when the charge lists it', () => {
    expect(refundShortfall(3000, [], [{ id: 're_1', amountCents: 3000 }])).toEqual([{ id: 're_1', amountCents: 3000 }]);
    expect(refundShortfall(3000, [], [])).toEqual([{ id: null, amountCents: 3000 }]);
  });

  it('does not count a refund made from the admin again', () => {
    expect(refundShortfall(2000, [{ id: 're_admin', amountCents: 2000 }], [{ id: 're_admin', amountCents: 2000 }])).toEqual([]);
    expect(refundShortfall(2000, [{ id: 're_admin', amountCents: 2000 }], [])).toEqual([]);
  });

  it('records only what is missing when the admin refunded part and the dashboard the rest', () => {
    expect(refundShortfall(5000, [{ id: 're_admin', amountCents: 2000 }], [{ id: 're_admin', amountCents: 2000 }, { id: 're_dash', amountCents: 3000 }])).toEqual([{ id: 're_dash', amountCents: 3000 }]);
    expect(refundShortfall(5000, [{ id: 're_admin', amountCents: 2000 }], [])).toEqual([{ id: null, amountCents: 3000 }]);
  });

  it('changes nothing for an older event that says less was refunded than is recorded', () => {
    expect(refundShortfall(1000, [{ id: 're_1', amountCents: 1000 }, { id: 're_2', amountCents: 500 }], [])).toEqual([]);
  });

  it('never records more than the charge says, even if its list disagrees', () => {
    expect(refundShortfall(1000, [{ id: null, amountCents: 600 }], [{ id: 're_x', amountCents: 600 }])).toEqual([{ id: null, amountCents: 400 }]);
  });
});

describe('disputeStatusFor', () => {
  itMaps('maps Stripe’s dispute status %s to %s', disputeStatusFor, [
    ['needs_response', 'open'],
    ['under_review', 'open'],
    ['won', 'won'],
    ['lost', 'lost'],
    ['warning_needs_response', 'inquiry'],
    ['warning_closed', 'inquiry_closed'],
  ]);
});
