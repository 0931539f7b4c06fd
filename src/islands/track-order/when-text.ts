import type { Formats } from '../../lib/i18n';

/** "Saturday, June 12, 2027, 10:00 AM – 4:00 PM": a party's window as the tracking page words it. */
export const whenText = (e: { date: string; start: string; end: string }, f: Formats) => `${f.longDate(e.date)}, ${f.clock(e.start)} – ${f.clock(e.end)}`;
