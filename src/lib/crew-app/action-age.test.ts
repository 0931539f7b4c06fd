import { describe, expect, it } from 'vitest';
import { actionAge, MAX_ACTION_AGE_HOURS, takenMoment } from './action-age';

// The server's own now in every case: a fixed instant, never the machine's clock.
const now = new Date('2026-07-04T15:00:00Z');
const hours = (n: number) => n * 3600;

describe('actionAge (the phone)', () => {
  it('is the whole seconds between taking and sending by one clock, whatever that clock is off by', () => {
    const offByTwoDays = 2 * 86_400_000;
    const taken = Date.parse('2026-07-03T22:00:00Z');
    expect(actionAge(taken, taken + 90_400)).toBe('90');
    expect(actionAge(taken + offByTwoDays, taken + offByTwoDays + 90_400)).toBe('90');
    // The clock went back between the two readings: below zero, for the server to refuse.
    expect(actionAge(taken, taken - 3_600_000)).toBe('-3600');
  });
});

describe('takenMoment (the server)', () => {
  it('is the server’s now for a move sent as it was taken (no header)', () => {
    expect(takenMoment(null, now)).toEqual({ ok: true, at: now });
  });

  it('counts the age back from the server’s own now', () => {
    expect(takenMoment('3600', now)).toEqual({ ok: true, at: new Date('2026-07-04T14:00:00Z') });
    expect(takenMoment(' 0 ', now)).toEqual({ ok: true, at: now });
    expect(takenMoment(String(hours(MAX_ACTION_AGE_HOURS)), now)).toEqual({ ok: true, at: new Date('2026-07-01T15:00:00Z') });
  });

  it('takes a clock corrected by a few seconds as now, never after it', () => {
    expect(takenMoment('-60', now)).toEqual({ ok: true, at: now });
  });

  it('refuses a move stamped in the future: the phone’s clock went back between taking and sending', () => {
    const refused = takenMoment('-61', now);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.problem).toMatch(/^This phone's clock says the move was taken after it was sent/);
    expect(takenMoment(String(-hours(5)), now).ok).toBe(false);
  });

  it('refuses a move that waited longer than the bound, and a header that is no whole number of seconds', () => {
    expect(takenMoment(String(hours(MAX_ACTION_AGE_HOURS) + 1), now)).toEqual({
      ok: false,
      problem: `This move waited on the phone for over ${MAX_ACTION_AGE_HOURS} hours: not done. Mark it again if it still holds.`,
    });
    for (const bad of ['', 'soon', '1.5', '1e3', '99999999999999', '2026-07-04T14:00:00Z']) {
      expect(takenMoment(bad, now), bad).toEqual({ ok: false, problem: 'Action-Age must be the whole seconds since the action was taken.' });
    }
  });
});
