import { formatClock, formatLongDate } from '../../lib/time';

/** "Saturday, June 12, 2027, 10:00 AM – 4:00 PM": a party's window as the tracking page words it. */
export const whenText = (e: { date: string; start: string; end: string }) =>
  `${formatLongDate(e.date)}, ${formatClock(e.start)} – ${formatClock(e.end)}`;
