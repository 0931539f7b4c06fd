import { describe, expect, it } from 'vitest';
import { demoSettings } from '../../../supabase/seed/settings';
import { wallClockToInstant } from '../time/event-window';
import { dueReminders, type ReminderFacts, type ReminderSettings } from './reminder-rules';

const tz = 'America/Chicago';
const local = (date: string, time: string) => wallClockToInstant(date, time, tz);

// The demo business's reminders: at 09:00, the balance 3 days before, the waiver 24 hours before,
// the thank-you 1 day after.
const settings: ReminderSettings = demoSettings;

// A Sunday party on the day the clocks go back in Chicago (2026-11-01, 02:00 CDT → 01:00 CST).
const facts: ReminderFacts = {
  status: 'confirmed',
  eventStart: local('2026-11-01', '14:00'),
  eventEnd: local('2026-11-01', '18:00'),
  balanceDueOn: '2026-10-30',
  amountDueCents: 12_000,
  waiversSigned: 0,
  completedAt: null,
};

const due = (
  now: Date,
  f: Partial<ReminderFacts> = {},
  s: Partial<ReminderSettings> = {},
  sent: Parameters<typeof dueReminders>[2] = [],
) => dueReminders({ ...facts, ...f }, { ...settings, ...s }, sent, now);

describe('dueReminders', () => {
  it('sends the balance reminder from the send time n local days before the due date, while money is owed', () => {
    expect(due(local('2026-10-27', '08:59'))).toEqual([]);
    expect(due(local('2026-10-27', '09:00'))).toEqual(['balance_due']);
    expect(due(local('2026-10-27', '09:00'), { amountDueCents: 0 })).toEqual([]);
    expect(due(local('2026-10-27', '09:00'), { balanceDueOn: null })).toEqual([]);
    expect(due(local('2026-10-30', '09:00'), {}, { balanceReminderDaysBefore: 0 })).toEqual(['balance_due']);
    expect(due(local('2026-10-29', '23:00'), {}, { balanceReminderDaysBefore: 0 })).toEqual([]);
  });

  it('sends the day-before message on the local day before, from the send time, across the DST change', () => {
    // Saturday 2026-10-31 09:00 CDT is 14:00 UTC; one hour earlier nothing.
    expect(local('2026-10-31', '09:00').toISOString()).toBe('2026-10-31T14:00:00.000Z');
    expect(due(local('2026-10-31', '08:59'), { amountDueCents: 0, waiversSigned: 1 })).toEqual([]);
    expect(due(local('2026-10-31', '09:00'), { amountDueCents: 0, waiversSigned: 1 })).toEqual(['day_before']);
    expect(due(local('2026-10-31', '23:59'), { amountDueCents: 0, waiversSigned: 1 })).toEqual(['day_before']);
    // Midnight local on the event day (05:00 UTC, CDT still): too late for "see you tomorrow".
    expect(due(new Date('2026-11-01T05:00:00Z'), { amountDueCents: 0, waiversSigned: 1 })).toEqual([]);
  });

  it('nudges for a missing waiver n hours before the start, and not once one is signed', () => {
    // 24 real hours before 14:00 CST on Nov 1 is 15:00 CDT on Oct 31: the clocks went back in between.
    const start = facts.eventStart;
    const dayEarlier = new Date(start.getTime() - 24 * 3_600_000);
    expect(dayEarlier.toISOString()).toBe('2026-10-31T20:00:00.000Z');
    const opts = { amountDueCents: 0 };
    expect(due(new Date(dayEarlier.getTime() - 60_000), opts, { dayBeforeReminderEnabled: false })).toEqual([]);
    expect(due(dayEarlier, opts, { dayBeforeReminderEnabled: false })).toEqual(['waiver_missing']);
    expect(due(dayEarlier, { ...opts, waiversSigned: 1 }, { dayBeforeReminderEnabled: false })).toEqual([]);
    expect(due(start, opts, { dayBeforeReminderEnabled: false })).toEqual([]);
  });

  it('thanks the customer the day after completion from the send time, within a few days and never later', () => {
    const completed = { status: 'completed' as const, completedAt: local('2026-11-01', '19:30') };
    expect(due(local('2026-11-02', '08:59'), completed)).toEqual([]);
    expect(due(local('2026-11-02', '09:00'), completed)).toEqual(['thank_you']);
    expect(due(local('2026-11-05', '08:59'), completed)).toEqual(['thank_you']);
    expect(due(local('2026-11-05', '09:00'), completed)).toEqual([]);
    // Completed by staff long after the party: no thank-you.
    expect(
      due(local('2026-11-21', '09:00'), { status: 'completed', completedAt: local('2026-11-20', '10:00') }),
    ).toEqual([]);
  });

  it('sends nothing for holds, cancelled or expired bookings', () => {
    for (const status of ['hold', 'cancelled', 'expired'] as const) {
      expect(due(local('2026-10-31', '20:00'), { status })).toEqual([]);
    }
    expect(due(local('2026-10-31', '20:00'))).toEqual(['balance_due', 'day_before', 'waiver_missing']);
  });

  it('sends nothing that is switched off or already sent', () => {
    const now = local('2026-10-31', '20:00');
    expect(
      due(now, {}, { balanceReminderEnabled: false, dayBeforeReminderEnabled: false, waiverReminderEnabled: false }),
    ).toEqual([]);
    expect(due(now, {}, {}, ['balance_due', 'waiver_missing'])).toEqual(['day_before']);
  });
});
