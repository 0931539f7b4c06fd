import { describe, expect, it } from 'vitest';
import { formatInstant, formatPhone, formatsFor, phoneHref } from './format';

// Intl may separate "p.m." and the like with a no-break space: compare letters and single spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formats for a locale', () => {
  it('writes English exactly as the site always has', () => {
    const f = formatsFor('en');
    expect(f.money(18500)).toBe('$185');
    expect(f.money(123450)).toBe('$1,234.50');
    expect(f.longDate('2027-01-02')).toBe('Saturday, January 2, 2027');
    expect(f.shortDate('2027-01-02')).toBe('Sat, Jan 2');
    expect(f.mediumDate('2027-01-02')).toBe('Jan 2, 2027');
    expect(f.clock('14:30')).toBe('2:30 PM');
    expect(f.timeRange('09:00', '17:00')).toBe('9:00 AM – 5:00 PM');
  });

  it('writes US Spanish through Intl', () => {
    const f = formatsFor('es');
    expect(f.money(18500)).toBe('$185');
    expect(f.money(123450)).toBe('$1,234.50');
    expect(plain(f.longDate('2027-01-02'))).toBe('sábado, 2 de enero de 2027');
    expect(plain(f.mediumDate('2027-01-02'))).toMatch(/^2 ene\.? 2027$/);
    expect(plain(f.clock('14:30'))).toMatch(/^2:30 p\. ?m\.$/);
    expect(plain(f.clock('09:00'))).toMatch(/^9:00 a\. ?m\.$/);
    expect(f.longDate('not a date')).toBe('not a date');
  });

  it('says a time after a date, Spanish with “a la” for one o’clock and “a las” for the other hours', () => {
    expect(formatsFor('en').atClock('13:05')).toBe('at 1:05 PM');
    const es = formatsFor('es');
    expect(plain(es.atClock('13:05'))).toMatch(/^a la 1:05 p\. ?m\.$/);
    expect(plain(es.atClock('01:30'))).toMatch(/^a la 1:30 a\. ?m\.$/);
    expect(plain(es.atClock('11:00'))).toMatch(/^a las 11:00 a\. ?m\.$/);
    expect(plain(es.atClock('15:00'))).toMatch(/^a las 3:00 p\. ?m\.$/);
  });

  it('writes an instant’s date and time as Intl does, with “a la” before one o’clock in Spanish', () => {
    const options = { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' } as const;
    const es = new Intl.DateTimeFormat('es-US', options);
    expect(plain(formatInstant(es, new Date('2026-12-07T13:45:00Z')))).toMatch(/^7 de diciembre de 2026,? a la 1:45 p\. ?m\.$/);
    expect(plain(formatInstant(es, new Date('2026-12-07T15:45:00Z')))).toBe(plain(es.format(new Date('2026-12-07T15:45:00Z'))));
    const en = new Intl.DateTimeFormat('en-US', options);
    expect(formatInstant(en, new Date('2026-12-07T13:45:00Z'))).toBe(en.format(new Date('2026-12-07T13:45:00Z')));
  });

  it('writes US phone numbers one way in both languages, and leaves others as typed', () => {
    expect(formatPhone('512-555-0100')).toBe('(512) 555-0100');
    expect(formatPhone('+1 512 555 0100')).toBe('(512) 555-0100');
    expect(formatPhone('555-0100')).toBe('555-0100');
    expect(formatPhone('1-800-FLAMINGO')).toBe('1-800-FLAMINGO');
    expect(formatPhone('+15125550100')).toBe('(512) 555-0100');
    // Ten digits after another country's code are not a US number.
    expect(formatPhone('+4930123456')).toBe('+4930123456');
    expect(formatPhone('+442079460958')).toBe('+442079460958');
    expect(formatsFor('es').phone('5125550100')).toBe('(512) 555-0100');
    expect(phoneHref('(512) 555-0100')).toBe('tel:5125550100');
  });
});
