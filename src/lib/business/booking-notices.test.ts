import { describe, expect, it } from 'vitest';
import en from '../i18n/messages/en.json';
import es from '../i18n/messages/es.json';
import { bookingNotice, cakeOrderNotice } from './booking-notices';

describe('bookingNotice', () => {
  const english = (leadTimeHours: number, maxDaysAhead: number) => bookingNotice({ leadTimeHours, maxDaysAhead }, en.contentValues);
  const spanish = (leadTimeHours: number, maxDaysAhead: number) => bookingNotice({ leadTimeHours, maxDaysAhead }, es.contentValues);

  it('says booking stays open until the party starts with a lead time of 0, not "at least 0 hours"', () => {
    expect(english(0, 180)).toBe('Book up to 180 days out, until your party starts.');
    expect(spanish(0, 180)).toBe('Reserve hasta con 180 días de anticipación, hasta que empiece su fiesta.');
  });

  it('names one hour in the singular', () => {
    expect(english(1, 365)).toBe('Book at least 1 hour ahead and up to 365 days out.');
    expect(spanish(1, 365)).toBe('Reserve con al menos 1 hora y hasta con 365 días de anticipación.');
  });

  it('states the booking window as set, not a fixed year', () => {
    const windows: [typeof english, number, number, string][] = [
      [english, 24, 180, 'Book at least 24 hours ahead and up to 180 days out.'],
      [english, 24, 365, 'Book at least 24 hours ahead and up to 365 days out.'],
      [spanish, 24, 180, 'Reserve con al menos 24 horas y hasta con 180 días de anticipación.'],
      [english, 48, 1, 'Book at least 48 hours ahead and up to 1 day out.'],
      [spanish, 0, 1, 'Reserve hasta con 1 día de anticipación, hasta que empiece su fiesta.'],
    ];
    for (const [inWords, hours, days, said] of windows) expect(inWords(hours, days)).toBe(said);
  });
});

describe('cakeOrderNotice', () => {
  it('says a cake can be ordered on the party day with a lead time of 0, not "at least 0 days"', () => {
    expect(cakeOrderNotice(0, en.product)).toBe('You can order as late as the day of your party.');
    expect(cakeOrderNotice(0, es.product)).toBe('Puede hacer su pedido hasta el mismo día de su fiesta.');
  });

  it('names the days with their plural', () => {
    expect(cakeOrderNotice(1, en.product)).toBe('Please order at least 1 day before your party.');
    expect(cakeOrderNotice(3, en.product)).toBe('Please order at least 3 days before your party.');
    expect(cakeOrderNotice(3, es.product)).toBe('Haga su pedido con al menos 3 días de anticipación.');
  });
});
