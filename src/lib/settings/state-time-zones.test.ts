import { describe, expect, it } from 'vitest';
import { US_STATES } from '../business/us-states';
import { stateClocks, timeZoneStateProblem } from './state-time-zones';
import { profileSection } from './settings-admin';
import { usTimeZones } from './us-time-zones';

describe('the time zones a state keeps', () => {
  it.each([
    ['TX', 'America/Chicago'],
    ['TX', 'America/Denver'],
    ['NY', 'America/New_York'],
    ['NY', 'America/Detroit'],
    ['AZ', 'America/Phoenix'],
    ['AZ', 'America/Denver'],
    ['HI', 'Pacific/Honolulu'],
    ['AK', 'America/Anchorage'],
    ['AK', 'America/Adak'],
    ['FL', 'America/Chicago'],
    ['ID', 'America/Los_Angeles'],
    ['PR', 'America/Puerto_Rico'],
    ['IN', 'America/Indiana/Knox'],
  ])('%s with %s fits', (state, zone) => {
    expect(timeZoneStateProblem(state, zone)).toBeNull();
  });

  it.each([
    ['TX', 'America/New_York', 'Texas uses Central or Mountain time: choose one of those.'],
    ['AZ', 'America/Los_Angeles', 'Arizona uses Mountain (no daylight saving) or Mountain time: choose one of those.'],
    ['AK', 'Pacific/Honolulu', 'Alaska uses Alaska or Hawaii–Aleutian time: choose one of those.'],
    // Phoenix's zone is Mountain time too, without the daylight saving Colorado keeps: the zones that fit are named.
    ['CO', 'America/Phoenix', 'Colorado uses Mountain time: choose Mountain (Denver) or Mountain (Boise).'],
    ['HI', 'America/Adak', 'Hawaii uses Hawaii time: choose Hawaii (Honolulu).'],
    ['CA', 'America/Denver', 'California uses Pacific time: choose Pacific (Los Angeles).'],
    [
      'GA',
      'America/Chicago',
      'Georgia uses Eastern time: choose Eastern (New York), Eastern (Detroit), Eastern (Indianapolis) or Eastern (Louisville).',
    ],
  ])('%s with %s is refused: %s', (state, zone, reason) => {
    expect(timeZoneStateProblem(state, zone)).toBe(reason);
  });

  it('knows every state and DC, each keeping a clock some zone on offer keeps; a territory none fits is not checked', () => {
    const offered = usTimeZones.map((z) => z.id);
    for (const state of Object.keys(US_STATES).filter((s) => !['AS', 'GU', 'MP'].includes(s))) {
      expect(stateClocks[state], state).toBeDefined();
      expect(
        offered.some((zone) => timeZoneStateProblem(state, zone) === null),
        state,
      ).toBe(true);
      expect(
        offered.some((zone) => timeZoneStateProblem(state, zone) !== null),
        state,
      ).toBe(true);
    }
    expect(offered.map((zone) => timeZoneStateProblem('GU', zone))).toEqual(offered.map(() => null));
  });
});

describe('the Business profile’s time zone', () => {
  const closedAllWeek = { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null };
  const business = { businessName: 'Bounce Co', tagline: '', phone: '512 555 0100', email: 'hi@example.com' };
  const inAustin = { addressLine1: '1 Main St', addressCity: 'Austin', addressState: 'TX', addressZip: '78701' };
  const brand = { bookingPrefix: 'BC', brandColor: '#db2777', offerSpanish: false };
  const profile = { ...business, ...inAustin, ...brand, officeHours: closedAllWeek };

  it('is refused at its field when the state does not keep it, and taken when it does', () => {
    const refused = profileSection.safeParse({ ...profile, timezone: 'America/New_York' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['timezone', 'Texas uses Central or Mountain time: choose one of those.'],
    ]);
    expect(profileSection.safeParse({ ...profile, timezone: 'America/Chicago' }).success).toBe(true);
  });
});
