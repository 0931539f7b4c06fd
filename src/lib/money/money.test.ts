import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { formatMoney } from './format';
import { centsToDollarsInput, parseDollars, percentOf, roundCents } from './money';

describe('roundCents', () => {
  it('rounds halves away from zero, not to even', () => {
    expect(roundCents(0.5)).toBe(1);
    expect(roundCents(1.5)).toBe(2);
    expect(roundCents(2.5)).toBe(3);
    expect(roundCents(-0.5)).toBe(-1);
    expect(roundCents(-2.5)).toBe(-3);
  });

  it('rounds everything else to the nearest cent', () => {
    expect(roundCents(2.4999)).toBe(2);
    expect(roundCents(2.5001)).toBe(3);
    expect(roundCents(42)).toBe(42);
    expect(Object.is(roundCents(-0.4), 0)).toBe(true);
  });

  it('divides integers exactly', () => {
    expect(roundCents(5, 2)).toBe(3);
    expect(roundCents(7, 2)).toBe(4);
    expect(roundCents(-7, 2)).toBe(-4);
    expect(roundCents(1, 3)).toBe(0);
    expect(roundCents(2, 3)).toBe(1);
    expect(roundCents(165_000, 10_000)).toBe(17); // 16.5 cents of tax
  });

  it('gets the half cent right where floating point would not', () => {
    // 2.05 % of $30.00 is exactly 61.5 cents; the float product is 61.49999999999999.
    expect(Math.round((3000 * 2.05) / 100)).toBe(61);
    expect(roundCents(3000 * 205, 10_000)).toBe(62);
    expect(percentOf(3000, 2.05)).toBe(62);
  });

  it('refuses to divide by zero', () => {
    expect(() => roundCents(1, 0)).toThrow(RangeError);
  });
});

describe('percentOf', () => {
  it('handles percentages with decimals such as a 7.5 % damage waiver', () => {
    expect(percentOf(25_500, 7.5)).toBe(1913); // 1912.5
    expect(percentOf(25_500, 10)).toBe(2550);
    expect(percentOf(0, 10)).toBe(0);
  });
});

describe('parseDollars', () => {
  it('reads what people type, exactly, without floating-point drift', () => {
    expect(parseDollars('185')).toBe(18_500);
    expect(parseDollars('12.5')).toBe(1250);
    expect(parseDollars(' $1,250.07 ')).toBe(125_007);
    expect(parseDollars('0.29')).toBe(29);
    expect(parseDollars('1.10')).toBe(110);
    expect(parseDollars('.5')).toBe(50);
    expect(parseDollars('12.')).toBe(1200);
    expect(parseDollars('0')).toBe(0);
    expect(parseDollars('1234567')).toBe(123_456_700);
  });

  it('understands a decimal comma as well as a dot (issue #40: amounts typed in either language’s habit)', () => {
    expect(parseDollars('12,50')).toBe(1250);
    expect(parseDollars('12,5')).toBe(1250);
    expect(parseDollars('12,34')).toBe(1234);
    expect(parseDollars('$0,99')).toBe(99);
    expect(parseDollars(',5')).toBe(50);
    expect(parseDollars('1.250,50')).toBe(125_050);
    expect(parseDollars('1.234.567,89')).toBe(123_456_789);
    // Before three digits a comma still groups thousands, as US English and US Spanish both write them.
    expect(parseDollars('1,250')).toBe(125_000);
    expect(parseDollars('1,250.50')).toBe(125_050);
  });

  it('refuses three decimals instead of rounding them, and anything that is not an amount', () => {
    for (const bad of ['', ' ', '$', '.', '12.345', '0.001', '-5', '+5', 'ten', '1e3', '12,345,6', '1,2345', '1.25,50', '12,5.0', '1.2345,6', '1,,000', '12.5.0', '$ 12', '0x10', 'Infinity']) {
      expect(parseDollars(bad), bad).toBeNull();
    }
  });

  it('reads back every amount a money input starts with, and every price the site prints', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        expect(parseDollars(centsToDollarsInput(cents))).toBe(cents);
        expect(parseDollars(formatMoney(cents))).toBe(cents);
      }),
    );
  });
});

describe('centsToDollarsInput', () => {
  it('shows whole dollars bare and cents with two decimals', () => {
    expect(centsToDollarsInput(18_500)).toBe('185');
    expect(centsToDollarsInput(18_550)).toBe('185.50');
    expect(centsToDollarsInput(7)).toBe('0.07');
    expect(centsToDollarsInput(0)).toBe('0');
  });
});
