import { describe, expect, it } from 'vitest';
import { bookingPrefix } from '../business';
import { bookingNumberExample, proposeBookingPrefix } from './booking-prefix';

describe('the booking-number prefix the setup proposes', () => {
  it('takes the initials of the words that name the business, not of what it rents', () => {
    expect(proposeBookingPrefix('Blue Heron Party Rentals LLC')).toBe('BH');
    expect(proposeBookingPrefix('Buckeye Bounce Co.')).toBe('BB');
    expect(proposeBookingPrefix('Boise Bounce House Rentals')).toBe('BBHR');
    expect(proposeBookingPrefix('The Gem State Jump & Slide LLC')).toBe('GSS');
    expect(proposeBookingPrefix('Bounce Kings')).toBe('BK');
    expect(proposeBookingPrefix('Bounce House Rentals')).toBe('BHR');
  });

  it('gives one word its first two letters, drops accents and signs, and falls back without letters', () => {
    expect(proposeBookingPrefix('Jumpers LLC')).toBe('JU');
    expect(proposeBookingPrefix('Fiestas Álvarez')).toBe('FA');
    expect(proposeBookingPrefix('  élan  ')).toBe('EL');
    expect(proposeBookingPrefix('4 U')).toBe('BK');
    expect(proposeBookingPrefix('')).toBe('BK');
  });

  it('never proposes a prefix other numbers use (CK is for cake orders) and always one the rule accepts', () => {
    expect(proposeBookingPrefix('Castle Kingdom')).toBe('CKI');
    expect(proposeBookingPrefix('Ck')).toBe('CKB');
    for (const name of ['Blue Heron Party Rentals', 'A B C D E F', 'Ck', 'x', 'Castle Kingdom', 'Über Fun Events Inc']) {
      expect(bookingPrefix.safeParse(proposeBookingPrefix(name)).success, name).toBe(true);
    }
  });
});

describe('the booking-number prefix the owner types', () => {
  it('takes 2 to 4 letters, upper-cased', () => {
    expect(bookingPrefix.parse(' bb ')).toBe('BB');
    expect(bookingPrefix.parse('GSJS')).toBe('GSJS');
  });

  it('refuses other shapes with a message the owner can act on', () => {
    const message = (v: unknown) => bookingPrefix.safeParse(v).error?.issues[0]?.message;
    expect(message('B')).toBe('Use 2 to 4 letters A–Z, like BB');
    expect(message('BOUNC')).toBe('Use 2 to 4 letters A–Z, like BB');
    expect(message('B2')).toBe('Use 2 to 4 letters A–Z, like BB');
    expect(message('B-B')).toBe('Use 2 to 4 letters A–Z, like BB');
    expect(message('ÜB')).toBe('Use 2 to 4 letters A–Z, like BB');
    expect(message('ck')).toMatch(/cake orders/);
    expect(message(undefined)).toBe('Enter 2 to 4 letters');
  });

  it('shows customers an example with the business’s own letters', () => {
    expect(bookingNumberExample('BB')).toBe('BB-7K3Q9X');
  });
});
