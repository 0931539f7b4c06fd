import { addDays, daysBetween } from '../time';

/** Inclusive local dates ('YYYY-MM-DD'). */
export interface DayRange {
  from: string;
  to: string;
}

export interface UnitUtilisationInput {
  /** The period looked at, local dates, inclusive. */
  period: DayRange;
  /** Local date the unit joined the fleet: days before it could not be rented. */
  addedOn: string;
  /** Local days the unit's allocations touch (set-up and tear-down included). Overlaps are fine. */
  booked: readonly DayRange[];
  /** Blackouts that apply to the unit's product: nobody could rent it on those days. */
  closed: readonly DayRange[];
}

export interface Utilisation {
  bookedDays: number;
  availableDays: number;
  /** bookedDays / availableDays, 0–1; null when the unit could not be rented at all in the period. */
  ratio: number | null;
}

function eachDay(range: DayRange, period: DayRange, visit: (day: string) => void): void {
  const from = range.from > period.from ? range.from : period.from;
  const to = range.to < period.to ? range.to : period.to;
  for (let day = from; day <= to; day = addDays(day, 1)) visit(day);
}

/**
 * Booked unit-days over available unit-days for one unit. A unit-day is booked when any
 * allocation touches it (a four-hour party still takes the unit out for the day). Available
 * days are the period's days since the unit was added, without blackout days; a day that was
 * booked anyway (the blackout came later) counts as available, so the ratio never exceeds 1.
 * The status history is not recorded, so days a unit spent in maintenance count as available:
 * low utilisation is then exactly the signal staff want.
 */
export function unitUtilisation(input: UnitUtilisationInput): Utilisation {
  const { period } = input;
  if (period.to < period.from) throw new RangeError(`The period ends before it starts: ${period.from}–${period.to}`);
  // A unit booked before its recorded start evidently existed (units added before purchase dates were kept).
  const firstUse = input.booked.reduce((first, r) => (r.from < first ? r.from : first), input.addedOn);
  const start = firstUse > period.from ? firstUse : period.from;
  if (start > period.to) return { bookedDays: 0, availableDays: 0, ratio: null };
  const window: DayRange = { from: start, to: period.to };

  const booked = new Set<string>();
  for (const range of input.booked) eachDay(range, window, (day) => booked.add(day));
  const closed = new Set<string>();
  for (const range of input.closed) eachDay(range, window, (day) => closed.add(day));

  const daysInWindow = daysBetween(window.from, window.to) + 1;
  let closedAndIdle = 0;
  for (const day of closed) if (!booked.has(day)) closedAndIdle++;
  const availableDays = daysInWindow - closedAndIdle;
  return { bookedDays: booked.size, availableDays, ratio: availableDays === 0 ? null : booked.size / availableDays };
}

/** Several units together (a product, the whole fleet): sums, not an average of ratios. */
export function combineUtilisation(parts: readonly Utilisation[]): Utilisation {
  const bookedDays = parts.reduce((sum, p) => sum + p.bookedDays, 0);
  const availableDays = parts.reduce((sum, p) => sum + p.availableDays, 0);
  return { bookedDays, availableDays, ratio: availableDays === 0 ? null : bookedDays / availableDays };
}

/** The last `days` days up to and including `today`. */
export function lastDays(today: string, days: number): DayRange {
  return { from: addDays(today, -(days - 1)), to: today };
}
