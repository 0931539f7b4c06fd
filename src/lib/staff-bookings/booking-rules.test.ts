import { describe, expect, it } from 'vitest';
import { allowedTransitions } from '../booking/booking-status';
import { rotateLinksBody } from '../booking/booking-links';
import { paymentBody, paymentKindFor, refundableCents } from '../payments/recorded-payments';
import { toCsv } from '../reports';
import {
  bookingCsvColumns,
  type BookingListRow,
  bookingListQuery,
  contactDifferences,
  customerFromBookingBody,
  noteLine,
  phoneDigits,
  phoneSearchDigits,
  roleForStatusChange,
  staffTransitions,
  statusChangeBody,
} from './booking-rules';

describe('booking status permissions', () => {
  it('lets crew move forward along the delivery path only', () => {
    expect(roleForStatusChange('confirmed', 'out_for_delivery')).toBe('crew');
    expect(roleForStatusChange('out_for_delivery', 'delivered')).toBe('crew');
    expect(roleForStatusChange('delivered', 'completed')).toBe('crew');
    expect(roleForStatusChange('confirmed', 'completed')).toBe('crew');
    expect(roleForStatusChange('confirmed', 'cancelled')).toBe('manager');
    expect(roleForStatusChange('deposit_due', 'confirmed')).toBe('manager');
    expect(roleForStatusChange('hold', 'expired')).toBe('manager');
  });

  it('offers each role only the transitions the domain allows and the role may make', () => {
    expect(staffTransitions(allowedTransitions, 'confirmed', 'crew')).toEqual(['out_for_delivery', 'delivered', 'completed']);
    expect(staffTransitions(allowedTransitions, 'confirmed', 'manager')).toEqual(['out_for_delivery', 'delivered', 'completed', 'cancelled']);
    expect(staffTransitions(allowedTransitions, 'deposit_due', 'crew')).toEqual([]);
    expect(staffTransitions(allowedTransitions, 'deposit_due', 'owner')).toEqual(['confirmed', 'cancelled', 'expired']);
    expect(staffTransitions(allowedTransitions, 'completed', 'owner')).toEqual([]);
  });

  it('leaves only the moves that end a booking while its rain-out offer waits', () => {
    expect(staffTransitions(allowedTransitions, 'confirmed', 'crew', true)).toEqual([]);
    expect(staffTransitions(allowedTransitions, 'out_for_delivery', 'owner', true)).toEqual(['cancelled']);
    expect(staffTransitions(allowedTransitions, 'deposit_due', 'manager', true)).toEqual(['cancelled', 'expired']);
    expect(staffTransitions(allowedTransitions, 'confirmed', 'crew', false)).toEqual(['out_for_delivery', 'delivered', 'completed']);
  });
});

describe('money helpers', () => {
  const kind = (paidBeforeCents: number, amountCents: number, depositCents = 6000, totalCents = 20_000) => paymentKindFor({ paidBeforeCents, amountCents, depositCents, totalCents });

  it('names a payment that pays the deposit still owed the deposit', () => {
    expect(kind(0, 6000)).toBe('deposit');
    expect(kind(0, 1)).toBe('deposit');
    expect(kind(5999, 1)).toBe('deposit');
    expect(kind(2000, 3000)).toBe('deposit');
    // Mostly the deposit: $60 of deposit and $40 of balance.
    expect(kind(0, 10_000)).toBe('deposit');
    // A tie stays the deposit.
    expect(kind(0, 12_000)).toBe('deposit');
  });

  it('names a balance collected at the stop the balance, never the deposit (#24)', () => {
    // Nothing paid before: the crew collect everything.
    expect(kind(0, 20_000)).toBe('balance');
    // Even when the deposit is most of the booking.
    expect(kind(0, 20_000, 15_000)).toBe('balance');
    // Part of the deposit paid, the rest collected.
    expect(kind(5000, 15_000)).toBe('balance');
  });

  it('names a payment that pays mostly the balance, or only the balance, the balance', () => {
    expect(kind(0, 12_001)).toBe('balance');
    expect(kind(5999, 3)).toBe('balance');
    expect(kind(6000, 1)).toBe('balance');
    expect(kind(6000, 14_000)).toBe('balance');
    // A business that takes no deposit: every payment is toward the balance.
    expect(kind(0, 100, 0)).toBe('balance');
  });

  it('never offers to refund more than is left of a payment', () => {
    expect(refundableCents(5000, 0)).toBe(5000);
    expect(refundableCents(5000, 1500)).toBe(3500);
    expect(refundableCents(5000, 6000)).toBe(0);
  });
});

describe('inputs', () => {
  it('needs a reason to cancel', () => {
    const missing = statusChangeBody.safeParse({ to: 'cancelled' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['reason']);
    expect(statusChangeBody.safeParse({ to: 'cancelled', reason: 'Rain' }).success).toBe(true);
    expect(statusChangeBody.safeParse({ to: 'delivered' }).success).toBe(true);
    expect(statusChangeBody.safeParse({ to: 'lost' }).success).toBe(false);
  });

  it('takes payments in whole positive cents by an offline method', () => {
    expect(paymentBody.parse({ amountCents: 2500, method: 'cash' })).toEqual({ amountCents: 2500, method: 'cash', note: '' });
    expect(paymentBody.safeParse({ amountCents: 0, method: 'cash' }).success).toBe(false);
    expect(paymentBody.safeParse({ amountCents: 12.5, method: 'cash' }).success).toBe(false);
    expect(paymentBody.safeParse({ amountCents: 100, method: 'stripe' }).success).toBe(false);
  });

  it('reads list filters from the address, ignoring blanks and refusing reversed ranges', () => {
    expect(bookingListQuery.parse({ status: '', from: '', q: ' ana ' })).toMatchObject({ q: 'ana', status: undefined, from: undefined, sort: 'created', dir: 'desc' });
    expect(bookingListQuery.safeParse({ from: '2026-12-10', to: '2026-12-01' }).success).toBe(false);
    expect(bookingListQuery.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(bookingListQuery.safeParse({ sort: 'drop table' }).success).toBe(false);
  });

  it('finds phone numbers by their digits and writes one-line notes', () => {
    expect(phoneDigits('(512) 555-0117')).toBe('5125550117');
    expect(noteLine({ date: '2026-11-22', time: '09:15' }, 'Sam', 'Gate code 1234\nback yard')).toBe('2026-11-22 09:15 · Sam: Gate code 1234 back yard');
  });

  it('matches phone numbers only for a search typed as one, not for the digits of a booking number or an e-mail', () => {
    expect(phoneSearchDigits('(512) 555-0117')).toBe('5125550117');
    expect(phoneSearchDigits(' 555-0117 ')).toBe('5550117');
    expect(phoneSearchDigits('+1 512.555.0117')).toBe('15125550117');
    expect(phoneSearchDigits('55')).toBe('');
    expect(phoneSearchDigits('PF-3K7A55')).toBe('');
    expect(phoneSearchDigits('sam512@example.com')).toBe('');
    expect(phoneSearchDigits('Alice 512')).toBe('');
  });
});

describe('a booking\'s contact against the customer\'s record', () => {
  const record = { name: 'Alice Real', email: 'alice@example.com', phone: '(512) 555-0101' };
  it('sees no difference in e-mail case, spacing or how a phone number is written', () => {
    expect(contactDifferences({ name: ' Alice  Real ', email: 'ALICE@example.com', phone: '512.555.0101' }, record)).toEqual([]);
  });
  it('names each field that differs', () => {
    expect(contactDifferences({ name: 'Mallory', email: 'alice@example.com', phone: '737 555 0199' }, record)).toEqual(['name', 'phone']);
    expect(contactDifferences({ ...record, email: 'new@example.com' }, record)).toEqual(['email']);
  });
});

describe('the bookings list’s CSV', () => {
  it('writes a US phone number as staff read it, with no apostrophe, and keeps the guard on the name', () => {
    const row: BookingListRow = {
      id: 'b1', number: 'PF-1', status: 'confirmed', statusLabel: 'Confirmed', customer: { name: '=HYPERLINK("http://evil.example")', email: 'a@example.com', phone: '+15125550101' },
      event: { date: '2027-05-01', start: '10:00', end: '16:00' }, city: 'Austin', items: '1 × Castle', totalCents: 10000, amountPaidCents: 5000, balanceCents: 5000, createdAt: '2027-01-01T00:00:00.000Z',
    };
    const [, line] = toCsv(bookingCsvColumns, [row]).split('\r\n');
    expect(line).toContain(`,"'=HYPERLINK(""http://evil.example"")",a@example.com,(512) 555-0101,Austin,`);
  });
});

describe('link rotation and contact copy bodies', () => {
  it('takes invoice, guest or both, and names the field otherwise', () => {
    expect(rotateLinksBody.parse({ links: 'guest' })).toEqual({ links: 'guest' });
    expect(rotateLinksBody.safeParse({ links: 'all' }).error?.issues[0]?.path).toEqual(['links']);
  });
  it('copies every field unless told which', () => {
    expect(customerFromBookingBody.parse({})).toEqual({ fields: ['name', 'email', 'phone'] });
    expect(customerFromBookingBody.safeParse({ fields: [] }).success).toBe(false);
    expect(customerFromBookingBody.safeParse({ fields: ['address'] }).success).toBe(false);
  });
});
