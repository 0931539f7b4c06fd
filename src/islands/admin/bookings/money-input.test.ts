import { describe, expect, it } from 'vitest';
import { centsToInput, dollarsToCents } from './money-input';

describe('dollarsToCents', () => {
  it('reads what staff type, without floating-point drift', () => {
    expect(dollarsToCents('125')).toBe(12500);
    expect(dollarsToCents('125.5')).toBe(12550);
    expect(dollarsToCents(' $1,250.07 ')).toBe(125007);
    expect(dollarsToCents('0.29')).toBe(29);
  });

  it('refuses zero, negatives, three decimals and words', () => {
    for (const bad of ['', '0', '0.00', '-5', '1.234', 'ten', '1e3']) expect(dollarsToCents(bad), bad).toBeNull();
  });

  it('writes cents back as an input value', () => {
    expect(centsToInput(12550)).toBe('125.50');
  });
});
