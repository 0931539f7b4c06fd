import { describe, expect, it } from 'vitest';
import { wallClockToInstant } from '../time';
import { autoChargeOffer } from './auto-charge-offer';

const settings = { autoChargeBalance: true, autoChargeDaysBefore: 2, timezone: 'America/Los_Angeles', currency: 'usd' };

describe('what the deposit checkout offers', () => {
  it('the balance after the deposit and its charge day in the business’s calendar', () => {
    // 18:00 on 1 July in Los Angeles is 2 July in UTC: the charge day counts from the local date.
    const eventStart = wallClockToInstant('2027-07-01', '18:00', settings.timezone);
    expect(autoChargeOffer(settings, { totalCents: 40_000, depositCents: 10_000, eventStart, now: new Date('2027-06-01T12:00:00Z') })).toEqual({
      balanceCents: 30_000,
      chargeOn: '2027-06-29',
      consent: 'We’ll save this card and charge the balance of $300 to it on Tuesday, June 29, 2027 (2 days before your party). You can pay it another way before then.',
    });
  });

  it('today, for a party booked closer than N days (charged at the next run after the deposit)', () => {
    const eventStart = wallClockToInstant('2027-07-01', '18:00', settings.timezone);
    // 23:00 on 30 June in Los Angeles (already 1 July in UTC): today is the 30th.
    const offer = autoChargeOffer(settings, { totalCents: 40_000, depositCents: 10_000, eventStart, now: wallClockToInstant('2027-06-30', '23:00', settings.timezone) });
    expect(offer?.chargeOn).toBe('2027-06-30');
    expect(offer?.consent).toBe('We’ll save this card and charge the balance of $300 to it on Wednesday, June 30, 2027. You can pay it another way before then.');
  });

  it('nothing when the setting is off or the deposit is the whole total', () => {
    const eventStart = new Date('2027-07-01T18:00:00Z');
    const now = new Date('2027-06-01T12:00:00Z');
    expect(autoChargeOffer({ ...settings, autoChargeBalance: false }, { totalCents: 40_000, depositCents: 10_000, eventStart, now })).toBeNull();
    expect(autoChargeOffer(settings, { totalCents: 40_000, depositCents: 40_000, eventStart, now })).toBeNull();
  });
});
