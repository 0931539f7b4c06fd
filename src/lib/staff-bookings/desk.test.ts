import { describe, expect, it } from 'vitest';
import { deskAvailabilityQuery, deskPriceInput } from './desk';

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('deskAvailabilityQuery', () => {
  it('refuses a window longer than a rental may last, at the end date, as the price does', () => {
    const long = { date: '2026-12-26', start: '10:00', end: '14:00', endDate: '2027-05-01' };
    expect(fieldsOf(deskAvailabilityQuery.safeParse(long))).toEqual({ endDate: 'A rental can last at most 7 days' });
    const priced = deskPriceInput.safeParse({ items: [{ product: 'sticky-wall', quantity: 1 }], event: long, zip: '78664', adjustments: [] });
    expect(fieldsOf(priced)).toEqual({ 'event.endDate': 'A rental can last at most 7 days' });
  });

  it('takes a window of seven days, the last one ending at midnight or not', () => {
    expect(deskAvailabilityQuery.safeParse({ date: '2026-12-26', start: '10:00', end: '14:00', endDate: '2027-01-01' }).success).toBe(true);
    expect(deskAvailabilityQuery.safeParse({ date: '2026-12-26', start: '10:00', end: '00:00', endDate: '2027-01-02' }).success).toBe(true);
    expect(deskAvailabilityQuery.safeParse({ date: '2026-12-26', start: '10:00', end: '00:01', endDate: '2027-01-02' }).success).toBe(false);
    expect(deskAvailabilityQuery.safeParse({ date: '2026-12-26', start: '10:00', end: '14:00' }).success).toBe(true);
  });
});
