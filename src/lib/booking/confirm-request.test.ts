import { describe, expect, it } from 'vitest';
import { confirmRequestAnswer, confirmRequestBody } from './confirm-request';

const items = [{ product: 'pink-castle-bounce-house', name: 'Pink Castle Bounce House', quantity: 1 }];

describe('confirmRequestBody', () => {
  it('takes the link’s number (as typed) and its 43-character key', () => {
    expect(confirmRequestBody.parse({ bookingNumber: ' pf-abc123 ', key: 'a'.repeat(43) })).toEqual({ bookingNumber: 'PF-ABC123', key: 'a'.repeat(43) });
  });

  it('names the field of a link cut short', () => {
    const result = confirmRequestBody.safeParse({ bookingNumber: 'PF-ABC123', key: 'a'.repeat(20) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['key'], message: 'This link is incomplete: open it from the e-mail as it is.' });
  });
});

describe('confirmRequestAnswer', () => {
  it('gives a confirmed request the moment it is released unless paid, as an ISO instant', () => {
    expect(confirmRequestAnswer('PF-ABC123', { state: 'confirmed', status: 'deposit_due', holdExpiresAt: '2026-12-04T02:00:00+00:00', eventDate: '2027-01-09', items })).toEqual({
      state: 'confirmed',
      bookingNumber: 'PF-ABC123',
      payBy: '2026-12-04T02:00:00.000Z',
      depositPaid: false,
    });
  });

  it('says nothing is due by a deadline once the booking is confirmed by a payment or staff', () => {
    expect(confirmRequestAnswer('PF-ABC123', { state: 'already_confirmed', status: 'confirmed', holdExpiresAt: null, eventDate: '2027-01-09', items })).toMatchObject({ payBy: null, depositPaid: true });
  });

  it('offers each product of a released request again, on its page for the party’s date', () => {
    expect(confirmRequestAnswer('PF-ABC123', { state: 'expired', status: 'expired', holdExpiresAt: null, eventDate: '2027-01-09', items })).toEqual({
      state: 'released',
      bookingNumber: 'PF-ABC123',
      bookAgain: [{ name: 'Pink Castle Bounce House', href: '/products/pink-castle-bounce-house?date=2027-01-09' }],
    });
    expect(confirmRequestAnswer('PF-ABC123', { state: 'cancelled', status: 'cancelled', holdExpiresAt: null, eventDate: '2027-01-09', items })).toMatchObject({ state: 'cancelled' });
  });
});
