import { describe, expect, it } from 'vitest';
import { governingLawOf, stateName, US_STATES } from './us-states';

describe('US states', () => {
  it('names all 50 states and DC', () => {
    expect(Object.keys(US_STATES)).toHaveLength(51);
    expect(stateName('OH')).toBe('Ohio');
    expect(stateName(' nc ')).toBe('North Carolina');
    expect(stateName('DC')).toBe('District of Columbia');
  });

  it('keeps a code it does not know as typed', () => {
    expect(stateName('PR')).toBe('PR');
  });

  it('names the governing law after the business’s state', () => {
    expect(governingLawOf('OH')).toBe('Ohio law');
    expect(governingLawOf('CA')).toBe('California law');
  });
});
