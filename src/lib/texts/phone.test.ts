import { describe, expect, it } from 'vitest';
import { toE164 } from './phone';

describe('phone numbers for texts', () => {
  it('turns the shapes customers type into E.164', () => {
    expect(toE164('(512) 555-0100')).toBe('+15125550100');
    expect(toE164('512.555.0100')).toBe('+15125550100');
    expect(toE164('1 512 555 0100')).toBe('+15125550100');
    expect(toE164('+1 (512) 555-0100')).toBe('+15125550100');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('refuses what cannot be texted', () => {
    expect(toE164('555-0100')).toBeNull();
    expect(toE164('012 555 0100')).toBeNull();
    expect(toE164('+0 123')).toBeNull();
    expect(toE164('')).toBeNull();
  });
});
