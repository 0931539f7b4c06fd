import { describe, expect, it } from 'vitest';
import { emailSettings as settings, sampleBookingView } from '../../../tests/support/booking-view';
import { customerBookingEmail } from './booking-emails';

// The sample booking: total $200, $60 paid, $140 due. Changed from a total of $160, $40 more.
const changed = (language: 'en' | 'es', { depositOnline = true, totalBefore }: { depositOnline?: boolean; totalBefore: number | undefined } = { totalBefore: 16000 }) =>
  customerBookingEmail(sampleBookingView(language), settings, 'https://party.test', { changedBy: 'customer', totalBefore, depositOnline }).text;

describe('the “has changed” e-mail after a change that raised the total', () => {
  it('says by how much and asks for the difference where it can be paid online, as the tracking page does', () => {
    expect(changed('en')).toContain('The new total is $200, $40 more than before. Please pay the difference ($40) from the tracking page or by calling us.');
    expect(changed('es')).toContain('El nuevo total es $200, $40 más que antes. Por favor pague la diferencia ($40) desde la página de su reservación o llamándonos.');
  });

  it('gives the new balance where it is paid by phone', () => {
    expect(changed('en', { depositOnline: false, totalBefore: 16000 })).toContain('The new total is $200, $40 more than before. Your balance is now $140.');
    expect(changed('es', { depositOnline: false, totalBefore: 16000 })).toContain('Su saldo ahora es $140.');
  });

  it.each([
    ['a change that lowered the total', 30000],
    ['one that kept it', 20000],
    ['one whose total before is not known', undefined],
  ])('says nothing of a difference after %s', (_change, totalBefore) => {
    expect(changed('en', { totalBefore })).not.toMatch(/more than before|difference|balance is now/);
  });
});
