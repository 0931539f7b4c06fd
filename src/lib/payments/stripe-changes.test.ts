import { describe, expect, it } from 'vitest';
import { disputeStatusFor, refundShortfall } from './stripe-changes';

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
  it('maps Stripe dispute statuses', () => {
    expect(disputeStatusFor('needs_response')).toBe('open');
    expect(disputeStatusFor('under_review')).toBe('open');
    expect(disputeStatusFor('won')).toBe('won');
    expect(disputeStatusFor('lost')).toBe('lost');
    expect(disputeStatusFor('warning_needs_response')).toBe('inquiry');
    expect(disputeStatusFor('warning_closed')).toBe('inquiry_closed');
  });
});
