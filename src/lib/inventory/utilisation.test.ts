import { describe, expect, it } from 'vitest';
import { combineUtilisation, lastDays, unitUtilisation } from './utilisation';

const june = { from: '2026-06-01', to: '2026-06-30' };
type Dates = { from: string; to: string }[];
/** A unit in service since 2025 (unless `addedOn` says otherwise), over June. */
const inJune = (booked: Dates, { addedOn = '2025-01-01', closed = [] as Dates } = {}) =>
  unitUtilisation({ period: june, addedOn, booked, closed });

describe('unitUtilisation', () => {
  it('is booked days over the days of the period', () => {
    const result = inJune([
      { from: '2026-06-06', to: '2026-06-06' },
      { from: '2026-06-13', to: '2026-06-14' },
    ]);
    expect(result).toEqual({ bookedDays: 3, availableDays: 30, ratio: 0.1 });
  });

  it('counts a day once when two bookings touch it, and ignores days outside the period', () => {
    const result = inJune([
      { from: '2026-05-30', to: '2026-06-02' },
      { from: '2026-06-02', to: '2026-06-02' },
      { from: '2026-06-30', to: '2026-07-03' },
    ]);
    expect(result.bookedDays).toBe(3);
  });

  it('only counts days since the unit was added', () => {
    const result = inJune([{ from: '2026-06-25', to: '2026-06-26' }], { addedOn: '2026-06-21' });
    expect(result).toEqual({ bookedDays: 2, availableDays: 10, ratio: 0.2 });
  });

  it('counts from the first booking when the unit was booked before its recorded start', () => {
    const result = inJune([{ from: '2026-06-11', to: '2026-06-11' }], { addedOn: '2026-06-21' });
    expect(result).toEqual({ bookedDays: 1, availableDays: 20, ratio: 0.05 });
  });

  it('has no ratio for a unit added after the period', () => {
    expect(inJune([], { addedOn: '2026-07-01' })).toEqual({ bookedDays: 0, availableDays: 0, ratio: null });
  });

  it('takes blackout days out of the available days, unless the unit was out anyway', () => {
    const result = inJune([{ from: '2026-06-10', to: '2026-06-10' }], {
      closed: [
        { from: '2026-06-09', to: '2026-06-11' },
        { from: '2026-06-11', to: '2026-06-12' },
      ],
    });
    // Closed 9–12 (4 days), but the 10th was booked: 3 idle closed days.
    expect(result).toEqual({ bookedDays: 1, availableDays: 27, ratio: 1 / 27 });
  });

  it('never exceeds 1', () => {
    const result = inJune([{ from: '2026-05-01', to: '2026-07-31' }], { closed: [june] });
    expect(result).toEqual({ bookedDays: 30, availableDays: 30, ratio: 1 });
  });

  it('refuses a period that ends before it starts', () => {
    expect(() => unitUtilisation({ period: { from: '2026-06-02', to: '2026-06-01' }, addedOn: '2025-01-01', booked: [], closed: [] })).toThrow(RangeError);
  });
});

describe('combineUtilisation', () => {
  it('sums unit-days rather than averaging ratios', () => {
    const busy = { bookedDays: 9, availableDays: 10, ratio: 0.9 };
    const newUnit = { bookedDays: 0, availableDays: 2, ratio: 0 };
    expect(combineUtilisation([busy, newUnit])).toEqual({ bookedDays: 9, availableDays: 12, ratio: 0.75 });
    expect(combineUtilisation([])).toEqual({ bookedDays: 0, availableDays: 0, ratio: null });
  });
});

describe('lastDays', () => {
  it('ends today and spans the number of days asked', () => {
    expect(lastDays('2026-03-01', 90)).toEqual({ from: '2025-12-02', to: '2026-03-01' });
    expect(lastDays('2026-03-01', 1)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });
});
