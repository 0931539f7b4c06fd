import { describe, expect, it } from 'vitest';
import { governingLawOf, isUsStateCode, stateName, US_STATES } from './us-states';

describe('US states', () => {
  it('names all 50 states, DC and the five territories', () => {
    expect(Object.keys(US_STATES)).toHaveLength(56);
    expect(stateName('OH')).toBe('Ohio');
    expect(stateName(' nc ')).toBe('North Carolina');
    expect(stateName('DC')).toBe('District of Columbia');
    expect(stateName('PR')).toBe('Puerto Rico');
  });

  it('keeps a code it does not know as typed (one stored before the settings checked it)', () => {
    expect(stateName('OI')).toBe('OI');
  });

  it('takes only a code on the list for the business’s address: a typo would name the law of no state', () => {
    expect(isUsStateCode('OH')).toBe(true);
    expect(isUsStateCode('OI')).toBe(false);
    expect(isUsStateCode('constructor')).toBe(false);
  });

  it('names the governing law after the business’s state', () => {
    expect(governingLawOf('OH')).toBe('Ohio law');
    expect(governingLawOf('CA')).toBe('California law');
  });
});
