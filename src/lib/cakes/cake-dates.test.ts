import { describe, expect, it } from 'vitest';
import { checkCakeDate, earliestCakeDate } from './cake-dates';

const TZ = 'America/Chicago';
// 2026-12-01 23:30 in Austin is already 2026-12-02 in UTC: the business's own calendar counts.
const lateEvening = new Date('2026-12-02T05:30:00Z');

describe('cake lead time', () => {
  it('counts the lead time from today in the business time zone', () => {
    expect(earliestCakeDate(lateEvening, TZ, 3)).toBe('2026-12-04');
  });

  it('accepts the earliest date and later ones', () => {
    expect(checkCakeDate('2026-12-04', lateEvening, TZ, 3, 365)).toEqual({ ok: true });
    expect(checkCakeDate('2027-01-15', lateEvening, TZ, 3, 365)).toEqual({ ok: true });
  });

  it('refuses a date inside the lead time and says which date works', () => {
    expect(checkCakeDate('2026-12-03', lateEvening, TZ, 3, 365)).toEqual({
      ok: false,
      message: 'We need 3 days to bake your cake: choose December 4, 2026 or later',
    });
  });

  it('refuses past dates even with no lead time, and dates beyond the booking horizon', () => {
    expect(checkCakeDate('2026-11-30', lateEvening, TZ, 0, 365)).toEqual({ ok: false, message: 'Choose today or a later date' });
    expect(checkCakeDate('2028-01-01', lateEvening, TZ, 3, 365)).toEqual({ ok: false, message: 'We take cake orders up to 365 days ahead' });
  });
});
