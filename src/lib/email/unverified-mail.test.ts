import { describe, expect, it } from 'vitest';
import { acknowledgementCapNotice, capReached } from './unverified-mail';

describe('the daily cap notice', () => {
  it('appears once the day’s acknowledgements are used up, counting those withheld', () => {
    expect(acknowledgementCapNotice({ day: '2026-12-01', sent: 199, withheld: 0, cap: 200 })).toBeNull();
    expect(capReached({ day: '2026-12-01', sent: 200, withheld: 0, cap: 200 })).toBe(true);
    expect(acknowledgementCapNotice({ day: '2026-12-01', sent: 200, withheld: 0, cap: 200 })).toMatch(/200 form acknowledgements are used up/);
    expect(acknowledgementCapNotice({ day: '2026-12-01', sent: 200, withheld: 3, cap: 200 })).toMatch(/3 visitors were not sent one/);
    // A cap of 0: none are ever sent, and staff are told.
    expect(acknowledgementCapNotice({ day: '2026-12-01', sent: 0, withheld: 0, cap: 0 })).toMatch(/turned off/);
  });
});
