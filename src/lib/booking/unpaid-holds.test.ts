import { describe, expect, it } from 'vitest';
import { itMaps } from '../../../tests/support/table';
import { demoSettings } from '../../../supabase/seed/settings';
import { releasedBookingEmail, type ReleasedBooking } from './release-emails';
import { awaitsEmailConfirmation, cartLimitProblem, clientAddressKey, formatDeadline, holdSessionExpiry, openUnpaidRefusal, payLaterDeadline, unpaidDeadline } from './unpaid-holds';

const now = new Date('2026-11-26T15:00:00Z');
const settings = { ...demoSettings, holdMinutes: 30, unpaidHoldHours: 48, maxUnitsPerProduct: 4, maxItemsPerBooking: 10 };

describe('unpaidDeadline', () => {
  it('gives a Stripe hold the owner’s hold minutes and a pay-later website booking an hour until its e-mail is confirmed', () => {
    expect(unpaidDeadline({ status: 'hold', source: 'web', staff: false }, settings, now)).toEqual(new Date('2026-11-26T15:30:00Z'));
    expect(unpaidDeadline({ status: 'deposit_due', source: 'web', staff: false }, settings, now)).toEqual(new Date('2026-11-26T16:00:00Z'));
    // An owner's window shorter than the hour is not lengthened.
    expect(unpaidDeadline({ status: 'deposit_due', source: 'web', staff: false }, { ...settings, unpaidHoldHours: 1 }, now)).toEqual(new Date('2026-11-26T16:00:00Z'));
  });

  it('asks only a pay-later website booking to confirm its e-mail, never a Stripe hold or staff', () => {
    expect(awaitsEmailConfirmation({ status: 'deposit_due', source: 'web', staff: false })).toBe(true);
    expect(awaitsEmailConfirmation({ status: 'hold', source: 'web', staff: false })).toBe(false);
    expect(awaitsEmailConfirmation({ status: 'deposit_due', source: 'phone', staff: true })).toBe(false);
    expect(awaitsEmailConfirmation({ status: 'deposit_due', source: 'admin', staff: false })).toBe(false);
  });

  it('gives a confirmed booking the pay-later window counted from when it was placed, never ending before the click', () => {
    expect(payLaterDeadline(now, settings, new Date('2026-11-26T15:20:00Z'))).toEqual(new Date('2026-11-28T15:00:00Z'));
    expect(payLaterDeadline(now, { unpaidHoldHours: 1 }, new Date('2026-11-26T16:20:00Z'))).toEqual(new Date('2026-11-26T16:20:00Z'));
  });

  it('never releases what staff booked or a confirmed booking', () => {
    expect(unpaidDeadline({ status: 'deposit_due', source: 'phone', staff: true }, settings, now)).toBeNull();
    expect(unpaidDeadline({ status: 'deposit_due', source: 'quote', staff: false }, settings, now)).toBeNull();
    expect(unpaidDeadline({ status: 'deposit_due', source: 'web', staff: true }, settings, now)).toBeNull();
    expect(unpaidDeadline({ status: 'confirmed', source: 'web', staff: false }, settings, now)).toBeNull();
  });
});

describe('holdSessionExpiry', () => {
  it('closes the payment page at the hold’s deadline when that is at least Stripe’s 30 minutes away', () => {
    const deadline = new Date('2026-11-26T16:00:00Z');
    expect(holdSessionExpiry(deadline, now)).toEqual(deadline);
    expect(holdSessionExpiry(new Date('2026-11-26T15:30:00Z'), now)).toEqual(new Date('2026-11-26T15:30:00Z'));
  });

  it('keeps Stripe’s 30-minute minimum near the deadline, the same for every retry within a minute', () => {
    const deadline = new Date('2026-11-26T15:10:00Z');
    const a = holdSessionExpiry(deadline, new Date('2026-11-26T15:05:00.100Z'));
    const b = holdSessionExpiry(deadline, new Date('2026-11-26T15:05:59.900Z'));
    expect(a).toEqual(new Date('2026-11-26T15:36:00Z'));
    expect(b).toEqual(a);
    expect(a.getTime() - new Date('2026-11-26T15:05:59.900Z').getTime()).toBeGreaterThanOrEqual(30 * 60_000);
  });

  it('never asks Stripe for more than a day', () => {
    const expiry = holdSessionExpiry(new Date('2026-11-28T15:00:00Z'), now);
    expect(expiry.getTime() - now.getTime()).toBeLessThan(24 * 3_600_000);
  });
});

describe('cartLimitProblem', () => {
  const items = (n: number, quantity = 1) => Array.from({ length: n }, (_, i) => ({ product: `p-${i}`, quantity }));

  it('lets a party’s cart through', () => {
    expect(cartLimitProblem(items(10, 4), settings)).toBeNull();
  });

  it('names the quantity of the first product over the cap', () => {
    const cart = [...items(2), { product: 'bounce-house', quantity: 5 }];
    expect(cartLimitProblem(cart, settings)).toEqual({ field: 'items.2.quantity', message: expect.stringContaining('at most 4 of one product') });
  });

  it('names the items when there are too many products', () => {
    const problem = cartLimitProblem(items(11), settings);
    expect(problem).toEqual({ field: 'items', message: expect.stringContaining('at most 10 different products') });
    expect(problem!.message).toContain(settings.phone);
  });
});

describe('openUnpaidRefusal', () => {
  it('tells the customer what to do, at the field the cap is about', () => {
    const caps = { ...settings, maxOpenUnpaidPerEmail: 2, maxOpenUnpaidPerPhone: 1, maxOpenUnpaidPerClient: 3 };
    expect(openUnpaidRefusal('email', caps)).toEqual({ field: 'customer.email', message: expect.stringMatching(/^You already have 2 bookings waiting for payment with this e-mail address\. Please pay/) });
    expect(openUnpaidRefusal('phone', caps).message).toMatch(/^You already have a booking waiting for payment with this phone number/);
    expect(openUnpaidRefusal('phone', caps).field).toBe('customer.phone');
    const client = openUnpaidRefusal('client', caps);
    expect(client.field).toBe('_');
    expect(client.message).toMatch(/^3 bookings from your internet connection are already waiting for payment\./);
    expect(client.message).toContain(`call us at ${settings.phone}`);
  });
});

describe('clientAddressKey', () => {
  itMaps('counts %s as %s', clientAddressKey, [
    // An IPv4 address as it is, also IPv4-mapped.
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    // An IPv6 address by its /64, however it is written.
    ['2001:db8:0:12::1', '2001:db8:0:12::/64'],
    ['2001:0DB8:0000:0012:aaaa:bbbb:cccc:dddd', '2001:db8:0:12::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    // Anything else as it is, rather than failing the booking.
    ['unknown', 'unknown'],
    ['1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7:8:9'],
  ]);

  it('keeps at most 64 characters of anything else', () => {
    expect(clientAddressKey('x'.repeat(100))).toHaveLength(64);
  });
});

describe('releasedBookingEmail', () => {
  const released: ReleasedBooking = {
    id: '00000000-0000-4000-8000-000000000001',
    number: 'PF-ABC123',
    was: 'deposit_due',
    deadline: '2026-11-28T15:00:00.000Z',
    email: 'pat@example.com',
    eventStart: '2026-12-12T16:00:00.000Z',
    eventEnd: '2026-12-12T22:00:00.000Z',
    placedAt: now.toISOString(),
    items: [{ name: 'Pink Castle Bounce House', quantity: 1 }],
  };

  it('says which booking was released, by when it should have been paid, and how to book again', () => {
    const email = releasedBookingEmail(released, settings, 'https://party.example');
    expect(email.to).toBe('pat@example.com');
    expect(email.subject).toBe('Your booking PF-ABC123 was released');
    expect(email.text).toContain(`was not paid by ${formatDeadline(new Date(released.deadline), settings.timezone)}`);
    expect(email.text).toContain('Pink Castle Bounce House × 1');
    expect(email.text).toContain('https://party.example/');
    expect(email.text).toContain(settings.phone);
  });

  it('says a request nobody confirmed from the e-mail was released for that, with nothing charged', () => {
    const email = releasedBookingEmail({ ...released, unconfirmed: true }, settings, 'https://party.example');
    expect(email.subject).toBe('Your booking PF-ABC123 was released');
    expect(email.text).toContain(`Booking request PF-ABC123 was not confirmed from our e-mail by ${formatDeadline(new Date(released.deadline), settings.timezone)}`);
    expect(email.text).not.toContain('was not paid');
  });

  it('calls an unpaid Stripe hold a reservation that was not completed, with nothing charged', () => {
    const email = releasedBookingEmail({ ...released, was: 'hold' }, settings, 'https://party.example');
    expect(email.subject).toBe('Your reservation PF-ABC123 was not completed');
    expect(email.text).toContain('Nothing was charged');
  });
});

describe('formatDeadline', () => {
  it('writes the deadline in the business’s time zone', () => {
    expect(formatDeadline(new Date('2026-11-28T15:00:00Z'), 'America/Chicago')).toBe('Sat, November 28 at 9:00 AM');
  });
});
