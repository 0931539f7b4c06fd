/**
 * Date-range presets for the report screens. Pure and free of zod and time-zone libraries, so the
 * admin islands can import it; `today` is the business's local date from the server.
 */

export interface DateRangeValue {
  from: string;
  to: string;
}

/** The first and last day of a month, `offset` months from the month of `isoDate`. */
export function monthBounds(isoDate: string, offset = 0): DateRangeValue {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7)) - 1 + offset;
  const first = new Date(Date.UTC(year, month, 1));
  const last = new Date(Date.UTC(year, month + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

export function shiftDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface RangePreset {
  label: string;
  range: DateRangeValue;
}

export function reportPresets(today: string): RangePreset[] {
  const year = today.slice(0, 4);
  return [
    { label: 'This month', range: monthBounds(today) },
    { label: 'Last month', range: monthBounds(today, -1) },
    { label: 'Next 3 months', range: { from: today, to: monthBounds(today, 2).to } },
    { label: 'This year', range: { from: `${year}-01-01`, to: `${year}-12-31` } },
    { label: 'Last year', range: { from: `${Number(year) - 1}-01-01`, to: `${Number(year) - 1}-12-31` } },
    { label: 'Last 12 months and next 3', range: { from: monthBounds(today, -11).from, to: monthBounds(today, 3).to } },
  ];
}

export function analyticsPresets(today: string): RangePreset[] {
  return [
    { label: 'Last 7 days', range: { from: shiftDays(today, -6), to: today } },
    { label: 'Last 30 days', range: { from: shiftDays(today, -29), to: today } },
    { label: 'Last 90 days', range: { from: shiftDays(today, -89), to: today } },
    { label: 'This month', range: { from: monthBounds(today).from, to: today } },
    { label: 'Last month', range: monthBounds(today, -1) },
  ];
}
