import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

const intl = (cents: number, currency = 'USD', locale = 'en-US') =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);

describe('formatMoney', () => {
  it('writes US dollars exactly as Intl en-US does (without loading Intl in the browser)', () => {
    const samples = [0, 1, 9, 10, 99, 100, 101, 1250, 18500, 99_999, 100_000, 123_456, 1_000_000, 123_456_789, 9_999_999_999];
    for (const cents of [...samples, ...samples.map((c) => -c).filter((c) => c !== 0)]) {
      expect(formatMoney(cents)).toBe(intl(cents));
      expect(formatMoney(cents, 'USD')).toBe(intl(cents));
    }
    for (let cents = 0; cents < 300_000; cents += 37) expect(formatMoney(cents)).toBe(intl(cents));
  });

  it('writes US dollars on the Spanish pages exactly as Intl es-US does', () => {
    const samples = [0, 1, 99, 100, 1250, 18500, 100_000, 123_456_789];
    for (const cents of [...samples, ...samples.map((c) => -c).filter((c) => c !== 0)]) {
      expect(formatMoney(cents, 'usd', 'es-US')).toBe(intl(cents, 'USD', 'es-US'));
    }
    for (let cents = 0; cents < 300_000; cents += 37) expect(formatMoney(cents, 'usd', 'es-US')).toBe(intl(cents, 'USD', 'es-US'));
  });

  it('keeps round amounts whole and others in cents', () => {
    expect(formatMoney(18500)).toBe('$185');
    expect(formatMoney(1250)).toBe('$12.50');
    expect(formatMoney(123_456_7)).toBe('$12,345.67');
  });

  it('uses Intl for other currencies', () => {
    expect(formatMoney(1250, 'eur')).toBe(intl(1250, 'EUR'));
  });
});
