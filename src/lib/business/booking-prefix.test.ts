import { describe, expect, it } from 'vitest';
import { proposeBookingPrefix } from '../reference';
import { bookingPrefix } from './schema';

describe('the booking-number prefix the owner types', () => {
  it('takes 2 to 4 letters, upper-cased', () => {
    expect(bookingPrefix.parse(' bb ')).toBe('BB');
    expect(bookingPrefix.parse('GSJS')).toBe('GSJS');
  });

  const message = (v: unknown) => bookingPrefix.safeParse(v).error?.issues[0]?.message;

  it.each(['B', 'BOUNC', 'B2', 'B-B', 'ÜB'])('refuses %j with a message the owner can act on', (typed) => {
    expect(message(typed)).toBe('Use 2 to 4 letters A–Z, like BB');
  });

  it('refuses a prefix other numbers use, and asks for one when there is none', () => {
    expect(message('ck')).toMatch(/cake orders/);
    expect(message(undefined)).toBe('Enter 2 to 4 letters');
  });

  it.each(['Blue Heron Party Rentals', 'A B C D E F', 'Ck', 'x', 'Castle Kingdom', 'Über Fun Events Inc'])('accepts the prefix the setup proposes for %j', (name) => {
    expect(bookingPrefix.safeParse(proposeBookingPrefix(name)).success).toBe(true);
  });
});
