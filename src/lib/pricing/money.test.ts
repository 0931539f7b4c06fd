import { describe, it, expect } from 'vitest';
import { percentOf, roundCents } from './money';

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
