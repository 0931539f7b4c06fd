import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { itMaps } from '../../../tests/support/table';
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
  // What people type, exactly, without floating-point drift.
  itMaps('reads %j as %s cents', parseDollars, [
    ['185', 18_500],
    ['12.5', 1250],
    [' $1,250.07 ', 125_007],
    ['0.29', 29],
    ['1.10', 110],
    ['.5', 50],
    ['12.', 1200],
    ['0', 0],
    ['1234567', 123_456_700],
    // A decimal comma as well as a dot (issue #40: amounts typed in either language’s habit).
    ['12,50', 1250],
    ['12,5', 1250],
    ['12,34', 1234],
    ['$0,99', 99],
    [',5', 50],
    ['1.250,50', 125_050],
    ['1.234.567,89', 123_456_789],
    // Before three digits a comma still groups thousands, as US English and US Spanish both write them.
    ['1,250', 125_000],
    ['1,250.50', 125_050],
  ]);

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
