import { describe, expect, it } from 'vitest';
import { itMaps } from '../../../tests/support/table';
import { bookingNumberExample, prefixTaken, proposeBookingPrefix } from './booking-prefix';

describe('the booking-number prefix the setup proposes', () => {
  itMaps('proposes for %j the prefix %j', proposeBookingPrefix, [
    // The initials of the words that name the business, not of what it rents.
    ['Blue Heron Party Rentals LLC', 'BH'],
    ['Buckeye Bounce Co.', 'BB'],
    ['Boise Bounce House Rentals', 'BBHR'],
    ['The Gem State Jump & Slide LLC', 'GSS'],
    ['Bounce Kings', 'BK'],
    ['Bounce House Rentals', 'BHR'],
    // One word gives its first two letters; accents and signs are dropped; no letters falls back to BK.
    ['Jumpers LLC', 'JU'],
    ['Fiestas Álvarez', 'FA'],
    ['  élan  ', 'EL'],
    ['4 U', 'BK'],
    ['', 'BK'],
  ]);

  it('never proposes a prefix other numbers use (CK is for cake orders)', () => {
    expect(prefixTaken('CK')).toBe(true);
    expect(proposeBookingPrefix('Castle Kingdom')).toBe('CKI');
    expect(proposeBookingPrefix('Ck')).toBe('CKB');
  });
});

describe('the booking number a form hint shows', () => {
  it('shows customers an example with the business’s own letters', () => {
    expect(bookingNumberExample('BB')).toBe('BB-7K3Q9X');
  });
});
