import { describe, expect, it } from 'vitest';
import { checkCakeDate, earliestCakeDate, partyTooSoonForCake } from './cake-dates';
import spanish from '../i18n/server-errors/es.json';
import { translateError } from '../i18n';

const TZ = 'America/Chicago';
// 2026-12-01 23:30 in Austin is already 2026-12-02 in UTC: the business's own calendar counts.
const lateEvening = new Date('2026-12-02T05:30:00Z');

describe('cake lead time', () => {
  it('counts the lead time from today in the business time zone', () => {
    expect(earliestCakeDate(lateEvening, TZ, 3)).toBe('2026-12-04');
  });

  it('accepts the earliest date and later ones', () => {
    expect(checkCakeDate('2026-12-04', lateEvening, TZ, 3, 365)).toEqual({ ok: true });
    expect(checkCakeDate('2027-01-15', lateEvening, TZ, 3, 365)).toEqual({ ok: true });
  });

  it('refuses a date inside the lead time and says which date works', () => {
    expect(checkCakeDate('2026-12-03', lateEvening, TZ, 3, 365)).toEqual({
      ok: false,
      message: 'We need 3 days to bake your cake: choose December 4, 2026 or later',
    });
  });

  it('refuses past dates even with no lead time, and dates beyond the booking horizon', () => {
    expect(checkCakeDate('2026-11-30', lateEvening, TZ, 0, 365)).toEqual({ ok: false, message: 'Choose today or a later date' });
    expect(checkCakeDate('2028-01-01', lateEvening, TZ, 3, 365)).toEqual({ ok: false, message: 'We take cake orders up to 365 days ahead' });
  });

  it('says "1 day", not "1 days", when orders open only a day ahead, and the Spanish catalog says "1 día"', () => {
    const refused = checkCakeDate('2026-12-05', lateEvening, TZ, 0, 1, 'es');
    expect(refused).toEqual({ ok: false, message: 'We take cake orders up to 1 day ahead' });
    expect(translateError((refused as { message: string }).message, spanish)).toBe('Aceptamos pedidos de pastel con hasta 1 día de anticipación');
    expect(translateError('We take cake orders up to 30 days ahead', spanish)).toBe('Aceptamos pedidos de pastel con hasta 30 días de anticipación');
  });

  it('writes the date for a Spanish page, which the server’s catalog then reads in Spanish (issue #40)', () => {
    const refused = checkCakeDate('2026-12-03', lateEvening, TZ, 3, 365, 'es');
    expect(refused.ok).toBe(false);
    expect(translateError((refused as { message: string }).message, spanish)).toBe('Necesitamos 3 días para hornear su pastel: elija el 4 de diciembre de 2026 o después');
    expect(translateError(partyTooSoonForCake('2026-12-03', 3, 'es'), spanish)).toBe('Su fiesta del 3 de diciembre es demasiado pronto para hornear un pastel (necesitamos 3 días). Por favor llámenos.');
    expect(partyTooSoonForCake('2026-12-03', 3)).toBe('Your party on December 3 is too soon for us to bake a cake (we need 3 days). Please call us.');
    expect(partyTooSoonForCake('2026-12-03', 1)).toBe('Your party on December 3 is too soon for us to bake a cake (we need 1 day). Please call us.');
    expect(translateError(partyTooSoonForCake('2026-12-03', 1, 'es'), spanish)).toBe('Su fiesta del 3 de diciembre es demasiado pronto para hornear un pastel (necesitamos 1 día). Por favor llámenos.');
  });
});
