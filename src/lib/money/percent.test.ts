import { describe, expect, it } from 'vitest';
import { bpsToPercentInput, formatPercentBps } from './percent';
import { percentToHundredths } from './money';

describe('tax rates in basis points', () => {
  it('reads as a percent with two decimals', () => {
    expect(formatPercentBps(725)).toBe('7.25 %');
    expect(formatPercentBps(600)).toBe('6.00 %');
    expect(formatPercentBps(0)).toBe('0.00 %');
  });
  it('fills an input without trailing zeros, and reads back to the same rate', () => {
    expect(bpsToPercentInput(725)).toBe('7.25');
    expect(bpsToPercentInput(600)).toBe('6');
    for (const bps of [0, 1, 5, 725, 1025, 999]) expect(percentToHundredths(Number(bpsToPercentInput(bps)))).toBe(bps);
  });
});
