import { describe, expect, it } from 'vitest';
import { itMaps } from '../../../tests/support/table';
import { storedPhone, toE164 } from './phone';

describe('phone numbers for texts', () => {
  itMaps('turns %j, as a customer typed it, into %s', toE164, [
    ['(512) 555-0100', '+15125550100'],
    ['512.555.0100', '+15125550100'],
    ['1 512 555 0100', '+15125550100'],
    ['+1 (512) 555-0100', '+15125550100'],
    ['+44 20 7946 0958', '+442079460958'],
  ]);

  it.each(['555-0100', '012 555 0100', '+0 123', ''])('refuses %j, which cannot be texted', (typed) => {
    expect(toE164(typed)).toBeNull();
  });
});

describe('phone numbers as they are stored', () => {
  itMaps('stores %j as %s', storedPhone, [
    ['5125550199', '(512) 555-0199'],
    ['(512) 555-0199', '(512) 555-0199'],
    [' 512.555.0199 ', '(512) 555-0199'],
    ['512-555-0199', '(512) 555-0199'],
    ['1 512 555 0199', '(512) 555-0199'],
    ['+1 (512) 555-0199', '(512) 555-0199'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+5125550199', '+5125550199'],
    ['44  20 7946 0958', '44 20 7946 0958'],
  ]);

  it.each(['5125550199', '(512) 555-0199', '+1 512 555 0199', '+44 20 7946 0958'])('texts %j at the same number once stored', (typed) => {
    expect(toE164(storedPhone(typed))).toBe(toE164(typed));
  });
});
