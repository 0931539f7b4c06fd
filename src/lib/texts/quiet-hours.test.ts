import { describe, expect, it } from 'vitest';
import { isQuietClock, textSendableAt, textSendAt, waitsForQuietHours } from './quiet-hours';

const tz = 'America/New_York';
const night = { start: '21:00', end: '08:00' };

describe('quiet hours', () => {
  it('a window across midnight covers the evening and the early morning, start included, end not', () => {
    expect(isQuietClock('20:59', night)).toBe(false);
    expect(isQuietClock('21:00', night)).toBe(true);
    expect(isQuietClock('23:59', night)).toBe(true);
    expect(isQuietClock('00:00', night)).toBe(true);
    expect(isQuietClock('07:59', night)).toBe(true);
    expect(isQuietClock('08:00', night)).toBe(false);
    expect(isQuietClock('12:00', night)).toBe(false);
  });

  it('a window within a day, and none when start equals end', () => {
    expect(isQuietClock('03:00', { start: '00:00', end: '07:00' })).toBe(true);
    expect(isQuietClock('22:00', { start: '00:00', end: '07:00' })).toBe(false);
    expect(isQuietClock('03:00', { start: '08:00', end: '08:00' })).toBe(false);
  });

  it('a text due in daytime goes at once', () => {
    const noon = new Date('2026-07-10T16:00:00Z'); // 12:00 EDT
    expect(textSendableAt(noon, tz, night)).toEqual(noon);
  });

  it('a text due in the evening waits for the next morning on the business clock', () => {
    // 22:30 EDT on July 10 → 08:00 EDT July 11 = 12:00 UTC.
    expect(textSendableAt(new Date('2026-07-11T02:30:00Z'), tz, night)).toEqual(new Date('2026-07-11T12:00:00Z'));
  });

  it('a text due after midnight waits for the same morning', () => {
    // 05:00 EDT on July 11 → 08:00 EDT the same day.
    expect(textSendableAt(new Date('2026-07-11T09:00:00Z'), tz, night)).toEqual(new Date('2026-07-11T12:00:00Z'));
  });

  it('the morning after the clocks go back is an hour later in UTC', () => {
    // Saturday 2026-10-31 23:00 EDT (03:00 UTC Nov 1); the clocks go back at 02:00, so 08:00 EST = 13:00 UTC.
    expect(textSendableAt(new Date('2026-11-01T03:00:00Z'), tz, night)).toEqual(new Date('2026-11-01T13:00:00Z'));
  });

  it('uses the business time zone, not the server clock', () => {
    // 21:30 in Los Angeles is 00:30 in New York: quiet in both, but the mornings differ by three hours.
    const at = new Date('2026-07-11T04:30:00Z');
    expect(textSendableAt(at, 'America/Los_Angeles', night)).toEqual(new Date('2026-07-11T15:00:00Z'));
    expect(textSendableAt(at, tz, night)).toEqual(new Date('2026-07-11T12:00:00Z'));
  });
});

describe('which texts wait for quiet hours', () => {
  it('"on the way" leaves at once at 6:45 in the morning; the day-before window and a review request wait until 8:00', () => {
    const early = new Date('2026-07-11T10:45:00Z'); // 06:45 EDT, inside 21:00–08:00
    expect(waitsForQuietHours('on_the_way')).toBe(false);
    expect(textSendAt('on_the_way', early, tz, night)).toEqual(early);
    for (const kind of ['day_before', 'review_request', 'help-reply']) {
      expect(waitsForQuietHours(kind)).toBe(true);
      expect(textSendAt(kind, early, tz, night)).toEqual(new Date('2026-07-11T12:00:00Z'));
    }
  });

  it('outside quiet hours every kind goes at once', () => {
    const noon = new Date('2026-07-10T16:00:00Z');
    expect(textSendAt('day_before', noon, tz, night)).toEqual(noon);
    expect(textSendAt('on_the_way', noon, tz, night)).toEqual(noon);
  });
});
